// SPDX-License-Identifier: GPL-2.0
#include "list-messages.h"

#include <stdlib.h>
#include <string.h>

#include "queries.h"

static int cmp_msg_id(const void *a, const void *b)
{
	int32_t x = ((const struct lmsg *)a)->id, y = ((const struct lmsg *)b)->id;

	return x < y ? -1 : x > y;
}

struct lmsg *lmsg_find(const struct lmsg_table *t, int64_t id)
{
	const int64_t *v;
	int64_t k;

	if (id <= t->base || id > t->max_id)
		return NULL;
	if (t->pos)
		k = t->pos[id - t->base];
	else
		k = (v = imap_get(&t->sparse, id)) ? *v : 0;
	return k ? &t->m[k - 1] : NULL;
}

size_t lmsg_ids(const struct lmsg_table *t, int64_t **ids)
{
	size_t nr = 0, i;
	int64_t id;

	if (!t->pos) {
		*ids = xmalloc((t->sparse.nr + 1) * sizeof(**ids));
		for (i = 0; i < t->sparse.size; i++)
			if (t->sparse.ent[i].key)
				(*ids)[nr++] = t->sparse.ent[i].key;
		qsort(*ids, nr, sizeof(**ids), cmp_int64);
		return nr;
	}
	for (id = t->base + 1; id <= t->max_id; id++)
		nr += t->pos[id - t->base] != 0;
	*ids = xmalloc((nr + 1) * sizeof(**ids));
	for (nr = 0, id = t->base + 1; id <= t->max_id; id++)
		if (t->pos[id - t->base])
			(*ids)[nr++] = id;
	return nr;
}

/*
 * Replies by parent, as one array in parent order (a counting sort by
 * the parent's place in m): lmsg_kids() is a slice of it.
 */
static void kids_build(struct lmsg_table *t)
{
	/* the parent's place in m + 1, 0 for none */
	int32_t *parent = xmalloc((t->nr + 1) * sizeof(*parent));
	int32_t *fill;
	size_t i, p;

	for (i = 0; i < t->nr; i++) {
		const struct lmsg *q = t->m[i].parent > 0 ?
				       lmsg_find(t, t->m[i].parent) : NULL;

		parent[i] = q ? (int32_t)(q - t->m) + 1 : 0;
	}
	t->kid_start = xcalloc(t->nr + 2, sizeof(*t->kid_start));
	t->kids = xmalloc((t->nr + 1) * sizeof(*t->kids));
	for (i = 0; i < t->nr; i++)
		if (parent[i])
			t->kid_start[parent[i] + 1]++;
	for (p = 1; p <= t->nr + 1; p++)
		t->kid_start[p] += t->kid_start[p - 1];
	fill = xmalloc((t->nr + 1) * sizeof(*fill));
	memcpy(fill, t->kid_start, (t->nr + 1) * sizeof(*fill));
	for (i = 0; i < t->nr; i++)
		if (parent[i])
			t->kids[fill[parent[i]]++] = (int32_t)i;
	free(fill);
	free(parent);
}

const struct lmsg *lmsg_answered(const struct lmsg_table *t,
				 const struct lmsg *m)
{
	const struct lmsg *at = m;
	size_t hops;

	/* a forged In-Reply-To may make a loop: no more than every message */
	for (hops = 0; hops <= t->nr; hops++) {
		const struct lmsg *p = at->parent ? lmsg_find(t, at->parent) : NULL;

		if (!p || p == at)
			return NULL;
		if ((p->flags & MSG_COVER) || !(p->flags & MSG_REPLY))
			return p;	/* a cover letter, or a posted patch */
		at = p;
	}
	return NULL;
}

const int32_t *lmsg_kids(const struct lmsg_table *t, int64_t parent, size_t *n)
{
	const struct lmsg *m = lmsg_find(t, parent);
	size_t p;

	/* a copy's id has no replies: they are the kept one's */
	if (!m || m->id != parent) {
		*n = 0;
		return t->kids;
	}
	p = (size_t)(m - t->m) + 1;
	*n = (size_t)(t->kid_start[p + 1] - t->kid_start[p]);
	return t->kids + t->kid_start[p];
}

size_t lmsg_copy_of(struct imap *seen, int64_t mid, size_t place)
{
	int64_t *v = mid ? imap_put(seen, mid) : NULL;

	if (v && *v)
		return (size_t)*v;
	if (v)
		*v = (int64_t)place + 1;
	return 0;
}

/* What lmsg_load() keeps of the rows, and the copies it drops. */
struct load {
	struct lmsg_table *t;
	size_t alloc;
	struct imap seen;
	int64_t *alias;		/* pairs: a copy's id, the kept one's */
	size_t nr_alias, alloc_alias;
	int64_t lo, hi;		/* the smallest and largest id read */
};

