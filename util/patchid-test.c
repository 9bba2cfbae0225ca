// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for util/patchid.c: one git patch-id process for many
 * patches, results by key, the same id for the same diff however it is
 * wrapped.  TAP output.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "patchid.h"
#include "tap.h"

static const char diff_a[] =
	"diff --git a/x.c b/x.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/x.c\n"
	"+++ b/x.c\n"
	"@@ -1,2 +1,2 @@\n"
	" one\n"
	"-two\n"
	"+three\n";

static char ids[8][80];

static int got(int64_t key, const char *id, void *data)
{
	int *n = data;

	if (key >= 0 && key < 8)
		snprintf(ids[key], sizeof(ids[key]), "%s", id);
	(*n)++;
	return 0;
}

int main(void)
{
	struct patchid *p;
	char mail[1024];
	int n = 0;

	signal(SIGPIPE, SIG_IGN);
	p = patchid_start(40);
	ok(!patchid_add(p, 1, diff_a, strlen(diff_a)), "a patch fed");
	/* as a mail has it: a message before, a signature after */
	snprintf(mail, sizeof(mail), "Subject: x\n\nSigned-off-by: A <a@b>\n---\n%s-- \n2.39.0\n",
		 diff_a);
	ok(!patchid_add(p, 2, mail, strlen(mail)), "the same in a mail");
	ok(!patchid_add(p, 3, "no diff here\n", 13), "text without a diff");
	snprintf(mail, sizeof(mail), "%s", diff_a);
	memcpy(strstr(mail, "+three"), "+thre3", 6);
	ok(!patchid_add(p, 4, mail, strlen(mail)), "a different diff");
	snprintf(mail, sizeof(mail), "%s", diff_a);
	memcpy(strstr(mail, "+three"), "+ three", 7);
	strcpy(strstr(mail, "+ three") + 7, "\n");
	ok(!patchid_add(p, 5, mail, strlen(mail)), "white space changed");
	ok(!patchid_add(p, 6, diff_a, strlen(diff_a) - 1), "no final newline");
	ok(!patchid_finish(p, got, &n), "finished");
	ok(n == 5, "five results (none for the text)");
	ok(strlen(ids[1]) == 40, "a 40-digit id");
	is_str(ids[2], ids[1], "a mail's patch has the patch's id");
	ok(!ids[3][0], "no id without a diff");
	ok(strcmp(ids[4], ids[1]) != 0, "another diff, another id");
	is_str(ids[5], ids[1], "--stable ignores white space");
	is_str(ids[6], ids[1], "a missing final newline is added");
	return done_testing();
}
