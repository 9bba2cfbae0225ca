// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "tap.h"
#include "util.h"

/* year_of() against gmtime_r() at @t. */
static bool same_year(int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm))
		return true;	/* out of gmtime_r()'s range: nothing to say */
	if (year_of(t) == tm.tm_year + 1900)
		return true;
	printf("# year_of(%lld) = %d, gmtime_r() says %d\n", (long long)t,
	       year_of(t), tm.tm_year + 1900);
	return false;
}

int main(void)
{
	int64_t day, s;
	bool all = true;

	/* each day from 1600 to 2500, at its first and last second */
	for (day = -135140; all && day < 193530; day++)
		all = same_year(day * 86400) && same_year(day * 86400 + 86399);
	ok(all, "year_of() is gmtime_r()'s year at every day's edges, 1600-2500");
	all = true;
	for (s = -3; all && s <= 3; s++)
		all = same_year(s);
	ok(all, "and around the epoch");
	ok(year_of(951782400) == 2000 && year_of(951868799) == 2000 &&
	   year_of(946684799) == 1999 && year_of(978307200) == 2001,
	   "2000-02-29 is 2000's; 1999's last second and 2001's first");
	return done_testing();
}
