// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint audit: for each MAINTAINERS section, who is listed against who
 * does the work (judge/audit.h), with findings and the networking
 * clean-up patches' evidence blocks.  Exits 1 when there are findings,
 * for CI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "builtin.h"
#include "git-mailmap.h"
#include "json.h"
#include "maintainers-history.h"
#include "parse-options.h"
#include "scope.h"
#include "setup.h"
#include "util.h"

int cmd_audit(int argc, const char **argv)
{
	const char *as_of = NULL, *maint_at = NULL, *mpath = NULL;
	int json = 0, no_evidence = 0, findings_only = 0;
	struct cmd_setup c = { 0 };
	struct audit_opts o;
	struct opt_list sections = { 0 }, operands = { 0 };
	struct option opts[] = {
		OPT_STRLIST("section", &sections, "NAME", "audit this section (repeatable; default all)"),
		OPT_STR("as-of", &as_of, "WHEN", "judge with the history up to a date or revision"),
		OPT_STR("maintainers-at", &maint_at, "REV", "MAINTAINERS as at REV (default: that of --as-of, else work tree, else HEAD)"),
		OPT_STR("mpath|maintainer-path", &mpath, "FILE", "this MAINTAINERS file instead"),
		OPT_NUM("window", &o.window_years, "YEARS", "activity window (default 5)"),
		OPT_NUM("min-changes", &o.min_changes, "N", "inactive, single-maintainer and bus-factor findings need N changes (50)"),
		OPT_NUM("min-maintainers", &o.min_maintainers, "N", "fewer listed maintainers is a finding (2; 0 off)"),
		OPT_NUM("employer-share", &o.employer_share, "PCT", "listed maintainers at one employer (100; 0 off)"),
		OPT_NUM("bus-factor", &o.bus_factor, "N", "a bus factor of N or less is a finding (1; 0 off)"),
		OPT_NUM("bypass-share", &o.bypass_share, "PCT", "changes never posted to an indexed list: a finding (50; 0 off)"),
		OPT_NUM("fading-months", &o.fading_months, "N", "fading: silent at least N months (9)"),
		OPT_NUM("fading-gaps", &o.fading_gaps, "K", "fading: and K times the section's median gap between changes (8)"),
		OPT_NUM("fading-changes", &o.fading_changes, "N", "fading: with N of its changes since (4; 0 off)"),
		OPT_NUM("top", &o.top, "N", "unlisted contributors shown (5)"),
		OPT_EMPLOYER_FILES(&c.email_map, &c.gitdm_config),
		OPT_SET("findings-only", &findings_only, "print only sections with findings"),
		OPT_SET("no-evidence", &no_evidence, "no evidence blocks"),
		OPT_IDENTITIES(&c.strict, &c.address),
		OPT_SET("json", &json, "JSON output"),
		OPT_DB(&c.db),
		OPT_TERMINATOR
	};
	struct scope *sc = &c.sc;
	struct audit a;
	bool *selected = NULL, have_a = false;
	size_t i;
	int rc = 128;

	audit_opts_init(&o);
	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint audit [--section NAME]... [OPTIONS]", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		rc = 129;
		goto out;
	}
	if (operands.nr) {
		error("unexpected argument '%s' (sections are given with --section)",
		      operands.v[0]);
		rc = 129;
		goto out;
	}
	if (cmd_setup_people(&c, &o, as_of) || cmd_setup_index(&c, false))
		goto out;
	if (mpath && maint_at) {
		error("--mpath and --maintainers-at name two files; give one");
		rc = 129;
		goto out;
	}
	if (mpath ? scope_load_maintainers_file(sc, mpath) :
	    scope_load_maintainers_when(sc, maint_at, as_of, o.now))
		goto out;
	if (sections.nr) {
		selected = xcalloc(sc->m.nr_sections + 1, sizeof(bool));
		for (i = 0; i < sections.nr; i++) {
			int s = scope_find_section(sc, sections.v[i]);

			if (s < 0)
				goto out;
			selected[s] = true;
		}
	}
	have_a = true;
	o.identity_lazy = true;	/* only what the few sections name */
	o.active_people = true;	/* the listed and the active: all it prints */
	if (audit_run(&c.ix, &sc->m, sc->mt, selected, &o, &a))
		goto out;

	if (json) {
		struct strbuf out = STRBUF_INIT;
		char d1[16], d2[16];
		bool first = true;

		mh_date(d1, sizeof(d1), a.now);
		mh_date(d2, sizeof(d2), a.since);
		strbuf_addf(&out, "{\"as_of\":\"%s\",\"since\":\"%s\",\"window_years\":%d,"
			    "\"maintainers\":", d1, d2, o.window_years);
		json_quote(&out, sc->maint_from);
		scope_json_version(&out, sc);
		strbuf_addf(&out, ",\"findings\":%zu,\"sections\":[", a.nr_findings);
		for (i = 0; i < a.nr; i++) {
			if (findings_only && !a.v[i].nr_findings)
				continue;
			if (!first)
				strbuf_addch(&out, ',');
			first = false;
			audit_json_section(&out, &a, &a.v[i]);
		}
		strbuf_addstr(&out, "]}");
		puts(out.buf);
		strbuf_release(&out);
	} else {
		char d1[16], d2[16];
		size_t with = 0;

		for (i = 0; i < a.nr; i++) {
			with += a.v[i].nr_findings > 0;
			if (findings_only && !a.v[i].nr_findings)
				continue;
			audit_print_section(stdout, &a, &a.v[i], !no_evidence);
		}
		mh_date(d1, sizeof(d1), a.since);
		mh_date(d2, sizeof(d2), a.now);
		printf("%zu sections audited from %s, activity %s .. %s: %zu findings "
		       "in %zu sections\n", a.nr, sc->maint_from, d1, d2,
		       a.nr_findings, with);
	}
	rc = a.nr_findings ? 1 : 0;
out:
	if (have_a)
		audit_release(&a);
	cmd_setup_release(&c);
	free(selected);
	free(sections.v);
	free(operands.v);
	return rc;
}
