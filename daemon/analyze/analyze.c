// SPDX-License-Identifier: GPL-2.0-only
/*
 * analyze.c - the analyzer of kpcid (see analyze.h and docs/analysis.md):
 * dirty series -> points -> change points (lib/cpd.h) -> stored changes,
 * and the A/A noise sums of each series.  The verdicts it stores and the
 * more measurement it asks for are daemon/analyze/analyze_verdict.c; comparisons
 * are daemon/analyze/compare.c.  The database is reached only through db/db.h;
 * the detector and the statistics are lib/cpd.h, lib/verdict.h and
 * lib/stats.h.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze/analyze.h"
#include "daemon/config.h"
#include "lib/log.h"
#include "lib/proto.h"

void analyze_params_default(struct analyze_params *p)
{
	cpd_params_default(&p->cpd, CPD_COMMITS);
	p->batch = ANALYZE_DEFAULT_BATCH;
	p->settle = ANALYZE_DEFAULT_SETTLE;
	p->noise_max_cv = 0.10;
	p->target_effect = 0.02;
	verdict_params_default(&p->verdict);
	p->more_jobs_max = ANALYZE_DEFAULT_MORE_JOBS;
	p->confirm_newest = ANALYZE_DEFAULT_CONFIRM_JOBS;
}

void analyze_series_dispose(struct analyze_series *a)
{
	if (!a)
		return;
	free(a->points);
	free(a->first);
	free(a->jobs);
	memset(a, 0, sizeof *a);
}

/* Orders points by first-parent position, then job id. */
static int analyze_by_position(const void *pa, const void *pb)
{
	const struct analyze_point *a = pa, *b = pb;

	if (a->position != b->position)
		return a->position < b->position ? -1 : 1;
	return (a->job_id > b->job_id) - (a->job_id < b->job_id);
}

/* The point of one job from its samples s[0..n) (n > 0), with the
 * job's iteration noise; a folded job (one row, migration 0022) gives
 * the same from its stored sums.  scratch holds n doubles. */
static void analyze_job_point(struct analyze_point *pt, const struct db_sample *s, size_t n,
			      double *scratch)
{
	const struct db_fold *f = &s[0].fold;

	if (f->n > 0) {
		db_fold_job(&pt->vj, f);
		pt->min = f->min;
		pt->max = f->max;
		pt->value = s[0].value;         /* the median of its iterations */
		pt->iterations = (size_t)f->n;
	} else {
		pt->min = pt->max = s[0].value;
		for (size_t i = 0; i < n; i++) {
			scratch[i] = s[i].value;
			pt->min = s[i].value < pt->min ? s[i].value : pt->min;
			pt->max = s[i].value > pt->max ? s[i].value : pt->max;
		}
		verdict_job_of(&pt->vj, scratch, n);
		/* The median, not the mean: one broken iteration (an interrupt
		 * storm, a warm-up leftover) must not move the point. */
		pt->value = stats_median_inplace(scratch, n);
		pt->iterations = n;
	}
	/* the iterations' squared deviations relative to their mean, from
	 * the job's sums: the same for a raw and a folded job */
	pt->it_ss = 0;
	pt->it_df = 0;
	if (pt->iterations >= 2 && pt->vj.mean != 0) {
		pt->it_ss = pt->vj.ss / (pt->vj.mean * pt->vj.mean);
		pt->it_df = (long long)pt->iterations - 1;
	}
	pt->job_id = s[0].job_id;
	pt->env_id = s[0].env_id;
	pt->position = s[0].position;
	pt->sha = s[0].sha;
}

