// SPDX-License-Identifier: GPL-2.0
#include "git-log.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-command.h"

/*
 * One header per commit, eleven NUL-terminated fields; diff-tree adds a
 * NUL after the format and, when a diff follows, a newline before it.
 * The whole message (%B) is read only for the lines get_maintainer.pl
 * and gitdm would count as tags, which the trailers do not always give;
 * its body (%b) is its end, found here (message_body()) rather than
 * asked again: a fifth of diff-tree's output.
 */
#define FORMAT "--format=%H%x00%P%x00%an%x00%ae%x00%ad%x00%cn%x00%ce%x00" \
	"%cd%x00%s%x00%(trailers:only,unfold)%x00%B%x00"
#define NR_FIELDS 11

/* Environment for every git we run. */
static const char *git_env[] = {
	/* git >= 2.44: never fetch a missing blob from a promisor remote */
	"GIT_NO_LAZY_FETCH=1",
	NULL
};

/*
 * diff-tree --stdin flushes its output after every commit, for a reader
 * that waits on each answer; ours reads the whole stream.  Without the
 * flushes it writes 4 KB at a time: a quarter of the writes, reads and
 * wake-ups (3,000 commits of gen-history: 3,000 writes, 758 without).
 *
 * diff-tree also reads the index (git log does not), and then asks of
 * each blob whether the work tree's file could stand in for it: a
 * second lookup of the attributes of every path (the .gitattributes of
 * each directory above it opened again), a search of the index and,
 * for the few blobs that are the checked-out ones, a stat.  An empty
 * GIT_INDEX_FILE names no file (ENOENT): no index, as for git log, and
 * 12% less diff-tree CPU on gen-history's 100k commits.  The line
 * counts are the blob's either way, and the attributes now git log's
 * (a .gitattributes in the index alone no longer applies: t3000).  Only
 * a commit whose blobs are nearly all the checked-out ones (a shallow
 * clone's first) was faster with the index (bench/README).
 */
static const char *difftree_env[] = {
	"GIT_NO_LAZY_FETCH=1",
	"GIT_FLUSH=0",
	"GIT_INDEX_FILE=",
	NULL
};

void hist_commit_init(struct hist_commit *c)
{
	memset(c, 0, sizeof(*c));
	strbuf_init(&c->tracked_text, 0);
}

void hist_commit_release(struct hist_commit *c)
{
	size_t i;

	free(c->parents);
	free(c->author_name);
	free(c->author_email);
	free(c->committer_name);
	free(c->committer_email);
	free(c->subject);
	for (i = 0; i < c->nr_trailers; i++) {
		free(c->trailers[i].key);
		free(c->trailers[i].value);
	}
	free(c->trailers);
	for (i = 0; i < c->nr_siglines; i++)
		free(c->siglines[i]);
	free(c->siglines);
	for (i = 0; i < c->nr_para_lines; i++)
		free(c->para_lines[i]);
	free(c->para_lines);
	for (i = 0; i < c->nr_files; i++) {
		free(c->files[i].path);
		free(c->files[i].old_path);
	}
	free(c->files);
	strbuf_release(&c->tracked_text);
	hist_commit_init(c);
}

int parse_tz(const char *s)
{
	int sign = 1, v;

	while (*s == ' ')
		s++;
	if (*s == '-')
		sign = -1;
	if (*s == '+' || *s == '-')
		s++;
	if (strlen(s) < 4 || !isdigit((unsigned char)s[0]) ||
	    !isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]) ||
	    !isdigit((unsigned char)s[3]))
		return 0;
	v = (s[0] - '0') * 600 + (s[1] - '0') * 60 + (s[2] - '0') * 10 +
	    (s[3] - '0');
	return sign * v;
}

static void parse_date(const char *s, int64_t *t, int *tz)
{
	char *end;

	*t = strtoll(s, &end, 10);
	*tz = parse_tz(end);
}

struct hist_file *hist_add_file(struct hist_commit *c, const char *path)
{
	struct hist_file *f;

	ALLOC_GROW(c->files, c->nr_files + 1, c->alloc_files);
	f = &c->files[c->nr_files++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->status = 'M';
	f->added = f->removed = -1;
	return f;
}

void hist_add_trailer(struct hist_commit *c, const char *key, size_t klen,
		      const char *value, size_t vlen)
{
	struct hist_trailer *t;

	ALLOC_GROW(c->trailers, c->nr_trailers + 1, c->alloc_trailers);
	t = &c->trailers[c->nr_trailers++];
	t->key = xstrndup(key, klen);
	t->value = xstrndup(value, vlen);
}

/* "Key: value" lines of %(trailers:only,unfold). */
static void parse_trailers(struct hist_commit *c, const char *s)
{
	while (*s) {
		const char *nl = strchrnul(s, '\n'), *colon;

		colon = memchr(s, ':', (size_t)(nl - s));
		if (colon && colon > s) {
			const char *v = colon + 1, *e = nl, *k = colon;

			while (k > s && (k[-1] == ' ' || k[-1] == '\t'))
				k--;
			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			while (e > v && (e[-1] == ' ' || e[-1] == '\t' ||
					 e[-1] == '\r'))
				e--;
			hist_add_trailer(c, s, (size_t)(k - s), v,
					 (size_t)(e - v));
		}
		s = *nl ? nl + 1 : nl;
	}
}

bool hist_is_sigline(const char *line, size_t len)
{
	const char *p = line + 1, *end = line + len, *by = NULL;

	/* "(.+?)": at least one character before the tag's "by:" */
	for (; p + 3 <= end; p++)
		if ((p[0] | 0x20) == 'b' && (p[1] | 0x20) == 'y' && p[2] == ':') {
			by = p;
			break;
		}
	return by && memchr(by + 3, '@', (size_t)(end - by - 3));
}

static bool perl_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
	       ch == '\f' || ch == '\v';
}

