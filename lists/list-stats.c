// SPDX-License-Identifier: GPL-2.0
#include "list-stats.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "imap.h"
#include "list-messages.h"
#include "queries.h"

/* Set in lmsg.flags (above every MSG_* bit) for a linked patch. */
#define LANDED (1u << 31)

void list_stats_init(struct list_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->median_reply = st->median_reply_listed = st->median_to_commit = -1;
	st->p90_reply = st->p90_reply_listed = -1;
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
	memset(st, 0, sizeof(*st));
}

/*
 * Who is who for person_of(): each people id's person as the lower-case
 * address the identity model gives it, numbered.  A run that counts
 * every section on one base (list_base_keep_persons()) works it out
 * once, not once per section: 2,900 sections met the same 60,000 ids.
 */
struct person_keys {
	const struct identity *id;	/* the model and rows it was made of */
	const struct scope_people *people;
	int32_t *key;		/* people id -> key + 1 (0: not yet) */
	int32_t *who;		/* people id -> identity_of() + 2 (0: not yet) */
	size_t nr_key;
	struct strmap by_addr;	/* lower-case address -> key + 1 */
	int32_t nr;
	int32_t *local;		/* key -> index in st->people + 1 */
	size_t alloc_local;
};

static void person_keys_init(struct person_keys *pk,
			     const struct identity *id,
			     const struct scope_people *people)
{
	memset(pk, 0, sizeof(*pk));
	pk->id = id;
	pk->people = people;
	strmap_init(&pk->by_addr);
}

static void person_keys_release(struct person_keys *pk)
{
	free(pk->key);
	free(pk->who);
	free(pk->local);
	strmap_clear(&pk->by_addr, false);
	memset(pk, 0, sizeof(*pk));
}

/* Commits: posted (linked), how, the version that landed, first posting. */
struct posting {
	int64_t first;
	int version;
	bool by_pid;
};

/* A Reviewed-by, Acked-by or Tested-by: the message kept, the person. */
struct review {
	int32_t pos;		/* index in t.m */
	int64_t person;
};

/*
 * What the stats of every scope share, read once.  A report asks for
 * the stats of each of 2,900 sections; reading a million messages, their
 * links and their trailers for each would be hours.  With this, a scope
 * costs the threads its own patches are in.
 */
struct list_base {
	char **lists;
	size_t nr_lists;
	struct lmsg_table t;		/* LANDED set on the linked messages */
	struct lmsg_versions versions;	/* every version, whatever the range */
	struct imap commits;		/* commit id -> index in pv + 1 */
	struct posting *pv;
	size_t npv;
	int32_t *by_thread;		/* indexes in t.m, by thread, then index */
	/*
	 * Each message's thread as a number (index in t.m -> thread), and
	 * each thread's slice of by_thread, [thread_start[n],
	 * thread_start[n + 1]): a scope finds its threads' messages
	 * without a hash per patch
	 */
	int32_t *thread_of, *thread_start;
	size_t nr_threads;
	/* thread -> the scope (walk_gen) that walked it last */
	uint32_t *thread_walked, walk_gen;
	int32_t *walk;			/* mark_scope()'s, kept from scope to scope */
	size_t alloc_walk;
	struct review *rv;		/* in the index's order */
	size_t nr_rv;
	int32_t *rv_start;		/* index in t.m -> its slice of rv_of */
	int32_t *rv_of;			/* indexes in rv, by message */
	/*
	 * A scope's base (list_base_load_scope()): its threads only, the
	 * postings of a commit asked of it (commits stays empty)
	 */
	struct msg_queries *q;
	/*
	 * Built by list_base_index_paths(): the patches of each path id
	 * (indexes in t.m, path_pos[path_start[id] .. path_start[id + 1]),
	 * ids to max_path), so that a scope's are found without a query
	 */
	bool have_paths;
	int32_t *path_pos;
	size_t nr_path_pos, *path_start;
	int64_t max_path;
	/* list_base_keep_persons(): person_of()'s keys, for every scope */
	bool keep_persons;
	struct person_keys persons;
	/*
	 * With the persons kept: each message's answers (its replies that
	 * carry no patch, from another person than its sender), earliest
	 * first, ans[ans_start[i] .. ans_start[i + 1]) for index i in t.m.
	 * Made once (answers_build()), where each of 2,900 sections went
	 * through the replies of its patches and their senders again.
	 */
	struct answer { int64_t date; uint32_t sender; } *ans;
	int32_t *ans_start;
};

/* @s in lower case into @out (addresses are compared so). */
static void lower_into(struct strbuf *out, const char *s)
{
	size_t i, n = strlen(s);

	/* grown once, not a byte at a time: every sender of every reply */
	strbuf_reset(out);
	strbuf_grow(out, n);
	for (i = 0; i < n; i++)
		out->buf[i] = (char)tolower((unsigned char)s[i]);
	strbuf_setlen(out, n);
}

struct ctx {
	struct list_stats *st;
	struct idx *ix;
	struct list_base *b;
	struct scope *s;
	const struct scope_people *people;
	bool failed;			/* a people row could not be read */
	const struct identity *id;	/* who is who, as audit and stats see */
	struct lmsg_table *t;		/* the messages, with their replies */
	struct person_keys own, *pk;	/* the base's, or this call's own */
	int32_t *made;			/* st->people's keys, in order */
	size_t alloc_made;
	struct strmap listed_addr;	/* the M:/R: addresses, lower case */
	struct imap listed_who;		/* their persons + 1 */
	unsigned char *listed_memo;	/* people id -> 0, 1 not listed, 2 listed */
};

/*
 * The people rows, with the row of @id read first when they are read
 * a row at a time (scope_people_want(): a section's few people).
 */
static const struct scope_people *people_row(struct ctx *c, int64_t id)
{
	const struct scope_people *pp = c->people;

	if (pp->partial && id > 0 && id < pp->nr && !pp->asked[id] &&
	    scope_people_want(c->ix, &c->s->people, &id, 1))
		c->failed = true;
	return pp;
}