int analyze_series_points(struct analyze_series *out, const struct db_series_data *s)
{
	struct analyze_point *pts;
	double *scratch;
	size_t np = 0, placed = 0, maxrun = 1;

	memset(out, 0, sizeof *out);
	for (size_t a = 0, b; a < s->nsamples; a = b) {
		for (b = a + 1; b < s->nsamples && s->samples[b].job_id == s->samples[a].job_id; b++)
			;
		if (b - a > maxrun)
			maxrun = b - a;
	}
	pts = calloc(s->nsamples ? s->nsamples : 1, sizeof *pts);
	scratch = calloc(maxrun, sizeof *scratch);
	if (!pts || !scratch) {
		free(pts);
		free(scratch);
		return -1;
	}
	for (size_t a = 0, b; a < s->nsamples; a = b) {
		for (b = a + 1; b < s->nsamples && s->samples[b].job_id == s->samples[a].job_id; b++)
			;
		analyze_job_point(&pts[np], &s->samples[a], b - a, scratch);
		if (isfinite(pts[np].value)) {
			placed += pts[np].position >= 0;
			np++;
		}
	}
	free(scratch);
	if (placed) {
		/* Commit order: the points whose commit is on the branch, by
		 * position; the others cannot be placed and are left out. */
		size_t k = 0;

		for (size_t i = 0; i < np; i++)
			if (pts[i].position >= 0)
				pts[k++] = pts[i];
		out->unplaced = np - k;
		np = k;
		qsort(pts, np, sizeof *pts, analyze_by_position);
		out->by_commit = 1;
	}
	out->points = pts;
	out->n = np;
	for (size_t i = 0; i < np; i++) {
		out->samples_used += (long long)pts[i].iterations;
		out->it_ss += pts[i].it_ss;
		out->it_df += pts[i].it_df;
	}
	if (analyze_commits(out) < 0) {
		analyze_series_dispose(out);
		return -1;
	}
	return 0;
}

/* n, mean, median and standard deviation of points [lo, hi). */
struct analyze_side {
	long long n;
	double mean, median, sd;
};

static int analyze_side_of(struct analyze_side *out, const struct analyze_series *a,
			   size_t lo, size_t hi)
{
	size_t n = hi - lo;
	double *v = calloc(n ? n : 1, sizeof *v);

	if (!v)
		return -1;
	for (size_t i = 0; i < n; i++)
		v[i] = a->points[lo + i].value;
	out->n = (long long)n;
	out->mean = stats_mean(v, n);
	out->sd = sqrt(stats_variance(v, n));
	out->median = n ? stats_median_inplace(v, n) : NAN;
	free(v);
	return 0;
}

/* For sorting the points of a segment into builds. */
struct analyze_member {
	const char *sha;
	long long env_id;
	double value;
	const struct verdict_job *vj;
};

static int analyze_by_build(const void *pa, const void *pb)
{
	const struct analyze_member *a = pa, *b = pb;
	int c = strcmp(a->sha, b->sha);

	if (c)
		return c;
	return (a->env_id > b->env_id) - (a->env_id < b->env_id);
}

/* The log-scale sums of the repeated jobs m[g..e) of one build into an
 * (those whose values are all positive; 0013-verdicts.sql). */
static void analyze_rep_group(struct db_analysis *an, const struct analyze_member *m,
			      size_t g, size_t e)
{
	double mean = 0, h = 0, j = 0;

	for (size_t i = g; i < e; i++)
		if (isfinite(m[i].vj->lmean)) {
			mean += m[i].vj->lmean;
			h += 1.0 / (double)m[i].vj->n;
			j++;
		}
	if (j < 2)
		return;
	mean /= j;
	for (size_t i = g; i < e; i++)
		if (isfinite(m[i].vj->lmean))
			an->rep_ss += (m[i].vj->lmean - mean) * (m[i].vj->lmean - mean);
	an->rep_df += (long long)j - 1;
	an->rep_wn += (1 - 1 / j) * h;
}

/*
 * The A/A sums of a series: within each segment between change points
 * (cuts[0..ncuts) are segment starts after 0), points of the same build
 * (commit in commit order, environment in job order) are repeated runs of
 * one build; their squared relative deviations from the build's mean go
 * to aa_ss with their degrees of freedom in aa_df, and the log-scale sums
 * of lib/verdict.h's noise model (rep_*, win_*) to the others.
 */
