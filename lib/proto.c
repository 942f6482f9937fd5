// SPDX-License-Identifier: GPL-2.0-only
/*
 * proto.c - encode and check the runner protocol's JSON bodies.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/proto.h"
#include "lib/rec_names.h"

int proto_name_ok(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > PROTO_MAX_NAME)
		return 0;
	for (; *s; s++) {
		char c = *s;

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || strchr("._:/+-", c)))
			return 0;
	}
	return 1;
}

int proto_value_ok(double v)
{
	return isfinite(v) && fabs(v) <= PROTO_MAX_VALUE;
}

/* Points *out at string field `key` of j (borrowed from j), checked;
 * optional fields may be absent (*out NULL). */
static int proto_str_ref(const char **out, const json_t *j, const char *key, int required,
			 size_t max, const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = NULL;
	if (!v || json_is_null(v)) {
		if (required)
			return fail_cause(cause, "%s%s is missing", where, key);
		return 0;
	}
	if (!json_is_string(v))
		return fail_cause(cause, "%s%s must be a string", where, key);
	if (json_string_length(v) > max)
		return fail_cause(cause, "%s%s is longer than %zu bytes", where, key, max);
	if (strlen(json_string_value(v)) != json_string_length(v))
		return fail_cause(cause, "%s%s contains a NUL byte", where, key);
	*out = json_string_value(v);
	return 0;
}

/* Copies string field `key` of j into *out; optional fields may be absent. */
static int proto_str(char **out, const json_t *j, const char *key, int required,
		     size_t max, const char *where, char **cause)
{
	const char *v;

	*out = NULL;
	if (proto_str_ref(&v, j, key, required, max, where, cause) < 0)
		return -1;
	if (!v)
		return 0;
	*out = strdup(v);
	return *out ? 0 : fail_cause(cause, "out of memory");
}

/* Points *out at name field `key` of j (borrowed from j), checked. */
static int proto_name_ref(const char **out, const json_t *j, const char *key,
			  const char *where, char **cause)
{
	if (proto_str_ref(out, j, key, 1, PROTO_MAX_NAME, where, cause) < 0)
		return -1;
	if (!proto_name_ok(*out)) {
		*out = NULL;
		return fail_cause(cause, "%s%s must be 1 to %d characters of "
				  "letters, digits and ._:/+-", where, key, PROTO_MAX_NAME);
	}
	return 0;
}

static int proto_name(char **out, const json_t *j, const char *key,
		      const char *where, char **cause)
{
	const char *v;

	*out = NULL;
	if (proto_name_ref(&v, j, key, where, cause) < 0)
		return -1;
	*out = strdup(v);
	return *out ? 0 : fail_cause(cause, "out of memory");
}

static int proto_int(long long *out, const json_t *j, const char *key,
		     long long min, long long max, const char *where, char **cause)
{
	const json_t *v = json_object_get(j, key);

	if (!v)
		return fail_cause(cause, "%s%s is missing", where, key);
	if (!json_is_integer(v))
		return fail_cause(cause, "%s%s must be an integer", where, key);
	*out = json_integer_value(v);
	if (*out < min || *out > max)
		return fail_cause(cause, "%s%s must be between %lld and %lld",
				  where, key, min, max);
	return 0;
}

/* key of j, an array of at most 16 names (absent: none), into *out and *n. */
static int proto_name_array(char ***out, size_t *n, const json_t *j, const char *key,
			    char **cause)
{
	const json_t *v = json_object_get(j, key);
	size_t i;
	json_t *item;

	*out = NULL;
	*n = 0;
	if (!v)
		return 0;
	if (!json_is_array(v) || json_array_size(v) > 16)
		return fail_cause(cause, "%s must be an array of at most 16 names", key);
	json_array_foreach(v, i, item) {
		if (!json_is_string(item) || !proto_name_ok(json_string_value(item)))
			return fail_cause(cause, "%s[%zu] must be a name", key, i);
	}
	return rec_names_decode(out, n, v, "", key, cause);
}

json_t *proto_register_encode(const struct rec_runner *r)
{
	return json_pack("{s:s, s:s, s:o, s:o, s:O}",
			 "name", r->name, "runner_class", r->runner_class,
			 "capabilities", rec_names_encode(r->capabilities, r->ncapabilities),
			 "boot_methods", rec_names_encode(r->boot_methods, r->nboot_methods),
			 "topology", r->topology);
}