/* Room in c->pk's arrays for people id @id (of @rows). */
static void person_keys_grow(struct person_keys *pk,
			     const struct scope_people *rows, int64_t id)
{
	size_t n = (size_t)rows->nr + 1 > (size_t)id + 1 ?
		   (size_t)rows->nr + 1 : (size_t)id + 1;

	if ((size_t)id < pk->nr_key)
		return;
	pk->key = xrealloc(pk->key, n * sizeof(*pk->key));
	pk->who = xrealloc(pk->who, n * sizeof(*pk->who));
	memset(pk->key + pk->nr_key, 0, (n - pk->nr_key) * sizeof(*pk->key));
	memset(pk->who + pk->nr_key, 0, (n - pk->nr_key) * sizeof(*pk->who));
	pk->nr_key = n;
}

/* identity_of(@id), asked of the model once per id (a row of @rows). */
static int person_who(struct ctx *c, const struct scope_people *rows,
		      int64_t id)
{
	struct person_keys *pk = c->pk;

	person_keys_grow(pk, rows, id);
	if (!pk->who[id])
		pk->who[id] = identity_of(c->id, id) + 2;
	return pk->who[id] - 2;
}

/* The address and name that stand for people id @id (a row of @rows). */
static const char *person_address(struct ctx *c,
				  const struct scope_people *rows, int64_t id,
				  const char **name)
{
	int who = person_who(c, rows, id);

	if (who >= 0) {
		*name = c->id->persons[who].name;
		return c->id->persons[who].email;
	}
	*name = rows->name[id];
	return rows->email[id];
}

/* The key of people id @id (a row of @rows): its person's address's. */
static int32_t person_key(struct ctx *c, const struct scope_people *rows,
			  int64_t id)
{
	struct person_keys *pk = c->pk;
	struct strbuf low = STRBUF_INIT;
	struct strmap_entry *e;
	const char *name;

	person_keys_grow(pk, rows, id);
	if (pk->key[id])
		return pk->key[id] - 1;
	lower_into(&low, person_address(c, rows, id, &name));
	e = strmap_insert(&pk->by_addr, low.buf, low.len);
	strbuf_release(&low);
	if (!e->value) {
		e->value = (void *)(intptr_t)++pk->nr;
		ALLOC_GROW(pk->local, (size_t)pk->nr, pk->alloc_local);
		pk->local[pk->nr - 1] = 0;
	}
	pk->key[id] = (int32_t)(intptr_t)e->value;
	return pk->key[id] - 1;
}

/*
 * The person of people id @id, as the identity model has it (so that
 * list stats count the people audit and stats count): index or -1.
 * Persons are one per address (lower case), named as the first id met.
 */
static int person_of(struct ctx *c, int64_t id)
{
	struct list_stats *st = c->st;
	const struct scope_people *rows = people_row(c, id);
	const char *email, *name;
	struct ls_person *pp;
	int32_t k;

	if (id <= 0 || id >= rows->nr || !rows->email[id])
		return -1;
	k = person_key(c, rows, id);
	if (c->pk->local[k])
		return c->pk->local[k] - 1;
	ALLOC_GROW(st->people, st->nr_people + 1, st->alloc_people);
	ALLOC_GROW(c->made, st->nr_people + 1, c->alloc_made);
	pp = &st->people[st->nr_people];
	memset(pp, 0, sizeof(*pp));
	if (!st->no_names) {
		email = person_address(c, rows, id, &name);
		pp->name = xstrdup(name ? name : "");
		pp->email = xstrdup(email);
	}
	c->made[st->nr_people++] = k;
	c->pk->local[k] = (int32_t)st->nr_people;
	return (int)st->nr_people - 1;
}

/* The keys' persons of this call forgotten, for the next scope's. */
static void persons_done(struct ctx *c)
{
	size_t i;

	for (i = 0; i < c->st->nr_people; i++)
		c->pk->local[c->made[i]] = 0;
	free(c->made);
	if (c->pk == &c->own)
		person_keys_release(&c->own);
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return x < y ? -1 : x > y;
}

static double median(int64_t *v, size_t n)
{
	if (!n)
		return -1;
	qsort(v, n, sizeof(*v), cmp_int64);
	return n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
}

/* The 90th percentile of @v, sorted by median(): the nearest rank. */
static double p90(const int64_t *v, size_t n)
{
	if (!n)
		return -1;
	return (double)v[(n * 9 + 9) / 10 - 1];
}

/*
 * Is people id @id one of the @listed addresses' persons?  Asked for
 * every reply; the whole repository's call lists every M:/R: address of
 * the file, so the answer is kept per people id and the addresses are
 * looked up once (c->listed_who, c->listed_addr), not per reply.
 */
static bool listed_person(struct ctx *c, int64_t id)
{
	const struct scope_people *pp = people_row(c, id);
	struct strbuf low = STRBUF_INIT;
	int who;
	bool yes;

	if (id <= 0 || id >= pp->nr || !pp->email[id])
		return false;
	if (c->listed_memo[id])
		return c->listed_memo[id] == 2;
	who = person_who(c, pp, id);
	yes = who >= 0 && imap_get(&c->listed_who, who + 1);
	if (!yes) {
		lower_into(&low, pp->email[id]);
		yes = strmap_find(&c->listed_addr, low.buf, low.len) != NULL;
		strbuf_release(&low);
	}
	c->listed_memo[id] = yes ? 2 : 1;
	return yes;
}

