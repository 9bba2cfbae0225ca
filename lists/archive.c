// SPDX-License-Identifier: GPL-2.0
#include "archive.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run-command.h"
#include "strbuf.h"

static const char *const kind_names[] = {
	[INBOX_V2] = "public-inbox-v2",
	[INBOX_EPOCH] = "public-inbox-epoch",
	[INBOX_V1] = "public-inbox-v1",
	[INBOX_MBOX] = "mbox",
	[INBOX_MAILDIR] = "maildir",
};

const char *inbox_kind_name(enum inbox_kind kind)
{
	return kind >= INBOX_V2 && kind <= INBOX_MAILDIR ? kind_names[kind] : "?";
}

int inbox_kind_from_name(const char *name)
{
	int k;

	for (k = INBOX_V2; k <= INBOX_MAILDIR; k++)
		if (!strcmp(kind_names[k], name))
			return k;
	return 0;
}

static const char *git_env[] = { "GIT_NO_LAZY_FETCH=1", NULL };
/*
 * git log writes commit by commit to a pipe unless told otherwise: 82,000
 * writes on the linux-xfs epoch, and as many reads and wake-ups here
 * (0.55 s of its 1.4 s).  Nothing waits for any one commit of it.
 */
static const char *log_env[] = { "GIT_NO_LAZY_FETCH=1", "GIT_FLUSH=0", NULL };

/* "git --git-dir=DIR ARGS..." with stdout captured, stderr dropped. */
static int git_in(const char *dir, const char **args, struct strbuf *out)
{
	const char *argv[16];
	struct strbuf err = STRBUF_INIT;
	char *opt = xstrfmt("--git-dir=%s", dir);
	size_t n = 0, i;
	int rc;

	argv[n++] = "git";
	argv[n++] = opt;
	for (i = 0; args[i] && n < ARRAY_SIZE(argv) - 1; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	strbuf_reset(out);
	rc = capture_command(argv, out, &err);
	free(opt);
	strbuf_release(&err);
	return rc;
}

/* The git directory of a repository at @path (bare, or with .git). */
static char *repo_dir(const char *path)
{
	char *dotgit = xstrfmt("%s/.git", path);
	char *head;

	if (is_dir(dotgit))
		return dotgit;
	free(dotgit);
	head = xstrfmt("%s/HEAD", path);
	if (is_file(head)) {
		free(head);
		return xstrdup(path);
	}
	free(head);
	return NULL;
}

/* The epochs of a v2 inbox, sorted; their count. */
static size_t epochs(const char *path, int **v)
{
	char *dir = xstrfmt("%s/git", path);
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t nr = 0, alloc = 0, i, j;

	*v = NULL;
	free(dir);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char *end;
		long e = strtol(de->d_name, &end, 10);

		if (end == de->d_name || strcmp(end, ".git") || e < 0 ||
		    e > INT_MAX)
			continue;
		ALLOC_GROW(*v, nr + 1, alloc);
		(*v)[nr++] = (int)e;
	}
	closedir(d);
	for (i = 1; i < nr; i++)
		for (j = i; j > 0 && (*v)[j - 1] > (*v)[j]; j--) {
			int t = (*v)[j];

			(*v)[j] = (*v)[j - 1];
			(*v)[j - 1] = t;
		}
	return nr;
}

char *inbox_git_dir(const char *path, enum inbox_kind kind, int part)
{
	if (kind == INBOX_V2)
		return xstrfmt("%s/git/%d.git", path, part);
	if (kind == INBOX_EPOCH || kind == INBOX_V1)
		return repo_dir(path);
	return NULL;
}

static bool is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* A v1 message path: two hex digits, '/', 38 hex digits. */
static bool v1_path(const char *p)
{
	return strlen(p) == 41 && p[2] == '/' && is_hex(p, 2) && is_hex(p + 3, 38);
}

int inbox_detect(const char *path, enum inbox_kind *kind)
{
	struct strbuf out = STRBUF_INIT;
	struct stat st;
	char *dir, *cur, *new;
	int *ep = NULL, rc = -1;

	if (stat(path, &st))
		return error("%s: %s", path, strerror(errno));
	if (S_ISREG(st.st_mode)) {
		char head[5];
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		ssize_t n = fd >= 0 ? read(fd, head, sizeof(head)) : -1;

		if (fd >= 0)
			close(fd);
		if (n == 0 || (n == 5 && !memcmp(head, "From ", 5))) {
			*kind = INBOX_MBOX;
			return 0;
		}
		return error("%s: not an mbox (it does not start with a "
			     "\"From \" line)", path);
	}
	if (!S_ISDIR(st.st_mode))
		return error("%s: neither a file nor a directory", path);
	cur = xstrfmt("%s/cur", path);
	new = xstrfmt("%s/new", path);
	if (is_dir(cur) && is_dir(new)) {
		*kind = INBOX_MAILDIR;
		rc = 0;
	}
	free(cur);
	free(new);
	if (!rc)
		return 0;
	if (epochs(path, &ep)) {
		free(ep);
		*kind = INBOX_V2;
		return 0;
	}
	free(ep);
	dir = repo_dir(path);
	if (!dir)
		return error("%s: not a public-inbox, git repository, mbox or "
			     "Maildir", path);
	{
		const char *args[] = { "ls-tree", "--name-only", "HEAD", NULL };

		if (git_in(dir, args, &out)) {
			error("%s: a git repository without commits: cannot tell "
			      "which public-inbox format it is", path);
		} else {
			const char *p = out.buf;
			bool md = false, v1 = false, other = false;

			while (*p) {
				const char *nl = strchrnul(p, '\n');
				size_t n = (size_t)(nl - p);

				if (n == 1 && (*p == 'm' || *p == 'd'))
					md = true;
				else if (n == 2 && is_hex(p, 2))
					v1 = true;
				else
					other = true;
				p = *nl ? nl + 1 : nl;
			}
			if (md && !v1) {
				*kind = INBOX_EPOCH;
				rc = 0;
			} else if (v1) {
				*kind = INBOX_V1;
				rc = 0;
			} else {
				error("%s: a git repository that is not a public-inbox "
				      "archive (no 'm' file or xx/ directories at HEAD%s)",
				      path, other ? "" : ": an empty tree");
			}
		}
	}
	free(dir);
	strbuf_release(&out);
	return rc;
}

