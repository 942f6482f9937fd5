// SPDX-License-Identifier: GPL-2.0-only
/*
 * analyze_verdict.c - the analyzer's use of the three-way verdict
 * (lib/verdict.h, docs/analysis.md): a series' points grouped into
 * measured commits, the verdict of each measured commit against the one
 * before it, the
 * requests for more measurement they lead to, and the merge-window
 * report's verdicts decided again with FDR control over the metrics of
 * each measured commit (shown by daemon/api/api_verdicts.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze/analyze.h"
#include "lib/log.h"

#define ANALYZE_SHA_SHOWN 12        /* hex digits of a commit id in a reason */
#define ANALYZE_NEWEST_SPREADS 2    /* a newest merge stands out beyond this many spreads */
#define ANALYZE_NEWEST_P 0.001      /* ... or changed at this p */

int analyze_commits(struct analyze_series *a)
{
	free(a->first);
	free(a->jobs);
	a->first = calloc(a->n + 1, sizeof *a->first);
	a->jobs = calloc(a->n ? a->n : 1, sizeof *a->jobs);
	a->ncommits = 0;
	if (!a->first || !a->jobs)
		return -1;
	for (size_t i = 0; i < a->n; i++) {
		a->jobs[i] = a->points[i].vj;
		/* job order: each job is a commit of its own */
		if (i == 0 || !a->by_commit || strcmp(a->points[i].sha, a->points[i - 1].sha))
			a->first[a->ncommits++] = i;
	}
	a->first[a->ncommits] = a->n;
	return 0;
}

void analyze_noise_of(struct verdict_noise *out, const struct db_noise_sums *s)
{
	verdict_noise_of(out, s->rep_ss, (double)s->rep_df, s->rep_wn, s->win_ss,
			 (double)s->win_df);
}

/* The side of commit k. */
static struct verdict_side analyze_side(const struct analyze_series *a, size_t k)
{
	return (struct verdict_side){ a->jobs + a->first[k], a->first[k + 1] - a->first[k] };
}

int analyze_pairs(struct verdict **out, struct db_commit_verdict **rows, size_t *nrows,
		  const struct analyze_series *a, const struct verdict_noise *noise,
		  const struct analyze_params *p)
{
	struct verdict *v;
	struct db_commit_verdict *r;
	size_t n = 0;

	*out = NULL;
	*rows = NULL;
	*nrows = 0;
	v = calloc(a->ncommits ? a->ncommits : 1, sizeof *v);
	r = calloc(a->ncommits ? a->ncommits : 1, sizeof *r);
	if (!v || !r) {
		free(v);
		free(r);
		return -1;
	}
	for (size_t k = 1; a->by_commit && k < a->ncommits; k++) {
		struct verdict_side base = analyze_side(a, k - 1), head = analyze_side(a, k);
		const struct analyze_point *pt = &a->points[a->first[k]];

		if (verdict_compare(&v[k], &base, &head, noise, &p->verdict) < 0)
			continue;
		r[n].sha = pt->sha;
		r[n].prev_sha = a->points[a->first[k - 1]].sha;
		r[n].position = pt->position;
		r[n].v = &v[k];
		n++;
	}
	*out = v;
	*rows = r;
	*nrows = n;
	return 0;
}

/* Asks for another job of commit k (its last job as the model) because
 * of v, the verdict of commit `pair` against the one before it. */
static size_t analyze_more_one(struct db *db, long long series_id,
			       const struct analyze_series *a, size_t k, size_t pair,
			       const struct verdict *v, const struct analyze_params *p)
{
	const struct analyze_point *job = &a->points[a->first[k + 1] - 1];
	char reason[VERDICT_REASON_MAX + 96];
	long long id = 0;

	snprintf(reason, sizeof reason, "series %lld: %.*s against %.*s is %s: %s", series_id,
		 ANALYZE_SHA_SHOWN, a->points[a->first[pair]].sha, ANALYZE_SHA_SHOWN,
		 a->points[a->first[pair - 1]].sha, verdict_name(v->kind), v->reason);
	if (db_measure_again(db, &id, series_id, job->job_id, (int)p->more_jobs_max, reason) !=
	    DB_OK) {
		log_error("analysis: series %lld: cannot queue more measurement of %.12s",
			  series_id, job->sha);
		return 0;
	}
	if (id)
		log_info("analysis: job %lld queued to measure %.12s again (series %lld: %s)", id,
			 job->sha, series_id, verdict_name(v->kind));
	return id != 0;
}

/* 1 when verdict v says the newest measured commit stands out from the
 * one before: an estimate beyond the smallest effect that matters and
 * beyond ANALYZE_NEWEST_SPREADS boots' spreads (the model's, or the
 * prior's), or a change at ANALYZE_NEWEST_P.  Every metric of a suite
 * asks on its own, so the bar is not one spread, at which six unchanged
 * metrics flag nine merges in ten (bench/bench_confirm.c: at two spreads
 * a step at the newest merge is still confirmed there in 23 windows of
 * 24, at three in 17). */
