// SPDX-License-Identifier: GPL-2.0
#include "matcher.h"

#include <ctype.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strbuf.h"
#include "strmap.h"

/*
 * A compiled expression, JIT-compiled only once it has been used often:
 * JIT compiling every pattern of MAINTAINERS takes longer than a whole
 * "kmaint get" should, and most patterns are never tried.
 */
struct regex {
	pcre2_code *code;
	unsigned int uses;
	/*
	 * Compiling is lazy too: a lookup tries only the expressions whose
	 * literal prefix it reaches, and "kmaint get" on one patch should
	 * not pay for the 1,400 it never tries.  A pattern that does not
	 * compile is reported (file:line) when first reached, which is
	 * exactly when it could change the answer.
	 */
	char *src;
	uint32_t flags;
	int entry;
	/*
	 * An F:/X: glob: src is made from the value when first compiled,
	 * with a '/' after it when the value names a directory.
	 */
	bool glob, slash;
	bool failed;
	bool match_failed;	/* a match gave up (reported once) */
};

#define JIT_AFTER 32

struct pattern {
	int entry;
	int section;
	char type;		/* 'F', 'X' or 'N' */
	bool dir;		/* F:/X: ending in '/': a plain prefix match */
	/*
	 * A literal value without '/' at the end may name a directory, and
	 * then acts as if it had one.  Asking the file system for each of
	 * eight thousand values would cost more than a whole lookup, so it
	 * is asked lazily, for the values a path actually reaches.
	 */
	bool maybe_dir;
	bool globstar;		/* a "**" glob: no rule on the number of '/' */
	signed char is_dir;	/* -1 not asked yet, 0 no, 1 yes */
	/* regex F:/X: only; a literal's are counted when it matches */
	int depth;		/* get_maintainer.pl's "pattern depth" */
	int slashes;		/* '/' in the pattern, for the non-dir rule */
	int re;			/* regex F:/X: and N:: index in res[], or -1 */
	int next;		/* next pattern in the same bucket, or -1 */
	/*
	 * A literal pattern's prefix: nearly always its F: value itself,
	 * in MAINTAINERS, so the table below copies no string.  A regex
	 * pattern's bucket: its literal prefix up to the last '/'.
	 */
	const char *key;
	uint32_t keylen;
};

/*
 * The literal patterns by their prefix: open addressing on the key's
 * hash, each slot the first pattern of the chain of patterns with that
 * key; the key is the pattern's.  Eight bytes a slot instead of a
 * string map's entry and its copy of the key: a third of the memory, and
 * memory is most of what building a matcher costs.
 */
struct slot {
	uint32_t hash;
	int head;		/* -1: empty */
};

struct literal_table {
	struct slot *slots;
	size_t mask;
};

struct keyword {
	int entry;
	bool alternation;	/* a top-level '|' escapes the "^[+-].*" prefix */
	/*
	 * Every match holds one of req's strings (none: nothing known);
	 * absent: the text being read (a whole patch) holds none.
	 */
	struct required_strings req;
	bool absent;
	struct regex plain;	/* K: as written */
	struct regex diff;	/* "^[+-].*" K: */
};

/*
 * A lookup compares the path with every pattern's prefix until the
 * matcher has answered SCAN_LOOKUPS of them, then builds the hash
 * tables: "kmaint get" looks up a handful of paths, for which building
 * the tables cost five times the scans; "kmaint map" looks up 86,000.
 */
#define SCAN_LOOKUPS 16

struct matcher {
	const struct maintainers *m;
	bool globstar;		/* MATCHER_GLOBSTAR */
	struct arena arena;	/* pats[] and the literal table */
	bool indexed;		/* the tables are built */
	unsigned int lookups;
	struct pattern *pats;
	size_t nr_pats, alloc_pats;
	struct literal_table literal;
	struct strmap regex;	/* literal directory prefix -> first pattern + 1 */
	struct regex *res;	/* of regex F:/X: and N: patterns */
	size_t nr_res, alloc_res;
	char **keys;		/* keys that are not a value as it is */
	size_t nr_keys, alloc_keys;
	int *names;		/* N: patterns */
	size_t nr_names, alloc_names;
	struct regex any_name;	/* all N: in one alternation, or NULL */
	struct keyword *kws;
	size_t nr_kws, alloc_kws;
	/*
	 * The keywords' strings by their first two bytes, to find which
	 * are in a text in one pass (matcher_keywords_text()): a bit per
	 * pair of bytes (each case of a case-blind string's), and chains
	 * by first byte.  NULL until needed.
	 */
	uint64_t *lit_pairs;
	int lit_first[256];
	/*
	 * The keywords that may match the text being read (a patch), in
	 * order; all of them when live is NULL.
	 */
	int *live;
	size_t nr_live;
	struct lit_ref {
		int kw, str;
		int next;	/* in the chain of the same first byte */
		size_t len;
	} *lit_refs;
	pcre2_match_data *md;
	int *hits;
	size_t nr_hits, alloc_hits;
	int nr_errors;
	bool quiet;		/* MATCHER_QUIET: errors counted, not printed */
};

static pcre2_code *compile(struct matcher *mt, int entry, const char *re,
			   uint32_t flags)
{
	int line = mt->m->entries[entry].line;
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE off;
	pcre2_code *code;
	int err;

	/*
	 * The script reads MAINTAINERS and patches as UTF-8, so \w and \b
	 * are Unicode-aware; invalid UTF-8 in a path must not stop a match.
	 */
	flags |= PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF;
	code = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED, flags,
			     &err, &off, NULL);
	if (!code) {
		mt->nr_errors++;
		if (mt->quiet)
			return NULL;
		pcre2_get_error_message(err, msg, sizeof(msg));
		fprintf(stderr, "%s:%d: error: bad pattern '%s': %s at offset %zu\n",
			mnt_line_file(mt->m, line), mnt_line_nr(mt->m, line), re,
			(char *)msg, (size_t)off);
		return NULL;
	}
	return code;
}

/* Takes @src. */
static void set_regex(struct regex *re, int entry, char *src, uint32_t flags)
{
	memset(re, 0, sizeof(*re));
	re->src = src;
	re->flags = flags;
	re->entry = entry;
}

