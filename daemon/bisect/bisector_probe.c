// SPDX-License-Identifier: GPL-2.0-only
/*
 * bisector_probe.c - one probe of a bisection against the real queue:
 * the build of its commit (found, waited for or queued, marked as the
 * bisection's), its bench jobs at the bisection's priority, a lost job or
 * build queued again and, when the retries are spent, the probe skipped
 * and named; the sides of its judgement read from the stored samples,
 * the job the unit; and the entries of the bisection's log.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/bisect/bisector_internal.h"
#include "daemon/kpcid.h"
#include "lib/log.h"

#define BISECTOR_JOB_MAX 100000     /* iterations of one job read at most */

const char *bisector_subject(const struct bisector_run *r, const char *sha)
{
	for (size_t i = 0; r->dag && i < r->dag->n; i++)
		if (!strcmp(r->dag->commits[i].sha, sha))
			return r->dag->commits[i].subject;
	return "";
}

json_t *bisector_entry(const struct bisector_run *r, const struct db_bisect_probe *p,
		       const char *verdict, const char *reason)
{
	return json_pack("{s:i, s:s, s:s, s:s, s:s, s:i, s:s}", "round", p->round, "role",
			 p->role, "sha", p->sha, "subject", bisector_subject(r, p->sha), "verdict",
			 verdict, "jobs", p->jobs - p->failed, "reason", reason ? reason : "");
}

int bisector_probe_end(struct bisector_run *r, const struct db_bisect_probe *p,
		       const char *state, const char *outcome, const char *reason, json_t *entry)
{
	if (db_bisect_probe_set(r->k->db, p->id, state, outcome, reason, entry, -1, -1, -1,
				entry) != DB_OK) {
		log_error("bisection %lld: cannot record the end of probe %.12s", r->b.id, p->sha);
		return -1;
	}
	log_info("bisection %lld: %s %.12s %s: %s", r->b.id, p->role, p->sha,
		 outcome ? outcome : state, reason);
	return 0;
}

/* The spec of a build of sha: the bisected build's, at sha. */
static json_t *bisector_build_spec(const struct bisector_run *r, const char *sha)
{
	json_t *spec = json_deep_copy(r->build);
	char reason[96];

	if (!spec)
		return NULL;
	snprintf(reason, sizeof reason, "bisection %lld", r->b.id);
	json_object_set_new(spec, "commit", json_string(sha));
	json_object_set_new(spec, "reason", json_string(reason));
	return spec;
}

/* Queues count jobs of probe p with iterations, of its build (or of the
 * runner's kernel without one). */
static int bisector_jobs(struct bisector_run *r, struct db_bisect_probe *p, int count,
			 int iterations)
{
	json_t *spec = json_deep_copy(r->bench);
	int queued = 0, rc;

	if (!spec)
		return -1;
	if (iterations > 0)
		json_object_set_new(spec, "iterations", json_integer(iterations));
	rc = db_bisect_queue_jobs(r->k->db, &queued, p->id, spec, r->b.runner_class,
				  (int)r->k->cfg.bisect_priority, kpcid_max_attempts(r->k), r->b.tree_id,
				  p->sha, r->build ? p->build_id : 0, count);
	json_decref(spec);
	if (rc != DB_OK) {
		if (rc != DB_CONFLICT)
			log_error("bisection %lld: cannot queue the jobs of %.12s", r->b.id, p->sha);
		return -1;
	}
	p->pending += queued;
	p->jobs += queued;
	return 0;
}

/* Queues a build of p's commit for p (the first, or again after one was
 * lost: build_retries counts those). */
static int bisector_build(struct bisector_run *r, struct db_bisect_probe *p)
{
	json_t *spec = bisector_build_spec(r, p->sha);
	long long build = 0;
	int rc;

	if (!spec)
		return -1;
	rc = db_bisect_queue_build(r->k->db, &build, p->id, r->b.id, spec, r->b.config,
				   (int)r->k->cfg.bisect_priority, kpcid_max_attempts(r->k));
	json_decref(spec);
	if (rc != DB_OK)
		return -1;
	log_info("bisection %lld: build %lld of %.12s queued (%s)", r->b.id, build, p->sha,
		 p->role);
	p->build_id = build;
	return 0;
}

