// SPDX-License-Identifier: GPL-2.0-only
/*
 * verdict.c - changed, same or inconclusive for one metric between two
 * sides of jobs (see verdict.h for the model and the contract, and
 * docs/analysis.md for the reasons and the measured power).  The t
 * distribution comes from lib/stats.h.
 */
#include "lib/verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"

#define VERDICT_MAX_DF 1e6          /* degrees of freedom are capped here */
#define VERDICT_MAX_JOBS 1e6        /* advice beyond this many jobs: out of reach */

void verdict_params_default(struct verdict_params *p)
{
	p->alpha = 0.05;
	p->min_effect = 0.02;
	p->noise_effect = 1;
	p->prior_between = 0.10;
	p->prior_df = 2;
	p->known_df = 4;
}

void verdict_job_of(struct verdict_job *out, const double *x, size_t n)
{
	int positive = 1;

	memset(out, 0, sizeof *out);
	out->n = n;
	out->lmean = out->lss = NAN;
	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++) {
		out->mean += x[i];
		positive &= x[i] > 0;
	}
	out->mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		out->ss += (x[i] - out->mean) * (x[i] - out->mean);
	if (!positive)
		return;
	out->lmean = 0;
	for (size_t i = 0; i < n; i++)
		out->lmean += log(x[i]);
	out->lmean /= (double)n;
	out->lss = 0;
	for (size_t i = 0; i < n; i++)
		out->lss += (log(x[i]) - out->lmean) * (log(x[i]) - out->lmean);
}

void verdict_noise_of(struct verdict_noise *out, double rep_ss, double rep_df, double rep_wn,
		      double win_ss, double win_df)
{
	memset(out, 0, sizeof *out);
	if (win_df > 0 && win_ss >= 0) {
		out->within_var = win_ss / win_df;
		out->within_df = win_df;
	}
	if (rep_df > 0 && rep_ss >= 0) {
		out->between_var = fmax(0, (rep_ss - rep_wn * out->within_var) / rep_df);
		out->between_df = rep_df;
	}
}

const char *verdict_name(enum verdict_kind k)
{
	return k == VERDICT_CHANGED ? "changed" : k == VERDICT_SAME ? "same" : "inconclusive";
}

const char *verdict_more_name(enum verdict_more m)
{
	return m == VERDICT_MORE_JOBS ? "jobs" : m == VERDICT_MORE_ITERATIONS ? "iterations"
									   : "none";
}

/* One side summed up on the chosen scale. */
struct verdict_sum {
	size_t jobs, iterations;
	double level;               /* mean of the job means */
	double h;                   /* sum of 1 / n_j */
	double ss_within, df_within;
	double ss_between;          /* of the job means around level */
	double wn;                  /* (1 - 1/J) h: the within part of E[ss_between] */
};

static void verdict_sum_of(struct verdict_sum *s, const struct verdict_side *side, int logs)
{
	memset(s, 0, sizeof *s);
	s->jobs = side->njobs;
	for (size_t j = 0; j < side->njobs; j++) {
		const struct verdict_job *b = &side->jobs[j];

		s->iterations += b->n;
		s->level += logs ? b->lmean : b->mean;
		s->h += 1.0 / (double)b->n;
		s->ss_within += logs ? b->lss : b->ss;
		s->df_within += (double)b->n - 1;
	}
	s->level /= (double)s->jobs;
	for (size_t j = 0; j < side->njobs; j++) {
		double m = logs ? side->jobs[j].lmean : side->jobs[j].mean;

		s->ss_between += (m - s->level) * (m - s->level);
	}
	s->wn = (1 - 1.0 / (double)s->jobs) * s->h;
}

static int verdict_side_ok(const struct verdict_side *s)
{
	if (!s || !s->jobs || !s->njobs)
		return 0;
	for (size_t j = 0; j < s->njobs; j++)
		if (s->jobs[j].n == 0)
			return 0;
	return 1;
}

static int verdict_all_positive(const struct verdict_side *s)
{
	for (size_t j = 0; j < s->njobs; j++)
		if (!isfinite(s->jobs[j].lmean))
			return 0;
	return 1;
}

