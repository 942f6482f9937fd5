/*
 * repeat.c - the adaptive repeat rule of repeat.h.
 */
#include <math.h>

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
