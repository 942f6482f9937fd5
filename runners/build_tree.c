// SPDX-License-Identifier: GPL-2.0-only
/*
 * build_tree.c - the programs a build runs and the sources it builds:
 * every program through lib/spawn.h, the bare git mirror of a tree, the
 * persistent worktree of a (tree, config) checked out clean at the
 * commit, the revert of a commit in it, and the repair of a worktree a
 * crashed build left (its stamp).
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/fail.h"
#include "lib/log.h"
#include "lib/spawn.h"
#include "runners/build_internal.h"
#include "runners/progress.h"

/* What a wait scans at each poll: make's output as it grows. */
struct build_tick {
	struct build_progress *bp;
	int fd;
};

static void build_tick(void *arg)
{
	const struct build_tick *t = arg;

	build_progress_scan(t->bp, t->fd);
}

int build_run_in(char *const argv[], const char *dir, int out_fd, long long timeout,
		 long long stall, char *const envp[], void (*started)(pid_t pid, void *arg),
		 void *arg, struct build_progress *bp)
{
	struct spawn_io io = { .dir = dir, .out_fd = out_fd, .envp = envp };
	struct build_tick tick = { .bp = bp, .fd = out_fd };
	struct spawn_limits lim = { .timeout = (double)timeout, .stall_fd = out_fd,
				    .stall = out_fd >= 0 ? (double)stall : 0,
				    .grace = BUILD_KILL_GRACE, .stop = progress_abandon_flag(),
				    .tick = bp && out_fd >= 0 ? build_tick : NULL, .tick_arg = &tick };
	char *cause = NULL;
	int status, rc;
	pid_t pid;

	if (spawn_start_io(&pid, argv, &io, &cause) < 0) {
		free(cause);
		return -1;
	}
	if (started)
		started(pid, arg);
	rc = spawn_wait_limits(&status, pid, &lim);
	if (rc != SPAWN_EXITED)
		return rc == SPAWN_TIMEOUT ? -2 : rc == SPAWN_STALLED ? -3 :
		       rc == SPAWN_STOPPED ? -4 : -1;
	/* a program that exec failed in the child (posix_spawnp reports
	 * most, but not all, of those) exits 127 */
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

int build_run(char *const argv[], const char *dir, int out_fd, long long timeout,
	      void (*started)(pid_t pid, void *arg), void *arg)
{
	return build_run_in(argv, dir, out_fd, timeout, 0, NULL, started, arg, NULL);
}

int build_capture(struct buf *out, char *const argv[], const char *dir)
{
	char path[] = "/tmp/kpci-build-capture.XXXXXX";
	char block[8192];
	int fd = mkostemp(path, O_CLOEXEC), rc;
	ssize_t n;

	if (fd < 0)
		return -1;
	unlink(path);
	rc = build_run(argv, dir, fd, BUILD_TOOL_TIMEOUT, NULL, NULL);
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, block, sizeof block)) > 0)
		if (buf_add(out, block, (size_t)n) < 0)
			break;
	close(fd);
	return rc;
}

/* Runs git with args after "git -c safe.directory=* [-C dir]"; output to
 * the build log, or nowhere with quiet (probes whose failure is expected). */
static int build_git(struct build_state *s, int quiet, const char *dir, char *const *args,
		     size_t nargs)
{
	char *argv[BUILD_MAX_ARGS];
	size_t n = 0;

	argv[n++] = "git";
	argv[n++] = "-c";
	argv[n++] = "safe.directory=*";
	if (dir) {
		argv[n++] = "-C";
		argv[n++] = build_arg(dir);
	}
	for (size_t i = 0; i < nargs && n < BUILD_MAX_ARGS - 1; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	return build_run(argv, NULL, quiet ? -1 : s->log_fd, BUILD_GIT_TIMEOUT, NULL, NULL);
}

#define GIT(s, dir, ...) build_git((s), 0, (dir), (char *[]){ __VA_ARGS__ }, \
	sizeof((char *[]){ __VA_ARGS__ }) / sizeof(char *))
#define GITQ(s, dir, ...) build_git((s), 1, (dir), (char *[]){ __VA_ARGS__ }, \
	sizeof((char *[]){ __VA_ARGS__ }) / sizeof(char *))

int build_mirror(struct build_state *s, const char *url, const char *commit, char **cause)
{
	char want[128];
	struct stat st;

	snprintf(want, sizeof want, "%s^{commit}", commit);
	if (stat(s->mirror, &st) < 0 && GIT(s, NULL, "init", "-q", "--bare", "--", s->mirror))
		return fail_cause(cause, "cannot create the mirror %s", s->mirror);
	if (GITQ(s, s->mirror, "cat-file", "-e", want) == 0)
		return 0;
	build_note(s, "fetching %s", url);
	progress_set("fetch", -1, "%s", url);
	if (GIT(s, s->mirror, "fetch", "-q", "--prune", "--", build_arg(url),
		"+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"))
		return fail_cause(cause, "git fetch %s failed (see the build log)", url);
	if (GITQ(s, s->mirror, "cat-file", "-e", want))
		return fail_cause(cause, "commit %s does not exist in %s", commit, url);
	return 0;
}

