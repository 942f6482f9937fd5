/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * buf.h - a growable byte buffer with a maximum size (after curl's dynbuf).
 *
 * The contents are always NUL-terminated.  Appending past `max` (or
 * without memory) fails with -1, leaves the contents as they were and
 * marks the buffer failed: every later append fails too, so the contents
 * stay a whole prefix of what was written, and a writer of many pieces
 * checks once, with buf_failed(), instead of after each.  Sizes that come
 * from the network are capped before they are allocated.
 */
#ifndef KPCI_BUF_H
#define KPCI_BUF_H

#include <stddef.h>

struct buf {
	char *data;     /* NUL-terminated; NULL until the first append */
	size_t len;
	size_t cap;
	size_t max;     /* the largest len allowed */
	int failed;     /* an append did not fit: later ones fail too (sticky) */
};

void buf_init(struct buf *b, size_t max);
/* Frees the contents; b is empty (and not failed) again.  NULL: nothing. */
void buf_dispose(struct buf *b);
/* Empties b, keeping its memory, and clears a failure. */
void buf_reset(struct buf *b);
/* 1 when an append has failed since buf_init or buf_reset. */
int buf_failed(const struct buf *b);
int buf_add(struct buf *b, const void *data, size_t len);
/* Allocates room for n bytes in all at once (a body whose size is
 * announced: one allocation of its size instead of doublings); 0, or -1
 * past max or out of memory. */
int buf_presize(struct buf *b, size_t n);
int buf_adds(struct buf *b, const char *s);
int buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The contents, "" when empty; borrowed from b. */
const char *buf_str(const struct buf *b);
/* Hands the contents (malloc'd, NUL-terminated) to the caller and empties
 * b (a failure is cleared too). */
char *buf_steal(struct buf *b);

#endif
