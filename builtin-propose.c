// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint propose: the MAINTAINERS patches the audit's evidence calls for
 * (judge/propose.h), ready for git send-email.
 *
 * The patches are made by git: each proposed change is a commit built
 * with plumbing (hash-object, a temporary index, write-tree, commit-tree;
 * no ref and no work tree file is touched) on top of the work tree's
 * MAINTAINERS and CREDITS (with --as-of, on the commit of the version the
 * audit read), and git format-patch writes the series.  The
 * "CC:" lines after "---" are what "kmaint get --maintainers-sections"
 * gives for each patch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "builtin.h"
#include "parse-options.h"
#include "propose.h"
#include "run-command.h"
#include "scope.h"
#include "setup.h"
#include "util.h"

/* "git ARGS" with @env and stdin @in; its stdout, trimmed. */
static int git(const char **args, const char **env, const char *in,
	       struct strbuf *out)
{
	const char *argv[16] = { "git" };
	struct strbuf err = STRBUF_INIT;
	size_t i;
	int rc;

	for (i = 0; args[i] && i + 2 < ARRAY_SIZE(argv); i++)
		argv[i + 1] = args[i];
	strbuf_reset(out);
	rc = pipe_command(argv, env, in ? in : "", in ? strlen(in) : 0, out, &err);
	strbuf_trim(out);
	if (rc)
		error("git %s failed: %s", args[0], err.buf);
	strbuf_release(&err);
	return rc ? -1 : 0;
}

/*
 * The user's git identity as the patches' author, "Name <address>": the
 * one who signs them off (checkpatch.pl wants the two to agree).
 */
static char *identity(void)
{
	const char *args[] = { "var", "GIT_AUTHOR_IDENT", NULL };
	struct strbuf out = STRBUF_INIT;
	char *gt;

	if (git(args, NULL, NULL, &out))
		die("git does not know who you are: set user.name and user.email");
	gt = strrchr(out.buf, '>');
	if (gt)
		strbuf_setlen(&out, (size_t)(gt - out.buf) + 1);
	return strbuf_detach(&out, NULL);
}

struct series {
	char *index;		/* the temporary index file */
	const char *env[2];
	char *env_index;
	char *base, *tip;	/* commits */
};

/* A blob of @text in the object store; its id into @out. */
static int blob(const struct strbuf *text, struct strbuf *out)
{
	const char *args[] = { "hash-object", "-w", "--stdin", NULL };

	return git(args, NULL, text->buf, out);
}

/* Put @text at @path in the temporary index. */
static int stage(struct series *s, const char *path, const struct strbuf *text)
{
	struct strbuf id = STRBUF_INIT, out = STRBUF_INIT;
	char *info;
	const char *args[] = { "update-index", "--add", "--cacheinfo", NULL, NULL };
	int rc;

	if (blob(text, &id))
		return -1;
	info = xstrfmt("100644,%s,%s", id.buf, path);
	args[3] = info;
	rc = git(args, s->env, NULL, &out);
	free(info);
	strbuf_release(&id);
	strbuf_release(&out);
	return rc;
}

/* A commit of the temporary index on @s->tip, with @msg; it becomes the tip. */
static int commit(struct series *s, const char *msg)
{
	const char *wt[] = { "write-tree", NULL };
	const char *ct[] = { "commit-tree", NULL, "-p", NULL, "-F", "-", NULL };
	struct strbuf tree = STRBUF_INIT, c = STRBUF_INIT;
	int rc = -1;

	if (git(wt, s->env, NULL, &tree))
		goto out;
	ct[1] = tree.buf;
	ct[3] = s->tip;
	if (git(ct, NULL, msg, &c))
		goto out;
	free(s->tip);
	s->tip = strbuf_detach(&c, NULL);
	rc = 0;
out:
	strbuf_release(&tree);
	strbuf_release(&c);
	return rc;
}

/*
 * The base: @base (the commit of the MAINTAINERS version --as-of read)
 * as it is, else HEAD, or a commit of the work tree's files on it.
 */
