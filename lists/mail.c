// SPDX-License-Identifier: GPL-2.0
#include "mail.h"

#include <ctype.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dlfcn.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "git-mailmap.h"
#include "patch.h"

/*
 * GMime is loaded when a mail is first read, not when kmaint starts:
 * linked in, it and what it needs (GIO, GPGME, libidn2...) cost every
 * command some milliseconds of dynamic loading, and kmaint get runs
 * once per patch.  Every GMime and GLib function used here is called
 * through a pointer of the function's own type; the names below make
 * the calls, GMime's macros included, go through them.
 */
#define GMIME_SONAME "libgmime-3.0.so.0"

/*
 * Sanitizer builds link GMime instead (KMAINT_GMIME_LINKED): LeakSanitizer
 * crashes scanning the thread-local storage of libraries loaded by
 * dlopen() (clang 14, glibc 2.36).
 */
#ifndef KMAINT_GMIME_LINKED
#define GMIME_FUNCS(X) \
	X(g_byte_array_new_take) \
	X(g_date_time_get_utc_offset) \
	X(g_date_time_to_unix) \
	X(g_date_time_unref) \
	X(g_free) \
	X(g_mime_content_type_get_media_subtype) \
	X(g_mime_content_type_get_media_type) \
	X(g_mime_content_type_get_parameter) \
	X(g_mime_data_wrapper_write_to_stream) \
	X(g_mime_filter_charset_new) \
	X(g_mime_init) \
	X(g_mime_message_foreach) \
	X(g_mime_message_get_addresses) \
	X(g_mime_message_get_date) \
	X(g_mime_message_get_from) \
	X(g_mime_message_get_message_id) \
	X(g_mime_message_get_sender) \
	X(g_mime_message_get_subject) \
	X(g_mime_object_get_content_type) \
	X(g_mime_object_get_header) \
	X(g_mime_object_get_type) \
	X(g_mime_parser_construct_message) \
	X(g_mime_parser_eos) \
	X(g_mime_parser_get_mbox_marker) \
	X(g_mime_parser_get_mbox_marker_offset) \
	X(g_mime_parser_new_with_stream) \
	X(g_mime_parser_options_free) \
	X(g_mime_parser_options_new) \
	X(g_mime_parser_options_set_fallback_charsets) \
	X(g_mime_parser_options_set_warning_callback) \
	X(g_mime_parser_set_format) \
	X(g_mime_parser_tell) \
	X(g_mime_part_get_content) \
	X(g_mime_part_get_filename) \
	X(g_mime_part_get_type) \
	X(g_mime_part_is_attachment) \
	X(g_mime_references_free) \
	X(g_mime_references_get_message_id) \
	X(g_mime_references_length) \
	X(g_mime_references_parse) \
	X(g_mime_stream_filter_add) \
	X(g_mime_stream_filter_get_type) \
	X(g_mime_stream_filter_new) \
	X(g_mime_stream_flush) \
	X(g_mime_stream_fs_new) \
	X(g_mime_stream_mem_get_byte_array) \
	X(g_mime_stream_mem_get_type) \
	X(g_mime_stream_mem_new) \
	X(g_mime_stream_mem_new_with_buffer) \
	X(g_mime_stream_mem_new_with_byte_array) \
	X(g_mime_stream_seek) \
	X(g_mime_utils_decode_8bit) \
	X(g_mime_utils_header_decode_date) \
	X(g_object_unref) \
	X(g_type_check_instance_cast) \
	X(g_type_check_instance_is_a) \
	X(g_utf8_validate) \
	X(internet_address_get_name) \
	X(internet_address_get_type) \
	X(internet_address_group_get_members) \
	X(internet_address_group_get_type) \
	X(internet_address_list_get_address) \
	X(internet_address_list_length) \
	X(internet_address_list_parse) \
	X(internet_address_mailbox_get_addr) \
	X(internet_address_mailbox_get_type)

#define X(f) static __typeof__(f) *p_##f;
GMIME_FUNCS(X)
#undef X

