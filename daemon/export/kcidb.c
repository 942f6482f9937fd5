// SPDX-License-Identifier: GPL-2.0-only
/*
 * kcidb.c - KCIDB documents from kpci's builds, results and regressions,
 * and the thread that delivers them (kcidb.h).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "daemon/export/kcidb.h"
#include "db/db.h"
#include "lib/buf.h"
#include "lib/client.h"
#include "lib/conf.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/mono.h"

#define KCIDB_SCHEMA_MAJOR 5
#define KCIDB_SCHEMA_MINOR 3
#define KCIDB_MAX_ANSWER   65536    /* bytes of KCIDB's answer kept for a log line */
#define KCIDB_MAX_PATH     200      /* characters of one test path component */

/* Where the next document starts: the last id of each kind it holds,
 * and the builds ("b:ID") and checkouts ("c:TREE_ID:SHA") the documents
 * before it hold (a dry run records nothing, so it must remember). */
struct kcidb_cursor {
	long long build, job, change;
	json_t *have;
};

/* One document being made: its objects, the refs they came from. */
struct kcidb_doc {
	const struct config *cfg;
	struct db *db;
	json_t *checkouts, *builds, *tests;
	json_t *sent;                   /* [[kind, ref, kcidb_id]] */
	json_t *have;                   /* the cursor's: what earlier documents hold */
};

int kcidb_config_check(const struct config *c, char **cause)
{
	const char *o = c->kcidb_origin;

	if (!o || !*o || strspn(o, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(o))
		return fail_cause(cause, "[kcidb] origin '%s' must be lowercase letters, digits "
				  "and _ (KCIDB's origin)", o ? o : "");
	if (c->kcidb_enabled && !c->kcidb_url)
		return fail_cause(cause, "[kcidb] enabled needs url, the submission endpoint");
	if (c->kcidb_enabled && !c->kcidb_token_file)
		return fail_cause(cause, "[kcidb] enabled needs token_file");
	return 0;
}

/* --- objects --------------------------------------------------------- */

/* RFC 3339 time of a UNIX time, as KCIDB's date-time fields want it. */
static json_t *kcidb_time(long long t)
{
	char out[40];
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%S+00:00", &tm);
	return json_string(out);
}

/* "ORIGIN:FORMAT..." */
static json_t *kcidb_id(const struct config *cfg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static json_t *kcidb_id(const struct config *cfg, const char *fmt, ...)
{
	char *rest = NULL, *id = NULL;
	json_t *j;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&rest, fmt, ap) < 0)
		rest = NULL;
	va_end(ap);
	if (!rest || asprintf(&id, "%s:%s", cfg->kcidb_origin, rest) < 0)
		id = NULL;
	j = id ? json_string(id) : NULL;
	free(rest);
	free(id);
	return j;
}

/* kpcid's own URL for path ("/changes/3"), or NULL. */
static json_t *kcidb_link(const struct config *cfg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static json_t *kcidb_link(const struct config *cfg, const char *fmt, ...)
{
	const char *base = cfg->kcidb_dashboard_url;
	size_t n = strlen(base);
	char *path = NULL, *url = NULL;
	json_t *j;
	va_list ap;

	while (n && base[n - 1] == '/')
		n--;
	va_start(ap, fmt);
	if (vasprintf(&path, fmt, ap) < 0)
		path = NULL;
	va_end(ap);
	if (!path || asprintf(&url, "%.*s%s", (int)n, base, path) < 0)
		url = NULL;
	j = url ? json_string(url) : NULL;
	free(path);
	free(url);
	return j;
}

/* A test path component: [A-Za-z0-9_-], anything else as '_'. */
static void kcidb_path_part(struct buf *b, const char *name)
{
	size_t n = 0;

	for (const char *p = name; *p && n < KCIDB_MAX_PATH; p++, n++) {
		char c = *p;

		buf_add(b, strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
				  c) && c ? &c : "_", 1);
	}
	if (!n)
		buf_add(b, "_", 1);
}

