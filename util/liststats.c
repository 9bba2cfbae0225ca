// SPDX-License-Identifier: GPL-2.0
#include "liststats.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "imap.h"
#include "lmsg.h"

/* Set in lmsg.flags (above every MSG_* bit) for a linked patch. */
#define LANDED (1u << 31)

void list_stats_init(struct list_stats *st)
{
	memset(st, 0, sizeof(*st));
	strmap_init(&st->by_email);
	st->median_reply = st->median_reply_listed = st->median_to_commit = -1;
}

void list_stats_release(struct list_stats *st)
{
	size_t i;

	for (i = 0; i < st->nr_people; i++) {
		free(st->people[i].name);
		free(st->people[i].email);
	}
	free(st->people);
	for (i = 0; i < st->nr_unposted; i++) {
		free(st->unposted[i].hash);
		free(st->unposted[i].subject);
	}
	free(st->unposted);
	for (i = 0; i < st->nr_lists; i++)
		free(st->lists[i]);
	free(st->lists);
	strmap_clear(&st->by_email, false);
	memset(st, 0, sizeof(*st));
}

struct ctx {
	struct list_stats *st;
	struct idx *ix;
	const struct scope_people *people;
	const struct identity *id;	/* who is who, as audit and stats see */
	struct lmsg_table t;		/* the messages, with their replies */
	int *canon;			/* people id -> person index + 1 */
};

/*
 * The person of people id @id, as the identity model has it (so that
 * list stats count the people audit and stats count): index or -1.
 */
static int person_of(struct ctx *c, int64_t id)
{
	struct list_stats *st = c->st;
	const char *email, *name, *p;
	struct strbuf low = STRBUF_INIT;
	struct strmap_entry *e;
	int k, who;

	if (id <= 0 || id >= c->people->nr || !c->people->email[id])
		return -1;
	if (c->canon[id])
		return c->canon[id] - 1;
	email = c->people->email[id];
	name = c->people->name[id];
	who = identity_of(c->id, id);
	if (who >= 0) {
		email = c->id->persons[who].email;
		name = c->id->persons[who].name;
	}
	for (p = email; *p; p++)
		strbuf_addch(&low, (char)tolower((unsigned char)*p));
	e = strmap_insert(&st->by_email, low.buf, low.len);
	if (!e->value) {
		struct ls_person *pp;

		ALLOC_GROW(st->people, st->nr_people + 1, st->alloc_people);
		pp = &st->people[st->nr_people++];
		memset(pp, 0, sizeof(*pp));
		pp->name = xstrdup(name ? name : "");
		pp->email = xstrdup(email);
		e->value = (void *)(intptr_t)st->nr_people;
	}
	k = (int)(intptr_t)e->value - 1;
	c->canon[id] = k + 1;
	strbuf_release(&low);
	return k;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static double median(int64_t *v, size_t n)
{
	if (!n)
		return -1;
	qsort(v, n, sizeof(*v), cmp_i64);
	return n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
}

/* Is people id @id one of the @listed addresses' persons? */
static bool listed_person(struct ctx *c, int64_t id, const char *const *listed,
			  size_t nr)
{
	int who;
	size_t i;

	if (id <= 0 || id >= c->people->nr || !c->people->email[id])
		return false;
	who = identity_of(c->id, id);
	for (i = 0; i < nr; i++)
		if (!strcasecmp(c->people->email[id], listed[i]) ||
		    (who >= 0 && identity_of_email(c->id, listed[i]) == who))
			return true;
	return false;
}

struct first {
	int64_t any, listed;	/* earliest dates; INT64_MAX none */
};

static void first_reply(struct ctx *c, const struct lmsg *p,
			int64_t parent, const char *const *listed, size_t nr_listed,
			struct first *f)
{
	int who = person_of(c, p->sender);
	const int32_t *v;
	size_t n, i;

	v = lmsg_kids(&c->t, parent, &n);
	for (i = 0; i < n; i++) {
		const struct lmsg *r = &c->t.m[v[i]];

		if (r->id == p->id || lmsg_is_patch(r) || person_of(c, r->sender) == who)
			continue;
		if (r->date < f->any)
			f->any = r->date;
		if (r->date < f->listed && listed_person(c, r->sender, listed, nr_listed))
			f->listed = r->date;
	}
}

/* Commits: posted (linked), how, the version that landed, first posting. */
struct posting {
	int64_t first;
	int version;
	bool by_pid;
};

static int load_links(struct ctx *c, struct imap *commits, struct posting **pv,
		      size_t *npv, struct imap *linked)
{
	sqlite3_stmt *st;
	size_t alloc = 0;

	if (sqlite3_prepare_v2(c->ix->db, "SELECT l.commit_id, l.how, l.landed, "
			       "m.version, m.date, l.message FROM links l JOIN "
			       "messages m ON m.id = l.message", -1, &st,
			       NULL) != SQLITE_OK)
		return error("%s: %s", c->ix->path, sqlite3_errmsg(c->ix->db));
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t cid = sqlite3_column_int64(st, 0);
		int64_t *slot = imap_put(commits, cid);
		struct posting *p;

		*imap_put(linked, sqlite3_column_int64(st, 5)) = 1;
		if (!*slot) {
			ALLOC_GROW(*pv, *npv + 1, alloc);
			p = &(*pv)[(*npv)++];
			p->first = INT64_MAX;
			p->version = 0;
			p->by_pid = false;
			*slot = (int64_t)*npv;
		}
		p = &(*pv)[*slot - 1];
		if (!strcmp((const char *)sqlite3_column_text(st, 1), "patch-id"))
			p->by_pid = true;
		if (sqlite3_column_int(st, 2))
			p->version = sqlite3_column_int(st, 3);
		if (sqlite3_column_int64(st, 4) < p->first)
			p->first = sqlite3_column_int64(st, 4);
	}
	sqlite3_finalize(st);
	return 0;
}

