// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_names.c - lists of names inside records (lib/rec_names.h): a JSON
 * array of strings both ways.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_names.h"

json_t *rec_names_encode(char *const *v, size_t n)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		if (json_array_append_new(arr, json_string(v[i])) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

int rec_names_decode(char ***out, size_t *n, const json_t *arr, const char *where,
		     const char *name, char **cause)
{
	char **v;
	size_t i;

	*out = NULL;
	*n = 0;
	if (!json_is_array(arr))
		return fail_cause(cause, "%s%s must be an array", where, name);
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "%s%s holds more than %d entries", where, name,
				  REC_MAX_ROWS);
	v = calloc(json_array_size(arr) + 1, sizeof *v);
	if (!v)
		return fail_cause(cause, "out of memory");
	for (i = 0; i < json_array_size(arr); i++) {
		const json_t *s = json_array_get(arr, i);

		if (!json_is_string(s)) {
			rec_names_dispose(v, i);
			return fail_cause(cause, "%s%s[%zu] must be a string", where, name, i);
		}
		v[i] = strdup(json_string_value(s));
		if (!v[i]) {
			rec_names_dispose(v, i);
			return fail_cause(cause, "out of memory");
		}
	}
	*out = v;
	*n = i;
	return 0;
}

void rec_names_dispose(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}
