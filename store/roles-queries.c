// SPDX-License-Identifier: GPL-2.0
/* get --git's questions to the index (roles-queries.h). */
#include "roles-queries.h"

#include <stdlib.h>
#include <sqlite3.h>

#include "util.h"

struct roles_queries {
	struct idx *ix;
	sqlite3_stmt *trailers, *author, *file_rows, *siglines, *flags;
	sqlite3_stmt *renames;
	sqlite3_stmt *follow_get, *follow_put;
	sqlite3 *follow_db;
	bool follow_tried;
};

/* Every statement @q prepared (NULL ones are no-ops), and @q. */
static void free_queries(struct roles_queries *q)
{
	sqlite3_finalize(q->trailers);
	sqlite3_finalize(q->author);
	sqlite3_finalize(q->file_rows);
	sqlite3_finalize(q->siglines);
	sqlite3_finalize(q->flags);
	sqlite3_finalize(q->renames);
	sqlite3_finalize(q->follow_get);
	sqlite3_finalize(q->follow_put);
	if (q->follow_db)
		sqlite3_close(q->follow_db);
	free(q);
}

struct roles_queries *roles_queries_open(struct idx *ix)
{
	struct roles_queries *q = xcalloc(1, sizeof(*q));

	q->ix = ix;
	if (sqlite3_prepare_v2(ix->db,
			"SELECT t.key, " IDX_TRAILER_VALUE("t", "p") " "
			"FROM trailers t LEFT JOIN people p ON p.id = t.person "
			"WHERE t.commit_id = ?1 ORDER BY t.seq", -1,
			&q->trailers, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db,
			"SELECT p.name, p.email FROM commits c "
			"JOIN people p ON p.id = c.author "
			"WHERE c.id = ?1", -1, &q->author,
			NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db,
			"SELECT commit_id, status, added, removed, flags "
			"FROM files WHERE path = (SELECT id FROM paths "
			"                         WHERE path = ?1)", -1,
			&q->file_rows, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db,
			"SELECT line FROM siglines WHERE commit_id = ?1 "
			"AND script ORDER BY seq", -1, &q->siglines,
			NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db,
			"SELECT flags FROM commits WHERE id = ?1", -1,
			&q->flags, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db,
			"SELECT commit_id FROM files WHERE old_path = "
			"(SELECT id FROM paths WHERE path = ?1)", -1,
			&q->renames, NULL) != SQLITE_OK) {
		error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
		free_queries(q);
		return NULL;
	}
	sqlite3_exec(ix->db, "SAVEPOINT gitroles", NULL, NULL, NULL);
	return q;
}

void roles_queries_close(struct roles_queries *q)
{
	if (!q)
		return;
	sqlite3_exec(q->ix->db, "RELEASE gitroles", NULL, NULL, NULL);
	free_queries(q);
}

void roles_foreach_file_row(struct roles_queries *q, const char *path,
			    void (*fn)(int64_t commit, const char *status,
				       long added, long removed, bool counts,
				       long flags, void *data),
			    void *data)
{
	sqlite3_stmt *st = q->file_rows;

	/* by the covering files(path, ...) index */
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0),
		   (const char *)sqlite3_column_text(st, 1),
		   (long)sqlite3_column_int64(st, 2),
		   (long)sqlite3_column_int64(st, 3),
		   sqlite3_column_type(st, 2) != SQLITE_NULL &&
		   sqlite3_column_type(st, 3) != SQLITE_NULL,
		   (long)sqlite3_column_int64(st, 4), data);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

void roles_foreach_rename_of(struct roles_queries *q, const char *path,
			     void (*fn)(int64_t commit, void *data),
			     void *data)
{
	sqlite3_stmt *st = q->renames;

	/* by the partial files(old_path) index */
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), data);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

int64_t roles_commit_flags(struct roles_queries *q, int64_t id)
{
	int64_t flags = 0;

	sqlite3_bind_int64(q->flags, 1, id);
	if (sqlite3_step(q->flags) == SQLITE_ROW)
		flags = sqlite3_column_int64(q->flags, 0);
	sqlite3_reset(q->flags);
	return flags;
}

