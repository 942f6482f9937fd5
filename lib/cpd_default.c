// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpd_default.c - kpci's change-point detector for kernel benchmark series.
 *
 * Pipeline (docs/detector.md gives the reasons and the measurements):
 *  1. transform: log of the values when all are positive (kernel metrics
 *     have multiplicative noise, and a 100x step is then an ordinary step),
 *     standardised by a robust noise scale, the MAD of first differences
 *     (their mean absolute value when most differences are 0: a "tied"
 *     series such as an image size or a small integer count);
 *  2. clean: a Hampel filter replaces points farther than CPD_HAMPEL_K
 *     scales from the median of their neighbourhood, so single-commit
 *     outliers do not cut the series;
 *  3. segment: binary segmentation under a Gaussian mean-and-variance cost
 *     (mean-only for tied series, whose runs of equal values would
 *     otherwise look like variance changes) proposes candidates at half
 *     the penalty, then optimal partitioning restricted to those
 *     candidates picks the set with the best penalised cost (penalty
 *     CPD_PENALTY_FACTOR * log n per change point);
 *  4. confirm: each change point is tested on at most `window` points on
 *     each side (bounded by the neighbouring change points): a
 *     Mann-Whitney U test on the raw values, its z shrunk by the local
 *     lag-1 autocorrelation of the residuals (effective sample size), must
 *     reach `max_pvalue`; a least-squares fit of line + step must find the
 *     step at CPD_TREND_PVALUE (a jump that a trend explains is no step),
 *     or at CPD_DRIFT_STEP_PVALUE when the whole span between the
 *     neighbours drifts; an exact fit (noise-free series) is a step;
 *     the median must move by at least `min_magnitude`.  The weakest
 *     failing point is dropped and its neighbours re-tested until all pass.
 * Cost is O(n log n) for binary segmentation plus O(K^2) for the K
 * candidates (K is capped), plus O(n) for the tests.
 */
#include "lib/cpd.h"
#include "lib/stats.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CPD_HAMPEL_HALF 3		/* Hampel neighbourhood: 2*3+1 points */
#define CPD_HAMPEL_K 5.0		/* outlier distance, in noise scales */
#define CPD_PENALTY_FACTOR 3.0		/* penalty = factor * log(n) */
#define CPD_VAR_FLOOR 0.01		/* variance floor, in noise scales^2 */
#define CPD_MAX_CANDIDATES 4000		/* above this, skip the O(K^2) step */
#define CPD_TREND_PVALUE 0.05		/* step-over-line test level */
#define CPD_DRIFT_PVALUE 1e-8		/* a span drifts at this level */
#define CPD_DRIFT_STEP_PVALUE 0.002	/* step-over-line level on a drift */
#define CPD_MAX_RHO 0.95		/* cap on the autocorrelation used */
#define CPD_MAD_TO_SD 1.482602218505602	/* MAD of a normal -> sigma */
#define CPD_EXACT_FIT 1e-12		/* residual/total sum of squares */
#define CPD_TIED_STEP 5.0		/* tied series: a larger diff is a step */

/* Prefix sums of the cleaned series for O(1) segment costs. */
struct cpd_sums {
	const double *s1, *s2;		/* s1[i] = sum y[0..i), s2 of y^2 */
	double floor;			/* variance floor */
	double fixed_var;		/* > 0: mean-only cost at this variance */
};

/* Gaussian cost of y[a..b): (b-a) * log(variance) for the mean-and-
 * variance model, or the residual sum of squares over fixed_var for the
 * mean-only model used on tied (discrete, noise-free) series. */
static double cpd_cost(const struct cpd_sums *cs, size_t a, size_t b)
{
	double n = (double)(b - a);
	double m = (cs->s1[b] - cs->s1[a]) / n;
	double v = (cs->s2[b] - cs->s2[a]) / n - m * m;

	if (cs->fixed_var > 0)
		return n * (v > 0 ? v : 0) / cs->fixed_var;
	if (v < cs->floor)
		v = cs->floor;
	return n * log(v);
}

/* Robust noise scale of x[0..n): MAD of first differences / sqrt(2), or,
 * when more than half the differences are 0, their mean absolute value
 * (and then *tied is set). */
