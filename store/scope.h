/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SCOPE_H
#define KMAINT_SCOPE_H

#include "identity.h"
#include "index.h"
#include "maintainers.h"
#include "matcher.h"
#include "people-table.h"
#include "strbuf.h"
#include "summary.h"

/*
 * What part of the history a question is about: a set of indexed paths
 * (MAINTAINERS sections, F:-syntax patterns, regexes; everything when
 * none is given) and a range of commits (dates, relative dates or
 * revisions).
 *
 * A section covers exactly the paths get_maintainer.pl would give it:
 * matcher_lookup() is run once over the distinct paths of the index, so
 * X:, N: and the F: slash-count rule all apply.  Paths are those of any
 * indexed commit, including files that have since gone away; a rename
 * is not followed back (as "git log -- PATH" does not).
 */
struct scope {
	struct idx *ix;
	bool whole;		/* no path given: the whole repository */
	int64_t *paths;		/* sorted path ids */
	size_t nr_paths, alloc_paths;
	struct strbuf what;	/* "section FOO, path bar/" for headings */

	/* MAINTAINERS, loaded on the first section (or explicitly) */
	struct maintainers m;
	struct matcher *mt;
	bool have_m;
	char *maint_from;	/* "MAINTAINERS (work tree)", "v6.1:MAINTAINERS" */
	const char *maint_rev;	/* --maintainers-at, or NULL */
	char *maint_hash;	/* the commit of the version read by date */
	int64_t maint_time;	/* and its commit time; 0: not by date */

	bool table_ready;	/* temp.scope_paths holds paths[] */
	/*
	 * Read MAINTAINERS without a word about it: its problems, a
	 * pattern that fails, no file at all ("kmaint index", which keeps
	 * the path map, leaves them to the questions).
	 */
	bool quiet;

	/* loaded on first use */
	struct summary summary;
	bool have_summary;
	/* a section's own commits, when the summary is not loaded */
	struct summary part;
	bool walked_part;	/* the last walk's records are part's */
	struct scope_people people;
	bool have_people;
	struct identity identity;
	bool have_identity;
	unsigned identity_flags;	/* IDENTITY_STRICT, before first use */
	/*
	 * Set by a caller that walks every person of the model: it is then
	 * built whole, never read from the index a person at a time.
	 */
	bool identity_whole;
	/*
	 * Set by a caller that lists rule 4's joins (identity.h): the
	 * model is then built, as the index does not keep them.
	 */
	bool identity_name_joins;
	/*
	 * Set by a caller that reads only the people of its commits: the
	 * people table is then read a row at a time (scope_people_want(),
	 * which scope_foreach_commit() calls for the commits it walks).
	 */
	bool people_partial;

	/*
	 * Set by a caller that needs no line counts: scope_foreach_commit()
	 * then leaves added/removed at 0.
	 */
	bool no_lines;
};

void scope_init(struct scope *s, struct idx *ix);
void scope_release(struct scope *s);

/*
 * Read MAINTAINERS as it is at @rev (the index's stored version of that
 * blob, else "git cat-file"), or, for a NULL @rev, the work tree's file
 * and failing that HEAD's.  Called by the first scope_add_section() if
 * not before.  0, or -1 with a message.
 */
int scope_load_maintainers(struct scope *s, const char *rev);

/*
 * The newest MAINTAINERS version the index stores committed at or
 * before @when (0: the newest), into @out, with its commit's hash (the
 * caller's to free) and time.  0, 1 when there is none that old, -1
 * with a message.
 */
int scope_maintainers_version(struct idx *ix, int64_t when,
			      struct strbuf *out, char **hash, int64_t *time);

/*
 * Read MAINTAINERS as it was on @when (--as-of @as_of, for messages):
 * the version scope_maintainers_version() finds; maint_hash and
 * maint_time say which.  A date before the first version is an error.
 * 0, or -1 with a message.
 */
int scope_load_maintainers_as_of(struct scope *s, int64_t when,
				 const char *as_of);

/*
 * The commands' choice: --maintainers-at @rev when given, else with
 * --as-of @as_of (@when) that day's version, else the work tree's (or
 * HEAD's).  Sets maint_rev so that later loads read the same version.
 * 0, or -1 with a message.
 */
int scope_load_maintainers_when(struct scope *s, const char *rev,
				const char *as_of, int64_t when);

/*
 * The --json header's fields for the version read by date:
 * ,"maintainers_commit":HASH,"maintainers_date":"YYYY-MM-DD" (nulls
 * when MAINTAINERS was not read by date).
 */
void scope_json_version(struct strbuf *out, const struct scope *s);

/*
 * Read MAINTAINERS from the file @path instead (--mpath: another
 * tree's, for a project that has none).  0, or -1 with a message.
 */
int scope_load_maintainers_file(struct scope *s, const char *path);

/*
 * Is there a file scope_load_maintainers() would read (any of
 * mnt_known_names[]), in the work tree or at @rev (HEAD)?
 */
bool scope_maintainers_exist(const char *rev);

/*
 * The section named @name: an exact name, else the only section whose
 * name starts with @name ignoring case.  Returns its index, or -1 after
 * a message listing the candidates.
 */
int scope_find_section(struct scope *s, const char *name);

/* Add the paths of a section (by name, or by index); 0 or -1. */
int scope_add_section(struct scope *s, const char *name);
int scope_add_section_index(struct scope *s, int section);

/*
 * Call @fn for every indexed path section @section of @m covers, each
 * once: only the paths under the literal prefixes of its F: values are
 * looked at, unless an N: or a value without one needs them all.
 * Stops when @fn returns non-zero.
 */
int scope_foreach_section_path(struct idx *ix, const struct maintainers *m,
			       int section,
			       int (*fn)(int64_t path_id, const char *path,
					 void *data),
			       void *data);

