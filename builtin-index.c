// SPDX-License-Identifier: GPL-2.0
/*
 * kmaint index: build or update the history index (store/index.h).
 *
 * A run indexes "rev-list NEW --not OLD", where OLD are the tips the
 * last complete run indexed.  Before anything is inserted the new tips
 * are recorded as "pending"; commits go in by batches, each one
 * transaction, so a run killed at any moment leaves whole commits only,
 * and the next run, seeing "pending", skips the commits already there.
 * Indexed commits no longer reachable (a rewritten branch) are deleted.
 *
 * That is a first build, or a --rebuild: there is no complete state to
 * keep.  An update of a complete index is one transaction, its batches
 * savepoints (idx_hold()): readers answer from the last complete state
 * until it commits, and an update that fails (a full disk) is rolled
 * back whole, the reason kept as "stopped" for the readers to tell.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "git-log.h"
#include "derived.h"
#include "identity.h"
#include "identity-table.h"
#include "git-mailmap.h"
#include "archive.h"
#include "index.h"
#include "list-store.h"
#include "lockfile.h"
#include "maintainers.h"
#include "parse-options.h"
#include "pathmap.h"
#include "queries.h"
#include "run-command.h"
#include "summary.h"
#include "util.h"

#define BATCH_COMMITS 5000
#define BATCH_ROWS 200000
/* long enough for an update, not for a first build of a big history */
#define LOCK_TIMEOUT 300

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "git ARGS" with stderr discarded; the output without its newline. */
static int git_out(struct strbuf *out, const char **args)
{
	struct strbuf err = STRBUF_INIT;
	int rc;

	strbuf_reset(out);
	rc = capture_git(args, out, &err);
	strbuf_release(&err);
	if (!rc)
		strbuf_trim(out);
	return rc;
}

static bool commit_exists(const char *hash)
{
	struct strbuf out = STRBUF_INIT;
	char *obj = xstrfmt("%s^{commit}", hash);
	const char *args[] = { "rev-parse", "-q", "--verify", obj, NULL };
	bool ok = !git_out(&out, args);

	free(obj);
	strbuf_release(&out);
	return ok;
}

/* Split a space-separated list into a NULL-terminated array. */
static void split_words(const char *s, struct opt_list *out)
{
	while (s && *s) {
		size_t n = strcspn(s, " ");

		if (n)
			opt_list_push(out, xstrndup(s, n));
		s += n;
		while (*s == ' ')
			s++;
	}
	opt_list_push(out, NULL);
	out->nr--;
}

static char *join_words(const struct opt_list *l)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < l->nr; i++) {
		if (i)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, l->v[i]);
	}
	return strbuf_detach(&sb, NULL);
}

static void free_words(struct opt_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free((char *)l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static void add_unique(struct opt_list *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i], s))
			return;
	ALLOC_GROW(l->v, l->nr + 2, l->alloc);
	l->v[l->nr++] = xstrdup(s);
	l->v[l->nr] = NULL;
}

static bool skip_indexed(const char *hash, void *data)
{
	return idx_has_commit(data, hash);
}

struct progress {
	bool on;
	long total, done;
	double start, last;
};

static void progress_show(struct progress *p, bool final)
{
	double t = now(), rate;

	if (!p->on || (!final && t - p->last < 0.5))
		return;
	p->last = t;
	rate = t > p->start ? (double)p->done / (t - p->start) : 0;
	fprintf(stderr, "\rindexing: %ld/%ld commits (%ld%%), %.0f/s",
		p->done, p->total, p->total ? p->done * 100 / p->total : 100,
		rate);
	if (!final && rate > 0) {
		long left = (long)((double)(p->total - p->done) / rate);

		fprintf(stderr, ", %ld:%02ld left   ", left / 60, left % 60);
	} else {
		fprintf(stderr, "%-16s", final ? ", done." : "");
	}
	if (final)
		fputc('\n', stderr);
}

/* Write the lines of a git command's stdout to a temporary file. */
static FILE *git_to_file(const char **argv)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	FILE *fp = tmpfile();

	if (!fp)
		die_errno("cannot create a temporary file");
	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = fileno(fp);
	cp.err = CHILD_NULL;
	if (run_command(&cp)) {
		fclose(fp);
		return NULL;
	}
	rewind(fp);
	return fp;
}

