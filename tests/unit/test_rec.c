// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec.c - the records pages, handlers and the CLI read (lib/rec.h):
 * runner, build, change, series, job, tree and commit:
 * the API's key names and null for absent values, a record that decodes
 * to what was encoded, and a wrong field named.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec.h"
#include "lib/rec_change_points.h"
#include "lib/rec_job_detail.h"
#include "lib/rec_lists.h"
#include "lib/rec_place.h"
#include "lib/rec_series.h"
#include "lib/rec_tree.h"
#include "check.h"

/* A runner detail as db_runner_get fills it. */
static char *runner_caps[] = { "bench" }, *runner_boots[] = { "host", "qemu" };

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
	r->capabilities = runner_caps;
	r->ncapabilities = 1;
	r->boot_methods = runner_boots;
	r->nboot_methods = 2;
	r->topology = json_pack("{s:[{s:i, s:[i, i], s:I}, {s:s, s:[f]}], s:s}", "nodes",
				"id", 0, "cpus", 0, 1, "memory_bytes", (json_int_t)1 << 33,
				"id", "one", "cpus", 2.0, "cpu_model", "x");
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
	/* the topology's nodes are read; what is not an integer reads 0 */
	CHECK_INT(back.nnodes, 2);
	CHECK(back.nnodes == 2 && back.nodes[0].ncpus == 2 && back.nodes[0].cpus[1] == 1 &&
	      back.nodes[0].memory_bytes == (long long)1 << 33);
	CHECK(back.nnodes == 2 && back.nodes[1].id == 0 && back.nodes[1].ncpus == 1 &&
	      back.nodes[1].cpus[0] == 0);
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
	cause = NULL;
	/* a nested array is read as the lists are (again shares j) */
	json_object_set_new(j, "name", json_string("r1"));
	json_object_set_new(j, "environment", json_string("qemu"));
	CHECK_INT(rec_runner_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "environment must be an array");
	free(cause);
	json_decref(again);
	json_decref(j);
	json_decref(env.env);
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
	json_decref(b.spec);
}

/* A change as the analyzer stores it: a group of one, no interval. */
static void change_fill(struct rec_change *c)
{
	*c = (struct rec_change){ .id = 7, .group_id = 0, .series_id = 2, .metric_id = 3,
		.suite = "wq", .metric = "flush-ns", .unit = "ns", .better = "lower",
		.runner_class = "numa2", .config_name = NULL, .ordered_by = "job", .noisy = 0,
		.bad_sha = "c0ffee", .good_job_id = 25, .bad_job_id = 26, .point_index = 0,
		.n_before = 25, .n_after = REC_NONE, .mean_before = 1000, .mean_after = 1100.5,
		.median_before = NAN, .median_after = NAN, .sd_before = 0, .sd_after = NAN,
		.magnitude = 0.1, .pvalue = NAN, .direction = "regression", .confidence = NAN,
		.state = "new", .detected_at = 9, .updated_at = 0, .kind = "perf",
		.percent_lo = NAN, .percent_hi = NAN, .verdict_p = NAN, .min_effect = NAN,
		.jobs_before = REC_NONE, .jobs_after = 15, .found_by = "segmentation",
		.confirm = "not-reproduced", .confirm_reason = "not reproduced: 3 and 3 boots",
		.confirmed_at = 12 };
}

