// SPDX-License-Identifier: GPL-2.0
/*
 * The identity model kept in the index (store/identity-table.h).
 */
#include "identity-table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "queries.h"
#include "strbuf.h"
#include "util.h"

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS ident_addr(\n"
	"  id INTEGER PRIMARY KEY, email TEXT NOT NULL,\n"
	"  person INTEGER NOT NULL, authored INTEGER NOT NULL,\n"
	"  committed INTEGER NOT NULL, tagged INTEGER NOT NULL,\n"
	"  flags INTEGER NOT NULL, why INTEGER NOT NULL,\n"
	"  why_commit INTEGER NOT NULL, why_hash TEXT);\n"
	"CREATE INDEX IF NOT EXISTS ident_addr_email ON ident_addr(email);\n"
	"CREATE INDEX IF NOT EXISTS ident_addr_person ON ident_addr(person);\n"
	"CREATE INDEX IF NOT EXISTS ident_addr_spaced ON ident_addr(id)\n"
	"  WHERE flags & 8;\n"
	"CREATE TABLE IF NOT EXISTS ident_pid(\n"
	"  pid INTEGER PRIMARY KEY, addr INTEGER NOT NULL);\n"
	"CREATE INDEX IF NOT EXISTS ident_pid_addr ON ident_pid(addr);\n"
	"CREATE TABLE IF NOT EXISTS ident_person(\n"
	"  person INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
	"CREATE TABLE IF NOT EXISTS ident_name(\n"
	"  fold TEXT PRIMARY KEY, persons TEXT NOT NULL) WITHOUT ROWID;\n";

/*
 * The model's format: a model stored under another is built again.
 * 2: rule 2's joins in commit time order, so the evidence commit of a
 * join no longer depends on the order commits were indexed in.
 */
#define KEY_VERSION "2"

static int sql_fail(struct idx *ix)
{
	return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
}

char *ident_table_key(struct idx *ix)
{
	char *fp = idx_maintainers_fingerprint(ix);
	char *mm = idx_meta_get(ix, "mailmap"), *dv = idx_meta_get(ix, "derived");
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a of the .mailmap */
	char *key = NULL;
	const char *p;

	for (p = mm ? mm : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	if (fp)
		key = xstrfmt(KEY_VERSION " %lld %lld %s %016llx %s",
			      (long long)idx_query_int(ix, "SELECT coalesce("
					"max(id), -1) FROM commits"),
			      (long long)idx_query_int(ix, "SELECT coalesce("
					"max(id), -1) FROM people"),
			      dv ? dv : "-", (unsigned long long)h, fp);
	free(fp);
	free(mm);
	free(dv);
	return key;
}

bool ident_table_exists(struct idx *ix)
{
	return idx_query_int(ix, "SELECT count(*) FROM sqlite_master WHERE "
			     "name = 'ident_name'") > 0;
}

bool ident_table_fresh(struct idx *ix, const char *key)
{
	char *v;
	bool fresh;

	if (!key || !ident_table_exists(ix))
		return false;
	v = idx_meta_get(ix, "identity");
	fresh = v && !strcmp(v, key);
	free(v);
	return fresh;
}

int ident_table_forget(struct idx *ix)
{
	return idx_exec(ix, "DELETE FROM meta WHERE key = 'identity'");
}

/* ---- writing: a merge of the wanted rows with the stored ones ---- */

/* One value: an integer, or a text (NULL: SQL NULL). */
struct cell {
	int64_t i;
	const char *s;
};

/*
 * A table as the merge sees it: its columns' kinds ('i' integer, 't'
 * text), the first being the key, and its statements.
 */
struct table {
	const char *name, *kinds, *select, *replace, *delete;
	struct cell *rows;	/* nr x strlen(kinds), in key order */
	size_t nr;
};

static int cmp_key(const struct table *t, const struct cell *a,
		   sqlite3_stmt *st)
{
	if (t->kinds[0] == 'i') {
		int64_t b = sqlite3_column_int64(st, 0);

		return (a->i > b) - (a->i < b);
	}
	return strcmp(a->s, (const char *)sqlite3_column_text(st, 0));
}

static bool same_row(const struct table *t, const struct cell *a,
		     sqlite3_stmt *st)
{
	size_t c, n = strlen(t->kinds);

	for (c = 1; c < n; c++) {
		const char *s;

		if (t->kinds[c] == 'i') {
			if (a[c].i != sqlite3_column_int64(st, (int)c))
				return false;
			continue;
		}
		s = (const char *)sqlite3_column_text(st, (int)c);
		if (!a[c].s != !s || (s && strcmp(a[c].s, s)))
			return false;
	}
	return true;
}

static void say(const struct table *t, long bad, const char *what,
		const char *key)
{
	if (bad <= 10)
		printf("identity: %s %s: %s\n", t->name, key, what);
}

/* The changes a merge finds: rows to write, stored keys to delete. */
struct changes {
	size_t *put, nr_put, alloc_put;
	struct cell *del;
	size_t nr_del, alloc_del;
	long bad;
};

static void row_key(const struct table *t, const struct cell *c,
		    struct strbuf *sb)
{
	strbuf_reset(sb);
	if (t->kinds[0] == 'i')
		strbuf_addf(sb, "%lld", (long long)c->i);
	else
		strbuf_addstr(sb, c->s);
}

static void note_del(struct changes *ch, const struct table *t,
		     sqlite3_stmt *st, bool dry, struct strbuf *sb)
{
	struct cell k = { sqlite3_column_int64(st, 0), NULL };

	if (t->kinds[0] != 'i')
		k.s = xstrdup((const char *)sqlite3_column_text(st, 0));
	ch->bad++;
	if (dry) {
		row_key(t, &k, sb);
		say(t, ch->bad, "not in the model built from the people",
		    sb->buf);
		free((char *)k.s);
		return;
	}
	ALLOC_GROW(ch->del, ch->nr_del + 1, ch->alloc_del);
	ch->del[ch->nr_del++] = k;
}

static void note_put(struct changes *ch, const struct table *t, size_t i,
		     bool dry, const char *what, struct strbuf *sb)
{
	ch->bad++;
	if (dry) {
		row_key(t, &t->rows[i * strlen(t->kinds)], sb);
		say(t, ch->bad, what, sb->buf);
		return;
	}
	ALLOC_GROW(ch->put, ch->nr_put + 1, ch->alloc_put);
	ch->put[ch->nr_put++] = i;
}

static int find_changes(struct idx *ix, const struct table *t, bool dry,
			struct changes *ch)
{
	size_t n = strlen(t->kinds), i = 0;
	struct strbuf sb = STRBUF_INIT;
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, t->select, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int c = 1;

		while (i < t->nr && (c = cmp_key(t, &t->rows[i * n], st)) < 0)
			note_put(ch, t, i++, dry, "missing", &sb);
		if (i < t->nr && !c) {
			if (!same_row(t, &t->rows[i * n], st))
				note_put(ch, t, i, dry, "differs", &sb);
			i++;
		} else {
			note_del(ch, t, st, dry, &sb);
		}
	}
	sqlite3_finalize(st);
	strbuf_release(&sb);
	if (step != SQLITE_DONE)
		return sql_fail(ix);
	for (; i < t->nr; i++)
		note_put(ch, t, i, dry, "missing", &sb);
	strbuf_release(&sb);
	return 0;
}

static void bind_cell(sqlite3_stmt *st, int col, char kind,
		      const struct cell *c)
{
	if (kind == 'i')
		sqlite3_bind_int64(st, col, c->i);
	else if (c->s)
		sqlite3_bind_text(st, col, c->s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, col);
}

static int apply_changes(struct idx *ix, const struct table *t,
			 const struct changes *ch)
{
	size_t n = strlen(t->kinds), i, c;
	sqlite3_stmt *del = NULL, *put = NULL;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, t->delete, -1, &del, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, t->replace, -1, &put, NULL) != SQLITE_OK)
		rc = sql_fail(ix);
	for (i = 0; !rc && i < ch->nr_del; i++) {
		bind_cell(del, 1, t->kinds[0], &ch->del[i]);
		if (sqlite3_step(del) != SQLITE_DONE)
			rc = sql_fail(ix);
		sqlite3_reset(del);
	}
	for (i = 0; !rc && i < ch->nr_put; i++) {
		const struct cell *row = &t->rows[ch->put[i] * n];

		for (c = 0; c < n; c++)
			bind_cell(put, (int)c + 1, t->kinds[c], &row[c]);
		if (sqlite3_step(put) != SQLITE_DONE)
			rc = sql_fail(ix);
		sqlite3_reset(put);
	}
	sqlite3_finalize(del);
	sqlite3_finalize(put);
	return rc;
}

