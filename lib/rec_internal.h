/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_internal.h - the field readers and writers the record files
 * (lib/rec_*.c) share: JSON values of nullable C fields, and the checks
 * of a decoder, each failing with "WHEREKEY must be ..." in *cause.
 */
#ifndef KPCI_REC_INTERNAL_H
#define KPCI_REC_INTERNAL_H

#include <jansson.h>

#include "lib/rec.h"

#define REC_MAX_ROWS 100000     /* records in one decoded list */
#define REC_WHERE_MAX 160       /* bytes of a place such as "trees[2].branches[0].events[1]." */

/* s as a JSON string (NULL: null); NULL when out of memory. */
json_t *rec_str_json(const char *s);
/* id as a JSON integer (0: null). */
json_t *rec_id_json(long long id);
/* A copy of j (NULL: null). */
json_t *rec_any_json(const json_t *j);
/* A measure as JSON (REC_NONE: null). */
json_t *rec_measure_json(long long v);
/* A real as JSON (not finite, NAN among them: null). */
json_t *rec_real_json(double v);

/* key of j: a string, or absent/null when nullable (*out NULL). */
int rec_get_str(char **out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause);
/* key of j: an integer, or absent/null when nullable (*out 0). */
int rec_get_int(long long *out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause);
/* key of j: an integer, or absent/null (*out REC_NONE). */
int rec_get_measure(long long *out, const json_t *j, const char *key, const char *where,
		    char **cause);
/* key of j: a number, or absent/null when nullable (*out dflt). */
int rec_get_num(double *out, const json_t *j, const char *key, int nullable, double dflt,
		const char *where, char **cause);
/* key of j: a number, or absent/null (*out NAN). */
int rec_get_real(double *out, const json_t *j, const char *key, const char *where,
		 char **cause);
/* key of j, any JSON value, copied (absent: null). */
int rec_get_any(json_t **out, const json_t *j, const char *key, const char *where,
		char **cause);

/* -1 with "WHERE must be an object" (where without its trailing dot; what,
 * such as "a runner", when where is "") unless j is an object. */
int rec_check_object(const json_t *j, const char *where, const char *what, char **cause);

/*
 * Arrays of records: n elements of size bytes each, side by side at v (a
 * list's v/n, or a record's nested array such as a runner's drift).  One
 * callback per element, given its address:
 *   encode   its JSON; NULL when out of memory.
 *   decode   fills the element, which starts zeroed, from j; where is its
 *            place "WHERENAME[i]." to prefix the names of its fields.  On
 *            error it leaves the element disposable (empty or part-filled).
 *   dispose  frees what the element owns.
 */
typedef json_t *rec_elem_encode_fn(const void *elem);
typedef int rec_elem_decode_fn(void *elem, const json_t *j, const char *where, char **cause);
typedef void rec_elem_dispose_fn(void *elem);

/* The n elements at v as a JSON array; NULL when out of memory (or when
 * an element's encode fails). */
json_t *rec_array_encode(const void *v, size_t n, size_t size, rec_elem_encode_fn *encode);
/*
 * The JSON array arr, named "WHERENAME" in a sentence, into a new array
 * of elements of size bytes (one spare, zeroed) whose address is stored at
 * out (a T ** passed as void *), each read by decode; *n counts them.  -1
 * with one sentence in *cause when arr is not an array ("WHERENAME must be
 * an array"), holds more than REC_MAX_ROWS elements ("WHERENAME holds more
 * than 100000 entries"), or an element is wrong (decode's sentence).  On
 * error *n counts the elements to dispose, the one that failed included,
 * and the caller disposes them (rec_array_dispose, or its record's
 * dispose).
 */
int rec_array_decode(void *out, size_t *n, size_t size, const json_t *arr, const char *where,
		     const char *name, rec_elem_decode_fn *decode, char **cause);
/* As rec_array_decode, but whole or empty: on error the elements read are
 * disposed with dispose and *out is NULL, *n 0. */
int rec_array_decode_whole(void *out, size_t *n, size_t size, const json_t *arr,
			   const char *where, const char *name, rec_elem_decode_fn *decode,
			   rec_elem_dispose_fn *dispose, char **cause);
/* Disposes the n elements at v and frees v (NULL: nothing); the caller
 * clears its pointer and count. */
void rec_array_dispose(void *v, size_t n, size_t size, rec_elem_dispose_fn *dispose);

/*
 * REC_LIST(one, many, name) defines, from a record's rec_ONE_encode,
 * rec_ONE_decode and rec_ONE_dispose (its decode "empty or whole"), the
 * trio of its list struct rec_MANY { struct rec_ONE *v; size_t n; }:
 * rec_MANY_encode, rec_MANY_decode (rows named "NAME[i].", the list empty
 * on error) and rec_MANY_dispose; and the element callbacks they pass,
 * rec_ONE_elem_encode, rec_ONE_elem_decode and rec_ONE_elem_dispose,
 * which a nested array of the record uses too.
 */
#define REC_LIST(one, many, name)							\
static json_t *rec_##one##_elem_encode(const void *e)					\
{											\
	return rec_##one##_encode(e);							\
}											\
static int rec_##one##_elem_decode(void *e, const json_t *j, const char *where,	\
				   char **cause)					\
{											\
	return rec_##one##_decode(e, j, where, cause);					\
}											\
static void rec_##one##_elem_dispose(void *e)						\
{											\
	rec_##one##_dispose(e);								\
}											\
json_t *rec_##many##_encode(const struct rec_##many *l)				\
{											\
	return rec_array_encode(l->v, l->n, sizeof *l->v, rec_##one##_elem_encode);	\
}											\
int rec_##many##_decode(struct rec_##many *out, const json_t *arr, char **cause)	\
{											\
	if (rec_array_decode(&out->v, &out->n, sizeof *out->v, arr, "", name,		\
			     rec_##one##_elem_decode, cause) == 0)			\
		return 0;								\
	rec_##many##_dispose(out);							\
	return -1;									\
}											\
void rec_##many##_dispose(struct rec_##many *l)					\
{											\
	if (!l)										\
		return;									\
	rec_array_dispose(l->v, l->n, sizeof *l->v, rec_##one##_elem_dispose);		\
	l->v = NULL;									\
	l->n = 0;									\
}

#endif
