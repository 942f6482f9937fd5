/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * keyset.h - a set of 64-bit keys: open addressing, grown by doubling.
 *
 * The watcher keeps one per tree holding the first 8 bytes of every
 * commit id the tree has stored, so that its walk can stop at known
 * history without asking the database about each parent (a hit is a
 * hint, confirmed against the database).  8 bytes a key at most 2/3 full:
 * about 16 MiB for the kernel's 1.3 million commits.
 */
#ifndef KPCI_KEYSET_H
#define KPCI_KEYSET_H

#include <stddef.h>
#include <stdint.h>

struct keyset {
	uint64_t *slots;        /* 0: empty (the key 0 is kept as `zero`) */
	size_t n, nslots;
	int zero;
};

/* Adds key: 1 when it was not held, 0 when it was, -1 when out of memory
 * (the set stays as it was). */
int keyset_add(struct keyset *s, uint64_t key);
int keyset_has(const struct keyset *s, uint64_t key);
void keyset_dispose(struct keyset *s);

#endif
