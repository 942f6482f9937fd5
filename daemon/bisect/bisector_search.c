// SPDX-License-Identifier: GPL-2.0-only
/*
 * bisector_search.c - the phases of a bisection (bisector.c says which):
 * the ends measured until they differ, rounds of probes judged against
 * the pooled ends (lib/bisect.h), the culprit confirmed against its
 * parent, its revert measured, and the end: the culprit with its
 * confidence, or one sentence saying why it could not be decided.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/bisect/bisector_internal.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "lib/gitrepo.h"
#include "lib/log.h"

/* The commits of one side: the end and the probes decided like it. */
struct bisector_pool {
	const char *const *shas;
	size_t n;
	const char **own;           /* shas when the pool made them (freed) */
};

/* The sides of every metric (bisector_sides_make). */
struct bisector_sides {
	struct bisect_sides *m;
	struct bisector_side *parts;    /* 3 per metric */
	size_t n;
};

static struct db_bisect_probe *bisector_role(struct bisector_run *r, const char *role)
{
	for (size_t i = 0; i < r->nprobes; i++)
		if (!strcmp(r->probes[i].role, role))
			return &r->probes[i];
	return NULL;
}

/* The good (bad 0) or bad pool: the end and the probes decided so. */
static int bisector_pool(const struct bisector_run *r, int bad, struct bisector_pool *out)
{
	out->n = 0;
	out->own = calloc(r->nprobes + 1, sizeof *out->own);
	out->shas = out->own;
	if (!out->own)
		return -1;
	out->own[out->n++] = bad ? r->b.bad : r->b.good;
	for (size_t i = 0; i < r->nprobes; i++)
		if (!strcmp(r->probes[i].role, "probe") && !strcmp(r->probes[i].state, "decided") &&
		    !strcmp(r->probes[i].outcome, bad ? "bad" : "good"))
			out->own[out->n++] = r->probes[i].sha;
	return 0;
}

static void bisector_sides_free(struct bisector_sides *s)
{
	for (size_t i = 0; s->parts && i < 3 * s->n; i++)
		free(s->parts[i].jobs);
	free(s->parts);
	free(s->m);
	memset(s, 0, sizeof *s);
}

/* Per metric: good, bad, and the jobs at shas[0..n) as the probe. */
static int bisector_sides_make(const struct bisector_run *r, struct bisector_sides *s,
			       const struct bisector_pool *good, const struct bisector_pool *bad,
			       const char *const *shas, size_t n)
{
	s->n = r->nmetrics;
	s->m = calloc(s->n ? s->n : 1, sizeof *s->m);
	s->parts = calloc(3 * (s->n ? s->n : 1), sizeof *s->parts);
	if (!s->m || !s->parts)
		goto fail;
	for (size_t i = 0; i < s->n; i++) {
		struct bisector_side *g = &s->parts[3 * i], *b = g + 1, *p = g + 2;

		if (bisector_side_of(r, i, good->shas, good->n, g) < 0 ||
		    bisector_side_of(r, i, bad->shas, bad->n, b) < 0 ||
		    (n && bisector_side_of(r, i, shas, n, p) < 0))
			goto fail;
		s->m[i].good = (struct verdict_side){ g->jobs, g->n };
		s->m[i].bad = (struct verdict_side){ b->jobs, b->n };
		s->m[i].probe = (struct verdict_side){ p->jobs, p->n };
		s->m[i].noise = r->noise[i];
	}
	return 0;
fail:
	bisector_sides_free(s);
	return -1;
}

/* The skipped probes as [{sha, subject, reason}]. */
static json_t *bisector_skipped(const struct bisector_run *r)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < r->nprobes; i++)
		if (!strcmp(r->probes[i].state, "skipped"))
			json_array_append_new(a, json_pack("{s:s, s:s, s:s}", "sha", r->probes[i].sha,
				"subject", bisector_subject(r, r->probes[i].sha), "reason",
				r->probes[i].reason));
	return a;
}

