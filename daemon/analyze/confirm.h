/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * confirm.h - kpcid's confirmer: no change is reported, exported or
 * bisected before it is confirmed.  A change found at a commit range is
 * measured again on its runner class: the last good and the first bad
 * kernels booted alternately (A B A B ..., fresh boots, [confirm]
 * min_jobs a side, more while the verdict is inconclusive up to
 * max_jobs), and judged by the three-way verdict (lib/verdict.h) on
 * those boots alone.  Changed in the change's direction: confirmed.  The
 * same, the other way, or still inconclusive at the cap: withdrawn as
 * not reproduced.  A range in which no compiled code changed
 * (daemon/analyze/codecheck.h) needs no boot: its changes are withdrawn as "no
 * compiled code changed: layout or noise".  Confirmations are keyed by
 * what they measure (range, suite, runner class, config) and kept in the
 * database (migration 0021), so a restarted kpcid goes on; the analyzer
 * opens one for a window's newest measured merge that differs from the
 * merge before it, before any change is found there.  docs/analysis.md.
 */
#ifndef KPCI_DAEMON_CONFIRM_H
#define KPCI_DAEMON_CONFIRM_H

struct kpcid;

/* Opens the confirmations of the changes that wait for one and takes each
 * measuring confirmation a step (its code check, its jobs, its
 * judgement); kpcid's main loop calls it once a second. */
void confirm_tick(struct kpcid *k);
/* The same at once, without waiting for the next look at the waiting
 * changes (bench/bench_confirm.c). */
void confirm_pass(struct kpcid *k);

#endif
