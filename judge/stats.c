// SPDX-License-Identifier: GPL-2.0
#include "stats.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "derived.h"
#include "queries.h"

static const struct {
	const char *name, *title;
} reports[SR_NR] = {
	[SR_CHANGESETS] = { "changesets", "Developers with the most changesets" },
	[SR_LINES] = { "lines", "Developers with the most changed lines" },
	[SR_REMOVED] = { "removed", "Developers with the most lines removed" },
	[SR_SIGNOFFS] = { "signoffs", "Developers with the most signoffs (not their own patches)" },
	[SR_REVIEWS] = { "reviews", "Developers who gave the most Reviewed-by tags" },
	[SR_ACKS] = { "acks", "Developers who gave the most Acked-by tags" },
	[SR_TESTS] = { "tests", "Developers who gave the most Tested-by tags" },
	[SR_TESTCRED] = { "test-credits", "Developers with the most Tested-by credits" },
	[SR_REPORTS] = { "reports", "Developers who gave the most Reported-by tags" },
	[SR_REPCRED] = { "report-credits", "Developers with the most Reported-by credits" },
	[SR_COMMITTERS] = { "committers", "Committers (who applied the patches)" },
	[SR_EMP_CHANGESETS] = { "employers", "Employers with the most changesets" },
	[SR_EMP_LINES] = { "employer-lines", "Employers with the most changed lines" },
	[SR_EMP_SIGNOFFS] = { "employer-signoffs", "Employers with the most signoffs (not their own patches)" },
	[SR_EMP_DEVELOPERS] = { "employer-developers", "Employers with the most developers" },
	[SR_FIRST_TIME] = { "first-time", "First-time contributors" },
	[SR_UNKNOWN] = { "unknown", "Addresses with no known employer" },
};

int stats_report_by_name(const char *name)
{
	int i;

	for (i = 0; i < SR_NR; i++)
		if (!strcasecmp(name, reports[i].name))
			return i;
	return -1;
}

const char *stats_report_name(enum stats_report r)
{
	return reports[r].name;
}

const char *stats_title(enum stats_report r)
{
	return reports[r].title;
}

void stats_init(struct stats *st, const struct employer_map *em)
{
	memset(st, 0, sizeof(*st));
	st->em = em;
	strmap_init(&st->emp_index);
	strmap_init(&st->emp_dev);
	strmap_init(&st->unknown_index);
	st->oldest = INT64_MAX;
	st->newest = INT64_MIN;
}

void stats_release(struct stats *st)
{
	size_t i;

	for (i = 0; i < st->nr_hackers; i++) {
		free(st->hackers[i].name);
		free(st->hackers[i].email);
	}
	free(st->hackers);
	free(st->employers);
	for (i = 0; i < st->nr_unknown; i++)
		free(st->unknown[i].email);
	free(st->unknown);
	strmap_clear(&st->emp_index, false);
	strmap_clear(&st->emp_dev, false);
	strmap_clear(&st->unknown_index, false);
}

/*
 * The people table (after .mailmap), by id, and what is worked out once
 * per person rather than once per commit: the hacker, the employer map's
 * entries for the address, the employer of the last commit.
 */
struct people {
	struct scope_people pp;
	long *hacker;		/* index + 1, 0 until resolved */
	const struct identity *id;
	long *by_person;	/* identity person -> hacker index + 1 */
	const struct emp_list **emp;
	unsigned char *emp_done;
	const char **last_emp;	/* an employer name, and its index + 1 */
	size_t *last_emp_index;
};

static int load_people(struct scope *s, struct people *p)
{
	const struct scope_people *pp;
	size_t n;

	/*
	 * The whole tree meets nearly everyone: one build beats a read
	 * each.  A section reads the rows of the people it names.
	 */
	if (s->whole)
		s->identity_whole = true;
	else
		s->people_partial = true;
	if (!(p->id = scope_identity(s)) || !(pp = scope_people(s)))
		return -1;
	p->by_person = xcalloc(p->id->nr + 1, sizeof(long));
	p->pp = *pp;	/* the scope's; not freed here */
	n = (size_t)p->pp.nr + 1;
	p->hacker = xcalloc(n, sizeof(long));
	p->emp = xcalloc(n, sizeof(*p->emp));
	p->emp_done = xcalloc(n, 1);
	p->last_emp = xcalloc(n, sizeof(*p->last_emp));
	p->last_emp_index = xcalloc(n, sizeof(size_t));
	return 0;
}

