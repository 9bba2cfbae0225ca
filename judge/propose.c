// SPDX-License-Identifier: GPL-2.0
#include "propose.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "identity.h"
#include "maintainers-history.h"

void propose_opts_init(struct propose_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->reviewer_ranks = 2;
	o->min_reviews = 10;
}

/* ---- text ---- */

void propose_wrap(struct strbuf *out, const char *text, size_t width)
{
	const char *p = text;

	while (*p) {
		size_t col = 0;

		/* one paragraph: words up to the blank line */
		while (*p && !(p[0] == '\n' && p[1] == '\n')) {
			size_t n;

			while (*p == ' ' || (*p == '\n' && p[1] != '\n'))
				p++;
			if (!*p || (p[0] == '\n' && p[1] == '\n'))
				break;
			n = strcspn(p, " \n");
			if (col && col + 1 + n > width) {
				strbuf_addch(out, '\n');
				col = 0;
			} else if (col) {
				strbuf_addch(out, ' ');
				col++;
			}
			strbuf_add(out, p, n);
			col += n;
			p += n;
		}
		strbuf_addch(out, '\n');
		if (*p) {
			strbuf_addch(out, '\n');
			p += 2;
		}
	}
}

/*
 * The audit's evidence block for @s after a blank line, each line of it
 * wrapped at 75 columns, as checkpatch.pl wants a commit message: at
 * spaces, the rest of a line indented two more than its start.  A word
 * longer than the room (a Message-ID) stays whole.
 */
static void add_evidence(struct strbuf *out, const struct audit *a,
			 const struct audit_section *s)
{
	struct strbuf ev = STRBUF_INIT;
	const char *p;

	audit_evidence(&ev, a, s);
	strbuf_addch(out, '\n');
	for (p = ev.buf; *p; ) {
		const char *e = p + strcspn(p, "\n");
		size_t indent = strspn(p, " "), col = 0;

		while (p < e) {
			const char *w = p + strspn(p, " ");
			size_t n = strcspn(w, " \n");

			if (!n)
				break;
			if (col > indent && col + (size_t)(w - p) + n > 75) {
				strbuf_addf(out, "\n%*s", (int)indent + 2, "");
				col = indent + 2;
			} else {
				strbuf_add(out, p, (size_t)(w - p));
				col += (size_t)(w - p);
			}
			strbuf_add(out, w, n);
			col += n;
			p = w + n;
		}
		strbuf_addch(out, '\n');
		p = *e ? e + 1 : e;
	}
	strbuf_release(&ev);
}

static const char *shown_name(const struct audit_listed *l)
{
	return *l->name ? l->name : l->email;
}

static bool person_wanted(const struct propose_opts *o, const char *name,
			  const char *email)
{
	return !o->person || strcasestr(name, o->person) ||
	       strcasestr(email, o->person);
}

/* Where else @l's person is listed, and whether they are active there. */
static void elsewhere(struct strbuf *out, const struct audit *a,
		      const struct audit_section *s, const struct audit_listed *l)
{
	size_t i, j, n = 0;

	for (i = 0; i < a->nr; i++) {
		const struct audit_section *o = &a->v[i];

		if (o == s)
			continue;
		for (j = 0; j < o->nr_listed; j++) {
			const struct audit_listed *x = &o->listed[j];
			const struct audit_person *p = x->p;

			if (x->is_role || (l->pid >= 0 ? x->pid != l->pid :
					   strcmp(x->email, l->email)))
				continue;
			strbuf_addf(out, "%s%s", n++ ? ", " : "", o->name);
			if (p && (p->st.authored || p->st.applied || p->st.tags))
				strbuf_addf(out, " (active there: %d changesets, "
					    "%d reviews, %d applied in %d years)",
					    p->st.authored, p->st.reviews,
					    p->st.applied, a->o->window_years);
			break;
		}
	}
}