/* Ends the bisection as failed with why (printf format). */
__attribute__((format(printf, 2, 3)))
static void bisector_fail(struct bisector_run *r, const char *fmt, ...)
{
	char why[BISECTOR_WHY];
	json_t *result;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	result = json_pack("{s:o, s:I, s:I}", "skipped", bisector_skipped(r), "candidates",
			   (json_int_t)r->dag->n, "remaining",
			   (json_int_t)bisect_remaining(r->dag->search));
	if (db_bisect_finish(r->k->db, r->b.id, "failed", NULL, why, NAN, NULL, result) != DB_OK)
		log_error("bisection %lld: cannot record its end", r->b.id);
	else
		log_warn("bisection %lld failed: %s", r->b.id, why);
	json_decref(result);
}

static void bisector_progress(struct bisector_run *r, const char *phase, long long rounds,
			      long long probes, long long parallel, const char *culprit)
{
	if (db_bisect_progress(r->k->db, r->b.id, phase, (long long)bisect_remaining(
		r->dag->search), rounds, probes, parallel, culprit, NULL) != DB_OK)
		log_error("bisection %lld: cannot record its progress", r->b.id);
}

/* Creates a probe of role at sha and starts it with count jobs. */
static int bisector_new_probe(struct bisector_run *r, const char *role, long long idx,
			      const char *sha, int round, int iterations, int count)
{
	struct db_bisect_probe p = { .idx = idx, .round = round, .iterations = iterations };

	if (db_bisect_probe_new(r->k->db, &p.id, r->b.id, role, idx, sha, round, iterations) !=
	    DB_OK)
		return -1;
	snprintf(p.role, sizeof p.role, "%s", role);
	snprintf(p.sha, sizeof p.sha, "%s", sha);
	snprintf(p.state, sizeof p.state, "%s", "measuring");
	if (!strcmp(role, "revert"))
		return bisector_probe_revert(r, &p);
	return bisector_probe_start(r, &p, count);
}

/* Jobs at one commit of the bisected change's own metric. */
static size_t bisector_jobs_one(const struct bisector_run *r, const char *sha)
{
	return bisector_jobs_at(r, &sha, 1);
}

/* --- ends ----------------------------------------------------------- */

/* The ends exist and are measured; 0 when ready, 1 waiting, -1 failed. */
static int bisector_ends_ready(struct bisector_run *r, struct db_bisect_probe **g,
			       struct db_bisect_probe **b)
{
	enum bisector_ready rg, rb;

	*g = bisector_role(r, "good");
	*b = bisector_role(r, "bad");
	if (!*g && bisector_new_probe(r, "good", -1, r->b.good, 0, r->b.iterations, 0) < 0)
		return 1;
	if (!*b && bisector_new_probe(r, "bad", -1, r->b.bad, 0, r->b.iterations, 0) < 0)
		return 1;
	if (!*g || !*b)
		return 1;
	rg = bisector_probe_advance(r, *g, 0);
	rb = bisector_probe_advance(r, *b, 0);
	if (rg == BISECTOR_GONE || rb == BISECTOR_GONE) {
		bisector_fail(r, "the %s end %.*s cannot be measured: %s", rg == BISECTOR_GONE ?
			      "good" : "bad", BISECTOR_SHA, (rg == BISECTOR_GONE ? *g : *b)->sha,
			      (rg == BISECTOR_GONE ? *g : *b)->reason);
		return -1;
	}
	return rg == BISECTOR_READY && rb == BISECTOR_READY ? 0 : 1;
}

