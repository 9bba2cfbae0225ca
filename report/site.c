// SPDX-License-Identifier: GPL-2.0
/*
 * The static site of "kmaint report --site" (see site.h).  The figures
 * come from the library's questions, asked once each over the whole
 * repository; this file only lays them out.
 */
#include "site.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "email.h"
#include "html.h"
#include "imap.h"
#include "list-stats.h"
#include "pending.h"
#include "propose.h"
#include "queries.h"
#include "release-page.h"
#include "site-figures.h"
#include "sha256.h"
#include "stats.h"
#include "triage.h"
#include "strmap.h"
#include "util.h"

#define MAX_AREAS 12

/*
 * The one script: sorting and filtering of the sections table.  The
 * table and its links are all there without it; it only un-hides the
 * filter controls and turns the column heads into buttons.
 */
static const char script[] =
	/* the people index's filter */
	"(function(){var q=document.getElementById('pq');if(!q)return;"
	"var rows=[].slice.call(document.getElementById('pt').tBodies[0].rows),"
	"n=document.getElementById('pn');document.getElementById('pctl').hidden=false;"
	"q.oninput=function(){var s=q.value.toLowerCase(),k=0;rows.forEach(function(r){"
	"var v=r.textContent.toLowerCase().indexOf(s)>=0;r.hidden=!v;k+=v?1:0});"
	"n.textContent=k.toLocaleString('en')+' of '+"
	"rows.length.toLocaleString('en')+' people shown'}})();"
	"(function(){"
	"var t=document.getElementById('t');if(!t)return;"
	"var b=t.tBodies[0],rows=[].slice.call(b.rows),c=document.getElementById('ctl'),"
	"q=document.getElementById('q'),n=document.getElementById('n'),"
	"fs=[].slice.call(c.querySelectorAll('select'));c.hidden=false;"
	"function f(){var s=q.value.toLowerCase(),k=0;rows.forEach(function(r){"
	"var v=r.cells[0].textContent.toLowerCase().indexOf(s)>=0;"
	"fs.forEach(function(e){var x=e.value,y=r.cells[+e.dataset.c].textContent;"
	"if(x&&(e.dataset.w?y.split(' ').indexOf(x)<0:y!==x))v=false});"
	"r.hidden=!v;k+=v?1:0});n.textContent=k.toLocaleString('en')+' of '+"
	"rows.length.toLocaleString('en')+' sections shown'}"
	"q.oninput=f;fs.forEach(function(e){e.onchange=f});"
	"var hs=[].slice.call(t.tHead.rows[0].cells);hs.forEach(function(h,i){"
	"var d=1,bt=document.createElement('button');bt.type='button';"
	"bt.textContent=h.textContent;h.textContent='';h.appendChild(bt);"
	"bt.onclick=function(){var num=h.dataset.n;rows.sort(function(x,y){"
	"var u=x.cells[i].textContent,v=y.cells[i].textContent;if(num){"
	"u=parseFloat(u.replace(/,/g,''));v=parseFloat(v.replace(/,/g,''));u=isNaN(u)?-1:u;v=isNaN(v)?-1:v;"
	"return (u-v)*d}return u.localeCompare(v)*d});"
	"rows.forEach(function(r){b.appendChild(r)});"
	"hs.forEach(function(o){o.removeAttribute('aria-sort')});"
	"h.setAttribute('aria-sort',d>0?'ascending':'descending');d=-d}});"
	"var m=/^#kind=([a-z-]+)$/.exec(location.hash);"
	"if(m){var k=document.getElementById('fk');k.value=m[1];}f()})();";

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em auto;color:#222;max-width:72em;"
	"padding:0 1em;line-height:1.4;overflow-wrap:break-word}"
	"a{color:#0645ad}h1{margin-bottom:.2em}h2{margin-top:1.6em;"
	"border-bottom:1px solid #ddd}"
	/* a wide table scrolls in its own box, never the page */
	"table{border-collapse:collapse;margin:.6em 0;display:block;"
	"overflow-x:auto;max-width:100%}"
	"td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top;text-align:left}"
	"th{background:#eee}td.n,#t td:nth-child(n+4):not(:nth-child(8)):not(.r){text-align:right}"
	"th button{font:inherit;font-weight:bold;border:0;background:none;cursor:pointer;"
	"padding:0}th[aria-sort=ascending] button::after{content:' \\25B2'}"
	"th[aria-sort=descending] button::after{content:' \\25BC'}"
	/*
	 * cards in even columns: two on a phone, not a ragged stack; a
	 * number of up to ten characters (99,999,999) on one line inside
	 */
	".cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5em,1fr));"
	"gap:.6em;margin:1em 0}"
	".card{border:1px solid #ccc;border-radius:6px;padding:.5em .8em;"
	"background:#fafafa}.card b{display:block;font-size:1.4em;"
	"white-space:nowrap}"
	".card.bad b{color:#a00}.card small{color:#666}"
	".finding{color:#a00}.muted{color:#777}#tri td:nth-child(5){white-space:nowrap}"
	/* a date is never broken at its hyphens */
	"td.d,#t td:nth-child(6){white-space:nowrap}"
	"#tri td:nth-child(6){min-width:10em}"
	/* charts at their size (11 px labels), scrolling in a narrow box */
	"svg{max-width:none}figure{margin:1em 0;overflow-x:auto}figcaption{font-size:small;color:#555}"
	"details{margin:.3em 0 1em}summary{cursor:pointer;color:#0645ad}"
	"pre{background:#f6f6f6;padding:.5em;overflow:auto;font-size:small}"
	"#ctl{margin:.5em 0}#ctl label{margin-right:1em}nav{font-size:small}"
	".grid{display:grid;grid-template-columns:repeat(auto-fit,"
	"minmax(min(760px,100%),1fr));"
	"gap:0 2em}";

/* ---- files ---- */

/*
 * Does the file at @path hold exactly @len bytes @buf?  Compared a block
 * at a time: reading each of 20,000 pages into a buffer of its own was
 * most of a run that changes nothing.
 */
static bool same_file(const char *path, const char *buf, size_t len)
{
	char block[65536];
	struct stat st;
	size_t at = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return false;
	/* a page of another size changed: no need to read it */
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size != len) {
		close(fd);
		return false;
	}
	while ((n = read(fd, block, sizeof(block))) > 0 &&
	       (size_t)n <= len - at && !memcmp(block, buf + at, (size_t)n))
		at += (size_t)n;
	close(fd);
	return at == len && !n;
}

int site_put_file(const char *path, const char *buf, size_t len)
{
	FILE *fp;
	char *tmp;

	if (same_file(path, buf, len))
		return 0;
	/* a reader never sees half a page: write aside, then rename */
	tmp = xstrfmt("%s.tmp", path);
	fp = fopen(tmp, "w");
	if (!fp) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	if ((fwrite(buf, 1, len, fp) != len) | fclose(fp)) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path)) {
		error("cannot rename '%s' to '%s': %s", tmp, path, strerror(errno));
		free(tmp);
		return -1;
	}
	free(tmp);
	return 1;
}

static int make_dir(const char *path)
{
	if (mkdir(path, 0777) && errno != EEXIST)
		return error("cannot create '%s': %s", path, strerror(errno));
	if (!is_dir(path))
		return error("'%s' is not a directory", path);
	return 0;
}

/* ---- what the pages are made of ---- */

struct sec_info {
	char *file;		/* "s/name.html" */
	const char *area;
	const struct site_section_figures *fig;	/* the lists' figures */
	int64_t last_listed_window;	/* last activity of a listed M:/R: */
};

struct site {
	struct scope *sc;
	const struct audit *a;
	const struct mh_history *h;
	const struct site_opts *o;
	struct site_result *res;
	struct sec_info *si;
	char **pfile;		/* per pid: "p/x.html", or NULL: no page */
	/*
	 * Every address of the people with a page to the page, for the
	 * tables that name people by address (gitdm's, MAINTAINERS').
	 */
	struct release_links links;
	/*
	 * Per pid with a page, where they are listed and where they worked:
	 * (section, index into listed[] or people[]) pairs from [first[pid],
	 * first[pid + 1]); found once, not by a search per person.
	 */
	size_t *listed_first, *work_first;
	uint32_t (*listed_at)[2], (*work_at)[2];
	struct strmap files;	/* taken file names */
	/*
	 * The pages this run put (written or found unchanged), for the
	 * manifest: the keys, and the names one a line in the order put.
	 */
	struct strmap put;
	struct strbuf manifest;
	struct site_figures *f;	/* what the pages show, collected once */
	/*
	 * Employers over the whole history, one model for every page: the
	 * map's, else the address's domain (audit_employer()); commits per
	 * employer (f.emp_all), the known ones sorted, and those still
	 * unknown.
	 */
	struct emp_count { const char *name; long n; } *emps;
	size_t nr_emps;
	long emp_unknown, emp_total;
	char **rfile;		/* per release: "r/TAG.html" */
	/*
	 * The M:/R: changes per section name: the first event's index + 1,
	 * and each event's next of the same name (SIZE_MAX: none), in the
	 * history's order; a scan of every event for each of 2,900
	 * sections was most of their pages' time.
	 */
	struct strmap ev_first;
	size_t *ev_next;
	/*
	 * The buffer of the section and person pages, one after the other:
	 * a buffer of its own for each of 20,000 pages grew from nothing,
	 * and faulted its pages in, every time.
	 */
	struct strbuf page;
	int partial_year;
	char csp[300];
	char partial_date[16];
};

/* The characters of a page's name, '-' aside: [a-z0-9._]. */
static bool name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
	       c == '_';
}

/* A file name from a string: [a-z0-9._-], unique in the site. */
static char *unique_file(struct site *w, const char *dir, const char *s)
{
	struct strbuf b = STRBUF_INIT;
	struct strmap_entry *e;
	size_t base, n = 2;

	strbuf_addf(&b, "%s/", dir);
	for (; *s && b.len < 60; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (name_char(c))
			strbuf_addch(&b, c);
		else if (b.len && b.buf[b.len - 1] != '-' && b.buf[b.len - 1] != '/')
			strbuf_addch(&b, '-');
	}
	while (b.len && b.buf[b.len - 1] == '-')
		strbuf_setlen(&b, b.len - 1);
	if (b.buf[b.len - 1] == '/' || b.buf[b.len - 1] == '.')
		strbuf_addch(&b, 'x');
	base = b.len;
	for (;;) {
		strbuf_addstr(&b, ".html");
		e = strmap_insert(&w->files, b.buf, b.len);
		if (!e->value)
			break;
		strbuf_setlen(&b, base);
		strbuf_addf(&b, "-%zu", n++);
	}
	e->value = (void *)1;
	return strbuf_detach(&b, NULL);
}

