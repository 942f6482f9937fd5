// SPDX-License-Identifier: GPL-2.0-only
/*
 * stats.c - descriptive statistics, the t distribution and two-sample tests.
 *
 * Used by the change-point detectors (lib/cpd*.c) and by commit-vs-base
 * comparisons.  The t distribution goes through the regularized incomplete
 * beta function, evaluated with its continued fraction (modified Lentz);
 * results agree with scipy to about 1e-13 relative.
 */
#include "lib/stats.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STATS_BETA_MAX_ITER 20000	/* continued-fraction terms */
#define STATS_BETA_EPS 1e-16		/* relative convergence */
#define STATS_TINY 1e-300		/* Lentz guard against 0 */
#define STATS_QUANTILE_STEPS 200	/* bisection steps of t quantile */

double stats_mean(const double *x, size_t n)
{
	double s = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

/* Sum of squared deviations from the mean. */
static double stats_ssd(const double *x, size_t n)
{
	double m = stats_mean(x, n), s = 0;

	for (size_t i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return s;
}

double stats_variance(const double *x, size_t n)
{
	return n < 2 ? 0 : stats_ssd(x, n) / (double)(n - 1);
}

double stats_variance_pop(const double *x, size_t n)
{
	return n < 1 ? 0 : stats_ssd(x, n) / (double)n;
}

static void stats_swap(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

/* Moves the k-th smallest element of x[0..n) to x[k] (Hoare selection);
 * elements before k are <= x[k], those after are >= x[k]. */
static void stats_select(double *x, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		double pivot = x[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;

		while (i <= j) {
			while (x[i] < pivot)
				i++;
			while (x[j] > pivot)
				j--;
			if (i <= j) {
				stats_swap(&x[i], &x[j]);
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

double stats_median_inplace(double *x, size_t n)
{
	size_t k = n / 2;
	double hi, lo;

	assert(n > 0);
	stats_select(x, n, k);
	hi = x[k];
	if (n % 2)
		return hi;
	lo = x[0];
	for (size_t i = 1; i < k; i++)	/* largest of the lower half */
		if (x[i] > lo)
			lo = x[i];
	return lo + (hi - lo) / 2;
}

int stats_median(double *out, const double *x, size_t n)
{
	double *tmp;

	if (n == 0)
		return -1;
	tmp = malloc(n * sizeof *tmp);
	if (!tmp)
		return -1;
	memcpy(tmp, x, n * sizeof *tmp);
	*out = stats_median_inplace(tmp, n);
	free(tmp);
	return 0;
}

/* Continued fraction of I_x(a, b), valid (fast) for x < (a+1)/(a+b+2). */
static double stats_beta_cf(double a, double b, double x)
{
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < STATS_TINY)
		d = STATS_TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= STATS_BETA_MAX_ITER; m++) {
		double m2 = 2.0 * m, aa, del;

		aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < STATS_TINY)
			d = STATS_TINY;
		c = 1 + aa / c;
		if (fabs(c) < STATS_TINY)
			c = STATS_TINY;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < STATS_TINY)
			d = STATS_TINY;
		c = 1 + aa / c;
		if (fabs(c) < STATS_TINY)
			c = STATS_TINY;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < STATS_BETA_EPS)
			break;
	}
	return h;
}

/* I_x(a, b) where y == 1 - x is passed separately so that neither tail
 * loses precision to cancellation; *ic receives 1 - I_x(a, b). */
static double stats_beta_inc_xy(double a, double b, double x, double y,
				double *ic)
{
	double lbt, v;

	if (!(x > 0)) {
		*ic = 1;
		return 0;
	}
	if (!(y > 0)) {
		*ic = 0;
		return 1;
	}
	lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(y);
	if (x < (a + 1) / (a + b + 2)) {
		v = exp(lbt) * stats_beta_cf(a, b, x) / a;
		*ic = 1 - v;
		return v;
	}
	*ic = exp(lbt) * stats_beta_cf(b, a, y) / b;
	return 1 - *ic;
}

double stats_beta_inc(double a, double b, double x)
{
	double ic;

	if (!(a > 0 && b > 0))		/* NaN too: never from valid input */
		return NAN;
	return stats_beta_inc_xy(a, b, x, 1 - x, &ic);
}

double stats_t_sf2(double t, double df)
{
	double t2, ic;

	if (isnan(t) || !(df > 0) || isinf(df))
		return NAN;
	if (isinf(t))
		return 0;
	t2 = t * t;
	/* P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2). */
	return stats_beta_inc_xy(df / 2, 0.5, df / (df + t2), t2 / (df + t2),
				 &ic);
}

double stats_t_cdf(double t, double df)
{
	double half;

	if (isnan(t))
		return NAN;
	half = stats_t_sf2(t, df) / 2;
	return t < 0 ? half : 1 - half;
}

double stats_t_quantile(double p, double df)
{
	double lo, hi;

	if (!(p > 0 && p < 1) || !(df > 0) || isinf(df))
		return NAN;     /* e.g. Welch's df of values too large to square */
	if (p < 0.5)
		return -stats_t_quantile(1 - p, df);
	if (p == 0.5)
		return 0;
	lo = 0;
	hi = 1;
	while (stats_t_cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < STATS_QUANTILE_STEPS; i++) {
		double mid = lo + (hi - lo) / 2;

		if (mid <= lo || mid >= hi)
			break;
		if (stats_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return lo + (hi - lo) / 2;
}

double stats_normal_cdf(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

int stats_welch_t_from_stats(struct stats_test *out, double mean1, double var1, size_t n1,
			     double mean2, double var2, size_t n2)
{
	double sa, sb, se2;

	if (n1 < 2 || n2 < 2)
		return -1;
	sa = var1 / (double)n1;
	sb = var2 / (double)n2;
	se2 = sa + sb;
	out->statistic = (mean1 - mean2) / sqrt(se2);
	out->df = se2 * se2 / (sa * sa / (double)(n1 - 1) +
			       sb * sb / (double)(n2 - 1));
	if (!(out->df > 0))	/* both samples constant */
		out->df = (double)(n1 + n2 - 2);
	out->pvalue = stats_t_sf2(out->statistic, out->df);
	return 0;
}

int stats_welch_t(struct stats_test *out, const double *a, size_t na,
		  const double *b, size_t nb)
{
	if (na < 2 || nb < 2)
		return -1;
	return stats_welch_t_from_stats(out, stats_mean(a, na), stats_variance(a, na), na,
					stats_mean(b, nb), stats_variance(b, nb), nb);
}

int stats_student_t_from_stats(struct stats_test *out, double mean1,
			       double sd1, size_t n1, double mean2,
			       double sd2, size_t n2)
{
	double df, pooled, denom;

	if (n1 == 0 || n2 == 0 || n1 + n2 < 3)
		return -1;
	df = (double)(n1 + n2 - 2);
	pooled = ((double)(n1 - 1) * sd1 * sd1 +
		  (double)(n2 - 1) * sd2 * sd2) / df;
	denom = sqrt(pooled * (1.0 / (double)n1 + 1.0 / (double)n2));
	out->df = df;
	out->statistic = (mean1 - mean2) / denom;
	out->pvalue = stats_t_sf2(out->statistic, df);
	return 0;
}

int stats_student_t(struct stats_test *out, const double *a, size_t na,
		    const double *b, size_t nb)
{
	return stats_student_t_from_stats(out, stats_mean(a, na),
					  sqrt(stats_variance(a, na)), na,
					  stats_mean(b, nb),
					  sqrt(stats_variance(b, nb)), nb);
}

/* A value and the sample it came from, for ranking. */
struct stats_ranked {
	double v;
	int from_a;
};

static int stats_ranked_cmp(const void *pa, const void *pb)
{
	const struct stats_ranked *x = pa, *y = pb;

	return (x->v > y->v) - (x->v < y->v);
}

double stats_rank_sum_exact(const double *a, size_t na, const double *b, size_t nb)
{
	size_t umax = na * nb, w = umax + 1;
	double u2 = 0, total = 0, tail = 0, *prev, *cur;
	long long u;

	if (!na || !nb || na > STATS_EXACT_MAX || nb > STATS_EXACT_MAX)
		return NAN;
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			u2 += b[j] > a[i] ? 2 : b[j] == a[i] ? 1 : 0;
	u = (long long)(u2 / 2);
	/* N(m, n, u): the deals of m values of a and n of b with U(b) = u.
	 * The largest value is b's (it beats all m of a) or a's (none):
	 * N(m, n, u) = N(m, n - 1, u - m) + N(m - 1, n, u); rows m - 1 and
	 * m are kept, each a (nb + 1) x (umax + 1) table. */
	prev = calloc((nb + 1) * w, sizeof *prev);
	cur = calloc((nb + 1) * w, sizeof *cur);
	if (!prev || !cur) {
		free(prev);
		free(cur);
		return NAN;
	}
	for (size_t m = 0; m <= na; m++) {
		for (size_t n = 0; n <= nb; n++)
			for (size_t k = 0; k < w; k++) {
				double v = 0;

				if (m == 0 || n == 0)
					v = k == 0;
				else
					v = (k >= m ? cur[(n - 1) * w + k - m] : 0) + prev[n * w + k];
				cur[n * w + k] = v;
			}
		{
			double *t = prev;

			prev = cur;
			cur = t;
		}
	}
	for (size_t k = 0; k < w; k++) {
		total += prev[nb * w + k];
		if ((long long)k >= u)
			tail += prev[nb * w + k];
	}
	free(prev);
	free(cur);
	return total > 0 ? tail / total : NAN;
}

int stats_mann_whitney(struct stats_test *out, const double *a, size_t na,
		       const double *b, size_t nb)
{
	size_t n = na + nb, i = 0;
	struct stats_ranked *r;
	double rank_a = 0, ties = 0, u, mu, var, z, nd;

	if (na == 0 || nb == 0)
		return -1;
	r = calloc(n, sizeof *r);
	if (!r)
		return -1;
	for (size_t k = 0; k < na; k++)
		r[k] = (struct stats_ranked){ a[k], 1 };
	for (size_t k = 0; k < nb; k++)
		r[na + k] = (struct stats_ranked){ b[k], 0 };
	qsort(r, n, sizeof *r, stats_ranked_cmp);
	while (i < n) {
		size_t j = i + 1;
		double mid, t;

		while (j < n && r[j].v == r[i].v)
			j++;
		mid = ((double)i + 1 + (double)j) / 2;	/* mean of ranks */
		for (size_t k = i; k < j; k++)
			if (r[k].from_a)
				rank_a += mid;
		t = (double)(j - i);
		ties += t * t * t - t;
		i = j;
	}
	free(r);
	nd = (double)n;
	u = rank_a - (double)na * ((double)na + 1) / 2;
	mu = (double)na * (double)nb / 2;
	var = (double)na * (double)nb / 12 *
	      ((nd + 1) - (n > 1 ? ties / (nd * (nd - 1)) : 0));
	out->df = 0;
	if (!(var > 0)) {	/* all values equal */
		out->statistic = 0;
		out->pvalue = 1;
		return 0;
	}
	z = (fabs(u - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	out->statistic = u >= mu ? z : -z;
	out->pvalue = 2 * stats_normal_cdf(-z);
	if (out->pvalue > 1)
		out->pvalue = 1;
	return 0;
}

/* Sort context for stats_bh_adjust: indexes ordered by their p-value. */
struct stats_pidx {
	double p;
	size_t i;
};

static int stats_pidx_cmp(const void *pa, const void *pb)
{
	const struct stats_pidx *x = pa, *y = pb;

	if (x->p != y->p)
		return (x->p > y->p) - (x->p < y->p);
	return (x->i > y->i) - (x->i < y->i);
}

int stats_bh_adjust(double *q, const double *p, size_t n)
{
	struct stats_pidx *s;
	double run = 1;

	if (n == 0)
		return 0;
	s = malloc(n * sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		s[i] = (struct stats_pidx){ p[i], i };
	qsort(s, n, sizeof *s, stats_pidx_cmp);
	for (size_t k = n; k-- > 0;) {
		double v = s[k].p * (double)n / (double)(k + 1);

		if (v < run)
			run = v;
		q[s[k].i] = run;
	}
	free(s);
	return 0;
}

int stats_percent_change_ci(struct stats_change_ci *out, const double *a,
			    size_t na, const double *b, size_t nb,
			    double level)
{
	double ma, mb, sa, sb, r, se, df, t;

	assert(level > 0 && level < 1);
	if (na < 2 || nb < 2)
		return -1;
	ma = stats_mean(a, na);
	mb = stats_mean(b, nb);
	if (ma == 0)
		return -1;
	sa = stats_variance(a, na) / (double)na;
	sb = stats_variance(b, nb) / (double)nb;
	r = mb / ma;
	/* Var(mb/ma) ~ (sb + r^2 sa) / ma^2 (first-order delta method). */
	se = sqrt(sb + r * r * sa) / fabs(ma);
	if (sa + sb > 0)
		df = (sa + sb) * (sa + sb) /
		     (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
	else
		df = (double)(na + nb - 2);
	t = stats_t_quantile(0.5 + level / 2, df);
	out->percent = 100 * (r - 1);
	out->lo = 100 * (r - 1 - t * se);
	out->hi = 100 * (r - 1 + t * se);
	return 0;
}
