/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_RELEASE_PAGE_H
#define KMAINT_RELEASE_PAGE_H

#include "release.h"
#include "stats.h"
#include "strbuf.h"
#include "strmap.h"

/*
 * The HTML of the site's release pages: figures judge/release.c
 * collected, printed.  Everything from the repository is escaped.
 */

/*
 * The person pages a release page links its names to: each person's
 * address (the identity model's, lower case) to the page's file
 * ("p/x.html", as the other pages link), the person with no page left
 * out and shown as text.
 */
struct release_links {
	struct strmap by_email;	/* address -> file */
};

/* @files[i] the page of @emails[i] (NULL: none), for @nr people. */
void release_links_init(struct release_links *l, const char *const *emails,
			char *const *files, size_t nr);
void release_links_release(struct release_links *l);

/* Another address of a person with a page: @email's page is @file. */
void release_links_add(struct release_links *l, const char *email,
		       char *file);

/*
 * @name, escaped, linked to the page of the person at @email (any case)
 * from a page @up directories below the root when they have one.
 */
void release_person(struct strbuf *out, const struct release_links *l,
		    int up, const char *name, const char *email);

/*
 * One of gitdm's reports of @st as a table with an <h2 id="@id">: its
 * first @max rows (every one for 0).  The table's id is "@id-t"; its
 * people link to their pages through @l from a page @up below the root.
 */
void release_stats_table(struct strbuf *out, const struct stats *st,
			 const char *id, enum stats_report r, size_t max,
			 const struct release_links *l, int up);

/*
 * The body of @rl's page (one directory below the site's root): LWN's
 * tables, the review score, MAINTAINERS; people linked through @l.
 */
void release_body(struct strbuf *out, const struct release *rl,
		  const struct release_links *l);

#endif
