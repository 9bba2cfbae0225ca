// SPDX-License-Identifier: GPL-2.0
#include "lookup.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "email.h"
#include "json.h"
#include "utf8.h"

void gm_opts_init(struct gm_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->email = 1;
	o->email_usename = 1;
	o->email_maintainer = 1;
	o->email_reviewer = 1;
	o->email_fixes = 1;
	o->email_list = 1;
	o->email_moderated_list = 1;
	o->email_remove_duplicates = 1;
	o->email_use_mailmap = 1;
	o->output_multiline = 1;
	o->output_separator = ", ";
	o->output_rolestats = 1;
	o->letters = "";
	o->keywords = 1;
}

static void list_push(struct str_list *l, char *s)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr++] = s;
}

static void list_free(struct str_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sort_uniq(char **v, size_t *nr)
{
	size_t i, j = 0;

	if (*nr < 2)	/* v may be NULL, which qsort() must not see */
		return;
	qsort(v, *nr, sizeof(*v), cmp_str);
	for (i = 0; i < *nr; i++) {
		if (j && !strcmp(v[j - 1], v[i]))
			free(v[i]);
		else
			v[j++] = v[i];
	}
	*nr = j;
}

/* uniq() in first-seen order */
static void uniq(struct str_list *l)
{
	struct strmap seen;
	size_t i, j = 0;

	strmap_init(&seen);
	for (i = 0; i < l->nr; i++) {
		struct strmap_entry *e = strmap_insert(&seen, l->v[i],
						       strlen(l->v[i]));

		if (e->value) {
			free(l->v[i]);
			continue;
		}
		e->value = (void *)1;
		l->v[j++] = l->v[i];
	}
	l->nr = j;
	strmap_clear(&seen, false);
}

static const char *const status_roles[][2] = {
	{ "supported", "supporter" },
	{ "maintained", "maintainer" },
	{ "odd fixes", "odd fixer" },
	{ "orphan", "orphan minder" },
	{ "obsolete", "obsolete minder" },
	{ "buried alive in reporters", "chief penguin" },
};

void lookup_init(struct lookup *lk, const struct gm_opts *o,
		 const struct maintainers *m, struct matcher *mt,
		 const struct gm_mailmap *mm, FILE *out)
{
	memset(lk, 0, sizeof(*lk));
	lk->o = o;
	lk->m = m;
	lk->mt = mt;
	lk->mm = mm;
	lk->out = out;
	lk->role = xcalloc(m->nr_sections, sizeof(*lk->role));
	lk->short_name = xcalloc(m->nr_sections, sizeof(*lk->short_name));
}

/*
 * A section's name as roles print it, and its M: role ("supporter:XFS
 * FILESYSTEM"): made when a section is first used, since one lookup
 * touches a handful of the 3,000 sections.
 */
static const char *short_name(struct lookup *lk, int section)
{
	if (!lk->short_name[section])
		lk->short_name[section] =
			mnt_section_short_name(&lk->m->sections[section]);
	return lk->short_name[section];
}

static const char *maintainer_role(struct lookup *lk, int section)
{
	const struct mnt_section *s = &lk->m->sections[section];
	char *status;
	const char *role;
	size_t j;

	if (lk->role[section])
		return lk->role[section];
	/* edk2 writes no S: in most sections, and means "maintained" */
	status = lowercase(s->status ? s->status :
			   lk->m->dialect == MNT_EDK2 ? "maintained" :
			   "unknown");
	role = status;
	for (j = 0; j < ARRAY_SIZE(status_roles); j++)
		if (!strcmp(status, status_roles[j][0]))
			role = status_roles[j][1];
	/*
	 * "stop reporting subsystem status as maintainer role": a
	 * maintainer is a maintainer, whatever S: says, but for THE REST's
	 * chief penguin.
	 */
	if (lk->o->plain_roles && strcmp(role, "chief penguin"))
		role = "maintainer";
	lk->role[section] = xstrfmt("%s:%s", role, short_name(lk, section));
	free(status);
	return lk->role[section];
}

static void free_map_pairs(struct strmap *map)
{
	strmap_clear(map, true);
}

void lookup_release(struct lookup *lk)
{
	size_t i;

	for (i = 0; i < lk->nr_to; i++) {
		free(lk->to[i].email);
		free(lk->to[i].role);
	}
	for (i = 0; i < lk->nr_lists; i++) {
		free(lk->lists[i].email);
		free(lk->lists[i].role);
	}
	for (i = 0; i < lk->m->nr_sections; i++) {
		free(lk->role[i]);
		free(lk->short_name[i]);
	}
	free(lk->role);
	free(lk->short_name);
	free(lk->to);
	free(lk->lists);
	strmap_clear(&lk->name_inuse, false);
	strmap_clear(&lk->addr_inuse, false);
	strmap_clear(&lk->list_seen, false);
	free_map_pairs(&lk->dedup_name);
	free_map_pairs(&lk->dedup_addr);
	list_free(&lk->scm);
	list_free(&lk->web);
	list_free(&lk->bug);
	list_free(&lk->subsystem);
	list_free(&lk->status);
	list_free(&lk->substatus);
	list_free(&lk->file_emails);
	list_free(&lk->inexact);
}

static void push_recipient(struct recipient **v, size_t *nr, size_t *alloc,
			   char *email, char *role)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr].email = email;
	(*v)[*nr].role = role;
	(*nr)++;
}

