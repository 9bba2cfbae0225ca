// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the MAINTAINERS parser and the matcher: the input
 * is a MAINTAINERS file.  It is parsed, split into sections, compiled,
 * and then asked about paths taken from its own F:/X: values (so that
 * the lookups reach the patterns the input wrote) and about a few fixed
 * ones.  matcher_new() asks the file system whether values name
 * directories, so run this in a scratch directory.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "maintainers.h"
#include "matcher.h"
#include "strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_VALUES 16

static const char *const fixed_paths[] = {
	"MAINTAINERS", "", "/", "a", "a/", "drivers/net/foo.c",
	"Documentation/ABI/testing/sysfs-class-power-wilco",
	"include/linux/x.h", "tools/a/b/c/d/e/f",
};

/*
 * A pattern with many quantifiers ("wcd****...*-clsh", "(a+)+$") makes
 * backtracking exponential, in get_maintainer.pl as with PCRE2 (which
 * gives up at its match limit after seconds).  That is known and would
 * be reported as a timeout on every run, so such inputs are not tried.
 */
static bool too_complex(const struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_entries; i++) {
		const char *v = m->entries[i].value;
		size_t q = 0;

		if (!strchr("FXNK", m->entries[i].type))
			continue;
		for (; *v; v++)
			q += *v == '*' || *v == '+' || *v == '{' || *v == '?';
		if (q > 8)
			return true;
	}
	return false;
}

static void lookup(struct matcher *mt, const char *path, int depth,
		   struct match_result *res)
{
	size_t i;

	matcher_lookup(mt, path, depth, res);
	/* the answer must be sorted deepest first */
	for (i = 1; i < res->nr; i++)
		if (res->hits[i - 1].depth < res->hits[i].depth)
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct maintainers m;
	struct matcher *mt;
	struct match_result res = { 0 };
	struct keyword_hits kw = { 0 };
	struct strbuf path = STRBUF_INIT;
	char *buf;
	size_t i, values = 0;
	int depth = size ? data[0] % 4 : 0;

	/* maintainers_add_buffer() takes the buffer over and NUL-ends lines in it */
	buf = xmalloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';

	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", buf, size);
	maintainers_finish(&m);
	for (i = 0; i < m.nr_sections; i++)
		free(mnt_section_short_name(&m.sections[i]));
	for (i = 0; i < m.nr_diags; i++)
		if (m.diags[i].line >= 0)
			(void)mnt_line_file(&m, m.diags[i].line);

	if (too_complex(&m)) {
		maintainers_release(&m);
		return -1;	/* not added to the corpus */
	}
	mt = matcher_new(&m);
	if (!mt)
		goto out;
	for (i = 0; i < sizeof(fixed_paths) / sizeof(*fixed_paths); i++)
		lookup(mt, fixed_paths[i], depth, &res);
	for (i = 0; i < m.nr_entries && values < MAX_VALUES; i++) {
		const struct mnt_entry *e = &m.entries[i];

		if (e->type != 'F' && e->type != 'X')
			continue;
		values++;
		lookup(mt, e->value, depth, &res);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/x.c", e->value);
		lookup(mt, path.buf, 0, &res);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s-more", e->value);
		lookup(mt, path.buf, depth, &res);
	}
	/* regexes are compiled when first reached: now compile the rest */
	(void)matcher_errors(mt);
	(void)matcher_check_all(mt, true);
	/* K: over the input itself, both as message text and as diff lines */
	matcher_keywords(mt, (const char *)data, size, false, &kw);
	matcher_keywords(mt, (const char *)data, size, true, &kw);
	for (i = 0; i < kw.nr; i++)
		if (kw.entries[i] < 0 || (size_t)kw.entries[i] >= m.nr_entries ||
		    m.entries[kw.entries[i]].type != 'K')
			abort();
	matcher_free(mt);
out:
	free(kw.entries);
	strbuf_release(&path);
	match_result_release(&res);
	maintainers_release(&m);
	return 0;
}
