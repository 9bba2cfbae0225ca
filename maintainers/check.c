// SPDX-License-Identifier: GPL-2.0
/*
 * The rules of "kmaint check".
 *
 * The get_maintainer.pl --self-test rules read the file as physical
 * lines, not as the lookup model's entries: a heading is a line
 * /^\S[^:]/ directly followed by a field with a value, and its section is
 * the run of such fields that follows, so a blank line ends it there
 * (it does not for lookups).  The code below follows the script's loop
 * line by line to give the same findings in the same order.
 *
 * Patterns are tested as the script does, `grep(m@^$regex@, @lsfiles)`,
 * but without trying every file: a pattern's literal prefix (all of it
 * for the 6,851 of 6.12's 8,223 F:/X: lines that are plain paths) bounds
 * a binary search in the sorted file list, and only the files in that
 * range go through PCRE2 (JIT-compiled).
 */
#include "check.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "email.h"
#include "git-mailmap.h"
#include "identity.h"
#include "maintainers-sort.h"
#include "strbuf.h"
#include "strmap.h"

static const char *const class_names[CHK_NR_CLASSES] = {
	[CHK_DUPLICATE_SECTION] = "duplicate-section",
	[CHK_NO_EMAIL] = "no-email",
	[CHK_NO_STATUS] = "no-status",
	[CHK_NO_PATTERN] = "no-pattern",
	[CHK_NO_MATCH] = "no-match",
	[CHK_BAD_PATTERN] = "bad-pattern",
	[CHK_PARSE] = "parse",
	[CHK_FIELD_TAB] = "field-tab",
	[CHK_UNKNOWN_TYPE] = "unknown-type",
	[CHK_TRAILING_SPACE] = "trailing-space",
	[CHK_SCM] = "scm",
	[CHK_LINK] = "link",
	[CHK_CHAT] = "chat",
	[CHK_PROFILE] = "profile",
	[CHK_BAD_REGEX] = "bad-regex",
	[CHK_UNKNOWN_ADDRESS] = "unknown-address",
	[CHK_FIELD_ORDER] = "field-order",
	[CHK_PATTERN_ORDER] = "pattern-order",
	[CHK_SECTION_ORDER] = "section-order",
	[CHK_BLANK_LINE] = "blank-line",
};

static const struct {
	const char *name;
	unsigned mask;
} class_groups[] = {
	{ "sections", CHK_BIT(CHK_DUPLICATE_SECTION) | CHK_BIT(CHK_NO_EMAIL) |
		      CHK_BIT(CHK_NO_STATUS) | CHK_BIT(CHK_NO_PATTERN) },
	{ "patterns", CHK_BIT(CHK_NO_MATCH) | CHK_BIT(CHK_BAD_PATTERN) },
	{ "style", CHK_BIT(CHK_FIELD_TAB) | CHK_BIT(CHK_UNKNOWN_TYPE) |
		   CHK_BIT(CHK_TRAILING_SPACE) },
	{ "syntax", CHK_BIT(CHK_SCM) | CHK_BIT(CHK_LINK) | CHK_BIT(CHK_CHAT) |
		    CHK_BIT(CHK_PROFILE) | CHK_BIT(CHK_BAD_REGEX) },
	{ "history", CHK_BIT(CHK_UNKNOWN_ADDRESS) },
	{ "order", CHK_ORDER },
	{ "default", CHK_DEFAULT },
	{ "all", CHK_ALL },
};

const char *check_class_name(enum check_class c)
{
	return c < CHK_NR_CLASSES ? class_names[c] : "?";
}

int check_parse_classes(const char *list, unsigned *mask)
{
	char *copy = xstrdup(list), *tok, *save = NULL;
	int ret = 0;

	for (tok = strtok_r(copy, ", ", &save); tok;
	     tok = strtok_r(NULL, ", ", &save)) {
		size_t i;
		bool found = false;

		for (i = 0; i < CHK_NR_CLASSES && !found; i++)
			if (!strcmp(tok, class_names[i])) {
				*mask |= CHK_BIT(i);
				found = true;
			}
		for (i = 0; i < ARRAY_SIZE(class_groups) && !found; i++)
			if (!strcmp(tok, class_groups[i].name)) {
				*mask |= class_groups[i].mask;
				found = true;
			}
		if (!found)
			ret = error("unknown check class '%s' (see kmaint check --list)",
				    tok);
	}
	free(copy);
	return ret;
}

/* Perl's \s without "use utf8": bytes >= 0x80 are never white space. */
static bool is_pspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

static const char *skip_pspace(const char *s)
{
	while (is_pspace((unsigned char)*s))
		s++;
	return s;
}

/* /^([A-Z]):/ */
static bool is_field(const char *s)
{
	return s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':';
}

/* /^([A-Z]):\s*\S/: a field with a value */
static bool is_full_field(const char *s)
{
	return is_field(s) && *skip_pspace(s + 2);
}

