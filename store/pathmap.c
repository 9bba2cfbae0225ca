// SPDX-License-Identifier: GPL-2.0
#include "pathmap.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "scope.h"

/*
 * The map is in the pathmap table, a chunk of up to CHUNK_PATHS paths
 * a row: the chunk's first and last path id, then a blob starting with
 * MAGIC and holding, a path after another in id order, varints of its
 * id's distance from the one before (from lo - 1 for the first), its
 * number of hits shifted left once (the low bit: "exact"), and each
 * hit's section and its depth (zigzag: a leading '*' has depth -1).
 * A path costs three or four bytes.  The chunks follow each other
 * without a gap from path id 0; "kmaint index" appends the new paths
 * to the last one until it is full.  pathmap_key holds the one row
 * (id 0) of matcher_describe() of the matcher the map is of.
 */
#define MAGIC "KPM1"
#define CHUNK_PATHS 16384

static int sql_fail(struct idx *ix)
{
	return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
}

static void put_zigzag(struct strbuf *sb, int v)
{
	strbuf_add_varint(sb, v < 0 ? ((uint64_t)-(int64_t)v << 1) - 1 :
			  (uint64_t)v << 1);
}

static int get_zigzag(const unsigned char **p, const unsigned char *end,
		      int *v)
{
	uint64_t u;

	if (varint_get(p, end, &u) || u > (uint64_t)INT32_MAX)
		return -1;
	*v = u & 1 ? -(int)((u + 1) >> 1) : (int)(u >> 1);
	return 0;
}

/* The stored description into @out: 0, 1 when there is none, -1. */
static int read_key(struct idx *ix, struct strbuf *out)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, "SELECT key FROM pathmap_key "
			       "WHERE id = 0", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		strbuf_add(out, sqlite3_column_blob(st, 0),
			   (size_t)sqlite3_column_bytes(st, 0));
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return sql_fail(ix);
	return step == SQLITE_ROW ? 0 : 1;
}

/*
 * Is the stored map @mt's?  1 yes, 0 no (or none), -1.  @mt's
 * description is left in @want.
 */
static int same_key(struct idx *ix, struct matcher *mt, struct strbuf *want)
{
	struct strbuf have = STRBUF_INIT;
	int rc;

	matcher_describe(mt, want);
	rc = read_key(ix, &have);
	if (!rc)
		rc = have.len == want->len && !memcmp(have.buf, want->buf,
						      want->len);
	else if (rc > 0)
		rc = 0;
	strbuf_release(&have);
	return rc;
}

static int is_key(struct idx *ix, struct matcher *mt)
{
	struct strbuf want = STRBUF_INIT;
	int rc = same_key(ix, mt, &want);

	strbuf_release(&want);
	return rc;
}

/* One chunk [@lo, @hi] into @pm, after its earlier ones; false: damaged. */
static bool decode_chunk(struct pathmap *pm, int64_t lo, int64_t hi,
			 const unsigned char *p, size_t len, size_t nsec)
{
	const unsigned char *end = p + len;
	int64_t id = lo - 1;
	uint64_t v, n, sec;

	if (len < 4 || memcmp(p, MAGIC, 4) || lo != pm->hi + 1 || hi < id)
		return false;
	for (p += 4; p < end;) {
		if (varint_get(&p, end, &v) || !v || v > (uint64_t)(hi - id) ||
		    varint_get(&p, end, &n) || n >> 1 > nsec)
			return false;
		id += (int64_t)v;
		if (pm->nr + 1 >= pm->alloc) {
			pm->alloc = pm->alloc * 2 + 1024;
			pm->ids = xrealloc(pm->ids, pm->alloc * sizeof(*pm->ids));
			pm->exact = xrealloc(pm->exact, pm->alloc *
					     sizeof(*pm->exact));
			pm->start = xrealloc(pm->start, pm->alloc *
					     sizeof(*pm->start));
		}
		pm->ids[pm->nr] = id;
		pm->exact[pm->nr] = n & 1;
		pm->start[pm->nr++] = (uint32_t)pm->nr_hits;
		for (n >>= 1; n; n--) {
			struct section_hit *h;

			ALLOC_GROW(pm->hits, pm->nr_hits + 1, pm->alloc_hits);
			h = &pm->hits[pm->nr_hits++];
			if (varint_get(&p, end, &sec) || sec >= nsec ||
			    get_zigzag(&p, end, &h->depth))
				return false;
			h->section = (int)sec;
		}
	}
	pm->hi = hi;
	return true;
}

