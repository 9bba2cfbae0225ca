/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_EMPLOYER_H
#define KMAINT_EMPLOYER_H

#include "util.h"

/*
 * Who employed the owner of an address on a date, by gitdm's rules, so
 * that our employer tables agree with LWN's:
 *
 *  - addresses are lowercased, and " at " reads as "@";
 *  - EmailAliases turn a variant address into its canonical one first;
 *  - the exact address is looked up first, then the domain's suffixes
 *    from the shortest with a dot ("intel.com") up to the full domain
 *    ("linux.intel.com"); the first key present decides;
 *  - a key holds (end date, employer) entries sorted by end date, an
 *    entry without "< yyyy-mm-dd" ending in the far future; the first
 *    entry ending after the patch's date wins;
 *  - nothing found is "(Unknown)" (gitdm's -u).
 *
 * The configuration is gitdm's own: a config file whose lines are
 * "EmailAliases FILE", "EmailMap FILE", "GroupMap FILE Employer",
 * "VirtualEmployer Name" followed by "nn% Employer" lines and "end"
 * ("FileTypeMap" is accepted and ignored); FILEs are relative to the
 * config file's directory.  '#' starts a comment anywhere on a line.
 */
#define EMPLOYER_UNKNOWN "(Unknown)"
#define EMPLOYER_FOREVER INT64_MAX

struct employer_map;

struct employer_split {
	const char *employer;
	int percent;
};

struct employer_map *employer_map_new(void);
void employer_map_free(struct employer_map *map);

/* A small map of common kernel employers' domains, for when no gitdm
 * configuration is given. */
void employer_map_add_builtin(struct employer_map *map);

/*
 * Map @key (an address, or a domain) to @employer until @end (a Unix
 * time, exclusive; EMPLOYER_FOREVER for no end).
 */
void employer_map_add(struct employer_map *map, const char *key,
		      const char *employer, int64_t end);

/* Call @fn with every variant address that has an alias (lower case). */
void employer_foreach_alias(const struct employer_map *map,
			    void (*fn)(const char *variant, void *data),
			    void *data);

/* Make @variant an alias of @canonical (EmailAliases). */
void employer_map_add_alias(struct employer_map *map, const char *variant,
			    const char *canonical);

/*
 * Read a gitdm config file, or one of its data files; each returns 0,
 * or -1 after printing "file:line: what is wrong".
 */
int employer_map_read_config(struct employer_map *map, const char *path);
int employer_map_read_emailmap(struct employer_map *map, const char *path);
int employer_map_read_aliases(struct employer_map *map, const char *path);
int employer_map_read_groupmap(struct employer_map *map, const char *path,
			       const char *employer);

/*
 * The project's own domains are no employer: "xenproject.org (by
 * domain)" would credit the project with its own developers' work.
 * Record the host of the project's lists (lists.xenproject.org) and its
 * parent domain (xenproject.org); the map's own entries are not
 * affected, only a caller's fallback to the address's domain asks.
 */
void employer_map_add_own_host(struct employer_map *map, const char *host);

/* Is @email at one of the project's own domains, or under one? */
bool employer_own_domain(const struct employer_map *map, const char *email);

/* Number of addresses and domains with an employer. */
size_t employer_map_size(const struct employer_map *map);

/*
 * The canonical form of @email: lowercased, " at " as "@", through the
 * aliases.  The result is the map's or a static buffer's; copy it.
 */
const char *employer_canonical_email(const struct employer_map *map,
				     const char *email);

/*
 * The employer of @email at Unix time @when (compared by date, UTC):
 * a string that lives as long as @map, EMPLOYER_UNKNOWN when unmapped.
 * @map may be NULL (everything is unknown).
 */
const char *employer_of(const struct employer_map *map, const char *email,
			int64_t when);

/*
 * employer_of() in two steps, for callers asking about one address many
 * times: its dated entries (NULL when unmapped), then the employer at
 * each time.
 */
struct emp_list;
const struct emp_list *employer_lookup(const struct employer_map *map,
				       const char *email);
const char *employer_at(const struct emp_list *l, int64_t when);

/* Is @email mapped at all (exactly or by a domain suffix)? */
bool employer_known(const struct employer_map *map, const char *email);

/*
 * A virtual employer's split ("VirtualEmployer"): the shares of real
 * employers its counts are divided into.  NULL when @employer is not
 * virtual; otherwise *@nr entries.
 */
const struct employer_split *employer_virtual(const struct employer_map *map,
					      const char *employer, size_t *nr);

/* "2024-01-31" as the Unix time of that day's midnight UTC; -1 if bad. */
int64_t employer_parse_date(const char *s);

#endif
