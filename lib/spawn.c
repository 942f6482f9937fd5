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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/spawn.h"

extern char **environ;

#define SPAWN_MAX_PATH 4096

void spawn_attr_init(posix_spawnattr_t *attr)
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

int spawn_start(pid_t *pid, char *const argv[], const char *out_path, char **cause)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	const char *out = out_path ? out_path : "/dev/null";
	int rc;

	posix_spawn_file_actions_init(&fa);
	spawn_attr_init(&attr);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	rc = posix_spawnp(pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc) {
		if (asprintf(cause, "cannot start %s: %s", argv[0], strerror(rc)) < 0)
			*cause = NULL;
		return -1;
	}
	return 0;
}

/* Kills pid's group and reaps pid. */
static void spawn_kill(int *status, pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
}

int spawn_wait_stop(int *status, pid_t pid, int timeout_s, const volatile int *stop)
{
	struct timespec start, now, nap = { 0, SPAWN_POLL_MS * 1000000L };

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		pid_t got = waitpid(pid, status, WNOHANG);

		if (got == pid)
			return 0;
		if (got < 0 && errno != EINTR)
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (timeout_s > 0 && now.tv_sec - start.tv_sec >= timeout_s) {
			spawn_kill(status, pid);
			return 1;
		}
		if (stop && *stop) {
			spawn_kill(status, pid);
			return 2;
		}
		nanosleep(&nap, NULL);
	}
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
	if (rc == 1)
		rc = asprintf(cause, "%s timed out after %d s", argv[0], timeout_s);
	else if (rc == 2)
		rc = asprintf(cause, "%s was stopped", argv[0]);
	else if (rc < 0)
		rc = asprintf(cause, "waiting for %s: %s", argv[0], strerror(errno));
	else if (WIFSIGNALED(status))
		rc = asprintf(cause, "%s was killed by signal %d", argv[0], WTERMSIG(status));
	else if (WEXITSTATUS(status))
		rc = asprintf(cause, "%s exited with status %d", argv[0], WEXITSTATUS(status));
	else
		return 0;
	if (rc < 0)
		*cause = NULL;
	return -1;
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