static int analyze_aa(struct db_analysis *an, const struct analyze_series *a,
		      const size_t *cuts, size_t ncuts)
{
	struct analyze_member *m = calloc(a->n ? a->n : 1, sizeof *m);
	double *ss = &an->aa_ss;
	long long *df = &an->aa_df;

	*ss = 0;
	*df = 0;
	an->rep_ss = an->rep_wn = an->win_ss = 0;
	an->rep_df = an->win_df = 0;
	if (!m)
		return -1;
	for (size_t i = 0; i < a->n; i++)
		if (isfinite(a->points[i].vj.lss)) {
			an->win_ss += a->points[i].vj.lss;
			an->win_df += (long long)a->points[i].vj.n - 1;
		}
	for (size_t c = 0; c <= ncuts; c++) {
		size_t lo = c ? cuts[c - 1] : 0, hi = c < ncuts ? cuts[c] : a->n, k = hi - lo;

		for (size_t i = 0; i < k; i++) {
			const struct analyze_point *p = &a->points[lo + i];

			m[i].sha = a->by_commit ? p->sha : "";
			m[i].env_id = a->by_commit ? 0 : p->env_id;
			m[i].value = p->value;
			m[i].vj = &p->vj;
		}
		qsort(m, k, sizeof *m, analyze_by_build);
		for (size_t g = 0, e; g < k; g = e) {
			double mean = 0;

			for (e = g + 1; e < k && !analyze_by_build(&m[g], &m[e]); e++)
				;
			if (e - g < 2)
				continue;
			analyze_rep_group(an, m, g, e);
			for (size_t i = g; i < e; i++)
				mean += m[i].value;
			mean /= (double)(e - g);
			if (mean == 0)
				continue;
			for (size_t i = g; i < e; i++)
				*ss += ((m[i].value - mean) / mean) * ((m[i].value - mean) / mean);
			*df += (long long)(e - g) - 1;
		}
	}
	free(m);
	return 0;
}

/* Where change c sits in the points now, or -1. */
static long long analyze_locate(const struct analyze_series *a, const struct db_change_ref *c)
{
	for (size_t i = 0; i < a->n; i++)
		if (c->bad_job_id && a->points[i].job_id == c->bad_job_id)
			return (long long)i;
	for (size_t i = 0; a->by_commit && c->bad_sha[0] && i < a->n; i++)
		if (!strcmp(a->points[i].sha, c->bad_sha))
			return (long long)i;
	return -1;
}

/* Fills the change at cut c of a; higher says which direction is better. */
static int analyze_change(struct db_change_new *ch, const struct analyze_series *a,
			  const size_t *cuts, size_t ncuts, size_t c, double pvalue, int higher)
{
	size_t idx = cuts[c], lo = c ? cuts[c - 1] : 0, hi = c + 1 < ncuts ? cuts[c + 1] : a->n;
	struct analyze_side b, h;
	const struct analyze_point *good = &a->points[idx - 1], *bad = &a->points[idx];

	if (analyze_side_of(&b, a, lo, idx) < 0 || analyze_side_of(&h, a, idx, hi) < 0)
		return -1;
	memset(ch, 0, sizeof *ch);
	ch->good_sha = a->by_commit && good->sha[0] ? good->sha : NULL;
	ch->bad_sha = a->by_commit && bad->sha[0] ? bad->sha : NULL;
	ch->good_job_id = good->job_id;
	ch->bad_job_id = bad->job_id;
	ch->point_index = (long long)idx;
	ch->n_before = b.n;
	ch->n_after = h.n;
	ch->mean_before = b.mean;
	ch->mean_after = h.mean;
	ch->median_before = b.median;
	ch->median_after = h.median;
	ch->sd_before = b.sd;
	ch->sd_after = h.sd;
	ch->magnitude = b.mean != 0 ? h.mean / b.mean - 1 : NAN;
	ch->pvalue = pvalue;
	ch->confidence = isfinite(pvalue) ? 1 - pvalue : NAN;
	ch->regression = higher ? h.mean < b.mean : h.mean > b.mean;
	return 0;
}

/* The change points of a: lib/cpd.h's commits detector over its points
 * (job medians) and jobs; their point indexes in cuts, p-values in pv. */
static int analyze_detect(struct cpd_commit_point **cp, size_t *ncp,
			  const struct analyze_series *a, const struct verdict_noise *noise,
			  const struct analyze_params *p)
{
	double *x = calloc(a->n ? a->n : 1, sizeof *x);
	int rc;

	*cp = NULL;
	*ncp = 0;
	if (!x)
		return -1;
	for (size_t i = 0; i < a->n; i++)
		x[i] = a->points[i].value;
	rc = cpd_commits_detect(cp, ncp, x, a->jobs, a->first, a->ncommits, noise, &p->verdict,
				&p->cpd);
	free(x);
	return rc;
}

/* A stored change is the detected change's step: the same first bad
 * commit (its last good one may have moved closer as commits in between
 * were measured). */
static int analyze_same_step(const struct db_change_ref *e, const struct db_change_new *c)
{
	return c->bad_sha && !strcmp(e->bad_sha, c->bad_sha);
}

