// SPDX-License-Identifier: GPL-2.0
/*
 * parse-maintainers.pl --order, in C.
 *
 * The script is short and its output is the kernel's reference for a
 * sorted MAINTAINERS, so this follows it step by step rather than
 * re-deriving the format from the model: file_input() reads line by line
 * with a one-line delay ($lastline) to tell a heading from the preamble,
 * alpha_output() sorts.  Comments name the Perl they mirror.
 */
#include "maintainers-sort.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static const char field_order[] = "MRLSWQBCPTFXNK";

int mnt_field_rank(int letter)
{
	const char *p = letter ? strchr(field_order, letter) : NULL;

	return p ? (int)(p - field_order) : 1000;
}

/* Perl's \s without "use utf8": space, \t, \n, \v, \f, \r. */
static bool is_pspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

char *mnt_section_sort_key(const char *name, size_t len)
{
	char *k = xmalloc(len + 1), *p;
	size_t i;

	/* uc on a byte string: ASCII only */
	for (i = 0; i < len; i++)
		k[i] = (name[i] >= 'a' && name[i] <= 'z') ? name[i] - 32 : name[i];
	k[len] = '\0';
	/* s/THE REST/ZZZZZZ/g: "always sorts last" */
	while ((p = memmem(k, len, "THE REST", 8))) {
		memcpy(p, "ZZZZZZ", 6);
		memmove(p + 6, p + 8, (size_t)(k + len - (p + 8)) + 1);
		len -= 2;
	}
	return k;
}

struct slice {
	const char *p;
	size_t len;
};

/* sub trim: s/\s+$//; s/^\s+// */
static struct slice trim(struct slice s)
{
	while (s.len && is_pspace((unsigned char)s.p[s.len - 1]))
		s.len--;
	while (s.len && is_pspace((unsigned char)*s.p)) {
		s.p++;
		s.len--;
	}
	return s;
}

/* m/^([A-Z]):\s*(.*)/: the value, without the newline */
static bool field_value(struct slice line, struct slice *value)
{
	size_t i = 2, end;

	if (line.len < 2 || line.p[0] < 'A' || line.p[0] > 'Z' || line.p[1] != ':')
		return false;
	while (i < line.len && is_pspace((unsigned char)line.p[i]))
		i++;
	end = i;
	while (end < line.len && line.p[end] != '\n')
		end++;
	value->p = line.p + i;
	value->len = end - i;
	return true;
}

/* $1 . ":\t" . trim($2) . "\n" */
static void add_normalised_field(struct strbuf *sb, struct slice line,
				 struct slice value)
{
	struct slice v = trim(value);

	strbuf_addch(sb, line.p[0]);
	strbuf_add(sb, ":\t", 2);
	strbuf_add(sb, v.p, v.len);
	strbuf_addch(sb, '\n');
}

struct sort_section {
	char *key;		/* trimmed heading; " " for the preamble */
	size_t key_len;
	char *sort_key;
	struct strbuf content;
	int nr;			/* line of the heading */
};

struct sort_state {
	struct sort_section *v;
	size_t nr, alloc;
};

static struct sort_section *new_section(struct sort_state *st,
					struct slice key, int nr)
{
	struct sort_section *s;

	ALLOC_GROW(st->v, st->nr + 1, st->alloc);
	s = &st->v[st->nr++];
	s->key = xstrndup(key.p, key.len);
	s->key_len = key.len;
	s->sort_key = mnt_section_sort_key(key.p, key.len);
	strbuf_init(&s->content, 0);
	s->nr = nr;
	return s;
}

static int cmp_sections(const void *a, const void *b)
{
	const struct sort_section *x = a, *y = b;
	int c = strcmp(x->sort_key, y->sort_key);

	/* Perl leaves ties in hash order, i.e. at random; be deterministic */
	return c ? c : strcmp(x->key, y->key);
}

/* sub by_pattern */
static int pattern_rank(struct slice s)
{
	int c;

	if (!s.len)
		return 0;	/* index($preferred_order, "") is 0 */
	c = (unsigned char)s.p[0];
	if (c >= 'a' && c <= 'z')
		c -= 32;
	return mnt_field_rank(c);
}

static int cmp_slices(struct slice a, struct slice b)
{
	size_t n = a.len < b.len ? a.len : b.len;
	int c = memcmp(a.p, b.p, n);

	if (c)
		return c;
	return a.len < b.len ? -1 : a.len > b.len;
}

