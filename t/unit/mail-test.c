// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lists/mail.c: headers (RFC 2047, raw 8-bit), charsets,
 * multipart bodies, base64 and quoted-printable, inline and attached
 * patches, trailers, the subject parse, broken messages and the mbox
 * reader (mboxrd and mboxo).  TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mail.h"
#include "tap.h"

static const char patch_text[] =
	"diff --git a/fs/xfs/xfs_inode.c b/fs/xfs/xfs_inode.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/fs/xfs/xfs_inode.c\n"
	"+++ b/fs/xfs/xfs_inode.c\n"
	"@@ -1,3 +1,3 @@\n"
	" a\n"
	"-b\n"
	"+c\n"
	" d\n"
	"diff --git a/include/linux/fs.h b/include/linux/fs.h\n"
	"--- a/include/linux/fs.h\n"
	"+++ b/include/linux/fs.h\n"
	"@@ -1 +1 @@\n"
	"-x\n"
	"+y\n";

static void parse(struct mail *m, const char *text, unsigned opts)
{
	mail_parse(text, strlen(text), opts, m);
}

static void test_plain_patch(void)
{
	struct strbuf msg = STRBUF_INIT;
	struct mail m;

	strbuf_addf(&msg,
		    "From: \"Wong, Darrick\" <djwong@kernel.org>\n"
		    "To: linux-xfs@vger.kernel.org, Dave <david@fromorbit.com>\n"
		    "Cc: =?UTF-8?Q?Ren=C3=A9?= <rene@example.org>\n"
		    "Subject: [PATCH v3 07/12] xfs: foo\n"
		    "  bar\n"
		    "Date: Tue, 10 Mar 2026 16:50:22 +0100\n"
		    "Message-ID: <20260310.abc@kernel.org>\n"
		    "In-Reply-To: <cover@kernel.org>\n"
		    "References: <root@kernel.org> <cover@kernel.org>\n"
		    "List-Id: <linux-xfs.vger.kernel.org>\n"
		    "\n"
		    "From: Darrick J. Wong <darrick.wong@oracle.com>\n\n"
		    "Body text.\n\n"
		    "Reviewed-by: Christoph Hellwig <hch@lst.de>\n"
		    "> Acked-by: Quoted Person <quoted@example.com>\n"
		    "Signed-off-by: Darrick J. Wong <djwong@kernel.org>\n"
		    "---\n fs/xfs/xfs_inode.c | 2 +-\n\n%s-- \n2.39.0\n",
		    patch_text);
	parse(&m, msg.buf, 0);
	is_str(m.msgid, "20260310.abc@kernel.org", "Message-ID without <>");
	is_str(m.in_reply_to, "cover@kernel.org", "In-Reply-To");
	ok(m.nr_refs == 2 && !strcmp(m.refs[0], "root@kernel.org"), "References in order");
	is_str(m.from.name, "Wong, Darrick", "From name, unquoted");
	is_str(m.from.email, "djwong@kernel.org", "From address");
	is_str(m.author.email, "darrick.wong@oracle.com", "in-body From: the patch's author");
	is_str(m.author.name, "Darrick J. Wong", "and name");
	ok(m.nr_to == 2 && !strcmp(m.to[1].email, "david@fromorbit.com"), "To list");
	ok(m.nr_cc == 1 && !strcmp(m.cc[0].name, "Ren\xc3\xa9"), "Cc name decoded from RFC 2047");
	is_str(m.list_id, "linux-xfs.vger.kernel.org", "List-Id");
	ok(m.date == 1773157822 && m.tz == 60, "Date and zone");
	is_str(m.subject, "[PATCH v3 07/12] xfs: foo bar", "subject unfolded");
	is_str(m.subj.prefix, "PATCH", "prefix");
	ok(m.subj.version == 3 && m.subj.part == 7 && m.subj.total == 12, "v3 7/12");
	is_str(m.subj.bare, "xfs: foo bar", "bare subject");
	ok(m.flags & MAIL_PATCH, "carries a patch");
	ok(!(m.flags & MAIL_REPLY), "a patch in a thread is not a reply");
	ok(m.nr_files == 2 && !strcmp(m.files[0], "fs/xfs/xfs_inode.c") &&
	   !strcmp(m.files[1], "include/linux/fs.h"), "files touched, once each");
	ok(starts_with(m.patch.buf, "diff --git a/fs/xfs/xfs_inode.c"), "patch text starts at diff");
	ok(!strstr(m.body.buf, "diff --git"), "body stops before the patch");
	ok(m.nr_trailers == 2, "two trailers (the quoted one left out)");
	ok(m.nr_trailers == 2 && !strcmp(m.trailers[0].key, "Reviewed-by") &&
	   !strcmp(m.trailers[0].email, "hch@lst.de") &&
	   !strcmp(m.trailers[0].name, "Christoph Hellwig"), "Reviewed-by parsed");
	ok(!(m.flags & 0xffff), "no problem flagged");
	mail_release(&m);
	strbuf_release(&msg);
}