int bisector_probe_revert(struct bisector_run *r, struct db_bisect_probe *p)
{
	const char *culprit = r->b.culprit;
	json_t *spec = bisector_build_spec(r, p->sha);
	char config[PROTO_MAX_NAME + 32];
	long long build = 0;
	int rc;

	if (!spec)
		return -1;
	json_object_set_new(spec, "revert", json_string(culprit));
	/* its jobs' samples go to series of their own (db_results.c: '@') */
	snprintf(config, sizeof config, "%s@revert-%.*s", r->b.config, BISECTOR_SHA, culprit);
	rc = db_bisect_queue_build(r->k->db, &build, p->id, r->b.id, spec, config,
				   (int)r->k->cfg.bisect_priority, kpcid_max_attempts(r->k));
	json_decref(spec);
	if (rc != DB_OK)
		return -1;
	log_info("bisection %lld: build %lld of %.12s with %.12s reverted queued", r->b.id, build,
		 p->sha, culprit);
	p->build_id = build;
	return 0;
}

int bisector_probe_more(struct bisector_run *r, struct db_bisect_probe *p, int count,
			int iterations)
{
	if (iterations != p->iterations &&
	    db_bisect_probe_set(r->k->db, p->id, p->state, NULL, NULL, NULL, -1, -1, iterations,
				NULL) != DB_OK)
		return -1;
	p->iterations = iterations;
	return bisector_jobs(r, p, count, iterations);
}

int bisector_probe_start(struct bisector_run *r, struct db_bisect_probe *p, int count)
{
	char state[16];
	long long build = 0;
	int kernel = 0;

	if (!r->build)                  /* boot host: the runner's own kernel */
		return count ? bisector_jobs(r, p, count, p->iterations) : 0;
	if (db_build_find(r->k->db, &build, state, &kernel, r->b.tree_id, p->sha,
			  r->b.config) != DB_OK)
		return -1;
	if (!build)
		return bisector_build(r, p);
	p->build_id = build;
	if (!strcmp(state, "ok") && kernel) {
		if (db_bisect_probe_build(r->k->db, p->id, build) != DB_OK)
			return -1;
		return count ? bisector_jobs(r, p, count, p->iterations) : 0;
	}
	/* queued, building, or failed before: bisector_probe_advance follows it */
	return db_bisect_probe_build(r->k->db, p->id, build) == DB_OK ? 0 : -1;
}

/* Skips p: it will never be judged (why says it). */
static enum bisector_ready bisector_gone(struct bisector_run *r, struct db_bisect_probe *p,
					 const char *verdict, const char *why)
{
	json_t *entry = bisector_entry(r, p, verdict, why);

	bisector_probe_end(r, p, "skipped", "skip", why, entry);
	json_decref(entry);
	snprintf(p->reason, sizeof p->reason, "%s", why);
	snprintf(p->state, sizeof p->state, "%s", "skipped");
	snprintf(p->outcome, sizeof p->outcome, "%s", "skip");
	return BISECTOR_GONE;
}

/* The first line of text, at most max bytes, into out. */
static void bisector_first_line(char *out, size_t size, const char *text)
{
	size_t n = strcspn(text, "\r\n");

	snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), text);
}

