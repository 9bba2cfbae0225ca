// SPDX-License-Identifier: GPL-2.0
#include "strmap.h"

#include <stdlib.h>
#include <string.h>

void strmap_init(struct strmap *map)
{
	memset(map, 0, sizeof(*map));
}

void strmap_clear(struct strmap *map, bool free_values)
{
	size_t i;

	for (i = 0; i < map->size; i++) {
		free(map->table[i].key);
		if (free_values)
			free(map->table[i].value);
	}
	free(map->table);
	strmap_init(map);
}

static struct strmap_entry *probe(const struct strmap *map, const char *key,
				  size_t len, uint32_t hash)
{
	size_t mask = map->size - 1, i = hash & mask;

	for (;; i = (i + 1) & mask) {
		struct strmap_entry *e = &map->table[i];

		if (!e->key)
			return e;
		if (e->hash == hash && e->len == len &&
		    !memcmp(e->key, key, len))
			return e;
	}
}

struct strmap_entry *strmap_find(const struct strmap *map, const char *key,
				 size_t len)
{
	struct strmap_entry *e;

	if (!map->nr)
		return NULL;
	e = probe(map, key, len, hash_bytes(key, len));
	return e->key ? e : NULL;
}

static void resize(struct strmap *map, size_t size)
{
	struct strmap_entry *old = map->table;
	size_t i, old_size = map->size;

	map->size = size;
	map->table = xcalloc(map->size, sizeof(*map->table));
	for (i = 0; i < old_size; i++)
		if (old[i].key)
			*probe(map, old[i].key, old[i].len, old[i].hash) = old[i];
	free(old);
}

void strmap_reserve(struct strmap *map, size_t nr)
{
	size_t size = 64;

	while (size < nr * 2 + 2)
		size *= 2;
	if (size > map->size)
		resize(map, size);
}

struct strmap_entry *strmap_insert(struct strmap *map, const char *key,
				   size_t len)
{
	uint32_t hash = hash_bytes(key, len);
	struct strmap_entry *e;

	/* Keep the load under 1/2 so probe chains stay short. */
	if ((map->nr + 1) * 2 > map->size)
		resize(map, map->size ? map->size * 2 : 64);
	e = probe(map, key, len, hash);
	if (!e->key) {
		e->key = xstrndup(key, len);
		e->len = len;
		e->hash = hash;
		e->value = NULL;
		map->nr++;
	}
	return e;
}
