// SPDX-License-Identifier: GPL-2.0
#include "sha256.h"

#include <stdio.h>

#include "glib-load.h"
#include "util.h"

void sha256_csp(const void *data, size_t len, char buf[64])
{
	guint8 d[32];
	gsize n = sizeof(d);
	GChecksum *c;
	gchar *b64;

	glib_load();
	c = g_checksum_new(G_CHECKSUM_SHA256);
	if (!c)
		die("GLib has no SHA-256");
	g_checksum_update(c, data, (gssize)len);
	g_checksum_get_digest(c, d, &n);
	g_checksum_free(c);
	b64 = g_base64_encode(d, n);
	/* 32 bytes are 44 characters of base64: "sha256-" and 44 fit */
	snprintf(buf, 64, "sha256-%s", b64);
	g_free(b64);
}
