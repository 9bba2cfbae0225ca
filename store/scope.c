// SPDX-License-Identifier: GPL-2.0
#include "scope.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "derived.h"
#include "imap.h"
#include "json.h"
#include "maintainers-history.h"
#include "pathmap.h"
#include "queries.h"
#include "run-command.h"

void scope_init(struct scope *s, struct idx *ix)
{
	memset(s, 0, sizeof(*s));
	s->ix = ix;
	s->whole = true;
	strbuf_init(&s->what, 0);
	maintainers_init(&s->m);
}

void scope_release(struct scope *s)
{
	free(s->paths);
	strbuf_release(&s->what);
	if (s->mt)
		matcher_free(s->mt);
	maintainers_release(&s->m);
	free(s->maint_from);
	free(s->maint_hash);
	if (s->have_identity)
		identity_release(&s->identity);
	summary_release(&s->summary);
	summary_release(&s->part);
	scope_people_free(&s->people);
	if (s->table_ready)
		sqlite3_exec(s->ix->db, "DROP TABLE IF EXISTS temp.scope_paths",
			     NULL, NULL, NULL);
	memset(s, 0, sizeof(*s));
}

static void what_add(struct strbuf *sb, const char *kind, const char *arg)
{
	if (sb->len)
		strbuf_addstr(sb, ", ");
	strbuf_addf(sb, "%s %s", kind, arg);
}

/* "git ARGS" into @out, stderr dropped; the exit status. */
static int git_quiet(const char **args, struct strbuf *out)
{
	struct strbuf err = STRBUF_INIT;
	int rc;

	strbuf_reset(out);
	rc = capture_git(args, out, &err);
	strbuf_release(&err);
	return rc;
}

/* The file read: finish it, say what is wrong with it, match with it. */
static int maintainers_ready(struct scope *s)
{
	maintainers_finish(&s->m);
	if (!s->quiet)
		mnt_diag_print(&s->m, false);
	s->mt = matcher_new_opts(&s->m, s->quiet ? MATCHER_QUIET : 0);
	if (!s->mt)
		return -1;
	s->have_m = true;
	return 0;
}

int scope_load_maintainers(struct scope *s, const char *rev)
{
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;
	char *obj = NULL;
	int rc = -1;

	if (s->have_m)
		return 0;
	if (!rev && mnt_in_work_tree()) {
		if (maintainers_add_path(&s->m, mnt_default_path()))
			goto out;
		s->maint_from = xstrfmt("%s (work tree)", mnt_default_path());
	} else {
		const char *at = rev ? rev : "HEAD";
		const char *args[] = { "rev-parse", "-q", "--verify", NULL, NULL };
		const char *const *name;

		/* the first of the names the file has in the projects */
		for (name = mnt_known_names; *name; name++) {
			free(obj);
			obj = xstrfmt("%s:%s", at, *name);
			args[3] = obj;
			if (!git_quiet(args, &out))
				break;
		}
		if (!*name) {
			if (!s->quiet)
				error("no MAINTAINERS at '%s'", at);
			goto out;
		}
		strbuf_trim(&out);
		/* the index keeps every version; git may lack old blobs */
		if (idx_blob_text(s->ix, out.buf, &text)) {
			const char *cat[] = { "cat-file", "blob", NULL, NULL };

			cat[2] = out.buf;
			if (capture_git(cat, &text, NULL)) {
				if (!s->quiet)
					error("cannot read %s", obj);
				goto out;
			}
		}
		{
			size_t len;
			char *buf = strbuf_detach(&text, &len);

			maintainers_add_buffer(&s->m, obj, buf, len);
		}
		s->maint_from = xstrdup(obj);
	}
	if (maintainers_ready(s))
		goto out;
	s->maint_rev = rev;
	rc = 0;
out:
	free(obj);
	strbuf_release(&out);
	strbuf_release(&text);
	return rc;
}

/*
 * One lookup of the MAINTAINERS file at a time: the newest version the
 * index stores committed at or before @when (0: the newest of all).
 */
int scope_maintainers_version(struct idx *ix, int64_t when,
			      struct strbuf *out, char **hash, int64_t *time)
{
	char *blob;
	int rc = 1;

	if (idx_maintainers_version_at(ix, when, &blob, hash, time))
		return -1;
	if (blob) {
		strbuf_reset(out);
		rc = idx_blob_text(ix, blob, out) ? -1 : 0;
		if (rc)
			error("%s: cannot read MAINTAINERS blob %s", ix->path,
			      blob);
	}
	free(blob);
	return rc;
}


int scope_load_maintainers_as_of(struct scope *s, int64_t when,
				 const char *as_of)
{
	struct strbuf text = STRBUF_INIT;
	char d[16], first[16];
	size_t len;
	char *buf;
	int rc;

	if (s->have_m)
		return 0;
	rc = scope_maintainers_version(s->ix, when, &text, &s->maint_hash,
				       &s->maint_time);
	if (rc > 0) {
		int64_t t = idx_maintainers_first_time(s->ix);

		if (t)
			mh_date(first, sizeof(first), t);
		else
			snprintf(first, sizeof(first), "none");
		strbuf_release(&text);
		return error("--as-of %s is before the first MAINTAINERS "
			     "version in the index (%s)", as_of, first);
	}
	if (rc < 0) {
		strbuf_release(&text);
		return -1;
	}
	mh_date(d, sizeof(d), s->maint_time);
	s->maint_from = xstrfmt("%s as of commit %.12s (%s)",
				mnt_default_path(), s->maint_hash, d);
	buf = strbuf_detach(&text, &len);
	maintainers_add_buffer(&s->m, s->maint_from, buf, len);
	return maintainers_ready(s);
}

int scope_load_maintainers_when(struct scope *s, const char *rev,
				const char *as_of, int64_t when)
{
	if (rev || !as_of) {
		s->maint_rev = rev;
		return scope_load_maintainers(s, rev);
	}
	if (scope_load_maintainers_as_of(s, when, as_of))
		return -1;
	s->maint_rev = s->maint_hash;	/* later loads read the same */
	return 0;
}

void scope_json_version(struct strbuf *out, const struct scope *s)
{
	char d[16];

	strbuf_addstr(out, ",\"maintainers_commit\":");
	if (!s->maint_hash) {
		strbuf_addstr(out, "null,\"maintainers_date\":null");
		return;
	}
	mh_date(d, sizeof(d), s->maint_time);
	json_quote(out, s->maint_hash);
	strbuf_addf(out, ",\"maintainers_date\":\"%s\"", d);
}

