// SPDX-License-Identifier: GPL-2.0
/*
 * The figures of "kmaint report --site" beyond the audit's, collected
 * once (see site-figures.h); report/site.c only prints them.
 */
#include "site-figures.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "imap.h"
#include "list-store.h"
#include "queries.h"
#include "util.h"

void site_figures_init(struct site_figures *f, const struct audit *a)
{
	size_t i;

	memset(f, 0, sizeof(*f));
	f->a = a;
	f->sec = xcalloc(a->nr + 1, sizeof(*f->sec));
	for (i = 0; i < a->nr; i++) {
		f->sec[i].reply = f->sec[i].reply_listed = f->sec[i].to_commit = -1;
		f->sec[i].reply_p90 = f->sec[i].reply_listed_p90 = -1;
	}
	strmap_init(&f->addr_idx);
	strmap_init(&f->emp_all);
	stats_init(&f->st, a->o->emap);
}

void site_figures_release(struct site_figures *f)
{
	triage_release(&f->tr);
	releases_release(&f->rel);
	proposals_release(&f->props);
	free(f->sec);
	strmap_clear(&f->addr_idx, false);
	strmap_clear(&f->emp_all, false);
	free(f->addr_when);
	if (f->have_pend)
		pending_release(&f->pend);
	if (f->have_all)
		list_stats_release(&f->all);
	stats_release(&f->st);
	free(f->y_commits);
	free(f->y_posted);
	free(f->y_active);
	free(f->y_new);
	free(f->y_left);
	free(f->y_madd);
	free(f->y_mrem);
	free(f->y_elephant);
}

void site_figures_turnover(struct site_figures *f, const struct mh_history *h)
{
	size_t i;

	for (i = 0; i < h->nr_events; i++) {
		const struct mh_event *e = &h->events[i];
		int y = year_of(e->time) - f->first_year;

		if (!e->type || e->initial || y < 0 || y >= f->nr_years)
			continue;
		if (e->added)
			f->y_madd[y]++;
		else
			f->y_mrem[y]++;
	}
}


struct year_pass {
	struct site_figures *w;
	int *first, *last;		/* per pid: years, 0 none */
	struct imap seen;		/* pid * SITE_MAX_YEARS + year: active */
	struct strmap *emp;		/* per year: employer -> commits */
	unsigned char *linked;		/* commit id -> posted */
	int64_t max_linked;
	/*
	 * per people id: its address (the scope's people row) and its
	 * first and last commit, folded by address at the end
	 * (addr_fold()): a hash of the address for each commit was a
	 * third of the walk
	 */
	struct id_when { const char *email; int64_t when[2]; } *ids;
	size_t nr_ids;
	/*
	 * per author's people id: its gitdm entries and its employer by
	 * domain, which do not change from commit to commit (only which
	 * entry a date picks does): audit_employer()'s lookups of every
	 * suffix of the domain were a third of the walk
	 */
	struct emp_memo {
		const struct emp_list *l;
		const char *by_domain;
		bool looked_up;
	} *emp_memo;
	size_t nr_emp_memo;
};

/* People id @id's commit at @t, its address @em. */
static void id_when(struct year_pass *yp, int64_t id, const char *em,
		    int64_t t)
{
	struct id_when *v;

	if (id < 0 || !em || !*em)
		return;
	if ((size_t)id >= yp->nr_ids) {
		size_t n = (size_t)id + 1 > 2 * yp->nr_ids ? (size_t)id + 1 :
			   2 * yp->nr_ids;

		yp->ids = xrealloc(yp->ids, n * sizeof(*yp->ids));
		memset(yp->ids + yp->nr_ids, 0,
		       (n - yp->nr_ids) * sizeof(*yp->ids));
		yp->nr_ids = n;
	}
	v = &yp->ids[id];
	if (!v->email) {
		v->email = em;
		v->when[0] = v->when[1] = t;
	} else if (t < v->when[0]) {
		v->when[0] = t;
	} else if (t > v->when[1]) {
		v->when[1] = t;
	}
}

/* Each address's first and last commit, over the people ids it has. */
static void addr_fold(struct year_pass *yp)
{
	struct site_figures *w = yp->w;
	size_t id;

	for (id = 0; id < yp->nr_ids; id++) {
		const struct id_when *v = &yp->ids[id];
		struct strmap_entry *e;

		if (!v->email)
			continue;
		e = strmap_insert(&w->addr_idx, v->email, strlen(v->email));
		if (!e->value) {
			ALLOC_GROW(w->addr_when, w->nr_addr + 1, w->alloc_addr);
			w->addr_when[w->nr_addr][0] = v->when[0];
			w->addr_when[w->nr_addr][1] = v->when[1];
			e->value = (void *)(uintptr_t)++w->nr_addr;
		} else {
			int64_t *wh = w->addr_when[(uintptr_t)e->value - 1];

			if (v->when[0] < wh[0])
				wh[0] = v->when[0];
			if (v->when[1] > wh[1])
				wh[1] = v->when[1];
		}
	}
}

