/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rec_names.h - a list of names or lines inside a record, in order: a
 * runner's capabilities and boot methods, a build's merge_config
 * warnings.  A record holds one as a char ** with its count; the JSON is
 * an array of strings.  The strings and the array belong to the record.
 */
#ifndef KPCI_REC_NAMES_H
#define KPCI_REC_NAMES_H

#include <stddef.h>

#include <jansson.h>

/* The n strings at v as a JSON array; NULL when out of memory. */
json_t *rec_names_encode(char *const *v, size_t n);
/*
 * The JSON array arr into a new array of strings at *out (one spare NULL
 * at the end), *n of them.  -1 with "WHERENAME must be an array",
 * "WHERENAME holds more than 100000 entries" or "WHERENAME[i] must be a
 * string" in *cause, *out and *n empty.
 */
int rec_names_decode(char ***out, size_t *n, const json_t *arr, const char *where,
		     const char *name, char **cause);
/* Frees the n strings at v and v (NULL: nothing); the caller clears its
 * pointer and count. */
void rec_names_dispose(char **v, size_t n);

#endif