static void test_multipart(void)
{
	/* "diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-1\n+2\n" */
	static const char b64[] =
		"ZGlmZiAtLWdpdCBhL3guYyBiL3guYwotLS0gYS94LmMKKysrIGIveC5jCkBAIC0xICsxIEBA\n"
		"Ci0xCisyCg==\n";
	struct strbuf msg = STRBUF_INIT;
	struct mail m;

	strbuf_addf(&msg,
		    "From: =?ISO-8859-1?Q?Fran=E7ois?= <f@example.fr>\n"
		    "Subject: =?UTF-8?B?W1BBVENIXSB4OiBjYWbDqQ==?=\n"
		    "Message-Id: <mp@example.fr>\n"
		    "Date: Mon, 1 Jan 2024 10:00:00 -0700\n"
		    "MIME-Version: 1.0\n"
		    "Content-Type: multipart/mixed; boundary=\"XX\"\n"
		    "\n"
		    "--XX\n"
		    "Content-Type: text/plain; charset=iso-8859-1\n"
		    "Content-Transfer-Encoding: quoted-printable\n"
		    "\n"
		    "Caf=E9 au lait, a long line that is wrapped by quoted-printa=\n"
		    "ble encoding.\n"
		    "Tested-by: =?x?= Tester <t@example.com>\n"
		    "--XX\n"
		    "Content-Type: text/x-patch; name=\"0001-x.patch\"\n"
		    "Content-Disposition: attachment; filename=\"0001-x.patch\"\n"
		    "Content-Transfer-Encoding: base64\n"
		    "\n%s"
		    "--XX\n"
		    "Content-Type: image/png\n"
		    "Content-Disposition: attachment; filename=\"a.png\"\n"
		    "Content-Transfer-Encoding: base64\n"
		    "\n"
		    "iVBORw0KGgo=\n"
		    "--XX--\n", b64);
	parse(&m, msg.buf, 0);
	is_str(m.from.name, "Fran\xc3\xa7ois", "ISO-8859-1 encoded word to UTF-8");
	is_str(m.subject, "[PATCH] x: caf\xc3\xa9", "base64 encoded-word subject");
	ok(m.subj.version == 1 && !m.subj.part, "no version: 1, no part");
	ok(strstr(m.body.buf, "Caf\xc3\xa9 au lait") != NULL, "QP body, Latin-1 to UTF-8");
	ok(strstr(m.body.buf, "quoted-printable encoding") != NULL, "soft line break joined");
	ok(m.flags & MAIL_PATCH, "attached base64 patch found");
	ok(m.nr_files == 1 && !strcmp(m.files[0], "x.c"), "its file");
	ok(starts_with(m.patch.buf, "diff --git a/x.c b/x.c\n"), "its text decoded");
	ok(m.flags & MAIL_BINARY, "the PNG is a binary attachment");
	ok(m.tz == -420, "negative zone");
	mail_release(&m);
	strbuf_release(&msg);
}

