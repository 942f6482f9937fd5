// SPDX-License-Identifier: GPL-2.0-only
/*
 * bisect_judge.c - a probe's measurements judged against the two ends of
 * the change (see bisect.h): lib/verdict.h's three-way verdict of each
 * end against the probe, with the smallest effect that matters set to
 * half the ends' difference, so that "changed" means "past the midpoint,
 * significantly"; and the shifts that confirm a culprit (against its
 * parent) or its revert (against the first bad commit).
 */
#include "lib/bisect.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bisect_params_default(struct bisect_params *p)
{
	struct verdict_params v;

	verdict_params_default(&v);
	p->alpha = 0.0005;
	p->ends_alpha = v.alpha;
	p->min_effect = v.min_effect;
	p->noise_effect = v.noise_effect;
	p->prior_between = v.prior_between;
	p->prior_df = v.prior_df;
	p->known_df = v.known_df;
}

static void bisect_vparams(struct verdict_params *v, const struct bisect_params *p, double alpha,
			   double min_effect, double noise_effect)
{
	verdict_params_default(v);
	v->alpha = alpha;
	v->min_effect = min_effect;
	v->noise_effect = noise_effect;
	v->prior_between = p->prior_between;
	v->prior_df = p->prior_df;
	v->known_df = p->known_df;
}

static int bisect_side_ok(const struct verdict_side *s)
{
	if (!s->jobs || !s->njobs)
		return 0;
	for (size_t j = 0; j < s->njobs; j++)
		if (!s->jobs[j].n)
			return 0;
	return 1;
}

static int bisect_positive(const struct verdict_side *s)
{
	for (size_t j = 0; j < s->njobs; j++)
		if (!isfinite(s->jobs[j].lmean))
			return 0;
	return 1;
}

/* The mean of a side's job means, of their logarithms with logs. */
static double bisect_level(const struct verdict_side *s, int logs)
{
	double sum = 0;

	for (size_t j = 0; j < s->njobs; j++)
		sum += logs ? s->jobs[j].lmean : s->jobs[j].mean;
	return sum / (double)s->njobs;
}

static int bisect_sign(double x)
{
	return (x > 0) - (x < 0);
}

/* The relative smallest effect of a comparison from `base` whose bound in
 * direction toward (+1 up, -1 down) lies half the ends' difference away:
 * on the log scale (logs) from the difference of the logarithms, else
 * relative to base's level. */
static double bisect_half(const struct bisect_sides *m, const struct verdict_side *base,
			  int toward, int logs)
{
	double d = fabs(bisect_level(&m->bad, logs) - bisect_level(&m->good, logs)), lvl;

	if (logs)
		return toward > 0 ? expm1(d / 2) : -expm1(-d / 2);
	lvl = fabs(bisect_level(base, 0));
	return lvl > 0 ? d / 2 / lvl : 0;
}

/* Benjamini-Hochberg over the verdicts sel[0..k) point to (tested with
 * verdict_test), then decided at alpha. */
static int bisect_fdr(struct verdict **sel, size_t k, const struct bisect_params *p, double alpha)
{
	struct verdict *tmp;
	struct verdict_params vp;

	if (!k)
		return 0;
	tmp = calloc(k, sizeof *tmp);
	if (!tmp)
		return -1;
	for (size_t i = 0; i < k; i++)
		tmp[i] = *sel[i];
	bisect_vparams(&vp, p, alpha, p->min_effect, p->noise_effect);
	if (verdict_fdr(tmp, k, &vp) < 0) {
		free(tmp);
		return -1;
	}
	for (size_t i = 0; i < k; i++)
		*sel[i] = tmp[i];
	free(tmp);
	return 0;
}

