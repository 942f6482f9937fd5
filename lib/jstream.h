/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jstream.h - a JSON object read as its bytes arrive, one of whose members
 * is an array handed over element by element: a large request body is
 * never whole in memory, nor is its parsed tree.
 *
 * The text is fed in pieces of any size.  Each member value, and each
 * element of the array member, is cut out of the stream (strings,
 * brackets and escapes followed) and parsed by jansson on its own, so the
 * grammar, UTF-8 checks and error texts are jansson's; only the object's
 * own punctuation is checked here, in jansson's words.  Positions in
 * errors are of the whole text: line and column as jansson counts them
 * (columns in characters).  Duplicate member names are refused.
 */
#ifndef KPCI_LIB_JSTREAM_H
#define KPCI_LIB_JSTREAM_H

#include <jansson.h>

#include "lib/buf.h"

/* Gets each element of the array member, in order, from 0; the element is
 * borrowed (freed after the call).  Its return value is ignored: errors
 * about an element's meaning are the caller's to keep. */
typedef void (*jstream_element_fn)(void *ctx, size_t index, const json_t *elem);

struct jstream {
	const char *array_key;          /* the member handed over element by element */
	jstream_element_fn element;
	void *ctx;
	json_t *object;                 /* the other members as they are read */
	size_t elements;                /* elements of array_key handed over */
	int array_seen;                 /* array_key's value was an array */
	int not_object;                 /* the text is JSON of another kind */
	char error[256];                /* "" or what is wrong, with line and column */
	/* the reader's state */
	int state, depth, in_string, escaped, scalar;
	struct buf pending;             /* the value or element being cut out */
	int pend_line, pend_column;     /* where it began */
	char *key;                      /* the member whose value is read */
	int line, column;               /* of the last byte read */
};

/* Starts reading an object whose member array_key (a static string) goes
 * to element(ctx, ...); a value or element is held up to max bytes. */
void jstream_init(struct jstream *s, const char *array_key, jstream_element_fn element,
		  void *ctx, size_t max);
/* Reads the next len bytes: 0, or -1 once the text is not valid JSON
 * (s->error says why and where; later calls do nothing and fail). */
int jstream_feed(struct jstream *s, const char *data, size_t len);
/* The text ended: the object of the other members (array_key, when it was
 * an array, as an empty array), a new reference; NULL when the text is
 * not a whole valid object (s->error, or s->not_object). */
json_t *jstream_finish(struct jstream *s);
/* Bytes the reader holds now (the value being cut out). */
size_t jstream_held(const struct jstream *s);
void jstream_dispose(struct jstream *s);

#endif