static long sync_table(struct idx *ix, const struct table *t, bool dry)
{
	struct changes ch = { 0 };
	size_t i;
	long rc;

	rc = find_changes(ix, t, dry, &ch);
	if (!rc && !dry)
		rc = apply_changes(ix, t, &ch);
	for (i = 0; i < ch.nr_del; i++)
		free((char *)ch.del[i].s);
	free(ch.del);
	free(ch.put);
	return rc ? -1 : ch.bad;
}

static void fill_addrs(struct table *t, const struct ident_rows *rows)
{
	size_t i;

	t->name = "ident_addr";
	t->select = "SELECT id, email, person, authored, committed, tagged, "
		    "flags, why, why_commit, why_hash FROM ident_addr "
		    "ORDER BY id";
	t->replace = "INSERT OR REPLACE INTO ident_addr(id, email, person, "
		     "authored, committed, tagged, flags, why, why_commit, "
		     "why_hash) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
	t->delete = "DELETE FROM ident_addr WHERE id = ?1";
	t->kinds = "itiiiiiiit";
	t->nr = rows->nr_addrs;
	t->rows = xcalloc(t->nr * 10 + 1, sizeof(struct cell));
	for (i = 0; i < t->nr; i++) {
		const struct ident_row_addr *a = &rows->addrs[i];
		struct cell *c = &t->rows[i * 10];

		c[0].i = a->id;
		c[1].s = a->email;
		c[2].i = a->person;
		c[3].i = a->authored;
		c[4].i = a->committed;
		c[5].i = a->tagged;
		c[6].i = a->flags;
		c[7].i = a->why;
		c[8].i = a->why_commit;
		c[9].s = a->why_hash;
	}
}

