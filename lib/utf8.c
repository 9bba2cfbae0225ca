// SPDX-License-Identifier: GPL-2.0
#include "utf8.h"

size_t utf8_seq(const unsigned char *s, size_t left)
{
	size_t n, i;

	if (!left)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (n > left)
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong three- and four-byte forms, UTF-16 surrogates, > U+10FFFF */
	if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) ||
		       (s[0] == 0xed && s[1] >= 0xa0)))
		return 0;
	if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) ||
		       (s[0] == 0xf4 && s[1] >= 0x90)))
		return 0;
	return n;
}

size_t utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