/* ---- the manifest: the files the site wrote, so that stale ones go ---- */

static const char manifest_head[] =
	"# kmaint report --site: the pages it wrote here, one a line.  A page\n"
	"# listed here that a later run does not write is deleted; no other\n"
	"# file is.\n";

/*
 * A name kmaint could have written: a page at the top or in s/, p/ or
 * r/, of unique_file()'s characters.  Any other line (a manifest edited
 * by hand, or damaged) names nothing kmaint will delete.
 */
static bool manifest_name_ok(const char *s, size_t len)
{
	size_t i;

	if (len > 2 && s[1] == '/' && s[0] && strchr("spr", s[0])) {
		s += 2;
		len -= 2;
	}
	if (len < 6 || s[0] == '.' || memcmp(s + len - 5, ".html", 5))
		return false;
	for (i = 0; i < len; i++)
		if (!name_char((unsigned char)s[i]) && s[i] != '-')
			return false;
	return true;
}

/* Delete @name, a page of the last run's manifest: 1 deleted, 0 gone. */
static int remove_stale(struct site *w, const char *name, size_t len)
{
	char *path = xstrfmt("%s/%.*s", w->o->dir, (int)len, name);
	int rc = 1;

	if (unlink(path)) {
		rc = 0;
		if (errno != ENOENT) {
			/* listed again, so that a later run tries again */
			warning("cannot delete '%s': %s", path,
				strerror(errno));
			strbuf_add(&w->manifest, name, len);
			strbuf_addch(&w->manifest, '\n');
		}
	}
	free(path);
	return rc;
}

/*
 * After every page is put: delete the pages the last run's manifest
 * lists and this run did not write (sections, people and releases that
 * are gone), then write the manifest of this run.  Without a manifest
 * (a site made before kmaint kept one), nothing is deleted.
 */
static int sweep_site(struct site *w)
{
	char *path = xstrfmt("%s/" SITE_MANIFEST, w->o->dir), *old = NULL;
	const char *p, *end, *nl;
	size_t len = 0;
	struct strbuf out = STRBUF_INIT;
	int rc;

	if (!read_file(path, &old, &len)) {
		for (p = old, end = old + len; p < end; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(end - p));
			if (!nl)
				nl = end;
			if (manifest_name_ok(p, (size_t)(nl - p)) &&
			    !strmap_get(&w->put, p, (size_t)(nl - p)))
				w->res->removed += (size_t)remove_stale(w, p,
							(size_t)(nl - p));
		}
	} else if (errno != ENOENT) {
		warning("cannot read '%s': %s", path, strerror(errno));
	}
	free(old);
	strbuf_addstr(&out, manifest_head);
	strbuf_add(&out, w->manifest.buf, w->manifest.len);
	rc = site_put_file(path, out.buf, out.len) < 0 ? -1 : 0;
	strbuf_release(&out);
	free(path);
	return rc;
}

/* @remote's host and path after "https://", "ssh://user@" or "user@host:". */
static bool split_remote(const char *remote, struct strbuf *host,
			 struct strbuf *path)
{
	static const char *const schemes[] = { "https://", "http://",
					       "git://", "ssh://" };
	const char *p = remote, *end;
	size_t i;
	bool scp = true;

	for (i = 0; i < ARRAY_SIZE(schemes); i++)
		if (starts_with(p, schemes[i])) {
			p += strlen(schemes[i]);
			scp = false;
			break;
		}
	end = p + strcspn(p, scp ? ":/" : "/");
	if (memchr(p, '@', (size_t)(end - p)))
		p = (const char *)memchr(p, '@', (size_t)(end - p)) + 1;
	if (!*end || (scp && *end != ':'))
		return false;
	strbuf_add(host, p, (size_t)(end - p));
	p = end + 1;
	while (*p == '/')
		p++;
	strbuf_addstr(path, p);
	while (path->len && path->buf[path->len - 1] == '/')
		strbuf_setlen(path, path->len - 1);
	if (path->len > 4 && !strcmp(path->buf + path->len - 4, ".git") &&
	    strcmp(host->buf, "git.kernel.org"))
		strbuf_setlen(path, path->len - 4);
	return path->len > 0;
}

char *site_commit_url_for_remote(const char *remote)
{
	struct strbuf host = STRBUF_INIT, path = STRBUF_INIT;
	char *url = NULL;

	if (remote && split_remote(remote, &host, &path) &&
	    !strpbrk(path.buf, "%\"?#<> \t")) {
		if (!strcmp(host.buf, "github.com"))
			url = xstrfmt("https://github.com/%s/commit/%%s", path.buf);
		else if (!strcmp(host.buf, "gitlab.com"))
			url = xstrfmt("https://gitlab.com/%s/-/commit/%%s", path.buf);
		else if (!strcmp(host.buf, "git.kernel.org"))
			url = xstrfmt("https://git.kernel.org/%s/commit/?id=%%s",
				      path.buf);
	}
	strbuf_release(&host);
	strbuf_release(&path);
	return url;
}

/*
 * A section's area (audit_section.area): the top-level directory with
 * most of its file changes in the window, or without any, with most of
 * the paths it matches; "(no files)" when it matches none.
 */
static const char *section_area(const struct audit_section *s,
				struct strmap *areas)
{
	if (!s->area)
		return "(no files)";
	return strmap_insert(areas, s->area, strlen(s->area))->key;
}

static bool status_is(const struct audit_section *s, const char *what)
{
	return s->status && !strncasecmp(s->status, what, strlen(what));
}

static bool active_window(const struct audit_stats *st)
{
	return st->authored || st->applied || st->tags || st->list_msgs;
}

static void date_cell(struct strbuf *out, int64_t t)
{
	char d[16];

	if (t > 0) {
		mh_date(d, sizeof(d), t);
		strbuf_addstr(out, "<td class=\"d\">");
		strbuf_addstr(out, d);
		strbuf_addstr(out, "</td>");
	} else {
		strbuf_addstr(out, "<td>-</td>");
	}
}

static void hours(struct strbuf *out, double seconds)
{
	if (seconds < 0)
		strbuf_addstr(out, "-");
	else
		html_number(out, seconds / 3600, 1);
}

/* The share of a section's patches never answered, in percent. */
static void never_answered(struct strbuf *out, const struct sec_info *si)
{
	if (!si->fig->have_lists || !si->fig->patches)
		strbuf_addstr(out, "-");
	else
		strbuf_addf(out, "%.0f", 100.0 * (double)si->fig->unanswered /
			    (double)si->fig->patches);
}

/* Relative link from a page at depth @up (0: the site's root) to @file. */
static void link_to(struct strbuf *out, int up, const char *file,
		    const char *text)
{
	html_link(out, up, file, text);
}

static void person_link(struct site *w, struct strbuf *out, int up, int pid,
			const char *fallback)
{
	const struct audit *a = w->a;

	if (pid >= 0 && w->pfile[pid])
		link_to(out, up, w->pfile[pid], a->names[pid][0] ? a->names[pid] :
			a->emails[pid]);
	else if (pid >= 0)
		html_escape(out, a->names[pid][0] ? a->names[pid] : a->emails[pid]);
	else
		html_escape(out, fallback);
}

/* @text, linked to @id through the URL template @tmpl (NULL, "": none). */
static void id_link(struct strbuf *out, const char *tmpl, const char *id,
		    const char *text)
{
	struct strbuf u = STRBUF_INIT;

	if (!tmpl || !*tmpl) {
		html_escape(out, text);
		return;
	}
	strbuf_add_url(&u, tmpl, id);
	strbuf_addstr(out, "<a href=\"");
	html_escape(out, u.buf);
	strbuf_addstr(out, "\">");
	html_escape(out, text);
	strbuf_addstr(out, "</a>");
	strbuf_release(&u);
}