char *inbox_config_address(const char *path)
{
	const char *env = getenv("PI_CONFIG"), *home = getenv("HOME");
	char *file = env && *env ? xstrdup(env) :
		     home ? xstrfmt("%s/.public-inbox/config", home) : NULL;
	char *want = realpath(path, NULL), *addr = NULL;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *p;

	if (!file || !want || !is_file(file))
		goto out;
	{
		const char *argv[] = {
			"git", "config", "-f", file, "--get-regexp",
			"^publicinbox\\..*\\.inboxdir$", NULL
		};

		if (capture_command(argv, &out, &err))
			goto out;
	}
	for (p = out.buf; *p && !addr; ) {
		const char *nl = strchrnul(p, '\n'), *sp = memchr(p, ' ', (size_t)(nl - p));

		if (sp) {
			char *val = xstrndup(sp + 1, (size_t)(nl - sp - 1));
			char *real = realpath(val, NULL);

			if (real && !strcmp(real, want)) {
				char *key = xstrndup(p, (size_t)(sp - p));
				char *akey;
				const char *argv[] = {
					"git", "config", "-f", file, "--get-all",
					NULL, NULL
				};
				struct strbuf a = STRBUF_INIT;

				/* publicinbox.NAME.inboxdir -> publicinbox.NAME.address */
				key[strlen(key) - strlen("inboxdir")] = '\0';
				akey = xstrfmt("%saddress", key);
				argv[5] = akey;
				strbuf_reset(&err);
				if (!capture_command(argv, &a, &err)) {
					a.buf[strcspn(a.buf, "\n")] = '\0';
					if (*a.buf)
						addr = xstrdup(a.buf);
				}
				strbuf_release(&a);
				free(akey);
				free(key);
			}
			free(real);
			free(val);
		}
		p = *nl ? nl + 1 : nl;
	}
out:
	free(file);
	free(want);
	strbuf_release(&out);
	strbuf_release(&err);
	return addr;
}

/*
 * The window: items in archive order, from the oldest not yet taken by
 * the caller to the newest listed.  Items are numbered; item k lives in
 * v[k % cap].  The lister appends (NEW), the reader gives each git item
 * its bytes (READ, or DONE when there is nothing to parse), parsers
 * parse READ ones in order of number (DONE), the caller takes DONE ones
 * from the front.  Bytes held (raw messages, then their text) are
 * bounded as well as the number of items.
 */
enum { ST_NEW, ST_READ, ST_PARSING, ST_DONE };

#define WINDOW_ITEMS 4096
/*
 * Parsers take up to PARSE_BATCH messages at a time, and the reader wakes
 * them by batches, so that the lock and the wake-ups are paid per batch
 * rather than per message.
 */
#define PARSE_BATCH 8
#define WINDOW_BYTES (32u << 20)

struct catfile {
	int part;
	struct child_process cp;
	char *dir;
};

struct inbox_walk {
	struct inbox_walk_opts opts;

	pthread_mutex_t lock;
	/* who waits for what: a thread is woken only for its own event */
	pthread_cond_t space;		/* lister, reader: room in the window */
	pthread_cond_t pushed_cv;	/* reader: an item to read */
	pthread_cond_t readable;	/* parsers: an item to parse */
	pthread_cond_t done;		/* the caller: an item done */
	struct inbox_item **v;
	size_t cap;
	uint64_t pushed, read, parse, taken;
	size_t bytes;
	/*
	 * Who waits for room, and the pushes the reader was not told of:
	 * a wake-up is a system call, and one per message (for each of
	 * them) made 280,000 on the linux-xfs epoch
	 */
	unsigned lister_waits, reader_waits, quiet_pushes;
	bool listed, all_read, failed;

	pthread_t lister, reader, *parsers;
	int nr_parsers;
	bool has_reader;

	/* git sources: one cat-file per part, started by the lister */
	struct catfile **cats;
	size_t nr_cats, alloc_cats;
	/* the lister's blob ids not yet written to cat-file */
	struct strbuf ids;
	struct catfile *ids_cat;
};

static void walk_lock(struct inbox_walk *w)
{
	pthread_mutex_lock(&w->lock);
}

static void walk_unlock(struct inbox_walk *w)
{
	pthread_mutex_unlock(&w->lock);
}

static void walk_wait(struct inbox_walk *w, pthread_cond_t *cv)
{
	pthread_cond_wait(cv, &w->lock);
}

/*
 * Room in the window, for whoever waits for it, once a quarter of it is
 * free: not at every message taken.  The reader waits for bytes only,
 * since the items it has not read cannot leave the window without it.
 */
static void wake_space(struct inbox_walk *w)
{
	bool bytes = w->bytes <= WINDOW_BYTES - WINDOW_BYTES / 4;

	if ((w->reader_waits && bytes) ||
	    (w->lister_waits && bytes &&
	     w->pushed - w->taken <= w->cap - w->cap / 4))
		pthread_cond_broadcast(&w->space);
}

/* The end, or a failure: everybody looks again. */
static void wake_all(struct inbox_walk *w)
{
	pthread_cond_broadcast(&w->space);
	pthread_cond_broadcast(&w->pushed_cv);
	pthread_cond_broadcast(&w->readable);
	pthread_cond_broadcast(&w->done);
}

static struct inbox_item *new_item(enum inbox_op op, int part)
{
	struct inbox_item *it = xcalloc(1, sizeof(*it));

	it->op = op;
	it->part = part;
	it->state = ST_NEW;
	return it;
}

void inbox_item_free(struct inbox_item *it)
{
	if (!it)
		return;
	if (it->op == INBOX_ADD && it->state == ST_DONE && !it->missing &&
	    !it->raw)
		mail_release(&it->mail);
	free(it->raw);
	free(it->name);
	free(it->cursor);
	free(it);
}

/*
 * Append @it.  Items that need no reading by the reader thread (all of
 * them but git adds) count as read at once: @state says what they are.
 */
static void flush_ids(struct inbox_walk *w);

static void push(struct inbox_walk *w, struct inbox_item *it, int state)
{
	walk_lock(w);
	while (!w->failed && (w->pushed - w->taken >= w->cap ||
	       (it->bytes && w->bytes && w->bytes + it->bytes > WINDOW_BYTES))) {
		if (w->ids.len) {
			/* what we wait for may hang on the ids not sent yet */
			walk_unlock(w);
			flush_ids(w);
			walk_lock(w);
			continue;
		}
		w->lister_waits++;
		walk_wait(w, &w->space);
		w->lister_waits--;
	}
	if (w->failed) {
		/* nobody takes anything any more */
		walk_unlock(w);
		it->state = state;
		inbox_item_free(it);
		return;
	}
	it->state = state;
	w->bytes += it->bytes;
	w->v[w->pushed % w->cap] = it;
	w->pushed++;
	if (w->has_reader) {
		/* a blob can be read once its id is sent: flush_ids() tells */
		if (state != ST_NEW || ++w->quiet_pushes >= 64) {
			w->quiet_pushes = 0;
			pthread_cond_signal(&w->pushed_cv);
		}
	} else {
		w->read = w->pushed;
		pthread_cond_signal(state == ST_READ ? &w->readable : &w->done);
	}
	walk_unlock(w);
}

static void fail(struct inbox_walk *w)
{
	walk_lock(w);
	w->failed = true;
	wake_all(w);
	walk_unlock(w);
}

