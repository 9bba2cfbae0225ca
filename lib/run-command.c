// SPDX-License-Identifier: GPL-2.0
#include "run-command.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/*
 * glibc hands the top of its heap back to the kernel as soon as 128 KB
 * of it is free, and takes it back page fault by page fault at the next
 * allocation.  git diff-tree -p allocates and frees xdiff's arrays for
 * every file pair: over the 1,725 xfsprogs commits since 2019 it spent
 * 0.7 s of its 2.0 s in those faults, and 0.2 s with 16 MB kept at the
 * top.  Setting any such tunable also stops glibc from raising its
 * mmap threshold (128 KB) as big blocks are freed, so every blob over
 * it, each version of MAINTAINERS (700 KB) inflated twice a commit
 * that touches it, was mapped, zeroed page by page and unmapped:
 * diff-tree --numstat over gen-history's 100k commits faulted 1.06M
 * times and spent 4.1 s in the kernel, git log --numstat 0.4M and
 * 1.7 s.  Blocks under 4 MB come from the heap.  Every git we run gets
 * these, before the user's own tunables, which may change them.  Other
 * C libraries ignore the variable.
 */
#define GIT_TUNABLES "glibc.malloc.top_pad=16777216:" \
	"glibc.malloc.mmap_threshold=4194304"

static pthread_once_t git_env_once = PTHREAD_ONCE_INIT;
static char *git_tunables;

static void git_env_init(void)
{
	const char *user = getenv("GLIBC_TUNABLES");

	git_tunables = user && *user ?
		xstrfmt("GLIBC_TUNABLES=" GIT_TUNABLES ":%s", user) :
		xstrdup("GLIBC_TUNABLES=" GIT_TUNABLES);
}

static bool is_key(const char *entry, const char *key, size_t klen)
{
	return strcspn(entry, "=") == klen && !strncmp(entry, key, klen);
}

/*
 * environ with @extra, then cp->env, applied: a fresh NULL-terminated
 * array.
 */
static char **make_env(const char **env, const char *extra)
{
	static const char *none[] = { NULL };
	size_t nr = 0, alloc = 0, i, j;
	char **out = NULL;

	if (!env)
		env = none;
	for (j = 0; extra && env[j]; j++)
		if (is_key(env[j], extra, strcspn(extra, "=")))
			extra = NULL;
	for (i = 0; environ[i]; i++) {
		size_t klen = strcspn(environ[i], "=");
		bool overridden = extra && is_key(extra, environ[i], klen);

		for (j = 0; env[j]; j++)
			if (is_key(env[j], environ[i], klen))
				overridden = true;
		if (overridden)
			continue;
		ALLOC_GROW(out, nr + 1, alloc);
		out[nr++] = environ[i];
	}
	if (extra) {
		ALLOC_GROW(out, nr + 1, alloc);
		out[nr++] = (char *)extra;
	}
	for (j = 0; env[j]; j++) {
		if (!strchr(env[j], '='))
			continue;
		ALLOC_GROW(out, nr + 1, alloc);
		out[nr++] = (char *)env[j];
	}
	ALLOC_GROW(out, nr + 1, alloc);
	out[nr] = NULL;
	return out;
}

static void close_pair(int fds[2])
{
	if (fds[0] >= 0)
		close(fds[0]);
	if (fds[1] >= 0)
		close(fds[1]);
}

/*
 * Set up what the child's descriptor @target becomes; @fds receives a
 * pipe when @want is -1.  @child_end is the index of the pipe end the
 * child uses.
 */
static int setup_fd(posix_spawn_file_actions_t *fa, int want, int target,
		    int fds[2], int child_end)
{
	fds[0] = fds[1] = -1;
	if (!want)
		return 0;
	if (want == CHILD_NULL)
		return posix_spawn_file_actions_addopen(fa, target, "/dev/null",
				target ? O_WRONLY : O_RDONLY, 0);
	if (want > 0)
		return posix_spawn_file_actions_adddup2(fa, want, target);
	if (pipe2(fds, O_CLOEXEC))
		return errno;
	return posix_spawn_file_actions_adddup2(fa, fds[child_end], target);
}

/*
 * A child's output through a 1 MB pipe rather than Linux's 64 KB: a
 * version of MAINTAINERS (700 KB) from cat-file took a dozen pipefuls,
 * each a wake-up of ours and a wait of cat-file's, and a diff-tree
 * stopped whenever its reader fell 64 KB behind.  Where the system
 * refuses (a user over fs.pipe-user-pages-soft, another kernel), the
 * pipe keeps its size.
 */
