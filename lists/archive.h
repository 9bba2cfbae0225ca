/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_INBOX_H
#define KMAINT_INBOX_H

#include <stdint.h>

#include "git-log.h"
#include "mail.h"

/*
 * Walking mail archives: what is new in a source since its cursor, as a
 * stream of items in archive order (messages to add, messages to delete,
 * and the cursor to record after each).
 *
 * The sources:
 *  - a public-inbox v2 inbox (public-inbox-v2-format(5)): a directory
 *    with git/0.git, git/1.git, ... read in that order; every commit's
 *    tree holds one file, 'm' (a message) or 'd' (a message deleted:
 *    the same blob as the 'm' it removes).  Each epoch is a part with
 *    its own cursor, the last commit read;
 *  - one epoch as public mirrors publish it: a git repository whose
 *    branch (HEAD) has commits of 'm' and 'd' trees;
 *  - a public-inbox v1 inbox (public-inbox-v1-format(5)): one git
 *    repository, a message added at xx/yyyy... and removed by deleting
 *    that path;
 *  - an mbox file (mboxo or mboxrd), read by GMime (lists/mail.h); its
 *    cursor is the byte offset after the last message read, with the
 *    file's size and time and hashes of its first 4 KiB and of the 256
 *    bytes before the offset, so that a file that was rewritten rather
 *    than appended to is read again from the start;
 *  - a Maildir (cur/ and new/): messages are known by the unique part
 *    of their file name; the cursor is the time of the two directories.
 *
 * For git sources, one thread lists the commits (git log --raw) and
 * feeds the blob ids to one "git cat-file --batch", another reads its
 * output, and parser threads (GMime) read the messages, while the
 * caller stores them: the items still come out in archive order.
 */
enum inbox_kind {
	INBOX_V2 = 1,
	INBOX_EPOCH,
	INBOX_V1,
	INBOX_MBOX,
	INBOX_MAILDIR,
};

const char *inbox_kind_name(enum inbox_kind kind);
/* The kind named @name ("public-inbox-v2"), or 0. */
int inbox_kind_from_name(const char *name);

/* What @path is; 0, or -1 with a message naming it. */
int inbox_detect(const char *path, enum inbox_kind *kind);

/*
 * The address public-inbox's configuration ($PI_CONFIG, else
 * ~/.public-inbox/config) gives the inbox at @path, or NULL.
 */
char *inbox_config_address(const char *path);

/* The git directory of part @part of a git source; NULL if none. */
char *inbox_git_dir(const char *path, enum inbox_kind kind, int part);

enum inbox_op {
	INBOX_ADD,
	INBOX_DELETE,
	INBOX_RESET,	/* forget the part: its history was rewritten */
	INBOX_SKIP,	/* nothing but a cursor to record */
};

struct inbox_item {
	enum inbox_op op;
	int part;			/* epoch; 0 for the others */
	char id[HASH_HEXSZ_MAX + 1];	/* git: the blob (add, delete) */
	char commit[HASH_HEXSZ_MAX + 1];	/* git: the archive's commit */
	char *name;			/* Maildir: the unique name */
	int64_t offset, length;		/* mbox: bytes, From_ line included */
	int64_t archive_time;		/* commit, From_ line or delivery time; 0 unknown */
	bool missing;			/* git: the blob is not in the repository */
	char *cursor;			/* the part's cursor after this item, or NULL */
	struct mail mail;		/* ADD, unless missing */

	/* the walk's own */
	char *raw;
	size_t raw_len, bytes;
	int state;
};

struct inbox_walk_opts {
	const char *path;
	enum inbox_kind kind;
	int jobs;			/* parser threads; 0: online processors */
	/* the stored cursor of a part (NULL for none); called from a thread */
	const char *(*cursor)(int part, void *data);
	void *data;
	/* Maildir: the unique names stored, sorted by strcmp() */
	char **stored;
	size_t nr_stored;
	/* git sources: the first items whose To and Cc are read (-1: all) */
	long recipients;
};

struct inbox_walk;

/*
 * Would a walk of @opts (path, kind, cursor) find nothing: every part
 * read up to where its cursor is, and untouched since?  A few reads of
 * files (a git part's tip from its ref files, an mbox's size, time and
 * the bytes the cursor hashes, a Maildir's times), no git process, for
 * the question every kmaint index asks.  false when it cannot tell.
 */
bool inbox_unchanged(const struct inbox_walk_opts *opts);

struct inbox_walk *inbox_walk_start(const struct inbox_walk_opts *opts);

/* The next item in archive order, the caller's to free; NULL at the end. */
struct inbox_item *inbox_walk_next(struct inbox_walk *w);
void inbox_item_free(struct inbox_item *it);

/* Wait for the threads and free @w; 0, or -1 if reading failed. */
int inbox_walk_finish(struct inbox_walk *w);

/*
 * Read one stored message again: from blob @id of part @part, the
 * Maildir file of unique name @id, or the mbox at @offset.  0, or -1
 * with a message.
 */
int inbox_read_one(const char *path, enum inbox_kind kind, int part,
		   const char *id, int64_t offset, struct mail *m);

#endif
