/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PATHMAP_H
#define KMAINT_PATHMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "index.h"
#include "matcher.h"

/*
 * The sections that cover each indexed path, as the matcher answered
 * when "kmaint index" last ran: every whole-tree question (audit, the
 * site) would otherwise run the matcher over every path the history
 * ever had, 155,000 of them at 1.4M commits.
 *
 * The map is stored with matcher_describe() of the matcher that made
 * it, and read only for a matcher whose description is the same, byte
 * for byte: the same MAINTAINERS patterns, the same values naming
 * directories of the work tree.  Any other (another version of the
 * file, a directory that became a file) is not answered from it.
 */
struct pathmap {
	int64_t *ids;		/* path ids, ascending */
	uint32_t *start;	/* ids[i]'s hits: hits[start[i]..start[i+1]) */
	bool *exact;
	struct section_hit *hits;
	size_t nr, nr_hits, alloc, alloc_hits;
	int64_t hi;		/* the map covers the path ids up to hi */
};

/*
 * The stored map, if it is @mt's: 0 with @pm filled, 1 when there is
 * none for @mt (none stored, another matcher's, a chunk that does not
 * decode), -1 on an SQL error.
 */
int pathmap_load(struct idx *ix, struct matcher *mt, struct pathmap *pm);
void pathmap_release(struct pathmap *pm);

/*
 * Path @id's stored match into @res (pointing into @pm), when it is the
 * map's path *@next, then the next; false when it is not (a damaged map).
 */
bool pathmap_next(const struct pathmap *pm, size_t *next, int64_t id,
		  struct match_result *res);

/*
 * For "kmaint index", in its transaction: make the stored map that of
 * the MAINTAINERS a question reads by default (the work tree's, else
 * HEAD's), matching only the paths added since when it is already that
 * one's, every path when it is not.  No MAINTAINERS, or a pattern that
 * fails, leaves no map.  A run that read @nothing_new (no commit, no
 * message) where the work tree has no MAINTAINERS keeps the map as it
 * is.  0, or -1 on an SQL error.
 */
int pathmap_refresh(struct idx *ix, bool nothing_new);

/*
 * kmaint index --verify: the stored map against that matcher, each
 * difference printed; 0, or 1 if any differs or a chunk is damaged.
 */
int pathmap_verify(struct idx *ix);

#endif