static void free_people(struct people *p)
{
	free(p->by_person);
	free(p->hacker);
	free(p->emp);
	free(p->emp_done);
	free(p->last_emp);
	free(p->last_emp_index);
}

/*
 * The developer of people id @pid: the person the identity model finds
 * behind it (people/identity.h), or behind the address a gitdm
 * EmailAliases line makes canonical.  gitdm's own LookupStoreHacker
 * merges everyone who shares a name; the identity model does too (rule
 * 4 of identity.h, with its exceptions), rather than this function, so
 * that stats, audit and review count the same developers.
 */
static size_t person_hacker(struct stats *st, struct people *p, int64_t pid,
			    int64_t cid)
{
	const char *addr;
	struct stats_hacker *h;
	int person = -1;
	size_t i;

	if (p->hacker[pid])
		return (size_t)p->hacker[pid] - 1;
	addr = employer_canonical_email(st->em, p->pp.email[pid]);
	if (strcasecmp(addr, p->pp.email[pid]))
		person = identity_of_email(p->id, addr);
	if (person < 0)
		person = identity_of(p->id, pid);
	if (person >= 0 && p->by_person[person]) {
		i = (size_t)p->by_person[person] - 1;
	} else {
		ALLOC_GROW(st->hackers, st->nr_hackers + 1, st->alloc_hackers);
		i = st->nr_hackers++;
		h = &st->hackers[i];
		memset(h, 0, sizeof(*h));
		if (person >= 0) {
			h->name = xstrdup(p->id->persons[person].name);
			h->email = xstrdup(p->id->persons[person].email);
			p->by_person[person] = (long)i + 1;
		} else {
			h->name = xstrdup(p->pp.name[pid]);
			h->email = xstrdup(addr);
		}
		h->first_id = INT64_MAX;
	}
	p->hacker[pid] = (long)i + 1;
	return i;
}

static size_t employer_index(struct stats *st, const char *name)
{
	struct strmap_entry *e = strmap_insert(&st->emp_index, name,
					       strlen(name));

	if (!e->value) {
		ALLOC_GROW(st->employers, st->nr_employers + 1,
			   st->alloc_employers);
		memset(&st->employers[st->nr_employers], 0,
		       sizeof(*st->employers));
		st->employers[st->nr_employers].name = e->key;
		e->value = (void *)(++st->nr_employers);
	}
	return (size_t)e->value - 1;
}

static struct stats_employer *employer(struct stats *st, const char *name)
{
	/* first: employer_index() may move st->employers */
	size_t i = employer_index(st, name);

	return &st->employers[i];
}

/* The employer of person @pid's commit at @when, and its index. */
static const char *person_employer(struct stats *st, struct people *p,
				   int64_t pid, int64_t when, size_t *index)
{
	const char *name;

	if (!p->emp_done[pid]) {
		p->emp[pid] = employer_lookup(st->em, p->pp.email[pid]);
		p->emp_done[pid] = 1;
	}
	name = employer_at(p->emp[pid], when);
	if (st->employer_fallback && !strcmp(name, EMPLOYER_UNKNOWN))
		name = st->employer_fallback(st->fallback_ctx,
					     p->pp.email[pid], when);
	/* names are interned strings: the same name, the same pointer */
	if (p->last_emp[pid] != name) {
		p->last_emp[pid] = name;
		p->last_emp_index[pid] = employer_index(st, name);
	}
	*index = p->last_emp_index[pid];
	return name;
}

struct commit_rec {
	int64_t id, author_time;
	size_t author;		/* hacker */
	uint32_t trailer, nr_trailers;	/* into collect.tr */
};

/*
 * The walk's commits and their trailers, copied: a walk over the whole
 * history hands its records a batch at a time (scope_foreach_commit()).
 */
struct collect {
	struct stats *st;
	struct people *people;
	struct scope *s;
	struct commit_rec *v;
	size_t nr, alloc;
	struct summary_trailer *tr;
	size_t nr_tr, alloc_tr;
};