static void bisector_ends(struct bisector_run *r)
{
	struct db_bisect_probe *g, *b;
	struct bisector_pool good = { NULL, 0, NULL }, bad = { NULL, 0, NULL };
	struct bisector_sides s = { 0 };
	struct bisect_metric_verdict *v = NULL;
	size_t want = (size_t)r->k->cfg.bisect_end_jobs, max = (size_t)r->k->cfg.bisect_max_jobs;
	size_t jg, jb, usable = 0;
	json_t *entry;

	if (bisector_ends_ready(r, &g, &b))
		return;
	jg = bisector_jobs_one(r, g->sha);
	jb = bisector_jobs_one(r, b->sha);
	if (jg < want || jb < want) {
		if (jg < want)
			bisector_probe_more(r, g, (int)(want - jg), g->iterations);
		if (jb < want)
			bisector_probe_more(r, b, (int)(want - jb), b->iterations);
		return;
	}
	v = calloc(r->nmetrics, sizeof *v);
	if (!v || bisector_pool(r, 0, &good) < 0 || bisector_pool(r, 1, &bad) < 0 ||
	    bisector_sides_make(r, &s, &good, &bad, NULL, 0) < 0 ||
	    bisect_judge_ends(&usable, v, s.m, s.n, &r->params) < 0)
		goto out;
	entry = bisector_entry(r, b, usable ? "ends differ" : "ends do not differ", NULL);
	json_object_set_new(entry, "jobs", json_integer((json_int_t)(jg + jb)));
	json_object_set_new(entry, "role", json_string("ends"));
	json_object_set_new(entry, "metrics", bisector_metrics_json(r, v, NULL, 1));
	if (usable) {
		db_bisect_probe_set(r->k->db, b->id, "measuring", NULL, "the ends differ", entry, -1,
				    -1, -1, entry);
		bisector_progress(r, "search", 0, 0, -1, NULL);
		log_info("bisection %lld: the ends differ on %zu metric%s; searching %zu commits",
			 r->b.id, usable, usable == 1 ? "" : "s", r->dag->n);
	} else if (jg < max && jb < max) {
		bisector_probe_more(r, g, 1, g->iterations);
		bisector_probe_more(r, b, 1, b->iterations);
	} else {
		char why[BISECTOR_WHY];

		snprintf(why, sizeof why, "not reproduced: after %zu and %zu jobs its bisection's "
			 "ends %.*s and %.*s differ on none of %zu metric%s (%s: %s)", jg, jb,
			 BISECTOR_SHA, r->b.good, BISECTOR_SHA, r->b.bad, r->nmetrics,
			 r->nmetrics == 1 ? "" : "s", r->metrics[0].name, v[0].ends.reason);
		bisector_fail(r, "the change does not reproduce: after %zu and %zu jobs the ends "
			      "%.*s and %.*s differ on none of %zu metric%s (%s: %s)", jg, jb,
			      BISECTOR_SHA, r->b.good, BISECTOR_SHA, r->b.bad, r->nmetrics,
			      r->nmetrics == 1 ? "" : "s", r->metrics[0].name, v[0].ends.reason);
		/* the group is withdrawn: nobody is told, and who was gets a follow-up */
		if (db_confirm_group(r->k->db, r->b.id, "not-reproduced", why) != DB_OK)
			log_error("bisection %lld: cannot withdraw its changes", r->b.id);
	}
	json_decref(entry);
out:
	bisector_sides_free(&s);
	free(good.own);
	free(bad.own);
	free(v);
}

/* --- search --------------------------------------------------------- */

/* Records outcome o of probe p in the search; -1 (bisection failed) when
 * it contradicts the outcomes before. */
static int bisector_mark(struct bisector_run *r, const struct db_bisect_probe *p,
			 enum bisect_outcome o)
{
	if (p->idx < 0 || (size_t)p->idx >= r->dag->n || r->dag->marked[p->idx])
		return 0;
	if (bisect_mark(r->dag->search, (size_t)p->idx, o) < 0) {
		bisector_fail(r, "the probes contradict each other: %.*s measured %s, which no "
			      "single culprit allows with the outcomes before it; the range may "
			      "hold more than one change", BISECTOR_SHA, p->sha,
			      bisect_outcome_name(o));
		return -1;
	}
	r->dag->marked[p->idx] = 1;
	return 0;
}

static enum bisect_outcome bisector_outcome(const char *name)
{
	return !strcmp(name, "good") ? BISECT_GOOD : !strcmp(name, "bad") ? BISECT_BAD :
	       !strcmp(name, "skip") ? BISECT_SKIP : BISECT_UNKNOWN;
}

/* Asks for more of an undecided probe p, topping up the ends g and b to
 * its jobs; 0 asked, 1 when it has its jobs already (skip it). */
static int bisector_more(struct bisector_run *r, struct db_bisect_probe *p,
			 const struct bisect_judgement *j, struct db_bisect_probe *g,
			 struct db_bisect_probe *b, const struct bisector_pool *good,
			 const struct bisector_pool *bad)
{
	size_t jobs = bisector_jobs_one(r, p->sha) + 1, jg, jb;

	if (p->jobs - p->failed >= r->k->cfg.bisect_max_jobs)
		return 1;
	bisector_probe_more(r, p, 1, (int)bisect_next_iterations(j, (size_t)p->iterations,
								 VERDICT_MAX_ITERATIONS));
	jg = bisector_jobs_at(r, good->shas, good->n);
	jb = bisector_jobs_at(r, bad->shas, bad->n);
	if (jg < jobs && !g->pending)
		bisector_probe_more(r, g, (int)(jobs - jg), g->iterations);
	if (jb < jobs && !b->pending)
		bisector_probe_more(r, b, (int)(jobs - jb), b->iterations);
	return 0;
}

