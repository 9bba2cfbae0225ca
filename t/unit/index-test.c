// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for store/index.c on commits built here: interning, the
 * MAINTAINERS version store (delta chains rebuilt byte for byte),
 * prefix lookup, Fixes resolution, deletion, re-mapping, the query
 * helpers and schema versioning.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>

#include "index.h"
#include "tap.h"

static void add_file(struct hist_commit *c, const char *path, long a, long r)
{
	struct hist_file *f = hist_add_file(c, path);

	f->added = a;
	f->removed = r;
}

static void add_trailer(struct hist_commit *c, const char *k, const char *v)
{
	hist_add_trailer(c, k, strlen(k), v, strlen(v));
}

static void make(struct hist_commit *c, int i, const char *author)
{
	hist_commit_init(c);
	snprintf(c->hash, sizeof(c->hash), "%02x%038d", i, i);
	c->parents = xstrdup("");
	c->author_name = xstrdup(author);
	c->author_email = xstrfmt("%s@example.com", author);
	c->committer_name = xstrdup("Committer");
	c->committer_email = xstrdup("c@example.com");
	c->author_time = c->commit_time = 1000 + i;
	c->subject = xstrfmt("change %d", i);
}

static int count_cb(const struct idx_commit_info *ci, void *data)
{
	long *sum = data;

	sum[0]++;
	sum[1] += ci->added;
	return 0;
}

static int version_cb(const char *commit, int64_t t, const char *blob,
		      void *data)
{
	int64_t *last = data;

	if (!blob || t < last[1])
		last[2]++;	/* out of order, or a deletion we did not make */
	last[0]++;
	last[1] = t;
	return 0;
}

static int trailer_cb(const char *key, const char *value, const char *name,
		      const char *email, void *data)
{
	struct strbuf *sb = data;

	strbuf_addf(sb, "%s=%s/%s;", key, name ? name : "-", email ? email : "-");
	return 0;
}

/* 300 commits, a MAINTAINERS version every tenth */
static void add_commits(struct idx *ix)
{
	struct hist_commit c;
	struct strbuf text = STRBUF_INIT;
	char first_blob[64] = "";
	int i, bad;

	ok(!idx_begin(ix), "begin");
	bad = 0;
	for (i = 1; i <= 300; i++) {
		make(&c, i, i % 2 ? "Alice" : "Bob");
		add_file(&c, "drivers/net/a.c", i, 1);
		add_file(&c, i % 3 ? "drivers/usb/b.c" : "mm/c.c", -1, -1);
		add_trailer(&c, "signed-off-BY", "Alice <alice@example.com>");
		add_trailer(&c, "Link", "https://lore.kernel.org/r/1@x.org");
		if (i == 250)
			add_trailer(&c, "Fixes", "0a000000000000000000000 (\"x\")");
		if (i % 10 == 0) {
			/* a MAINTAINERS version: a growing file */
			int j;

			strbuf_addf(&text, "SECTION %d\nM:\tA <a@b>\nF:\tdrivers/%d/\n\n", i, i);
			c.tracked_changed = true;
			snprintf(c.tracked_blob, sizeof(c.tracked_blob), "b%039d", i);
			strbuf_reset(&c.tracked_text);
			/* an edit near the top too, so prefix and suffix both matter */
			strbuf_addstr(&c.tracked_text, "HEADER\n");
			for (j = 0; j < 1; j++)
				strbuf_add(&c.tracked_text, text.buf, text.len);
			/* every tenth version rewritten at the top: stored whole */
			if (i % 100 == 0)
				strbuf_addf(&c.tracked_text, "REWRITE %d\n", i);
			strbuf_addstr(&c.tracked_text, "END\n");
			if (!first_blob[0])
				strcpy(first_blob, c.tracked_blob);
		}
		bad += idx_add_commit(ix, &c) != 0;
		hist_commit_release(&c);
	}
	ok(!bad, "300 commits stored");
	ok(!idx_commit(ix), "commit");
	ok(idx_count(ix, "commits") == 300, "300 commits");
	ok(idx_count(ix, "paths") == 3, "3 paths interned");
	ok(idx_count(ix, "people") == 4, "4 people (2 authors, committer, trailer)");
	ok(idx_count(ix, "keys") == 3, "3 trailer keys");
	ok(idx_count(ix, "files") == 600, "600 file rows");
	ok(idx_count(ix, "blobs") == 30, "30 MAINTAINERS versions");
	ok(idx_has_commit(ix, "01" "00000000000000000000000000000000000001"),
	   "has_commit finds a stored id");
	ok(!idx_has_commit(ix, "ff00000000000000000000000000000000000000"),
	   "and not an unknown one");
	strbuf_release(&text);
}