/* The stored change nearest to detected change c (same direction, within
 * ANALYZE_MATCH_POINTS, not used yet; only triaged ones when
 * triaged_only), or -1. */
static long long analyze_nearest(const struct db_change_new *c, const struct db_series_data *s,
				 const int *used, const long long *where, int triaged_only)
{
	long long best = -1, bestd = ANALYZE_MATCH_POINTS + 1;

	for (size_t e = 0; e < s->nchanges; e++) {
		long long d = where[e] - c->point_index;

		if (used[e] || where[e] < 0 || s->changes[e].regression != c->regression ||
		    (triaged_only && !s->changes[e].triaged))
			continue;
		d = d < 0 ? -d : d;
		if (d < bestd) {
			bestd = d;
			best = (long long)e;
		}
	}
	return best;
}

/* The measured commit of a holding sha, or -1. */
static long long analyze_commit_of(const struct analyze_series *a, const char *sha)
{
	for (size_t k = 0; sha[0] && k < a->ncommits; k++)
		if (!strcmp(a->points[a->first[k]].sha, sha))
			return (long long)k;
	return -1;
}

/* 1 when stored change e, confirmed, still holds at its first bad commit:
 * every job of it against every job of the measured commit just before
 * it (its last good one, or one measured since in between) is changed in
 * its direction.  Segmentation may not place a step that the two show
 * (too few points after it in a long series); a confirmed change is
 * withdrawn only when they stop showing it (not reproduced, or moved). */
static int analyze_ends_hold(const struct db_change_ref *e, const struct analyze_series *a,
			     const struct verdict_noise *noise, const struct analyze_params *p,
			     int higher)
{
	long long b = analyze_commit_of(a, e->bad_sha), g = b - 1;
	struct verdict v;

	if (!e->confirmed || b < 1)
		return 0;
	if (verdict_compare(&v, &(struct verdict_side){ a->jobs + a->first[g],
							a->first[g + 1] - a->first[g] },
			    &(struct verdict_side){ a->jobs + a->first[b],
						    a->first[b + 1] - a->first[b] }, noise,
			    &p->verdict) < 0 || v.kind != VERDICT_CHANGED)
		return 0;
	return (higher ? v.percent < 0 : v.percent > 0) == e->regression;
}

/*
 * Pairs the detected changes with the stored ones.  In commit order a
 * change is its step: the stored change of the same direction and the
 * same first bad commit is the same change, and one a few points away is
 * not (a change never carries its confirmation, bisection or report to
 * another commit): it is dropped as moved.  A
 * triaged change takes the detection nearest to it within
 * ANALYZE_MATCH_POINTS, as in job order any stored change does.  A pair
 * with an untriaged change replaces it (ch[i].id); a pair with a triaged
 * one is skipped (keep[i] = 0).  Unpaired untriaged changes go to drop
 * with why, but for one its confirmation has yet to judge (the
 * confirmation decides, not a pass that sees half of its boots) and a
 * confirmed one whose ends still show it.
 */
static void analyze_match(struct db_change_new *ch, int *keep, size_t nch,
			  struct db_change_drop *drop, size_t *ndrop,
			  const struct analyze_series *a, const struct db_series_data *s, int *used,
			  long long *where, const struct verdict_noise *noise,
			  const struct analyze_params *p)
{
	for (size_t e = 0; e < s->nchanges; e++)
		where[e] = analyze_locate(a, &s->changes[e]);
	for (size_t i = 0; i < nch; i++) {
		long long best = -1;

		keep[i] = 1;
		for (size_t e = 0; a->by_commit && e < s->nchanges && best < 0; e++)
			if (!used[e] && s->changes[e].regression == ch[i].regression &&
			    analyze_same_step(&s->changes[e], &ch[i]))
				best = (long long)e;
		if (best < 0)
			best = analyze_nearest(&ch[i], s, used, where, a->by_commit);
		if (best < 0)
			continue;
		used[best] = 1;
		if (s->changes[best].triaged)
			keep[i] = 0;
		else
			ch[i].id = s->changes[best].id;
	}
	*ndrop = 0;
	for (size_t e = 0; e < s->nchanges; e++) {
		const struct db_change_new *to = NULL;

		if (used[e] || s->changes[e].triaged || s->changes[e].confirming ||
		    analyze_ends_hold(&s->changes[e], a, noise, p, s->higher_is_better))
			continue;
		for (size_t i = 0; a->by_commit && i < nch && !to; i++) {
			long long d = where[e] - ch[i].point_index;

			if (keep[i] && !ch[i].id && ch[i].regression == s->changes[e].regression &&
			    where[e] >= 0 && d <= ANALYZE_MATCH_POINTS && d >= -ANALYZE_MATCH_POINTS)
				to = &ch[i];
		}
		drop[*ndrop].id = s->changes[e].id;
		drop[*ndrop].moved = to != NULL;
		if (to)
			snprintf(drop[*ndrop].why, sizeof drop[*ndrop].why, "moved: the step is at "
				 "%.12s..%.12s now", to->good_sha ? to->good_sha : "",
				 to->bad_sha ? to->bad_sha : "");
		else
			snprintf(drop[*ndrop].why, sizeof drop[*ndrop].why, "no longer found by the "
				 "analysis");
		(*ndrop)++;
	}
}

