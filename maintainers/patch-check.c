// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint check --patch: a posted patch (or series) against MAINTAINERS
 * and the history; see patch-check.h and kmaint-check(1).
 */
#include "patch-check.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "email.h"
#include "git-mailmap.h"
#include "index.h"
#include "json.h"
#include "lookup.h"
#include "mail.h"
#include "patch.h"
#include "queries.h"
#include "review.h"
#include "run-command.h"
#include "strmap.h"
#include "util.h"

#define LKML "linux-kernel@vger.kernel.org"

void pcheck_opts_init(struct pcheck_opts *o)
{
	memset(o, 0, sizeof(*o));
	/* NIPA's tests/series/maintainers */
	o->warn_files = 50;
	o->error_files = 500;
	o->kconfig_files = 3;
	o->apply = true;
	o->history = true;
	o->recipients = true;
}

void pcheck_init(struct pcheck *pc, const struct pcheck_opts *o,
		 const struct maintainers *m, struct matcher *mt,
		 const struct gm_mailmap *mm)
{
	memset(pc, 0, sizeof(*pc));
	pc->o = o;
	pc->m = m;
	pc->mt = mt;
	pc->mm = mm;
}

void pcheck_release(struct pcheck *pc)
{
	size_t i;

	for (i = 0; i < pc->nr; i++) {
		free(pc->v[i].file);
		free(pc->v[i].msg);
	}
	free(pc->v);
	path_list_release(&pc->files);
	if (pc->ix) {
		idx_close(pc->ix);
		free(pc->ix);
	}
	memset(pc, 0, sizeof(*pc));
}

static void __printf(6, 7) add(struct pcheck *pc, enum pcheck_severity sev,
			       const char *kind, const char *file, int line,
			       const char *fmt, ...)
{
	struct pcheck_finding *f;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	char *p;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* one line each: b4 reads the output line by line */
	for (p = sb.buf; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	ALLOC_GROW(pc->v, pc->nr + 1, pc->alloc);
	f = &pc->v[pc->nr++];
	f->sev = sev;
	f->kind = kind;
	f->file = xstrdup(file);
	f->line = line;
	f->msg = strbuf_detach(&sb, NULL);
	if ((int)sev > pc->status)
		pc->status = sev;
}

/* "Name <Addr>" or "addr": the address, lower-cased */
static char *addr_key(const char *s)
{
	const char *lt = strrchr(s, '<'), *gt = NULL;
	struct strbuf sb = STRBUF_INIT;
	char *k;

	if (lt)
		gt = strchr(lt, '>');
	if (gt)
		strbuf_add(&sb, lt + 1, (size_t)(gt - lt - 1));
	else
		strbuf_addstr(&sb, s);
	strbuf_trim(&sb);
	k = lowercase(sb.buf);
	strbuf_release(&sb);
	return k;
}

/* --- one message ------------------------------------------------------ */

struct pc_mail {
	const struct pcheck_msg *msg;
	struct mail mail;
	struct patch_info pi;
	struct keyword_hits kw;
	struct strmap rcpt;	/* To:, Cc: and the sender, lower-cased */
	bool has_rcpt, cover, patch, bad;
};

static void rcpt_add(struct pc_mail *pm, const struct mail_addr *a)
{
	char *k;

	if (!a->email || !*a->email)
		return;
	k = addr_key(a->email);
	strmap_insert(&pm->rcpt, k, strlen(k));
	free(k);
}

static bool copied(const struct pc_mail *pm, const char *who)
{
	char *k = addr_key(who);
	bool found = strmap_find(&pm->rcpt, k, strlen(k)) != NULL;

	free(k);
	return found;
}

static void read_msg(struct pcheck *pc, const struct pcheck_msg *msg,
		     bool first_of_many, struct pc_mail *pm)
{
	struct patch_opts po = {
		.mt = pc->mt, .keywords = &pm->kw, .fixes = true,
	};
	const char *buf = msg->buf;
	size_t len = msg->len, i;

	memset(pm, 0, sizeof(*pm));
	pm->msg = msg;
	strmap_init(&pm->rcpt);
	/* an mbox's From_ line is no header */
	if (len > 5 && !memcmp(buf, "From ", 5)) {
		const char *nl = memchr(buf, '\n', len);

		len -= nl ? (size_t)(nl + 1 - buf) : len;
		buf = nl ? nl + 1 : buf + msg->len;
	}
	mail_parse(buf, len, MAIL_MBOX_UNESCAPE, &pm->mail);
	for (i = 0; i < pm->mail.nr_to; i++)
		rcpt_add(pm, &pm->mail.to[i]);
	for (i = 0; i < pm->mail.nr_cc; i++)
		rcpt_add(pm, &pm->mail.cc[i]);
	pm->has_rcpt = pm->rcpt.nr > 0;
	/* the sender and the author need no copy */
	rcpt_add(pm, &pm->mail.from);
	rcpt_add(pm, &pm->mail.author);

	pm->bad = patch_read(msg->name, msg->buf, msg->len, &po, &pm->pi) < 0;
	if (pm->bad)
		add(pc, PC_ERROR, "bad-patch", msg->name, msg->line0 + 1,
		    "NUL bytes in the patch: not checked further");
	pm->patch = !pm->bad && pm->pi.nr_diffs > 0;
	/* "[PATCH 0/N]", or the first of several with no diff */
	pm->cover = !pm->patch && !pm->bad &&
		    ((pm->mail.subj.total > 0 && pm->mail.subj.part == 0) ||
		     first_of_many);
}

static void release_msg(struct pc_mail *pm)
{
	mail_release(&pm->mail);
	patch_info_release(&pm->pi);
	free(pm->kw.entries);
	strmap_clear(&pm->rcpt, false);
}

/* --- get's answer ----------------------------------------------------- */

struct pc_who {
	char *who;		/* "Name <addr>" or "list@host" */
	char *kind;		/* "maintainer", "reviewer", "list", "person" */
	char *section;		/* "" when none */
};

struct pc_answer {
	struct pc_who *v;
	size_t nr, alloc;
	struct strmap seen;	/* addresses */
};

/* Add @who once (by address), LKML aside. */
static void answer_push(struct pc_answer *a, const char *who, const char *kind,
			const char *section)
{
	char *k = addr_key(who);
	struct pc_who *w;

	if (!strcmp(k, LKML) || strmap_find(&a->seen, k, strlen(k))) {
		free(k);
		return;
	}
	strmap_insert(&a->seen, k, strlen(k));
	free(k);
	ALLOC_GROW(a->v, a->nr + 1, a->alloc);
	w = &a->v[a->nr++];
	w->who = xstrdup(who);
	w->kind = xstrdup(kind);
	w->section = xstrdup(section);
}

/*
 * A recipient of get's answer by its role: "supporter:XFS FILESYSTEM"
 * (6.12 names M: people by the section's status), "reviewer:X", "open
 * list:X"; a role without a section is an address found in a file.
 */
static void answer_add(struct pc_answer *a, const char *who, const char *role,
		       bool list)
{
	const char *colon = strchr(role, ':');

	answer_push(a, who, list ? "list" : starts_with(role, "reviewer:") ?
		    "reviewer" : colon ? "maintainer" : "person",
		    colon ? colon + 1 : "");
}

static void answer_release(struct pc_answer *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++) {
		free(a->v[i].who);
		free(a->v[i].kind);
		free(a->v[i].section);
	}
	free(a->v);
	strmap_clear(&a->seen, false);
	memset(a, 0, sizeof(*a));
}

