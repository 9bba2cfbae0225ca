// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lib/lockfile.c: taking and releasing, a busy lock, a
 * stale one (dead process, zombie), one from another host, and many
 * processes taking over one stale lock at once: only one holds it at a
 * time.  TAP output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lockfile.h"
#include "tap.h"
#include "util.h"

static int stale_seen;

static void on_stale(const char *lock, long pid, const char *host)
{
	stale_seen++;
}

static void write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (!fp)
		die_errno("%s", path);
	fputs(text, fp);
	fclose(fp);
}

/* The pid of a process that has exited and been reaped. */
static long dead_pid(void)
{
	pid_t pid = fork();

	if (!pid)
		_exit(0);
	waitpid(pid, NULL, 0);
	return (long)pid;
}

static char *read_all(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf = xcalloc(1, 1 << 16);

	if (fp) {
		size_t n = fread(buf, 1, (1 << 16) - 1, fp);

		buf[n] = '\0';
		fclose(fp);
	}
	return buf;
}

int main(void)
{
	char dir[] = "/tmp/kmaint-lockfile-test.XXXXXX", host[256], line[512];
	char *db, *lock, *log, *got;
	struct lockfile a, b;
	long pid = 0;
	char who[256];
	pid_t kids[8], zombie;
	int i, bad = 0, depth = 0;

	if (!mkdtemp(dir))
		die_errno("mkdtemp");
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	db = xstrfmt("%s/index.sqlite", dir);
	lock = xstrfmt("%s.lock", db);
	log = xstrfmt("%s/log", dir);

	ok(lock_take(&a, db, 0, on_stale) == LOCK_OK, "a free lock is taken");
	ok(!lock_holder(lock, &pid, who, sizeof(who)) && pid == getpid() &&
	   !strcmp(who, host), "the lock file names our pid and host");
	ok(lock_take(&b, db, 0, on_stale) == LOCK_BUSY,
	   "a second taker finds it busy (timeout 0)");
	lock_release(&b);
	ok(lock_take(&b, db, 0.2, on_stale) == LOCK_BUSY,
	   "... and after waiting for the timeout");
	lock_release(&b);
	lock_release(&a);
	ok(access(lock, F_OK) && errno == ENOENT, "released: the file is gone");

	snprintf(line, sizeof(line), "%ld %s\n", dead_pid(), host);
	write_file(lock, line);
	ok(lock_take(&a, db, 0, on_stale) == LOCK_OK && stale_seen == 1,
	   "a lock left by a dead process is taken over");
	lock_release(&a);

	zombie = fork();
	if (!zombie)
		_exit(0);
	/* not reaped: kill(pid, 0) succeeds on a zombie */
	while (lock_pid_alive(zombie) && depth++ < 1000)
		usleep(1000);
	ok(!lock_pid_alive(zombie), "a zombie is not alive");
	snprintf(line, sizeof(line), "%ld %s\n", (long)zombie, host);
	write_file(lock, line);
	ok(lock_take(&a, db, 0, on_stale) == LOCK_OK && stale_seen == 2,
	   "a lock left by a killed, unreaped process is taken over");
	lock_release(&a);
	waitpid(zombie, NULL, 0);

	snprintf(line, sizeof(line), "%ld %s.elsewhere\n", dead_pid(), host);
	write_file(lock, line);
	ok(lock_take(&a, db, 0, on_stale) == LOCK_BUSY && stale_seen == 2,
	   "a lock from another host is never taken as stale");
	lock_release(&a);
	write_file(lock, "");
	ok(lock_take(&a, db, 0, on_stale) == LOCK_BUSY,
	   "nor one that names nobody");
	lock_release(&a);

	/*
	 * Eight processes find one stale lock at once: each that holds the
	 * lock writes "+" and "-" around a pause; any overlap shows as
	 * two "+" in a row.
	 */
	snprintf(line, sizeof(line), "%ld %s\n", dead_pid(), host);
	write_file(lock, line);
	for (i = 0; i < 8; i++) {
		kids[i] = fork();
		if (!kids[i]) {
			struct lockfile k;
			int fd;

			if (lock_take(&k, db, 60, NULL) != LOCK_OK)
				_exit(1);
			fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0666);
			if (fd < 0 || write(fd, "+", 1) != 1)
				_exit(1);
			usleep(20000);
			if (write(fd, "-", 1) != 1)
				_exit(1);
			close(fd);
			lock_release(&k);
			_exit(0);
		}
	}
	for (i = 0; i < 8; i++) {
		int status;

		waitpid(kids[i], &status, 0);
		bad += !WIFEXITED(status) || WEXITSTATUS(status);
	}
	ok(!bad, "eight takers of one stale lock all get it in turn");
	got = read_all(log);
	is_str(got, "+-+-+-+-+-+-+-+-", "never two at once");
	free(got);
	ok(access(lock, F_OK) && errno == ENOENT, "and the lock is gone");

	unlink(log);
	rmdir(dir);
	free(db);
	free(lock);
	free(log);
	return done_testing();
}
