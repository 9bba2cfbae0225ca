/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_AUDIT_H
#define KMAINT_AUDIT_H

#include "employer.h"
#include "identity.h"
#include "index.h"
#include "maintainers.h"
#include "matcher.h"
#include "scope.h"
#include "strbuf.h"

/*
 * Who is listed against who does the work, per MAINTAINERS section.
 *
 * One pass over the index answers every section at once: the paths of
 * the index are matched once (scope_foreach_path_sections(), from the
 * index's path map when it is that of this MAINTAINERS), then the
 * commits, their files and their trailers are read in commit order, and
 * each non-merge commit credits, in each section it touches, its author
 * (a changeset), its committer (an applied commit) and the people of
 * its Signed-off-by, Reviewed-by, Acked-by and Tested-by trailers (tags;
 * Reviewed-by and Acked-by on someone else's change are reviews).
 * People are persons of the identity model (people/identity.h): one
 * person behind the addresses git, its .mailmap, MAINTAINERS and (by
 * default) a shared name tie together; a listed entry is found by
 * address, else by a name only one person carries.  This is what gitdm's missingmaints and the
 * networking clean-ups ask of "git log -1 --author" one maintainer at a
 * time.
 *
 * Roles are not people (identity_role()): a list, a job title or an
 * alias listed as M: or R: is shown as such and never judged inactive.
 * A listed person with no activity while someone of the same name was
 * active in the section, never tied to them (with --strict-identities,
 * or a one-word name), is ambiguous, not inactive: the finding says who, and a .mailmap line
 * settles it.
 */

struct audit_opts {
	int64_t now;		/* judge as of this commit time; 0: newest */
	int window_years;	/* activity window, default 5 */
	int min_changes;	/* inactive, bus factor, single: >= this many */
	int min_maintainers;	/* fewer listed M: people is a finding; 0 off */
	int employer_share;	/* percent of listed M: at one employer */
	int bus_factor;		/* a bus factor <= this is a finding; 0 off */
	int strong_share;	/* review verdicts: percent for "strong" */
	int bypass_share;	/* percent of changes never posted: a finding */
	int top;		/* unlisted contributors shown */
	/*
	 * fading: silent at least max(fading_months, fading_gaps x the
	 * section's median gap between its own changes), with at least
	 * fading_changes of them since (0 turns the finding off)
	 */
	int fading_months, fading_gaps, fading_changes;
	unsigned identity_flags;	/* IDENTITY_*: identity_flags_for() */
	bool quarters;		/* count activity per quarter (kmaint report --site) */
	/*
	 * For a few sections, read the index's identity model a person at
	 * a time (identity_open()); not for callers that walk every person.
	 */
	bool identity_lazy;
	/*
	 * Keep of each section's people only those active in the window
	 * and the listed (kmaint audit, propose and report, which show no
	 * one else): at 1.4M commits 0.5M of 1.3M records are neither.
	 * For more than a few sections only the kept are made (audit.c's
	 * read_wanted()), a few sections' are dropped once judged.
	 */
	bool active_people;
	/* audit_run() records the project's own list host in it */
	struct employer_map *emap;
	const struct ident_mailmap *mailmap;	/* for listed addresses */
};

void audit_opts_init(struct audit_opts *o);

/*
 * The commands' common set-up: --as-of (a date or revision) into o->now,
 * the employer map (a gitdm config, else the built-in one, plus an
 * EmailMap file), the repository's .mailmap for listed addresses.  The
 * maps are the caller's to free.  0 or -1.
 */
int audit_setup(struct audit_opts *o, const char *as_of, const char *email_map,
		const char *gitdm_config, struct employer_map **emap,
		struct ident_mailmap **mm);

/*
 * A person's record in one section.  A whole tree's audit holds a
 * million of them: the counts are ints and the ids 32 bits (audit_run()
 * refuses an index whose commit or message ids do not fit), the times
 * first, so that no field is padded.
 */
struct audit_stats {
	int64_t first, last;			/* any activity, ever */
	int64_t last_authored, last_applied, last_tag;
	/* the last list message and review: dates */
	int64_t last_list, last_review;
	uint32_t last_authored_id, last_applied_id, last_tag_id;	/* commits */
	uint32_t last_list_id;			/* messages.id */
	int authored, applied, reviews, tags;	/* in the window */
	int authored_all, applied_all, reviews_all, tags_all;
	/*
	 * The mailing lists: messages in the threads of patches touching
	 * the section's files (patches, replies, reviews), and of those the
	 * reviews: replies, and Reviewed-by/Acked-by/Tested-by given.
	 */
	int list_msgs, list_reviews;		/* in the window */
	int list_msgs_all, list_reviews_all;
	/* 1-based; 0 none */
	int rank_changes, rank_reviews, rank_applied, rank_list_reviews;
};