static void test_broken(void)
{
	struct mail m;

	parse(&m, "Subject: nothing else\n\nbody\n", 0);
	ok(m.flags & MAIL_NO_MSGID, "no Message-ID flagged");
	ok(m.flags & MAIL_NO_FROM, "no From flagged");
	ok(m.flags & MAIL_NO_DATE, "no Date flagged");
	ok(!m.msgid && !m.from.email, "and left NULL");
	mail_release(&m);

	parse(&m, "From: a@b.c\nMessage-ID: <x@y>\nDate: someday soon\n"
		  "Subject: caf\xe9 cr\xe8me\n"
		  "Content-Type: text/plain; charset=x-no-such-charset\n\n"
		  "d\xe9j\xe0 vu\n", 0);
	ok(m.flags & MAIL_NO_DATE, "unparsable Date flagged");
	ok(m.flags & MAIL_8BIT_HEADER, "8-bit header flagged");
	is_str(m.subject, "caf\xc3\xa9 cr\xc3\xa8me", "8-bit header read as Latin-1");
	ok(m.flags & MAIL_UNKNOWN_CHARSET, "unknown charset flagged");
	is_str(m.body.buf, "d\xc3\xa9j\xc3\xa0 vu\n", "its text still made UTF-8");
	is_str(m.from.email, "a@b.c", "bare From address");
	mail_release(&m);

	parse(&m, "From: a@b.c\nMessage-ID: <z@y>\n"
		  "Content-Type: multipart/mixed; boundary=\"B\"\n\n"
		  "--B\nContent-Type: text/plain\n\nfirst\n", 0);
	ok(m.flags & MAIL_BROKEN_MIME, "multipart without its end flagged");
	is_str(m.body.buf, "first\n", "what there is is read");
	mail_release(&m);

	{
		static const char nul[] = "From: a@b.c\nMessage-ID: <n@y>\n\nx\0y\n";

		mail_parse(nul, sizeof(nul) - 1, 0, &m);
		ok(m.flags & MAIL_NUL, "NUL byte flagged");
		is_str(m.body.buf, "xy\n", "and dropped");
		mail_release(&m);
	}

	ok(mail_parse("", 0, 0, &m) <= 0, "an empty message does not crash");
	mail_release(&m);
}

static void test_unread_headers(void)
{
	struct mail m;

	/* what is dropped before GMime: its folded lines too */
	parse(&m, "Received: from a\n\tby b; Mon, 1 Jan 2024\n"
		  "DKIM-Signature: v=1;\n bh=abc\n"
		  "From: A <a@example.com>\n"
		  "X-Spam: yes\n Subject: not this one\n"
		  "Subject: this one\n"
		  "ARC-Seal: i=1\n"
		  "Message-ID: <kept@x>\n"
		  "Received: last\n"
		  "\n"
		  "Received: in the body stays\n", 0);
	is_str(m.subject, "this one", "headers nothing reads are skipped, folds too");
	is_str(m.msgid, "kept@x", "the others are read");
	is_str(m.from.email, "a@example.com", "From as well");
	is_str(m.body.buf, "Received: in the body stays\n", "the body is untouched");
	mail_release(&m);

	/* MAIL_NO_RECIPIENTS: To, Cc and Bcc by their whole names only */
	parse(&m, "From: A <a@example.com>\n"
		  "To: B <b@example.com>,\n C <c@example.com>\n"
		  "cc: D <d@example.com>\n"
		  "Subject: s\n"
		  "Message-ID: <r@x>\n"
		  "\n"
		  "To: in the body stays\n", MAIL_NO_RECIPIENTS);
	ok(!m.nr_to && !m.nr_cc, "MAIL_NO_RECIPIENTS: no To, no Cc");
	is_str(m.from.email, "a@example.com", "MAIL_NO_RECIPIENTS: From is read");
	is_str(m.subject, "s", "MAIL_NO_RECIPIENTS: the folded To is gone, Subject read");
	is_str(m.body.buf, "To: in the body stays\n", "MAIL_NO_RECIPIENTS: the body is untouched");
	mail_release(&m);
}

