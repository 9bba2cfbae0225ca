// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for maintainers/patch.c: what get_maintainer.pl takes from a
 * patch.  The rules are its line regexes (mode change, rename, diff
 * --git, Fixes:, ---/+++, @@) and its K: prefix ("^[+-].*" once a file
 * header has been seen).  The expectations were checked against the
 * script's own loop on the same text.  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "patch.h"
#include "strbuf.h"
#include "tap.h"

static const char maintainers[] =
	"XFS\n"
	"M:\tX <x@x.org>\n"
	"K:\t\\bxfs_\\w+\n"
	"\n"
	"POWER\n"
	"M:\tP <p@x.org>\n"
	"K:\tpower_supply | charger\n"	/* /x, and a top-level '|' */
	"\n"
	"GREP STYLE\n"
	"M:\tG <g@x.org>\n"
	"K:\tfoo\\+bar\n";		/* "\+" is a literal '+' in Perl */

static struct maintainers m;
static struct matcher *mt;

struct result {
	int ret;
	struct strbuf files, fixes, ranges, keywords, mnt;
};

/* Read @text and join what was found, for easy comparison. */
static void run(const char *text, size_t len, bool fixes, struct result *r)
{
	struct keyword_hits kw = { 0 };
	struct patch_info info = { 0 };
	struct patch_opts po = {
		.mt = mt, .keywords = &kw, .fixes = fixes, .ranges = true,
	};
	size_t i, j;

	strbuf_init(&r->files, 0);
	strbuf_init(&r->fixes, 0);
	strbuf_init(&r->ranges, 0);
	strbuf_init(&r->keywords, 0);
	strbuf_init(&r->mnt, 0);
	r->ret = patch_read("test.patch", text, len, &po, &info);
	for (i = 0; i < info.nr_files; i++)
		strbuf_addf(&r->files, "%s%s", i ? " " : "", info.files[i]);
	for (i = 0; i < info.nr_fixes; i++)
		strbuf_addf(&r->fixes, "%s%s", i ? " " : "", info.fixes[i]);
	for (i = 0; i < info.nr_ranges; i++)
		strbuf_addf(&r->ranges, "%s%s:%ld:%ld", i ? " " : "",
			    info.ranges[i].file, info.ranges[i].start,
			    info.ranges[i].len);
	for (i = 0; i < info.nr_mnt_lines; i++)
		strbuf_addf(&r->mnt, "%s%s", i ? "|" : "", info.mnt_lines[i]);
	/* keyword hits in MAINTAINERS order, by section name */
	for (i = 0; i < m.nr_entries; i++)
		for (j = 0; j < kw.nr; j++)
			if (kw.entries[j] == (int)i)
				strbuf_addf(&r->keywords, "%s%s",
					    r->keywords.len ? " " : "",
					    m.sections[m.entries[i].section].name);
	free(kw.entries);
	patch_info_release(&info);
}

static void release(struct result *r)
{
	strbuf_release(&r->files);
	strbuf_release(&r->fixes);
	strbuf_release(&r->ranges);
	strbuf_release(&r->keywords);
	strbuf_release(&r->mnt);
}

static void test_files(void)
{
	static const char patch[] =
		"From 0123 Mon Sep 17 00:00:00 2001\n"
		"Subject: [PATCH] a change\n"
		"\n"
		" mode change 100644 => 100755 scripts/run.sh\n"
		" mode change 100644 => 100755 two words\n"
		"diff --git a/fs/old.c b/fs/new.c\n"
		"similarity index 90%\n"
		"rename from fs/old.c\n"
		"rename to fs/new.c\n"
		"diff --git a/x b/y trailing\n"
		"--- a/drivers/net/foo.c\n"
		"+++ b/drivers/net/foo.c\n"
		"--- /dev/null\n"
		"+++ nodir\n"
		"+++\ttab/sep/file.h  more\n"
		"---\n"
		"--- \n";
	struct result r;

	run(patch, sizeof(patch) - 1, true, &r);
	is_str(r.files.buf,
	       "scripts/run.sh fs/old.c fs/new.c fs/old.c fs/new.c "
	       "drivers/net/foo.c drivers/net/foo.c dev/null nodir sep/file.h",
	       "paths from mode change, diff --git, rename, ---/+++ (first component dropped)");
	ok(r.ret == 10, "patch_read returns the number of paths (10)");
	release(&r);
}

