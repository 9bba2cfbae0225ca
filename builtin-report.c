// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint report: one self-contained HTML page for a repository or some
 * sections: the audit table, contributions per year by person and by
 * employer, maintainer tenure, reviews against authorship.
 *
 * The page fetches nothing: the style is inline, the charts are inline
 * SVG (report/html.h), there is no script and no link to follow.  Every
 * string from the repository (names, addresses, section names, statuses,
 * findings) is escaped, so a name like "<script>" is shown, not run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "audit.h"
#include "builtin.h"
#include "html.h"
#include "imap.h"
#include "list-store.h"
#include "list-stats.h"
#include "maintainers-history.h"
#include "parse-options.h"
#include "queries.h"
#include "scope.h"
#include "setup.h"
#include "site.h"
#include "strmap.h"
#include "util.h"

#define MAX_SERIES 8

/* Counts per (name, year), for the stacked charts. */
struct series {
	struct strmap idx;	/* name -> index + 1 */
	char **names;
	double *total;
	double *counts;		/* [name * nr_years + year] */
	size_t nr, alloc;
	int first_year, nr_years;
};

static void series_init(struct series *s, int first_year, int nr_years)
{
	memset(s, 0, sizeof(*s));
	strmap_init(&s->idx);
	s->first_year = first_year;
	s->nr_years = nr_years;
}

static void series_add(struct series *s, const char *name, int year)
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

static void series_release(struct series *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->names[i]);
	free(s->names);
	free(s->total);
	free(s->counts);
	strmap_clear(&s->idx, false);
}

/* The top MAX_SERIES - 1 names and "others", as a chart. */
static void series_chart(struct strbuf *out, const struct series *s,
			 const char *title)
{
	size_t *order = xcalloc(s->nr + 1, sizeof(size_t));
	size_t n = s->nr, i, j, shown;
	const char **names;
	const char **buckets;
	double *values;
	char (*labels)[8];

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 1; i < n; i++) {
		size_t x = order[i];

		for (j = i; j > 0 && (s->total[order[j - 1]] < s->total[x] ||
				      (s->total[order[j - 1]] == s->total[x] &&
				       strcmp(s->names[order[j - 1]], s->names[x]) > 0)); j--)
			order[j] = order[j - 1];
		order[j] = x;
	}
	shown = n > MAX_SERIES ? MAX_SERIES - 1 : n;
	names = xcalloc(shown + 2, sizeof(char *));
	values = xcalloc((shown + 1) * (size_t)s->nr_years + 1, sizeof(double));
	buckets = xcalloc((size_t)s->nr_years + 1, sizeof(char *));
	labels = xcalloc((size_t)s->nr_years + 1, sizeof(*labels));
	for (i = 0; i < (size_t)s->nr_years; i++) {
		snprintf(labels[i], sizeof(labels[i]), "%d", s->first_year + (int)i);
		buckets[i] = labels[i];
	}
	for (i = 0; i < n; i++) {
		size_t row = i < shown ? i : shown;

		for (j = 0; j < (size_t)s->nr_years; j++)
			values[row * (size_t)s->nr_years + j] +=
				s->counts[order[i] * (size_t)s->nr_years + j];
		if (i < shown)
			names[i] = s->names[order[i]];
	}
	if (n > shown)
		names[shown] = "others";
	{
		struct html_series_chart c = {
			title, names, n > shown ? shown + 1 : shown,
			buckets, (size_t)s->nr_years, values, false
		};

		html_svg_stacked(out, &c);
	}
	free(order);
	free(names);
	free(values);
	free(buckets);
	free(labels);
}

/*
 * Everyone of the scope, by person of the identity model (the audit's):
 * changesets and reviews given.
 */
struct contributor {
	char *name, *email;
	const char *employer;
	double authored, reviews;
};

struct collect {
	struct series *by_person, *by_employer;
	const struct audit_opts *o;
	const struct identity *id;
	struct idx *ix;
	struct strmap people;	/* person's email -> index + 1 */
	struct contributor *v;
	size_t nr, alloc;
	char **authors;		/* by commit id: the scope's commits' authors */
	size_t nr_authors;
};