struct commit_walk {
	struct list_stats *st;
	struct imap *commits;
	struct posting *pv;
	int64_t *delays;
	size_t nr_delays;
	int64_t *unposted;
	size_t nr_unposted, alloc_unposted;
};

static int count_commit(const struct scope_commit *sc, void *data)
{
	struct commit_walk *cw = data;
	struct list_stats *st = cw->st;
	int64_t *slot = imap_get(cw->commits, sc->id);

	st->commits++;
	if (slot) {
		const struct posting *p = &cw->pv[*slot - 1];

		st->commits_posted++;
		if (p->by_pid)
			st->by_patch_id++;
		else
			st->by_subject++;
		if (p->version > 0)
			st->versions[p->version < 10 ? p->version : 0]++;
		if (p->first != INT64_MAX)
			cw->delays[cw->nr_delays++] = sc->commit_time > p->first ?
						      sc->commit_time - p->first : 0;
	} else {
		ALLOC_GROW(cw->unposted, cw->nr_unposted + 1, cw->alloc_unposted);
		cw->unposted[cw->nr_unposted++] = sc->id;
	}
	return 0;
}

/* The commits' side: posted or not, how, when. */
static int count_commits(struct ctx *c, struct scope *s, const struct range *r)
{
	struct imap commits, linked;
	struct posting *pv = NULL;
	size_t npv = 0, i;
	struct commit_walk cw = { .st = c->st };
	sqlite3_stmt *st;
	int rc;

	imap_init(&commits, 1024);
	imap_init(&linked, 1024);
	if (load_links(c, &commits, &pv, &npv, &linked)) {
		imap_free(&commits);
		imap_free(&linked);
		return -1;
	}
	/* landed patches, while the links are at hand */
	cw.commits = &commits;
	cw.pv = pv;
	cw.delays = xmalloc((npv + 1) * sizeof(*cw.delays));
	for (i = 0; i < c->t.nr; i++)
		if (c->t.m[i].mark && imap_get(&linked, c->t.m[i].id))
			c->t.m[i].flags |= LANDED;
	rc = scope_foreach_commit(s, r, count_commit, &cw);
	c->st->median_to_commit = median(cw.delays, cw.nr_delays);
	c->st->unposted_total = (long)cw.nr_unposted;
	if (!rc && sqlite3_prepare_v2(c->ix->db, "SELECT hash, subject FROM "
				      "commits WHERE id = ?1", -1, &st,
				      NULL) == SQLITE_OK) {
		size_t want = c->st->max_unposted ? c->st->max_unposted : cw.nr_unposted;

		for (i = cw.nr_unposted; i-- > 0 && c->st->nr_unposted < want; ) {
			struct ls_commit *lc;

			sqlite3_bind_int64(st, 1, cw.unposted[i]);
			if (sqlite3_step(st) == SQLITE_ROW) {
				ALLOC_GROW(c->st->unposted, c->st->nr_unposted + 1,
					   c->st->alloc_unposted);
				lc = &c->st->unposted[c->st->nr_unposted++];
				lc->id = cw.unposted[i];
				lc->hash = xstrdup((const char *)sqlite3_column_text(st, 0));
				lc->subject = xstrdup((const char *)sqlite3_column_text(st, 1));
			}
			sqlite3_reset(st);
		}
		sqlite3_finalize(st);
	}
	free(cw.delays);
	free(cw.unposted);
	free(pv);
	imap_free(&commits);
	imap_free(&linked);
	return rc;
}

