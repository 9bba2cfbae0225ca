/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_JSON_H
#define KMAINT_JSON_H

#include <stdio.h>

#include "strbuf.h"

/*
 * JSON string output.  Repository data may hold any bytes: control
 * characters are escaped, and bytes that are not valid UTF-8 become
 * U+FFFD so that every consumer can parse what we print.
 */
void json_quote(struct strbuf *out, const char *s);
void json_print_str(FILE *fp, const char *s);

#endif
