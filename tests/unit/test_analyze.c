// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_analyze.c - the analyzer of kpcid (daemon/analyze/analyze.c) on a real
 * SQLite file: samples go in through the runner protocol's storage
 * (db_job_result), commits and first-parent positions as the watcher
 * stores them; then analysis passes, and the changes, groups, triage,
 * noise model and comparisons read back.
 */
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <math.h>

#include <sqlite3.h>

#include "check.h"
#include "check_runner.h"
#include "daemon/analyze/analyze.h"
#include "daemon/analyze/compare.h"
#include "db/db.h"
#include "lib/proto.h"

static char dir[] = "/tmp/kpci-test-analyze.XXXXXX";
static char path[256];
static struct db *db;
static sqlite3 *raw;
static long long runner_id, token_id;
static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

static void sql(const char *q)
{
	char *err = NULL;

	if (sqlite3_exec(raw, q, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "FAIL sql: %s: %s\n", q, err);
		check_failed++;
	}
	sqlite3_free(err);
}

static long long sql_int(const char *q)
{
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_prepare_v2(raw, q, -1, &st, NULL) != SQLITE_OK)
		return -2;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static double sql_real(const char *q)
{
	sqlite3_stmt *st;
	double v = NAN;

	if (sqlite3_prepare_v2(raw, q, -1, &st, NULL) != SQLITE_OK)
		return NAN;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_double(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void sha_of(char out[41], int i)
{
	snprintf(out, 41, "%08x%032x", 0xc0ffee00u + (unsigned)i, (unsigned)i * 2654435761u);
}

/* A tree with one branch of n commits at positions 0..n-1 (as the watcher
 * stores them), or more commits appended from position `from`. */
static void add_commits(int from, int n)
{
	char q[512], sha[41];

	if (from == 0) {
		sql("INSERT INTO trees (name, url, created_at) VALUES ('linux', 'file:///x', 0)");
		sql("INSERT INTO branches (tree_id, name) VALUES (1, 'master')");
	}
	for (int i = from; i < n; i++) {
		sha_of(sha, i);
		snprintf(q, sizeof q, "INSERT INTO commits (tree_id, sha) VALUES (1, '%s'); "
			 "INSERT INTO branch_commits (branch_id, position, commit_id) "
			 "VALUES (1, %d, last_insert_rowid())", sha, i);
		sql(q);
	}
}

struct metric {
	const char *suite, *name;
	int higher;
	double before, after;   /* level before and after the step */
	double job_noise;       /* relative sd between jobs */
};

/* One job: submitted, claimed, its result stored.  sha may be NULL;
 * kernel names the environment.  Returns the job id. */
static long long run_job(const char *sha, const char *kernel, const struct metric *m,
			 size_t nm, int after, int iterations)
{
	struct proto_result r = { 0 };
	struct proto_job job;
	json_t *spec = json_pack("{s:s, s:s}", "suite", m[0].suite, "boot", "host");
	char *cause = NULL, q[256];
	long long id = 0;
	int dup;

	CHECK_INT(db_job_submit(db, &id, "bench", spec, NULL, 0, 3), DB_OK);
	json_decref(spec);
	if (sha) {
		snprintf(q, sizeof q, "UPDATE jobs SET commit_sha = '%s' WHERE id = %lld", sha, id);
		sql(q);
	}
	CHECK_INT(db_job_claim(db, &job, runner_id, 60), DB_OK);
	CHECK_INT(job.id, id);
	r.job_id = id;
	r.attempt = job.attempt;
	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", kernel);
	for (size_t i = 0; i < nm; i++) {
		double level = (after ? m[i].after : m[i].before) * (1 + m[i].job_noise * gauss());

		for (int it = 0; it < iterations; it++)
			proto_result_add(&r, m[i].suite, m[i].name, "ns", m[i].higher, it,
					 level * (1 + 0.005 * gauss()));
	}
	CHECK_INT(db_job_result(db, runner_id, &r, &dup, &cause), DB_OK);
	if (cause)
		fprintf(stderr, "result: %s\n", cause);
	free(cause);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	return id;
}

static long long series_of(const char *suite, const char *name)
{
	char q[256];

	snprintf(q, sizeof q, "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id "
		 "WHERE m.suite = '%s' AND m.name = '%s'", suite, name);
	return sql_int(q);
}

static struct analyze_params params;

static struct analyze_stats pass(void)
{
	struct analyze_stats st;

	CHECK_INT(analyze_pass(db, &params, &st), 0);
	CHECK_INT(st.failed, 0);
	return st;
}

static const struct metric commit_metrics[] = {
	{ "wq", "flush-latency", 0, 100, 110, 0.003 },     /* +10%, lower better: regression */
	{ "wq", "flush-rate", 1, 1000, 1200, 0.003 },      /* +20%, higher better: improvement */
	{ "wq", "steady", 0, 50, 50, 0.003 },              /* no change */
};

/* A step at position 40 of 60 commits, benchmarked out of order. */
static void test_commit_step(void)
{
	char sha39[41], sha40[41], q[512];
	struct analyze_stats st;
	long long lat, rate, steady;

	add_commits(0, 60);
	for (int k = 0; k < 60; k++) {
		int pos = (k * 7) % 60;     /* job order is not commit order */
		char sha[41];

		sha_of(sha, pos);
		run_job(sha, "6.12", commit_metrics, 3, pos >= 40, 5);
	}
	lat = series_of("wq", "flush-latency");
	rate = series_of("wq", "flush-rate");
	steady = series_of("wq", "steady");
	CHECK_INT(sql_int("SELECT count(*) FROM series WHERE dirty = 1"), 3);
	st = pass();
	CHECK_INT(st.visited, 3);
	CHECK_INT(st.changes, 2);
	CHECK_INT(sql_int("SELECT count(*) FROM series WHERE dirty = 1"), 0);
	sha_of(sha39, 39);
	sha_of(sha40, 40);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld AND "
		 "good_sha = '%s' AND bad_sha = '%s' AND direction = 'regression' AND "
		 "state = 'new' AND triaged_by IS NULL AND point_index = 40", lat, sha39, sha40);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld", lat);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT magnitude FROM changes WHERE series_id = %lld", lat);
	CHECK_NEAR(sql_real(q), 0.10, 0.01);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld AND "
		 "good_sha = '%s' AND bad_sha = '%s' AND direction = 'improvement'", rate, sha39,
		 sha40);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT magnitude FROM changes WHERE series_id = %lld", rate);
	CHECK_NEAR(sql_real(q), 0.20, 0.02);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld", steady);
	CHECK_INT(sql_int(q), 0);
	/* Before/after statistics: 40 points before, 20 after. */
	snprintf(q, sizeof q, "SELECT n_before * 100 + n_after FROM changes WHERE series_id = %lld",
		 lat);
	CHECK_INT(sql_int(q), 4020);
	snprintf(q, sizeof q, "SELECT mean_before FROM changes WHERE series_id = %lld", lat);
	CHECK_NEAR(sql_real(q), 100, 1);
	snprintf(q, sizeof q, "SELECT median_after FROM changes WHERE series_id = %lld", lat);
	CHECK_NEAR(sql_real(q), 110, 1);
	CHECK(sql_real("SELECT MAX(pvalue) FROM changes") < 0.01);
	CHECK(sql_real("SELECT MIN(confidence) FROM changes") > 0.99);
	/* The same commit range across metrics is one group. */
	CHECK_INT(sql_int("SELECT count(DISTINCT group_id) FROM changes"), 1);
	CHECK_INT(sql_int("SELECT group_id = (SELECT MIN(id) FROM changes) FROM changes LIMIT 1"),
		  1);
	snprintf(q, sizeof q, "SELECT ordered_by = 'commit' AND points = 60 FROM series "
		 "WHERE id = %lld", lat);
	CHECK_INT(sql_int(q), 1);
	/* Nothing new: the next pass visits nothing. */
	st = pass();
	CHECK_INT(st.visited, 0);
}