/* Delete indexed commits that @new_tips no longer reach. */
static long drop_unreachable(struct idx *ix, const struct opt_list *old,
			     const struct opt_list *new_tips)
{
	const char **argv = NULL;
	size_t nr = 0, alloc = 0, i;
	bool all_exist = true;
	FILE *fp;
	long n;

	if (!old->nr)
		return 0;
	for (i = 0; i < old->nr; i++)
		if (!commit_exists(old->v[i]))
			all_exist = false;
	ALLOC_GROW(argv, nr + 3, alloc);
	argv[nr++] = "git";
	argv[nr++] = "rev-list";
	if (all_exist) {
		/* the usual case: what the old tips reach and the new do not */
		for (i = 0; i < old->nr; i++) {
			ALLOC_GROW(argv, nr + 1, alloc);
			argv[nr++] = old->v[i];
		}
		ALLOC_GROW(argv, nr + 1, alloc);
		argv[nr++] = "--not";
	}
	for (i = 0; i < new_tips->nr; i++) {
		ALLOC_GROW(argv, nr + 1, alloc);
		argv[nr++] = new_tips->v[i];
	}
	ALLOC_GROW(argv, nr + 1, alloc);
	argv[nr] = NULL;
	fp = git_to_file(argv);
	free(argv);
	if (!fp)
		return error("git rev-list failed");
	/* an old tip is gone (gc'd): keep exactly what the new tips reach */
	n = all_exist ? idx_delete_listed(ix, fp) : idx_prune(ix, fp);
	fclose(fp);
	return n;
}

static int64_t file_size(const char *path)
{
	struct stat st;
	int64_t n = 0;
	char *wal = xstrfmt("%s-wal", path);

	if (!stat(path, &st))
		n += st.st_size;
	if (!stat(wal, &st))
		n += st.st_size;
	free(wal);
	return n;
}

static void print_figure(const char *name, int64_t v, void *data)
{
	int64_t *commits = data;

	if (!strcmp(name, "commits"))
		*commits = v;
	printf("%s %lld\n", name, (long long)v);
}

static void print_trailer_count(const char *key, int64_t n, void *data)
{
	printf("trailer %s %lld\n", key, (long long)n);
}

/* --stats: the figures tests compare against git's own. */
static int show_stats(struct idx *ix)
{
	int64_t commits = 0;

	idx_foreach_figure(ix, print_figure, &commits);
	idx_foreach_trailer_key_count(ix, print_trailer_count, NULL);
	printf("bytes %lld\n", (long long)file_size(ix->path));
	printf("bytes-per-commit %lld\n", commits ?
	       (long long)(file_size(ix->path) / commits) : 0LL);
	return 0;
}

static void report_missing(const struct strbuf *missing)
{
	const char *p = missing->buf;
	long n = (long)count_char(missing->buf, '\n'), shown = 0;

	if (!n)
		return;
	warning("%ld changed paths have unreadable blobs; their line counts "
		"are unknown (NULL):", n);
	while (*p && shown < 20) {
		const char *nl = strchrnul(p, '\n');

		fprintf(stderr, "  %.*s\n", (int)(nl - p), p);
		shown++;
		p = *nl ? nl + 1 : nl;
	}
	if (n > shown)
		fprintf(stderr, "  ... and %ld more\n", n - shown);
}

/*
 * Messages lost (their blob missing from the archive) matter most: each
 * is named, first, on standard error, even with --quiet.
 */
static void report_lost(const struct lists_report *rep)
{
	if (!rep->missing)
		return;
	warning("%ld message%s missing from %s archive; the rest is "
		"indexed:", rep->missing, rep->missing == 1 ? " is" : "s are",
		rep->missing == 1 ? "its" : "their");
	fputs(rep->lost.buf, stderr);
}

/* The count of each kind of problem, lost messages first; then the
 * first routine notes. */
static void report_problems(const struct lists_report *rep)
{
	const char *sep = "";
	size_t k;

	if (!rep->missing && !rep->nr_named)
		return;
	printf("lists: %ld messages with problems:", rep->problems + rep->missing);
	if (rep->by_kind[LISTS_MISSING]) {
		printf(" %s %ld", lists_problem_name(LISTS_MISSING),
		       rep->by_kind[LISTS_MISSING]);
		sep = ",";
	}
	for (k = 0; k < ARRAY_SIZE(rep->by_kind); k++)
		if (rep->by_kind[k] && k != LISTS_MISSING) {
			printf("%s %s %ld", sep, lists_problem_name((int)k),
			       rep->by_kind[k]);
			sep = ",";
		}
	printf("\n%s", rep->named.buf);
	if (rep->nr_named > LISTS_MAX_NAMED)
		printf("... and %ld more (table msg_problems)\n",
		       rep->nr_named - LISTS_MAX_NAMED);
}

static void print_lists_summary(struct idx *ix, const struct lists_report *rep,
				size_t nr, long pids, long links, double t0)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	printf("lists: %ld messages added, %ld deleted from %zu archives, "
	       "%lld in the index, %ld commit patch-ids, %ld links, "
	       "%.1f s, peak memory %ld MB\n", rep->added, rep->deleted, nr,
	       (long long)idx_count(ix, "messages"), pids, links,
	       now() - t0, (ru.ru_maxrss + 1023) / 1024);
}

