/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SITE_STAMP_H
#define KMAINT_SITE_STAMP_H

#include <stdbool.h>

#include "site.h"
#include "strbuf.h"

/*
 * DIR/.kmaint-stamp: what the last complete "report --site DIR" was
 * made from, so that a run with nothing new computes nothing.
 *
 * The stamp holds two digests.  The inputs': kmaint's executable (its
 * path, size, mtime and inode: a new build recomputes), every option
 * that reaches the site, the contents of the files they name, the
 * repository's MAINTAINERS, .mailmap, HEAD and tags, and the index's
 * state (idx_state()).  The pages': the manifest's bytes, and the inode,
 * size, mtime and ctime of every page it lists.  It is removed before
 * a full run writes anything and written last, after the manifest, so
 * that a run that stops half way leaves no stamp; a site matches it
 * only if both digests are the same as now.  In doubt (a file that
 * cannot be read, a page gone), the site is made again.
 */
struct site_stamp {
	struct strbuf in;	/* the inputs, each a named record */
};

void site_stamp_init(struct site_stamp *st);
void site_stamp_release(struct site_stamp *st);

/* One input: @what and @len bytes; a NULL @buf differs from "". */
void site_stamp_add(struct site_stamp *st, const char *what,
		    const char *buf, size_t len);
void site_stamp_add_str(struct site_stamp *st, const char *what,
			const char *s);
void site_stamp_add_int(struct site_stamp *st, const char *what, long long v);

/* A file's contents ("missing" if there is none); NULL @path: none. */
void site_stamp_add_file(struct site_stamp *st, const char *what,
			 const char *path);

/* The running executable and the current directory. */
void site_stamp_add_self(struct site_stamp *st);

/*
 * Is @dir the site of exactly these inputs, every page as the last run
 * left it?  Then *@res is that run's summary (nothing written).
 * KMAINT_DEBUG=1 says why not on stderr.
 */
bool site_stamp_fresh(const struct site_stamp *st, const char *dir,
		      struct site_result *res);

/* Before a full run: the old stamp removed.  0, or -1 with a message. */
int site_stamp_forget(const char *dir);

/*
 * After a complete run whose summary is @res: the stamp written (not
 * if the manifest does not list exactly the pages @res counts, as when
 * a stale page could not be deleted).  0, or -1 with a message.
 */
int site_stamp_write(const struct site_stamp *st, const char *dir,
		     const struct site_result *res);

#endif
