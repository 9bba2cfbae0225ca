// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint get: a drop-in for scripts/get_maintainer.pl.
 *
 * Same options, same defaults, same output byte for byte, with one
 * deliberate difference: sections of equal depth come in MAINTAINERS
 * order instead of Perl's hash order, so one question has one answer.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "git-roles.h"
#include "lookup.h"
#include "parse-options.h"
#include "patch.h"
#include "script-features.h"
#include "strbuf.h"
#include "tracked.h"

struct get_args {
	struct gm_opts o;
	int git, git_all_signature_types, git_blame, git_blame_signatures;
	int git_fallback, git_min_signatures, git_max_maintainers;
	int git_min_percent, interactive, tree, from_filename;
	int find_maintainer_files, version, help, maintainers_sections;
	int per_patch, cc, substatus_default;
	unsigned int features;	/* GM_*: the tree's script's changes */
	const char *git_since, *hg_since, *mpath, *self_test;
	const char *script_features;
	struct gitroles_opts gro;
	struct gitroles *gr;
};

static const char get_usage[] =
	"kmaint get [OPTIONS] PATCH...\n"
	"   or: kmaint get [OPTIONS] -f FILE|DIRECTORY...";

/*
 * Paths given on the command line are relative to where the user is;
 * MAINTAINERS patterns are relative to the top of the tree.  The top is
 * the nearest directory, upwards, with a MAINTAINERS file or directory.
 */
static char *find_top(char **prefix)
{
	char cwd[PATH_MAX], *top;
	size_t len;

	if (!getcwd(cwd, sizeof(cwd)))
		die_errno("cannot get the current directory");
	top = xstrdup(cwd);
	for (;;) {
		if (mnt_find_name(top))
			break;
		if (!strcmp(top, "/") || !strrchr(top, '/')) {
			free(top);
			*prefix = xstrdup("");
			return xstrdup(cwd);
		}
		*strrchr(top, '/') = '\0';
		if (!*top)
			strcpy(top, "/");
	}
	len = strlen(top);
	*prefix = cwd[len] ? xstrfmt("%s/", cwd + len + (len > 1)) : xstrdup("");
	return top;
}

/* File::Spec's canonpath(): no "//", no "/./", no leading "./", no trailing "/". */
static char *canonpath(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = path;

	if (*p == '/')
		strbuf_addch(&sb, '/');
	while (*p) {
		size_t n;

		while (*p == '/')
			p++;
		n = strcspn(p, "/");
		if (!n)
			break;
		if (!(n == 1 && p[0] == '.')) {
			if (sb.len && sb.buf[sb.len - 1] != '/')
				strbuf_addch(&sb, '/');
			strbuf_add(&sb, p, n);
		}
		p += n;
	}
	if (!sb.len)
		strbuf_addch(&sb, '.');
	return strbuf_detach(&sb, NULL);
}

/* .get_maintainer.conf: its words go before the command line's */
static void read_conf(struct opt_list *args)
{
	static const char *const dirs[] = { ".", NULL, ".scripts" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		const char *dir = dirs[i] ? dirs[i] : getenv("HOME");
		char *path, *buf, *line, *next;
		size_t len;

		if (!dir)
			continue;
		path = xstrfmt("%s/.get_maintainer.conf", dir);
		if (access(path, F_OK)) {
			free(path);
			continue;
		}
		if (read_file(path, &buf, &len)) {
			warning("cannot read %s: %s", path, strerror(errno));
			free(path);
			return;
		}
		for (line = buf; line; line = next) {
			char *tok, *save;

			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			for (tok = strtok_r(line, " \t\r\f\v", &save); tok;
			     tok = strtok_r(NULL, " \t\r\f\v", &save)) {
				if (tok[0] == '#')
					break;
				opt_list_push(args, xstrdup(tok));
			}
		}
		free(buf);
		free(path);
		return;
	}
}