/*
 * A run that read no commit (@same_tips) and registers no archive has
 * nothing to do for the lists when no archive moved from its cursors:
 * a few reads (lists_unchanged()) rather than the update's passes.
 * true when it printed what the update would have.
 */
static bool lists_settled(struct idx *ix, bool same_tips, bool quiet)
{
	struct lists_source *src;
	struct lists_report rep;
	size_t nr;
	double t0 = now();
	bool same;

	if (!same_tips || lists_sources(ix, &src, &nr))
		return false;
	same = lists_unchanged(ix, src, nr);
	if (same && !quiet && nr) {
		lists_report_init(&rep);
		print_lists_summary(ix, &rep, nr, 0, 0, t0);
		lists_report_release(&rep);
	}
	lists_sources_free(src, nr);
	return same;
}

/*
 * The mailing lists: register the --inbox archives, read what is new in
 * every registered one, then patch-ids of the commits postings could
 * have become and the links between them.  0, or 1 when some archive
 * could not be read completely.
 */
static int update_lists(struct idx *ix, const struct opt_list *inboxes,
			const char *list_name, int jobs, int batch, bool quiet)
{
	struct lists_update_opts o = {
		.jobs = jobs, .batch = batch, .progress = !quiet && isatty(2)
	};
	struct lists_source *src;
	struct lists_report rep;
	int64_t *fresh = xcalloc(inboxes->nr + 1, sizeof(*fresh));
	size_t nr, i, j;
	struct lists_prefetch *pf;
	long links, pids, more;
	double t0 = now(), t1, t2;
	int rc = 0;

	for (i = 0; i < inboxes->nr; i++) {
		enum inbox_kind kind;

		if (inbox_detect(inboxes->v[i], &kind))
			die("cannot use '%s' as a mail archive", inboxes->v[i]);
		if (idx_begin(ix) ||
		    (fresh[i] = lists_register(ix, inboxes->v[i], kind)) < 0 ||
		    idx_commit(ix))
			die("cannot update the index");
	}
	if (lists_sources(ix, &src, &nr))
		die("cannot read the index");
	/* a first import: the indexes no reading needs are made at the end */
	if (!idx_count(ix, "messages") && idx_drop_list_indexes(ix))
		die("cannot update the index");
	/* commits' patch-ids, while the archives are read */
	pf = lists_patchids_prefetch(ix, src, nr);
	o.prefetch = pf;
	lists_report_init(&rep);
	for (i = 0; i < nr; i++) {
		bool given = false;

		for (j = 0; j < inboxes->nr; j++)
			given |= fresh[j] == src[i].id;
		o.list_name = given ? list_name : NULL;
		if (lists_update(ix, &src[i], &o, &rep))
			rc = 1;
	}
	if (idx_begin(ix) || idx_create_indexes_lean(ix) || idx_commit(ix))
		die("cannot update the index");
	t1 = now();
	pids = lists_patchids_finish(ix, pf);
	more = lists_commit_patchids(ix, 0);
	pids = pids < 0 || more < 0 ? -1 : pids + more;
	t2 = now();
	links = lists_link(ix, rep.oldest_added);
	if (getenv("KMAINT_DEBUG"))
		fprintf(stderr, "lists: read %.2f s, commit patch-ids %.2f s, "
			"links %.2f s\n", t1 - t0, t2 - t1, now() - t2);
	if (pids < 0 || links < 0)
		die("cannot update the index");
	report_lost(&rep);
	if (!quiet && nr) {
		print_lists_summary(ix, &rep, nr, pids, links, t0);
		report_problems(&rep);
	}
	lists_report_release(&rep);
	lists_sources_free(src, nr);
	free(fresh);
	return rc;
}

/* --stats, --verify, --show-blob: questions to an existing index. */
static int read_only(const char *path, int stats, const char *verify_arg,
		     const char *show_blob)
{
	struct idx ix;
	int rc = 0;

	if (idx_open(&ix, path, IDX_READONLY))
		return 1;
	if (show_blob) {
		struct strbuf text = STRBUF_INIT;

		if (idx_blob_text(&ix, show_blob, &text)) {
			error("blob %s is not in the index", show_blob);
			rc = 1;
		} else {
			fwrite(text.buf, 1, text.len, stdout);
		}
		strbuf_release(&text);
	}
	if (stats) {
		rc |= show_stats(&ix);
		if (idx_query_int(&ix, "SELECT count(*) FROM sources") > 0)
			lists_print_stats(&ix, stdout);
	}
	if (verify_arg) {
		int n = *verify_arg ? atoi(verify_arg) : 100;

		rc |= idx_verify_rows(&ix);
		rc |= idx_verify_summary(&ix) ? 1 : 0;
		rc |= derived_verify(&ix) ? 1 : 0;
		rc |= identity_verify(&ix) ? 1 : 0;
		rc |= pathmap_verify(&ix) ? 1 : 0;
		rc |= idx_verify_commits(&ix, n);
		if (idx_query_int(&ix, "SELECT count(*) FROM messages") > 0)
			rc |= lists_verify(&ix, n) || lists_verify_counts(&ix) ? 1 : 0;
	}
	idx_close(&ix);
	return rc;
}


