/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_DERIVED_H
#define KMAINT_DERIVED_H

#include <stdbool.h>
#include <stdint.h>

#include "index.h"

/*
 * Facts about people that the identity model (people/identity.h) and
 * kmaint stats need from every commit of the history, kept in the index
 * and extended by "kmaint index" as commits arrive, so that a question
 * about one section does not read the whole history to rebuild them:
 *
 *  - person_activity: per people id, its non-merge commits as author
 *    and as committer, the tags naming it, and its earliest non-merge
 *    authored commit (by commit time, then id);
 *  - commit_joins: rule 2's pairs (identity.h), two people ids with an
 *    address and one folded name named by one commit, in the order the
 *    identity model meets them.
 *
 * meta "derived" is the last commit id they cover.  Whatever changes
 * the rows they come from (deleting commits, mapping the people again
 * for a new .mailmap, a schema migration that gives tags people) forgets
 * it in the same transaction; the next "kmaint index" makes them again.  Readers
 * use them only when they cover every indexed commit, and otherwise
 * compute the same facts from the summary, so the answer never depends
 * on them.
 */

/* What the tables hold for one people id. */
struct derived_person {
	long authored, committed, tagged;
	int64_t first_id, first_time;	/* first_id -1: no authored commit */
};

/*
 * For "kmaint index", inside its last transaction: fold the commits the
 * tables do not cover yet into them (all of them, with a note, the first
 * time for an index made before them).  0, or -1 with a message.
 */
int derived_update(struct idx *ix);

/* For the writers that change people or delete commits: start again. */
int derived_forget(struct idx *ix);

/* Do the tables cover every indexed commit?  Never an error: false. */
bool derived_fresh(struct idx *ix);

/*
 * The person_activity rows into @v, indexed by people id, for the ids
 * below @nr (others are left as they are).  0, or -1 with a message.
 */
int derived_people(struct idx *ix, struct derived_person *v, int64_t nr);

/*
 * The same for the @n people ids @pids only, into @v (indexed like
 * @pids).  0, or -1 with a message.
 */
int derived_people_of(struct idx *ix, const int64_t *pids, size_t n,
		      struct derived_person *v);

/*
 * Call @fn for every commit_joins row, in the order rule 2 applies
 * them: by the commit's commit time, then its hash, then seq.  0, or -1
 * with a message.  Commit ids follow the order commits were indexed,
 * which differs between an index built in one run and one built over
 * many; the first join of two persons is the evidence cited for it, so
 * it must depend on the history alone.
 */
int derived_foreach_join_in_time(struct idx *ix,
				 void (*fn)(int64_t commit_id, int64_t a,
					    int64_t b, void *data),
				 void *data);

/*
 * Call @fn once with each people id that a commit of id above @after
 * names (author, committer, a trailer's person): whose counts those
 * commits change.  0, or -1 with a message.
 */
int derived_pids_since(struct idx *ix, int64_t after,
		       void (*fn)(int64_t pid, void *data), void *data);

/*
 * kmaint index --verify: compute the facts again from the commit,
 * trailer and people tables, and compare them with the tables.  The
 * number of differences (each named on stderr), or -1 on an SQL error.
 * An index whose tables are not complete has nothing to compare: 0.
 */
long derived_verify(struct idx *ix);

#endif
