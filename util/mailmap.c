// SPDX-License-Identifier: GPL-2.0
#include "mailmap.h"

#include <errno.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "email.h"

void gm_mailmap_init(struct gm_mailmap *mm)
{
	strmap_init(&mm->names);
	strmap_init(&mm->addresses);
}

void gm_mailmap_release(struct gm_mailmap *mm)
{
	strmap_clear(&mm->names, true);
	strmap_clear(&mm->addresses, true);
}

static void set(struct strmap *map, const char *key, const char *value)
{
	struct strmap_entry *e = strmap_insert(map, key, strlen(key));

	free(e->value);
	e->value = xstrdup(value);
}

static bool is_space(char c)
{
	return strchr(" \t\n\v\f\r", c) && c;
}

static void rtrim(char *s)
{
	size_t n = strlen(s);

	while (n && is_space(s[n - 1]))
		s[--n] = '\0';
}

/*
 * The four line forms of a .mailmap, tried in this order:
 *   Name <addr>
 *   <real> <wrong>
 *   Name <real> <wrong>
 *   Name <real> Wrong Name <wrong>
 * Written as expressions because the greedy "(.+)" decides which "<...>"
 * is which, and only a backtracking matcher splits lines the same way.
 */
static const char *const forms[] = {
	"^([^<]+)<([^>]+)>$",
	"^<([^>]+)>\\s*<([^>]+)>$",
	"^(.+)<([^>]+)>\\s*<([^>]+)>$",
	"^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$",
};

static pcre2_code *form_re[ARRAY_SIZE(forms)];
static pcre2_match_data *form_md;
static int newline_is_lf = -1;

static void compile_forms(void)
{
	uint32_t nl;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(forms); i++) {
		PCRE2_SIZE off;
		int err;

		if (form_re[i])
			continue;
		form_re[i] = pcre2_compile((PCRE2_SPTR)forms[i],
					   PCRE2_ZERO_TERMINATED, 0, &err,
					   &off, NULL);
		if (!form_re[i])
			die("BUG: mailmap expression %zu", i);
	}
	if (!form_md)
		form_md = pcre2_match_data_create(8, NULL);
	if (newline_is_lf < 0)
		newline_is_lf = !pcre2_config(PCRE2_CONFIG_NEWLINE, &nl) &&
				nl == PCRE2_NEWLINE_LF;
}

/* \s without UTF: space, \t, \n, \v, \f, \r */
static bool re_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/*
 * "^([^<]+)<([^>]+)>$": the name runs to the first '<', the address to
 * the first '>' after it, which must end the line.
 */
static bool form0(const char *line, size_t len, size_t *ov)
{
	const char *lt = memchr(line, '<', len), *gt;

	if (!lt || lt == line)
		return false;
	gt = memchr(lt + 1, '>', len - (size_t)(lt + 1 - line));
	if (!gt || gt == lt + 1 || gt != line + len - 1)
		return false;
	ov[0] = ov[2] = 0;
	ov[1] = len;
	ov[3] = (size_t)(lt - line);
	ov[4] = ov[3] + 1;
	ov[5] = (size_t)(gt - line);
	return true;
}

/*
 * "^(.+)<([^>]+)>\s*<([^>]+)>$": the greedy "(.+)" takes the last '<'
 * from which the rest matches, and the rest matches in one way only:
 * each "[^>]+" runs to the next '>', "\s*" takes all the white space
 * before the second '<'.  ('.' is anything but the line feed, which
 * no line holds, when that is PCRE2's newline.)
 */
static bool form2(const char *line, size_t len, size_t *ov)
{
	size_t s;

	if (len < 7 || line[len - 1] != '>')
		return false;
	for (s = len - 1; s >= 1; s--) {
		const char *a, *b, *c;

		if (line[s] != '<')
			continue;
		a = memchr(line + s + 1, '>', len - s - 1);
		if (!a || a == line + s + 1)
			continue;
		for (b = a + 1; b < line + len && re_space(*b); b++)
			;
		if (b == line + len || *b != '<')
			continue;
		c = memchr(b + 1, '>', (size_t)(line + len - b - 1));
		if (!c || c == b + 1 || c != line + len - 1)
			continue;
		ov[0] = ov[2] = 0;
		ov[1] = len;
		ov[3] = s;
		ov[4] = s + 1;
		ov[5] = (size_t)(a - line);
		ov[6] = (size_t)(b + 1 - line);
		ov[7] = (size_t)(c - line);
		return true;
	}
	return false;
}