/* One "kmaint index" run that updates the index: its options and state. */
struct index_run {
	const char *path;
	int quiet, jobs, batch, no_renames, lock_timeout;
	struct lockfile lock;
	struct idx ix;
	struct ident_mailmap *mm;
	struct opt_list new_tips, old_tips, pending, old_all;
	char *tips_str;
	bool same_tips;		/* the tips of the last complete run */
	bool shallow;		/* a shallow clone */
	long added, gone;
	struct strbuf missing;
	double t0;
};

static void stale_lock(const char *lock, long pid, const char *host)
{
	warning("removed '%s', left by 'kmaint index' (pid %ld on %s), "
		"which is no longer running", lock, pid, host);
}

/*
 * One writer at a time: two runs would both insert what is new.  The
 * second waits for the first, up to --lock-timeout seconds, and then
 * reads what is new after it.
 */
static void take_lock(struct index_run *r)
{
	char host[256] = "?";
	long pid = 0;
	int rc;

	/* the lock lives beside the index, in a directory made for both */
	if (idx_mkdir_parent(r->path))
		die("cannot lock the index");
	rc = lock_take(&r->lock, r->path, 0, stale_lock);

	if (rc == LOCK_BUSY && r->lock_timeout > 0) {
		lock_holder(r->lock.path, &pid, host, sizeof(host));
		if (!r->quiet)
			fprintf(stderr, "waiting for 'kmaint index' (pid %ld on "
				"%s) to finish with the index\n", pid, host);
		free(r->lock.path);
		rc = lock_take(&r->lock, r->path, r->lock_timeout, stale_lock);
	}
	if (rc == LOCK_ERROR)
		die("cannot lock the index");
	if (rc == LOCK_BUSY) {
		lock_holder(r->lock.path, &pid, host, sizeof(host));
		die("another 'kmaint index' (pid %ld on %s) is updating the index; "
		    "gave up after %d s (--lock-timeout); if it is not running, "
		    "remove '%s'", pid, host, r->lock_timeout, r->lock.path);
	}
}

/* The tips to index, as commit ids (a branch named HEAD is fine). */
static void resolve_tips(struct opt_list *operands, struct opt_list *tips)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	if (!operands->nr)
		opt_list_push(operands, "HEAD");
	for (i = 0; i < operands->nr; i++) {
		char *obj = xstrfmt("%s^{commit}", operands->v[i]);
		const char *args[] = {
			"rev-parse", "-q", "--verify", "--end-of-options", obj, NULL
		};

		if (git_out(&out, args)) {
			const char *any[] = { "rev-list", "-n1", "--all", NULL };

			free(obj);
			if (!strcmp(operands->v[i], "HEAD") &&
			    !git_out(&out, any) && !out.len)
				die("empty repository: there is no commit to index");
			die("'%s' is not a commit", operands->v[i]);
		}
		add_unique(tips, out.buf);
		free(obj);
	}
	strbuf_release(&out);
}

static void remove_index_files(const char *path)
{
	char *wal = xstrfmt("%s-wal", path), *shm = xstrfmt("%s-shm", path);

	unlink(path);
	unlink(wal);
	unlink(shm);
	free(wal);
	free(shm);
}

/*
 * --rebuild: empty the index in one transaction that also records the
 * run as pending, so that readers see the old index or one that says
 * it is being made, never an empty one that looks complete.  The
 * registered archives are kept, to be read again.  A damaged index is
 * what --rebuild is for: what it holds cannot be trusted, so it is
 * removed and made anew (the archives kept when they can be read).
 */