/* Does git know @path?  Only asked when the tree has a .git. */
static bool git_knows(const char *top, const char *path)
{
	if (access(".git", F_OK))
		return false;
	return git_tracked(top, path);
}

struct inputs {
	char **files;
	size_t nr, alloc;
	struct keyword_hits kw;
	struct patch_info patch;
	int status;
};

static void push_file(struct inputs *in, char *path)
{
	ALLOC_GROW(in->files, in->nr + 1, in->alloc);
	in->files[in->nr++] = path;
}

static void keywords_in_file(struct matcher *mt, const char *file,
			     struct inputs *in)
{
	char *buf;
	size_t len;

	if (!strcmp(file, mnt_default_path()) || !is_file(file))
		return;
	if (read_file(file, &buf, &len))
		die_errno("cannot open %s", file);
	matcher_keywords(mt, buf, len, false, &in->kw);
	free(buf);
}

static void read_patch(struct get_args *a, struct matcher *mt,
		       const char *name, const char *buf, size_t len,
		       struct inputs *in)
{
	struct patch_opts po = {
		.mt = a->o.keywords ? mt : NULL,
		.keywords = &in->kw,
		.fixes = a->o.email_fixes,
		.ranges = a->git_blame,
	};
	size_t i, before = in->patch.nr_files;
	int n = patch_read(name, buf, len, &po, &in->patch);

	if (n < 0)
		in->status = 1;
	if (n == 0)
		fprintf(stderr, "%s: file '%s' doesn't appear to be a patch.  "
			"Add -f to options?\n", progname, name);
	for (i = before; i < in->patch.nr_files; i++)
		push_file(in, xstrdup(in->patch.files[i]));
	sort_uniq(in->files, &in->nr);
}

static void add_argument(struct get_args *a, struct matcher *mt,
			 const char *prefix, const char *top, const char *arg,
			 struct inputs *in)
{
	char *path, *joined;
	size_t tl = strlen(top);

	if (!strcmp(arg, "-")) {
		char *buf;
		size_t len;

		if (read_file("-", &buf, &len))
			die_errno("cannot read standard input");
		read_patch(a, mt, "-", buf, len, in);
		free(buf);
		return;
	}
	if (arg[0] == '/' && !strncmp(arg, top, tl) && arg[tl] == '/')
		joined = xstrdup(arg + tl + 1);
	else if (arg[0] != '/')
		joined = xstrfmt("%s%s", prefix, arg);
	else
		joined = xstrdup(arg);
	path = canonpath(joined);
	free(joined);
	if (is_dir(path)) {
		if (!ends_with(path, "/")) {
			char *p = xstrfmt("%s/", path);

			free(path);
			path = p;
		}
	} else if (!is_file(path)) {
		die("file '%s' not found", path);
	}

	if (a->from_filename || git_knows(top, path)) {
		if (a->o.keywords && a->o.keywords_in_file)
			keywords_in_file(mt, path, in);
		push_file(in, path);
	} else {
		char *buf;
		size_t len;

		if (read_file(path, &buf, &len))
			die_errno("cannot open %s", path);
		read_patch(a, mt, path, buf, len, in);
		free(buf);
		free(path);
	}
}

static int load_maintainers(struct get_args *a, struct maintainers *m)
{
	const char *path = a->mpath ? a->mpath : mnt_default_path();
	char *expanded = NULL;
	int ret;

	if (path[0] == '~' && (path[1] == '/' || !path[1]) && getenv("HOME"))
		path = expanded = xstrfmt("%s%s", getenv("HOME"), path + 1);
	/* paths are looked up, errors alone printed: the rest is "check"'s */
	m->lean = true;
	if (is_dir(path) && a->find_maintainer_files)
		ret = maintainers_find_files(m, path);
	else if (is_dir(path) || is_file(path))
		ret = maintainers_add_path(m, path);
	else
		ret = error("MAINTAINER file not found '%s'", path);
	free(expanded);
	if (ret)
		return ret;
	maintainers_finish(m);
	if (m->nr_errors) {
		mnt_diag_print(m, false);
		return -1;
	}
	return 0;
}