int proto_register_decode(struct rec_runner *out, const json_t *j, char **cause)
{
	const json_t *topo;

	memset(out, 0, sizeof *out);
	if (!json_is_object(j))
		return fail_cause(cause, "the body must be a JSON object");
	if (proto_name(&out->name, j, "name", "", cause) < 0 ||
	    proto_name(&out->runner_class, j, "runner_class", "", cause) < 0 ||
	    proto_name_array(&out->capabilities, &out->ncapabilities, j, "capabilities",
			     cause) < 0 ||
	    proto_name_array(&out->boot_methods, &out->nboot_methods, j, "boot_methods",
			     cause) < 0)
		goto fail;
	topo = json_object_get(j, "topology");
	if (topo && !json_is_object(topo)) {
		fail_cause(cause, "topology must be an object");
		goto fail;
	}
	out->topology = topo ? json_deep_copy(topo) : json_object();
	if (out->topology)
		return 0;
	fail_cause(cause, "out of memory");
fail:
	rec_runner_dispose(out);
	return -1;
}

json_t *proto_job_encode(const struct proto_job *job)
{
	return json_pack("{s:I, s:i, s:s, s:I, s:O}", "id", (json_int_t)job->id,
			 "attempt", job->attempt, "kind", job->kind,
			 "lease_seconds", (json_int_t)job->lease_seconds, "spec", job->spec);
}

int proto_job_decode(struct proto_job *out, const json_t *j, char **cause)
{
	long long attempt;
	const json_t *spec;

	memset(out, 0, sizeof *out);
	if (!json_is_object(j))
		return fail_cause(cause, "the job must be a JSON object");
	if (proto_int(&out->id, j, "id", 1, INT64_MAX, "", cause) < 0 ||
	    proto_int(&attempt, j, "attempt", 1, 1000, "", cause) < 0 ||
	    proto_int(&out->lease_seconds, j, "lease_seconds", 1, 86400, "", cause) < 0 ||
	    proto_name(&out->kind, j, "kind", "", cause) < 0)
		goto fail;
	out->attempt = (int)attempt;
	spec = json_object_get(j, "spec");
	if (!json_is_object(spec)) {
		fail_cause(cause, "spec must be an object");
		goto fail;
	}
	out->spec = json_deep_copy(spec);
	return 0;
fail:
	proto_job_dispose(out);
	return -1;
}

void proto_job_dispose(struct proto_job *job)
{
	if (!job)
		return;
	free(job->kind);
	json_decref(job->spec);
	memset(job, 0, sizeof *job);
}

static const char *proto_intern(struct proto_names *p, const char *name);

int proto_result_add(struct proto_result *r, const char *suite, const char *metric,
		     const char *unit, int higher_is_better, int iteration, double value)
{
	return proto_result_add_spread(r, suite, metric, unit, higher_is_better, iteration, value,
				       -1);
}

int proto_result_add_spread(struct proto_result *r, const char *suite, const char *metric,
			    const char *unit, int higher_is_better, int iteration, double value,
			    double spread)
{
	struct proto_sample *s;

	if (r->nsamples >= PROTO_MAX_SAMPLES || !proto_value_ok(value))
		return -1;
	s = realloc(r->samples, (r->nsamples + 1) * sizeof *s);
	if (!s)
		return -1;
	r->samples = s;
	s = &r->samples[r->nsamples];
	if (r->names.cap) {         /* a decoded result: its names are pooled */
		s->suite = (char *)(uintptr_t)proto_intern(&r->names, suite);
		s->metric = (char *)(uintptr_t)proto_intern(&r->names, metric);
		s->unit = (char *)(uintptr_t)proto_intern(&r->names, unit);
	} else {
		s->suite = strdup(suite);
		s->metric = strdup(metric);
		s->unit = strdup(unit);
	}
	s->higher_is_better = higher_is_better;
	s->iteration = iteration;
	s->value = value;
	s->spread = spread;
	r->nsamples++;
	return s->suite && s->metric && s->unit ? 0 : -1;
}

