// SPDX-License-Identifier: GPL-2.0
/*
 * The writer's lock (lockfile.h).
 *
 * Taking it: the holder's line is written to a file of our own,
 * PATH.lock.PID, which is then hard-linked to PATH.lock.  link() fails
 * if PATH.lock exists, exactly as open(O_CREAT | O_EXCL) does, but the
 * lock never exists without its holder's name in it: a holder killed
 * between creating the file and writing it would otherwise leave an
 * empty lock nobody could tell stale.
 *
 * Taking over a stale one: the holder is dead, so only other waiters
 * touch it, and they may all find it stale at once.  Each opens it and
 * takes flock(LOCK_EX) on it, which serialises them; under that lock it
 * checks that PATH.lock is still this file (same inode: nobody removed
 * it meanwhile) and still names a dead process, and only then removes
 * it.  The others, getting the flock after that, find PATH.lock gone or
 * another file, and go back to creating theirs, where link() lets one
 * win.  The inode cannot be reused while they hold it open.
 *
 * Releasing takes the same flock before the unlink.  Without it a
 * waiter could check the inode, see the holder release and a third
 * process take a new lock, then find the old holder gone and unlink by
 * name the new, live lock (seen: two holders at once, t/lockfile-test).
 * With it the name cannot change between a waiter's check and its
 * unlink: every unlink of the lock happens under the flock.
 */
#include "lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* For the exit and signal handlers: one lock per process is enough. */
static char held_path[4096];
static pid_t held_pid;
static bool handlers_set;

/*
 * Unlink @path under the flock of the file it names, if it still names
 * that file; only open, flock, stat, unlink and close, so that a signal
 * handler may call it.
 */
static void unlink_locked(const char *path)
{
	struct stat a, b;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (!flock(fd, LOCK_EX) && !fstat(fd, &a) && !stat(path, &b) &&
	    a.st_ino == b.st_ino && a.st_dev == b.st_dev)
		unlink(path);
	close(fd);
}

static void remove_held(void)
{
	/* a child between fork and exec must not remove its parent's */
	if (held_path[0] && getpid() == held_pid)
		unlink_locked(held_path);
}

static void remove_on_signal(int sig)
{
	remove_held();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void set_handlers(void)
{
	if (handlers_set)
		return;
	handlers_set = true;
	atexit(remove_held);
	signal(SIGINT, remove_on_signal);
	signal(SIGTERM, remove_on_signal);
	signal(SIGHUP, remove_on_signal);
}

static void my_host(char *host, size_t size)
{
	if (gethostname(host, size - 1))
		snprintf(host, size, "localhost");
	host[size - 1] = '\0';
}

bool lock_pid_alive(long pid)
{
	char path[64], buf[256], *p;
	FILE *fp;
	bool zombie = false;

	if (pid <= 0)
		return false;
	if (kill((pid_t)pid, 0) && errno == ESRCH)
		return false;
	/* a killed process not yet reaped by its parent is dead too */
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	fp = fopen(path, "r");
	if (fp) {
		if (fgets(buf, sizeof(buf), fp) && (p = strrchr(buf, ')')))
			zombie = p[1] == ' ' && (p[2] == 'Z' || p[2] == 'X');
		fclose(fp);
	}
	return !zombie;
}

static int parse_holder(const char *buf, long *pid, char *host, size_t size)
{
	char *end;
	const char *h;
	size_t n;

	*pid = strtol(buf, &end, 10);
	if (end == buf || *end != ' ' || *pid <= 0)
		return -1;
	h = end + 1;
	n = strcspn(h, "\n");
	if (!n || !h[n] || n >= size)
		return -1;	/* no complete line */
	memcpy(host, h, n);
	host[n] = '\0';
	return 0;
}

static int read_holder_fd(int fd, long *pid, char *host, size_t size)
{
	char buf[512];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return parse_holder(buf, pid, host, size);
}

int lock_holder(const char *lock, long *pid, char *host, size_t size)
{
	int fd = open(lock, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -1;
	rc = read_holder_fd(fd, pid, host, size);
	close(fd);
	return rc;
}

/* Create the lock; 0, 1 if it exists, -1 on another error. */
static int try_create(struct lockfile *lk)
{
	char host[256], *tmp = xstrfmt("%s.%ld", lk->path, (long)getpid());
	char *line;
	int fd, rc = -1;
	size_t len;

	my_host(host, sizeof(host));
	line = xstrfmt("%ld %s\n", (long)getpid(), host);
	len = strlen(line);
	unlink(tmp);
	fd = open(tmp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
	if (fd < 0) {
		error("cannot create '%s': %s", tmp, strerror(errno));
		goto out;
	}
	if (write(fd, line, len) != (ssize_t)len || close(fd)) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (!link(tmp, lk->path))
		rc = 0;
	else if (errno == EEXIST)
		rc = 1;
	else
		error("cannot create '%s': %s", lk->path, strerror(errno));
	unlink(tmp);
out:
	free(tmp);
	free(line);
	return rc;
}

/*
 * Remove the lock if its holder is dead (see the top of the file); true
 * when it was removed or is gone, so that creating it is worth a try.
 */
static bool remove_if_stale(struct lockfile *lk,
			    void (*stale_fn)(const char *, long, const char *))
{
	char host[256], mine[256];
	struct stat a, b;
	long pid;
	bool gone = false;
	int fd = open(lk->path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return errno == ENOENT;
	my_host(mine, sizeof(mine));
	if (flock(fd, LOCK_EX))
		goto out;
	if (fstat(fd, &a) || stat(lk->path, &b) || a.st_ino != b.st_ino ||
	    a.st_dev != b.st_dev) {
		gone = true;	/* removed or replaced meanwhile */
		goto out;
	}
	if (read_holder_fd(fd, &pid, host, sizeof(host)) ||
	    strcmp(host, mine) || lock_pid_alive(pid))
		goto out;
	if (!unlink(lk->path)) {
		gone = true;
		if (stale_fn)
			stale_fn(lk->path, pid, host);
	}
out:
	close(fd);	/* drops the flock */
	return gone;
}

int lock_take(struct lockfile *lk, const char *path, double timeout,
	      void (*stale_fn)(const char *lock, long pid, const char *host))
{
	struct timespec start, now, nap = { 0, 10 * 1000 * 1000 };

	lk->path = xstrfmt("%s.lock", path);
	lk->held = false;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		int rc = try_create(lk);

		if (rc < 0)
			return LOCK_ERROR;
		if (!rc)
			break;
		if (remove_if_stale(lk, stale_fn))
			continue;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if ((double)(now.tv_sec - start.tv_sec) +
		    (double)(now.tv_nsec - start.tv_nsec) / 1e9 >= timeout)
			return LOCK_BUSY;
		nanosleep(&nap, NULL);
		/* poll often at first, then every quarter of a second */
		if (nap.tv_nsec < 250 * 1000 * 1000)
			nap.tv_nsec *= 2;
	}
	lk->held = true;
	snprintf(held_path, sizeof(held_path), "%s", lk->path);
	held_pid = getpid();
	set_handlers();
	return LOCK_OK;
}

void lock_release(struct lockfile *lk)
{
	if (lk->held) {
		unlink_locked(lk->path);
		held_path[0] = '\0';
		lk->held = false;
	}
	free(lk->path);
	lk->path = NULL;
}
