// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_change.c - the change record (lib/rec.h): a step the analyzer found
 * in a series, or a build failure, with in its detail where it lies, its
 * group, its points and its bisection; and the change group of the
 * /changes page.  GET /api/v1/changes[/ID] answer rec_change_encode;
 * `kpci changes` and `kpci change` read it back with rec_change_decode.
 *
 * A change has some fifty columns: one table per record names each key
 * with its kind and place, and the encoder, the decoder and dispose walk
 * it, so a key is written once.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_bisect.h"
#include "lib/rec_change_points.h"
#include "lib/rec_internal.h"
#include "lib/rec_lists.h"
#include "lib/rec_place.h"

/* How a field is held and what null means for it. */
enum rec_kind {
	REC_INT,            /* long long, never null */
	REC_ID,             /* long long, 0: null */
	REC_MEASURE,        /* long long, REC_NONE: null */
	REC_REAL,           /* double, NAN: null */
	REC_STR,            /* char *, never null */
	REC_STR_NULL,       /* char *, NULL: null */
};

struct rec_field {
	const char *key;
	enum rec_kind kind;
	size_t off;
};

#define F(key, kind) { #key, kind, offsetof(struct rec_change, key) }
/* In the order of the API's answer. */
static const struct rec_field rec_change_fields[] = {
	F(id, REC_INT), F(group_id, REC_ID), F(series_id, REC_INT), F(metric_id, REC_INT),
	F(suite, REC_STR), F(metric, REC_STR), F(unit, REC_STR), F(better, REC_STR),
	F(runner_class, REC_STR), F(config_name, REC_STR_NULL), F(ordered_by, REC_STR_NULL),
	F(noisy, REC_INT), F(good_sha, REC_STR_NULL), F(bad_sha, REC_STR_NULL),
	F(good_job_id, REC_ID), F(bad_job_id, REC_ID), F(point_index, REC_MEASURE),
	F(n_before, REC_MEASURE), F(n_after, REC_MEASURE), F(mean_before, REC_REAL),
	F(mean_after, REC_REAL), F(median_before, REC_REAL), F(median_after, REC_REAL),
	F(sd_before, REC_REAL), F(sd_after, REC_REAL), F(magnitude, REC_REAL),
	F(pvalue, REC_REAL), F(direction, REC_STR), F(confidence, REC_REAL), F(state, REC_STR),
	F(triaged_by, REC_STR_NULL), F(triaged_at, REC_ID), F(note, REC_STR_NULL),
	F(detected_at, REC_INT), F(updated_at, REC_ID), F(kind, REC_STR), F(build_id, REC_ID),
	F(fixed_build_id, REC_ID), F(fixed_sha, REC_STR_NULL), F(detail, REC_STR_NULL),
	F(verdict, REC_STR_NULL), F(percent_lo, REC_REAL), F(percent_hi, REC_REAL),
	F(verdict_p, REC_REAL), F(min_effect, REC_REAL), F(jobs_before, REC_MEASURE),
	F(jobs_after, REC_MEASURE), F(reason, REC_STR_NULL), F(found_by, REC_STR_NULL),
	F(withdrawn_at, REC_ID), F(withdrawn_reason, REC_STR_NULL), F(confirmation_id, REC_ID),
	F(confirm, REC_STR_NULL), F(confirm_reason, REC_STR_NULL), F(confirmed_at, REC_ID),
};
#undef F

#define F(key, kind) { #key, kind, offsetof(struct rec_change_group, key) }
/* What a group adds to its largest change. */
static const struct rec_field rec_group_fields[] = {
	F(group_key, REC_INT), F(metrics, REC_INT), F(regressions, REC_INT),
	F(improvements, REC_INT), F(untriaged, REC_INT), F(last_detected, REC_INT),
	F(tree, REC_STR_NULL), F(branch, REC_STR_NULL), F(bad_subject, REC_STR_NULL),
	F(classes, REC_STR_NULL),
};
#undef F

#define REC_NFIELDS(t) (sizeof t / sizeof t[0])

/* Field f of the record at base, to read or to fill. */
static const void *rec_at(const void *base, const struct rec_field *f)
{
	return (const char *)base + f->off;
}

static void *rec_at_mut(void *base, const struct rec_field *f)
{
	return (char *)base + f->off;
}

/* The fields of table t of the record at base into j: 0, or -1 when out of
 * memory. */