static bool map_has_lc(struct strmap *map, const char *s)
{
	char *lc = lowercase(s);
	bool ret = strmap_find(map, lc, strlen(lc)) != NULL;

	free(lc);
	return ret;
}

static void map_set_lc(struct strmap *map, const char *s)
{
	char *lc = lowercase(s);

	strmap_insert(map, lc, strlen(lc))->value = (void *)1;
	free(lc);
}

static bool email_inuse(struct lookup *lk, const char *name, const char *addr)
{
	if (!*name && !*addr)
		return true;
	if (*name && map_has_lc(&lk->name_inuse, name))
		return true;
	if (*addr && map_has_lc(&lk->addr_inuse, addr))
		return true;
	return false;
}

static bool push_email_address(struct lookup *lk, const char *line,
			       const char *role)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	bool ret = false;

	email_parse(line, &name, &addr);
	if (!addr.len)
		goto done;
	ret = true;
	if (lk->o->email_remove_duplicates && email_inuse(lk, name.buf, addr.buf))
		goto done;
	email_format(&out, name.buf, addr.buf, lk->o->email_usename);
	push_recipient(&lk->to, &lk->nr_to, &lk->alloc_to,
		       strbuf_detach(&out, NULL), xstrdup(role));
	if (lk->o->email_remove_duplicates) {
		if (name.len)
			map_set_lc(&lk->name_inuse, name.buf);
		map_set_lc(&lk->addr_inuse, addr.buf);
	}
done:
	strbuf_release(&name);
	strbuf_release(&addr);
	return ret;
}

static void push_email_addresses(struct lookup *lk, const char *value,
				 const char *role)
{
	char **items = NULL;
	size_t nr = 0, i;

	/*
	 * Without a comma a value is at most one address, and then the
	 * script's three branches all come down to pushing it (warning if
	 * it holds none): skip the RFC 822 expressions, costly to build.
	 */
	if (!strchr(value, ',')) {
		if (*value && !push_email_address(lk, value, role))
			fprintf(stderr, "Invalid MAINTAINERS address: '%s'\n",
				value);
		return;
	}
	if (rfc822_valid(value)) {
		push_email_address(lk, value, role);
	} else if (rfc822_validlist(value, &items, &nr)) {
		for (i = 0; i < nr && *items[i]; i++)
			push_email_address(lk, items[i], role);
		for (i = 0; i < nr; i++)
			free(items[i]);
		free(items);
	} else if (!push_email_address(lk, value, role)) {
		fprintf(stderr, "Invalid MAINTAINERS address: '%s'\n", value);
	}
}