static void free_regex(struct regex *re)
{
	pcre2_code_free(re->code);
	free(re->src);
}

static int add_pattern(struct matcher *mt, int entry, char type)
{
	struct pattern *p;

	ARENA_GROW(&mt->arena, mt->pats, mt->nr_pats + 1, mt->alloc_pats);
	p = &mt->pats[mt->nr_pats];
	memset(p, 0, sizeof(*p));
	p->entry = entry;
	p->is_dir = -1;
	p->section = mt->m->entries[entry].section;
	p->type = type;
	p->re = -1;
	p->next = -1;
	return (int)mt->nr_pats++;
}

/* Takes @src. */
static struct regex *add_regex(struct matcher *mt, struct pattern *p,
			       char *src, uint32_t flags)
{
	ALLOC_GROW(mt->res, mt->nr_res + 1, mt->alloc_res);
	p->re = (int)mt->nr_res;
	set_regex(&mt->res[mt->nr_res], p->entry, src, flags);
	return &mt->res[mt->nr_res++];
}


/*
 * The hash of a literal prefix, eight bytes at a time: lookups hash
 * every leading part of a path, and building hashes 8,000 values.
 */
static uint32_t key_hash(const char *s, size_t n)
{
	const uint64_t k = 0x9e3779b97f4a7c15ull;
	uint64_t h = n * k, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	for (w = 0; n; n--)
		w = w << 8 | (unsigned char)s[n - 1];
	h = (h ^ w) * k;
	return (uint32_t)(h ^ h >> 32);
}

/* The slot of @key: its chain's, or the empty one where it would go. */
static struct slot *probe(const struct matcher *mt, const char *key,
			  size_t len, uint32_t hash)
{
	const struct literal_table *t = &mt->literal;
	size_t i = hash & t->mask;

	for (;; i = (i + 1) & t->mask) {
		struct slot *s = &t->slots[i];
		const struct pattern *p;

		if (s->head < 0)
			return s;
		p = &mt->pats[s->head];
		if (s->hash == hash && p->keylen == len &&
		    !memcmp(p->key, key, len))
			return s;
	}
}

/* The first pattern whose literal prefix is @key, or -1. */
static int literal_chain(const struct matcher *mt, const char *key, size_t len)
{
	if (!mt->literal.slots)
		return -1;
	return probe(mt, key, len, key_hash(key, len))->head;
}

/* Room for every F:/X:/N: of @m in pats[]: it never moves. */
static void matcher_size(struct matcher *mt)
{
	size_t i, nr = 0;

	for (i = 0; i < mt->m->nr_entries; i++) {
		char type = mt->m->entries[i].type;

		nr += type == 'F' || type == 'X' || type == 'N';
	}
	ARENA_GROW(&mt->arena, mt->pats, nr, mt->alloc_pats);
}

/*
 * The tables: literal patterns by their prefix, regex ones by their
 * bucket.  Chains are walked in reverse; hits are sorted anyway.
 */
void matcher_index(struct matcher *mt)
{
	size_t i, size = 64;

	if (mt->indexed)
		return;
	mt->indexed = true;
	while (size < mt->nr_pats * 2 + 2)
		size *= 2;
	mt->literal.slots = arena_alloc(&mt->arena,
					size * sizeof(*mt->literal.slots));
	/* every byte 0xff: head -1 in every slot */
	memset(mt->literal.slots, 0xff, size * sizeof(*mt->literal.slots));
	mt->literal.mask = size - 1;
	for (i = 0; i < mt->nr_pats; i++) {
		struct pattern *p = &mt->pats[i];

		if (p->type == 'N') {
			continue;
		} else if (p->re < 0) {
			uint32_t hash = key_hash(p->key, p->keylen);
			struct slot *s = probe(mt, p->key, p->keylen, hash);

			p->next = s->head;
			s->hash = hash;
			s->head = (int)i;
		} else {
			struct strmap_entry *e = strmap_insert(&mt->regex, p->key,
							       p->keylen);

			p->next = (int)(intptr_t)e->value - 1;
			e->value = (void *)(intptr_t)(i + 1);
		}
	}
}

static bool pattern_is_dir(struct pattern *p, const char *value)
{
	if (p->is_dir < 0)
		p->is_dir = is_dir(value);
	return p->is_dir;
}

bool matcher_glob_prefix(const char *value, struct strbuf *lit)
{
	const char *p;
	bool dots = false, whole = false;
	size_t drop = 0;

	strbuf_reset(lit);
	if (strchr(value, '|'))
		return false;
	for (p = value;; p++) {
		switch (*p) {
		case '\0':
			whole = true;
			break;
		case '\\':
			/* '.' becomes "\\.", and so does "\\?" ('?' is '.') */
			if (p[1] == '?') {
				dots = true;
				p++;
				continue;
			}
			break;
		case '*': case '?': case '^': case '$': case '(': case ')':
		case '[': case ']': case '}':
			break;
		case '+': case '{':
			/* the character before may be repeated or absent */
			drop = 1;
			break;
		default:
			continue;
		}
		break;
	}
	if (!dots) {
		strbuf_add(lit, value, (size_t)(p - value));
	} else {
		const char *q;

		/* before p, a '?' is one escaped: "\\?" */
		for (q = value; q < p; q++) {
			if (*q == '\\')
				q++;
			strbuf_addch(lit, *q == '?' ? '.' : *q);
		}
	}
	if (drop && lit->len)
		strbuf_setlen(lit, lit->len - 1);
	return whole;
}

/* @lit must live as long as the matcher. */
static void add_literal(struct matcher *mt, int pat, const char *lit,
			size_t len)
{
	struct pattern *p = &mt->pats[pat];

	/* its depth is counted if it ever matches: see depth_of() */
	p->dir = len && lit[len - 1] == '/';
	p->key = lit;
	p->keylen = (uint32_t)len;
	/* with a '.' the script's test is for a name with "\." in it */
	p->maybe_dir = !p->dir && len && !memchr(lit, '.', len);
}