/* audit_employer() of the commit's author, its lookups once an author. */
static const char *author_employer(struct year_pass *yp,
				   const struct scope_commit *c)
{
	const struct audit_opts *o = yp->w->a->o;
	struct emp_memo *m;
	const char *e;

	if (c->author < 0 || !c->author_email)
		return audit_employer(o, c->author_email, c->commit_time);
	if ((size_t)c->author >= yp->nr_emp_memo) {
		size_t n = (size_t)c->author + 1 > 2 * yp->nr_emp_memo ?
			   (size_t)c->author + 1 : 2 * yp->nr_emp_memo;

		yp->emp_memo = xrealloc(yp->emp_memo, n * sizeof(*yp->emp_memo));
		memset(yp->emp_memo + yp->nr_emp_memo, 0,
		       (n - yp->nr_emp_memo) * sizeof(*yp->emp_memo));
		yp->nr_emp_memo = n;
	}
	m = &yp->emp_memo[c->author];
	if (!m->looked_up) {
		m->l = employer_lookup(o->emap, c->author_email);
		m->looked_up = true;
	}
	e = employer_at(m->l, c->commit_time);
	if (strcmp(e, EMPLOYER_UNKNOWN))
		return e;
	if (!m->by_domain)
		m->by_domain = audit_employer(o, c->author_email,
					      c->commit_time);
	return m->by_domain;
}

static int year_commit(const struct scope_commit *c, void *data)
{
	struct year_pass *yp = data;
	struct site_figures *w = yp->w;
	const struct audit *a = w->a;
	int y = year_of(c->commit_time), pid = identity_of(&a->id, c->author);
	struct strmap_entry *e;
	const char *emp;

	if (c->commit_time > a->now)
		return 0;
	emp = author_employer(yp, c);
	e = strmap_insert(&w->emp_all, emp, strlen(emp));
	e->value = (void *)((uintptr_t)e->value + 1);
	/* each address's first and last commit, as author or committer */
	id_when(yp, c->author, c->author_email, c->commit_time);
	id_when(yp, c->committer, c->committer_email, c->commit_time);
	if (pid >= 0) {
		if (!yp->first[pid] || y < yp->first[pid])
			yp->first[pid] = y;
		if (y > yp->last[pid])
			yp->last[pid] = y;
	}
	if (y < w->first_year)
		return 0;
	y -= w->first_year;
	w->y_commits[y]++;
	if (c->id >= 0 && c->id <= yp->max_linked && yp->linked[c->id])
		w->y_posted[y]++;
	if (pid >= 0) {
		int64_t *v = imap_put(&yp->seen, (int64_t)pid * SITE_MAX_YEARS + y + 1);

		if (!*v) {
			*v = 1;
			w->y_active[y]++;
		}
	}
	e = strmap_insert(&yp->emp[y], emp, strlen(emp));
	e->value = (void *)((uintptr_t)e->value + 1);
	return 0;
}

static int cmp_long_desc(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;

	return a > b ? -1 : a < b;
}

/* CHAOSS Elephant Factor: the fewest employers making half the commits. */
static int elephant(const struct strmap *m)
{
	long *v = xcalloc(m->nr + 1, sizeof(long)), total = 0, cum = 0;
	size_t i, n = 0;
	int k = 0;

	for (i = 0; i < m->size; i++)
		if (m->table[i].key) {
			v[n] = (long)(uintptr_t)m->table[i].value;
			total += v[n++];
		}
	qsort(v, n, sizeof(long), cmp_long_desc);
	for (i = 0; i < n && 2 * cum < total; i++) {
		cum += v[i];
		k++;
	}
	free(v);
	return k;
}

