/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PATCH_H
#define KMAINT_PATCH_H

#include "matcher.h"

/*
 * What get_maintainer.pl takes from a patch: the paths it touches (both
 * sides of "diff --git", "---"/"+++" headers less their first component,
 * renames, mode changes), Fixes: targets, the @@ ranges per file, and the
 * K: keywords that hit its mail headers and message or its +/- lines.
 * An mbox holding a series is read as one patch, as the script does;
 * patch_split_mbox() gives the messages one by one for per-patch answers.
 */
struct patch_range {
	char *file;
	long start, len;
};

/*
 * One file's diff: the path it leaves (its "+++" side, or its old name
 * when deleted), the line of its "diff --git" (or "---") header in the
 * text read, 1-based, and whether it creates the file ("new file mode",
 * or "--- /dev/null").
 */
struct patch_diff {
	char *file;
	int line;
	bool added;
};

struct patch_info {
	char **files;
	size_t nr_files, alloc_files;
	char **fixes;
	int *fixes_line;	/* the line of each Fixes: */
	size_t nr_fixes, alloc_fixes;
	struct patch_diff *diffs;
	size_t nr_diffs, alloc_diffs;
	struct patch_range *ranges;
	size_t nr_ranges, alloc_ranges;
	/*
	 * The lines of the patch's MAINTAINERS hunks, with their ' ', '+'
	 * or '-'; "@@" starts each hunk.
	 */
	char **mnt_lines;
	int *mnt_lines_nr;	/* the line of each in the text read */
	size_t nr_mnt_lines, alloc_mnt_lines;
	/*
	 * The preimage blob named by the "index OLD..NEW" line of the
	 * first MAINTAINERS diff (as abbreviated there), or NULL: the
	 * version the patch was made against.
	 */
	char *mnt_base;
};

struct patch_opts {
	struct matcher *mt;	/* NULL: no keyword matching */
	struct keyword_hits *keywords;
	bool fixes;
	bool ranges;
};

/*
 * Read the patch text @buf.  Returns the number of paths it named.  NUL
 * bytes are reported as errors naming @name:line and make it return -1.
 */
int patch_read(const char *name, const char *buf, size_t len,
	       const struct patch_opts *opts, struct patch_info *info);
void patch_info_release(struct patch_info *info);

/* Split an mbox at its "From " lines; each piece points into @buf. */
struct mbox_msg {
	const char *buf;
	size_t len;
};
size_t patch_split_mbox(const char *buf, size_t len, struct mbox_msg **msgs);

#endif