/* What "kmaint get" (b4's To: and Cc: together) answers for @pm. */
static void get_answer(struct pcheck *pc, struct pc_mail *pm,
		       struct pc_answer *a)
{
	struct gm_opts o;
	struct lookup lk;
	char **files;
	size_t nr = pm->pi.nr_files, i;

	gm_opts_init(&o);
	o.email_fixes = 0;	/* the Fixes: people are checked below */
	files = xcalloc(nr + 1, sizeof(*files));
	for (i = 0; i < nr; i++)
		files[i] = xstrdup(pm->pi.files[i]);
	sort_uniq(files, &nr);
	lookup_init(&lk, &o, pc->m, pc->mt, pc->mm, stderr);
	lookup_run(&lk, files, nr, pm->kw.entries, pm->kw.nr);
	for (i = 0; i < lk.nr_to; i++)
		answer_add(a, lk.to[i].email, lk.to[i].role, false);
	for (i = 0; i < lk.nr_lists; i++)
		answer_add(a, lk.lists[i].email, lk.lists[i].role, true);
	lookup_release(&lk);
	for (i = 0; i < nr; i++)
		free(files[i]);
	free(files);
}

/*
 * For each section (by the name roles give it) covering a file of the
 * patch, the line of the first such file's diff header.
 */
static void section_lines(struct pcheck *pc, const struct pc_mail *pm,
			  struct strmap *at)
{
	struct match_result res = { 0 };
	size_t i, j;

	for (i = 0; i < pm->pi.nr_diffs; i++) {
		const struct patch_diff *d = &pm->pi.diffs[i];

		if (!*d->file)
			continue;
		matcher_lookup(pc->mt, d->file, 0, &res);
		for (j = 0; j < res.nr; j++) {
			char *name = mnt_section_short_name(
				&pc->m->sections[res.hits[j].section]);
			struct strmap_entry *e = strmap_insert(at, name,
							       strlen(name));

			if (!e->value)
				e->value = (void *)(intptr_t)(pm->msg->line0 + d->line);
			free(name);
		}
	}
	match_result_release(&res);
}

/*
 * A warning for each of @a not copied, at the diff of the first file
 * of its section (@at, or NULL), else at @line.
 */