static bool isalnum_ascii(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static bool is_blank(const char *s)
{
	return !*skip_pspace(s);
}

struct checker {
	const struct maintainers *m;
	const struct path_list *files;
	unsigned mask;
	struct check_result *res;
};

static void add(struct checker *c, enum check_class cls,
		enum mnt_severity sev, int line, const char *fmt, ...)
	__printf(5, 6);

static void add(struct checker *c, enum check_class cls,
		enum mnt_severity sev, int line, const char *fmt, ...)
{
	struct check_result *res = c->res;
	struct check_finding *f;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!(c->mask & CHK_BIT(cls)))
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	ALLOC_GROW(res->v, res->nr + 1, res->alloc);
	f = &res->v[res->nr++];
	f->cls = cls;
	f->severity = sev;
	f->line = line;
	f->file = line >= 0 ? mnt_line_file(c->m, line) : NULL;
	f->msg = strbuf_detach(&sb, NULL);
	f->seq = res->nr - 1;
	res->count[cls]++;
}

static const char *line_text(const struct checker *c, int i)
{
	return c->m->lines[i].text;
}

static bool same_file(const struct checker *c, int a, int b)
{
	return a >= 0 && b >= 0 && (size_t)a < c->m->nr_lines &&
	       (size_t)b < c->m->nr_lines &&
	       c->m->lines[a].file == c->m->lines[b].file;
}

/* "-----" or "=====", as QEMU and edk2 underline their titles */
static bool is_underline(const char *s)
{
	const char *p = s;

	if (*s != '-' && *s != '=')
		return false;
	while (*p == *s)
		p++;
	return p - s >= 3 && !*skip_pspace(p);
}

/* A tag the dialect reads: edk2's GetMaintainer.py knows eight. */
static bool is_dialect_field(const struct checker *c, const char *s)
{
	return is_full_field(s) &&
	       (c->m->dialect != MNT_EDK2 || strchr("LMRWTSFX", s[0]));
}

/*
 * The line of the first field of the section that line @i names, or 0
 * if it names none.  get_maintainer.pl's test: $x->{line} =~ /^\S[^:]/
 * && next line =~ /^([A-Z]):\s*\S/.  In QEMU's and edk2's dialects a
 * title may be underlined, and the underline is no title.
 */
static size_t first_field(const struct checker *c, size_t i)
{
	const char *text = line_text(c, (int)i);
	size_t n = c->m->nr_lines;

	if (!text[0] || is_pspace((unsigned char)text[0]) || !text[1] ||
	    text[1] == ':')
		return 0;
	if (c->m->dialect == MNT_KERNEL)
		return i + 1 < n && is_full_field(line_text(c, (int)i + 1)) ?
		       i + 1 : 0;
	if (is_underline(text))
		return 0;
	if (i + 2 < n && is_underline(line_text(c, (int)i + 1)) &&
	    same_file(c, (int)i, (int)i + 2))
		i++;
	return i + 1 < n && is_dialect_field(c, line_text(c, (int)i + 1)) ?
	       i + 1 : 0;
}

static bool is_heading(const struct checker *c, size_t i)
{
	return first_field(c, i) != 0;
}

static int cmp_heading(const void *a, const void *b, void *checker)
{
	int x = *(const int *)a, y = *(const int *)b;
	int r = strcmp(line_text(checker, x), line_text(checker, y));

	return r ? r : (x > y) - (x < y);
}

/*
 * "duplicate section header", for every heading at once.  The script
 * keeps the headings that were no duplicates and greps them for one that
 * starts with the new heading.  Leaving the duplicates out changes no
 * answer (a heading that starts with a duplicate also starts with what
 * that duplicated), so a heading is a duplicate exactly when an earlier
 * heading starts with it.  In byte order the headings starting with it
 * are one run from its own place; a minimum tree over their line numbers
 * says whether one is earlier.  O(n log n), where the script's grep is
 * quadratic (and a hostile file could make it so here).
 */
static bool *find_duplicate_headings(const struct checker *c)
{
	size_t nr_lines = c->m->nr_lines, n = 0, i, k;
	bool *dup = xcalloc(nr_lines ? nr_lines : 1, sizeof(*dup));
	int *h = NULL, *tree;

	for (i = 0; i < nr_lines; i++)
		if (is_heading(c, i)) {
			h = xrealloc(h, (n + 1) * sizeof(*h));
			h[n++] = (int)i;
		}
	if (n < 2) {
		free(h);
		return dup;
	}
	qsort_r(h, n, sizeof(*h), cmp_heading, (void *)c);
	/* leaves tree[n + k] = line of the k-th heading in byte order */
	tree = xmalloc(2 * n * sizeof(*tree));
	for (k = 0; k < n; k++)
		tree[n + k] = h[k];
	for (k = n - 1; k > 0; k--)
		tree[k] = tree[2 * k] < tree[2 * k + 1] ? tree[2 * k] : tree[2 * k + 1];
	for (k = 0; k < n; k++) {
		const char *t = line_text(c, h[k]);
		size_t len = strlen(t), lo = k, hi = n, l, r;
		int min = h[k];

		/* equal names sort by line: an earlier twin is before k */
		while (lo > 0 && !strcmp(line_text(c, h[lo - 1]), t))
			lo--;
		/* the run of names starting with t ends at hi */
		l = k + 1;
		while (l < hi) {
			size_t mid = l + (hi - l) / 2;

			if (!strncmp(line_text(c, h[mid]), t, len))
				l = mid + 1;
			else
				hi = mid;
		}
		for (l = lo + n, r = hi + n; l < r; l /= 2, r /= 2) {
			if ((l & 1) && tree[l] < min)
				min = tree[l];
			if ((l & 1))
				l++;
			if ((r & 1) && tree[r - 1] < min)
				min = tree[r - 1];
		}
		if (min < h[k])
			dup[h[k]] = true;
	}
	free(tree);
	free(h);
	return dup;
}

