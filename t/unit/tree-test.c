// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for maintainers/tree.c: the walk against a tree built here, and
 * `git ls-files` against the walk on a fresh repository (when git is
 * installed).  TAP output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tree.h"
#include "tap.h"

static char *base;

static char *at(const char *rel)
{
	return xstrfmt("%s/%s", base, rel);
}

static void mkfile(const char *rel)
{
	char *p = at(rel);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, "x\n", 2) != 2)
		die_errno("cannot create %s", p);
	close(fd);
	free(p);
}

static void mkdir_rel(const char *rel)
{
	char *p = at(rel);

	if (mkdir(p, 0755))
		die_errno("mkdir %s", p);
	free(p);
}

static int run(const char *const *argv)
{
	int status, null;
	pid_t pid = fork();

	if (pid < 0)
		die_errno("fork");
	if (!pid) {
		null = open("/dev/null", O_WRONLY);
		dup2(null, 1);
		dup2(null, 2);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		die_errno("waitpid");
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *joined(const struct path_list *l)
{
	size_t i, len = 1;
	char *s, *p;

	for (i = 0; i < l->nr; i++)
		len += strlen(l->v[i]) + 1;
	p = s = xmalloc(len);
	for (i = 0; i < l->nr; i++)
		p += sprintf(p, "%s%s", i ? " " : "", l->v[i]);
	*p = '\0';
	return s;
}

/* Every name sorts differently by component than by whole path. */
static const char *const expected =
	"a-b a.c a/b a/z/deep.c link-to-a link-to-x x y.h";

static void build_tree(void)
{
	mkfile("x");
	mkfile("y.h");
	mkfile("a-b");
	mkfile("a.c");
	mkdir_rel("a");
	mkfile("a/b");
	mkdir_rel("a/z");
	mkfile("a/z/deep.c");
	mkdir_rel("a/empty");
	mkdir_rel(".git");
	mkfile(".git/HEAD");
	mkdir_rel("a/.git");
	mkfile("a/.git/config");
	{
		char *l = at("link-to-x"), *d = at("link-to-a");

		if (symlink("x", l) || symlink("a", d))
			die_errno("symlink");
		free(l);
		free(d);
	}
}

static void test_walk(void)
{
	struct path_list l = PATH_LIST_INIT;
	char *s;

	ok(!tree_walk_files(base, &l), "walk succeeds");
	s = joined(&l);
	ok(!strcmp(s, expected), "walk lists files and symlinks, sorted, no .git");
	if (strcmp(s, expected))
		printf("# got: %s\n# expected: %s\n", s, expected);
	free(s);

	ok(path_list_lower_bound(&l, "a/") == 2, "lower bound of a/");
	ok(path_list_lower_bound(&l, "a/b") == 2, "lower bound of an entry");
	ok(path_list_lower_bound(&l, "zzz") == l.nr, "lower bound past the end");
	ok(path_list_lower_bound(&l, "") == 0, "lower bound of the empty key");
	path_list_release(&l);
	ok(l.nr == 0 && l.v == NULL, "release empties the list");

	fprintf(stderr, "# (an error message is expected here)\n");
	ok(tree_walk_files("/nonexistent/kmaint", &l) == -1 && !l.nr,
	   "walk of a missing directory fails");
}

static void test_git(void)
{
	const char *init[] = { "git", "-C", base, "init", "-q", NULL };
	const char *add[] = { "git", "-C", base, "add", "-A", NULL };
	struct path_list g = PATH_LIST_INIT, w = PATH_LIST_INIT;
	char *dotgit = at(".git"), *s;
	const char *rm[] = { "rm", "-rf", dotgit, NULL };

	/* replace the fake .git and the nested one by a real repository */
	run(rm);
	free(dotgit);
	dotgit = at("a/.git");
	rm[2] = dotgit;
	run(rm);
	free(dotgit);
	if (run(init) || run(add)) {
		printf("# SKIP git is not usable here\n");
		return;
	}
	mkfile("untracked");
	ok(!tree_list_files(base, &g), "git ls-files succeeds");
	s = joined(&g);
	ok(!strcmp(s, expected), "git ls-files lists the tracked files, sorted");
	if (strcmp(s, expected))
		printf("# got: %s\n# expected: %s\n", s, expected);
	free(s);
	ok(!tree_walk_files(base, &w) && w.nr == g.nr + 1,
	   "the walk also sees the untracked file");
	path_list_release(&w);
	{
		char *path = getenv("PATH") ? xstrdup(getenv("PATH")) : NULL;

		setenv("PATH", "/nonexistent-kmaint", 1);
		fprintf(stderr, "# (a warning about git is expected here)\n");
		ok(tree_git_ls_files(base, &w) == TREE_NO_GIT && !w.nr,
		   "no git to run: TREE_NO_GIT");
		ok(!tree_list_files(base, &w) && w.nr == g.nr + 1,
		   "no git to run: tree_list_files() walks instead");
		if (path)
			setenv("PATH", path, 1);
		free(path);
	}
	path_list_release(&g);
	path_list_release(&w);
}

int main(void)
{
	char tmpl[] = "/tmp/kmaint-tree-test.XXXXXX";
	const char *rm[] = { "rm", "-rf", NULL, NULL };

	if (!mkdtemp(tmpl))
		die_errno("mkdtemp");
	base = tmpl;
	build_tree();
	test_walk();
	test_git();
	rm[2] = tmpl;
	run(rm);
	return done_testing();
}
