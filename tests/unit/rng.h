/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rng.h - the seeded random numbers the statistical unit tests plant
 * their data with (xorshift64*, Box-Muller): the same seed gives the
 * same series on every machine, so the tables they print are
 * reproducible.
 */
#ifndef KPCI_TESTS_RNG_H
#define KPCI_TESTS_RNG_H

#include <math.h>
#include <stdint.h>

static uint64_t rng_state;

static inline void rng_seed(uint64_t s)
{
	rng_state = s * 0x9e3779b97f4a7c15ull + 1;
}

/* Uniform in [0, 1). */
static inline double rng_uniform(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 2685821657736338717ull) >> 11) * 0x1.0p-53;
}

/* Standard normal. */
static inline double rng_normal(void)
{
	double u = rng_uniform(), v = rng_uniform();

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

#endif