static int rec_fields_encode(json_t *j, const void *base, const struct rec_field *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct rec_field *f = &t[i];
		json_t *v;

		const long long *num = rec_at(base, f);
		const double *d = rec_at(base, f);
		char *const *str = rec_at(base, f);

		switch (f->kind) {
		case REC_INT: v = json_integer(*num); break;
		case REC_ID: v = rec_id_json(*num); break;
		case REC_MEASURE: v = rec_measure_json(*num); break;
		case REC_REAL: v = rec_real_json(*d); break;
		default: v = rec_str_json(*str); break;
		}
		if (json_object_set_new(j, f->key, v) < 0)
			return -1;
	}
	return 0;
}

/* Fills the fields of table t at base (NULL strings first) from j. */
static int rec_fields_decode(void *base, const json_t *j, const struct rec_field *t, size_t n,
			     const char *where, char **cause)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		if (t[i].kind == REC_STR || t[i].kind == REC_STR_NULL)
			*(char **)rec_at_mut(base, &t[i]) = NULL;
	for (size_t i = 0; rc == 0 && i < n; i++) {
		const struct rec_field *f = &t[i];
		void *at = rec_at_mut(base, f);

		switch (f->kind) {
		case REC_INT: rc = rec_get_int(at, j, f->key, 0, where, cause); break;
		case REC_ID: rc = rec_get_int(at, j, f->key, 1, where, cause); break;
		case REC_MEASURE: rc = rec_get_measure(at, j, f->key, where, cause); break;
		case REC_REAL: rc = rec_get_real(at, j, f->key, where, cause); break;
		case REC_STR: rc = rec_get_str(at, j, f->key, 0, where, cause); break;
		case REC_STR_NULL: rc = rec_get_str(at, j, f->key, 1, where, cause); break;
		}
	}
	return rc;
}

static void rec_fields_dispose(void *base, const struct rec_field *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].kind == REC_STR || t[i].kind == REC_STR_NULL)
			free(*(char **)rec_at_mut(base, &t[i]));
}

/* What the detail adds, in the API's order. */
static int rec_change_encode_full(json_t *j, const struct rec_change *c)
{
	if (json_object_set_new(j, "place", c->place ? rec_place_encode(c->place) :
				json_null()) < 0 ||
	    json_object_set_new(j, "group", rec_changes_encode(&c->group)) < 0 ||
	    json_object_set_new(j, "title", rec_str_json(c->title)) < 0 ||
	    json_object_set_new(j, "summary_text", rec_str_json(c->summary_text)) < 0 ||
	    json_object_set_new(j, "points", rec_change_points_encode(c->points, c->npoints)) < 0 ||
	    json_object_set_new(j, "bisection", c->bisection ? rec_bisection_encode(c->bisection) :
				json_null()) < 0)
		return -1;
	return c->noise ? json_object_set_new(j, "noise", rec_noise_encode(c->noise)) : 0;
}