static void widen_pipe(int fd)
{
#ifdef F_SETPIPE_SZ
	int saved = errno;

	if (fcntl(fd, F_SETPIPE_SZ, 1 << 20) < 0)
		errno = saved;
#else
	(void)fd;
#endif
}

int start_command(struct child_process *cp)
{
	posix_spawn_file_actions_t fa;
	int in[2], out[2], err[2];
	char **envp = environ;
	int rc;

	cp->rpos = cp->rlen = 0;
	cp->eof = 0;
	cp->owned = 0;
	if (posix_spawn_file_actions_init(&fa))
		return error("cannot start %s: out of memory", cp->argv[0]);
	in[0] = in[1] = out[0] = out[1] = err[0] = err[1] = -1;
	rc = setup_fd(&fa, cp->in, 0, in, 0);
	if (!rc)
		rc = setup_fd(&fa, cp->out, 1, out, 1);
	if (!rc)
		rc = setup_fd(&fa, cp->err, 2, err, 1);
	if (!rc && cp->dir)
		rc = posix_spawn_file_actions_addchdir_np(&fa, cp->dir);
	if (rc) {
		posix_spawn_file_actions_destroy(&fa);
		close_pair(in);
		close_pair(out);
		close_pair(err);
		errno = rc;
		return error("cannot start %s: %s", cp->argv[0], strerror(rc));
	}
	if (!strcmp(cp->argv[0], "git")) {
		pthread_once(&git_env_once, git_env_init);
		envp = make_env(cp->env, git_tunables);
	} else if (cp->env) {
		envp = make_env(cp->env, NULL);
	}
	rc = posix_spawnp(&cp->pid, cp->argv[0], &fa, NULL,
			  (char *const *)cp->argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	if (envp != environ)
		free(envp);
	if (rc) {
		close_pair(in);
		close_pair(out);
		close_pair(err);
		cp->pid = 0;
		return error("cannot run %s: %s", cp->argv[0], strerror(rc));
	}
	if (cp->in < 0 && cp->in != CHILD_NULL) {
		close(in[0]);
		cp->in = in[1];
		cp->owned |= 1;
	}
	if (cp->out < 0 && cp->out != CHILD_NULL) {
		widen_pipe(out[0]);
		close(out[1]);
		cp->out = out[0];
		cp->owned |= 2;
	}
	if (cp->err < 0 && cp->err != CHILD_NULL) {
		close(err[1]);
		cp->err = err[0];
		cp->owned |= 4;
	}
	return 0;
}

int finish_command(struct child_process *cp)
{
	int status;

	/* Only our pipe ends: descriptors the caller gave stay open. */
	if (cp->owned & 1)
		close(cp->in);
	if (cp->owned & 2)
		close(cp->out);
	if (cp->owned & 4)
		close(cp->err);
	cp->owned = 0;
	free(cp->rbuf);
	cp->rbuf = NULL;
	cp->ralloc = 0;
	if (!cp->pid)
		return -1;
	while (waitpid(cp->pid, &status, 0) < 0) {
		if (errno != EINTR) {
			cp->pid = 0;
			return error("waitpid: %s", strerror(errno));
		}
	}
	cp->pid = 0;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

void child_close_in(struct child_process *cp)
{
	if (cp->owned & 1) {
		close(cp->in);
		cp->owned &= ~1u;
		cp->in = 0;
	}
}

int run_command(struct child_process *cp)
{
	if (start_command(cp))
		return -1;
	return finish_command(cp);
}

static int fill(struct child_process *cp)
{
	ssize_t n;

	if (cp->eof)
		return 0;
	if (cp->rpos) {
		memmove(cp->rbuf, cp->rbuf + cp->rpos, cp->rlen - cp->rpos);
		cp->rlen -= cp->rpos;
		cp->rpos = 0;
	}
	if (cp->ralloc - cp->rlen < 32768) {
		cp->ralloc = cp->ralloc ? cp->ralloc * 2 : 65536;
		cp->rbuf = xrealloc(cp->rbuf, cp->ralloc);
	}
	do
		n = read(cp->out, cp->rbuf + cp->rlen, cp->ralloc - cp->rlen);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (!n) {
		cp->eof = 1;
		return 0;
	}
	cp->rlen += (size_t)n;
	return 1;
}

int child_read_record(struct child_process *cp, struct strbuf *sb, int delim)
{
	size_t scanned = 0;

	strbuf_reset(sb);
	for (;;) {
		/* no buffer before the first read: NULL + 0 is undefined */
		char *start = cp->rbuf ? cp->rbuf + cp->rpos : NULL;
		size_t avail = cp->rlen - cp->rpos;
		char *p = avail > scanned ?
			memchr(start + scanned, delim, avail - scanned) : NULL;
		int rc;

		if (p) {
			strbuf_add(sb, start, (size_t)(p - start));
			cp->rpos += (size_t)(p - start) + 1;
			return 1;
		}
		scanned = avail;
		rc = fill(cp);
		if (rc < 0)
			return -1;
		if (!rc) {
			if (!avail)
				return 0;
			strbuf_add(sb, cp->rbuf + cp->rpos, avail);
			cp->rpos = cp->rlen;
			return 1;
		}
	}
}

/*
 * What is buffered, then the rest straight into @sb: a blob of a
 * megabyte (every version of MAINTAINERS) is copied once, not through
 * the buffer, and @sb is sized once, not doubled up to it.
 */
int child_read_bytes(struct child_process *cp, struct strbuf *sb, size_t len)
{
	size_t avail = cp->rlen - cp->rpos;
	size_t n = avail < len ? avail : len;

	strbuf_grow(sb, len);
	if (n) {
		strbuf_add(sb, cp->rbuf + cp->rpos, n);
		cp->rpos += n;
		len -= n;
	}
	while (len) {
		ssize_t got;

		if (cp->eof)
			return -1;
		do
			got = read(cp->out, sb->buf + sb->len, len);
		while (got < 0 && errno == EINTR);
		if (got <= 0) {
			cp->eof = !got;
			return -1;
		}
		strbuf_setlen(sb, sb->len + (size_t)got);
		len -= (size_t)got;
	}
	return 0;
}

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Read both pipes to their end without letting either one fill up. */
static int drain(int out, struct strbuf *obuf, int err, struct strbuf *ebuf)
{
	struct pollfd pfd[2];
	char buf[65536];

	pfd[0].fd = out;
	pfd[1].fd = err;
	pfd[0].events = pfd[1].events = POLLIN;
	while (pfd[0].fd >= 0 || pfd[1].fd >= 0) {
		int i;

		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (i = 0; i < 2; i++) {
			ssize_t n;

			if (pfd[i].fd < 0 || !pfd[i].revents)
				continue;
			n = read(pfd[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				pfd[i].fd = -1;
				continue;
			}
			strbuf_add(i ? ebuf : obuf, buf, (size_t)n);
		}
	}
	return 0;
}

int capture_command(const char **argv, struct strbuf *out, struct strbuf *err)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf sink = STRBUF_INIT;

	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = -1;
	cp.err = err ? -1 : 0;
	if (start_command(&cp))
		return -1;
	if (err) {
		drain(cp.out, out ? out : &sink, cp.err, err);
	} else {
		char buf[65536];
		ssize_t n;

		while ((n = read(cp.out, buf, sizeof(buf))) != 0) {
			if (n < 0) {
				if (errno == EINTR)
					continue;
				break;
			}
			strbuf_add(out ? out : &sink, buf, (size_t)n);
		}
	}
	strbuf_release(&sink);
	return finish_command(&cp);
}

int pipe_command(const char **argv, const char **env, const char *in,
		 size_t len, struct strbuf *out, struct strbuf *err)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf sink = STRBUF_INIT;
	FILE *fp = tmpfile();
	int rc;

	/* a file, not a pipe: the child may write before it has read it all */
	if (!fp || (len && fwrite(in, 1, len, fp) != len) || fflush(fp) ||
	    fseek(fp, 0, SEEK_SET)) {
		if (fp)
			fclose(fp);
		return error("cannot buffer the input of %s", argv[0]);
	}
	cp.argv = argv;
	cp.env = env;
	cp.in = fileno(fp);
	cp.out = -1;
	cp.err = err ? -1 : 0;
	if (start_command(&cp)) {
		fclose(fp);
		return -1;
	}
	drain(cp.out, out ? out : &sink, err ? cp.err : -1, err ? err : &sink);
	rc = finish_command(&cp);
	fclose(fp);
	strbuf_release(&sink);
	return rc;
}

int capture_git(const char **argv, struct strbuf *out, struct strbuf *err)
{
	const char *full[64];
	size_t i;

	full[0] = "git";
	for (i = 0; argv[i]; i++) {
		if (i + 2 >= ARRAY_SIZE(full))
			return error("BUG: too many arguments for capture_git");
		full[i + 1] = argv[i];
	}
	full[i + 1] = NULL;
	return capture_command(full, out, err);
}