/* FNV-1a, 64 bits, for the mbox cursor's checks. */
static uint64_t fnv64(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 14695981039346656037ull;

	while (n--)
		h = (h ^ *s++) * 1099511628211ull;
	return h;
}

/* git sources */

static struct catfile *catfile_for(struct inbox_walk *w, int part,
				   const char *dir)
{
	struct catfile *c;

	if (w->nr_cats && w->cats[w->nr_cats - 1]->part == part)
		return w->cats[w->nr_cats - 1];
	c = xcalloc(1, sizeof(*c));
	c->part = part;
	c->dir = xstrfmt("--git-dir=%s", dir);
	c->cp.argv = xcalloc(12, sizeof(char *));
	c->cp.argv[0] = "git";
	c->cp.argv[1] = c->dir;
	/*
	 * git maps the whole pack (an epoch is up to a gigabyte) and keeps
	 * 96 MB of delta bases: bounded, it stays near 160 MB on the
	 * linux-xfs epoch (358 MB otherwise), for some 5% more of its time.
	 * The delta bases are what it holds of its own: 16 MB of them
	 * rather than 48 keep it at 23 MB rather than 59 reading the 71,400
	 * messages of a generated archive, in the same time.
	 */
	c->cp.argv[2] = "-c";
	c->cp.argv[3] = "core.packedGitWindowSize=32m";
	c->cp.argv[4] = "-c";
	c->cp.argv[5] = "core.packedGitLimit=96m";
	c->cp.argv[6] = "-c";
	c->cp.argv[7] = "core.deltaBaseCacheLimit=16m";
	c->cp.argv[8] = "cat-file";
	c->cp.argv[9] = "--batch";
	c->cp.env = git_env;
	c->cp.in = -1;
	c->cp.out = -1;
	if (start_command(&c->cp))
		die("cannot run git cat-file in %s", dir);
#ifdef F_SETPIPE_SZ
	/* a megabyte at a time: fewer wake-ups between cat-file and us */
	fcntl(c->cp.out, F_SETPIPE_SZ, 1 << 20);
#endif
	walk_lock(w);
	ALLOC_GROW(w->cats, w->nr_cats + 1, w->alloc_cats);
	w->cats[w->nr_cats++] = c;
	walk_unlock(w);
	return c;
}

/*
 * Append a git item: an add is asked of the part's cat-file (started
 * first, so that the reader finds it), the others count as done.
 */
static void push_git(struct inbox_walk *w, struct inbox_item *it,
		     const char *dir)
{
	struct catfile *c = it->op == INBOX_ADD ? catfile_for(w, it->part, dir) : NULL;
	char id[HASH_HEXSZ_MAX + 1];

	if (!c) {
		push(w, it, ST_DONE);
		return;
	}
	if (w->ids_cat != c)
		flush_ids(w);
	w->ids_cat = c;
	memcpy(id, it->id, sizeof(id));
	push(w, it, ST_NEW);
	strbuf_addstr(&w->ids, id);
	strbuf_addch(&w->ids, '\n');
	if (w->ids.len >= 4096)
		flush_ids(w);
}

/* Send the blob ids asked so far (by the lister only). */
static void flush_ids(struct inbox_walk *w)
{
	/* a reader that gave up closed cat-file's output: EPIPE here */
	if (w->ids.len && write_all(w->ids_cat->cp.in, w->ids.buf, w->ids.len))
		fail(w);
	strbuf_reset(&w->ids);
	walk_lock(w);
	w->quiet_pushes = 0;
	pthread_cond_signal(&w->pushed_cv);
	walk_unlock(w);
}

static bool is_ancestor(const char *dir, const char *a, const char *b)
{
	struct strbuf out = STRBUF_INIT;
	const char *args[] = { "merge-base", "--is-ancestor", a, b, NULL };
	int rc = git_in(dir, args, &out);

	strbuf_release(&out);
	return !rc;
}

/*
 * One ":old_mode new_mode old new status\tpath" line of @commit: the
 * items it makes, pushed; *last_add gets the last.
 */
static void raw_line(struct inbox_walk *w, int part, const char *dir,
		     const char *line, const char *commit, int64_t ctime,
		     struct inbox_item **pending)
{
	char old[HASH_HEXSZ_MAX + 1], new[HASH_HEXSZ_MAX + 1], st;
	const char *tab = strchr(line, '\t'), *path, *f[5], *p = line + 1;
	size_t len[5], i;
	bool v1 = w->opts.kind == INBOX_V1;
	enum inbox_op ops[2];
	const char *ids[2];
	int nops = 0, k;

	if (!tab)
		return;
	path = tab + 1;
	for (i = 0; i < 5; i++) {
		f[i] = p;
		while (p < tab && *p != ' ')
			p++;
		len[i] = (size_t)(p - f[i]);
		while (p < tab && *p == ' ')
			p++;
	}
	if (len[2] > HASH_HEXSZ_MAX || len[3] > HASH_HEXSZ_MAX || !len[4])
		return;
	memcpy(old, f[2], len[2]);
	old[len[2]] = '\0';
	memcpy(new, f[3], len[3]);
	new[len[3]] = '\0';
	st = f[4][0];
	if (v1) {
		if (!v1_path(path))
			return;
		if (st == 'D' || st == 'M') {
			ops[nops] = INBOX_DELETE;
			ids[nops++] = old;
		}
		if (st == 'A' || st == 'M') {
			ops[nops] = INBOX_ADD;
			ids[nops++] = new;
		}
	} else if (st == 'A' || st == 'M') {
		/* v2: the tree is the message ('m') or the deletion ('d') */
		if (!strcmp(path, "m")) {
			ops[nops] = INBOX_ADD;
			ids[nops++] = new;
		} else if (!strcmp(path, "d")) {
			ops[nops] = INBOX_DELETE;
			ids[nops++] = new;
		}
	}
	for (k = 0; k < nops; k++) {
		struct inbox_item *it = new_item(ops[k], part);

		snprintf(it->id, sizeof(it->id), "%s", ids[k]);
		snprintf(it->commit, sizeof(it->commit), "%s", commit);
		it->archive_time = ctime;
		/* one behind, so that a commit's last item gets its cursor */
		if (*pending)
			push_git(w, *pending, dir);
		*pending = it;
	}
}

static void flush_pending(struct inbox_walk *w, int part, const char *dir,
			  struct inbox_item **pending, const char *cursor)
{
	struct inbox_item *it = *pending;

	if (!it) {
		if (!cursor)
			return;
		/* a commit with nothing in it: its cursor still counts */
		it = new_item(INBOX_SKIP, part);
	}
	if (cursor)
		it->cursor = xstrdup(cursor);
	push_git(w, it, dir);
	*pending = NULL;
}

/* An object id as git writes it: 40 or 64 lowercase hex digits. */
static bool is_object_id(const char *s, size_t n)
{
	size_t i;

	if (n != 40 && n != 64)
		return false;
	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]) && !(s[i] >= 'a' && s[i] <= 'f'))
			return false;
	return true;
}

