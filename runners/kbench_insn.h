/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kbench_insn.h - instruction counts beside kbench's times.  Where the
 * hardware can count (a host with a PMU, a KVM guest with a vPMU), one
 * counter of retired instructions (perf_event_open, user and kernel) is
 * opened per measuring thread, which counts that thread only (not the
 * partner process or thread, nor the children it forks); each inner
 * repetition is counted beside its time.  A
 * QEMU guest under -icount shift=0 needs no counter: its clock is its
 * instruction count (runners/boot_icount.c).
 *
 * The count goes out as its own metric NAME.insn, unit insn/op, lower is
 * better, per operation as the time metric is (per call for ns metrics of
 * several calls per operation; per operation of mb_per_op MB for MB/s
 * metrics).  A time change with unchanged instructions per operation is
 * evidence of layout or noise, not of more work.
 */
#ifndef KPCI_RUNNERS_KBENCH_INSN_H
#define KPCI_RUNNERS_KBENCH_INSN_H

#include <stddef.h>

#include "runners/kbench_core.h"

#define KBENCH_INSN_SUFFIX ".insn"
#define KBENCH_INSN_UNIT   "insn/op"
#define KBENCH_INSN_MAX_NAME 96     /* bytes of NAME.insn with its NUL */

/* A counter of the calling thread's instructions, user and kernel,
 * counting from now: its fd, or -1 with "perf_event_open: <errno text>"
 * in cause. */
int kbench_insn_open(char *cause, size_t n);

/* The instructions counted so far by fd, or -1 when it cannot be read. */
double kbench_insn_read(int fd);

/* Closes fd; -1 is a no-op. */
void kbench_insn_close(int fd);

/* 1 when this process can count instructions, else 0 with the reason
 * ("perf_event_open: <errno text>") in cause.  Probed once per process. */
int kbench_insn_available(char *cause, size_t n);

/* The instruction metric's name of metric ("syscall-getppid" ->
 * "syscall-getppid.insn") into out; 0, or -1 when it does not fit. */
int kbench_insn_name(char *out, size_t n, const char *metric);

/* count instructions (or guest ns under -icount) of ops operations of b,
 * per operation as b's time metric is: / (ops x calls_per_op) for ns
 * metrics, / ops for MB/s metrics (an operation moves mb_per_op MB). */
double kbench_insn_per_op(const struct kbench_bench *b, double count, long ops);

#endif
