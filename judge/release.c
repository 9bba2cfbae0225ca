// SPDX-License-Identifier: GPL-2.0
/*
 * Releases: the figures of each range between two tags (see release.h).
 */
#include "release.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "audit.h"
#include "email.h"
#include "run-command.h"
#include "util.h"

/*
 * The tags matching @glob, in version order, pre-releases left out, of
 * a commit in the index @ix: the index holds the whole history of its
 * tips, so the range from one such tag to the next can be answered.  A
 * tag off the indexed history (Xen's, on stable branches) or of no
 * commit (v2.6.11-tree) is left out; *@off counts those that sort
 * after the last one kept: the newest releases, whose pages are missing.
 */
static size_t list_tags(struct idx *ix, const char *glob, char ***out,
			size_t *off)
{
	struct strbuf o = STRBUF_INIT, pat = STRBUF_INIT;
	const char *argv[] = { "for-each-ref", "--sort=version:refname",
			       "--format=%(objectname) %(*objectname) "
			       "%(refname:short)", NULL, NULL };
	char **v = NULL, *p, *nl;
	size_t nr = 0, alloc = 0;

	*off = 0;
	strbuf_addf(&pat, "refs/tags/%s", glob);
	argv[3] = pat.buf;
	if (capture_git(argv, &o, NULL)) {
		strbuf_release(&o);
		strbuf_release(&pat);
		*out = NULL;
		return 0;
	}
	for (p = o.buf; *p; p = nl + 1) {
		/* "OBJECT PEELED NAME": an annotated tag's commit is PEELED */
		char *sp1, *sp2, *hash;

		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		*nl = '\0';
		sp1 = strchr(p, ' ');
		sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
		if (sp2 && sp2[1] && !strstr(sp2 + 1, "-rc")) {
			*sp1 = *sp2 = '\0';
			hash = sp1 + 1 < sp2 ? sp1 + 1 : p;
			if (idx_has_commit(ix, hash)) {
				ALLOC_GROW(v, nr + 1, alloc);
				v[nr++] = xstrdup(sp2 + 1);
				*off = 0;
			} else {
				(*off)++;
			}
		}
		if (nl == o.buf + o.len)
			break;
	}
	strbuf_release(&o);
	strbuf_release(&pat);
	*out = v;
	return nr;
}

/* Everyone the release's figures saw, by address and by name. */
static void seen_people(const struct stats *st, struct strmap *seen)
{
	size_t i;

	for (i = 0; i < st->nr_hackers; i++) {
		const struct stats_hacker *hk = &st->hackers[i];
		char *k;

		k = lowercase(hk->email);
		strmap_insert(seen, k, strlen(k))->value = (void *)1;
		free(k);
		if (hk->name && strchr(hk->name, ' ')) {
			k = lowercase(hk->name);
			strmap_insert(seen, k, strlen(k))->value = (void *)1;
			free(k);
		}
	}
}

static bool seen_one(const struct strmap *seen, const char *value)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	char *a, *n;
	bool yes;

	email_parse_plain(value, &name, &addr);
	a = lowercase(addr.buf);
	n = lowercase(name.buf);
	yes = strmap_get(seen, a, strlen(a)) ||
	      (strchr(n, ' ') && strmap_get(seen, n, strlen(n)));
	free(a);
	free(n);
	strbuf_release(&name);
	strbuf_release(&addr);
	return yes;
}

/* The sections with M: people none of whom @seen holds. */
static void unseen_sections(struct release *rl, const struct maintainers *m)
{
	struct strmap seen;
	size_t i;

	strmap_init(&seen);
	seen_people(&rl->st, &seen);
	for (i = 0; i < m->nr_sections; i++) {
		const struct mnt_section *ms = &m->sections[i];
		bool any = false;
		int j;

		if (!ms->has_maintainer)
			continue;
		for (j = ms->first; j < ms->end && !any; j++)
			any = m->entries[j].type == 'M' &&
			      seen_one(&seen, m->entries[j].value);
		if (!any) {
			rl->unseen = xrealloc(rl->unseen, (rl->nr_unseen + 1) *
					      sizeof(*rl->unseen));
			rl->unseen[rl->nr_unseen++] =
				xstrdup(ms->name ? ms->name : "");
		}
	}
	strmap_clear(&seen, false);
}

/* MAINTAINERS at @tag: sections, M: and R: lines, Orphans, no M:. */
static void snapshot(struct release *rl, struct idx *ix)
{
	struct scope s;
	const struct maintainers *m;
	size_t i;

	rl->sections = rl->m_lines = rl->r_lines = rl->orphans = rl->no_m = -1;
	if (!scope_maintainers_exist(rl->tag))
		return;
	scope_init(&s, ix);
	if (scope_load_maintainers(&s, rl->tag)) {
		scope_release(&s);
		return;
	}
	m = &s.m;
	rl->sections = (long)m->nr_sections;
	rl->m_lines = rl->r_lines = rl->orphans = rl->no_m = 0;
	for (i = 0; i < m->nr_entries; i++) {
		rl->m_lines += m->entries[i].type == 'M';
		rl->r_lines += m->entries[i].type == 'R';
	}
	for (i = 0; i < m->nr_sections; i++) {
		const struct mnt_section *ms = &m->sections[i];

		rl->orphans += ms->status && !strncasecmp(ms->status, "orphan", 6);
		rl->no_m += !ms->has_maintainer;
	}
	unseen_sections(rl, m);
	scope_release(&s);
}