int scope_load_maintainers_file(struct scope *s, const char *path)
{
	if (s->have_m)
		return 0;
	if (!is_file(path))
		return error("--mpath: '%s' is not a file", path);
	if (maintainers_add_path(&s->m, path))
		return -1;
	s->maint_from = xstrdup(path);
	return maintainers_ready(s);
}

bool scope_maintainers_exist(const char *rev)
{
	struct strbuf out = STRBUF_INIT;
	const char *args[] = { "rev-parse", "-q", "--verify", NULL, NULL };
	char *obj;
	bool found;

	if (!rev && is_file("MAINTAINERS"))
		return true;
	obj = xstrfmt("%s:MAINTAINERS", rev ? rev : "HEAD");
	args[3] = obj;
	found = !git_quiet(args, &out);
	free(obj);
	strbuf_release(&out);
	return found;
}

int scope_find_section(struct scope *s, const char *name)
{
	size_t i, len = strlen(name), nr = 0;
	int found = -1;

	if (scope_load_maintainers(s, s->maint_rev))
		return -1;
	for (i = 0; i < s->m.nr_sections; i++) {
		const char *n = s->m.sections[i].name;

		if (n && !strcmp(n, name))
			return (int)i;
	}
	for (i = 0; i < s->m.nr_sections; i++) {
		const char *n = s->m.sections[i].name;

		if (n && !strncasecmp(n, name, len)) {
			if (!nr++)
				found = (int)i;
		}
	}
	if (nr == 1)
		return found;
	if (!nr)
		return error("no section of %s is named '%s'", s->maint_from,
			     name);
	error("'%s' names %zu sections of %s; say which:", name, nr,
	      s->maint_from);
	for (i = 0, nr = 0; i < s->m.nr_sections && nr < 10; i++) {
		const char *n = s->m.sections[i].name;

		if (n && !strncasecmp(n, name, len)) {
			fprintf(stderr, "\t%s\n", n);
			nr++;
		}
	}
	return -1;
}

void scope_add_path_id(struct scope *s, int64_t id)
{
	ALLOC_GROW(s->paths, s->nr_paths + 1, s->alloc_paths);
	s->paths[s->nr_paths++] = id;
	s->whole = false;
	s->table_ready = false;
}

void scope_clear_paths(struct scope *s)
{
	s->nr_paths = 0;
	s->whole = true;
	s->table_ready = false;
	strbuf_reset(&s->what);
}

int scope_foreach_path_sections(struct idx *ix, struct matcher *mt,
				int (*fn)(int64_t path_id, const char *path,
					  const struct match_result *res,
					  void *data),
				void *data)
{
	struct match_result res = { 0 }, got;
	struct pathmap pm;
	sqlite3_stmt *st;
	size_t next = 0;
	/* 0: the map is mt's; 1: there is none for mt */
	int none = pathmap_load(ix, mt, &pm), rc = 0;

	if (none < 0)
		return -1;
	if (sqlite3_prepare_v2(ix->db, "SELECT id, path FROM paths ORDER BY id",
			       -1, &st, NULL) != SQLITE_OK) {
		pathmap_release(&pm);
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	}
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(st, 1);
		int64_t id = sqlite3_column_int64(st, 0);

		if (none || id > pm.hi) {
			matcher_lookup(mt, path, 0, &res);
			rc = fn(id, path, &res, data);
		} else if (pathmap_next(&pm, &next, id, &got)) {
			rc = fn(id, path, &got, data);
		} else {
			rc = error("%s: the path map does not hold path %lld; "
				   "'kmaint index --rebuild' writes it again",
				   ix->path, (long long)id);
		}
	}
	sqlite3_finalize(st);
	match_result_release(&res);
	pathmap_release(&pm);
	return rc;
}

struct section_want {
	int (*fn)(int64_t path_id, const char *path, void *data);
	void *data;
};

static int add_if_covered(int64_t id, const char *path,
			  const struct match_result *res, void *data)
{
	struct section_want *w = data;

	/* the matcher knows one section: any hit is that section's */
	return res->nr ? w->fn(id, path, w->data) : 0;
}

/*
 * A section's paths do not depend on the other sections, so they are
 * found with a matcher of that section alone, its lines parsed again as
 * a file of their own: a lookup in the whole file's matcher costs a
 * probe per path prefix in tables of every section's patterns, and a
 * history has hundreds of thousands of paths.
 */
static struct matcher *section_matcher(const struct maintainers *m, int section,
				       struct maintainers *one)
{
	const struct mnt_section *sec = &m->sections[section];
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *buf;
	int e;

	if (sec->heading >= 0)
		strbuf_addf(&sb, "%s\n", m->entries[sec->heading].text);
	for (e = sec->first; e < sec->end; e++)
		strbuf_addf(&sb, "%s\n", m->entries[e].text);
	buf = strbuf_detach(&sb, &len);
	maintainers_init(one);
	/* the section alone may not tell its dialect: keep the file's */
	one->dialect = m->dialect;
	one->dialect_set = true;
	maintainers_add_buffer(one, "MAINTAINERS", buf, len);
	maintainers_finish(one);
	return matcher_new(one);
}

/*
 * What every path an F: value matches starts with (get_maintainer.pl
 * anchors it, turns "*" and "?" into ".*" and ".", and leaves other
 * regex characters alone), or NULL when nothing can be relied on.
 */