static void fill_small(struct table t[3], const struct ident_rows *rows)
{
	size_t i;

	t[0] = (struct table){ "ident_pid", "ii",
		"SELECT pid, addr FROM ident_pid ORDER BY pid",
		"INSERT OR REPLACE INTO ident_pid(pid, addr) VALUES(?1, ?2)",
		"DELETE FROM ident_pid WHERE pid = ?1", NULL, rows->nr_pids };
	t[0].rows = xcalloc(t[0].nr * 2 + 1, sizeof(struct cell));
	for (i = 0; i < rows->nr_pids; i++) {
		t[0].rows[2 * i].i = rows->pids[i][0];
		t[0].rows[2 * i + 1].i = rows->pids[i][1];
	}
	t[1] = (struct table){ "ident_person", "it",
		"SELECT person, name FROM ident_person ORDER BY person",
		"INSERT OR REPLACE INTO ident_person(person, name) "
		"VALUES(?1, ?2)",
		"DELETE FROM ident_person WHERE person = ?1", NULL,
		rows->nr_persons };
	t[1].rows = xcalloc(t[1].nr * 2 + 1, sizeof(struct cell));
	for (i = 0; i < rows->nr_persons; i++) {
		t[1].rows[2 * i].i = rows->person_ids[i];
		t[1].rows[2 * i + 1].s = rows->person_names[i];
	}
	t[2] = (struct table){ "ident_name", "tt",
		"SELECT fold, persons FROM ident_name ORDER BY fold",
		"INSERT OR REPLACE INTO ident_name(fold, persons) "
		"VALUES(?1, ?2)",
		"DELETE FROM ident_name WHERE fold = ?1", NULL, rows->nr_folds };
	t[2].rows = xcalloc(t[2].nr * 2 + 1, sizeof(struct cell));
	for (i = 0; i < rows->nr_folds; i++) {
		t[2].rows[2 * i].s = rows->folds[i];
		t[2].rows[2 * i + 1].s = rows->fold_persons[i];
	}
}

long ident_table_sync(struct idx *ix, const struct ident_rows *rows,
		      const char *key)
{
	struct table t[4];
	long bad = 0, n;
	size_t i;

	if (key && idx_exec(ix, schema))
		return -1;
	if (!key && !ident_table_exists(ix))
		return 0;
	fill_addrs(&t[0], rows);
	fill_small(&t[1], rows);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		n = bad < 0 ? -1 : sync_table(ix, &t[i], !key);
		bad = n < 0 ? -1 : bad + n;
		free(t[i].rows);
	}
	if (bad >= 0 && key && idx_meta_set(ix, "identity", key))
		bad = -1;
	return bad;
}

