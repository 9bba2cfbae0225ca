// SPDX-License-Identifier: GPL-2.0
#include "identity.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "derived.h"
#include "email.h"
#include "glib-load.h"
#include "maintainers-history.h"
#include "people-table.h"
#include "queries.h"
#include "utf8.h"

/* ---- names ---- */

/* GLib does the Unicode (normalization, case folding, scripts, marks). */

/* Latin letters NFD does not take apart, written out as their users do. */
static const struct {
	gunichar c;
	const char *s;
} latin_strokes[] = {
	{ 0x00df, "ss" }, { 0x00e6, "ae" }, { 0x00c6, "ae" }, { 0x00f8, "o" },
	{ 0x00d8, "o" },  { 0x0142, "l" },  { 0x0141, "l" },  { 0x0111, "d" },
	{ 0x0110, "d" },  { 0x00f0, "d" },  { 0x00d0, "d" },  { 0x0127, "h" },
	{ 0x0126, "h" },  { 0x0131, "i" },  { 0x0153, "oe" }, { 0x0152, "oe" },
	{ 0x00fe, "th" }, { 0x00de, "th" },
};

static bool is_sep(gunichar c)
{
	return g_unichar_isspace(c) || c == '.' || c == '-' || c == '_' ||
	       c == ',';
}

static bool is_apostrophe(gunichar c)
{
	return c == '\'' || c == 0x2019 || c == '`';
}

