// SPDX-License-Identifier: GPL-2.0
/*
 * Named questions to the index (queries.h): the SQL the commands and
 * the report used to write themselves.
 */
#include "queries.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "list-store.h"
#include "util.h"

static int sql_error(struct idx *ix)
{
	return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
}

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

void idx_foreach_figure(struct idx *ix,
			void (*fn)(const char *name, int64_t v, void *data),
			void *data)
{
	static const struct {
		const char *name, *sql;
	} rows[] = {
		{ "commits", "SELECT count(*) FROM commits" },
		{ "merges", "SELECT count(*) FROM commits WHERE nparents > 1" },
		{ "roots", "SELECT count(*) FROM commits WHERE nparents = 0" },
		{ "files", "SELECT count(*) FROM files" },
		{ "added", "SELECT coalesce(sum(added), 0) FROM files" },
		{ "removed", "SELECT coalesce(sum(removed), 0) FROM files" },
		{ "binary", "SELECT count(*) FROM files WHERE flags & 1" },
		{ "submodule", "SELECT count(*) FROM files WHERE flags & 2" },
		{ "unreadable", "SELECT count(*) FROM files WHERE flags & 4" },
		{ "renames", "SELECT count(*) FROM files WHERE old_path IS NOT NULL" },
		{ "trailers", "SELECT count(*) FROM trailers" },
		{ "fixes-resolved", "SELECT count(*) FROM trailers WHERE target IS NOT NULL" },
		{ "people", "SELECT count(*) FROM people" },
		{ "authors", "SELECT count(DISTINCT p.memail) FROM commits c "
			     "JOIN people p ON p.id = c.author" },
		{ "paths", "SELECT count(*) FROM paths" },
		{ "tracked-versions", "SELECT count(*) FROM maintainers" },
		{ "tracked-blobs", "SELECT count(*) FROM blobs" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		fn(rows[i].name, idx_query_int(ix, rows[i].sql), data);
}

void idx_foreach_trailer_key_count(struct idx *ix,
				   void (*fn)(const char *key, int64_t n,
					      void *data),
				   void *data)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db, "SELECT k.key, count(*) FROM trailers t "
			       "JOIN keys k ON k.id = t.key GROUP BY k.key "
			       "ORDER BY k.key", -1, &st, NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(st) == SQLITE_ROW)
		fn((const char *)sqlite3_column_text(st, 0),
		   sqlite3_column_int64(st, 1), data);
	sqlite3_finalize(st);
}

int idx_max_trailer_key(struct idx *ix, int64_t *max)
{
	sqlite3_stmt *st;

	*max = -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT max(id) FROM keys", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_type(st, 0) != SQLITE_NULL)
		*max = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

int idx_foreach_trailer_key(struct idx *ix,
			    int (*fn)(int64_t id, const char *key, void *data),
			    void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, key FROM keys", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0),
			(const char *)sqlite3_column_text(st, 1), data);
	sqlite3_finalize(st);
	return rc;
}

char *idx_maintainers_fingerprint(struct idx *ix)
{
	return idx_maintainers_fingerprint_upto(ix, INT64_MAX);
}

char *idx_maintainers_fingerprint_upto(struct idx *ix, int64_t upto)
{
	sqlite3_stmt *st;
	char *fp = NULL;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT count(*), total(commit_id), "
			       "coalesce(max(commit_id), 0), "
			       "coalesce(max(blob), '') FROM maintainers "
			       "WHERE commit_id <= ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int64(st, 1, upto);
	if (sqlite3_step(st) == SQLITE_ROW)
		fp = xstrfmt("%lld %.0f %lld %s",
			     (long long)sqlite3_column_int64(st, 0),
			     sqlite3_column_double(st, 1),
			     (long long)sqlite3_column_int64(st, 2),
			     (const char *)sqlite3_column_text(st, 3));
	sqlite3_finalize(st);
	return fp;
}

#define COMMIT_HASH_SQL "SELECT hash FROM commits WHERE id = ?1"
#define MESSAGE_MSGID_SQL "SELECT msgid FROM messages WHERE id = ?1"

/* @st's one text column for id @id, to free; NULL when there is none. */
static char *text_of_id(sqlite3_stmt *st, int64_t id)
{
	char *text = NULL;

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		text = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	return text;
}

/* text_of_id() of a query prepared for the one question */
static char *text_once(sqlite3 *db, const char *sql, int64_t id)
{
	sqlite3_stmt *st;
	char *text;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	text = text_of_id(st, id);
	sqlite3_finalize(st);
	return text;
}

char *idx_commit_hash(const struct idx *ix, int64_t id)
{
	return text_once(ix->db, COMMIT_HASH_SQL, id);
}

struct idx_names {
	sqlite3_stmt *hash, *msgid;
};

struct idx_names *idx_names_open(struct idx *ix)
{
	struct idx_names *n = xcalloc(1, sizeof(*n));

	if (sqlite3_prepare_v2(ix->db, COMMIT_HASH_SQL, -1, &n->hash,
			       NULL) != SQLITE_OK)
		n->hash = NULL;
	/* an index without the archive's tables: no Message-ID */
	if (sqlite3_prepare_v2(ix->db, MESSAGE_MSGID_SQL, -1, &n->msgid,
			       NULL) != SQLITE_OK)
		n->msgid = NULL;
	return n;
}

char *idx_names_hash(struct idx_names *n, int64_t commit)
{
	return n->hash ? text_of_id(n->hash, commit) : NULL;
}

char *idx_names_msgid(struct idx_names *n, int64_t message)
{
	return n->msgid ? text_of_id(n->msgid, message) : NULL;
}

void idx_names_close(struct idx_names *n)
{
	if (!n)
		return;
	sqlite3_finalize(n->hash);
	sqlite3_finalize(n->msgid);
	free(n);
}

int idx_foreach_commit_by_prefix(struct idx *ix, const char *prefix,
				 int (*fn)(const char *const f[6], void *data),
				 void *data)
{
	char *hi = xstrfmt("%sg", prefix);	/* past every hex digit */
	const char *f[6];
	sqlite3_stmt *st;
	int n = 0, i;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT hash, subject, author_name, author_email, "
			       "committer_name, committer_email FROM commit_log "
			       "WHERE hash >= ?1 AND hash < ?2 LIMIT 2",
			       -1, &st, NULL) != SQLITE_OK) {
		free(hi);
		return -1;
	}
	sqlite3_bind_text(st, 1, prefix, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, hi, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (i = 0; i < 6; i++)
			f[i] = (const char *)sqlite3_column_text(st, i);
		n++;
		if (fn(f, data))
			break;
	}
	sqlite3_finalize(st);
	free(hi);
	return n;
}