/* The series record as db/ fills it for the chart: its row, then its
 * siblings on every runner class. */
static void test_series_record(void)
{
	long long lat = series_of("wq", "flush-latency");
	struct rec_series s;

	CHECK_INT(db_series_get(db, &s, lat), DB_OK);
	CHECK_STR(s.suite, "wq");
	CHECK_STR(s.metric, "flush-latency");
	CHECK_STR(s.runner_class, "c1");
	CHECK_STR(s.ordered_by, "commit");
	CHECK_STR(s.config_name, "");
	CHECK(s.branch == NULL && s.analyzed_at > 0 && s.to == REC_NONE);
	CHECK_INT(db_series_siblings(db, &s), DB_OK);
	CHECK_INT(s.nclasses, 1);
	CHECK_INT(s.classes[0].id, lat);
	CHECK_INT(s.classes[0].points, 60);
	rec_series_dispose(&s);
	CHECK_INT(db_series_get(db, &s, lat + 1000), DB_NOTFOUND);
	CHECK(s.suite == NULL);
}

/* A person's triage survives re-analysis; untriaged changes are updated in
 * place; the store never rewrites a triaged row even when asked to. */
/* The groups of the /changes page: each one's largest change first among
 * its members, which are all of its group. */
static void test_groups_of(long long a, long long b)
{
	struct db_change_filter f = { .noisy = -1 };
	struct rec_change_groups l;
	size_t seen = 0;

	CHECK_INT(db_change_groups(db, &l, &f, 0, 1, 10, 0), DB_OK);
	CHECK(l.n >= 1);
	for (size_t i = 0; i < l.n; i++) {
		const struct rec_change_group *g = &l.v[i];

		CHECK_INT((long long)g->changes.n, g->metrics);
		CHECK(g->changes.n && g->changes.v[0].id == g->head.id);
		for (size_t j = 0; j < g->changes.n; j++) {
			const struct rec_change *m = &g->changes.v[j];

			CHECK_INT(m->group_id ? m->group_id : -m->id, g->group_key);
			seen += m->id == a || m->id == b;
		}
	}
	CHECK_INT((long long)seen, 2);
	rec_change_groups_dispose(&l);
}

