// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "sha256.h"
#include "tap.h"

int main(void)
{
	char buf[64];

	sha256_csp("abc", 3, buf);
	is_str(buf, "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=",
	       "the CSP source expression, base64 with padding");
	sha256_csp("", 0, buf);
	is_str(buf, "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
	       "the empty string");
	return done_testing();
}
