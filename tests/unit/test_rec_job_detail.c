// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_job_detail.c - what a job's detail adds to the job record
 * (lib/rec_job_detail.h): its attempts and its samples per series with
 * the API's keys in the API's order, null for what an attempt lacks, the
 * records read back as they were, a wrong field named with its place; and
 * the spec's fields the pages show.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "lib/rec_job_detail.h"
#include "check.h"

static void detail_fill(struct rec_attempt a[2], struct rec_job_series *s)
{
	a[0] = (struct rec_attempt){ .attempt = 1, .status = "failed", .reason = "lease expired",
				     .received_at = 10, .runner = NULL, .runner_class = NULL,
				     .log_size = REC_NONE, .log_tail = NULL };
	a[1] = (struct rec_attempt){ .attempt = 2, .status = "ok", .received_at = 20,
				     .runner = "r1", .runner_class = "x86", .log_size = 0,
				     .log_tail = "" };
	*s = (struct rec_job_series){ .series_id = 5, .suite = "wq", .metric = "flush-ns",
				      .unit = "ns", .better = "lower", .runner_class = "x86",
				      .attempt = 2, .iterations = 3, .mean = 1.5, .min = 1,
				      .max = 2.25 };
}

static void test_attempts_roundtrip(void)
{
	struct rec_attempt a[2], *back = NULL;
	struct rec_job_series s, *sback = NULL;
	char *cause = NULL, *text;
	size_t n = 9, ns = 9;
	json_t *j, *again;

	detail_fill(a, &s);
	j = rec_attempts_encode(a, 2);
	text = json_dumps(json_array_get(j, 0), JSON_COMPACT);
	CHECK_STR(text, "{\"attempt\":1,\"status\":\"failed\",\"reason\":\"lease expired\","
		  "\"received_at\":10,\"runner\":null,\"runner_class\":null,\"log_size\":null,"
		  "\"log_tail\":null}");
	free(text);
	CHECK_INT(json_integer_value(json_object_get(json_array_get(j, 1), "log_size")), 0);
	CHECK_INT(rec_attempts_decode(&back, &n, j, "", &cause), 0);
	CHECK_INT(n, 2);
	CHECK(back[0].log_size == REC_NONE && !back[0].log_tail && !back[0].runner);
	CHECK(back[1].log_size == 0 && back[1].log_tail && !back[1].log_tail[0]);
	CHECK_STR(back[1].runner, "r1");
	again = rec_attempts_encode(back, n);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_attempts_dispose(back, n);
	rec_attempts_dispose(NULL, 0);
	json_decref(j);
	j = rec_job_series_encode(&s, 1);
	text = json_dumps(j, JSON_COMPACT);
	CHECK_STR(text, "[{\"series_id\":5,\"suite\":\"wq\",\"metric\":\"flush-ns\",\"unit\":\"ns\","
		  "\"better\":\"lower\",\"runner_class\":\"x86\",\"attempt\":2,\"iterations\":3,"
		  "\"mean\":1.5,\"min\":1.0,\"max\":2.25}]");
	free(text);
	CHECK_INT(rec_job_series_decode(&sback, &ns, j, "", &cause), 0);
	CHECK(ns == 1 && sback[0].max == 2.25 && !strcmp(sback[0].metric, "flush-ns"));
	again = rec_job_series_encode(sback, ns);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_job_series_dispose(sback, ns);
	json_decref(j);
}

static void test_attempts_wrong(void)
{
	struct rec_attempt a[2], *back = NULL;
	struct rec_job_series s, *sback = NULL;
	char *cause = NULL;
	size_t n = 9;
	json_t *j;

	detail_fill(a, &s);
	j = rec_attempts_encode(a, 2);
	json_object_del(json_array_get(j, 1), "status");
	CHECK_INT(rec_attempts_decode(&back, &n, j, "", &cause), -1);
	CHECK_STR(cause, "attempts[1].status is missing");
	CHECK(back == NULL && n == 0);
	free(cause);
	cause = NULL;
	json_decref(j);
	j = rec_job_series_encode(&s, 1);
	json_object_set_new(json_array_get(j, 0), "mean", json_string("1.5"));
	CHECK_INT(rec_job_series_decode(&sback, &n, j, "", &cause), -1);
	CHECK_STR(cause, "series[0].mean must be a number");
	CHECK(sback == NULL && n == 0);
	free(cause);
	json_decref(j);
}

/* A job detail answers both arrays, reads them back and names a wrong
 * field with the job's place. */
static void test_detail_in_job(void)
{
	struct rec_attempt a[2];
	struct rec_job_series s;
	struct rec_job x = { .id = 3, .kind = "bench", .state = "done", .attempt = 2,
			     .max_attempts = 3, .created_at = 1, .shape = REC_JOB_DETAIL,
			     .attempts = a, .nattempts = 2, .series = &s, .nseries = 1 }, back;
	char *cause = NULL;
	json_t *j;

	detail_fill(a, &s);
	x.spec = json_pack("{s:s, s:s, s:s, s:i}", "suite", "wq", "boot", "qemu", "commit",
			   "c0ffee", "tree", 7);
	j = rec_job_encode(&x);
	CHECK_INT(rec_job_decode(&back, j, "", &cause), 0);
	CHECK(back.nattempts == 2 && back.nseries == 1 && back.series[0].iterations == 3);
	/* the spec's strings the pages show; a key that is not a string is none */
	CHECK_STR(back.spec_suite, "wq");
	CHECK_STR(back.spec_boot, "qemu");
	CHECK_STR(back.spec_commit, "c0ffee");
	CHECK(back.spec_tree == NULL);
	rec_job_dispose(&back);
	json_object_set_new(json_array_get(json_object_get(j, "attempts"), 0), "received_at",
			    json_string("now"));
	CHECK_INT(rec_job_decode(&back, j, "jobs[4].", &cause), -1);
	CHECK_STR(cause, "jobs[4].attempts[0].received_at must be an integer");
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(json_object_get(j, "attempts"), 0), "received_at",
			    json_integer(10));
	json_object_set_new(j, "series", json_object());
	CHECK_INT(rec_job_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "series must be an array");
	free(cause);
	json_decref(j);
	json_decref(x.spec);
}

int main(void)
{
	test_attempts_roundtrip();
	test_attempts_wrong();
	test_detail_in_job();
	return check_done();
}