static void page_head(struct site *w, struct strbuf *out, const char *title,
		      int up)
{
	strbuf_addstr(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		      "<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"");
	strbuf_addstr(out, w->csp);
	strbuf_addstr(out, "\">\n<title>");
	html_escape(out, title);
	strbuf_addstr(out, "</title>\n<style>");
	strbuf_addstr(out, style);	/* 3 KB on each of 20,000 pages */
	strbuf_addstr(out, "</style>\n</head>\n<body>\n");
	if (up)
		strbuf_addstr(out, "<nav><a href=\"../index.html\">All sections</a>"
			      "</nav>\n");
	strbuf_addstr(out, "<h1>");
	html_escape(out, title);
	strbuf_addstr(out, "</h1>\n");
}

static void page_foot(struct site *w, struct strbuf *out, int up,
		      bool with_script)
{
	char d[16];

	/*
	 * Only the front page names the day: a page whose figures did not
	 * change is then not rewritten when the history grows.
	 */
	mh_date(d, sizeof(d), w->a->now);
	strbuf_addstr(out, "<p class=\"muted\"><small>Generated by kmaint report "
		      "--site from ");
	if (!up)
		strbuf_addf(out, "the history up to %s and ", d);
	html_escape(out, w->sc->maint_from);
	strbuf_addstr(out, "; figures are defined in kmaint-report(1).</small></p>\n");
	if (with_script)
		strbuf_addf(out, "<script>%s</script>\n", script);
	strbuf_addstr(out, "</body>\n</html>\n");
}

static int put_page(struct site *w, const char *file, struct strbuf *page)
{
	char *path = xstrfmt("%s/%s", w->o->dir, file);
	int rc = site_put_file(path, page->buf, page->len);

	free(path);
	if (rc < 0)
		return -1;
	strmap_insert(&w->put, file, strlen(file))->value = (void *)1;
	strbuf_addf(&w->manifest, "%s\n", file);
	w->res->pages++;
	w->res->written += (size_t)rc;
	w->res->total_bytes += page->len;
	if (!strcmp(file, "index.html"))
		w->res->index_bytes = page->len;
	return 0;
}

/*
 * A chart's numbers as a table behind a <details>, the chart's text
 * alternative for readers who cannot see it.  @cols column names, then
 * @nr rows: a label and @ncols values each (values[row * ncols + col]).
 */
static void data_table(struct strbuf *out, const char *what,
		       const char *const *cols, size_t ncols,
		       const char *const *labels, size_t nr,
		       const double *values, const char *note)
{
	size_t i, j;

	strbuf_addstr(out, "<details><summary>The numbers: ");
	html_escape(out, what);
	strbuf_addstr(out, "</summary>\n<table><thead><tr>");
	for (j = 0; j <= ncols; j++) {
		strbuf_addstr(out, "<th>");
		html_escape(out, cols[j]);
		strbuf_addstr(out, "</th>");
	}
	strbuf_addstr(out, "</tr></thead><tbody>\n");
	for (i = 0; i < nr; i++) {
		strbuf_addstr(out, "<tr><td>");
		html_escape(out, labels[i]);
		strbuf_addstr(out, "</td>");
		for (j = 0; j < ncols; j++) {
			double v = values[i * ncols + j];

			if (v < 0)
				strbuf_addstr(out, "<td class=\"n\">-</td>");
			else if (v == (double)(long)v)
				html_count_cell(out, (long)v);
			else {
				strbuf_addstr(out, "<td class=\"n\">");
				html_number(out, v, 1);
				strbuf_addstr(out, "</td>");
			}
		}
		strbuf_addstr(out, "</tr>\n");
	}
	strbuf_addstr(out, "</tbody></table>\n");
	if (note) {
		strbuf_addstr(out, "<p><small>");
		html_escape(out, note);
		strbuf_addstr(out, "</small></p>\n");
	}
	strbuf_addstr(out, "</details>\n");
}

/*
 * A stacked chart of @nr_series series over @nr buckets and its table;
 * values[series * nr + bucket] as html_svg_stacked() wants them.  With
 * @grouped, the bars of a bucket stand side by side: the quantities do
 * not add up.
 */
static void chart(struct strbuf *out, bool grouped, const char *title,
		  const char *const *series, size_t nr_series,
		  const char *const *buckets, size_t nr, const double *values,
		  const char *note)
{
	struct html_series_chart c = {
		title, series, nr_series, buckets, nr, values, grouped
	};
	const char **cols = xcalloc(nr_series + 2, sizeof(char *));
	double *t = xcalloc(nr * nr_series + 1, sizeof(double));
	size_t i, j;

	html_svg_stacked(out, &c);
	cols[0] = "";
	for (j = 0; j < nr_series; j++)
		cols[j + 1] = series[j];
	for (i = 0; i < nr; i++)
		for (j = 0; j < nr_series; j++)
			t[i * nr_series + j] = values[j * nr + i];
	data_table(out, title, cols, nr_series, buckets, nr, t, note);
	free(cols);
	free(t);
}

/* ---- index.html ---- */

/* A headline figure; @label is kmaint's own markup, never a repository's. */
static void card(struct strbuf *out, const char *id, bool bad, const char *num,
		 const char *label, const char *href)
{
	strbuf_addf(out, "<div class=\"card%s\" id=\"c-%s\"><b>", bad ? " bad" : "",
		    id);
	if (href)
		strbuf_addf(out, "<a href=\"%s\">%s</a>", href, num);
	else
		strbuf_addstr(out, num);
	strbuf_addf(out, "</b>%s</div>\n", label);
}

static const char *kind_slug(int k)
{
	return audit_kind_names[k];
}

/*
 * One row of the sections table, compact: HTML lets a cell's and a
 * row's end tags go, and the kernel's 2,908 rows keep index.html well
 * under a megabyte.
 */
static void section_row(struct site *w, struct strbuf *out, size_t i,
			int kind)
{
	const struct audit_section *s = &w->a->v[i];
	const struct sec_info *si = &w->si[i];
	size_t j, n = 0;
	char d[16];

	strbuf_addstr(out, "<tr><td>");
	link_to(out, 0, si->file, s->name);
	strbuf_addstr(out, "<td>");
	html_escape(out, s->status ? s->status : "-");
	strbuf_addstr(out, "<td>");
	html_escape(out, si->area);
	if (s->last_listed)
		mh_date(d, sizeof(d), s->last_listed);
	else
		strcpy(d, "-");
	strbuf_addstr(out, "<td>");
	html_count(out, s->changes);
	strbuf_addf(out, "<td>%d<td>%s<td>%d/%d<td>", s->bus_factor, d,
		    w->f->tr.s[i].nr_m_active, w->f->tr.s[i].nr_m);
	for (j = 0; j < s->nr_findings; j++) {
		size_t k;

		for (k = 0; k < j; k++)
			if (s->findings[k].kind == s->findings[j].kind)
				break;
		if (k == j)
			strbuf_addf(out, "%s%s", n++ ? " " : "",
				    kind_slug(s->findings[j].kind));
	}
	if (w->a->has_lists) {
		strbuf_addstr(out, "<td>");
		html_count(out, si->fig->pending);
		strbuf_addstr(out, "<td>");
		hours(out, si->fig->reply_listed);
		strbuf_addstr(out, "<td>");
		hours(out, si->fig->reply_listed_p90);
		strbuf_addstr(out, "<td>");
		never_answered(out, si);
	}
	/* a page of one kind: why, for each row (every such finding) */
	if (kind >= 0) {
		strbuf_addstr(out, "<td class=\"r\">");
		for (j = 0, n = 0; j < s->nr_findings; j++) {
			if ((int)s->findings[j].kind != kind)
				continue;
			if (n++)
				strbuf_addstr(out, "<br>");
			html_escape(out, s->findings[j].text);
		}
	}
	strbuf_addch(out, '\n');
}

/*
 * The sections table, of every section or of those @want says (NULL:
 * every one); @kind, if not -1, is the finding its filter starts on.
 */
static void sections_table(struct site *w, struct strbuf *out,
			   const bool *want, int kind, struct strmap *areas)
{
	const struct audit *a = w->a;
	size_t i, n = 0;
	int k;

	for (i = 0; i < a->nr; i++)
		n += !want || want[i];
	strbuf_addstr(out, "<div id=\"ctl\" hidden><label>Name <input id=\"q\" "
		      "type=\"search\"></label><label>Status <select data-c=\"1\">"
		      "<option value=\"\">any</option>");
	{
		struct strmap seen;

		strmap_init(&seen);
		for (i = 0; i < a->nr; i++) {
			const char *st = a->v[i].status ? a->v[i].status : "-";
			struct strmap_entry *e = strmap_insert(&seen, st, strlen(st));

			if (e->value)
				continue;
			e->value = (void *)1;
			strbuf_addstr(out, "<option>");
			html_escape(out, st);
			strbuf_addstr(out, "</option>");
		}
		strmap_clear(&seen, false);
	}
	strbuf_addstr(out, "</select></label><label>Finding <select id=\"fk\" "
		      "data-c=\"7\" data-w=\"1\"><option value=\"\">any</option>");
	for (k = 0; k < AF_NR; k++)
		strbuf_addf(out, "<option%s>%s</option>", k == kind ? " selected" : "",
			    kind_slug(k));
	strbuf_addstr(out, "</select></label><label>Area <select data-c=\"2\">"
		      "<option value=\"\">any</option>");
	for (i = 0; i < areas->size; i++)
		if (areas->table[i].key && areas->table[i].value) {
			strbuf_addstr(out, "<option>");
			html_escape(out, areas->table[i].key);
			strbuf_addstr(out, "</option>");
		}
	strbuf_addstr(out, "</select></label> <span id=\"n\">");
	html_count(out, (long)n);
	strbuf_addstr(out, " sections</span></div>\n");
	strbuf_addstr(out, "<table id=\"t\"><thead><tr><th>Section</th><th>Status</th>"
		      "<th>Area</th><th data-n=\"1\" title=\"non-merge commits touching its "
		      "files in the window\">Changes</th><th data-n=\"1\" title=\"CHAOSS "
		      "Contributor Absence Factor\">Absence factor</th>"
		      "<th title=\"last activity of any listed M: or R:\">Last listed "
		      "activity</th><th data-n=\"1\" title=\"listed M: people active "
		      "in the window, of those listed\">Active M:</th><th>Findings</th>");
	if (a->has_lists)
		strbuf_addstr(out, "<th data-n=\"1\">Pending</th><th data-n=\"1\" "
			      "title=\"median hours to a first reply from a listed "
			      "M:/R:\">First reply (h)</th><th data-n=\"1\" "
			      "title=\"90th percentile of the hours to a first "
			      "reply from a listed M:/R:\">90th pct (h)</th>"
			      "<th data-n=\"1\" title=\"share of the patches "
			      "posted that no one else ever answered\">Never "
			      "answered (%)</th>");
	if (kind >= 0)
		strbuf_addstr(out, "<th>Why</th>");
	strbuf_addstr(out, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < a->nr; i++)
		if (!want || want[i])
			section_row(w, out, i, kind);
	strbuf_addstr(out, "</tbody></table>\n");
}

struct area_count {
	const char *area;
	long n[AF_NR], total;
};

static int cmp_area(const void *x, const void *y)
{
	const struct area_count *a = x, *b = y;

	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return strcmp(a->area, b->area);
}

static void findings_by_area(struct site *w, struct strbuf *out)
{
	const struct audit *a = w->a;
	struct area_count *v = xcalloc(a->nr + 1, sizeof(*v));
	size_t nr = 0, i, j, shown;
	const char *series[AF_NR], **labels;
	double *values;

	for (i = 0; i < a->nr; i++) {
		for (j = 0; j < nr; j++)
			if (!strcmp(v[j].area, w->si[i].area))
				break;
		if (j == nr)
			v[nr++].area = w->si[i].area;
		for (size_t k = 0; k < a->v[i].nr_findings; k++) {
			v[j].n[a->v[i].findings[k].kind]++;
			v[j].total++;
		}
	}
	qsort(v, nr, sizeof(*v), cmp_area);
	while (nr && !v[nr - 1].total)
		nr--;
	shown = nr > MAX_AREAS ? MAX_AREAS : nr;
	if (!shown) {
		strbuf_addstr(out, "<p>No findings.</p>\n");
		free(v);
		return;
	}
	labels = xcalloc(shown + 1, sizeof(char *));
	values = xcalloc((size_t)AF_NR * shown + 1, sizeof(double));
	for (i = 0; i < AF_NR; i++)
		series[i] = audit_kind_names[i];
	for (i = 0; i < shown; i++) {
		labels[i] = v[i].area;
		for (j = 0; j < AF_NR; j++)
			values[j * shown + i] = (double)v[i].n[j];
	}
	chart(out, false, "Findings by top-level area (the directory with most of a "
	      "section's changes)", series, AF_NR, labels, shown, values,
	      nr > shown ? "Only the areas with the most findings are shown." : NULL);
	free(labels);
	free(values);
	free(v);
}

static void year_charts(struct site *w, struct strbuf *out)
{
	size_t n = (size_t)w->f->nr_years, i;
	char (*lab)[24] = xcalloc(n + 1, sizeof(*lab));
	const char **labels = xcalloc(n + 1, sizeof(char *));
	double *v = xcalloc(3 * n + 1, sizeof(double));
	char note[160];

	for (i = 0; i < n; i++) {
		int y = w->f->first_year + (int)i;

		snprintf(lab[i], sizeof(lab[i]), y == w->partial_year ? "%d*" : "%d", y);
		labels[i] = lab[i];
	}
	snprintf(note, sizeof(note), "* %d is a partial year: up to %s.",
		 w->partial_year, w->partial_date);
	strbuf_addstr(out, "<div class=\"grid\"><div>\n");
	{
		static const char *const s[] = { "returning", "newcomers" };

		for (i = 0; i < n; i++) {
			v[i] = (double)(w->f->y_active[i] - w->f->y_new[i]);
			v[n + i] = (double)w->f->y_new[i];
		}
		chart(out, false, "Active authors per year: returning and newcomers", s, 2,
		      labels, n, v, note);
	}
	strbuf_addstr(out, "</div><div>\n");
	{
		struct html_pair_chart c = {
			"Newcomers and leavers per year (a leaver's last commit was "
			"that year)", "newcomers", "leavers", labels, n, NULL, NULL
		};
		const char *const cols[] = { "year", "newcomers", "leavers" };

		for (i = 0; i < n; i++) {
			v[2 * i] = (double)w->f->y_new[i];
			v[2 * i + 1] = (double)w->f->y_left[i];
			v[2 * n + i] = (double)w->f->y_left[i];
		}
		{
			double *a = xcalloc(n + 1, sizeof(double));

			for (i = 0; i < n; i++)
				a[i] = (double)w->f->y_new[i];
			c.a = a;
			c.b = v + 2 * n;
			html_svg_pairs(out, &c);
			free(a);
		}
		data_table(out, "newcomers and leavers", cols, 2, labels, n, v,
			   "Leavers are not counted for the current year.");
	}
	strbuf_addstr(out, "</div><div>\n");
	{
		static const char *const s[] = { "M:/R: added", "M:/R: removed" };

		for (i = 0; i < n; i++) {
			v[i] = (double)w->f->y_madd[i];
			v[n + i] = (double)w->f->y_mrem[i];
		}
		chart(out, true, "Maintainer turnover per year: M: and R: lines added and "
		      "removed in MAINTAINERS", s, 2, labels, n, v, note);
	}
	strbuf_addstr(out, "</div><div>\n");
	{
		static const char *const s[] = { "Elephant Factor" };

		for (i = 0; i < n; i++)
			v[i] = w->f->y_elephant[i];
		chart(out, false, "Employer concentration per year: CHAOSS Elephant Factor "
		      "(the fewest employers making half the commits)", s, 1, labels,
		      n, v, note);
	}
	strbuf_addstr(out, "</div>\n");
	if (w->a->has_lists) {
		static const char *const s[] = { "% posted" };

		strbuf_addstr(out, "<div>\n");
		for (i = 0; i < n; i++)
			v[i] = !w->f->y_commits[i] ? 0 :
			       (double)(long)(1000.0 * (double)w->f->y_posted[i] /
					      (double)w->f->y_commits[i]) / 10;
		chart(out, false, "Share of commits posted to an indexed list (percent)", s, 1,
		      labels, n, v, note);
		strbuf_addstr(out, "</div>\n");
	}
	strbuf_addstr(out, "</div>\n");
	free(lab);
	free(labels);
	free(v);
}

/* A page at the top of the site, below the front page: its head... */
static void top_page_head(struct site *w, struct strbuf *out, const char *title)
{
	page_head(w, out, title, 0);
	strbuf_addstr(out, "<nav><a href=\"index.html\">All sections</a></nav>\n");
}

/* ... and its foot; the page is written, @out released. */
static int top_page_put(struct site *w, struct strbuf *out, const char *file,
			bool with_script)
{
	int rc;

	page_foot(w, out, 0, with_script);
	rc = put_page(w, file, out);
	strbuf_release(out);
	return rc;
}

/* A page of the sections table cut to the sections @want says. */
static int cut_page(struct site *w, struct strmap *areas, const char *file,
		    const char *title, const bool *want, int kind)
{
	struct strbuf out = STRBUF_INIT;

	top_page_head(w, &out, title);
	sections_table(w, &out, want, kind, areas);
	return top_page_put(w, &out, file, true);
}

/*
 * The pages the headline cards lead to: the sections each card counts
 * (with a finding, of each kind, with no active maintainer, of each
 * status).
 */
static int cut_pages(struct site *w, struct strmap *areas)
{
	static const char *const st[][3] = {
		{ "orphan", "status-orphan.html", "Sections with status Orphan" },
		{ "odd fix", "status-odd-fixes.html",
		  "Sections with status Odd Fixes" },
		{ "obsolete", "status-obsolete.html",
		  "Sections with status Obsolete" },
	};
	const struct audit *a = w->a;
	bool *want = xcalloc(a->nr + 1, sizeof(bool));
	size_t i, j;
	int k, rc = -1;

	for (i = 0; i < a->nr; i++)
		want[i] = a->v[i].nr_findings > 0;
	if (cut_page(w, areas, "findings.html", "Sections with a finding", want,
		     -1))
		goto out;
	for (i = 0; i < a->nr; i++)
		want[i] = w->f->tr.s[i].no_active_m;
	if (cut_page(w, areas, "no-active.html",
		     "Sections with no active maintainer", want, -1))
		goto out;
	for (j = 0; j < ARRAY_SIZE(st); j++) {
		for (i = 0; i < a->nr; i++)
			want[i] = status_is(&a->v[i], st[j][0]);
		if (cut_page(w, areas, st[j][1], st[j][2], want, -1))
			goto out;
	}
	for (k = 0; k < AF_NR; k++) {
		char *file, *t;
		bool any = false;

		for (i = 0; i < a->nr; i++) {
			want[i] = false;
			for (j = 0; j < a->v[i].nr_findings; j++)
				want[i] |= (int)a->v[i].findings[j].kind == k;
			any |= want[i];
		}
		if (!any)
			continue;
		t = xstrfmt("Sections with a finding: %s", kind_slug(k));
		file = xstrfmt("kind-%s.html", kind_slug(k));
		rc = cut_page(w, areas, file, t, want, k);
		free(file);
		free(t);
		if (rc)
			goto out;
	}
	rc = 0;
out:
	free(want);
	return rc;
}

/*
 * The sections in trouble, worst first (judge/triage.h): the first
 * @max rows, every one for 0.
 */
static void triage_table(struct site *w, struct strbuf *out, size_t max)
{
	const struct audit *a = w->a;
	size_t r, n = max && max < w->f->tr.nr ? max : w->f->tr.nr;
	char d[16];

	if (!w->f->tr.nr) {
		strbuf_addstr(out, "<p>No section is in trouble.</p>\n");
		return;
	}
	strbuf_addstr(out, "<table id=\"tri\"><thead><tr>"
		      "<th>#</th><th>Section</th><th>Why</th><th title=\"non-merge "
		      "commits touching its files in the window\">Changes</th>"
		      "<th title=\"the last activity of a listed M:, ever\">Last M: "
		      "activity</th><th title=\"the unlisted author with the most "
		      "changesets in the window\">Strongest unlisted</th></tr></thead>"
		      "<tbody>\n");
	for (r = 0; r < n; r++) {
		const struct triage_row *row = &w->f->tr.v[r];
		const struct triage_section *ts = &w->f->tr.s[row->i];

		strbuf_addf(out, "<tr><td class=\"n\">%zu</td><td>", r + 1);
		link_to(out, 0, w->si[row->i].file, a->v[row->i].name);
		strbuf_addstr(out, "</td><td>");
		html_escape(out, row->reason);
		strbuf_addstr(out, "</td>");
		html_count_cell(out, row->changes);
		if (!ts->nr_m)
			strbuf_addstr(out, "<td>no M:</td>");
		else if (ts->last_m)
			date_cell(out, ts->last_m);
		else
			strbuf_addstr(out, "<td>never</td>");
		strbuf_addstr(out, "<td>");
		if (ts->cand_pid >= 0) {
			person_link(w, out, 0, ts->cand_pid, "");
			strbuf_addstr(out, ", ");
			html_count(out, ts->cand_changes);
			strbuf_addf(out, " changeset%s",
				    ts->cand_changes == 1 ? "" : "s");
		} else {
			strbuf_addstr(out, "-");
		}
		strbuf_addstr(out, "</td></tr>\n");
	}
	strbuf_addstr(out, "</tbody></table>\n");
	mh_date(d, sizeof(d), a->since);
	strbuf_addf(out, "<p>Ranked: no M: listed and changes since %s; M: listed, "
		    "none active, and changes; an active M: and findings; no M: "
		    "and no change.  ", d);
	if (n < w->f->tr.nr)
		strbuf_addf(out, "The first %zu of ", n);
	strbuf_addf(out, "<a href=\"trouble.html\">%s ",
		    n < w->f->tr.nr ? "" : "All");
	html_count(out, (long)w->f->tr.nr);
	strbuf_addstr(out, " sections in trouble</a>.</p>\n");
}

static int trouble_page(struct site *w)
{
	struct strbuf out = STRBUF_INIT;

	top_page_head(w, &out, "Sections in trouble");
	triage_table(w, &out, 0);
	return top_page_put(w, &out, "trouble.html", false);
}

static void pending_list(struct site *w, struct strbuf *out, int section,
			 int up);

/* Does @s list the address @email (not found in the history)? */
static bool lists_address(const struct audit_section *s, const char *email)
{
	size_t j;

	for (j = 0; j < s->nr_listed; j++)
		if (s->listed[j].pid < 0 && s->listed[j].email &&
		    !strcasecmp(s->listed[j].email, email))
			return true;
	return false;
}

/*
 * The people listed whom the history never saw (no page, no link), so
 * that the index has everyone the "listed people" card counts.
 */
static size_t unseen_listed_rows(const struct audit *a, struct strbuf *out)
{
	struct strmap seen;
	size_t i, j, k, n = 0;

	strmap_init(&seen);
	for (i = 0; i < a->nr; i++)
		for (j = 0; j < a->v[i].nr_listed; j++) {
			const struct audit_listed *l = &a->v[i].listed[j];
			size_t in = 0;
			char *key;

			if (l->pid >= 0 || l->is_role || !l->email)
				continue;
			key = lowercase(l->email);
			if (strmap_get(&seen, key, strlen(key))) {
				free(key);
				continue;
			}
			strmap_insert(&seen, key, strlen(key))->value = (void *)1;
			free(key);
			for (k = i; k < a->nr; k++)
				in += lists_address(&a->v[k], l->email);
			strbuf_addstr(out, "<tr><td>");
			html_escape(out, l->name && *l->name ? l->name : l->email);
			strbuf_addstr(out, "</td><td>");
			html_escape(out, l->email);
			strbuf_addstr(out, "</td>");
			html_count_cell(out, (long)in);
			strbuf_addstr(out, "<td class=\"n\">0</td><td class=\"n\">0"
				      "</td></tr>\n");
			n++;
		}
	strmap_clear(&seen, false);
	return n;
}

/* Every person with a page, with a filter (the script). */
static int people_page(struct site *w)
{
	const struct audit *a = w->a;
	struct strbuf out = STRBUF_INIT;
	size_t pid, n = 0;

	top_page_head(w, &out, "People");
	strbuf_addstr(&out, "<p>Everyone listed as M: or R:, and the unlisted people a "
		      "section page names.</p>\n<div id=\"pctl\" hidden><label>Name "
		      "or address <input id=\"pq\" type=\"search\"></label> "
		      "<span id=\"pn\"></span></div>\n<table id=\"pt\"><thead><tr>"
		      "<th>person</th><th>address</th><th>listed in</th>"
		      "<th>works in</th><th>changesets ever</th></tr></thead><tbody>\n");
	for (pid = 0; pid < a->nr_people; pid++) {
		if (!w->pfile[pid])
			continue;
		strbuf_addstr(&out, "<tr><td>");
		person_link(w, &out, 0, (int)pid, "");
		strbuf_addstr(&out, "</td><td>");
		html_escape(&out, a->emails[pid]);
		strbuf_addstr(&out, "</td>");
		html_count_cell(&out, (long)(w->listed_first[pid + 1] -
					     w->listed_first[pid]));
		html_count_cell(&out, (long)(w->work_first[pid + 1] -
					     w->work_first[pid]));
		html_count_cell(&out, a->id.persons[pid].authored);
		strbuf_addstr(&out, "</tr>\n");
		n++;
	}
	n += unseen_listed_rows(a, &out);
	strbuf_addstr(&out, "</tbody></table>\n<p>");
	html_count(&out, (long)n);
	strbuf_addstr(&out, " people.</p>\n");
	return top_page_put(w, &out, "people.html", true);
}

#define TOP_CONTRIBUTORS 50

static int cmp_emp(const void *x, const void *y)
{
	const struct emp_count *a = x, *b = y;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* The employers the years' pass counted, sorted; the unknown apart. */
static void sort_employers(struct site *w)
{
	const struct strmap *m = &w->f->emp_all;
	size_t i;

	w->emps = xcalloc(m->nr + 1, sizeof(*w->emps));
	for (i = 0; i < m->size; i++) {
		long n = (long)(uintptr_t)m->table[i].value;

		if (!m->table[i].key)
			continue;
		w->emp_total += n;
		if (!strcmp(m->table[i].key, EMPLOYER_UNKNOWN)) {
			w->emp_unknown = n;
			continue;
		}
		w->emps[w->nr_emps].name = m->table[i].key;
		w->emps[w->nr_emps++].n = n;
	}
	qsort(w->emps, w->nr_emps, sizeof(*w->emps), cmp_emp);
}

/* The share of commits whose employer is still unknown, in percent. */
static double unknown_share(const struct site *w)
{
	return w->emp_total ? 100.0 * (double)w->emp_unknown /
			      (double)w->emp_total : 0;
}

/*
 * The cards' changesets and developers as kmaint stats has them, and the
 * employers as every page of the site has them.
 */
static int contributors_page(struct site *w)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	top_page_head(w, &out, "Contributors over the whole history");
	strbuf_addstr(&out, "<p>");
	html_count(&out, w->f->st.total[SC_CHANGESETS]);
	strbuf_addstr(&out, " changesets by ");
	html_count(&out, w->f->st.developers);
	strbuf_addstr(&out, " developers, as kmaint stats counts them (gitdm's "
		      "definitions).</p>\n");
	release_stats_table(&out, &w->f->st, "developers", SR_CHANGESETS,
			    TOP_CONTRIBUTORS, &w->links, 0);
	strbuf_addstr(&out, "<h2 id=\"employers\">Employers by commits</h2>\n<p>The "
		      "employer of a commit is its author's on its date: the gitdm "
		      "map's, else the address's domain (not for personal domains "
		      "such as gmail.com), as on every page of the site.  ");
	html_count(&out, (long)w->nr_emps);
	strbuf_addf(&out, " employers; %.1f%% of the ", unknown_share(w));
	html_count(&out, w->emp_total);
	strbuf_addstr(&out, " commits (");
	html_count(&out, w->emp_unknown);
	strbuf_addstr(&out, ") remain of unknown employer and are not listed."
		      "</p>\n<table id=\"employers-t\"><thead><tr><th>#</th>"
		      "<th>employer</th><th>commits</th><th>%</th></tr></thead>"
		      "<tbody>\n");
	for (i = 0; i < w->nr_emps; i++) {
		strbuf_addstr(&out, "<tr>");
		html_count_cell(&out, (long)i + 1);
		strbuf_addstr(&out, "<td>");
		html_escape(&out, w->emps[i].name);
		strbuf_addstr(&out, "</td>");
		html_count_cell(&out, w->emps[i].n);
		strbuf_addf(&out, "<td class=\"n\">%.1f</td></tr>\n",
			    100.0 * (double)w->emps[i].n / (double)w->emp_total);
	}
	strbuf_addstr(&out, "</tbody></table>\n");
	return top_page_put(w, &out, "contributors.html", false);
}

static int release_pages(struct site *w)
{
	struct strbuf out = STRBUF_INIT, t = STRBUF_INIT;
	size_t i;
	int rc = 0;

	for (i = 0; i < w->f->rel.nr && !rc; i++) {
		const struct release *rl = &w->f->rel.v[i];

		strbuf_reset(&out);
		strbuf_reset(&t);
		strbuf_addf(&t, "Release %s", rl->tag);
		page_head(w, &out, t.buf, 1);
		release_body(&out, rl, &w->links);
		page_foot(w, &out, 1, false);
		rc = put_page(w, w->rfile[i], &out);
	}
	strbuf_release(&out);
	strbuf_release(&t);
	return rc;
}

/* The front page's list of releases, the newest first. */
static void release_list(struct site *w, struct strbuf *out)
{
	size_t i;

	if (!w->f->rel.nr)
		return;
	strbuf_addstr(out, "<h2 id=\"releases\">Releases</h2>\n<ul id=\"rl\">\n");
	for (i = w->f->rel.nr; i-- > 0;) {
		const struct release *rl = &w->f->rel.v[i];

		strbuf_addstr(out, "<li>");
		link_to(out, 0, w->rfile[i], rl->tag);
		strbuf_addstr(out, ": ");
		html_escape(out, rl->prev);
		strbuf_addstr(out, "..");
		html_escape(out, rl->tag);
		strbuf_addstr(out, ", ");
		html_count(out, rl->st.total[SC_CHANGESETS]);
		strbuf_addstr(out, " changesets by ");
		html_count(out, rl->st.developers);
		strbuf_addstr(out, " developers</li>\n");
	}
	strbuf_addstr(out, "</ul>\n");
}

static int pending_page(struct site *w)
{
	struct strbuf out = STRBUF_INIT;

	top_page_head(w, &out, "Patches pending now");
	strbuf_addf(&out, "<p>Posted in the last %d days, with no answer from a "
		    "maintainer.</p>\n", w->o->pending_days ? w->o->pending_days :
		    14);
	pending_list(w, &out, -1, 0);
	return top_page_put(w, &out, "pending.html", false);
}

static int write_index(struct site *w, struct strmap *areas)
{
	const struct audit *a = w->a;
	struct strbuf out = STRBUF_INIT, num = STRBUF_INIT;
	long kinds[AF_NR] = { 0 }, orphan = 0, odd = 0, obsolete = 0, noactive = 0;
	struct strmap people;
	size_t i, j;
	char d1[16], d2[16];
	int k;
	const char *title = w->o->title;

	strmap_init(&people);
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];

		for (j = 0; j < s->nr_findings; j++)
			kinds[s->findings[j].kind]++;
		orphan += status_is(s, "orphan");
		odd += status_is(s, "odd fix");
		obsolete += status_is(s, "obsolete");
		noactive += w->f->tr.s[i].no_active_m;
		for (j = 0; j < s->nr_listed; j++) {
			const struct audit_listed *l = &s->listed[j];
			const char *key = l->pid >= 0 ? a->emails[l->pid] : l->email;

			if (!l->is_role)
				strmap_insert(&people, key, strlen(key));
		}
	}
	if (!title)
		title = "Maintainership report";
	page_head(w, &out, title, 0);
	mh_date(d1, sizeof(d1), a->since);
	mh_date(d2, sizeof(d2), a->now);
	strbuf_addstr(&out, "<p>Sections of ");
	html_escape(&out, w->sc->maint_from);
	strbuf_addf(&out, "; activity window %s to %s (%d years). "
		    "Each figure is defined in kmaint-report(1).</p>\n",
		    d1, d2, a->o->window_years);

	strbuf_addstr(&out, "<h2 id=\"summary\">Summary</h2>\n<div class=\"cards\">\n");
	html_count(&num, (long)a->nr);
	card(&out, "sections", false, num.buf, "sections", "#sections");
	strbuf_reset(&num);
	html_count(&num, (long)people.nr);
	card(&out, "listed", false, num.buf, "listed people (M:, R:)",
	     "people.html");
	strbuf_reset(&num);
	html_count(&num, (long)a->nr_findings);
	card(&out, "findings", a->nr_findings > 0, num.buf, "findings",
	     "findings.html");
	strbuf_reset(&num);
	html_count(&num, noactive);
	card(&out, "no-active", noactive > 0, num.buf,
	     "sections with no active maintainer", "no-active.html");
	strbuf_reset(&num);
	html_count(&num, orphan);
	card(&out, "orphan", false, num.buf, "Orphan", "status-orphan.html");
	strbuf_reset(&num);
	html_count(&num, odd);
	card(&out, "odd-fixes", false, num.buf, "Odd Fixes",
	     "status-odd-fixes.html");
	strbuf_reset(&num);
	html_count(&num, obsolete);
	card(&out, "obsolete", false, num.buf, "Obsolete",
	     "status-obsolete.html");
	if (a->has_lists) {
		strbuf_reset(&num);
		hours(&num, w->f->all.median_reply_listed);
		card(&out, "first-reply", false, num.buf, "median hours to a first "
		     "maintainer reply<br><small>CHAOSS Time to First Response"
		     "</small>", "#sections");
		strbuf_reset(&num);
		hours(&num, w->f->all.median_to_commit);
		card(&out, "review-duration", false, num.buf, "median hours from "
		     "posting to commit<br><small>CHAOSS Change Request Review "
		     "Duration</small>", "#sections");
		strbuf_reset(&num);
		html_count(&num, (long)w->f->pend.nr_patches);
		card(&out, "pending", w->f->pend.nr_patches > 0, num.buf,
		     "patches pending now", "pending.html");
	}
	strbuf_reset(&num);
	html_count(&num, w->f->st.total[SC_CHANGESETS]);
	card(&out, "changesets", false, num.buf, "changesets in the history",
	     "contributors.html");
	strbuf_reset(&num);
	html_count(&num, w->f->st.developers);
	card(&out, "developers", false, num.buf, "developers",
	     "contributors.html#developers");
	strbuf_reset(&num);
	html_count(&num, (long)w->nr_emps);
	{
		char *l = xstrfmt("employers<br><small>%.1f%% of changesets of "
				  "unknown employer</small>", unknown_share(w));

		card(&out, "employers", false, num.buf, l,
		     "contributors.html#employers");
		free(l);
	}
	strbuf_addf(&out, "</div>\n<h2 id=\"triage\">Sections in trouble</h2>\n");
	triage_table(w, &out, 25);
	release_list(w, &out);
	strbuf_addstr(&out, "<h3>Findings by kind</h3>\n<table><thead><tr>"
		      "<th>kind</th><th>findings</th></tr></thead><tbody>\n");
	for (k = 0; k < AF_NR; k++) {
		strbuf_addstr(&out, "<tr><td>");
		if (kinds[k])
			strbuf_addf(&out, "<a href=\"kind-%s.html\">%s</a>", kind_slug(k),
				    kind_slug(k));
		else
			strbuf_addstr(&out, kind_slug(k));
		strbuf_addf(&out, "</td><td class=\"n\" id=\"kind-%s\">",
			    kind_slug(k));
		html_count(&out, kinds[k]);
		strbuf_addstr(&out, "</td></tr>\n");
	}
	strbuf_addstr(&out, "</tbody></table>\n");

	strbuf_addstr(&out, "<h2 id=\"charts\">Findings by area; contributors "
		      "and maintainers per year</h2>\n");
	findings_by_area(w, &out);
	year_charts(w, &out);

	strbuf_addstr(&out, "<h2 id=\"sections\">Every section</h2>\n<p>Click a "
		      "column's name to sort; the controls above the table filter it. "
		      "A section's name leads to its page.</p>\n");
	sections_table(w, &out, NULL, -1, areas);
	page_foot(w, &out, 0, true);
	if (put_page(w, "index.html", &out) || cut_pages(w, areas) ||
	    trouble_page(w) || people_page(w) || contributors_page(w) ||
	    release_pages(w) ||
	    (a->has_lists && pending_page(w)))
		goto fail;
	strbuf_release(&out);
	strbuf_release(&num);
	strmap_clear(&people, false);
	return 0;