json_t *rec_change_encode(const struct rec_change *c)
{
	json_t *j = json_object();

	if (!j || rec_fields_encode(j, c, rec_change_fields, REC_NFIELDS(rec_change_fields)) < 0 ||
	    (c->full && rec_change_encode_full(j, c) < 0)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* rec_changes_encode, rec_changes_decode, rec_changes_dispose */
REC_LIST(change, changes, "changes")

/* A detail's "bisection": an object, or null (none). */
static int rec_change_decode_bisection(struct rec_change *c, const json_t *j, const char *where,
				       char **cause)
{
	const json_t *v = json_object_get(j, "bisection");
	char at[REC_WHERE_MAX];

	if (!v || json_is_null(v))
		return 0;
	c->bisection = malloc(sizeof *c->bisection);
	if (!c->bisection)
		return fail_cause(cause, "out of memory");
	snprintf(at, sizeof at, "%sbisection.", where);
	if (rec_bisection_decode(c->bisection, v, at, cause) == 0)
		return 0;
	free(c->bisection);
	c->bisection = NULL;
	return -1;
}

/* The detail's place, an object or null, into c->place. */
static int rec_change_decode_place(struct rec_change *c, const json_t *j, const char *where,
				   char **cause)
{
	const json_t *v = json_object_get(j, "place");
	char at[REC_WHERE_MAX];

	if (!v || json_is_null(v))
		return 0;
	c->place = calloc(1, sizeof *c->place);
	if (!c->place)
		return fail_cause(cause, "out of memory");
	snprintf(at, sizeof at, "%splace.", where);
	return rec_place_decode(c->place, v, at, cause);
}

/* The detail's parts, when j has them ("group" says it is a detail). */
static int rec_change_decode_full(struct rec_change *c, const json_t *j, const char *where,
				  char **cause)
{
	char at[REC_WHERE_MAX];

	if (!json_object_get(j, "group"))
		return 0;
	c->full = 1;
	if (rec_array_decode(&c->group.v, &c->group.n, sizeof *c->group.v,
			     json_object_get(j, "group"), where, "group", rec_change_elem_decode,
			     cause) < 0 ||
	    rec_change_decode_place(c, j, where, cause) < 0 ||
	    rec_get_str(&c->title, j, "title", 1, where, cause) < 0 ||
	    rec_get_str(&c->summary_text, j, "summary_text", 1, where, cause) < 0 ||
	    rec_change_points_decode(&c->points, &c->npoints, json_object_get(j, "points"), where,
				     cause) < 0 ||
	    rec_change_decode_bisection(c, j, where, cause) < 0)
		return -1;
	if (!json_object_get(j, "noise") || json_is_null(json_object_get(j, "noise")))
		return 0;
	snprintf(at, sizeof at, "%snoise.", where);
	c->noise = malloc(sizeof *c->noise);
	if (!c->noise)
		return fail_cause(cause, "out of memory");
	if (rec_noise_decode(c->noise, json_object_get(j, "noise"), at, cause) < 0) {
		free(c->noise);
		c->noise = NULL;
		return -1;
	}
	return 0;
}

int rec_change_decode(struct rec_change *out, const json_t *j, const char *where, char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a change", cause) < 0 ||
	    rec_fields_decode(out, j, rec_change_fields, REC_NFIELDS(rec_change_fields), where,
			      cause) < 0 || rec_change_decode_full(out, j, where, cause) < 0) {
		rec_change_dispose(out);
		return -1;
	}
	return 0;
}

void rec_change_dispose(struct rec_change *c)
{
	if (!c)
		return;
	rec_fields_dispose(c, rec_change_fields, REC_NFIELDS(rec_change_fields));
	rec_place_dispose(c->place);
	free(c->place);
	rec_changes_dispose(&c->group);
	free(c->title);
	free(c->summary_text);
	rec_change_points_dispose(c->points, c->npoints);
	rec_bisection_dispose(c->bisection);
	free(c->bisection);
	rec_noise_dispose(c->noise);
	free(c->noise);
	memset(c, 0, sizeof *c);
}

/* A group row: its largest change, what the group adds and its members
 * (each with the group's key, as the database gives them). */
static json_t *rec_change_group_encode(const struct rec_change_group *g)
{
	json_t *j = rec_change_encode(&g->head), *members = rec_changes_encode(&g->changes);
	int rc = j && members ? 0 : -1;

	if (!rc)
		rc = rec_fields_encode(j, g, rec_group_fields, REC_NFIELDS(rec_group_fields));
	for (size_t i = 0; !rc && i < json_array_size(members); i++)
		rc = json_object_set_new(json_array_get(members, i), "group_key",
					 json_integer(g->group_key));
	if (!rc)
		rc = json_object_set(j, "changes", members);
	json_decref(members);
	if (rc) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static void rec_change_group_dispose(struct rec_change_group *g)
{
	rec_change_dispose(&g->head);
	rec_fields_dispose(g, rec_group_fields, REC_NFIELDS(rec_group_fields));
	rec_changes_dispose(&g->changes);
	memset(g, 0, sizeof *g);
}

static int rec_change_group_decode(struct rec_change_group *g, const json_t *j,
				   const char *where, char **cause)
{
	memset(g, 0, sizeof *g);
	if (rec_change_decode(&g->head, j, where, cause) < 0)
		return -1;
	if (rec_fields_decode(g, j, rec_group_fields, REC_NFIELDS(rec_group_fields), where,
			      cause) < 0 ||
	    (json_object_get(j, "changes") &&
	     rec_array_decode(&g->changes.v, &g->changes.n, sizeof *g->changes.v,
			      json_object_get(j, "changes"), where, "changes",
			      rec_change_elem_decode, cause) < 0)) {
		rec_change_group_dispose(g);
		return -1;
	}
	return 0;
}

/* rec_change_groups_encode, rec_change_groups_decode, rec_change_groups_dispose */
REC_LIST(change_group, change_groups, "groups")
