// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpd_state.c - incremental change-point detection over a growing series.
 *
 * The analyzer appends new samples to a series and wants its change points
 * without re-running the detector over the whole history.  The state keeps
 * the settled change points (those followed by CPD_STATE_SETTLE windows of
 * points), the values since the last settled one, and the current result.
 * Each append re-runs cpd_detect() on the tail only: from the last settled
 * change point, or from CPD_STATE_TAIL_WINDOWS windows before the new
 * points when that is later.  The tail is bounded, so one append costs the
 * same on a series of 1,000 or 1,000,000 points.  docs/detector.md gives
 * the equivalence with a full run and the measured cost.
 */
#include "lib/cpd.h"
#include "lib/stats.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct cpd_state {
	struct cpd_params p;
	double *v;			/* values of points base..n */
	size_t cap;			/* capacity of v, in values */
	size_t base;			/* last settled change point, or 0 */
	size_t n;			/* points appended so far */
	struct cpd_point *settled;	/* settled change points */
	size_t n_settled, cap_settled;
	struct cpd_point *all;		/* settled + tail: the result */
	size_t n_all;
	size_t examined_from;		/* start of the last re-examination */
};

int cpd_state_new(struct cpd_state **out, const struct cpd_params *p)
{
	struct cpd_state *st;

	assert(out && p);
	*out = NULL;
	if (p->window < CPD_MIN_WINDOW || p->window > CPD_MAX_WINDOW)
		return -1;
	st = calloc(1, sizeof *st);
	if (!st)
		return -1;
	st->p = *p;
	*out = st;
	return 0;
}

void cpd_state_free(struct cpd_state *st)
{
	if (!st)
		return;
	free(st->v);
	free(st->settled);
	free(st->all);
	free(st);
}

const struct cpd_point *cpd_state_points(const struct cpd_state *st,
					 size_t *n)
{
	assert(st && n);
	*n = st->n_all;
	return st->all;
}

size_t cpd_state_length(const struct cpd_state *st)
{
	assert(st);
	return st->n;
}

size_t cpd_state_examined_from(const struct cpd_state *st)
{
	assert(st);
	return st->examined_from;
}

/* Makes room for `more` values in st->v.  Returns 0, or -1. */
static int cpd_state_reserve(struct cpd_state *st, size_t more)
{
	size_t kept = st->n - st->base, cap;
	double *nv;

	if (more > SIZE_MAX / sizeof *nv - kept)
		return -1;
	if (kept + more <= st->cap)
		return 0;
	cap = st->cap ? st->cap : 1024;
	while (cap < kept + more)
		cap = cap > SIZE_MAX / 2 / sizeof *nv ? kept + more : cap * 2;
	nv = realloc(st->v, cap * sizeof *nv);
	if (!nv)
		return -1;
	st->v = nv;
	st->cap = cap;
	return 0;
}

/* Mean of the points [a, b) of the series; a >= st->base, b > a. */
static double cpd_state_mean(const struct cpd_state *st, size_t a, size_t b)
{
	return stats_mean(st->v + (a - st->base), b - a);
}

/* Recomputes the segment means and the forward change of all[k] from its
 * neighbours, over the kept values (the left mean only when its segment
 * starts at or after base). */
static void cpd_state_restat(struct cpd_state *st, size_t k)
{
	struct cpd_point *c = &st->all[k];
	size_t lo = k ? st->all[k - 1].index : 0;
	size_t hi = k + 1 < st->n_all ? st->all[k + 1].index : st->n;

	if (lo >= st->base)
		c->mean_before = cpd_state_mean(st, lo, c->index);
	c->mean_after = cpd_state_mean(st, c->index, hi);
	c->forward_change_percent = c->mean_before == 0 ? 0 :
		100 * (c->mean_after / c->mean_before - 1);
}

/* Makes room for `count` settled change points.  Returns 0, or -1. */
static int cpd_state_reserve_settled(struct cpd_state *st, size_t count)
{
	size_t cap = st->cap_settled ? st->cap_settled : 16;
	struct cpd_point *ns;

	if (count <= st->cap_settled)
		return 0;
	while (cap < count)
		cap *= 2;
	ns = realloc(st->settled, cap * sizeof *ns);
	if (!ns)
		return -1;
	st->settled = ns;
	st->cap_settled = cap;
	return 0;
}

/* Moves the change points of the tail that CPD_STATE_SETTLE windows of
 * points follow into the settled list (room reserved by the caller), and
 * drops the values before the new base. */
static void cpd_state_settle(struct cpd_state *st)
{
	size_t settle = CPD_STATE_SETTLE * (size_t)st->p.window, k, move;
	size_t nb;

	for (k = st->n_settled; k < st->n_all; k++)
		if (st->all[k].index + settle > st->n)
			break;
	move = k - st->n_settled;
	if (move == 0)
		return;
	assert(k <= st->cap_settled);
	memcpy(st->settled + st->n_settled, st->all + st->n_settled,
	       move * sizeof *st->settled);
	st->n_settled = k;
	nb = st->settled[k - 1].index;
	memmove(st->v, st->v + (nb - st->base), (st->n - nb) * sizeof *st->v);
	st->base = nb;
}

/* Every change point that is not settled lies after the first window of
 * the tail, so cutting the tail never loses one. */
_Static_assert(CPD_STATE_SETTLE + 1 < CPD_STATE_TAIL_WINDOWS,
	       "the tail must reach back past every unsettled change point");

int cpd_state_append(struct cpd_state *st, const double *x, size_t n)
{
	size_t ctx, n_old, start, min_index, np, keep;
	struct cpd_point *pts = NULL, *all;

	assert(st && (x || n == 0));
	if (n == 0)
		return 0;
	ctx = CPD_STATE_TAIL_WINDOWS * (size_t)st->p.window;
	n_old = st->n;
	if (cpd_state_reserve(st, n) < 0)
		return -1;
	memcpy(st->v + (n_old - st->base), x, n * sizeof *x);
	start = n_old > ctx ? n_old - ctx : 0;
	if (start < st->base)
		start = st->base;
	if (cpd_detect_part(&pts, &np, st->v + (start - st->base),
			    n_old + n - start, n_old + n, &st->p) < 0)
		return -1;
	/* A tail cut out of a longer segment has no left neighbour: its
	 * first window of points only serves as context. */
	min_index = start > st->base ? start + (size_t)st->p.window : start;
	keep = 0;
	for (size_t k = 0; k < np; k++)
		if (pts[k].index + start >= min_index)
			pts[keep++] = pts[k];
	/* Never shrink: on failure below, the old result stays whole. */
	all = realloc(st->all, ((st->n_all > st->n_settled + keep ? st->n_all :
				 st->n_settled + keep) + 1) * sizeof *all);
	if (all)
		st->all = all;
	if (!all || cpd_state_reserve_settled(st, st->n_settled + keep) < 0) {
		free(pts);
		return -1;
	}
	st->n = n_old + n;
	for (size_t k = 0; k < keep; k++) {
		all[st->n_settled + k] = pts[k];
		all[st->n_settled + k].index += start;
	}
	free(pts);
	st->n_all = st->n_settled + keep;
	if (st->n_settled > 0)
		cpd_state_restat(st, st->n_settled - 1);
	if (keep > 0 && start > st->base)
		cpd_state_restat(st, st->n_settled);
	st->examined_from = start;
	cpd_state_settle(st);
	return 0;
}
