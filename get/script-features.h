/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SCRIPT_FEATURES_H
#define KMAINT_SCRIPT_FEATURES_H

/*
 * get_maintainer.pl changed after Linux 6.12.  kmaint answers as the
 * tree's own scripts/get_maintainer.pl would: these are the changes it
 * knows, and gm_script_features() tells which of them a script has, by
 * the text each change put in it (get_maintainer.pl kept its version,
 * 0.26, through all of them).
 */
enum {
	/* 'substatus!': "SECTION status: S" lines after the addresses */
	GM_SUBSTATUS = 1 << 0,
	/* "- fix": on by default only when stdout is a terminal */
	GM_SUBSTATUS_TTY = 1 << 1,
	/* roles no longer carry the S: status ("supporter:", "odd fixer:") */
	GM_PLAIN_ROLES = 1 << 2,
	/* '**' in F:/X: crosses directories */
	GM_GLOBSTAR = 1 << 3,
};

/* the tree's own script, from its top */
#define GM_SCRIPT_PATH "scripts/get_maintainer.pl"

/*
 * The changes the script at @path has; 0 (6.12's behaviour) when there
 * is no such file.
 */
unsigned int gm_script_features(const char *path);

/*
 * --script-features=LIST: comma-separated names ("substatus",
 * "substatus-tty", "plain-roles", "globstar", "all", "none").  -1 with
 * an error printed for an unknown name.
 */
int gm_parse_features(const char *list, unsigned int *out);

#endif