static void rebuild_index(struct index_run *r)
{
	struct lists_source *keep = NULL;
	size_t nr_keep = 0, i;
	bool fresh = true;

	idx_damage_is_fatal(false);
	if (is_file(r->path) && !idx_open(&r->ix, r->path, IDX_CREATE)) {
		if (lists_sources(&r->ix, &keep, &nr_keep))
			warning("the registered archives could not be read "
				"from the old index; register them again with "
				"--inbox");
		else if (!idx_begin(&r->ix) && !idx_clear(&r->ix))
			fresh = false;
		if (fresh) {
			idx_rollback(&r->ix);
			idx_close(&r->ix);
		}
	} else if (is_file(r->path)) {
		warning("the registered archives could not be read from the "
			"old index; register them again with --inbox");
	}
	idx_damage_is_fatal(true);
	if (fresh) {
		remove_index_files(r->path);
		if (idx_open(&r->ix, r->path, IDX_CREATE) || idx_begin(&r->ix))
			die("cannot open the index (--db PATH puts it elsewhere)");
	}
	for (i = 0; i < nr_keep; i++) {
		if (lists_restore(&r->ix, keep[i].path, keep[i].kind,
				  keep[i].list, keep[i].list_from) < 0)
			die("cannot update the index");
	}
	lists_sources_free(keep, nr_keep);
	if (idx_meta_set(&r->ix, "pending", r->tips_str) || idx_commit(&r->ix))
		die("cannot update the index");
}

/* Open the index for writing; with @rebuild empty it first. */
static void open_for_update(struct index_run *r, bool rebuild)
{
	r->tips_str = join_words(&r->new_tips);
	if (rebuild)
		rebuild_index(r);
	else if (idx_open(&r->ix, r->path, IDX_CREATE))
		die("cannot open the index (--db PATH puts it elsewhere)");
}

/*
 * An index made by an older kmaint lacks what this one stores of each
 * commit (today the signature lines outside the trailers: meta
 * "siglines"): its history is read again, in place, the mail archives
 * kept, rather than asking for --rebuild.
 */
static void upgrade_history(struct index_run *r)
{
	char *v = idx_meta_get(&r->ix, "siglines");
	bool current = v && !strcmp(v, "all");
	int64_t n;

	free(v);
	if (current)
		return;
	n = idx_count(&r->ix, "commits");
	if (n > 0)
		fprintf(stderr, "%s: upgrading the index made by an older "
			"kmaint: reading its %lld commits again (the mail "
			"archives are kept)\n", progname, (long long)n);
	if (idx_begin(&r->ix) || idx_forget_history(&r->ix) < 0 ||
	    idx_commit(&r->ix))
		die("cannot update the index");
}

static struct index_run *running;	/* for stop_update() at exit */

/*
 * An update that fails is rolled back whole; why it stopped is kept for
 * the readers (store/scope.c), who answer from the state it leaves.
 */
static void record_stop(struct index_run *r, const char *why)
{
	if (idx_drop_hold(&r->ix))
		return;
	if (idx_begin(&r->ix) || idx_meta_set(&r->ix, "stopped", why) ||
	    idx_commit(&r->ix)) {
		idx_rollback(&r->ix);
		warning("could not record why the update stopped");
	}
	fprintf(stderr, "%s: the update was rolled back: the index keeps its "
		"last complete state, and the next 'kmaint index' starts the "
		"update again\n", progname);
}

static void stop_update(void)
{
	if (running && running->ix.held)
		record_stop(running, *first_failure() ? first_failure() :
			    "'kmaint index' exited before the end");
}

/*
 * An index with a complete state (its tips recorded, no run pending)
 * is updated in one transaction, so that a failure leaves that state.
 */
static void hold_update(struct index_run *r)
{
	char *tips = idx_meta_get(&r->ix, "tips");
	char *pending = idx_meta_get(&r->ix, "pending");
	bool complete = tips && *tips && !(pending && *pending);

	free(tips);
	free(pending);
	if (!complete)
		return;
	if (idx_hold(&r->ix))
		die("cannot update the index");
	running = r;
	atexit(stop_update);
}

/* The end of a run: the held update made visible, or rolled back. */
static void end_update(struct index_run *r, int history_rc, int lists_rc)
{
	if (r->ix.held && (history_rc || lists_rc)) {
		record_stop(r, history_rc ? "some commits could not be read" :
			    *first_failure() ? first_failure() :
			    "an archive could not be read completely");
		return;
	}
	/*
	 * Only now is the run complete: until then readers (store/scope.c)
	 * see "pending" and wait for it rather than read half a first build.
	 */
	if (!history_rc && (idx_begin(&r->ix) ||
			    idx_meta_set(&r->ix, "pending", NULL) ||
			    idx_meta_set(&r->ix, "stopped", NULL) ||
			    idx_commit(&r->ix)))
		die("cannot update the index");
	if (r->ix.held && idx_unhold(&r->ix))
		die("cannot update the index");
}

/* Had the index a history before this run, and no identity model? */
static bool old_history(struct idx *ix)
{
	char *tips = idx_meta_get(ix, "tips");
	bool old = tips && !ident_table_exists(ix);

	free(tips);
	return old;
}