static int by_pattern(struct slice a, struct slice b)
{
	int ra = pattern_rank(a), rb = pattern_rank(b);
	int f = mnt_field_rank('F'), x = mnt_field_rank('X');

	if ((ra == f && rb == f) || (ra == x && rb == x))
		return cmp_slices(a, b);
	return ra < rb ? -1 : ra > rb;
}

/* Perl's sort is a stable merge sort; so is this. */
static void merge_sort(struct slice *v, struct slice *tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, mid);
	merge_sort(v + mid, tmp, n - mid);
	while (i < mid && j < n)
		tmp[k++] = by_pattern(v[j], v[i]) < 0 ? v[j++] : v[i++];
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* foreach my $pattern (sort by_pattern split('\n', ...)) */
static void output_fields(struct strbuf *out, const struct strbuf *content)
{
	struct slice *v = NULL, *tmp;
	size_t nr = 0, alloc = 0, pos = 0, i;

	while (pos < content->len) {
		const char *p = content->buf + pos;
		const char *nl = memchr(p, '\n', content->len - pos);
		size_t l = nl ? (size_t)(nl - p) : content->len - pos;

		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].p = p;
		v[nr++].len = l;
		pos += l + 1;
	}
	/* split drops trailing empty fields */
	while (nr && !v[nr - 1].len)
		nr--;
	tmp = xmalloc((nr ? nr : 1) * sizeof(*tmp));
	merge_sort(v, tmp, nr);
	for (i = 0; i < nr; i++) {
		strbuf_add(out, v[i].p, v[i].len);
		strbuf_addch(out, '\n');
	}
	free(tmp);
	free(v);
}

static void release_state(struct sort_state *st)
{
	size_t i;

	for (i = 0; i < st->nr; i++) {
		free(st->v[i].key);
		free(st->v[i].sort_key);
		strbuf_release(&st->v[i].content);
	}
	free(st->v);
}

int mnt_sort_buffer(const char *name, const char *buf, size_t len,
		    struct strbuf *out, struct strbuf *err)
{
	struct sort_state st = { NULL, 0, 0 };
	struct slice lastline = { "", 0 }, preamble_key = { " ", 1 };
	size_t cur, pos = 0, i;
	int nr = 0, last_nr = 0, ret = 0;
	const char *sep = NULL;

	if (memchr(buf, '\0', len)) {
		strbuf_addf(err, "%s: NUL byte in the file; not sorting it", name);
		return -1;
	}
	new_section(&st, preamble_key, 0);
	cur = 0;	/* $case = " " */

	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		struct slice line = { buf + pos, nl ? (size_t)(nl - (buf + pos)) + 1 : len - pos };
		struct slice value;

		pos += line.len;
		nr++;
		if (field_value(line, &value)) {
			if (!lastline.len) {
				add_normalised_field(&st.v[cur].content, line, value);
				continue;
			}
			if (!trim(lastline).len) {
				/*
				 * A blank line before a field: the script would
				 * open a section named "".  Keep the field where
				 * get_maintainer.pl reads it.
				 */
				if (cur == 0)
					strbuf_add(&st.v[0].content, lastline.p,
						   lastline.len);
				add_normalised_field(&st.v[cur].content, line, value);
				lastline.len = 0;
				continue;
			}
			/* $case = trim($lastline) */
			new_section(&st, trim(lastline), last_nr);
			cur = st.nr - 1;
			add_normalised_field(&st.v[cur].content, line, value);
			lastline.p = "";
			lastline.len = 0;
			continue;
		}
		if (cur == 0) {
			strbuf_add(&st.v[0].content, lastline.p, lastline.len);
		} else if (trim(lastline).len) {
			strbuf_addf(err, "%s:%d: text line inside the sections that is no section name (parse-maintainers.pl: \"Odd non-pattern line\")",
				    name, last_nr);
			ret = -1;
			goto out;
		}
		lastline = line;
		last_nr = nr;
	}
	strbuf_add(&st.v[cur].content, lastline.p, lastline.len);

	qsort(st.v, st.nr, sizeof(*st.v), cmp_sections);
	for (i = 1; i < st.nr; i++) {
		if (!strcmp(st.v[i - 1].key, st.v[i].key)) {
			int a = st.v[i - 1].nr, b = st.v[i].nr;

			strbuf_addf(err, "%s:%d: section name '%s' already used at line %d (parse-maintainers.pl: \"Header already exists\")",
				    name, a > b ? a : b, st.v[i].key, a > b ? b : a);
			ret = -1;
			goto out;
		}
	}
	/* sub alpha_output */
	for (i = 0; i < st.nr; i++) {
		struct sort_section *s = &st.v[i];

		if (!s->nr && !strcmp(s->key, " ")) {
			strbuf_add(out, s->content.buf, s->content.len);
			continue;
		}
		if (sep)
			strbuf_addstr(out, sep);
		sep = "\n";
		strbuf_add(out, s->key, s->key_len);
		strbuf_addch(out, '\n');
		output_fields(out, &s->content);
	}
