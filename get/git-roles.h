/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_GITROLES_H
#define KMAINT_GITROLES_H

#include "index.h"
#include "lookup.h"

/*
 * get_maintainer.pl's history roles, answered from the index instead of
 * one "git log --follow --numstat" per file:
 *
 *   commit_signer   Signed-off-by/Reviewed-by/Acked-by lines (every tag
 *                   with --git-all-signature-types) over commits;
 *   authored        commits authored over commits;
 *   added_lines     per-author lines added over all lines added;
 *   removed_lines   the same for lines removed;
 *   blamed_fixes    signers of the commits a patch's Fixes: names.
 *
 * Each is built as the script builds it: the commits are those "git log
 * --since=WHEN --follow --no-merges -- FILE" lists (commits reachable
 * from HEAD through commits no older than WHEN, renames followed back),
 * in git's walk order; where the followed name is created or renamed,
 * "git log --follow -1" is asked about that one commit, since its copy
 * and rename detection is not the index's -M; authors are "%an <%ae>" before any mailmap; a tag line
 * is cut after its last colon; every person passes through the lookup's
 * deduplicate_email(); Linus's tags are dropped unless
 * --git-chief-penguins; counts are ranked down, equal counts in byte
 * order of "Name <address>", and the list is cut at the first entry
 * below --git-min-signatures or --git-min-percent or past
 * --git-max-maintainers.  The line roles appear only when every commit
 * has a plain numstat line for the file itself (the script matches
 * "added<TAB>removed<TAB>FILE"), so a rename or a binary change in the
 * window drops them, as it does there.
 *
 * Known differences: tags are those of the commit's trailer block (the
 * script takes any body line starting with a tag), matched without
 * regard to case; a file whose commits carry no tag at all gets its
 * authored role over its commits (the script divides by zero and prints
 * "GitAuthor:" names); history simplification at merges is not applied.
 */
struct gitroles_opts {
	int git, fallback, fixes;
	int blame, blame_signatures, from_filename;
	int min_signatures, max_maintainers, min_percent;
	int all_signature_types, chiefs, rolestats;
	const char *since;
};

struct gitroles;

/*
 * Set up for @o (not copied).  @update: bring a stale index up to date
 * first.  The index is opened only when a question needs it.
 */
struct gitroles *gitroles_new(const struct gitroles_opts *o, bool update);
void gitroles_free(struct gitroles *gr);

/* Fixes: targets of the patch, asked for at LOOKUP_GIT_FIXES. */
void gitroles_set_fixes(struct gitroles *gr, char **fixes, size_t nr);

/*
 * The patch's "@@ -start,len" ranges, for --git-blame on a patch (each
 * file is blamed over its ranges; with none at all, whole files).
 */
struct patch_range;
void gitroles_set_ranges(struct gitroles *gr, const struct patch_range *r,
			 size_t nr);

/* Install as @lk's git_hook. */
void gitroles_attach(struct gitroles *gr, struct lookup *lk);

/* Non-zero once something went wrong (stale index, SQL error). */
int gitroles_status(const struct gitroles *gr);

#endif