int bisect_judge_ends(size_t *usable, struct bisect_metric_verdict *v,
		      const struct bisect_sides *m, size_t n, const struct bisect_params *p)
{
	struct verdict_params vp;
	struct verdict **sel = calloc(n ? n : 1, sizeof *sel);
	size_t k = 0;

	*usable = 0;
	if (!sel)
		return -1;
	bisect_vparams(&vp, p, p->ends_alpha, p->min_effect, p->noise_effect);
	for (size_t i = 0; i < n; i++) {
		const struct verdict_noise *noise = &m[i].noise;

		memset(&v[i], 0, sizeof v[i]);
		/* a metric without jobs at an end cannot take part */
		if (!bisect_side_ok(&m[i].good) || !bisect_side_ok(&m[i].bad))
			continue;
		if (verdict_test(&v[i].ends, &m[i].good, &m[i].bad, noise, &vp) < 0) {
			free(sel);
			return -1;
		}
		sel[k++] = &v[i].ends;
	}
	if (bisect_fdr(sel, k, p, p->ends_alpha) < 0) {
		free(sel);
		return -1;
	}
	free(sel);
	for (size_t i = 0; i < n; i++) {
		v[i].usable = v[i].ends.jobs[0] && v[i].ends.kind == VERDICT_CHANGED;
		*usable += (size_t)v[i].usable;
	}
	return 0;
}

/* Tests one end against the probe with the midpoint as the smallest
 * effect; toward is the direction a move from that end must take. */
static int bisect_against(struct verdict *v, const struct bisect_sides *m,
			  const struct verdict_side *end, int toward,
			  const struct bisect_params *p)
{
	struct verdict_params vp;
	int logs = bisect_positive(end) && bisect_positive(&m->probe);

	bisect_vparams(&vp, p, p->alpha, bisect_half(m, end, toward, logs), 0);
	return verdict_test(v, end, &m->probe, &m->noise, &vp);
}

/* What metric v says, from its two decided verdicts and dir, the
 * direction from the good end to the bad one. */
static enum bisect_outcome bisect_says(const struct bisect_metric_verdict *v, int dir)
{
	int bad = v->vs_good.kind == VERDICT_CHANGED && bisect_sign(v->vs_good.diff) == dir;
	int good = v->vs_bad.kind == VERDICT_CHANGED && bisect_sign(v->vs_bad.diff) == -dir;

	if (bad == good)
		return BISECT_UNKNOWN;
	return bad ? BISECT_BAD : BISECT_GOOD;
}

/* What would decide: more iterations when an undecided metric's verdicts
 * ask for them (the most asked), else more jobs. */
static void bisect_advise(struct bisect_judgement *j, const struct bisect_metric_verdict *v,
			  size_t n)
{
	j->more = VERDICT_MORE_JOBS;
	j->iterations_needed = NAN;
	for (size_t i = 0; i < n; i++) {
		const struct verdict *t[2] = { &v[i].vs_good, &v[i].vs_bad };

		if (!v[i].usable || v[i].says != BISECT_UNKNOWN)
			continue;
		for (int k = 0; k < 2; k++)
			if (t[k]->more == VERDICT_MORE_ITERATIONS &&
			    !(t[k]->iterations_needed <= j->iterations_needed)) {
				j->more = VERDICT_MORE_ITERATIONS;
				j->iterations_needed = t[k]->iterations_needed;
			}
	}
}

static void bisect_reason(struct bisect_judgement *j, size_t n, double alpha)
{
	if (!j->usable)
		snprintf(j->reason, sizeof j->reason, "the ends do not differ on any of %zu "
			 "metric%s, so nothing can be judged", n, n == 1 ? "" : "s");
	else if (j->conflict)
		snprintf(j->reason, sizeof j->reason, "the metrics disagree: %zu put%s it past the "
			 "midpoint toward the good end, %zu toward the bad end", j->good,
			 j->good == 1 ? "s" : "", j->bad);
	else if (j->outcome == BISECT_GOOD || j->outcome == BISECT_BAD)
		snprintf(j->reason, sizeof j->reason, "%s: past the midpoint toward the %s end on "
			 "%zu of %zu metric%s (alpha %g), none the other way",
			 bisect_outcome_name(j->outcome), bisect_outcome_name(j->outcome),
			 j->outcome == BISECT_GOOD ? j->good : j->bad, j->usable,
			 j->usable == 1 ? "" : "s", alpha);
	else
		snprintf(j->reason, sizeof j->reason, "undecided: none of %zu metric%s whose ends "
			 "differ puts it past the midpoint at alpha %g; more %s would decide",
			 j->usable, j->usable == 1 ? "" : "s", alpha,
			 j->more == VERDICT_MORE_ITERATIONS ? "iterations" : "jobs");
}