static char *removal_body(const struct audit *a, const struct audit_section *s,
			  const struct audit_listed *l, bool orphan)
{
	const char *who = shown_name(l);
	struct strbuf sb = STRBUF_INIT, other = STRBUF_INIT, out = STRBUF_INIT;
	char d[16];

	strbuf_addf(&sb, "There were %ld changes to %s in the last %d years, "
		    "and none of them was authored, applied or tagged by %s",
		    s->changes, s->name, a->o->window_years, who);
	if (l->p && l->p->st.last) {
		mh_date(d, sizeof(d), l->p->st.last);
		strbuf_addf(&sb, "; the last activity there was on %s.", d);
	} else {
		strbuf_addf(&sb, ", who has no commit or tag there in the whole "
			    "history.");
	}
	if (a->has_lists && s->covered)
		strbuf_addf(&sb, " Nor did %s post about its files on the indexed "
			    "lists in that time.", who);
	strbuf_addf(&sb, " Remove %s from its %ss and add them to CREDITS.",
		    who, l->type == 'M' ? "maintainer" : "reviewer");
	elsewhere(&other, a, s, l);
	if (other.len)
		strbuf_addf(&sb, "\n\n%s stays listed for %s.", who, other.buf);
	if (orphan)
		strbuf_addstr(&sb, "\n\nNobody else is listed as its maintainer: "
			      "mark it as Orphan.");
	propose_wrap(&out, sb.buf, 72);
	add_evidence(&out, a, s);
	strbuf_release(&sb);
	strbuf_release(&other);
	return strbuf_detach(&out, NULL);
}

static char *odd_fixes_body(const struct audit *a, const struct audit_section *s)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;

	if (s->nr_people_listed == 1)
		strbuf_addf(&sb, "The person listed for %s did not author, apply "
			    "or tag", s->name);
	else
		strbuf_addf(&sb, "None of the %zu people listed for %s authored, "
			    "applied or tagged", s->nr_people_listed, s->name);
	strbuf_addf(&sb, " any of its %ld change%s in the last %d years, too "
		    "few to call %s inactive. Mark it as Odd Fixes until "
		    "someone takes it up.", s->changes,
		    s->changes == 1 ? "" : "s", a->o->window_years,
		    s->nr_people_listed == 1 ? "them" : "anyone");
	propose_wrap(&out, sb.buf, 72);
	add_evidence(&out, a, s);
	strbuf_release(&sb);
	return strbuf_detach(&out, NULL);
}

/* Reviews given: as tags in git, and on the indexed lists. */
static long reviews_of(const struct audit_person *p)
{
	return (long)p->st.reviews + p->st.list_reviews;
}

static long section_reviews(const struct audit_section *s)
{
	long n = 0;
	size_t i;

	for (i = 0; i < s->nr_people; i++)
		n += reviews_of(&s->people[i]);
	return n;
}

/* 1 + how many gave more reviews than @p; 0 when @p gave none. */
static int review_rank(const struct audit_section *s,
		       const struct audit_person *p)
{
	long mine = reviews_of(p);
	size_t i;
	int r = 1;

	if (!mine)
		return 0;
	for (i = 0; i < s->nr_people; i++)
		r += reviews_of(&s->people[i]) > mine;
	return r;
}

static char *reviewer_body(const struct audit *a, const struct audit_section *s,
			   const struct audit_person *p)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	char r[16], d[16];

	mh_date(d, sizeof(d), p->st.last);
	strbuf_addf(&sb, "%s gave %ld of the %ld reviews of %s in the last %d "
		    "years (ranked %s; %s), and wrote %d of its %ld changesets, but "
		    "is not listed; the last activity there was on %s. Add them "
		    "as a reviewer.", a->names[p->pid], reviews_of(p),
		    section_reviews(s), s->name, a->o->window_years,
		    audit_ordinal(review_rank(s, p), r, sizeof(r)),
		    a->has_lists ? "as tags and on the lists" : "as tags",
		    p->st.authored, s->changes, d);
	propose_wrap(&out, sb.buf, 72);
	add_evidence(&out, a, s);
	strbuf_release(&sb);
	return strbuf_detach(&out, NULL);
}

/* ---- the plan ---- */