int64_t idx_trailer_key_id(struct idx *ix, const char *key)
{
	sqlite3_stmt *st;
	int64_t id = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM keys WHERE key = ?1", -1,
			       &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/*
 * The rows of commit @id from @st, a statement ordered by commit id and
 * stepped along with the commits (*rc its last step): columns 1 and 2
 * into the parallel arrays @a and @b, a NULL as -1.  Returns how many.
 */
static size_t commit_rows(sqlite3_stmt *st, int *rc, int64_t id,
			  int64_t **a, int64_t **b, size_t *alloc)
{
	size_t n = 0;

	for (; *rc == SQLITE_ROW && sqlite3_column_int64(st, 0) <= id;
	     *rc = sqlite3_step(st)) {
		if (sqlite3_column_int64(st, 0) != id)
			continue;
		if (n + 1 > *alloc) {
			ALLOC_GROW(*a, n + 1, *alloc);
			*b = xrealloc(*b, *alloc * sizeof(**b));
		}
		(*a)[n] = sqlite3_column_int64(st, 1);
		(*b)[n++] = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 :
			    sqlite3_column_int64(st, 2);
	}
	return n;
}

/* A commit's files: path, and a rename's path before (else -1). */
static void facts_files(sqlite3_stmt *fst, int *frc, struct commit_facts *c,
			struct facts_buf *b)
{
	c->nr_paths = commit_rows(fst, frc, c->id, &b->paths, &b->old_paths,
				  &b->alloc_p);
	c->paths = b->paths;
	c->old_paths = b->old_paths;
}

/* A commit's trailers that name someone: key and person. */
static void facts_trailers(sqlite3_stmt *tst, int *trc, struct commit_facts *c,
			   struct facts_buf *b)
{
	c->nr_trailers = commit_rows(tst, trc, c->id, &b->key, &b->person,
				     &b->alloc_t);
	c->trailer_key = b->key;
	c->trailer_person = b->person;
}

/* The facts of the commits in [@from, @to], read from the tables. */
static int facts_tables(struct idx *ix, int64_t from, int64_t to,
			bool trailers,
			int (*fn)(const struct commit_facts *c, void *data),
			void *data)
{
	sqlite3_stmt *cst = NULL, *fst = NULL, *tst = NULL;
	struct facts_buf b = { 0 };
	struct commit_facts c = { 0 };
	int frc, trc = SQLITE_DONE, rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, author, committer, commit_time, "
			       "nparents FROM commits WHERE id BETWEEN ?1 AND ?2 "
			       "ORDER BY id", -1, &cst, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id, path, old_path FROM "
			       "files WHERE commit_id BETWEEN ?1 AND ?2 "
			       "ORDER BY commit_id", -1, &fst,
			       NULL) != SQLITE_OK ||
	    (trailers &&
	     sqlite3_prepare_v2(ix->db, "SELECT commit_id, key, person FROM trailers "
				"WHERE commit_id BETWEEN ?1 AND ?2 AND "
				"person IS NOT NULL ORDER BY commit_id, seq",
				-1, &tst, NULL) != SQLITE_OK)) {
		rc = sql_error(ix);
		goto out;
	}
	sqlite3_bind_int64(cst, 1, from);
	sqlite3_bind_int64(cst, 2, to);
	sqlite3_bind_int64(fst, 1, from);
	sqlite3_bind_int64(fst, 2, to);
	frc = sqlite3_step(fst);
	if (trailers) {
		sqlite3_bind_int64(tst, 1, from);
		sqlite3_bind_int64(tst, 2, to);
		trc = sqlite3_step(tst);
	}
	while (!rc && sqlite3_step(cst) == SQLITE_ROW) {
		c.id = sqlite3_column_int64(cst, 0);
		c.author = sqlite3_column_int64(cst, 1);
		c.committer = sqlite3_column_int64(cst, 2);
		c.time = sqlite3_column_int64(cst, 3);
		c.nparents = sqlite3_column_int(cst, 4);
		facts_files(fst, &frc, &c, &b);
		if (trailers)
			facts_trailers(tst, &trc, &c, &b);
		rc = fn(&c, data);
	}
out:
	sqlite3_finalize(cst);
	sqlite3_finalize(fst);
	sqlite3_finalize(tst);
	facts_buf_release(&b);
	return rc;
}

void summary_commit_facts(const struct summary *sm, size_t at, bool trailers,
			  struct commit_facts *c, struct facts_buf *b)
{
	const struct summary_commit *sc = &sm->commits[at];
	const struct summary_file *f = sc->nr_files ?
				       sm->files + sm->at[at].file : NULL;
	const struct summary_trailer *t;
	size_t i, n = 0;

	c->id = sc->id;
	c->author = sc->author;
	c->committer = sc->committer;
	c->time = sc->commit_time;
	c->nparents = sc->nparents;
	if (sc->nr_files > b->alloc_p) {
		ALLOC_GROW(b->paths, sc->nr_files, b->alloc_p);
		b->old_paths = xrealloc(b->old_paths,
					b->alloc_p * sizeof(*b->old_paths));
	}
	for (i = 0; i < sc->nr_files; i++) {
		b->paths[i] = f[i].path;
		b->old_paths[i] = f[i].old_path;
	}
	c->nr_paths = sc->nr_files;
	c->paths = b->paths;
	c->old_paths = b->old_paths;
	t = trailers ? summary_own_trailers(sm, at, &n) : NULL;
	if (n > b->alloc_t) {
		ALLOC_GROW(b->key, n, b->alloc_t);
		b->person = xrealloc(b->person, b->alloc_t * sizeof(*b->person));
	}
	for (i = 0; i < n; i++) {
		b->key[i] = t[i].key;
		b->person[i] = t[i].person;
	}
	c->nr_trailers = n;
	c->trailer_key = b->key;
	c->trailer_person = b->person;
}

void facts_buf_release(struct facts_buf *b)
{
	free(b->paths);
	free(b->old_paths);
	free(b->key);
	free(b->person);
	memset(b, 0, sizeof(*b));
}

/* A walk of the summary handing commit_facts. */
struct facts_walk {
	int64_t from, to;
	bool trailers;
	int (*fn)(const struct commit_facts *c, void *data);
	void (*between)(void *data);	/* idx_foreach_commit_facts_split() */
	void *data;
	struct facts_buf b;
};

static int facts_batch(const struct summary *sm, void *data)
{
	struct facts_walk *w = data;
	struct commit_facts c = { 0 };
	size_t i;
	int rc = 0;

	for (i = 0; !rc && i < sm->nr; i++) {
		const struct summary_commit *sc = &sm->commits[i];

		if (sc->id < w->from || sc->id > w->to)
			continue;
		summary_commit_facts(sm, i, w->trailers, &c, &w->b);
		rc = w->fn(&c, w->data);
	}
	return rc;
}

/*
 * The facts of the commits in [@from, @to]; trailers only when
 * @trailers.  From the summary's chunks when they hold every commit:
 * a few blobs decode in a fraction of the time the files and trailers
 * rows take to step through (at 1.4M commits, a second of kmaint
 * audit); else from the tables, so the answer never depends on it.
 */
static int foreach_facts(struct idx *ix, int64_t from, int64_t to,
			 bool trailers,
			 int (*fn)(const struct commit_facts *c, void *data),
			 void *data)
{
	struct facts_walk w = { from, to, trailers, fn, NULL, data, { 0 } };
	struct summary buf = { 0 };
	enum summary_state state;
	int rc = summary_walk_files(ix, &buf, from, to, facts_batch, &w,
				    &state);

	summary_release(&buf);
	facts_buf_release(&w.b);
	if (rc || state == SUMMARY_WHOLE)
		return rc;
	return facts_tables(ix, from, to, trailers, fn, data);
}

int idx_foreach_commit_facts_tables(struct idx *ix, int64_t from, int64_t to,
				    int (*fn)(const struct commit_facts *c,
					      void *data),
				    void *data)
{
	return facts_tables(ix, from, to, true, fn, data);
}

int idx_foreach_commit_facts(struct idx *ix,
			     int (*fn)(const struct commit_facts *c, void *data),
			     void *data)
{
	return foreach_facts(ix, INT64_MIN, INT64_MAX, true, fn, data);
}

int idx_foreach_commit_facts_range(struct idx *ix, int64_t from, int64_t to,
				   int (*fn)(const struct commit_facts *c,
					     void *data),
				   void *data)
{
	return foreach_facts(ix, from, to, true, fn, data);
}

/* Between the walks of idx_foreach_commit_facts_split(): the older ones */
static void facts_older(void *data)
{
	struct facts_walk *w = data;

	w->between(w->data);
	w->to = w->from - 1;
	w->from = INT64_MIN;
}