/* "kpci.SUITE.METRIC" */
static json_t *kcidb_path(const char *suite, const char *metric)
{
	struct buf b;
	json_t *j;

	buf_init(&b, 4 * KCIDB_MAX_PATH);
	buf_adds(&b, "kpci.");
	kcidb_path_part(&b, suite);
	buf_adds(&b, ".");
	kcidb_path_part(&b, metric);
	j = json_string(buf_str(&b));
	buf_dispose(&b);
	return j;
}

static int kcidb_is_sha1(const char *s)
{
	return s && strlen(s) == 40 && strspn(s, "0123456789abcdef") == 40;
}

/* Adds the checkout of build row b unless it was sent or is in the doc. */
static void kcidb_add_checkout(struct kcidb_doc *d, const struct db_kcidb_build *b)
{
	const char *tree = b->tree, *sha = b->commit_sha;
	const char *url = b->url, *subject = b->subject;
	char ref[512];
	json_t *c, *id;

	snprintf(ref, sizeof ref, "c:%lld:%s", b->tree_id, sha ? sha : "");
	if (b->checkout_sent || json_object_get(d->have, ref))
		return;
	json_object_set_new(d->have, ref, json_true());
	id = kcidb_id(d->cfg, "%s:%s", tree, sha ? sha : "");
	c = json_pack("{s:o, s:s, s:s, s:o, s:b}", "id", id, "origin", d->cfg->kcidb_origin,
		      "tree_name", tree, "start_time", kcidb_time(b->created_at), "valid", 1);
	if (kcidb_is_sha1(sha))
		json_object_set_new(c, "git_commit_hash", json_string(sha));
	if (url && !strncmp(url, "https://", 8))
		json_object_set_new(c, "git_repository_url", json_string(url));
	if (b->branch)
		json_object_set_new(c, "git_repository_branch", json_string(b->branch));
	if (subject)
		json_object_set_new(c, "comment", json_string(subject));
	json_object_set_new(c, "misc", json_pack("{s:s, s:s?}", "kpci_tree", tree, "commit", sha));
	json_array_append_new(d->checkouts, c);
	json_array_append_new(d->sent, json_pack("[s, s, O]", "checkout", ref + 2,
						 json_object_get(c, "id")));
}

static const char *kcidb_build_status(const char *state)
{
	if (!strcmp(state, "ok"))
		return "PASS";
	return !strcmp(state, "failed") ? "FAIL" : "ERROR";   /* timeout: not finished */
}

/* Adds build row b and its checkout. */
static void kcidb_add_build(struct kcidb_doc *d, const struct db_kcidb_build *b)
{
	long long id = b->id;
	const char *error = b->error;
	json_t *o, *files;
	char ref[32];

	snprintf(ref, sizeof ref, "b:%lld", id);
	if (json_object_get(d->have, ref))
		return;
	files = json_array();
	json_object_set_new(d->have, ref, json_true());
	kcidb_add_checkout(d, b);
	o = json_pack("{s:o, s:s, s:o, s:s, s:s, s:s, s:o, s:o}",
		      "id", kcidb_id(d->cfg, "build-%lld", id), "origin", d->cfg->kcidb_origin,
		      "checkout_id", kcidb_id(d->cfg, "%s:%s", b->tree, b->commit_sha),
		      "architecture", "x86_64", "config_name", b->config_name,
		      "status", kcidb_build_status(b->state),
		      "start_time", kcidb_time(b->started_at ? b->started_at : b->created_at),
		      "log_url", kcidb_link(d->cfg, "/api/v1/builds/%lld/log", id));
	if (b->duration_ms != REC_NONE)
		json_object_set_new(o, "duration", json_real((double)b->duration_ms / 1e3));
	if (b->compiler)
		json_object_set_new(o, "compiler", json_string(b->compiler));
	if (error)
		json_object_set_new(o, "log_excerpt", json_stringn(error, strlen(error) >
					KCIDB_MAX_EXCERPT ? KCIDB_MAX_EXCERPT : strlen(error)));
	for (size_t i = 0; i < b->nartifacts; i++) {
		const char *name = b->artifacts[i].name, *sha = b->artifacts[i].sha256;

		if (!name || !sha || strchr(name, '/'))
			continue;
		json_array_append_new(files, json_pack("{s:s, s:o}", "name", name, "url",
			kcidb_link(d->cfg, "/api/v1/artifacts/download?sha256=%s", sha)));
		if (!strcmp(name, ".config"))
			json_object_set_new(o, "config_url",
				kcidb_link(d->cfg, "/api/v1/artifacts/download?sha256=%s", sha));
	}
	if (json_array_size(files))
		json_object_set_new(o, "output_files", files);
	else
		json_decref(files);
	json_object_set_new(o, "misc", json_pack("{s:I, s:s?, s:I, s:I, s:I, s:I, s:I}",
		"kpci_build", (json_int_t)id, "kernel_release", b->kernel_release,
		"vmlinux_text", (json_int_t)b->text_size, "vmlinux_data", (json_int_t)b->data_size,
		"vmlinux_bss", (json_int_t)b->bss_size, "image_size", (json_int_t)b->image_size,
		"make_jobs", (json_int_t)b->make_jobs));
	json_array_append_new(d->builds, o);
	json_array_append_new(d->sent, json_pack("[s, s, O]", "build", ref + 2,
						 json_object_get(o, "id")));
}

