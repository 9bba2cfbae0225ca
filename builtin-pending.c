// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint pending: the patches posted lately that no listed maintainer
 * of their section has answered, oldest first, series under their
 * cover letter (judge/pending.h).  Exits 1 when something is pending,
 * for scripts and CI, as audit does with findings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "git-mailmap.h"
#include "json.h"
#include "maintainers-history.h"
#include "parse-options.h"
#include "pending.h"
#include "scope.h"
#include "setup.h"
#include "util.h"

static const char usage_str[] =
	"kmaint pending [--mpath FILE] [--section NAME... | --person WHO] "
	"[--days N] [--as-of WHEN] [--json]";

static void iso_time(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "?");
}

static const char *section_name(const struct scope *s, int sec)
{
	const char *n = s->m.sections[sec].name;

	return n ? n : "(unnamed)";
}

static void text_msg(const struct pending_msg *pm, const char *indent)
{
	struct strbuf url = STRBUF_INIT;
	char day[16];

	mh_date(day, sizeof(day), pm->date);
	pending_url(&url, pm->msgid);
	printf("%s%s\n", indent, pm->subject);
	if (pending_sender_unread(pm))
		printf("%s  %s", indent, PENDING_NO_SENDER);
	else
		printf("%s  %s%s%s>", indent, pm->author,
		       *pm->author ? " <" : "<", pm->email);
	printf(", %s, %ld day%s\n", day, pm->days, pm->days == 1 ? "" : "s");
	printf("%s  %s\n", indent, url.buf);
	strbuf_release(&url);
}

static void text_patch(const struct scope *s, const struct pending_patch *pp,
		       const char *indent)
{
	size_t i;

	text_msg(&pp->msg, indent);
	if (!pp->nr_sections)
		return;		/* unanswered: no section to name */
	printf("%s  waits on ", indent);
	for (i = 0; i < pp->nr_sections; i++)
		printf("%s%s", i ? ", " : "", section_name(s, pp->sections[i]));
	for (i = 0; i < pp->nr_reviewers; i++) {
		const struct pending_reviewer *r = &pp->reviewers[i];

		printf("; %s by R: %s", r->reviewed ? "reviewed" : "answered",
		       *r->name ? r->name : r->email);
		if (pp->nr_sections > 1)
			printf(" (%s)", section_name(s, r->section));
	}
	putchar('\n');
}

static void print_text(const struct pending *p, const struct scope *s,
		       const char *whole, const char *what, int days,
		       bool unanswered)
{
	char d1[16], d2[16];
	size_t i, k, series = 0;

	mh_date(d1, sizeof(d1), p->since);
	mh_date(d2, sizeof(d2), p->now);
	if (unanswered)
		printf("kmaint pending: no MAINTAINERS, so nobody listed to "
		       "wait on; patches touching this repository's files "
		       "posted %s .. %s (%d days) that nobody but their author "
		       "has answered\n", d1, d2, days);
	else
		printf("kmaint pending: %s%s of %s; patches posted %s .. %s "
		       "(%d days) with no reply from a listed M:\n",
		       whole ? whole : "", whole ? what + 7 : what,
		       s->maint_from, d1, d2, days);
	for (i = 0; i < p->nr; i++)
		series += p->v[i].has_cover;
	if (!p->nr_patches)
		printf("nothing pending\n");
	else
		printf("%zu patch%s pending, %zu in %zu series\n", p->nr_patches,
		       p->nr_patches == 1 ? "" : "es",
		       p->nr_patches - (p->nr - series), series);
	for (i = 0; i < p->nr; i++) {
		const struct pending_series *ps = &p->v[i];

		putchar('\n');
		if (ps->has_cover)
			text_msg(&ps->cover, "");
		for (k = 0; k < ps->nr; k++)
			text_patch(s, &ps->patches[k], ps->has_cover ? "    " : "");
	}
}

static void json_msg(struct strbuf *out, const struct pending_msg *pm)
{
	struct strbuf url = STRBUF_INIT;
	char when[32];

	iso_time(when, sizeof(when), pm->date);
	pending_url(&url, pm->msgid);
	strbuf_addstr(out, "\"subject\": ");
	json_quote(out, pm->subject);
	if (pending_sender_unread(pm)) {
		strbuf_addstr(out, ", \"author\": null, \"email\": null");
	} else {
		strbuf_addstr(out, ", \"author\": ");
		json_quote(out, pm->author);
		strbuf_addstr(out, ", \"email\": ");
		json_quote(out, pm->email);
	}
	strbuf_addf(out, ", \"date\": \"%s\", \"days\": %ld, \"message_id\": ",
		    when, pm->days);
	json_quote(out, pm->msgid);
	strbuf_addstr(out, ", \"url\": ");
	json_quote(out, url.buf);
	strbuf_release(&url);
}

