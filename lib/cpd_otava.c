// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpd_otava.c - Apache Otava's change-point method, for compatibility.
 *
 * Otava (ex-Hunter; Fleming et al., ICPE 2023) runs E-divisive means
 * (Matteson & James, energy statistic with alpha = 1) on sliding windows of
 * window_len points stepped by window_len / 2, keeps each split while a
 * two-sided Student t-test between the two sides has p <= a relaxed
 * threshold ("weak" change points), then merges bottom-up: the weakest
 * point (largest p-value, or when all pass, smallest magnitude) is
 * dropped and its neighbours' statistics recomputed until every point has
 * p < max_pvalue and magnitude > min_magnitude.
 *
 * The details that decide which indexes come out follow Otava exactly:
 * the candidate is the first maximum of the Q-hat matrix in row-major
 * order, zeros below its diagonal included; the t-test takes population
 * standard deviations (numpy.std) as scipy's ttest_ind_from_stats inputs;
 * a candidate that fails the test ends the search in its window; after a
 * merge removes the point at position k, the points now at k and k + 1
 * are recomputed.  The reported statistics are recomputed against the
 * final neighbours.
 */
#include "lib/cpd.h"
#include "lib/stats.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A change point while the method runs: position and its t-test. */
struct cpd_otava_cp {
	size_t index;
	double mean1, mean2, p;
};

/* The best split of one interval: first point of the right side, Q-hat. */
struct cpd_otava_cand {
	size_t index;
	double qhat;
	int valid;
};

/* First-pass threshold Otava uses for the split step. */
static double cpd_otava_first_pass(double max_pvalue)
{
	if (max_pvalue < 0.05)
		return max_pvalue * 10;
	if (max_pvalue < 0.5)
		return max_pvalue * 2;
	return max_pvalue;
}

/* Otava's two-sided t-test between x[a..b) and x[b..c): mean and
 * population deviation of each side, p = 1 when there are fewer than 3
 * points in all. */
static void cpd_otava_test(struct cpd_otava_cp *cp, const double *x,
			   size_t a, size_t b, size_t c)
{
	size_t n1 = b - a, n2 = c - b;
	double s1, s2;
	struct stats_test t;

	assert(a < b && b < c);
	cp->index = b;
	cp->mean1 = stats_mean(x + a, n1);
	cp->mean2 = stats_mean(x + b, n2);
	s1 = n1 >= 2 ? sqrt(stats_variance_pop(x + a, n1)) : 0;
	s2 = n2 >= 2 ? sqrt(stats_variance_pop(x + b, n2)) : 0;
	cp->p = 1;
	if (n1 + n2 > 2 &&
	    stats_student_t_from_stats(&t, cp->mean1, s1, n1, cp->mean2, s2,
				       n2) == 0)
		cp->p = t.pvalue;
}

/* Otava's change magnitude: the larger of |after/before - 1| and
 * |before/after - 1|, a zero mean contributing 0. */
static double cpd_otava_magnitude(const struct cpd_otava_cp *cp)
{
	double f = cp->mean1 == 0 ? 0 : cp->mean2 / cp->mean1 - 1;
	double b = cp->mean2 == 0 ? 0 : cp->mean1 / cp->mean2 - 1;

	return fmax(fabs(f), fabs(b));
}

/*
 * Best E-divisive split of z[s..e), e - s >= 2, using scratch arrays t and
 * pc of at least e doubles.  For tau in (s, e) and kappa in (tau, e]:
 *   Q = 2/(k) SA - 2m/(k(n-1)) SB - 2n/(k(m-1)) SC
 * with n = tau - s, m = kappa - tau, k = kappa - s, SA the cross sum of
 * |z_i - z_j| and SB, SC the within sums.  The scan order and the zero
 * entries below the diagonal reproduce numpy.argmax over Otava's matrix.
 */
