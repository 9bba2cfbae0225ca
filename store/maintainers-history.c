// SPDX-License-Identifier: GPL-2.0
#include "maintainers-history.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sqlite3.h>

#include "email.h"
#include "imap.h"
#include "json.h"
#include "maintainers.h"
#include "run-command.h"
#include "strmap.h"

int mh_parse_when(const char *s, int64_t *t)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%d", &tm);
	if (end && (!*end || (*end == 'T' || *end == ' '))) {
		if (*end && !strptime(end + 1, "%H:%M:%S", &tm))
			return -1;
		*t = (int64_t)timegm(&tm);
		if (!*end)
			*t += 86399;	/* a day means all of it */
		return 0;
	}
	{
		char *rev = xstrfmt("%s^{commit}", s);
		const char *argv[] = { "log", "-1", "--format=%ct",
				       "--end-of-options", rev, "--", NULL };
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
		int rc = capture_git(argv, &out, &err);

		free(rev);
		strbuf_trim(&out);
		if (!rc && out.len)
			*t = strtoll(out.buf, NULL, 10);
		else
			rc = -1;
		strbuf_release(&out);
		strbuf_release(&err);
		return rc ? -1 : 0;
	}
}

void mh_date(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, len, "%Y-%m-%d", &tm);
}

char *mh_person_key(const char *value)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	char *key;

	email_parse_plain(value, &name, &addr);
	key = lowercase(addr.len ? addr.buf : value);
	strbuf_release(&name);
	strbuf_release(&addr);
	return key;
}

/*
 * Lines, as the model reads them: a field is "^[A-Z]:", a blank line or
 * a comment is nothing, anything else is text.
 */
enum { L_NONE, L_FIELD, L_TEXT };

static int line_kind(const char *t, size_t len, size_t pos)
{
	size_t i = pos;

	if (i + 1 < len && t[i] >= 'A' && t[i] <= 'Z' && t[i + 1] == ':')
		return L_FIELD;
	while (i < len && strchr(" \t\v\f\r", t[i]) && t[i])
		i++;
	if (i >= len || t[i] == '\n' || t[i] == '#')
		return L_NONE;
	return L_TEXT;
}

static size_t next_line(const char *t, size_t len, size_t pos)
{
	const char *nl = memchr(t + pos, '\n', len - pos);

	return nl ? (size_t)(nl - t) + 1 : len;
}

static size_t line_start(const char *t, size_t pos)
{
	while (pos > 0 && t[pos - 1] != '\n')
		pos--;
	return pos;
}

/* A text line whose next entry is a field: a section's name. */
static bool is_heading(const char *t, size_t len, size_t pos)
{
	if (line_kind(t, len, pos) != L_TEXT)
		return false;
	for (pos = next_line(t, len, pos); pos < len; pos = next_line(t, len, pos)) {
		int k = line_kind(t, len, pos);

		if (k != L_NONE)
			return k == L_FIELD;
	}
	return false;
}

/* The start of the last heading line starting at or before @pos; 0. */
static size_t heading_before(const char *t, size_t len, size_t pos)
{
	pos = line_start(t, pos);
	for (;;) {
		if (is_heading(t, len, pos))
			return pos;
		if (!pos)
			return 0;
		pos = line_start(t, pos - 1);
	}
}

/* The start of the first heading line starting after @pos; @len. */
static size_t heading_after(const char *t, size_t len, size_t pos)
{
	size_t l = line_start(t, pos);

	for (; l < len; l = next_line(t, len, l))
		if (l > pos && is_heading(t, len, l))
			return l;
	return len;
}

static void section_free(struct mh_section *s)
{
	size_t i;

	if (!s)
		return;
	free(s->name);
	free(s->status);
	for (i = 0; i < s->nr_people; i++) {
		free(s->people[i].value);
		free(s->people[i].key);
	}
	free(s->people);
	for (i = 0; i < s->nr_fields; i++)
		free(s->fields[i]);
	free(s->fields);
	for (i = 0; i < s->nr_patterns; i++)
		free(s->patterns[i]);
	free(s->patterns);
}

static void section_copy(struct mh_section *dst, const struct mh_section *src)
{
	size_t i;

	dst->name = xstrdup(src->name);
	dst->status = src->status ? xstrdup(src->status) : NULL;
	dst->nr_people = src->nr_people;
	dst->people = xcalloc(src->nr_people + 1, sizeof(*dst->people));
	for (i = 0; i < src->nr_people; i++) {
		dst->people[i].type = src->people[i].type;
		dst->people[i].value = xstrdup(src->people[i].value);
		dst->people[i].key = xstrdup(src->people[i].key);
	}
	dst->nr_fields = src->nr_fields;
	dst->fields = xcalloc(src->nr_fields + 1, sizeof(char *));
	for (i = 0; i < src->nr_fields; i++)
		dst->fields[i] = xstrdup(src->fields[i]);
	dst->nr_patterns = src->nr_patterns;
	dst->patterns = xcalloc(src->nr_patterns + 1, sizeof(char *));
	for (i = 0; i < src->nr_patterns; i++)
		dst->patterns[i] = xstrdup(src->patterns[i]);
}

