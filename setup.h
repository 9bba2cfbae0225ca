/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_SETUP_H
#define KMAINT_SETUP_H

#include "audit.h"
#include "scope.h"

/*
 * The set-up the commands that read the index share: audit, review,
 * propose and report judge people (employers, .mailmap, the identity
 * model), pending only reads.  Their options go in the option table
 * with OPT_DB(), OPT_EMPLOYER_FILES() and OPT_IDENTITIES() (builtin.h)
 * pointing at the fields below.
 */
struct cmd_setup {
	const char *db, *email_map, *gitdm_config;
	int strict, address;

	/* made by cmd_setup_people() and cmd_setup_index() */
	struct employer_map *emap;
	struct ident_mailmap *mm;
	struct idx ix;
	struct scope sc;		/* on ix, for the whole repository */
	bool have_ix;
};

/*
 * The people's side of @o: the identity flags, --as-of, the employers
 * and the repository's .mailmap (audit_setup()).  0 or -1 with a
 * message.
 */
int cmd_setup_people(struct cmd_setup *c, struct audit_opts *o,
		     const char *as_of);

/*
 * Open --db, or the repository's index (brought up to date when
 * @update), and a scope on it.  0 or -1 with a message.
 */
int cmd_setup_index(struct cmd_setup *c, bool update);

void cmd_setup_release(struct cmd_setup *c);

#endif
