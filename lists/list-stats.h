/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_LISTSTATS_H
#define KMAINT_LISTSTATS_H

#include "scope.h"
#include "strmap.h"

/*
 * "kmaint stats --list": what the mailing lists in the index say about
 * a scope (the paths posted patches touch) and a range (of message
 * dates; for commits, the range as kmaint stats reads it).
 *
 * Definitions:
 *  - a patch is a message carrying a patch that is not a reply; it is
 *    in the scope when its patch touches a path of the scope;
 *  - a reply is in the scope when its thread holds a patch of the
 *    scope and it answers such a patch or the cover letter (the
 *    nearest patch or cover letter above it, lmsg_answered()): a reply
 *    counts for the patch it answers, for the whole series only when it
 *    answers the cover letter; a review is a Reviewed-by, Acked-by or Tested-by given in a
 *    message that carries no patch, credited to the person it names,
 *    once per message;
 *  - a patch is answered by the first message from someone else
 *    (another address after .mailmap) that replies to it or to its
 *    cover letter (the "0/N" it is sent under, by the same sender);
 *  - a patch has landed when it is linked to a commit; it is superseded
 *    when its author posted the same subject again with a higher
 *    version; it is pending otherwise;
 *  - a copy of a message on several lists counts once.
 */
struct ls_person {
	char *name, *email;
	long patches, replies, reviews;
};

struct ls_commit {
	int64_t id;
	char *hash, *subject;
};

struct list_stats {
	/* the lists asked about (all when empty) */
	char **lists;
	size_t nr_lists;

	long messages, patches, replies, reviews, reviewers;
	long answered, unanswered, answered_listed;
	long landed, superseded, pending;
	double median_reply, median_reply_listed;	/* seconds; -1: none */
	double p90_reply, p90_reply_listed;	/* 90th percentile (nearest rank) */
	long commits, commits_posted, by_patch_id, by_subject;
	double median_to_commit;			/* seconds; -1: none */
	long versions[10];		/* landed as v1..v9, [0] as v10 or more */
	bool have_listed;		/* section people were given */

	struct ls_person *people;	/* one per address (lower case) */
	size_t nr_people, alloc_people;

	/*
	 * Set by the caller: leave the commits' side out (commits, posted,
	 * median_to_commit, unposted), as list_base_to_commit() gives it
	 * for many scopes at once.
	 */
	bool no_commits;
	/*
	 * Set by the caller: people[] counted but neither named nor
	 * addressed (NULL), for a caller that shows the figures only;
	 * list_stats_rank() needs them.
	 */
	bool no_names;
	/*
	 * Set by the caller: neither people[] nor the reviews counted (the
	 * totals and times of the messages only), for a caller that shows
	 * those alone: report --site's 2,900 sections.
	 */
	bool no_people;

	/* the commits never posted, newest first: max_unposted (0: all) of them */
	struct ls_commit *unposted;
	size_t nr_unposted, alloc_unposted, max_unposted;
	long unposted_total;
};

void list_stats_init(struct list_stats *st);
void list_stats_release(struct list_stats *st);

/*
 * Gather everything over @s and @r from the lists named in @lists (all
 * when @nr_lists is 0).  @listed are the addresses (lower case) of the
 * sections' M: and R: people, for the time to their first reply.  0, or
 * -1 with a message.
 */
int list_stats_collect(struct list_stats *st, struct scope *s,
		       const struct range *r, const char *const *lists,
		       size_t nr_lists, const char *const *listed,
		       size_t nr_listed);

/*
 * What the stats of every scope share (the messages, their links and
 * their reviews), read once for a run that asks about many scopes: a
 * scope then costs the threads its own patches are in, not the lists.
 * NULL after a message.
 */
struct list_base;
struct list_base *list_base_load(struct idx *ix, const char *const *lists,
				 size_t nr_lists);
/*
 * The base of one scope (a section, paths; not the whole repository)
 * of every list: the threads of the patches touching its paths, each
 * one's links, reviews and later versions asked of the index, so that
 * a section costs its own messages, not the archives'.  What
 * list_stats_collect_in() answers from it for @s is what it answers
 * from list_base_load()'s of every list.  NULL after a message.
 */
struct list_base *list_base_load_scope(struct scope *s);
void list_base_free(struct list_base *b);

/*
 * Every scope counted on @b from now on reads the same people rows and
 * identity model (one scope whose paths change, as report --site's
 * sections): who is who is then worked out once, not once per scope.
 */
void list_base_keep_persons(struct list_base *b);

/*
 * For a run that asks about every section: the patches of each path
 * read once from the index, so that a scope's are then found in memory,
 * not asked of the index path by path.  A scope's base needs none (its
 * own threads are few): 0 there.  0, or -1 with a message.
 */
int list_base_index_paths(struct list_base *b, struct idx *ix);

/* list_stats_collect() over a base already loaded (its lists). */
int list_stats_collect_in(struct list_stats *st, struct list_base *b,
			  struct scope *s, const struct range *r,
			  const char *const *listed, size_t nr_listed);

/*
 * median_to_commit of @nr scopes in one pass over the index's commits,
 * where each scope alone walks its own: scope k is the non-merge
 * commits of @r touching one of the path ids paths[k][0 ..
 * nr_paths[k]), as a file's path (a scope's walk).  out[k]: seconds,
 * -1 for none.  0, or -1 with a message.
 */
int list_base_to_commit(const struct list_base *b, struct idx *ix,
			const struct range *r, const int64_t *const *paths,
			const size_t *nr_paths, size_t nr, double *out);

enum ls_column { LS_PATCHES, LS_REPLIES, LS_REVIEWS };

/* Indexes of st->people with a non-zero @col, sorted by it (then name, address). */
size_t list_stats_rank(const struct list_stats *st, enum ls_column col,
		       size_t **order);

#endif
