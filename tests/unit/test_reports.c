/*
 * test_reports.c - db/db_reports.c: which change groups are due a report
 * (a merge first; the culprit once db_bisection_record stores a finished
 * bisection, as the bisector will), what never is (noisy series, invalid
 * changes, improvements when they are off, groups not settled), and that
 * a report is never stored twice.
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "lib/buf.h"
#include "tests/unit/check.h"
#include "tests/unit/check_db.h"

static char dir[] = "/tmp/kpci-test-reports.XXXXXX";
static struct db *db;

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

/* A change on a series of its own; returns its id. */
static long long change(const char *metric, const char *range, const char *dir_, int noisy,
			const char *state, long long at)
{
	long long metric_id, series_id;

	test_exec(db, "INSERT INTO metrics (suite, name, unit, direction) VALUES ('wq', ?, 'ns', "
		  "'lower')", "s", metric);
	metric_id = test_scalar(db, "SELECT id FROM metrics WHERE name = ?", "s", metric);
	test_exec(db, "INSERT INTO series (metric_id, runner_class, noisy) VALUES (?, 'c1', ?)",
		  "Ii", metric_id, noisy);
	series_id = test_scalar(db, "SELECT MAX(id) FROM series", "");
	test_exec(db, "INSERT INTO changes (series_id, group_id, good_sha, bad_sha, range_key, "
		  "magnitude, direction, state, detected_at) VALUES (?, 0, 'aaaa', 'bbbb', ?, 0.1, "
		  "?, ?, ?)", "IsssI", series_id, range, dir_, state, at);
	test_exec(db, "UPDATE changes SET group_id = (SELECT MIN(id) FROM changes c2 WHERE "
		  "c2.range_key = changes.range_key)", "");
	return test_scalar(db, "SELECT MAX(id) FROM changes", "");
}

static char *due(int improvements)
{
	json_t *rows = db_reports_due(db, 2000, improvements, 0, 50), *r;
	struct buf b;
	size_t i;

	buf_init(&b, 4096);
	json_array_foreach(rows, i, r)
		buf_printf(&b, "%s%s %s %s", i ? "; " : "",
			   json_string_value(json_object_get(r, "group_key")),
			   json_string_value(json_object_get(r, "kind")),
			   json_string_value(json_object_get(r, "commit_sha")));
	json_decref(rows);
	return buf_steal(&b);
}

int main(void)
{
	char path[256], *cause = NULL, *d;
	long long reg, bis, id;
	json_t *log;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/r.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	reg = change("flush-ns", "commit:aaaa..bbbb", "regression", 0, "new", 1000);
	change("ops", "commit:aaaa..bbbb", "improvement", 0, "new", 1000);
	change("noisy", "commit:cccc..dddd", "regression", 1, "new", 1000);
	change("wrong", "commit:eeee..ffff", "regression", 0, "invalid", 1000);
	change("better", "commit:1111..2222", "improvement", 0, "new", 1000);
	change("fresh", "commit:3333..4444", "regression", 0, "new", 5000);
	d = due(1);
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb; commit:1111..2222 merge bbbb");
	free(d);
	d = due(0);     /* improvements off: a group of improvements only is not due */
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb");
	free(d);

	{
		struct db_report_new r = { "commit:aaaa..bbbb", reg, reg, 0, "merge", "bbbb", "linux",
			"master", "regression", "subject", "body", "<a@b.org>", NULL, &reg, 1 };
		struct db_delivery_new dl[] = {
			{ "mail", "tj@kernel.org", "Tejun Heo", "maintainer", "WORKQUEUE", "tj@kernel.org",
			  "pending" } };
		json_t *doc = json_object();

		r.webhook = doc;
		CHECK_INT(db_report_create(db, &id, &r, dl, 1), DB_OK);
		CHECK(id > 0);
		CHECK_INT(db_report_create(db, &id, &r, dl, 1), DB_CONFLICT);   /* never twice */
		json_decref(doc);
	}
	d = due(0);
	CHECK_STR(d, "");
	free(d);
	/* the bisector's row: done with a culprit makes the culprit due */
	log = json_pack("[{s:s, s:s}]", "sha", "9999", "verdict", "bad");
	CHECK_INT(db_bisection_record(db, &bis, reg, "failed", "aaaa", "bbbb", NULL, log), DB_OK);
	d = due(0);
	CHECK_STR(d, "");       /* a failed bisection changes nothing */
	free(d);
	CHECK_INT(db_bisection_record(db, &bis, reg, "done", "aaaa", "bbbb", "9999", log), DB_OK);
	json_decref(log);
	d = due(0);
	CHECK_STR(d, "commit:aaaa..bbbb culprit 9999");
	free(d);
	CHECK_INT(test_scalar(db, "SELECT state = 'culprit-found' FROM changes WHERE id = ?", "I",
			      reg), 1);
	{
		struct rec_bisection b;

		CHECK_INT(db_bisection_full(db, &b, bis), DB_OK);
		CHECK_STR(b.state, "done");
		CHECK_STR(b.culprit_sha, "9999");
		CHECK_STR(json_string_value(json_object_get(json_array_get(b.log, 0), "verdict")),
			  "bad");
		rec_bisection_dispose(&b);
		CHECK_INT(db_bisection_full(db, &b, bis + 100), DB_NOTFOUND);
	}
	db_close(db);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