int build_rmrf(struct build_state *s, const char *path)
{
	char *argv[] = { "rm", "-rf", "--", build_arg(path), NULL };

	return build_run(argv, NULL, s->log_fd, BUILD_GIT_TIMEOUT, NULL, NULL);
}

static time_t build_newer_than;

static int build_rm_newer(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	if (type == FTW_F && st->st_mtime >= build_newer_than)
		unlink(path);
	return 0;
}

/*
 * A stamp left by a build that never finished: kill its make if it still
 * runs, and remove what it may have half-written in O= (every file it
 * touched: they are rebuilt).
 */
static void build_repair_after_crash(struct build_state *s)
{
	struct stat st;
	char cwd[PATH_MAX + 32], link[PATH_MAX];
	FILE *f;
	long pgid = 0;
	ssize_t n;

	if (stat(s->stamp, &st) < 0)
		return;
	log_warn("build: %s holds an interrupted build; repairing it", s->dir);
	build_note(s, "repairing the worktree after an interrupted build");
	f = fopen(s->stamp, "r");
	if (f) {
		if (fscanf(f, "%ld", &pgid) != 1)
			pgid = 0;
		fclose(f);
	}
	snprintf(cwd, sizeof cwd, "/proc/%ld/cwd", pgid);
	/* only a process group whose leader still works in our source tree */
	if (pgid > 1 && (n = readlink(cwd, link, sizeof link - 1)) > 0) {
		link[n] = '\0';
		if (!strcmp(link, s->src)) {
			kill(-(pid_t)pgid, SIGKILL);
			build_note(s, "killed the leftover make (process group %ld)", pgid);
		}
	}
	build_newer_than = st.st_mtime;
	nftw(s->out, build_rm_newer, 32, FTW_PHYS);
	unlink(s->stamp);
}

void build_stamp_pid(pid_t pid, void *arg)
{
	struct build_state *s = arg;
	FILE *f = fopen(s->stamp, "w");

	if (f) {
		fprintf(f, "%ld\n", (long)pid);
		fclose(f);
	}
}

int build_worktree(struct build_state *s, const char *commit, char **cause)
{
	char gitfile[PATH_MAX + 8];
	struct buf st;
	char *argv[] = { "git", "-c", "safe.directory=*", "-C", s->src, "status", "--porcelain",
			 "--untracked-files=all", NULL };
	struct stat sb;
	int tries;

	progress_set("checkout", -1, "%.12s", commit);
	build_repair_after_crash(s);
	snprintf(gitfile, sizeof gitfile, "%s/.git", s->src);
	for (tries = 0; tries < 3; tries++) {
		if (stat(gitfile, &sb) < 0 || GITQ(s, s->src, "rev-parse", "-q", "--verify", "HEAD")) {
			build_note(s, "creating the worktree %s", s->src);
			build_rmrf(s, s->src);
			GIT(s, s->mirror, "worktree", "prune");
			if (GIT(s, s->mirror, "worktree", "add", "-q", "-f", "--detach", s->src,
				build_arg(commit)))
				return fail_cause(cause, "cannot create the worktree %s (see the build log)",
						  s->src);
			continue;
		}
		if (GIT(s, s->src, "checkout", "-q", "-f", "--detach", build_arg(commit)) ||
		    GIT(s, s->src, "clean", "-q", "-ffdx")) {
			build_rmrf(s, s->src);
			continue;
		}
		buf_init(&st, BUILD_MAX_CAPTURE);
		if (build_capture(&st, argv, NULL) == 0 && st.len == 0) {
			buf_dispose(&st);
			return 0;
		}
		build_note(s, "the worktree is not clean after checkout; recreating it:\n%s",
			   buf_str(&st));
		buf_dispose(&st);
		build_rmrf(s, s->src);
	}
	if (stat(gitfile, &sb) == 0)
		return 0;
	return fail_cause(cause, "cannot check %s out into %s", commit, s->src);
}

int build_revert(struct build_state *s, const char *rev, char **cause)
{
	char second[80];
	int merge;

	snprintf(second, sizeof second, "%s^2", rev);
	merge = GITQ(s, s->src, "rev-parse", "-q", "--verify", second) == 0;
	build_note(s, "reverting %s", rev);
	if (merge ? GIT(s, s->src, "revert", "--no-commit", "-m", "1", build_arg(rev)) :
	    GIT(s, s->src, "revert", "--no-commit", build_arg(rev))) {
		GITQ(s, s->src, "revert", "--abort");
		return fail_cause(cause, "the revert of %.12s does not apply on this commit", rev);
	}
	GITQ(s, s->src, "revert", "--quit");
	return 0;
}