static int collect_commit(const struct scope_commit *c, void *data)
{
	struct collect *cl = data;
	struct stats *st = cl->st;
	size_t a = person_hacker(st, cl->people, c->author, c->id);
	size_t m = person_hacker(st, cl->people, c->committer, c->id);
	struct stats_hacker *h = &st->hackers[a];
	long changed = c->added > c->removed ? c->added : c->removed;
	size_t ei;
	const char *emp = person_employer(st, cl->people, c->author,
					  c->author_time, &ei);
	struct stats_employer *e = &st->employers[ei];
	struct strmap_entry *ent;

	if (st->each_commit) {
		int rc = st->each_commit(c, st->each_data);

		if (rc)
			return rc;
	}
	h->n[SC_CHANGESETS]++;
	h->n[SC_ADDED] += c->added;
	h->n[SC_REMOVED] += c->removed;
	h->n[SC_CHANGED] += changed;
	h->active = true;
	st->hackers[m].n[SC_COMMITS]++;
	st->total[SC_CHANGESETS]++;
	st->total[SC_ADDED] += c->added;
	st->total[SC_REMOVED] += c->removed;
	st->total[SC_CHANGED] += changed;
	st->total[SC_COMMITS]++;
	if (!c->counts_known)
		st->counts_unknown++;
	if (c->commit_time < st->oldest)
		st->oldest = c->commit_time;
	if (c->commit_time > st->newest)
		st->newest = c->commit_time;

	e->changesets++;
	e->changed += changed;
	/* a developer counts once per employer; most have one */
	if (h->last_employer != ei + 1) {
		struct strbuf key = STRBUF_INIT;

		strbuf_addf(&key, "%s\n%zu", emp, a);
		ent = strmap_insert(&st->emp_dev, key.buf, key.len);
		if (!ent->value) {
			ent->value = (void *)1;
			e->developers++;
		}
		strbuf_release(&key);
		h->last_employer = ei + 1;
	}

	if (!strcmp(emp, EMPLOYER_UNKNOWN)) {
		const char *addr = employer_canonical_email(st->em,
							    c->author_email);

		ent = strmap_insert(&st->unknown_index, addr, strlen(addr));
		if (!ent->value) {
			ALLOC_GROW(st->unknown, st->nr_unknown + 1,
				   st->alloc_unknown);
			st->unknown[st->nr_unknown].email = xstrdup(addr);
			st->unknown[st->nr_unknown].changesets = 0;
			ent->value = (void *)(++st->nr_unknown);
		}
		st->unknown[(size_t)ent->value - 1].changesets++;
	}

	ALLOC_GROW(cl->v, cl->nr + 1, cl->alloc);
	cl->v[cl->nr].id = c->id;
	cl->v[cl->nr].author_time = c->author_time;
	cl->v[cl->nr].author = a;
	cl->v[cl->nr].trailer = (uint32_t)cl->nr_tr;
	cl->v[cl->nr].nr_trailers = c->sc->nr_trailers;
	cl->nr++;
	if (c->sc->nr_trailers) {
		ALLOC_GROW(cl->tr, cl->nr_tr + c->sc->nr_trailers, cl->alloc_tr);
		memcpy(cl->tr + cl->nr_tr, scope_trailers(cl->s, c->sc),
		       c->sc->nr_trailers * sizeof(*cl->tr));
		cl->nr_tr += c->sc->nr_trailers;
	}
	return 0;
}

enum tag_kind { TK_NONE, TK_SOB, TK_REVIEW, TK_ACK, TK_TEST, TK_REPORT,
		TK_REPORT_TEST };

/* Tag kinds by key id. */
static const struct {
	const char *key;
	enum tag_kind kind;
} known_keys[] = {
	{ "Signed-off-by", TK_SOB },
	{ "Reviewed-by", TK_REVIEW },
	{ "Acked-by", TK_ACK },
	{ "Tested-by", TK_TEST },
	{ "Reported-by", TK_REPORT },
	{ "Reported-and-tested-by", TK_REPORT_TEST },
};

struct key_kinds {
	unsigned char *kinds;
	int64_t nr;
};