fail:
	strbuf_release(&out);
	strbuf_release(&num);
	strmap_clear(&people, false);
	return -1;
}

/* ---- section and person pages ---- */

/* What the asterisks of a quarter chart mean, or NULL: none. */
static const char *quarter_note(bool first, bool last)
{
	if (first && last)
		return "* a partial quarter: the window starts in the first, "
		       "and the last is not over yet.";
	if (first)
		return "* a partial quarter: the window starts in it.";
	if (last)
		return "* the current quarter, not over yet.";
	return NULL;
}

/*
 * Activity per quarter, on the calendar's axis: the bars run from the
 * first quarter of the window with any activity to the last, not from
 * the window's start to today.  A quarter turning, or the window's
 * start moving, then leaves the chart of a section or a person whose
 * figures did not change as it was, and its page is not rewritten.
 * Partial quarters are marked: the first, when the window starts in it;
 * the last, when it is the current one.
 */
static void quarter_chart(struct site *w, struct strbuf *out, const int *q,
			  const char *what, const char *applied)
{
	const char *const s[] = { "changesets", "reviews given", applied };
	static const int role[] = { AQ_AUTHORED, AQ_REVIEWS, AQ_APPLIED };
	const struct audit *a = w->a;
	size_t nq = (size_t)a->nr_quarters, lo = nq, hi = 0, n, i, r;
	char (*lab)[16], *title;
	const char **labels;
	double *v;

	for (i = 0; i < nq; i++)
		for (r = 0; r < AQ_NR; r++)
			if (q[i * AQ_NR + (size_t)role[r]]) {
				lo = lo < i ? lo : i;
				hi = i;
			}
	if (lo == nq) {
		strbuf_addstr(out, "<p class=\"muted\">No changeset, review or "
			      "commit applied in the window.</p>\n");
		return;
	}
	n = hi - lo + 1;
	lab = xcalloc(n + 1, sizeof(*lab));
	labels = xcalloc(n + 1, sizeof(char *));
	v = xcalloc(AQ_NR * n + 1, sizeof(double));
	for (i = 0; i < n; i++) {
		int qq = a->first_quarter + (int)(lo + i);

		snprintf(lab[i], sizeof(lab[i]), "%dQ%d%s", qq / 4, qq % 4 + 1,
			 lo + i == 0 || lo + i + 1 == nq ? "*" : "");
		labels[i] = lab[i];
		for (r = 0; r < AQ_NR; r++)
			v[r * n + i] = (double)q[(lo + i) * AQ_NR +
						 (size_t)role[r]];
	}
	title = xstrfmt("Activity per quarter %s", what);
	chart(out, true, title, s, AQ_NR, labels, n, v, quarter_note(lo == 0,
	      hi + 1 == nq));
	free(title);
	free(lab);
	free(labels);
	free(v);
}