static void add_list(struct lookup *lk, const char *value, int section,
		     const char *suffix)
{
	const struct gm_opts *o = lk->o;
	const char *name = short_name(lk, section), *sp, *extra = "";
	const char *kind = NULL;
	char *addr, *lc;
	size_t len;

	/* "address (extra words)": the first token, and the rest */
	len = strcspn(value, " \t\n\v\f\r");
	if (value[len]) {
		for (sp = value + len; *sp && strchr(" \t\n\v\f\r", *sp); sp++)
			;
		extra = sp;
	}
	if (strstr(extra, "subscribers-only")) {
		if (o->email_subscriber_list)
			kind = "subscriber list";
	} else if (o->email_list) {
		if (!strstr(extra, "moderated"))
			kind = "open list";
		else if (o->email_moderated_list)
			kind = "moderated list";
	}
	if (!kind)
		return;
	addr = xstrndup(value, len);
	lc = lowercase(addr);
	if (strmap_find(&lk->list_seen, lc, strlen(lc))) {
		free(addr);
		free(lc);
		return;
	}
	strmap_insert(&lk->list_seen, lc, strlen(lc));
	free(lc);
	push_recipient(&lk->lists, &lk->nr_lists, &lk->alloc_lists, addr,
		       xstrfmt("%s%s%s%s", kind,
			       strcmp(name, "THE REST") ? ":" : "",
			       strcmp(name, "THE REST") ? name : "", suffix));
}

static void add_categories(struct lookup *lk, int section, const char *suffix)
{
	const struct mnt_section *s = &lk->m->sections[section];
	const struct gm_opts *o = lk->o;
	const char *status = "Unknown";
	int i;

	list_push(&lk->subsystem, xstrdup(s->name));
	/*
	 * The script starts one entry after the section's name, which is
	 * its first field when a file begins with fields; so do we.
	 */
	for (i = s->heading < 0 ? s->first + 1 : s->first; i < s->end; i++) {
		const struct mnt_entry *e = &lk->m->entries[i];
		char *role;

		switch (e->type) {
		case 'L':
			add_list(lk, e->value, section, suffix);
			break;
		case 'M':
			if (!o->email_maintainer)
				break;
			role = xstrfmt("%s%s", maintainer_role(lk, section), suffix);
			push_email_addresses(lk, e->value, role);
			free(role);
			break;
		case 'R':
			if (!o->email_reviewer)
				break;
			role = xstrfmt("reviewer:%s%s", short_name(lk, section),
				       suffix);
			push_email_addresses(lk, e->value, role);
			free(role);
			break;
		case 'T':
			list_push(&lk->scm, xstrfmt("%s%s", e->value, suffix));
			break;
		case 'W':
			list_push(&lk->web, xstrfmt("%s%s", e->value, suffix));
			break;
		case 'B':
			list_push(&lk->bug, xstrfmt("%s%s", e->value, suffix));
			break;
		case 'S':
			list_push(&lk->status, xstrfmt("%s%s", e->value, suffix));
			status = e->value;
			break;
		}
	}
	/* --substatus: the last S:, unless it is the usual one */
	if (o->output_substatus && strcmp(s->name, "THE REST") &&
	    strcmp(status, "Maintained"))
		list_push(&lk->substatus, xstrfmt("%s status: %s%s", s->name,
						  status, suffix));
}

/* A compiled expression for the few regex edits that must match Perl's. */
static pcre2_code *re_compile(const char *re, uint32_t flags)
{
	PCRE2_SIZE off;
	int err;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
					 flags, &err, &off, NULL);

	if (!code)
		die("BUG: expression '%s' does not compile", re);
	return code;
}

/* s/re/repl/g on @s, in place */
static void substitute(struct strbuf *s, pcre2_code *re, const char *repl)
{
	PCRE2_SIZE outlen = s->len * 2 + 64;
	char *out = xmalloc(outlen);
	int rc;

	for (;;) {
		PCRE2_SIZE len = outlen;

		rc = pcre2_substitute(re, (PCRE2_SPTR)s->buf, s->len, 0,
				      PCRE2_SUBSTITUTE_GLOBAL |
				      PCRE2_SUBSTITUTE_OVERFLOW_LENGTH,
				      NULL, NULL, (PCRE2_SPTR)repl,
				      PCRE2_ZERO_TERMINATED, (PCRE2_UCHAR *)out,
				      &len);
		if (rc != PCRE2_ERROR_NOMEMORY) {
			if (rc >= 0) {
				strbuf_reset(s);
				strbuf_add(s, out, len);
			}
			break;
		}
		outlen = len + 1;
		out = xrealloc(out, outlen);
	}
	free(out);
}

