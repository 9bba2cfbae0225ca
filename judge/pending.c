// SPDX-License-Identifier: GPL-2.0
#include "pending.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "email.h"
#include "imap.h"
#include "list-messages.h"
#include "queries.h"

/* Set in lmsg.flags (above every MSG_* bit) for a patch that landed. */
#define LANDED (1u << 31)

/*
 * Messages older than the window by more than this are not read: a
 * cover letter or a later version dated that far before a patch has
 * nothing to do with it, and reading every message would cost a scan
 * of the whole archive.
 */
#define LOAD_MARGIN (30 * 86400ll)

/* A cover letter is looked for this many patches up a chained series. */
#define MAX_CHAIN 1000

/* An M: or R: of a section, and who they are. */
struct listed {
	char type;		/* 'M' or 'R' */
	char *name, *email;	/* as listed; the address after .mailmap */
	int person;		/* identity_match(): address, else name; -1 */
	int person_addr;	/* the address's person, even without commits */
};

struct section_people {
	struct listed *v;
	size_t nr;
	bool loaded;
};

struct ctx {
	struct scope *s;
	struct idx *ix;
	const struct scope_people *people;
	const struct identity *id;
	const struct ident_mailmap *mm;
	const struct pending_opts *o;
	int64_t now;
	struct lmsg_table t;
	struct section_people *sp;	/* by section, filled on first use */
	struct msg_queries *q;
	struct match_result res;
	int32_t *replies;		/* indexes into t.m */
	size_t nr_replies, alloc_replies;
	int32_t *stack;
	size_t nr_stack, alloc_stack;
	/* the patch's catch-all sections with an M:, for sections without */
	int *appliers;
	size_t nr_appliers, alloc_appliers;
	bool *people_failed;	/* a people row could not be read */
};

/*
 * The people row of @pid (its email NULL: none): a few sections' ask
 * the index for the rows of the people they meet (scope_people_want()),
 * not the whole people table.
 */
static const struct scope_people *row_of(const struct ctx *c, int64_t pid)
{
	if (c->people->partial && pid > 0 && pid < c->people->nr &&
	    !c->people->asked[pid] &&
	    scope_people_want(c->ix, &c->s->people, &pid, 1))
		*c->people_failed = true;
	return c->people;
}

/*
 * The entries of a MAINTAINERS value as audit_match() reads them: the
 * address after .mailmap, the name unquoted.
 */
static void parse_listed(const struct ctx *c, const char *value, char type,
			 struct listed *l)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct identity_match m;
	const char *mn, *me;

	email_parse_plain(value, &name, &addr);
	l->type = type;
	l->name = xstrdup(name.buf);
	mn = name.buf;
	me = addr.buf;
	if (c->mm)
		ident_map(c->mm, &mn, &me);
	l->email = xstrdup(me);
	identity_match(c->id, mn, me, &m);
	l->person = m.person;
	identity_match_release(&m);
	l->person_addr = identity_of_email(c->id, me);
	strbuf_release(&name);
	strbuf_release(&addr);
}

static const struct section_people *section_people(struct ctx *c, int sec)
{
	struct section_people *sp = &c->sp[sec];
	const struct maintainers *m = &c->s->m;
	const struct mnt_section *s = &m->sections[sec];
	size_t alloc = 0;
	int e;

	if (sp->loaded)
		return sp;
	sp->loaded = true;
	for (e = s->first; e < s->end; e++) {
		const struct mnt_entry *en = &m->entries[e];
		struct listed l;

		if (en->type != 'M' && en->type != 'R')
			continue;
		parse_listed(c, en->value, en->type, &l);
		if (!*l.email) {
			free(l.name);
			free(l.email);
			continue;
		}
		ALLOC_GROW(sp->v, sp->nr + 1, alloc);
		sp->v[sp->nr++] = l;
	}
	return sp;
}

