// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "tap.h"

/* strbuf_addf() of @n 'x', from a buffer of @len bytes already there. */
static bool addf_fits(size_t len, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	char *want = xmalloc(len + n + 1);
	bool good;

	memset(want, 'a', len);
	memset(want + len, 'x', n);
	want[len + n] = '\0';
	strbuf_add(&sb, want, len);
	strbuf_addf(&sb, "%.*s", (int)n, want + len);
	good = sb.len == len + n && !memcmp(sb.buf, want, len + n + 1) &&
	       sb.alloc > sb.len;
	strbuf_release(&sb);
	free(want);
	return good;
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len, n;
	bool all = true;

	strbuf_addf(&sb, "%s", "");
	ok(sb.len == 0 && sb.buf[0] == '\0', "an empty format on a fresh strbuf");
	strbuf_addf(&sb, "%d-%s", 42, "x");
	ok(!strcmp(sb.buf, "42-x") && sb.len == 4, "a format on a fresh strbuf");
	strbuf_release(&sb);
	/* the first try fits, or just fits, or is one byte short, or far */
	for (len = 0; len < 140; len += 7)
		for (n = 0; n < 300; n++)
			all &= addf_fits(len, n);
	ok(all, "every length around the room there is, and far beyond it");
	strbuf_addf(&sb, "%s", "one");
	strbuf_addf(&sb, " %s", "two");
	ok(!strcmp(sb.buf, "one two"), "appended after what is there");
	strbuf_release(&sb);
	return done_testing();
}
