/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_HISTORY_H
#define KMAINT_HISTORY_H

#include <stdio.h>

#include "strbuf.h"

/*
 * Reading commits through git's plumbing, fast.
 *
 * "git log --numstat" spends nearly all its time computing line counts
 * in one process.  We list the commits first (rev-list), cut the list
 * into chunks and run one "git diff-tree --stdin -z -r -M --raw
 * --numstat --always --format=..." per chunk, as many at a time as
 * there are cores, each read by its own thread.  The output is NUL
 * separated, so no path needs unquoting, and --always gives exactly one
 * header per commit we asked for, which is how records are told apart.
 *
 * A blob that cannot be read (a partial or snapshot clone) makes
 * diff-tree die.  The chunk is then resumed after the commit it was on,
 * and that commit is read again without line counts: the paths whose
 * blobs exist are counted by a pathspec-limited diff-tree, the others
 * are marked HF_MISSING with unknown counts.
 */

#define HASH_HEXSZ_MAX 64

enum {
	HF_BINARY = 1,		/* numstat said "-" */
	HF_SUBMODULE = 2,	/* a gitlink on either side */
	HF_MISSING = 4,		/* a blob could not be read: counts unknown */
	HF_SYMLINK = 8,
};

enum {
	HC_MISSING = 1,		/* some blob of this commit was unreadable */
	HC_NO_RENAMES = 2,	/* renames could not be detected */
	HC_MERGE = 4,
	HC_SIGLINES = 8,	/* index: see siglines, not trailers, for get --git */
};

struct hist_file {
	char *path;
	char *old_path;		/* rename source, or NULL */
	char status;		/* A, M, D, R, T */
	unsigned old_mode, new_mode;
	char old_blob[HASH_HEXSZ_MAX + 1], new_blob[HASH_HEXSZ_MAX + 1];
	long added, removed;	/* -1 when unknown or binary */
	unsigned flags;
};

struct hist_trailer {
	char *key;		/* as written */
	char *value;
};

struct hist_commit {
	char hash[HASH_HEXSZ_MAX + 1];
	char *parents;		/* space-separated ids */
	int nparents;
	char *author_name, *author_email;
	char *committer_name, *committer_email;
	int64_t author_time, commit_time;
	int author_tz, commit_tz;	/* minutes east of UTC */
	char *subject;
	struct hist_trailer *trailers;
	size_t nr_trailers, alloc_trailers;

	/*
	 * The lines get_maintainer.pl's "git log" shows for this commit
	 * that could be signature lines in either of its modes (any
	 * "...by:" followed by an '@'), leading white space removed as
	 * the script removes it, in order: see hist_siglines().
	 */
	char **siglines;
	size_t nr_siglines, alloc_siglines;

	/*
	 * Such lines in the subject paragraph (a message with no blank
	 * line after its subject): %b leaves them out, so the script does
	 * not see them, but gitdm, reading the whole message, does.
	 */
	char **para_lines;
	size_t nr_para_lines, alloc_para_lines;
	struct hist_file *files;
	size_t nr_files, alloc_files;
	unsigned flags;

	/*
	 * The tracked file (MAINTAINERS) when this commit produced a new
	 * version of it: its blob id (empty if deleted) and, when
	 * want_blob_text is set, the text.
	 */
	bool tracked_changed;
	char tracked_blob[HASH_HEXSZ_MAX + 1];
	char tracked_base[HASH_HEXSZ_MAX + 1];	/* the (first) parent's */
	struct strbuf tracked_text;
};

/*
 * Could @line (leading white space removed) be a signature line for
 * get_maintainer.pl, with or without --git-all-signature-types?  Its
 * widest pattern is /^[ \t]*(.+?)[Bb][Yy]:.*\@.*$/.
 */
bool hist_is_sigline(const char *line, size_t len);

/* A file changed by @c (status M, counts unknown), to be filled in. */
struct hist_file *hist_add_file(struct hist_commit *c, const char *path);
void hist_add_trailer(struct hist_commit *c, const char *key, size_t klen,
		      const char *value, size_t vlen);

void hist_commit_init(struct hist_commit *c);
void hist_commit_release(struct hist_commit *c);

/*
 * List the commits reachable from @include but not from @exclude (both
 * NULL-terminated lists of commit ids), oldest first, into a temporary
 * file of one id per line.  Commits for which @skip returns true are
 * left out.  Returns the number listed, or -1.
 */
long history_list(const char **include, const char **exclude,
		  bool (*skip)(const char *hash, void *data), void *data,
		  FILE **list);

struct history_opts {
	int jobs;		/* git processes at a time; 0: online cores */
	const char *tracked;	/* path whose versions to report, or NULL */
	bool want_blob_text;	/* fetch the tracked file's text */
	bool detect_renames;	/* -M */
};

struct history;

/* Start reading the @nr commits listed in @list (history_list()). */
struct history *history_start(FILE *list, long nr,
			      const struct history_opts *opts);

/*
 * The next commit, in no particular order, or NULL at the end.  The
 * commit is the caller's: hist_commit_release() and free() it.
 */
struct hist_commit *history_next(struct history *h);

/*
 * Wait for everything and free @h.  Returns 0, or -1 if a commit could
 * not be read at all (the message is printed).  @missing receives the
 * "commit path blob" lines of unreadable blobs (may be NULL).
 */
int history_finish(struct history *h, struct strbuf *missing);

/* Read one commit the same way, in this thread; 0 or -1. */
int history_read_one(const char *hash, const struct history_opts *opts,
		     struct hist_commit *c);

/* Parse "+0130" into minutes east of UTC. */
int parse_tz(const char *s);

#endif
