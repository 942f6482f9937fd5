// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_change_points.c - the points around a change
 * (lib/rec_change_points.h): their keys in the API's order, null for a
 * point without a position or a commit, the points read back as they
 * were, and a wrong field named with its place, in a change's detail too.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "lib/rec_change_points.h"
#include "check.h"

static void points_fill(struct rec_change_point p[2])
{
	p[0] = (struct rec_change_point){ .index = 4, .job_id = 11, .position = REC_NONE,
					  .commit_sha = NULL, .value = 1.25, .iterations = 5 };
	p[1] = (struct rec_change_point){ .index = 5, .job_id = 12, .position = 0,
					  .commit_sha = "c0ffee", .value = 2, .iterations = 1 };
}

static void test_points_roundtrip(void)
{
	struct rec_change_point p[2], *back = NULL;
	char *cause = NULL, *text;
	size_t n = 9;
	json_t *j, *again;

	points_fill(p);
	j = rec_change_points_encode(p, 2);
	text = json_dumps(json_array_get(j, 0), JSON_COMPACT);
	CHECK_STR(text, "{\"index\":4,\"job_id\":11,\"position\":null,\"commit_sha\":null,"
		  "\"value\":1.25,\"iterations\":5}");
	free(text);
	CHECK(json_is_integer(json_object_get(json_array_get(j, 1), "position")));  /* 0 stays */
	CHECK(json_is_real(json_object_get(json_array_get(j, 1), "value")));
	CHECK_INT(rec_change_points_decode(&back, &n, j, "", &cause), 0);
	CHECK_INT(n, 2);
	CHECK(back[0].position == REC_NONE && back[0].commit_sha == NULL);
	CHECK(back[1].position == 0 && !strcmp(back[1].commit_sha, "c0ffee"));
	CHECK(back[0].value == 1.25 && back[1].iterations == 1);
	again = rec_change_points_encode(back, n);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_change_points_dispose(back, n);
	rec_change_points_dispose(NULL, 0);
	json_decref(j);
	/* null is none */
	CHECK_INT(rec_change_points_decode(&back, &n, json_null(), "", &cause), 0);
	CHECK(back == NULL && n == 0);
}

static void test_points_wrong(void)
{
	struct rec_change_point p[2], *back = NULL;
	char *cause = NULL;
	size_t n = 9;
	json_t *j;

	points_fill(p);
	j = rec_change_points_encode(p, 2);
	json_object_set_new(json_array_get(j, 1), "value", json_string("fast"));
	CHECK_INT(rec_change_points_decode(&back, &n, j, "", &cause), -1);
	CHECK_STR(cause, "points[1].value must be a number");
	CHECK(back == NULL && n == 0);
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(j, 0), "commit_sha", json_integer(7));
	CHECK_INT(rec_change_points_decode(&back, &n, j, "", &cause), -1);
	CHECK_STR(cause, "points[0].commit_sha must be a string");
	free(cause);
	cause = NULL;
	json_decref(j);
	j = json_object();
	CHECK_INT(rec_change_points_decode(&back, &n, j, "", &cause), -1);
	CHECK_STR(cause, "points must be an array");
	free(cause);
	json_decref(j);
}

/* A change's detail answers its points and reads them back. */
static void test_points_in_change(void)
{
	struct rec_change_point p[2];
	struct rec_change c = { .id = 1, .suite = "s", .metric = "m", .unit = "ns",
				.better = "lower", .runner_class = "x", .direction = "regression",
				.state = "new", .kind = "perf", .full = 1, .points = p,
				.npoints = 2 }, back;
	char *cause = NULL;
	json_t *j;

	points_fill(p);
	j = rec_change_encode(&c);
	CHECK_INT(json_array_size(json_object_get(j, "points")), 2);
	CHECK_INT(rec_change_decode(&back, j, "", &cause), 0);
	CHECK(back.npoints == 2 && back.points[1].job_id == 12);
	rec_change_dispose(&back);
	json_object_set_new(json_array_get(json_object_get(j, "points"), 0), "job_id",
			    json_null());
	CHECK_INT(rec_change_decode(&back, j, "changes[3].", &cause), -1);
	CHECK_STR(cause, "changes[3].points[0].job_id is missing");
	free(cause);
	json_decref(j);
}

int main(void)
{
	test_points_roundtrip();
	test_points_wrong();
	test_points_in_change();
	return check_done();
}
