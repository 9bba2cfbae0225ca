// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for store/summary.c: the records built from the tables, the
 * same records read back from the summary table after each kind of
 * change an index goes through (new commits, an interrupted run, a
 * damaged chunk, deleted commits, many small runs).  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "summary.h"
#include "tap.h"

static void add_file(struct hist_commit *c, const char *path, long a, long r,
		     unsigned flags)
{
	struct hist_file *f = hist_add_file(c, path);

	f->added = a;
	f->removed = r;
	f->flags = flags;
}

/* A trailer, and the signature line git log shows for it, if any. */
static void add_trailer(struct hist_commit *c, const char *k, const char *v)
{
	char *line = xstrfmt("%s: %s", k, v);

	hist_add_trailer(c, k, strlen(k), v, strlen(v));
	if (!hist_is_sigline(line, strlen(line))) {
		free(line);
		return;
	}
	ALLOC_GROW(c->siglines, c->nr_siglines + 1, c->alloc_siglines);
	c->siglines[c->nr_siglines++] = line;
}

/* Commit @i: shaped by i so that every field varies. */
static int add_commit(struct idx *ix, int i)
{
	struct hist_commit c;
	int rc;

	hist_commit_init(&c);
	snprintf(c.hash, sizeof(c.hash), "%02x%038d", i % 256, i);
	c.parents = i % 7 == 0 ? xstrdup("1111111111111111111111111111111111111111 "
					 "2222222222222222222222222222222222222222")
			       : xstrdup("");
	c.nparents = i % 7 == 0 ? 2 : 0;
	c.author_name = xstrfmt("Author %d", i % 5);
	c.author_email = xstrfmt("a%d@example.com", i % 5);
	c.committer_name = xstrdup("Committer");
	c.committer_email = xstrdup("c@example.com");
	c.author_time = 1000000000 + i * 3600;
	c.author_tz = i % 2 ? -420 : 60;
	c.commit_time = c.author_time + 60;
	c.subject = xstrfmt("change %d", i);
	add_file(&c, "drivers/net/a.c", i, i / 2, 0);
	if (i % 3 == 0)
		add_file(&c, "fw/blob.bin", -1, -1, HF_BINARY);
	if (i % 11 == 0)
		add_file(&c, "lost.c", -1, -1, HF_MISSING);
	add_trailer(&c, "Signed-off-by", "Author <a@example.com>");
	if (i % 2)
		add_trailer(&c, "Reviewed-by", "Rev Iewer <rev@example.org>");
	add_trailer(&c, "Link", "https://lore.kernel.org/r/x");
	if (i == 25) {
		/* a tag in the middle of the message: not a trailer */
		ALLOC_GROW(c.siglines, c.nr_siglines + 1, c.alloc_siglines);
		c.siglines[c.nr_siglines++] =
			xstrdup("Acked-by: Body Tag <body@example.org>");
	}
	rc = idx_add_commit(ix, &c);
	hist_commit_release(&c);
	return rc;
}

static int add_range(struct idx *ix, int from, int to)
{
	int i, bad = 0;

	if (idx_begin(ix))
		return -1;
	for (i = from; i <= to; i++)
		bad += add_commit(ix, i) != 0;
	return idx_commit(ix) || bad ? -1 : 0;
}

static int update(struct idx *ix)
{
	return idx_begin(ix) || summary_update(ix) || idx_commit(ix) ? -1 : 0;
}

static bool same(const struct summary *a, const struct summary *b)
{
	size_t i;

	if (a->nr != b->nr || a->nr_trailers != b->nr_trailers)
		return false;
	for (i = 0; i < a->nr; i++) {
		const struct summary_commit *x = &a->commits[i], *y = &b->commits[i];

		if (x->id != y->id || x->author_time != y->author_time ||
		    x->commit_time != y->commit_time || x->author != y->author ||
		    x->committer != y->committer || x->added != y->added ||
		    x->removed != y->removed || x->nr_files != y->nr_files ||
		    x->trailer != y->trailer || x->nr_trailers != y->nr_trailers ||
		    x->author_tz != y->author_tz || x->nparents != y->nparents ||
		    x->flags != y->flags)
			return false;
	}
	for (i = 0; i < a->nr_trailers; i++)
		if (a->trailers[i].key != b->trailers[i].key ||
		    a->trailers[i].person != b->trailers[i].person)
			return false;
	return true;
}

