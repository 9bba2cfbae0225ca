// SPDX-License-Identifier: GPL-2.0
#include "patch.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void push(char ***v, size_t *nr, size_t *alloc, const char *s,
		 size_t len)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = xstrndup(s, len);
}

/* push() for the lists that carry a line number beside each entry */
static void push_nr(char ***v, int **nrs, size_t *nr, size_t *alloc,
		    const char *s, size_t len, int line)
{
	size_t old = *alloc;

	push(v, nr, alloc, s, len);
	if (*alloc != old || !*nrs)
		*nrs = xrealloc(*nrs, *alloc * sizeof(**nrs));
	(*nrs)[*nr - 1] = line;
}

static struct patch_diff *push_diff(struct patch_info *info, const char *file,
				    size_t len, int line)
{
	struct patch_diff *d;

	ALLOC_GROW(info->diffs, info->nr_diffs + 1, info->alloc_diffs);
	d = &info->diffs[info->nr_diffs++];
	d->file = xstrndup(file, len);
	d->line = line;
	d->added = false;
	return d;
}

static size_t token(const char *p)
{
	size_t n = 0;

	while (p[n] && !isspace((unsigned char)p[n]))
		n++;
	return n;
}

/* Nothing but white space from @p to the end of the line? */
static bool rest_blank(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return !*p;
}

/* "^ mode change [0-7]+ => [0-7]+ (\S+)\s*$" */
static size_t mode_change(const char *l, const char **file)
{
	const char *p = l + strlen(" mode change ");
	size_t n;

	if (!starts_with(l, " mode change ") || !strchr("01234567", *p))
		return 0;
	while (*p && strchr("01234567", *p))
		p++;
	if (!starts_with(p, " => ") || !strchr("01234567", p[4]) || !p[4])
		return 0;
	for (p += 4; *p && strchr("01234567", *p); p++)
		;
	if (*p != ' ' || isspace((unsigned char)p[1]) || !p[1])
		return 0;
	n = token(++p);
	if (!rest_blank(p + n))
		return 0;
	*file = p;
	return n;
}

/* "^rename (?:from|to) (\S+)\s*$" */
static size_t rename_line(const char *l, const char **file)
{
	const char *p;
	size_t n;

	if (starts_with(l, "rename from "))
		p = l + 12;
	else if (starts_with(l, "rename to "))
		p = l + 10;
	else
		return 0;
	n = token(p);
	if (!n || !rest_blank(p + n))
		return 0;
	*file = p;
	return n;
}

/* "^diff --git a\/(\S+) b\/(\S+)\s*$" */
static bool diff_git(const char *l, const char **a, size_t *alen,
		     const char **b, size_t *blen)
{
	const char *p = l + 13, *q;
	size_t n;

	if (!starts_with(l, "diff --git a/"))
		return false;
	n = token(p);
	if (!n || !starts_with(p + n, " b/"))
		return false;
	q = p + n + 3;
	*blen = token(q);
	if (!*blen || !rest_blank(q + *blen))
		return false;
	*a = p;
	*alen = n;
	*b = q;
	return true;
}

/* "^Fixes:\s+([0-9a-fA-F]{6,40})" */
static size_t fixes_line(const char *l, const char **sha)
{
	const char *p = l + 6;
	size_t n;

	if (!starts_with(l, "Fixes:") || !isspace((unsigned char)*p))
		return 0;
	while (isspace((unsigned char)*p))
		p++;
	for (n = 0; n < 40 && isxdigit((unsigned char)p[n]); n++)
		;
	if (n < 6)
		return 0;
	*sha = p;
	return n;
}

/* "index OLD..NEW[ MODE]": the length of OLD, 0 when not such a line. */
static size_t index_line(const char *l, const char **old)
{
	const char *p = l + 6;
	size_t n, m;

	if (!starts_with(l, "index "))
		return 0;
	for (n = 0; isxdigit((unsigned char)p[n]); n++)
		;
	if (n < 4 || p[n] != '.' || p[n + 1] != '.')
		return 0;
	for (m = 0; isxdigit((unsigned char)p[n + 2 + m]); m++)
		;
	if (m < 4 || (p[n + 2 + m] && !isspace((unsigned char)p[n + 2 + m])))
		return 0;
	*old = p;
	return n;
}