static void test_reply(void)
{
	struct mail m;

	parse(&m, "From: Dave <david@fromorbit.com>\nMessage-ID: <r@x>\n"
		  "In-Reply-To: <20260310.abc@kernel.org>\n"
		  "Subject: Re: [PATCH v3 07/12] xfs: foo\n\n"
		  "> diff --git a/a b/a\n> -x\nLooks good,\n\n"
		  "Reviewed-by: Dave Chinner <dchinner@redhat.com>\n", 0);
	ok(m.flags & MAIL_REPLY, "Re: is a reply");
	ok(!m.author.email, "no in-body From: no author apart from the sender");
	ok(m.subj.reply && m.subj.version == 3, "reply, version still read");
	ok(!(m.flags & MAIL_PATCH), "a quoted diff is no patch");
	ok(m.nr_trailers == 1 && !strcmp(m.trailers[0].email, "dchinner@redhat.com"),
	   "the review it gives");
	mail_release(&m);

	parse(&m, "From: x@y\nMessage-ID: <r2@x>\nIn-Reply-To: <r@x>\n"
		  "Subject: thoughts\n\nno prefix\n", 0);
	ok(m.flags & MAIL_REPLY, "a reference without a [PATCH] prefix is a reply");
	mail_release(&m);
}

static void subject(const char *s, const char *prefix, int v, int part,
		    int total, const char *bare, bool reply)
{
	struct mail_subject sj;
	char desc[256];
	bool same;

	mail_subject_parse(s, &sj);
	same = (prefix ? sj.prefix && !strcmp(sj.prefix, prefix) : !sj.prefix) &&
	       sj.version == v && sj.part == part && sj.total == total &&
	       !strcmp(sj.bare, bare) && sj.reply == reply;
	snprintf(desc, sizeof(desc), "subject '%s'", s);
	ok(same, desc);
	if (!same)
		printf("#   got prefix '%s' v%d %d/%d '%s' reply %d\n",
		       sj.prefix ? sj.prefix : "(null)", sj.version, sj.part,
		       sj.total, sj.bare, sj.reply);
	mail_subject_release(&sj);
}

/* Does @s name a patch (what makes a "0/N" a cover letter)? */
static void patch_tag(const char *s, bool want)
{
	struct mail_subject sj;
	char desc[256];

	mail_subject_parse(s, &sj);
	snprintf(desc, sizeof(desc), "'%s' has %s patch tag", s,
		 want ? "a" : "no");
	ok(sj.patch_tag == want, desc);
	mail_subject_release(&sj);
}

static void test_subjects(void)
{
	struct strbuf key = STRBUF_INIT;

	subject("[PATCH v3 07/12] xfs: foo", "PATCH", 3, 7, 12, "xfs: foo", false);
	subject("[PATCH] xfs: foo", "PATCH", 1, 0, 0, "xfs: foo", false);
	subject("Re: [PATCH 0/5] xfs: cover", "PATCH", 1, 0, 5, "xfs: cover", true);
	subject("RE: Re:  [PATCHv2 2/3]  a   b ", "PATCH", 2, 2, 3, "a b", true);
	subject("[RFC PATCH net-next v2 1/3] net: x", "RFC PATCH net-next", 2, 1, 3,
		"net: x", false);
	subject("[PATCH 5.10 012/100] xfs: y", "PATCH 5.10", 1, 12, 100, "xfs: y", false);
	subject("[PATCH-v4] z", "PATCH", 4, 0, 0, "z", false);
	subject("[xfsprogs PATCH v2] [RFC] w", "xfsprogs PATCH RFC", 2, 0, 0, "w", false);
	subject("Aw: plain", NULL, 1, 0, 0, "plain", true);
	subject("Re[2]: counted", NULL, 1, 0, 0, "counted", true);
	subject("no prefix at all", NULL, 1, 0, 0, "no prefix at all", false);
	subject("[unclosed bracket", NULL, 1, 0, 0, "[unclosed bracket", false);
	subject("", NULL, 1, 0, 0, "", false);
	patch_tag("[PATCHSET v2 00/13] fstests: move group lists", true);
	patch_tag("[PATCHES 0/3] a set", true);
	patch_tag("[RFC] an idea", true);
	patch_tag("[GIT PULL] xfs: fixes", false);
	patch_tag("[PATCHWORK] not a tag", false);
	mail_subject_key("  XFS:  Fix   the\tThing ", &key);
	is_str(key.buf, "xfs: fix the thing", "subject key: case and white space folded");
	strbuf_release(&key);
}