static void add_line(char ***v, size_t *nr, size_t *alloc, const char *line,
		     size_t len)
{
	if (!len || !hist_is_sigline(line, len))
		return;
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = xstrndup(line, len);
}

static void add_sigline(struct hist_commit *c, const char *line, size_t len)
{
	add_line(&c->siglines, &c->nr_siglines, &c->alloc_siglines, line, len);
}

/* The lines of @text up to @end that could be tags, without their indent. */
static void each_line(const char *text, const char *end, char ***v,
		      size_t *nr, size_t *alloc)
{
	while (text < end) {
		const char *nl;

		while (text < end && perl_space(*text))
			text++;
		nl = memchr(text, '\n', (size_t)(end - text));
		if (!nl)
			nl = end;
		add_line(v, nr, alloc, text, (size_t)(nl - text));
		text = nl < end ? nl + 1 : end;
	}
}

/* git's white space (ctype.c): not \v or \f, unlike C's */
static bool git_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* The length of the line at @s with its newline, 0 at the end. */
static size_t line_len(const char *s)
{
	const char *nl = strchr(s, '\n');

	return nl ? (size_t)(nl - s) + 1 : strlen(s);
}

static bool blank_line(const char *s, size_t len)
{
	while (len && git_space(s[len - 1]))
		len--;
	return !len;
}

static const char *skip_blank_lines(const char *s)
{
	size_t n;

	while ((n = line_len(s)) && blank_line(s, n))
		s += n;
	return s;
}

/*
 * %b within %B, where git's pretty.c puts it: past the blank lines, the
 * subject paragraph with the blank line that ends it, and the blank
 * lines after that.
 */
static const char *message_body(const char *msg)
{
	size_t n;

	msg = skip_blank_lines(msg);
	while ((n = line_len(msg))) {
		const char *line = msg;

		msg += n;
		if (blank_line(line, n))
			break;
	}
	return skip_blank_lines(msg);
}

/*
 * The script's view of a commit: "GitCommit: %H", "GitAuthor: %an
 * <%ae>", "GitDate: %aD", "GitSubject: %s", then the lines of %b, with
 * the white space at the start of every line removed (its regex eats
 * blank lines too, which changes no other line).  Only the author,
 * subject and body lines can carry "by:" and an '@'.
 */
static void find_siglines(struct hist_commit *c, const char *message)
{
	struct strbuf sb = STRBUF_INIT;
	const char *body = message_body(message);

	strbuf_addf(&sb, "GitAuthor: %s <%s>", c->author_name, c->author_email);
	add_sigline(c, sb.buf, sb.len);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "GitSubject: %s", c->subject);
	add_sigline(c, sb.buf, sb.len);
	strbuf_release(&sb);
	each_line(body, body + strlen(body), &c->siglines, &c->nr_siglines,
		  &c->alloc_siglines);
	/* the subject paragraph: the message before its body */
	each_line(message, body, &c->para_lines, &c->nr_para_lines,
		  &c->alloc_para_lines);
}

static int count_words(const char *s)
{
	int n = 0;

	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		n++;
		while (*s && *s != ' ')
			s++;
	}
	return n;
}

/* Fill @c from the eleven header fields. */
static void set_header(struct hist_commit *c, struct strbuf *f)
{
	snprintf(c->hash, sizeof(c->hash), "%s", f[0].buf);
	c->parents = xstrdup(f[1].buf);
	c->nparents = count_words(f[1].buf);
	if (c->nparents > 1)
		c->flags |= HC_MERGE;
	c->author_name = xstrdup(f[2].buf);
	c->author_email = xstrdup(f[3].buf);
	parse_date(f[4].buf, &c->author_time, &c->author_tz);
	c->committer_name = xstrdup(f[5].buf);
	c->committer_email = xstrdup(f[6].buf);
	parse_date(f[7].buf, &c->commit_time, &c->commit_tz);
	c->subject = xstrdup(f[8].buf);
	parse_trailers(c, f[9].buf);
	find_siglines(c, f[10].buf);
}

static bool is_zero_oid(const char *s)
{
	for (; *s; s++)
		if (*s != '0')
			return false;
	return true;
}