out:
	release_state(&st);
	return ret;
}

/*
 * The lines of @buf, blank ones left out, each normalised as the sort
 * writes it; sorted, so that two files can be compared as multisets.
 */
static void line_multiset(const char *buf, size_t len, struct strbuf **v,
			  size_t *nr)
{
	size_t pos = 0, alloc = 0;

	*v = NULL;
	*nr = 0;
	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		struct slice line = { buf + pos, nl ? (size_t)(nl - (buf + pos)) + 1 : len - pos };
		struct slice value, t = trim(line);
		struct strbuf sb = STRBUF_INIT;

		pos += line.len;
		if (!t.len)
			continue;
		if (field_value(line, &value))
			add_normalised_field(&sb, line, value);
		else
			strbuf_add(&sb, t.p, t.len);
		ALLOC_GROW(*v, *nr + 1, alloc);
		(*v)[(*nr)++] = sb;
	}
}

static int cmp_strbuf(const void *a, const void *b)
{
	const struct strbuf *x = a, *y = b;
	struct slice s = { x->buf, x->len }, t = { y->buf, y->len };

	return cmp_slices(s, t);
}

static bool same_lines(const char *a, size_t alen, const char *b, size_t blen)
{
	struct strbuf *x, *y;
	size_t nx, ny, i;
	bool same;

	line_multiset(a, alen, &x, &nx);
	line_multiset(b, blen, &y, &ny);
	if (nx)
		qsort(x, nx, sizeof(*x), cmp_strbuf);
	if (ny)
		qsort(y, ny, sizeof(*y), cmp_strbuf);
	same = nx == ny;
	for (i = 0; same && i < nx; i++)
		same = !cmp_strbuf(&x[i], &y[i]);
	for (i = 0; i < nx; i++)
		strbuf_release(&x[i]);
	for (i = 0; i < ny; i++)
		strbuf_release(&y[i]);
	free(x);
	free(y);
	return same;
}

static int write_fully(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int mnt_sort_file(const char *path, bool *changed)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *buf = NULL, *real = NULL, *tmp = NULL, *dir = NULL;
	struct stat st;
	size_t len;
	int fd = -1, dfd, ret = -1;

	*changed = false;
	/* rename() replaces a symlink itself; rewrite what it points to */
	real = realpath(path, NULL);
	if (!real || read_file(real, &buf, &len) || stat(real, &st)) {
		error("cannot read '%s': %s", path, strerror(errno));
		goto out;
	}
	if (mnt_sort_buffer(path, buf, len, &out, &err)) {
		error("%s; file left as it was", err.buf);
		goto out;
	}
	if (out.len == len && !memcmp(out.buf, buf, len)) {
		ret = 0;
		goto out;
	}
	/* the promise of --fix: every line survives, only moved or tidied */
	if (!same_lines(buf, len, out.buf, out.len)) {
		error("%s: sorting would lose or change a line; file left as it was (a kmaint bug)",
		      path);
		goto out;
	}
	tmp = xstrfmt("%s.kmaint-fix.XXXXXX", real);
	fd = mkstemp(tmp);
	if (fd < 0) {
		error("cannot create a temporary file beside '%s': %s", path,
		      strerror(errno));
		goto out;
	}
	if (fchmod(fd, st.st_mode & 07777) || write_fully(fd, out.buf, out.len) ||
	    fsync(fd)) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		goto fail;
	}
	if (close(fd)) {
		fd = -1;
		error("cannot write '%s': %s", tmp, strerror(errno));
		goto fail;
	}
	fd = -1;
	if (rename(tmp, real)) {
		error("cannot rename '%s' to '%s': %s", tmp, real,
		      strerror(errno));
		goto fail;
	}
	/* make the rename itself durable */
	dir = xstrdup(real);
	dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	*changed = true;
	ret = 0;
	goto out;
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	strbuf_release(&out);
	strbuf_release(&err);
	free(buf);
	free(real);
	free(tmp);
	free(dir);
	return ret;
}
