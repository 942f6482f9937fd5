// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec.c - what the record encoders and decoders (lib/rec_*.c) share:
 * nullable C fields as JSON, typed reads of a decoded object's fields
 * with one sentence naming the field that is wrong, and arrays of
 * records (the lists and a record's nested arrays) read and written one
 * way.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"

json_t *rec_str_json(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *rec_id_json(long long id)
{
	return id ? json_integer(id) : json_null();
}

json_t *rec_any_json(const json_t *j)
{
	return j ? json_deep_copy(j) : json_null();
}

json_t *rec_measure_json(long long v)
{
	return v == REC_NONE ? json_null() : json_integer(v);
}

json_t *rec_real_json(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

int rec_get_str(char **out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = NULL;
	if (!v || json_is_null(v))
		return nullable ? 0 : fail_cause(cause, "%s%s is missing", where, key);
	if (!json_is_string(v))
		return fail_cause(cause, "%s%s must be a string", where, key);
	*out = strdup(json_string_value(v));
	return *out ? 0 : fail_cause(cause, "out of memory");
}

int rec_get_int(long long *out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = 0;
	if (!v || json_is_null(v))
		return nullable ? 0 : fail_cause(cause, "%s%s is missing", where, key);
	if (!json_is_integer(v))
		return fail_cause(cause, "%s%s must be an integer", where, key);
	*out = json_integer_value(v);
	return 0;
}

int rec_get_measure(long long *out, const json_t *j, const char *key, const char *where,
		    char **cause)
{
	const json_t *v = json_object_get(j, key);

	if (rec_get_int(out, j, key, 1, where, cause) < 0)
		return -1;
	if (!v || json_is_null(v))
		*out = REC_NONE;
	return 0;
}

int rec_get_num(double *out, const json_t *j, const char *key, int nullable, double dflt,
		const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = dflt;
	if (!v || json_is_null(v))
		return nullable ? 0 : fail_cause(cause, "%s%s is missing", where, key);
	if (!json_is_number(v))
		return fail_cause(cause, "%s%s must be a number", where, key);
	*out = json_number_value(v);
	return 0;
}

int rec_get_real(double *out, const json_t *j, const char *key, const char *where,
		 char **cause)
{
	return rec_get_num(out, j, key, 1, NAN, where, cause);
}

int rec_get_any(json_t **out, const json_t *j, const char *key, const char *where,
		char **cause)
{
	*out = rec_any_json(json_object_get(j, key));
	return *out ? 0 : fail_cause(cause, "%s%s: out of memory", where, key);
}

int rec_check_object(const json_t *j, const char *where, const char *what, char **cause)
{
	size_t n = strlen(where);

	if (json_is_object(j))
		return 0;
	if (!n)
		return fail_cause(cause, "%s must be an object", what);
	if (where[n - 1] == '.')
		n--;
	return fail_cause(cause, "%.*s must be an object", (int)n, where);
}

json_t *rec_array_encode(const void *v, size_t n, size_t size, rec_elem_encode_fn *encode)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		if (json_array_append_new(arr, encode((const char *)v + i * size)) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

int rec_array_decode(void *out, size_t *n, size_t size, const json_t *arr, const char *where,
		     const char *name, rec_elem_decode_fn *decode, char **cause)
{
	char at[REC_WHERE_MAX], *v = NULL;

	*n = 0;
	memcpy(out, &v, sizeof v);
	if (!json_is_array(arr))
		return fail_cause(cause, "%s%s must be an array", where, name);
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "%s%s holds more than %d entries", where, name,
				  REC_MAX_ROWS);
	v = calloc(json_array_size(arr) + 1, size);
	if (!v)
		return fail_cause(cause, "out of memory");
	memcpy(out, &v, sizeof v);
	while (*n < json_array_size(arr)) {
		snprintf(at, sizeof at, "%s%s[%zu].", where, name, *n);
		if (decode(v + *n * size, json_array_get(arr, *n), at, cause) < 0) {
			(*n)++;
			return -1;
		}
		(*n)++;
	}
	return 0;
}

int rec_array_decode_whole(void *out, size_t *n, size_t size, const json_t *arr,
			   const char *where, const char *name, rec_elem_decode_fn *decode,
			   rec_elem_dispose_fn *dispose, char **cause)
{
	void *v;

	if (rec_array_decode(out, n, size, arr, where, name, decode, cause) == 0)
		return 0;
	memcpy(&v, out, sizeof v);
	rec_array_dispose(v, *n, size, dispose);
	v = NULL;
	memcpy(out, &v, sizeof v);
	*n = 0;
	return -1;
}

void rec_array_dispose(void *v, size_t n, size_t size, rec_elem_dispose_fn *dispose)
{
	for (size_t i = 0; v && i < n; i++)
		dispose((char *)v + i * size);
	free(v);
}