json_t *proto_result_encode(const struct proto_result *r)
{
	json_t *samples = json_array(), *j;

	for (size_t i = 0; i < r->nsamples; i++) {
		const struct proto_sample *s = &r->samples[i];
		json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:i, s:f}",
			"suite", s->suite, "metric", s->metric, "unit", s->unit,
			"better", s->higher_is_better ? "higher" : "lower",
			"iteration", s->iteration, "value", s->value);

		if (o && s->spread >= 0)
			json_object_set_new(o, "spread", json_real(s->spread));
		json_array_append_new(samples, o);
	}
	j = json_pack("{s:I, s:i, s:s, s:o, s:O}", "job_id", (json_int_t)r->job_id,
		      "attempt", r->attempt, "status", r->status,
		      "samples", samples, "env", r->env ? r->env : json_null());
	if (j && r->reason)
		json_object_set_new(j, "reason", json_string(r->reason));
	if (j && r->log)
		json_object_set_new(j, "log", json_string(r->log));
	if (j && (r->lab_job_url || r->lab_device))
		json_object_set_new(j, "lab", json_pack("{s:s?, s:s?}", "job_url", r->lab_job_url,
							 "device", r->lab_device));
	return j;
}

/* The pooled copy of name in p (added when new); NULL when memory is out. */
static const char *proto_intern(struct proto_names *p, const char *name)
{
	unsigned long long h = 1469598103934665603ULL;
	size_t i;

	if (2 * (p->n + 1) > p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;
		char **slot = calloc(cap, sizeof *slot);

		if (!slot)
			return NULL;
		for (size_t k = 0; k < p->cap; k++) {
			unsigned long long g = 1469598103934665603ULL;

			if (!p->slot[k])
				continue;
			for (const char *c = p->slot[k]; *c; c++)
				g = (g ^ (unsigned char)*c) * 1099511628211ULL;
			for (i = (size_t)g & (cap - 1); slot[i]; i = (i + 1) & (cap - 1))
				;
			slot[i] = p->slot[k];
		}
		free(p->slot);
		p->slot = slot;
		p->cap = cap;
	}
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ULL;
	for (i = (size_t)h & (p->cap - 1); p->slot[i]; i = (i + 1) & (p->cap - 1))
		if (!strcmp(p->slot[i], name))
			return p->slot[i];
	p->slot[i] = strdup(name);
	p->n += p->slot[i] != NULL;
	return p->slot[i];
}

static void proto_names_dispose(struct proto_names *p)
{
	for (size_t i = 0; i < p->cap; i++)
		free(p->slot[i]);
	free(p->slot);
	memset(p, 0, sizeof *p);
}

/* Decodes samples[i] into s, its names pooled in names. */
static int proto_sample_decode(struct proto_sample *s, struct proto_names *names,
			       const json_t *j, size_t i, char **cause)
{
	const char *suite, *metric, *unit, *better;
	char where[48];
	long long iteration;
	const json_t *v;

	snprintf(where, sizeof where, "samples[%zu].", i);
	if (!json_is_object(j))
		return fail_cause(cause, "samples[%zu] must be an object", i);
	if (proto_name_ref(&suite, j, "suite", where, cause) < 0 ||
	    proto_name_ref(&metric, j, "metric", where, cause) < 0 ||
	    proto_name_ref(&unit, j, "unit", where, cause) < 0 ||
	    proto_str_ref(&better, j, "better", 1, 8, where, cause) < 0 ||
	    proto_int(&iteration, j, "iteration", 0, 1000000, where, cause) < 0)
		return -1;
	if (strcmp(better, "higher") && strcmp(better, "lower"))
		return fail_cause(cause, "%sbetter must be \"higher\" or \"lower\"", where);
	s->higher_is_better = !strcmp(better, "higher");
	s->iteration = (int)iteration;
	v = json_object_get(j, "value");
	if (!json_is_number(v))
		return fail_cause(cause, "%svalue must be a number", where);
	s->value = json_number_value(v);
	if (!proto_value_ok(s->value))
		return fail_cause(cause, "%svalue %g is out of range: a sample is a finite number "
				  "of magnitude at most %g", where, s->value, PROTO_MAX_VALUE);
	s->spread = -1;
	v = json_object_get(j, "spread");
	if (v && (!json_is_number(v) || !(json_number_value(v) >= 0) ||
		  json_number_value(v) > PROTO_MAX_SPREAD))
		return fail_cause(cause, "%sspread must be a number from 0 to %g (percent)", where,
				  PROTO_MAX_SPREAD);
	if (v)
		s->spread = json_number_value(v);
	s->suite = (char *)(uintptr_t)proto_intern(names, suite);
	s->metric = (char *)(uintptr_t)proto_intern(names, metric);
	s->unit = (char *)(uintptr_t)proto_intern(names, unit);
	if (!s->suite || !s->metric || !s->unit)
		return fail_cause(cause, "out of memory");
	return 0;
}