/*
 * --maintainers-sections: the sections a MAINTAINERS hunk edits.  An
 * added or removed line belongs to the nearest section name above it in
 * its hunk (a name on a changed line counts too: a renamed section is
 * known by either name).  A change above every name in its hunk cannot
 * be placed and is left out.
 */
static void mark_section(const struct maintainers *m, const char *name,
			 int *seen)
{
	size_t j;

	for (j = 0; j < m->nr_sections; j++)
		if (!strcmp(m->sections[j].name, name))
			seen[j] = 1;
}

static void edited_sections(const struct maintainers *m,
			    const struct patch_info *p, int *seen)
{
	const char *heading = NULL;
	size_t i;

	for (i = 0; i < p->nr_mnt_lines; i++) {
		const char *l = p->mnt_lines[i], *text = l + 1, *value;
		char type;

		if (!strcmp(l, "@@")) {
			heading = NULL;
			continue;
		}
		if (*text && !isspace((unsigned char)*text) && *text != '#' &&
		    !mnt_parse_field(text, &type, &value))
			heading = text;
		if ((*l == '+' || *l == '-') && heading && *text)
			mark_section(m, heading, seen);
	}
}

/* One answer for the inputs read so far. */
static int answer(struct get_args *a, const struct maintainers *m,
		  struct matcher *mt, const struct gm_mailmap *mm,
		  struct inputs *in)
{
	struct gm_opts *o = &a->o;
	struct lookup lk;

	lookup_init(&lk, o, m, mt, mm, stdout);
	if (a->maintainers_sections && in->patch.nr_mnt_lines) {
		int *seen = xcalloc(m->nr_sections + 1, sizeof(*seen));

		edited_sections(m, &in->patch, seen);
		lookup_add_sections(&lk, seen);
		free(seen);
	}
	gitroles_set_fixes(a->gr, in->patch.fixes, in->patch.nr_fixes);
	gitroles_set_ranges(a->gr, in->patch.ranges, in->patch.nr_ranges);
	gitroles_attach(a->gr, &lk);
	lookup_run(&lk, in->files, in->nr, in->kw.entries, in->kw.nr);
	if (gitroles_status(a->gr))
		in->status = 1;
	if (o->json)
		lookup_print_json(&lk);
	else
		lookup_print(&lk);
	lookup_release(&lk);
	return in->status;
}

static void inputs_release(struct inputs *in)
{
	size_t i;

	for (i = 0; i < in->nr; i++)
		free(in->files[i]);
	free(in->files);
	free(in->kw.entries);
	patch_info_release(&in->patch);
	memset(in, 0, sizeof(*in));
}

/* --per-patch: an answer for each message of each patch file or mbox */
static int per_patch(struct get_args *a, const struct maintainers *m,
		     struct matcher *mt, const struct gm_mailmap *mm,
		     struct opt_list *operands, const char *prefix)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < operands->nr; i++) {
		const char *arg = operands->v[i];
		char *path = strcmp(arg, "-") && arg[0] != '/' ?
			xstrfmt("%s%s", prefix, arg) : xstrdup(arg);
		struct mbox_msg *msgs;
		size_t len, nr;
		char *buf;

		if (read_file(path, &buf, &len))
			die_errno("cannot open %s", path);
		nr = patch_split_mbox(buf, len, &msgs);
		for (j = 0; j < nr; j++) {
			struct inputs in = { 0 };
			char *name = xstrfmt("%s#%zu", path, j + 1);

			printf("%s==> %s <==\n", i || j ? "\n" : "", name);
			fflush(stdout);
			read_patch(a, mt, name, msgs[j].buf, msgs[j].len, &in);
			ret |= answer(a, m, mt, mm, &in);
			inputs_release(&in);
			free(name);
		}
		free(msgs);
		free(buf);
		free(path);
	}
	return ret;
}