static int series_start(struct series *s, const char *base,
			const struct strbuf *maint, const struct strbuf *credits)
{
	const char *head[] = { "rev-parse", "--verify", NULL, NULL };
	const char *rt[] = { "read-tree", NULL, NULL };
	const char *gd[] = { "rev-parse", "--absolute-git-dir", NULL };
	const char *df[] = { "diff", "--quiet", "HEAD", "--", "MAINTAINERS",
			     "CREDITS", NULL };
	struct strbuf out = STRBUF_INIT;
	int rc = -1;

	if (git(gd, NULL, NULL, &out))
		goto out;
	s->index = xstrfmt("%s/kmaint-propose-index.%d", out.buf, (int)getpid());
	s->env_index = xstrfmt("GIT_INDEX_FILE=%s", s->index);
	s->env[0] = s->env_index;
	head[2] = rt[1] = base ? base : "HEAD";
	if (git(rt, s->env, NULL, &out) || git(head, NULL, NULL, &out))
		goto out;
	s->tip = strbuf_detach(&out, NULL);
	if (base)
		goto done;
	/* uncommitted changes to the two files: a base commit of them */
	if (stage(s, "MAINTAINERS", maint) ||
	    (credits && stage(s, "CREDITS", credits)))
		goto out;
	if (git(df, NULL, NULL, &out) &&
	    commit(s, "work tree's MAINTAINERS and CREDITS\n"))
		goto out;
done:
	s->base = xstrdup(s->tip);
	rc = 0;
out:
	strbuf_release(&out);
	return rc;
}

static void series_end(struct series *s)
{
	if (s->index)
		unlink(s->index);
	free(s->index);
	free(s->env_index);
	free(s->base);
	free(s->tip);
}

