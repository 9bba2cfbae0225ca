/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_INDEX_H
#define KMAINT_INDEX_H

#include <stdint.h>

#include "git-log.h"
#include "git-mailmap.h"
#include "strbuf.h"

/*
 * The history index: one SQLite database per repository holding every
 * indexed commit once (see Documentation/kmaint-index.1 for the schema,
 * which is versioned by PRAGMA user_version and migrated on open).
 *
 * Repeated strings (people, paths, trailer keys) live in their own
 * tables and are referred to by id, so that a kernel-sized history
 * stays a few hundred bytes per commit.  Every value is bound, never
 * pasted into SQL.
 */
#define IDX_SCHEMA_VERSION 8

/*
 * A trailer's value as written, in SQL: schema 8 stores '' for a value
 * that is exactly its person's "name <email>" (people row @p, joined on
 * @t.person), which is most of them.
 */
#define IDX_TRAILER_VALUE(t, p) \
	"(CASE WHEN " t ".value = '' AND " t ".person IS NOT NULL THEN " \
	p ".name || ' <' || " p ".email || '>' ELSE " t ".value END)"

/*
 * SQLite stays behind the store: only the store's own .c files and
 * lists/list-store.c include <sqlite3.h>, so the handles are named
 * by their tags here.
 */
struct sqlite3;
struct sqlite3_stmt;

enum {
	IDX_CREATE = 1,		/* create the file and schema if needed */
	IDX_READONLY = 2,
};

struct idx_intern {
	char **keys;
	int64_t *ids;
	size_t size, nr;	/* open addressing, power-of-two size */
	bool whole;		/* every row of the table: a miss is new */
};

struct idx {
	struct sqlite3 *db;
	char *path;
	/* HEAD's commit as scope_open_index() checked it, or NULL */
	char *head;
	const struct ident_mailmap *mailmap;

	struct sqlite3_stmt *ins_commit, *ins_file, *ins_trailer,
			    *ins_person, *get_person, *ins_path, *get_path,
			    *ins_key, *get_key, *has_commit, *ins_blob,
			    *get_blob, *ins_maint, *ins_sigline;
	struct idx_intern people, paths, keys;

	/*
	 * Recent tracked-file versions, stored or rebuilt: delta bases
	 * for the next ones, and what makes rebuilding versions in order
	 * cost one delta each.
	 */
	struct idx_text {
		int64_t id;
		int depth;
		char hash[HASH_HEXSZ_MAX + 1];
		struct strbuf text;
		unsigned long used;
	} texts[8];
	unsigned long texts_clock;
	struct sqlite3_stmt *get_blob_row;

	long batch;		/* commits in the open transaction */
	bool held;		/* an update's one transaction is open */
};

/*
 * The default location: $(git rev-parse --git-common-dir)/kmaint/
 * index.sqlite, shared by all work trees.  NULL if not in a repository.
 */
char *idx_default_path(void);
/* The same for the common git directory @common_dir, an absolute path. */
char *idx_path_in(const char *common_dir);

/* Create the directory the index @path lives in; 0 or -1 with a message. */
int idx_mkdir_parent(const char *path);

/* Open (and with IDX_CREATE create or migrate); 0 or -1 with a message. */
int idx_open(struct idx *ix, const char *path, unsigned flags);
void idx_close(struct idx *ix);

/*
 * A damaged index (truncated, overwritten, corrupt pages) stops any
 * command with a message saying that 'kmaint index --rebuild' remakes
 * it; off, it is an error (for salvaging what can be read of it).
 */
void idx_damage_is_fatal(bool fatal);

int idx_exec(struct idx *ix, const char *sql);
/*
 * A reader about to read a few thousand scattered rows (one section's
 * commits and messages): pages copied into a small cache rather than
 * mapped, the cheaper way to read pages that are each touched once.
 */
int idx_scattered_reads(struct idx *ix);

/* Create the secondary indexes if they are missing (see index.c). */
int idx_create_indexes(struct idx *ix);
/*
 * The same sorting in 8 MB rather than in as much as the page cache
 * holds (32 MB: SQLite's sorter takes the cache's size), for the end of
 * a first import of the lists, while git's patch-ids still run beside.
 */
int idx_create_indexes_lean(struct idx *ix);
/* Drop the list tables' indexes that reading an archive does not use. */
int idx_drop_list_indexes(struct idx *ix);
/*
 * A batch: a transaction of its own, or, inside an update held open by
 * idx_hold(), a savepoint that only that update's commit makes visible.
 * idx_rollback() drops the batch alone, quietly (there may be none).
 */
int idx_begin(struct idx *ix);
int idx_rollback(struct idx *ix);
/*
 * An update of a complete index is one transaction (idx_hold() to
 * idx_unhold()): readers keep the last complete state until it commits,
 * and a failure at any point (a full disk) leaves that state as it was.
 */
int idx_hold(struct idx *ix);
int idx_unhold(struct idx *ix);
/* Roll the held update back; 0, or -1 if there was none to roll back. */
int idx_drop_hold(struct idx *ix);
/*
 * A test hook (KMAINT_TEST_FULL=POINT:N, see kmaint-index(1)): at the
 * Nth pass of @point, the database may grow no further and a write that
 * needs more fails with SQLite's own SQLITE_FULL: -1, as the stage's
 * own writes would.  0 otherwise.
 */
int idx_fault_point(struct idx *ix, const char *point);
/*
 * For the tests of a kill -9 at a given point (KMAINT_TEST_KILL=POINT):
 * the process kills itself there.
 */