static void test_change_roundtrip(void)
{
	struct rec_place place = { .tree = "linux" };
	struct rec_change_point point = { .index = 0, .job_id = 9, .position = REC_NONE,
					  .value = 2.5, .iterations = 3 };
	struct rec_change c, member, back;
	char *cause = NULL;
	json_t *j, *again;

	change_fill(&c);
	change_fill(&member);
	c.full = 1;
	c.group = (struct rec_changes){ &member, 1 };
	c.title = "wq/flush-ns +10.0% regression";
	c.place = &place;
	c.points = &point;
	c.npoints = 1;
	j = rec_change_encode(&c);
	/* the 55 columns, then place, group, title, summary_text, points,
	 * bisection; no noise key when none is known */
	CHECK_INT(json_object_size(j), 61);
	CHECK(json_is_null(json_object_get(j, "withdrawn_at")));
	CHECK_STR(json_string_value(json_object_get(j, "confirm")), "not-reproduced");
	CHECK(json_is_null(json_object_get(j, "confirmation_id")));
	CHECK(!json_object_get(j, "noise"));
	CHECK(json_is_null(json_object_get(j, "group_id")));
	CHECK(json_is_null(json_object_get(j, "config_name")));
	CHECK(json_is_integer(json_object_get(j, "point_index")));   /* a first point is 0 */
	CHECK(json_is_null(json_object_get(j, "n_after")));
	CHECK(json_is_real(json_object_get(j, "mean_before")));
	CHECK(json_is_real(json_object_get(j, "sd_before")));         /* a real 0 stays */
	CHECK(json_is_null(json_object_get(j, "sd_after")));
	CHECK(json_is_null(json_object_get(j, "updated_at")));
	CHECK(json_is_null(json_object_get(j, "summary_text")));
	CHECK(json_is_null(json_object_get(j, "bisection")));
	CHECK_INT(json_array_size(json_object_get(j, "group")), 1);
	CHECK(!json_object_get(json_array_get(json_object_get(j, "group"), 0), "group"));
	CHECK_INT(rec_change_decode(&back, j, "", &cause), 0);
	CHECK(back.full && back.group.n == 1 && back.point_index == 0);
	CHECK(back.n_after == REC_NONE && isnan(back.sd_after) && back.sd_before == 0);
	CHECK_STR(back.group.v[0].metric, "flush-ns");
	again = rec_change_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_change_dispose(&back);
	{
		/* a known noise model is its record, and comes back */
		struct rec_noise n = { .runner_class = "numa2", .metric_id = 3, .suite = "wq",
				       .metric = "flush-ns", .unit = "ns", .known = 1,
				       .noisy = 1, .cv_job_percent = 4.5, .iterations = 5,
				       .between_job_percent = NAN, .model_known = 1 };
		json_t *withn;

		c.noise = &n;
		withn = rec_change_encode(&c);
		c.noise = NULL;
		CHECK(json_is_true(json_object_get(json_object_get(withn, "noise"), "noisy")));
		CHECK_INT(rec_change_decode(&back, withn, "", &cause), 0);
		CHECK(back.noise && back.noise->noisy && back.noise->cv_job_percent == 4.5 &&
		      isnan(back.noise->between_job_percent));
		again = rec_change_encode(&back);
		CHECK(json_equal(withn, again));
		json_decref(again);
		rec_change_dispose(&back);
		json_object_set_new(json_object_get(withn, "noise"), "known", json_integer(1));
		CHECK_INT(rec_change_decode(&back, withn, "", &cause), -1);
		CHECK_STR(cause, "noise.known must be true or false");
		free(cause);
		cause = NULL;
		json_decref(withn);
	}
	/* a wrong field is named, in a member of the group too */
	json_object_set_new(j, "magnitude", json_string("big"));
	CHECK_INT(rec_change_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "magnitude must be a number");
	free(cause);
	cause = NULL;
	json_object_set_new(j, "magnitude", json_real(0.1));
	json_object_set_new(json_array_get(json_object_get(j, "group"), 0), "suite",
			    json_integer(1));
	CHECK_INT(rec_change_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "group[0].suite must be a string");
	free(cause);
	json_decref(j);
}

