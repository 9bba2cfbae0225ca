// SPDX-License-Identifier: GPL-2.0
#include "html.h"
#include "utf8.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Does byte @c go out as it is (printable ASCII other than &<>"')? */
static inline bool html_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>' &&
	       c != '"' && c != '\'';
}

void html_escape_len(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	strbuf_grow(out, len);
	while (p < end) {
		const unsigned char *run = p;
		size_t n;

		/* a page is mostly plain text: copied a run at a time */
		while (p < end && html_plain(*p))
			p++;
		if (p > run)
			strbuf_add(out, run, (size_t)(p - run));
		if (p == end)
			break;
		switch (*p) {
		case '&':
			strbuf_add(out, "&amp;", 5);
			break;
		case '<':
			strbuf_add(out, "&lt;", 4);
			break;
		case '>':
			strbuf_add(out, "&gt;", 4);
			break;
		case '"':
			strbuf_add(out, "&quot;", 6);
			break;
		case '\'':
			strbuf_add(out, "&#39;", 5);
			break;
		case '\t':
		case '\n':
			/* harmless in text and in quoted attributes; <pre> needs them */
			strbuf_addch(out, (char)*p);
			break;
		default:
			if (*p < 0x80) {
				/* the other controls and DEL */
				strbuf_add(out, "\xef\xbf\xbd", 3);
			} else if ((n = utf8_seq(p, (size_t)(end - p)))) {
				strbuf_add(out, p, n);
				p += n;
				continue;
			} else {
				strbuf_add(out, "\xef\xbf\xbd", 3);
			}
		}
		p++;
	}
}

void html_escape(struct strbuf *out, const char *s)
{
	html_escape_len(out, s ? s : "", s ? strlen(s) : 0);
}

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};

void html_link(struct strbuf *out, int up, const char *file, const char *text)
{
	/* on every row of 20,000 pages: no format to parse */
	if (up)
		strbuf_add(out, "<a href=\"../", 12);
	else
		strbuf_add(out, "<a href=\"", 9);
	html_escape(out, file);
	strbuf_add(out, "\">", 2);
	html_escape(out, text);
	strbuf_add(out, "</a>", 4);
}

void html_number(struct strbuf *out, double v, int decimals)
{
	char buf[64];
	const char *p = buf, *dot;
	size_t whole;

	snprintf(buf, sizeof(buf), "%.*f", decimals, v);
	if (*p == '-')
		strbuf_addch(out, *p++);
	dot = p + strspn(p, "0123456789");
	/* "inf", "nan": as printed */
	for (whole = (size_t)(dot - p); p < dot; p++, whole--) {
		strbuf_addch(out, *p);
		if (whole > 1 && whole % 3 == 1)
			strbuf_addch(out, ',');
	}
	strbuf_addstr(out, p);
}

/*
 * @n's digits, grouped by thousands, ending at @end; their start.  Only
 * within 2^53 (html_count()); @end has 27 bytes before it.
 */
static char *count_digits(char *end, long n)
{
	char *p = end;
	unsigned long u = n < 0 ? (unsigned long)-n : (unsigned long)n;
	int digits = 0;

	do {
		if (digits && digits % 3 == 0)
			*--p = ',';
		*--p = (char)('0' + u % 10);
		u /= 10;
		digits++;
	} while (u);
	if (n < 0)
		*--p = '-';
	return p;
}

static bool count_exact(long n)
{
	return n > -(1L << 53) && n < (1L << 53);
}

void html_count(struct strbuf *out, long n)
{
	char buf[32], *p;

	/*
	 * A page has thousands of counts; snprintf("%.0f") of each was a
	 * third of a person page's time.  Within 2^53 the double is exact,
	 * so these digits are html_number()'s.
	 */
	if (!count_exact(n)) {
		html_number(out, (double)n, 0);
		return;
	}
	p = count_digits(buf + sizeof(buf), n);
	strbuf_add(out, p, (size_t)(buf + sizeof(buf) - p));
}

void html_count_cell(struct strbuf *out, long n)
{
	static const char head[] = "<td class=\"n\">", tail[] = "</td>";
	char buf[64], *p;

	if (!count_exact(n)) {
		strbuf_add(out, head, sizeof(head) - 1);
		html_number(out, (double)n, 0);
		strbuf_add(out, tail, sizeof(tail) - 1);
		return;
	}
	/* the cell in one piece: a person's tables have thousands */
	memcpy(buf + sizeof(buf) - sizeof(tail), tail, sizeof(tail));
	p = count_digits(buf + sizeof(buf) - sizeof(tail), n);
	p -= sizeof(head) - 1;
	memcpy(p, head, sizeof(head) - 1);
	strbuf_add(out, p, (size_t)(buf + sizeof(buf) - 1 - p));
}