/* Makes sure the build of a job or regression is in the document unless
 * it was delivered before. */
static void kcidb_need_build(struct kcidb_doc *d, long long build_id)
{
	struct db_kcidb_build b;
	char ref[32];

	snprintf(ref, sizeof ref, "b:%lld", build_id);
	if (json_object_get(d->have, ref) || db_kcidb_sent(d->db, "build", build_id))
		return;
	if (db_kcidb_build(d->db, &b, build_id) == DB_OK)
		kcidb_add_build(d, &b);
	db_kcidb_build_dispose(&b);
}

static int kcidb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The test of one (job, metric): samples[from, to) of the job's samples. */
static json_t *kcidb_metric_test(struct kcidb_doc *d, const struct db_kcidb_job *job,
				 size_t from, size_t to)
{
	const struct db_kcidb_sample *s0 = &job->samples[from];
	size_t n = to - from;
	double *v = calloc(n, sizeof *v), median;
	json_t *its = json_array(), *t, *env;
	long long started = job->started_at, finished = job->finished_at;

	if (!v) {
		json_decref(its);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		v[i] = job->samples[from + i].value;
		json_array_append_new(its, json_real(v[i]));
	}
	qsort(v, n, sizeof *v, kcidb_cmp_double);
	median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	free(v);
	env = json_pack("{s:s?, s:s?, s:s?, s:s?, s:s?, s:s?, s:s?}",
			"runner", s0->runner, "runner_class", s0->runner_class,
			"kernel_release", s0->kernel_release, "boot_method", s0->boot_method,
			"cpu_model", s0->cpu_model, "lab_job_url", job->lab_job_url,
			"lab_device", job->lab_device);
	t = json_pack("{s:o, s:s, s:o, s:o, s:s, s:{s:f, s:s}, s:{s:s, s:o}, s:o, s:o}",
		      "id", kcidb_id(d->cfg, "job-%lld:%s/%s", job->id, s0->suite, s0->metric),
		      "origin", d->cfg->kcidb_origin,
		      "build_id", kcidb_id(d->cfg, "build-%lld", job->build_id),
		      "path", kcidb_path(s0->suite, s0->metric),
		      "status", "DONE",
		      "number", "value", median, "unit", s0->unit,
		      "environment", "comment", s0->runner_class, "misc", env,
		      "start_time", kcidb_time(started),
		      "log_url", kcidb_link(d->cfg, "/jobs/%lld", job->id));
	if (!t) {
		json_decref(its);
		return NULL;
	}
	if (finished >= started && started)
		json_object_set_new(t, "duration", json_real((double)(finished - started)));
	json_object_set_new(t, "misc", json_pack("{s:o, s:s, s:s, s:I, s:i, s:s}",
		"iterations", its, "direction", s0->better, "statistic", "median",
		"kpci_job", (json_int_t)job->id, "attempt", (int)job->attempt,
		"metric", s0->metric));
	return t;
}