static void test_change_groups_roundtrip(void)
{
	struct rec_change_group g = { .group_key = -7, .metrics = 1, .regressions = 1,
				      .untriaged = 1, .last_detected = 9, .tree = "linux",
				      .classes = "numa2" };
	struct rec_change_groups l = { &g, 1 }, back;
	struct rec_change member;
	char *cause = NULL;
	json_t *j, *again;

	change_fill(&g.head);
	change_fill(&member);
	g.changes = (struct rec_changes){ &member, 1 };
	j = rec_change_groups_encode(&l);
	CHECK_INT(json_integer_value(json_object_get(json_array_get(j, 0), "group_key")), -7);
	CHECK(json_is_null(json_object_get(json_array_get(j, 0), "branch")));
	/* a member carries its group's key, as the database gives it */
	CHECK_INT(json_integer_value(json_object_get(json_array_get(json_object_get(
		json_array_get(j, 0), "changes"), 0), "group_key")), -7);
	CHECK_INT(rec_change_groups_decode(&back, j, &cause), 0);
	CHECK(back.n == 1 && back.v[0].changes.n == 1 && back.v[0].group_key == -7);
	again = rec_change_groups_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_change_groups_dispose(&back);
	json_object_del(json_array_get(j, 0), "metrics");
	CHECK_INT(rec_change_groups_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "groups[0].metrics is missing");
	free(cause);
	json_decref(j);
}

/* The keys of object j, in order, joined by ",". */
static void keys_of(char *out, size_t size, json_t *j)
{
	const char *key;
	json_t *v;
	size_t n = 0;

	out[0] = '\0';
	json_object_foreach(j, key, v)
		n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? "," : "", key);
}