/* The changes at the detected change points, paired with the stored
 * ones (analyze_match): the kept ones first in ch, *nch of them. */
static int analyze_changes(struct db_change_new *ch, size_t *nch, struct db_change_drop *drop,
			   size_t *ndrop,
			   const struct cpd_commit_point *cp, const size_t *cuts, size_t ncuts,
			   const struct analyze_series *a, const struct db_series_data *s,
			   const struct verdict_noise *noise, const struct analyze_params *p)
{
	int *keep = calloc(ncuts ? ncuts : 1, sizeof *keep);
	int *used = calloc(s->nchanges ? s->nchanges : 1, sizeof *used);
	long long *where = calloc(s->nchanges ? s->nchanges : 1, sizeof *where);
	int rc = -1;

	*nch = 0;
	if (!keep || !used || !where)
		goto out;
	for (size_t c = 0; c < ncuts; c++) {
		if (analyze_change(&ch[c], a, cuts, ncuts, c, cp[c].pvalue, s->higher_is_better) < 0)
			goto out;
		ch[c].verdict = &cp[c].verdict;
		ch[c].found_by = cp[c].few ? "commits" : "segmentation";
	}
	analyze_match(ch, keep, ncuts, drop, ndrop, a, s, used, where, noise, p);
	for (size_t c = 0; c < ncuts; c++)
		if (keep[c])
			ch[(*nch)++] = ch[c];
	rc = 0;
out:
	free(keep);
	free(used);
	free(where);
	return rc;
}

/* Detection, changes, noise and verdicts of a loaded series; stores them
 * and asks for more measurement where a verdict wants it. */
static int analyze_loaded(struct db *db, const struct db_series_data *s,
			  const struct analyze_series *a, const struct verdict_noise *noise,
			  const struct analyze_params *p, size_t *stored, size_t *more)
{
	struct cpd_commit_point *cp = NULL;
	size_t ncp = 0, nch = 0, ndrop = 0, nrows = 0;
	size_t *cuts = NULL;
	struct db_change_new *ch = NULL;
	struct db_commit_verdict *rows = NULL;
	struct verdict *pairs = NULL;
	struct db_change_drop *drop = NULL;
	struct db_analysis an = { 0 };
	double spark[DB_SPARK_POINTS];
	int rc = -1;

	if (analyze_detect(&cp, &ncp, a, noise, p) < 0)
		return -1;
	cuts = calloc(ncp ? ncp : 1, sizeof *cuts);
	ch = calloc(ncp ? ncp : 1, sizeof *ch);
	drop = calloc(s->nchanges ? s->nchanges : 1, sizeof *drop);
	if (!cuts || !ch || !drop)
		goto out;
	for (size_t c = 0; c < ncp; c++)
		cuts[c] = cp[c].index;
	if (analyze_changes(ch, &nch, drop, &ndrop, cp, cuts, ncp, a, s, noise, p) < 0 ||
	    analyze_pairs(&pairs, &rows, &nrows, a, noise, p) < 0)
		goto out;
	an.series_id = s->id;
	an.last_sample_id = s->last_sample_id;
	an.ordered_by = a->by_commit ? "commit" : "job";
	an.line_branch_id = s->branch_id;
	an.points = (long long)a->n;
	an.jobs = (long long)a->n;
	an.samples_used = a->samples_used;
	an.it_ss = a->it_ss;
	an.it_df = a->it_df;
	if (analyze_aa(&an, a, cuts, ncp) < 0)
		goto out;
	an.changes = ch;
	an.nchanges = nch;
	an.drop = drop;
	an.ndrop = ndrop;
	an.noise_max_cv = p->noise_max_cv;
	an.noise_beyond = ANALYZE_BEYOND_NOISE;
	an.noise_min_df = ANALYZE_NOISE_MIN_DF;
	an.verdicts = rows;
	an.nverdicts = nrows;
	/* the newest points for the metrics index */
	for (size_t i = a->n > DB_SPARK_POINTS ? a->n - DB_SPARK_POINTS : 0; i < a->n; i++)
		spark[an.nspark++] = a->points[i].value;
	an.spark = spark;
	an.spark_job = a->n ? a->points[a->n - 1].job_id : 0;
	switch (db_analysis_store(db, &an)) {
	case DB_OK: rc = 0; *stored = nch; break;
	case DB_CONFLICT: rc = 1; break;
	default: rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < ndrop; i++)
		log_info("series %lld: change %lld no longer found (deleted, or withdrawn "
			 "where anything refers to it): %s", s->id, drop[i].id, drop[i].why);
	if (rc == 0)
		*more = analyze_more(db, s->id, a, pairs, p);
out:
	free(cp);
	free(cuts);
	free(ch);
	free(drop);
	free(rows);
	free(pairs);
	return rc;
}