static int key_kind(int64_t id, const char *k, void *data)
{
	struct key_kinds *kk = data;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known_keys); i++)
		if (id >= 0 && id < kk->nr && !strcasecmp(k, known_keys[i].key))
			kk->kinds[id] = (unsigned char)known_keys[i].kind;
	return 0;
}

static int load_keys(struct idx *ix, unsigned char **kinds, int64_t *nr)
{
	struct key_kinds kk;
	int64_t max;

	if (idx_max_trailer_key(ix, &max))
		return -1;
	kk.nr = *nr = (max < 0 ? 0 : max) + 1;
	kk.kinds = *kinds = xcalloc((size_t)*nr, 1);
	return idx_foreach_trailer_key(ix, key_kind, &kk);
}

struct seen_tag {
	size_t hacker;
	int kind;
};

/* A tag's giver: hacker @p, people id @pid, at the address @addr. */
struct tag_giver {
	size_t p;
	int64_t pid;
	const char *addr;
};

/*
 * One tag of commit @c given by @g, at the address the trailer wrote
 * (g->addr, "" when it gave a name only).  A sign-off's employer is
 * that address's on the patch's date, as gitdm maps it, not the address
 * the hacker is shown under: person_employer() keeps it per people id.
 */
static void count_tag(struct stats *st, struct people *people,
		      const struct commit_rec *c, const struct tag_giver *g,
		      int kind)
{
	struct stats_hacker *h = &st->hackers[g->p];
	struct stats_hacker *a = &st->hackers[c->author];
	size_t ei;

	switch (kind) {
	case TK_SOB:
		if (g->p == c->author)
			break;
		h->n[SC_SIGNOFFS]++;
		st->total[SC_SIGNOFFS]++;
		if (*g->addr) {
			person_employer(st, people, g->pid, c->author_time,
					&ei);
			st->employers[ei].signoffs++;
		} else {
			employer(st, employer_of(st->em, h->email,
						 c->author_time))->signoffs++;
		}
		break;
	case TK_REVIEW:
		h->n[SC_REVIEWS]++;
		st->total[SC_REVIEWS]++;
		break;
	case TK_ACK:
		h->n[SC_ACKS]++;
		st->total[SC_ACKS]++;
		break;
	case TK_TEST:
		h->n[SC_TESTS]++;
		a->n[SC_TESTCRED]++;
		st->total[SC_TESTS]++;
		st->total[SC_TESTCRED]++;
		break;
	case TK_REPORT:
		h->n[SC_REPORTS]++;
		a->n[SC_REPCRED]++;
		st->total[SC_REPORTS]++;
		st->total[SC_REPCRED]++;
		break;
	}
}

static int collect_trailers(struct stats *st, struct scope *s,
			    struct collect *cl)
{
	unsigned char *kinds = NULL;
	int64_t nr_kinds = 0;
	struct seen_tag *seen = NULL;
	size_t nr_seen = 0, alloc_seen = 0, ci;

	if (!cl->nr)
		return 0;
	if (load_keys(s->ix, &kinds, &nr_kinds))
		return -1;
	for (ci = 0; ci < cl->nr; ci++) {
		const struct commit_rec *c = &cl->v[ci];
		size_t n = c->nr_trailers, k;
		/* no commit with trailers: cl->tr may be NULL */
		const struct summary_trailer *t = n ? cl->tr + c->trailer : NULL;

		nr_seen = 0;
		for (k = 0; k < n; k++) {
			int64_t key = t[k].key, pid = t[k].person;
			struct tag_giver g = { .pid = pid };
			int kind;
			size_t p, i;

			if (key >= nr_kinds || !kinds[key] ||
			    pid >= cl->people->pp.nr || !cl->people->pp.name[pid])
				continue;
			kind = kinds[key];
			p = person_hacker(st, cl->people, pid, c->id);
			for (i = 0; i < nr_seen; i++)
				if (seen[i].hacker == p && seen[i].kind == kind)
					break;
			if (i < nr_seen)
				continue;
			ALLOC_GROW(seen, nr_seen + 1, alloc_seen);
			seen[nr_seen].hacker = p;
			seen[nr_seen++].kind = kind;
			g.p = p;
			g.addr = cl->people->pp.email[pid] ?
				 cl->people->pp.email[pid] : "";
			if (kind == TK_REPORT_TEST) {
				count_tag(st, cl->people, c, &g, TK_REPORT);
				count_tag(st, cl->people, c, &g, TK_TEST);
			} else {
				count_tag(st, cl->people, c, &g, kind);
			}
		}
	}
	free(seen);
	free(kinds);
	return 0;
}

