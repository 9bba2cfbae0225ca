/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MAINTAINERS_H
#define KMAINT_MAINTAINERS_H

#include "arena.h"
#include "util.h"

/*
 * The MAINTAINERS model.
 *
 * get_maintainer.pl sees a MAINTAINERS file as the list of its lines that
 * are neither blank nor comments ("entries"): a line "X: value" with an
 * upper-case letter is a field, any other line is text.  A section is a
 * maximal run of field entries, named by the text entry just before it.
 * Blank and comment lines therefore neither end a section nor separate a
 * heading from its fields, and every lookup answer depends on exactly
 * this reading, so the model keeps it rather than a tidier one.  Every
 * physical line is kept as well, for "kmaint check".
 *
 * Several files (the MAINTAINERS/ directory form, --find-maintainer-files)
 * are read as one concatenated list, as the script does.
 */

struct mnt_line {
	const char *text;	/* without the newline */
	size_t len;		/* may contain NUL bytes */
	int file;		/* index into files[] */
	int nr;			/* 1-based line number */
	int entry;		/* entry index, or -1 for blank/comment */
};

struct mnt_entry {
	char type;		/* field letter, or 0 for a text line */
	const char *value;	/* field value after ":" and white space */
	const char *text;	/* the whole line */
	int line;		/* index into lines[] */
	int section;		/* for fields; -1 for text entries */
};

struct mnt_section {
	int heading;		/* entry index of the name, or -1 */
	int first, end;		/* field entries [first, end) */
	const char *name;
	const char *status;	/* value of the last S:, or NULL */
	bool maintained;	/* an S: matches /maintain|support/i */
	bool has_maintainer;	/* at least one M: */
};

enum mnt_severity { MNT_WARNING, MNT_ERROR };

/*
 * The dialects of the format that projects wrote when they copied it.
 *  - kernel: the Linux kernel's, read as get_maintainer.pl reads it.
 *  - qemu: the kernel's fields written "X: value" with a space, and
 *    category headers underlined with dashes (QEMU, and others that
 *    copied QEMU's file).  Read as the kernel's, except that a section
 *    below an underlined title is named by the title, not the dashes.
 *  - edk2: TianoCore's Maintainers.txt, read as its GetMaintainer.py
 *    reads it: a section is a run of adjacent tag lines (L M R W T S F X
 *    with a value) and ends at the first other line, blank lines too;
 *    CRLF line ends; people written "Name <addr> [github-handle]";
 *    patterns by GetMaintainer.py's rules (see mnt_edk2_regex()); a
 *    path no section gives an M: takes the sections that match the
 *    name "<default>".
 */
enum mnt_dialect { MNT_KERNEL, MNT_QEMU, MNT_EDK2 };

/* "kernel", "qemu" or "edk2" */
const char *mnt_dialect_name(enum mnt_dialect d);

/*
 * The names the file has in the projects that wrote one, in the order
 * they are looked for at the top of a tree.
 */
extern const char *const mnt_known_names[];

/*
 * The first of mnt_known_names[] that exists in @dir ("" or NULL: the
 * current directory), or NULL.  Not allocated.
 */
const char *mnt_find_name(const char *dir);

/* mnt_find_name(NULL), or "MAINTAINERS" when there is none */
const char *mnt_default_path(void);

/* Is there a MAINTAINERS file in the current directory (the work tree's)? */
bool mnt_in_work_tree(void);

struct mnt_diag {
	enum mnt_severity severity;
	int line;		/* index into lines[], or -1 */
	const char *file;
	int nr;
	char *msg;
};

struct maintainers {
	/* lines[], entries[], sections[] and the files read by path */
	struct arena arena;
	char **files;
	size_t nr_files;
	char **bufs;		/* contents given by the caller, owned; or NULL */
	struct mnt_line *lines;
	size_t nr_lines, alloc_lines;
	struct mnt_entry *entries;
	size_t nr_entries, alloc_entries;
	struct mnt_section *sections;
	size_t nr_sections, alloc_sections;
	struct mnt_diag *diags;
	size_t nr_diags, alloc_diags;
	size_t nr_errors;
	/*
	 * Set before reading for a model that only answers lookups: the
	 * checks that only give warnings (UTF-8, field syntax) are skipped
	 * and lines[] stays NULL (its indexes still count the lines, and
	 * mnt_line_file() and mnt_line_nr() still place them): a command
	 * that prints errors alone need not pay for the rest.  Errors are
	 * found all the same.
	 */
	bool lean;
	/*
	 * Found by maintainers_finish() from the file's name and contents,
	 * unless dialect_set says the caller chose it.
	 */
	enum mnt_dialect dialect;
	bool dialect_set;
	int *file_first;	/* per file: the index of its first line */
};

void maintainers_init(struct maintainers *m);
void maintainers_release(struct maintainers *m);

/*
 * Add one file (or every non-dot file of a directory, by name order).
 * Returns -1 with a message printed if it cannot be read.
 */
int maintainers_add_path(struct maintainers *m, const char *path);

/*
 * Add the contents of a buffer (taken over) as file @name.  Lines are
 * NUL-terminated in place, the last one at buf[len]: @buf must have
 * len + 1 bytes, as read_file() gives.
 */
void maintainers_add_buffer(struct maintainers *m, const char *name,
			    char *buf, size_t len);

/* Every file named MAINTAINERS below @dir, skipping .git, sorted. */
int maintainers_find_files(struct maintainers *m, const char *dir);

/* Split entries into sections; call once after the last add. */
void maintainers_finish(struct maintainers *m);

/* Where a line is, for messages: "MAINTAINERS:123". */
const char *mnt_line_file(const struct maintainers *m, int line);
int mnt_line_nr(const struct maintainers *m, int line);

/* The section's name cut to get_maintainer.pl's 50 columns. */
char *mnt_section_short_name(const struct mnt_section *s);

/* Is @line a field line ("^[A-Z]:")?  Sets *type and *value. */
bool mnt_parse_field(const char *line, char *type, const char **value);

void mnt_diag_add(struct maintainers *m, enum mnt_severity sev, int line,
		  const char *fmt, ...) __printf(4, 5);

/*
 * An F:/X: value as get_maintainer.pl turns it into a regex: "." becomes
 * "\.", "*" becomes ".*", "?" becomes "."; nothing else is escaped, so
 * "[ch]" and "+" keep their regex meaning.  A value naming a directory
 * of the tree (relative to the current directory) gains a trailing "/".
 * The result is to be matched anchored at the start of a path.
 */
char *mnt_glob_to_regex(const char *value);
/* The same, without the directory test when !@check_dir. */
char *mnt_glob_convert(const char *value, bool check_dir);

/*
 * An F:/X: value of edk2's Maintainers.txt as GetMaintainer.py's
 * pattern_to_regex() turns it into a (Python) regex, matched at the
 * start of a path: "." is "\\.", "?" is ".", "*" is ".*" (across '/');
 * a trailing '/' takes the whole subtree, a trailing '*' that directory
 * alone (no '/' after it).  A name without either is a prefix: the
 * script adds no '$'.
 */
char *mnt_edk2_regex(const char *value);

/*
 * Is the text entry @e a title's underline: only '-' or '=' (three at
 * least), on the line after another text entry?
 */
bool mnt_is_underline(const struct maintainers *m, int entry);

/* Print diagnostics as "file:line: warning: msg" to stderr. */
void mnt_diag_print(const struct maintainers *m, bool warnings);

#endif
