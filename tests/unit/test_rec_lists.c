// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_lists.c - the records of the read-only lists
 * (lib/rec_lists.h): status, metric, sample, noise and confirmation.  The
 * API's key names in their order, null for absent values, a record that
 * decodes to what was encoded, and a wrong field named.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_lists.h"
#include "check.h"

/* The keys of object j in order, comma-separated, into out. */
static const char *keys_of(char *out, size_t size, json_t *j)
{
	size_t n = 0;
	const char *key;
	json_t *v;

	out[0] = '\0';
	json_object_foreach(j, key, v)
		n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? "," : "", key);
	return out;
}

/* The decoder's sentence for j, or "" when it decodes. */
static void check_wrong(json_t *j, const char *key, json_t *v, const char *sentence,
			int (*decode)(const json_t *j, char **cause))
{
	char *cause = NULL;

	json_object_set_new(j, key, v);
	CHECK_INT(decode(j, &cause), -1);
	CHECK_STR(cause, sentence);
	free(cause);
}

static void test_status(void)
{
	struct rec_job_count jobs[] = { { "done", 4 }, { "queued", 2 } };
	struct rec_status s = { .jobs = jobs, .njobs = 2, .runners = 3, .samples = 90,
				.schema_version = 21 }, back;
	char keys[512], *cause = NULL;
	json_t *j, *again;

	j = rec_status_encode(&s);
	CHECK_STR(keys_of(keys, sizeof keys, j), "jobs,runners,samples,schema_version");
	CHECK_STR(keys_of(keys, sizeof keys, json_object_get(j, "jobs")), "done,queued");
	CHECK_INT(rec_status_jobs(&s, "queued"), 2);
	CHECK_INT(rec_status_jobs(&s, "failed"), 0);
	json_decref(j);
	/* kpcid's version and the pipeline follow, when set */
	s.version = "0.1.0";
	s.has_pipeline = 1;
	s.pipeline.queued_bench = 5;
	j = rec_status_encode(&s);
	CHECK_STR(keys_of(keys, sizeof keys, j),
		  "jobs,runners,samples,schema_version,version,pipeline");
	CHECK_INT(json_integer_value(json_object_get(json_object_get(j, "pipeline"),
						     "queued_bench")), 5);
	CHECK_INT(rec_status_decode(&back, j, &cause), 0);
	CHECK(back.njobs == 2 && back.runners == 3 && back.samples == 90 && back.has_pipeline);
	CHECK_INT(rec_status_jobs(&back, "done"), 4);
	CHECK_STR(back.version, "0.1.0");
	rec_status_dispose(&back);
	rec_status_dispose(&back);      /* disposed is empty: again is a no-op */
	rec_status_dispose(NULL);
	/* a wrong field is named */
	json_object_set_new(json_object_get(j, "jobs"), "done", json_string("four"));
	CHECK_INT(rec_status_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "jobs.done must be an integer");
	free(cause);
	cause = NULL;
	json_object_set_new(json_object_get(j, "jobs"), "done", json_integer(4));
	json_object_set_new(j, "samples", json_null());
	CHECK_INT(rec_status_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "samples is missing");
	free(cause);
	cause = NULL;
	json_object_set_new(j, "samples", json_integer(90));
	CHECK_INT(rec_status_decode(&back, j, &cause), 0);
	again = rec_status_encode(&back);
	json_object_del(j, "pipeline");         /* its counts are not read back */
	json_object_del(again, "pipeline");
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_status_dispose(&back);
	json_decref(j);
}

static int metrics_decode(const json_t *j, char **cause)
{
	struct rec_metrics l;
	json_t *arr = json_pack("[O]", j);
	int rc = rec_metrics_decode(&l, arr, cause);

	json_decref(arr);
	rec_metrics_dispose(&l);
	return rc;
}

