// SPDX-License-Identifier: GPL-2.0
/*
 * The identity model kept in the index (store/identity-table.h): written
 * from a model built whole by "kmaint index", and read back, a person at
 * a time, by the questions about one section (identity_open()).
 */
#include "identity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derived.h"
#include "identity-table.h"
#include "imap.h"
#include "people-table.h"
#include "queries.h"

/* ---- writing ---- */

static int cmp_fold(const void *x, const void *y)
{
	const struct strmap_entry *a = *(const struct strmap_entry *const *)x;
	const struct strmap_entry *b = *(const struct strmap_entry *const *)y;

	return strcmp(a->key, b->key);
}

/* The folded names and their persons, in the order the table keeps. */
static void fold_rows(const struct identity *id, const int64_t *pkey,
		      struct ident_rows *rows)
{
	const struct strmap_entry **e = xcalloc(id->by_name.nr + 1,
						sizeof(*e));
	struct strbuf sb = STRBUF_INIT;
	size_t i, k, n = 0;

	for (i = 0; i < id->by_name.size; i++)
		if (id->by_name.table && id->by_name.table[i].key)
			e[n++] = &id->by_name.table[i];
	qsort(e, n, sizeof(*e), cmp_fold);
	rows->folds = xcalloc(n + 1, sizeof(char *));
	rows->fold_persons = xcalloc(n + 1, sizeof(char *));
	for (i = 0; i < n; i++) {
		size_t set = (uintptr_t)e[i]->value - 1;

		strbuf_reset(&sb);
		for (k = 0; k < id->name_sets_nr[set]; k++)
			strbuf_addf(&sb, "%s%lld", k ? " " : "",
				    (long long)pkey[id->name_sets[set][k]]);
		rows->folds[i] = e[i]->key;
		rows->fold_persons[i] = xstrdup(sb.buf);
	}
	rows->nr_folds = n;
	strbuf_release(&sb);
	free(e);
}

/*
 * The rows of a model: of a whole one, with @place and @pids NULL; of
 * part of it (identity_load_part()), with @place the place of each of
 * its addresses in the whole and @pids the people id of each of its.
 * A person is named by its first address's place, which keeps the
 * order of persons and, unlike their count, does not move when another
 * person is added or two are joined.
 */
static void build_rows(const struct identity *id, const int64_t *place,
		       const int64_t *pids, struct ident_rows *rows)
{
	int64_t *pkey = xcalloc(id->nr + 1, sizeof(*pkey));
	size_t i;

	memset(rows, 0, sizeof(*rows));
	for (i = 0; i < id->nr; i++)
		pkey[i] = INT64_MAX;
	for (i = 0; i < id->nr_addrs; i++) {
		int64_t at = place ? place[i] : (int64_t)i;

		if (at < pkey[id->addrs[i].person])
			pkey[id->addrs[i].person] = at;
	}
	rows->addrs = xcalloc(id->nr_addrs + 1, sizeof(*rows->addrs));
	for (i = 0; i < id->nr_addrs; i++) {
		const struct identity_addr *a = &id->addrs[i];
		struct ident_row_addr *r = &rows->addrs[i];

		r->id = place ? place[i] : (int64_t)i;
		r->email = a->email;
		r->person = pkey[a->person];
		r->authored = a->authored;
		r->committed = a->committed;
		r->tagged = a->tagged;
		r->flags = (a->indexed ? IT_INDEXED : 0) |
			   (a->name_only ? IT_NAME_ONLY : 0) |
			   (a->name_path ? IT_NAME_PATH : 0) |
			   (strchr(a->email, ' ') ? IT_SPACED : 0);
		r->why = (int)a->why;
		r->why_commit = a->why_commit;
		r->why_hash = a->why_hash;
	}
	rows->nr_addrs = id->nr_addrs;
	rows->pids = xcalloc(id->nr_people_ids + 1, sizeof(*rows->pids));
	for (i = 0; i < id->nr_people_ids; i++) {
		uint32_t a = id->of_people[i];

		if (!a--)
			continue;
		rows->pids[rows->nr_pids][0] = pids ? pids[i] : (int64_t)i;
		rows->pids[rows->nr_pids++][1] = place ? place[a] : a;
	}
	/* persons are numbered in the order of their first addresses */
	rows->person_ids = pkey;
	rows->person_names = xcalloc(id->nr + 1, sizeof(char *));
	for (i = 0; i < id->nr; i++)
		rows->person_names[i] = id->persons[i].name;
	rows->nr_persons = id->nr;
	fold_rows(id, pkey, rows);
}

static void free_rows(struct ident_rows *rows)
{
	size_t i;

	for (i = 0; i < rows->nr_folds; i++)
		free(rows->fold_persons[i]);
	free(rows->folds);
	free(rows->fold_persons);
	free(rows->addrs);
	free(rows->pids);
	free(rows->person_names);
	free(rows->person_ids);
}

/* Build the model whole and bring the tables to it (@key NULL: compare). */
static long store_or_compare(struct idx *ix, const char *key)
{
	struct scope_people people;
	struct identity id;
	struct ident_rows rows;
	long n = -1;

	if (scope_people_load(ix, &people)) {
		scope_people_free(&people);
		return -1;
	}
	if (!identity_load(&id, ix, &people, NULL, key ? 0 : IDENTITY_FRESH)) {
		build_rows(&id, NULL, NULL, &rows);
		n = ident_table_sync(ix, &rows, key);
		free_rows(&rows);
	}
	identity_release(&id);
	scope_people_free(&people);
	return n;
}