/* Adds a job's tests, one per metric (its samples are ordered by suite
 * and metric). */
static void kcidb_add_job(struct kcidb_doc *d, const struct db_kcidb_job *job)
{
	size_t n = job->nsamples, from = 0;
	char ref[32];
	json_t *first = NULL;

	kcidb_need_build(d, job->build_id);
	for (size_t i = 1; i <= n; i++) {
		const struct db_kcidb_sample *a = &job->samples[from], *b = &job->samples[i];
		json_t *t;

		if (i < n && !strcmp(a->suite, b->suite) && !strcmp(a->metric, b->metric))
			continue;
		t = kcidb_metric_test(d, job, from, i);
		if (t) {
			if (!first)
				first = json_incref(json_object_get(t, "id"));
			json_array_append_new(d->tests, t);
		}
		from = i;
	}
	snprintf(ref, sizeof ref, "%lld", job->id);
	json_array_append_new(d->sent, json_pack("[s, s, o]", "tests", ref,
						 first ? first : json_string("")));
}

/* Adds a regression as a failing test on the build of its first bad commit. */
static void kcidb_add_regression(struct kcidb_doc *d, const struct db_kcidb_regression *c)
{
	long long id = c->id;
	const char *unit = c->unit, *good = c->good_sha;
	const char *bad = c->bad_sha;
	char ref[32], *comment = NULL;
	json_t *t;

	kcidb_need_build(d, c->build_id);
	if (asprintf(&comment, "kpci found a regression of %s/%s on %s: %+.1f%% (%.4g -> %.4g %s) "
		     "in %.12s..%.12s", c->suite, c->metric, c->runner_class, 100 * c->magnitude,
		     c->mean_before, c->mean_after, unit, good ? good : "(start)", bad) < 0)
		comment = NULL;
	t = json_pack("{s:o, s:s, s:o, s:o, s:s, s:{s:f, s:s}, s:s?, s:o, s:o, s:[{s:s, s:o}]}",
		      "id", kcidb_id(d->cfg, "change-%lld", id), "origin", d->cfg->kcidb_origin,
		      "build_id", kcidb_id(d->cfg, "build-%lld", c->build_id),
		      "path", kcidb_path(c->suite, c->metric),
		      "status", "FAIL",
		      "number", "value", c->mean_after,
		      "unit", unit, "comment", comment,
		      "start_time", kcidb_time(c->detected_at),
		      "log_url", kcidb_link(d->cfg, "/changes/%lld", id),
		      "output_files", "name", "change.html", "url",
		      kcidb_link(d->cfg, "/changes/%lld", id));
	free(comment);
	if (!t)
		return;
	json_object_set_new(t, "misc", json_pack("{s:I, s:s, s:f, s:f, s:f, s:s?, s:s, s:s, s:s}",
		"kpci_change", (json_int_t)id, "kind", "regression",
		"magnitude", c->magnitude, "mean_before", c->mean_before,
		"mean_after", c->mean_after, "good_sha", good, "bad_sha", bad,
		"direction", c->better, "triage", c->state));
	json_array_append_new(d->tests, t);
	snprintf(ref, sizeof ref, "%lld", id);
	json_array_append_new(d->sent, json_pack("[s, s, O]", "regression", ref,
						 json_object_get(t, "id")));
}

/*
 * The next document after cur (which advances): *doc and *sent (caller
 * owns both).  Returns how many objects it holds; 0 when nothing is left.
 */
