// SPDX-License-Identifier: GPL-2.0
#include "summary.h"

#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

/*
 * The blobs are little-endian records of fixed size, written field by
 * field so that an index copied between machines still reads.  A
 * commits blob starts with a magic word naming the layout; a blob with
 * another magic or a size that does not add up is ignored (the records
 * are then built from the tables), never trusted.
 *
 * The files blob holds, a commit after another, its files rows in the
 * files table's order, each as a varint of its path id shifted left
 * once, the low bit set when a varint of the rename's old path id
 * follows; then, for a commit whose tags are its signature lines'
 * (SUMMARY_SIGLINES), a varint count of its trailers rows that name
 * someone and a varint key and person for each.  Path ids are small,
 * so a file costs two or three bytes: the blob is about a fifth of
 * the commits blob.
 */
#define MAGIC "KMS2"
#define COMMIT_SIZE 52
#define TRAILER_SIZE 8

/* SQLite's default limit on a value is 10^9 bytes. */
#define SUMMARY_MAX_BLOB 900000000

/* A chunk count past which "kmaint index" rewrites the table as one. */
#define MAX_CHUNKS 16

/* The low @n bytes of @v, least significant first. */
static void put_le(struct strbuf *sb, uint64_t v, int n)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < n; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	strbuf_add(sb, b, (size_t)n);
}

