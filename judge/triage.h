/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_TRIAGE_H
#define KMAINT_TRIAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "audit.h"

/*
 * Which sections are in trouble, and why, from an audit: the answer
 * the front page of "kmaint report --site" gives first.  Computed once
 * into plain figures; the pages only print them.
 *
 * A section is in trouble when no listed M: is active (no M: at all,
 * or M: people none of whom did anything in the window while its
 * files changed) or when the audit has a finding on it.  Catch-all
 * and Obsolete sections never are.  The ranking, worst first:
 *  1. no M: person listed, and changes in the window;
 *  2. M: people listed, none active, and changes in the window;
 *  3. an active M:, and findings;
 *  4. no M: person listed, and no change in the window;
 * then by changes in the window, most first, then by name.
 */
enum triage_class {
	TC_UNLISTED_BUSY,
	TC_IDLE_BUSY,
	TC_FINDINGS,
	TC_UNLISTED_QUIET,
	TC_NR
};

struct triage_section {
	int nr_m, nr_m_active;	/* listed M: people; of them active */
	bool no_active_m;	/* the front page's "no active maintainer" */
	bool trouble;
	int64_t last_m;		/* last activity of a listed M:, ever; 0 */
	int cand_pid;		/* the strongest unlisted author; -1 none */
	long cand_changes;	/* their changesets in the window */
};

struct triage_row {
	size_t i;		/* into audit.v */
	enum triage_class cls;
	long changes;		/* in the window */
	const char *name;	/* the section's */
	char *reason;		/* one line, plain text */
};

struct triage {
	struct triage_section *s;	/* per audit section */
	struct triage_row *v;		/* the sections in trouble, ranked */
	size_t nr, nr_no_active;
};

void triage_run(const struct audit *a, struct triage *t);
void triage_release(struct triage *t);

#endif