#define g_byte_array_new_take p_g_byte_array_new_take
#define g_date_time_get_utc_offset p_g_date_time_get_utc_offset
#define g_date_time_to_unix p_g_date_time_to_unix
#define g_date_time_unref p_g_date_time_unref
#define g_free p_g_free
#define g_mime_content_type_get_media_subtype p_g_mime_content_type_get_media_subtype
#define g_mime_content_type_get_media_type p_g_mime_content_type_get_media_type
#define g_mime_content_type_get_parameter p_g_mime_content_type_get_parameter
#define g_mime_data_wrapper_write_to_stream p_g_mime_data_wrapper_write_to_stream
#define g_mime_filter_charset_new p_g_mime_filter_charset_new
#define g_mime_init p_g_mime_init
#define g_mime_message_foreach p_g_mime_message_foreach
#define g_mime_message_get_addresses p_g_mime_message_get_addresses
#define g_mime_message_get_date p_g_mime_message_get_date
#define g_mime_message_get_from p_g_mime_message_get_from
#define g_mime_message_get_message_id p_g_mime_message_get_message_id
#define g_mime_message_get_sender p_g_mime_message_get_sender
#define g_mime_message_get_subject p_g_mime_message_get_subject
#define g_mime_object_get_content_type p_g_mime_object_get_content_type
#define g_mime_object_get_header p_g_mime_object_get_header
#define g_mime_object_get_type p_g_mime_object_get_type
#define g_mime_parser_construct_message p_g_mime_parser_construct_message
#define g_mime_parser_eos p_g_mime_parser_eos
#define g_mime_parser_get_mbox_marker p_g_mime_parser_get_mbox_marker
#define g_mime_parser_get_mbox_marker_offset p_g_mime_parser_get_mbox_marker_offset
#define g_mime_parser_new_with_stream p_g_mime_parser_new_with_stream
#define g_mime_parser_options_free p_g_mime_parser_options_free
#define g_mime_parser_options_new p_g_mime_parser_options_new
#define g_mime_parser_options_set_fallback_charsets p_g_mime_parser_options_set_fallback_charsets
#define g_mime_parser_options_set_warning_callback p_g_mime_parser_options_set_warning_callback
#define g_mime_parser_set_format p_g_mime_parser_set_format
#define g_mime_parser_tell p_g_mime_parser_tell
#define g_mime_part_get_content p_g_mime_part_get_content
#define g_mime_part_get_filename p_g_mime_part_get_filename
#define g_mime_part_get_type p_g_mime_part_get_type
#define g_mime_part_is_attachment p_g_mime_part_is_attachment
#define g_mime_references_free p_g_mime_references_free
#define g_mime_references_get_message_id p_g_mime_references_get_message_id
#define g_mime_references_length p_g_mime_references_length
#define g_mime_references_parse p_g_mime_references_parse
#define g_mime_stream_filter_add p_g_mime_stream_filter_add
#define g_mime_stream_filter_get_type p_g_mime_stream_filter_get_type
#define g_mime_stream_filter_new p_g_mime_stream_filter_new
#define g_mime_stream_flush p_g_mime_stream_flush
#define g_mime_stream_fs_new p_g_mime_stream_fs_new
#define g_mime_stream_mem_get_byte_array p_g_mime_stream_mem_get_byte_array
#define g_mime_stream_mem_get_type p_g_mime_stream_mem_get_type
#define g_mime_stream_mem_new p_g_mime_stream_mem_new
#define g_mime_stream_mem_new_with_buffer p_g_mime_stream_mem_new_with_buffer
#define g_mime_stream_mem_new_with_byte_array p_g_mime_stream_mem_new_with_byte_array
#define g_mime_stream_seek p_g_mime_stream_seek
#define g_mime_utils_decode_8bit p_g_mime_utils_decode_8bit
#define g_mime_utils_header_decode_date p_g_mime_utils_header_decode_date
#define g_object_unref p_g_object_unref
#define g_type_check_instance_cast p_g_type_check_instance_cast
#define g_type_check_instance_is_a p_g_type_check_instance_is_a
#define g_utf8_validate p_g_utf8_validate
#define internet_address_get_name p_internet_address_get_name
#define internet_address_get_type p_internet_address_get_type
#define internet_address_group_get_members p_internet_address_group_get_members
#define internet_address_group_get_type p_internet_address_group_get_type
#define internet_address_list_get_address p_internet_address_list_get_address
#define internet_address_list_length p_internet_address_list_length
#define internet_address_list_parse p_internet_address_list_parse
#define internet_address_mailbox_get_addr p_internet_address_mailbox_get_addr
#define internet_address_mailbox_get_type p_internet_address_mailbox_get_type
#endif

static const char *const problem_names[MAIL_NR_PROBLEMS] = {
	"no-message-id", "no-from", "bad-date", "broken-mime",
	"unknown-charset", "8bit-header", "binary-attachment", "large",
	"nul-bytes", "unreadable",
};

const char *mail_problem_name(unsigned bit)
{
	unsigned i;

	for (i = 0; i < MAIL_NR_PROBLEMS; i++)
		if (bit == 1u << i)
			return problem_names[i];
	return "?";
}

static pthread_once_t gmime_once = PTHREAD_ONCE_INIT;

static void gmime_start(void)
{
#ifndef KMAINT_GMIME_LINKED
	void *h = dlopen(GMIME_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		die("cannot load GMime 3, which reads mail: %s", dlerror());
#define X(f) \
	if (!(*(void **)&p_##f = dlsym(h, #f))) \
		die("%s: no %s", GMIME_SONAME, #f);
	GMIME_FUNCS(X)
#undef X
#endif
	g_mime_init();
}

void mail_init(void)
{
	pthread_once(&gmime_once, gmime_start);
}

/* Headers in raw 8-bit bytes: UTF-8 if they are, else ISO-8859-1. */
static const char *fallback_charsets[] = { "UTF-8", "ISO-8859-1", NULL };

static void on_warning(gint64 offset, GMimeParserWarning code,
		       const gchar *item, gpointer data)
{
	struct mail *m = data;

	switch (code) {
	case GMIME_WARN_UNENCODED_8BIT_HEADER:
		m->flags |= MAIL_8BIT_HEADER;
		break;
	case GMIME_WARN_MALFORMED_MULTIPART:
	case GMIME_WARN_TRUNCATED_MESSAGE:
	case GMIME_WARN_MALFORMED_MESSAGE:
	case GMIME_CRIT_INVALID_HEADER_NAME:
	case GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY:
	case GMIME_CRIT_NESTING_OVERFLOW:
	case GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT:
		m->flags |= MAIL_BROKEN_MIME;
		break;
	default:
		/* duplicated headers, odd parameters: common and harmless */
		break;
	}
}

static GMimeParserOptions *new_options(struct mail *m)
{
	GMimeParserOptions *o = g_mime_parser_options_new();

	g_mime_parser_options_set_fallback_charsets(o, fallback_charsets);
	g_mime_parser_options_set_warning_callback(o, on_warning, m);
	return o;
}

static char *dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

/* Fold runs of white space into one space and trim, in place. */
static void fold_space(char *s)
{
	char *d = s;
	bool space = false;

	while (*s && isspace((unsigned char)*s))
		s++;
	for (; *s; s++) {
		if (isspace((unsigned char)*s)) {
			space = true;
			continue;
		}
		if (space)
			*d++ = ' ';
		space = false;
		*d++ = *s;
	}
	*d = '\0';
}

/* The first mailbox of @list (groups are looked into); NULL if none. */
static InternetAddressMailbox *first_mailbox(InternetAddressList *list)
{
	int i, n = list ? internet_address_list_length(list) : 0;

	for (i = 0; i < n; i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);

		if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			const char *a = internet_address_mailbox_get_addr(
				INTERNET_ADDRESS_MAILBOX(ia));

			if (a && *a)
				return INTERNET_ADDRESS_MAILBOX(ia);
		} else if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			InternetAddressMailbox *mb = first_mailbox(
				internet_address_group_get_members(
					INTERNET_ADDRESS_GROUP(ia)));

			if (mb)
				return mb;
		}
	}
	return NULL;
}

static void set_addr(struct mail_addr *a, InternetAddressMailbox *mb)
{
	const char *name = internet_address_get_name(INTERNET_ADDRESS(mb));
	char *n = xstrdup(name ? name : "");

	fold_space(n);
	a->name = n;
	a->email = xstrdup(internet_address_mailbox_get_addr(mb));
}

static void add_addrs(InternetAddressList *list, struct mail_addr **v,
		      size_t *nr, size_t *alloc)
{
	int i, n = list ? internet_address_list_length(list) : 0;

	for (i = 0; i < n; i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);

		if (INTERNET_ADDRESS_IS_GROUP(ia)) {
			add_addrs(internet_address_group_get_members(
					  INTERNET_ADDRESS_GROUP(ia)), v, nr, alloc);
		} else if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			InternetAddressMailbox *mb = INTERNET_ADDRESS_MAILBOX(ia);
			const char *a = internet_address_mailbox_get_addr(mb);

			if (!a || !*a)
				continue;
			ALLOC_GROW(*v, *nr + 1, *alloc);
			set_addr(&(*v)[(*nr)++], mb);
		}
	}
}

