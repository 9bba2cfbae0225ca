/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_UTIL_H
#define KMAINT_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define __noreturn __attribute__((noreturn))

/*
 * A command that is about to exit may leave its large structures to the
 * kernel: walking a compiled MAINTAINERS only to free it is a seventh of
 * a "kmaint get".  Sanitizer builds free everything, so that the leak
 * checker still sees every allocation released (git's UNLEAK, turned
 * around).
 */
#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define FREE_AT_EXIT 1
#else
#define FREE_AT_EXIT 0
#endif
#define __printf(a, b) __attribute__((format(printf, a, b)))

/* The name the user ran us as, for messages ("kmaint"). */
extern const char *progname;

void die(const char *fmt, ...) __noreturn __printf(1, 2);
void die_errno(const char *fmt, ...) __noreturn __printf(1, 2);
int error(const char *fmt, ...) __printf(1, 2);
void warning(const char *fmt, ...) __printf(1, 2);
/*
 * What went wrong, for a record of it: the fatal message of die(), with
 * the first error() before it when they differ; "" when nothing did.
 */
const char *first_failure(void);

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
/*
 * A block of @len bytes (to free()) in transparent huge pages, NULL
 * when it is under 4 MiB or the system has none: for a large table
 * probed or written at random, where each 4 KiB page would be a TLB
 * miss and a page fault of its own.
 */
void *huge_alloc(size_t len);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xstrfmt(const char *fmt, ...) __printf(1, 2);

/*
 * Grow an array to hold at least @nr elements.  @alloc tracks its size;
 * growth is geometric so appending is amortised O(1).
 */
#define ALLOC_GROW(x, nr, alloc)					\
	do {								\
		if ((size_t)(nr) > (alloc)) {				\
			(alloc) = (alloc) < 16 ? 16 : (alloc) * 2;	\
			if ((size_t)(nr) > (alloc))			\
				(alloc) = (nr);				\
			(x) = xrealloc((x), (alloc) * sizeof(*(x)));	\
		}							\
	} while (0)

/* Read a whole file ("-": standard input), NUL-terminated; returns -1
 * with errno set on failure. */
int read_file(const char *path, char **buf, size_t *len);

/*
 * Read @fd to its end into *@buf, a buffer of @alloc bytes that @grow
 * doubles whenever it is full (returning the new buffer), and put a NUL
 * after what was read.  The one loop behind read_file() and the arena
 * reads of MAINTAINERS.  Returns -1 with errno set on a read error;
 * *@buf is then still the caller's to free, and @fd stays open.
 */
int read_fd(int fd, char **buf, size_t alloc, size_t *len,
	    char *(*grow)(void *ctx, char *p, size_t alloc), void *ctx);

/* The UTC calendar year of a Unix time. */
int year_of(int64_t t);

bool is_dir(const char *path);
bool is_file(const char *path);

/* qsort()/bsearch() order of int64_t values, ascending. */
int cmp_int64(const void *x, const void *y);

/* Count occurrences of @c in @s. */
size_t count_char(const char *s, char c);

static inline bool starts_with(const char *s, const char *prefix)
{
	while (*prefix)
		if (*s++ != *prefix++)
			return false;
	return true;
}

bool ends_with(const char *s, const char *suffix);

/* FNV-1a; good enough for the string tables here. */
static inline uint32_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ *s++) * 16777619u;
	return h;
}

#endif