int bisect_judge(struct bisect_judgement *j, struct bisect_metric_verdict *v,
		 const struct bisect_sides *m, size_t n, const struct bisect_params *p)
{
	struct verdict **sg = calloc(n ? n : 1, sizeof *sg), **sb = calloc(n ? n : 1, sizeof *sb);
	size_t k = 0;
	int rc = -1;

	memset(j, 0, sizeof *j);
	j->outcome = BISECT_UNKNOWN;
	if (!sg || !sb)
		goto out;
	if (bisect_judge_ends(&j->usable, v, m, n, p) < 0)
		goto out;
	for (size_t i = 0; i < n; i++) {
		int dir;

		if (!v[i].usable || !bisect_side_ok(&m[i].probe)) {
			v[i].usable = 0;
			continue;
		}
		dir = bisect_sign(bisect_level(&m[i].bad, 0) - bisect_level(&m[i].good, 0));
		if (bisect_against(&v[i].vs_good, &m[i], &m[i].good, dir, p) < 0 ||
		    bisect_against(&v[i].vs_bad, &m[i], &m[i].bad, -dir, p) < 0)
			goto out;
		sg[k] = &v[i].vs_good;
		sb[k++] = &v[i].vs_bad;
	}
	j->usable = k;
	if (bisect_fdr(sg, k, p, p->alpha) < 0 || bisect_fdr(sb, k, p, p->alpha) < 0)
		goto out;
	for (size_t i = 0; i < n; i++) {
		if (!v[i].usable)
			continue;
		v[i].says = bisect_says(&v[i], bisect_sign(bisect_level(&m[i].bad, 0) -
							   bisect_level(&m[i].good, 0)));
		j->good += v[i].says == BISECT_GOOD;
		j->bad += v[i].says == BISECT_BAD;
	}
	j->conflict = j->good && j->bad;
	if (!j->conflict && (j->good || j->bad))
		j->outcome = j->good ? BISECT_GOOD : BISECT_BAD;
	if (j->outcome == BISECT_UNKNOWN)
		bisect_advise(j, v, n);
	bisect_reason(j, n, p->alpha);
	rc = 0;
out:
	free(sg);
	free(sb);
	return rc;
}

int bisect_shift(struct verdict *v, double *q, const struct verdict_side *from,
		 const struct verdict_side *to, const struct verdict_noise *noise,
		 const int *sign, size_t n, const struct bisect_params *p)
{
	struct verdict **sel = calloc(n ? n : 1, sizeof *sel);
	struct verdict_params vp;
	size_t k = 0;
	int moved = 0, against = 0;

	*q = 1;
	if (!sel)
		return -1;
	bisect_vparams(&vp, p, p->ends_alpha, p->min_effect, p->noise_effect);
	for (size_t i = 0; i < n; i++) {
		memset(&v[i], 0, sizeof v[i]);
		if (!sign[i])
			continue;
		if (verdict_test(&v[i], &from[i], &to[i], noise ? &noise[i] : NULL, &vp) < 0) {
			free(sel);
			return -1;
		}
		sel[k++] = &v[i];
	}
	if (bisect_fdr(sel, k, p, p->ends_alpha) < 0) {
		free(sel);
		return -1;
	}
	free(sel);
	for (size_t i = 0; i < n; i++) {
		if (!sign[i] || v[i].kind != VERDICT_CHANGED)
			continue;
		if (bisect_sign(v[i].diff) == sign[i]) {
			moved = 1;
			if (v[i].q < *q)
				*q = v[i].q;
		} else {
			against = 1;
		}
	}
	return moved && !against;
}

size_t bisect_next_iterations(const struct bisect_judgement *j, size_t current, size_t max)
{
	if (j->more != VERDICT_MORE_ITERATIONS || !(j->iterations_needed > (double)current))
		return current;
	return j->iterations_needed >= (double)max ? max : (size_t)j->iterations_needed;
}