/* Every chunk into @pm: 0, 1 when one does not decode, -1. */
static int decode_all(struct idx *ix, size_t nsec, struct pathmap *pm)
{
	sqlite3_stmt *st;
	int step, rc = 0;

	memset(pm, 0, sizeof(*pm));
	pm->hi = -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT lo, hi, data FROM pathmap "
			       "ORDER BY lo", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW)
		if (!decode_chunk(pm, sqlite3_column_int64(st, 0),
				  sqlite3_column_int64(st, 1),
				  sqlite3_column_blob(st, 2),
				  (size_t)sqlite3_column_bytes(st, 2), nsec))
			rc = 1;
	sqlite3_finalize(st);
	if (!rc && step != SQLITE_DONE)
		rc = sql_fail(ix);
	if (pm->start)
		pm->start[pm->nr] = (uint32_t)pm->nr_hits;
	if (rc)
		pathmap_release(pm);
	return rc;
}

int pathmap_load(struct idx *ix, struct matcher *mt, struct pathmap *pm)
{
	int rc = is_key(ix, mt);

	memset(pm, 0, sizeof(*pm));
	if (rc <= 0)
		return rc < 0 ? -1 : 1;
	return decode_all(ix, matcher_sections(mt), pm);
}

bool pathmap_next(const struct pathmap *pm, size_t *next, int64_t id,
		  struct match_result *res)
{
	size_t i = *next;

	if (i >= pm->nr || pm->ids[i] != id)
		return false;
	res->nr = pm->start[i + 1] - pm->start[i];
	/* a map of paths without sections has no hits at all */
	res->hits = res->nr ? pm->hits + pm->start[i] : NULL;
	res->exact = pm->exact[i];
	*next = i + 1;
	return true;
}

void pathmap_release(struct pathmap *pm)
{
	free(pm->ids);
	free(pm->start);
	free(pm->exact);
	free(pm->hits);
	memset(pm, 0, sizeof(*pm));
}

static void encode_path(struct strbuf *sb, int64_t delta,
			const struct match_result *res)
{
	size_t i;

	strbuf_add_varint(sb, (uint64_t)delta);
	strbuf_add_varint(sb, (uint64_t)res->nr << 1 | res->exact);
	for (i = 0; i < res->nr; i++) {
		strbuf_add_varint(sb, (uint64_t)res->hits[i].section);
		put_zigzag(sb, res->hits[i].depth);
	}
}

/* The chunks being written: the last one, while it fills. */
struct writer {
	struct idx *ix;
	sqlite3_stmt *put;
	struct strbuf buf;
	int64_t lo, prev;
	size_t n;
	bool dirty;		/* buf holds a path not stored yet */
};

static int flush_chunk(struct writer *w)
{
	if (!w->dirty)
		return 0;
	sqlite3_bind_int64(w->put, 1, w->lo);
	sqlite3_bind_int64(w->put, 2, w->prev);
	sqlite3_bind_blob(w->put, 3, w->buf.buf, (int)w->buf.len,
			  SQLITE_STATIC);
	if (sqlite3_step(w->put) != SQLITE_DONE) {
		sqlite3_reset(w->put);
		return sql_fail(w->ix);
	}
	sqlite3_reset(w->put);
	w->lo = w->prev + 1;
	w->n = 0;
	w->dirty = false;
	strbuf_reset(&w->buf);
	strbuf_addstr(&w->buf, MAGIC);
	return 0;
}

/*
 * Start from the last chunk when it has room (its paths then stay in
 * it): w->lo, prev and buf continue it.  0, or -1.
 */