bool pending_section_staffed(const struct scope *s, int sec)
{
	const struct mnt_section *ms = &s->m.sections[sec];
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	bool found = false;
	int e;

	for (e = ms->first; e < ms->end && !found; e++) {
		const struct mnt_entry *en = &s->m.entries[e];

		if (en->type != 'M' && en->type != 'R')
			continue;
		email_parse(en->value, &name, &addr);
		strbuf_trim(&addr);
		found = addr.len > 0;
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	return found;
}

/* Is people id @pid the listed person @l? */
static bool is_listed(const struct ctx *c, const struct listed *l, int64_t pid)
{
	const struct scope_people *pp = row_of(c, pid);
	int p;

	if (pid <= 0 || pid >= pp->nr || !pp->email[pid])
		return false;
	p = identity_of(c->id, pid);
	if (p >= 0 && (p == l->person || p == l->person_addr))
		return true;
	return !strcasecmp(pp->email[pid], l->email);
}

/*
 * Who sent a message: the person of people id @pid, or for an address
 * the model does not know a value of its own; -1 for nobody.
 */
static int64_t who(const struct ctx *c, uint32_t pid)
{
	int p;

	if (!pid)
		return -1;
	p = identity_of(c->id, pid);
	return p >= 0 ? p : -2 - (int64_t)pid;
}

static int mark_one_landed(int64_t message, void *data)
{
	struct ctx *c = data;
	struct lmsg *m = lmsg_find(&c->t, message);

	if (m)
		m->flags |= LANDED;
	return 0;
}

/* Mark the patches linked to a commit made by now. */
static int mark_landed(struct ctx *c)
{
	return lists_foreach_landed(c->ix, c->now, c->t.base, c->t.max_id,
				    mark_one_landed, c);
}

struct paths {
	int64_t *v;
	size_t nr, alloc;
};

static int add_path(int64_t id, const char *path, void *data)
{
	struct paths *p = data;

	(void)path;
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr++] = id;
	return 0;
}

/*
 * Only some sections asked about, none standing for the whole project:
 * a patch concerns one of them only if one of its files is in their
 * paths (concerned() asks the matcher of every section what covers a
 * file; a file a section covers is one of its paths).
 */
static bool few_sections(const struct ctx *c)
{
	size_t i;

	if (!c->o->sections || c->o->unanswered)
		return false;
	for (i = 0; c->o->whole && i < c->s->m.nr_sections; i++)
		if (c->o->whole[i])
			return false;
	return true;
}

/*
 * The window's messages, from @since: every one, or for a few sections
 * the threads of the patches posted from @from touching their paths
 * (the replies, the cover letter, a chained series are in a patch's
 * thread), and the versions of those patches' subjects in other threads.
 */
static int load_window(struct ctx *c, struct lmsg_versions *versions,
		       int64_t since, int64_t from)
{
	struct paths paths = { 0 };
	int64_t *threads = NULL;
	size_t i, nr = 0;
	int rc = 0;

	if (!few_sections(c)) {
		if (lmsg_load(&c->t, c->ix, NULL, 0, since) || mark_landed(c))
			return -1;
		lmsg_versions_build(versions, &c->t, c->now);
		return 0;
	}
	for (i = 0; !rc && i < c->s->m.nr_sections; i++)
		if (c->o->sections[i])
			rc = scope_foreach_section_path(c->ix, &c->s->m, (int)i,
							add_path, &paths);
	/* a path of two sections is asked twice: its threads come once */
	if (!rc)
		rc = lists_threads_of_paths(c->ix, paths.v, paths.nr, from,
					    &threads, &nr);
	if (!rc)
		rc = lmsg_load_threads(&c->t, c->ix, threads, nr, since) ||
		     mark_landed(c);
	if (!rc) {
		lmsg_versions_build(versions, &c->t, c->now);
		rc = lmsg_versions_beyond(versions, &c->t, c->ix, c->q, since,
					  c->now);
	}
	free(paths.v);
	free(threads);
	return rc ? -1 : 0;
}

static void add_section(int **v, size_t *nr, size_t *alloc, int sec)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if ((*v)[i] == sec)
			return;
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = sec;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

static bool has_m(const struct section_people *sp)
{
	size_t k;

	for (k = 0; k < sp->nr; k++)
		if (sp->v[k].type == 'M')
			return true;
	return false;
}

/*
 * The sections a patch concerns, among those asked about and listing
 * someone, in MAINTAINERS order; their number (*v to free).  The
 * catch-all sections with an M: covering its files go to c->appliers,
 * asked about or not: fstests' XFS lists only an R:, and what it
 * reviews the M: of "ALL" (F: *) applies.
 */