static void missing(struct pcheck *pc, const struct pc_mail *pm,
		    const struct pc_answer *a, const struct strmap *at, int line)
{
	static const char *const kinds[][2] = {
		{ "maintainer", "missing-maintainer" },
		{ "reviewer", "missing-reviewer" },
		{ "list", "missing-list" },
		{ "person", "missing-person" },
	};
	size_t i, k;

	for (i = 0; i < a->nr; i++) {
		const struct pc_who *w = &a->v[i];
		const char *kind = "missing-person";
		void *first = at ? strmap_get(at, w->section,
					      strlen(w->section)) : NULL;

		if (copied(pm, w->who))
			continue;
		for (k = 0; k < ARRAY_SIZE(kinds); k++)
			if (!strcmp(w->kind, kinds[k][0]))
				kind = kinds[k][1];
		if (*w->section)
			add(pc, PC_WARNING, kind, pm->msg->name,
			    first ? (int)(intptr_t)first : line,
			    "%s of %s not in To: or Cc: %s", w->kind,
			    w->section, w->who);
		else
			add(pc, PC_WARNING, kind, pm->msg->name, line,
			    "%s not in To: or Cc: %s", !strcmp(w->kind, "person") ?
			    "address named in a changed file" : w->kind, w->who);
	}
}

/* --- Fixes: ------------------------------------------------------------ */

struct pc_commit {
	char *hash, *subject;
	char *author_name, *author_email, *committer_name, *committer_email;
};

static void commit_release(struct pc_commit *c)
{
	free(c->hash);
	free(c->subject);
	free(c->author_name);
	free(c->author_email);
	free(c->committer_name);
	free(c->committer_email);
	memset(c, 0, sizeof(*c));
}

static struct idx *open_index(struct pcheck *pc)
{
	char *path;

	if (pc->ix_state)
		return pc->ix;
	pc->ix_state = -1;
	path = pc->o->db_path ? xstrdup(pc->o->db_path) : idx_default_path();
	if (path && !access(path, R_OK)) {
		pc->ix = xcalloc(1, sizeof(*pc->ix));
		if (idx_open(pc->ix, path, IDX_READONLY)) {
			free(pc->ix);
			pc->ix = NULL;
		} else {
			pc->ix_state = 1;
		}
	}
	free(path);
	return pc->ix;
}

static char *column(const char *s)
{
	return xstrdup(s ? s : "");
}

/* The first commit of the prefix kept; a second stops the walk. */
static int keep_commit(const char *const f[6], void *data)
{
	struct pc_commit *c = data;

	if (c->hash)
		return 1;
	c->hash = column(f[0]);
	c->subject = column(f[1]);
	c->author_name = column(f[2]);
	c->author_email = column(f[3]);
	c->committer_name = column(f[4]);
	c->committer_email = column(f[5]);
	return 0;
}

/* 1 found, 0 unknown, 2 ambiguous; the index's names, after .mailmap */
static int from_index(struct idx *ix, const char *prefix, struct pc_commit *c)
{
	int n = idx_foreach_commit_by_prefix(ix, prefix, keep_commit, c);

	if (n > 1) {
		commit_release(c);
		return 2;
	}
	return n == 1;
}

