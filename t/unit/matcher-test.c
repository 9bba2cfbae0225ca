// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for maintainers/matcher.c: get_maintainer.pl's matching rules on a
 * small MAINTAINERS written into a scratch tree (the matcher asks the
 * current directory whether values name directories, so the test
 * changes into it).  Every expected section list below is what the
 * oracle (6.12's get_maintainer.pl with ties in file order) prints with
 * --sections for the same tree.  TAP output.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "maintainers.h"
#include "matcher.h"
#include "strbuf.h"
#include "tap.h"

static const char maintainers[] =
	"List of maintainers\n"
	"\tM:\tNot A Field <nf@x.org>\n"
	"\n"
	"Maintainers List\n"
	"----------------\n"
	"\n"
	"ALPHA DRIVER\n"
	"M:\tA <a@x.org>\n"
	"S:\tMaintained\n"
	"F:\tdrivers/alpha/\n"
	"\n"
	"BETA WITH X AND N\n"
	"M:\tB <b@x.org>\n"
	"S:\tSupported\n"
	"F:\tdrivers/\n"
	"X:\tdrivers/alpha/excluded.c\n"
	"N:\tbeta\n"
	"\n"
	"POWER\n"
	"M:\tP <p@x.org>\n"
	"S:\tOdd Fixes\n"
	"F:\tDocumentation/ABI/testing/sysfs-class-power\n"
	"\n"
	"GLOB\n"
	"M:\tG <g@x.org>\n"
	"S:\tMaintained\n"
	"F:\tdrivers/*.c\n"
	"F:\tinclude/linux/foo.[ch]\n"
	"\n"
	"DIR WITHOUT SLASH\n"
	"M:\tD <d@x.org>\n"
	"S:\tMaintained\n"
	"F:\tfs/xfs\n"
	"F:\tfs/notadir\n"
	"\n"
	"TIE\n"
	"M:\tT <t@x.org>\n"
	"S:\tMaintained\n"
	"F:\tdrivers/alpha/\n"
	"\n"
	"LAST F WINS\n"
	"M:\tL <l@x.org>\n"
	"S:\tMaintained\n"
	"F:\tdrivers/alpha/deep/\n"
	"F:\tdrivers/\n"
	"\n"
	"UNMAINTAINED\n"
	"R:\tU <u@x.org>\n"
	"S:\tOrphan\n"
	"F:\tdrivers/alpha/a.c\n"
	"F:\tlib/orphan.c\n"
	"\n"
	"NAME REGEX\n"
	"M:\tN <n@x.org>\n"
	"S:\tMaintained\n"
	"N:\talpha / a \\.c\n"	/* /x: the spaces do not count */
	"X:\tdrivers/alpha/b.c\n"
	"\n"
	"THE REST\n"
	"M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

static const struct maintainers *mnt;
static struct matcher *mt;

/*
 * Look @path up and compare with @want: "NAME:depth|NAME:depth|..." in
 * answer order, and the exact-match flag.
 */
/* "NAME:depth|NAME:depth|...", and whether the match is exact */
static void answer(struct matcher *m, const char *path, int pattern_depth,
		   struct strbuf *got)
{
	struct match_result res = { 0 };
	size_t i;

	strbuf_reset(got);
	matcher_lookup(m, path, pattern_depth, &res);
	for (i = 0; i < res.nr; i++)
		strbuf_addf(got, "%s%s:%d", i ? "|" : "",
			    mnt->sections[res.hits[i].section].name,
			    res.hits[i].depth);
	strbuf_addstr(got, res.exact ? " exact" : "");
	match_result_release(&res);
}

/*
 * Look @path up and compare with @want: "NAME:depth|NAME:depth|..." in
 * answer order, and the exact-match flag; the same answer from the
 * first lookups, which scan the patterns, and from the hash tables.
 */
static void expect(const char *path, int pattern_depth, const char *want,
		   int exact, const char *desc)
{
	struct strbuf got = STRBUF_INIT, scanned = STRBUF_INIT;
	struct matcher *fresh = matcher_new(mnt), *indexed = matcher_new(mnt);
	char *d, *w = xstrfmt("%s%s", want, exact > 0 ? " exact" : "");

	matcher_index(indexed);
	answer(indexed, path, pattern_depth, &got);
	answer(fresh, path, pattern_depth, &scanned);
	/* exact < 0: not checked */
	if (exact < 0 && ends_with(got.buf, " exact")) {
		free(w);
		w = xstrfmt("%s exact", want);
	}
	d = xstrfmt("%s: %s", path, desc);
	ok(!strcmp(got.buf, w), d);
	if (strcmp(got.buf, w))
		printf("#   got: %s\n# expected: %s\n", got.buf, w);
	free(d);
	d = xstrfmt("%s: a scan finds the same", path);
	ok(!strcmp(scanned.buf, got.buf), d);
	if (strcmp(scanned.buf, got.buf))
		printf("#   scan: %s\n# tables: %s\n", scanned.buf, got.buf);
	free(d);
	free(w);
	matcher_free(fresh);
	matcher_free(indexed);
	strbuf_release(&got);
	strbuf_release(&scanned);
}

static void mkpath(const char *path)
{
	char *p = xstrdup(path), *s;

	for (s = strchr(p, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			die_errno("mkdir %s", p);
		*s = '/';
	}
	free(p);
}

static void write_file(const char *path, const char *text)
{
	int fd;

	mkpath(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    close(fd))
		die_errno("cannot write %s", path);
}

static void rm_rf(const char *dir)
{
	const char *argv[] = { "rm", "-rf", dir, NULL };
	pid_t pid = fork();

	if (!pid) {
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
}

/*
 * The script asks -d of the converted value: "?" is "." (the top of the
 * tree) and becomes "./", "??" is "..".  Checked against the oracle.
 */
static void test_question_mark(void)
{
	char *text = xstrdup("Q\nM:\tQ <q@x.org>\nS:\tMaintained\nF:\t?\n\n"
			     "QQ\nM:\tQQ <qq@x.org>\nS:\tMaintained\nF:\t??\n");
	struct maintainers m2;

	maintainers_init(&m2);
	maintainers_add_buffer(&m2, "MAINTAINERS.q", text, strlen(text));
	maintainers_finish(&m2);
	mnt = &m2;
	mt = matcher_new(&m2);
	expect("README", 0, "", 0, "F: ? is the directory \"./\": no top-level file");
	expect("a/x.c", 0, "Q:1", 1, "F: ? matches a path in a one-letter directory");
	expect("fs/xfs.c", 0, "QQ:1", 1, "F: ?? is \"../\": two letters and a '/'");
	matcher_free(mt);
	maintainers_release(&m2);
}

/* "s1|s2", "i:" before it when case-blind */
static void expect_strings(const char *re, const char *want)
{
	struct required_strings rs = { 0 };
	struct strbuf got = STRBUF_INIT;
	char *d = xstrfmt("required strings of '%s'", re);
	size_t i;

	matcher_required_strings(re, &rs);
	if (rs.icase)
		strbuf_addstr(&got, "i:");
	for (i = 0; i < rs.nr; i++)
		strbuf_addf(&got, "%s%s", i ? "|" : "", rs.v[i]);
	is_str(got.buf, want, d);
	free(d);
	strbuf_release(&got);
	required_strings_release(&rs);
}

/* Does @line hold one of @rs's strings, as the matcher tests it? */
static bool holds_one(const struct required_strings *rs, const char *line,
		      size_t len)
{
	size_t i, j, n;

	for (i = 0; i < rs->nr; i++) {
		n = strlen(rs->v[i]);
		for (j = 0; j + n <= len; j++)
			if (rs->icase ? !strncasecmp(line + j, rs->v[i], n) :
			    !memcmp(line + j, rs->v[i], n))
				return true;
	}
	return false;
}

/*
 * The strings matcher_required_strings() finds: every match holds one
 * of them, so K: lines are not tried where none is.  Checked on the
 * shapes of 6.12's K: lines and on random patterns against random
 * (ASCII) lines, with the script's flags, from byte 0 (headers) and 1
 * (+/- lines).
 */
static void test_required_strings(void)
{
	static const char *const atoms[] = {
		"a", "b", "ab", "_x", "x", "A", "K", "s", " ", "\\b", "\\B",
		"\\d", "\\w", "\\s", "\\.", "\\+", "\\-", "\\\\", "[ab]", "[^a]",
		"[]a]", "(a|b)", "(ab|xa)", "(?:ab)", "(?i:ab)", "(?i:a|bk)",
		"(?i)", "(?-i)", "(?<n>ab)", "(?'n'b|a)", "(?=a)", "(?!b)",
		"(?<=a)", "(?>ab)", "(?|a|b)", "*", "+", "?", "*?", "++", "{2}",
		"{0,1}", "{,2}", "{x", "|", ".", "^", "$", "#", "\\Q", "\\E",
		"\\x61", "\\1", "(*ACCEPT)", "(a(*ACCEPT))", "\\K", "\\n",
		"(?#c)", "((a)b)", "(a(?i)b|x)", ")", "(", "\\p{L}",
	};
	const uint32_t flags = PCRE2_EXTENDED | PCRE2_UTF | PCRE2_UCP |
			       PCRE2_MATCH_INVALID_UTF;
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	struct strbuf re = STRBUF_INIT;
	unsigned int seed = 12345, i, k, bad = 0, filtered = 0;

	expect_strings("mediatek", "mediatek");
	expect_strings("\\baudit_[a-z_0-9]\\+\\b", "audit_");
	expect_strings("(?:\\b|_)bpf(?:\\b|_)", "bpf");
	expect_strings("(devm_)?gpio_regmap_(un)?register", "gpio_regmap_");
	expect_strings("[gG]oogle.?[tT]ensor", "oogle");
	expect_strings("\"nxp,tda998x\"", "\"nxp,tda998x\"");
	expect_strings("abc *", "ab");
	expect_strings("abc(?#c)?", "ab");
	expect_strings("ab{2}cd", "cd");
	expect_strings("(?i)pidfd", "i:pidfd");
	expect_strings("\\b(?i:clang|llvm)\\b", "i:clang|llvm");
	expect_strings("\\b(clone_args|kernel_clone_args)\\b",
		       "clone_args|kernel_clone_args");
	expect_strings("\\b(pstore|ramoops)", "pstore|ramoops");
	expect_strings("phylink\\.h|struct\\s+phylink|>phylink_",
		       "phylink.h|phylink|>phylink_");
	expect_strings("(ab)?cd", "cd");
	expect_strings("(a|bc)d", "");
	expect_strings("ab|c+", "");
	expect_strings("(?m)abc", "");
	expect_strings("a(*ACCEPT)bc", "");
	expect_strings("foo\\x41bar", "");
	expect_strings("foo # bar", "foo");

	for (i = 0; i < 30000; i++) {
		struct required_strings rs = { 0 };
		PCRE2_SIZE off;
		pcre2_code *code;
		int err, n = 1 + (int)(rand_r(&seed) % 6);

		strbuf_reset(&re);
		while (n--)
			strbuf_addstr(&re, atoms[rand_r(&seed) % ARRAY_SIZE(atoms)]);
		code = pcre2_compile((PCRE2_SPTR)re.buf, re.len, flags, &err,
				     &off, NULL);
		if (!code)
			continue;
		matcher_required_strings(re.buf, &rs);
		for (k = 0; rs.nr && k < 50; k++) {
			char line[16];
			int len = (int)(rand_r(&seed) % 14), j;

			for (j = 0; j < len; j++)
				line[j] = "abAB_xks.+- \\1K\n"[rand_r(&seed) % 16];
			if (holds_one(&rs, line, (size_t)len))
				continue;
			filtered++;
			if (pcre2_match(code, (PCRE2_SPTR)line, (size_t)len, 0, 0,
					md, NULL) >= 0 ||
			    (len && pcre2_match(code, (PCRE2_SPTR)line,
						(size_t)len, 1, 0, md, NULL) >= 0)) {
				if (!bad++)
					printf("# '%s' (%zu strings) matches '%.*s'\n",
					       re.buf, rs.nr, len, line);
			}
		}
		required_strings_release(&rs);
		pcre2_code_free(code);
	}
	ok(!bad && filtered > 10000,
	   "random patterns: no match without one of the strings");
	pcre2_match_data_free(md);
	strbuf_release(&re);
}

/*
 * The literal prefix of a converted F:/X: value as the matcher first
 * took it: convert the glob, then read the regex up to its first
 * metacharacter ("\\." is a literal dot; a quantifier takes the
 * character before it).  The reference for matcher_glob_prefix().
 */
static bool converted_prefix(const char *value, struct strbuf *lit)
{
	char *re = mnt_glob_convert(value, false), *p;
	bool whole = true;

	strbuf_reset(lit);
	if (strchr(re, '|')) {
		free(re);
		return false;
	}
	for (p = re; *p; p++) {
		if (*p == '\\' && p[1] == '.') {
			strbuf_addch(lit, '.');
			p++;
		} else if (!strchr("\\^$.|?*+()[]{}", *p)) {
			strbuf_addch(lit, *p);
		} else {
			if (strchr("*+?{", *p) && lit->len)
				strbuf_setlen(lit, lit->len - 1);
			whole = false;
			break;
		}
	}
	free(re);
	return whole;
}

static void test_glob_prefix(void)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	unsigned int seed = 99, i, bad = 0, whole = 0;

	for (i = 0; i < 100000; i++) {
		char v[12];
		int len = (int)(rand_r(&seed) % 11), j;
		bool x, y;

		for (j = 0; j < len; j++)
			v[j] = "a/.*?\\^$|+()[]{}"[rand_r(&seed) % 17];
		v[len] = '\0';
		x = matcher_glob_prefix(v, &a);
		y = converted_prefix(v, &b);
		whole += y;
		if (x != y || strcmp(a.buf, b.buf)) {
			if (!bad++)
				printf("# '%s': '%s' (%d), converted '%s' (%d)\n",
				       v, a.buf, x, b.buf, y);
		}
	}
	ok(!bad && whole > 1000,
	   "literal prefixes read from the values: those of the converted regexes");
	strbuf_release(&a);
	strbuf_release(&b);
}

/* The hits of every line of @text, as patch_read() would find them. */
static void line_hits(struct matcher *m, const char *text, bool scoped,
		      struct keyword_hits *hits)
{
	const char *line = text, *end = text + strlen(text);

	hits->nr = 0;
	if (scoped)
		matcher_keywords_text(m, text, strlen(text));
	while (line < end) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) + 1 : (size_t)(end - line);

		matcher_keywords(m, line, len, line[0] == '+', hits);
		line += len;
	}
	matcher_keywords_text(m, NULL, 0);
}