/* Print a whole section for --sections/--letters, F:/X: turned back into globs. */
static void print_section(struct lookup *lk, int section)
{
	static pcre2_code *re[4];
	static const char *const edits[4][2] = {
		{ "([^\\\\])\\.([^\\*])", "$1?$2" },
		{ "([^\\\\])\\.$", "$1?" },
		{ "\\\\\\.", "." },
		{ "\\.\\*", "*" },
	};
	const struct mnt_section *s = &lk->m->sections[section];
	struct strbuf sb = STRBUF_INIT;
	int i, k;

	if (!re[0])
		for (k = 0; k < 4; k++)
			re[k] = re_compile(edits[k][0], 0);
	if (s->heading >= 0)
		fprintf(lk->out, "%s\n", s->name);
	for (i = s->first; i < s->end; i++) {
		const struct mnt_entry *e = &lk->m->entries[i];

		strbuf_reset(&sb);
		if (e->type == 'F' || e->type == 'X') {
			char *v = mnt_glob_to_regex(e->value);

			strbuf_addf(&sb, "%c:%s", e->type, v);
			free(v);
			for (k = 0; k < 4; k++)
				substitute(&sb, re[k], edits[k][1]);
			memmove(sb.buf, sb.buf + 2, sb.len - 1);
			sb.len -= 2;
		} else {
			strbuf_addstr(&sb, e->value);
		}
		if (!*lk->o->letters || strchr(lk->o->letters, e->type) ||
		    strchr(lk->o->letters, tolower((unsigned char)e->type)))
			fprintf(lk->out, "%c:\t%s\n", e->type, sb.buf);
	}
	fputc('\n', lk->out);
	strbuf_release(&sb);
}

/*
 * Addresses in a file's text (DT bindings list their maintainers): the
 * script's expression, then its way of keeping only a name's last two
 * or three words.
 */
static pcre2_code *file_email_re, *bracket_re, *split_re, *letter_re;

static bool is_letter(const char *s)
{
	pcre2_match_data *md = pcre2_match_data_create(1, NULL);
	bool ret = pcre2_match(letter_re, (PCRE2_SPTR)s, strlen(s), 0, 0, md,
			       NULL) >= 0;

	pcre2_match_data_free(md);
	return ret;
}

static bool initial(const char *w)
{
	size_t n = utf8_chars(w);

	return n == 1 || (n == 2 && w[strlen(w) - 1] == '.');
}

