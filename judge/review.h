/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_REVIEW_H
#define KMAINT_REVIEW_H

#include "audit.h"
#include "maintainers-history.h"
#include "strbuf.h"

/*
 * A patch to MAINTAINERS judged against the history (kmaint review,
 * and kmaint propose checking its own patches).
 *
 * The patch is applied with git apply to MAINTAINERS as it was (the
 * version the index holds for --as-of, so the patch is judged with the
 * history its author and reviewers had), the two versions are compared
 * section by section (store/maintainers-history.h), and each section that changes is
 * audited (judge/audit.h).
 *
 * The verdict on a person added is relative: their record is weighed
 * against the section's leaders, listed or not.
 *
 *   none	no changeset, review, tag or applied commit in the section;
 *   weak	some, but less than --strong-share percent of the section's
 *		changesets, reviews (in git, or on the indexed lists: a
 *		review that never landed as a tag still counts) or applied
 *		commits; or unlisted people
 *		are far ahead: for an M:, on changesets; for an R:, on
 *		reviews (in git and on the lists): those ranked within the
 *		first --lead-ranks who are not listed after the change and
 *		have at least --lead-factor times the added person's
 *		figure.  They are named as stronger candidates.  For an M:,
 *		a review-heavy record is shown and credited, but does not
 *		outweigh the leading authors;
 *   strong	the rest.
 *
 * Removing the section's most active listed person (changesets,
 * reviews and applied commits in the window) is a finding too.
 */
struct review_opts {
	int strong_share;	/* percent (10) */
	int lead_factor;	/* times the added person's changesets (3) */
	int lead_ranks;		/* the first N authors (2) */
};

void review_opts_init(struct review_opts *o);

enum review_verdict {
	RV_NONE,
	RV_WEAK,
	RV_STRONG,
};

struct review_person {
	const struct mh_person *mp;	/* as the patch lists them */
	bool added;
	int pid;			/* identity person, -1 */
	struct identity_match match;
	const struct audit_person *rec;	/* in the section, or NULL */
	enum review_verdict verdict;	/* additions */
	const struct audit_person **stronger;	/* unlisted leaders ahead */
	size_t nr_stronger;
	bool most_active;		/* removals: the most active listed */
};

struct review_section {
	const struct mh_change *c;
	const struct audit *a;		/* the audit it was judged in */
	const struct audit_section *s;	/* NULL when not audited */
	struct review_person *people;
	size_t nr_people;
	long reviews;			/* in the section, in the window */
	long list_reviews;		/* given on the lists, in the window */
	size_t nr_authors, nr_reviewers;
	bool finding;			/* a weak addition or a removal */
};

struct review {
	char *base_what;		/* "MAINTAINERS as of commit 1234" */
	/* "patch", "as-of", "work tree" or "newest"; not freed */
	const char *base_source;
	struct strbuf base, patched;
	struct mh_diff d;
	struct maintainers m_new, m_old;
	struct matcher *mt_new, *mt_old;
	struct audit a_new, a_old;
	bool have_old;
	struct review_section *v;
	size_t nr;
	bool findings;			/* exit 1 */
};

/*
 * Apply the MAINTAINERS part of the patch in file @patch to @base with
 * git apply (outside any repository), into @out.  -1 with git's message
 * (which names the hunk) in @err when it does not apply; then @err
 * also says whether the patch is already in @base.
 */
int review_apply(const char *patch, const char *name,
		 const struct strbuf *base, struct strbuf *out,
		 struct strbuf *err);

/*
 * The other way: @patch taken back out of @patched (git apply -R), for a
 * tree that already has it (b4 checks a series on its prep branch).
 */
int review_unapply(const char *patch, const char *name,
		   const struct strbuf *patched, struct strbuf *out,
		   struct strbuf *err);

/*
 * Judge the change from @r->base to @r->patched (both set by the
 * caller) with the index @ix.  0 or -1.
 */
int review_run(struct review *r, struct idx *ix, const struct audit_opts *ao,
	       const struct review_opts *ro);
void review_release(struct review *r);

void review_print(FILE *fp, const struct review *r, const char *patch);
void review_json(struct strbuf *out, const struct review *r);

#endif
