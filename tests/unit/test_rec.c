/*
 * test_rec.c - the records pages, handlers and the CLI read (lib/rec.h):
 * runner, build, tree and commit:
 * the API's key names and null for absent values, a record that decodes
 * to what was encoded, and a wrong field named.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "check.h"

/* A runner detail as db_runner_get fills it. */
static void runner_fill(struct rec_runner *r, struct rec_runner_env *env,
			struct rec_drift *drift)
{
	*env = (struct rec_runner_env){ .boot_method = "qemu", .job_id = 0, .updated_at = 5 };
	env->env = json_pack("{s:s}", "kernel", "6.12.0");
	*drift = (struct rec_drift){ .id = 3, .boot_method = "qemu", .field = "kernel",
				     .old_value = NULL, .new_value = "6.12.1", .job_id = 9,
				     .detected_at = 7, .acked_by = "ops", .acked_at = 8 };
	*r = (struct rec_runner){ .id = 2, .name = "r1", .runner_class = "x86",
				  .numa_nodes = 2, .cpus = 4, .registered_at = 1, .last_seen = 6,
				  .drift_open = 1, .detail = 1, .envs = env, .nenvs = 1,
				  .drift = drift, .ndrift = 1 };
	r->capabilities = json_pack("[s]", "bench");
	r->boot_methods = json_pack("[s, s]", "host", "qemu");
	r->topology = json_pack("{s:[]}", "nodes");
}

static void test_runner_keys(void)
{
	struct rec_runner_env env;
	struct rec_drift drift;
	struct rec_runner r;
	json_t *j, *d;

	runner_fill(&r, &env, &drift);
	j = rec_runner_encode(&r);
	CHECK(j != NULL);
	CHECK_INT(json_object_size(j), 16);
	CHECK_STR(json_string_value(json_object_get(j, "runner_class")), "x86");
	CHECK(json_is_null(json_object_get(j, "cpu_model")));
	CHECK(json_is_null(json_object_get(j, "kernel_release")));
	CHECK(json_is_null(json_object_get(j, "current_job")));
	CHECK_INT(json_integer_value(json_object_get(j, "cpus")), 4);
	CHECK_INT(json_integer_value(json_object_get(j, "drift_open")), 1);
	CHECK(json_is_array(json_object_get(j, "boot_methods")));
	CHECK(json_is_null(json_object_get(json_array_get(json_object_get(j, "environment"), 0),
					   "job_id")));
	d = json_array_get(json_object_get(j, "drift"), 0);
	CHECK_INT(json_object_size(d), 9);
	CHECK(json_is_null(json_object_get(d, "old_value")));
	CHECK_STR(json_string_value(json_object_get(d, "acked_by")), "ops");
	CHECK_INT(json_integer_value(json_object_get(d, "acked_at")), 8);
	json_decref(j);
	/* a list row has no detail */
	r.detail = 0;
	j = rec_runner_encode(&r);
	CHECK_INT(json_object_size(j), 14);
	CHECK(!json_object_get(j, "drift"));
	json_decref(j);
	json_decref(env.env);
	json_decref(r.capabilities);
	json_decref(r.boot_methods);
	json_decref(r.topology);
}

static void test_runner_roundtrip(void)
{
	struct rec_runner_env env;
	struct rec_drift drift;
	struct rec_runner r, back;
	char *cause = NULL;
	json_t *j, *again;

	runner_fill(&r, &env, &drift);
	j = rec_runner_encode(&r);
	CHECK_INT(rec_runner_decode(&back, j, "", &cause), 0);
	CHECK_STR(back.name, "r1");
	CHECK(back.cpu_model == NULL);
	CHECK_INT(back.nenvs, 1);
	CHECK_INT(back.ndrift, 1);
	CHECK(back.drift[0].old_value == NULL);
	CHECK_STR(back.drift[0].new_value, "6.12.1");
	again = rec_runner_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_runner_dispose(&back);
	rec_runner_dispose(&back);      /* disposed is empty: again is a no-op */
	rec_runner_dispose(NULL);
	/* a wrong field is named, with where it is */
	json_object_set_new(json_array_get(json_object_get(j, "drift"), 0), "detected_at",
			    json_string("yesterday"));
	CHECK_INT(rec_runner_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "drift[0].detected_at must be an integer");
	free(cause);
	cause = NULL;
	again = json_pack("[O]", j);
	json_object_set_new(json_array_get(again, 0), "name", json_integer(1));
	{
		struct rec_runners l;

		CHECK_INT(rec_runners_decode(&l, again, &cause), -1);
		CHECK_STR(cause, "runners[0].name must be a string");
		CHECK(l.v == NULL && l.n == 0);
		rec_runners_dispose(&l);
	}
	free(cause);
	json_decref(again);
	json_decref(j);
	json_decref(env.env);
	json_decref(r.capabilities);
	json_decref(r.boot_methods);
	json_decref(r.topology);
}

