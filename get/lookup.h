/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_LOOKUP_H
#define KMAINT_LOOKUP_H

#include <stdio.h>

#include "print-mailmap.h"
#include "matcher.h"

/*
 * "Who gets this?": get_maintainer.pl's answer for a set of paths, built
 * in the same steps (sections deepest first, each section's M:/R:/L: in
 * file order, first role wins, addresses deduplicated and mailmapped,
 * Linus dropped, addresses found in files added) so that the printed
 * result is byte-identical.  The options are the script's, by name.
 */
struct gm_opts {
	int email, email_usename, email_maintainer, email_reviewer;
	int email_fixes, email_list, email_moderated_list;
	int email_subscriber_list, email_git_penguin_chiefs;
	int email_remove_duplicates, email_use_mailmap, email_file_emails;
	int output_multiline, output_roles, output_rolestats;
	const char *output_separator;
	int scm, web, bug, subsystem, status, sections;
	const char *letters;
	int keywords, keywords_in_file, pattern_depth;
	int json;
	/*
	 * After 6.12 (get/script-features.h): "SECTION status: S" lines
	 * after the addresses, and roles without the S: status.
	 */
	int output_substatus, plain_roles;
};

void gm_opts_init(struct gm_opts *o);

struct recipient {
	char *email;
	char *role;
};

struct str_list {
	char **v;
	size_t nr, alloc;
};

struct lookup {
	const struct gm_opts *o;
	const struct maintainers *m;
	struct matcher *mt;
	const struct gm_mailmap *mm;
	FILE *out;

	struct recipient *to, *lists;
	size_t nr_to, alloc_to, nr_lists, alloc_lists;
	struct strmap name_inuse, addr_inuse, list_seen;
	struct strmap dedup_name, dedup_addr;
	struct str_list scm, web, bug, subsystem, status, substatus;
	struct str_list file_emails;
	/* per-section role names, computed once */
	char **role, **short_name;
	/* paths without an exact F: match: where git fallback would look */
	struct str_list inexact;

	/*
	 * get_maintainer.pl's history steps, called by lookup_run() where
	 * the script runs them: LOOKUP_GIT_FILES after the section people
	 * are deduplicated (git signers per file, then Linus is dropped),
	 * LOOKUP_GIT_FIXES after the addresses found in files.
	 */
	void (*git_hook)(struct lookup *lk, int phase, char **files,
			 size_t nr_files);
	void *git_data;
};

enum { LOOKUP_GIT_FILES, LOOKUP_GIT_FIXES };

void lookup_init(struct lookup *lk, const struct gm_opts *o,
		 const struct maintainers *m, struct matcher *mt,
		 const struct gm_mailmap *mm, FILE *out);
void lookup_release(struct lookup *lk);

/*
 * Collect the answer for @files (sorted, unique, relative to the top of
 * the tree, which must be the current directory) and the K: entries in
 * @keywords.  With opts->sections, sections are printed as they are found.
 */
void lookup_run(struct lookup *lk, char **files, size_t nr_files,
		const int *keywords, size_t nr_keywords);

/* Add these sections (sections[i] != 0) first, as if they had matched. */
void lookup_add_sections(struct lookup *lk, const int *sections);

/* The answer as one JSON object: people, lists, scm, status, ... */
void lookup_print_json(struct lookup *lk);

/* Print the answer: people and lists, then --scm, --status, ... blocks. */
void lookup_print(struct lookup *lk);

/*
 * The script's own steps, for the history roles (get/git-roles.c):
 * deduplicate_email() (the result replaces *email), push_email_address()
 * and add_role().
 */
void lookup_dedup_email(struct lookup *lk, char **email);
bool lookup_push_email(struct lookup *lk, const char *line, const char *role);
void lookup_add_role(struct lookup *lk, const char *line, const char *role);

/* sort_and_uniq() for path lists, byte order */
void sort_uniq(char **v, size_t *nr);

#endif