static void test_no_files(void)
{
	static const char text[] =
		"Just a mail.\n"
		"--- not a header because no space? no: this is one\n";
	struct result r;

	run("Hello\nworld\n", 12, true, &r);
	ok(r.ret == 0 && !r.files.len, "text without paths: 0 paths");
	release(&r);
	run("", 0, true, &r);
	ok(r.ret == 0 && !r.files.len, "empty input: 0 paths");
	release(&r);
	/* "--- x" is a file header wherever it appears, as in the script */
	run(text, sizeof(text) - 1, true, &r);
	is_str(r.files.buf, "not", "\"--- not a header...\" names \"not\"");
	release(&r);
}

static void test_fixes_ranges(void)
{
	static const char patch[] =
		"Fixes: 0123456789ab (\"old\")\n"
		"Fixes:\tABCDEF\n"
		"Fixes: abcde (too short)\n"
		"Fixes:abcdef12 (no space)\n"
		"Fixes: 0123456789012345678901234567890123456789ffff\n"
		"--- a/lib/x.c\n"
		"+++ b/lib/x.c\n"
		"@@ -10,7 +10,8 @@ int f(void)\n"
		"@@ -1 +1 @@\n"
		"@@ -200,0 +201,3 @@\n";
	struct result r;

	run(patch, sizeof(patch) - 1, true, &r);
	is_str(r.fixes.buf,
	       "0123456789ab ABCDEF 0123456789012345678901234567890123456789",
	       "Fixes: needs white space and 6 to 40 hex digits (at most 40 taken)");
	is_str(r.ranges.buf, "lib/x.c:10:7 lib/x.c:200:0",
	       "@@ -start,len ranges of the last file; \"@@ -1 +1 @@\" is none");
	release(&r);
	run(patch, sizeof(patch) - 1, false, &r);
	ok(!r.fixes.len, "no Fixes: collected without opts.fixes");
	release(&r);
}

static void test_keywords(void)
{
	static const char before[] =
		"Subject: [PATCH] xfs_fix the thing\n"
		"power_supply in the message\n";
	static const char after[] =
		"Subject: [PATCH] nothing here\n"
		"--- a/x.c\n"
		"+++ b/x.c\n"
		"@@ -1,3 +1,3 @@\n"
		" context xfs_buf\n"
		" context power_supply\n";
	static const char added[] =
		"--- a/x.c\n"
		"+++ b/x.c\n"
		"+\txfs_new();\n";
	static const char alternation[] =
		"--- a/x.c\n"
		"+++ b/x.c\n"
		" context line with a charger\n";
	static const char grep_style[] =
		"foobar and foo bar\n";
	struct result r;

	run(before, sizeof(before) - 1, true, &r);
	is_str(r.keywords.buf, "XFS POWER",
	       "before the first file header every line is searched");
	release(&r);
	run(after, sizeof(after) - 1, true, &r);
	is_str(r.keywords.buf, "", "after it, context lines are not");
	release(&r);
	run(added, sizeof(added) - 1, true, &r);
	is_str(r.keywords.buf, "XFS", "after it, a '+' line is");
	release(&r);
	run(alternation, sizeof(alternation) - 1, true, &r);
	is_str(r.keywords.buf, "POWER",
	       "a top-level '|' escapes the \"^[+-].*\" prefix (as in the script)");
	release(&r);
	run(grep_style, sizeof(grep_style) - 1, true, &r);
	is_str(r.keywords.buf, "", "K: foo\\+bar wants a literal '+' (never \"foobar\")");
	release(&r);
	run("foo+bar\n", 8, true, &r);
	is_str(r.keywords.buf, "GREP STYLE", "K: foo\\+bar matches \"foo+bar\"");
	release(&r);
}