static char *clean_file_email(struct lookup *lk, const char *raw)
{
	struct strbuf s = STRBUF_INIT, name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT, cleaned = STRBUF_INIT;
	pcre2_match_data *md = pcre2_match_data_create(4, NULL);
	char **w = NULL;
	size_t nw = 0, start = 0, i;
	const char *n;

	strbuf_addstr(&s, raw);
	substitute(&s, bracket_re, "<$1>");
	email_parse(s.buf, &name, &addr);
	n = name.buf;
	if (name.len >= 2 && n[0] == '"' && n[name.len - 1] == '"') {
		strbuf_add(&cleaned, n + 1, name.len - 2);
	} else {
		strbuf_addstr(&cleaned, n);
	}

	/* split(/[^\p{L}',.+-]/): trailing empty fields are dropped */
	while (start <= cleaned.len) {
		PCRE2_SIZE *ov;
		size_t end = cleaned.len;

		if (pcre2_match(split_re, (PCRE2_SPTR)cleaned.buf, cleaned.len,
				start, 0, md, NULL) >= 0) {
			ov = pcre2_get_ovector_pointer(md);
			end = ov[0];
			w = xrealloc(w, (nw + 1) * sizeof(*w));
			w[nw++] = xstrndup(cleaned.buf + start, end - start);
			start = ov[1];
			continue;
		}
		w = xrealloc(w, (nw + 1) * sizeof(*w));
		w[nw++] = xstrndup(cleaned.buf + start, end - start);
		break;
	}
	while (nw && !*w[nw - 1])
		free(w[--nw]);
	/* grep(!/^['.,+-]$/) */
	for (i = 0, start = 0; i < nw; i++) {
		if (strlen(w[i]) == 1 && strchr("',.+-", w[i][0]))
			free(w[i]);
		else
			w[start++] = w[i];
	}
	nw = start;

	strbuf_reset(&cleaned);
	if (nw > 2) {
		const char *first = w[nw - 3], *middle = w[nw - 2],
			   *last = w[nw - 1];

		if ((utf8_chars(first) == 1 && is_letter(first)) ||
		    (utf8_chars(first) == 2 && first[strlen(first) - 1] == '.') ||
		    initial(middle))
			strbuf_addf(&cleaned, "%s %s %s", first, middle, last);
		else
			strbuf_addf(&cleaned, "%s %s", middle, last);
	} else {
		for (i = 0; i < nw; i++)
			strbuf_addf(&cleaned, "%s%s", i ? " " : "", w[i]);
	}
	if (cleaned.len && strchr(",.", cleaned.buf[cleaned.len - 1]))
		strbuf_setlen(&cleaned, cleaned.len - 1);
	if (cleaned.len && strchr(",.", cleaned.buf[0])) {
		memmove(cleaned.buf, cleaned.buf + 1, cleaned.len);
		cleaned.len--;
	}
	email_format(&out, cleaned.buf, addr.buf, lk->o->email_usename);

	for (i = 0; i < nw; i++)
		free(w[i]);
	free(w);
	pcre2_match_data_free(md);
	strbuf_release(&s);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&cleaned);
	return strbuf_detach(&out, NULL);
}

static void maintainers_in_file(struct lookup *lk, const char *file)
{
	pcre2_match_data *md;
	PCRE2_SIZE start = 0;
	char *buf;
	size_t len;

	if (ends_with(file, "MAINTAINERS")) {
		size_t l = strlen(file);

		/* m@\bMAINTAINERS$@ */
		if (l == 11 || !(isalnum((unsigned char)file[l - 12]) ||
				 file[l - 12] == '_'))
			return;
	}
	if (!lk->o->email_file_emails && !ends_with(file, ".yaml"))
		return;
	if (!is_file(file) || read_file(file, &buf, &len))
		return;
	if (!file_email_re) {
		const uint32_t utf = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;

		file_email_re = re_compile(
			"[\\p{L}\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*[\\(\\<\\{]{0,1}"
			"[A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+"
			"[\\)\\>\\}]{0,1}", utf);
		pcre2_jit_compile(file_email_re, PCRE2_JIT_COMPLETE);
		bracket_re = re_compile(
			"[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)"
			"[\\)\\>\\}]{0,1}", utf);
		split_re = re_compile("[^\\p{L}\\'\\,\\.\\+-]", utf);
		letter_re = re_compile("\\p{L}", utf);
	}
	md = pcre2_match_data_create(1, NULL);
	while (start <= len &&
	       pcre2_match(file_email_re, (PCRE2_SPTR)buf, len, start, 0, md,
			   NULL) >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		char *m = xstrndup(buf + ov[0], ov[1] - ov[0]);

		list_push(&lk->file_emails, clean_file_email(lk, m));
		free(m);
		start = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	pcre2_match_data_free(md);
	free(buf);
}

static void deduplicate_email(struct lookup *lk, char **email)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf tmp = STRBUF_INIT, mapped = STRBUF_INIT;
	const char *pair;

	email_parse(*email, &name, &addr);
	email_format(&tmp, name.buf, addr.buf, true);
	gm_mailmap_email(lk->mm, tmp.buf, &mapped);
	if (!lk->o->email_remove_duplicates)
		goto done;

	email_parse(mapped.buf, &name, &addr);
	pair = NULL;
	if (name.len) {
		char *lc = lowercase(name.buf);

		pair = strmap_get(&lk->dedup_name, lc, strlen(lc));
		free(lc);
	}
	if (!pair) {
		char *lc = lowercase(addr.buf);

		pair = strmap_get(&lk->dedup_addr, lc, strlen(lc));
		free(lc);
	}
	if (pair) {
		/* stored as "name\0address" */
		strbuf_reset(&name);
		strbuf_addstr(&name, pair);
		strbuf_reset(&addr);
		strbuf_addstr(&addr, pair + strlen(pair) + 1);
	} else {
		char *lcn = lowercase(name.buf), *lca = lowercase(addr.buf);
		size_t sz = name.len + addr.len + 2;
		struct strmap_entry *e;
		char *p1 = xmalloc(sz), *p2 = xmalloc(sz);

		memcpy(p1, name.buf, name.len + 1);
		memcpy(p1 + name.len + 1, addr.buf, addr.len + 1);
		memcpy(p2, p1, sz);
		e = strmap_insert(&lk->dedup_name, lcn, strlen(lcn));
		free(e->value);
		e->value = p1;
		e = strmap_insert(&lk->dedup_addr, lca, strlen(lca));
		free(e->value);
		e->value = p2;
		free(lcn);
		free(lca);
	}
	strbuf_reset(&tmp);
	email_format(&tmp, name.buf, addr.buf, true);
	strbuf_reset(&mapped);
	gm_mailmap_email(lk->mm, tmp.buf, &mapped);
done:
	free(*email);
	*email = strbuf_detach(&mapped, NULL);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&tmp);
}

