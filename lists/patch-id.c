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
};

static int hash_result(const char *id, const char *key, void *data)
{
	struct hash_cb *hc = data;

	return hc->fn(key, id, hc->data);
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
	struct hash_cb hc = { fn, data };
	struct strbuf line = STRBUF_INIT;
	FILE *out = tmpfile();
	int fds[2], rc = 0, drc = 0, prc;
	const char *hash;

	if (!out)
		die_errno("cannot create a temporary file");
	if (pipe2(fds, O_CLOEXEC))
		die_errno("cannot make a pipe");
	pid.argv = patchid_argv;
	pid.env = git_env;
	pid.in = fds[0];
	pid.out = fileno(out);
	if (start_command(&pid))
		die("cannot run git patch-id");
	close(fds[0]);
	/* the diff-trees one after the other, into the one patch-id */
	hash = next(next_data);
	while (hash && !drc) {
		struct child_process diff = CHILD_PROCESS_INIT;
		size_t n = 0;

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
		for (; hash && n < patchid_difftree_commits; n++) {
			strbuf_reset(&line);
			strbuf_addf(&line, "%s\n", hash);
			/* a diff-tree that died: its exit status says it below */
			if (write_all(diff.in, line.buf, line.len))
				break;
			hash = next(next_data);
		}
		child_close_in(&diff);
		drc = finish_command(&diff);
	}
	strbuf_release(&line);
	close(fds[1]);
	prc = finish_command(&pid);
	if (drc || prc)
		rc = error("git diff-tree -p | git patch-id failed (exit %d, %d); "
			   "some commits have no patch-id", drc, prc);
	if (read_results(out, hash_result, &hc))
		rc = -1;
	fclose(out);
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
