/*
 * rec_runner.c - the runner record (lib/rec.h): a registered runner with
 * its topology and, in its detail, the remembered host environment and
 * the drift history.  GET /api/v1/runners[/ID] answer rec_runner_encode;
 * `kpci runners` and `kpci runner` read it back with rec_runner_decode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"

static json_t *rec_env_encode(const struct rec_runner_env *e)
{
	return json_pack("{s:o, s:o, s:o, s:I}", "boot_method", rec_str_json(e->boot_method),
			 "env", rec_any_json(e->env), "job_id", rec_id_json(e->job_id),
			 "updated_at", (json_int_t)e->updated_at);
}

static json_t *rec_drift_encode(const struct rec_drift *d)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:I, s:o, s:o}",
			 "id", (json_int_t)d->id, "boot_method", rec_str_json(d->boot_method),
			 "field", rec_str_json(d->field), "old_value", rec_str_json(d->old_value),
			 "new_value", rec_str_json(d->new_value), "job_id", rec_id_json(d->job_id),
			 "detected_at", (json_int_t)d->detected_at,
			 "acked_by", rec_str_json(d->acked_by), "acked_at", rec_id_json(d->acked_at));
}

/* "environment" and "drift" of a detail into j; -1 when out of memory. */
static int rec_runner_encode_detail(json_t *j, const struct rec_runner *r)
{
	json_t *envs = json_array(), *drift = json_array();
	int rc = envs && drift ? 0 : -1;

	for (size_t i = 0; !rc && i < r->nenvs; i++)
		rc = json_array_append_new(envs, rec_env_encode(&r->envs[i]));
	for (size_t i = 0; !rc && i < r->ndrift; i++)
		rc = json_array_append_new(drift, rec_drift_encode(&r->drift[i]));
	if (!rc)
		rc = json_object_set(j, "environment", envs) | json_object_set(j, "drift", drift);
	json_decref(envs);
	json_decref(drift);
	return rc ? -1 : 0;
}

json_t *rec_runner_encode(const struct rec_runner *r)
{
	json_t *j = json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:I, s:I, "
			      "s:o, s:I}", "id", (json_int_t)r->id, "name", rec_str_json(r->name),
			      "runner_class", rec_str_json(r->runner_class),
			      "capabilities", rec_any_json(r->capabilities),
			      "boot_methods", rec_any_json(r->boot_methods),
			      "topology", rec_any_json(r->topology),
			      "cpu_model", rec_str_json(r->cpu_model),
			      "numa_nodes", (json_int_t)r->numa_nodes, "cpus", (json_int_t)r->cpus,
			      "kernel_release", rec_str_json(r->kernel_release),
			      "registered_at", (json_int_t)r->registered_at,
			      "last_seen", (json_int_t)r->last_seen,
			      "current_job", rec_id_json(r->current_job),
			      "drift_open", (json_int_t)r->drift_open);

	if (j && r->detail && rec_runner_encode_detail(j, r) < 0) {
		json_decref(j);
		return NULL;
	}
	return j;
}

static int rec_env_decode(struct rec_runner_env *e, const json_t *j, const char *where,
			  char **cause)
{
	if (rec_get_str(&e->boot_method, j, "boot_method", 0, where, cause) < 0 ||
	    rec_get_any(&e->env, j, "env", where, cause) < 0 ||
	    rec_get_int(&e->job_id, j, "job_id", 1, where, cause) < 0 ||
	    rec_get_int(&e->updated_at, j, "updated_at", 0, where, cause) < 0)
		return -1;
	return 0;
}

static int rec_drift_decode(struct rec_drift *d, const json_t *j, const char *where,
			    char **cause)
{
	if (rec_get_int(&d->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&d->boot_method, j, "boot_method", 0, where, cause) < 0 ||
	    rec_get_str(&d->field, j, "field", 0, where, cause) < 0 ||
	    rec_get_str(&d->old_value, j, "old_value", 1, where, cause) < 0 ||
	    rec_get_str(&d->new_value, j, "new_value", 1, where, cause) < 0 ||
	    rec_get_int(&d->job_id, j, "job_id", 1, where, cause) < 0 ||
	    rec_get_int(&d->detected_at, j, "detected_at", 0, where, cause) < 0 ||
	    rec_get_str(&d->acked_by, j, "acked_by", 1, where, cause) < 0 ||
	    rec_get_int(&d->acked_at, j, "acked_at", 1, where, cause) < 0)
		return -1;
	return 0;
}

static void rec_drift_dispose(struct rec_drift *d)
{
	free(d->boot_method);
	free(d->field);
	free(d->old_value);
	free(d->new_value);
	free(d->acked_by);
	memset(d, 0, sizeof *d);
}

