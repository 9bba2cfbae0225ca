// SPDX-License-Identifier: GPL-2.0
#include "patch-id.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-command.h"
#include "strbuf.h"
#include "strmap.h"

static const char *git_env[] = { "GIT_NO_LAZY_FETCH=1", NULL };
static const char *patchid_argv[] = { "git", "patch-id", "--stable", NULL };

struct patchid {
	struct child_process cp;
	FILE *out;
	int hexsz;
	bool dead;
	struct strbuf buf;
};

struct patchid *patchid_start(int hexsz)
{
	struct patchid *p = xcalloc(1, sizeof(*p));

	p->hexsz = hexsz;
	strbuf_init(&p->buf, 0);
	p->out = tmpfile();
	if (!p->out)
		die_errno("cannot create a temporary file");
	p->cp.argv = patchid_argv;
	p->cp.env = git_env;
	p->cp.in = -1;
	p->cp.out = fileno(p->out);
	if (start_command(&p->cp))
		die("cannot run git patch-id");
	return p;
}

int patchid_add(struct patchid *p, int64_t key, const char *patch, size_t len)
{
	if (p->dead)
		return -1;
	/* one write a patch: 32,000 patches on the linux-xfs epoch */
	strbuf_reset(&p->buf);
	strbuf_addf(&p->buf, "commit %0*llx\n", p->hexsz, (unsigned long long)key);
	strbuf_add(&p->buf, patch, len);
	if (!len || patch[len - 1] != '\n')
		strbuf_addch(&p->buf, '\n');
	if (write_all(p->cp.in, p->buf.buf, p->buf.len)) {
		error("cannot write to git patch-id: %s", strerror(errno));
		p->dead = true;
		return -1;
	}
	return 0;
}

/* "PATCHID KEY" lines of @fp. */
static int read_results(FILE *fp, int (*fn)(const char *id, const char *key,
					    void *data), void *data)
{
	struct strbuf line = STRBUF_INIT;
	int rc = 0;

	rewind(fp);
	while (!rc && strbuf_getline(&line, fp) != EOF) {
		char *sp = strchr(line.buf, ' ');

		if (!sp)
			continue;
		*sp = '\0';
		rc = fn(line.buf, sp + 1, data);
	}
	strbuf_release(&line);
	return rc;
}

struct key_cb {
	int (*fn)(int64_t key, const char *id, void *data);
	void *data;
};

static int key_result(const char *id, const char *key, void *data)
{
	struct key_cb *kc = data;

	return kc->fn((int64_t)strtoull(key, NULL, 16), id, kc->data);
}

int patchid_finish(struct patchid *p,
		   int (*fn)(int64_t key, const char *id, void *data),
		   void *data)
{
	struct key_cb kc = { fn, data };
	int rc = finish_command(&p->cp);
	bool dead = p->dead;

	if (rc)
		error("git patch-id failed (exit %d)", rc);
	if (read_results(p->out, key_result, &kc))
		rc = -1;
	fclose(p->out);
	strbuf_release(&p->buf);
	free(p);
	return rc || dead ? -1 : 0;
}

struct hash_cb {
	int (*fn)(const char *hash, const char *id, void *data);
	void *data;
	const struct strmap *skip;	/* commits whose diff was cut short */
};

static int hash_result(const char *id, const char *key, void *data)
{
	struct hash_cb *hc = data;

	if (strmap_find(hc->skip, key, strlen(key)))
		return 0;
	return hc->fn(key, id, hc->data);
}

/* The commits fed to one git diff-tree. */
struct feed {
	char **v;
	size_t nr, alloc;
};

static void feed_add(struct feed *f, const char *hash)
{
	ALLOC_GROW(f->v, f->nr + 1, f->alloc);
	f->v[f->nr++] = xstrdup(hash);
}

static void feed_clear(struct feed *f)
{
	while (f->nr)
		free(f->v[--f->nr]);
}

