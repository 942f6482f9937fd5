// SPDX-License-Identifier: GPL-2.0-only
/*
 * spawn.c - the helpers of spawn.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/mono.h"
#include "lib/spawn.h"

extern char **environ;

#define SPAWN_MAX_PATH 4096

/* Initialises attr for a program of its own: a new process group, no
 * signal blocked, every signal's action the default. */
static void spawn_attr_init(posix_spawnattr_t *attr)
{
	sigset_t none, all;

	/* no signal blocked and none ignored, as from a shell: kpcid blocks
	 * SIGTERM, SIGINT and SIGHUP for sigtimedwait, and kpcid and
	 * kpci-runner ignore SIGPIPE */
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawnattr_init(attr);
	posix_spawnattr_setsigmask(attr, &none);
	posix_spawnattr_setsigdefault(attr, &all);
	posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
				 POSIX_SPAWN_SETSIGDEF);
	posix_spawnattr_setpgroup(attr, 0);
}

int spawn_start_io(pid_t *pid, char *const argv[], const struct spawn_io *io, char **cause)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	const char *out = io->out_path ? io->out_path : "/dev/null";
	int rc;

	posix_spawn_file_actions_init(&fa);
	spawn_attr_init(&attr);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (io->out_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, io->out_fd, 1);
	else
		posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (io->dir)
		posix_spawn_file_actions_addchdir_np(&fa, io->dir);
	rc = posix_spawnp(pid, argv[0], &fa, &attr, argv, io->envp ? io->envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc) {
		fail_cause(cause, "cannot start %s: %s", argv[0], strerror(rc));
		errno = rc;
		return -1;
	}
	return 0;
}

int spawn_start(pid_t *pid, char *const argv[], const char *out_path, char **cause)
{
	struct spawn_io io = { .out_fd = -1, .out_path = out_path };

	return spawn_start_io(pid, argv, &io, cause);
}

/* Ends pid's group: SIGTERM and grace seconds first when grace > 0, then
 * SIGKILL; reaps pid. */
static void spawn_kill(int *status, pid_t pid, int grace)
{
	if (grace > 0) {
		struct timespec nap = { grace, 0 };

		kill(-pid, SIGTERM);
		nanosleep(&nap, NULL);
	}
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
}

int spawn_wait_limits(int *status, pid_t pid, const struct spawn_limits *lim)
{
	struct timespec nap = { 0, SPAWN_POLL_MS * 1000000L };
	double start = mono_now(), grew = start;
	off_t size = -1;
	struct stat st;

	for (;;) {
		pid_t got = waitpid(pid, status, WNOHANG);
		double now;
		int end = SPAWN_EXITED;

		if (got == pid)
			return SPAWN_EXITED;
		if (got < 0 && errno != EINTR)
			return -1;
		if (lim->tick)
			lim->tick(lim->tick_arg);
		now = mono_now();
		if (lim->stall > 0 && fstat(lim->stall_fd, &st) == 0 && st.st_size != size) {
			size = st.st_size;
			grew = now;
		}
		if (lim->timeout > 0 && now - start >= lim->timeout)
			end = SPAWN_TIMEOUT;
		else if (lim->stall > 0 && now - grew > lim->stall)
			end = SPAWN_STALLED;
		else if (lim->stop && *lim->stop)
			end = SPAWN_STOPPED;
		if (end != SPAWN_EXITED) {
			spawn_kill(status, pid, lim->grace);
			return end;
		}
		nanosleep(&nap, NULL);
	}
}

int spawn_wait_stop(int *status, pid_t pid, int timeout_s, const volatile int *stop)
{
	struct spawn_limits lim = { .timeout = timeout_s, .stall_fd = -1, .stop = stop };

	return spawn_wait_limits(status, pid, &lim);
}

int spawn_wait(int *status, pid_t pid, int timeout_s)
{
	return spawn_wait_stop(status, pid, timeout_s, NULL);
}

int spawn_run_stop(char *const argv[], const char *out_path, int timeout_s,
		   const volatile int *stop, char **cause)
{
	int status, rc;
	pid_t pid;

	if (spawn_start(&pid, argv, out_path, cause) < 0)
		return -1;
	rc = spawn_wait_stop(&status, pid, timeout_s, stop);
	if (rc == SPAWN_TIMEOUT)
		return fail_cause(cause, "%s timed out after %d s", argv[0], timeout_s);
	if (rc == SPAWN_STOPPED)
		return fail_cause(cause, "%s was stopped", argv[0]);
	if (rc < 0)
		return fail_cause(cause, "waiting for %s: %s", argv[0], strerror(errno));
	if (WIFSIGNALED(status))
		return fail_cause(cause, "%s was killed by signal %d", argv[0], WTERMSIG(status));
	if (WEXITSTATUS(status))
		return fail_cause(cause, "%s exited with status %d", argv[0], WEXITSTATUS(status));
	return 0;
}

int spawn_run(char *const argv[], const char *out_path, int timeout_s, char **cause)
{
	return spawn_run_stop(argv, out_path, timeout_s, NULL, cause);
}

int spawn_have(const char *name)
{
	const char *path = getenv("PATH");
	char buf[SPAWN_MAX_PATH];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");

		if (len && (size_t)snprintf(buf, sizeof buf, "%.*s/%s", (int)len, path, name) <
		    sizeof buf && access(buf, X_OK) == 0)
			return 1;
		path += len;
		if (*path == ':')
			path++;
	}
	return 0;
}