static void add_ref(struct mail *m, const char *id)
{
	ALLOC_GROW(m->refs, m->nr_refs + 1, m->alloc_refs);
	m->refs[m->nr_refs++] = xstrdup(id);
}

static bool ieq(const char *a, const char *b)
{
	return a && b && !strcasecmp(a, b);
}

static bool iends(const char *s, const char *suffix)
{
	size_t n = s ? strlen(s) : 0, k = strlen(suffix);

	return n >= k && !strcasecmp(s + n - k, suffix);
}

/* Charsets that need no conversion to UTF-8 (ASCII is checked after). */
static bool utf8_compatible(const char *cs)
{
	return ieq(cs, "utf-8") || ieq(cs, "utf8") || ieq(cs, "us-ascii") ||
	       ieq(cs, "ascii");
}

/*
 * The decoded text of @part as UTF-8 into @out: transfer encodings
 * undone by GMime, the charset converted by its iconv filter; a charset
 * iconv does not know, or bytes that are not UTF-8 after all, go
 * through GMime's 8-bit decoder with the fallback charsets.
 */
static void part_text(GMimePart *part, GMimeParserOptions *opts,
		      struct mail *m, struct strbuf *out)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeContentType *ct = g_mime_object_get_content_type(GMIME_OBJECT(part));
	const char *cs = ct ? g_mime_content_type_get_parameter(ct, "charset") : NULL;
	GMimeFilter *filter = NULL;
	GMimeStream *mem;
	GByteArray *ba;
	size_t i, j;

	strbuf_reset(out);
	if (!w)
		return;
	if (cs && !utf8_compatible(cs)) {
		filter = g_mime_filter_charset_new(cs, "UTF-8");
		if (!filter)
			m->flags |= MAIL_UNKNOWN_CHARSET;
	}
	mem = g_mime_stream_mem_new();
	if (filter) {
		GMimeStream *fs = g_mime_stream_filter_new(mem);

		g_mime_stream_filter_add(GMIME_STREAM_FILTER(fs), filter);
		g_object_unref(filter);
		g_mime_data_wrapper_write_to_stream(w, fs);
		g_mime_stream_flush(fs);
		g_object_unref(fs);
	} else {
		g_mime_data_wrapper_write_to_stream(w, mem);
	}
	ba = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	if (ba && ba->len) {
		char *data = (char *)ba->data;
		size_t len = ba->len;

		/* NUL bytes end C strings: drop them */
		if (memchr(data, '\0', len)) {
			m->flags |= MAIL_NUL;
			for (i = j = 0; i < len; i++)
				if (data[i])
					data[j++] = data[i];
			len = j;
		}
		if (g_utf8_validate(data, (gssize)len, NULL)) {
			strbuf_add(out, data, len);
		} else {
			char *t = g_mime_utils_decode_8bit(opts, data, len);

			strbuf_addstr(out, t ? t : "");
			g_free(t);
		}
	}
	g_object_unref(mem);
}

/* Take one '>' off lines matching /^>+From /, in place. */
static void mbox_unescape(struct strbuf *sb)
{
	size_t i = 0, j = 0;

	while (i < sb->len) {
		size_t k = i;

		if (sb->buf[i] == '>') {
			while (k < sb->len && sb->buf[k] == '>')
				k++;
			if (sb->len - k >= 5 && !memcmp(sb->buf + k, "From ", 5))
				i++;
		}
		while (i < sb->len) {
			char c = sb->buf[i++];

			sb->buf[j++] = c;
			if (c == '\n')
				break;
		}
	}
	strbuf_setlen(sb, j);
}

static bool line_starts(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(end - p) >= n && !memcmp(p, s, n);
}

