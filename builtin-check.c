// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint check: what get_maintainer.pl --self-test=sections,patterns,
 * checkpatch.pl and parse-maintainers.pl say about a MAINTAINERS file,
 * offline and at once; --fix sorts it.  The rules live in maintainers/check.c,
 * the sorting in maintainers/maintainers-sort.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "check.h"
#include "git-mailmap.h"
#include "identity.h"
#include "index.h"
#include "maintainers-sort.h"
#include "maintainers.h"
#include "matcher.h"
#include "parse-options.h"
#include "patch-check.h"
#include "patch.h"
#include "scope.h"
#include "strbuf.h"
#include "tree.h"
#include "util.h"

static const char check_usage[] = "kmaint check [--only CLASS,...] [--json] [--fix] [--mpath PATH] [--find-maintainer-files]\n"
	"   or: kmaint check --patch [--json] [--warn-files N] [--error-files N] [--kconfig-files N] [--no-history] [--no-recipients] [--db PATH] [PATCH|MBOX...]";

static const char *const class_help[CHK_NR_CLASSES] = {
	[CHK_DUPLICATE_SECTION] = "a section name that starts an earlier one (get_maintainer.pl)",
	[CHK_NO_EMAIL] = "no M:, R: or L: in a section not orphaned (get_maintainer.pl)",
	[CHK_NO_STATUS] = "no S: (get_maintainer.pl)",
	[CHK_NO_PATTERN] = "no F: or N: (get_maintainer.pl)",
	[CHK_NO_MATCH] = "an F: or X: that matches no file of the tree (get_maintainer.pl)",
	[CHK_BAD_PATTERN] = "an F: or X: that is no valid regex once converted",
	[CHK_PARSE] = "the parser's diagnostics: NUL bytes, invalid UTF-8, odd fields",
	[CHK_FIELD_TAB] = "not one tab after TYPE: (checkpatch.pl)",
	[CHK_UNKNOWN_TYPE] = "a field letter not in MRLSWQBCPTFXNK (checkpatch.pl)",
	[CHK_TRAILING_SPACE] = "trailing white space, DOS line endings",
	[CHK_SCM] = "T: not 'git|quilt|hg URL [branch]'",
	[CHK_LINK] = "W:, Q:, B: not a URL (B: also mailto:)",
	[CHK_CHAT] = "C: not a URL with a scheme",
	[CHK_PROFILE] = "P: naming a file that is not in the tree",
	[CHK_BAD_REGEX] = "an N: or K: that is no valid regex (read with /x)",
	[CHK_UNKNOWN_ADDRESS] = "an M: or R: address nowhere in the history (with an index)",
	[CHK_FIELD_ORDER] = "fields not in MRLSWQBCPTFXNK order (checkpatch.pl)",
	[CHK_PATTERN_ORDER] = "adjacent F: or X: not sorted (checkpatch.pl)",
	[CHK_SECTION_ORDER] = "sections not sorted as parse-maintainers.pl does",
	[CHK_BLANK_LINE] = "sections not one blank line apart, blank lines inside",
};

static void list_classes(void)
{
	size_t i;

	for (i = 0; i < CHK_NR_CLASSES; i++)
		printf("%-18s %-3s %s\n", check_class_name(i),
		       CHK_DEFAULT & CHK_BIT(i) ? "on" : "off", class_help[i]);
}

static void json_str(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	putchar('"');
	while (*p) {
		unsigned c = *p;
		size_t n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 :
			c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		size_t k;

		if (c == '"' || c == '\\') {
			printf("\\%c", c);
		} else if (c < 0x20) {
			printf("\\u%04x", c);
		} else if (n == 1) {
			putchar(c);
		} else {
			for (k = 1; k < n && (p[k] & 0xc0) == 0x80; k++)
				;
			if (!n || k < n) {
				/* JSON is UTF-8; an invalid byte becomes U+FFFD */
				fputs("\\ufffd", stdout);
				n = 1;
			} else {
				fwrite(p, 1, n, stdout);
			}
			p += n;
			continue;
		}
		p++;
	}
	putchar('"');
}

static const char *severity_name(enum mnt_severity s)
{
	return s == MNT_ERROR ? "error" : "warning";
}