/* The standard normal quantile: Acklam's rational approximation (relative
 * error 1e-9) polished by one Newton step on erfc; 0 < p < 1. */
static double verdict_z_quantile(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
		-2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01,
		2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
		-1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
		-2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00,
		2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
		2.445134137142996e+00, 3.754408661907416e+00 };
	double q, r, x;

	if (p < 0.02425 || p > 1 - 0.02425) {
		q = sqrt(-2 * log(p < 0.5 ? p : 1 - p));
		x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
		if (p > 0.5)
			x = -x;
	} else {
		q = p - 0.5;
		r = q * q;
		x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
		    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
	}
	return x - (stats_normal_cdf(x) - p) * sqrt(2 * M_PI) * exp(x * x / 2);
}

static double verdict_t_pdf(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
		   (df + 1) / 2 * log1p(t * t / df));
}

/* The quantile of Student's t (0 < p < 1, df >= 1): a Cornish-Fisher start
 * and Newton steps on stats_t_cdf; stats_t_quantile's bisection costs
 * tens of microseconds, and the analyzer asks for one per commit pair. */
static double verdict_t_quantile(double p, double df)
{
	double z = verdict_z_quantile(p), x = z, z2 = z * z;

	if (df >= VERDICT_MAX_DF / 2)
		return z;
	x += (z2 * z + z) / 4 / df + (5 * z2 * z2 * z + 16 * z2 * z + 3 * z) / 96 / (df * df) +
	     (3 * z2 * z2 * z2 * z + 19 * z2 * z2 * z + 17 * z2 * z - 15 * z) / 384 /
	     (df * df * df);
	for (int i = 0; i < 50; i++) {
		double step = (stats_t_cdf(x, df) - p) / verdict_t_pdf(x, df);

		if (!isfinite(step))
			return stats_t_quantile(p, df);
		x -= step;
		if (fabs(step) <= 1e-12 * (1 + fabs(x)))
			return x;
	}
	return stats_t_quantile(p, df);
}

/* P(T >= t) for Student's t with df degrees of freedom. */
static double verdict_upper(double t, double df)
{
	return 1 - stats_t_cdf(t, df);
}

/* The change of the scale's difference d as a percent of the base level. */
static double verdict_percent(const struct verdict *v, double d, double base)
{
	if (v->log_scale)
		return 100 * expm1(d);
	return base != 0 ? 100 * d / base : NAN;
}

/* sw2 and sb2 on the scale (f converts the model's relative variances),
 * with the degrees of freedom of sb2 and sw2 and whether the prior was
 * used; *measured is sb2 without the prior (0 when nothing measured it).
 * sb_df 0: nothing tells the between-job spread. */
static void verdict_variances(struct verdict *v, double *sb_df, double *sw_df, double *measured,
			      const struct verdict_sum *a, const struct verdict_sum *b,
			      const struct verdict_noise *noise, double f,
			      const struct verdict_params *p)
{
	double sw_ss = a->ss_within + b->ss_within, sb_ss, mdf;

	*sw_df = a->df_within + b->df_within;
	if (noise && noise->within_df > 0) {
		sw_ss += f * noise->within_var * noise->within_df;
		*sw_df += noise->within_df;
	}
	v->within_var = *sw_df > 0 ? sw_ss / *sw_df : 0;
	/* Local: the spread of each side's job means around its level. */
	sb_ss = a->ss_between + b->ss_between - (a->wn + b->wn) * v->within_var;
	*sb_df = (double)(a->jobs - 1) + (double)(b->jobs - 1);
	mdf = noise && noise->between_df > 0 ? noise->between_df : 0;
	if (mdf > 0) {
		sb_ss += f * noise->between_var * mdf;
		*sb_df += mdf;
	}
	/* the smallest effect follows what the jobs showed, not the prior */
	*measured = *sb_df > 0 ? fmax(0, sb_ss / *sb_df) : 0;
	if (mdf < p->known_df && p->prior_between > 0 && p->prior_df > 0) {
		/* What the jobs showed may add to the prior, never cancel it:
		 * iterations noisier than the jobs' spread make the local sum
		 * negative, which would leave 0% between jobs assumed. */
		sb_ss = fmax(0, sb_ss) + f * p->prior_between * p->prior_between * p->prior_df;
		*sb_df += p->prior_df;
		v->prior_used = 1;
	}
	v->between_var = *sb_df > 0 ? fmax(0, sb_ss / *sb_df) : NAN;
	v->between_df = *sb_df;
}

