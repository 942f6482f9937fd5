// SPDX-License-Identifier: GPL-2.0-only
/*
 * buf.c - growable, capped byte buffer.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"

void buf_init(struct buf *b, size_t max)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->max = max;
	b->failed = 0;
}

void buf_dispose(struct buf *b)
{
	if (!b)
		return;
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	b->failed = 0;
	if (b->data)
		b->data[0] = '\0';
}

int buf_failed(const struct buf *b)
{
	return b->failed;
}

/* Room for extra more bytes; -1 (and b failed) when they do not fit. */
static int buf_reserve(struct buf *b, size_t extra)
{
	size_t need, cap;
	char *p;

	if (b->failed)
		return -1;
	if (extra > b->max || b->len > b->max - extra || extra >= SIZE_MAX - b->len) {
		b->failed = 1;
		return -1;
	}
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 256;
	while (cap < need)
		cap = cap > (size_t)-1 / 2 ? need : cap * 2;
	p = realloc(b->data, cap);
	if (!p) {
		b->failed = 1;
		return -1;
	}
	b->data = p;
	b->cap = cap;
	return 0;
}

int buf_presize(struct buf *b, size_t n)
{
	char *p;

	if (n > b->max || n >= SIZE_MAX)
		return -1;
	if (n + 1 <= b->cap)
		return 0;
	p = realloc(b->data, n + 1);
	if (!p)
		return -1;
	p[b->len] = '\0';
	b->data = p;
	b->cap = n + 1;
	return 0;
}

int buf_add(struct buf *b, const void *data, size_t len)
{
	if (buf_reserve(b, len) < 0)
		return -1;
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

int buf_adds(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		b->failed = 1;
	if (n < 0 || buf_reserve(b, (size_t)n) < 0)
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

const char *buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}

char *buf_steal(struct buf *b)
{
	char *p = b->data ? b->data : strdup("");

	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
	return p;
}
