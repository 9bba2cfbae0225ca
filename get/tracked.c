// SPDX-License-Identifier: GPL-2.0
#include "tracked.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run-command.h"
#include "strbuf.h"

#define CACHE_MAGIC "kmaint tracked 1"
#define MAX_ENTRIES 256
/*
 * A file must be this many seconds older than the first git run of the
 * process to vouch for an answer: any later rewrite then has a newer
 * modification time, whatever the clock's granularity.
 */
#define MIN_AGE 2

/* The identity of a file git read, or its absence. */
struct stamp {
	char *path;
	bool missing;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

struct entry {
	char *path;
	bool tracked;
};

/*
 * The files git's answers depend on: the index, and the configuration
 * that may move the work tree (core.worktree).  A .git file names the
 * repository, and so where the cache is: it needs no watching.
 */
enum { ST_INDEX, ST_CONFIG, ST_WTCONFIG, NR_STAMPS };

static struct cache {
	bool loaded;
	time_t start;		/* before this process ran git */
	char *gitdir;		/* where the cache lives; NULL: nowhere */
	char *file;
	/*
	 * valid: worktree and stamps[] are git's answers for the current
	 * files; trusted: they may also be written for later runs.
	 */
	bool valid, trusted;
	char *worktree;
	struct stamp stamps[NR_STAMPS];
	struct entry *entries;
	size_t nr, alloc;
} cache;

/* Variables that change which index git reads, or how it reads a path. */
static const char *const git_env[] = {
	"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
	"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_LITERAL_PATHSPECS",
	"GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS",
};

static bool env_overrides(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(git_env); i++)
		if (getenv(git_env[i]))
			return true;
	return false;
}

