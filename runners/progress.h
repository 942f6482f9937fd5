/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * progress.h - what the job in hand is doing, and whether it is to be
 * given back.
 *
 * The build and bench code say which phase a job is in (fetch, checkout,
 * configure, compile, link, modules, upload; boot, warmup, iteration,
 * collect) with a detail ("1234 files (47%)", "2 of 5") and a
 * percentage when one is known.  Each change of phase is logged; the
 * heartbeat thread (runners/agent.c) waits for changes and sends the
 * phase to kpcid, which shows it on the job page and the overview.
 *
 * progress_abandon() (async-signal-safe: the runner's SIGINT) asks the
 * job's programs (make, QEMU, a suite's benchmark) to stop at once; the
 * agent then gives the job back to kpcid instead of uploading a result.
 */
#ifndef KPCI_RUNNERS_PROGRESS_H
#define KPCI_RUNNERS_PROGRESS_H

#define PROGRESS_MAX_PHASE   24
#define PROGRESS_MAX_DETAIL  160
#define PROGRESS_LOG_EVERY   30      /* s between log lines of one phase's progress */

/* One look at the progress. */
struct progress_snap {
	long long job_id;                      /* 0: no job in hand */
	char phase[PROGRESS_MAX_PHASE];
	char detail[PROGRESS_MAX_DETAIL];
	int percent;                           /* 0..100, or -1: unknown */
	unsigned seq;                          /* grows with every change */
};

/* A new job is in hand (phase "start"); 0 when none is. */
void progress_begin(long long job_id);
/* The job is in phase (a name of [a-z-]) with a detail (printf format,
 * may be NULL) and percent (-1: unknown).  A new phase is logged at once,
 * new details of the same phase at most every PROGRESS_LOG_EVERY s. */
void progress_set(const char *phase, int percent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* progress_set for iteration it of a suite with warmup warm-up runs and
 * iterations recorded ones (it < 0: a warm-up): phase "iteration" or
 * "warmup", detail "2 of 5" (the phase names the unit). */
void progress_iteration(int it, int warmup, int iterations);
/* Copies the current progress into *out. */
void progress_get(struct progress_snap *out);
/* Waits until the progress changes past seq or seconds pass; returns the
 * current seq. */
unsigned progress_wait(unsigned seq, int seconds);
/* Wakes progress_wait callers (the heartbeat thread at the job's end). */
void progress_kick(void);

/* Asks the job in hand to stop now (async-signal-safe). */
void progress_abandon(void);
/* 1 once progress_abandon was called. */
int progress_abandoned(void);
/* The flag progress_abandon sets, for spawn_wait_stop (lib/spawn.h). */
const volatile int *progress_abandon_flag(void);

#endif