/* ---- updating: the persons new commits, people and joins touch ---- */

/*
 * An update reads the stored persons that the new people ids, the
 * people whose counts the new commits change, and the new joins name,
 * and, until nothing more is added, every person of a folded name they
 * carry (rule 4 and the names alone join on the whole set of a name)
 * and every people id of those persons; it builds the model of those
 * people alone (identity_load_part()), the joins among them in the
 * order of a whole build, which gives their persons as the whole model
 * has them, and replaces their rows.  Places: a kept address keeps its
 * place, a new one comes after the last address a people id has, and
 * the addresses MAINTAINERS alone names come after those, in the order
 * of its joins (all of their persons are then read and placed again).
 */
struct part {
	struct idx *ix;
	struct ident_reader *r;
	struct scope_people people;	/* partial: the ids asked for */
	int64_t c0, p0;			/* what the stored model covers */
	struct imap persons;		/* stored person + 1 */
	int64_t *pq;			/* the stored persons, in order read */
	size_t nr_pq, alloc_pq, pq_done;
	struct imap pid_set;		/* people id + 1 -> dense + 1 (later) */
	int64_t *pids;
	size_t nr_pids, alloc_pids, pids_done;
	struct strmap folds, emails;
	int64_t (*joins)[3];		/* every commit join, in rule 2 order */
	size_t nr_joins, alloc_joins;
	char *(*mjoins)[3];		/* every MAINTAINERS join, in order */
	size_t nr_mjoins, alloc_mjoins;
	bool new_mjoins;
	int64_t limit;			/* past it, a whole build is cheaper */
	int rc;
};

static void add_person(int64_t person, void *data)
{
	struct part *pt = data;
	int64_t *v = imap_put(&pt->persons, person + 1);

	if (*v)
		return;
	*v = 1;
	ALLOC_GROW(pt->pq, pt->nr_pq + 1, pt->alloc_pq);
	pt->pq[pt->nr_pq++] = person;
}

static void add_pid(int64_t pid, void *data)
{
	struct part *pt = data;
	int64_t *v;

	if (pid < 0 || pid >= pt->people.nr)
		return;
	v = imap_put(&pt->pid_set, pid + 1);
	if (*v)
		return;
	*v = 1;
	ALLOC_GROW(pt->pids, pt->nr_pids + 1, pt->alloc_pids);
	pt->pids[pt->nr_pids++] = pid;
}