/* @ref's line "<id> <ref>" in @dir's packed-refs; 0, or -1. */
static int packed_ref(const char *dir, const char *ref, struct strbuf *out)
{
	char *path = xstrfmt("%s/packed-refs", dir), *buf, *p;
	size_t len, rl = strlen(ref);
	int rc = -1;

	if (read_file(path, &buf, &len)) {
		free(path);
		return -1;
	}
	free(path);
	for (p = buf; *p; ) {
		char *nl = strchrnul(p, '\n'), *sp = memchr(p, ' ', (size_t)(nl - p));

		if (sp && (size_t)(nl - sp - 1) == rl && !memcmp(sp + 1, ref, rl) &&
		    is_object_id(p, (size_t)(sp - p))) {
			strbuf_reset(out);
			strbuf_add(out, p, (size_t)(sp - p));
			rc = 0;
			break;
		}
		p = *nl ? nl + 1 : nl;
	}
	free(buf);
	return rc;
}

/*
 * The commit HEAD of git directory @dir names, read from the files git
 * writes (HEAD, a loose ref, else packed-refs) rather than asking a git
 * process, for the question every run asks of every archive: has it
 * moved since its cursor?  0 with the id in @out; -1 when the files do
 * not tell (a reftable, an unborn branch, anything unusual): ask git.
 * A ref naming a tag is not peeled here: it differs from the cursor,
 * a commit, and git is asked.
 */
static int head_from_files(const char *dir, struct strbuf *out)
{
	char *name = xstrdup("HEAD"), *buf;
	size_t len;
	int depth, rc = -1;

	for (depth = 0; depth < 5; depth++) {
		char *path = xstrfmt("%s/%s", dir, name);
		int r = read_file(path, &buf, &len);

		free(path);
		if (r) {
			if (depth)
				rc = packed_ref(dir, name, out);
			break;
		}
		while (len && isspace((unsigned char)buf[len - 1]))
			buf[--len] = '\0';
		if (is_object_id(buf, len)) {
			strbuf_reset(out);
			strbuf_add(out, buf, len);
			free(buf);
			rc = 0;
			break;
		}
		/* "ref: refs/heads/master", and nothing outside refs/ */
		if (!starts_with(buf, "ref: refs/") || strstr(buf, "..")) {
			free(buf);
			break;
		}
		free(name);
		name = xstrdup(buf + 5);
		free(buf);
	}
	free(name);
	return rc;
}

/* Is git part @dir where @cursor says it was read?  false: ask git. */
static bool part_at(const char *dir, const char *cursor)
{
	struct strbuf tip = STRBUF_INIT;
	bool same = cursor && !head_from_files(dir, &tip) &&
		    !strcmp(tip.buf, cursor);

	strbuf_release(&tip);
	return same;
}

/*
 * Commits a git reads at a time.  git keeps every commit it walks (and
 * "log --reverse" their whole text, to turn them round): 135 MB of its
 * own for the 250,000 of a generated archive, growing with it.  A line
 * of history is listed by chunks instead, each its own rev-list, and
 * read by chunks, each its own log, oldest first.
 */
#define CHUNK_COMMITS 20000

/* KMAINT_TEST_CHUNK: a few commits a chunk, for the tests' archives. */
static long chunk_commits(void)
{
	const char *v = getenv("KMAINT_TEST_CHUNK");

	return v && atol(v) > 0 ? atol(v) : CHUNK_COMMITS;
}

/* The log of a part as the walk reads it: the state kept across chunks. */
struct part_log {
	struct inbox_walk *w;
	int part;
	const char *dir;
	char commit[HASH_HEXSZ_MAX + 1];
	int64_t ctime;
	struct inbox_item *pending;
	struct strbuf line;
};

/* Read the output of "git log --raw --format='%H %ct'" @cp into items. */
static void read_log(struct part_log *pl, struct child_process *cp)
{
	while (child_read_record(cp, &pl->line, '\n') > 0) {
		const char *line = pl->line.buf;
		char *sp;

		if (line[0] == ':') {
			if (pl->commit[0])
				raw_line(pl->w, pl->part, pl->dir, line, pl->commit,
					 pl->ctime, &pl->pending);
			continue;
		}
		if (!pl->line.len)
			continue;
		/* the next commit: the previous one is complete */
		if (pl->commit[0])
			flush_pending(pl->w, pl->part, pl->dir, &pl->pending,
				      pl->commit);
		sp = strchr(line, ' ');
		if (!sp || (size_t)(sp - line) > HASH_HEXSZ_MAX)
			continue;
		memcpy(pl->commit, line, (size_t)(sp - line));
		pl->commit[sp - line] = '\0';
		pl->ctime = strtoll(sp + 1, NULL, 10);
	}
}

/*
 * Run "git log ARGS..." in @dir, its standard input @in (a descriptor,
 * or CHILD_NULL), into @pl; 0, or -1 if git failed.
 */
static int run_log(struct part_log *pl, const char *arg1, const char *arg2,
		   int in)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	char *gd = xstrfmt("--git-dir=%s", pl->dir);
	const char *argv[] = {
		"git", gd,
		/* as for cat-file: 110 MB rather than 310 on the linux-xfs epoch */
		"-c", "core.packedGitWindowSize=32m",
		"-c", "core.packedGitLimit=96m",
		"log", "--raw", "--no-abbrev", "--no-renames",
		"--format=%H %ct", arg1, arg2, NULL
	};
	int rc = 0;

	cp.argv = argv;
	cp.env = log_env;
	cp.in = in;
	cp.out = -1;
	cp.err = CHILD_NULL;
	if (start_command(&cp)) {
		free(gd);
		return -1;
	}
	read_log(pl, &cp);
	if (finish_command(&cp)) {
		error("%s: git log failed", pl->dir);
		rc = -1;
	}
	free(gd);
	return rc;
}

/*
 * The commits from @tip down to @cursor (not included; NULL: to the
 * root), newest first, into @fp as records of @*rec bytes (the id and
 * a newline), by chunks of one rev-list each.  Their number; 0 with
 * *@rec 0 when the history is not a line (a merge, ids of two
 * lengths): git log --reverse reads it whole then.  -1 if git failed.
 */
