// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint map: every file of the tree with the sections that cover it, in
 * lookup order.  get_maintainer.pl needs one run per file (hours for a
 * tree); here the patterns are compiled once and each file is a handful
 * of hash probes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "json.h"
#include "matcher.h"
#include "parse-options.h"
#include "tree.h"

struct map_args {
	const char *mpath;
	int find_maintainer_files, json, summary, top, pattern_depth;
};

struct section_count {
	int section;
	size_t files;
};

static int cmp_count(const void *a, const void *b)
{
	const struct section_count *x = a, *y = b;

	if (x->files != y->files)
		return x->files < y->files ? 1 : -1;
	return x->section - y->section;
}

static void print_summary(const struct maintainers *m, const struct map_args *a,
			  size_t nr_files, size_t *counts, struct path_list *rest_only)
{
	struct section_count *sc = xcalloc(m->nr_sections, sizeof(*sc));
	size_t i, unmatched = 0, shown;

	for (i = 0; i < m->nr_sections; i++) {
		sc[i].section = (int)i;
		sc[i].files = counts[i];
		unmatched += !counts[i];
	}
	if (a->json) {
		printf("{\n  \"files\": %zu,\n  \"sections\": %zu,\n", nr_files,
		       m->nr_sections);
		printf("  \"rest_only\": [");
		for (i = 0; i < rest_only->nr; i++) {
			fputs(i ? ", " : "", stdout);
			json_print_str(stdout, rest_only->v[i]);
		}
		printf("],\n  \"unmatched_sections\": [");
		for (i = shown = 0; i < m->nr_sections; i++) {
			if (counts[i])
				continue;
			fputs(shown++ ? ", " : "", stdout);
			json_print_str(stdout, m->sections[i].name);
		}
		printf("],\n  \"largest\": [");
	} else {
		printf("%zu files, %zu sections\n\n", nr_files, m->nr_sections);
		printf("Files covered only by %s: %zu\n",
		       m->dialect == MNT_EDK2 ? "the <default> stewards" :
		       "THE REST", rest_only->nr);
		for (i = 0; i < rest_only->nr; i++)
			printf("\t%s\n", rest_only->v[i]);
		printf("\nSections that match no file: %zu\n", unmatched);
		for (i = 0; i < m->nr_sections; i++)
			if (!counts[i])
				printf("\t%s:%d: %s\n",
				       mnt_line_file(m, m->entries[m->sections[i].first].line),
				       m->lines[m->entries[m->sections[i].first].line].nr - 1,
				       m->sections[i].name);
		printf("\nSections covering the most files:\n");
	}
	qsort(sc, m->nr_sections, sizeof(*sc), cmp_count);
	for (i = 0; i < m->nr_sections && i < (size_t)a->top; i++) {
		if (a->json) {
			printf("%s\n    {\"section\": ", i ? "," : "");
			json_print_str(stdout, m->sections[sc[i].section].name);
			printf(", \"files\": %zu}", sc[i].files);
		} else {
			printf("%8zu  %5.1f%%  %s\n", sc[i].files,
			       nr_files ? 100.0 * (double)sc[i].files / (double)nr_files : 0.0,
			       m->sections[sc[i].section].name);
		}
	}
	if (a->json)
		printf("\n  ]\n}\n");
	free(sc);
}

/*
 * edk2's THE REST: the sections with an M: that the name "<default>"
 * reaches, the stewards; NULL in other dialects.
 */
static bool *default_sections(const struct maintainers *m, struct matcher *mt)
{
	struct match_result res = { 0 };
	bool *is_default;
	size_t i;

	if (m->dialect != MNT_EDK2)
		return NULL;
	is_default = xcalloc(m->nr_sections + 1, sizeof(*is_default));
	matcher_lookup(mt, MNT_EDK2_DEFAULT, 0, &res);
	for (i = 0; i < res.nr; i++)
		if (m->sections[res.hits[i].section].has_maintainer)
			is_default[res.hits[i].section] = true;
	match_result_release(&res);
	return is_default;
}

/* No maintainer but the stewards? */
static bool only_default(const struct maintainers *m,
			 const struct match_result *res, const bool *is_default)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		if (m->sections[res->hits[i].section].has_maintainer &&
		    !is_default[res->hits[i].section])
			return false;
	return true;
}