static int load_row(const struct msg_row *r, void *data)
{
	struct load *ld = data;
	struct lmsg_table *t = ld->t;
	size_t kept = lmsg_copy_of(&ld->seen, r->mid, t->nr);
	struct lmsg *m;

	if (r->id < ld->lo)
		ld->lo = r->id;
	if (r->id > ld->hi)
		ld->hi = r->id;
	if (kept) {
		/* the first read (lmsg_copy_of()), as of the earlier date */
		m = &t->m[kept - 1];
		if (r->date < m->date)
			m->date = r->date;
		ALLOC_GROW(ld->alias, ld->nr_alias + 2, ld->alloc_alias);
		ld->alias[ld->nr_alias++] = r->id;
		ld->alias[ld->nr_alias++] = m->id;
		return 0;
	}
	ALLOC_GROW(t->m, t->nr + 1, ld->alloc);
	m = &t->m[t->nr++];
	memset(m, 0, sizeof(*m));
	m->id = (int32_t)r->id;
	m->parent = (int32_t)r->parent;
	m->thread = r->thread;
	m->date = r->date;
	m->sender = (uint32_t)r->sender;
	m->author = (uint32_t)r->author;
	m->flags = (uint32_t)r->flags;
	m->version = (int16_t)r->version;
	m->subj = r->subject_hash;
	if (!m->subj)
		m->subj = 1;
	return 0;
}

/* Which of the messages read are other projects' (lists_foreign()). */
static int find_foreign(struct lmsg_table *t, struct idx *ix, bool window,
			struct imap *foreign)
{
	int64_t *ids;
	size_t i;
	int rc;

	if (!window)
		return lists_foreign(ix, foreign);
	/* a window: the messages' own files, not every message's */
	ids = xmalloc((t->nr + 1) * sizeof(*ids));
	for (i = 0; i < t->nr; i++)
		ids[i] = t->m[i].id;
	rc = lists_foreign_of(ix, ids, t->nr, foreign);
	free(ids);
	return rc;
}

/* The copies' ids of @ld leading to the one kept, in t->sparse. */
static void sparse_build(struct lmsg_table *t, const struct load *ld)
{
	size_t i;

	imap_init(&t->sparse, t->nr + ld->nr_alias / 2);
	for (i = 0; i < t->nr; i++)
		*imap_put(&t->sparse, t->m[i].id) = (int64_t)i + 1;
	for (i = 0; i < ld->nr_alias; i += 2) {
		const int64_t *kept = imap_get(&t->sparse, ld->alias[i + 1]);
		int64_t k = kept ? *kept : 0;

		if (k)
			*imap_put(&t->sparse, ld->alias[i]) = k;
	}
}

/* The same in t->pos, by id less base. */
static void pos_build(struct lmsg_table *t, const struct load *ld)
{
	const int64_t *alias = ld->alias;
	size_t i;

	t->pos = xcalloc((size_t)(t->max_id - t->base) + 2, sizeof(*t->pos));
	for (i = 0; i < t->nr; i++)
		if (t->m[i].id > t->base && t->m[i].id <= t->max_id)
			t->pos[t->m[i].id - t->base] = (int32_t)i + 1;
	for (i = 0; i < ld->nr_alias; i += 2)
		if (alias[i] > t->base && alias[i] <= t->max_id &&
		    alias[i + 1] > t->base && alias[i + 1] <= t->max_id)
			t->pos[alias[i] - t->base] = t->pos[alias[i + 1] - t->base];
}

/*
 * The table of the rows @ld read: by id (@sparse: in t->sparse), the
 * copies' ids leading to the one kept, replies by parent, other
 * projects' patches flagged.
 */
static int load_finish(struct lmsg_table *t, struct idx *ix, struct load *ld,
		       bool window, bool sparse)
{
	struct imap seen;
	size_t i;

	imap_free(&ld->seen);
	t->base = ld->hi && window ? ld->lo - 1 : 0;
	t->max_id = ld->hi;
	/* by archive, then id, or by date: by id (one archive: already) */
	for (i = 1; i < t->nr; i++)
		if (t->m[i - 1].id > t->m[i].id)
			break;
	if (i < t->nr)
		qsort(t->m, t->nr, sizeof(*t->m), cmp_msg_id);
	if (sparse)
		sparse_build(t, ld);
	else
		pos_build(t, ld);
	free(ld->alias);
	kids_build(t);
	/* other projects' patches on the same list are no patches here */
	if (find_foreign(t, ix, window, &seen))
		return -1;
	for (i = 0; i < t->nr; i++)
		if (imap_get(&seen, t->m[i].id))
			t->m[i].flags |= MSG_FOREIGN;
	imap_free(&seen);
	return 0;
}

int lmsg_load(struct lmsg_table *t, struct idx *ix, const char *const *lists,
	      size_t nr_lists, int64_t since)
{
	struct load ld = { .t = t, .lo = INT64_MAX, .hi = 0 };
	bool window = since != INT64_MIN;

	memset(t, 0, sizeof(*t));
	/* the whole archive: one allocation; a window grows as read */
	ld.alloc = window ? 0 : (size_t)lists_max_message_id(ix) + 1;
	t->m = ld.alloc ? xmalloc(ld.alloc * sizeof(*t->m)) : NULL;
	imap_init(&ld.seen, window ? 1024 : ld.alloc);
	if (lists_foreach_message(ix, lists, nr_lists, since, load_row, &ld)) {
		imap_free(&ld.seen);
		free(ld.alias);
		return -1;
	}
	return load_finish(t, ix, &ld, window, false);
}