/*
 * People id @pid's commit @id at @time, for its developer's earliest
 * commit: only developers already known can be active in the range,
 * and @stranger remembers the ids that are none of them.
 */
static void note_first(struct stats *st, struct people *people,
		       unsigned char *stranger, int64_t pid, int64_t id,
		       int64_t time)
{
	struct stats_hacker *h;

	if (pid < 0 || pid >= people->pp.nr || !people->pp.name[pid] ||
	    stranger[pid])
		return;
	if (!people->hacker[pid]) {
		int person = identity_of(people->id, pid);
		const char *addr = employer_canonical_email(st->em,
						people->pp.email[pid]);

		if (strcasecmp(addr, people->pp.email[pid]) &&
		    identity_of_email(people->id, addr) >= 0)
			person = identity_of_email(people->id, addr);
		if (person < 0 || !people->by_person[person]) {
			stranger[pid] = 1;
			return;
		}
		people->hacker[pid] = people->by_person[person];
	}
	h = &st->hackers[people->hacker[pid] - 1];
	/* by time: ids follow the order commits were indexed in */
	if (h->first_id == INT64_MAX || time < h->first_time ||
	    (time == h->first_time && id < h->first_id)) {
		h->first_id = id;
		h->first_time = time;
	}
}

/*
 * The same from each people id's first commit as the index keeps it
 * (store/derived.h): the earliest of a developer's ids' earliest.
 */
static int collect_first_stored(struct stats *st, struct scope *s,
				struct people *people,
				unsigned char *stranger)
{
	int64_t n = people->pp.nr, pid;
	struct derived_person *v = xcalloc((size_t)n + 1, sizeof(*v));

	for (pid = 0; pid < n; pid++)
		v[pid].first_id = -1;
	if (derived_people(s->ix, v, n)) {
		free(v);
		return -1;
	}
	for (pid = 0; pid < n; pid++)
		if (v[pid].first_id >= 0)
			note_first(st, people, stranger, pid, v[pid].first_id,
				   v[pid].first_time);
	free(v);
	return 0;
}

/* The people ids a lazily read model gives, as a set. */
struct pid_set {
	int64_t *v;
	size_t nr, alloc;
	const struct identity *id;
	int rc;
};

static void add_pid(int64_t pid, void *data)
{
	struct pid_set *ps = data;

	ALLOC_GROW(ps->v, ps->nr + 1, ps->alloc);
	ps->v[ps->nr++] = pid;
}

static void add_alias_pids(const char *variant, void *data)
{
	struct pid_set *ps = data;

	if (identity_email_pids(ps->id, variant, add_pid, ps))
		ps->rc = -1;
}

