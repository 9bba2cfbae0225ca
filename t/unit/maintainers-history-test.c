// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for store/maintainers-history.c: section diffs (people, status, fields,
 * renames by F: overlap, splits, duplicate names, changes in the middle
 * of a long file).  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maintainers-history.h"
#include "tap.h"

static void diff(const char *a, const char *b, struct mh_diff *d)
{
	memset(d, 0, sizeof(*d));
	mh_diff_texts(a, strlen(a), b, strlen(b), d);
	mh_diff_sort(d);
}

int main(void)
{
	struct mh_diff d;
	struct strbuf big_a = STRBUF_INIT, big_b = STRBUF_INIT;
	char *key;
	int i;

	key = mh_person_key("Ben Myers <BPM@sgi.com>");
	ok(!strcmp(key, "bpm@sgi.com"), "person key is the lower-cased address");
	free(key);

	diff("A\nM:\tx <x@a>\nF:\ta/\n", "A\nM:\tx <x@a>\nF:\ta/\n", &d);
	ok(d.nr == 0, "identical texts: no change");
	mh_diff_release(&d);

	diff("XFS\nM:\tBen <bpm@sgi.com>\nM:\tAlex <elder@kernel.org>\nS:\tSupported\nF:\tfs/xfs/\n",
	     "XFS\nM:\tBen <bpm@sgi.com>\nM:\tMark <tinguely@sgi.com>\nS:\tMaintained\nF:\tfs/xfs/\n", &d);
	ok(d.nr == 1 && d.changed == 1 && d.v[0].kind == MH_CHANGED, "one section changed");
	ok(d.nr == 1 && d.v[0].nr_added == 1 && !strcmp(d.v[0].added[0].key, "tinguely@sgi.com"),
	   "the M: added");
	ok(d.nr == 1 && d.v[0].nr_removed == 1 && !strcmp(d.v[0].removed[0].key, "elder@kernel.org"),
	   "the M: removed");
	ok(d.nr == 1 && d.v[0].status_changed, "status change seen");
	mh_diff_release(&d);

	diff("OLD NAME\nM:\ta <a@a>\nF:\tx/\nF:\ty/\n",
	     "NEW NAME\nM:\ta <a@a>\nM:\tb <b@b>\nF:\tx/\nF:\ty/\nF:\tz/\n", &d);
	ok(d.renamed == 1 && d.added == 0 && d.removed == 0, "rename by F: overlap");
	ok(d.nr == 1 && d.v[0].nr_added == 1 && !d.v[0].nr_removed, "people compared across the rename");
	mh_diff_release(&d);

	diff("BIG\nM:\ta <a@a>\nF:\tx/\nF:\ty/\nF:\tz/\nF:\tw/\n",
	     "PART ONE\nM:\ta <a@a>\nF:\tx/\n\nPART TWO\nM:\tb <b@b>\nF:\ty/\n", &d);
	ok(d.removed == 1 && d.added == 2, "a split: one removed, two added");
	ok(d.nr == 3 && d.v[1].split && d.v[2].split, "both marked as split from it");
	mh_diff_release(&d);

	diff("A\nF:\ta/\n\nA\nF:\tb/\n", "A\nF:\ta/\n", &d);
	ok(d.removed == 1 && d.added == 0, "duplicate names paired one to one");
	mh_diff_release(&d);

	/* a change deep inside a long file parses only around it */
	for (i = 0; i < 2000; i++) {
		strbuf_addf(&big_a, "SECTION %d\nM:\tP%d <p%d@x>\nS:\tMaintained\nF:\tdir%d/\n\n",
			    i, i, i, i);
		strbuf_addf(&big_b, "SECTION %d\nM:\tP%d <p%d@x>\nS:\t%s\nF:\tdir%d/\n\n",
			    i, i, i, i == 1234 ? "Orphan" : "Maintained", i);
	}
	strbuf_addstr(&big_b, "SECTION NEW\nR:\tNew <new@x>\nF:\tnew/\n");
	memset(&d, 0, sizeof(d));
	mh_diff_texts(big_a.buf, big_a.len, big_b.buf, big_b.len, &d);
	mh_diff_sort(&d);
	ok(d.changed == 1 && d.added == 1 && d.nr == 2, "two changes in a long file");
	ok(d.nr == 2 && !strcmp(d.v[1].new->name, "SECTION 1234") && d.v[1].status_changed,
	   "the status change found in its section");
	ok(d.nr == 2 && !strcmp(d.v[0].new->name, "SECTION NEW") &&
	   d.v[0].new->nr_people == 1 && d.v[0].new->people[0].type == 'R',
	   "the new section at the end with its R:");
	mh_diff_release(&d);

	/* a heading edited in place is a rename, found from the middle */
	strbuf_reset(&big_b);
	strbuf_add(&big_b, big_a.buf, big_a.len);
	{
		char *p = strstr(big_b.buf, "SECTION 777\n");

		memcpy(p, "SECTION X77", 11);
	}
	memset(&d, 0, sizeof(d));
	mh_diff_texts(big_a.buf, big_a.len, big_b.buf, big_b.len, &d);
	ok(d.nr == 1 && d.renamed == 1 && !strcmp(d.v[0].old->name, "SECTION 777"),
	   "a heading changed in place is a rename");
	mh_diff_release(&d);

	{
		int64_t t;

		ok(!mh_parse_when("2013-11-07", &t) && t == 1383868799,
		   "a date means the end of that day, UTC");
		ok(mh_parse_when("not-a-date-or-rev", &t) != 0, "garbage is refused");
	}
	strbuf_release(&big_a);
	strbuf_release(&big_b);
	return done_testing();
}
