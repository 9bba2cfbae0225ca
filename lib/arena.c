// SPDX-License-Identifier: GPL-2.0
#include "arena.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Allocations are aligned for any type, as malloc()'s are. */
#define ALIGN 16
#define ALIGN_UP(n, a) (((n) + (a) - 1) & ~((size_t)(a) - 1))

/* The size of a transparent huge page on x86-64 and arm64 (4 KB pages). */
#define HUGE_PAGE ((size_t)2 << 20)
/*
 * Blocks from this size up are huge pages; smaller ones come from
 * malloc(), which reuses freed memory: "kmaint history" builds models of
 * small pieces of MAINTAINERS one after the other, and a fresh huge
 * page for each cost it six times the work.
 */
#define HUGE_FROM ((size_t)256 << 10)
#define SMALL_BLOCK ((size_t)64 << 10)

struct arena_block {
	struct arena_block *next;
	size_t size;		/* of the whole block, header included */
	bool huge;		/* mmap()ed, else malloc()ed */
};

#define HEADER ALIGN_UP(sizeof(struct arena_block), ALIGN)

#if FREE_AT_EXIT
/*
 * Sanitizer builds: one malloc() per allocation, each in the list to be
 * freed by arena_release(), so that ASan knows every array's end.
 */
static struct arena_block *new_block(size_t need)
{
	struct arena_block *b = xmalloc(HEADER + need);

	b->size = HEADER + need;
	return b;
}

static void free_block(struct arena_block *b)
{
	free(b);
}

void *arena_alloc(struct arena *a, size_t size)
{
	struct arena_block *b = new_block(size);

	b->next = a->blocks;
	a->blocks = b;
	return (char *)b + HEADER;
}
#else
static struct arena_block *new_block(const struct arena *a, size_t need)
{
	size_t size = need + HEADER;
	char *raw, *start;
	size_t head;
	struct arena_block *b;

	/* each block at least twice the last: few blocks, whatever the need */
	if (a->blocks && size < 2 * a->blocks->size)
		size = 2 * a->blocks->size;
	if (size < SMALL_BLOCK)
		size = SMALL_BLOCK;
	if (size < HUGE_FROM) {
		b = xmalloc(size);
		b->size = size;
		b->huge = false;
		return b;
	}
	size = ALIGN_UP(size, HUGE_PAGE);
	/* map one huge page more, to cut an aligned block out of it */
	raw = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		die("out of memory (%zu bytes)", size);
	start = (char *)ALIGN_UP((uintptr_t)raw, HUGE_PAGE);
	head = (size_t)(start - raw);
	if (head)
		munmap(raw, head);
	munmap(start + size, HUGE_PAGE - head);
	/* advice only: without THP these are ordinary pages */
	madvise(start, size, MADV_HUGEPAGE);
	b = (struct arena_block *)start;
	b->size = size;
	b->huge = true;
	return b;
}

static void free_block(struct arena_block *b)
{
	if (b->huge)
		munmap(b, b->size);
	else
		free(b);
}

void *arena_alloc(struct arena *a, size_t size)
{
	char *p;

	size = ALIGN_UP(size ? size : 1, ALIGN);
	if (!a->pos || size > (size_t)(a->end - a->pos)) {
		struct arena_block *b = new_block(a, size);

		b->next = a->blocks;
		a->blocks = b;
		a->pos = (char *)b + HEADER;
		a->end = (char *)b + b->size;
	}
	p = a->pos;
	a->pos += size;
	return p;
}
#endif

void *arena_realloc(struct arena *a, void *p, size_t old, size_t size)
{
	void *q;

	if (!p)
		return arena_alloc(a, size);
	if (size <= old)
		return p;
#if !FREE_AT_EXIT
	/* the last allocation grows in place while its block has room */
	if ((char *)p + ALIGN_UP(old, ALIGN) == a->pos &&
	    ALIGN_UP(size, ALIGN) <= (size_t)(a->end - (char *)p)) {
		a->pos = (char *)p + ALIGN_UP(size, ALIGN);
		return p;
	}
#endif
	q = arena_alloc(a, size);
	memcpy(q, p, old);
	return q;
}

void arena_release(struct arena *a)
{
	while (a->blocks) {
		struct arena_block *b = a->blocks;

		a->blocks = b->next;
		free_block(b);
	}
	a->pos = a->end = NULL;
}