/* ---- writing part of the model ---- */

static int put_rows(struct idx *ix, const char *sql, const char *kinds,
		    const struct cell *cells, size_t nr)
{
	size_t n = strlen(kinds), i, c;
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	for (i = 0; !rc && i < nr; i++) {
		for (c = 0; c < n; c++)
			bind_cell(st, (int)c + 1, kinds[c], &cells[i * n + c]);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = sql_fail(ix);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

static int drop_persons(struct idx *ix, const int64_t *persons, size_t nr)
{
	struct cell *c = xcalloc(nr + 1, sizeof(*c));
	size_t i;
	int rc;

	for (i = 0; i < nr; i++)
		c[i].i = persons[i];
	rc = put_rows(ix, "DELETE FROM ident_addr WHERE person = ?1", "i", c,
		      nr) ||
	     put_rows(ix, "DELETE FROM ident_person WHERE person = ?1", "i", c,
		      nr);
	free(c);
	return rc;
}

int ident_table_patch(struct idx *ix, const int64_t *persons, size_t nr,
		      const struct ident_rows *rows, const char *key)
{
	struct table t[4];
	size_t i;
	int rc;

	if (idx_exec(ix, "SAVEPOINT ident_patch"))
		return -1;
	fill_addrs(&t[0], rows);
	fill_small(&t[1], rows);
	/* new rows never take the place of one kept: plain inserts */
	rc = drop_persons(ix, persons, nr) ||
	     put_rows(ix, "INSERT INTO ident_addr(id, email, person, authored, "
		      "committed, tagged, flags, why, why_commit, why_hash) "
		      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
		      t[0].kinds, t[0].rows, t[0].nr) ||
	     put_rows(ix, t[1].replace, t[1].kinds, t[1].rows, t[1].nr) ||
	     put_rows(ix, "INSERT INTO ident_person(person, name) "
		      "VALUES(?1, ?2)", t[2].kinds, t[2].rows, t[2].nr) ||
	     put_rows(ix, t[3].replace, t[3].kinds, t[3].rows, t[3].nr) ||
	     idx_meta_set(ix, "identity", key) ? -1 : 0;
	for (i = 0; i < ARRAY_SIZE(t); i++)
		free(t[i].rows);
	if (rc) {
		idx_exec(ix, "ROLLBACK TO ident_patch");
		idx_exec(ix, "RELEASE ident_patch");
		return 0;
	}
	return idx_exec(ix, "RELEASE ident_patch") ? -1 : 1;
}

/* ---- reading ---- */

/* An address row as ident_read_person() and ident_read_persons() read it. */
#define PERSON_COLUMNS "id, email, person, authored, committed, tagged, " \
	"flags, why, why_commit, why_hash"

/* How many ids one batch asks (SQLite's limit: 32,766 parameters). */
#define IDENT_BATCH 128

struct ident_reader {
	struct idx *ix;
	sqlite3_stmt *pid, *email, *person, *name, *pname, *apids, *spaced;
};

struct ident_reader *ident_reader_open(struct idx *ix)
{
	struct ident_reader *r = xcalloc(1, sizeof(*r));

	r->ix = ix;
	if (sqlite3_prepare_v2(ix->db, "SELECT p.addr, a.person FROM ident_pid "
			       "p JOIN ident_addr a ON a.id = p.addr WHERE "
			       "p.pid = ?1", -1, &r->pid, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT id, person FROM ident_addr "
			       "WHERE email = ?1 AND NOT flags & 2", -1,
			       &r->email, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT " PERSON_COLUMNS " FROM "
			       "ident_addr WHERE person = ?1 ORDER BY id", -1,
			       &r->person, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT name FROM ident_person WHERE "
			       "person = ?1", -1, &r->pname, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT persons FROM ident_name WHERE "
			       "fold = ?1", -1, &r->name, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT pid FROM ident_pid WHERE addr "
			       "= ?1 ORDER BY pid", -1, &r->apids,
			       NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT p.pid FROM ident_addr a INDEXED BY "
			       "ident_addr_spaced JOIN ident_pid p ON p.addr "
			       "= a.id WHERE a.flags & 8", -1, &r->spaced,
			       NULL) != SQLITE_OK) {
		sql_fail(ix);
		ident_reader_close(r);
		return NULL;
	}
	return r;
}

void ident_reader_close(struct ident_reader *r)
{
	if (!r)
		return;
	sqlite3_finalize(r->pid);
	sqlite3_finalize(r->email);
	sqlite3_finalize(r->person);
	sqlite3_finalize(r->pname);
	sqlite3_finalize(r->name);
	sqlite3_finalize(r->apids);
	sqlite3_finalize(r->spaced);
	free(r);
}

int64_t ident_read_nr(struct ident_reader *r)
{
	return idx_query_int(r->ix, "SELECT coalesce(max(id), -1) + 1 FROM "
			     "ident_addr");
}

int64_t ident_read_nr_indexed(struct ident_reader *r)
{
	return idx_query_int(r->ix, "SELECT count(*) FROM ident_addr WHERE "
			     "flags & 1");
}

int ident_read_unindexed(struct ident_reader *r,
			 void (*fn)(int64_t person, void *data), void *data)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(r->ix->db, "SELECT DISTINCT person FROM "
			       "ident_addr WHERE NOT flags & 1", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(r->ix);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), data);
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(r->ix);
}