static void test_triage_survives(void)
{
	long long lat = series_of("wq", "flush-latency"), rate = series_of("wq", "flush-rate");
	long long lat_change, rate_change, n;
	struct analyze_stats st;
	struct rec_change c;
	char q[512];

	snprintf(q, sizeof q, "SELECT id FROM changes WHERE series_id = %lld", lat);
	lat_change = sql_int(q);
	snprintf(q, sizeof q, "SELECT id FROM changes WHERE series_id = %lld", rate);
	rate_change = sql_int(q);
	CHECK_INT(db_change_triage(db, lat_change, "confirmed", "seen on lab-2 too", token_id),
		  DB_OK);
	CHECK_INT(db_change_triage(db, lat_change, "bogus", NULL, token_id), DB_INVALID);
	CHECK_INT(db_change_triage(db, 9999, "fixed", NULL, token_id), DB_NOTFOUND);
	CHECK_INT(db_change_get(db, &c, lat_change), DB_OK);
	CHECK_STR(c.state, "confirmed");
	CHECK_STR(c.triaged_by, "analyst");
	CHECK_STR(c.note, "seen on lab-2 too");
	CHECK(c.triaged_at > 0 && c.series_id == lat && !strcmp(c.kind, "perf"));
	CHECK(isfinite(c.magnitude) && c.n_before > 0 && c.n_before != REC_NONE);
	rec_change_dispose(&c);
	CHECK_INT(db_change_get(db, &c, 9999), DB_NOTFOUND);
	test_groups_of(lat_change, rate_change);
	sql("UPDATE changes SET mean_before = -1 WHERE triaged_by IS NOT NULL");

	/* Ten more commits after the step: both series dirty again. */
	add_commits(60, 70);
	for (int pos = 60; pos < 70; pos++) {
		char sha[41];

		sha_of(sha, pos);
		run_job(sha, "6.12", commit_metrics, 3, 1, 5);
	}
	st = pass();
	CHECK_INT(st.visited, 3);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld", lat);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT state = 'confirmed' AND triaged_by = 'analyst' AND "
		 "mean_before = -1 AND n_after = 20 FROM changes WHERE id = %lld", lat_change);
	CHECK_INT(sql_int(q), 1);
	/* The untriaged change keeps its id and sees the new points. */
	snprintf(q, sizeof q, "SELECT n_after FROM changes WHERE id = %lld AND state = 'new'",
		 rate_change);
	CHECK_INT(sql_int(q), 30);
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld", rate);
	CHECK_INT(sql_int(q), 1);

	/* Asked to replace or drop the triaged change, the store refuses. */
	{
		struct db_change_new ch = { .id = lat_change, .bad_job_id = 1, .point_index = 3,
					    .magnitude = 5, .regression = 0 };
		struct db_change_drop drop = { .id = lat_change, .why = "no longer found" };
		struct db_analysis an = { .series_id = lat, .ordered_by = "commit",
					  .changes = &ch, .nchanges = 1, .drop = &drop,
					  .ndrop = 1, .noise_max_cv = 0.1,
					  .noise_min_df = ANALYZE_NOISE_MIN_DF };

		snprintf(q, sizeof q, "SELECT MAX(id) FROM samples WHERE series_id = %lld", lat);
		an.last_sample_id = sql_int(q);
		CHECK_INT(db_analysis_store(db, &an), DB_OK);
		snprintf(q, sizeof q, "SELECT magnitude < 1 AND direction = 'regression' FROM "
			 "changes WHERE id = %lld", lat_change);
		CHECK_INT(sql_int(q), 1);
		/* A store that missed a newer sample is a conflict. */
		an.last_sample_id--;
		an.ndrop = 0;
		an.nchanges = 0;
		CHECK_INT(db_analysis_store(db, &an), DB_CONFLICT);
	}
	n = sql_int("SELECT count(*) FROM changes");
	CHECK_INT(n, 2);

	/* A change no longer found that a bisection refers to is withdrawn,
	 * not deleted; found again by the next pass, it is live again. */
	{
		struct db_change_drop drop = { .id = rate_change, .why = "no longer found" };
		struct db_analysis an = { .series_id = rate, .ordered_by = "commit",
					  .drop = &drop, .ndrop = 1, .noise_max_cv = 0.1,
					  .noise_min_df = ANALYZE_NOISE_MIN_DF };

		snprintf(q, sizeof q, "INSERT INTO bisections (change_id, state, good_sha, bad_sha, "
			 "started_at) SELECT id, 'failed', good_sha, bad_sha, 1 FROM changes "
			 "WHERE id = %lld", rate_change);
		sql(q);
		snprintf(q, sizeof q, "SELECT MAX(id) FROM samples WHERE series_id = %lld", rate);
		an.last_sample_id = sql_int(q);
		CHECK_INT(db_analysis_store(db, &an), DB_OK);
		snprintf(q, sizeof q, "SELECT withdrawn_at > 0 AND state = 'new' AND "
			 "withdrawn_reason = 'no longer found' FROM changes WHERE id = %lld",
			 rate_change);
		CHECK_INT(sql_int(q), 1);
		snprintf(q, sizeof q, "UPDATE series SET dirty = 1, dirty_at = 0 WHERE id = %lld",
			 rate);
		sql(q);
		st = pass();
		CHECK_INT(st.conflicts, 0);     /* no sample came meanwhile */
		CHECK_INT(st.visited, 1);
		snprintf(q, sizeof q, "SELECT withdrawn_at IS NULL FROM changes WHERE id = %lld",
			 rate_change);
		CHECK_INT(sql_int(q), 1);
		/* one whose confirmation has yet to judge it is kept: the
		 * confirmation decides, not a pass that saw half of its boots */
		sql("DELETE FROM bisections");
		snprintf(q, sizeof q, "INSERT INTO confirmations (id, good_sha, bad_sha, suite, "
			 "runner_class, config_name, good_job_id, bad_job_id, want, opened_by, "
			 "created_at, updated_at) SELECT 1, good_sha, bad_sha, 'x', 'c', '', "
			 "good_job_id, bad_job_id, 3, 'test', 1, 1 FROM changes WHERE id = %lld",
			 rate_change);
		sql(q);
		snprintf(q, sizeof q, "UPDATE changes SET confirmation_id = 1 WHERE id = %lld",
			 rate_change);
		sql(q);
		an.ndrop = 0;
		snprintf(q, sizeof q, "UPDATE series SET dirty = 1, dirty_at = 0 WHERE id = %lld",
			 rate);
		sql(q);
		pass();
		snprintf(q, sizeof q, "SELECT withdrawn_at IS NULL FROM changes WHERE id = %lld",
			 rate_change);
		CHECK_INT(sql_int(q), 1);
		/* judged not reproduced, it is withdrawn by the store, not deleted,
		 * and stays withdrawn when the next pass finds it again */
		an.ndrop = 1;
		snprintf(q, sizeof q, "UPDATE changes SET confirm = 'not-reproduced', withdrawn_at = "
			 "1, withdrawn_reason = 'not reproduced' WHERE id = %lld", rate_change);
		sql(q);
		snprintf(q, sizeof q, "UPDATE series SET dirty = 1, dirty_at = 0 WHERE id = %lld",
			 rate);
		sql(q);
		pass();
		snprintf(q, sizeof q, "SELECT withdrawn_at = 1 AND withdrawn_reason = 'not "
			 "reproduced' FROM changes WHERE id = %lld", rate_change);
		CHECK_INT(sql_int(q), 1);
		/* without the bisection or a confirmation it goes */
		sql("UPDATE changes SET confirmation_id = NULL, confirm = NULL, withdrawn_at = NULL");
		CHECK_INT(db_analysis_store(db, &an), DB_OK);
		snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE id = %lld", rate_change);
		CHECK_INT(sql_int(q), 0);
	}
}

