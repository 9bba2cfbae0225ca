// SPDX-License-Identifier: GPL-2.0
/*
 * A release's page (see release-page.h).
 */
#include "release-page.h"

#include <stdlib.h>
#include <string.h>

#include "email.h"
#include "html.h"
#include "maintainers-history.h"
#include "util.h"

#define TOP 20

void release_links_init(struct release_links *l, const char *const *emails,
			char *const *files, size_t nr)
{
	size_t i;

	strmap_init(&l->by_email);
	for (i = 0; i < nr; i++)
		if (files[i] && emails[i])
			release_links_add(l, emails[i], files[i]);
}

void release_links_add(struct release_links *l, const char *email,
		       char *file)
{
	char *lc;
	struct strmap_entry *e;

	if (!*email)
		return;
	lc = lowercase(email);
	e = strmap_insert(&l->by_email, lc, strlen(lc));
	/* an address is one person's: the first page given keeps it */
	if (!e->value)
		e->value = file;
	free(lc);
}

void release_links_release(struct release_links *l)
{
	strmap_clear(&l->by_email, false);
}

void release_person(struct strbuf *out, const struct release_links *l,
		    int up, const char *name, const char *email)
{
	const char *file = NULL;

	if (l && email && *email) {
		char *lc = lowercase(email);

		file = strmap_get(&l->by_email, lc, strlen(lc));
		free(lc);
	}
	if (file)
		html_link(out, up, file, name);
	else
		html_escape(out, name);
}

void release_stats_table(struct strbuf *out, const struct stats *st,
			 const char *id, enum stats_report r, size_t max,
			 const struct release_links *l, int up)
{
	struct stats_row *rows = NULL;
	size_t nr = stats_rows(st, r, max, &rows), i;

	if (max && nr > max)
		nr = max;
	strbuf_addf(out, "<h2 id=\"%s\">", id);
	html_escape(out, stats_title(r));
	strbuf_addf(out, "</h2>\n<table id=\"%s-t\"><thead><tr><th>#</th>"
		    "<th>name</th><th>count</th><th>%%</th></tr></thead><tbody>\n",
		    id);
	for (i = 0; i < nr; i++) {
		strbuf_addf(out, "<tr><td class=\"n\">%zu</td><td>", i + 1);
		release_person(out, l, up, rows[i].name, rows[i].email);
		strbuf_addstr(out, "</td>");
		html_count_cell(out, rows[i].count);
		strbuf_addf(out, "<td class=\"n\">%.1f</td></tr>\n",
			    rows[i].percent);
	}
	if (!nr)
		strbuf_addstr(out, "<tr><td colspan=\"4\">none</td></tr>\n");
	strbuf_addstr(out, "</tbody></table>\n");
	free(rows);
}

/* One row of the review score, from git's trailers or from the lists. */
struct score_row {
	const char *name, *email;
	long score, given, posted;
};

