// SPDX-License-Identifier: GPL-2.0
#include "list-messages.h"

#include <stdlib.h>
#include <string.h>

static int64_t count_of(struct idx *ix, const char *sql)
{
	sqlite3_stmt *st;
	int64_t n = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			n = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	return n;
}

static int cmp_msg_id(const void *a, const void *b)
{
	int32_t x = ((const struct lmsg *)a)->id, y = ((const struct lmsg *)b)->id;

	return x < y ? -1 : x > y;
}

struct lmsg *lmsg_find(const struct lmsg_table *t, int64_t id)
{
	if (id <= 0 || id > t->max_id || !t->pos[id])
		return NULL;
	return &t->m[t->pos[id] - 1];
}

/*
 * Replies by parent, as one array in parent order (a counting sort by
 * the parent's kept id): lmsg_kids() is a slice of it.
 */
static void kids_build(struct lmsg_table *t)
{
	int32_t *parent = xmalloc((t->nr + 1) * sizeof(*parent));
	int32_t *fill;
	size_t i;
	int64_t p;

	for (i = 0; i < t->nr; i++) {
		const struct lmsg *q = t->m[i].parent > 0 ?
				       lmsg_find(t, t->m[i].parent) : NULL;

		parent[i] = q ? q->id : 0;
	}
	t->kid_start = xcalloc((size_t)t->max_id + 2, sizeof(*t->kid_start));
	t->kids = xmalloc((t->nr + 1) * sizeof(*t->kids));
	for (i = 0; i < t->nr; i++)
		if (parent[i])
			t->kid_start[parent[i] + 1]++;
	for (p = 1; p <= t->max_id + 1; p++)
		t->kid_start[p] += t->kid_start[p - 1];
	fill = xmalloc(((size_t)t->max_id + 1) * sizeof(*fill));
	memcpy(fill, t->kid_start, ((size_t)t->max_id + 1) * sizeof(*fill));
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
	if (parent <= 0 || parent > t->max_id) {
		*n = 0;
		return t->kids;
	}
	*n = (size_t)(t->kid_start[parent + 1] - t->kid_start[parent]);
	return t->kids + t->kid_start[parent];
}

/*
 * The index messages_stats covers what is read: a scan of its narrow
 * rows, not of the messages.  From a date on, messages_date finds the
 * few rows instead ("+m.source": not the other index, for this term).
 */
int lmsg_load(struct lmsg_table *t, struct idx *ix, const char *const *lists,
	      size_t nr_lists, int64_t since)
{
	struct strbuf sql = STRBUF_INIT;
	struct imap seen = { 0 };
	int64_t *alias = NULL;		/* pairs: a copy's id, the kept one's */
	size_t nr_alias = 0, alloc_alias = 0, alloc, i;
	sqlite3_stmt *st;
	/* one archive holds no copies (its duplicates are kept) */
	bool dedupe = count_of(ix, "SELECT count(*) FROM sources") > 1;

	memset(t, 0, sizeof(*t));
	t->max_id = count_of(ix, "SELECT max(id) FROM messages");
	alloc = (size_t)t->max_id + 1;
	t->m = xmalloc(alloc * sizeof(*t->m));
	strbuf_addstr(&sql, "SELECT m.id, m.mid, m.parent, m.thread, m.date, "
		      "m.sender, m.author, m.flags, m.version, m.subject_hash "
		      "FROM messages m");
	strbuf_addstr(&sql, since != INT64_MIN ? " WHERE +m.source" : " WHERE m.source");
	if (nr_lists) {
		strbuf_addstr(&sql, " IN (SELECT s.id FROM sources s "
			      "JOIN lists l ON l.id = s.list WHERE l.name IN (");
		for (i = 0; i < nr_lists; i++)
			strbuf_addf(&sql, "%s?%zu", i ? ", " : "", i + 1);
		strbuf_addstr(&sql, "))");
	} else {
		strbuf_addstr(&sql, " > 0");
	}
	if (since != INT64_MIN)
		strbuf_addf(&sql, " AND m.date >= ?%zu", nr_lists + 1);
	if (sqlite3_prepare_v2(ix->db, sql.buf, -1, &st, NULL) != SQLITE_OK) {
		strbuf_release(&sql);
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	}
	strbuf_release(&sql);
	for (i = 0; i < nr_lists; i++)
		sqlite3_bind_text(st, (int)i + 1, lists[i], -1, SQLITE_STATIC);
	if (since != INT64_MIN)
		sqlite3_bind_int64(st, (int)nr_lists + 1, since);
	if (dedupe)
		imap_init(&seen, alloc);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(st, 0);
		struct lmsg *m;

		if (dedupe) {
			int64_t mid = sqlite3_column_int64(st, 1);
			int64_t *v = imap_put(&seen, mid ? mid : 1);

			if (*v) {
				/* the same message on another list */
				ALLOC_GROW(alias, nr_alias + 2, alloc_alias);
				alias[nr_alias++] = id;
				alias[nr_alias++] = *v;
				continue;
			}
			*v = id;
		}
		ALLOC_GROW(t->m, t->nr + 1, alloc);
		m = &t->m[t->nr++];
		memset(m, 0, sizeof(*m));
		m->id = (int32_t)id;
		m->parent = (int32_t)sqlite3_column_int64(st, 2);
		m->thread = sqlite3_column_int64(st, 3);
		m->date = sqlite3_column_int64(st, 4);
		m->sender = (uint32_t)sqlite3_column_int64(st, 5);
		m->author = (uint32_t)sqlite3_column_int64(st, 6);
		m->flags = (uint32_t)sqlite3_column_int64(st, 7);
		m->version = (int16_t)sqlite3_column_int(st, 8);
		m->subj = sqlite3_column_int64(st, 9);
		if (!m->subj)
			m->subj = 1;
	}
	sqlite3_finalize(st);
	if (dedupe)
		imap_free(&seen);
	/* by archive, then id, or by date: by id (one archive: already) */
	for (i = 1; i < t->nr; i++)
		if (t->m[i - 1].id > t->m[i].id)
			break;
	if (i < t->nr)
		qsort(t->m, t->nr, sizeof(*t->m), cmp_msg_id);
	t->pos = xcalloc((size_t)t->max_id + 2, sizeof(*t->pos));
	for (i = 0; i < t->nr; i++)
		if (t->m[i].id > 0 && t->m[i].id <= t->max_id)
			t->pos[t->m[i].id] = (int32_t)i + 1;
	for (i = 0; i < nr_alias; i += 2)
		if (alias[i] > 0 && alias[i] <= t->max_id &&
		    alias[i + 1] > 0 && alias[i + 1] <= t->max_id)
			t->pos[alias[i]] = t->pos[alias[i + 1]];
	free(alias);
	kids_build(t);
	/* other projects' patches on the same list are no patches here */
	if (lists_foreign(ix, &seen))
		return -1;
	for (i = 0; i < t->nr; i++)
		if (imap_get(&seen, t->m[i].id))
			t->m[i].flags |= MSG_FOREIGN;
	imap_free(&seen);
	return 0;
}

void lmsg_release(struct lmsg_table *t)
{
	free(t->m);
	free(t->pos);
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
	size_t i;

	imap_init(&v->latest, 1024);
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