/*
 * Finding which K: strings a patch holds in one pass gives the hits a
 * search per string gives: strings that overlap, share a start, sit at
 * the text's last bytes, and K: lines without a string.
 */
static void test_keywords_text(void)
{
	char *text = xstrdup("K\nM:\tK <k@x.org>\nS:\tMaintained\n"
			     "K:\tabc\nK:\tab\nK:\tb_c\nK:\t\\bxy\nK:\t(?i)q\n"
			     "K:\tzz+\nK:\tca\nK:\taa\nK:\t(?i)ks\n"
			     "K:\t\\b(xa|zq)\n");
	struct keyword_hits a = { 0 }, b = { 0 };
	struct maintainers m3;
	struct matcher *m;
	unsigned int seed = 7, i, bad = 0;

	maintainers_init(&m3);
	maintainers_add_buffer(&m3, "MAINTAINERS.k", text, strlen(text));
	maintainers_finish(&m3);
	m = matcher_new(&m3);
	for (i = 0; i < 5000; i++) {
		char t[40];
		int len = (int)(rand_r(&seed) % 39), j;

		for (j = 0; j < len; j++)
			t[j] = "abcxyzqKkS_+\n"[rand_r(&seed) % 13];
		t[len] = '\0';
		line_hits(m, t, true, &a);
		line_hits(m, t, false, &b);
		if (a.nr != b.nr || (a.nr && memcmp(a.entries, b.entries,
						    a.nr * sizeof(*a.entries)))) {
			if (!bad++)
				printf("# '%s': %zu hits, %zu without the pass\n",
				       t, a.nr, b.nr);
		}
	}
	ok(!bad, "K: strings found in one pass: the same hits as without");
	/* "(?i)ks" matches the Kelvin sign and the long s, in any text */
	line_hits(m, "+x \xe2\x84\xaa\xc5\xbf\n", true, &a);
	ok(a.nr == 1, "a case-blind K: is tried on a line with non-ASCII bytes");
	free(a.entries);
	free(b.entries);
	matcher_free(m);
	maintainers_release(&m3);
}