static void print_text(const struct maintainers *m,
		       const struct check_result *res)
{
	size_t i;

	for (i = 0; i < res->nr; i++) {
		const struct check_finding *f = &res->v[i];

		if (f->line < 0)
			printf("%s: %s: %s\n", f->file ? f->file : "MAINTAINERS",
			       severity_name(f->severity), f->msg);
		else
			printf("%s:%d: %s: %s\t%s\n", f->file,
			       m->lines[f->line].nr, severity_name(f->severity),
			       f->msg, m->lines[f->line].text);
	}
}

static void print_json(const struct maintainers *m,
		       const struct check_result *res, size_t hidden)
{
	size_t i;
	bool first = true;

	printf("{\"files\":[");
	for (i = 0; i < m->nr_files; i++) {
		if (i)
			putchar(',');
		json_str(m->files[i]);
	}
	printf("],\n\"findings\":[");
	for (i = 0; i < res->nr; i++) {
		const struct check_finding *f = &res->v[i];

		printf("%s\n{\"file\":", i ? "," : "");
		json_str(f->line < 0 ? (f->file ? f->file : "MAINTAINERS") : f->file);
		printf(",\"line\":%d,\"class\":\"%s\",\"severity\":\"%s\",\"message\":",
		       f->line < 0 ? 0 : m->lines[f->line].nr,
		       check_class_name(f->cls), severity_name(f->severity));
		json_str(f->msg);
		printf(",\"text\":");
		json_str(f->line < 0 ? "" : m->lines[f->line].text);
		putchar('}');
	}
	printf("],\n\"counts\":{");
	for (i = 0; i < CHK_NR_CLASSES; i++) {
		if (!res->count[i])
			continue;
		printf("%s\"%s\":%zu", first ? "" : ",", check_class_name(i),
		       res->count[i]);
		first = false;
	}
	printf("},\n\"hidden_order_findings\":%zu}\n", hidden);
}

static int load(struct maintainers *m, const char *mpath, int find)
{
	const char *path = mpath ? mpath : mnt_default_path();
	int ret;

	maintainers_init(m);
	if (is_dir(path) && find)
		ret = maintainers_find_files(m, path);
	else if (is_dir(path) || is_file(path))
		ret = maintainers_add_path(m, path);
	else
		ret = error("MAINTAINER file not found '%s'", path);
	if (!ret)
		maintainers_finish(m);
	return ret;
}

static int fix_files(const struct maintainers *m)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < m->nr_files; i++) {
		bool changed;

		if (mnt_sort_file(m->files[i], &changed))
			ret = -1;
		else if (changed)
			fprintf(stderr, "%s: sorted %s\n", progname, m->files[i]);
	}
	return ret;
}

/*
 * The history classes need the index; they run when one exists (it is
 * not built here: check stays an offline, instant command), and asking
 * for them by name without one is an error.
 */
static int check_history(const struct maintainers *m, unsigned mask,
			 bool asked, struct check_result *res)
{
	struct scope_people people;
	struct identity id;
	struct ident_mailmap *mm;
	struct idx ix;
	char *path;
	int rc = 0;

	if (!(mask & CHK_BIT(CHK_UNKNOWN_ADDRESS)))
		return 0;
	path = idx_default_path();
	if (!path || access(path, R_OK)) {
		free(path);
		return asked ? error("unknown-address needs the history index: "
				     "run 'kmaint index' first") : 0;
	}
	if (idx_open(&ix, path, IDX_READONLY)) {
		free(path);
		return -1;
	}
	mm = ident_mailmap_new();
	ident_mailmap_load_repo(mm, NULL);
	if (scope_people_load(&ix, &people) ||
	    identity_load(&id, &ix, &people, NULL, 0))
		rc = -1;
	else
		check_run_history(m, &id, mm, mask, res);
	identity_release(&id);
	scope_people_free(&people);
	ident_mailmap_free(mm);
	idx_close(&ix);
	free(path);
	return rc;
}

/* Did --only name the history classes themselves (not just "all")? */
static bool names_history(const struct opt_list *only)
{
	size_t i;

	for (i = 0; i < only->nr; i++) {
		char *copy = xstrdup(only->v[i]), *tok, *save = NULL;
		bool found = false;

		for (tok = strtok_r(copy, ", ", &save); tok && !found;
		     tok = strtok_r(NULL, ", ", &save))
			found = !strcmp(tok, "unknown-address") ||
				!strcmp(tok, "history");
		free(copy);
		if (found)
			return true;
	}
	return false;
}

/* Read every operand ("-": standard input) as messages of one series. */
static void read_series(const struct opt_list *operands, char ***bufs,
			struct pcheck_msg **msgs, size_t *nr)
{
	size_t i, j, alloc = 0;