static struct proposal *add(struct proposals *ps, enum proposal_kind kind,
			    const struct audit_section *s)
{
	struct proposal *p;

	ALLOC_GROW(ps->v, ps->nr + 1, ps->alloc);
	p = &ps->v[ps->nr++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->s = s;
	return p;
}

/*
 * Is @pid listed in a catch-all section, one with an F: for every path
 * (THE REST, or a test suite's "ALL")?  Such a person gets every patch
 * already.
 */
static bool listed_everywhere(const struct audit *a, int pid)
{
	size_t i, j;

	for (i = 0; i < a->nr; i++)
		for (j = 0; a->v[i].catch_all && j < a->v[i].nr_listed; j++)
			if (a->v[i].listed[j].pid == pid && pid >= 0)
				return true;
	return false;
}

/* Could @p be one of the section's listed entries under another address? */
static bool maybe_listed(const struct audit *a, const struct audit_section *s,
			 const struct audit_person *p)
{
	struct strbuf f1 = STRBUF_INIT, f2 = STRBUF_INIT;
	bool same = false;
	size_t i;

	identity_fold_name(a->names[p->pid], &f1);
	for (i = 0; i < s->nr_listed && !same; i++) {
		if (s->listed[i].pid == p->pid)
			same = true;
		identity_fold_name(s->listed[i].name, &f2);
		if (f1.len && !strcmp(f1.buf, f2.buf))
			same = true;
	}
	strbuf_release(&f1);
	strbuf_release(&f2);
	return same;
}

static void plan_section(const struct audit *a, const struct audit_section *s,
			 const struct propose_opts *o, struct proposals *ps)
{
	size_t i, nm = 0, removed = 0;
	bool name_only = false, ambiguous = false;

	/* THE REST is everyone's: nobody is removed from it, nor added */
	if (!strcmp(s->name, "THE REST"))
		return;
	for (i = 0; i < s->nr_findings; i++)
		ambiguous |= s->findings[i].kind == AF_AMBIGUOUS;
	for (i = 0; i < s->nr_listed; i++)
		nm += !s->listed[i].is_role && s->listed[i].type == 'M';
	for (i = 0; i < s->nr_findings; i++) {
		const struct audit_finding *f = &s->findings[i];
		const struct audit_listed *l;
		struct proposal *p;

		if (f->kind == AF_NAME_ONLY)
			name_only = true;
		if (f->kind != AF_INACTIVE)
			continue;
		l = &s->listed[f->listed];
		if (l->is_role || !person_wanted(o, l->name, l->email))
			continue;
		removed++;
		p = add(ps, PR_REMOVE, s);
		p->l = l;
		if (l->type == 'M' && !--nm)
			p->orphan = true;
		if (p->orphan)
			p->subject = xstrfmt("MAINTAINERS: mark %s as Orphan", s->name);
		else
			p->subject = xstrfmt("MAINTAINERS: remove %s from %s",
					     shown_name(l), s->name);
		p->body = removal_body(a, s, l, p->orphan);
	}
	/* who is active is not known for sure: no status change */
	if (name_only && !removed && !ambiguous && s->maintained && !o->person) {
		struct proposal *p = add(ps, PR_ODD_FIXES, s);

		p->subject = xstrfmt("MAINTAINERS: mark %s as Odd Fixes", s->name);
		p->body = odd_fixes_body(a, s);
	}
	for (i = 0; o->reviewers && i < s->nr_people; i++) {
		const struct audit_person *cand = &s->people[i];
		int rank = review_rank(s, cand);
		struct proposal *p;

		if (!rank || rank > o->reviewer_ranks ||
		    reviews_of(cand) < o->min_reviews || maybe_listed(a, s, cand) ||
		    listed_everywhere(a, cand->pid) ||
		    !person_wanted(o, a->names[cand->pid], a->emails[cand->pid]))
			continue;
		p = add(ps, PR_ADD_REVIEWER, s);
		p->p = cand;
		p->value = xstrfmt("%s <%s>", a->names[cand->pid],
				   a->emails[cand->pid]);
		p->subject = xstrfmt("MAINTAINERS: add %s as reviewer of %s",
				     a->names[cand->pid], s->name);
		p->body = reviewer_body(a, s, cand);
	}
}

int propose_plan(const struct audit *a, const struct propose_opts *o,
		 struct proposals *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < a->nr; i++)
		plan_section(a, &a->v[i], o, out);
	return 0;
}

void proposals_release(struct proposals *ps)
{
	size_t i;

	for (i = 0; i < ps->nr; i++) {
		free(ps->v[i].subject);
		free(ps->v[i].body);
		free(ps->v[i].value);
	}
	free(ps->v);
	memset(ps, 0, sizeof(*ps));
}

/* ---- MAINTAINERS ---- */

/* Byte offsets of 1-based line @nr of @sb: [*start, *end) with newline. */
static bool line_span(const struct strbuf *sb, int nr, size_t *start,
		      size_t *end)
{
	size_t off = 0;
	int n = 1;

	while (n < nr && off < sb->len) {
		const char *nl = memchr(sb->buf + off, '\n', sb->len - off);

		if (!nl)
			return false;
		off = (size_t)(nl - sb->buf) + 1;
		n++;
	}
	if (n != nr || off >= sb->len)
		return false;
	*start = off;
	{
		const char *nl = memchr(sb->buf + off, '\n', sb->len - off);

		*end = nl ? (size_t)(nl - sb->buf) + 1 : sb->len;
	}
	return true;
}