const char *html_colour(size_t i)
{
	return palette[i % ARRAY_SIZE(palette)];
}

/* A round number >= @v for an axis: 1, 2 or 5 times a power of ten. */
static double nice_ceiling(double v)
{
	double p = 1;

	if (v <= 1)
		return 1;
	while (p * 10 < v)
		p *= 10;
	if (p >= v)
		return p;
	if (2 * p >= v)
		return 2 * p;
	if (5 * p >= v)
		return 5 * p;
	return 10 * p;
}

/* Is @s 1, 2 or 5 times a power of ten? */
static bool round_step(long s)
{
	while (s >= 10 && s % 10 == 0)
		s /= 10;
	return s == 1 || s == 2 || s == 5;
}

/*
 * How many steps the axis up to @max (a nice_ceiling()) takes, so that
 * every tick is a whole number, and a round one where it can be (0, 100,
 * 200 rather than 0, 125, 250): 5, 4, 2 or 1 steps of 1, 2 or 5 times a
 * power of ten, else 4, 5, 2 or 1 that divide it.
 */
static int axis_steps(double max)
{
	static const int tries[] = { 5, 4, 2, 1 };
	long m = (long)max;
	size_t i;

	if ((double)m != max)
		return 4;
	for (i = 0; i < ARRAY_SIZE(tries); i++)
		if (m % tries[i] == 0 && round_step(m / tries[i]))
			return tries[i];
	if (m % 4 == 0)
		return 4;
	if (m % 5 == 0)
		return 5;
	return m % 2 == 0 ? 2 : 1;
}

static void svg_open(struct strbuf *out, const char *title, int w, int h)
{
	strbuf_addf(out, "<figure class=\"chart\">\n<svg role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		    "font-family=\"sans-serif\" font-size=\"11\">\n",
		    w, h, w, h);
	strbuf_addstr(out, "<title>");
	html_escape(out, title);
	strbuf_addstr(out, "</title>\n");
}

void html_fixed1(struct strbuf *out, double v)
{
	char buf[32];
	double t = v * 10;
	long long k;

	/*
	 * snprintf("%.1f") of the coordinates of every bar was most of a
	 * chart's time.  A value within 1e-6 of a tenth rounds to that
	 * tenth whatever printf's rounding; the rest, and zero (-0.0
	 * prints its sign), go to it.
	 */
	k = t > -1e15 && t < 1e15 ? (long long)(t < 0 ? t - 0.5 : t + 0.5) : 0;
	if (k && t - (double)k < 1e-6 && (double)k - t < 1e-6) {
		unsigned long long u = k < 0 ? (unsigned long long)-k :
				       (unsigned long long)k;
		char *p = buf + sizeof(buf);

		*--p = (char)('0' + u % 10);
		*--p = '.';
		u /= 10;
		do {
			*--p = (char)('0' + u % 10);
			u /= 10;
		} while (u);
		if (k < 0)
			*--p = '-';
		strbuf_add(out, p, (size_t)(buf + sizeof(buf) - p));
		return;
	}
	snprintf(buf, sizeof(buf), "%.1f", v);
	strbuf_addstr(out, buf);
}

/*
 * printf("%g") of @v into @buf: a whole number from 0 to 999,999 (the
 * counts of a chart's bars, its axis's ticks) in its digits, the rest
 * through printf.  A chart on each of 20,000 pages has dozens.
 */
static const char *svg_g(char buf[32], double v)
{
	if (v >= 0 && v < 1e6 && v == (double)(long)v && !signbit(v)) {
		long n = (long)v;
		char *p = buf + 31;

		*p = '\0';
		do {
			*--p = (char)('0' + n % 10);
			n /= 10;
		} while (n);
		return p;
	}
	snprintf(buf, 32, "%g", v);
	return buf;
}

static void svg_close(struct strbuf *out, const char *title)
{
	strbuf_addstr(out, "</svg>\n<figcaption>");
	html_escape(out, title);
	strbuf_addstr(out, "</figcaption>\n</figure>\n");
}

static void svg_text(struct strbuf *out, double x, double y, const char *anchor,
		     const char *s)
{
	strbuf_addstr(out, "<text x=\"");
	html_fixed1(out, x);
	strbuf_addstr(out, "\" y=\"");
	html_fixed1(out, y);
	strbuf_addstr(out, "\" text-anchor=\"");
	strbuf_addstr(out, anchor);
	strbuf_addstr(out, "\">");
	html_escape(out, s);
	strbuf_addstr(out, "</text>\n");
}