int64_t ident_read_nr_pids(struct ident_reader *r)
{
	return idx_query_int(r->ix, "SELECT coalesce(max(pid), -1) + 1 FROM "
			     "ident_pid");
}

/* One row of two integers from @st, bound already. */
static int two_ints(struct ident_reader *r, sqlite3_stmt *st, int64_t *a,
		    int64_t *b)
{
	int step = sqlite3_step(st), rc = 0;

	if (step == SQLITE_ROW) {
		*a = sqlite3_column_int64(st, 0);
		*b = sqlite3_column_int64(st, 1);
		rc = 1;
	} else if (step != SQLITE_DONE) {
		rc = sql_fail(r->ix);
	}
	sqlite3_reset(st);
	return rc;
}

int ident_read_pid(struct ident_reader *r, int64_t pid, int64_t *addr,
		   int64_t *person)
{
	sqlite3_bind_int64(r->pid, 1, pid);
	return two_ints(r, r->pid, addr, person);
}

int ident_read_email(struct ident_reader *r, const char *email,
		     int64_t *addr, int64_t *person)
{
	int rc;

	sqlite3_bind_text(r->email, 1, email, -1, SQLITE_STATIC);
	rc = two_ints(r, r->email, addr, person);
	sqlite3_clear_bindings(r->email);
	return rc;
}

/*
 * An address row of PERSON_COLUMNS; its strings live until the next
 * step (one_addr() copies them).
 */
static void person_row(sqlite3_stmt *st, struct ident_row_addr *a)
{
	a->id = sqlite3_column_int64(st, 0);
	a->email = (const char *)sqlite3_column_text(st, 1);
	a->person = sqlite3_column_int64(st, 2);
	a->authored = (long)sqlite3_column_int64(st, 3);
	a->committed = (long)sqlite3_column_int64(st, 4);
	a->tagged = (long)sqlite3_column_int64(st, 5);
	a->flags = (unsigned)sqlite3_column_int64(st, 6);
	a->why = (int)sqlite3_column_int64(st, 7);
	a->why_commit = sqlite3_column_int64(st, 8);
	a->why_hash = (const char *)sqlite3_column_text(st, 9);
}

int ident_read_person(struct ident_reader *r, int64_t person,
		      void (*fn)(const struct ident_row_addr *row, void *data),
		      void *data, char **name)
{
	sqlite3_stmt *st = r->person;
	int step;

	sqlite3_bind_int64(st, 1, person);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		struct ident_row_addr a;

		person_row(st, &a);
		fn(&a, data);
	}
	sqlite3_reset(st);
	if (step != SQLITE_DONE)
		return sql_fail(r->ix);
	sqlite3_bind_int64(r->pname, 1, person);
	step = sqlite3_step(r->pname);
	*name = xstrdup(step == SQLITE_ROW ?
			(const char *)sqlite3_column_text(r->pname, 0) : "");
	sqlite3_reset(r->pname);
	return step == SQLITE_ROW || step == SQLITE_DONE ? 0 : sql_fail(r->ix);
}