static bool is_listed_pid(const struct audit_section *s, int pid)
{
	size_t j;

	for (j = 0; pid >= 0 && j < s->nr_listed; j++)
		if (s->listed[j].pid == pid)
			return true;
	return false;
}

/* A person's figures in a section; the list's only when lists are indexed. */
static void stats_cells(struct strbuf *out, const struct audit_stats *st,
			bool lists)
{
	if (!st) {
		strbuf_addstr(out, "<td class=\"n\">0</td><td class=\"n\">0</td>"
			      "<td class=\"n\">0</td><td class=\"n\">0</td>");
		if (lists)
			strbuf_addstr(out, "<td class=\"n\">0</td>");
		strbuf_addstr(out, "<td>never</td>");
		return;
	}
	html_count_cell(out, st->authored);
	html_count_cell(out, st->reviews);
	html_count_cell(out, st->applied);
	html_count_cell(out, st->tags);
	if (lists)
		html_count_cell(out, st->list_msgs);
	date_cell(out, st->last > st->last_list ? st->last : st->last_list);
}

static void stats_head(struct strbuf *out, bool lists)
{
	strbuf_addf(out, "<th title=\"in the window\">changesets</th><th>reviews"
		    "</th><th>applied</th><th>tags</th>%s<th>last activity</th>",
		    lists ? "<th>list messages</th>" : "");
}