/* The bounds of the smallest effect that matters on the scale, into lo,
 * hi: the floor, or noise_effect times the measured between-job spread
 * (sb2, on the scale; f converts it to relative). */
static void verdict_bounds(struct verdict *v, double *lo, double *hi, double base, double sb2,
			   double f, const struct verdict_params *p)
{
	double noise = f > 0 ? p->noise_effect * sqrt(sb2 / f) : 0;

	v->min_effect = fmin(fmax(p->min_effect, noise), VERDICT_MAX_EFFECT);
	if (v->log_scale) {
		*hi = log1p(v->min_effect);
		*lo = log1p(-v->min_effect);
	} else if (base != 0) {
		*hi = v->min_effect * fabs(base);
		*lo = -*hi;
	} else {        /* no relative effect: the between-job spread alone */
		*hi = p->noise_effect * sqrt(sb2);
		*lo = -*hi;
		v->min_effect = NAN;
	}
}

/* The equivalence bounds of v (recomputed where they are needed). */
struct verdict_eq {
	double lo, hi;
};

static struct verdict_eq verdict_eq_of(const struct verdict *v)
{
	struct verdict_eq e;

	if (v->log_scale) {
		e.hi = log1p(v->min_effect);
		e.lo = log1p(-v->min_effect);
	} else {
		e.hi = v->eq_half;
		e.lo = -v->eq_half;
	}
	return e;
}

int verdict_test(struct verdict *v, const struct verdict_side *base,
		 const struct verdict_side *head, const struct verdict_noise *noise,
		 const struct verdict_params *p)
{
	struct verdict_sum a, b;
	double f, sb_df, sw_df, measured, cb, cw, vb, vw, den, tq, lo, hi;

	memset(v, 0, sizeof *v);
	v->percent = v->ci_lo = v->ci_hi = v->p = v->q = v->p_same = NAN;
	v->between_cv = v->within_cv = v->jobs_needed = v->iterations_needed = NAN;
	if (!verdict_side_ok(base) || !verdict_side_ok(head))
		return -1;
	v->log_scale = verdict_all_positive(base) && verdict_all_positive(head);
	verdict_sum_of(&a, base, v->log_scale);
	verdict_sum_of(&b, head, v->log_scale);
	v->jobs[0] = a.jobs;
	v->jobs[1] = b.jobs;
	v->iterations[0] = a.iterations;
	v->iterations[1] = b.iterations;
	v->single_job = a.jobs == 1 || b.jobs == 1;
	/* The model is relative; on the raw scale it is scaled by the base. */
	f = v->log_scale ? 1 : a.level * a.level;
	verdict_variances(v, &sb_df, &sw_df, &measured, &a, &b, noise, f, p);
	if (f > 0) {
		v->between_cv = sqrt(v->between_var / f);
		v->within_cv = sqrt(v->within_var / f);
	}
	v->diff = b.level - a.level;
	v->percent = verdict_percent(v, v->diff, a.level);
	verdict_bounds(v, &lo, &hi, a.level, measured, f, p);
	v->eq_half = hi;
	if (!(sb_df > 0))
		return 0;               /* one job a side and nothing else: untested */
	v->tested = 1;
	cb = 1.0 / (double)a.jobs + 1.0 / (double)b.jobs;
	cw = a.h / ((double)a.jobs * (double)a.jobs) + b.h / ((double)b.jobs * (double)b.jobs);
	vb = cb * v->between_var;
	vw = cw * v->within_var;
	v->se = sqrt(vb + vw);
	den = (vb > 0 ? vb * vb / sb_df : 0) + (vw > 0 && sw_df > 0 ? vw * vw / sw_df : 0);
	v->df = den > 0 ? (vb + vw) * (vb + vw) / den : VERDICT_MAX_DF;
	v->df = fmin(fmax(v->df, 1), VERDICT_MAX_DF);
	if (v->se > 0) {
		double t = v->diff / v->se;

		v->p = stats_t_sf2(t, v->df);
		v->p_same = fmax(verdict_upper((v->diff - lo) / v->se, v->df),
				 stats_t_cdf((v->diff - hi) / v->se, v->df));
		tq = verdict_t_quantile(0.975, v->df);
	} else {                /* every value equal within its side */
		v->p = v->diff == 0 ? 1 : 0;
		v->p_same = v->diff > lo && v->diff < hi ? 0 : 1;
		tq = 0;
	}
	v->ci_lo = verdict_percent(v, v->diff - tq * v->se, a.level);
	v->ci_hi = verdict_percent(v, v->diff + tq * v->se, a.level);
	if (v->ci_lo > v->ci_hi) {      /* a negative base on the raw scale */
		double t = v->ci_lo;

		v->ci_lo = v->ci_hi;
		v->ci_hi = t;
	}
	return 0;
}