static void test_build_roundtrip(void)
{
	struct rec_artifact art = { .name = "bzImage", .sha256 = "ab", .size = 0 };
	struct rec_build b = { .id = 4, .tree = "linux", .commit_sha = "c0ffee",
			       .config_name = "qemu.config", .state = "ok", .job_id = 9,
			       .attempt = 1, .duration_ms = 0, .make_jobs = REC_NONE,
			       .text_size = 10, .data_size = REC_NONE, .bss_size = 0,
			       .image_size = 20, .log_size = REC_NONE, .created_at = 3,
			       .finished_at = 5, .detail = 1, .artifacts = &art, .nartifacts = 1 };
	struct rec_build back;
	char *cause = NULL;
	json_t *j, *again;

	b.warnings = json_array();
	b.spec = json_pack("{s:s}", "config", "qemu.config");
	j = rec_build_encode(&b);
	CHECK_INT(json_object_size(j), 27);
	/* a measure of 0 stays 0; an unknown one is null */
	CHECK(json_is_integer(json_object_get(j, "duration_ms")));
	CHECK_INT(json_integer_value(json_object_get(j, "bss_size")), 0);
	CHECK(json_is_null(json_object_get(j, "make_jobs")));
	CHECK(json_is_null(json_object_get(j, "started_at")));
	CHECK(json_is_null(json_object_get(j, "branch")));
	CHECK(json_is_null(json_object_get(j, "distributed")));
	CHECK_INT(rec_build_decode(&back, j, "", &cause), 0);
	CHECK(back.make_jobs == REC_NONE && back.duration_ms == 0 && back.bss_size == 0);
	CHECK_INT(back.nartifacts, 1);
	again = rec_build_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_build_dispose(&back);
	json_object_set_new(j, "image_size", json_string("big"));
	CHECK_INT(rec_build_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "image_size must be an integer");
	free(cause);
	json_decref(j);
	json_decref(b.warnings);
	json_decref(b.spec);
}

/* A tree's status as db_tree_get fills it: a branch with an event, one
 * without; the JSON has the API's keys in the API's order. */
