// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_page_detail.c - the metric chart page and the job page render
 * hostile data as text: runner class names, commit subjects and authors,
 * release tags, job reasons, specs, runner names and log tails that try
 * to open a tag, leave an attribute or end a <script> or a <pre>.  Also
 * the chart page's shape: a column per overlaid class, the class links,
 * the pager keeping ?classes=, and the job page's links.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "lib/rec_job_detail.h"
#include "web/html.h"
#include "web/pages.h"
#include "check.h"

#define EVIL "</pre></script><script>x()</script>\"'><img src=x onerror=x()>"

static int page_clean(const struct buf *b)
{
	const char *s = buf_str(b);

	return !strstr(s, "<script>x()") && !strstr(s, "<img") && !strstr(s, "\"'>") &&
	       !strstr(s, "</pre></script>");
}

/* n points at positions 10, 20, ... with hostile commit details. */
static json_t *points(int n, int offset)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:i, s:i, s:i, s:s, s:f, s:i, s:s, s:s}",
			"index", i, "position", 10 * (i + offset), "job_id", 100 + i,
			"commit_sha", "0123456789abcdef0123456789abcdef01234567", "value", 1.5 * i,
			"iterations", 3, "subject", EVIL, "author", EVIL));
	return a;
}

static void test_series(void)
{
	struct rec_series rec;
	char *cause = NULL;
	struct buf b;
	json_t *s = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:[o], "
		"s:[{s:s, s:s, s:i, s:i, s:i, s:i}], s:[{s:i, s:s}, {s:i, s:s}], "
		"s:[s, s], s:[{s:i, s:s, s:o, s:[]}]}",
		"id", 7, "suite", EVIL, "metric", EVIL, "unit", EVIL, "better", "lower",
		"runner_class", "numa2", "ordered_by", "commit", "branch", EVIL,
		"points", points(60, 0),
		"changes", json_pack("{s:i, s:i, s:i, s:s, s:s, s:s, s:s, s:s, s:i, s:s, s:s, s:i, "
			"s:s, s:i, s:i, s:i, s:f, s:s}", "id", 3, "series_id", 7, "metric_id", 1,
			"suite", EVIL, "metric", EVIL, "unit", EVIL, "better", "lower",
			"runner_class", "numa2", "noisy", 0, "direction", "regression", "state", EVIL,
			"detected_at", 1, "kind", "perf", "point_index", 30, "good_position", 290,
			"bad_position", 300, "magnitude", 0.1, "good_sha", EVIL),
		"releases", "name", EVIL, "kind", "release", "major", 7, "minor", 4, "rc", 0,
		"position", 100,
		"classes", "id", 7, "runner_class", "numa2", "id", 8, "runner_class", EVIL,
		"selected", "numa2", EVIL,
		"overlay", "series_id", 8, "runner_class", EVIL, "points", points(60, 5), "changes");

	/* the page reads what the API's answer decodes to */
	CHECK_INT(rec_series_decode(&rec, s, "", &cause), 0);
	free(cause);
	buf_init(&b, 1 << 20);
	CHECK_INT(page_series(&b, &rec, 1), 0);
	CHECK(page_clean(&b));
	/* positions 0..650 step 10 hold points of one class or both: 65 rows */
	CHECK(strstr(buf_str(&b), "Points (65 positions)") != NULL);
	/* page 1 is the newest: the own class's last job, not its first */
	CHECK(strstr(buf_str(&b), "href=\"/jobs/159\"") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/jobs/100\"") == NULL);
	CHECK(strstr(buf_str(&b), "<td class=\"num\">650</td>") <
	      strstr(buf_str(&b), "<td class=\"num\">640</td>"));
	CHECK(strstr(buf_str(&b), "290..300 <a class=\"zoom-link\" href=\"/series/7?from=190&amp;"
		     "to=400\">zoom</a>") != NULL);
	CHECK(strstr(buf_str(&b), "id=\"series-releases\"") != NULL);
	CHECK(strstr(buf_str(&b), "rel=\"next\" href=\"/series/7?classes=%3C%2Fpre%3E") != NULL);
	CHECK(strstr(buf_str(&b), "class=\"class-on\" href=\"/series/7?classes=\"") != NULL);
	CHECK(strstr(buf_str(&b), "\"from\":290,\"to\":300") != NULL);
	buf_reset(&b);
	CHECK_INT(page_series(&b, &rec, 2), 0);
	CHECK(strstr(buf_str(&b), "rel=\"prev\"") != NULL && !strstr(buf_str(&b), "rel=\"next\""));
	CHECK(strstr(buf_str(&b), "href=\"/jobs/100\"") != NULL);
	buf_dispose(&b);
	rec_series_dispose(&rec);
	json_decref(s);
}

static void test_job(void)
{
	struct rec_artifact art = { .name = EVIL, .sha256 = "ab\"cd", .size = 10 };
	struct rec_build build = { .id = 4, .config_name = EVIL, .state = "ok", .compiler = EVIL,
				   .error = EVIL, .detail = 1, .artifacts = &art, .nartifacts = 1 };
	struct rec_job j = { .id = 12, .kind = "bench", .state = EVIL, .reason = EVIL,
			     .tree = EVIL, .commit_sha = EVIL, .runner = EVIL, .attempt = 1,
			     .max_attempts = 3, .created_at = 1, .shape = REC_JOB_DETAIL,
			     .build = &build };
	struct rec_attempt attempt = { .attempt = 1, .status = "failed", .reason = EVIL,
				       .runner = EVIL, .runner_class = EVIL, .received_at = 2,
				       .log_size = 9000, .log_tail = EVIL "\nend" };
	struct rec_job_series series = { .series_id = 5, .suite = EVIL, .metric = EVIL,
					 .unit = EVIL, .better = "lower", .runner_class = EVIL,
					 .attempt = 1, .iterations = 3, .mean = 1.0, .min = 0.5,
					 .max = 2.0 };
	struct buf b;

	j.spec = json_pack("{s:s}", "suite", EVIL);
	j.attempts = &attempt;
	j.nattempts = 1;
	j.series = &series;
	j.nseries = 1;
	buf_init(&b, 1 << 16);
	CHECK_INT(page_job(&b, &j, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "<pre class=\"log\">&lt;/pre&gt;") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/series/5\"") != NULL);
	CHECK(strstr(buf_str(&b), "(last 65 of 9000 characters)") != NULL);
	CHECK(strstr(buf_str(&b), "<td class=\"num\">1</td><td class=\"num\">3</td><td class="
		     "\"num\">1</td><td class=\"num\">0.5</td>") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/api/v1/builds/4/log\"") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/api/v1/artifacts/download?sha256=ab%22cd\"") != NULL);
	CHECK(strstr(buf_str(&b), "<td class=\"num\">10</td>") != NULL);
	CHECK(strstr(buf_str(&b), "<h1>Job 12</h1>") != NULL);
	/* a running job says what it does and since when */
	buf_reset(&b);
	j.state = "running";
	j.phase = "compile";
	j.phase_detail = EVIL;
	j.lease_expires = 100;
	CHECK_INT(page_job(&b, &j, 40), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "lease ends in 60 s") != NULL);
	CHECK(strstr(buf_str(&b), "<td id=\"job-phase\">compile: &lt;/pre&gt;") != NULL);
	CHECK(strstr(buf_str(&b), "no earlier job like it") != NULL);
	buf_dispose(&b);
	json_decref(j.spec);
}

int main(void)
{
	test_series();
	test_job();
	return check_done();
}
