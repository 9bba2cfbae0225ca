// SPDX-License-Identifier: GPL-2.0
#include "git-mailmap.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run-command.h"

/* A name-matching line: for commits by @old_name at this address. */
struct mm_name {
	char *old_name;
	char *name, *email;	/* either may be NULL */
};

/* Everything known about one (case-folded) commit address. */
struct mm_entry {
	char *key;		/* lower-cased address */
	char *name, *email;	/* the simple mapping; either may be NULL */
	struct mm_name *names;
	size_t nr_names, alloc_names;
};

struct ident_mailmap {
	struct mm_entry **table;	/* open addressing, power-of-two size */
	size_t size, nr;
};

struct ident_mailmap *ident_mailmap_new(void)
{
	struct ident_mailmap *mm = xcalloc(1, sizeof(*mm));

	mm->size = 64;
	mm->table = xcalloc(mm->size, sizeof(*mm->table));
	return mm;
}

void ident_mailmap_free(struct ident_mailmap *mm)
{
	size_t i, j;

	if (!mm)
		return;
	for (i = 0; i < mm->size; i++) {
		struct mm_entry *e = mm->table[i];

		if (!e)
			continue;
		for (j = 0; j < e->nr_names; j++) {
			free(e->names[j].old_name);
			free(e->names[j].name);
			free(e->names[j].email);
		}
		free(e->names);
		free(e->key);
		free(e->name);
		free(e->email);
		free(e);
	}
	free(mm->table);
	free(mm);
}

size_t ident_mailmap_size(const struct ident_mailmap *mm)
{
	return mm->nr;
}

/* Hash of the ASCII-lower-cased bytes, so lookups need no copy. */
static uint32_t fold_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ (unsigned char)tolower((unsigned char)*s++)) * 16777619u;
	return h;
}

static size_t probe(const struct ident_mailmap *mm, const char *key,
		    size_t len)
{
	size_t mask = mm->size - 1, i = fold_hash(key, len) & mask;

	while (mm->table[i]) {
		const char *k = mm->table[i]->key;

		if (strlen(k) == len && !strncasecmp(k, key, len))
			break;
		i = (i + 1) & mask;
	}
	return i;
}

static struct mm_entry *find_entry(const struct ident_mailmap *mm,
				   const char *key)
{
	return mm->table[probe(mm, key, strlen(key))];
}

static struct mm_entry *get_entry(struct ident_mailmap *mm, const char *key)
{
	size_t i, len = strlen(key);
	struct mm_entry *e;

	if (2 * (mm->nr + 1) > mm->size) {
		struct mm_entry **old = mm->table;
		size_t oldsize = mm->size;

		mm->size *= 2;
		mm->table = xcalloc(mm->size, sizeof(*mm->table));
		for (i = 0; i < oldsize; i++)
			if (old[i])
				mm->table[probe(mm, old[i]->key,
						strlen(old[i]->key))] = old[i];
		free(old);
	}
	i = probe(mm, key, len);
	if (mm->table[i])
		return mm->table[i];
	e = xcalloc(1, sizeof(*e));
	e->key = xstrdup(key);
	for (char *p = e->key; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	mm->table[i] = e;
	mm->nr++;
	return e;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* git's add_mapping(). */
static void add_mapping(struct ident_mailmap *mm, const char *new_name,
			const char *new_email, const char *old_name,
			const char *old_email)
{
	struct mm_entry *e;
	size_t i;

	if (!old_email) {
		old_email = new_email;
		new_email = NULL;
	}
	e = get_entry(mm, old_email);
	if (!old_name) {
		if (new_name) {
			free(e->name);
			e->name = xstrdup(new_name);
		}
		if (new_email) {
			free(e->email);
			e->email = xstrdup(new_email);
		}
		return;
	}
	for (i = 0; i < e->nr_names; i++)
		if (!strcasecmp(e->names[i].old_name, old_name))
			break;
	if (i == e->nr_names) {
		ALLOC_GROW(e->names, e->nr_names + 1, e->alloc_names);
		e->names[e->nr_names++].old_name = xstrdup(old_name);
	} else {
		free(e->names[i].name);
		free(e->names[i].email);
	}
	e->names[i].name = dup_or_null(new_name);
	e->names[i].email = dup_or_null(new_email);
}

/*
 * git's parse_name_and_email(): split "  Name  <email>rest" in place.
 * Returns the rest, or NULL when there is none (or no address).
 */
static char *parse_name_and_email(char *buffer, char **name, char **email,
				  int allow_empty_email)
{
	char *left, *right, *nstart, *nend;

	*name = *email = NULL;
	left = strchr(buffer, '<');
	if (!left)
		return NULL;
	right = strchr(left + 1, '>');
	if (!right)
		return NULL;
	if (!allow_empty_email && left + 1 == right)
		return NULL;
	nstart = buffer;
	while (isspace((unsigned char)*nstart) && nstart < left)
		++nstart;
	nend = left - 1;
	while (nend > nstart && isspace((unsigned char)*nend))
		--nend;
	*name = nstart <= nend ? nstart : NULL;
	*email = left + 1;
	*(nend + 1) = '\0';
	*right++ = '\0';
	return *right ? right : NULL;
}

static void add_line(struct ident_mailmap *mm, char *line)
{
	char *name1, *email1, *name2 = NULL, *email2 = NULL, *rest;

	if (line[0] == '#')
		return;
	rest = parse_name_and_email(line, &name1, &email1, 0);
	if (rest)
		parse_name_and_email(rest, &name2, &email2, 1);
	if (email1)
		add_mapping(mm, name1, email1, name2, email2);
}

void ident_mailmap_add(struct ident_mailmap *mm, const char *buf, size_t len)
{
	struct strbuf line = STRBUF_INIT;
	const char *end = buf + len;

	while (buf < end) {
		const char *nl = memchr(buf, '\n', (size_t)(end - buf));
		size_t n = nl ? (size_t)(nl - buf) : (size_t)(end - buf);

		/* A NUL would end git's line early; do the same. */
		strbuf_reset(&line);
		strbuf_add(&line, buf, strnlen(buf, n));
		add_line(mm, line.buf);
		buf += n + (nl != NULL);
	}
	strbuf_release(&line);
}

/*
 * @text collects what was read, so that the index can tell when the
 * mailmap changed; @label names the source there.  It must not hold the
 * work tree's absolute path, or moving a repository would look like a
 * new mailmap.
 */
static int add_fd(struct ident_mailmap *mm, int fd, const char *path,
		  const char *label, struct strbuf *text)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			error("cannot read mailmap '%s': %s", path,
			      strerror(errno));
			strbuf_release(&sb);
			return -1;
		}
		strbuf_add(&sb, buf, (size_t)n);
	}
	ident_mailmap_add(mm, sb.buf, sb.len);
	if (text) {
		strbuf_addf(text, "# file %s\n", label);
		strbuf_add(text, sb.buf, sb.len);
		strbuf_addch(text, '\n');
	}
	strbuf_release(&sb);
	return 0;
}