int site_figures_years(struct site_figures *w)
{
	const struct audit *a = w->a;
	struct year_pass yp = { .w = w };
	struct scope whole;
	struct range r;
	int64_t first_time;
	int y, rc = -1;
	size_t i;

	if (idx_first_commit_time(a->ix, &first_time))
		return -1;
	y = year_of(a->now);
	w->first_year = year_of(first_time);
	/* --as-of a day before the first commit: one year, with nothing */
	if (w->first_year > y)
		w->first_year = y;
	if (y - w->first_year + 1 > SITE_MAX_YEARS)
		w->first_year = y - SITE_MAX_YEARS + 1;
	w->nr_years = y - w->first_year + 1;
	w->y_commits = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_posted = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_active = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_new = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_left = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_madd = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_mrem = xcalloc((size_t)w->nr_years, sizeof(long));
	w->y_elephant = xcalloc((size_t)w->nr_years, sizeof(int));
	yp.first = xcalloc(a->nr_people + 1, sizeof(int));
	yp.last = xcalloc(a->nr_people + 1, sizeof(int));
	yp.emp = xcalloc((size_t)w->nr_years, sizeof(struct strmap));
	for (y = 0; y < w->nr_years; y++)
		strmap_init(&yp.emp[y]);
	imap_init(&yp.seen, 1024);

	/* the commits linked to a posting (lists/list-store.h's links) */
	yp.linked = a->has_lists ?
		lists_linked_commits(a->ix, &yp.max_linked) : xcalloc(1, 1);

	scope_init(&whole, a->ix);
	whole.no_lines = true;
	whole.identity_flags = a->o->identity_flags;
	range_init(&r);
	r.until = a->now;
	/*
	 * gitdm's figures over the same history (kmaint stats), in the same
	 * walk: a walk of its own was a second read of 1.4M commits
	 */
	w->st.each_commit = year_commit;
	w->st.each_data = &yp;
	rc = stats_collect(&w->st, &whole, &r, false);
	w->st.each_commit = NULL;
	w->st.each_data = NULL;
	if (rc)
		goto out;
	addr_fold(&yp);
	for (i = 0; i < a->nr_people; i++) {
		if (yp.first[i] >= w->first_year)
			w->y_new[yp.first[i] - w->first_year]++;
		/* a leaver: last seen that year, a year that is over */
		if (yp.last[i] >= w->first_year && yp.last[i] < year_of(a->now))
			w->y_left[yp.last[i] - w->first_year]++;
	}
	for (y = 0; y < w->nr_years; y++)
		w->y_elephant[y] = elephant(&yp.emp[y]);
out:
	scope_release(&whole);
	range_release(&r);
	for (y = 0; y < w->nr_years; y++)
		strmap_clear(&yp.emp[y], false);
	free(yp.emp);
	imap_free(&yp.seen);
	free(yp.first);
	free(yp.last);
	free(yp.linked);
	free(yp.ids);
	free(yp.emp_memo);
	return rc;
}

/* The section's M:/R: addresses (people, not roles), lower case. */
static size_t listed_addresses(const struct audit_section *s, const char ***out)
{
	const char **v = xcalloc(s->nr_listed + 1, sizeof(char *));
	size_t j, n = 0;

	for (j = 0; j < s->nr_listed; j++)
		if (!s->listed[j].is_role)
			v[n++] = s->listed[j].email;
	*out = v;
	return n;
}

/*
 * The median to commit of every section with threads on the lists (as
 * stats --list --section's walk of its commits gives it), in one pass
 * over the commits for all of them: a walk per section read the files
 * of its commits again, 2,900 times.
 */
static int sections_to_commit(struct site_figures *w, struct list_base *b,
			      const struct range *r, const int64_t *ids,
			      const size_t *start)
{
	const struct audit *a = w->a;
	const int64_t **paths = xcalloc(a->nr + 1, sizeof(*paths));
	size_t *nr_paths = xcalloc(a->nr + 1, sizeof(*nr_paths)), *of, i, n = 0;
	double *out = xcalloc(a->nr + 1, sizeof(*out));
	int rc;

	of = xcalloc(a->nr + 1, sizeof(*of));
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];

		w->sec[i].to_commit = -1;
		if (!s->list_threads || s->catch_all)
			continue;
		paths[n] = ids + start[s->index];
		nr_paths[n] = start[s->index + 1] - start[s->index];
		of[n++] = i;
	}
	rc = list_base_to_commit(b, a->ix, r, paths, nr_paths, n, out);
	for (i = 0; !rc && i < n; i++)
		w->sec[of[i]].to_commit = out[i];
	free(paths);
	free(nr_paths);
	free(of);
	free(out);
	return rc;
}

/*
 * Response times per section with threads on the lists (stats --list):
 * the messages read once, and one scope whose paths change from
 * section to section (MAINTAINERS, the people and the identity model
 * loaded once), so that 2,900 sections cost their own threads.
 */
