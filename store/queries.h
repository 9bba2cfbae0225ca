/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_QUERIES_H
#define KMAINT_QUERIES_H

#include <stdbool.h>

#include "imap.h"
#include "index.h"
#include "summary.h"

/*
 * The questions the commands and the report ask the index, each a
 * function named after what it returns, so that no module outside
 * store/ (and lists/list-store.c, the lists' writer) writes SQL: a
 * change to a table is a change here.  The lists' tables are read here
 * too.  Each returns 0, or -1 after a message naming the index, unless
 * it says otherwise; a callback's non-zero return stops the walk and is
 * returned.
 */

/* index --stats: each figure's name and value, in a fixed order. */
void idx_foreach_figure(struct idx *ix,
			void (*fn)(const char *name, int64_t v, void *data),
			void *data);

/* index --stats: the number of trailers of each key, by key. */
void idx_foreach_trailer_key_count(struct idx *ix,
				   void (*fn)(const char *key, int64_t n,
					      void *data),
				   void *data);

/* The largest trailer key id in *@max, -1 when there is none. */
int idx_max_trailer_key(struct idx *ix, int64_t *max);

/* Every trailer key: its id and its text (canonical case). */
int idx_foreach_trailer_key(struct idx *ix,
			    int (*fn)(int64_t id, const char *key, void *data),
			    void *data);

/*
 * What identifies the indexed MAINTAINERS versions (their number, the
 * sum and largest of their commit ids, the largest blob), as text to
 * free; NULL when the index cannot say.
 */
char *idx_maintainers_fingerprint(struct idx *ix);

/* The same of the versions committed by commits of id @upto or below. */
char *idx_maintainers_fingerprint_upto(struct idx *ix, int64_t upto);

/* The hash of commit @id, to free; NULL when there is none. */
char *idx_commit_hash(const struct idx *ix, int64_t id);

/*
 * The same and lists_message_msgid()'s, asked of many ids: the two
 * queries prepared once, by idx_names_open(), and finalized by
 * idx_names_close() (before the index is closed).
 */
struct idx_names;
struct idx_names *idx_names_open(struct idx *ix);
char *idx_names_hash(struct idx_names *n, int64_t commit);
char *idx_names_msgid(struct idx_names *n, int64_t message);
void idx_names_close(struct idx_names *n);

/*
 * The commits whose hash starts with @prefix, as the commit_log view
 * shows them: hash, subject, author name and address, committer name
 * and address (after .mailmap; NULL where empty), until @fn returns
 * non-zero.  The number of commits handed over, -1 without an answer.
 */
int idx_foreach_commit_by_prefix(struct idx *ix, const char *prefix,
				 int (*fn)(const char *const f[6], void *data),
				 void *data);

/* The id of trailer key @key (canonical case); 0 when it has none. */
int64_t idx_trailer_key_id(struct idx *ix, const char *key);

/*
 * A commit with its files' path ids and the trailers that name a
 * person (key id and person id, in the commit's order).
 */
struct commit_facts {
	int64_t id, author, committer, time;
	int nparents;
	const int64_t *paths;
	const int64_t *old_paths;	/* a rename's path before, else -1 */
	size_t nr_paths;
	const int64_t *trailer_key, *trailer_person;
	size_t nr_trailers;
};

/* Every commit in id order, with its files and trailers (one pass each). */
int idx_foreach_commit_facts(struct idx *ix,
			     int (*fn)(const struct commit_facts *c, void *data),
			     void *data);

/* The same, of the commits whose ids are in [@from, @to]. */
int idx_foreach_commit_facts_range(struct idx *ix, int64_t from, int64_t to,
				   int (*fn)(const struct commit_facts *c,
					     void *data),
				   void *data);

/*
 * The same, of the commits from the first dated in [@since, @until]
 * (idx_first_commit_between()'s) on, then, after @between(@data), of
 * those before it: the summary's chunks checked once for both walks,
 * the first found as they are (kmaint audit's window first).
 */
int idx_foreach_commit_facts_split(struct idx *ix, int64_t since,
				   int64_t until,
				   int (*fn)(const struct commit_facts *c,
					     void *data),
				   void (*between)(void *data), void *data);

/* The same, always from the tables (for kmaint index --verify). */
int idx_foreach_commit_facts_tables(struct idx *ix, int64_t from, int64_t to,
				    int (*fn)(const struct commit_facts *c,
					      void *data),
				    void *data);

/* The arrays a commit_facts points into. */
struct facts_buf {
	int64_t *paths, *old_paths, *key, *person;
	size_t alloc_p, alloc_t;
};

void facts_buf_release(struct facts_buf *b);

