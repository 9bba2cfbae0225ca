// SPDX-License-Identifier: GPL-2.0
/*
 * Listing the files of a tree: `git ls-files` or a directory walk.
 *
 * The walk uses openat()/fdopendir() and the d_type that readdir()
 * already returns, so listing the 86,630 files of a kernel tree costs
 * one getdents() stream per directory and no stat() per file; only file
 * systems that answer DT_UNKNOWN pay for an fstatat().
 */
#include "tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "strbuf.h"

void path_list_push(struct path_list *l, char *path)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = path;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void path_list_sort(struct path_list *l)
{
	size_t i;

	/* git's output is sorted already; don't pay qsort for nothing. */
	for (i = 1; i < l->nr; i++)
		if (strcmp(l->v[i - 1], l->v[i]) > 0)
			break;
	if (i < l->nr)
		qsort(l->v, l->nr, sizeof(*l->v), cmp_path);
}

void path_list_release(struct path_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}

size_t path_list_lower_bound(const struct path_list *l, const char *key)
{
	size_t lo = 0, hi = l->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(l->v[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct dir_entry {
	size_t name;		/* offset in the directory's name buffer */
	bool dir;
};

/*
 * Order of the entries of one directory such that walking them in turn
 * lists paths in strcmp() order: a directory compares as its name plus
 * "/", since every path below it continues with one ("a-b" < "a.c" <
 * "a/x" < "a0", as '-' < '.' < '/' < '0').  The whole walk then comes
 * out sorted, without a final sort of all the paths (which took a third
 * of the time on a kernel tree).
 */
static int cmp_entry(const void *x, const void *y, void *names)
{
	const struct dir_entry *e = x, *f = y;
	const unsigned char *a = (const unsigned char *)names + e->name;
	const unsigned char *b = (const unsigned char *)names + f->name;
	int ca, cb;

	while (*a && *a == *b) {
		a++;
		b++;
	}
	ca = *a ? *a : e->dir ? '/' : 0;
	cb = *b ? *b : f->dir ? '/' : 0;
	return ca - cb;
}

/*
 * Walk the directory open as @dfd, whose path relative to the root is
 * @prefix (empty, or ending in "/").  Takes ownership of @dfd.
 */
static int walk(int dfd, struct strbuf *prefix, struct path_list *out,
		const char *root)
{
	size_t base = prefix->len, nr = 0, alloc = 0, i;
	struct strbuf names = STRBUF_INIT;
	struct dir_entry *v = NULL;
	struct dirent *de;
	DIR *dir = fdopendir(dfd);
	int ret = 0;

	if (!dir) {
		close(dfd);
		return error("cannot read directory '%s/%s': %s", root,
			     prefix->buf, strerror(errno));
	}
	while ((errno = 0, de = readdir(dir))) {
		unsigned char type = de->d_type;
		const char *name = de->d_name;

		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat st;

			if (fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW)) {
				ret = error("cannot stat '%s/%s%s': %s", root,
					    prefix->buf, name, strerror(errno));
				break;
			}
			if (S_ISDIR(st.st_mode))
				type = DT_DIR;
			else if (S_ISREG(st.st_mode))
				type = DT_REG;
			else if (S_ISLNK(st.st_mode))
				type = DT_LNK;
		}
		/* git skips .git at every level: submodules, worktrees */
		if (type == DT_DIR && !strcmp(name, ".git"))
			continue;
		/* fifos, sockets and devices are no source files */
		if (type != DT_DIR && type != DT_REG && type != DT_LNK)
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].name = names.len;
		v[nr++].dir = type == DT_DIR;
		strbuf_add(&names, name, strlen(name) + 1);
	}
	if (!ret && errno)
		ret = error("cannot read directory '%s/%s': %s", root,
			    prefix->buf, strerror(errno));
	if (!ret && nr)
		qsort_r(v, nr, sizeof(*v), cmp_entry, names.buf);
	for (i = 0; !ret && i < nr; i++) {
		const char *name = names.buf + v[i].name;

		if (v[i].dir) {
			int sub = openat(dirfd(dir), name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			if (sub < 0) {
				ret = error("cannot open directory '%s/%s%s': %s",
					    root, prefix->buf, name,
					    strerror(errno));
				break;
			}
			strbuf_addstr(prefix, name);
			strbuf_addch(prefix, '/');
			ret = walk(sub, prefix, out, root);
			strbuf_setlen(prefix, base);
		} else {
			size_t n = strlen(name);
			char *p = xmalloc(base + n + 1);

			memcpy(p, prefix->buf, base);
			memcpy(p + base, name, n + 1);
			path_list_push(out, p);
		}
	}
	closedir(dir);
	strbuf_release(&names);
	free(v);
	return ret;
}

int tree_walk_files(const char *root, struct path_list *out)
{
	struct strbuf prefix = STRBUF_INIT;
	int dfd, ret;

	dfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return error("cannot open directory '%s': %s", root,
			     strerror(errno));
	ret = walk(dfd, &prefix, out, root);
	strbuf_release(&prefix);
	path_list_sort(out);
	return ret;
}

/*
 * Run @argv with stdout to a pipe read into @sb, stdin from /dev/null,
 * stderr inherited.  No shell is involved.  Returns the exit status,
 * or -1 if the program could not be run.
 */
static int capture(const char *const *argv, struct strbuf *sb)
{
	int fd[2], status;
	pid_t pid;
	ssize_t n;

	if (pipe2(fd, O_CLOEXEC))
		return error("cannot create pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return error("cannot fork: %s", strerror(errno));
	}
	if (!pid) {
		int null = open("/dev/null", O_RDONLY);

		if (null >= 0)
			dup2(null, 0);
		dup2(fd[1], 1);
		execvp(argv[0], (char *const *)argv);
		/* 127, as a shell says "command not found" */
		if (errno != ENOENT)
			fprintf(stderr, "%s: cannot run %s: %s\n", progname,
				argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		strbuf_grow(sb, 65536);
		n = read(fd[0], sb->buf + sb->len, sb->alloc - sb->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		strbuf_setlen(sb, sb->len + (size_t)n);
	}
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return error("waitpid: %s", strerror(errno));
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

int tree_git_ls_files(const char *root, struct path_list *out)
{
	const char *argv[] = { "git", "-C", root, "ls-files", "-z", NULL };
	struct strbuf sb = STRBUF_INIT;
	size_t pos = 0;
	int rc;

	rc = capture(argv, &sb);
	if (rc) {
		strbuf_release(&sb);
		if (rc == 127)
			return TREE_NO_GIT;
		return rc < 0 ? -1 :
			error("'git -C %s ls-files' failed (exit %d)", root, rc);
	}
	while (pos < sb.len) {
		size_t n = strlen(sb.buf + pos);

		path_list_push(out, xstrndup(sb.buf + pos, n));
		pos += n + 1;
	}
	strbuf_release(&sb);
	path_list_sort(out);
	return 0;
}

int tree_list_files(const char *root, struct path_list *out)
{
	char *dotgit = xstrfmt("%s/.git", root);
	struct stat st;
	int is_top = !lstat(dotgit, &st);

	/* .git is a directory, or a "gitdir:" file in worktrees */
	free(dotgit);
	if (is_top) {
		int ret = tree_git_ls_files(root, out);

		if (ret != TREE_NO_GIT)
			return ret;
		warning("git is not installed: listing '%s' by walking it", root);
	}
	return tree_walk_files(root, out);
}