static bool has_globstar(const struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_entries; i++)
		if ((m->entries[i].type == 'F' || m->entries[i].type == 'X') &&
		    strstr(m->entries[i].value, "**"))
			return true;
	return false;
}

/*
 * Answer as the tree's own scripts/get_maintainer.pl does: the changes
 * made to it after 6.12 apply when it has them (or when
 * --script-features names them).  The script is read only when the
 * answer depends on it: roles shown, or a "**" in MAINTAINERS; b4's and
 * send-email's --norolestats calls do not pay for it.
 */
static void apply_features(struct get_args *a, const struct maintainers *m)
{
	struct gm_opts *o = &a->o;
	unsigned int f = 0;

	if (a->script_features) {
		f = a->features;
	} else if ((o->output_substatus < 0 && a->substatus_default) ||
		   (o->email && (o->output_roles || o->json)) ||
		   has_globstar(m)) {
		f = gm_script_features(GM_SCRIPT_PATH);
	}
	a->features = f;
	if (o->output_substatus < 0)
		o->output_substatus = (f & GM_SUBSTATUS) &&
				      a->substatus_default &&
				      (!(f & GM_SUBSTATUS_TTY) || isatty(1));
	o->plain_roles = !!(f & GM_PLAIN_ROLES);
}

static int run_get(struct get_args *a, struct opt_list *operands,
		   const char *prefix, const char *top)
{
	struct maintainers m;
	struct gm_mailmap mm;
	struct matcher *mt;
	struct inputs in = { 0 };
	size_t i;
	int ret = 1;

	maintainers_init(&m);
	gm_mailmap_init(&mm);
	if (load_maintainers(a, &m))
		goto out_m;
	if (a->o.email_use_mailmap && gm_mailmap_read(&mm, ".mailmap"))
		goto out_m;
	/*
	 * The git fallback is get_maintainer.pl's; edk2's GetMaintainer.py
	 * has its "<default>" stewards instead.
	 */
	if (a->git_fallback < 0)
		a->git_fallback = m.dialect != MNT_EDK2;
	apply_features(a, &m);
	mt = matcher_new_opts(&m, a->features & GM_GLOBSTAR ?
			      MATCHER_GLOBSTAR : 0);
	if (!mt)
		goto out_m;

	if (!operands->nr) {
		if (isatty(0))
			die("missing patchfile or -f file - use --help if necessary");
		opt_list_push(operands, "-");
	}
	a->gro = (struct gitroles_opts) {
		.git = a->git, .fallback = a->git_fallback,
		.fixes = a->o.email_fixes,
		.blame = a->git_blame,
		.blame_signatures = a->git_blame_signatures,
		.from_filename = a->from_filename,
		.min_signatures = a->git_min_signatures,
		.max_maintainers = a->git_max_maintainers,
		.min_percent = a->git_min_percent,
		.all_signature_types = a->git_all_signature_types,
		.chiefs = a->o.email_git_penguin_chiefs,
		.rolestats = a->o.output_rolestats,
		.since = a->git_since,
	};
	a->gr = gitroles_new(&a->gro, true);
	if (a->per_patch) {
		if (a->from_filename)
			die("--per-patch reads patches, not -f files");
		ret = per_patch(a, &m, mt, &mm, operands, prefix);
		if (matcher_errors(mt))
			ret = 1;
		goto out;
	}
	for (i = 0; i < operands->nr; i++)
		add_argument(a, mt, prefix, top, operands->v[i], &in);
	ret = answer(a, &m, mt, &mm, &in);
	if (matcher_errors(mt))
		ret = 1;
out:
	gitroles_free(a->gr);
	a->gr = NULL;
	inputs_release(&in);
	if (FREE_AT_EXIT)
		matcher_free(mt);
out_m:
	if (FREE_AT_EXIT) {
		gm_mailmap_release(&mm);
		maintainers_release(&m);
	}
	return ret;
}