/*
 * Is message @m, no patch of the scope, in it?  Its thread must hold a
 * patch of the scope posted in the range (@threads); then a reply counts
 * for the patch it answers, and for the whole series only when it
 * answers the cover letter: a review of a series' foo/ patch is none of
 * the bar/ patch beside it.  Another section's patch is not in it.
 */
static bool in_scope(const struct ctx *c, const struct lmsg *m,
		     const struct imap *threads)
{
	const struct lmsg *a;

	if (!imap_get(threads, m->thread ? m->thread : 1))
		return false;
	if (m->mark || (m->flags & MSG_COVER))
		return true;
	if ((m->flags & MSG_PATCH) && !(m->flags & MSG_REPLY))
		return false;	/* a patch, not of the scope */
	if (!(m->flags & MSG_REPLY))
		return true;	/* a cover letter of its own subject */
	a = lmsg_answered(&c->t, m);
	if (!a || (a->flags & MSG_COVER) || !(a->flags & MSG_PATCH))
		return true;	/* the cover letter's: the series' */
	return a->mark;
}

/* Reviews: the trailers people give in messages without a patch. */
static int count_reviews(struct ctx *c, const struct imap *threads, bool whole,
			 const struct range *r)
{
	struct list_stats *st = c->st;
	struct imap once, who;
	sqlite3_stmt *q;

	if (sqlite3_prepare_v2(c->ix->db, "SELECT t.message, t.person FROM "
			       "msg_trailers t WHERE "
			       "t.key IN (SELECT id FROM keys WHERE key IN "
			       "('Reviewed-by', 'Acked-by', 'Tested-by')) "
			       "AND t.person IS NOT NULL", -1, &q, NULL) != SQLITE_OK)
		return error("%s: %s", c->ix->path, sqlite3_errmsg(c->ix->db));
	imap_init(&once, 1024);
	imap_init(&who, 64);
	while (sqlite3_step(q) == SQLITE_ROW) {
		const struct lmsg *m = lmsg_find(&c->t, sqlite3_column_int64(q, 0));
		int p;
		int64_t *seen;

		if (!m || (m->flags & MSG_PATCH) || m->date < r->since ||
		    m->date > r->until || (!whole && !in_scope(c, m, threads)))
			continue;
		p = person_of(c, sqlite3_column_int64(q, 1));
		if (p < 0)
			continue;
		/* once per message and person */
		seen = imap_put(&once, ((int64_t)m->id << 32) | (int64_t)(p + 1));
		if (*seen)
			continue;
		*seen = 1;
		st->reviews++;
		st->people[p].reviews++;
		*imap_put(&who, p + 1) = 1;
	}
	sqlite3_finalize(q);
	st->reviewers = (long)who.nr;
	imap_free(&once);
	imap_free(&who);
	return 0;
}