/* `git ls-files -- PATH`; its exit status, *tracked if it printed a name */
static int ls_files(const char *path, bool *tracked)
{
	const char *argv[] = { "git", "ls-files", "--", path, NULL };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int rc = capture_command(argv, &out, &err);

	*tracked = !rc && out.len;
	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

static bool ask_git(const char *path)
{
	bool tracked;

	ls_files(path, &tracked);
	return tracked;
}

/* Fill @s from the file system; false if it cannot be known. */
static bool take_stamp(struct stamp *s)
{
	struct stat st;

	if (!s->path)
		return false;
	if (stat(s->path, &st)) {
		s->missing = errno == ENOENT || errno == ENOTDIR;
		return s->missing;
	}
	s->missing = false;
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	s->size = st.st_size;
	s->mtime = st.st_mtim;
	return true;
}

static bool same_stamp(const struct stamp *a, const struct stamp *b)
{
	if (a->missing || b->missing)
		return a->missing == b->missing;
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	       a->mtime.tv_sec == b->mtime.tv_sec &&
	       a->mtime.tv_nsec == b->mtime.tv_nsec;
}

/* Is the file as it was? */
static bool stamp_holds(const struct stamp *s)
{
	struct stamp now = { .path = s->path };

	return take_stamp(&now) && same_stamp(&now, s);
}

/* Was it old enough before this process ran git? */
static bool stamp_old(const struct stamp *s)
{
	return s->missing || s->mtime.tv_sec + MIN_AGE <= cache.start;
}

static void clear_stamps(void)
{
	size_t i;

	for (i = 0; i < NR_STAMPS; i++) {
		free(cache.stamps[i].path);
		memset(&cache.stamps[i], 0, sizeof(cache.stamps[i]));
	}
}

static void clear_entries(void)
{
	size_t i;

	for (i = 0; i < cache.nr; i++)
		free(cache.entries[i].path);
	cache.nr = 0;
}

/* The first line of a small file, without its newline; NULL if none. */
static char *first_line(const char *path)
{
	char *buf, *nl;
	size_t len;

	if (read_file(path, &buf, &len))
		return NULL;
	nl = memchr(buf, '\n', len);
	if (nl)
		*nl = '\0';
	if (strlen(buf) != (nl ? (size_t)(nl - buf) : len)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * Where git keeps the repository of the tree at the current directory:
 * the .git directory, or the one a .git file names ("gitdir: PATH").
 * Only a guess, to find the cache and the files to watch before git is
 * run: whatever is kept is checked against git's own answer first.
 */
static void guess_gitdir(const char *top, char **gitdir, char **commondir)
{
	char *dir = NULL, *line, *common, *p;
	struct stat st;

	*gitdir = *commondir = NULL;
	if (lstat(".git", &st))
		return;
	if (S_ISDIR(st.st_mode)) {
		dir = xstrfmt("%s/.git", top);
	} else if (S_ISREG(st.st_mode) && (line = first_line(".git"))) {
		if (starts_with(line, "gitdir: ") && line[8])
			dir = line[8] == '/' ? xstrdup(line + 8) :
			      xstrfmt("%s/%s", top, line + 8);
		free(line);
	}
	if (!dir)
		return;
	*gitdir = realpath(dir, NULL);
	free(dir);
	if (!*gitdir)
		return;
	/* a linked work tree shares the configuration of its main one */
	p = xstrfmt("%s/commondir", *gitdir);
	line = first_line(p);
	free(p);
	if (!line) {
		*commondir = xstrdup(*gitdir);
		return;
	}
	common = line[0] == '/' ? xstrdup(line) :
		 xstrfmt("%s/%s", *gitdir, line);
	*commondir = realpath(common, NULL);
	free(common);
	free(line);
}

/* The real path of @path, or of its directory for a missing file. */
static char *real_path(const char *path)
{
	char *real = realpath(path, NULL), *dir, *slash;

	if (real || !(slash = strrchr(path, '/')) || slash == path)
		return real;
	dir = xstrndup(path, (size_t)(slash - path));
	real = realpath(dir, NULL);
	free(dir);
	if (real) {
		char *full = xstrfmt("%s%s", real, slash);

		free(real);
		real = full;
	}
	return real;
}

/* Paths git reports may be spelled differently: compare real paths. */
static bool same_path(const char *a, const char *b)
{
	char *ra = real_path(a), *rb = real_path(b);
	bool same = ra && rb && !strcmp(ra, rb);

	free(ra);
	free(rb);
	return same;
}

static void stamp_paths(struct stamp *v, const char *gitdir,
			const char *commondir)
{
	v[ST_INDEX].path = xstrfmt("%s/index", gitdir);
	v[ST_CONFIG].path = xstrfmt("%s/config", commondir);
	v[ST_WTCONFIG].path = xstrfmt("%s/config.worktree", gitdir);
}

static bool take_stamps(struct stamp *v)
{
	size_t i;

	for (i = 0; i < NR_STAMPS; i++) {
		v[i].path = cache.stamps[i].path;
		if (!take_stamp(&v[i]))
			return false;
	}
	return true;
}

static void print_stamp(struct strbuf *sb, const struct stamp *s)
{
	if (s->missing)
		strbuf_addf(sb, "stamp\t-\t%s\n", s->path);
	else
		strbuf_addf(sb, "stamp\t%llu\t%llu\t%lld\t%lld\t%ld\t%s\n",
			    (unsigned long long)s->dev,
			    (unsigned long long)s->ino, (long long)s->size,
			    (long long)s->mtime.tv_sec, (long)s->mtime.tv_nsec,
			    s->path);
}

/* Write the cache, quietly: a cache that cannot be written is none. */
static void save(const char *top)
{
	struct strbuf sb = STRBUF_INIT;
	char *dir, *tmp;
	bool bad;
	size_t i;
	FILE *fp;

	strbuf_addf(&sb, "%s\ntop\t%s\nworktree\t%s\n", CACHE_MAGIC, top,
		    cache.worktree);
	for (i = 0; i < NR_STAMPS; i++)
		print_stamp(&sb, &cache.stamps[i]);
	for (i = 0; i < cache.nr; i++)
		strbuf_addf(&sb, "%d\t%s\n", cache.entries[i].tracked,
			    cache.entries[i].path);
	dir = xstrfmt("%s/kmaint", cache.gitdir);
	tmp = xstrfmt("%s.%d", cache.file, (int)getpid());
	if (mkdir(dir, 0777) && errno != EEXIST)
		goto out;
	fp = fopen(tmp, "w");
	if (!fp)
		goto out;
	/* written whole, then renamed: readers see one version or the other */
	bad = fwrite(sb.buf, 1, sb.len, fp) != sb.len;
	if (fclose(fp) || bad || rename(tmp, cache.file))
		unlink(tmp);
out:
	free(dir);
	free(tmp);
	strbuf_release(&sb);
}

/*
 * Ask git for the work tree and the files it reads, watching those
 * files from before it runs to after: a change in between leaves the
 * answer unkept.
 */
static void refresh(const char *top)
{
	const char *argv[] = {
		"git", "rev-parse", "--show-toplevel", "--path-format=absolute",
		"--absolute-git-dir", "--git-path", "index", "--git-path",
		"config", "--git-path", "config.worktree", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct stamp before[NR_STAMPS], after[NR_STAMPS];
	char *gitdir, *commondir, *line[5], *p;
	bool stable;
	size_t i, n;

	cache.valid = cache.trusted = false;
	clear_entries();
	clear_stamps();
	free(cache.worktree);
	cache.worktree = NULL;
	guess_gitdir(top, &gitdir, &commondir);
	if (!gitdir || !commondir)
		goto out;
	stamp_paths(cache.stamps, gitdir, commondir);
	stable = take_stamps(before);
	if (capture_command(argv, &out, &err))
		goto out;
	for (n = 0, p = out.buf; n < 5 && *p; n++) {
		line[n] = p;
		p = strchrnul(p, '\n');
		if (*p)
			*p++ = '\0';
	}
	if (n != 5 || *p || line[0][0] != '/')
		goto out;
	cache.worktree = xstrdup(line[0]);
	cache.valid = true;
	/* keep nothing unless git read the files we watch, unchanged */
	if (!stable || !take_stamps(after) || !same_path(line[1], gitdir) ||
	    !same_path(line[2], cache.stamps[ST_INDEX].path) ||
	    !same_path(line[3], cache.stamps[ST_CONFIG].path) ||
	    !same_path(line[4], cache.stamps[ST_WTCONFIG].path))
		goto out;
	for (i = 0; i < NR_STAMPS; i++) {
		struct stamp *s = &cache.stamps[i];

		if (!same_stamp(&before[i], &after[i]))
			goto out;
		s->missing = after[i].missing;
		s->dev = after[i].dev;
		s->ino = after[i].ino;
		s->size = after[i].size;
		s->mtime = after[i].mtime;
		if (!stamp_old(s))
			goto out;
	}
	cache.trusted = cache.file && same_path(gitdir, cache.gitdir);
	if (cache.trusted)
		save(top);
out:
	free(gitdir);
	free(commondir);
	strbuf_release(&out);
	strbuf_release(&err);
}

/* "stamp\tDEV\tINO\tSIZE\tSEC\tNSEC\tPATH" or "stamp\t-\tPATH" */
static bool parse_stamp(char *s, struct stamp *st)
{
	unsigned long long dev, ino;
	long long size, sec;
	long nsec;
	int n = 0;

	if (starts_with(s, "-\t")) {
		st->missing = true;
		st->path = xstrdup(s + 2);
		return true;
	}
	if (sscanf(s, "%llu\t%llu\t%lld\t%lld\t%ld\t%n", &dev, &ino, &size,
		   &sec, &nsec, &n) != 5 || !n)
		return false;
	st->missing = false;
	st->dev = (dev_t)dev;
	st->ino = (ino_t)ino;
	st->size = (off_t)size;
	st->mtime.tv_sec = (time_t)sec;
	st->mtime.tv_nsec = nsec;
	st->path = xstrdup(s + n);
	return true;
}

static void add_entry(const char *path, bool tracked)
{
	if (cache.nr == MAX_ENTRIES) {
		/* the oldest answer goes */
		free(cache.entries[0].path);
		memmove(cache.entries, cache.entries + 1,
			(cache.nr - 1) * sizeof(*cache.entries));
		cache.nr--;
	}
	ALLOC_GROW(cache.entries, cache.nr + 1, cache.alloc);
	cache.entries[cache.nr].path = xstrdup(path);
	cache.entries[cache.nr++].tracked = tracked;
}

/*
 * Read the cache.  Its work tree and files hold while those files are
 * unchanged; its answers while the index is too.
 */
static void load(const char *top)
{
	struct stamp want[NR_STAMPS] = { { 0 } };
	char *buf, *line, *next, *commondir;
	size_t len, nr_stamps = 0, i;
	bool ok, seen_top = false;

	cache.loaded = true;
	cache.start = time(NULL);
	guess_gitdir(top, &cache.gitdir, &commondir);
	if (!cache.gitdir || !commondir) {
		free(commondir);
		return;
	}
	cache.file = xstrfmt("%s/kmaint/tracked", cache.gitdir);
	/* the files of a repository that moved are other files */
	stamp_paths(want, cache.gitdir, commondir);
	free(commondir);
	if (read_file(cache.file, &buf, &len)) {
		for (i = 0; i < NR_STAMPS; i++)
			free(want[i].path);
		return;
	}
	ok = len && buf[len - 1] == '\n' && strlen(buf) == len;
	for (line = buf; ok && *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		if (line == buf) {
			ok = !strcmp(line, CACHE_MAGIC);
		} else if (starts_with(line, "top\t") && !seen_top) {
			ok = seen_top = !strcmp(line + 4, top);
		} else if (starts_with(line, "worktree\t") && !cache.worktree) {
			cache.worktree = xstrdup(line + 9);
		} else if (starts_with(line, "stamp\t") && nr_stamps < NR_STAMPS) {
			ok = parse_stamp(line + 6, &cache.stamps[nr_stamps++]);
		} else if ((starts_with(line, "0\t") || starts_with(line, "1\t")) &&
			   nr_stamps == NR_STAMPS) {
			add_entry(line + 2, line[0] == '1');
		} else {
			ok = false;
		}
	}
	free(buf);
	ok = ok && seen_top && cache.worktree && nr_stamps == NR_STAMPS;
	for (i = 0; i < NR_STAMPS; i++) {
		ok = ok && !strcmp(cache.stamps[i].path, want[i].path) &&
		     (i == ST_INDEX || stamp_holds(&cache.stamps[i]));
		free(want[i].path);
	}
	if (!ok) {
		clear_entries();
		clear_stamps();
		free(cache.worktree);
		cache.worktree = NULL;
		return;
	}
	cache.valid = cache.trusted = true;
	if (stamp_holds(&cache.stamps[ST_INDEX]))
		return;
	/* a new index: the same work tree, new answers */
	clear_entries();
	if (!take_stamp(&cache.stamps[ST_INDEX]) ||
	    !stamp_old(&cache.stamps[ST_INDEX]))
		cache.trusted = false;
}

/* Does a relative path climb out of the directory it is relative to? */
static bool escapes(const char *path)
{
	const char *p = path;
	int depth = 0;

	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && !strncmp(p, "..", 2))
			depth--;
		else if (n && !(n == 1 && *p == '.'))
			depth++;
		if (depth < 0)
			return true;
		p += n;
		while (*p == '/')
			p++;
	}
	return false;
}

/* @path is @dir or below it; case-blind when @icase */
static bool below(const char *path, const char *dir, bool icase)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return true;
	if (icase ? strncasecmp(path, dir, n) : strncmp(path, dir, n))
		return false;
	return path[n] == '/' || !path[n];
}

enum where { KEYED, OUTSIDE, ASK };

/*
 * git's lexical clean-up of an absolute path: no ".", no "//", each
 * ".." takes the part before it away.  False if ".." climbs above "/",
 * which git refuses.
 */
static bool normalize(const char *path, struct strbuf *out)
{
	const char *p = path;

	strbuf_reset(out);
	while (*p) {
		size_t n;

		while (*p == '/')
			p++;
		n = strcspn(p, "/");
		if (n == 2 && !strncmp(p, "..", 2)) {
			char *slash = strrchr(out->buf, '/');

			if (!slash)
				return false;
			strbuf_setlen(out, (size_t)(slash - out->buf));
		} else if (n && !(n == 1 && *p == '.')) {
			strbuf_addch(out, '/');
			strbuf_add(out, p, n);
		}
		p += n;
	}
	if (!out->len)
		strbuf_addch(out, '/');
	return true;
}

/*
 * Is an absolute path out of the work tree by git's own test?  After
 * the clean-up above, git takes a path below the work tree's name as it
 * is, else it resolves each leading part in turn and takes the rest as
 * in the work tree if one resolves to it.  A part that is no symbolic
 * link resolves to its parent's resolution and its own name, so only
 * links need resolving.  Names are compared without case, in case git
 * ignores it: that can only send a path to git.
 */
static enum where absolute_where(const char *path, const char *worktree)
{
	struct strbuf norm = STRBUF_INIT, resolved = STRBUF_INIT;
	enum where ret = OUTSIDE;
	char *p;

	if (!normalize(path, &norm))
		goto out;
	if (below(norm.buf, worktree, false)) {
		ret = KEYED;
		goto out;
	}
	if (below(norm.buf, worktree, true)) {
		ret = ASK;
		goto out;
	}
	for (p = norm.buf; *p;) {
		char *end = strchrnul(p + 1, '/'), c = *end;
		struct stat st;

		/* norm.buf up to @end is the part */
		*end = '\0';
		if (lstat(norm.buf, &st)) {
			ret = ASK;
		} else if (S_ISLNK(st.st_mode)) {
			char *real = realpath(norm.buf, NULL);

			if (real) {
				strbuf_reset(&resolved);
				strbuf_addstr(&resolved, real);
				free(real);
			} else {
				ret = ASK;
			}
		} else {
			strbuf_add(&resolved, p, (size_t)(end - p));
		}
		*end = c;
		if (ret == ASK || !strcasecmp(resolved.buf, worktree)) {
			ret = ASK;
			break;
		}
		p = end;
	}
out:
	strbuf_release(&norm);
	strbuf_release(&resolved);
	return ret;
}

static enum where where(const char *top, const char *path)
{
	if (strchr(path, '\n'))
		return ASK;
	if (path[0] == '/')
		return absolute_where(path, cache.worktree);
	/* git reads "../x" from the top of its work tree as outside it */
	if (!strcmp(top, cache.worktree) && escapes(path))
		return OUTSIDE;
	return KEYED;
}

/*
 * git refuses a repository someone else owns unless configured to
 * trust it; answers are kept only where it never refuses.
 */
static bool owned(const char *top)
{
	const char *paths[] = { top, ".git", cache.gitdir, cache.worktree };
	uid_t uid = geteuid();
	size_t i;

	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		struct stat st;

		if (lstat(paths[i], &st) || st.st_uid != uid)
			return false;
	}
	return true;
}

bool git_tracked(const char *top, const char *path)
{
	bool tracked;
	size_t i;
	int rc;

	if (env_overrides())
		return ask_git(path);
	if (!cache.loaded)
		load(top);
	if (!cache.valid)
		refresh(top);
	if (!cache.valid)
		return ask_git(path);
	switch (where(top, path)) {
	case OUTSIDE:
		return false;
	case ASK:
		return ask_git(path);
	case KEYED:
		break;
	}
	if (!owned(top))
		return ask_git(path);
	for (i = 0; i < cache.nr; i++)
		if (!strcmp(cache.entries[i].path, path))
			return cache.entries[i].tracked;
	rc = ls_files(path, &tracked);
	if (rc || !cache.trusted)
		return tracked;
	for (i = 0; i < NR_STAMPS; i++)
		if (!stamp_holds(&cache.stamps[i]))
			return tracked;
	add_entry(path, tracked);
	save(top);
	return tracked;
}
