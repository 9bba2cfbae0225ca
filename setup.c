// SPDX-License-Identifier: GPL-2.0
/*
 * The commands' shared set-up: employers, .mailmap and identity options
 * for the judging commands, the index and a scope on it (setup.h).
 */
#include "setup.h"

#include "git-mailmap.h"

int cmd_setup_people(struct cmd_setup *c, struct audit_opts *o,
		     const char *as_of)
{
	o->identity_flags = identity_flags_for(c->strict, c->address);
	return audit_setup(o, as_of, c->email_map, c->gitdm_config, &c->emap,
			   &c->mm);
}

int cmd_setup_index(struct cmd_setup *c, bool update)
{
	if (scope_open_db(&c->ix, c->db, update))
		return -1;
	c->have_ix = true;
	scope_init(&c->sc, &c->ix);
	return 0;
}

void cmd_setup_release(struct cmd_setup *c)
{
	if (c->have_ix) {
		scope_release(&c->sc);
		idx_close(&c->ix);
		c->have_ix = false;
	}
	employer_map_free(c->emap);
	ident_mailmap_free(c->mm);
	c->emap = NULL;
	c->mm = NULL;
}