/*
 * @c: the facts of the @at-th commit of a batch of summary_walk_files(),
 * pointing into @b (trailers only when @trailers).
 */
void summary_commit_facts(const struct summary *sm, size_t at, bool trailers,
			  struct commit_facts *c, struct facts_buf *b);

/*
 * The same without the trailers (nr_trailers 0): a walk that asks only
 * which files each commit touched is spared the trailers, the larger
 * half of the reading.
 */
int idx_foreach_commit_files(struct idx *ix,
			     int (*fn)(const struct commit_facts *c, void *data),
			     void *data);

/*
 * The ids of the commits that touch one of the @nr path ids @paths (as
 * a file's path or a rename's old path), ascending and each once, into
 * *@ids (to free), *@nr_ids of them: by files(path), files(old_path).
 */
int idx_commits_of_paths(struct idx *ix, const int64_t *paths, size_t nr,
			 int64_t **ids, size_t *nr_ids);

/* The facts of a few commits, read whole (idx_section_facts()). */
struct commit_facts_list {
	struct commit_facts *v;
	size_t nr;
	int64_t *ints;		/* every commit's arrays, one after another */
	size_t nr_ints, alloc_ints;
};

/*
 * A few sections' commits, those idx_commits_of_paths() finds, and the
 * facts of those commits, without reading every commit: *@sc holds the
 * rows of files whose path or old path is one of @paths (from
 * files_path and files_renames alone) and the commits' ids, ascending
 * (ids, nr_ids); release it with section_commits_release().  0 or -1.
 */
struct file_hit;
struct section_commits {
	struct file_hit *hits;
	size_t nr_hits, next;	/* the rows; the next commit's first */
	int64_t *ids;
	size_t nr_ids;
	int64_t since;
};
int idx_section_commits(struct idx *ix, const int64_t *paths, size_t nr,
			int64_t since, struct section_commits *sc);

/*
 * The facts of the next @max commits of @sc into @l (emptied first, to
 * release): 1, then 0 when there are no more (or -1).  A commit's files
 * are only those whose path or old path is one of the sections' (an old
 * path that is none of them -1), then, for a commit at or after @since,
 * -1 up to its number of files: of a tree-wide sweep, the rows that
 * matter to the sections and how many files it changes (whether it is
 * their own, which only the window's commits are asked).  Read whole,
 * the commits' people can be read at once (identity_prefetch()) before
 * any is asked about; @max bounds the memory of a section as large as
 * the tree (the kernel's THE REST).
 */
int idx_section_facts(struct idx *ix, struct section_commits *sc,
		      size_t max, struct commit_facts_list *l);
void section_commits_release(struct section_commits *sc);
void commit_facts_list_release(struct commit_facts_list *l);

/*
 * Every commit since @since (commit time): id, hash, parents' hashes
 * (space-separated), commit time and flags (HC_*).
 */
int idx_foreach_commit_since(struct idx *ix, int64_t since,
			     int (*fn)(int64_t id, const char *hash,
				       const char *parents, int64_t time,
				       int64_t flags, void *data),
			     void *data);

/*
 * The newest indexed MAINTAINERS version at or before @when (0: the
 * newest of all): its blob and commit hashes, to free, and the commit's
 * time; *@blob NULL when there is none.
 */
int idx_maintainers_version_at(struct idx *ix, int64_t when, char **blob,
			       char **hash, int64_t *time);

/*
 * The ids of the trailer keys ending in "-by" (any case), ascending;
 * the caller frees them.  NULL, *@nr 0 when there are none.
 */
int64_t *idx_trailer_by_keys(struct idx *ix, size_t *nr);

/* The commit time of the first indexed MAINTAINERS version; 0: none. */
int64_t idx_maintainers_first_time(struct idx *ix);

/*
 * Every person of the people table (name and address after .mailmap),
 * with the non-merge commits they authored and the trailers naming them.
 */
int idx_foreach_person_activity(struct idx *ix,
				int (*fn)(const char *name, const char *email,
					  int64_t commits, int64_t trailers,
					  void *data),
				void *data);

/*
 * Every Reviewed-by and Acked-by trailer: its commit and the person
 * (after .mailmap).
 */
int idx_foreach_review_trailer(struct idx *ix,
			       int (*fn)(int64_t commit, const char *name,
					 const char *email, void *data),
			       void *data);

/* The commit time of the oldest indexed commit in *@t (0: none). */
int idx_first_commit_time(struct idx *ix, int64_t *t);

/* The commit time of the newest indexed commit (0: none, or no answer). */
int64_t idx_last_commit_time(struct idx *ix);

/*
 * The lowest id of a commit (merges too) committed in [@from, @to] into
 * *@id, INT64_MAX when there is none.  0, or -1 with a message.
 */
