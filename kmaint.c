// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint: who maintains this, and who actually does the work?
 *
 * The hub: global options, then one builtin per command, as in git and
 * perf.  Each command lives in builtin-NAME.c on top of the library
 * (lib/, people/, maintainers/, store/, lists/, get/, judge/, report/).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "util.h"

#define KMAINT_VERSION "0.1"

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *help;
};

static const struct cmd_struct commands[] = {
	{ "get", cmd_get, "maintainers, reviewers and lists of files or patches" },
	{ "map", cmd_map, "every file of the tree with its sections" },
	{ "check", cmd_check, "validate and sort a MAINTAINERS file" },
	{ "index", cmd_index, "build or update the history index" },
	{ "history", cmd_history, "how MAINTAINERS changed: additions, removals, tenure" },
	{ "audit", cmd_audit, "listed maintainers against who does the work" },
	{ "review", cmd_review, "judge a patch to MAINTAINERS against the history" },
	{ "report", cmd_report, "a self-contained HTML report of the audit" },
	{ "stats", cmd_stats, "contribution statistics (gitdm reports) from the index" },
	{ "idents", cmd_idents, "people with several names or addresses: .mailmap suggestions" },
	{ "propose", cmd_propose, "the MAINTAINERS patches the audit calls for, for git send-email" },
	{ "pending", cmd_pending, "recent patches no listed maintainer has answered" },
};

static void usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: kmaint [-C DIR] [--version] [--help] COMMAND [ARGS]\n\n"
		"Commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(fp, "   %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(fp, "\nSee 'kmaint help COMMAND' or 'man kmaint-COMMAND'.\n");
}

static int show_man(const char *cmd)
{
	char page[64];

	snprintf(page, sizeof(page), "kmaint-%s", cmd);
	execlp("man", "man", page, (char *)NULL);
	die_errno("cannot run man");
}

int main(int argc, const char **argv)
{
	size_t i;

	argv++;
	argc--;
	while (argc > 0 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "-C")) {
			if (argc < 2)
				die("-C needs a directory");
			if (chdir(argv[1]))
				die_errno("cannot change to '%s'", argv[1]);
			argv += 2;
			argc -= 2;
		} else if (!strcmp(argv[0], "--version")) {
			printf("kmaint version %s\n", KMAINT_VERSION);
			return 0;
		} else if (!strcmp(argv[0], "-h") || !strcmp(argv[0], "--help")) {
			usage(stdout);
			return 0;
		} else {
			error("unknown option '%s'", argv[0]);
			usage(stderr);
			return 129;
		}
	}
	if (!argc) {
		usage(stderr);
		return 129;
	}
	if (!strcmp(argv[0], "help")) {
		if (argc < 2) {
			usage(stdout);
			return 0;
		}
		return show_man(argv[1]);
	}
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[0], commands[i].name))
			return commands[i].fn(argc, argv);
	error("'%s' is not a kmaint command", argv[0]);
	usage(stderr);
	return 129;
}