/* One person's name and address as shown everywhere: the model's. */
static void as_person(const struct collect *col, const char **name,
		      const char **email)
{
	int p = identity_of_email(col->id, *email);

	if (p >= 0) {
		*name = col->id->persons[p].name;
		*email = col->id->persons[p].email;
	}
}

static struct contributor *contributor(struct collect *col, const char *name,
				       const char *email, int64_t when)
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
	struct collect *col = data;

	if (id < 0 || (size_t)id >= col->nr_authors || !col->authors[id] ||
	    !email || !*email)
		return 0;
	as_person(col, &name, &email);
	if (!strcasecmp(email, col->authors[id]))
		return 0;
	contributor(col, name, email, 0)->reviews += 1;
	return 0;
}

static int collect_reviews(struct collect *col)
{
	return idx_foreach_review_trailer(col->ix, add_review, col);
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;

	return a < b ? -1 : a > b;
}

static int collect_commit(const struct scope_commit *c, void *data)
{
	struct collect *col = data;
	int y = year_of(c->commit_time);
	const char *name = c->author_name, *email = c->author_email;

	as_person(col, &name, &email);
	series_add(col->by_person, name, y);
	series_add(col->by_employer,
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

/* What collect_list_reviews() passes its two walks. */
struct list_reviews {
	struct collect *col;
	struct scope *sc;
	const struct scope_people *people;
	struct series *by_reviewer;
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
		    cmp_i64))
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
	series_add(lr->by_reviewer, *name ? name : email, year_of(date));
	return 0;
}

/*
 * Reviews on the lists per year by person: replies in the threads of
 * patches touching the scope's files (every thread for the whole tree),
 * by the identity model's person.
 */
