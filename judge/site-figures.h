/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SITE_FIGURES_H
#define KMAINT_SITE_FIGURES_H

/*
 * The figures of "kmaint report --site" that the audit does not already
 * hold, collected once into plain structs so that report/site.c only
 * writes HTML: per year over the history, gitdm's stats, employers and
 * addresses over the whole history, and, when lists are indexed, each
 * section's response times and pending patches.
 */
#include <stdbool.h>
#include <stdint.h>

#include "audit.h"
#include "git-mailmap.h"
#include "list-stats.h"
#include "maintainers-history.h"
#include "pending.h"
#include "propose.h"
#include "release.h"
#include "scope.h"
#include "stats.h"
#include "strmap.h"
#include "triage.h"

/* A section's figures from the lists; times in seconds, -1 none. */
struct site_section_figures {
	long pending;
	double reply, reply_listed, to_commit;
	double reply_p90, reply_listed_p90;	/* 90th percentiles */
	long patches, unanswered, answered;
	bool have_lists;
};

struct site_figures {
	const struct audit *a;
	struct triage tr;	/* the sections in trouble */
	struct releases rel;	/* oldest first */
	struct proposals props;	/* what kmaint propose would send */
	struct site_section_figures *sec;	/* per audit section */
	struct pending pend;
	bool have_pend;
	struct list_stats all;	/* the whole repository's lists */
	bool have_all;
	struct stats st;	/* gitdm's figures, as kmaint stats */
	/* commits per employer (audit_employer()), the whole history */
	struct strmap emp_all;
	/* per address: first and last commit, for person pages */
	struct strmap addr_idx;
	int64_t (*addr_when)[2];
	size_t nr_addr, alloc_addr;
	/* per year, the last SITE_MAX_YEARS of the history */
	int first_year, nr_years;
	long *y_commits, *y_posted, *y_active, *y_new, *y_left;
	long *y_madd, *y_mrem;
	int *y_elephant;
};

#define SITE_MAX_YEARS 20

/* What the site asks for beyond the audit's own options. */
struct site_figures_opts {
	const char *release_tags;	/* glob; NULL: every tag */
	int releases;			/* how many release pages */
	const struct ident_mailmap *mm;	/* for pending */
	int64_t pending_now;
	int pending_days;
};

/*
 * Everything the site shows beyond @a itself, for @a (run with
 * quarters, over every section of sc->m) and @h: 0, or -1 with a
 * message.  Release it with site_figures_release() either way.
 */
int site_figures_collect(struct site_figures *f, struct scope *sc,
			 const struct audit *a, const struct mh_history *h,
			 const struct site_figures_opts *o);

void site_figures_init(struct site_figures *f, const struct audit *a);
void site_figures_release(struct site_figures *f);

/* The years, employers, addresses and gitdm's stats: one walk. */
int site_figures_years(struct site_figures *f);
/* M:/R: lines added and removed per year, from the MAINTAINERS history. */
void site_figures_turnover(struct site_figures *f, const struct mh_history *h);
/* Each section's response times, and the whole repository's, from @b. */
int site_figures_lists(struct site_figures *f, struct scope *sc,
		       struct list_base *b);
/* The patches pending, and how many per section. */
int site_figures_pending(struct site_figures *f, struct scope *sc,
			 const struct ident_mailmap *mm, int64_t now, int days);

#endif