static size_t kcidb_next(struct db *db, const struct config *cfg, struct kcidb_cursor *cur,
			 json_t **doc, json_t **sent)
{
	struct kcidb_doc d = { .cfg = cfg, .db = db, .checkouts = json_array(),
			       .builds = json_array(), .tests = json_array(),
			       .sent = json_array(), .have = cur->have };
	struct db_kcidb_builds builds;
	struct db_kcidb_jobs jobs;
	struct db_kcidb_regressions regs;
	size_t i, n;

	/* a list that cannot be read is empty: the next round reads it again */
	db_kcidb_builds(db, &builds, cur->build, (int)cfg->kcidb_batch);
	for (i = 0; i < builds.n; i++) {
		kcidb_add_build(&d, &builds.v[i]);
		cur->build = builds.v[i].id;
	}
	db_kcidb_builds_dispose(&builds);
	db_kcidb_jobs(db, &jobs, cur->job, (int)cfg->kcidb_batch);
	for (i = 0; i < jobs.n; i++) {
		kcidb_add_job(&d, &jobs.v[i]);
		cur->job = jobs.v[i].id;
	}
	db_kcidb_jobs_dispose(&jobs);
	db_kcidb_regressions(db, &regs, cur->change, cfg->confirm_enabled,
			     (int)cfg->kcidb_batch);
	for (i = 0; i < regs.n; i++) {
		kcidb_add_regression(&d, &regs.v[i]);
		cur->change = regs.v[i].id;
	}
	db_kcidb_regressions_dispose(&regs);
	n = json_array_size(d.checkouts) + json_array_size(d.builds) + json_array_size(d.tests);
	*doc = json_pack("{s:{s:i, s:i}, s:o, s:o, s:o}", "version", "major", KCIDB_SCHEMA_MAJOR,
			 "minor", KCIDB_SCHEMA_MINOR, "checkouts", d.checkouts, "builds", d.builds,
			 "tests", d.tests);
	*sent = d.sent;
	return n;
}

/* --- delivery ------------------------------------------------------- */

/* Posts doc; 0 when KCIDB answered 2xx, else -1 with *cause. */
static int kcidb_post(const struct config *cfg, const json_t *doc, char **cause)
{
	struct client c;
	struct buf answer;
	char *token = NULL, *text;
	long status;
	int rc;

	if (conf_read_secret(&token, "[kcidb] token_file", cfg->kcidb_token_file, cause) < 0)
		return -1;
	rc = client_init(&c, cfg->kcidb_url, token, cause);
	free(token);
	if (rc < 0)
		return -1;
	text = json_dumps(doc, JSON_COMPACT);
	buf_init(&answer, KCIDB_MAX_ANSWER);
	rc = text ? client_send(&c, "POST", "", text, "application/json", &status, &answer,
				cause) : fail_cause(cause, "out of memory");
	if (rc == 0 && (status < 200 || status > 299))
		rc = fail_cause(cause, "%s answered %ld: %.200s", cfg->kcidb_url, status,
				buf_str(&answer));
	buf_dispose(&answer);
	free(text);
	client_dispose(&c);
	return rc;
}

/* Sends every pending document; *objects counts what was delivered.
 * 0, or -1 with *cause at the first failed post (nothing of it recorded). */
static int kcidb_send_all(struct db *db, const struct config *cfg, long long *objects,
			  const volatile int *stop, char **cause)
{
	struct kcidb_cursor cur = { .have = json_object() };
	json_t *doc, *sent;
	size_t n;
	int rc = 0;

	*objects = 0;
	while (rc == 0 && !(stop && *stop)) {
		n = kcidb_next(db, cfg, &cur, &doc, &sent);
		if (n > 0)
			rc = kcidb_post(cfg, doc, cause);
		if (n > 0 && rc == 0 && db_kcidb_mark(db, sent, cause) != DB_OK)
			rc = -1;
		if (n > 0 && rc == 0) {
			*objects += (long long)n;
			log_info("kcidb: delivered %zu checkouts, %zu builds, %zu tests",
				 json_array_size(json_object_get(doc, "checkouts")),
				 json_array_size(json_object_get(doc, "builds")),
				 json_array_size(json_object_get(doc, "tests")));
		}
		json_decref(doc);
		json_decref(sent);
		if (!n)
			break;
	}
	json_decref(cur.have);
	return rc;
}