int idx_foreach_commit_facts_split(struct idx *ix, int64_t since,
				   int64_t until,
				   int (*fn)(const struct commit_facts *c,
					     void *data),
				   void (*between)(void *data), void *data)
{
	struct facts_walk w = { INT64_MAX, INT64_MAX, true, fn, between,
				data, { 0 } };
	struct summary buf = { 0 };
	enum summary_state state;
	int64_t first;
	int rc = summary_walk_files_split(ix, &buf, since, until, &w.from,
					  facts_batch, facts_older, &w,
					  &state);

	summary_release(&buf);
	facts_buf_release(&w.b);
	if (rc || state == SUMMARY_WHOLE)
		return rc;
	if (idx_first_commit_between(ix, since, until, &first) ||
	    facts_tables(ix, first, INT64_MAX, true, fn, data))
		return -1;
	between(data);
	return facts_tables(ix, INT64_MIN, first - 1, true, fn, data);
}

int idx_foreach_commit_files(struct idx *ix,
			     int (*fn)(const struct commit_facts *c, void *data),
			     void *data)
{
	return foreach_facts(ix, INT64_MIN, INT64_MAX, false, fn, data);
}

/* A row of files touching a few paths: commit, path, old path (-1). */
struct file_hit {
	int64_t commit, path, old_path;
};

/* By commit, then path; of two copies of a row, the one with its old path. */
static int cmp_hit(const void *x, const void *y)
{
	const struct file_hit *a = x, *b = y;

	if (a->commit != b->commit)
		return a->commit < b->commit ? -1 : 1;
	if (a->path != b->path)
		return a->path < b->path ? -1 : 1;
	return (a->old_path < b->old_path) - (a->old_path > b->old_path);
}

/*
 * The rows of files whose path or old path is one of the @nr path ids
 * @paths, by commit and path, each once, into *@v (to free): from
 * files_path and files_renames alone.  A row found by its path alone
 * has its old path -1: that one is none of @paths.
 */
static int file_hits(struct idx *ix, const int64_t *paths, size_t nr,
		     struct file_hit **v, size_t *n)
{
	sqlite3_stmt *st[2] = { NULL };
	size_t alloc = 0, i, k;
	int rc = 0;

	*v = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT commit_id, path, -1 FROM files "
			       "WHERE path = ?1", -1, &st[0],
			       NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id, path, old_path FROM "
			       "files WHERE old_path = ?1", -1, &st[1],
			       NULL) != SQLITE_OK)
		rc = sql_error(ix);
	for (i = 0; !rc && i < nr; i++)
		for (k = 0; k < 2; k++) {
			sqlite3_reset(st[k]);
			sqlite3_bind_int64(st[k], 1, paths[i]);
			while (sqlite3_step(st[k]) == SQLITE_ROW) {
				ALLOC_GROW(*v, *n + 1, alloc);
				(*v)[(*n)++] = (struct file_hit){
					sqlite3_column_int64(st[k], 0),
					sqlite3_column_int64(st[k], 1),
					sqlite3_column_int64(st[k], 2)
				};
			}
		}
	sqlite3_finalize(st[0]);
	sqlite3_finalize(st[1]);
	if (*n)
		qsort(*v, *n, sizeof(**v), cmp_hit);
	for (i = k = 0; i < *n; i++)
		if (!k || (*v)[k - 1].commit != (*v)[i].commit ||
		    (*v)[k - 1].path != (*v)[i].path)
			(*v)[k++] = (*v)[i];
	*n = k;
	return rc;
}

/* The commits of @hits (sorted), each once, into *@ids (to free). */
static void hit_commits(const struct file_hit *hits, size_t n, int64_t **ids,
			size_t *nr_ids)
{
	size_t i, k = 0;

	*ids = xcalloc(n + 1, sizeof(**ids));
	for (i = 0; i < n; i++)
		if (!k || (*ids)[k - 1] != hits[i].commit)
			(*ids)[k++] = hits[i].commit;
	*nr_ids = k;
}

int idx_commits_of_paths(struct idx *ix, const int64_t *paths, size_t nr,
			 int64_t **ids, size_t *nr_ids)
{
	struct file_hit *hits;
	size_t n;
	int rc = file_hits(ix, paths, nr, &hits, &n);

	hit_commits(hits, n, ids, nr_ids);
	free(hits);
	return rc;
}

/*
 * One commit's row, number of files and trailers by its id: the row into
 * @c, the trailers into @b, the count returned (-1: no such commit; 0:
 * not counted, for a commit before @since).
 */
static int64_t few_facts_of(sqlite3_stmt **st, int64_t id, int64_t since,
			    struct commit_facts *c, struct facts_buf *b)
{
	int64_t files;
	int trc, i;

	for (i = 0; i < 3; i++) {
		sqlite3_reset(st[i]);
		sqlite3_bind_int64(st[i], 1, id);
	}
	if (sqlite3_step(st[0]) != SQLITE_ROW)
		return -1;
	c->id = id;
	c->author = sqlite3_column_int64(st[0], 0);
	c->committer = sqlite3_column_int64(st[0], 1);
	c->time = sqlite3_column_int64(st[0], 2);
	c->nparents = sqlite3_column_int(st[0], 3);
	files = c->time >= since && sqlite3_step(st[1]) == SQLITE_ROW ?
		sqlite3_column_int64(st[1], 0) : 0;
	trc = sqlite3_step(st[2]);
	facts_trailers(st[2], &trc, c, b);
	return files;
}

/* Append @n integers to @l's arrays (@v NULL: -1s); where they start. */
static size_t put_ints(struct commit_facts_list *l, const int64_t *v,
		       size_t n)
{
	size_t at = l->nr_ints, i;

	ALLOC_GROW(l->ints, l->nr_ints + n, l->alloc_ints);
	for (i = 0; i < n; i++)
		l->ints[at + i] = v ? v[i] : -1;
	l->nr_ints += n;
	return at;
}

/*
 * A commit's files into @l: its @n rows of @hits first, then -1 up to
 * @files, its number of files; where they start.
 */
static size_t put_files(struct commit_facts_list *l,
			const struct file_hit *hits, size_t n, size_t files)
{
	size_t at = l->nr_ints, i;

	for (i = 0; i < n; i++)
		put_ints(l, &hits[i].path, 1);
	put_ints(l, NULL, files - n);
	for (i = 0; i < n; i++)
		put_ints(l, &hits[i].old_path, 1);
	put_ints(l, NULL, files - n);
	return at;
}

/* Each commit's arrays where they ended up (@at: where each starts). */
static void point_facts(struct commit_facts_list *l, const size_t *at)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		struct commit_facts *c = &l->v[i];

		c->paths = l->ints + at[i];
		c->old_paths = c->paths + c->nr_paths;
		c->trailer_key = c->old_paths + c->nr_paths;
		c->trailer_person = c->trailer_key + c->nr_trailers;
	}
}

/* One commit's facts, its @n rows of @hits among its files, into @l. */
static void put_facts(struct commit_facts_list *l, struct commit_facts *c,
		      int64_t files, const struct file_hit *hits, size_t n,
		      size_t *at)
{
	/* its rows of @hits are some of its files */
	c->nr_paths = files < (int64_t)n ? n : (size_t)files;
	at[l->nr] = put_files(l, hits, n, c->nr_paths);
	put_ints(l, c->trailer_key, c->nr_trailers);
	put_ints(l, c->trailer_person, c->nr_trailers);
	l->v[l->nr++] = *c;
}