/* The .mailmap: people are mapped again when it changes. */
static void update_mailmap(struct index_run *r)
{
	struct strbuf text = STRBUF_INIT;
	char *v;

	r->mm = ident_mailmap_new();
	if (ident_mailmap_load_repo(r->mm, &text))
		warning("the mailmap could not be read completely");
	r->ix.mailmap = r->mm;
	v = idx_meta_get(&r->ix, "mailmap");
	if (!v || strcmp(v, text.buf)) {
		if (idx_begin(&r->ix) || idx_remap_people(&r->ix) ||
		    derived_forget(&r->ix) ||
		    idx_meta_set(&r->ix, "mailmap", text.buf) ||
		    idx_commit(&r->ix))
			die("cannot update the index");
	}
	free(v);
	strbuf_release(&text);
}

/* One rename setting per index, or counts would not add up. */
static void check_renames(struct index_run *r)
{
	char *v = idx_meta_get(&r->ix, "renames");

	if (v && strcmp(v, r->no_renames ? "0" : "1") &&
	    idx_query_int(&r->ix, "SELECT count(*) FROM commits")) {
		bool with = strcmp(v, "0");

		free(v);
		die("the index was built %s rename detection; use --rebuild "
		    "to change that", with ? "with" : "without");
	}
	free(v);
	if (idx_meta_set(&r->ix, "renames", r->no_renames ? "0" : "1"))
		die("cannot update the index");
}

/*
 * Record what this run is about (the new tips, as "pending") before
 * inserting anything, and delete the commits they no longer reach.
 */
static void start_run(struct index_run *r)
{
	char *v;
	size_t i;

	v = idx_meta_get(&r->ix, "tips");
	split_words(v, &r->old_tips);
	free(v);
	v = idx_meta_get(&r->ix, "pending");
	split_words(v, &r->pending);
	free(v);
	for (i = 0; i < r->old_tips.nr; i++)
		add_unique(&r->old_all, r->old_tips.v[i]);
	for (i = 0; i < r->pending.nr; i++)
		add_unique(&r->old_all, r->pending.v[i]);

	/*
	 * The tips a complete run recorded, nothing pending: every commit
	 * they reach is in, and none is to go (the no-op run, usually).
	 */
	v = idx_meta_get(&r->ix, "tips");
	r->same_tips = !r->pending.nr && v && *v && !strcmp(v, r->tips_str);
	free(v);
	if (idx_begin(&r->ix))
		die("cannot update the index");
	if (!r->same_tips)
		r->gone = drop_unreachable(&r->ix, &r->old_all, &r->new_tips);
	if (r->gone < 0 || idx_meta_set(&r->ix, "pending", r->tips_str) ||
	    idx_commit(&r->ix))
		die("cannot update the index");
}

/* The commits to read, in a temporary file; their number. */
static long list_new_commits(struct index_run *r, FILE **list)
{
	/* exclude the old tips that still exist: all they reach is in */
	const char **excl = xcalloc(r->old_tips.nr + 1, sizeof(char *));
	size_t ne = 0, i;
	bool resume;
	long nr;

	if (r->same_tips) {
		free(excl);
		*list = tmpfile();
		if (!*list)
			die_errno("cannot create a temporary file");
		return 0;
	}
	for (i = 0; i < r->old_tips.nr; i++)
		if (commit_exists(r->old_tips.v[i]))
			excl[ne++] = r->old_tips.v[i];
	/* an interrupted run, or a tip gone: skip what is in already */
	resume = r->pending.nr || r->old_tips.nr != ne;
	nr = history_list(r->new_tips.v, excl, resume ? skip_indexed : NULL,
			  &r->ix, list);
	free(excl);
	if (nr < 0)
		die("git rev-list failed");
	return nr;
}

/*
 * The file whose versions the index keeps: the one this index already
 * tracks (meta "tracked"; an index made before there was a choice has
 * MAINTAINERS), else the first of mnt_known_names[] that some tip has,
 * so that edk2's Maintainers.txt has a history as the kernel's file
 * does.  NULL when there is none.
 */
static const char *tracked_file(struct index_run *r)
{
	struct strbuf out = STRBUF_INIT;
	const char *const *n;
	const char *tracked = NULL;
	char *kept = idx_meta_get(&r->ix, "tracked");
	size_t i;

	for (n = mnt_known_names; *n && !tracked; n++) {
		if (kept && strcmp(kept, *n))
			continue;
		for (i = 0; i < r->new_tips.nr && !tracked; i++) {
			char *obj = xstrfmt("%s:%s", r->new_tips.v[i], *n);
			const char *args[] = { "cat-file", "-e", obj, NULL };

			if (!git_out(&out, args))
				tracked = *n;
			free(obj);
		}
		if (!tracked && (kept || !strcmp(*n, "MAINTAINERS")) &&
		    idx_query_int(&r->ix, "SELECT count(*) FROM maintainers"))
			tracked = *n;
	}
	strbuf_release(&out);
	if (tracked && !kept)
		idx_meta_set(&r->ix, "tracked", tracked);
	free(kept);
	return tracked;
}