static void svg_legend(struct strbuf *out, const char *const *names, size_t nr,
		       int x0, int y0, int w)
{
	int x = x0, y = y0;
	size_t i;

	for (i = 0; i < nr; i++) {
		int tw = 14 + 7 * (int)(strlen(names[i]) < 40 ? strlen(names[i]) : 40);

		if (x + tw > w && x > x0) {
			x = x0;
			y += 16;
		}
		strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
			    "fill=\"%s\"/>\n", x, y - 9, html_colour(i));
		svg_text(out, x + 13, y, "start", names[i]);
		x += tw + 10;
	}
}

static int legend_rows(const char *const *names, size_t nr, int x0, int w)
{
	int x = x0, rows = nr ? 1 : 0;
	size_t i;

	for (i = 0; i < nr; i++) {
		int tw = 14 + 7 * (int)(strlen(names[i]) < 40 ? strlen(names[i]) : 40);

		if (x + tw > w && x > x0) {
			x = x0;
			rows++;
		}
		x += tw + 10;
	}
	return rows;
}

void html_svg_stacked(struct strbuf *out, const struct html_series_chart *c)
{
	const int left = 50, top = 10, plot_h = 200, w = 760;
	int plot_w = w - left - 10, h;
	double max = 0, step, bar;
	size_t s, b;
	char label[32];
	int steps;

	for (b = 0; b < c->nr_buckets; b++) {
		double sum = 0;

		for (s = 0; s < c->nr_series; s++) {
			double v = c->values[s * c->nr_buckets + b];

			if (c->grouped && v > sum)
				sum = v;
			else if (!c->grouped)
				sum += v;
		}
		if (sum > max)
			max = sum;
	}
	max = nice_ceiling(max);
	steps = axis_steps(max);
	h = top + plot_h + 40 + 16 * legend_rows(c->series, c->nr_series, left, w);
	svg_open(out, c->title, w, h);
	/* axis and grid */
	for (s = 0; s <= (size_t)steps; s++) {
		double y = top + plot_h - (double)s * plot_h / steps;

		strbuf_addf(out, "<line x1=\"%d\" x2=\"%d\" y1=\"", left,
			    left + plot_w);
		html_fixed1(out, y);
		strbuf_addstr(out, "\" y2=\"");
		html_fixed1(out, y);
		strbuf_addstr(out, "\" stroke=\"#ddd\"/>\n");
		svg_text(out, left - 4, y + 4, "end",
			 svg_g(label, max * (double)s / steps));
	}
	step = c->nr_buckets ? (double)plot_w / (double)c->nr_buckets : plot_w;
	bar = step * 0.8;
	for (b = 0; b < c->nr_buckets; b++) {
		double x = left + (double)b * step + (step - bar) / 2;
		double y = top + plot_h;

		for (s = 0; s < c->nr_series; s++) {
			double v = c->values[s * c->nr_buckets + b];
			double bh = v * plot_h / max, bw = bar, bx = x;

			if (v <= 0)
				continue;
			if (c->grouped) {
				bw = bar / (double)c->nr_series;
				bx = x + (double)s * bw;
				y = top + plot_h;
			}
			y -= bh;
			strbuf_addstr(out, "<rect x=\"");
			html_fixed1(out, bx);
			strbuf_addstr(out, "\" y=\"");
			html_fixed1(out, y);
			strbuf_addstr(out, "\" width=\"");
			html_fixed1(out, bw);
			strbuf_addstr(out, "\" height=\"");
			html_fixed1(out, bh);
			strbuf_addstr(out, "\" fill=\"");
			strbuf_addstr(out, html_colour(s));
			strbuf_addstr(out, "\"><title>");
			html_escape(out, c->series[s]);
			strbuf_addstr(out, ", ");
			html_escape(out, c->buckets[b]);
			strbuf_addstr(out, ": ");
			strbuf_addstr(out, svg_g(label, v));
			strbuf_addstr(out, "</title></rect>\n");
		}
		/* label every bucket when they fit, else every few */
		if (c->nr_buckets <= 16 || b % ((c->nr_buckets + 15) / 16) == 0)
			svg_text(out, x + bar / 2, top + plot_h + 14, "middle",
				 c->buckets[b]);
	}
	svg_legend(out, c->series, c->nr_series, left, top + plot_h + 36, w);
	svg_close(out, c->title);
}

/*
 * The room the labels of a pairs chart take on the left: about 7 px a
 * character at 11 px (names cut at 34), so that years do not stand
 * 200 px away from their bars.
 */