static int add_file(struct ident_mailmap *mm, const char *path, bool nofollow,
		    struct strbuf *text)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0));
	int rc;

	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		return error("cannot open mailmap '%s': %s", path,
			     strerror(errno));
	}
	/* the work tree's own .mailmap is the only one read nofollow */
	rc = add_fd(mm, fd, path, nofollow ? ".mailmap" : path, text);
	close(fd);
	return rc;
}

int ident_mailmap_add_file(struct ident_mailmap *mm, const char *path)
{
	return add_file(mm, path, false, NULL);
}

/* "git ARGS" with its output's last newline removed; -1 if it fails. */
static int git_value(struct strbuf *out, const char **args)
{
	struct strbuf err = STRBUF_INIT;
	int rc;

	strbuf_reset(out);
	rc = capture_git(args, out, &err);
	strbuf_release(&err);
	if (rc)
		return -1;
	if (out->len && out->buf[out->len - 1] == '\n')
		strbuf_setlen(out, out->len - 1);
	return 0;
}

/*
 * Is the repository bare, and its work tree's top (@top, "" for none):
 * one git for both, which fails after its first line where there is no
 * work tree (a bare repository, inside .git).  0, or -1 outside one.
 */
static int repo_shape(bool *bare, struct strbuf *top)
{
	static const char *args[] = {
		"rev-parse", "--is-bare-repository", "--show-toplevel", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int rc = capture_git(args, &out, &err);
	const char *nl = strchrnul(out.buf, '\n');
	size_t first = (size_t)(nl - out.buf);

	strbuf_release(&err);
	strbuf_reset(top);
	*bare = first == 4 && !memcmp(out.buf, "true", 4);
	if (!*bare && (first != 5 || memcmp(out.buf, "false", 5))) {
		strbuf_release(&out);
		return -1;
	}
	if (!rc && *nl) {
		strbuf_addstr(top, nl + 1);
		if (top->len && top->buf[top->len - 1] == '\n')
			strbuf_setlen(top, top->len - 1);
	}
	strbuf_release(&out);
	return 0;
}

/*
 * mailmap.blob and whether mailmap.file is set, as git config --get
 * gives them (the last value wins), from one git; mailmap.file itself
 * is asked with --path, as git reads it, only when it is set.
 */
static void mailmap_config(struct strbuf *blob, bool *has_blob, bool *has_file)
{
	static const char *args[] = {
		"config", "-z", "--get-regexp", "^mailmap\\.(blob|file)$", NULL
	};
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *p, *end;

	*has_blob = *has_file = false;
	if (capture_git(args, &out, &err))
		goto out;
	/* -z: "key\nvalue\0" each */
	for (p = out.buf, end = out.buf + out.len; p < end; p += strlen(p) + 1) {
		const char *nl = strchr(p, '\n');

		if (starts_with(p, "mailmap.file")) {
			*has_file = true;
		} else {
			/* a key without "=": set, and empty */
			*has_blob = true;
			strbuf_reset(blob);
			if (nl)
				strbuf_addstr(blob, nl + 1);
		}
	}
out:
	strbuf_release(&out);
	strbuf_release(&err);
}

int ident_mailmap_load_repo(struct ident_mailmap *mm, struct strbuf *text)
{
	static const char *file_args[] = {
		"config", "--path", "--get", "mailmap.file", NULL
	};
	struct strbuf val = STRBUF_INIT, blob = STRBUF_INIT;
	bool bare, has_blob, has_file;
	int rc = 0;

	if (repo_shape(&bare, &val)) {
		strbuf_release(&val);
		return error("not a git repository");
	}
	if (!bare && val.len) {
		char *path = xstrfmt("%s/.mailmap", val.buf);

		/* git reads it with MAILMAP_NOFOLLOW. */
		if (add_file(mm, path, true, text))
			rc = -1;
		free(path);
	}

	mailmap_config(&blob, &has_blob, &has_file);
	if (!has_blob && bare)
		strbuf_addstr(&blob, "HEAD:.mailmap");
	if (blob.len) {
		const char *args[] = { "cat-file", "blob", blob.buf, NULL };
		struct strbuf content = STRBUF_INIT, err = STRBUF_INIT;

		/* A blob that does not exist is no mailmap, as in git. */
		if (!capture_git(args, &content, &err)) {
			ident_mailmap_add(mm, content.buf, content.len);
			if (text) {
				strbuf_addf(text, "# blob %s\n", blob.buf);
				strbuf_add(text, content.buf, content.len);
				strbuf_addch(text, '\n');
			}
		}
		strbuf_release(&content);
		strbuf_release(&err);
	}

	if (has_file && !git_value(&val, file_args) && val.len)
		if (add_file(mm, val.buf, false, text))
			rc = -1;
	strbuf_release(&val);
	strbuf_release(&blob);
	return rc;
}

bool ident_map(const struct ident_mailmap *mm, const char **name,
	       const char **email)
{
	const struct mm_entry *e = find_entry(mm, *email);
	const char *nn, *ne;
	size_t i;

	if (!e)
		return false;
	nn = e->name;
	ne = e->email;
	for (i = 0; i < e->nr_names; i++) {
		if (!strcasecmp(e->names[i].old_name, *name)) {
			nn = e->names[i].name;
			ne = e->names[i].email;
			break;
		}
	}
	if (!nn && !ne)
		return false;
	if (ne)
		*email = ne;
	if (nn)
		*name = nn;
	return true;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void add_trimmed(struct strbuf *sb, const char *s, size_t len)
{
	while (len && is_blank(*s)) {
		s++;
		len--;
	}
	while (len && is_blank(s[len - 1]))
		len--;
	/* "\"Last, First\"" -> Last, First */
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	strbuf_add(sb, s, len);
}

/*
 * Could [@a, @b) be a bare address?  Its local part in RFC 5322's atext
 * (and dots), its domain in letters, digits, '-', '_' and dots; bytes
 * past ASCII allowed in both (internationalized mail).  Markup around
 * an '@' ("alert(22)'&@x.y") is none.
 */
static bool bare_address(const char *a, const char *at, const char *b)
{
	static const char atext[] = "!#$%&'*+-/=?^_`{|}~.";
	const char *p;

	for (p = a; p < b; p++) {
		unsigned char c = (unsigned char)*p;

		if (p == at || c >= 0x80 || isalnum(c))
			continue;
		if (p < at ? !strchr(atext, c) : c != '-' && c != '_' && c != '.')
			return false;
	}
	return true;
}

bool ident_parse(const char *s, size_t len, struct strbuf *name,
		 struct strbuf *email)
{
	const char *lt = memchr(s, '<', len), *gt, *at, *a, *b;

	strbuf_reset(name);
	strbuf_reset(email);
	if (lt) {
		gt = memchr(lt + 1, '>', len - (size_t)(lt + 1 - s));
		if (gt && gt > lt + 1 && memchr(lt + 1, '@', (size_t)(gt - lt - 1))) {
			add_trimmed(name, s, (size_t)(lt - s));
			add_trimmed(email, lt + 1, (size_t)(gt - lt - 1));
			return email->len > 0;
		}
	}
	/* A bare address: the blank-separated word holding the first '@'. */
	at = memchr(s, '@', len);
	if (!at)
		return false;
	a = at;
	while (a > s && !is_blank(a[-1]) && a[-1] != '<' && a[-1] != '(')
		a--;
	b = at;
	while (b < s + len && !is_blank(*b) && *b != '>' && *b != ')' &&
	       *b != ',' && *b != ';')
		b++;
	if (a == at || b == at + 1 || !bare_address(a, at, b))
		return false;
	strbuf_add(email, a, (size_t)(b - a));
	return true;
}
