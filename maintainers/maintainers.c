// SPDX-License-Identifier: GPL-2.0
#include "maintainers.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"
#include "utf8.h"

const char *const mnt_known_names[] = {
	"MAINTAINERS",		/* the kernel, QEMU, Xen, xfstests, ... */
	"Maintainers.txt",	/* TianoCore edk2 */
	NULL
};

const char *mnt_find_name(const char *dir)
{
	const char *const *n;

	for (n = mnt_known_names; *n; n++) {
		char *path = dir && *dir ? xstrfmt("%s/%s", dir, *n) : xstrdup(*n);
		bool found = is_file(path) || is_dir(path);

		free(path);
		if (found)
			return *n;
	}
	return NULL;
}

const char *mnt_default_path(void)
{
	const char *n = mnt_find_name(NULL);

	return n ? n : mnt_known_names[0];
}

bool mnt_in_work_tree(void)
{
	return mnt_find_name(NULL) && is_file(mnt_default_path());
}

static const char *const dialect_names[] = {
	[MNT_KERNEL] = "kernel", [MNT_QEMU] = "qemu", [MNT_EDK2] = "edk2",
};

const char *mnt_dialect_name(enum mnt_dialect d)
{
	return dialect_names[d];
}

void maintainers_init(struct maintainers *m)
{
	memset(m, 0, sizeof(*m));
}

void maintainers_release(struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_files; i++) {
		free(m->files[i]);
		free(m->bufs[i]);
	}
	for (i = 0; i < m->nr_sections; i++)
		if (m->sections[i].heading < 0)
			free((char *)m->sections[i].name);
	for (i = 0; i < m->nr_diags; i++)
		free(m->diags[i].msg);
	free(m->files);
	free(m->bufs);
	free(m->file_first);
	free(m->diags);
	arena_release(&m->arena);
	maintainers_init(m);
}

void mnt_diag_add(struct maintainers *m, enum mnt_severity sev, int line,
		  const char *fmt, ...)
{
	struct mnt_diag *d;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (sev == MNT_WARNING && m->lean)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	ALLOC_GROW(m->diags, m->nr_diags + 1, m->alloc_diags);
	d = &m->diags[m->nr_diags++];
	d->severity = sev;
	d->line = line;
	d->file = line >= 0 ? mnt_line_file(m, line) : NULL;
	d->nr = line >= 0 ? mnt_line_nr(m, line) : 0;
	d->msg = strbuf_detach(&sb, NULL);
	if (sev == MNT_ERROR)
		m->nr_errors++;
}

void mnt_diag_print(const struct maintainers *m, bool warnings)
{
	size_t i;

	for (i = 0; i < m->nr_diags; i++) {
		const struct mnt_diag *d = &m->diags[i];

		if (d->severity == MNT_WARNING && !warnings)
			continue;
		fprintf(stderr, "%s:%d: %s: %s\n", d->file ? d->file : "?",
			d->nr, d->severity == MNT_ERROR ? "error" : "warning",
			d->msg);
	}
}

/* The file of line @line: the last one starting at or before it. */
static int line_file(const struct maintainers *m, int line)
{
	size_t lo = 0, hi = m->nr_files;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->file_first[mid] <= line)
			lo = mid;
		else
			hi = mid;
	}
	return (int)lo;
}

const char *mnt_line_file(const struct maintainers *m, int line)
{
	return m->files[m->lines ? m->lines[line].file : line_file(m, line)];
}

int mnt_line_nr(const struct maintainers *m, int line)
{
	if (m->lines)
		return m->lines[line].nr;
	return line - m->file_first[line_file(m, line)] + 1;
}

/* Perl's \s without Unicode: space, \t, \n, \v, \f, \r */
static inline bool perl_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

bool mnt_parse_field(const char *line, char *type, const char **value)
{
	const char *p;

	if (line[0] < 'A' || line[0] > 'Z' || line[1] != ':')
		return false;
	for (p = line + 2; perl_space(*p); p++)
		;
	*type = line[0];
	*value = p;
	return true;
}

static bool is_blank_or_comment(const char *s)
{
	while (perl_space(*s))
		s++;
	return !*s || *s == '#';
}

