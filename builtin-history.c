// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint history: how MAINTAINERS changed.
 *
 *   kmaint history [--section NAME]... [--until WHEN] [--json]
 *	every M: and R: addition and removal per section from the versions
 *	in the history index, each person's tenure, turnover per section;
 *   kmaint history --diff A B
 *	two versions (files, or revisions whose MAINTAINERS is read):
 *	sections added, removed and renamed, people added and removed,
 *	status changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "builtin.h"
#include "git-mailmap.h"
#include "index.h"
#include "json.h"
#include "maintainers-history.h"
#include "parse-options.h"
#include "scope.h"
#include "util.h"

/* A file if one exists by that name, else REV:MAINTAINERS from git. */
static int load_version(const char *arg, struct strbuf *out)
{
	char *buf;
	size_t len;

	if (is_file(arg)) {
		if (read_file(arg, &buf, &len))
			return error("cannot read '%s'", arg);
		strbuf_add(out, buf, len);
		free(buf);
		return 0;
	}
	if (is_dir(arg)) {
		char *p = xstrfmt("%s/MAINTAINERS", arg);
		int rc = is_file(p) ? load_version(p, out) :
			 error("'%s' has no MAINTAINERS file", arg);

		free(p);
		return rc;
	}
	if (mh_text_at(arg, out))
		return error("'%s' is neither a file nor a revision "
			     "with a MAINTAINERS file", arg);
	return 0;
}

static int do_diff(const char *a, const char *b, bool json)
{
	struct strbuf ta = STRBUF_INIT, tb = STRBUF_INIT;
	struct mh_diff d = { 0 };

	if (load_version(a, &ta) || load_version(b, &tb))
		return 128;
	mh_diff_texts(ta.buf, ta.len, tb.buf, tb.len, &d);
	mh_diff_sort(&d);
	if (json) {
		struct strbuf out = STRBUF_INIT;

		mh_diff_json(&out, &d);
		puts(out.buf);
		strbuf_release(&out);
	} else {
		mh_diff_print(stdout, &d);
	}
	mh_diff_release(&d);
	strbuf_release(&ta);
	strbuf_release(&tb);
	return 0;
}

