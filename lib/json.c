// SPDX-License-Identifier: GPL-2.0
#include "json.h"
#include "utf8.h"

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
		} else if ((n = utf8_seq(p, 4))) {
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