static int cmp_pid(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/*
 * The same when the model is read from the index a person at a time:
 * only the people ids that can be one of the developers found count,
 * those of their persons and those an EmailAliases line or an " at "
 * address may turn into one of them; their rows only are read.
 */
static int collect_first_lazy(struct stats *st, struct scope *s,
			      struct people *people, unsigned char *stranger)
{
	struct pid_set ps = { .id = people->id };
	struct derived_person *v;
	size_t i, n = 0;

	for (i = 0; i < people->id->nr; i++)
		if (people->by_person[i] &&
		    identity_person_pids(people->id, (int)i, add_pid, &ps))
			ps.rc = -1;
	employer_foreach_alias(st->em, add_alias_pids, &ps);
	if (identity_email_pids(people->id, NULL, add_pid, &ps))
		ps.rc = -1;
	if (ps.nr)
		qsort(ps.v, ps.nr, sizeof(*ps.v), cmp_pid);
	for (i = 0; i < ps.nr; i++)
		if (!n || ps.v[n - 1] != ps.v[i])
			ps.v[n++] = ps.v[i];
	v = xcalloc(n + 1, sizeof(*v));
	if (!ps.rc && (derived_people_of(s->ix, ps.v, n, v) ||
		       scope_people_want(s->ix, &s->people, ps.v, n)))
		ps.rc = -1;
	for (i = 0; !ps.rc && i < n; i++)
		if (v[i].first_id >= 0)
			note_first(st, people, stranger, ps.v[i],
				   v[i].first_id, v[i].first_time);
	free(v);
	free(ps.v);
	return ps.rc;
}

/* Each developer's earliest non-merge commit in the whole index. */
static int collect_first(struct stats *st, struct scope *s,
			 struct people *people)
{
	const struct summary *sm;
	unsigned char *stranger = xcalloc((size_t)people->pp.nr + 1, 1);
	size_t i;
	int rc = 0;

	if (people->id->lazy && derived_fresh(s->ix)) {
		rc = collect_first_lazy(st, s, people, stranger);
	} else if (derived_fresh(s->ix)) {
		rc = collect_first_stored(st, s, people, stranger);
	} else if (!(sm = scope_summary(s))) {
		rc = -1;
	} else {
		for (i = 0; i < sm->nr; i++) {
			const struct summary_commit *c = &sm->commits[i];

			if (c->nparents <= 1)
				note_first(st, people, stranger, c->author,
					   c->id, c->commit_time);
		}
	}
	free(stranger);
	return rc;
}

/* gitdm's VirtualEmployer: hand the counts to the real employers. */
static void apply_splits(struct stats *st)
{
	size_t i, n = st->nr_employers;

	for (i = 0; i < n; i++) {
		const struct employer_split *sp;
		struct stats_employer ve = st->employers[i];
		size_t nr, j;

		sp = employer_virtual(st->em, ve.name, &nr);
		if (!sp)
			continue;
		for (j = 0; j < nr; j++) {
			struct stats_employer *e = employer(st, sp[j].employer);

			e->changesets += ve.changesets * sp[j].percent / 100;
			e->changed += ve.changed * sp[j].percent / 100;
			e->signoffs += ve.signoffs * sp[j].percent / 100;
			e->developers += ve.developers * sp[j].percent / 100;
		}
		/* employer() may have moved the array */
		st->employers[i].changesets = st->employers[i].changed = 0;
		st->employers[i].signoffs = st->employers[i].developers = 0;
	}
}

int stats_collect(struct stats *st, struct scope *s, const struct range *r,
		  bool want_first_time)
{
	struct people people;
	struct collect cl = { 0 };
	size_t i;
	int rc;

	if (load_people(s, &people))
		return -1;
	cl.st = st;
	cl.people = &people;
	cl.s = s;
	rc = scope_foreach_commit(s, r, collect_commit, &cl);
	if (!rc)
		rc = collect_trailers(st, s, &cl);
	if (!rc && want_first_time)
		rc = collect_first(st, s, &people);
	for (i = 0; i < st->nr_hackers; i++) {
		struct stats_hacker *h = &st->hackers[i];

		if (!h->active)
			continue;
		st->developers++;
		if (want_first_time && h->first_id != INT64_MAX &&
		    range_has(r, h->first_id, h->first_time) &&
		    (r->use_set || h->first_time >= r->since)) {
			h->is_new = true;
			st->first_timers++;
		}
	}
	apply_splits(st);
	free(cl.v);
	free(cl.tr);
	free_people(&people);
	return rc;
}

static int cmp_rows(const void *a, const void *b)
{
	const struct stats_row *x = a, *y = b;
	int c;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	c = strcmp(x->name, y->name);
	if (c)
		return c;
	return strcmp(x->email ? x->email : "", y->email ? y->email : "");
}

static const int dev_counter[SR_NR] = {
	[SR_CHANGESETS] = SC_CHANGESETS,
	[SR_LINES] = SC_CHANGED,
	[SR_REMOVED] = SC_REMOVED,
	[SR_SIGNOFFS] = SC_SIGNOFFS,
	[SR_REVIEWS] = SC_REVIEWS,
	[SR_ACKS] = SC_ACKS,
	[SR_TESTS] = SC_TESTS,
	[SR_TESTCRED] = SC_TESTCRED,
	[SR_REPORTS] = SC_REPORTS,
	[SR_REPCRED] = SC_REPCRED,
	[SR_COMMITTERS] = SC_COMMITS,
};

static double pct(long n, long total)
{
	return total > 0 ? 100.0 * (double)n / (double)total : 0.0;
}

/* Keep the @want best of @v[0..@nr) at its start, sorted. */
static void best_rows(struct stats_row *v, size_t nr, size_t want)
{
	struct stats_row tmp;
	size_t i, k, c;

	/* a heap of the best so far, the worst of them on top */
	for (i = 0; i < nr; i++) {
		if (i >= want) {
			if (cmp_rows(&v[i], &v[0]) >= 0)
				continue;
			v[0] = v[i];
			k = 0;
		} else {
			k = i;
			/* sift up */
			while (k && cmp_rows(&v[(k - 1) / 2], &v[k]) < 0) {
				tmp = v[k];
				v[k] = v[(k - 1) / 2];
				v[(k - 1) / 2] = tmp;
				k = (k - 1) / 2;
			}
			continue;
		}
		/* sift down */
		for (;;) {
			c = 2 * k + 1;
			if (c >= want)
				break;
			if (c + 1 < want && cmp_rows(&v[c], &v[c + 1]) < 0)
				c++;
			if (cmp_rows(&v[k], &v[c]) >= 0)
				break;
			tmp = v[k];
			v[k] = v[c];
			v[c] = tmp;
			k = c;
		}
	}
	qsort(v, want, sizeof(*v), cmp_rows);
}

size_t stats_rows(const struct stats *st, enum stats_report r, size_t want,
		  struct stats_row **rows)
{
	struct stats_row *v = NULL;
	size_t nr = 0, alloc = 0, i;

	switch (r) {
	case SR_EMP_CHANGESETS:
	case SR_EMP_LINES:
	case SR_EMP_SIGNOFFS:
	case SR_EMP_DEVELOPERS:
		for (i = 0; i < st->nr_employers; i++) {
			const struct stats_employer *e = &st->employers[i];
			long n = r == SR_EMP_CHANGESETS ? e->changesets :
				 r == SR_EMP_LINES ? e->changed :
				 r == SR_EMP_SIGNOFFS ? e->signoffs :
				 e->developers;
			long total = r == SR_EMP_CHANGESETS ?
					st->total[SC_CHANGESETS] :
				     r == SR_EMP_LINES ? st->total[SC_CHANGED] :
				     r == SR_EMP_SIGNOFFS ?
					st->total[SC_SIGNOFFS] : st->developers;

			if (n <= 0)
				continue;
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr].name = e->name;
			v[nr].email = NULL;
			v[nr].count = n;
			v[nr].percent = pct(n, total);
			v[nr].when = 0;
			nr++;
		}
		break;
	case SR_UNKNOWN:
		for (i = 0; i < st->nr_unknown; i++) {
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr].name = st->unknown[i].email;
			v[nr].email = NULL;
			v[nr].count = st->unknown[i].changesets;
			v[nr].percent = pct(v[nr].count,
					    st->total[SC_CHANGESETS]);
			v[nr].when = 0;
			nr++;
		}
		break;
	case SR_FIRST_TIME:
		for (i = 0; i < st->nr_hackers; i++) {
			const struct stats_hacker *h = &st->hackers[i];

			if (!h->is_new)
				continue;
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr].name = h->name;
			v[nr].email = h->email;
			v[nr].count = h->n[SC_CHANGESETS];
			v[nr].percent = pct(v[nr].count,
					    st->total[SC_CHANGESETS]);
			v[nr].when = h->first_time;
			nr++;
		}
		break;
	default:
		for (i = 0; i < st->nr_hackers; i++) {
			const struct stats_hacker *h = &st->hackers[i];
			long n = h->n[dev_counter[r]];

			/* gitdm's and LWN's: the lines removed net of added */
			if (r == SR_REMOVED)
				n -= h->n[SC_ADDED];
			if (n <= 0)
				continue;
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr].name = h->name;
			v[nr].email = h->email;
			v[nr].count = n;
			v[nr].percent = pct(n, st->total[dev_counter[r]]);
			v[nr].when = 0;
			nr++;
		}
		break;
	}
	if (want && want < nr)
		best_rows(v, nr, want);
	else if (nr)
		qsort(v, nr, sizeof(*v), cmp_rows);
	*rows = v;
	return nr;
}