/*
 * edk2's patterns are GetMaintainer.py's regexes (mnt_edk2_regex()),
 * with no rule on the number of '/' in the path: each is a regex,
 * bucketed by its literal start up to its last '/'.
 */
static void add_edk2_pattern(struct matcher *mt, int pat, const char *value)
{
	struct pattern *p = &mt->pats[pat];
	size_t lit = strcspn(value, "*?\\^$|+()[]{}");
	char *conv = mnt_edk2_regex(value);

	add_regex(mt, p, xstrfmt("^%s", conv), 0);
	free(conv);
	p->dir = true;
	p->slashes = (int)count_char(value, '/');
	p->depth = value[0] == '*' ? -1 :
		   p->slashes + !ends_with(value, "/");
	while (lit > 0 && value[lit - 1] != '/')
		lit--;
	p->key = value;
	p->keylen = (uint32_t)lit;
}

/*
 * A "**" value as a regex (see MATCHER_GLOBSTAR): what the script's own
 * conversion keeps ('.' escaped, other regex syntax as it is), but "**"
 * crossing directories and '*', '?' not.
 */
static char *globstar_regex(const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	strbuf_addch(&sb, '^');
	for (p = value; *p; p++) {
		if (p[0] == '*' && p[1] == '*') {
			p++;
			if (p[1] == '/') {
				strbuf_addstr(&sb, "(?:.*/)?");
				p++;
			} else {
				strbuf_addstr(&sb, ".*");
			}
		} else if (*p == '*') {
			strbuf_addstr(&sb, "[^/]*");
		} else if (*p == '?') {
			strbuf_addstr(&sb, "[^/]");
		} else if (*p == '.') {
			strbuf_addstr(&sb, "\\.");
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	/* the last component: a prefix of the path's, or a directory */
	if (!ends_with(value, "/") && !ends_with(value, "**"))
		strbuf_addstr(&sb, "(?:[^/]*$|/)");
	return strbuf_detach(&sb, NULL);
}

static void add_file_pattern(struct matcher *mt, int entry, char type,
			     struct strbuf *lit)
{
	const char *value = mt->m->entries[entry].value, *slash;
	size_t len = strlen(value);
	int pat = add_pattern(mt, entry, type);
	struct pattern *p;
	struct regex *re;

	if (mt->m->dialect == MNT_EDK2) {
		add_edk2_pattern(mt, pat, value);
		return;
	}

	/* Most values have no glob or regex character: they are their own literal. */
	if (!strpbrk(value, "*?\\^$|+()[]{}")) {
		add_literal(mt, pat, value, len);
		return;
	}
	if (matcher_glob_prefix(value, lit)) {
		char *key = xstrndup(lit->buf, lit->len);

		ALLOC_GROW(mt->keys, mt->nr_keys + 1, mt->alloc_keys);
		mt->keys[mt->nr_keys++] = key;
		add_literal(mt, pat, key, lit->len);
		return;
	}
	/*
	 * A regex: what the lookup needs is read from the value as it is;
	 * converting it waits for the first compilation, which few patterns
	 * reach.
	 */
	p = &mt->pats[pat];
	p->globstar = mt->globstar && strstr(value, "**");
	re = add_regex(mt, p, p->globstar ? globstar_regex(value) : NULL, 0);
	re->glob = !p->globstar;
	p->dir = value[len - 1] == '/';
	/*
	 * The script asks -d of the converted value.  Only a '?' (then '.')
	 * can make that true in a real tree ("?" is ".", "??" is ".."):
	 * values that become names with "\\." or ".*" in them (those with
	 * '.', '*' or "\\?") are not worth a stat().
	 */
	if (!p->dir && !strpbrk(value, ".*") && !strstr(value, "\\?")) {
		char *conv = mnt_glob_convert(value, false);

		re->slash = p->dir = is_dir(conv);
		free(conv);
	}
	p->slashes = (int)count_char(value, '/') + re->slash;
	/* a leading '*' becomes ".*", which the script gives depth -1 */
	p->depth = value[0] == '*' ? -1 : p->slashes + !p->dir;
	slash = strrchr(lit->buf, '/');
	p->keylen = slash ? (uint32_t)(slash - lit->buf) + 1 : 0;
	/* the bucket is the value's own start unless a "\?" was read as '.' */
	if (!strncmp(value, lit->buf, p->keylen)) {
		p->key = value;
	} else {
		p->key = xstrndup(lit->buf, p->keylen);
		ALLOC_GROW(mt->keys, mt->nr_keys + 1, mt->alloc_keys);
		mt->keys[mt->nr_keys++] = (char *)p->key;
	}
}

/* Could a '|' in @re be outside every group and class? */
static bool has_top_level_alternation(const char *re)
{
	int depth = 0;
	bool class = false;

	for (; *re; re++) {
		if (*re == '\\' && re[1]) {
			re++;
		} else if (class) {
			class = *re != ']';
		} else if (*re == '[') {
			class = true;
		} else if (*re == '(') {
			depth++;
		} else if (*re == ')') {
			depth--;
		} else if (*re == '|' && depth <= 0) {
			return true;
		}
	}
	return false;
}

/*
 * The argument of an escape with a letter or digit: only those that are
 * one character long and stand for one thing are understood here.
 */
static bool simple_escape(char c)
{
	return c && strchr("bBdDwWsShHvVRXAzZGKntrfea", c);
}

/* white space as /x ignores it, ASCII (the rest gives up anyway) */
static bool x_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Skip a class "[...]" at @p; NULL if it is one this reader may misread. */
static const char *skip_class(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	for (; *p && *p != ']'; p++) {
		if (*p == '\\') {
			if (!*++p)
				return NULL;
		} else if (*p == '[' && p[1] == ':') {
			return NULL;
		}
	}
	return *p ? p + 1 : NULL;
}

/* Skip a group "(...)" at @p, nested ones and classes included. */
static const char *skip_group(const char *p)
{
	int depth = 0;

	while (*p) {
		if (*p == '\\') {
			if (!p[1] || p[1] == 'Q' || p[1] == 'E')
				return NULL;
			p += 2;
		} else if (*p == '[') {
			p = skip_class(p);
			if (!p)
				return NULL;
		} else {
			if (*p == '(')
				depth++;
			else if (*p == ')' && !--depth)
				return p + 1;
			p++;
		}
	}
	return NULL;
}

void required_strings_release(struct required_strings *rs)
{
	size_t i;

	for (i = 0; i < rs->nr; i++)
		free(rs->v[i]);
	free(rs->v);
	memset(rs, 0, sizeof(*rs));
}

/* The length of the shortest string: what a search for them can skip. */
static size_t rs_score(const struct required_strings *rs)
{
	size_t i, min = SIZE_MAX;

	for (i = 0; i < rs->nr; i++)
		if (strlen(rs->v[i]) < min)
			min = strlen(rs->v[i]);
	return rs->nr ? min : 0;
}

/* Keep the better of *best and *cand in *best: longer, then fewer. */
static void consider(struct required_strings *best, struct required_strings *cand)
{
	size_t c = rs_score(cand), b = rs_score(best);

	if (cand->nr && (c > b || (c == b && cand->nr < best->nr))) {
		struct required_strings t = *best;

		*best = *cand;
		*cand = t;
	}
	required_strings_release(cand);
}

static void end_run(struct strbuf *run, bool icase,
		    struct required_strings *best)
{
	struct required_strings c = { 0 };

	if (run->len) {
		c.v = xmalloc(sizeof(*c.v));
		c.v[0] = xstrdup(run->buf);
		c.nr = 1;
		c.icase = icase;
		consider(best, &c);
	}
	strbuf_reset(run);
}

struct req_parser {
	const char *p;
	bool fail;
};

static void parse_alt(struct req_parser *ps, bool *icase,
		      struct required_strings *out);

/*
 * A group at ps->p: its content's strings, unless it is optional.  A
 * "(?i)" sets *icase for what follows in the enclosing group.
 */
static void parse_group(struct req_parser *ps, bool *icase,
			struct required_strings *best)
{
	struct required_strings r = { 0 };
	const char *p = ps->p, *q;
	bool inner = *icase;

	if (p[1] == '?') {
		for (q = p + 2; isalpha((unsigned char)*q) || *q == '-' ||
				*q == '^'; q++)
			;
		if (q > p + 2 && (*q == ')' || *q == ':')) {
			/* only "(?i)" and "(?i:": others change too much */
			if (q != p + 3 || p[2] != 'i') {
				ps->fail = true;
				return;
			}
			ps->p = q + 1;
			if (*q == ')') {
				*icase = true;
				return;
			}
			inner = true;
		} else if (*q == ':') {
			ps->p = q + 1;		/* "(?:" */
		} else if ((p[2] == '<' && p[3] != '=' && p[3] != '!') ||
			   (p[2] == 'P' && p[3] == '<') || p[2] == '\'') {
			/* a named group: "(?<n>", "(?P<n>", "(?'n'" */
			q = p + (p[2] == 'P' ? 4 : 3);
			q += strspn(q, "abcdefghijklmnopqrstuvwxyz"
				       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
			if (*q != (p[2] == '\'' ? '\'' : '>')) {
				ps->fail = true;
				return;
			}
			ps->p = q + 1;
		} else if (p[2] == 'C') {
			ps->fail = true;	/* a callout */
			return;
		} else {
			/* look-around, atomic, conditional, recursion: opaque */
			q = skip_group(p);
			if (!q)
				ps->fail = true;
			else
				ps->p = q;
			return;
		}
	} else {
		ps->p = p + 1;
	}
	parse_alt(ps, &inner, &r);
	if (ps->fail || *ps->p != ')') {
		ps->fail = true;
		required_strings_release(&r);
		return;
	}
	ps->p++;
	/* "(...)?", "(...)*", "(...){0,1}" may match nothing */
	for (q = ps->p; x_space(*q); q++)
		;
	if (*q == '*' || *q == '?' || *q == '{' ||
	    (q[0] == '(' && q[1] == '?' && q[2] == '#'))
		required_strings_release(&r);
	consider(best, &r);
}

/* A branch: the best of its runs of plain characters and its groups. */
static void parse_seq(struct req_parser *ps, bool *icase,
		      struct required_strings *best)
{
	struct strbuf run = STRBUF_INIT;

	while (!ps->fail && *ps->p && *ps->p != '|' && *ps->p != ')') {
		const char *p = ps->p;
		unsigned char c = (unsigned char)*p;

		if (x_space((char)c)) {
			/* /x: white space is nothing, a quantifier may follow */
			ps->p++;
		} else if (c == '(' && p[1] == '?' && p[2] == '#') {
			/* a comment is nothing too: "b(?#c)?" */
			p = strchr(p, ')');
			if (!p)
				ps->fail = true;
			else
				ps->p = p + 1;
		} else if (c == '#') {
			/* /x: a comment to the end of the line, or the value */
			if (strpbrk(p, "\n\r\v\f"))
				ps->fail = true;
			ps->p = p + strlen(p);
		} else if (c == '\\') {
			c = (unsigned char)p[1];
			if (c < 0x80 && ispunct(c)) {
				strbuf_addch(&run, (char)c);
			} else if (simple_escape((char)c)) {
				end_run(&run, *icase, best);
			} else {
				ps->fail = true;	/* \x{..}, \p{..}, \Q, \1 */
				break;
			}
			ps->p += 2;
		} else if (c == '(') {
			end_run(&run, *icase, best);
			parse_group(ps, icase, best);
		} else if (c == '[') {
			end_run(&run, *icase, best);
			ps->p = skip_class(p);
			if (!ps->p) {
				ps->fail = true;
				ps->p = p;
			}
		} else if (c == '*' || c == '+' || c == '?' || c == '{') {
			/* the character before may be repeated or absent */
			if (run.len)
				strbuf_setlen(&run, run.len - 1);
			end_run(&run, *icase, best);
			ps->p++;
			/* "{2,3}": its digits are no characters to find */
			if (c == '{' && ps->p[strspn(ps->p, "0123456789, ")] == '}')
				ps->p += strspn(ps->p, "0123456789, ") + 1;
		} else if (c >= 0x80) {
			ps->fail = true;	/* maybe white space, as U+0085 is */
		} else if (strchr(".^$]}", c)) {
			end_run(&run, *icase, best);
			ps->p++;
		} else {
			strbuf_addch(&run, (char)c);
			ps->p++;
		}
	}
	end_run(&run, *icase, best);
	strbuf_release(&run);
}

/* Alternatives: each must give strings; every match holds one of all. */
static void parse_alt(struct req_parser *ps, bool *icase,
		      struct required_strings *out)
{
	struct required_strings branch = { 0 };
	bool some_none = false;

	memset(out, 0, sizeof(*out));
	for (;;) {
		size_t i;

		parse_seq(ps, icase, &branch);
		if (ps->fail)
			break;
		if (!branch.nr)
			some_none = true;
		for (i = 0; i < branch.nr; i++) {
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			out->v[out->nr++] = branch.v[i];
		}
		out->icase |= branch.icase;
		free(branch.v);
		memset(&branch, 0, sizeof(branch));
		if (*ps->p != '|')
			break;
		ps->p++;
	}
	required_strings_release(&branch);
	if (ps->fail || some_none)
		required_strings_release(out);
}

size_t matcher_required_strings(const char *re, struct required_strings *out)
{
	struct req_parser ps = { re, false };
	bool icase = false;

	/* (*ACCEPT) and the other verbs end a match where they please */
	if (strstr(re, "(*")) {
		memset(out, 0, sizeof(*out));
		return 0;
	}
	parse_alt(&ps, &icase, out);
	/* an unbalanced ')', or strings of one character: no help */
	if (ps.fail || *ps.p || rs_score(out) < 2)
		required_strings_release(out);
	return out->nr;
}

static void add_keyword(struct matcher *mt, int entry)
{
	const char *value = mt->m->entries[entry].value;
	struct keyword *k;
	char *diff;

	ALLOC_GROW(mt->kws, mt->nr_kws + 1, mt->alloc_kws);
	k = &mt->kws[mt->nr_kws];
	k->entry = entry;
	k->absent = false;
	matcher_required_strings(value, &k->req);
	/* \G would anchor at the start of the search, not after ".*" */
	k->alternation = has_top_level_alternation(value) || strstr(value, "\\G");
	set_regex(&k->plain, entry, xstrdup(value), PCRE2_EXTENDED);
	diff = xstrfmt("^[+-].*%s", value);
	set_regex(&k->diff, entry, diff, PCRE2_EXTENDED);
	mt->nr_kws++;
}

/*
 * Most paths match no N: at all, so one pass of the alternation of every
 * N: rules them out instead of a hundred separate matches.  Only when it
 * matches are the N: tried one by one, to learn which.  A pattern that
 * does not combine (a back reference would be renumbered) is left out
 * of the filter, and then the filter is not used.
 */
static void build_name_filter(struct matcher *mt)
{
	struct strbuf sb = STRBUF_INIT;
	PCRE2_SIZE off;
	size_t i;
	int err;

	for (i = 0; i < mt->nr_names; i++) {
		const char *v = mt->m->entries[mt->pats[mt->names[i]].entry].value;
		const char *b;

		for (b = strchr(v, '\\'); b; b = strchr(b + 2, '\\')) {
			if (b[1] && strchr("123456789gkP", b[1])) {
				strbuf_release(&sb);
				return;
			}
			if (!b[1])
				break;
		}
		strbuf_addf(&sb, "%s(?:%s\n)", i ? "|" : "", v);
	}
	if (!sb.len)
		return;
	mt->any_name.code = pcre2_compile((PCRE2_SPTR)sb.buf, sb.len,
					  PCRE2_EXTENDED | PCRE2_UTF | PCRE2_UCP |
					  PCRE2_MATCH_INVALID_UTF, &err, &off,
					  NULL);
	strbuf_release(&sb);
}

struct matcher *matcher_new(const struct maintainers *m)
{
	return matcher_new_opts(m, 0);
}

struct matcher *matcher_new_opts(const struct maintainers *m,
				 unsigned int flags)
{
	struct matcher *mt = xcalloc(1, sizeof(*mt));
	struct strbuf lit = STRBUF_INIT;
	size_t i;

	mt->m = m;
	mt->globstar = flags & MATCHER_GLOBSTAR;
	mt->quiet = flags & MATCHER_QUIET;
	matcher_size(mt);
	strmap_init(&mt->regex);
	for (i = 0; i < m->nr_entries; i++) {
		const struct mnt_entry *e = &m->entries[i];

		if (e->section < 0)
			continue;
		switch (e->type) {
		case 'F':
		case 'X':
			add_file_pattern(mt, (int)i, e->type, &lit);
			break;
		case 'N': {
			int pat = add_pattern(mt, (int)i, 'N');

			add_regex(mt, &mt->pats[pat], xstrdup(e->value),
				  PCRE2_EXTENDED);
			ALLOC_GROW(mt->names, mt->nr_names + 1, mt->alloc_names);
			mt->names[mt->nr_names++] = pat;
			break;
		}
		case 'K':
			add_keyword(mt, (int)i);
			break;
		}
	}
	strbuf_release(&lit);
	build_name_filter(mt);
	mt->md = pcre2_match_data_create(1, NULL);
	return mt;
}

void matcher_free(struct matcher *mt)
{
	size_t i;

	if (!mt)
		return;
	for (i = 0; i < mt->nr_res; i++)
		free_regex(&mt->res[i]);
	for (i = 0; i < mt->nr_keys; i++)
		free(mt->keys[i]);
	for (i = 0; i < mt->nr_kws; i++) {
		free_regex(&mt->kws[i].plain);
		free_regex(&mt->kws[i].diff);
		required_strings_release(&mt->kws[i].req);
	}
	pcre2_code_free(mt->any_name.code);
	strmap_clear(&mt->regex, false);
	pcre2_match_data_free(mt->md);
	arena_release(&mt->arena);
	free(mt->res);
	free(mt->keys);
	free(mt->live);
	free(mt->names);
	free(mt->kws);
	free(mt->hits);
	free(mt);
}

/* Does @re match @s, searching from byte @from on? */
static bool re_match_from(struct matcher *mt, struct regex *re, const char *s,
			  size_t len, size_t from)
{
	int rc;

	if (!re->code) {
		if (re->failed)
			return false;
		if (re->glob && !re->src) {
			char *conv = mnt_glob_convert(mt->m->entries[re->entry].value,
						      false);

			re->src = xstrfmt("^%s%s", conv, re->slash ? "/" : "");
			free(conv);
		}
		re->code = compile(mt, re->entry, re->src, re->flags);
		if (!re->code) {
			re->failed = true;
			return false;
		}
	}
	if (++re->uses == JIT_AFTER)
		pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	rc = pcre2_match(re->code, (PCRE2_SPTR)s, len, from, 0, mt->md, NULL);
	/* the N: filter has no line of its own: when it gives up, try each */
	if (re == &mt->any_name)
		return rc != PCRE2_ERROR_NOMATCH;
	/*
	 * Anything but "no match" is PCRE2 giving up (its match limit, on
	 * a pattern that backtracks without end, as "a****...*b" does in
	 * Perl too): the answer may be wrong, so say where, once.
	 */
	if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && !re->match_failed &&
	    mt->quiet) {
		re->match_failed = true;
		mt->nr_errors++;
	} else if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && !re->match_failed) {
		int line = mt->m->entries[re->entry].line;
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(rc, msg, sizeof(msg));
		fprintf(stderr, "%s:%d: error: pattern '%s' gave up on '%.*s': %s\n",
			mnt_line_file(mt->m, line), mnt_line_nr(mt->m, line),
			re->src,
			(int)(len > 200 ? 200 : len), s, (char *)msg);
		re->match_failed = true;
		mt->nr_errors++;
	}
	return rc >= 0;
}

static bool re_match(struct matcher *mt, struct regex *re, const char *s,
		     size_t len)
{
	return re_match_from(mt, re, s, len, 0);
}

static void add_hit(struct matcher *mt, int pat)
{
	ALLOC_GROW(mt->hits, mt->nr_hits + 1, mt->alloc_hits);
	mt->hits[mt->nr_hits++] = pat;
}

/* Patterns equal to the first @len bytes of @path ending there. */
static void try_literal(struct matcher *mt, const char *path, size_t len)
{
	int pat = literal_chain(mt, path, len);

	for (; pat >= 0; pat = mt->pats[pat].next) {
		struct pattern *p = &mt->pats[pat];

		/* a directory's name matches only as "name/" */
		if (p->maybe_dir &&
		    pattern_is_dir(p, mt->m->entries[p->entry].value))
			continue;
		add_hit(mt, pat);
	}
}

/*
 * Values naming the directory path[0..len) without their '/'.  Whether
 * a value may name a directory depends on the value alone, and the
 * patterns of a chain share theirs: its first one answers for all.
 */
static void try_dir(struct matcher *mt, const char *path, size_t len)
{
	int pat = literal_chain(mt, path, len);

	if (pat < 0 || !mt->pats[pat].maybe_dir ||
	    !pattern_is_dir(&mt->pats[pat],
			    mt->m->entries[mt->pats[pat].entry].value))
		return;
	for (; pat >= 0; pat = mt->pats[pat].next) {
		mt->pats[pat].is_dir = 1;
		add_hit(mt, pat);
	}
}

static void try_regex(struct matcher *mt, const char *path, size_t len,
		      size_t plen, int slashes)
{
	int pat = (int)(intptr_t)strmap_get(&mt->regex, path, plen) - 1;

	for (; pat >= 0; pat = mt->pats[pat].next) {
		struct pattern *p = &mt->pats[pat];

		if ((p->dir || p->globstar || p->slashes == slashes) &&
		    re_match(mt, &mt->res[p->re], path, len))
			add_hit(mt, pat);
	}
}

/* get_maintainer.pl's depth of an F:/X: pattern */
static int depth_of(const struct pattern *p)
{
	const char *k;
	int slashes = 0;

	if (p->re >= 0)
		return p->depth;
	for (k = p->key; k < p->key + p->keylen; k++)
		slashes += *k == '/';
	return slashes + !p->dir;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int cmp_hit(const void *a, const void *b)
{
	const struct section_hit *x = a, *y = b;

	if (x->depth != y->depth)
		return y->depth - x->depth;
	return x->section - y->section;
}

/*
 * The patterns the tables' lookups would find, by comparing the path
 * with each prefix in turn: a literal directory ("name/") that starts
 * the path; another literal that starts it and reaches its last
 * component (unless it names a directory), or that is followed by a
 * '/' in the path and names a directory; a regex whose bucket starts
 * the path.  Those are the prefixes try_literal(), try_dir() and
 * try_regex() are given.
 */
static void scan(struct matcher *mt, const char *path, size_t len,
		 int slashes, size_t last_start)
{
	size_t i;

	for (i = 0; i < mt->nr_pats; i++) {
		struct pattern *p = &mt->pats[i];
		size_t n = p->keylen;
		const char *value;

		if (p->type == 'N' || n > len ||
		    (n && (p->key[0] != path[0] || memcmp(p->key, path, n))))
			continue;
		value = mt->m->entries[p->entry].value;
		if (p->re >= 0) {
			if ((p->dir || p->globstar || p->slashes == slashes) &&
			    re_match(mt, &mt->res[p->re], path, len))
				add_hit(mt, (int)i);
		} else if (p->dir) {
			add_hit(mt, (int)i);
		} else if (n >= last_start) {
			/* a directory's name matches only as "name/" */
			if (!(p->maybe_dir && pattern_is_dir(p, value)))
				add_hit(mt, (int)i);
		} else if (path[n] == '/' && p->maybe_dir &&
			   pattern_is_dir(p, value)) {
			add_hit(mt, (int)i);
		}
	}
}

static void lookup(struct matcher *mt, const char *path, int pattern_depth,
		   struct match_result *res)
{
	size_t len = strlen(path), i, k;
	int slashes = (int)count_char(path, '/');
	ssize_t last_slash = -1;

	res->nr = 0;
	res->exact = false;
	mt->nr_hits = 0;

	for (i = 0; i < len; i++)
		if (path[i] == '/')
			last_slash = (ssize_t)i;
	/* non-directory patterns end inside the last component */
	k = last_slash < 0 ? 0 : (size_t)last_slash + 2;
	if (!mt->indexed && mt->lookups++ >= SCAN_LOOKUPS)
		matcher_index(mt);
	if (!mt->indexed) {
		scan(mt, path, len, slashes, k);
	} else {
		try_regex(mt, path, len, 0, slashes);
		for (i = 0; i < len; i++) {
			if (path[i] != '/')
				continue;
			try_literal(mt, path, i + 1);
			try_dir(mt, path, i);
			try_regex(mt, path, len, i + 1, slashes);
		}
		for (; k <= len; k++)
			try_literal(mt, path, k);
	}
	if (!mt->any_name.code || re_match(mt, &mt->any_name, path, len))
		for (i = 0; i < mt->nr_names; i++)
			if (re_match(mt, &mt->res[mt->pats[mt->names[i]].re],
				     path, len))
				add_hit(mt, mt->names[i]);
	if (!mt->nr_hits)
		return;

	/* Patterns were added in MAINTAINERS order, so index order is file order. */
	qsort(mt->hits, mt->nr_hits, sizeof(*mt->hits), cmp_int);
	for (i = 0; i < mt->nr_hits;) {
		int section = mt->pats[mt->hits[i]].section, depth = 0, pdepth;
		bool excluded = false, matched = false;
		size_t j;

		for (j = i; j < mt->nr_hits &&
			    mt->pats[mt->hits[j]].section == section; j++)
			if (mt->pats[mt->hits[j]].type == 'X')
				excluded = true;
		for (; !excluded && i < j; i++) {
			const struct pattern *p = &mt->pats[mt->hits[i]];
			const struct mnt_section *s = &mt->m->sections[section];

			if (p->type == 'N') {
				depth = 0;
				matched = true;
				continue;
			}
			if (p->type != 'F')
				continue;
			pdepth = depth_of(p);
			if (pdepth >= slashes && s->maintained &&
			    s->has_maintainer)
				res->exact = true;
			if (!pattern_depth || slashes - pdepth < pattern_depth) {
				depth = pdepth;
				matched = true;
			}
		}
		i = j;
		if (matched) {
			ALLOC_GROW(res->hits, res->nr + 1, res->alloc);
			res->hits[res->nr].section = section;
			res->hits[res->nr].depth = depth;
			res->nr++;
		}
	}
	/* every hit may have been excluded: qsort() must not see NULL */
	if (res->nr > 1)
		qsort(res->hits, res->nr, sizeof(*res->hits), cmp_hit);
}

static bool has_maintainer(const struct matcher *mt,
			   const struct match_result *res)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		if (mt->m->sections[res->hits[i].section].has_maintainer)
			return true;
	return false;
}

void matcher_lookup(struct matcher *mt, const char *path, int pattern_depth,
		    struct match_result *res)
{
	struct match_result def = { 0 };
	size_t i, j;

	lookup(mt, path, pattern_depth, res);
	if (mt->m->dialect != MNT_EDK2 || !strcmp(path, MNT_EDK2_DEFAULT) ||
	    has_maintainer(mt, res))
		return;
	/*
	 * GetMaintainer.py: a path that no section gives an M: takes,
	 * besides what it has, the sections of the name "<default>" (no
	 * file has it: edk2's "F: *" catches it, top-level files only).
	 */
	lookup(mt, MNT_EDK2_DEFAULT, pattern_depth, &def);
	for (i = 0; i < def.nr; i++) {
		for (j = 0; j < res->nr; j++)
			if (res->hits[j].section == def.hits[i].section)
				break;
		if (j < res->nr)
			continue;
		ALLOC_GROW(res->hits, res->nr + 1, res->alloc);
		res->hits[res->nr++] = def.hits[i];
	}
	match_result_release(&def);
}

/*
 * Everything a lookup's answer depends on besides the path: the dialect
 * and options, each section's M: and S: as far as "exact" and edk2's
 * <default> read them, and each F:/X:/N: pattern with its section, its
 * value and what the file system said of it (a value naming a directory
 * matches as "value/").  Asking now what lookups would ask lazily costs
 * a stat() per value that may name a directory.
 */
void matcher_describe(struct matcher *mt, struct strbuf *out)
{
	const struct maintainers *m = mt->m;
	size_t i;

	strbuf_addf(out, "matcher 1 dialect %d globstar %d sections %zu\n",
		    (int)m->dialect, (int)mt->globstar, m->nr_sections);
	for (i = 0; i < m->nr_sections; i++)
		strbuf_addch(out, '0' + m->sections[i].maintained +
			     2 * m->sections[i].has_maintainer);
	strbuf_addch(out, '\n');
	for (i = 0; i < mt->nr_pats; i++) {
		struct pattern *p = &mt->pats[i];
		const char *value = m->entries[p->entry].value;
		int dir = p->dir;

		if (p->maybe_dir)
			dir = 2 + pattern_is_dir(p, value);
		if (p->re >= 0)
			dir += 4 * mt->res[p->re].slash;
		strbuf_addf(out, "%c %d %d ", p->type, p->section, dir);
		strbuf_add(out, value, strlen(value) + 1);
	}
}

size_t matcher_sections(const struct matcher *mt)
{
	return mt->m->nr_sections;
}

int matcher_errors(const struct matcher *mt)
{
	return mt->nr_errors;
}

int matcher_check_all(struct matcher *mt, bool keywords)
{
	size_t i;

	for (i = 0; i < mt->nr_res; i++)
		re_match(mt, &mt->res[i], "", 0);
	for (i = 0; keywords && i < mt->nr_kws; i++) {
		re_match(mt, &mt->kws[i].plain, "", 0);
		re_match(mt, &mt->kws[i].diff, "", 0);
	}
	return mt->nr_errors;
}

void match_result_release(struct match_result *res)
{
	free(res->hits);
	memset(res, 0, sizeof(*res));
}

static bool has_high_byte(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] & 0x80)
			return true;
	return false;
}

