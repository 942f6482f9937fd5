// SPDX-License-Identifier: GPL-2.0-only
/*
 * jstream.c - a JSON object read as it arrives, one array member element
 * by element (see jstream.h).  A small state machine follows the object's
 * punctuation; every value is cut out whole (its strings, escapes and
 * brackets followed) and parsed by jansson.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/jstream.h"

enum {
	J_START,        /* before '{' */
	J_KEY_FIRST,    /* after '{': a name or '}' */
	J_KEY_NEXT,     /* after ',': a name */
	J_KEY,          /* inside a name */
	J_COLON,        /* after a name */
	J_VALUE,        /* after ':' */
	J_VALUE_IN,     /* inside a member's value */
	J_AFTER,        /* after a value: ',' or '}' */
	J_EL_FIRST,     /* after the array member's '[': an element or ']' */
	J_EL_NEXT,      /* after ',' in it: an element */
	J_EL_IN,        /* inside an element */
	J_EL_AFTER,     /* after an element: ',' or ']' */
	J_END,          /* after the object: white space only */
	J_FAILED,
};

enum { CUT_MORE, CUT_WITH, CUT_BEFORE };   /* the value goes on; ends with c; ended before c */

static int jstream_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void jstream_init(struct jstream *s, const char *array_key, jstream_element_fn element,
		  void *ctx, size_t max)
{
	memset(s, 0, sizeof *s);
	s->array_key = array_key;
	s->element = element;
	s->ctx = ctx;
	s->object = json_object();
	s->line = 1;
	buf_init(&s->pending, max);
	if (!s->object) {
		snprintf(s->error, sizeof s->error, "out of memory");
		s->state = J_FAILED;
	}
}

void jstream_dispose(struct jstream *s)
{
	if (!s)
		return;
	json_decref(s->object);
	buf_dispose(&s->pending);
	free(s->key);
	memset(s, 0, sizeof *s);
}

size_t jstream_held(const struct jstream *s)
{
	return s->pending.cap;
}

/* Fails the stream with "what near 'c' at line L column C" (c < 0: none). */
static int jstream_fail(struct jstream *s, const char *what, int c)
{
	char near[16] = "";

	if (c >= 0x20 && c < 0x7f)
		snprintf(near, sizeof near, " near '%c'", c);
	snprintf(s->error, sizeof s->error, "%s%s at line %d column %d", what, near, s->line,
		 s->column);
	s->state = J_FAILED;
	return -1;
}

/* Starts cutting out a value whose first byte is c. */
static int jstream_cut_start(struct jstream *s, char c)
{
	if (strchr(",:]}", c))
		return jstream_fail(s, "unexpected token", c);
	buf_reset(&s->pending);
	s->pend_line = s->line;
	s->pend_column = s->column - 1;         /* c is counted already */
	s->in_string = c == '"';
	s->escaped = 0;
	s->depth = c == '{' || c == '[';
	s->scalar = !s->in_string && !s->depth;
	return 0;
}

/* The next byte c of the value being cut out: CUT_*.  The bytes are
 * copied into s->pending in runs (jstream_feed). */
static int jstream_cut(struct jstream *s, char c)
{
	if (s->scalar && (jstream_space(c) || c == ',' || c == ']' || c == '}'))
		return CUT_BEFORE;
	if (s->in_string) {
		if (s->escaped)
			s->escaped = 0;
		else if (c == '\\')
			s->escaped = 1;
		else if (c == '"')
			s->in_string = 0;
		return !s->in_string && !s->depth && !s->scalar ? CUT_WITH : CUT_MORE;
	}
	if (s->scalar)
		return CUT_MORE;
	if (c == '"')
		s->in_string = 1;
	else if (c == '{' || c == '[')
		s->depth++;
	else if ((c == '}' || c == ']') && --s->depth == 0)
		return CUT_WITH;
	return CUT_MORE;
}

/* The value cut out, parsed by jansson; NULL after failing the stream
 * with jansson's error at its place in the whole text. */
static json_t *jstream_parse(struct jstream *s)
{
	json_error_t err;
	json_t *v = json_loadb(s->pending.data, s->pending.len,
			       JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &err);

	if (v)
		return v;
	snprintf(s->error, sizeof s->error, "%s at line %d column %d", err.text,
		 s->pend_line + err.line - 1, err.line == 1 ? s->pend_column + err.column :
		 err.column);
	s->state = J_FAILED;
	return NULL;
}

/* The member name cut out: kept in s->key, unless it repeats one. */
static int jstream_key(struct jstream *s)
{
	json_t *k = jstream_parse(s);
	const char *name;

	if (!k)
		return -1;
	name = json_string_value(k);
	if (strlen(name) != json_string_length(k)) {
		json_decref(k);
		return jstream_fail(s, "NUL byte in object key not supported", -1);
	}
	if (json_object_get(s->object, name) || (s->array_seen && !strcmp(name, s->array_key))) {
		char what[200];

		snprintf(what, sizeof what, "duplicate object key near '\"%.150s\"'", name);
		json_decref(k);
		return jstream_fail(s, what, -1);
	}
	free(s->key);
	s->key = strdup(name);
	json_decref(k);
	return s->key ? 0 : jstream_fail(s, "out of memory", -1);
}

/* A member's value cut out: kept in s->object. */
static int jstream_value(struct jstream *s)
{
	json_t *v = jstream_parse(s);

	if (!v)
		return -1;
	if (json_object_set_new(s->object, s->key, v) < 0)
		return jstream_fail(s, "out of memory", -1);
	return 0;
}