void roles_foreach_sigline(struct roles_queries *q, int64_t id,
			   void (*fn)(const char *line, void *data),
			   void *data)
{
	sqlite3_stmt *st = q->siglines;

	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW)
		fn((const char *)sqlite3_column_text(st, 0), data);
	sqlite3_reset(st);
}

void roles_foreach_trailer(struct roles_queries *q, int64_t id,
			   void (*fn)(int64_t key, const char *value,
				      void *data),
			   void *data)
{
	sqlite3_stmt *st = q->trailers;

	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0),
		   (const char *)sqlite3_column_text(st, 1), data);
	sqlite3_reset(st);
}

char *roles_author_line(struct roles_queries *q, int64_t id)
{
	sqlite3_stmt *st = q->author;
	char *line = NULL;

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		line = xstrfmt("GitAuthor: %s <%s>",
			       (const char *)sqlite3_column_text(st, 0),
			       (const char *)sqlite3_column_text(st, 1));
	sqlite3_reset(st);
	return line;
}

bool roles_follow_get(struct roles_queries *q, const char *hash,
		      const char *path, int kind, char **src, long *added,
		      long *removed)
{
	sqlite3_stmt *st;
	bool found = false;

	if (!q->follow_get &&
	    sqlite3_prepare_v2(q->ix->db, "SELECT source, added, removed "
			       "FROM follow WHERE hash = ?1 AND path = ?2 "
			       "AND kind = ?3", -1, &q->follow_get,
			       NULL) != SQLITE_OK)
		return false;
	st = q->follow_get;
	sqlite3_bind_text(st, 1, hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, kind);
	if (sqlite3_step(st) == SQLITE_ROW) {
		found = true;
		*src = sqlite3_column_type(st, 0) == SQLITE_NULL ? NULL :
			xstrdup((const char *)sqlite3_column_text(st, 0));
		*added = sqlite3_column_type(st, 1) == SQLITE_NULL ? -1 :
			 (long)sqlite3_column_int64(st, 1);
		*removed = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 :
			   (long)sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return found;
}

void roles_follow_put(struct roles_queries *q, const char *hash,
		      const char *path, int kind, const char *src, long added,
		      long removed)
{
	sqlite3_stmt *st;

	if (!q->follow_tried) {
		q->follow_tried = true;
		if (sqlite3_open_v2(q->ix->path, &q->follow_db,
				    SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
		    sqlite3_busy_timeout(q->follow_db, 2000) != SQLITE_OK ||
		    sqlite3_exec(q->follow_db, "PRAGMA synchronous=NORMAL",
				 NULL, NULL, NULL) != SQLITE_OK ||
		    sqlite3_prepare_v2(q->follow_db, "INSERT OR REPLACE INTO "
				       "follow(hash, path, kind, source, added, "
				       "removed) VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
				       -1, &q->follow_put, NULL) != SQLITE_OK) {
			sqlite3_finalize(q->follow_put);
			q->follow_put = NULL;
			sqlite3_close(q->follow_db);
			q->follow_db = NULL;
		}
	}
	if (!(st = q->follow_put))
		return;
	sqlite3_bind_text(st, 1, hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, kind);
	if (src)
		sqlite3_bind_text(st, 4, src, -1, SQLITE_STATIC);
	if (added >= 0)
		sqlite3_bind_int64(st, 5, added);
	if (removed >= 0)
		sqlite3_bind_int64(st, 6, removed);
	sqlite3_step(st);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

int idx_foreach_dir_commit(struct idx *ix, const char *dir, int64_t since,
			   void (*fn)(int64_t commit, void *data), void *data)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db,
			"SELECT DISTINCT f.commit_id, c.commit_time "
			"FROM paths p JOIN files f ON f.path = p.id "
			"JOIN commits c ON c.id = f.commit_id "
			"WHERE p.path >= ?1 AND p.path < ?1 || x'ff' "
			"  AND c.nparents < 2 AND c.commit_time >= ?2 "
			"ORDER BY c.commit_time DESC, c.id DESC", -1, &st,
			NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	sqlite3_bind_text(st, 1, dir, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, since);
	while (sqlite3_step(st) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), data);
	sqlite3_finalize(st);
	return 0;
}