static long list_line(const char *dir, const char *tip, const char *cursor,
		      FILE *fp, size_t *rec)
{
	struct strbuf next = STRBUF_INIT, line = STRBUF_INIT;
	char *gd = xstrfmt("--git-dir=%s", dir), count[32], *start = NULL;
	const char *argv[] = {
		"git", gd, "rev-list", "--parents", "-n", count, NULL, NULL
	};
	long chunk = chunk_commits(), nr = 0, in_chunk = chunk;
	bool is_line = true, hit = false;

	snprintf(count, sizeof(count), "%ld", chunk);
	strbuf_addstr(&next, tip);
	*rec = 0;
	/* until the cursor, the root, or a chunk short of its count */
	while (is_line && !hit && next.len && in_chunk == chunk &&
	       !(cursor && !strcmp(next.buf, cursor))) {
		struct child_process cp = CHILD_PROCESS_INIT;

		free(start);
		start = strbuf_detach(&next, NULL);
		argv[6] = start;
		cp.argv = argv;
		cp.env = git_env;
		cp.out = -1;
		cp.err = CHILD_NULL;
		if (start_command(&cp)) {
			nr = -1;
			break;
		}
		in_chunk = 0;
		while (child_read_record(&cp, &line, '\n') > 0) {
			char *sp = strchr(line.buf, ' ');
			size_t len = sp ? (size_t)(sp - line.buf) : line.len;

			/* read to the end: a rev-list stopped early is no failure */
			if (!is_line || hit)
				continue;
			if ((sp && strchr(sp + 1, ' ')) || len > HASH_HEXSZ_MAX ||
			    (*rec && len + 1 != *rec)) {
				is_line = false;	/* a merge */
				continue;
			}
			line.buf[len] = '\0';
			if (cursor && !strcmp(line.buf, cursor)) {
				hit = true;
				continue;
			}
			*rec = len + 1;
			fprintf(fp, "%s\n", line.buf);
			nr++;
			in_chunk++;
			/* its parent: where the next chunk starts (none: the root) */
			strbuf_reset(&next);
			if (sp)
				strbuf_addstr(&next, sp + 1);
		}
		if (finish_command(&cp) && is_line && !hit) {
			nr = -1;
			break;
		}
	}
	if (!is_line)
		nr = *rec = 0;
	free(gd);
	free(start);
	strbuf_release(&next);
	strbuf_release(&line);
	return nr;
}

/*
 * Read the @nr commits of @ids (list_line()'s records), oldest first,
 * by chunks: each one git log of the chunk's commits (--no-walk, in the
 * order given).  0, or -1.
 */
static int read_line(struct part_log *pl, FILE *ids, long nr, size_t rec)
{
	char buf[HASH_HEXSZ_MAX + 2];
	long chunk = chunk_commits(), end, i;
	int rc = 0;

	for (end = nr; end > 0 && !rc; end -= chunk) {
		long first = end > chunk ? end - chunk : 0;
		FILE *in = tmpfile();

		if (!in)
			die_errno("cannot create a temporary file");
		/* the file is newest first: the chunk's records backwards */
		for (i = end - 1; i >= first; i--) {
			if (fseek(ids, i * (long)rec, SEEK_SET) ||
			    fread(buf, 1, rec, ids) != rec)
				die_errno("cannot read a temporary file");
			fwrite(buf, 1, rec, in);
		}
		if (fflush(in) || fseek(in, 0, SEEK_SET))
			die_errno("cannot write a temporary file");
		rc = run_log(pl, "--no-walk=unsorted", "--stdin", fileno(in));
		fclose(in);
	}
	return rc;
}

static int list_part(struct inbox_walk *w, int part, const char *dir)
{
	const char *cursor = w->opts.cursor ? w->opts.cursor(part, w->opts.data) : NULL;
	struct part_log pl = { .w = w, .part = part, .dir = dir,
			       .line = STRBUF_INIT };
	struct strbuf tip = STRBUF_INIT;
	char *range = NULL;
	FILE *ids = NULL;
	size_t rec = 0;
	long nr;
	int rc = 0;

	if (part_at(dir, cursor))
		return 0;	/* read up to its tip */
	{
		const char *args[] = { "rev-parse", "-q", "--verify", "HEAD^{commit}", NULL };

		if (git_in(dir, args, &tip)) {
			strbuf_release(&tip);
			return 0;	/* no commit yet: nothing to read */
		}
		strbuf_trim(&tip);
	}
	if (cursor && !strcmp(cursor, tip.buf)) {
		strbuf_release(&tip);
		return 0;
	}
	if (cursor && !is_ancestor(dir, cursor, tip.buf)) {
		/* rewritten (public-inbox-purge): read it all again */
		push_git(w, new_item(INBOX_RESET, part), dir);
		cursor = NULL;
	}
	ids = tmpfile();
	if (!ids)
		die_errno("cannot create a temporary file");
	nr = list_line(dir, tip.buf, cursor, ids, &rec);
	if (nr < 0) {
		error("%s: git rev-list failed", dir);
		rc = -1;
	} else if (rec) {
		rc = read_line(&pl, ids, nr, rec);
	} else {
		/* not a line of history: at once */
		range = cursor ? xstrfmt("%s..%s", cursor, tip.buf) :
			xstrdup(tip.buf);
		rc = run_log(&pl, "--reverse", range, CHILD_NULL);
	}
	if (pl.commit[0])
		flush_pending(w, part, dir, &pl.pending, pl.commit);
	flush_ids(w);
	if (w->nr_cats && w->cats[w->nr_cats - 1]->part == part)
		child_close_in(&w->cats[w->nr_cats - 1]->cp);
	fclose(ids);
	free(range);
	strbuf_release(&tip);
	strbuf_release(&pl.line);
	return rc;
}

static void list_git(struct inbox_walk *w)
{
	int *ep = NULL;
	size_t nr, i;

	if (w->opts.kind == INBOX_V2) {
		nr = epochs(w->opts.path, &ep);
	} else {
		nr = 1;
		ep = xcalloc(1, sizeof(*ep));
	}
	for (i = 0; i < nr; i++) {
		char *dir = inbox_git_dir(w->opts.path, w->opts.kind, ep[i]);

		if (!dir || list_part(w, ep[i], dir)) {
			if (!dir)
				error("%s: not a git repository", w->opts.path);
			fail(w);
			free(dir);
			break;
		}
		free(dir);
	}
	free(ep);
}