/* The records straight from the tables, whatever the summary holds. */
static void from_tables(struct idx *ix, struct summary *sm)
{
	idx_exec(ix, "SAVEPOINT t; DELETE FROM summary");
	summary_load(ix, sm);
	idx_exec(ix, "ROLLBACK TO t; RELEASE t");
}

static int append_batch(const struct summary *b, void *data)
{
	struct summary *all = data;
	size_t i;

	ALLOC_GROW(all->commits, all->nr + b->nr, all->alloc);
	ALLOC_GROW(all->trailers, all->nr_trailers + b->nr_trailers,
		   all->alloc_trailers);
	for (i = 0; i < b->nr; i++) {
		all->commits[all->nr + i] = b->commits[i];
		all->commits[all->nr + i].trailer += (uint32_t)all->nr_trailers;
	}
	memcpy(all->trailers + all->nr_trailers, b->trailers,
	       b->nr_trailers * sizeof(*b->trailers));
	all->nr += b->nr;
	all->nr_trailers += b->nr_trailers;
	return 0;
}

/* summary_walk()'s batches put end to end: summary_load()'s records? */
static bool walks_same(struct idx *ix, const struct summary *ref)
{
	struct summary all = { 0 }, buf = { 0 };
	bool rc = !summary_walk(ix, &buf, append_batch, &all) &&
		  same(&all, ref);

	summary_release(&all);
	summary_release(&buf);
	return rc;
}

static int64_t chunks(struct idx *ix)
{
	return idx_count(ix, "summary");
}

