// SPDX-License-Identifier: GPL-2.0
#include "git-roles.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "email.h"
#include "print-mailmap.h"
#include "queries.h"
#include "roles-queries.h"
#include "patch.h"
#include "run-command.h"
#include "scope.h"
#include "strmap.h"

struct gitroles {
	const struct gitroles_opts *o;
	bool update;
	bool tried, ready, printed_novcs;
	int status;
	struct idx ix;

	int64_t since;
	int64_t *order;		/* by commit id: position in git's walk, 0: unseen */
	unsigned char *merge;	/* by commit id: a walked merge */
	unsigned char *own_siglines;	/* by commit id: HC_SIGLINES */
	int64_t nr_order;
	bool walked;

	char **fixes;
	size_t nr_fixes;
	const struct patch_range *ranges;
	size_t nr_ranges;

	char **ignore;		/* .get_maintainer.ignore, read when first needed */
	size_t nr_ignore, alloc_ignore;
	bool ignore_read;

	struct roles_queries *q;	/* the index's answers, once ready */
	char **key;		/* trailer keys by id */
	unsigned char *signature;	/* by key id: a signature for --git */
	int64_t nr_keys;


	/* deduplicate_email() answers, valid while its tables do not grow */
	const struct lookup *dedup_lk;
	struct strmap dedup_cache;	/* input -> struct dedup_entry */
	struct strmap mailmap_cache;	/* input -> mapped (owned) */
};

struct dedup_entry {
	char *result;
	size_t gen;
};

struct fcommit {
	int64_t id;
	long added, removed;
	bool stat_ok;
};

struct fcommits {
	struct fcommit *v;
	size_t nr, alloc;
};

/* .get_maintainer.ignore, looked for where the script looks for it. */
static void read_ignore(struct gitroles *gr)
{
	const char *home = getenv("HOME");
	const char *dirs[] = { ".", home ? home : "", ".scripts" };
	struct strbuf line = STRBUF_INIT;
	size_t i;
	FILE *fp = NULL;

	for (i = 0; i < ARRAY_SIZE(dirs) && !fp; i++) {
		char *p = xstrfmt("%s/.get_maintainer.ignore", dirs[i]);

		if (is_file(p))
			fp = fopen(p, "r");
		free(p);
	}
	if (!fp)
		return;
	while (strbuf_getline(&line, fp) != EOF) {
		char *hash = strchr(line.buf, '#');

		if (hash)
			strbuf_setlen(&line, (size_t)(hash - line.buf));
		strbuf_trim(&line);
		if (!line.len || !rfc822_valid(line.buf))
			continue;
		ALLOC_GROW(gr->ignore, gr->nr_ignore + 1, gr->alloc_ignore);
		gr->ignore[gr->nr_ignore++] = xstrdup(line.buf);
	}
	fclose(fp);
	strbuf_release(&line);
}

struct gitroles *gitroles_new(const struct gitroles_opts *o, bool update)
{
	struct gitroles *gr = xcalloc(1, sizeof(*gr));

	gr->o = o;
	gr->update = update;
	return gr;
}

/* Empty the deduplicate_email() and mailmap caches, if there are any. */
static void clear_caches(struct gitroles *gr)
{
	size_t i;

	if (!gr->dedup_lk)
		return;
	for (i = 0; i < gr->dedup_cache.size; i++) {
		struct dedup_entry *d = gr->dedup_cache.table[i].value;

		if (gr->dedup_cache.table[i].key && d)
			free(d->result);
	}
	strmap_clear(&gr->dedup_cache, true);
	strmap_clear(&gr->mailmap_cache, true);
}

void gitroles_free(struct gitroles *gr)
{
	size_t i;

	if (!gr)
		return;
	if (gr->q) {
		roles_queries_close(gr->q);
		idx_close(&gr->ix);
	}
	free(gr->order);
	clear_caches(gr);
	for (i = 0; i < (size_t)gr->nr_keys; i++)
		free(gr->key[i]);
	free(gr->key);
	free(gr->signature);
	free(gr->merge);
	free(gr->own_siglines);
	for (i = 0; i < gr->nr_ignore; i++)
		free(gr->ignore[i]);
	free(gr->ignore);
	free(gr);
}

void gitroles_set_fixes(struct gitroles *gr, char **fixes, size_t nr)
{
	gr->fixes = fixes;
	gr->nr_fixes = nr;
}

void gitroles_set_ranges(struct gitroles *gr, const struct patch_range *r,
			 size_t nr)
{
	gr->ranges = r;
	gr->nr_ranges = nr;
}

int gitroles_status(const struct gitroles *gr)
{
	return gr->status;
}

/* The script's vcs_exists(): git, and a .git here. */
static bool vcs_exists(struct gitroles *gr)
{
	if (!access(".git", F_OK))
		return true;
	if (!gr->printed_novcs && gr->o->git) {
		fprintf(stderr, "%s: No supported VCS found.  Add --nogit to "
			"options?\nUsing a git repository produces better "
			"results.\nTry Linus Torvalds' latest git repository "
			"using:\ngit clone git://git.kernel.org/pub/scm/linux/"
			"kernel/git/torvalds/linux.git\n", progname);
		gr->printed_novcs = true;
	}
	return false;
}

static int64_t walk_pos(const struct gitroles *gr, int64_t id);

/* A max-heap of commits by date; equal dates leave in insertion order. */
struct heap_item {
	int64_t time, ctr;
	size_t k;
};

static bool heap_less(const struct heap_item *a, const struct heap_item *b)
{
	/* "a comes out after b" */
	return a->time != b->time ? a->time < b->time : a->ctr > b->ctr;
}

static void heap_push(struct heap_item *h, size_t *n, struct heap_item it)
{
	size_t i = (*n)++;

	while (i && heap_less(&h[(i - 1) / 2], &it)) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = it;
}

