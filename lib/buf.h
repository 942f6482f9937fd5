/*
 * buf.h - a growable byte buffer with a maximum size (after curl's dynbuf).
 *
 * The contents are always NUL-terminated.  Appending past `max` fails
 * with -1 and leaves the buffer as it was, so sizes that come from the
 * network are capped before they are allocated.
 */
#ifndef KPCI_BUF_H
#define KPCI_BUF_H

#include <stddef.h>

struct buf {
	char *data;     /* NUL-terminated; NULL until the first append */
	size_t len;
	size_t cap;
	size_t max;     /* the largest len allowed */
};

void buf_init(struct buf *b, size_t max);
void buf_dispose(struct buf *b);
void buf_reset(struct buf *b);
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
/* Hands the contents (malloc'd, NUL-terminated) to the caller and resets b. */
char *buf_steal(struct buf *b);

#endif