static int collect_list_reviews(struct collect *col, struct scope *sc,
				const struct scope_people *people,
				struct series *by_reviewer, int64_t since,
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
		qsort(lr.paths, sc->nr_paths, sizeof(int64_t), cmp_i64);
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

/* Seconds as hours, or "-" when there was nothing to measure (-1). */
static void hours_cell(struct strbuf *out, double seconds)
{
	if (seconds < 0)
		strbuf_addstr(out, "<td class=\"num\">-</td>");
	else
		strbuf_addf(out, "<td class=\"num\">%.1f</td>", seconds / 3600);
}

/*
 * Per section, the busiest on the lists first: the median time to a
 * first reply and to one from the section's M:/R:, patches and those
 * never answered (lists/list-stats.h's definitions).
 */
static int list_sections(struct strbuf *out, struct idx *ix,
			 const struct audit *a, const char *maint_rev,
			 int64_t since, int64_t until)
{
	enum { MAX_SECTIONS = 12 };
	const char *labels[MAX_SECTIONS];
	double reply[MAX_SECTIONS], listed[MAX_SECTIONS];
	double patches[MAX_SECTIONS], unanswered[MAX_SECTIONS];
	size_t *order = xcalloc(a->nr + 1, sizeof(size_t)), n = 0, i, k;
	struct list_base *b;
	struct scope sc;
	struct range r;

	/* the sections with the most threads on the lists */
	for (i = 0; i < a->nr; i++)
		order[i] = i;
	for (i = 1; i < a->nr; i++)
		for (k = i; k > 0 && a->v[order[k - 1]].list_threads <
		     a->v[order[k]].list_threads; k--) {
			size_t t = order[k];

			order[k] = order[k - 1];
			order[k - 1] = t;
		}
	range_init(&r);
	r.since = since;
	r.until = until;
	/* the section's scopes: the messages and the people read once */
	b = list_base_load(ix, NULL, 0);
	scope_init(&sc, ix);
	sc.identity_flags = a->o->identity_flags;
	if (!b || scope_load_maintainers(&sc, maint_rev))
		goto fail;
	strbuf_addstr(out, "<h2>Mailing lists</h2>\n<table><tr><th>section</th>"
		      "<th>patches</th><th>never answered</th>"
		      "<th>median hours to a first reply</th>"
		      "<th>to a reply from its M:/R:</th></tr>\n");
	for (i = 0; i < a->nr && n < MAX_SECTIONS; i++) {
		const struct audit_section *s = &a->v[order[i]];
		const char **who;
		struct list_stats st;
		size_t nw = 0, j;

		if (!s->list_threads)
			break;
		who = xcalloc(s->nr_listed + 1, sizeof(char *));
		for (j = 0; j < s->nr_listed; j++)
			if (!s->listed[j].is_role)
				who[nw++] = s->listed[j].email;
		list_stats_init(&st);
		scope_clear_paths(&sc);
		if (scope_add_section_index(&sc, s->index) ||
		    list_stats_collect_in(&st, b, &sc, &r, who, nw)) {
			free(who);
			list_stats_release(&st);
			goto fail;
		}
		labels[n] = s->name;
		patches[n] = (double)st.patches;
		unanswered[n] = (double)st.unanswered;
		reply[n] = st.median_reply < 0 ? 0 : st.median_reply / 3600;
		listed[n] = st.median_reply_listed < 0 ? 0 : st.median_reply_listed / 3600;
		strbuf_addstr(out, "<tr><td>");
		html_escape(out, s->name);
		strbuf_addf(out, "</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td>",
			    st.patches, st.unanswered);
		hours_cell(out, st.median_reply);
		hours_cell(out, st.median_reply_listed);
		strbuf_addstr(out, "</tr>\n");
		n++;
		free(who);
		list_stats_release(&st);
	}
	scope_release(&sc);
	list_base_free(b);
	strbuf_addstr(out, "</table>\n");
	if (n) {
		struct html_pair_chart times = {
			"Median hours to a first reply, and to one from the section's "
			"M:/R:", "any reply", "M:/R:", labels, n, reply, listed,
		};
		struct html_pair_chart open = {
			"Patches posted, and those never answered", "patches",
			"never answered", labels, n, patches, unanswered,
		};

		strbuf_addstr(out, "<figure>");
		html_svg_pairs(out, &times);
		strbuf_addstr(out, "</figure>\n<figure>");
		html_svg_pairs(out, &open);
		strbuf_addstr(out, "</figure>\n");
	}
	free(order);
	range_release(&r);
	return 0;
fail:
	scope_release(&sc);
	list_base_free(b);
	free(order);
	range_release(&r);
	return -1;
}

static const char style[] =
	"body{font-family:sans-serif;margin:2em;color:#222;max-width:70em}"
	"table{border-collapse:collapse;margin:1em 0}"
	"td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}"
	"th{background:#eee}.num{text-align:right}.finding{color:#a00}"
	".inactive{color:#888}figure{margin:1em 0}figcaption{font-size:small;color:#555}"
	"pre{background:#f6f6f6;padding:0.5em;overflow:auto}";

static void td(struct strbuf *out, const char *cls, const char *text)
{
	if (cls)
		strbuf_addf(out, "<td class=\"%s\">", cls);
	else
		strbuf_addstr(out, "<td>");
	html_escape(out, text);
	strbuf_addstr(out, "</td>");
}

static void audit_table(struct strbuf *out, const struct audit *a)
{
	size_t i, j;
	char d[16], num[32];

	strbuf_addstr(out, "<h2>Audit</h2>\n<table>\n<tr><th>Section</th><th>Status</th>"
		      "<th>Changes</th><th>Last change</th><th>Bus factor</th>"
		      "<th>Listed</th><th>Top unlisted authors</th><th>Findings</th></tr>\n");
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];
		size_t n;

		strbuf_addstr(out, "<tr>");
		td(out, NULL, s->name);
		td(out, NULL, s->status ? s->status : "");
		snprintf(num, sizeof(num), "%ld", s->changes);
		td(out, "num", num);
		if (s->last_change)
			mh_date(d, sizeof(d), s->last_change);
		else
			strcpy(d, "never");
		td(out, NULL, d);
		snprintf(num, sizeof(num), "%d", s->bus_factor);
		td(out, "num", num);
		strbuf_addstr(out, "<td>");
		for (j = 0; j < s->nr_listed; j++) {
			const struct audit_listed *l = &s->listed[j];
			const struct audit_stats *st = l->p ? &l->p->st : NULL;

			strbuf_addf(out, "<div%s>%c: ",
				    !l->is_role && !st ? " class=\"inactive\"" : "",
				    l->type);
			html_escape(out, l->name[0] ? l->name : l->email);
			if (l->is_role) {
				strbuf_addstr(out, " (list)</div>");
				continue;
			}
			strbuf_addstr(out, " &ndash; ");
			html_escape(out, l->employer);
			if (st)
				strbuf_addf(out, "; %ld changesets, %ld reviews, %ld applied",
					    st->authored, st->reviews, st->applied);
			else
				strbuf_addstr(out, "; no activity");
			strbuf_addstr(out, "</div>");
		}
		strbuf_addstr(out, "</td><td>");
		for (j = 0, n = 0; j < s->nr_people && n < 3; j++) {
			const struct audit_person *p = &s->people[j];
			size_t k;
			bool listed = false;

			if (!p->st.authored)
				break;
			for (k = 0; k < s->nr_listed; k++)
				if (s->listed[k].pid == p->pid)
					listed = true;
			if (listed)
				continue;
			strbuf_addstr(out, "<div>");
			html_escape(out, a->names[p->pid]);
			strbuf_addf(out, " (%ld)</div>", p->st.authored);
			n++;
		}
		strbuf_addstr(out, "</td><td class=\"finding\">");
		for (j = 0; j < s->nr_findings; j++) {
			strbuf_addstr(out, "<div>");
			html_escape(out, audit_kind_names[s->findings[j].kind]);
			strbuf_addstr(out, ": ");
			html_escape(out, s->findings[j].text);
			strbuf_addstr(out, "</div>");
		}
		strbuf_addstr(out, "</td></tr>\n");
	}
	strbuf_addstr(out, "</table>\n");
	for (i = 0; i < a->nr; i++) {
		struct strbuf ev = STRBUF_INIT;

		if (!a->v[i].nr_findings)
			continue;
		audit_evidence(&ev, a, &a->v[i]);
		strbuf_addstr(out, "<pre>");
		html_escape_len(out, ev.buf, ev.len);
		strbuf_addstr(out, "</pre>\n");
		strbuf_release(&ev);
	}
}

