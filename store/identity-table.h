/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_IDENTITY_TABLE_H
#define KMAINT_IDENTITY_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "index.h"

/*
 * The identity model of the default flags (people/identity.h: rules 1,
 * 2 with the MAINTAINERS joins, and 4), kept in the index by "kmaint
 * index" so that a question about one section reads the rows of the
 * people it names rather than folding every name of the history:
 *
 *  - ident_addr: each address of the model (lower case; "" for a name
 *    without an address) by its place in the model, the person it
 *    belongs to (the place of the person's first address, so that the
 *    order of persons is the model's), its counts, flags and the join
 *    that ties it to its person;
 *  - ident_pid: the address of each people id;
 *  - ident_person: each person's name, the one used most;
 *  - ident_name: the persons of each folded name, in the model's order.
 *
 * meta "identity" names what they were made from (ident_table_key());
 * a reader uses them only when it is the index's current key, and
 * otherwise builds the model as before, so the answer never depends on
 * them.
 */

enum {
	IT_INDEXED = 1,
	IT_NAME_ONLY = 2,
	IT_NAME_PATH = 4,
	IT_SPACED = 8,		/* a space in the address ("jdoe at x.org") */
};

struct ident_row_addr {
	int64_t id;
	const char *email;
	int64_t person;
	long authored, committed, tagged;
	unsigned flags;			/* IT_* */
	int why;			/* enum identity_why */
	int64_t why_commit;
	const char *why_hash;		/* or NULL */
};

/* The rows of a whole model, each array in its key's order. */
struct ident_rows {
	struct ident_row_addr *addrs;
	size_t nr_addrs;
	int64_t (*pids)[2];		/* people id, address */
	size_t nr_pids;
	int64_t *person_ids;		/* with person_names */
	const char **person_names;
	size_t nr_persons;
	const char **folds;		/* in strcmp() order, with fold_persons */
	char **fold_persons;		/* "3 17 40": the persons, in order */
	size_t nr_folds;
	int64_t nr_people;		/* read: the last people id + 1 */
};

/*
 * What the tables must have been made from, as a string: the commits
 * and people indexed, the derived tables' cursor, the MAINTAINERS
 * versions and the .mailmap.  NULL on an SQL error.
 */
char *ident_table_key(struct idx *ix);

/* Is meta "identity" @key (and are the tables there)? */
bool ident_table_fresh(struct idx *ix, const char *key);

/* For the writers that change people: the tables are made again. */
int ident_table_forget(struct idx *ix);

/* Did the index have the tables before this run? */
bool ident_table_exists(struct idx *ix);

/*
 * Bring the tables to @rows, writing only the rows that differ, and set
 * meta "identity" to @key; with @key NULL, write nothing and print (at
 * most ten of) the differences for --verify.  The number of rows that
 * differed, or -1 with a message.
 */
long ident_table_sync(struct idx *ix, const struct ident_rows *rows,
		      const char *key);

/*
 * Replace the rows of the stored persons @persons (their ident_addr and
 * ident_person rows) by @rows, which also give the ident_pid and
 * ident_name rows that change, and set meta "identity" to @key, inside
 * a savepoint: 1 done; 0 when a row would take the place of one kept
 * (the model was not what the caller read: nothing is changed, and the
 * caller makes it whole); -1 with a message.
 */
int ident_table_patch(struct idx *ix, const int64_t *persons, size_t nr,
		      const struct ident_rows *rows, const char *key);

/*
 * Read every row into @rows, in the order of their keys, the strings
 * allocated (a model walked whole: kmaint stats of the whole tree).
 * Release with ident_table_read_release().  0, or -1 with a message.
 */
int ident_table_read(struct idx *ix, struct ident_rows *rows);
void ident_table_read_release(struct ident_rows *rows);

/* Reading a few rows at a time (prepared once). */
struct ident_reader;

struct ident_reader *ident_reader_open(struct idx *ix);
void ident_reader_close(struct ident_reader *r);

/* One more than the largest address place: the bound of person ids. */
int64_t ident_read_nr(struct ident_reader *r);

/*
 * The addresses a people id has (they come first, 0 to the count - 1),
 * and the persons of those only MAINTAINERS names (after them).
 */
int64_t ident_read_nr_indexed(struct ident_reader *r);
int ident_read_unindexed(struct ident_reader *r,
			 void (*fn)(int64_t person, void *data), void *data);

/* One more than the largest people id with an address. */
int64_t ident_read_nr_pids(struct ident_reader *r);

/*
 * The address and person of people id @pid, or of address @email (lower
 * case): 1 found, 0 not, -1 on error.
 */
int ident_read_pid(struct ident_reader *r, int64_t pid, int64_t *addr,
		   int64_t *person);
int ident_read_email(struct ident_reader *r, const char *email,
		     int64_t *addr, int64_t *person);

/*
 * Call @fn with every address of @person (@row's strings live until it
 * returns) and set *@name to its name (malloced, "" for none).  0 or -1.
 */
int ident_read_person(struct ident_reader *r, int64_t person,
		      void (*fn)(const struct ident_row_addr *row, void *data),
		      void *data, char **name);

/*
 * ident_read_pid() for the @nr people ids @pids (ascending, each once)
 * in batches, one statement for many: @fn with each id found (in no
 * particular order).  0 or -1.
 */
int ident_read_pids(struct ident_reader *r, const int64_t *pids, size_t nr,
		    void (*fn)(int64_t pid, int64_t addr, int64_t person,
			       void *data),
		    void *data);

/*
 * ident_read_person() for the @nr persons @persons (ascending, each
 * once) in batches: @row with every address, by person then address,
 * and @name with each name the persons have (a person without one is
 * not named).  0 or -1.
 */
struct ident_batch_fns {
	void (*row)(const struct ident_row_addr *row, void *data);
	void (*name)(int64_t person, const char *name, void *data);
};
int ident_read_persons(struct ident_reader *r, const int64_t *persons,
		       size_t nr, const struct ident_batch_fns *fns,
		       void *data);

/* Call @fn with the people ids of address @addr, or with @addr -1 of the
 * addresses flagged IT_SPACED.  0 or -1. */
int ident_read_addr_pids(struct ident_reader *r, int64_t addr,
			 void (*fn)(int64_t pid, void *data), void *data);

/* The persons of folded name @fold ("3 17 40", malloced), or NULL. */
char *ident_read_name(struct ident_reader *r, const char *fold);

#endif