/* The reader: cat-file's answers, in the order the lister asked. */
static void *reader_main(void *arg)
{
	struct inbox_walk *w = arg;
	struct strbuf hdr = STRBUF_INIT;
	int unsignalled = 0;

	for (;;) {
		struct inbox_item *it;
		struct catfile *c = NULL;
		size_t i;

		walk_lock(w);
		/* before waiting, tell of what was read */
		if (w->read == w->pushed || w->bytes >= WINDOW_BYTES) {
			pthread_cond_broadcast(&w->readable);
			pthread_cond_signal(&w->done);
			unsignalled = 0;
		}
		while (w->read == w->pushed && !w->listed)
			walk_wait(w, &w->pushed_cv);
		if (w->read == w->pushed) {
			w->all_read = true;
			wake_all(w);
			walk_unlock(w);
			break;
		}
		while (w->bytes >= WINDOW_BYTES && !w->failed) {
			w->reader_waits++;
			walk_wait(w, &w->space);
			w->reader_waits--;
		}
		it = w->v[w->read % w->cap];
		for (i = 0; i < w->nr_cats; i++)
			if (w->cats[i]->part == it->part)
				c = w->cats[i];
		walk_unlock(w);

		if (it->op == INBOX_ADD) {
			char *sp;
			size_t size = 0;
			bool ok;

			/* about to wait for cat-file: let the parsers have what is read */
			if (unsignalled && c && c->cp.rpos == c->cp.rlen) {
				walk_lock(w);
				pthread_cond_broadcast(&w->readable);
				pthread_cond_signal(&w->done);
				walk_unlock(w);
				unsignalled = 0;
			}
			ok = c && child_read_record(&c->cp, &hdr, '\n') > 0;

			sp = ok ? strrchr(hdr.buf, ' ') : NULL;
			if (ok && ends_with(hdr.buf, " missing")) {
				it->missing = true;
			} else if (ok && sp && strstr(hdr.buf, " blob ")) {
				struct strbuf data = STRBUF_INIT;

				size = (size_t)strtoull(sp + 1, NULL, 10);
				strbuf_grow(&data, size + 1);
				if (child_read_bytes(&c->cp, &data, size) ||
				    child_read_bytes(&c->cp, &hdr, 1)) {
					strbuf_release(&data);
					ok = false;
				} else {
					it->raw_len = data.len;
					it->raw = strbuf_detach(&data, NULL);
				}
			} else if (ok) {
				/* not a blob: as good as missing */
				it->missing = true;
			}
			if (!ok) {
				error("%s: git cat-file stopped at %s", w->opts.path,
				      it->id);
				walk_lock(w);
				w->failed = true;
				w->all_read = true;
				/* unblock a cat-file (and the lister writing to it) */
				for (i = 0; i < w->nr_cats; i++)
					if (w->cats[i]->cp.owned & 2) {
						close(w->cats[i]->cp.out);
						w->cats[i]->cp.owned &= ~2u;
					}
				wake_all(w);
				walk_unlock(w);
				break;
			}
		}
		walk_lock(w);
		it->bytes = it->raw_len;
		w->bytes += it->bytes;
		it->state = it->raw ? ST_READ : ST_DONE;
		w->read++;
		/* parsers take batches: wake one when there is a batch */
		if (++unsignalled >= PARSE_BATCH) {
			pthread_cond_signal(&w->readable);
			pthread_cond_signal(&w->done);
			unsignalled = 0;
		}
		walk_unlock(w);
	}
	strbuf_release(&hdr);
	return NULL;
}

/* mbox */

static void mbox_cursor(struct strbuf *sb, int64_t off, const struct stat *st,
			const char *head, size_t head_len, int fd)
{
	char tail[256];
	size_t h = (size_t)off < head_len ? (size_t)off : head_len;
	size_t t = off < (int64_t)sizeof(tail) ? (size_t)off : sizeof(tail);
	ssize_t n = t ? pread(fd, tail, t, off - (int64_t)t) : 0;

	strbuf_reset(sb);
	strbuf_addf(sb, "%lld %lld %lld.%09ld %016llx %016llx", (long long)off,
		    (long long)st->st_size, (long long)st->st_mtim.tv_sec,
		    st->st_mtim.tv_nsec, (unsigned long long)fnv64(head, h),
		    (unsigned long long)fnv64(tail, n > 0 ? (size_t)n : 0));
}

/* The two hashes at the end of an mbox cursor. */
static const char *mbox_checks(const char *cursor)
{
	const char *p = cursor;
	int spaces = 0;

	while (*p && spaces < 3)
		spaces += *p++ == ' ';
	return p;
}

/*
 * The cursor @cursor would be now, in @cur: the file @fd (@st, its
 * first @hn bytes @head) at @cursor's offset.  The offset, or -1 when
 * @cursor names none in the file.
 */
static long long mbox_recursor(int fd, const struct stat *st, const char *head,
			       size_t hn, const char *cursor, struct strbuf *cur)
{
	long long off = -1;

	if (sscanf(cursor, "%lld", &off) != 1 || off < 0 || off > st->st_size)
		return -1;
	mbox_cursor(cur, off, st, head, hn, fd);
	return off;
}

/* Is the mbox at @path read to its end, and untouched since (@cursor)? */
static bool mbox_unchanged(const char *path, const char *cursor)
{
	struct strbuf cur = STRBUF_INIT;
	char head[4096];
	struct stat st;
	ssize_t hn;
	bool same = false;
	int fd = cursor ? open(path, O_RDONLY | O_CLOEXEC) : -1;

	if (fd < 0)
		return false;
	if (!fstat(fd, &st)) {
		hn = pread(fd, head, sizeof(head), 0);
		same = mbox_recursor(fd, &st, head, hn < 0 ? 0 : (size_t)hn,
				     cursor, &cur) == st.st_size &&
		       !strcmp(cur.buf, cursor);
	}
	close(fd);
	strbuf_release(&cur);
	return same;
}

static void list_mbox(struct inbox_walk *w)
{
	const char *cursor = w->opts.cursor ? w->opts.cursor(0, w->opts.data) : NULL;
	struct strbuf cur = STRBUF_INIT;
	char head[4096];
	struct stat st;
	ssize_t hn;
	int64_t start = 0;
	struct mail_mbox *mb;
	int fd = open(w->opts.path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st)) {
		error("%s: %s", w->opts.path, strerror(errno));
		if (fd >= 0)
			close(fd);
		fail(w);
		return;
	}
	hn = pread(fd, head, sizeof(head), 0);
	if (hn < 0)
		hn = 0;
	if (cursor) {
		long long off = mbox_recursor(fd, &st, head, (size_t)hn, cursor,
					      &cur);

		if (off >= 0) {
			if (!strcmp(cur.buf, cursor) && off == st.st_size) {
				/* nothing new, not even the time */
				close(fd);
				strbuf_release(&cur);
				return;
			}
			/* the same bytes where we stopped: carry on from there */
			if (!strcmp(mbox_checks(cur.buf), mbox_checks(cursor)))
				start = off;
		}
		if (!start && off != 0)
			push(w, new_item(INBOX_RESET, 0), ST_DONE);
	}
	if (start == st.st_size) {
		struct inbox_item *it = new_item(INBOX_SKIP, 0);

		mbox_cursor(&cur, start, &st, head, (size_t)hn, fd);
		it->cursor = strbuf_detach(&cur, NULL);
		push(w, it, ST_DONE);
		close(fd);
		return;
	}
	mb = mail_mbox_open(w->opts.path, start);
	if (!mb) {
		close(fd);
		fail(w);
		return;
	}
	for (;;) {
		struct inbox_item *it = new_item(INBOX_ADD, 0);
		int64_t b, e, t;
		int rc = mail_mbox_next(mb, &it->mail, &b, &e, &t);

		if (rc <= 0) {
			free(it);
			if (rc < 0)
				fail(w);
			break;
		}
		it->offset = b;
		it->length = e - b;
		it->archive_time = t;
		mbox_cursor(&cur, e, &st, head, (size_t)hn, fd);
		it->cursor = xstrdup(cur.buf);
		it->bytes = it->mail.body.len + it->mail.patch.len;
		push(w, it, ST_DONE);
	}
	mail_mbox_close(mb);
	close(fd);
	strbuf_release(&cur);
}