void idx_kill_point(const char *point);
/*
 * Empty the index in the open transaction: every table made again, as
 * in a new file.  Readers keep the snapshot they have (WAL), which a
 * new file in its place would not give them.
 */
int idx_clear(struct idx *ix);
int idx_commit(struct idx *ix);

/* The meta table: small named values (tips, mailmap, counters). */
char *idx_meta_get(struct idx *ix, const char *key);
int idx_meta_set(struct idx *ix, const char *key, const char *value);

/*
 * What "kmaint index" has made of the history and the archives, as
 * text that changes whenever it does: the schema's version, the meta
 * table (the tips, the mailmap, the identity model's key), the
 * archives and their cursors, the last commit and message.  A
 * no-op update leaves it as it was.  Appended to @out; -1 with a
 * message.  For report --site's stamp (report/site-stamp.h).
 */
int idx_state(struct idx *ix, struct strbuf *out);

/* Is the commit @hash (full id) indexed? */
bool idx_has_commit(struct idx *ix, const char *hash);

/*
 * Intern a person (mapped through ix->mailmap), a path or a trailer key
 * (spelled as idx_canon_key() does); the id, or -1 on an SQL error.
 */
int64_t idx_person(struct idx *ix, const char *name, const char *email);
int64_t idx_path(struct idx *ix, const char *path);
int64_t idx_key(struct idx *ix, const char *key);

/* Store one commit with its files and trailers; 0 or -1. */
int idx_add_commit(struct idx *ix, const struct hist_commit *c);

/*
 * Delete commits (and their rows) not in the set of ids read from
 * @reachable, one per line; returns the number deleted or -1.
 */
long idx_prune(struct idx *ix, FILE *reachable);

/* Delete the listed commits (one id per line); the number or -1. */
long idx_delete_listed(struct idx *ix, FILE *list);

/*
 * Delete every commit with its rows, and what says how far the history
 * was read and linked, keeping the rest (the mail archives): the next
 * run reads the history again with this kmaint.  The number deleted, or
 * -1.  In the caller's transaction.
 */
long idx_forget_history(struct idx *ix);

/* Resolve Fixes: trailers to indexed commits; the number resolved. */
long idx_resolve_fixes(struct idx *ix, bool all);

/* Re-apply ix->mailmap to every person (the .mailmap changed). */
int idx_remap_people(struct idx *ix);

/* COUNT(*) of a table, or -1. */
int64_t idx_count(struct idx *ix, const char *table);

/* The integer a one-row query of ours (never user input) gives; -1. */
int64_t idx_query_int(struct idx *ix, const char *sql);

/*
 * kmaint index --verify (store/index-verify.c): @n random commits against
 * git's answers, each difference printed; 0, or 1 if any differs.
 */
int idx_verify_commits(struct idx *ix, int n);

/*
 * Every row of the index that must be there once, and every reference
 * between tables (store/index-verify.c); 0, or 1 with each problem
 * printed.
 */
int idx_verify_rows(struct idx *ix);

/*
 * The summary's chunks, decoded, against the tables: every commit's
 * files and trailers as idx_foreach_commit_facts() hands them.  0, 1
 * after printing what differs or a chunk that does not decode, -1 if
 * the index cannot be asked.
 */
int idx_verify_summary(struct idx *ix);

/*
 * Query helpers for the commands built on the index.
 */

/* The indexed commit whose id starts with @prefix: its rowid, 0 if none
 * or ambiguous. */
int64_t idx_lookup_commit(struct idx *ix, const char *prefix);

/* The rowid of a stored tracked-file version, 0 if none. */
int64_t idx_lookup_blob_id(struct idx *ix, const char *hash);

/*
 * The text of a blobs row on its base's text @base into @out: @prefix
 * and @suffix bytes of the base around @data, or, @prefix -1, @data's
 * operations on the base (kmaint-index(1)).  -1 if it does not fit.
 */
int idx_apply_delta(const char *base, size_t blen, int64_t prefix,
		    int64_t suffix, const char *data, size_t len,
		    struct strbuf *out);

/* The text of a stored tracked-file (MAINTAINERS) version; 0 or -1. */
int idx_blob_text(struct idx *ix, const char *hash, struct strbuf *out);

/*
 * Call @fn for every stored version of the tracked file (MAINTAINERS),
 * oldest commit time first: the commit, its time, and the blob id (NULL
 * where the commit deleted the file).  Rebuild a text with
 * idx_blob_text().
 */
int idx_foreach_version(struct idx *ix,
			int (*fn)(const char *commit, int64_t commit_time,
				  const char *blob, void *data),
			void *data);

/*
 * Call @fn for every non-merge commit touching @path (a file, or a
 * directory when it ends in '/'; "" for all) with a commit time at or
 * after @since: the commit's rowid, id, mapped author and time.
 * Stops early when @fn returns non-zero, which is returned.
 */
struct idx_commit_info {
	int64_t id;
	const char *hash;
	const char *author_name, *author_email;	/* after .mailmap */
	int64_t author_time, commit_time;
	const char *subject;
	long added, removed;	/* over the matching paths; -1 unknown */
};
int idx_foreach_touching(struct idx *ix, const char *path, int64_t since,
			 int (*fn)(const struct idx_commit_info *ci, void *data),
			 void *data);

/*
 * Call @fn for each trailer of commit @id: key (canonical case), value,
 * and the mapped person (NULL name/email when none).
 */
int idx_foreach_trailer(struct idx *ix, int64_t id,
			int (*fn)(const char *key, const char *value,
				  const char *name, const char *email,
				  void *data),
			void *data);

/* "Signed-off-by" for "signed-off-BY": the canonical spelling of keys. */
void idx_canon_key(char *key);

#endif