static void add_role(struct lookup *lk, const char *line, const char *role)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf en = STRBUF_INIT, ea = STRBUF_INIT, email = STRBUF_INIT;
	size_t i;

	email_parse(line, &name, &addr);
	email_format(&email, name.buf, addr.buf, lk->o->email_usename);
	for (i = 0; i < lk->nr_to; i++) {
		struct recipient *r = &lk->to[i];
		bool same;

		if (lk->o->email_remove_duplicates) {
			email_parse(r->email, &en, &ea);
			same = !strcmp(name.buf, en.buf) || !strcmp(addr.buf, ea.buf);
		} else {
			same = !strcmp(email.buf, r->email);
		}
		if (!same || (*role && strstr(r->role, role)))
			continue;
		if (*r->role) {
			char *n = xstrfmt("%s,%s", r->role, role);

			free(r->role);
			r->role = n;
		} else {
			free(r->role);
			r->role = xstrdup(role);
		}
	}
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&en);
	strbuf_release(&ea);
	strbuf_release(&email);
}

/* $string =~ /$pattern/ where only '.' in the pattern is special */
static bool dot_substr(const char *s, const char *pat)
{
	size_t lp = strlen(pat), ls = strlen(s), i, j;

	for (i = 0; i + lp <= ls; i++) {
		for (j = 0; j < lp; j++)
			if (pat[j] != '.' && pat[j] != s[i + j])
				break;
		if (j == lp)
			return true;
	}
	return false;
}

static int cmp_decimal_strings(const void *a, const void *b)
{
	char x[24], y[24];

	snprintf(x, sizeof(x), "%d", *(const int *)a);
	snprintf(y, sizeof(y), "%d", *(const int *)b);
	return strcmp(x, y);
}

