/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PARSE_OPTIONS_H
#define KMAINT_PARSE_OPTIONS_H

#include "util.h"

/*
 * Command-line parsing with Getopt::Long's rules, because "kmaint get"
 * must take every command line that scripts/get_maintainer.pl takes:
 * one or two leading dashes, "--opt=value" or "--opt value", "--noopt"
 * and "--no-opt" for negatable flags, names matched without regard to
 * case and never abbreviated, options and operands in any order, and
 * "--" ending the options.
 */
enum opt_type {
	OPT_END,
	OPT_BOOL,	/* int, set to 1 (or 0 when negated) */
	OPT_INT,	/* int, "=i" */
	OPT_STRING,	/* const char *, "=s" */
	OPT_STRING_OPT,	/* const char *, ":s": the value may be absent ("") */
	OPT_LIST,	/* struct opt_list, repeatable "=s" */
};

#define OPT_NEGATABLE 1

struct opt_list {
	const char **v;
	size_t nr, alloc;
};

struct option {
	enum opt_type type;
	const char *names;	/* aliases, "k|keywords" */
	void *value;
	unsigned flags;
	const char *argh;	/* for help: "N", "REV" */
	const char *help;
};

#define OPT_FLAG(n, v, h)  { OPT_BOOL, (n), (v), OPT_NEGATABLE, NULL, (h) }
#define OPT_SET(n, v, h)   { OPT_BOOL, (n), (v), 0, NULL, (h) }
#define OPT_NUM(n, v, a, h) { OPT_INT, (n), (v), 0, (a), (h) }
#define OPT_STR(n, v, a, h) { OPT_STRING, (n), (v), 0, (a), (h) }
#define OPT_STRLIST(n, v, a, h) { OPT_LIST, (n), (v), 0, (a), (h) }
#define OPT_TERMINATOR     { OPT_END, NULL, NULL, 0, NULL, NULL }

/*
 * Parse @argv (without the command name).  Operands are collected, in
 * order, into @operands.  Returns 0, or -1 after printing what was wrong.
 */
int parse_options(int argc, const char **argv, const struct option *opts,
		  struct opt_list *operands);

void opt_list_push(struct opt_list *l, const char *s);

/* Print the option summary of @opts to stdout, for -h. */
void usage_options(const char *usage, const struct option *opts);

#endif