int idx_first_commit_between(struct idx *ix, int64_t from, int64_t to,
			     int64_t *id);

/*
 * The newest non-merge commit at or before @until that people id
 * @person authored, committed or is named in by a "-by" trailer, into
 * *@t (0: none).  0, or -1 with a message.
 */
int idx_person_last_commit(struct idx *ix, int64_t person, int64_t until,
			   int64_t *t);

/*
 * Which commits were posted to a list (the links table): an array by
 * commit id up to *@max (0 when none), 1 for a linked commit, to free.
 */
unsigned char *lists_linked_commits(struct idx *ix, int64_t *max);

/*
 * The same array for the @nr commits @ids (ascending) only, by
 * links(commit_id): what a few sections' audit asks of it.
 */
unsigned char *lists_linked_commits_of(struct idx *ix, const int64_t *ids,
				       size_t nr, int64_t *max);

/* Does the index hold a message (false too for an index without lists)? */
bool lists_has_messages(struct idx *ix);

/* Every registered list's name. */
void lists_foreach_name(struct idx *ix,
			void (*fn)(const char *name, void *data), void *data);

/* The Message-ID of message @id, to free; NULL when there is none. */
char *lists_message_msgid(struct idx *ix, int64_t id);

/* The number of registered lists; 0 also when it cannot be read. */
int64_t lists_count(struct idx *ix);

/*
 * The list called @name, compared without case: 1 with its name as
 * registered in *@out (to free), 0 when there is none.
 */
int lists_find(struct idx *ix, const char *name, char **out);

/* Every file a message's patch touches: path id, thread, message id. */
int lists_foreach_message_file(struct idx *ix,
			       int (*fn)(int64_t path, int64_t thread,
					 int64_t message, void *data),
			       void *data);

/* Every reply dated @since..@until: its date, sender and thread. */
int lists_foreach_reply(struct idx *ix, int64_t since, int64_t until,
			int (*fn)(int64_t date, int64_t sender,
				  int64_t thread, void *data),
			void *data);

/* A message's row as lmsg_load() (lists/list-messages.h) keeps it. */
struct msg_row {
	int64_t id, mid, parent, thread, date, sender, author, flags;
	int64_t subject_hash;
	int version;
	int64_t source;		/* its archive */
};

/* The number of registered archives; the largest message id (0: none). */
int64_t lists_count_sources(struct idx *ix);
int64_t lists_max_message_id(struct idx *ix);

/*
 * Every message of a registered archive, of the lists named in @lists
 * when @nr_lists, dated @since or later unless @since is INT64_MIN: by
 * archive, then id, or by date.
 */
int lists_foreach_message(struct idx *ix, const char *const *lists,
			  size_t nr_lists, int64_t since,
			  int (*fn)(const struct msg_row *r, void *data),
			  void *data);

/* The columns of a message's row the audit reads (judge/audit.c). */
struct msg_brief {
	int64_t id, mid, parent, thread, date;
	int64_t sender;		/* a people id, 0: none */
	uint32_t flags;
};

/*
 * lists_foreach_message()'s rows of every registered archive, in its
 * order, those columns alone (the fewer, the faster SQLite hands them
 * over), into *@v (to free), *@nr of them.  0, or -1 with a message.
 */
int lists_read_messages_brief(struct idx *ix, struct msg_brief **v,
			      size_t *nr);

/* A row of the links table with its message's version and date. */
struct link_row {
	int64_t commit, message, date;
	const char *how;	/* "patch-id", ... */
	bool landed;		/* the version that landed */
	int version;
};

/* Every link between a commit and a posting. */
int lists_foreach_link(struct idx *ix,
		       int (*fn)(const struct link_row *r, void *data),
		       void *data);

/* Every Reviewed-by, Acked-by and Tested-by naming a person on a list. */
int lists_foreach_review(struct idx *ix,
			 int (*fn)(int64_t message, int64_t person, void *data),
			 void *data);

/* The messages whose patches touch each of the @nr path ids @paths. */
int lists_foreach_message_of_paths(struct idx *ix, const int64_t *paths,
				   size_t nr,
				   int (*fn)(int64_t message, void *data),
				   void *data);

/*
 * The hash and subject of commit @id (to free): 1, 0 when there is no
 * such commit, -1 when the index cannot be asked (quietly).
 */
int idx_commit_subject(struct idx *ix, int64_t id, char **hash,
		       char **subject);

/* A file of a posted patch: its path id, the message's thread and id. */
struct msg_file_row {
	int64_t path, thread, message;
};