/*
 * Where the patch in @text starts: its first "diff --git " line, or a
 * "--- " line followed by a "+++ " line (a plain diff -u); NULL if none.
 */
static const char *find_patch(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;

		if (line_starts(p, end, "diff --git "))
			return p;
		if (line_starts(p, end, "--- ") && line_starts(next, end, "+++ "))
			return p;
		p = next;
	}
	return NULL;
}

struct walk {
	struct mail *m;
	GMimeParserOptions *opts;
	unsigned flags;
	bool have_body;
	struct strbuf text;
};

static bool is_signature(const char *type, const char *sub)
{
	return ieq(type, "application") &&
	       (ieq(sub, "pgp-signature") || ieq(sub, "pkcs7-signature") ||
		ieq(sub, "x-pkcs7-signature"));
}

static void add_patch(struct mail *m, const char *p, size_t len)
{
	if (m->patch.len && m->patch.buf[m->patch.len - 1] != '\n')
		strbuf_addch(&m->patch, '\n');
	strbuf_add(&m->patch, p, len);
}

static void visit_part(GMimeObject *parent, GMimeObject *obj, gpointer data)
{
	struct walk *wk = data;
	struct mail *m = wk->m;
	GMimeContentType *ct;
	const char *type, *sub, *fname, *start;
	bool attachment, patchy;
	GMimePart *part;

	if (!GMIME_IS_PART(obj))
		return;
	part = GMIME_PART(obj);
	ct = g_mime_object_get_content_type(obj);
	type = ct ? g_mime_content_type_get_media_type(ct) : "text";
	sub = ct ? g_mime_content_type_get_media_subtype(ct) : "plain";
	fname = g_mime_part_get_filename(part);
	attachment = g_mime_part_is_attachment(part);
	patchy = (sub && (strstr(sub, "patch") || strstr(sub, "diff"))) ||
		 iends(fname, ".patch") || iends(fname, ".diff");
	if (ieq(type, "text") && (ieq(sub, "html") || ieq(sub, "enriched")) &&
	    !patchy)
		return;		/* the other side of an alternative */
	if (!ieq(type, "text") && !patchy) {
		if (!ieq(type, "multipart") && !ieq(type, "message") &&
		    !is_signature(type, sub))
			m->flags |= MAIL_BINARY;
		return;
	}
	part_text(part, wk->opts, m, &wk->text);
	if (wk->flags & MAIL_MBOX_UNESCAPE)
		mbox_unescape(&wk->text);
	start = find_patch(wk->text.buf, wk->text.len);
	if (!wk->have_body && !attachment) {
		size_t n = start ? (size_t)(start - wk->text.buf) : wk->text.len;

		wk->have_body = true;
		strbuf_add(&m->body, wk->text.buf, n);
	}
	if (start)
		add_patch(m, start, wk->text.len - (size_t)(start - wk->text.buf));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The paths the patch touches, by the patch reader get uses. */
static void read_files(struct mail *m)
{
	struct patch_opts po = { 0 };
	struct patch_info info = { 0 };
	size_t i;

	if (!m->patch.len || patch_read("mail", m->patch.buf, m->patch.len,
					&po, &info) <= 0) {
		patch_info_release(&info);
		return;
	}
	qsort(info.files, info.nr_files, sizeof(*info.files), cmp_str);
	for (i = 0; i < info.nr_files; i++) {
		const char *f = info.files[i];

		if (!*f || !strcmp(f, "dev/null") || !strcmp(f, "/dev/null"))
			continue;
		if (m->nr_files && !strcmp(m->files[m->nr_files - 1], f))
			continue;
		ALLOC_GROW(m->files, m->nr_files + 1, m->alloc_files);
		m->files[m->nr_files++] = xstrdup(f);
	}
	patch_info_release(&info);
	if (m->nr_files)
		m->flags |= MAIL_PATCH;
}

/* The first mailbox of address list @text into @a; false if none. */
static bool parse_addr(struct mail_addr *a, GMimeParserOptions *opts,
		       const char *text)
{
	InternetAddressList *list = internet_address_list_parse(opts, text);
	InternetAddressMailbox *mb = first_mailbox(list);

	if (mb)
		set_addr(a, mb);
	if (list)
		g_object_unref(list);
	return mb != NULL;
}

/*
 * A "From:" line opening the body (blank lines before it allowed), as
 * git mailinfo takes it for the patch's author.
 */
static void read_author(struct mail *m, GMimeParserOptions *opts)
{
	const char *p = m->body.buf;
	char *line;

	while (*p == '\n' || *p == '\r' || *p == ' ' || *p == '\t')
		p++;
	if (strncasecmp(p, "From:", 5))
		return;
	line = xstrndup(p + 5, strcspn(p + 5, "\n"));
	parse_addr(&m->author, opts, line);
	free(line);
}

/*
 * A From: GMime finds no address in, though it has one: a quoted name
 * before a bare address ("\"Doe, Jane\" jane@x.org"), which is no RFC
 * 5322 form but what some mailers write.  The word holding the last
 * '@' is the address, what comes before it the name: put back together
 * as "name <addr>" for GMime to decode (RFC 2047 included).
 */
static bool read_bare_from(struct mail *m, GMimeObject *obj,
			   GMimeParserOptions *opts)
{
	const char *v = g_mime_object_get_header(obj, "From");
	const char *at = v ? strrchr(v, '@') : NULL, *a, *e;
	struct strbuf sb = STRBUF_INIT;
	bool found;

	if (!at)
		return false;
	for (a = at; a > v && !isspace((unsigned char)a[-1]) && a[-1] != '<' &&
		     a[-1] != '"'; a--)
		;
	for (e = at; *e && !isspace((unsigned char)*e) && *e != '>' &&
		     *e != '"' && *e != ','; e++)
		;
	if (a == at || e == at + 1)
		return false;
	strbuf_add(&sb, v, (size_t)(a - v));
	while (sb.len && (isspace((unsigned char)sb.buf[sb.len - 1]) ||
			  sb.buf[sb.len - 1] == '<'))
		strbuf_setlen(&sb, sb.len - 1);
	strbuf_addstr(&sb, " <");
	strbuf_add(&sb, a, (size_t)(e - a));
	strbuf_addch(&sb, '>');
	found = parse_addr(&m->from, opts, sb.buf);
	strbuf_release(&sb);
	return found;
}

/*
 * "Key-by: person" lines of the body, quoted lines ("> ...") left out:
 * the tags a sender gives, or carries in a patch.
 */
static void read_trailers(struct mail *m)
{
	const char *p = m->body.buf, *end = m->body.buf + m->body.len;
	struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end, *k = p, *ke, *v;

		while (k < eol && (*k == ' ' || *k == '\t'))
			k++;
		for (ke = k; ke < eol && (isalnum((unsigned char)*ke) || *ke == '-');
		     ke++)
			;
		if (ke - k > 3 && isalpha((unsigned char)*k) && ke < eol &&
		    *ke == ':' && !strncasecmp(ke - 3, "-by", 3)) {
			const char *ve = eol;

			for (v = ke + 1; v < eol && (*v == ' ' || *v == '\t'); v++)
				;
			while (ve > v && isspace((unsigned char)ve[-1]))
				ve--;
			if (ident_parse(v, (size_t)(ve - v), &name, &email)) {
				struct mail_trailer *t;

				ALLOC_GROW(m->trailers, m->nr_trailers + 1,
					   m->alloc_trailers);
				t = &m->trailers[m->nr_trailers++];
				t->key = xstrndup(k, (size_t)(ke - k));
				t->value = xstrndup(v, (size_t)(ve - v));
				t->name = xstrdup(name.buf);
				t->email = xstrdup(email.buf);
			}
		}
		p = nl ? nl + 1 : end;
	}
	strbuf_release(&name);
	strbuf_release(&email);
}

