// SPDX-License-Identifier: GPL-2.0
#include "email.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Perl's \s without Unicode: what the script's trims remove. */
static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	       c == '\f' || c == '\r';
}

static void trim(const char **s, size_t *len)
{
	while (*len && is_space(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && is_space((*s)[*len - 1]))
		(*len)--;
}

char *lowercase(const char *s)
{
	char *p = xstrdup(s), *q;

	for (q = p; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	return p;
}

void email_escape_name(struct strbuf *out, const char *name, size_t len)
{
	size_t i;
	bool quote = false;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];

		if (!isalnum(c) && c != '_' && c != ' ' && c != '-') {
			quote = true;
			break;
		}
	}
	if (!quote) {
		strbuf_add(out, name, len);
		return;
	}
	strbuf_addch(out, '"');
	for (i = 0; i < len; i++) {
		if (name[i] == '"' && (i == 0 || name[i - 1] != '\\'))
			strbuf_addch(out, '\\');
		strbuf_addch(out, name[i]);
	}
	strbuf_addch(out, '"');
}

/*
 * Trim, drop one leading and one trailing double quote, quote again as
 * needed: what the script does to every name it handles.
 */
static void clean_name(struct strbuf *out, const char *name, size_t len)
{
	trim(&name, &len);
	if (len && name[0] == '"') {
		name++;
		len--;
	}
	if (len && name[len - 1] == '"')
		len--;
	email_escape_name(out, name, len);
}

void email_parse(const char *s, struct strbuf *name, struct strbuf *addr)
{
	const char *lt = strchr(s, '<'), *gt = strrchr(s, '>');
	const char *n = s, *a = s, *p;
	size_t nlen = 0, alen = 0;

	strbuf_reset(name);
	strbuf_reset(addr);

	/* "name <...@...>": name up to the first '<', address to the last '>' */
	if (lt && lt > s && gt && gt > lt) {
		for (p = lt + 2; p < gt; p++)
			if (*p == '@')
				break;
		if (p < gt) {
			nlen = (size_t)(lt - s);
			a = lt + 1;
			alen = (size_t)(gt - a);
			goto done;
		}
	}

	/* "<...@...>" after optional white space */
	for (p = s; is_space(*p); p++)
		;
	if (*p == '<') {
		const char *open = p, *at;

		for (at = s + strlen(s) - 1; at > open + 1; at--) {
			const char *q, *last = NULL;

			if (*at != '@')
				continue;
			for (q = at + 1; *q && !is_space(*q); q++)
				if (*q == '>')
					last = q;
			if (last) {
				a = open + 1;
				alen = (size_t)(last - a);
				goto done;
			}
		}
	}

	/* anything with an '@': up to white space after the last '@' */
	p = strrchr(s, '@');
	if (p && p > s) {
		for (p++; *p && !is_space(*p); p++)
			;
		a = s;
		alen = (size_t)(p - s);
	}
done:
	clean_name(name, n, nlen);
	trim(&a, &alen);
	strbuf_add(addr, a, alen);
}

void email_parse_pair(const char *name, const char *addr, struct strbuf *n,
		      struct strbuf *a)
{
	const char *at = addr[0] ? strchr(addr + 1, '@') : NULL;
	size_t alen = strlen(addr);
	char *s;

	/*
	 * "name <addr>" splits back into name and addr when name holds no
	 * '<' and addr no '>' but an '@' after its first byte: the first
	 * rule of email_parse(), without building the string.
	 */
	if (at && !strchr(name, '<') && !strchr(addr, '>')) {
		strbuf_reset(n);
		strbuf_reset(a);
		clean_name(n, name, strlen(name));
		trim(&addr, &alen);
		strbuf_add(a, addr, alen);
		return;
	}
	s = xstrfmt("%s <%s>", name, addr);
	email_parse(s, n, a);
	free(s);
}

void email_format(struct strbuf *out, const char *name, const char *addr,
		  bool use_name)
{
	struct strbuf n = STRBUF_INIT;
	size_t alen = strlen(addr);

	clean_name(&n, name, strlen(name));
	trim(&addr, &alen);
	if (use_name && n.len) {
		strbuf_add(out, n.buf, n.len);
		strbuf_addstr(out, " <");
		strbuf_add(out, addr, alen);
		strbuf_addch(out, '>');
	} else {
		strbuf_add(out, addr, alen);
	}
	strbuf_release(&n);
}