/* every version rebuilt from its deltas */
static void check_versions(struct idx *ix)
{
	struct strbuf text = STRBUF_INIT, got = STRBUF_INIT;
	char blob[64];
	int i, bad;

	bad = 0;
	strbuf_reset(&text);
	for (i = 10; i <= 300; i += 10) {
		int j;
		struct strbuf want = STRBUF_INIT;

		strbuf_addf(&text, "SECTION %d\nM:\tA <a@b>\nF:\tdrivers/%d/\n\n", i, i);
		strbuf_addstr(&want, "HEADER\n");
		for (j = 0; j < 1; j++)
			strbuf_add(&want, text.buf, text.len);
		if (i % 100 == 0)
			strbuf_addf(&want, "REWRITE %d\n", i);
		strbuf_addstr(&want, "END\n");
		snprintf(blob, sizeof(blob), "b%039d", i);
		if (idx_blob_text(ix, blob, &got) || got.len != want.len ||
		    memcmp(got.buf, want.buf, want.len))
			bad++;
		strbuf_release(&want);
	}
	ok(!bad, "every version rebuilt byte for byte");
	ok(idx_count(ix, "blobs WHERE base IS NOT NULL") > 0, "versions stored as deltas");
	ok(idx_blob_text(ix, "nonexistent", &got) < 0, "an unknown blob is an error");
	strbuf_release(&text);
	strbuf_release(&got);
}

/* lookups, Fixes:, and the walks over versions, paths and trailers */
static void check_walks(struct idx *ix)
{
	struct strbuf got = STRBUF_INIT;
	long sums[2] = { 0, 0 };

	ok(idx_lookup_commit(ix, "0a00") != 0, "unique prefix found");
	ok(idx_lookup_commit(ix, "1000") == 0, "ambiguous prefix (i = 16 and 256) gives 0");
	ok(idx_lookup_commit(ix, "zz00") == 0, "not hex gives 0");
	idx_begin(ix);
	ok(idx_resolve_fixes(ix, true) == 1, "one Fixes: resolved");
	idx_commit(ix);

	{
		int64_t v[3] = { 0, 0, 0 };

		idx_foreach_version(ix, version_cb, v);
		ok(v[0] == 30 && v[2] == 0, "foreach_version: 30 versions in time order");
	}
	idx_foreach_touching(ix, "drivers/net/", 0, count_cb, sums);
	ok(sums[0] == 300 && sums[1] == 300 * 301 / 2, "foreach_touching a directory: count and added");
	sums[0] = sums[1] = 0;
	idx_foreach_touching(ix, "mm/c.c", 0, count_cb, sums);
	ok(sums[0] == 100 && sums[1] == -100, "a file with unknown counts: -1 each");
	sums[0] = 0;
	idx_foreach_touching(ix, "drivers/net/a.c", 1200, count_cb, sums);
	ok(sums[0] == 101, "since a time");
	strbuf_reset(&got);
	idx_foreach_trailer(ix, 1, trailer_cb, &got);
	ok(!strcmp(got.buf, "Signed-off-by=Alice/alice@example.com;Link=-/-;"),
	   "trailers: canonical key, person parsed, URL not a person");
	if (strcmp(got.buf, "Signed-off-by=Alice/alice@example.com;Link=-/-;"))
		printf("# %s\n", got.buf);
	strbuf_release(&got);
}

/* re-map after a mailmap change */
static void check_remap(struct idx *ix)
{
	/* re-map after a mailmap change */
	{
		static const char mmtext[] = "Alice Proper <alice@new.example> <Alice@example.com>\n";
		struct ident_mailmap *mm = ident_mailmap_new();
		sqlite3_stmt *st;

		ident_mailmap_add(mm, mmtext, strlen(mmtext));
		ix->mailmap = mm;
		ok(!idx_remap_people(ix), "remap");
		sqlite3_prepare_v2(ix->db, "SELECT count(*) FROM people WHERE memail = 'alice@new.example'",
				   -1, &st, NULL);
		sqlite3_step(st);
		ok(sqlite3_column_int(st, 0) == 2, "both Alice identities re-mapped");
		sqlite3_finalize(st);
		ix->mailmap = NULL;
		ident_mailmap_free(mm);
	}
}

