/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_MAIL_H
#define KMAINT_MAIL_H

#include <stdint.h>

#include "strbuf.h"

/*
 * The mail reader: the bytes of one message in, what kmaint wants of it
 * out.  GMime 3 does the reading (RFC 5322 headers, RFC 2047 words,
 * charsets converted to UTF-8, MIME parts, base64 and quoted-printable);
 * this module only picks out the fields and reads the patch, the subject
 * and the trailers, which are kernel conventions rather than mail ones.
 *
 * Nothing here fails on bad input: a message that is broken in some way
 * is read as far as it goes and the MAIL_* problem flags say what was
 * wrong, for the index to count and name.
 *
 * The reader is thread-safe: messages may be read in parallel threads
 * (each with its own struct mail).
 */

/* Problems, for the index summary. */
enum {
	MAIL_NO_MSGID = 1 << 0,		/* no Message-ID header */
	MAIL_NO_FROM = 1 << 1,		/* no address in From: */
	MAIL_NO_DATE = 1 << 2,		/* Date: missing or unparsable */
	MAIL_BROKEN_MIME = 1 << 3,	/* malformed multipart, truncated... */
	MAIL_UNKNOWN_CHARSET = 1 << 4,	/* a text part in a charset iconv lacks */
	MAIL_8BIT_HEADER = 1 << 5,	/* raw 8-bit bytes in a header */
	MAIL_BINARY = 1 << 6,		/* a binary (non-text) attachment */
	MAIL_LARGE = 1 << 7,		/* over MAIL_LARGE_BYTES */
	MAIL_NUL = 1 << 8,		/* NUL bytes in a text part (dropped) */
	MAIL_UNREADABLE = 1 << 9,	/* GMime could not make a message of it */
	MAIL_NR_PROBLEMS = 10,
};

#define MAIL_LARGE_BYTES (4u << 20)

/* What the message is. */
enum {
	MAIL_PATCH = 1 << 16,		/* carries a patch (inline or attached) */
	MAIL_REPLY = 1 << 17,		/* "Re:", or a reference without [PATCH] */
};

/* Options of mail_parse(). */
enum {
	/* undo mbox quoting in the text: one '>' off /^>+From / (mboxrd) */
	MAIL_MBOX_UNESCAPE = 1,
	/*
	 * no To, Cc or Bcc: GMime makes an object of every address in
	 * them, and a lore message is copied to a dozen people
	 */
	MAIL_NO_RECIPIENTS = 2,
};

/* The short name of problem bit @bit ("no-message-id"). */
const char *mail_problem_name(unsigned bit);

struct mail_addr {
	char *name;		/* UTF-8, "" when none */
	char *email;
};

/*
 * "[PATCH v3 07/12] xfs: foo": prefix "PATCH", version 3, part 7 of
 * 12, bare "xfs: foo".  Leading "Re:" and the like set @reply (or
 * @forward) and are dropped; every bracketed group at the start is
 * read, its words other than the version and the n/m going into the
 * prefix ("RFC PATCH net-next").  White space is folded in all parts.
 */
struct mail_subject {
	char *prefix;		/* NULL when there is no bracket */
	int version;		/* 1 unless a vN (or PATCHvN) says otherwise */
	int part, total;	/* 0 and 0 without an n/m */
	bool reply, forward;
	bool patch_tag;		/* the prefix has PATCH (or RFC) */
	char *bare;
};

struct mail_trailer {
	char *key;		/* as written, "Reviewed-by" */
	char *value;
	char *name, *email;	/* the person, by ident_parse() */
};

struct mail {
	char *msgid;		/* without <>; NULL if none */
	char *in_reply_to;	/* the first id of In-Reply-To, or NULL */
	char **refs;		/* References, in order */
	size_t nr_refs, alloc_refs;
	int64_t date;		/* Unix time of Date:, unless MAIL_NO_DATE */
	int tz;			/* its zone, minutes east of UTC */
	struct mail_addr from;	/* NULL email with MAIL_NO_FROM (Sender: tried) */
	/*
	 * The patch's author when the body starts with a "From:" line, as
	 * git am reads it (someone posting another's patch, or their own
	 * from another address); NULL email otherwise.
	 */
	struct mail_addr author;
	struct mail_addr *to, *cc;
	size_t nr_to, alloc_to, nr_cc, alloc_cc;
	char *list_id;		/* inside the <> of List-Id, or NULL */
	char *subject;		/* decoded, unfolded; "" when none */
	struct mail_subject subj;
	struct strbuf body;	/* the text, up to the patch when there is one */
	struct strbuf patch;	/* the patch text: from its first "diff " or ---/+++ */
	char **files;		/* paths the patch touches, sorted, unique */
	size_t nr_files, alloc_files;
	struct mail_trailer *trailers;	/* "Key-by: person" lines of the body */
	size_t nr_trailers, alloc_trailers;
	unsigned flags;		/* MAIL_* problems and kinds */
	size_t size;		/* bytes read */
};

/* Call once before threads start reading (mail_parse() calls it too). */
void mail_init(void);

/*
 * Read one message (without an mbox From_ line).  Always fills @m as
 * far as the message allows; returns 0, or -1 when not even headers
 * could be read (MAIL_UNREADABLE).
 */
int mail_parse(const char *buf, size_t len, unsigned opts, struct mail *m);
/* The same, taking over @buf (malloc()ed), which is freed. */
int mail_parse_take(char *buf, size_t len, unsigned opts, struct mail *m);
void mail_release(struct mail *m);

void mail_subject_parse(const char *subject, struct mail_subject *s);
void mail_subject_release(struct mail_subject *s);

/*
 * The key subjects are matched by: @bare with ASCII letters lower-cased
 * and runs of white space made one space, trimmed (what git's %s and a
 * posted subject share once the [PATCH] prefix is gone).
 */
void mail_subject_key(const char *bare, struct strbuf *out);

/*
 * An mbox, read by GMime's parser in mbox mode from byte @offset (which
 * must be the start of a From_ line, or the end of the file).  Each
 * message comes with the byte range it has in the file, From_ line
 * included, and the time its From_ line gives (0 when it has none, or
 * git format-patch's fixed date).  mboxo and mboxrd split the same way;
 * the text of messages is unquoted as mboxrd says (MAIL_MBOX_UNESCAPE),
 * which for mboxo differs only on body lines that were ">From " before
 * quoting.
 */
struct mail_mbox;

struct mail_mbox *mail_mbox_open(const char *path, int64_t offset);
/* 1 with a message, 0 at the end, -1 on a read error (with a message). */
int mail_mbox_next(struct mail_mbox *mb, struct mail *m, int64_t *begin,
		   int64_t *end, int64_t *from_time);
void mail_mbox_close(struct mail_mbox *mb);

/* A date as mail writes it (RFC 5322, asctime); 0 with *t, or -1. */
int mail_parse_date(const char *s, int64_t *t, int *tz);

#endif
