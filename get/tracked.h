/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_TRACKED_H
#define KMAINT_TRACKED_H

#include "util.h"

/*
 * get_maintainer.pl's rule for an argument given without -f: a path
 * git knows (`git ls-files -- PATH` prints something) is a file, any
 * other is a patch.  git reads its whole index to answer, 10 MB and
 * 50 ms in a kernel tree, more than the rest of "kmaint get" together,
 * and send-email and b4 ask once per patch and per option.  So:
 *
 *  - a path outside the work tree (resolved as git resolves it,
 *    symlinks included) is not asked about: git would only fail;
 *  - git's other answers are kept in $GIT_DIR/kmaint/tracked, valid
 *    while the index, the repository's and the user's git
 *    configuration and the .git file are the same files with the same
 *    size and modification time as when git answered.  An answer is
 *    kept only when those files were at least two seconds old when
 *    git was run, so a file rewritten later always looks different,
 *    even in the same clock tick and with a reused inode.
 *
 * Anything unusual (GIT_DIR, GIT_INDEX_FILE and the other variables
 * that change what git reads or how it reads a pathspec; a repository
 * owned by someone else, where git may refuse to run) is asked of git
 * every time.  A cache that cannot be read or written is ignored.
 *
 * The current directory must be @top, the top of the tree, with a .git
 * there; @path is as it will be given to git (relative to @top, or
 * absolute).
 */
bool git_tracked(const char *top, const char *path);

#endif