void lookup_run(struct lookup *lk, char **files, size_t nr_files,
		const int *keywords, size_t nr_keywords)
{
	const struct gm_opts *o = lk->o;
	struct match_result res = { 0 };
	size_t i, j;
	int *kw;

	for (i = 0; i < nr_files; i++) {
		/*
		 * get_maintainer.pl reads "--- /dev/null" as the path
		 * "dev/null" (THE REST takes it); GetMaintainer.py reads a
		 * commit's paths, and there it would call the stewards.
		 */
		if (lk->m->dialect == MNT_EDK2 && !strcmp(files[i], "dev/null"))
			continue;
		matcher_lookup(lk->mt, files[i], o->pattern_depth, &res);
		for (j = 0; j < res.nr; j++) {
			add_categories(lk, res.hits[j].section, "");
			if (o->sections)
				print_section(lk, res.hits[j].section);
		}
		if (!res.exact && !ends_with(files[i], "MAINTAINERS"))
			list_push(&lk->inexact, xstrdup(files[i]));
		maintainers_in_file(lk, files[i]);
	}
	match_result_release(&res);

	/* the script sorts these entry numbers as strings */
	if (o->keywords && nr_keywords) {
		kw = xmalloc(nr_keywords * sizeof(*kw));
		memcpy(kw, keywords, nr_keywords * sizeof(*kw));
		qsort(kw, nr_keywords, sizeof(*kw), cmp_decimal_strings);
		for (i = 0; i < nr_keywords; i++) {
			const struct mnt_entry *e;
			char *suffix;

			if (i && kw[i] == kw[i - 1])
				continue;
			e = &lk->m->entries[kw[i]];
			suffix = xstrfmt(":Keyword:%s", e->value);
			add_categories(lk, e->section, suffix);
			free(suffix);
		}
		free(kw);
	}

	for (i = 0; i < lk->nr_to; i++)
		deduplicate_email(lk, &lk->to[i].email);
	for (i = 0; i < lk->nr_lists; i++)
		deduplicate_email(lk, &lk->lists[i].email);

	if (o->email && lk->git_hook)
		lk->git_hook(lk, LOOKUP_GIT_FILES, files, nr_files);

	if (o->email) {
		struct strbuf chief = STRBUF_INIT, m = STRBUF_INIT;
		struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;

		email_format(&chief, "Linus Torvalds",
			     "torvalds@linux-foundation.org", o->email_usename);
		if (o->email_git_penguin_chiefs) {
			push_recipient(&lk->to, &lk->nr_to, &lk->alloc_to,
				       xstrdup(chief.buf),
				       xstrdup("chief penguin"));
		} else {
			for (i = j = 0; i < lk->nr_to; i++) {
				if (dot_substr(lk->to[i].email, chief.buf)) {
					free(lk->to[i].email);
					free(lk->to[i].role);
				} else {
					lk->to[j++] = lk->to[i];
				}
			}
			lk->nr_to = j;
		}
		/* not uniq'd: the script dedups these only by address in use */
		for (i = 0; i < lk->file_emails.nr; i++) {
			strbuf_reset(&m);
			gm_mailmap_email(lk->mm, lk->file_emails.v[i], &m);
			email_parse(m.buf, &name, &addr);
			strbuf_reset(&chief);
			email_format(&chief, name.buf, addr.buf, o->email_usename);
			push_email_address(lk, chief.buf, "");
			add_role(lk, chief.buf, "in file");
		}
		strbuf_release(&chief);
		strbuf_release(&m);
		strbuf_release(&name);
		strbuf_release(&addr);
	}
	if (lk->git_hook)
		lk->git_hook(lk, LOOKUP_GIT_FIXES, files, nr_files);
}

void lookup_dedup_email(struct lookup *lk, char **email)
{
	deduplicate_email(lk, email);
}

bool lookup_push_email(struct lookup *lk, const char *line, const char *role)
{
	return push_email_address(lk, line, role);
}

void lookup_add_role(struct lookup *lk, const char *line, const char *role)
{
	add_role(lk, line, role);
}

static void output(struct lookup *lk, struct str_list *l)
{
	size_t i;

	if (lk->o->output_multiline) {
		for (i = 0; i < l->nr; i++)
			fprintf(lk->out, "%s\n", l->v[i]);
		return;
	}
	for (i = 0; i < l->nr; i++)
		fprintf(lk->out, "%s%s", i ? lk->o->output_separator : "",
			l->v[i]);
	fputc('\n', lk->out);
}

static void merge_and_print(struct lookup *lk, struct recipient *v, size_t nr,
			    struct str_list *lines, struct strmap *seen)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		struct strmap_entry *e = strmap_insert(seen, v[i].email,
						       strlen(v[i].email));

		if (e->value)
			continue;
		e->value = (void *)1;
		if (lk->o->output_roles)
			list_push(lines, xstrfmt("%s (%s)", v[i].email, v[i].role));
		else
			list_push(lines, xstrdup(v[i].email));
	}
}

