/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mono.h - the monotonic clock (CLOCK_MONOTONIC), for intervals,
 * timeouts and deadlines; time(NULL) is for dates.  The one place that
 * reads it, also built into the guest's static kpci-kbench (libc only).
 */
#ifndef KPCI_LIB_MONO_H
#define KPCI_LIB_MONO_H

#include <time.h>

/* Nanoseconds since an arbitrary start (boot). */
long long mono_ns(void);
/* The same in milliseconds. */
long long mono_ms(void);
/* The same in seconds, with the nanoseconds as a fraction. */
double mono_now(void);
/* *ts becomes the CLOCK_MONOTONIC time ms milliseconds from now: a
 * deadline for pthread_cond_timedwait on a condition variable made with
 * pthread_condattr_setclock(CLOCK_MONOTONIC). */
void mono_deadline(struct timespec *ts, long long ms);

#endif
