/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PEOPLE_TABLE_H
#define KMAINT_PEOPLE_TABLE_H

#include "index.h"
#include "strbuf.h"

/*
 * The people table by id (names and addresses after .mailmap), for
 * joins done in C: a kernel history has ~30,000 people and a million
 * rows naming them.  Its own header so that the identity model
 * (people/identity.c), which scope.h embeds, can read it without
 * including scope.h.  The functions are in store/scope.c.
 */
struct scope_people {
	char **name, **email;	/* NULL for ids that are not people */
	int64_t nr;
	struct strbuf arena;
};

int scope_people_load(struct idx *ix, struct scope_people *p);
void scope_people_free(struct scope_people *p);

#endif
