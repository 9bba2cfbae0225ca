// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the patch reader and the address functions: the
 * input is read as a patch (and as an mbox split into messages) against
 * a small fixed MAINTAINERS with F:, X:, N: and K: lines, the paths it
 * names are looked up, and each of its lines goes through email_parse(),
 * email_format(), rfc822_valid() and rfc822_validlist().  Run it in a
 * scratch directory (matcher_new() tests values for directories).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "email.h"
#include "maintainers.h"
#include "matcher.h"
#include "patch.h"
#include "strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const char fixed_maintainers[] =
	"List of maintainers\n"
	"\tM:\tnot a field <x@example.com>\n"
	"\n"
	"XFS FILESYSTEM\n"
	"M:\tA Maintainer <a@example.com>\n"
	"L:\tlinux-xfs@example.com\n"
	"S:\tSupported\n"
	"F:\tfs/xfs/\n"
	"X:\tfs/xfs/scrub/\n"
	"K:\t\\bxfs_\\w+\n"
	"\n"
	"POWER SUPPLY\n"
	"R:\t\"Re, Viewer\" <r@example.com>\n"
	"S:\tMaintained\n"
	"F:\tDocumentation/ABI/testing/sysfs-class-power\n"
	"F:\tdrivers/power/*/*.[ch]\n"
	"N:\tpower(?:_|-)supply\n"
	"K:\tpower_supply | charger\n"
	"\n"
	"THE REST\n"
	"M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

static struct maintainers m;
static struct matcher *mt;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *buf = xstrdup(fixed_maintainers);

	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", buf, strlen(buf));
	maintainers_finish(&m);
	mt = matcher_new(&m);
	if (!mt)
		abort();
	return 0;
}

#define MAX_LINES 64
#define MAX_LINE 512
/*
 * The RFC 822 expression backtracks a lot on long lines of words and
 * spaces (a second for an 80-column line of prose, in Perl as well),
 * which would leave no time for anything else: only short lines go
 * through it.
 */
#define MAX_RFC822_LINES 16
#define MAX_RFC822 48

static void addresses(const char *data, size_t size)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	const char *p = data, *end = data + size;
	size_t lines = 0;

	while (p < end && lines++ < MAX_LINES) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p);
		char *line = xstrndup(p, len < MAX_LINE ? len : MAX_LINE);
		char **list = NULL;
		size_t nr = 0, i;

		email_parse(line, &name, &addr);
		strbuf_reset(&out);
		email_format(&out, name.buf, addr.buf, true);
		strbuf_reset(&out);
		email_format(&out, name.buf, addr.buf, false);
		strbuf_reset(&out);
		email_escape_name(&out, line, strlen(line));
		if (lines <= MAX_RFC822_LINES && len <= MAX_RFC822) {
			(void)rfc822_valid(line);
			if (rfc822_validlist(line, &list, &nr)) {
				for (i = 0; i < nr; i++)
					free(list[i]);
			} else if (nr) {
				abort();	/* nothing is returned for an invalid list */
			}
			free(list);
		}
		free(line);
		p = eol ? eol + 1 : end;
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct keyword_hits kw = { 0 };
	struct patch_info info = { 0 };
	struct patch_opts po = {
		.mt = mt, .keywords = &kw, .fixes = true, .ranges = true,
	};
	struct match_result res = { 0 };
	struct mbox_msg *msgs;
	size_t i, nr, total = 0;
	int n;

	n = patch_read("fuzz.patch", buf, size, &po, &info);
	if (n >= 0 && (size_t)n != info.nr_files)
		abort();
	for (i = 0; i < info.nr_files; i++)
		matcher_lookup(mt, info.files[i], (int)(i % 3), &res);
	for (i = 0; i < kw.nr; i++)
		if (m.entries[kw.entries[i]].type != 'K')
			abort();
	patch_info_release(&info);

	/* the messages of an mbox cover it exactly, in order */
	nr = patch_split_mbox(buf, size, &msgs);
	for (i = 0; i < nr; i++) {
		if (msgs[i].buf != buf + total)
			abort();
		total += msgs[i].len;
		patch_read("fuzz.mbox", msgs[i].buf, msgs[i].len, &po, &info);
		patch_info_release(&info);
	}
	if (total != size)
		abort();
	free(msgs);

	addresses(buf, size);
	free(kw.entries);
	match_result_release(&res);
	return 0;
}