/* What concerned() gathers from a patch's files. */
struct concern {
	struct ctx *c;
	int **v;
	size_t nr, alloc;
	bool known;	/* touches a path of the history */
};

static int concern_file(const char *path, bool in_history, void *data)
{
	struct concern *cn = data;
	struct ctx *c = cn->c;
	bool specific = false;
	size_t i;

	cn->known |= in_history;
	if (!path || c->o->unanswered)
		return 0;
	matcher_lookup(c->s->mt, path, 0, &c->res);
	for (i = 0; i < c->res.nr; i++)
		specific |= c->res.hits[i].depth >= 0;
	for (i = 0; i < c->res.nr; i++) {
		int sec = c->res.hits[i].section;

		if (c->res.hits[i].depth < 0 && has_m(section_people(c, sec)))
			add_section(&c->appliers, &c->nr_appliers,
				    &c->alloc_appliers, sec);
		if (specific && c->res.hits[i].depth < 0)
			continue;
		if (c->o->sections && !c->o->sections[sec])
			continue;
		if (!section_people(c, sec)->nr)
			continue;
		add_section(cn->v, &cn->nr, &cn->alloc, sec);
	}
	return 0;
}

static size_t concerned(struct ctx *c, const struct lmsg *m, int **v)
{
	struct concern cn = { .c = c, .v = v };
	size_t nr, alloc, i;
	bool known;

	*v = NULL;
	c->nr_appliers = 0;
	msg_foreach_file(c->q, m->id, concern_file, &cn);
	nr = cn.nr;
	alloc = cn.alloc;
	known = cn.known;
	if (c->o->unanswered)
		return known;	/* no section: 1 for a patch of the project */
	for (i = 0; known && c->o->whole && i < c->s->m.nr_sections; i++)
		if (c->o->whole[i] && section_people(c, (int)i)->nr)
			add_section(v, &nr, &alloc, (int)i);
	if (nr > 1)
		qsort(*v, nr, sizeof(**v), cmp_int);
	return nr;
}

/*
 * The cover letter of patch @m: going up its thread through patches of
 * the same sender (a series sent with --chain-reply-to), the first
 * message of that sender that is no patch: the "0/N", or a message that
 * is not a reply either, as stgit's "[PATCHSET]" and cover letters with
 * a subject of their own are; NULL when there is none.
 */
static const struct lmsg *cover_of(const struct ctx *c, const struct lmsg *m)
{
	int64_t sender = who(c, m->sender);
	const struct lmsg *q = m;
	int n;

	for (n = 0; n < MAX_CHAIN; n++) {
		const struct lmsg *p = q->parent ? lmsg_find(&c->t, q->parent) : NULL;

		if (!p || p == q || who(c, p->sender) != sender)
			return NULL;
		if ((p->flags & MSG_COVER) || !(p->flags & (MSG_PATCH | MSG_REPLY)))
			return p->date <= c->now ? p : NULL;
		if (!lmsg_is_patch(p))
			return NULL;
		q = p;
	}
	return NULL;
}

/*
 * Add to c->replies the messages below @root, at any depth, dated by
 * now, leaving out patches and what is below them (they are answered
 * on their own) and the messages of @sender.
 */
static void collect_replies(struct ctx *c, int64_t root, int64_t sender)
{
	size_t visited = 0;

	c->nr_stack = 0;
	ALLOC_GROW(c->stack, c->nr_stack + 1, c->alloc_stack);
	c->stack[c->nr_stack++] = (int32_t)root;
	/* a forged In-Reply-To may make a loop: no more than every message */
	while (c->nr_stack && visited++ <= c->t.nr) {
		int32_t parent = c->stack[--c->nr_stack];
		const int32_t *k;
		size_t n, i;

		k = lmsg_kids(&c->t, parent, &n);
		for (i = 0; i < n; i++) {
			const struct lmsg *r = &c->t.m[k[i]];

			if (lmsg_is_patch(r))
				continue;
			if (r->date <= c->now && who(c, r->sender) != sender) {
				ALLOC_GROW(c->replies, c->nr_replies + 1,
					   c->alloc_replies);
				c->replies[c->nr_replies++] = k[i];
			}
			ALLOC_GROW(c->stack, c->nr_stack + 1, c->alloc_stack);
			c->stack[c->nr_stack++] = r->id;
		}
	}
}