/* Everything of a result but its samples, from j, into out (whose
 * samples stay as they are). */
static int proto_result_head(struct proto_result *out, const json_t *j, char **cause)
{
	const json_t *env, *lab = json_object_get(j, "lab");
	long long attempt;

	if (!json_is_object(j))
		return fail_cause(cause, "the body must be a JSON object");
	if (proto_int(&out->job_id, j, "job_id", 1, INT64_MAX, "", cause) < 0 ||
	    proto_int(&attempt, j, "attempt", 1, 1000, "", cause) < 0 ||
	    proto_str(&out->status, j, "status", 1, 16, "", cause) < 0 ||
	    proto_str(&out->reason, j, "reason", 0, PROTO_MAX_REASON, "", cause) < 0 ||
	    proto_str(&out->log, j, "log", 0, PROTO_MAX_LOG, "", cause) < 0)
		return -1;
	if (lab && (!json_is_object(lab) ||
	    proto_str(&out->lab_job_url, lab, "job_url", 0, PROTO_MAX_URL, "lab.", cause) < 0 ||
	    proto_str(&out->lab_device, lab, "device", 0, PROTO_MAX_NAME, "lab.", cause) < 0)) {
		if (cause && !*cause)
			fail_cause(cause, "lab must be an object");
		return -1;
	}
	if (out->lab_job_url && ((strncmp(out->lab_job_url, "http://", 7) &&
				  strncmp(out->lab_job_url, "https://", 8)) ||
				 strpbrk(out->lab_job_url, " \t\r\n\"<>")))
		return fail_cause(cause, "lab.job_url must be an http:// or https:// URL");
	if (out->lab_device && !proto_name_ok(out->lab_device))
		return fail_cause(cause, "lab.device must be 1 to %d characters of letters, digits "
				  "and ._:/+-", PROTO_MAX_NAME);
	out->attempt = (int)attempt;
	if (strcmp(out->status, "ok") && strcmp(out->status, "failed"))
		return fail_cause(cause, "status must be \"ok\" or \"failed\"");
	env = json_object_get(j, "env");
	if (!json_is_object(env))
		return fail_cause(cause, "env must be an object");
	out->env = json_deep_copy(env);
	return out->env ? 0 : fail_cause(cause, "out of memory");
}

/* Checks that j's samples member is an array (an empty placeholder for a
 * streamed one) and that n elements are within the limit. */
static int proto_samples_check(const json_t *j, size_t n, char **cause)
{
	if (!json_is_array(json_object_get(j, "samples")))
		return fail_cause(cause, "samples must be an array");
	if (n > PROTO_MAX_SAMPLES)
		return fail_cause(cause, "samples holds more than %d entries", PROTO_MAX_SAMPLES);
	return 0;
}

int proto_result_decode(struct proto_result *out, const json_t *j, char **cause)
{
	const json_t *samples = json_object_get(j, "samples"), *item;
	size_t i;

	memset(out, 0, sizeof *out);
	if (proto_result_head(out, j, cause) < 0 ||
	    proto_samples_check(j, json_array_size(samples), cause) < 0)
		goto fail;
	out->samples = calloc(json_array_size(samples) + 1, sizeof *out->samples);
	if (!out->samples) {
		fail_cause(cause, "out of memory");
		goto fail;
	}
	json_array_foreach(samples, i, item) {
		if (proto_sample_decode(&out->samples[i], &out->names, item, i, cause) < 0)
			goto fail;
		out->nsamples = i + 1;
	}
	return 0;
fail:
	proto_result_dispose(out);
	return -1;
}

void proto_result_stream_init(struct proto_result_stream *st)
{
	memset(st, 0, sizeof *st);
}

void proto_result_stream_sample(void *ctx, size_t i, const json_t *item)
{
	struct proto_result_stream *st = ctx;
	struct proto_result *r = &st->r;

	if (st->error || i >= PROTO_MAX_SAMPLES)
		return;     /* the first error is the one told; past the limit, counted only */
	if (r->nsamples == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 256;
		struct proto_sample *s;

		if (cap > PROTO_MAX_SAMPLES)
			cap = PROTO_MAX_SAMPLES;
		s = realloc(r->samples, cap * sizeof *s);
		if (!s) {
			fail_cause(&st->error, "out of memory");
			return;
		}
		r->samples = s;
		st->cap = cap;
	}
	memset(&r->samples[r->nsamples], 0, sizeof *r->samples);
	if (proto_sample_decode(&r->samples[r->nsamples], &r->names, item, i, &st->error) == 0)
		r->nsamples++;
}