/* "CC: address" for each recipient "kmaint get" gives the patch. */
static int cc_lines(const char *patch, struct strbuf *cc)
{
	const char *argv[] = { "/proc/self/exe", "get", "--maintainers-sections",
			       "--norolestats", "--non", "--nogit",
			       "--nogit-fallback", NULL };
	struct strbuf out = STRBUF_INIT;
	const char *p;

	if (pipe_command(argv, NULL, patch, strlen(patch), &out, NULL))
		return error("kmaint get failed on a proposed patch");
	strbuf_reset(cc);
	for (p = out.buf; *p; ) {
		size_t n = strcspn(p, "\n");

		if (n)
			strbuf_addf(cc, "CC: %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	strbuf_release(&out);
	return 0;
}

/* Insert @cc after the first "---" line of @patch. */
static void add_cc(struct strbuf *patch, const struct strbuf *cc)
{
	char *at = strstr(patch->buf, "\n---\n");
	struct strbuf out = STRBUF_INIT;
	size_t off;

	if (!at)
		return;
	off = (size_t)(at - patch->buf) + 5;
	strbuf_add(&out, patch->buf, off);
	strbuf_add(&out, cc->buf, cc->len);
	strbuf_add(&out, patch->buf + off, patch->len - off);
	strbuf_release(patch);
	*patch = out;
}

/* The files format-patch wrote, one name a line, with CC lines added. */
static int add_cc_lines(const char *names, bool to_stdout)
{
	struct strbuf cc = STRBUF_INIT, patch = STRBUF_INIT;
	const char *p;
	int rc = -1;

	for (p = names; *p; ) {
		size_t n = strcspn(p, "\n"), len;
		char *file = xstrndup(p, n), *buf;
		FILE *f = NULL;

		p += n + (p[n] == '\n');
		if (read_file(file, &buf, &len)) {
			error("cannot read '%s'", file);
			free(file);
			goto out;
		}
		strbuf_reset(&patch);
		strbuf_add(&patch, buf, len);
		free(buf);
		if (cc_lines(patch.buf, &cc)) {
			free(file);
			goto out;
		}
		add_cc(&patch, &cc);
		if (to_stdout) {
			fwrite(patch.buf, 1, patch.len, stdout);
			unlink(file);
		} else if (!(f = fopen(file, "w")) ||
			   fwrite(patch.buf, 1, patch.len, f) != patch.len) {
			error("cannot write '%s'", file);
			if (f)
				fclose(f);
			free(file);
			goto out;
		} else if (fclose(f)) {
			error("cannot write '%s'", file);
			free(file);
			goto out;
		} else {
			printf("%s\n", file);
		}
		free(file);
	}
	rc = 0;
out:
	strbuf_release(&cc);
	strbuf_release(&patch);
	return rc;
}

/*
 * git format-patch of base..tip into @dir (a scratch directory for the
 * mbox on stdout), then the CC lines added.
 */
static int write_series(const struct series *s, const char *dir, bool to_stdout)
{
	const char *fp[] = { "format-patch", "-o", NULL, NULL, NULL };
	struct strbuf out = STRBUF_INIT;
	char *range = xstrfmt("%s..%s", s->base, s->tip);
	char *tmp = NULL;
	int rc = -1;

	if (to_stdout) {
		tmp = xstrfmt("%s.d", s->index);
		if (mkdir(tmp, 0700)) {
			error("cannot make '%s'", tmp);
			goto out;
		}
		dir = tmp;
	}
	fp[2] = dir;
	fp[3] = range;
	/* it prints the name of each file it writes */
	if (!git(fp, NULL, NULL, &out))
		rc = add_cc_lines(out.buf, to_stdout);
out:
	if (tmp)
		rmdir(tmp);
	free(tmp);
	free(range);
	strbuf_release(&out);
	return rc;
}

static void print_plan(const struct proposals *ps)
{
	size_t i;

	for (i = 0; i < ps->nr; i++) {
		const struct proposal *p = &ps->v[i];

		printf("%s\n\n", p->subject);
		printf("%s\n", p->body);
	}
	printf("%zu patch%s proposed\n", ps->nr, ps->nr == 1 ? "" : "es");
}

static int read_text(const char *path, struct strbuf *sb, bool must)
{
	char *buf;
	size_t len;

	if (read_file(path, &buf, &len)) {
		if (must)
			return error("cannot read %s", path);
		return 1;
	}
	strbuf_add(sb, buf, len);
	free(buf);
	return 0;
}

/* The work tree's MAINTAINERS (the audit's and the patches') and CREDITS. */
static int read_work_tree(struct scope *sc, struct strbuf *maint,
			  struct strbuf *credits, bool *have_credits)
{
	if (read_text("MAINTAINERS", maint, true))
		return error("propose works on the work tree's MAINTAINERS: "
			     "run it at the top");
	*have_credits = !read_text("CREDITS", credits, false);
	return scope_load_maintainers(sc, NULL);
}

/*
 * --as-of: that day's MAINTAINERS, as audit --as-of judges it, and the
 * CREDITS of its commit; the patches go on that commit, so that they
 * apply to the file they were written for.
 */
static int read_as_of(struct scope *sc, const char *as_of, int64_t when,
		      struct strbuf *maint, struct strbuf *credits,
		      bool *have_credits)
{
	const char *cat[] = { "cat-file", "blob", NULL, NULL };
	struct strbuf err = STRBUF_INIT;
	char *hash = NULL, *obj;
	int64_t t;
	int rc;

	if (scope_load_maintainers_when(sc, NULL, as_of, when))
		return -1;
	rc = scope_maintainers_version(sc->ix, when, maint, &hash, &t);
	free(hash);
	if (rc)
		return rc < 0 ? -1 : error("--as-of %s: no MAINTAINERS "
					   "version", as_of);
	obj = xstrfmt("%s:CREDITS", sc->maint_hash);
	cat[2] = obj;
	/* none in that commit: no CREDITS, as without --as-of */
	*have_credits = !capture_git(cat, credits, &err);
	if (!*have_credits)
		strbuf_reset(credits);
	strbuf_release(&err);
	free(obj);
	return 0;
}

int cmd_propose(int argc, const char **argv)
{
	const char *as_of = NULL, *outdir = NULL;
	int dry_run = 0, reviewers = 0;
	struct cmd_setup c = { 0 };
	struct opt_list sections = { 0 }, operands = { 0 };
	struct audit_opts o;
	struct propose_opts po;
	struct option opts[] = {
		OPT_STRLIST("section", &sections, "NAME", "only this section (repeatable)"),
		OPT_STR("person", &po.person, "WHO", "only changes about this person (address or name)"),
		OPT_SET("reviewers", &reviewers, "also propose leading unlisted reviewers as R:"),
		OPT_NUM("reviewer-ranks", &po.reviewer_ranks, "N", "... among the first N reviewers (2)"),
		OPT_NUM("min-reviews", &po.min_reviews, "N", "... with at least N reviews in the window (10)"),
		OPT_STR("as-of", &as_of, "WHEN", "judge with the history up to a date or revision"),
		OPT_NUM("window", &o.window_years, "YEARS", "activity window (default 5)"),
		OPT_NUM("min-changes", &o.min_changes, "N", "inactive needs N changes in the section (50)"),
		OPT_EMPLOYER_FILES(&c.email_map, &c.gitdm_config),
		OPT_IDENTITIES(&c.strict, &c.address),
		OPT_STR("o|output-directory", &outdir, "DIR", "write the patches into DIR (default: an mbox on stdout)"),
		OPT_SET("n|dry-run", &dry_run, "list what would be proposed and why"),
		OPT_DB(&c.db),
		OPT_TERMINATOR
	};
	struct strbuf maint = STRBUF_INIT, credits = STRBUF_INIT;
	struct proposals ps = { 0 };
	struct series s = { 0 };
	struct scope *sc = &c.sc;
	struct audit a;
	struct idx *ix = &c.ix;
	bool *selected = NULL, have_credits = false;
	char *me = NULL;
	size_t i;
	int rc = 128;

	audit_opts_init(&o);
	propose_opts_init(&po);
	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint propose [--section NAME]... [--person WHO] "
				      "[--reviewers] [--dry-run] [-o DIR]", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands) || operands.nr) {
		if (operands.nr)
			error("unexpected argument '%s'", operands.v[0]);
		free(operands.v);
		free(sections.v);
		return 129;
	}
	po.reviewers = reviewers;
	if (cmd_setup_people(&c, &o, as_of))
		exit(128);	/* the message is out; like die() */
	if (cmd_setup_index(&c, false))
		exit(128);	/* the message is out; like die() */
	if (as_of ? read_as_of(sc, as_of, o.now, &maint, &credits,
			       &have_credits) :
	    read_work_tree(sc, &maint, &credits, &have_credits))
		exit(128);	/* the message is out; like die() */
	/* every section is audited: where else someone works matters */
	o.active_people = true;	/* the listed and the active: all it reads */
	if (audit_run(ix, &sc->m, sc->mt, NULL, &o, &a))
		exit(128);	/* the message is out; like die() */
	if (sections.nr) {
		selected = xcalloc(sc->m.nr_sections + 1, sizeof(bool));
		for (i = 0; i < sections.nr; i++) {
			int sec = scope_find_section(sc, sections.v[i]);

			if (sec < 0)
				exit(128);
			selected[sec] = true;
		}
	}
	propose_plan(&a, &po, &ps);
	if (selected) {
		size_t j = 0;

		for (i = 0; i < ps.nr; i++) {
			if (selected[ps.v[i].s->index]) {
				ps.v[j++] = ps.v[i];
			} else {
				free(ps.v[i].subject);
				free(ps.v[i].body);
				free(ps.v[i].value);
			}
		}
		ps.nr = j;
	}
	if (dry_run) {
		print_plan(&ps);
		rc = ps.nr ? 1 : 0;
		goto out;
	}
	if (!ps.nr) {
		fprintf(stderr, "%s: nothing to propose\n", progname);
		rc = 0;
		goto out;
	}
	me = identity();
	if (series_start(&s, as_of ? sc->maint_hash : NULL, &maint,
			 have_credits ? &credits : NULL))
		goto out;
	for (i = 0; i < ps.nr; i++) {
		struct strbuf msg = STRBUF_INIT;

		if (propose_apply(&ps.v[i], &maint, have_credits ? &credits : NULL) ||
		    stage(&s, "MAINTAINERS", &maint) ||
		    (have_credits && stage(&s, "CREDITS", &credits))) {
			strbuf_release(&msg);
			goto out;
		}
		strbuf_addf(&msg, "%s\n\n%s\nSigned-off-by: %s\n", ps.v[i].subject,
			    ps.v[i].body, me);
		if (commit(&s, msg.buf)) {
			strbuf_release(&msg);
			goto out;
		}
		strbuf_release(&msg);
	}
	if (write_series(&s, outdir ? outdir : ".", !outdir))
		goto out;
	rc = 0;
out:
	series_end(&s);
	free(me);
	proposals_release(&ps);
	audit_release(&a);
	cmd_setup_release(&c);
	strbuf_release(&maint);
	strbuf_release(&credits);
	free(selected);
	free(sections.v);
	free(operands.v);
	return rc;
}
