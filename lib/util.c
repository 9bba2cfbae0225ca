// SPDX-License-Identifier: GPL-2.0
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *progname = "kmaint";

/* The first error of the process and its fatal one: first_failure(). */
static char first_error[1200], fatal_error[1200];

static __printf(2, 0) void vreport(const char *prefix, const char *fmt, va_list ap)
{
	char *keep = !strcmp(prefix, "fatal: ") ? fatal_error :
		     !strcmp(prefix, "error: ") && !first_error[0] ?
		     first_error : NULL;
	va_list copy;

	if (keep) {
		va_copy(copy, ap);
		vsnprintf(keep, sizeof(fatal_error), fmt, copy);
		va_end(copy);
	}
	fflush(stdout);
	fprintf(stderr, "%s: %s", progname, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

const char *first_failure(void)
{
	static char both[sizeof(first_error) + sizeof(fatal_error) + 4];

	if (fatal_error[0] && first_error[0] && strcmp(fatal_error, first_error))
		snprintf(both, sizeof(both), "%s (%s)", fatal_error, first_error);
	else
		snprintf(both, sizeof(both), "%s",
			 fatal_error[0] ? fatal_error : first_error);
	return both;
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap);
	va_end(ap);
	exit(128);
}

void die_errno(const char *fmt, ...)
{
	char buf[1024];
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	snprintf(fatal_error, sizeof(fatal_error), "%s: %s", buf, strerror(err));
	fflush(stdout);
	fprintf(stderr, "%s: fatal: %s: %s\n", progname, buf, strerror(err));
	exit(128);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die("out of memory allocating %zu bytes", size);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory allocating %zu objects", nmemb);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		die("out of memory allocating %zu bytes", size);
	return p;
}

/* From this size on, huge_alloc() gives transparent huge pages */
#define HUGE_FROM ((size_t)4 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

void *huge_alloc(size_t len)
{
	void *p;

	/*
	 * no "the system has none" remembered: no state to share between
	 * callers, and a call costs little
	 */
	if (len < HUGE_FROM)
		return NULL;
	if (posix_memalign(&p, HUGE_PAGE, len))
		die("out of memory allocating %zu bytes", len);
	if (!madvise(p, len & ~(HUGE_PAGE - 1), MADV_HUGEPAGE))
		return p;
	free(p);
	return NULL;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrfmt(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format string");
	p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

int read_fd(int fd, char **buf, size_t alloc, size_t *len,
	    char *(*grow)(void *ctx, char *p, size_t alloc), void *ctx)
{
	size_t nr = 0;

	for (;;) {
		ssize_t n;

		if (nr + 1 == alloc) {
			*buf = grow(ctx, *buf, alloc);
			alloc *= 2;
		}
		n = read(fd, *buf + nr, alloc - nr - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n)
			break;
		nr += (size_t)n;
	}
	(*buf)[nr] = '\0';
	*len = nr;
	return 0;
}

static char *grow_heap(void *ctx, char *p, size_t alloc)
{
	(void)ctx;
	return xrealloc(p, alloc * 2);
}

int read_file(const char *path, char **buf, size_t *len)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY) : dup(0);
	int err;

	if (fd < 0)
		return -1;
	*buf = xmalloc(8192);
	if (!read_fd(fd, buf, 8192, len, grow_heap, NULL)) {
		close(fd);
		return 0;
	}
	err = errno;
	free(*buf);
	*buf = NULL;
	close(fd);
	errno = err;
	return -1;
}

/*
 * By arithmetic on the days since the epoch (the proleptic Gregorian
 * calendar's eras of 400 years, counted from March so that a leap day
 * ends its year), not gmtime_r(): report --site asks it for each of
 * 1.4M commits, and glibc takes a lock and reads the time zone each time.
 */
int year_of(int64_t t)
{
	int64_t days = t / 86400 - (t % 86400 < 0);
	int64_t z = days + 719468;	/* days since 0000-03-01 */
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;			/* [0, 146096] */
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);	/* from March */

	/* January and February (the year's last 61 days) are the next year's */
	return (int)(yoe + era * 400 + (doy >= 306));
}

int cmp_int64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return (a > b) - (a < b);
}

bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

size_t count_char(const char *s, char c)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == c;
	return n;
}

bool ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !memcmp(s + ls - lx, suffix, lx);
}
