/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MHISTORY_H
#define KMAINT_MHISTORY_H

#include <stdio.h>

#include "git-mailmap.h"
#include "index.h"
#include "strbuf.h"

/*
 * How MAINTAINERS changed: the difference between two versions section
 * by section, and from the versions stored in the history index every
 * M: and R: addition and removal with its commit, each person's tenure
 * in a section and the section's turnover.
 *
 * Two versions usually differ in a few lines, so a diff parses only the
 * sections around the bytes that differ (the common prefix and suffix
 * are skipped, widened to whole sections).  Sections are paired by name;
 * what is left is paired by F: overlap (a rename: at least half of the
 * larger F: list shared), and a new section sharing F: patterns with a
 * removed one is marked as split from it, so that a person's tenure
 * carries over.
 */

struct mh_person {
	char type;		/* 'M' or 'R' */
	char *value;		/* as written */
	char *key;		/* lower-cased address, or the value */
};

struct mh_section {
	char *name;
	char *status;		/* the last S:, or NULL */
	struct mh_person *people;
	size_t nr_people;
	char **fields;		/* other fields as "T:\tvalue", file order */
	size_t nr_fields;
	char **patterns;	/* F: values */
	size_t nr_patterns;
};

enum mh_kind { MH_ADDED, MH_REMOVED, MH_RENAMED, MH_CHANGED };

struct mh_change {
	enum mh_kind kind;
	struct mh_section *old, *new;	/* NULL when absent */
	bool split;		/* MH_ADDED with @old the section it came from */
	struct mh_person *added, *removed;	/* M: and R: */
	size_t nr_added, nr_removed;
	char **fields_added, **fields_removed;	/* everything else */
	size_t nr_fields_added, nr_fields_removed;
	bool status_changed;
};

struct mh_diff {
	struct mh_change *v;
	size_t nr, alloc;
	size_t added, removed, renamed, changed;
};

/* Compare two MAINTAINERS texts; @d is appended to. */
void mh_diff_texts(const char *a, size_t alen, const char *b, size_t blen,
		   struct mh_diff *d);
void mh_diff_release(struct mh_diff *d);

/* Sort changes: removed, added, renamed, changed, each by name. */
void mh_diff_sort(struct mh_diff *d);

/* Text for people; @names_only prints just the section lists' names. */
void mh_diff_print(FILE *fp, const struct mh_diff *d);
/* One JSON object: totals and changes. */
void mh_diff_json(struct strbuf *out, const struct mh_diff *d);
/* One change as a JSON object. */
void mh_change_json(struct strbuf *out, const struct mh_change *c);

/*
 * The M:/R: lines @d adds and removes, as kmaint history counts its
 * events: a new section's people (not those a split carries over), a
 * removed section's, and the people of a changed or renamed one.
 */
void mh_diff_people(const struct mh_diff *d, long *added, long *removed);

/* MAINTAINERS at revision @rev into @out: 0, or -1 without one (silent). */
int mh_text_at(const char *rev, struct strbuf *out);

/* Parse a whole text into sections (for callers needing the model's view). */
struct mh_section *mh_parse_sections(const char *text, size_t len, size_t *nr);
void mh_sections_free(struct mh_section *v, size_t nr);

/* Lower-cased address of "Name <addr>" (or of a bare address). */
char *mh_person_key(const char *value);

/*
 * History from the index.
 */
struct mh_event {
	int64_t time;
	char *hash;
	char *section;		/* the name at that time */
	char type;		/* 'M', 'R', or 0 for a rename */
	bool added;
	char *person;		/* value; for a rename, the old name */
	char *key;
	bool initial;		/* from the first version indexed */
	size_t seq;
};

struct mh_tenure {
	char *section;		/* the latest name */
	char *person, *key;
	char type;
	int64_t start, end;	/* end: the last version's time if current */
	bool current;
	bool from_start;	/* present in the first version indexed */
};

struct mh_history {
	struct mh_event *events;
	size_t nr_events, alloc_events;
	struct mh_tenure *tenures;
	size_t nr_tenures, alloc_tenures;
	size_t versions;
	int64_t first, last;	/* times of the first and last version */
};

/*
 * The address that stands for all of @email's person, or NULL: how the
 * caller's model of who is who (people/identity.h gives one,
 * identity_canon_email()) joins addresses.  A function rather than the
 * model itself, so that the identity model, which reads this history,
 * and this history do not depend on each other.
 */
typedef const char *mh_canon_fn(const void *ctx, const char *email);

/*
 * Read the versions of MAINTAINERS committed at or before @until (0: all)
 * and derive events and tenures.  Each version is compared with the
 * version of its parent commit (asked of git, as "<commit>^:MAINTAINERS",
 * when the current directory is the repository; else with the previous
 * version in commit-time order).  People are compared by address after
 * @mm, and by @canon (with @ctx) when given (either may be NULL), so a
 * commit that only changes a listed person's address is no turnover.
 * Returns 0 or -1.
 */
int mh_history_load(struct idx *ix, int64_t until,
		    const struct ident_mailmap *mm, mh_canon_fn *canon,
		    const void *ctx, struct mh_history *h);
/*
 * The events of the versions committed by the commits of id above
 * @after only, after @mm, as mh_history_load() (@until 0, no @canon)
 * derives them: each version against its parents' as git has them, so
 * that they do not depend on the versions before.  No tenures, and no
 * "initial" marks.  0; 1 when git cannot tell the parents (then only
 * reading every version gives mh_history_load()'s events); -1 on error.
 */
int mh_events_after(struct idx *ix, int64_t after,
		    const struct ident_mailmap *mm, struct mh_history *h);

void mh_history_release(struct mh_history *h);

/*
 * "2013-11-07" (the end of that day, UTC), "2013-11-07T12:00:00", or a
 * revision (its committer time).  0 or -1.
 */
int mh_parse_when(const char *s, int64_t *t);

/* "2013-11-07" for a Unix time, UTC. */
void mh_date(char *buf, size_t len, int64_t t);

#endif