/* The @listed addresses, lower case, and their persons, for listed_person(). */
static void listed_load(struct ctx *c, const char *const *listed, size_t nr)
{
	struct strbuf low = STRBUF_INIT;
	size_t i;

	strmap_init(&c->listed_addr);
	imap_init(&c->listed_who, nr + 16);
	c->listed_memo = xcalloc((size_t)c->people->nr + 1, 1);
	for (i = 0; i < nr; i++) {
		int who = identity_of_email(c->id, listed[i]);

		if (who >= 0)
			*imap_put(&c->listed_who, who + 1) = 1;
		lower_into(&low, listed[i]);
		strmap_insert(&c->listed_addr, low.buf, low.len);
	}
	strbuf_release(&low);
}

static void listed_release(struct ctx *c)
{
	strmap_clear(&c->listed_addr, false);
	imap_free(&c->listed_who);
	free(c->listed_memo);
}

struct first {
	int64_t any, listed;	/* earliest dates; INT64_MAX none */
};

/*
 * The key of people id @id's person, -1 for none: two senders are the
 * same person when person_of() gives them the same index, and so when
 * they have the same key.
 */
static int sender_key(struct ctx *c, int64_t id)
{
	const struct scope_people *rows = people_row(c, id);

	if (id <= 0 || id >= rows->nr || !rows->email[id])
		return -1;
	return person_key(c, rows, id);
}

/*
 * Who sent people id @id, for telling two senders apart: person_of(),
 * or without people (st->no_people) its key, which is the same answer
 * without making a person of every sender.
 */
static int sender_of(struct ctx *c, int64_t id)
{
	return c->st->no_people ? sender_key(c, id) : person_of(c, id);
}

static int cmp_answer(const void *a, const void *b)
{
	const struct answer *x = a, *y = b;

	return x->date < y->date ? -1 : x->date > y->date;
}

/*
 * The identity model's rows of every sender answers_build() asks about
 * (a message with replies, and the replies), read in one batch: asked a
 * people id at a time, a million messages' senders were a query each.
 */
static void answers_prefetch(struct ctx *c)
{
	const struct lmsg_table *t = c->t;
	int64_t *pids = NULL;
	size_t i, k, n, nr = 0, alloc = 0;

	for (i = 0; i < t->nr; i++) {
		const int32_t *v = lmsg_kids(t, t->m[i].id, &n);

		if (!n)
			continue;
		ALLOC_GROW(pids, nr + n + 1, alloc);
		pids[nr++] = t->m[i].sender;
		for (k = 0; k < n; k++)
			pids[nr++] = t->m[v[k]].sender;
	}
	identity_prefetch(c->id, pids, nr);
	free(pids);
}

/* The base's answers (struct list_base's ans) of every message. */
static void answers_build(struct ctx *c)
{
	struct list_base *b = c->b;
	const struct lmsg_table *t = c->t;
	size_t i, k, n, nr = 0, alloc = 0;

	answers_prefetch(c);
	b->ans_start = xmalloc((t->nr + 1) * sizeof(*b->ans_start));
	for (i = 0; i < t->nr; i++) {
		const int32_t *v = lmsg_kids(t, t->m[i].id, &n);
		int who = n ? sender_key(c, t->m[i].sender) : -1;

		b->ans_start[i] = (int32_t)nr;
		for (k = 0; k < n; k++) {
			const struct lmsg *r = &t->m[v[k]];

			if (lmsg_is_patch(r) || sender_key(c, r->sender) == who)
				continue;
			ALLOC_GROW(b->ans, nr + 1, alloc);
			b->ans[nr].date = r->date;
			b->ans[nr++].sender = r->sender;
		}
		if (nr - (size_t)b->ans_start[i] > 1)
			qsort(b->ans + b->ans_start[i],
			      nr - (size_t)b->ans_start[i], sizeof(*b->ans),
			      cmp_answer);
	}
	b->ans_start[t->nr] = (int32_t)nr;
}

static void answers_free(struct list_base *b)
{
	free(b->ans);
	free(b->ans_start);
	b->ans = NULL;
	b->ans_start = NULL;
}

/*
 * The first replies to patch @p from someone else among those to
 * @parent (@p, or its cover letter by the same person) into @f: of
 * anyone, and of a listed person.  Its sender is not someone else, nor
 * is a patch (@p itself among its cover letter's).
 */
static void first_reply(struct ctx *c, const struct lmsg *p,
			const struct lmsg *parent, struct first *f)
{
	const struct list_base *b = c->b;
	int who;
	const int32_t *v;
	size_t n, i;

	/* the base's answers: earliest first, the rest later still */
	if (b->ans_start && c->pk == &b->persons) {
		i = (size_t)(parent - c->t->m);
		for (n = (size_t)b->ans_start[i];
		     n < (size_t)b->ans_start[i + 1]; n++) {
			const struct answer *a = &b->ans[n];

			if (a->date < f->any)
				f->any = a->date;
			if (a->date >= f->listed)
				break;
			if (listed_person(c, a->sender)) {
				f->listed = a->date;
				break;
			}
		}
		return;
	}
	who = sender_of(c, p->sender);
	v = lmsg_kids(c->t, parent->id, &n);
	for (i = 0; i < n; i++) {
		const struct lmsg *r = &c->t->m[v[i]];

		if (r->id == p->id || lmsg_is_patch(r) || sender_of(c, r->sender) == who)
			continue;
		if (r->date < f->any)
			f->any = r->date;
		if (r->date < f->listed && listed_person(c, r->sender))
			f->listed = r->date;
	}
}

static int64_t thread_key(const struct lmsg *m)
{
	return m->thread ? m->thread : 1;
}

struct links_walk {
	struct list_base *b;
	size_t alloc;
};

static void posting_init(struct posting *p)
{
	p->first = INT64_MAX;
	p->version = 0;
	p->by_pid = false;
}

/* Link @r into its commit's posting @p, in lists_foreach_link()'s order. */
static void posting_add(struct posting *p, const struct link_row *r)
{
	if (!strcmp(r->how, "patch-id"))
		p->by_pid = true;
	if (r->landed)
		p->version = r->version;
	if (r->date < p->first)
		p->first = r->date;
}