static const char known_fields[] = "MRLSWQBCPTFXNK";

static void check_field(struct maintainers *m, int li, char type,
			const char *value)
{
	const char *text = m->lines[li].text;

	if (!strchr(known_fields, type))
		mnt_diag_add(m, MNT_WARNING, li, "unknown field type '%c:'",
			     type);
	if (text[2] && text[2] != '\t')
		mnt_diag_add(m, MNT_WARNING, li,
			     "field '%c:' not followed by a tab", type);
	if (!*value)
		mnt_diag_add(m, MNT_WARNING, li, "empty field '%c:'", type);
	if ((type == 'M' || type == 'R') && *value) {
		if (!strchr(value, '@'))
			mnt_diag_add(m, MNT_WARNING, li,
				     "%c: has no email address", type);
		else if (!strchr(value, '<') && strchr(value, ' '))
			mnt_diag_add(m, MNT_WARNING, li,
				     "%c: address without angle brackets",
				     type);
	}
}

/* @owned: the caller's buffer, freed with @m; else it is in the arena */
static void add_buffer(struct maintainers *m, const char *name, char *buf,
		       size_t len, bool owned)
{
	int file = (int)m->nr_files;
	size_t pos = 0, nr_lines = 1;
	const char *p, *end = buf + len, *nul = memchr(buf, '\0', len);
	int nr = 0;

	m->files = xrealloc(m->files, (m->nr_files + 1) * sizeof(*m->files));
	m->bufs = xrealloc(m->bufs, (m->nr_files + 1) * sizeof(*m->bufs));
	m->file_first = xrealloc(m->file_first,
				 (m->nr_files + 1) * sizeof(*m->file_first));
	m->files[file] = xstrdup(name);
	m->bufs[file] = owned ? buf : NULL;
	m->file_first[file] = (int)m->nr_lines;
	m->nr_files++;

	/*
	 * Room for every line and entry at once, so that neither array
	 * moves while the other grows.  A lean model has entries alone,
	 * the arena's last allocation, which grows in place: no need to
	 * count the lines first.
	 */
	if (!m->lean) {
		for (p = buf; (p = memchr(p, '\n', (size_t)(end - p))); p++)
			nr_lines++;
		ARENA_GROW(&m->arena, m->lines, m->nr_lines + nr_lines,
			   m->alloc_lines);
		ARENA_GROW(&m->arena, m->entries, m->nr_entries + nr_lines,
			   m->alloc_entries);
	}

	while (pos < len) {
		char *line = buf + pos, *eol = memchr(line, '\n', len - pos);
		size_t l = eol ? (size_t)(eol - line) : len - pos, i;
		int li = (int)m->nr_lines++;
		struct mnt_line *ml = m->lean ? NULL : &m->lines[li];
		char type;
		const char *value;

		pos += l + (eol != NULL);
		line[l] = '\0';
		nr++;
		if (ml) {
			ml->text = line;
			ml->len = l;
			ml->file = file;
			ml->nr = nr;
			ml->entry = -1;
		}

		/*
		 * The buffer's next NUL, found once for all the lines; after
		 * this line's end, which is now a NUL of ours.
		 */
		if (nul && nul < line + l) {
			mnt_diag_add(m, MNT_ERROR, li,
				     "NUL byte in line; the rest of the line is ignored");
			nul = buf + pos < end ?
			      memchr(buf + pos, '\0', (size_t)(end - buf - pos)) :
			      NULL;
		}
		for (i = 0; !m->lean && i < l && line[i];) {
			uint64_t w;
			size_t n;

			/* eight ASCII bytes at a time: nearly every line is ASCII */
			if (i + 8 <= l) {
				memcpy(&w, line + i, 8);
				if (!(w & 0x8080808080808080ull)) {
					i += 8;
					continue;
				}
			}
			if (!((unsigned char)line[i] & 0x80)) {
				i++;
				continue;
			}
			n = utf8_seq((unsigned char *)line + i, l - i);

			if (!n) {
				mnt_diag_add(m, MNT_WARNING, li,
					     "invalid UTF-8 at column %zu", i + 1);
				break;
			}
			i += n;
		}
		if (is_blank_or_comment(line))
			continue;

		if (ml)
			ml->entry = (int)m->nr_entries;
		else
			ARENA_GROW(&m->arena, m->entries, m->nr_entries + 1,
				   m->alloc_entries);
		m->entries[m->nr_entries].line = li;
		m->entries[m->nr_entries].text = line;
		m->entries[m->nr_entries].section = -1;
		if (mnt_parse_field(line, &type, &value)) {
			m->entries[m->nr_entries].type = type;
			m->entries[m->nr_entries].value = value;
			if (!m->lean)
				check_field(m, li, type, value);
		} else {
			m->entries[m->nr_entries].type = 0;
			m->entries[m->nr_entries].value = line;
			if (!m->lean && islower((unsigned char)line[0]) &&
			    line[1] == ':')
				mnt_diag_add(m, MNT_WARNING, li,
					     "'%c:' is not a field (field letters are upper case)",
					     line[0]);
		}
		m->nr_entries++;
	}
}