/*
 * RFC 822 addresses.  The grammar below is section 6 of the RFC written
 * as a regular expression (PCRE2 backtracks exactly like Perl, which the
 * script uses, so the same strings pass).  Comments are removed first.
 */
static pcre2_code *rfc822_one, *rfc822_list, *rfc822_item;

static void build_rfc822(void)
{
	static const char lwsp[] = "(?:(?:\\r\\n)?[ \\t])";
	struct strbuf atom = STRBUF_INIT, qstr = STRBUF_INIT;
	struct strbuf word = STRBUF_INIT, domain = STRBUF_INIT;
	struct strbuf addr_spec = STRBUF_INIT, mailbox = STRBUF_INIT;
	struct strbuf address = STRBUF_INIT, re = STRBUF_INIT;
	const char *specials = "()<>@,;:\\\\\".\\[\\]";
	const char *controls = "\\000-\\037\\177";
	PCRE2_SIZE off;
	int err;

	strbuf_addf(&atom, "[^%s %s]+(?:%s+|\\Z|(?=[\\[\"%s]))", specials,
		    controls, lwsp, specials);
	strbuf_addf(&qstr, "\"(?:[^\\\"\\r\\\\]|\\\\.|%s)*\"%s*", lwsp, lwsp);
	strbuf_addf(&word, "(?:%s|%s)", atom.buf, qstr.buf);
	strbuf_addf(&domain,
		    "(?:%s|\\[(?:[^\\[\\]\\r\\\\]|\\\\.)*\\]%s*)"
		    "(?:\\.%s*(?:%s|\\[(?:[^\\[\\]\\r\\\\]|\\\\.)*\\]%s*))*",
		    atom.buf, lwsp, lwsp, atom.buf, lwsp);
	strbuf_addf(&addr_spec, "%s(?:\\.%s*%s)*@%s*%s", word.buf, lwsp,
		    word.buf, lwsp, domain.buf);
	strbuf_addf(&mailbox,
		    "(?:%s|%s*\\<%s*(?:@%s(?:,@%s*%s)*:%s*)?%s\\>%s*)",
		    addr_spec.buf, word.buf, lwsp, domain.buf, lwsp,
		    domain.buf, lwsp, addr_spec.buf, lwsp);
	strbuf_addf(&address, "%s*(?:%s|%s*:%s*(?:%s(?:,\\s*%s)*)?;\\s*)",
		    lwsp, mailbox.buf, word.buf, lwsp, mailbox.buf,
		    mailbox.buf);

	strbuf_addf(&re, "^%s$", address.buf);
	rfc822_one = pcre2_compile((PCRE2_SPTR)re.buf, re.len, PCRE2_DOTALL,
				   &err, &off, NULL);
	strbuf_reset(&re);
	strbuf_addf(&re, "^(?:%s)?(?:,(?:%s)?)*$", address.buf, address.buf);
	rfc822_list = pcre2_compile((PCRE2_SPTR)re.buf, re.len, PCRE2_DOTALL,
				    &err, &off, NULL);
	strbuf_reset(&re);
	strbuf_addf(&re, "(?:^|,%s*)(%s)", lwsp, address.buf);
	rfc822_item = pcre2_compile((PCRE2_SPTR)re.buf, re.len, PCRE2_DOTALL,
				    &err, &off, NULL);
	if (!rfc822_one || !rfc822_list || !rfc822_item)
		die("BUG: RFC 822 expression does not compile");
	strbuf_release(&atom);
	strbuf_release(&qstr);
	strbuf_release(&word);
	strbuf_release(&domain);
	strbuf_release(&addr_spec);
	strbuf_release(&mailbox);
	strbuf_release(&address);
	strbuf_release(&re);
}

/* Replace each (comment) outside quoted strings by a space, innermost first. */
static char *strip_comments(const char *s)
{
	char *p = xstrdup(s);
	bool changed = true;

	while (changed) {
		char *c, *open = NULL;
		bool quoted = false;

		changed = false;
		for (c = p; *c; c++) {
			if (*c == '\\' && c[1]) {
				c++;
				continue;
			}
			if (*c == '"' && !open) {
				quoted = !quoted;
			} else if (quoted) {
				continue;
			} else if (*c == '(') {
				open = c;
			} else if (*c == ')' && open) {
				*open = ' ';
				memmove(open + 1, c + 1, strlen(c + 1) + 1);
				changed = true;
				break;
			}
		}
	}
	return p;
}