static int base_link(const struct link_row *r, void *data)
{
	struct links_walk *lw = data;
	struct list_base *b = lw->b;
	int64_t *slot = imap_put(&b->commits, r->commit);
	struct lmsg *m = lmsg_find(&b->t, r->message);

	/* only a patch of the scope is asked whether it landed */
	if (m)
		m->flags |= LANDED;
	if (!*slot) {
		ALLOC_GROW(b->pv, b->npv + 1, lw->alloc);
		posting_init(&b->pv[b->npv++]);
		*slot = (int64_t)b->npv;
	}
	posting_add(&b->pv[*slot - 1], r);
	return 0;
}

/* The links, once: commit -> its postings; LANDED on the linked messages. */
static int base_links(struct list_base *b, struct idx *ix)
{
	struct links_walk lw = { .b = b };

	return lists_foreach_link(ix, base_link, &lw);
}

struct keyed {
	int64_t key;
	int32_t pos;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Digit @d (of four, 16 bits each) of @key, in signed order. */
static unsigned key_digit(int64_t key, unsigned d)
{
	return (unsigned)((((uint64_t)key ^ UINT64_C(1) << 63) >> (16 * d)) &
			  0xffff);
}

/*
 * @k (positions ascending) by key, then position: cmp_keyed()'s order.
 * A whole archive's million messages by a radix sort on the key, whose
 * passes keep the order of equal digits, so that of the positions too;
 * qsort() for the few of a scope.
 */
static void sort_keyed(struct keyed *k, size_t n)
{
	struct keyed *tmp, *src = k, *dst, *sw;
	size_t *count, i;
	unsigned d;

	if (n < 65536) {
		qsort(k, n, sizeof(*k), cmp_keyed);
		return;
	}
	tmp = xmalloc(n * sizeof(*tmp));
	count = xmalloc(65537 * sizeof(*count));
	for (d = 0, dst = tmp; d < 4; d++) {
		memset(count, 0, 65537 * sizeof(*count));
		for (i = 0; i < n; i++)
			count[key_digit(src[i].key, d) + 1]++;
		for (i = 1; i <= 65536; i++)
			count[i] += count[i - 1];
		for (i = 0; i < n; i++)
			dst[count[key_digit(src[i].key, d)]++] = src[i];
		sw = src;
		src = dst;
		dst = sw;
	}
	/* four passes: the last wrote into @k */
	free(tmp);
	free(count);
}

/* The messages by thread (a thread's in table order), for a scope's walk. */
static void base_threads(struct list_base *b)
{
	const struct lmsg_table *t = &b->t;
	struct keyed *k = xmalloc((t->nr + 1) * sizeof(*k));
	size_t i, start, n;

	for (i = 0; i < t->nr; i++) {
		k[i].key = thread_key(&t->m[i]);
		k[i].pos = (int32_t)i;
	}
	sort_keyed(k, t->nr);
	b->by_thread = xmalloc((t->nr + 1) * sizeof(*b->by_thread));
	b->thread_of = xmalloc((t->nr + 1) * sizeof(*b->thread_of));
	b->thread_start = xmalloc((t->nr + 2) * sizeof(*b->thread_start));
	for (i = 0; i < t->nr; i++)
		b->by_thread[i] = k[i].pos;
	/* fewer than 2^31 messages, so threads too */
	for (start = 0, n = 0; start < t->nr; n++) {
		size_t end = start + 1;

		while (end < t->nr && k[end].key == k[start].key)
			end++;
		b->thread_start[n] = (int32_t)start;
		for (i = start; i < end; i++)
			b->thread_of[k[i].pos] = (int32_t)n;
		start = end;
	}
	b->thread_start[n] = (int32_t)t->nr;
	b->nr_threads = n;
	b->thread_walked = xcalloc(n + 1, sizeof(*b->thread_walked));
	free(k);
}

struct reviews_walk {
	struct list_base *b;
	size_t alloc;
};

static int base_review(int64_t message, int64_t person, void *data)
{
	struct reviews_walk *rw = data;
	struct list_base *b = rw->b;
	const struct lmsg *m = lmsg_find(&b->t, message);

	/* a copy's trailers are the kept message's: counted once */
	if (!m || m->id != message || (m->flags & MSG_PATCH))
		return 0;
	ALLOC_GROW(b->rv, b->nr_rv + 1, rw->alloc);
	b->rv[b->nr_rv].pos = (int32_t)(m - b->t.m);
	b->rv[b->nr_rv++].person = person;
	return 0;
}

/* The review trailers, once, and each message's of them. */
static int base_review_slices(struct list_base *b);

static int base_reviews(struct list_base *b, struct idx *ix)
{
	struct reviews_walk rw = { .b = b };

	if (lists_foreach_review(ix, base_review, &rw))
		return -1;
	return base_review_slices(b);
}

/* Each message's reviews: a counting sort, each one's slice in order. */
static int base_review_slices(struct list_base *b)
{
	const struct lmsg_table *t = &b->t;
	size_t i;
	int32_t *fill;

	b->rv_start = xcalloc(t->nr + 2, sizeof(*b->rv_start));
	b->rv_of = xmalloc((b->nr_rv + 1) * sizeof(*b->rv_of));
	for (i = 0; i < b->nr_rv; i++)
		b->rv_start[b->rv[i].pos + 1]++;
	for (i = 1; i <= t->nr; i++)
		b->rv_start[i] += b->rv_start[i - 1];
	fill = xmalloc((t->nr + 1) * sizeof(*fill));
	memcpy(fill, b->rv_start, t->nr * sizeof(*fill));
	for (i = 0; i < b->nr_rv; i++)
		b->rv_of[fill[b->rv[i].pos]++] = (int32_t)i;
	free(fill);
	return 0;
}

struct list_base *list_base_load(struct idx *ix, const char *const *lists,
				 size_t nr_lists)
{
	struct list_base *b = xcalloc(1, sizeof(*b));
	size_t i;

	b->lists = xcalloc(nr_lists + 1, sizeof(*b->lists));
	for (i = 0; i < nr_lists; i++)
		b->lists[b->nr_lists++] = xstrdup(lists[i]);
	imap_init(&b->commits, 1024);
	if (lmsg_load(&b->t, ix, lists, nr_lists, INT64_MIN)) {
		imap_free(&b->commits);
		for (i = 0; i < b->nr_lists; i++)
			free(b->lists[i]);
		free(b->lists);
		free(b);
		return NULL;
	}
	lmsg_versions_build(&b->versions, &b->t, INT64_MAX);
	base_threads(b);
	if (base_links(b, ix) || base_reviews(b, ix)) {
		list_base_free(b);
		return NULL;
	}
	return b;
}

/* ---- a scope's base: its patches' threads, asked of the index ---- */

struct review_row {
	int64_t key, message, person;
};

struct scope_reviews_walk {
	int64_t message;
	struct review_row *v;
	size_t nr, alloc;
};

static int scope_review(int64_t key, int64_t person, void *data)
{
	struct scope_reviews_walk *w = data;

	ALLOC_GROW(w->v, w->nr + 1, w->alloc);
	w->v[w->nr].key = key;
	w->v[w->nr].message = w->message;
	w->v[w->nr++].person = person;
	return 0;
}

static int cmp_review_row(const void *a, const void *b)
{
	const struct review_row *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->message != y->message)
		return x->message < y->message ? -1 : 1;
	return x->person < y->person ? -1 : x->person > y->person;
}