static int cpd_noise_scale(double *out, int *tied, const double *x, size_t n)
{
	double *d, mad, sum = 0;

	*tied = 0;
	if (n < 2) {
		*out = 0;
		return 0;
	}
	d = malloc((n - 1) * sizeof *d);
	if (!d)
		return -1;
	for (size_t i = 0; i + 1 < n; i++)
		d[i] = x[i + 1] - x[i];
	mad = stats_median_inplace(d, n - 1);
	for (size_t i = 0; i + 1 < n; i++) {
		d[i] = fabs(d[i] - mad);
		sum += d[i];
	}
	mad = stats_median_inplace(d, n - 1);
	free(d);
	*out = mad * CPD_MAD_TO_SD / sqrt(2.0);
	if (!(*out > 0)) {
		*tied = 1;
		*out = sum / (double)(n - 1) * sqrt(M_PI) / 2;
	}
	return 0;
}

/* Noise variance of a tied series y[0..n) (in noise scales): half the
 * mean squared first difference, leaving out differences larger than
 * CPD_TIED_STEP scales (the steps themselves), at least 1. */
static double cpd_tied_variance(const double *y, size_t n)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i + 1 < n; i++) {
		double d = y[i + 1] - y[i];

		if (fabs(d) <= CPD_TIED_STEP) {
			sum += d * d;
			k++;
		}
	}
	sum = k ? sum / (double)k / 2 : 0;
	return sum > 1 ? sum : 1;
}

/* Hampel filter: y[i] = median of x[i-h..i+h] when x[i] lies more than
 * k * scale away from it, else x[i]. */
static void cpd_hampel(double *y, const double *x, size_t n, double scale)
{
	double win[2 * CPD_HAMPEL_HALF + 1];

	for (size_t i = 0; i < n; i++) {
		size_t a = i >= CPD_HAMPEL_HALF ? i - CPD_HAMPEL_HALF : 0;
		size_t b = i + CPD_HAMPEL_HALF + 1 < n ? i + CPD_HAMPEL_HALF + 1
						       : n;
		double med;

		memcpy(win, x + a, (b - a) * sizeof *win);
		med = stats_median_inplace(win, b - a);
		y[i] = fabs(x[i] - med) > CPD_HAMPEL_K * scale ? med : x[i];
	}
}

/* A segment awaiting a split during binary segmentation. */
struct cpd_span {
	size_t a, b;
};

/* Best split of [a, b) by cost gain; returns the gain, *at the position. */
static double cpd_best_split(size_t *at, const struct cpd_sums *cs,
			     size_t a, size_t b)
{
	double whole = cpd_cost(cs, a, b), best = -INFINITY;

	*at = 0;
	for (size_t t = a + CPD_MIN_SEGMENT; t + CPD_MIN_SEGMENT <= b; t++) {
		double g = whole - cpd_cost(cs, a, t) - cpd_cost(cs, t, b);

		if (g > best) {
			best = g;
			*at = t;
		}
	}
	return best;
}

static int cpd_size_cmp(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;

	return (a > b) - (a < b);
}

/* Binary segmentation at the given penalty: sorted split positions into
 * *out (caller frees) and their count into *k.  Returns 0, or -1. */
static int cpd_binseg(size_t **out, size_t *k, const struct cpd_sums *cs,
		      size_t n, double penalty)
{
	size_t cap = n / CPD_MIN_SEGMENT + 2, top = 0, nk = 0;
	struct cpd_span *stack = malloc(cap * sizeof *stack);
	size_t *cps = malloc(cap * sizeof *cps);

	if (!stack || !cps) {
		free(stack);
		free(cps);
		return -1;
	}
	stack[top++] = (struct cpd_span){ 0, n };
	while (top > 0) {
		struct cpd_span s = stack[--top];
		size_t at;

		if (s.b - s.a < 2 * CPD_MIN_SEGMENT)
			continue;
		if (!(cpd_best_split(&at, cs, s.a, s.b) > penalty))
			continue;
		cps[nk++] = at;
		stack[top++] = (struct cpd_span){ s.a, at };
		stack[top++] = (struct cpd_span){ at, s.b };
	}
	free(stack);
	qsort(cps, nk, sizeof *cps, cpd_size_cmp);
	*out = cps;
	*k = nk;
	return 0;
}

/* Optimal partitioning restricted to the candidate positions c[0..*k):
 * keeps the subset minimising total cost + penalty * count, rewritten into
 * c[0..*k).  Returns 0, or -1. */