/* An element of the array member cut out: handed over. */
static int jstream_element(struct jstream *s)
{
	json_t *v = jstream_parse(s);

	if (!v)
		return -1;
	s->element(s->ctx, s->elements++, v);
	json_decref(v);
	return 0;
}

/* One byte c outside a value being cut out; 0, or -1 (failed). */
static int jstream_punct(struct jstream *s, char c)
{
	if (jstream_space(c))
		return 0;
	switch (s->state) {
	case J_START:
		if (c == '{') {
			s->state = J_KEY_FIRST;
			return 0;
		}
		if (strchr("[\"-0123456789tfn", c)) {
			s->not_object = 1;
			return jstream_fail(s, "the text is not an object", c);
		}
		return jstream_fail(s, "'[' or '{' expected", c);
	case J_KEY_FIRST:
	case J_KEY_NEXT:
		if (c == '}' && s->state == J_KEY_FIRST) {
			s->state = J_END;
			return 0;
		}
		if (c != '"')
			return jstream_fail(s, "string or '}' expected", c);
		s->state = J_KEY;
		return jstream_cut_start(s, c);
	case J_COLON:
		if (c != ':')
			return jstream_fail(s, "':' expected", c);
		s->state = J_VALUE;
		return 0;
	case J_VALUE:
		if (c == '[' && !strcmp(s->key, s->array_key)) {
			s->array_seen = 1;
			s->state = J_EL_FIRST;
			return 0;
		}
		s->state = J_VALUE_IN;
		return jstream_cut_start(s, c);
	case J_AFTER:
		if (c == ',' || c == '}') {
			s->state = c == ',' ? J_KEY_NEXT : J_END;
			return 0;
		}
		return jstream_fail(s, "'}' expected", c);
	case J_EL_FIRST:
	case J_EL_NEXT:
		if (c == ']' && s->state == J_EL_FIRST) {
			s->state = J_AFTER;
			return 0;
		}
		s->state = J_EL_IN;
		return jstream_cut_start(s, c);
	case J_EL_AFTER:
		if (c == ',' || c == ']') {
			s->state = c == ',' ? J_EL_NEXT : J_AFTER;
			return 0;
		}
		return jstream_fail(s, "']' expected", c);
	case J_END:
		return jstream_fail(s, "end of file expected", c);
	}
	return -1;
}

/* The value being cut out (J_KEY, J_VALUE_IN, J_EL_IN) ended: stored. */
static int jstream_cut_done(struct jstream *s)
{
	int st = s->state;

	s->state = st == J_KEY ? J_COLON : st == J_VALUE_IN ? J_AFTER : J_EL_AFTER;
	if (st == J_KEY)
		return jstream_key(s);
	return st == J_VALUE_IN ? jstream_value(s) : jstream_element(s);
}

/* 1 while a value is being cut out (its bytes go to s->pending). */
static int jstream_cutting(const struct jstream *s)
{
	return s->state == J_KEY || s->state == J_VALUE_IN || s->state == J_EL_IN;
}

/* Appends the run of the value's bytes from..to of data. */
static int jstream_run(struct jstream *s, const char *data, size_t from, size_t to)
{
	if (to > from && buf_add(&s->pending, data + from, to - from) < 0)
		return jstream_fail(s, "value too large", -1);
	return 0;
}

int jstream_feed(struct jstream *s, const char *data, size_t len)
{
	size_t run = 0;                 /* where the value's bytes in data begin */

	for (size_t i = 0; i < len; i++) {
		char c = data[i];
		int cut;

		if (s->state == J_FAILED)
			return -1;
		if (c == '\n') {
			s->line++;
			s->column = 0;
		} else if (((unsigned char)c & 0xc0) != 0x80) {
			s->column++;
		}
		if (!jstream_cutting(s)) {
			if (jstream_punct(s, c) < 0)
				return -1;
			run = i;
			continue;
		}
		cut = jstream_cut(s, c);
		if (cut == CUT_MORE)
			continue;
		if (jstream_run(s, data, run, cut == CUT_WITH ? i + 1 : i) < 0 ||
		    jstream_cut_done(s) < 0)
			return -1;
		if (cut == CUT_BEFORE && jstream_punct(s, c) < 0)
			return -1;
		run = i;
	}
	if (jstream_cutting(s) && jstream_run(s, data, run, len) < 0)
		return -1;
	return s->state == J_FAILED ? -1 : 0;
}

json_t *jstream_finish(struct jstream *s)
{
	static const char *const expected[] = {
		[J_START] = "'[' or '{' expected", [J_KEY_FIRST] = "string or '}' expected",
		[J_KEY_NEXT] = "string or '}' expected", [J_KEY] = "premature end of input",
		[J_COLON] = "':' expected", [J_VALUE] = "unexpected token",
		[J_VALUE_IN] = "'}' expected", [J_AFTER] = "'}' expected",
		[J_EL_FIRST] = "']' expected", [J_EL_NEXT] = "unexpected token",
		[J_EL_IN] = "']' expected", [J_EL_AFTER] = "']' expected",
	};
	char what[64];

	if (s->state == J_FAILED)
		return NULL;
	if (s->state != J_END) {
		snprintf(what, sizeof what, "%s near end of file", expected[s->state]);
		jstream_fail(s, what, -1);
		return NULL;
	}
	if (s->array_seen && json_object_set_new(s->object, s->array_key, json_array()) < 0)
		return NULL;
	return json_incref(s->object);
}