static struct cpd_otava_cand cpd_otava_candidate(const double *z, size_t s,
						 size_t e, double *t,
						 double *pc)
{
	struct cpd_otava_cand best = { 0, -INFINITY, 0 };
	double sb = 0;

	assert(e - s >= 2);
	for (size_t j = s; j < e; j++) {
		double acc = 0;

		for (size_t i = s; i < j; i++)
			acc += fabs(z[i] - z[j]);
		t[j] = acc;	/* sum of d(i, j) over s <= i < j */
		pc[j] = 0;	/* the same over s <= i < tau */
	}
	for (size_t tau = s + 1; tau < e; tau++) {
		size_t n = tau - s;
		double sa = 0, sc = 0;

		for (size_t j = tau; j < e; j++)
			pc[j] += fabs(z[tau - 1] - z[j]);
		sb += t[tau - 1];
		if (n > 1 && 0 > best.qhat)	/* zero below the diagonal */
			best = (struct cpd_otava_cand){ tau, 0, 1 };
		for (size_t kappa = tau + 1; kappa <= e; kappa++) {
			size_t m = kappa - tau, k = kappa - s;
			double a, b = 0, c = 0, q;

			sa += pc[kappa - 1];
			sc += t[kappa - 1] - pc[kappa - 1];
			a = (2.0 / (double)k) * sa;
			if (n > 1)
				b = ((double)(2 * m) / (double)(k * (n - 1))) *
				    sb;
			if (m > 1)
				c = ((double)(2 * n) / (double)(k * (m - 1))) *
				    sc;
			q = a - b - c;
			if (q > best.qhat)
				best = (struct cpd_otava_cand){ tau, q, 1 };
		}
	}
	return best;
}

/* Sorted insert of index into bounds[0..*nb) (no duplicates possible). */
static void cpd_otava_insert(size_t *bounds, size_t *nb, size_t index)
{
	size_t k = *nb;

	while (k > 0 && bounds[k - 1] > index) {
		bounds[k] = bounds[k - 1];
		k--;
	}
	bounds[k] = index;
	(*nb)++;
}

/*
 * E-divisive inside one window z[0..len): repeatedly split the interval
 * holding the largest Q-hat while the split passes the t-test at
 * max_pvalue.  Writes the accepted indexes (window-relative, sorted) to
 * found[0..*n_found).  Scratch: bounds and cands hold len + 1 entries,
 * t and pc len doubles.
 */
static void cpd_otava_window(size_t *found, size_t *n_found, const double *z,
			     size_t len, double max_pvalue, size_t *bounds,
			     struct cpd_otava_cand *cands, double *t,
			     double *pc)
{
	size_t nb = 2;		/* bounds: 0, change points..., len */

	bounds[0] = 0;
	bounds[1] = len;
	cands[0].valid = 0;	/* cands[k]: interval [bounds[k], bounds[k+1]) */
	cands[0].qhat = NAN;	/* NAN marks "not computed yet" */
	for (;;) {
		size_t best = 0;
		int have = 0;
		struct cpd_otava_cp cp;

		for (size_t k = 0; k + 1 < nb; k++) {
			if (isnan(cands[k].qhat) && !cands[k].valid) {
				if (bounds[k + 1] - bounds[k] > 1)
					cands[k] = cpd_otava_candidate(
						z, bounds[k], bounds[k + 1],
						t, pc);
				else
					cands[k] = (struct cpd_otava_cand){
						0, -INFINITY, 0 };
			}
			if (cands[k].valid &&
			    (!have || cands[k].qhat > cands[best].qhat)) {
				best = k;
				have = 1;
			}
		}
		if (!have)
			break;
		cpd_otava_test(&cp, z, bounds[best], cands[best].index,
			       bounds[best + 1]);
		if (!(cp.p <= max_pvalue))
			break;
		/* Split interval best in two; both halves need candidates. */
		memmove(&cands[best + 2], &cands[best + 1],
			(nb - 1 - (best + 1)) * sizeof *cands);
		cpd_otava_insert(bounds, &nb, cands[best].index);
		cands[best] = (struct cpd_otava_cand){ 0, NAN, 0 };
		cands[best + 1] = (struct cpd_otava_cand){ 0, NAN, 0 };
	}
	*n_found = 0;
	for (size_t k = 1; k + 1 < nb; k++)
		found[(*n_found)++] = bounds[k];
}

static int cpd_otava_size_cmp(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;

	return (a > b) - (a < b);
}

/* Split step: weak change point indexes over the whole series, sorted and
 * unique, into idx[0..*n_idx) (idx has room for n entries). */