/* Maildir */

struct mdfile {
	char *unique;
	char *path;
};

static int cmp_md(const void *a, const void *b)
{
	return strcmp(((const struct mdfile *)a)->unique,
		      ((const struct mdfile *)b)->unique);
}

static void md_list(const char *dir, const char *sub, struct mdfile **v,
		    size_t *nr, size_t *alloc)
{
	char *d = xstrfmt("%s/%s", dir, sub);
	DIR *dp = opendir(d);
	struct dirent *de;

	if (!dp) {
		free(d);
		return;
	}
	while ((de = readdir(dp))) {
		char *path;

		if (de->d_name[0] == '.')
			continue;
		path = xstrfmt("%s/%s", d, de->d_name);
		if (!is_file(path)) {
			free(path);
			continue;
		}
		ALLOC_GROW(*v, *nr + 1, *alloc);
		(*v)[*nr].unique = xstrndup(de->d_name, strcspn(de->d_name, ":"));
		(*v)[(*nr)++].path = path;
	}
	closedir(dp);
	free(d);
}

static void md_times(const char *dir, struct strbuf *sb)
{
	struct stat a, b;
	char *cur = xstrfmt("%s/cur", dir), *new = xstrfmt("%s/new", dir);

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	stat(cur, &a);
	stat(new, &b);
	strbuf_reset(sb);
	strbuf_addf(sb, "%lld.%09ld %lld.%09ld", (long long)a.st_mtim.tv_sec,
		    a.st_mtim.tv_nsec, (long long)b.st_mtim.tv_sec,
		    b.st_mtim.tv_nsec);
	free(cur);
	free(new);
}

static void list_maildir(struct inbox_walk *w)
{
	const char *cursor = w->opts.cursor ? w->opts.cursor(0, w->opts.data) : NULL;
	struct strbuf times = STRBUF_INIT;
	struct mdfile *v = NULL;
	size_t nr = 0, alloc = 0, i, j;
	struct inbox_item *pending = NULL;

	md_times(w->opts.path, &times);
	if (cursor && !strcmp(cursor, times.buf)) {
		strbuf_release(&times);
		return;
	}
	md_list(w->opts.path, "new", &v, &nr, &alloc);
	md_list(w->opts.path, "cur", &v, &nr, &alloc);
	qsort(v, nr, sizeof(*v), cmp_md);

	/* stored names that are gone: deleted */
	for (i = j = 0; i < w->opts.nr_stored; i++) {
		const char *s = w->opts.stored[i];
		struct inbox_item *it;

		while (j < nr && strcmp(v[j].unique, s) < 0)
			j++;
		if (j < nr && !strcmp(v[j].unique, s))
			continue;
		it = new_item(INBOX_DELETE, 0);
		it->name = xstrdup(s);
		push(w, it, ST_DONE);
	}
	for (i = j = 0; i < nr; i++) {
		struct inbox_item *it;
		char *buf;
		size_t len;
		struct stat st;

		if (i && !strcmp(v[i].unique, v[i - 1].unique))
			continue;	/* in new/ and cur/ at once */
		while (j < w->opts.nr_stored && strcmp(w->opts.stored[j], v[i].unique) < 0)
			j++;
		if (j < w->opts.nr_stored && !strcmp(w->opts.stored[j], v[i].unique))
			continue;
		if (read_file(v[i].path, &buf, &len)) {
			warning("%s: %s", v[i].path, strerror(errno));
			continue;
		}
		it = new_item(INBOX_ADD, 0);
		it->name = xstrdup(v[i].unique);
		/* "1700000000.M1P2.host": delivered at that time */
		it->archive_time = strtoll(v[i].unique, NULL, 10);
		if (it->archive_time <= 0 && !stat(v[i].path, &st))
			it->archive_time = st.st_mtime;
		it->raw = buf;
		it->raw_len = len;
		it->bytes = len;
		if (pending)
			push(w, pending, ST_READ);
		pending = it;
	}
	if (!pending)
		pending = new_item(INBOX_SKIP, 0);
	pending->cursor = strbuf_detach(&times, NULL);
	push(w, pending, pending->raw ? ST_READ : ST_DONE);
	for (i = 0; i < nr; i++) {
		free(v[i].unique);
		free(v[i].path);
	}
	free(v);
	strbuf_release(&times);
}

/* Is every git part of @o where its cursor is?  false: none, or not. */
static bool git_unchanged(const struct inbox_walk_opts *o)
{
	int *ep = NULL;
	size_t nr, i;
	bool same;

	if (o->kind == INBOX_V2) {
		nr = epochs(o->path, &ep);
	} else {
		nr = 1;
		ep = xcalloc(1, sizeof(*ep));
	}
	same = nr > 0;
	for (i = 0; same && i < nr; i++) {
		char *dir = inbox_git_dir(o->path, o->kind, ep[i]);

		same = dir && part_at(dir, o->cursor(ep[i], o->data));
		free(dir);
	}
	free(ep);
	return same;
}

bool inbox_unchanged(const struct inbox_walk_opts *o)
{
	struct strbuf times = STRBUF_INIT;
	const char *cursor;
	bool same;

	switch (o->kind) {
	case INBOX_MBOX:
		return mbox_unchanged(o->path, o->cursor(0, o->data));
	case INBOX_MAILDIR:
		cursor = o->cursor(0, o->data);
		md_times(o->path, &times);
		same = cursor && !strcmp(cursor, times.buf);
		strbuf_release(&times);
		return same;
	default:
		return git_unchanged(o);
	}
}

static void *lister_main(void *arg)
{
	struct inbox_walk *w = arg;

	switch (w->opts.kind) {
	case INBOX_MBOX:
		list_mbox(w);
		break;
	case INBOX_MAILDIR:
		list_maildir(w);
		break;
	default:
		list_git(w);
		break;
	}
	walk_lock(w);
	w->listed = true;
	if (!w->has_reader)
		w->all_read = true;
	wake_all(w);
	walk_unlock(w);
	return NULL;
}