int main(void)
{
	char path[] = "/tmp/kmaint-summary-test.XXXXXX";
	struct summary sm, ref;
	const struct summary_commit *c;
	struct idx ix;
	char *db;
	FILE *fp;
	int i, bad;

	if (!mkdtemp(path))
		die_errno("mkdtemp");
	db = xstrfmt("%s/index.sqlite", path);
	ok(!idx_open(&ix, db, IDX_CREATE), "create an index");

	ok(!summary_load(&ix, &sm) && sm.nr == 0 && sm.cached,
	   "an empty index: no commits, nothing to build");
	summary_release(&sm);

	ok(!add_range(&ix, 1, 30), "30 commits stored");
	ok(!summary_load(&ix, &ref) && ref.nr == 30 && !ref.cached,
	   "no summary yet: 30 records built from the tables");

	c = summary_find(&ref, 21);
	ok(c && c->id == 21 && c->nr_files == 2 && c->added == 21 &&
	   c->removed == 10 && !(c->flags & SUMMARY_COUNTS_UNKNOWN),
	   "commit 21: two files, the binary one counted as 0 lines");
	c = summary_find(&ref, 11);
	ok(c && c->nr_files == 2 && (c->flags & SUMMARY_COUNTS_UNKNOWN),
	   "commit 11: an unreadable blob makes its counts unknown");
	c = summary_find(&ref, 21);
	ok(c && c->nparents == 2 && c->author_tz == -420 &&
	   c->commit_time == c->author_time + 60 &&
	   c->author_time == 1000000000 + 21 * 3600,
	   "commit 21: a merge, its time zone and times");
	ok(c && c->nr_trailers == 2 &&
	   ref.trailers[c->trailer].person != ref.trailers[c->trailer + 1].person,
	   "commit 21: two trailers naming people, Link left out");
	ok(ref.nr_trailers == 46, "46 tags naming people in all");
	c = summary_find(&ref, 25);
	ok(c && c->nr_trailers == 3 &&
	   ref.trailers[c->trailer + 2].person != ref.trailers[c->trailer].person &&
	   ref.trailers[c->trailer + 2].key != ref.trailers[c->trailer].key,
	   "commit 25: its tags from its lines, one outside the trailers");
	ok(!summary_find(&ref, 31) && !summary_find(&ref, 0),
	   "no record for ids that are not commits");

	ok(!update(&ix) && chunks(&ix) == 1, "kmaint index writes one chunk");
	ok(!summary_load(&ix, &sm) && sm.cached, "which is read back");
	ok(same(&sm, &ref), "... record for record as from the tables");
	ok(walks_same(&ix, &ref), "a walk a batch at a time gives the same");
	summary_release(&sm);
	summary_release(&ref);

	ok(!update(&ix) && chunks(&ix) == 1, "nothing new: no new chunk");

	/* an interrupted run: commits stored, the summary not updated */
	ok(!add_range(&ix, 31, 40), "10 more commits stored");
	from_tables(&ix, &ref);
	ok(!summary_load(&ix, &sm) && !sm.cached && same(&sm, &ref),
	   "summary behind: the chunk and the rest from the tables");
	ok(walks_same(&ix, &ref), "... and so does a walk");
	summary_release(&sm);
	ok(!update(&ix) && chunks(&ix) == 2, "the next run appends a chunk");
	ok(!summary_load(&ix, &sm) && sm.cached && same(&sm, &ref),
	   "two chunks read as one history");
	ok(walks_same(&ix, &ref), "... and walked as one");
	summary_release(&sm);

	/* a damaged chunk is never trusted */
	idx_exec(&ix, "UPDATE summary SET commits = x'4b4d533100' WHERE lo > 0");
	ok(!summary_load(&ix, &sm) && !sm.cached && same(&sm, &ref),
	   "a chunk whose size does not add up: built from the tables");
	ok(walks_same(&ix, &ref), "... walked from the tables too");
	summary_release(&sm);
	idx_exec(&ix, "UPDATE summary SET trailers = x'' WHERE lo > 0");
	ok(!summary_load(&ix, &sm) && !sm.cached && same(&sm, &ref),
	   "trailers missing from a chunk: the same");
	ok(walks_same(&ix, &ref), "... walked the same");
	summary_release(&sm);
	idx_exec(&ix, "UPDATE summary SET lo = 5 WHERE lo = 0");
	ok(!update(&ix) && chunks(&ix) == 1,
	   "chunks with a gap: the next run rewrites the table");
	ok(!summary_load(&ix, &sm) && sm.cached && same(&sm, &ref),
	   "... which reads back whole");
	summary_release(&sm);
	summary_release(&ref);

	/* deleted commits empty the table within the same transaction */
	fp = tmpfile();
	fprintf(fp, "%02x%038d\n%02x%038d\n", 40, 40, 3, 3);
	ok(!idx_begin(&ix) && idx_delete_listed(&ix, fp) == 2 &&
	   !idx_commit(&ix) && chunks(&ix) == 0,
	   "deleting two commits empties the summary");
	fclose(fp);
	ok(!summary_load(&ix, &sm) && !sm.cached && sm.nr == 38 &&
	   !summary_find(&sm, 3) && !summary_find(&sm, 40),
	   "until the next run: 38 commits from the tables");
	summary_release(&sm);
	ok(!update(&ix) && chunks(&ix) == 1, "the next run writes it again");
	/* the id of the deleted last commit is given again */
	ok(!add_range(&ix, 41, 41) && !update(&ix), "a new commit after that");
	from_tables(&ix, &ref);
	ok(!summary_load(&ix, &sm) && sm.cached && same(&sm, &ref) &&
	   sm.nr == 39, "39 commits, cached and right");
	summary_release(&sm);
	summary_release(&ref);

	/* many small runs: the table is rewritten before it grows long */
	bad = 0;
	for (i = 42; i < 42 + 40; i++)
		bad += add_range(&ix, i, i) || update(&ix) || chunks(&ix) > 16;
	ok(!bad, "40 runs of one commit: never more than 16 chunks");
	from_tables(&ix, &ref);
	ok(!summary_load(&ix, &sm) && sm.cached && same(&sm, &ref) &&
	   sm.nr == 79, "79 commits, cached and right");
	summary_release(&sm);
	summary_release(&ref);

	idx_close(&ix);
	ok(!idx_open(&ix, db, IDX_READONLY), "read-only open");
	ok(!summary_load(&ix, &sm) && sm.cached && sm.nr == 79,
	   "a read-only reader uses the summary");
	ok(walks_same(&ix, &sm), "and walks it");
	summary_release(&sm);
	idx_close(&ix);

	unlink(db);
	free(db);
	{
		char *wal = xstrfmt("%s/index.sqlite-wal", path);
		char *shm = xstrfmt("%s/index.sqlite-shm", path);

		unlink(wal);
		unlink(shm);
		free(wal);
		free(shm);
	}
	rmdir(path);
	return done_testing();
}
