// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_spawn.c - lib/spawn.c with real programs: exit statuses and their
 * sentences, output to a file, a program that is not there, the deadline,
 * the stop flag set from another thread, and the build runner's way: a
 * working directory, an environment, an output descriptor watched for a
 * stall, SIGTERM before SIGKILL.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/mono.h"
#include "lib/spawn.h"
#include "check.h"

static volatile int stop;

static void *stopper(void *arg)
{
	usleep(200 * 1000);
	stop = 1;
	return arg;
}

/* Runs argv with its output into text (n bytes, NUL-terminated) through
 * a temporary file; spawn_run's result. */
static int run_output(char *const argv[], char *text, size_t n)
{
	char out[] = "/tmp/kpci-test-spawn.XXXXXX", *cause = NULL;
	int fd = mkstemp(out), rc;
	FILE *f;

	text[0] = 0;
	if (fd < 0)
		return -1;
	close(fd);
	rc = spawn_run(argv, out, 10, &cause);
	f = fopen(out, "r");
	if (f) {
		text[fread(text, 1, n - 1, f)] = 0;
		fclose(f);
	}
	unlink(out);
	free(cause);
	return rc;
}

/* spawn_start_io and spawn_wait_limits as the build runner uses them. */
static void test_io_limits(void)
{
	char *pwd[] = { "sh", "-c", "echo \"$PWD $KPCI_X\"", NULL };
	char *quiet[] = { "sh", "-c", "echo start; sleep 30", NULL };
	char *term[] = { "sh", "-c", "trap 'echo term; exit 7' TERM; echo up; "
			 "while :; do echo tick; sleep 0.2; done", NULL };
	char *env[] = { "KPCI_X=y", "PATH=/usr/bin:/bin", NULL };
	char out[] = "/tmp/kpci-test-spawn-io.XXXXXX", text[128] = "", *cause = NULL;
	struct spawn_io io = { .dir = "/tmp", .envp = env };
	struct spawn_limits lim = { .stall_fd = -1 };
	int fd = mkstemp(out), status = -1;
	double t0;
	pid_t pid;

	CHECK(fd >= 0);
	io.out_fd = fd;
	CHECK_INT(spawn_start_io(&pid, pwd, &io, &cause), 0);
	CHECK_INT(spawn_wait_limits(&status, pid, &lim), SPAWN_EXITED);
	CHECK(pread(fd, text, sizeof text - 1, 0) > 0);
	CHECK_STR(text, "/tmp y\n");

	/* quiet for over a second: stalled, and ended */
	CHECK_INT(ftruncate(fd, 0), 0);
	lseek(fd, 0, SEEK_SET);
	lim = (struct spawn_limits){ .timeout = 60, .stall = 1, .stall_fd = fd };
	t0 = mono_now();
	CHECK_INT(spawn_start_io(&pid, quiet, &io, &cause), 0);
	CHECK_INT(spawn_wait_limits(&status, pid, &lim), SPAWN_STALLED);
	CHECK(mono_now() - t0 < 10);
	CHECK(WIFSIGNALED(status));

	/* busy but past the deadline: SIGTERM first, which it answers */
	CHECK_INT(ftruncate(fd, 0), 0);
	lseek(fd, 0, SEEK_SET);
	lim = (struct spawn_limits){ .timeout = 1, .stall = 1, .stall_fd = fd, .grace = 2 };
	CHECK_INT(spawn_start_io(&pid, term, &io, &cause), 0);
	CHECK_INT(spawn_wait_limits(&status, pid, &lim), SPAWN_TIMEOUT);
	memset(text, 0, sizeof text);
	CHECK(pread(fd, text, sizeof text - 1, 0) > 0);
	CHECK(strstr(text, "term\n") != NULL);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 7);
	close(fd);
	unlink(out);
	free(cause);
}

int main(void)
{
	char *cause = NULL, text[64];
	char *echo[] = { "sh", "-c", "echo out; echo err >&2", NULL };
	char *fail[] = { "sh", "-c", "exit 3", NULL };
	char *none[] = { "kpci-no-such-program", NULL };
	char *slow[] = { "sleep", "30", NULL };
	pthread_t th;
	double t0;

	CHECK_INT(run_output(echo, text, sizeof text), 0);
	CHECK_STR(text, "out\nerr\n");          /* stdout and stderr, appended */

	CHECK_INT(spawn_run(fail, NULL, 10, &cause), -1);
	CHECK_STR(cause, "sh exited with status 3");
	free(cause);
	cause = NULL;

	CHECK_INT(spawn_run(none, NULL, 10, &cause), -1);
	CHECK(cause && strstr(cause, "cannot start kpci-no-such-program"));
	free(cause);
	cause = NULL;

	t0 = mono_now();
	CHECK_INT(spawn_run(slow, NULL, 1, &cause), -1);
	CHECK_STR(cause, "sleep timed out after 1 s");
	CHECK(mono_now() - t0 < 5);
	free(cause);
	cause = NULL;

	t0 = mono_now();
	CHECK_INT(pthread_create(&th, NULL, stopper, NULL), 0);
	CHECK_INT(spawn_run_stop(slow, NULL, 60, &stop, &cause), -1);
	pthread_join(th, NULL);
	CHECK_STR(cause, "sleep was stopped");
	CHECK(mono_now() - t0 < 5);                /* not the 30 s of sleep */
	free(cause);
	cause = NULL;

	stop = 0;
	CHECK_INT(spawn_run_stop(echo, NULL, 10, &stop, &cause), 0);
	test_io_limits();

	/* as kpcid: SIGTERM blocked, SIGPIPE ignored; not so in the program
	 * (glibc's own signals 32 and 33 may show as ignored there) */
	{
		char *status[] = { "grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status", NULL };
		char lines[256];
		unsigned long long blocked = ~0ULL, ignored = ~0ULL;
		sigset_t term;

		sigemptyset(&term);
		sigaddset(&term, SIGTERM);
		pthread_sigmask(SIG_BLOCK, &term, NULL);
		signal(SIGPIPE, SIG_IGN);
		CHECK_INT(run_output(status, lines, sizeof lines), 0);
		CHECK_INT(sscanf(lines, "SigBlk:\t%llx\nSigIgn:\t%llx", &blocked, &ignored), 2);
		CHECK_INT(blocked, 0);
		CHECK_INT(ignored & (1ULL << (SIGPIPE - 1) | 1ULL << (SIGTERM - 1)), 0);
	}
	return check_done();
}
