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
#include "maintainers-history.h"
#include "page.h"
#include "parse-options.h"
#include "run-command.h"
#include "scope.h"
#include "setup.h"
#include "site.h"
#include "site-figures.h"
#include "site-stamp.h"
#include "util.h"

static void print_site_result(const struct site_result *res, const char *dir)
{
	printf("%zu pages in %s, %zu written (%zu unchanged), "
	       "%zu removed; index.html %zu bytes, the site %zu bytes\n",
	       res->pages, dir, res->written, res->pages - res->written,
	       res->removed, res->index_bytes, res->total_bytes);
}

/* --site: the static site (report/site.h), then a line saying what changed. */
static int write_site(struct scope *sc, struct audit *a, struct mh_history *h,
		      const char *dir, const char *title, int64_t pending_now,
		      int days, struct ident_mailmap *mm, struct idx *ix,
		      struct employer_map *emap, const char *const *urls,
		      int releases, const char *release_tags,
		      const struct site_stamp *st)
{
	struct site_opts so = { dir, title, pending_now, days, mm, urls[0],
				urls[1], releases, release_tags };
	struct site_figures_opts fo = { release_tags, releases, mm,
					pending_now, days };
	struct site_figures fig;
	struct site_result res;
	int rc = site_figures_collect(&fig, sc, a, h, &fo) ||
		 site_write(sc, a, h, &fig, &so, &res) ||
		 (st && site_stamp_write(st, dir, &res)) ? 128 : 0;

	if (!rc)
		print_site_result(&res, dir);
	site_figures_release(&fig);
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
	enum { MAX_LIST_SECTIONS = 12 };
	int first_year = year_of(a->since), last_year = year_of(a->now);
	struct list_section_figures v[MAX_LIST_SECTIONS];
	struct year_series by_reviewer;
	size_t n;

	year_series_init(&by_reviewer, first_year, last_year - first_year + 1);
	if (contributions_list_sections(v, MAX_LIST_SECTIONS, &n, sc->ix, a,
					sc->maint_rev, a->since, a->now) ||
	    contributions_list_reviews(col, sc, &a->people, &by_reviewer,
				       a->since, a->now))
		exit(128);	/* the message is out; like die() */
	page_list_sections(out, v, n);
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

/* --commit-url's default: remote.origin.url's web view, when known. */
static char *remote_commit_url(void)
{
	struct strbuf o = STRBUF_INIT;
	const char *argv[] = { "config", "--get", "remote.origin.url", NULL };
	char *url = NULL;

	if (!capture_git(argv, &o, NULL)) {
		strbuf_trim(&o);
		url = site_commit_url_for_remote(o.buf);
	}
	strbuf_release(&o);
	return url;
}

/* One git command's output as an input of the stamp (NULL if it fails). */
static void stamp_git(struct site_stamp *st, const char *what,
		      const char **argv)
{
	struct strbuf o = STRBUF_INIT, err = STRBUF_INIT;

	if (capture_git(argv, &o, &err))
		site_stamp_add_str(st, what, NULL);
	else
		site_stamp_add(st, what, o.buf, o.len);
	strbuf_release(&o);
	strbuf_release(&err);
}

/* The repository's inputs: MAINTAINERS as read, the mailmap, HEAD, tags. */
static void stamp_repository(struct site_stamp *st, const struct scope *sc)
{
	const char *rev[] = { "rev-parse", "-q", "--verify", NULL, NULL };
	const char *tags[] = { "for-each-ref", "--format=%(objectname) "
			       "%(*objectname) %(refname)", "refs/tags", NULL };
	struct ident_mailmap *mm = ident_mailmap_new();
	struct strbuf text = STRBUF_INIT;
	size_t i;

	site_stamp_add_str(st, "maintainers", sc->maint_from);
	for (i = 0; i < sc->m.nr_files; i++) {
		if (!sc->m.bufs[i]) {	/* read from the work tree */
			site_stamp_add_file(st, "file", sc->m.files[i]);
			continue;
		}
		rev[3] = sc->m.files[i];	/* "REV:MAINTAINERS": its blob */
		stamp_git(st, "blob", rev);
		site_stamp_add_str(st, "text", sc->m.bufs[i]);
	}
	ident_mailmap_load_repo(mm, &text);
	site_stamp_add(st, "mailmap", text.buf, text.len);
	ident_mailmap_free(mm);
	strbuf_release(&text);
	rev[3] = "HEAD";
	stamp_git(st, "HEAD", rev);
	stamp_git(st, "tags", tags);
}

/* An option's value (NULL: not given), or a number's, by name. */
struct stamp_opt {
	const char *name, *str;
	long long num;
	bool is_num;
};

/*
 * Every input of the site (report/site-stamp.h): the binary, the @nr
 * options @v and the files they name, the index and the repository.
 * -1 if the index cannot say its state.
 */
static int stamp_inputs(struct site_stamp *st, struct cmd_setup *c,
			const struct stamp_opt *v, size_t nr)
{
	struct strbuf ix = STRBUF_INIT;
	size_t i;
	int rc;

	site_stamp_add_self(st);
	for (i = 0; i < nr; i++)
		if (v[i].is_num)
			site_stamp_add_int(st, v[i].name, v[i].num);
		else
			site_stamp_add_str(st, v[i].name, v[i].str);
	site_stamp_add_file(st, "email-map", c->email_map);
	site_stamp_add_file(st, "gitdm-config", c->gitdm_config);
	site_stamp_add_str(st, "index", c->ix.path);
	site_stamp_add_str(st, "index-head", c->ix.head);
	rc = idx_state(&c->ix, &ix);
	site_stamp_add(st, "index-state", ix.buf, ix.len);
	strbuf_release(&ix);
	stamp_repository(st, &c->sc);
	return rc;
}

/*
 * --site over a site made from these very inputs (unless @force): the
 * summary of the run that made it again, and nothing computed.  Else
 * the stamp goes before a page changes; *@st is left NULL if there is
 * to be no new one (the index could not say its state).
 */
static bool site_unchanged(struct site_stamp **st, struct cmd_setup *c,
			   const char *dir, bool force,
			   const struct stamp_opt *v, size_t nr)
{
	struct site_result res;

	if (stamp_inputs(*st, c, v, nr))
		*st = NULL;
	else if (!force && site_stamp_fresh(*st, dir, &res)) {
		print_site_result(&res, dir);
		return true;
	}
	if (site_stamp_forget(dir))
		exit(128);	/* the message is out; like die() */
	return false;
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
	int days = 14, rc = 0, releases = 3, force = 0;
	struct site_stamp stamp, *st = &stamp;
	char *guessed = NULL;
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
		OPT_STR("commit-url", &urls[1], "URL", "--site: link commit ids to URL, %s the id (remote.origin.url's web view if known; \"\" for none)"),
		OPT_SET("force", &force, "--site: compute every page even if nothing is new"),
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
	o.active_people = true;
	if (cmd_setup_people(&c, &o, as_of) || cmd_setup_index(&c, false))
		exit(128);	/* the message is out; like die() */
	if (scope_load_maintainers_when(sc, maint_at, as_of, o.now))
		exit(128);	/* the message is out; like die() */
	selected = select_sections(sc, &sections);
	if (site) {
		struct stamp_opt v[] = {
			{ "title", title, 0, false },
			{ "message-url", urls[0], 0, false },
			{ "commit-url", urls[1], 0, false },
			{ "release-tags", release_tags, 0, false },
			{ "as-of", as_of, 0, false },
			{ "maintainers-at", maint_at, 0, false },
			{ "db", c.db, 0, false },
			{ "now", NULL, o.now, true },
			{ "days", NULL, days, true },
			{ "releases", NULL, releases, true },
			{ "window", NULL, o.window_years, true },
			{ "min-changes", NULL, o.min_changes, true },
			{ "identities", NULL, o.identity_flags, true },
		};

		guessed = urls[1] ? NULL : remote_commit_url();
		if (guessed)
			v[2].str = urls[1] = guessed;
		site_stamp_init(&stamp);
		if (site_unchanged(&st, &c, site, force, v, ARRAY_SIZE(v))) {
			site_stamp_release(&stamp);
			free(guessed);
			cmd_setup_release(&c);
			free(sections.v);
			free(operands.v);
			return 0;
		}
	}
	if (audit_run(&c.ix, &sc->m, sc->mt, selected, &o, &a) ||
	    mh_history_load(&c.ix, a.now, c.mm, identity_canon_email, &a.id, &h))
		exit(128);	/* the message is out; like die() */
	if (site) {
		rc = write_site(sc, &a, &h, site, title, as_of ? a.now : 0,
				days, c.mm, &c.ix, c.emap, urls, releases,
				release_tags, st);
		site_stamp_release(&stamp);
		free(guessed);
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