/* The facts of the next @max commits of @sc's rows into @l. */
static int facts_of_hits(struct idx *ix, struct section_commits *sc,
			 size_t max, struct commit_facts_list *l)
{
	static const char *const sql[3] = {
		"SELECT author, committer, commit_time, nparents "
		"FROM commits WHERE id = ?1",
		"SELECT count(*) FROM files WHERE commit_id = ?1",
		"SELECT commit_id, key, person FROM trailers "
		"WHERE commit_id = ?1 AND person IS NOT NULL ORDER BY seq",
	};
	const struct file_hit *hits = sc->hits;
	sqlite3_stmt *st[3] = { NULL };
	struct facts_buf b = { 0 };
	struct commit_facts c;
	size_t i, e, k, n = sc->nr_hits, *at;
	int64_t files;
	int rc = 0;

	max = max < sc->nr_ids ? max : sc->nr_ids;
	at = xcalloc(max + 1, sizeof(*at));
	l->v = xcalloc(max + 1, sizeof(*l->v));
	for (i = 0; !rc && i < 3; i++)
		if (sqlite3_prepare_v2(ix->db, sql[i], -1, &st[i],
				       NULL) != SQLITE_OK)
			rc = sql_error(ix);
	for (i = sc->next, k = 0; !rc && i < n && k < max; i = e, k++) {
		for (e = i + 1; e < n && hits[e].commit == hits[i].commit; e++)
			;
		files = few_facts_of(st, hits[i].commit, sc->since, &c, &b);
		if (files >= 0)
			put_facts(l, &c, files, hits + i, e - i, at);
	}
	sc->next = i;
	point_facts(l, at);
	for (i = 0; i < 3; i++)
		sqlite3_finalize(st[i]);
	free(at);
	free(b.key);
	free(b.person);
	return rc;
}

int idx_section_commits(struct idx *ix, const int64_t *paths, size_t nr,
			int64_t since, struct section_commits *sc)
{
	int rc;

	memset(sc, 0, sizeof(*sc));
	sc->since = since;
	rc = file_hits(ix, paths, nr, &sc->hits, &sc->nr_hits);
	hit_commits(sc->hits, sc->nr_hits, &sc->ids, &sc->nr_ids);
	return rc;
}

int idx_section_facts(struct idx *ix, struct section_commits *sc,
		      size_t max, struct commit_facts_list *l)
{
	commit_facts_list_release(l);
	if (sc->next >= sc->nr_hits) {
		/* the rows are read: the ids alone are kept */
		free(sc->hits);
		sc->hits = NULL;
		sc->nr_hits = sc->next = 0;
		return 0;
	}
	return facts_of_hits(ix, sc, max, l) ? -1 : 1;
}

void section_commits_release(struct section_commits *sc)
{
	free(sc->hits);
	free(sc->ids);
	memset(sc, 0, sizeof(*sc));
}

void commit_facts_list_release(struct commit_facts_list *l)
{
	free(l->v);
	free(l->ints);
	memset(l, 0, sizeof(*l));
}

int idx_foreach_commit_since(struct idx *ix, int64_t since,
			     int (*fn)(int64_t id, const char *hash,
				       const char *parents, int64_t time,
				       int64_t flags, void *data),
			     void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, hash, parents, commit_time, "
			       "flags FROM commits WHERE commit_time >= ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, since);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0),
			(const char *)sqlite3_column_text(st, 1),
			(const char *)sqlite3_column_text(st, 2),
			sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4),
			data);
	sqlite3_finalize(st);
	return rc;
}

int idx_maintainers_version_at(struct idx *ix, int64_t when, char **blob,
			       char **hash, int64_t *time)
{
	sqlite3_stmt *st;

	*blob = *hash = NULL;
	*time = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT m.blob, c.hash, c.commit_time "
			       "FROM maintainers m "
			       "JOIN commits c ON c.id = m.commit_id "
			       "WHERE ?1 = 0 OR c.commit_time <= ?1 "
			       "ORDER BY c.commit_time DESC, c.id DESC LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, when);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		*blob = xstrdup((const char *)sqlite3_column_text(st, 0));
		*hash = xstrdup((const char *)sqlite3_column_text(st, 1));
		*time = sqlite3_column_int64(st, 2);
	}
	sqlite3_finalize(st);
	return 0;
}

int64_t *idx_trailer_by_keys(struct idx *ix, size_t *nr)
{
	sqlite3_stmt *st;
	int64_t *v = NULL;
	size_t alloc = 0;

	*nr = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM keys WHERE key LIKE "
			       "'%-by' ORDER BY id", -1, &st, NULL) != SQLITE_OK)
		return NULL;
	while (sqlite3_step(st) == SQLITE_ROW) {
		ALLOC_GROW(v, *nr + 1, alloc);
		v[(*nr)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_finalize(st);
	return v;
}

int64_t idx_maintainers_first_time(struct idx *ix)
{
	return count_of(ix, "SELECT min(c.commit_time) FROM maintainers m "
			"JOIN commits c ON c.id = m.commit_id");
}

int idx_foreach_person_activity(struct idx *ix,
				int (*fn)(const char *name, const char *email,
					  int64_t commits, int64_t trailers,
					  void *data),
				void *data)
{
	static const char sql[] =
		"SELECT p.mname, p.memail, "
		"  (SELECT count(*) FROM commits c WHERE c.author = p.id "
		"   AND c.nparents < 2), "
		"  (SELECT count(*) FROM trailers t WHERE t.person = p.id) "
		"FROM people p";
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn((const char *)sqlite3_column_text(st, 0),
			(const char *)sqlite3_column_text(st, 1),
			sqlite3_column_int64(st, 2), sqlite3_column_int64(st, 3),
			data);
	sqlite3_finalize(st);
	return rc;
}

int idx_foreach_review_trailer(struct idx *ix,
			       int (*fn)(int64_t commit, const char *name,
					 const char *email, void *data),
			       void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT t.commit_id, p.mname, p.memail FROM trailers t "
			       "JOIN keys k ON k.id = t.key "
			       "JOIN people p ON p.id = t.person "
			       "WHERE k.key IN ('Reviewed-by', 'Acked-by')", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0),
			(const char *)sqlite3_column_text(st, 1),
			(const char *)sqlite3_column_text(st, 2), data);
	sqlite3_finalize(st);
	return rc;
}

int idx_first_commit_time(struct idx *ix, int64_t *t)
{
	sqlite3_stmt *st;

	*t = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT min(commit_time) FROM commits",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	if (sqlite3_step(st) == SQLITE_ROW)
		*t = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

int64_t idx_last_commit_time(struct idx *ix)
{
	return count_of(ix, "SELECT max(commit_time) FROM commits");
}

int idx_first_commit_between(struct idx *ix, int64_t from, int64_t to,
			     int64_t *id)
{
	sqlite3_stmt *st;

	*id = INT64_MAX;
	if (sqlite3_prepare_v2(ix->db, "SELECT min(id) FROM commits WHERE "
			       "commit_time BETWEEN ?1 AND ?2", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, from);
	sqlite3_bind_int64(st, 2, to);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_type(st, 0) != SQLITE_NULL)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

int idx_person_last_commit(struct idx *ix, int64_t person, int64_t until,
			   int64_t *t)
{
	static const char sql[] =
		"SELECT max(t) FROM ("
		"SELECT commit_time t FROM commits WHERE author = ?1 AND "
		"nparents <= 1 AND commit_time <= ?2 UNION ALL "
		"SELECT commit_time FROM commits WHERE committer = ?1 AND "
		"nparents <= 1 AND commit_time <= ?2 UNION ALL "
		"SELECT c.commit_time FROM trailers r JOIN keys k ON k.id = r.key "
		"JOIN commits c ON c.id = r.commit_id WHERE r.person = ?1 AND "
		"k.key LIKE '%-by' AND c.nparents <= 1 AND c.commit_time <= ?2)";
	sqlite3_stmt *st;
	int rc;

	*t = 0;
	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, person);
	sqlite3_bind_int64(st, 2, until);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*t = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : sql_error(ix);
}

unsigned char *lists_linked_commits(struct idx *ix, int64_t *max)
{
	unsigned char *linked;
	sqlite3_stmt *st;

	*max = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT max(commit_id) FROM links", -1,
			       &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			*max = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	linked = xcalloc((size_t)(*max > 0 ? *max : 0) + 1, 1);
	if (*max <= 0 ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id FROM links", -1, &st,
			       NULL) != SQLITE_OK)
		return linked;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t c = sqlite3_column_int64(st, 0);

		if (c >= 0 && c <= *max)
			linked[c] = 1;
	}
	sqlite3_finalize(st);
	return linked;
}