int proto_result_stream_end(struct proto_result_stream *st, struct proto_result *out,
			    const json_t *j, size_t n, char **cause)
{
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (proto_result_head(&st->r, j, cause) < 0 || proto_samples_check(j, n, cause) < 0)
		goto out;
	if (st->error) {
		fail_cause(cause, "%s", st->error);
		goto out;
	}
	*out = st->r;
	memset(&st->r, 0, sizeof st->r);
	rc = 0;
out:
	proto_result_stream_dispose(st);
	return rc;
}

void proto_result_stream_dispose(struct proto_result_stream *st)
{
	if (!st)
		return;
	proto_result_dispose(&st->r);
	free(st->error);
	memset(st, 0, sizeof *st);
}

int proto_result_fail(struct proto_result *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fail_vcause(&r->reason, fmt, ap);
	va_end(ap);
	if (r->reason && strlen(r->reason) >= PROTO_MAX_REASON)
		r->reason[PROTO_MAX_REASON - 1] = '\0';
	free(r->status);
	r->status = strdup("failed");
	return -1;
}

void proto_result_dispose(struct proto_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; !r->names.cap && i < r->nsamples; i++) {
		free(r->samples[i].suite);
		free(r->samples[i].metric);
		free(r->samples[i].unit);
	}
	proto_names_dispose(&r->names);
	free(r->samples);
	free(r->status);
	free(r->reason);
	free(r->log);
	free(r->lab_job_url);
	free(r->lab_device);
	json_decref(r->env);
	memset(r, 0, sizeof *r);
}

json_t *proto_heartbeat_encode(const struct proto_heartbeat *h)
{
	json_t *j = json_pack("{s:I, s:i}", "runner_id", (json_int_t)h->runner_id,
			      "attempt", h->attempt);

	if (j && h->phase) {
		json_object_set_new(j, "phase", json_string(h->phase));
		if (h->detail && *h->detail)
			json_object_set_new(j, "detail", json_string(h->detail));
		if (h->percent >= 0)
			json_object_set_new(j, "percent", json_integer(h->percent));
	}
	return j;
}

/* 1 when every byte of s is one of chars, or printable ASCII (chars NULL). */
static int proto_chars_ok(const char *s, const char *chars)
{
	for (; *s; s++)
		if (chars ? !strchr(chars, *s) : (*s < 0x20 || *s > 0x7e))
			return 0;
	return 1;
}

int proto_heartbeat_decode(struct proto_heartbeat *out, const json_t *j, char **cause)
{
	long long v;

	memset(out, 0, sizeof *out);
	out->percent = -1;
	if (!json_is_object(j))
		return fail_cause(cause, "the body must be a JSON object");
	if (proto_int(&v, j, "runner_id", 1, INT64_MAX, "", cause) < 0)
		return -1;
	out->runner_id = v;
	if (proto_int(&v, j, "attempt", 0, INT32_MAX, "", cause) < 0)
		return -1;
	out->attempt = (int)v;
	if (proto_str(&out->phase, j, "phase", 0, PROTO_MAX_PHASE - 1, "", cause) < 0 ||
	    proto_str(&out->detail, j, "detail", 0, PROTO_MAX_DETAIL - 1, "", cause) < 0)
		goto fail;
	if (out->phase && (!*out->phase ||
			   !proto_chars_ok(out->phase, "abcdefghijklmnopqrstuvwxyz-"))) {
		fail_cause(cause, "phase must be 1 to %d characters of a-z and -", PROTO_MAX_PHASE - 1);
		goto fail;
	}
	if (out->detail && !proto_chars_ok(out->detail, NULL)) {
		fail_cause(cause, "detail must be printable ASCII text");
		goto fail;
	}
	if (json_object_get(j, "percent")) {
		if (proto_int(&v, j, "percent", 0, 100, "", cause) < 0)
			goto fail;
		out->percent = (int)v;
	}
	if (!out->phase && (out->detail || out->percent >= 0)) {
		fail_cause(cause, "detail and percent need a phase");
		goto fail;
	}
	return 0;
fail:
	proto_heartbeat_dispose(out);
	return -1;
}

void proto_heartbeat_dispose(struct proto_heartbeat *h)
{
	free(h->phase);
	free(h->detail);
	memset(h, 0, sizeof *h);
	h->percent = -1;
}