void maintainers_add_buffer(struct maintainers *m, const char *name,
			    char *buf, size_t len)
{
	add_buffer(m, name, buf, len, true);
}

/*
 * Read @path into the arena, with a NUL after it: sized by fstat(), so
 * that no byte is copied twice, and grown should the file grow.
 */
static char *grow_arena(void *ctx, char *p, size_t alloc)
{
	struct maintainers *m = ctx;

	return arena_realloc(&m->arena, p, alloc, alloc * 2);
}

static int read_into_arena(struct maintainers *m, const char *path,
			   char **buf, size_t *len)
{
	struct stat st;
	size_t alloc;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret, err;

	if (fd < 0)
		return -1;
	/* a byte more than the file and its NUL: room to read its end */
	alloc = !fstat(fd, &st) && S_ISREG(st.st_mode) ?
		(size_t)st.st_size + 2 : 65536;
	*buf = arena_alloc(&m->arena, alloc);
	ret = read_fd(fd, buf, alloc, len, grow_arena, m);
	err = errno;
	close(fd);
	errno = err;
	return ret;
}

static int add_file(struct maintainers *m, const char *path)
{
	char *buf;
	size_t len;

	if (read_into_arena(m, path, &buf, &len))
		return error("cannot read MAINTAINERS file '%s': %s", path,
			     strerror(errno));
	if (!len)
		warning("%s: empty MAINTAINERS file", path);
	add_buffer(m, path, buf, len, false);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int maintainers_add_path(struct maintainers *m, const char *path)
{
	struct dirent *de;
	char **names = NULL;
	size_t nr = 0, alloc = 0, i;
	int ret = 0;
	DIR *dir;

	if (!is_dir(path))
		return add_file(m, path);
	/*
	 * The script takes readdir() order, which differs between file
	 * systems; name order gives every machine the same answer.
	 */
	dir = opendir(path);
	if (!dir)
		return error("cannot open MAINTAINERS directory '%s': %s",
			     path, strerror(errno));
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = xstrfmt("%s%s%s", path,
				      ends_with(path, "/") ? "" : "/",
				      de->d_name);
	}
	closedir(dir);
	if (!nr)
		ret = error("no MAINTAINERS files found in '%s'", path);
	if (nr > 1)	/* names is NULL when nothing was found */
		qsort(names, nr, sizeof(*names), cmp_str);
	for (i = 0; i < nr; i++) {
		if (!ret && add_file(m, names[i]))
			ret = -1;
		free(names[i]);
	}
	free(names);
	return ret;
}

static void find_files(const char *dir, char ***names, size_t *nr,
		       size_t *alloc)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    !strcmp(de->d_name, ".git"))
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR ||
		    (de->d_type == DT_UNKNOWN && is_dir(path))) {
			find_files(path, names, nr, alloc);
			free(path);
		} else if (!strcmp(de->d_name, "MAINTAINERS") && is_file(path)) {
			ALLOC_GROW(*names, *nr + 1, *alloc);
			(*names)[(*nr)++] = path;
		} else {
			free(path);
		}
	}
	closedir(d);
}