/* Judges probe p: 1 decided, 0 more measurement asked (or an error), 2
 * skipped undecided, -1 the bisection ended (a contradiction). */
static int bisector_judge(struct bisector_run *r, struct db_bisect_probe *p,
			  struct db_bisect_probe *g, struct db_bisect_probe *b)
{
	struct bisector_pool good = { NULL, 0, NULL }, bad = { NULL, 0, NULL };
	struct bisector_sides s = { 0 };
	struct bisect_metric_verdict *v = calloc(r->nmetrics, sizeof *v);
	const char *sha = p->sha;
	struct bisect_judgement j;
	json_t *entry = NULL;
	char why[BISECT_REASON_MAX + 64];
	int rc = 0;

	if (!v || bisector_pool(r, 0, &good) < 0 || bisector_pool(r, 1, &bad) < 0 ||
	    bisector_sides_make(r, &s, &good, &bad, &sha, 1) < 0 ||
	    bisect_judge(&j, v, s.m, s.n, &r->params) < 0)
		goto out;
	if (j.outcome == BISECT_UNKNOWN && !bisector_more(r, p, &j, g, b, &good, &bad))
		goto out;
	if (j.outcome == BISECT_UNKNOWN)
		snprintf(why, sizeof why, "undecided after %d jobs: %s", p->jobs - p->failed,
			 j.reason);
	else
		snprintf(why, sizeof why, "%s", j.reason);
	entry = bisector_entry(r, p, j.outcome == BISECT_UNKNOWN ? "undecided" :
			       bisect_outcome_name(j.outcome), why);
	json_object_set_new(entry, "jobs", json_integer((json_int_t)bisector_jobs_one(r, p->sha)));
	json_object_set_new(entry, "metrics", bisector_metrics_json(r, v, NULL, 0));
	if (j.outcome == BISECT_UNKNOWN) {
		bisector_probe_end(r, p, "skipped", "skip", why, entry);
		snprintf(p->reason, sizeof p->reason, "%s", why);
		rc = bisector_mark(r, p, BISECT_SKIP) < 0 ? -1 : 2;
	} else {
		bisector_probe_end(r, p, "decided", bisect_outcome_name(j.outcome), why, entry);
		snprintf(p->state, sizeof p->state, "%s", "decided");
		snprintf(p->outcome, sizeof p->outcome, "%s", bisect_outcome_name(j.outcome));
		rc = bisector_mark(r, p, j.outcome) < 0 ? -1 : 1;
	}
out:
	json_decref(entry);
	bisector_sides_free(&s);
	free(good.own);
	free(bad.own);
	free(v);
	return rc;
}

/* 1 when a probe was skipped undecided (not for its build, nor lost). */
static int bisector_undecided(const struct db_bisect_probe *p)
{
	return !strncmp(p->reason, "undecided", 9);
}

/* Starts the next round: one probe per free runner (at most max_parallel). */
static void bisector_round(struct bisector_run *r)
{
	size_t k = (size_t)bisector_free_runners(r), pts[BISECT_MAX_PARALLEL], np = 0;
	int round = (int)r->b.rounds + 1;

	if (k < 1)
		k = 1;
	if (k > (size_t)r->k->cfg.bisect_max_parallel)
		k = (size_t)r->k->cfg.bisect_max_parallel;
	if (bisect_pick(r->dag->search, k, pts, &np) < 0 || !np)
		return;
	for (size_t i = 0; i < np; i++)
		if (bisector_new_probe(r, "probe", (long long)pts[i], r->dag->commits[pts[i]].sha,
				       round, r->b.iterations, (int)r->k->cfg.bisect_probe_jobs) < 0)
			log_error("bisection %lld: cannot start probing %.12s", r->b.id,
				  r->dag->commits[pts[i]].sha);
	bisector_progress(r, "search", round, r->b.probes + (long long)np, (long long)np, NULL);
	log_info("bisection %lld: round %d: %zu probe%s, %zu commits left", r->b.id, round, np,
		 np == 1 ? "" : "s", bisect_remaining(r->dag->search));
}