/* delete listed commits, then prune to a reachable set */
static void check_prune(struct idx *ix)
{
	FILE *fp;
	int i;

	/* delete listed commits, then prune to a reachable set */
	fp = tmpfile();
	fprintf(fp, "%02x%038d\n%02x%038d\n", 1, 1, 2, 2);
	idx_begin(ix);
	ok(idx_delete_listed(ix, fp) == 2, "two commits deleted");
	idx_commit(ix);
	fclose(fp);
	ok(idx_count(ix, "commits") == 298 && idx_count(ix, "files") == 596 &&
	   idx_count(ix, "trailers") == 597, "their rows went with them");
	fp = tmpfile();
	for (i = 100; i <= 300; i++)
		fprintf(fp, "%02x%038d\n", i, i);
	idx_begin(ix);
	ok(idx_prune(ix, fp) == 97, "prune keeps what is reachable");
	idx_commit(ix);
	fclose(fp);
	ok(idx_count(ix, "commits") == 201, "201 left");
	ok(idx_count(ix, "maintainers") == 21, "their MAINTAINERS versions left");
	ok(idx_count(ix, "trailers WHERE target IS NOT NULL") == 0,
	   "a Fixes: pointing to a deleted commit is unresolved again");
}

/*
 * The path, key and person caches after a rollback, and when an index
 * that already has rows is opened again (a miss there is no new row).
 */
static void check_intern(struct idx *ix, const char *db)
{
	int64_t path, person;
	int i;

	idx_begin(ix);
	ok(idx_path(ix, "rolled/back") > 0 &&
	   idx_person(ix, "Rolled Back", "rb@example.org") > 0,
	   "a path and a person added");
	idx_rollback(ix);
	idx_begin(ix);
	path = idx_path(ix, "rolled/back");
	person = idx_person(ix, "Rolled Back", "rb@example.org");
	idx_commit(ix);
	ok(path > 0 && idx_query_int(ix, "SELECT id FROM paths "
				     "WHERE path = 'rolled/back'") == path,
	   "a path added again after a rollback has its row");
	ok(person > 0 && idx_query_int(ix, "SELECT id FROM people "
				       "WHERE email = 'rb@example.org'") ==
	   person, "a person added again after a rollback has its row");
	idx_close(ix);
	ok(!idx_open(ix, db, 0), "open again");
	idx_begin(ix);
	/* past the cache's first size: it grows, and still asks SQLite */
	for (i = 0; i < 600; i++) {
		char name[32];

		snprintf(name, sizeof(name), "grown/%d", i);
		if (idx_path(ix, name) <= 0)
			break;
	}
	ok(i == 600, "600 more paths");
	ok(idx_path(ix, "rolled/back") == path &&
	   idx_person(ix, "Rolled Back", "rb@example.org") == person &&
	   idx_count(ix, "paths WHERE path = 'rolled/back'") == 1,
	   "opened again, a known path and person keep their rows");
	idx_commit(ix);
}

int main(void)
{
	char path[] = "/tmp/kmaint-index-test.XXXXXX";
	struct idx ix;
	char *db;
	int fd = mkstemp(path);

	if (fd < 0)
		die_errno("mkstemp");
	close(fd);
	unlink(path);
	db = xstrfmt("%s/sub/index.sqlite", path);
	mkdir(path, 0700);

	ok(idx_open(&ix, db, IDX_READONLY) < 0, "read-only open of a missing index fails");
	ok(!idx_open(&ix, db, IDX_CREATE), "create (and the missing directory)");
	ok(idx_count(&ix, "commits") == 0, "empty commits table");

	add_commits(&ix);
	check_versions(&ix);
	check_walks(&ix);
	check_remap(&ix);
	check_prune(&ix);
	check_intern(&ix, db);

	ok(!idx_meta_set(&ix, "k", "v"), "meta set");
	{
		char *v = idx_meta_get(&ix, "k");

		ok(v && !strcmp(v, "v"), "meta get");
		free(v);
	}
	idx_exec(&ix, "PRAGMA user_version = 99");
	idx_close(&ix);
	fprintf(stderr, "# (an error message is expected here)\n");
	ok(idx_open(&ix, db, 0) < 0, "a newer schema version is refused");

	{
		char *cmd[] = { db, NULL };
		char *wal = xstrfmt("%s-wal", db), *shm = xstrfmt("%s-shm", db);
		char *dir = xstrfmt("%s/sub", path);

		unlink(cmd[0]);
		unlink(wal);
		unlink(shm);
		rmdir(dir);
		rmdir(path);
		free(wal);
		free(shm);
		free(dir);
	}
	free(db);
	return done_testing();
}
