// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint review PATCH: judge a patch that edits MAINTAINERS against the
 * history.  The patch's MAINTAINERS hunks are applied to MAINTAINERS as
 * it was (--as-of: the version the index holds for that date, so the
 * patch is judged with the history its author and reviewers had), the
 * two versions are compared section by section (util/mhistory.h), and
 * each section that changes is audited (util/audit.h): each person
 * added or removed with their record there, the top contributors not
 * listed, employer concentration before and after, and a verdict per
 * addition:
 *
 *   strong	at least --strong-share percent of the section's changesets,
 *		reviews or applied commits in the window;
 *   weak	some activity in the section, less than that;
 *   none	no changeset, review, tag or applied commit in the section.
 *
 * Exits 1 when an addition has weak or no history, for bots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "builtin.h"
#include "json.h"
#include "mhistory.h"
#include "parse-options.h"
#include "patch.h"
#include "run-command.h"
#include "scope.h"
#include "util.h"

/* MAINTAINERS as of @when from the index (0: the newest version). */
static int base_from_index(struct idx *ix, int64_t when, struct strbuf *out,
			   struct strbuf *what)
{
	sqlite3_stmt *st;
	char *blob = NULL, *hash = NULL;
	int rc = -1;

	if (sqlite3_prepare_v2(ix->db, "SELECT m.blob, c.hash FROM maintainers m "
			       "JOIN commits c ON c.id = m.commit_id "
			       "WHERE ?1 = 0 OR c.commit_time <= ?1 "
			       "ORDER BY c.commit_time DESC, c.id DESC LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	sqlite3_bind_int64(st, 1, when);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		blob = xstrdup((const char *)sqlite3_column_text(st, 0));
		hash = xstrdup((const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	if (blob && !idx_blob_text(ix, blob, out)) {
		strbuf_addf(what, "MAINTAINERS as of commit %.12s", hash);
		rc = 0;
	}
	free(blob);
	free(hash);
	return rc;
}

struct hunk {
	char **old, **new;
	size_t nr_old, nr_new;
	long start;		/* 1-based line in the old file, or 0 */
};

struct lines {
	char **v;
	size_t nr, alloc;
};

static void split_lines(const char *buf, size_t len, struct lines *l)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		ALLOC_GROW(l->v, l->nr + 1, l->alloc);
		l->v[l->nr++] = xstrndup(p, n);
		p += n + (nl != NULL);
	}
}

static bool same_line(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	/* mail and editors lose trailing white space */
	while (na && (a[na - 1] == ' ' || a[na - 1] == '\t' || a[na - 1] == '\r'))
		na--;
	while (nb && (b[nb - 1] == ' ' || b[nb - 1] == '\t' || b[nb - 1] == '\r'))
		nb--;
	return na == nb && !memcmp(a, b, na);
}

/*
 * Apply the hunks to @base as patch(1) would without fuzz: each hunk's
 * old lines must appear in order, searched outwards from the line its
 * header names.  Returns the number of hunks that did not apply.
 */
static size_t apply_hunks(struct lines *base, const struct hunk *h, size_t nr)
{
	size_t i, failed = 0;
	long delta = 0;

	for (i = 0; i < nr; i++) {
		long want = (h[i].start ? h[i].start - 1 : 0) + delta, at = -1, d;
		long n = (long)base->nr, k;
		size_t j;

		for (d = 0; at < 0 && (want - d >= 0 || want + d <= n); d++) {
			long cand[2] = { want - d, want + d };
			int c;

			for (c = 0; c < (d ? 2 : 1) && at < 0; c++) {
				long s = cand[c];

				if (s < 0 || s + (long)h[i].nr_old > n)
					continue;
				for (j = 0; j < h[i].nr_old; j++)
					if (!same_line(base->v[s + (long)j], h[i].old[j]))
						break;
				if (j == h[i].nr_old)
					at = s;
			}
		}
		if (at < 0) {
			failed++;
			continue;
		}
		for (k = 0; k < (long)h[i].nr_old; k++)
			free(base->v[at + k]);
		if (h[i].nr_new != h[i].nr_old) {
			ALLOC_GROW(base->v, base->nr + h[i].nr_new, base->alloc);
			memmove(base->v + at + (long)h[i].nr_new,
				base->v + at + (long)h[i].nr_old,
				(base->nr - (size_t)at - h[i].nr_old) * sizeof(char *));
			base->nr = base->nr - h[i].nr_old + h[i].nr_new;
		}
		for (j = 0; j < h[i].nr_new; j++)
			base->v[at + (long)j] = xstrdup(h[i].new[j]);
		delta += (long)h[i].nr_new - (long)h[i].nr_old;
	}
	return failed;
}

static void join_lines(const struct lines *l, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		strbuf_addstr(out, l->v[i]);
		strbuf_addch(out, '\n');
	}
}

static void free_lines(struct lines *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static void push(char ***v, size_t *nr, const char *s)
{
	*v = xrealloc(*v, (*nr + 1) * sizeof(char *));
	(*v)[(*nr)++] = xstrdup(s);
}

/* The patch's MAINTAINERS hunks. */
static size_t read_hunks(const struct patch_info *pi, struct hunk **out)
{
	struct hunk *h = NULL;
	size_t nr = 0, i, r = 0;

	for (i = 0; i < pi->nr_mnt_lines; i++) {
		const char *l = pi->mnt_lines[i];

		if (!strcmp(l, "@@")) {
			h = xrealloc(h, (nr + 1) * sizeof(*h));
			memset(&h[nr], 0, sizeof(h[nr]));
			/* the ranges of MAINTAINERS files, in the same order */
			while (r < pi->nr_ranges &&
			       !ends_with(pi->ranges[r].file, "MAINTAINERS"))
				r++;
			if (r < pi->nr_ranges)
				h[nr].start = pi->ranges[r++].start;
			nr++;
			continue;
		}
		if (!nr)
			continue;
		if (l[0] == ' ' || l[0] == '-')
			push(&h[nr - 1].old, &h[nr - 1].nr_old, l + 1);
		if (l[0] == ' ' || l[0] == '+')
			push(&h[nr - 1].new, &h[nr - 1].nr_new, l + 1);
	}
	*out = h;
	return nr;
}

static void free_hunks(struct hunk *h, size_t nr)
{
	size_t i, j;

	for (i = 0; i < nr; i++) {
		for (j = 0; j < h[i].nr_old; j++)
			free(h[i].old[j]);
		for (j = 0; j < h[i].nr_new; j++)
			free(h[i].new[j]);
		free(h[i].old);
		free(h[i].new);
	}
	free(h);
}

struct conc {
	const char *top;
	size_t at_top, nr;
};

/* Is M: entry @i of @s a mailing list (an L: too, or the audit says so)? */
static bool is_list(const struct mh_section *s, size_t i,
		    const struct audit_section *as)
{
	size_t j;

	for (j = 0; as && j < as->nr_listed; j++)
		if (!strcmp(as->listed[j].email, s->people[i].key) &&
		    as->listed[j].is_role)
			return true;
	for (j = 0; j < s->nr_fields; j++)
		if (starts_with(s->fields[j], "L:") &&
		    strstr(s->fields[j], s->people[i].key))
			return true;
	return false;
}

/* Employer concentration of a section's listed M: people (not lists). */
static struct conc concentration(const struct audit_opts *o,
				 const struct mh_section *s, int64_t now,
				 const struct audit_section *as)
{
	struct conc c = { NULL, 0, 0 };
	const char **emp;
	size_t i, j;

	if (!s)
		return c;
	emp = xcalloc(s->nr_people + 1, sizeof(*emp));
	for (i = 0; i < s->nr_people; i++)
		if (s->people[i].type == 'M' && !is_list(s, i, as))
			emp[c.nr++] = audit_employer(o, s->people[i].key, now);
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

static const char *verdict(const struct audit_opts *o,
			   const struct audit_section *s,
			   const struct audit_person *p, long total_reviews)
{
	long share = o->strong_share;

	if (!p || !(p->st.authored || p->st.reviews || p->st.applied || p->st.tags))
		return "none";
	if ((s->changes && p->st.authored * 100 >= share * s->changes) ||
	    (total_reviews && p->st.reviews * 100 >= share * total_reviews) ||
	    (s->changes && p->st.applied * 100 >= share * s->changes))
		return "strong";
	return "weak";
}

static long section_reviews(const struct audit_section *s)
{
	long n = 0;
	size_t i;

	for (i = 0; i < s->nr_people; i++)
		n += s->people[i].st.reviews;
	return n;
}

static void record_text(struct strbuf *out, const struct audit_section *s,
			const struct audit_person *p)
{
	char r1[16], r2[16], d1[16], d2[16];
	size_t authors = 0, reviewers = 0, i;

	for (i = 0; i < s->nr_people; i++) {
		authors += s->people[i].st.authored > 0;
		reviewers += s->people[i].st.reviews > 0;
	}
	if (!p) {
		strbuf_addstr(out, "no changeset, review, tag or applied commit here");
		return;
	}
	mh_date(d1, sizeof(d1), p->st.first);
	mh_date(d2, sizeof(d2), p->st.last);
	strbuf_addf(out, "changesets %ld of %ld", p->st.authored, s->changes);
	if (p->st.rank_changes)
		strbuf_addf(out, " (ranked %s of %zu authors)",
			    audit_ordinal(p->st.rank_changes, r1, sizeof(r1)), authors);
	strbuf_addf(out, ", reviews %ld", p->st.reviews);
	if (p->st.rank_reviews)
		strbuf_addf(out, " (ranked %s of %zu reviewers)",
			    audit_ordinal(p->st.rank_reviews, r2, sizeof(r2)),
			    reviewers);
	strbuf_addf(out, ", applied %ld, tags %ld; first activity %s, last %s",
		    p->st.applied, p->st.tags, d1, d2);
}

static bool listed_in(const struct mh_section *s, const char *email)
{
	size_t i;

	for (i = 0; s && i < s->nr_people; i++)
		if (!strcmp(s->people[i].key, email))
			return true;
	return false;
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

/* Find the audited section named @name. */
static const struct audit_section *audited(const struct audit *a, const char *name)
{
	size_t i;

	for (i = 0; a && i < a->nr; i++)
		if (!strcmp(a->v[i].name, name))
			return &a->v[i];
	return NULL;
}

static void person_json(struct strbuf *out, const struct audit *a,
			const struct audit_section *s, const struct mh_person *mp,
			const char *change, const char *v)
{
	const struct audit_person *p = s ? audit_find_person(a, s, mp->key) : NULL;

	strbuf_addf(out, "{\"change\":\"%s\",\"type\":\"%c\",\"person\":", change,
		    mp->type);
	json_quote(out, mp->value);
	strbuf_addstr(out, ",\"email\":");
	json_quote(out, mp->key);
	strbuf_addstr(out, ",\"employer\":");
	json_quote(out, audit_employer(a->o, mp->key, a->now));
	if (v)
		strbuf_addf(out, ",\"verdict\":\"%s\"", v);
	if (p) {
		char d[16];

		strbuf_addf(out, ",\"changesets\":%ld,\"reviews\":%ld,\"applied\":%ld,"
			    "\"tags\":%ld,\"rank_changesets\":%d,\"rank_reviews\":%d",
			    p->st.authored, p->st.reviews, p->st.applied, p->st.tags,
			    p->st.rank_changes, p->st.rank_reviews);
		mh_date(d, sizeof(d), p->st.first);
		strbuf_addf(out, ",\"first_activity\":\"%s\"", d);
		mh_date(d, sizeof(d), p->st.last);
		strbuf_addf(out, ",\"last_activity\":\"%s\"", d);
	} else {
		strbuf_addstr(out, ",\"changesets\":0,\"reviews\":0,\"applied\":0,"
			      "\"tags\":0,\"rank_changesets\":0,\"rank_reviews\":0");
	}
	strbuf_addch(out, '}');
}

int cmd_review(int argc, const char **argv)
{
	const char *db_path = NULL, *as_of = NULL, *email_map = NULL,
		   *gitdm_config = NULL;
	int json = 0;
	struct audit_opts o;
	struct opt_list operands = { 0 };
	struct option opts[] = {
		OPT_STR("as-of", &as_of, "WHEN", "judge with history and MAINTAINERS as at a date or revision"),
		OPT_NUM("window", &o.window_years, "YEARS", "activity window (default 5)"),
		OPT_NUM("strong-share", &o.strong_share, "PCT", "share of changesets, reviews or applied commits for a strong verdict (10)"),
		OPT_NUM("top", &o.top, "N", "unlisted contributors shown (5)"),
		OPT_STR("email-map", &email_map, "FILE", "gitdm EmailMap file: address or domain -> employer"),
		OPT_STR("gitdm-config", &gitdm_config, "FILE", "gitdm configuration (instead of the built-in map)"),
		OPT_SET("json", &json, "JSON output"),
		OPT_STR("db", &db_path, "PATH", "the index (default: in the git directory)"),
		OPT_TERMINATOR
	};
	struct employer_map *emap = NULL;
	struct ident_mailmap *mm = NULL;
	struct patch_opts popts = { 0 };
	struct patch_info pi = { 0 };
	struct strbuf base = STRBUF_INIT, what = STRBUF_INIT, patched = STRBUF_INIT,
		      out = STRBUF_INIT, full_base = STRBUF_INIT;
	struct maintainers m_new, m_old;
	struct matcher *mt_new = NULL, *mt_old = NULL;
	struct audit a_new, a_old;
	bool have_old = false, weak = false;
	struct lines lines = { 0 };
	struct mh_diff d = { 0 };
	struct hunk *hunks;
	size_t nr_hunks, failed, i, j;
	bool *sel_new, *sel_old;
	struct idx ix;
	char *path, *buf;
	size_t len;

	audit_opts_init(&o);
	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint review [--as-of WHEN] [--json] PATCH", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		free(operands.v);
		return 129;
	}
	if (operands.nr != 1) {
		error("review takes one patch file");
		free(operands.v);
		return 129;
	}
	if (audit_setup(&o, as_of, email_map, gitdm_config, &emap, &mm))
		exit(128);	/* the message is out; like die() */
	if (read_file(operands.v[0], &buf, &len))
		die_errno("cannot read '%s'", operands.v[0]);
	popts.ranges = true;
	if (patch_read(operands.v[0], buf, len, &popts, &pi) < 0)
		exit(128);	/* the message is out; like die() */
	free(buf);
	nr_hunks = read_hunks(&pi, &hunks);
	if (!nr_hunks)
		die("%s: the patch does not change MAINTAINERS", operands.v[0]);

	path = db_path ? xstrdup(db_path) : idx_default_path();
	if (!path)
		die("not a git repository (or give --db)");
	if (db_path ? idx_open(&ix, path, IDX_READONLY) :
		      scope_open_index(&ix, path, false))
		exit(128);	/* the message is out; like die() */

	/* MAINTAINERS as it was, and as the patch leaves it */
	if (as_of) {
		if (base_from_index(&ix, o.now, &base, &what))
			die("the index has no MAINTAINERS version as of %s", as_of);
	} else if (is_file("MAINTAINERS")) {
		if (read_file("MAINTAINERS", &buf, &len))
			die_errno("cannot read MAINTAINERS");
		strbuf_add(&base, buf, len);
		free(buf);
		strbuf_addstr(&what, "MAINTAINERS (work tree)");
	} else if (base_from_index(&ix, 0, &base, &what)) {
		die("no MAINTAINERS in the work tree or the index");
	}
	split_lines(base.buf, base.len, &lines);
	failed = apply_hunks(&lines, hunks, nr_hunks);
	if (failed == nr_hunks) {
		/* judge the hunks alone: their context is all we know */
		warning("the patch does not apply to %s; judging its hunks alone, "
			"with the sections' files as they are there", what.buf);
		strbuf_add(&full_base, base.buf, base.len);
		strbuf_reset(&base);
		free_lines(&lines);
		for (i = 0; i < nr_hunks; i++) {
			for (j = 0; j < hunks[i].nr_old; j++)
				strbuf_addf(&base, "%s\n", hunks[i].old[j]);
			for (j = 0; j < hunks[i].nr_new; j++)
				strbuf_addf(&patched, "%s\n", hunks[i].new[j]);
			strbuf_addch(&base, '\n');
			strbuf_addch(&patched, '\n');
		}
	} else {
		if (failed)
			warning("%zu of %zu hunks do not apply to %s; judging the "
				"others", failed, nr_hunks, what.buf);
		join_lines(&lines, &patched);
	}
	mh_diff_texts(base.buf, base.len, patched.buf, patched.len, &d);
	mh_diff_sort(&d);

	/* audit the sections as the patch leaves them (removed: as they were) */
	/*
	 * Hunks that did not apply name their sections but hold only part
	 * of them: take the files a section covers from the base.
	 */
	maintainers_init(&m_new);
	if (full_base.len)
		maintainers_add_buffer(&m_new, what.buf,
				       xstrndup(full_base.buf, full_base.len),
				       full_base.len);
	else
		maintainers_add_buffer(&m_new, "MAINTAINERS (patched)",
				       xstrndup(patched.buf, patched.len),
				       patched.len);
	maintainers_finish(&m_new);
	mt_new = matcher_new(&m_new);
	maintainers_init(&m_old);
	maintainers_add_buffer(&m_old, what.buf, xstrndup(base.buf, base.len),
			       base.len);
	maintainers_finish(&m_old);
	mt_old = matcher_new(&m_old);
	if (!mt_new || !mt_old)
		die("cannot compile the patterns of MAINTAINERS");
	sel_new = xcalloc(m_new.nr_sections + 1, sizeof(bool));
	sel_old = xcalloc(m_old.nr_sections + 1, sizeof(bool));
	for (i = 0; i < d.nr; i++) {
		const struct mh_change *c = &d.v[i];

		for (j = 0; c->new && j < m_new.nr_sections; j++)
			if (!strcmp(m_new.sections[j].name, c->new->name))
				sel_new[j] = true;
		for (j = 0; c->kind == MH_REMOVED && j < m_old.nr_sections; j++)
			if (!strcmp(m_old.sections[j].name, c->old->name)) {
				sel_old[j] = true;
				have_old = true;
			}
	}
	if (audit_run(&ix, &m_new, mt_new, sel_new, &o, &a_new))
		exit(128);	/* the message is out; like die() */
	if (have_old && audit_run(&ix, &m_old, mt_old, sel_old, &o, &a_old))
		exit(128);	/* the message is out; like die() */

	if (json) {
		char d1[16];

		mh_date(d1, sizeof(d1), a_new.now);
		strbuf_addf(&out, "{\"as_of\":\"%s\",\"base\":", d1);
		json_quote(&out, what.buf);
		strbuf_addf(&out, ",\"hunks\":%zu,\"hunks_failed\":%zu,\"sections\":[",
			    nr_hunks, failed);
	} else {
		char d1[16], d2[16];

		mh_date(d1, sizeof(d1), a_new.since);
		mh_date(d2, sizeof(d2), a_new.now);
		printf("review of %s against %s, history %s .. %s\n\n",
		       operands.v[0], what.buf, d1, d2);
	}
	for (i = 0; i < d.nr; i++) {
		const struct mh_change *c = &d.v[i];
		const struct audit *a = c->kind == MH_REMOVED ? &a_old : &a_new;
		const struct audit_section *s = audited(a, c->new ? c->new->name :
							c->old->name);
		const struct mh_section *before = c->kind == MH_ADDED && !c->split ?
						  NULL : c->old;
		const struct mh_section *after = c->new;
		const struct mh_person *added = c->kind == MH_ADDED ? c->new->people :
						c->kind == MH_REMOVED ? NULL : c->added;
		size_t nr_added = c->kind == MH_ADDED ? c->new->nr_people :
				  c->kind == MH_REMOVED ? 0 : c->nr_added;
		const struct mh_person *removed = c->kind == MH_REMOVED ?
						  c->old->people : c->removed;
		size_t nr_removed = c->kind == MH_REMOVED ? c->old->nr_people :
				    c->kind == MH_ADDED ? 0 : c->nr_removed;
		struct conc cb = concentration(&o, before, a->now, s);
		struct conc ca = concentration(&o, after, a->now, s);
		long reviews = s ? section_reviews(s) : 0;
		size_t k, n;
		static const char *const kinds[] = { "added", "removed", "renamed",
						     "changed" };

		if (json) {
			strbuf_addstr(&out, i ? ",{\"section\":" : "{\"section\":");
			json_quote(&out, after ? after->name : c->old->name);
			strbuf_addf(&out, ",\"kind\":\"%s\",\"diff\":", kinds[c->kind]);
			mh_change_json(&out, c);
			if (s)
				strbuf_addf(&out, ",\"changes\":%ld,\"reviews\":%ld",
					    s->changes, reviews);
			strbuf_addstr(&out, ",\"people\":[");
			for (k = 0; k < nr_added; k++) {
				const char *v = s ? verdict(&o, s, audit_find_person(a, s,
							added[k].key), reviews) : "none";

				if (strcmp(v, "strong"))
					weak = true;
				if (k)
					strbuf_addch(&out, ',');
				person_json(&out, a, s, &added[k], "added", v);
			}
			for (k = 0; k < nr_removed; k++) {
				if (k || nr_added)
					strbuf_addch(&out, ',');
				person_json(&out, a, s, &removed[k], "removed", NULL);
			}
			strbuf_addstr(&out, "],\"top_unlisted\":[");
			for (k = 0, n = 0; s && k < s->nr_people && n < (size_t)o.top; k++) {
				const struct audit_person *p = &s->people[k];

				if (!p->st.authored)
					break;
				if (listed_in(after ? after : c->old, a->emails[p->pid]))
					continue;
				strbuf_addstr(&out, n++ ? ",{\"name\":" : "{\"name\":");
				json_quote(&out, a->names[p->pid]);
				strbuf_addstr(&out, ",\"email\":");
				json_quote(&out, a->emails[p->pid]);
				strbuf_addf(&out, ",\"changesets\":%ld,\"rank\":%d}",
					    p->st.authored, p->st.rank_changes);
			}
			strbuf_addstr(&out, "],\"employer_before\":");
			conc_json(&out, cb);
			strbuf_addstr(&out, ",\"employer_after\":");
			conc_json(&out, ca);
			strbuf_addch(&out, '}');
			continue;
		}

		switch (c->kind) {
		case MH_ADDED:
			printf("%s: new section%s%s\n", c->new->name,
			       c->split ? ", F: patterns from " : "",
			       c->split ? c->old->name : "");
			break;
		case MH_REMOVED:
			printf("%s: section removed\n", c->old->name);
			break;
		case MH_RENAMED:
			printf("%s: renamed from %s\n", c->new->name, c->old->name);
			break;
		case MH_CHANGED:
			printf("%s: changed\n", c->new->name);
			break;
		}
		if (s) {
			char d1[16] = "never";

			if (s->last_change)
				mh_date(d1, sizeof(d1), s->last_change);
			printf("  %ld changes in %d years, %ld reviews; last change %s\n",
			       s->changes, o.window_years, reviews, d1);
		}
		if (c->status_changed)
			printf("  status: %s -> %s\n",
			       c->old->status ? c->old->status : "(none)",
			       c->new->status ? c->new->status : "(none)");
		for (k = 0; k < nr_added; k++) {
			const struct audit_person *p = s ?
				audit_find_person(a, s, added[k].key) : NULL;
			const char *v = s ? verdict(&o, s, p, reviews) : "none";
			struct strbuf rec = STRBUF_INIT;

			if (strcmp(v, "strong"))
				weak = true;
			record_text(&rec, s, p);
			printf("  added %c: %s [%s]\n    verdict: %s history: %s\n",
			       added[k].type, added[k].value,
			       audit_employer(&o, added[k].key, a->now),
			       !strcmp(v, "none") ? "no" : v, rec.buf);
			strbuf_release(&rec);
		}
		for (k = 0; k < nr_removed; k++) {
			const struct audit_person *p = s ?
				audit_find_person(a, s, removed[k].key) : NULL;
			struct strbuf rec = STRBUF_INIT;

			record_text(&rec, s, p);
			printf("  removed %c: %s [%s]\n    record: %s\n",
			       removed[k].type, removed[k].value,
			       audit_employer(&o, removed[k].key, a->now), rec.buf);
			strbuf_release(&rec);
		}
		for (k = 0; k < c->nr_fields_removed; k++)
			if (!starts_with(c->fields_removed[k], "S:"))
				printf("  removed %s\n", c->fields_removed[k]);
		for (k = 0; k < c->nr_fields_added; k++)
			if (!starts_with(c->fields_added[k], "S:"))
				printf("  added %s\n", c->fields_added[k]);
		printf("  top contributors not listed:");
		for (k = 0, n = 0; s && k < s->nr_people && n < (size_t)o.top; k++) {
			const struct audit_person *p = &s->people[k];
			char r[16];

			if (!p->st.authored)
				break;
			if (listed_in(after ? after : c->old, a->emails[p->pid]))
				continue;
			printf("%s %s <%s> %ld changesets (%s)", n ? "," : "",
			       a->names[p->pid], a->emails[p->pid], p->st.authored,
			       audit_ordinal(p->st.rank_changes, r, sizeof(r)));
			n++;
		}
		printf("%s\n", n ? "" : " none");
		strbuf_reset(&out);
		conc_text(&out, cb);
		printf("  employers before: %s\n", out.buf);
		strbuf_reset(&out);
		conc_text(&out, ca);
		printf("  employers after: %s\n", out.buf);
		if (ca.top && ca.nr >= 1 && ca.at_top == ca.nr)
			printf("  note: every listed maintainer after the change is at "
			       "one employer (%s)\n", ca.top);
		strbuf_reset(&out);
		putchar('\n');
	}
	if (json) {
		strbuf_addstr(&out, "]}");
		puts(out.buf);
	}
	if (!d.nr && !json)
		printf("the patch changes no section's fields\n");

	audit_release(&a_new);
	if (have_old)
		audit_release(&a_old);
	matcher_free(mt_new);
	matcher_free(mt_old);
	maintainers_release(&m_new);
	maintainers_release(&m_old);
	free(sel_new);
	free(sel_old);
	mh_diff_release(&d);
	free_lines(&lines);
	free_hunks(hunks, nr_hunks);
	patch_info_release(&pi);
	idx_close(&ix);
	employer_map_free(emap);
	ident_mailmap_free(mm);
	strbuf_release(&base);
	strbuf_release(&what);
	strbuf_release(&patched);
	strbuf_release(&out);
	strbuf_release(&full_base);
	free(path);
	free(operands.v);
	return weak ? 1 : 0;
}