static void test_metric(void)
{
	struct rec_metric m = { 7, "kbench", "syscall-getppid", "ns/op", "lower" };
	struct rec_metrics l = { &m, 1 }, back;
	char keys[256], *cause = NULL;
	json_t *arr = rec_metrics_encode(&l), *again;

	CHECK_INT(json_array_size(arr), 1);
	CHECK_STR(keys_of(keys, sizeof keys, json_array_get(arr, 0)), "id,suite,name,unit,better");
	CHECK_INT(rec_metrics_decode(&back, arr, &cause), 0);
	CHECK(back.n == 1 && back.v[0].id == 7);
	CHECK_STR(back.v[0].better, "lower");
	again = rec_metrics_encode(&back);
	CHECK(json_equal(arr, again));
	json_decref(again);
	rec_metrics_dispose(&back);
	CHECK(back.v == NULL && back.n == 0);
	check_wrong(json_array_get(arr, 0), "unit", json_integer(1),
		    "metrics[0].unit must be a string", metrics_decode);
	json_decref(arr);
}

static int sample_decode(const json_t *j, char **cause)
{
	struct rec_sample s;
	int rc = rec_sample_decode(&s, j, "samples[3].", cause);

	rec_sample_dispose(&s);
	return rc;
}

static void test_sample(void)
{
	struct rec_sample s = { .id = 9, .job_id = 2, .attempt = 1, .series_id = 4,
				.suite = "kbench", .metric = "syscall-getppid", .unit = "ns/op",
				.better = "lower", .iteration = 3, .value = 101.5,
				.runner_class = "x86", .runner = "r1", .commit_sha = NULL,
				.kernel_release = "6.12.0", .boot_method = "host", .created_at = 50,
				.spread = NAN }, back;
	char keys[512], *cause = NULL;
	json_t *j = rec_sample_encode(&s), *again;

	CHECK_STR(keys_of(keys, sizeof keys, j),
		  "id,job_id,attempt,series_id,suite,metric,unit,better,iteration,value,"
		  "runner_class,runner,commit_sha,kernel_release,boot_method,created_at,spread");
	CHECK(json_is_null(json_object_get(j, "spread")) &&
	      json_is_null(json_object_get(j, "commit_sha")));
	CHECK(json_is_real(json_object_get(j, "value")));
	CHECK_INT(rec_sample_decode(&back, j, "", &cause), 0);
	CHECK(!back.lab && back.value == 101.5 && isnan(back.spread) && !back.commit_sha);
	again = rec_sample_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_sample_dispose(&back);
	json_decref(j);
	/* the filtered list's shape: the lab's two keys before spread */
	s.lab = 1;
	s.lab_job_url = "https://lava.example/scheduler/job/12";
	s.spread = 0.25;
	j = rec_sample_encode(&s);
	CHECK_STR(keys_of(keys, sizeof keys, j),
		  "id,job_id,attempt,series_id,suite,metric,unit,better,iteration,value,"
		  "runner_class,runner,commit_sha,kernel_release,boot_method,created_at,"
		  "lab_job_url,lab_device,spread");
	CHECK_INT(rec_sample_decode(&back, j, "", &cause), 0);
	CHECK(back.lab && back.spread == 0.25 && !back.lab_device);
	CHECK_STR(back.lab_job_url, "https://lava.example/scheduler/job/12");
	again = rec_sample_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_sample_dispose(&back);
	check_wrong(j, "value", json_string("fast"), "samples[3].value must be a number",
		    sample_decode);
	check_wrong(j, "value", json_null(), "samples[3].value is missing", sample_decode);
	json_decref(j);
}

static int noise_decode(const json_t *j, char **cause)
{
	struct rec_noise n;
	int rc = rec_noise_decode(&n, j, "", cause);

	rec_noise_dispose(&n);
	return rc;
}