static int cpd_refine(size_t *c, size_t *k, const struct cpd_sums *cs,
		      size_t n, double penalty)
{
	size_t m = *k + 2, *from = malloc(m * sizeof *from), *pos, nk = 0;
	double *f = malloc(m * sizeof *f);

	pos = malloc(m * sizeof *pos);
	if (!from || !f || !pos) {
		free(from);
		free(f);
		free(pos);
		return -1;
	}
	pos[0] = 0;
	memcpy(pos + 1, c, *k * sizeof *pos);
	pos[m - 1] = n;
	f[0] = -penalty;
	for (size_t j = 1; j < m; j++) {
		f[j] = INFINITY;
		from[j] = 0;
		for (size_t i = 0; i < j; i++) {
			double v = f[i] + cpd_cost(cs, pos[i], pos[j]) + penalty;

			if (v < f[j]) {
				f[j] = v;
				from[j] = i;
			}
		}
	}
	for (size_t j = from[m - 1]; j > 0; j = from[j])
		c[nk++] = pos[j];
	for (size_t i = 0; i < nk / 2; i++) {
		size_t t = c[i];

		c[i] = c[nk - 1 - i];
		c[nk - 1 - i] = t;
	}
	*k = nk;
	free(from);
	free(f);
	free(pos);
	return 0;
}

/* Variance inflation of a mean under lag-1 autocorrelation rho. */
static double cpd_inflation(double rho)
{
	return (1 + rho) / (1 - rho);
}

/* Two-sided p-value of the step delta in the least-squares fit
 * y[i] = a + b*i + delta*[i >= k] over y[0..len), k in (0, len): a jump
 * that a straight line through the window does not explain. */
static double cpd_step_pvalue(double *rho, double *slope_p, const double *y,
			      size_t len, size_t k)
{
	double m[3][4] = { { 0 } }, rss = 0, coef[3], inv33, inv22, t, lag = 0;
	double prev = 0, tss;

	*rho = 0;
	*slope_p = 1;
	if (len < 5 || k < 2 || len - k < 2)
		return 1;
	for (size_t i = 0; i < len; i++) {
		double r[3] = { 1, (double)i - (double)k, i >= k ? 1 : 0 };

		for (int u = 0; u < 3; u++) {
			for (int v = 0; v < 3; v++)
				m[u][v] += r[u] * r[v];
			m[u][3] += r[u] * y[i];
		}
	}
	{
		/* Solve by Cramer's rule; the 3x3 system is well conditioned
		 * once the time axis is centred on the step. */
		double a = m[0][0], b = m[0][1], c = m[0][2];
		double d = m[1][0], e = m[1][1], f = m[1][2];
		double g = m[2][0], h = m[2][1], ii = m[2][2];
		double det = a * (e * ii - f * h) - b * (d * ii - f * g) +
			     c * (d * h - e * g);

		if (!(fabs(det) > 0))
			return 1;
		for (int col = 0; col < 3; col++) {
			double q[3][3];

			for (int u = 0; u < 3; u++)
				for (int v = 0; v < 3; v++)
					q[u][v] = v == col ? m[u][3] : m[u][v];
			coef[col] = (q[0][0] * (q[1][1] * q[2][2] -
						q[1][2] * q[2][1]) -
				     q[0][1] * (q[1][0] * q[2][2] -
						q[1][2] * q[2][0]) +
				     q[0][2] * (q[1][0] * q[2][1] -
						q[1][1] * q[2][0])) / det;
		}
		inv33 = (a * e - b * d) / det;
		inv22 = (a * ii - c * g) / det;
	}
	for (size_t i = 0; i < len; i++) {
		double fit = coef[0] + coef[1] * ((double)i - (double)k) +
			     (i >= k ? coef[2] : 0);

		rss += (y[i] - fit) * (y[i] - fit);
		if (i > 0)
			lag += (y[i] - fit) * prev;
		prev = y[i] - fit;
	}
	/* An exact fit (noise-free series: image sizes, counters) leaves
	 * only rounding in the residuals; their autocorrelation means
	 * nothing, and any real step is infinitely significant. */
	tss = (double)len * stats_variance_pop(y, len);
	if (!(rss > CPD_EXACT_FIT * tss))
		return fabs(coef[2]) > CPD_EXACT_FIT * sqrt(tss) ? 0 : 1;
	*rho = lag / rss;
	if (*rho < 0)
		*rho = 0;
	if (*rho > CPD_MAX_RHO)
		*rho = CPD_MAX_RHO;
	t = coef[2] / sqrt(rss / (double)(len - 3) * inv33 *
			   cpd_inflation(*rho));
	*slope_p = stats_t_sf2(coef[1] / sqrt(rss / (double)(len - 3) * inv22 *
					      cpd_inflation(*rho)),
			       (double)(len - 3));
	return stats_t_sf2(t, (double)(len - 3));
}