void lookup_print(struct lookup *lk)
{
	const struct gm_opts *o = lk->o;
	struct str_list lines = { 0 };
	struct strmap seen;

	strmap_init(&seen);
	if (o->email)
		merge_and_print(lk, lk->to, lk->nr_to, &lines, &seen);
	if (o->email_list)
		merge_and_print(lk, lk->lists, lk->nr_lists, &lines, &seen);
	if (lines.nr)
		output(lk, &lines);
	list_free(&lines);
	strmap_clear(&seen, false);

	if (o->scm) {
		uniq(&lk->scm);
		output(lk, &lk->scm);
	}
	if (o->output_substatus) {
		uniq(&lk->substatus);
		output(lk, &lk->substatus);
	}
	if (o->status) {
		uniq(&lk->status);
		output(lk, &lk->status);
	}
	if (o->subsystem) {
		uniq(&lk->subsystem);
		output(lk, &lk->subsystem);
	}
	if (o->web) {
		uniq(&lk->web);
		output(lk, &lk->web);
	}
	if (o->bug) {
		uniq(&lk->bug);
		output(lk, &lk->bug);
	}
}

void lookup_add_sections(struct lookup *lk, const int *sections)
{
	size_t i;

	for (i = 0; i < lk->m->nr_sections; i++)
		if (sections[i])
			add_categories(lk, (int)i, "");
}

static void json_list(struct lookup *lk, const char *key, struct str_list *l,
		      bool last)
{
	size_t i;

	uniq(l);
	fprintf(lk->out, "  \"%s\": [", key);
	for (i = 0; i < l->nr; i++) {
		fputs(i ? ", " : "", lk->out);
		json_print_str(lk->out, l->v[i]);
	}
	fprintf(lk->out, "]%s\n", last ? "" : ",");
}

static void json_recipients(struct lookup *lk, const char *key,
			    struct recipient *v, size_t nr, bool people)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strmap seen;
	size_t i;
	bool first = true;

	strmap_init(&seen);
	fprintf(lk->out, "  \"%s\": [", key);
	for (i = 0; i < nr; i++) {
		struct strmap_entry *e = strmap_insert(&seen, v[i].email,
						       strlen(v[i].email));
		const char *r, *comma;

		if (e->value)
			continue;
		e->value = (void *)1;
		email_parse(v[i].email, &name, &addr);
		fprintf(lk->out, "%s\n    {", first ? "" : ",");
		first = false;
		if (people) {
			fputs("\"name\": ", lk->out);
			json_print_str(lk->out, name.buf);
			fputs(", ", lk->out);
		}
		fputs("\"address\": ", lk->out);
		json_print_str(lk->out, addr.buf);
		fputs(", \"roles\": [", lk->out);
		/* roles are joined with commas; a K: suffix may hold commas too */
		for (r = v[i].role; *r; r = comma + 1) {
			char *one;

			comma = strchr(r, ',');
			while (comma && strstr(r, ":Keyword:") &&
			       strstr(r, ":Keyword:") < comma &&
			       strchr(comma + 1, ','))
				comma = strchr(comma + 1, ',');
			if (!comma)
				comma = r + strlen(r);
			one = xstrndup(r, (size_t)(comma - r));
			fputs(r == v[i].role ? "" : ", ", lk->out);
			json_print_str(lk->out, one);
			free(one);
			if (!*comma)
				break;
		}
		fputs("]}", lk->out);
	}
	fprintf(lk->out, "%s],\n", first ? "" : "\n  ");
	strmap_clear(&seen, false);
	strbuf_release(&name);
	strbuf_release(&addr);
}

void lookup_print_json(struct lookup *lk)
{
	const struct gm_opts *o = lk->o;

	fputs("{\n", lk->out);
	json_recipients(lk, "people", lk->to, o->email ? lk->nr_to : 0, true);
	json_recipients(lk, "lists", lk->lists,
			o->email_list ? lk->nr_lists : 0, false);
	json_list(lk, "scm", &lk->scm, false);
	if (o->output_substatus)
		json_list(lk, "substatus", &lk->substatus, false);
	json_list(lk, "status", &lk->status, false);
	json_list(lk, "subsystem", &lk->subsystem, false);
	json_list(lk, "web", &lk->web, false);
	json_list(lk, "bug", &lk->bug, true);
	fputs("}\n", lk->out);
}