static bool wanted(const struct opt_list *sections, const char *name)
{
	size_t i;

	if (!sections->nr)
		return true;
	for (i = 0; i < sections->nr; i++)
		if (!strcasecmp(sections->v[i], name))
			return true;
	return false;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static double years(int64_t a, int64_t b)
{
	return (double)(b - a) / (365.25 * 86400);
}

static void print_section(const struct mh_history *h, const char *name)
{
	char d1[16], d2[16];
	size_t i, adds = 0, dels = 0;
	int64_t since = 0;	/* the section's first tenure */

	printf("%s\n", name);
	for (i = 0; i < h->nr_events; i++) {
		const struct mh_event *e = &h->events[i];

		if (strcmp(e->section, name) || e->initial)
			continue;
		mh_date(d1, sizeof(d1), e->time);
		if (!e->type) {
			printf("  %s %.12s renamed from %s\n", d1, e->hash, e->person);
			continue;
		}
		if (!strcmp(e->key, "\001carried"))
			continue;
		printf("  %s %.12s %c %c:\t%s\n", d1, e->hash, e->added ? '+' : '-',
		       e->type, e->person);
		if (e->added)
			adds++;
		else
			dels++;
	}
	printf("  tenure:\n");
	for (i = 0; i < h->nr_tenures; i++) {
		const struct mh_tenure *t = &h->tenures[i];

		if (strcmp(t->section, name))
			continue;
		if (!since || t->start < since)
			since = t->start;
		mh_date(d1, sizeof(d1), t->start);
		mh_date(d2, sizeof(d2), t->end);
		printf("    %c: %s: %s%s .. %s (%.1f years)\n", t->type, t->person,
		       t->from_start ? "<=" : "", d1, t->current ? "now" : d2,
		       years(t->start, t->end));
	}
	printf("  turnover: %zu added, %zu removed", adds, dels);
	if (adds + dels)
		printf(" in %.1f years", years(since ? since : h->first, h->last));
	printf("\n\n");
}

static void json_section(struct strbuf *out, const struct mh_history *h,
			 const char *name)
{
	size_t i, n = 0, adds = 0, dels = 0;
	char d[16];

	strbuf_addstr(out, "{\"section\":");
	json_quote(out, name);
	strbuf_addstr(out, ",\"events\":[");
	for (i = 0; i < h->nr_events; i++) {
		const struct mh_event *e = &h->events[i];

		if (strcmp(e->section, name) || e->initial ||
		    !strcmp(e->key, "\001carried"))
			continue;
		mh_date(d, sizeof(d), e->time);
		strbuf_addf(out, "%s{\"date\":\"%s\",\"time\":%lld,\"commit\":\"%s\",",
			    n++ ? "," : "", d, (long long)e->time, e->hash);
		if (!e->type) {
			strbuf_addstr(out, "\"renamed_from\":");
			json_quote(out, e->person);
		} else {
			strbuf_addf(out, "\"%s\":\"%c\",\"person\":",
				    e->added ? "added" : "removed", e->type);
			json_quote(out, e->person);
			if (e->added)
				adds++;
			else
				dels++;
		}
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "],\"tenure\":[");
	for (i = 0, n = 0; i < h->nr_tenures; i++) {
		const struct mh_tenure *t = &h->tenures[i];

		if (strcmp(t->section, name))
			continue;
		strbuf_addf(out, "%s{\"type\":\"%c\",\"person\":", n++ ? "," : "",
			    t->type);
		json_quote(out, t->person);
		mh_date(d, sizeof(d), t->start);
		strbuf_addf(out, ",\"start\":\"%s\",\"since_first_version\":%s",
			    d, t->from_start ? "true" : "false");
		mh_date(d, sizeof(d), t->end);
		strbuf_addf(out, ",\"end\":%s%s%s,\"years\":%.2f}",
			    t->current ? "null" : "\"", t->current ? "" : d,
			    t->current ? "" : "\"", years(t->start, t->end));
	}
	strbuf_addf(out, "],\"added\":%zu,\"removed\":%zu}", adds, dels);
}

int cmd_history(int argc, const char **argv)
{
	const char *db_path = NULL, *until_arg = NULL;
	int json = 0, diff = 0, all = 0, strict = 0, address = 0;
	struct opt_list sections = { 0 }, operands = { 0 };
	struct option opts[] = {
		OPT_SET("diff", &diff, "compare two versions: files or revisions"),
		OPT_STRLIST("section", &sections, "NAME", "only this section (repeatable)"),
		OPT_STR("until", &until_arg, "WHEN", "versions up to a date or revision"),
		OPT_SET("all", &all, "also sections without changes"),
		OPT_SET("json", &json, "JSON output"),
		OPT_IDENTITIES(&strict, &address),
		OPT_DB(&db_path),
		OPT_TERMINATOR
	};
	struct mh_history h;
	struct strbuf out = STRBUF_INIT;
	char **names = NULL;
	size_t nr_names = 0, alloc = 0, i;
	int64_t until = 0;
	struct ident_mailmap *mm = NULL;
	const struct identity *id;
	struct scope sc;
	struct idx ix;
	char *path = NULL;
	int rc = 128;

	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint history [--section NAME]... [--until WHEN] [--json]\n"
				      "   or: kmaint history --diff A B [--json]", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		rc = 129;
		goto done;
	}
	if (diff) {
		if (operands.nr != 2) {
			error("--diff takes two versions: files or revisions");
			rc = 129;
		} else {
			rc = do_diff(operands.v[0], operands.v[1], json);
		}
		goto done;
	}
	if (operands.nr) {
		error("unexpected argument '%s'", operands.v[0]);
		rc = 129;
		goto done;
	}
	if (until_arg && mh_parse_when(until_arg, &until)) {
		error("--until: '%s' is neither a date (YYYY-MM-DD) nor a revision",
		      until_arg);
		goto done;
	}
	path = db_path ? xstrdup(db_path) : idx_default_path();
	if (!path) {
		error("not a git repository (or give --db)");
		goto done;
	}
	if (idx_open(&ix, path, IDX_READONLY))
		goto done;
	mm = ident_mailmap_new();
	ident_mailmap_load_repo(mm, NULL);
	scope_init(&sc, &ix);
	sc.identity_flags = identity_flags_for(strict, address);
	if (!(id = scope_identity(&sc)) ||
	    mh_history_load(&ix, until, mm, identity_canon_email, id, &h)) {
		scope_release(&sc);
		idx_close(&ix);
		goto done;
	}

	/* the sections to show: every name an event or tenure carries */
	for (i = 0; i < h.nr_events + h.nr_tenures; i++) {
		const char *n = i < h.nr_events ? h.events[i].section :
				h.tenures[i - h.nr_events].section;
		size_t j;

		/* without --all: only sections that changed after the first version */
		if (i < h.nr_events ? h.events[i].initial && !all : !all)
			continue;
		if (!wanted(&sections, n))
			continue;
		for (j = 0; j < nr_names; j++)
			if (!strcmp(names[j], n))
				break;
		if (j < nr_names)
			continue;
		ALLOC_GROW(names, nr_names + 1, alloc);
		names[nr_names++] = (char *)n;
	}
	if (nr_names)
		qsort(names, nr_names, sizeof(*names), cmp_str);
	if (json) {
		char d1[16], d2[16];

		mh_date(d1, sizeof(d1), h.first);
		mh_date(d2, sizeof(d2), h.last);
		strbuf_addf(&out, "{\"versions\":%zu,\"first\":\"%s\",\"last\":\"%s\","
			    "\"sections\":[", h.versions, h.versions ? d1 : "",
			    h.versions ? d2 : "");
		for (i = 0; i < nr_names; i++) {
			if (i)
				strbuf_addch(&out, ',');
			json_section(&out, &h, names[i]);
		}
		strbuf_addstr(&out, "]}");
		puts(out.buf);
	} else {
		for (i = 0; i < nr_names; i++)
			print_section(&h, names[i]);
		printf("%zu versions of MAINTAINERS, %zu sections shown\n",
		       h.versions, nr_names);
	}
	if (sections.nr && !nr_names)
		warning("no section by that name has a history");
	strbuf_release(&out);
	free(names);
	mh_history_release(&h);
	scope_release(&sc);
	idx_close(&ix);
	rc = 0;
done:
	ident_mailmap_free(mm);
	free(path);
	free(sections.v);
	free(operands.v);
	return rc;
}