unsigned char *lists_linked_commits_of(struct idx *ix, const int64_t *ids,
				       size_t nr, int64_t *max)
{
	unsigned char *linked;
	sqlite3_stmt *st;
	size_t i;

	*max = nr && ids[nr - 1] > 0 ? ids[nr - 1] : 0;
	linked = xcalloc((size_t)*max + 1, 1);
	if (sqlite3_prepare_v2(ix->db, "SELECT 1 FROM links "
			       "WHERE commit_id = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return linked;
	for (i = 0; i < nr; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		if (ids[i] >= 0 && sqlite3_step(st) == SQLITE_ROW)
			linked[ids[i]] = 1;
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return linked;
}

bool lists_has_messages(struct idx *ix)
{
	sqlite3_stmt *st;
	bool yes;

	/* an index from before the list tables has none: no rows either */
	if (sqlite3_prepare_v2(ix->db, "SELECT 1 FROM messages LIMIT 1", -1,
			       &st, NULL) != SQLITE_OK)
		return false;
	yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}

void lists_foreach_name(struct idx *ix,
			void (*fn)(const char *name, void *data), void *data)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db, "SELECT name FROM lists", -1, &st,
			       NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(st) == SQLITE_ROW)
		fn((const char *)sqlite3_column_text(st, 0), data);
	sqlite3_finalize(st);
}

char *lists_message_msgid(struct idx *ix, int64_t id)
{
	return text_once(ix->db, MESSAGE_MSGID_SQL, id);
}

int64_t lists_count(struct idx *ix)
{
	sqlite3_stmt *st;
	int64_t n = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM lists", -1, &st,
			       NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

int lists_find(struct idx *ix, const char *name, char **out)
{
	sqlite3_stmt *st;
	int found = 0;

	*out = NULL;
	if (sqlite3_prepare_v2(ix->db, "SELECT name FROM lists WHERE name = ?1 "
			       "COLLATE NOCASE", -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*out = xstrdup((const char *)sqlite3_column_text(st, 0));
		found = 1;
	}
	sqlite3_finalize(st);
	return found;
}

int lists_foreach_message_file(struct idx *ix,
			       int (*fn)(int64_t path, int64_t thread,
					 int64_t message, void *data),
			       void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT f.path, m.thread, "
			       "f.message FROM msg_files f JOIN messages m "
			       "ON m.id = f.message", -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
			sqlite3_column_int64(st, 2), data);
	sqlite3_finalize(st);
	return rc;
}

int lists_foreach_reply(struct idx *ix, int64_t since, int64_t until,
			int (*fn)(int64_t date, int64_t sender,
				  int64_t thread, void *data),
			void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT date, sender, thread FROM "
			       "messages WHERE flags & ?1 AND date BETWEEN ?2 AND ?3",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, MSG_REPLY);
	sqlite3_bind_int64(st, 2, since);
	sqlite3_bind_int64(st, 3, until);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
			sqlite3_column_int64(st, 2), data);
	sqlite3_finalize(st);
	return rc;
}

int64_t lists_newest_message_date(struct idx *ix)
{
	sqlite3_stmt *st;
	int64_t t = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT max(date) FROM messages "
			       "WHERE source > 0", -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	if (sqlite3_step(st) == SQLITE_ROW)
		t = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return t;
}

int lists_foreach_landed(struct idx *ix, int64_t until, int64_t lo, int64_t hi,
			 int (*fn)(int64_t message, void *data), void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT l.message FROM links l "
			       "JOIN commits c ON c.id = l.commit_id "
			       "WHERE c.commit_time <= ?1 AND l.message > ?2 "
			       "AND l.message <= ?3", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, until);
	sqlite3_bind_int64(st, 2, lo);
	sqlite3_bind_int64(st, 3, hi);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(st, 0), data);
	sqlite3_finalize(st);
	return rc;
}

/* The trailers that are reviews, as stats --list counts them. */
#define REVIEW_KEY_NAMES "('Reviewed-by', 'Acked-by', 'Tested-by')"
#define REVIEW_KEYS "(SELECT id FROM keys WHERE key IN " REVIEW_KEY_NAMES ")"
#define MSG_ROW_COLUMNS "m.id, m.mid, m.parent, m.thread, m.date, m.sender, " \
	"m.author, m.flags, m.version, m.subject_hash, m.source"
#define LINK_COLUMNS "l.commit_id, l.how, l.landed, m.version, m.date, " \
	"l.message"

struct msg_queries {
	struct idx *ix;
	sqlite3_stmt *files, *reviewers, *details;
	sqlite3_stmt *links_msg, *links_commit, *reviews, *versions;
};

struct msg_queries *msg_queries_open(struct idx *ix)
{
	struct msg_queries *q = xcalloc(1, sizeof(*q));

	q->ix = ix;
	/* the path, and whether the history touched it */
	if (sqlite3_prepare_v2(ix->db, "SELECT p.path, EXISTS (SELECT 1 "
			       "FROM files x WHERE x.path = f.path) FROM msg_files f "
			       "JOIN paths p ON p.id = f.path WHERE f.message = ?1",
			       -1, &q->files, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT t.person FROM msg_trailers t "
			       "WHERE t.message = ?1 AND t.person IS NOT NULL "
			       "AND t.key IN " REVIEW_KEYS,
			       -1, &q->reviewers, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT msgid, subject, part_nr "
			       "FROM messages WHERE id = ?1", -1, &q->details,
			       NULL) != SQLITE_OK ||
	    /* lists_foreach_link()'s rows and order, a message or commit's */
	    sqlite3_prepare_v2(ix->db, "SELECT " LINK_COLUMNS " FROM links l "
			       "JOIN messages m ON m.id = l.message "
			       "WHERE l.message = ?1", -1, &q->links_msg,
			       NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT " LINK_COLUMNS " FROM links l "
			       "JOIN messages m ON m.id = l.message "
			       "WHERE l.commit_id = ?1 ORDER BY m.source, m.id",
			       -1, &q->links_commit, NULL) != SQLITE_OK ||
	    /* the keys' ids bound once: no subquery a message */
	    sqlite3_prepare_v2(ix->db, "SELECT t.key, t.person FROM "
			       "msg_trailers t WHERE t.message = ?1 AND "
			       "t.person IS NOT NULL AND t.key IN (?2, ?3, ?4)",
			       -1, &q->reviews, NULL) != SQLITE_OK ||
	    /* messages_subject: the patches of the same subject */
	    sqlite3_prepare_v2(ix->db, "SELECT " MSG_ROW_COLUMNS " FROM "
			       "messages x JOIN messages m ON m.subject_key = "
			       "x.subject_key AND m.flags & 65536 WHERE "
			       "x.id = ?1 AND m.source > 0", -1, &q->versions,
			       NULL) != SQLITE_OK) {
		sql_error(ix);
		msg_queries_close(q);
		return NULL;
	}
	/* a key never seen is 0, an id no trailer has */
	sqlite3_bind_int64(q->reviews, 2, idx_trailer_key_id(ix, "Reviewed-by"));
	sqlite3_bind_int64(q->reviews, 3, idx_trailer_key_id(ix, "Acked-by"));
	sqlite3_bind_int64(q->reviews, 4, idx_trailer_key_id(ix, "Tested-by"));
	return q;
}

void msg_queries_close(struct msg_queries *q)
{
	if (!q)
		return;
	sqlite3_finalize(q->files);
	sqlite3_finalize(q->reviewers);
	sqlite3_finalize(q->details);
	sqlite3_finalize(q->links_msg);
	sqlite3_finalize(q->links_commit);
	sqlite3_finalize(q->reviews);
	sqlite3_finalize(q->versions);
	free(q);
}