static char *literal_prefix(const char *value)
{
	size_t n = strcspn(value, "*?[]+(){}|^$\\");

	if (strchr(value, '|'))
		return NULL;
	/* "x{0,1}": the character before a brace may be optional */
	if (value[n] == '{' && n)
		n--;
	return n ? xstrndup(value, n) : NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The indexed paths that start with one of the F: values' literal
 * prefixes, by the unique index on paths: the only ones a section
 * without N: can cover.  Returns 1 when some value has no prefix (the
 * caller then looks at every path).  Two values with one prefix (a
 * directory and a file in it) would give a path twice: each range is
 * walked once, and ranges inside another are skipped.
 */
static int foreach_prefixed_path(struct idx *ix, const struct maintainers *one,
				 struct matcher *mt, struct section_want *w)
{
	struct match_result res = { 0 };
	char **pre = NULL;
	const char *last = NULL;
	size_t e, nr = 0, alloc = 0;
	sqlite3_stmt *st;
	int rc = 0;

	for (e = 0; e < one->nr_entries; e++) {
		char *p;

		if (one->entries[e].type == 'N')
			goto scan_all;
		if (one->entries[e].type != 'F')
			continue;
		p = literal_prefix(one->entries[e].value);
		if (!p || (unsigned char)p[strlen(p) - 1] == 0xff) {
			free(p);
			goto scan_all;
		}
		ALLOC_GROW(pre, nr + 1, alloc);
		pre[nr++] = p;
	}
	if (nr)
		qsort(pre, nr, sizeof(*pre), cmp_str);
	if (sqlite3_prepare_v2(ix->db, "SELECT id, path FROM paths "
			       "WHERE path >= ?1 AND path < ?2", -1, &st,
			       NULL) != SQLITE_OK) {
		rc = error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
		goto out;
	}
	for (e = 0; !rc && e < nr; e++) {
		const char *lo = pre[e];
		char *hi;

		/* sorted: a prefix of this one came just before it */
		if (last && !strncmp(lo, last, strlen(last)))
			continue;
		last = lo;
		hi = xstrdup(lo);
		hi[strlen(hi) - 1]++;
		sqlite3_bind_text(st, 1, lo, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, hi, -1, SQLITE_STATIC);
		while (!rc && sqlite3_step(st) == SQLITE_ROW) {
			const char *path = (const char *)sqlite3_column_text(st, 1);

			matcher_lookup(mt, path, 0, &res);
			rc = add_if_covered(sqlite3_column_int64(st, 0), path,
					    &res, w);
		}
		sqlite3_reset(st);
		free(hi);
	}
	sqlite3_finalize(st);
	match_result_release(&res);
	goto out;
scan_all:
	rc = 1;
out:
	while (nr)
		free(pre[--nr]);
	free(pre);
	return rc;
}

int scope_foreach_section_path(struct idx *ix, const struct maintainers *m,
			       int section,
			       int (*fn)(int64_t path_id, const char *path,
					 void *data),
			       void *data)
{
	struct section_want w = { .fn = fn, .data = data };
	struct maintainers one;
	struct matcher *mt;
	int rc;

	if (section < 0 || (size_t)section >= m->nr_sections)
		return error("no section %d", section);
	mt = section_matcher(m, section, &one);
	if (!mt || one.nr_sections != 1) {
		if (mt)
			matcher_free(mt);
		maintainers_release(&one);
		return error("section %d cannot be read again", section);
	}
	rc = foreach_prefixed_path(ix, &one, mt, &w);
	if (rc == 1)
		rc = scope_foreach_path_sections(ix, mt, add_if_covered, &w);
	matcher_free(mt);
	maintainers_release(&one);
	return rc;
}

static int add_path_id(int64_t id, const char *path, void *data)
{
	(void)path;
	scope_add_path_id(data, id);
	return 0;
}

int scope_add_section_index(struct scope *s, int section)
{
	int rc;

	if (scope_load_maintainers(s, s->maint_rev))
		return -1;
	s->whole = false;
	rc = scope_foreach_section_path(s->ix, &s->m, section, add_path_id, s);
	if (section >= 0 && (size_t)section < s->m.nr_sections)
		what_add(&s->what, "section",
			 s->m.sections[section].name ?
			 s->m.sections[section].name : "(unnamed)");
	return rc;
}

struct pair_list {
	int64_t *pid;
	uint32_t *sec;
	size_t nr, alloc, alloc2;
};

static int collect_pairs(int64_t path_id, const char *path,
			 const struct match_result *res, void *data)
{
	struct pair_list *pl = data;
	size_t i;

	(void)path;
	for (i = 0; i < res->nr; i++) {
		ALLOC_GROW(pl->pid, pl->nr + 1, pl->alloc);
		ALLOC_GROW(pl->sec, pl->nr + 1, pl->alloc2);
		pl->pid[pl->nr] = path_id;
		pl->sec[pl->nr++] = (uint32_t)res->hits[i].section;
	}
	return 0;
}

int scope_all_section_paths(struct scope *s, int64_t **ids, size_t **start)
{
	struct pair_list pl = { 0 };
	size_t nsec, i, *fill;

	*ids = NULL;
	*start = NULL;
	if (scope_load_maintainers(s, s->maint_rev))
		return -1;
	nsec = s->m.nr_sections;
	if (scope_foreach_path_sections(s->ix, s->mt, collect_pairs, &pl)) {
		free(pl.pid);
		free(pl.sec);
		return -1;
	}
	/* a counting sort by section: paths stay in the walk's (id) order */
	*start = xcalloc(nsec + 2, sizeof(**start));
	for (i = 0; i < pl.nr; i++)
		if (pl.sec[i] < nsec)
			(*start)[pl.sec[i] + 1]++;
	for (i = 1; i <= nsec; i++)
		(*start)[i] += (*start)[i - 1];
	fill = xmalloc((nsec + 1) * sizeof(*fill));
	memcpy(fill, *start, (nsec + 1) * sizeof(*fill));
	*ids = xmalloc((pl.nr + 1) * sizeof(**ids));
	for (i = 0; i < pl.nr; i++)
		if (pl.sec[i] < nsec)
			(*ids)[fill[pl.sec[i]]++] = pl.pid[i];
	free(fill);
	free(pl.pid);
	free(pl.sec);
	return 0;
}

void scope_add_section_paths(struct scope *s, int section, const int64_t *ids,
			     size_t nr)
{
	size_t i;

	s->whole = false;
	s->table_ready = false;
	for (i = 0; i < nr; i++)
		scope_add_path_id(s, ids[i]);
	if (section >= 0 && (size_t)section < s->m.nr_sections)
		what_add(&s->what, "section",
			 s->m.sections[section].name ?
			 s->m.sections[section].name : "(unnamed)");
}

int scope_add_section(struct scope *s, const char *name)
{
	int sec = scope_find_section(s, name);

	return sec < 0 ? -1 : scope_add_section_index(s, sec);
}

/* Add every indexed path @re matches (anywhere in it). */
static int add_matching(struct scope *s, pcre2_code *re)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	sqlite3_stmt *st;

	s->whole = false;
	if (sqlite3_prepare_v2(s->ix->db, "SELECT id, path FROM paths", -1,
			       &st, NULL) != SQLITE_OK) {
		pcre2_match_data_free(md);
		return error("%s: %s", s->ix->path, sqlite3_errmsg(s->ix->db));
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(st, 1);

		if (pcre2_match(re, (PCRE2_SPTR)path, PCRE2_ZERO_TERMINATED, 0,
				0, md, NULL) >= 0)
			scope_add_path_id(s, sqlite3_column_int64(st, 0));
	}
	sqlite3_finalize(st);
	pcre2_match_data_free(md);
	return 0;
}

