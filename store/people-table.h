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
	/*
	 * Partial (scope_people_open()): only the ids asked for with
	 * scope_people_want() are filled, each string its own allocation.
	 */
	bool partial;
	unsigned char *asked;
};

int scope_people_load(struct idx *ix, struct scope_people *p);
void scope_people_free(struct scope_people *p);

/*
 * Sized for every people id, but empty: a question about a section
 * reads the rows of the people its commits name, not the whole table.
 */
int scope_people_open(struct idx *ix, struct scope_people *p);

/* Read the rows of the @n ids @ids that a partial @p has not read. */
int scope_people_want(struct idx *ix, struct scope_people *p,
		      const int64_t *ids, size_t n);

#endif