/* --self-test=sections, for the line @i */
static void check_section_header(struct checker *c, int i, const bool *dup)
{
	const struct maintainers *m = c->m;
	const char *status = "";
	bool has_s = false, has_f = false, has_ml = false;
	size_t j;

	size_t first = first_field(c, (size_t)i);

	if (!first)
		return;
	if (dup[i])
		add(c, CHK_DUPLICATE_SECTION, MNT_WARNING, i,
		    "duplicate section header");
	for (j = first; j < m->nr_lines; j++) {
		const char *l = line_text(c, (int)j);

		if (!is_dialect_field(c, l))
			break;
		if (l[0] == 'S') {
			has_s = true;
			status = skip_pspace(l + 2);
		} else if (l[0] == 'F' || l[0] == 'N') {
			has_f = true;
		} else if (l[0] == 'M' || l[0] == 'R' || l[0] == 'L') {
			has_ml = true;
		}
	}
	if (!has_ml && !strcasestr(status, "orphan") &&
	    !strcasestr(status, "obsolete"))
		add(c, CHK_NO_EMAIL, MNT_WARNING, i,
		    "section without email address");
	if (!has_s)
		add(c, CHK_NO_STATUS, MNT_WARNING, i, "section without status ");
	if (!has_f)
		add(c, CHK_NO_PATTERN, MNT_WARNING, i,
		    "section without file pattern");
}

/*
 * The literal text every match of /^@re/ starts with, as far as it can
 * be read off the regex.  Sets *literal when that is the whole regex.
 * An alternation anywhere ("^a|b" matches "xb") leaves no prefix.
 */
static char *literal_prefix(const char *re, bool *literal)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	*literal = false;
	for (p = re; *p; p++)
		if (*p == '|')
			return strbuf_detach(&sb, NULL);
	for (p = re; *p; p++) {
		if (*p == '\\') {
			unsigned char n = (unsigned char)p[1];

			if (!n || (n >= '0' && n <= '9') || (n >= 'a' && n <= 'z') ||
			    (n >= 'A' && n <= 'Z'))
				break;
			/* "a\.?" makes the dot optional */
			if (p[2] && strchr("*?+{", p[2]))
				break;
			strbuf_addch(&sb, n);
			p++;
			continue;
		}
		if (strchr(".[](){}^$*?+", *p)) {
			/* a quantifier makes the character before it optional */
			if (strchr("*?+{", *p) && sb.len)
				strbuf_setlen(&sb, sb.len - 1);
			return strbuf_detach(&sb, NULL);
		}
		if (p[1] && strchr("*?+{", p[1]))
			break;
		strbuf_addch(&sb, *p);
	}
	*literal = !*p;
	return strbuf_detach(&sb, NULL);
}

struct pattern_matcher {
	pcre2_match_data *md;
};

/* Does any file match /^@re/?  -1 if @re is no valid regex. */
static int any_file_matches(const struct checker *c, const char *re,
			    struct pattern_matcher *pm, char **why)
{
	const struct path_list *files = c->files;
	bool literal;
	char *prefix = literal_prefix(re, &literal);
	size_t i = path_list_lower_bound(files, prefix);
	pcre2_code *code;
	char *anchored;
	int errcode, found = 0;
	PCRE2_SIZE erroff;

	if (literal) {
		found = i < files->nr && starts_with(files->v[i], prefix);
		free(prefix);
		return found;
	}
	anchored = xstrfmt("^%s", re);
	code = pcre2_compile((PCRE2_SPTR)anchored, PCRE2_ZERO_TERMINATED, 0,
			     &errcode, &erroff, NULL);
	free(anchored);
	if (!code) {
		PCRE2_UCHAR buf[256];

		pcre2_get_error_message(errcode, buf, sizeof(buf));
		*why = xstrfmt("%s at offset %zu", (char *)buf,
			       erroff ? (size_t)erroff - 1 : 0);
		free(prefix);
		return -1;
	}
	/* JIT pays off only on a long scan; failure just means slower */
	pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
	for (; i < files->nr && starts_with(files->v[i], prefix); i++) {
		if (pcre2_match(code, (PCRE2_SPTR)files->v[i],
				PCRE2_ZERO_TERMINATED, 0, 0, pm->md, NULL) >= 0) {
			found = 1;
			break;
		}
	}
	pcre2_code_free(code);
	free(prefix);
	return found;
}

