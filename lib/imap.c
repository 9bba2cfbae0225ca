// SPDX-License-Identifier: GPL-2.0
#include "imap.h"

#include <stdlib.h>
#include <string.h>

/*
 * @n empty entries: a large table in huge pages, where a probe of a
 * million keys' table is a TLB miss besides a cache miss (the archives'
 * Message-IDs, kmaint audit's threads).
 */
static struct imap_ent *new_table(size_t n)
{
	struct imap_ent *e = huge_alloc(n * sizeof(*e));

	if (!e)
		return xcalloc(n, sizeof(*e));
	memset(e, 0, n * sizeof(*e));
	return e;
}

void imap_init(struct imap *m, size_t hint)
{
	m->size = 64;
	while (m->size < 2 * hint + 2)
		m->size *= 2;
	m->nr = 0;
	m->ent = new_table(m->size);
}

void imap_free(struct imap *m)
{
	free(m->ent);
	memset(m, 0, sizeof(*m));
}

static size_t imap_slot(const struct imap *m, int64_t key)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ull;
	size_t i = (size_t)(h >> 20) & (m->size - 1);

	while (m->ent[i].key && m->ent[i].key != key)
		i = (i + 1) & (m->size - 1);
	return i;
}

int64_t *imap_put(struct imap *m, int64_t key)
{
	size_t i;

	if (2 * (m->nr + 1) > m->size) {
		struct imap big;
		size_t j;

		big.size = m->size * 2;
		big.nr = m->nr;
		big.ent = new_table(big.size);
		for (j = 0; j < m->size; j++)
			if (m->ent[j].key)
				big.ent[imap_slot(&big, m->ent[j].key)] = m->ent[j];
		imap_free(m);
		*m = big;
	}
	i = imap_slot(m, key);
	if (!m->ent[i].key) {
		m->ent[i].key = key;
		m->nr++;
	}
	return &m->ent[i].val;
}

int64_t *imap_get(const struct imap *m, int64_t key)
{
	size_t i;

	if (!m->size || !key)
		return NULL;
	i = imap_slot(m, key);
	return m->ent[i].key ? &m->ent[i].val : NULL;
}