static int analyze_differs(const struct verdict *v)
{
	double spread = isfinite(v->between_cv) ? v->between_cv : 0;

	if (!v->jobs[0] || !v->jobs[1] || v->kind == VERDICT_SAME || !isfinite(v->percent))
		return 0;
	if (v->kind == VERDICT_CHANGED && v->p < ANALYZE_NEWEST_P)
		return 1;
	return isfinite(v->min_effect) &&
	       fabs(v->percent) >= 100 * fmax(v->min_effect, ANALYZE_NEWEST_SPREADS * spread);
}

/* The newest measured commit k against k - 1: a confirmation of the two
 * when they differ; 1 when one was opened (their more jobs are its). */
static int analyze_newest(struct db *db, long long series_id, const struct analyze_series *a,
			  size_t k, const struct verdict *v, const struct analyze_params *p)
{
	const struct analyze_point *good = &a->points[a->first[k] - 1];
	const struct analyze_point *bad = &a->points[a->first[k + 1] - 1];
	char why[VERDICT_REASON_MAX + 96];
	long long id = 0;

	if (!p->confirm_newest || !analyze_differs(v))
		return 0;
	snprintf(why, sizeof why, "the newest measured merge %.*s differs from %.*s (series "
		 "%lld): %s", ANALYZE_SHA_SHOWN, bad->sha, ANALYZE_SHA_SHOWN, good->sha, series_id,
		 v->reason);
	if (db_confirm_newest(db, &id, series_id, good->job_id, bad->job_id, p->confirm_newest,
			      why) != DB_OK)
		log_error("analysis: series %lld: cannot open the confirmation of %.12s", series_id,
			  bad->sha);
	else if (id)
		log_info("analysis: confirmation %lld opened: %s", id, why);
	return id != 0;
}

size_t analyze_more(struct db *db, long long series_id, const struct analyze_series *a,
		    const struct verdict *pairs, const struct analyze_params *p)
{
	size_t queued = 0, from = a->ncommits > ANALYZE_MORE_COMMITS ?
				  a->ncommits - ANALYZE_MORE_COMMITS : 1;
	char *asked;

	if (!a->by_commit || a->ncommits < 2)
		return 0;
	asked = calloc(a->ncommits, 1);
	if (!asked)
		return 0;
	if (analyze_newest(db, series_id, a, a->ncommits - 1, &pairs[a->ncommits - 1], p)) {
		asked[a->ncommits - 2] = asked[a->ncommits - 1] = 1;
		queued++;
	}
	for (size_t k = from > 1 ? from : 1; p->more_jobs_max > 1 && k < a->ncommits; k++) {
		const struct verdict *v = &pairs[k];
		int want_prev = 0, want_this = 0;

		if (!v->jobs[0] || !v->jobs[1])
			continue;       /* not compared */
		if (v->kind == VERDICT_INCONCLUSIVE)
			want_this = 1;
		if (v->kind == VERDICT_CHANGED && v->single_job) {
			want_prev = v->jobs[0] == 1;
			want_this = v->jobs[1] == 1;
		}
		if (want_prev && !asked[k - 1]) {
			asked[k - 1] = 1;
			queued += analyze_more_one(db, series_id, a, k - 1, k, v, p);
		}
		if (want_this && !asked[k]) {
			asked[k] = 1;
			queued += analyze_more_one(db, series_id, a, k, k, v, p);
		}
	}
	free(asked);
	return queued;
}

void analyze_verdict_of_row(struct verdict *v, const struct rec_commit_verdict *row)
{
	memset(v, 0, sizeof *v);
	v->log_scale = (int)row->log_scale;
	v->tested = (int)row->tested;
	v->prior_used = (int)row->prior_used;
	v->jobs[0] = (size_t)row->jobs_before;
	v->jobs[1] = (size_t)row->jobs_after;
	v->iterations[0] = (size_t)row->iterations_before;
	v->iterations[1] = (size_t)row->iterations_after;
	v->single_job = v->jobs[0] == 1 || v->jobs[1] == 1;
	v->diff = row->diff;
	v->se = row->se;
	v->df = row->df;
	v->percent = row->percent;
	v->ci_lo = row->percent_lo;
	v->ci_hi = row->percent_hi;
	v->p = row->pvalue;
	v->p_same = row->p_same;
	v->min_effect = row->min_effect;
	v->eq_half = row->eq_half;
	v->between_var = row->between_var;
	v->within_var = row->within_var;
	v->between_cv = row->between_cv;
	v->within_cv = row->within_cv;
	v->between_df = row->between_df;
}

int analyze_commit_verdicts(struct verdict *v, const struct rec_commit_verdict *rows, size_t g,
			    size_t e, const struct verdict_params *vp)
{
	for (size_t i = g; i < e; i++)
		analyze_verdict_of_row(&v[i - g], &rows[i]);
	return verdict_fdr(v, e - g, vp);
}