/*
 * The files of posted patches among the @nr path ids @paths, path by path
 * (as given), then by message, each with its message's thread, into
 * *@rows (to free), *@nr_rows of them.  The threads are asked once a
 * message, in id order, not row by row: a patch of several of the paths
 * has one row each, apart, and a few sections' small page cache
 * (idx_scattered_reads()) has dropped the message's page by the next.
 * 0 or -1.
 */
int lists_message_files_of(struct idx *ix, const int64_t *paths, size_t nr,
			   struct msg_file_row **rows, size_t *nr_rows);

/*
 * Every file of every posted patch, (path id, message id), by path then
 * message: the rows of msg_files alone, for a caller that already holds
 * the messages.
 */
int lists_foreach_msg_file(struct idx *ix,
			   int (*fn)(int64_t path, int64_t message, void *data),
			   void *data);

/*
 * The messages of the @nr threads @threads (none for none), by id, of
 * any archive, registered or not.
 */
int lists_foreach_thread_message(struct idx *ix, const int64_t *threads,
				size_t nr,
				int (*fn)(const struct msg_row *m, void *data),
				void *data);

/*
 * The messages of registered archives in the @nr threads @threads dated
 * @since or later (INT64_MIN: all), by archive, then id, as
 * lists_foreach_message() reads them: a section's messages are its
 * patches' threads (a reply is in its patch's thread).
 */
int lists_foreach_message_in_threads(struct idx *ix, const int64_t *threads,
				     size_t nr, int64_t since,
				     int (*fn)(const struct msg_row *r,
					       void *data),
				     void *data);

/*
 * The threads of the messages dated @since or later (INT64_MIN: all)
 * whose patches touch one of the @nr path ids @paths, into *@threads
 * (to free; sorted, each once).  0, or -1 with a message.
 */
int lists_threads_of_paths(struct idx *ix, const int64_t *paths, size_t nr,
			   int64_t since, int64_t **threads, size_t *nr_threads);

/*
 * The Reviewed-by, Acked-by and Tested-by trailers naming a person, of
 * message after message (a message's in no set order): with
 * @per_message a query each; without, one pass over all of them, so
 * that the messages must be asked in increasing id order.
 */
struct msg_trailers;
struct msg_trailers *msg_trailers_open(struct idx *ix, bool per_message);
int msg_trailers_of(struct msg_trailers *t, int64_t message,
		    int (*fn)(int64_t key, int64_t person, void *data),
		    void *data);
void msg_trailers_close(struct msg_trailers *t);

/* The newest date of a message of a registered archive (0: none), or -1. */
int64_t lists_newest_message_date(struct idx *ix);

/*
 * Every message of id in (@lo, @hi] (a window's span, not every link)
 * linked to a commit made by @until.
 */
int lists_foreach_landed(struct idx *ix, int64_t until, int64_t lo, int64_t hi,
			 int (*fn)(int64_t message, void *data), void *data);

/*
 * Questions about one message at a time, asked for many messages:
 * prepared once by msg_queries_open() (NULL after a message).
 */
struct msg_queries;
struct msg_queries *msg_queries_open(struct idx *ix);
void msg_queries_close(struct msg_queries *q);

/* The paths its patch touches, each with whether the history has it. */
int msg_foreach_file(struct msg_queries *q, int64_t message,
		     int (*fn)(const char *path, bool in_history, void *data),
		     void *data);

/* The people its Reviewed-by, Acked-by and Tested-by trailers name. */
int msg_foreach_reviewer(struct msg_queries *q, int64_t message,
			 int (*fn)(int64_t person, void *data), void *data);

/*
 * lists_foreach_link()'s rows of a message, or of a commit (by archive
 * and message): the links of a section's few, not of every posting.
 */
int msg_links_of(struct msg_queries *q, int64_t message,
		 int (*fn)(const struct link_row *r, void *data),
		 void *data);
int commit_links_of(struct msg_queries *q, int64_t commit,
		    int (*fn)(const struct link_row *r, void *data),
		    void *data);

/* Its Reviewed-by, Acked-by and Tested-by naming someone: key, person. */
int msg_reviews_of(struct msg_queries *q, int64_t message,
		   int (*fn)(int64_t key, int64_t person, void *data),
		   void *data);

/*
 * The messages of registered archives carrying a patch with its
 * subject, itself among them: its versions, of any thread.
 */
int msg_versions_of(struct msg_queries *q, int64_t message,
		    int (*fn)(const struct msg_row *r, void *data),
		    void *data);

/*
 * Its Message-ID and subject (to free) and its part number: 1, or 0
 * when the message is not in the index.
 */
int msg_details(struct msg_queries *q, int64_t message, char **msgid,
		char **subject, int *part);

#endif