/*
 * Read the @nr listed commits and store them by batches, one
 * transaction each; 0, or 1 when some commit could not be read.
 */
static int store_commits(struct index_run *r, FILE *list, long nr)
{
	struct history_opts hopts = { 0 };
	struct progress prog = { 0 };
	struct history *h;
	struct hist_commit *c;
	long rows = 0;
	int rc;

	hopts.jobs = r->jobs;
	hopts.detect_renames = !r->no_renames;
	hopts.want_blob_text = true;
	/* no commit to read, no version of the file to look for */
	hopts.tracked = r->same_tips ? NULL : tracked_file(r);
	prog.on = nr > 0 && !r->quiet && isatty(2);
	prog.total = nr;
	prog.start = prog.last = now();
	h = history_start(list, nr, &hopts);
	if (idx_begin(&r->ix))
		die("cannot update the index");
	while ((c = history_next(h))) {
		if (idx_add_commit(&r->ix, c))
			die("cannot store commit %s", c->hash);
		rows += (long)(c->nr_files + c->nr_trailers + 1);
		hist_commit_release(c);
		free(c);
		r->added++;
		prog.done++;
		if (r->ix.batch >= (r->batch > 0 ? r->batch : BATCH_COMMITS) ||
		    rows >= BATCH_ROWS) {
			if (idx_fault_point(&r->ix, "history") ||
			    idx_commit(&r->ix) || idx_begin(&r->ix))
				die("cannot update the index");
			rows = 0;
		}
		progress_show(&prog, false);
	}
	if (idx_commit(&r->ix))
		die("cannot update the index");
	if (prog.on)
		progress_show(&prog, true);
	rc = history_finish(h, &r->missing);
	return rc;
}

/*
 * Fixes: targets, indexes and the summary; the history is complete (the
 * new tips recorded) only when every commit was read.
 */
static void finish_history(struct index_run *r, int rc)
{
	if (idx_begin(&r->ix) || idx_resolve_fixes(&r->ix, false) < 0 ||
	    idx_create_indexes(&r->ix))
		die("cannot update the index");
	if (idx_fault_point(&r->ix, "summary") || summary_update(&r->ix) ||
	    idx_fault_point(&r->ix, "derived") || derived_update(&r->ix))
		die("cannot update the index");
	if (!rc && idx_meta_set(&r->ix, "tips", r->tips_str))
		die("cannot update the index");
	if (idx_commit(&r->ix))
		die("cannot update the index");
	report_missing(&r->missing);
}

static void note_shallow(const struct index_run *r)
{
	if (r->shallow)
		fprintf(stderr, "note: this is a shallow clone; history "
			"is indexed as far as it goes\n");
}

