// SPDX-License-Identifier: GPL-2.0
#include "print-mailmap.h"

#include <errno.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "email.h"

/*
 * get_maintainer.pl maps a handful of addresses through a .mailmap of
 * 700 lines: parsing every line costs more than the lookups.  So the
 * text is kept as read, and while lookups are few each parses only
 * the lines that can give its keys, in file order: they have the same
 * last word on those keys as the whole file.  After LAZY_LOOKUPS
 * lookups (--git asks about every signer) the whole file is parsed
 * once, as before.
 *
 * Which lines can?  A key is an address cut out of a line's "<...>"
 * and trimmed (forms 1 to 3), or "Name <address>" made of the fourth
 * form's wrong name and address.  Either way the key, after its last
 * '<' if it ends in "<...>", is a piece of the line: email_parse() cuts
 * and trims, and where it puts the name and "<" back together ("a <@b>"
 * from "a<@b>"), the piece after the last '<' is still the line's.  A
 * lookup asks for "Name <addr>" and then addr: a line that gives either
 * holds the piece of addr after its last '<' if addr ends in "<...>",
 * else addr.  The unit test compares both ways on random files.
 */
#define LAZY_LOOKUPS 32

struct gm_mailmap_state {
	struct gm_mailmap_maps maps;	/* once parsed */
	bool parsed;
	unsigned int lookups;
	char *text;			/* the files read, before parsing */
	size_t len;
};

static void maps_init(struct gm_mailmap_maps *maps)
{
	strmap_init(&maps->names);
	strmap_init(&maps->addresses);
}

static void maps_clear(struct gm_mailmap_maps *maps)
{
	strmap_clear(&maps->names, true);
	strmap_clear(&maps->addresses, true);
}

void gm_mailmap_init(struct gm_mailmap *mm)
{
	mm->st = xcalloc(1, sizeof(*mm->st));
	maps_init(&mm->st->maps);
}

void gm_mailmap_release(struct gm_mailmap *mm)
{
	if (!mm->st)
		return;
	maps_clear(&mm->st->maps);
	free(mm->st->text);
	free(mm->st);
	mm->st = NULL;
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

static void add_line(struct gm_mailmap_maps *mm, const char *line)
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

/* One line as the script reads it: no comment, no white space around. */
static void read_line(struct gm_mailmap_maps *maps, char *line)
{
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	while (is_space(*line))
		line++;
	rtrim(line);
	add_line(maps, line);
}

int gm_mailmap_read(struct gm_mailmap *mm, const char *path)
{
	struct gm_mailmap_state *st = mm->st;
	char *buf;
	size_t len;

	if (read_file(path, &buf, &len)) {
		if (errno == ENOENT)
			return 0;
		return error("cannot read %s: %s", path, strerror(errno));
	}
	/* the script's line loop ends at a NUL byte */
	len = strlen(buf);
	if (st->parsed) {
		char *line, *next;

		for (line = buf; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			read_line(&st->maps, line);
		}
		free(buf);
		return 0;
	}
	/* files follow one another, each from the start of a line */
	st->text = xrealloc(st->text, st->len + len + 2);
	memcpy(st->text + st->len, buf, len);
	st->len += len;
	if (len && buf[len - 1] != '\n')
		st->text[st->len++] = '\n';
	st->text[st->len] = '\0';
	free(buf);
	return 0;
}

static void parse_all(struct gm_mailmap_state *st)
{
	char *line, *next;
	size_t lines = 1;

	st->parsed = true;
	if (!st->text)
		return;
	/* a line adds at most a name and an address: no rehashing */
	for (line = st->text; (line = memchr(line, '\n', st->len - (size_t)(line - st->text))); line++)
		lines++;
	strmap_reserve(&st->maps.names, lines);
	strmap_reserve(&st->maps.addresses, lines);
	for (line = st->text; line && line < st->text + st->len; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		read_line(&st->maps, line);
	}
	free(st->text);
	st->text = NULL;
	st->len = 0;
}

/* The lines that hold @addr, parsed in file order into @maps. */
static void parse_lines_with(const struct gm_mailmap_state *st,
			     const char *addr, size_t alen,
			     struct gm_mailmap_maps *maps)
{
	const char *p = st->text, *end, *hit;
	struct strbuf line = STRBUF_INIT;

	if (!p)
		return;		/* no file was read */
	end = p + st->len;
	while (p < end && (hit = memmem(p, (size_t)(end - p), addr, alen))) {
		const char *bol = hit, *eol = memchr(hit, '\n', (size_t)(end - hit));

		while (bol > p && bol[-1] != '\n')
			bol--;
		if (!eol)
			eol = end;
		strbuf_reset(&line);
		strbuf_add(&line, bol, (size_t)(eol - bol));
		read_line(maps, line.buf);
		p = eol + 1;
	}
	strbuf_release(&line);
}

void gm_mailmap_email(const struct gm_mailmap *mm, const char *email,
		      struct strbuf *out)
{
	struct gm_mailmap_state *st = mm->st;
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT;
	struct strbuf key = STRBUF_INIT;
	struct gm_mailmap_maps some, *maps = &st->maps;
	const char *real_name, *real_addr, *n, *a;

	email_parse(email, &name, &addr);
	email_format(&key, name.buf, addr.buf, true);
	if (!st->parsed) {
		const char *piece = addr.buf, *lt = strrchr(addr.buf, '<');
		size_t plen = addr.len;

		if (lt && addr.len && addr.buf[addr.len - 1] == '>') {
			piece = lt + 1;
			plen = (size_t)(addr.buf + addr.len - 1 - piece);
		}
		/* an empty piece is in every line: parse them all */
		if (st->lookups++ >= LAZY_LOOKUPS || !plen) {
			parse_all(st);
		} else {
			maps = &some;
			maps_init(maps);
			parse_lines_with(st, piece, plen, maps);
		}
	}
	real_name = name.buf;
	real_addr = addr.buf;
	n = strmap_get(&maps->names, key.buf, key.len);
	a = strmap_get(&maps->addresses, key.buf, key.len);
	if (!n && !a) {
		n = strmap_get(&maps->names, addr.buf, addr.len);
		a = strmap_get(&maps->addresses, addr.buf, addr.len);
	}
	if (n)
		real_name = n;
	if (a)
		real_addr = a;
	email_format(out, real_name, real_addr, true);
	if (maps == &some)
		maps_clear(&some);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&key);
}