/* Perl reads the file as UTF-8 and then wants every character <= \377. */
static bool latin1_only(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p; p++) {
		if (*p < 0x80)
			continue;
		if ((*p != 0xc2 && *p != 0xc3) || (p[1] & 0xc0) != 0x80)
			return false;
		p++;
	}
	return true;
}

static bool re_match(pcre2_code *re, const char *s, size_t len)
{
	pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
	int rc = pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md, NULL);

	pcre2_match_data_free(md);
	return rc >= 0;
}

bool rfc822_valid(const char *s)
{
	char *t;
	bool ok;

	if (!rfc822_one)
		build_rfc822();
	t = strip_comments(s);
	ok = re_match(rfc822_one, t, strlen(t)) && latin1_only(t);
	free(t);
	return ok;
}

bool rfc822_validlist(const char *s, char ***out, size_t *nr)
{
	pcre2_match_data *md;
	size_t len, start = 0;
	char *t;

	if (!rfc822_one)
		build_rfc822();
	t = strip_comments(s);
	len = strlen(t);
	if (!re_match(rfc822_list, t, len) || !latin1_only(t)) {
		free(t);
		return false;
	}
	md = pcre2_match_data_create_from_pattern(rfc822_item, NULL);
	while (out && start <= len &&
	       pcre2_match(rfc822_item, (PCRE2_SPTR)t, len, start, 0, md,
			   NULL) >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

		*out = xrealloc(*out, (*nr + 1) * sizeof(**out));
		(*out)[(*nr)++] = xstrndup(t + ov[2], ov[3] - ov[2]);
		start = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	pcre2_match_data_free(md);
	free(t);
	return true;
}

void email_parse_plain(const char *s, struct strbuf *name, struct strbuf *addr)
{
	email_parse(s, name, addr);
	if (strchr(addr->buf, '<') && strrchr(s, '>')) {
		const char *gt = strrchr(s, '>'), *lt = gt;

		while (lt > s && lt[-1] != '<')
			lt--;
		if (lt > s && memchr(lt, '@', (size_t)(gt - lt))) {
			strbuf_reset(name);
			clean_name(name, s, (size_t)(lt - 1 - s));
			strbuf_reset(addr);
			strbuf_add(addr, lt, (size_t)(gt - lt));
		}
	}
	strbuf_trim(name);
	strbuf_trim(addr);
	if (name->len >= 2 && name->buf[0] == '"' &&
	    name->buf[name->len - 1] == '"') {
		memmove(name->buf, name->buf + 1, name->len - 2);
		strbuf_setlen(name, name->len - 2);
	}
}

/* Does @dom end in @suffix, at a label's start? */
static bool domain_in(const char *dom, const char *suffix)
{
	size_t n = strlen(dom), k = strlen(suffix);

	return n == k ? !strcasecmp(dom, suffix) :
	       n > k && dom[n - k - 1] == '.' && !strcasecmp(dom + n - k, suffix);
}

bool email_names_nobody(const char *email)
{
	const char *at = strrchr(email, '@'), *dom;

	if (!at || at == email || !at[1])
		return true;
	dom = at + 1;
	return !strcasecmp(dom, "none") ||
	       !strncasecmp(dom, "localhost", 9) ||
	       domain_in(dom, "localdomain") || domain_in(dom, "local") ||
	       domain_in(dom, "(none)");
}

bool email_is_example(const char *email)
{
	static const char *const reserved[] = {
		"example.com", "example.net", "example.org", "example", "invalid",
	};
	const char *at = strrchr(email, '@');
	size_t i;

	for (i = 0; at && i < sizeof(reserved) / sizeof(*reserved); i++)
		if (domain_in(at + 1, reserved[i]))
			return true;
	return false;
}

bool email_domain_wellformed(const char *email)
{
	const char *at = strrchr(email, '@'), *p;
	bool dot = false;

	if (!at || !at[1] || at[1] == '.')
		return false;
	for (p = at + 1; *p; p++)
		if (*p == '.') {
			if (p[-1] == '.' || !p[1])
				return false;
			dot = true;
		}
	return dot;
}