/* The leading unlisted people by one ranking. */
static void unlisted(struct site *w, struct strbuf *out,
		     const struct audit_section *s, const char *what, int by)
{
	const struct audit *a = w->a;
	size_t n = 0, j;
	int rank;

	strbuf_addf(out, "<h3>Top unlisted by %s</h3>\n", what);
	strbuf_addstr(out, "<table><thead><tr><th>person</th>");
	stats_head(out, a->has_lists);
	strbuf_addstr(out, "</tr></thead><tbody>\n");
	for (rank = 1; n < (size_t)a->o->top && rank <= (int)s->nr_people + 1; rank++) {
		const struct audit_person *p = NULL;

		for (j = 0; j < s->nr_people; j++) {
			const struct audit_stats *st = &s->people[j].st;
			int r = by == 0 ? st->rank_changes : by == 1 ? st->rank_reviews :
				st->rank_list_reviews;

			if (r == rank) {
				p = &s->people[j];
				break;
			}
		}
		if (!p)
			break;
		if (is_listed_pid(s, p->pid))
			continue;
		strbuf_addstr(out, "<tr><td>");
		person_link(w, out, 1, p->pid, "");
		strbuf_addstr(out, "</td>");
		stats_cells(out, &p->st, a->has_lists);
		strbuf_addstr(out, "</tr>\n");
		n++;
	}
	if (!n)
		strbuf_addstr(out, "<tr><td colspan=\"7\">nobody</td></tr>\n");
	strbuf_addstr(out, "</tbody></table>\n");
}

static void pending_list(struct site *w, struct strbuf *out, int section,
			 int up)
{
	size_t i, j, k, n = 0;
	char d[16];

	strbuf_addstr(out, "<ul>\n");
	for (i = 0; w->f->have_pend && i < w->f->pend.nr; i++)
		for (j = 0; j < w->f->pend.v[i].nr; j++) {
			const struct pending_patch *p = &w->f->pend.v[i].patches[j];
			bool want = false;

			for (k = 0; k < p->nr_sections; k++)
				want |= section < 0 || p->sections[k] == section;
			if (!want)
				continue;
			mh_date(d, sizeof(d), p->msg.date);
			strbuf_addstr(out, "<li>");
			id_link(out, w->o->message_url ? w->o->message_url :
				PENDING_LORE_URL, p->msg.msgid, p->msg.subject);
			strbuf_addf(out, " (%s, %ld days) from ", d, p->msg.days);
			release_person(out, &w->links, up, *p->msg.author ?
				       p->msg.author : *p->msg.email ?
				       p->msg.email : PENDING_NO_SENDER,
				       p->msg.email);
			strbuf_addstr(out, "</li>\n");
			n++;
		}
	if (!n)
		strbuf_addstr(out, "<li>none</li>\n");
	strbuf_addstr(out, "</ul>\n");
}

