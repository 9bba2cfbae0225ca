/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_RELEASE_PAGE_H
#define KMAINT_RELEASE_PAGE_H

#include "release.h"
#include "stats.h"
#include "strbuf.h"

/*
 * The HTML of the site's release pages: figures judge/release.c
 * collected, printed.  Everything from the repository is escaped.
 */

/*
 * One of gitdm's reports of @st as a table with an <h2 id="@id">: its
 * first @max rows (every one for 0).  The table's id is "@id-t".
 */
void release_stats_table(struct strbuf *out, const struct stats *st,
			 const char *id, enum stats_report r, size_t max);

/* The body of @rl's page: LWN's tables, the review score, MAINTAINERS. */
void release_body(struct strbuf *out, const struct release *rl);

#endif