static void test_noise(void)
{
	struct rec_noise n = { .runner_class = "x86", .metric_id = 7, .suite = "kbench",
			       .metric = "syscall-getppid", .unit = "ns/op", .series = 2,
			       .aa_ss = 0.5, .aa_df = 3, .it_ss = 1.5, .it_df = 12, .jobs = 4,
			       .samples_used = 16, .noisy = 0, .rep_ss = 0.1, .rep_df = 2,
			       .known = 1, .cv_job_percent = 1.25, .cv_iteration_percent = NAN,
			       .iterations = 4, .mde_percent = 2.5, .target_effect_percent = 2,
			       .iterations_needed = 6, .jobs_needed = 0, .max_noise_percent = 10,
			       .between_job_percent = NAN, .within_job_percent = 0.5,
			       .between_job_df = 2, .model_known = 0,
			       .min_effect_percent = 1 }, back;
	char keys[1024], *cause = NULL;
	json_t *j = rec_noise_encode(&n), *again;

	/* the sums behind the model are not answered, its figures are */
	CHECK_STR(keys_of(keys, sizeof keys, j),
		  "runner_class,metric_id,suite,metric,unit,series,aa_df,it_df,jobs,"
		  "samples_used,noisy,known,cv_job_percent,cv_iteration_percent,iterations,"
		  "mde_percent,target_effect_percent,iterations_needed,jobs_needed,"
		  "max_noise_percent,between_job_percent,within_job_percent,between_job_df,"
		  "model_known,min_effect_percent");
	CHECK(json_is_false(json_object_get(j, "noisy")) && json_is_true(json_object_get(j, "known")));
	CHECK(json_is_null(json_object_get(j, "jobs_needed")));
	CHECK(json_is_null(json_object_get(j, "cv_iteration_percent")));
	CHECK(json_is_real(json_object_get(j, "iterations")));
	CHECK_INT(rec_noise_decode(&back, j, "", &cause), 0);
	CHECK(back.known && !back.noisy && back.aa_ss == 0 && back.between_job_df == 2 &&
	      isnan(back.between_job_percent) && back.mde_percent == 2.5);
	again = rec_noise_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_noise_dispose(&back);
	check_wrong(j, "model_known", json_integer(1), "model_known must be true or false",
		    noise_decode);
	json_decref(j);
}

static int confirmations_decode(const json_t *j, char **cause)
{
	struct rec_confirmations l;
	json_t *arr = json_pack("[O]", j);
	int rc = rec_confirmations_decode(&l, arr, cause);

	json_decref(arr);
	rec_confirmations_dispose(&l);
	return rc;
}

static void test_confirmation(void)
{
	struct rec_confirmation c = { .id = 3, .good_sha = "aaaa", .bad_sha = "bbbb",
				      .suite = "kbench", .runner_class = "x86",
				      .config_name = "defconfig", .want = 5, .state = "measuring",
				      .code = "changed", .opened_by = "change 4 of the analyzer",
				      .created_at = 100, .good_jobs = 2, .bad_jobs = 1 };
	struct rec_confirmations l = { &c, 1 }, back;
	char keys[512], *cause = NULL;
	json_t *arr = rec_confirmations_encode(&l), *again;

	CHECK_STR(keys_of(keys, sizeof keys, json_array_get(arr, 0)),
		  "id,good_sha,bad_sha,suite,runner_class,config_name,want,state,code,"
		  "code_reason,opened_by,reason,created_at,finished_at,good_jobs,bad_jobs");
	CHECK(json_is_null(json_object_get(json_array_get(arr, 0), "finished_at")));
	CHECK_INT(rec_confirmations_decode(&back, arr, &cause), 0);
	CHECK(back.n == 1 && back.v[0].want == 5 && !back.v[0].reason && !back.v[0].finished_at);
	again = rec_confirmations_encode(&back);
	CHECK(json_equal(arr, again));
	json_decref(again);
	rec_confirmations_dispose(&back);
	check_wrong(json_array_get(arr, 0), "good_jobs", json_real(1.5),
		    "confirmations[0].good_jobs must be an integer", confirmations_decode);
	json_decref(arr);
}

int main(void)
{
	test_status();
	test_metric();
	test_sample();
	test_noise();
	test_confirmation();
	return check_done();
}