static void splice(struct strbuf *sb, size_t start, size_t end, const char *with)
{
	struct strbuf out = STRBUF_INIT;

	strbuf_add(&out, sb->buf, start);
	strbuf_addstr(&out, with);
	strbuf_add(&out, sb->buf + end, sb->len - end);
	strbuf_release(sb);
	*sb = out;
}

/* Parse @text and find section @name; -1 with a message if absent. */
static int parse_section(const struct strbuf *text, const char *name,
			 struct maintainers *m)
{
	size_t i;

	maintainers_init(m);
	maintainers_add_buffer(m, "MAINTAINERS", xstrndup(text->buf, text->len),
			       text->len);
	maintainers_finish(m);
	for (i = 0; i < m->nr_sections; i++)
		if (m->sections[i].name && !strcmp(m->sections[i].name, name))
			return (int)i;
	return error("MAINTAINERS has no section '%s' any more", name);
}

/* The file line (1-based) of the section's first @type entry [of @value]. */
static int find_line(const struct maintainers *m, int sec, char type,
		     const char *value, bool last)
{
	const struct mnt_section *s = &m->sections[sec];
	int e, found = 0;

	for (e = s->first; e < s->end; e++) {
		const struct mnt_entry *en = &m->entries[e];

		if (en->type != type || (value && strcmp(en->value, value)))
			continue;
		found = m->lines[en->line].nr;
		if (!last)
			break;
	}
	return found;
}

/*
 * Replace the section's first (or @last) @type line [of @value] with
 * @with ("" removes it); -1 with a message when there is none.
 */
static int replace_line(struct strbuf *maint, const char *section, char type,
			const char *value, bool last, const char *with)
{
	struct maintainers m;
	size_t start, end;
	int sec = parse_section(maint, section, &m), nr, rc = -1;

	if (sec < 0)
		goto out;
	nr = find_line(&m, sec, type, value, last);
	if (!nr || !line_span(maint, nr, &start, &end)) {
		error("%s has no line '%c:\t%s'", section, type, value ? value : "");
		goto out;
	}
	splice(maint, start, end, with);
	rc = 0;
out:
	maintainers_release(&m);
	return rc;
}

static int set_status(struct strbuf *maint, const char *section,
		      const char *status)
{
	char *line = xstrfmt("S:\t%s\n", status);
	int rc = replace_line(maint, section, 'S', NULL, true, line);

	free(line);
	return rc;
}

/*
 * Add "R:\t@value" where parse-maintainers.pl --order keeps it: after
 * the section's last M: or R:, else before its first field.
 */
static int add_reviewer(struct strbuf *maint, const char *section,
			const char *value)
{
	struct maintainers m;
	size_t start, end;
	int sec = parse_section(maint, section, &m), nr, rc = -1;
	char *line;

	if (sec < 0)
		goto out;
	nr = find_line(&m, sec, 'R', NULL, true);
	if (!nr)
		nr = find_line(&m, sec, 'M', NULL, true);
	line = xstrfmt("R:\t%s\n", value);
	if (nr && line_span(maint, nr, &start, &end)) {
		splice(maint, end, end, line);
		rc = 0;
	} else if (m.sections[sec].first < m.sections[sec].end &&
		   line_span(maint, m.lines[m.entries[m.sections[sec].first].line].nr,
			     &start, &end)) {
		splice(maint, start, start, line);
		rc = 0;
	} else {
		error("%s has no fields", section);
	}
	free(line);
out:
	maintainers_release(&m);
	return rc;
}

/* ---- CREDITS ---- */

/* The folded last word of a name: CREDITS is sorted by surname. */
static void surname_key(const char *name, struct strbuf *key)
{
	const char *sp;

	identity_fold_name(name, key);
	sp = strrchr(key->buf, ' ');
	if (sp) {
		char *last = xstrdup(sp + 1);

		strbuf_reset(key);
		strbuf_addstr(key, last);
		free(last);
	}
}

/* The line starting at @off, without its newline. */
static size_t line_len(const struct strbuf *sb, size_t off)
{
	const char *nl = memchr(sb->buf + off, '\n', sb->len - off);

	return nl ? (size_t)(nl - (sb->buf + off)) : sb->len - off;
}

static bool line_is(const struct strbuf *sb, size_t off, const char *prefix)
{
	return !strncmp(sb->buf + off, prefix, strlen(prefix));
}

struct credits_entry {
	size_t start, end;	/* [start, end): its lines, newlines included */
	size_t fields_end;	/* after its last N:, E:, W:, P: or D: line */
	char *name;		/* its N: */
	bool has_email, has_d;
};

