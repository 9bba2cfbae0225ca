/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PATCHID_H
#define KMAINT_PATCHID_H

#include <stdint.h>

#include "util.h"

/*
 * "git patch-id --stable" for many patches at once: one long-lived
 * process is fed every patch of a batch, each after a "commit KEY" line
 * (KEY the caller's number in hexadecimal, as long as an object id),
 * with its output going to a temporary file; patchid_finish() closes
 * its input, waits, and hands back (KEY, patch-id) for every patch
 * that had one.  A patch without a "diff " line has none, as git
 * decides.  The same is done for commits by piping "git diff-tree
 * --stdin -p -M" into it, so that a posted patch and the commit that
 * applied it are hashed by the same code.
 */
struct patchid;

/* @hexsz: the length of the repository's object ids (40, or 64). */
struct patchid *patchid_start(int hexsz);

/* Feed one patch; 0, or -1 when the process is gone (message printed). */
int patchid_add(struct patchid *p, int64_t key, const char *patch, size_t len);

/*
 * Wait for the process and call @fn for each result, in input order;
 * frees @p.  0, or -1 if git failed (the results it gave still come).
 */
int patchid_finish(struct patchid *p,
		   int (*fn)(int64_t key, const char *id, void *data),
		   void *data);

/*
 * The patch-ids of @nr commits (full ids; no merges): @fn is called for
 * each commit that has one.  0, or -1 if git failed part-way (the
 * results before the failure still come).
 */
int patchid_commits(char **hashes, size_t nr,
		    int (*fn)(const char *hash, const char *id, void *data),
		    void *data);

/*
 * The same for the commits @next gives, one at a time as git gets on
 * with them (a page of ids ahead at most), until it gives NULL.
 */
int patchid_commits_fed(const char *(*next)(void *data), void *next_data,
			int (*fn)(const char *hash, const char *id, void *data),
			void *data);

/*
 * Commits per git diff-tree process of patchid_commits_fed() (5,000): a
 * new one every so many keeps git's memory flat.  Tests set it low.
 */
extern size_t patchid_difftree_commits;

#endif
