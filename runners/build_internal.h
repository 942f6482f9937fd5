/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * build_internal.h - what the files of the build executor share
 * (runners/build.c, build_tree.c, build_kconfig.c, build_log.c,
 * build_modules.c, build_sources.c); the agent sees runners/build.h only.
 */
#ifndef KPCI_RUNNERS_BUILD_INTERNAL_H
#define KPCI_RUNNERS_BUILD_INTERNAL_H

#include <limits.h>
#include <sys/types.h>
#include <time.h>

#include <jansson.h>

#include "lib/buf.h"
#include "runners/build.h"
#include "runners/build_icecc.h"
#include "runners/build_progress.h"

#define BUILD_MAX_ARGS     32
#define BUILD_MAX_CAPTURE  (1u << 20)
#define BUILD_GIT_TIMEOUT  3600
#define BUILD_TOOL_TIMEOUT 60
#define BUILD_KILL_GRACE   2         /* seconds from SIGTERM to SIGKILL of a build */

/* One build job while it runs. */
struct build_state {
	const struct build_job *b;
	char mirror[PATH_MAX];
	char dir[PATH_MAX];             /* WORK/builds/trees/TREE--CONFIG */
	char src[PATH_MAX];
	char out[PATH_MAX];
	char stamp[PATH_MAX];
	char log[PATH_MAX];
	int log_fd;
	int jobs;
	char cc[PATH_MAX];              /* the CC= value for make */
	struct icecc_plan icecc;        /* the farm's part (runners/build_icecc.c) */
	int icecc_fell_back;            /* the farm stalled; make went on locally */
	char compiler[512];             /* first line of --version */
	json_t *warnings;
	char release[BUILD_MAX_RELEASE + 1];   /* include/config/kernel.release */
	struct build_progress progress;         /* make's output, read as it grows */
	char count_file[PATH_MAX];              /* compiles of the last full build */
	double t0;
	time_t stamp_time;
};

/* posix_spawn takes char *const argv[]; our strings are not modified. */
static inline char *build_arg(const char *s)
{
	union { const char *c; char *m; } u = { .c = s };

	return u.m;
}

/* build_log.c: appends a line to the build log. */
void build_note(struct build_state *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The last BUILD_MAX_LOG bytes of the log (malloc'd), or NULL. */
char *build_log_tail(const char *log_path);
/* Why a module's make failed, from its log (malloc'd), or NULL. */
char *build_module_why(const char *log_path);

/* build_tree.c: programs, the mirror and the worktree. */
/*
 * Runs argv (PATH searched) in dir with stdout+stderr to out_fd (-1:
 * /dev/null), in a new process group, in envp (NULL: the runner's), for
 * at most timeout seconds, and, with stall > 0, as long as out_fd grows
 * at least every stall seconds (lib/spawn.h).  Returns the exit status
 * (0..255), 128+signal, -1 when it could not be started (errno), -2 on
 * timeout, -3 on a stall or -4 when the job is given back
 * (progress_abandon) (the group is sent SIGTERM, then SIGKILL).  started,
 * if given, is called once the child runs (for the crash stamp); bp, if
 * given, reads out_fd's growth (make's progress).
 */
int build_run_in(char *const argv[], const char *dir, int out_fd, long long timeout,
		 long long stall, char *const envp[], void (*started)(pid_t pid, void *arg),
		 void *arg, struct build_progress *bp);
/* build_run_in in the runner's environment, without a stall limit. */
int build_run(char *const argv[], const char *dir, int out_fd, long long timeout,
	      void (*started)(pid_t pid, void *arg), void *arg);
/* Runs argv and collects its output into out (capped). */
int build_capture(struct buf *out, char *const argv[], const char *dir);
/* Removes a path recursively (rm -rf -- path). */
int build_rmrf(struct build_state *s, const char *path);
/* Makes sure the mirror holds commit, fetching url when it does not. */
int build_mirror(struct build_state *s, const char *url, const char *commit, char **cause);
/* Checks the worktree out at commit, repaired and clean. */
int build_worktree(struct build_state *s, const char *commit, char **cause);
/* Reverts commit rev in the checked-out worktree (a merge against its
 * first parent) without committing: the build of a bisection's culprit
 * reverted on top of the first bad commit.  The next checkout resets it.
 * 0, or -1 with *cause. */
int build_revert(struct build_state *s, const char *rev, char **cause);
/* Writes the process group of a running make into the stamp (pid 0: the
 * stamp only); a started callback of build_run_in. */
void build_stamp_pid(pid_t pid, void *arg);

/* build.c */
/* The environment of the build's compiles: the farm's, or the local one
 * that keeps CC (NULL: the runner's own). */
char *const *build_env(const struct build_state *s);
/* Links or uploads one artifact; 0, or -1 with *cause. */
int build_upload(struct build_state *s, const char *name, const char *file, char **cause);

/* build_modules.c: the out-of-tree modules of [build] modules, built and
 * uploaded; -1 with *cause only when an upload failed. */
int build_modules(struct build_state *s, char **cause);

/* build_sources.c: writes the sources list of the build just made (the
 * files of s->src that the .cmd files of s->out name, sorted, one a line)
 * to path, with a note in the log.  0, or -1 with *cause. */
int build_sources(struct build_state *s, const char *path, char **cause);

#endif
