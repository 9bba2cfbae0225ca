// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for maintainers/maintainers-sort.c: parse-maintainers.pl --order's
 * rules one at a time.  (The whole 6.12 and 6.1 files are compared with
 * the script itself in t/t2001.)  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maintainers-sort.h"
#include "tap.h"

/* Sort @in; compare with @expect, or with NULL expect a refusal whose
 * message contains @err. */
static void check(const char *desc, const char *in, size_t len,
		  const char *expect, const char *err)
{
	struct strbuf out = STRBUF_INIT, e = STRBUF_INIT;
	int r = mnt_sort_buffer("M", in, len, &out, &e);

	if (expect) {
		ok(!r && out.len == strlen(expect) && !memcmp(out.buf, expect, out.len),
		   desc);
		if (r || strcmp(out.buf, expect))
			printf("# got (%d): [%s%s]\n# expected: [%s]\n", r,
			       out.buf, e.buf, expect);
	} else {
		ok(r == -1 && strstr(e.buf, err) && !out.len, desc);
		if (r != -1 || !strstr(e.buf, err))
			printf("# got (%d): [%s]\n# expected error: [%s]\n", r,
			       e.buf, err);
	}
	strbuf_release(&out);
	strbuf_release(&e);
}

#define CHECK(desc, in, expect) check(desc, in, strlen(in), expect, NULL)
#define REFUSE(desc, in, err) check(desc, in, strlen(in), NULL, err)

int main(void)
{
	char *k;

	CHECK("empty input", "", "");
	CHECK("preamble only", "Intro\n\n\tM: not a field\n", "Intro\n\n\tM: not a field\n");
	CHECK("sections by name, preamble first, one blank line apart",
	      "Intro\n\nB\nM:\tb\n\n\n\nA\nM:\ta\n",
	      "Intro\n\nA\nM:\ta\n\nB\nM:\tb\n");
	CHECK("names compared in upper case",
	      "b two\nM:\tb\n\nA one\nM:\ta\n\nC three\nM:\tc\n",
	      "A one\nM:\ta\n\nb two\nM:\tb\n\nC three\nM:\tc\n");
	CHECK("THE REST last",
	      "THE REST\nM:\tl\n\nZOO\nM:\tz\n\nAAA\nM:\ta\n",
	      "AAA\nM:\ta\n\nZOO\nM:\tz\n\nTHE REST\nM:\tl\n");
	CHECK("THE REST sorts as ZZZZZZ, literally",
	      "ZZZZZZZ\nM:\tz\n\nTHE REST\nM:\tl\n",
	      "THE REST\nM:\tl\n\nZZZZZZZ\nM:\tz\n");
	CHECK("fields in MRLSWQBCPTFXNK order, F: and X: values sorted",
	      "A\nK:\tk\nF:\tz\nN:\tn\nX:\tb\nF:\ta\nX:\ta\nT:\tt\nS:\ts\nM:\tm\nR:\tr\nL:\tl\n",
	      "A\nM:\tm\nR:\tr\nL:\tl\nS:\ts\nT:\tt\nF:\ta\nF:\tz\nX:\ta\nX:\tb\nN:\tn\nK:\tk\n");
	CHECK("other fields keep their order (a stable sort)",
	      "A\nM:\tsecond? no: first\nM:\tsecond\nL:\tl2\nL:\tl1\n",
	      "A\nM:\tsecond? no: first\nM:\tsecond\nL:\tl2\nL:\tl1\n");
	CHECK("unknown letters last, in their order",
	      "A\nV:\tv\nM:\tm\nE:\te\nF:\tf\n",
	      "A\nM:\tm\nF:\tf\nV:\tv\nE:\te\n");
	CHECK("field white space normalised, heading trimmed",
	      "  A  \nM:   m  \nF:f\n",
	      "A\nM:\tm\nF:\tf\n");
	CHECK("a blank line between fields is dropped, the field stays",
	      "A\nM:\tm\n\nF:\tf\n\nB\nM:\tb\n",
	      "A\nM:\tm\nF:\tf\n\nB\nM:\tb\n");
	CHECK("no final newline",
	      "B\nM:\tb\n\nA\nM:\ta", "A\nM:\ta\n\nB\nM:\tb\n");
	CHECK("a text line after the last section is kept (sorted by its first letter)",
	      "A\nM:\tm\n\ntrailing words\n", "A\nM:\tm\ntrailing words\n");
	CHECK("CRLF: the \\r is trimmed from fields and headings",
	      "A\r\nM:\tm\r\n", "A\nM:\tm\n");
	REFUSE("a section name used twice",
	       "A\nM:\ta\n\nB\nM:\tb\n\nA\nM:\tc\n",
	       "M:7: section name 'A' already used at line 1");
	REFUSE("a text line that is no heading",
	       "A\nM:\ta\n\n# comment\nB\nM:\tb\n",
	       "M:4: text line inside the sections that is no section name");
	check("a NUL byte", "A\nM:\ta\0b\n", 9, NULL, "NUL byte");

	k = mnt_section_sort_key("The Rest", 8);
	ok(!strcmp(k, "ZZZZZZ"), "sort key: THE REST in any case is ZZZZZZ");
	free(k);
	k = mnt_section_sort_key("a the rest b THE REST", 21);
	ok(!strcmp(k, "A ZZZZZZ B ZZZZZZ"), "sort key: every THE REST replaced");
	free(k);
	k = mnt_section_sort_key("\xc3\xa9t\xc3\xa9", 5);
	ok(!strcmp(k, "\xc3\xa9T\xc3\xa9"), "sort key: only ASCII is upper-cased");
	free(k);
	ok(mnt_field_rank('M') == 0 && mnt_field_rank('K') == 13 &&
	   mnt_field_rank('V') == 1000 && mnt_field_rank(0) == 1000,
	   "field ranks");

	return done_testing();
}
