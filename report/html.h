/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_HTML_H
#define KMAINT_HTML_H

#include "strbuf.h"

/*
 * Self-contained HTML: escaping and inline SVG charts for "kmaint
 * report".  Every string that comes from a repository (names, subjects,
 * section names) goes through html_escape(), which makes it inert both
 * as element text and inside a double- or single-quoted attribute, and
 * replaces bytes that are not UTF-8 so that a browser never guesses an
 * encoding.  The charts draw with SVG elements only: no script, no
 * font or image to fetch.
 */

/* Append @s escaped (&<>"' and control characters but tab and newline). */
void html_escape(struct strbuf *out, const char *s);

/* The same, @len bytes of @s. */
void html_escape_len(struct strbuf *out, const char *s, size_t len);

/*
 * A site's link from a page @up directories below its root (0 or 1) to
 * @file, relative to the root ("p/x.html"), reading @text.
 */
void html_link(struct strbuf *out, int up, const char *file, const char *text);

/*
 * A count for a reader: @n with a comma between thousands ("1,292,182"),
 * which never breaks a line.  Machine-readable output (--json, a
 * script's sort) reads the digits alone.
 */
void html_count(struct strbuf *out, long n);
/* @v as snprintf("%.1f") prints it, quicker: a chart's coordinates. */
void html_fixed1(struct strbuf *out, double v);

/* A table's cell of a count, right-aligned: <td class="n">1,234</td>. */
void html_count_cell(struct strbuf *out, long n);

/* @v with @decimals places, its whole part grouped as html_count()'s. */
void html_number(struct strbuf *out, double v, int decimals);

/* A fixed palette; colour @i (any i) as "#rrggbb". */
const char *html_colour(size_t i);

/*
 * A stacked bar chart: @nr_series series over @nr_buckets buckets (years,
 * releases), values[s * nr_buckets + b].  Legend below the bars.  With
 * @grouped, the series' bars stand side by side in each bucket.  The
 * axis has whole-number ticks.
 */
struct html_series_chart {
	const char *title;
	const char *const *series;	/* names */
	size_t nr_series;
	const char *const *buckets;	/* x labels */
	size_t nr_buckets;
	const double *values;
	bool grouped;	/* side by side: quantities that do not add up */
};
void html_svg_stacked(struct strbuf *out, const struct html_series_chart *c);

/*
 * Horizontal paired bars, one row per label: a[i] and b[i] side by side
 * (reviews against authored changes).
 */
struct html_pair_chart {
	const char *title;
	const char *a_name, *b_name;
	const char *const *labels;
	size_t nr;
	const double *a, *b;
};
void html_svg_pairs(struct strbuf *out, const struct html_pair_chart *c);

/*
 * A timeline: one row per label with bars from start[i] to end[i] (Unix
 * times), drawn between @from and @to.  Rows may repeat a label (a
 * second tenure): rows with the same label share a line.
 */
struct html_timeline {
	const char *title;
	const char *const *labels;
	size_t nr;
	const int64_t *start, *end;
	int64_t from, to;
};
void html_svg_timeline(struct strbuf *out, const struct html_timeline *t);

#endif
