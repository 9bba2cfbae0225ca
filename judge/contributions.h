/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_CONTRIBUTIONS_H
#define KMAINT_CONTRIBUTIONS_H

#include "audit.h"
#include "scope.h"
#include "strmap.h"

/*
 * The figures of kmaint report's one page that the audit does not
 * hold: changesets per year by person and by employer, everyone's
 * changesets and reviews, and reviews on the lists per year.  Plain
 * structs, collected here and only drawn by report/page.h.
 */

/* Counts per (name, year), for the stacked charts. */
struct year_series {
	struct strmap idx;	/* name -> index + 1 */
	char **names;
	double *total;
	double *counts;		/* [name * nr_years + year] */
	size_t nr, alloc;
	int first_year, nr_years;
};

/*
 * Everyone of the scope, by person of the identity model (the audit's):
 * changesets and reviews given.
 */
struct contributor {
	char *name, *email;
	const char *employer;
	double authored, reviews;
};

struct contributions {
	struct year_series *by_person, *by_employer;
	const struct audit_opts *o;
	const struct identity *id;
	struct idx *ix;
	struct strmap people;	/* person's email -> index + 1 */
	struct contributor *v;
	size_t nr, alloc;
	char **authors;		/* by commit id: the scope's commits' authors */
	size_t nr_authors;
};

void year_series_init(struct year_series *s, int first_year, int nr_years);
void year_series_add(struct year_series *s, const char *name, int year);
void year_series_release(struct year_series *s);

/*
 * Changesets per year over the audit's window by person and employer
 * (into col->by_person and col->by_employer, which the caller owns),
 * and everyone's changesets and reviews.  Exits 128 on a failed read,
 * its message out.
 */
void contributions_collect(struct contributions *col, struct scope *sc,
			   const struct audit *a, struct range *r);
void contributions_release(struct contributions *col);

/* Replies on the lists per year by person, into by_reviewer: 0 or -1. */
int contributions_list_reviews(struct contributions *col, struct scope *sc,
			       const struct scope_people *people,
			       struct year_series *by_reviewer, int64_t since,
			       int64_t until);

/* A section's figures on the lists (lists/list-stats.h's definitions). */
struct list_section_figures {
	const char *name;		/* the audit's */
	long patches, unanswered;
	double median_reply, median_reply_listed;	/* seconds; -1: none */
};

/*
 * Up to max sections with threads on the lists, the busiest first, into
 * v[0 .. *nr): 0, or -1 with the message out.
 */
int contributions_list_sections(struct list_section_figures *v, size_t max,
				size_t *nr, struct idx *ix,
				const struct audit *a, const char *maint_rev,
				int64_t since, int64_t until);

#endif
