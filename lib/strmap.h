/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMAINT_STRMAP_H
#define KMAINT_STRMAP_H

#include "util.h"

/*
 * A string-keyed hash table with open addressing.  Keys are copied;
 * values are pointers or small integers the caller owns.  Lookups take
 * a length so that prefixes of a path can be looked up without copying.
 */
struct strmap_entry {
	char *key;
	size_t len;
	uint32_t hash;
	void *value;
};

struct strmap {
	struct strmap_entry *table;
	size_t size;		/* power of two */
	size_t nr;
};

void strmap_init(struct strmap *map);
void strmap_clear(struct strmap *map, bool free_values);

/* Size the table for @nr keys, so that filling it never rehashes. */
void strmap_reserve(struct strmap *map, size_t nr);

/* The entry for @key, or NULL. */
struct strmap_entry *strmap_find(const struct strmap *map, const char *key,
				 size_t len);
/* The entry for @key, added with a NULL value if it was not there. */
struct strmap_entry *strmap_insert(struct strmap *map, const char *key,
				   size_t len);

static inline void *strmap_get(const struct strmap *map, const char *key,
			       size_t len)
{
	struct strmap_entry *e = strmap_find(map, key, len);

	return e ? e->value : NULL;
}

#endif
