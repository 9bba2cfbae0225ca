/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SUMMARY_H
#define KMAINT_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "index.h"

/*
 * Every indexed commit as a small fixed record, with its line counts
 * summed over its files and the (key, person) pairs of its tags that
 * name someone (its trailers, or for a message with tags elsewhere the
 * tags of its signature lines; see index.c): what questions about the whole history (kmaint
 * stats, audit, report) read commit by commit.
 *
 * Stepping through the commits, files and trailers tables costs about
 * a microsecond a row in SQLite, a tenth of a second for 100,000
 * commits before any counting is done; the same data decoded from a few
 * large blobs costs a few milliseconds.  "kmaint index" keeps the blobs
 * in the summary table (see index.c); when they are missing or do not
 * reach the last commit, summary_load() builds the same records from
 * the tables, so the answer never depends on the cache.
 */
enum {
	SUMMARY_COUNTS_UNKNOWN = 1,	/* some file's blob was unreadable */
	SUMMARY_SIGLINES = 2,		/* its tags are its signature lines' */
};

struct summary_commit {
	int64_t id;
	int64_t author_time, commit_time;
	uint32_t author, committer;	/* people ids */
	uint32_t added, removed;	/* over all files, binary ones as 0 */
	uint32_t nr_files;
	uint32_t trailer, nr_trailers;	/* its range of summary.trailers */
	int16_t author_tz;		/* minutes east of UTC */
	uint8_t nparents;		/* 255 for 255 or more */
	uint8_t flags;
};

struct summary_trailer {
	uint32_t key, person;		/* keys.id, people.id */
};

/* Where a commit's files rows and trailers are, in summary.files, tags. */
struct summary_at {
	uint32_t file;			/* nr_files of them */
	uint32_t tag, nr_tags;		/* of a SUMMARY_SIGLINES commit */
};

/* A files row: its path, and a rename's path before (else -1). */
struct summary_file {
	int64_t path, old_path;
};

struct summary {
	struct summary_commit *commits;	/* by increasing id */
	size_t nr, alloc;
	struct summary_trailer *trailers;	/* in commit, then message order */
	size_t nr_trailers, alloc_trailers;
	bool cached;			/* read from the summary table */
	/* only from summary_walk_files(): beside each commit, its at */
	struct summary_at *at;
	size_t alloc_at;
	struct summary_file *files;	/* in commit, then files table order */
	size_t nr_files, alloc_files;
	struct summary_trailer *tags;	/* its trailers, of SUMMARY_SIGLINES */
	size_t nr_tags, alloc_tags;
};

/*
 * All indexed commits, from the summary table if it is complete, else
 * from the tables themselves.  0, or -1 with a message on an SQL error.
 */
int summary_load(struct idx *ix, struct summary *sm);
void summary_release(struct summary *sm);

/*
 * What summary_load() gives, a batch at a time in id order: @fn gets
 * @buf filled with some commits and their trailers (each commit's
 * trailer counted from the batch's first), until every commit was
 * handed or @fn returns non-zero (which is returned).  For a walk over
 * the whole history that needs no commit twice: it holds one batch, not
 * the whole summary.  @buf is the caller's to release.  0, or -1 with a
 * message.
 */
int summary_walk(struct idx *ix, struct summary *buf,
		 int (*fn)(const struct summary *batch, void *data), void *data);

/*
 * What summary_walk_files() found: the chunks cover every commit, or
 * some are missing (an interrupted run, an index from before the
 * summary, or one past SQLite's blob limit), or one does not decode.
 */
enum summary_state {
	SUMMARY_WHOLE,
	SUMMARY_SHORT,
	SUMMARY_DAMAGED,
};

/*
 * summary_walk() of the commits whose ids are in [@from, @to] (and
 * maybe a few around them), each with its files rows (c->nr_files of
 * summary.files from at[i].file) and, when its summary tags are its
 * signature lines' (SUMMARY_SIGLINES), the trailers rows that name
 * someone (summary.tags from at[i].tag): idx_foreach_commit_facts()
 * from the summary.  The places are kept beside the records, not in
 * them, so that summary_load()'s records stay as small as they were.  Only a whole summary is walked: when *@state is not
 * SUMMARY_WHOLE nothing was handed and the tables are to be read.
 * 0, -1 with a message, or @fn's non-zero return.
 */
int summary_walk_files(struct idx *ix, struct summary *buf, int64_t from,
		       int64_t to,
		       int (*fn)(const struct summary *batch, void *data),
		       void *data, enum summary_state *state);

/*
 * summary_walk_files() of the commits from the first dated in [@since,
 * @until] on (its id in *@split before the walk, INT64_MAX for none),
 * then, after @between(@data), of those before it: the chunks found
 * and checked once for both walks, the first found as they are.
 * Nothing is handed and @between is not called when *@state is not
 * SUMMARY_WHOLE.
 */
int summary_walk_files_split(struct idx *ix, struct summary *buf,
			     int64_t since, int64_t until, int64_t *split,
			     int (*fn)(const struct summary *batch, void *data),
			     void (*between)(void *data), void *data,
			     enum summary_state *state);

/*
 * The trailers rows that name someone of the @i-th commit of a batch of
 * summary_walk_files(), as the trailers table has them.
 */
static inline const struct summary_trailer *
summary_own_trailers(const struct summary *sm, size_t i, size_t *nr)
{
	const struct summary_commit *c = &sm->commits[i];

	if (c->flags & SUMMARY_SIGLINES) {
		*nr = sm->at[i].nr_tags;
		return *nr ? sm->tags + sm->at[i].tag : NULL;
	}
	*nr = c->nr_trailers;
	return *nr ? sm->trailers + c->trailer : NULL;
}

/* The commit with index id @id, or NULL. */
const struct summary_commit *summary_find(const struct summary *sm,
					  int64_t id);

/*
 * The records of the commits @ids (ascending; ids that are not indexed
 * commits are left out), read from the tables a commit at a time: for
 * a question about a few thousand commits of a long history, where
 * decoding every commit's record costs more than the answer.  Their
 * line counts over all their files (added, removed, nr_files and
 * SUMMARY_COUNTS_UNKNOWN) are left at 0: a question about some paths
 * counts those paths' lines, and a tree-wide commit has thousands of
 * files.  0, or -1 with a message.
 */
int summary_load_ids(struct idx *ix, const int64_t *ids, size_t nr,
		     struct summary *sm);

/*
 * Append to @sm the records of the commits with ids above @after, read
 * from the tables (never the summary table).  0, or -1 with a message.
 */
int summary_build_after(struct idx *ix, int64_t after, struct summary *sm);

/*
 * For "kmaint index", inside its last transaction: append a chunk for
 * the commits the summary table does not have yet (rewriting the table
 * as one chunk when it has grown many).  0 or -1.
 */
int summary_update(struct idx *ix);

#endif