/* memmem(), case-blind for ASCII letters when @icase */
static bool holds(const char *text, size_t len, const char *s, bool icase)
{
	size_t n = strlen(s), i;

	if (!icase)
		return memmem(text, len, s, n) != NULL;
	for (i = 0; i + n <= len; i++)
		if (!strncasecmp(text + i, s, n))
			return true;
	return false;
}

/*
 * Can @k match @text?  Not if it holds none of k's strings, unless the
 * strings are case-blind and @text has non-ASCII bytes: under Unicode
 * rules 'k' and 's' also match U+212A and U+017F.
 */
static bool may_match(const struct keyword *k, const char *text, size_t len)
{
	size_t i;

	if (!k->req.nr)
		return true;
	for (i = 0; i < k->req.nr; i++)
		if (holds(text, len, k->req.v[i], k->req.icase))
			return true;
	return k->req.icase && has_high_byte(text, len);
}

static void add_pair(struct matcher *mt, unsigned int c0, unsigned int c1)
{
	unsigned int pair = c0 << 8 | c1;

	mt->lit_pairs[pair / 64] |= (uint64_t)1 << (pair % 64);
}

static void index_strings(struct matcher *mt)
{
	size_t i, j, nr = 0;

	for (i = 0; i < mt->nr_kws; i++)
		nr += 2 * mt->kws[i].req.nr;
	mt->lit_refs = arena_alloc(&mt->arena, (nr + 1) * sizeof(*mt->lit_refs));
	mt->lit_pairs = arena_alloc(&mt->arena, 65536 / 8);
	memset(mt->lit_pairs, 0, 65536 / 8);
	memset(mt->lit_first, 0xff, sizeof(mt->lit_first));
	nr = 0;
	for (i = 0; i < mt->nr_kws; i++) {
		const struct required_strings *rs = &mt->kws[i].req;

		for (j = 0; j < rs->nr; j++) {
			unsigned int c0 = (unsigned char)rs->v[j][0];
			unsigned int c1 = (unsigned char)rs->v[j][1];
			unsigned int first[2] = { c0, c0 };
			int k;

			add_pair(mt, c0, c1);
			if (rs->icase) {
				first[0] = (unsigned int)tolower((int)c0);
				first[1] = (unsigned int)toupper((int)c0);
				add_pair(mt, first[0], (unsigned int)tolower((int)c1));
				add_pair(mt, first[0], (unsigned int)toupper((int)c1));
				add_pair(mt, first[1], (unsigned int)tolower((int)c1));
				add_pair(mt, first[1], (unsigned int)toupper((int)c1));
			}
			for (k = 0; k < (first[0] == first[1] ? 1 : 2); k++) {
				struct lit_ref *r = &mt->lit_refs[nr++];

				r->kw = (int)i;
				r->str = (int)j;
				r->len = strlen(rs->v[j]);
				r->next = mt->lit_first[first[k]];
				mt->lit_first[first[k]] = (int)(r - mt->lit_refs);
			}
		}
	}
}

