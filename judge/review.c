// SPDX-License-Identifier: GPL-2.0
#include "review.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "email.h"
#include "json.h"
#include "run-command.h"

void review_opts_init(struct review_opts *o)
{
	o->strong_share = 10;
	o->lead_factor = 3;
	o->lead_ranks = 2;
}

/* ---- applying the patch ---- */

static int write_text(const char *path, const char *buf, size_t len)
{
	FILE *fp = fopen(path, "w");
	int rc = 0;

	if (!fp)
		return -1;
	if (fwrite(buf, 1, len, fp) != len)
		rc = -1;
	if (fclose(fp))
		rc = -1;
	return rc;
}

enum { APPLY, APPLY_CHECK_REVERSE, APPLY_REVERSE };

/*
 * "git apply [-R [--check]] < @patch" in @dir, its messages into @err.
 * --recount: patches edited by hand in a mailer often have hunk
 * headers with wrong counts, and their context is what matters.
 * git apply works outside a repository, as a better patch(1); the
 * environment must not point it at one, and the ceiling keeps it from
 * finding one above @dir.
 */
static int git_apply(const char *dir, const char *patch, const char *name,
		     int mode, struct strbuf *err)
{
	char *include = xstrfmt("--include=%s", name);
	const char *argv[] = {
		"git", "apply", include, "--whitespace=nowarn",
		"--recount", NULL, NULL, NULL
	};
	const char *env[] = { "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE",
			      NULL, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	char *ceiling = xstrfmt("GIT_CEILING_DIRECTORIES=%s", dir);
	char *errfile = xstrfmt("%s/apply.err", dir);
	int in = open(patch, O_RDONLY), fd, rc = -1;
	char *buf;
	size_t len;

	if (mode != APPLY)
		argv[5] = "-R";
	if (mode == APPLY_CHECK_REVERSE)
		argv[6] = "--check";
	fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (in < 0 || fd < 0) {
		strbuf_addf(err, "cannot read '%s'\n", in < 0 ? patch : errfile);
		goto out;
	}
	env[3] = ceiling;
	cp.argv = argv;
	cp.env = env;
	cp.dir = dir;
	cp.in = in;
	cp.out = CHILD_NULL;
	cp.err = fd;
	rc = run_command(&cp) ? -1 : 0;
	if (!read_file(errfile, &buf, &len)) {
		strbuf_add(err, buf, len);
		free(buf);
	}
out:
	if (in >= 0)
		close(in);
	if (fd >= 0)
		close(fd);
	unlink(errfile);
	free(errfile);
	free(ceiling);
	free(include);
	return rc;
}

static int apply_copy(const char *patch, const char *name,
		      const struct strbuf *base, struct strbuf *out,
		      struct strbuf *err, bool reverse)
{
	const char *tmp = getenv("TMPDIR");
	char *d = xstrfmt("%s/kmaint-review.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct strbuf scratch = STRBUF_INIT;
	char *file = NULL, *buf;
	size_t len;
	int rc = -1;

	if (!mkdtemp(d)) {
		strbuf_addf(err, "cannot make a directory like '%s'\n", d);
		free(d);
		return -1;
	}
	file = xstrfmt("%s/%s", d, name);
	if (write_text(file, base->buf, base->len)) {
		strbuf_addf(err, "cannot write '%s'\n", file);
		goto out;
	}
	if (git_apply(d, patch, name, reverse ? APPLY_REVERSE : APPLY, err)) {
		if (!reverse &&
		    !git_apply(d, patch, name, APPLY_CHECK_REVERSE, &scratch))
			strbuf_addstr(err, "the patch is already applied there: "
				      "judge it with --as-of a date before it\n");
		goto out;
	}
	if (read_file(file, &buf, &len)) {
		strbuf_addf(err, "cannot read '%s'\n", file);
		goto out;
	}
	strbuf_reset(out);
	strbuf_add(out, buf, len);
	free(buf);
	rc = 0;
out:
	unlink(file);
	rmdir(d);
	free(file);
	free(d);
	strbuf_release(&scratch);
	return rc;
}

int review_apply(const char *patch, const char *name,
		 const struct strbuf *base, struct strbuf *out,
		 struct strbuf *err)
{
	return apply_copy(patch, name, base, out, err, false);
}

int review_unapply(const char *patch, const char *name,
		   const struct strbuf *patched, struct strbuf *out,
		   struct strbuf *err)
{
	return apply_copy(patch, name, patched, out, err, true);
}

/* ---- judging ---- */

/* Is person @pid listed (as a person) in @ms? */
static bool listed_in(const struct audit *a, const struct mh_section *ms,
		      int pid)
{
	size_t i;

	for (i = 0; ms && pid >= 0 && i < ms->nr_people; i++)
		if (audit_match(a, ms->people[i].value, NULL) == pid)
			return true;
	return false;
}

static long activity(const struct audit_person *p)
{
	return p ? (long)p->st.authored + p->st.reviews + p->st.applied : 0;
}

/* What an addition is weighed on: changesets for an M:, reviews for an R:. */
static long weight(const struct audit_person *p, char type)
{
	if (!p)
		return 0;
	return type == 'R' ? (long)p->st.reviews + p->st.list_reviews :
	       p->st.authored;
}

/* @p's rank in @s by weight(): 1 + how many weigh more; 0 for nothing. */
static int weight_rank(const struct audit_section *s,
		       const struct audit_person *p, char type)
{
	long w = weight(p, type);
	size_t i;
	int r = 1;

	if (!w)
		return 0;
	for (i = 0; i < s->nr_people; i++)
		r += weight(&s->people[i], type) > w;
	return r;
}

/*
 * The unlisted leaders far ahead of @rp: ranked within the first
 * lead_ranks, not listed after the change, with at least lead_factor
 * times @rp's weight: changesets for a maintainer, reviews (in git and
 * on the lists) for a reviewer.
 */
static void find_stronger(const struct review_opts *o, const struct audit *a,
			  const struct audit_section *s,
			  const struct mh_section *after,
			  struct review_person *rp)
{
	char type = rp->mp->type;
	long mine = weight(rp->rec, type);
	size_t i;

	/*
	 * A reviewer among the section's leading authors is the natural
	 * one, however few of the reviews so far are theirs: fstests'
	 * FSCRYPT entry added the author of 19 of its 25 changesets.
	 */
	if (type == 'R' && rp->rec && weight_rank(s, rp->rec, 'M') &&
	    weight_rank(s, rp->rec, 'M') <= o->lead_ranks)
		return;
	for (i = 0; i < s->nr_people; i++) {
		const struct audit_person *p = &s->people[i];
		int rank = weight_rank(s, p, type);

		if (!rank || rank > o->lead_ranks)
			continue;
		if (p->pid == rp->pid || listed_in(a, after, p->pid))
			continue;
		if (weight(p, type) < (long)o->lead_factor * (mine ? mine : 1))
			continue;
		rp->stronger = xrealloc(rp->stronger, (rp->nr_stronger + 1) *
					sizeof(*rp->stronger));
		rp->stronger[rp->nr_stronger++] = p;
	}
	/* by rank on what was weighed: people are in changeset order */
	for (i = 1; i < rp->nr_stronger; i++) {
		const struct audit_person *p = rp->stronger[i];
		size_t k = i;

		for (; k && weight(rp->stronger[k - 1], type) < weight(p, type); k--)
			rp->stronger[k] = rp->stronger[k - 1];
		rp->stronger[k] = p;
	}
}

static enum review_verdict verdict(const struct review_opts *o,
				   const struct review_section *rs,
				   const struct review_person *rp)
{
	const struct audit_section *s = rs->s;
	const struct audit_person *p = rp->rec;
	long share = o->strong_share;

	if (!p || !(p->st.authored || p->st.reviews || p->st.applied || p->st.tags ||
		    p->st.list_msgs))
		return RV_NONE;
	if (rp->nr_stronger)
		return RV_WEAK;
	/* reviews on the list count as reviews, landed as tags or not */
	if ((s->changes && p->st.authored * 100L >= share * s->changes) ||
	    (rs->reviews && p->st.reviews * 100L >= share * rs->reviews) ||
	    (rs->list_reviews &&
	     p->st.list_reviews * 100L >= share * rs->list_reviews) ||
	    (s->changes && p->st.applied * 100L >= share * s->changes))
		return RV_STRONG;
	return RV_WEAK;
}

static void add_person(struct review_section *rs, const struct mh_person *mp,
		       bool added)
{
	struct review_person *rp;

	rs->people = xrealloc(rs->people, (rs->nr_people + 1) * sizeof(*rs->people));
	rp = &rs->people[rs->nr_people++];
	memset(rp, 0, sizeof(*rp));
	rp->mp = mp;
	rp->added = added;
	rp->pid = -1;
}

/* The audited section named @name. */
static const struct audit_section *audited(const struct audit *a,
					   const char *name)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		if (!strcmp(a->v[i].name, name))
			return &a->v[i];
	return NULL;
}

/* The most active listed person of @before, by their records in @s. */
static int most_active(const struct audit *a, const struct audit_section *s,
		       const struct mh_section *before)
{
	long best = 0;
	int who = -1;
	size_t i;

	for (i = 0; before && i < before->nr_people; i++) {
		int pid = audit_match(a, before->people[i].value, NULL);
		long act = activity(audit_person_of(s, pid));

		if (act > best) {
			best = act;
			who = pid;
		}
	}
	return who;
}

static void judge_section(struct review *r, struct review_section *rs,
			  const struct review_opts *o)
{
	const struct mh_change *c = rs->c;
	const struct mh_section *after = c->new;
	const struct mh_section *before = c->kind == MH_ADDED && !c->split ?
					  NULL : c->old;
	const struct mh_person *added = c->kind == MH_ADDED ? c->new->people :
					c->kind == MH_REMOVED ? NULL : c->added;
	size_t nr_added = c->kind == MH_ADDED ? c->new->nr_people :
			  c->kind == MH_REMOVED ? 0 : c->nr_added;
	const struct mh_person *removed = c->kind == MH_REMOVED ?
					  c->old->people : c->removed;
	size_t nr_removed = c->kind == MH_REMOVED ? c->old->nr_people :
			    c->kind == MH_ADDED ? 0 : c->nr_removed;
	int top = -1;
	size_t i;

	rs->a = c->kind == MH_REMOVED ? &r->a_old : &r->a_new;
	rs->s = audited(rs->a, after ? after->name : c->old->name);
	for (i = 0; rs->s && i < rs->s->nr_people; i++) {
		rs->reviews += rs->s->people[i].st.reviews;
		rs->list_reviews += rs->s->people[i].st.list_reviews;
		rs->nr_authors += rs->s->people[i].st.authored > 0;
		rs->nr_reviewers += rs->s->people[i].st.reviews > 0;
	}
	for (i = 0; i < nr_added; i++)
		add_person(rs, &added[i], true);
	for (i = 0; i < nr_removed; i++)
		add_person(rs, &removed[i], false);
	if (rs->s && c->kind != MH_REMOVED)
		top = most_active(rs->a, rs->s, before);
	for (i = 0; i < rs->nr_people; i++) {
		struct review_person *rp = &rs->people[i];

		rp->pid = audit_match(rs->a, rp->mp->value, &rp->match);
		rp->rec = rs->s ? audit_person_of(rs->s, rp->pid) : NULL;
		if (rp->added) {
			if (rs->s)
				find_stronger(o, rs->a, rs->s, after, rp);
			rp->verdict = rs->s ? verdict(o, rs, rp) : RV_NONE;
			if (rp->verdict != RV_STRONG)
				rs->finding = true;
		} else if (rp->pid >= 0 && rp->pid == top &&
			   !listed_in(rs->a, after, rp->pid)) {
			rp->most_active = true;
			rs->finding = true;
		}
	}
	if (rs->finding)
		r->findings = true;
}

int review_run(struct review *r, struct idx *ix, const struct audit_opts *ao,
	       const struct review_opts *ro)
{
	bool *sel_new, *sel_old;
	size_t i, j;
	int rc = -1;

	memset(&r->d, 0, sizeof(r->d));
	mh_diff_texts(r->base.buf, r->base.len, r->patched.buf, r->patched.len,
		      &r->d);
	mh_diff_sort(&r->d);

	/* the sections as the patch leaves them; removed ones as they were */
	maintainers_init(&r->m_new);
	maintainers_add_buffer(&r->m_new, "MAINTAINERS (patched)",
			       xstrndup(r->patched.buf, r->patched.len),
			       r->patched.len);
	maintainers_finish(&r->m_new);
	maintainers_init(&r->m_old);
	maintainers_add_buffer(&r->m_old, r->base_what,
			       xstrndup(r->base.buf, r->base.len), r->base.len);
	maintainers_finish(&r->m_old);
	r->mt_new = matcher_new(&r->m_new);
	r->mt_old = matcher_new(&r->m_old);
	if (!r->mt_new || !r->mt_old)
		return error("cannot compile the patterns of MAINTAINERS");
	sel_new = xcalloc(r->m_new.nr_sections + 1, sizeof(bool));
	sel_old = xcalloc(r->m_old.nr_sections + 1, sizeof(bool));
	for (i = 0; i < r->d.nr; i++) {
		const struct mh_change *c = &r->d.v[i];

		for (j = 0; c->new && j < r->m_new.nr_sections; j++)
			if (!strcmp(r->m_new.sections[j].name, c->new->name))
				sel_new[j] = true;
		for (j = 0; c->kind == MH_REMOVED && j < r->m_old.nr_sections; j++)
			if (!strcmp(r->m_old.sections[j].name, c->old->name)) {
				sel_old[j] = true;
				r->have_old = true;
			}
	}
	if (audit_run(ix, &r->m_new, r->mt_new, sel_new, ao, &r->a_new))
		goto out;
	if (r->have_old &&
	    audit_run(ix, &r->m_old, r->mt_old, sel_old, ao, &r->a_old)) {
		r->have_old = false;
		goto out;
	}
	r->v = xcalloc(r->d.nr + 1, sizeof(*r->v));
	for (i = 0; i < r->d.nr; i++) {
		r->v[r->nr].c = &r->d.v[i];
		judge_section(r, &r->v[r->nr++], ro);
	}
	rc = 0;
out:
	free(sel_new);
	free(sel_old);
	return rc;
}

void review_release(struct review *r)
{
	size_t i, j;

	for (i = 0; i < r->nr; i++) {
		for (j = 0; j < r->v[i].nr_people; j++) {
			identity_match_release(&r->v[i].people[j].match);
			free(r->v[i].people[j].stronger);
		}
		free(r->v[i].people);
	}
	free(r->v);
	audit_release(&r->a_new);
	if (r->have_old)
		audit_release(&r->a_old);
	if (r->mt_new)
		matcher_free(r->mt_new);
	if (r->mt_old)
		matcher_free(r->mt_old);
	maintainers_release(&r->m_new);
	maintainers_release(&r->m_old);
	mh_diff_release(&r->d);
	strbuf_release(&r->base);
	strbuf_release(&r->patched);
	free(r->base_what);
	memset(r, 0, sizeof(*r));
}

/* ---- output ---- */

struct conc {
	const char *top;
	size_t at_top, nr;
};

/* Employer concentration of a section's listed M: people (not roles). */
static struct conc concentration(const struct audit *a,
				 const struct mh_section *s)
{
	struct conc c = { NULL, 0, 0 };
	const char **emp;
	size_t i, j;

	if (!s)
		return c;
	emp = xcalloc(s->nr_people + 1, sizeof(*emp));
	for (i = 0; i < s->nr_people; i++) {
		struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
		bool list = false;

		for (j = 0; j < s->nr_fields; j++)
			if (starts_with(s->fields[j], "L:") &&
			    strstr(s->fields[j], s->people[i].key))
				list = true;
		email_parse(s->people[i].value, &name, &addr);
		strbuf_trim(&name);
		if (s->people[i].type == 'M' &&
		    identity_role(&a->id, name.buf, s->people[i].key, list) ==
		    IR_PERSON)
			emp[c.nr++] = audit_employer(a->o, s->people[i].key, a->now);
		strbuf_release(&name);
		strbuf_release(&addr);
	}
	for (i = 0; i < c.nr; i++) {
		size_t same = 0;

		if (!strcmp(emp[i], EMPLOYER_UNKNOWN))
			continue;
		for (j = 0; j < c.nr; j++)
			same += !strcmp(emp[i], emp[j]);
		if (same > c.at_top) {
			c.at_top = same;
			c.top = emp[i];
		}
	}
	free(emp);
	return c;
}

static void conc_text(struct strbuf *out, struct conc c)
{
	if (!c.nr)
		strbuf_addstr(out, "no listed maintainer");
	else if (!c.top)
		strbuf_addf(out, "%zu listed maintainer%s, no known employer", c.nr,
			    c.nr == 1 ? "" : "s");
	else if (c.at_top == c.nr)
		strbuf_addf(out, "every listed maintainer (%zu of %zu) at %s",
			    c.at_top, c.nr, c.top);
	else
		strbuf_addf(out, "%zu of %zu listed maintainers at %s", c.at_top,
			    c.nr, c.top);
}

static void conc_json(struct strbuf *out, struct conc c)
{
	strbuf_addstr(out, "{\"top\":");
	if (c.top)
		json_quote(out, c.top);
	else
		strbuf_addstr(out, "null");
	strbuf_addf(out, ",\"at_top\":%zu,\"maintainers\":%zu,\"all_at_one\":%s}",
		    c.at_top, c.nr, c.top && c.nr && c.at_top == c.nr ? "true" : "false");
}

static void record_text(struct strbuf *out, const struct review_section *rs,
			const struct audit_person *p)
{
	char r1[16], r2[16], d1[16], d2[16];

	if (!p) {
		strbuf_addstr(out, "no changeset, review, tag or applied commit here");
		return;
	}
	mh_date(d1, sizeof(d1), p->st.first);
	mh_date(d2, sizeof(d2), p->st.last);
	strbuf_addf(out, "changesets %d of %ld", p->st.authored, rs->s->changes);
	if (p->st.rank_changes)
		strbuf_addf(out, " (ranked %s of %zu authors)",
			    audit_ordinal(p->st.rank_changes, r1, sizeof(r1)),
			    rs->nr_authors);
	strbuf_addf(out, ", reviews %d", p->st.reviews);
	if (p->st.rank_reviews)
		strbuf_addf(out, " (ranked %s of %zu reviewers)",
			    audit_ordinal(p->st.rank_reviews, r2, sizeof(r2)),
			    rs->nr_reviewers);
	strbuf_addf(out, ", applied %d, tags %d; first activity %s, last %s",
		    p->st.applied, p->st.tags, d1, d2);
}

/* The list record, where lists are indexed and one covers the section. */
static void list_text(FILE *fp, const struct review_section *rs,
		      const struct audit_person *p)
{
	char d1[16] = "never", d2[16] = "never", r[16];

	if (!rs->s || !rs->a->has_lists || !rs->s->covered)
		return;
	if (!p || !p->st.list_msgs_all) {
		/* what is missing may be on the section's own list */
		fprintf(fp, "    list: no message in the section's threads%s\n",
			rs->s->own_list ? "" :
			" on the indexed lists (its own list is not indexed)");
		return;
	}
	if (p->st.last_list)
		mh_date(d1, sizeof(d1), p->st.last_list);
	if (p->st.last_review)
		mh_date(d2, sizeof(d2), p->st.last_review);
	fprintf(fp, "    list: %d messages, %d reviews", p->st.list_msgs,
		p->st.list_reviews);
	if (p->st.rank_list_reviews)
		fprintf(fp, " (ranked %s of the section's list reviewers)",
			audit_ordinal(p->st.rank_list_reviews, r, sizeof(r)));
	fprintf(fp, "; last message %s, last review %s\n", d1, d2);
}

static void stronger_text(struct strbuf *out, const struct audit *a,
			  const struct audit_section *s,
			  const struct review_person *rp)
{
	char r[16];
	size_t i;

	for (i = 0; i < rp->nr_stronger; i++) {
		const struct audit_person *p = rp->stronger[i];

		strbuf_addf(out, "%s%s <%s> %ld %s (%s)", i ? ", " : "",
			    a->names[p->pid], a->emails[p->pid],
			    weight(p, rp->mp->type),
			    rp->mp->type == 'R' ? "reviews" : "changesets",
			    audit_ordinal(weight_rank(s, p, rp->mp->type), r,
					  sizeof(r)));
	}
}

static const char *const verdict_names[] = {
	[RV_NONE] = "none", [RV_WEAK] = "weak", [RV_STRONG] = "strong",
};

static void print_person(FILE *fp, const struct review_section *rs,
			 const struct review_person *rp)
{
	const struct audit *a = rs->a;
	struct strbuf sb = STRBUF_INIT;

	fprintf(fp, "  %s %c: %s [%s]\n", rp->added ? "added" : "removed",
		rp->mp->type, rp->mp->value,
		audit_employer(a->o, rp->mp->key, a->now));
	if (rs->s)
		record_text(&sb, rs, rp->rec);
	else
		strbuf_addstr(&sb, "no changeset, review, tag or applied commit here");
	if (rp->added)
		fprintf(fp, "    verdict: %s history: %s\n",
			rp->verdict == RV_NONE ? "no" : verdict_names[rp->verdict],
			sb.buf);
	else
		fprintf(fp, "    record: %s\n", sb.buf);
	list_text(fp, rs, rp->rec);
	strbuf_reset(&sb);
	if (rp->match.how == IM_NAME || rp->match.how == IM_AMBIGUOUS ||
	    (rp->match.how == IM_ADDRESS &&
	     strcmp(a->emails[rp->pid], rp->mp->key))) {
		identity_describe(&a->id, a->ix, rp->mp->key, &rp->match, &sb);
		fprintf(fp, "    identity: %s\n", sb.buf);
		strbuf_reset(&sb);
	}
	if (rp->nr_stronger) {
		stronger_text(&sb, a, rs->s, rp);
		fprintf(fp, "    stronger candidates not listed: %s\n", sb.buf);
		strbuf_reset(&sb);
	}
	if (rp->most_active)
		fprintf(fp, "    finding: the section's most active listed person "
			"is removed\n");
	strbuf_release(&sb);
}

static void print_section(FILE *fp, const struct review_section *rs)
{
	const struct mh_change *c = rs->c;
	const struct audit *a = rs->a;
	const struct mh_section *after = c->new;
	const struct mh_section *before = c->kind == MH_ADDED && !c->split ?
					  NULL : c->old;
	struct strbuf sb = STRBUF_INIT;
	size_t k, n;

	switch (c->kind) {
	case MH_ADDED:
		fprintf(fp, "%s: new section%s%s\n", c->new->name,
			c->split ? ", F: patterns from " : "",
			c->split ? c->old->name : "");
		break;
	case MH_REMOVED:
		fprintf(fp, "%s: section removed\n", c->old->name);
		break;
	case MH_RENAMED:
		fprintf(fp, "%s: renamed from %s\n", c->new->name, c->old->name);
		break;
	case MH_CHANGED:
		fprintf(fp, "%s: changed\n", c->new->name);
		break;
	}
	if (rs->s) {
		char d1[16] = "never";

		if (rs->s->last_change)
			mh_date(d1, sizeof(d1), rs->s->last_change);
		fprintf(fp, "  %ld changes in %d years, %ld reviews; last change %s\n",
			rs->s->changes, a->o->window_years, rs->reviews, d1);
	}
	if (c->status_changed)
		fprintf(fp, "  status: %s -> %s\n",
			c->old->status ? c->old->status : "(none)",
			c->new->status ? c->new->status : "(none)");
	for (k = 0; k < rs->nr_people; k++)
		if (rs->people[k].added)
			print_person(fp, rs, &rs->people[k]);
	for (k = 0; k < rs->nr_people; k++)
		if (!rs->people[k].added)
			print_person(fp, rs, &rs->people[k]);
	for (k = 0; k < c->nr_fields_removed; k++)
		if (!starts_with(c->fields_removed[k], "S:"))
			fprintf(fp, "  removed %s\n", c->fields_removed[k]);
	for (k = 0; k < c->nr_fields_added; k++)
		if (!starts_with(c->fields_added[k], "S:"))
			fprintf(fp, "  added %s\n", c->fields_added[k]);
	fprintf(fp, "  top contributors not listed:");
	for (k = 0, n = 0; rs->s && k < rs->s->nr_people &&
	     n < (size_t)a->o->top; k++) {
		const struct audit_person *p = &rs->s->people[k];
		char rk[16];

		if (!p->st.authored)
			break;
		if (listed_in(a, after ? after : c->old, p->pid))
			continue;
		fprintf(fp, "%s %s <%s> %d changeset%s (%s)", n ? "," : "",
			a->names[p->pid], a->emails[p->pid], p->st.authored,
			p->st.authored == 1 ? "" : "s",
			audit_ordinal(p->st.rank_changes, rk, sizeof(rk)));
		n++;
	}
	fprintf(fp, "%s\n", n ? "" : " none");
	if (rs->s && a->has_lists && rs->s->covered) {
		fprintf(fp, "  top list reviewers not listed:");
		for (k = 1, n = 0; n < (size_t)a->o->top; k++) {
			const struct audit_person *p = audit_by_list_rank(rs->s, (int)k);

			if (!p)
				break;
			if (listed_in(a, after ? after : c->old, p->pid))
				continue;
			fprintf(fp, "%s %s <%s> %d review%s", n ? "," : "",
				a->names[p->pid], a->emails[p->pid],
				p->st.list_reviews,
				p->st.list_reviews == 1 ? "" : "s");
			n++;
		}
		fprintf(fp, "%s\n", n ? "" : " none");
	}
	conc_text(&sb, concentration(a, before));
	fprintf(fp, "  employers before: %s\n", sb.buf);
	strbuf_reset(&sb);
	conc_text(&sb, concentration(a, after));
	fprintf(fp, "  employers after: %s\n", sb.buf);
	{
		struct conc ca = concentration(a, after);

		if (ca.top && ca.nr >= 1 && ca.at_top == ca.nr)
			fprintf(fp, "  note: every listed maintainer after the "
				"change is at one employer (%s)\n", ca.top);
	}
	strbuf_release(&sb);
	fputc('\n', fp);
}

void review_print(FILE *fp, const struct review *r, const char *patch)
{
	char d1[16], d2[16];
	size_t i;

	mh_date(d1, sizeof(d1), r->a_new.since);
	mh_date(d2, sizeof(d2), r->a_new.now);
	fprintf(fp, "review of %s against %s, history %s .. %s\n\n", patch,
		r->base_what, d1, d2);
	for (i = 0; i < r->nr; i++)
		print_section(fp, &r->v[i]);
	if (!r->nr)
		fprintf(fp, "the patch changes no section's fields\n");
}

static void person_json(struct strbuf *out, const struct review_section *rs,
			const struct review_person *rp)
{
	const struct audit *a = rs->a;
	const struct audit_person *p = rp->rec;
	struct strbuf id = STRBUF_INIT;
	size_t i;

	strbuf_addf(out, "{\"change\":\"%s\",\"type\":\"%c\",\"person\":",
		    rp->added ? "added" : "removed", rp->mp->type);
	json_quote(out, rp->mp->value);
	strbuf_addstr(out, ",\"email\":");
	json_quote(out, rp->mp->key);
	strbuf_addstr(out, ",\"employer\":");
	json_quote(out, audit_employer(a->o, rp->mp->key, a->now));
	if (rp->added)
		strbuf_addf(out, ",\"verdict\":\"%s\"", verdict_names[rp->verdict]);
	else
		strbuf_addf(out, ",\"most_active\":%s",
			    rp->most_active ? "true" : "false");
	identity_describe(&a->id, a->ix, rp->mp->key, &rp->match, &id);
	strbuf_addstr(out, ",\"identity\":");
	json_quote(out, id.buf);
	strbuf_release(&id);
	if (p) {
		char d[16];

		strbuf_addf(out, ",\"changesets\":%d,\"reviews\":%d,\"applied\":%d,"
			    "\"tags\":%d,\"rank_changesets\":%d,\"rank_reviews\":%d",
			    p->st.authored, p->st.reviews, p->st.applied, p->st.tags,
			    p->st.rank_changes, p->st.rank_reviews);
		mh_date(d, sizeof(d), p->st.first);
		strbuf_addf(out, ",\"first_activity\":\"%s\"", d);
		if (a->has_lists)
			strbuf_addf(out, ",\"list_messages\":%d,\"list_reviews\":%d,"
				    "\"rank_list_reviews\":%d", p->st.list_msgs,
				    p->st.list_reviews, p->st.rank_list_reviews);
		mh_date(d, sizeof(d), p->st.last);
		strbuf_addf(out, ",\"last_activity\":\"%s\"", d);
	} else {
		strbuf_addstr(out, ",\"changesets\":0,\"reviews\":0,\"applied\":0,"
			      "\"tags\":0,\"rank_changesets\":0,\"rank_reviews\":0");
	}
	strbuf_addstr(out, ",\"stronger\":[");
	for (i = 0; i < rp->nr_stronger; i++) {
		strbuf_addstr(out, i ? ",{\"name\":" : "{\"name\":");
		json_quote(out, a->names[rp->stronger[i]->pid]);
		strbuf_addstr(out, ",\"email\":");
		json_quote(out, a->emails[rp->stronger[i]->pid]);
		strbuf_addf(out, ",\"changesets\":%d,\"reviews\":%ld,\"rank\":%d}",
			    rp->stronger[i]->st.authored,
			    weight(rp->stronger[i], 'R'),
			    weight_rank(rs->s, rp->stronger[i], rp->mp->type));
	}
	strbuf_addstr(out, "]}");
}

void review_json(struct strbuf *out, const struct review *r)
{
	static const char *const kinds[] = { "added", "removed", "renamed",
					     "changed" };
	char d1[16];
	size_t i, k, n;

	mh_date(d1, sizeof(d1), r->a_new.now);
	strbuf_addf(out, "{\"as_of\":\"%s\",\"base\":", d1);
	json_quote(out, r->base_what);
	strbuf_addstr(out, ",\"base_source\":");
	json_quote(out, r->base_source ? r->base_source : "");
	strbuf_addf(out, ",\"findings\":%s,\"sections\":[",
		    r->findings ? "true" : "false");
	for (i = 0; i < r->nr; i++) {
		const struct review_section *rs = &r->v[i];
		const struct mh_change *c = rs->c;
		const struct audit *a = rs->a;
		const struct mh_section *after = c->new;
		const struct mh_section *before = c->kind == MH_ADDED && !c->split ?
						  NULL : c->old;

		strbuf_addstr(out, i ? ",{\"section\":" : "{\"section\":");
		json_quote(out, after ? after->name : c->old->name);
		strbuf_addf(out, ",\"kind\":\"%s\",\"diff\":", kinds[c->kind]);
		mh_change_json(out, c);
		if (rs->s)
			strbuf_addf(out, ",\"changes\":%ld,\"reviews\":%ld",
				    rs->s->changes, rs->reviews);
		strbuf_addstr(out, ",\"people\":[");
		for (k = 0; k < rs->nr_people; k++) {
			if (k)
				strbuf_addch(out, ',');
			person_json(out, rs, &rs->people[k]);
		}
		strbuf_addstr(out, "],\"top_unlisted\":[");
		for (k = 0, n = 0; rs->s && k < rs->s->nr_people &&
		     n < (size_t)a->o->top; k++) {
			const struct audit_person *p = &rs->s->people[k];

			if (!p->st.authored)
				break;
			if (listed_in(a, after ? after : c->old, p->pid))
				continue;
			strbuf_addstr(out, n++ ? ",{\"name\":" : "{\"name\":");
			json_quote(out, a->names[p->pid]);
			strbuf_addstr(out, ",\"email\":");
			json_quote(out, a->emails[p->pid]);
			strbuf_addf(out, ",\"changesets\":%d,\"rank\":%d}",
				    p->st.authored, p->st.rank_changes);
		}
		strbuf_addstr(out, "],\"employer_before\":");
		conc_json(out, concentration(a, before));
		strbuf_addstr(out, ",\"employer_after\":");
		conc_json(out, concentration(a, after));
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, "]}");
}