/*
 * base_links() and base_reviews() of the table's messages: each one's
 * links and review trailers, in lists_foreach_review()'s order (by key,
 * message and person, msg_trailers_key's).
 */
static int scope_links_reviews(struct list_base *b)
{
	struct links_walk lw = { .b = b };
	struct scope_reviews_walk w = { 0 };
	struct reviews_walk rw = { .b = b };
	const struct lmsg_table *t = &b->t;
	int64_t *ids;
	size_t i, nr_ids = lmsg_ids(t, &ids);
	int rc = 0;

	for (i = 0; !rc && i < nr_ids; i++)
		rc = msg_links_of(b->q, ids[i], base_link, &lw);
	free(ids);
	for (i = 0; !rc && i < t->nr; i++) {
		w.message = t->m[i].id;
		rc = msg_reviews_of(b->q, w.message, scope_review, &w);
	}
	if (!rc && w.nr)
		qsort(w.v, w.nr, sizeof(*w.v), cmp_review_row);
	for (i = 0; !rc && i < w.nr; i++)
		rc = base_review(w.v[i].message, w.v[i].person, &rw);
	free(w.v);
	return rc ? rc : base_review_slices(b);
}

struct list_base *list_base_load_scope(struct scope *s)
{
	struct list_base *b = xcalloc(1, sizeof(*b));
	int64_t *threads = NULL;
	size_t nr = 0;
	int rc;

	b->lists = xcalloc(1, sizeof(*b->lists));
	imap_init(&b->commits, 16);
	b->q = msg_queries_open(s->ix);
	rc = !b->q || lists_threads_of_paths(s->ix, s->paths, s->nr_paths,
					     INT64_MIN, &threads, &nr);
	if (!rc && lmsg_load_threads(&b->t, s->ix, threads, nr, INT64_MIN))
		rc = -1;
	free(threads);
	if (!rc) {
		base_threads(b);
		lmsg_versions_build(&b->versions, &b->t, INT64_MAX);
		rc = lmsg_versions_beyond(&b->versions, &b->t, s->ix, b->q,
					  INT64_MIN, INT64_MAX) ||
		     scope_links_reviews(b);
	}
	if (rc) {
		list_base_free(b);
		return NULL;
	}
	return b;
}

void list_base_free(struct list_base *b)
{
	size_t i;

	if (!b)
		return;
	for (i = 0; i < b->nr_lists; i++)
		free(b->lists[i]);
	free(b->lists);
	lmsg_release(&b->t);
	lmsg_versions_release(&b->versions);
	imap_free(&b->commits);
	free(b->pv);
	free(b->by_thread);
	free(b->thread_of);
	free(b->thread_start);
	free(b->thread_walked);
	free(b->walk);
	free(b->rv);
	free(b->rv_start);
	free(b->rv_of);
	free(b->path_pos);
	free(b->path_start);
	msg_queries_close(b->q);
	person_keys_release(&b->persons);
	answers_free(b);
	free(b);
}

/* list_base_index_paths()'s walk of msg_files, by path. */
struct path_index {
	struct list_base *b;
	size_t alloc_pos, alloc_start;
};

static int path_row(int64_t path, int64_t message, void *data)
{
	struct path_index *pi = data;
	struct list_base *b = pi->b;
	const struct lmsg *m = lmsg_find(&b->t, message);

	if (path < 0)
		return 0;
	/* the slices of the ids up to @path start here */
	while (b->max_path < path) {
		b->max_path++;
		ALLOC_GROW(b->path_start, (size_t)b->max_path + 2,
			   pi->alloc_start);
		b->path_start[b->max_path] = b->nr_path_pos;
	}
	/* mark_message()'s tests that do not change from scope to scope */
	if (!m || m->id != message || !lmsg_is_patch(m))
		return 0;
	ALLOC_GROW(b->path_pos, b->nr_path_pos + 1, pi->alloc_pos);
	b->path_pos[b->nr_path_pos++] = (int32_t)(m - b->t.m);
	return 0;
}

void list_base_keep_persons(struct list_base *b)
{
	b->keep_persons = true;
}

int list_base_index_paths(struct list_base *b, struct idx *ix)
{
	struct path_index pi = { .b = b };

	if (b->have_paths || b->q)
		return 0;
	b->max_path = -1;
	if (lists_foreach_msg_file(ix, path_row, &pi)) {
		free(b->path_pos);
		free(b->path_start);
		b->path_pos = NULL;
		b->path_start = NULL;
		b->nr_path_pos = 0;
		return -1;
	}
	ALLOC_GROW(b->path_start, (size_t)b->max_path + 2, pi.alloc_start);
	b->path_start[b->max_path + 1] = b->nr_path_pos;
	b->have_paths = true;
	return 0;
}