/* Everything from the message GMime made. */
static void fill(struct mail *m, GMimeMessage *msg, GMimeParserOptions *opts,
		 unsigned flags)
{
	GMimeObject *obj = GMIME_OBJECT(msg);
	InternetAddressMailbox *mb;
	GMimeReferences *refs;
	GDateTime *date;
	const char *v;
	struct walk wk = { .m = m, .opts = opts, .flags = flags };
	int i;

	m->msgid = dup_or_null(g_mime_message_get_message_id(msg));
	if (m->msgid)
		fold_space(m->msgid);
	if (!m->msgid || !*m->msgid) {
		free(m->msgid);
		m->msgid = NULL;
		m->flags |= MAIL_NO_MSGID;
	}

	v = g_mime_object_get_header(obj, "In-Reply-To");
	refs = v ? g_mime_references_parse(opts, v) : NULL;
	if (refs && g_mime_references_length(refs) > 0)
		m->in_reply_to = xstrdup(g_mime_references_get_message_id(refs, 0));
	if (refs)
		g_mime_references_free(refs);
	v = g_mime_object_get_header(obj, "References");
	refs = v ? g_mime_references_parse(opts, v) : NULL;
	for (i = 0; refs && i < g_mime_references_length(refs); i++)
		add_ref(m, g_mime_references_get_message_id(refs, i));
	if (refs)
		g_mime_references_free(refs);

	date = g_mime_message_get_date(msg);
	if (date) {
		m->date = g_date_time_to_unix(date);
		m->tz = (int)(g_date_time_get_utc_offset(date) / G_TIME_SPAN_MINUTE);
	} else {
		m->flags |= MAIL_NO_DATE;
	}

	mb = first_mailbox(g_mime_message_get_from(msg));
	if (!mb && !read_bare_from(m, obj, opts)) {
		m->flags |= MAIL_NO_FROM;
		mb = first_mailbox(g_mime_message_get_sender(msg));
	}
	if (mb)
		set_addr(&m->from, mb);
	add_addrs(g_mime_message_get_addresses(msg, GMIME_ADDRESS_TYPE_TO),
		  &m->to, &m->nr_to, &m->alloc_to);
	add_addrs(g_mime_message_get_addresses(msg, GMIME_ADDRESS_TYPE_CC),
		  &m->cc, &m->nr_cc, &m->alloc_cc);

	v = g_mime_object_get_header(obj, "List-Id");
	if (v) {
		const char *lt = strrchr(v, '<'), *gt = lt ? strchr(lt, '>') : NULL;

		if (lt && gt && gt > lt + 1)
			m->list_id = xstrndup(lt + 1, (size_t)(gt - lt - 1));
		else if (*v)
			m->list_id = xstrdup(v);
		if (m->list_id)
			fold_space(m->list_id);
	}

	v = g_mime_message_get_subject(msg);
	m->subject = xstrdup(v ? v : "");
	fold_space(m->subject);
	mail_subject_parse(m->subject, &m->subj);

	strbuf_init(&wk.text, 0);
	g_mime_message_foreach(msg, visit_part, &wk);
	strbuf_release(&wk.text);
	read_files(m);
	read_author(m, opts);
	read_trailers(m);
	if (m->subj.reply ||
	    ((m->in_reply_to || m->nr_refs) && !m->subj.prefix &&
	     !(m->flags & MAIL_PATCH)))
		m->flags |= MAIL_REPLY;
}

static void mail_zero(struct mail *m)
{
	memset(m, 0, sizeof(*m));
	strbuf_init(&m->body, 0);
	strbuf_init(&m->patch, 0);
}

