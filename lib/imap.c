// SPDX-License-Identifier: GPL-2.0
#include "imap.h"

#include <stdlib.h>
#include <string.h>

void imap_init(struct imap *m, size_t hint)
{
	m->size = 64;
	while (m->size < 2 * hint + 2)
		m->size *= 2;
	m->nr = 0;
	m->keys = xcalloc(m->size, sizeof(*m->keys));
	m->vals = xcalloc(m->size, sizeof(*m->vals));
}

void imap_free(struct imap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static size_t imap_slot(const struct imap *m, int64_t key)
{
	uint64_t h = (uint64_t)key * 0x9e3779b97f4a7c15ull;
	size_t i = (size_t)(h >> 20) & (m->size - 1);

	while (m->keys[i] && m->keys[i] != key)
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
		big.keys = xcalloc(big.size, sizeof(*big.keys));
		big.vals = xcalloc(big.size, sizeof(*big.vals));
		for (j = 0; j < m->size; j++)
			if (m->keys[j]) {
				i = imap_slot(&big, m->keys[j]);
				big.keys[i] = m->keys[j];
				big.vals[i] = m->vals[j];
			}
		imap_free(m);
		*m = big;
	}
	i = imap_slot(m, key);
	if (!m->keys[i]) {
		m->keys[i] = key;
		m->nr++;
	}
	return &m->vals[i];
}

int64_t *imap_get(const struct imap *m, int64_t key)
{
	size_t i;

	if (!m->size || !key)
		return NULL;
	i = imap_slot(m, key);
	return m->keys[i] ? &m->vals[i] : NULL;
}