/* @s in lower case, in @sb. */
static const char *lower(const char *s, struct strbuf *sb)
{
	strbuf_reset(sb);
	for (; *s; s++)
		strbuf_addch(sb, *s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
	return sb->buf;
}

static void add_email(struct part *pt, const char *email)
{
	struct strbuf lc = STRBUF_INIT;
	struct strmap_entry *e;
	int64_t addr, person;
	int rc;

	lower(email, &lc);
	e = strmap_insert(&pt->emails, lc.buf, lc.len);
	if (!e->value) {
		e->value = (void *)1;
		rc = ident_read_email(pt->r, lc.buf, &addr, &person);
		if (rc < 0)
			pt->rc = -1;
		else if (rc)
			add_person(person, pt);
	}
	strbuf_release(&lc);
}

static void add_fold(struct part *pt, const char *name)
{
	struct strbuf f = STRBUF_INIT;
	struct strmap_entry *e;
	char *persons, *p, *end;

	identity_fold_name(name, &f);
	if (f.len && !(e = strmap_insert(&pt->folds, f.buf, f.len))->value) {
		e->value = (void *)1;
		persons = ident_read_name(pt->r, f.buf);
		for (p = persons; p && *p; p = end) {
			long long v = strtoll(p, &end, 10);

			if (end == p)
				break;
			add_person(v, pt);
		}
		free(persons);
	}
	strbuf_release(&f);
}

static void note_join(int64_t commit_id, int64_t a, int64_t b, void *data)
{
	struct part *pt = data;

	ALLOC_GROW(pt->joins, pt->nr_joins + 1, pt->alloc_joins);
	pt->joins[pt->nr_joins][0] = commit_id;
	pt->joins[pt->nr_joins][1] = a;
	pt->joins[pt->nr_joins++][2] = b;
	if (commit_id > pt->c0) {
		add_pid(a, pt);
		add_pid(b, pt);
	}
}

static void note_mjoin(const char *r, const char *a, const char *hash,
		       void *data)
{
	struct part *pt = data;

	ALLOC_GROW(pt->mjoins, pt->nr_mjoins + 1, pt->alloc_mjoins);
	pt->mjoins[pt->nr_mjoins][0] = xstrdup(r);
	pt->mjoins[pt->nr_mjoins][1] = xstrdup(a);
	pt->mjoins[pt->nr_mjoins++][2] = xstrdup(hash);
}

/* An address of a stored person: its people ids. */
static void row_addr(const struct ident_row_addr *row, void *data)
{
	struct part *pt = data;

	if (!(row->flags & IT_NAME_ONLY))
		add_email(pt, row->email);
	if (ident_read_addr_pids(pt->r, row->id, add_pid, pt))
		pt->rc = -1;
}

/* A people id: its stored person, its address's, its name's. */
static void read_pid(struct part *pt, int64_t pid)
{
	const char *email = pt->people.email[pid];
	const char *name = pt->people.name[pid];
	int64_t addr, person;
	int rc = ident_read_pid(pt->r, pid, &addr, &person);

	if (rc < 0)
		pt->rc = -1;
	else if (rc)
		add_person(person, pt);
	if (email && *email)
		add_email(pt, email);
	if (name && *name)
		add_fold(pt, name);
}

/* Read until nothing more is added; 1 when it grew past the limit. */
static int close_part(struct part *pt)
{
	while (!pt->rc && (pt->pq_done < pt->nr_pq ||
			   pt->pids_done < pt->nr_pids)) {
		if ((int64_t)pt->nr_pids > pt->limit)
			return 1;
		while (!pt->rc && pt->pq_done < pt->nr_pq) {
			char *name = NULL;

			if (ident_read_person(pt->r, pt->pq[pt->pq_done++],
					      row_addr, pt, &name))
				pt->rc = -1;
			free(name);
		}
		if (pt->pids_done < pt->nr_pids &&
		    scope_people_want(pt->ix, &pt->people,
				      pt->pids + pt->pids_done,
				      pt->nr_pids - pt->pids_done))
			pt->rc = -1;
		while (!pt->rc && pt->pids_done < pt->nr_pids)
			read_pid(pt, pt->pids[pt->pids_done++]);
	}
	return pt->rc;
}

/* Build the model of the part's people, by dense numbers. */
static int build_part(struct part *pt, struct identity *id,
		      struct scope_people *dense)
{
	struct derived_person *counts;
	const char *(*mj)[3];
	int64_t (*joins)[3];
	struct identity_part part = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = pt->nr_pids;

	/* a part of nobody has no array, and qsort wants one */
	if (n)
		qsort(pt->pids, n, sizeof(int64_t), cmp_int64);
	memset(dense, 0, sizeof(*dense));
	dense->nr = (int64_t)n;
	dense->name = xcalloc(n + 1, sizeof(char *));
	dense->email = xcalloc(n + 1, sizeof(char *));
	for (i = 0; i < n; i++) {
		dense->name[i] = pt->people.name[pt->pids[i]];
		dense->email[i] = pt->people.email[pt->pids[i]];
		*imap_put(&pt->pid_set, pt->pids[i] + 1) = (int64_t)i + 1;
	}
	counts = xcalloc(n + 1, sizeof(*counts));
	if (derived_people_of(pt->ix, pt->pids, n, counts)) {
		free(counts);
		return -1;
	}
	joins = xcalloc(pt->nr_joins + 1, sizeof(*joins));
	for (i = 0; i < pt->nr_joins; i++) {
		int64_t *a = imap_get(&pt->pid_set, pt->joins[i][1] + 1);
		int64_t *b = imap_get(&pt->pid_set, pt->joins[i][2] + 1);

		if (!a || !b)
			continue;
		joins[part.nr_joins][0] = pt->joins[i][0];
		joins[part.nr_joins][1] = *a - 1;
		joins[part.nr_joins++][2] = *b - 1;
	}
	mj = xcalloc(pt->nr_mjoins + 1, sizeof(*mj));
	for (i = 0; i < pt->nr_mjoins; i++) {
		const char *r = lower(pt->mjoins[i][0], &sb);
		bool in = strmap_get(&pt->emails, r, sb.len);

		if (!in) {
			r = lower(pt->mjoins[i][1], &sb);
			in = strmap_get(&pt->emails, r, sb.len);
		}
		if (!in)
			continue;
		memcpy(mj[part.nr_mjoins++], pt->mjoins[i], sizeof(*mj));
	}
	part.people = dense;
	part.counts = counts;
	part.joins = (const int64_t (*)[3])joins;
	part.mjoins = (const char *const (*)[3])mj;
	identity_load_part(id, &part);
	free(counts);
	free(joins);
	free(mj);
	strbuf_release(&sb);
	return 0;
}
/* Is @email (lower case) one of @id's addresses; which? */
static int local_addr(const struct identity *id, const char *email)
{
	void *v = strmap_get(&id->by_addr, email, strlen(email));

	return v ? (int)((uintptr_t)v - 1) : -1;
}

/*
 * The place in the whole model of each address of the part: 1, or 0
 * when one cannot be found (then the model is made whole), -1.
 */
static int place_part(struct part *pt, const struct identity *id,
		      int64_t *place)
{
	int64_t next = ident_read_nr_indexed(pt->r), addr, person;
	bool renumber = pt->people.nr - 1 > pt->p0 || pt->new_mjoins;
	struct strbuf sb = STRBUF_INIT;
	struct strmap seen;
	size_t i, k;
	int rc = 1;

	for (i = 0; i < id->nr_addrs; i++)
		place[i] = -1;
	/* a people id's address: kept, or after the last kept */
	for (i = 0; rc > 0 && i < id->nr_people_ids; i++) {
		uint32_t a = id->of_people[i];
		int got = 0;

		if (!a-- || place[a] >= 0)
			continue;
		if (pt->pids[i] <= pt->p0 &&
		    (got = ident_read_pid(pt->r, pt->pids[i], &addr,
					  &person)) < 0)
			rc = -1;
		place[a] = got ? addr : next++;
	}
	/* those MAINTAINERS alone names, in the order of its joins */
	strmap_init(&seen);
	for (i = 0; rc > 0 && renumber && i < pt->nr_mjoins; i++) {
		/* the replacing address first, as join_mjoin() */
		for (k = 2; k-- > 0; ) {
			int a = local_addr(id, lower(pt->mjoins[i][k], &sb));
			struct strmap_entry *e = strmap_insert(&seen, sb.buf,
							       sb.len);

			if (e->value)
				continue;
			e->value = (void *)1;
			if (a >= 0 && !id->addrs[a].indexed)
				place[a] = next++;
		}
	}
	strmap_clear(&seen, false);
	/* or, when none moves, where they are */
	for (i = 0; rc > 0 && i < id->nr_addrs; i++) {
		int got;

		if (place[i] >= 0)
			continue;
		got = renumber || id->addrs[i].name_only ? 0 :
		      ident_read_email(pt->r, id->addrs[i].email, &addr,
				       &person);
		if (got <= 0)
			rc = got;
		else
			place[i] = addr;
	}
	strbuf_release(&sb);
	return rc;
}

/* "1 C P D H FP": the version, commits, people and the .mailmap's hash. */
static bool parse_key(const char *key, char *v, long long *c, long long *p,
		      char *h)
{
	char d[64];

	return key && sscanf(key, "%15s %lld %lld %63s %31s", v, c, p, d,
			     h) == 5;
}

/* The part of the stored model that changes; see struct part. */
static int update_part(struct part *pt, const char *key)
{
	char *old = idx_meta_get(pt->ix, "identity");
	char v0[16], v1[16], h0[32], h1[32];
	long long c0, p0, c1, p1;
	size_t i;
	bool ok;

	ok = ident_table_exists(pt->ix) && derived_fresh(pt->ix) &&
	     parse_key(old, v0, &c0, &p0, h0) &&
	     parse_key(key, v1, &c1, &p1, h1) && !strcmp(v0, v1) &&
	     !strcmp(h0, h1) && c0 <= c1 && p0 <= p1;
	free(old);
	if (!ok)
		return 0;
	pt->c0 = c0;
	pt->p0 = p0;
	if (!(pt->r = ident_reader_open(pt->ix)) ||
	    scope_people_open(pt->ix, &pt->people))
		return -1;
	pt->limit = pt->people.nr / 4 > 1000 ? pt->people.nr / 4 : 1000;
	for (i = (size_t)(p0 + 1); (int64_t)i < pt->people.nr; i++)
		add_pid((int64_t)i, pt);
	if (derived_pids_since(pt->ix, c0, add_pid, pt) ||
	    derived_foreach_join_in_time(pt->ix, note_join, pt) ||
	    identity_mjoins(pt->ix, 0, note_mjoin, pt))
		return -1;
	for (i = 0; i < pt->nr_mjoins; i++) {
		if (idx_lookup_commit(pt->ix, pt->mjoins[i][2]) <= c0)
			continue;
		pt->new_mjoins = true;
		add_email(pt, pt->mjoins[i][0]);
		add_email(pt, pt->mjoins[i][1]);
	}
	/* the addresses MAINTAINERS alone names move after new ones */
	if ((pt->people.nr - 1 > p0 || pt->new_mjoins) &&
	    ident_read_unindexed(pt->r, add_person, pt))
		return -1;
	return close_part(pt) ? (pt->rc ? -1 : 0) : 1;
}

static void part_release(struct part *pt)
{
	size_t i, k;

	ident_reader_close(pt->r);
	scope_people_free(&pt->people);
	imap_free(&pt->persons);
	imap_free(&pt->pid_set);
	strmap_clear(&pt->folds, false);
	strmap_clear(&pt->emails, false);
	for (i = 0; i < pt->nr_mjoins; i++)
		for (k = 0; k < 3; k++)
			free(pt->mjoins[i][k]);
	free(pt->mjoins);
	free(pt->joins);
	free(pt->pq);
	free(pt->pids);
}

/*
 * Bring the stored model up to the index by the persons that changed:
 * 1 done, 0 when it cannot be (then it is made whole), -1 on error.
 */
static int store_part(struct idx *ix, const char *key)
{
	struct part pt = { 0 };
	struct identity id;
	struct scope_people dense;
	struct ident_rows rows;
	int64_t *place;
	int rc;

	pt.ix = ix;
	imap_init(&pt.persons, 64);
	imap_init(&pt.pid_set, 64);
	strmap_init(&pt.folds);
	strmap_init(&pt.emails);
	rc = update_part(&pt, key);
	if (getenv("KMAINT_DEBUG"))
		fprintf(stderr, "identity: %s (%zu people ids, %zu stored "
			"persons)\n", rc > 0 ? "made again in part" :
			"made whole", pt.nr_pids, pt.nr_pq);
	if (rc > 0 && build_part(&pt, &id, &dense))
		rc = -1;
	else if (rc > 0) {
		place = xcalloc(id.nr_addrs + 1, sizeof(*place));
		rc = place_part(&pt, &id, place);
		if (rc > 0) {
			build_rows(&id, place, pt.pids, &rows);
			rc = ident_table_patch(ix, pt.pq, pt.nr_pq, &rows, key);
			free_rows(&rows);
		}
		free(place);
		identity_release(&id);
		free(dense.name);
		free(dense.email);
	}
	part_release(&pt);
	return rc;
}

int identity_store(struct idx *ix, bool upgrade)
{
	char *key = ident_table_key(ix);
	int rc = 0;

	if (!key)
		return -1;
	if (!ident_table_fresh(ix, key)) {
		if (upgrade && !ident_table_exists(ix))
			fprintf(stderr, "%s: keeping the identity model in the "
				"index (once)\n", progname);
		rc = store_part(ix, key);
		if (!rc)
			rc = store_or_compare(ix, key) < 0 ? -1 : 0;
		else
			rc = rc < 0 ? -1 : 0;
		/* its rows written, the transaction not ended */
		idx_kill_point("identity");
	}
	free(key);
	return rc;
}


long identity_verify(struct idx *ix)
{
	char *key = ident_table_key(ix);
	long n = 0;

	if (key && ident_table_fresh(ix, key))
		n = store_or_compare(ix, NULL);
	free(key);
	return n;
}

/* ---- reading, a person at a time ---- */

struct identity_lazy {
	struct ident_reader *r;
	struct imap addr_of;		/* stored address + 1 -> index + 1 */
	int64_t *stored;		/* index -> stored address */
	size_t alloc_stored;
	unsigned char *pid_done, *person_done;
	uint32_t *loaded;		/* the persons read, in that order */
	size_t nr_loaded, alloc_loaded;
	char *absent;			/* by_addr's value for a miss */
	void (*on_load)(int person, void *data);
	void *on_load_data;
};

/* An empty @id; is the stored model of @flags the index's current one? */
static bool stored_current(struct identity *id, struct idx *ix, unsigned flags)
{
	char *key;
	bool fresh;

	memset(id, 0, sizeof(*id));
	if (flags)
		return false;
	key = ident_table_key(ix);
	fresh = ident_table_fresh(ix, key);
	free(key);
	return fresh;
}

int identity_open(struct identity *id, struct idx *ix, unsigned flags)
{
	struct identity_lazy *l;

	if (!stored_current(id, ix, flags))
		return 0;
	l = xcalloc(1, sizeof(*l));
	if (!(l->r = ident_reader_open(ix))) {
		free(l);
		return -1;
	}
	imap_init(&l->addr_of, 64);
	id->lazy = l;
	id->nr = (size_t)ident_read_nr(l->r);
	id->nr_people_ids = (size_t)ident_read_nr_pids(l->r);
	id->persons = xcalloc(id->nr + 1, sizeof(*id->persons));
	id->of_people = xcalloc(id->nr_people_ids + 1, sizeof(uint32_t));
	l->pid_done = xcalloc(id->nr_people_ids + 1, 1);
	l->person_done = xcalloc(id->nr + 1, 1);
	strmap_init(&id->by_addr);
	strmap_init(&id->by_name);
	return 1;
}

/* An address as its row has it, but for its strings. */
static void addr_of_row(struct identity_addr *a,
			const struct ident_row_addr *row, uint32_t person)
{
	memset(a, 0, sizeof(*a));
	a->person = person;
	a->authored = row->authored;
	a->committed = row->committed;
	a->tagged = row->tagged;
	a->indexed = row->flags & IT_INDEXED;
	a->name_only = row->flags & IT_NAME_ONLY;
	a->name_path = row->flags & IT_NAME_PATH;
	a->why = (enum identity_why)row->why;
	a->why_commit = row->why_commit;
}

static void lazy_fail(void)
{
	die("cannot read the identity model from the index");
}

struct person_load {
	struct identity *id;
	uint32_t person;
};

static void add_row(const struct ident_row_addr *row, void *data)
{
	struct person_load *pl = data;
	struct identity *id = pl->id;
	struct identity_lazy *l = id->lazy;
	struct identity_person *p = &id->persons[pl->person];
	struct identity_addr *a;
	uint32_t i = (uint32_t)id->nr_addrs;

	ALLOC_GROW(id->addrs, id->nr_addrs + 1, id->alloc_addrs);
	ALLOC_GROW(l->stored, id->nr_addrs + 1, l->alloc_stored);
	a = &id->addrs[id->nr_addrs++];
	addr_of_row(a, row, pl->person);
	a->email = xstrdup(row->email);
	a->why_hash = row->why_hash ? xstrdup(row->why_hash) : NULL;
	l->stored[i] = row->id;
	*imap_put(&l->addr_of, row->id + 1) = i + 1;
	if (!a->name_only)
		strmap_insert(&id->by_addr, a->email, strlen(a->email))->value =
			(void *)(uintptr_t)(i + 1);
	p->addrs = xrealloc(p->addrs, (p->nr_addrs + 1) * sizeof(uint32_t));
	p->addrs[p->nr_addrs++] = i;
	p->authored += a->authored;
	p->committed += a->committed;
	p->tagged += a->tagged;
	p->indexed |= a->indexed;
}

/*
 * Read person @person, every address of it, as identity_load() would
 * have it.  The model is const to its users, who only ask: what is read
 * is a cache, filled in place.
 */
static void lazy_person(const struct identity *cid, int64_t person)
{
	struct identity *id = (struct identity *)cid;
	struct identity_lazy *l = id->lazy;
	struct person_load pl = { id, (uint32_t)person };
	struct identity_person *p;
	char *name;

	if (person < 0 || (size_t)person >= id->nr || l->person_done[person])
		return;
	l->person_done[person] = 1;
	ALLOC_GROW(l->loaded, l->nr_loaded + 1, l->alloc_loaded);
	l->loaded[l->nr_loaded++] = (uint32_t)person;
	if (ident_read_person(l->r, person, add_row, &pl, &name))
		lazy_fail();
	p = &id->persons[person];
	identity_sort_addrs(id, p->addrs, p->nr_addrs);
	p->email = p->nr_addrs ? id->addrs[p->addrs[0]].email : "";
	p->name = name;
	if (l->on_load)
		l->on_load((int)person, l->on_load_data);
}

void identity_on_load(struct identity *id, void (*fn)(int person, void *data),
		      void *data)
{
	id->lazy->on_load = fn;
	id->lazy->on_load_data = data;
}

int identity_lazy_of(const struct identity *cid, int64_t pid)
{
	struct identity *id = (struct identity *)cid;
	struct identity_lazy *l = id->lazy;
	int64_t addr, person, *local;
	int rc;

	if (pid < 0 || (size_t)pid >= id->nr_people_ids)
		return -1;
	if (!l->pid_done[pid]) {
		l->pid_done[pid] = 1;
		rc = ident_read_pid(l->r, pid, &addr, &person);
		if (rc < 0)
			lazy_fail();
		lazy_person(id, rc ? person : -1);
		if (rc && (local = imap_get(&l->addr_of, addr + 1)))
			id->of_people[pid] = (uint32_t)*local;
	}
	if (!id->of_people[pid])
		return -1;
	return (int)id->addrs[id->of_people[pid] - 1].person;
}

/* A people id being prefetched: its address and person, or -1. */
struct pid_row {
	int64_t pid, addr, person;
};

/*
 * The ids of @pids not read yet, ascending and each once, *@nr of them:
 * marked in a byte array by id, not sorted, @pids being many repeats.
 */
static struct pid_row *pids_to_read(const struct identity *id,
				    const int64_t *pids, size_t *nr)
{
	const struct identity_lazy *l = id->lazy;
	unsigned char *want = xcalloc(id->nr_people_ids + 1, 1);
	struct pid_row *rows;
	size_t i, n = 0, k = 0;

	for (i = 0; i < *nr; i++)
		if (pids[i] >= 0 && (size_t)pids[i] < id->nr_people_ids &&
		    !l->pid_done[pids[i]] && !want[pids[i]]) {
			want[pids[i]] = 1;
			n++;
		}
	rows = xcalloc(n + 1, sizeof(*rows));
	for (i = 0; k < n; i++)
		if (want[i])
			rows[k++].pid = (int64_t)i;
	free(want);
	*nr = k;
	return rows;
}

/* What identity_prefetch() reads into: @rows by pid, ascending. */
struct prefetch {
	struct identity *id;
	struct pid_row *rows;
	size_t nr;
};

static int cmp_pid_row(const void *x, const void *y)
{
	return cmp_int64(&((const struct pid_row *)x)->pid,
		       &((const struct pid_row *)y)->pid);
}

static void got_pid(int64_t pid, int64_t addr, int64_t person, void *data)
{
	struct prefetch *pf = data;
	struct pid_row key = { pid, 0, 0 }, *row;

	row = bsearch(&key, pf->rows, pf->nr, sizeof(key), cmp_pid_row);
	if (row) {
		row->addr = addr;
		row->person = person;
	}
}

static void got_addr(const struct ident_row_addr *row, void *data)
{
	struct prefetch *pf = data;
	struct person_load pl = { pf->id, (uint32_t)row->person };

	add_row(row, &pl);
}

static void got_name(int64_t person, const char *name, void *data)
{
	struct prefetch *pf = data;

	if (person >= 0 && (size_t)person < pf->id->nr &&
	    !pf->id->persons[person].name)
		pf->id->persons[person].name = xstrdup(name);
}

/*
 * lazy_person() for the persons @v (ascending, @n of them; those read
 * already or out of range left out), in batches.
 */
static void lazy_persons(struct prefetch *pf, int64_t *v, size_t n)
{
	static const struct ident_batch_fns fns = { got_addr, got_name };
	struct identity *id = pf->id;
	struct identity_lazy *l = id->lazy;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i] >= 0 && (size_t)v[i] < id->nr &&
		    !l->person_done[v[i]]) {
			l->person_done[v[i]] = 1;
			ALLOC_GROW(l->loaded, l->nr_loaded + 1, l->alloc_loaded);
			l->loaded[l->nr_loaded++] = (uint32_t)v[i];
			v[k++] = v[i];
		}
	if (ident_read_persons(l->r, v, k, &fns, pf))
		lazy_fail();
	for (i = 0; i < k; i++) {
		struct identity_person *p = &id->persons[v[i]];

		identity_sort_addrs(id, p->addrs, p->nr_addrs);
		p->email = p->nr_addrs ? id->addrs[p->addrs[0]].email : "";
		if (!p->name)
			p->name = xstrdup("");
		if (l->on_load)
			l->on_load((int)v[i], l->on_load_data);
	}
}