/* The round is over: the culprit, a reason to stop, or the next round. */
static void bisector_next(struct bisector_run *r, size_t undecided)
{
	struct bisect_status st;
	char list[512];

	bisect_status(r->dag->search, &st);
	if (st.culprit >= 0) {
		bisector_progress(r, "confirm", -1, -1, -1, r->dag->commits[st.culprit].sha);
		log_info("bisection %lld: the culprit is %.12s; confirming it", r->b.id,
			 r->dag->commits[st.culprit].sha);
		return;
	}
	bisector_alive_text(list, sizeof list, r);
	if (st.stuck)
		bisector_fail(r, "cannot decide: the first bad commit is one of %s, and the "
			      "others could not be tested (see the skipped probes)", list);
	else if (undecided > (size_t)r->k->cfg.bisect_max_undecided)
		bisector_fail(r, "cannot decide: %zu probes stayed undecided after up to %lld jobs "
			      "each, so the change is too small against the noise of %s; the first "
			      "bad commit is one of %s", undecided, r->k->cfg.bisect_max_jobs,
			      r->metrics[0].name, list);
	else
		bisector_round(r);
}

static void bisector_search(struct bisector_run *r)
{
	struct db_bisect_probe *g, *b;
	size_t active = 0, undecided = 0;
	int ends_busy;

	ends_busy = bisector_ends_ready(r, &g, &b);
	if (ends_busy < 0)
		return;
	for (size_t i = 0; i < r->nprobes; i++) {
		struct db_bisect_probe *p = &r->probes[i];
		enum bisector_ready st;
		int rc;

		if (strcmp(p->role, "probe") || !strcmp(p->state, "decided") ||
		    !strcmp(p->state, "moot"))
			continue;
		if (!strcmp(p->state, "skipped")) {
			undecided += bisector_undecided(p);
			continue;
		}
		if (!bisect_alive(r->dag->search, (size_t)p->idx)) {
			db_bisect_cancel(r->k->db, r->b.id, p->id);
			db_bisect_probe_set(r->k->db, p->id, "moot", NULL, "no longer needed: the "
					    "other probes left it out", NULL, -1, -1, -1, NULL);
			continue;
		}
		st = bisector_probe_advance(r, p, (int)r->k->cfg.bisect_probe_jobs);
		if (st == BISECTOR_GONE) {
			if (bisector_mark(r, p, BISECT_SKIP) < 0)
				return;
			undecided += bisector_undecided(p);
			continue;
		}
		if (st == BISECTOR_WAIT || ends_busy) {
			active++;
			continue;
		}
		rc = bisector_judge(r, p, g, b);
		if (rc < 0)
			return;
		active += rc == 0;
		undecided += rc == 2;
	}
	if (active)
		bisector_progress(r, "search", -1, -1, -1, NULL);
	else
		bisector_next(r, undecided);
}

/* --- confirmation and revert ------------------------------------------------ */

/* The direction of the change per metric (0: its ends do not differ). */
static int bisector_signs(struct bisector_run *r, int *sign)
{
	struct bisector_pool good = { NULL, 0, NULL }, bad = { NULL, 0, NULL };
	struct bisector_sides s = { 0 };
	struct bisect_metric_verdict *v = calloc(r->nmetrics, sizeof *v);
	size_t usable;
	int rc = -1;

	if (v && bisector_pool(r, 0, &good) == 0 && bisector_pool(r, 1, &bad) == 0 &&
	    bisector_sides_make(r, &s, &good, &bad, NULL, 0) == 0 &&
	    bisect_judge_ends(&usable, v, s.m, s.n, &r->params) == 0) {
		for (size_t i = 0; i < r->nmetrics; i++)
			sign[i] = v[i].usable ? (v[i].ends.diff > 0) - (v[i].ends.diff < 0) : 0;
		rc = 0;
	}
	bisector_sides_free(&s);
	free(good.own);
	free(bad.own);
	free(v);
	return rc;
}

/* Whether the jobs at to moved from those at from in the directions
 * sign[] (bisect_shift): 1, 0, -1 on error; *q, vs (caller frees). */