void matcher_keywords_text(struct matcher *mt, const char *text, size_t len)
{
	size_t i, missing = 0;
	int high = -1;

	free(mt->live);
	mt->live = NULL;
	mt->nr_live = 0;
	for (i = 0; i < mt->nr_kws; i++) {
		struct keyword *k = &mt->kws[i];

		k->absent = text && k->req.nr;
		if (k->absent && k->req.icase) {
			if (high < 0)
				high = has_high_byte(text, len);
			k->absent = !high;
		}
		missing += k->absent;
	}
	if (!missing)
		return;
	if (!mt->lit_pairs)
		index_strings(mt);
	/*
	 * One pass: where two bytes begin some string, compare the strings
	 * that begin with them.  A patch is read once; a memmem() per
	 * string cost ten times as much.
	 */
	for (i = 0; i + 1 < len && missing; i++) {
		unsigned int c0 = (unsigned char)text[i];
		unsigned int pair = c0 << 8 | (unsigned char)text[i + 1];
		int j;

		if (!(mt->lit_pairs[pair / 64] & (uint64_t)1 << (pair % 64)))
			continue;
		for (j = mt->lit_first[c0]; j >= 0; j = mt->lit_refs[j].next) {
			const struct lit_ref *r = &mt->lit_refs[j];
			struct keyword *k = &mt->kws[r->kw];
			const char *s = k->req.v[r->str];

			if (k->absent && r->len <= len - i &&
			    !(k->req.icase ? strncasecmp(text + i, s, r->len) :
			      memcmp(text + i, s, r->len))) {
				k->absent = false;
				missing--;
			}
		}
	}
	/* patch_read() asks about every line: only about these */
	mt->live = xmalloc((mt->nr_kws + 1) * sizeof(*mt->live));
	for (i = 0; i < mt->nr_kws; i++)
		if (!mt->kws[i].absent)
			mt->live[mt->nr_live++] = (int)i;
}