/*
 * "SQL ... IN (?1, ..., ?N) TAIL" for IDENT_BATCH parameters, prepared
 * into *@st: a batch of ids asked at once.
 */
static int prep_batch(struct idx *ix, const char *sql, const char *tail,
		      sqlite3_stmt **st)
{
	struct strbuf q = STRBUF_INIT;
	int i, rc;

	strbuf_addf(&q, "%s IN (", sql);
	for (i = 1; i <= IDENT_BATCH; i++)
		strbuf_addf(&q, "%s?%d", i > 1 ? ", " : "", i);
	strbuf_addf(&q, ") %s", tail);
	rc = sqlite3_prepare_v2(ix->db, q.buf, -1, st, NULL);
	strbuf_release(&q);
	return rc == SQLITE_OK ? 0 : sql_fail(ix);
}

/* Bind the batch of @ids from @at, a short last one padded with -1. */
static void bind_batch(sqlite3_stmt *st, const int64_t *ids, size_t nr,
		       size_t at)
{
	int i;

	sqlite3_reset(st);
	for (i = 0; i < IDENT_BATCH; i++)
		sqlite3_bind_int64(st, i + 1, at + (size_t)i < nr ?
				   ids[at + (size_t)i] : -1);
}

int ident_read_pids(struct ident_reader *r, const int64_t *pids, size_t nr,
		    void (*fn)(int64_t pid, int64_t addr, int64_t person,
			       void *data),
		    void *data)
{
	sqlite3_stmt *st;
	size_t at;
	int step = SQLITE_DONE;

	if (prep_batch(r->ix, "SELECT p.pid, p.addr, a.person FROM "
		       "ident_pid p JOIN ident_addr a ON a.id = p.addr "
		       "WHERE p.pid", "", &st))
		return -1;
	for (at = 0; at < nr && step == SQLITE_DONE; at += IDENT_BATCH) {
		bind_batch(st, pids, nr, at);
		while ((step = sqlite3_step(st)) == SQLITE_ROW)
			fn(sqlite3_column_int64(st, 0),
			   sqlite3_column_int64(st, 1),
			   sqlite3_column_int64(st, 2), data);
	}
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(r->ix);
}

/* The rows of one batch of persons: addresses, then names. */
static int persons_batch(struct ident_reader *r, sqlite3_stmt *st[2],
			 const int64_t *persons, size_t nr, size_t at,
			 const struct ident_batch_fns *fns, void *data)
{
	int step;

	bind_batch(st[0], persons, nr, at);
	while ((step = sqlite3_step(st[0])) == SQLITE_ROW) {
		struct ident_row_addr a;

		person_row(st[0], &a);
		fns->row(&a, data);
	}
	if (step != SQLITE_DONE)
		return sql_fail(r->ix);
	bind_batch(st[1], persons, nr, at);
	while ((step = sqlite3_step(st[1])) == SQLITE_ROW)
		fns->name(sqlite3_column_int64(st[1], 0),
			  (const char *)sqlite3_column_text(st[1], 1), data);
	return step == SQLITE_DONE ? 0 : sql_fail(r->ix);
}

int ident_read_persons(struct ident_reader *r, const int64_t *persons,
		       size_t nr, const struct ident_batch_fns *fns,
		       void *data)
{
	sqlite3_stmt *st[2] = { NULL };
	size_t at;
	int rc;

	rc = prep_batch(r->ix, "SELECT " PERSON_COLUMNS " FROM ident_addr "
			"WHERE person", "ORDER BY person, id", &st[0]) ||
	     prep_batch(r->ix, "SELECT person, name FROM ident_person "
			"WHERE person", "", &st[1]);
	for (at = 0; !rc && at < nr; at += IDENT_BATCH)
		rc = persons_batch(r, st, persons, nr, at, fns, data);
	sqlite3_finalize(st[0]);
	sqlite3_finalize(st[1]);
	return rc ? -1 : 0;
}

char *ident_read_name(struct ident_reader *r, const char *fold)
{
	char *v = NULL;

	sqlite3_bind_text(r->name, 1, fold, -1, SQLITE_STATIC);
	if (sqlite3_step(r->name) == SQLITE_ROW)
		v = xstrdup((const char *)sqlite3_column_text(r->name, 0));
	sqlite3_reset(r->name);
	sqlite3_clear_bindings(r->name);
	return v;
}