int cmd_get(int argc, const char **argv)
{
	struct get_args a;
	struct gm_opts *o = &a.o;
	struct opt_list args = { 0 }, operands = { 0 };
	char *prefix, *top;
	int i, ret;
	const struct option opts[] = {
		OPT_FLAG("email", &o->email, "print email addresses"),
		OPT_FLAG("git", &a.git, "include recent git *-by: signers"),
		OPT_FLAG("git-all-signature-types", &a.git_all_signature_types, NULL),
		OPT_FLAG("git-blame", &a.git_blame, NULL),
		OPT_FLAG("git-blame-signatures", &a.git_blame_signatures, NULL),
		OPT_FLAG("git-fallback", &a.git_fallback, "use git when no exact MAINTAINERS pattern"),
		OPT_FLAG("git-chief-penguins", &o->email_git_penguin_chiefs, NULL),
		OPT_NUM("git-min-signatures", &a.git_min_signatures, "N", NULL),
		OPT_NUM("git-max-maintainers", &a.git_max_maintainers, "N", NULL),
		OPT_NUM("git-min-percent", &a.git_min_percent, "N", NULL),
		OPT_STR("git-since", &a.git_since, "DATE", NULL),
		OPT_STR("hg-since", &a.hg_since, "DATE", NULL),
		OPT_FLAG("i|interactive", &a.interactive, NULL),
		OPT_FLAG("remove-duplicates", &o->email_remove_duplicates, "minimize duplicate names/addresses"),
		OPT_FLAG("mailmap", &o->email_use_mailmap, "use .mailmap"),
		OPT_FLAG("m", &o->email_maintainer, "include maintainers"),
		OPT_FLAG("r", &o->email_reviewer, "include reviewers"),
		OPT_FLAG("n", &o->email_usename, "include names"),
		OPT_FLAG("l", &o->email_list, "include lists"),
		OPT_FLAG("fixes", &o->email_fixes, NULL),
		OPT_FLAG("moderated", &o->email_moderated_list, "include moderated lists"),
		OPT_FLAG("s", &o->email_subscriber_list, "include subscriber-only lists"),
		OPT_FLAG("multiline", &o->output_multiline, "one entry per line"),
		OPT_FLAG("roles", &o->output_roles, "show roles"),
		OPT_FLAG("rolestats", &o->output_rolestats, "show roles and statistics"),
		OPT_FLAG("substatus", &o->output_substatus, "show the status of sections not Maintained"),
		OPT_FLAG("cc", &a.cc, "one comma-separated list of addresses"),
		OPT_STR("separator", &o->output_separator, "SEP", "separator on one line"),
		OPT_FLAG("subsystem", &o->subsystem, "print subsystem names"),
		OPT_FLAG("status", &o->status, "print status"),
		OPT_FLAG("scm", &o->scm, "print SCM trees"),
		OPT_FLAG("tree", &a.tree, "require the top of a tree"),
		OPT_FLAG("web", &o->web, "print web sites"),
		OPT_FLAG("bug", &o->bug, "print bug reporting info"),
		OPT_STR("letters", &o->letters, "LETTERS", "print these fields of matching sections"),
		OPT_NUM("pattern-depth", &o->pattern_depth, "N", "pattern directory traversals"),
		OPT_FLAG("k|keywords", &o->keywords, "scan patches for K: keywords"),
		OPT_FLAG("kf|keywords-in-file", &o->keywords_in_file, "scan files for K: keywords"),
		OPT_FLAG("sections", &o->sections, "print matching sections"),
		OPT_FLAG("fe|file-emails", &o->email_file_emails, "add addresses found in files"),
		OPT_SET("f|file", &a.from_filename, "arguments are files, not patches"),
		OPT_SET("find-maintainer-files", &a.find_maintainer_files, "read every MAINTAINERS file of the tree"),
		OPT_STR("mpath|maintainer-path", &a.mpath, "PATH", "MAINTAINERS file or directory"),
		{ OPT_STRING_OPT, "self-test", &a.self_test, 0, NULL, NULL },
		OPT_FLAG("maintainers-sections", &a.maintainers_sections, "add the sections a MAINTAINERS hunk edits"),
		OPT_FLAG("per-patch", &a.per_patch, "an answer per message of an mbox"),
		OPT_FLAG("json", &o->json, "machine-readable output"),
		OPT_STR("script-features", &a.script_features, "LIST", "answer as a get_maintainer.pl with these changes"),
		OPT_SET("v|version", &a.version, "show version"),
		OPT_SET("h|help|usage", &a.help, "show this help"),
		OPT_TERMINATOR,
	};

	memset(&a, 0, sizeof(a));
	gm_opts_init(o);
	o->output_substatus = -1;	/* by default: see apply_features() */
	a.git_fallback = -1;	/* on, but for edk2: see run_get() */
	a.git_blame_signatures = 1;
	a.git_min_signatures = 1;
	a.git_max_maintainers = 5;
	a.git_min_percent = 5;
	a.git_since = "1-year-ago";
	a.tree = 1;

	top = find_top(&prefix);
	if (chdir(top))
		die_errno("cannot change to '%s'", top);

	read_conf(&args);
	for (i = 1; i < argc; i++)
		opt_list_push(&args, argv[i]);
	if (parse_options((int)args.nr, args.v, opts, &operands)) {
		ret = 129;
		goto out;
	}
	if (a.help || a.version) {
		if (a.help)
			usage_options(get_usage, opts);
		else
			printf("kmaint get (scripts/get_maintainer.pl 0.26 compatible)\n");
		ret = 0;
		goto out;
	}
	if (a.script_features &&
	    gm_parse_features(a.script_features, &a.features)) {
		ret = 129;
		goto out;
	}
	if (a.self_test)
		die("--self-test: use 'kmaint check'");
	if (a.interactive)
		die("--interactive is not supported; use --roles and edit the list");

	if (strcmp(o->output_separator, ", "))
		o->output_multiline = 0;
	if (o->output_rolestats)
		o->output_roles = 1;
	/* the script decides this before --sections turns --email off */
	a.substatus_default = o->email && o->output_roles;
	/* the proposed --cc: addresses only, for "send-email --cc=$(...)" */
	if (a.cc) {
		o->email_usename = 0;
		o->output_multiline = 0;
		o->output_separator = ",";
		o->output_rolestats = 0;
		o->output_roles = 0;
		o->output_substatus = 0;
	}
	if (o->sections || *o->letters) {
		o->sections = 1;
		o->email = o->email_list = o->scm = o->status = 0;
		o->subsystem = o->web = o->bug = 0;
		o->keywords = o->keywords_in_file = 0;
	} else if (!(o->email + o->scm + o->status + o->subsystem + o->web +
		     o->bug)) {
		die("Missing required option: email, scm, status, subsystem, web or bug");
	}
	if (o->email && !(o->email_maintainer + o->email_reviewer +
			  o->email_list + o->email_subscriber_list + a.git +
			  o->email_git_penguin_chiefs + a.git_blame))
		die("Please select at least 1 email option");
	if (a.tree && !mnt_find_name(NULL))
		die("The current directory does not appear to be a tree with a "
		    "MAINTAINERS file (use --no-tree and --mpath otherwise)");

	ret = run_get(&a, &operands, prefix, top);
out:
	free(prefix);
	free(top);
	free(operands.v);
	for (i = 0; i < (int)args.nr; i++)
		if (i < (int)args.nr - (argc - 1))
			free((char *)args.v[i]);
	free(args.v);
	return ret;
}
