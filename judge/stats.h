/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_STATS_H
#define KMAINT_STATS_H

#include <stdio.h>

#include "employer.h"
#include "scope.h"
#include "strmap.h"

/*
 * gitdm's reports, computed from the index over a scope and a range.
 *
 * Definitions (gitdm's, so that figures agree with LWN's articles):
 *  - merges are skipped;
 *  - changed lines of a patch = max(lines added, lines removed), summed;
 *    binary files count nothing;
 *  - a developer is a person of the identity model (people/identity.h),
 *    found through gitdm's EmailAliases too; as in gitdm, the addresses
 *    of one name are one developer (unless IDENTITY_NO_NAMES), but not a
 *    junk address nor a one-word name; the name and address shown are
 *    the ones the person used most;
 *  - a Signed-off-by counts for the signer unless they are the author;
 *    Reviewed-by, Acked-by, Tested-by and Reported-by count for whoever
 *    gave them, and Tested-by/Reported-by also credit the author
 *    ("Reported-and-tested-by" is both); each person counts once per
 *    commit and tag;
 *  - the employer is that of the address on the commit's author date.
 */
enum stats_counter {
	SC_CHANGESETS,
	SC_ADDED,
	SC_REMOVED,
	SC_CHANGED,
	SC_SIGNOFFS,
	SC_REVIEWS,
	SC_ACKS,
	SC_TESTS,
	SC_TESTCRED,
	SC_REPORTS,
	SC_REPCRED,
	SC_COMMITS,	/* as committer */
	SC_NR
};

enum stats_report {
	SR_CHANGESETS,
	SR_LINES,
	SR_REMOVED,
	SR_SIGNOFFS,
	SR_REVIEWS,
	SR_ACKS,
	SR_TESTS,
	SR_TESTCRED,
	SR_REPORTS,
	SR_REPCRED,
	SR_COMMITTERS,
	SR_EMP_CHANGESETS,
	SR_EMP_LINES,
	SR_EMP_SIGNOFFS,
	SR_EMP_DEVELOPERS,
	SR_FIRST_TIME,
	SR_UNKNOWN,	/* unmapped addresses, only when asked */
	SR_NR
};

/* The report's name on the command line ("changesets"); -1 if none. */
int stats_report_by_name(const char *name);
const char *stats_report_name(enum stats_report r);

struct stats_hacker {
	char *name, *email;
	long n[SC_NR];
	int64_t first_id, first_time;	/* earliest non-merge commit, ever */
	bool active;		/* authored in the scope and range */
	bool is_new;		/* ... and the first commit is in the range */
	size_t last_employer;	/* of the last commit counted, index + 1 */
};

struct stats_employer {
	const char *name;
	long changesets, changed, signoffs, developers;
};

struct stats_address {
	char *email;
	long changesets;
};

struct stats {
	const struct employer_map *em;
	/*
	 * Where the map knows no employer: NULL, gitdm's "(Unknown)" (kmaint
	 * stats); else the employer this gives (the site's pages: the
	 * address's domain, audit_employer()), an interned string.
	 */
	const char *(*employer_fallback)(const void *ctx, const char *email,
					 int64_t when);
	const void *fallback_ctx;

	struct stats_hacker *hackers;
	size_t nr_hackers, alloc_hackers;

	struct stats_employer *employers;
	size_t nr_employers, alloc_employers;
	struct strmap emp_index;		/* name -> index + 1 */
	struct strmap emp_dev;			/* "employer\nhacker" seen */

	struct stats_address *unknown;
	size_t nr_unknown, alloc_unknown;
	struct strmap unknown_index;

	long total[SC_NR];
	long developers, first_timers;
	long counts_unknown;	/* commits whose counts were not indexed */
	int64_t oldest, newest;	/* commit times seen */
	/*
	 * If set, also called with each commit of stats_collect()'s walk
	 * (a non-zero return ends it): a caller with figures of its own
	 * over the same commits walks them once.
	 */
	int (*each_commit)(const struct scope_commit *c, void *data);
	void *each_data;
};

void stats_init(struct stats *st, const struct employer_map *em);
void stats_release(struct stats *st);

/* Gather everything over @s and @r; 0 or -1. */
int stats_collect(struct stats *st, struct scope *s, const struct range *r,
		  bool want_first_time);

/* One report's rows, sorted: count down, then name in byte order. */
struct stats_row {
	const char *name, *email;	/* email NULL for employers */
	long count;
	double percent;
	int64_t when;			/* first-time: first commit time */
};
/*
 * The rows of report @r (their number returned, *@rows to be freed);
 * only the first @want (all, for 0) are sorted and meaningful: a report
 * shows its top 20 of tens of thousands of people.
 */
size_t stats_rows(const struct stats *st, enum stats_report r, size_t want,
		  struct stats_row **rows);

/* The report's title ("Developers with the most changesets"). */
const char *stats_title(enum stats_report r);

#endif