static void json_patch(struct strbuf *out, const struct scope *s,
		       const struct pending_patch *pp)
{
	size_t i;

	strbuf_addstr(out, "{");
	json_msg(out, &pp->msg);
	strbuf_addstr(out, ", \"waits_on\": [");
	for (i = 0; i < pp->nr_sections; i++) {
		if (i)
			strbuf_addstr(out, ", ");
		json_quote(out, section_name(s, pp->sections[i]));
	}
	strbuf_addstr(out, "], \"reviewers\": [");
	for (i = 0; i < pp->nr_reviewers; i++) {
		const struct pending_reviewer *r = &pp->reviewers[i];

		strbuf_addstr(out, i ? ", {\"section\": " : "{\"section\": ");
		json_quote(out, section_name(s, r->section));
		strbuf_addstr(out, ", \"name\": ");
		json_quote(out, r->name);
		strbuf_addstr(out, ", \"email\": ");
		json_quote(out, r->email);
		strbuf_addf(out, ", \"reviewed\": %s}", r->reviewed ? "true" : "false");
	}
	strbuf_addstr(out, "]}");
}

static void print_json(const struct pending *p, const struct scope *s,
		       const bool *selected, const char *person, int days,
		       bool unanswered)
{
	struct strbuf out = STRBUF_INIT;
	char d1[32], d2[32];
	size_t i, k;
	bool first = true;

	iso_time(d1, sizeof(d1), p->since);
	iso_time(d2, sizeof(d2), p->now);
	strbuf_addf(&out, "{\n  \"as_of\": \"%s\",\n  \"since\": \"%s\",\n"
		    "  \"days\": %d,\n  \"rule\": \"%s\",\n  \"maintainers\": ",
		    d2, d1, days, unanswered ? "unanswered" : "no-listed-m");
	if (unanswered)
		strbuf_addstr(&out, "null");
	else
		json_quote(&out, s->maint_from);
	scope_json_version(&out, s);
	strbuf_addstr(&out, ",\n  \"person\": ");
	if (person)
		json_quote(&out, person);
	else
		strbuf_addstr(&out, "null");
	strbuf_addstr(&out, ",\n  \"sections\": ");
	if (selected) {
		strbuf_addch(&out, '[');
		for (i = 0; i < s->m.nr_sections; i++) {
			if (!selected[i])
				continue;
			if (!first)
				strbuf_addstr(&out, ", ");
			first = false;
			json_quote(&out, section_name(s, (int)i));
		}
		strbuf_addch(&out, ']');
	} else {
		strbuf_addstr(&out, "null");
	}
	strbuf_addf(&out, ",\n  \"pending\": %zu,\n  \"series\": [", p->nr_patches);
	for (i = 0; i < p->nr; i++) {
		const struct pending_series *ps = &p->v[i];

		strbuf_addstr(&out, i ? ",\n    {\"cover\": " : "\n    {\"cover\": ");
		if (ps->has_cover) {
			strbuf_addch(&out, '{');
			json_msg(&out, &ps->cover);
			strbuf_addch(&out, '}');
		} else {
			strbuf_addstr(&out, "null");
		}
		strbuf_addstr(&out, ",\n     \"patches\": [");
		for (k = 0; k < ps->nr; k++) {
			strbuf_addstr(&out, k ? ",\n       " : "\n       ");
			json_patch(&out, s, &ps->patches[k]);
		}
		strbuf_addstr(&out, "]}");
	}
	strbuf_addstr(&out, p->nr ? "\n  ]\n}\n" : "]\n}\n");
	fputs(out.buf, stdout);
	strbuf_release(&out);
}

