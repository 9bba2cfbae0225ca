/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_TAP_H
#define KMAINT_TAP_H

/*
 * The Test Anything Protocol for the unit tests beside the modules
 * (t/unit/<module>-test.c), read by prove.  Include it once, from the
 * test's own file: the counters are that program's.
 */
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

/* One test line: "ok N - desc", or "not ok" when @cond is false. */
static inline void ok(int cond, const char *desc)
{
	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", tap_count, desc);
}

/* ok() for two strings, showing both when they differ. */
static inline void is_str(const char *got, const char *want, const char *desc)
{
	int same = got && want ? !strcmp(got, want) : got == want;

	ok(same, desc);
	if (!same)
		printf("#   got:  '%s'\n#   want: '%s'\n", got ? got : "(null)",
		       want ? want : "(null)");
}

/* The plan, last; main() returns this. */
static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