void matcher_keywords(struct matcher *mt, const char *text, size_t len,
		      bool diff_line, struct keyword_hits *hits)
{
	size_t i, j;


	for (i = 0; i < (mt->live ? mt->nr_live : mt->nr_kws); i++) {
		struct keyword *k = &mt->kws[mt->live ? (size_t)mt->live[i] : i];
		bool hit;

		/* every match holds one of k's strings: none, no match */
		if (k->absent || !may_match(k, text, len))
			hit = false;
		else if (!diff_line)
			hit = re_match(mt, &k->plain, text, len);
		else if (k->alternation)
			hit = re_match(mt, &k->diff, text, len);
		else if (!len || (text[0] != '+' && text[0] != '-'))
			hit = false;
		else
			/*
			 * "^[+-].*K" on a +/- line is K found from byte 1 on
			 * (".*" stops only at the line's own final newline),
			 * and an unanchored search skips ahead where ".*"
			 * would backtrack over every byte: ten times faster
			 * on a large patch.
			 */
			hit = re_match_from(mt, &k->plain, text, len, 1);
		if (!hit)
			continue;
		for (j = 0; j < hits->nr; j++)
			if (hits->entries[j] == k->entry)
				break;
		if (j == hits->nr) {
			ALLOC_GROW(hits->entries, hits->nr + 1, hits->alloc);
			hits->entries[hits->nr++] = k->entry;
		}
	}
}
