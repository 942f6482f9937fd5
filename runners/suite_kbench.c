/*
 * suite_kbench.c - kpci's own microbenchmarks of the running kernel.
 *
 *   syscall-getppid  ns per getppid() system call (a raw syscall: libc
 *                    caches nothing here, but we make sure)
 *   pipe-pingpong    ns per round trip of one byte between two processes
 *                    over two pipes (two context switches and four
 *                    pipe operations)
 * Lower is better for both.  Issue #5 grows this suite.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runners/suite.h"

#define KBENCH_SYSCALLS 200000
#define KBENCH_ROUNDS   10000

static double kbench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double kbench_getppid(void)
{
	double t0 = kbench_now_ns();

	for (int i = 0; i < KBENCH_SYSCALLS; i++)
		syscall(SYS_getppid);
	return (kbench_now_ns() - t0) / KBENCH_SYSCALLS;
}

static int kbench_xfer(int fd, int writing)
{
	char c = 'k';
	ssize_t n;

	do {
		n = writing ? write(fd, &c, 1) : read(fd, &c, 1);
	} while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -1;
}

/* ns per round trip, or a negative value when the pipes failed. */
static double kbench_pingpong(char **cause)
{
	int to_child[2], to_parent[2], status, bad = 0;
	double t0, t1;
	pid_t pid;

	if (pipe(to_child) < 0)
		goto fail;
	if (pipe(to_parent) < 0) {
		close(to_child[0]);
		close(to_child[1]);
		goto fail;
	}
	pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0) {
		close(to_child[1]);
		close(to_parent[0]);
		for (int i = 0; i < KBENCH_ROUNDS; i++)
			if (kbench_xfer(to_child[0], 0) < 0 || kbench_xfer(to_parent[1], 1) < 0)
				_exit(1);
		_exit(0);
	}
	close(to_child[0]);
	close(to_parent[1]);
	t0 = kbench_now_ns();
	for (int i = 0; i < KBENCH_ROUNDS && !bad; i++)
		bad = kbench_xfer(to_child[1], 1) < 0 || kbench_xfer(to_parent[0], 0) < 0;
	t1 = kbench_now_ns();
	close(to_child[1]);
	close(to_parent[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) || bad) {
		if (asprintf(cause, "pipe-pingpong: the partner process failed") < 0)
			*cause = NULL;
		return -1;
	}
	return (t1 - t0) / KBENCH_ROUNDS;
fail:
	if (asprintf(cause, "pipe-pingpong: %s", strerror(errno)) < 0)
		*cause = NULL;
	return -1;
}

int kbench_run(const struct suite_run *sr, struct proto_result *r, char **cause)
{
	for (int i = 0; i < sr->warmup + sr->iterations; i++) {
		double sys = kbench_getppid();
		double pp = kbench_pingpong(cause);
		int it = i - sr->warmup;

		if (pp < 0)
			return -1;
		if (it < 0)
			continue;
		if (proto_result_add(r, "kbench", "syscall-getppid", "ns/op", 0, it, sys) < 0 ||
		    proto_result_add(r, "kbench", "pipe-pingpong", "ns/op", 0, it, pp) < 0) {
			if (asprintf(cause, "out of memory") < 0)
				*cause = NULL;
			return -1;
		}
	}
	return 0;
}
