/*
 * rec_build.c - the build record (lib/rec.h): a kernel build with its
 * state, sizes, warnings and, in its detail, its artifacts.  GET
 * /api/v1/builds[/ID] answer rec_build_encode; `kpci builds` and `kpci
 * build` read it back with rec_build_decode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"

static json_t *rec_artifact_encode(const struct rec_artifact *a)
{
	return json_pack("{s:o, s:o, s:I}", "name", rec_str_json(a->name),
			 "sha256", rec_str_json(a->sha256), "size", (json_int_t)a->size);
}

/* The sizes and times of b into j (json_pack takes at most so many). */
static int rec_build_encode_more(json_t *j, const struct rec_build *b)
{
	json_t *more = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:o, "
				 "s:o, s:o}", "text_size", rec_measure_json(b->text_size),
				 "data_size", rec_measure_json(b->data_size),
				 "bss_size", rec_measure_json(b->bss_size),
				 "image_size", rec_measure_json(b->image_size),
				 "error", rec_str_json(b->error),
				 "warnings", rec_any_json(b->warnings),
				 "log_size", rec_measure_json(b->log_size),
				 "spec", rec_any_json(b->spec),
				 "created_at", (json_int_t)b->created_at,
				 "started_at", rec_id_json(b->started_at),
				 "finished_at", rec_id_json(b->finished_at),
				 "change_id", rec_id_json(b->change_id),
				 "distributed", rec_any_json(b->distributed),
				 "bisection_id", rec_id_json(b->bisection_id));
	int rc = more ? json_object_update(j, more) : -1;

	json_decref(more);
	return rc;
}

json_t *rec_build_encode(const struct rec_build *b)
{
	json_t *j = json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:o, s:o}",
			      "id", (json_int_t)b->id, "tree", rec_str_json(b->tree),
			      "branch", rec_str_json(b->branch),
			      "commit_sha", rec_str_json(b->commit_sha),
			      "config_name", rec_str_json(b->config_name),
			      "state", rec_str_json(b->state), "job_id", rec_id_json(b->job_id),
			      "attempt", (json_int_t)b->attempt, "runner", rec_str_json(b->runner),
			      "duration_ms", rec_measure_json(b->duration_ms),
			      "compiler", rec_str_json(b->compiler),
			      "make_jobs", rec_measure_json(b->make_jobs));
	json_t *arts = NULL;
	int rc = j ? rec_build_encode_more(j, b) : -1;

	if (!rc && b->detail) {
		arts = json_array();
		rc = arts ? 0 : -1;
		for (size_t i = 0; !rc && i < b->nartifacts; i++)
			rc = json_array_append_new(arts, rec_artifact_encode(&b->artifacts[i]));
		if (!rc)
			rc = json_object_set(j, "artifacts", arts);
	}
	json_decref(arts);
	if (rc) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* The array "artifacts" of a detail. */
static int rec_build_decode_artifacts(struct rec_build *b, const json_t *arr,
				      const char *where, char **cause)
{
	char at[64];

	if (!json_is_array(arr) || json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "%sartifacts must be an array", where);
	b->detail = 1;
	b->artifacts = calloc(json_array_size(arr) + 1, sizeof *b->artifacts);
	if (!b->artifacts)
		return fail_cause(cause, "out of memory");
	for (; b->nartifacts < json_array_size(arr); b->nartifacts++) {
		struct rec_artifact *a = &b->artifacts[b->nartifacts];
		const json_t *x = json_array_get(arr, b->nartifacts);

		snprintf(at, sizeof at, "%sartifacts[%zu].", where, b->nartifacts);
		if (rec_get_str(&a->name, x, "name", 0, at, cause) < 0 ||
		    rec_get_str(&a->sha256, x, "sha256", 0, at, cause) < 0 ||
		    rec_get_int(&a->size, x, "size", 0, at, cause) < 0) {
			b->nartifacts++;
			return -1;
		}
	}
	return 0;
}

