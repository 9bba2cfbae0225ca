// SPDX-License-Identifier: GPL-2.0
#include "list-store.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sqlite3.h>

#include "git-mailmap.h"
#include "imap.h"
#include "patch-id.h"
#include "run-command.h"
#include "strmap.h"

/*
 * Messages per transaction.  Each COMMIT writes the pages its batch
 * dirtied, the index pages every batch touches again among them: the
 * linux-xfs epoch took 9.4 s by 20,000 and 10.1 s by 5,000.  A killed
 * run loses at most one batch, which the next one reads again.
 */
#define DEFAULT_BATCH 20000
/* How many messages of a source's first batch its list is told from. */
#define SAMPLE 1000
/* author+subject links reach back at most this far before the commit */
#define SUBJECT_WINDOW (365 * 86400)

enum {
	PB_MISSING = LISTS_MISSING,
	PB_DUP,
	PB_ABSURD_DATE,
	PB_DELETED_UNKNOWN,
	PB_NR
};

static const char *const extra_problems[] = {
	"missing-blob", "duplicate-message-id", "absurd-date", "deleted-unknown",
};

const char *lists_problem_name(int i)
{
	if (i >= 0 && i < MAIL_NR_PROBLEMS)
		return mail_problem_name(1u << i);
	if (i >= PB_MISSING && i < PB_NR)
		return extra_problems[i - PB_MISSING];
	return "?";
}

void lists_report_init(struct lists_report *r)
{
	memset(r, 0, sizeof(*r));
	strbuf_init(&r->named, 0);
	strbuf_init(&r->lost, 0);
	r->oldest_added = INT64_MAX;
}

void lists_report_release(struct lists_report *r)
{
	strbuf_release(&r->named);
	strbuf_release(&r->lost);
}

int64_t lists_mid_hash(const char *msgid)
{
	const unsigned char *s = (const unsigned char *)msgid;
	uint64_t h = 14695981039346656037ull;

	while (*s)
		h = (h ^ *s++) * 1099511628211ull;
	return (int64_t)(h & INT64_MAX);
}

static int sql_fail(struct idx *ix, const char *what)
{
	return error("%s: %s: %s", ix->path, what, sqlite3_errmsg(ix->db));
}

static int prep(struct idx *ix, sqlite3_stmt **st, const char *sql)
{
	if (sqlite3_prepare_v3(ix->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st,
			       NULL) != SQLITE_OK)
		return sql_fail(ix, "prepare");
	return 0;
}

/* Step a statement that returns no row; 0 or -1. */
static int run(struct idx *ix, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return sql_fail(ix, what);
	return 0;
}

static void bind_text_or_null(sqlite3_stmt *st, int col, const char *s)
{
	if (s)
		sqlite3_bind_text(st, col, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, col);
}

int lists_sources(struct idx *ix, struct lists_source **v, size_t *nr)
{
	sqlite3_stmt *st;
	size_t alloc = 0;

	*v = NULL;
	*nr = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT s.id, s.path, s.kind, l.name, "
			       "s.list_from FROM sources s LEFT JOIN lists l "
			       "ON l.id = s.list ORDER BY s.id", -1, &st,
			       NULL) != SQLITE_OK)
		return sql_fail(ix, "sources");
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct lists_source *s;
		const char *list = (const char *)sqlite3_column_text(st, 3);
		const char *from = (const char *)sqlite3_column_text(st, 4);

		ALLOC_GROW(*v, *nr + 1, alloc);
		s = &(*v)[(*nr)++];
		s->id = sqlite3_column_int64(st, 0);
		s->path = xstrdup((const char *)sqlite3_column_text(st, 1));
		s->kind = inbox_kind_from_name((const char *)sqlite3_column_text(st, 2));
		s->list = list ? xstrdup(list) : NULL;
		s->list_from = from ? xstrdup(from) : NULL;
	}
	sqlite3_finalize(st);
	return 0;
}

void lists_sources_free(struct lists_source *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(v[i].path);
		free(v[i].list);
		free(v[i].list_from);
	}
	free(v);
}

int64_t lists_register(struct idx *ix, const char *path, enum inbox_kind kind)
{
	char *abs = realpath(path, NULL);
	sqlite3_stmt *st;
	int64_t id = -1;

	if (!abs) {
		error("%s: %s", path, strerror(errno));
		return -1;
	}
	if (sqlite3_prepare_v2(ix->db, "INSERT OR IGNORE INTO sources(path, kind) "
			       "VALUES(?1, ?2)", -1, &st, NULL) != SQLITE_OK) {
		free(abs);
		return sql_fail(ix, "sources");
	}
	sqlite3_bind_text(st, 1, abs, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, inbox_kind_name(kind), -1, SQLITE_STATIC);
	if (run(ix, st, "sources") == 0) {
		sqlite3_finalize(st);
		if (sqlite3_prepare_v2(ix->db, "SELECT id FROM sources WHERE path = ?1",
				       -1, &st, NULL) == SQLITE_OK) {
			sqlite3_bind_text(st, 1, abs, -1, SQLITE_STATIC);
			if (sqlite3_step(st) == SQLITE_ROW)
				id = sqlite3_column_int64(st, 0);
		}
	}
	sqlite3_finalize(st);
	free(abs);
	return id;
}

static int set_list(struct idx *ix, int64_t source, const char *name,
		    const char *from)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(ix->db, "INSERT OR IGNORE INTO lists(name) "
			       "VALUES(?1)", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix, "lists");
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = run(ix, st, "lists");
	sqlite3_finalize(st);
	if (rc)
		return -1;
	if (sqlite3_prepare_v2(ix->db, "UPDATE sources SET list = (SELECT id FROM "
			       "lists WHERE name = ?1), list_from = ?2 "
			       "WHERE id = ?3", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix, "sources");
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, from, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, source);
	rc = run(ix, st, "sources");
	sqlite3_finalize(st);
	return rc;
}

int64_t lists_restore(struct idx *ix, const char *path, enum inbox_kind kind,
		      const char *list, const char *list_from)
{
	int64_t id = lists_register(ix, path, kind);

	if (id > 0 && list && set_list(ix, id, list, list_from ? list_from : "option"))
		return -1;
	return id;
}

/*
 * The writer: one source's messages into the tables, with its
 * prepared statements, the patch-id process of the open batch and the
 * tallies its list is told from.
 */
struct writer {
	struct idx *ix;
	struct lists_source *src;
	struct lists_report *rep;
	const struct lists_update_opts *o;
	int hexsz;

	sqlite3_stmt *ins_msg, *find_mid, *count_dup, *adopt, *rethread,
		     *ins_file, *ins_trailer, *ins_problem, *set_pid,
		     *find_place, *set_cursor, *del_files, *del_trailers,
		     *del_links, *del_problems, *del_msg, *orphan, *note_relink,
		     *part_ids;

	struct patchid *pid;
	long pid_nr;

	/*
	 * The part cursors as stored, which the walk's lister reads, and as
	 * moved on, stored with each batch's COMMIT: "part" -> char *
	 */
	struct strmap cursors, moved;

	int64_t last_archive, now;
	struct strbuf key, tmp;

	/* list-name tallies over the first messages of this run */
	struct strmap list_ids, addrs;	/* -> count, as (void *)(intptr_t) */
	long sampled;

	bool told;	/* the prefetch, of the first message's date */

	/*
	 * While every message of the index is one this writer added (a
	 * first import, and nothing deleted yet), it knows the Message-ID
	 * hashes orphans wait for and the threads named so far: the UPDATEs
	 * that adopt orphans and merge threads run only when they can
	 * change a row (0.9 s of statements on the linux-xfs epoch).
	 */
	bool all_ours;
	struct imap awaited, threads;
};

static void prefetch_tell(struct lists_prefetch *pf, int64_t source,
			  int64_t date);

static const char *cursor_in(int part, void *data);

static const char *cursor_of(int part, void *data)
{
	struct writer *w = data;

	return cursor_in(part, &w->cursors);
}