void identity_prefetch(const struct identity *cid, const int64_t *pids,
		       size_t nr)
{
	struct identity *id = (struct identity *)cid;
	struct identity_lazy *l = id->lazy;
	struct prefetch pf = { id, NULL, nr };
	int64_t *persons, *local;
	size_t i, np = 0;

	if (!l)
		return;
	pf.rows = pids_to_read(id, pids, &pf.nr);
	persons = xcalloc(pf.nr + 1, sizeof(*persons));
	for (i = 0; i < pf.nr; i++) {
		persons[i] = pf.rows[i].pid;	/* the ids, for the query */
		pf.rows[i].addr = pf.rows[i].person = -1;
	}
	if (ident_read_pids(l->r, persons, pf.nr, got_pid, &pf))
		lazy_fail();
	for (i = 0; i < pf.nr; i++)
		if (pf.rows[i].person >= 0)
			persons[np++] = pf.rows[i].person;
	if (np)
		qsort(persons, np, sizeof(*persons), cmp_int64);
	lazy_persons(&pf, persons, np);
	for (i = 0; i < pf.nr; i++) {
		l->pid_done[pf.rows[i].pid] = 1;
		if (pf.rows[i].addr >= 0 &&
		    (local = imap_get(&l->addr_of, pf.rows[i].addr + 1)))
			id->of_people[pf.rows[i].pid] = (uint32_t)*local;
	}
	free(persons);
	free(pf.rows);
}

