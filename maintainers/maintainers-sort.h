/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MAINTAINERS_SORT_H
#define KMAINT_MAINTAINERS_SORT_H

#include "strbuf.h"

/*
 * A MAINTAINERS file sorted and normalised exactly as
 * `scripts/parse-maintainers.pl --order` writes it: the preamble as it
 * is, then the sections by name (case-insensitively, "THE REST" last),
 * one blank line apart, fields as "X:<tab>value" without surrounding
 * white space, in the order MRLSWQBCPTFXNK (unknown letters last, keeping
 * their order), F: and X: values sorted bytewise.
 *
 * Where the script dies (a heading used twice, a text line that is no
 * heading) this refuses, naming the line.  One deliberate difference: a
 * blank line between two fields is dropped, where the script would start
 * a nameless section; get_maintainer.pl reads such fields as one section
 * and so does this.
 */

/* Sort key of a section name: ASCII upper case, "THE REST" -> "ZZZZZZ". */
char *mnt_section_sort_key(const char *name, size_t len);

/* Rank of a field letter in MRLSWQBCPTFXNK; 1000 when not there. */
int mnt_field_rank(int letter);

/*
 * Sort @buf (@len bytes, file @name for messages) into @out.  Returns 0,
 * or -1 with the reason ("MAINTAINERS:12: ...") in @err.
 */
int mnt_sort_buffer(const char *name, const char *buf, size_t len,
		    struct strbuf *out, struct strbuf *err);

/*
 * Rewrite the file @path sorted: write a temporary file beside it, fsync,
 * rename over @path.  Sets *changed.  Returns 0, or -1 after printing why
 * (the file is then untouched).
 */
int mnt_sort_file(const char *path, bool *changed);

#endif
