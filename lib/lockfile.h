/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_LOCKFILE_H
#define KMAINT_LOCKFILE_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * One writer at a time, as git does with index.lock: the lock is the
 * file PATH.lock, created only if absent, holding "PID HOST\n" of its
 * holder.  A waiter polls until @timeout seconds have passed.  A lock
 * whose holder is dead (same host, no such process) is stale and taken
 * over; two processes taking over one stale lock cannot both win (see
 * lockfile.c).  The lock is removed at exit and on SIGINT, SIGTERM,
 * SIGHUP; only kill -9 (or a crash) leaves one behind.
 */
struct lockfile {
	char *path;		/* PATH.lock */
	bool held;
};

enum {
	LOCK_OK = 0,
	LOCK_ERROR = -1,	/* cannot create it: message given */
	LOCK_BUSY = 1,		/* held by a live process past the timeout */
};

/*
 * Take the lock on @path (PATH.lock), waiting up to @timeout seconds
 * (0: try once); LOCK_OK, LOCK_BUSY (lock_holder() names the holder)
 * or LOCK_ERROR.  @stale_fn, if set, is told of each stale lock removed.
 */
int lock_take(struct lockfile *lk, const char *path, double timeout,
	      void (*stale_fn)(const char *lock, long pid, const char *host));
void lock_release(struct lockfile *lk);

/*
 * The holder named in lock file @lock: 0 with @pid and @host (of @size
 * bytes), or -1 when there is none or it cannot be read.
 */
int lock_holder(const char *lock, long *pid, char *host, size_t size);

/* Is process @pid of this host alive (a zombie is not)? */
bool lock_pid_alive(long pid);

#endif
