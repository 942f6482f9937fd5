/*
 * test_pages.c - the dashboard pages render hostile data as text: every
 * page gets JSON whose strings try to open a tag, break out of an
 * attribute or end a <script>, and the markup must hold none of them raw.
 * Also html_json_script's escaping and the pager's links.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/buf.h"
#include "web/html.h"
#include "web/pages.h"
#include "check.h"

#define EVIL "</script><script>x()</script>\"'><img src=x onerror=x()>\xe2\x80\xa8"

/* 1 when the page holds none of the hostile string's markup unescaped. */
static int page_clean(const struct buf *b)
{
	const char *s = buf_str(b);

	return !strstr(s, "<script>x()") && !strstr(s, "<img") && !strstr(s, "\"'>");
}

static void test_json_script(void)
{
	struct buf b;
	json_t *j = json_pack("{s:s}", "k", EVIL "&");

	buf_init(&b, 1 << 16);
	html_json_script(&b, "d\"x", j);
	CHECK(strstr(buf_str(&b), "id=\"d&quot;x\"") != NULL);
	CHECK(strstr(buf_str(&b), "\\u003c/script\\u003e\\u003cscript\\u003ex()") != NULL);
	CHECK(strstr(buf_str(&b), "\\u0026\"}") != NULL);
	CHECK(strstr(buf_str(&b), "\\u2028") != NULL);
	CHECK(strstr(buf_str(&b), "\xe2\x80\xa8") == NULL);
	/* exactly one </script>: the element's own end */
	CHECK(strstr(buf_str(&b), "</script>") == strrchr(buf_str(&b), '<'));
	json_decref(j);
	buf_dispose(&b);
}

static void test_pager(void)
{
	struct buf b;

	buf_init(&b, 4096);
	html_pager(&b, "/jobs?state=failed", 2, 1);
	CHECK(strstr(buf_str(&b), "href=\"/jobs?state=failed&amp;page=1\"") != NULL);
	CHECK(strstr(buf_str(&b), "href=\"/jobs?state=failed&amp;page=3\"") != NULL);
	buf_reset(&b);
	html_pager(&b, "/runners", 1, 0);
	CHECK(strstr(buf_str(&b), "href") == NULL);
	buf_dispose(&b);
}

static void test_hostile_pages(void)
{
	json_t *runner = json_pack("[{s:s, s:s, s:s, s:i, s:[s]}]", "name", EVIL,
				   "runner_class", EVIL, "cpu_model", EVIL, "last_seen", 1,
				   "capabilities", EVIL);
	json_t *jobs = json_pack("[{s:i, s:s, s:s, s:s, s:{s:s, s:s}}]", "id", 1, "kind",
				 "bench", "state", EVIL, "reason", EVIL, "spec", "suite", EVIL,
				 "tree", EVIL);
	json_t *change = json_pack("{s:i, s:i, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:i, "
				   "s:[{s:i, s:i, s:s, s:f}]}", "id", 3, "series_id", 4,
				   "suite", EVIL, "metric", EVIL, "unit", EVIL, "direction", EVIL,
				   "good_sha", EVIL, "bad_sha", EVIL, "note", EVIL, "state", EVIL,
				   "bad_job_id", 9, "points", "index", 0, "job_id", 9,
				   "commit_sha", EVIL, "value", 1.5);
	json_t *tree = json_pack("{s:s, s:s, s:[{s:s, s:s}]}", "name", "linux", "url", EVIL,
				 "branches", "name", EVIL, "last_error", EVIL);
	json_t *windows = json_pack("{s:[{s:s, s:s}]}", "windows", "release", EVIL,
				    "closed_by", EVIL);
	json_t *commits = json_pack("[{s:s, s:s, s:s}]", "sha", EVIL, "subject", EVIL,
				    "author_name", EVIL);
	json_t *builds = json_pack("[{s:s, s:s, s:s}]", "tree", "linux", "commit_sha", EVIL,
				   "error", EVIL);
	json_t *report = json_pack("{s:[{s:s, s:s, s:s}]}", "metrics", "metric", EVIL,
				   "verdict", EVIL, "direction", EVIL);
	struct buf b;

	buf_init(&b, 1 << 20);
	CHECK_INT(page_runners(&b, runner, 2, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "&lt;img src=x onerror=x()&gt;") != NULL);
	buf_reset(&b);
	CHECK_INT(page_jobs(&b, jobs, EVIL, 1, 1), 0);
	CHECK(page_clean(&b));
	buf_reset(&b);
	CHECK_INT(page_changes(&b, jobs, 1, 0), 0);
	CHECK(page_clean(&b));
	buf_reset(&b);
	CHECK_INT(page_change(&b, change), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "/changes/3/triage") != NULL);
	buf_reset(&b);
	json_object_set_new(change, "changes", json_array());
	CHECK_INT(page_series(&b, change, 1), 0);
	CHECK(page_clean(&b));
	buf_reset(&b);
	CHECK_INT(page_tree(&b, tree, EVIL, windows, commits, builds, 1, 1), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "?branch=%3C%2Fscript%3E") != NULL);
	buf_reset(&b);
	/* without ?branch= the page names the first followed branch, escaped */
	CHECK_INT(page_tree(&b, tree, NULL, windows, commits, builds, 1, 0), 0);
	CHECK(page_clean(&b));
	CHECK(strstr(buf_str(&b), "<code id=\"branch\">&lt;/script&gt;") != NULL);
	buf_reset(&b);
	CHECK_INT(page_compare(&b, EVIL, EVIL, report, EVIL), 0);
	CHECK(page_clean(&b));
	buf_dispose(&b);
	json_decref(runner);
	json_decref(jobs);
	json_decref(change);
	json_decref(tree);
	json_decref(windows);
	json_decref(commits);
	json_decref(builds);
	json_decref(report);
}

int main(void)
{
	test_json_script();
	test_pager();
	test_hostile_pages();
	return check_done();
}
