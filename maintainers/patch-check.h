/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PATCH_CHECK_H
#define KMAINT_PATCH_CHECK_H

#include "maintainers.h"
#include "matcher.h"
#include "print-mailmap.h"
#include "strbuf.h"
#include "tree.h"

/*
 * "kmaint check --patch": what a maintainer or a bot needs to know
 * about a posted patch (or series) and MAINTAINERS, as netdev's CI
 * (NIPA) checks it with get_maintainer.pl and its own scripts:
 *
 *  - recipients: the mail's To:/Cc: against get's answer (maintainers,
 *    reviewers, lists; LKML aside), and the authors and committers of
 *    the commits its Fixes: tags name (from the index, else git);
 *  - new files: each should land in a section of fewer than
 *    warn_files files (kconfig_files for Kconfig*), never in one of
 *    error_files or more, nor in THE REST alone;
 *  - MAINTAINERS edits: applied to a temporary copy, the "check"
 *    findings they add or remove, and review's verdict on each M:/R:
 *    they add (with an index).
 *
 * A series (a cover letter and its patches, in several files or one
 * mbox) is checked as a whole: new files against MAINTAINERS as the
 * whole series leaves it, the cover letter's recipients against the
 * union of its patches' answers.
 */
struct pcheck_opts {
	int warn_files;		/* 50 */
	int error_files;	/* 500 */
	int kconfig_files;	/* 3 */
	bool apply;		/* apply MAINTAINERS hunks (git apply) */
	bool history;		/* Fixes: and review from the index or git */
	bool recipients;	/* To:/Cc: against get and the Fixes: people */
	const char *db_path;	/* the index; NULL: the repository's */
};

void pcheck_opts_init(struct pcheck_opts *o);

enum pcheck_severity { PC_INFO, PC_WARNING, PC_ERROR };

struct pcheck_finding {
	enum pcheck_severity sev;
	const char *kind;	/* stable name, "missing-maintainer" */
	char *file;		/* the patch file, "-" for standard input */
	int line;		/* in @file, 1-based */
	char *msg;
};

/* One message: a patch, a cover letter or anything else. */
struct pcheck_msg {
	const char *name;	/* its file */
	const char *buf;
	size_t len;
	int line0;		/* lines of @name before it */
};

struct pcheck {
	const struct pcheck_opts *o;
	const struct maintainers *m;	/* as get reads it */
	struct matcher *mt;
	const struct gm_mailmap *mm;

	struct pcheck_finding *v;
	size_t nr, alloc;
	int status;		/* the highest severity seen */

	/*
	 * Made when first needed; a caller may set @files (sorted) and
	 * files_state = 1 itself (the fuzzer, which has no tree).
	 */
	struct path_list files;
	int files_state;	/* 0 untried, 1 listed, -1 failed */
	struct idx *ix;
	int ix_state;
	bool said_no_history;
};

void pcheck_init(struct pcheck *pc, const struct pcheck_opts *o,
		 const struct maintainers *m, struct matcher *mt,
		 const struct gm_mailmap *mm);
void pcheck_release(struct pcheck *pc);

/* Check @msgs (one patch, or a series in order) and append findings. */
void pcheck_run(struct pcheck *pc, const struct pcheck_msg *msgs, size_t nr);

/* checkpatch.pl --terse lines: "FILE:LINE: WARNING: message" */
void pcheck_print(FILE *fp, const struct pcheck *pc);
void pcheck_json(struct strbuf *out, const struct pcheck *pc);

#endif
