// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for store/git-log.c: time zones, and the reading of a small
 * repository built here with git (skipped without git): header fields,
 * trailers, renames, binary and submodule marks, merges, and the
 * parallel reader returning every commit once.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "git-log.h"
#include "run-command.h"
#include "tap.h"

static int sh(const char *script)
{
	const char *argv[] = { "sh", "-c", script, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;

	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = CHILD_NULL;
	return run_command(&cp);
}

static char *git_line(const char *script)
{
	const char *argv[] = { "sh", "-c", script, NULL };
	struct strbuf out = STRBUF_INIT;

	capture_command(argv, &out, NULL);
	strbuf_trim(&out);
	return strbuf_detach(&out, NULL);
}

static const struct hist_file *find(const struct hist_commit *c, const char *path)
{
	size_t i;

	for (i = 0; i < c->nr_files; i++)
		if (!strcmp(c->files[i].path, path))
			return &c->files[i];
	return NULL;
}

/* Every commit of a list once, by two readers, the merge among them. */
static void test_history_start(const char *merge, struct history_opts *opts)
{
	const char *incl[] = { merge, NULL };
	struct history *h;
	struct hist_commit *p;
	int n = 0, merges = 0;
	FILE *list;
	long nr = history_list(incl, NULL, NULL, NULL, &list);

	ok(nr == 4, "history_list: 4 commits");
	opts->jobs = 2;
	h = history_start(list, nr, opts);
	while ((p = history_next(h))) {
		n++;
		merges += p->nparents == 2;
		hist_commit_release(p);
		free(p);
	}
	ok(!history_finish(h, NULL), "history_finish");
	ok(n == 4 && merges == 1, "every commit once, the merge among them");
	fclose(list);
}

/* A git of ours on PATH logs what each git was given: GIT_FLUSH. */
static void test_flush(const char *dir, const char *head, const char *merge,
		       struct history_opts *opts)
{
	char *real = git_line("command -v git");
	char *wrap = xstrfmt("%s/bin/git", dir);
	char *path = xstrfmt("%s/bin:%s", dir, getenv("PATH"));
	char *old = xstrdup(getenv("PATH"));
	char *script = xstrfmt("mkdir bin && printf '#!/bin/sh\\n"
			       "echo \"$1 ${GIT_FLUSH-unset}\" >>%s/env.log\\n"
			       "exec %s \"$@\"\\n' >bin/git && chmod +x bin/git",
			       dir, real);
	struct hist_commit c;
	char *log;

	sh(script);
	setenv("PATH", path, 1);
	ok(!history_read_one(head, opts, &c), "read one commit again");
	hist_commit_release(&c);
	ok(!history_read_one(merge, opts, &c), "and the merge");
	hist_commit_release(&c);
	setenv("PATH", old, 1);
	log = git_line("cat env.log");
	ok(strstr(log, "diff-tree 0") && !strstr(log, "diff-tree unset"),
	   "diff-tree does not flush after each commit (GIT_FLUSH=0)");
	ok(strstr(log, "cat-file unset") && !strstr(log, "cat-file 0"),
	   "cat-file, which answers each question, still does");
	free(real);
	free(wrap);
	free(path);
	free(old);
	free(script);
	free(log);
}

/* hist_is_sigline() as get_maintainer.pl's pattern. */
static void test_siglines(void)
{
	static const struct {
		const char *line;
		bool want;
	} sl[] = {
		{ "Signed-off-by: A <a@b.org>", true },
		{ "Tested-BY: a@b.org", true },
		{ "x by: a@b.org", true },
		{ "GitSubject: fix, as reported by: A <a@b.org>", true },
		{ "by: a@b.org", false },
		{ "Signed-off-by: A", false },
		{ "a@b.org wrote Reviewed-by: A", false },
		{ "Signed-off-by : A <a@b.org>", false },
	};
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(sl); i++)
		bad += hist_is_sigline(sl[i].line, strlen(sl[i].line)) !=
		       sl[i].want;
	ok(!bad, "hist_is_sigline() is /^[ \\t]*(.+?)[Bb][Yy]:.*\\@.*$/");
}

/*
 * The body (%b) found within the message as git finds it: blank lines
 * are git's (space, tab, CR, LF; a form feed is text), the subject
 * paragraph ends at the first blank one.
 */
static void test_message_body(const struct history_opts *opts)
{
	struct hist_commit c;
	char *odd;

	if (sh("git checkout -q --orphan odd && printf '\\n\\n  Reported-by: S <s@x>\\n"
	       "\\f\\nCc-by: C <c@x>\\n \\t\\r\\nAcked-by: F <f@x>\\n"
	       "Tested-by: T <t@x>\\n' >msg &&"
	       " git commit -q --allow-empty --cleanup=verbatim -F msg") != 0) {
		ok(0, "a commit with an odd message");
		return;
	}
	odd = git_line("git rev-parse HEAD");
	ok(!history_read_one(odd, opts, &c), "read the odd message");
	/* GitSubject: (%s, its paragraph on one line), then the body's */
	ok(c.nr_siglines == 3 && !strcmp(c.siglines[1], "Acked-by: F <f@x>") &&
	   !strcmp(c.siglines[2], "Tested-by: T <t@x>"),
	   "the body after a line of blanks and CR, as git's %b");
	ok(c.nr_para_lines == 2 &&
	   !strcmp(c.para_lines[0], "Reported-by: S <s@x>") &&
	   !strcmp(c.para_lines[1], "Cc-by: C <c@x>"),
	   "a form feed alone on its line does not end the subject paragraph");
	hist_commit_release(&c);
	free(odd);
}