/* ":100644 100644 old new M" (the colon included) */
static int parse_raw(const char *s, struct hist_file *f)
{
	char *end;
	size_t n;

	memset(f, 0, sizeof(*f));
	f->added = f->removed = -1;
	f->old_mode = (unsigned)strtoul(s + 1, &end, 8);
	if (*end != ' ')
		return -1;
	f->new_mode = (unsigned)strtoul(end + 1, &end, 8);
	if (*end != ' ')
		return -1;
	s = end + 1;
	n = strcspn(s, " ");
	if (n > HASH_HEXSZ_MAX || s[n] != ' ')
		return -1;
	memcpy(f->old_blob, s, n);
	f->old_blob[n] = '\0';
	s += n + 1;
	n = strcspn(s, " ");
	if (n > HASH_HEXSZ_MAX || s[n] != ' ')
		return -1;
	memcpy(f->new_blob, s, n);
	f->new_blob[n] = '\0';
	f->status = s[n + 1];
	if (!f->status)
		return -1;
	if ((f->old_mode & 0170000) == 0160000 ||
	    (f->new_mode & 0170000) == 0160000)
		f->flags |= HF_SUBMODULE;
	if ((f->new_mode & 0170000) == 0120000)
		f->flags |= HF_SYMLINK;
	return 0;
}

/* Apply "added\tremoved" to the raw entry for @path. */
static void apply_numstat(struct hist_commit *c, size_t *cursor,
			  const char *counts, const char *path)
{
	struct hist_file *f = NULL;
	size_t i;

	/* numstat follows raw in the same order; check, else search */
	if (*cursor < c->nr_files && !strcmp(c->files[*cursor].path, path))
		f = &c->files[(*cursor)++];
	for (i = 0; !f && i < c->nr_files; i++)
		if (!strcmp(c->files[i].path, path))
			f = &c->files[i];
	if (!f)
		return;
	if (counts[0] == '-') {
		f->flags |= HF_BINARY;
		f->added = f->removed = -1;
		return;
	}
	f->added = strtol(counts, (char **)&counts, 10);
	f->removed = strtol(counts + 1, NULL, 10);
}

/* A reader of one diff-tree's output. */
struct parser {
	struct child_process *cp;
	struct strbuf tok, fields[NR_FIELDS], path2;
	bool have_tok;		/* tok holds an unconsumed token */
	size_t numstat_cursor;
};

static void parser_init(struct parser *p, struct child_process *cp)
{
	int i;

	memset(p, 0, sizeof(*p));
	p->cp = cp;
	strbuf_init(&p->tok, 0);
	strbuf_init(&p->path2, 0);
	for (i = 0; i < NR_FIELDS; i++)
		strbuf_init(&p->fields[i], 0);
}

static void parser_release(struct parser *p)
{
	int i;

	strbuf_release(&p->tok);
	strbuf_release(&p->path2);
	for (i = 0; i < NR_FIELDS; i++)
		strbuf_release(&p->fields[i]);
}

static int next_tok(struct parser *p)
{
	if (p->have_tok) {
		p->have_tok = false;
		return 1;
	}
	return child_read_record(p->cp, &p->tok, '\0');
}

/*
 * Read one commit.  Returns 1 when a complete header and the diff after
 * it were read (the diff ends at the next header or EOF), 0 at EOF
 * before any header, -1 on malformed or truncated output.
 * With @header_only the output has no format header (--no-commit-id).
 */
static int parse_commit(struct parser *p, struct hist_commit *c,
			bool header)
{
	int i, rc;

	if (header) {
		for (i = 0; i < NR_FIELDS; i++) {
			if (!i && p->have_tok) {
				/* the id that ended the previous commit */
				strbuf_reset(&p->fields[0]);
				strbuf_add(&p->fields[0], p->tok.buf, p->tok.len);
				p->have_tok = false;
				continue;
			}
			rc = child_read_record(p->cp, &p->fields[i], '\0');
			if (rc <= 0)
				return i || rc < 0 ? -1 : 0;
		}
		/* diff-tree's own terminator, an empty record */
		if (child_read_record(p->cp, &p->tok, '\0') <= 0 || p->tok.len)
			return -1;
		set_header(c, p->fields);
	}
	p->numstat_cursor = 0;
	for (;;) {
		const char *t;
		char *tab;

		rc = next_tok(p);
		if (rc < 0)
			return -1;
		if (!rc)
			return 1;
		t = p->tok.buf;
		if (*t == '\n')
			t++;
		if (*t == ':') {
			struct hist_file f;

			if (parse_raw(t, &f))
				return -1;
			if (child_read_record(p->cp, &p->path2, '\0') <= 0)
				return -1;
			if (f.status == 'R' || f.status == 'C') {
				f.old_path = xstrdup(p->path2.buf);
				if (child_read_record(p->cp, &p->path2, '\0') <= 0) {
					free(f.old_path);
					return -1;
				}
			}
			f.path = xstrdup(p->path2.buf);
			ALLOC_GROW(c->files, c->nr_files + 1, c->alloc_files);
			c->files[c->nr_files++] = f;
			continue;
		}
		tab = strchr(t, '\t');
		if (tab && (tab = strchr(tab + 1, '\t'))) {
			struct strbuf counts = STRBUF_INIT;

			strbuf_add(&counts, t, (size_t)(tab - t));
			if (!tab[1]) {
				/* a rename: source and destination follow */
				if (child_read_record(p->cp, &p->path2, '\0') <= 0 ||
				    child_read_record(p->cp, &p->path2, '\0') <= 0) {
					strbuf_release(&counts);
					return -1;
				}
				apply_numstat(c, &p->numstat_cursor, counts.buf,
					      p->path2.buf);
			} else {
				apply_numstat(c, &p->numstat_cursor, counts.buf,
					      tab + 1);
			}
			strbuf_release(&counts);
			continue;
		}
		/* the next commit's id */
		if (!header)
			return -1;
		p->have_tok = true;
		return 1;
	}
}