/* Hand-submitted host jobs: no commits, job order, job ranges; the noise
 * model from repeated runs in one environment. */
static void test_job_order_and_noise(void)
{
	static const struct metric m[] = { { "host", "ctxsw", 0, 50, 60, 0.004 } };
	long long first = 0, last = 0, s;
	struct analyze_noise nm;
	char q[512];
	struct rec_noises noise;

	for (int i = 0; i < 40; i++) {
		long long id = run_job(NULL, i < 20 ? "6.1" : "6.2", m, 1, i >= 20, 5);

		if (i == 19)
			last = id;
		if (i == 20)
			first = id;
	}
	pass();
	s = series_of("host", "ctxsw");
	snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE series_id = %lld AND "
		 "good_sha IS NULL AND bad_sha IS NULL AND good_job_id = %lld AND bad_job_id = %lld "
		 "AND direction = 'regression' AND range_key = 'job:%lld..%lld'", s, last, first,
		 last, first);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT ordered_by = 'job' AND aa_df = 38 AND it_df = 160 AND "
		 "jobs = 40 AND samples_used = 200 AND noisy = 0 FROM series WHERE id = %lld", s);
	CHECK_INT(sql_int(q), 1);
	CHECK_INT(db_noise_list(db, &noise, "c1", 0), DB_OK);
	CHECK(noise.n >= 1);
	for (size_t i = 0; i < noise.n; i++) {
		const struct rec_noise *r = &noise.v[i];

		if (strcmp(r->metric, "ctxsw"))
			continue;
		CHECK(r->aa_df == 38 && r->it_df == 160 && r->jobs == 40 && r->series == 1);
		analyze_noise_model(&nm, r->aa_ss, r->aa_df, r->it_ss, r->it_df, 5, &params);
		CHECK(nm.known && !nm.noisy);
		/* Planted: 0.4% between jobs, 0.5% per iteration (median of 5). */
		CHECK(nm.cv_job > 0.003 && nm.cv_job < 0.008);
		CHECK_NEAR(nm.cv_iter, 0.005, 0.001);
		CHECK(nm.mde > 0.005 && nm.mde < 0.04);
		CHECK(isfinite(nm.iterations_needed) || nm.cv_between > 0.004);
		CHECK(nm.jobs_needed >= 1);
	}
	rec_noises_dispose(&noise);
}

