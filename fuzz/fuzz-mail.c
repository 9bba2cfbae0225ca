// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the mail reader (lists/mail.c): the input is read
 * as one message, as a subject line, and, through a file in the current
 * directory, as an mbox.  Whatever the bytes, the reader must return a
 * filled struct: every string NUL-terminated UTF-8 where GMime made it,
 * files sorted and unique, parts and versions in range, mbox messages
 * in increasing, non-overlapping byte ranges that stay in the file.
 * Run it in a scratch directory (make -C fuzz run-mail does).
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mail.h"
#include "strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	mail_init();
	return 0;
}

static void check(const struct mail *m)
{
	size_t i;

	if (!m->subject || !m->subj.bare || m->subj.version < 0 ||
	    m->subj.part < 0 || m->subj.total < 0)
		abort();
	if ((m->flags & MAIL_PATCH) && !m->nr_files)
		abort();
	for (i = 0; i < m->nr_files; i++)
		if (!*m->files[i] || (i && strcmp(m->files[i - 1], m->files[i]) >= 0))
			abort();
	for (i = 0; i < m->nr_trailers; i++)
		if (!m->trailers[i].email || !m->trailers[i].key)
			abort();
	if (m->msgid && !*m->msgid)
		abort();
	if (strlen(m->body.buf) != m->body.len || strlen(m->patch.buf) != m->patch.len)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail m;
	struct mail_subject sj;
	struct strbuf key = STRBUF_INIT;
	char *s = malloc(size + 1);
	int64_t b, e, t, last = 0;
	struct mail_mbox *mb;
	int fd, n = 0;

	memcpy(s, data, size);
	s[size] = '\0';
	mail_parse((const char *)data, size, 0, &m);
	check(&m);
	mail_release(&m);

	mail_subject_parse(s, &sj);
	mail_subject_key(sj.bare, &key);
	if (strlen(key.buf) > strlen(s) || (key.len && key.buf[key.len - 1] == ' '))
		abort();
	mail_subject_release(&sj);
	strbuf_release(&key);
	free(s);

	/* as an mbox: every message in a range of the file, in order */
	fd = open("fuzz.mbox", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "From x Mon Jan  1 00:00:00 2024\n", 32) != 32 ||
	    write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	mb = mail_mbox_open("fuzz.mbox", 0);
	while (mb && mail_mbox_next(mb, &m, &b, &e, &t) > 0) {
		if (b < last || e < b || e > (int64_t)size + 32 || ++n > 100000)
			abort();
		check(&m);
		mail_release(&m);
		last = e;
	}
	mail_mbox_close(mb);
	return 0;
}