int gm_mailmap_split(const char *line, size_t *ov, bool by_regex)
{
	size_t len = strlen(line);
	int form;

	compile_forms();
	for (form = 0; form < (int)ARRAY_SIZE(forms); form++) {
		PCRE2_SIZE *v;
		int k;

		/*
		 * The two forms of nearly every line, by hand: a kernel
		 * .mailmap is 700 lines, and the greedy "(.+)" backtracks
		 * over each one.
		 */
		if (!by_regex && newline_is_lf && form == 0) {
			if (form0(line, len, ov))
				return 0;
			continue;
		}
		if (!by_regex && newline_is_lf && form == 2) {
			if (form2(line, len, ov))
				return 2;
			continue;
		}
		if (pcre2_match(form_re[form], (PCRE2_SPTR)line, len, 0, 0,
				form_md, NULL) < 0)
			continue;
		v = pcre2_get_ovector_pointer(form_md);
		for (k = 0; k < 10; k++)
			ov[k] = k < 2 * (form == 3 ? 5 : form == 2 ? 4 : 3) ?
				(size_t)v[k] : 0;
		return form;
	}
	return -1;
}

static char *group(const char *line, const size_t *ov, int n)
{
	return xstrndup(line + ov[2 * n], ov[2 * n + 1] - ov[2 * n]);
}

static void add_line(struct gm_mailmap *mm, const char *line)
{
	struct strbuf n = STRBUF_INIT, a = STRBUF_INIT;
	struct strbuf wn = STRBUF_INIT, wa = STRBUF_INIT;
	struct strbuf key = STRBUF_INIT;
	char *g[5] = { NULL };
	size_t ov[10];
	int form, k;

	form = gm_mailmap_split(line, ov, false);
	if (form < 0)
		goto out;
	for (k = 1; k <= (form == 3 ? 4 : form == 2 ? 3 : 2); k++)
		g[k] = group(line, ov, k);

	switch (form) {
	case 0:
		rtrim(g[1]);
		email_parse_pair(g[1], g[2], &n, &a);
		set(&mm->names, a.buf, n.buf);
		break;
	case 1:
		set(&mm->addresses, g[2], g[1]);
		break;
	case 2:
		rtrim(g[1]);
		email_parse_pair(g[1], g[2], &n, &a);
		set(&mm->names, g[3], n.buf);
		set(&mm->addresses, g[3], a.buf);
		break;
	case 3:
		rtrim(g[1]);
		email_parse_pair(g[1], g[2], &n, &a);
		rtrim(g[3]);
		email_parse_pair(g[3], g[4], &wn, &wa);
		email_format(&key, wn.buf, wa.buf, true);
		set(&mm->names, key.buf, n.buf);
		set(&mm->addresses, key.buf, a.buf);
		break;
	}
out:
	for (k = 0; k < 5; k++)
		free(g[k]);
	strbuf_release(&n);
	strbuf_release(&a);
	strbuf_release(&wn);
	strbuf_release(&wa);
	strbuf_release(&key);
}

int gm_mailmap_read(struct gm_mailmap *mm, const char *path)
{
	char *buf, *line, *next;
	size_t len, lines = 1;

	if (read_file(path, &buf, &len)) {
		if (errno == ENOENT)
			return 0;
		return error("cannot read %s: %s", path, strerror(errno));
	}
	/* a line adds at most a name and an address: no rehashing */
	for (line = buf; (line = memchr(line, '\n', len - (size_t)(line - buf))); line++)
		lines++;
	strmap_reserve(&mm->names, mm->names.nr + lines);
	strmap_reserve(&mm->addresses, mm->addresses.nr + lines);
	for (line = buf; line; line = next) {
		char *hash;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		while (is_space(*line))
			line++;
		rtrim(line);
		add_line(mm, line);
	}
	free(buf);
	return 0;
}

void gm_mailmap_email(const struct gm_mailmap *mm, const char *email,
		      struct strbuf *out)
{
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf key = STRBUF_INIT;
	const char *real_name, *real_addr, *n, *a;

	email_parse(email, &name, &addr);
	email_format(&key, name.buf, addr.buf, true);
	real_name = name.buf;
	real_addr = addr.buf;
	n = strmap_get(&mm->names, key.buf, key.len);
	a = strmap_get(&mm->addresses, key.buf, key.len);
	if (!n && !a) {
		n = strmap_get(&mm->names, addr.buf, addr.len);
		a = strmap_get(&mm->addresses, addr.buf, addr.len);
	}
	if (n)
		real_name = n;
	if (a)
		real_addr = a;
	email_format(out, real_name, real_addr, true);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&key);
}