static void test_malformed(void)
{
	static const char nul[] = "--- a/x.c\n+++ b/x\0.c\n";
	static const char crlf[] =
		"diff --git a/a.c b/a.c\r\n"
		"--- a/a.c\r\n"
		"+++ b/a.c\r\n"
		"@@ -3,2 +3,2 @@\r\n"
		"+xfs_crlf\r\n";
	static const char truncated[] =
		"--- a/t.c\n"
		"+++ b/t.c\n"
		"@@ -1,100 +1,100 @@\n"
		"+xfs_trunc";	/* no newline, hunk cut short */
	struct result r;

	fprintf(stderr, "# (a NUL byte error is expected)\n");
	run(nul, sizeof(nul) - 1, true, &r);
	ok(r.ret == -1, "a NUL byte makes patch_read fail");
	release(&r);
	run(crlf, sizeof(crlf) - 1, true, &r);
	is_str(r.files.buf, "a.c a.c a.c a.c", "CRLF: paths without the \\r");
	is_str(r.ranges.buf, "a.c:3:2", "CRLF: ranges");
	is_str(r.keywords.buf, "XFS", "CRLF: keywords");
	release(&r);
	run(truncated, sizeof(truncated) - 1, true, &r);
	ok(r.ret == 2 && !strcmp(r.keywords.buf, "XFS"),
	   "truncated hunk, last line without newline: read to the end");
	release(&r);
	run("+++ ", 4, true, &r);
	ok(r.ret == 0, "\"+++ \" alone names nothing");
	release(&r);
}

static void test_maintainers_hunk(void)
{
	static const char patch[] =
		"--- a/MAINTAINERS\n"
		"+++ b/MAINTAINERS\n"
		"@@ -1,3 +1,4 @@\n"
		" XFS FILESYSTEM\n"
		"+M:\tNew <new@x.org>\r\n"
		"-M:\tOld <old@x.org>\n"
		"--- a/other.c\n"
		"+++ b/other.c\n"
		"+not MAINTAINERS\n";
	struct result r;

	run(patch, sizeof(patch) - 1, true, &r);
	is_str(r.mnt.buf, "@@| XFS FILESYSTEM|+M:\tNew <new@x.org>|-M:\tOld <old@x.org>",
	       "MAINTAINERS hunk lines: \"@@\", then each with its marker, no line end");
	release(&r);
}

/* The "index" line of the MAINTAINERS diff names the patch's base. */
static void test_maintainers_base(void)
{
	static const char patch[] =
		"diff --git a/README b/README\n"
		"index 1111111..2222222 100644\n"
		"--- a/README\n"
		"+++ b/README\n"
		"diff --git a/MAINTAINERS b/MAINTAINERS\n"
		"index f50bbf78..b720138b 100644\n"
		"--- a/MAINTAINERS\n"
		"+++ b/MAINTAINERS\n"
		"@@ -1,1 +1,2 @@\n"
		" XFS\n"
		"+R:\tNew <new@x.org>\n";
	static const char no_index[] =
		"diff --git a/other b/other\n"
		"index 1111111..2222222 100644\n"
		"--- a/other\n"
		"+++ b/other\n"
		"diff --git a/MAINTAINERS b/MAINTAINERS\n"
		"--- a/MAINTAINERS\n"
		"+++ b/MAINTAINERS\n";
	struct patch_opts po = { 0 };
	struct patch_info info = { 0 };

	patch_read("t.patch", patch, sizeof(patch) - 1, &po, &info);
	is_str(info.mnt_base ? info.mnt_base : "(null)", "f50bbf78",
	       "the MAINTAINERS diff's index line names its base, not README's");
	patch_info_release(&info);
	patch_read("t.patch", no_index, sizeof(no_index) - 1, &po, &info);
	ok(!info.mnt_base, "no index line in the MAINTAINERS diff: no base "
	   "(another file's is not taken)");
	patch_info_release(&info);
}

static void test_mbox(void)
{
	static const char mbox[] =
		"From 1111 Mon Sep 17 00:00:00 2001\n"
		"Subject: [PATCH 1/2] one\n"
		"--- a/one.c\n"
		"+++ b/one.c\n"
		"From 2222 Mon Sep 17 00:00:00 2001\n"
		"Subject: [PATCH 2/2] two\n"
		"--- a/two.c\n"
		"+++ b/two.c\n";
	struct mbox_msg *msgs;
	size_t nr = patch_split_mbox(mbox, sizeof(mbox) - 1, &msgs);
	struct result r;

	ok(nr == 2, "mbox of two messages splits in two");
	ok(nr == 2 && msgs[0].buf == mbox && msgs[1].buf + msgs[1].len ==
	   mbox + sizeof(mbox) - 1 && msgs[0].len + msgs[1].len == sizeof(mbox) - 1,
	   "the pieces cover the mbox in order");
	if (nr == 2) {
		ok(!strncmp(msgs[1].buf, "From 2222", 9), "second piece starts at its From line");
		run(msgs[1].buf, msgs[1].len, true, &r);
		is_str(r.files.buf, "two.c two.c", "second message alone names two.c");
		release(&r);
	}
	free(msgs);
	run(mbox, sizeof(mbox) - 1, true, &r);
	is_str(r.files.buf, "one.c one.c two.c two.c", "the whole series is one patch");
	release(&r);
	ok(patch_split_mbox("", 0, &msgs) == 0, "empty mbox: no messages");
	free(msgs);
	ok(patch_split_mbox("no from line\n", 13, &msgs) == 1, "text without From: one message");
	free(msgs);
}

