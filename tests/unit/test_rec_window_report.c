// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_window_report.c - the merge-window report's record
 * (lib/rec_window_report.h): its keys in the API's order, null for numbers SQL
 * holds as NULL and no key for an infinite one, the verdicts and measured
 * commits only once decided, a report that decodes to what was encoded,
 * and a wrong field named with its place.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/rec_window_report.h"
#include "lib/verdict.h"
#include "web/pages.h"
#include "check.h"

/* j as compact text (caller frees). */
static char *text_of(const json_t *j)
{
	return j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
}

/* A change with every number but the ones a test sets unknown. */
static void change_fill(struct rec_window_report_change *c)
{
	*c = (struct rec_window_report_change){ .id = 4, .series_id = 2, .suite = "wq", .metric = "ns",
		.unit = "ns", .better = "lower", .runner_class = "x86", .noisy = 0,
		.direction = "regression", .magnitude = 0.5, .confidence = NAN, .pvalue = NAN,
		.mean_before = 2, .mean_after = 3, .n_before = 5, .n_after = REC_NONE,
		.state = "new", .bad_sha = "bb", .percent_lo = NAN, .percent_hi = NAN,
		.verdict_p = NAN, .min_effect = NAN, .jobs_before = REC_NONE,
		.jobs_after = REC_NONE, .good_position = REC_NONE, .bad_position = 6,
		.starts_before_window = 1 };
}

static void test_change_keys(void)
{
	struct rec_window_report_change c;
	struct rec_window_report_group g = { .kind = "direct", .position = 6, .bad_position = 6,
				      .changes = &c, .nchanges = 1, .regressions = 1 };
	struct rec_window_report r = { .tree = "linux", .release = "v7.3", .state = "open",
				       .groups = &g, .ngroups = 1, .limit = 50 };
	char *text;
	json_t *j;

	change_fill(&c);
	j = rec_window_report_encode(&r);
	text = text_of(json_array_get(json_object_get(json_array_get(json_object_get(j, "groups"),
		0), "changes"), 0));
	CHECK_STR(text, "{\"id\":4,\"series_id\":2,\"suite\":\"wq\",\"metric\":\"ns\","
		  "\"unit\":\"ns\",\"better\":\"lower\",\"runner_class\":\"x86\","
		  "\"config_name\":null,\"noisy\":0,\"direction\":\"regression\","
		  "\"magnitude\":0.5,\"confidence\":null,\"pvalue\":null,\"mean_before\":2.0,"
		  "\"mean_after\":3.0,\"n_before\":5,\"n_after\":null,\"state\":\"new\","
		  "\"good_sha\":null,\"bad_sha\":\"bb\",\"verdict\":null,\"percent_lo\":null,"
		  "\"percent_hi\":null,\"verdict_p\":null,\"min_effect\":null,"
		  "\"jobs_before\":null,\"jobs_after\":null,\"reason\":null,\"found_by\":null,"
		  "\"confirm\":null,\"confirm_reason\":null,\"good_position\":null,"
		  "\"bad_position\":6,\"starts_before_window\":true,\"percent\":50.0,"
		  "\"links\":{\"change\":\"/changes/4\",\"series\":\"/series/2\","
		  "\"api\":\"/api/v1/changes/4\"}}");
	free(text);
	/* not decided: no verdicts in the summary, no measured commits */
	CHECK(!json_object_get(json_object_get(j, "summary"), "verdicts"));
	CHECK(!json_object_get(j, "measured"));
	CHECK(json_is_false(json_object_get(j, "more")));
	json_decref(j);
	/* an infinite magnitude has no key, and its percent is 0 */
	c.magnitude = INFINITY;
	j = rec_window_report_encode(&r);
	text = text_of(json_array_get(json_object_get(json_array_get(json_object_get(j, "groups"),
		0), "changes"), 0));
	CHECK(text && !strstr(text, "\"magnitude\"") && strstr(text, "\"percent\":0.0,"));
	free(text);
	json_decref(j);
}

/* A decided report: a merge group, a withdrawn change, a range of the
 * same code and a measured commit. */
