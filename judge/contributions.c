// SPDX-License-Identifier: GPL-2.0
/*
 * The one-page report's own figures (see contributions.h), collected
 * from the index through the store and the lists' tables.
 */
#include "contributions.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "list-stats.h"
#include "list-store.h"
#include "queries.h"
#include "util.h"
void year_series_init(struct year_series *s, int first_year, int nr_years)
{
	memset(s, 0, sizeof(*s));
	strmap_init(&s->idx);
	s->first_year = first_year;
	s->nr_years = nr_years;
}

void year_series_add(struct year_series *s, const char *name, int year)
{
	struct strmap_entry *e = strmap_insert(&s->idx, name, strlen(name));
	size_t i;

	if (year < s->first_year || year >= s->first_year + s->nr_years)
		return;
	if (!e->value) {
		if (s->nr + 1 > s->alloc) {
			size_t old = s->alloc;

			s->alloc = s->alloc ? 2 * s->alloc : 16;
			s->names = xrealloc(s->names, s->alloc * sizeof(char *));
			s->total = xrealloc(s->total, s->alloc * sizeof(double));
			s->counts = xrealloc(s->counts, s->alloc * (size_t)s->nr_years *
					     sizeof(double));
			memset(s->counts + old * (size_t)s->nr_years, 0,
			       (s->alloc - old) * (size_t)s->nr_years * sizeof(double));
		}
		s->names[s->nr] = xstrdup(name);
		s->total[s->nr] = 0;
		e->value = (void *)(uintptr_t)(++s->nr);
	}
	i = (uintptr_t)e->value - 1;
	s->counts[i * (size_t)s->nr_years + (size_t)(year - s->first_year)] += 1;
	s->total[i] += 1;
}

void year_series_release(struct year_series *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->names[i]);
	free(s->names);
	free(s->total);
	free(s->counts);
	strmap_clear(&s->idx, false);
}
/* One person's name and address as shown everywhere: the model's. */
static void as_person(const struct contributions *col, const char **name,
		      const char **email)
{
	int p = identity_of_email(col->id, *email);

	if (p >= 0) {
		*name = col->id->persons[p].name;
		*email = col->id->persons[p].email;
	}
}

static struct contributor *contributor(struct contributions *col,
				       const char *name, const char *email,
				       int64_t when)
{
	struct strmap_entry *e;

	as_person(col, &name, &email);
	e = strmap_insert(&col->people, email, strlen(email));

	if (!e->value) {
		struct contributor *c;

		ALLOC_GROW(col->v, col->nr + 1, col->alloc);
		c = &col->v[col->nr];
		memset(c, 0, sizeof(*c));
		c->name = xstrdup(name ? name : "");
		c->email = xstrdup(email);
		c->employer = audit_employer(col->o, email, when);
		e->value = (void *)(uintptr_t)(++col->nr);
	}
	return &col->v[(uintptr_t)e->value - 1];
}

/*
 * Reviews given on the scope's commits, in one query: Reviewed-by and
 * Acked-by on someone else's change.
 */
static int add_review(int64_t id, const char *name, const char *email,
		      void *data)
{
	struct contributions *col = data;

	if (id < 0 || (size_t)id >= col->nr_authors || !col->authors[id] ||
	    !email || !*email)
		return 0;
	as_person(col, &name, &email);
	if (!strcasecmp(email, col->authors[id]))
		return 0;
	contributor(col, name, email, 0)->reviews += 1;
	return 0;
}

static int collect_reviews(struct contributions *col)
{
	return idx_foreach_review_trailer(col->ix, add_review, col);
}

static int collect_commit(const struct scope_commit *c, void *data)
{
	struct contributions *col = data;
	int y = year_of(c->commit_time);
	const char *name = c->author_name, *email = c->author_email;

	as_person(col, &name, &email);
	year_series_add(col->by_person, name, y);
	year_series_add(col->by_employer,
		   audit_employer(col->o, c->author_email, c->commit_time), y);
	contributor(col, c->author_name, c->author_email, c->commit_time)->authored += 1;
	if (c->id >= 0) {
		if ((size_t)c->id >= col->nr_authors) {
			size_t n = (size_t)c->id * 2 + 16;

			col->authors = xrealloc(col->authors, n * sizeof(char *));
			memset(col->authors + col->nr_authors, 0,
			       (n - col->nr_authors) * sizeof(char *));
			col->nr_authors = n;
		}
		free(col->authors[c->id]);
		col->authors[c->id] = xstrdup(email);
	}
	return 0;
}

/* What contributions_list_reviews() passes its two walks. */
struct list_reviews {
	struct contributions *col;
	struct scope *sc;
	const struct scope_people *people;
	struct year_series *by_reviewer;
	struct imap threads, foreign;
	int64_t *paths;		/* the scope's, sorted */
};

/* A file of a patch on the list: its thread is the scope's if it is. */
static int mark_thread(int64_t path, int64_t thread, int64_t message,
		       void *data)
{
	struct list_reviews *lr = data;

	if (!imap_get(&lr->foreign, message) &&
	    bsearch(&path, lr->paths, lr->sc->nr_paths, sizeof(int64_t),
		    cmp_int64))
		*imap_put(&lr->threads, thread ? thread : 1) = 1;
	return 0;
}

static int count_reply(int64_t date, int64_t who, int64_t th, void *data)
{
	struct list_reviews *lr = data;
	const struct scope_people *people = lr->people;
	const char *name, *email;

	if (who <= 0 || who >= people->nr || !people->email[who] ||
	    (!lr->sc->whole && !imap_get(&lr->threads, th ? th : 1)))
		return 0;
	name = people->name[who];
	email = people->email[who];
	as_person(lr->col, &name, &email);
	year_series_add(lr->by_reviewer, *name ? name : email, year_of(date));
	return 0;
}