static pcre2_code *compile(const char *re, const char *what)
{
	int err;
	PCRE2_SIZE off;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
					 0, &err, &off, NULL);

	if (!code) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(err, msg, sizeof(msg));
		error("bad %s '%s' at offset %zu: %s", what, re, (size_t)off,
		      (const char *)msg);
	}
	return code;
}

int scope_add_regex(struct scope *s, const char *re)
{
	pcre2_code *code = compile(re, "regex");
	int rc;

	if (!code)
		return -1;
	rc = add_matching(s, code);
	pcre2_code_free(code);
	what_add(&s->what, "regex", re);
	return rc;
}

int scope_add_pattern(struct scope *s, const char *pattern)
{
	/*
	 * A one-section MAINTAINERS of our own, so that the pattern means
	 * exactly what it would mean on an F: line.
	 */
	struct maintainers m;
	struct matcher *mt;
	struct section_want w = { .fn = add_path_id, .data = s };
	int rc;

	if (!*pattern || strchr(pattern, '\n'))
		return error("bad path pattern '%s'", pattern);
	maintainers_init(&m);
	maintainers_add_buffer(&m, "--path",
			       xstrfmt("PATTERN\nF:\t%s\n", pattern),
			       strlen(pattern) + 12);
	maintainers_finish(&m);
	mt = matcher_new(&m);
	if (!mt || m.nr_sections != 1) {
		if (mt)
			matcher_free(mt);
		maintainers_release(&m);
		return error("bad path pattern '%s'", pattern);
	}
	s->whole = false;
	rc = scope_foreach_path_sections(s->ix, mt, add_if_covered, &w);
	matcher_free(mt);
	maintainers_release(&m);
	what_add(&s->what, "path", pattern);
	return rc;
}

static void sort_uniq_i64(int64_t *v, size_t *nr)
{
	size_t i, j = 0;

	if (!*nr)
		return;
	qsort(v, *nr, sizeof(*v), cmp_int64);
	for (i = 0; i < *nr; i++)
		if (!j || v[j - 1] != v[i])
			v[j++] = v[i];
	*nr = j;
}

/* Put the scope's paths in temp.scope_paths for the joins. */
static int scope_table(struct scope *s)
{
	sqlite3 *db = s->ix->db;
	sqlite3_stmt *ins;
	size_t i;

	if (s->table_ready)
		return 0;
	sort_uniq_i64(s->paths, &s->nr_paths);
	if (sqlite3_exec(db, "DROP TABLE IF EXISTS temp.scope_paths;"
			 "CREATE TEMP TABLE scope_paths(id INTEGER PRIMARY KEY)",
			 NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "INSERT INTO temp.scope_paths VALUES(?1)",
			       -1, &ins, NULL) != SQLITE_OK)
		return error("%s: %s", s->ix->path, sqlite3_errmsg(db));
	/* a savepoint: the reader's snapshot transaction stays open */
	sqlite3_exec(db, "SAVEPOINT scope_paths", NULL, NULL, NULL);
	for (i = 0; i < s->nr_paths; i++) {
		sqlite3_bind_int64(ins, 1, s->paths[i]);
		sqlite3_step(ins);
		sqlite3_reset(ins);
	}
	sqlite3_exec(db, "RELEASE scope_paths", NULL, NULL, NULL);
	sqlite3_finalize(ins);
	s->table_ready = true;
	return 0;
}

void range_init(struct range *r)
{
	memset(r, 0, sizeof(*r));
	r->since = INT64_MIN;
	r->until = INT64_MAX;
	strbuf_init(&r->what, 0);
}

void range_release(struct range *r)
{
	free(r->set);
	free(r->tip);
	strbuf_release(&r->what);
	memset(r, 0, sizeof(*r));
}

/* The full id of commit @rev, or NULL. */
static char *resolve_commit(const char *rev)
{
	struct strbuf out = STRBUF_INIT;
	char *obj = xstrfmt("%s^{commit}", rev);
	const char *args[] = {
		"rev-parse", "-q", "--verify", "--end-of-options", obj, NULL
	};
	char *hash = NULL;

	if (!git_quiet(args, &out)) {
		strbuf_trim(&out);
		hash = strbuf_detach(&out, NULL);
	}
	free(obj);
	strbuf_release(&out);
	return hash;
}

int scope_parse_date(const char *s, int64_t *t)
{
	struct strbuf out = STRBUF_INIT;
	char *opt = xstrfmt("--since=%s", s);
	const char *args[] = { "rev-parse", opt, NULL };
	int rc = -1;

	if (!git_quiet(args, &out) && starts_with(out.buf, "--max-age=")) {
		char *end;
		long long v = strtoll(out.buf + 10, &end, 10);

		if (end != out.buf + 10) {
			*t = v;
			rc = 0;
		}
	}
	/*
	 * git reads a word it does not know as "now": a date that lands
	 * on this very moment from a string that does not say so is a typo
	 * ("--since=v3.O"), not a request for an empty range.
	 */
	if (!rc && !strstr(s, "now") && !strstr(s, "today") &&
	    llabs((long long)(*t - (int64_t)time(NULL))) < 5)
		rc = -1;
	free(opt);
	strbuf_release(&out);
	if (rc)
		return error("'%s' is neither a revision nor a date", s);
	return 0;
}