static int parse_stream(GMimeStream *stream, size_t len, unsigned flags,
			struct mail *m)
{
	GMimeParserOptions *opts;
	GMimeParser *parser;
	GMimeMessage *msg;

	m->size = len;
	if (len > MAIL_LARGE_BYTES)
		m->flags |= MAIL_LARGE;
	opts = new_options(m);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(parser, opts);
	if (msg) {
		fill(m, msg, opts, flags);
		g_object_unref(msg);
	} else {
		m->flags |= MAIL_UNREADABLE | MAIL_NO_MSGID | MAIL_NO_FROM |
			    MAIL_NO_DATE;
		m->subject = xstrdup("");
		mail_subject_parse("", &m->subj);
	}
	g_object_unref(parser);
	g_object_unref(stream);
	g_mime_parser_options_free(opts);
	return msg ? 0 : -1;
}

/*
 * Headers nothing here reads, which archived mail has by the dozen (a
 * lore message: six Received, DKIM and ARC signatures, spam scores...):
 * dropped before GMime sees them, each of them costing it an object, an
 * unfolding and a decoding.  A name matches when it starts with one of
 * these, ignoring case.
 */
static const struct header_name {
	const char *name;
	size_t len;
} unread_headers[] = {
#define H(s) { s, sizeof(s) - 1 }
	H("Received"), H("X-"), H("ARC-"), H("DKIM-"),
	H("Authentication-Results"), H("Return-Path"), H("Delivered-To"),
	H("List-Subscribe"), H("List-Unsubscribe"), H("List-Archive"),
	H("List-Help"), H("List-Post"), H("List-Owner"), H("Precedence"),
	H("Autocrypt"), H("User-Agent"), H("Thread-Index"), H("Thread-Topic"),
	H("Feedback-ID"), H("Errors-To"), H("Accept-Language"), H("Reply-To"),
#undef H
};

/* and these, whole names, with MAIL_NO_RECIPIENTS */
static const char *const recipient_headers[] = { "To", "Cc", "Bcc" };

static bool unread_header(const char *name, size_t len, unsigned flags)
{
	int c = len ? tolower((unsigned char)*name) : 0;
	size_t i;

	/* a dozen headers a message, every message: compare few bytes */
	for (i = 0; i < ARRAY_SIZE(unread_headers); i++) {
		const struct header_name *h = &unread_headers[i];

		if (tolower((unsigned char)h->name[0]) == c && len >= h->len &&
		    !strncasecmp(name, h->name, h->len))
			return true;
	}
	for (i = 0; (flags & MAIL_NO_RECIPIENTS) && i < ARRAY_SIZE(recipient_headers); i++)
		if (len == strlen(recipient_headers[i]) &&
		    !strncasecmp(name, recipient_headers[i], len))
			return true;
	return false;
}

/*
 * Drop the unread headers of the message in @buf, in place; the new
 * length.  A header is its line and the lines after it that start with
 * white space; anything that is no "Name:" line is kept for GMime.
 */
static size_t drop_unread_headers(char *buf, size_t len, unsigned flags)
{
	size_t i = 0, o = 0;

	while (i < len && buf[i] != '\n' && !(buf[i] == '\r' && i + 1 < len &&
						buf[i + 1] == '\n')) {
		size_t start = i, name;
		bool drop;

		for (name = i; name < len && buf[name] != ':' && buf[name] != '\n' &&
		     buf[name] != ' ' && buf[name] != '\t'; name++)
			;
		drop = name < len && buf[name] == ':' &&
		       unread_header(buf + start, name - start, flags);
		/* the header and its continuation lines */
		do {
			while (i < len && buf[i] != '\n')
				i++;
			if (i < len)
				i++;
		} while (i < len && (buf[i] == ' ' || buf[i] == '\t'));
		if (!drop) {
			if (o != start)
				memmove(buf + o, buf + start, i - start);
			o += i - start;
		}
	}
	if (o != i)
		memmove(buf + o, buf + i, len - i);
	return o + (len - i);
}

int mail_parse(const char *buf, size_t len, unsigned flags, struct mail *m)
{
	char *copy = xmalloc(len + 1);

	memcpy(copy, buf, len);
	return mail_parse_take(copy, len, flags, m);
}

int mail_parse_take(char *buf, size_t len, unsigned flags, struct mail *m)
{
	GByteArray *ba;
	size_t n;

	mail_init();
	mail_zero(m);
	n = drop_unread_headers(buf, len, flags);
	/* GLib's allocator is malloc (GLib >= 2.46): GMime frees @buf */
	ba = g_byte_array_new_take((guint8 *)buf, n);
	return parse_stream(g_mime_stream_mem_new_with_byte_array(ba), len,
			    flags, m);
}

static void free_addrs(struct mail_addr *v, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		free(v[i].name);
		free(v[i].email);
	}
	free(v);
}

void mail_release(struct mail *m)
{
	size_t i;

	free(m->msgid);
	free(m->in_reply_to);
	for (i = 0; i < m->nr_refs; i++)
		free(m->refs[i]);
	free(m->refs);
	free(m->from.name);
	free(m->from.email);
	free(m->author.name);
	free(m->author.email);
	free_addrs(m->to, m->nr_to);
	free_addrs(m->cc, m->nr_cc);
	free(m->list_id);
	free(m->subject);
	mail_subject_release(&m->subj);
	strbuf_release(&m->body);
	strbuf_release(&m->patch);
	for (i = 0; i < m->nr_files; i++)
		free(m->files[i]);
	free(m->files);
	for (i = 0; i < m->nr_trailers; i++) {
		free(m->trailers[i].key);
		free(m->trailers[i].value);
		free(m->trailers[i].name);
		free(m->trailers[i].email);
	}
	free(m->trailers);
	mail_zero(m);
}