static void test_mbox(void)
{
	char path[] = "/tmp/kmaint-mail-test.XXXXXX";
	static const char mbox[] =
		"From alice@example.com Mon Jan  1 10:00:00 2024\n"
		"From: Alice <alice@example.com>\n"
		"Message-ID: <1@x>\n"
		"Subject: [PATCH] one\n"
		"\n"
		">From the start\n"
		">>From quoted twice\n"
		"\n"
		"From 1234567890123456789012345678901234567890 Mon Sep 17 00:00:00 2001\n"
		"From: Bob <bob@example.com>\n"
		"Message-ID: <2@x>\n"
		"Subject: two\n"
		"\n"
		"text\n";
	struct mail_mbox *mb;
	struct mail m;
	int64_t b, e, t, second = 0;
	int fd = mkstemp(path), n = 0, rc;

	if (fd < 0 || write(fd, mbox, sizeof(mbox) - 1) != (ssize_t)sizeof(mbox) - 1)
		die_errno("mbox");
	close(fd);
	mb = mail_mbox_open(path, 0);
	ok(mb != NULL, "mbox opened");
	while (mb && (rc = mail_mbox_next(mb, &m, &b, &e, &t)) > 0) {
		n++;
		if (n == 1) {
			ok(b == 0 && t == 1704103200, "first: at 0, From_ line date");
			/* the blank line before a From_ line is the mbox's */
			is_str(m.body.buf, "From the start\n>From quoted twice\n",
			       "mboxrd quoting undone");
			ok(e > b && !memcmp(mbox + e, "From 1234", 9), "ends at the next From_ line");
			second = e;
		} else {
			ok(b == second && t == 0, "second: format-patch's date is no time");
			ok(e == (int64_t)sizeof(mbox) - 1, "last ends at the end");
			is_str(m.msgid, "2@x", "its Message-ID");
		}
		mail_release(&m);
	}
	mail_mbox_close(mb);
	ok(n == 2, "two messages");
	mb = mail_mbox_open(path, second);
	ok(mb && mail_mbox_next(mb, &m, &b, &e, &t) == 1 && b == second &&
	   !strcmp(m.msgid, "2@x"), "reopened at an offset: the message there");
	if (mb) {
		mail_release(&m);
		ok(mail_mbox_next(mb, &m, &b, &e, &t) == 0, "then the end");
	}
	mail_mbox_close(mb);
	unlink(path);
}

/*
 * Quoted From: forms: the RFC ones GMime reads, and a quoted name before
 * a bare address, which it does not and some mailers write: a sender
 * all the same, never "no From".
 */
static void test_quoted_from(void)
{
	static const char *const froms[][3] = {
		{ "\"Doe, Jane\" <jane@x.org>", "Doe, Jane", "jane@x.org" },
		{ "=?UTF-8?Q?Doe=2C_Jane?= <jane@x.org>", "Doe, Jane", "jane@x.org" },
		{ "\"Doe, Jane\" jane@x.org", "Doe, Jane", "jane@x.org" },
		{ "\"=?UTF-8?Q?Do=C3=AB=2C_Jane?=\" jane@x.org", "Do\xc3\xab, Jane", "jane@x.org" },
		{ "=?UTF-8?Q?Doe=2C_Jane?= jane@x.org", "Doe, Jane", "jane@x.org" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(froms); i++) {
		struct strbuf sb = STRBUF_INIT;
		struct mail m;
		char *what;

		strbuf_addf(&sb, "From: %s\nMessage-ID: <q%zu@x>\n"
			    "Subject: [PATCH] q\n\nbody\n", froms[i][0], i);
		parse(&m, sb.buf, 0);
		what = xstrfmt("From: %s: a sender", froms[i][0]);
		ok(!(m.flags & MAIL_NO_FROM), what);
		free(what);
		is_str(m.from.name, froms[i][1], "its name");
		is_str(m.from.email, froms[i][2], "its address");
		mail_release(&m);
		strbuf_release(&sb);
	}
}

int main(void)
{
	mail_init();
	test_quoted_from();
	test_plain_patch();
	test_multipart();
	test_broken();
	test_unread_headers();
	test_reply();
	test_subjects();
	test_mbox();
	return done_testing();
}