static int bisector_shift(struct bisector_run *r, const char *const *from, size_t nfrom,
			  const char *const *to, size_t nto, const int *sign, double *q,
			  struct verdict **vs)
{
	struct bisector_pool a = { from, nfrom, NULL };
	struct bisector_sides s = { 0 };
	struct verdict_side *fs = calloc(r->nmetrics, sizeof *fs), *ts = calloc(r->nmetrics,
									     sizeof *ts);
	int rc = -1, *use = calloc(r->nmetrics, sizeof *use);

	*vs = calloc(r->nmetrics, sizeof **vs);
	if (fs && ts && use && *vs && bisector_sides_make(r, &s, &a, &a, to, nto) == 0) {
		for (size_t i = 0; i < r->nmetrics; i++) {
			fs[i] = s.m[i].good;
			ts[i] = s.m[i].probe;
			use[i] = fs[i].njobs && ts[i].njobs ? sign[i] : 0;
		}
		rc = bisect_shift(*vs, q, fs, ts, r->noise, use, r->nmetrics, &r->params);
	}
	bisector_sides_free(&s);
	free(fs);
	free(ts);
	free(use);
	return rc;
}

/* The culprit against its parent: 1 confirmed, 0 not, -1 error; *q and the
 * log's lines of its metrics (*l, *n; rec_bisect_lines_free). */
static int bisector_confirmation(struct bisector_run *r, const char *culprit, const char *parent,
				 double *q, struct rec_bisect_line **l, size_t *n)
{
	int *sign = calloc(r->nmetrics, sizeof *sign), rc = -1;
	struct verdict *vs = NULL;

	*l = NULL;
	*n = 0;
	if (sign && bisector_signs(r, sign) == 0)
		rc = bisector_shift(r, &parent, 1, &culprit, 1, sign, q, &vs);
	if (rc >= 0 && bisector_lines(l, n, r, NULL, vs, 0) < 0)
		rc = -1;
	free(sign);
	free(vs);
	return rc;
}

/* The metric and the change of the first line (of the bisected change's
 * own metric), "(null)" when there is none. */
static const char *bisector_first(const struct rec_bisect_line *l, size_t n, int change)
{
	return !n ? "(null)" : change ? l[0].change : l[0].metric;
}

static json_t *bisector_result(struct bisector_run *r, const char *culprit, const char *parent,
			       double confidence, json_t *confirmation, json_t *revert)
{
	return json_pack("{s:{s:s, s:s, s:s}, s:o, s:{s:s, s:o}, s:o, s:o, s:I, s:I, s:I}",
			 "culprit", "sha", culprit, "subject", bisector_subject(r, culprit),
			 "parent", parent, "confidence", json_real(confidence), "confirmation",
			 "verdict", "confirmed", "metrics", confirmation ? confirmation : json_array(),
			 "revert", revert ? revert : json_null(), "skipped", bisector_skipped(r),
			 "candidates", (json_int_t)r->dag->n, "rounds", (json_int_t)r->b.rounds,
			 "probes", (json_int_t)r->b.probes);
}

/* Ends the bisection with its culprit; revert (stolen) is its outcome,
 * whose verdict is verdict, or NULL.  A culprit that changes no compiled
 * code withdraws its group's changes (no-code): nobody is told about it. */
static void bisector_done(struct bisector_run *r, const char *verdict, json_t *revert)
{
	const char *culprit = r->b.culprit;
	const struct db_bisect_probe *pa = bisector_role(r, "parent");
	char why[BISECTOR_WHY], nocode_why[BISECTOR_WHY];
	struct rec_bisect_line *l = NULL;
	json_t *result;
	double q = 1;
	size_t n = 0;
	int nocode;

	if (!pa || bisector_confirmation(r, culprit, pa->sha, &q, &l, &n) < 0) {
		json_decref(revert);
		return;
	}
	snprintf(why, sizeof why, "culprit %.*s (%s), confirmed against its parent %.*s: %s %s "
		 "(q %.2g)%s%s", BISECTOR_SHA, culprit, bisector_subject(r, culprit), BISECTOR_SHA,
		 pa->sha, bisector_first(l, n, 0), bisector_first(l, n, 1), q,
		 revert ? "; its revert " : "", revert ? verdict : "");
	result = bisector_result(r, culprit, pa->sha, 1 - q, rec_bisect_lines_encode(l, n), revert);
	rec_bisect_lines_free(l, n);
	nocode = bisector_no_code(r, pa->sha, why, sizeof why, nocode_why, sizeof nocode_why);
	if (db_bisect_finish(r->k->db, r->b.id, "done", culprit, why, 1 - q, NULL, result) !=
	    DB_OK)
		log_error("bisection %lld: cannot record its end", r->b.id);
	else
		log_info("bisection %lld done: %s", r->b.id, why);
	if (nocode && db_confirm_group(r->k->db, r->b.id, "no-code", nocode_why) != DB_OK)
		log_error("bisection %lld: cannot withdraw its changes", r->b.id);
	json_decref(result);
}

