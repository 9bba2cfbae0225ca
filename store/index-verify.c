// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint index --verify: the index against git's own answers, beside the
 * index it checks (store/index.c).
 */
#include "index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#include "queries.h"
#include "run-command.h"
#include "summary.h"

/* One commit against git show and git diff-tree; 1 if it differs. */
/*
 * The commit's row against git show's fields @f (parents, author,
 * committer, dates, subject) and its number of trailers.  1 if any
 * differs, after saying how; -1 if the index cannot be asked.
 */
static int verify_header(struct idx *ix, int64_t id, const char *hash,
			 const char *const f[8], int ntrailers)
{
	static const char *names[] = {
		"parents", "author name", "author email", "author date",
		"committer name", "committer email", "commit date",
		"subject",
	};
	sqlite3_stmt *st;
	int bad = 0, i;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT c.parents, a.mname, a.memail, c.author_time, "
			       "m.mname, m.memail, c.commit_time, c.subject, "
			       "(SELECT count(*) FROM trailers t WHERE "
			       "t.commit_id = c.id) FROM commits c "
			       "JOIN people a ON a.id = c.author "
			       "JOIN people m ON m.id = c.committer "
			       "WHERE c.id = ?1", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		for (i = 0; i < 8; i++) {
			const char *v = (const char *)sqlite3_column_text(st, i);

			if (strcmp(v ? v : "", f[i])) {
				printf("%s: %s: index has '%s', git has '%s'\n",
				       hash, names[i], v ? v : "", f[i]);
				bad = 1;
			}
		}
		if (sqlite3_column_int(st, 8) != ntrailers) {
			printf("%s: trailers: index has %d, git has %d\n", hash,
			       sqlite3_column_int(st, 8), ntrailers);
			bad = 1;
		}
	}
	sqlite3_finalize(st);
	return bad;
}

/* git diff-tree failed: some path of the commit must be unreadable. */
static int verify_unreadable(struct idx *ix, int64_t id, const char *hash)
{
	sqlite3_stmt *st;
	int bad = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM files WHERE "
			       "commit_id = ?1 AND flags & 4", -1, &st,
			       NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW && !sqlite3_column_int(st, 0)) {
		printf("%s: git diff-tree failed but no path is marked "
		       "unreadable\n", hash);
		bad = 1;
	}
	sqlite3_finalize(st);
	return bad;
}

static long column_or_minus_one(sqlite3_stmt *st, int col)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? -1 :
	       (long)sqlite3_column_int64(st, col);
}

/* One path of git's numstat (@a, @r: -1 for binary) against its row. */
static int verify_path(sqlite3_stmt *st, int64_t id, const char *hash,
		       const char *path, long a, long r)
{
	int bad = 0;

	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, path, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) != SQLITE_ROW) {
		printf("%s: %s: not in the index\n", hash, path);
		bad = 1;
	} else {
		long ia = column_or_minus_one(st, 0);
		long ir = column_or_minus_one(st, 1);

		if (ia != a || ir != r) {
			printf("%s: %s: index has %ld/%ld, git has %ld/%ld\n",
			       hash, path, ia, ir, a, r);
			bad = 1;
		}
	}
	sqlite3_reset(st);
	return bad;
}

/* The commit has as many paths in the index as git's @nrows. */
static int verify_path_count(struct idx *ix, int64_t id, const char *hash,
			     long nrows)
{
	sqlite3_stmt *st;
	int bad = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM files WHERE "
			       "commit_id = ?1", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_int64(st, 0) != nrows) {
		printf("%s: index has %lld paths, git has %ld\n", hash,
		       (long long)sqlite3_column_int64(st, 0), nrows);
		bad = 1;
	}
	sqlite3_finalize(st);
	return bad;
}

/* git diff-tree -z --numstat's output @out against the commit's files. */
static int verify_numstat(struct idx *ix, int64_t id, const char *hash,
			  const struct strbuf *out)
{
	const char *s = out->buf, *end = out->buf + out->len;
	sqlite3_stmt *st;
	long nrows = 0;
	int bad = 0;

	if (sqlite3_prepare_v2(ix->db, "SELECT f.added, f.removed, f.flags FROM "
			       "files f JOIN paths p ON p.id = f.path WHERE "
			       "f.commit_id = ?1 AND p.path = ?2", -1, &st,
			       NULL) != SQLITE_OK)
		return 1;
	while (s < end) {
		const char *counts = s, *path;
		char *tab;
		long a = -1, r = -1;

		s += strlen(s) + 1;
		tab = strchr(counts, '\t');
		if (!tab || !(tab = strchr(tab + 1, '\t')))
			break;
		path = tab + 1;
		if (!*path) {
			s += strlen(s) + 1;	/* source */
			path = s;
			s += strlen(s) + 1;
		}
		if (counts[0] != '-') {
			a = strtol(counts, NULL, 10);
			r = strtol(strchr(counts, '\t') + 1, NULL, 10);
		}
		nrows++;
		bad |= verify_path(st, id, hash, path, a, r);
	}
	sqlite3_finalize(st);
	return verify_path_count(ix, id, hash, nrows) | bad;
}

