/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_TREE_H
#define KMAINT_TREE_H

#include "util.h"

/*
 * The files of a source tree, as "kmaint map" and "kmaint check" see it.
 *
 * get_maintainer.pl takes `git ls-files` as the tree; an unpacked
 * tarball has no index, so there the same list comes from walking the
 * directories.  Either way the result is sorted bytewise (strcmp), which
 * is the order git keeps its index in, so callers can binary-search it.
 */
struct path_list {
	char **v;
	size_t nr, alloc;
};

#define PATH_LIST_INIT { NULL, 0, 0 }

/*
 * Every file of the tree at @root as paths relative to it, sorted
 * bytewise: `git ls-files -z` when @root is the top of a git work tree,
 * else a directory walk that skips .git (regular files and symlinks; not
 * directories).  Paths are appended to @out.  Returns 0, or -1 after
 * printing why.
 */
int tree_list_files(const char *root, struct path_list *out);

/* The directory walk alone, whether or not @root is a work tree. */
int tree_walk_files(const char *root, struct path_list *out);

/*
 * `git -C @root ls-files -z` alone.  Returns TREE_NO_GIT, silently, when
 * there is no git to run (tree_list_files() then walks, with a warning).
 */
#define TREE_NO_GIT (-2)
int tree_git_ls_files(const char *root, struct path_list *out);

void path_list_push(struct path_list *l, char *path);	/* takes @path */
void path_list_sort(struct path_list *l);
void path_list_release(struct path_list *l);

/*
 * Index of the first path >= @key in sorted @l (l->nr if none), so a
 * prefix search is a lower bound plus starts_with().
 */
size_t path_list_lower_bound(const struct path_list *l, const char *key);

#endif