struct commit_walk {
	struct list_stats *st;
	const struct list_base *b;
	int64_t *delays;
	size_t nr_delays, alloc_delays;
	int64_t *unposted;
	size_t nr_unposted, alloc_unposted;
};

struct posting_walk {
	struct posting *p;
	size_t nr;
};

static int posting_link(const struct link_row *r, void *data)
{
	struct posting_walk *w = data;

	posting_add(w->p, r);
	w->nr++;
	return 0;
}

/*
 * The postings of commit @id into *@p (NULL: none): the base's, or a
 * scope's base's asked of the index into @one.  0 or -1.
 */
static int posting_of(const struct list_base *b, int64_t id,
		      struct posting *one, const struct posting **p)
{
	struct posting_walk w = { .p = one };
	const int64_t *slot;

	*p = NULL;
	if (b->q) {
		posting_init(one);
		if (commit_links_of(b->q, id, posting_link, &w))
			return -1;
		if (w.nr)
			*p = one;
		return 0;
	}
	slot = imap_get(&b->commits, id);
	if (slot)
		*p = &b->pv[*slot - 1];
	return 0;
}

static int count_commit(const struct scope_commit *sc, void *data)
{
	struct commit_walk *cw = data;
	struct list_stats *st = cw->st;
	struct posting one;
	const struct posting *p;

	if (posting_of(cw->b, sc->id, &one, &p))
		return -1;
	st->commits++;
	if (p) {

		st->commits_posted++;
		if (p->by_pid)
			st->by_patch_id++;
		else
			st->by_subject++;
		if (p->version > 0)
			st->versions[p->version < 10 ? p->version : 0]++;
		if (p->first != INT64_MAX) {
			ALLOC_GROW(cw->delays, cw->nr_delays + 1, cw->alloc_delays);
			cw->delays[cw->nr_delays++] = sc->commit_time > p->first ?
						      sc->commit_time - p->first : 0;
		}
	} else {
		ALLOC_GROW(cw->unposted, cw->nr_unposted + 1, cw->alloc_unposted);
		cw->unposted[cw->nr_unposted++] = sc->id;
	}
	return 0;
}

/* The commits' side: posted or not, how, when. */
static int count_commits(struct ctx *c, struct scope *s, const struct range *r)
{
	struct commit_walk cw = { .st = c->st, .b = c->b };
	size_t i, want;
	int rc, found = 0;

	rc = scope_foreach_commit(s, r, count_commit, &cw);
	c->st->median_to_commit = median(cw.delays, cw.nr_delays);
	c->st->unposted_total = (long)cw.nr_unposted;
	want = c->st->max_unposted ? c->st->max_unposted : cw.nr_unposted;
	for (i = cw.nr_unposted; !rc && found >= 0 && i-- > 0 &&
	     c->st->nr_unposted < want; ) {
		char *hash, *subject;
		struct ls_commit *lc;

		found = idx_commit_subject(c->ix, cw.unposted[i], &hash, &subject);
		if (found <= 0)
			continue;
		ALLOC_GROW(c->st->unposted, c->st->nr_unposted + 1,
			   c->st->alloc_unposted);
		lc = &c->st->unposted[c->st->nr_unposted++];
		lc->id = cw.unposted[i];
		lc->hash = hash;
		lc->subject = subject;
	}
	free(cw.delays);
	free(cw.unposted);
	return rc;
}

/* list_base_to_commit()'s walk: a scope's delays, and its last commit. */
struct to_commit_walk {
	const struct list_base *b;
	const struct range *r;
	const size_t *first;	/* path id -> [first[id], first[id + 1]) */
	const uint32_t *of;	/* of[]: the scopes of a path */
	int64_t max_path;
	int64_t *last;		/* per scope: the last commit counted */
	struct delays { int64_t *v; size_t nr, alloc; } *d;
};

/* Commit @id's @delay in scope @k, once however many of its paths. */
static void add_delay(struct to_commit_walk *w, uint32_t k, int64_t id,
		      int64_t delay)
{
	struct delays *d = &w->d[k];

	if (w->last[k] == id)
		return;
	w->last[k] = id;
	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	d->v[d->nr++] = delay;
}

static int to_commit_one(const struct commit_facts *c, void *data)
{
	struct to_commit_walk *w = data;
	const struct posting *p;
	int64_t *slot, delay;
	size_t i, j;

	if (c->nparents > 1 || !range_has(w->r, c->id, c->time) ||
	    !(slot = imap_get(&w->b->commits, c->id)))
		return 0;
	p = &w->b->pv[*slot - 1];
	if (p->first == INT64_MAX)
		return 0;
	delay = c->time > p->first ? c->time - p->first : 0;
	for (i = 0; i < c->nr_paths; i++) {
		int64_t id = c->paths[i];

		if (id < 0 || id > w->max_path)
			continue;
		for (j = w->first[id]; j < w->first[id + 1]; j++)
			add_delay(w, w->of[j], c->id, delay);
	}
	return 0;
}