static struct heap_item heap_pop(struct heap_item *h, size_t *n)
{
	struct heap_item top = h[0], last = h[--(*n)];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && heap_less(&h[c], &h[c + 1]))
			c++;
		if (!heap_less(&last, &h[c]))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = last;
	return top;
}

/*
 * Which commits "git log --since" sees, and in what order: it walks from
 * HEAD taking the newest commit first (a priority queue by commit date)
 * and neither shows nor walks past a commit older than the limit, so a
 * new commit behind an old one is not seen either.  Only the window's
 * commits are read, and of each only what the walk needs; authors and
 * renames are asked for by the files a question names.
 */
/* The first 16 hex digits of a commit id, as a number: the walk's key. */
static uint64_t hex64(const char *h, size_t len)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 16 && i < len; i++) {
		char c = h[i];

		v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

/* The window's commits as walk_since() reads them, in arrays by row. */
struct window {
	int64_t *ids, *times, max;
	int64_t *own;		/* ids of the commits with HC_SIGLINES */
	size_t nr_own, alloc_own;
	uint64_t *keys, *par;	/* hash prefixes; parents' from par_off[i] */
	size_t *par_off, nr, alloc, alloc_k, alloc_t, alloc_o;
	size_t nr_par, alloc_par;
	size_t *table, mask;	/* open addressing on keys: row + 1, 0 empty */
};

static void window_add_parents(struct window *w, const char *p)
{
	w->par_off[w->nr] = w->nr_par;
	while (p && *p) {
		size_t n = strcspn(p, " ");

		if (n) {
			ALLOC_GROW(w->par, w->nr_par + 1, w->alloc_par);
			w->par[w->nr_par++] = hex64(p, n);
		}
		p += n;
		while (*p == ' ')
			p++;
	}
}

static int window_add(int64_t id, const char *h, const char *parents,
		      int64_t time, int64_t flags, void *data)
{
	struct window *w = data;
	size_t nr = w->nr;

	ALLOC_GROW(w->ids, nr + 1, w->alloc);
	ALLOC_GROW(w->keys, nr + 1, w->alloc_k);
	ALLOC_GROW(w->times, nr + 1, w->alloc_t);
	ALLOC_GROW(w->par_off, nr + 2, w->alloc_o);
	w->ids[nr] = id;
	w->keys[nr] = hex64(h, strlen(h));
	w->times[nr] = time;
	if (flags & HC_SIGLINES) {
		ALLOC_GROW(w->own, w->nr_own + 1, w->alloc_own);
		w->own[w->nr_own++] = id;
	}
	window_add_parents(w, parents);
	if (id > w->max)
		w->max = id;
	w->nr++;
	return 0;
}

/* The indexed commits since gr->since. */
static int load_window(struct gitroles *gr, struct window *w)
{
	if (idx_foreach_commit_since(&gr->ix, gr->since, window_add, w))
		return -1;
	ALLOC_GROW(w->par_off, w->nr + 1, w->alloc_o);
	w->par_off[w->nr] = w->nr_par;
	return 0;
}

static size_t window_slot(const struct window *w, uint64_t key)
{
	return (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & w->mask;
}

static void window_table(struct window *w)
{
	size_t size, i;

	for (size = 64; size < 2 * w->nr + 2; size *= 2)
		;
	w->mask = size - 1;
	w->table = xcalloc(size, sizeof(*w->table));
	for (i = 0; i < w->nr; i++) {
		size_t k = window_slot(w, w->keys[i]);

		while (w->table[k])
			k = (k + 1) & w->mask;
		w->table[k] = i + 1;
	}
}

/* The row of the commit whose hash starts with @want, or -1. */
static ssize_t window_find(const struct window *w, uint64_t want)
{
	size_t k;

	for (k = window_slot(w, want); w->table[k]; k = (k + 1) & w->mask)
		if (w->keys[w->table[k] - 1] == want)
			return (ssize_t)(w->table[k] - 1);
	return -1;
}

static void window_release(struct window *w)
{
	free(w->table);
	free(w->keys);
	free(w->par);
	free(w->par_off);
	free(w->ids);
	free(w->times);
	free(w->own);
}

/* Per commit id: whether a merge, whether it has siglines. */
static void window_marks(struct gitroles *gr, const struct window *w)
{
	size_t i;

	gr->nr_order = w->max + 1;
	gr->order = xcalloc((size_t)gr->nr_order, sizeof(*gr->order));
	gr->merge = xcalloc((size_t)gr->nr_order, 1);
	gr->own_siglines = xcalloc((size_t)gr->nr_order, 1);
	for (i = 0; i < w->nr; i++)
		gr->merge[w->ids[i]] = w->par_off[i + 1] - w->par_off[i] > 1;
	for (i = 0; i < w->nr_own; i++)
		gr->own_siglines[w->own[i]] = 1;
}

/*
 * git log's order from @head: newest commit time first, parents once
 * their child is out, each commit's position in gr->order.
 */
static void window_walk(struct gitroles *gr, const struct window *w,
			uint64_t head)
{
	unsigned char *seen = xcalloc(w->nr + 1, 1);
	struct heap_item *heap = xmalloc((w->nr + 1) * sizeof(*heap));
	size_t nh = 0;
	int64_t ctr = 0, pos = 0;
	ssize_t q = window_find(w, head);

	if (q >= 0) {
		seen[q] = 1;
		heap_push(heap, &nh, (struct heap_item){ w->times[q], ctr++,
							 (size_t)q });
	}
	while (nh) {
		size_t c = heap_pop(heap, &nh).k, j;

		gr->order[w->ids[c]] = ++pos;
		for (j = w->par_off[c]; j < w->par_off[c + 1]; j++) {
			q = window_find(w, w->par[j]);
			if (q < 0 || seen[q])
				continue;
			seen[q] = 1;
			heap_push(heap, &nh, (struct heap_item){ w->times[q],
								 ctr++, (size_t)q });
		}
	}
	free(seen);
	free(heap);
}

static int walk_since(struct gitroles *gr)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *args[] = { "rev-parse", "-q", "--verify", "HEAD^{commit}",
			       NULL };
	struct window w = { 0 };

	gr->walked = true;
	/* HEAD as the index's staleness check resolved it, or git */
	if (gr->ix.head)
		strbuf_addstr(&out, gr->ix.head);
	else if (capture_git(args, &out, &err)) {
		strbuf_release(&out);
		strbuf_release(&err);
		return error("no HEAD commit");
	}
	strbuf_trim(&out);
	if (load_window(gr, &w))
		return -1;
	window_table(&w);
	window_marks(gr, &w);
	window_walk(gr, &w, hex64(out.buf, out.len));
	window_release(&w);
	strbuf_release(&out);
	strbuf_release(&err);
	return 0;
}

static bool signature_key(const struct gitroles *gr, const char *key);

static int add_key(int64_t id, const char *key, void *data)
{
	struct gitroles *gr = data;

	if (id < 0 || id >= gr->nr_keys)
		return 0;
	gr->key[id] = xstrdup(key);
	gr->signature[id] = signature_key(gr, gr->key[id]);
	return 0;
}

/* The trailer keys by id, and which of them are signatures. */
static int load_keys(struct gitroles *gr)
{
	int64_t max;

	if (idx_max_trailer_key(&gr->ix, &max))
		return -1;
	gr->nr_keys = max + 1;
	gr->key = xcalloc((size_t)gr->nr_keys + 1, sizeof(*gr->key));
	gr->signature = xcalloc((size_t)gr->nr_keys + 1, 1);
	return idx_foreach_trailer_key(&gr->ix, add_key, gr);
}

/* Open the index on the first question that needs it. */
static bool ready(struct gitroles *gr, bool need_since)
{
	char *path;

	if (!gr->tried) {
		gr->tried = true;
		path = idx_default_path();
		if (!path || !is_file(path)) {
			/* the script would run git log; we need the index */
			if (gr->o->git || gr->o->blame || gr->nr_fixes) {
				error("--git and Fixes: signers need the history "
				      "index: run 'kmaint index' first");
				gr->status = 1;
			} else {
				warning("no exact MAINTAINERS match: the git "
					"fallback needs the history index; run "
					"'kmaint index' (or use --nogit-fallback)");
			}
			free(path);
			return false;
		}
		if (scope_open_index(&gr->ix, path, gr->update)) {
			gr->status = 1;
			free(path);
			return false;
		}
		free(path);
		if (load_keys(gr) || !(gr->q = roles_queries_open(&gr->ix))) {
			idx_close(&gr->ix);
			gr->status = 1;
			return false;
		}
		gr->ready = true;
	}
	if (gr->ready && need_since && !gr->walked) {
		const char *since = gr->o->since ? gr->o->since : "1-year-ago";

		if (scope_parse_date(since, &gr->since) || walk_since(gr)) {
			gr->status = 1;
			gr->ready = false;
		}
	}
	return gr->ready;
}

/* The commit's position in git's walk; 0 if the walk does not see it. */
static int64_t walk_pos(const struct gitroles *gr, int64_t id)
{
	return id >= 0 && id < gr->nr_order ? gr->order[id] : 0;
}

static bool reachable(const struct gitroles *gr, int64_t id)
{
	return walk_pos(gr, id) != 0;
}

/*
 * Does the script's "^(\d+)\t(\d+)\t$file$" (the file name pasted into
 * the regex) match a plain numstat line for @file?
 */
static bool stat_pattern_matches(const char *file)
{
	struct strbuf re = STRBUF_INIT, line = STRBUF_INIT;
	pcre2_code *code;
	pcre2_match_data *md;
	int err;
	PCRE2_SIZE off;
	bool ok = false;

	strbuf_addf(&re, "^(\\d+)\\t(\\d+)\\t%s$", file);
	strbuf_addf(&line, "1\t1\t%s", file);
	code = pcre2_compile((PCRE2_SPTR)re.buf, re.len, 0, &err, &off, NULL);
	if (code) {
		md = pcre2_match_data_create_from_pattern(code, NULL);
		ok = pcre2_match(code, (PCRE2_SPTR)line.buf, line.len, 0, 0,
				 md, NULL) >= 0;
		pcre2_match_data_free(md);
		pcre2_code_free(code);
	}
	strbuf_release(&re);
	strbuf_release(&line);
	return ok;
}

/* "0<TAB>N" for @file deleted by commit @hash, from git; false if binary. */
static bool deletion_numstat(const char *hash, const char *file, long *removed,
			     bool *failed)
{
	const char *args[] = { "diff-tree", "--no-commit-id", "--no-renames",
			       "--numstat", "-r",
			       "--root", hash, "--", file, NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	bool ok = false;
	char *end;

	/* a rename away: the script's git log shows it as a deletion */
	*failed = capture_git(args, &out, &err) != 0;
	if (!*failed && starts_with(out.buf, "0\t")) {
		*removed = strtol(out.buf + 2, &end, 10);
		ok = end > out.buf + 2 && *end == '\t';
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return ok;
}

/*
 * What "git log --follow" sees at commit @hash for @name: true with the
 * source in *@src when it continues under another name (a rename or a
 * copy), false when the name is created here, with its numstat in
 * *@added, *@removed (-1 if git prints none that the script can read).
 * *@failed when git could not say.
 */
static bool follow_source(const char *hash, const char *name, char **src,
			  long *added, long *removed, bool *failed)
{
	const char *args[] = { "log", "--follow", "-1", "--format=", "--raw",
			       "--numstat", hash, "--", name, NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	bool renamed = false;
	char *line, *save = NULL;

	*added = *removed = -1;
	*failed = capture_git(args, &out, &err) != 0;
	if (*failed)
		goto done;
	for (line = strtok_r(out.buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == ':') {
			/* ":mode mode sha sha STATUS<TAB>path[<TAB>path]" */
			char *tab = strchr(line, '\t'), *st, *tab2;

			if (!tab)
				continue;
			*tab = '\0';
			st = strrchr(line, ' ');
			if (st && (st[1] == 'R' || st[1] == 'C') &&
			    (tab2 = strchr(tab + 1, '\t'))) {
				*src = xstrndup(tab + 1,
						(size_t)(tab2 - tab - 1));
				renamed = true;
			}
		} else if (!renamed) {
			char *end, *p;
			long a = strtol(line, &end, 10), r;

			if (end == line || *end != '\t')
				continue;
			p = end + 1;
			r = strtol(p, &end, 10);
			if (end > p && *end == '\t' && !strcmp(end + 1, name)) {
				*added = a;
				*removed = r;
			}
		}
	}
done:
	strbuf_release(&out);
	strbuf_release(&err);
	return renamed;
}

static const char *commit_hash(struct gitroles *gr, int64_t id,
			       struct strbuf *out)
{
	char *hash = idx_commit_hash(&gr->ix, id);

	strbuf_reset(out);
	if (hash)
		strbuf_addstr(out, hash);
	free(hash);
	return out->buf;
}
/*
 * The follow cache.  Both questions above are functions of a commit id
 * and a name (and of git's rename settings, which a kernel tree leaves
 * alone), so their answers are kept in the index: kind 0 for
 * follow_source() (source NULL when the name is created there), kind 1
 * for deletion_numstat() (counts NULL when it has none).
 */
enum { FOLLOW_SOURCE = 0, FOLLOW_DELETION = 1 };

static bool follow_get(struct gitroles *gr, const char *hash, const char *path,
		       int kind, char **src, long *added, long *removed)
{
	return roles_follow_get(gr->q, hash, path, kind, src, added, removed);
}
static void follow_put(struct gitroles *gr, const char *hash, const char *path,
		       int kind, const char *src, long added, long removed)
{
	roles_follow_put(gr->q, hash, path, kind, src, added, removed);
}
/* follow_source(), through the cache. */
static bool cached_follow_source(struct gitroles *gr, const char *hash,
				 const char *name, char **src, long *added,
				 long *removed)
{
	bool renamed, failed;

	*src = NULL;
	if (follow_get(gr, hash, name, FOLLOW_SOURCE, src, added, removed))
		return *src != NULL;
	renamed = follow_source(hash, name, src, added, removed, &failed);
	if (!failed)
		follow_put(gr, hash, name, FOLLOW_SOURCE, renamed ? *src : NULL,
			   *added, *removed);
	return renamed;
}

/* deletion_numstat(), through the cache. */
static bool cached_deletion_numstat(struct gitroles *gr, const char *hash,
				    const char *file, long *removed)
{
	char *src = NULL;
	long added, r;
	bool ok, failed;

	if (follow_get(gr, hash, file, FOLLOW_DELETION, &src, &added, &r)) {
		free(src);
		if (r < 0)
			return false;
		*removed = r;
		return true;
	}
	ok = deletion_numstat(hash, file, &r, &failed);
	if (!failed)
		follow_put(gr, hash, file, FOLLOW_DELETION, NULL, ok ? 0 : -1,
			   ok ? r : -1);
	if (ok)
		*removed = r;
	return ok;
}

struct frow {
	int64_t id, pos;
	char status;		/* 'X': renamed away (a deletion of the name) */
	long added, removed;
	bool counts;
};

static int cmp_frow(const void *a, const void *b)
{
	const struct frow *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	/* the same commit twice: its row for the name itself first */
	return (x->status == 'X') - (y->status == 'X');
}

/* The rows of a name file_commits() keeps: in the walk, after @bound. */
struct frow_walk {
	struct gitroles *gr;
	int64_t bound;
	struct frow *rows;
	size_t nr, alloc;
};

static void add_frow(int64_t id, const char *status, long added, long removed,
		     bool counts, long flags, void *data)
{
	struct frow_walk *fw = data;
	int64_t pos = walk_pos(fw->gr, id);
	struct frow *r;

	if (!pos || pos <= fw->bound || fw->gr->merge[id])
		return;
	ALLOC_GROW(fw->rows, fw->nr + 1, fw->alloc);
	r = &fw->rows[fw->nr++];
	r->id = id;
	r->pos = pos;
	r->status = status ? *status : '?';
	r->added = added;
	r->removed = removed;
	r->counts = counts && !(flags & (HF_BINARY | HF_MISSING));
}

/*
 * The walked commits that rename @name away ("git log --follow" shows
 * each as the name's deletion), as rows after walk position @bound.
 */
struct away_walk {
	struct gitroles *gr;
	int64_t bound;
	struct frow **rows;
	size_t *nr, *alloc;
};

static void add_away(int64_t id, void *data)
{
	struct away_walk *aw = data;
	int64_t pos = walk_pos(aw->gr, id);
	struct frow *r;

	if (!pos || pos <= aw->bound)
		return;
	ALLOC_GROW(*aw->rows, *aw->nr + 1, *aw->alloc);
	r = &(*aw->rows)[(*aw->nr)++];
	memset(r, 0, sizeof(*r));
	r->id = id;
	r->pos = pos;
	r->status = 'X';
}

/*
 * The commits "git log --follow --no-merges --since" lists for @file, in
 * its order: those that change the name, and those that rename it away
 * (shown as its deletion); when the name was created by a rename, the
 * older commits are those of the old name.
 */
static void file_commits(struct gitroles *gr, const char *file,
			 struct fcommits *out)
{
	char *cur = xstrdup(file);
	int64_t bound = 0;	/* only commits after this walk position */
	bool plain = stat_pattern_matches(file);
	struct strbuf hash = STRBUF_INIT;
	struct frow_walk fw = { .gr = gr };

	for (;;) {
		struct away_walk aw = { gr, bound, NULL, NULL, NULL };
		struct frow *rows = NULL;
		size_t nr = 0, alloc = 0, i;
		char *next = NULL;
		bool same = !strcmp(cur, file);

		/*
		 * The name's rows by the covering files(path, ...) index;
		 * the walk (positions, merges) is the join with commits.
		 */
		fw.rows = NULL;
		fw.nr = fw.alloc = 0;
		fw.bound = bound;
		roles_foreach_file_row(gr->q, cur, add_frow, &fw);
		rows = fw.rows;
		nr = fw.nr;
		alloc = fw.alloc;
		aw.rows = &rows;
		aw.nr = &nr;
		aw.alloc = &alloc;
		roles_foreach_rename_of(gr->q, cur, add_away, &aw);
		if (nr)
			qsort(rows, nr, sizeof(*rows), cmp_frow);

		for (i = 0; i < nr; i++) {
			struct frow *r = &rows[i];
			struct fcommit *c;

			if (i && rows[i - 1].id == r->id)
				continue;
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			c = &out->v[out->nr++];
			c->id = r->id;
			c->added = r->added;
			c->removed = r->removed;
			if (r->status == 'X') {
				/* the script's numstat: "0<TAB>N<TAB>name" */
				c->stat_ok = plain && same &&
					cached_deletion_numstat(gr,
						commit_hash(gr, r->id, &hash),
						cur, &c->removed);
				continue;
			}
			/*
			 * Where the name is created, --follow decides by its
			 * own rename and copy detection, which is not the
			 * index's (-M on the whole commit): ask git then.
			 */
			if (r->status == 'A' || r->status == 'R') {
				char *src = NULL;

				if (cached_follow_source(gr,
						commit_hash(gr, r->id, &hash),
						cur, &src, &c->added,
						&c->removed)) {
					c->stat_ok = false;
					next = src;
					bound = r->pos;
					break;
				}
				/* created here as far as git is concerned */
				c->stat_ok = plain && same && c->added >= 0;
				continue;
			}
			/* a rename prints "old => new"; binary prints "-" */
			c->stat_ok = plain && same && r->counts;
		}
		free(rows);
		free(cur);
		if (!next)
			break;
		cur = next;
	}
	strbuf_release(&hash);
}

static const struct gitroles *cmp_gr;

static int cmp_fcommit(const void *a, const void *b)
{
	int64_t x = walk_pos(cmp_gr, ((const struct fcommit *)a)->id);
	int64_t y = walk_pos(cmp_gr, ((const struct fcommit *)b)->id);

	return x < y ? -1 : x > y;
}

/* Commits touching anything below directory @dir (no --follow). */
struct dir_walk {
	struct gitroles *gr;
	struct fcommits *out;
};

static void add_dir_commit(int64_t id, void *data)
{
	struct dir_walk *dw = data;
	struct fcommit *c;

	if (!reachable(dw->gr, id))
		return;
	ALLOC_GROW(dw->out->v, dw->out->nr + 1, dw->out->alloc);
	c = &dw->out->v[dw->out->nr++];
	c->id = id;
	c->added = c->removed = 0;
	c->stat_ok = false;
}

static void dir_commits(struct gitroles *gr, const char *dir,
			struct fcommits *out)
{
	struct dir_walk dw = { gr, out };

	if (idx_foreach_dir_commit(&gr->ix, dir, gr->since, add_dir_commit,
				   &dw)) {
		gr->status = -1;
		return;
	}
	/* in the order of git's walk */
	cmp_gr = gr;
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_fcommit);
}
/*
 * lookup_dedup_email() with a memory: the script's deduplicate_email()
 * depends only on its input and on its two tables, which only grow, so
 * an answer stays right as long as their sizes have not changed.  Most
 * calls are for the same few hundred people, so this saves nearly all
 * the parsing and formatting.
 */
static size_t dedup_gen(const struct lookup *lk)
{
	return lk->dedup_name.nr + lk->dedup_addr.nr;
}

static void reset_caches(struct gitroles *gr, const struct lookup *lk)
{
	if (gr->dedup_lk == lk)
		return;
	clear_caches(gr);
	strmap_init(&gr->dedup_cache);
	strmap_init(&gr->mailmap_cache);
	gr->dedup_lk = lk;
}

static void dedup_email(struct gitroles *gr, struct lookup *lk, char **email)
{
	struct strmap_entry *e;
	struct dedup_entry *d;

	reset_caches(gr, lk);
	e = strmap_insert(&gr->dedup_cache, *email, strlen(*email));
	d = e->value;
	if (d && d->gen == dedup_gen(lk)) {
		free(*email);
		*email = xstrdup(d->result);
		return;
	}
	lookup_dedup_email(lk, email);
	if (!d)
		e->value = d = xcalloc(1, sizeof(*d));
	free(d->result);
	d->result = xstrdup(*email);
	d->gen = dedup_gen(lk);
}

/* gm_mailmap_email(), remembered: the map does not change. */
static const char *mailmapped(struct gitroles *gr, struct lookup *lk,
			      const char *line)
{
	struct strmap_entry *e;

	reset_caches(gr, lk);
	e = strmap_insert(&gr->mailmap_cache, line, strlen(line));
	if (!e->value) {
		struct strbuf out = STRBUF_INIT;

		gm_mailmap_email(lk->mm, line, &out);
		e->value = strbuf_detach(&out, NULL);
	}
	return e->value;
}

/*
 * extract_formatted_signatures(): s/\s*.*:\s*(.+)\s* /$1/ -- everything
 * after the last colon that has something after it, white space
 * skipped (but one character always kept).
 */
static char *extract(const char *line)
{
	const char *colon = NULL, *p, *v;
	size_t len = strlen(line);

	for (p = line; *p; p++)
		if (*p == ':' && (size_t)(p - line) + 1 < len)
			colon = p;
	if (!colon)
		return xstrdup(line);
	v = colon + 1;
	while (isspace((unsigned char)*v) && v[1])
		v++;
	return xstrdup(v);
}

struct str_vec {
	char **v;
	size_t nr, alloc;
};

static void vec_push(struct str_vec *l, char *s)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = s;
}

static void vec_clear(struct str_vec *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* Is @key a signature tag the script counts? */
static bool signature_key(const struct gitroles *gr, const char *key)
{
	size_t n = strlen(key);

	if (gr->o->all_signature_types)
		/* "(.+?)[Bb][Yy]:" */
		return n > 2 && !strcasecmp(key + n - 2, "by");
	return !strcmp(key, "Signed-off-by") || !strcmp(key, "Reviewed-by") ||
	       !strcmp(key, "Acked-by");
}

static bool penguin(const char *line)
{
	return strcasestr(line, "Linus Torvalds") != NULL;
}

/* Is the commit flagged HC_SIGLINES (its own lines, not its trailers)? */
static bool own_siglines(struct gitroles *gr, int64_t id)
{
	bool own = false;

	if (reachable(gr, id) && gr->own_siglines)
		return gr->own_siglines[id];
	own = roles_commit_flags(gr->q, id) & HC_SIGLINES;
	return own;
}

/*
 * The script's signature pattern, on a line whose leading white space
 * is gone: /^(Signed-off-by:|Reviewed-by:|Acked-by:).*\@/, or with
 * --git-all-signature-types /^(.+?)[Bb][Yy]:.*\@/.
 */
static bool signature_line(const struct gitroles *gr, const char *line)
{
	static const char *const tags[] = {
		"Signed-off-by:", "Reviewed-by:", "Acked-by:"
	};
	size_t i;

	if (gr->o->all_signature_types)
		return hist_is_sigline(line, strlen(line));
	for (i = 0; i < ARRAY_SIZE(tags); i++)
		if (starts_with(line, tags[i]))
			return strchr(line + strlen(tags[i]), '@') != NULL;
	return false;
}

/*
 * The signature lines of commit @id as the script's git log shows them,
 * into @sigs: built from the trailers ("Key: value"), or, for commits
 * where those are not the same lines, the lines kept by the index.
 */
struct sig_walk {
	struct gitroles *gr;
	struct str_vec *sigs;
};

static void add_sigline(const char *line, void *data)
{
	struct sig_walk *sw = data;

	if (line && signature_line(sw->gr, line))
		vec_push(sw->sigs, xstrdup(line));
}

static void add_trailer_sig(int64_t k, const char *value, void *data)
{
	struct sig_walk *sw = data;
	struct gitroles *gr = sw->gr;

	if (k < 0 || k >= gr->nr_keys || !gr->signature[k])
		return;
	if (!value || !strchr(value, '@'))
		return;
	vec_push(sw->sigs, xstrfmt("%s: %s", gr->key[k], value));
}

static void commit_signatures(struct gitroles *gr, int64_t id,
			      struct str_vec *sigs)
{
	struct sig_walk sw = { gr, sigs };

	if (own_siglines(gr, id))
		roles_foreach_sigline(gr->q, id, add_sigline, &sw);
	else
		roles_foreach_trailer(gr->q, id, add_trailer_sig, &sw);
}
/* "GitAuthor: %an <%ae>" of commit @id. */
static char *commit_author(struct gitroles *gr, int64_t id)
{
	char *line = roles_author_line(gr->q, id);

	return line ? line : xstrdup("GitAuthor:  <>");
}

/* Penguins out (unless asked for), cut after the colon, deduplicated. */
static void format_signers(struct gitroles *gr, struct lookup *lk,
			   struct str_vec *sigs)
{
	size_t i, j = 0;

	for (i = 0; i < sigs->nr; i++) {
		if (!gr->o->chiefs && penguin(sigs->v[i])) {
			free(sigs->v[i]);
			continue;
		}
		sigs->v[j++] = sigs->v[i];
	}
	sigs->nr = j;
	for (i = 0; i < sigs->nr; i++) {
		char *s = extract(sigs->v[i]);

		free(sigs->v[i]);
		dedup_email(gr, lk, &s);
		sigs->v[i] = s;
	}
}

struct counted {
	char *line;
	long count;
};

static int cmp_counted(const void *a, const void *b)
{
	const struct counted *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->line, y->line);
}

/*
 * Only git-derived people are checked against the ignore list, so it is
 * read the first time one is: reading it validates each line as RFC 822,
 * which costs more than a whole lookup without git.
 */
static bool ignored(struct gitroles *gr, const char *line)
{
	size_t i;

	if (!gr->ignore_read) {
		read_ignore(gr);
		gr->ignore_read = true;
	}
	for (i = 0; i < gr->nr_ignore; i++)
		if (!strcmp(gr->ignore[i], line))
			return true;
	return false;
}

/*
 * vcs_assign(): @lines with weights (NULL: 1 each), mailmapped, counted,
 * ranked, cut, and given to the lookup.
 */
static void assign(struct gitroles *gr, struct lookup *lk, const char *role,
		   long divisor, char **lines, const long *weights, size_t nr)
{
	struct strmap counts;
	struct counted *v = NULL;
	size_t nv = 0, i;
	int shown = 0;

	if (!nr)
		return;
	if (divisor <= 0) {
		fprintf(stderr, "Bad divisor in main::vcs_assign: %ld\n",
			divisor);
		divisor = 1;
	}
	strmap_init(&counts);
	for (i = 0; i < nr; i++) {
		struct strmap_entry *e;

		const char *m = mailmapped(gr, lk, lines[i]);

		e = strmap_insert(&counts, m, strlen(m));
		if (!e->value) {
			v = xrealloc(v, (nv + 1) * sizeof(*v));
			v[nv].line = e->key;
			v[nv].count = 0;
			e->value = (void *)(++nv);
		}
		v[(size_t)e->value - 1].count += weights ? weights[i] : 1;
	}
	qsort(v, nv, sizeof(*v), cmp_counted);
	for (i = 0; i < nv; i++) {
		double percent = (double)v[i].count * 100.0 / (double)divisor;

		if (percent > 100)
			percent = 100;
		if (ignored(gr, v[i].line))
			continue;
		shown++;
		if (v[i].count < gr->o->min_signatures ||
		    shown > gr->o->max_maintainers ||
		    percent < gr->o->min_percent)
			break;
		lookup_push_email(lk, v[i].line, "");
		if (gr->o->rolestats) {
			char *r = xstrfmt("%s:%ld/%ld=%.0f%%", role, v[i].count,
					  divisor, percent);

			lookup_add_role(lk, v[i].line, r);
			free(r);
		} else {
			lookup_add_role(lk, v[i].line, role);
		}
	}
	free(v);
	strmap_clear(&counts, false);
}

/* vcs_file_signoffs() */
static void file_signoffs(struct gitroles *gr, struct lookup *lk,
			  const char *file)
{
	struct fcommits fc = { 0 };
	struct str_vec authors = { 0 }, sigs = { 0 };
	bool stats_ok = true;
	size_t i;

	if (ends_with(file, "/"))
		dir_commits(gr, file, &fc);
	else
		file_commits(gr, file, &fc);
	for (i = 0; i < fc.nr; i++) {
		vec_push(&authors, commit_author(gr, fc.v[i].id));
		commit_signatures(gr, fc.v[i].id, &sigs);
		stats_ok &= fc.v[i].stat_ok;
	}
	/* extract_formatted_signatures(): the authors first */
	for (i = 0; i < authors.nr; i++) {
		char *s = extract(authors.v[i]);

		free(authors.v[i]);
		dedup_email(gr, lk, &s);
		authors.v[i] = s;
	}
	format_signers(gr, lk, &sigs);
	for (i = 0; i < sigs.nr; i++)
		dedup_email(gr, lk, &sigs.v[i]);

	assign(gr, lk, "commit_signer", (long)fc.nr, sigs.v, NULL, sigs.nr);
	assign(gr, lk, "authored", (long)fc.nr, authors.v, NULL, authors.nr);

	if (stats_ok && fc.nr) {
		struct str_vec uniq = { 0 };
		struct strmap seen, dedup;
		long added = 0, removed = 0, *wa, *wr;
		size_t j;

		for (i = 0; i < fc.nr; i++) {
			added += fc.v[i].added;
			removed += fc.v[i].removed;
		}
		/* uniq, deduplicate_email, uniq: first appearance order */
		strmap_init(&seen);
		strmap_init(&dedup);
		for (i = 0; i < authors.nr; i++) {
			struct strmap_entry *e = strmap_insert(&seen,
					authors.v[i], strlen(authors.v[i]));
			char *d;

			if (e->value)
				continue;
			e->value = (void *)1;
			d = xstrdup(authors.v[i]);
			dedup_email(gr, lk, &d);
			vec_push(&uniq, d);
		}
		for (i = j = 0; i < uniq.nr; i++) {
			struct strmap_entry *e = strmap_insert(&dedup,
					uniq.v[i], strlen(uniq.v[i]));

			if (e->value) {
				free(uniq.v[i]);
				continue;
			}
			e->value = (void *)1;
			uniq.v[j++] = uniq.v[i];
		}
		uniq.nr = j;
		strmap_clear(&dedup, false);
		strmap_init(&dedup);
		/* deduplicate_email($authors[$i]) once per distinct author */
		wa = xcalloc(uniq.nr + 1, sizeof(*wa));
		wr = xcalloc(uniq.nr + 1, sizeof(*wr));
		for (i = 0; i < authors.nr; i++) {
			struct strmap_entry *e = strmap_insert(&dedup,
					authors.v[i], strlen(authors.v[i]));

			if (!e->value) {
				char *d = xstrdup(authors.v[i]);

				dedup_email(gr, lk, &d);
				e->value = d;
			}
			for (j = 0; j < uniq.nr; j++)
				if (!strcmp(uniq.v[j], e->value)) {
					wa[j] += fc.v[i].added;
					wr[j] += fc.v[i].removed;
					break;
				}
		}
		/* an author with no lines is in neither list */
		{
			char **la = xcalloc(uniq.nr + 1, sizeof(char *));
			char **lr = xcalloc(uniq.nr + 1, sizeof(char *));
			long *na = xcalloc(uniq.nr + 1, sizeof(long));
			long *nr_ = xcalloc(uniq.nr + 1, sizeof(long));
			size_t ka = 0, kr = 0;

			for (j = 0; j < uniq.nr; j++) {
				if (wa[j] > 0) {
					la[ka] = uniq.v[j];
					na[ka++] = wa[j];
				}
				if (wr[j] > 0) {
					lr[kr] = uniq.v[j];
					nr_[kr++] = wr[j];
				}
			}
			assign(gr, lk, "added_lines", added, la, na, ka);
			assign(gr, lk, "removed_lines", removed, lr, nr_, kr);
			free(la);
			free(lr);
			free(na);
			free(nr_);
		}
		free(wa);
		free(wr);
		strmap_clear(&dedup, true);
		strmap_clear(&seen, false);
		vec_clear(&uniq);
	}
	vec_clear(&authors);
	vec_clear(&sigs);
	free(fc.v);
}

/* vcs_add_commit_signers(FIX, "blamed_fixes") */
static void fix_signers(struct gitroles *gr, struct lookup *lk,
			const char *fix)
{
	int64_t id = idx_lookup_commit(&gr->ix, fix);
	struct str_vec sigs = { 0 };
	size_t i;

	if (!id)
		return;
	commit_signatures(gr, id, &sigs);
	if (!sigs.nr)
		return;
	{
		char *a = commit_author(gr, id), *s = extract(a);

		dedup_email(gr, lk, &s);
		free(s);
		free(a);
	}
	format_signers(gr, lk, &sigs);
	for (i = 0; i < sigs.nr; i++)
		dedup_email(gr, lk, &sigs.v[i]);
	assign(gr, lk, "blamed_fixes", 1, sigs.v, NULL, sigs.nr);
	vec_clear(&sigs);
}

/* "git blame -l [-L START,+LEN] FILE": the commit of each line, appended. */
static void git_blame(const char *file, long start, long len,
		      struct str_vec *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf line = STRBUF_INIT;
	char *range = NULL;
	const char *argv[8];
	size_t n = 0;

	argv[n++] = "git";
	argv[n++] = "blame";
	argv[n++] = "-l";
	if (len >= 0) {
		range = xstrfmt("%ld,+%ld", start, len);
		argv[n++] = "-L";
		argv[n++] = range;
	}
	argv[n++] = "--";
	argv[n++] = file;
	argv[n] = NULL;
	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = -1;
	cp.err = CHILD_NULL;
	if (!start_command(&cp)) {
		while (child_read_record(&cp, &line, '\n') > 0) {
			/*
			 * The script's ^([0-9a-f]+) : a boundary commit's
			 * "^" line never matches it
			 */
			size_t k = strspn(line.buf, "0123456789abcdef");

			if (k && line.buf[k] == ' ')
				vec_push(out, xstrndup(line.buf, k));
		}
		finish_command(&cp);
	}
	free(range);
	strbuf_release(&line);
}

/* vcs_file_blame() */
static void file_blame(struct gitroles *gr, struct lookup *lk,
		       const char *file)
{
	struct str_vec all = { 0 }, commits = { 0 }, signers = { 0 };
	struct str_vec blame_signers = { 0 };
	struct strmap seen;
	size_t i, j;

	if (!is_file(file))
		return;
	if (!gr->nr_ranges) {
		git_blame(file, 0, -1, &all);
	} else {
		for (i = 0; i < gr->nr_ranges; i++)
			if (!strcmp(gr->ranges[i].file, file))
				git_blame(file, gr->ranges[i].start,
					  gr->ranges[i].len, &all);
	}
	strmap_init(&seen);
	for (i = 0; i < all.nr; i++) {
		struct strmap_entry *e = strmap_insert(&seen, all.v[i],
						       strlen(all.v[i]));

		if (!e->value) {
			e->value = (void *)1;
			vec_push(&commits, xstrdup(all.v[i]));
		}
	}
	strmap_clear(&seen, false);

	if (gr->o->blame_signatures) {
		for (i = 0; i < commits.nr; i++) {
			int64_t id = idx_lookup_commit(&gr->ix, commits.v[i]);
			struct str_vec sigs = { 0 };

			if (!id)
				continue;
			commit_signatures(gr, id, &sigs);
			if (sigs.nr) {
				char *a = commit_author(gr, id), *s = extract(a);

				dedup_email(gr, lk, &s);
				free(s);
				free(a);
			}
			format_signers(gr, lk, &sigs);
			for (j = 0; j < sigs.nr; j++)
				vec_push(&signers, sigs.v[j]);
			free(sigs.v);
		}
	}
	if (gr->o->from_filename) {
		if (gr->o->rolestats) {
			for (i = 0; i < commits.nr; i++) {
				int64_t id = idx_lookup_commit(&gr->ix,
							       commits.v[i]);
				struct strbuf name = STRBUF_INIT,
					      addr = STRBUF_INIT,
					      fmt = STRBUF_INIT;
				char *a, *d;
				size_t count = 0;

				if (!id)
					continue;
				a = commit_author(gr, id);
				/* vcs_find_author() drops Linus's lines */
				if (!gr->o->chiefs && penguin(a)) {
					free(a);
					continue;
				}
				email_parse(a + strlen("GitAuthor: "), &name, &addr);
				email_format(&fmt, name.buf, addr.buf, true);
				d = strbuf_detach(&fmt, NULL);
				dedup_email(gr, lk, &d);
				for (j = 0; j < all.nr; j++)
					if (strstr(all.v[j], commits.v[i]))
						count++;
				for (j = 0; j < count; j++)
					vec_push(&blame_signers, xstrdup(d));
				free(d);
				free(a);
				strbuf_release(&name);
				strbuf_release(&addr);
			}
			assign(gr, lk, "authored lines", (long)all.nr,
			       blame_signers.v, NULL, blame_signers.nr);
		}
		for (i = 0; i < signers.nr; i++)
			dedup_email(gr, lk, &signers.v[i]);
		assign(gr, lk, "commits", (long)commits.nr, signers.v, NULL,
		       signers.nr);
	} else {
		for (i = 0; i < signers.nr; i++)
			dedup_email(gr, lk, &signers.v[i]);
		assign(gr, lk, "modified commits", (long)commits.nr,
		       signers.v, NULL, signers.nr);
	}
	vec_clear(&all);
	vec_clear(&commits);
	vec_clear(&signers);
	vec_clear(&blame_signers);
}

static bool is_inexact(const struct lookup *lk, const char *file)
{
	size_t i;

	for (i = 0; i < lk->inexact.nr; i++)
		if (!strcmp(lk->inexact.v[i], file))
			return true;
	return false;
}

static void hook(struct lookup *lk, int phase, char **files, size_t nr_files)
{
	struct gitroles *gr = lk->git_data;
	size_t i, j;

	if (phase == LOOKUP_GIT_FILES) {
		for (i = 0; i < nr_files; i++) {
			if (gr->o->git || (gr->o->fallback &&
					   is_inexact(lk, files[i]))) {
				if (!vcs_exists(gr) || !ready(gr, true))
					return;
				file_signoffs(gr, lk, files[i]);
			}
			if (gr->o->blame) {
				if (!vcs_exists(gr) || !ready(gr, false))
					return;
				file_blame(gr, lk, files[i]);
			}
		}
		return;
	}
	/* @fixes = uniq(@fixes) */
	for (i = 0; i < gr->nr_fixes; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(gr->fixes[i], gr->fixes[j]))
				break;
		if (j < i)
			continue;
		if (!vcs_exists(gr) || !ready(gr, false))
			return;
		fix_signers(gr, lk, gr->fixes[i]);
	}
}

void gitroles_attach(struct gitroles *gr, struct lookup *lk)
{
	lk->git_hook = hook;
	lk->git_data = gr;
}
