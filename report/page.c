// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint report's one page, drawn from the audit and the collected
 * figures (judge/contributions.h): no SQL and no collecting here.
 * Every string from the repository is escaped (report/html.h).
 */
#include "page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "util.h"

#define MAX_SERIES 8

/* The top MAX_SERIES - 1 names and "others", as a chart. */
void page_series_chart(struct strbuf *out, const struct year_series *s,
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

void page_audit_table(struct strbuf *out, const struct audit *a)
{
	size_t i, j;
	char d[16], num[32];

	strbuf_addstr(out, "<h2>Audit</h2>\n<table>\n<tr><th>Section</th><th>Status</th>"
		      "<th>Changes</th><th>Last change</th><th>Bus factor</th>"
		      "<th>Listed</th><th>Top unlisted authors</th><th>Findings</th></tr>\n");
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];
		struct audit_unlisted u;

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
				strbuf_addf(out, "; %d changesets, %d reviews, %d applied",
					    st->authored, st->reviews, st->applied);
			else
				strbuf_addstr(out, "; no activity");
			strbuf_addstr(out, "</div>");
		}
		strbuf_addstr(out, "</td><td>");
		audit_unlisted_init(&u, a, s, 3);
		for (j = 0; j < u.nr_authors; j++) {
			strbuf_addstr(out, "<div>");
			html_escape(out, a->names[u.authors[j]->pid]);
			strbuf_addf(out, " (%d)</div>", u.authors[j]->st.authored);
		}
		audit_unlisted_release(&u);
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
void page_people(struct strbuf *out, struct contributions *col)
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

void page_tenure_chart(struct strbuf *out, const struct mh_history *h,
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

/* The page's head and the line under its heading. */
void report_page_head(struct strbuf *out, const char *title, const char *one,
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

/* Seconds as hours, or "-" when there was nothing to measure (-1). */
static void hours_cell(struct strbuf *out, double seconds)
{
	if (seconds < 0)
		strbuf_addstr(out, "<td class=\"num\">-</td>");
	else
		strbuf_addf(out, "<td class=\"num\">%.1f</td>", seconds / 3600);
}

void page_list_sections(struct strbuf *out,
			const struct list_section_figures *v, size_t n)
{
	const char **labels = xcalloc(n + 1, sizeof(char *));
	double *reply = xcalloc(n + 1, sizeof(double));
	double *listed = xcalloc(n + 1, sizeof(double));
	double *patches = xcalloc(n + 1, sizeof(double));
	double *unanswered = xcalloc(n + 1, sizeof(double));
	size_t i;

	strbuf_addstr(out, "<h2>Mailing lists</h2>\n<table><tr><th>section</th>"
		      "<th>patches</th><th>never answered</th>"
		      "<th>median hours to a first reply</th>"
		      "<th>to a reply from its M:/R:</th></tr>\n");
	for (i = 0; i < n; i++) {
		const struct list_section_figures *f = &v[i];

		labels[i] = f->name;
		patches[i] = (double)f->patches;
		unanswered[i] = (double)f->unanswered;
		reply[i] = f->median_reply < 0 ? 0 : f->median_reply / 3600;
		listed[i] = f->median_reply_listed < 0 ? 0 :
			    f->median_reply_listed / 3600;
		strbuf_addstr(out, "<tr><td>");
		html_escape(out, f->name);
		strbuf_addf(out, "</td><td class=\"num\">%ld</td><td class=\"num\">%ld</td>",
			    f->patches, f->unanswered);
		hours_cell(out, f->median_reply);
		hours_cell(out, f->median_reply_listed);
		strbuf_addstr(out, "</tr>\n");
	}
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
	free(labels);
	free(reply);
	free(listed);
	free(patches);
	free(unanswered);
}
