// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for get/print-mailmap.c: the four .mailmap forms as
 * get_maintainer.pl applies them (exact keys, "Name <addr>" before
 * "addr", names re-quoted).  Expected values are the script's own
 * mailmap_email() answers for this file (Linux 6.12).  TAP output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "print-mailmap.h"
#include "tap.h"

static const char mailmap[] =
	"# comment line\n"
	"Proper Name <commit@email.xx>\n"
	"<proper@email.xx> <commit2@email.xx>\n"
	"Proper Three <proper3@email.xx> <commit3@email.xx>\n"
	"Proper Four <proper4@email.xx> Commit Name <commit4@email.xx>\n"
	"  \"Quoted, Name\"   <q@x.org>   # trailing comment\n"
	"J\xc3\xa9r\xc3\xb4me Pouiller <jerome@x.com>\n"
	"Other Name <proper4@email.xx> Different Name <commit4@email.xx>\n"
	"<lower@x.org> <UPPER@X.ORG>\n"
	"not a mailmap line\n"
	"Name <a@b> <c@d> extra\n"
	"\n"
	"Last Line <last@x.org>";	/* no newline at the end */

static const char *const cases[][3] = {
	/* form 1, "Name <addr>": the name for that address */
	{ "Someone <commit@email.xx>", "Proper Name <commit@email.xx>", "form 1 renames" },
	{ "commit@email.xx", "Proper Name <commit@email.xx>", "form 1 adds a name to a bare address" },
	/* form 2, "<real> <wrong>": the address only */
	{ "X Y <commit2@email.xx>", "X Y <proper@email.xx>", "form 2 keeps the name" },
	/* form 3, "Name <real> <wrong>" */
	{ "X Y <commit3@email.xx>", "Proper Three <proper3@email.xx>", "form 3 maps name and address" },
	/* form 4, "Name <real> Wrong Name <wrong>": keyed by the whole identity */
	{ "Commit Name <commit4@email.xx>", "Proper Four <proper4@email.xx>", "form 4 with the wrong name" },
	{ "Different Name <commit4@email.xx>", "Other Name <proper4@email.xx>", "form 4, second identity of one address" },
	{ "Wrong Name <commit4@email.xx>", "Wrong Name <commit4@email.xx>", "form 4 needs the name to match" },
	/* names are cleaned and quoted as the script prints them */
	{ "Anybody <q@x.org>", "\"Quoted, Name\" <q@x.org>", "quoted name, trailing comment stripped" },
	{ "J <jerome@x.com>", "\"J\xc3\xa9r\xc3\xb4me Pouiller\" <jerome@x.com>", "non-ASCII name gets quotes" },
	/* keys are exact strings: no case folding, unlike git */
	{ "U <upper@x.org>", "U <upper@x.org>", "keys are case-sensitive (lower case misses)" },
	{ "U <UPPER@X.ORG>", "U <lower@x.org>", "keys are case-sensitive (exact hit)" },
	{ "Unmapped <u@v.w>", "Unmapped <u@v.w>", "unknown address unchanged" },
	{ "Name <c@d>", "Name <c@d>", "a line of no form is ignored" },
	{ "Q <last@x.org>", "Last Line <last@x.org>", "last line without a newline" },
	{ "\"Some, One\" <unmapped@x.org>", "\"Some, One\" <unmapped@x.org>", "quoted name kept as is" },
};

/*
 * The forms parsed by hand split every line as the expressions do:
 * random lines of the characters that matter.
 */
static void test_split(void)
{
	unsigned int seed = 42, i, bad = 0, hits[4] = { 0 };

	for (i = 0; i < 200000; i++) {
		char line[24];
		size_t a[10], b[10];
		int len = (int)(rand_r(&seed) % 23), j, fa, fb, k;

		for (j = 0; j < len; j++)
			line[j] = "<<>> a@\t\v\r.x"[rand_r(&seed) % 13];
		line[len] = '\0';
		fa = gm_mailmap_split(line, a, false);
		fb = gm_mailmap_split(line, b, true);
		if (fa >= 0)
			hits[fa]++;
		for (k = 2; fa == fb && fa >= 0 && k < 2 * (fa == 3 ? 5 : fa == 2 ? 4 : 3); k++)
			if (a[k] != b[k])
				break;
		if (fa != fb || (fa >= 0 && k < 2 * (fa == 3 ? 5 : fa == 2 ? 4 : 3))) {
			if (!bad++)
				printf("# '%s': form %d by hand, %d by regex\n",
				       line, fa, fb);
		}
	}
	ok(!bad && hits[0] > 100 && hits[1] > 100 && hits[2] > 100 && hits[3] > 100,
	   "forms by hand: the expressions' split of 200,000 random lines");
}

static const char *pick(const char *const *v, size_t n, unsigned int *seed)
{
	return v[rand_r(seed) % n];
}

/*
 * A few lookups parse only the lines that can give their keys; many
 * parse the whole file.  Both answer alike: random files of the four
 * forms and of odd lines, random questions, each asked of a fresh map
 * (lines parsed on demand) and of one parsed whole.
 */