int rec_build_decode(struct rec_build *out, const json_t *j, const char *where, char **cause)
{
	struct rec_build *b = out;

	memset(b, 0, sizeof *b);
	if (!json_is_object(j))
		return fail_cause(cause, "%s must be an object", *where ? where : "a build");
	if (rec_get_int(&b->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&b->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_str(&b->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_str(&b->commit_sha, j, "commit_sha", 0, where, cause) < 0 ||
	    rec_get_str(&b->config_name, j, "config_name", 0, where, cause) < 0 ||
	    rec_get_str(&b->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_int(&b->job_id, j, "job_id", 1, where, cause) < 0 ||
	    rec_get_int(&b->attempt, j, "attempt", 1, where, cause) < 0 ||
	    rec_get_str(&b->runner, j, "runner", 1, where, cause) < 0 ||
	    rec_get_measure(&b->duration_ms, j, "duration_ms", where, cause) < 0 ||
	    rec_get_str(&b->compiler, j, "compiler", 1, where, cause) < 0 ||
	    rec_get_measure(&b->make_jobs, j, "make_jobs", where, cause) < 0 ||
	    rec_get_measure(&b->text_size, j, "text_size", where, cause) < 0 ||
	    rec_get_measure(&b->data_size, j, "data_size", where, cause) < 0 ||
	    rec_get_measure(&b->bss_size, j, "bss_size", where, cause) < 0 ||
	    rec_get_measure(&b->image_size, j, "image_size", where, cause) < 0 ||
	    rec_get_str(&b->error, j, "error", 1, where, cause) < 0 ||
	    rec_get_any(&b->warnings, j, "warnings", where, cause) < 0 ||
	    rec_get_measure(&b->log_size, j, "log_size", where, cause) < 0 ||
	    rec_get_any(&b->spec, j, "spec", where, cause) < 0 ||
	    rec_get_int(&b->created_at, j, "created_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->started_at, j, "started_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->finished_at, j, "finished_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->change_id, j, "change_id", 1, where, cause) < 0 ||
	    rec_get_any(&b->distributed, j, "distributed", where, cause) < 0 ||
	    rec_get_int(&b->bisection_id, j, "bisection_id", 1, where, cause) < 0 ||
	    (json_object_get(j, "artifacts") &&
	     rec_build_decode_artifacts(b, json_object_get(j, "artifacts"), where, cause) < 0)) {
		rec_build_dispose(b);
		return -1;
	}
	return 0;
}

void rec_build_dispose(struct rec_build *b)
{
	if (!b)
		return;
	free(b->tree);
	free(b->branch);
	free(b->commit_sha);
	free(b->config_name);
	free(b->state);
	free(b->runner);
	free(b->compiler);
	free(b->error);
	json_decref(b->warnings);
	json_decref(b->spec);
	json_decref(b->distributed);
	for (size_t i = 0; i < b->nartifacts; i++) {
		free(b->artifacts[i].name);
		free(b->artifacts[i].sha256);
	}
	free(b->artifacts);
	memset(b, 0, sizeof *b);
}

json_t *rec_builds_encode(const struct rec_builds *l)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < l->n; i++) {
		if (json_array_append_new(arr, rec_build_encode(&l->v[i])) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

int rec_builds_decode(struct rec_builds *out, const json_t *arr, char **cause)
{
	char at[32];

	memset(out, 0, sizeof *out);
	if (!json_is_array(arr))
		return fail_cause(cause, "builds must be an array");
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "builds holds more than %d builds", REC_MAX_ROWS);
	out->v = calloc(json_array_size(arr) + 1, sizeof *out->v);
	if (!out->v)
		return fail_cause(cause, "out of memory");
	for (; out->n < json_array_size(arr); out->n++) {
		snprintf(at, sizeof at, "builds[%zu].", out->n);
		if (rec_build_decode(&out->v[out->n], json_array_get(arr, out->n), at, cause) < 0) {
			rec_builds_dispose(out);
			return -1;
		}
	}
	return 0;
}

void rec_builds_dispose(struct rec_builds *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		rec_build_dispose(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
