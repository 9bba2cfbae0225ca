// SPDX-License-Identifier: GPL-2.0
#include "script-features.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static bool has(const char *buf, size_t len, const char *s)
{
	return memmem(buf, len, s, strlen(s)) != NULL;
}

/*
 * Each change is known by what its patch added to the script: the
 * option's GetOptions() entry, the "-t STDOUT" test of the fix, the
 * role table's "odd fixer" gone (6.12 has it; the change removed the
 * table), a "**" (or "\*\*" in a regex) in the pattern code.  One read
 * of 80 KB and four searches, done only when an answer depends on them.
 */
unsigned int gm_script_features(const char *path)
{
	unsigned int f = 0;
	char *buf;
	size_t len;

	if (!is_file(path) || read_file(path, &buf, &len))
		return 0;
	if (has(buf, len, "'substatus!'")) {
		f |= GM_SUBSTATUS;
		if (has(buf, len, "-t STDOUT"))
			f |= GM_SUBSTATUS_TTY;
		/* posted as the second half of the --substatus series */
		if (!has(buf, len, "\"odd fixer\""))
			f |= GM_PLAIN_ROLES;
	}
	if (has(buf, len, "**") || has(buf, len, "\\*\\*"))
		f |= GM_GLOBSTAR;
	free(buf);
	return f;
}

static const struct {
	const char *name;
	unsigned int bits;
} names[] = {
	{ "substatus", GM_SUBSTATUS },
	{ "substatus-tty", GM_SUBSTATUS | GM_SUBSTATUS_TTY },
	{ "plain-roles", GM_PLAIN_ROLES },
	{ "globstar", GM_GLOBSTAR },
	{ "all", GM_SUBSTATUS | GM_SUBSTATUS_TTY | GM_PLAIN_ROLES |
		 GM_GLOBSTAR },
	{ "none", 0 },
};

int gm_parse_features(const char *list, unsigned int *out)
{
	const char *p = list;

	*out = 0;
	while (*p) {
		size_t n = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (strlen(names[i].name) == n &&
			    !strncmp(p, names[i].name, n))
				break;
		if (i == ARRAY_SIZE(names))
			return error("--script-features: unknown feature '%.*s' "
				     "(substatus, substatus-tty, plain-roles, "
				     "globstar, all, none)", (int)n, p);
		*out |= names[i].bits;
		p += n + (p[n] == ',');
	}
	return 0;
}
