/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_GLIB_LOAD_H
#define KMAINT_GLIB_LOAD_H

/*
 * GLib, loaded when it is first needed rather than when kmaint starts:
 * linked in, it would cost every command, kmaint get too, most of a
 * millisecond of dynamic loading.  Each function kmaint uses is called
 * through a pointer of its own type, under its own name (the #defines
 * below), so callers read as plain GLib.  Sanitizer builds link GLib
 * instead (KMAINT_GMIME_LINKED, see lists/mail.c), and there the names
 * are GLib's own.
 *
 * Call glib_load() before the first GLib call; it is cheap after the
 * first time, safe from any thread, and dies if GLib cannot be loaded.
 */
#include <glib.h>

void glib_load(void);

#ifndef KMAINT_GMIME_LINKED
#define GLIB_FUNCS(X) \
	X(g_base64_encode) \
	X(g_checksum_free) \
	X(g_checksum_get_digest) \
	X(g_checksum_new) \
	X(g_checksum_update) \
	X(g_free) \
	X(g_unichar_get_script) \
	X(g_unichar_ismark) \
	X(g_unichar_isspace) \
	X(g_unichar_to_utf8) \
	X(g_utf8_casefold) \
	X(g_utf8_get_char) \
	X(g_utf8_normalize) \
	X(g_utf8_validate)

#define X(f) extern __typeof__(f) *p_##f;
GLIB_FUNCS(X)
#undef X

#define g_base64_encode p_g_base64_encode
#define g_checksum_free p_g_checksum_free
#define g_checksum_get_digest p_g_checksum_get_digest
#define g_checksum_new p_g_checksum_new
#define g_checksum_update p_g_checksum_update
#define g_free p_g_free
#define g_unichar_get_script p_g_unichar_get_script
#define g_unichar_ismark p_g_unichar_ismark
#define g_unichar_isspace p_g_unichar_isspace
#define g_unichar_to_utf8 p_g_unichar_to_utf8
#define g_utf8_casefold p_g_utf8_casefold
#define g_utf8_get_char p_g_utf8_get_char
#define g_utf8_normalize p_g_utf8_normalize
#define g_utf8_validate p_g_utf8_validate
#endif

#endif