/* Temporary file holding @nr lines of @hashes. */
static FILE *list_file(char **hashes, long nr)
{
	FILE *fp = tmpfile();
	long i;

	if (!fp)
		die_errno("cannot create a temporary file");
	for (i = 0; i < nr; i++)
		fprintf(fp, "%s\n", hashes[i]);
	if (fflush(fp) || fseek(fp, 0, SEEK_SET))
		die_errno("cannot write a temporary file");
	return fp;
}

static void push_args(const char ***argv, size_t *nr, size_t *alloc,
		      const char *s)
{
	ALLOC_GROW(*argv, *nr + 1, *alloc);
	(*argv)[(*nr)++] = s;
}

/* Slurp a temporary file (git's stderr) into @sb. */
static void read_tmp(FILE *fp, struct strbuf *sb)
{
	char buf[4096];
	size_t n;

	rewind(fp);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(sb, buf, n);
	strbuf_trim(sb);
}

/* Per-thread state: the output callback and a cat-file for blobs. */
struct reader {
	struct history *h;
	const struct history_opts *opts;
	void (*emit)(struct reader *r, struct hist_commit *c);
	struct hist_commit *one;	/* for history_read_one() */
	struct child_process cat;	/* git cat-file --batch-command */
	bool cat_started;
	struct strbuf missing;		/* "commit\tpath\tblob\n" */
	/* commits handed over together: one wake-up per batch */
	struct hist_commit *batch[64];
	int nbatch;
	struct strbuf errors;
	int failed;
};

static int cat_start(struct reader *r)
{
	static const char *argv[] = {
		"git", "cat-file", "--batch-command", NULL
	};

	if (r->cat_started)
		return 0;
	r->cat.argv = argv;
	r->cat.env = git_env;
	r->cat.in = -1;
	r->cat.out = -1;
	r->cat.err = CHILD_NULL;
	if (start_command(&r->cat))
		return -1;
	r->cat_started = true;
	return 0;
}

/*
 * The answer to one "info" or "contents" request already sent to the
 * cat-file process.  Returns 1 with the object id in @oid (and the text
 * in @text for contents), 0 if the object is missing, -1 on failure.
 */
static int cat_reply(struct reader *r, char *oid, struct strbuf *text)
{
	struct strbuf line = STRBUF_INIT;
	char type[32];
	size_t size;
	int rc = -1;

	if (child_read_record(&r->cat, &line, '\n') <= 0)
		goto out;
	if (ends_with(line.buf, " missing") || ends_with(line.buf, " ambiguous")) {
		rc = 0;
		goto out;
	}
	if (sscanf(line.buf, "%64s %31s %zu", oid, type, &size) != 3)
		goto out;
	if (text) {
		strbuf_reset(text);
		if (child_read_bytes(&r->cat, text, size) ||
		    child_read_record(&r->cat, &line, '\n') < 0)
			goto out;
	}
	rc = 1;
out:
	strbuf_release(&line);
	return rc;
}

/* Send @req, one or more "info" or "contents" lines, to cat-file. */
static int cat_send(struct reader *r, const struct strbuf *req)
{
	if (cat_start(r))
		return -1;
	return write_all(r->cat.in, req->buf, req->len) ? -1 : 0;
}

/* "info OBJ" or "contents OBJ" through the cat-file process: cat_reply(). */
static int cat_object(struct reader *r, const char *cmd, const char *obj,
		      char *oid, struct strbuf *text)
{
	struct strbuf req = STRBUF_INIT;
	int rc;

	strbuf_addf(&req, "%s %s\n", cmd, obj);
	rc = cat_send(r, &req) ? -1 : cat_reply(r, oid, text);
	strbuf_release(&req);
	return rc;
}

static void cat_stop(struct reader *r)
{
	if (r->cat_started) {
		child_close_in(&r->cat);
		finish_command(&r->cat);
		r->cat_started = false;
	}
}

/*
 * Does merge @c have a version of the tracked file that none of its
 * parents has?  1 with its id in @oid (and the first parent's version
 * in c->tracked_base), 0 if not, -1 on failure.  The questions go to
 * cat-file together, one round trip a merge rather than one a parent;
 * at most 64 at a time, so that neither pipe fills while the other
 * side waits (an octopus).  A parent's version that cannot be read
 * differs from the merge's, as it always did.
 */