static struct {
	struct kpcid *k;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cv;
	volatile int stop;
	int running;
} kcidb = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void *kcidb_main(void *arg)
{
	long long wait, backoff = 0, objects;
	char *cause = NULL;

	while (!kcidb.stop) {
		struct timespec until;

		if (kcidb_send_all(kcidb.k->db, &kcidb.k->cfg, &objects, &kcidb.stop, &cause) < 0) {
			backoff = backoff ? backoff * 2 : KCIDB_RETRY_FIRST;
			if (backoff > kcidb.k->cfg.kcidb_interval)
				backoff = kcidb.k->cfg.kcidb_interval;
			log_warn("kcidb: %s; retrying in %lld s", cause ? cause : "submission failed",
				 backoff);
			free(cause);
			cause = NULL;
			wait = backoff;
		} else {
			backoff = 0;
			wait = kcidb.k->cfg.kcidb_interval;
		}
		mono_deadline(&until, (long long)wait * 1000);
		pthread_mutex_lock(&kcidb.lock);
		while (!kcidb.stop && pthread_cond_timedwait(&kcidb.cv, &kcidb.lock, &until) == 0)
			;
		pthread_mutex_unlock(&kcidb.lock);
	}
	return NULL;
}

int kcidb_start(struct kpcid *k, char **cause)
{
	pthread_condattr_t attr;

	if (!k->cfg.kcidb_enabled || kcidb.running)
		return 0;
	kcidb.k = k;
	kcidb.stop = 0;
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&kcidb.cv, &attr);
	pthread_condattr_destroy(&attr);
	if (pthread_create(&kcidb.thread, NULL, kcidb_main, NULL) != 0) {
		pthread_cond_destroy(&kcidb.cv);
		return fail_cause(cause, "cannot start the KCIDB thread");
	}
	kcidb.running = 1;
	log_info("kcidb: sending to %s as origin %s every %lld s", k->cfg.kcidb_url,
		 k->cfg.kcidb_origin, k->cfg.kcidb_interval);
	return 0;
}

void kcidb_stop(void)
{
	if (!kcidb.running)
		return;
	pthread_mutex_lock(&kcidb.lock);
	kcidb.stop = 1;
	pthread_cond_signal(&kcidb.cv);
	pthread_mutex_unlock(&kcidb.lock);
	pthread_join(kcidb.thread, NULL);
	pthread_cond_destroy(&kcidb.cv);
	kcidb.running = 0;
}

/* Prints every pending document; records nothing. */
static int kcidb_dry_run(struct kpcid *k)
{
	struct kcidb_cursor cur = { .have = json_object() };
	json_t *doc, *sent;
	size_t n;

	while ((n = kcidb_next(k->db, &k->cfg, &cur, &doc, &sent)) > 0) {
		json_dumpf(doc, stdout, JSON_INDENT(2));
		putchar('\n');
		json_decref(doc);
		json_decref(sent);
	}
	json_decref(doc);
	json_decref(sent);
	json_decref(cur.have);
	return fflush(stdout) == 0 ? 0 : 1;
}

int kcidb_command(struct kpcid *k, int argc, char **argv)
{
	int dry = argc == 3 && !strcmp(argv[2], "--dry-run");
	long long objects = 0;
	char *cause = NULL;

	if (argc < 2 || strcmp(argv[1], "export") || (argc == 3 && !dry) || argc > 3) {
		fprintf(stderr, "usage: kpcid [-c FILE] kcidb export [--dry-run]\n");
		return 2;
	}
	if (dry)
		return kcidb_dry_run(k);
	if (!k->cfg.kcidb_url || !k->cfg.kcidb_token_file) {
		fprintf(stderr, "kpcid: kcidb export needs [kcidb] url and token_file "
			"(or --dry-run)\n");
		return 2;
	}
	if (kcidb_send_all(k->db, &k->cfg, &objects, NULL, &cause) < 0) {
		fprintf(stderr, "kpcid: kcidb: %s (%lld objects delivered before)\n",
			cause ? cause : "submission failed", objects);
		free(cause);
		return 1;
	}
	fprintf(stderr, "kpcid: kcidb: %lld objects delivered\n", objects);
	return 0;
}