/*
 * N: and K: are Perl regexes used with /x (N: on paths, K: on patches);
 * get_maintainer.pl dies on one that does not compile.
 */
static void check_regex_field(struct checker *c, int i, const char *value)
{
	pcre2_code *code;
	int errcode;
	PCRE2_SIZE erroff;
	PCRE2_UCHAR buf[256];

	if (!*value)
		return;
	code = pcre2_compile((PCRE2_SPTR)value, PCRE2_ZERO_TERMINATED,
			     PCRE2_EXTENDED, &errcode, &erroff, NULL);
	if (code) {
		pcre2_code_free(code);
		return;
	}
	pcre2_get_error_message(errcode, buf, sizeof(buf));
	add(c, CHK_BAD_REGEX, MNT_WARNING, i,
	    "%c: is no valid regex as get_maintainer.pl uses it (%s at offset %zu)",
	    line_text(c, i)[0], (char *)buf, (size_t)erroff);
}

/* --self-test=patterns, for the field at line @i */
static void check_pattern(struct checker *c, int i, struct pattern_matcher *pm)
{
	const char *text = line_text(c, i), *value;
	char *re, *why = NULL;
	int r;

	if (!is_field(text) || (text[0] != 'F' && text[0] != 'X'))
		return;
	value = skip_pspace(text + 2);
	re = c->m->dialect == MNT_EDK2 ? mnt_edk2_regex(value) :
	     mnt_glob_to_regex(value);
	r = any_file_matches(c, re, pm, &why);
	if (!r)
		add(c, CHK_NO_MATCH, MNT_WARNING, i, "no file matches");
	else if (r < 0)
		add(c, CHK_BAD_PATTERN, MNT_WARNING, i,
		    "pattern is no valid regex as get_maintainer.pl uses it (%s)",
		    why);
	free(why);
	free(re);
}