static void test_report_roundtrip(void)
{
	struct rec_trailer no_trailers[1] = { { NULL, NULL } };   /* [] */
	struct rec_window_report_change c;
	struct rec_window_report_merge m = { .commit = { .position = 3, .sha = "cc", .parents = "aa dd",
		.author_time = REC_NONE, .commit_time = 9, .merged_tip = "dd", .brought = 2,
		.merge_subsystem = "net" }, .jobs = 1, .pending = 2 };
	struct rec_window_report_group g = { .kind = "merge", .position = 3, .bad_position = 6,
				      .merges = &m, .nmerges = 1, .changes = &c, .nchanges = 1,
				      .regressions = 1, .candidates = 1 };
	struct rec_window_report_withdrawn w = { .id = 8, .suite = "wq", .metric = "ns",
					  .direction = "improvement", .magnitude = NAN,
					  .confirm = "no-code", .bad_position = 5 };
	struct rec_window_report_no_code nc = { .good_sha = "aa", .bad_sha = "bb",
					 .code_reason = "same objects", .bad_position = 5 };
	struct rec_window_report_metric mt = { .series_id = 2, .suite = "wq", .metric = "ns",
					.runner_class = "x86", .prev_sha = "aa", .verdict = "changed",
					.direction = "regression", .change_percent = 12.5,
					.ci_lo = 3, .ci_hi = NAN, .p = 0.01, .q = 0.02,
					.jobs_before = 3, .jobs_after = 4, .reason = "why" };
	struct rec_window_report_measured me = { .position = 3, .sha = "cc", .merge = 1, .jobs = 4,
					  .metrics = 1, .changed = 1, .changes = &mt,
					  .nchanges = 1 };
	struct rec_window_report r = { .tree = "linux", .release = "v7.3",
		.closed_by = "v7.4-rc1", .state = "closed", .from_position = 1, .to_position = 7,
		.withdrawn = &w, .nwithdrawn = 1, .no_code = &nc, .nno_code = 1, .limit = 50,
		.groups = &g, .ngroups = 1, .more = 1, .decided = 1, .measured = &me,
		.nmeasured = 1 }, back;
	char *cause = NULL, *text;
	json_t *j, *again;

	change_fill(&c);
	c.starts_before_window = 0;
	m.commit.trailers = no_trailers;
	r.summary.regressions = r.summary.changes = r.summary.groups = 1;
	r.summary.ranges_no_code = 1;
	r.summary.verdicts[VERDICT_CHANGED] = 1;
	r.summary.commits_changed = 1;
	j = rec_window_report_encode(&r);
	text = text_of(json_object_get(j, "summary"));
	CHECK_STR(text, "{\"merges_measured\":0,\"merges\":0,\"confirmed\":0,\"waiting\":0,"
		  "\"no_code\":0,\"not_reproduced\":0,\"ranges_no_code\":1,\"regressions\":1,"
		  "\"improvements\":0,"
		  "\"changes\":1,\"groups\":1,\"ambiguous_groups\":0,\"verdicts\":{\"changed\":1,"
		  "\"same\":0,\"inconclusive\":0},\"commits_changed\":1,"
		  "\"commits_inconclusive\":0}");
	free(text);
	{
		struct buf page;

		buf_init(&page, 1 << 20);
		page_window(&page, &r, 1);
		CHECK(strstr(buf_str(&page), "Commit ranges that compile the same code: 1.") != NULL);
		buf_dispose(&page);
	}
	text = text_of(json_object_get(j, "measured"));
	CHECK_STR(text, "[{\"position\":3,\"sha\":\"cc\",\"merge\":true,\"subject\":null,"
		  "\"jobs\":4,\"metrics\":1,\"changed\":1,\"same\":0,\"inconclusive\":0,"
		  "\"changes\":[{\"series_id\":2,\"suite\":\"wq\",\"metric\":\"ns\","
		  "\"runner_class\":\"x86\",\"prev_sha\":\"aa\",\"verdict\":\"changed\","
		  "\"direction\":\"regression\",\"change_percent\":12.5,"
		  "\"ci95_percent\":[3.0,null],\"p\":0.01,\"q\":0.02,\"jobs_before\":3,"
		  "\"jobs_after\":4,\"reason\":\"why\"}]}]");
	free(text);
	CHECK_INT(json_integer_value(json_object_get(json_array_get(json_object_get(
		json_array_get(json_object_get(j, "groups"), 0), "merges"), 0), "pending")), 2);
	CHECK_INT(rec_window_report_decode(&back, j, &cause), 0);
	CHECK(back.decided && back.more && back.ngroups == 1 && back.nmeasured == 1);
	CHECK(back.ngroups == 1 && back.groups[0].nmerges == 1 &&
	      back.groups[0].merges[0].commit.brought == 2 && back.groups[0].merges[0].jobs == 1);
	CHECK(back.nwithdrawn == 1 && isnan(back.withdrawn[0].magnitude));
	CHECK(back.nmeasured == 1 && back.measured[0].nchanges == 1 &&
	      isnan(back.measured[0].changes[0].ci_hi));
	again = rec_window_report_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_window_report_dispose(&back);
	rec_window_report_dispose(&back);       /* disposed is empty: again is a no-op */
	rec_window_report_dispose(NULL);
	/* a wrong field is named with its place */
	json_object_set_new(json_array_get(json_object_get(json_array_get(json_object_get(j,
		"groups"), 0), "changes"), 0), "mean_after", json_string("3"));
	CHECK_INT(rec_window_report_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "groups[0].changes[0].mean_after must be a number");
	CHECK(back.groups == NULL && back.tree == NULL);
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(json_object_get(j, "measured"), 0), "merge",
			    json_integer(1));
	json_object_set_new(json_array_get(json_object_get(json_array_get(json_object_get(j,
		"groups"), 0), "changes"), 0), "mean_after", json_real(3));
	CHECK_INT(rec_window_report_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "measured[0].merge must be true or false");
	free(cause);
	cause = NULL;
	json_object_set_new(json_object_get(j, "summary"), "groups", json_null());
	CHECK_INT(rec_window_report_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "summary.groups is missing");
	free(cause);
	json_decref(j);
}

int main(void)
{
	test_change_keys();
	test_report_roundtrip();
	return check_done();
}