/* A metric whose repeated runs vary by 20% is flagged, not trusted. */
static void test_noisy(void)
{
	static const struct metric m[] = { { "jitter", "p99", 0, 200, 200, 0.20 } };
	struct db_change_filter f = { .noisy = 1 };
	struct rec_changes rows;
	char q[256], logpath[sizeof dir + 16], said[4096] = "";
	int saved = dup(2), fd;
	FILE *lf;

	for (int i = 0; i < 30; i++)
		run_job(NULL, "6.3", m, 1, 0, 3);
	/* the pass says in the log that the metric turned noisy */
	snprintf(logpath, sizeof logpath, "%s/noisy.log", dir);
	fd = open(logpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && saved >= 0);
	fflush(stderr);
	dup2(fd, 2);
	pass();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	lf = fopen(logpath, "r");
	if (lf) {
		said[fread(said, 1, sizeof said - 1, lf)] = '\0';
		fclose(lf);
	}
	CHECK(strstr(said, "db: jitter/p99 on runner class c1 is too noisy to judge now") != NULL);
	snprintf(q, sizeof q, "SELECT noisy FROM series WHERE id = %lld", series_of("jitter", "p99"));
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT noisy FROM series WHERE id = %lld", series_of("host", "ctxsw"));
	CHECK_INT(sql_int(q), 0);
	/* a noisy series' band: exp(3.96 job-to-job CVs of its (metric, class));
	 * a quiet one has none */
	{
		double band, cv;

		snprintf(q, sizeof q, "SELECT noise_band FROM series WHERE id = %lld",
			 series_of("jitter", "p99"));
		band = sql_real(q);
		snprintf(q, sizeof q, "SELECT aa_ss / aa_df FROM series WHERE id = %lld",
			 series_of("jitter", "p99"));
		cv = sqrt(sql_real(q));
		CHECK(cv > 0.1);
		CHECK_NEAR(band, exp(ANALYZE_BEYOND_NOISE * cv), 1e-9 * band);
	}
	snprintf(q, sizeof q, "SELECT noise_band IS NULL FROM series WHERE id = %lld",
		 series_of("host", "ctxsw"));
	CHECK_INT(sql_int(q), 1);
	CHECK_INT(db_changes_list(db, &rows, &f, 100, 0), DB_OK);
	for (size_t i = 0; i < rows.n; i++)
		CHECK_STR(rows.v[i].metric, "p99");
	rec_changes_dispose(&rows);
	/* The model says so, with its figures. */
	{
		struct analyze_noise nm;

		analyze_noise_model(&nm, 29 * 0.04, 29, 0, 0, 3, &params);
		CHECK(nm.known && nm.noisy);
		CHECK(isinf(nm.iterations_needed));   /* more iterations cannot fix job noise */
		CHECK(nm.jobs_needed > 100);
		analyze_noise_model(&nm, 2 * 0.0001, 2, 0, 0, 3, &params);
		CHECK(!nm.known && !nm.noisy);
		analyze_noise_model(&nm, 10 * 0.0001, 10, 40 * 0.0004, 40, 5, &params);
		/* cv_job 1%, cv_iter 2%: 2%^2/5 = 0.8e-4 of the 1e-4 is iteration noise. */
		CHECK_NEAR(nm.cv_between, sqrt(0.2e-4), 1e-6);
		CHECK(nm.iterations_needed >= 1 && isfinite(nm.iterations_needed));
	}
}

