/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_RUN_COMMAND_H
#define KMAINT_RUN_COMMAND_H

#include <sys/types.h>

#include "strbuf.h"

/*
 * Running another program (git, mostly) with an argv, never through a
 * shell, after git's run-command API.
 *
 * Each of in, out and err says what the child's stdin, stdout and
 * stderr are:
 *   0       inherited from us;
 *   -1      a new pipe; after start_command() the field holds our end
 *           (write to ->in, read ->out and ->err);
 *   CHILD_NULL  /dev/null;
 *   fd > 2  that descriptor, which stays open and ours to close.
 *
 * Every descriptor we create is close-on-exec, so that children started
 * from several threads never inherit each other's pipes (a leaked write
 * end would keep a reader waiting for an EOF that never comes).
 *
 * A caller that writes to a child's stdin should ignore SIGPIPE and
 * check write errors instead: the child may die early.
 */
#define CHILD_NULL (-2)

struct child_process {
	const char **argv;	/* NULL-terminated; argv[0] looked up in PATH */
	const char **env;	/* "K=V" to set, "K" to unset; NULL-terminated */
	const char *dir;	/* run in this directory, or NULL */
	int in, out, err;
	pid_t pid;
	unsigned owned;		/* which of in/out/err are our pipe ends */

	/* Buffered reading of ->out, for child_read_record(). */
	char *rbuf;
	size_t rpos, rlen, ralloc;
	int eof;
};

#define CHILD_PROCESS_INIT { .argv = NULL }

/* Start @cp; returns 0, or -1 with a message printed. */
int start_command(struct child_process *cp);

/*
 * Close our ends of any pipes and wait for the child.  Returns its exit
 * status, 128 + the signal number if a signal killed it, or -1 if it
 * could not be waited for.
 */
int finish_command(struct child_process *cp);

/* Close our end of the stdin pipe, so that the child sees its EOF. */
void child_close_in(struct child_process *cp);

/* start_command() and finish_command(). */
int run_command(struct child_process *cp);

/*
 * Read the next record of ->out, up to and without @delim (a record at
 * EOF needs no delimiter).  Returns 1 with the record in @sb, 0 at the
 * end of the output, -1 on a read error.
 */
int child_read_record(struct child_process *cp, struct strbuf *sb, int delim);

/* Read exactly @len bytes of ->out into @sb (appended); -1 if short. */
int child_read_bytes(struct child_process *cp, struct strbuf *sb, size_t len);

/* Write all of @buf to @fd, retrying after EINTR; -1 on error. */
int write_all(int fd, const void *buf, size_t len);

/*
 * Run @argv with stdin from /dev/null, stdout into @out (appended) and
 * stderr into @err (appended, or inherited when NULL); returns the exit
 * status as finish_command() does.
 */
int capture_command(const char **argv, struct strbuf *out, struct strbuf *err);

/*
 * Run @argv with @env (as child_process.env; may be NULL), @len bytes of
 * @in as its stdin, stdout into @out and stderr into @err (appended, or
 * inherited when NULL); the exit status as finish_command() gives it.
 */
int pipe_command(const char **argv, const char **env, const char *in,
		 size_t len, struct strbuf *out, struct strbuf *err);

/* The same for git: "git" is put before @argv. */
int capture_git(const char **argv, struct strbuf *out, struct strbuf *err);

#endif