int identity_lazy_addr(const struct identity *cid, const char *email)
{
	struct identity *id = (struct identity *)cid;
	struct identity_lazy *l = id->lazy;
	struct strmap_entry *e = strmap_find(&id->by_addr, email,
					     strlen(email));
	int64_t addr, person;
	int rc;

	if (!e) {
		rc = ident_read_email(l->r, email, &addr, &person);
		if (rc < 0)
			lazy_fail();
		if (rc)
			lazy_person(id, person);
		e = strmap_find(&id->by_addr, email, strlen(email));
		if (!e) {
			e = strmap_insert(&id->by_addr, email, strlen(email));
			e->value = &l->absent;
		}
	}
	if (e->value == (void *)&l->absent)
		return -1;
	return (int)((uintptr_t)e->value - 1);
}

int identity_lazy_name(const struct identity *cid, const char *fold)
{
	struct identity *id = (struct identity *)cid;
	struct strmap_entry *e = strmap_find(&id->by_name, fold, strlen(fold));
	char *persons, *p, *end;
	size_t set;

	if (e)
		return (int)((uintptr_t)e->value - 1);
	set = id->nr_name_sets++;
	id->name_sets = xrealloc(id->name_sets, (set + 1) * sizeof(uint32_t *));
	id->name_sets_nr = xrealloc(id->name_sets_nr, (set + 1) * sizeof(size_t));
	id->name_sets[set] = NULL;
	id->name_sets_nr[set] = 0;
	persons = ident_read_name(id->lazy->r, fold);
	for (p = persons; p && *p; p = end) {
		long long v = strtoll(p, &end, 10);

		if (end == p)
			break;
		lazy_person(id, v);
		id->name_sets[set] = xrealloc(id->name_sets[set],
					      (id->name_sets_nr[set] + 1) *
					      sizeof(uint32_t));
		id->name_sets[set][id->name_sets_nr[set]++] = (uint32_t)v;
	}
	free(persons);
	strmap_insert(&id->by_name, fold, strlen(fold))->value =
		(void *)(uintptr_t)(set + 1);
	return (int)set;
}