static int merge_tracked(struct reader *r, struct hist_commit *c, char *oid)
{
	const char *tracked = r->opts->tracked, *p = c->parents;
	struct strbuf req = STRBUF_INIT;
	int rc = 0, differ = 1, parent = -1;	/* -1: the merge's own */

	while (parent < 0 || *p) {
		int asked = 0, i;

		if (parent < 0) {
			strbuf_addf(&req, "info %s:%s\n", c->hash, tracked);
			asked++;
		}
		for (; *p && asked < 64; asked++) {
			size_t n = strcspn(p, " ");

			strbuf_addf(&req, "info %.*s:%s\n", (int)n, p, tracked);
			p += n;
			while (*p == ' ')
				p++;
		}
		if (cat_send(r, &req)) {
			strbuf_release(&req);
			return -1;
		}
		strbuf_reset(&req);
		/* every answer is read, so that the next question finds its own */
		for (i = 0; i < asked; i++, parent++) {
			char poid[HASH_HEXSZ_MAX + 1];
			int prc;

			if (parent < 0) {
				rc = cat_reply(r, oid, NULL);
				continue;
			}
			prc = cat_reply(r, poid, NULL);
			if (rc <= 0 || prc <= 0 || !differ)
				continue;
			if (!strcmp(poid, oid))
				differ = 0;
			else if (!parent)
				strcpy(c->tracked_base, poid);
		}
	}
	strbuf_release(&req);
	return rc > 0 ? differ : rc;
}

/* Did @c produce a new version of the tracked file?  Fetch it. */
static void note_tracked(struct reader *r, struct hist_commit *c)
{
	const char *tracked = r->opts->tracked;
	char oid[HASH_HEXSZ_MAX + 1];
	size_t i;

	if (!tracked)
		return;
	c->tracked_changed = false;
	c->tracked_base[0] = '\0';
	if (c->flags & HC_MERGE) {
		if (merge_tracked(r, c, oid) <= 0)
			return;
		c->tracked_changed = true;
		strcpy(c->tracked_blob, oid);
	} else {
		for (i = 0; i < c->nr_files; i++) {
			struct hist_file *f = &c->files[i];

			if (!strcmp(f->path, tracked)) {
				c->tracked_changed = true;
				strcpy(c->tracked_blob,
				       f->status == 'D' ? "" : f->new_blob);
				if (!is_zero_oid(f->old_blob))
					strcpy(c->tracked_base, f->old_blob);
			} else if (f->old_path && !strcmp(f->old_path, tracked) &&
				   !c->tracked_changed) {
				c->tracked_changed = true;
				c->tracked_blob[0] = '\0';
			}
		}
	}
	if (c->tracked_changed && c->tracked_blob[0] && r->opts->want_blob_text &&
	    cat_object(r, "contents", c->tracked_blob, oid,
		       &c->tracked_text) <= 0)
		strbuf_reset(&c->tracked_text);
}

static void emit_commit(struct reader *r, struct hist_commit *c)
{
	note_tracked(r, c);
	r->emit(r, c);
}

/* Start "git diff-tree" over @nr commits; @list is its stdin. */
static int start_difftree(struct child_process *cp, FILE *list, FILE *err,
			  const struct history_opts *opts, bool numstat,
			  bool renames)
{
	static const char *base[] = {
		"git", "diff-tree", "--stdin", "-z", "-r", "--root",
		"--always", "--raw", "--date=raw", "--no-ext-diff",
		"--no-textconv", FORMAT,
	};
	const char **argv = xmalloc(sizeof(base) + 3 * sizeof(char *));
	size_t n = ARRAY_SIZE(base);

	memcpy(argv, base, sizeof(base));
	if (numstat)
		argv[n++] = "--numstat";
	if (renames)
		argv[n++] = "-M";
	argv[n] = NULL;
	memset(cp, 0, sizeof(*cp));
	cp->argv = argv;
	cp->env = difftree_env;
	cp->in = fileno(list);
	cp->out = -1;
	cp->err = fileno(err);
	if (start_command(cp)) {
		free(argv);
		return -1;
	}
	return 0;
}

static void finish_difftree(struct child_process *cp, int *rc)
{
	const char **argv = cp->argv;

	*rc = finish_command(cp);
	free(argv);
}

/* The ids of @c's blobs that the object store does not have. */
static int find_missing(struct reader *r, struct hist_commit *c,
			bool *missing_old, bool *missing_new)
{
	char oid[HASH_HEXSZ_MAX + 1];
	size_t i;

	for (i = 0; i < c->nr_files; i++) {
		struct hist_file *f = &c->files[i];
		int rc;

		missing_old[i] = missing_new[i] = false;
		if (f->flags & HF_SUBMODULE)
			continue;
		if (!is_zero_oid(f->old_blob)) {
			rc = cat_object(r, "info", f->old_blob, oid, NULL);
			if (rc < 0)
				return -1;
			missing_old[i] = !rc;
		}
		if (!is_zero_oid(f->new_blob)) {
			rc = cat_object(r, "info", f->new_blob, oid, NULL);
			if (rc < 0)
				return -1;
			missing_new[i] = !rc;
		}
	}
	return 0;
}

