/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_ARENA_H
#define KMAINT_ARENA_H

#include "util.h"

/*
 * Memory handed out in order and given back all at once, for the large
 * structures built once per command: a compiled MAINTAINERS is 4 MB in
 * a few big arrays.
 *
 * What such a structure costs is mostly the kernel giving the process
 * its memory, one 4 KB page fault at a time (a thousand for one "kmaint
 * get"; under virtualization each may cost 10 us and more).  An arena
 * takes its memory in blocks, each at least twice the last; from 256 KB
 * up they are aligned to 2 MB with transparent huge pages asked for
 * (MADV_HUGEPAGE, honoured when THP is set to "madvise" or "always"):
 * one fault per 2 MB.  Where the kernel says no they cost what malloc()
 * would.  Smaller blocks come from malloc(), which reuses what earlier
 * arenas gave back.
 *
 * Sanitizer builds take every allocation from malloc(), so that ASan
 * still sees each array's bounds and LSan what is freed.
 */
struct arena_block;

struct arena {
	struct arena_block *blocks;
	char *pos, *end;
};

#define ARENA_INIT { NULL, NULL, NULL }

/* @size bytes aligned for any type, uninitialised. */
void *arena_alloc(struct arena *a, size_t size);

/*
 * Grow @p (from this arena, @old bytes, or NULL) to @size bytes: in
 * place when it was the last allocation, else by copying.
 */
void *arena_realloc(struct arena *a, void *p, size_t old, size_t size);

/* Give everything back; the arena can be used again. */
void arena_release(struct arena *a);

/*
 * ALLOC_GROW for an array in an arena: @nr elements must fit; capacity
 * grows geometrically.
 */
#define ARENA_GROW(a, x, nr, alloc)					\
	do {								\
		if ((size_t)(nr) > (alloc)) {				\
			size_t old_ = (alloc) * sizeof(*(x));		\
			(alloc) = (alloc) < 16 ? 16 : (alloc) * 2;	\
			if ((size_t)(nr) > (alloc))			\
				(alloc) = (nr);				\
			(x) = arena_realloc((a), (x), old_,		\
					    (alloc) * sizeof(*(x)));	\
		}							\
	} while (0)

#endif