static int cmp_score(const void *x, const void *y)
{
	const struct score_row *a = x, *b = y;

	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* The rows from git: trailers given, changesets authored. */
static size_t git_rows(const struct stats *st, struct score_row **out)
{
	struct score_row *v = xcalloc(st->nr_hackers + 1, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < st->nr_hackers; i++) {
		const struct stats_hacker *hk = &st->hackers[i];

		if (!hk->n[SC_CHANGESETS] && !hk->n[SC_REVIEWS] && !hk->n[SC_ACKS])
			continue;
		v[n].name = hk->name;
		v[n].email = hk->email;
		v[n].score = release_review_score(hk);
		v[n].given = hk->n[SC_REVIEWS] + hk->n[SC_ACKS];
		v[n++].posted = hk->n[SC_CHANGESETS];
	}
	*out = v;
	return n;
}

/* The rows from the lists: patches reviewed there, patches posted. */
static size_t list_rows(const struct list_stats *ls, struct score_row **out)
{
	struct score_row *v = xcalloc(ls->nr_people + 1, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < ls->nr_people; i++) {
		const struct ls_person *p = &ls->people[i];

		if (!p->patches && !p->reviews)
			continue;
		v[n].name = p->name && *p->name ? p->name : p->email;
		v[n].email = p->email;
		v[n].score = release_list_score(p);
		v[n].given = p->reviews;
		v[n++].posted = p->patches;
	}
	*out = v;
	return n;
}

/*
 * netdev's review score: the most reviews given against patches sent.
 * From the lists when they are indexed (as netdev counts it), from the
 * trailers in git otherwise; the page says which.
 */
static void review_score(struct strbuf *out, const struct release *rl,
			 const struct release_links *l)
{
	struct score_row *v;
	size_t n, i;

	strbuf_addstr(out, "<h2 id=\"review-score\">Review score</h2>\n"
		      "<p id=\"review-score-from\">netdev's, ");
	if (rl->have_ls) {
		n = list_rows(&rl->ls, &v);
		strbuf_addstr(out, "from the mailing lists: patches reviewed on "
			      "the list (a Reviewed-by, Acked-by or Tested-by "
			      "in a reply) minus patches posted, between the "
			      "two tags' dates");
	} else {
		n = git_rows(&rl->st, &v);
		strbuf_addstr(out, "from git (no list is indexed): Reviewed-by "
			      "and Acked-by given on others' changes minus "
			      "changesets authored");
	}
	strbuf_addf(out, "; the highest first.</p>\n<table id=\"review-score-t\">"
		    "<thead><tr><th>#</th><th>name</th><th>score</th><th>%s"
		    "</th><th>%s</th></tr></thead><tbody>\n",
		    rl->have_ls ? "reviewed on the list" : "reviews and acks",
		    rl->have_ls ? "patches posted" : "changesets");
	qsort(v, n, sizeof(*v), cmp_score);
	for (i = 0; i < n && i < TOP; i++) {
		strbuf_addf(out, "<tr><td class=\"n\">%zu</td><td>", i + 1);
		release_person(out, l, 1, v[i].name, v[i].email);
		strbuf_addstr(out, "</td>");
		html_count_cell(out, v[i].score);
		html_count_cell(out, v[i].given);
		html_count_cell(out, v[i].posted);
		strbuf_addstr(out, "</tr>\n");
	}
	if (!n)
		strbuf_addstr(out, "<tr><td colspan=\"5\">none</td></tr>\n");
	strbuf_addstr(out, "</tbody></table>\n");
	free(v);
}


/* The sections none of whose M: people the release saw, by name. */
static void unseen_list(struct strbuf *out, const struct release *rl)
{
	size_t i;

	if (!rl->nr_unseen)
		return;
	strbuf_addstr(out, "<details><summary>Sections with no M: seen in "
		      "the release (no changeset, commit or tag given)</summary>"
		      "<ul id=\"unseen\">");
	for (i = 0; i < rl->nr_unseen; i++) {
		strbuf_addstr(out, "<li>");
		html_escape(out, rl->unseen[i]);
		strbuf_addstr(out, "</li>");
	}
	strbuf_addstr(out, "</ul></details>\n");
}
/* A row of the snapshot's table: @what (kmaint's own words), @n. */
static void snapshot_row(struct strbuf *out, const char *what, long n)
{
	strbuf_addf(out, "<tr><td>%s</td>", what);
	html_count_cell(out, n);
	strbuf_addstr(out, "</tr>");
}

static void snapshot(struct strbuf *out, const struct release *rl)
{
	strbuf_addstr(out, "<h2 id=\"maintainers\">MAINTAINERS at ");
	html_escape(out, rl->tag);
	strbuf_addstr(out, "</h2>\n");
	if (rl->sections < 0) {
		strbuf_addstr(out, "<p>The tag has no MAINTAINERS file.</p>\n");
		return;
	}
	strbuf_addstr(out, "<table id=\"maintainers-t\"><tbody>");
	snapshot_row(out, "sections", rl->sections);
	snapshot_row(out, "M: lines", rl->m_lines);
	snapshot_row(out, "R: lines", rl->r_lines);
	snapshot_row(out, "sections with status Orphan", rl->orphans);
	snapshot_row(out, "sections with no M:", rl->no_m);
	/* the previous tag may have had no MAINTAINERS */
	if (rl->m_added >= 0) {
		snapshot_row(out, "M:/R: lines added since the previous release",
			     rl->m_added);
		snapshot_row(out, "M:/R: lines removed since the previous "
			     "release", rl->m_removed);
	}
	snapshot_row(out, "sections with no M: seen in the release",
		     (long)rl->nr_unseen);
	strbuf_addstr(out, "</tbody></table>\n");
	unseen_list(out, rl);
}

/* The changesets of no known employer, "(Unknown)". */
static long unknown_changesets(const struct stats *st)
{
	size_t i;

	for (i = 0; i < st->nr_employers; i++)
		if (!strcmp(st->employers[i].name, EMPLOYER_UNKNOWN))
			return st->employers[i].changesets;
	return 0;
}

void release_body(struct strbuf *out, const struct release *rl,
		  const struct release_links *l)
{
	static const struct {
		const char *id;
		enum stats_report r;
	} tables[] = {
		{ "changesets", SR_CHANGESETS },
		{ "lines", SR_LINES },
		{ "removed", SR_REMOVED },
		{ "reviews", SR_REVIEWS },
		{ "tests", SR_TESTS },
		{ "reports", SR_REPORTS },
		{ "signoffs", SR_SIGNOFFS },
		{ "first-time", SR_FIRST_TIME },
		{ "emp-changesets", SR_EMP_CHANGESETS },
		{ "emp-lines", SR_EMP_LINES },
		{ "emp-signoffs", SR_EMP_SIGNOFFS },
		{ "emp-developers", SR_EMP_DEVELOPERS },
	};
	const struct stats *st = &rl->st;
	char d1[16], d2[16];
	size_t i;

	mh_date(d1, sizeof(d1), rl->from);
	mh_date(d2, sizeof(d2), rl->to);
	strbuf_addstr(out, "<p><code>");
	html_escape(out, rl->prev);
	strbuf_addstr(out, "..");
	html_escape(out, rl->tag);
	strbuf_addf(out, "</code>, %s to %s: <b id=\"r-changesets\">", d1, d2);
	html_count(out, st->total[SC_CHANGESETS]);
	strbuf_addstr(out, "</b> changesets (merges left out) by ");
	html_count(out, st->developers);
	strbuf_addstr(out, " developers, ");
	html_count(out, st->first_timers);
	strbuf_addstr(out, " of them first-time contributors, at ");
	html_count(out, (long)st->nr_employers);
	strbuf_addstr(out, " employers; ");
	html_count(out, st->total[SC_ADDED]);
	strbuf_addstr(out, " lines added, ");
	html_count(out, st->total[SC_REMOVED]);
	strbuf_addf(out, " removed.  The tables are kmaint stats' (gitdm's "
		    "definitions, the first %d rows); employers are the "
		    "site's, as on every page: the gitdm map, else the "
		    "address's domain; %.1f%% of the changesets remain of "
		    "unknown employer."
		    "</p>\n", TOP, st->total[SC_CHANGESETS] ? 100.0 *
		    (double)unknown_changesets(st) /
		    (double)st->total[SC_CHANGESETS] : 0.0);
	snapshot(out, rl);
	review_score(out, rl, l);
	for (i = 0; i < ARRAY_SIZE(tables); i++)
		release_stats_table(out, st, tables[i].id, tables[i].r, TOP, l, 1);
}