	*bufs = xcalloc(operands->nr + 1, sizeof(**bufs));
	*msgs = NULL;
	*nr = 0;
	for (i = 0; i < operands->nr; i++) {
		const char *name = operands->v[i];
		struct mbox_msg *parts;
		size_t len, n;
		int line0 = 0;
		const char *p;

		if (read_file(name, &(*bufs)[i], &len))
			die_errno("cannot read %s", !strcmp(name, "-") ?
				  "standard input" : name);
		n = patch_split_mbox((*bufs)[i], len, &parts);
		p = (*bufs)[i];
		for (j = 0; j < n; j++) {
			for (; p < parts[j].buf; p++)
				line0 += *p == '\n';
			ALLOC_GROW(*msgs, *nr + 1, alloc);
			(*msgs)[(*nr)++] = (struct pcheck_msg) {
				.name = name, .buf = parts[j].buf,
				.len = parts[j].len, .line0 = line0,
			};
		}
		if (!n) {
			ALLOC_GROW(*msgs, *nr + 1, alloc);
			(*msgs)[(*nr)++] = (struct pcheck_msg) {
				.name = name, .buf = (*bufs)[i], .len = 0,
			};
		}
		free(parts);
	}
}

/*
 * check --patch: exit 0 when clean, 1 with warnings, 2 with errors (and
 * 128 when MAINTAINERS cannot be read), for b4 and the bots.
 */
static int check_patches(struct opt_list *operands,
			 const struct pcheck_opts *po, const char *mpath,
			 int json)
{
	struct maintainers m;
	struct gm_mailmap mm;
	struct matcher *mt;
	struct pcheck pc;
	struct pcheck_msg *msgs;
	char **bufs;
	size_t nr, i;
	int ret = 128;

	maintainers_init(&m);
	gm_mailmap_init(&mm);
	if (load(&m, mpath, 0))
		goto out;
	if (m.nr_errors) {
		mnt_diag_print(&m, false);
		goto out;
	}
	if (gm_mailmap_read(&mm, ".mailmap"))
		goto out;
	mt = matcher_new(&m);
	if (!mt)
		goto out;
	if (!operands->nr) {
		if (isatty(0)) {
			error("check --patch reads a patch on standard input, "
			      "or the files named");
			ret = 129;
			goto out_mt;
		}
		opt_list_push(operands, "-");
	}
	read_series(operands, &bufs, &msgs, &nr);
	pcheck_init(&pc, po, &m, mt, &mm);
	pcheck_run(&pc, msgs, nr);
	if (json) {
		struct strbuf out = STRBUF_INIT;

		pcheck_json(&out, &pc);
		fputs(out.buf, stdout);
		strbuf_release(&out);
	} else {
		pcheck_print(stdout, &pc);
	}
	ret = pc.status == PC_ERROR ? 2 : pc.status == PC_WARNING ? 1 : 0;
	if (matcher_errors(mt) && !ret)
		ret = 1;
	pcheck_release(&pc);
	for (i = 0; i < operands->nr; i++)
		free(bufs[i]);
	free(bufs);
	free(msgs);
out_mt:
	matcher_free(mt);
out:
	gm_mailmap_release(&mm);
	maintainers_release(&m);
	return ret;
}

