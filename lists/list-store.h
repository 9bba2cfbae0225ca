/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_LISTS_H
#define KMAINT_LISTS_H

#include <stdio.h>

#include "archive.h"
#include "imap.h"
#include "index.h"
#include "mail.h"

/*
 * Mailing lists in the index (schema in store/index.c, version 3, and
 * Documentation/kmaint-index.1): archives registered as sources, their
 * messages read by lists/archive.c and lists/mail.c, posted patches linked
 * to the commits that applied them.
 *
 * What is stored of a message: where it lives (to read it again), its
 * Message-ID and the one it answers (threads), its date, its sender (a
 * people id, as git authors are, through the same .mailmap), the subject
 * and its parse, whether it carries a patch, the paths the patch
 * touches (path ids, as commits have), its patch-id, the trailers it
 * gives, and the problems it had.
 */

/* messages.flags, above the MAIL_* problem bits (lists/mail.h) */
enum {
	MSG_PATCH = MAIL_PATCH,		/* carries a patch */
	MSG_REPLY = MAIL_REPLY,		/* answers another message */
	MSG_DATE_REPLACED = 1 << 18,	/* absurd or no Date: the archive's time */
	MSG_MSGID_MADE = 1 << 19,	/* no Message-ID: one was made up */
	MSG_COVER = 1 << 20,		/* "0/N" of a series */
	MSG_FOREIGN = 1 << 21,		/* in memory only: lists_foreign() */
};

/* Dates before this (1990-01-01) are absurd. */
#define LISTS_OLDEST_DATE 631152000
/* and so are those this far after the archive's own time */
#define LISTS_DATE_SLACK (2 * 86400)

struct lists_source {
	int64_t id;
	char *path;
	enum inbox_kind kind;
	char *list;		/* NULL until known */
	char *list_from;	/* "option", "config", "list-id", "to" */
};

/* Every registered source, by id; 0 or -1. */
int lists_sources(struct idx *ix, struct lists_source **v, size_t *nr);
void lists_sources_free(struct lists_source *v, size_t nr);

/* Register @path (made absolute) of @kind; its id, or -1. */
int64_t lists_register(struct idx *ix, const char *path, enum inbox_kind kind);

/* Register a source again with its list (kmaint index --rebuild). */
int64_t lists_restore(struct idx *ix, const char *path, enum inbox_kind kind,
		      const char *list, const char *list_from);

/* What a run of lists_update() did, for the index summary. */
/* The routine problems named in a report; the rest are counted. */
#define LISTS_MAX_NAMED 20
/* by_kind[LISTS_MISSING]: messages lost, their blob missing */
#define LISTS_MISSING MAIL_NR_PROBLEMS

struct lists_report {
	long added, deleted, resets, missing;
	long problems;				/* messages with any */
	long by_kind[MAIL_NR_PROBLEMS + 4];	/* see lists_problem_name() */
	struct strbuf lost;			/* every missing message, one a line */
	struct strbuf named;			/* the first other problems */
	long nr_named;				/* the other problems */
	int64_t oldest_added;			/* INT64_MAX when none */
};

void lists_report_init(struct lists_report *r);
void lists_report_release(struct lists_report *r);
/* The name of counter @i of by_kind. */
const char *lists_problem_name(int i);

struct lists_prefetch;

struct lists_update_opts {
	const char *list_name;	/* for a source whose list is not known yet */
	int jobs;		/* parser threads; 0: processors - 1, at least 1 */
	int batch;		/* messages per transaction (0: 20000) */
	bool progress;
	/* told the source's first message date, for the commits it picks */
	struct lists_prefetch *prefetch;
};

/*
 * Read what is new in @src and store it, by batches that each commit
 * the messages with the source's cursor; decide its list on the first
 * batch if it has none.  0, or -1 (with a message) if the source could
 * not be read completely or its list cannot be told.
 */
int lists_update(struct idx *ix, struct lists_source *src,
		 const struct lists_update_opts *o, struct lists_report *rep);

/*
 * Patch-ids of the non-merge commits a posting could have become (those
 * committed after the oldest message) that have none yet, by batches.
 * The number computed, or -1.
 */
long lists_commit_patchids(struct idx *ix, int batch);

/*
 * The same started early, in another thread, while archives are read:
 * for the commits after the oldest message there is, or after the first
 * message of the git archives of @src not read yet, which lists_update()
 * tells the thread (give it the prefetch in its options); until then it
 * takes the newest commits.  lists_patchids_finish() waits and stores
 * them (the number, or -1); lists_commit_patchids() then does the rest.
 * NULL: nothing to do.
 */
struct lists_prefetch *lists_patchids_prefetch(struct idx *ix,
					       const struct lists_source *src,
					       size_t nr);
long lists_patchids_finish(struct idx *ix, struct lists_prefetch *pf);

/*
 * Link posted patches to commits, for the commits indexed since the last
 * time, those committed after @since (the oldest message just added),
 * and those that lost a link to a deleted message.  The number of links
 * made, or -1.
 */
long lists_link(struct idx *ix, int64_t since);

/*
 * Nothing new for the lists (@src, their @nr sources): every archive
 * where its cursors are, by a few reads (inbox_unchanged()), and the
 * commits' patch-ids and links up to the last indexed commit.  The
 * no-op kmaint index skips the lists' update on it.
 */
bool lists_unchanged(struct idx *ix, const struct lists_source *src, size_t nr);

/* Counts for "kmaint index --stats". */
void lists_print_stats(struct idx *ix, FILE *fp);

/* Re-read @n random messages and compare; the number that differ, -1. */
int lists_verify(struct idx *ix, int n);

/*
 * Every message of every git archive stored at most as often as the
 * archive holds it, up to the cursor (a message stored twice, as two
 * writers at once did); 0, or 1 with the differences printed.
 */
int lists_verify_counts(struct idx *ix);

/* A 63-bit hash of a Message-ID (messages.mid, .thread). */
int64_t lists_mid_hash(const char *msgid);

/*
 * The posted patches that are not this project's, as keys of @foreign
 * (imap_init()ed here; imap_free() it): a list carries other projects'
 * patches (linux-xfs the kernel's, xfsprogs', xfsdump's and fstests'),
 * and a catch-all section ("F: *") would claim them all.  A patch is the
 * project's when every file of it is: a path the history touched, or a
 * new one in a directory the history has (its own directory, not one
 * above: the kernel's include/linux/fs.h is not in fstests' include/;
 * xfsdump changes common/main.c, which fstests' common/ never had, but
 * also dump/ and restore/).  An index without history claims every
 * patch.  0, or -1 with a message.
 */
int lists_foreign(struct idx *ix, struct imap *foreign);

/*
 * @fn on each posted patch of this project (not lists_foreign()'s), in
 * message id order, with its files' path ids, ascending: the whole
 * archives' patches read in one pass.  0, -1 with a message, or what
 * @fn returned when not 0.
 */
int lists_foreach_own_patch(struct idx *ix,
			    int (*fn)(int64_t message, const int64_t *paths,
				      size_t nr, void *data),
			    void *data);

/*
 * The same for the @nr messages @ids only, each asked of its own files
 * (the history's paths and directories looked up by path), for a
 * question about a window of the archives rather than all of it.
 */
int lists_foreign_of(struct idx *ix, const int64_t *ids, size_t nr,
		     struct imap *foreign);

/* The same rule, one message at a time (NULL: an SQL error). */
struct lists_own;
struct lists_own *lists_own_open(struct idx *ix);
bool lists_own_foreign(struct lists_own *lo, int64_t message);
void lists_own_close(struct lists_own *lo);

#endif