struct review_as {
	struct ctx *c;
	const struct listed *l;
};

static int reviewer_is_listed(int64_t person, void *data)
{
	struct review_as *r = data;

	return is_listed(r->c, r->l, person);
}

/* Does message @id give a review (Reviewed-by, Acked-by, Tested-by) as @l? */
static bool gives_review(struct ctx *c, int64_t id, const struct listed *l)
{
	struct review_as r = { c, l };

	return msg_foreach_reviewer(c->q, id, reviewer_is_listed, &r) != 0;
}

/* Is one of c->replies from a listed M: of the section? */
static bool answered_by_m(struct ctx *c, const struct section_people *sp)
{
	size_t j, k;

	for (j = 0; j < c->nr_replies; j++)
		for (k = 0; k < sp->nr; k++)
			if (sp->v[k].type == 'M' &&
			    is_listed(c, &sp->v[k], c->t.m[c->replies[j]].sender))
				return true;
	return false;
}

/* The record of R: @l of section @sec in @pp, added when new. */
static struct pending_reviewer *reviewer(struct pending_patch *pp, size_t *alloc,
					 int sec, const struct listed *l)
{
	struct pending_reviewer *rv;
	size_t x;

	/* someone listed twice in a section is named once */
	for (x = 0; x < pp->nr_reviewers; x++)
		if (pp->reviewers[x].section == sec &&
		    !strcasecmp(pp->reviewers[x].email, l->email))
			return &pp->reviewers[x];
	ALLOC_GROW(pp->reviewers, pp->nr_reviewers + 1, *alloc);
	rv = &pp->reviewers[pp->nr_reviewers++];
	rv->section = sec;
	rv->name = xstrdup(l->name);
	rv->email = xstrdup(l->email);
	rv->reviewed = false;
	return rv;
}

/*
 * Which of the sections @secs a patch answered by c->replies waits on
 * (kept in @secs, their number returned), with the listed R: who
 * answered it meanwhile.
 */
static size_t judge(struct ctx *c, int *secs, size_t nr, struct pending_patch *pp)
{
	size_t alloc = 0, kept = 0, i, j, k;

	for (i = 0; i < nr; i++) {
		const struct section_people *sp = section_people(c, secs[i]);
		bool answered = answered_by_m(c, sp);

		/* a section listing no M: waits on those who apply its patches */
		for (k = 0; !answered && !has_m(sp) && k < c->nr_appliers; k++)
			answered = answered_by_m(c, section_people(c, c->appliers[k]));
		if (answered)
			continue;
		secs[kept++] = secs[i];
		for (k = 0; k < sp->nr; k++) {
			const struct listed *l = &sp->v[k];
			struct pending_reviewer *rv = NULL;

			if (l->type != 'R')
				continue;
			for (j = 0; j < c->nr_replies; j++) {
				const struct lmsg *r = &c->t.m[c->replies[j]];

				if (!is_listed(c, l, r->sender))
					continue;
				if (!rv)
					rv = reviewer(pp, &alloc, secs[i], l);
				if (!rv->reviewed && gives_review(c, r->id, l))
					rv->reviewed = true;
			}
		}
	}
	return kept;
}

/* Subject, Message-ID and part of message @id; the author from @pid. */
static int fill_msg(struct ctx *c, const struct lmsg *m, uint32_t pid,
		    struct pending_msg *pm)
{
	memset(pm, 0, sizeof(*pm));
	pm->id = m->id;
	pm->date = m->date;
	pm->days = (long)((c->now - m->date) / 86400);
	if (!msg_details(c->q, m->id, &pm->msgid, &pm->subject, &pm->part))
		return error("%s: message %d is gone", c->ix->path, m->id);
	const struct scope_people *pp = row_of(c, pid);

	if (pid && pid < pp->nr && pp->email[pid]) {
		pm->author = xstrdup(pp->name[pid] ? pp->name[pid] : "");
		pm->email = xstrdup(pp->email[pid]);
	} else {
		pm->author = xstrdup("");
		pm->email = xstrdup("");
	}
	return 0;
}