static int open_last(struct writer *w)
{
	sqlite3_stmt *st;
	int step;

	w->lo = 0;
	w->prev = -1;
	strbuf_addstr(&w->buf, MAGIC);
	if (sqlite3_prepare_v2(w->ix->db, "SELECT lo, hi, data FROM pathmap "
			       "ORDER BY lo DESC LIMIT 1", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(w->ix);
	step = sqlite3_step(st);
	if (step == SQLITE_ROW) {
		int64_t lo = sqlite3_column_int64(st, 0);
		int64_t hi = sqlite3_column_int64(st, 1);

		w->lo = w->prev = hi;
		w->lo++;
		if (hi - lo + 1 < CHUNK_PATHS) {
			w->lo = lo;
			strbuf_reset(&w->buf);
			strbuf_add(&w->buf, sqlite3_column_blob(st, 2),
				   (size_t)sqlite3_column_bytes(st, 2));
			w->n = (size_t)(hi - lo + 1);
		}
	}
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return sql_fail(w->ix);
	return 0;
}

/* Match the paths after the map's last one and store them; 0 or -1. */
static int extend(struct writer *w, struct matcher *mt)
{
	struct match_result res = { 0 };
	sqlite3_stmt *st;
	int step, rc = 0;

	if (sqlite3_prepare_v2(w->ix->db, "SELECT id, path FROM paths "
			       "WHERE id > ?1 ORDER BY id", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(w->ix);
	sqlite3_bind_int64(st, 1, w->prev);
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(st, 0);

		matcher_lookup(mt, (const char *)sqlite3_column_text(st, 1), 0,
			       &res);
		encode_path(&w->buf, id - w->prev, &res);
		w->prev = id;
		w->dirty = true;
		if (++w->n >= CHUNK_PATHS)
			rc = flush_chunk(w);
	}
	sqlite3_finalize(st);
	match_result_release(&res);
	if (!rc && step != SQLITE_DONE)
		rc = sql_fail(w->ix);
	return rc ? rc : flush_chunk(w);
}

static int drop_map(struct idx *ix)
{
	return idx_exec(ix, "DELETE FROM pathmap; DELETE FROM pathmap_key;");
}

/* A new map's key, @key, the old map gone: 0, or -1. */
static int new_key(struct idx *ix, const struct strbuf *key)
{
	sqlite3_stmt *st;
	int rc;

	if (drop_map(ix) || sqlite3_prepare_v2(ix->db,
			"INSERT INTO pathmap_key(id, key) VALUES(0, ?1)",
			-1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	sqlite3_bind_blob(st, 1, key->buf, (int)key->len, SQLITE_STATIC);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : sql_fail(ix);
	sqlite3_finalize(st);
	return rc;
}

static int pathmap_update(struct idx *ix, struct matcher *mt)
{
	struct writer w = { .ix = ix, .buf = STRBUF_INIT };
	struct strbuf key = STRBUF_INIT;
	int rc = same_key(ix, mt, &key);

	if (!rc)
		rc = new_key(ix, &key);
	strbuf_release(&key);
	if (rc < 0)
		return -1;
	if (sqlite3_prepare_v2(ix->db, "INSERT OR REPLACE INTO pathmap(lo, hi, "
			       "data) VALUES(?1, ?2, ?3)", -1, &w.put,
			       NULL) != SQLITE_OK)
		return sql_fail(ix);
	rc = open_last(&w);
	if (!rc)
		rc = extend(&w, mt);
	idx_kill_point("pathmap");
	sqlite3_finalize(w.put);
	strbuf_release(&w.buf);
	/* an answer a failed pattern gave may be wrong: none is kept */
	if (!rc && matcher_errors(mt))
		rc = drop_map(ix);
	return rc;
}

/*
 * The MAINTAINERS a question reads by default, quietly (its problems
 * are for the questions to report): 0 with @s loaded, 1 without one.
 */
static int default_maintainers(struct idx *ix, struct scope *s)
{
	scope_init(s, ix);
	s->quiet = true;
	return scope_load_maintainers(s, NULL) ? 1 : 0;
}

int pathmap_refresh(struct idx *ix, bool nothing_new)
{
	struct scope s;
	int rc;

	/*
	 * A run that read nothing new, in a tree without the file: HEAD's
	 * MAINTAINERS is the one the last run found, or none.  (Should
	 * HEAD have moved to another indexed commit, a question sees that
	 * its matcher is not the key's.)  Asking git again would cost a
	 * process for each name the file has, on every no-op.
	 */
	if (nothing_new && !mnt_in_work_tree())
		return 0;
	rc = default_maintainers(ix, &s);
	rc = rc ? drop_map(ix) : pathmap_update(ix, s.mt);
	scope_release(&s);
	return rc;
}

/* "SECTION:DEPTH ..." and "(exact)" of a match, for --verify. */
static void describe_match(struct strbuf *sb, const struct maintainers *m,
			   const struct match_result *res)
{
	size_t i;

	strbuf_reset(sb);
	for (i = 0; i < res->nr; i++)
		strbuf_addf(sb, "%s%s:%d", i ? ", " : "",
			    m->sections[res->hits[i].section].name ?
			    m->sections[res->hits[i].section].name : "?",
			    res->hits[i].depth);
	if (!res->nr)
		strbuf_addstr(sb, "no section");
	if (res->exact)
		strbuf_addstr(sb, " (exact)");
}

static bool same_match(const struct match_result *a,
		       const struct match_result *b)
{
	size_t i;

	if (a->nr != b->nr || a->exact != b->exact)
		return false;
	for (i = 0; i < a->nr; i++)
		if (a->hits[i].section != b->hits[i].section ||
		    a->hits[i].depth != b->hits[i].depth)
			return false;
	return true;
}

/* What --verify found; it prints the first MAX_SAID differences. */
#define MAX_SAID 20
struct check {
	struct scope *s;
	const struct pathmap *pm;
	size_t next, checked, bad, extra;
	struct strbuf a, b;
};

/* Path @id against its stored match; false when it differs. */
static bool check_path(struct check *c, int64_t id, const char *path,
		       const struct match_result *res)
{
	bool say = c->bad < MAX_SAID;
	struct match_result got;

	/* paths the table does not have: counted, then passed over */
	while (c->next < c->pm->nr && c->pm->ids[c->next] < id) {
		c->next++;
		c->extra++;
	}
	if (!pathmap_next(c->pm, &c->next, id, &got)) {
		if (say)
			printf("path map: path %s (id %lld) is not in it\n",
			       path, (long long)id);
		return false;
	}
	if (same_match(&got, res))
		return true;
	describe_match(&c->a, &c->s->m, &got);
	describe_match(&c->b, &c->s->m, res);
	if (say)
		printf("path map: %s: stored %s; the matcher gives %s\n",
		       path, c->a.buf, c->b.buf);
	return false;
}

static int check_paths(struct idx *ix, struct check *c)
{
	struct match_result res = { 0 };
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, path FROM paths WHERE "
			       "id <= ?1 ORDER BY id", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(ix);
	sqlite3_bind_int64(st, 1, c->pm->hi);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(st, 1);

		matcher_lookup(c->s->mt, path, 0, &res);
		c->checked++;
		c->bad += !check_path(c, sqlite3_column_int64(st, 0), path,
				      &res);
	}
	sqlite3_finalize(st);
	match_result_release(&res);
	if (step != SQLITE_DONE)
		return sql_fail(ix);
	c->extra += c->pm->nr - c->next;
	if (c->extra) {
		printf("path map: %zu paths that the paths table does not "
		       "have\n", c->extra);
		c->bad++;
	}
	return 0;
}

int pathmap_verify(struct idx *ix)
{
	struct check c = { .a = STRBUF_INIT, .b = STRBUF_INIT };
	struct pathmap pm;
	struct scope s;
	int rc = default_maintainers(ix, &s) ? 0 : is_key(ix, s.mt);

	if (rc <= 0) {
		if (!rc)
			printf("verified the path map: there is none for this "
			       "MAINTAINERS and work tree (questions match "
			       "every path)\n");
		goto out;
	}
	rc = decode_all(ix, s.m.nr_sections, &pm);
	if (rc > 0)
		printf("path map: a chunk does not decode (questions match "
		       "every path; 'kmaint index --rebuild' writes it "
		       "again)\n");
	if (rc)
		goto out;
	c.s = &s;
	c.pm = &pm;
	rc = check_paths(ix, &c);
	if (!rc)
		printf("verified the path map: %zu paths, %zu differ\n",
		       c.checked, c.bad);
	rc = rc ? rc : c.bad ? 1 : 0;
	pathmap_release(&pm);
out:
	strbuf_release(&c.a);
	strbuf_release(&c.b);
	scope_release(&s);
	return rc;
}