/* Each blob id of a "git diff-tree -r" line, but gitlinks' and zeros. */
static void add_blobs(struct strbuf *ids, const char *line)
{
	char mode[2][8], id[2][72];
	int i;

	if (sscanf(line, ":%7s %7s %71s %71s", mode[0], mode[1], id[0],
		   id[1]) != 4)
		return;
	for (i = 0; i < 2; i++)
		if (strcmp(mode[i], "160000") && strspn(id[i], "0") != strlen(id[i]))
			strbuf_addf(ids, "%s\n", id[i]);
}

/*
 * The commits of @cur whose diff needs a blob the repository lacks (a
 * damaged clone, a snapshot without its large files), added to @skip:
 * "git diff-tree -r" names the blobs without reading them, "git
 * cat-file --batch-check" says which are missing.  How many were added.
 */
static size_t find_missing(const struct feed *cur, struct strmap *skip,
			   struct feed *bad)
{
	static const char *tree_argv[] = {
		"git", "diff-tree", "-r", "--stdin", "--no-renames", NULL
	};
	static const char *check_argv[] = {
		"git", "cat-file", "--batch-check", NULL
	};
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT, err = STRBUF_INIT;
	struct strbuf ids = STRBUF_INIT, res = STRBUF_INIT;
	size_t *of = NULL, nr = 0, alloc = 0, i, c = 0, added = 0;
	const char *p, *q;

	for (i = 0; i < cur->nr; i++)
		strbuf_addf(&in, "%s\n", cur->v[i]);
	if (pipe_command(tree_argv, git_env, in.buf, in.len, &out, &err))
		goto done;
	/* the commit's line, then one line per changed path */
	for (p = out.buf; *p; p = *q ? q + 1 : q) {
		q = strchrnul(p, '\n');
		if (*p != ':') {
			while (c < cur->nr && strncmp(cur->v[c], p, (size_t)(q - p)))
				c++;
			continue;
		}
		i = ids.len;
		add_blobs(&ids, p);
		for (; i < ids.len; i = strchr(ids.buf + i, '\n') - ids.buf + 1) {
			ALLOC_GROW(of, nr + 1, alloc);
			of[nr++] = c;
		}
	}
	if (!nr || pipe_command(check_argv, git_env, ids.buf, ids.len, &res,
				&err))
		goto done;
	/* "<id> missing", or "<id> blob <size>", in input order */
	for (i = 0, p = res.buf; *p && i < nr; i++, p = *q ? q + 1 : q) {
		q = strchrnul(p, '\n');
		if (q - p > 8 && !strncmp(q - 8, " missing", 8) && of[i] < cur->nr &&
		    !strmap_find(skip, cur->v[of[i]], strlen(cur->v[of[i]]))) {
			strmap_insert(skip, cur->v[of[i]], strlen(cur->v[of[i]]));
			feed_add(bad, cur->v[of[i]]);
			added++;
		}
	}
done:
	free(of);
	strbuf_release(&in);
	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&ids);
	strbuf_release(&res);
	return added;
}

/*
 * After a git diff-tree that died on a missing blob: the commits of
 * @cur after the first one it could not read, but those that cannot be
 * read either, go to @todo, to be fed again.
 */
static void requeue(struct feed *cur, const struct strmap *skip,
		    struct feed *todo)
{
	size_t i = 0;

	while (i < cur->nr && !strmap_find(skip, cur->v[i], strlen(cur->v[i])))
		i++;
	for (i++; i < cur->nr; i++)
		if (!strmap_find(skip, cur->v[i], strlen(cur->v[i])))
			feed_add(todo, cur->v[i]);
}

static bool write_line(int fd, const char *hash)
{
	char buf[128];
	int n = snprintf(buf, sizeof(buf), "%s\n", hash);

	return n < 0 || (size_t)n >= sizeof(buf) || write_all(fd, buf, (size_t)n);
}

/* Name the commits given no patch-id, once. */
static void tell_skipped(const struct feed *bad)
{
	size_t i;

	if (!bad->nr)
		return;
	warning("%zu commit%s could not be diffed, a blob missing from the "
		"repository; no patch-id for:", bad->nr,
		bad->nr == 1 ? "" : "s");
	for (i = 0; i < bad->nr; i++)
		fprintf(stderr, "  %s\n", bad->v[i]);
}

