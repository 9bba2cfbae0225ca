/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SITE_H
#define KMAINT_SITE_H

#include "audit.h"
#include "git-mailmap.h"
#include "maintainers-history.h"
#include "scope.h"

/*
 * "kmaint report --site DIR": a static site of plain files that any web
 * server or a file:// URL shows.
 *
 *  - index.html: the headline figures first (sections, listed people,
 *    findings by kind, sections with no active maintainer, statuses,
 *    the median time to a first reply from a maintainer, patches
 *    pending), then the charts (findings by area; contributors per year
 *    with newcomers and leavers; maintainer turnover; the Elephant
 *    Factor per year; the share of commits posted to an indexed list),
 *    then one sortable, filterable table of every section;
 *  - kind-KIND.html: that table cut to the sections with one kind of
 *    finding, so that the headline's links work without a script;
 *  - s/NAME.html per section: the listed people with the audit's
 *    evidence, activity per quarter, the leading unlisted people,
 *    response times and pending patches, the MAINTAINERS history and
 *    the patch kmaint propose would write;
 *  - p/ADDRESS.html per person the site names (every listed person,
 *    and the unlisted people a section page shows): the sections they
 *    are listed in and work in, their addresses with the evidence that
 *    ties them, activity per quarter.
 *
 * Every figure is one the commands compute (audit, stats, stats --list,
 * pending, history, propose); Documentation/kmaint-report.1 defines
 * each.  Every string from a repository or a mail is escaped; the only
 * script is inline and allowed by its hash in a Content-Security-Policy
 * that forbids any request.  A page whose bytes did not change is not
 * written again; the quarter charts run over the quarters with activity,
 * so that a quarter turning changes only the pages of what was active.
 * DIR/.kmaint-manifest lists the pages a run made; those of the last
 * run that this one does not make are deleted, and nothing else.
 */
struct site_opts {
	const char *dir;		/* created if missing */
	const char *title;		/* NULL: "Maintainership of ..." */
	int64_t pending_now;		/* 0: the newest indexed message */
	int pending_days;		/* 14 */
	const struct ident_mailmap *mm;	/* for pending */
	/*
	 * Links, strbuf_add_url() templates: a Message-ID's (NULL: lore's,
	 * "": none) and a commit id's (NULL or "": none; kmaint report
	 * fills it from site_commit_url_for_remote() unless given).
	 */
	const char *message_url, *commit_url;
	/* r/TAG.html for the last @releases releases among @release_tags */
	int releases;
	const char *release_tags;	/* a glob; NULL: every tag */
};

struct site_result {
	size_t pages, written;		/* files made; of those, rewritten */
	size_t removed;			/* the last run's, no longer made */
	size_t index_bytes, total_bytes;
};

struct site_figures;

/*
 * Write the site for @a (run with o->quarters set, over every section
 * of sc->m), @h and the figures @f collected for them
 * (judge/site-figures.h) into o->dir.  0, or -1 with a message.
 */
int site_write(struct scope *sc, const struct audit *a,
	       const struct mh_history *h, struct site_figures *f,
	       const struct site_opts *o, struct site_result *res);

/*
 * The commit link template of the web view of a repository cloned from
 * @remote (remote.origin.url): github.com and gitlab.com (https, ssh or
 * scp-like "git@host:path"), and git.kernel.org's cgit; NULL for any
 * other host, whose web view is not known.
 */
char *site_commit_url_for_remote(const char *remote);

/*
 * The file in a site's directory naming the pages its last run wrote,
 * one a line: the next run deletes the stale ones, and report/
 * site-stamp.c checks that each is still there.
 */
#define SITE_MANIFEST ".kmaint-manifest"

/* Write @len bytes to @path unless it holds them already: 1 written, 0
 * unchanged, -1 with a message. */
int site_put_file(const char *path, const char *buf, size_t len);

#endif
