// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_window.c - the release and merge-window records
 * (lib/rec_window.h): their key names and order as the API answers them,
 * null for absent values and no key for a release's absent commit, a
 * record that decodes to what was encoded, and a wrong field named with
 * its place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_window.h"
#include "check.h"

/* j as compact text (caller frees). */
static char *text_of(const json_t *j)
{
	return j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
}

static void test_tags(void)
{
	struct rec_tag v[2] = { { .name = "v6.12", .sha = "ab", .kind = "release" },
				{ .name = "v6.13-rc1", .sha = "cd", .kind = "rc" } };
	struct rec_tags l = { v, 2 }, back;
	char *cause = NULL, *text;
	json_t *j = rec_tags_encode(&l), *again;

	text = text_of(j);
	CHECK_STR(text, "[{\"name\":\"v6.12\",\"sha\":\"ab\",\"kind\":\"release\"},"
		  "{\"name\":\"v6.13-rc1\",\"sha\":\"cd\",\"kind\":\"rc\"}]");
	free(text);
	CHECK_INT(rec_tags_decode(&back, j, &cause), 0);
	CHECK_INT(back.n, 2);
	CHECK(back.n == 2 && !strcmp(back.v[1].kind, "rc"));
	again = rec_tags_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_tags_dispose(&back);
	rec_tags_dispose(&back);        /* disposed is empty: again is a no-op */
	json_object_del(json_array_get(j, 1), "sha");
	CHECK_INT(rec_tags_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "tags[1].sha is missing");
	CHECK(back.v == NULL && back.n == 0);
	free(cause);
	json_decref(j);
}

/* The windows of a branch: releases with and without their commit, a
 * release off the line, an open and a closed window. */
static void test_tree_windows(void)
{
	struct rec_release r[2] = {
		{ .name = "v6.12", .kind = "release", .major = 6, .minor = 12, .commit_sha = "ab",
		  .position = 4 },
		{ .name = "v6.13-rc1", .kind = "rc", .major = 6, .minor = 13, .rc = 1,
		  .commit_sha = "cd", .position = REC_NONE },
	};
	struct rec_window w[2] = {
		{ .release = "v6.12", .closed_by = "v6.13-rc1", .state = "closed",
		  .from_position = 4, .to_position = 9, .commits = 5, .merges = 2 },
		{ .release = "v6.13", .state = "open", .from_position = 12, .to_position = 20,
		  .commits = 8 },
	};
	struct rec_tree_windows t = { .tree = "linux", .releases = { r, 2 }, .windows = { w, 2 } },
				back;
	char *cause = NULL, *text;
	json_t *j = rec_tree_windows_encode(&t), *again;

	text = text_of(j);
	CHECK_STR(text, "{\"tree\":\"linux\",\"releases\":[{\"name\":\"v6.12\",\"kind\":\"release\","
		  "\"major\":6,\"minor\":12,\"rc\":0,\"commit_sha\":\"ab\",\"position\":4},"
		  "{\"name\":\"v6.13-rc1\",\"kind\":\"rc\",\"major\":6,\"minor\":13,\"rc\":1,"
		  "\"commit_sha\":\"cd\",\"position\":null}],\"windows\":[{\"release\":\"v6.12\","
		  "\"closed_by\":\"v6.13-rc1\",\"state\":\"closed\",\"from_position\":4,"
		  "\"to_position\":9,\"commits\":5,\"merges\":2},{\"release\":\"v6.13\","
		  "\"closed_by\":null,\"state\":\"open\",\"from_position\":12,\"to_position\":20,"
		  "\"commits\":8,\"merges\":0}]}");
	free(text);
	CHECK_INT(rec_tree_windows_decode(&back, j, &cause), 0);
	CHECK(back.releases.n == 2 && back.releases.v[1].position == REC_NONE);
	CHECK(back.windows.n == 2 && !back.windows.v[1].closed_by &&
	      back.windows.v[0].merges == 2);
	again = rec_tree_windows_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_tree_windows_dispose(&back);
	/* a wrong field is named with its place */
	json_object_set_new(json_array_get(json_object_get(j, "windows"), 1), "commits",
			    json_string("8"));
	CHECK_INT(rec_tree_windows_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "windows[1].commits must be an integer");
	CHECK(back.tree == NULL && back.releases.n == 0 && back.windows.n == 0);
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(json_object_get(j, "releases"), 0), "major",
			    json_null());
	CHECK_INT(rec_tree_windows_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "releases[0].major is missing");
	free(cause);
	json_decref(j);
	/* a mark of a line (db_branch_marks) has no commit_sha key */
	r[0].commit_sha = NULL;
	j = rec_release_encode(&r[0]);
	text = text_of(j);
	CHECK_STR(text, "{\"name\":\"v6.12\",\"kind\":\"release\",\"major\":6,\"minor\":12,"
		  "\"rc\":0,\"position\":4}");
	free(text);
	json_decref(j);
}

static void test_window_merges(void)
{
	struct rec_trailer no_trailers[1] = { { NULL, NULL } };   /* [] */
	struct rec_commit c = { .position = 7, .sha = "ef", .parents = "ab cd", .subject = "Merge",
				.author_time = REC_NONE, .commit_time = 3, .merged_tip = "cd",
				.brought = 2, .merge_subsystem = "net" };
	struct rec_window_merges m = { .tree = "linux", .release = "v6.12", .state = "open",
				       .from_position = 4, .to_position = 9,
				       .merges = { &c, 1 } }, back;
	char *cause = NULL, *text;
	json_t *j, *again;

	c.trailers = no_trailers;
	j = rec_window_merges_encode(&m);
	text = text_of(j);
	CHECK(text && !strncmp(text, "{\"tree\":\"linux\",\"release\":\"v6.12\",\"closed_by\":null,"
			       "\"state\":\"open\",\"from_position\":4,\"to_position\":9,"
			       "\"merges\":[{\"position\":7,\"sha\":\"ef\",", 124));
	free(text);
	CHECK_INT(rec_window_merges_decode(&back, j, &cause), 0);
	CHECK(back.merges.n == 1 && back.merges.v[0].brought == 2 && !back.closed_by);
	again = rec_window_merges_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_window_merges_dispose(&back);
	json_object_set_new(json_array_get(json_object_get(j, "merges"), 0), "sha",
			    json_integer(1));
	CHECK_INT(rec_window_merges_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "merges[0].sha must be a string");
	CHECK(back.merges.v == NULL && back.tree == NULL);
	free(cause);
	json_decref(j);
}

static void test_commit_about(void)
{
	struct rec_commit_about c = { .sha = "ab", .subject = "fix", .time = REC_NONE,
				      .tree = "linux" }, back;
	char *cause = NULL, *text;
	json_t *j = rec_commit_about_encode(&c), *again;

	text = text_of(j);
	CHECK_STR(text, "{\"sha\":\"ab\",\"subject\":\"fix\",\"author\":null,\"time\":null,"
		  "\"tree\":\"linux\"}");
	free(text);
	CHECK_INT(rec_commit_about_decode(&back, j, "base.", &cause), 0);
	CHECK(back.time == REC_NONE && !back.author && !strcmp(back.tree, "linux"));
	again = rec_commit_about_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_commit_about_dispose(&back);
	json_object_set_new(j, "time", json_real(1.5));
	CHECK_INT(rec_commit_about_decode(&back, j, "base.", &cause), -1);
	CHECK_STR(cause, "base.time must be an integer");
	free(cause);
	json_decref(j);
}

int main(void)
{
	test_tags();
	test_tree_windows();
	test_window_merges();
	test_commit_about();
	return check_done();
}