/* The arrays "environment" and "drift" of a detail. */
static int rec_runner_decode_detail(struct rec_runner *r, const json_t *j, const char *where,
				    char **cause)
{
	const json_t *envs = json_object_get(j, "environment");
	const json_t *drift = json_object_get(j, "drift");
	char at[64];

	if (!json_is_array(envs) || !json_is_array(drift))
		return fail_cause(cause, "%senvironment and drift must be arrays", where);
	if (json_array_size(envs) > REC_MAX_ROWS || json_array_size(drift) > REC_MAX_ROWS)
		return fail_cause(cause, "%sholds more than %d drift events", where, REC_MAX_ROWS);
	r->detail = 1;
	r->envs = calloc(json_array_size(envs) + 1, sizeof *r->envs);
	r->drift = calloc(json_array_size(drift) + 1, sizeof *r->drift);
	if (!r->envs || !r->drift)
		return fail_cause(cause, "out of memory");
	for (; r->nenvs < json_array_size(envs); r->nenvs++) {
		snprintf(at, sizeof at, "%senvironment[%zu].", where, r->nenvs);
		if (rec_env_decode(&r->envs[r->nenvs], json_array_get(envs, r->nenvs), at,
				   cause) < 0) {
			r->nenvs++;
			return -1;
		}
	}
	for (; r->ndrift < json_array_size(drift); r->ndrift++) {
		snprintf(at, sizeof at, "%sdrift[%zu].", where, r->ndrift);
		if (rec_drift_decode(&r->drift[r->ndrift], json_array_get(drift, r->ndrift), at,
				     cause) < 0) {
			r->ndrift++;
			return -1;
		}
	}
	return 0;
}

int rec_runner_decode(struct rec_runner *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_runner *r = out;

	memset(r, 0, sizeof *r);
	if (!json_is_object(j)) {
		fail_cause(cause, "%s must be an object", *where ? where : "a runner");
		return -1;
	}
	if (rec_get_int(&r->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&r->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&r->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_get_any(&r->capabilities, j, "capabilities", where, cause) < 0 ||
	    rec_get_any(&r->boot_methods, j, "boot_methods", where, cause) < 0 ||
	    rec_get_any(&r->topology, j, "topology", where, cause) < 0 ||
	    rec_get_str(&r->cpu_model, j, "cpu_model", 1, where, cause) < 0 ||
	    rec_get_int(&r->numa_nodes, j, "numa_nodes", 1, where, cause) < 0 ||
	    rec_get_int(&r->cpus, j, "cpus", 1, where, cause) < 0 ||
	    rec_get_str(&r->kernel_release, j, "kernel_release", 1, where, cause) < 0 ||
	    rec_get_int(&r->registered_at, j, "registered_at", 1, where, cause) < 0 ||
	    rec_get_int(&r->last_seen, j, "last_seen", 0, where, cause) < 0 ||
	    rec_get_int(&r->current_job, j, "current_job", 1, where, cause) < 0 ||
	    rec_get_int(&r->drift_open, j, "drift_open", 1, where, cause) < 0 ||
	    ((json_object_get(j, "environment") || json_object_get(j, "drift")) &&
	     rec_runner_decode_detail(r, j, where, cause) < 0)) {
		rec_runner_dispose(r);
		return -1;
	}
	return 0;
}

void rec_runner_dispose(struct rec_runner *r)
{
	if (!r)
		return;
	free(r->name);
	free(r->runner_class);
	json_decref(r->capabilities);
	json_decref(r->boot_methods);
	json_decref(r->topology);
	free(r->cpu_model);
	free(r->kernel_release);
	for (size_t i = 0; i < r->nenvs; i++) {
		free(r->envs[i].boot_method);
		json_decref(r->envs[i].env);
	}
	free(r->envs);
	for (size_t i = 0; i < r->ndrift; i++)
		rec_drift_dispose(&r->drift[i]);
	free(r->drift);
	memset(r, 0, sizeof *r);
}

json_t *rec_runners_encode(const struct rec_runners *l)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < l->n; i++) {
		if (json_array_append_new(arr, rec_runner_encode(&l->v[i])) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

int rec_runners_decode(struct rec_runners *out, const json_t *arr, char **cause)
{
	char at[32];

	memset(out, 0, sizeof *out);
	if (!json_is_array(arr))
		return fail_cause(cause, "runners must be an array");
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "runners holds more than %d runners", REC_MAX_ROWS);
	out->v = calloc(json_array_size(arr) + 1, sizeof *out->v);
	if (!out->v)
		return fail_cause(cause, "out of memory");
	for (; out->n < json_array_size(arr); out->n++) {
		snprintf(at, sizeof at, "runners[%zu].", out->n);
		if (rec_runner_decode(&out->v[out->n], json_array_get(arr, out->n), at,
				      cause) < 0) {
			rec_runners_dispose(out);
			return -1;
		}
	}
	return 0;
}

void rec_runners_dispose(struct rec_runners *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		rec_runner_dispose(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