static double cpu_seconds(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_stime.tv_sec +
	       (double)(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1e6;
}

static void print_summary(struct index_run *r)
{
	int64_t total = idx_count(&r->ix, "commits");
	int64_t bytes = file_size(r->path);
	struct rusage ru, rc_ru;

	/* our own peak, without the git processes' */
	getrusage(RUSAGE_SELF, &ru);
	getrusage(RUSAGE_CHILDREN, &rc_ru);
	printf("indexed %ld new commits, removed %ld, %lld in the index, "
	       "%.1f s, %lld bytes per commit, peak memory %ld MB, "
	       "cpu %.1f s here and %.1f s in git\n",
	       r->added, r->gone, (long long)total, now() - r->t0,
	       total > 0 ? (long long)(bytes / total) : 0LL,
	       (ru.ru_maxrss + 1023) / 1024, cpu_seconds(&ru),
	       cpu_seconds(&rc_ru));
}

static void index_run_release(struct index_run *r)
{
	idx_close(&r->ix);
	lock_release(&r->lock);
	ident_mailmap_free(r->mm);
	free(r->tips_str);
	free_words(&r->old_tips);
	free_words(&r->pending);
	free_words(&r->new_tips);
	free_words(&r->old_all);
	strbuf_release(&r->missing);
}

int cmd_index(int argc, const char **argv)
{
	const char *db_path = NULL, *verify_arg = NULL, *show_blob = NULL,
		   *list_name = NULL;
	struct opt_list inboxes = { 0 }, operands = { 0 };
	struct index_run r = {
		.missing = STRBUF_INIT, .t0 = now(), .lock_timeout = LOCK_TIMEOUT
	};
	int stats = 0, rebuild = 0;
	bool upgrade, lists_read = false;
	struct option opts[] = {
		OPT_DB(&db_path),
		OPT_SET("q|quiet", &r.quiet, "no progress, no summary"),
		OPT_NUM("j|jobs", &r.jobs, "N", "git processes at a time (default: cores)"),
		{ OPT_STRING_OPT, "verify", &verify_arg, 0, "N",
		  "re-check N random commits (default 100) against git" },
		OPT_SET("stats", &stats, "print counts from the index"),
		OPT_STR("show-blob", &show_blob, "BLOB", "print a stored MAINTAINERS version"),
		OPT_SET("no-renames", &r.no_renames, "do not detect renames"),
		OPT_NUM("batch", &r.batch, "N", "commits (5000) or messages (20000) per transaction"),
		OPT_SET("rebuild", &rebuild, "delete the index and build it again"),
		OPT_NUM("lock-timeout", &r.lock_timeout, "SECONDS", "wait this long for another run to finish (300)"),
		OPT_STRLIST("inbox", &inboxes, "PATH", "register and read a mail archive (public-inbox, mbox, Maildir)"),
		OPT_STR("list-name", &list_name, "NAME", "the list the --inbox archives hold, when they do not say"),
		OPT_SET("h|help", &stats, NULL),
		OPT_TERMINATOR
	};
	struct strbuf out = STRBUF_INIT;
	char *path;
	FILE *list;
	size_t i;
	long nr;
	int rc = 0, history_rc, lists_rc = 0;

	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_options("kmaint index [OPTIONS] [REV...]", opts);
			return 0;
		}
	if (parse_options(argc - 1, argv + 1, opts, &operands)) {
		free(operands.v);
		return 129;
	}
	signal(SIGPIPE, SIG_IGN);

	{
		/*
		 * One git for the questions of every run (a process is most
		 * of a no-op): a shallow clone?  Where is the index?
		 */
		const char *args[] = {
			"rev-parse", "--is-shallow-repository",
			"--path-format=absolute", "--git-common-dir", NULL
		};
		const char *nl;

		if (git_out(&out, args) || !(nl = strchr(out.buf, '\n')))
			die("not a git repository: %s", getcwd(NULL, 0));
		r.shallow = starts_with(out.buf, "true\n");
		path = db_path ? xstrdup(db_path) : idx_path_in(nl + 1);
		strbuf_release(&out);
	}

	if (verify_arg && *verify_arg && atoi(verify_arg) <= 0) {
		error("--verify expects a number of commits, not '%s'", verify_arg);
		free(path);
		free(operands.v);
		return 129;
	}
	if (stats || verify_arg || show_blob) {
		rc = read_only(path, stats, verify_arg, show_blob);
		free(path);
		free(operands.v);
		free(inboxes.v);
		return rc;
	}

	if (r.lock_timeout < 0) {
		error("--lock-timeout expects seconds, not %d", r.lock_timeout);
		free(path);
		free(operands.v);
		return 129;
	}
	r.path = path;
	resolve_tips(&operands, &r.new_tips);
	take_lock(&r);
	open_for_update(&r, rebuild);
	upgrade = old_history(&r.ix);
	hold_update(&r);
	upgrade_history(&r);
	update_mailmap(&r);
	check_renames(&r);
	start_run(&r);
	nr = list_new_commits(&r, &list);
	rc = history_rc = store_commits(&r, list, nr);
	fclose(list);
	finish_history(&r, rc);
	note_shallow(&r);
	if (!r.quiet)
		print_summary(&r);
	if (rc)
		error("some commits could not be read; run 'kmaint index' "
		      "again to retry them");
	if (inboxes.nr || idx_query_int(&r.ix, "SELECT count(*) FROM sources") > 0) {
		lists_read = inboxes.nr ||
			     !lists_settled(&r.ix, r.same_tips, r.quiet);
		if (lists_read && update_lists(&r.ix, &inboxes, list_name,
					       r.jobs, r.batch, r.quiet))
			rc = lists_rc = 1;
	} else if (list_name) {
		warning("--list-name is for the archives of --inbox");
	}
	/*
	 * after the lists, whose messages bring people too, and paths: the
	 * path map matches those of the lists as well
	 */
	if (idx_begin(&r.ix) || idx_fault_point(&r.ix, "identity") ||
	    identity_store(&r.ix, upgrade) ||
	    idx_fault_point(&r.ix, "pathmap") ||
	    pathmap_refresh(&r.ix, r.same_tips && !lists_read) ||
	    idx_commit(&r.ix))
		die("cannot update the index");
	end_update(&r, history_rc, lists_rc);
	running = NULL;
	index_run_release(&r);
	free(path);
	free(operands.v);
	free(inboxes.v);
	return rc ? 1 : 0;
}