int msg_foreach_file(struct msg_queries *q, int64_t message,
		     int (*fn)(const char *path, bool in_history, void *data),
		     void *data)
{
	int rc = 0;

	sqlite3_bind_int64(q->files, 1, message);
	while (!rc && sqlite3_step(q->files) == SQLITE_ROW)
		rc = fn((const char *)sqlite3_column_text(q->files, 0),
			sqlite3_column_int(q->files, 1) != 0, data);
	sqlite3_reset(q->files);
	return rc;
}

int msg_foreach_reviewer(struct msg_queries *q, int64_t message,
			 int (*fn)(int64_t person, void *data), void *data)
{
	int rc = 0;

	sqlite3_bind_int64(q->reviewers, 1, message);
	while (!rc && sqlite3_step(q->reviewers) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(q->reviewers, 0), data);
	sqlite3_reset(q->reviewers);
	return rc;
}

int msg_details(struct msg_queries *q, int64_t message, char **msgid,
		char **subject, int *part)
{
	sqlite3_bind_int64(q->details, 1, message);
	if (sqlite3_step(q->details) != SQLITE_ROW) {
		sqlite3_reset(q->details);
		return 0;
	}
	*msgid = xstrdup((const char *)sqlite3_column_text(q->details, 0));
	*subject = xstrdup((const char *)sqlite3_column_text(q->details, 1));
	*part = sqlite3_column_int(q->details, 2);
	sqlite3_reset(q->details);
	return 1;
}

int64_t lists_count_sources(struct idx *ix)
{
	return count_of(ix, "SELECT count(*) FROM sources");
}

int64_t lists_max_message_id(struct idx *ix)
{
	return count_of(ix, "SELECT max(id) FROM messages");
}

/*
 * The first six columns of MSG_ROW_COLUMNS, as a struct msg_row and a
 * struct msg_brief both begin: id, mid, parent, thread, date, sender.
 */
static void read_msg_head(sqlite3_stmt *st, int64_t *id, int64_t *mid,
			  int64_t *parent, int64_t *thread, int64_t *date,
			  int64_t *sender)
{
	*id = sqlite3_column_int64(st, 0);
	*mid = sqlite3_column_int64(st, 1);
	*parent = sqlite3_column_int64(st, 2);
	*thread = sqlite3_column_int64(st, 3);
	*date = sqlite3_column_int64(st, 4);
	*sender = sqlite3_column_int64(st, 5);
}

static void read_msg_row(sqlite3_stmt *st, struct msg_row *r)
{
	read_msg_head(st, &r->id, &r->mid, &r->parent, &r->thread, &r->date,
		      &r->sender);
	r->author = sqlite3_column_int64(st, 6);
	r->flags = sqlite3_column_int64(st, 7);
	r->version = sqlite3_column_int(st, 8);
	r->subject_hash = sqlite3_column_int64(st, 9);
	r->source = sqlite3_column_int64(st, 10);
}

/*
 * The index messages_stats covers what is read: a scan of its narrow
 * rows, not of the messages.  From a date on, messages_date finds the
 * few rows instead ("+m.source": not the other index, for this term).
 */
static void messages_sql(struct strbuf *sql, size_t nr_lists, int64_t since)
{
	size_t i;

	strbuf_addstr(sql, "SELECT " MSG_ROW_COLUMNS " FROM messages m");
	strbuf_addstr(sql, since != INT64_MIN ? " WHERE +m.source" : " WHERE m.source");
	if (nr_lists) {
		strbuf_addstr(sql, " IN (SELECT s.id FROM sources s "
			      "JOIN lists l ON l.id = s.list WHERE l.name IN (");
		for (i = 0; i < nr_lists; i++)
			strbuf_addf(sql, "%s?%zu", i ? ", " : "", i + 1);
		strbuf_addstr(sql, "))");
	} else {
		strbuf_addstr(sql, " > 0");
	}
	if (since != INT64_MIN)
		strbuf_addf(sql, " AND m.date >= ?%zu", nr_lists + 1);
}

int lists_foreach_message(struct idx *ix, const char *const *lists,
			  size_t nr_lists, int64_t since,
			  int (*fn)(const struct msg_row *r, void *data),
			  void *data)
{
	struct strbuf sql = STRBUF_INIT;
	struct msg_row r;
	sqlite3_stmt *st;
	size_t i;
	int rc = 0;

	messages_sql(&sql, nr_lists, since);
	if (sqlite3_prepare_v2(ix->db, sql.buf, -1, &st, NULL) != SQLITE_OK) {
		strbuf_release(&sql);
		return sql_error(ix);
	}
	strbuf_release(&sql);
	for (i = 0; i < nr_lists; i++)
		sqlite3_bind_text(st, (int)i + 1, lists[i], -1, SQLITE_STATIC);
	if (since != INT64_MIN)
		sqlite3_bind_int64(st, (int)nr_lists + 1, since);
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		read_msg_row(st, &r);
		rc = fn(&r, data);
	}
	sqlite3_finalize(st);
	return rc;
}

int lists_read_messages_brief(struct idx *ix, struct msg_brief **v,
			      size_t *nr)
{
	int64_t max = lists_max_message_id(ix);
	size_t alloc = max > 0 ? (size_t)max : 0;
	sqlite3_stmt *st;

	*nr = 0;
	*v = NULL;
	/* messages_stats covers these, as messages_sql() reads them */
	if (sqlite3_prepare_v2(ix->db, "SELECT m.id, m.mid, m.parent, "
			       "m.thread, m.date, m.sender, m.flags FROM "
			       "messages m WHERE m.source > 0", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	/* the ids being dense, the largest is the room for them all */
	if (alloc)
		*v = xcalloc(alloc, sizeof(**v));
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct msg_brief *m;

		ALLOC_GROW(*v, *nr + 1, alloc);
		m = &(*v)[(*nr)++];
		read_msg_head(st, &m->id, &m->mid, &m->parent, &m->thread,
			      &m->date, &m->sender);
		m->flags = (uint32_t)sqlite3_column_int64(st, 6);
	}
	if (sqlite3_finalize(st) != SQLITE_OK) {
		free(*v);
		*v = NULL;
		*nr = 0;
		return sql_error(ix);
	}
	return 0;
}

/* A caller's function and data, for the readers of rows below. */
struct row_cb {
	union {
		int (*link)(const struct link_row *r, void *data);
		int (*review)(int64_t key, int64_t person, void *data);
		int (*msg)(const struct msg_row *r, void *data);
	} fn;
	void *data;
};

static int link_of_row(sqlite3_stmt *st, void *cb)
{
	struct row_cb *c = cb;
	struct link_row r;

	r.commit = sqlite3_column_int64(st, 0);
	r.how = (const char *)sqlite3_column_text(st, 1);
	r.landed = sqlite3_column_int(st, 2) != 0;
	r.version = sqlite3_column_int(st, 3);
	r.date = sqlite3_column_int64(st, 4);
	r.message = sqlite3_column_int64(st, 5);
	return c->fn.link(&r, c->data);
}

int lists_foreach_link(struct idx *ix,
		       int (*fn)(const struct link_row *r, void *data),
		       void *data)
{
	struct row_cb c = { .fn.link = fn, .data = data };
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT " LINK_COLUMNS " FROM links l "
			       "JOIN messages m ON m.id = l.message", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = link_of_row(st, &c);
	sqlite3_finalize(st);
	return rc;
}

/* @fn on the two integer columns of each row of @sql. */
static int foreach_pair(struct idx *ix, const char *sql,
			int (*fn)(int64_t a, int64_t b, void *data),
			void *data)
{
	sqlite3_stmt *q;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &q, NULL) != SQLITE_OK)
		return sql_error(ix);
	while (!rc && sqlite3_step(q) == SQLITE_ROW)
		rc = fn(sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 1),
			data);
	sqlite3_finalize(q);
	return rc;
}

int lists_foreach_review(struct idx *ix,
			 int (*fn)(int64_t message, int64_t person, void *data),
			 void *data)
{
	return foreach_pair(ix, "SELECT t.message, t.person FROM "
			    "msg_trailers t WHERE "
			    "t.key IN " REVIEW_KEYS " AND t.person IS NOT NULL",
			    fn, data);
}