/*
 * Random paths against short patterns of every kind (prefixes that end
 * anywhere in a path, directories with and without '/', regexes, X:,
 * N:): scans and tables agree.  "d" and "d/a" are directories here.
 */
static void test_scan_random(void)
{
	static const char *const parts[] = { "d", "a", "ab", "a.c", "b", "" };
	char *text = xstrdup(
		"S1\nM:\tA <a@x.org>\nS:\tMaintained\nF:\td\nF:\ta\n\n"
		"S2\nM:\tB <b@x.org>\nS:\tMaintained\nF:\td/a\nF:\td/ab\nF:\t\n\n"
		"S3\nM:\tC <c@x.org>\nS:\tSupported\nF:\td/\nX:\td/a/b\n\n"
		"S4\nM:\tD <d@x.org>\nS:\tMaintained\nF:\td/*.c\nF:\ta?b\nF:\td/a\\?c\n\n"
		"S5\nM:\tE <e@x.org>\nS:\tMaintained\nF:\ta.c\nF:\td/a/a\nN:\tab\n\n"
		"S6\nR:\tF <f@x.org>\nS:\tOrphan\nF:\t*\nF:\t*/\nF:\td+/a\n");
	struct strbuf path = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
	const struct maintainers *saved = mnt;
	struct matcher *indexed, *fresh = NULL;
	unsigned int seed = 5, i, bad = 0;
	struct maintainers m4;

	write_file("d/a/x", "");
	maintainers_init(&m4);
	maintainers_add_buffer(&m4, "MAINTAINERS.r", text, strlen(text));
	maintainers_finish(&m4);
	mnt = &m4;
	indexed = matcher_new(&m4);
	matcher_index(indexed);
	for (i = 0; i < 5000; i++) {
		int n = 1 + (int)(rand_r(&seed) % 4), j;

		strbuf_reset(&path);
		for (j = 0; j < n; j++)
			strbuf_addf(&path, "%s%s", j ? "/" : "",
				    parts[rand_r(&seed) % ARRAY_SIZE(parts)]);
		if (rand_r(&seed) % 4 == 0)
			strbuf_addch(&path, '/');
		/* a fresh matcher every few lookups: it still scans */
		if (i % 8 == 0) {
			matcher_free(fresh);
			fresh = matcher_new(&m4);
		}
		answer(fresh, path.buf, (int)(i % 3), &a);
		answer(indexed, path.buf, (int)(i % 3), &b);
		if (strcmp(a.buf, b.buf) && !bad++)
			printf("# %s: scan %s, tables %s\n", path.buf, a.buf, b.buf);
	}
	ok(!bad, "5,000 random paths: scans find what the tables find");
	matcher_free(fresh);
	matcher_free(indexed);
	maintainers_release(&m4);
	mnt = saved;
	strbuf_release(&path);
	strbuf_release(&a);
	strbuf_release(&b);
}

