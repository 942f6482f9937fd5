// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_proto.c - the runner protocol: what is encoded decodes to the
 * same, and every bad field is named.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/proto.h"
#include "check.h"

/* Decodes text as a result; returns the cause (caller frees) or NULL. */
static char *result_error(const char *text)
{
	json_t *j = json_loads(text, JSON_ALLOW_NUL, NULL);
	struct proto_result r;
	char *cause = NULL;

	if (!j)
		return strdup("test JSON does not parse");
	if (proto_result_decode(&r, j, &cause) == 0) {
		proto_result_dispose(&r);
		cause = NULL;
	}
	json_decref(j);
	return cause;
}

static void check_result_error(const char *text, const char *want)
{
	char *got = result_error(text);

	CHECK_STR(got, want);
	free(got);
}

static void test_result_roundtrip(void)
{
	struct proto_result r = { .job_id = 42, .attempt = 2 }, back;
	char *cause = NULL;
	json_t *j;

	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", "6.12.0-kpci");
	CHECK_INT(proto_result_add(&r, "kbench", "syscall-getppid", "ns/op", 0, 0, 123.25), 0);
	CHECK_INT(proto_result_add(&r, "wq-flush", "idle-percpu", "flushes/s", 1, 1, 4.2e6), 0);
	CHECK_INT(proto_result_add_spread(&r, "kbench", "pipe-pingpong", "ns/op", 0, 0, 4011.5,
					  3.75), 0);
	j = proto_result_encode(&r);
	/* a sample without a spread says nothing about one */
	CHECK(json_object_get(json_array_get(json_object_get(j, "samples"), 0), "spread") == NULL);
	CHECK_INT(proto_result_decode(&back, j, &cause), 0);
	CHECK_INT(back.job_id, 42);
	CHECK_INT(back.attempt, 2);
	CHECK_STR(back.status, "ok");
	CHECK_INT(back.nsamples, 3);
	CHECK_NEAR(back.samples[0].spread, -1, 0);
	CHECK_NEAR(back.samples[2].spread, 3.75, 0);
	CHECK_NEAR(back.samples[2].value, 4011.5, 0);
	CHECK_STR(back.samples[1].suite, "wq-flush");
	CHECK_STR(back.samples[1].unit, "flushes/s");
	CHECK_INT(back.samples[1].higher_is_better, 1);
	CHECK_INT(back.samples[0].higher_is_better, 0);
	CHECK_NEAR(back.samples[0].value, 123.25, 0);
	CHECK_NEAR(back.samples[1].value, 4.2e6, 0);
	CHECK_STR(json_string_value(json_object_get(back.env, "kernel_release")), "6.12.0-kpci");
	json_decref(j);
	proto_result_dispose(&back);
	proto_result_dispose(&r);
}

static void test_result_errors(void)
{
	check_result_error("[]", "the body must be a JSON object");
	check_result_error("{\"attempt\":1}", "job_id is missing");
	check_result_error("{\"job_id\":\"7\",\"attempt\":1}", "job_id must be an integer");
	check_result_error("{\"job_id\":0,\"attempt\":1}",
			   "job_id must be between 1 and 9223372036854775807");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"great\",\"env\":{},\"samples\":[]}",
			   "status must be \"ok\" or \"failed\"");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"samples\":[]}",
			   "env must be an object");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":{}}",
			   "samples must be an array");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":[7]}",
			   "samples[0] must be an object");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":0,\"value\":1},"
			   "{\"suite\":\"s\",\"metric\":\"<script>\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":0,\"value\":1}]}",
			   "samples[1].metric must be 1 to 128 characters of letters, digits and ._:/+-");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":-1,\"value\":1}]}",
			   "samples[0].iteration must be between 0 and 1000000");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":0,\"value\":1,\"spread\":-2}]}",
			   "samples[0].spread must be a number from 0 to 1000 (percent)");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":0,\"value\":1,\"spread\":\"3%\"}]}",
			   "samples[0].spread must be a number from 0 to 1000 (percent)");
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},"
			   "\"reason\":\"a\\u0000b\",\"samples\":[]}",
			   "reason contains a NUL byte");
	/* Values the statistics cannot square are refused at the door. */
	check_result_error("{\"job_id\":1,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":["
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":0,\"value\":1e15},"
			   "{\"suite\":\"s\",\"metric\":\"m\",\"unit\":\"u\",\"better\":\"lower\","
			   "\"iteration\":1,\"value\":-1e80}]}",
			   "samples[1].value -1e+80 is out of range: a sample is a finite number of "
			   "magnitude at most 1e+15");
}

static void test_result_values(void)
{
	struct proto_result r = { 0 };

	CHECK(proto_value_ok(0) && proto_value_ok(-1e15) && proto_value_ok(4.2e-300));
	CHECK(!proto_value_ok(NAN) && !proto_value_ok(INFINITY) && !proto_value_ok(1.7e308));
	CHECK_INT(proto_result_add(&r, "s", "m", "u", 0, 0, 1.5), 0);
	CHECK_INT(proto_result_add(&r, "s", "m", "u", 0, 1, NAN), -1);
	CHECK_INT(proto_result_add(&r, "s", "m", "u", 0, 2, 3e300), -1);
	CHECK_INT(r.nsamples, 1);
	proto_result_dispose(&r);
}

