// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_names.c - lists of names inside records (lib/rec_names.h):
 * the JSON array of strings of a runner's capabilities and a build's
 * warnings, read back in order, and a wrong entry named with its place.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "lib/rec_names.h"
#include "check.h"

static void test_names_roundtrip(void)
{
	char *names[] = { "bench", "build" }, **back = NULL, *cause = NULL;
	size_t n = 7;
	json_t *j, *again;

	j = rec_names_encode(names, 2);
	CHECK(json_is_array(j));
	CHECK_INT(json_array_size(j), 2);
	CHECK_STR(json_string_value(json_array_get(j, 1)), "build");
	CHECK_INT(rec_names_decode(&back, &n, j, "", "capabilities", &cause), 0);
	CHECK_INT(n, 2);
	CHECK(back && !strcmp(back[0], "bench") && !strcmp(back[1], "build") && !back[2]);
	again = rec_names_encode(back, n);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_names_dispose(back, n);
	json_decref(j);
	/* none is an empty array, not null */
	j = rec_names_encode(NULL, 0);
	CHECK(json_is_array(j) && json_array_size(j) == 0);
	CHECK_INT(rec_names_decode(&back, &n, j, "", "warnings", &cause), 0);
	CHECK(n == 0 && back != NULL && back[0] == NULL);
	rec_names_dispose(back, n);
	json_decref(j);
	rec_names_dispose(NULL, 0);
}

static void test_names_wrong(void)
{
	char **back = (char **)1, *cause = NULL;
	size_t n = 7;
	json_t *j = json_pack("[s, i]", "host", 3);

	CHECK_INT(rec_names_decode(&back, &n, j, "runners[1].", "boot_methods", &cause), -1);
	CHECK_STR(cause, "runners[1].boot_methods[1] must be a string");
	CHECK(back == NULL && n == 0);
	free(cause);
	cause = NULL;
	json_decref(j);
	j = json_string("host");
	CHECK_INT(rec_names_decode(&back, &n, j, "", "boot_methods", &cause), -1);
	CHECK_STR(cause, "boot_methods must be an array");
	free(cause);
	cause = NULL;
	CHECK_INT(rec_names_decode(&back, &n, NULL, "", "warnings", &cause), -1);
	CHECK_STR(cause, "warnings must be an array");
	free(cause);
	json_decref(j);
}

/* The records that hold lists answer them as arrays and read them back. */
static void test_names_in_records(void)
{
	char *warnings[] = { "CONFIG_X not set" }, *cause = NULL;
	struct rec_build b = { .id = 1, .commit_sha = "c0ffee", .config_name = "q.config",
			       .state = "ok", .warnings = warnings, .nwarnings = 1,
			       .duration_ms = REC_NONE, .make_jobs = REC_NONE,
			       .text_size = REC_NONE, .data_size = REC_NONE,
			       .bss_size = REC_NONE, .image_size = REC_NONE,
			       .log_size = REC_NONE };
	struct rec_build back;
	json_t *j = rec_build_encode(&b);

	CHECK_STR(json_string_value(json_array_get(json_object_get(j, "warnings"), 0)),
		  "CONFIG_X not set");
	CHECK_INT(rec_build_decode(&back, j, "", &cause), 0);
	CHECK(back.nwarnings == 1 && !strcmp(back.warnings[0], "CONFIG_X not set"));
	rec_build_dispose(&back);
	json_array_set_new(json_object_get(j, "warnings"), 0, json_null());
	CHECK_INT(rec_build_decode(&back, j, "builds[0].", &cause), -1);
	CHECK_STR(cause, "builds[0].warnings[0] must be a string");
	free(cause);
	json_decref(j);
}

int main(void)
{
	test_names_roundtrip();
	test_names_wrong();
	test_names_in_records();
	return check_done();
}