static void msg_release(struct pending_msg *pm)
{
	free(pm->msgid);
	free(pm->subject);
	free(pm->author);
	free(pm->email);
}

static void patch_release(struct pending_patch *pp)
{
	size_t i;

	msg_release(&pp->msg);
	free(pp->sections);
	for (i = 0; i < pp->nr_reviewers; i++) {
		free(pp->reviewers[i].name);
		free(pp->reviewers[i].email);
	}
	free(pp->reviewers);
}

static int cmp_patch(const void *a, const void *b)
{
	const struct pending_msg *x = &((const struct pending_patch *)a)->msg;
	const struct pending_msg *y = &((const struct pending_patch *)b)->msg;

	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

static int cmp_series(const void *a, const void *b)
{
	const struct pending_series *x = a, *y = b;
	int64_t ix = x->has_cover ? x->cover.id : x->patches[0].msg.id;
	int64_t iy = y->has_cover ? y->cover.id : y->patches[0].msg.id;

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return ix < iy ? -1 : ix > iy;
}

static int prepare(struct ctx *c)
{
	c->q = msg_queries_open(c->ix);
	return c->q ? 0 : -1;
}

/* The series of cover @cover (0: a patch alone), made on first use. */
static struct pending_series *series_of(struct ctx *c, struct pending *p,
					struct imap *by_cover,
					const struct lmsg *cover)
{
	struct pending_series *ps;
	int64_t *slot = NULL;

	if (cover) {
		slot = imap_put(by_cover, cover->id);
		if (*slot)
			return &p->v[*slot - 1];
	}
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	ps = &p->v[p->nr++];
	memset(ps, 0, sizeof(*ps));
	if (cover) {
		*slot = (int64_t)p->nr;
		ps->has_cover = true;
		ps->date = cover->date;
		if (fill_msg(c, cover, cover->sender, &ps->cover))
			return NULL;
	}
	return ps;
}

int pending_collect(struct pending *p, struct scope *s,
		    const struct ident_mailmap *mm, const struct pending_opts *o)
{
	bool people_failed = false;
	struct ctx c = { .s = s, .ix = s->ix, .mm = mm, .o = o,
			 .people_failed = &people_failed };
	struct lmsg_versions versions = { 0 };
	struct imap by_cover;
	size_t i;
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (!o->unanswered && scope_load_maintainers(s, s->maint_rev))
		return -1;
	/* a few sections meet a few people: their rows only (row_of()) */
	if (few_sections(&c))
		s->people_partial = true;
	c.id = scope_identity(s);
	c.people = c.id ? scope_people(s) : NULL;
	if (!c.people || !c.id)
		return -1;
	if (idx_count(s->ix, "sources") <= 0)
		return error("no mailing list in the index; register an archive "
			     "with 'kmaint index --inbox PATH'");
	c.now = o->now ? o->now : lists_newest_message_date(c.ix);
	if (c.now < 0)
		return -1;
	p->now = c.now;
	p->since = c.now - (int64_t)o->days * 86400;
	c.sp = xcalloc(s->m.nr_sections + 1, sizeof(*c.sp));
	imap_init(&by_cover, 64);
	if (prepare(&c) ||
	    load_window(&c, &versions, p->since - LOAD_MARGIN, p->since))
		goto out;

	for (i = 0; i < c.t.nr; i++) {
		const struct lmsg *m = &c.t.m[i];
		const struct lmsg *cover;
		struct pending_patch pp = { 0 };
		struct pending_series *ps;
		int64_t sender;
		int *secs;
		size_t nr;

		if (!lmsg_is_patch(m) || m->date < p->since || m->date > c.now ||
		    (m->flags & LANDED) || lmsg_superseded(&versions, m))
			continue;
		nr = concerned(&c, m, &secs);
		if (!nr) {
			free(secs);
			continue;
		}
		sender = who(&c, m->sender);
		cover = cover_of(&c, m);
		c.nr_replies = 0;
		collect_replies(&c, m->id, sender);
		if (cover)
			collect_replies(&c, cover->id, sender);
		if (o->unanswered)
			nr = c.nr_replies ? 0 : 1;
		else
			nr = judge(&c, secs, nr, &pp);
		if (!nr) {
			free(secs);
			patch_release(&pp);
			continue;
		}
		pp.sections = secs;
		pp.nr_sections = o->unanswered ? 0 : nr;
		ps = series_of(&c, p, &by_cover, cover);
		if (!ps || fill_msg(&c, m, m->author, &pp.msg)) {
			patch_release(&pp);
			goto out;
		}
		ALLOC_GROW(ps->patches, ps->nr + 1, ps->alloc);
		ps->patches[ps->nr++] = pp;
		p->nr_patches++;
	}
	for (i = 0; i < p->nr; i++) {
		struct pending_series *ps = &p->v[i];

		if (ps->nr > 1)
			qsort(ps->patches, ps->nr, sizeof(*ps->patches), cmp_patch);
		if (!ps->has_cover)
			ps->date = ps->patches[0].msg.date;
	}
	if (p->nr > 1)
		qsort(p->v, p->nr, sizeof(*p->v), cmp_series);
	rc = people_failed ? -1 : 0;
out:
	if (rc)
		pending_release(p);
	msg_queries_close(c.q);
	match_result_release(&c.res);
	for (i = 0; i < s->m.nr_sections; i++) {
		size_t k;

		for (k = 0; k < c.sp[i].nr; k++) {
			free(c.sp[i].v[k].name);
			free(c.sp[i].v[k].email);
		}
		free(c.sp[i].v);
	}
	free(c.sp);
	free(c.replies);
	free(c.stack);
	free(c.appliers);
	imap_free(&by_cover);
	if (versions.latest.size)
		lmsg_versions_release(&versions);
	lmsg_release(&c.t);
	return rc;
}

void pending_release(struct pending *p)
{
	size_t i, k;

	for (i = 0; i < p->nr; i++) {
		if (p->v[i].has_cover)
			msg_release(&p->v[i].cover);
		for (k = 0; k < p->v[i].nr; k++)
			patch_release(&p->v[i].patches[k]);
		free(p->v[i].patches);
	}
	free(p->v);
	p->v = NULL;
	p->nr = p->alloc = p->nr_patches = 0;
}

size_t pending_person_sections(struct scope *s, const struct ident_mailmap *mm,
			       const char *arg, bool *selected)
{
	struct ctx c = { .s = s, .ix = s->ix, .mm = mm };
	struct strbuf fold = STRBUF_INIT, f = STRBUF_INIT;
	struct listed me = { 0 };
	size_t nr = 0, i, k;
	bool by_addr = strchr(arg, '@') != NULL;

	c.people = scope_people(s);
	c.id = c.people ? scope_identity(s) : NULL;
	if (!c.people || !c.id)
		return 0;
	if (by_addr) {
		parse_listed(&c, arg, 'M', &me);
	} else {
		struct identity_match m;

		identity_match(c.id, arg, "", &m);
		me.person = m.person;
		me.person_addr = -1;
		identity_match_release(&m);
		identity_fold_name(arg, &fold);
	}
	c.sp = xcalloc(s->m.nr_sections + 1, sizeof(*c.sp));
	for (i = 0; i < s->m.nr_sections; i++) {
		const struct section_people *sp = section_people(&c, (int)i);

		for (k = 0; k < sp->nr && !selected[i]; k++) {
			const struct listed *l = &sp->v[k];
			bool same = false;

			if (me.person >= 0)
				same = me.person == l->person || me.person == l->person_addr;
			if (me.person_addr >= 0)
				same |= me.person_addr == l->person ||
					me.person_addr == l->person_addr;
			if (by_addr) {
				same |= !strcasecmp(me.email, l->email);
			} else if (fold.len) {
				identity_fold_name(l->name, &f);
				same |= f.len == fold.len && !memcmp(f.buf, fold.buf, f.len);
			}
			if (same) {
				selected[i] = true;
				nr++;
			}
		}
		for (k = 0; k < sp->nr; k++) {
			free(sp->v[k].name);
			free(sp->v[k].email);
		}
		free(sp->v);
	}
	free(c.sp);
	free(me.name);
	free(me.email);
	strbuf_release(&fold);
	strbuf_release(&f);
	return nr;
}

void pending_url(struct strbuf *out, const char *msgid)
{
	strbuf_add_url(out, PENDING_LORE_URL, msgid);
}