/* Jobs a side and iterations a job that would decide v (tested,
 * inconclusive): the interval that would show the present estimate as
 * a change (when it is one that matters) or inside the bounds. */
static void verdict_advise(struct verdict *v, const struct verdict_params *p, int big)
{
	struct verdict_eq e = verdict_eq_of(v);
	double zc = verdict_z_quantile(1 - p->alpha / 2);
	double z1 = verdict_z_quantile(1 - p->alpha);
	double n = (double)(v->iterations[0] + v->iterations[1]) /
		   (double)(v->jobs[0] + v->jobs[1]);
	double jm = (double)(v->jobs[0] < v->jobs[1] ? v->jobs[0] : v->jobs[1]);
	double target, per_job, budget;

	if (big)
		target = fabs(v->diff) / (zc + VERDICT_Z_POWER);
	else
		target = fmin(e.hi - v->diff, v->diff - e.lo) / (z1 + VERDICT_Z_POWER);
	per_job = v->between_var + v->within_var / n;
	if (!(target > 0)) {
		v->jobs_needed = v->iterations_needed = INFINITY;
		v->more = VERDICT_MORE_JOBS;
		return;
	}
	v->jobs_needed = ceil(2 * per_job / (target * target));
	if (v->jobs_needed <= jm)
		v->jobs_needed = jm + 1;
	if (v->jobs_needed > VERDICT_MAX_JOBS)
		v->jobs_needed = INFINITY;
	budget = jm * target * target / 2 - v->between_var;
	v->iterations_needed = budget > 0 && v->within_var > 0
			       ? ceil(v->within_var / budget) : INFINITY;
	v->more = v->iterations_needed <= VERDICT_MAX_ITERATIONS && v->iterations_needed > n &&
		  !v->prior_used ? VERDICT_MORE_ITERATIONS : VERDICT_MORE_JOBS;
}

/* "-70.1% [-78.3%, -59.6%]" (or raw units when there is no percent). */
static void verdict_change_text(char *out, size_t size, const struct verdict *v)
{
	if (isfinite(v->percent) && isfinite(v->ci_lo))
		snprintf(out, size, "%+.1f%% [%+.1f%%, %+.1f%%]", v->percent, v->ci_lo, v->ci_hi);
	else if (isfinite(v->percent))
		snprintf(out, size, "%+.1f%%", v->percent);
	else
		snprintf(out, size, "a difference of %.3g", v->diff);
}

static void verdict_effect_text(char *out, size_t size, const struct verdict *v)
{
	if (isfinite(v->min_effect))
		snprintf(out, size, "\xc2\xb1%.1f%%", 100 * v->min_effect);
	else
		snprintf(out, size, "\xc2\xb1%.3g", v->eq_half);
}

static void verdict_more_text(char *out, size_t size, const struct verdict *v)
{
	if (v->more == VERDICT_MORE_ITERATIONS)
		snprintf(out, size, "about %.0f iterations a job would decide",
			 v->iterations_needed);
	else if (isfinite(v->jobs_needed))
		snprintf(out, size, "about %.0f jobs a side would decide", v->jobs_needed);
	else
		snprintf(out, size, "more jobs a side would be needed");
}