/* Only dirty series are visited. */
static void test_dirty_only(void)
{
	long long lat = series_of("wq", "flush-latency"), steady = series_of("wq", "steady");
	struct analyze_stats st;
	char q[256];

	sql("UPDATE series SET analyzed_at = 0");
	st = pass();
	CHECK_INT(st.visited, 0);
	snprintf(q, sizeof q, "UPDATE series SET dirty = 1 WHERE id = %lld", steady);
	sql(q);
	snprintf(q, sizeof q, "SELECT dirty_at >= strftime('%%s', 'now') - 5 FROM series "
		 "WHERE id = %lld", steady);
	CHECK_INT(sql_int(q), 1);
	/* Within the settle time the series waits for more samples. */
	params.settle = 3600;
	st = pass();
	CHECK_INT(st.visited, 0);
	params.settle = 0;
	st = pass();
	CHECK_INT(st.visited, 1);
	snprintf(q, sizeof q, "SELECT analyzed_at > 0 FROM series WHERE id = %lld", steady);
	CHECK_INT(sql_int(q), 1);
	snprintf(q, sizeof q, "SELECT analyzed_at FROM series WHERE id = %lld", lat);
	CHECK_INT(sql_int(q), 0);
	CHECK_INT(sql_int("SELECT count(*) FROM series WHERE analyzed_at > 0"), 1);
	/* The batch bounds a pass. */
	sql("UPDATE series SET dirty = 1");
	params.batch = 2;
	st = pass();
	CHECK_INT(st.visited, 2);
	CHECK_INT(sql_int("SELECT count(*) FROM series WHERE dirty = 1"),
		  sql_int("SELECT count(*) FROM series") - 2);
	params.batch = ANALYZE_DEFAULT_BATCH;
	pass();
	CHECK_INT(sql_int("SELECT count(*) FROM series WHERE dirty = 1"), 0);
}

