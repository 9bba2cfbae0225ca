// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint review PATCH: a patch to MAINTAINERS judged against the
 * history (judge/review.h).  Exits 1 when an addition has weak or no
 * history or the section's most active listed person is removed, for
 * bots; 128 when the patch does not apply.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "parse-options.h"
#include "patch.h"
#include "queries.h"
#include "review.h"
#include "run-command.h"
#include "scope.h"
#include "setup.h"
#include "util.h"

/* MAINTAINERS as of @when from the index (0: the newest version). */
static int base_from_index(struct idx *ix, int64_t when, struct strbuf *out,
			   char **what)
{
	char *hash;
	int64_t t;
	int rc = scope_maintainers_version(ix, when, out, &hash, &t);

	if (!rc)
		*what = xstrfmt("%s as of commit %.12s", mnt_default_path(), hash);
	free(hash);
	return rc ? -1 : 0;
}

/*
 * The blob the patch's "index" line names, when the repository has it
 * (git cat-file): the exact text the patch was made against, even when
 * --as-of is before the commit that added that version landed (a series
 * is sent days before it is applied).  0, or -1 when git lacks it.
 */
static int base_from_patch(const char *abbrev, struct strbuf *out,
			   char **what)
{
	struct strbuf id = STRBUF_INIT, err = STRBUF_INIT;
	char *spec = xstrfmt("%s^{blob}", abbrev);
	const char *rev[] = { "rev-parse", "--verify", "--quiet", spec, NULL };
	const char *cat[] = { "cat-file", "blob", NULL, NULL };
	int rc = -1;

	if (!capture_git(rev, &id, &err)) {
		strbuf_trim(&id);
		cat[2] = id.buf;
		strbuf_reset(out);
		if (id.len && !capture_git(cat, out, &err)) {
			*what = xstrfmt("%s blob %s (the patch's base)", mnt_default_path(),
					abbrev);
			rc = 0;
		}
	}
	strbuf_release(&id);
	strbuf_release(&err);
	free(spec);
	return rc;
}

/*
 * The base: with --as-of, the patch's own base blob, else the version
 * as of the date; without, the work tree's, else the newest.
 */
static void read_base(struct idx *ix, const char *as_of, int64_t when,
		      const char *patch_base, struct review *r)
{
	char *buf;
	size_t len;

	if (as_of) {
		if (patch_base &&
		    !base_from_patch(patch_base, &r->base, &r->base_what)) {
			r->base_source = "patch";
			return;
		}
		r->base_source = "as-of";
		if (base_from_index(ix, when, &r->base, &r->base_what)) {
			if (patch_base)
				die("the patch's base blob %s is not in the "
				    "repository, and the index has no "
				    "MAINTAINERS version as of %s",
				    patch_base, as_of);
			die("the index has no MAINTAINERS version as of %s", as_of);
		}
		if (patch_base) {
			char *w = xstrfmt("%s (the patch's base %s is not in "
					  "the repository)", r->base_what,
					  patch_base);

			free(r->base_what);
			r->base_what = w;
		}
	} else if (is_file(mnt_default_path())) {
		if (read_file(mnt_default_path(), &buf, &len))
			die_errno("cannot read %s", mnt_default_path());
		strbuf_add(&r->base, buf, len);
		free(buf);
		r->base_what = xstrfmt("%s (work tree)", mnt_default_path());
		r->base_source = "work tree";
	} else if (base_from_index(ix, 0, &r->base, &r->base_what)) {
		die("no MAINTAINERS in the work tree or the index");
	} else {
		r->base_source = "newest";
	}
}

/*
 * The patch must change MAINTAINERS; git apply says the rest.  The base
 * blob its index line names, or NULL.
 */
static char *check_patch(const char *file)
{
	struct patch_opts popts = { 0 };
	struct patch_info pi = { 0 };
	char *buf, *base;
	size_t len;

	if (read_file(file, &buf, &len))
		die_errno("cannot read '%s'", file);
	if (patch_read(file, buf, len, &popts, &pi) < 0)
		exit(128);	/* the message is out; like die() */
	free(buf);
	if (!pi.nr_mnt_lines)
		die("%s: the patch does not change MAINTAINERS", file);
	base = pi.mnt_base;
	pi.mnt_base = NULL;
	patch_info_release(&pi);
	return base;
}

int cmd_review(int argc, const char **argv)
{
	const char *as_of = NULL;
	int json = 0;
	struct cmd_setup c = { 0 };
	struct audit_opts o;
	struct review_opts ro;
	struct opt_list operands = { 0 };
	struct option opts[] = {
		OPT_STR("as-of", &as_of, "WHEN", "judge with history and MAINTAINERS as at a date or revision"),
		OPT_NUM("window", &o.window_years, "YEARS", "activity window (default 5)"),
		OPT_NUM("strong-share", &ro.strong_share, "PCT", "share of changesets, reviews or applied commits for a strong verdict (10)"),
		OPT_NUM("lead-factor", &ro.lead_factor, "N", "unlisted leaders with N times the changesets outrank an addition (3)"),
		OPT_NUM("lead-ranks", &ro.lead_ranks, "N", "... among the first N authors (2)"),
		OPT_NUM("top", &o.top, "N", "unlisted contributors shown (5)"),
		OPT_EMPLOYER_FILES(&c.email_map, &c.gitdm_config),
		OPT_IDENTITIES(&c.strict, &c.address),
		OPT_SET("json", &json, "JSON output"),
		OPT_DB(&c.db),
		OPT_TERMINATOR
	};
	struct strbuf err = STRBUF_INIT;
	struct review r = { 0 };
	char *patch_base;
	int i;

	audit_opts_init(&o);
	review_opts_init(&ro);
	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint review [--as-of WHEN] [--json] PATCH", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		free(operands.v);
		return 129;
	}
	if (operands.nr != 1) {
		error("review takes one patch file");
		free(operands.v);
		return 129;
	}
	if (cmd_setup_people(&c, &o, as_of))
		exit(128);	/* the message is out; like die() */
	patch_base = check_patch(operands.v[0]);
	if (cmd_setup_index(&c, false))
		exit(128);	/* the message is out; like die() */

	read_base(&c.ix, as_of, o.now, patch_base, &r);
	free(patch_base);
	if (review_apply(operands.v[0], mnt_default_path(), &r.base, &r.patched,
			 &err)) {
		fprintf(stderr, "%s", err.buf);
		die("%s does not apply to %s", operands.v[0], r.base_what);
	}
	o.identity_lazy = true;	/* only the people the changed sections name */
	if (review_run(&r, &c.ix, &o, &ro))
		exit(128);	/* the message is out; like die() */
	if (json) {
		struct strbuf out = STRBUF_INIT;

		review_json(&out, &r);
		puts(out.buf);
		strbuf_release(&out);
	} else {
		review_print(stdout, &r, operands.v[0]);
	}
	i = r.findings ? 1 : 0;
	review_release(&r);
	cmd_setup_release(&c);
	strbuf_release(&err);
	free(operands.v);
	return i;
}