int maintainers_find_files(struct maintainers *m, const char *dir)
{
	char **names = NULL;
	size_t nr = 0, alloc = 0, i;
	int ret = 0;
	char *top = xstrdup(dir);

	while (strlen(top) > 1 && ends_with(top, "/"))
		top[strlen(top) - 1] = '\0';
	find_files(top, &names, &nr, &alloc);
	free(top);
	if (!nr)
		ret = error("no MAINTAINERS files found in '%s'", dir);
	if (nr > 1)	/* names is NULL when nothing was found */
		qsort(names, nr, sizeof(*names), cmp_str);
	for (i = 0; i < nr; i++) {
		/* "./x/MAINTAINERS" is read as "x/MAINTAINERS", as git would name it */
		const char *name = starts_with(names[i], "./") ? names[i] + 2 : names[i];

		if (!ret && add_file(m, name))
			ret = -1;
		free(names[i]);
	}
	free(names);
	return ret;
}

/* strcasestr() for a lower-case @word, without its set-up on every call */
static bool has_word_icase(const char *s, const char *word)
{
	size_t i;

	for (; *s; s++) {
		for (i = 0; word[i] && tolower((unsigned char)s[i]) == word[i]; i++)
			;
		if (!word[i])
			return true;
	}
	return false;
}

static bool matches_maintain_or_support(const char *s)
{
	return has_word_icase(s, "maintain") || has_word_icase(s, "support");
}

/* Are entries @a and @b on consecutive lines of one file? */
static bool adjacent(const struct maintainers *m, int a, int b)
{
	int la = m->entries[a].line, lb = m->entries[b].line;

	return lb == la + 1 && line_file(m, la) == line_file(m, lb);
}

static bool is_underline_text(const char *s)
{
	char c = *s;
	size_t n = 0;

	if (c != '-' && c != '=')
		return false;
	for (; *s == c; s++)
		n++;
	while (perl_space(*s))
		s++;
	return !*s && n >= 3;
}

bool mnt_is_underline(const struct maintainers *m, int entry)
{
	return entry > 0 && !m->entries[entry].type &&
	       !m->entries[entry - 1].type && adjacent(m, entry - 1, entry) &&
	       is_underline_text(m->entries[entry].text);
}

/* Is this "M: Name <addr> [github-handle]", as edk2 writes people? */
static bool has_handle(const char *value)
{
	const char *p = strchr(value, '>');

	if (!p)
		return false;
	for (p++; perl_space(*p); p++)
		;
	return *p == '[' && strchr(p, ']');
}

static bool is_basename(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');

	return !strcmp(slash ? slash + 1 : path, name);
}

/*
 * edk2's file by its name or its people's GitHub handles; QEMU's by
 * fields written with a space and titles underlined with dashes (both:
 * a kernel-style file with one of them is still the kernel's).
 */
static enum mnt_dialect detect_dialect(const struct maintainers *m)
{
	size_t i, tab = 0, space = 0;
	bool underline = false;

	for (i = 0; i < m->nr_files; i++)
		if (is_basename(m->files[i], "Maintainers.txt"))
			return MNT_EDK2;
	for (i = 0; i < m->nr_entries; i++) {
		const struct mnt_entry *e = &m->entries[i];

		if (!e->type) {
			underline = underline || mnt_is_underline(m, (int)i);
			continue;
		}
		if ((e->type == 'M' || e->type == 'R') && has_handle(e->value))
			return MNT_EDK2;
		if (e->text[2] == '\t')
			tab++;
		else if (e->text[2] == ' ')
			space++;
	}
	return underline && space > tab ? MNT_QEMU : MNT_KERNEL;
}

static const char edk2_tags[] = "LMRWTSFX";

/*
 * GetMaintainer.py reads a line as a tag only if its letter is one it
 * knows and its value, "\r" taken off, is not empty; any other line ends
 * the section.  CRLF is how edk2 writes every file: the '\r' goes.
 */
static void edk2_entries(struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr_entries; i++) {
		struct mnt_entry *e = &m->entries[i];
		char *end = (char *)e->text + strlen(e->text);

		while (end > e->text && end[-1] == '\r')
			*--end = '\0';
		if (m->lines)
			m->lines[e->line].len = (size_t)(end - e->text);
		if (e->type && (!strchr(edk2_tags, e->type) || !*e->value)) {
			e->type = 0;
			e->value = e->text;
		}
	}
}