static int cmp_contrib(const void *x, const void *y)
{
	const struct contributor *a = x, *b = y;

	if (a->authored + a->reviews != b->authored + b->reviews)
		return a->authored + a->reviews > b->authored + b->reviews ? -1 : 1;
	return strcmp(a->email, b->email);
}

/* The people table and reviews against changesets, from the scope. */
static void people_section(struct strbuf *out, struct collect *col)
{
	const char **labels;
	double *ra, *rb;
	size_t i, n = col->nr > 15 ? 15 : col->nr;

	if (!col->nr)
		return;
	qsort(col->v, col->nr, sizeof(*col->v), cmp_contrib);
	labels = xcalloc(n + 1, sizeof(*labels));
	ra = xcalloc(n + 1, sizeof(double));
	rb = xcalloc(n + 1, sizeof(double));
	for (i = 0; i < n; i++) {
		labels[i] = col->v[i].name[0] ? col->v[i].name : col->v[i].email;
		ra[i] = col->v[i].reviews;
		rb[i] = col->v[i].authored;
	}
	{
		struct html_pair_chart c = {
			"Reviews given against changesets authored, per person",
			"reviews (Reviewed-by, Acked-by)", "changesets",
			labels, n, ra, rb
		};

		strbuf_addstr(out, "<h2>Reviews against authorship</h2>\n");
		html_svg_pairs(out, &c);
	}
	strbuf_addstr(out, "<h2>People</h2>\n<table>\n<tr><th>Name</th><th>Address</th>"
		      "<th>Employer</th><th>Changesets</th><th>Reviews</th></tr>\n");
	for (i = 0; i < col->nr && i < 200; i++) {
		char num[32];

		strbuf_addstr(out, "<tr>");
		td(out, NULL, col->v[i].name);
		td(out, NULL, col->v[i].email);
		td(out, NULL, col->v[i].employer);
		snprintf(num, sizeof(num), "%.0f", col->v[i].authored);
		td(out, "num", num);
		snprintf(num, sizeof(num), "%.0f", col->v[i].reviews);
		td(out, "num", num);
		strbuf_addstr(out, "</tr>\n");
	}
	strbuf_addstr(out, "</table>\n");
	free(labels);
	free(ra);
	free(rb);
}