static void check_style(struct checker *c, int i)
{
	const char *text = line_text(c, i);
	size_t len = strlen(text);

	if (is_field(text)) {
		/* checkpatch: $rawline !~ /^\+[A-Z]:\t\S/ */
		if (text[2] != '\t' || !text[3] || is_pspace((unsigned char)text[3]))
			add(c, CHK_FIELD_TAB, MNT_WARNING, i,
			    "MAINTAINERS entries use one tab after TYPE:");
		if (mnt_field_rank(text[0]) == 1000)
			add(c, CHK_UNKNOWN_TYPE, MNT_WARNING, i,
			    "Unknown MAINTAINERS entry type: '%c'", text[0]);
		else if (c->m->dialect == MNT_EDK2 &&
			 !strchr("LMRWTSFX", text[0]))
			add(c, CHK_UNKNOWN_TYPE, MNT_WARNING, i,
			    "GetMaintainer.py does not read '%c:': the section ends here",
			    text[0]);
	}
	if (len && text[len - 1] == '\r')
		add(c, CHK_TRAILING_SPACE, MNT_WARNING, i, "DOS line endings");
	else if (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		add(c, CHK_TRAILING_SPACE, MNT_WARNING, i, "trailing whitespace");
}

/* Nothing but non-space characters from @s to its end? */
static bool one_word(const char *s)
{
	for (; *s; s++)
		if (is_pspace((unsigned char)*s))
			return false;
	return true;
}

static size_t word_len(const char *s)
{
	size_t n = 0;

	while (s[n] && !is_pspace((unsigned char)s[n]))
		n++;
	return n;
}

static bool has_scheme(const char *s, size_t len, const char *const *schemes)
{
	for (; *schemes; schemes++) {
		size_t n = strlen(*schemes);

		/* "scheme://host" with a non-empty host */
		if (len > n + 3 && !strncasecmp(s, *schemes, n) &&
		    !strncmp(s + n, "://", 3) && s[n + 3] != '/')
			return true;
	}
	return false;
}

/* user@host:path, as git takes it for ssh */
static bool is_scp_url(const char *s, size_t len)
{
	const char *at = memchr(s, '@', len), *colon = memchr(s, ':', len);

	return at && colon && at > s && colon > at + 1 &&
	       colon < s + len - 1 && !memchr(s, '/', (size_t)(colon - s));
}

static void check_scm(struct checker *c, int i, const char *value)
{
	static const char *const git_schemes[] = { "git", "https", "http",
						   "ssh", NULL };
	static const char *const web_schemes[] = { "https", "http", NULL };
	size_t tlen = word_len(value), ulen;
	const char *url, *rest;
	bool is_git;

	/* get_maintainer.pl --self-test=scm: /^(?:git|quilt|hg)\s+\S/ */
	if (!((tlen == 3 && !strncmp(value, "git", 3)) ||
	      (tlen == 5 && !strncmp(value, "quilt", 5)) ||
	      (tlen == 2 && !strncmp(value, "hg", 2))) ||
	    !*skip_pspace(value + tlen)) {
		add(c, CHK_SCM, MNT_WARNING, i, "malformed entry");
		return;
	}
	is_git = tlen == 3;
	url = skip_pspace(value + tlen);
	ulen = word_len(url);
	if (is_git ? !has_scheme(url, ulen, git_schemes) && !is_scp_url(url, ulen)
		   : !has_scheme(url, ulen, web_schemes)) {
		add(c, CHK_SCM, MNT_WARNING, i, "%s tree URL is not %s",
		    is_git ? "git" : tlen == 5 ? "quilt" : "hg",
		    is_git ? "a git, http(s) or ssh URL" : "an http(s) URL");
		return;
	}
	rest = skip_pspace(url + ulen);
	/* git URL [branch] [(comment)], as the script's /^git\s+(\S+)(\s+([^\(]+\S+))?/ */
	if (is_git && *rest && *rest != '(')
		rest = skip_pspace(rest + word_len(rest));
	if (*rest && *rest != '(')
		add(c, CHK_SCM, MNT_WARNING, i,
		    is_git ? "more than one branch after the git URL"
			   : "text after the tree URL");
}

static void check_syntax(struct checker *c, int i)
{
	static const char *const web[] = { "https", "http", "ftp", NULL };
	static const char *const http[] = { "https", "http", NULL };
	const char *text = line_text(c, i), *value;
	size_t vlen;

	if (!is_field(text))
		return;
	value = skip_pspace(text + 2);
	vlen = strlen(value);
	while (vlen && is_pspace((unsigned char)value[vlen - 1]))
		vlen--;
	/* the parser reports empty fields */
	if (!vlen)
		return;
	switch (text[0]) {
	case 'N':
	case 'K':
		check_regex_field(c, i, value);
		break;
	case 'T':
		check_scm(c, i, value);
		break;
	case 'W':
		if (!has_scheme(value, vlen, web) || word_len(value) < vlen)
			add(c, CHK_LINK, MNT_WARNING, i,
			    "web page is not an http(s) or ftp URL");
		break;
	case 'Q':
		if (!has_scheme(value, vlen, http) || word_len(value) < vlen)
			add(c, CHK_LINK, MNT_WARNING, i,
			    "patchwork link is not an http(s) URL");
		break;
	case 'B':
		if (!strncasecmp(value, "mailto:", 7)) {
			const char *at = memchr(value, '@', vlen);

			if (word_len(value) < vlen || !at || at == value + 7 ||
			    at == value + vlen - 1)
				add(c, CHK_LINK, MNT_WARNING, i,
				    "bug report mailto: is not a single address");
		} else if (!has_scheme(value, vlen, http) ||
			   word_len(value) < vlen) {
			add(c, CHK_LINK, MNT_WARNING, i,
			    "bug report link is not an http(s) URL or mailto: address");
		}
		break;
	case 'C': {
		size_t k = 0;

		/* RFC 3986 scheme, then ":" and something */
		if ((value[0] >= 'a' && value[0] <= 'z') ||
		    (value[0] >= 'A' && value[0] <= 'Z'))
			while (k < vlen && (isalnum_ascii(value[k]) ||
					    strchr("+.-", value[k])))
				k++;
		if (!k || k + 1 >= vlen || value[k] != ':' ||
		    word_len(value) < vlen)
			add(c, CHK_CHAT, MNT_WARNING, i,
			    "chat link is not a URL (scheme:...)");
		break;
	}
	case 'P':
		/* a profile is a URL or a file of the tree */
		if (!one_word(value) || memchr(value, '@', vlen) ||
		    strstr(value, "://"))
			break;
		{
			size_t k = path_list_lower_bound(c->files, value);

			if (!(k < c->files->nr && !strcmp(c->files->v[k], value)) &&
			    !is_file(value))
				add(c, CHK_PROFILE, MNT_WARNING, i,
				    "profile document is not a file of the tree");
		}
		break;
	}
}

/* checkpatch.pl's ordering of adjacent fields, on the whole file */
static void check_field_order(struct checker *c, int i)
{
	const char *cur = line_text(c, i), *prev, *pv, *cv;
	size_t pl, cl, n;
	int ci, pi, cmp;

	if (!is_field(cur) || !same_file(c, i - 1, i))
		return;
	prev = line_text(c, i - 1);
	if (!is_field(prev))
		return;
	ci = mnt_field_rank(cur[0]);
	pi = mnt_field_rank(prev[0]);
	if (ci < pi) {
		add(c, CHK_FIELD_ORDER, MNT_WARNING, i,
		    "Misordered MAINTAINERS entry - list '%c:' before '%c:'",
		    cur[0], prev[0]);
		return;
	}
	if (cur[0] != prev[0] || (cur[0] != 'F' && cur[0] != 'X'))
		return;
	/* parse-maintainers.pl compares the values trimmed */
	pv = skip_pspace(prev + 2);
	cv = skip_pspace(cur + 2);
	for (pl = strlen(pv); pl && is_pspace((unsigned char)pv[pl - 1]); pl--)
		;
	for (cl = strlen(cv); cl && is_pspace((unsigned char)cv[cl - 1]); cl--)
		;
	n = pl < cl ? pl : cl;
	cmp = memcmp(pv, cv, n);
	if (cmp > 0 || (!cmp && pl > cl))
		add(c, CHK_PATTERN_ORDER, MNT_WARNING, i,
		    "Misordered MAINTAINERS entry - list file patterns in alphabetic order");
}

struct sec_key {
	int line;		/* of the heading */
	char *name;		/* trimmed */
	char *key;
};

static int cmp_sec_key(const struct sec_key *a, const struct sec_key *b)
{
	int r = strcmp(a->key, b->key);

	return r ? r : strcmp(a->name, b->name);
}

static int cmp_sec_key_ptr(const void *a, const void *b)
{
	return cmp_sec_key(*(const struct sec_key *const *)a,
			   *(const struct sec_key *const *)b);
}

/*
 * Sections out of parse-maintainers.pl's order in one file: those off
 * a longest non-decreasing run, i.e. the fewest that must move.
 */
static void check_section_order_file(struct checker *c, struct sec_key *s,
				     size_t n)
{
	size_t *tail = xmalloc((n + 1) * sizeof(*tail));
	size_t *prev = xmalloc((n + 1) * sizeof(*prev));
	bool *keep = xcalloc(n + 1, sizeof(*keep));
	struct sec_key **sorted = xmalloc((n + 1) * sizeof(*sorted));
	size_t len = 0, i, k;

	for (i = 0; i < n; i++) {
		size_t lo = 0, hi = len;

		/* first run length whose tail is greater than s[i] */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (cmp_sec_key(&s[tail[mid]], &s[i]) <= 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo ? tail[lo - 1] : SIZE_MAX;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	for (k = len ? tail[len - 1] : SIZE_MAX; k != SIZE_MAX; k = prev[k])
		keep[k] = true;
	for (i = 0; i < n; i++)
		sorted[i] = &s[i];
	qsort(sorted, n, sizeof(*sorted), cmp_sec_key_ptr);
	for (i = 0; i < n; i++) {
		struct sec_key *x = sorted[i];

		if (keep[x - s])
			continue;
		if (i + 1 < n)
			add(c, CHK_SECTION_ORDER, MNT_WARNING, x->line,
			    "Misordered MAINTAINERS section - list it before '%s'",
			    sorted[i + 1]->name);
		else if (i > 0)
			add(c, CHK_SECTION_ORDER, MNT_WARNING, x->line,
			    "Misordered MAINTAINERS section - list it after '%s'",
			    sorted[i - 1]->name);
	}
	free(tail);
	free(prev);
	free(keep);
	free(sorted);
}

static char *trimmed(const char *s)
{
	size_t len;

	s = skip_pspace(s);
	for (len = strlen(s); len && is_pspace((unsigned char)s[len - 1]); len--)
		;
	return xstrndup(s, len);
}

static void check_section_order(struct checker *c)
{
	const struct maintainers *m = c->m;
	struct sec_key *v = NULL;
	size_t nr = 0, alloc = 0, i, start = 0;

	for (i = 0; i < m->nr_sections; i++) {
		const struct mnt_section *s = &m->sections[i];

		if (s->heading < 0)
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].line = m->entries[s->heading].line;
		v[nr].name = trimmed(m->entries[s->heading].text);
		v[nr].key = mnt_section_sort_key(v[nr].name, strlen(v[nr].name));
		nr++;
	}
	for (i = 1; i <= nr; i++) {
		if (i < nr && same_file(c, v[start].line, v[i].line))
			continue;
		check_section_order_file(c, v + start, i - start);
		start = i;
	}
	for (i = 0; i < nr; i++) {
		free(v[i].name);
		free(v[i].key);
	}
	free(v);
}

/* parse-maintainers.pl --order writes one blank line between sections. */
static void check_blank_lines(struct checker *c)
{
	const struct maintainers *m = c->m;
	size_t i;
	int last_file = -1;

	for (i = 0; i < m->nr_sections; i++) {
		const struct mnt_section *s = &m->sections[i];
		int h;

		if (s->heading < 0)
			continue;
		h = m->entries[s->heading].line;
		if (m->lines[h].file != last_file) {
			/* the first section follows the preamble as it is */
			last_file = m->lines[h].file;
			continue;
		}
		if (!same_file(c, h - 1, h))
			continue;
		if (!is_blank(line_text(c, h - 1)))
			add(c, CHK_BLANK_LINE, MNT_WARNING, h,
			    "no blank line before section");
		else if (same_file(c, h - 2, h) && is_blank(line_text(c, h - 2)))
			add(c, CHK_BLANK_LINE, MNT_WARNING, h,
			    "more than one blank line before section");
	}
	for (i = 0; i < m->nr_lines; i++) {
		const struct mnt_line *l = &m->lines[i];
		size_t j;

		if (!is_blank(l->text) || (i && same_file(c, (int)i - 1, (int)i) &&
					   is_blank(line_text(c, (int)i - 1))))
			continue;
		/* first blank line of a run: what is around it? */
		for (j = i + 1; j < m->nr_lines && m->lines[j].file == l->file &&
			       is_blank(m->lines[j].text); j++)
			;
		if (j == m->nr_lines || m->lines[j].file != l->file) {
			if (i && same_file(c, (int)i - 1, (int)i))
				add(c, CHK_BLANK_LINE, MNT_WARNING, (int)i,
				    "blank line at end of file");
			continue;
		}
		if (i && same_file(c, (int)i - 1, (int)i) &&
		    m->lines[i - 1].entry >= 0 && m->lines[j].entry >= 0) {
			const struct mnt_entry *a = &m->entries[m->lines[i - 1].entry];
			const struct mnt_entry *b = &m->entries[m->lines[j].entry];

			if (a->type && b->type && a->section == b->section)
				add(c, CHK_BLANK_LINE, MNT_WARNING, (int)i,
				    "blank line inside section");
		}
	}
}

static int cmp_finding(const void *a, const void *b)
{
	const struct check_finding *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The rules a dialect does not follow, by design: QEMU writes "X: " with
 * a space and orders its sections by topic; edk2 writes CRLF, "X: ",
 * "T: git - URL", few S:, and its own order.
 */
static unsigned dialect_exempt(const struct maintainers *m)
{
	unsigned order = CHK_BIT(CHK_FIELD_ORDER) | CHK_BIT(CHK_PATTERN_ORDER) |
		CHK_BIT(CHK_SECTION_ORDER) | CHK_BIT(CHK_BLANK_LINE);

	switch (m->dialect) {
	case MNT_QEMU:
		return CHK_BIT(CHK_FIELD_TAB) | order;
	case MNT_EDK2:
		return CHK_BIT(CHK_FIELD_TAB) | CHK_BIT(CHK_TRAILING_SPACE) |
		       CHK_BIT(CHK_NO_STATUS) | CHK_BIT(CHK_SCM) | order;
	default:
		return 0;
	}
}

void check_run(const struct maintainers *m, const struct path_list *files,
	       unsigned mask, struct check_result *res)
{
	struct checker c = { m, files, mask, res };
	struct pattern_matcher pm = { pcre2_match_data_create(1, NULL) };
	bool *dup = NULL;
	size_t i;
	unsigned exempt;
	const unsigned sections = CHK_BIT(CHK_DUPLICATE_SECTION) |
		CHK_BIT(CHK_NO_EMAIL) | CHK_BIT(CHK_NO_STATUS) |
		CHK_BIT(CHK_NO_PATTERN);
	const unsigned patterns = CHK_BIT(CHK_NO_MATCH) | CHK_BIT(CHK_BAD_PATTERN);
	const unsigned style = CHK_BIT(CHK_FIELD_TAB) | CHK_BIT(CHK_UNKNOWN_TYPE) |
		CHK_BIT(CHK_TRAILING_SPACE);
	const unsigned syntax = CHK_BIT(CHK_SCM) | CHK_BIT(CHK_LINK) |
		CHK_BIT(CHK_CHAT) | CHK_BIT(CHK_PROFILE) | CHK_BIT(CHK_BAD_REGEX);
	const unsigned fields = CHK_BIT(CHK_FIELD_ORDER) |
		CHK_BIT(CHK_PATTERN_ORDER);

	if (!pm.md)
		die("out of memory");
	exempt = dialect_exempt(m);
	mask &= ~exempt;
	c.mask = mask;
	if (mask & CHK_BIT(CHK_DUPLICATE_SECTION))
		dup = find_duplicate_headings(&c);
	else
		dup = xcalloc(m->nr_lines ? m->nr_lines : 1, sizeof(*dup));
	for (i = 0; i < m->nr_lines; i++) {
		int li = (int)i;

		if (mask & sections)
			check_section_header(&c, li, dup);
		if (mask & patterns)
			check_pattern(&c, li, &pm);
		if (mask & style)
			check_style(&c, li);
		if (mask & syntax)
			check_syntax(&c, li);
		if (mask & fields)
			check_field_order(&c, li);
	}
	for (i = 0; i < m->nr_diags; i++) {
		const struct mnt_diag *d = &m->diags[i];

		/* said already, in checkpatch.pl's words */
		if ((((mask | exempt) & CHK_BIT(CHK_FIELD_TAB)) &&
		     strstr(d->msg, "not followed by a tab")) ||
		    ((mask & CHK_BIT(CHK_UNKNOWN_TYPE)) &&
		     strstr(d->msg, "unknown field type")))
			continue;
		add(&c, CHK_PARSE, d->severity, d->line, "%s", d->msg);
		if ((mask & CHK_BIT(CHK_PARSE)) && d->line < 0)
			res->v[res->nr - 1].file = d->file;
	}
	if (mask & CHK_BIT(CHK_SECTION_ORDER))
		check_section_order(&c);
	if (mask & CHK_BIT(CHK_BLANK_LINE))
		check_blank_lines(&c);
	if (res->nr)
		qsort(res->v, res->nr, sizeof(*res->v), cmp_finding);
	free(dup);
	pcre2_match_data_free(pm.md);
}

/* "Name <addr>" into its name (unquoted) and lower-case address. */
static void split_person(const char *value, struct strbuf *name,
			 struct strbuf *addr)
{
	const char *p;

	strbuf_reset(name);
	strbuf_reset(addr);
	email_parse_plain(value, name, addr);
	for (p = addr->buf; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			addr->buf[p - addr->buf] = *p - 'A' + 'a';
}

/* "roger@project.com" and "roger@project.org": a slip in the domain. */
static bool same_local_part(const char *a, const char *b)
{
	const char *at = strchr(a, '@');

	return at && !strncmp(a, b, (size_t)(at - a) + 1);
}

/*
 * Is @email the address of someone the index knows: a commit's author,
 * committer or tag, or a mail's sender?
 */
static bool seen_in_history(const struct identity *id, const char *email)
{
	struct strmap_entry *e = strmap_find(&id->by_addr, email, strlen(email));
	const struct identity_addr *a;

	if (!e)
		return false;
	a = &id->addrs[(uintptr_t)e->value - 1];
	return a->authored || a->committed || a->tagged || a->indexed;
}

void check_run_history(const struct maintainers *m, const struct identity *id,
		       const struct ident_mailmap *mm, unsigned mask,
		       struct check_result *res)
{
	struct checker c = { m, NULL, mask, res };
	struct strbuf name = STRBUF_INIT, addr = STRBUF_INIT, f = STRBUF_INIT;
	struct strbuf oname = STRBUF_INIT, oaddr = STRBUF_INIT, of = STRBUF_INIT;
	struct strbuf msg = STRBUF_INIT;
	struct strmap lists;
	size_t i, j;

	if (!(mask & CHK_BIT(CHK_UNKNOWN_ADDRESS)))
		return;
	strmap_init(&lists);
	for (i = 0; i < m->nr_entries; i++)
		if (m->entries[i].type == 'L') {
			split_person(m->entries[i].value, &name, &addr);
			strmap_insert(&lists, addr.buf, addr.len);
		}
	for (i = 0; i < m->nr_entries; i++) {
		const struct mnt_entry *e = &m->entries[i];
		const char *mn, *me;
		struct identity_match match;
		const char *other = NULL;
		size_t times = 0;

		if (e->type != 'M' && e->type != 'R')
			continue;
		split_person(e->value, &name, &addr);
		mn = name.buf;
		me = addr.buf;
		if (mm)
			ident_map(mm, &mn, &me);
		if (!strchr(me, '@') || seen_in_history(id, me) ||
		    identity_role(id, mn, me, strmap_find(&lists, me, strlen(me)) != NULL) !=
		    IR_PERSON)
			continue;
		/* the same name elsewhere in the file, with another address */
		identity_fold_name(mn, &f);
		for (j = 0; f.len && j < m->nr_entries; j++) {
			const struct mnt_entry *o = &m->entries[j];

			if ((o->type != 'M' && o->type != 'R') || j == i)
				continue;
			split_person(o->value, &oname, &oaddr);
			identity_fold_name(oname.buf, &of);
			if (strcmp(f.buf, of.buf) || !strcmp(oaddr.buf, me))
				continue;
			if (!other || !strcmp(other, oaddr.buf)) {
				free((char *)other);
				other = xstrdup(oaddr.buf);
				times++;
			}
		}
		strbuf_reset(&msg);
		strbuf_addf(&msg, "%s appears nowhere in the history", me);
		if (other)
			strbuf_addf(&msg, "; %s is listed elsewhere as %s (%zu time%s)%s",
				    mn, other, times, times == 1 ? "" : "s",
				    same_local_part(me, other) ?
				    ", likely the one meant" : "");
		identity_match(id, mn, me, &match);
		if (match.how == IM_NAME)
			strbuf_addf(&msg, "; the history knows %s as %s", mn,
				    id->persons[match.person].email);
		identity_match_release(&match);
		free((char *)other);
		add(&c, CHK_UNKNOWN_ADDRESS, MNT_WARNING, e->line, "%s", msg.buf);
	}
	if (res->nr)
		qsort(res->v, res->nr, sizeof(*res->v), cmp_finding);
	strmap_clear(&lists, false);
	strbuf_release(&name);
	strbuf_release(&addr);
	strbuf_release(&f);
	strbuf_release(&oname);
	strbuf_release(&oaddr);
	strbuf_release(&of);
	strbuf_release(&msg);
}

void check_result_release(struct check_result *res)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		free(res->v[i].msg);
	free(res->v);
	memset(res, 0, sizeof(*res));
}
