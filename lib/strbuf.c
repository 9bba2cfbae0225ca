// SPDX-License-Identifier: GPL-2.0
#include "strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	strbuf_grow(sb, 0);
	p = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return p;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	bool fresh = !sb->alloc;

	if (sb->len + extra + 1 <= sb->alloc)
		return;
	if (fresh)
		sb->buf = NULL;
	ALLOC_GROW(sb->buf, sb->len + extra + 1, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_add_url(struct strbuf *sb, const char *tmpl, const char *id)
{
	static const char safe[] = "-._~!$&'()*+,;=:@";
	const unsigned char *p;

	for (; *tmpl; tmpl++) {
		if (*tmpl != '%' || (tmpl[1] != 's' && tmpl[1] != '%')) {
			strbuf_addch(sb, *tmpl);
			continue;
		}
		if (*++tmpl == '%') {
			strbuf_addch(sb, '%');
			continue;
		}
		for (p = (const unsigned char *)id; *p; p++) {
			if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || strchr(safe, *p))
				strbuf_addch(sb, *p);
			else
				strbuf_addf(sb, "%%%02X", *p);
		}
	}
}

bool strbuf_url_template_ok(const char *tmpl)
{
	int n = 0;

	for (; *tmpl; tmpl++) {
		if (*tmpl != '%')
			continue;
		if (tmpl[1] == 's')
			n++;
		else if (tmpl[1] != '%')
			return false;
		tmpl++;
	}
	return n == 1;
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc) {
		if (len)
			die("BUG: strbuf_setlen beyond an empty buffer");
		return;
	}
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	/* SQLite gives NULL for an empty blob; memcpy() must not see it */
	if (!len)
		return;
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_add_varint(struct strbuf *sb, uint64_t v)
{
	while (v >= 0x80) {
		strbuf_addch(sb, (char)(v | 0x80));
		v >>= 7;
	}
	strbuf_addch(sb, (char)v);
}

int varint_get(const unsigned char **p, const unsigned char *end,
	       uint64_t *v)
{
	int shift = 0;

	*v = 0;
	while (*p < end && shift < 64) {
		unsigned char c = *(*p)++;

		*v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80))
			return 0;
		shift += 7;
	}
	return -1;
}

/*
 * Format into the room there is, and again only when it was too small
 * (as git does): one vsnprintf() for most calls, not a first one to
 * measure.  report --site formats a few million figures.
 */
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("BUG: bad format string");
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_trim(struct strbuf *sb)
{
	size_t start = 0, end = sb->len;

	while (end > 0 && isspace((unsigned char)sb->buf[end - 1]))
		end--;
	while (start < end && isspace((unsigned char)sb->buf[start]))
		start++;
	if (!sb->alloc)
		return;
	memmove(sb->buf, sb->buf + start, end - start);
	strbuf_setlen(sb, end - start);
}

int strbuf_getline(struct strbuf *sb, FILE *fp)
{
	int c;

	strbuf_reset(sb);
	c = getc(fp);
	if (c == EOF)
		return EOF;
	while (c != EOF && c != '\n') {
		strbuf_addch(sb, c);
		c = getc(fp);
	}
	return 0;
}