/* A probe waiting for its build. */
static enum bisector_ready bisector_building(struct bisector_run *r, struct db_bisect_probe *p,
					     int initial)
{
	const struct config *cfg = &r->k->cfg;
	char why[DB_BISECT_TEXT + 160], line[DB_BISECT_TEXT];
	int lost;

	bisector_first_line(line, sizeof line, p->build_error);
	if (!strcmp(p->build_state, "ok") && p->build_kernel) {
		if (!initial)
			return db_bisect_probe_set(r->k->db, p->id, "measuring", NULL, NULL, NULL, -1,
						   -1, -1, NULL) == DB_OK ? BISECTOR_READY : BISECTOR_WAIT;
		bisector_jobs(r, p, initial, p->iterations);
		return BISECTOR_WAIT;
	}
	if (!strcmp(p->build_state, "ok") || !strcmp(p->build_state, "failed") ||
	    !strcmp(p->build_state, "timeout")) {
		snprintf(why, sizeof why, "does not build: build %lld %s%s%s", p->build_id,
			 !strcmp(p->build_state, "ok") ? "has no bzImage" :
			 !strcmp(p->build_state, "failed") ? "failed" : "timed out",
			 line[0] ? ": " : "", line);
		return bisector_gone(r, p, "does not build", why);
	}
	lost = !strcmp(p->build_job, "failed") || !strcmp(p->build_job, "cancelled") ||
	       r->now - p->updated_at > cfg->bisect_probe_timeout;
	if (!lost)
		return BISECTOR_WAIT;
	if (p->build_retries < cfg->bisect_retries) {
		log_warn("bisection %lld: build %lld of %.12s was lost (%s); queued again", r->b.id,
			 p->build_id, p->sha, line[0] ? line : "no answer");
		if (db_bisect_probe_set(r->k->db, p->id, "building", NULL, NULL, NULL, -1,
					p->build_retries + 1, -1, NULL) == DB_OK) {
			if (!strcmp(p->role, "revert"))
				bisector_probe_revert(r, p);
			else
				bisector_build(r, p);
		}
		return BISECTOR_WAIT;
	}
	snprintf(why, sizeof why, "lost: build %lld never finished after %d tries (%s)",
		 p->build_id, p->build_retries + 1, line[0] ? line : "no answer");
	return bisector_gone(r, p, "lost", why);
}

enum bisector_ready bisector_probe_advance(struct bisector_run *r, struct db_bisect_probe *p,
					   int initial)
{
	const struct config *cfg = &r->k->cfg;
	char why[DB_BISECT_TEXT + 160];

	if (!strcmp(p->state, "building"))
		return bisector_building(r, p, initial);
	if (strcmp(p->state, "measuring"))
		return BISECTOR_GONE;
	if (p->failed > p->retries && p->retries < cfg->bisect_retries) {
		log_warn("bisection %lld: a job of %.12s was lost (%s); queued again", r->b.id,
			 p->sha, p->failure);
		if (db_bisect_probe_set(r->k->db, p->id, "measuring", NULL, NULL, NULL,
					p->retries + 1, -1, -1, NULL) == DB_OK)
			bisector_jobs(r, p, 1, p->iterations);
		return BISECTOR_WAIT;
	}
	if (!p->pending && p->jobs && p->failed == p->jobs) {
		snprintf(why, sizeof why, "lost: none of its %d jobs came back, %d of them queued "
			 "again (last: %s)", p->jobs, p->retries, p->failure);
		return bisector_gone(r, p, "lost", why);
	}
	if (p->pending) {
		if (r->now - p->updated_at > cfg->bisect_probe_timeout) {
			log_warn("bisection %lld: the jobs of %.12s waited %lld s; cancelled to be "
				 "queued again", r->b.id, p->sha, r->now - p->updated_at);
			db_bisect_cancel(r->k->db, r->b.id, p->id);
		}
		return BISECTOR_WAIT;
	}
	return BISECTOR_READY;
}

/* 1 when sha is among shas[0..n). */
static int bisector_in(const char *sha, const char *const *shas, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(sha, shas[i]))
			return 1;
	return 0;
}