static char *trimmed(const char *s)
{
	size_t n = strlen(s);

	while (n && strchr(" \t\r\v\f", s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/*
 * "T:\tvalue", as xstrfmt("%c:\t%s") would make it without the two
 * passes of vsnprintf(): every field of every version parsed.
 */
static char *field_line(char type, const char *val)
{
	size_t n = strlen(val);
	char *f = xmalloc(n + 4);

	f[0] = type;
	f[1] = ':';
	f[2] = '\t';
	memcpy(f + 3, val, n + 1);
	return f;
}

struct mh_section *mh_parse_sections(const char *text, size_t len, size_t *nr)
{
	struct maintainers m;
	struct mh_section *v;
	size_t i, alloc_f, alloc_p, alloc_x;
	int j;

	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", xstrndup(text, len), len);
	maintainers_finish(&m);
	v = xcalloc(m.nr_sections + 1, sizeof(*v));
	for (i = 0; i < m.nr_sections; i++) {
		const struct mnt_section *ms = &m.sections[i];
		struct mh_section *s = &v[i];

		s->name = trimmed(ms->name);
		s->status = ms->status ? trimmed(ms->status) : NULL;
		alloc_f = alloc_p = alloc_x = 0;
		for (j = ms->first; j < ms->end; j++) {
			const struct mnt_entry *e = &m.entries[j];
			char *val = trimmed(e->value);

			if (e->type == 'M' || e->type == 'R') {
				ALLOC_GROW(s->people, s->nr_people + 1, alloc_p);
				s->people[s->nr_people].type = e->type;
				s->people[s->nr_people].key = mh_person_key(val);
				s->people[s->nr_people++].value = val;
				continue;
			}
			if (e->type == 'F') {
				ALLOC_GROW(s->patterns, s->nr_patterns + 1, alloc_x);
				s->patterns[s->nr_patterns++] = xstrdup(val);
			}
			ALLOC_GROW(s->fields, s->nr_fields + 1, alloc_f);
			s->fields[s->nr_fields++] = field_line(e->type, val);
			free(val);
		}
	}
	*nr = m.nr_sections;
	maintainers_release(&m);
	return v;
}

void mh_sections_free(struct mh_section *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		section_free(&v[i]);
	free(v);
}

static struct mh_section *dup_section(const struct mh_section *s)
{
	struct mh_section *d = xcalloc(1, sizeof(*d));

	section_copy(d, s);
	return d;
}

static bool has_person(const struct mh_section *s, const struct mh_person *p)
{
	size_t i;

	for (i = 0; i < s->nr_people; i++)
		if (s->people[i].type == p->type && !strcmp(s->people[i].key, p->key))
			return true;
	return false;
}

static void push_person(struct mh_person **v, size_t *nr, const struct mh_person *p)
{
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[*nr].type = p->type;
	(*v)[*nr].value = xstrdup(p->value);
	(*v)[(*nr)++].key = xstrdup(p->key);
}

/* Strings of @a not in @b, as a multiset. */
static void minus(char **a, size_t na, char **b, size_t nb, char ***out,
		  size_t *nr)
{
	bool *used = xcalloc(nb + 1, sizeof(bool));
	size_t i, j;

	for (i = 0; i < na; i++) {
		for (j = 0; j < nb; j++)
			if (!used[j] && !strcmp(a[i], b[j]))
				break;
		if (j < nb) {
			used[j] = true;
			continue;
		}
		*out = xrealloc(*out, (*nr + 1) * sizeof(char *));
		(*out)[(*nr)++] = xstrdup(a[i]);
	}
	free(used);
}

static struct mh_change *new_change(struct mh_diff *d, enum mh_kind kind)
{
	struct mh_change *c;

	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	c = &d->v[d->nr++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	return c;
}

/* Fill the differences of a pair; false if there are none. */
static bool compare(struct mh_change *c, const struct mh_section *o,
		    const struct mh_section *n, bool removals)
{
	size_t i;

	for (i = 0; i < n->nr_people; i++)
		if (!has_person(o, &n->people[i]))
			push_person(&c->added, &c->nr_added, &n->people[i]);
	if (removals)
		for (i = 0; i < o->nr_people; i++)
			if (!has_person(n, &o->people[i]))
				push_person(&c->removed, &c->nr_removed,
					    &o->people[i]);
	minus(n->fields, n->nr_fields, o->fields, o->nr_fields,
	      &c->fields_added, &c->nr_fields_added);
	if (removals)
		minus(o->fields, o->nr_fields, n->fields, n->nr_fields,
		      &c->fields_removed, &c->nr_fields_removed);
	c->status_changed = (o->status == NULL) != (n->status == NULL) ||
		(o->status && strcmp(o->status, n->status));
	return c->nr_added || c->nr_removed || c->nr_fields_added ||
	       c->nr_fields_removed || c->status_changed ||
	       strcmp(o->name, n->name);
}

static size_t shared_patterns(const struct mh_section *a,
			      const struct mh_section *b)
{
	size_t i, j, n = 0;

	for (i = 0; i < a->nr_patterns; i++)
		for (j = 0; j < b->nr_patterns; j++)
			if (!strcmp(a->patterns[i], b->patterns[j])) {
				n++;
				break;
			}
	return n;
}

static void release_change(struct mh_change *c)
{
	size_t i;

	section_free(c->old);
	free(c->old);
	section_free(c->new);
	free(c->new);
	for (i = 0; i < c->nr_added; i++) {
		free(c->added[i].value);
		free(c->added[i].key);
	}
	for (i = 0; i < c->nr_removed; i++) {
		free(c->removed[i].value);
		free(c->removed[i].key);
	}
	free(c->added);
	free(c->removed);
	for (i = 0; i < c->nr_fields_added; i++)
		free(c->fields_added[i]);
	for (i = 0; i < c->nr_fields_removed; i++)
		free(c->fields_removed[i]);
	free(c->fields_added);
	free(c->fields_removed);
}

/* Diff two lists of sections (the parsed regions). */
static void diff_sections(struct mh_section *o, size_t no, struct mh_section *n,
			  size_t nn, struct mh_diff *d)
{
	int *o_pair = xcalloc(no + 1, sizeof(int)), *n_pair = xcalloc(nn + 1, sizeof(int));
	size_t i, j;

	/* by name, the k-th of a name with the k-th (duplicates happen) */
	for (j = 0; j < nn; j++)
		n_pair[j] = -1;
	for (i = 0; i < no; i++) {
		o_pair[i] = -1;
		for (j = 0; j < nn; j++)
			if (n_pair[j] < 0 && !strcmp(o[i].name, n[j].name)) {
				o_pair[i] = (int)j;
				n_pair[j] = (int)i;
				break;
			}
	}
	/* renames: the best F: overlap of at least half the larger list */
	for (;;) {
		size_t best_i = 0, best_j = 0;
		double best = 0;

		for (i = 0; i < no; i++) {
			if (o_pair[i] >= 0 || !o[i].nr_patterns)
				continue;
			for (j = 0; j < nn; j++) {
				size_t k, mx;
				double r;

				if (n_pair[j] >= 0 || !n[j].nr_patterns)
					continue;
				k = shared_patterns(&o[i], &n[j]);
				mx = o[i].nr_patterns > n[j].nr_patterns ?
				     o[i].nr_patterns : n[j].nr_patterns;
				r = (double)k / (double)mx;
				if (k && 2 * k >= mx && r > best) {
					best = r;
					best_i = i;
					best_j = j;
				}
			}
		}
		if (best <= 0)
			break;
		o_pair[best_i] = (int)best_j;
		n_pair[best_j] = (int)best_i;
	}
	for (i = 0; i < no; i++) {
		struct mh_change *c;

		if (o_pair[i] < 0) {
			c = new_change(d, MH_REMOVED);
			c->old = dup_section(&o[i]);
			d->removed++;
			continue;
		}
		c = new_change(d, strcmp(o[i].name, n[o_pair[i]].name) ?
			       MH_RENAMED : MH_CHANGED);
		if (!compare(c, &o[i], &n[o_pair[i]], true)) {
			release_change(c);
			d->nr--;
			continue;
		}
		c->old = dup_section(&o[i]);
		c->new = dup_section(&n[o_pair[i]]);
		if (c->kind == MH_RENAMED)
			d->renamed++;
		else
			d->changed++;
	}
	for (j = 0; j < nn; j++) {
		struct mh_change *c;
		size_t best = 0, k;
		int from = -1;

		if (n_pair[j] >= 0)
			continue;
		c = new_change(d, MH_ADDED);
		c->new = dup_section(&n[j]);
		d->added++;
		/* a split: the removed section it shares most F: with */
		for (i = 0; i < no; i++) {
			if (o_pair[i] >= 0)
				continue;
			k = shared_patterns(&o[i], &n[j]);
			if (k > best) {
				best = k;
				from = (int)i;
			}
		}
		if (from >= 0) {
			c->split = true;
			c->old = dup_section(&o[from]);
		}
	}
	free(o_pair);
	free(n_pair);
}

/*
 * The bytes @a and @b share at their start (common_prefix) or before
 * their ends (common_suffix, @a and @b pointing past them), at most @n.
 * Two versions of MAINTAINERS share nearly all of their 800 KB, and the
 * site compares every version with its parent's: memcmp() by blocks
 * first, then byte by byte in the block that differs.
 */
enum { CMP_BLOCK = 256 };

static size_t common_prefix(const char *a, const char *b, size_t n)
{
	size_t p = 0;

	while (n - p >= CMP_BLOCK && !memcmp(a + p, b + p, CMP_BLOCK))
		p += CMP_BLOCK;
	while (p < n && a[p] == b[p])
		p++;
	return p;
}

static size_t common_suffix(const char *a, const char *b, size_t n)
{
	size_t s = 0;

	while (n - s >= CMP_BLOCK &&
	       !memcmp(a - s - CMP_BLOCK, b - s - CMP_BLOCK, CMP_BLOCK))
		s += CMP_BLOCK;
	while (s < n && a[-1 - (ptrdiff_t)s] == b[-1 - (ptrdiff_t)s])
		s++;
	return s;
}

void mh_diff_texts(const char *a, size_t alen, const char *b, size_t blen,
		   struct mh_diff *d)
{
	size_t p = 0, s = 0, mn = alen < blen ? alen : blen;
	size_t start, end_a, end_b, lo, h0;
	struct mh_section *o, *n;
	size_t no, nn;

	p = common_prefix(a, b, mn);
	if (p == alen && p == blen)
		return;
	s = common_suffix(a + alen, b + blen, mn - p);
	/* widen to whole sections, and one more before (see the header) */
	lo = p ? p - 1 : 0;
	h0 = heading_before(a, alen, lo);
	start = h0 ? heading_before(a, alen, h0 - 1) : 0;
	end_a = s ? heading_after(a, alen, alen - s) : alen;
	end_b = end_a + blen - alen;
	o = mh_parse_sections(a + start, end_a - start, &no);
	n = mh_parse_sections(b + start, end_b - start, &nn);
	diff_sections(o, no, n, nn, d);
	mh_sections_free(o, no);
	mh_sections_free(n, nn);
}

void mh_diff_release(struct mh_diff *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++)
		release_change(&d->v[i]);
	free(d->v);
	memset(d, 0, sizeof(*d));
}

static const char *change_name(const struct mh_change *c)
{
	return c->new ? c->new->name : c->old->name;
}

static int cmp_change(const void *x, const void *y)
{
	const struct mh_change *a = x, *b = y;
	static const int order[] = { [MH_REMOVED] = 0, [MH_ADDED] = 1,
				     [MH_RENAMED] = 2, [MH_CHANGED] = 3 };

	if (order[a->kind] != order[b->kind])
		return order[a->kind] - order[b->kind];
	return strcmp(change_name(a), change_name(b));
}

void mh_diff_sort(struct mh_diff *d)
{
	if (d->nr)
		qsort(d->v, d->nr, sizeof(*d->v), cmp_change);
}

static void print_people(FILE *fp, const char *sign, const struct mh_person *v,
			 size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		fprintf(fp, "  %s%c:\t%s\n", sign, v[i].type, v[i].value);
}

void mh_diff_print(FILE *fp, const struct mh_diff *d)
{
	size_t i, j;

	fprintf(fp, "sections: %zu added, %zu removed, %zu renamed, %zu changed\n",
		d->added, d->removed, d->renamed, d->changed);
	for (i = 0; i < d->nr; i++) {
		const struct mh_change *c = &d->v[i];

		switch (c->kind) {
		case MH_REMOVED:
			fprintf(fp, "\nremoved: %s\n", c->old->name);
			print_people(fp, "-", c->old->people, c->old->nr_people);
			continue;
		case MH_ADDED:
			fprintf(fp, "\nadded: %s\n", c->new->name);
			if (c->split)
				fprintf(fp, "  (F: patterns from %s)\n", c->old->name);
			print_people(fp, "+", c->new->people, c->new->nr_people);
			continue;
		case MH_RENAMED:
			fprintf(fp, "\nrenamed: %s -> %s\n", c->old->name,
				c->new->name);
			break;
		case MH_CHANGED:
			fprintf(fp, "\nchanged: %s\n", c->new->name);
			break;
		}
		if (c->status_changed)
			fprintf(fp, "  status: %s -> %s\n",
				c->old->status ? c->old->status : "(none)",
				c->new->status ? c->new->status : "(none)");
		print_people(fp, "-", c->removed, c->nr_removed);
		print_people(fp, "+", c->added, c->nr_added);
		for (j = 0; j < c->nr_fields_removed; j++)
			if (!starts_with(c->fields_removed[j], "S:"))
				fprintf(fp, "  -%s\n", c->fields_removed[j]);
		for (j = 0; j < c->nr_fields_added; j++)
			if (!starts_with(c->fields_added[j], "S:"))
				fprintf(fp, "  +%s\n", c->fields_added[j]);
	}
}

static void json_people(struct strbuf *out, const char *key,
			const struct mh_person *v, size_t nr)
{
	size_t i;

	strbuf_addf(out, "\"%s\":[", key);
	for (i = 0; i < nr; i++) {
		strbuf_addf(out, "%s{\"type\":\"%c\",\"person\":", i ? "," : "",
			    v[i].type);
		json_quote(out, v[i].value);
		strbuf_addstr(out, ",\"email\":");
		json_quote(out, v[i].key);
		strbuf_addch(out, '}');
	}
	strbuf_addch(out, ']');
}

static void json_strs(struct strbuf *out, const char *key, char **v, size_t nr)
{
	size_t i;

	strbuf_addf(out, "\"%s\":[", key);
	for (i = 0; i < nr; i++) {
		if (i)
			strbuf_addch(out, ',');
		json_quote(out, v[i]);
	}
	strbuf_addch(out, ']');
}

void mh_change_json(struct strbuf *out, const struct mh_change *c)
{
	static const char *const kinds[] = { "added", "removed", "renamed",
					     "changed" };

	strbuf_addf(out, "{\"kind\":\"%s\",\"section\":", kinds[c->kind]);
	json_quote(out, change_name(c));
	if (c->old && c->kind != MH_CHANGED) {
		strbuf_addstr(out, c->kind == MH_ADDED ? ",\"split_from\":" :
			      ",\"old_name\":");
		json_quote(out, c->old->name);
	}
	if (c->kind == MH_ADDED) {
		strbuf_addch(out, ',');
		json_people(out, "added", c->new->people, c->new->nr_people);
	} else if (c->kind == MH_REMOVED) {
		strbuf_addch(out, ',');
		json_people(out, "removed", c->old->people, c->old->nr_people);
	} else {
		strbuf_addch(out, ',');
		json_people(out, "added", c->added, c->nr_added);
		strbuf_addch(out, ',');
		json_people(out, "removed", c->removed, c->nr_removed);
		strbuf_addch(out, ',');
		json_strs(out, "fields_added", c->fields_added, c->nr_fields_added);
		strbuf_addch(out, ',');
		json_strs(out, "fields_removed", c->fields_removed,
			  c->nr_fields_removed);
		if (c->status_changed) {
			strbuf_addstr(out, ",\"status\":{\"old\":");
			if (c->old->status)
				json_quote(out, c->old->status);
			else
				strbuf_addstr(out, "null");
			strbuf_addstr(out, ",\"new\":");
			if (c->new->status)
				json_quote(out, c->new->status);
			else
				strbuf_addstr(out, "null");
			strbuf_addch(out, '}');
		}
	}
	strbuf_addch(out, '}');
}

void mh_diff_json(struct strbuf *out, const struct mh_diff *d)
{
	size_t i;

	strbuf_addf(out, "{\"added\":%zu,\"removed\":%zu,\"renamed\":%zu,"
		    "\"changed\":%zu,\"changes\":[", d->added, d->removed,
		    d->renamed, d->changed);
	for (i = 0; i < d->nr; i++) {
		if (i)
			strbuf_addch(out, ',');
		mh_change_json(out, &d->v[i]);
	}
	strbuf_addstr(out, "]}");
}

/*
 * History.
 */
struct version {
	char *hash;
	int64_t time;
	int64_t blob_id;	/* 0: deleted or unknown */
	int64_t ready;		/* the last blob id it needs */
	size_t ev_begin;
	bool first;		/* no parent version known */
	char *blob;
	char **parent_blobs;	/* per parent; "" if absent */
	int nparents;
};

/* Blob texts by id, rebuilt in id order from the stored deltas. */
/* A version's text, shared by the walk, its delta bases and keep. */
struct text {
	struct strbuf sb;
	int refs;
};

/* A text that a blob stored later is a delta of. */
struct base_text {
	int64_t id, last;	/* the blob, the last blob based on it */
	struct text *t;
};

struct blob_store {
	struct idx *ix;
	sqlite3_stmt *st;
	int64_t cur_id;
	struct text *cur;	/* text of cur_id */
	bool done;
	/* texts kept for versions that still need them */
	struct strmap keep;	/* hash -> struct text * */
	/*
	 * The texts later blobs are deltas of, each until its last one:
	 * the versions of a few branches are stored interleaved, so the
	 * base is often not the blob just read (half of them at 1.4M
	 * commits), and rebuilding it from the index's chain copied
	 * 780 kB four times a version.
	 */
	struct imap last_base;	/* blob id -> the last id based on it */
	bool have_last;
	struct base_text *bases;
	size_t nr_bases, alloc_bases;
};

static void add_event(struct mh_history *h, const struct version *v,
		      const char *section, char type, bool added,
		      const char *person, const char *key)
{
	struct mh_event *e;

	ALLOC_GROW(h->events, h->nr_events + 1, h->alloc_events);
	e = &h->events[h->nr_events++];
	e->time = v->time;
	e->hash = xstrdup(v->hash);
	e->section = xstrdup(section);
	e->type = type;
	e->added = added;
	e->person = xstrdup(person);
	e->key = xstrdup(key ? key : "");
	e->initial = false;
	e->seq = 0;
}

int mh_text_at(const char *rev, struct strbuf *out)
{
	char *obj = xstrfmt("%s:MAINTAINERS", rev);
	const char *argv[] = { "cat-file", "blob", obj, NULL };
	struct strbuf err = STRBUF_INIT;
	int rc = capture_git(argv, out, &err);

	free(obj);
	strbuf_release(&err);
	return rc ? -1 : 0;
}

void mh_diff_people(const struct mh_diff *d, long *added, long *removed)
{
	size_t i, j;

	*added = *removed = 0;
	for (i = 0; i < d->nr; i++) {
		const struct mh_change *c = &d->v[i];

		switch (c->kind) {
		case MH_ADDED:
			for (j = 0; j < c->new->nr_people; j++)
				*added += !(c->split &&
					    has_person(c->old, &c->new->people[j]));
			break;
		case MH_REMOVED:
			*removed += (long)c->old->nr_people;
			break;
		case MH_RENAMED:
		case MH_CHANGED:
			*added += (long)c->nr_added;
			*removed += (long)c->nr_removed;
			break;
		}
	}
}

static void events_of_diff(struct mh_history *h, const struct version *v,
			   const struct mh_diff *d)
{
	size_t i, j;

	for (i = 0; i < d->nr; i++) {
		const struct mh_change *c = &d->v[i];

		switch (c->kind) {
		case MH_ADDED:
			for (j = 0; j < c->new->nr_people; j++) {
				const struct mh_person *p = &c->new->people[j];

				/* a split keeps the people it brings along */
				if (c->split && has_person(c->old, p))
					add_event(h, v, c->new->name, p->type,
						  true, p->value, "\001carried");
				else
					add_event(h, v, c->new->name, p->type,
						  true, p->value, p->key);
			}
			break;
		case MH_REMOVED:
			for (j = 0; j < c->old->nr_people; j++)
				add_event(h, v, c->old->name, c->old->people[j].type,
					  false, c->old->people[j].value,
					  c->old->people[j].key);
			break;
		case MH_RENAMED:
			add_event(h, v, c->new->name, 0, true, c->old->name, NULL);
			/* fall through */
		case MH_CHANGED:
			for (j = 0; j < c->nr_removed; j++)
				add_event(h, v, c->new->name, c->removed[j].type,
					  false, c->removed[j].value,
					  c->removed[j].key);
			for (j = 0; j < c->nr_added; j++)
				add_event(h, v, c->new->name, c->added[j].type,
					  true, c->added[j].value, c->added[j].key);
			break;
		}
	}
}

/* Ask git for each version's parents' blobs: "<commit>^N:MAINTAINERS". */
static int parent_blobs(struct version *v, size_t nr)
{
	static const char *argv[] = {
		"git", "cat-file", "--batch-check=%(objectname)", NULL
	};
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf line = STRBUF_INIT;
	FILE *in = tmpfile();
	size_t i;
	int k, rc = 0;

	if (!in)
		return -1;
	for (i = 0; i < nr; i++)
		for (k = 0; k < v[i].nparents; k++)
			fprintf(in, "%s^%d:MAINTAINERS\n", v[i].hash, k + 1);
	fflush(in);
	rewind(in);
	cp.argv = argv;
	cp.in = fileno(in);
	cp.out = -1;
	cp.err = CHILD_NULL;
	if (start_command(&cp)) {
		fclose(in);
		return -1;
	}
	for (i = 0; i < nr && !rc; i++) {
		v[i].parent_blobs = xcalloc((size_t)v[i].nparents + 1, sizeof(char *));
		for (k = 0; k < v[i].nparents; k++) {
			if (child_read_record(&cp, &line, '\n') != 1) {
				rc = -1;
				break;
			}
			/* "<name> missing" when the parent lacks the file */
			v[i].parent_blobs[k] = xstrdup(strchr(line.buf, ' ') ?
						       "" : line.buf);
		}
	}
	if (finish_command(&cp))
		rc = -1;
	fclose(in);
	strbuf_release(&line);
	return rc;
}

static struct text *new_text(size_t hint)
{
	struct text *t = xmalloc(sizeof(*t));

	strbuf_init(&t->sb, hint);
	t->refs = 1;
	return t;
}

static struct text *text_ref(struct text *t)
{
	t->refs++;
	return t;
}

static void text_unref(struct text *t)
{
	if (t && !--t->refs) {
		strbuf_release(&t->sb);
		free(t);
	}
}

static int store_open(struct blob_store *bs, struct idx *ix)
{
	memset(bs, 0, sizeof(*bs));
	bs->ix = ix;
	bs->cur = new_text(0);
	strmap_init(&bs->keep);
	imap_init(&bs->last_base, 64);
	if (sqlite3_prepare_v2(ix->db, "SELECT id, hash, base, prefix, suffix, "
			       "data FROM blobs ORDER BY id", -1, &bs->st,
			       NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	return 0;
}

static void store_close(struct blob_store *bs)
{
	size_t i;

	sqlite3_finalize(bs->st);
	text_unref(bs->cur);
	for (i = 0; i < bs->keep.size; i++)
		if (bs->keep.table[i].key)
			text_unref(bs->keep.table[i].value);
	strmap_clear(&bs->keep, false);
	for (i = 0; i < bs->nr_bases; i++)
		text_unref(bs->bases[i].t);
	free(bs->bases);
	imap_free(&bs->last_base);
}

/* Which blobs are delta bases, and of which blob last (lazily: a walk's). */
static void load_last_bases(struct blob_store *bs)
{
	sqlite3_stmt *st;

	bs->have_last = true;
	if (sqlite3_prepare_v2(bs->ix->db, "SELECT base, max(id) FROM blobs "
			       "WHERE base IS NOT NULL GROUP BY base", -1,
			       &st, NULL) != SQLITE_OK)
		return;	/* then every base not just read is rebuilt */
	while (sqlite3_step(st) == SQLITE_ROW)
		*imap_put(&bs->last_base, sqlite3_column_int64(st, 0)) =
			sqlite3_column_int64(st, 1);
	sqlite3_finalize(st);
}

static struct text *base_find(const struct blob_store *bs, int64_t id)
{
	size_t i;

	if (id && id == bs->cur_id)
		return bs->cur;
	for (i = 0; i < bs->nr_bases; i++)
		if (bs->bases[i].id == id)
			return bs->bases[i].t;
	return NULL;
}

/* Blob @id read as bs->cur: drop the bases no later blob needs, keep it. */
static void bases_step(struct blob_store *bs, int64_t id)
{
	const int64_t *last = imap_get(&bs->last_base, id);
	size_t i, out = 0;

	for (i = 0; i < bs->nr_bases; i++) {
		if (bs->bases[i].last <= id)
			text_unref(bs->bases[i].t);
		else
			bs->bases[out++] = bs->bases[i];
	}
	bs->nr_bases = out;
	if (!last || *last <= id)
		return;
	ALLOC_GROW(bs->bases, bs->nr_bases + 1, bs->alloc_bases);
	bs->bases[bs->nr_bases].id = id;
	bs->bases[bs->nr_bases].last = *last;
	bs->bases[bs->nr_bases++].t = text_ref(bs->cur);
}

/*
 * Step to the next stored blob: its hash, text in bs->cur.  The delta
 * base of a blob is one read before it, kept while later blobs need it;
 * anything else is rebuilt by the index.
 */
static const char *store_next(struct blob_store *bs)
{
	static char hash[HASH_HEXSZ_MAX + 1];

	if (!bs->have_last)
		load_last_bases(bs);
	while (sqlite3_step(bs->st) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(bs->st, 0);
		const char *h = (const char *)sqlite3_column_text(bs->st, 1);
		const char *data = sqlite3_column_blob(bs->st, 5);
		size_t len = (size_t)sqlite3_column_bytes(bs->st, 5);
		struct text *next, *from = NULL;
		bool whole = sqlite3_column_type(bs->st, 2) == SQLITE_NULL;

		snprintf(hash, sizeof(hash), "%s", h ? h : "");
		if (sqlite3_column_type(bs->st, 5) == SQLITE_NULL)
			continue;	/* unreadable when indexed */
		if (!whole)
			from = base_find(bs, sqlite3_column_int64(bs->st, 2));
		/* sized for the delta's result: no copy as it grows */
		next = new_text((from ? from : bs->cur)->sb.len + len);
		if (whole) {
			strbuf_add(&next->sb, data, len);
		} else if (from) {
			if (idx_apply_delta(from->sb.buf, from->sb.len,
					    sqlite3_column_int64(bs->st, 3),
					    sqlite3_column_int64(bs->st, 4),
					    data, len, &next->sb)) {
				text_unref(next);
				continue;
			}
		} else if (idx_blob_text(bs->ix, hash, &next->sb)) {
			text_unref(next);
			continue;
		}
		text_unref(bs->cur);
		bs->cur = next;
		bs->cur_id = id;
		bases_step(bs, id);
		return hash;
	}
	bs->done = true;
	return NULL;
}

static void open_tenure(struct mh_history *h, struct strmap *open,
			const char *section, const struct mh_event *e, bool start)
{
	struct strbuf key = STRBUF_INIT;
	struct strmap_entry *ent;
	struct mh_tenure *t;

	strbuf_addf(&key, "%s\n%c\n%s", section, e->type, e->key);
	ent = strmap_insert(open, key.buf, key.len);
	strbuf_release(&key);
	if (ent->value)
		return;		/* already open (listed twice) */
	ALLOC_GROW(h->tenures, h->nr_tenures + 1, h->alloc_tenures);
	t = &h->tenures[h->nr_tenures++];
	memset(t, 0, sizeof(*t));
	t->section = xstrdup(section);
	t->person = xstrdup(e->person);
	t->key = xstrdup(e->key);
	t->type = e->type;
	t->start = e->time;
	t->current = true;
	t->from_start = start;
	ent->value = (void *)(uintptr_t)h->nr_tenures;	/* index + 1 */
}

static void close_tenure(struct mh_history *h, struct strmap *open,
			 const char *section, const struct mh_event *e)
{
	struct strbuf key = STRBUF_INIT;
	struct strmap_entry *ent;

	strbuf_addf(&key, "%s\n%c\n%s", section, e->type, e->key);
	ent = strmap_find(open, key.buf, key.len);
	strbuf_release(&key);
	if (!ent || !ent->value)
		return;
	h->tenures[(uintptr_t)ent->value - 1].end = e->time;
	h->tenures[(uintptr_t)ent->value - 1].current = false;
	ent->value = NULL;
}

/* A rename: re-key the open tenures of @from under @to. */
static void rename_tenures(struct mh_history *h, struct strmap *open,
			   const char *from, const char *to)
{
	size_t i;

	for (i = 0; i < h->nr_tenures; i++) {
		struct mh_tenure *t = &h->tenures[i];
		struct strbuf key = STRBUF_INIT;
		struct strmap_entry *ent;

		if (!t->current || strcmp(t->section, from))
			continue;
		strbuf_addf(&key, "%s\n%c\n%s", from, t->type, t->key);
		ent = strmap_find(open, key.buf, key.len);
		if (ent)
			ent->value = NULL;
		strbuf_reset(&key);
		strbuf_addf(&key, "%s\n%c\n%s", to, t->type, t->key);
		ent = strmap_insert(open, key.buf, key.len);
		ent->value = (void *)(uintptr_t)(i + 1);
		free(t->section);
		t->section = xstrdup(to);
		strbuf_release(&key);
	}
}

static void derive_tenures(struct mh_history *h)
{
	struct strmap open;
	size_t i;

	strmap_init(&open);
	for (i = 0; i < h->nr_events; i++) {
		struct mh_event *e = &h->events[i];

		if (!e->type) {
			rename_tenures(h, &open, e->person, e->section);
			continue;
		}
		if (!strcmp(e->key, "\001carried"))
			continue;
		if (e->added)
			open_tenure(h, &open, e->section, e, e->initial);
		else
			close_tenure(h, &open, e->section, e);
	}
	for (i = 0; i < h->nr_tenures; i++)
		if (h->tenures[i].current)
			h->tenures[i].end = h->last;
	strmap_clear(&open, false);
}

static const struct version *sort_versions;

static int cmp_ready(const void *x, const void *y)
{
	const struct version *a = &sort_versions[*(const size_t *)x];
	const struct version *b = &sort_versions[*(const size_t *)y];

	if (a->ready != b->ready)
		return a->ready < b->ready ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

static int cmp_event(const void *x, const void *y)
{
	const struct mh_event *a = x, *b = y;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	/* renames first, then removals, then additions */
	if ((a->type != 0) != (b->type != 0))
		return a->type ? 1 : -1;
	if (a->added != b->added)
		return a->added ? 1 : -1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void mark_first(struct mh_history *h, const char *hash)
{
	size_t i;

	for (i = 0; i < h->nr_events; i++)
		if (!strcmp(h->events[i].hash, hash))
			h->events[i].initial = true;
}

/*
 * Map the events' addresses through the .mailmap, and drop a removal and
 * an addition of the same person in the same commit, section and role:
 * the entry only changed its spelling or address.
 */
static void map_people(struct mh_history *h, const struct ident_mailmap *mm,
		       mh_canon_fn *canon, const void *ctx)
{
	size_t i, j, out = 0;

	for (i = 0; (mm || canon) && i < h->nr_events; i++) {
		struct mh_event *e = &h->events[i];
		const char *name = "", *email = e->key, *main;

		if (!e->type || !strcmp(e->key, "\001carried"))
			continue;
		if (mm && ident_map(mm, &name, &email)) {
			char *lc = lowercase(email);

			free(e->key);
			e->key = lc;
		}
		/* one person's addresses are one key: no turnover */
		main = canon ? canon(ctx, e->key) : NULL;
		if (main && strcmp(e->key, main)) {
			free(e->key);
			e->key = xstrdup(main);
		}
	}
	for (i = 0; i < h->nr_events; i++) {
		struct mh_event *e = &h->events[i];

		if (!e->type || e->added || !e->hash)
			continue;
		for (j = 0; j < h->nr_events; j++) {
			struct mh_event *f = &h->events[j];

			if (f->added && f->type == e->type && f->hash &&
			    !strcmp(f->hash, e->hash) && !strcmp(f->key, e->key) &&
			    !strcmp(f->section, e->section)) {
				/* mark both: the tenure goes on */
				free(e->hash);
				e->hash = NULL;
				free(f->hash);
				f->hash = NULL;
				break;
			}
		}
	}
	for (i = 0; i < h->nr_events; i++) {
		struct mh_event *e = &h->events[i];

		if (e->hash) {
			h->events[out++] = *e;
			continue;
		}
		free(e->section);
		free(e->person);
		free(e->key);
	}
	h->nr_events = out;
}

/* Every indexed version of MAINTAINERS up to @until (0: all), in time order. */
/*
 * The versions, few, drive the join (CROSS JOIN keeps SQLite from
 * walking every commit in time order to sort them: 0.17 s at 1.4M).
 */
static int load_versions(struct idx *ix, int64_t until, int64_t after,
			 struct version **vp, size_t *nrp)
{
	static const char sql[] =
		"SELECT c.hash, c.commit_time, c.nparents, m.blob, b.id "
		"FROM maintainers m CROSS JOIN commits c ON c.id = m.commit_id "
		"LEFT JOIN blobs b ON b.hash = m.blob "
		"WHERE (?1 = 0 OR c.commit_time <= ?1) AND m.commit_id > ?2 "
		"ORDER BY c.commit_time, c.id";
	struct version *v = NULL;
	size_t nr = 0, alloc = 0;
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	sqlite3_bind_int64(st, 1, until);
	sqlite3_bind_int64(st, 2, after);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *b = (const char *)sqlite3_column_text(st, 3);

		ALLOC_GROW(v, nr + 1, alloc);
		memset(&v[nr], 0, sizeof(v[nr]));
		v[nr].hash = xstrdup((const char *)sqlite3_column_text(st, 0));
		v[nr].time = sqlite3_column_int64(st, 1);
		v[nr].nparents = sqlite3_column_int(st, 2);
		v[nr].blob = xstrdup(b ? b : "");
		v[nr].blob_id = sqlite3_column_int64(st, 4);
		nr++;
	}
	sqlite3_finalize(st);
	*vp = v;
	*nrp = nr;
	return 0;
}

static void free_parent_blobs(struct version *v)
{
	int k;

	for (k = 0; v->parent_blobs && k < v->nparents; k++)
		free(v->parent_blobs[k]);
	free(v->parent_blobs);
}

/* When git cannot tell the parents: each version against the one before. */
static void linear_parents(struct version *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free_parent_blobs(&v[i]);
		v[i].nparents = i ? 1 : 0;
		v[i].parent_blobs = xcalloc(2, sizeof(char *));
		if (i)
			v[i].parent_blobs[0] = xstrdup(v[i - 1].blob);
	}
}

static void need_one_more(struct strmap *need, const char *blob)
{
	struct strmap_entry *e = strmap_insert(need, blob, strlen(blob));

	e->value = (void *)((uintptr_t)e->value + 1);
}

/* How many versions need each text: they are kept until then. */
static void count_needs(struct strmap *need, const struct version *v,
			size_t nr)
{
	size_t i;
	int k;

	strmap_init(need);
	for (i = 0; i < nr; i++) {
		need_one_more(need, v[i].blob);
		for (k = 0; k < v[i].nparents; k++)
			need_one_more(need, v[i].parent_blobs[k]);
	}
}

/* The blobs' ids by hash. */
static void load_blob_ids(struct idx *ix, struct strmap *ids)
{
	sqlite3_stmt *st;

	strmap_init(ids);
	if (sqlite3_prepare_v2(ix->db, "SELECT id, hash FROM blobs", -1, &st,
			       NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *bh = (const char *)sqlite3_column_text(st, 1);

		strmap_insert(ids, bh, strlen(bh))->value =
			(void *)(intptr_t)sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
}

/* The versions by the last blob id each needs, its own or a parent's. */
static size_t *order_by_ready(struct version *v, size_t nr,
			      struct strmap *ids)
{
	size_t *order = xcalloc(nr + 1, sizeof(size_t)), i;
	int k;

	for (i = 0; i < nr; i++) {
		int64_t r = v[i].blob_id;

		for (k = 0; k < v[i].nparents; k++) {
			int64_t p = (int64_t)(intptr_t)strmap_get(ids,
				v[i].parent_blobs[k], strlen(v[i].parent_blobs[k]));

			if (p > r)
				r = p;
		}
		v[i].ready = r;
		order[i] = i;
	}
	sort_versions = v;
	qsort(order, nr, sizeof(*order), cmp_ready);
	return order;
}

/* Keep the text just read if some version still needs it. */
static void keep_if_needed(struct blob_store *bs, struct strmap *need,
			   const char *hash)
{
	struct strmap_entry *e = strmap_find(need, hash, strlen(hash));

	if (!e || !e->value || strmap_get(&bs->keep, hash, strlen(hash)))
		return;
	/* the text itself, not a copy */
	strmap_insert(&bs->keep, hash, strlen(hash))->value =
		text_ref(bs->cur);
}

static const struct strbuf *kept_text(struct blob_store *bs, const char *blob,
				      const struct strbuf *empty)
{
	const struct text *t;

	if (!blob[0])
		return empty;
	t = strmap_get(&bs->keep, blob, strlen(blob));
	return t ? &t->sb : NULL;
}

/*
 * The events of one version: its text against the parent's it differs
 * least from (merges), or all of it new when no parent's is known.
 */
static void compare_version(struct mh_history *h, struct version *v,
			    struct blob_store *bs)
{
	static const struct strbuf empty = STRBUF_INIT;
	const struct strbuf *mine = kept_text(bs, v->blob, &empty), *best = NULL;
	struct mh_diff d = { 0 }, bd = { 0 };
	int k;

	if (!mine)
		mine = &empty;
	for (k = 0; k < v->nparents; k++) {
		const struct strbuf *pt = kept_text(bs, v->parent_blobs[k],
						    &empty);

		if (!pt)
			continue;
		memset(&d, 0, sizeof(d));
		mh_diff_texts(pt->buf, pt->len, mine->buf, mine->len, &d);
		if (!best || d.nr < bd.nr) {
			mh_diff_release(&bd);
			bd = d;
			best = pt;
		} else {
			mh_diff_release(&d);
		}
	}
	if (!best) {
		mh_diff_texts("", 0, mine->buf, mine->len, &bd);
		for (k = 0; k < (int)bd.nr; k++)
			bd.v[k].split = false;
	}
	v->first = !best;
	v->ev_begin = h->nr_events;
	events_of_diff(h, v, &bd);
	mh_diff_release(&bd);
}

/* Drop the texts of @v and its parents that nobody needs any more. */
static void release_texts(struct blob_store *bs, struct strmap *need,
			  const struct version *v)
{
	int k;

	for (k = -1; k < v->nparents; k++) {
		const char *bh = k < 0 ? v->blob : v->parent_blobs[k];
		struct strmap_entry *e = strmap_find(need, bh, strlen(bh)), *ke;

		if (!e || !e->value)
			continue;
		e->value = (void *)((uintptr_t)e->value - 1);
		if (e->value)
			continue;
		ke = strmap_find(&bs->keep, bh, strlen(bh));
		if (ke && ke->value) {
			text_unref(ke->value);
			ke->value = NULL;
		}
	}
}

/*
 * Walk the blobs in storage order; a version is compared as soon as
 * the texts of it and its parents have all been seen, and a text is
 * kept only while some version still needs it.
 */
static void walk_blobs(struct mh_history *h, struct version *v, size_t nr,
		       struct blob_store *bs, struct strmap *need,
		       struct strmap *ids)
{
	size_t *order = order_by_ready(v, nr, ids), next = 0;
	const char *hash;

	do {
		int64_t at;

		hash = store_next(bs);
		at = hash ? bs->cur_id : INT64_MAX;
		if (hash)
			keep_if_needed(bs, need, hash);
		while (next < nr && v[order[next]].ready <= at) {
			struct version *one = &v[order[next++]];

			compare_version(h, one, bs);
			release_texts(bs, need, one);
		}
	} while (hash);
	free(order);
}

/* Events in time order, the first version's people marked, tenures. */
static void finish_history(struct mh_history *h, const struct version *v,
			   size_t nr)
{
	size_t i;

	/* seq keeps a commit's own order */
	for (i = 0; i < h->nr_events; i++)
		h->events[i].seq = i;
	if (h->nr_events)
		qsort(h->events, h->nr_events, sizeof(*h->events), cmp_event);
	/* the first version's people were there before the index starts */
	for (i = 0; i < nr; i++)
		if (v[i].first && v[i].time == h->first)
			mark_first(h, v[i].hash);
	derive_tenures(h);
}

int mh_history_load(struct idx *ix, int64_t until,
		    const struct ident_mailmap *mm, mh_canon_fn *canon,
		    const void *ctx, struct mh_history *h)
{
	struct version *v = NULL;
	size_t nr = 0, i;
	struct blob_store bs;
	struct strmap need;	/* blob hash -> versions still needing it */
	struct strmap ids;	/* blob hash -> id */

	memset(h, 0, sizeof(*h));
	if (load_versions(ix, until, -1, &v, &nr))
		return -1;
	h->versions = nr;
	if (!nr)
		return 0;
	h->first = v[0].time;
	h->last = v[nr - 1].time;

	/* each version against its parents' versions, if git can tell */
	if (parent_blobs(v, nr))
		linear_parents(v, nr);
	count_needs(&need, v, nr);
	load_blob_ids(ix, &ids);
	if (store_open(&bs, ix)) {
		strmap_clear(&need, false);
		strmap_clear(&ids, false);
		goto out;
	}
	walk_blobs(h, v, nr, &bs, &need, &ids);
	store_close(&bs);
	strmap_clear(&need, false);
	map_people(h, mm, canon, ctx);
	finish_history(h, v, nr);
	strmap_clear(&ids, false);
out:
	for (i = 0; i < nr; i++) {
		free(v[i].hash);
		free(v[i].blob);
		free_parent_blobs(&v[i]);
	}
	free(v);
	return 0;
}

/* Keep the text of @blob ("" none) in @bs, read from the index. */
static void keep_text(struct blob_store *bs, const char *blob)
{
	struct text *t;

	if (!blob[0] || strmap_get(&bs->keep, blob, strlen(blob)))
		return;
	t = new_text(0);
	if (idx_blob_text(bs->ix, blob, &t->sb)) {
		/* not stored: absent, as the walk would not have met it */
		text_unref(t);
		return;
	}
	strmap_insert(&bs->keep, blob, strlen(blob))->value = t;
}

int mh_events_after(struct idx *ix, int64_t after,
		    const struct ident_mailmap *mm, struct mh_history *h)
{
	struct version *v = NULL;
	struct blob_store bs;
	size_t nr = 0, i;
	int k, rc = 0;

	memset(h, 0, sizeof(*h));
	if (load_versions(ix, 0, after, &v, &nr))
		return -1;
	h->versions = nr;
	if (nr && parent_blobs(v, nr))
		rc = 1;	/* the caller reads them all, as the walk would */
	if (store_open(&bs, ix))
		rc = -1;
	for (i = 0; !rc && i < nr; i++) {
		keep_text(&bs, v[i].blob);
		for (k = 0; k < v[i].nparents; k++)
			keep_text(&bs, v[i].parent_blobs[k]);
		compare_version(h, &v[i], &bs);
	}
	store_close(&bs);
	if (!rc) {
		map_people(h, mm, NULL, NULL);
		for (i = 0; i < h->nr_events; i++)
			h->events[i].seq = i;
		if (h->nr_events)
			qsort(h->events, h->nr_events, sizeof(*h->events),
			      cmp_event);
	}
	for (i = 0; i < nr; i++) {
		free(v[i].hash);
		free(v[i].blob);
		free_parent_blobs(&v[i]);
	}
	free(v);
	return rc;
}

void mh_history_release(struct mh_history *h)
{
	size_t i;

	for (i = 0; i < h->nr_events; i++) {
		free(h->events[i].hash);
		free(h->events[i].section);
		free(h->events[i].person);
		free(h->events[i].key);
	}
	free(h->events);
	for (i = 0; i < h->nr_tenures; i++) {
		free(h->tenures[i].section);
		free(h->tenures[i].person);
		free(h->tenures[i].key);
	}
	free(h->tenures);
	memset(h, 0, sizeof(*h));
}