int list_stats_collect(struct list_stats *st, struct scope *s,
		       const struct range *r, const char *const *lists,
		       size_t nr_lists, const char *const *listed,
		       size_t nr_listed)
{
	struct ctx c = { .st = st, .ix = s->ix };
	struct imap scoped, threads;
	struct lmsg_versions versions;
	int64_t *d_any, *d_listed;
	size_t n_any = 0, n_listed = 0, i;
	int rc = -1;

	st->lists = xcalloc(nr_lists + 1, sizeof(*st->lists));
	for (i = 0; i < nr_lists; i++)
		st->lists[st->nr_lists++] = xstrdup(lists[i]);
	st->have_listed = nr_listed > 0;
	c.people = scope_people(s);
	c.id = c.people ? scope_identity(s) : NULL;
	if (!c.people || !c.id)
		return -1;
	c.canon = xcalloc((size_t)c.people->nr + 1, sizeof(*c.canon));
	if (lmsg_load(&c.t, c.ix, lists, nr_lists, INT64_MIN))
		goto out0;

	/* every version counts for superseding, whatever the range */
	lmsg_versions_build(&versions, &c.t, INT64_MAX);

	/* the patches of the scope: those touching its paths */
	imap_init(&scoped, 1024);
	imap_init(&threads, 1024);
	if (!s->whole) {
		sqlite3_stmt *q;

		if (sqlite3_prepare_v2(s->ix->db, "SELECT message FROM msg_files "
				       "WHERE path = ?1", -1, &q, NULL) != SQLITE_OK) {
			error("%s: %s", s->ix->path, sqlite3_errmsg(s->ix->db));
			goto out;
		}
		for (i = 0; i < s->nr_paths; i++) {
			sqlite3_bind_int64(q, 1, s->paths[i]);
			while (sqlite3_step(q) == SQLITE_ROW)
				*imap_put(&scoped, sqlite3_column_int64(q, 0)) = 1;
			sqlite3_reset(q);
		}
		sqlite3_finalize(q);
	}
	for (i = 0; i < c.t.nr; i++) {
		struct lmsg *m = &c.t.m[i];

		if (!lmsg_is_patch(m))
			continue;
		if (!s->whole && !imap_get(&scoped, m->id))
			continue;
		m->mark = true;
		if (m->date >= r->since && m->date <= r->until)
			*imap_put(&threads, m->thread ? m->thread : 1) = 1;
	}

	if (count_commits(&c, s, r))
		goto out;

	d_any = xmalloc((c.t.nr + 1) * sizeof(*d_any));
	d_listed = xmalloc((c.t.nr + 1) * sizeof(*d_listed));
	for (i = 0; i < c.t.nr; i++) {
		struct lmsg *m = &c.t.m[i];
		bool in_range = m->date >= r->since && m->date <= r->until;
		int p = person_of(&c, m->sender);

		if (!in_range || (!s->whole && !in_scope(&c, m, &threads)))
			continue;
		st->messages++;
		if (m->mark) {
			struct first f = { INT64_MAX, INT64_MAX };
			const struct lmsg *cover = m->parent ? lmsg_find(&c.t, m->parent) : NULL;

			st->patches++;
			if (p >= 0)
				st->people[p].patches++;
			first_reply(&c, m, m->id, listed, nr_listed, &f);
			if (cover && (cover->flags & MSG_COVER) &&
			    person_of(&c, cover->sender) == p)
				first_reply(&c, m, cover->id, listed, nr_listed, &f);
			if (f.any != INT64_MAX) {
				st->answered++;
				d_any[n_any++] = f.any > m->date ? f.any - m->date : 0;
			} else {
				st->unanswered++;
			}
			if (f.listed != INT64_MAX) {
				st->answered_listed++;
				d_listed[n_listed++] = f.listed > m->date ?
						       f.listed - m->date : 0;
			}
			if (m->flags & LANDED)
				st->landed++;
			else if (lmsg_superseded(&versions, m))
				st->superseded++;
			else
				st->pending++;
		} else if (m->flags & MSG_REPLY) {
			st->replies++;
			if (p >= 0)
				st->people[p].replies++;
		}
	}
	st->median_reply = median(d_any, n_any);
	st->median_reply_listed = median(d_listed, n_listed);
	free(d_any);
	free(d_listed);
	rc = count_reviews(&c, &threads, s->whole, r);
out:
	imap_free(&scoped);
	imap_free(&threads);
	lmsg_versions_release(&versions);
out0:
	lmsg_release(&c.t);
	free(c.canon);
	return rc;
}

static const struct list_stats *rank_st;
static enum ls_column rank_col;

static long col_of(const struct ls_person *p, enum ls_column col)
{
	return col == LS_PATCHES ? p->patches : col == LS_REPLIES ? p->replies :
	       p->reviews;
}

static int cmp_rank(const void *a, const void *b)
{
	const struct ls_person *x = &rank_st->people[*(const size_t *)a];
	const struct ls_person *y = &rank_st->people[*(const size_t *)b];
	long cx = col_of(x, rank_col), cy = col_of(y, rank_col);

	if (cx != cy)
		return cx > cy ? -1 : 1;
	return strcmp(x->name, y->name);
}

size_t list_stats_rank(const struct list_stats *st, enum ls_column col,
		       size_t **order)
{
	size_t i, n = 0;

	*order = xmalloc((st->nr_people + 1) * sizeof(**order));
	for (i = 0; i < st->nr_people; i++)
		if (col_of(&st->people[i], col))
			(*order)[n++] = i;
	rank_st = st;
	rank_col = col;
	qsort(*order, n, sizeof(**order), cmp_rank);
	return n;
}