int patch_read(const char *name, const char *buf, size_t len,
	       const struct patch_opts *opts, struct patch_info *info)
{
	const char *end = buf + len, *line = buf, *lastfile = NULL;
	size_t lastfile_len = 0, before = info->nr_files;
	bool in_diff = false, in_mnt = false, git_header = false;
	bool from_null = false;
	struct patch_diff *diff = NULL;
	char *copy = NULL, *index_old = NULL;
	size_t copy_alloc = 0;
	int nr = 0, ret = 0;

	if (opts->mt && opts->keywords)
		matcher_keywords_text(opts->mt, buf, len);

	while (line < end) {
		const char *eol = memchr(line, '\n', (size_t)(end - line));
		size_t l = eol ? (size_t)(eol - line) + 1 : (size_t)(end - line);
		const char *f, *f2;
		size_t n, n2;

		nr++;
		/*
		 * Work on a NUL-terminated copy; a NUL inside the line would
		 * hide the rest of it from every rule below.
		 */
		ALLOC_GROW(copy, l + 1, copy_alloc);
		memcpy(copy, line, l);
		copy[l] = '\0';
		if (strlen(copy) != l) {
			error("%s:%d: NUL byte in patch", name, nr);
			ret = -1;
		}
		line += l;

		if ((n = mode_change(copy, &f))) {
			push(&info->files, &info->nr_files, &info->alloc_files, f, n);
		} else if ((n = rename_line(copy, &f))) {
			push(&info->files, &info->nr_files, &info->alloc_files, f, n);
		} else if (diff_git(copy, &f, &n, &f2, &n2)) {
			push(&info->files, &info->nr_files, &info->alloc_files, f, n);
			push(&info->files, &info->nr_files, &info->alloc_files, f2, n2);
			diff = push_diff(info, f2, n2, nr);
			git_header = true;
			free(index_old);
			index_old = NULL;
		} else if (git_header && diff && starts_with(copy, "new file mode ")) {
			diff->added = true;
		} else if ((n = index_line(copy, &f))) {
			/* kept until "---"/"+++" say whose it is */
			free(index_old);
			index_old = xstrndup(f, n);
		} else if ((n = fixes_line(copy, &f))) {
			if (opts->fixes)
				push_nr(&info->fixes, &info->fixes_line,
					&info->nr_fixes, &info->alloc_fixes,
					f, n, nr);
		} else if ((starts_with(copy, "+++") || starts_with(copy, "---")) &&
			   isspace((unsigned char)copy[3])) {
			const char *p = copy + 3, *slash;
			bool is_null;

			while (isspace((unsigned char)*p))
				p++;
			n = token(p);
			if (!n)
				goto keywords;
			is_null = n == 9 && !memcmp(p, "/dev/null", 9);
			if (copy[0] == '-') {
				/* a plain diff has no "diff --git" before */
				if (!git_header)
					diff = push_diff(info, "", 0, nr);
				from_null = is_null;
			} else if (diff) {
				git_header = false;
				if (from_null)
					diff->added = true;
			}
			slash = memchr(p, '/', n);
			if (slash) {
				n -= (size_t)(slash + 1 - p);
				p = slash + 1;
			}
			push(&info->files, &info->nr_files, &info->alloc_files, p, n);
			if (diff && !is_null && (!*diff->file || copy[0] == '+')) {
				free(diff->file);
				diff->file = xstrndup(p, n);
			}
			lastfile = info->files[info->nr_files - 1];
			lastfile_len = n;
			in_diff = true;
			/* the kernel's name, or edk2's */
			in_mnt = (n >= 11 &&
				  !strcmp(lastfile + n - 11, "MAINTAINERS")) ||
				 (n >= 15 &&
				  !strcmp(lastfile + n - 15, "Maintainers.txt"));
			if (in_mnt && index_old && !info->mnt_base) {
				info->mnt_base = index_old;
				index_old = NULL;
			}
		} else if (starts_with(copy, "@@ -") && isdigit((unsigned char)copy[4])) {
			char *e;
			long start = strtol(copy + 4, &e, 10), count;

			if (*e != ',' || !isdigit((unsigned char)e[1]))
				goto keywords;
			count = strtol(e + 1, NULL, 10);
			if (in_mnt)
				push_nr(&info->mnt_lines, &info->mnt_lines_nr,
					&info->nr_mnt_lines,
					&info->alloc_mnt_lines, "@@", 2, nr);
			if (opts->ranges && lastfile) {
				struct patch_range *r;

				ALLOC_GROW(info->ranges, info->nr_ranges + 1,
					   info->alloc_ranges);
				r = &info->ranges[info->nr_ranges++];
				r->file = xstrndup(lastfile, lastfile_len);
				r->start = start;
				r->len = count;
			}
		} else {
keywords:
			if (opts->mt && opts->keywords)
				matcher_keywords(opts->mt, copy, l, in_diff,
						 opts->keywords);
			if (in_mnt && (copy[0] == '+' || copy[0] == '-' ||
				       copy[0] == ' ')) {
				size_t k = l;

				while (k > 1 && (copy[k - 1] == '\n' || copy[k - 1] == '\r'))
					k--;
				push_nr(&info->mnt_lines, &info->mnt_lines_nr,
					&info->nr_mnt_lines,
					&info->alloc_mnt_lines, copy, k, nr);
			}
		}
	}
	free(copy);
	free(index_old);
	if (opts->mt && opts->keywords)
		matcher_keywords_text(opts->mt, NULL, 0);
	if (ret)
		return ret;
	return (int)(info->nr_files - before);
}

void patch_info_release(struct patch_info *info)
{
	size_t i;

	for (i = 0; i < info->nr_files; i++)
		free(info->files[i]);
	for (i = 0; i < info->nr_fixes; i++)
		free(info->fixes[i]);
	for (i = 0; i < info->nr_ranges; i++)
		free(info->ranges[i].file);
	for (i = 0; i < info->nr_mnt_lines; i++)
		free(info->mnt_lines[i]);
	for (i = 0; i < info->nr_diffs; i++)
		free(info->diffs[i].file);
	free(info->diffs);
	free(info->fixes_line);
	free(info->mnt_lines_nr);
	free(info->files);
	free(info->fixes);
	free(info->ranges);
	free(info->mnt_lines);
	free(info->mnt_base);
	memset(info, 0, sizeof(*info));
}

size_t patch_split_mbox(const char *buf, size_t len, struct mbox_msg **msgs)
{
	const char *p = buf, *end = buf + len, *start = buf;
	size_t nr = 0;

	*msgs = NULL;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *next = eol ? eol + 1 : end;

		if (p != start && (size_t)(end - p) > 5 && !memcmp(p, "From ", 5)) {
			*msgs = xrealloc(*msgs, (nr + 1) * sizeof(**msgs));
			(*msgs)[nr].buf = start;
			(*msgs)[nr++].len = (size_t)(p - start);
			start = p;
		}
		p = next;
	}
	if (start < end) {
		*msgs = xrealloc(*msgs, (nr + 1) * sizeof(**msgs));
		(*msgs)[nr].buf = start;
		(*msgs)[nr++].len = (size_t)(end - start);
	}
	return nr;
}
