// SPDX-License-Identifier: GPL-2.0
/*
 * The sections in trouble, ranked (see triage.h).
 */
#include "triage.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maintainers-history.h"
#include "util.h"

static bool status_is(const struct audit_section *s, const char *what)
{
	return s->status && !strncasecmp(s->status, what, strlen(what));
}

static bool active(const struct audit_stats *st)
{
	return st->authored || st->applied || st->tags || st->list_msgs;
}

/* The listed M: people, the active ones, the last thing one of them did. */
static void listed_m(const struct audit_section *s, struct triage_section *ts)
{
	size_t j;

	for (j = 0; j < s->nr_listed; j++) {
		const struct audit_listed *l = &s->listed[j];
		int64_t last;

		if (l->is_role || l->type != 'M')
			continue;
		ts->nr_m++;
		if (!l->p)
			continue;
		ts->nr_m_active += active(&l->p->st);
		last = l->p->st.last > l->p->st.last_list ? l->p->st.last :
		       l->p->st.last_list;
		if (last > ts->last_m)
			ts->last_m = last;
	}
}

/* The unlisted person with the most changesets in the window. */
static void candidate(const struct audit_section *s, struct triage_section *ts)
{
	size_t j, k;
	int best = 0;

	ts->cand_pid = -1;
	for (j = 0; j < s->nr_people; j++) {
		const struct audit_person *p = &s->people[j];
		bool listed = false;

		if (!p->st.authored || (best && p->st.rank_changes >= best))
			continue;
		for (k = 0; k < s->nr_listed && !listed; k++)
			listed = s->listed[k].pid == p->pid;
		if (listed)
			continue;
		best = p->st.rank_changes;
		ts->cand_pid = p->pid;
		ts->cand_changes = p->st.authored;
	}
}

static char *findings_reason(const struct audit_section *s)
{
	const struct audit_finding *f = &s->findings[0];

	if (s->nr_findings == 1)
		return xstrfmt("%s: %s", audit_kind_names[f->kind], f->text);
	return xstrfmt("%s: %s (and %zu more finding%s)",
		       audit_kind_names[f->kind], f->text, s->nr_findings - 1,
		       s->nr_findings == 2 ? "" : "s");
}

static char *reason(const struct audit *a, const struct audit_section *s,
		    const struct triage_section *ts, enum triage_class c)
{
	char d[16];

	switch (c) {
	case TC_UNLISTED_BUSY:
	case TC_UNLISTED_QUIET:
		return xstrfmt("no M: person listed (status %s)",
			       s->status ? s->status : "none");
	case TC_IDLE_BUSY:
		mh_date(d, sizeof(d), a->since);
		if (ts->nr_m == 1)
			return xstrfmt("its only M: inactive since %s", d);
		return xstrfmt("none of its %d M: active since %s", ts->nr_m, d);
	default:
		return findings_reason(s);
	}
}

static int cmp_row(const void *x, const void *y)
{
	const struct triage_row *p = x, *q = y;

	if (p->cls != q->cls)
		return p->cls < q->cls ? -1 : 1;
	if (p->changes != q->changes)
		return p->changes > q->changes ? -1 : 1;
	return strcmp(p->name, q->name);
}

void triage_run(const struct audit *a, struct triage *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->s = xcalloc(a->nr + 1, sizeof(*t->s));
	t->v = xcalloc(a->nr + 1, sizeof(*t->v));
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];
		struct triage_section *ts = &t->s[i];
		enum triage_class c;

		listed_m(s, ts);
		candidate(s, ts);
		/* THE REST and list-only entries have no maintainer by design */
		if (s->catch_all || s->list_only || status_is(s, "obsolete"))
			continue;
		/*
		 * No M: at all is LWN's "no maintainer"; an M: who did
		 * nothing counts only where there was something to do:
		 * a section of an outside tree (QEMU UPSTREAM in Xen)
		 * whose files never change here has no idle maintainer.
		 */
		ts->no_active_m = !ts->nr_m || (s->changes > 0 && !ts->nr_m_active);
		t->nr_no_active += ts->no_active_m;
		if (!ts->nr_m)
			c = s->changes > 0 ? TC_UNLISTED_BUSY : TC_UNLISTED_QUIET;
		else if (ts->no_active_m)
			c = TC_IDLE_BUSY;
		else if (s->nr_findings)
			c = TC_FINDINGS;
		else
			continue;
		ts->trouble = true;
		t->v[t->nr].i = i;
		t->v[t->nr].cls = c;
		t->v[t->nr].changes = s->changes;
		t->v[t->nr].name = s->name;
		t->v[t->nr++].reason = reason(a, s, ts, c);
	}
	qsort(t->v, t->nr, sizeof(*t->v), cmp_row);
}

void triage_release(struct triage *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++)
		free(t->v[i].reason);
	free(t->v);
	free(t->s);
	memset(t, 0, sizeof(*t));
}