/*
 * edk2's patterns: what GetMaintainer.py's pattern_to_regex() gives
 * (printed by Python 3 from edk2's script for these values).
 */
static void test_edk2_regex(void)
{
	static const char *const cases[][2] = {
		{ "FooPkg/", "FooPkg/.*" },
		{ "FooPkg/*", "FooPkg/(?!.*?/.*?)" },
		{ "*", "(?!.*?/.*?)" },
		{ "*/", ".*/.*" },
		{ "A/*.inf", "A/.*\\.inf" },
		{ "Foo?.c", "Foo.\\.c" },
		{ "X/*Amd*.*", "X/.*Amd.*\\.(?!.*?/.*?)" },
		{ "OvmfPkg/RiscVVirt", "OvmfPkg/RiscVVirt" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *re = mnt_edk2_regex(cases[i][0]);
		char *desc = xstrfmt("edk2 pattern '%s'", cases[i][0]);

		is_str(re, cases[i][1], desc);
		free(desc);
		free(re);
	}
}

/* edk2's sections and its <default> stewards, through the matcher */
static void test_edk2(void)
{
	static const char text[] =
		"EDK II Maintainers\r\n"
		"==================\r\n"
		"\r\n"
		"All patches CC:d here\r\n"
		"L: devel@x.org\r\n"
		"F: *\r\n"
		"F: */\r\n"
		"\r\n"
		"Stewards\r\n"
		"--------\r\n"
		"F: *\r\n"
		"M: S <s@x.org> [steward]\r\n"
		"\r\n"
		"FooPkg\r\n"
		"F: FooPkg/*\r\n"
		"M: F <f@x.org> [foo]\r\n"
		"K: not a tag edk2 reads: it ends the section\r\n"
		"R: Outside <o@x.org>\r\n";
	struct maintainers m;
	struct matcher *em;
	struct match_result res = { 0 };
	struct strbuf sb = STRBUF_INIT;
	const char *paths[][2] = {
		{ "FooPkg/Foo.c", "FooPkg|All patches CC:d here" },
		{ "FooPkg/Sub/Foo.c", "All patches CC:d here|Stewards" },
		{ "Top.txt", "All patches CC:d here|Stewards" },
	};
	size_t i, j;

	maintainers_init(&m);
	maintainers_add_buffer(&m, "Maintainers.txt", xstrdup(text),
			       strlen(text));
	maintainers_finish(&m);
	ok(m.dialect == MNT_EDK2, "edk2: Maintainers.txt is edk2's dialect");
	ok(m.nr_sections == 4, "edk2: 4 sections (a K: line ends one, an R: after it is one alone)");
	is_str(m.sections[1].name, "Stewards", "edk2: an underlined title names its section");
	is_str(m.entries[m.sections[2].first].value, "FooPkg/*",
	       "edk2: no '\\r' in a value");
	em = matcher_new(&m);
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		matcher_lookup(em, paths[i][0], 0, &res);
		strbuf_reset(&sb);
		for (j = 0; j < res.nr; j++)
			strbuf_addf(&sb, "%s%s", j ? "|" : "",
				    m.sections[res.hits[j].section].name);
		is_str(sb.buf, paths[i][1], paths[i][0]);
	}
	match_result_release(&res);
	strbuf_release(&sb);
	matcher_free(em);
	maintainers_release(&m);
}