static void test_series_roundtrip(void)
{
	struct rec_point pts[2] = {
		{ .index = 0, .position = 0, .job_id = 7, .commit_sha = "c0ffee", .value = 1.5,
		  .min = 1, .max = 2, .iterations = 3, .has_commit = 1, .subject = "fix",
		  .author = NULL, .time = 99 },
		{ .index = 1, .position = REC_NONE, .job_id = 8, .value = 2, .min = 2, .max = 2,
		  .iterations = 1 } };
	struct rec_segment seg = { .from = 0, .to = 1, .points = 2, .mean = 1.75, .sd = 0,
				   .sd_from = "points" };
	struct rec_series_class cls[2] = { { 4, "numa2", 2 }, { 5, "smp8", 0 } };
	struct rec_series_overlay ov = { .series_id = 5, .runner_class = "smp8", .points = pts,
					 .npoints = 1, .segments = &seg, .nsegments = 1 };
	char *sel[2] = { "numa2", "smp8" };
	struct rec_series s = { .id = 4, .metric_id = 2, .suite = "wq", .metric = "m",
				.unit = "ns", .better = "lower", .runner_class = "numa2",
				.config_name = "", .ordered_by = "commit", .points = pts,
				.npoints = 2, .segments = &seg, .nsegments = 1, .overlay = &ov,
				.noverlay = 1, .selected = sel, .nselected = 2, .classes = cls,
				.nclasses = 2, .from = 0, .to = REC_NONE };
	struct rec_release rel = { .name = "v7.4", .kind = "release", .major = 7, .minor = 4,
				   .position = 12 };
	struct rec_series_change ch = { .good_position = 11, .bad_position = REC_NONE };
	struct rec_series back;
	const json_t *p;
	char *cause = NULL;
	char keys[1024];
	json_t *j, *again;

	change_fill(&ch.change);
	s.releases = (struct rec_releases){ &rel, 1 };
	s.changes = (struct rec_series_changes){ &ch, 1 };
	j = rec_series_encode(&s);
	CHECK_INT(json_object_size(j), 22);
	CHECK(json_is_null(json_object_get(j, "branch")) && json_is_null(json_object_get(j, "to")));
	CHECK(json_is_null(json_object_get(j, "analyzed_at")));
	CHECK_INT(json_integer_value(json_object_get(j, "from")), 0);
	/* position 0 is a position; a point off the line has null; its commit's
	 * fields only when asked for and found */
	p = json_array_get(json_object_get(j, "points"), 0);
	CHECK(json_is_integer(json_object_get(p, "position")));
	CHECK(json_is_null(json_object_get(p, "author")));
	CHECK_INT(json_integer_value(json_object_get(p, "time")), 99);
	p = json_array_get(json_object_get(j, "points"), 1);
	CHECK(json_is_null(json_object_get(p, "position")) && !json_object_get(p, "subject"));
	CHECK(json_is_null(json_object_get(p, "commit_sha")));
	CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(j, "classes"),
						     1), "runner_class")), "smp8");
	/* a change is the list row with the positions of its ends last */
	p = json_array_get(json_object_get(j, "changes"), 0);
	keys_of(keys, sizeof keys, json_array_get(json_object_get(j, "changes"), 0));
	CHECK(strstr(keys, ",confirmed_at,good_position,bad_position") != NULL);
	CHECK(strstr(keys, "place") == NULL);
	CHECK_INT(json_integer_value(json_object_get(p, "good_position")), 11);
	CHECK(json_is_null(json_object_get(p, "bad_position")));
	CHECK_INT(json_array_size(json_object_get(json_array_get(json_object_get(j, "overlay"), 0),
						  "changes")), 0);
	CHECK_STR(json_string_value(json_object_get(json_array_get(json_object_get(j, "releases"),
						     0), "name")), "v7.4");
	CHECK_INT(rec_series_decode(&back, j, "", &cause), 0);
	CHECK_INT(back.changes.n, 1);
	CHECK(back.changes.v[0].good_position == 11 && back.changes.v[0].bad_position == REC_NONE);
	CHECK_INT(back.changes.v[0].change.id, 7);
	CHECK_INT(back.releases.n, 1);
	CHECK(back.releases.v[0].position == 12 && !back.releases.v[0].commit_sha);
	CHECK(back.to == REC_NONE && back.points[0].position == 0);
	CHECK(back.points[1].position == REC_NONE && !back.points[1].has_commit);
	CHECK_INT(back.noverlay, 1);
	CHECK_INT(back.overlay[0].npoints, 1);
	again = rec_series_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_series_dispose(&back);
	rec_series_dispose(NULL);
	/* a wrong field deep inside is named */
	json_object_set_new((json_t *)json_array_get(json_object_get(j, "points"), 1), "value",
			    json_string("fast"));
	CHECK_INT(rec_series_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "points[1].value must be a number");
	free(cause);
	cause = NULL;
	json_object_del(json_array_get(json_object_get(json_array_get(json_object_get(j,
		"overlay"), 0), "segments"), 0), "sd_from");
	json_object_set_new(j, "points", json_array());
	CHECK_INT(rec_series_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "overlay[0].segments[0].sd_from is missing");
	free(cause);
	cause = NULL;
	/* a change's own fields are checked as a change's */
	json_object_set_new(j, "points", json_array());
	json_object_set_new(j, "overlay", json_array());
	json_object_set_new(json_array_get(json_object_get(j, "changes"), 0), "bad_position",
			    json_string("far"));
	CHECK_INT(rec_series_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "changes[0].bad_position must be an integer");
	free(cause);
	json_decref(j);
}