static uint32_t get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const unsigned char *p)
{
	return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static uint32_t clamp_u32(int64_t v)
{
	return v < 0 ? 0 : v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

void summary_release(struct summary *sm)
{
	free(sm->commits);
	free(sm->trailers);
	free(sm->files);
	free(sm->tags);
	free(sm->at);
	memset(sm, 0, sizeof(*sm));
}

const struct summary_commit *summary_find(const struct summary *sm,
					  int64_t id)
{
	size_t lo = 0, hi = sm->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sm->commits[mid].id == id)
			return &sm->commits[mid];
		if (sm->commits[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int sql_fail(struct idx *ix)
{
	return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
}

static int64_t max_commit_id(struct idx *ix)
{
	sqlite3_stmt *st;
	int64_t v = -1;

	if (sqlite3_prepare_v2(ix->db, "SELECT max(id) FROM commits", -1, &st,
			       NULL) != SQLITE_OK)
		return -2;
	if (sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* Where take_tags() puts a commit's rows. */
enum take { SKIP, TRAILERS, TAGS };

/* Add the (key, person) rows of cursor @st for commit @c as @to says. */
static int take_tags(struct summary *sm, struct summary_commit *c,
		     sqlite3_stmt *st, int rc, enum take to)
{
	while (rc == SQLITE_ROW && sqlite3_column_int64(st, 0) <= c->id) {
		if (to != SKIP && sqlite3_column_int64(st, 0) == c->id) {
			struct summary_trailer *t;

			if (to == TRAILERS) {
				ALLOC_GROW(sm->trailers, sm->nr_trailers + 1,
					   sm->alloc_trailers);
				t = &sm->trailers[sm->nr_trailers++];
				c->nr_trailers++;
			} else {
				ALLOC_GROW(sm->tags, sm->nr_tags + 1,
					   sm->alloc_tags);
				t = &sm->tags[sm->nr_tags++];
				sm->at[sm->nr - 1].nr_tags++;
			}
			t->key = clamp_u32(sqlite3_column_int64(st, 1));
			t->person = clamp_u32(sqlite3_column_int64(st, 2));
		}
		rc = sqlite3_step(st);
	}
	return rc;
}

/*
 * Append the commit of cursor @cs's row (id, author, committer,
 * nparents, author_time, author_tz, commit_time, flags), its counts and
 * tags still empty; whether its tags are its signature lines'.
 */
static bool add_commit(struct summary *sm, sqlite3_stmt *cs)
{
	struct summary_commit *c;
	int64_t np;

	ALLOC_GROW(sm->commits, sm->nr + 1, sm->alloc);
	c = &sm->commits[sm->nr++];
	memset(c, 0, sizeof(*c));
	c->id = sqlite3_column_int64(cs, 0);
	c->author = clamp_u32(sqlite3_column_int64(cs, 1));
	c->committer = clamp_u32(sqlite3_column_int64(cs, 2));
	np = sqlite3_column_int64(cs, 3);
	c->nparents = np < 0 ? 0 : np > 255 ? 255 : (uint8_t)np;
	c->author_time = sqlite3_column_int64(cs, 4);
	c->author_tz = (int16_t)sqlite3_column_int(cs, 5);
	c->commit_time = sqlite3_column_int64(cs, 6);
	c->trailer = (uint32_t)sm->nr_trailers;
	if (sqlite3_column_int64(cs, 7) & HC_SIGLINES)
		c->flags |= SUMMARY_SIGLINES;
	return c->flags & SUMMARY_SIGLINES;
}

/* Keep the path and old path (-1 for none) of cursor @fs's row. */
static void add_file(struct summary *sm, sqlite3_stmt *fs)
{
	struct summary_file *f;

	ALLOC_GROW(sm->files, sm->nr_files + 1, sm->alloc_files);
	f = &sm->files[sm->nr_files++];
	f->path = sqlite3_column_int64(fs, 4);
	f->old_path = sqlite3_column_type(fs, 5) == SQLITE_NULL ? -1 :
		      sqlite3_column_int64(fs, 5);
}

/*
 * Sum the files rows of cursor @fs (commit_id, added, removed, flags,
 * path, old_path), keeping their paths in @sm when @files.
 */
static int take_files(struct summary *sm, struct summary_commit *c,
		      sqlite3_stmt *fs, int rc, bool files)
{
	int64_t added = 0, removed = 0;

	/* rows of ids that are not commits cannot be, but skip them */
	while (rc == SQLITE_ROW && sqlite3_column_int64(fs, 0) <= c->id) {
		if (sqlite3_column_int64(fs, 0) == c->id) {
			added += sqlite3_column_int64(fs, 1);
			removed += sqlite3_column_int64(fs, 2);
			if (sqlite3_column_int64(fs, 3) & HF_MISSING)
				c->flags |= SUMMARY_COUNTS_UNKNOWN;
			if (files)
				add_file(sm, fs);
			c->nr_files++;
		}
		rc = sqlite3_step(fs);
	}
	c->added = clamp_u32(added);
	c->removed = clamp_u32(removed);
	return rc;
}

/*
 * Append the records of the commits with ids above @after, read from
 * the tables side by side in id order (each a range scan of its
 * primary key).  A commit's tags are its trailers, or, where its
 * message has tags outside the trailer block (HC_SIGLINES), the tags of
 * those lines: gitdm counts them wherever they are.  With @files, the
 * files rows' paths too, and such a commit's trailers in sm->tags.
 */
static int build(struct idx *ix, int64_t after, struct summary *sm,
		 bool files)
{
	sqlite3_stmt *cs = NULL, *fs = NULL, *ts = NULL, *ss = NULL;
	int frc, trc, src, rc = -1;

	if (sqlite3_prepare_v2(ix->db, "SELECT id, author, committer, nparents, "
			       "author_time, author_tz, commit_time, flags "
			       "FROM commits WHERE id > ?1 ORDER BY id", -1, &cs,
			       NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id, key, person "
			       "FROM siglines WHERE commit_id > ?1 AND "
			       "person IS NOT NULL ORDER BY commit_id, seq",
			       -1, &ss, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id, added, removed, flags, "
			       "path, old_path FROM files WHERE commit_id > ?1 "
			       "ORDER BY commit_id", -1, &fs, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(ix->db, "SELECT commit_id, key, person "
			       "FROM trailers WHERE commit_id > ?1 AND "
			       "person IS NOT NULL ORDER BY commit_id, seq",
			       -1, &ts, NULL) != SQLITE_OK) {
		sql_fail(ix);
		goto out;
	}
	sqlite3_bind_int64(cs, 1, after);
	sqlite3_bind_int64(fs, 1, after);
	sqlite3_bind_int64(ts, 1, after);
	sqlite3_bind_int64(ss, 1, after);
	frc = sqlite3_step(fs);
	trc = sqlite3_step(ts);
	src = sqlite3_step(ss);
	for (;;) {
		int crc = sqlite3_step(cs);
		struct summary_commit *c;
		bool own;

		if (crc == SQLITE_DONE)
			break;
		if (crc != SQLITE_ROW) {
			sql_fail(ix);
			goto out;
		}
		own = add_commit(sm, cs);
		c = &sm->commits[sm->nr - 1];
		if (files) {
			ALLOC_GROW(sm->at, sm->nr, sm->alloc_at);
			sm->at[sm->nr - 1] = (struct summary_at){
				(uint32_t)sm->nr_files, (uint32_t)sm->nr_tags, 0 };
		}
		frc = take_files(sm, c, fs, frc, files);
		trc = take_tags(sm, c, ts, trc, !own ? TRAILERS :
				files ? TAGS : SKIP);
		src = take_tags(sm, c, ss, src, own ? TRAILERS : SKIP);
	}
	if ((frc != SQLITE_ROW && frc != SQLITE_DONE) ||
	    (trc != SQLITE_ROW && trc != SQLITE_DONE) ||
	    (src != SQLITE_ROW && src != SQLITE_DONE)) {
		sql_fail(ix);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(cs);
	sqlite3_finalize(fs);
	sqlite3_finalize(ts);
	sqlite3_finalize(ss);
	return rc;
}

/*
 * One commit's record, by the statements summary_load_ids() prepared:
 * the commits row and the tags; not the files (see summary.h).
 */
static int load_one(struct summary *sm, sqlite3_stmt *st[3], int64_t id)
{
	struct summary_commit *c;
	int rc[3], i;
	bool own;

	for (i = 0; i < 3; i++) {
		sqlite3_reset(st[i]);
		sqlite3_bind_int64(st[i], 1, id);
	}
	rc[0] = sqlite3_step(st[0]);
	if (rc[0] != SQLITE_ROW)
		return rc[0] == SQLITE_DONE ? 0 : -1;
	own = add_commit(sm, st[0]);
	c = &sm->commits[sm->nr - 1];
	rc[1] = take_tags(sm, c, st[1], sqlite3_step(st[1]),
			  own ? SKIP : TRAILERS);
	rc[2] = take_tags(sm, c, st[2], sqlite3_step(st[2]),
			  own ? TRAILERS : SKIP);
	return rc[1] == SQLITE_DONE && rc[2] == SQLITE_DONE ? 0 : -1;
}

int summary_load_ids(struct idx *ix, const int64_t *ids, size_t nr,
		     struct summary *sm)
{
	static const char *const sql[3] = {
		"SELECT id, author, committer, nparents, author_time, "
		"author_tz, commit_time, flags FROM commits WHERE id = ?1",
		"SELECT commit_id, key, person FROM trailers WHERE "
		"commit_id = ?1 AND person IS NOT NULL ORDER BY seq",
		"SELECT commit_id, key, person FROM siglines WHERE "
		"commit_id = ?1 AND person IS NOT NULL ORDER BY seq",
	};
	sqlite3_stmt *st[3] = { NULL };
	size_t i;
	int rc = 0;

	memset(sm, 0, sizeof(*sm));
	for (i = 0; !rc && i < 3; i++)
		if (sqlite3_prepare_v2(ix->db, sql[i], -1, &st[i],
				       NULL) != SQLITE_OK)
			rc = -1;
	for (i = 0; !rc && i < nr; i++)
		rc = load_one(sm, st, ids[i]);
	if (rc)
		sql_fail(ix);
	for (i = 0; i < 3; i++)
		sqlite3_finalize(st[i]);
	return rc;
}

int summary_build_after(struct idx *ix, int64_t after, struct summary *sm)
{
	return build(ix, after, sm, false);
}

/* The files blob of @sm's commits (see the top of the file). */
static void encode_files(const struct summary *sm, struct strbuf *fb)
{
	size_t i, j;

	for (i = 0; i < sm->nr; i++) {
		const struct summary_commit *c = &sm->commits[i];
		const struct summary_at *at = &sm->at[i];

		for (j = 0; j < c->nr_files; j++) {
			const struct summary_file *f = &sm->files[at->file + j];

			strbuf_add_varint(fb, (uint64_t)f->path << 1 | (f->old_path >= 0));
			if (f->old_path >= 0)
				strbuf_add_varint(fb, (uint64_t)f->old_path);
		}
		if (!(c->flags & SUMMARY_SIGLINES))
			continue;
		strbuf_add_varint(fb, at->nr_tags);
		for (j = 0; j < at->nr_tags; j++) {
			strbuf_add_varint(fb, sm->tags[at->tag + j].key);
			strbuf_add_varint(fb, sm->tags[at->tag + j].person);
		}
	}
}

static void encode(const struct summary *sm, struct strbuf *cb,
		   struct strbuf *tb)
{
	size_t i;

	strbuf_add(cb, MAGIC, 4);
	for (i = 0; i < sm->nr; i++) {
		const struct summary_commit *c = &sm->commits[i];

		put_le(cb, (uint64_t)c->id, 8);
		put_le(cb, (uint64_t)c->author_time, 8);
		put_le(cb, (uint64_t)c->commit_time, 8);
		put_le(cb, c->author, 4);
		put_le(cb, c->committer, 4);
		put_le(cb, c->added, 4);
		put_le(cb, c->removed, 4);
		put_le(cb, c->nr_files, 4);
		put_le(cb, c->nr_trailers, 4);
		put_le(cb, (uint16_t)c->author_tz, 2);
		strbuf_addch(cb, (char)c->nparents);
		strbuf_addch(cb, (char)c->flags);
	}
	for (i = 0; i < sm->nr_trailers; i++) {
		put_le(tb, sm->trailers[i].key, 4);
		put_le(tb, sm->trailers[i].person, 4);
	}
}

/* One record of a commits blob. */
static void decode_commit(const unsigned char *p, struct summary_commit *c)
{
	c->id = (int64_t)get_u64(p);
	c->author_time = (int64_t)get_u64(p + 8);
	c->commit_time = (int64_t)get_u64(p + 16);
	c->author = get_u32(p + 24);
	c->committer = get_u32(p + 28);
	c->added = get_u32(p + 32);
	c->removed = get_u32(p + 36);
	c->nr_files = get_u32(p + 40);
	c->nr_trailers = get_u32(p + 44);
	c->author_tz = (int16_t)(p[48] | p[49] << 8);
	c->nparents = p[50];
	c->flags = p[51];
}

/*
 * Append one chunk's records, checking that they are what the chunk
 * says: ids inside [@lo, @hi] and increasing, trailers adding up.
 * false, with nothing appended, when they are not.
 */
static bool decode(struct summary *sm, int64_t lo, int64_t hi,
		   const unsigned char *cb, size_t clen,
		   const unsigned char *tb, size_t tlen)
{
	size_t n, i, nt = 0, base = sm->nr, tbase = sm->nr_trailers;
	int64_t prev = lo - 1;

	if (clen < 4 || memcmp(cb, MAGIC, 4) || (clen - 4) % COMMIT_SIZE ||
	    tlen % TRAILER_SIZE)
		return false;
	n = (clen - 4) / COMMIT_SIZE;
	cb += 4;
	ALLOC_GROW(sm->commits, sm->nr + n, sm->alloc);
	for (i = 0; i < n; i++) {
		struct summary_commit *c = &sm->commits[base + i];

		decode_commit(cb + i * COMMIT_SIZE, c);
		if (c->id <= prev || c->id > hi ||
		    c->nr_trailers > tlen / TRAILER_SIZE - nt)
			return false;
		prev = c->id;
		c->trailer = (uint32_t)(tbase + nt);
		nt += c->nr_trailers;
	}
	if (nt != tlen / TRAILER_SIZE)
		return false;
	ALLOC_GROW(sm->trailers, sm->nr_trailers + nt, sm->alloc_trailers);
	for (i = 0; i < nt; i++) {
		sm->trailers[tbase + i].key = get_u32(tb + i * TRAILER_SIZE);
		sm->trailers[tbase + i].person = get_u32(tb + i * TRAILER_SIZE + 4);
	}
	sm->nr += n;
	sm->nr_trailers += nt;
	return true;
}

/*
 * Read the chunks into @sm as far as they tile the ids from 0 without a
 * gap; the last id they cover in *@last (-1 for none).  A chunk that
 * does not decode ends the reading there.
 */
static void load_chunks(struct idx *ix, struct summary *sm, int64_t *last)
{
	sqlite3_stmt *st;

	*last = -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT lo, hi, commits, trailers "
			       "FROM summary ORDER BY lo", -1, &st,
			       NULL) != SQLITE_OK)
		return;
	while (sqlite3_step(st) == SQLITE_ROW) {
		int64_t lo = sqlite3_column_int64(st, 0);
		int64_t hi = sqlite3_column_int64(st, 1);
		const void *cb = sqlite3_column_blob(st, 2);
		size_t clen = (size_t)sqlite3_column_bytes(st, 2);
		const void *tb = sqlite3_column_blob(st, 3);
		size_t tlen = (size_t)sqlite3_column_bytes(st, 3);

		if (lo != *last + 1 || hi < lo || !cb ||
		    !decode(sm, lo, hi, cb, clen, tlen ? tb : "", tlen))
			break;
		*last = hi;
	}
	sqlite3_finalize(st);
}

int summary_load(struct idx *ix, struct summary *sm)
{
	int64_t last, max;

	memset(sm, 0, sizeof(*sm));
	max = max_commit_id(ix);
	if (max < -1)
		return sql_fail(ix);
	load_chunks(ix, sm, &last);
	if (last > max) {
		/* a chunk for commits that are gone: do not trust any */
		summary_release(sm);
		last = -1;
	}
	sm->cached = last == max;
	if (sm->cached)
		return 0;
	/* an interrupted run, or an index from before the summary */
	return build(ix, last, sm, false);
}

/*
 * summary_walk() reads a chunk's blobs a piece at a time (SQLite's
 * incremental blob I/O), never a whole blob: at 1.4M commits the
 * commits blob alone is 72 MB, and a walk holds one batch of records.
 */
enum { WALK_BATCH = 4096 };

struct chunk {
	int64_t lo, hi;
	sqlite3_blob *cb, *tb, *fb;	/* fb only for summary_walk_files() */
	int clen, tlen, flen;
	int coff, toff, foff;		/* the next piece's offsets */
	unsigned char *buf;		/* one piece */
	size_t alloc;
	unsigned char fbuf[4096];	/* the files blob read so far */
	size_t fpos, fend;		/* its unread bytes */
};

static void chunk_close(struct chunk *ch)
{
	sqlite3_blob_close(ch->cb);
	sqlite3_blob_close(ch->tb);
	sqlite3_blob_close(ch->fb);
	ch->cb = ch->tb = ch->fb = NULL;
}

/*
 * Open the chunk starting at @ch->lo, with its files blob when @files;
 * false if its blobs cannot be read.
 */
static bool chunk_open(struct idx *ix, struct chunk *ch, bool files)
{
	if (sqlite3_blob_open(ix->db, "main", "summary", "commits", ch->lo, 0,
			      &ch->cb) != SQLITE_OK ||
	    sqlite3_blob_open(ix->db, "main", "summary", "trailers", ch->lo, 0,
			      &ch->tb) != SQLITE_OK ||
	    (files && sqlite3_blob_open(ix->db, "main", "summary", "files",
					ch->lo, 0, &ch->fb) != SQLITE_OK)) {
		chunk_close(ch);
		return false;
	}
	ch->clen = sqlite3_blob_bytes(ch->cb);
	ch->tlen = sqlite3_blob_bytes(ch->tb);
	ch->flen = files ? sqlite3_blob_bytes(ch->fb) : 0;
	ch->coff = 4;
	ch->toff = ch->foff = 0;
	ch->fpos = ch->fend = 0;
	return true;
}

/* The next varint of the files blob into *@v; false past its end. */
static bool chunk_varint(struct chunk *ch, uint64_t *v)
{
	int shift;

	if (ch->fend - ch->fpos < 10 && ch->foff < ch->flen) {
		size_t keep = ch->fend - ch->fpos;
		int n = (int)(sizeof(ch->fbuf) - keep);

		if (n > ch->flen - ch->foff)
			n = ch->flen - ch->foff;
		memmove(ch->fbuf, ch->fbuf + ch->fpos, keep);
		if (sqlite3_blob_read(ch->fb, ch->fbuf + keep, n,
				      ch->foff) != SQLITE_OK)
			return false;
		ch->foff += n;
		ch->fpos = 0;
		ch->fend = keep + (size_t)n;
	}
	*v = 0;
	for (shift = 0; shift < 64 && ch->fpos < ch->fend; shift += 7) {
		unsigned char b = ch->fbuf[ch->fpos++];

		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return true;
	}
	return false;
}

/* Commit @c's files rows and tags from the files blob into @sm, @at. */
static bool chunk_files(struct chunk *ch, struct summary *sm,
			const struct summary_commit *c, struct summary_at *at)
{
	uint64_t v, w = 0;
	uint32_t i;

	at->file = (uint32_t)sm->nr_files;
	at->tag = (uint32_t)sm->nr_tags;
	at->nr_tags = 0;
	for (i = 0; i < c->nr_files; i++) {
		struct summary_file *f;

		if (!chunk_varint(ch, &v) || v >> 1 > INT64_MAX ||
		    ((v & 1) && (!chunk_varint(ch, &w) || w > INT64_MAX)))
			return false;
		ALLOC_GROW(sm->files, sm->nr_files + 1, sm->alloc_files);
		f = &sm->files[sm->nr_files++];
		f->path = (int64_t)(v >> 1);
		f->old_path = v & 1 ? (int64_t)w : -1;
	}
	if (!(c->flags & SUMMARY_SIGLINES))
		return true;
	if (!chunk_varint(ch, &v) || v > (uint64_t)ch->flen)
		return false;
	at->nr_tags = (uint32_t)v;
	for (i = 0; i < at->nr_tags; i++) {
		struct summary_trailer *t;

		if (!chunk_varint(ch, &v) || !chunk_varint(ch, &w) ||
		    v > UINT32_MAX || w > UINT32_MAX)
			return false;
		ALLOC_GROW(sm->tags, sm->nr_tags + 1, sm->alloc_tags);
		t = &sm->tags[sm->nr_tags++];
		t->key = (uint32_t)v;
		t->person = (uint32_t)w;
	}
	return true;
}

/* The next @len bytes of @b at *@off, into ch->buf; false on a failure. */
static bool chunk_read(struct chunk *ch, sqlite3_blob *b, int *off, size_t len)
{
	if (len > ch->alloc) {
		ch->alloc = len;
		ch->buf = xrealloc(ch->buf, len);
	}
	if (len && sqlite3_blob_read(b, ch->buf, (int)len, *off) != SQLITE_OK)
		return false;
	*off += (int)len;
	return true;
}

/*
 * Read the chunk's next batch of records into @sm (emptied first), its
 * trailers numbered from 0, as decode() checks them: ids increasing
 * past *@prev up to ch->hi, trailers inside the trailers blob.  1: a
 * batch, 0: the chunk is over, -1: it does not hold together.
 */
static int chunk_batch(struct chunk *ch, struct summary *sm, int64_t *prev)
{
	size_t n = (size_t)(ch->clen - ch->coff) / COMMIT_SIZE, i, nt = 0;
	size_t left = (size_t)(ch->tlen - ch->toff) / TRAILER_SIZE;

	sm->nr = sm->nr_trailers = sm->nr_files = sm->nr_tags = 0;
	if (!n)
		return ch->toff == ch->tlen && ch->foff == ch->flen &&
		       ch->fpos == ch->fend ? 0 : -1;
	if (n > WALK_BATCH)
		n = WALK_BATCH;
	if (!chunk_read(ch, ch->cb, &ch->coff, n * COMMIT_SIZE))
		return -1;
	ALLOC_GROW(sm->commits, n, sm->alloc);
	if (ch->fb)
		ALLOC_GROW(sm->at, n, sm->alloc_at);
	for (i = 0; i < n; i++) {
		struct summary_commit *c = &sm->commits[i];

		decode_commit(ch->buf + i * COMMIT_SIZE, c);
		if (c->id <= *prev || c->id > ch->hi ||
		    c->nr_trailers > left - nt ||
		    (ch->fb && !chunk_files(ch, sm, c, &sm->at[i])))
			return -1;
		*prev = c->id;
		c->trailer = (uint32_t)nt;
		nt += c->nr_trailers;
	}
	if (!chunk_read(ch, ch->tb, &ch->toff, nt * TRAILER_SIZE))
		return -1;
	ALLOC_GROW(sm->trailers, nt, sm->alloc_trailers);
	for (i = 0; i < nt; i++) {
		sm->trailers[i].key = get_u32(ch->buf + i * TRAILER_SIZE);
		sm->trailers[i].person = get_u32(ch->buf + i * TRAILER_SIZE + 4);
	}
	sm->nr = n;
	sm->nr_trailers = nt;
	return 1;
}

/*
 * Walk the chunk in batches into @sm, handing each to @fn when @fn is
 * not NULL (else only checking it).  0, 1 when the chunk does not hold
 * together (see decode()), or @fn's non-zero return.
 */
static int chunk_walk(struct idx *ix, struct chunk *ch, struct summary *sm,
		      bool files,
		      int (*fn)(const struct summary *batch, void *data),
		      void *data)
{
	int64_t prev = ch->lo - 1;
	unsigned char magic[4];
	int rc = 1, got;

	if (!chunk_open(ix, ch, files))
		return 1;
	if (ch->clen < 4 || (ch->clen - 4) % COMMIT_SIZE ||
	    ch->tlen % TRAILER_SIZE ||
	    sqlite3_blob_read(ch->cb, magic, 4, 0) != SQLITE_OK ||
	    memcmp(magic, MAGIC, 4))
		goto out;
	while ((got = chunk_batch(ch, sm, &prev)) > 0)
		if (fn && (rc = fn(sm, data)))
			goto out;
	rc = got < 0;
out:
	chunk_close(ch);
	return rc;
}

/*
 * The chunks' bounds, a row each by lo, and the last commit id in
 * *@max: NULL with a message on an SQL error.
 */
static sqlite3_stmt *chunk_bounds(struct idx *ix, int64_t *max)
{
	sqlite3_stmt *st = NULL;

	*max = max_commit_id(ix);
	if (*max < -1 ||
	    sqlite3_prepare_v2(ix->db, "SELECT lo, hi FROM summary ORDER BY lo",
			       -1, &st, NULL) != SQLITE_OK) {
		sql_fail(ix);
		return NULL;
	}
	return st;
}

/* The chunks that tile the ids from 0, checked whole (chunks_check()). */
struct tiling {
	struct chunk *v;
	size_t nr, alloc;
	int64_t last, max;		/* the last id covered, and the last */
	bool damaged;			/* a chunk did not decode */
};

/*
 * Find and check the chunks that tile the ids from 0, each read whole
 * (with its files blob when @files) before anything is handed on: a
 * damaged chunk found half way through a walk could not be taken back.
 * None when one is for commits that are gone.  0, or -1 with a message.
 */
static int chunks_check(struct idx *ix, struct summary *buf, bool files,
			struct tiling *t,
			int (*seen)(const struct summary *batch, void *data),
			void *data)
{
	sqlite3_stmt *st = chunk_bounds(ix, &t->max);

	t->last = -1;
	if (!st)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct chunk ch = { .lo = sqlite3_column_int64(st, 0),
				    .hi = sqlite3_column_int64(st, 1) };

		if (ch.lo != t->last + 1 || ch.hi < ch.lo ||
		    chunk_walk(ix, &ch, buf, files, seen, data)) {
			t->damaged = ch.lo == t->last + 1;
			free(ch.buf);
			break;
		}
		ALLOC_GROW(t->v, t->nr + 1, t->alloc);
		t->v[t->nr++] = ch;
		t->last = ch.hi;
	}
	sqlite3_finalize(st);
	if (t->last > t->max)
		t->last = -1;	/* a chunk for commits that are gone: none */
	return 0;
}

/*
 * Hand @t's chunks that reach into [@from, @to] to @fn, batch by batch.
 * 0, -1 with a message, or @fn's non-zero return.
 */
static int chunks_walk(struct idx *ix, struct tiling *t, struct summary *buf,
		       bool files, int64_t from, int64_t to,
		       int (*fn)(const struct summary *batch, void *data),
		       void *data)
{
	size_t i;
	int rc = 0;

	for (i = 0; !rc && t->last >= 0 && i < t->nr; i++) {
		if (t->v[i].hi < from || t->v[i].lo > to)
			continue;
		if ((rc = chunk_walk(ix, &t->v[i], buf, files, fn, data)) == 1)
			rc = error("%s: the summary changed under a walk",
				   ix->path);
	}
	return rc;
}

/* What chunks_check() found of the summary, for summary_walk_files(). */
static enum summary_state tiling_state(const struct tiling *t)
{
	return t->last == t->max ? SUMMARY_WHOLE :
	       t->damaged ? SUMMARY_DAMAGED : SUMMARY_SHORT;
}

static void tiling_release(struct tiling *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		free(t->v[i].buf);
	free(t->v);
}

int summary_walk(struct idx *ix, struct summary *buf,
		 int (*fn)(const struct summary *batch, void *data), void *data)
{
	struct tiling t = { 0 };
	int rc = chunks_check(ix, buf, false, &t, NULL, NULL);

	if (!rc)
		rc = chunks_walk(ix, &t, buf, false, INT64_MIN, INT64_MAX, fn,
				 data);
	tiling_release(&t);
	if (rc || t.last == t.max)
		return rc;
	/* an interrupted run, or an index from before the summary */
	buf->nr = buf->nr_trailers = 0;
	return build(ix, t.last, buf, false) || fn(buf, data);
}

int summary_walk_files(struct idx *ix, struct summary *buf, int64_t from,
		       int64_t to,
		       int (*fn)(const struct summary *batch, void *data),
		       void *data, enum summary_state *state)
{
	struct tiling t = { 0 };
	int rc = chunks_check(ix, buf, true, &t, NULL, NULL);

	*state = tiling_state(&t);
	if (!rc && *state == SUMMARY_WHOLE)
		rc = chunks_walk(ix, &t, buf, true, from, to, fn, data);
	tiling_release(&t);
	return rc;
}

/* The first commit dated in [since, until], as the check reads them */
struct first_dated {
	int64_t since, until, first;
};

static int note_first(const struct summary *batch, void *data)
{
	struct first_dated *f = data;
	size_t i;

	for (i = 0; i < batch->nr; i++) {
		const struct summary_commit *c = &batch->commits[i];

		if (c->id < f->first && c->commit_time >= f->since &&
		    c->commit_time <= f->until)
			f->first = c->id;
	}
	return 0;
}

int summary_walk_files_split(struct idx *ix, struct summary *buf,
			     int64_t since, int64_t until, int64_t *split,
			     int (*fn)(const struct summary *batch, void *data),
			     void (*between)(void *data), void *data,
			     enum summary_state *state)
{
	struct first_dated f = { since, until, INT64_MAX };
	struct tiling t = { 0 };
	int rc = chunks_check(ix, buf, true, &t, note_first, &f);

	*state = tiling_state(&t);
	if (!rc && *state == SUMMARY_WHOLE) {
		*split = f.first;
		rc = chunks_walk(ix, &t, buf, true, f.first, INT64_MAX, fn,
				 data);
		if (!rc)
			between(data);
		rc = rc || chunks_walk(ix, &t, buf, true, INT64_MIN,
				       f.first - 1, fn, data);
	}
	tiling_release(&t);
	return rc;
}

int summary_update(struct idx *ix)
{
	struct summary sm = { 0 };
	struct strbuf cb = STRBUF_INIT, tb = STRBUF_INIT, fb = STRBUF_INIT;
	int64_t last = -1, max;
	sqlite3_stmt *st = chunk_bounds(ix, &max);
	int64_t chunks = 0;
	bool tiled = true;
	int rc = -1;

	if (!st)
		return -1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (sqlite3_column_int64(st, 0) != last + 1)
			tiled = false;
		last = sqlite3_column_int64(st, 1);
		chunks++;
	}
	sqlite3_finalize(st);
	st = NULL;
	if (!tiled || last > max || chunks >= MAX_CHUNKS) {
		if (idx_exec(ix, "DELETE FROM summary"))
			return -1;
		last = -1;
	}
	if (max <= last)
		return 0;
	if (build(ix, last, &sm, true))
		goto out;
	encode(&sm, &cb, &tb);
	encode_files(&sm, &fb);
	if (cb.len > SUMMARY_MAX_BLOB || tb.len > SUMMARY_MAX_BLOB ||
	    fb.len > SUMMARY_MAX_BLOB) {
		/* past SQLite's blob limit: readers build from the tables */
		rc = 0;
		goto out;
	}
	if (sqlite3_prepare_v2(ix->db, "INSERT INTO summary(lo, hi, commits, "
			       "trailers, files) VALUES(?1, ?2, ?3, ?4, ?5)",
			       -1, &st, NULL) != SQLITE_OK) {
		sql_fail(ix);
		goto out;
	}
	sqlite3_bind_int64(st, 1, last + 1);
	sqlite3_bind_int64(st, 2, max);
	sqlite3_bind_blob(st, 3, cb.buf, (int)cb.len, SQLITE_STATIC);
	sqlite3_bind_blob(st, 4, tb.len ? tb.buf : "", (int)tb.len,
			  SQLITE_STATIC);
	sqlite3_bind_blob(st, 5, fb.len ? fb.buf : "", (int)fb.len,
			  SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE) {
		sql_fail(ix);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	summary_release(&sm);
	strbuf_release(&cb);
	strbuf_release(&tb);
	strbuf_release(&fb);
	return rc;
}
