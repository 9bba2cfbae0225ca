// SPDX-License-Identifier: GPL-2.0
#include "json.h"

static size_t utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

void json_quote(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	strbuf_addch(out, '"');
	while (*p) {
		size_t n;

		if (*p == '"' || *p == '\\') {
			strbuf_addch(out, '\\');
			strbuf_addch(out, *p++);
		} else if (*p == '\n') {
			strbuf_addstr(out, "\\n");
			p++;
		} else if (*p == '\t') {
			strbuf_addstr(out, "\\t");
			p++;
		} else if (*p < 0x20 || *p == 0x7f) {
			strbuf_addf(out, "\\u%04x", *p++);
		} else if (*p < 0x80) {
			strbuf_addch(out, *p++);
		} else if ((n = utf8_len(p))) {
			strbuf_add(out, p, n);
			p += n;
		} else {
			strbuf_addstr(out, "\\ufffd");
			p++;
		}
	}
	strbuf_addch(out, '"');
}

void json_print_str(FILE *fp, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	json_quote(&sb, s);
	fwrite(sb.buf, 1, sb.len, fp);
	strbuf_release(&sb);
}
