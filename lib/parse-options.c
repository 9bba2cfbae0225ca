// SPDX-License-Identifier: GPL-2.0
#include "parse-options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void opt_list_push(struct opt_list *l, const char *s)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = s;
}

/* Does @name (length @len) equal one of the '|'-separated @names? */
static bool name_matches(const char *names, const char *name, size_t len)
{
	const char *p = names;

	while (*p) {
		size_t n = strcspn(p, "|");

		if (n == len && !strncasecmp(p, name, len))
			return true;
		p += n;
		if (*p == '|')
			p++;
	}
	return false;
}

static const struct option *find_option(const struct option *opts,
					const char *name, size_t len,
					bool *negated)
{
	const struct option *o;

	*negated = false;
	for (o = opts; o->type != OPT_END; o++)
		if (name_matches(o->names, name, len))
			return o;
	for (o = opts; o->type != OPT_END; o++) {
		if (!(o->flags & OPT_NEGATABLE))
			continue;
		if (len > 3 && !strncasecmp(name, "no-", 3) &&
		    name_matches(o->names, name + 3, len - 3))
			break;
		if (len > 2 && !strncasecmp(name, "no", 2) &&
		    name_matches(o->names, name + 2, len - 2))
			break;
	}
	if (o->type == OPT_END)
		return NULL;
	*negated = true;
	return o;
}

static int parse_int(const char *opt, const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < INT_MIN || v > INT_MAX) {
		fprintf(stderr, "%s: option '%s' expects a number, not '%s'\n",
			progname, opt, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int parse_options(int argc, const char **argv, const struct option *opts,
		  struct opt_list *operands)
{
	int i;

	for (i = 0; i < argc; i++) {
		const char *arg = argv[i], *name, *eq, *val = NULL;
		const struct option *o;
		bool negated;
		size_t len;

		if (!strcmp(arg, "--")) {
			for (i++; i < argc; i++)
				opt_list_push(operands, argv[i]);
			break;
		}
		if (arg[0] != '-' || !arg[1]) {
			opt_list_push(operands, arg);
			continue;
		}
		name = arg + 1 + (arg[1] == '-');
		eq = strchr(name, '=');
		len = eq ? (size_t)(eq - name) : strlen(name);
		o = find_option(opts, name, len, &negated);
		if (!o) {
			fprintf(stderr, "%s: unknown option '%.*s'\n",
				progname, (int)len, name);
			return -1;
		}
		if (o->type == OPT_BOOL) {
			if (eq) {
				fprintf(stderr,
					"%s: option '%.*s' takes no value\n",
					progname, (int)len, name);
				return -1;
			}
			*(int *)o->value = !negated;
			continue;
		}
		if (negated) {
			fprintf(stderr, "%s: option '%.*s' cannot be negated\n",
				progname, (int)len, name);
			return -1;
		}
		if (eq) {
			val = eq + 1;
		} else if (o->type == OPT_STRING_OPT) {
			val = "";
			if (i + 1 < argc && argv[i + 1][0] != '-')
				val = argv[++i];
		} else if (i + 1 < argc) {
			val = argv[++i];
		} else {
			fprintf(stderr, "%s: option '%.*s' requires a value\n",
				progname, (int)len, name);
			return -1;
		}
		switch (o->type) {
		case OPT_INT:
			if (parse_int(arg, val, o->value))
				return -1;
			break;
		case OPT_STRING:
		case OPT_STRING_OPT:
			*(const char **)o->value = val;
			break;
		case OPT_LIST:
			opt_list_push(o->value, val);
			break;
		default:
			break;
		}
	}
	return 0;
}

/*
 * The names of @o as -h shows them, in git's style: a one-letter alias
 * with one dash, the first longer one with two ("-q, --quiet"), "[no]"
 * before the name that is negated ("-k, --[no]keywords"; "-[no]m" for
 * get_maintainer.pl's one-letter flags, which have no long name).
 */
static void option_names(char *buf, size_t size, const struct option *o)
{
	const char *neg = (o->flags & OPT_NEGATABLE) ? "[no]" : "";
	const char *p = o->names, *s = NULL, *l = NULL;
	size_t sn = 0, ln = 0;

	while (*p) {
		size_t n = strcspn(p, "|");

		if (n == 1 && !s) {
			s = p;
			sn = n;
		} else if (n > 1 && !l) {
			l = p;
			ln = n;
		}
		p += n;
		if (*p == '|')
			p++;
	}
	if (s && l)
		snprintf(buf, size, "-%.*s, --%s%.*s", (int)sn, s, neg,
			 (int)ln, l);
	else if (s)
		snprintf(buf, size, "-%s%.*s", neg, (int)sn, s);
	else
		snprintf(buf, size, "--%s%.*s", neg, (int)ln, l ? l : "");
}

void usage_options(const char *usage, const struct option *opts)
{
	const struct option *o;

	printf("usage: %s\n\n", usage);
	for (o = opts; o->type != OPT_END; o++) {
		char names[64], buf[96];

		if (!o->help)
			continue;
		option_names(names, sizeof(names), o);
		snprintf(buf, sizeof(buf), "%s%s%s", names,
			 o->argh ? " " : "", o->argh ? o->argh : "");
		printf("    %-28s %s\n", buf, o->help);
	}
}
