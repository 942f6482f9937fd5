// SPDX-License-Identifier: GPL-2.0-only
/*
 * keyset.c - a set of 64-bit keys (see keyset.h).
 */
#include <stdlib.h>

#include "lib/keyset.h"

#define KEYSET_MIN_SLOTS 1024

/* Keys are commit ids or other hashes: their bits are spread already,
 * but a multiply keeps clustered keys from clustering in the table. */
static size_t keyset_slot(uint64_t key, size_t nslots)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 17) & (nslots - 1);
}

static void keyset_put(uint64_t *slots, size_t nslots, uint64_t key)
{
	size_t i = keyset_slot(key, nslots);

	while (slots[i] && slots[i] != key)
		i = (i + 1) & (nslots - 1);
	slots[i] = key;
}

int keyset_add(struct keyset *s, uint64_t key)
{
	if (!key) {
		int added = !s->zero;

		s->zero = 1;
		return added;
	}
	if (keyset_has(s, key))
		return 0;               /* held: no need to grow for it */
	if ((s->n + 1) * 3 > s->nslots * 2) {
		size_t nslots = s->nslots ? s->nslots * 2 : KEYSET_MIN_SLOTS;
		uint64_t *slots = calloc(nslots, sizeof *slots);

		if (!slots)
			return -1;
		for (size_t i = 0; i < s->nslots; i++)
			if (s->slots[i])
				keyset_put(slots, nslots, s->slots[i]);
		free(s->slots);
		s->slots = slots;
		s->nslots = nslots;
	}
	keyset_put(s->slots, s->nslots, key);
	s->n++;
	return 1;
}

int keyset_has(const struct keyset *s, uint64_t key)
{
	size_t i;

	if (!key)
		return s->zero;
	if (!s->nslots)
		return 0;
	for (i = keyset_slot(key, s->nslots); s->slots[i]; i = (i + 1) & (s->nslots - 1))
		if (s->slots[i] == key)
			return 1;
	return 0;
}

void keyset_dispose(struct keyset *s)
{
	if (!s)
		return;
	free(s->slots);
	*s = (struct keyset){ 0 };
}