static void history_table(struct site *w, struct strbuf *out,
			  const struct audit_section *s)
{
	const struct mh_history *h = w->h;
	void *first = strmap_get(&w->ev_first, s->name, strlen(s->name));
	size_t i, n = 0;

	strbuf_addstr(out, "<table><thead><tr><th>date</th><th>change</th>"
		      "<th>who</th><th>commit</th></tr></thead><tbody>\n");
	for (i = first ? (uintptr_t)first - 1 : SIZE_MAX; i != SIZE_MAX;
	     i = w->ev_next[i]) {
		const struct mh_event *e = &h->events[i];
		char d[16];

		mh_date(d, sizeof(d), e->time);
		strbuf_addf(out, "<tr><td>%s</td><td>", d);
		if (!e->type)
			strbuf_addstr(out, "renamed from");
		else
			strbuf_addf(out, "%c: %s%s", e->type, e->added ? "added" : "removed",
				    e->initial ? " (first version indexed)" : "");
		strbuf_addstr(out, "</td><td>");
		if (e->type)
			release_person(out, &w->links, 1, e->person, e->key);
		else
			html_escape(out, e->person);
		strbuf_addstr(out, "</td><td><code>");
		if (e->hash)
			id_link(out, w->o->commit_url, e->hash, e->hash);
		strbuf_addstr(out, "</code></td></tr>\n");
		n++;
	}
	if (!n)
		strbuf_addstr(out, "<tr><td colspan=\"4\">no M: or R: change in the "
			      "indexed versions of MAINTAINERS</td></tr>\n");
	strbuf_addstr(out, "</tbody></table>\n");
}

/* w->ev_first and w->ev_next: each section's changes, found once. */
static void index_events(struct site *w)
{
	const struct mh_history *h = w->h;
	size_t i;

	strmap_init(&w->ev_first);
	w->ev_next = xcalloc(h->nr_events + 1, sizeof(size_t));
	/* backwards: each chain then runs in the history's order */
	for (i = h->nr_events; i-- > 0;) {
		const char *name = h->events[i].section;
		struct strmap_entry *e = strmap_insert(&w->ev_first, name,
						       strlen(name));

		w->ev_next[i] = e->value ? (uintptr_t)e->value - 1 : SIZE_MAX;
		e->value = (void *)(uintptr_t)(i + 1);
	}
}

/* A row of the lists' table: a label and its hours. */
static void hours_row(struct strbuf *out, const char *label,
		      double seconds)
{
	strbuf_addstr(out, "<tr><td>");
	strbuf_addstr(out, label);
	strbuf_addstr(out, "</td><td class=\"n\">");
	hours(out, seconds);
	strbuf_addstr(out, "</td></tr>");
}

/* A section's lists: its patches, the replies' times, what is pending. */
static void section_lists(struct site *w, struct strbuf *out,
			  const struct audit_section *s, const struct sec_info *si)
{
	const struct site_section_figures *f = si->fig;

	strbuf_addstr(out, "<h2>The mailing lists</h2>\n");
	if (f->have_lists) {
		strbuf_addstr(out, "<table><tbody><tr><td>patches posted"
			      "</td>");
		html_count_cell(out, f->patches);
		strbuf_addstr(out, "</tr><tr><td>answered</td>");
		html_count_cell(out, f->answered);
		strbuf_addstr(out, "</tr><tr><td>never answered</td>");
		html_count_cell(out, f->unanswered);
		strbuf_addstr(out, "</tr>");
		strbuf_addstr(out, "<tr><td>never answered (%)</td>"
			      "<td class=\"n\">");
		never_answered(out, si);
		strbuf_addstr(out, "</td></tr>");
		hours_row(out, "median hours to a first reply", f->reply);
		hours_row(out, "90th percentile hours to a first reply",
			  f->reply_p90);
		hours_row(out, "median hours to a first reply from a listed "
			  "M:/R: (CHAOSS Time to First Response)",
			  f->reply_listed);
		hours_row(out, "90th percentile hours to a first reply from a "
			  "listed M:/R:", f->reply_listed_p90);
		hours_row(out, "median hours from posting to commit (CHAOSS "
			  "Change Request Review Duration)", f->to_commit);
		strbuf_addstr(out, "</tbody></table>\n");
	} else {
		strbuf_addstr(out, "<p>No thread on the indexed lists touches its "
			      "files.</p>\n");
	}
	strbuf_addf(out, "<h3>Patches pending now (posted in the last %d days, "
		    "no M: answer)</h3>\n", w->o->pending_days ?
		    w->o->pending_days : 14);
	pending_list(w, out, s->index, 1);
}

static int write_section(struct site *w, size_t i)
{
	const struct audit *a = w->a;
	const struct audit_section *s = &a->v[i];
	const struct sec_info *si = &w->si[i];
	struct strbuf out = w->page, ev = STRBUF_INIT;
	size_t j, n;
	char d[16];
	int rc;

	strbuf_reset(&out);

	page_head(w, &out, s->name, 1);
	strbuf_addstr(&out, "<p>Status: <b>");
	html_escape(&out, s->status ? s->status : "none");
	strbuf_addstr(&out, "</b>; area ");
	html_escape(&out, si->area);
	strbuf_addstr(&out, ". ");
	html_count(&out, s->changes);
	strbuf_addstr(&out, " changes in the window (");
	html_count(&out, s->changes_all);
	strbuf_addstr(&out, " ever), ");
	html_count(&out, s->changes_listed);
	strbuf_addf(&out, " of them with a listed person; Contributor Absence "
		    "Factor %d; last change ", s->bus_factor);
	if (s->last_change)
		mh_date(d, sizeof(d), s->last_change);
	else
		strcpy(d, "never");
	strbuf_addf(&out, "%s.", d);
	if (a->has_lists && s->changes) {
		strbuf_addstr(&out, " Posted to an indexed list: ");
		html_count(&out, s->changes_posted);
		strbuf_addstr(&out, " of ");
		html_count(&out, s->changes);
		strbuf_addstr(&out, " changes.");
	}
	strbuf_addstr(&out, "</p>\n");

	strbuf_addstr(&out, "<h2>Listed people</h2>\n<table><thead><tr><th></th>"
		      "<th>person</th><th>employer</th>");
	stats_head(&out, a->has_lists);
	strbuf_addstr(&out, "</tr></thead><tbody>\n");
	for (j = 0; j < s->nr_listed; j++) {
		const struct audit_listed *l = &s->listed[j];

		strbuf_addf(&out, "<tr><td>%c:</td><td>", l->type);
		if (l->is_role) {
			html_escape(&out, l->value);
			strbuf_addf(&out, " <span class=\"muted\">(%s, a role)</span></td>"
				    "<td colspan=\"7\"></td></tr>\n",
				    identity_role_names[l->role]);
			continue;
		}
		person_link(w, &out, 1, l->pid, l->value);
		strbuf_addstr(&out, "<br><small>");
		html_escape(&out, l->email);
		strbuf_addstr(&out, "</small></td><td>");
		html_escape(&out, l->employer);
		strbuf_addstr(&out, "</td>");
		stats_cells(&out, l->p ? &l->p->st : NULL, a->has_lists);
		strbuf_addstr(&out, "</tr>\n");
	}
	strbuf_addstr(&out, "</tbody></table>\n");
	if (s->nr_findings) {
		strbuf_addstr(&out, "<h3>Findings</h3>\n<ul class=\"finding\">\n");
		for (j = 0; j < s->nr_findings; j++) {
			strbuf_addf(&out, "<li>%s: ", kind_slug(s->findings[j].kind));
			html_escape(&out, s->findings[j].text);
			strbuf_addstr(&out, "</li>\n");
		}
		strbuf_addstr(&out, "</ul>\n");
	}
	audit_evidence(&ev, a, s);
	strbuf_addstr(&out, "<details><summary>The audit's evidence</summary><pre>");
	html_escape_len(&out, ev.buf, ev.len);
	strbuf_addstr(&out, "</pre></details>\n");

	strbuf_addstr(&out, "<h2>Activity</h2>\n");
	if (s->quarters)
		quarter_chart(w, &out, s->quarters, "in the section",
			      "committed by a listed person");
	unlisted(w, &out, s, "changesets", 0);
	unlisted(w, &out, s, "reviews in git", 1);
	if (a->has_lists)
		unlisted(w, &out, s, "reviews on the lists", 2);

	if (a->has_lists)
		section_lists(w, &out, s, si);

	strbuf_addstr(&out, "<h2>MAINTAINERS history</h2>\n");
	history_table(w, &out, s);

	for (j = 0, n = 0; j < w->f->props.nr; j++) {
		const struct proposal *p = &w->f->props.v[j];

		if (p->s != s)
			continue;
		if (!n++)
			strbuf_addstr(&out, "<h2>What kmaint propose would send</h2>\n");
		strbuf_addstr(&out, "<pre>Subject: [PATCH] ");
		html_escape(&out, p->subject);
		strbuf_addstr(&out, "\n\n");
		html_escape(&out, p->body);
		strbuf_addstr(&out, "</pre>\n");
	}
	page_foot(w, &out, 1, false);
	rc = put_page(w, si->file, &out);
	w->page = out;
	strbuf_release(&ev);
	return rc;
}