static void tenure_chart(struct strbuf *out, const struct mh_history *h,
			 const struct audit *a, int64_t to)
{
	const char **labels = NULL;
	int64_t *start = NULL, *end = NULL;
	char **owned = NULL;
	size_t nr = 0, i, j;

	for (i = 0; i < h->nr_tenures; i++) {
		const struct mh_tenure *t = &h->tenures[i];
		bool want = false;

		for (j = 0; j < a->nr; j++)
			if (!strcmp(a->v[j].name, t->section))
				want = true;
		if (!want)
			continue;
		labels = xrealloc(labels, (nr + 1) * sizeof(*labels));
		owned = xrealloc(owned, (nr + 1) * sizeof(*owned));
		start = xrealloc(start, (nr + 1) * sizeof(*start));
		end = xrealloc(end, (nr + 1) * sizeof(*end));
		owned[nr] = a->nr > 1 ? xstrfmt("%s: %s", t->section, t->person) :
			    xstrfmt("%c: %s", t->type, t->person);
		labels[nr] = owned[nr];
		start[nr] = t->start;
		end[nr] = t->current ? to : t->end;
		nr++;
		if (nr >= 60)
			break;
	}
	strbuf_addstr(out, "<h2>Maintainer tenure</h2>\n");
	if (nr) {
		struct html_timeline tl = {
			"M: and R: entries from the versions of MAINTAINERS in the index",
			labels, nr, start, end, h->first, to > h->first ? to : h->first + 1
		};

		html_svg_timeline(out, &tl);
	} else {
		strbuf_addstr(out, "<p>No MAINTAINERS history in the index for these "
			      "sections.</p>\n");
	}
	for (i = 0; i < nr; i++)
		free(owned[i]);
	free(owned);
	free(labels);
	free(start);
	free(end);
}

/* --site: the static site (report/site.h), then a line saying what changed. */
static int write_site(struct scope *sc, struct audit *a, struct mh_history *h,
		      const char *dir, const char *title, int64_t pending_now,
		      int days, struct ident_mailmap *mm, struct idx *ix,
		      struct employer_map *emap, const char *const *urls,
		      int releases, const char *release_tags)
{
	struct site_opts so = { dir, title, pending_now, days, mm, urls[0],
				urls[1], releases, release_tags };
	struct site_result res;
	int rc = site_write(sc, a, h, &so, &res) ? 128 : 0;

	if (!rc)
		printf("%zu pages in %s, %zu written (%zu unchanged); index.html "
		       "%zu bytes, the site %zu bytes\n", res.pages, dir, res.written,
		       res.pages - res.written, res.index_bytes, res.total_bytes);
	mh_history_release(h);
	audit_release(a);
	scope_release(sc);
	idx_close(ix);
	employer_map_free(emap);
	ident_mailmap_free(mm);
	return rc;
}

/* --section: the sections reported on, the scope their paths; NULL: all. */
static bool *select_sections(struct scope *sc, const struct opt_list *sections)
{
	bool *selected;
	size_t i;

	if (!sections->nr)
		return NULL;
	selected = xcalloc(sc->m.nr_sections + 1, sizeof(bool));
	for (i = 0; i < sections->nr; i++) {
		int s = scope_find_section(sc, sections->v[i]);

		if (s < 0 || scope_add_section_index(sc, s))
			exit(128);
		selected[s] = true;
	}
	return selected;
}