/* The points around a change, as GET /api/v1/changes/:id shows them. */
static void test_points(void)
{
	long long lat = series_of("wq", "flush-latency"), bad;
	struct analyze_around *pts = NULL;
	size_t n = 0;
	char q[256];

	snprintf(q, sizeof q, "SELECT bad_job_id FROM changes WHERE series_id = %lld", lat);
	bad = sql_int(q);
	CHECK_INT(analyze_points_around(&pts, &n, db, lat, bad, 5), DB_OK);
	CHECK_INT(n, 11);
	if (n == 11) {
		CHECK_INT(pts[5].job_id, bad);
		CHECK_INT(pts[0].index, 35);
		CHECK_INT(pts[5].iterations, 5);
	}
	free(pts);
	CHECK_INT(analyze_points_around(&pts, &n, db, 99999, bad, 5), DB_NOTFOUND);
}

#define FDR_NULL 1000
#define FDR_REAL 10
#define FDR_JOBS 3

/* Base against head over 1,010 metrics: 1,000 unchanged, 10 shifted by
 * 3%, 3 jobs of 10 iterations a side (0.3% between jobs, 0.5% within). */
static void test_compare_fdr(void)
{
	struct metric *m = calloc(FDR_NULL + FDR_REAL, sizeof *m);
	char (*names)[32] = calloc(FDR_NULL + FDR_REAL, sizeof *names);
	size_t real = 0, falsepos = 0, rawp = 0, regress = 0, same = 0;
	char *cause = NULL, b[32], h[32], sha[41], sha2[41];
	struct compare_report *out = NULL;
	int rc;

	for (int i = 0; i < FDR_NULL + FDR_REAL; i++) {
		snprintf(names[i], sizeof names[i], "%s%04d", i < FDR_REAL ? "real" : "null", i);
		m[i] = (struct metric){ "many", names[i], i % 2, 100, i < FDR_REAL ? 103 : 100,
					0.003 };
	}
	add_commits(70, 72);    /* two commits on the branch: repeated jobs of each */
	sha_of(sha, 70);
	sha_of(sha2, 71);
	for (int j = 0; j < FDR_JOBS; j++) {
		run_job(sha, "7.3", m, FDR_NULL + FDR_REAL, 0, 10);
		run_job(sha2, "7.3", m, FDR_NULL + FDR_REAL, 1, 10);
	}
	while (pass().visited)  /* the noise model of each metric from its repeated jobs */
		;
	snprintf(b, sizeof b, "commit:%.10s", sha);
	snprintf(h, sizeof h, "%.12s", sha2);
	rc = compare_run(&out, db, b, h, "c1", &params.verdict, &cause);
	CHECK_INT(rc, DB_OK);
	CHECK_INT(out ? out->n : 0, FDR_NULL + FDR_REAL);
	for (size_t i = 0; out && i < out->n; i++) {
		const struct compare_row *r = &out->rows[i];
		int changed = r->v.kind == VERDICT_CHANGED;

		if (strstr(r->metric, "/real")) {
			real += changed;
			if (changed && r->direction && !strcmp(r->direction, "regression"))
				regress++;
		} else {
			falsepos += changed;
			same += r->v.kind == VERDICT_SAME;
			rawp += r->p_welch < 0.05;
		}
		if (i == 0) {
			CHECK_INT(r->base.jobs, FDR_JOBS);
			CHECK(r->v.reason[0] != '\0');
			CHECK(r->known);
		}
	}
	CHECK_INT(real, FDR_REAL);
	CHECK(falsepos <= 1);
	CHECK(same >= 900);       /* shown inside +-2%, not just "not significant" */
	CHECK(rawp > 20);         /* what uncorrected p < 0.05 would have reported */
	CHECK_INT(regress, FDR_REAL / 2);   /* lower-is-better half went up */
	CHECK_INT(out ? out->counts[VERDICT_CHANGED] : -1, (long long)(real + falsepos));
	CHECK_INT(out ? out->counts[VERDICT_SAME] : -1, (long long)same);
	printf("compare: %zu/%d real changes found, %zu false and %zu same among %d null "
	       "metrics (raw Welch p < 0.05: %zu)\n", real, FDR_REAL, falsepos, same, FDR_NULL,
	       rawp);
	compare_report_free(out);
	free(cause);
	cause = NULL;

	/* Bad sides say what is wrong. */
	CHECK_INT(compare_run(&out, db, "xyz", h, NULL, &params.verdict, &cause), DB_INVALID);
	CHECK(cause && strstr(cause, "base: 'xyz' is neither a job id nor a commit id"));
	CHECK(out == NULL);
	CHECK_INT(compare_run(&out, db, b, "99999", NULL, &params.verdict, &cause), DB_NOTFOUND);
	CHECK(cause && strstr(cause, "head: no samples"));
	CHECK_INT(compare_run(&out, db, "c0ffee", h, NULL, &params.verdict, &cause), DB_INVALID);
	CHECK_INT(compare_run(&out, db, "commit:c0ffee0", h, NULL, &params.verdict, &cause),
		  DB_CONFLICT);
	CHECK_INT(compare_run(&out, db, b, h, "other-class", &params.verdict, &cause),
		  DB_NOTFOUND);
	CHECK(cause && strstr(cause, "base: no samples"));
	free(cause);
	free(m);
	free(names);
}