/* Test state of one change point during confirmation. */
struct cpd_conf {
	size_t index;
	double p, magnitude;
};

/* Mann-Whitney p and relative median change between the (at most window)
 * points of x on either side of c[k], bounded by c[k-1] and c[k+1]. */
static int cpd_confirm_one(struct cpd_conf *cf, const size_t *c, size_t nc,
			   size_t k, const double *x, const double *zz,
			   size_t n, size_t window, double *scratch)
{
	size_t lo = k ? c[k - 1] : 0, hi = k + 1 < nc ? c[k + 1] : n;
	size_t a = c[k] - lo > window ? c[k] - window : lo;
	size_t b = hi - c[k] > window ? c[k] + window : hi;
	struct stats_test t;
	double m1, m2, rho, ps, slope_p, span_rho, span_slope_p;

	ps = cpd_step_pvalue(&rho, &slope_p, zz + a, b - a, c[k] - a);
	/* The whole span between the neighbours: does it drift? */
	(void)cpd_step_pvalue(&span_rho, &span_slope_p, zz + lo, hi - lo,
			      c[k] - lo);
	if (stats_mann_whitney(&t, x + a, c[k] - a, x + c[k], b - c[k]) < 0)
		return -1;
	memcpy(scratch, x + a, (c[k] - a) * sizeof *scratch);
	m1 = stats_median_inplace(scratch, c[k] - a);
	memcpy(scratch, x + c[k], (b - c[k]) * sizeof *scratch);
	m2 = stats_median_inplace(scratch, b - c[k]);
	cf->index = c[k];
	/* The rank test's z shrinks by the local autocorrelation; a jump
	 * that a line through the window explains (drift, trend) fails. */
	cf->p = 2 * stats_normal_cdf(-fabs(t.statistic) /
				     sqrt(cpd_inflation(rho)));
	/* On a drifting span a step must stand out more clearly from the
	 * local line: drift plus a local fluctuation looks like a step. */
	if (!(ps <= (span_slope_p <= CPD_DRIFT_PVALUE ? CPD_DRIFT_STEP_PVALUE
						      : CPD_TREND_PVALUE)))
		cf->p = 1;
	cf->magnitude = m1 != 0 ? fabs(m2 / m1 - 1) : (m2 != 0 ? INFINITY : 0);
	return 0;
}

/* Drops change points from c[0..*k) until each passes its local test. */
static int cpd_confirm(size_t *c, size_t *k, const double *x,
		       const double *z, size_t n, const struct cpd_params *p)
{
	size_t nc = *k, window = (size_t)p->window;
	struct cpd_conf *cf = malloc((nc ? nc : 1) * sizeof *cf);
	double *scratch = malloc((2 * window + 1) * sizeof *scratch);
	int rc = -1;

	if (!cf || !scratch)
		goto fail;
	for (size_t i = 0; i < nc; i++)
		if (cpd_confirm_one(&cf[i], c, nc, i, x, z, n, window,
				    scratch) < 0)
			goto fail;
	while (nc > 0) {
		size_t w = nc;
		double worst = -1;

		for (size_t i = 0; i < nc; i++) {
			double bad = cf[i].p > p->max_pvalue ? cf[i].p :
				     cf[i].magnitude < p->min_magnitude ?
				     p->max_pvalue : -1;

			if (bad > worst) {
				worst = bad;
				w = i;
			}
		}
		if (w == nc)
			break;
		memmove(&c[w], &c[w + 1], (nc - w - 1) * sizeof *c);
		memmove(&cf[w], &cf[w + 1], (nc - w - 1) * sizeof *cf);
		nc--;
		for (size_t i = w ? w - 1 : 0; i <= w && i < nc; i++)
			if (cpd_confirm_one(&cf[i], c, nc, i, x, z, n, window,
					    scratch) < 0)
				goto fail;
	}
	*k = nc;
	rc = 0;
fail:
	free(cf);
	free(scratch);
	return rc;
}

/* Builds the reported points: segment means of the raw series and the
 * confirming test's p-value. */
