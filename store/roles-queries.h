/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_ROLES_QUERIES_H
#define KMAINT_ROLES_QUERIES_H

#include <stdbool.h>

#include "index.h"

/*
 * The questions get --git (get/git-roles.c) asks of the index again and
 * again, one commit or one path at a time: prepared once, in one read
 * transaction (a savepoint: otherwise each takes and drops the file lock
 * again), and the follow cache (see index.c), written through a
 * connection of its own opened on the first miss, as the index is
 * opened read-only.  A cache that cannot be written is not an error.
 */
struct roles_queries;

/* NULL after a message naming the index. */
struct roles_queries *roles_queries_open(struct idx *ix);
void roles_queries_close(struct roles_queries *q);

/*
 * The files rows of path @path: commit id, status letter (or NULL),
 * lines added and removed, whether both counts are known, flags (HF_*).
 */
void roles_foreach_file_row(struct roles_queries *q, const char *path,
			    void (*fn)(int64_t commit, const char *status,
				       long added, long removed, bool counts,
				       long flags, void *data),
			    void *data);

/* The commits that rename (or copy) path @path to another name. */
void roles_foreach_rename_of(struct roles_queries *q, const char *path,
			     void (*fn)(int64_t commit, void *data),
			     void *data);

/* Commit @id's flags (HC_*); 0 when there is no such commit. */
int64_t roles_commit_flags(struct roles_queries *q, int64_t id);

/* The signature lines the index kept of commit @id, in order. */
void roles_foreach_sigline(struct roles_queries *q, int64_t id,
			   void (*fn)(const char *line, void *data),
			   void *data);

/* The trailers of commit @id, in order: key id and value. */
void roles_foreach_trailer(struct roles_queries *q, int64_t id,
			   void (*fn)(int64_t key, const char *value,
				      void *data),
			   void *data);

/* "GitAuthor: NAME <EMAIL>" of commit @id as written, NULL if none. */
char *roles_author_line(struct roles_queries *q, int64_t id);

/* A kept answer of kind @kind for @hash and @path: true if found. */
bool roles_follow_get(struct roles_queries *q, const char *hash,
		      const char *path, int kind, char **src, long *added,
		      long *removed);
void roles_follow_put(struct roles_queries *q, const char *hash,
		      const char *path, int kind, const char *src, long added,
		      long removed);

/*
 * The non-merge commits since @since touching a path under @dir, newest
 * first; -1 after a message.
 */
int idx_foreach_dir_commit(struct idx *ix, const char *dir, int64_t since,
			   void (*fn)(int64_t commit, void *data), void *data);

#endif
