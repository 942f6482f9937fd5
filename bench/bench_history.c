// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_history.c - a lab's history, written as kpcid would have written
 * it, at a size given on the command line:
 *
 *   bench_history DB SAMPLES [-p POINTS] [-c CLASSES] [-w WINDOWS] [-a [-s K]]
 *   bench_history -t N [-c CLASSES] DB
 *
 * A tree "linux" with one followed branch, master: a first-parent line in
 * which every other commit is a merge of a one-commit topic, cut into
 * WINDOWS merge windows by release and -rc tags (v6.1 ... with -rc1 to
 * -rc7).  Every merge is built (the watcher's build candidate, claimed by
 * a build runner, its build record) and measured: one suite of three boot
 * metrics on the first runner class (the long series, POINTS points,
 * default 5,000) and, on evenly spaced merges, ten suites of 30 metrics
 * each on CLASSES runner classes (default 12), 3 to 5 iterations a job,
 * as many as SAMPLES asks.  Each job is queued by db_build_queue_benches,
 * claimed by its class's runner (db_job_claim) and its result stored by
 * db_job_result: the db/ functions kpcid's watcher, API handlers and
 * runner protocol call, so the rows are what kpcid would have stored.
 * Steps are planted in nine series (one in the long one); -a runs the
 * analyzer's passes (analyze_pass) over everything at the end, as kpcid's
 * main loop would, which finds them and opens what it opens (changes,
 * verdicts, more jobs, confirmations).  The analysis of a whole history at
 * once costs about a millisecond per point (a job's median) on the 2-core
 * machine, an hour for 20 million samples: -s K analyses only the series
 * of the first K classes (0: none), the suites with a planted step and
 * kbuild (analyze_series),
 * and leaves the others dirty, a backlog the analyzer has not reached.
 *
 * -t N, on a database made before: N times, the newest build's kbench
 * job queued for class00, claimed, its result stored, then the analyzer's
 * analysis of the job's series (analyze_series, as a pass does for each):
 * what a lab's next job costs kpcid's storage and analyzer on that
 * history, in-process (claim_ms, result_ms, analysis_ms: median and
 * largest); then each of the CLASSES runner classes is left with one job
 * running, as a lab's are in the middle of its day.
 *
 * Prints the planted steps as "planted CLASS SUITE/METRIC SHA" lines, then
 * "name value" lines: commits, jobs, samples, seconds, bytes_per_sample.
 * bench/bench_history.sh measures kpcid on two such databases;
 * tests/integration/t0950-history.sh checks a tiny one.
 */
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "daemon/analyze/analyze.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/proto.h"

#define HIST_SUITES 10              /* the suites every class runs on a full build */
#define HIST_METRICS 30             /* metrics of each suite */
#define HIST_BOOT_METRICS 3         /* metrics of the long series' suite */
#define HIST_BOOT_ITERS 5
#define HIST_PLANTED 8              /* steps planted in the full suites' series */
#define HIST_STEP 1.10              /* a planted step: 10% slower */
#define HIST_MAX_CLASSES 64
#define HIST_CHUNK 10000            /* commits per db_branch_add */
#define HIST_CONFIG "x86_64-defconfig"
#define HIST_TREE "linux"
#define HIST_LEASE 3600

struct hist {
	struct db *db;
	long long tree_id, branch_id, builder;
	long long runner[HIST_MAX_CLASSES];
	int classes, windows;
	long long points;           /* merges built and measured (the long series) */
	long long full;             /* merges measured by every suite and class */
	long long line;             /* first-parent commits */
	char (*sha)[DB_SHA_LEN + 1];  /* first-parent line, then the topics */
	long long jobs, samples, commits;
	uint64_t rng;
	int subset;                 /* -s K: only classes < K and the planted series analysed */
	int subset_classes;         /* K */
	long long *keep;            /* ... their series */
	size_t nkeep, capkeep;
	unsigned char seen[HIST_MAX_CLASSES][HIST_SUITES + 2];
};

/* The planted steps: from merge index `at` of the full builds on, the
 * metric is HIST_STEP times slower. */
struct hist_plant {
	int cls, suite, metric;
	long long at;               /* index among the full builds (-1: the long series) */
	long long at_merge;         /* index among all merges */
};

static struct hist_plant plants[HIST_PLANTED + 1];

static const char *const suite_names[HIST_SUITES] = {
	"kbench", "hackbench", "stress-ng", "fio", "perf-sched", "netperf", "lmbench",
	"will-it-scale", "unixbench", "pgbench",
};

static void hist_die(const char *what, const char *cause)
{
	fprintf(stderr, "bench_history: %s%s%s\n", what, cause ? ": " : "", cause ? cause : "");
	exit(1);
}

static uint64_t hist_next(struct hist *h)
{
	uint64_t z = (h->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double hist_normal(struct hist *h)
{
	double u = ((hist_next(h) >> 11) + 0.5) * 0x1.0p-53;
	double v = ((hist_next(h) >> 11) + 0.5) * 0x1.0p-53;

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* Commit i's id: 40 hex digits from a hash of i. */
static void hist_sha(struct hist *h, long long i, char *out)
{
	uint64_t a = (uint64_t)i * 0x9e3779b97f4a7c15ull + 0x12345, b = a ^ 0xdeadbeefcafeull;

	(void)h;
	for (int k = 0; k < 3; k++) {
		a = (a ^ (a >> 29)) * 0xbf58476d1ce4e5b9ull;
		b = (b ^ (b >> 31)) * 0x94d049bb133111ebull;
	}
	snprintf(out, DB_SHA_LEN + 1, "%016llx%016llx%08x", (unsigned long long)a,
		 (unsigned long long)b, (unsigned)(a >> 17 ^ b));
}

/* Position of merge m on the first-parent line: every other commit. */
static long long hist_merge_pos(long long m)
{
	return 2 * m + 1;
}

/* The first-parent line (plain commits and merges of one-commit topics)
 * through the poll transaction the watcher uses, then the tags. */
static void hist_commits(struct hist *h)
{
	long long topics = h->line / 2, n = h->line + topics;
	struct db_commit *rows = calloc((size_t)n, sizeof *rows);
	const char **line = calloc((size_t)h->line, sizeof *line);
	char (*parents)[2 * DB_SHA_LEN + 2] = calloc((size_t)n, sizeof *parents);
	char (*subject)[96] = calloc((size_t)n, sizeof *subject);
	struct db_branch_tx *tx = NULL;
	struct db_line_update u = { 0 };
	char *cause = NULL;
	long long base = 1700000000;

	h->sha = calloc((size_t)n, sizeof *h->sha);
	if (!rows || !line || !parents || !subject || !h->sha)
		hist_die("out of memory", NULL);
	for (long long i = 0; i < n; i++)
		hist_sha(h, i, h->sha[i]);
	for (long long p = 0; p < h->line; p++) {
		struct db_commit *c = &rows[p];
		long long t = h->line + p / 2;      /* the topic of a merge */

		line[p] = h->sha[p];
		c->sha = h->sha[p];
		c->author_name = c->committer_name = "A U Thor";
		c->author_email = c->committer_email = "author@example.org";
		c->author_time = c->commit_time = base + 600 * p;
		c->brought = -1;
		c->fresh = 1;
		if (p % 2) {
			snprintf(parents[p], sizeof parents[p], "%s %s", h->sha[p - 1], h->sha[t]);
			snprintf(subject[p], sizeof subject[p], "Merge tag 'sub%lld-for-linus' of "
				 "git://git.example.org/sub%lld", p % 97, p % 97);
			c->merged_tip = h->sha[t];
			c->brought = 1;
			c->merge_subsystem = "sub";
			c->merge_source = "git://git.example.org/sub";
			/* the topic: one commit on the line's previous commit */
			rows[t].sha = h->sha[t];
			snprintf(parents[t], sizeof parents[t], "%s", h->sha[p - 1]);
			rows[t].parents = parents[t];
			snprintf(subject[t], sizeof subject[t], "sub%lld: change %lld", p % 97, p);
			rows[t].subject = subject[t];
			rows[t].author_name = rows[t].committer_name = "A U Thor";
			rows[t].author_email = rows[t].committer_email = "author@example.org";
			rows[t].author_time = rows[t].commit_time = base + 600 * p - 300;
			rows[t].brought = -1;
			rows[t].fresh = 1;
		} else {
			if (p)
				snprintf(parents[p], sizeof parents[p], "%s", h->sha[p - 1]);
			snprintf(subject[p], sizeof subject[p], "fix %lld", p);
		}
		c->parents = parents[p];
		c->subject = subject[p];
	}
	if (db_branch_begin(h->db, &tx, h->tree_id, &cause) != DB_OK)
		hist_die("db_branch_begin", cause);
	for (long long i = 0; i < n; i += HIST_CHUNK) {
		size_t k = (size_t)(n - i < HIST_CHUNK ? n - i : HIST_CHUNK);

		if (db_branch_add(tx, rows + i, k, &cause) != DB_OK ||
		    db_branch_yield(tx, &cause) != DB_OK)
			hist_die("db_branch_add", cause);
	}
	u.branch_id = h->branch_id;
	u.new_tip = h->sha[h->line - 1];
	u.base_position = -1;
	u.line = line;
	u.nline = (size_t)h->line;
	if (db_branch_finish(tx, &u, &cause) != DB_OK)
		hist_die("db_branch_finish", cause);
	h->commits = n;
	free(rows);
	free(line);
	free(parents);
	free(subject);
}

/* A release at the start of each window, then its -rc1 ... -rc7 (the
 * merge window is the stretch before -rc1), as db_tags_record records
 * the watcher's tags; the last window has only its merges and -rc1. */
static void hist_tags(struct hist *h)
{
	long long len = h->line / h->windows;
	struct db_tag *tags = calloc((size_t)h->windows * 8 + 1, sizeof *tags);
	char (*names)[24] = calloc((size_t)h->windows * 8 + 1, sizeof *names);
	struct rec_tags changed;
	size_t n = 0;

	if (!tags || !names)
		hist_die("out of memory", NULL);
	for (int w = 0; w < h->windows; w++) {
		long long start = (long long)w * len;

		snprintf(names[n], sizeof names[n], "v6.%d", w + 1);
		tags[n].name = names[n];
		tags[n].sha = h->sha[start];
		n++;
		for (int rc = 1; rc <= 7; rc++) {
			long long pos = start + len / 2 + (len / 2) * (rc - 1) / 7;

			if (w == h->windows - 1 && rc > 1)
				break;
			snprintf(names[n], sizeof names[n], "v6.%d-rc%d", w + 2, rc);
			tags[n].name = names[n];
			tags[n].sha = h->sha[pos - pos % 2];
			n++;
		}
	}
	if (db_tags_record(h->db, &changed, h->tree_id, tags, n) != DB_OK)
		hist_die("db_tags_record", NULL);
	rec_tags_dispose(&changed);
	free(tags);
	free(names);
}

static long long hist_register(struct hist *h, long long token, const char *name,
			       const char *cls, const char *cap)
{
	char *caps[] = { strdup(cap) }, *boots[] = { strdup("qemu") };
	struct rec_runner r = { .name = strdup(name), .runner_class = strdup(cls),
				.capabilities = caps, .ncapabilities = 1,
				.boot_methods = boots, .nboot_methods = 1,
				.numa_nodes = 2, .cpus = 16 };
	char *cause = NULL;
	long long id = 0;

	r.topology = json_pack("{s:i, s:i}", "numa_nodes", 2, "cpus", 16);
	if (db_runner_register(h->db, &id, token, &r, &cause) != DB_OK)
		hist_die("db_runner_register", cause);
	free(r.name);
	free(r.runner_class);
	free(caps[0]);
	free(boots[0]);
	json_decref(r.topology);
	return id;
}

/* The value of one sample: a level per metric, a job-to-job part (jl),
 * the iteration's noise, and the planted steps. */
static double hist_value(struct hist *h, int cls, int suite, int metric, long long merge,
			 long long fullidx, double jl)
{
	double v = 1000.0 * (1 + (suite * HIST_METRICS + metric) % 7) * jl *
		   (1 + 0.01 * hist_normal(h));

	for (int i = 0; i <= HIST_PLANTED; i++) {
		const struct hist_plant *pl = &plants[i];

		if (pl->cls == cls && pl->suite == suite && pl->metric == metric &&
		    merge >= pl->at_merge && (fullidx >= 0 || pl->at < 0))
			v *= HIST_STEP;
	}
	return v;
}

/* Adds the series of job_id to those -s analyses. */
static void hist_keep_series(struct hist *h, long long job_id)
{
	struct rec_job_series *v = NULL;
	size_t n = 0;

	if (db_job_series(h->db, job_id, &v, &n) != DB_OK)
		hist_die("db_job_series", NULL);
	for (size_t i = 0; i < n; i++) {
		if (h->nkeep == h->capkeep) {
			h->capkeep = h->capkeep ? 2 * h->capkeep : 1024;
			h->keep = realloc(h->keep, h->capkeep * sizeof *h->keep);
			if (!h->keep)
				hist_die("out of memory", NULL);
		}
		h->keep[h->nkeep++] = v[i].series_id;
	}
	rec_job_series_dispose(v, n);
}

/* 1 when suite s of class cls holds a planted step. */
static int hist_planted(int cls, int s)
{
	for (int i = 0; i <= HIST_PLANTED; i++)
		if (plants[i].cls == cls && plants[i].suite == s)
			return 1;
	return 0;
}

/* Claims and runs every queued job of class cls's runner. */
static void hist_run_class(struct hist *h, int cls, long long merge, long long fullidx,
			   const char *release)
{
	for (;;) {
		struct proto_job job;
		struct proto_result r = { 0 };
		const char *suite;
		char *cause = NULL;
		int s, dup, iters, nmetrics;

		if (db_job_claim(h->db, &job, h->runner[cls], HIST_LEASE) != DB_OK)
			hist_die("db_job_claim", NULL);
		if (!job.id)
			return;
		suite = json_string_value(json_object_get(job.spec, "suite"));
		for (s = 0; s < HIST_SUITES && strcmp(suite, suite_names[s]); s++)
			;
		r.job_id = job.id;
		r.attempt = job.attempt;
		r.status = strdup("ok");
		r.env = json_pack("{s:s, s:s, s:s, s:s}", "kernel_release", release,
				  "boot_method", "qemu", "cpu_model", "Example CPU @ 3.0GHz",
				  "governor", "performance");
		iters = s < HIST_SUITES ? 3 + s % 3 : HIST_BOOT_ITERS;
		nmetrics = s < HIST_SUITES ? HIST_METRICS : HIST_BOOT_METRICS;
		for (int m = 0; m < nmetrics; m++) {
			double jl = 1 + 0.005 * hist_normal(h);
			char name[32];

			snprintf(name, sizeof name, s < HIST_SUITES ? "op%02d" : "phase%d", m);
			for (int it = 0; it < iters; it++)
				if (proto_result_add(&r, suite, name, "ns", 0, it,
						     hist_value(h, cls, s, m, merge, fullidx, jl)) < 0)
					hist_die("proto_result_add", NULL);
		}
		if (db_job_result(h->db, h->runner[cls], &r, &dup, &cause) != DB_OK)
			hist_die("db_job_result", cause);
		if (h->subset && !h->seen[cls][s] && (cls < h->subset_classes || hist_planted(cls, s))) {
			h->seen[cls][s] = 1;
			hist_keep_series(h, job.id);
		}
		h->jobs++;
		h->samples += (long long)r.nsamples;
		proto_result_dispose(&r);
		proto_job_dispose(&job);
	}
}

/* The build job's result, as kpci-runner ends a build: its sizes and time
 * as kbuild samples. */
static int hist_build_result(struct hist *h, const struct proto_job *job,
			     const struct db_build_rec *b)
{
	struct proto_result r = { .job_id = job->id, .attempt = job->attempt };
	char *cause = NULL;
	int dup, rc;

	r.status = strdup("ok");
	r.env = json_pack("{s:s}", "kernel_release", b->kernel_release);
	proto_result_add(&r, "kbuild", "vmlinux-text", "bytes", 0, 0, (double)b->text_size);
	proto_result_add(&r, "kbuild", "vmlinux-data", "bytes", 0, 0, (double)b->data_size);
	proto_result_add(&r, "kbuild", "vmlinux-bss", "bytes", 0, 0, (double)b->bss_size);
	proto_result_add(&r, "kbuild", "bzImage-size", "bytes", 0, 0, (double)b->image_size);
	proto_result_add(&r, "kbuild", "build-time", "s", 0, 0,
			 b->duration_ms / 1000.0 * (1 + 0.02 * hist_normal(h)));
	rc = db_job_result(h->db, h->builder, &r, &dup, &cause);
	if (rc != DB_OK)
		fprintf(stderr, "bench_history: %s\n", cause ? cause : "db_job_result");
	h->samples += (long long)r.nsamples;
	free(cause);
	proto_result_dispose(&r);
	return rc == DB_OK ? 0 : -1;
}

/* Merge m built as the watcher and a build runner would: its candidate,
 * the claim, an ok build record, its bench jobs queued; then every class
 * runs what it was given. */
static void hist_build(struct hist *h, long long m, long long fullidx, const char *suites,
		       const char *classes)
{
	const char *sha = h->sha[hist_merge_pos(m)];
	json_t *spec = json_pack("{s:s, s:s, s:s, s:s}", "tree", HIST_TREE, "commit", sha,
				 "config", HIST_CONFIG, "branch", "master");
	struct db_build_rec b = { .state = "ok", .duration_ms = 300000,
				  .compiler = "gcc (Debian 12.2.0-14) 12.2.0",
				  .text_size = 20000000 + m, .data_size = 5000000,
				  .bss_size = 3000000, .image_size = 12000000, .make_jobs = 16 };
	struct proto_job job;
	char release[48], *cause = NULL;
	long long build_id;
	int queued;

	snprintf(release, sizeof release, "6.%lld.0-%.12s", m * h->windows / h->points + 1, sha);
	b.kernel_release = release;
	if (db_build_candidate(h->db, &queued, h->tree_id, spec, 0, 1000000) != DB_OK || !queued)
		hist_die("db_build_candidate", NULL);
	json_decref(spec);
	if (db_job_claim(h->db, &job, h->builder, HIST_LEASE) != DB_OK || !job.id)
		hist_die("db_job_claim (build)", NULL);
	if (db_build_record(h->db, &build_id, h->builder, job.id, job.attempt, &b, &cause) !=
	    DB_OK)
		hist_die("db_build_record", cause);
	if (hist_build_result(h, &job, &b) < 0)
		hist_die("db_job_result (build)", NULL);
	if (h->subset && !h->seen[0][HIST_SUITES + 1]) {        /* kbuild */
		h->seen[0][HIST_SUITES + 1] = 1;
		hist_keep_series(h, job.id);
	}
	proto_job_dispose(&job);
	h->jobs++;
	if (db_build_queue_benches(h->db, &queued, build_id, "boot", "class00", "qemu", 3) !=
	    DB_OK)
		hist_die("db_build_queue_benches", NULL);
	if (fullidx >= 0 && db_build_queue_benches(h->db, &queued, build_id, suites, classes,
						   "qemu", 3) != DB_OK)
		hist_die("db_build_queue_benches", NULL);
	for (int c = 0; c < h->classes; c++)
		hist_run_class(h, c, m, fullidx, release);
}

/* The analyzer's passes until no series is dirty, as kpcid's main loop
 * runs them (settled at once); with -s, the analysis of the kept series
 * only (analyze_series), the others left dirty. */
static void hist_analyze(struct hist *h)
{
	struct analyze_params p;
	struct analyze_stats st;
	size_t stored;

	analyze_params_default(&p);
	p.settle = 0;
	p.batch = 100000;
	if (h->subset) {
		for (size_t i = 0; i < h->nkeep; i++)
			if (analyze_series(h->db, h->keep[i], &p, &stored) < 0)
				hist_die("analyze_series", NULL);
		return;
	}
	do {
		if (analyze_pass(h->db, &p, &st) < 0)
			hist_die("analyze_pass", NULL);
	} while (st.visited);
}

static int hist_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void hist_print_ms(const char *name, double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, hist_cmp);
	printf("%s %.2f %.2f\n", name, 1e3 * v[n / 2], 1e3 * v[n - 1]);
}

/* -t: n jobs of the newest build, each claimed, stored and analysed; then
 * one job of it left running on each of the classes. */
static int hist_time_next(const char *path, int n, int classes)
{
	struct hist h = { .classes = 1, .rng = 7 };
	struct analyze_params p;
	struct rec_builds b;
	size_t stored;
	double *claim = calloc((size_t)n, sizeof *claim), *store = calloc((size_t)n, sizeof *store);
	double *pass = calloc((size_t)n, sizeof *pass);
	char *cause = NULL, *tok = NULL, role[8], name[32];
	long long token;

	if (!claim || !store || !pass || n < 1)
		hist_die("out of memory", NULL);
	if (db_open(&h.db, path, &cause) != DB_OK)
		hist_die("db_open", cause);
	if (db_builds_list(h.db, &b, "ok", 1, 0) != DB_OK || b.n != 1)
		hist_die("no build in the database", NULL);
	if (db_token_create(h.db, &tok, "runner", "probe", "*", &cause) != DB_OK ||
	    db_token_check(h.db, tok, role, &token) != DB_OK)
		hist_die("db_token_create", cause);
	free(tok);
	snprintf(name, sizeof name, "probe-%lld", token);
	h.runner[0] = hist_register(&h, token, name, "class00", "bench");
	analyze_params_default(&p);
	p.settle = 0;
	for (int i = 0; i < n; i++) {
		struct proto_job job;
		struct proto_result r = { 0 };
		const char *suite;
		int queued, dup, s;
		double t;

		if (db_build_queue_benches(h.db, &queued, b.v[0].id, "kbench", "class00", "qemu", 3) !=
		    DB_OK)
			hist_die("db_build_queue_benches", NULL);
		t = mono_now();
		if (db_job_claim(h.db, &job, h.runner[0], HIST_LEASE) != DB_OK || !job.id)
			hist_die("db_job_claim", NULL);
		claim[i] = mono_now() - t;
		suite = json_string_value(json_object_get(job.spec, "suite"));
		for (s = 0; s < HIST_SUITES && strcmp(suite, suite_names[s]); s++)
			;
		r.job_id = job.id;
		r.attempt = job.attempt;
		r.status = strdup("ok");
		r.env = json_pack("{s:s}", "kernel_release", "6.99.0");
		for (int m = 0; m < (s < HIST_SUITES ? HIST_METRICS : HIST_BOOT_METRICS); m++) {
			char metric[16];

			snprintf(metric, sizeof metric, s < HIST_SUITES ? "op%02d" : "phase%d", m);
			for (int it = 0; it < 4; it++)
				proto_result_add(&r, suite, metric, "ns", 0, it, 1000 + hist_normal(&h));
		}
		t = mono_now();
		if (db_job_result(h.db, h.runner[0], &r, &dup, &cause) != DB_OK)
			hist_die("db_job_result", cause);
		store[i] = mono_now() - t;
		t = mono_now();
		h.nkeep = 0;
		hist_keep_series(&h, job.id);
		for (size_t k = 0; k < h.nkeep; k++)
			if (analyze_series(h.db, h.keep[k], &p, &stored) < 0)
				hist_die("analyze_series", NULL);
		pass[i] = mono_now() - t;
		proto_result_dispose(&r);
		proto_job_dispose(&job);
	}
	/* then the lab in the middle of its day: each class's runner holds a
	 * job of the newest build, as the overview and /jobs show them */
	for (int c = 0; c < classes; c++) {
		struct proto_job job;
		char cls[16];
		int queued;

		snprintf(name, sizeof name, "busy-%lld-%02d", token, c);
		snprintf(cls, sizeof cls, "class%02d", c);
		h.runner[c] = hist_register(&h, token, name, cls, "bench");
		if (db_build_queue_benches(h.db, &queued, b.v[0].id, "kbench", cls, "qemu", 3) !=
		    DB_OK || db_job_claim(h.db, &job, h.runner[c], HIST_LEASE) != DB_OK)
			hist_die("db_job_claim", NULL);
		proto_job_dispose(&job);
	}
	rec_builds_dispose(&b);
	free(h.keep);
	db_close(h.db);
	hist_print_ms("claim_ms", claim, n);
	hist_print_ms("result_ms", store, n);
	hist_print_ms("analysis_ms", pass, n);
	free(claim);
	free(store);
	free(pass);
	return 0;
}

static long long hist_file_bytes(const char *path)
{
	struct stat s;

	return stat(path, &s) ? 0 : (long long)s.st_size;
}

static void hist_usage(void)
{
	fprintf(stderr, "usage: bench_history DB SAMPLES [-p POINTS] [-c CLASSES] "
		"[-w WINDOWS] [-a [-s K]]\n       bench_history -t N [-c CLASSES] DB\n");
	exit(2);
}

/* The number s, 1 to max; the usage otherwise. */
static long long hist_number(const char *s, long long max)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (end == s || *end || v < 1 || v > max) {
		fprintf(stderr, "bench_history: '%s' is not a number from 1 to %lld\n", s, max);
		hist_usage();
	}
	return v;
}

int main(int argc, char **argv)
{
	struct hist h = { .classes = 12, .windows = 6, .points = 5000, .rng = 42 };
	char suites[256] = "", classes[HIST_MAX_CLASSES * 9] = "", *cause = NULL, *tok = NULL;
	const char *branches[] = { "master" }, *path;
	long long want, per_full = 0, token, length;
	char role[8], tip[DB_SHA_LEN + 1], state[16];
	int analyze = 0, timed = 0, opt;
	json_t *policy;
	double t0, t_commits, t_jobs, t_analysis;

	setvbuf(stdout, NULL, _IOLBF, 0);
	log_set_level(LOG_WARN);
	/* a result's samples and SQLite's pages come and go: keep the heap
	 * (trimming it after each result was a third of the time) */
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	while ((opt = getopt(argc, argv, "p:c:w:as:t:")) != -1) {
		switch (opt) {
		case 'p': h.points = hist_number(optarg, 1000000); break;
		case 'c': h.classes = (int)hist_number(optarg, HIST_MAX_CLASSES); break;
		case 'w': h.windows = (int)hist_number(optarg, 1000); break;
		case 'a': analyze = 1; break;
		case 's': h.subset = 1;
			h.subset_classes = !strcmp(optarg, "0") ? 0 :
					   (int)hist_number(optarg, HIST_MAX_CLASSES);
			break;
		case 't': timed = (int)hist_number(optarg, 100000); break;
		default: hist_usage();
		}
	}
	if (timed > 0 && argc - optind == 1)
		return hist_time_next(argv[optind], timed, h.classes);
	if (argc - optind != 2 || h.points < 10 || h.classes < 1 || h.classes > HIST_MAX_CLASSES ||
	    h.windows < 1)
		hist_usage();
	path = argv[optind];
	want = hist_number(argv[optind + 1], 1LL << 40);
	for (int s = 0; s < HIST_SUITES; s++) {
		per_full += (long long)h.classes * HIST_METRICS * (3 + s % 3);
		snprintf(suites + strlen(suites), sizeof suites - strlen(suites), "%s%s",
			 s ? " " : "", suite_names[s]);
	}
	for (int c = 0; c < h.classes; c++)
		snprintf(classes + strlen(classes), sizeof classes - strlen(classes), "%sclass%02d",
			 c ? " " : "", c);
	h.full = (want - h.points * HIST_BOOT_METRICS * HIST_BOOT_ITERS) / per_full;
	if (h.full < HIST_PLANTED + 2)
		hist_die("SAMPLES is too small for the long series and ten full builds", NULL);
	if (h.full > h.points)
		h.points = h.full;
	h.line = 2 * h.points + 2;
	if (h.line / h.windows < 32)
		hist_die("too few commits for that many windows", NULL);
	for (int i = 0; i < HIST_PLANTED; i++) {
		plants[i] = (struct hist_plant){ .cls = (i * 5) % h.classes, .suite = i % HIST_SUITES,
			.metric = (i * 7) % HIST_METRICS,
			.at = h.full * (i + 2) / (HIST_PLANTED + 3) };
		/* the merge of full build `at` (see the loop over merges below) */
		plants[i].at_merge = ((plants[i].at + 1) * h.points + h.full - 1) / h.full - 1;
	}
	plants[HIST_PLANTED] = (struct hist_plant){ .cls = 0, .suite = HIST_SUITES, .metric = 1,
		.at = -1, .at_merge = h.points / 2 };

	unlink(path);
	t0 = mono_now();
	if (db_open(&h.db, path, &cause) != DB_OK)
		hist_die("db_open", cause);
	if (db_token_create(h.db, &tok, "runner", "lab", "*", &cause) != DB_OK ||
	    db_token_check(h.db, tok, role, &token) != DB_OK)
		hist_die("db_token_create", cause);
	free(tok);
	policy = json_pack("{s:s}", "candidates", "merges");
	if (db_tree_sync(h.db, &h.tree_id, HIST_TREE, "https://git.example.org/linux.git", policy,
			 branches, 1) != DB_OK ||
	    db_branch_get(h.db, &h.branch_id, tip, &length, state, h.tree_id, "master") != DB_OK)
		hist_die("db_tree_sync", NULL);
	json_decref(policy);
	hist_commits(&h);
	hist_tags(&h);
	t_commits = mono_now() - t0;
	h.builder = hist_register(&h, token, "builder", "build", "build");
	for (int c = 0; c < h.classes; c++) {
		char name[16], cls[16];

		snprintf(name, sizeof name, "lab-%02d", c);
		snprintf(cls, sizeof cls, "class%02d", c);
		h.runner[c] = hist_register(&h, token, name, cls, "bench");
	}
	for (long long m = 0, f = 0; m < h.points; m++) {
		int full = (m + 1) * h.full / h.points > m * h.full / h.points;

		hist_build(&h, m, full ? f : -1, suites, classes);
		f += full;
		if (m % 500 == 499)
			fprintf(stderr, "bench_history: %lld of %lld merges, %lld samples, %.0f s\n",
				m + 1, h.points, h.samples, mono_now() - t0);
	}
	t_jobs = mono_now() - t0 - t_commits;
	for (int i = 0; i <= HIST_PLANTED; i++) {
		const struct hist_plant *pl = &plants[i];
		char name[32];

		snprintf(name, sizeof name, pl->suite < HIST_SUITES ? "op%02d" : "phase%d",
			 pl->metric);
		printf("planted class%02d %s/%s %s\n", pl->cls, pl->suite < HIST_SUITES ?
		       suite_names[pl->suite] : "boot", name,
		       h.sha[hist_merge_pos(pl->at_merge)]);
	}
	t_analysis = mono_now();
	if (analyze)
		hist_analyze(&h);
	free(h.keep);
	t_analysis = mono_now() - t_analysis;
	db_close(h.db);
	printf("commits %lld\n", h.commits);
	printf("merges_measured %lld\n", h.points);
	printf("full_builds %lld\n", h.full);
	printf("jobs %lld\n", h.jobs);
	printf("samples %lld\n", h.samples);
	printf("seconds_commits %.1f\n", t_commits);
	printf("seconds_jobs %.1f\n", t_jobs);
	printf("seconds_analysis %.1f\n", t_analysis);
	printf("file_bytes %lld\n", hist_file_bytes(path));
	printf("bytes_per_sample %.1f\n", (double)hist_file_bytes(path) / (double)h.samples);
	return 0;
}
