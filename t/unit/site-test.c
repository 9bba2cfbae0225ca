// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "site.h"
#include "util.h"
#include "tap.h"

static long mtime_ns(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	return (long)st.st_mtim.tv_nsec + 1000000000L * (st.st_mtim.tv_sec % 1000);
}

static void remote_is(const char *remote, const char *want)
{
	char *got = site_commit_url_for_remote(remote);

	if (want)
		is_str(got ? got : "(null)", want, remote);
	else
		ok(!got, remote);
	free(got);
}

static void remote_urls(void)
{
	remote_is("https://github.com/kdave/xfstests.git",
		  "https://github.com/kdave/xfstests/commit/%s");
	remote_is("git@github.com:owner/repo", "https://github.com/owner/repo/commit/%s");
	remote_is("ssh://git@github.com/owner/repo.git/",
		  "https://github.com/owner/repo/commit/%s");
	remote_is("https://gitlab.com/group/sub/proj.git",
		  "https://gitlab.com/group/sub/proj/-/commit/%s");
	remote_is("git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git",
		  "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=%s");
	remote_is("https://example.org/repo.git", NULL);
	remote_is("repo.git", NULL);
	remote_is("../repo", NULL);
	remote_is("https://github.com/", NULL);
	remote_is("https://github.com/a/b%s", NULL);
	remote_is("https://github.com/a/b\"><script>", NULL);
}

/* Pages longer than one block of the comparison (same_file()). */
static void big_pages(const char *path)
{
	size_t n = 200000;
	char *big = xmalloc(n);

	memset(big, 'a', n);
	ok(site_put_file(path, big, n) == 1 && site_put_file(path, big, n) == 0,
	   "a page of several blocks, the same again: not written");
	big[150000] = 'b';
	ok(site_put_file(path, big, n) == 1, "one byte other in a later block: written");
	big[n - 1] = 'c';
	ok(site_put_file(path, big, n) == 1, "the last byte other: written");
	ok(site_put_file(path, big, n - 1) == 1 &&
	   site_put_file(path, big, n) == 1,
	   "one byte shorter, then longer again: written");
	free(big);
}

int main(void)
{
	char dir[] = "/tmp/kmaint-site-test.XXXXXX", *path, *buf = NULL;
	size_t len = 0;
	struct timespec old[2] = { { 1000, 0 }, { 1000, 0 } };
	long before;

	if (!mkdtemp(dir))
		return 1;
	path = xstrfmt("%s/page.html", dir);
	ok(site_put_file(path, "one", 3) == 1, "a new page is written");
	ok(!read_file(path, &buf, &len) && len == 3 && !memcmp(buf, "one", 3),
	   "with its bytes");
	free(buf);
	utimensat(AT_FDCWD, path, old, 0);
	before = mtime_ns(path);
	ok(site_put_file(path, "one", 3) == 0, "the same bytes: not written");
	ok(mtime_ns(path) == before, "the file is not touched");
	ok(site_put_file(path, "one!", 4) == 1, "longer: written");
	ok(site_put_file(path, "two!", 4) == 1, "same length, other bytes: written");
	ok(!read_file(path, &buf, &len) && len == 4 && !memcmp(buf, "two!", 4),
	   "the new bytes are there");
	free(buf);
	ok(site_put_file(path, "", 0) == 1 && site_put_file(path, "", 0) == 0,
	   "an empty page too");
	big_pages(path);
	unlink(path);
	free(path);
	path = xstrfmt("%s/none/page.html", dir);
	ok(site_put_file(path, "x", 1) == -1, "a directory that does not exist: an error");
	free(path);
	rmdir(dir);
	remote_urls();
	return done_testing();
}