/* Marks series s as failing analysis (db_series_failed), saying why in
 * one log line; it is left alone until it gets a new sample. */
static void analyze_mark_failed(struct db *db, const struct db_series_data *s)
{
	char why[160] = "the detector or the store of its changes failed";

	for (size_t i = 0; i < s->nsamples; i++) {
		if (!proto_value_ok(s->samples[i].value)) {
			snprintf(why, sizeof why, "job %lld has a sample of %g, beyond what the "
				 "statistics compute with (a finite magnitude of at most %g)",
				 s->samples[i].job_id, s->samples[i].value, PROTO_MAX_VALUE);
			break;
		}
	}
	if (db_series_failed(db, s->id, s->last_sample_id, why) == DB_OK)
		log_warn("analysis of series %lld failed: %s; it is skipped until it gets "
			 "new samples", s->id, why);
}

int analyze_series(struct db *db, long long series_id, const struct analyze_params *p,
		   size_t *stored)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	struct db_noise_sums sums;
	struct verdict_noise noise;
	size_t more = 0;
	int rc;

	*stored = 0;
	if (db_noise_sums(db, &sums, series_id, 0, NULL) != DB_OK ||
	    db_series_load(db, &s, series_id) != DB_OK)
		return -1;
	analyze_noise_of(&noise, &sums);
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return -1;
	}
	/* The database lock is not held here: detection on a long series
	 * does not stall the HTTP threads.  The store checks that no sample
	 * arrived meanwhile. */
	rc = analyze_loaded(db, s, &a, &noise, p, stored, &more);
	if (rc < 0)
		analyze_mark_failed(db, s);
	analyze_series_dispose(&a);
	db_series_data_free(s);
	return rc;
}

int analyze_pass(struct db *db, const struct analyze_params *p, struct analyze_stats *st)
{
	long long *ids = NULL;
	size_t n = 0;

	memset(st, 0, sizeof *st);
	if (db_series_dirty(db, &ids, &n, p->batch, p->settle) != DB_OK)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t stored = 0;
		int rc = analyze_series(db, ids[i], p, &stored);

		if (rc < 0) {
			st->failed++;       /* analyze_series logged it */
		} else if (rc == 1) {
			st->conflicts++;
		} else {
			st->visited++;
			st->changes += stored;
		}
	}
	free(ids);
	return 0;
}

void analyze_params_from_config(struct analyze_params *p, const struct config *cfg)
{
	analyze_params_default(p);
	p->batch = (size_t)cfg->analysis_batch;
	p->settle = cfg->analysis_settle_seconds;
	p->noise_max_cv = (double)cfg->analysis_max_noise_percent / 100;
	p->target_effect = (double)cfg->analysis_target_effect_percent / 100;
	p->verdict.min_effect = (double)cfg->analysis_min_effect_percent / 100;
	p->verdict.prior_between = (double)cfg->analysis_prior_between_percent / 100;
	p->more_jobs_max = cfg->analysis_more_jobs_max;
	/* enough boots of the newest merge for segmentation to place a step
	 * there (CPD_MIN_SEGMENT points after it, its first job included) */
	p->confirm_newest = !cfg->confirm_enabled || !cfg->confirm_newest ? 0 :
			    cfg->confirm_min_jobs > CPD_MIN_SEGMENT - 1 ?
			    (int)cfg->confirm_min_jobs : CPD_MIN_SEGMENT - 1;
}