int cmd_check(int argc, const char **argv)
{
	struct opt_list only = { NULL, 0, 0 }, operands = { NULL, 0, 0 };
	const char *mpath = NULL;
	int json = 0, fix = 0, find = 0, list = 0, help = 0, patch = 0;
	int no_history = 0, no_recipients = 0;
	struct pcheck_opts po;
	unsigned mask = 0;
	struct maintainers m;
	struct path_list files = PATH_LIST_INIT;
	struct check_result res;
	size_t i, hidden = 0, shown;
	int ret;
	const struct option opts[] = {
		OPT_STRLIST("only", &only, "CLASS,...", "run only these classes or groups"),
		OPT_FLAG("json", &json, "machine-readable output"),
		OPT_FLAG("fix", &fix, "sort the file as parse-maintainers.pl --order, then check"),
		OPT_STR("mpath|maintainer-path", &mpath, "PATH", "MAINTAINERS file or directory"),
		OPT_SET("find-maintainer-files", &find, "read every file named MAINTAINERS below PATH"),
		OPT_SET("list", &list, "list the finding classes"),
		OPT_SET("patch", &patch, "check patches (files, mboxes, standard input): recipients, new files, MAINTAINERS edits"),
		OPT_NUM("warn-files", &po.warn_files, "N", "--patch: a new file in a section of N files or more is a warning (50)"),
		OPT_NUM("error-files", &po.error_files, "N", "--patch: ... an error (500)"),
		OPT_NUM("kconfig-files", &po.kconfig_files, "N", "--patch: the warning's N for Kconfig files (3)"),
		OPT_SET("no-history", &no_history, "--patch: no Fixes: people and no review verdicts"),
		OPT_SET("no-recipients", &no_recipients, "--patch: no To:/Cc: checks (patches not addressed yet)"),
		OPT_STR("db", &po.db_path, "PATH", "--patch: the index (default: in the git directory)"),
		OPT_SET("h|help", &help, "show this help"),
		OPT_TERMINATOR,
	};

	maintainers_init(&m);
	memset(&res, 0, sizeof(res));
	pcheck_opts_init(&po);
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		ret = 129;
		goto out;
	}
	if (help || list) {
		if (help)
			usage_options(check_usage, opts);
		else
			list_classes();
		ret = 0;
		goto out;
	}
	ret = 129;
	if (patch) {
		if (only.nr || fix || find) {
			error("--patch takes none of --only, --fix, --find-maintainer-files");
			goto out;
		}
		if (po.warn_files < 1 || po.error_files < 1 || po.kconfig_files < 1) {
			error("--warn-files, --error-files and --kconfig-files take a number above 0");
			goto out;
		}
		po.history = !no_history;
		po.recipients = !no_recipients;
		ret = check_patches(&operands, &po, mpath, json);
		goto out;
	}
	ret = 129;
	if (operands.nr) {
		error("check takes no operands ('%s'); use --mpath", operands.v[0]);
		goto out;
	}
	for (i = 0; i < only.nr; i++)
		if (check_parse_classes(only.v[i], &mask))
			goto out;
	if (!mask)
		mask = CHK_DEFAULT;

	ret = 128;
	if (load(&m, mpath, find))
		goto out;
	if (fix && m.dialect != MNT_KERNEL) {
		/* parse-maintainers.pl's order would undo the dialect's */
		error("--fix sorts the kernel's format only; this file is %s's",
		      mnt_dialect_name(m.dialect));
		goto out;
	}
	if (fix) {
		if (fix_files(&m))
			goto out;
		maintainers_release(&m);
		if (load(&m, mpath, find))
			goto out;
	}
	if (mask & (CHK_BIT(CHK_NO_MATCH) | CHK_BIT(CHK_BAD_PATTERN) |
		    CHK_BIT(CHK_PROFILE))) {
		/*
		 * Patterns are relative to the top of the tree, which is
		 * where we are; anywhere else (--mpath from $HOME, or /)
		 * walking "." would be slow and every pattern would fail.
		 */
		if (access(".git", F_OK) && !mnt_find_name(NULL)) {
			warning("not at the top of a tree (no MAINTAINERS or .git here): "
				"F:, X: and P: paths not checked; use 'kmaint -C TOP check'");
			mask &= ~(CHK_BIT(CHK_NO_MATCH) | CHK_BIT(CHK_BAD_PATTERN) |
				  CHK_BIT(CHK_PROFILE));
		} else if (tree_list_files(".", &files)) {
			goto out;
		}
	}

	/* without --only, count the ordering findings but only mention them */
	check_run(&m, &files, only.nr ? mask : mask | CHK_ORDER, &res);
	if (check_history(&m, mask, names_history(&only), &res))
		goto out;
	shown = res.nr;
	if (!only.nr) {
		size_t j = 0;

		for (i = 0; i < res.nr; i++) {
			if (CHK_ORDER & CHK_BIT(res.v[i].cls)) {
				free(res.v[i].msg);
				res.count[res.v[i].cls]--;
				hidden++;
			} else {
				res.v[j++] = res.v[i];
			}
		}
		res.nr = shown = j;
	}
	if (json)
		print_json(&m, &res, hidden);
	else
		print_text(&m, &res);
	/* the note after the findings, also when both go to one pipe */
	fflush(stdout);
	if (hidden && !json)
		fprintf(stderr, "%s: %zu ordering finding%s not shown: "
			"'kmaint check --only=order' lists them, --fix sorts the file\n",
			progname, hidden, hidden == 1 ? "" : "s");
	ret = shown ? 1 : 0;
out:
	check_result_release(&res);
	path_list_release(&files);
	maintainers_release(&m);
	free(only.v);
	free(operands.v);
	return ret;
}