int ident_read_addr_pids(struct ident_reader *r, int64_t addr,
			 void (*fn)(int64_t pid, void *data), void *data)
{
	sqlite3_stmt *st = addr < 0 ? r->spaced : r->apids;
	int step;

	if (addr >= 0)
		sqlite3_bind_int64(st, 1, addr);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), data);
	sqlite3_reset(st);
	return step == SQLITE_DONE ? 0 : sql_fail(r->ix);
}

/* ---- reading whole ---- */

static int read_all(struct idx *ix, const char *sql,
		    void (*fn)(sqlite3_stmt *st, void *data), void *data)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fn(st, data);
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(ix);
}

static char *col_dup(sqlite3_stmt *st, int c)
{
	const char *s = (const char *)sqlite3_column_text(st, c);

	return s ? xstrdup(s) : NULL;
}

/* Room for element @n of an array grown by doubling (@n a count so far). */
static void *grow(void *v, size_t n, size_t size)
{
	return n & (n - 1) ? v : xrealloc(v, (n ? 2 * n : 1) * size);
}

static void one_addr(sqlite3_stmt *st, void *data)
{
	struct ident_rows *rows = data;
	struct ident_row_addr *a;

	rows->addrs = grow(rows->addrs, rows->nr_addrs, sizeof(*rows->addrs));
	a = &rows->addrs[rows->nr_addrs++];
	person_row(st, a);
	a->email = xstrdup(a->email ? a->email : "");
	a->why_hash = col_dup(st, 9);
}

static void one_pid(sqlite3_stmt *st, void *data)
{
	struct ident_rows *rows = data;

	rows->pids = grow(rows->pids, rows->nr_pids, sizeof(*rows->pids));
	rows->pids[rows->nr_pids][0] = sqlite3_column_int64(st, 0);
	rows->pids[rows->nr_pids++][1] = sqlite3_column_int64(st, 1);
}

static void one_person(sqlite3_stmt *st, void *data)
{
	struct ident_rows *rows = data;
	size_t n = rows->nr_persons++;

	rows->person_ids = grow(rows->person_ids, n, sizeof(*rows->person_ids));
	rows->person_names = grow(rows->person_names, n,
				  sizeof(*rows->person_names));
	rows->person_ids[n] = sqlite3_column_int64(st, 0);
	rows->person_names[n] = col_dup(st, 1);
}

static void one_fold(sqlite3_stmt *st, void *data)
{
	struct ident_rows *rows = data;
	size_t n = rows->nr_folds++;

	rows->folds = grow(rows->folds, n, sizeof(*rows->folds));
	rows->fold_persons = grow(rows->fold_persons, n,
				  sizeof(*rows->fold_persons));
	rows->folds[n] = col_dup(st, 0);
	rows->fold_persons[n] = col_dup(st, 1);
}

int ident_table_read(struct idx *ix, struct ident_rows *rows)
{
	memset(rows, 0, sizeof(*rows));
	if (read_all(ix, "SELECT " PERSON_COLUMNS " FROM ident_addr "
		     "ORDER BY id", one_addr, rows) ||
	    read_all(ix, "SELECT pid, addr FROM ident_pid ORDER BY pid",
		     one_pid, rows) ||
	    read_all(ix, "SELECT person, coalesce(name, '') FROM ident_person "
		     "ORDER BY person", one_person, rows) ||
	    read_all(ix, "SELECT fold, persons FROM ident_name ORDER BY fold",
		     one_fold, rows)) {
		ident_table_read_release(rows);
		return -1;
	}
	rows->nr_people = idx_query_int(ix, "SELECT coalesce(max(id), -1) + 1 "
					"FROM people");
	return 0;
}

void ident_table_read_release(struct ident_rows *rows)
{
	size_t i;

	for (i = 0; i < rows->nr_addrs; i++) {
		free((char *)rows->addrs[i].email);
		free((char *)rows->addrs[i].why_hash);
	}
	for (i = 0; i < rows->nr_persons; i++)
		free((char *)rows->person_names[i]);
	for (i = 0; i < rows->nr_folds; i++) {
		free((char *)rows->folds[i]);
		free(rows->fold_persons[i]);
	}
	free(rows->addrs);
	free(rows->pids);
	free(rows->person_ids);
	free(rows->person_names);
	free(rows->folds);
	free(rows->fold_persons);
	memset(rows, 0, sizeof(*rows));
}