/* Line counts for @c's paths whose blobs are all there. */
static void count_present(struct hist_commit *c, const bool *skip,
			  bool renames)
{
	const char **argv = NULL;
	size_t nr = 0, alloc = 0, i, start, fixed;
	struct child_process cp;
	struct parser p;
	struct hist_commit tmp;

	push_args(&argv, &nr, &alloc, "git");
	push_args(&argv, &nr, &alloc, "--literal-pathspecs");
	push_args(&argv, &nr, &alloc, "diff-tree");
	push_args(&argv, &nr, &alloc, "-z");
	push_args(&argv, &nr, &alloc, "-r");
	push_args(&argv, &nr, &alloc, "--root");
	push_args(&argv, &nr, &alloc, "--no-commit-id");
	push_args(&argv, &nr, &alloc, "--raw");
	push_args(&argv, &nr, &alloc, "--numstat");
	if (renames)
		push_args(&argv, &nr, &alloc, "-M");
	push_args(&argv, &nr, &alloc, c->hash);
	push_args(&argv, &nr, &alloc, "--");
	fixed = nr;
	/* a few thousand paths per run keeps argv well under the limit */
	for (start = 0; start < c->nr_files;) {
		nr = fixed;
		for (i = start; i < c->nr_files && nr - fixed < 2000; i++) {
			if (skip[i])
				continue;
			push_args(&argv, &nr, &alloc, c->files[i].path);
			if (c->files[i].old_path)
				push_args(&argv, &nr, &alloc,
					  c->files[i].old_path);
		}
		start = i;
		if (nr == fixed)
			continue;
		push_args(&argv, &nr, &alloc, NULL);
		memset(&cp, 0, sizeof(cp));
		cp.argv = argv;
		cp.env = difftree_env;
		cp.in = CHILD_NULL;
		cp.out = -1;
		cp.err = CHILD_NULL;
		if (start_command(&cp))
			continue;
		hist_commit_init(&tmp);
		parser_init(&p, &cp);
		if (parse_commit(&p, &tmp, false) >= 0) {
			size_t j, k;

			for (j = 0; j < tmp.nr_files; j++)
				for (k = 0; k < c->nr_files; k++)
					if (!skip[k] &&
					    !strcmp(tmp.files[j].path,
						    c->files[k].path)) {
						c->files[k].added = tmp.files[j].added;
						c->files[k].removed = tmp.files[j].removed;
						c->files[k].flags |= tmp.files[j].flags &
							HF_BINARY;
					}
		}
		parser_release(&p);
		hist_commit_release(&tmp);
		finish_command(&cp);
	}
	free(argv);
}

/*
 * Read @hash without letting one unreadable blob stop us: the raw diff
 * needs no blob (except for rename detection), then count what can be.
 */
static int read_slow(struct reader *r, const char *hash)
{
	struct hist_commit *c = xmalloc(sizeof(*c));
	bool renames = r->opts->detect_renames;
	bool *mold = NULL, *mnew = NULL;
	struct strbuf err = STRBUF_INIT;
	struct child_process cp;
	struct parser p;
	size_t i;
	int rc, prc;

	for (;;) {
		FILE *list = list_file((char **)&hash, 1);
		FILE *errf = tmpfile();

		if (!errf)
			die_errno("cannot create a temporary file");
		hist_commit_init(c);
		if (start_difftree(&cp, list, errf, r->opts, false, renames))
			die("cannot run git diff-tree");
		parser_init(&p, &cp);
		prc = parse_commit(&p, c, true);
		parser_release(&p);
		finish_difftree(&cp, &rc);
		strbuf_reset(&err);
		read_tmp(errf, &err);
		fclose(list);
		fclose(errf);
		if (!rc && prc == 1 && !strcmp(c->hash, hash))
			break;
		hist_commit_release(c);
		if (!renames) {
			strbuf_addf(&r->errors, "cannot read commit %s: %s\n",
				    hash, err.buf);
			r->failed = 1;
			free(c);
			strbuf_release(&err);
			return -1;
		}
		renames = false;
	}
	strbuf_release(&err);
	if (!renames && r->opts->detect_renames)
		c->flags |= HC_NO_RENAMES;
	mold = xcalloc(c->nr_files + 1, sizeof(bool));
	mnew = xcalloc(c->nr_files + 1, sizeof(bool));
	if (find_missing(r, c, mold, mnew)) {
		/* no cat-file: count nothing rather than guess */
		for (i = 0; i < c->nr_files; i++)
			mold[i] = mnew[i] = true;
	}
	for (i = 0; i < c->nr_files; i++)
		mold[i] = mold[i] || mnew[i];
	if (!(c->flags & HC_MERGE))
		count_present(c, mold, renames);
	for (i = 0; i < c->nr_files; i++) {
		struct hist_file *f = &c->files[i];

		if (!mold[i])
			continue;
		f->flags |= HF_MISSING;
		f->added = f->removed = -1;
		c->flags |= HC_MISSING;
		strbuf_addf(&r->missing, "%s\t%s\t%s\n", c->hash, f->path,
			    mnew[i] ? f->new_blob : f->old_blob);
	}
	free(mold);
	free(mnew);
	emit_commit(r, c);
	return 0;
}

/*
 * Read @nr commits.  A diff-tree that dies (an unreadable blob) is
 * restarted after the commit it was on, which is read by read_slow().
 * The commit whose header came last may be incomplete, and the one
 * after it may be the culprit, so the last header seen is always read
 * again slowly and the next run starts after it.
 */
