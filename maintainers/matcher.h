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
 * turn.  The tables are built for the 17th lookup (or matcher_index()):
 * until then a lookup compares the path with every pattern's prefix,
 * which costs less than building them for a handful of paths.
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

/*
 * MATCHER_GLOBSTAR: get_maintainer.pl's double star (after 6.12, for
 * 7.1).  An F:/X: value holding "**" is then a glob: the double star
 * matches across directories (at the end, everything below; followed
 * by a '/', also no directory at all), '*' and '?' stay within one
 * component, and the last component matches by prefix, as the
 * script's other values do, or names a directory; no rule on the
 * number of '/'.  Without it, a double star is the 6.12 script's ".*.*".
 */
enum { MATCHER_GLOBSTAR = 1, MATCHER_QUIET = 2 };
struct matcher *matcher_new_opts(const struct maintainers *m,
				 unsigned int flags);

/*
 * MATCHER_QUIET: a pattern that fails is counted (matcher_errors()) but
 * not reported, for "kmaint index", which matches every path to keep
 * the answers and must not speak of MAINTAINERS itself.
 */

/*
 * Append to @out an exact description of what @mt's lookups depend on
 * besides the path (the compiled patterns, the directories among their
 * values, the sections' M: and S:): two matchers with equal
 * descriptions give every path the same match_result.
 */
void matcher_describe(struct matcher *mt, struct strbuf *out);

/* The number of sections of the MAINTAINERS @mt was made from. */
size_t matcher_sections(const struct matcher *mt);

/* How many patterns failed to compile so far. */
int matcher_errors(const struct matcher *mt);

/*
 * Compile every F:/X:/N: pattern now, and the K: ones too if @keywords;
 * the number that failed.  "kmaint map" uses no K:, so a bad one must not
 * fail it.
 */
int matcher_check_all(struct matcher *mt, bool keywords);

/*
 * The literal prefix of an F:/X: value once converted to a regex (the
 * bucket a regex pattern is tried from), read from the value as it is:
 * in @lit; true if the whole value is literal once converted.  Exposed
 * for its unit test.
 */
bool matcher_glob_prefix(const char *value, struct strbuf *lit);

/*
 * Build the hash tables now: for a caller about to look up many paths.
 * Without it they are built after a few lookups, each of which compares
 * the path with every pattern (cheaper for a handful).
 */
void matcher_index(struct matcher *mt);

/* The name edk2's Maintainers.txt gives paths no section maintains */
#define MNT_EDK2_DEFAULT "<default>"

/*
 * Look up @path (relative to the top of the tree).  In the edk2 dialect
 * a path without an M: from its sections also gets those of
 * MNT_EDK2_DEFAULT, after its own.  @pattern_depth is
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
 * Strings of which every match of the regex @re (a K: value, read with
 * /x as the script reads it) holds one: the longest run of plain
 * characters at the top level, none of them optional or repeated, or
 * a group's strings, or, for alternatives, those of every branch
 * ("\\b(clone_args|kernel_clone_args)\\b": both names).  After "(?i)"
 * or in "(?i:...)" they are case-blind.  The number of strings, 0 when
 * nothing is known for sure (a branch without any, other option
 * settings, a verb such as (*ACCEPT), an escape with an argument or a
 * number, non-ASCII bytes), or when a string is of one character.
 */
struct required_strings {
	char **v;
	size_t nr, alloc;
	bool icase;		/* ASCII letters in either case */
};
size_t matcher_required_strings(const char *re, struct required_strings *out);
void required_strings_release(struct required_strings *rs);

#endif