/*
 * A double star: with MATCHER_GLOBSTAR it crosses directories (none
 * too), '*' stays in one, the last component is a prefix or a
 * directory, no '/' count; without, it is 6.12's ".*.*".  Scans and
 * tables agree.
 */
static void test_globstar(void)
{
	char *text = xstrdup("G\nM:\tG <g@x.org>\nS:\tMaintained\n"
			     "F:\tsrc/**/*.c\nX:\tsrc/**/skip/\n\n"
			     "K\nM:\tK <k@x.org>\nS:\tMaintained\n"
			     "F:\t**/Kconfig\n");
	static const char *const cases[][3] = {
		/* path, with MATCHER_GLOBSTAR, without */
		{ "src/x.c", "G:3", "" },
		{ "src/a/x.c", "G:3", "G:3" },
		{ "src/a/b/x.c", "G:3", "" },
		{ "src/a/b/x.cpp", "G:3", "" },
		{ "src/a/x.h", "", "" },
		{ "src/a/skip/y.c", "", "" },
		{ "src/x.c/y.h", "G:3", "" },
		{ "Kconfig", "K:-1", "" },
		{ "a/Kconfig", "K:-1", "K:-1" },
		{ "a/b/Kconfig.debug", "K:-1", "" },
		{ "a/b/NotKconfig", "", "" },
	};
	struct strbuf got = STRBUF_INIT, scanned = STRBUF_INIT;
	struct maintainers m5;
	size_t i;
	int with;

	maintainers_init(&m5);
	maintainers_add_buffer(&m5, "MAINTAINERS.g", text, strlen(text));
	maintainers_finish(&m5);
	mnt = &m5;
	for (with = 1; with >= 0; with--) {
		for (i = 0; i < ARRAY_SIZE(cases); i++) {
			unsigned int f = with ? MATCHER_GLOBSTAR : 0;
			struct matcher *fresh = matcher_new_opts(&m5, f);
			struct matcher *indexed = matcher_new_opts(&m5, f);
			char *d;

			matcher_index(indexed);
			answer(indexed, cases[i][0], 0, &got);
			answer(fresh, cases[i][0], 0, &scanned);
			if (ends_with(got.buf, " exact"))
				strbuf_setlen(&got, got.len - 6);
			if (ends_with(scanned.buf, " exact"))
				strbuf_setlen(&scanned, scanned.len - 6);
			d = xstrfmt("%s %s \"**\"", cases[i][0],
				    with ? "with" : "without");
			is_str(got.buf, cases[i][2 - with], d);
			free(d);
			ok(!strcmp(got.buf, scanned.buf), "... a scan finds the same");
			matcher_free(fresh);
			matcher_free(indexed);
		}
	}
	strbuf_release(&got);
	strbuf_release(&scanned);
	maintainers_release(&m5);
}