struct audit_person {
	int pid;		/* into audit.names / audit.emails */
	struct audit_stats st;
};

struct audit_listed {
	char type;		/* 'M' or 'R' */
	char *value, *name, *email;
	enum identity_role role;
	bool is_role;		/* role != IR_PERSON: never judged as a person */
	const char *employer;	/* EMPLOYER_UNKNOWN when not known */
	struct identity_match match;	/* how the person was found */
	int pid;		/* the person; -1: not found in the index */
	const struct audit_person *p;	/* NULL: no activity in the section */
	bool inactive, fading;	/* the findings of that name */
	long changes_since;	/* fading: the changes since its last activity */
	int64_t elsewhere;	/* fading: last activity anywhere, if later; 0 */
};

/* One of a section's changes in the window (see credit_commit()). */
struct audit_change {
	int64_t t;
	uint32_t id;		/* the commit (32 bits: see audit_stats) */
	int pid;		/* the author; -1 */
};

enum audit_kind {
	AF_INACTIVE,		/* listed, no activity in the window */
	AF_NAME_ONLY,		/* maintained, no listed person active */
	AF_SINGLE,		/* fewer than min_maintainers */
	AF_EMPLOYER,		/* listed M: at one employer */
	AF_BUS_FACTOR,		/* few authors cover half the changes */
	AF_AMBIGUOUS,		/* a listed person's identity is not clear */
	AF_BYPASS,		/* many changes never posted to the list */
	AF_FADING,		/* listed, silent long for the section's pace */
	AF_NR
};

extern const char *const audit_kind_names[AF_NR];

struct audit_finding {
	enum audit_kind kind;
	int listed;		/* AF_INACTIVE, AF_FADING, AF_AMBIGUOUS: into
				   listed; else -1 */
	char *text;
};

struct audit_section {
	int index;		/* into the maintainers' sections */
	const char *name, *status;
	bool maintained;
	bool catch_all;		/* an F: for every path (THE REST, a suite's ALL) */
	/*
	 * L: lines and no M:, R: or S: (ARM/QUALCOMM MAILING LIST, ABI/API):
	 * an entry that sends patches to a list, not a section anyone
	 * was ever meant to maintain.
	 */
	bool list_only;
	long changes, changes_all, changes_listed;	/* window; ever; with a listed person */
	long changes_own;	/* window: at least half of its files are the section's */
	/*
	 * The top-level directory ("(top level)" for a file at the top)
	 * with the most of its file changes (a commit's changed path) in
	 * the window, the first by name on a tie; without any, the one
	 * holding most of the paths it matches in the index (area_changes
	 * 0); NULL when it matches none.
	 */
	const char *area;
	long area_changes;	/* those file changes */
	int64_t last_change, first_change;
	int64_t last_listed;	/* the last activity of a listed person, ever */
	bool covered;		/* an indexed list covers it (see audit.c) */
	bool own_list;		/* one of its L: is an indexed list */
	long list_threads;	/* threads of patches touching its files */
	long changes_posted;	/* of changes: linked to a posting */
	/*
	 * Its changes in the window, by time; once judged, kept only for
	 * the evidence of a fading finding (none: NULL, nr_win 0).
	 */
	struct audit_change *win;
	size_t nr_win, alloc_win;
	int64_t median_gap;	/* seconds, changes a day apart; 0: none */
	struct audit_listed *listed;
	size_t nr_listed;
	size_t nr_people_listed;	/* listed people, not roles */
	struct audit_person *people;	/* by changesets, then reviews */
	size_t nr_people;
	int bus_factor;
	const char *top_employer;	/* of the listed M: people */
	size_t top_employer_listed, nr_maintainers;
	const char *applied_employer;	/* of the window's committers */
	long applied_employer_commits;
	struct audit_finding *findings;
	size_t nr_findings, alloc_findings;
	/*
	 * With o->quarters: per quarter of the window (AQ_NR counts each,
	 * [q * AQ_NR + role]) the section's changesets, the reviews given on
	 * them (Reviewed-by, Acked-by on someone else's change) and, of the
	 * changesets, those a listed M:/R: committed.
	 */
	int *quarters;		/* counts of commits: ints (audit_stats) */
};