/* Changesets per year over the window by person and employer; people. */
static void collect_page(struct collect *col, struct scope *sc,
			 const struct audit *a, struct range *r)
{
	int first_year = year_of(a->since), last_year = year_of(a->now);

	series_init(col->by_person, first_year, last_year - first_year + 1);
	series_init(col->by_employer, first_year, last_year - first_year + 1);
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

static void collect_release(struct collect *col)
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
	series_release(col->by_person);
	series_release(col->by_employer);
}

/* The page's head and the line under its heading. */
static void page_head(struct strbuf *out, const char *title, const char *one,
		      const struct audit *a, const char *maint_from)
{
	char d1[16], d2[16];

	mh_date(d1, sizeof(d1), a->since);
	mh_date(d2, sizeof(d2), a->now);
	strbuf_addstr(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		      "<meta charset=\"utf-8\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		      "style-src 'unsafe-inline'; img-src data:\">\n<title>");
	if (title || one)
		html_escape(out, title ? title : one);
	else
		strbuf_addstr(out, "kmaint report");
	strbuf_addf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
	if (title || one)
		html_escape(out, title ? title : one);
	else
		strbuf_addstr(out, "Maintainership report");
	strbuf_addstr(out, "</h1>\n<p>");
	strbuf_addf(out, "%zu section%s of ", a->nr, a->nr == 1 ? "" : "s");
	html_escape(out, maint_from);
	strbuf_addf(out, "; activity from %s to %s (%d years); %zu finding%s.</p>\n",
		    d1, d2, a->o->window_years, a->nr_findings,
		    a->nr_findings == 1 ? "" : "s");
}

/* The lists' side, when the index has lists: sections and reviewers. */
static void page_lists(struct strbuf *out, struct collect *col,
		       struct scope *sc, struct audit *a)
{
	int first_year = year_of(a->since), last_year = year_of(a->now);
	struct series by_reviewer;

	series_init(&by_reviewer, first_year, last_year - first_year + 1);
	if (list_sections(out, sc->ix, a, sc->maint_rev, a->since, a->now) ||
	    collect_list_reviews(col, sc, &a->people, &by_reviewer,
				 a->since, a->now))
		exit(128);	/* the message is out; like die() */
	series_chart(out, &by_reviewer, "Reviews on the lists per year "
		     "(replies to patches of these sections)");
	series_release(&by_reviewer);
}

static void write_page(const struct strbuf *out, const char *output)
{
	FILE *fp = stdout;

	if (output && !(fp = fopen(output, "w")))
		die_errno("cannot write '%s'", output);
	if (fwrite(out->buf, 1, out->len, fp) != out->len || (output && fclose(fp)))
		die_errno("cannot write '%s'", output ? output : "stdout");
}

/* The one-page report: the audit's table, the charts, the people. */
static void report_page(struct scope *sc, struct audit *a,
			struct mh_history *h, const char *title,
			const char *one, const char *output)
{
	struct series by_person, by_employer;
	struct collect col = { .by_person = &by_person,
			       .by_employer = &by_employer };
	struct strbuf out = STRBUF_INIT;
	struct range r;

	collect_page(&col, sc, a, &r);
	page_head(&out, title, one, a, sc->maint_from);
	audit_table(&out, a);
	strbuf_addstr(&out, "<h2>Contributions over time</h2>\n");
	series_chart(&out, &by_person, "Changesets per year by author");
	series_chart(&out, &by_employer, "Changesets per year by employer");
	tenure_chart(&out, h, a, a->now);
	people_section(&out, &col);
	if (a->has_lists)
		page_lists(&out, &col, sc, a);
	strbuf_addstr(&out, "<p><small>Generated by kmaint report.</small></p>\n"
		      "</body>\n</html>\n");
	write_page(&out, output);
	strbuf_release(&out);
	collect_release(&col);
	range_release(&r);
}

