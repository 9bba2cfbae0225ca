/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_PAGE_H
#define KMAINT_PAGE_H

#include "audit.h"
#include "contributions.h"
#include "maintainers-history.h"
#include "strbuf.h"

/* The one-page report's parts, in the order cmd_report writes them. */
void report_page_head(struct strbuf *out, const char *title, const char *one,
		      const struct audit *a, const char *maint_from);
void page_audit_table(struct strbuf *out, const struct audit *a);

/* The top seven names and "others", as a stacked chart per year. */
void page_series_chart(struct strbuf *out, const struct year_series *s,
		       const char *title);
void page_tenure_chart(struct strbuf *out, const struct mh_history *h,
		       const struct audit *a, int64_t to);

/* Reviews against changesets and the people table; sorts col->v. */
void page_people(struct strbuf *out, struct contributions *col);

/* The lists' table per section, and its two charts when there are rows. */
void page_list_sections(struct strbuf *out,
			const struct list_section_figures *v, size_t n);

#endif