static void test_tree_roundtrip(void)
{
	struct rec_branch_event ev = { .id = 7, .at = 9, .kind = "deleted", .old_sha = "ab",
				       .message = "gone" };
	struct rec_branch br[2] = {
		{ .id = 1, .name = "master", .state = "active", .tip = "ab", .length = 3,
		  .polled_at = 9, .updated_at = 8 },
		{ .id = 2, .name = "gone", .state = "deleted", .last_error = "gone",
		  .events = &ev, .nevents = 1 },
	};
	struct rec_tree t = { .id = 1, .name = "up", .url = "/up", .created_at = 5, .status = 1,
			      .polled_at = 9, .commits = 3, .tags = 1, .branches = br,
			      .nbranches = 2 }, row;
	struct rec_trees back;
	char *cause = NULL, *text;
	json_t *j, *arr, *again;

	t.policy = json_pack("{s:[s]}", "configs", "defconfig");
	j = rec_tree_encode(&t);
	text = json_dumps(j, JSON_COMPACT);
	CHECK_STR(text, "{\"id\":1,\"name\":\"up\",\"url\":\"/up\",\"created_at\":5,"
		  "\"polled_at\":9,\"fetched_at\":null,\"last_error\":null,\"error_count\":0,"
		  "\"next_poll_at\":null,\"policy\":{\"configs\":[\"defconfig\"]},"
		  "\"candidates_dropped\":0,\"commits\":3,\"tags\":1,\"branches\":["
		  "{\"id\":1,\"name\":\"master\",\"state\":\"active\",\"tip\":\"ab\","
		  "\"length\":3,\"polled_at\":9,\"updated_at\":8,\"last_error\":null,"
		  "\"events\":[]},{\"id\":2,\"name\":\"gone\",\"state\":\"deleted\","
		  "\"tip\":null,\"length\":0,\"polled_at\":null,\"updated_at\":null,"
		  "\"last_error\":\"gone\",\"events\":[{\"id\":7,\"at\":9,\"kind\":\"deleted\","
		  "\"old_sha\":\"ab\",\"new_sha\":null,\"message\":\"gone\"}]}]}");
	free(text);
	arr = json_pack("[O]", j);
	CHECK_INT(rec_trees_decode(&back, arr, &cause), 0);
	CHECK_INT(back.n, 1);
	CHECK(back.n && back.v[0].status && back.v[0].nbranches == 2 &&
	      back.v[0].branches[1].nevents == 1 && !back.v[0].branches[1].tip);
	again = back.n ? rec_tree_encode(&back.v[0]) : NULL;
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_trees_dispose(&back);
	/* a wrong field deep inside is named with its place */
	json_object_set_new(json_array_get(json_object_get(json_array_get(json_object_get(
		json_array_get(arr, 0), "branches"), 1), "events"), 0), "at", json_string("9"));
	CHECK_INT(rec_trees_decode(&back, arr, &cause), -1);
	CHECK_STR(cause, "trees[0].branches[1].events[0].at must be an integer");
	CHECK(back.v == NULL && back.n == 0);
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(arr, 0), "branches", json_object());
	CHECK_INT(rec_trees_decode(&back, arr, &cause), -1);
	CHECK_STR(cause, "trees[0].branches must be an array");
	free(cause);
	cause = NULL;
	json_decref(arr);
	json_decref(j);
	/* a row of db_trees_list: no status, four keys */
	t.status = 0;
	j = rec_tree_encode(&t);
	CHECK_INT(json_object_size(j), 4);
	CHECK_INT(rec_tree_decode(&row, j, "", &cause), 0);
	CHECK(!row.status && !row.nbranches && !row.policy && !strcmp(row.name, "up"));
	rec_tree_dispose(&row);
	json_decref(j);
	json_decref(t.policy);
}

/* A commit keeps the API's keys in order; a time of 0 (the repository's
 * own) stays 0, an absent one is null. */
static void test_commit_roundtrip(void)
{
	struct rec_commit c[2] = {
		{ .position = 4, .sha = "c0", .parents = "b0 m0", .author_name = "A",
		  .author_time = 0, .commit_time = 60, .subject = "Merge tag 'x'",
		  .merged_tip = "m0", .brought = 0, .merge_subsystem = "x", .merge_source = "git://x" },
		{ .position = 0, .sha = "a0", .parents = "", .author_time = REC_NONE,
		  .commit_time = REC_NONE, .brought = REC_NONE },
	};
	struct rec_commits l = { c, 2 }, back;
	char *cause = NULL, *text;
	json_t *j, *again;

	c[0].trailers = json_pack("[[s, s]]", "Signed-off-by", "A <a@x>");
	j = rec_commits_encode(&l);
	text = json_dumps(json_array_get(j, 1), JSON_COMPACT);
	CHECK_STR(text, "{\"position\":0,\"sha\":\"a0\",\"parents\":\"\",\"author_name\":null,"
		  "\"author_email\":null,\"author_time\":null,\"committer_name\":null,"
		  "\"committer_email\":null,\"commit_time\":null,\"subject\":null,"
		  "\"trailers\":null,\"merged_tip\":null,\"brought\":null,"
		  "\"merge_subsystem\":null,\"merge_source\":null}");
	free(text);
	CHECK_INT(json_integer_value(json_object_get(json_array_get(j, 0), "author_time")), 0);
	CHECK_INT(rec_commits_decode(&back, j, &cause), 0);
	CHECK(back.n == 2 && back.v[0].author_time == 0 && back.v[0].brought == 0 &&
	      back.v[1].author_time == REC_NONE && back.v[1].brought == REC_NONE);
	again = rec_commits_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_commits_dispose(&back);
	json_object_set_new(json_array_get(j, 1), "sha", json_integer(1));
	CHECK_INT(rec_commits_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "commits[1].sha must be a string");
	free(cause);
	cause = NULL;
	json_array_set_new(j, 1, json_string("a0"));
	CHECK_INT(rec_commits_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "commits[1] must be an object");
	free(cause);
	cause = NULL;
	json_decref(j);
	json_decref(c[0].trailers);
}

int main(void)
{
	test_runner_keys();
	test_runner_roundtrip();
	test_build_roundtrip();
	test_tree_roundtrip();
	test_commit_roundtrip();
	return check_done();
}
