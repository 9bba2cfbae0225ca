// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for "kmaint check": the input is a MAINTAINERS file.
 * Every rule runs over it against a small fixed tree, then the
 * parse-maintainers.pl sort; a finding must point at a line of the input
 * and be ordered, and the sort must keep every non-blank line.  The
 * patterns test asks the file system whether values name directories
 * (as get_maintainer.pl does), so run this in a scratch directory:
 *
 *	make -C fuzz TARGETS=check $PWD/fuzz/check-fuzzer
 *	cd $(mktemp -d) && .../fuzz/check-fuzzer .../fuzz/corpus-maintainers
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "maintainers-sort.h"
#include "maintainers.h"
#include "strbuf.h"
#include "tree.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const tree[] = {
	"Documentation/foo.rst", "MAINTAINERS", "a", "drivers/foo/foo.c",
	"drivers/foo/foo.h", "include/linux/foo.h", "lib/a+b.c",
};

/* See fuzz-maintainers.c: exponential backtracking is known, not tried. */
static bool too_complex(const uint8_t *data, size_t size)
{
	size_t i, q = 0;

	for (i = 0; i < size; i++) {
		if (data[i] == '\n')
			q = 0;
		q += data[i] == '*' || data[i] == '+' || data[i] == '{' ||
		     data[i] == '?';
		if (q > 8)
			return true;
	}
	return false;
}

/* Non-blank lines of @p, white space dropped: what the sort must keep. */
static size_t count_ink(const char *p, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += p[i] != ' ' && p[i] != '\t' && p[i] != '\n' &&
		     p[i] != '\r' && p[i] != '\v' && p[i] != '\f';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct maintainers m;
	struct path_list files = PATH_LIST_INIT;
	struct check_result res;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char *buf;
	size_t i;

	if (too_complex(data, size))
		return -1;
	for (i = 0; i < sizeof(tree) / sizeof(*tree); i++)
		path_list_push(&files, strdup(tree[i]));

	buf = malloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", buf, size);
	maintainers_finish(&m);

	memset(&res, 0, sizeof(res));
	check_run(&m, &files, CHK_ALL, &res);
	for (i = 0; i < res.nr; i++) {
		const struct check_finding *f = &res.v[i];

		if (f->line >= (int)m.nr_lines || !f->msg || f->cls >= CHK_NR_CLASSES)
			abort();
		if (i && res.v[i - 1].line > f->line)
			abort();
	}
	check_result_release(&res);
	maintainers_release(&m);

	/* the sort: no byte of ink lost or made up */
	if (!mnt_sort_buffer("MAINTAINERS", (const char *)data, size, &out, &err)) {
		if (count_ink(out.buf, out.len) != count_ink((const char *)data, size))
			abort();
	} else if (!err.len) {
		abort();
	}
	strbuf_release(&out);
	strbuf_release(&err);
	path_list_release(&files);
	return 0;
}
