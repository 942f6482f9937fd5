// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpd_commits.c - change points over measured commits, each with its jobs
 * and their iterations: kpci's default segmentation of the job points
 * (lib/cpd_default.c), then a few-commits stage where segmentation cannot
 * look (docs/detector.md).
 *
 * Segmentation needs CPD_MIN_SEGMENT points on each side of a change; a
 * merge window measured at its merges has a handful of commits, one job
 * each, and a step at the second of them has one or two points before it.
 * The few-commits stage takes every segment that segmentation left with
 * fewer than CPD_FEW_MAX_POINTS points and splits it in binary fashion: at
 * each boundary between two measured commits, the commits before (at most
 * `window` points) are compared with the commits after by lib/verdict.h,
 * which counts the job as the unit of replication and takes the
 * between-job spread from the noise model (or the sides' own jobs); the
 * boundary with the smallest p-value is kept when, after Bonferroni over
 * the boundaries tried, the verdict is "changed" at max_pvalue (significant
 * and beyond the smallest effect that matters) and each side rests on at
 * least CPD_COMMITS_MIN_JOBS jobs.  Then the two halves are searched the
 * same way.  Longer segments are segmentation's alone: searching their
 * ends too cost F1 on TCPD (0.639; the series' last points only: 0.735).
 */
#include "lib/cpd.h"
#include "lib/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Segments shorter than this (in points) are searched between commits:
 * four minimum segments.  TCPD F1 with 10, 16, 20, 25, 40, 60: 0.775,
 * 0.779, 0.779, 0.768, 0.764, 0.724 (docs/detector.md). */
#define CPD_FEW_MAX_POINTS (4 * CPD_MIN_SEGMENT)

/* Work of one detection. */
struct cpd_few {
	const struct verdict_job *jobs;
	const size_t *first;        /* first point of each commit; first[nc] = points */
	size_t nc;
	const struct verdict_noise *noise;
	struct verdict_params vp;   /* alpha = the detector's max_pvalue */
	size_t window;
	size_t *cuts;               /* commits that start a segment, unsorted */
	double *pv;
	int *few;
	size_t ncuts;
};

static size_t cpd_points(const struct cpd_few *w, size_t a, size_t b)
{
	return w->first[b] - w->first[a];
}

/* The commits around boundary m of [a, b) that a test looks at: at most
 * `window` points each side, whole commits, at least one commit. */
static void cpd_sides(size_t *lo, size_t *hi, const struct cpd_few *w, size_t a, size_t m,
		      size_t b)
{
	*lo = m - 1;
	while (*lo > a && cpd_points(w, *lo - 1, m) <= w->window)
		(*lo)--;
	*hi = m + 1;
	while (*hi < b && cpd_points(w, m, *hi + 1) <= w->window)
		(*hi)++;
}

/* The verdict of commits [lo, m) against [m, hi), tested only. */
static int cpd_test(struct verdict *v, const struct cpd_few *w, size_t lo, size_t m, size_t hi)
{
	struct verdict_side l = { w->jobs + w->first[lo], cpd_points(w, lo, m) };
	struct verdict_side r = { w->jobs + w->first[m], cpd_points(w, m, hi) };

	return verdict_test(v, &l, &r, w->noise, &w->vp);
}

/* Splits [a, b) at its best boundary and recurses; see the file comment. */
static int cpd_few_search(struct cpd_few *w, size_t a, size_t b)
{
	size_t best = 0, tried = 0;
	double bestp = INFINITY;
	struct verdict v;

	if (b - a < 2)
		return 0;
	for (size_t m = a + 1; m < b; m++) {
		size_t lo, hi;

		cpd_sides(&lo, &hi, w, a, m, b);
		if (cpd_points(w, lo, m) < CPD_COMMITS_MIN_JOBS ||
		    cpd_points(w, m, hi) < CPD_COMMITS_MIN_JOBS)
			continue;
		if (cpd_test(&v, w, lo, m, hi) < 0)
			return -1;
		if (!v.tested)
			continue;
		tried++;
		if (v.p < bestp) {
			bestp = v.p;
			best = m;
		}
	}
	if (!tried)
		return 0;
	{
		size_t lo, hi;
		double q = fmin(1, bestp * (double)tried);

		cpd_sides(&lo, &hi, w, a, best, b);
		if (cpd_test(&v, w, lo, best, hi) < 0)
			return -1;
		verdict_decide(&v, q, &w->vp);
		if (v.kind != VERDICT_CHANGED)
			return 0;
		w->cuts[w->ncuts] = best;
		w->pv[w->ncuts] = q;
		w->few[w->ncuts] = 1;
		w->ncuts++;
	}
	if (cpd_few_search(w, a, best) < 0)
		return -1;
	return cpd_few_search(w, best, b);
}

/* The commit holding point i (first[] is sorted). */
static size_t cpd_commit_of(const size_t *first, size_t nc, size_t i)
{
	size_t lo = 0, hi = nc;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (first[mid] <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Segmentation of the points; its change points moved to the first
 * commit they fall in (two runs of one commit cannot differ). */
static int cpd_segment(struct cpd_few *w, const double *points, const struct cpd_params *p)
{
	struct cpd_params sp = *p;
	struct cpd_point *cp = NULL;
	size_t ncp = 0;

	sp.method = CPD_DEFAULT;
	if (cpd_default_detect(&cp, &ncp, points, w->first[w->nc], &sp) < 0)
		return -1;
	for (size_t j = 0; j < ncp; j++) {
		size_t k = cpd_commit_of(w->first, w->nc, cp[j].index);

		if (k == 0 || (w->ncuts && k <= w->cuts[w->ncuts - 1]))
			continue;
		w->cuts[w->ncuts] = k;
		w->pv[w->ncuts] = cp[j].pvalue;
		w->few[w->ncuts] = 0;
		w->ncuts++;
	}
	free(cp);
	return 0;
}

/* Sorts the cuts (and their p-values and origins) by commit. */
static void cpd_sort_cuts(struct cpd_few *w)
{
	for (size_t i = 1; i < w->ncuts; i++)
		for (size_t j = i; j > 0 && w->cuts[j - 1] > w->cuts[j]; j--) {
			size_t c = w->cuts[j];
			double p = w->pv[j];
			int f = w->few[j];

			w->cuts[j] = w->cuts[j - 1];
			w->pv[j] = w->pv[j - 1];
			w->few[j] = w->few[j - 1];
			w->cuts[j - 1] = c;
			w->pv[j - 1] = p;
			w->few[j - 1] = f;
		}
}

/* The reported points: each cut with the verdict of the segment before
 * against the segment after (at most `window` points each). */
static int cpd_commit_report(struct cpd_commit_point **out, const struct cpd_few *w)
{
	struct cpd_commit_point *r = calloc(w->ncuts ? w->ncuts : 1, sizeof *r);

	if (!r)
		return -1;
	for (size_t k = 0; k < w->ncuts; k++) {
		size_t a = k ? w->cuts[k - 1] : 0, b = k + 1 < w->ncuts ? w->cuts[k + 1] : w->nc;
		size_t lo, hi;

		cpd_sides(&lo, &hi, w, a, w->cuts[k], b);
		r[k].commit = w->cuts[k];
		r[k].index = w->first[w->cuts[k]];
		r[k].pvalue = w->pv[k];
		r[k].few = w->few[k];
		if (cpd_test(&r[k].verdict, w, lo, w->cuts[k], hi) < 0) {
			free(r);
			return -1;
		}
		verdict_decide(&r[k].verdict, w->few[k] ? w->pv[k] : r[k].verdict.p, &w->vp);
	}
	*out = r;
	return 0;
}

int cpd_commits_detect(struct cpd_commit_point **out, size_t *n_out, const double *points,
		       const struct verdict_job *jobs, const size_t *first, size_t ncommits,
		       const struct verdict_noise *noise, const struct verdict_params *vp,
		       const struct cpd_params *p)
{
	struct cpd_few w = { jobs, first, ncommits, noise, *vp, (size_t)p->window,
			     NULL, NULL, NULL, 0 };
	size_t nseg, *bounds = NULL;
	int rc = -1;

	*out = NULL;
	*n_out = 0;
	if (p->window < CPD_MIN_WINDOW || p->window > CPD_MAX_WINDOW)
		return -1;
	if (ncommits < 2)
		return 0;
	w.vp.alpha = p->max_pvalue;
	w.cuts = calloc(ncommits, sizeof *w.cuts);
	w.pv = calloc(ncommits, sizeof *w.pv);
	w.few = calloc(ncommits, sizeof *w.few);
	bounds = calloc(ncommits + 1, sizeof *bounds);
	if (!w.cuts || !w.pv || !w.few || !bounds || cpd_segment(&w, points, p) < 0)
		goto out;
	/* The segments segmentation left too short for itself to split. */
	nseg = 0;
	bounds[nseg++] = 0;
	for (size_t k = 0; k < w.ncuts; k++)
		bounds[nseg++] = w.cuts[k];
	for (size_t s = 0; s < nseg; s++) {
		size_t a = bounds[s], b = s + 1 < nseg ? bounds[s + 1] : ncommits;

		if (cpd_points(&w, a, b) < CPD_FEW_MAX_POINTS && cpd_few_search(&w, a, b) < 0)
			goto out;
	}
	cpd_sort_cuts(&w);
	if (w.ncuts && cpd_commit_report(out, &w) < 0)
		goto out;
	*n_out = w.ncuts;
	rc = 0;
out:
	free(w.cuts);
	free(w.pv);
	free(w.few);
	free(bounds);
	return rc;
}

/* cpd_detect() for CPD_COMMITS: each value is a commit with one job of
 * one iteration, no noise model; the reported means are of the raw
 * segments, as the other methods report them. */
int cpd_commits_detect_values(struct cpd_point **out, size_t *n_out, const double *x,
			      size_t n, const struct cpd_params *p)
{
	struct verdict_job *jobs = calloc(n ? n : 1, sizeof *jobs);
	size_t *first = calloc(n + 1, sizeof *first), ncp = 0;
	struct cpd_commit_point *cp = NULL;
	struct cpd_point *res = NULL;
	struct verdict_params vp;
	int rc = -1;

	*out = NULL;
	*n_out = 0;
	if (!jobs || !first)
		goto out;
	for (size_t i = 0; i < n; i++) {
		verdict_job_of(&jobs[i], &x[i], 1);
		first[i] = i;
	}
	first[n] = n;
	verdict_params_default(&vp);
	vp.min_effect = p->min_magnitude;
	vp.prior_between = 0;
	if (cpd_commits_detect(&cp, &ncp, x, jobs, first, n, NULL, &vp, p) < 0)
		goto out;
	res = calloc(ncp ? ncp : 1, sizeof *res);
	if (!res)
		goto out;
	for (size_t k = 0; k < ncp; k++) {
		size_t lo = k ? cp[k - 1].index : 0, hi = k + 1 < ncp ? cp[k + 1].index : n;

		res[k].index = cp[k].index;
		res[k].mean_before = stats_mean(x + lo, cp[k].index - lo);
		res[k].mean_after = stats_mean(x + cp[k].index, hi - cp[k].index);
		res[k].forward_change_percent = res[k].mean_before == 0 ? 0 :
			100 * (res[k].mean_after / res[k].mean_before - 1);
		res[k].pvalue = cp[k].pvalue;
	}
	if (ncp) {
		*out = res;
		res = NULL;
	}
	*n_out = ncp;
	rc = 0;
out:
	free(jobs);
	free(first);
	free(cp);
	free(res);
	return rc;
}
