// SPDX-License-Identifier: GPL-2.0-only
/*
 * repeat.c - the adaptive repeat rule and the robust statistics of repeat.h.
 */
#include <math.h>
#include <stdlib.h>

#include "runners/repeat.h"

double repeat_rsd(const double *v, int n)
{
	double mean = 0, ss = 0;

	if (n < 2)
		return 0;
	for (int i = 0; i < n; i++)
		mean += v[i];
	mean /= n;
	if (mean == 0)
		return 0;
	for (int i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return 100.0 * sqrt(ss / (n - 1)) / fabs(mean);
}

int repeat_more(const double *v, int n, int iterations, int max, double rsd_pct)
{
	if (n < iterations)
		return 1;
	if (max > REPEAT_HARD_MAX)
		max = REPEAT_HARD_MAX;
	if (n >= max || rsd_pct <= 0)
		return 0;
	return repeat_rsd(v, n) > rsd_pct;
}

static int repeat_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double repeat_median(double *v, int n)
{
	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof *v, repeat_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double repeat_spread(double *v, int n)
{
	double med;

	if (n < 2)
		return 0;
	med = repeat_median(v, n);
	if (med == 0)
		return 0;
	for (int i = 0; i < n; i++)
		v[i] = fabs(v[i] - med);
	return 100.0 * 1.4826 * repeat_median(v, n) / fabs(med);
}