static void read_range(struct reader *r, char **hashes, long nr)
{
	long i = 0;

	while (i < nr && !r->failed) {
		FILE *list = list_file(hashes + i, nr - i);
		FILE *errf = tmpfile();
		struct hist_commit *pending = NULL;
		struct child_process cp;
		struct parser p;
		long seen = 0;
		int rc, prc;

		if (!errf)
			die_errno("cannot create a temporary file");
		if (start_difftree(&cp, list, errf, r->opts, true,
				   r->opts->detect_renames))
			die("cannot run git diff-tree");
		parser_init(&p, &cp);
		for (;;) {
			struct hist_commit *c = xmalloc(sizeof(*c));

			hist_commit_init(c);
			prc = parse_commit(&p, c, true);
			if (prc <= 0) {
				hist_commit_release(c);
				free(c);
				break;
			}
			if (i + seen >= nr || strcmp(c->hash, hashes[i + seen])) {
				/* not what we asked for: treat as a failure */
				hist_commit_release(c);
				free(c);
				prc = -1;
				break;
			}
			seen++;
			if (pending)
				emit_commit(r, pending);
			pending = c;
		}
		parser_release(&p);
		finish_difftree(&cp, &rc);
		fclose(list);
		if (!rc && prc == 0 && seen == nr - i) {
			if (pending)
				emit_commit(r, pending);
			fclose(errf);
			return;
		}
		if (pending) {
			hist_commit_release(pending);
			free(pending);
		}
		/* KMAINT_DEBUG=1 says why a diff-tree stopped early */
		if (getenv("KMAINT_DEBUG")) {
			struct strbuf e = STRBUF_INIT;

			read_tmp(errf, &e);
			fprintf(stderr, "diff-tree: rc %d, parse %d, %ld of %ld: %s\n",
				rc, prc, seen, nr - i, e.buf);
			strbuf_release(&e);
		}
		fclose(errf);
		/* the last header seen, or the first asked for */
		if (!seen)
			seen = 1;
		if (read_slow(r, hashes[i + seen - 1]))
			return;
		i += seen;
	}
}

struct history {
	FILE *list;
	long nr;
	int hexsz;
	struct history_opts opts;

	pthread_mutex_t lock;
	pthread_cond_t not_empty, not_full;
	long next;		/* first commit of the next chunk */
	long chunk;

	struct hist_commit **q;
	size_t qcap, qhead, qnr;
	int running;

	pthread_t *threads;
	struct reader *readers;
	int nthreads;
};

static void flush_queue(struct reader *r)
{
	struct history *h = r->h;
	int i = 0;

	if (!r->nbatch)
		return;
	pthread_mutex_lock(&h->lock);
	while (i < r->nbatch) {
		while (h->qnr == h->qcap)
			pthread_cond_wait(&h->not_full, &h->lock);
		while (i < r->nbatch && h->qnr < h->qcap)
			h->q[(h->qhead + h->qnr++) % h->qcap] = r->batch[i++];
		pthread_cond_signal(&h->not_empty);
	}
	pthread_mutex_unlock(&h->lock);
	r->nbatch = 0;
}

static void emit_queue(struct reader *r, struct hist_commit *c)
{
	r->batch[r->nbatch++] = c;
	if (r->nbatch == (int)ARRAY_SIZE(r->batch))
		flush_queue(r);
}

static void *reader_thread(void *arg)
{
	struct reader *r = arg;
	struct history *h = r->h;
	size_t linesz = (size_t)h->hexsz + 1;
	char *buf = NULL, **hashes = NULL;

	for (;;) {
		long start, n, i;

		pthread_mutex_lock(&h->lock);
		start = h->next;
		n = h->nr - start < h->chunk ? h->nr - start : h->chunk;
		h->next += n;
		pthread_mutex_unlock(&h->lock);
		if (n <= 0 || r->failed)
			break;
		buf = xrealloc(buf, (size_t)n * linesz);
		hashes = xrealloc(hashes, (size_t)n * sizeof(*hashes));
		if (pread(fileno(h->list), buf, (size_t)n * linesz,
			  (off_t)((size_t)start * linesz)) != (ssize_t)((size_t)n * linesz))
			die_errno("cannot read the commit list");
		for (i = 0; i < n; i++) {
			hashes[i] = buf + (size_t)i * linesz;
			hashes[i][h->hexsz] = '\0';
		}
		read_range(r, hashes, n);
		flush_queue(r);
	}
	flush_queue(r);
	free(buf);
	free(hashes);
	cat_stop(r);
	pthread_mutex_lock(&h->lock);
	h->running--;
	pthread_cond_broadcast(&h->not_empty);
	pthread_mutex_unlock(&h->lock);
	return NULL;
}

static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