/*
 * The entries of CREDITS: blocks of "X: value" lines after the
 * "----------" line, separated by blank lines.
 */
static size_t credits_entries(const struct strbuf *sb, const char *email,
			      const char *d, struct credits_entry **out)
{
	struct credits_entry *v = NULL, *e = NULL;
	size_t nr = 0, alloc = 0, off = 0, n;
	bool in_body = false;

	for (; off < sb->len; off += n + 1) {
		n = line_len(sb, off);
		if (!in_body) {
			in_body = line_is(sb, off, "----------");
			continue;
		}
		if (!n) {
			e = NULL;
			continue;
		}
		if (!e) {
			ALLOC_GROW(v, nr + 1, alloc);
			e = &v[nr++];
			memset(e, 0, sizeof(*e));
			e->start = off;
		}
		e->end = off + n + 1 > sb->len ? sb->len : off + n + 1;
		if (line_is(sb, off, "N: ") && !e->name)
			e->name = xstrndup(sb->buf + off + 3, n - 3);
		if (line_is(sb, off, "E: ") && n - 3 == strlen(email) &&
		    !strncasecmp(sb->buf + off + 3, email, n - 3))
			e->has_email = true;
		if (line_is(sb, off, "D: ") && n - 3 == strlen(d) &&
		    !strncmp(sb->buf + off + 3, d, n - 3))
			e->has_d = true;
		if (line_is(sb, off, "N: ") || line_is(sb, off, "E: ") ||
		    line_is(sb, off, "W: ") || line_is(sb, off, "P: ") ||
		    line_is(sb, off, "D: "))
			e->fields_end = e->end;
	}
	*out = v;
	return nr;
}

/*
 * Give @name <@email> the line "D: @d": in their entry if they have one
 * (by folded name or address), else in a new entry at its place by
 * surname.
 */
static void credit(struct strbuf *credits, const char *name, const char *email,
		   const char *d)
{
	struct strbuf want = STRBUF_INIT, key = STRBUF_INIT, f = STRBUF_INIT;
	struct credits_entry *v;
	size_t nr = credits_entries(credits, email, d, &v), i;
	char *text = NULL;

	identity_fold_name(name, &want);
	surname_key(name, &key);
	for (i = 0; i < nr; i++) {
		if (v[i].name)
			identity_fold_name(v[i].name, &f);
		if (v[i].has_email || (v[i].name && !strcmp(f.buf, want.buf)))
			break;
	}
	if (i < nr) {
		if (!v[i].has_d) {
			text = xstrfmt("D: %s\n", d);
			splice(credits, v[i].fields_end, v[i].fields_end, text);
		}
		goto out;
	}
	for (i = 0; i < nr; i++) {
		if (!v[i].name)
			continue;
		surname_key(v[i].name, &f);
		if (strcmp(f.buf, key.buf) > 0)
			break;
	}
	if (i < nr) {
		text = xstrfmt("N: %s\nE: %s\nD: %s\n\n", name, email, d);
		splice(credits, v[i].start, v[i].start, text);
	} else {
		bool nl = credits->len && credits->buf[credits->len - 1] != '\n';
		bool blank = credits->len >= 2 &&
			     !strcmp(credits->buf + credits->len - 2, "\n\n");

		text = xstrfmt("%s%sN: %s\nE: %s\nD: %s\n", nl ? "\n" : "",
			       blank || !credits->len ? "" : "\n", name, email, d);
		splice(credits, credits->len, credits->len, text);
	}
out:
	for (i = 0; i < nr; i++)
		free(v[i].name);
	free(v);
	free(text);
	strbuf_release(&want);
	strbuf_release(&key);
	strbuf_release(&f);
}

int propose_apply(const struct proposal *p, struct strbuf *maint,
		  struct strbuf *credits)
{
	const struct audit_section *s = p->s;

	switch (p->kind) {
	case PR_REMOVE: {
		char *d;

		if (replace_line(maint, s->name, p->l->type, p->l->value, false, ""))
			return -1;
		if (p->orphan && set_status(maint, s->name, "Orphan"))
			return -1;
		if (!credits)
			return 0;
		d = xstrfmt("%s %s", s->name,
			    p->l->type == 'M' ? "maintainer" : "reviewer");
		credit(credits, *p->l->name ? p->l->name : p->l->email,
		       p->l->email, d);
		free(d);
		return 0;
	}
	case PR_ODD_FIXES:
		return set_status(maint, s->name, "Odd Fixes");
	case PR_ADD_REVIEWER:
		return add_reviewer(maint, s->name, p->value);
	}
	return -1;
}