int identity_person_pids(const struct identity *id, int person,
			 void (*fn)(int64_t pid, void *data), void *data)
{
	const struct identity_person *p;
	size_t i;

	if (!id->lazy || person < 0 || (size_t)person >= id->nr)
		return 0;
	lazy_person(id, person);
	p = &id->persons[person];
	for (i = 0; i < p->nr_addrs; i++)
		if (ident_read_addr_pids(id->lazy->r,
					 id->lazy->stored[p->addrs[i]], fn,
					 data))
			return -1;
	return 0;
}

int identity_email_pids(const struct identity *id, const char *email,
			void (*fn)(int64_t pid, void *data), void *data)
{
	int a;

	if (!id->lazy)
		return 0;
	if (!email)
		return ident_read_addr_pids(id->lazy->r, -1, fn, data);
	a = identity_lazy_addr(id, email);
	return a < 0 ? 0 : ident_read_addr_pids(id->lazy->r,
						id->lazy->stored[a], fn, data);
}

void identity_lazy_release(struct identity *id)
{
	struct identity_lazy *l = id->lazy;
	size_t i;

	for (i = 0; i < l->nr_loaded; i++) {
		free(id->persons[l->loaded[i]].addrs);
		free((char *)id->persons[l->loaded[i]].name);
	}
	ident_reader_close(l->r);
	imap_free(&l->addr_of);
	free(l->stored);
	free(l->pid_done);
	free(l->person_done);
	free(l->loaded);
	free(l);
}

