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
 *
 * The figures beyond the audit's are collected by judge/contributions.c
 * and the page is drawn by report/page.c; --site is report/site.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "builtin.h"
#include "contributions.h"
#include "html.h"
#include "list-stats.h"
#include "maintainers-history.h"
#include "page.h"
#include "parse-options.h"
#include "scope.h"
#include "setup.h"
#include "site.h"
#include "util.h"

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

/* The lists' side, when the index has lists: sections and reviewers. */
static void page_lists(struct strbuf *out, struct contributions *col,
		       struct scope *sc, struct audit *a)
{
	int first_year = year_of(a->since), last_year = year_of(a->now);
	struct year_series by_reviewer;

	year_series_init(&by_reviewer, first_year, last_year - first_year + 1);
	if (list_sections(out, sc->ix, a, sc->maint_rev, a->since, a->now) ||
	    contributions_list_reviews(col, sc, &a->people, &by_reviewer,
				       a->since, a->now))
		exit(128);	/* the message is out; like die() */
	page_series_chart(out, &by_reviewer, "Reviews on the lists per year "
			  "(replies to patches of these sections)");
	year_series_release(&by_reviewer);
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
	struct year_series by_person, by_employer;
	struct contributions col = { .by_person = &by_person,
			       .by_employer = &by_employer };
	struct strbuf out = STRBUF_INIT;
	struct range r;

	contributions_collect(&col, sc, a, &r);
	report_page_head(&out, title, one, a, sc->maint_from);
	page_audit_table(&out, a);
	strbuf_addstr(&out, "<h2>Contributions over time</h2>\n");
	page_series_chart(&out, &by_person, "Changesets per year by author");
	page_series_chart(&out, &by_employer, "Changesets per year by employer");
	page_tenure_chart(&out, h, a, a->now);
	page_people(&out, &col);
	if (a->has_lists)
		page_lists(&out, &col, sc, a);
	strbuf_addstr(&out, "<p><small>Generated by kmaint report.</small></p>\n"
		      "</body>\n</html>\n");
	write_page(&out, output);
	strbuf_release(&out);
	contributions_release(&col);
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