static int cpd_otava_split(size_t *idx, size_t *n_idx, const double *x,
			   size_t n, size_t window, double pvalue)
{
	size_t step = window / 2, start = 0, cap = window + 1;
	size_t *found = malloc(cap * sizeof *found);
	size_t *bounds = malloc(cap * sizeof *bounds);
	struct cpd_otava_cand *cands = malloc(cap * sizeof *cands);
	double *t = malloc(cap * sizeof *t), *pc = malloc(cap * sizeof *pc);
	char *seen = calloc(n ? n : 1, 1);
	int rc = -1;

	*n_idx = 0;
	if (!found || !bounds || !cands || !t || !pc || !seen)
		goto fail;
	while (start < n) {
		size_t end = start + window < n ? start + window : n, nf;
		size_t last = 0;

		cpd_otava_window(found, &nf, x + start, end - start, pvalue,
				 bounds, cands, t, pc);
		for (size_t k = 0; k < nf; k++) {
			size_t g = found[k] + start;

			if (g > last)
				last = g;
			if (!seen[g]) {
				seen[g] = 1;
				idx[(*n_idx)++] = g;
			}
		}
		start = last > start + step ? last : start + step;
	}
	qsort(idx, *n_idx, sizeof *idx, cpd_otava_size_cmp);
	rc = 0;
fail:
	free(found);
	free(bounds);
	free(cands);
	free(t);
	free(pc);
	free(seen);
	return rc;
}

/* Recomputes cps[k] against its neighbours in cps[0..n). */
static void cpd_otava_restat(struct cpd_otava_cp *cps, size_t n, size_t k,
			     const double *x, size_t len)
{
	size_t a = k == 0 ? 0 : cps[k - 1].index;
	size_t c = k + 1 == n ? len : cps[k + 1].index;

	cpd_otava_test(&cps[k], x, a, cps[k].index, c);
}

/* Merge step: drops weak points until all pass; returns the count left. */
static size_t cpd_otava_merge(struct cpd_otava_cp *cps, size_t n,
			      const double *x, size_t len, double max_pvalue,
			      double min_magnitude)
{
	while (n > 0) {
		size_t w = 0;

		for (size_t k = 1; k < n; k++)
			if (cps[k].p > cps[w].p)
				w = k;
		if (cps[w].p < max_pvalue) {
			w = 0;
			for (size_t k = 1; k < n; k++)
				if (cpd_otava_magnitude(&cps[k]) <
				    cpd_otava_magnitude(&cps[w]))
					w = k;
			if (cpd_otava_magnitude(&cps[w]) > min_magnitude)
				break;
		}
		memmove(&cps[w], &cps[w + 1], (n - w - 1) * sizeof *cps);
		n--;
		if (w < n)
			cpd_otava_restat(cps, n, w, x, len);
		if (w + 1 < n)
			cpd_otava_restat(cps, n, w + 1, x, len);
	}
	return n;
}

int cpd_otava_detect(struct cpd_point **out, size_t *n_out, const double *x,
		     size_t n, const struct cpd_params *p)
{
	size_t *idx = NULL, n_idx = 0;
	struct cpd_otava_cp *cps = NULL;
	struct cpd_point *res = NULL;
	int rc = -1;

	*out = NULL;
	*n_out = 0;
	if (p->window < CPD_MIN_WINDOW || p->window > CPD_MAX_WINDOW)
		return -1;
	if (n < 2)
		return 0;
	idx = malloc(n * sizeof *idx);
	if (!idx)
		goto fail;
	if (cpd_otava_split(idx, &n_idx, x, n, (size_t)p->window,
			    cpd_otava_first_pass(p->max_pvalue)) < 0)
		goto fail;
	if (n_idx == 0) {
		rc = 0;
		goto fail;
	}
	cps = malloc(n_idx * sizeof *cps);
	if (!cps)
		goto fail;
	for (size_t k = 0; k < n_idx; k++)
		cps[k].index = idx[k];
	for (size_t k = 0; k < n_idx; k++)
		cpd_otava_restat(cps, n_idx, k, x, n);
	n_idx = cpd_otava_merge(cps, n_idx, x, n, p->max_pvalue,
				p->min_magnitude);
	if (n_idx == 0) {
		rc = 0;
		goto fail;
	}
	res = malloc(n_idx * sizeof *res);
	if (!res)
		goto fail;
	for (size_t k = 0; k < n_idx; k++)
		cpd_otava_restat(cps, n_idx, k, x, n);
	for (size_t k = 0; k < n_idx; k++) {
		res[k].index = cps[k].index;
		res[k].mean_before = cps[k].mean1;
		res[k].mean_after = cps[k].mean2;
		res[k].forward_change_percent =
			cps[k].mean1 == 0 ? 0
					  : 100 * (cps[k].mean2 / cps[k].mean1 - 1);
		res[k].pvalue = cps[k].p;
	}
	*out = res;
	*n_out = n_idx;
	rc = 0;
fail:
	free(idx);
	free(cps);
	return rc;
}