static void test_lazy(const char *dir)
{
	static const char *const names[] = {
		"A", "B C", "\"Q, R\"", "a<b", "x", " ", "", "D  E ",
	};
	static const char *const addrs[] = {
		"a@b", "x@y", "@z", "c", "a@b>", "a <@b", "b <c@d", " a@b ",
		"A@B", "x@y.z",
	};
	static const char *const odd[] = {
		"<", ">", " ", "#", "\t", "<>", "a@b", "# x@y", "\r",
	};
	char *path = xstrfmt("%s/.mailmap.lazy", dir);
	struct strbuf file = STRBUF_INIT, q = STRBUF_INIT;
	struct strbuf lazy = STRBUF_INIT, full = STRBUF_INIT;
	unsigned int seed = 3, round, bad = 0, mapped = 0;

	for (round = 0; round < 500; round++) {
		struct gm_mailmap a, b;
		int i, k;
		FILE *f;

		strbuf_reset(&file);
		/* a key put back together by email_parse(): "A <@z>" */
		if (!round)
			strbuf_addstr(&file, "R <r@x> A<@z>\n");
		for (i = 0; round && i < 12; i++) {
			switch (rand_r(&seed) % 5) {
			case 0:
				strbuf_addf(&file, "%s<%s>", pick(names, 8, &seed),
					    pick(addrs, 10, &seed));
				break;
			case 1:
				strbuf_addf(&file, "<%s> <%s>", pick(addrs, 10, &seed),
					    pick(addrs, 10, &seed));
				break;
			case 2:
				strbuf_addf(&file, "%s <%s> <%s>", pick(names, 8, &seed),
					    pick(addrs, 10, &seed), pick(addrs, 10, &seed));
				break;
			case 3:
				strbuf_addf(&file, "%s <%s> %s <%s>",
					    pick(names, 8, &seed), pick(addrs, 10, &seed),
					    pick(names, 8, &seed), pick(addrs, 10, &seed));
				break;
			default:
				for (k = rand_r(&seed) % 4; k >= 0; k--)
					strbuf_addstr(&file, pick(odd, 9, &seed));
				strbuf_addstr(&file, pick(addrs, 10, &seed));
			}
			strbuf_addch(&file, '\n');
		}
		f = fopen(path, "w");
		if (!f || fwrite(file.buf, 1, file.len, f) != file.len || fclose(f))
			die_errno("cannot write %s", path);
		gm_mailmap_init(&b);
		gm_mailmap_read(&b, path);
		/* past the lazy lookups: the whole file is parsed */
		for (i = 0; i < 40; i++)
			gm_mailmap_email(&b, "warm <up@x>", &full);
		for (i = 0; i < 20; i++) {
			strbuf_reset(&q);
			strbuf_addf(&q, "%s <%s>", pick(names, 8, &seed),
				    pick(addrs, 10, &seed));
			if (!round && !i) {
				strbuf_reset(&q);
				strbuf_addstr(&q, "A <@z>");
			}
			if (i % 5 == 4)
				strbuf_addstr(&q, pick(addrs, 10, &seed) + 1);
			gm_mailmap_init(&a);
			gm_mailmap_read(&a, path);
			strbuf_reset(&lazy);
			strbuf_reset(&full);
			gm_mailmap_email(&a, q.buf, &lazy);
			gm_mailmap_email(&b, q.buf, &full);
			gm_mailmap_release(&a);
			if (!round && !i && strcmp(lazy.buf, "R <r@x>") && !bad++)
				printf("# 'A <@z>' is '%s'\n", lazy.buf);
			if (strcmp(lazy.buf, full.buf) && !bad++)
				printf("# '%s': '%s' from lines with its address, "
				       "'%s' from all\n", q.buf, lazy.buf, full.buf);
			mapped += !!strstr(file.buf, lazy.buf) &&
				  strcmp(lazy.buf, q.buf);
		}
		gm_mailmap_release(&b);
	}
	ok(!bad && mapped > 100,
	   "lines parsed on demand: the answers of the whole file");
	unlink(path);
	free(path);
	strbuf_release(&file);
	strbuf_release(&q);
	strbuf_release(&lazy);
	strbuf_release(&full);
}

int main(void)
{
	char dir[] = "/tmp/kmaint-mailmap-test.XXXXXX", *path;
	struct gm_mailmap mm;
	struct strbuf out = STRBUF_INIT;
	size_t i;
	FILE *f;

	if (!mkdtemp(dir))
		die_errno("mkdtemp");
	path = xstrfmt("%s/.mailmap", dir);
	f = fopen(path, "w");
	if (!f || fwrite(mailmap, 1, sizeof(mailmap) - 1, f) != sizeof(mailmap) - 1 ||
	    fclose(f))
		die_errno("cannot write %s", path);

	gm_mailmap_init(&mm);
	ok(gm_mailmap_read(&mm, path) == 0, "read .mailmap");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strbuf_reset(&out);
		gm_mailmap_email(&mm, cases[i][0], &out);
		ok(!strcmp(out.buf, cases[i][1]), cases[i][2]);
		if (strcmp(out.buf, cases[i][1]))
			printf("#   got: [%s]\n# expected: [%s]\n", out.buf, cases[i][1]);
	}
	gm_mailmap_release(&mm);

	/* a missing file is an empty map; a directory is an error */
	gm_mailmap_init(&mm);
	unlink(path);
	ok(gm_mailmap_read(&mm, path) == 0, "missing .mailmap is an empty map");
	strbuf_reset(&out);
	gm_mailmap_email(&mm, "Someone <commit@email.xx>", &out);
	ok(!strcmp(out.buf, "Someone <commit@email.xx>"), "empty map changes nothing");
	fprintf(stderr, "# (an error message about a directory is expected)\n");
	ok(gm_mailmap_read(&mm, dir) == -1, "a directory as .mailmap is an error");
	gm_mailmap_release(&mm);

	test_lazy(dir);
	rmdir(dir);
	free(path);
	strbuf_release(&out);
	test_split();
	return done_testing();
}
