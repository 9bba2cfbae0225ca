// SPDX-License-Identifier: GPL-2.0
/*
 * The stamp of report --site (site-stamp.h): a run with the same inputs
 * over the same pages as the last complete one has nothing to do.
 */
#include "site-stamp.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sha256.h"
#include "util.h"

#define STAMP ".kmaint-stamp"

static const char stamp_head[] =
	"# kmaint report --site: what the site in this directory was made\n"
	"# from.  A run whose inputs and pages match it writes nothing;\n"
	"# remove it, or give --force, to make the site again.\n";

void site_stamp_init(struct site_stamp *st)
{
	strbuf_init(&st->in, 0);
}

void site_stamp_release(struct site_stamp *st)
{
	strbuf_release(&st->in);
}

void site_stamp_add(struct site_stamp *st, const char *what,
		    const char *buf, size_t len)
{
	/* length-prefixed, so that no two lists of inputs read the same */
	if (!buf) {
		strbuf_addf(&st->in, "%s -\n", what);
		return;
	}
	strbuf_addf(&st->in, "%s %zu:", what, len);
	strbuf_add(&st->in, buf, len);
	strbuf_addch(&st->in, '\n');
}

void site_stamp_add_str(struct site_stamp *st, const char *what,
			const char *s)
{
	site_stamp_add(st, what, s, s ? strlen(s) : 0);
}

void site_stamp_add_int(struct site_stamp *st, const char *what, long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	site_stamp_add_str(st, what, buf);
}

void site_stamp_add_file(struct site_stamp *st, const char *what,
			 const char *path)
{
	char *buf = NULL;
	size_t len = 0;

	site_stamp_add_str(st, what, path);
	if (!path)
		return;
	if (read_file(path, &buf, &len))
		site_stamp_add_int(st, "missing", errno);
	else
		site_stamp_add(st, what, buf, len);
	free(buf);
}

/* A file's identity: a rewrite changes its ctime, if not its mtime. */
static void add_stat(struct strbuf *out, const struct stat *s)
{
	strbuf_addf(out, " %ju %jd %lld.%09ld %lld.%09ld\n",
		    (uintmax_t)s->st_ino, (intmax_t)s->st_size,
		    (long long)s->st_mtim.tv_sec, s->st_mtim.tv_nsec,
		    (long long)s->st_ctim.tv_sec, s->st_ctim.tv_nsec);
}

void site_stamp_add_self(struct site_stamp *st)
{
	char exe[PATH_MAX], cwd[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct stat s;

	if (n > 0 && (exe[n] = '\0', !stat(exe, &s))) {
		site_stamp_add_str(st, "exe", exe);
		add_stat(&st->in, &s);
	} else {
		/* a build we cannot tell from the next: never the same */
		site_stamp_add_int(st, "exe-unknown", (long long)time(NULL));
		site_stamp_add_int(st, "pid", (long long)getpid());
	}
	site_stamp_add_str(st, "cwd", getcwd(cwd, sizeof(cwd)));
}

static void digest(const struct strbuf *b, char out[64])
{
	sha256_csp(b->buf, b->len, out);
}

static void debug(const char *dir, const char *why)
{
	if (getenv("KMAINT_DEBUG"))
		fprintf(stderr, "site stamp: %s: %s\n", dir, why);
}

/*
 * The pages' side: the manifest's bytes, then each page it lists with
 * its stat; the summary a run making them would print into *@res.
 * false if the manifest or a page cannot be read.
 */
static bool pages_state(const char *dir, struct strbuf *out,
			struct site_result *res)
{
	char *path = xstrfmt("%s/" SITE_MANIFEST, dir), *buf = NULL, *p, *nl;
	size_t len = 0;
	bool ok = !read_file(path, &buf, &len);
	struct stat s;

	memset(res, 0, sizeof(*res));
	free(path);
	if (ok)
		strbuf_add(out, buf, len);
	for (p = buf; ok && p < buf + len; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(buf + len - p));
		if (!nl)
			nl = buf + len;
		*nl = '\0';
		if (!*p || *p == '#')
			continue;
		path = xstrfmt("%s/%s", dir, p);
		ok = !stat(path, &s) && S_ISREG(s.st_mode);
		free(path);
		if (!ok)
			break;
		strbuf_addstr(out, p);
		add_stat(out, &s);
		res->pages++;
		res->total_bytes += (size_t)s.st_size;
		if (!strcmp(p, "index.html"))
			res->index_bytes = (size_t)s.st_size;
	}
	free(buf);
	return ok;
}

/* The stamp's text for these inputs over the pages of @dir, or false. */
static bool stamp_text(const struct site_stamp *st, const char *dir,
		       struct strbuf *out, struct site_result *res)
{
	struct strbuf pages = STRBUF_INIT;
	char d[64];
	bool ok = pages_state(dir, &pages, res);

	if (ok) {
		strbuf_addstr(out, stamp_head);
		digest(&st->in, d);
		strbuf_addf(out, "inputs %s\n", d);
		digest(&pages, d);
		strbuf_addf(out, "pages %s\n", d);
	}
	strbuf_release(&pages);
	return ok;
}

bool site_stamp_fresh(const struct site_stamp *st, const char *dir,
		      struct site_result *res)
{
	struct strbuf now = STRBUF_INIT;
	char *path = xstrfmt("%s/" STAMP, dir), *old = NULL;
	size_t len = 0;
	bool fresh = false;

	if (read_file(path, &old, &len))
		debug(dir, "no stamp");
	else if (!stamp_text(st, dir, &now, res))
		debug(dir, "a page is missing");
	else if (now.len != len || memcmp(now.buf, old, len))
		debug(dir, "the inputs or the pages changed");
	else
		fresh = true;
	if (fresh)
		debug(dir, "nothing new, nothing computed");
	free(path);
	free(old);
	strbuf_release(&now);
	return fresh;
}

int site_stamp_forget(const char *dir)
{
	char *path = xstrfmt("%s/" STAMP, dir);
	int rc = 0;

	if (unlink(path) && errno != ENOENT)
		rc = error("cannot remove '%s': %s", path, strerror(errno));
	free(path);
	return rc;
}

int site_stamp_write(const struct site_stamp *st, const char *dir,
		     const struct site_result *res)
{
	struct strbuf text = STRBUF_INIT;
	struct site_result on_disk;
	char *path;
	int rc = 0;

	if (!stamp_text(st, dir, &text, &on_disk) ||
	    on_disk.pages != res->pages ||
	    on_disk.total_bytes != res->total_bytes ||
	    on_disk.index_bytes != res->index_bytes) {
		debug(dir, "the pages are not the manifest's: no stamp");
		strbuf_release(&text);
		return 0;
	}
	path = xstrfmt("%s/" STAMP, dir);
	if (site_put_file(path, text.buf, text.len) < 0)
		rc = -1;
	free(path);
	strbuf_release(&text);
	return rc;
}
