// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_build.c - the build record (lib/rec.h): a kernel build with its
 * state, sizes, warnings and, in its detail, its artifacts.  GET
 * /api/v1/builds[/ID] answer rec_build_encode; `kpci builds` and `kpci
 * build` read it back with rec_build_decode.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/rec_internal.h"
#include "lib/rec_names.h"

static json_t *rec_artifact_encode(const void *elem)
{
	const struct rec_artifact *a = elem;

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
				 "warnings", rec_names_encode(b->warnings, b->nwarnings),
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
	int rc = j ? rec_build_encode_more(j, b) : -1;

	if (!rc && b->detail)
		rc = json_object_set_new(j, "artifacts",
					 rec_array_encode(b->artifacts, b->nartifacts,
							  sizeof *b->artifacts, rec_artifact_encode));
	if (rc) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static int rec_artifact_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_artifact *a = elem;

	if (rec_get_str(&a->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&a->sha256, j, "sha256", 0, where, cause) < 0 ||
	    rec_get_int(&a->size, j, "size", 0, where, cause) < 0)
		return -1;
	return 0;
}

static void rec_artifact_dispose(void *elem)
{
	struct rec_artifact *a = elem;

	free(a->name);
	free(a->sha256);
	memset(a, 0, sizeof *a);
}

/* The array "artifacts" of a detail. */
static int rec_build_decode_artifacts(struct rec_build *b, const json_t *arr,
				      const char *where, char **cause)
{
	b->detail = 1;
	return rec_array_decode(&b->artifacts, &b->nartifacts, sizeof *b->artifacts, arr, where,
				"artifacts", rec_artifact_decode, cause);
}

int rec_build_decode(struct rec_build *out, const json_t *j, const char *where, char **cause)
{
	struct rec_build *b = out;

	memset(b, 0, sizeof *b);
	if (rec_check_object(j, where, "a build", cause) < 0 ||
	    rec_get_int(&b->id, j, "id", 0, where, cause) < 0 ||
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
	    rec_names_decode(&b->warnings, &b->nwarnings, json_object_get(j, "warnings"), where,
			     "warnings", cause) < 0 ||
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
	rec_names_dispose(b->warnings, b->nwarnings);
	json_decref(b->spec);
	json_decref(b->distributed);
	rec_array_dispose(b->artifacts, b->nartifacts, sizeof *b->artifacts, rec_artifact_dispose);
	memset(b, 0, sizeof *b);
}

/* rec_builds_encode, rec_builds_decode, rec_builds_dispose */
REC_LIST(build, builds, "builds")
