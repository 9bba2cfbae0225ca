/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_UTF8_H
#define KMAINT_UTF8_H

#include <stddef.h>

/*
 * Length of the valid UTF-8 sequence at @s (1 for ASCII), or 0 if there
 * is none: a stray continuation byte, a truncated sequence, an overlong
 * form or a UTF-16 surrogate.  At most @left bytes are read, and never
 * past a NUL, so a NUL-terminated string may pass any @left >= 4.
 * Repository data is bytes; MAINTAINERS checks, JSON and HTML output all
 * decide with this what is text.
 */
size_t utf8_seq(const unsigned char *s, size_t left);

/* Characters (not bytes) in the NUL-terminated UTF-8 string @s. */
size_t utf8_chars(const char *s);

#endif