void maintainers_finish(struct maintainers *m)
{
	size_t i = 0;

	if (!m->dialect_set)
		m->dialect = detect_dialect(m);
	if (m->dialect == MNT_EDK2)
		edk2_entries(m);
	while (i < m->nr_entries) {
		struct mnt_section *s;
		size_t j;

		if (!m->entries[i].type) {
			i++;
			continue;
		}
		ARENA_GROW(&m->arena, m->sections, m->nr_sections + 1,
			   m->alloc_sections);
		s = &m->sections[m->nr_sections];
		memset(s, 0, sizeof(*s));
		s->first = (int)i;
		while (i < m->nr_entries && m->entries[i].type &&
		       (m->dialect != MNT_EDK2 || (int)i == s->first ||
			adjacent(m, (int)i - 1, (int)i)))
			i++;
		s->end = (int)i;
		if (s->first > 0) {
			s->heading = s->first - 1;
			/* "Title\n-----\nM: ...": the title names it */
			if (mnt_is_underline(m, s->heading))
				s->heading--;
			s->name = m->entries[s->heading].text;
		} else {
			s->heading = -1;
			s->name = xstrdup(m->entries[0].text);
			mnt_diag_add(m, MNT_WARNING, m->entries[0].line,
				     "fields before any section name");
		}
		for (j = (size_t)s->first; j < (size_t)s->end; j++) {
			struct mnt_entry *e = &m->entries[j];

			e->section = (int)m->nr_sections;
			if (e->type == 'S') {
				s->status = e->value;
				if (matches_maintain_or_support(e->value))
					s->maintained = true;
			} else if (e->type == 'M') {
				s->has_maintainer = true;
			}
		}
		/* GetMaintainer.py warns of a status, never of its absence */
		if (m->dialect == MNT_EDK2 && !s->status)
			s->maintained = true;
		m->nr_sections++;
	}
}

char *mnt_section_short_name(const struct mnt_section *s)
{
	const char *p = s->name;
	size_t chars = 0, cut = 0, len;
	char *out;

	/* The script counts characters, not bytes. */
	for (len = 0; p[len]; len++) {
		if (((unsigned char)p[len] & 0xc0) != 0x80) {
			if (chars == 47)
				cut = len;
			chars++;
		}
	}
	if (chars <= 50)
		return xstrdup(p);
	while (cut > 0 && strchr(" \t\n\v\f\r", p[cut - 1]))
		cut--;
	out = xmalloc(cut + 4);
	memcpy(out, p, cut);
	memcpy(out + cut, "...", 4);
	return out;
}

char *mnt_glob_to_regex(const char *value)
{
	return mnt_glob_convert(value, true);
}

char *mnt_glob_convert(const char *value, bool check_dir)
{
	/* at most two bytes for one, and room for a '/' */
	char *out = xmalloc(2 * strlen(value) + 2), *q = out;
	const char *p;

	for (p = value; *p; p++) {
		if (*p == '.') {
			*q++ = '\\';
			*q++ = '.';
		} else if (*p == '*') {
			*q++ = '.';
			*q++ = '*';
		} else {
			*q++ = *p == '?' ? '.' : *p;
		}
	}
	*q = '\0';
	if (check_dir && q > out && q[-1] != '/' && is_dir(out)) {
		*q++ = '/';
		*q = '\0';
	}
	return out;
}

char *mnt_edk2_regex(const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = value; *p; p++) {
		if (*p == '.')
			strbuf_addstr(&sb, "\\.");
		else if (*p == '?')
			strbuf_addch(&sb, '.');
		else if (*p == '*')
			strbuf_addstr(&sb, ".*");
		else
			strbuf_addch(&sb, *p);
	}
	if (ends_with(sb.buf, "/")) {
		strbuf_addstr(&sb, ".*");
	} else if (ends_with(sb.buf, ".*")) {
		strbuf_setlen(&sb, sb.len - 2);
		strbuf_addstr(&sb, "(?!.*?/.*?)");
	}
	return strbuf_detach(&sb, NULL);
}