static void bisector_confirm(struct bisector_run *r)
{
	struct db_bisect_probe *c = bisector_role(r, "culprit"), *pa = bisector_role(r, "parent");
	struct bisect_status st;
	int it = r->b.iterations * (int)r->k->cfg.bisect_confirm_factor;
	int cj = (int)r->k->cfg.bisect_confirm_jobs, rc;
	enum bisector_ready rcu, rpa;
	struct rec_bisect_line *l = NULL;
	const char *parent;
	json_t *entry;
	double q = 1;
	size_t n = 0;

	bisect_status(r->dag->search, &st);
	if (st.culprit < 0)
		{
		bisector_fail(r, "the search ended without a culprit");
		return;
	}
	parent = r->dag->commits[st.culprit].first_parent;
	if (!parent[0])
		{
		bisector_fail(r, "the culprit %.*s is a root commit: it has no parent to "
				     "confirm it against", BISECTOR_SHA, r->b.culprit);
		return;
	}
	if (it > VERDICT_MAX_ITERATIONS)
		it = VERDICT_MAX_ITERATIONS;
	if (!c || !pa) {
		if (!c)
			bisector_new_probe(r, "culprit", -1, r->b.culprit, 0, it, cj);
		if (!pa)
			bisector_new_probe(r, "parent", -1, parent, 0, it, cj);
		return;
	}
	rcu = bisector_probe_advance(r, c, cj);
	rpa = bisector_probe_advance(r, pa, cj);
	if (rcu == BISECTOR_GONE || rpa == BISECTOR_GONE)
		{
		bisector_fail(r, "cannot confirm the culprit %.*s: %s %.*s %s", BISECTOR_SHA,
				     r->b.culprit, rcu == BISECTOR_GONE ? "it" : "its parent",
				     BISECTOR_SHA, (rcu == BISECTOR_GONE ? c : pa)->sha,
				     (rcu == BISECTOR_GONE ? c : pa)->reason);
		return;
	}
	if (rcu != BISECTOR_READY || rpa != BISECTOR_READY)
		return;
	rc = bisector_confirmation(r, r->b.culprit, pa->sha, &q, &l, &n);
	if (rc == 0 && c->jobs - c->failed < r->k->cfg.bisect_max_jobs) {
		bisector_probe_more(r, c, 1, it);
		bisector_probe_more(r, pa, 1, it);
	} else if (rc == 0) {
		bisector_fail(r, "the culprit %.*s did not confirm against its parent %.*s: %s is "
			      "%s", BISECTOR_SHA, r->b.culprit, BISECTOR_SHA, pa->sha,
			      bisector_first(l, n, 0), bisector_first(l, n, 1));
	} else if (rc > 0) {
		entry = bisector_entry(r, c, "confirmed", "the culprit against its parent");
		json_object_set_new(entry, "role", json_string("confirm"));
		json_object_set_new(entry, "parent", json_string(pa->sha));
		json_object_set_new(entry, "jobs", json_integer((json_int_t)bisector_jobs_one(r, c->sha)));
		json_object_set_new(entry, "metrics", rec_bisect_lines_encode(l, n));
		bisector_probe_end(r, c, "decided", "bad", "confirmed against its parent", entry);
		bisector_probe_end(r, pa, "decided", "good", "the culprit's parent", NULL);
		json_decref(entry);
		if (r->b.revert)
			bisector_progress(r, "revert", -1, -1, -1, NULL);
		else
			bisector_done(r, NULL, NULL);
	}
	rec_bisect_lines_free(l, n);
}

/* Whether the culprit's revert applies on the first bad commit: NULL
 * when it does, else the verdict to report, *out its outcome (caller
 * owns). */
