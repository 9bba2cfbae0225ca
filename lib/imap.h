/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_IMAP_H
#define KMAINT_IMAP_H

#include "util.h"

/*
 * A set of, or a map from, 64-bit keys (message and commit ids, hashes
 * of Message-IDs): open addressing, 0 is no key.  For the questions
 * asked of the lists, which join tens of thousands of messages in C.
 */
struct imap {
	/* a key beside its value: one cache line a probe, not two */
	struct imap_ent {
		int64_t key, val;
	} *ent;
	size_t size, nr;
};

/* Sized for about @hint keys (it grows past them). */
void imap_init(struct imap *m, size_t hint);
void imap_free(struct imap *m);

/* The value slot of @key, added (0) if missing; keys must not be 0. */
int64_t *imap_put(struct imap *m, int64_t key);

/* The value slot of @key, or NULL (also for an unused map). */
int64_t *imap_get(const struct imap *m, int64_t key);

#endif