/*
 * For check --patch: each diff with its header's line and whether it
 * creates the file (git's "new file mode", including an empty file
 * with no ---/+++, or a plain diff from /dev/null); deletions keep
 * their name; Fixes: and MAINTAINERS lines with their line numbers.
 */
static void test_diffs_and_lines(void)
{
	static const char patch[] =
		"Subject: x\n"				/* 1 */
		"\n"
		"Fixes: 0123456789ab (\"x\")\n"		/* 3 */
		"---\n"
		"diff --git a/fs/a.c b/fs/a.c\n"		/* 5 */
		"index 1111111..2222222 100644\n"
		"--- a/fs/a.c\n"
		"+++ b/fs/a.c\n"
		"@@ -1 +1 @@\n"
		"-a\n"
		"+b\n"
		"diff --git a/fs/new.c b/fs/new.c\n"	/* 12 */
		"new file mode 100644\n"
		"index 0000000..2222222\n"
		"--- /dev/null\n"
		"+++ b/fs/new.c\n"
		"@@ -0,0 +1 @@\n"
		"+x\n"
		"diff --git a/fs/empty b/fs/empty\n"		/* 19 */
		"new file mode 100644\n"
		"index 0000000..e69de29\n"
		"diff --git a/fs/gone.c b/fs/gone.c\n"	/* 22 */
		"deleted file mode 100644\n"
		"--- a/fs/gone.c\n"
		"+++ /dev/null\n"
		"@@ -1 +0,0 @@\n"
		"-x\n"
		"--- /dev/null\n"				/* 28 */
		"+++ b/plain/new.c\n"
		"@@ -0,0 +1 @@\n"
		"+x\n"
		"--- a/MAINTAINERS\n"				/* 32 */
		"+++ b/MAINTAINERS\n"
		"@@ -1,1 +1,2 @@\n"
		" XFS\n"
		"+M:\tNew <new@x.org>\n";			/* 36 */
	struct patch_opts po = { .fixes = true };
	struct patch_info pi = { 0 };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	patch_read("t", patch, sizeof(patch) - 1, &po, &pi);
	for (i = 0; i < pi.nr_diffs; i++)
		strbuf_addf(&sb, "%s%s:%d%s", i ? "|" : "", pi.diffs[i].file,
			    pi.diffs[i].line, pi.diffs[i].added ? "+" : "");
	is_str(sb.buf, "fs/a.c:5|fs/new.c:12+|fs/empty:19+|fs/gone.c:22|"
	       "plain/new.c:28+|MAINTAINERS:32",
	       "diffs: file, header line, created");
	ok(pi.nr_fixes == 1 && pi.fixes_line[0] == 3, "the Fixes: line");
	ok(pi.nr_mnt_lines == 3 && pi.mnt_lines_nr[0] == 34 &&
	   pi.mnt_lines_nr[2] == 36, "the MAINTAINERS hunk's lines");
	strbuf_release(&sb);
	patch_info_release(&pi);
}

int main(void)
{
	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", xstrdup(maintainers),
			       sizeof(maintainers) - 1);
	maintainers_finish(&m);
	mt = matcher_new(&m);
	ok(mt != NULL, "K: patterns compile");
	if (mt) {
		test_files();
		test_no_files();
		test_fixes_ranges();
		test_keywords();
		test_malformed();
		test_maintainers_hunk();
		test_maintainers_base();
		test_mbox();
		test_diffs_and_lines();
		matcher_free(mt);
	}
	maintainers_release(&m);
	return done_testing();
}