static void test_job_roundtrip(void)
{
	struct rec_build build = { .id = 7, .commit_sha = "c0ffee", .config_name = "q.config",
				   .state = "ok", .duration_ms = REC_NONE, .make_jobs = REC_NONE,
				   .text_size = REC_NONE, .data_size = REC_NONE,
				   .bss_size = REC_NONE, .image_size = REC_NONE,
				   .log_size = REC_NONE, .created_at = 2 };
	struct rec_job x = { .id = 9, .kind = "bench", .state = "running", .priority = 0,
			     .commit_sha = "c0ffee", .attempt = 1, .max_attempts = 3,
			     .created_at = 2, .started_at = 3, .lease_expires = 60,
			     .phase = "boot", .phase_percent = 0, .phase_at = 4, .runner = "r1",
			     .samples = 0, .tree = "linux", .build_id = 7 };
	struct rec_attempt attempt = { .attempt = 1, .status = "ok", .received_at = 5,
				       .log_size = REC_NONE };
	struct rec_job back;
	char keys[1024], *cause = NULL;
	json_t *j, *again;

	x.spec = json_pack("{s:s, s:s}", "suite", "kbench", "boot", "qemu");
	/* a row: the 201 answers, the order of the SELECT before there was a record */
	j = rec_job_encode(&x);
	keys_of(keys, sizeof keys, j);
	CHECK_STR(keys, "id,kind,state,priority,runner_class,spec,commit_sha,attempt,"
		  "max_attempts,reason,created_at,started_at,finished_at,lease_expires,phase,"
		  "phase_detail,phase_percent,phase_at,runner,samples");
	/* a percent of 0 stays 0; what is not known is null */
	CHECK_INT(json_integer_value(json_object_get(j, "phase_percent")), 0);
	CHECK(json_is_integer(json_object_get(j, "priority")));
	CHECK(json_is_null(json_object_get(j, "finished_at")));
	CHECK(json_is_null(json_object_get(j, "runner_class")));
	CHECK(json_is_null(json_object_get(j, "phase_detail")));
	CHECK_INT(rec_job_decode(&back, j, "", &cause), 0);
	CHECK_INT(back.shape, REC_JOB_ROW);
	CHECK(back.phase_percent == 0 && !back.finished_at && !back.tree);
	again = rec_job_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_job_dispose(&back);
	json_decref(j);
	/* found by GET /api/v1/jobs: with tree and build_id where they were */
	x.shape = REC_JOB_FOUND;
	x.phase_percent = REC_NONE;
	j = rec_job_encode(&x);
	keys_of(keys, sizeof keys, j);
	CHECK_STR(keys, "id,kind,state,priority,runner_class,spec,tree,commit_sha,build_id,"
		  "attempt,max_attempts,reason,created_at,started_at,finished_at,lease_expires,"
		  "phase,phase_detail,phase_percent,phase_at,runner,samples");
	CHECK(json_is_null(json_object_get(j, "phase_percent")));
	CHECK_INT(rec_job_decode(&back, j, "", &cause), 0);
	CHECK_INT(back.shape, REC_JOB_FOUND);
	CHECK(back.phase_percent == REC_NONE && back.build_id == 7);
	again = rec_job_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_job_dispose(&back);
	json_decref(j);
	/* the detail: tree, attempts, series, build and estimate after samples */
	x.shape = REC_JOB_DETAIL;
	x.attempts = &attempt;
	x.nattempts = 1;
	x.build = &build;
	j = rec_job_encode(&x);
	keys_of(keys, sizeof keys, j);
	CHECK(strstr(keys, "runner_class,spec,commit_sha,attempt,") != NULL);
	CHECK(strstr(keys, ",samples,tree,attempts,series,build,estimate") != NULL);
	CHECK(json_is_null(json_object_get(j, "estimate")));
	CHECK_INT(json_integer_value(json_object_get(json_object_get(j, "build"), "id")), 7);
	CHECK_INT(rec_job_decode(&back, j, "", &cause), 0);
	CHECK_INT(back.shape, REC_JOB_DETAIL);
	CHECK(back.build && back.build->id == 7 && !back.estimate.jobs);
	CHECK(back.nattempts == 1 && !strcmp(back.attempts[0].status, "ok") && !back.nseries);
	again = rec_job_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_job_dispose(&back);
	rec_job_dispose(&back);         /* disposed is empty: again is a no-op */
	rec_job_dispose(NULL);
	/* an estimate is an object with its four numbers, and comes back */
	json_object_set_new(j, "estimate", json_pack("{s:i, s:i, s:i, s:i}", "jobs", 3,
						       "median_s", 40, "min_s", 30, "max_s", 55));
	CHECK_INT(rec_job_decode(&back, j, "", &cause), 0);
	CHECK(back.estimate.jobs == 3 && back.estimate.median_s == 40 &&
	      back.estimate.min_s == 30 && back.estimate.max_s == 55);
	again = rec_job_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_job_dispose(&back);
	json_object_set_new(json_object_get(j, "estimate"), "min_s", json_string("soon"));
	CHECK_INT(rec_job_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "estimate.min_s must be an integer");
	free(cause);
	cause = NULL;
	json_object_set_new(j, "estimate", json_null());
	/* a wrong field is named, with where it is */
	json_object_set_new(json_object_get(j, "build"), "state", json_integer(3));
	CHECK_INT(rec_job_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "build.state must be a string");
	free(cause);
	cause = NULL;
	again = json_pack("[O]", j);
	json_object_set_new(json_array_get(again, 0), "phase_percent", json_string("half"));
	{
		struct rec_jobs l;

		CHECK_INT(rec_jobs_decode(&l, again, &cause), -1);
		CHECK_STR(cause, "jobs[0].phase_percent must be an integer");
		CHECK(l.v == NULL && l.n == 0);
		rec_jobs_dispose(&l);
	}
	free(cause);
	json_decref(again);
	json_decref(j);
	json_decref(x.spec);
}

