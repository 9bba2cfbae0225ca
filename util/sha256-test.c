// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "sha256.h"
#include "tap.h"

static void hex_is(const char *in, size_t len, const char *want, const char *desc)
{
	uint8_t d[32];
	char got[65];
	int i;

	sha256(in, len, d);
	for (i = 0; i < 32; i++)
		snprintf(got + 2 * i, 3, "%02x", d[i]);
	is_str(got, want, desc);
}

int main(void)
{
	char buf[64], big[1000];

	/* FIPS 180-4's examples, and lengths around the padding's edges */
	hex_is("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	       "the empty string");
	hex_is("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	       "abc");
	hex_is("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
	       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	       "56 bytes: the length spills into a second block");
	memset(big, 'a', sizeof(big));
	hex_is(big, 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
	       "one whole block");
	sha256_csp("abc", 3, buf);
	is_str(buf, "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=",
	       "the CSP source expression, base64 with padding");
	return done_testing();
}