static const char *bisector_revert_applies(struct bisector_run *r, json_t **out)
{
	char *mirror = watch_mirror_path(r->k->cfg.data_dir, r->b.tree), *cause = NULL;
	struct gitrepo *repo = NULL;
	const char *verdict = NULL;
	int rc = -1;

	if (mirror && gitrepo_open(&repo, mirror, &cause) == 0)
		rc = gitrepo_revert_check(repo, r->b.culprit, r->b.bad, &cause);
	if (rc == 1)
		*out = json_pack("{s:s, s:s}", "verdict", verdict = "does not apply", "reason",
				 "reverting it on the first bad commit conflicts");
	else if (rc < 0)
		*out = json_pack("{s:s, s:s}", "verdict", verdict = "was not tried", "reason",
				 cause ? cause : "out of memory");
	free(cause);
	free(mirror);
	gitrepo_free(repo);
	return *out ? verdict : NULL;
}

static void bisector_revert(struct bisector_run *r)
{
	struct db_bisect_probe *rv = bisector_role(r, "revert");
	int it = r->b.iterations * (int)r->k->cfg.bisect_confirm_factor, *sign;
	int cj = (int)r->k->cfg.bisect_confirm_jobs, rc = -1;
	struct bisector_pool bad = { NULL, 0, NULL };
	const char *revert_sha = "";
	struct verdict *vs = NULL;
	enum bisector_ready st;
	json_t *out = NULL;
	double q = 1;

	if (it > VERDICT_MAX_ITERATIONS)
		it = VERDICT_MAX_ITERATIONS;
	if (!rv) {
		const char *verdict = bisector_revert_applies(r, &out);

		if (verdict)
			{
		bisector_done(r, verdict, out);
		return;
	}
		bisector_new_probe(r, "revert", -1, r->b.bad, 0, it, cj);
		return;
	}
	st = bisector_probe_advance(r, rv, cj);
	if (st == BISECTOR_GONE)
		{
		bisector_done(r, "could not be measured", json_pack("{s:s, s:s}", "verdict",
				"could not be measured", "reason", rv->reason));
		return;
	}
	if (st != BISECTOR_READY)
		return;
	sign = calloc(r->nmetrics, sizeof *sign);
	if (sign && bisector_signs(r, sign) == 0 && bisector_pool(r, 1, &bad) == 0) {
		for (size_t i = 0; i < r->nmetrics; i++)
			sign[i] = -sign[i];
		rc = bisector_shift(r, bad.shas, bad.n, &revert_sha, 1, sign, &q, &vs);
	}
	if (rc >= 0) {
		const char *verdict = rc ? "restores the good side" : "does not restore it";
		json_t *entry = bisector_entry(r, rv, rc ? "restores" : "does not restore",
					       "the first bad commit with the culprit reverted");
		json_t *metrics = bisector_metrics_json(r, NULL, vs, 0);

		json_object_set_new(entry, "role", json_string("revert"));
		json_object_set(entry, "metrics", metrics);
		bisector_probe_end(r, rv, "decided", rc ? "good" : "bad", rc ? "the revert restores "
				   "the good side" : "the revert does not restore it", entry);
		out = json_pack("{s:s, s:O, s:o}", "verdict", verdict, "metrics", metrics, "q",
				json_real(q));
		json_decref(metrics);
		json_decref(entry);
		bisector_done(r, verdict, out);
	}
	free(sign);
	free(vs);
	free(bad.own);
}

void bisector_phase(struct bisector_run *r)
{
	/* outcomes recorded since the search was built (all, after a restart) */
	for (size_t i = 0; i < r->nprobes; i++) {
		const struct db_bisect_probe *p = &r->probes[i];

		if (!strcmp(p->role, "probe") && (!strcmp(p->state, "decided") ||
						  !strcmp(p->state, "skipped")) &&
		    bisector_mark(r, p, bisector_outcome(p->outcome)) < 0)
			return;
	}
	if (!r->nmetrics)
		{
		bisector_fail(r, "no metric of the change's group is left to judge");
		return;
	}
	if (!strcmp(r->b.phase, "ends"))
		bisector_ends(r);
	else if (!strcmp(r->b.phase, "search"))
		bisector_search(r);
	else if (!strcmp(r->b.phase, "confirm"))
		bisector_confirm(r);
	else if (!strcmp(r->b.phase, "revert"))
		bisector_revert(r);
	else
		bisector_fail(r, "unknown phase '%s'", r->b.phase);
}