/* ---- reading whole ---- */

/* The persons of @rows, their keys numbered in order. */
static void whole_persons(struct identity *id, const struct ident_rows *rows,
			  struct imap *index)
{
	struct strbuf arena = STRBUF_INIT;
	size_t i, *off = xcalloc(rows->nr_persons + 1, sizeof(size_t));

	id->nr = rows->nr_persons;
	id->persons = xcalloc(id->nr + 1, sizeof(*id->persons));
	for (i = 0; i < id->nr; i++) {
		*imap_put(index, rows->person_ids[i] + 1) = (int64_t)i + 1;
		off[i] = arena.len;
		strbuf_addstr(&arena, rows->person_names[i] ?
			      rows->person_names[i] : "");
		strbuf_addch(&arena, '\0');
	}
	id->names = strbuf_detach(&arena, NULL);
	for (i = 0; i < id->nr; i++)
		id->persons[i].name = id->names + off[i];
	free(off);
}

/* The addresses of @rows (their strings taken), each to its person. */
static bool whole_addrs(struct identity *id, struct ident_rows *rows,
			struct imap *index)
{
	size_t i;

	id->addrs = xcalloc(rows->nr_addrs + 1, sizeof(*id->addrs));
	id->alloc_addrs = rows->nr_addrs + 1;
	strmap_reserve(&id->by_addr, rows->nr_addrs);
	for (i = 0; i < rows->nr_addrs; i++) {
		struct ident_row_addr *r = &rows->addrs[i];
		struct identity_addr *a = &id->addrs[i];
		int64_t *p = imap_get(index, r->person + 1);
		struct identity_person *pp;

		if (r->id != (int64_t)i || !p)
			return false;	/* not the tables kmaint writes */
		id->nr_addrs = i + 1;
		addr_of_row(a, r, (uint32_t)(*p - 1));
		a->email = (char *)r->email;
		a->why_hash = (char *)r->why_hash;
		r->email = r->why_hash = NULL;
		if (!a->name_only)
			strmap_insert(&id->by_addr, a->email,
				      strlen(a->email))->value =
				(void *)(uintptr_t)(i + 1);
		pp = &id->persons[a->person];
		pp->addrs = xrealloc(pp->addrs, (pp->nr_addrs + 1) *
				     sizeof(uint32_t));
		pp->addrs[pp->nr_addrs++] = (uint32_t)i;
		pp->authored += a->authored;
		pp->committed += a->committed;
		pp->tagged += a->tagged;
		pp->indexed |= a->indexed;
	}
	for (i = 0; i < id->nr; i++) {
		struct identity_person *p = &id->persons[i];

		if (!p->nr_addrs)
			return false;
		identity_sort_addrs(id, p->addrs, p->nr_addrs);
		p->email = id->addrs[p->addrs[0]].email;
	}
	return true;
}