static void *parser_main(void *arg)
{
	struct inbox_walk *w = arg;

	for (;;) {
		struct inbox_item *it[PARSE_BATCH];
		uint64_t seq[PARSE_BATCH];
		int n = 0, k;

		walk_lock(w);
		for (;;) {
			/* what the caller took needs no parsing (and may be gone) */
			if (w->parse < w->taken)
				w->parse = w->taken;
			while (n < PARSE_BATCH && w->parse < w->read) {
				struct inbox_item *x = w->v[w->parse % w->cap];

				if (x->state == ST_READ) {
					x->state = ST_PARSING;
					seq[n] = w->parse;
					it[n++] = x;
				}
				w->parse++;
			}
			if (n || (w->all_read && w->parse == w->read))
				break;
			walk_wait(w, &w->readable);
		}
		walk_unlock(w);
		if (!n)
			break;
		for (k = 0; k < n; k++) {
			/* the bytes are GMime's now: no copy */
			long r = w->opts.recipients;

			mail_parse_take(it[k]->raw, it[k]->raw_len,
					r < 0 || seq[k] < (uint64_t)r ? 0 :
					MAIL_NO_RECIPIENTS, &it[k]->mail);
			it[k]->raw = NULL;
		}
		walk_lock(w);
		for (k = 0; k < n; k++) {
			w->bytes -= it[k]->bytes;
			it[k]->bytes = it[k]->mail.body.len + it[k]->mail.patch.len;
			w->bytes += it[k]->bytes;
			it[k]->state = ST_DONE;
		}
		pthread_cond_signal(&w->done);
		wake_space(w);
		walk_unlock(w);
	}
	return NULL;
}

static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

struct inbox_walk *inbox_walk_start(const struct inbox_walk_opts *opts)
{
	struct inbox_walk *w = xcalloc(1, sizeof(*w));
	int i;

	mail_init();
	w->opts = *opts;
	strbuf_init(&w->ids, 0);
	w->cap = WINDOW_ITEMS;
	w->v = xcalloc(w->cap, sizeof(*w->v));
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->space, NULL);
	pthread_cond_init(&w->pushed_cv, NULL);
	pthread_cond_init(&w->readable, NULL);
	pthread_cond_init(&w->done, NULL);
	w->has_reader = opts->kind == INBOX_V2 || opts->kind == INBOX_EPOCH ||
			opts->kind == INBOX_V1;
	/*
	 * One parser fewer than processors: git cat-file, the reader and
	 * the caller keep one busy.  On 2 cores a second parser only
	 * contends (for the window's lock, malloc's arenas and GLib's
	 * locks): the linux-xfs epoch took 9.5 s with one, 9.7 s with two.
	 */
	w->nr_parsers = opts->kind == INBOX_MBOX ? 0 :
			opts->jobs > 0 ? opts->jobs :
			online_cpus() > 1 ? online_cpus() - 1 : 1;
	if (pthread_create(&w->lister, NULL, lister_main, w))
		die("cannot create a thread");
	if (w->has_reader && pthread_create(&w->reader, NULL, reader_main, w))
		die("cannot create a thread");
	w->parsers = xcalloc((size_t)w->nr_parsers + 1, sizeof(*w->parsers));
	for (i = 0; i < w->nr_parsers; i++)
		if (pthread_create(&w->parsers[i], NULL, parser_main, w))
			die("cannot create a thread");
	return w;
}

struct inbox_item *inbox_walk_next(struct inbox_walk *w)
{
	struct inbox_item *it = NULL;

	walk_lock(w);
	for (;;) {
		if (w->taken < w->read) {
			struct inbox_item *x = w->v[w->taken % w->cap];

			if (x->state == ST_DONE) {
				it = x;
				w->taken++;
				w->bytes -= it->bytes;
				it->bytes = 0;
				wake_space(w);
				break;
			}
		} else if (w->failed && w->all_read) {
			break;	/* the reader gave up: nothing more comes */
		} else if (w->listed && w->taken == w->pushed) {
			break;
		}
		walk_wait(w, &w->done);
	}
	walk_unlock(w);
	return it;
}

int inbox_walk_finish(struct inbox_walk *w)
{
	struct inbox_item *it;
	size_t i;
	int rc, k;

	/* whatever is left, so that no thread stays blocked */
	while ((it = inbox_walk_next(w)))
		inbox_item_free(it);
	pthread_join(w->lister, NULL);
	for (i = 0; i < w->nr_cats; i++)
		child_close_in(&w->cats[i]->cp);
	if (w->has_reader)
		pthread_join(w->reader, NULL);
	for (k = 0; k < w->nr_parsers; k++)
		pthread_join(w->parsers[k], NULL);
	/* items the reader never got to */
	while (w->taken < w->pushed)
		inbox_item_free(w->v[w->taken++ % w->cap]);
	for (i = 0; i < w->nr_cats; i++) {
		if (finish_command(&w->cats[i]->cp))
			w->failed = true;
		free(w->cats[i]->cp.argv);
		free(w->cats[i]->dir);
		free(w->cats[i]);
	}
	rc = w->failed ? -1 : 0;
	free(w->cats);
	strbuf_release(&w->ids);
	free(w->parsers);
	free(w->v);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->space);
	pthread_cond_destroy(&w->pushed_cv);
	pthread_cond_destroy(&w->readable);
	pthread_cond_destroy(&w->done);
	free(w);
	return rc;
}

int inbox_read_one(const char *path, enum inbox_kind kind, int part,
		   const char *id, int64_t offset, struct mail *m)
{
	struct strbuf out = STRBUF_INIT;
	int rc = -1;

	if (kind == INBOX_MBOX) {
		struct mail_mbox *mb = mail_mbox_open(path, offset);
		int64_t b, e, t;

		if (!mb)
			return -1;
		if (mail_mbox_next(mb, m, &b, &e, &t) == 1 && b == offset)
			rc = 0;
		else if (!error("%s: no message at byte %lld", path, (long long)offset))
			mail_release(m);
		mail_mbox_close(mb);
		return rc;
	}
	if (kind == INBOX_MAILDIR) {
		const char *subs[] = { "cur", "new" };
		size_t i, n = strlen(id);

		for (i = 0; i < 2 && rc; i++) {
			char *d = xstrfmt("%s/%s", path, subs[i]);
			DIR *dp = opendir(d);
			struct dirent *de;

			while (dp && (de = readdir(dp))) {
				char *f, *buf;
				size_t len;

				if (strncmp(de->d_name, id, n) ||
				    (de->d_name[n] && de->d_name[n] != ':'))
					continue;
				f = xstrfmt("%s/%s", d, de->d_name);
				if (!read_file(f, &buf, &len)) {
					mail_parse(buf, len, 0, m);
					free(buf);
					rc = 0;
				}
				free(f);
				break;
			}
			if (dp)
				closedir(dp);
			free(d);
		}
		if (rc)
			error("%s: no message %s", path, id);
		return rc;
	}
	{
		char *dir = inbox_git_dir(path, kind, part);
		const char *args[] = { "cat-file", "blob", id, NULL };

		if (dir && !git_in(dir, args, &out)) {
			mail_parse(out.buf, out.len, 0, m);
			rc = 0;
		} else {
			error("%s: cannot read blob %s", dir ? dir : path, id);
		}
		free(dir);
	}
	strbuf_release(&out);
	return rc;
}