/* One job a side of a commit that changed nothing, 20% between boots and
 * 0.5% within: Welch over the iterations calls most metrics changed; the
 * verdict, with no noise model, calls none. */
static void test_compare_one_boot(void)
{
	struct metric m[40];
	char names[40][16], *cause = NULL, b[32], h[32];
	size_t changed = 0, welch = 0;
	struct compare_report *out = NULL;
	size_t i;

	for (int k = 0; k < 40; k++) {
		snprintf(names[k], sizeof names[k], "op%02d", k);
		m[k] = (struct metric){ "boots", names[k], 0, 300, 300, 0.20 };
	}
	snprintf(b, sizeof b, "%lld", run_job(NULL, "7.4", m, 40, 0, 3));
	snprintf(h, sizeof h, "%lld", run_job(NULL, "7.4", m, 40, 0, 3));
	CHECK_INT(compare_run(&out, db, b, h, NULL, &params.verdict, &cause), DB_OK);
	for (i = 0; out && i < out->n; i++) {
		changed += out->rows[i].v.kind == VERDICT_CHANGED;
		welch += out->rows[i].p_welch < 0.01;
	}
	printf("one boot a side, nothing changed: %zu of 40 changed; Welch p < 0.01 on %zu\n",
	       changed, welch);
	CHECK_INT(changed, 0);
	CHECK(welch >= 20);
	CHECK_INT(out ? out->counts[VERDICT_INCONCLUSIVE] + out->counts[VERDICT_SAME] : -1, 40);
	compare_report_free(out);
	free(cause);
}

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

int main(void)
{
	char *cause = NULL, *tok = NULL, role[8];

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/a.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(sqlite3_open(path, &raw), SQLITE_OK);
	sqlite3_busy_timeout(raw, 5000);
	CHECK_INT(db_token_create(db, &tok, "admin", "analyst", NULL, &cause), DB_OK);
	CHECK_INT(db_token_check(db, tok, role, &token_id), DB_OK);
	free(tok);
	CHECK_INT(test_runner_register(db, &runner_id, "lab-1", "c1"), DB_OK);
	analyze_params_default(&params);
	params.settle = 0;

	test_commit_step();
	test_series_record();
	test_triage_survives();
	test_job_order_and_noise();
	test_noisy();
	test_dirty_only();
	test_points();
	test_compare_fdr();
	test_compare_one_boot();

	sqlite3_close(raw);
	db_close(db);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
