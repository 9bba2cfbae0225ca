// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint stats: gitdm's contribution reports for any part of the tree
 * and any range, answered from the history index instead of re-reading
 * "git log --numstat" for every question.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "email.h"
#include "employer.h"
#include "json.h"
#include "list-stats.h"
#include "parse-options.h"
#include "queries.h"
#include "scope.h"
#include "stats.h"

static const char usage_str[] =
	"kmaint stats [--section NAME] [--path PATTERN] [--regex RE] "
	"[--since WHEN] [--until WHEN] [--rev A..B] [--report NAME,...] "
	"[--top N] [--csv | --json] [--list[=NAME,...]]";

struct stats_args {
	struct opt_list sections, paths, regexes, reports, configs, maps;
	const char *maint_at, *since, *until, *rev, *db, *list;
	int csv, json, top, unknown, no_update, builtin_map, strict;
	int address;
	bool want[SR_NR];
};

/* Display width of UTF-8 text: the bytes that start a character. */
static int width(const char *s)
{
	int w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void day(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(buf, len, "%Y-%m-%d", &tm))
		snprintf(buf, len, "?");
}

static void csv_field(const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

static size_t shown(const struct stats_args *a, size_t nr)
{
	return a->top > 0 && (size_t)a->top < nr ? (size_t)a->top : nr;
}

static void print_text(const struct stats *st, const struct stats_args *a)
{
	int r;
	bool first = true;

	for (r = 0; r < SR_NR; r++) {
		struct stats_row *rows;
		size_t nr, n, i;
		int w = 20;
		char when[32];

		if (!a->want[r])
			continue;
		nr = stats_rows(st, r, a->top > 0 ? (size_t)a->top : 0, &rows);
		n = shown(a, nr);
		for (i = 0; i < n; i++)
			if (width(rows[i].name) > w)
				w = width(rows[i].name);
		if (w > 50)
			w = 50;
		printf("%s%s", first ? "" : "\n", stats_title(r));
		if (n < nr)
			printf(" (top %zu of %zu)", n, nr);
		putchar('\n');
		first = false;
		if (!nr)
			printf("  (none)\n");
		for (i = 0; i < n; i++) {
			int pad = w - width(rows[i].name);

			printf("  %s%*s %8ld %6.1f%%", rows[i].name,
			       pad > 0 ? pad : 0, "", rows[i].count,
			       rows[i].percent);
			if (r == SR_FIRST_TIME) {
				day(when, sizeof(when), rows[i].when);
				printf("  first %s", when);
			}
			putchar('\n');
		}
		free(rows);
	}
}

static void print_csv(const struct stats *st, const struct stats_args *a)
{
	int r;

	printf("report,rank,name,email,count,percent\n");
	for (r = 0; r < SR_NR; r++) {
		struct stats_row *rows;
		size_t nr, n, i;

		if (!a->want[r])
			continue;
		nr = stats_rows(st, r, a->top > 0 ? (size_t)a->top : 0, &rows);
		n = shown(a, nr);
		for (i = 0; i < n; i++) {
			printf("%s,%zu,", stats_report_name(r), i + 1);
			csv_field(rows[i].name);
			putchar(',');
			csv_field(rows[i].email);
			printf(",%ld,%.2f\n", rows[i].count, rows[i].percent);
		}
		free(rows);
	}
}

static void json_kv_str(const char *key, const char *val, bool comma)
{
	printf("  \"%s\": ", key);
	if (val)
		json_print_str(stdout, val);
	else
		fputs("null", stdout);
	puts(comma ? "," : "");
}

static void print_json(const struct stats *st, const struct stats_args *a,
		       const struct scope *s, const struct range *rg)
{
	static const struct {
		const char *name;
		int counter;
	} totals[] = {
		{ "changesets", SC_CHANGESETS }, { "added", SC_ADDED },
		{ "removed", SC_REMOVED }, { "changed", SC_CHANGED },
		{ "signoffs", SC_SIGNOFFS }, { "reviews", SC_REVIEWS },
		{ "acks", SC_ACKS }, { "tests", SC_TESTS },
		{ "reports", SC_REPORTS },
	};
	size_t i;
	int r;
	bool first = true;

	printf("{\n");
	json_kv_str("scope", s->whole ? "whole repository" : s->what.buf, true);
	json_kv_str("range", rg->what.len ? rg->what.buf : "all history", true);
	json_kv_str("maintainers", s->maint_from, true);
	printf("  \"totals\": {");
	for (i = 0; i < ARRAY_SIZE(totals); i++)
		printf("%s\"%s\": %ld", i ? ", " : "", totals[i].name,
		       st->total[totals[i].counter]);
	printf(", \"developers\": %ld, \"employers\": %zu, "
	       "\"first_time\": %ld, \"counts_unknown\": %ld},\n",
	       st->developers, st->nr_employers, st->first_timers,
	       st->counts_unknown);
	printf("  \"reports\": {");
	for (r = 0; r < SR_NR; r++) {
		struct stats_row *rows;
		size_t nr, n;

		if (!a->want[r])
			continue;
		nr = stats_rows(st, r, a->top > 0 ? (size_t)a->top : 0, &rows);
		n = shown(a, nr);
		printf("%s\n    \"%s\": [", first ? "" : ",",
		       stats_report_name(r));
		first = false;
		for (i = 0; i < n; i++) {
			printf("%s\n      {\"name\": ", i ? "," : "");
			json_print_str(stdout, rows[i].name);
			if (rows[i].email) {
				printf(", \"email\": ");
				json_print_str(stdout, rows[i].email);
			}
			printf(", \"count\": %ld, \"percent\": %.2f",
			       rows[i].count, rows[i].percent);
			if (r == SR_FIRST_TIME) {
				char when[32];

				day(when, sizeof(when), rows[i].when);
				printf(", \"first\": \"%s\"", when);
			}
			putchar('}');
		}
		printf("%s]", n ? "\n    " : "");
		free(rows);
	}
	printf("\n  }\n}\n");
}

static void print_header(const struct stats *st, const struct scope *s,
			 const struct range *r)
{
	printf("kmaint stats: %s, %s", s->whole ? "whole repository" : s->what.buf,
	       r->what.len ? r->what.buf : "all history");
	if (s->maint_from)
		printf(" (patterns from %s)", s->maint_from);
	printf("\n%ld changesets by %ld developers, %zu employers",
	       st->total[SC_CHANGESETS], st->developers, st->nr_employers);
	if (!s->no_lines)
		printf("; %ld lines added, %ld removed", st->total[SC_ADDED],
		       st->total[SC_REMOVED]);
	putchar('\n');
	if (st->counts_unknown)
		printf("(line counts unknown for %ld commits whose blobs "
		       "could not be read when indexing)\n", st->counts_unknown);
	putchar('\n');
}

static int parse_reports(struct stats_args *a)
{
	size_t i;
	int r;

	if (!a->reports.nr) {
		for (r = 0; r < SR_NR; r++)
			a->want[r] = r != SR_UNKNOWN;
	}
	for (i = 0; i < a->reports.nr; i++) {
		char *list = xstrdup(a->reports.v[i]), *save = NULL, *tok;

		for (tok = strtok_r(list, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			if (!strcmp(tok, "all")) {
				for (r = 0; r < SR_NR; r++)
					a->want[r] = r != SR_UNKNOWN;
				continue;
			}
			r = stats_report_by_name(tok);
			if (r < 0) {
				error("unknown report '%s'; one of:", tok);
				for (r = 0; r < SR_NR; r++)
					fprintf(stderr, " %s",
						stats_report_name(r));
				fputc('\n', stderr);
				free(list);
				return -1;
			}
			a->want[r] = true;
		}
		free(list);
	}
	if (a->unknown)
		a->want[SR_UNKNOWN] = true;
	return 0;
}

static struct employer_map *load_employers(const struct stats_args *a)
{
	struct employer_map *em = employer_map_new();
	size_t i;

	if ((!a->configs.nr && !a->maps.nr) || a->builtin_map)
		employer_map_add_builtin(em);
	for (i = 0; i < a->configs.nr; i++)
		if (employer_map_read_config(em, a->configs.v[i]))
			goto fail;
	for (i = 0; i < a->maps.nr; i++)
		if (employer_map_read_emailmap(em, a->maps.v[i]))
			goto fail;
	return em;
fail:
	employer_map_free(em);
	return NULL;
}

static void hours(double secs)
{
	if (secs < 0)
		fputs("null", stdout);
	else
		printf("%.2f", secs / 3600);
}

static void list_rows(const struct list_stats *st, enum ls_column col,
		      const char *title, const struct stats_args *a, bool json,
		      bool last)
{
	size_t *order, n = list_stats_rank(st, col, &order), k, i;

	k = shown(a, n);
	if (json) {
		printf("  \"%s\": [", title);
		for (i = 0; i < k; i++) {
			const struct ls_person *p = &st->people[order[i]];

			printf("%s\n    {\"name\": ", i ? "," : "");
			json_print_str(stdout, p->name);
			printf(", \"email\": ");
			json_print_str(stdout, p->email);
			printf(", \"count\": %ld}", col == LS_PATCHES ? p->patches :
			       col == LS_REPLIES ? p->replies : p->reviews);
		}
		printf("%s]%s\n", k ? "\n  " : "", last ? "" : ",");
	} else {
		int w = 20;

		for (i = 0; i < k; i++)
			if (width(st->people[order[i]].name) > w)
				w = width(st->people[order[i]].name);
		if (w > 50)
			w = 50;
		printf("\n%s", title);
		if (k < n)
			printf(" (top %zu of %zu)", k, n);
		printf("\n");
		if (!n)
			printf("  (none)\n");
		for (i = 0; i < k; i++) {
			const struct ls_person *p = &st->people[order[i]];
			int pad = w - width(p->name);

			printf("  %s%*s %8ld  %s\n", p->name, pad > 0 ? pad : 0, "",
			       col == LS_PATCHES ? p->patches :
			       col == LS_REPLIES ? p->replies : p->reviews, p->email);
		}
	}
	free(order);
}

static void print_list_json(const struct list_stats *st, const struct stats_args *a,
			    const struct scope *s, const struct range *rg)
{
	size_t i, k;
	int v;
	bool first = true;

	printf("{\n");
	json_kv_str("scope", s->whole ? "whole repository" : s->what.buf, true);
	json_kv_str("range", rg->what.len ? rg->what.buf : "all history", true);
	json_kv_str("maintainers", s->maint_from, true);
	printf("  \"lists\": [");
	for (i = 0; i < st->nr_lists; i++) {
		printf("%s", i ? ", " : "");
		json_print_str(stdout, st->lists[i]);
	}
	printf("],\n  \"totals\": {\"messages\": %ld, \"patches\": %ld, "
	       "\"replies\": %ld, \"reviews\": %ld, \"reviewers\": %ld, "
	       "\"answered\": %ld, \"unanswered\": %ld, "
	       "\"answered_by_listed\": %ld, \"landed\": %ld, "
	       "\"superseded\": %ld, \"pending\": %ld, \"commits\": %ld, "
	       "\"commits_posted\": %ld, \"linked_by_patch_id\": %ld, "
	       "\"linked_by_author_subject\": %ld, \"median_hours_to_first_reply\": ",
	       st->messages, st->patches, st->replies, st->reviews,
	       st->reviewers, st->answered, st->unanswered,
	       st->answered_listed, st->landed, st->superseded, st->pending,
	       st->commits, st->commits_posted, st->by_patch_id, st->by_subject);
	hours(st->median_reply);
	printf(", \"median_hours_to_first_reply_by_listed\": ");
	hours(st->have_listed ? st->median_reply_listed : -1);
	printf(", \"p90_hours_to_first_reply\": ");
	hours(st->p90_reply);
	printf(", \"p90_hours_to_first_reply_by_listed\": ");
	hours(st->have_listed ? st->p90_reply_listed : -1);
	printf(", \"median_days_posting_to_commit\": ");
	if (st->median_to_commit < 0)
		printf("null");
	else
		printf("%.2f", st->median_to_commit / 86400);
	printf("},\n  \"versions_landed\": {");
	for (v = 1; v <= 10; v++) {
		long n = st->versions[v % 10];

		if (!n)
			continue;
		printf("%s\"%s%d\": %ld", first ? "" : ", ", v == 10 ? ">=" : "",
		       v, n);
		first = false;
	}
	printf("},\n");
	list_rows(st, LS_PATCHES, "patches_by", a, true, false);
	list_rows(st, LS_REPLIES, "replies_by", a, true, false);
	list_rows(st, LS_REVIEWS, "reviews_by", a, true, false);
	k = st->nr_unposted;
	printf("  \"commits_unposted\": [");
	for (i = 0; i < k; i++) {
		printf("%s\n    {\"commit\": \"%s\", \"subject\": ", i ? "," : "",
		       st->unposted[i].hash);
		json_print_str(stdout, st->unposted[i].subject);
		putchar('}');
	}
	printf("%s]\n}\n", k ? "\n  " : "");
}

static void print_list_text(const struct list_stats *st, const struct stats_args *a,
			    const struct scope *s, const struct range *rg)
{
	size_t i, k;
	int v;

	printf("kmaint stats --list: %s, %s, ", s->whole ? "whole repository" :
	       s->what.buf, rg->what.len ? rg->what.buf : "all history");
	if (!st->nr_lists)
		printf("all lists");
	for (i = 0; i < st->nr_lists; i++)
		printf("%s%s", i ? ", " : "", st->lists[i]);
	printf("\n%ld messages: %ld patches posted, %ld replies, %ld reviews by "
	       "%ld reviewers\n", st->messages, st->patches, st->replies,
	       st->reviews, st->reviewers);
	printf("patches: %ld answered, %ld never answered; %ld landed, %ld "
	       "superseded, %ld pending\n", st->answered, st->unanswered,
	       st->landed, st->superseded, st->pending);
	printf("median time to the first reply: ");
	if (st->median_reply < 0)
		printf("-");
	else
		printf("%.1f hours (90th percentile %.1f)",
		       st->median_reply / 3600, st->p90_reply / 3600);
	if (st->have_listed) {
		printf("; from the section's M:/R: people: ");
		if (st->median_reply_listed < 0)
			printf("- (none of %ld patches)", st->patches);
		else
			printf("%.1f hours (%ld patches)",
			       st->median_reply_listed / 3600, st->answered_listed);
	}
	printf("\ncommits: %ld, %ld posted (", st->commits, st->commits_posted);
	if (st->commits)
		printf("%.1f%%", 100.0 * (double)st->commits_posted / (double)st->commits);
	else
		printf("-");
	printf("; linked by patch-id %ld, by author and subject %ld)",
	       st->by_patch_id, st->by_subject);
	if (st->median_to_commit >= 0)
		printf("; median %.1f days from first posting to commit",
		       st->median_to_commit / 86400);
	printf("\nversions that landed:");
	for (v = 1; v <= 10; v++)
		if (st->versions[v % 10])
			printf(" v%d%s %ld", v, v == 10 ? "+" : "", st->versions[v % 10]);
	putchar('\n');
	list_rows(st, LS_PATCHES, "Patches posted", a, false, false);
	list_rows(st, LS_REPLIES, "Replies", a, false, false);
	list_rows(st, LS_REVIEWS, "Reviews given", a, false, false);
	k = st->nr_unposted;
	printf("\nCommits never posted, newest first");
	if ((long)k < st->unposted_total)
		printf(" (%zu of %ld)", k, st->unposted_total);
	printf("\n");
	if (!st->unposted_total)
		printf("  (none)\n");
	for (i = 0; i < k; i++)
		printf("  %.12s %s\n", st->unposted[i].hash, st->unposted[i].subject);
}

/* The lists named in @arg ("" for all), checked; 0 or -1. */
static int parse_lists(struct idx *ix, const char *arg, struct opt_list *out)
{
	char *copy, *save = NULL, *tok, *name;
	int rc = 0, found;

	if (lists_count(ix) <= 0)
		return error("no mailing list in the index; register an archive "
			     "with 'kmaint index --inbox PATH'");
	copy = xstrdup(arg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		found = lists_find(ix, tok, &name);
		if (found < 0) {
			rc = -1;
			break;
		}
		if (found)
			opt_list_push(out, name);
		else
			rc = error("no list '%s' in the index (see 'kmaint index "
				   "--stats')", tok);
	}
	free(copy);
	return rc;
}

/* The M: and R: addresses of section @sec, lower-cased, into @out. */
static void section_people(const struct maintainers *m, int sec,
			   struct opt_list *out)
{
	const struct mnt_section *s = &m->sections[sec];
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	int e;

	for (e = s->first; e < s->end; e++) {
		const struct mnt_entry *en = &m->entries[e];
		char *low;

		if (en->type != 'M' && en->type != 'R')
			continue;
		email_parse_plain(en->value, &name, &addr);
		if (!addr.len)
			continue;
		low = lowercase(addr.buf);
		opt_list_push(out, low);
	}
	strbuf_release(&name);
	strbuf_release(&addr);
}

/* The combinations of options parse_options() cannot refuse: 129. */
static int check_stats_args(struct stats_args *a,
			    const struct opt_list *operands)
{
	if (operands->nr)
		return error("unexpected argument '%s'", operands->v[0]);
	if (a->csv && a->json)
		return error("--csv and --json are exclusive");
	if (a->top < 0)
		return error("--top takes a count, not %d", a->top);
	if (a->list && a->csv)
		return error("--list has text and --json output, not --csv");
	return parse_reports(a) ? -1 : 0;
}

/*
 * The paths the question is about: --section (whose M:/R: people
 * @listed gathers for --list), --path and --regex.  0 or 1.
 */
static int scope_of_args(struct scope *s, const struct stats_args *a,
			 struct opt_list *listed)
{
	size_t i;

	if ((a->maint_at || a->sections.nr) &&
	    scope_load_maintainers(s, a->maint_at))
		return 1;
	for (i = 0; i < a->sections.nr; i++) {
		int sec = scope_find_section(s, a->sections.v[i]);

		if (sec < 0 || scope_add_section_index(s, sec))
			return 1;
		if (a->list)
			section_people(&s->m, sec, listed);
	}
	for (i = 0; i < a->paths.nr; i++)
		if (scope_add_pattern(s, a->paths.v[i]))
			return 1;
	for (i = 0; i < a->regexes.nr; i++)
		if (scope_add_regex(s, a->regexes.v[i]))
			return 1;
	return 0;
}

/* stats --list: the lists' side.  0 or 1. */
static int list_report(struct stats_args *a, struct scope *s, struct range *r,
		       const struct opt_list *listed)
{
	struct opt_list lists = { 0 };
	struct list_stats ls;
	size_t i;
	int rc = 0;

	list_stats_init(&ls);
	ls.max_unposted = a->top > 0 ? (size_t)a->top : 0;
	s->no_lines = true;
	if (parse_lists(s->ix, a->list, &lists) ||
	    list_stats_collect(&ls, s, r, lists.v, lists.nr, listed->v,
			       listed->nr))
		rc = 1;
	else if (a->json)
		print_list_json(&ls, a, s, r);
	else
		print_list_text(&ls, a, s, r);
	list_stats_release(&ls);
	for (i = 0; i < lists.nr; i++)
		free((char *)lists.v[i]);
	free(lists.v);
	return rc;
}

/* gitdm's reports.  0 or 1. */
static int gitdm_report(struct stats_args *a, struct scope *s,
			struct range *r, struct employer_map *em)
{
	struct stats st;
	int rc = 0;

	stats_init(&st, em);
	if (stats_collect(&st, s, r, a->want[SR_FIRST_TIME]))
		rc = 1;
	else if (a->json)
		print_json(&st, a, s, r);
	else if (a->csv)
		print_csv(&st, a);
	else {
		print_header(&st, s, r);
		print_text(&st, a);
	}
	stats_release(&st);
	return rc;
}

/* Open the index (updated unless --no-update) and answer.  0 or 1. */
static int stats_answer(struct stats_args *a, struct employer_map *em)
{
	struct opt_list listed = { 0 };
	struct scope s;
	struct range r;
	struct idx ix;
	char *path = a->db ? xstrdup(a->db) : idx_default_path();
	size_t i;
	int rc;

	if (!path)
		die("not a git repository");
	if (scope_open_index(&ix, path, !a->no_update)) {
		free(path);
		return 1;
	}
	scope_init(&s, &ix);
	s.identity_flags = identity_flags_for(a->strict, a->address);
	range_init(&r);
	rc = scope_of_args(&s, a, &listed);
	/* line counts cost a pass over every file change: only if shown */
	s.no_lines = !a->json && !a->want[SR_LINES] && !a->want[SR_REMOVED] &&
		     !a->want[SR_EMP_LINES];
	if (!rc && range_parse(&r, &ix, a->since, a->until, a->rev))
		rc = 1;
	if (!rc)
		rc = a->list ? list_report(a, &s, &r, &listed) :
			       gitdm_report(a, &s, &r, em);
	range_release(&r);
	scope_release(&s);
	for (i = 0; i < listed.nr; i++)
		free((char *)listed.v[i]);
	free(listed.v);
	idx_close(&ix);
	free(path);
	return rc;
}

int cmd_stats(int argc, const char **argv)
{
	struct stats_args a = { .top = 20 };
	struct option opts[] = {
		OPT_STRLIST("section", &a.sections, "NAME", "a MAINTAINERS section (exact name or unique prefix)"),
		OPT_STRLIST("path", &a.paths, "PATTERN", "paths, as an F: line would give them"),
		OPT_STRLIST("regex", &a.regexes, "RE", "paths matching a regex"),
		OPT_STR("maintainers-at", &a.maint_at, "REV", "take sections from MAINTAINERS as of REV"),
		OPT_STR("since", &a.since, "WHEN", "a date, '1-year-ago', or a revision"),
		OPT_STR("until", &a.until, "WHEN", "a date or a revision"),
		OPT_STR("rev", &a.rev, "A..B", "a revision range"),
		OPT_STRLIST("report", &a.reports, "NAME,...", "the reports to print (default: all)"),
		OPT_SET("unknown", &a.unknown, "list addresses with no known employer"),
		OPT_NUM("top", &a.top, "N", "rows per report (default 20, 0: all)"),
		OPT_SET("csv", &a.csv, "comma-separated values"),
		OPT_SET("json", &a.json, "JSON"),
		OPT_IDENTITIES(&a.strict, &a.address),
		{ OPT_STRING_OPT, "list", &a.list, 0, "NAME,...",
		  "the mailing lists' side: patches, replies, reviews (all lists, or these)" },
		OPT_STRLIST("gitdm-config", &a.configs, "FILE", "a gitdm configuration file"),
		OPT_STRLIST("email-map", &a.maps, "FILE", "a gitdm EmailMap file"),
		OPT_FLAG("builtin-employers", &a.builtin_map, "use the built-in domain map too"),
		OPT_DB(&a.db),
		OPT_NO_UPDATE(&a.no_update),
		OPT_TERMINATOR
	};
	struct opt_list operands = { 0 };
	struct employer_map *em;
	int i, rc = 0;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options(usage_str, opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands) ||
	    check_stats_args(&a, &operands)) {
		rc = 129;
		goto out_args;
	}
	/* the lists' side names no employer */
	em = a.list ? employer_map_new() : load_employers(&a);
	if (!em) {
		rc = 1;
		goto out_args;
	}
	rc = stats_answer(&a, em);
	employer_map_free(em);
out_args:
	free(operands.v);
	free(a.sections.v);
	free(a.paths.v);
	free(a.regexes.v);
	free(a.reports.v);
	free(a.configs.v);
	free(a.maps.v);
	return rc;
}
