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

/* s as a JSON string (NULL: null); NULL when out of memory. */
json_t *rec_str_json(const char *s);
/* id as a JSON integer (0: null). */
json_t *rec_id_json(long long id);
/* A copy of j (NULL: null). */
json_t *rec_any_json(const json_t *j);
/* A measure as JSON (REC_NONE: null). */
json_t *rec_measure_json(long long v);

/* key of j: a string, or absent/null when nullable (*out NULL). */
int rec_get_str(char **out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause);
/* key of j: an integer, or absent/null when nullable (*out 0). */
int rec_get_int(long long *out, const json_t *j, const char *key, int nullable,
		const char *where, char **cause);
/* key of j: an integer, or absent/null (*out REC_NONE). */
int rec_get_measure(long long *out, const json_t *j, const char *key, const char *where,
		    char **cause);
/* key of j, any JSON value, copied (absent: null). */
int rec_get_any(json_t **out, const json_t *j, const char *key, const char *where,
		char **cause);

#endif
