/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MATCHER_H
#define KMAINT_MATCHER_H

#include "maintainers.h"
#include "strbuf.h"

/*
 * Which sections cover a path, by get_maintainer.pl's rules, without
 * trying every pattern: F:/X: values without regex syntax (nearly all of
 * them) sit in a hash table keyed by the path prefix they must equal, so
 * a lookup costs one probe per directory level and per character of the
 * last component; the few with regex syntax are compiled with PCRE2 and
 * bucketed by their literal directory prefix; N: regexes are tried in
 * turn.
 */
struct matcher;

struct section_hit {
	int section;
	int depth;	/* of the last matching F:/N: line, in file order */
};

struct match_result {
	struct section_hit *hits;	/* deepest first, then file order */
	size_t nr, alloc;
	bool exact;	/* an F: as deep as the path, in a maintained section with an M: */
};

/*
 * Compile the patterns of @m.  F:/X: values naming a directory of the
 * tree gain a trailing '/', so the current directory must be the tree's
 * top.  Regexes are compiled when a lookup first reaches them; one that
 * does not compile is reported then, with its file:line, and counted by
 * matcher_errors(): an answer given after errors may be wrong.
 */
struct matcher *matcher_new(const struct maintainers *m);
void matcher_free(struct matcher *mt);

/* How many patterns failed to compile so far. */
int matcher_errors(const struct matcher *mt);

/*
 * Compile every F:/X:/N: pattern now, and the K: ones too if @keywords;
 * the number that failed.  "kmaint map" uses no K:, so a bad one must not
 * fail it.
 */
int matcher_check_all(struct matcher *mt, bool keywords);

/*
 * Look up @path (relative to the top of the tree).  @pattern_depth is
 * --pattern-depth (0: unlimited).  @res is reset first.
 */
void matcher_lookup(struct matcher *mt, const char *path, int pattern_depth,
		    struct match_result *res);

void match_result_release(struct match_result *res);

/*
 * K: keywords.  In patch mode, lines before the first file header are
 * matched as they are and later ones only if they start with '+' or '-'.
 * Each K: entry that matches is added, once, to @hits (entry indexes).
 */
struct keyword_hits {
	int *entries;
	size_t nr, alloc;
};
void matcher_keywords(struct matcher *mt, const char *text, size_t len,
		      bool diff_line, struct keyword_hits *hits);

/*
 * The lines about to be given to matcher_keywords() are all within
 * @text (a whole patch): a K: whose required string (below) is not in
 * it is not tried on them.  NULL ends that.
 */
void matcher_keywords_text(struct matcher *mt, const char *text, size_t len);

/*
 * A string every match of the regex @re (a K: value, read with /x as
 * the script reads it) contains: the longest run of plain characters
 * at its top level, none of them optional or repeated.  Its length, 0
 * when none is known for sure (top-level '|', "(?i)", a verb, an
 * escape this reader does not know); the string in @out.
 */
size_t matcher_required_literal(const char *re, struct strbuf *out);

#endif
