/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SHA256_H
#define KMAINT_SHA256_H

#include <stddef.h>
#include <stdint.h>

/*
 * SHA-256 (FIPS 180-4), for the Content-Security-Policy hashes of the
 * inline script and style of "kmaint report --site": a hash lets the
 * browser run exactly that script and nothing injected beside it, which
 * 'unsafe-inline' would not.  Nothing here is for security of data at
 * rest; it is small enough not to need a crypto library.
 */
void sha256(const void *data, size_t len, uint8_t out[32]);

/* "sha256-<base64>" as a CSP source expression wants it, into @buf (64). */
void sha256_csp(const void *data, size_t len, char buf[64]);

#endif