static int cpd_report(struct cpd_point **out, const size_t *c, size_t nc,
		      const double *x, const double *z, size_t n,
		      const struct cpd_params *p)
{
	struct cpd_point *res = malloc(nc * sizeof *res);
	double *scratch = malloc((2 * (size_t)p->window + 1) *
				 sizeof *scratch);

	if (!res || !scratch) {
		free(res);
		free(scratch);
		return -1;
	}
	for (size_t k = 0; k < nc; k++) {
		size_t lo = k ? c[k - 1] : 0, hi = k + 1 < nc ? c[k + 1] : n;
		struct cpd_conf cf;

		if (cpd_confirm_one(&cf, c, nc, k, x, z, n, (size_t)p->window,
				    scratch) < 0) {
			free(res);
			free(scratch);
			return -1;
		}
		res[k].index = c[k];
		res[k].mean_before = stats_mean(x + lo, c[k] - lo);
		res[k].mean_after = stats_mean(x + c[k], hi - c[k]);
		res[k].forward_change_percent =
			res[k].mean_before == 0 ? 0 :
			100 * (res[k].mean_after / res[k].mean_before - 1);
		res[k].pvalue = cf.p;
	}
	free(scratch);
	*out = res;
	return 0;
}

/* Log (when all positive) and standardised copy of x into y; *scale is
 * the noise scale, 0 for a constant series. */
static int cpd_transform(double *y, double *scale, int *tied, const double *x,
			 size_t n)
{
	int all_pos = 1;
	double med;

	for (size_t i = 0; i < n; i++)
		if (!(x[i] > 0))
			all_pos = 0;
	for (size_t i = 0; i < n; i++)
		y[i] = all_pos ? log(x[i]) : x[i];
	if (cpd_noise_scale(scale, tied, y, n) < 0 ||
	    stats_median(&med, y, n) < 0)
		return -1;
	if (!(*scale > 0))
		return 0;
	for (size_t i = 0; i < n; i++)
		y[i] = (y[i] - med) / *scale;
	return 0;
}

int cpd_default_detect(struct cpd_point **out, size_t *n_out,
		       const double *x, size_t n, const struct cpd_params *p)
{
	return cpd_default_detect_part(out, n_out, x, n, n, p);
}

int cpd_default_detect_part(struct cpd_point **out, size_t *n_out,
			    const double *x, size_t n, size_t n_total,
			    const struct cpd_params *p)
{
	double *y = NULL, *z = NULL, *s1 = NULL, *s2 = NULL, scale, penalty;
	size_t *c = NULL, nc = 0;
	struct cpd_sums cs;
	int rc = -1, tied;

	*out = NULL;
	*n_out = 0;
	if (n < 2 * CPD_MIN_SEGMENT)
		return 0;
	y = malloc(n * sizeof *y);
	z = malloc(n * sizeof *z);
	s1 = malloc((n + 1) * sizeof *s1);
	s2 = malloc((n + 1) * sizeof *s2);
	if (!y || !z || !s1 || !s2 || cpd_transform(y, &scale, &tied, x, n) < 0)
		goto fail;
	if (!(scale > 0)) {	/* constant or nearly constant series */
		rc = 0;
		goto fail;
	}
	cpd_hampel(z, y, n, 1.0);
	s1[0] = s2[0] = 0;
	for (size_t i = 0; i < n; i++) {
		s1[i + 1] = s1[i] + z[i];
		s2[i + 1] = s2[i] + z[i] * z[i];
	}
	cs = (struct cpd_sums){ s1, s2, CPD_VAR_FLOOR,
				tied ? cpd_tied_variance(z, n) : 0 };
	penalty = CPD_PENALTY_FACTOR * log((double)(n_total > n ? n_total : n));
	if (cpd_binseg(&c, &nc, &cs, n, penalty / 2) < 0)
		goto fail;
	if (nc <= CPD_MAX_CANDIDATES) {
		if (cpd_refine(c, &nc, &cs, n, penalty) < 0)
			goto fail;
	} else {
		free(c);
		c = NULL;
		if (cpd_binseg(&c, &nc, &cs, n, penalty) < 0)
			goto fail;
	}
	if (cpd_confirm(c, &nc, x, z, n, p) < 0)
		goto fail;
	if (nc > 0 && cpd_report(out, c, nc, x, z, n, p) < 0)
		goto fail;
	*n_out = nc;
	rc = 0;
fail:
	free(y);
	free(z);
	free(s1);
	free(s2);
	free(c);
	return rc;
}