int main(void)
{
	char dir[] = "/tmp/kmaint-history-test.XXXXXX";
	struct history_opts opts = { 0 };
	struct hist_commit c;
	const struct hist_file *f;
	char *head, *merge;
	FILE *list;
	long nr;

	ok(parse_tz("+0000") == 0, "tz +0000");
	ok(parse_tz("-0700") == -420, "tz -0700");
	ok(parse_tz("+0530") == 330, "tz +0530");
	ok(parse_tz("+1400") == 840, "tz +1400");
	ok(parse_tz("junk") == 0, "a bad tz is 0");

	if (sh("git --version") != 0) {
		printf("1..%d # SKIP git not installed\n", tap_count);
		return 0;
	}
	if (!mkdtemp(dir) || chdir(dir))
		die_errno("cannot make %s", dir);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("HOME", dir, 1);
	setenv("GIT_AUTHOR_NAME", "A U Thor", 1);
	setenv("GIT_AUTHOR_EMAIL", "author@example.com", 1);
	setenv("GIT_COMMITTER_NAME", "C O Mitter", 1);
	setenv("GIT_COMMITTER_EMAIL", "committer@example.com", 1);
	setenv("GIT_AUTHOR_DATE", "1600000000 -0700", 1);
	setenv("GIT_COMMITTER_DATE", "1600000100 +0530", 1);
	if (sh("git init -q -b main . && printf 'a\\nb\\nc\\n' >MAINTAINERS &&"
	       " printf 'x\\0y' >fw.bin && git add . &&"
	       " git commit -q -m 'first: add'"
	       " && git mv MAINTAINERS M2 && printf 'x\\0z' >fw.bin &&"
	       " printf 'new\\n' >'tab\tname.c' && git add . &&"
	       " git update-index --add --cacheinfo 160000,1234567890123456789012345678901234567890,sub &&"
	       " git commit -q -m 'second: rename it' -m 'Body.' -m"
	       " 'Reviewed-by: R Viewer <r@example.com>\nFixes: 123456789abc (\"first: add\")\nSigned-off-by: A U Thor <author@example.com>'"
	       " && git checkout -q -b side HEAD~1 && echo s >s && git add s &&"
	       " git commit -q -m side && git checkout -q main &&"
	       " git merge -q --no-edit side") != 0) {
		printf("not ok %d - building the test repository\n1..%d\n",
		       tap_count + 1, tap_count + 1);
		return 1;
	}
	head = git_line("git rev-parse HEAD~1");
	merge = git_line("git rev-parse HEAD");

	opts.detect_renames = true;
	opts.tracked = "MAINTAINERS";
	opts.want_blob_text = true;
	ok(!history_read_one(head, &opts, &c), "read one commit");
	ok(!strcmp(c.hash, head), "its id");
	ok(c.nparents == 1 && strlen(c.parents) == 40, "one parent");
	ok(!strcmp(c.author_name, "A U Thor") &&
	   !strcmp(c.author_email, "author@example.com"), "author");
	ok(c.author_time == 1600000000 && c.author_tz == -420, "author date and zone");
	ok(c.commit_time == 1600000100 && c.commit_tz == 330, "commit date and zone");
	ok(!strcmp(c.subject, "second: rename it"), "subject");
	ok(c.nr_trailers == 3 && !strcmp(c.trailers[0].key, "Reviewed-by") &&
	   !strcmp(c.trailers[0].value, "R Viewer <r@example.com>") &&
	   !strcmp(c.trailers[1].key, "Fixes"), "three trailers in order");
	f = find(&c, "M2");
	ok(f && f->status == 'R' && f->old_path &&
	   !strcmp(f->old_path, "MAINTAINERS") && f->added == 0 && f->removed == 0,
	   "a rename with its source and counts");
	f = find(&c, "fw.bin");
	ok(f && (f->flags & HF_BINARY) && f->added == -1, "a binary change");
	f = find(&c, "sub");
	ok(f && (f->flags & HF_SUBMODULE) && f->status == 'A', "a submodule");
	f = find(&c, "tab\tname.c");
	ok(f && f->added == 1, "a path with a tab, unquoted");
	ok(c.tracked_changed && !c.tracked_blob[0],
	   "MAINTAINERS renamed away: the tracked file is gone");
	hist_commit_release(&c);

	ok(!history_read_one(merge, &opts, &c), "read the merge");
	ok(c.nparents == 2 && (c.flags & HC_MERGE) && !c.nr_files,
	   "a merge: two parents, no diff");
	hist_commit_release(&c);

	test_history_start(merge, &opts);
	test_flush(dir, head, merge, &opts);
	test_message_body(&opts);
	{
		const char *incl[] = { merge, NULL }, *excl[] = { head, NULL };

		nr = history_list(incl, excl, NULL, NULL, &list);
		ok(nr == 2, "history_list with an exclusion: the side commit and the merge");
		fclose(list);
	}

	free(head);
	free(merge);
	if (chdir("/") == 0) {
		char *rm = xstrfmt("rm -rf '%s'", dir);

		sh(rm);
		free(rm);
	}
	test_siglines();
	return done_testing();
}
