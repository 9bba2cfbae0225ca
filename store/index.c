// SPDX-License-Identifier: GPL-2.0
#include "index.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>

#include "imap.h"
#include "run-command.h"

#define SWAP_STRBUF(a, b) do { struct strbuf tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

/*
 * Schema version 1 (version 2 adds two caches, below).  Documented in Documentation/kmaint-index.1; keep
 * the two in step, and add a migration rather than edit a released
 * version.
 */
/* The trailers table's columns, as schema 8's copy makes them again. */
#define TRAILERS_COLUMNS \
	"(\n" \
	"  commit_id INTEGER NOT NULL,\n" \
	"  seq INTEGER NOT NULL,\n" \
	"  key INTEGER NOT NULL,\n" \
	"  value TEXT NOT NULL,\n" \
	"  person INTEGER,\n" \
	"  target INTEGER,\n" \
	"  PRIMARY KEY(commit_id, seq)) WITHOUT ROWID;\n"

static const char schema_v1[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;\n"
	"CREATE TABLE people(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  name TEXT NOT NULL, email TEXT NOT NULL,\n"
	"  mname TEXT NOT NULL, memail TEXT NOT NULL,\n"
	"  UNIQUE(email, name));\n"
	"CREATE TABLE paths(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);\n"
	"CREATE TABLE keys(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);\n"
	"CREATE TABLE commits(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  hash TEXT NOT NULL UNIQUE,\n"
	"  parents TEXT NOT NULL,\n"
	"  nparents INTEGER NOT NULL,\n"
	"  author INTEGER NOT NULL,\n"
	"  author_time INTEGER NOT NULL, author_tz INTEGER NOT NULL,\n"
	"  committer INTEGER NOT NULL,\n"
	"  commit_time INTEGER NOT NULL, commit_tz INTEGER NOT NULL,\n"
	"  subject TEXT NOT NULL,\n"
	"  flags INTEGER NOT NULL);\n"
	"CREATE TABLE files(\n"
	"  commit_id INTEGER NOT NULL,\n"
	"  path INTEGER NOT NULL,\n"
	"  old_path INTEGER,\n"
	"  status TEXT NOT NULL,\n"
	"  added INTEGER, removed INTEGER,\n"
	"  flags INTEGER NOT NULL,\n"
	"  PRIMARY KEY(commit_id, path)) WITHOUT ROWID;\n"
	"CREATE TABLE trailers" TRAILERS_COLUMNS
	"CREATE TABLE blobs(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  hash TEXT NOT NULL UNIQUE,\n"
	"  base INTEGER, prefix INTEGER, suffix INTEGER, depth INTEGER,\n"
	"  data BLOB);\n"
	"CREATE TABLE maintainers(\n"
	"  commit_id INTEGER PRIMARY KEY,\n"
	"  blob TEXT);\n"
	"CREATE VIEW commit_log AS\n"
	"  SELECT c.id, c.hash, c.nparents,\n"
	"         a.mname AS author_name, a.memail AS author_email,\n"
	"         datetime(c.author_time, 'unixepoch') AS author_date,\n"
	"         m.mname AS committer_name, m.memail AS committer_email,\n"
	"         datetime(c.commit_time, 'unixepoch') AS commit_date,\n"
	"         c.subject\n"
	"  FROM commits c JOIN people a ON a.id = c.author\n"
	"                 JOIN people m ON m.id = c.committer;\n"
	"CREATE VIEW file_log AS\n"
	"  SELECT c.hash, p.path, o.path AS old_path, f.status,\n"
	"         f.added, f.removed, f.flags\n"
	"  FROM files f JOIN commits c ON c.id = f.commit_id\n"
	"               JOIN paths p ON p.id = f.path\n"
	"               LEFT JOIN paths o ON o.id = f.old_path;\n"
	"CREATE VIEW trailer_log AS\n"
	"  SELECT c.hash, t.seq, k.key, t.value,\n"
	"         p.mname AS name, p.memail AS email, x.hash AS target\n"
	"  FROM trailers t JOIN commits c ON c.id = t.commit_id\n"
	"                  JOIN keys k ON k.id = t.key\n"
	"                  LEFT JOIN people p ON p.id = t.person\n"
	"                  LEFT JOIN commits x ON x.id = t.target;\n";

/*
 * The indexes of the list tables that reading an archive does not use:
 * a first import drops them (lists/list-store.c) and they are made again at
 * its end, as the history's are.  messages_stats covers what kmaint
 * stats --list reads of every message.
 */
#define LIST_INDEXES \
	"CREATE INDEX IF NOT EXISTS messages_sender ON messages(sender, date);\n" \
	"CREATE INDEX IF NOT EXISTS messages_date ON messages(date);\n" \
	"CREATE INDEX IF NOT EXISTS messages_subject ON messages(subject_key)\n" \
	"  WHERE flags & 65536;\n" \
	"CREATE INDEX IF NOT EXISTS messages_patch_id ON messages(patch_id)\n" \
	"  WHERE patch_id IS NOT NULL;\n" \
	"CREATE INDEX IF NOT EXISTS messages_stats ON messages(source, id, mid,\n" \
	"  parent, thread, date, sender, author, flags, version, subject_hash);\n" \
	"CREATE INDEX IF NOT EXISTS msg_files_path ON msg_files(path, message);\n" \
	"CREATE INDEX IF NOT EXISTS msg_trailers_person ON msg_trailers(person, key)\n" \
	"  WHERE person IS NOT NULL;\n" \
	"CREATE INDEX IF NOT EXISTS msg_trailers_key ON msg_trailers(key, message,\n" \
	"  person);\n"

/*
 * The secondary indexes, for the queries of the commands built on the
 * index.  A first build loads everything without them and creates them
 * at the end (a sort is much cheaper than as many B-tree inserts); later
 * runs keep them up to date as they insert.
 */
static const char secondary_indexes[] =
	"CREATE INDEX IF NOT EXISTS people_memail ON people(memail);\n"
	"CREATE INDEX IF NOT EXISTS commits_author ON commits(author);\n"
	"CREATE INDEX IF NOT EXISTS commits_committer ON commits(committer);\n"
	"CREATE INDEX IF NOT EXISTS commits_time ON commits(commit_time);\n"
	"CREATE INDEX IF NOT EXISTS files_path ON files(path, status, added,\n"
	"  removed, flags);\n"
	"CREATE INDEX IF NOT EXISTS files_renames ON files(old_path)\n"
	"  WHERE old_path IS NOT NULL;\n"
	"CREATE INDEX IF NOT EXISTS trailers_person ON trailers(person);\n"
	LIST_INDEXES;

static int sql_error(struct idx *ix, const char *what)
{
	return error("%s: %s: %s", ix->path, what, sqlite3_errmsg(ix->db));
}

int idx_exec(struct idx *ix, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(ix->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		error("%s: %s", ix->path, msg ? msg : "SQL error");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

/* The page cache, in KiB when negative: 32 MB. */
#define IDX_CACHE_SIZE "-32768"

/*
 * Mapped, each page read once costs a page fault (and the file's map
 * set up and torn down); in a 32 MB cache, a fresh buffer faulted in
 * per page.  Copied into 2 MB, the buffers are reused: a third of the
 * page faults (bench/README).  A whole tree's questions read every row
 * of their tables, and keep the map.
 */
int idx_scattered_reads(struct idx *ix)
{
	return idx_exec(ix, "PRAGMA mmap_size=0; PRAGMA cache_size=-2048;");
}

int idx_create_indexes(struct idx *ix)
{
	return idx_exec(ix, secondary_indexes);
}

int idx_create_indexes_lean(struct idx *ix)
{
	int rc = idx_exec(ix, "PRAGMA cache_size=-8192;");

	rc = rc || idx_create_indexes(ix);
	return idx_exec(ix, "PRAGMA cache_size=" IDX_CACHE_SIZE ";") || rc;
}

int idx_drop_list_indexes(struct idx *ix)
{
	return idx_exec(ix, "DROP INDEX IF EXISTS messages_sender;"
			"DROP INDEX IF EXISTS messages_date;"
			"DROP INDEX IF EXISTS messages_subject;"
			"DROP INDEX IF EXISTS messages_patch_id;"
			"DROP INDEX IF EXISTS messages_stats;"
			"DROP INDEX IF EXISTS msg_files_path;"
			"DROP INDEX IF EXISTS msg_trailers_person;"
			"DROP INDEX IF EXISTS msg_trailers_key;");
}

/*
 * SQLite may roll a whole transaction back on an error (SQLITE_FULL
 * among them): a held update is then gone, and a batch must not begin
 * a transaction of its own that would commit a part of it.
 */
static int held_lost(struct idx *ix)
{
	if (!ix->held || !sqlite3_get_autocommit(ix->db))
		return 0;
	return error("%s: the update was rolled back by SQLite", ix->path);
}

int idx_begin(struct idx *ix)
{
	ix->batch = 0;
	if (held_lost(ix))
		return -1;
	return idx_exec(ix, ix->held ? "SAVEPOINT batch" : "BEGIN IMMEDIATE");
}

int idx_commit(struct idx *ix)
{
	if (held_lost(ix))
		return -1;
	return idx_exec(ix, ix->held ? "RELEASE batch" : "COMMIT");
}

static void intern_forget(struct idx *ix);

int idx_rollback(struct idx *ix)
{
	const char *sql = ix->held ? "ROLLBACK TO batch; RELEASE batch" :
			  "ROLLBACK";

	if (held_lost(ix))
		return -1;
	intern_forget(ix);
	/* quietly: there may be nothing to roll back */
	if (!sqlite3_get_autocommit(ix->db) &&
	    sqlite3_exec(ix->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return -1;
	return 0;
}

int idx_hold(struct idx *ix)
{
	if (idx_exec(ix, "BEGIN IMMEDIATE"))
		return -1;
	ix->held = true;
	return 0;
}

int idx_unhold(struct idx *ix)
{
	/* a COMMIT that fails (the disk full) leaves it to roll back */
	if (idx_exec(ix, "COMMIT"))
		return -1;
	ix->held = false;
	return 0;
}

int idx_drop_hold(struct idx *ix)
{
	bool held = ix->held;

	ix->held = false;
	if (!held || !ix->db)
		return -1;
	intern_forget(ix);
	/* a failed statement may have rolled back already (SQLITE_FULL) */
	if (!sqlite3_get_autocommit(ix->db))
		sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
	return 0;
}

int idx_fault_point(struct idx *ix, const char *point)
{
	static long passes;
	const char *v = getenv("KMAINT_TEST_FULL");
	size_t n = strlen(point);
	char sql[160];

	if (!v || strncmp(v, point, n) || v[n] != ':' ||
	    ++passes != atol(v + n + 1))
		return 0;
	/* no page more than it has, and a write that needs more */
	snprintf(sql, sizeof(sql), "PRAGMA max_page_count=%lld; CREATE TABLE "
		 "IF NOT EXISTS test_full(x); INSERT INTO test_full "
		 "VALUES(zeroblob(%lld))",
		 (long long)idx_query_int(ix, "PRAGMA page_count"),
		 (long long)(idx_query_int(ix, "PRAGMA freelist_count") + 2) *
		 idx_query_int(ix, "PRAGMA page_size"));
	return idx_exec(ix, sql);
}

void idx_kill_point(const char *point)
{
	const char *v = getenv("KMAINT_TEST_KILL");

	if (v && !strcmp(v, point))
		raise(SIGKILL);
}

char *idx_default_path(void)
{
	static const char *args[] = {
		"rev-parse", "--path-format=absolute", "--git-common-dir", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *path = NULL;

	if (!capture_git(args, &out, &err)) {
		strbuf_trim(&out);
		path = idx_path_in(out.buf);
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return path;
}

char *idx_path_in(const char *common_dir)
{
	return xstrfmt("%s/kmaint/index.sqlite", common_dir);
}

static int prepare(struct idx *ix, sqlite3_stmt **st, const char *sql)
{
	if (sqlite3_prepare_v3(ix->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st,
			       NULL) != SQLITE_OK)
		return sql_error(ix, "prepare");
	return 0;
}

static int user_version(struct idx *ix)
{
	sqlite3_stmt *st;
	int v = -1;

	if (sqlite3_prepare_v2(ix->db, "PRAGMA user_version", -1, &st,
			       NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * Version 2: two derived tables, both caches that can be dropped at any
 * time without losing anything.
 *
 * summary holds the commits, their line counts and their people's
 * trailers as packed arrays (store/summary.c), because a question about
 * the whole history otherwise steps through a million SQLite rows, which
 * alone costs more than the 100 ms a query may take.  Chunks are
 * appended by each "kmaint index" run and the table is emptied whenever
 * commits are deleted, so a reader only has to check that the last
 * chunk ends at the last commit.
 *
 * files_path is dropped, to be made again wider: covering what the
 * per-path questions read (kmaint get --git, a section's stats).
 * Renames get a partial index of their own.  Both are created, as the
 * others, at the end of the next "kmaint index" run.
 *
 * siglines holds, for the commits flagged HC_SIGLINES, the lines
 * get_maintainer.pl would take as signatures where the trailers do not
 * give them (see siglines_differ()), with the tag and person of those
 * that are "Key-by: person": gitdm too counts such lines wherever they
 * are in the message, even in the subject paragraph, which the script
 * does not see (script = 0).  An index made before it has no
 * such lines for its old commits: meta "siglines" says since when they
 * are there.
 *
 * follow holds what "git log --follow" decided where a name was created
 * (git's copy detection against the whole parent tree, easily 100 ms a
 * commit), keyed by commit hash so that deleting commits cannot make a
 * row lie.
 */
static const char schema_v2[] =
	"CREATE TABLE summary(\n"
	"  lo INTEGER PRIMARY KEY,\n"
	"  hi INTEGER NOT NULL,\n"
	"  commits BLOB NOT NULL,\n"
	"  trailers BLOB NOT NULL);\n"
	"CREATE TABLE follow(\n"
	"  hash TEXT NOT NULL,\n"
	"  path TEXT NOT NULL,\n"
	"  kind INTEGER NOT NULL,\n"
	"  source TEXT,\n"
	"  added INTEGER, removed INTEGER,\n"
	"  PRIMARY KEY(hash, path, kind)) WITHOUT ROWID;\n"
	"CREATE TABLE siglines(\n"
	"  commit_id INTEGER NOT NULL,\n"
	"  seq INTEGER NOT NULL,\n"
	"  line TEXT NOT NULL,\n"
	"  key INTEGER,\n"
	"  person INTEGER,\n"
	"  script INTEGER NOT NULL,\n"
	"  PRIMARY KEY(commit_id, seq)) WITHOUT ROWID;\n"
	"DROP INDEX IF EXISTS files_path;\n";

/*
 * Version 3: mailing lists (lists/list-store.c), next to the history so that
 * list senders and git authors share the people table (and .mailmap)
 * and posted patches touch the same path ids as commits.
 *
 * A source is an archive registered with "kmaint index --inbox"; its
 * cursors, one per part (a public-inbox epoch), say how far it has been
 * read and are written in the same transaction as its messages.  A
 * message lives at (source, part, blob) for git archives and Maildirs
 * (the blob id, or the Maildir unique name) or at (source, offset,
 * length) in an mbox.  mid, parent_mid and thread are 63-bit hashes of
 * the Message-ID, of the one it answers and of its thread's first one,
 * so that threads are integer lookups; the ids themselves are kept and
 * compared.  The indexes used by questions rather than by reading an
 * archive are made with the history's secondary ones (LIST_INDEXES).  dup numbers the messages of one source that share a
 * Message-ID, in archive order.
 *
 * commit_patchids holds "git patch-id --stable" of the non-merge
 * commits a posting could have become (those committed after the
 * oldest indexed message); links joins a posted patch to the commit
 * that applied it, saying how the link was made; relink lists the
 * commits that lost a link to a deleted message, for the next linking.
 */
static const char schema_v3[] =
	"CREATE TABLE lists(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);\n"
	"CREATE TABLE sources(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  path TEXT NOT NULL UNIQUE,\n"
	"  kind TEXT NOT NULL,\n"
	"  list INTEGER,\n"
	"  list_from TEXT);\n"
	"CREATE TABLE cursors(\n"
	"  source INTEGER NOT NULL, part INTEGER NOT NULL, value TEXT NOT NULL,\n"
	"  PRIMARY KEY(source, part)) WITHOUT ROWID;\n"
	"CREATE TABLE messages(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  source INTEGER NOT NULL,\n"
	"  part INTEGER NOT NULL,\n"
	"  blob TEXT,\n"
	"  offset INTEGER, length INTEGER,\n"
	"  msgid TEXT NOT NULL,\n"
	"  mid INTEGER NOT NULL,\n"
	"  dup INTEGER NOT NULL,\n"
	"  parent_msgid TEXT,\n"
	"  parent_mid INTEGER,\n"
	"  parent INTEGER,\n"
	"  thread INTEGER NOT NULL,\n"
	"  date INTEGER NOT NULL, tz INTEGER NOT NULL,\n"
	"  sender INTEGER,\n"
	"  author INTEGER,\n"
	"  subject TEXT NOT NULL,\n"
	"  subject_key TEXT NOT NULL,\n"
	"  subject_hash INTEGER NOT NULL,\n"
	"  prefix TEXT,\n"
	"  version INTEGER NOT NULL,\n"
	"  part_nr INTEGER NOT NULL, part_total INTEGER NOT NULL,\n"
	"  flags INTEGER NOT NULL,\n"
	"  patch_id TEXT);\n"
	"CREATE TABLE msg_files(\n"
	"  message INTEGER NOT NULL, path INTEGER NOT NULL,\n"
	"  PRIMARY KEY(message, path)) WITHOUT ROWID;\n"
	"CREATE TABLE msg_trailers(\n"
	"  message INTEGER NOT NULL, seq INTEGER NOT NULL,\n"
	"  key INTEGER NOT NULL, value TEXT NOT NULL, person INTEGER,\n"
	"  PRIMARY KEY(message, seq)) WITHOUT ROWID;\n"
	"CREATE TABLE msg_problems(\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  source INTEGER NOT NULL, part INTEGER NOT NULL,\n"
	"  message INTEGER,\n"
	"  kind TEXT NOT NULL, place TEXT NOT NULL);\n"
	"CREATE TABLE commit_patchids(commit_id INTEGER PRIMARY KEY, patch_id TEXT);\n"
	"CREATE TABLE links(\n"
	"  message INTEGER PRIMARY KEY,\n"
	"  commit_id INTEGER NOT NULL,\n"
	"  how TEXT NOT NULL,\n"
	"  landed INTEGER NOT NULL);\n"
	"CREATE TABLE relink(commit_id INTEGER PRIMARY KEY);\n"
	"CREATE INDEX messages_mid ON messages(mid);\n"
	"CREATE INDEX messages_orphans ON messages(parent_mid) WHERE parent IS NULL;\n"
	"CREATE INDEX messages_parent ON messages(parent) WHERE parent IS NOT NULL;\n"
	"CREATE INDEX messages_thread ON messages(thread, date);\n"
	"CREATE INDEX messages_place ON messages(source, blob);\n"
	"CREATE INDEX msg_problems_source ON msg_problems(source, part);\n"
	"CREATE INDEX commit_patchids_id ON commit_patchids(patch_id)\n"
	"  WHERE patch_id IS NOT NULL;\n"
	"CREATE INDEX links_commit ON links(commit_id);\n";

/*
 * Version 4: a "-by" trailer naming someone without an address
 * ("Reviewed-by: Jane Doe", as Gerrit-based projects write them) points
 * at a people row with an empty address instead of at nobody, so that
 * the identity model can credit it (people/identity.h).  The trailers of
 * an older index get theirs here, by name_only_value()'s rule (without
 * the .mailmap, which cannot map an empty address anyway), and the
 * summary cache, which holds the trailers' people, is emptied: the same
 * "kmaint index" run rebuilds it.  Signature lines keep needing an
 * address, as gitdm's do.
 */
#define NAME_ONLY_VALUE(v) \
	"(" v " <> '' AND instr(" v ", '@') = 0 AND instr(" v ", '<') = 0 " \
	"AND instr(" v ", '://') = 0)"
static const char schema_v4[] =
	"INSERT OR IGNORE INTO people(name, email, mname, memail)\n"
	"  SELECT DISTINCT t.value, '', t.value, '' FROM trailers t\n"
	"  JOIN keys k ON k.id = t.key\n"
	"  WHERE t.person IS NULL AND substr(k.key, -3) = '-by' AND\n"
	"  " NAME_ONLY_VALUE("t.value") ";\n"
	"UPDATE trailers SET person = (SELECT p.id FROM people p\n"
	"    WHERE p.email = '' AND p.name = trailers.value)\n"
	"  WHERE person IS NULL AND " NAME_ONLY_VALUE("value") " AND\n"
	"  (SELECT substr(key, -3) FROM keys WHERE id = trailers.key) = '-by';\n"
	"DELETE FROM summary;\n"
	"DELETE FROM meta WHERE key = 'derived';\n";

/*
 * Version 5: a blobs row may hold its version as operations on its base
 * (prefix -1, make_delta()), which an older kmaint would misread.  The
 * rows already there stay as they are.
 */
static const char schema_v5[] =
	"-- blobs: prefix -1 marks a list of delta operations\n";

/*
 * Version 6: the summary's chunks carry their commits' files rows (path
 * and a rename's old path) in a third blob, so that a walk over every
 * commit's files (kmaint audit, report --site) reads them from there
 * rather than stepping through the files table.  The chunks already
 * there have none and are emptied: the same "kmaint index" run writes
 * them again (until then, readers read the tables).
 */
static const char schema_v6[] =
	"ALTER TABLE summary ADD COLUMN files BLOB;\n"
	"DELETE FROM summary;\n";

/*
 * Version 7: the path map (store/pathmap.c), the sections that cover
 * each path, kept so that a whole-tree question does not run the
 * matcher over every path; "kmaint index" writes it in the same run.
 */
static const char schema_v7[] =
	"CREATE TABLE pathmap(lo INTEGER PRIMARY KEY, hi INTEGER NOT NULL,\n"
	"  data BLOB NOT NULL);\n"
	"CREATE TABLE pathmap_key(id INTEGER PRIMARY KEY, key BLOB NOT NULL);\n";

/*
 * Version 8: the versions of the tracked files written again, as
 * store_blob() writes them now.  Before version 5 a version changed in
 * two far apart places was kept whole whenever its one hunk was more
 * than half of it: at 100k commits 43 of 1,570 versions, 83% of the
 * table's bytes.  Each is now a delta on the version it was based on,
 * or on the one before it, or on a shallow one (repack_one()), ids and
 * hashes as they were, in the migration's transaction: an upgrade
 * killed halfway leaves version 7.  And a trailer's value that is
 * exactly its person's "name <email>" is stored as '' (IDX_TRAILER_VALUE
 * reads it): 8.5 of 17 MB of trailers at 100k commits, the table
 * written again (rebuild_trailers()).
 */
#define TRAILER_LOG_VIEW \
	"CREATE VIEW trailer_log AS\n" \
	"  SELECT c.hash, t.seq, k.key, " IDX_TRAILER_VALUE("t", "p") " AS value,\n" \
	"         p.mname AS name, p.memail AS email, x.hash AS target\n" \
	"  FROM trailers t JOIN commits c ON c.id = t.commit_id\n" \
	"                  JOIN keys k ON k.id = t.key\n" \
	"                  LEFT JOIN people p ON p.id = t.person\n" \
	"                  LEFT JOIN commits x ON x.id = t.target;\n"
static const char schema_v8[] =
	"-- blobs and trailers: rewritten by upgrade_v8()\n"
	"DROP VIEW trailer_log;\n"
	TRAILER_LOG_VIEW;

static int upgrade_v8(struct idx *ix);

/*
 * Migrations: migrate[v] takes a version-v database to v + 1.  Version
 * 0 is the empty file.
 */
static const char *const migrate[] = {
	schema_v1,
	schema_v2,
	schema_v3,
	schema_v4,
	schema_v5,
	schema_v6,
	schema_v7,
	schema_v8,
};

/* What a migration does beyond its SQL, in the same transaction. */
static int (*const migrate_c[])(struct idx *ix) = {
	[7] = upgrade_v8,
};

static int migrate_schema(struct idx *ix, bool writable)
{
	int v = user_version(ix);
	const char *more;

	if (v < 0)
		return sql_error(ix, "cannot read the schema version");
	if (v > IDX_SCHEMA_VERSION)
		return error("%s: schema version %d is newer than this kmaint "
			     "(%d); upgrade kmaint", ix->path, v,
			     IDX_SCHEMA_VERSION);
	if (v == IDX_SCHEMA_VERSION)
		return 0;
	if (!writable)
		return error("%s: schema version %d needs migrating; run "
			     "'kmaint index'", ix->path, v);
	/* a new index has the signature lines of every commit */
	more = v == 0 ? "INSERT INTO meta(key, value) VALUES('siglines', 'all');"
		      : "";
	if (v)
		fprintf(stderr, "%s: upgrading the index '%s' from schema version "
			"%d to %d in place\n", progname, ix->path, v,
			IDX_SCHEMA_VERSION);
	while (v < IDX_SCHEMA_VERSION) {
		char *sql = xstrfmt("BEGIN IMMEDIATE;\n%s\n%s\n", migrate[v],
				    v + 1 == IDX_SCHEMA_VERSION ? more : "");
		int rc = idx_exec(ix, sql);

		free(sql);
		if (!rc && (size_t)v < ARRAY_SIZE(migrate_c) && migrate_c[v])
			rc = migrate_c[v](ix);
		if (!rc) {
			sql = xstrfmt("PRAGMA user_version=%d;\nCOMMIT;", v + 1);
			rc = idx_exec(ix, sql);
			free(sql);
		}
		if (rc) {
			idx_exec(ix, "ROLLBACK");
			return -1;
		}
		v++;
	}
	return 0;
}

int idx_clear(struct idx *ix)
{
	sqlite3_stmt *st;
	struct strbuf sql = STRBUF_INIT;
	size_t i;
	int rc;

	/* views first: they name the tables */
	if (sqlite3_prepare_v2(ix->db, "SELECT type, name FROM sqlite_master "
			       "WHERE type IN ('view', 'table') AND name NOT "
			       "LIKE 'sqlite_%' ORDER BY type = 'table'", -1,
			       &st, NULL) != SQLITE_OK)
		return sql_error(ix, "clear");
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&sql, "DROP %s IF EXISTS \"%s\";\n",
			    (const char *)sqlite3_column_text(st, 0),
			    (const char *)sqlite3_column_text(st, 1));
	sqlite3_finalize(st);
	for (i = 0; i < ARRAY_SIZE(migrate); i++)
		strbuf_addstr(&sql, migrate[i]);
	strbuf_addf(&sql, "INSERT INTO meta(key, value) VALUES('siglines', "
		    "'all');\nPRAGMA user_version=%d;\n", IDX_SCHEMA_VERSION);
	rc = idx_exec(ix, sql.buf);
	strbuf_release(&sql);
	return rc;
}

int idx_mkdir_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int rc = 0;

	if (slash && slash != dir) {
		*slash = '\0';
		if (!is_dir(dir) && mkdir(dir, 0777) && errno != EEXIST)
			rc = error("cannot create '%s': %s", dir,
				   strerror(errno));
	}
	free(dir);
	return rc;
}

static void intern_init(struct idx_intern *t)
{
	t->size = 1024;
	t->nr = 0;
	t->keys = xcalloc(t->size, sizeof(*t->keys));
	t->ids = xcalloc(t->size, sizeof(*t->ids));
}

static void intern_clear(struct idx_intern *t)
{
	size_t i;

	for (i = 0; i < t->size; i++)
		free(t->keys[i]);
	free(t->keys);
	free(t->ids);
	memset(t, 0, sizeof(*t));
}

static size_t intern_slot(const struct idx_intern *t, const char *key,
			  size_t len)
{
	size_t mask = t->size - 1, i = hash_bytes(key, len) & mask;

	while (t->keys[i] && (strncmp(t->keys[i], key, len) || t->keys[i][len]))
		i = (i + 1) & mask;
	return i;
}

static int64_t intern_get(const struct idx_intern *t, const char *key,
			  size_t len)
{
	size_t i = intern_slot(t, key, len);

	return t->keys[i] ? t->ids[i] : 0;
}

static void intern_put(struct idx_intern *t, const char *key, size_t len,
		       int64_t id)
{
	size_t i;

	/* A cache, not a copy of the table: start over when it is full. */
	if (2 * (t->nr + 1) > t->size) {
		if (t->size >= (1u << 20)) {
			intern_clear(t);
			intern_init(t);
		} else {
			struct idx_intern bigger = {
				.size = t->size * 2, .nr = t->nr,
				.whole = t->whole,
			};
			size_t j;

			bigger.keys = xcalloc(bigger.size, sizeof(char *));
			bigger.ids = xcalloc(bigger.size, sizeof(int64_t));
			for (j = 0; j < t->size; j++) {
				if (!t->keys[j])
					continue;
				i = intern_slot(&bigger, t->keys[j],
						strlen(t->keys[j]));
				bigger.keys[i] = t->keys[j];
				bigger.ids[i] = t->ids[j];
			}
			free(t->keys);
			free(t->ids);
			*t = bigger;
		}
	}
	i = intern_slot(t, key, len);
	if (!t->keys[i]) {
		t->keys[i] = xstrndup(key, len);
		t->nr++;
	}
	t->ids[i] = id;
}

/*
 * A first build starts from empty tables and inserts through the
 * caches alone (one indexer at a time: builtin-index.c's lock), so
 * while a cache was never emptied it holds every row and a name it
 * lacks is new: no SELECT to find that out (a cold index at 100k
 * commits asks it for 124,000 paths and people).
 */
static void intern_whole_if_empty(struct idx *ix)
{
	ix->people.whole = idx_query_int(ix, "SELECT NOT EXISTS "
					 "(SELECT 1 FROM people)") == 1;
	ix->paths.whole = idx_query_int(ix, "SELECT NOT EXISTS "
					"(SELECT 1 FROM paths)") == 1;
	ix->keys.whole = idx_query_int(ix, "SELECT NOT EXISTS "
				       "(SELECT 1 FROM keys)") == 1;
}

/* After a rollback the caches may name rows that are gone. */
static void intern_forget(struct idx *ix)
{
	struct idx_intern *t[] = { &ix->people, &ix->paths, &ix->keys };

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		if (!t[i]->keys)
			continue;
		intern_clear(t[i]);
		intern_init(t[i]);
	}
}

/*
 * A damaged index: a truncated file, one overwritten, a page that is
 * not what its parent says.  SQLite's own words ("database disk image
 * is malformed") do not say what to do, and every command would print
 * them; all of them open the index here, so this says it once and
 * stops.  kmaint index --rebuild reads what it can of a damaged index
 * (the registered archives) with damage_fatal off.
 */
static bool damage_fatal = true;
static char damaged_path[4096];

void idx_damage_is_fatal(bool fatal)
{
	damage_fatal = fatal;
}

static int damaged(const char *path, const char *why)
{
	if (!damage_fatal)
		return error("the index '%s' is damaged (%s)", path, why);
	die("the index '%s' is damaged (%s); 'kmaint index --rebuild' "
	    "remakes it", path, why);
}

/* SQLite's log: every statement that fails says so here, with its code. */
static void sqlite_log(void *data, int code, const char *msg)
{
	int primary = code & 0xff;

	if ((primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) &&
	    damaged_path[0])
		damaged(damaged_path, sqlite3_errstr(code));
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/*
 * What can be told of the file without SQLite, at no cost: its header,
 * and whether it is as long as the header says.  Only without a WAL:
 * while one has frames, the file may legitimately lag behind.
 */
static int check_file(const char *path, bool readonly)
{
	static const char magic[16] = "SQLite format 3";
	unsigned char h[100];
	struct stat st, wst;
	char *wal = xstrfmt("%s-wal", path);
	bool no_wal = stat(wal, &wst) || !wst.st_size;
	uint32_t page, pages;
	ssize_t n = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	free(wal);
	if (fd < 0)
		return 0;	/* SQLite says why */
	if (!fstat(fd, &st))
		n = pread(fd, h, sizeof(h), 0);
	close(fd);
	if (n < 0)
		return 0;
	if (!n)
		return readonly ? damaged(path, "an empty file") : 0;
	if (n < (ssize_t)sizeof(h) || memcmp(h, magic, sizeof(magic)))
		return damaged(path, "not an SQLite database");
	page = (uint32_t)h[16] << 8 | h[17];
	if (page == 1)
		page = 65536;
	pages = be32(h + 28);
	/* the size is valid when its counter matches the change counter */
	if (no_wal && pages && be32(h + 92) == be32(h + 24) &&
	    (uint64_t)pages * page > (uint64_t)st.st_size) {
		char why[128];

		snprintf(why, sizeof(why), "truncated: %lld of %llu bytes",
			 (long long)st.st_size, (unsigned long long)pages * page);
		return damaged(path, why);
	}
	return 0;
}

int idx_open(struct idx *ix, const char *path, unsigned flags)
{
	bool writable = !(flags & IDX_READONLY);
	/* one thread per connection: SQLite's own locking is not needed */
	int oflags = (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) |
		     SQLITE_OPEN_NOMUTEX;

	memset(ix, 0, sizeof(*ix));
	ix->path = xstrdup(path);
	for (size_t t = 0; t < ARRAY_SIZE(ix->texts); t++)
		strbuf_init(&ix->texts[t].text, 0);
	if (flags & IDX_CREATE) {
		oflags |= SQLITE_OPEN_CREATE;
		if (idx_mkdir_parent(path))
			goto fail;
	} else if (!is_file(path)) {
		error("no index at '%s'; run 'kmaint index' first", path);
		goto fail;
	}
	/*
	 * Before SQLite's first use: its allocator's statistics (which
	 * nothing here reads) take a mutex on every malloc and free, and
	 * a cold index makes millions of them.
	 */
	if (!damaged_path[0]) {
		sqlite3_config(SQLITE_CONFIG_LOG, sqlite_log, NULL);
		sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	}
	snprintf(damaged_path, sizeof(damaged_path), "%s", path);
	if (check_file(path, !writable))
		goto fail;
	if (sqlite3_open_v2(path, &ix->db, oflags, NULL) != SQLITE_OK) {
		error("cannot open '%s': %s", path,
		      ix->db ? sqlite3_errmsg(ix->db) : "out of memory");
		goto fail;
	}
	sqlite3_busy_timeout(ix->db, 10000);
	if (writable &&
	    idx_exec(ix, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"))
		goto fail;
	/*
	 * A bounded cache: memory stays flat however long the history.
	 * Readers map the file instead of copying every page they read
	 * (the summary blobs are megabytes of overflow pages).
	 */
	if (idx_exec(ix, "PRAGMA cache_size=" IDX_CACHE_SIZE ";") ||
	    (!writable && idx_exec(ix, "PRAGMA mmap_size=1073741824;")))
		goto fail;
	/*
	 * A reader sees one snapshot, however long it runs and whatever a
	 * "kmaint index" commits meanwhile (WAL): its queries would not
	 * add up otherwise.  The transaction starts with the schema check.
	 */
	if (!writable && idx_exec(ix, "BEGIN"))
		goto fail;
	if (migrate_schema(ix, writable))
		goto fail;
	intern_init(&ix->people);
	intern_init(&ix->paths);
	intern_init(&ix->keys);
	if (prepare(ix, &ix->has_commit, "SELECT 1 FROM commits WHERE hash = ?1") ||
	    prepare(ix, &ix->get_blob_row, "SELECT base, prefix, suffix, depth, "
		    "data, hash FROM blobs WHERE id = ?1"))
		goto fail;
	if (!writable)
		return 0;
	if (prepare(ix, &ix->ins_commit,
		    "INSERT INTO commits(hash, parents, nparents, author, "
		    "author_time, author_tz, committer, commit_time, commit_tz, "
		    "subject, flags) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)") ||
	    prepare(ix, &ix->ins_file,
		    "INSERT OR REPLACE INTO files(commit_id, path, old_path, "
		    "status, added, removed, flags) VALUES(?1,?2,?3,?4,?5,?6,?7)") ||
	    prepare(ix, &ix->ins_trailer,
		    "INSERT INTO trailers(commit_id, seq, key, value, person) "
		    "VALUES(?1,?2,?3,?4,?5)") ||
	    prepare(ix, &ix->ins_sigline,
		    "INSERT INTO siglines(commit_id, seq, line, key, person, "
		    "script) VALUES(?1, ?2, ?3, ?4, ?5, ?6)") ||
	    prepare(ix, &ix->get_person,
		    "SELECT id FROM people WHERE email = ?1 AND name = ?2") ||
	    prepare(ix, &ix->ins_person,
		    "INSERT INTO people(name, email, mname, memail) "
		    "VALUES(?1,?2,?3,?4)") ||
	    prepare(ix, &ix->get_path, "SELECT id FROM paths WHERE path = ?1") ||
	    prepare(ix, &ix->ins_path, "INSERT INTO paths(path) VALUES(?1)") ||
	    prepare(ix, &ix->get_key, "SELECT id FROM keys WHERE key = ?1") ||
	    prepare(ix, &ix->ins_key, "INSERT INTO keys(key) VALUES(?1)") ||
	    prepare(ix, &ix->get_blob, "SELECT id FROM blobs WHERE hash = ?1") ||
	    prepare(ix, &ix->ins_blob,
		    "INSERT INTO blobs(hash, base, prefix, suffix, depth, data) "
		    "VALUES(?1,?2,?3,?4,?5,?6)") ||
	    prepare(ix, &ix->ins_maint,
		    "INSERT OR REPLACE INTO maintainers(commit_id, blob) "
		    "VALUES(?1,?2)"))
		goto fail;
	intern_whole_if_empty(ix);
	return 0;
fail:
	idx_close(ix);
	return -1;
}

void idx_close(struct idx *ix)
{
	sqlite3_stmt **st[] = {
		&ix->ins_commit, &ix->ins_file, &ix->ins_trailer,
		&ix->ins_person, &ix->get_person, &ix->ins_path, &ix->get_path,
		&ix->ins_key, &ix->get_key, &ix->has_commit, &ix->ins_blob,
		&ix->get_blob, &ix->ins_maint, &ix->get_blob_row,
		&ix->ins_sigline,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(st); i++) {
		sqlite3_finalize(*st[i]);
		*st[i] = NULL;
	}
	if (ix->db)
		sqlite3_close(ix->db);
	ix->db = NULL;
	if (ix->people.keys)
		intern_clear(&ix->people);
	if (ix->paths.keys)
		intern_clear(&ix->paths);
	if (ix->keys.keys)
		intern_clear(&ix->keys);
	for (i = 0; i < ARRAY_SIZE(ix->texts); i++) {
		strbuf_release(&ix->texts[i].text);
		ix->texts[i].id = 0;
	}
	free(ix->path);
	ix->path = NULL;
	free(ix->head);
	ix->head = NULL;
}

char *idx_meta_get(struct idx *ix, const char *key)
{
	sqlite3_stmt *st;
	char *v = NULL;

	if (sqlite3_prepare_v2(ix->db, "SELECT value FROM meta WHERE key = ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return v;
}

/* Every row @sql returns, each value length-prefixed; a missing table: none. */
static int append_rows(struct idx *ix, const char *sql, struct strbuf *out)
{
	sqlite3_stmt *st;
	int i, n, rc;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return sqlite3_errcode(ix->db) == SQLITE_ERROR &&
		       strstr(sqlite3_errmsg(ix->db), "no such table") ? 0 :
		       sql_error(ix, "state");
	strbuf_addf(out, "%s\n", sql);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		n = sqlite3_column_count(st);
		for (i = 0; i < n; i++) {
			const void *v = sqlite3_column_blob(st, i);
			int len = sqlite3_column_bytes(st, i);

			strbuf_addf(out, "%d %d:", sqlite3_column_type(st, i),
				    len);
			strbuf_add(out, v, (size_t)len);
		}
		strbuf_addch(out, '\n');
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_error(ix, "state");
}

int idx_state(struct idx *ix, struct strbuf *out)
{
	static const char *const sql[] = {
		"PRAGMA user_version",
		"SELECT key, value FROM meta ORDER BY key",
		"SELECT * FROM sources ORDER BY id",
		"SELECT * FROM cursors ORDER BY 1, 2",
		"SELECT max(rowid) FROM commits",
		"SELECT max(rowid) FROM messages",
		NULL
	};
	const char *const *q;

	for (q = sql; *q; q++)
		if (append_rows(ix, *q, out))
			return -1;
	return 0;
}

int idx_meta_set(struct idx *ix, const char *key, const char *value)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(ix->db,
			       "INSERT OR REPLACE INTO meta(key, value) "
			       "VALUES(?1, ?2)", -1, &st, NULL) != SQLITE_OK)
		return sql_error(ix, "meta");
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (value)
		sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 2);
	rc = sqlite3_step(st) == SQLITE_DONE ? 0 : sql_error(ix, "meta");
	sqlite3_finalize(st);
	return rc;
}

bool idx_has_commit(struct idx *ix, const char *hash)
{
	bool found;

	sqlite3_bind_text(ix->has_commit, 1, hash, -1, SQLITE_STATIC);
	found = sqlite3_step(ix->has_commit) == SQLITE_ROW;
	sqlite3_reset(ix->has_commit);
	return found;
}

/* Run a one-row "SELECT id" statement already bound; the id or 0. */
static int64_t step_id(sqlite3_stmt *st)
{
	int64_t id = 0;

	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return id;
}

static int64_t step_insert(struct idx *ix, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		sql_error(ix, what);
		return -1;
	}
	return sqlite3_last_insert_rowid(ix->db);
}

int64_t idx_person(struct idx *ix, const char *name, const char *email)
{
	struct strbuf key = STRBUF_INIT;
	const char *mname = name, *memail = email;
	int64_t id;

	strbuf_addstr(&key, email);
	strbuf_addch(&key, '\n');
	strbuf_addstr(&key, name);
	id = intern_get(&ix->people, key.buf, key.len);
	if (id)
		goto out;
	if (!ix->people.whole) {
		sqlite3_bind_text(ix->get_person, 1, email, -1, SQLITE_STATIC);
		sqlite3_bind_text(ix->get_person, 2, name, -1, SQLITE_STATIC);
		id = step_id(ix->get_person);
	}
	if (!id) {
		if (ix->mailmap)
			ident_map(ix->mailmap, &mname, &memail);
		sqlite3_bind_text(ix->ins_person, 1, name, -1, SQLITE_STATIC);
		sqlite3_bind_text(ix->ins_person, 2, email, -1, SQLITE_STATIC);
		sqlite3_bind_text(ix->ins_person, 3, mname, -1, SQLITE_STATIC);
		sqlite3_bind_text(ix->ins_person, 4, memail, -1, SQLITE_STATIC);
		id = step_insert(ix, ix->ins_person, "people");
		if (id < 0)
			goto out;
	}
	intern_put(&ix->people, key.buf, key.len, id);
out:
	strbuf_release(&key);
	return id;
}

static int64_t intern_text(struct idx *ix, struct idx_intern *t,
			   sqlite3_stmt *get, sqlite3_stmt *ins,
			   const char *s, const char *what)
{
	size_t len = strlen(s);
	int64_t id = intern_get(t, s, len);

	if (id)
		return id;
	if (!t->whole) {
		sqlite3_bind_text(get, 1, s, (int)len, SQLITE_STATIC);
		id = step_id(get);
	}
	if (!id) {
		sqlite3_bind_text(ins, 1, s, (int)len, SQLITE_STATIC);
		id = step_insert(ix, ins, what);
		if (id < 0)
			return -1;
	}
	intern_put(t, s, len, id);
	return id;
}

int64_t idx_path(struct idx *ix, const char *path)
{
	return intern_text(ix, &ix->paths, ix->get_path, ix->ins_path, path,
			   "paths");
}

int64_t idx_key(struct idx *ix, const char *key)
{
	return intern_text(ix, &ix->keys, ix->get_key, ix->ins_key, key, "keys");
}

void idx_canon_key(char *key)
{
	size_t i;

	for (i = 0; key[i]; i++)
		key[i] = (char)(i ? tolower((unsigned char)key[i]) :
				toupper((unsigned char)key[i]));
}

/* The cached text of blob @id, or NULL; marks it used. */
static struct idx_text *cached_text(struct idx *ix, int64_t id)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ix->texts); i++)
		if (ix->texts[i].id && ix->texts[i].id == id) {
			ix->texts[i].used = ++ix->texts_clock;
			return &ix->texts[i];
		}
	return NULL;
}

static struct idx_text *cached_hash(struct idx *ix, const char *hash)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ix->texts); i++)
		if (ix->texts[i].id && !strcmp(ix->texts[i].hash, hash)) {
			ix->texts[i].used = ++ix->texts_clock;
			return &ix->texts[i];
		}
	return NULL;
}

static struct idx_text *newest_text(struct idx *ix)
{
	struct idx_text *best = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ix->texts); i++)
		if (ix->texts[i].id && (!best || ix->texts[i].used > best->used))
			best = &ix->texts[i];
	return best;
}

static void cache_text(struct idx *ix, int64_t id, int depth, const char *hash,
		       const char *text, size_t len)
{
	struct idx_text *t = cached_text(ix, id);
	size_t i;

	if (!t) {
		t = &ix->texts[0];
		for (i = 1; i < ARRAY_SIZE(ix->texts); i++)
			if (ix->texts[i].used < t->used)
				t = &ix->texts[i];
	}
	t->id = id;
	t->depth = depth;
	snprintf(t->hash, sizeof(t->hash), "%s", hash);
	strbuf_reset(&t->text);
	strbuf_add(&t->text, text, len);
	t->used = ++ix->texts_clock;
}

/* Bytes @a and @b share at their start; memcmp by blocks first. */
static size_t common_prefix(const char *a, const char *b, size_t n)
{
	size_t i = 0;

	while (i + 4096 <= n && !memcmp(a + i, b + i, 4096))
		i += 4096;
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

static size_t common_suffix(const char *a, size_t alen, const char *b,
			    size_t blen, size_t n)
{
	size_t i = 0;

	while (i + 4096 <= n &&
	       !memcmp(a + alen - i - 4096, b + blen - i - 4096, 4096))
		i += 4096;
	while (i < n && a[alen - 1 - i] == b[blen - 1 - i])
		i++;
	return i;
}

/*
 * A delta of several hunks, for versions that differ from their base in
 * more than one place (a merge, or a commit touching two sections): a
 * row whose prefix is -1 holds a list of operations on its base, each a
 * varint (length << 1 | 1) then a varint offset into the base for a
 * copy, or (length << 1) then the bytes for an insert.
 */
#define DELTA_OPS -1
#define MIN_COPY 32

/* A line start of the base, keyed by a hash of it and the next line. */
struct line_key {
	uint64_t h;
	size_t pos;
};

/* A 64-bit hash of @len bytes, eight at a time. */
static uint64_t words_hash(const char *p, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	for (; len; p++, len--)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

static uint64_t two_lines_hash(const char *s, const char *end)
{
	const char *e = memchr(s, '\n', (size_t)(end - s));

	if (e && e + 1 < end)
		e = memchr(e + 1, '\n', (size_t)(end - e - 1));
	e = e ? e + 1 : end;
	return words_hash(s, (size_t)(e - s));
}

static int cmp_line_key(const void *a, const void *b)
{
	const struct line_key *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The first key of hash @h at or after @pos, else the first of @h. */
static const struct line_key *find_line(const struct line_key *k, size_t nr,
					uint64_t h, size_t pos)
{
	size_t lo = 0, hi = nr, first;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (k[mid].h < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == nr || k[lo].h != h)
		return NULL;
	first = lo;
	hi = nr;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (k[mid].h < h || (k[mid].h == h && k[mid].pos < pos))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nr && k[lo].h == h ? &k[lo] : &k[first];
}

static void flush_insert(struct strbuf *out, const char *text, size_t from,
			 size_t to)
{
	if (to <= from)
		return;
	strbuf_add_varint(out, (uint64_t)(to - from) << 1);
	strbuf_add(out, text + from, to - from);
}

static void put_copy(struct strbuf *out, size_t at, size_t len)
{
	strbuf_add_varint(out, (uint64_t)len << 1 | 1);
	strbuf_add_varint(out, at);
}

/*
 * @text as operations on @base, which share @prefix bytes at their start
 * and @suffix at their end: copies of the runs the middles share, found
 * from each line of the text's (the base's next bytes first, then the
 * base's line that starts the same two lines, nearest after the last
 * copy), and the rest inserted.
 */
static void make_delta(const char *base, size_t blen, const char *text,
		       size_t tlen, size_t prefix, size_t suffix,
		       struct strbuf *out)
{
	struct line_key *keys = NULL;
	size_t nr = 0, alloc = 0, pos = prefix, t = prefix, b = prefix;
	size_t lit = prefix, bend = blen - suffix, tend = tlen - suffix;

	/* the middle's lines, from the one the prefix ends in */
	while (pos > 0 && base[pos - 1] != '\n')
		pos--;
	while (pos < bend) {
		const char *nl = memchr(base + pos, '\n', blen - pos);

		ALLOC_GROW(keys, nr + 1, alloc);
		keys[nr].h = two_lines_hash(base + pos, base + blen);
		keys[nr++].pos = pos;
		pos = nl ? (size_t)(nl - base) + 1 : blen;
	}
	qsort(keys, nr, sizeof(*keys), cmp_line_key);
	if (prefix)
		put_copy(out, 0, prefix);
	while (t < tend) {
		size_t m = 0, at = b, n;
		const char *nl;

		if (b < blen) {
			n = blen - b < tend - t ? blen - b : tend - t;
			m = common_prefix(base + b, text + t, n);
		}
		if (m < MIN_COPY) {
			const struct line_key *k = find_line(keys, nr,
				two_lines_hash(text + t, text + tlen), b);

			if (k) {
				n = blen - k->pos < tend - t ? blen - k->pos :
				    tend - t;
				n = common_prefix(base + k->pos, text + t, n);
				if (n > m) {
					m = n;
					at = k->pos;
				}
			}
		}
		if (m >= MIN_COPY) {
			flush_insert(out, text, lit, t);
			put_copy(out, at, m);
			t += m;
			b = at + m;
			lit = t;
			continue;
		}
		nl = memchr(text + t, '\n', tend - t);
		t = nl ? (size_t)(nl - text) + 1 : tend;
	}
	flush_insert(out, text, lit, tend);
	if (suffix)
		put_copy(out, bend, suffix);
	free(keys);
}

int idx_apply_delta(const char *base, size_t blen, int64_t prefix,
		    int64_t suffix, const char *data, size_t len,
		    struct strbuf *out)
{
	/* an empty delta may come as NULL, and NULL + 0 is undefined */
	const unsigned char *p = (const unsigned char *)data;
	const unsigned char *end = len ? p + len : p;

	strbuf_reset(out);
	if (prefix != DELTA_OPS) {
		if (prefix < 0 || suffix < 0 ||
		    (uint64_t)prefix + (uint64_t)suffix > blen)
			return -1;
		strbuf_add(out, base, (size_t)prefix);
		strbuf_add(out, data, len);
		strbuf_add(out, base + blen - suffix, (size_t)suffix);
		return 0;
	}
	while (p < end) {
		uint64_t op, off, n;

		if (varint_get(&p, end, &op))
			return -1;
		n = op >> 1;
		if (!(op & 1)) {
			if (n > (uint64_t)(end - p))
				return -1;
			strbuf_add(out, p, n);
			p += n;
			continue;
		}
		if (varint_get(&p, end, &off) || off > blen || n > blen - off)
			return -1;
		strbuf_add(out, base + off, n);
	}
	return 0;
}

/*
 * Store a version of the tracked file once.  Versions differ little, so
 * each is kept as the bytes between the common prefix and suffix it
 * shares with a base, or, when that middle is large (two far apart
 * changes: a commit to two sections, a merge), as make_delta()'s
 * operations on the base, if they are much smaller.  The base is the
 * parent commit's version when that is at hand (it usually is, commits
 * arriving about in order), else the last one stored, else (the first
 * version of an update run) the parent's rebuilt from the table.  A
 * version sharing less than half with its base is kept whole.  So is one
 * whose chain would grow past MAX_DEPTH, so that rebuilding one never
 * replays a long chain, unless it is a small delta on the newest
 * version at most KEY_DEPTH deep: at 100k commits of the kernel's shape
 * that keeps 1 version of 1,570 whole where there were 7, each 700 KB.
 */
#define MAX_DEPTH 200
#define KEY_DEPTH 16

/* How a version is kept: whole (base 0), or a delta on @base. */
struct blob_enc {
	int64_t base, prefix, suffix;
	int depth;
	const char *data;
	size_t len;
	struct strbuf ops;
};

/*
 * Choose how to keep @text given a base (@base_id 0: none) of @blen
 * bytes at chain depth @base_depth; e->data points into @text or e->ops.
 */
static void encode_blob(int64_t base_id, int base_depth, const char *btext,
			size_t blen, const struct strbuf *text,
			struct blob_enc *e)
{
	size_t prefix = 0, suffix = 0, n;

	e->base = 0;
	e->prefix = e->suffix = 0;
	e->depth = 0;
	e->data = text->buf;
	e->len = text->len;
	strbuf_reset(&e->ops);
	if (!base_id || base_depth >= MAX_DEPTH)
		return;
	n = blen < text->len ? blen : text->len;
	prefix = common_prefix(btext, text->buf, n);
	suffix = common_suffix(btext, blen, text->buf, text->len, n - prefix);
	/* one hunk unless a few (two sections, a merge) save much more */
	if (text->len - prefix - suffix > 4096)
		make_delta(btext, blen, text->buf, text->len, prefix, suffix,
			   &e->ops);
	if (e->ops.len && e->ops.len < (text->len - prefix - suffix) / 2 &&
	    e->ops.len < text->len / 2) {
		e->base = base_id;
		e->prefix = DELTA_OPS;
		e->depth = base_depth + 1;
		e->data = e->ops.buf;
		e->len = e->ops.len;
	} else if (prefix + suffix > text->len / 2) {
		e->base = base_id;
		e->prefix = (int64_t)prefix;
		e->suffix = (int64_t)suffix;
		e->depth = base_depth + 1;
		e->data = text->buf + prefix;
		e->len = text->len - prefix - suffix;
	}
}

/* Bind @e as parameters @first.. of @st: base, prefix, suffix, depth, data. */
static void bind_blob_enc(sqlite3_stmt *st, int first, const struct blob_enc *e)
{
	if (e->base)
		sqlite3_bind_int64(st, first, e->base);
	else
		sqlite3_bind_null(st, first);
	sqlite3_bind_int64(st, first + 1, e->prefix);
	sqlite3_bind_int64(st, first + 2, e->suffix);
	sqlite3_bind_int(st, first + 3, e->depth);
	sqlite3_bind_blob(st, first + 4, e->len ? e->data : "", (int)e->len,
			  SQLITE_STATIC);
}

static int blob_text_id(struct idx *ix, int64_t id, struct strbuf *out);

/* Version @hash's text, from the cache or rebuilt into it; NULL if none. */
static struct idx_text *text_of_hash(struct idx *ix, const char *hash)
{
	struct idx_text *t = cached_hash(ix, hash);
	struct strbuf sb = STRBUF_INIT;
	int64_t id;

	if (t)
		return t;
	id = idx_lookup_blob_id(ix, hash);
	if (id && !blob_text_id(ix, id, &sb))
		t = cached_text(ix, id);
	strbuf_release(&sb);
	return t;
}

/* The newest version at most KEY_DEPTH deep, in the cache; NULL if none. */
static struct idx_text *shallow_text(struct idx *ix)
{
	struct strbuf sb = STRBUF_INIT;
	struct idx_text *t = NULL;
	sqlite3_stmt *st;
	int64_t id = 0;

	/* backwards from the newest: a few hundred rows at most */
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM blobs WHERE depth < ?1 "
			       "AND data IS NOT NULL ORDER BY id DESC LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int(st, 1, KEY_DEPTH);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (id > 0 && !blob_text_id(ix, id, &sb))
		t = cached_text(ix, id);
	strbuf_release(&sb);
	return t;
}

static int store_blob(struct idx *ix, const char *hash, const struct strbuf *text,
		      bool have_text, const char *base_hash)
{
	struct blob_enc e = { .ops = STRBUF_INIT };
	struct idx_text *base = NULL;
	int64_t id;

	sqlite3_bind_text(ix->get_blob, 1, hash, -1, SQLITE_STATIC);
	if (step_id(ix->get_blob))
		return 0;
	sqlite3_bind_text(ix->ins_blob, 1, hash, -1, SQLITE_STATIC);
	if (!have_text) {
		/* unreadable: the id alone, git may have it later */
		sqlite3_bind_null(ix->ins_blob, 2);
		sqlite3_bind_null(ix->ins_blob, 3);
		sqlite3_bind_null(ix->ins_blob, 4);
		sqlite3_bind_null(ix->ins_blob, 5);
		sqlite3_bind_null(ix->ins_blob, 6);
		return step_insert(ix, ix->ins_blob, "blobs") < 0 ? -1 : 0;
	}
	if (base_hash && *base_hash)
		base = cached_hash(ix, base_hash);
	if (!base || base->depth >= MAX_DEPTH)
		base = newest_text(ix);
	/* the first version of a run: rebuild its parent's, once */
	if (!base && base_hash && *base_hash)
		base = text_of_hash(ix, base_hash);
	if (!base || base->depth >= MAX_DEPTH)
		base = shallow_text(ix);
	if (base)
		encode_blob(base->id, base->depth, base->text.buf,
			    base->text.len, text, &e);
	else
		encode_blob(0, 0, NULL, 0, text, &e);
	bind_blob_enc(ix->ins_blob, 2, &e);
	id = step_insert(ix, ix->ins_blob, "blobs");
	if (id >= 0)
		cache_text(ix, id, e.depth, hash, text->buf, text->len);
	strbuf_release(&e.ops);
	return id < 0 ? -1 : 0;
}

/*
 * Does trailer @key name a person in @value?  The "-by" family, Cc, To
 * and From do, in any form ("syzbot+...@..." included); for other keys
 * only "Name <addr>" counts, and never a URL (Link: https://x/r/1@y).
 */
static bool names_person(const char *key, const char *value)
{
	if (ends_with(key, "-by") || !strcmp(key, "Cc") || !strcmp(key, "To") ||
	    !strcmp(key, "From"))
		return !strstr(value, "://");
	return strchr(value, '<') && !strstr(value, "://");
}

static void bind_count(sqlite3_stmt *st, int col, long v)
{
	if (v < 0)
		sqlite3_bind_null(st, col);
	else
		sqlite3_bind_int64(st, col, v);
}

/*
 * Is the value of a "-by" trailer a name without an address, as
 * Gerrit-based projects write them ("Reviewed-by: Jane Doe")?  Anything
 * with '@', '<' or a URL is not: it is an address, or a broken one.
 * schema_v4 applies the same rule to trailers indexed before.
 */
static bool name_only_value(const char *key, const char *value)
{
	return ends_with(key, "-by") && *value && !strchr(value, '@') &&
	       !strchr(value, '<') && !strstr(value, "://");
}

/*
 * The key (canonical already) of a tag, interned, and the person its
 * value names, or 0; -1 on an SQL error.  With @name_only, a "-by"
 * trailer naming someone without an address is a people row with an
 * empty address, for the identity model to place (people/identity.h).
 */
static int key_and_person(struct idx *ix, const char *key, const char *value,
			  bool name_only, int64_t *kid, int64_t *person,
			  struct strbuf *name, struct strbuf *email)
{
	*person = 0;
	strbuf_reset(name);
	strbuf_reset(email);
	*kid = intern_text(ix, &ix->keys, ix->get_key, ix->ins_key, key, "keys");
	if (*kid >= 0 && names_person(key, value) &&
	    ident_parse(value, strlen(value), name, email))
		*person = idx_person(ix, name->buf, email->buf);
	else if (*kid >= 0 && name_only && name_only_value(key, value))
		*person = idx_person(ix, value, "");
	return *kid < 0 || *person < 0 ? -1 : 0;
}

/* Is @value exactly "@name <@email>", @email not empty (schema 8)? */
static bool is_name_addr(const char *value, const struct strbuf *name,
			 const struct strbuf *email)
{
	size_t n = strlen(value);

	return email->len && n == name->len + email->len + 3 &&
	       !memcmp(value, name->buf, name->len) &&
	       !memcmp(value + name->len, " <", 2) &&
	       !memcmp(value + name->len + 2, email->buf, email->len) &&
	       value[n - 1] == '>';
}

/*
 * The tag and person of a signature line of the form "Key-by: person"
 * (key without white space, as gitdm's patterns want it at the start
 * of the line), interned; 0 for either when there is none.  -1 on an
 * SQL error.
 */

static int sigline_tag(struct idx *ix, const char *line, int64_t *kid,
		       int64_t *person, struct strbuf *name,
		       struct strbuf *email)
{
	const char *colon = strchr(line, ':'), *v;
	char *key;
	int rc = 0;

	*kid = *person = 0;
	if (!colon || colon == line || memchr(line, ' ', (size_t)(colon - line)) ||
	    memchr(line, '\t', (size_t)(colon - line)))
		return 0;
	key = xstrndup(line, (size_t)(colon - line));
	idx_canon_key(key);
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	if (ends_with(key, "-by"))
		rc = key_and_person(ix, key, v, false, kid, person, name,
				    email);
	free(key);
	return rc;
}

/*
 * Do the trailers give get_maintainer.pl's signature lines?  get --git
 * builds them as "Key: value" from the trailers whose key ends in "by"
 * and whose value has an '@'; that is exact when it gives, in order,
 * the lines the script's git log shows (c->siglines), which is the
 * usual case.  Otherwise (tags in the middle of the message, odd case
 * or spacing, a "by:" in a subject) the lines themselves are stored.
 */
static bool siglines_differ(const struct hist_commit *c)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;
	bool differ = false;

	for (i = 0; !differ && i < c->nr_trailers; i++) {
		const struct hist_trailer *t = &c->trailers[i];
		size_t klen = strlen(t->key);

		if (klen <= 2 || strcasecmp(t->key + klen - 2, "by") ||
		    !strchr(t->value, '@'))
			continue;
		strbuf_reset(&sb);
		strbuf_addstr(&sb, t->key);
		idx_canon_key(sb.buf);
		strbuf_addf(&sb, ": %s", t->value);
		differ = n >= c->nr_siglines || strcmp(sb.buf, c->siglines[n]);
		n++;
	}
	strbuf_release(&sb);
	return differ || n != c->nr_siglines;
}

int idx_add_commit(struct idx *ix, const struct hist_commit *c)
{
	struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;
	int64_t author, committer, id;
	/*
	 * A tag in the subject paragraph is in %s too, so the script's
	 * "GitSubject:" line is a sigline and the commit differs anyway.
	 */
	bool own_siglines = siglines_differ(c);
	unsigned flags = c->flags & ~(unsigned)(HC_MERGE | HC_SIGLINES);
	size_t i;
	int rc = -1;

	author = idx_person(ix, c->author_name, c->author_email);
	committer = idx_person(ix, c->committer_name, c->committer_email);
	if (author < 0 || committer < 0)
		return -1;
	sqlite3_bind_text(ix->ins_commit, 1, c->hash, -1, SQLITE_STATIC);
	sqlite3_bind_text(ix->ins_commit, 2, c->parents, -1, SQLITE_STATIC);
	sqlite3_bind_int(ix->ins_commit, 3, c->nparents);
	sqlite3_bind_int64(ix->ins_commit, 4, author);
	sqlite3_bind_int64(ix->ins_commit, 5, c->author_time);
	sqlite3_bind_int(ix->ins_commit, 6, c->author_tz);
	sqlite3_bind_int64(ix->ins_commit, 7, committer);
	sqlite3_bind_int64(ix->ins_commit, 8, c->commit_time);
	sqlite3_bind_int(ix->ins_commit, 9, c->commit_tz);
	sqlite3_bind_text(ix->ins_commit, 10, c->subject, -1, SQLITE_STATIC);
	sqlite3_bind_int(ix->ins_commit, 11,
			 (int)(flags | (own_siglines ? HC_SIGLINES : 0)));
	id = step_insert(ix, ix->ins_commit, "commits");
	if (id < 0)
		return -1;

	for (i = 0; i < c->nr_files; i++) {
		const struct hist_file *f = &c->files[i];
		int64_t path = idx_path(ix, f->path), old = 0;
		char status[2] = { f->status, 0 };

		if (f->old_path)
			old = idx_path(ix, f->old_path);
		if (path < 0 || old < 0)
			goto out;
		sqlite3_bind_int64(ix->ins_file, 1, id);
		sqlite3_bind_int64(ix->ins_file, 2, path);
		if (old)
			sqlite3_bind_int64(ix->ins_file, 3, old);
		else
			sqlite3_bind_null(ix->ins_file, 3);
		sqlite3_bind_text(ix->ins_file, 4, status, 1, SQLITE_TRANSIENT);
		bind_count(ix->ins_file, 5, f->added);
		bind_count(ix->ins_file, 6, f->removed);
		sqlite3_bind_int(ix->ins_file, 7, (int)f->flags);
		if (step_insert(ix, ix->ins_file, "files") < 0)
			goto out;
	}

	for (i = 0; i < c->nr_trailers; i++) {
		const struct hist_trailer *t = &c->trailers[i];
		char *key_text = xstrdup(t->key);
		int64_t kid, person;
		int krc;

		idx_canon_key(key_text);
		krc = key_and_person(ix, key_text, t->value, true, &kid,
				     &person, &name, &email);
		free(key_text);
		if (krc)
			goto out;
		sqlite3_bind_int64(ix->ins_trailer, 1, id);
		sqlite3_bind_int64(ix->ins_trailer, 2, (int64_t)i);
		sqlite3_bind_int64(ix->ins_trailer, 3, kid);
		sqlite3_bind_text(ix->ins_trailer, 4, person &&
				  is_name_addr(t->value, &name, &email) ?
				  "" : t->value, -1, SQLITE_STATIC);
		if (person)
			sqlite3_bind_int64(ix->ins_trailer, 5, person);
		else
			sqlite3_bind_null(ix->ins_trailer, 5);
		if (step_insert(ix, ix->ins_trailer, "trailers") < 0)
			goto out;
	}

	for (i = 0; own_siglines && i < c->nr_siglines + c->nr_para_lines; i++) {
		bool script = i < c->nr_siglines;
		const char *line = script ? c->siglines[i] :
				   c->para_lines[i - c->nr_siglines];
		int64_t kid = 0, person = 0;

		if (sigline_tag(ix, line, &kid, &person, &name, &email))
			goto out;
		sqlite3_bind_int64(ix->ins_sigline, 1, id);
		sqlite3_bind_int64(ix->ins_sigline, 2, (int64_t)i);
		sqlite3_bind_text(ix->ins_sigline, 3, line, -1, SQLITE_STATIC);
		sqlite3_bind_int(ix->ins_sigline, 6, script);
		if (kid)
			sqlite3_bind_int64(ix->ins_sigline, 4, kid);
		else
			sqlite3_bind_null(ix->ins_sigline, 4);
		if (person)
			sqlite3_bind_int64(ix->ins_sigline, 5, person);
		else
			sqlite3_bind_null(ix->ins_sigline, 5);
		if (step_insert(ix, ix->ins_sigline, "siglines") < 0)
			goto out;
	}

	if (c->tracked_changed) {
		sqlite3_bind_int64(ix->ins_maint, 1, id);
		if (c->tracked_blob[0]) {
			sqlite3_bind_text(ix->ins_maint, 2, c->tracked_blob, -1,
					  SQLITE_STATIC);
			if (store_blob(ix, c->tracked_blob, &c->tracked_text,
				       c->tracked_text.len > 0 ||
				       !strcmp(c->tracked_blob,
					       "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"),
				       c->tracked_base))
				goto out;
		} else {
			sqlite3_bind_null(ix->ins_maint, 2);
		}
		if (step_insert(ix, ix->ins_maint, "maintainers") < 0)
			goto out;
	}
	ix->batch++;
	rc = 0;
out:
	strbuf_release(&name);
	strbuf_release(&email);
	return rc;
}

/* Delete commit rows whose ids are in the temp table doomed(id). */
static long delete_doomed(struct idx *ix)
{
	static const char sql[] =
		"UPDATE trailers SET target = NULL WHERE target IN "
		"  (SELECT id FROM doomed);"
		"DELETE FROM files WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM trailers WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM siglines WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM maintainers WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM commit_patchids WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM links WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM relink WHERE commit_id IN (SELECT id FROM doomed);"
		"DELETE FROM commits WHERE id IN (SELECT id FROM doomed);"
		"DELETE FROM summary;"
		"DELETE FROM meta WHERE key = 'derived';";
	int64_t n = idx_count(ix, "temp.doomed");

	/* nothing to do is the usual case: skip the scans */
	if (n <= 0)
		return (long)n;
	if (idx_exec(ix, sql))
		return -1;
	return (long)n;
}

static int load_ids(struct idx *ix, FILE *list, const char *table)
{
	char line[256];
	sqlite3_stmt *st;
	char *sql = xstrfmt("INSERT OR IGNORE INTO %s(hash) VALUES(?1)", table);
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK) {
		free(sql);
		return sql_error(ix, "prepare");
	}
	free(sql);
	rewind(list);
	while (fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		sqlite3_bind_text(st, 1, line, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = sql_error(ix, table);
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc;
}

long idx_prune(struct idx *ix, FILE *reachable)
{
	long n;

	if (idx_exec(ix, "DROP TABLE IF EXISTS temp.keep;"
		     "CREATE TEMP TABLE keep(hash TEXT PRIMARY KEY) WITHOUT ROWID;"
		     "DROP TABLE IF EXISTS temp.doomed;"
		     "CREATE TEMP TABLE doomed(id INTEGER PRIMARY KEY);") ||
	    load_ids(ix, reachable, "temp.keep") ||
	    idx_exec(ix, "INSERT INTO temp.doomed SELECT id FROM commits "
		     "WHERE hash NOT IN (SELECT hash FROM temp.keep)"))
		return -1;
	n = delete_doomed(ix);
	idx_exec(ix, "DROP TABLE temp.keep; DROP TABLE temp.doomed;");
	return n;
}

long idx_delete_listed(struct idx *ix, FILE *list)
{
	long n;

	if (idx_exec(ix, "DROP TABLE IF EXISTS temp.gone;"
		     "CREATE TEMP TABLE gone(hash TEXT PRIMARY KEY) WITHOUT ROWID;"
		     "DROP TABLE IF EXISTS temp.doomed;"
		     "CREATE TEMP TABLE doomed(id INTEGER PRIMARY KEY);") ||
	    load_ids(ix, list, "temp.gone") ||
	    idx_exec(ix, "INSERT INTO temp.doomed SELECT c.id FROM commits c "
		     "JOIN temp.gone g ON g.hash = c.hash"))
		return -1;
	n = delete_doomed(ix);
	idx_exec(ix, "DROP TABLE temp.gone; DROP TABLE temp.doomed;");
	return n;
}

long idx_forget_history(struct idx *ix)
{
	long n;

	if (idx_exec(ix, "DROP TABLE IF EXISTS temp.doomed;"
		     "CREATE TEMP TABLE doomed(id INTEGER PRIMARY KEY);"
		     "INSERT INTO temp.doomed SELECT id FROM commits;"))
		return -1;
	n = delete_doomed(ix);
	/* read every commit again, link them again, from the start */
	if (n < 0 || idx_exec(ix, "DROP TABLE temp.doomed;"
			      "DELETE FROM meta WHERE key IN ('tips', "
			      "'pending', 'links_upto', 'fixes_resolved_upto', "
			      "'patchids_upto', 'patchids_since');"
			      "INSERT OR REPLACE INTO meta(key, value) "
			      "VALUES('siglines', 'all');"))
		return -1;
	return n;
}

int64_t idx_lookup_commit(struct idx *ix, const char *prefix)
{
	sqlite3_stmt *st;
	char lo[HASH_HEXSZ_MAX + 1], hi[HASH_HEXSZ_MAX + 2];
	size_t i, n = strlen(prefix);
	int64_t id = 0;
	int rows = 0;

	if (n < 4 || n > HASH_HEXSZ_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		if (!isxdigit((unsigned char)prefix[i]))
			return 0;
		lo[i] = (char)tolower((unsigned char)prefix[i]);
	}
	lo[n] = '\0';
	/* every id starting with lo sorts in [lo, lo + "~") */
	snprintf(hi, sizeof(hi), "%s~", lo);
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM commits WHERE hash >= ?1 "
			       "AND hash < ?2 LIMIT 2", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, lo, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, hi, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		rows++;
	}
	sqlite3_finalize(st);
	return rows == 1 ? id : 0;
}

long idx_resolve_fixes(struct idx *ix, bool all)
{
	sqlite3_stmt *sel, *upd;
	long n = 0;
	char *sql = xstrfmt("SELECT t.commit_id, t.seq, t.value FROM trailers t "
			    "JOIN keys k ON k.id = t.key WHERE k.key = 'Fixes' "
			    "AND t.target IS NULL%s",
			    all ? "" : " AND t.commit_id > ?1");
	int64_t since = 0;
	char *v = idx_meta_get(ix, "fixes_resolved_upto");

	if (v)
		since = strtoll(v, NULL, 10);
	free(v);
	if (sqlite3_prepare_v2(ix->db, sql, -1, &sel, NULL) != SQLITE_OK) {
		free(sql);
		return -1;
	}
	free(sql);
	if (sqlite3_prepare_v2(ix->db, "UPDATE trailers SET target = ?1 "
			       "WHERE commit_id = ?2 AND seq = ?3", -1, &upd,
			       NULL) != SQLITE_OK) {
		sqlite3_finalize(sel);
		return -1;
	}
	if (!all)
		sqlite3_bind_int64(sel, 1, since);
	while (sqlite3_step(sel) == SQLITE_ROW) {
		const char *val = (const char *)sqlite3_column_text(sel, 2);
		char pfx[HASH_HEXSZ_MAX + 1];
		size_t len = 0;
		int64_t target;

		while (val && len < HASH_HEXSZ_MAX && isxdigit((unsigned char)val[len]))
			len++;
		if (len < 8)
			continue;
		memcpy(pfx, val, len);
		pfx[len] = '\0';
		target = idx_lookup_commit(ix, pfx);
		if (!target)
			continue;
		sqlite3_bind_int64(upd, 1, target);
		sqlite3_bind_int64(upd, 2, sqlite3_column_int64(sel, 0));
		sqlite3_bind_int64(upd, 3, sqlite3_column_int64(sel, 1));
		if (sqlite3_step(upd) == SQLITE_DONE)
			n++;
		sqlite3_reset(upd);
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(upd);
	{
		char buf[32];
		int64_t max = 0;
		sqlite3_stmt *st;

		if (sqlite3_prepare_v2(ix->db, "SELECT max(id) FROM commits", -1,
				       &st, NULL) == SQLITE_OK) {
			if (sqlite3_step(st) == SQLITE_ROW)
				max = sqlite3_column_int64(st, 0);
			sqlite3_finalize(st);
		}
		snprintf(buf, sizeof(buf), "%lld", (long long)max);
		idx_meta_set(ix, "fixes_resolved_upto", buf);
	}
	return n;
}

int idx_remap_people(struct idx *ix)
{
	sqlite3_stmt *sel, *upd;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, name, email FROM people", -1,
			       &sel, NULL) != SQLITE_OK)
		return sql_error(ix, "people");
	if (sqlite3_prepare_v2(ix->db, "UPDATE people SET mname = ?1, "
			       "memail = ?2 WHERE id = ?3", -1, &upd,
			       NULL) != SQLITE_OK) {
		sqlite3_finalize(sel);
		return sql_error(ix, "people");
	}
	while (sqlite3_step(sel) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(sel, 1);
		const char *email = (const char *)sqlite3_column_text(sel, 2);

		if (ix->mailmap)
			ident_map(ix->mailmap, &name, &email);
		sqlite3_bind_text(upd, 1, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(upd, 2, email, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(upd, 3, sqlite3_column_int64(sel, 0));
		if (sqlite3_step(upd) != SQLITE_DONE)
			rc = sql_error(ix, "people");
		sqlite3_reset(upd);
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(upd);
	return rc;
}

int64_t idx_count(struct idx *ix, const char *table)
{
	/* @table is one of ours, never user input */
	char *sql = xstrfmt("SELECT count(*) FROM %s", table);
	sqlite3_stmt *st;
	int64_t n = -1;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			n = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
	}
	free(sql);
	return n;
}

int64_t idx_query_int(struct idx *ix, const char *sql)
{
	sqlite3_stmt *st;
	int64_t v = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

int64_t idx_lookup_blob_id(struct idx *ix, const char *hash)
{
	sqlite3_stmt *st;
	int64_t id = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM blobs WHERE hash = ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, hash, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

/* One row of blobs: a whole text or a delta on @base. */
struct blob_row {
	int64_t id, base;
	int64_t prefix, suffix;	/* prefix DELTA_OPS: data is operations */
	int depth;
	char *data;		/* NULL when unreadable */
	size_t len;
	char hash[HASH_HEXSZ_MAX + 1];
};

static int read_blob_row(struct idx *ix, int64_t id, struct blob_row *b)
{
	sqlite3_stmt *st = ix->get_blob_row;
	int rc = -1;

	memset(b, 0, sizeof(*b));
	b->id = id;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		b->base = sqlite3_column_type(st, 0) == SQLITE_NULL ? 0 :
			  sqlite3_column_int64(st, 0);
		b->prefix = sqlite3_column_int64(st, 1);
		b->suffix = sqlite3_column_int64(st, 2);
		b->depth = sqlite3_column_int(st, 3);
		if (sqlite3_column_type(st, 4) != SQLITE_NULL) {
			const char *d = sqlite3_column_blob(st, 4);

			b->len = (size_t)sqlite3_column_bytes(st, 4);
			b->data = xmalloc(b->len + 1);
			if (b->len)
				memcpy(b->data, d, b->len);
		}
		snprintf(b->hash, sizeof(b->hash), "%s",
			 (const char *)sqlite3_column_text(st, 5));
		rc = 0;
	}
	sqlite3_reset(st);
	return rc;
}

/*
 * Rebuild blob @id into @out: walk down the chain of bases to a whole
 * text or one in the cache, then apply the deltas back up, caching the
 * result so that the next version in order costs one delta.
 */
static int blob_text_id(struct idx *ix, int64_t id, struct strbuf *out)
{
	struct blob_row *chain = NULL;
	size_t nr = 0, alloc = 0, i;
	struct strbuf cur = STRBUF_INIT, next = STRBUF_INIT;
	struct idx_text *t;
	int rc = -1;

	for (;;) {
		if ((t = cached_text(ix, id))) {
			strbuf_add(&cur, t->text.buf, t->text.len);
			break;
		}
		if (nr > MAX_DEPTH + 5) {
			error("%s: blob delta chain too long", ix->path);
			goto out;
		}
		ALLOC_GROW(chain, nr + 1, alloc);
		if (read_blob_row(ix, id, &chain[nr]))
			goto out;
		if (!chain[nr++].data)
			goto out;	/* unreadable when indexed */
		if (!chain[nr - 1].base) {
			nr--;
			strbuf_add(&cur, chain[nr].data, chain[nr].len);
			cache_text(ix, chain[nr].id, 0, chain[nr].hash,
				   cur.buf, cur.len);
			free(chain[nr].data);
			break;
		}
		id = chain[nr - 1].base;
	}
	while (nr--) {
		struct blob_row *b = &chain[nr];

		if (idx_apply_delta(cur.buf, cur.len, b->prefix, b->suffix,
				    b->data, b->len, &next)) {
			error("%s: blob %s: bad delta", ix->path, b->hash);
			nr++;
			goto out;
		}
		cache_text(ix, b->id, b->depth, b->hash, next.buf, next.len);
		free(b->data);
		b->data = NULL;
		SWAP_STRBUF(cur, next);
	}
	nr = 0;
	strbuf_reset(out);
	strbuf_add(out, cur.buf, cur.len);
	rc = 0;
out:
	for (i = 0; i < nr; i++)
		free(chain[i].data);
	free(chain);
	strbuf_release(&cur);
	strbuf_release(&next);
	return rc;
}

int idx_blob_text(struct idx *ix, const char *hash, struct strbuf *out)
{
	int64_t id = idx_lookup_blob_id(ix, hash);

	if (!id)
		return -1;
	return blob_text_id(ix, id, out);
}

/*
 * Encode @text on the first of @cand (its old base, the version before
 * it, the newest one at most KEY_DEPTH deep) not too deep, as
 * store_blob() would; @prev is the text of @cand[1].
 */
static void repack_one(struct idx *ix, const int64_t cand[3],
		       const struct strbuf *prev, const struct imap *depth,
		       const struct strbuf *text, struct blob_enc *e)
{
	struct strbuf btext = STRBUF_INIT;
	struct idx_text *t;

	for (int i = 0; i < 3; i++) {
		const int64_t *d = cand[i] ? imap_get(depth, cand[i]) : NULL;

		if (!d || *d >= MAX_DEPTH)
			continue;
		if (cand[i] == cand[1]) {
			encode_blob(cand[1], (int)*d, prev->buf, prev->len,
				    text, e);
			return;
		}
		/* blob_text_id() just passed through an old base: cached */
		if ((t = cached_text(ix, cand[i]))) {
			encode_blob(cand[i], (int)*d, t->text.buf, t->text.len,
				    text, e);
			return;
		}
		if (!blob_text_id(ix, cand[i], &btext)) {
			encode_blob(cand[i], (int)*d, btext.buf, btext.len,
				    text, e);
			strbuf_release(&btext);
			return;
		}
	}
	strbuf_release(&btext);
	encode_blob(0, 0, NULL, 0, text, e);
}

static int repack_rows(struct idx *ix, sqlite3_stmt *rows, sqlite3_stmt *ins,
		       long *nr)
{
	struct strbuf text = STRBUF_INIT, prev = STRBUF_INIT;
	struct blob_enc e = { .ops = STRBUF_INIT };
	struct imap depth;
	int64_t cand[3] = { 0, 0, 0 };	/* old base, previous, shallow */
	int rc = 0;

	imap_init(&depth, 1024);
	while (!rc && sqlite3_step(rows) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(rows, 0);

		sqlite3_bind_int64(ins, 1, id);
		sqlite3_bind_text(ins, 2, (const char *)
				  sqlite3_column_text(rows, 1), -1,
				  SQLITE_TRANSIENT);
		if (sqlite3_column_int(rows, 3)) {
			/* unreadable when indexed: the id alone, as it was */
			for (int i = 3; i <= 7; i++)
				sqlite3_bind_null(ins, i);
		} else if (blob_text_id(ix, id, &text)) {
			rc = error("%s: cannot upgrade the stored versions",
				   ix->path);
			break;
		} else {
			cand[0] = sqlite3_column_int64(rows, 2);
			repack_one(ix, cand, &prev, &depth, &text, &e);
			bind_blob_enc(ins, 3, &e);
			*imap_put(&depth, id) = e.depth;
			cand[1] = id;
			if (e.depth < KEY_DEPTH)
				cand[2] = id;
			SWAP_STRBUF(prev, text);
		}
		if (sqlite3_step(ins) != SQLITE_DONE)
			rc = sql_error(ix, "blobs");
		sqlite3_reset(ins);
		(*nr)++;
	}
	imap_free(&depth);
	strbuf_release(&e.ops);
	strbuf_release(&text);
	strbuf_release(&prev);
	return rc;
}

/* Version 8 (schema_v8): each row kept again as store_blob() keeps it. */
static int repack_blobs(struct idx *ix)
{
	sqlite3_stmt *rows = NULL, *ins = NULL;
	int64_t before = idx_query_int(ix, "SELECT total(length(data)) "
				       "FROM blobs");
	long nr = 0;
	int rc;

	if (!idx_query_int(ix, "SELECT count(*) FROM blobs"))
		return 0;
	rc = idx_exec(ix, "CREATE TABLE blobs_new(\n"
		      "  id INTEGER PRIMARY KEY,\n"
		      "  hash TEXT NOT NULL UNIQUE,\n"
		      "  base INTEGER, prefix INTEGER, suffix INTEGER, "
		      "depth INTEGER,\n"
		      "  data BLOB);") ||
	     prepare(ix, &rows, "SELECT id, hash, base, data IS NULL "
		     "FROM blobs ORDER BY id") ||
	     prepare(ix, &ins, "INSERT INTO blobs_new(id, hash, base, prefix, "
		     "suffix, depth, data) VALUES(?1,?2,?3,?4,?5,?6,?7)") ||
	     (!ix->get_blob_row &&
	      prepare(ix, &ix->get_blob_row, "SELECT base, prefix, suffix, "
		      "depth, data, hash FROM blobs WHERE id = ?1"));
	if (!rc)
		rc = repack_rows(ix, rows, ins, &nr);
	if (!rc)
		rc = idx_fault_point(ix, "repack");
	idx_kill_point("repack");
	sqlite3_finalize(rows);
	sqlite3_finalize(ins);
	sqlite3_finalize(ix->get_blob_row);
	ix->get_blob_row = NULL;
	/* the cache's depths are the old rows' */
	for (size_t i = 0; i < ARRAY_SIZE(ix->texts); i++)
		ix->texts[i].id = 0;
	if (rc || idx_exec(ix, "DROP TABLE blobs;\n"
			   "ALTER TABLE blobs_new RENAME TO blobs;"))
		return -1;
	fprintf(stderr, "%s: %ld stored versions of the tracked files written "
		"again: %lld bytes, %lld before\n", progname, nr,
		(long long)idx_query_int(ix, "SELECT total(length(data)) "
					 "FROM blobs"), (long long)before);
	return 0;
}

/*
 * The trailers table written again, a person's value as '': emptied in
 * place, the rows would keep their pages.  Its index only if it had it
 * (a first build makes it at the end).
 */
static int rebuild_trailers(struct idx *ix)
{
	bool indexed = idx_query_int(ix, "SELECT count(*) FROM sqlite_master "
				     "WHERE name = 'trailers_person'") > 0;

	return idx_exec(ix,
		"DROP VIEW trailer_log;\n"
		"CREATE TABLE trailers_new" TRAILERS_COLUMNS
		"INSERT INTO trailers_new SELECT t.commit_id, t.seq, t.key,\n"
		"  CASE WHEN t.value = p.name || ' <' || p.email || '>' AND\n"
		"       p.email <> '' THEN '' ELSE t.value END,\n"
		"  t.person, t.target\n"
		"  FROM trailers t LEFT JOIN people p ON p.id = t.person\n"
		"  ORDER BY t.commit_id, t.seq;\n"
		"DROP TABLE trailers;\n"
		"ALTER TABLE trailers_new RENAME TO trailers;\n"
		TRAILER_LOG_VIEW) ||
	       (indexed && idx_exec(ix, "CREATE INDEX trailers_person ON "
				    "trailers(person);"));
}

static int upgrade_v8(struct idx *ix)
{
	if (repack_blobs(ix))
		return -1;
	if (!idx_query_int(ix, "SELECT count(*) FROM trailers"))
		return 0;
	return rebuild_trailers(ix) ? -1 : 0;
}

int idx_foreach_touching(struct idx *ix, const char *path, int64_t since,
			 int (*fn)(const struct idx_commit_info *ci, void *data),
			 void *data)
{
	/*
	 * One statement per kind of @path, so that SQLite can use the
	 * paths index for a file or a directory's range of names.
	 */
	static const char *const where[] = {
		"",
		"AND p.path = ?2 ",
		"AND p.path >= ?2 AND p.path < ?3 ",
	};
	size_t len = strlen(path);
	int kind = !len ? 0 : path[len - 1] == '/' ? 2 : 1;
	char *sql = xstrfmt(
		"SELECT c.id, c.hash, a.mname, a.memail, c.author_time, "
		"       c.commit_time, c.subject, "
		"       sum(f.added), sum(f.removed), count(f.added) = count(*) "
		"FROM paths p JOIN files f ON f.path = p.id "
		"JOIN commits c ON c.id = f.commit_id "
		"JOIN people a ON a.id = c.author "
		"WHERE c.commit_time >= ?1 AND c.nparents < 2 %s"
		"GROUP BY c.id ORDER BY c.commit_time, c.id", where[kind]);
	char *hi = NULL;
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK) {
		free(sql);
		return sql_error(ix, "query");
	}
	free(sql);
	if (kind == 2) {
		/* every name under "dir/" sorts before "dir0" ('/' + 1) */
		hi = xstrdup(path);
		hi[len - 1] = '/' + 1;
		sqlite3_bind_text(st, 3, hi, -1, SQLITE_TRANSIENT);
		free(hi);
	}
	sqlite3_bind_int64(st, 1, since);
	if (kind)
		sqlite3_bind_text(st, 2, path, -1, SQLITE_STATIC);
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		struct idx_commit_info ci;
		bool known = sqlite3_column_int(st, 9);

		ci.id = sqlite3_column_int64(st, 0);
		ci.hash = (const char *)sqlite3_column_text(st, 1);
		ci.author_name = (const char *)sqlite3_column_text(st, 2);
		ci.author_email = (const char *)sqlite3_column_text(st, 3);
		ci.author_time = sqlite3_column_int64(st, 4);
		ci.commit_time = sqlite3_column_int64(st, 5);
		ci.subject = (const char *)sqlite3_column_text(st, 6);
		ci.added = known ? (long)sqlite3_column_int64(st, 7) : -1;
		ci.removed = known ? (long)sqlite3_column_int64(st, 8) : -1;
		rc = fn(&ci, data);
	}
	sqlite3_finalize(st);
	return rc;
}

int idx_foreach_version(struct idx *ix,
			int (*fn)(const char *commit, int64_t commit_time,
				  const char *blob, void *data),
			void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT c.hash, c.commit_time, m.blob "
			       "FROM maintainers m JOIN commits c ON c.id = m.commit_id "
			       "ORDER BY c.commit_time, c.id", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix, "query");
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn((const char *)sqlite3_column_text(st, 0),
			sqlite3_column_int64(st, 1),
			(const char *)sqlite3_column_text(st, 2), data);
	sqlite3_finalize(st);
	return rc;
}

int idx_foreach_trailer(struct idx *ix, int64_t id,
			int (*fn)(const char *key, const char *value,
				  const char *name, const char *email,
				  void *data),
			void *data)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT k.key, " IDX_TRAILER_VALUE("t", "p") ", "
			       "p.mname, p.memail "
			       "FROM trailers t JOIN keys k ON k.id = t.key "
			       "LEFT JOIN people p ON p.id = t.person "
			       "WHERE t.commit_id = ?1 ORDER BY t.seq", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_error(ix, "query");
	sqlite3_bind_int64(st, 1, id);
	while (!rc && sqlite3_step(st) == SQLITE_ROW)
		rc = fn((const char *)sqlite3_column_text(st, 0),
			(const char *)sqlite3_column_text(st, 1),
			(const char *)sqlite3_column_text(st, 2),
			(const char *)sqlite3_column_text(st, 3), data);
	sqlite3_finalize(st);
	return rc;
}