static int pairs_left(const struct html_pair_chart *c)
{
	size_t i, longest = 0;
	int left;

	for (i = 0; i < c->nr; i++) {
		size_t n = strlen(c->labels[i]);

		if (n > longest)
			longest = n > 34 ? 34 : n;
	}
	left = (int)longest * 7 + 16;
	return left < 48 ? 48 : left > 220 ? 220 : left;
}

void html_svg_pairs(struct strbuf *out, const struct html_pair_chart *c)
{
	const int left = pairs_left(c), top = 24, row = 26, w = 760;
	int plot_w = w - left - 60, h = top + row * (int)c->nr + 10;
	double max = 0;
	const char *names[2] = { c->a_name, c->b_name };
	size_t i;

	for (i = 0; i < c->nr; i++) {
		if (c->a[i] > max)
			max = c->a[i];
		if (c->b[i] > max)
			max = c->b[i];
	}
	max = nice_ceiling(max);
	svg_open(out, c->title, w, h);
	svg_legend(out, names, 2, left, 12, w);
	for (i = 0; i < c->nr; i++) {
		double y = top + (double)i * row;
		double wa = c->a[i] * plot_w / max, wb = c->b[i] * plot_w / max;
		char num[32];
		char shown[64];
		size_t n = strlen(c->labels[i]);

		/* long names are cut so that they stay beside their bars */
		if (n > 34) {
			snprintf(shown, sizeof(shown), "%.31s...", c->labels[i]);
			svg_text(out, left - 6, y + 15, "end", shown);
		} else {
			svg_text(out, left - 6, y + 15, "end", c->labels[i]);
		}
		strbuf_addf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"10\" "
			    "fill=\"%s\"/>\n", left, y + 2, wa, html_colour(0));
		strbuf_addf(out, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"10\" "
			    "fill=\"%s\"/>\n", left, y + 12, wb, html_colour(1));
		snprintf(num, sizeof(num), "%g / %g", c->a[i], c->b[i]);
		svg_text(out, left + (wa > wb ? wa : wb) + 4, y + 15, "start", num);
	}
	svg_close(out, c->title);
}

static void format_year(int64_t t, char *buf, size_t len, bool months)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	if (months)
		snprintf(buf, len, "%d-%02d", tm.tm_year + 1900, tm.tm_mon + 1);
	else
		snprintf(buf, len, "%d", tm.tm_year + 1900);
}

void html_svg_timeline(struct strbuf *out, const struct html_timeline *t)
{
	const int left = 220, top = 20, row = 18, w = 760;
	int plot_w = w - left - 20, h, nrows = 0;
	double span = t->to > t->from ? (double)(t->to - t->from) : 1;
	int *line = xcalloc(t->nr + 1, sizeof(int));
	size_t i, j;
	char buf[32];

	/* rows with a label seen before share its line */
	for (i = 0; i < t->nr; i++) {
		line[i] = -1;
		for (j = 0; j < i; j++)
			if (!strcmp(t->labels[i], t->labels[j])) {
				line[i] = line[j];
				break;
			}
		if (line[i] < 0)
			line[i] = nrows++;
	}
	h = top + row * nrows + 24;
	svg_open(out, t->title, w, h);
	for (j = 0; j <= 4; j++) {
		double x = left + (double)j * plot_w / 4;

		/* short spans need months to tell the ticks apart */
		format_year(t->from + (int64_t)((double)j * span / 4), buf, sizeof(buf),
			span < 6 * 365.25 * 86400);
		strbuf_addf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
			    "stroke=\"#ddd\"/>\n", x, x, top, top + row * nrows);
		svg_text(out, x, top + row * nrows + 14, "middle", buf);
	}
	for (i = 0; i < t->nr; i++) {
		double x0 = left + (double)(t->start[i] - t->from) * plot_w / span;
		double x1 = left + (double)(t->end[i] - t->from) * plot_w / span;
		double y = top + (double)line[i] * row;

		if (x0 < left)
			x0 = left;
		if (x1 < x0 + 2)
			x1 = x0 + 2;
		for (j = 0; j < i; j++)
			if (line[j] == line[i])
				break;
		if (j == i) {
			char shown[64];

			if (strlen(t->labels[i]) > 34)
				snprintf(shown, sizeof(shown), "%.31s...", t->labels[i]);
			else
				snprintf(shown, sizeof(shown), "%s", t->labels[i]);
			svg_text(out, left - 6, y + 12, "end", shown);
		}
		strbuf_addf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" "
			    "fill=\"%s\"><title>", x0, y + 2, x1 - x0,
			    html_colour((size_t)line[i]));
		html_escape(out, t->labels[i]);
		strbuf_addstr(out, "</title></rect>\n");
	}
	svg_close(out, t->title);
	free(line);
}
