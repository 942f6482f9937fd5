// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_bisect.c - the bisection record (lib/rec_bisect.h): the API's
 * keys in their order with null for absent values, a full bisection (its
 * probes with their numbers' lines, its metrics) that decodes to what was
 * encoded, and a wrong field named with where it is.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_bisect.h"
#include "check.h"

/* A list row as db_bisections_list fills it: a failed one, no culprit. */
static struct rec_bisection row_fill(void)
{
	return (struct rec_bisection){
		.id = 4, .change_id = 9, .state = "failed", .phase = NULL, .good_sha = "aaaa",
		.bad_sha = "bbbb", .reason = "the ends do not differ", .confidence = NAN,
		.commits = REC_NONE, .remaining = 3, .rounds = 2, .probes = 5, .parallel = 1,
		.tree = "linux", .suite = "wq", .runner_class = "x86", .revert = 0,
		.started_by = "auto", .started_at = 100, .updated_at = 0, .finished_at = 200,
		.metric = "wq/flush", .direction = "regression", .range_key = "aaaa..bbbb",
	};
}

static void test_row_keys(void)
{
	struct rec_bisection r = row_fill();
	json_t *j = rec_bisection_encode(&r);
	char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;

	CHECK(j != NULL);
	/* the key order is the API's; absent values are null */
	CHECK_STR(text, "{\"id\":4,\"change_id\":9,\"state\":\"failed\",\"phase\":null,"
		  "\"good_sha\":\"aaaa\",\"bad_sha\":\"bbbb\",\"culprit_sha\":null,"
		  "\"culprit_subject\":null,\"reason\":\"the ends do not differ\","
		  "\"confidence\":null,\"commits\":null,\"remaining\":3,\"rounds\":2,\"probes\":5,"
		  "\"parallel\":1,\"tree\":\"linux\",\"branch\":null,\"config\":null,"
		  "\"suite\":\"wq\",\"runner_class\":\"x86\",\"revert\":0,\"started_by\":\"auto\","
		  "\"started_at\":100,\"updated_at\":null,\"finished_at\":200,"
		  "\"metric\":\"wq/flush\",\"direction\":\"regression\","
		  "\"range_key\":\"aaaa..bbbb\"}");
	free(text);
	json_decref(j);
}

/* A full bisection: one probe judged against both ends, one metric. */
static json_t *full_json(void)
{
	struct rec_bisection r = row_fill();
	struct rec_bisect_metric m = { .series_id = 7, .change_id = 9, .metric = "wq/flush",
				       .unit = "ns", .better = "lower" };
	struct rec_bisect_probe p = {
		.id = 11, .role = "probe", .idx = 0, .sha = "cccc", .subject = "wq: flush",
		.round = 1, .state = "decided", .outcome = "bad", .build_id = 0, .iterations = 5,
		.retries = 1, .reason = NULL, .jobs = 2, .created_at = 150, .decided_at = 160,
	};
	json_t *j;

	p.detail = json_pack("{s:s, s:[{s:s, s:s, s:s, s:s, s:f}]}", "sha", "cccc", "metrics",
			     "metric", "wq/flush", "good", "+9.0%", "bad", "+0.1%", "says", "bad",
			     "q", 0.25);
	r.state = "done";
	r.culprit_sha = "cccc";
	r.culprit_subject = "wq: flush";
	r.confidence = 0.995;
	r.full = 1;
	r.log = json_pack("[{s:s}]", "verdict", "bad");
	r.result = json_null();
	r.probe_list = &p;
	r.nprobe_list = 1;
	r.metrics = &m;
	r.nmetrics = 1;
	j = rec_bisection_encode(&r);
	json_decref(p.detail);
	json_decref(r.log);
	json_decref(r.result);
	return j;
}

static void test_full_roundtrip(void)
{
	json_t *j = full_json(), *again;
	struct rec_bisection back;
	char *cause = NULL, *a, *b;

	CHECK(j != NULL);
	CHECK(json_is_null(json_object_get(json_array_get(json_object_get(j, "probe_list"), 0),
					   "build_id")));
	CHECK_INT(json_integer_value(json_object_get(json_array_get(json_object_get(j,
		  "probe_list"), 0), "idx")), 0);      /* candidate 0 is a real index */
	CHECK_INT(rec_bisection_decode(&back, j, "", &cause), 0);
	CHECK(back.full && back.nprobe_list == 1 && back.nmetrics == 1);
	CHECK_NEAR(back.confidence, 0.995, 1e-12);
	CHECK(back.commits == REC_NONE && back.remaining == 3 && !back.phase);
	CHECK_STR(back.culprit_subject, "wq: flush");
	CHECK_INT(back.probe_list[0].idx, 0);
	CHECK(!back.probe_list[0].reason && back.probe_list[0].decided_at == 160);
	/* the numbers' lines are read from the detail */
	CHECK_INT(back.probe_list[0].nlines, 1);
	CHECK_STR(back.probe_list[0].lines[0].good, "+9.0%");
	CHECK_STR(back.probe_list[0].lines[0].says, "bad");
	CHECK(!back.probe_list[0].lines[0].change && !back.probe_list[0].lines[0].ends);
	CHECK_STR(back.metrics[0].unit, "ns");
	again = rec_bisection_encode(&back);
	a = json_dumps(j, JSON_COMPACT);
	b = again ? json_dumps(again, JSON_COMPACT) : NULL;
	CHECK_STR(a, b);                /* the same keys in the same order */
	free(a);
	free(b);
	json_decref(again);
	rec_bisection_dispose(&back);
	rec_bisection_dispose(&back);   /* disposed is empty: again is a no-op */
	rec_bisection_dispose(NULL);
	json_decref(j);
}

/* Decodes j, which must fail with want. */
static void check_wrong(json_t *j, const char *want)
{
	struct rec_bisection back;
	char *cause = NULL;

	CHECK_INT(rec_bisection_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, want);
	CHECK(!back.probe_list && !back.state);     /* empty after an error */
	free(cause);
}

static void test_wrong_fields(void)
{
	json_t *j = full_json(), *p = json_array_get(json_object_get(j, "probe_list"), 0);
	json_t *line = json_array_get(json_object_get(json_object_get(p, "detail"), "metrics"), 0);

	json_object_set_new(j, "confidence", json_string("high"));
	check_wrong(j, "confidence must be a number");
	json_object_set_new(j, "confidence", json_real(0.5));
	json_object_set_new(p, "round", json_string("one"));
	check_wrong(j, "probe_list[0].round must be an integer");
	json_object_set_new(p, "round", json_integer(1));
	json_object_set_new(line, "good", json_integer(9));
	check_wrong(j, "probe_list[0].detail.metrics[0].good must be a string");
	json_object_set_new(line, "good", json_string("+9.0%"));
	json_object_del(json_array_get(json_object_get(j, "metrics"), 0), "metric");
	check_wrong(j, "metrics[0].metric is missing");
	json_decref(j);
}

static void test_list(void)
{
	struct rec_bisection r = row_fill();
	struct rec_bisections l = { &r, 1 }, back;
	json_t *arr = rec_bisections_encode(&l), *again;
	char *cause = NULL;

	CHECK(json_array_size(arr) == 1);
	CHECK(!json_object_get(json_array_get(arr, 0), "probe_list"));  /* a row: no detail */
	CHECK_INT(rec_bisections_decode(&back, arr, &cause), 0);
	CHECK(back.n == 1 && !back.v[0].full && isnan(back.v[0].confidence));
	again = rec_bisections_encode(&back);
	CHECK(json_equal(arr, again));
	json_decref(again);
	rec_bisections_dispose(&back);
	json_array_append_new(arr, json_pack("{s:i}", "id", 5));
	CHECK_INT(rec_bisections_decode(&back, arr, &cause), -1);
	CHECK_STR(cause, "bisections[1].change_id is missing");
	CHECK(!back.v && !back.n);
	free(cause);
	json_decref(arr);
}

/* The lines the bisector stores, one of each shape, keep their keys in
 * their order and come back. */
static void test_lines(void)
{
	struct rec_bisect_line v[3] = {
		{ .metric = "wq/a", .good = "+9%", .bad = "+0%", .says = "bad" },
		{ .metric = "wq/b", .ends = "+1%", .says = "ends do not differ" },
		{ .metric = "wq/c", .change = "+8%", .verdict = "changed", .has_q = 1, .q = NAN },
	}, *back = NULL;
	json_t *a = rec_bisect_lines_encode(v, 3), *detail, *again;
	char *text = a ? json_dumps(a, JSON_COMPACT) : NULL, *cause = NULL;
	size_t n = 0;

	CHECK_STR(text, "[{\"metric\":\"wq/a\",\"good\":\"+9%\",\"bad\":\"+0%\",\"says\":\"bad\"},"
		  "{\"metric\":\"wq/b\",\"ends\":\"+1%\",\"says\":\"ends do not differ\"},"
		  "{\"metric\":\"wq/c\",\"change\":\"+8%\",\"verdict\":\"changed\",\"q\":null}]");
	free(text);
	detail = json_pack("{s:O}", "metrics", a);
	CHECK_INT(rec_bisect_lines_decode(&back, &n, detail, "", &cause), 0);
	CHECK_INT(n, 3);
	CHECK(n == 3 && back[2].has_q && isnan(back[2].q) && !back[0].has_q);
	again = back ? rec_bisect_lines_encode(back, n) : NULL;
	CHECK(json_equal(a, again));
	json_decref(again);
	rec_bisect_lines_free(back, n);
	json_object_set_new(json_array_get(a, 2), "q", json_string("small"));
	CHECK_INT(rec_bisect_lines_decode(&back, &n, detail, "x.", &cause), -1);
	CHECK_STR(cause, "x.metrics[2].q must be a number");
	CHECK(!back && !n);
	free(cause);
	json_decref(detail);
	json_decref(a);
}

/* A log's entries: the bisector's shape read as fields, any other kept
 * as its JSON text. */
static void test_entries(void)
{
	json_t *log = json_pack("[{s:i, s:s, s:s, s:s, s:s, s:i, s:s, s:[{s:s, s:s, s:s}]}, "
				"{s:s, s:s}, {s:s, s:i}, i]", "round", 2, "role", "probe", "sha",
				"cccc", "subject", "wq: flush", "verdict", "bad", "jobs", 3,
				"reason", "bad against both", "metrics", "metric", "wq/a", "change",
				"+8%", "verdict", "changed", "sha", "9999", "verdict", "bad",
				"sha", "dddd", "verdict", 5, 7);
	struct rec_bisect_entry *e = NULL;
	char *cause = NULL;
	size_t n = 0;

	CHECK_INT(rec_bisect_entries_decode(&e, &n, log, &cause), 0);
	CHECK_INT(n, 4);
	if (n == 4) {
		CHECK(!e[0].other && e[0].round == 2 && e[0].jobs == 3 && !e[0].parent);
		CHECK_STR(e[0].subject, "wq: flush");
		CHECK(e[0].nlines == 1 && !e[0].lines[0].good);
		CHECK_STR(e[0].lines[0].verdict, "changed");
		/* the shape db_bisection_record's callers store: no round, no jobs */
		CHECK(!e[1].other && e[1].round == REC_NONE && e[1].jobs == REC_NONE &&
		      !e[1].role && !e[1].nlines);
		CHECK_STR(e[2].other, "{\"sha\":\"dddd\",\"verdict\":5}");
		CHECK_STR(e[3].other, "7");
	}
	rec_bisect_entries_free(e, n);
	CHECK_INT(rec_bisect_entries_decode(&e, &n, json_null(), &cause), 0);  /* no log */
	CHECK(!e && !n);
	json_decref(log);
}

int main(void)
{
	test_entries();
	test_lines();
	test_row_keys();
	test_full_roundtrip();
	test_wrong_fields();
	test_list();
	return check_done();
}