int site_figures_lists(struct site_figures *w, struct scope *sc,
		       struct list_base *b)
{
	const struct audit *a = w->a;
	const char **every = NULL;
	size_t i, nr_every = 0, alloc_every = 0;
	struct range r;
	struct scope one;
	int64_t *ids = NULL;
	size_t *start = NULL;
	int rc = -1;

	range_init(&r);
	r.until = a->now;
	scope_init(&one, a->ix);
	one.identity_flags = a->o->identity_flags;
	if (scope_load_maintainers(&one, sc->maint_rev) ||
	    scope_all_section_paths(&one, &ids, &start))
		goto out;
	if (sections_to_commit(w, b, &r, ids, start) ||
	    list_base_index_paths(b, a->ix))
		goto out;
	list_base_keep_persons(b);	/* every section's through @one */
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];
		struct site_section_figures *si = &w->sec[i];
		const char **who;
		size_t nw = listed_addresses(s, &who), j;
		struct list_stats ls;

		for (j = 0; j < nw; j++) {
			ALLOC_GROW(every, nr_every + 1, alloc_every);
			every[nr_every++] = who[j];
		}
		si->reply = si->reply_listed = -1;
		si->reply_p90 = si->reply_listed_p90 = -1;
		if (!s->list_threads || s->catch_all) {
			free(who);
			continue;
		}
		list_stats_init(&ls);
		ls.no_commits = true;	/* sections_to_commit()'s */
		ls.no_people = true;	/* the figures only */
		scope_clear_paths(&one);
		scope_add_section_paths(&one, s->index, ids + start[s->index],
					start[s->index + 1] - start[s->index]);
		if (list_stats_collect_in(&ls, b, &one, &r, who, nw)) {
			free(who);
			list_stats_release(&ls);
			goto out;
		}
		si->have_lists = true;
		si->reply = ls.median_reply;
		si->reply_listed = ls.median_reply_listed;
		si->reply_p90 = ls.p90_reply;
		si->reply_listed_p90 = ls.p90_reply_listed;
		si->patches = ls.patches;
		si->answered = ls.answered;
		si->unanswered = ls.unanswered;
		free(who);
		list_stats_release(&ls);
	}
	/*
	 * the whole repository, a reply from anyone MAINTAINERS lists: the
	 * same scope without its paths, its people and identity model
	 * already read
	 */
	scope_clear_paths(&one);
	list_stats_init(&w->all);
	w->all.max_unposted = 1;
	w->all.no_people = true;	/* two medians shown */
	w->have_all = true;
	rc = list_stats_collect_in(&w->all, b, &one, &r, every, nr_every);
out:
	free(ids);
	free(start);
	scope_release(&one);
	free(every);
	range_release(&r);
	return rc;
}

int site_figures_pending(struct site_figures *w, struct scope *sc,
			 const struct ident_mailmap *mm, int64_t now, int days)
{
	struct pending_opts po = {
		.now = now,
		.days = days ? days : 14,
	};
	size_t i, j, k;

	if (pending_collect(&w->pend, sc, mm, &po))
		return -1;
	w->have_pend = true;
	for (i = 0; i < w->pend.nr; i++)
		for (j = 0; j < w->pend.v[i].nr; j++) {
			const struct pending_patch *p = &w->pend.v[i].patches[j];

			for (k = 0; k < p->nr_sections; k++) {
				size_t x;

				for (x = 0; x < w->a->nr; x++)
					if (w->a->v[x].index == p->sections[k])
						w->sec[x].pending++;
			}
		}
	return 0;
}


int site_figures_collect(struct site_figures *f, struct scope *sc,
			 const struct audit *a, const struct mh_history *h,
			 const struct site_figures_opts *o)
{
	struct propose_opts po;
	struct list_base *lb = NULL;
	int rc;

	site_figures_init(f, a);
	triage_run(a, &f->tr);
	/*
	 * the whole history's walks first, then the lists' messages, read
	 * once for the releases and the sections: the two are never held
	 * at once (at 1.4M commits, 100 MB each)
	 */
	if (site_figures_years(f) ||
	    (a->has_lists && !(lb = list_base_load(a->ix, NULL, 0))))
		return -1;
	rc = releases_collect(&f->rel, a->ix, a->o, o->release_tags,
			      o->releases, lb);
	if (!rc) {
		site_figures_turnover(f, h);
		rc = lb && (site_figures_lists(f, sc, lb) ||
			    site_figures_pending(f, sc, o->mm, o->pending_now,
						 o->pending_days));
	}
	list_base_free(lb);
	if (rc)
		return -1;
	propose_opts_init(&po);
	return propose_plan(a, &po, &f->props);
}