/* "Re:", "RE :", "Aw:", "Fwd:", "Re[2]:" at @s: its length, 0 if none. */
static size_t reply_word(const char *s, bool *reply, bool *forward)
{
	static const struct {
		const char *w;
		bool reply;
	} words[] = {
		{ "re", true }, { "aw", true }, { "sv", true }, { "antw", true },
		{ "fwd", false }, { "fw", false },
	};
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = strlen(words[i].w);
		if (strncasecmp(s, words[i].w, n))
			continue;
		if (s[n] == '[') {
			while (isdigit((unsigned char)s[n + 1]))
				n++;
			if (s[n + 1] != ']')
				continue;
			n += 2;
		}
		while (s[n] == ' ')
			n++;
		if (s[n] != ':')
			continue;
		if (words[i].reply)
			*reply = true;
		else
			*forward = true;
		return n + 1;
	}
	return 0;
}

/* "vN" or "VN": N, else 0. */
static int version_word(const char *w, size_t n)
{
	size_t i;
	int v = 0;

	if (n < 2 || n > 5 || (w[0] != 'v' && w[0] != 'V'))
		return 0;
	for (i = 1; i < n; i++) {
		if (!isdigit((unsigned char)w[i]))
			return 0;
		v = v * 10 + (w[i] - '0');
	}
	return v;
}

/* "N/M": true with both. */
static bool part_word(const char *w, size_t n, int *part, int *total)
{
	const char *slash = memchr(w, '/', n);
	size_t i;

	if (!slash || slash == w || slash == w + n - 1 || n > 12)
		return false;
	for (i = 0; i < n; i++)
		if (w + i != slash && !isdigit((unsigned char)w[i]))
			return false;
	*part = atoi(w);
	*total = atoi(slash + 1);
	return true;
}

/* One bracket's words; false if it is not a tag (nothing read). */
static void read_tag(const char *s, size_t len, struct mail_subject *sj,
		     struct strbuf *prefix)
{
	size_t i = 0;

	while (i < len) {
		size_t n = 0;
		int v;

		while (i < len && (s[i] == ' ' || s[i] == ',' || s[i] == '\t'))
			i++;
		while (i + n < len && s[i + n] != ' ' && s[i + n] != ',' &&
		       s[i + n] != '\t')
			n++;
		if (!n)
			break;
		if ((v = version_word(s + i, n))) {
			sj->version = v;
		} else if (part_word(s + i, n, &sj->part, &sj->total)) {
			;
		} else {
			size_t w = n;

			/* PATCHv2, PATCH-v2 */
			if (n > 5 && !strncasecmp(s + i, "PATCH", 5)) {
				const char *t = s + i + 5;

				if (*t == '-')
					t++;
				if ((v = version_word(t, n - (size_t)(t - s - i)))) {
					sj->version = v;
					w = 5;
				}
			}
			/* stgit's and Darrick Wong's cover letters: PATCHSET */
			if ((w == 5 && !strncasecmp(s + i, "PATCH", 5)) ||
			    (w == 3 && !strncasecmp(s + i, "RFC", 3)) ||
			    (w == 8 && !strncasecmp(s + i, "PATCHSET", 8)) ||
			    (w == 7 && !strncasecmp(s + i, "PATCHES", 7)))
				sj->patch_tag = true;
			if (prefix->len)
				strbuf_addch(prefix, ' ');
			strbuf_add(prefix, s + i, w);
		}
		i += n;
	}
}

void mail_subject_parse(const char *subject, struct mail_subject *sj)
{
	struct strbuf prefix = STRBUF_INIT;
	const char *s = subject;
	bool any = false;
	size_t n;
	char *bare;

	memset(sj, 0, sizeof(*sj));
	sj->version = 1;
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if ((n = reply_word(s, &sj->reply, &sj->forward))) {
			s += n;
			continue;
		}
		if (*s == '[') {
			const char *close = strchr(s, ']');

			if (!close)
				break;
			read_tag(s + 1, (size_t)(close - s - 1), sj, &prefix);
			any = true;
			s = close + 1;
			continue;
		}
		break;
	}
	bare = xstrdup(s);
	fold_space(bare);
	sj->bare = bare;
	if (any)
		sj->prefix = strbuf_detach(&prefix, NULL);
	strbuf_release(&prefix);
}

void mail_subject_release(struct mail_subject *s)
{
	free(s->prefix);
	free(s->bare);
	memset(s, 0, sizeof(*s));
}

void mail_subject_key(const char *bare, struct strbuf *out)
{
	bool space = false;

	strbuf_reset(out);
	for (; *bare; bare++) {
		unsigned char c = (unsigned char)*bare;

		if (isspace(c)) {
			space = out->len > 0;
			continue;
		}
		if (space)
			strbuf_addch(out, ' ');
		space = false;
		strbuf_addch(out, (char)tolower(c));
	}
}

int mail_parse_date(const char *s, int64_t *t, int *tz)
{
	GDateTime *d;

	mail_init();
	d = g_mime_utils_header_decode_date(s);
	if (!d)
		return -1;
	*t = g_date_time_to_unix(d);
	if (tz)
		*tz = (int)(g_date_time_get_utc_offset(d) / G_TIME_SPAN_MINUTE);
	g_date_time_unref(d);
	return 0;
}

struct mail_mbox {
	char *path;
	int fd;			/* ours, for finding the next From_ line */
	int64_t pos;		/* where the next message starts */
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeParserOptions *opts;
	struct mail *cur;	/* what the warning callback marks */
};

