// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lib/run-command.c: exit statuses, signals, pipes both
 * ways, record reading across buffer refills, environment and
 * directory changes.  TAP output.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-command.h"
#include "tap.h"

static int run_sh(const char *script)
{
	const char *argv[] = { "sh", "-c", script, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;

	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = CHILD_NULL;
	cp.err = CHILD_NULL;
	return run_command(&cp);
}

/* write the child's stdin, read its stdout */
static void test_stdin_stdout(struct strbuf *rec)
{
	const char *argv[] = { "tr", "a-z", "A-Z", NULL };
	struct child_process c = CHILD_PROCESS_INIT;

	c.argv = argv;
	c.in = -1;
	c.out = -1;
	start_command(&c);
	ok(!write_all(c.in, "hello\nworld", 11), "write to the child's stdin");
	child_close_in(&c);
	ok(child_read_record(&c, rec, '\n') == 1 && !strcmp(rec->buf, "HELLO"),
	   "first line back");
	ok(child_read_record(&c, rec, '\n') == 1 && !strcmp(rec->buf, "WORLD"),
	   "a last record without its delimiter");
	ok(child_read_record(&c, rec, '\n') == 0, "then EOF");
	ok(finish_command(&c) == 0, "tr exited 0");
}

/* exact byte reads */
static void test_read_bytes(struct strbuf *rec)
{
	const char *argv[] = { "printf", "12345\\nrest", NULL };
	struct child_process c = CHILD_PROCESS_INIT;

	c.argv = argv;
	c.out = -1;
	start_command(&c);
	strbuf_reset(rec);
	ok(!child_read_bytes(&c, rec, 6) && !strcmp(rec->buf, "12345\n"),
	   "child_read_bytes reads exactly");
	ok(child_read_record(&c, rec, '\n') == 1 && !strcmp(rec->buf, "rest"),
	   "and records continue after it");
	finish_command(&c);
}

/*
 * A read far past the buffer (a megabyte, as a version of MAINTAINERS
 * is), which goes straight into the caller's: every byte, appended,
 * what follows it still readable, and a short one an error.
 */
static void test_read_bytes_big(struct strbuf *rec)
{
	const char *argv[] = {
		"sh", "-c", "echo head; head -c 1048576 /dev/zero | tr '\\0' x; "
		"printf 'yz\\nrest'", NULL
	};
	struct child_process c = CHILD_PROCESS_INIT;
	size_t i, xs = 0;

	c.argv = argv;
	c.out = -1;
	start_command(&c);
	ok(child_read_record(&c, rec, '\n') == 1 && !strcmp(rec->buf, "head"),
	   "a record before a big read");
	strbuf_reset(rec);
	strbuf_addstr(rec, "<");
	ok(!child_read_bytes(&c, rec, 1048576 + 2), "a megabyte read exactly");
	for (i = 1; i < rec->len; i++)
		xs += rec->buf[i] == 'x';
	ok(rec->len == 1048579 && rec->buf[0] == '<' && xs == 1048576 &&
	   !strcmp(rec->buf + 1048577, "yz"), "appended, every byte");
	ok(child_read_record(&c, rec, '\n') == 1 && !strcmp(rec->buf, ""),
	   "the record after it");
	strbuf_reset(rec);
	ok(child_read_bytes(&c, rec, 10) == -1, "past the end: an error");
	finish_command(&c);
}

/* environment and directory */
static void test_env_dir(struct strbuf *rec)
{
	const char *argv[] = { "sh", "-c", "echo \"$KMAINT_T1:${HOME-unset}:$(pwd)\"", NULL };
	const char *env[] = { "KMAINT_T1=set", "HOME", NULL };
	struct child_process c = CHILD_PROCESS_INIT;

	c.argv = argv;
	c.env = env;
	c.dir = "/";
	c.out = -1;
	start_command(&c);
	child_read_record(&c, rec, '\n');
	ok(!strcmp(rec->buf, "set:unset:/"), "env set and unset, directory changed");
	finish_command(&c);
}

/*
 * every git gets glibc's heap padding, before the user's tunables
 * (a "git" of our own on PATH shows its environment)
 */
static void test_heap_padding(struct strbuf *out, struct strbuf *rec)
{
	char dir[] = "/tmp/kmaint-rc-XXXXXX", *git, *path;
	const char *argv[] = { "git", NULL };
	const char *env[] = { "KMAINT_T1=x", NULL };
	const char *sh[] = { "sh", "-c", "echo \"${GLIBC_TUNABLES-unset}\"", NULL };
	struct child_process c = CHILD_PROCESS_INIT;
	FILE *fp;

	if (!mkdtemp(dir))
		die_errno("mkdtemp");
	git = xstrfmt("%s/git", dir);
	fp = fopen(git, "w");
	fprintf(fp, "#!/bin/sh\necho \"$GLIBC_TUNABLES:$KMAINT_T1\"\n");
	fclose(fp);
	chmod(git, 0755);
	path = xstrfmt("%s:%s", dir, getenv("PATH"));
	setenv("PATH", path, 1);
	setenv("GLIBC_TUNABLES", "glibc.malloc.top_pad=0", 1);
	c.argv = argv;
	c.env = env;
	c.out = -1;
	strbuf_reset(rec);
	start_command(&c);
	child_read_record(&c, rec, '\n');
	finish_command(&c);
	ok(!strcmp(rec->buf, "glibc.malloc.top_pad=16777216:"
		   "glibc.malloc.mmap_threshold=4194304:"
		   "glibc.malloc.top_pad=0:x"),
	   "git gets the heap padding and mmap threshold, the user's "
	   "tunables after them");
	strbuf_reset(out);
	capture_command(sh, out, NULL);
	ok(!strcmp(out->buf, "glibc.malloc.top_pad=0\n"),
	   "other programs get the user's tunables only");
	unsetenv("GLIBC_TUNABLES");
	unlink(git);
	rmdir(dir);
	free(git);
	free(path);
}

/* a caller's descriptor is left open */
static void test_caller_fd(void)
{
	FILE *fp = tmpfile();
	const char *argv[] = { "echo", "to a file", NULL };
	struct child_process c = CHILD_PROCESS_INIT;
	char buf[32] = "";

	c.argv = argv;
	c.out = fileno(fp);
	ok(run_command(&c) == 0, "stdout to a caller's file");
	rewind(fp);
	ok(fgets(buf, sizeof(buf), fp) && !strcmp(buf, "to a file\n"),
	   "which is still open and holds the output");
	fclose(fp);
}

/* a child's stdout is a 1 MB pipe wherever the system lets us widen one */
static void test_pipe_size(void)
{
#ifdef F_SETPIPE_SZ
	const char *argv[] = { "true", NULL };
	struct child_process c = CHILD_PROCESS_INIT;
	int probe[2], can = 0;

	if (!pipe(probe)) {
		can = fcntl(probe[0], F_SETPIPE_SZ, 1 << 20) >= (1 << 20);
		close(probe[0]);
		close(probe[1]);
	}
	c.argv = argv;
	c.in = CHILD_NULL;
	c.out = -1;
	start_command(&c);
	if (can)
		ok(fcntl(c.out, F_GETPIPE_SZ) >= (1 << 20),
		   "a child's stdout pipe holds 1 MB");
	else
		ok(fcntl(c.out, F_GETPIPE_SZ) > 0,
		   "a child's stdout pipe (the system keeps its size)");
	finish_command(&c);
#endif
}

int main(void)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT, rec = STRBUF_INIT;
	struct child_process cp = CHILD_PROCESS_INIT;
	const char *args[8];
	long n;
	int rc, bad;

	signal(SIGPIPE, SIG_IGN);
	ok(run_sh("exit 0") == 0, "exit 0");
	ok(run_sh("exit 3") == 3, "exit status 3");
	ok(run_sh("kill -TERM $$") == 128 + SIGTERM, "killed by SIGTERM: 128 + 15");
	{
		const char *argv[] = { "no-such-program-kmaint", NULL };
		struct child_process c = CHILD_PROCESS_INIT;

		c.argv = argv;
		c.err = CHILD_NULL;
		fprintf(stderr, "# (an error message is expected here)\n");
		ok(run_command(&c) < 0,
		   "a missing program fails cleanly");
	}

	args[0] = "printf";
	args[1] = "a\\0b\\0c";
	args[2] = NULL;
	rc = capture_command(args, &out, NULL);
	ok(!rc && out.len == 5 && !memcmp(out.buf, "a\0b\0c", 5),
	   "capture_command keeps NUL bytes");

	args[0] = "sh";
	args[1] = "-c";
	args[2] = "echo out; echo err >&2; exit 2";
	args[3] = NULL;
	strbuf_reset(&out);
	rc = capture_command(args, &out, &err);
	ok(rc == 2 && !strcmp(out.buf, "out\n") && !strcmp(err.buf, "err\n"),
	   "stdout and stderr captured apart, exit status kept");

	/* a big stream of records, read across many buffer refills */
	args[0] = "sh";
	args[1] = "-c";
	args[2] = "i=0; while [ $i -lt 20000 ]; do printf 'record %d\\0' $i; i=$((i+1)); done";
	args[3] = NULL;
	cp.argv = args;
	cp.in = CHILD_NULL;
	cp.out = -1;
	ok(!start_command(&cp), "start a child with a stdout pipe");
	n = 0;
	bad = 0;
	while (child_read_record(&cp, &rec, '\0') > 0) {
		char want[32];

		snprintf(want, sizeof(want), "record %ld", n);
		bad += strcmp(rec.buf, want) != 0;
		n++;
	}
	ok(n == 20000 && !bad, "20000 NUL-terminated records read in order");
	ok(finish_command(&cp) == 0, "and the child exited 0");

	test_stdin_stdout(&rec);
	test_read_bytes(&rec);
	test_read_bytes_big(&rec);
	test_env_dir(&rec);
	test_heap_padding(&out, &rec);
	test_caller_fd();
	test_pipe_size();

	strbuf_release(&out);
	strbuf_release(&err);
	strbuf_release(&rec);
	return done_testing();
}