static int verify_commit(struct idx *ix, int64_t id, const char *hash,
			 bool renames)
{
	const char *show[] = {
		"show", "-s", "--no-show-signature",
		"--format=%P%x00%aN%x00%aE%x00%at%x00%cN%x00%cE%x00%ct%x00%s%x00"
		"%(trailers:only,unfold)", hash, NULL
	};
	const char *diff[] = {
		"diff-tree", "-z", "-r", "--root", "--no-commit-id",
		"--numstat", hash, renames ? "-M" : "--no-renames", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *f[9];
	int bad = 0, i, ntrailers = 0;
	size_t pos;
	const char *p;

	if (capture_git(show, &out, &err)) {
		printf("%s: git cannot show it: %s", hash, err.buf);
		bad = 1;
		goto out;
	}
	if (out.len && out.buf[out.len - 1] == '\n')
		strbuf_setlen(&out, out.len - 1);
	for (i = 0, pos = 0; i < 9; i++) {
		f[i] = out.buf + pos;
		pos += strlen(f[i]) + (pos < out.len);
		if (pos > out.len)
			pos = out.len;
	}
	for (p = f[8]; *p; p++)
		ntrailers += *p == '\n' || !p[1];
	bad = verify_header(ix, id, hash, f, ntrailers);
	if (bad < 0) {
		bad = 1;
		goto out;
	}
	if (strchr(f[0], ' '))
		goto out;	/* a merge: no diff stored */

	strbuf_reset(&out);
	strbuf_reset(&err);
	if (capture_git(diff, &out, &err))
		bad |= verify_unreadable(ix, id, hash);
	else
		bad |= verify_numstat(ix, id, hash, &out);
out:
	strbuf_release(&out);
	strbuf_release(&err);
	return bad;
}

int idx_verify_commits(struct idx *ix, int n)
{
	char *v = idx_meta_get(ix, "renames");
	bool renames = !v || strcmp(v, "0");
	sqlite3_stmt *st;
	int bad = 0, checked = 0;

	free(v);
	if (sqlite3_prepare_v2(ix->db, "SELECT id, hash FROM commits "
			       "ORDER BY random() LIMIT ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return error("cannot query the index");
	sqlite3_bind_int(st, 1, n);
	while (sqlite3_step(st) == SQLITE_ROW) {
		bad += verify_commit(ix, sqlite3_column_int64(st, 0),
				     (const char *)sqlite3_column_text(st, 1),
				     renames);
		checked++;
	}
	sqlite3_finalize(st);
	printf("verified %d commits: %d differ\n", checked, bad);
	return bad ? 1 : 0;
}


/*
 * Rows that must be there once: what a second writer, or a bug, would
 * have stored twice, and rows left pointing at nothing.  Every row is
 * checked, not a sample: one duplicate is enough to make counts wrong.
 * Each check is a count of the rows that break the rule.
 */
static const struct {
	const char *what, *sql;
} row_checks[] = {
	{ "commits stored twice",
	  "SELECT count(*) - count(DISTINCT hash) FROM commits" },
	{ "people stored twice",
	  "SELECT count(*) FROM (SELECT 1 FROM people GROUP BY email, name "
	  "HAVING count(*) > 1)" },
	{ "paths stored twice",
	  "SELECT count(*) - count(DISTINCT path) FROM paths" },
	{ "changed paths of no commit",
	  "SELECT count(*) FROM files WHERE commit_id NOT IN "
	  "(SELECT id FROM commits)" },
	{ "trailers of no commit",
	  "SELECT count(*) FROM trailers WHERE commit_id NOT IN "
	  "(SELECT id FROM commits)" },
	/* git archives may hold one blob twice: lists_verify_counts() */
	{ "messages stored twice (same mbox offset or Maildir file)",
	  "SELECT count(*) FROM (SELECT 1 FROM messages m JOIN sources s ON "
	  "s.id = m.source WHERE s.kind IN ('mbox', 'maildir') GROUP BY "
	  "m.source, m.part, coalesce(m.blob, ''), coalesce(m.offset, -1) "
	  "HAVING count(*) > 1)" },
	{ "messages with a Message-ID repeated in their archive (same dup)",
	  "SELECT count(*) FROM (SELECT 1 FROM messages GROUP BY source, msgid, "
	  "dup HAVING count(*) > 1)" },
	{ "links to no message or no commit",
	  "SELECT count(*) FROM links WHERE message NOT IN "
	  "(SELECT id FROM messages) OR commit_id NOT IN "
	  "(SELECT id FROM commits)" },
	{ "commits linked twice to one posting (same Message-ID)",
	  "SELECT count(*) FROM (SELECT 1 FROM links l JOIN messages m "
	  "ON m.id = l.message GROUP BY l.commit_id, m.source, m.msgid "
	  "HAVING count(*) > 1)" },
	{ "message paths or tags of no message",
	  "SELECT (SELECT count(*) FROM msg_files WHERE message NOT IN "
	  "(SELECT id FROM messages)) + (SELECT count(*) FROM msg_trailers "
	  "WHERE message NOT IN (SELECT id FROM messages))" },
};

int idx_verify_rows(struct idx *ix)
{
	sqlite3_stmt *st;
	size_t i;
	int bad = 0;

	if (sqlite3_prepare_v2(ix->db, "PRAGMA quick_check", -1, &st,
			       NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *v = (const char *)sqlite3_column_text(st, 0);

			if (v && strcmp(v, "ok")) {
				printf("database: %s\n", v);
				bad = 1;
			}
		}
		sqlite3_finalize(st);
	}
	for (i = 0; i < ARRAY_SIZE(row_checks); i++) {
		int64_t n = idx_query_int(ix, row_checks[i].sql);

		if (n) {
			printf("%s: %lld\n", row_checks[i].what, (long long)n);
			bad = 1;
		}
	}
	printf("verified every row: %s\n", bad ? "duplicates or dangling rows"
	       : "each once");
	return bad;
}

/* A batch of the summary against the tables' facts of its ids. */
struct summary_check {
	struct idx *ix;
	const struct summary *sm;
	size_t i;			/* the batch's next commit */
	int64_t after;			/* the last id of the batch before */
	struct facts_buf b;
	int64_t checked, bad;
};

static bool same_ids(const int64_t *a, const int64_t *b, size_t n)
{
	return !n || !memcmp(a, b, n * sizeof(*a));
}

/* The tables' facts @t against the summary's next commit. */
static int check_facts(const struct commit_facts *t, void *data)
{
	struct summary_check *v = data;
	struct commit_facts s;

	if (v->i >= v->sm->nr || v->sm->commits[v->i].id != t->id) {
		printf("summary: commit %lld is not where the summary has it\n",
		       (long long)t->id);
		v->bad++;
		return 1;
	}
	summary_commit_facts(v->sm, v->i++, true, &s, &v->b);
	v->checked++;
	if (s.author != t->author || s.committer != t->committer ||
	    s.time != t->time ||
	    (s.nparents != t->nparents && !(s.nparents == 255 &&
					     t->nparents > 255)) ||
	    s.nr_paths != t->nr_paths || s.nr_trailers != t->nr_trailers ||
	    !same_ids(s.paths, t->paths, s.nr_paths) ||
	    !same_ids(s.old_paths, t->old_paths, s.nr_paths) ||
	    !same_ids(s.trailer_key, t->trailer_key, s.nr_trailers) ||
	    !same_ids(s.trailer_person, t->trailer_person, s.nr_trailers)) {
		printf("summary: commit %lld: its files or trailers differ "
		       "from the tables'\n", (long long)t->id);
		v->bad++;
	}
	return 0;
}

static int check_batch(const struct summary *sm, void *data)
{
	struct summary_check *v = data;
	int64_t last = sm->commits[sm->nr - 1].id;

	v->sm = sm;
	v->i = 0;
	if (idx_foreach_commit_facts_tables(v->ix, v->after + 1, last,
					    check_facts, v) < 0)
		return -1;
	if (v->i < sm->nr) {
		printf("summary: commit %lld is not in the tables\n",
		       (long long)sm->commits[v->i].id);
		v->bad++;
	}
	v->after = last;
	return 0;
}

int idx_verify_summary(struct idx *ix)
{
	struct summary_check v = { .ix = ix, .after = INT64_MIN };
	struct summary buf = { 0 };
	enum summary_state state;
	int rc = summary_walk_files(ix, &buf, INT64_MIN, INT64_MAX,
				    check_batch, &v, &state);

	summary_release(&buf);
	facts_buf_release(&v.b);
	if (rc < 0)
		return -1;
	if (state == SUMMARY_DAMAGED) {
		printf("summary: a chunk does not decode (readers use the "
		       "tables; 'kmaint index --rebuild' writes it again)\n");
		return 1;
	}
	if (state == SUMMARY_SHORT) {
		printf("verified the summary: it does not reach the last "
		       "commit (readers use the tables)\n");
		return 0;
	}
	printf("verified the summary's files and trailers: %lld commits, "
	       "%lld differ\n", (long long)v.checked, (long long)v.bad);
	return v.bad || rc ? 1 : 0;
}
