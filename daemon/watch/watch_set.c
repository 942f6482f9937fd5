// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch_set.c - the commits of one poll of one branch: an array with an
 * oid -> index hash (open addressing), and the arena their strings and
 * parent lists come from, freed with the set.
 */
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "daemon/watch/watch_internal.h"
#include "lib/gitpack.h"

#define WATCH_ARENA_BLOCK (128 * 1024)

size_t watch_hash(const git_oid *oid)
{
	size_t h;

	memcpy(&h, oid->id, sizeof h);
	return h;
}

struct watch_node *watch_set_get(struct watch_set *s, const git_oid *oid)
{
	size_t i;

	if (!s->nslots)
		return NULL;
	for (i = watch_hash(oid) & (s->nslots - 1); s->slots[i]; i = (i + 1) & (s->nslots - 1))
		if (git_oid_equal(&s->v[s->slots[i] - 1].oid, oid))
			return &s->v[s->slots[i] - 1];
	return NULL;
}

/* Doubles the hash table when it is half full; -1 on memory. */
int watch_set_grow(struct watch_set *s)
{
	size_t n = s->nslots ? s->nslots * 2 : 1024, *slots;

	if (s->n * 2 < s->nslots)
		return 0;
	slots = calloc(n, sizeof *slots);
	if (!slots)
		return -1;
	for (size_t k = 0; k < s->n; k++) {
		size_t i = watch_hash(&s->v[k].oid) & (n - 1);

		while (slots[i])
			i = (i + 1) & (n - 1);
		slots[i] = k + 1;
	}
	free(s->slots);
	s->slots = slots;
	s->nslots = n;
	return 0;
}

/* n bytes of the set's arena; NULL when out of memory. */
void *watch_alloc(struct watch_set *s, size_t n)
{
	char *p;

	if (n > s->left) {
		size_t size = n > WATCH_ARENA_BLOCK ? n : WATCH_ARENA_BLOCK;
		char **blocks = realloc(s->blocks, (s->nblocks + 1) * sizeof *blocks);

		if (!blocks)
			return NULL;
		s->blocks = blocks;
		if (!(s->blocks[s->nblocks] = malloc(size)))
			return NULL;
		s->cur = s->blocks[s->nblocks++];
		s->left = size;
	}
	p = s->cur;
	s->cur += n;
	s->left -= n;
	return p;
}

/* The first n bytes of p as a string in the set's arena. */
char *watch_strndup(struct watch_set *s, const char *p, size_t n)
{
	char *r = watch_alloc(s, n + 1);

	if (r) {
		memcpy(r, p, n);
		r[n] = '\0';
	}
	return r;
}

/* What a commit holds outside the arena. */
void watch_node_dispose(struct watch_node *c)
{
	if (!c)
		return;
	free(c->subsystem);
	free(c->source);
}

void watch_set_dispose(struct watch_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		watch_node_dispose(&s->v[i]);
	for (size_t i = 0; i < s->nblocks; i++)
		free(s->blocks[i]);
	free(s->blocks);
	free(s->scratch);
	free(s->v);
	free(s->slots);
	gitpack_close(s->packs);
	memset(s, 0, sizeof *s);
}