long history_list(const char **include, const char **exclude,
		  bool (*skip)(const char *hash, void *data), void *data,
		  FILE **list)
{
	static const char *argv[] = {
		"git", "rev-list", "--reverse", "--stdin", NULL
	};
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf in = STRBUF_INIT, line = STRBUF_INIT;
	FILE *fp;
	long nr = 0;
	size_t i;
	int rc;

	for (i = 0; include[i]; i++)
		strbuf_addf(&in, "%s\n", include[i]);
	/* "^id", not "--not": git before 2.42 takes no options here */
	for (i = 0; exclude && exclude[i]; i++)
		strbuf_addf(&in, "^%s\n", exclude[i]);
	fp = tmpfile();
	if (!fp)
		die_errno("cannot create a temporary file");
	cp.argv = argv;
	cp.env = git_env;
	cp.in = -1;
	cp.out = -1;
	if (start_command(&cp)) {
		fclose(fp);
		strbuf_release(&in);
		return -1;
	}
	/* rev-list reads all of stdin before it writes anything */
	if (write_all(cp.in, in.buf, in.len))
		error("cannot write to git rev-list: %s", strerror(errno));
	child_close_in(&cp);
	while (child_read_record(&cp, &line, '\n') > 0) {
		if (skip && skip(line.buf, data))
			continue;
		fprintf(fp, "%s\n", line.buf);
		nr++;
	}
	rc = finish_command(&cp);
	strbuf_release(&in);
	strbuf_release(&line);
	if (rc || fflush(fp)) {
		fclose(fp);
		return -1;
	}
	rewind(fp);
	*list = fp;
	return nr;
}

struct history *history_start(FILE *list, long nr,
			      const struct history_opts *opts)
{
	struct history *h = xcalloc(1, sizeof(*h));
	char first[HASH_HEXSZ_MAX + 2];
	int i;

	h->list = list;
	h->nr = nr;
	h->opts = *opts;
	h->hexsz = 40;
	if (nr > 0 && pread(fileno(list), first, sizeof(first), 0) > 0)
		h->hexsz = (int)strcspn(first, "\n");
	h->nthreads = opts->jobs > 0 ? opts->jobs : online_cpus();
	/*
	 * Chunks: small enough to share the work out evenly, large
	 * enough that starting a git per chunk costs nothing.
	 */
	h->chunk = nr / (h->nthreads * 4) + 1;
	if (h->chunk < 256)
		h->chunk = 256;
	if (h->chunk > 20000)
		h->chunk = 20000;
	if (h->nthreads > nr / 64 + 1)
		h->nthreads = (int)(nr / 64 + 1);
	h->qcap = 1024;
	h->q = xcalloc(h->qcap, sizeof(*h->q));
	pthread_mutex_init(&h->lock, NULL);
	pthread_cond_init(&h->not_empty, NULL);
	pthread_cond_init(&h->not_full, NULL);
	h->threads = xcalloc((size_t)h->nthreads, sizeof(*h->threads));
	h->readers = xcalloc((size_t)h->nthreads, sizeof(*h->readers));
	h->running = h->nthreads;
	for (i = 0; i < h->nthreads; i++) {
		struct reader *r = &h->readers[i];

		r->h = h;
		r->opts = &h->opts;
		r->emit = emit_queue;
		strbuf_init(&r->missing, 0);
		strbuf_init(&r->errors, 0);
		if (pthread_create(&h->threads[i], NULL, reader_thread, r))
			die("cannot create a thread");
	}
	return h;
}

struct hist_commit *history_next(struct history *h)
{
	struct hist_commit *c = NULL;

	pthread_mutex_lock(&h->lock);
	while (!h->qnr && h->running)
		pthread_cond_wait(&h->not_empty, &h->lock);
	if (h->qnr) {
		c = h->q[h->qhead];
		h->qhead = (h->qhead + 1) % h->qcap;
		h->qnr--;
		pthread_cond_signal(&h->not_full);
	}
	pthread_mutex_unlock(&h->lock);
	return c;
}

int history_finish(struct history *h, struct strbuf *missing)
{
	struct hist_commit *c;
	int i, rc = 0;

	/* drain whatever is left so that no reader stays blocked */
	while ((c = history_next(h))) {
		hist_commit_release(c);
		free(c);
	}
	for (i = 0; i < h->nthreads; i++) {
		struct reader *r = &h->readers[i];

		pthread_join(h->threads[i], NULL);
		if (missing)
			strbuf_add(missing, r->missing.buf, r->missing.len);
		if (r->failed) {
			fputs(r->errors.buf, stderr);
			rc = -1;
		}
		strbuf_release(&r->missing);
		strbuf_release(&r->errors);
	}
	pthread_mutex_destroy(&h->lock);
	pthread_cond_destroy(&h->not_empty);
	pthread_cond_destroy(&h->not_full);
	free(h->threads);
	free(h->readers);
	free(h->q);
	free(h);
	return rc;
}

static void emit_one(struct reader *r, struct hist_commit *c)
{
	hist_commit_release(r->one);
	*r->one = *c;
	free(c);
}

int history_read_one(const char *hash, const struct history_opts *opts,
		     struct hist_commit *c)
{
	struct reader r;
	char *h = xstrdup(hash);

	memset(&r, 0, sizeof(r));
	r.opts = opts;
	r.emit = emit_one;
	r.one = c;
	strbuf_init(&r.missing, 0);
	strbuf_init(&r.errors, 0);
	hist_commit_init(c);
	read_range(&r, &h, 1);
	cat_stop(&r);
	free(h);
	if (r.failed)
		fputs(r.errors.buf, stderr);
	strbuf_release(&r.missing);
	strbuf_release(&r.errors);
	return r.failed ? -1 : 0;
}