int lists_foreach_message_of_paths(struct idx *ix, const int64_t *paths,
				   size_t nr,
				   int (*fn)(int64_t message, void *data),
				   void *data)
{
	sqlite3_stmt *q;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT message FROM msg_files "
			       "WHERE path = ?1", -1, &q, NULL) != SQLITE_OK)
		return sql_error(ix);
	for (i = 0; !rc && i < nr; i++) {
		sqlite3_bind_int64(q, 1, paths[i]);
		while (!rc && sqlite3_step(q) == SQLITE_ROW)
			rc = fn(sqlite3_column_int64(q, 0), data);
		sqlite3_reset(q);
	}
	sqlite3_finalize(q);
	return rc;
}

int idx_commit_subject(struct idx *ix, int64_t id, char **hash,
		       char **subject)
{
	sqlite3_stmt *st;
	int found = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT hash, subject FROM "
			       "commits WHERE id = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*hash = xstrdup((const char *)sqlite3_column_text(st, 0));
		*subject = xstrdup((const char *)sqlite3_column_text(st, 1));
		found = 1;
	}
	sqlite3_finalize(st);
	return found;
}

/* The files of messages of @paths, by path then message, no thread yet. */
static int message_files_of(struct idx *ix, const int64_t *paths, size_t nr,
			    struct msg_file_row **rows, size_t *nr_rows)
{
	sqlite3_stmt *st;
	size_t i, alloc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT message FROM msg_files "
			       "WHERE path = ?1 ORDER BY message", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	for (i = 0; i < nr; i++) {
		sqlite3_bind_int64(st, 1, paths[i]);
		while (sqlite3_step(st) == SQLITE_ROW) {
			ALLOC_GROW(*rows, *nr_rows + 1, alloc);
			(*rows)[(*nr_rows)++] = (struct msg_file_row){
				paths[i], -1, sqlite3_column_int64(st, 0)
			};
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return 0;
}

/* The messages of @rows, ascending and each once, *@nr of them. */
static int64_t *messages_of_rows(const struct msg_file_row *rows,
				 size_t nr_rows, size_t *nr)
{
	int64_t *v = xcalloc(nr_rows + 1, sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < nr_rows; i++)
		v[i] = rows[i].message;
	if (nr_rows)
		qsort(v, nr_rows, sizeof(*v), cmp_int64);
	for (i = 0; i < nr_rows; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	*nr = k;
	return v;
}

/* Each row's thread (-1: no such message), asked once a message, by id. */
static int threads_of_rows(struct idx *ix, struct msg_file_row *rows,
			   size_t nr_rows)
{
	size_t nr, i;
	int64_t *ids = messages_of_rows(rows, nr_rows, &nr);
	int64_t *thread = xcalloc(nr + 1, sizeof(*thread)), *at;
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db, "SELECT thread FROM messages "
			       "WHERE id = ?1", -1, &st, NULL) != SQLITE_OK) {
		free(ids);
		free(thread);
		return sql_error(ix);
	}
	for (i = 0; i < nr; i++) {
		sqlite3_bind_int64(st, 1, ids[i]);
		thread[i] = sqlite3_step(st) == SQLITE_ROW ?
			    sqlite3_column_int64(st, 0) : -1;
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	for (i = 0; i < nr_rows; i++) {
		at = bsearch(&rows[i].message, ids, nr, sizeof(*ids), cmp_int64);
		rows[i].thread = thread[at - ids];
	}
	free(ids);
	free(thread);
	return 0;
}

int lists_message_files_of(struct idx *ix, const int64_t *paths, size_t nr,
			   struct msg_file_row **rows, size_t *nr_rows)
{
	size_t i, k;

	*rows = NULL;
	*nr_rows = 0;
	if (message_files_of(ix, paths, nr, rows, nr_rows) ||
	    threads_of_rows(ix, *rows, *nr_rows))
		return -1;
	/* a file of no message (none should be) is in no thread */
	for (i = k = 0; i < *nr_rows; i++)
		if ((*rows)[i].thread >= 0)
			(*rows)[k++] = (*rows)[i];
	*nr_rows = k;
	return 0;
}

int lists_foreach_msg_file(struct idx *ix,
			   int (*fn)(int64_t path, int64_t message, void *data),
			   void *data)
{
	/* msg_files_path covers it: no row of messages is read */
	return foreach_pair(ix, "SELECT path, message FROM msg_files "
			    "ORDER BY path, message", fn, data);
}

/* The ids of the messages of @threads, ascending, *@nr of them. */
static int64_t *thread_message_ids(struct idx *ix, const int64_t *threads,
				   size_t nr_threads, size_t *nr)
{
	int64_t *ids = NULL;
	size_t alloc = 0, t;
	sqlite3_stmt *st;

	*nr = 0;
	/* messages_thread covers it: no row of messages is read */
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM messages "
			       "WHERE thread = ?1", -1, &st, NULL) != SQLITE_OK) {
		sql_error(ix);
		return NULL;
	}
	for (t = 0; t < nr_threads; t++) {
		sqlite3_bind_int64(st, 1, threads[t]);
		while (sqlite3_step(st) == SQLITE_ROW) {
			ALLOC_GROW(ids, *nr + 1, alloc);
			ids[(*nr)++] = sqlite3_column_int64(st, 0);
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (*nr)
		qsort(ids, *nr, sizeof(*ids), cmp_int64);
	return ids ? ids : xcalloc(1, sizeof(*ids));
}

/*
 * A reply is in its patch's thread (list-store.c threads a message with
 * its parent), so a few sections' messages are their threads'.  Their
 * ids first, from messages_thread alone, then their rows in id order,
 * each page of messages read once (thread by thread, the pages of one
 * thread's replies are apart, and shared with other threads').
 */
int lists_foreach_thread_message(struct idx *ix, const int64_t *threads,
				 size_t nr,
				 int (*fn)(const struct msg_row *m, void *data),
				 void *data)
{
	struct msg_row m;
	sqlite3_stmt *ms;
	size_t n, i;
	int64_t *ids = thread_message_ids(ix, threads, nr, &n);
	int rc = 0;

	if (!ids)
		return -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT " MSG_ROW_COLUMNS " FROM "
			       "messages m WHERE m.id = ?1", -1, &ms,
			       NULL) != SQLITE_OK) {
		free(ids);
		return sql_error(ix);
	}
	for (i = 0; !rc && i < n; i++) {
		sqlite3_bind_int64(ms, 1, ids[i]);
		if (sqlite3_step(ms) == SQLITE_ROW) {
			read_msg_row(ms, &m);
			rc = fn(&m, data);
		}
		sqlite3_reset(ms);
	}
	sqlite3_finalize(ms);
	free(ids);
	return rc;
}

