// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for report/html.c: escaping (markup, quotes, control bytes,
 * invalid UTF-8) and the charts' shape.  TAP output.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "html.h"
#include "tap.h"

static void escapes(const char *in, const char *want, const char *desc)
{
	struct strbuf sb = STRBUF_INIT;

	html_escape(&sb, in);
	ok(!strcmp(sb.buf, want), desc);
	if (strcmp(sb.buf, want))
		printf("#   got '%s', want '%s'\n", sb.buf, want);
	strbuf_release(&sb);
}

static void counts(double v, int decimals, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	if (decimals < 0)
		html_count(&sb, (long)v);
	else
		html_number(&sb, v, decimals);
	is_str(sb.buf, want, want);
	strbuf_release(&sb);
}

/* A count's cell, built in one piece, after what the page has. */
static void cells(void)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "<tr>");
	html_count_cell(&sb, 0);
	html_count_cell(&sb, -1234567);
	html_count_cell(&sb, 9007199254740993L);
	html_count_cell(&sb, 999);
	is_str(sb.buf, "<tr><td class=\"n\">0</td><td class=\"n\">-1,234,567</td>"
	       "<td class=\"n\">9,007,199,254,740,992</td><td class=\"n\">999</td>",
	       "html_count_cell(): cells, past 2^53 as a double");
	strbuf_release(&sb);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* A count's digits are always those of its double, to 2^53 and past. */
static void count_digits(void)
{
	long v[] = { 1, 12, 123, 1234, 99999, 100000, 999999999,
		     (1L << 53) - 1, 1L << 53, (1L << 53) + 1,
		     LONG_MAX, LONG_MIN + 1, LONG_MIN };
	size_t i, bad = 0;

	for (i = 0; i < sizeof(v) / sizeof(*v); i++) {
		int sign;

		for (sign = -1; sign <= 1; sign += 2) {
			struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
			long n = sign < 0 && v[i] != LONG_MIN ? -v[i] : v[i];

			html_count(&a, n);
			html_number(&b, (double)n, 0);
			if (strcmp(a.buf, b.buf)) {
				printf("# %ld: '%s', not '%s'\n", n, a.buf, b.buf);
				bad++;
			}
			strbuf_release(&a);
			strbuf_release(&b);
		}
	}
	ok(!bad, "html_count() prints html_number()'s digits");
}

/* html_fixed1(@v) against "%.1f"; 1 when they differ. */
static size_t fixed1_differs(double v, bool quiet)
{
	struct strbuf a = STRBUF_INIT;
	char want[64];
	size_t bad;

	html_fixed1(&a, v);
	snprintf(want, sizeof(want), "%.1f", v);
	bad = strcmp(a.buf, want) != 0;
	if (bad && !quiet)
		printf("# %.17g: '%s', not '%s'\n", v, a.buf, want);
	strbuf_release(&a);
	return bad;
}

