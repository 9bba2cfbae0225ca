// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for "kmaint check --patch" (maintainers/patch-check.c):
 * the input is split into mbox messages and checked as a series against
 * a small fixed MAINTAINERS (written into a scratch directory made at
 * start, which becomes the current directory) and a fixed list of the
 * tree's files: the mail reader's To:/Cc:, get's answer, the cover
 * letter's union, new files and their sections, and the patch reader's
 * diff, Fixes: and MAINTAINERS line numbers.  No process is started:
 * MAINTAINERS hunks are not applied and Fixes: commits not looked up.
 * Every finding must point at a line of the input.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maintainers.h"
#include "matcher.h"
#include "patch-check.h"
#include "patch.h"
#include "print-mailmap.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static const char fixed_maintainers[] =
	"List of maintainers\n"
	"\n"
	"XFS FILESYSTEM\n"
	"M:\tA Maintainer <a@example.com>\n"
	"R:\t\"Re, Viewer\" <r@example.com>\n"
	"L:\tlinux-xfs@example.com\n"
	"S:\tSupported\n"
	"F:\tfs/xfs/\n"
	"K:\t\\bxfs_\\w+\n"
	"\n"
	"THE REST\n"
	"M:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

static const char *const tree[] = {
	"Kconfig", "MAINTAINERS", "fs/xfs/Kconfig", "fs/xfs/xfs_super.c",
	"fs/xfs/xfs_super.h", "lib/rest.c",
};

static struct maintainers m;
static struct matcher *mt;
static struct gm_mailmap mm;
static struct pcheck_opts po;
static char *scratch;

static void remove_scratch(void)
{
	if (!chdir("/")) {
		char *f = xstrfmt("%s/MAINTAINERS", scratch);

		unlink(f);
		rmdir(scratch);
		free(f);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	FILE *fp;

	scratch = xstrfmt("%s/kmaint-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(scratch) || chdir(scratch))
		abort();
	atexit(remove_scratch);
	fp = fopen("MAINTAINERS", "w");
	if (!fp || fputs(fixed_maintainers, fp) < 0 || fclose(fp))
		abort();
	maintainers_init(&m);
	maintainers_add_buffer(&m, "MAINTAINERS", xstrdup(fixed_maintainers),
			       strlen(fixed_maintainers));
	maintainers_finish(&m);
	mt = matcher_new(&m);
	if (!mt)
		abort();
	gm_mailmap_init(&mm);
	pcheck_opts_init(&po);
	po.apply = false;
	po.history = false;
	po.warn_files = 2;
	po.kconfig_files = 1;
	po.error_files = 4;
	return 0;
}

static int count_lines(const char *buf, size_t len)
{
	int n = 1;
	size_t i;

	for (i = 0; i < len; i++)
		n += buf[i] == '\n';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct pcheck_msg *msgs;
	struct mbox_msg *parts;
	struct strbuf out = STRBUF_INIT;
	struct pcheck pc;
	size_t nr, i;
	int line0 = 0, lines = count_lines(buf, size);
	const char *p = buf;

	nr = patch_split_mbox(buf, size, &parts);
	msgs = xcalloc(nr + 1, sizeof(*msgs));
	for (i = 0; i < nr; i++) {
		for (; p < parts[i].buf; p++)
			line0 += *p == '\n';
		msgs[i] = (struct pcheck_msg) {
			.name = "fuzz.mbox", .buf = parts[i].buf,
			.len = parts[i].len, .line0 = line0,
		};
	}
	pcheck_init(&pc, &po, &m, mt, &mm);
	for (i = 0; i < ARRAY_SIZE(tree); i++)
		path_list_push(&pc.files, xstrdup(tree[i]));
	pc.files_state = 1;
	pcheck_run(&pc, msgs, nr);
	for (i = 0; i < pc.nr; i++)
		if (pc.v[i].line < 1 || pc.v[i].line > lines ||
		    strchr(pc.v[i].msg, '\n'))
			abort();
	pcheck_json(&out, &pc);
	pcheck_release(&pc);
	strbuf_release(&out);
	free(parts);
	free(msgs);
	return 0;
}