/*
 * Commits per "git diff-tree --stdin": one process grows with every
 * commit it reads (146 MB of its own after 20,000 of a generated kernel
 * history; the import of a million messages, 409,471 commits, peaked at
 * 1.2 GB); a new one every 5,000 keeps it near 40 MB, for 80 process
 * starts.
 */
size_t patchid_difftree_commits = 5000;

int patchid_commits_fed(const char *(*next)(void *data), void *next_data,
			int (*fn)(const char *hash, const char *id, void *data),
			void *data)
{
	/* as git format-patch makes them: renames detected */
	static const char *diff_argv[] = {
		"git", "-c", "core.deltaBaseCacheLimit=16m",
		"diff-tree", "--stdin", "-p", "-M", "--no-color",
		"--no-ext-diff", "--no-textconv", NULL
	};
	struct child_process pid = CHILD_PROCESS_INIT;
	struct strmap skip;
	struct hash_cb hc = { fn, data, &skip };
	struct feed cur = { 0 }, todo = { 0 }, bad = { 0 };
	FILE *out = tmpfile();
	int fds[2], rc = 0, drc = 0, prc;
	const char *hash;

	if (!out)
		die_errno("cannot create a temporary file");
	if (pipe2(fds, O_CLOEXEC))
		die_errno("cannot make a pipe");
	strmap_init(&skip);
	pid.argv = patchid_argv;
	pid.env = git_env;
	pid.in = fds[0];
	pid.out = fileno(out);
	if (start_command(&pid))
		die("cannot run git patch-id");
	close(fds[0]);
	/* the diff-trees one after the other, into the one patch-id */
	hash = next(next_data);
	while ((hash || todo.nr) && !drc) {
		struct child_process diff = CHILD_PROCESS_INIT;
		bool failed = false;
		size_t i;

		diff.argv = diff_argv;
		diff.env = git_env;
		diff.in = -1;
		diff.out = fds[1];
		diff.err = CHILD_NULL;
		if (start_command(&diff))
			die("cannot run git diff-tree");
#ifdef F_SETPIPE_SZ
		/*
		 * A page of commits ahead of diff-tree, not 64 KB: @next is
		 * asked as diff-tree gets on, and may have learnt where to
		 * stop.
		 */
		fcntl(diff.in, F_SETPIPE_SZ, 4096);
#endif
		/*
		 * Those a diff-tree that died left undone first.  A write to
		 * a diff-tree that died fails: its exit status says why below.
		 */
		for (i = 0; i < todo.nr; i++) {
			feed_add(&cur, todo.v[i]);
			failed = failed || write_line(diff.in, todo.v[i]);
		}
		feed_clear(&todo);
		while (hash && !failed && cur.nr < patchid_difftree_commits) {
			feed_add(&cur, hash);
			failed = write_line(diff.in, hash);
			hash = next(next_data);
		}
		child_close_in(&diff);
		drc = finish_command(&diff);
		/*
		 * A blob missing: its commit's diff was cut short, wherever in
		 * a line (its patch-id is dropped); the rest are fed again.
		 */
		if (drc && find_missing(&cur, &skip, &bad)) {
			write_all(fds[1], "\n", 1);
			requeue(&cur, &skip, &todo);
			drc = 0;
		}
		feed_clear(&cur);
	}
	close(fds[1]);
	prc = finish_command(&pid);
	if (drc || prc)
		rc = error("git diff-tree -p | git patch-id failed (exit %d, %d); "
			   "some commits have no patch-id", drc, prc);
	tell_skipped(&bad);
	if (read_results(out, hash_result, &hc))
		rc = -1;
	fclose(out);
	feed_clear(&bad);
	free(cur.v);
	free(todo.v);
	free(bad.v);
	strmap_clear(&skip, false);
	return rc;
}

struct hash_list {
	char **hashes;
	size_t nr, next;
};

static const char *next_listed(void *data)
{
	struct hash_list *l = data;

	return l->next < l->nr ? l->hashes[l->next++] : NULL;
}

int patchid_commits(char **hashes, size_t nr,
		    int (*fn)(const char *hash, const char *id, void *data),
		    void *data)
{
	struct hash_list l = { hashes, nr, 0 };

	return patchid_commits_fed(next_listed, &l, fn, data);
}
