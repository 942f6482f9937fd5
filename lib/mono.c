// SPDX-License-Identifier: GPL-2.0-only
/*
 * mono.c - the monotonic clock (mono.h).
 */
#include "lib/mono.h"

long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long mono_ms(void)
{
	return mono_ns() / 1000000;
}

double mono_now(void)
{
	return (double)mono_ns() / 1e9;
}

void mono_deadline(struct timespec *ts, long long ms)
{
	long long ns = mono_ns() + ms * 1000000;

	ts->tv_sec = (time_t)(ns / 1000000000);
	ts->tv_nsec = (long)(ns % 1000000000);
}
