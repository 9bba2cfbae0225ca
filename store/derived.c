// SPDX-License-Identifier: GPL-2.0
/*
 * The per-person facts kept beside the commits (store/derived.h).
 */
#include "derived.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "identity.h"
#include "identity-table.h"
#include "people-table.h"
#include "summary.h"
#include "util.h"

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS person_activity(\n"
	"  person INTEGER PRIMARY KEY,\n"
	"  authored INTEGER NOT NULL, committed INTEGER NOT NULL,\n"
	"  tagged INTEGER NOT NULL,\n"
	"  first_id INTEGER, first_time INTEGER);\n"
	"CREATE TABLE IF NOT EXISTS commit_joins(\n"
	"  commit_id INTEGER NOT NULL, seq INTEGER NOT NULL,\n"
	"  a INTEGER NOT NULL, b INTEGER NOT NULL,\n"
	"  PRIMARY KEY(commit_id, seq)) WITHOUT ROWID;\n";

/* An upsert's new first commit replaces the stored one: earlier, or none. */
#define FIRST_WINS \
	"(excluded.first_id IS NOT NULL AND (first_id IS NULL OR " \
	"excluded.first_time < first_time OR (excluded.first_time = " \
	"first_time AND excluded.first_id < first_id)))"

/* The facts of some commits, as derived_update() adds them. */
struct facts {
	struct derived_person *p;	/* by people id */
	bool *touched;
	int64_t nr;
	int64_t (*joins)[3];		/* commit id, people id, people id */
	size_t nr_joins, alloc_joins;
	char **fold;			/* folded name, "" for none; lazily */
	const struct scope_people *people;
};

static void facts_init(struct facts *f, const struct scope_people *people)
{
	int64_t i;

	memset(f, 0, sizeof(*f));
	f->people = people;
	f->nr = people->nr;
	f->p = xcalloc((size_t)f->nr + 1, sizeof(*f->p));
	f->touched = xcalloc((size_t)f->nr + 1, sizeof(bool));
	f->fold = xcalloc((size_t)f->nr + 1, sizeof(char *));
	for (i = 0; i < f->nr; i++)
		f->p[i].first_id = -1;
}

static void facts_release(struct facts *f)
{
	int64_t i;

	for (i = 0; i < f->nr; i++)
		free(f->fold[i]);
	free(f->fold);
	free(f->p);
	free(f->touched);
	free(f->joins);
}

/*
 * The folded name rule 2 compares for people id @pid, "" when it takes
 * no part: only people with an address and a name that folds to
 * something (people/identity.c's fold_id()).
 */
static const char *fold_of(struct facts *f, uint32_t pid)
{
	const struct scope_people *pp = f->people;

	if (!f->fold[pid]) {
		struct strbuf sb = STRBUF_INIT;

		if (pp->email[pid] && *pp->email[pid] && pp->name[pid])
			identity_fold_name(pp->name[pid], &sb);
		f->fold[pid] = strbuf_detach(&sb, NULL);
	}
	return f->fold[pid];
}

/*
 * Rule 2's pairs of commit @c, as people/identity.c's join_commits()
 * meets them: the author, the committer, then the tags, 64 names at
 * most.
 */
static void add_joins(struct facts *f, const struct summary *sm,
		      const struct summary_commit *c)
{
	uint32_t who[64];
	size_t n = 0, x, y, t;

	who[n++] = c->author;
	who[n++] = c->committer;
	for (t = 0; t < c->nr_trailers && n < ARRAY_SIZE(who); t++)
		who[n++] = sm->trailers[c->trailer + t].person;
	for (x = 0; x < n; x++) {
		if (who[x] >= f->nr || !*fold_of(f, who[x]))
			continue;
		for (y = x + 1; y < n; y++) {
			if (who[y] >= f->nr || who[y] == who[x] ||
			    strcmp(fold_of(f, who[y]), fold_of(f, who[x])))
				continue;
			ALLOC_GROW(f->joins, f->nr_joins + 1, f->alloc_joins);
			f->joins[f->nr_joins][0] = c->id;
			f->joins[f->nr_joins][1] = who[x];
			f->joins[f->nr_joins++][2] = who[y];
		}
	}
}

/* Count commit @c for its people, as identity_load() and stats do. */
static void add_counts(struct facts *f, const struct summary *sm,
		       const struct summary_commit *c)
{
	struct derived_person *p;
	size_t t;

	if (c->nparents > 1)
		return;
	if (c->author < f->nr) {
		p = &f->p[c->author];
		p->authored++;
		f->touched[c->author] = true;
		if (p->first_id < 0 || c->commit_time < p->first_time ||
		    (c->commit_time == p->first_time && c->id < p->first_id)) {
			p->first_id = c->id;
			p->first_time = c->commit_time;
		}
	}
	if (c->committer < f->nr) {
		f->p[c->committer].committed++;
		f->touched[c->committer] = true;
	}
	for (t = 0; t < c->nr_trailers; t++) {
		uint32_t pid = sm->trailers[c->trailer + t].person;

		if (pid < f->nr) {
			f->p[pid].tagged++;
			f->touched[pid] = true;
		}
	}
}

/* The facts of the commits with ids above @after. */
static int compute(struct idx *ix, int64_t after, struct facts *f,
		   struct scope_people *people)
{
	struct summary sm = { 0 };
	size_t i;

	memset(f, 0, sizeof(*f));
	if (scope_people_load(ix, people))
		return -1;
	facts_init(f, people);
	if (summary_build_after(ix, after, &sm))
		return -1;
	for (i = 0; i < sm.nr; i++) {
		add_counts(f, &sm, &sm.commits[i]);
		add_joins(f, &sm, &sm.commits[i]);
	}
	summary_release(&sm);
	return 0;
}

static int sql_fail(struct idx *ix)
{
	return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
}

/* The last commit id the tables cover, -1 for none, -2 on no record. */
static int64_t covered(struct idx *ix)
{
	char *v = idx_meta_get(ix, "derived");
	int64_t hi = v && *v ? strtoll(v, NULL, 10) : -2;

	free(v);
	return hi;
}

static int64_t max_commit(struct idx *ix)
{
	return idx_query_int(ix, "SELECT coalesce(max(id), -1) FROM commits");
}

static int write_people(struct idx *ix, const struct facts *f)
{
	sqlite3_stmt *st;
	int64_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db,
		"INSERT INTO person_activity(person, authored, committed, "
		"tagged, first_id, first_time) VALUES(?1, ?2, ?3, ?4, ?5, ?6) "
		"ON CONFLICT(person) DO UPDATE SET "
		"authored = authored + excluded.authored, "
		"committed = committed + excluded.committed, "
		"tagged = tagged + excluded.tagged, "
		"first_id = CASE WHEN " FIRST_WINS " THEN excluded.first_id "
		"ELSE first_id END, "
		"first_time = CASE WHEN " FIRST_WINS " THEN excluded.first_time "
		"ELSE first_time END", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	for (i = 0; !rc && i < f->nr; i++) {
		const struct derived_person *p = &f->p[i];

		if (!f->touched[i])
			continue;
		sqlite3_bind_int64(st, 1, i);
		sqlite3_bind_int64(st, 2, p->authored);
		sqlite3_bind_int64(st, 3, p->committed);
		sqlite3_bind_int64(st, 4, p->tagged);
		if (p->first_id >= 0) {
			sqlite3_bind_int64(st, 5, p->first_id);
			sqlite3_bind_int64(st, 6, p->first_time);
		} else {
			sqlite3_bind_null(st, 5);
			sqlite3_bind_null(st, 6);
		}
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = sql_fail(ix);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

static int write_joins(struct idx *ix, const struct facts *f)
{
	sqlite3_stmt *st;
	size_t i;
	int64_t seq = 0;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "INSERT INTO commit_joins(commit_id, "
			       "seq, a, b) VALUES(?1, ?2, ?3, ?4)", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(ix);
	for (i = 0; !rc && i < f->nr_joins; i++) {
		seq = i && f->joins[i - 1][0] == f->joins[i][0] ? seq + 1 : 0;
		sqlite3_bind_int64(st, 1, f->joins[i][0]);
		sqlite3_bind_int64(st, 2, seq);
		sqlite3_bind_int64(st, 3, f->joins[i][1]);
		sqlite3_bind_int64(st, 4, f->joins[i][2]);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = sql_fail(ix);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

int derived_forget(struct idx *ix)
{
	/* the identity model is made from them (store/identity-table.h) */
	return idx_exec(ix, "DELETE FROM meta WHERE key = 'derived'") ||
	       ident_table_forget(ix);
}

int derived_update(struct idx *ix)
{
	struct scope_people people;
	struct facts f;
	int64_t hi = covered(ix), max = max_commit(ix);
	bool had = idx_query_int(ix, "SELECT count(*) FROM sqlite_master "
				 "WHERE name = 'person_activity'") > 0;
	char buf[32];
	int rc;

	if (max < -1 || idx_exec(ix, schema))
		return -1;
	if (hi == max)
		return 0;
	if (hi < -1 || hi > max) {
		/* none yet, or forgotten: start from the first commit */
		if (!had && max >= 0 && idx_query_int(ix, "SELECT count(*) "
				"FROM meta WHERE key = 'tips'") > 0)
			fprintf(stderr, "%s: keeping per-person counts and name "
				"joins in the index (once: %lld commits)\n",
				progname, (long long)max + 1);
		if (idx_exec(ix, "DELETE FROM person_activity;"
			     "DELETE FROM commit_joins;"))
			return -1;
		hi = -1;
	}
	rc = compute(ix, hi, &f, &people);
	if (!rc)
		rc = write_people(ix, &f) || write_joins(ix, &f) ? -1 : 0;
	facts_release(&f);
	scope_people_free(&people);
	snprintf(buf, sizeof(buf), "%lld", (long long)max);
	return rc ? rc : idx_meta_set(ix, "derived", buf);
}

bool derived_fresh(struct idx *ix)
{
	int64_t hi = covered(ix);

	return hi >= -1 && hi == max_commit(ix);
}

/* One person_activity row from @st's columns. */
static void read_person(sqlite3_stmt *st, struct derived_person *p)
{
	p->authored = (long)sqlite3_column_int64(st, 1);
	p->committed = (long)sqlite3_column_int64(st, 2);
	p->tagged = (long)sqlite3_column_int64(st, 3);
	p->first_id = sqlite3_column_type(st, 4) == SQLITE_NULL ? -1 :
		      sqlite3_column_int64(st, 4);
	p->first_time = sqlite3_column_int64(st, 5);
}

int derived_people(struct idx *ix, struct derived_person *v, int64_t nr)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, "SELECT person, authored, committed, "
			       "tagged, first_id, first_time FROM "
			       "person_activity", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t pid = sqlite3_column_int64(st, 0);
		struct derived_person *p;

		if (pid < 0 || pid >= nr)
			continue;
		p = &v[pid];
		read_person(st, p);
	}
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(ix);
}

int derived_people_of(struct idx *ix, const int64_t *pids, size_t n,
		      struct derived_person *v)
{
	sqlite3_stmt *st;
	size_t i;
	int step = SQLITE_DONE;

	if (sqlite3_prepare_v2(ix->db, "SELECT person, authored, committed, "
			       "tagged, first_id, first_time FROM "
			       "person_activity WHERE person = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(ix);
	for (i = 0; i < n; i++) {
		memset(&v[i], 0, sizeof(v[i]));
		v[i].first_id = -1;
		sqlite3_bind_int64(st, 1, pids[i]);
		step = sqlite3_step(st);
		if (step == SQLITE_ROW)
			read_person(st, &v[i]);
		sqlite3_reset(st);
		if (step != SQLITE_ROW && step != SQLITE_DONE)
			break;
	}
	sqlite3_finalize(st);
	return step == SQLITE_ROW || step == SQLITE_DONE ? 0 : sql_fail(ix);
}

static int foreach_join(struct idx *ix, const char *sql,
			void (*fn)(int64_t commit_id, int64_t a, int64_t b,
				   void *data),
			void *data)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
		   sqlite3_column_int64(st, 2), data);
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(ix);
}

/* The rows as stored, by commit id then seq: what --verify compares. */
static int foreach_join_stored(struct idx *ix,
			       void (*fn)(int64_t commit_id, int64_t a,
					  int64_t b, void *data),
			       void *data)
{
	return foreach_join(ix, "SELECT commit_id, a, b FROM commit_joins "
			    "ORDER BY commit_id, seq", fn, data);
}

int derived_foreach_join_in_time(struct idx *ix,
				 void (*fn)(int64_t commit_id, int64_t a,
					    int64_t b, void *data),
				 void *data)
{
	return foreach_join(ix, "SELECT j.commit_id, j.a, j.b FROM "
			    "commit_joins j JOIN commits c ON c.id = "
			    "j.commit_id ORDER BY c.commit_time, c.hash, "
			    "j.seq", fn, data);
}

int derived_pids_since(struct idx *ix, int64_t after,
		       void (*fn)(int64_t pid, void *data), void *data)
{
	sqlite3_stmt *st;
	int step;

	if (sqlite3_prepare_v2(ix->db, "SELECT author FROM commits WHERE "
			       "id > ?1 UNION SELECT committer FROM commits "
			       "WHERE id > ?1 UNION SELECT person FROM trailers "
			       "WHERE commit_id > ?1 AND person IS NOT NULL", -1,
			       &st, NULL) != SQLITE_OK)
		return sql_fail(ix);
	sqlite3_bind_int64(st, 1, after);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fn(sqlite3_column_int64(st, 0), data);
	sqlite3_finalize(st);
	return step == SQLITE_DONE ? 0 : sql_fail(ix);
}

/* --verify: the stored joins, in order, against @f's. */
struct join_check {
	const struct facts *f;
	size_t next;
	long bad;
};

static void check_join(int64_t commit_id, int64_t a, int64_t b, void *data)
{
	struct join_check *jc = data;
	const int64_t *want = jc->next < jc->f->nr_joins ?
			      jc->f->joins[jc->next] : NULL;

	if (!want || want[0] != commit_id || want[1] != a || want[2] != b) {
		if (jc->bad++ < 10)
			printf("derived: commit_joins row %zu: index has "
			       "(%lld, %lld, %lld), the commits give %s\n",
			       jc->next, (long long)commit_id, (long long)a,
			       (long long)b, want ? "another" : "none");
	}
	jc->next++;
}

static long verify_people(struct idx *ix, const struct facts *f)
{
	struct derived_person *have = xcalloc((size_t)f->nr + 1,
					      sizeof(*have));
	int64_t i;
	long bad = 0;

	for (i = 0; i < f->nr; i++)
		have[i].first_id = -1;
	if (derived_people(ix, have, f->nr)) {
		free(have);
		return -1;
	}
	for (i = 0; i < f->nr; i++) {
		const struct derived_person *a = &have[i], *b = &f->p[i];

		if (a->authored == b->authored && a->committed == b->committed &&
		    a->tagged == b->tagged && a->first_id == b->first_id &&
		    (a->first_id < 0 || a->first_time == b->first_time))
			continue;
		if (bad++ < 10)
			printf("derived: person %lld: index has %ld/%ld/%ld "
			       "first %lld, the commits give %ld/%ld/%ld "
			       "first %lld\n", (long long)i, a->authored,
			       a->committed, a->tagged, (long long)a->first_id,
			       b->authored, b->committed, b->tagged,
			       (long long)b->first_id);
	}
	free(have);
	return bad;
}

long derived_verify(struct idx *ix)
{
	struct scope_people people;
	struct join_check jc = { 0 };
	struct facts f;
	long bad;

	if (!derived_fresh(ix))
		return 0;
	if (compute(ix, -1, &f, &people)) {
		facts_release(&f);
		scope_people_free(&people);
		return -1;
	}
	bad = verify_people(ix, &f);
	jc.f = &f;
	if (bad >= 0 && foreach_join_stored(ix, check_join, &jc))
		bad = -1;
	if (bad >= 0) {
		if (jc.next < f.nr_joins) {
			jc.bad++;
			printf("derived: commit_joins: %zu rows missing\n",
			       f.nr_joins - jc.next);
		}
		bad += jc.bad;
	}
	facts_release(&f);
	scope_people_free(&people);
	return bad;
}
