// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lists/patch-id.c: one git patch-id process for many
 * patches, results by key, the same id for the same diff however it is
 * wrapped.  TAP output.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "patch-id.h"
#include "run-command.h"
#include "strbuf.h"
#include "tap.h"

static const char diff_a[] =
	"diff --git a/x.c b/x.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/x.c\n"
	"+++ b/x.c\n"
	"@@ -1,2 +1,2 @@\n"
	" one\n"
	"-two\n"
	"+three\n";

static char ids[8][80];

static int got(int64_t key, const char *id, void *data)
{
	int *n = data;

	if (key >= 0 && key < 8)
		snprintf(ids[key], sizeof(ids[key]), "%s", id);
	(*n)++;
	return 0;
}

static int git_ok(const char **argv)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int rc = capture_git(argv, &out, &err);

	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

struct by_hash {
	char hash[8][48], id[8][48];
	int n;
};

static int got_commit(const char *hash, const char *id, void *data)
{
	struct by_hash *b = data;

	if (b->n < 8) {
		snprintf(b->hash[b->n], sizeof(b->hash[0]), "%s", hash);
		snprintf(b->id[b->n], sizeof(b->id[0]), "%s", id);
	}
	b->n++;
	return 0;
}

/*
 * The blob of "line 2" gone (the work tree has "line 4", so git cannot
 * read the file there instead):
 * the two commits whose diff needs it get no patch-id, the other two
 * theirs, whether one diff-tree runs or one per two commits.
 */
static void missing_blob(char **list, size_t nr, const struct by_hash *one)
{
	static const char *blob[] = { "rev-parse", "HEAD~2:x.c", NULL };
	struct strbuf out = STRBUF_INIT, path = STRBUF_INIT;
	size_t sizes[] = { 5000, 2 }, k;

	capture_git(blob, &out, NULL);
	strbuf_trim(&out);
	strbuf_addf(&path, ".git/objects/%.2s/%s", out.buf, out.buf + 2);
	ok(out.len == 40 && !unlink(path.buf), "the blob of line 2 removed");
	for (k = 0; k < ARRAY_SIZE(sizes); k++) {
		struct by_hash b = { 0 };
		char *what;

		patchid_difftree_commits = sizes[k];
		patchid_commits(list, nr, got_commit, &b);
		what = xstrfmt("%zu commits a diff-tree: a patch-id for the "
			       "first and last changes only, each the same", sizes[k]);
		ok(b.n == 2 && !strcmp(b.hash[0], one->hash[0]) &&
		   !strcmp(b.id[0], one->id[0]) && !strcmp(b.hash[1], one->hash[3]) &&
		   !strcmp(b.id[1], one->id[3]), what);
		free(what);
	}
	patchid_difftree_commits = 5000;
	strbuf_release(&out);
	strbuf_release(&path);
}

/*
 * Commit patch-ids through several git diff-trees, one after the other
 * into one patch-id, as through one: five commits, two per diff-tree.
 */
static void commits_in_rounds(void)
{
	static const char *init[] = { "init", "-q", NULL };
	static const char *add[] = { "add", "x.c", NULL };
	static const char *commit[] = { "-c", "user.name=A", "-c",
		"user.email=a@example.com", "commit", "-qm", "change", NULL };
	static const char *revs[] = { "rev-list", "--reverse", "HEAD", NULL };
	char dir[] = "/tmp/kmaint-patchid-test.XXXXXX", *list[8];
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct by_hash one = { 0 }, rounds = { 0 };
	char *old = getcwd(NULL, 0), *p;
	size_t nr = 0;
	int i, same = 1;

	if (!mkdtemp(dir) || chdir(dir) || git_ok(init)) {
		ok(0, "a repository for the commits");
		return;
	}
	for (i = 0; i < 5; i++) {
		FILE *f = fopen("x.c", "w");

		fprintf(f, "line %d\n", i);
		fclose(f);
		git_ok(add);
		git_ok(commit);
	}
	capture_git(revs, &out, &err);
	for (p = strtok(out.buf, "\n"); p && nr < 8; p = strtok(NULL, "\n"))
		list[nr++] = p;
	ok(nr == 5, "five commits made");
	patchid_commits(list, nr, got_commit, &one);
	patchid_difftree_commits = 2;
	ok(!patchid_commits(list, nr, got_commit, &rounds),
	   "three diff-trees of two commits at most");
	patchid_difftree_commits = 5000;
	/* the root commit has none: diff-tree without --root */
	ok(one.n == 4 && rounds.n == 4, "a patch-id for each commit but the root, either way");
	for (i = 0; i < 4 && i < one.n && i < rounds.n; i++)
		if (strcmp(one.hash[i], rounds.hash[i]) ||
		    strcmp(one.id[i], rounds.id[i]))
			same = 0;
	ok(same, "the same commits and ids, in the same order");
	ok(strcmp(one.id[0], one.id[1]) != 0, "two changes, two ids");
	if (one.n == 4)
		missing_blob(list, nr, &one);
	strbuf_release(&out);
	strbuf_release(&err);
	if (old && !chdir(old)) {
		const char *rm[] = { "rm", "-rf", dir, NULL };
		struct child_process cp = CHILD_PROCESS_INIT;

		cp.argv = rm;
		run_command(&cp);
	}
	free(old);
}

int main(void)
{
	struct patchid *p;
	char mail[1024];
	int n = 0;

	signal(SIGPIPE, SIG_IGN);
	p = patchid_start(40);
	ok(!patchid_add(p, 1, diff_a, strlen(diff_a)), "a patch fed");
	/* as a mail has it: a message before, a signature after */
	snprintf(mail, sizeof(mail), "Subject: x\n\nSigned-off-by: A <a@b>\n---\n%s-- \n2.39.0\n",
		 diff_a);
	ok(!patchid_add(p, 2, mail, strlen(mail)), "the same in a mail");
	ok(!patchid_add(p, 3, "no diff here\n", 13), "text without a diff");
	snprintf(mail, sizeof(mail), "%s", diff_a);
	memcpy(strstr(mail, "+three"), "+thre3", 6);
	ok(!patchid_add(p, 4, mail, strlen(mail)), "a different diff");
	snprintf(mail, sizeof(mail), "%s", diff_a);
	memcpy(strstr(mail, "+three"), "+ three", 7);
	strcpy(strstr(mail, "+ three") + 7, "\n");
	ok(!patchid_add(p, 5, mail, strlen(mail)), "white space changed");
	ok(!patchid_add(p, 6, diff_a, strlen(diff_a) - 1), "no final newline");
	ok(!patchid_finish(p, got, &n), "finished");
	ok(n == 5, "five results (none for the text)");
	ok(strlen(ids[1]) == 40, "a 40-digit id");
	is_str(ids[2], ids[1], "a mail's patch has the patch's id");
	ok(!ids[3][0], "no id without a diff");
	ok(strcmp(ids[4], ids[1]) != 0, "another diff, another id");
	is_str(ids[5], ids[1], "--stable ignores white space");
	is_str(ids[6], ids[1], "a missing final newline is added");
	commits_in_rounds();
	return done_testing();
}