/*
 * Reviews on the lists per year by person: replies in the threads of
 * patches touching the scope's files (every thread for the whole tree),
 * by the identity model's person.
 */
int contributions_list_reviews(struct contributions *col, struct scope *sc,
			       const struct scope_people *people,
			       struct year_series *by_reviewer, int64_t since,
			       int64_t until)
{
	struct list_reviews lr = { .col = col, .sc = sc, .people = people,
				   .by_reviewer = by_reviewer };
	int rc = -1;

	imap_init(&lr.threads, 1024);
	if (!sc->whole) {
		/* the scope's path ids, in the order bsearch() needs */
		lr.paths = xcalloc(sc->nr_paths + 1, sizeof(int64_t));
		memcpy(lr.paths, sc->paths, sc->nr_paths * sizeof(int64_t));
		qsort(lr.paths, sc->nr_paths, sizeof(int64_t), cmp_int64);
		if (lists_foreign(col->ix, &lr.foreign) ||
		    lists_foreach_message_file(col->ix, mark_thread, &lr))
			goto out;
	}
	if (lists_foreach_reply(col->ix, since, until, count_reply, &lr))
		goto out;
	rc = 0;
out:
	imap_free(&lr.threads);
	if (lr.foreign.size)
		imap_free(&lr.foreign);
	free(lr.paths);
	return rc;
}

/* Changesets per year over the window by person and employer; people. */
void contributions_collect(struct contributions *col, struct scope *sc,
			   const struct audit *a, struct range *r)
{
	int first_year = year_of(a->since), last_year = year_of(a->now);

	year_series_init(col->by_person, first_year, last_year - first_year + 1);
	year_series_init(col->by_employer, first_year, last_year - first_year + 1);
	range_init(r);
	r->since = a->since;
	r->until = a->now;
	col->o = a->o;
	col->id = &a->id;
	col->ix = sc->ix;
	col->nr = col->alloc = 0;
	col->v = NULL;
	col->authors = NULL;
	col->nr_authors = 0;
	strmap_init(&col->people);
	if (scope_foreach_commit(sc, r, collect_commit, col) < 0 ||
	    collect_reviews(col))
		exit(128);	/* the message is out; like die() */
}

void contributions_release(struct contributions *col)
{
	size_t i;

	for (i = 0; i < col->nr; i++) {
		free(col->v[i].name);
		free(col->v[i].email);
	}
	free(col->v);
	for (i = 0; i < col->nr_authors; i++)
		free(col->authors[i]);
	free(col->authors);
	strmap_clear(&col->people, false);
	year_series_release(col->by_person);
	year_series_release(col->by_employer);
}

/* The sections in the order of their threads on the lists, busiest first. */
static size_t *by_list_threads(const struct audit *a)
{
	size_t *order = xcalloc(a->nr + 1, sizeof(size_t)), i, k;

	for (i = 0; i < a->nr; i++)
		order[i] = i;
	for (i = 1; i < a->nr; i++)
		for (k = i; k > 0 && a->v[order[k - 1]].list_threads <
		     a->v[order[k]].list_threads; k--) {
			size_t t = order[k];

			order[k] = order[k - 1];
			order[k - 1] = t;
		}
	return order;
}

/* One section's figures on the lists, read through its own scope. */
static int list_section(struct list_section_figures *f, struct list_base *b,
			struct scope *sc, const struct range *r,
			const struct audit_section *s)
{
	const char **who = xcalloc(s->nr_listed + 1, sizeof(char *));
	struct list_stats st;
	size_t nw = 0, j;
	int rc = -1;

	for (j = 0; j < s->nr_listed; j++)
		if (!s->listed[j].is_role)
			who[nw++] = s->listed[j].email;
	list_stats_init(&st);
	scope_clear_paths(sc);
	if (scope_add_section_index(sc, s->index) ||
	    list_stats_collect_in(&st, b, sc, r, who, nw))
		goto out;
	f->name = s->name;
	f->patches = st.patches;
	f->unanswered = st.unanswered;
	f->median_reply = st.median_reply;
	f->median_reply_listed = st.median_reply_listed;
	rc = 0;
out:
	free(who);
	list_stats_release(&st);
	return rc;
}

int contributions_list_sections(struct list_section_figures *v, size_t max,
				size_t *nr, struct idx *ix,
				const struct audit *a, const char *maint_rev,
				int64_t since, int64_t until)
{
	size_t *order = by_list_threads(a), i;
	struct list_base *b;
	struct scope sc;
	struct range r;
	int rc = -1;

	*nr = 0;
	range_init(&r);
	r.since = since;
	r.until = until;
	/* the section's scopes: the messages and the people read once */
	b = list_base_load(ix, NULL, 0);
	scope_init(&sc, ix);
	sc.identity_flags = a->o->identity_flags;
	if (!b || scope_load_maintainers(&sc, maint_rev))
		goto out;
	for (i = 0; i < a->nr && *nr < max; i++) {
		const struct audit_section *s = &a->v[order[i]];

		if (!s->list_threads)
			break;
		if (list_section(&v[*nr], b, &sc, &r, s))
			goto out;
		(*nr)++;
	}
	rc = 0;
out:
	scope_release(&sc);
	list_base_free(b);
	free(order);
	range_release(&r);
	return rc;
}