static void test_job_and_register(void)
{
	struct proto_job job = { .id = 9, .attempt = 1, .lease_seconds = 60 }, back;
	struct rec_runner reg, reg2;
	char *cause = NULL;
	json_t *j;

	job.kind = strdup("bench");
	job.spec = json_pack("{s:s}", "suite", "kbench");
	j = proto_job_encode(&job);
	CHECK_INT(proto_job_decode(&back, j, &cause), 0);
	CHECK_INT(back.id, 9);
	CHECK_INT(back.lease_seconds, 60);
	CHECK_STR(json_string_value(json_object_get(back.spec, "suite")), "kbench");
	json_decref(j);
	proto_job_dispose(&back);
	proto_job_dispose(&job);

	j = json_pack("{s:s, s:s, s:[s], s:{s:[]}}", "name", "box-1", "runner_class", "c",
		      "capabilities", "bench", "topology", "nodes");
	CHECK_INT(proto_register_decode(&reg, j, &cause), 0);
	json_decref(j);
	j = proto_register_encode(&reg);
	CHECK_INT(proto_register_decode(&reg2, j, &cause), 0);
	CHECK_STR(reg2.name, "box-1");
	CHECK_INT(reg2.ncapabilities, 1);
	CHECK(reg2.ncapabilities == 1 && !strcmp(reg2.capabilities[0], "bench"));
	CHECK_INT(reg2.nboot_methods, 0);
	CHECK(json_is_array(json_object_get(j, "boot_methods")));
	json_decref(j);
	rec_runner_dispose(&reg);
	rec_runner_dispose(&reg2);

	j = json_pack("{s:s, s:s, s:[i]}", "name", "box", "runner_class", "c", "capabilities", 1);
	CHECK_INT(proto_register_decode(&reg, j, &cause), -1);
	CHECK_STR(cause, "capabilities[0] must be a name");
	free(cause);
	cause = NULL;
	json_decref(j);
	j = json_pack("{s:s, s:s, s:s}", "name", "box", "runner_class", "c", "topology", "big");
	CHECK_INT(proto_register_decode(&reg, j, &cause), -1);
	CHECK_STR(cause, "topology must be an object");
	free(cause);
	json_decref(j);
}

static void test_names(void)
{
	char long_name[PROTO_MAX_NAME + 2];

	CHECK(proto_name_ok("kbench"));
	CHECK(proto_name_ok("wq-flush/idle_percpu:1.0+x"));
	CHECK(!proto_name_ok(""));
	CHECK(!proto_name_ok("a b"));
	CHECK(!proto_name_ok("a\nb"));
	CHECK(!proto_name_ok("\"><img>"));
	memset(long_name, 'a', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = '\0';
	CHECK(!proto_name_ok(long_name));
	long_name[PROTO_MAX_NAME] = '\0';
	CHECK(proto_name_ok(long_name));
}

/* heartbeat body -> "" (decoded, back as phase|detail|percent) or the cause */
static char *hb(const char *body)
{
	json_t *j = json_loads(body, 0, NULL);
	struct proto_heartbeat h;
	char *cause = NULL, out[256];

	if (proto_heartbeat_decode(&h, j, &cause) < 0) {
		json_decref(j);
		return cause;
	}
	snprintf(out, sizeof out, "%s|%s|%d", h.phase ? h.phase : "-", h.detail ? h.detail : "-",
		 h.percent);
	proto_heartbeat_dispose(&h);
	json_decref(j);
	return strdup(out);
}

static void test_heartbeat(void)
{
	struct proto_heartbeat h = { .runner_id = 3, .attempt = 2, .phase = "compile",
				     .detail = "812 of about 2650 files (30%)", .percent = 30 };
	json_t *j = proto_heartbeat_encode(&h);
	char *body = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS), *got;

	CHECK_STR(body, "{\"attempt\":2,\"detail\":\"812 of about 2650 files (30%)\","
		  "\"percent\":30,\"phase\":\"compile\",\"runner_id\":3}");
	got = hb(body);
	CHECK_STR(got, "compile|812 of about 2650 files (30%)|30");
	free(got);
	free(body);
	json_decref(j);
	struct { const char *body, *want; } cases[] = {
		{ "{\"runner_id\":3,\"attempt\":1}", "-|-|-1" },     /* an older runner */
		{ "{\"runner_id\":3,\"attempt\":1,\"phase\":\"boot\"}", "boot|-|-1" },
		{ "{\"runner_id\":3,\"attempt\":1,\"phase\":\"Boot\"}",
		  "phase must be 1 to 23 characters of a-z and -" },
		{ "{\"runner_id\":3,\"attempt\":1,\"phase\":\"\"}",
		  "phase must be 1 to 23 characters of a-z and -" },
		{ "{\"runner_id\":3,\"attempt\":1,\"phase\":\"boot\",\"detail\":\"a\\r\\nb\"}",
		  "detail must be printable ASCII text" },
		{ "{\"runner_id\":3,\"attempt\":1,\"phase\":\"boot\",\"percent\":101}", NULL },
		{ "{\"runner_id\":3,\"attempt\":1,\"percent\":5}", "detail and percent need a phase" },
		{ "{\"runner_id\":3}", NULL },
		{ "[]", "the body must be a JSON object" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		got = hb(cases[i].body);
		if (cases[i].want)
			CHECK_STR(got, cases[i].want);
		else            /* refused, whatever the sentence */
			CHECK(got && !strchr(got, '|'));
		free(got);
	}
}

int main(void)
{
	test_result_roundtrip();
	test_result_errors();
	test_result_values();
	test_job_and_register();
	test_names();
	test_heartbeat();
	return check_done();
}
