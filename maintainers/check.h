/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_CHECK_H
#define KMAINT_CHECK_H

#include "maintainers.h"
#include "tree.h"

/*
 * "kmaint check": findings about a MAINTAINERS file.
 *
 * Three sources of rules, each kept in its author's wording so that a
 * finding can be looked up where it came from:
 *  - get_maintainer.pl --self-test=sections,patterns (the oracle; its
 *    order and text are reproduced exactly),
 *  - checkpatch.pl's MAINTAINERS_STYLE rules and parse-maintainers.pl's
 *    ordering, which "kmaint check --fix" applies,
 *  - kmaint's own offline syntax checks of T:, W:, Q:, B:, C: and P:,
 * plus the parser's own diagnostics.  Every class has a stable name, for
 * --only and --json.
 */
enum check_class {
	/* get_maintainer.pl --self-test=sections */
	CHK_DUPLICATE_SECTION,
	CHK_NO_EMAIL,
	CHK_NO_STATUS,
	CHK_NO_PATTERN,
	/* get_maintainer.pl --self-test=patterns */
	CHK_NO_MATCH,
	CHK_BAD_PATTERN,
	/* the parser (m->diags) */
	CHK_PARSE,
	/* checkpatch.pl MAINTAINERS_STYLE */
	CHK_FIELD_TAB,
	CHK_UNKNOWN_TYPE,
	CHK_TRAILING_SPACE,
	/* offline syntax */
	CHK_SCM,
	CHK_LINK,
	CHK_CHAT,
	CHK_PROFILE,
	CHK_BAD_REGEX,
	/* against the history index, when there is one */
	CHK_UNKNOWN_ADDRESS,
	/* ordering: checkpatch.pl and parse-maintainers.pl --order */
	CHK_FIELD_ORDER,
	CHK_PATTERN_ORDER,
	CHK_SECTION_ORDER,
	CHK_BLANK_LINE,
	CHK_NR_CLASSES
};

#define CHK_BIT(c) (1u << (c))

/* What "kmaint check" runs without --only; see kmaint-check(1). */
#define CHK_DEFAULT (CHK_BIT(CHK_FIELD_ORDER) - 1)
#define CHK_ORDER (CHK_BIT(CHK_FIELD_ORDER) | CHK_BIT(CHK_PATTERN_ORDER) | \
		   CHK_BIT(CHK_SECTION_ORDER) | CHK_BIT(CHK_BLANK_LINE))
#define CHK_ALL (CHK_BIT(CHK_NR_CLASSES) - 1)

struct check_finding {
	enum check_class cls;
	enum mnt_severity severity;
	int line;		/* index into m->lines, or -1 */
	const char *file;	/* for line == -1 */
	char *msg;
	size_t seq;		/* emission order, to keep the sort stable */
};

struct check_result {
	struct check_finding *v;
	size_t nr, alloc;
	size_t count[CHK_NR_CLASSES];
};

/* The class's stable name, "no-match". */
const char *check_class_name(enum check_class c);

/*
 * Parse a comma-separated list of class and group names ("sections",
 * "patterns", "parse", "style", "syntax", "order", "default", "all")
 * into a mask.  Returns -1 after printing what was unknown.
 */
int check_parse_classes(const char *list, unsigned *mask);

/*
 * Run the classes of @mask over @m (finished) and @files (the tree,
 * sorted), appending to @res in get_maintainer.pl's order: by line, and
 * within a line by class.  Patterns and "-d" tests are relative to the
 * current directory, as the script has them.
 */
void check_run(const struct maintainers *m, const struct path_list *files,
	       unsigned mask, struct check_result *res);

/*
 * With a history index: each listed M:/R: person whose address appears
 * nowhere in the history (no commit, author, committer or tag names it,
 * after @mm), with the address the same name has elsewhere in
 * MAINTAINERS, the likely intended one (a .com for .org slip), and the
 * one the history knows the name by.  Roles (lists, titles, aliases)
 * are skipped: they are not expected to commit.  Appends to @res and
 * keeps its order.
 */
struct identity;
struct ident_mailmap;
void check_run_history(const struct maintainers *m, const struct identity *id,
		       const struct ident_mailmap *mm, unsigned mask,
		       struct check_result *res);

void check_result_release(struct check_result *res);

#endif