/* "Jan Kara (SUSE)" -> length of "Jan Kara" */
static size_t strip_affiliation(const char *s, size_t n)
{
	size_t end = n;

	while (end && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	if (end && s[end - 1] == ')') {
		size_t k = end - 1;

		while (k && s[k] != '(')
			k--;
		if (s[k] == '(' && k)
			end = k;
	}
	return end;
}

static void add_unichar(struct strbuf *sb, gunichar c)
{
	char buf[8];

	strbuf_add(sb, buf, (size_t)g_unichar_to_utf8(c, buf));
}

/*
 * The fold of an ASCII name without GLib: what the Unicode steps below
 * come to on ASCII (NFD and NFC change nothing, there are no marks nor
 * strokes, case folding is tolower), at a tenth of their cost.  Every
 * kmaint that judges people folds every name of the history at start.
 */
static void fold_ascii(const char *name, size_t n, struct strbuf *out)
{
	bool space = true;
	size_t i;

	for (i = 0; i < n; i++) {
		char c = name[i];

		if (c == '\'' || c == '`')
			continue;
		/* g_unichar_isspace() and is_sep() on ASCII */
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '.' || c == '-' || c == '_' || c == ',') {
			if (!space)
				strbuf_addch(out, ' ');
			space = true;
			continue;
		}
		space = false;
		strbuf_addch(out, (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
	}
	while (out->len && out->buf[out->len - 1] == ' ')
		strbuf_setlen(out, out->len - 1);
}

static bool all_ascii(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80 || !s[i])
			return false;
	return true;
}

void identity_fold_name(const char *name, struct strbuf *out)
{
	size_t n = strlen(name);

	strbuf_reset(out);
	while (n && (*name == '"' || *name == ' ' || *name == '\t')) {
		name++;
		n--;
	}
	while (n && (name[n - 1] == '"' || name[n - 1] == ' '))
		n--;
	n = strip_affiliation(name, n);
	if (!n)
		return;
	if (all_ascii(name, n))
		fold_ascii(name, n, out);
	else
		identity_fold_unicode(name, n, out);
}

void identity_fold_unicode(const char *name, size_t n, struct strbuf *out)
{
	struct strbuf g = STRBUF_INIT;
	gchar *nfd, *nfc, *fold;
	const char *p, *end;
	size_t step, i;
	bool latin_base = false, space = true;

	strbuf_reset(out);
	glib_load();
	if (!g_utf8_validate(name, (gssize)n, NULL)) {
		/* not UTF-8: ASCII case only, the bytes as they are */
		for (i = 0; i < n; i++)
			strbuf_addch(out, (name[i] >= 'A' && name[i] <= 'Z') ?
				     name[i] - 'A' + 'a' : name[i]);
		return;
	}
	nfd = g_utf8_normalize(name, (gssize)n, G_NORMALIZE_NFD);
	if (!nfd)
		return;
	end = nfd + strlen(nfd);
	for (p = nfd; p < end; p += step) {
		gunichar c = g_utf8_get_char(p);

		/* GLib's output is valid UTF-8; never stall on a surprise */
		step = utf8_seq((const unsigned char *)p, (size_t)(end - p));
		if (!step)
			step = 1;

		if (g_unichar_ismark(c)) {
			/* é = e; but Cyrillic й stays й */
			if (!latin_base)
				add_unichar(&g, c);
			continue;
		}
		latin_base = g_unichar_get_script(c) == G_UNICODE_SCRIPT_LATIN;
		if (is_apostrophe(c))
			continue;
		if (is_sep(c)) {
			if (!space)
				strbuf_addch(&g, ' ');
			space = true;
			continue;
		}
		space = false;
		for (i = 0; i < ARRAY_SIZE(latin_strokes); i++)
			if (latin_strokes[i].c == c)
				break;
		if (i < ARRAY_SIZE(latin_strokes))
			strbuf_addstr(&g, latin_strokes[i].s);
		else
			add_unichar(&g, c);
	}
	while (g.len && g.buf[g.len - 1] == ' ')
		strbuf_setlen(&g, g.len - 1);
	nfc = g_utf8_normalize(g.buf, (gssize)g.len, G_NORMALIZE_NFC);
	fold = g_utf8_casefold(nfc ? nfc : g.buf, -1);
	strbuf_addstr(out, fold);
	g_free(fold);
	g_free(nfc);
	g_free(nfd);
	strbuf_release(&g);
}

/* ---- the model ---- */

struct forest_edge {
	uint32_t a, b;
	enum identity_why why;
	int64_t commit;
	const char *hash;	/* points into the mh history, copied below */
};

struct builder {
	struct identity *id;
	uint32_t *parent;
	size_t alloc_parent;
	struct forest_edge *edges;
	size_t nr_edges, alloc_edges;
	/* per people id */
	long *authored, *committed, *tagged;
	uint32_t *fold;		/* folded-name id + 1, 0: none */
	struct strmap folds;	/* folded name -> id + 1 */
	size_t nr_folds;
	uint32_t *name_only;	/* folded-name id + 1 -> its name-only addr + 1 */
	size_t alloc_name_only;
	bool *one_word;		/* folded-name id + 1 -> a single word */
	size_t alloc_one_word;
};

/* A new address of its own (a tree of one), owning @email. */
static uint32_t new_addr(struct builder *b, char *email)
{
	struct identity *id = b->id;
	struct identity_addr *a;

	ALLOC_GROW(id->addrs, id->nr_addrs + 1, id->alloc_addrs);
	a = &id->addrs[id->nr_addrs];
	memset(a, 0, sizeof(*a));
	a->email = email;
	if (b->alloc_parent < id->nr_addrs + 1) {
		b->alloc_parent = (id->nr_addrs + 1) * 2;
		b->parent = xrealloc(b->parent,
				     b->alloc_parent * sizeof(*b->parent));
	}
	b->parent[id->nr_addrs] = (uint32_t)id->nr_addrs;
	return (uint32_t)id->nr_addrs++;
}

static uint32_t add_addr(struct builder *b, const char *email)
{
	struct identity *id = b->id;
	struct strbuf lc = STRBUF_INIT;
	struct strmap_entry *e;
	const char *p;

	for (p = email; *p; p++)
		strbuf_addch(&lc, (*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
	e = strmap_insert(&id->by_addr, lc.buf, lc.len);
	if (!e->value)
		e->value = (void *)(uintptr_t)
			   (new_addr(b, strbuf_detach(&lc, NULL)) + 1);
	strbuf_release(&lc);
	return (uint32_t)((uintptr_t)e->value - 1);
}

/*
 * The address-less stand-in for folded name @fold: one per folded name,
 * so that "Jane Doe" and "JANE DOE" in two trailers are one identity.
 */
static uint32_t name_only_addr(struct builder *b, uint32_t fold)
{
	uint32_t a;

	if (fold < b->alloc_name_only && b->name_only[fold])
		return b->name_only[fold] - 1;
	if (fold >= b->alloc_name_only) {
		size_t n = (fold + 1) * 2;

		b->name_only = xrealloc(b->name_only, n * sizeof(uint32_t));
		memset(b->name_only + b->alloc_name_only, 0,
		       (n - b->alloc_name_only) * sizeof(uint32_t));
		b->alloc_name_only = n;
	}
	a = new_addr(b, xstrdup(""));
	b->id->addrs[a].name_only = true;
	b->name_only[fold] = a + 1;
	return a;
}

static uint32_t find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

/* Join the trees of @x and @y; false when they were one already. */
static bool join(struct builder *b, uint32_t x, uint32_t y,
		 enum identity_why why, int64_t commit, const char *hash)
{
	uint32_t rx = find(b->parent, x), ry = find(b->parent, y);
	struct forest_edge *e;

	if (rx == ry)
		return false;
	/* the smaller index stays the root: the result is order-free */
	if (rx < ry)
		b->parent[ry] = rx;
	else
		b->parent[rx] = ry;
	ALLOC_GROW(b->edges, b->nr_edges + 1, b->alloc_edges);
	e = &b->edges[b->nr_edges++];
	e->a = x;
	e->b = y;
	e->why = why;
	e->commit = commit;
	e->hash = hash ? xstrdup(hash) : NULL;
	return true;
}

static uint32_t fold_id(struct builder *b, const char *name)
{
	struct strbuf f = STRBUF_INIT;
	struct strmap_entry *e;
	uint32_t v = 0;

	identity_fold_name(name, &f);
	if (f.len) {
		e = strmap_insert(&b->folds, f.buf, f.len);
		if (!e->value) {
			e->value = (void *)(uintptr_t)++b->nr_folds;
			ALLOC_GROW(b->one_word, b->nr_folds + 1,
				   b->alloc_one_word);
			b->one_word[b->nr_folds] = !strchr(f.buf, ' ');
		}
		v = (uint32_t)(uintptr_t)e->value;
	}
	strbuf_release(&f);
	return v;
}

/* One of rule 2's pairs, and what orders it: see join_commits(). */
struct pair {
	int64_t time, commit;
	size_t seq;
	uint32_t x, y;
	char *hash;			/* only when its time is shared */
};

static int pair_cmp(const void *va, const void *vb)
{
	const struct pair *a = va, *b = vb;
	int c;

	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->commit != b->commit && a->hash && b->hash &&
	    (c = strcmp(a->hash, b->hash)))
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * Sort @p by commit time, then hash, then the order found: the hashes
 * are read only for the commits that share a second with another.
 */
static void sort_pairs(struct idx *ix, struct pair *p, size_t n)
{
	size_t i, j, k;

	qsort(p, n, sizeof(*p), pair_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && p[j].time == p[i].time; j++)
			;
		if (p[j - 1].commit == p[i].commit)
			continue;
		for (k = i; k < j; k++)
			p[k].hash = idx_commit_hash(ix, p[k].commit);
		qsort(p + i, j - i, sizeof(*p), pair_cmp);
	}
}

/*
 * Rule 2, commits: two addresses under one folded name in one commit,
 * joined in the order of derived_foreach_join_in_time().
 */
static void join_commits(struct builder *b, struct idx *ix,
			 const struct summary *sm)
{
	const struct identity *id = b->id;
	struct pair *p = NULL;
	size_t nr = 0, alloc = 0;
	uint32_t who[64];
	size_t i, n, x, y, t;

	for (i = 0; i < sm->nr; i++) {
		const struct summary_commit *c = &sm->commits[i];

		n = 0;
		who[n++] = c->author;
		who[n++] = c->committer;
		for (t = 0; t < c->nr_trailers && n < ARRAY_SIZE(who); t++)
			who[n++] = sm->trailers[c->trailer + t].person;
		for (x = 0; x < n; x++) {
			if (who[x] >= id->nr_people_ids || !id->of_people[who[x]] ||
			    !b->fold[who[x]])
				continue;
			for (y = x + 1; y < n; y++) {
				if (who[y] >= id->nr_people_ids ||
				    !id->of_people[who[y]] ||
				    b->fold[who[y]] != b->fold[who[x]])
					continue;
				ALLOC_GROW(p, nr + 1, alloc);
				p[nr] = (struct pair){ c->commit_time, c->id,
						       nr,
						       id->of_people[who[x]] - 1,
						       id->of_people[who[y]] - 1,
						       NULL };
				nr++;
			}
		}
	}
	sort_pairs(ix, p, nr);
	for (i = 0; i < nr; i++) {
		join(b, p[i].x, p[i].y, IW_COMMIT, p[i].commit, NULL);
		free(p[i].hash);
	}
	free(p);
}

/* The name part of "Name <addr>", unquoted. */
static void value_name(const char *value, struct strbuf *out)
{
	const char *lt = strchr(value, '<');

	strbuf_reset(out);
	strbuf_add(out, value, lt ? (size_t)(lt - value) : 0);
	strbuf_trim(out);
	if (out->len >= 2 && out->buf[0] == '"' && out->buf[out->len - 1] == '"') {
		memmove(out->buf, out->buf + 1, out->len - 2);
		strbuf_setlen(out, out->len - 2);
	}
}

static const struct mh_event *sort_events;

/* By commit, then section: mh_history_load() orders them by time. */
static int cmp_event(const void *x, const void *y)
{
	const struct mh_event *a = &sort_events[*(const size_t *)x];
	const struct mh_event *b = &sort_events[*(const size_t *)y];
	int c = strcmp(a->hash, b->hash);

	if (!c)
		c = strcmp(a->section, b->section);
	if (!c)
		c = (*(const size_t *)x > *(const size_t *)y) -
		    (*(const size_t *)x < *(const size_t *)y);
	return c;
}

/*
 * Finding rule 2's joins reads every version of MAINTAINERS, which costs
 * seconds at every call on a long history (Linux has tens of thousands
 * of versions), while they change only when MAINTAINERS or the .mailmap
 * does.  So they are kept in a file beside the index (PATH.mjoins), under
 * a key naming the versions indexed and the .mailmap; a query that finds
 * the key the same replays them in the same order.  A file that cannot
 * be read or written is only a cost, never an error.
 */
#define MJOINS_MAGIC "kmaint-mjoins 1"

/* One of rule 2's MAINTAINERS pairs: @r replaced by @a in commit @hash. */
struct mpair {
	const char *r, *a, *hash;
};

struct mpairs {
	struct mpair *v;
	size_t nr, alloc;
};

static void add_mpair(struct mpairs *p, const char *r, const char *a,
		      const char *hash)
{
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr].r = r;
	p->v[p->nr].a = a;
	p->v[p->nr++].hash = hash;
}

static char *mjoins_key(struct idx *ix, const char *mailmap)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a of the .mailmap */
	char *key = NULL, *fp;
	const char *p;

	for (p = mailmap ? mailmap : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	fp = idx_maintainers_fingerprint(ix);
	if (fp)
		key = xstrfmt(MJOINS_MAGIC " %s %016llx", fp,
			      (unsigned long long)h);
	free(fp);
	return key;
}

/* Read a whole .mjoins file (its last line "."): false if it is not. */
static bool read_mjoins(const char *path, struct strbuf *t)
{
	char buf[65536];
	FILE *fp = fopen(path, "r");
	size_t n;

	if (!fp)
		return false;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(t, buf, n);
	fclose(fp);
	return t->len >= 3 && !memcmp(t->buf + t->len - 3, "\n.\n", 3);
}

/* Keep @joins under @key, written whole or not at all. */
static void mjoins_save(const char *path, const char *key,
			const struct strbuf *joins)
{
	char *tmp = xstrfmt("%s.%ld", path, (long)getpid());
	FILE *fp = fopen(tmp, "w");

	if (!fp) {
		free(tmp);
		return;
	}
	fprintf(fp, "%s\n%s.\n", key, joins->len ? joins->buf : "");
	if (fclose(fp) || rename(tmp, path))
		unlink(tmp);
	free(tmp);
}

/*
 * The pairs of @h: in one commit and one section, a listed person
 * removed and one added under the same folded name, by commit hash and
 * section (the strings are @h's).
 */
static void maintainers_pairs(const struct mh_history *h, struct mpairs *out)
{
	struct strbuf n1 = STRBUF_INIT, n2 = STRBUF_INIT;
	struct strbuf f1 = STRBUF_INIT, f2 = STRBUF_INIT;
	size_t *order, i, j, k, start;

	order = xcalloc(h->nr_events + 1, sizeof(size_t));
	for (i = 0; i < h->nr_events; i++)
		order[i] = i;
	sort_events = h->events;
	if (h->nr_events)
		qsort(order, h->nr_events, sizeof(size_t), cmp_event);
	for (start = 0; start < h->nr_events; start = i) {
		const struct mh_event *e0 = &h->events[order[start]];

		for (i = start; i < h->nr_events &&
		     !strcmp(h->events[order[i]].hash, e0->hash) &&
		     !strcmp(h->events[order[i]].section, e0->section); i++)
			;
		for (j = start; j < i; j++) {
			const struct mh_event *r = &h->events[order[j]];

			if (r->added || !r->type || r->initial ||
			    !strchr(r->key, '@'))
				continue;
			value_name(r->person, &n1);
			identity_fold_name(n1.buf, &f1);
			if (!f1.len)
				continue;
			for (k = start; k < i; k++) {
				const struct mh_event *a = &h->events[order[k]];

				if (!a->added || !a->type || !strchr(a->key, '@') ||
				    !strcmp(a->key, r->key))
					continue;
				value_name(a->person, &n2);
				identity_fold_name(n2.buf, &f2);
				if (!strcmp(f1.buf, f2.buf))
					add_mpair(out, r->key, a->key, r->hash);
			}
		}
	}
	free(order);
	strbuf_release(&n1);
	strbuf_release(&n2);
	strbuf_release(&f1);
	strbuf_release(&f2);
}

/*
 * Call @fn with the pairs in their order and keep them, if they can be
 * written (no tab nor newline in them), under @key in @cache.
 */
static void walk_mpairs(const struct mpairs *p, const char *cache,
			const char *key, identity_mjoin_fn *fn, void *data)
{
	struct strbuf joins = STRBUF_INIT;
	bool keep = key != NULL;
	size_t i;

	for (i = 0; i < p->nr; i++) {
		const struct mpair *m = &p->v[i];

		fn(m->r, m->a, m->hash, data);
		if (!m->hash || strpbrk(m->r, "\t\n") ||
		    strpbrk(m->a, "\t\n") || strpbrk(m->hash, "\t\n"))
			keep = false;
		else
			strbuf_addf(&joins, "%s\t%s\t%s\n", m->r, m->a, m->hash);
	}
	if (keep)
		mjoins_save(cache, key, &joins);
	strbuf_release(&joins);
}

/*
 * The pairs kept in @t (a whole .mjoins file, changed in place) after
 * its key line.
 */
static void parse_mjoins(char *t, size_t len, struct mpairs *out)
{
	char *p = strchr(t, '\n'), *end = t + len - 2;

	for (p = p ? p + 1 : end; p < end; ) {
		char *nl = strchr(p, '\n'), *a = strchr(p, '\t'), *h;

		if (!nl || !a || a > nl || !(h = strchr(a + 1, '\t')) || h > nl)
			break;	/* made by us: cannot happen */
		*a++ = *h++ = *nl = '\0';
		add_mpair(out, p, a, h);
		p = nl + 1;
	}
}

/* Merge @add into @p by commit hash, as maintainers_pairs() orders them. */
static void merge_mpairs(struct mpairs *p, const struct mpairs *add)
{
	struct mpairs m = { 0 };
	size_t i = 0, j = 0;

	while (i < p->nr || j < add->nr) {
		const struct mpair *x;

		if (j >= add->nr || (i < p->nr &&
				     strcmp(p->v[i].hash, add->v[j].hash) <= 0))
			x = &p->v[i++];
		else
			x = &add->v[j++];
		add_mpair(&m, x->r, x->a, x->hash);
	}
	free(p->v);
	*p = m;
}

/* Replay the kept joins if the file is whole and its key is @key. */
static bool mjoins_replay(const char *path, const char *key,
			  identity_mjoin_fn *fn, void *data)
{
	struct strbuf t = STRBUF_INIT;
	struct mpairs p = { 0 };
	size_t klen = strlen(key);
	bool ok = read_mjoins(path, &t) && t.len >= klen + 3 &&
		  !memcmp(t.buf, key, klen) && t.buf[klen] == '\n';

	if (ok) {
		parse_mjoins(t.buf, t.len, &p);
		walk_mpairs(&p, NULL, NULL, fn, data);
	}
	free(p.v);
	strbuf_release(&t);
	return ok;
}

/*
 * The pairs kept under an older key of the same .mailmap, when its
 * versions are still exactly the versions of the commits up to the
 * largest it names: the pairs of the newer versions are found from
 * them alone (a few, for an update) and merged in, and the whole kept
 * under @key.  False when that cannot be done: then every version is
 * read again.
 */
static bool mjoins_extend(struct idx *ix, const char *cache, const char *key,
			  const struct ident_mailmap *mm, identity_mjoin_fn *fn,
			  void *data)
{
	struct strbuf t = STRBUF_INIT;
	struct mpairs p = { 0 }, add = { 0 };
	struct mh_history h;
	char *nl, *old_fp = NULL, *fp = NULL;
	const char *ksuffix = strrchr(key, ' ');
	size_t start, klen;
	long long count, upto;
	double total;
	bool ok = false;

	if (!read_mjoins(cache, &t) || !(nl = strchr(t.buf, '\n')) ||
	    strncmp(t.buf, MJOINS_MAGIC " ", strlen(MJOINS_MAGIC) + 1)) {
		strbuf_release(&t);
		return false;
	}
	/* "kmaint-mjoins 1 COUNT TOTAL UPTO BLOB MAILMAP" */
	start = strlen(MJOINS_MAGIC) + 1;
	klen = (size_t)(nl - t.buf);
	if (ksuffix && klen > start + strlen(ksuffix) &&
	    !memcmp(nl - strlen(ksuffix), ksuffix, strlen(ksuffix)) &&
	    sscanf(t.buf + start, "%lld %lf %lld", &count, &total,
		   &upto) == 3) {
		old_fp = xstrndup(t.buf + start,
				  klen - start - strlen(ksuffix));
		fp = idx_maintainers_fingerprint_upto(ix, upto);
		ok = fp && !strcmp(fp, old_fp);
	}
	free(fp);
	free(old_fp);
	if (ok && (ok = !mh_events_after(ix, upto, mm, &h))) {
		parse_mjoins(t.buf, t.len, &p);
		maintainers_pairs(&h, &add);
		if (getenv("KMAINT_DEBUG"))
			fprintf(stderr, "identity: the MAINTAINERS joins of "
				"%zu newer versions (%zu) merged into the %zu "
				"kept\n", h.versions, add.nr, p.nr);
		merge_mpairs(&p, &add);
		walk_mpairs(&p, cache, key, fn, data);
		mh_history_release(&h);
	}
	free(p.v);
	free(add.v);
	strbuf_release(&t);
	return ok;
}

int identity_mjoins(struct idx *ix, unsigned flags, identity_mjoin_fn *fn,
		   void *data)
{
	struct mh_history h;
	struct ident_mailmap *mm = ident_mailmap_new();
	char *text, *key, *cache = xstrfmt("%s.mjoins", ix->path);
	struct mpairs p = { 0 };
	int rc = 0;

	/*
	 * Listed addresses as the people table has them: after the .mailmap
	 * the index was made with, whose text it keeps (no git to ask).
	 */
	text = idx_meta_get(ix, "mailmap");
	key = mjoins_key(ix, text);
	if (text)
		ident_mailmap_add(mm, text, strlen(text));
	free(text);
	if (key && !(flags & IDENTITY_FRESH) &&
	    (mjoins_replay(cache, key, fn, data) ||
	     mjoins_extend(ix, cache, key, mm, fn, data)))
		goto out;
	if (mh_history_load(ix, 0, mm, NULL, NULL, &h)) {
		rc = -1;
		goto out;
	}
	maintainers_pairs(&h, &p);
	walk_mpairs(&p, cache, key, fn, data);
	free(p.v);
	mh_history_release(&h);
out:
	ident_mailmap_free(mm);
	free(key);
	free(cache);
	return rc;
}

static void join_mjoin(const char *r, const char *a, const char *hash,
		       void *data)
{
	struct builder *b = data;
	/*
	 * The replacing address first: the places of the addresses only
	 * MAINTAINERS names follow that order (people/identity-store.c),
	 * which gcc gave the calls in join()'s arguments.
	 */
	uint32_t y = add_addr(b, a), x = add_addr(b, r);

	join(b, x, y, IW_MAINTAINERS, 0, hash);
}

/*
 * Rule 2, MAINTAINERS: in one commit and one section, a listed person
 * removed and one added under the same folded name.
 */
static int join_maintainers(struct builder *b, struct idx *ix)
{
	return identity_mjoins(ix, b->id->flags, join_mjoin, b);
}

/*
 * An address that says nothing about who wrote with it (git's defaults
 * on an unconfigured machine, none@none, no address at all) joins
 * nothing on a name: two people's laptops share it.  The employers'
 * domain fallback asks the same function (audit_employer()).
 */
static bool junk_address(const char *email)
{
	return email_names_nobody(email);
}

/*
 * Rule 4: one folded name is one person across its addresses, as gitdm
 * has it.  Not for junk addresses, nor for a name of one word ("root",
 * "admin", a nickname, a name written in one word of a script without
 * spaces), which says too little of who it is.  The addresses of a name
 * join the first of them in people id order, the index's, so the
 * result depends on the index alone.  A hash of folded names, no
 * comparison of pairs: linear in the people of the history.
 */
static void join_names(struct builder *b, const struct scope_people *people)
{
	struct identity *id = b->id;
	uint32_t *first = xcalloc(b->nr_folds + 1, sizeof(uint32_t)), f;
	size_t i;

	for (i = 0; i < id->nr_people_ids; i++) {
		f = b->fold[i];
		/* a "name" that is an address is no name */
		if (!f || b->one_word[f] || junk_address(people->email[i]) ||
		    strchr(people->name[i], '@'))
			continue;
		if (!first[f]) {
			first[f] = id->of_people[i];
		} else if (join(b, first[f] - 1, id->of_people[i] - 1, IW_NAME,
				0, NULL)) {
			id->name_joins = xrealloc(id->name_joins,
						  (id->nr_name_joins + 1) *
						  sizeof(*id->name_joins));
			id->name_joins[id->nr_name_joins][0] = first[f] - 1;
			id->name_joins[id->nr_name_joins++][1] =
				id->of_people[i] - 1;
		}
	}
	free(first);
}

/*
 * A name without an address ("Reviewed-by: Jane Doe") is the person of
 * that folded name when exactly one person has it (junk addresses are
 * nobody's); otherwise it stays an identity of its own, never nobody.
 */
static void join_name_only(struct builder *b, const struct scope_people *people)
{
	struct identity *id = b->id;
	uint32_t *root, f;
	size_t i;

	if (!b->alloc_name_only)
		return;
	/* folded-name id -> the root of its one person + 1, or UINT32_MAX */
	root = xcalloc(b->alloc_name_only, sizeof(uint32_t));
	for (i = 0; i < id->nr_people_ids; i++) {
		uint32_t r;

		f = b->fold[i];
		if (!f || f >= b->alloc_name_only || !b->name_only[f] ||
		    junk_address(people->email[i]))
			continue;
		r = find(b->parent, id->of_people[i] - 1) + 1;
		root[f] = !root[f] || root[f] == r ? r : UINT32_MAX;
	}
	for (f = 1; f < b->alloc_name_only; f++)
		if (b->name_only[f] && root[f] && root[f] != UINT32_MAX)
			join(b, root[f] - 1, b->name_only[f] - 1, IW_NAME, 0,
			     NULL);
	free(root);
}

static long addr_events(const struct identity_addr *a)
{
	return a->authored + a->committed + a->tagged;
}

static const struct identity *sort_id;

static int cmp_addr(const void *x, const void *y)
{
	const struct identity_addr *a = &sort_id->addrs[*(const uint32_t *)x];
	const struct identity_addr *b = &sort_id->addrs[*(const uint32_t *)y];
	long ea = addr_events(a), eb = addr_events(b);

	/* a name without an address is never the person's address */
	if (a->name_only != b->name_only)
		return a->name_only ? 1 : -1;
	if (ea != eb)
		return ea > eb ? -1 : 1;
	return strcmp(a->email, b->email);
}

void identity_sort_addrs(const struct identity *id, uint32_t *addrs, size_t n)
{
	sort_id = id;
	qsort(addrs, n, sizeof(uint32_t), cmp_addr);
}

static void build_persons(struct builder *b, const struct scope_people *people)
{
	struct identity *id = b->id;
	uint32_t *person_of_root = xcalloc(id->nr_addrs + 1, sizeof(uint32_t));
	long *best = NULL;
	size_t i, alloc = 0;

	for (i = 0; i < id->nr_addrs; i++) {
		uint32_t r = find(b->parent, (uint32_t)i);

		if (!person_of_root[r]) {
			ALLOC_GROW(id->persons, id->nr + 1, alloc);
			memset(&id->persons[id->nr], 0, sizeof(id->persons[0]));
			person_of_root[r] = (uint32_t)++id->nr;
		}
		id->addrs[i].person = person_of_root[r] - 1;
	}
	for (i = 0; i < id->nr_addrs; i++) {
		struct identity_person *p = &id->persons[id->addrs[i].person];

		p->addrs = xrealloc(p->addrs, (p->nr_addrs + 1) * sizeof(uint32_t));
		p->addrs[p->nr_addrs++] = (uint32_t)i;
		p->authored += id->addrs[i].authored;
		p->committed += id->addrs[i].committed;
		p->tagged += id->addrs[i].tagged;
		p->indexed |= id->addrs[i].indexed;
	}
	for (i = 0; i < id->nr; i++) {
		struct identity_person *p = &id->persons[i];

		identity_sort_addrs(id, p->addrs, p->nr_addrs);
		p->email = id->addrs[p->addrs[0]].email;
		p->name = "";
	}
	/* the name used most; ties: the later people id (a newer spelling) */
	best = xcalloc(id->nr + 1, sizeof(long));
	for (i = 0; i < id->nr; i++)
		best[i] = -1;
	for (i = 0; i < id->nr_people_ids; i++) {
		long ev;
		int pn;

		if (!id->of_people[i] || !people->name[i] || !*people->name[i])
			continue;
		pn = identity_of(id, (int64_t)i);
		ev = b->authored[i] + b->committed[i] + b->tagged[i];
		if (ev >= best[pn]) {
			best[pn] = ev;
			id->persons[pn].name = people->name[i];
		}
	}
	free(best);
	free(person_of_root);
}

static void build_names(struct builder *b, const struct scope_people *people)
{
	struct identity *id = b->id;
	size_t i, k;

	strmap_init(&id->by_name);
	for (i = 0; i < id->nr_people_ids; i++) {
		struct strbuf f = STRBUF_INIT;
		struct strmap_entry *e;
		uint32_t p, set;

		if (!id->of_people[i] || !people->name[i] || !*people->name[i])
			continue;
		identity_fold_name(people->name[i], &f);
		if (!f.len) {
			strbuf_release(&f);
			continue;
		}
		p = (uint32_t)identity_of(id, (int64_t)i);
		e = strmap_insert(&id->by_name, f.buf, f.len);
		strbuf_release(&f);
		if (!e->value) {
			id->name_sets = xrealloc(id->name_sets, (id->nr_name_sets + 1) *
						 sizeof(*id->name_sets));
			id->name_sets_nr = xrealloc(id->name_sets_nr,
						    (id->nr_name_sets + 1) *
						    sizeof(size_t));
			id->name_sets[id->nr_name_sets] = NULL;
			id->name_sets_nr[id->nr_name_sets] = 0;
			e->value = (void *)(uintptr_t)++id->nr_name_sets;
		}
		set = (uint32_t)((uintptr_t)e->value - 1);
		for (k = 0; k < id->name_sets_nr[set]; k++)
			if (id->name_sets[set][k] == p)
				break;
		if (k < id->name_sets_nr[set])
			continue;
		id->name_sets[set] = xrealloc(id->name_sets[set],
					      (k + 1) * sizeof(uint32_t));
		id->name_sets[set][id->name_sets_nr[set]++] = p;
	}
}

/*
 * Each address keeps, for the evidence, the join that leads from it
 * towards its person's main address (the joins form a tree per person:
 * each put two groups together), and whether a join on the name alone
 * lies anywhere on that path: an address tied by a commit to another
 * that only its name joins to the person is joined on the name.
 */
static void keep_reasons(struct builder *b)
{
	struct identity *id = b->id;
	size_t *first = xcalloc(id->nr_addrs + 2, sizeof(size_t));
	uint32_t *adj = xcalloc(2 * b->nr_edges + 1, sizeof(uint32_t));
	uint32_t *queue = xcalloc(id->nr_addrs + 1, sizeof(uint32_t));
	bool *seen = xcalloc(id->nr_addrs + 1, sizeof(bool));
	size_t i, k, head, tail;

	/* the edges of each address, as index ranges of adj[] */
	for (i = 0; i < b->nr_edges; i++) {
		first[b->edges[i].a + 2]++;
		first[b->edges[i].b + 2]++;
	}
	for (i = 2; i < id->nr_addrs + 2; i++)
		first[i] += first[i - 1];
	for (i = 0; i < b->nr_edges; i++) {
		adj[first[b->edges[i].a + 1]++] = (uint32_t)i;
		adj[first[b->edges[i].b + 1]++] = (uint32_t)i;
	}
	for (i = 0; i < id->nr; i++) {
		const struct identity_person *p = &id->persons[i];

		if (!p->nr_addrs)
			continue;
		head = tail = 0;
		queue[tail++] = p->addrs[0];
		seen[p->addrs[0]] = true;
		while (head < tail) {
			uint32_t u = queue[head++];

			for (k = first[u]; k < first[u + 1]; k++) {
				const struct forest_edge *e = &b->edges[adj[k]];
				uint32_t v = e->a == u ? e->b : e->a;
				struct identity_addr *a = &id->addrs[v];

				if (seen[v])
					continue;
				seen[v] = true;
				queue[tail++] = v;
				a->why = e->why;
				a->why_commit = e->commit;
				a->why_hash = e->hash ? xstrdup(e->hash) : NULL;
				a->name_path = e->why == IW_NAME ||
					       id->addrs[u].name_path;
			}
		}
	}
	for (i = 0; i < b->nr_edges; i++)
		free((char *)b->edges[i].hash);
	free(first);
	free(adj);
	free(queue);
	free(seen);
}

/* What each people id did: non-merge commits, as stats counts. */
static int count_commits(struct builder *b, const struct summary *sm)
{
	const struct identity *id = b->id;
	size_t i, t;

	for (i = 0; i < sm->nr; i++) {
		const struct summary_commit *c = &sm->commits[i];

		if (c->nparents > 1)
			continue;
		if (c->author < id->nr_people_ids)
			b->authored[c->author]++;
		if (c->committer < id->nr_people_ids)
			b->committed[c->committer]++;
		for (t = 0; t < c->nr_trailers; t++) {
			uint32_t p = sm->trailers[c->trailer + t].person;

			if (p < id->nr_people_ids)
				b->tagged[p]++;
		}
	}
	return 0;
}

/* The same counts as the index keeps them (store/derived.h). */
static int stored_counts(struct builder *b, struct idx *ix)
{
	size_t i, n = b->id->nr_people_ids;
	struct derived_person *v = xcalloc(n + 1, sizeof(*v));

	if (derived_people(ix, v, (int64_t)n)) {
		free(v);
		return -1;
	}
	for (i = 0; i < n; i++) {
		b->authored[i] = v[i].authored;
		b->committed[i] = v[i].committed;
		b->tagged[i] = v[i].tagged;
	}
	free(v);
	return 0;
}

/* One of rule 2's pairs as the index keeps them, joined as above. */
static void stored_join(int64_t commit_id, int64_t x, int64_t y, void *data)
{
	struct builder *b = data;
	const struct identity *id = b->id;

	if (x < 0 || y < 0 || (size_t)x >= id->nr_people_ids ||
	    (size_t)y >= id->nr_people_ids || !id->of_people[x] ||
	    !id->of_people[y] || !b->fold[x] || b->fold[x] != b->fold[y])
		return;
	join(b, id->of_people[x] - 1, id->of_people[y] - 1, IW_COMMIT,
	     commit_id, NULL);
}

/* Each people id's address (or name-only stand-in), and its folded name. */
static void builder_people(struct builder *b, const struct scope_people *people,
			   unsigned flags)
{
	struct identity *id = b->id;
	size_t i;

	memset(id, 0, sizeof(*id));
	id->flags = flags;
	strmap_init(&id->by_addr);
	b->id = id;
	strmap_init(&b->folds);
	id->nr_people_ids = (size_t)people->nr;
	id->of_people = xcalloc(id->nr_people_ids + 1, sizeof(uint32_t));
	b->authored = xcalloc(id->nr_people_ids + 1, sizeof(long));
	b->committed = xcalloc(id->nr_people_ids + 1, sizeof(long));
	b->tagged = xcalloc(id->nr_people_ids + 1, sizeof(long));
	b->fold = xcalloc(id->nr_people_ids + 1, sizeof(uint32_t));
	for (i = 0; i < id->nr_people_ids; i++) {
		if (!people->email[i] || !*people->email[i]) {
			uint32_t f;

			/* a name alone, as a "Reviewed-by: Jane Doe" gives */
			if (!people->name[i] || !*people->name[i] ||
			    !(f = fold_id(b, people->name[i])))
				continue;
			id->of_people[i] = name_only_addr(b, f) + 1;
			id->addrs[id->of_people[i] - 1].indexed = true;
			continue;
		}
		id->of_people[i] = add_addr(b, people->email[i]) + 1;
		id->addrs[id->of_people[i] - 1].indexed = true;
		if (!(flags & IDENTITY_STRICT) && people->name[i])
			b->fold[i] = fold_id(b, people->name[i]);
	}
}

/* The counts of each people id onto its address. */
static void builder_counts(struct builder *b)
{
	struct identity *id = b->id;
	size_t i;

	for (i = 0; i < id->nr_people_ids; i++) {
		struct identity_addr *a;

		if (!id->of_people[i])
			continue;
		a = &id->addrs[id->of_people[i] - 1];
		a->authored += b->authored[i];
		a->committed += b->committed[i];
		a->tagged += b->tagged[i];
	}
}

/* Rule 4 and the names alone, then the persons, their names, the reasons. */
static void builder_finish(struct builder *b, const struct scope_people *people)
{
	struct identity *id = b->id;

	if (!(id->flags & IDENTITY_STRICT)) {
		if (!(id->flags & IDENTITY_NO_NAMES))
			join_names(b, people);
		join_name_only(b, people);
	}
	build_persons(b, people);
	if (!(id->flags & IDENTITY_STRICT))
		build_names(b, people);
	else
		strmap_init(&id->by_name);
	keep_reasons(b);

	free(b->parent);
	free(b->edges);
	free(b->authored);
	free(b->committed);
	free(b->tagged);
	free(b->fold);
	free(b->name_only);
	free(b->one_word);
	strmap_clear(&b->folds, false);
}

int identity_load(struct identity *id, struct idx *ix,
		  const struct scope_people *people, const struct summary *sm,
		  unsigned flags)
{
	struct builder b = { 0 };
	struct summary own = { 0 };
	/* the index's counts and joins, when they cover every commit */
	bool derived = derived_fresh(ix);
	int rc = 0;

	if (!sm && !derived) {
		memset(id, 0, sizeof(*id));
		if (summary_load(ix, &own))
			return -1;
		sm = &own;
	}
	b.id = id;
	builder_people(&b, people, flags);
	if (derived ? stored_counts(&b, ix) : count_commits(&b, sm))
		rc = -1;
	builder_counts(&b);
	if (!(flags & IDENTITY_STRICT)) {
		if (!derived)
			join_commits(&b, ix, sm);
		else if (derived_foreach_join_in_time(ix, stored_join, &b))
			rc = -1;
		if (!(flags & IDENTITY_NO_MAINTAINERS) && join_maintainers(&b, ix))
			rc = -1;
	}
	builder_finish(&b, people);
	summary_release(&own);
	return rc;
}

void identity_load_part(struct identity *id, const struct identity_part *part)
{
	struct builder b = { 0 };
	size_t i;

	b.id = id;
	builder_people(&b, part->people, 0);
	for (i = 0; i < id->nr_people_ids; i++) {
		b.authored[i] = part->counts[i].authored;
		b.committed[i] = part->counts[i].committed;
		b.tagged[i] = part->counts[i].tagged;
	}
	builder_counts(&b);
	for (i = 0; i < part->nr_joins; i++)
		stored_join(part->joins[i][0], part->joins[i][1],
			    part->joins[i][2], &b);
	for (i = 0; i < part->nr_mjoins; i++)
		join_mjoin(part->mjoins[i][0], part->mjoins[i][1],
			   part->mjoins[i][2], &b);
	builder_finish(&b, part->people);
}

void identity_release(struct identity *id)
{
	size_t i;

	for (i = 0; i < id->nr_addrs; i++) {
		free(id->addrs[i].email);
		free(id->addrs[i].why_hash);
	}
	free(id->addrs);
	if (id->lazy)
		identity_lazy_release(id);	/* the persons it read */
	for (i = 0; !id->lazy && i < id->nr; i++)
		free(id->persons[i].addrs);
	id->lazy = NULL;
	free(id->persons);
	for (i = 0; i < id->nr_name_sets; i++)
		free(id->name_sets[i]);
	free(id->name_sets);
	free(id->name_sets_nr);
	free(id->of_people);
	free(id->name_joins);
	free(id->names);
	strmap_clear(&id->by_addr, false);
	strmap_clear(&id->by_name, false);
	memset(id, 0, sizeof(*id));
}

/* The index of the address @email (any case) in id->addrs, or -1. */
static int addr_index(const struct identity *id, const char *email)
{
	struct strbuf lc = STRBUF_INIT;
	struct strmap_entry *e;
	const char *p;
	int r = -1;

	for (p = email; *p; p++)
		strbuf_addch(&lc, (*p >= 'A' && *p <= 'Z') ? *p - 'A' + 'a' : *p);
	if (id->lazy)
		r = identity_lazy_addr(id, lc.buf);
	else if ((e = strmap_find(&id->by_addr, lc.buf, lc.len)))
		r = (int)((uintptr_t)e->value - 1);
	strbuf_release(&lc);
	return r;
}

int identity_of_email(const struct identity *id, const char *email)
{
	int a = addr_index(id, email);

	return a < 0 ? -1 : (int)id->addrs[a].person;
}

const char *identity_canon_email(const void *model, const char *email)
{
	const struct identity *id = model;
	int p = identity_of_email(id, email);

	return p < 0 ? NULL : id->persons[p].email;
}

/*
 * Is @p someone the index knows, not an address only MAINTAINERS gives?
 * Someone who only posts to a list has no commit, and is known all the
 * same.
 */
static bool person_known(const struct identity_person *p)
{
	return p->authored + p->committed + p->tagged || p->indexed;
}

void identity_match(const struct identity *id, const char *name,
		    const char *email, struct identity_match *m)
{
	struct strbuf f = STRBUF_INIT;
	struct strmap_entry *e;
	int by_addr = identity_of_email(id, email), set = -1;
	size_t i;

	memset(m, 0, sizeof(*m));
	m->person = -1;
	if (by_addr >= 0 && !person_known(&id->persons[by_addr]))
		by_addr = -1;	/* an address nobody used: as if unknown */
	if (name && *name && !(id->flags & IDENTITY_STRICT)) {
		identity_fold_name(name, &f);
		if (f.len && id->lazy)
			set = identity_lazy_name(id, f.buf);
		else if (f.len && (e = strmap_find(&id->by_name, f.buf, f.len)))
			set = (int)((uintptr_t)e->value - 1);
	}
	if (set >= 0) {

		for (i = 0; i < id->name_sets_nr[set]; i++) {
			uint32_t p = id->name_sets[set][i];

			if ((int)p == by_addr || !person_known(&id->persons[p]))
				continue;
			m->same_name = xrealloc(m->same_name, (m->nr_same_name + 1) *
						sizeof(uint32_t));
			m->same_name[m->nr_same_name++] = p;
		}
	}
	strbuf_release(&f);
	if (by_addr >= 0) {
		m->how = IM_ADDRESS;
		m->person = by_addr;
	} else if (m->nr_same_name == 1) {
		m->how = IM_NAME;
		m->person = (int)m->same_name[0];
		m->nr_same_name = 0;
	} else if (m->nr_same_name > 1) {
		m->how = IM_AMBIGUOUS;
	} else {
		m->how = IM_NONE;
	}
}

void identity_match_release(struct identity_match *m)
{
	free(m->same_name);
	memset(m, 0, sizeof(*m));
	m->person = -1;
}

const char *identity_count(long n, char *buf, size_t len)
{
	char tmp[32];
	size_t l, i, o = 0;

	snprintf(tmp, sizeof(tmp), "%ld", n < 0 ? -n : n);
	l = strlen(tmp);
	if (n < 0 && o + 1 < len)
		buf[o++] = '-';
	for (i = 0; i < l && o + 1 < len; i++) {
		if (i && (l - i) % 3 == 0 && o + 1 < len)
			buf[o++] = ',';
		if (o + 1 < len)
			buf[o++] = tmp[i];
	}
	buf[o] = '\0';
	return buf;
}

static void short_hash(const struct idx *ix, int64_t commit, const char *hash,
		       char *buf, size_t len)
{
	char *h;

	snprintf(buf, len, "%.12s", hash ? hash : "");
	if (hash || !commit)
		return;
	h = idx_commit_hash(ix, commit);
	if (h)
		snprintf(buf, len, "%.12s", h);
	free(h);
}

long identity_name_only_tags(const struct identity *id, int person)
{
	const struct identity_person *p;
	long n = 0;
	size_t i;

	if (person < 0 || (size_t)person >= id->nr)
		return 0;
	p = &id->persons[person];
	for (i = 0; i < p->nr_addrs; i++)
		if (id->addrs[p->addrs[i]].name_only)
			n += id->addrs[p->addrs[i]].tagged;
	return n;
}

static void name_only_note(struct strbuf *out, long tags)
{
	char n[32];

	if (tags)
		strbuf_addf(out, "; %s tag%s by name alone, no address",
			    identity_count(tags, n, sizeof(n)),
			    tags == 1 ? "" : "s");
}

void identity_describe(const struct identity *id, const struct idx *ix,
		       const char *email, const struct identity_match *m,
		       struct strbuf *out)
{
	const struct identity_person *p;
	char n[32], h[16];
	size_t i, real = 0;
	long tags;

	if (m->how == IM_AMBIGUOUS) {
		strbuf_addf(out, "ambiguous: %zu people of this name in the history:",
			    m->nr_same_name);
		for (i = 0; i < m->nr_same_name && i < 5; i++) {
			p = &id->persons[m->same_name[i]];
			strbuf_addf(out, "%s %s, %s changesets", i ? ";" : "",
				    p->email, identity_count(p->authored, n,
							     sizeof(n)));
		}
		if (i < m->nr_same_name)
			strbuf_addstr(out, "; ...");
		return;
	}
	if (m->person < 0)
		return;
	p = &id->persons[m->person];
	tags = identity_name_only_tags(id, m->person);
	for (i = 0; i < p->nr_addrs; i++)
		real += !id->addrs[p->addrs[i]].name_only;
	if (m->how == IM_NAME && !*p->email) {
		strbuf_addf(out, "matched by name: %s tag%s by name alone, "
			    "no address", identity_count(tags, n, sizeof(n)),
			    tags == 1 ? "" : "s");
		return;
	}
	if (m->how == IM_NAME) {
		strbuf_addf(out, "matched by name: %s, %s changesets", p->email,
			    identity_count(p->authored, n, sizeof(n)));
		name_only_note(out, tags);
		return;
	}
	if (!strcasecmp(p->email, email)) {
		if (real > 1)
			strbuf_addf(out, "also as %zu other address%s",
				    real - 1, real > 2 ? "es" : "");
		if (tags)
			strbuf_addstr(out, real > 1 ? "; " : "also ");
		if (tags)
			strbuf_addf(out, "%s tag%s by name alone, no address",
				    identity_count(tags, n, sizeof(n)),
				    tags == 1 ? "" : "s");
		return;
	}
	{
		int a = addr_index(id, email);

		strbuf_addf(out, "same person as %s, %s changesets", p->email,
			    identity_count(p->authored, n, sizeof(n)));
		if (a >= 0 && id->addrs[a].why == IW_COMMIT && id->addrs[a].why_commit) {
			short_hash(ix, id->addrs[a].why_commit, NULL, h, sizeof(h));
			strbuf_addf(out, " (both in commit %s)", h);
		} else if (a >= 0 && id->addrs[a].why == IW_MAINTAINERS) {
			short_hash(ix, 0, id->addrs[a].why_hash, h, sizeof(h));
			strbuf_addf(out, " (MAINTAINERS changed one for the other "
				    "in %s)", h);
		} else if (a >= 0 && id->addrs[a].why == IW_NAME) {
			strbuf_addstr(out, " (the same name, nothing else)");
		}
		if (a >= 0 && id->addrs[a].why != IW_NAME &&
		    id->addrs[a].name_path)
			strbuf_addstr(out, ", and the same name");
		name_only_note(out, tags);
	}
}

/* ---- roles ---- */

const char *const identity_role_names[] = {
	[IR_PERSON] = "person",
	[IR_LIST] = "list",
	[IR_TITLE] = "role",
	[IR_ALIAS] = "alias",
};

/*
 * Words that make a name a title or a group.  Role entries nearly always
 * hold one; a person's name never does, which rules out words that are
 * also surnames somewhere (List, Board, Office, Security...).
 */
static const char *const role_words[] = {
	"manager", "maintainers", "reviewers", "committers", "team", "support",
	"community", "committee", "group", "bot", "admin", "administrator",
	"developers", "foundation", "staff", "infrastructure",
};

static bool title_name(const char *name)
{
	struct strbuf f = STRBUF_INIT;
	const char *p;
	bool found = false;
	size_t i;

	identity_fold_name(name, &f);
	for (p = f.buf; *p && !found; ) {
		size_t n = strcspn(p, " ");

		for (i = 0; i < ARRAY_SIZE(role_words); i++)
			if (strlen(role_words[i]) == n && !strncmp(p, role_words[i], n))
				found = true;
		p += n;
		while (*p == ' ')
			p++;
	}
	strbuf_release(&f);
	return found;
}

enum identity_role identity_role(const struct identity *id, const char *name,
				 const char *email, bool is_list_address)
{
	int p;

	if (is_list_address)
		return IR_LIST;
	if (name && *name && title_name(name))
		return IR_TITLE;
	if (name && *name)
		return IR_PERSON;
	p = id ? identity_of_email(id, email) : -1;
	if (p >= 0 && person_known(&id->persons[p]))
		return IR_PERSON;
	return IR_ALIAS;
}
