// SPDX-License-Identifier: GPL-2.0-only
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
	long long series_id = check_db_series(db, "wq", metric, noisy);

	test_exec(db, "INSERT INTO changes (series_id, group_id, good_sha, bad_sha, range_key, "
		  "magnitude, direction, state, detected_at) VALUES (?, 0, 'aaaa', 'bbbb', ?, 0.1, "
		  "?, ?, ?)", "IsssI", series_id, range, dir_, state, at);
	test_exec(db, "UPDATE changes SET group_id = (SELECT MIN(id) FROM changes c2 WHERE "
		  "c2.range_key = changes.range_key)", "");
	return test_scalar(db, "SELECT MAX(id) FROM changes", "");
}

static char *due(int improvements)
{
	struct rec_reports rows;
	struct buf b;

	buf_init(&b, 4096);
	CHECK_INT(db_reports_due(db, &rows, 2000, improvements, 0, 50), DB_OK);
	for (size_t i = 0; i < rows.n; i++)
		buf_printf(&b, "%s%s %s %s", i ? "; " : "", rows.v[i].group_key, rows.v[i].kind,
			   rows.v[i].commit_sha);
	rec_reports_dispose(&rows);
	return buf_steal(&b);
}

/* What db/ reads back of report id on the group of change reg. */
static void stored(long long id, long long reg)
{
	struct rec_report r;
	struct rec_reports l;
	struct rec_deliveries d;
	struct db_report_group g;

	CHECK_INT(db_report_get(db, &r, id), DB_OK);
	CHECK_INT(r.detail, 1);
	CHECK_STR(r.body, "body");
	CHECK_STR(r.tree, "linux");
	CHECK(r.held_by == NULL && r.bisection_id == 0);
	CHECK_INT(r.recipients.n, 1);
	CHECK_STR(r.recipients.n ? r.recipients.v[0].why : NULL, "WORKQUEUE");
	CHECK(r.nchanges == 1 && r.changes[0] == reg);
	rec_report_dispose(&r);
	CHECK_INT(db_report_get(db, &r, id + 100), DB_NOTFOUND);
	CHECK_INT(db_reports_list(db, &l, reg, 10, 0), DB_OK);
	CHECK(l.n == 1 && !l.v[0].detail && l.v[0].deliveries == 1 && !l.v[0].delivered);
	rec_reports_dispose(&l);
	CHECK_INT(db_deliveries_due(db, &d, 3000, 10), DB_OK);
	CHECK(d.n == 1 && d.v[0].report_id == id);
	CHECK_STR(d.n ? d.v[0].sent_to : NULL, "tj@kernel.org");
	rec_deliveries_dispose(&d);
	CHECK_INT(db_report_recipients(db, &d, id), DB_OK);
	CHECK_INT(d.n, 1);
	CHECK_STR(d.n ? d.v[0].role : NULL, "maintainer");
	rec_deliveries_dispose(&d);
	/* the group as its report shows it: the largest first, its metric */
	CHECK_INT(db_report_group(db, &g, "commit:aaaa..bbbb"), DB_OK);
	CHECK_INT(g.changes.n, 2);
	if (g.changes.n == 2) {
		CHECK_INT(g.changes.v[0].id, reg);
		CHECK_STR(g.changes.v[0].metric, "flush-ns");
		CHECK_STR(g.changes.v[1].direction, "improvement");
		CHECK(g.tree == NULL && !g.insn[0].known && json_is_null(g.spec));
	}
	db_report_group_dispose(&g);
}

int main(void)
{
	char path[256], *cause = NULL, *d;
	long long reg, noisy, bis, id;
	json_t *log;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/r.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	reg = change("flush-ns", "commit:aaaa..bbbb", "regression", 0, "new", 1000);
	change("ops", "commit:aaaa..bbbb", "improvement", 0, "new", 1000);
	noisy = change("noisy", "commit:cccc..dddd", "regression", 1, "new", 1000);
	change("wrong", "commit:eeee..ffff", "regression", 0, "invalid", 1000);
	change("better", "commit:1111..2222", "improvement", 0, "new", 1000);
	change("fresh", "commit:3333..4444", "regression", 0, "new", 5000);
	d = due(1);
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb; commit:1111..2222 merge bbbb");
	free(d);
	d = due(0);     /* improvements off: a group of improvements only is not due */
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb");
	free(d);
	/* a noisy series' change beyond its noise band (1 + 0.1 >= 1.05) is
	 * due; within it (1.2) it is not */
	check_db_noise_band(db, noisy, 1.05);
	d = due(0);
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb; commit:cccc..dddd merge bbbb");
	free(d);
	check_db_noise_band(db, noisy, 1.2);
	d = due(0);
	CHECK_STR(d, "commit:aaaa..bbbb merge bbbb");
	free(d);

	{
		struct db_report_new r = { "commit:aaaa..bbbb", reg, reg, 0, "merge", "bbbb", "linux",
			"master", "regression", "subject", "body", "<a@b.org>", NULL, &reg, 1 };
		struct db_delivery_new dl[] = {
			{ "mail", "tj@kernel.org", "Tejun Heo", "maintainer", "WORKQUEUE", "tj@kernel.org",
			  "pending" } };
		json_t *doc = json_object();
		long long again;

		r.webhook = doc;
		CHECK_INT(db_report_create(db, &id, &r, dl, 1), DB_OK);
		CHECK(id > 0);
		CHECK_INT(db_report_create(db, &again, &r, dl, 1), DB_CONFLICT);   /* never twice */
		CHECK_INT(again, 0);
		json_decref(doc);
	}
	stored(id, reg);
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
	/* its changes withdrawn, the report is void, with their reason */
	test_exec(db, "UPDATE changes SET withdrawn_at = 1, withdrawn_reason = 'moved' WHERE "
		  "range_key = 'commit:aaaa..bbbb'", "");
	{
		struct rec_reports v;

		CHECK_INT(db_reports_void(db, &v, 10), DB_OK);
		CHECK(v.n == 1 && v.v[0].id == id);
		CHECK_STR(v.n ? v.v[0].withdrawn_reason : NULL, "moved");
		rec_reports_dispose(&v);
	}
	db_close(db);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