/* The same from git (after .mailmap), when the index lacks the commit. */
static int from_git(const char *prefix, struct pc_commit *c)
{
	char *spec = xstrfmt("%s^{commit}", prefix);
	const char *argv[] = { "log", "-1", "--no-walk",
			       "--format=%H%x00%s%x00%aN%x00%aE%x00%cN%x00%cE",
			       spec, "--", NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *f[6];
	const char *p;
	int i, rc = 0;

	if (!capture_git(argv, &out, &err) && out.len) {
		strbuf_trim(&out);
		p = out.buf;
		for (i = 0; i < 6; i++) {
			size_t n = strlen(p);

			f[i] = xstrndup(p, n);
			p += n + (p + n < out.buf + out.len);
		}
		c->hash = f[0];
		c->subject = f[1];
		c->author_name = f[2];
		c->author_email = f[3];
		c->committer_name = f[4];
		c->committer_email = f[5];
		rc = 1;
	}
	strbuf_release(&out);
	strbuf_release(&err);
	free(spec);
	return rc;
}

/* 1 found, 0 unknown, 2 ambiguous, -1 no index and no git to ask */
static int resolve(struct pcheck *pc, const char *fix, struct pc_commit *c)
{
	char *prefix = lowercase(fix);
	struct idx *ix = open_index(pc);
	bool git = !access(".git", F_OK);
	int rc = ix ? from_index(ix, prefix, c) : 0;

	if (!rc && git)
		rc = from_git(prefix, c);
	else if (!rc && !ix)
		rc = -1;
	free(prefix);
	return rc;
}

static void check_person(struct pcheck *pc, const struct pc_mail *pm,
			 int line, const struct pc_commit *c, bool author)
{
	const char *name = author ? c->author_name : c->committer_name;
	const char *email = author ? c->author_email : c->committer_email;
	char *who;

	if (!*email) {
		add(pc, PC_INFO, "fixes-no-address", pm->msg->name, line,
		    "the %s of %.12s, %s, has no address in the history",
		    author ? "author" : "committer", c->hash, name);
		return;
	}
	/* get_maintainer.pl's chief penguin is never asked to be copied */
	if (!strcasecmp(email, "torvalds@linux-foundation.org"))
		return;
	who = *name ? xstrfmt("%s <%s>", name, email) : xstrdup(email);
	if (!copied(pm, who))
		/* NIPA's cc_maintainers fails on a missing blamed author */
		add(pc, author ? PC_ERROR : PC_WARNING,
		    author ? "missing-fixes-author" : "missing-fixes-committer",
		    pm->msg->name, line,
		    "%s of the commit Fixes: names (%.12s \"%s\") not in To: or Cc: %s",
		    author ? "author" : "committer", c->hash, c->subject, who);
	free(who);
}

static void check_fixes(struct pcheck *pc, const struct pc_mail *pm)
{
	size_t i, j;

	for (i = 0; i < pm->pi.nr_fixes; i++) {
		const char *fix = pm->pi.fixes[i];
		int line = pm->msg->line0 + pm->pi.fixes_line[i];
		struct pc_commit c = { 0 };
		int rc;

		for (j = 0; j < i && strcasecmp(pm->pi.fixes[j], fix); j++)
			;
		if (j < i)
			continue;
		rc = resolve(pc, fix, &c);
		if (rc < 0) {
			if (!pc->said_no_history)
				fprintf(stderr, "%s: no history index or git repository "
					"here: the people of Fixes: commits are not "
					"checked\n", progname);
			pc->said_no_history = true;
			return;
		}
		if (rc != 1) {
			add(pc, PC_WARNING, "fixes-unknown", pm->msg->name, line,
			    "Fixes: %s names %s commit", fix,
			    rc == 2 ? "more than one" : "no known");
			continue;
		}
		if (pm->has_rcpt && pc->o->recipients) {
			check_person(pc, pm, line, &c, true);
			if (strcasecmp(c.author_email, c.committer_email))
				check_person(pc, pm, line, &c, false);
		}
		commit_release(&c);
	}
}

/* --- MAINTAINERS edits ------------------------------------------------- */

/* The line of the patch that adds @text to MAINTAINERS, or 0. */
static int added_line(const struct pc_mail *pm, const char *text)
{
	const struct patch_info *pi = &pm->pi;
	size_t i;

	for (i = 0; text && i < pi->nr_mnt_lines; i++)
		if (pi->mnt_lines[i][0] == '+' &&
		    !strcmp(pi->mnt_lines[i] + 1, text))
			return pm->msg->line0 + pi->mnt_lines_nr[i];
	return 0;
}

/* added_line(), else the first MAINTAINERS hunk */
static int mnt_line(const struct pc_mail *pm, const char *text)
{
	const struct patch_info *pi = &pm->pi;
	int line = added_line(pm, text);

	if (line)
		return line;
	return pm->msg->line0 + (pi->nr_mnt_lines ? pi->mnt_lines_nr[0] : 1);
}

/* Write @pm's text to a file git apply can read; NULL on failure. */
static char *write_temp(const struct pc_mail *pm)
{
	const char *tmp = getenv("TMPDIR");
	char *path = xstrfmt("%s/kmaint-patch.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	int fd = mkstemp(path);
	size_t len = pm->msg->len;
	const char *sig = memmem(pm->msg->buf, len, "\n-- \n", 5);

	/* git apply --recount would read format-patch's "-- " as a line */
	if (sig)
		len = (size_t)(sig - pm->msg->buf) + 1;
	if (fd < 0 || write_all(fd, pm->msg->buf, len)) {
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
		free(path);
		return NULL;
	}
	close(fd);
	return path;
}

static void finding_key(const struct maintainers *m,
			const struct check_finding *f, struct strbuf *sb)
{
	strbuf_reset(sb);
	strbuf_addf(sb, "%s\t%s\t%s", check_class_name(f->cls), f->msg,
		    f->line < 0 ? "" : m->lines[f->line].text);
}

static void load_text(struct maintainers *m, const struct strbuf *text)
{
	maintainers_init(m);
	maintainers_add_buffer(m, mnt_default_path(),
			       xstrndup(text->buf, text->len), text->len);
	maintainers_finish(m);
}

static int list_files(struct pcheck *pc)
{
	if (!pc->files_state)
		pc->files_state = tree_list_files(".", &pc->files) ? -1 : 1;
	return pc->files_state > 0 ? 0 : -1;
}

/*
 * The "check" findings of @after that @before lacks (warnings, at the
 * line adding them) and the other way round (information).  The series'
 * new files count as files of the tree, so that their new F: lines
 * match.
 */
static void check_diff(struct pcheck *pc, struct pc_mail *pms, size_t nr,
		       const struct strbuf *before, const struct strbuf *after,
		       char **new_files, size_t nr_new)
{
	struct maintainers mb, ma;
	struct check_result rb = { 0 }, ra = { 0 };
	struct path_list files = PATH_LIST_INIT;
	struct strmap kb, ka;
	struct strbuf key = STRBUF_INIT;
	size_t i, j;
	struct pc_mail *first = NULL;

	for (i = 0; i < nr && !first; i++)
		if (pms[i].pi.nr_mnt_lines)
			first = &pms[i];
	if (list_files(pc))
		return;
	for (i = 0; i < pc->files.nr; i++)
		path_list_push(&files, xstrdup(pc->files.v[i]));
	for (i = 0; i < nr_new; i++)
		path_list_push(&files, xstrdup(new_files[i]));
	path_list_sort(&files);
	load_text(&mb, before);
	load_text(&ma, after);
	check_run(&mb, &pc->files, CHK_DEFAULT, &rb);
	check_run(&ma, &files, CHK_DEFAULT, &ra);
	strmap_init(&kb);
	strmap_init(&ka);
	for (i = 0; i < rb.nr; i++) {
		finding_key(&mb, &rb.v[i], &key);
		strmap_insert(&kb, key.buf, key.len)->value = (void *)1;
	}
	for (i = 0; i < ra.nr; i++) {
		const struct check_finding *f = &ra.v[i];
		const char *text = f->line < 0 ? NULL : ma.lines[f->line].text;
		const struct pc_mail *at = first;

		finding_key(&ma, f, &key);
		strmap_insert(&ka, key.buf, key.len)->value = (void *)1;
		if (strmap_get(&kb, key.buf, key.len))
			continue;
		/* the patch that adds the line, else the first to edit */
		for (j = 0; j < nr && text; j++)
			if (added_line(&pms[j], text)) {
				at = &pms[j];
				break;
			}
		add(pc, PC_WARNING, "maintainers-check", at->msg->name,
		    mnt_line(at, text), "MAINTAINERS change adds \"%s\"%s%s",
		    f->msg, text ? ": " : "", text ? text : "");
	}
	for (i = 0; i < rb.nr; i++) {
		const struct check_finding *f = &rb.v[i];

		finding_key(&mb, f, &key);
		if (!strmap_get(&ka, key.buf, key.len))
			add(pc, PC_INFO, "maintainers-check-fixed",
			    first->msg->name, mnt_line(first, NULL),
			    "MAINTAINERS change removes \"%s\"%s%s", f->msg,
			    f->line < 0 ? "" : ": ",
			    f->line < 0 ? "" : mb.lines[f->line].text);
	}
	strmap_clear(&kb, false);
	strmap_clear(&ka, false);
	strbuf_release(&key);
	check_result_release(&rb);
	check_result_release(&ra);
	maintainers_release(&mb);
	maintainers_release(&ma);
	path_list_release(&files);
}

/* review's verdict on each M:/R: the patch adds, with an index */
static void review_patch(struct pcheck *pc, const struct pc_mail *pm,
			 const struct strbuf *before, const struct strbuf *after)
{
	static const char *const verdicts[] = {
		[RV_NONE] = "no", [RV_WEAK] = "weak", [RV_STRONG] = "strong",
	};
	struct idx *ix = open_index(pc);
	struct employer_map *emap = NULL;
	struct ident_mailmap *imm = NULL;
	struct review_opts ro;
	struct audit_opts ao;
	struct review r = { 0 };
	size_t i, j;

	if (!ix)
		return;
	audit_opts_init(&ao);
	review_opts_init(&ro);
	if (audit_setup(&ao, NULL, NULL, NULL, &emap, &imm))
		return;
	strbuf_add(&r.base, before->buf, before->len);
	strbuf_add(&r.patched, after->buf, after->len);
	r.base_what = xstrfmt("%s (before the patch)", mnt_default_path());
	if (!review_run(&r, ix, &ao, &ro)) {
		for (i = 0; i < r.nr; i++) {
			const struct review_section *rs = &r.v[i];

			for (j = 0; j < rs->nr_people; j++) {
				const struct review_person *rp = &rs->people[j];
				char *text;

				if (!rp->added)
					continue;
				text = xstrfmt("%c:\t%s", rp->mp->type,
					       rp->mp->value);
				add(pc, rp->verdict == RV_STRONG ? PC_INFO : PC_WARNING,
				    "review", pm->msg->name, mnt_line(pm, text),
				    "%c: %s added to %s: %s history there "
				    "(kmaint review)", rp->mp->type, rp->mp->value,
				    rs->c->new ? rs->c->new->name : "?",
				    verdicts[rp->verdict]);
				free(text);
			}
		}
	}
	review_release(&r);
	employer_map_free(emap);
	ident_mailmap_free(imm);
}

/*
 * The versions of MAINTAINERS around the series' patches that edit it:
 * @v[0] before the first, @v[k + 1] after the k-th of @p.  From the work
 * tree's, @work, applying them in turn (git am's view); or, when the
 * first does not apply but the whole series comes out again, the work
 * tree is after them (b4 checks its prep branch).  0, or -1 with the
 * forward error in @err and the index of the patch in @bad.
 */
static int versions(struct pc_mail **p, size_t n, char **tmp,
		    const struct strbuf *work, struct strbuf *v,
		    struct strbuf *err, size_t *bad)
{
	struct strbuf scratch = STRBUF_INIT;
	size_t k;
	int rc = 0;

	strbuf_add(&v[0], work->buf, work->len);
	for (k = 0; k < n; k++)
		if (!tmp[k] || review_apply(tmp[k], mnt_default_path(), &v[k],
					    &v[k + 1], err))
			break;
	if (k == n)
		return 0;
	*bad = k;
	if (k == 0) {
		strbuf_reset(&v[n]);
		strbuf_add(&v[n], work->buf, work->len);
		for (k = n; k > 0; k--)
			if (!tmp[k - 1] ||
			    review_unapply(tmp[k - 1], mnt_default_path(), &v[k],
					   &v[k - 1], &scratch))
				break;
		rc = k ? -1 : 0;
	} else {
		rc = -1;
	}
	strbuf_release(&scratch);
	return rc;
}

/*
 * Apply the series' MAINTAINERS hunks to temporary copies of the work
 * tree's file: @before and @after the series, and review's verdicts on
 * each patch's additions.  -1 when they do not apply (said at the line
 * of the first hunk that fails).
 */
static int apply_series(struct pcheck *pc, struct pc_mail *pms, size_t nr,
			const struct strbuf *work, struct strbuf *before,
			struct strbuf *after)
{
	struct pc_mail **p = xcalloc(nr + 1, sizeof(*p));
	char **tmp = xcalloc(nr + 1, sizeof(*tmp));
	struct strbuf *v, err = STRBUF_INIT;
	size_t i, n = 0, bad = 0;
	int rc;

	for (i = 0; i < nr; i++)
		if (pms[i].patch && pms[i].pi.nr_mnt_lines) {
			p[n] = &pms[i];
			tmp[n++] = write_temp(&pms[i]);
		}
	v = xcalloc(n + 1, sizeof(*v));
	for (i = 0; i <= n; i++)
		strbuf_init(&v[i], 0);
	rc = versions(p, n, tmp, work, v, &err, &bad);
	if (rc) {
		char *nl = strchr(err.buf, '\n');

		if (nl)
			*nl = '\0';
		add(pc, PC_ERROR, "maintainers-apply", p[bad]->msg->name,
		    mnt_line(p[bad], NULL),
		    "the MAINTAINERS hunks do not apply to %s%s%s",
		    mnt_default_path(), *err.buf ? ": " : "", err.buf);
	} else {
		for (i = 0; i < n && pc->o->history; i++)
			review_patch(pc, p[i], &v[i], &v[i + 1]);
		strbuf_reset(before);
		strbuf_add(before, v[0].buf, v[0].len);
		strbuf_reset(after);
		strbuf_add(after, v[n].buf, v[n].len);
	}
	for (i = 0; i < n; i++) {
		if (tmp[i])
			unlink(tmp[i]);
		free(tmp[i]);
	}
	for (i = 0; i <= n; i++)
		strbuf_release(&v[i]);
	free(v);
	free(tmp);
	free(p);
	strbuf_release(&err);
	return rc;
}

/* --- new files --------------------------------------------------------- */

static bool the_rest(const struct maintainers *m, int section)
{
	return !strcmp(m->sections[section].name, "THE REST");
}

struct pc_sizes {
	size_t *size;		/* files per section */
	int *nearest;		/* per file of the tree: its deepest section */
};

/*
 * Files per section over the tree, less the series' own new files
 * (which b4 and a maintainer's tree already have).
 */
static void count_sections(struct pcheck *pc, const struct maintainers *m,
			   struct matcher *mt, const struct strmap *skip,
			   struct pc_sizes *sz)
{
	struct match_result res = { 0 };
	size_t i, j;

	sz->size = xcalloc(m->nr_sections + 1, sizeof(*sz->size));
	sz->nearest = xcalloc(pc->files.nr + 1, sizeof(*sz->nearest));
	matcher_index(mt);
	for (i = 0; i < pc->files.nr; i++) {
		sz->nearest[i] = -1;
		if (strmap_find(skip, pc->files.v[i], strlen(pc->files.v[i])))
			continue;
		matcher_lookup(mt, pc->files.v[i], 0, &res);
		for (j = 0; j < res.nr; j++) {
			int s = res.hits[j].section;

			sz->size[s]++;
			if (sz->nearest[i] < 0 && !the_rest(m, s))
				sz->nearest[i] = s;
		}
	}
	match_result_release(&res);
}

/*
 * The sections other than @exclude that cover the files beside @file
 * (its directory, else the one above, up to @levels directories), most
 * files first, at most three, as text.
 */
static void nearest(struct pcheck *pc, const struct maintainers *m,
		    const struct pc_sizes *sz, const char *file, int exclude,
		    int levels, struct strbuf *out)
{
	char *dir = xstrdup(file), *slash;
	size_t *count = xcalloc(m->nr_sections + 1, sizeof(*count));

	strbuf_reset(out);
	while ((slash = strrchr(dir, '/')) && !out->len && levels-- > 0) {
		size_t i, k, lo;
		int best;

		slash[1] = '\0';
		memset(count, 0, (m->nr_sections + 1) * sizeof(*count));
		lo = path_list_lower_bound(&pc->files, dir);
		for (i = lo; i < pc->files.nr &&
			     starts_with(pc->files.v[i], dir); i++)
			if (sz->nearest[i] >= 0 && sz->nearest[i] != exclude)
				count[sz->nearest[i]]++;
		for (k = 0; k < 3; k++) {
			best = -1;
			for (i = 0; i < m->nr_sections; i++)
				if (count[i] && (best < 0 || count[i] > count[best]))
					best = (int)i;
			if (best < 0)
				break;
			strbuf_addf(out, "%s%s (%zu of its files)", k ? ", " : "",
				    m->sections[best].name, count[best]);
			count[best] = 0;
		}
		if (!out->len)
			*slash = '\0';
	}
	free(count);
	free(dir);
}

static bool is_kconfig(const char *file)
{
	const char *base = strrchr(file, '/');

	return starts_with(base ? base + 1 : file, "Kconfig");
}

static void check_new_file(struct pcheck *pc, const struct maintainers *m,
			   struct matcher *mt, const struct pc_sizes *sz,
			   const struct pc_mail *pm, const struct patch_diff *d)
{
	const struct pcheck_opts *o = pc->o;
	struct match_result res = { 0 };
	struct strbuf near = STRBUF_INIT;
	int best = -1, line = pm->msg->line0 + d->line;
	int limit = is_kconfig(d->file) ? o->kconfig_files : o->warn_files;
	size_t j;

	matcher_lookup(mt, d->file, 0, &res);
	for (j = 0; j < res.nr; j++) {
		int s = res.hits[j].section;

		if (!the_rest(m, s) && (best < 0 || sz->size[s] < sz->size[best]))
			best = s;
	}
	match_result_release(&res);
	if (best >= 0 && sz->size[best] < (size_t)limit)
		return;
	/* a file in THE REST may take its parent's; else its siblings' */
	nearest(pc, m, sz, d->file, best, best < 0 ? 2 : 1, &near);
	if (best < 0)
		add(pc, PC_ERROR, "new-file-the-rest", pm->msg->name, line,
		    "new file %s: no section but THE REST covers it%s%s",
		    d->file, near.len ? "; nearest: " : "", near.buf);
	else
		add(pc, sz->size[best] >= (size_t)o->error_files ?
		    PC_ERROR : PC_WARNING, "new-file-large-section",
		    pm->msg->name, line,
		    "new file %s lands in %s, a section of %zu files (%d or more%s)%s%s",
		    d->file, m->sections[best].name, sz->size[best],
		    sz->size[best] >= (size_t)o->error_files ? o->error_files : limit,
		    sz->size[best] >= (size_t)o->error_files ? " is an error" :
		    " is a warning", near.len ? "; nearest: " : "", near.buf);
	strbuf_release(&near);
}

static void collect_new(struct pc_mail *pms, size_t nr, char ***v, size_t *n)
{
	size_t i, j, alloc = 0;

	*v = NULL;
	*n = 0;
	for (i = 0; i < nr; i++)
		for (j = 0; j < pms[i].pi.nr_diffs; j++)
			if (pms[i].pi.diffs[j].added && *pms[i].pi.diffs[j].file) {
				ALLOC_GROW(*v, *n + 1, alloc);
				(*v)[(*n)++] = pms[i].pi.diffs[j].file;
			}
}

static void check_new_files(struct pcheck *pc, struct pc_mail *pms, size_t nr,
			    const struct strbuf *mnt)
{
	struct maintainers m;
	struct matcher *mt;
	struct pc_sizes sz = { 0 };
	struct strmap skip;
	char **nf;
	size_t i, j, nr_nf;

	if (list_files(pc))
		return;
	strmap_init(&skip);
	collect_new(pms, nr, &nf, &nr_nf);
	for (i = 0; i < nr_nf; i++)
		strmap_insert(&skip, nf[i], strlen(nf[i]));
	free(nf);
	load_text(&m, mnt);
	mt = matcher_new(&m);
	if (mt) {
		count_sections(pc, &m, mt, &skip, &sz);
		for (i = 0; i < nr; i++)
			for (j = 0; j < pms[i].pi.nr_diffs; j++)
				if (pms[i].pi.diffs[j].added &&
				    *pms[i].pi.diffs[j].file)
					check_new_file(pc, &m, mt, &sz, &pms[i],
						       &pms[i].pi.diffs[j]);
		matcher_free(mt);
	}
	free(sz.size);
	free(sz.nearest);
	strmap_clear(&skip, false);
	maintainers_release(&m);
}

/* --- the series -------------------------------------------------------- */

static void check_series_mnt(struct pcheck *pc, struct pc_mail *pms, size_t nr)
{
	struct strbuf work = STRBUF_INIT, before = STRBUF_INIT;
	struct strbuf after = STRBUF_INIT;
	bool edits = false, new_files = false;
	char **nf;
	size_t i, nr_nf;
	char *buf;
	size_t len;

	for (i = 0; i < nr; i++) {
		edits |= pms[i].patch && pms[i].pi.nr_mnt_lines;
		collect_new(&pms[i], 1, &nf, &nr_nf);
		new_files |= nr_nf > 0;
		free(nf);
	}
	if (!edits && !new_files)
		return;
	if (read_file(mnt_default_path(), &buf, &len)) {
		add(pc, PC_WARNING, "no-maintainers", pms[0].msg->name,
		    pms[0].msg->line0 + 1, "no %s here: new files and "
		    "MAINTAINERS edits not checked", mnt_default_path());
		return;
	}
	strbuf_add(&work, buf, len);
	free(buf);
	strbuf_add(&before, work.buf, work.len);
	strbuf_add(&after, work.buf, work.len);
	if (edits && pc->o->apply &&
	    !apply_series(pc, pms, nr, &work, &before, &after)) {
		collect_new(pms, nr, &nf, &nr_nf);
		check_diff(pc, pms, nr, &before, &after, nf, nr_nf);
		free(nf);
	}
	if (new_files)
		check_new_files(pc, pms, nr, &after);
	strbuf_release(&work);
	strbuf_release(&before);
	strbuf_release(&after);
}

struct pc_order {
	size_t rank, seq;
	int line;
};

static int order_cmp(const void *a, const void *b)
{
	const struct pc_order *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * Findings in the order of the input, as checkpatch.pl gives them: by
 * file (in the order of @msgs) and line, otherwise as found.
 */
static void sort_findings(struct pcheck *pc, const struct pcheck_msg *msgs,
			  size_t nr)
{
	struct pc_order *o;
	struct pcheck_finding *v;
	size_t i, k;

	if (pc->nr < 2)
		return;
	o = xcalloc(pc->nr, sizeof(*o));
	v = xcalloc(pc->nr, sizeof(*v));

	for (i = 0; i < pc->nr; i++) {
		for (k = 0; k < nr && strcmp(msgs[k].name, pc->v[i].file); k++)
			;
		o[i] = (struct pc_order) { k, i, pc->v[i].line };
	}
	qsort(o, pc->nr, sizeof(*o), order_cmp);
	for (i = 0; i < pc->nr; i++)
		v[i] = pc->v[o[i].seq];
	memcpy(pc->v, v, pc->nr * sizeof(*v));
	free(v);
	free(o);
}

void pcheck_run(struct pcheck *pc, const struct pcheck_msg *msgs, size_t nr)
{
	struct pc_mail *pms = xcalloc(nr + 1, sizeof(*pms));
	struct pc_answer all = { 0 };
	size_t i, k, patches = 0;
	int cover = -1;

	strmap_init(&all.seen);
	for (i = 0; i < nr; i++) {
		struct pc_mail *pm = &pms[i];
		struct pc_answer a = { 0 };
		int line;

		read_msg(pc, &msgs[i], !i && nr > 1, pm);
		if (pm->cover && cover < 0) {
			cover = (int)i;
			continue;
		}
		if (pm->bad)
			continue;
		if (!pm->patch) {
			add(pc, PC_ERROR, "not-a-patch", msgs[i].name,
			    msgs[i].line0 + 1, "not a patch: no diff in it");
			continue;
		}
		patches++;
		if (pc->o->history)
			check_fixes(pc, pm);
		if (!pc->o->recipients)
			continue;
		line = msgs[i].line0 + pm->pi.diffs[0].line;
		strmap_init(&a.seen);
		get_answer(pc, pm, &a);
		if (!pm->has_rcpt)
			add(pc, PC_WARNING, "no-recipients", msgs[i].name,
			    msgs[i].line0 + 1, "no To: or Cc: in the mail: "
			    "recipients not checked");
		else {
			struct strmap at;

			strmap_init(&at);
			section_lines(pc, pm, &at);
			missing(pc, pm, &a, &at, line);
			strmap_clear(&at, false);
		}
		for (k = 0; k < a.nr; k++)
			answer_push(&all, a.v[k].who, a.v[k].kind, a.v[k].section);
		answer_release(&a);
	}
	if (cover >= 0 && patches && pc->o->recipients) {
		struct pc_mail *pm = &pms[cover];

		if (!pm->has_rcpt)
			add(pc, PC_WARNING, "no-recipients", pm->msg->name,
			    pm->msg->line0 + 1, "no To: or Cc: in the cover "
			    "letter: recipients not checked");
		else
			missing(pc, pm, &all, NULL, pm->msg->line0 + 1);
	}
	if (patches)
		check_series_mnt(pc, pms, nr);
	sort_findings(pc, msgs, nr);
	answer_release(&all);
	for (i = 0; i < nr; i++)
		release_msg(&pms[i]);
	free(pms);
}

/* --- output ------------------------------------------------------------ */

static const char *const sev_names[] = {
	[PC_INFO] = "info", [PC_WARNING] = "WARNING", [PC_ERROR] = "ERROR",
};

void pcheck_print(FILE *fp, const struct pcheck *pc)
{
	size_t i;

	for (i = 0; i < pc->nr; i++) {
		const struct pcheck_finding *f = &pc->v[i];

		if (f->sev != PC_INFO)
			fprintf(fp, "%s:%d: %s: %s\n", f->file, f->line,
				sev_names[f->sev], f->msg);
	}
}

void pcheck_json(struct strbuf *out, const struct pcheck *pc)
{
	size_t i, n[3] = { 0 };

	strbuf_addstr(out, "{\"findings\":[");
	for (i = 0; i < pc->nr; i++) {
		const struct pcheck_finding *f = &pc->v[i];

		n[f->sev]++;
		strbuf_addstr(out, i ? ",\n{\"file\":" : "\n{\"file\":");
		json_quote(out, f->file);
		strbuf_addf(out, ",\"line\":%d,\"severity\":\"%s\",\"kind\":\"%s\","
			    "\"message\":", f->line,
			    f->sev == PC_INFO ? "info" :
			    f->sev == PC_ERROR ? "error" : "warning", f->kind);
		json_quote(out, f->msg);
		strbuf_addch(out, '}');
	}
	strbuf_addf(out, "],\n\"errors\":%zu,\"warnings\":%zu,\"info\":%zu}\n",
		    n[PC_ERROR], n[PC_WARNING], n[PC_INFO]);
}
