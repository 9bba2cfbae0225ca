/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_LMSG_H
#define KMAINT_LMSG_H

#include "imap.h"
#include "index.h"
#include "list-store.h"

struct msg_queries;

/*
 * The messages of the index's lists in memory, for the questions asked
 * of them (kmaint stats --list, kmaint pending): what they share is read
 * in one scan of the covering index messages_stats, 48 bytes a message,
 * and joined in C; the text (subjects, Message-IDs, names) is fetched
 * afterwards for the few messages an answer shows.
 *
 * A message posted to several registered lists is one message: one copy
 * is kept (the first archive's, or the first stored), and the other
 * copies' ids lead to it, so that a reply made on one list to a patch
 * posted to two is found under the copy that was kept.
 */
struct lmsg {
	int64_t thread, date, subj;	/* subj: subject_hash, 1 for none */
	int32_t id, parent;
	uint32_t sender, author;	/* people ids, 0 for none */
	uint32_t flags;			/* MSG_*; bit 31 is the caller's */
	int16_t version;
	bool mark;			/* the caller's */
};

struct lmsg_table {
	struct lmsg *m;		/* by id */
	size_t nr;
	/*
	 * The ids read are in (base, max_id]: pos is by id less base, so
	 * that a window of a big archive costs its own span.  A section's
	 * threads (lmsg_load_threads()) are a few ids spread over the
	 * whole archive: pos is NULL and @sparse maps them instead, so
	 * that they cost what they hold, not the archive's span.
	 */
	int64_t base, max_id;
	int32_t *pos;		/* message id - base -> index in m + 1 */
	struct imap sparse;	/* message id -> index in m + 1 */
	int32_t *kids;		/* indexes into m, by parent */
	/* parent's index in m -> its slice [start[p], start[p + 1]) */
	int32_t *kid_start;
};

/*
 * Read the messages of the lists named in @lists (every list when
 * @nr_lists is 0) dated @since or later (INT64_MIN: all), with the
 * replies of each.  From a date on, what is read is the window's
 * messages only: which of them are other projects' is asked of their
 * own files (lists_foreign_of()), not of every message.  0, or -1 with
 * a message.
 */
int lmsg_load(struct lmsg_table *t, struct idx *ix, const char *const *lists,
	      size_t nr_lists, int64_t since);
/*
 * lmsg_load() of every list from @since for the messages of the @nr
 * threads @threads only (a section's patches' threads): the table of those
 * messages is the one lmsg_load() would make, less the other threads.
 */
int lmsg_load_threads(struct lmsg_table *t, struct idx *ix,
		      const int64_t *threads, size_t nr, int64_t since);
void lmsg_release(struct lmsg_table *t);

/*
 * One entry per Message-ID: a copy on another list, or delivered twice
 * to one archive, is the copy met first, as of the earliest date of
 * all (the caller lowers it).  @seen maps the Message-IDs' hashes met
 * to the places of the copies kept + 1.  Returns the place + 1 of the
 * copy kept of @mid; else 0, @place (where the caller keeps it)
 * remembered for @mid.  A message without Message-ID is its own.
 */
size_t lmsg_copy_of(struct imap *seen, int64_t mid, size_t place);

/* The message of id @id (or the copy kept of it), or NULL. */
struct lmsg *lmsg_find(const struct lmsg_table *t, int64_t id);

/* Is @id a row read (a message, or a copy of one)? */
static inline bool lmsg_read(const struct lmsg_table *t, int64_t id)
{
	return lmsg_find(t, id) != NULL;
}

/* Every id read (messages and copies), ascending, into *@ids; their number. */
size_t lmsg_ids(const struct lmsg_table *t, int64_t **ids);

/* The replies to message @parent (indexes into t->m); their number in *n. */
const int32_t *lmsg_kids(const struct lmsg_table *t, int64_t parent, size_t *n);

/*
 * What reply @m answers: going up its thread, the nearest posted patch
 * (carrying a patch and no reply itself, this project's or not) or cover
 * letter (flagged MSG_COVER, as "Re: [PATCH 0/N]" is too, or a message
 * that is neither a patch nor a reply: a cover letter with a subject of
 * its own); NULL when the thread above it is not in the table.  A reply
 * counts for the sections of the patch it answers, and for those of
 * the whole series only when it answers the cover letter.
 */
const struct lmsg *lmsg_answered(const struct lmsg_table *t,
				 const struct lmsg *m);

/*
 * A posted patch: a message carrying a patch that is not a reply, and
 * is this project's (see lists_foreign()).
 */
static inline bool lmsg_is_patch(const struct lmsg *m)
{
	return (m->flags & MSG_PATCH) && !(m->flags & (MSG_REPLY | MSG_FOREIGN));
}

/*
 * Later versions.  A patch is superseded when its author (the patch's
 * author, people id) posted a patch with the same subject (without its
 * prefixes: subject_hash) and a higher version.
 */
struct lmsg_versions {
	struct imap latest;	/* author and subject -> highest version */
};

/* The versions of the patches of @t posted at or before @until. */
void lmsg_versions_build(struct lmsg_versions *v, const struct lmsg_table *t,
			 int64_t until);
/* The versions of more patches, of @t (its m[].flags, author, subj, version). */
void lmsg_versions_add(struct lmsg_versions *v, const struct lmsg_table *t,
		       int64_t until);
/*
 * The versions of the patches beyond @t's threads (another thread, a
 * v2 posted on its own) that share a subject with a patch of @t, dated
 * from @since to @until: with lmsg_versions_build(), what the versions
 * of lmsg_load()'s whole table from @since would be for @t's patches
 * (@q: msg_queries_open()'s).
 */
int lmsg_versions_beyond(struct lmsg_versions *v, const struct lmsg_table *t,
			 struct idx *ix, struct msg_queries *q, int64_t since,
			 int64_t until);
void lmsg_versions_release(struct lmsg_versions *v);
bool lmsg_superseded(const struct lmsg_versions *v, const struct lmsg *m);

#endif