int lmsg_load_threads(struct lmsg_table *t, struct idx *ix,
		      const int64_t *threads, size_t nr, int64_t since)
{
	struct load ld = { .t = t, .lo = INT64_MAX, .hi = 0 };

	memset(t, 0, sizeof(*t));
	imap_init(&ld.seen, 1024);
	if (lists_foreach_message_in_threads(ix, threads, nr, since, load_row,
					     &ld)) {
		imap_free(&ld.seen);
		free(ld.alias);
		return -1;
	}
	/*
	 * its own messages asked which are foreign; found by a map, not
	 * the span of ids they are spread over (the whole archive's)
	 */
	return load_finish(t, ix, &ld, true, true);
}

void lmsg_release(struct lmsg_table *t)
{
	free(t->m);
	free(t->pos);
	imap_free(&t->sparse);
	free(t->kids);
	free(t->kid_start);
	memset(t, 0, sizeof(*t));
}

/* The key of a patch's author and subject; 0 when it has none. */
static int64_t version_key(const struct lmsg *m)
{
	int64_t key;

	if (!m->author || !m->subj)
		return 0;
	key = m->subj ^ (m->author * 0x100000001b3ll);
	return key ? key : 1;
}

void lmsg_versions_build(struct lmsg_versions *v, const struct lmsg_table *t,
			 int64_t until)
{
	imap_init(&v->latest, 1024);
	lmsg_versions_add(v, t, until);
}

void lmsg_versions_add(struct lmsg_versions *v, const struct lmsg_table *t,
		       int64_t until)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		const struct lmsg *m = &t->m[i];
		int64_t key = version_key(m), *slot;

		if (!key || !lmsg_is_patch(m) || m->date > until)
			continue;
		slot = imap_put(&v->latest, key);
		if (m->version > *slot)
			*slot = m->version;
	}
}

void lmsg_versions_release(struct lmsg_versions *v)
{
	imap_free(&v->latest);
}

bool lmsg_superseded(const struct lmsg_versions *v, const struct lmsg *m)
{
	int64_t key = version_key(m);
	const int64_t *slot = key ? imap_get(&v->latest, key) : NULL;

	return slot && *slot > m->version;
}

/* The later versions: the patches of the same subject, of any thread. */
struct versions_walk {
	const struct lmsg_table *t;
	int64_t since, until;
	int64_t *ids;		/* patches of other threads: foreign? */
	struct msg_row *rows;
	size_t nr, alloc, alloc_rows;
};

static int version_row(const struct msg_row *r, void *data)
{
	struct versions_walk *vw = data;

	/* those read are counted already; a reply is no version */
	if (lmsg_read(vw->t, r->id) || (r->flags & MSG_REPLY) ||
	    !r->author || r->date < vw->since || r->date > vw->until)
		return 0;
	ALLOC_GROW(vw->rows, vw->nr + 1, vw->alloc_rows);
	ALLOC_GROW(vw->ids, vw->nr + 1, vw->alloc);
	vw->rows[vw->nr] = *r;
	vw->ids[vw->nr++] = r->id;
	return 0;
}

/* The versions of @vw's rows that are this project's. */
static int versions_add_rows(struct lmsg_versions *v, struct idx *ix,
			     const struct versions_walk *vw)
{
	struct lmsg_table more = { 0 };
	struct imap foreign;
	size_t i;

	if (!vw->nr)
		return 0;
	if (lists_foreign_of(ix, vw->ids, vw->nr, &foreign))
		return -1;
	more.m = xcalloc(vw->nr, sizeof(*more.m));
	for (i = 0; i < vw->nr; i++) {
		const struct msg_row *r = &vw->rows[i];
		struct lmsg *m = &more.m[more.nr];

		if (imap_get(&foreign, r->id))
			continue;
		m->id = (int32_t)r->id;
		m->date = r->date;
		m->author = (uint32_t)r->author;
		m->flags = (uint32_t)r->flags;
		m->version = (int16_t)r->version;
		m->subj = r->subject_hash ? r->subject_hash : 1;
		more.nr++;
	}
	imap_free(&foreign);
	lmsg_versions_add(v, &more, vw->until);
	free(more.m);
	return 0;
}

int lmsg_versions_beyond(struct lmsg_versions *v, const struct lmsg_table *t,
			 struct idx *ix, struct msg_queries *q, int64_t since,
			 int64_t until)
{
	struct versions_walk vw = { .t = t, .since = since, .until = until };
	size_t i;
	int rc = 0;

	for (i = 0; !rc && i < t->nr; i++)
		if (lmsg_is_patch(&t->m[i]))
			rc = msg_versions_of(q, t->m[i].id, version_row,
					     &vw);
	if (!rc)
		rc = versions_add_rows(v, ix, &vw);
	free(vw.ids);
	free(vw.rows);
	return rc;
}