/*
 * The paths of every section of the scope's MAINTAINERS at once: one
 * walk of the index's paths with the whole file's matcher, where one
 * section at a time walks them all again for each N: or F: without a
 * literal prefix.  Section i's path ids, ascending, are
 * (*ids)[(*start)[i]] up to (*ids)[(*start)[i + 1]].  0, or -1.
 */
int scope_all_section_paths(struct scope *s, int64_t **ids, size_t **start);

/* Add section @section's paths, @ids as scope_all_section_paths() gave. */
void scope_add_section_paths(struct scope *s, int section, const int64_t *ids,
			     size_t nr);

/* Add the paths an F: value would cover (get_maintainer.pl's rules). */
int scope_add_pattern(struct scope *s, const char *pattern);

/* Add the paths a PCRE2 regex matches anywhere in; 0 or -1. */
int scope_add_regex(struct scope *s, const char *re);

/* Add one indexed path id. */
void scope_add_path_id(struct scope *s, int64_t id);

/*
 * Forget the paths (the scope is the whole repository again), keeping
 * what was loaded: MAINTAINERS, the people, the identity model and the
 * summary, for a run that asks the same question of every section.
 */
void scope_clear_paths(struct scope *s);

/*
 * Call @fn for every indexed path, by increasing id, with the sections
 * that cover it (deepest first), computed with @mt: read from the
 * index's path map (store/pathmap.h) when it is @mt's, for the paths
 * it holds.  For "every section at once" questions (kmaint audit).
 * Stops when @fn returns non-zero.
 */
int scope_foreach_path_sections(struct idx *ix, struct matcher *mt,
				int (*fn)(int64_t path_id, const char *path,
					  const struct match_result *res,
					  void *data),
				void *data);

/*
 * A range of commits.  Dates bound the commit time (as git log's
 * --since/--until do); revisions bound by reachability (--since v3.0 is
 * v3.0..HEAD, --until v3.1 is what v3.1 reaches, --rev A..B).
 */
struct range {
	int64_t since, until;	/* commit time, inclusive; INT64_MIN/MAX */
	bool use_set;		/* only the commits in set[] */
	int64_t *set;		/* sorted commit ids */
	size_t nr_set, alloc_set;
	struct strbuf what;	/* "since 2020-01-01", "v3.0..v3.1" */
	char *tip;		/* the commit the range ends at: HEAD by default */
};

void range_init(struct range *r);
void range_release(struct range *r);

/*
 * Set the range from the options (any may be NULL).  A value that git
 * knows as a revision is a revision; anything else is a date as git
 * reads it ("2020-01-01", "1-year-ago", "2 weeks ago").  Revision
 * bounds need @ix to turn commit ids into indexed ones.  0, or -1 with
 * a message.
 */
int range_parse(struct range *r, struct idx *ix, const char *since,
		const char *until, const char *rev);

/*
 * A date as git reads it ("2020-01-01", "1-year-ago"), through "git
 * rev-parse --since=", as a Unix time; 0, or -1 with a message.
 */
int scope_parse_date(const char *s, int64_t *t);

/* Is indexed commit @id with @commit_time in the range? */
bool range_has(const struct range *r, int64_t id, int64_t commit_time);

/*
 * A non-merge commit of the scope and range: its people (ids into the
 * people table and, after the mailmap, names and addresses) and its
 * line counts over the scope's paths (0 for binary files; counts_known
 * is false when some blob could not be read when indexing).  Its sc
 * (and scope_trailers() of it) lives until the callback returns: a walk
 * over the whole history reads the summary a batch at a time.
 */
struct scope_commit {
	int64_t id;
	const struct summary_commit *sc;	/* its trailers, among others */
	int64_t author, committer;	/* people ids */
	const char *author_name, *author_email;
	const char *committer_name, *committer_email;
	int64_t author_time, commit_time;
	int author_tz;
	long added, removed;
	int nr_files;
	bool counts_known;
};

/*
 * Call @fn for each non-merge commit touching the scope (every
 * non-merge commit, even empty ones, for the whole repository) inside
 * the range, by increasing commit id (oldest indexed first).  Stops
 * when @fn returns non-zero, which is returned; -1 on an SQL error.
 * A few paths' commits are read alone, not the whole history's: c->sc
 * is valid until the next call, and its tags are scope_trailers()'.
 */
int scope_foreach_commit(struct scope *s, const struct range *r,
			 int (*fn)(const struct scope_commit *c, void *data),
			 void *data);

/* The index's summary of every commit (store/summary.h); NULL on error. */
const struct summary *scope_summary(struct scope *s);

/*
 * The tags of @sc, a record the last scope_foreach_commit() gave (its
 * nr_trailers of them), or NULL when it has none.
 */
const struct summary_trailer *scope_trailers(const struct scope *s,
					     const struct summary_commit *sc);

/*
 * Make sure the index at @path is usable for questions about HEAD: if it
 * does not exist, does not contain HEAD, or was built with another
 * .mailmap, bring it up to date with "kmaint index -q" when @update is
 * set, else fail saying what to run.  Then open it read-only.  0 or -1.
 */
int scope_open_index(struct idx *ix, const char *path, bool update);

/*
 * The commands' --db: open @db_path read-only as it is, or without one
 * the repository's index through scope_open_index().  0 or -1 with a
 * message.
 */
int scope_open_db(struct idx *ix, const char *db_path, bool update);

/* The scope's index's people table, loaded on first use; NULL on error. */
const struct scope_people *scope_people(struct scope *s);

/*
 * Who is who in the scope's index (people/identity.h), built on first use
 * with s->identity_flags; NULL on error.
 */
const struct identity *scope_identity(struct scope *s);

#endif