int list_base_to_commit(const struct list_base *b, struct idx *ix,
			const struct range *r, const int64_t *const *paths,
			const size_t *nr_paths, size_t nr, double *out)
{
	struct to_commit_walk w = { .b = b, .r = r, .max_path = -1 };
	size_t *first, *fill, k, i, total = 0;
	uint32_t *of;
	int rc;

	for (k = 0; k < nr; k++)
		for (i = 0; i < nr_paths[k]; i++)
			if (paths[k][i] > w.max_path)
				w.max_path = paths[k][i];
	/* the scopes of each path id, a counting sort */
	first = xcalloc((size_t)(w.max_path + 2) + 1, sizeof(*first));
	for (k = 0; k < nr; k++)
		for (i = 0; i < nr_paths[k]; i++, total++)
			first[paths[k][i] + 1]++;
	for (i = 1; i <= (size_t)(w.max_path + 1); i++)
		first[i] += first[i - 1];
	fill = xcalloc((size_t)(w.max_path + 1) + 1, sizeof(*fill));
	memcpy(fill, first, (size_t)(w.max_path + 1) * sizeof(*fill));
	of = xcalloc(total + 1, sizeof(*of));
	for (k = 0; k < nr; k++)
		for (i = 0; i < nr_paths[k]; i++)
			of[fill[paths[k][i]]++] = (uint32_t)k;
	free(fill);
	w.first = first;
	w.of = of;
	w.last = xcalloc(nr + 1, sizeof(*w.last));
	w.d = xcalloc(nr + 1, sizeof(*w.d));
	for (k = 0; k < nr; k++)
		w.last[k] = -1;
	rc = idx_foreach_commit_files(ix, to_commit_one, &w);
	for (k = 0; k < nr; k++) {
		out[k] = median(w.d[k].v, w.d[k].nr);
		free(w.d[k].v);
	}
	free(w.d);
	free(w.last);
	free(of);
	free(first);
	return rc;
}

/*
 * Is message @m, no patch of the scope, in it?  Its thread must hold a
 * patch of the scope posted in the range: every message of mark_scope()'s
 * walk does (it is those threads' messages), so that is not asked again
 * per message.  Then a reply counts for the patch it answers, and for
 * the whole series only when it answers the cover letter: a review of a
 * series' foo/ patch is none of the bar/ patch beside it.  Another
 * section's patch is not in it.
 */
static bool in_scope(const struct ctx *c, const struct lmsg *m)
{
	const struct lmsg *a;

	if (m->mark || (m->flags & MSG_COVER))
		return true;
	if ((m->flags & MSG_PATCH) && !(m->flags & MSG_REPLY))
		return false;	/* a patch, not of the scope */
	if (!(m->flags & MSG_REPLY))
		return true;	/* a cover letter of its own subject */
	a = lmsg_answered(c->t, m);
	if (!a || (a->flags & MSG_COVER) || !(a->flags & MSG_PATCH))
		return true;	/* the cover letter's: the series' */
	return a->mark;
}

/*
 * Reviews: the trailers people give in messages without a patch, of
 * the messages @walk lists (every message when @whole), in the index's
 * order.
 */