/* The people ids and the folded names of @rows. */
static bool whole_rest(struct identity *id, const struct ident_rows *rows,
		       struct imap *index)
{
	size_t i;

	id->nr_people_ids = (size_t)rows->nr_people;
	id->of_people = xcalloc(id->nr_people_ids + 1, sizeof(uint32_t));
	for (i = 0; i < rows->nr_pids; i++) {
		int64_t pid = rows->pids[i][0], a = rows->pids[i][1];

		if (pid < 0 || (size_t)pid >= id->nr_people_ids || a < 0 ||
		    (size_t)a >= id->nr_addrs)
			return false;
		id->of_people[pid] = (uint32_t)a + 1;
	}
	strmap_reserve(&id->by_name, rows->nr_folds);
	id->name_sets = xcalloc(rows->nr_folds + 1, sizeof(uint32_t *));
	id->name_sets_nr = xcalloc(rows->nr_folds + 1, sizeof(size_t));
	for (i = 0; i < rows->nr_folds; i++) {
		char *p = rows->fold_persons[i], *end;
		size_t set = id->nr_name_sets++;

		strmap_insert(&id->by_name, rows->folds[i],
			      strlen(rows->folds[i]))->value =
			(void *)(uintptr_t)(set + 1);
		for (; *p; p = end) {
			long long v = strtoll(p, &end, 10);
			int64_t *k = imap_get(index, v + 1);

			if (end == p || !k)
				return false;
			size_t *nr = &id->name_sets_nr[set];

			id->name_sets[set] = xrealloc(id->name_sets[set],
						      (*nr + 1) *
						      sizeof(uint32_t));
			id->name_sets[set][(*nr)++] = (uint32_t)(*k - 1);
		}
	}
	return true;
}

int identity_read(struct identity *id, struct idx *ix, unsigned flags)
{
	struct ident_rows rows;
	struct imap index;	/* stored person + 1 -> person + 1 */
	bool ok;

	if (!stored_current(id, ix, flags))
		return 0;
	if (ident_table_read(ix, &rows))
		return -1;
	strmap_init(&id->by_addr);
	strmap_init(&id->by_name);
	imap_init(&index, rows.nr_persons + 1);
	whole_persons(id, &rows, &index);
	ok = whole_addrs(id, &rows, &index) && whole_rest(id, &rows, &index);
	imap_free(&index);
	ident_table_read_release(&rows);
	if (!ok)
		identity_release(id);	/* then built from the people */
	return ok ? 1 : 0;
}