int cmd_pending(int argc, const char **argv)
{
	const char *as_of = NULL, *person = NULL, *mpath = NULL, *maint_at = NULL;
	int json = 0, no_update = 0, days = 14;
	struct cmd_setup c = { 0 };
	struct opt_list sections = { 0 }, operands = { 0 };
	struct option opts[] = {
		OPT_STRLIST("section", &sections, "NAME", "a MAINTAINERS section (exact name or unique prefix; repeatable)"),
		OPT_STR("person", &person, "WHO", "every section listing WHO (an address or a name) as M: or R:"),
		OPT_STR("mpath|maintainer-path", &mpath, "FILE", "another tree's MAINTAINERS (for a project without one)"),
		OPT_NUM("days", &days, "N", "patches posted in the last N days (14)"),
		OPT_STR("as-of", &as_of, "WHEN", "now is this date or revision (default: the newest message)"),
		OPT_STR("maintainers-at", &maint_at, "REV", "MAINTAINERS as at REV (default: that of --as-of, else the work tree's)"),
		OPT_SET("json", &json, "JSON output"),
		OPT_DB(&c.db),
		OPT_NO_UPDATE(&no_update),
		OPT_TERMINATOR
	};
	struct pending_opts po = { 0 };
	struct pending p = { 0 };
	struct strbuf what = STRBUF_INIT;
	char *mm_text = NULL;
	struct scope *sc = &c.sc;
	struct idx *ix = &c.ix;
	bool *selected = NULL, *whole = NULL;
	size_t i;
	int rc = 129;

	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options(usage_str, opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands))
		goto out;
	if (operands.nr) {
		error("unexpected argument '%s'", operands.v[0]);
		goto out;
	}
	if (sections.nr && person) {
		error("--section and --person are exclusive");
		goto out;
	}
	if (days < 1) {
		error("--days takes a number of days, at least 1, not %d", days);
		goto out;
	}
	rc = 128;
	po.days = days;
	if (as_of && mh_parse_when(as_of, &po.now)) {
		error("--as-of: '%s' is neither a date (YYYY-MM-DD) nor a revision",
		      as_of);
		goto out;
	}
	if (cmd_setup_index(&c, !no_update))
		goto out;
	/*
	 * Listed addresses are mapped as the index's people were: with the
	 * .mailmap text it keeps, which the repository's still is (else the
	 * index would have been updated), read without starting git.
	 */
	c.mm = ident_mailmap_new();
	mm_text = idx_meta_get(ix, "mailmap");
	if (mm_text)
		ident_mailmap_add(c.mm, mm_text, strlen(mm_text));
	if (!mpath && !scope_maintainers_exist(NULL)) {
		/* nobody listed: what nobody but the author answered */
		if (sections.nr || person) {
			error("no MAINTAINERS in the work tree or at HEAD: "
			      "name another tree's with --mpath FILE to use "
			      "--section or --person");
			rc = 129;
			goto out;
		}
		po.unanswered = true;
		goto collect;
	}
	if (mpath ? scope_load_maintainers_file(sc, mpath) :
		    scope_load_maintainers_when(sc, maint_at, as_of, po.now))
		goto out;
	if (sections.nr || person)
		selected = xcalloc(sc->m.nr_sections + 1, sizeof(bool));
	if (mpath)
		whole = xcalloc(sc->m.nr_sections + 1, sizeof(bool));
	for (i = 0; i < sections.nr; i++) {
		int sec = scope_find_section(sc, sections.v[i]);

		if (sec < 0)
			goto out;
		if (!pending_section_staffed(sc, sec)) {
			error("section %s lists no M: or R:: nobody to wait on",
			      section_name(sc, sec));
			goto out;
		}
		selected[sec] = true;
		strbuf_addf(&what, "%s%s", what.len ? ", " : "section ",
			    section_name(sc, sec));
		/* another tree's section stands for this whole project */
		if (mpath)
			whole[sec] = true;
	}
	if (person) {
		if (!pending_person_sections(sc, c.mm, person, selected)) {
			error("no section of %s lists '%s' as M: or R:",
			      sc->maint_from, person);
			goto out;
		}
		strbuf_addf(&what, "the sections listing %s (", person);
		for (i = 0; i < sc->m.nr_sections; i++)
			if (selected[i])
				strbuf_addf(&what, "%s%s", what.buf[what.len - 1] == '(' ?
					    "" : ", ", section_name(sc, (int)i));
		strbuf_addch(&what, ')');
	}
	if (!what.len)
		strbuf_addstr(&what, "every section");
	po.sections = selected;
	po.whole = whole;
collect:
	if (pending_collect(&p, sc, c.mm, &po))
		goto out;
	if (json)
		print_json(&p, sc, selected, person, days, po.unanswered);
	else
		print_text(&p, sc, mpath && sections.nr ? "for every file of this "
			   "repository, section" : NULL, what.buf, days,
			   po.unanswered);
	rc = p.nr_patches ? 1 : 0;
	pending_release(&p);
out:
	cmd_setup_release(&c);
	free(mm_text);
	strbuf_release(&what);
	free(selected);
	free(whole);
	free(sections.v);
	free(operands.v);
	return rc;
}
