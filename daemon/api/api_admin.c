// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_admin.c - calls that change what kpcid does; they need an admin
 * token.  For now: queue a bench job by hand (POST /api/v1/jobs); one
 * of a given commit is daemon/api/api_measure.c, a build api_builds.c.
 */
#include <string.h>

#include "daemon/api/api.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"

#define API_MAX_ITERATIONS 1000
#define API_MAX_WARMUP     100

static const char *const api_boot_methods[] = { "host", "qemu", "kexec", "lava", NULL };

/* Reads an optional integer field within [min, max]; -1 after an error response. */
static int api_int_field(json_t *body, const char *key, int def, int min, int max,
			 int *out, struct http_resp *resp)
{
	json_t *v = json_object_get(body, key);

	*out = def;
	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
		http_error(resp, 400, "%s must be an integer from %d to %d", key, min, max);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

/* Reads an optional name field; -1 after an error response. */
static int api_name_field(json_t *body, const char *key, const char *def,
			  const char **out, struct http_resp *resp)
{
	json_t *v = json_object_get(body, key);

	*out = def;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v) || !proto_name_ok(json_string_value(v))) {
		http_error(resp, 400, "%s must be a name of letters, digits and ._:/+-", key);
		return -1;
	}
	*out = json_string_value(v);
	return 0;
}

void api_job_submit(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp), *spec = NULL;
	const char *kind, *suite, *boot, *rclass;
	int iterations, warmup, priority, known = 0;
	long long id;

	if (!body)
		return;
	if (api_name_field(body, "kind", "bench", &kind, resp) < 0 ||
	    api_name_field(body, "suite", NULL, &suite, resp) < 0 ||
	    api_name_field(body, "boot", "host", &boot, resp) < 0 ||
	    api_name_field(body, "runner_class", NULL, &rclass, resp) < 0 ||
	    api_int_field(body, "iterations", 5, 1, API_MAX_ITERATIONS, &iterations, resp) < 0 ||
	    api_int_field(body, "warmup", 1, 0, API_MAX_WARMUP, &warmup, resp) < 0 ||
	    api_int_field(body, "priority", 0, -100, 100, &priority, resp) < 0)
		goto out;
	if (!strcmp(kind, "build")) {       /* daemon/api/api_builds.c */
		api_build_submit(k, body, rclass, priority, resp);
		goto out;
	}
	if (strcmp(kind, "bench")) {
		http_error(resp, 400, "kind '%s' is not one of bench, build", kind);
		goto out;
	}
	if (!suite) {
		http_error(resp, 400, "suite is missing (for example \"kbench\")");
		goto out;
	}
	for (int i = 0; api_boot_methods[i]; i++)
		known |= !strcmp(boot, api_boot_methods[i]);
	if (!known) {
		http_error(resp, 400, "boot '%s' is not one of host, qemu, kexec, lava", boot);
		goto out;
	}
	spec = json_pack("{s:s, s:s, s:i, s:i}", "suite", suite, "boot", boot,
			 "iterations", iterations, "warmup", warmup);
	if (spec && (json_object_get(body, "tree") || json_object_get(body, "commit"))) {
		api_bench_commit(k, body, spec, rclass, priority, resp);   /* api_measure.c */
		goto out;
	}
	if (db_job_submit(k->db, &id, kind, spec, rclass, priority,
			  kpcid_max_attempts(k)) != DB_OK) {
		http_error(resp, 500, "cannot queue the job: database error");
		goto out;
	}
	log_info("job %lld queued: %s suite %s, %d iterations, boot %s", id, kind, suite,
		 iterations, boot);
	api_job_created(k, resp, id);
out:
	json_decref(spec);
	json_decref(body);
}
