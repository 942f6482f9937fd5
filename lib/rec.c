/*
 * rec.c - what the record encoders and decoders (lib/rec_*.c) share:
 * nullable C fields as JSON, and typed reads of a decoded object's
 * fields with one sentence naming the field that is wrong.
 */
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

int rec_get_any(json_t **out, const json_t *j, const char *key, const char *where,
		char **cause)
{
	*out = rec_any_json(json_object_get(j, key));
	return *out ? 0 : fail_cause(cause, "%s%s: out of memory", where, key);
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