/* The roles counted per quarter. */
enum { AQ_AUTHORED, AQ_REVIEWS, AQ_APPLIED, AQ_NR };

struct audit {
	struct idx *ix;
	const struct audit_opts *o;
	int64_t now, since;
	struct audit_section *v;
	size_t nr;
	/* every section's people, one block: audit_section.people in it */
	struct audit_person *people_block;
	struct scope_people people;	/* the index's people table */
	struct identity id;
	const char **names, **emails;	/* per person (pid), from id */
	size_t nr_people;
	size_t nr_findings;
	bool has_lists;		/* the index holds mailing-list messages */
	/* audit_hash()'s and audit_msgid()'s queries (lookup_of()) */
	struct audit_lookup {
		struct idx_names *q;
	} *lookup;
	/*
	 * With o->quarters: the window's quarters, the first starting on
	 * first_quarter (year * 4 + quarter - 1), and per person (pid) the
	 * same three counts over every section at once:
	 * person_quarters[(pid * nr_quarters + q) * AQ_NR + role].
	 */
	int first_quarter, nr_quarters;
	int *person_quarters;
	/*
	 * Per person (pid): the last non-merge commit up to now that they
	 * authored, committed or are named in by a trailer, anywhere in
	 * the project; 0: none.  A fading finding says when its person
	 * is still active elsewhere, lest it be read as "gone".
	 */
	int64_t *last_seen;
	bool seen_all;		/* last_seen from every commit, not a few */
	/* commit hashes by indexed id, for evidence */
	char **hashes;
	/* the top-level directories of the paths of the sections */
	char **top_dirs;
	size_t nr_top_dirs;
	size_t nr_hashes;
};

/*
 * Audit the sections of @m for which @selected[i] is set (every one when
 * @selected is NULL); @mt is @m's matcher.  0 or -1.
 */
int audit_run(struct idx *ix, const struct maintainers *m, struct matcher *mt,
	      const bool *selected, const struct audit_opts *o, struct audit *a);
void audit_release(struct audit *a);

/* A person's record in a section, by address; NULL when absent. */
const struct audit_person *audit_find_person(const struct audit *a,
					     const struct audit_section *s,
					     const char *email);

/* A person's record in a section, by person (pid); NULL when absent. */
const struct audit_person *audit_person_of(const struct audit_section *s,
					   int pid);

/*
 * The person behind "Name <address>" (a MAINTAINERS value) as the audit
 * finds listed people; -1 when there is none.  @m, if not NULL, gets
 * the match (release it with identity_match_release()).
 */
int audit_match(const struct audit *a, const char *value,
		struct identity_match *m);

/* The commit id (12 hex digits) of an indexed commit. */
const char *audit_hash(const struct audit *a, int64_t id);

/* The Message-ID of an indexed message (valid for four more calls). */
const char *audit_msgid(const struct audit *a, int64_t id);

/*
 * Who a section's printers show as not listed there, chosen once for
 * the text, the JSON and the page: the top @max by changesets (in the
 * section's order), by commits applied and by reviews on the lists,
 * listed people skipped.
 */
struct audit_unlisted {
	const struct audit_person **authors, **committers, **reviewers;
	size_t nr_authors, nr_committers, nr_reviewers;
};

void audit_unlisted_init(struct audit_unlisted *u, const struct audit *a,
			 const struct audit_section *s, size_t max);
void audit_unlisted_release(struct audit_unlisted *u);

/* The person ranked @rank by reviews on the lists, or NULL. */
const struct audit_person *audit_by_list_rank(const struct audit_section *s,
					     int rank);

/* The employer used for concentration: the map's, else the domain. */
const char *audit_employer(const struct audit_opts *o, const char *email,
			   int64_t when);

/* Text, JSON and the clean-up patches' evidence block. */
void audit_print_section(FILE *fp, const struct audit *a,
			 const struct audit_section *s, bool evidence);
void audit_json_section(struct strbuf *out, const struct audit *a,
			const struct audit_section *s);
void audit_evidence(struct strbuf *out, const struct audit *a,
		    const struct audit_section *s);

/* The quarter (year * 4 + quarter - 1) of a Unix time, UTC. */
int audit_quarter(int64_t t);

/* "1st", "2nd", "23rd" */
const char *audit_ordinal(int n, char *buf, size_t len);

#endif
