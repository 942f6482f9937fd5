// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_runner.c - the runner record (lib/rec.h): a registered runner with
 * its topology and, in its detail, the remembered host environment and
 * the drift history.  GET /api/v1/runners[/ID] answer rec_runner_encode;
 * `kpci runners` and `kpci runner` read it back with rec_runner_decode.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_names.h"

static json_t *rec_env_encode(const void *elem)
{
	const struct rec_runner_env *e = elem;

	return json_pack("{s:o, s:o, s:o, s:I}", "boot_method", rec_str_json(e->boot_method),
			 "env", rec_any_json(e->env), "job_id", rec_id_json(e->job_id),
			 "updated_at", (json_int_t)e->updated_at);
}

static json_t *rec_drift_encode(const void *elem)
{
	const struct rec_drift *d = elem;

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
	if (json_object_set_new(j, "environment", rec_array_encode(r->envs, r->nenvs,
								   sizeof *r->envs,
								   rec_env_encode)) < 0 ||
	    json_object_set_new(j, "drift", rec_array_encode(r->drift, r->ndrift,
							     sizeof *r->drift,
							     rec_drift_encode)) < 0)
		return -1;
	return 0;
}

json_t *rec_runner_encode(const struct rec_runner *r)
{
	json_t *j = json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:I, s:I, "
			      "s:o, s:I}", "id", (json_int_t)r->id, "name", rec_str_json(r->name),
			      "runner_class", rec_str_json(r->runner_class),
			      "capabilities", rec_names_encode(r->capabilities, r->ncapabilities),
			      "boot_methods", rec_names_encode(r->boot_methods, r->nboot_methods),
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

static int rec_env_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_runner_env *e = elem;

	if (rec_get_str(&e->boot_method, j, "boot_method", 0, where, cause) < 0 ||
	    rec_get_any(&e->env, j, "env", where, cause) < 0 ||
	    rec_get_int(&e->job_id, j, "job_id", 1, where, cause) < 0 ||
	    rec_get_int(&e->updated_at, j, "updated_at", 0, where, cause) < 0)
		return -1;
	return 0;
}

static void rec_env_dispose(void *elem)
{
	struct rec_runner_env *e = elem;

	free(e->boot_method);
	json_decref(e->env);
	memset(e, 0, sizeof *e);
}

static int rec_drift_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_drift *d = elem;

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

static void rec_drift_dispose(void *elem)
{
	struct rec_drift *d = elem;

	free(d->boot_method);
	free(d->field);
	free(d->old_value);
	free(d->new_value);
	free(d->acked_by);
	memset(d, 0, sizeof *d);
}

/* The integer value of v; 0 when it is not one. */
static long long rec_node_int(const json_t *v)
{
	return json_is_integer(v) ? (long long)json_integer_value(v) : 0;
}

int rec_runner_read_nodes(struct rec_runner *r)
{
	const json_t *nodes = json_object_get(r->topology, "nodes");
	size_t n = json_array_size(nodes);

	if (!n)
		return 0;
	r->nodes = calloc(n, sizeof *r->nodes);
	if (!r->nodes)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const json_t *node = json_array_get(nodes, i);
		const json_t *cpus = json_object_get(node, "cpus");
		struct rec_topology_node *o = &r->nodes[r->nnodes++];

		o->id = rec_node_int(json_object_get(node, "id"));
		o->memory_bytes = rec_node_int(json_object_get(node, "memory_bytes"));
		o->ncpus = json_array_size(cpus);
		o->cpus = calloc(o->ncpus + 1, sizeof *o->cpus);
		if (!o->cpus)
			return -1;
		for (size_t c = 0; c < o->ncpus; c++)
			o->cpus[c] = rec_node_int(json_array_get(cpus, c));
	}
	return 0;
}

/* The arrays "environment" and "drift" of a detail. */
static int rec_runner_decode_detail(struct rec_runner *r, const json_t *j, const char *where,
				    char **cause)
{
	r->detail = 1;
	if (rec_array_decode(&r->envs, &r->nenvs, sizeof *r->envs,
			     json_object_get(j, "environment"), where, "environment",
			     rec_env_decode, cause) < 0 ||
	    rec_array_decode(&r->drift, &r->ndrift, sizeof *r->drift, json_object_get(j, "drift"),
			     where, "drift", rec_drift_decode, cause) < 0)
		return -1;
	return 0;
}

int rec_runner_decode(struct rec_runner *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_runner *r = out;

	memset(r, 0, sizeof *r);
	if (rec_check_object(j, where, "a runner", cause) < 0 ||
	    rec_get_int(&r->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&r->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&r->runner_class, j, "runner_class", 0, where, cause) < 0 ||
	    rec_names_decode(&r->capabilities, &r->ncapabilities, json_object_get(j, "capabilities"),
			     where, "capabilities", cause) < 0 ||
	    rec_names_decode(&r->boot_methods, &r->nboot_methods,
			     json_object_get(j, "boot_methods"), where, "boot_methods", cause) < 0 ||
	    rec_get_any(&r->topology, j, "topology", where, cause) < 0 ||
	    (rec_runner_read_nodes(r) < 0 && fail_cause(cause, "out of memory") < 0) ||
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
	rec_names_dispose(r->capabilities, r->ncapabilities);
	rec_names_dispose(r->boot_methods, r->nboot_methods);
	json_decref(r->topology);
	for (size_t i = 0; i < r->nnodes; i++)
		free(r->nodes[i].cpus);
	free(r->nodes);
	free(r->cpu_model);
	free(r->kernel_release);
	rec_array_dispose(r->envs, r->nenvs, sizeof *r->envs, rec_env_dispose);
	rec_array_dispose(r->drift, r->ndrift, sizeof *r->drift, rec_drift_dispose);
	memset(r, 0, sizeof *r);
}

/* rec_runners_encode, rec_runners_decode, rec_runners_dispose */
REC_LIST(runner, runners, "runners")