static void count_reviews(struct ctx *c, bool whole, const struct range *r,
			  const int32_t *walk, size_t nr_walk)
{
	const struct list_base *b = c->b;
	struct list_stats *st = c->st;
	struct imap once, who;
	int32_t *v = NULL;
	size_t nr = 0, alloc = 0, i, k;

	if (!whole) {
		for (i = 0; i < nr_walk; i++)
			for (k = (size_t)b->rv_start[walk[i]];
			     k < (size_t)b->rv_start[walk[i] + 1]; k++) {
				ALLOC_GROW(v, nr + 1, alloc);
				v[nr++] = b->rv_of[k];
			}
		if (nr)
			qsort(v, nr, sizeof(*v), cmp_i32);
	}
	imap_init(&once, 1024);
	imap_init(&who, 64);
	for (i = 0; i < (whole ? b->nr_rv : nr); i++) {
		const struct review *rv = &b->rv[whole ? i : (size_t)v[i]];
		const struct lmsg *m = &c->t->m[rv->pos];
		int p;
		int64_t *seen;

		if (m->date < r->since || m->date > r->until ||
		    (!whole && !in_scope(c, m)))
			continue;
		p = person_of(c, rv->person);
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
	st->reviewers = (long)who.nr;
	imap_free(&once);
	imap_free(&who);
	free(v);
}

/* What mark_scope() gathers from the messages of the scope's paths. */
struct scope_marks {
	struct ctx *c;
	const struct range *r;
	int32_t **marked;
	size_t *nr_marked, nr_walk, alloc_m;
};

/*
 * Patch @m of the scope: marked, its thread's messages walked (into
 * the base's walk) the first time one of its patches in the range is
 * met in this scope (walk_gen).
 */
static void mark_patch(struct scope_marks *sm, struct lmsg *m)
{
	struct ctx *c = sm->c;
	struct list_base *b = c->b;
	int32_t pos = (int32_t)(m - c->t->m), th;
	size_t k, n;

	if (m->mark)
		return;
	m->mark = true;
	ALLOC_GROW(*sm->marked, *sm->nr_marked + 1, sm->alloc_m);
	(*sm->marked)[(*sm->nr_marked)++] = pos;
	if (m->date < sm->r->since || m->date > sm->r->until)
		return;
	th = b->thread_of[pos];
	if (b->thread_walked[th] == b->walk_gen)
		return;
	b->thread_walked[th] = b->walk_gen;
	k = (size_t)b->thread_start[th];
	n = (size_t)b->thread_start[th + 1] - k;
	ALLOC_GROW(b->walk, sm->nr_walk + n, b->alloc_walk);
	memcpy(b->walk + sm->nr_walk, b->by_thread + k, n * sizeof(*b->walk));
	sm->nr_walk += n;
}

static int mark_message(int64_t id, void *data)
{
	struct scope_marks *sm = data;
	struct lmsg *m = lmsg_find(sm->c->t, id);

	/* the copy kept, as it was scoped itself */
	if (m && m->id == id && lmsg_is_patch(m))
		mark_patch(sm, m);
	return 0;
}

/*
 * The scope's patches (those touching its paths), marked; every message
 * of the threads they were posted in within the range into the base's
 * walk (*@nr_walk of them), in table order.
 */
static int mark_scope(struct ctx *c, struct scope *s, const struct range *r,
		      int32_t **marked, size_t *nr_marked, size_t *nr_walk)
{
	struct scope_marks sm = { .c = c, .r = r,
				  .marked = marked, .nr_marked = nr_marked };
	struct list_base *b = c->b;
	size_t i, k;

	/* a new scope: no thread walked yet */
	if (!++b->walk_gen) {
		memset(b->thread_walked, 0,
		       (b->nr_threads + 1) * sizeof(*b->thread_walked));
		b->walk_gen = 1;
	}

	if (!b->have_paths) {
		if (lists_foreach_message_of_paths(s->ix, s->paths, s->nr_paths,
						   mark_message, &sm))
			return -1;
	} else {
		for (i = 0; i < s->nr_paths; i++) {
			int64_t p = s->paths[i];

			if (p < 0 || p > b->max_path)
				continue;
			for (k = b->path_start[p]; k < b->path_start[p + 1]; k++)
				mark_patch(&sm, &c->t->m[b->path_pos[k]]);
		}
	}
	/*
	 * in table order, so that a person is named as the first id met;
	 * without names the figures are the same in any order
	 */
	*nr_walk = sm.nr_walk;
	if (*nr_walk && !c->st->no_names && !c->st->no_people)
		qsort(b->walk, *nr_walk, sizeof(*b->walk), cmp_i32);
	return 0;
}

int list_stats_collect_in(struct list_stats *st, struct list_base *b,
			  struct scope *s, const struct range *r,
			  const char *const *listed, size_t nr_listed)
{
	struct ctx c = { .st = st, .ix = s->ix, .s = s, .b = b, .t = &b->t };
	int32_t *marked = NULL, *walk;
	size_t nr_marked = 0, nr_walk = 0, n, i;
	int64_t *d_any = NULL, *d_listed = NULL;
	size_t n_any = 0, n_listed = 0;
	int rc = -1;

	st->lists = xcalloc(b->nr_lists + 1, sizeof(*st->lists));
	for (i = 0; i < b->nr_lists; i++)
		st->lists[st->nr_lists++] = xstrdup(b->lists[i]);
	st->have_listed = nr_listed > 0;
	c.people = scope_people(s);
	c.id = c.people ? scope_identity(s) : NULL;
	if (!c.people || !c.id)
		return -1;
	/* the base's keys when they are of this scope's rows and model */
	c.pk = &c.own;
	if (b->keep_persons) {
		if (b->persons.id != c.id || b->persons.people != c.people) {
			person_keys_release(&b->persons);
			person_keys_init(&b->persons, c.id, c.people);
			answers_free(b);
		}
		c.pk = &b->persons;
		if (!b->ans_start)
			answers_build(&c);
	} else {
		person_keys_init(&c.own, c.id, c.people);
	}
	listed_load(&c, listed, nr_listed);

	if (s->whole) {
		for (i = 0; i < c.t->nr; i++)
			if (lmsg_is_patch(&c.t->m[i]))
				c.t->m[i].mark = true;
	} else if (mark_scope(&c, s, r, &marked, &nr_marked, &nr_walk)) {
		goto out;
	}
	walk = b->walk;

	if (!st->no_commits && count_commits(&c, s, r))
		goto out;

	n = s->whole ? c.t->nr : nr_walk;
	d_any = xmalloc((n + 1) * sizeof(*d_any));
	d_listed = xmalloc((n + 1) * sizeof(*d_listed));
	for (i = 0; i < n; i++) {
		struct lmsg *m = &c.t->m[s->whole ? i : (size_t)walk[i]];
		bool in_range = m->date >= r->since && m->date <= r->until;
		int p;

		if (!in_range || (!s->whole && !in_scope(&c, m)))
			continue;
		p = st->no_people ? -1 : person_of(&c, m->sender);
		st->messages++;
		if (m->mark) {
			struct first f = { INT64_MAX, INT64_MAX };
			const struct lmsg *cover = m->parent ? lmsg_find(c.t, m->parent) : NULL;

			st->patches++;
			if (p >= 0)
				st->people[p].patches++;
			first_reply(&c, m, m, &f);
			if (cover && (cover->flags & MSG_COVER) &&
			    sender_of(&c, cover->sender) ==
			    sender_of(&c, m->sender))
				first_reply(&c, m, cover, &f);
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
			else if (lmsg_superseded(&b->versions, m))
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
	st->p90_reply = p90(d_any, n_any);
	st->p90_reply_listed = p90(d_listed, n_listed);
	if (!st->no_people)
		count_reviews(&c, s->whole, r, walk, nr_walk);
	rc = c.failed ? -1 : 0;
out:
	/* the table is the next scope's too */
	if (s->whole) {
		for (i = 0; i < c.t->nr; i++)
			c.t->m[i].mark = false;
	} else {
		for (i = 0; i < nr_marked; i++)
			c.t->m[marked[i]].mark = false;
	}
	free(d_any);
	free(d_listed);
	free(marked);
	listed_release(&c);
	persons_done(&c);
	return rc;
}

int list_stats_collect(struct list_stats *st, struct scope *s,
		       const struct range *r, const char *const *lists,
		       size_t nr_lists, const char *const *listed,
		       size_t nr_listed)
{
	/* a section or paths, of every list: their threads only */
	bool few = !s->whole && !nr_lists;
	struct list_base *b;
	int rc;

	/*
	 * and the rows of the people they meet (people_row()): a few
	 * thousand rows scattered over the index, read as audit --section
	 * reads them (idx_scattered_reads())
	 */
	if (few) {
		if (idx_scattered_reads(s->ix))
			return -1;
		s->people_partial = true;
		if (!scope_identity(s))
			return -1;
	}
	b = few ? list_base_load_scope(s) :
	    list_base_load(s->ix, lists, nr_lists);

	if (!b)
		return -1;
	rc = list_stats_collect_in(st, b, s, r, listed, nr_listed);
	list_base_free(b);
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
	int c;

	if (cx != cy)
		return cx > cy ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->email, y->email);
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
