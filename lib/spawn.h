/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn.h - running a program: posix_spawnp with an argv array (never a
 * shell), output to a file, its own process group, and a deadline after
 * which the whole group is killed.  Used by kpci-runner's builds (git,
 * make, with a working directory, an environment and a watch on their
 * output), boot methods (qemu, kexec) and the suites that run established
 * benchmarks, and by kpcid's watcher to repack its mirrors.
 */
#ifndef KPCI_LIB_SPAWN_H
#define KPCI_LIB_SPAWN_H

#include <spawn.h>
#include <sys/types.h>

#define SPAWN_POLL_MS 50

/* Where a program started by spawn_start_io runs and writes. */
struct spawn_io {
	const char *dir;            /* its working directory; NULL: the caller's */
	int out_fd;                 /* stdout and stderr go to this descriptor when >= 0, */
	const char *out_path;       /* else are appended to this file (NULL: /dev/null) */
	char *const *envp;          /* its environment; NULL: the caller's */
};

/* What ends a wait besides the program's own exit (spawn_wait_limits). */
struct spawn_limits {
	double timeout;             /* seconds from the start of the wait; <= 0: none */
	double stall;               /* seconds stall_fd may go without growing; <= 0: none */
	int stall_fd;               /* the output watched for a stall */
	const volatile int *stop;   /* non-zero (set by another thread): stop now; NULL */
	int grace;                  /* seconds from SIGTERM to SIGKILL of the group; 0: SIGKILL */
	void (*tick)(void *arg);    /* called at each poll while the program runs; NULL */
	void *tick_arg;
};

/* How a wait ended (spawn_wait_limits). */
enum spawn_end {
	SPAWN_EXITED = 0,           /* the wait status is the program's */
	SPAWN_TIMEOUT = 1,          /* the deadline passed: the group was killed and reaped */
	SPAWN_STOPPED = 2,          /* *stop became non-zero: the same */
	SPAWN_STALLED = 3,          /* stall_fd stopped growing: the same */
};

/* Starts argv[0] (searched on PATH) with stdin from /dev/null and stdout +
 * stderr as io says, in a new process group, with no signal blocked or
 * ignored (as from a shell).  0 with *pid, or -1 with errno and *cause. */
int spawn_start_io(pid_t *pid, char *const argv[], const struct spawn_io *io, char **cause);

/* spawn_start_io appending stdout + stderr to out_path (NULL: /dev/null). */
int spawn_start(pid_t *pid, char *const argv[], const char *out_path, char **cause);

/* Waits for pid until it exits or a limit ends the wait (enum spawn_end,
 * with the wait status in *status), polling every SPAWN_POLL_MS; -1 on a
 * waitpid error. */
int spawn_wait_limits(int *status, pid_t pid, const struct spawn_limits *lim);

/* Waits for pid up to timeout_s seconds (<= 0: forever); kills its process
 * group at the deadline.  Returns 0 with the wait status in *status, 1 on
 * timeout (the group was killed and reaped), -1 on a waitpid error. */
int spawn_wait(int *status, pid_t pid, int timeout_s);

/* spawn_wait that also gives up as soon as *stop is non-zero (read every
 * SPAWN_POLL_MS, from another thread): kills and reaps the group as at
 * the deadline, and returns 2. */
int spawn_wait_stop(int *status, pid_t pid, int timeout_s, const volatile int *stop);

/* spawn_start + spawn_wait; 0 when the program exited 0, else -1 with a
 * sentence in *cause ("qemu-system-x86_64 timed out after 300 s"). */
int spawn_run(char *const argv[], const char *out_path, int timeout_s, char **cause);

/* spawn_run that stops argv as soon as *stop is non-zero ("git was
 * stopped"); see spawn_wait_stop. */
int spawn_run_stop(char *const argv[], const char *out_path, int timeout_s,
		   const volatile int *stop, char **cause);

/* 1 if name is an executable on PATH (or a path to one). */
int spawn_have(const char *name);

#endif