static int64_t tag_time(const char *tag)
{
	struct strbuf o = STRBUF_INIT, spec = STRBUF_INIT;
	const char *argv[] = { "log", "-1", "--format=%ct", NULL, "--", NULL };
	int64_t t = 0;

	strbuf_addf(&spec, "%s^{commit}", tag);
	argv[3] = spec.buf;
	if (!capture_git(argv, &o, NULL))
		t = strtoll(o.buf, NULL, 10);
	strbuf_release(&o);
	strbuf_release(&spec);
	return t;
}

/*
 * The M:/R: lines added and removed from the previous tag's MAINTAINERS
 * to this one's (kmaint history --diff PREV TAG), not the events whose
 * commit times fall between the tags': a line added and taken out
 * again inside the release is no turnover, and a commit dated before
 * the previous tag but merged after it is.
 */
static void turnover(struct release *rl)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct mh_diff d = { 0 };

	rl->m_added = rl->m_removed = -1;
	if (!mh_text_at(rl->prev, &a) && !mh_text_at(rl->tag, &b)) {
		mh_diff_texts(a.buf, a.len, b.buf, b.len, &d);
		mh_diff_people(&d, &rl->m_added, &rl->m_removed);
		mh_diff_release(&d);
	}
	strbuf_release(&a);
	strbuf_release(&b);
}

/* The release's postings: the messages dated between the tags' commits. */
static int list_postings(struct release *rl, struct scope *whole,
			 struct list_base *lb)
{
	struct range r;
	int rc;

	range_init(&r);
	r.since = rl->from + 1;
	r.until = rl->to;
	list_stats_init(&rl->ls);
	/* the page shows its people's patches and reviews, no commit */
	rl->ls.no_commits = true;
	rl->have_ls = true;
	rc = list_stats_collect_in(&rl->ls, lb, whole, &r, NULL, 0);
	range_release(&r);
	return rc;
}

/* The site's employers: the map's, else the address's domain. */
static const char *site_employer(const void *o, const char *email,
				 int64_t when)
{
	return audit_employer(o, email, when);
}

/*
 * One release's figures; @whole is the whole repository's scope, its
 * people and identity model read once for every release.
 */
static int collect_one(struct release *rl, struct idx *ix,
		       const struct audit_opts *o, struct scope *whole,
		       struct list_base *lb)
{
	struct range r;
	char *rev = xstrfmt("%s..%s", rl->prev, rl->tag);
	int rc;

	rl->from = tag_time(rl->prev);
	rl->to = tag_time(rl->tag);
	stats_init(&rl->st, o->emap);
	rl->st.employer_fallback = site_employer;
	rl->st.fallback_ctx = o;
	range_init(&r);
	rc = range_parse(&r, ix, NULL, NULL, rev) ||
	     stats_collect(&rl->st, whole, &r, true) ||
	     (lb && list_postings(rl, whole, lb)) ? -1 : 0;
	range_release(&r);
	free(rev);
	turnover(rl);
	snapshot(rl, ix);
	return rc;
}

int releases_collect(struct releases *rs, struct idx *ix,
		     const struct audit_opts *o, const char *glob, int n,
		     struct list_base *lb)
{
	char **tags;
	size_t off, nr = list_tags(ix, glob && *glob ? glob : "*", &tags, &off);
	size_t i, first;
	struct scope whole;
	int rc = 0;

	memset(rs, 0, sizeof(*rs));
	if (off && n > 0)
		warning("the newest %zu tag%s matching '%s' %s off the indexed "
			"history: no release page ends at %s (kmaint index "
			"HEAD TAG adds a tag's history)", off, off == 1 ? "" :
			"s", glob && *glob ? glob : "*", off == 1 ? "is" : "are",
			off == 1 ? "it" : "them");
	first = n > 0 && nr > (size_t)n + 1 ? nr - (size_t)n - 1 : 0;
	if (nr >= 2 && n > 0)
		rs->v = xcalloc(nr - first - 1, sizeof(*rs->v));
	scope_init(&whole, ix);
	whole.identity_flags = o->identity_flags;
	for (i = first + 1; n > 0 && i < nr && !rc; i++) {
		struct release *rl = &rs->v[rs->nr++];

		rl->prev = xstrdup(tags[i - 1]);
		rl->tag = xstrdup(tags[i]);
		rc = collect_one(rl, ix, o, &whole, lb);
	}
	scope_release(&whole);
	for (i = 0; i < nr; i++)
		free(tags[i]);
	free(tags);
	return rc;
}

void releases_release(struct releases *rs)
{
	size_t i, j;

	for (i = 0; i < rs->nr; i++) {
		free(rs->v[i].tag);
		free(rs->v[i].prev);
		stats_release(&rs->v[i].st);
		for (j = 0; j < rs->v[i].nr_unseen; j++)
			free(rs->v[i].unseen[j]);
		free(rs->v[i].unseen);
		if (rs->v[i].have_ls)
			list_stats_release(&rs->v[i].ls);
	}
	free(rs->v);
	memset(rs, 0, sizeof(*rs));
}

long release_review_score(const struct stats_hacker *hk)
{
	return hk->n[SC_REVIEWS] + hk->n[SC_ACKS] - hk->n[SC_CHANGESETS];
}

long release_list_score(const struct ls_person *p)
{
	return p->reviews - p->patches;
}