static int cmp_msg_row(const void *a, const void *b)
{
	const struct msg_row *x = a, *y = b;

	if (x->source != y->source)
		return x->source < y->source ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

int lists_foreach_message_in_threads(struct idx *ix, const int64_t *threads,
				     size_t nr, int64_t since,
				     int (*fn)(const struct msg_row *r,
					       void *data),
				     void *data)
{
	struct msg_row *v = NULL;
	size_t n = 0, alloc = 0, t;
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT " MSG_ROW_COLUMNS
			       " FROM messages m WHERE m.thread = ?1 "
			       "AND m.date >= ?2 AND m.source > 0", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 2, since);
	for (t = 0; t < nr; t++) {
		sqlite3_bind_int64(st, 1, threads[t]);
		while (sqlite3_step(st) == SQLITE_ROW) {
			ALLOC_GROW(v, n + 1, alloc);
			read_msg_row(st, &v[n++]);
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	/* lists_foreach_message()'s order: by archive, then id */
	if (n)
		qsort(v, n, sizeof(*v), cmp_msg_row);
	for (t = 0; !rc && t < n; t++)
		rc = fn(&v[t], data);
	free(v);
	return rc;
}

/*
 * The least id of a message dated @since or later into *@lo: 0 for
 * INT64_MIN, -1 when there is none.  0, or -1 with a message.
 */
static int least_id_since(struct idx *ix, int64_t since, int64_t *lo)
{
	sqlite3_stmt *st;

	*lo = since == INT64_MIN ? 0 : -1;
	if (since == INT64_MIN)
		return 0;
	/*
	 * The window's entries of messages_date: min(id) alone would walk
	 * the table by id up to the window
	 */
	if (sqlite3_prepare_v2(ix->db, "SELECT min(id) FROM messages "
			       "INDEXED BY messages_date WHERE date >= ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 1, since);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_type(st, 0) != SQLITE_NULL)
		*lo = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

int lists_threads_of_paths(struct idx *ix, const int64_t *paths, size_t nr,
			   int64_t since, int64_t **threads, size_t *nr_threads)
{
	sqlite3_stmt *st;
	int64_t lo;
	size_t i, k, n = 0, alloc = 0;

	*threads = NULL;
	*nr_threads = 0;
	if (least_id_since(ix, since, &lo))
		return -1;
	if (lo < 0)
		return 0;	/* nothing that recent */
	/* no message dated @since or later has an id below the least one's */
	if (sqlite3_prepare_v2(ix->db, "SELECT m.thread FROM msg_files f "
			       "JOIN messages m ON m.id = f.message "
			       "WHERE f.path = ?1 AND f.message >= ?2 "
			       "AND m.date >= ?3", -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	sqlite3_bind_int64(st, 2, lo);
	sqlite3_bind_int64(st, 3, since);
	for (i = 0; i < nr; i++) {
		sqlite3_bind_int64(st, 1, paths[i]);
		while (sqlite3_step(st) == SQLITE_ROW) {
			ALLOC_GROW(*threads, n + 1, alloc);
			(*threads)[n++] = sqlite3_column_int64(st, 0);
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	if (n)
		qsort(*threads, n, sizeof(**threads), cmp_int64);
	for (i = k = 0; i < n; i++)
		if (!k || (*threads)[k - 1] != (*threads)[i])
			(*threads)[k++] = (*threads)[i];
	*nr_threads = k;
	return 0;
}

/* Each row of @st bound to @id to @row, until it returns non-zero. */
static int each_row(struct msg_queries *q, sqlite3_stmt *st, int64_t id,
		    int (*row)(sqlite3_stmt *st, void *cb), void *cb)
{
	int rc = 0, s = SQLITE_DONE;

	sqlite3_bind_int64(st, 1, id);
	while (!rc && (s = sqlite3_step(st)) == SQLITE_ROW)
		rc = row(st, cb);
	if (!rc && s != SQLITE_DONE)
		rc = sql_error(q->ix);
	sqlite3_reset(st);
	return rc;
}

int msg_links_of(struct msg_queries *q, int64_t message,
		 int (*fn)(const struct link_row *r, void *data),
		 void *data)
{
	struct row_cb c = { .fn.link = fn, .data = data };

	return each_row(q, q->links_msg, message, link_of_row, &c);
}

int commit_links_of(struct msg_queries *q, int64_t commit,
		    int (*fn)(const struct link_row *r, void *data),
		    void *data)
{
	struct row_cb c = { .fn.link = fn, .data = data };

	return each_row(q, q->links_commit, commit, link_of_row, &c);
}

static int review_of_row(sqlite3_stmt *st, void *cb)
{
	struct row_cb *c = cb;

	return c->fn.review(sqlite3_column_int64(st, 0),
			    sqlite3_column_int64(st, 1), c->data);
}

int msg_reviews_of(struct msg_queries *q, int64_t message,
		   int (*fn)(int64_t key, int64_t person, void *data),
		   void *data)
{
	struct row_cb c = { .fn.review = fn, .data = data };

	return each_row(q, q->reviews, message, review_of_row, &c);
}

static int msg_of_row(sqlite3_stmt *st, void *cb)
{
	struct row_cb *c = cb;
	struct msg_row r;

	read_msg_row(st, &r);
	return c->fn.msg(&r, c->data);
}

int msg_versions_of(struct msg_queries *q, int64_t message,
		    int (*fn)(const struct msg_row *r, void *data),
		    void *data)
{
	struct row_cb c = { .fn.msg = fn, .data = data };

	return each_row(q, q->versions, message, msg_of_row, &c);
}


/*
 * A query per message, or one pass: a cursor for each kind of review
 * over msg_trailers_key, in message order, its narrow rows alone (the
 * Signed-off-by of every patch, most of the table, never read).
 */
struct msg_trailers {
	bool per_message;
	int64_t keys[3];	/* the review keys' ids, 0: none */
	struct trailer_cursor {
		sqlite3_stmt *st;
		int rc;
	} cur[3];
	size_t nr;
};

/* The review keys' ids, up to three of them: how many. */
static int review_key_ids(struct idx *ix, int64_t *ids, size_t *nr)
{
	sqlite3_stmt *st;

	*nr = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM keys WHERE key IN "
			       REVIEW_KEY_NAMES, -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix);
	while (*nr < 3 && sqlite3_step(st) == SQLITE_ROW)
		ids[(*nr)++] = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return 0;
}

struct msg_trailers *msg_trailers_open(struct idx *ix, bool per_message)
{
	struct msg_trailers *t = xcalloc(1, sizeof(*t));
	size_t nr, i;
	int rc = review_key_ids(ix, t->keys, &nr);

	t->per_message = per_message;
	/* a query a message: the other keys passed over in C */
	for (i = 0; !rc && i < (per_message ? 1 : nr); i++) {
		struct trailer_cursor *c = &t->cur[t->nr];

		if (sqlite3_prepare_v2(ix->db, per_message ?
				       "SELECT message, key, person FROM "
				       "msg_trailers WHERE message = ?1 AND "
				       "person IS NOT NULL ORDER BY seq" :
				       "SELECT message, key, person FROM "
				       "msg_trailers WHERE key = ?1 AND person "
				       "IS NOT NULL ORDER BY message", -1, &c->st,
				       NULL) != SQLITE_OK) {
			rc = sql_error(ix);
			break;
		}
		t->nr++;
		if (!per_message) {
			sqlite3_bind_int64(c->st, 1, t->keys[i]);
			c->rc = sqlite3_step(c->st);
		}
	}
	if (rc) {
		msg_trailers_close(t);
		return NULL;
	}
	return t;
}

static bool is_review_key(const struct msg_trailers *t, int64_t key)
{
	return key && (key == t->keys[0] || key == t->keys[1] ||
		       key == t->keys[2]);
}

int msg_trailers_of(struct msg_trailers *t, int64_t message,
		    int (*fn)(int64_t key, int64_t person, void *data),
		    void *data)
{
	size_t i;
	int rc = 0;

	if (t->per_message) {
		sqlite3_reset(t->cur[0].st);
		sqlite3_bind_int64(t->cur[0].st, 1, message);
		t->cur[0].rc = sqlite3_step(t->cur[0].st);
	}
	for (i = 0; i < t->nr; i++) {
		struct trailer_cursor *c = &t->cur[i];

		for (; c->rc == SQLITE_ROW &&
		       sqlite3_column_int64(c->st, 0) <= message;
		     c->rc = sqlite3_step(c->st))
			if (!rc && sqlite3_column_int64(c->st, 0) == message &&
			    is_review_key(t, sqlite3_column_int64(c->st, 1)))
				rc = fn(sqlite3_column_int64(c->st, 1),
					sqlite3_column_int64(c->st, 2), data);
	}
	return rc;
}

void msg_trailers_close(struct msg_trailers *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nr; i++)
		sqlite3_finalize(t->cur[i].st);
	free(t);
}