/* The cursors of source @source: "part" -> char *, into @m. */
static int load_cursors(struct idx *ix, int64_t source, struct strmap *m)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(ix->db, "SELECT part, value FROM cursors WHERE "
			       "source = ?1", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix, "cursors");
	sqlite3_bind_int64(st, 1, source);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char k[16];
		struct strmap_entry *e;

		snprintf(k, sizeof(k), "%d", sqlite3_column_int(st, 0));
		e = strmap_insert(m, k, strlen(k));
		free(e->value);
		e->value = xstrdup((const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	return 0;
}

static const char *cursor_in(int part, void *data)
{
	char k[16];

	snprintf(k, sizeof(k), "%d", part);
	return strmap_get(data, k, strlen(k));
}

static int writer_init(struct writer *w, struct idx *ix,
		       struct lists_source *src, struct lists_report *rep,
		       const struct lists_update_opts *o)
{
	struct idx *x = ix;
	sqlite3_stmt *st;

	memset(w, 0, sizeof(*w));
	w->ix = ix;
	w->src = src;
	w->rep = rep;
	w->o = o;
	w->now = (int64_t)time(NULL);
	strbuf_init(&w->key, 0);
	strbuf_init(&w->tmp, 0);
	strmap_init(&w->cursors);
	strmap_init(&w->moved);
	w->all_ours = !idx_count(ix, "messages");
	imap_init(&w->awaited, 0);
	imap_init(&w->threads, 0);
	strmap_init(&w->list_ids);
	strmap_init(&w->addrs);
	w->hexsz = 40;
	if (sqlite3_prepare_v2(ix->db, "SELECT length(hash) FROM commits LIMIT 1",
			       -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			w->hexsz = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	if (prep(x, &w->ins_msg,
		 "INSERT INTO messages(source, part, blob, offset, length, msgid, "
		 "mid, dup, parent_msgid, parent_mid, parent, thread, date, tz, "
		 "sender, subject, subject_key, prefix, version, part_nr, "
		 "part_total, flags, author, subject_hash) VALUES(?1, ?2, ?3, ?4, "
		 "?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
		 "?19, ?20, ?21, ?22, ?23, ?24)") ||
	    prep(x, &w->find_mid,
		 "SELECT id, thread FROM messages WHERE mid = ?1 AND msgid = ?2 "
		 "ORDER BY source != ?3, dup, id LIMIT 1") ||
	    prep(x, &w->count_dup,
		 "SELECT count(*) FROM messages WHERE mid = ?1 AND msgid = ?2 "
		 "AND source = ?3") ||
	    prep(x, &w->adopt,
		 "UPDATE messages SET parent = ?1 WHERE parent IS NULL AND "
		 "parent_mid = ?2 AND parent_msgid = ?3") ||
	    prep(x, &w->rethread,
		 "UPDATE messages SET thread = ?1 WHERE thread = ?2") ||
	    prep(x, &w->ins_file,
		 "INSERT OR IGNORE INTO msg_files(message, path) VALUES(?1, ?2)") ||
	    prep(x, &w->ins_trailer,
		 "INSERT INTO msg_trailers(message, seq, key, value, person) "
		 "VALUES(?1, ?2, ?3, ?4, ?5)") ||
	    prep(x, &w->ins_problem,
		 "INSERT INTO msg_problems(source, part, message, kind, place) "
		 "VALUES(?1, ?2, ?3, ?4, ?5)") ||
	    prep(x, &w->set_pid, "UPDATE messages SET patch_id = ?1 WHERE id = ?2") ||
	    prep(x, &w->find_place,
		 "SELECT id FROM messages WHERE source = ?1 AND blob = ?2") ||
	    prep(x, &w->set_cursor,
		 "INSERT OR REPLACE INTO cursors(source, part, value) "
		 "VALUES(?1, ?2, ?3)") ||
	    prep(x, &w->del_files, "DELETE FROM msg_files WHERE message = ?1") ||
	    prep(x, &w->del_trailers, "DELETE FROM msg_trailers WHERE message = ?1") ||
	    prep(x, &w->note_relink,
		 "INSERT OR IGNORE INTO relink SELECT commit_id FROM links "
		 "WHERE message = ?1") ||
	    prep(x, &w->del_links, "DELETE FROM links WHERE message = ?1") ||
	    prep(x, &w->del_problems, "DELETE FROM msg_problems WHERE message = ?1") ||
	    prep(x, &w->orphan, "UPDATE messages SET parent = NULL WHERE parent = ?1") ||
	    prep(x, &w->del_msg, "DELETE FROM messages WHERE id = ?1") ||
	    prep(x, &w->part_ids,
		 "SELECT id FROM messages WHERE source = ?1 AND part = ?2"))
		return -1;
	return load_cursors(ix, src->id, &w->cursors);
}

static void writer_release(struct writer *w)
{
	sqlite3_stmt **st[] = {
		&w->ins_msg, &w->find_mid, &w->count_dup, &w->adopt, &w->rethread,
		&w->ins_file, &w->ins_trailer, &w->ins_problem, &w->set_pid,
		&w->find_place, &w->set_cursor, &w->del_files, &w->del_trailers,
		&w->del_links, &w->del_problems, &w->del_msg, &w->orphan,
		&w->note_relink, &w->part_ids,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(st); i++) {
		sqlite3_finalize(*st[i]);
		*st[i] = NULL;
	}
	strmap_clear(&w->cursors, true);
	strmap_clear(&w->moved, true);
	imap_free(&w->awaited);
	imap_free(&w->threads);
	strmap_clear(&w->list_ids, false);
	strmap_clear(&w->addrs, false);
	strbuf_release(&w->key);
	strbuf_release(&w->tmp);
}

static void place_of(const struct inbox_item *it, struct strbuf *sb)
{
	strbuf_reset(sb);
	if (it->commit[0])
		strbuf_addf(sb, "commit %s blob %s", it->commit, it->id);
	else if (it->name)
		strbuf_addf(sb, "file %s", it->name);
	else
		strbuf_addf(sb, "byte %lld", (long long)it->offset);
}

static int problem(struct writer *w, const struct inbox_item *it,
		   int64_t message, int kind)
{
	struct lists_report *r = w->rep;

	place_of(it, &w->tmp);
	r->by_kind[kind]++;
	/*
	 * A missing blob is a message lost: every one is named, apart
	 * from the routine notes (attachments, charsets), of which the
	 * first few are enough.
	 */
	if (kind == PB_MISSING)
		strbuf_addf(&r->lost, "%s: %s: %s\n", w->src->path, w->tmp.buf,
			    lists_problem_name(kind));
	else if (r->nr_named++ < LISTS_MAX_NAMED)
		strbuf_addf(&r->named, "%s: %s: %s\n", w->src->path, w->tmp.buf,
			    lists_problem_name(kind));
	sqlite3_bind_int64(w->ins_problem, 1, w->src->id);
	sqlite3_bind_int(w->ins_problem, 2, it->part);
	if (message)
		sqlite3_bind_int64(w->ins_problem, 3, message);
	else
		sqlite3_bind_null(w->ins_problem, 3);
	sqlite3_bind_text(w->ins_problem, 4, lists_problem_name(kind), -1,
			  SQLITE_STATIC);
	sqlite3_bind_text(w->ins_problem, 5, w->tmp.buf, -1, SQLITE_TRANSIENT);
	return run(w->ix, w->ins_problem, "msg_problems");
}

static bool sane_time(const struct writer *w, int64_t t)
{
	return t >= LISTS_OLDEST_DATE && t <= w->now + LISTS_DATE_SLACK;
}

static void tally(struct strmap *m, const char *s)
{
	struct strbuf low = STRBUF_INIT;
	struct strmap_entry *e;
	const char *p;

	for (p = s; *p; p++)
		strbuf_addch(&low, (char)tolower((unsigned char)*p));
	e = strmap_insert(m, low.buf, low.len);
	e->value = (void *)((intptr_t)e->value + 1);
	strbuf_release(&low);
}

/* What tells the list: the List-Id, the addresses it went to (once each). */
static void sample(struct writer *w, const struct mail *m)
{
	struct strmap seen;
	size_t i;

	if (w->src->list || w->sampled >= SAMPLE)
		return;
	w->sampled++;
	if (m->list_id)
		tally(&w->list_ids, m->list_id);
	strmap_init(&seen);
	for (i = 0; i < m->nr_to + m->nr_cc; i++) {
		const char *a = i < m->nr_to ? m->to[i].email : m->cc[i - m->nr_to].email;
		char *low = xstrdup(a), *p;

		for (p = low; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!strmap_find(&seen, low, strlen(low))) {
			strmap_insert(&seen, low, strlen(low));
			tally(&w->addrs, low);
		}
		free(low);
	}
	strmap_clear(&seen, false);
}

/* The most frequent key of @m and its count. */
static const char *top(const struct strmap *m, long *count)
{
	const char *best = NULL;
	size_t i;

	*count = 0;
	for (i = 0; i < m->size; i++) {
		const struct strmap_entry *e = &m->table[i];
		long n;

		if (!e->key)
			continue;
		n = (long)(intptr_t)e->value;
		if (n > *count || (n == *count && best && strcmp(e->key, best) < 0)) {
			*count = n;
			best = e->key;
		}
	}
	return best;
}

/*
 * The list of the source: --list-name, else the address public-inbox's
 * configuration gives the inbox, else the List-Id most of its messages
 * carry (as the address "a@b.c" when they went to that address for the
 * id "a.b.c"), else the address most of them went to.
 */
static int decide_list(struct writer *w)
{
	struct lists_source *s = w->src;
	char *name = NULL;
	const char *from = NULL;
	int rc;

	if (s->list)
		return 0;
	if (w->o->list_name) {
		name = xstrdup(w->o->list_name);
		from = "option";
	} else if ((name = inbox_config_address(s->path))) {
		from = "config";
	} else if (w->sampled) {
		long n, na;
		const char *id = top(&w->list_ids, &n), *addr;

		if (id && 2 * n >= w->sampled) {
			char *as_addr = xstrdup(id), *dot = strchr(as_addr, '.');

			if (dot)
				*dot = '@';
			if (strmap_find(&w->addrs, as_addr, strlen(as_addr))) {
				name = as_addr;
			} else {
				free(as_addr);
				name = xstrdup(id);
			}
			from = "list-id";
		} else if ((addr = top(&w->addrs, &na)) && 2 * na >= w->sampled) {
			name = xstrdup(addr);
			from = "to";
		}
	}
	if (!name) {
		if (!w->sampled)
			return 0;	/* nothing read yet: decide later */
		return error("%s: cannot tell which list this archive is: no "
			     "public-inbox address, and no List-Id or To/Cc "
			     "address common to its messages; give it with "
			     "--list-name", s->path);
	}
	rc = set_list(w->ix, s->id, name, from);
	if (!rc) {
		s->list = name;
		s->list_from = xstrdup(from);
	} else {
		free(name);
	}
	return rc;
}

/* Delete message @id and what hangs on it; 0 or -1. */
static int delete_message(struct writer *w, int64_t id)
{
	sqlite3_stmt *st[] = {
		w->note_relink, w->del_links, w->del_files, w->del_trailers,
		w->del_problems, w->orphan, w->del_msg,
	};
	size_t i;

	/* its replies are orphans now: the statements answer from here on */
	w->all_ours = false;
	for (i = 0; i < ARRAY_SIZE(st); i++) {
		sqlite3_bind_int64(st[i], 1, id);
		if (run(w->ix, st[i], "delete a message"))
			return -1;
	}
	return 0;
}

static int delete_listed(struct writer *w, sqlite3_stmt *sel)
{
	int64_t *ids = NULL;
	size_t nr = 0, alloc = 0, i;
	int rc = 0;

	while (sqlite3_step(sel) == SQLITE_ROW) {
		ALLOC_GROW(ids, nr + 1, alloc);
		ids[nr++] = sqlite3_column_int64(sel, 0);
	}
	sqlite3_reset(sel);
	for (i = 0; !rc && i < nr; i++)
		rc = delete_message(w, ids[i]);
	free(ids);
	return rc ? -1 : (int)nr;
}

static int do_delete(struct writer *w, const struct inbox_item *it)
{
	int n;

	/* a 'd' goes in the newest epoch, the message it removes may not */
	sqlite3_bind_int64(w->find_place, 1, w->src->id);
	sqlite3_bind_text(w->find_place, 2, it->name ? it->name : it->id, -1,
			  SQLITE_TRANSIENT);
	n = delete_listed(w, w->find_place);
	if (n < 0)
		return -1;
	w->rep->deleted += n;
	if (!n)
		return problem(w, it, 0, PB_DELETED_UNKNOWN);
	return 0;
}

static int do_reset(struct writer *w, int part)
{
	sqlite3_stmt *st;
	int n;

	sqlite3_bind_int64(w->part_ids, 1, w->src->id);
	sqlite3_bind_int(w->part_ids, 2, part);
	n = delete_listed(w, w->part_ids);
	if (n < 0)
		return -1;
	w->rep->resets++;
	w->rep->deleted += n;
	if (sqlite3_prepare_v2(w->ix->db, "DELETE FROM msg_problems WHERE "
			       "source = ?1 AND part = ?2", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(w->ix, "msg_problems");
	sqlite3_bind_int64(st, 1, w->src->id);
	sqlite3_bind_int(st, 2, part);
	n = run(w->ix, st, "msg_problems");
	sqlite3_finalize(st);
	return n;
}

/* A Message-ID for a message that has none, the same every time. */
static void make_msgid(const struct inbox_item *it, const struct mail *m,
		       struct strbuf *out)
{
	strbuf_reset(out);
	if (it->id[0]) {
		strbuf_addf(out, "%s@blob.invalid", it->id);
	} else if (it->name) {
		strbuf_addf(out, "%s@maildir.invalid", it->name);
	} else {
		struct strbuf all = STRBUF_INIT;

		strbuf_addf(&all, "%s\n%s\n%lld\n", m->from.email ? m->from.email : "",
			    m->subject, (long long)m->date);
		strbuf_add(&all, m->body.buf, m->body.len);
		strbuf_add(&all, m->patch.buf, m->patch.len);
		strbuf_addf(out, "%016llx@mbox.invalid",
			    (unsigned long long)lists_mid_hash(all.buf));
		strbuf_release(&all);
	}
}

/* What do_add() works out about a message before it writes it. */
struct msg_row {
	const char *msgid, *parent_msgid;
	int64_t mid, parent_mid, parent, thread, date, sender, author;
	unsigned flags;
	int dup;
};

/*
 * The message's date; the archive's own time stands in for an absurd
 * one (MSG_DATE_REPLACED).
 */
static int64_t message_date(struct writer *w, const struct inbox_item *it,
			    const struct mail *m, unsigned *flags)
{
	int64_t date = m->date, archive;

	archive = sane_time(w, it->archive_time) ? it->archive_time :
		  w->last_archive ? w->last_archive : w->now;
	if (sane_time(w, it->archive_time))
		w->last_archive = it->archive_time;
	if ((m->flags & MAIL_NO_DATE) || date < LISTS_OLDEST_DATE ||
	    date > archive + LISTS_DATE_SLACK) {
		*flags |= MSG_DATE_REPLACED;
		date = archive;
	}
	return date;
}

/* How many messages of this archive have the Message-ID already. */
static int count_dups(struct writer *w, const struct msg_row *r)
{
	int dup = 0;

	sqlite3_bind_int64(w->count_dup, 1, r->mid);
	sqlite3_bind_text(w->count_dup, 2, r->msgid, -1, SQLITE_STATIC);
	sqlite3_bind_int64(w->count_dup, 3, w->src->id);
	if (sqlite3_step(w->count_dup) == SQLITE_ROW)
		dup = sqlite3_column_int(w->count_dup, 0);
	sqlite3_reset(w->count_dup);
	return dup;
}

/* The message it answers, and its thread: the parent's when it is in. */
static void find_parent(struct writer *w, const struct mail *m,
			struct msg_row *r)
{
	const char *pm = m->in_reply_to ? m->in_reply_to :
			 m->nr_refs ? m->refs[m->nr_refs - 1] : NULL;

	if (pm && !strcmp(pm, r->msgid))
		pm = NULL;
	r->parent_msgid = pm;
	r->parent_mid = pm ? lists_mid_hash(pm) : 0;
	r->thread = lists_mid_hash(m->nr_refs ? m->refs[0] : pm ? pm : r->msgid);
	if (!pm)
		return;
	sqlite3_bind_int64(w->find_mid, 1, r->parent_mid);
	sqlite3_bind_text(w->find_mid, 2, pm, -1, SQLITE_STATIC);
	sqlite3_bind_int64(w->find_mid, 3, w->src->id);
	if (sqlite3_step(w->find_mid) == SQLITE_ROW) {
		r->parent = sqlite3_column_int64(w->find_mid, 0);
		r->thread = sqlite3_column_int64(w->find_mid, 1);
	}
	sqlite3_reset(w->find_mid);
}

static void bind_id_or_null(sqlite3_stmt *st, int col, int64_t id)
{
	if (id)
		sqlite3_bind_int64(st, col, id);
	else
		sqlite3_bind_null(st, col);
}

/* The messages row; its rowid, or -1. */
static int64_t insert_message(struct writer *w, const struct inbox_item *it,
			      const struct mail *m, const struct msg_row *r)
{
	sqlite3_stmt *st = w->ins_msg;

	sqlite3_bind_int64(st, 1, w->src->id);
	sqlite3_bind_int(st, 2, it->part);
	bind_text_or_null(st, 3, it->name ? it->name : it->id[0] ? it->id : NULL);
	if (w->src->kind == INBOX_MBOX) {
		sqlite3_bind_int64(st, 4, it->offset);
		sqlite3_bind_int64(st, 5, it->length);
	} else {
		sqlite3_bind_null(st, 4);
		sqlite3_bind_null(st, 5);
	}
	sqlite3_bind_text(st, 6, r->msgid, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 7, r->mid);
	sqlite3_bind_int(st, 8, r->dup);
	bind_text_or_null(st, 9, r->parent_msgid);
	if (r->parent_msgid)
		sqlite3_bind_int64(st, 10, r->parent_mid);
	else
		sqlite3_bind_null(st, 10);
	bind_id_or_null(st, 11, r->parent);
	sqlite3_bind_int64(st, 12, r->thread);
	sqlite3_bind_int64(st, 13, r->date);
	sqlite3_bind_int(st, 14, r->flags & MSG_DATE_REPLACED ? 0 : m->tz);
	bind_id_or_null(st, 15, r->sender);
	sqlite3_bind_text(st, 16, m->subject, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 17, w->key.buf, -1, SQLITE_STATIC);
	bind_text_or_null(st, 18, m->subj.prefix);
	sqlite3_bind_int(st, 19, m->subj.version);
	sqlite3_bind_int(st, 20, m->subj.part);
	sqlite3_bind_int(st, 21, m->subj.total);
	sqlite3_bind_int64(st, 22, r->flags);
	bind_id_or_null(st, 23, r->author);
	sqlite3_bind_int64(st, 24, lists_mid_hash(w->key.buf));
	if (run(w->ix, st, "messages"))
		return -1;
	return sqlite3_last_insert_rowid(w->ix->db);
}

/* Replies that came first find their parent, and join its thread. */
static int link_thread(struct writer *w, const struct msg_row *r, int64_t id)
{
	struct idx *ix = w->ix;

	if (!r->dup && (!w->all_ours || !r->mid || imap_get(&w->awaited, r->mid))) {
		sqlite3_bind_int64(w->adopt, 1, id);
		sqlite3_bind_int64(w->adopt, 2, r->mid);
		sqlite3_bind_text(w->adopt, 3, r->msgid, -1, SQLITE_STATIC);
		if (run(ix, w->adopt, "messages"))
			return -1;
	}
	if (!r->dup && r->thread != r->mid &&
	    (!w->all_ours || !r->mid || imap_get(&w->threads, r->mid))) {
		sqlite3_bind_int64(w->rethread, 1, r->thread);
		sqlite3_bind_int64(w->rethread, 2, r->mid);
		if (run(ix, w->rethread, "messages"))
			return -1;
	}
	if (w->all_ours) {
		if (r->parent_msgid && !r->parent && r->parent_mid)
			imap_put(&w->awaited, r->parent_mid);
		if (r->thread)
			imap_put(&w->threads, r->thread);
	}
	return 0;
}

/* The files its patch touches and its trailers. */
static int insert_files_trailers(struct writer *w, const struct mail *m,
				 int64_t id)
{
	struct idx *ix = w->ix;
	size_t k;

	for (k = 0; k < m->nr_files; k++) {
		int64_t path = idx_path(ix, m->files[k]);

		if (path < 0)
			return -1;
		sqlite3_bind_int64(w->ins_file, 1, id);
		sqlite3_bind_int64(w->ins_file, 2, path);
		if (run(ix, w->ins_file, "msg_files"))
			return -1;
	}
	for (k = 0; k < m->nr_trailers; k++) {
		const struct mail_trailer *t = &m->trailers[k];
		char *key = xstrdup(t->key);
		int64_t kid, person;

		idx_canon_key(key);
		kid = idx_key(ix, key);
		free(key);
		person = idx_person(ix, t->name, t->email);
		if (kid < 0 || person < 0)
			return -1;
		sqlite3_bind_int64(w->ins_trailer, 1, id);
		sqlite3_bind_int64(w->ins_trailer, 2, (int64_t)k);
		sqlite3_bind_int64(w->ins_trailer, 3, kid);
		sqlite3_bind_text(w->ins_trailer, 4, t->value, -1, SQLITE_STATIC);
		sqlite3_bind_int64(w->ins_trailer, 5, person);
		if (run(ix, w->ins_trailer, "msg_trailers"))
			return -1;
	}
	return 0;
}

/* Count and name what was wrong with it; count it added. */
static int note_problems(struct writer *w, struct inbox_item *it,
			 const struct msg_row *r, int64_t id)
{
	const struct mail *m = &it->mail;
	unsigned bit;
	int i;

	for (i = 0, bit = 1; i < MAIL_NR_PROBLEMS; i++, bit <<= 1)
		if ((m->flags & bit) && problem(w, it, id, i))
			return -1;
	if ((r->flags & MSG_DATE_REPLACED) && !(m->flags & MAIL_NO_DATE) &&
	    problem(w, it, id, PB_ABSURD_DATE))
		return -1;
	if (r->dup && problem(w, it, id, PB_DUP))
		return -1;
	if (m->flags & 0xffffu || (r->flags & MSG_DATE_REPLACED) || r->dup)
		w->rep->problems++;
	w->rep->added++;
	if (r->date < w->rep->oldest_added)
		w->rep->oldest_added = r->date;
	return 0;
}

static int do_add(struct writer *w, struct inbox_item *it)
{
	struct idx *ix = w->ix;
	struct mail *m = &it->mail;
	struct strbuf made = STRBUF_INIT;
	struct msg_row r = { .msgid = m->msgid };
	int64_t id;
	int rc = -1;

	if (it->missing) {
		w->rep->missing++;
		return problem(w, it, 0, PB_MISSING);
	}
	sample(w, m);
	r.flags = (m->flags & 0xffffu) | (m->flags & (MAIL_PATCH | MAIL_REPLY));
	if (!r.msgid) {
		make_msgid(it, m, &made);
		r.msgid = made.buf;
		r.flags |= MSG_MSGID_MADE;
	}
	if (m->subj.part == 0 && m->subj.total > 0 && m->subj.patch_tag)
		r.flags |= MSG_COVER;
	r.mid = lists_mid_hash(r.msgid);
	r.date = message_date(w, it, m, &r.flags);
	if (!w->told) {
		prefetch_tell(w->o->prefetch, w->src->id, r.date);
		w->told = true;
	}
	r.dup = count_dups(w, &r);
	find_parent(w, m, &r);
	if (m->from.email) {
		r.sender = idx_person(ix, m->from.name, m->from.email);
		if (r.sender < 0)
			goto out;
	}
	r.author = r.sender;
	if (m->author.email) {
		r.author = idx_person(ix, m->author.name, m->author.email);
		if (r.author < 0)
			goto out;
	}
	mail_subject_key(m->subj.bare, &w->key);
	id = insert_message(w, it, m, &r);
	if (id < 0 || link_thread(w, &r, id) ||
	    insert_files_trailers(w, m, id))
		goto out;
	if ((r.flags & MSG_PATCH) && m->patch.len) {
		if (!w->pid)
			w->pid = patchid_start(w->hexsz);
		patchid_add(w->pid, id, m->patch.buf, m->patch.len);
		w->pid_nr++;
	}
	rc = note_problems(w, it, &r, id);
out:
	strbuf_release(&made);
	return rc;
}

static int store_pid(int64_t key, const char *id, void *data)
{
	struct writer *w = data;

	sqlite3_bind_text(w->set_pid, 1, id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(w->set_pid, 2, key);
	return run(w->ix, w->set_pid, "messages");
}

/* The batch's patch-ids, before its COMMIT. */
static int flush_pids(struct writer *w)
{
	struct patchid *p = w->pid;

	w->pid = NULL;
	w->pid_nr = 0;
	if (!p)
		return 0;
	return patchid_finish(p, store_pid, w);
}

/*
 * The cursor moves with every message, but only the last one before a
 * COMMIT is ever read back: it is kept here and stored by
 * store_cursors() (82,000 statements fewer on the linux-xfs epoch).
 */
static void set_cursor(struct writer *w, int part, const char *value)
{
	char k[16];
	struct strmap_entry *e;

	snprintf(k, sizeof(k), "%d", part);
	e = strmap_insert(&w->moved, k, strlen(k));
	free(e->value);
	e->value = xstrdup(value);
}

/* The cursors moved since the last COMMIT, into its transaction. */
static int store_cursors(struct writer *w)
{
	size_t i;

	for (i = 0; i < w->moved.size; i++) {
		struct strmap_entry *e = &w->moved.table[i];

		if (!e->key || !e->value)
			continue;
		sqlite3_bind_int64(w->set_cursor, 1, w->src->id);
		sqlite3_bind_int(w->set_cursor, 2, atoi(e->key));
		sqlite3_bind_text(w->set_cursor, 3, e->value, -1, SQLITE_STATIC);
		if (run(w->ix, w->set_cursor, "cursors"))
			return -1;
		free(e->value);
		e->value = NULL;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The Maildir unique names stored for @src, sorted. */
static int stored_names(struct idx *ix, int64_t src, char ***v, size_t *nr)
{
	sqlite3_stmt *st;
	size_t alloc = 0;

	*v = NULL;
	*nr = 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT blob FROM messages WHERE source = ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix, "messages");
	sqlite3_bind_int64(st, 1, src);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *b = (const char *)sqlite3_column_text(st, 0);

		if (!b)
			continue;
		ALLOC_GROW(*v, *nr + 1, alloc);
		(*v)[(*nr)++] = xstrdup(b);
	}
	sqlite3_finalize(st);
	if (*nr)
		qsort(*v, *nr, sizeof(**v), cmp_str);
	return 0;
}

int lists_update(struct idx *ix, struct lists_source *src,
		 const struct lists_update_opts *o, struct lists_report *rep)
{
	struct inbox_walk_opts wo = { 0 };
	struct inbox_walk *walk;
	struct inbox_item *it;
	struct writer w;
	long in_batch = 0, done = 0;
	int batch = o->batch > 0 ? o->batch : DEFAULT_BATCH;
	int rc = 0;
	size_t i;

	if (writer_init(&w, ix, src, rep, o)) {
		writer_release(&w);
		return -1;
	}
	wo.path = src->path;
	wo.kind = src->kind;
	wo.jobs = o->jobs;
	wo.cursor = cursor_of;
	wo.data = &w;
	/* To and Cc tell the list, from a sample: nothing else reads them */
	wo.recipients = src->list ? 0 : 2 * SAMPLE;
	if (src->kind == INBOX_MAILDIR &&
	    stored_names(ix, src->id, &wo.stored, &wo.nr_stored)) {
		writer_release(&w);
		return -1;
	}
	walk = inbox_walk_start(&wo);
	if (idx_begin(ix))
		die("cannot update the index");
	while ((it = inbox_walk_next(walk))) {
		switch (it->op) {
		case INBOX_ADD:
			rc = do_add(&w, it);
			in_batch++;
			done++;
			break;
		case INBOX_DELETE:
			rc = do_delete(&w, it);
			in_batch++;
			break;
		case INBOX_RESET:
			rc = do_reset(&w, it->part);
			break;
		case INBOX_SKIP:
			break;
		}
		if (!rc && it->cursor)
			set_cursor(&w, it->part, it->cursor);
		/* a batch ends where the archive says how far it has been read */
		if (!rc && in_batch >= batch &&
		    (it->cursor || src->kind == INBOX_MAILDIR)) {
			if (idx_fault_point(ix, "archive") || flush_pids(&w) || decide_list(&w) ||
			    store_cursors(&w) || idx_commit(ix) || idx_begin(ix))
				rc = -1;
			in_batch = 0;
		}
		inbox_item_free(it);
		if (rc)
			break;
		if (o->progress && done % 1000 == 0 && done)
			fprintf(stderr, "\rreading %s: %ld messages", src->path, done);
	}
	if (!rc && (flush_pids(&w) || decide_list(&w) || store_cursors(&w)))
		rc = -1;
	if (rc) {
		/* what this batch did is dropped; earlier batches stay */
		flush_pids(&w);
		idx_rollback(ix);
	} else if (idx_commit(ix)) {
		rc = -1;
	}
	if (!w.told)
		prefetch_tell(o->prefetch, src->id, INT64_MAX);
	if (o->progress && done >= 1000)
		fprintf(stderr, "\rreading %s: %ld messages, done.\n", src->path, done);
	if (inbox_walk_finish(walk)) {
		error("%s: the archive could not be read completely%s",
		      src->path, ix->held ? "" : "; what was read is kept");
		rc = -1;
	}
	for (i = 0; i < wo.nr_stored; i++)
		free(wo.stored[i]);
	free(wo.stored);
	writer_release(&w);
	return rc;
}

/* Commit patch-ids */

static int64_t meta_int(struct idx *ix, const char *key, int64_t def)
{
	char *v = idx_meta_get(ix, key);
	int64_t n = v ? strtoll(v, NULL, 10) : def;

	free(v);
	return n;
}

static int meta_set_int(struct idx *ix, const char *key, int64_t n)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", (long long)n);
	return idx_meta_set(ix, key, buf);
}

static int64_t query_one(struct idx *ix, const char *sql, int64_t def)
{
	sqlite3_stmt *st;
	int64_t v = def;

	if (sqlite3_prepare_v2(ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return def;
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * Commits whose patch-ids are computed by git, in another thread if need
 * be (no SQLite there), then stored: every commit gets a row, NULL when
 * git gave none (no diff, or an unreadable blob), so none is asked twice.
 *
 * The commits are records in a temporary file, not in memory: a first
 * import asks for every commit since the oldest message (409,471 at
 * 1.4M commits; the prefetch lists every commit until the archive's
 * first date is known), and their hashes, patch-ids and a map of them
 * grew with the history (a quarter of the import's own memory).  git
 * gives the patch-ids in the order it was given the commits, so a
 * result is matched by reading on from the last one matched.
 */
struct pid_rec {
	int64_t id, time;
	char hash[HASH_HEXSZ_MAX + 8];
	char pid[HASH_HEXSZ_MAX + 8];	/* "": none */
};

struct pid_job {
	FILE *fp;		/* the records */
	size_t nr;
	size_t start, end;	/* the records being run */
	size_t next;		/* the next record given to git (pid_next()) */
	size_t matched;		/* the next record a result is looked for in */
	char hash[HASH_HEXSZ_MAX + 8];	/* what pid_next() gave */
	/*
	 * A prefetch's: the oldest message already read and the git
	 * archives not read yet, for the thread to stop at the first
	 * message one of them gives (told under @lock; @told stays
	 * INT64_MAX until then)
	 */
	int64_t guess;
	int64_t *unread;
	size_t nr_unread;
	int64_t told;
	size_t fed;	/* the commits given to git so far */
	pthread_mutex_t lock;
	pthread_t thread;
	bool threaded;
};

static void pid_rec_read(struct pid_job *j, size_t i, struct pid_rec *r)
{
	if (pread(fileno(j->fp), r, sizeof(*r), (off_t)(i * sizeof(*r))) !=
	    (ssize_t)sizeof(*r))
		die_errno("cannot read a temporary file");
}

static void pid_rec_write(struct pid_job *j, size_t i, const struct pid_rec *r)
{
	if (pwrite(fileno(j->fp), r, sizeof(*r), (off_t)(i * sizeof(*r))) !=
	    (ssize_t)sizeof(*r))
		die_errno("cannot write a temporary file");
}

static struct pid_job *pid_job_new(void)
{
	struct pid_job *j = xcalloc(1, sizeof(*j));

	j->fp = tmpfile();
	if (!j->fp)
		die_errno("cannot create a temporary file");
	return j;
}

/* The commits @sel gives (id, hash[, commit time]), as records. */
static void pid_job_list(struct pid_job *j, sqlite3_stmt *sel)
{
	struct pid_rec r;

	while (sqlite3_step(sel) == SQLITE_ROW) {
		memset(&r, 0, sizeof(r));
		r.id = sqlite3_column_int64(sel, 0);
		snprintf(r.hash, sizeof(r.hash), "%s",
			 (const char *)sqlite3_column_text(sel, 1));
		if (sqlite3_column_count(sel) > 2)
			r.time = sqlite3_column_int64(sel, 2);
		pid_rec_write(j, j->nr++, &r);
	}
	sqlite3_reset(sel);
	j->end = j->nr;
}

/* A patch-id for @hash: the record given to git at or after the last. */
static int pid_found(const char *hash, const char *id, void *data)
{
	struct pid_job *j = data;
	struct pid_rec r;
	size_t n = j->end - j->start, k, i;

	for (k = 0; k < n; k++) {
		/* in order, as usual; from the start again, if not */
		i = j->matched + k < j->end ? j->matched + k :
		    j->matched + k - n;
		pid_rec_read(j, i, &r);
		if (strcmp(r.hash, hash))
			continue;
		snprintf(r.pid, sizeof(r.pid), "%s", id);
		pid_rec_write(j, i, &r);
		j->matched = i + 1 < j->end ? i + 1 : j->start;
		break;
	}
	return 0;
}

/* The next record's hash for git, in [start, end). */
static const char *pid_next(void *data)
{
	struct pid_job *j = data;
	struct pid_rec r;

	if (j->next >= j->end)
		return NULL;
	pid_rec_read(j, j->next++, &r);
	memcpy(j->hash, r.hash, sizeof(j->hash));
	return j->hash;
}

/* git's patch-ids of the records [start, end). */
static void pid_job_run(struct pid_job *j)
{
	j->next = j->matched = j->start;
	if (j->end > j->start)
		patchid_commits_fed(pid_next, j, pid_found, j);
}

/*
 * Store the rows of records [start, end) committed at @since or later,
 * @batch to a transaction; the number, or -1.
 */
static long pid_job_store(struct idx *ix, struct pid_job *j, int64_t since,
			  int batch)
{
	sqlite3_stmt *ins = NULL;
	struct pid_rec r;
	size_t i;
	long n = 0;

	if (prep(ix, &ins, "INSERT OR REPLACE INTO commit_patchids(commit_id, "
		 "patch_id) VALUES(?1, ?2)"))
		return -1;
	for (i = j->start; i < j->end; i++) {
		pid_rec_read(j, i, &r);
		if (r.time < since)
			continue;
		if (n % batch == 0) {
			if (n && idx_commit(ix))
				goto fail;
			if (idx_begin(ix))
				goto fail;
		}
		sqlite3_bind_int64(ins, 1, r.id);
		bind_text_or_null(ins, 2, r.pid[0] ? r.pid : NULL);
		if (run(ix, ins, "commit_patchids"))
			goto fail;
		n++;
	}
	if (n && idx_commit(ix))
		goto fail;
	sqlite3_finalize(ins);
	return n;
fail:
	idx_rollback(ix);
	sqlite3_finalize(ins);
	return -1;
}

static void pid_job_free(struct pid_job *j)
{
	free(j->unread);
	if (j->fp)
		fclose(j->fp);
	free(j);
}

/* The patch-ids of the commits @sel lists, stored; the number, or -1. */
static long pid_commits(struct idx *ix, sqlite3_stmt *sel, int batch)
{
	struct pid_job *j = pid_job_new();
	size_t start;
	long n = 0;

	pid_job_list(j, sel);
	/* by batches, each one git run and one transaction */
	for (start = 0; n >= 0 && start < j->nr; start += (size_t)batch) {
		long m;

		j->start = start;
		j->end = j->nr - start < (size_t)batch ? j->nr : start + (size_t)batch;
		pid_job_run(j);
		m = pid_job_store(ix, j, INT64_MIN, batch);
		n = m < 0 ? -1 : n + m;
	}
	pid_job_free(j);
	return n;
}

struct lists_prefetch {
	struct pid_job *job;
};

/* Has source @id been read (any cursor)? */
static bool source_read(struct idx *ix, int64_t id)
{
	sqlite3_stmt *st;
	bool read = false;

	if (sqlite3_prepare_v2(ix->db, "SELECT 1 FROM cursors WHERE source = ?1",
			       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, id);
		read = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_finalize(st);
	}
	return read;
}

/*
 * The prefetch's commits, newest first, for git as it gets on with them:
 * all of them until the first message of an archive not read yet is
 * known, then those after the oldest message.  Waiting for that date
 * would leave a processor idle while the import walks the archive's
 * history (0.5 s on the linux-xfs epoch); finding the archive's root
 * commit would walk it twice.
 */
static int64_t prefetch_since(const struct pid_job *j)
{
	return j->told > LISTS_OLDEST_DATE && j->told < j->guess ? j->told :
	       j->guess;
}

static const char *prefetch_next(void *data)
{
	struct pid_job *j = data;
	struct pid_rec r;
	int64_t since;
	bool known;

	if (j->fed == j->nr)
		return NULL;
	pthread_mutex_lock(&j->lock);
	known = !j->nr_unread || j->told != INT64_MAX;
	since = prefetch_since(j);
	pthread_mutex_unlock(&j->lock);
	pid_rec_read(j, j->fed, &r);
	/* no date at all: lists_commit_patchids() does it after the import */
	if (known && (since == INT64_MAX || r.time < since))
		return NULL;
	j->fed++;
	memcpy(j->hash, r.hash, sizeof(j->hash));
	return j->hash;
}

static void *prefetch_run(void *arg)
{
	struct pid_job *j = arg;

	j->matched = 0;
	if (j->nr)
		patchid_commits_fed(prefetch_next, j, pid_found, j);
	return NULL;
}

/*
 * Source @source's first message has @date (INT64_MAX: it had none); the
 * first of the unread archives to tell one says where the thread stops.
 */
static void prefetch_tell(struct lists_prefetch *pf, int64_t source,
			  int64_t date)
{
	struct pid_job *j;
	size_t i;

	if (!pf)
		return;
	j = pf->job;
	pthread_mutex_lock(&j->lock);
	for (i = 0; i < j->nr_unread; i++) {
		if (j->unread[i] != source)
			continue;
		j->unread[i] = j->unread[--j->nr_unread];
		if (date != INT64_MAX && j->told == INT64_MAX)
			j->told = date;
		break;
	}
	pthread_mutex_unlock(&j->lock);
}

struct lists_prefetch *lists_patchids_prefetch(struct idx *ix,
					       const struct lists_source *src,
					       size_t nr)
{
	struct lists_prefetch *pf;
	struct pid_job *j = pid_job_new();
	sqlite3_stmt *st;
	size_t i;

	/*
	 * From the first message's date: of the git archives not read yet
	 * (the thread asks git), and those read (their messages' dates)
	 */
	j->guess = query_one(ix, "SELECT min(date) FROM messages", INT64_MAX);
	j->told = INT64_MAX;
	for (i = 0; i < nr; i++) {
		char *dir;

		if (source_read(ix, src[i].id))
			continue;
		dir = inbox_git_dir(src[i].path, src[i].kind, 0);
		if (!dir)
			continue;
		free(dir);
		j->unread = xrealloc(j->unread, (j->nr_unread + 1) * sizeof(*j->unread));
		j->unread[j->nr_unread++] = src[i].id;
	}
	if (j->guess == INT64_MAX && !j->nr_unread) {
		pid_job_free(j);
		return NULL;
	}
	/* as lists_commit_patchids() asks: new commits, and older ones */
	if (sqlite3_prepare_v2(ix->db, "SELECT c.id, c.hash, c.commit_time "
			       "FROM commits c "
			       "WHERE c.id > ?1 AND c.commit_time >= ?2 AND "
			       "c.nparents < 2 AND NOT EXISTS (SELECT 1 FROM "
			       "commit_patchids p WHERE p.commit_id = c.id) "
			       "UNION ALL SELECT c.id, c.hash, c.commit_time "
			       "FROM commits c "
			       "WHERE c.commit_time >= ?2 AND c.commit_time < ?3 "
			       "AND c.id <= ?1 AND c.nparents < 2 AND NOT EXISTS "
			       "(SELECT 1 FROM commit_patchids p WHERE "
			       "p.commit_id = c.id) ORDER BY 3 DESC", -1, &st,
			       NULL) == SQLITE_OK) {
		sqlite3_bind_int64(st, 1, meta_int(ix, "patchids_upto", 0));
		/* the thread narrows it to the archives' start */
		sqlite3_bind_int64(st, 2, j->nr_unread ? LISTS_OLDEST_DATE : j->guess);
		sqlite3_bind_int64(st, 3, meta_int(ix, "patchids_since", INT64_MAX));
		pid_job_list(j, st);
		sqlite3_finalize(st);
	}
	if (!j->nr) {
		pid_job_free(j);
		return NULL;
	}
	pthread_mutex_init(&j->lock, NULL);
	if (pthread_create(&j->thread, NULL, prefetch_run, j)) {
		pthread_mutex_destroy(&j->lock);
		pid_job_free(j);
		return NULL;
	}
	j->threaded = true;
	pf = xcalloc(1, sizeof(*pf));
	pf->job = j;
	return pf;
}

long lists_patchids_finish(struct idx *ix, struct lists_prefetch *pf)
{
	long n;

	if (!pf)
		return 0;
	/* an archive that was not read at all tells nothing */
	pthread_mutex_lock(&pf->job->lock);
	pf->job->nr_unread = 0;
	pthread_mutex_unlock(&pf->job->lock);
	pthread_join(pf->job->thread, NULL);
	/*
	 * Keep the commits from the oldest message on, as the thread knows
	 * it now that every archive is read: git may have been given older
	 * ones before the date was told, and which would depend on timing.
	 * The rest get no row, and are asked later if need be.
	 */
	pf->job->end = pf->job->fed;
	n = pid_job_store(ix, pf->job, prefetch_since(pf->job), 20000);
	pthread_mutex_destroy(&pf->job->lock);
	pid_job_free(pf->job);
	free(pf);
	return n;
}

long lists_commit_patchids(struct idx *ix, int batch)
{
	int64_t oldest = query_one(ix, "SELECT min(date) FROM messages", INT64_MAX);
	int64_t since = meta_int(ix, "patchids_since", INT64_MAX);
	int64_t upto = meta_int(ix, "patchids_upto", 0);
	int64_t last = query_one(ix, "SELECT max(id) FROM commits", 0);
	sqlite3_stmt *st;
	long n = 0, k;

	if (oldest == INT64_MAX)
		return 0;
	if (batch <= 0)
		batch = 20000;
	/* new commits */
	if (last > upto) {
		if (sqlite3_prepare_v2(ix->db, "SELECT c.id, c.hash FROM commits c "
				       "WHERE c.id > ?1 AND c.nparents < 2 AND "
				       "c.commit_time >= ?2 AND NOT EXISTS (SELECT 1 "
				       "FROM commit_patchids p WHERE p.commit_id = c.id) "
				       "ORDER BY c.id", -1, &st, NULL) != SQLITE_OK)
			return sql_fail(ix, "commits");
		sqlite3_bind_int64(st, 1, upto);
		sqlite3_bind_int64(st, 2, oldest);
		k = pid_commits(ix, st, batch);
		sqlite3_finalize(st);
		if (k < 0)
			return -1;
		n += k;
	}
	/* older commits, when older messages came */
	if (oldest < since && upto > 0) {
		if (sqlite3_prepare_v2(ix->db, "SELECT c.id, c.hash FROM commits c "
				       "WHERE c.commit_time >= ?1 AND c.commit_time < ?2 "
				       "AND c.nparents < 2 AND c.id <= ?3 AND NOT EXISTS "
				       "(SELECT 1 FROM commit_patchids p WHERE "
				       "p.commit_id = c.id) ORDER BY c.id", -1, &st,
				       NULL) != SQLITE_OK)
			return sql_fail(ix, "commits");
		sqlite3_bind_int64(st, 1, oldest);
		sqlite3_bind_int64(st, 2, since);
		sqlite3_bind_int64(st, 3, upto);
		k = pid_commits(ix, st, batch);
		sqlite3_finalize(st);
		if (k < 0)
			return -1;
		n += k;
	}
	if (last > upto || oldest < since) {
		if (idx_begin(ix) ||
		    meta_set_int(ix, "patchids_since", oldest < since ? oldest : since) ||
		    meta_set_int(ix, "patchids_upto", last) || idx_commit(ix))
			return -1;
	}
	return n;
}

/* Links */

struct linker {
	struct idx *ix;
	sqlite3_stmt *by_pid, *by_subject, *earlier, *ins, *pick, *land;
	struct strbuf key;
	long made;
};

/*
 * Link the postings @st gives (id, thread, version) to @commit.  A
 * commit is one patch: of several postings in one series version (the
 * same thread and version: two patches of a series with one subject)
 * it takes the first not linked yet.
 */
static int link_rows(struct linker *l, sqlite3_stmt *st, int64_t commit,
		     const char *how)
{
	struct { int64_t thread; int version; } seen[16];
	size_t nseen = 0, i;

	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t m = sqlite3_column_int64(st, 0);
		int64_t thread = sqlite3_column_int64(st, 1);
		int version = sqlite3_column_int(st, 2);
		bool dup = false;

		for (i = 0; i < nseen; i++)
			dup |= seen[i].thread == thread && seen[i].version == version;
		if (dup)
			continue;
		sqlite3_bind_int64(l->ins, 1, m);
		sqlite3_bind_int64(l->ins, 2, commit);
		sqlite3_bind_text(l->ins, 3, how, -1, SQLITE_STATIC);
		if (run(l->ix, l->ins, "links")) {
			sqlite3_reset(st);
			return -1;
		}
		if (sqlite3_changes(l->ix->db) > 0) {
			l->made++;
			if (nseen < ARRAY_SIZE(seen)) {
				seen[nseen].thread = thread;
				seen[nseen++].version = version;
			}
		}
	}
	sqlite3_reset(st);
	return 0;
}

/*
 * Link commit @c.  Pass 1: the postings with its patch-id ('patch-id').
 * Pass 2: earlier versions, by the same author with the same subject,
 * of a posting found by patch-id, and the postings by its author with
 * its subject ('author+subject': the same address, or after .mailmap,
 * or the same name, as Eric Sandeen commits from redhat.com and posts
 * from sandeen.net); all posted before the commit, and
 * none already linked, so that of two commits with one subject each
 * keeps the posting its patch-id names.  Then the posting that landed:
 * the last one found by patch-id, else the last one.
 */
static int link_commit(struct linker *l, int pass, int64_t c, int64_t when,
		       const char *subject, const char *pid, int64_t author,
		       const char *memail, const char *email, const char *name)
{
	struct mail_subject sj;
	int rc = 0;

	if (pass == 1) {
		if (!pid)
			return 0;
		sqlite3_bind_text(l->by_pid, 1, pid, -1, SQLITE_STATIC);
		sqlite3_bind_int64(l->by_pid, 2, when);
		return link_rows(l, l->by_pid, c, "patch-id");
	}
	if (pass == 2) {
		sqlite3_bind_int64(l->earlier, 1, c);
		rc = link_rows(l, l->earlier, c, "author+subject");
		if (rc)
			return rc;
		mail_subject_parse(subject, &sj);
		mail_subject_key(sj.bare, &l->key);
		mail_subject_release(&sj);
		sqlite3_bind_text(l->by_subject, 1, l->key.buf, -1, SQLITE_STATIC);
		sqlite3_bind_int64(l->by_subject, 2, when);
		sqlite3_bind_int64(l->by_subject, 3, when - SUBJECT_WINDOW);
		sqlite3_bind_int64(l->by_subject, 4, author);
		sqlite3_bind_text(l->by_subject, 5, memail, -1, SQLITE_STATIC);
		sqlite3_bind_text(l->by_subject, 6, email, -1, SQLITE_STATIC);
		sqlite3_bind_text(l->by_subject, 7, name ? name : "", -1,
				  SQLITE_STATIC);
		return link_rows(l, l->by_subject, c, "author+subject");
	}
	sqlite3_bind_int64(l->pick, 1, c);
	if (sqlite3_step(l->pick) == SQLITE_ROW) {
		sqlite3_bind_int64(l->land, 1, sqlite3_column_int64(l->pick, 0));
		sqlite3_reset(l->pick);
		return run(l->ix, l->land, "links");
	}
	sqlite3_reset(l->pick);
	return 0;
}

long lists_link(struct idx *ix, int64_t since)
{
	int64_t upto = meta_int(ix, "links_upto", 0);
	int64_t last = query_one(ix, "SELECT max(id) FROM commits", 0);
	int64_t oldest = query_one(ix, "SELECT min(date) FROM messages", INT64_MAX);
	struct linker l = { .ix = ix };
	sqlite3_stmt *sel = NULL;
	long rc = 0;
	int pass;

	/* no message, nothing to link; a no-op run asks nothing more */
	if (oldest == INT64_MAX ||
	    (last <= upto && since == INT64_MAX &&
	     !query_one(ix, "SELECT count(*) FROM relink", 0)))
		return 0;
	strbuf_init(&l.key, 0);
	if (prep(ix, &l.by_pid,
		 "SELECT id, thread, -id FROM messages WHERE patch_id = ?1 AND "
		 "date <= ?2 AND flags & 65536 ORDER BY date, id") ||
	    prep(ix, &l.earlier,
		 "SELECT e.id, e.thread, e.version FROM links x "
		 "JOIN messages m ON m.id = x.message "
		 "JOIN messages e ON e.subject_key = m.subject_key AND "
		 "e.author = m.author WHERE x.commit_id = ?1 AND "
		 "x.how = 'patch-id' AND e.flags & 65536 AND NOT e.flags & 131072 "
		 "AND e.date <= m.date AND e.id != m.id ORDER BY e.date, e.id") ||
	    prep(ix, &l.by_subject,
		 "SELECT m.id, m.thread, m.version FROM messages m "
		 "JOIN people p ON p.id = m.author "
		 "WHERE m.subject_key = ?1 AND m.flags & 65536 AND "
		 "NOT m.flags & 131072 AND m.date <= ?2 AND m.date >= ?3 AND "
		 "(m.author = ?4 OR p.memail = ?5 COLLATE NOCASE OR "
		 "p.email = ?6 COLLATE NOCASE OR "
		 "(?7 != '' AND p.mname = ?7 COLLATE NOCASE)) "
		 "ORDER BY m.date, m.id") ||
	    prep(ix, &l.ins,
		 "INSERT OR IGNORE INTO links(message, commit_id, how, landed) "
		 "VALUES(?1, ?2, ?3, 0)") ||
	    prep(ix, &l.pick,
		 "SELECT l.message FROM links l JOIN messages m ON m.id = l.message "
		 "WHERE l.commit_id = ?1 ORDER BY l.how = 'patch-id' DESC, "
		 "m.date DESC, m.id DESC LIMIT 1") ||
	    prep(ix, &l.land, "UPDATE links SET landed = 1 WHERE message = ?1")) {
		rc = -1;
		goto out;
	}
	if (idx_begin(ix)) {
		rc = -1;
		goto out;
	}
	if (idx_fault_point(ix, "links")) {
		rc = -1;
		goto rollback;
	}
	/* the commits to (re)link, their old links dropped */
	if (idx_exec(ix, "CREATE TEMP TABLE IF NOT EXISTS cand("
		     "commit_id INTEGER PRIMARY KEY); DELETE FROM temp.cand;"
		     "INSERT OR IGNORE INTO temp.cand SELECT commit_id FROM relink;"
		     "DELETE FROM relink;")) {
		rc = -1;
		goto rollback;
	}
	if (sqlite3_prepare_v2(ix->db, "INSERT OR IGNORE INTO temp.cand "
			       "SELECT id FROM commits WHERE id > ?1 UNION ALL "
			       "SELECT id FROM commits WHERE commit_time >= ?2",
			       -1, &sel, NULL) != SQLITE_OK) {
		rc = sql_fail(ix, "commits");
		goto rollback;
	}
	sqlite3_bind_int64(sel, 1, upto);
	sqlite3_bind_int64(sel, 2, since);
	if (run(ix, sel, "candidates")) {
		rc = -1;
		goto rollback;
	}
	sqlite3_finalize(sel);
	sel = NULL;
	if (idx_exec(ix, "DELETE FROM links WHERE commit_id IN "
		     "(SELECT commit_id FROM temp.cand)")) {
		rc = -1;
		goto rollback;
	}
	if (sqlite3_prepare_v2(ix->db,
			       "SELECT c.id, c.commit_time, c.subject, p.patch_id, "
			       "c.author, a.memail, a.email, a.mname FROM temp.cand x "
			       "JOIN commits c ON c.id = x.commit_id "
			       "JOIN people a ON a.id = c.author "
			       "LEFT JOIN commit_patchids p ON p.commit_id = c.id "
			       "WHERE c.commit_time >= ?1 AND c.nparents < 2 "
			       "ORDER BY c.commit_time, c.id", -1, &sel,
			       NULL) != SQLITE_OK) {
		rc = sql_fail(ix, "commits");
		goto rollback;
	}
	sqlite3_bind_int64(sel, 1, oldest);
	for (pass = 1; pass <= 3; pass++) {
		while (sqlite3_step(sel) == SQLITE_ROW) {
			if (link_commit(&l, pass, sqlite3_column_int64(sel, 0),
					sqlite3_column_int64(sel, 1),
					(const char *)sqlite3_column_text(sel, 2),
					(const char *)sqlite3_column_text(sel, 3),
					sqlite3_column_int64(sel, 4),
					(const char *)sqlite3_column_text(sel, 5),
					(const char *)sqlite3_column_text(sel, 6),
					(const char *)sqlite3_column_text(sel, 7))) {
				rc = -1;
				goto rollback;
			}
		}
		sqlite3_reset(sel);
	}
	if (meta_set_int(ix, "links_upto", last) || idx_commit(ix)) {
		rc = -1;
		goto out;
	}
	rc = l.made;
	goto out;
rollback:
	idx_rollback(ix);
out:
	sqlite3_finalize(sel);
	sqlite3_finalize(l.by_pid);
	sqlite3_finalize(l.earlier);
	sqlite3_finalize(l.by_subject);
	sqlite3_finalize(l.ins);
	sqlite3_finalize(l.pick);
	sqlite3_finalize(l.land);
	strbuf_release(&l.key);
	return rc;
}

/*
 * Is there nothing for the lists to do: commit patch-ids and links up
 * to the last commit (as lists_commit_patchids() and lists_link() see
 * it), no commit to link again, every source's list known and every
 * archive where its cursors are?
 */
bool lists_unchanged(struct idx *ix, const struct lists_source *src, size_t nr)
{
	int64_t last = query_one(ix, "SELECT max(id) FROM commits", 0);
	int64_t oldest = query_one(ix, "SELECT min(date) FROM messages", INT64_MAX);
	bool same = true;
	size_t i;

	if (oldest != INT64_MAX &&
	    (meta_int(ix, "patchids_upto", 0) < last ||
	     meta_int(ix, "patchids_since", INT64_MAX) > oldest ||
	     meta_int(ix, "links_upto", 0) < last ||
	     query_one(ix, "SELECT count(*) FROM relink", 0)))
		return false;
	for (i = 0; same && i < nr; i++) {
		struct inbox_walk_opts wo = {
			.path = src[i].path, .kind = src[i].kind,
			.cursor = cursor_in
		};
		struct strmap cursors;

		strmap_init(&cursors);
		wo.data = &cursors;
		same = src[i].list && !load_cursors(ix, src[i].id, &cursors) &&
		       inbox_unchanged(&wo);
		strmap_clear(&cursors, true);
	}
	return same;
}

void lists_print_stats(struct idx *ix, FILE *fp)
{
	static const struct {
		const char *name, *sql;
	} rows[] = {
		{ "list-sources", "SELECT count(*) FROM sources" },
		{ "lists", "SELECT count(*) FROM lists" },
		{ "messages", "SELECT count(*) FROM messages" },
		{ "messages-patches", "SELECT count(*) FROM messages WHERE flags & 65536" },
		{ "messages-replies", "SELECT count(*) FROM messages WHERE flags & 131072" },
		{ "messages-patch-ids", "SELECT count(*) FROM messages WHERE patch_id IS NOT NULL" },
		{ "messages-threaded", "SELECT count(*) FROM messages WHERE parent IS NOT NULL" },
		{ "messages-dates-replaced", "SELECT count(*) FROM messages WHERE flags & 262144" },
		{ "messages-ids-made", "SELECT count(*) FROM messages WHERE flags & 524288" },
		{ "messages-duplicate-ids", "SELECT count(*) FROM messages WHERE dup > 0" },
		{ "message-files", "SELECT count(*) FROM msg_files" },
		{ "message-trailers", "SELECT count(*) FROM msg_trailers" },
		{ "commit-patch-ids", "SELECT count(patch_id) FROM commit_patchids" },
		{ "links", "SELECT count(*) FROM links" },
		{ "links-patch-id", "SELECT count(*) FROM links WHERE how = 'patch-id'" },
		{ "links-author-subject", "SELECT count(*) FROM links WHERE how = 'author+subject'" },
		{ "commits-linked", "SELECT count(DISTINCT commit_id) FROM links" },
	};
	sqlite3_stmt *st;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		fprintf(fp, "%s %lld\n", rows[i].name,
			(long long)query_one(ix, rows[i].sql, 0));
	if (sqlite3_prepare_v2(ix->db, "SELECT kind, count(*) FROM msg_problems "
			       "GROUP BY kind ORDER BY kind", -1, &st,
			       NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			fprintf(fp, "problem %s %lld\n", sqlite3_column_text(st, 0),
				(long long)sqlite3_column_int64(st, 1));
		sqlite3_finalize(st);
	}
	if (sqlite3_prepare_v2(ix->db, "SELECT l.name, count(m.id) FROM lists l "
			       "JOIN sources s ON s.list = l.id LEFT JOIN "
			       "messages m ON m.source = s.id GROUP BY l.name "
			       "ORDER BY l.name", -1, &st, NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			fprintf(fp, "list %s %lld\n", sqlite3_column_text(st, 0),
				(long long)sqlite3_column_int64(st, 1));
		sqlite3_finalize(st);
	}
}

/* Compare one stored message with what its archive says now. */
static int verify_one(struct idx *ix, sqlite3_stmt *st, sqlite3_stmt *files)
{
	int64_t id = sqlite3_column_int64(st, 0);
	const char *path = (const char *)sqlite3_column_text(st, 1);
	enum inbox_kind kind = inbox_kind_from_name((const char *)sqlite3_column_text(st, 2));
	int part = sqlite3_column_int(st, 3);
	const char *blob = (const char *)sqlite3_column_text(st, 4);
	int64_t offset = sqlite3_column_int64(st, 5);
	const char *msgid = (const char *)sqlite3_column_text(st, 6);
	unsigned flags = (unsigned)sqlite3_column_int64(st, 7);
	const char *subject = (const char *)sqlite3_column_text(st, 8);
	const char *email = (const char *)sqlite3_column_text(st, 9);
	int nfiles = sqlite3_column_int(st, 10);
	struct mail m;
	int bad = 0;

	if (inbox_read_one(path, kind, part, blob, offset, &m)) {
		printf("message %lld: %s: cannot be read again\n", (long long)id, path);
		return 1;
	}
	if (!(flags & MSG_MSGID_MADE) && strcmp(m.msgid ? m.msgid : "", msgid)) {
		printf("message %lld: Message-ID: index has <%s>, archive has <%s>\n",
		       (long long)id, msgid, m.msgid ? m.msgid : "");
		bad = 1;
	}
	if (strcmp(m.subject, subject)) {
		printf("message %lld: subject: index has '%s', archive has '%s'\n",
		       (long long)id, subject, m.subject);
		bad = 1;
	}
	if (strcmp(m.from.email ? m.from.email : "", email ? email : "")) {
		printf("message %lld: sender: index has '%s', archive has '%s'\n",
		       (long long)id, email ? email : "", m.from.email ? m.from.email : "");
		bad = 1;
	}
	if (!(flags & MSG_PATCH) != !(m.flags & MAIL_PATCH) ||
	    (size_t)nfiles != m.nr_files) {
		printf("message %lld: patch: index has %d files, archive %zu\n",
		       (long long)id, nfiles, m.nr_files);
		bad = 1;
	} else {
		size_t i;

		for (i = 0; i < m.nr_files; i++) {
			sqlite3_bind_int64(files, 1, id);
			sqlite3_bind_text(files, 2, m.files[i], -1, SQLITE_STATIC);
			if (sqlite3_step(files) != SQLITE_ROW) {
				printf("message %lld: %s: not in the index\n",
				       (long long)id, m.files[i]);
				bad = 1;
			}
			sqlite3_reset(files);
		}
	}
	mail_release(&m);
	return bad;
}

int lists_verify(struct idx *ix, int n)
{
	sqlite3_stmt *st, *files;
	int bad = 0, checked = 0;

	if (sqlite3_prepare_v2(ix->db,
			       "SELECT m.id, s.path, s.kind, m.part, m.blob, m.offset, "
			       "m.msgid, m.flags, m.subject, p.email, "
			       "(SELECT count(*) FROM msg_files f WHERE f.message = m.id) "
			       "FROM messages m JOIN sources s ON s.id = m.source "
			       "LEFT JOIN people p ON p.id = m.sender "
			       "ORDER BY random() LIMIT ?1", -1, &st, NULL) != SQLITE_OK)
		return sql_fail(ix, "messages");
	if (sqlite3_prepare_v2(ix->db, "SELECT 1 FROM msg_files f JOIN paths p ON "
			       "p.id = f.path WHERE f.message = ?1 AND p.path = ?2",
			       -1, &files, NULL) != SQLITE_OK) {
		sqlite3_finalize(st);
		return sql_fail(ix, "msg_files");
	}
	sqlite3_bind_int(st, 1, n);
	while (sqlite3_step(st) == SQLITE_ROW) {
		bad += verify_one(ix, st, files);
		checked++;
	}
	sqlite3_finalize(st);
	sqlite3_finalize(files);
	printf("verified %d messages: %d differ\n", checked, bad);
	return bad;
}

/* Add the directories above @path ("a/b/c" gives "a/b" and "a") to @dirs. */
static void add_dirs(struct strmap *dirs, const char *path)
{
	const char *slash = strrchr(path, '/');

	while (slash && slash > path) {
		size_t n = (size_t)(slash - path);

		if (strmap_find(dirs, path, n))
			return;		/* and the ones above it too */
		strmap_insert(dirs, path, n);
		slash = memrchr(path, '/', n);
	}
}

/*
 * Is @path in a directory of @dirs?  Its own directory only: the kernel's
 * include/linux/fs.h is not in fstests' include/.
 */
static bool in_known_dir(const struct strmap *dirs, const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash > path &&
	       strmap_find(dirs, path, (size_t)(slash - path));
}

/*
 * lists_foreign()'s test for one path of a posted patch, asked of the
 * index rather than of every path at once: the history touched it, or
 * a path the history touched is under its directory (a directory the
 * history has is a prefix, up to a '/', of one of its paths).
 */
struct own_paths {
	struct idx *ix;
	sqlite3_stmt *files, *path, *under;
	struct imap own;	/* path id -> 1 the project's, 2 not */
	struct strmap dirs;	/* directory -> (void *)1 known, 2 not */
	struct strbuf lo, hi;
};

static bool dir_known(struct own_paths *o, const char *path)
{
	const char *slash = strrchr(path, '/');
	struct strmap_entry *e;
	size_t n;

	if (!slash || slash == path)
		return false;
	n = (size_t)(slash - path);
	e = strmap_insert(&o->dirs, path, n);
	if (!e->value) {
		/* a path of the history in [dir "/", dir "0"): '0' is '/' + 1 */
		strbuf_reset(&o->lo);
		strbuf_add(&o->lo, path, n);
		strbuf_addch(&o->lo, '/');
		strbuf_reset(&o->hi);
		strbuf_add(&o->hi, path, n);
		strbuf_addch(&o->hi, '0');
		sqlite3_bind_text(o->under, 1, o->lo.buf, (int)o->lo.len, SQLITE_STATIC);
		sqlite3_bind_text(o->under, 2, o->hi.buf, (int)o->hi.len, SQLITE_STATIC);
		e->value = (void *)(intptr_t)(sqlite3_step(o->under) == SQLITE_ROW ? 1 : 2);
		sqlite3_reset(o->under);
	}
	return e->value == (void *)(intptr_t)1;
}

static bool own_path(struct own_paths *o, int64_t p)
{
	int64_t *v = imap_put(&o->own, p);

	if (*v)
		return *v == 1;
	sqlite3_bind_int64(o->files, 1, p);
	*v = sqlite3_step(o->files) == SQLITE_ROW ? 1 : 2;
	sqlite3_reset(o->files);
	if (*v == 2) {
		sqlite3_bind_int64(o->path, 1, p);
		if (sqlite3_step(o->path) == SQLITE_ROW &&
		    dir_known(o, (const char *)sqlite3_column_text(o->path, 0)))
			*v = 1;
		sqlite3_reset(o->path);
	}
	return *v == 1;
}

struct lists_own {
	struct own_paths o;
	sqlite3_stmt *mf;
	bool all_ours;	/* no history: every patch is the project's */
};

struct lists_own *lists_own_open(struct idx *ix)
{
	struct lists_own *lo = xcalloc(1, sizeof(*lo));

	lo->o.ix = ix;
	strbuf_init(&lo->o.lo, 0);
	strbuf_init(&lo->o.hi, 0);
	imap_init(&lo->o.own, 256);
	strmap_init(&lo->o.dirs);
	/* an index without history claims every patch, as lists_foreign() */
	lo->all_ours = query_one(ix, "SELECT max(id) FROM paths", 0) <= 0 ||
		       query_one(ix, "SELECT count(*) FROM (SELECT 1 FROM "
				 "files LIMIT 1)", 0) == 0;
	if (lo->all_ours)
		return lo;
	if (prep(ix, &lo->o.files, "SELECT 1 FROM files WHERE path = ?1 LIMIT 1") ||
	    prep(ix, &lo->o.path, "SELECT path FROM paths WHERE id = ?1") ||
	    prep(ix, &lo->o.under, "SELECT 1 FROM paths p WHERE p.path >= ?1 "
		 "AND p.path < ?2 AND EXISTS (SELECT 1 FROM files f WHERE "
		 "f.path = p.id) LIMIT 1") ||
	    prep(ix, &lo->mf, "SELECT path FROM msg_files WHERE message = ?1")) {
		lists_own_close(lo);
		return NULL;
	}
	return lo;
}

bool lists_own_foreign(struct lists_own *lo, int64_t message)
{
	long files = 0, mine = 0;

	if (lo->all_ours)
		return false;
	sqlite3_bind_int64(lo->mf, 1, message);
	while (sqlite3_step(lo->mf) == SQLITE_ROW) {
		files++;
		mine += own_path(&lo->o, sqlite3_column_int64(lo->mf, 0));
	}
	sqlite3_reset(lo->mf);
	return mine < files;
}

void lists_own_close(struct lists_own *lo)
{
	if (!lo)
		return;
	sqlite3_finalize(lo->mf);
	sqlite3_finalize(lo->o.files);
	sqlite3_finalize(lo->o.path);
	sqlite3_finalize(lo->o.under);
	imap_free(&lo->o.own);
	strmap_clear(&lo->o.dirs, false);
	strbuf_release(&lo->o.lo);
	strbuf_release(&lo->o.hi);
	free(lo);
}

int lists_foreign_of(struct idx *ix, const int64_t *ids, size_t nr,
		     struct imap *foreign)
{
	struct lists_own *lo = lists_own_open(ix);
	size_t i;

	imap_init(foreign, 64);
	if (!lo)
		return -1;
	for (i = 0; i < nr; i++)
		if (lists_own_foreign(lo, ids[i]))
			*imap_put(foreign, ids[i]) = 1;
	lists_own_close(lo);
	return 0;
}

/*
 * By path id, 1: a path the history touched, 2: a new one in one of its
 * directories (*@own NULL when the index has no history, which claims
 * every patch).  Each path asked of files_path, not every row of files
 * read; the directories only when some path is no history's.
 */
static int own_paths(struct idx *ix, unsigned char **own, int64_t *max)
{
	struct strmap dirs;
	sqlite3_stmt *st;
	size_t others = 0;
	int rc = -1;

	*own = NULL;
	*max = query_one(ix, "SELECT max(id) FROM paths", 0);
	if (*max <= 0 || query_one(ix, "SELECT count(*) FROM (SELECT 1 FROM "
				   "files LIMIT 1)", 0) == 0)
		return 0;
	*own = xcalloc((size_t)*max + 1, 1);
	strmap_init(&dirs);
	if (sqlite3_prepare_v2(ix->db, "SELECT p.id, EXISTS (SELECT 1 FROM "
			       "files f WHERE f.path = p.id) FROM paths p", -1,
			       &st, NULL) != SQLITE_OK)
		goto out;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t p = sqlite3_column_int64(st, 0);

		if (p <= 0 || p > *max)
			continue;
		if (sqlite3_column_int(st, 1))
			(*own)[p] = 1;
		else
			others++;
	}
	sqlite3_finalize(st);
	if (!others) {
		rc = 0;
		goto out;
	}
	if (sqlite3_prepare_v2(ix->db, "SELECT id, path FROM paths", -1, &st,
			       NULL) != SQLITE_OK)
		goto out;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t p = sqlite3_column_int64(st, 0);

		if (p > 0 && p <= *max && (*own)[p] == 1)
			add_dirs(&dirs, (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_reset(st);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t p = sqlite3_column_int64(st, 0);

		if (p > 0 && p <= *max && !(*own)[p] &&
		    in_known_dir(&dirs, (const char *)sqlite3_column_text(st, 1)))
			(*own)[p] = 2;
	}
	sqlite3_finalize(st);
	rc = 0;
out:
	if (rc) {
		error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
		free(*own);
		*own = NULL;
	}
	strmap_clear(&dirs, false);
	return rc;
}

/*
 * @fn on every posted patch with its files (in path id order) and
 * whether it is another project's, in message id order.
 */
static int foreach_patch(struct idx *ix,
			 int (*fn)(int64_t message, const int64_t *paths,
				   size_t nr, bool foreign, void *data),
			 void *data)
{
	unsigned char *own;
	int64_t max, cur = 0, *paths = NULL;
	size_t nr = 0, alloc = 0, mine = 0;
	sqlite3_stmt *st;
	int rc = 0;

	if (own_paths(ix, &own, &max))
		return -1;
	/*
	 * by message: without the ORDER BY, SQLite scans the covering
	 * index msg_files_path, in path order
	 */
	if (sqlite3_prepare_v2(ix->db, "SELECT message, path FROM msg_files "
			       "ORDER BY message", -1, &st, NULL) != SQLITE_OK) {
		free(own);
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	}
	while (!rc) {
		bool row = sqlite3_step(st) == SQLITE_ROW;
		int64_t m = row ? sqlite3_column_int64(st, 0) : 0;
		int64_t p = row ? sqlite3_column_int64(st, 1) : 0;

		if (m != cur) {
			if (cur)
				rc = fn(cur, paths, nr, own && mine < nr, data);
			cur = m;
			nr = mine = 0;
		}
		if (!row)
			break;
		ALLOC_GROW(paths, nr + 1, alloc);
		paths[nr++] = p;
		mine += own && p > 0 && p <= max && own[p];
	}
	sqlite3_finalize(st);
	free(paths);
	free(own);
	return rc;
}

static int note_foreign(int64_t message, const int64_t *paths, size_t nr,
			bool foreign, void *data)
{
	(void)paths;
	(void)nr;
	if (foreign)
		*imap_put(data, message) = 1;
	return 0;
}

int lists_foreign(struct idx *ix, struct imap *foreign)
{
	imap_init(foreign, 64);
	return foreach_patch(ix, note_foreign, foreign);
}

/* A caller's function for the project's own patches (lists_foreach_own_patch()). */
struct own_patch_cb {
	int (*fn)(int64_t message, const int64_t *paths, size_t nr, void *data);
	void *data;
};

static int own_patch(int64_t message, const int64_t *paths, size_t nr,
		     bool foreign, void *data)
{
	struct own_patch_cb *cb = data;

	return foreign ? 0 : cb->fn(message, paths, nr, cb->data);
}

int lists_foreach_own_patch(struct idx *ix,
			    int (*fn)(int64_t message, const int64_t *paths,
				      size_t nr, void *data),
			    void *data)
{
	struct own_patch_cb cb = { fn, data };

	return foreach_patch(ix, own_patch, &cb);
}

/* The blobs a git archive part adds (+1) and removes (-1) up to @commit. */
static int archive_blobs(struct idx *ix, const char *dir, enum inbox_kind kind,
			 const char *commit, sqlite3_stmt *ins)
{
	const char *args[] = {
		"--git-dir", dir, "log", "--raw", "--no-renames", "--no-abbrev",
		"--format=", commit, "--", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *line, *next;
	int rc = 0;

	if (capture_git(args, &out, &err)) {
		rc = error("%s: git log failed: %s", dir, err.buf);
		goto out;
	}
	for (line = out.buf; *line; line = next) {
		char old[HASH_HEXSZ_MAX + 1], new[HASH_HEXSZ_MAX + 1], st;
		char *tab, *nl = strchr(line, '\n');
		const char *path;
		int sign;

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		tab = strchr(line, '\t');
		if (*line != ':' || !tab ||
		    sscanf(line, ":%*s %*s %64s %64s %c", old, new, &st) != 3)
			continue;
		path = tab + 1;
		if (kind == INBOX_V1) {
			/* a message is added, changed or deleted at its path */
			sign = st == 'D' ? -1 : 1;
			if (st == 'M') {
				sqlite3_bind_text(ins, 1, old, -1, SQLITE_TRANSIENT);
				sqlite3_bind_int(ins, 2, -1);
				sqlite3_step(ins);
				sqlite3_reset(ins);
			}
		} else {
			/* an m is a message, a d the removal of the blob it names */
			if (st == 'D' || (strcmp(path, "m") && strcmp(path, "d")))
				continue;
			sign = strcmp(path, "m") ? -1 : 1;
		}
		sqlite3_bind_text(ins, 1, st == 'D' ? old : new, -1,
				  SQLITE_TRANSIENT);
		sqlite3_bind_int(ins, 2, sign);
		sqlite3_step(ins);
		sqlite3_reset(ins);
	}
out:
	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

int lists_verify_counts(struct idx *ix)
{
	sqlite3_stmt *parts, *ins, *over;
	int bad = 0;

	if (idx_exec(ix, "DROP TABLE IF EXISTS temp.archive_blobs;"
		     "CREATE TEMP TABLE archive_blobs(blob TEXT, n INTEGER)"))
		return -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT s.id, s.path, s.kind, c.part, "
			       "c.value FROM sources s JOIN cursors c ON "
			       "c.source = s.id ORDER BY 1, 4", -1, &parts,
			       NULL) != SQLITE_OK)
		return sql_fail(ix, "cursors");
	if (sqlite3_prepare_v2(ix->db, "INSERT INTO temp.archive_blobs "
			       "VALUES(?1, ?2)", -1, &ins, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "WITH a AS (SELECT blob, sum(n) AS n "
			       "FROM temp.archive_blobs GROUP BY blob) "
			       "SELECT m.blob, count(*), coalesce(a.n, 0) "
			       "FROM messages m LEFT JOIN a ON a.blob = m.blob "
			       "WHERE m.source = ?1 AND m.part = ?2 "
			       "GROUP BY m.blob HAVING count(*) > "
			       "coalesce(a.n, 0)", -1, &over, NULL) != SQLITE_OK) {
		sqlite3_finalize(parts);
		return sql_fail(ix, "archive_blobs");
	}
	while (sqlite3_step(parts) == SQLITE_ROW) {
		int64_t src = sqlite3_column_int64(parts, 0);
		const char *path = (const char *)sqlite3_column_text(parts, 1);
		int kind = inbox_kind_from_name((const char *)
						sqlite3_column_text(parts, 2));
		int part = sqlite3_column_int(parts, 3);
		const char *cursor = (const char *)sqlite3_column_text(parts, 4);
		char *dir;
		long extra = 0;

		if (kind != INBOX_V2 && kind != INBOX_EPOCH && kind != INBOX_V1)
			continue;
		dir = inbox_git_dir(path, kind, part);
		if (!dir || !cursor || idx_exec(ix, "DELETE FROM temp.archive_blobs") ||
		    archive_blobs(ix, dir, kind, cursor, ins)) {
			free(dir);
			bad = 1;
			continue;
		}
		free(dir);
		sqlite3_bind_int64(over, 1, src);
		sqlite3_bind_int(over, 2, part);
		while (sqlite3_step(over) == SQLITE_ROW)
			extra += sqlite3_column_int64(over, 1) -
				 sqlite3_column_int64(over, 2);
		sqlite3_reset(over);
		if (extra) {
			printf("%s: part %d: %ld messages stored more often than "
			       "the archive holds them\n", path, part, extra);
			bad = 1;
		}
	}
	sqlite3_finalize(parts);
	sqlite3_finalize(ins);
	sqlite3_finalize(over);
	idx_exec(ix, "DROP TABLE temp.archive_blobs");
	return bad;
}