int main(void)
{
	char dir[] = "/tmp/kmaint-matcher-test.XXXXXX";
	struct maintainers m;
	size_t i;
	int rest = -1;

	if (!mkdtemp(dir) || chdir(dir))
		die_errno("scratch directory");
	write_file("MAINTAINERS", maintainers);
	/* fs/xfs is a directory of the tree, fs/notadir is not */
	write_file("fs/xfs/xfs_super.c", "");
	write_file("fs/notadir.c", "");

	maintainers_init(&m);
	ok(!maintainers_add_path(&m, "MAINTAINERS"), "read MAINTAINERS");
	maintainers_finish(&m);
	mnt = &m;
	ok(m.nr_sections == 10, "10 sections (the preamble's tab-indented M: is no field)");
	ok(!strcmp(m.sections[0].name, "ALPHA DRIVER"),
	   "a section is named by the line before its fields");
	mt = matcher_new(&m);
	ok(mt != NULL, "patterns compile");
	if (!mt)
		goto out;
	for (i = 0; i < m.nr_sections; i++)
		if (!strcmp(m.sections[i].name, "THE REST"))
			rest = (int)i;
	ok(rest == 9, "THE REST is the last section");

	/* trailing '/': prefix match at any depth; ties in file order */
	expect("drivers/alpha/a.c", 0,
	       "UNMAINTAINED:3|ALPHA DRIVER:2|TIE:2|BETA WITH X AND N:1|"
	       "LAST F WINS:1|NAME REGEX:0|THE REST:-1", 1,
	       "deepest first, ties in file order, N: at depth 0, '*/' at -1");
	/* X: drops the whole section, its N: included */
	expect("drivers/alpha/b.c", 0,
	       "ALPHA DRIVER:2|TIE:2|BETA WITH X AND N:1|LAST F WINS:1|THE REST:-1",
	       1, "X: excludes the section and its N:");
	expect("drivers/alpha/excluded.c", 0,
	       "ALPHA DRIVER:2|TIE:2|LAST F WINS:1|THE REST:-1", 1,
	       "X: excludes a section whose F: matches");
	/* the depth is that of the last matching F:/N: line, not the deepest */
	expect("drivers/alpha/deep/x.c", 0,
	       "ALPHA DRIVER:2|TIE:2|BETA WITH X AND N:1|LAST F WINS:1|THE REST:-1",
	       1, "last matching F: sets the depth; its deep F: still makes it exact");
	expect("drivers/beta.c", 0,
	       "GLOB:2|LAST F WINS:1|BETA WITH X AND N:0|THE REST:-1", 1,
	       "glob with the same number of '/'; a later N: resets depth to 0");
	/* slash-count rule for patterns without a trailing '/' */
	expect("drivers/other/x.c", 0,
	       "BETA WITH X AND N:1|LAST F WINS:1|THE REST:-1", 0,
	       "drivers/*.c does not reach a subdirectory; nothing exact");
	/* the end is not anchored */
	expect("Documentation/ABI/testing/sysfs-class-power", 0,
	       "POWER:4|THE REST:-1", 0, "literal file (Odd Fixes: not exact)");
	expect("Documentation/ABI/testing/sysfs-class-power-wilco", 0,
	       "POWER:4|THE REST:-1", 0, "unanchored end matches a longer name");
	expect("Documentation/ABI/testing/sysfs-class-power/x", 0,
	       "THE REST:-1", 0, "but not below it (one '/' more)");
	/* a value naming a directory of the tree acts as if it had the '/' */
	expect("fs/xfs/xfs_super.c", 0, "DIR WITHOUT SLASH:2|THE REST:-1", 1,
	       "fs/xfs is the directory fs/xfs/");
	expect("fs/xfs/libxfs/a.c", 0, "DIR WITHOUT SLASH:2|THE REST:-1", 0,
	       "fs/xfs/ reaches every depth below (but not exactly)");
	expect("fs/xfsfoo.c", 0, "THE REST:-1", 0,
	       "fs/xfs no longer matches fs/xfsfoo.c");
	expect("fs/notadir.c", 0, "DIR WITHOUT SLASH:2|THE REST:-1", 1,
	       "fs/notadir (no such directory) is a prefix");
	expect("fs/notadir/x.c", 0, "THE REST:-1", 0,
	       "fs/notadir does not reach a subdirectory");
	/* '.' is literal, "[ch]" stays a character class */
	expect("include/linux/foo.h", 0, "GLOB:3|THE REST:-1", 1, "foo.[ch] matches foo.h");
	expect("include/linux/foo.hx", 0, "GLOB:3|THE REST:-1", 1,
	       "foo.[ch] matches foo.hx (end not anchored)");
	expect("include/linux/foo.s", 0, "THE REST:-1", 0, "foo.[ch] misses foo.s");
	expect("include/linux/fooXh", 0, "THE REST:-1", 0, "'.' is a literal dot");
	expect("lib/orphan.c", 0, "UNMAINTAINED:2|THE REST:-1", 0,
	       "deep enough but orphan and without M:: not exact");
	expect("README", 0, "THE REST:-1", 0, "top-level file: only '*'");

	/* --pattern-depth: keep F: with (path depth - pattern depth) < N; N: always */
	expect("drivers/alpha/a.c", 1,
	       "UNMAINTAINED:3|ALPHA DRIVER:2|TIE:2|NAME REGEX:0", 1,
	       "--pattern-depth=1");
	expect("drivers/alpha/a.c", 2,
	       "UNMAINTAINED:3|ALPHA DRIVER:2|TIE:2|BETA WITH X AND N:1|"
	       "LAST F WINS:1|NAME REGEX:0", 1, "--pattern-depth=2");
	expect("drivers/alpha/deep/x.c", 1, "LAST F WINS:3", 1,
	       "--pattern-depth=1: the shallow F: no longer sets the depth");
	expect("drivers/alpha/deep/x.c", 2, "LAST F WINS:3|ALPHA DRIVER:2|TIE:2", 1,
	       "--pattern-depth=2");

	test_scan_random();
	test_edk2_regex();
	test_edk2();
	/* the same matcher answers the same way twice (lazy directory tests) */
	expect("fs/xfs/xfs_super.c", 0, "DIR WITHOUT SLASH:2|THE REST:-1", 1,
	       "second lookup after the directory test was cached");
	matcher_free(mt);
	test_question_mark();
	test_globstar();
	test_required_strings();
	test_glob_prefix();
	test_keywords_text();
out:
	maintainers_release(&m);
	if (chdir("/"))
		die_errno("chdir /");
	rm_rf(dir);
	return done_testing();
}
