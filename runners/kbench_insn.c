// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbench_insn.c - the instruction counter of kbench_insn.h: one
 * perf_event_open() hardware counter (PERF_COUNT_HW_INSTRUCTIONS) of the
 * calling thread, user and kernel, read around each repetition.  No
 * library: the static guest program uses it too.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "runners/kbench_insn.h"

int kbench_insn_open(char *cause, size_t n)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	/* no inherit: a counter copied into every task fork() and
	 * pthread_create() make would add its set-up to the times of
	 * fork-exit and thread-create; the partner's share is constant */
	a.exclude_hv = 1;
	/* this thread, on any CPU, no group, and no close-on-exec surprises */
	fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		snprintf(cause, n, "perf_event_open: %s", strerror(errno));
		return -1;
	}
	return (int)fd;
}

double kbench_insn_read(int fd)
{
	uint64_t v;

	if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v)
		return -1;
	return (double)v;
}

void kbench_insn_close(int fd)
{
	if (fd >= 0)
		close(fd);
}

int kbench_insn_available(char *cause, size_t n)
{
	static int probed = -1;
	static char why[KBENCH_MAX_CAUSE];
	int fd;

	if (probed < 0) {
		fd = kbench_insn_open(why, sizeof why);
		/* a counter that opens but never counts (a vPMU that is not
		 * there) is no counter either */
		if (fd >= 0 && kbench_insn_read(fd) < 0)
			snprintf(why, sizeof why, "perf_event_open: the counter cannot be read");
		else if (fd >= 0 && (syscall(SYS_getppid), kbench_insn_read(fd) <= 0))
			snprintf(why, sizeof why, "perf_event_open: the counter does not count");
		else if (fd >= 0)
			why[0] = '\0';
		probed = fd >= 0 && !why[0];
		kbench_insn_close(fd);
	}
	snprintf(cause, n, "%s", why);
	return probed;
}

int kbench_insn_name(char *out, size_t n, const char *metric)
{
	return (size_t)snprintf(out, n, "%s%s", metric, KBENCH_INSN_SUFFIX) < n ? 0 : -1;
}

double kbench_insn_per_op(const struct kbench_bench *b, double count, long ops)
{
	double per = b->mb_per_op > 0 || b->calls_per_op <= 0 ? 1 : b->calls_per_op;

	return count / ((double)(ops > 0 ? ops : 1) * per);
}
