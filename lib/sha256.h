/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SHA256_H
#define KMAINT_SHA256_H

#include <stddef.h>

/*
 * The Content-Security-Policy hashes of the inline script and style of
 * "kmaint report --site": a hash lets the browser run exactly that
 * script and nothing injected beside it, which 'unsafe-inline' would
 * not.  The digest is GLib's (GChecksum), which kmaint already loads
 * to fold names.
 *
 * "sha256-<base64>" as a CSP source expression wants it, into @buf.
 */
void sha256_csp(const void *data, size_t len, char buf[64]);

#endif
