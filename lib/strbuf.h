/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_STRBUF_H
#define KMAINT_STRBUF_H

#include <stdio.h>
#include "util.h"

/*
 * A growable, always NUL-terminated byte buffer, after git's strbuf.
 * buf is never NULL, so a fresh strbuf can be printed at once.
 */
struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { 0, 0, strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
/*
 * @v in 7-bit groups, least significant first, the high bit saying
 * another follows: the index's compact blobs.
 */
void strbuf_add_varint(struct strbuf *sb, uint64_t v);
/* Read one from *@p (moved past it) before @end; 0, or -1 if cut short. */
int varint_get(const unsigned char **p, const unsigned char *end,
	       uint64_t *v);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __printf(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap) __printf(2, 0);
void strbuf_setlen(struct strbuf *sb, size_t len);
/*
 * A URL from a template: @tmpl with its "%s" replaced by @id, percent-
 * encoded (RFC 3986's unreserved and sub-delimiters, ':' and '@' kept),
 * and "%%" by "%".  strbuf_url_template_ok() says whether @tmpl has one
 * "%s" and no other '%' but "%%".
 */
void strbuf_add_url(struct strbuf *sb, const char *tmpl, const char *id);
bool strbuf_url_template_ok(const char *tmpl);
void strbuf_trim(struct strbuf *sb);

static inline void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

/* Read one line without its newline; returns EOF at end of input. */
int strbuf_getline(struct strbuf *sb, FILE *fp);

#endif