void analyze_tick(struct db *db, const struct config *cfg)
{
	struct analyze_params p;
	struct analyze_stats st;

	analyze_params_from_config(&p, cfg);
	if (analyze_pass(db, &p, &st) < 0) {
		log_error("analysis: cannot list the dirty series");
		return;
	}
	if (st.visited || st.failed)
		log_info("analysis: %zu series analysed, %zu changes stored, %zu failed, %zu "
			 "got new samples meanwhile", st.visited, st.changes, st.failed,
			 st.conflicts);
}

void analyze_noise_model(struct analyze_noise *out, double aa_ss, long long aa_df,
			 double it_ss, long long it_df, double iterations,
			 const struct analyze_params *p)
{
	double z = ANALYZE_Z_ALPHA + ANALYZE_Z_POWER, e = p->target_effect, var1, budget;

	memset(out, 0, sizeof *out);
	out->iterations = iterations >= 1 ? iterations : 1;
	out->known = aa_df >= ANALYZE_NOISE_MIN_DF;
	out->cv_job = aa_df > 0 ? sqrt(aa_ss / (double)aa_df) : NAN;
	out->cv_iter = it_df > 0 ? sqrt(it_ss / (double)it_df) : 0;
	if (!(aa_df > 0)) {
		out->cv_between = out->mde = out->iterations_needed = NAN;
		out->jobs_needed = 0;
		return;
	}
	/* A job point's variance = between-job part + iteration part / n. */
	out->cv_between = sqrt(fmax(0, out->cv_job * out->cv_job -
				    out->cv_iter * out->cv_iter / out->iterations));
	var1 = out->cv_between * out->cv_between + out->cv_iter * out->cv_iter / out->iterations;
	out->mde = z * sqrt(2 * var1);
	budget = (e / z) * (e / z) / 2 - out->cv_between * out->cv_between;
	if (out->cv_iter == 0 && budget > 0)
		out->iterations_needed = 1;
	else if (budget <= 0)
		out->iterations_needed = INFINITY;
	else
		out->iterations_needed = ceil(out->cv_iter * out->cv_iter / budget);
	if (out->iterations_needed > ANALYZE_MAX_ITERATIONS_NEEDED)
		out->iterations_needed = INFINITY;
	out->jobs_needed = (long long)ceil(2 * var1 * (z / e) * (z / e));
	if (out->jobs_needed < 1)
		out->jobs_needed = 1;
	out->noisy = out->known && out->cv_job > p->noise_max_cv;
}

/* ---- the points around a change (its view) ------------------------ */

int analyze_points_around(struct analyze_around **out, size_t *n, struct db *db,
			  long long series_id, long long bad_job_id, size_t around)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	size_t at = 0, lo, hi;
	int rc;

	*out = NULL;
	*n = 0;
	rc = db_series_load(db, &s, series_id);
	if (rc != DB_OK)
		return rc;
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return DB_ERR;
	}
	for (size_t i = 0; i < a.n; i++)
		if (a.points[i].job_id == bad_job_id)
			at = i;
	lo = at > around ? at - around : 0;
	hi = at + around + 1 < a.n ? at + around + 1 : a.n;
	*out = calloc(hi > lo ? hi - lo : 1, sizeof **out);
	for (size_t i = lo; *out && i < hi; i++) {
		const struct analyze_point *p = &a.points[i];
		struct analyze_around *o = &(*out)[i - lo];

		o->index = i;
		o->job_id = p->job_id;
		o->placed = a.by_commit;
		o->position = p->position;
		snprintf(o->sha, sizeof o->sha, "%s", p->sha);
		o->value = p->value;
		o->iterations = p->iterations;
	}
	*n = *out ? hi - lo : 0;
	analyze_series_dispose(&a);
	db_series_data_free(s);
	return *out ? DB_OK : DB_ERR;
}
