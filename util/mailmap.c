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

static char *group(const char *line, pcre2_match_data *md, int n)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

	return xstrndup(line + ov[2 * n], ov[2 * n + 1] - ov[2 * n]);
}

static void add_line(struct gm_mailmap *mm, const char *line)
{
	struct strbuf n = STRBUF_INIT, a = STRBUF_INIT;
	struct strbuf wn = STRBUF_INIT, wa = STRBUF_INIT;
	struct strbuf key = STRBUF_INIT;
	pcre2_match_data *md;
	char *g[5] = { NULL };
	size_t i;
	int form, k;

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
		/* a kernel .mailmap has ~2,000 lines: worth the JIT */
		pcre2_jit_compile(form_re[i], PCRE2_JIT_COMPLETE);
	}
	md = pcre2_match_data_create(8, NULL);
	for (form = 0; form < (int)ARRAY_SIZE(forms); form++)
		if (pcre2_match(form_re[form], (PCRE2_SPTR)line,
				PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) >= 0)
			break;
	if (form == (int)ARRAY_SIZE(forms))
		goto out;
	for (k = 1; k <= (form == 3 ? 4 : form == 2 ? 3 : 2); k++)
		g[k] = group(line, md, k);

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
	pcre2_match_data_free(md);
	strbuf_release(&n);
	strbuf_release(&a);
	strbuf_release(&wn);
	strbuf_release(&wa);
	strbuf_release(&key);
}

int gm_mailmap_read(struct gm_mailmap *mm, const char *path)
{
	char *buf, *line, *next;
	size_t len;

	if (read_file(path, &buf, &len)) {
		if (errno == ENOENT)
			return 0;
		return error("cannot read %s: %s", path, strerror(errno));
	}
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
