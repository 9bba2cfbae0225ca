/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_RELEASE_H
#define KMAINT_RELEASE_H

#include <stdint.h>

#include "list-stats.h"
#include "maintainers-history.h"
#include "scope.h"
#include "stats.h"

struct audit_opts;

/*
 * Per release, what LWN's development statistics and netdev's review
 * score give, and MAINTAINERS at its tag.  A release is the range
 * PREVIOUS..TAG of two tags in version order (git's version:refname);
 * its figures are kmaint stats' over that range (gitdm's definitions,
 * judge/stats.h), so that they agree with "git shortlog -sn
 * --no-merges PREVIOUS..TAG" where the identities do.
 */
struct release {
	char *tag, *prev;
	int64_t from, to;		/* the tags' commit times */
	struct stats st;
	/* MAINTAINERS at the tag; -1 each when it has none */
	long sections, m_lines, r_lines, orphans, no_m;
	/*
	 * M:/R: lines added and removed from the previous tag's
	 * MAINTAINERS to this one's; -1 each when either has none
	 */
	long m_added, m_removed;
	/*
	 * The sections at the tag whose M: people none of whom the
	 * release's figures saw (no changeset, commit or tag given in
	 * PREVIOUS..TAG, by address or by name), in file order
	 */
	char **unseen;
	size_t nr_unseen;
	/*
	 * When lists are indexed: stats --list over the whole repository
	 * for the messages dated from the previous tag's commit to this
	 * one's, whose people give netdev's review score as netdev counts
	 * it, on the list (release_list_score()); its commits' side
	 * (commits, posted, median to commit) is not counted
	 */
	struct list_stats ls;
	bool have_ls;
};

struct releases {
	struct release *v;	/* oldest first */
	size_t nr;
};

/*
 * The last @n releases among the tags matching @glob ("*" for any; tags
 * with "-rc" in their name are pre-releases and skipped), whose figures
 * are collected over the index @ix with @o's employers (the map, else
 * the address's domain, as the site's other pages) and identity flags,
 * and the lists' postings from @lb (NULL when
 * no list is indexed).  Fewer than two tags: none.  0, or -1 with a
 * message.
 */
int releases_collect(struct releases *rs, struct idx *ix,
		     const struct audit_opts *o, const char *glob, int n,
		     struct list_base *lb);
void releases_release(struct releases *rs);

/*
 * netdev's review score from git alone, when no list is indexed: the
 * Reviewed-by and Acked-by trailers @hk was given on others' changes
 * minus the changesets @hk authored.
 */
long release_review_score(const struct stats_hacker *hk);

/*
 * netdev's review score from the lists: the patches @p reviewed on the
 * list (messages without a patch giving a Reviewed-by, Acked-by or
 * Tested-by, list-stats.h) minus the patches @p posted.
 */
long release_list_score(const struct ls_person *p);

#endif