static int write_person(struct site *w, int pid)
{
	const struct audit *a = w->a;
	const struct identity_person *ip = &a->id.persons[pid];
	struct strbuf out = w->page;
	size_t i, j, n;
	int rc;

	strbuf_reset(&out);

	page_head(w, &out, ip->name && *ip->name ? ip->name : ip->email, 1);
	strbuf_addstr(&out, "<p>");
	html_escape(&out, ip->email);
	strbuf_addstr(&out, ": ");
	html_count(&out, ip->authored);
	strbuf_addstr(&out, " changesets authored, ");
	html_count(&out, ip->committed);
	strbuf_addstr(&out, " committed, ");
	html_count(&out, ip->tagged);
	strbuf_addstr(&out, " tags, over the whole history.</p>\n");

	strbuf_addstr(&out, "<h2>Listed in</h2>\n<ul>\n");
	for (j = w->listed_first[pid], n = 0; j < w->listed_first[pid + 1]; j++) {
		i = w->listed_at[j][0];
		strbuf_addf(&out, "<li>%c: ",
			    a->v[i].listed[w->listed_at[j][1]].type);
		link_to(&out, 1, w->si[i].file, a->v[i].name);
		strbuf_addstr(&out, "</li>\n");
		n++;
	}
	if (!n)
		strbuf_addstr(&out, "<li>no section</li>\n");
	strbuf_addstr(&out, "</ul>\n<h2>Works in</h2>\n<table><thead><tr>"
		      "<th>section</th>");
	stats_head(&out, a->has_lists);
	strbuf_addstr(&out, "</tr></thead><tbody>\n");
	for (j = w->work_first[pid], n = 0; j < w->work_first[pid + 1]; j++) {
		const struct audit_person *p;

		i = w->work_at[j][0];
		p = &a->v[i].people[w->work_at[j][1]];
		strbuf_addstr(&out, "<tr><td>");
		link_to(&out, 1, w->si[i].file, a->v[i].name);
		strbuf_addstr(&out, "</td>");
		stats_cells(&out, &p->st, a->has_lists);
		strbuf_addstr(&out, "</tr>\n");
		n++;
	}
	if (!n)
		strbuf_addstr(&out, "<tr><td colspan=\"7\">no activity in any section "
			      "in the window</td></tr>\n");
	strbuf_addstr(&out, "</tbody></table>\n");

	strbuf_addstr(&out, "<h2>Addresses and employers</h2>\n<table><thead><tr>"
		      "<th>address</th><th>first commit</th><th>last commit</th>"
		      "<th>employer then</th><th>authored</th><th>committed</th>"
		      "<th>tags</th><th>why it is this person</th></tr></thead><tbody>\n");
	for (i = 0; i < ip->nr_addrs; i++) {
		const struct identity_addr *ad = &a->id.addrs[ip->addrs[i]];
		struct identity_match m = { IM_ADDRESS, pid, NULL, 0 };
		struct strbuf why = STRBUF_INIT;
		void *x = strmap_get(&w->f->addr_idx, ad->email, strlen(ad->email));
		const int64_t *wh = x ? w->f->addr_when[(uintptr_t)x - 1] : NULL;

		strbuf_addstr(&out, "<tr><td>");
		html_escape(&out, ad->email);
		strbuf_addstr(&out, "</td>");
		date_cell(&out, wh ? wh[0] : 0);
		date_cell(&out, wh ? wh[1] : 0);
		strbuf_addstr(&out, "<td>");
		html_escape(&out, audit_employer(a->o, ad->email, wh ? wh[1] : a->now));
		strbuf_addstr(&out, "</td>");
		html_count_cell(&out, ad->authored);
		html_count_cell(&out, ad->committed);
		html_count_cell(&out, ad->tagged);
		strbuf_addstr(&out, "<td>");
		if (i == 0) {
			strbuf_addstr(&out, "the address used most");
		} else {
			identity_describe(&a->id, a->ix, ad->email, &m, &why);
			if (!why.len)
				strbuf_addstr(&why, ad->why == IW_ADDRESS ? ".mailmap" :
					      ad->why == IW_COMMIT ? "named in one commit "
					      "with another of its addresses" :
					      "replaced another in MAINTAINERS");
			html_escape(&out, why.buf);
		}
		strbuf_release(&why);
		strbuf_addstr(&out, "</td></tr>\n");
	}
	strbuf_addstr(&out, "</tbody></table>\n");
	if (a->person_quarters) {
		strbuf_addstr(&out, "<h2>Activity</h2>\n");
		quarter_chart(w, &out, a->person_quarters + (size_t)pid *
			      (size_t)a->nr_quarters * AQ_NR, "over every section",
			      "commits applied");
	}
	page_foot(w, &out, 1, false);
	rc = put_page(w, w->pfile[pid], &out);
	w->page = out;
	return rc;
}

/*
 * (section, entry) pairs per pid with a page, in section order: the
 * listed entries (@people false) or the records of activity in the
 * window.  Counting sort: first[] gets the offsets.
 */
static uint32_t (*pairs_by_pid(struct site *w, bool people,
			       size_t **first))[2]
{
	const struct audit *a = w->a;
	size_t *f = xcalloc(a->nr_people + 2, sizeof(size_t)), *fill, i, j;
	uint32_t (*v)[2];
	int pass;

	fill = xcalloc(a->nr_people + 1, sizeof(size_t));
	v = NULL;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < a->nr; i++) {
			const struct audit_section *s = &a->v[i];
			size_t n = people ? s->nr_people : s->nr_listed;

			for (j = 0; j < n; j++) {
				int pid = people ? s->people[j].pid : s->listed[j].pid;

				if (pid < 0 || !w->pfile[pid] ||
				    (people && !active_window(&s->people[j].st)))
					continue;
				if (!pass) {
					f[pid + 1]++;
					continue;
				}
				v[fill[pid]][0] = (uint32_t)i;
				v[fill[pid]++][1] = (uint32_t)j;
			}
		}
		if (pass)
			break;
		for (i = 0; i < a->nr_people; i++)
			f[i + 1] += f[i];
		f[a->nr_people + 1] = f[a->nr_people];
		memcpy(fill, f, a->nr_people * sizeof(size_t));
		v = xcalloc(f[a->nr_people] + 1, sizeof(*v));
	}
	free(fill);
	*first = f;
	return v;
}

/* The people who get a page: the listed, and those a section page shows. */
static void choose_people(struct site *w)
{
	const struct audit *a = w->a;
	size_t i, j;

	w->pfile = xcalloc(a->nr_people + 1, sizeof(char *));
	for (i = 0; i < a->nr; i++) {
		const struct audit_section *s = &a->v[i];

		for (j = 0; j < s->nr_listed; j++) {
			int pid = s->listed[j].pid;

			if (!s->listed[j].is_role && pid >= 0 && !w->pfile[pid])
				w->pfile[pid] = unique_file(w, "p", a->emails[pid]);
		}
		for (j = 0; j < s->nr_people; j++) {
			const struct audit_stats *st = &s->people[j].st;
			int pid = s->people[j].pid;
			int top = a->o->top + (int)s->nr_listed;

			if (w->pfile[pid])
				continue;
			if ((st->rank_changes && st->rank_changes <= top) ||
			    (st->rank_reviews && st->rank_reviews <= top) ||
			    (st->rank_list_reviews && st->rank_list_reviews <= top))
				w->pfile[pid] = unique_file(w, "p", a->emails[pid]);
		}
	}
}

/* Every address of each person with a page leads to it. */
static void link_people(struct site *w)
{
	const struct audit *a = w->a;
	size_t pid, j;

	release_links_init(&w->links, a->emails, w->pfile, a->nr_people);
	for (pid = 0; pid < a->nr_people; pid++) {
		const struct identity_person *ip = &a->id.persons[pid];

		for (j = 0; w->pfile[pid] && j < ip->nr_addrs; j++)
			release_links_add(&w->links,
					  a->id.addrs[ip->addrs[j]].email,
					  w->pfile[pid]);
	}
}

int site_write(struct scope *sc, const struct audit *a,
	       const struct mh_history *h, struct site_figures *f,
	       const struct site_opts *o, struct site_result *res)
{
	struct site w = { .sc = sc, .a = a, .h = h, .f = f, .o = o, .res = res };
	struct strmap areas;
	char s1[64], s2[64], *sub;
	size_t i;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	strmap_init(&w.files);
	strmap_init(&w.put);
	strbuf_init(&w.manifest, 0);
	strbuf_init(&w.page, 0);
	strmap_init(&areas);
	sha256_csp(script, strlen(script), s1);
	sha256_csp(style, strlen(style), s2);
	/*
	 * Nothing may be fetched; the one script and the one style run by
	 * their hashes, so nothing injected into a page could run.
	 */
	snprintf(w.csp, sizeof(w.csp), "default-src 'none'; script-src '%s'; "
		 "style-src '%s'; img-src data:; base-uri 'none'; form-action 'none'",
		 s1, s2);
	mh_date(w.partial_date, sizeof(w.partial_date), a->now);
	w.partial_year = year_of(a->now);

	if (make_dir(o->dir))
		return -1;
	sub = xstrfmt("%s/s", o->dir);
	if (make_dir(sub)) {
		free(sub);
		return -1;
	}
	free(sub);
	sub = xstrfmt("%s/p", o->dir);
	if (make_dir(sub)) {
		free(sub);
		return -1;
	}
	free(sub);
	if (o->releases > 0) {
		sub = xstrfmt("%s/r", o->dir);
		if (make_dir(sub)) {
			free(sub);
			return -1;
		}
		free(sub);
	}

	w.si = xcalloc(a->nr + 1, sizeof(*w.si));
	for (i = 0; i < a->nr; i++) {
		w.si[i].file = unique_file(&w, "s", a->v[i].name);
		w.si[i].area = section_area(&a->v[i], &areas);
		w.si[i].fig = &f->sec[i];
	}
	/* an area only when it has sections: the filter's options */
	for (i = 0; i < a->nr; i++) {
		struct strmap_entry *e = strmap_insert(&areas, w.si[i].area,
						       strlen(w.si[i].area));

		e->value = (void *)1;
	}
	sort_employers(&w);
	w.rfile = xcalloc(w.f->rel.nr + 1, sizeof(char *));
	for (i = 0; i < w.f->rel.nr; i++)
		w.rfile[i] = unique_file(&w, "r", w.f->rel.v[i].tag);
	choose_people(&w);
	link_people(&w);
	w.listed_at = pairs_by_pid(&w, false, &w.listed_first);
	w.work_at = pairs_by_pid(&w, true, &w.work_first);
	index_events(&w);
	if (write_index(&w, &areas))
		goto out;
	for (i = 0; i < a->nr; i++)
		if (write_section(&w, i))
			goto out;
	for (i = 0; i < a->nr_people; i++)
		if (w.pfile[i] && write_person(&w, (int)i))
			goto out;
	rc = sweep_site(&w);
out:
	for (i = 0; i < a->nr; i++)
		free(w.si[i].file);
	free(w.si);
	for (i = 0; w.pfile && i < a->nr_people; i++)
		free(w.pfile[i]);
	free(w.pfile);
	release_links_release(&w.links);
	free(w.listed_first);
	free(w.listed_at);
	free(w.work_first);
	free(w.work_at);
	if (w.ev_next)
		strmap_clear(&w.ev_first, false);
	free(w.ev_next);
	strmap_clear(&w.files, false);
	strmap_clear(&w.put, false);
	strbuf_release(&w.manifest);
	strbuf_release(&w.page);
	strmap_clear(&areas, false);
	free(w.emps);
	for (i = 0; w.rfile && i < w.f->rel.nr; i++)
		free(w.rfile[i]);
	free(w.rfile);
	return rc;
}
