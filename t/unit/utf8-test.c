// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "utf8.h"
#include "tap.h"

static void is(size_t got, size_t want, const char *desc)
{
	ok(got == want, desc);
	if (got != want)
		printf("#   got %zu, want %zu\n", got, want);
}

static size_t seq(const char *s)
{
	return utf8_seq((const unsigned char *)s, strlen(s));
}

int main(void)
{
	is(seq("a"), 1, "ASCII is one byte");
	is(seq("\xc3\xa9"), 2, "U+00E9");
	is(seq("\xe2\x82\xac"), 3, "U+20AC");
	is(seq("\xf0\x9f\x90\xa7"), 4, "U+1F427");
	is(seq("\xc3"), 0, "truncated");
	is(utf8_seq((const unsigned char *)"\xe2\x82\xac", 2), 0, "no more than @left bytes");
	is(seq("\x80"), 0, "a stray continuation byte");
	is(seq("\xc0\xaf"), 0, "overlong two-byte form");
	is(seq("\xe0\x80\xaf"), 0, "overlong three-byte form");
	is(seq("\xed\xa0\x80"), 0, "a UTF-16 surrogate");
	is(seq("\xf4\x90\x80\x80"), 0, "beyond U+10FFFF");
	is(seq("\xff"), 0, "0xff");
	is(utf8_seq((const unsigned char *)"\xe2\x82", 4), 0, "stops at the NUL");
	is(utf8_chars("Rafa\xc5\x82 Mi\xc5\x82""ecki"), 13, "characters, not bytes");
	return done_testing();
}
