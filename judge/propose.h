/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PROPOSE_H
#define KMAINT_PROPOSE_H

#include "audit.h"
#include "maintainers.h"
#include "strbuf.h"

/*
 * The MAINTAINERS patches the audit's evidence calls for (kmaint
 * propose), in the form of the networking clean-ups of 2024-2025: one
 * change per patch, a short reason computed from the figures, the
 * audit's evidence block, and the text edits themselves.
 *
 *  - An inactive listed person (AF_INACTIVE) is removed from the
 *    section, and gets a CREDITS entry, or a "D:" line in the one they
 *    have, naming the role.  The last M: person removed leaves the
 *    section S: Orphan.
 *  - A maintained section where no listed person was active, but none
 *    is inactive by the thresholds (few changes), becomes S: Odd Fixes.
 *  - With reviewers: the section's leading reviewers who are not
 *    listed are proposed as R:.
 *
 * Never proposed: anything about an ambiguous identity (AF_AMBIGUOUS; a
 * section with one gets no status change either), a role (lists, titles
 * and aliases are never inactive), a reviewer who may be a listed entry
 * of the section under another address, or a change to THE REST.
 */
struct propose_opts {
	bool reviewers;		/* propose unlisted leading reviewers as R: */
	int reviewer_ranks;	/* among the first N reviewers (2) */
	int min_reviews;	/* with at least N reviews in the window (10) */
	const char *person;	/* only proposals about this person (address
				 * or name, case-insensitive substring) */
};

void propose_opts_init(struct propose_opts *o);

enum proposal_kind {
	PR_REMOVE,
	PR_ODD_FIXES,
	PR_ADD_REVIEWER,
};

struct proposal {
	enum proposal_kind kind;
	const struct audit_section *s;
	const struct audit_listed *l;	/* PR_REMOVE */
	const struct audit_person *p;	/* PR_ADD_REVIEWER */
	bool orphan;			/* PR_REMOVE: no M: person is left */
	char *value;			/* PR_ADD_REVIEWER: "Name <address>" */
	char *subject;			/* "MAINTAINERS: remove NAME from X" */
	char *body;			/* reason and evidence, wrapped */
};

struct proposals {
	struct proposal *v;
	size_t nr, alloc;
};

/* Plan the proposals for the audited sections of @a; 0 or -1. */
int propose_plan(const struct audit *a, const struct propose_opts *o,
		 struct proposals *out);
void proposals_release(struct proposals *ps);

/*
 * Apply one proposal to the texts of MAINTAINERS and CREDITS (@credits
 * may be NULL when the tree has none).  MAINTAINERS keeps the order
 * "kmaint check --fix" gives; a CREDITS entry goes to its place in the
 * file's order by surname.  0, or -1 with a message when the text does
 * not hold what the proposal changes.
 */
int propose_apply(const struct proposal *p, struct strbuf *maint,
		  struct strbuf *credits);

/* Wrap @text at @width columns (paragraphs kept) into @out. */
void propose_wrap(struct strbuf *out, const char *text, size_t width);

#endif
