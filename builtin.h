/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_BUILTIN_H
#define KMAINT_BUILTIN_H

/*
 * One function per command, each in builtin-NAME.c.  argv[0] is the
 * command's name; the hub has already handled -C and changed directory.
 * The return value is the exit status.
 */
int cmd_get(int argc, const char **argv);
int cmd_map(int argc, const char **argv);
int cmd_check(int argc, const char **argv);
int cmd_index(int argc, const char **argv);
int cmd_history(int argc, const char **argv);
int cmd_audit(int argc, const char **argv);
int cmd_review(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_stats(int argc, const char **argv);
int cmd_idents(int argc, const char **argv);
int cmd_propose(int argc, const char **argv);
int cmd_pending(int argc, const char **argv);

/*
 * The identity model's options (people/identity.h), the same in every
 * command that judges people; identity_flags_for() turns them to flags.
 */
#define OPT_IDENTITIES(strict, address) \
	OPT_SET("strict-identities", (strict), \
		"join no two addresses on a name alone"), \
	OPT_SET("address-identities", (address), \
		"a person is an address (no joining by commits, MAINTAINERS or name)")

/* --db and --no-update: where the index is, and whether to update it */
#define OPT_DB(path) \
	OPT_STR("db", (path), "PATH", "the index (default: in the git directory)")
#define OPT_NO_UPDATE(flag) \
	OPT_SET("no-update", (flag), "answer from the index as it is, saying if it is behind")

/* gitdm's files for employers (people/employer.h), for one of each */
#define OPT_EMPLOYER_FILES(email_map, gitdm_config) \
	OPT_STR("email-map", (email_map), "FILE", \
		"gitdm EmailMap file: address or domain -> employer"), \
	OPT_STR("gitdm-config", (gitdm_config), "FILE", \
		"gitdm configuration (instead of the built-in map)")

#endif