/* The combinations of options parse_options() cannot refuse: 129. */
static int check_report_args(const struct opt_list *operands,
			     const struct opt_list *sections,
			     const char *site, const char *output, int days,
			     const char *const *urls)
{
	int i;

	for (i = 0; i < 2; i++)
		if (urls[i] && *urls[i] && !strbuf_url_template_ok(urls[i]))
			return error("--%s-url '%s': one %%s (and %%%% for a "
				     "%%) expected", i ? "commit" : "message",
				     urls[i]);
	if (operands->nr)
		return error("unexpected argument '%s'", operands->v[0]);
	if (site && (sections->nr || output))
		return error("--site writes every section's page: no --section or -o");
	if (days <= 0)
		return error("--days takes a positive count, not %d", days);
	return 0;
}

int cmd_report(int argc, const char **argv)
{
	const char *as_of = NULL, *maint_at = NULL, *output = NULL,
		   *title = NULL, *site = NULL, *urls[2] = { NULL, NULL },
		   *release_tags = NULL;
	int days = 14, rc = 0, releases = 3;
	struct cmd_setup c = { 0 };
	struct audit_opts o;
	struct opt_list sections = { 0 }, operands = { 0 };
	struct option opts[] = {
		OPT_STRLIST("section", &sections, "NAME", "report on this section (repeatable; default all)"),
		OPT_STR("o|output", &output, "FILE", "write the page here (default: stdout)"),
		OPT_STR("site", &site, "DIR", "write a static site (index.html, a page per section and person) into DIR"),
		OPT_NUM("days", &days, "N", "--site: patches pending are those of the last N days (14)"),
		OPT_STR("title", &title, "TEXT", "the page's title"),
		OPT_STR("message-url", &urls[0], "URL", "--site: link Message-IDs to URL, %s the id (lore's; \"\" for none)"),
		OPT_NUM("releases", &releases, "N", "--site: a page for each of the last N releases (3; 0 none)"),
		OPT_STR("release-tags", &release_tags, "GLOB", "--site: the tags that are releases (all but -rc)"),
		OPT_STR("commit-url", &urls[1], "URL", "--site: link commit ids to URL, %s the id (none)"),
		OPT_STR("as-of", &as_of, "WHEN", "the history up to a date or revision"),
		OPT_STR("maintainers-at", &maint_at, "REV", "MAINTAINERS as at REV"),
		OPT_NUM("window", &o.window_years, "YEARS", "activity window (default 5)"),
		OPT_NUM("min-changes", &o.min_changes, "N", "finding threshold, as for audit (50)"),
		OPT_EMPLOYER_FILES(&c.email_map, &c.gitdm_config),
		OPT_IDENTITIES(&c.strict, &c.address),
		OPT_DB(&c.db),
		OPT_TERMINATOR
	};
	struct mh_history h;
	struct scope *sc = &c.sc;
	struct audit a;
	bool *selected = NULL;
	int i;

	audit_opts_init(&o);
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint report [--section NAME]... [-o FILE] [OPTIONS]\n"
				      "   or: kmaint report --site DIR [OPTIONS]",
				      opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands) ||
	    check_report_args(&operands, &sections, site, output, days, urls)) {
		free(operands.v);
		free(sections.v);
		return 129;
	}
	o.quarters = site != NULL;
	if (cmd_setup_people(&c, &o, as_of) || cmd_setup_index(&c, false))
		exit(128);	/* the message is out; like die() */
	if (scope_load_maintainers_when(sc, maint_at, as_of, o.now))
		exit(128);	/* the message is out; like die() */
	selected = select_sections(sc, &sections);
	if (audit_run(&c.ix, &sc->m, sc->mt, selected, &o, &a) ||
	    mh_history_load(&c.ix, a.now, c.mm, identity_canon_email, &a.id, &h))
		exit(128);	/* the message is out; like die() */
	if (site) {
		rc = write_site(sc, &a, &h, site, title, as_of ? a.now : 0,
				days, c.mm, &c.ix, c.emap, urls, releases,
				release_tags);
		free(sections.v);
		free(operands.v);
		return rc;
	}
	report_page(sc, &a, &h, title, sections.nr == 1 ? a.v[0].name : NULL,
		    output);
	mh_history_release(&h);
	audit_release(&a);
	cmd_setup_release(&c);
	free(selected);
	free(sections.v);
	free(operands.v);
	return rc;
}