/* A tree's status as db_tree_get fills it: a branch with an event, one
 * without; the JSON has the API's keys in the API's order. */
static void test_tree_roundtrip(void)
{
	struct rec_branch_event ev = { .id = 7, .at = 9, .kind = "deleted", .old_sha = "ab",
				       .message = "gone" };
	char *cand[] = { "tags" }, *configs[] = { "defconfig" };
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

	t.policy = (struct rec_tree_policy){ .set = 1, .candidates = cand, .ncandidates = 1,
		.head_every_minutes = 60, .max_queued = 4, .configs = configs, .nconfigs = 1,
		.poll_interval = 300, .retry_min = 60, .retry_max = 3600 };
	j = rec_tree_encode(&t);
	text = json_dumps(j, JSON_COMPACT);
	CHECK_STR(text, "{\"id\":1,\"name\":\"up\",\"url\":\"/up\",\"created_at\":5,"
		  "\"polled_at\":9,\"fetched_at\":null,\"last_error\":null,\"error_count\":0,"
		  "\"next_poll_at\":null,\"policy\":{\"candidates\":[\"tags\"],"
		  "\"head_every_minutes\":60,\"max_queued\":4,\"configs\":[\"defconfig\"],"
		  "\"recipients\":[],\"poll_interval\":300,\"retry_min\":60,\"retry_max\":3600},"
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
	CHECK(back.n && back.v[0].policy.set && back.v[0].policy.nconfigs == 1 &&
	      !strcmp(back.v[0].policy.configs[0], "defconfig") &&
	      back.v[0].policy.retry_max == 3600 && !back.v[0].policy.nrecipients);
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
	/* a policy holds every key or none */
	json_object_del(json_object_get(json_array_get(arr, 0), "policy"), "max_queued");
	CHECK_INT(rec_trees_decode(&back, arr, &cause), -1);
	CHECK_STR(cause, "trees[0].policy.max_queued is missing");
	free(cause);
	cause = NULL;
	json_array_set_new(arr, 0, json_pack("{s:i, s:s, s:s, s:i, s:i, s:i, s:i, s:{}, s:i, "
		"s:i, s:i, s:[]}", "id", 2, "name", "t", "url", "/t", "created_at", 1,
		"error_count", 0, "candidates_dropped", 0, "commits", 0, "policy", "tags", 0,
		"polled_at", 0, "fetched_at", 0, "branches"));
	CHECK_INT(rec_trees_decode(&back, arr, &cause), 0);
	CHECK(back.n == 1 && back.v[0].status && !back.v[0].policy.set);
	again = back.n ? rec_tree_encode(&back.v[0]) : NULL;
	CHECK_INT(json_object_size(json_object_get(again, "policy")), 0);
	json_decref(again);
	rec_trees_dispose(&back);
	json_decref(arr);
	json_decref(j);
	/* a row of db_trees_list: no status, four keys */
	t.status = 0;
	j = rec_tree_encode(&t);
	CHECK_INT(json_object_size(j), 4);
	CHECK_INT(rec_tree_decode(&row, j, "", &cause), 0);
	CHECK(!row.status && !row.nbranches && !row.policy.set && !strcmp(row.name, "up"));
	rec_tree_dispose(&row);
	json_decref(j);
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
	struct rec_trailer tr = { "Signed-off-by", "A <a@x>" };
	struct rec_commits l = { c, 2 }, back;
	char *cause = NULL, *text;
	json_t *j, *again;

	c[0].trailers = &tr;
	c[0].ntrailers = 1;
	j = rec_commits_encode(&l);
	text = json_dumps(json_object_get(json_array_get(j, 0), "trailers"), JSON_COMPACT);
	CHECK_STR(text, "[[\"Signed-off-by\",\"A <a@x>\"]]");
	free(text);
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
	CHECK(back.n == 2 && back.v[0].ntrailers == 1 && !back.v[1].trailers &&
	      !strcmp(back.v[0].trailers[0].value, "A <a@x>"));
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
	json_array_remove(j, 1);
	json_array_append_new(json_object_get(json_array_get(j, 0), "trailers"),
			      json_pack("[s]", "Acked-by"));
	CHECK_INT(rec_commits_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "commits[0].trailers[1] must be [key, value]");
	free(cause);
	cause = NULL;
	json_decref(j);
}

/* Every list says the same of a list that is not one, a row that is not
 * an object and a list over the cap, and is left empty. */
static void test_lists_one_way(void)
{
	json_t *big = json_array(), *row = json_pack("[i]", 1), *obj = json_object();
	char *cause = NULL;
	struct rec_runners runners;
	struct rec_builds builds;
	struct rec_jobs jobs;
	struct rec_change_groups groups;
	struct rec_changes changes;

	for (int i = 0; i <= 100000; i++)
		json_array_append_new(big, json_null());
	CHECK_INT(rec_runners_decode(&runners, obj, &cause), -1);
	CHECK_STR(cause, "runners must be an array");
	CHECK(runners.v == NULL && runners.n == 0);
	free(cause);
	cause = NULL;
	CHECK_INT(rec_builds_decode(&builds, row, &cause), -1);
	CHECK_STR(cause, "builds[0] must be an object");
	CHECK(builds.v == NULL && builds.n == 0);
	free(cause);
	cause = NULL;
	CHECK_INT(rec_jobs_decode(&jobs, big, &cause), -1);
	CHECK_STR(cause, "jobs holds more than 100000 entries");
	CHECK(jobs.v == NULL && jobs.n == 0);
	free(cause);
	cause = NULL;
	CHECK_INT(rec_change_groups_decode(&groups, row, &cause), -1);
	CHECK_STR(cause, "groups[0] must be an object");
	free(cause);
	cause = NULL;
	CHECK_INT(rec_changes_decode(&changes, obj, &cause), -1);
	CHECK_STR(cause, "changes must be an array");
	free(cause);
	json_decref(big);
	json_decref(row);
	json_decref(obj);
}

int main(void)
{
	test_runner_keys();
	test_runner_roundtrip();
	test_build_roundtrip();
	test_change_roundtrip();
	test_change_groups_roundtrip();
	test_series_roundtrip();
	test_job_roundtrip();
	test_tree_roundtrip();
	test_commit_roundtrip();
	test_lists_one_way();
	return check_done();
}