static void on_mbox_warning(gint64 offset, GMimeParserWarning code,
			    const gchar *item, gpointer data)
{
	struct mail_mbox *mb = data;

	if (mb->cur)
		on_warning(offset, code, item, mb->cur);
}

struct mail_mbox *mail_mbox_open(const char *path, int64_t offset)
{
	struct mail_mbox *mb;
	int fd;

	mail_init();
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		error("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	mb = xcalloc(1, sizeof(*mb));
	mb->path = xstrdup(path);
	mb->fd = dup(fd);
	mb->pos = offset;
	mb->stream = g_mime_stream_fs_new(fd);
	if (offset > 0 &&
	    g_mime_stream_seek(mb->stream, offset, GMIME_STREAM_SEEK_SET) != offset) {
		error("%s: cannot seek to byte %lld", path, (long long)offset);
		g_object_unref(mb->stream);
		close(mb->fd);
		free(mb->path);
		free(mb);
		return NULL;
	}
	mb->parser = g_mime_parser_new_with_stream(mb->stream);
	g_mime_parser_set_format(mb->parser, GMIME_FORMAT_MBOX);
	mb->opts = g_mime_parser_options_new();
	g_mime_parser_options_set_fallback_charsets(mb->opts, fallback_charsets);
	g_mime_parser_options_set_warning_callback(mb->opts, on_mbox_warning, mb);
	return mb;
}

/* git format-patch's From_ line date, the same for every patch. */
#define FORMAT_PATCH_TIME 1000684800	/* Mon Sep 17 00:00:00 2001 */

static int64_t from_line_time(const char *line)
{
	const char *p;
	int64_t t;

	/* "From sender date": the date is after the second word */
	if (!line || !starts_with(line, "From "))
		return 0;
	p = line + 5;
	while (*p == ' ')
		p++;
	while (*p && *p != ' ')
		p++;
	if (mail_parse_date(p, &t, NULL) || t == FORMAT_PATCH_TIME)
		return 0;
	return t;
}

/* The offset of the first "\nFrom " line after @from, or the file's end. */
static int64_t next_from(int fd, int64_t from)
{
	char buf[65536 + 6];
	int64_t off = from;
	ssize_t n;

	for (;;) {
		char *p;

		n = pread(fd, buf, sizeof(buf) - 1, off);
		if (n <= 0)
			return off;
		buf[n] = '\0';
		for (p = buf; (p = memchr(p, '\n', (size_t)(buf + n - p))); p++)
			if (buf + n - p >= 6 && !memcmp(p + 1, "From ", 5))
				return off + (p + 1 - buf);
		if (n < 6)
			return off + n;
		off += n - 5;	/* "\nFrom" may straddle two reads */
	}
}

/*
 * A message GMime cannot make anything of (no headers at all): skip to
 * the next From_ line, start a new parser there, and give what is
 * known, flagged unreadable.
 */
static int skip_unreadable(struct mail_mbox *mb, struct mail *m, int64_t *begin,
			   int64_t *end, int64_t *from_time)
{
	int64_t next = next_from(mb->fd, mb->pos + 1);
	char line[256];
	ssize_t n = pread(mb->fd, line, sizeof(line) - 1, mb->pos);

	line[n > 0 ? n : 0] = '\0';
	line[strcspn(line, "\n")] = '\0';
	*begin = mb->pos;
	*end = next;
	*from_time = from_line_time(line);
	m->flags |= MAIL_UNREADABLE | MAIL_NO_MSGID | MAIL_NO_FROM | MAIL_NO_DATE;
	m->size = (size_t)(next - mb->pos);
	if (m->size > MAIL_LARGE_BYTES)
		m->flags |= MAIL_LARGE;
	m->subject = xstrdup("");
	mail_subject_parse("", &m->subj);
	g_object_unref(mb->parser);
	g_mime_stream_seek(mb->stream, next, GMIME_STREAM_SEEK_SET);
	mb->parser = g_mime_parser_new_with_stream(mb->stream);
	g_mime_parser_set_format(mb->parser, GMIME_FORMAT_MBOX);
	mb->pos = next;
	return 1;
}

int mail_mbox_next(struct mail_mbox *mb, struct mail *m, int64_t *begin,
		   int64_t *end, int64_t *from_time)
{
	GMimeMessage *msg;
	char *marker;

	if (g_mime_parser_eos(mb->parser))
		return 0;
	mail_zero(m);
	mb->cur = m;
	msg = g_mime_parser_construct_message(mb->parser, mb->opts);
	mb->cur = NULL;
	if (!msg) {
		struct stat st;

		/* the end, or bytes GMime makes no message of */
		if (fstat(mb->fd, &st) || mb->pos >= st.st_size)
			return 0;
		return skip_unreadable(mb, m, begin, end, from_time);
	}
	*begin = g_mime_parser_get_mbox_marker_offset(mb->parser);
	*end = g_mime_parser_tell(mb->parser);
	mb->pos = *end;
	marker = g_mime_parser_get_mbox_marker(mb->parser);
	*from_time = from_line_time(marker);
	g_free(marker);
	m->size = *end > *begin ? (size_t)(*end - *begin) : 0;
	if (m->size > MAIL_LARGE_BYTES)
		m->flags |= MAIL_LARGE;
	mb->cur = m;
	fill(m, msg, mb->opts, MAIL_MBOX_UNESCAPE);
	mb->cur = NULL;
	g_object_unref(msg);
	return 1;
}

void mail_mbox_close(struct mail_mbox *mb)
{
	if (!mb)
		return;
	g_object_unref(mb->parser);
	g_object_unref(mb->stream);
	g_mime_parser_options_free(mb->opts);
	close(mb->fd);
	free(mb->path);
	free(mb);
}