/* The indexed ids of the commits "git rev-list ARGS" lists. */
static int rev_list_set(struct range *r, struct idx *ix, const char **args)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf line = STRBUF_INIT;
	sqlite3_stmt *st;
	const char *argv[8];
	size_t n = 0, missing = 0;
	int rc;

	argv[n++] = "git";
	argv[n++] = "rev-list";
	while (*args && n < ARRAY_SIZE(argv) - 1)
		argv[n++] = *args++;
	argv[n] = NULL;
	if (sqlite3_prepare_v2(ix->db, "SELECT id FROM commits WHERE hash = ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	cp.argv = argv;
	cp.in = CHILD_NULL;
	cp.out = -1;
	if (start_command(&cp)) {
		sqlite3_finalize(st);
		return -1;
	}
	while (child_read_record(&cp, &line, '\n') > 0) {
		sqlite3_bind_text(st, 1, line.buf, (int)line.len, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW) {
			ALLOC_GROW(r->set, r->nr_set + 1, r->alloc_set);
			r->set[r->nr_set++] = sqlite3_column_int64(st, 0);
		} else {
			missing++;
		}
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	rc = finish_command(&cp);
	strbuf_release(&line);
	if (rc)
		return error("git rev-list failed");
	if (missing)
		return error("%zu commits of the range are not in the index; "
			     "run 'kmaint index %s' first", missing,
			     r->tip ? r->tip : "HEAD");
	sort_uniq_i64(r->set, &r->nr_set);
	r->use_set = true;
	return 0;
}

/* Is the index exactly HEAD's history (no set needed for "all")? */
static bool index_is_tip(struct idx *ix, const char *tip)
{
	char *tips = idx_meta_get(ix, "tips");
	bool same = tips && !strcmp(tips, tip);

	free(tips);
	return same;
}

/*
 * An index behind HEAD (its last update failed, or --no-update; the
 * reader was told: note_behind()) answers for the tip it holds.
 */
static void indexed_tip_for(struct range *r, struct idx *ix)
{
	char *tips = idx_meta_get(ix, "tips");

	if (tips && *tips) {
		free(r->tip);
		r->tip = xstrndup(tips, strcspn(tips, " "));
	}
	free(tips);
}

int range_parse(struct range *r, struct idx *ix, const char *since,
		const char *until, const char *rev)
{
	char *since_c = NULL, *until_c = NULL;
	int rc = 0;

	if (rev && (since || until))
		return error("--rev cannot be combined with --since/--until");
	if (rev) {
		const char *args[] = { "--no-merges", "--end-of-options", rev,
				       NULL };
		const char *dots = strstr(rev, "..");

		if (!dots)
			return error("--rev takes A..B, not '%s'", rev);
		r->tip = resolve_commit(dots[2] ? dots + 2 : "HEAD");
		strbuf_addstr(&r->what, rev);
		return rev_list_set(r, ix, args);
	}
	if (since) {
		since_c = resolve_commit(since);
		if (!since_c && scope_parse_date(since, &r->since))
			return -1;
		strbuf_addf(&r->what, "since %s", since);
	}
	if (until) {
		until_c = resolve_commit(until);
		if (!until_c) {
			/* git log --until=X is --min-age: at or before X */
			int64_t t;

			if (scope_parse_date(until, &t)) {
				free(since_c);
				return -1;
			}
			r->until = t;
		}
		if (r->what.len)
			strbuf_addch(&r->what, ' ');
		strbuf_addf(&r->what, "until %s", until);
	}
	/* HEAD as the staleness check resolved it: one git the fewer */
	if (until_c)
		r->tip = until_c;
	else
		r->tip = ix->head ? xstrdup(ix->head) : resolve_commit("HEAD");
	if (!r->tip) {
		free(since_c);
		return error("no commit to start from (empty repository?)");
	}
	if (!until_c && !idx_has_commit(ix, r->tip))
		indexed_tip_for(r, ix);
	if (since_c || !index_is_tip(ix, r->tip)) {
		char *not = since_c ? xstrfmt("^%s", since_c) : NULL;
		const char *args[] = { "--no-merges", r->tip, not, NULL };

		rc = rev_list_set(r, ix, args);
		free(not);
	}
	free(since_c);
	return rc;
}

bool range_has(const struct range *r, int64_t id, int64_t commit_time)
{
	size_t lo = 0, hi;

	if (commit_time < r->since || commit_time > r->until)
		return false;
	if (!r->use_set)
		return true;
	hi = r->nr_set;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->set[mid] == id)
			return true;
		if (r->set[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

int scope_people_load(struct idx *ix, struct scope_people *p)
{
	sqlite3_stmt *st;
	size_t *off;
	int64_t max = 0, id;

	memset(p, 0, sizeof(*p));
	strbuf_init(&p->arena, 0);
	if (sqlite3_prepare_v2(ix->db, "SELECT max(id) FROM people", -1, &st,
			       NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	if (sqlite3_step(st) == SQLITE_ROW)
		max = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	p->nr = max + 1;
	p->name = xcalloc((size_t)p->nr, sizeof(char *));
	p->email = xcalloc((size_t)p->nr, sizeof(char *));
	if (sqlite3_prepare_v2(ix->db, "SELECT id, mname, memail FROM people",
			       -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	/*
	 * One arena for all the strings, tens of thousands of them: offsets
	 * (+ 1, 0 for none) while it grows, pointers once it is done.
	 */
	off = xcalloc((size_t)p->nr * 2, sizeof(size_t));
	while (sqlite3_step(st) == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		if (id < 0 || id >= p->nr)
			continue;
		off[2 * id] = p->arena.len + 1;
		strbuf_add(&p->arena, sqlite3_column_text(st, 1),
			   (size_t)sqlite3_column_bytes(st, 1) + 1);
		off[2 * id + 1] = p->arena.len + 1;
		strbuf_add(&p->arena, sqlite3_column_text(st, 2),
			   (size_t)sqlite3_column_bytes(st, 2) + 1);
	}
	sqlite3_finalize(st);
	for (id = 0; id < p->nr; id++) {
		if (!off[2 * id])
			continue;
		p->name[id] = p->arena.buf + off[2 * id] - 1;
		p->email[id] = p->arena.buf + off[2 * id + 1] - 1;
	}
	free(off);
	return 0;
}

int scope_people_open(struct idx *ix, struct scope_people *p)
{
	memset(p, 0, sizeof(*p));
	strbuf_init(&p->arena, 0);
	p->nr = idx_query_int(ix, "SELECT coalesce(max(id), -1) FROM people") + 1;
	if (p->nr < 0)
		return -1;
	p->partial = true;
	p->name = xcalloc((size_t)p->nr + 1, sizeof(char *));
	p->email = xcalloc((size_t)p->nr + 1, sizeof(char *));
	p->asked = xcalloc((size_t)p->nr + 1, 1);
	return 0;
}

int scope_people_want(struct idx *ix, struct scope_people *p,
		      const int64_t *ids, size_t n)
{
	sqlite3_stmt *st;
	size_t i;
	int step = SQLITE_DONE;

	if (!p->partial)
		return 0;
	if (sqlite3_prepare_v2(ix->db, "SELECT mname, memail FROM people "
			       "WHERE id = ?1", -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	for (i = 0; i < n; i++) {
		int64_t id = ids[i];

		if (id < 0 || id >= p->nr || p->asked[id])
			continue;
		p->asked[id] = 1;
		sqlite3_bind_int64(st, 1, id);
		step = sqlite3_step(st);
		if (step == SQLITE_ROW) {
			p->name[id] = xstrdup((const char *)
					      sqlite3_column_text(st, 0));
			p->email[id] = xstrdup((const char *)
					       sqlite3_column_text(st, 1));
		}
		sqlite3_reset(st);
		if (step != SQLITE_ROW && step != SQLITE_DONE)
			break;
	}
	sqlite3_finalize(st);
	if (step != SQLITE_ROW && step != SQLITE_DONE)
		return error("%s: %s", ix->path, sqlite3_errmsg(ix->db));
	return 0;
}

void scope_people_free(struct scope_people *p)
{
	int64_t i;

	for (i = 0; p->partial && i < p->nr; i++) {
		if (!p->asked[i])
			continue;
		free(p->name[i]);
		free(p->email[i]);
	}
	free(p->asked);
	free(p->name);
	free(p->email);
	strbuf_release(&p->arena);
	memset(p, 0, sizeof(*p));
}

const struct scope_people *scope_people(struct scope *s)
{
	/* partial only beside a model that reads its own rows */
	bool partial = s->people_partial && s->have_identity &&
		       s->identity.lazy;

	if (!s->have_people) {
		if (partial ? scope_people_open(s->ix, &s->people) :
		    scope_people_load(s->ix, &s->people))
			return NULL;
		s->have_people = true;
	}
	return &s->people;
}

const struct identity *scope_identity(struct scope *s)
{
	const struct scope_people *p;
	const struct summary *sm = NULL;

	if (!s->have_identity) {
		/*
		 * The index's own model, read for the people asked about,
		 * or whole for a caller that walks every person.
		 */
		int lazy = s->identity_name_joins ? 0 :
			   s->identity_whole ?
			   identity_read(&s->identity, s->ix,
					 s->identity_flags) :
			   identity_open(&s->identity, s->ix,
					 s->identity_flags);

		if (lazy < 0)
			return NULL;
		if (lazy) {
			s->have_identity = true;
			return &s->identity;
		}
		if (!(p = scope_people(s)))
			return NULL;
		/* the index's own counts and joins spare the whole summary */
		if (!derived_fresh(s->ix) && !(sm = scope_summary(s)))
			return NULL;
		if (identity_load(&s->identity, s->ix, p, sm, s->identity_flags)) {
			identity_release(&s->identity);
			return NULL;
		}
		s->have_identity = true;
	}
	return &s->identity;
}

/*
 * The summary's record of a commit into @c; false when it names a
 * person the people table does not have (a damaged index).
 */
static bool fill_commit(struct scope_commit *c, const struct summary_commit *sc,
			const struct scope_people *people)
{
	c->id = sc->id;
	c->sc = sc;
	c->author = sc->author;
	c->committer = sc->committer;
	if (c->author >= people->nr || c->committer >= people->nr ||
	    !people->name[c->author] || !people->name[c->committer])
		return false;
	c->author_name = people->name[c->author];
	c->author_email = people->email[c->author];
	c->committer_name = people->name[c->committer];
	c->committer_email = people->email[c->committer];
	c->author_time = sc->author_time;
	c->commit_time = sc->commit_time;
	c->author_tz = sc->author_tz;
	return true;
}

static int bad_person(struct scope *s, int64_t id)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->ix->db, "SELECT hash FROM commits WHERE id = ?1",
			       -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", s->ix->path, sqlite3_errmsg(s->ix->db));
	sqlite3_bind_int64(st, 1, id);
	rc = error("%s: commit %s names an unknown person", s->ix->path,
		   sqlite3_step(st) == SQLITE_ROW ?
		   (const char *)sqlite3_column_text(st, 0) : "?");
	sqlite3_finalize(st);
	return rc;
}

const struct summary *scope_summary(struct scope *s)
{
	if (!s->have_summary) {
		if (summary_load(s->ix, &s->summary))
			return NULL;
		s->have_summary = true;
	}
	return &s->summary;
}

/* A commit's line counts over the scope's paths. */
struct scoped_counts {
	int64_t id;
	int64_t added, removed;
	int nr_files;
	bool known;
};

static int cmp_counts(const void *a, const void *b)
{
	const struct scoped_counts *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * The commits touching the scope's paths, with their counts over those
 * paths only, by increasing id: one pass over the files rows of the
 * paths (by the files(path) index), summed here.
 */
static int scoped_counts(struct scope *s, struct scoped_counts **out,
			 size_t *nr_out)
{
	static const char sql[] =
		"SELECT f.commit_id, f.added, f.removed, f.flags "
		"FROM temp.scope_paths p CROSS JOIN files f ON f.path = p.id";
	struct scoped_counts *v = NULL, *c;
	size_t nr = 0, alloc = 0;
	struct imap at;		/* commit id + 1 -> its entry + 1 */
	sqlite3_stmt *st;
	int64_t *slot;
	int step;

	if (scope_table(s))
		return -1;
	if (sqlite3_prepare_v2(s->ix->db, sql, -1, &st, NULL) != SQLITE_OK)
		return error("%s: %s", s->ix->path, sqlite3_errmsg(s->ix->db));
	/* summed per commit as they come: sorting every files row cost more */
	imap_init(&at, 1024);
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		slot = imap_put(&at, sqlite3_column_int64(st, 0) + 1);
		if (!*slot) {
			ALLOC_GROW(v, nr + 1, alloc);
			c = &v[nr];
			memset(c, 0, sizeof(*c));
			c->id = sqlite3_column_int64(st, 0);
			c->known = true;
			*slot = (int64_t)++nr;
		}
		c = &v[*slot - 1];
		c->added += sqlite3_column_int64(st, 1);
		c->removed += sqlite3_column_int64(st, 2);
		c->known &= !(sqlite3_column_int64(st, 3) & HF_MISSING);
		c->nr_files++;
	}
	sqlite3_finalize(st);
	imap_free(&at);
	if (step != SQLITE_DONE) {
		free(v);
		return error("%s: %s", s->ix->path, sqlite3_errmsg(s->ix->db));
	}
	if (nr)
		qsort(v, nr, sizeof(*v), cmp_counts);
	*out = v;
	*nr_out = nr;
	return 0;
}

/*
 * The records a walk reads: the whole summary for the whole repository,
 * once loaded, or for a scope touching a good part of the history; else
 * only those of the scope's @nr commits, read from the tables.
 */
static const struct summary *walk_summary(struct scope *s,
					  const struct scoped_counts *counts,
					  size_t nr)
{
	int64_t *ids;
	size_t i;
	int rc;

	s->walked_part = false;
	if (s->whole || s->have_summary || (int64_t)nr * 8 >
	    idx_query_int(s->ix, "SELECT coalesce(max(id), 0) FROM commits"))
		return scope_summary(s);
	summary_release(&s->part);
	ids = xcalloc(nr + 1, sizeof(*ids));
	for (i = 0; i < nr; i++)
		ids[i] = counts[i].id;
	rc = summary_load_ids(s->ix, ids, nr, &s->part);
	free(ids);
	if (rc)
		return NULL;
	s->walked_part = true;
	return &s->part;
}

const struct summary_trailer *scope_trailers(const struct scope *s,
					     const struct summary_commit *sc)
{
	const struct summary *sm = s->walked_part ? &s->part : &s->summary;

	return sc->nr_trailers ? sm->trailers + sc->trailer : NULL;
}

/* The people rows the commits of a walk name, for partial people. */
static int want_people(struct scope *s, const struct summary *sm,
		       const struct scoped_counts *counts, size_t nr)
{
	int64_t *ids = NULL;
	size_t i, t, n = 0, alloc = 0;
	int rc;

	for (i = 0; i < nr; i++) {
		const struct summary_commit *sc;
		const struct summary_trailer *tr;

		sc = s->whole ? &sm->commits[i] : summary_find(sm, counts[i].id);
		if (!sc)
			continue;
		tr = scope_trailers(s, sc);
		ALLOC_GROW(ids, n + 2 + sc->nr_trailers, alloc);
		ids[n++] = sc->author;
		ids[n++] = sc->committer;
		for (t = 0; t < sc->nr_trailers; t++)
			ids[n++] = tr[t].person;
	}
	rc = scope_people_want(s->ix, &s->people, ids, n);
	free(ids);
	return rc;
}

/* A walk's callback and what it needs, for walk_commit(). */
struct walk {
	struct scope *s;
	const struct range *r;
	const struct scope_people *people;
	int (*fn)(const struct scope_commit *c, void *data);
	void *data;
	/* not the whole repository: its commits, by id, and the next */
	const struct scoped_counts *counts;
	size_t nr, next;
};

/*
 * Hand the commit @sc to the walk's callback, with the line counts of
 * @counts (the scope's paths), or when NULL its own over every file.
 */
static int walk_commit(const struct walk *w, const struct summary_commit *sc,
		       const struct scoped_counts *counts)
{
	struct scope_commit c;

	if (!sc || sc->nparents > 1 || !range_has(w->r, sc->id, sc->commit_time))
		return 0;
	if (!fill_commit(&c, sc, w->people))
		return bad_person(w->s, sc->id);
	if (!counts) {
		c.added = sc->added;
		c.removed = sc->removed;
		c.nr_files = (int)sc->nr_files;
		c.counts_known = !(sc->flags & SUMMARY_COUNTS_UNKNOWN);
	} else {
		c.added = (long)counts->added;
		c.removed = (long)counts->removed;
		c.nr_files = counts->nr_files;
		c.counts_known = counts->known;
	}
	if (w->s->no_lines)
		c.added = c.removed = 0;
	return w->fn(&c, w->data);
}

static int walk_batch(const struct summary *batch, void *data)
{
	struct walk *w = data;
	size_t i;
	int rc = 0;

	for (i = 0; !rc && i < batch->nr; i++) {
		const struct summary_commit *sc = &batch->commits[i];

		if (!w->counts) {
			rc = walk_commit(w, sc, NULL);
			continue;
		}
		while (w->next < w->nr && w->counts[w->next].id < sc->id)
			w->next++;
		if (w->next < w->nr && w->counts[w->next].id == sc->id)
			rc = walk_commit(w, sc, &w->counts[w->next++]);
	}
	return rc;
}

/*
 * Does a walk of @nr commits read the summary a batch at a time: the
 * whole repository, or a scope touching a good part of the history,
 * unless the summary is loaded already (or the people are read as
 * asked, which wants every commit's people first)?
 */
static bool walk_streams(struct scope *s, const struct scope_people *people,
			 size_t nr)
{
	if (s->have_summary || people->partial)
		return false;
	return s->whole || (int64_t)nr * 8 >
	       idx_query_int(s->ix, "SELECT coalesce(max(id), 0) FROM commits");
}

int scope_foreach_commit(struct scope *s, const struct range *r,
			 int (*fn)(const struct scope_commit *c, void *data),
			 void *data)
{
	const struct summary *sm;
	const struct scope_people *people = scope_people(s);
	struct walk w = { s, r, people, fn, data, NULL, 0, 0 };
	struct scoped_counts *counts = NULL;
	size_t i, nr = 0;
	int rc = 0;

	if (!people || (!s->whole && scoped_counts(s, &counts, &nr)))
		return -1;
	/* part holds one batch at a time: scope_trailers() reads it */
	if (walk_streams(s, people, nr)) {
		w.counts = counts;
		w.nr = nr;
		s->walked_part = true;
		rc = summary_walk(s->ix, &s->part, walk_batch, &w);
		summary_release(&s->part);
		free(counts);
		return rc;
	}
	if (!(sm = walk_summary(s, counts, nr))) {
		free(counts);
		return -1;
	}
	if (s->whole)
		nr = sm->nr;
	if (people->partial && want_people(s, sm, counts, nr)) {
		free(counts);
		return -1;
	}
	for (i = 0; !rc && i < nr; i++)
		rc = s->whole ? walk_commit(&w, &sm->commits[i], NULL) :
		     walk_commit(&w, summary_find(sm, counts[i].id), &counts[i]);
	free(counts);
	return rc;
}

/* Our own executable, to run "kmaint index". */
static char *self_exe(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0)
		return xstrdup(progname ? progname : "kmaint");
	buf[n] = '\0';
	return xstrdup(buf);
}

/* Why the last update stopped (rolled back), or NULL if it did not. */
static char *stopped_why(struct idx *ix)
{
	char *v = idx_meta_get(ix, "stopped");
	char *why = v && *v ? xstrfmt("the last 'kmaint index' stopped: %s",
				      v) : NULL;

	free(v);
	return why;
}

/*
 * Why the index at @path cannot answer for HEAD, or NULL if it can;
 * *@complete says whether it holds a complete state to answer from
 * anyway (it is only behind: see note_behind()).
 */
static char *index_staleness(const char *path, bool *complete, char **headp)
{
	struct idx ix;
	struct strbuf mm_text = STRBUF_INIT;
	struct ident_mailmap *mm;
	char *why = NULL, *head, *v, *tips;

	*complete = false;
	free(*headp);
	*headp = NULL;
	if (!is_file(path))
		return xstrdup("there is no history index yet");
	if (idx_open(&ix, path, IDX_READONLY))
		return xstrdup("the history index cannot be opened");
	head = resolve_commit("HEAD");
	v = idx_meta_get(&ix, "pending");
	tips = idx_meta_get(&ix, "tips");
	*complete = !(v && *v) && tips && *tips;
	if (v && *v)
		why = xstrdup("the index has no complete state yet (a first "
			      "'kmaint index' or a --rebuild did not finish)");
	free(v);
	free(tips);
	if (!why)
		why = stopped_why(&ix);
	if (!why && head && !idx_has_commit(&ix, head))
		why = xstrdup("the history index is behind HEAD");
	if (!why) {
		mm = ident_mailmap_new();
		ident_mailmap_load_repo(mm, &mm_text);
		v = idx_meta_get(&ix, "mailmap");
		if (!v || strcmp(v, mm_text.buf))
			why = xstrdup("the .mailmap changed since the index "
				      "was built");
		free(v);
		ident_mailmap_free(mm);
	}
	strbuf_release(&mm_text);
	*headp = head;
	idx_close(&ix);
	return why;
}

/* "<id>" and the date of the newest message; "" with no messages. */
static void newest_message(struct idx *ix, struct strbuf *out)
{
	sqlite3_stmt *st;
	char day[16];
	time_t t;

	if (sqlite3_prepare_v2(ix->db, "SELECT msgid, date FROM messages "
			       "ORDER BY date DESC, id DESC LIMIT 1", -1, &st,
			       NULL) != SQLITE_OK)
		return;
	if (sqlite3_step(st) == SQLITE_ROW) {
		t = (time_t)sqlite3_column_int64(st, 1);
		strftime(day, sizeof(day), "%Y-%m-%d", gmtime(&t));
		strbuf_addf(out, "; the lists up to %s (<%s>)", day,
			    (const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
}

/* The first indexed tip, with its date. */
static void indexed_tip(struct idx *ix, struct strbuf *out)
{
	char *tips = idx_meta_get(ix, "tips");
	sqlite3_stmt *st;
	char day[16];
	size_t n = tips ? strcspn(tips, " ") : 0;
	time_t t;

	if (!n || sqlite3_prepare_v2(ix->db, "SELECT commit_time FROM commits "
				     "WHERE hash = ?1", -1, &st, NULL) != SQLITE_OK) {
		free(tips);
		return;
	}
	sqlite3_bind_text(st, 1, tips, (int)n, SQLITE_STATIC);
	strbuf_addf(out, "the history up to %.12s", tips);
	if (sqlite3_step(st) == SQLITE_ROW) {
		t = (time_t)sqlite3_column_int64(st, 0);
		strftime(day, sizeof(day), "%Y-%m-%d", gmtime(&t));
		strbuf_addf(out, " (%s)", day);
	}
	sqlite3_finalize(st);
	free(tips);
}

/*
 * An index that is behind answers from its last complete state (an
 * update that failed left it as it was): say so, once a process.
 */
static void note_behind(struct idx *ix, const char *why)
{
	static bool told;
	struct strbuf sb = STRBUF_INIT;

	if (told)
		return;
	told = true;
	indexed_tip(ix, &sb);
	newest_message(ix, &sb);
	fprintf(stderr, "%s: note: the index is behind; these answers are as "
		"of its last complete update: %s.  Why: %s\n", progname,
		sb.buf, why);
	strbuf_release(&sb);
}

int scope_open_db(struct idx *ix, const char *db_path, bool update)
{
	char *path, *why;
	int rc;

	if (db_path) {
		/* another repository's, maybe: only its own word on it */
		if (idx_open(ix, db_path, IDX_READONLY))
			return -1;
		why = stopped_why(ix);
		if (why)
			note_behind(ix, why);
		free(why);
		return 0;
	}
	path = idx_default_path();
	if (!path)
		return error("not a git repository (or give --db)");
	rc = scope_open_index(ix, path, update);
	free(path);
	return rc;
}

/* Bring the index up to date with a "kmaint index" of its own. */
static int run_update(const char *path, const char *why)
{
	char *exe = self_exe();
	const char *argv[] = { exe, "index", "-q", "--db", path, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	int rc;

	fprintf(stderr, "%s: %s: running 'kmaint index'\n", progname, why);
	cp.argv = argv;
	cp.in = CHILD_NULL;
	rc = run_command(&cp);
	free(exe);
	if (rc)
		return error("'kmaint index' failed (exit %d)", rc);
	return 0;
}

int scope_open_index(struct idx *ix, const char *path, bool update)
{
	char *why, *v, *head = NULL;
	bool complete;
	int tries = 0;

	for (;;) {
		why = index_staleness(path, &complete, &head);
		if (why && update && !run_update(path, why)) {
			free(why);
			why = index_staleness(path, &complete, &head);
		}
		if (why && !complete) {
			error("%s; run 'kmaint index' first", why);
			free(why);
			free(head);
			return -1;
		}
		if (idx_open(ix, path, IDX_READONLY)) {
			free(why);
			free(head);
			return -1;
		}
		/*
		 * What this reader sees is one snapshot (idx_open()), taken
		 * after the check above: a first build or a --rebuild may
		 * have begun in between.  It says so ("pending" until its
		 * very end); wait for it, through the writer's lock.  An
		 * update of a complete index is invisible until it is done.
		 */
		v = idx_meta_get(ix, "pending");
		if (!(v && *v))
			break;
		free(v);
		free(why);
		idx_close(ix);
		if (!update || ++tries > 3) {
			free(head);
			return error("an update of the index is under way; "
				     "run 'kmaint index' first");
		}
	}
	free(v);
	/* the commit checked is the one the questions start from */
	ix->head = head;
	if (why)
		note_behind(ix, why);
	free(why);
	v = idx_meta_get(ix, "siglines");
	if (!v || strcmp(v, "all"))
		warning("this index was made before kmaint kept the tags found "
			"outside a message's trailer block; 'kmaint index' "
			"upgrades it to count them as gitdm and get_maintainer.pl "
			"do");
	free(v);
	return 0;
}
