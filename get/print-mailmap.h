/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MAILMAP_H
#define KMAINT_MAILMAP_H

#include "strbuf.h"
#include "strmap.h"

/*
 * The top-level .mailmap as get_maintainer.pl applies it to the
 * addresses it prints: keys are exact strings ("addr" or "Name <addr>"
 * for the four-part form), unlike git's case-insensitive matching (for
 * that, see ident.h).  Lookup output must be byte-identical to the
 * script's, so this keeps its rules.
 */
struct gm_mailmap_maps {
	struct strmap names;		/* key -> real name */
	struct strmap addresses;	/* key -> real address */
};

struct gm_mailmap {
	/*
	 * Behind a pointer, so that a lookup through a const map may
	 * still parse the file it was read from (see mailmap.c).
	 */
	struct gm_mailmap_state *st;
};

void gm_mailmap_init(struct gm_mailmap *mm);
void gm_mailmap_release(struct gm_mailmap *mm);

/* Read @path; a missing file is an empty map.  Returns -1 on read error. */
int gm_mailmap_read(struct gm_mailmap *mm, const char *path);

/*
 * Which of the four forms @line (trimmed, comment removed) has, 0 to 3,
 * or -1 for none; @ov gets the groups' offsets as PCRE2's ovector
 * would (10 entries).  The two common forms are parsed by hand unless
 * @by_regex: the unit test compares both ways.
 */
int gm_mailmap_split(const char *line, size_t *ov, bool by_regex);

/* Map "Name <addr>" through the map; the result is "Name <addr>". */
void gm_mailmap_email(const struct gm_mailmap *mm, const char *email,
		      struct strbuf *out);

#endif
