// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_place.c - where a change lies (lib/rec_place.h): the keys of
 * its place as GET /api/v1/changes/ID answers them (no tree and branch
 * when not known, no merges_total and window when the first bad commit
 * is off the line, null good and bad when unknown), a place that decodes
 * to what was encoded, and a wrong field named with its place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_place.h"
#include "check.h"

/* j as compact text (caller frees). */
static char *text_of(const json_t *j)
{
	return j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
}

static void test_place_whole(void)
{
	struct rec_place_commit good = { .sha = "aa", .position = REC_NONE, .subject = "x",
					 .time = 5 };
	struct rec_place_commit bad = { .sha = "bb", .position = 9, .author = "Ann",
					.time = REC_NONE, .merge = 1 };
	struct rec_place_commit m = { .sha = "cc", .position = 8, .subject = "Merge",
				      .time = 6, .merge_subsystem = "net", .brought = 3,
				      .jobs = 2, .pending = 1 };
	struct rec_place p = { .tree = "linux", .branch = "master", .on_line = 1,
			       .merges_total = 4, .release = "v6.12", .state = "open",
			       .good = &good, .bad = &bad, .merges = &m, .nmerges = 1 }, back;
	char *cause = NULL, *text;
	json_t *j = rec_place_encode(&p), *again;

	text = text_of(j);
	CHECK_STR(text, "{\"tree\":\"linux\",\"branch\":\"master\",\"merges_total\":4,"
		  "\"window\":{\"release\":\"v6.12\",\"closed_by\":null,\"state\":\"open\"},"
		  "\"good\":{\"sha\":\"aa\",\"position\":null,\"subject\":\"x\",\"author\":null,"
		  "\"time\":5,\"merge\":0},\"bad\":{\"sha\":\"bb\",\"position\":9,\"subject\":null,"
		  "\"author\":\"Ann\",\"time\":null,\"merge\":1},\"merges\":[{\"position\":8,"
		  "\"sha\":\"cc\",\"subject\":\"Merge\",\"time\":6,\"merge_subsystem\":\"net\","
		  "\"merge_source\":null,\"brought\":3,\"jobs\":2,\"pending\":1}]}");
	free(text);
	CHECK_INT(rec_place_decode(&back, j, "", &cause), 0);
	CHECK(back.on_line && back.merges_total == 4 && !back.closed_by);
	CHECK(back.good && back.good->position == REC_NONE && back.bad && back.bad->merge);
	CHECK(back.nmerges == 1 && back.merges[0].pending == 1);
	again = rec_place_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_place_dispose(&back);
	rec_place_dispose(&back);       /* disposed is empty: again is a no-op */
	rec_place_dispose(NULL);
	/* a wrong field is named with its place */
	json_object_set_new(json_object_get(j, "bad"), "time", json_string("noon"));
	CHECK_INT(rec_place_decode(&back, j, "place.", &cause), -1);
	CHECK_STR(cause, "place.bad.time must be an integer");
	CHECK(back.bad == NULL && back.tree == NULL);
	free(cause);
	cause = NULL;
	json_object_set_new(json_object_get(j, "bad"), "time", json_null());
	json_object_set_new(json_array_get(json_object_get(j, "merges"), 0), "jobs",
			    json_null());
	CHECK_INT(rec_place_decode(&back, j, "place.", &cause), -1);
	CHECK_STR(cause, "place.merges[0].jobs is missing");
	free(cause);
	cause = NULL;
	json_object_set_new(j, "window", json_array());
	CHECK_INT(rec_place_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "window must be an object");
	free(cause);
	json_decref(j);
}

/* A change whose series has no branch and whose commits are unknown. */
static void test_place_none(void)
{
	struct rec_place p = { 0 }, back;
	char *cause = NULL, *text;
	json_t *j = rec_place_encode(&p), *again;

	text = text_of(j);
	CHECK_STR(text, "{\"good\":null,\"bad\":null,\"merges\":[]}");
	free(text);
	CHECK_INT(rec_place_decode(&back, j, "", &cause), 0);
	CHECK(!back.tree && !back.on_line && !back.good && !back.bad && !back.nmerges);
	again = rec_place_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_place_dispose(&back);
	json_decref(j);
	j = json_string("here");
	CHECK_INT(rec_place_decode(&back, j, "place.", &cause), -1);
	CHECK_STR(cause, "place must be an object");
	free(cause);
	json_decref(j);
}

int main(void)
{
	test_place_whole();
	test_place_none();
	return check_done();
}