/* The first sample of series_id in r's samples (sorted by series). */
static size_t bisector_first_of(const struct bisector_run *r, long long series_id)
{
	size_t lo = 0, hi = r->nsamples;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->samples[mid].series_id < series_id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int bisector_side_of(const struct bisector_run *r, size_t m, const char *const *shas,
		     size_t n, struct bisector_side *out)
{
	long long series = r->metrics[m].series_id;
	size_t a = bisector_first_of(r, series), cap = 0;
	double *x = NULL;

	out->jobs = NULL;
	out->n = 0;
	while (a < r->nsamples && r->samples[a].series_id == series) {
		const struct db_bisect_sample *s = &r->samples[a];
		size_t e = a, k;

		while (e < r->nsamples && r->samples[e].series_id == series &&
		       r->samples[e].job_id == s->job_id && !strcmp(r->samples[e].sha, s->sha) &&
		       e - a < BISECTOR_JOB_MAX)
			e++;
		if (bisector_in(s->sha, shas, n)) {
			struct verdict_job *grown = realloc(out->jobs, (out->n + 1) * sizeof *grown);

			if (!grown)
				goto fail;
			out->jobs = grown;
			if (e - a > cap) {
				double *nx = realloc(x, (e - a) * sizeof *nx);

				if (!nx)
					goto fail;
				x = nx;
				cap = e - a;
			}
			for (k = a; k < e; k++)
				x[k - a] = r->samples[k].value;
			if (s->fold.n > 0)      /* a folded job: its sums */
				db_fold_job(&out->jobs[out->n++], &s->fold);
			else
				verdict_job_of(&out->jobs[out->n++], x, e - a);
		}
		a = e;
	}
	free(x);
	return 0;
fail:
	free(x);
	free(out->jobs);
	out->jobs = NULL;
	out->n = 0;
	return -1;
}

size_t bisector_jobs_at(const struct bisector_run *r, const char *const *shas, size_t n)
{
	struct bisector_side s;
	size_t jobs;

	if (!r->nmetrics || bisector_side_of(r, 0, shas, n, &s) < 0)
		return 0;
	jobs = s.n;
	free(s.jobs);
	return jobs;
}

/* A copy of s; *ok 0 when out of memory. */
static char *bisector_dup(const char *s, int *ok)
{
	char *d = strdup(s);

	if (!d)
		*ok = 0;
	return d;
}

int bisector_lines(struct rec_bisect_line **out, size_t *n, const struct bisector_run *r,
			  const struct bisect_metric_verdict *v, const struct verdict *vs, int ends)
{
	struct rec_bisect_line *l = calloc(r->nmetrics + 1, sizeof *l), *m;
	char t1[96], t2[96];
	int ok = l != NULL;

	*n = 0;
	for (size_t i = 0; ok && i < r->nmetrics; i++) {
		if (!ends && vs && !vs[i].jobs[0])
			continue;
		m = &l[(*n)++];
		m->metric = bisector_dup(r->metrics[i].name, &ok);
		if (ends || vs) {
			bisector_change_text(t1, sizeof t1, ends ? &v[i].ends : &vs[i]);
			m->change = bisector_dup(t1, &ok);
			m->verdict = bisector_dup(verdict_name(ends ? v[i].ends.kind : vs[i].kind), &ok);
			m->has_q = !ends;
			m->q = ends ? NAN : vs[i].q;
		} else if (!v[i].usable) {
			bisector_change_text(t1, sizeof t1, &v[i].ends);
			m->ends = bisector_dup(t1, &ok);
			m->says = bisector_dup("ends do not differ", &ok);
		} else {
			bisector_change_text(t1, sizeof t1, &v[i].vs_good);
			bisector_change_text(t2, sizeof t2, &v[i].vs_bad);
			m->good = bisector_dup(t1, &ok);
			m->bad = bisector_dup(t2, &ok);
			m->says = bisector_dup(bisect_outcome_name(v[i].says), &ok);
		}
	}
	if (!ok) {
		rec_bisect_lines_free(l, *n);
		l = NULL;
		*n = 0;
	}
	*out = l;
	return ok ? 0 : -1;
}

json_t *bisector_metrics_json(const struct bisector_run *r,
				     const struct bisect_metric_verdict *v, const struct verdict *vs,
				     int ends)
{
	struct rec_bisect_line *l;
	size_t n;
	json_t *a;

	if (bisector_lines(&l, &n, r, v, vs, ends) < 0)
		return NULL;
	a = rec_bisect_lines_encode(l, n);
	rec_bisect_lines_free(l, n);
	return a;
}

void bisector_change_text(char *out, size_t size, const struct verdict *v)
{
	if (!v->tested || !isfinite(v->percent))
		snprintf(out, size, "%s", isfinite(v->percent) ? "untested" : "no estimate");
	else if (isfinite(v->ci_lo))
		snprintf(out, size, "%+.1f%% [%+.1f%%, %+.1f%%]", v->percent, v->ci_lo, v->ci_hi);
	else
		snprintf(out, size, "%+.1f%%", v->percent);
}