/* A chart's coordinates: html_fixed1() prints what "%.1f" does. */
static void fixed1_digits(void)
{
	const double odd[] = { 0.0, -0.0, -0.04, 0.05, 0.25, 0.35, -0.25,
			       1e15, -1e16, 1.0 / 0.0, 0.0 / 0.0 };
	unsigned long x = 12345;
	size_t i, bad = 0;
	long k;

	for (k = -50000; k <= 50000; k++) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		bad += fixed1_differs((double)k / 100, bad > 5);
		bad += fixed1_differs((double)k * 700 / 37, bad > 5);
		bad += fixed1_differs((double)k / 20 + 0.05, bad > 5);
		bad += fixed1_differs(((double)(x >> 11) / 9007199254740992.0 -
				       0.5) * 2e6, bad > 5);
	}
	ok(!bad, "html_fixed1() prints \"%%.1f\"'s digits");
	for (i = bad = 0; i < sizeof(odd) / sizeof(*odd); i++)
		bad += fixed1_differs(odd[i], false);
	ok(!bad, "html_fixed1(): zero, its sign, halves, huge, inf, nan");
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT;

	escapes("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;",
		"markup becomes text");
	escapes("a\"b'c&d", "a&quot;b&#39;c&amp;d", "quotes and ampersands");
	escapes("caf\xc3\xa9", "caf\xc3\xa9", "valid UTF-8 kept");
	escapes("caf\xe9", "caf\xef\xbf\xbd", "Latin-1 byte replaced");
	escapes("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd",
		"surrogate replaced");
	escapes("a\x01z\tb\nc", "a\xef\xbf\xbdz\tb\nc", "control bytes replaced, tab and newline kept");
	escapes(NULL, "", "NULL is empty");
	/* plain text is copied a run at a time: the runs' ends */
	escapes("\x7f>x&", "\xef\xbf\xbd&gt;x&amp;", "DEL replaced, specials at both ends");
	escapes("ab\xc3\xa9" "cd'\x1f\xff", "ab\xc3\xa9" "cd&#39;\xef\xbf\xbd\xef\xbf\xbd",
		"runs around UTF-8, a quote, a control and a stray byte");
	escapes("\"\"<<", "&quot;&quot;&lt;&lt;", "specials one after another");

	/* a reader's numbers: thousands grouped, a sign and decimals kept */
	counts(0, -1, "0");
	counts(999, -1, "999");
	counts(1000, -1, "1,000");
	counts(1292182, -1, "1,292,182");
	counts(-1234567, -1, "-1,234,567");
	counts(123456789012.0, -1, "123,456,789,012");
	counts(100000, -1, "100,000");
	counts(-999, -1, "-999");
	counts(-1000, -1, "-1,000");
	cells();
	count_digits();
	fixed1_digits();
	counts(24, 1, "24.0");
	counts(464592.04, 1, "464,592.0");
	counts(-1000.25, 1, "-1,000.2");

	{
		const char *series[] = { "<b>evil</b>", "ok" };
		const char *buckets[] = { "2011", "2012", "2013" };
		double values[] = { 1, 2, 3, 4, 0, 6 };
		struct html_series_chart c = {
			"by person", series, 2, buckets, 3, values, false
		};

		html_svg_stacked(&sb, &c);
		ok(count(sb.buf, "<svg") == 1 && count(sb.buf, "</svg>") == 1,
		   "stacked chart is one svg");
		ok(count(sb.buf, "<rect") == 5 + 2, "one rect per non-zero value, one per legend entry");
		ok(!strstr(sb.buf, "<b>") && strstr(sb.buf, "&lt;b&gt;evil"),
		   "series names escaped");
		ok(!strstr(sb.buf, "http"), "no URL at all (inline SVG needs no namespace)");
	}
	strbuf_reset(&sb);
	{
		const char *series[] = { "changesets", "reviews" };
		const char *buckets[] = { "2024Q1" };
		double values[] = { 4, 5 };
		struct html_series_chart c = {
			"grouped", series, 2, buckets, 1, values, false
		};

		html_svg_stacked(&sb, &c);
		ok(strstr(sb.buf, ">10<") && strstr(sb.buf, ">2<") &&
		   !strstr(sb.buf, ">2.5<"), "stacked: 4 + 5 on an axis to 10 by 2");
		strbuf_reset(&sb);
		c.grouped = true;
		html_svg_stacked(&sb, &c);
		ok(strstr(sb.buf, ">5<") && strstr(sb.buf, ">1<") &&
		   !strstr(sb.buf, ">10<") && !strstr(sb.buf, ">1.25<"),
		   "grouped: side by side on an axis to 5 by whole numbers");
		strbuf_reset(&sb);
		values[0] = 480;
		html_svg_stacked(&sb, &c);
		ok(strstr(sb.buf, ">500<") && strstr(sb.buf, ">100<") &&
		   strstr(sb.buf, ">400<") && !strstr(sb.buf, ">125<"),
		   "an axis to 500 by 100s, not 125s");
	}
	strbuf_reset(&sb);
	{
		/* the values and ticks as printf's "%g" prints them */
		const char *series[] = { "n" };
		const char *buckets[] = { "a", "b", "c", "d", "e", "f", "g" };
		double values[] = { 3, 2.5, 999999, 1e6, 0.1, 1234567, 7e-5 };
		struct html_series_chart c = {
			"g", series, 1, buckets, 7, values, true
		};
		char want[64];
		size_t i, bad = 0;

		html_svg_stacked(&sb, &c);
		for (i = 0; i < 7; i++) {
			snprintf(want, sizeof(want), ", %s: %g</title>",
				 buckets[i], values[i]);
			bad += !strstr(sb.buf, want);
		}
		ok(!bad && strstr(sb.buf, "\">0</text>") &&
		   strstr(sb.buf, "\">500000</text>") &&
		   strstr(sb.buf, "\">1.5e+06</text>") &&
		   strstr(sb.buf, "\">2e+06</text>") &&
		   strstr(sb.buf, "y1=\"210.0\" y2=\"210.0\""),
		   "bars' values and ticks as %g, grid lines as %.1f");
	}
	strbuf_reset(&sb);
	{
		const char *labels[] = { "Ann", "Bob" };
		double a[] = { 10, 0 }, b[] = { 3, 7 };
		struct html_pair_chart c = { "pairs", "reviews", "authored",
					     labels, 2, a, b };

		html_svg_pairs(&sb, &c);
		ok(count(sb.buf, "<rect") == 4 + 2, "pairs: two bars a row, two legend keys");
		ok(strstr(sb.buf, ">10 / 3<") != NULL, "pairs: values printed");
		ok(strstr(sb.buf, "<rect x=\"48\"") != NULL,
		   "pairs: short labels, bars close to them");
		strbuf_reset(&sb);
		labels[1] = "A very long name of a section that goes on and on";
		html_svg_pairs(&sb, &c);
		ok(strstr(sb.buf, "<rect x=\"220\"") && strstr(sb.buf, "on and on") == NULL,
		   "pairs: long labels cut, the room for them capped");
	}
	strbuf_reset(&sb);
	{
		const char *labels[] = { "Ann", "Bob", "Ann" };
		int64_t start[] = { 0, 100, 300 }, end[] = { 200, 400, 400 };
		struct html_timeline t = { "tenure", labels, 3, start, end, 0, 400 };

		html_svg_timeline(&sb, &t);
		ok(count(sb.buf, ">Ann</text>") == 1, "timeline: a repeated label drawn once");
		ok(count(sb.buf, "<title>Ann</title>") == 2, "timeline: both tenures drawn");
	}
	strbuf_release(&sb);
	return done_testing();
}