static void verdict_reason(struct verdict *v, int big, double alpha)
{
	char change[96], effect[32], more[64], prior[96] = "";
	size_t len;

	verdict_change_text(change, sizeof change, v);
	verdict_effect_text(effect, sizeof effect, v);
	verdict_more_text(more, sizeof more, v);
	if (v->prior_used)
		snprintf(prior, sizeof prior, " (no noise model of this metric yet: %.0f%% between "
			 "jobs assumed)", 100 * v->between_cv);
	if (!v->tested) {
		snprintf(v->reason, sizeof v->reason, "%s over one job a side, and no noise model "
			 "of this metric tells the spread between jobs: a second job a side would "
			 "decide", change);
		return;
	}
	if (v->kind == VERDICT_CHANGED)
		snprintf(v->reason, sizeof v->reason, "%s is beyond the smallest effect that "
			 "matters (%s) and significant (p %.2g, q %.2g) over %zu and %zu jobs%s",
			 change, effect, v->p, v->q, v->jobs[0], v->jobs[1],
			 v->single_job ? "; it rests on a single job of a side, so another job "
			 "should confirm it" : "");
	else if (v->kind == VERDICT_SAME)
		snprintf(v->reason, sizeof v->reason, "%s: the 90%% interval lies inside %s, the "
			 "smallest effect that matters (equivalence p %.2g) over %zu and %zu jobs",
			 change, effect, v->p_same, v->jobs[0], v->jobs[1]);
	else if (big)
		snprintf(v->reason, sizeof v->reason, "%s would matter (beyond %s) but is not "
			 "significant (q %.2g) over %zu and %zu jobs; %s", change, effect, v->q,
			 v->jobs[0], v->jobs[1], more);
	else if (v->q < alpha)
		snprintf(v->reason, sizeof v->reason, "%s is significant (q %.2g) but smaller than "
			 "%s, and not shown to stay inside it; %s", change, v->q, effect, more);
	else
		snprintf(v->reason, sizeof v->reason, "%s is neither significant (q %.2g) nor "
			 "shown to stay inside %s over %zu and %zu jobs; %s", change, v->q, effect,
			 v->jobs[0], v->jobs[1], more);
	len = strlen(v->reason);
	snprintf(v->reason + len, sizeof v->reason - len, "%s", prior);
}

void verdict_decide(struct verdict *v, double q, const struct verdict_params *p)
{
	struct verdict_eq e = verdict_eq_of(v);
	int big = v->diff >= e.hi || v->diff <= e.lo;

	v->q = q;
	v->more = VERDICT_MORE_NONE;
	v->jobs_needed = v->iterations_needed = NAN;
	if (v->tested && q < p->alpha && big)
		v->kind = VERDICT_CHANGED;
	else if (v->tested && v->p_same < p->alpha)
		v->kind = VERDICT_SAME;
	else
		v->kind = VERDICT_INCONCLUSIVE;
	if (v->kind == VERDICT_CHANGED && v->single_job) {
		v->more = VERDICT_MORE_JOBS;
		v->jobs_needed = 2;
	} else if (v->kind == VERDICT_INCONCLUSIVE && !v->tested) {
		v->more = VERDICT_MORE_JOBS;
		v->jobs_needed = 2;
		v->iterations_needed = INFINITY;
	} else if (v->kind == VERDICT_INCONCLUSIVE) {
		verdict_advise(v, p, big);
	}
	verdict_reason(v, big, p->alpha);
}

int verdict_compare(struct verdict *v, const struct verdict_side *base,
		    const struct verdict_side *head, const struct verdict_noise *noise,
		    const struct verdict_params *p)
{
	if (verdict_test(v, base, head, noise, p) < 0)
		return -1;
	verdict_decide(v, v->p, p);
	return 0;
}

int verdict_fdr(struct verdict *v, size_t n, const struct verdict_params *p)
{
	double *q = calloc(n ? n : 1, sizeof *q);
	size_t k = 0;

	if (!q)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (v[i].tested)
			q[k++] = isnan(v[i].p) ? 1 : v[i].p;
	if (stats_bh_adjust(q, q, k) < 0) {
		free(q);
		return -1;
	}
	k = 0;
	for (size_t i = 0; i < n; i++)
		verdict_decide(&v[i], v[i].tested ? q[k++] : NAN, p);
	free(q);
	return 0;
}