int cmd_map(int argc, const char **argv)
{
	struct map_args a = { .top = 20 };
	struct opt_list operands = { 0 };
	struct maintainers m;
	struct matcher *mt;
	struct path_list files = { 0 }, rest_only = { 0 };
	struct match_result res = { 0 };
	size_t i, j, *counts;
	int rest = -1, help = 0, ret = 0;
	bool *is_default;
	const struct option opts[] = {
		OPT_STR("mpath|maintainer-path", &a.mpath, "PATH", "MAINTAINERS file or directory"),
		OPT_SET("find-maintainer-files", &a.find_maintainer_files, "read every MAINTAINERS file of the tree"),
		OPT_NUM("pattern-depth", &a.pattern_depth, "N", "as kmaint get --pattern-depth"),
		OPT_FLAG("json", &a.json, "JSON output"),
		OPT_FLAG("summary", &a.summary, "coverage summary instead of the map"),
		OPT_NUM("top", &a.top, "N", "sections listed in the summary (20)"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TERMINATOR,
	};

	if (parse_options(argc - 1, argv + 1, opts, &operands))
		return 129;
	if (help) {
		usage_options("kmaint map [--summary] [--json] [-- PATH...]", opts);
		return 0;
	}

	maintainers_init(&m);
	if (a.find_maintainer_files)
		ret = maintainers_find_files(&m, a.mpath ? a.mpath : ".");
	else
		ret = maintainers_add_path(&m, a.mpath ? a.mpath :
					   mnt_default_path());
	/* release before failing: the ASan build reports leaks at exit */
	if (ret) {
		maintainers_release(&m);
		return 1;
	}
	maintainers_finish(&m);
	if (m.nr_errors) {
		mnt_diag_print(&m, false);
		maintainers_release(&m);
		return 1;
	}
	mt = matcher_new(&m);
	if (!mt) {
		maintainers_release(&m);
		return 1;
	}
	/* a pattern that does not compile makes the whole map doubtful */
	if (matcher_check_all(mt, false))
		ret = 1;
	if (operands.nr) {
		for (i = 0; i < operands.nr; i++) {
			ALLOC_GROW(files.v, files.nr + 1, files.alloc);
			files.v[files.nr++] = xstrdup(operands.v[i]);
		}
	} else if (tree_list_files(".", &files)) {
		matcher_free(mt);
		maintainers_release(&m);
		return 1;
	}
	for (i = 0; i < m.nr_sections; i++)
		if (!strcmp(m.sections[i].name, "THE REST"))
			rest = (int)i;
	is_default = default_sections(&m, mt);

	counts = xcalloc(m.nr_sections + 1, sizeof(*counts));
	if (a.json && !a.summary)
		fputs("[\n", stdout);
	for (i = 0; i < files.nr; i++) {
		matcher_lookup(mt, files.v[i], a.pattern_depth, &res);
		for (j = 0; j < res.nr; j++)
			counts[res.hits[j].section]++;
		if ((res.nr == 1 && res.hits[0].section == rest) ||
		    (is_default && only_default(&m, &res, is_default))) {
			ALLOC_GROW(rest_only.v, rest_only.nr + 1, rest_only.alloc);
			rest_only.v[rest_only.nr++] = xstrdup(files.v[i]);
		}
		if (a.summary)
			continue;
		if (a.json) {
			printf("%s  {\"path\": ", i ? ",\n" : "");
			json_print_str(stdout, files.v[i]);
			printf(", \"exact\": %s, \"sections\": [",
			       res.exact ? "true" : "false");
			for (j = 0; j < res.nr; j++) {
				fputs(j ? ", " : "", stdout);
				json_print_str(stdout, m.sections[res.hits[j].section].name);
			}
			fputs("]}", stdout);
			continue;
		}
		fputs(files.v[i], stdout);
		for (j = 0; j < res.nr; j++) {
			putchar('\t');
			fputs(m.sections[res.hits[j].section].name, stdout);
		}
		putchar('\n');
	}
	if (a.json && !a.summary)
		fputs("\n]\n", stdout);
	if (a.summary)
		print_summary(&m, &a, files.nr, counts, &rest_only);

	free(counts);
	free(is_default);
	free(operands.v);
	match_result_release(&res);
	/* a regex that gave up on a path (reported) */
	if (matcher_errors(mt))
		ret = 1;
	if (FREE_AT_EXIT) {
		path_list_release(&files);
		path_list_release(&rest_only);
		matcher_free(mt);
		maintainers_release(&m);
	}
	return ferror(stdout) ? 1 : ret;
}
