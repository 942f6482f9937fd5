/*
 * build.c - kpci-runner's build executor (see build.h): mirror and
 * worktree upkeep with the git CLI, .config from a base plus fragments
 * with merge_config.sh's semantics, make -jN under a time limit, `size
 * vmlinux`, artifact uploads by sha256, and the build record.
 *
 * Every program runs through posix_spawnp with an argv array (never a
 * shell) in its own process group, so a time limit or a crash cleanup
 * can kill the whole make.  User data (URLs, commits) follows "--" where
 * git accepts it and is validated before it gets here.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/buf.h"
#include "lib/fs.h"
#include "lib/fail.h"
#include "lib/log.h"
#include "lib/sha256.h"
#include "lib/spawn.h"
#include "runners/build.h"
#include "runners/build_icecc.h"
#include "runners/build_progress.h"
#include "runners/env.h"
#include "runners/guestdir.h"
#include "runners/progress.h"

extern char **environ;

#define BUILD_MAX_ARGS     32
#define BUILD_MAX_CAPTURE  (1u << 20)
#define BUILD_GIT_TIMEOUT  3600
#define BUILD_TOOL_TIMEOUT 60
#define BUILD_STOP_GRACE   5    /* s a stopped make has to end before SIGKILL */

/* posix_spawn takes char *const argv[]; our strings are not modified. */
static char *build_arg(const char *s)
{
	union { const char *c; char *m; } u = { .c = s };

	return u.m;
}

static double build_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* --- processes ------------------------------------------------------ */

/* Stops pid's process group for a job given back: SIGTERM (make removes
 * the targets it was writing), SIGKILL after BUILD_STOP_GRACE s; returns
 * -4. */
static int build_stop(pid_t pid)
{
	int status;

	kill(-pid, SIGTERM);
	for (int i = 0; i < BUILD_STOP_GRACE * 20; i++) {
		struct timespec ts = { 0, 50 * 1000 * 1000 };

		if (waitpid(pid, &status, WNOHANG) == pid) {
			kill(-pid, SIGKILL);    /* a straggler of the group */
			return -4;
		}
		nanosleep(&ts, NULL);
	}
	kill(-pid, SIGKILL);
	waitpid(pid, &status, 0);
	return -4;
}

/*
 * Runs argv (PATH searched) in dir with stdout+stderr to out_fd (-1:
 * /dev/null), in a new process group, in envp (NULL: the runner's), for
 * at most timeout seconds, and, with stall > 0, as long as out_fd grows
 * at least every stall seconds.  Returns the exit status (0..255),
 * 128+signal, -1 when it could not be started (errno), -2 on timeout, -3
 * on a stall (the group is killed) or -4 when the job is given back
 * (progress_abandon: the group gets SIGTERM, and SIGKILL after
 * BUILD_STOP_GRACE s).  started, if given, is called once the child runs
 * (for the crash stamp); bp, if given, reads out_fd's growth (make's
 * progress).
 */
static int build_run_in(char *const argv[], const char *dir, int out_fd, long long timeout,
			long long stall, char *const envp[], void (*started)(pid_t pid, void *arg),
			void *arg, struct build_progress *bp)
{
	double last_growth = build_now();
	off_t last_size = -1;
	struct stat st;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	double deadline = build_now() + (double)timeout;
	pid_t pid;
	int rc, status, nullfd = -1;

	if (out_fd < 0) {
		out_fd = nullfd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		stall = 0;      /* nothing to watch grow */
	}
	posix_spawn_file_actions_init(&fa);
	spawn_attr_init(&at);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 2);
	if (dir)
		posix_spawn_file_actions_addchdir_np(&fa, dir);
	rc = posix_spawnp(&pid, argv[0], &fa, &at, argv, envp ? envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (nullfd >= 0)
		close(nullfd);
	if (rc) {
		errno = rc;
		return -1;
	}
	if (started)
		started(pid, arg);
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		struct timespec ts = { 0, 50 * 1000 * 1000 };

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			return -1;
		if (bp)
			build_progress_scan(bp, out_fd);
		if (progress_abandoned())
			return build_stop(pid);
		if (stall > 0 && fstat(out_fd, &st) == 0 && st.st_size != last_size) {
			last_size = st.st_size;
			last_growth = build_now();
		}
		if (build_now() > deadline ||
		    (stall > 0 && build_now() - last_growth > (double)stall)) {
			int stalled = build_now() <= deadline;

			kill(-pid, SIGTERM);
			ts.tv_sec = 2;
			ts.tv_nsec = 0;
			nanosleep(&ts, NULL);
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			return stalled ? -3 : -2;
		}
		nanosleep(&ts, NULL);
	}
	/* a program that exec failed in the child (posix_spawnp reports
	 * most, but not all, of those) exits 127 */
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

/* build_run_in in the runner's environment, without a stall limit. */
static int build_run(char *const argv[], const char *dir, int out_fd, long long timeout,
		     void (*started)(pid_t pid, void *arg), void *arg)
{
	return build_run_in(argv, dir, out_fd, timeout, 0, NULL, started, arg, NULL);
}

/* Runs argv and collects its output into out (capped). */
static int build_capture(struct buf *out, char *const argv[], const char *dir)
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

/* --- .config merging (scripts/kconfig/merge_config.sh semantics) --- */

static struct build_sym *build_kconfig_find(struct build_kconfig *k, const char *name)
{
	for (size_t i = 0; i < k->n; i++)
		if (!strcmp(k->syms[i].name, name))
			return &k->syms[i];
	return NULL;
}

void build_kconfig_free(struct build_kconfig *k)
{
	for (size_t i = 0; i < k->n; i++) {
		free(k->syms[i].name);
		free(k->syms[i].value);
		free(k->syms[i].origin);
	}
	free(k->syms);
	memset(k, 0, sizeof *k);
}

/* Splits a .config line into name and value (NULL: not set); 0 when the
 * line sets nothing. */
static int build_kconfig_line(char *line, char **name, char **value)
{
	size_t n = strcspn(line, "\r\n");

	line[n] = '\0';
	if (!strncmp(line, "CONFIG_", 7) && strchr(line, '=')) {
		*name = line;
		*value = strchr(line, '=');
		*(*value)++ = '\0';
		return 1;
	}
	if (!strncmp(line, "# CONFIG_", 9) && n > 13 && !strcmp(line + n - 11, " is not set")) {
		line[n - 11] = '\0';
		*name = line + 2;
		*value = NULL;
		return 1;
	}
	return 0;
}

static int build_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

int build_kconfig_apply(struct build_kconfig *k, const char *path, const char *origin,
			json_t *warnings, char **cause)
{
	char line[BUILD_MAX_LINE], *name, *value, *w;
	FILE *f = fopen(path, "r");
	struct build_sym *s;
	int lineno = 0;

	if (!f)
		return fail_cause(cause, "cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (!build_kconfig_line(line, &name, &value))
			continue;
		if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
		    != strlen(name)) {
			fclose(f);
			return fail_cause(cause, "%s:%d: '%s' is not a config symbol", path, lineno,
					  name);
		}
		s = build_kconfig_find(k, name);
		if (s && origin && warnings && s->origin && !build_str_eq(s->value, value) &&
		    asprintf(&w, "Value of %s is redefined by fragment %s:\nPrevious value: %s%s\n"
			     "New value: %s%s", name, origin,
			     s->value ? "" : "# ", s->value ? s->value : "is not set",
			     value ? "" : "# ", value ? value : "is not set") >= 0) {
			/* merge_config.sh prints "NAME=value" or "# NAME is not set" */
			json_array_append_new(warnings, json_string(w));
			free(w);
		}
		if (!s) {
			if (k->n == k->cap) {
				size_t cap = k->cap ? k->cap * 2 : 256;
				struct build_sym *ns = realloc(k->syms, cap * sizeof *ns);

				if (!ns) {
					fclose(f);
					return fail_cause(cause, "out of memory");
				}
				k->syms = ns;
				k->cap = cap;
			}
			s = &k->syms[k->n++];
			memset(s, 0, sizeof *s);
			s->name = strdup(name);
		}
		free(s->value);
		free(s->origin);
		s->value = value ? strdup(value) : NULL;
		s->origin = origin ? strdup(origin) : NULL;
	}
	fclose(f);
	return 0;
}

int build_kconfig_write(const struct build_kconfig *k, const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	for (size_t i = 0; i < k->n; i++) {
		if (k->syms[i].value)
			fprintf(f, "%s=%s\n", k->syms[i].name, k->syms[i].value);
		else
			fprintf(f, "# %s is not set\n", k->syms[i].name);
	}
	return fclose(f) == 0 ? 0 : -1;
}

int build_kconfig_check(const struct build_kconfig *wanted, const char *final_path,
			json_t *warnings, char **cause)
{
	struct build_kconfig fin = { 0 };
	char *w;

	if (build_kconfig_apply(&fin, final_path, NULL, NULL, cause) < 0)
		return -1;
	for (size_t i = 0; i < wanted->n; i++) {
		const struct build_sym *s = &wanted->syms[i];
		struct build_sym *f;

		if (!s->origin)
			continue;       /* from the base, not asked for */
		f = build_kconfig_find(&fin, s->name);
		/* "not set" is satisfied by a symbol that is absent */
		if (build_str_eq(s->value, f ? f->value : NULL))
			continue;
		if (asprintf(&w, "Value requested for %s not in final .config\n"
			     "Requested value: %s%s%s\nActual value:    %s%s%s", s->name,
			     s->value ? s->name : "# ", s->value ? "=" : s->name,
			     s->value ? s->value : " is not set",
			     f ? (f->value ? f->name : "# ") : "",
			     f ? (f->value ? "=" : f->name) : "",
			     f ? (f->value ? f->value : " is not set") : "") >= 0) {
			json_array_append_new(warnings, json_string(w));
			free(w);
		}
	}
	build_kconfig_free(&fin);
	return 0;
}

int build_config_base(char *out, size_t n, const char *config_path, char **cause)
{
	char line[BUILD_MAX_LINE];
	FILE *f = fopen(config_path, "r");

	snprintf(out, n, "defconfig");
	if (!f)
		return fail_cause(cause, "cannot read %s: %s", config_path, strerror(errno));
	while (fgets(line, sizeof line, f)) {
		char *p = line + 7;
		size_t len;

		if (strncmp(line, "# base:", 7))
			continue;
		p += strspn(p, " \t");
		len = strcspn(p, " \t\r\n");
		p[len] = '\0';
		if (!len || len >= n || p[0] == '.' || p[0] == '-' || strchr(p, '/')) {
			fclose(f);
			return fail_cause(cause, "%s: the '# base:' line must name tinyconfig, "
					  "defconfig, allnoconfig or a file beside it", config_path);
		}
		snprintf(out, n, "%s", p);
		break;
	}
	fclose(f);
	return 0;
}

/* --- output parsing ------------------------------------------------ */

int build_parse_size(const char *out, long long *text, long long *data, long long *bss)
{
	const char *nl = strchr(out, '\n');

	/* "   text    data     bss     dec     hex filename\n 123 45 6 ..." */
	if (!nl || !strstr(out, "text"))
		return -1;
	return sscanf(nl + 1, "%lld %lld %lld", text, data, bss) == 3 ? 0 : -1;
}

/* 1 when a make output line says what went wrong. */
static int build_is_error_line(const char *l)
{
	static const char *const marks[] = { "error:", "Error ", "*** ", "No space left",
					     "fatal:", "not found", "Killed", NULL };

	for (int i = 0; marks[i]; i++)
		if (strstr(l, marks[i]))
			return 1;
	return 0;
}

char *build_error_lines(const char *log_path)
{
	char line[BUILD_MAX_LINE];
	struct buf b;
	FILE *f = fopen(log_path, "r");
	int n = 0;

	if (!f)
		return NULL;
	buf_init(&b, BUILD_MAX_ERROR_LINES * (BUILD_MAX_LINE + 1));
	while (n < BUILD_MAX_ERROR_LINES && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!build_is_error_line(line))
			continue;
		buf_printf(&b, "%s%s", n ? "\n" : "", line);
		n++;
	}
	fclose(f);
	if (!n) {
		buf_free(&b);
		return NULL;
	}
	return buf_steal(&b);
}

/* The last BUILD_MAX_LOG bytes of the log (malloc'd). */
static char *build_log_tail(const char *log_path)
{
	FILE *f = fopen(log_path, "rb");
	struct buf b;
	char block[8192];
	long size;
	size_t n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	if (size > (long)BUILD_MAX_LOG)
		fseek(f, size - (long)BUILD_MAX_LOG, SEEK_SET);
	else
		fseek(f, 0, SEEK_SET);
	buf_init(&b, BUILD_MAX_LOG + 1);
	while ((n = fread(block, 1, sizeof block, f)) > 0)
		if (buf_add(&b, block, n) < 0)
			break;
	fclose(f);
	/* a log is text; NUL bytes would end the JSON string */
	for (size_t i = 0; i < b.len; i++)
		if (!b.data[i])
			b.data[i] = '?';
	return buf_steal(&b);
}

/* --- the job ------------------------------------------------------- */

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

/* Appends a line to the build log. */
static void build_note(struct build_state *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void build_note(struct build_state *s, const char *fmt, ...)
{
	va_list ap;

	if (s->log_fd < 0)
		return;
	va_start(ap, fmt);
	dprintf(s->log_fd, "kpci-runner: ");
	vdprintf(s->log_fd, fmt, ap);
	dprintf(s->log_fd, "\n");
	va_end(ap);
}

/* A file-system-safe form of a name ('/' and ':' become '_'). */
static void build_safe_name(char *out, size_t n, const char *name)
{
	snprintf(out, n, "%s", name);
	for (char *p = out; *p; p++)
		if (*p == '/' || *p == ':')
			*p = '_';
}

static int build_file_name_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			  "0123456789._+-");

	return n > 0 && n <= PROTO_MAX_NAME && !s[n] && s[0] != '.' && s[0] != '-';
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

/* Makes sure the mirror holds commit, fetching url when it does not. */
static int build_mirror(struct build_state *s, const char *url, const char *commit,
			char **cause)
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

/* Removes a path recursively (rm -rf -- path). */
static int build_rmrf(struct build_state *s, const char *path)
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

static void build_stamp_pid(pid_t pid, void *arg)
{
	struct build_state *s = arg;
	FILE *f = fopen(s->stamp, "w");

	if (f) {
		fprintf(f, "%ld\n", (long)pid);
		fclose(f);
	}
}

/* Checks the worktree out at commit, repaired and clean. */
static int build_worktree(struct build_state *s, const char *commit, char **cause)
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
			buf_free(&st);
			return 0;
		}
		build_note(s, "the worktree is not clean after checkout; recreating it:\n%s",
			   buf_str(&st));
		buf_free(&st);
		build_rmrf(s, s->src);
	}
	if (stat(gitfile, &sb) == 0)
		return 0;
	return fail_cause(cause, "cannot check %s out into %s", commit, s->src);
}

/* Finds the compiler and its version; fills s->cc and s->compiler. */
static int build_compiler(struct build_state *s, char **cause)
{
	const struct rconfig *cfg = s->b->cfg;
	char words[PATH_MAX], *argv[8], *p, *tok;
	char *probe[] = { "ccache", "--version", NULL };
	struct buf out;
	int n = 0, rc, ccache = 0;

	snprintf(words, sizeof words, "%s", cfg->build_cc);
	for (p = words; n < 6 && (tok = strsep(&p, " \t"));)
		if (*tok)
			argv[n++] = tok;
	if (!n)
		return fail_cause(cause, "[build] cc is empty");
	/* the real compiler is the last word ("distcc gcc" -> gcc) */
	argv[0] = argv[n - 1];
	argv[1] = "--version";
	argv[2] = NULL;
	buf_init(&out, BUILD_MAX_CAPTURE);
	rc = build_capture(&out, argv, NULL);
	if (rc != 0) {
		buf_free(&out);
		if (rc == -1 || rc == 127)
			return fail_cause(cause, "compiler '%s' is not installed (not found in PATH)",
					  argv[0]);
		return fail_cause(cause, "compiler '%s' does not run ('%s --version' exited %d)",
				  argv[0], argv[0], rc);
	}
	snprintf(s->compiler, sizeof s->compiler, "%.*s", (int)strcspn(buf_str(&out), "\n"),
		 buf_str(&out));
	buf_free(&out);
	if (cfg->build_ccache && strncmp(cfg->build_cc, "ccache", 6)) {
		buf_init(&out, BUILD_MAX_CAPTURE);
		ccache = build_capture(&out, probe, NULL) == 0;
		buf_free(&out);
	}
	if (icecc_plan(&s->icecc, s->cc, sizeof s->cc, cfg, ccache, cause) < 0)
		return -1;
	if (s->icecc.configured)
		build_note(s, "icecream: %s%s%s (CC=%s)", s->icecc.use ? "the farm compiles" :
			   "not used", s->icecc.why[0] ? ": " : "", s->icecc.why, s->cc);
	return 0;
}

/* The environment of the build's compiles: the farm's, or the local one
 * that keeps CC (NULL: the runner's own). */
static char *const *build_env(const struct build_state *s)
{
	return s->icecc.use ? s->icecc.env : s->icecc.local_env;
}

/* make -C src O=out CC=... [-jN] target; returns build_run_in's code
 * (-3: the farm stalled). */
static int build_make(struct build_state *s, const char *target, int parallel,
		      long long timeout)
{
	char odir[PATH_MAX + 4], ccarg[PATH_MAX + 4], jarg[32];
	char *argv[] = { "make", "-C", s->src, odir, ccarg, jarg, build_arg(target), NULL };

	const struct rconfig *cfg = s->b->cfg;
	int farm = parallel && s->icecc.use;

	snprintf(odir, sizeof odir, "O=%s", s->out);
	snprintf(ccarg, sizeof ccarg, "CC=%s", s->cc);
	snprintf(jarg, sizeof jarg, "-j%d", !parallel ? 1 : farm && cfg->build_icecc_jobs > 0 ?
		 (int)cfg->build_icecc_jobs : s->jobs);
	build_note(s, "make -C %s %s %s %s %s%s", s->src, odir, ccarg, jarg, target,
		   farm ? " (icecream)" : "");
	return build_run_in(argv, NULL, s->log_fd, timeout, farm ? cfg->build_icecc_stall : 0,
			    build_env(s), build_stamp_pid, s,
			    !strcmp(target, "all") && s->log_fd >= 0 ? &s->progress : NULL);
}

/* Copies a file (the base config). */
static int build_copy(const char *from, const char *to)
{
	char block[8192];
	FILE *in = fopen(from, "rb"), *out;
	size_t n;

	if (!in)
		return -1;
	out = fopen(to, "wb");
	if (!out) {
		fclose(in);
		return -1;
	}
	while ((n = fread(block, 1, sizeof block, in)) > 0)
		fwrite(block, 1, n, out);
	fclose(in);
	return fclose(out) == 0 ? 0 : -1;
}

/* Generates out/.config: base, then the config file and the fragments,
 * then olddefconfig, then the check of what was asked for. */
static int build_dotconfig(struct build_state *s, const char *config, json_t *frags,
			   char **cause)
{
	const char *kdir = s->b->cfg->kconfig_dir;
	char path[PATH_MAX], base[PROTO_MAX_NAME + 1], dot[PATH_MAX];
	struct build_kconfig k = { 0 };
	json_t *f;
	size_t i;
	int rc;

	progress_set("configure", -1, "%s", config);
	snprintf(path, sizeof path, "%s/%s", kdir, config);
	if (access(path, R_OK) < 0)
		return fail_cause(cause, "config '%s' is not in %s", config, kdir);
	if (build_config_base(base, sizeof base, path, cause) < 0)
		return -1;
	snprintf(dot, sizeof dot, "%s/.config", s->out);
	if (!strcmp(base, "tinyconfig") || !strcmp(base, "defconfig") ||
	    !strcmp(base, "allnoconfig")) {
		rc = build_make(s, base, 0, s->b->cfg->build_timeout);
		if (rc)
			return fail_cause(cause, "make %s failed%s", base, rc == -2 ? " (timeout)" : "");
	} else {
		snprintf(path, sizeof path, "%s/%s", kdir, base);
		if (build_copy(path, dot) < 0)
			return fail_cause(cause, "base config %s cannot be read", path);
	}
	rc = build_kconfig_apply(&k, dot, NULL, NULL, cause);
	snprintf(path, sizeof path, "%s/%s", kdir, config);
	if (rc == 0)
		rc = build_kconfig_apply(&k, path, config, s->warnings, cause);
	json_array_foreach(frags, i, f) {
		const char *name = json_string_value(f);

		if (rc < 0)
			break;
		snprintf(path, sizeof path, "%s/%s", kdir, name);
		if (access(path, R_OK) < 0) {
			rc = fail_cause(cause, "fragment '%s' is not in %s", name, kdir);
			break;
		}
		rc = build_kconfig_apply(&k, path, name, s->warnings, cause);
	}
	if (rc == 0 && build_kconfig_write(&k, dot) < 0)
		rc = fail_cause(cause, "cannot write %s: %s", dot, strerror(errno));
	if (rc == 0 && (rc = build_make(s, "olddefconfig", 0, s->b->cfg->build_timeout)) != 0)
		rc = fail_cause(cause, "make olddefconfig failed");
	if (rc == 0)
		rc = build_kconfig_check(&k, dot, s->warnings, cause);
	build_kconfig_free(&k);
	for (i = 0; i < json_array_size(s->warnings); i++)
		build_note(s, "merge_config: %s", json_string_value(json_array_get(s->warnings, i)));
	return rc;
}

/* POSTs the build record; 0 when kpcid took it. */
static int build_post(struct build_state *s, json_t *rec)
{
	char path[96];
	json_t *answer = NULL;
	char *cause = NULL;
	long status;
	int rc = 0;

	json_object_set_new(rec, "runner_id", json_integer(s->b->runner_id));
	json_object_set_new(rec, "attempt", json_integer(s->b->job->attempt));
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/build", s->b->job->id);
	if (client_call(s->b->client, "POST", path, rec, &status, &answer, &cause) < 0 ||
	    status != 200) {
		log_warn("build record of job %lld: %s", s->b->job->id,
			 cause ? cause : client_error_text(answer, status));
		rc = -1;
	}
	free(cause);
	json_decref(answer);
	json_decref(rec);
	return rc;
}

/* Links or uploads one artifact; 0, or -1 with *cause. */
static int build_upload(struct build_state *s, const char *name, const char *file,
			char **cause)
{
	char sha[SHA256_HEX_LEN + 1], path[512];
	json_t *body, *answer = NULL;
	char *err = NULL;
	long status;
	int rc;

	progress_set("upload", -1, "%s", name);
	if (sha256_file(sha, file) < 0)
		return fail_cause(cause, "cannot read %s: %s", file, strerror(errno));
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/artifacts", s->b->job->id);
	body = json_pack("{s:I, s:i, s:s, s:s}", "runner_id", (json_int_t)s->b->runner_id,
			 "attempt", s->b->job->attempt, "name", name, "sha256", sha);
	rc = client_call(s->b->client, "POST", path, body, &status, &answer, &err);
	json_decref(body);
	json_decref(answer);
	answer = NULL;
	if (rc == 0 && status == 200) {
		build_note(s, "artifact %s %s: kpcid already has it", name, sha);
		return 0;
	}
	free(err);
	err = NULL;
	snprintf(path, sizeof path, "/api/v1/jobs/%lld/artifacts?runner_id=%lld&attempt=%d"
		 "&name=%s&sha256=%s", s->b->job->id, s->b->runner_id, s->b->job->attempt,
		 name, sha);
	if (client_upload(s->b->client, "PUT", path, file, &status, &answer, &err) < 0) {
		rc = fail_cause(cause, "upload of %s failed: %s", name, err ? err : "?");
	} else if (status != 200 && status != 201) {
		rc = fail_cause(cause, "upload of %s failed: kpcid answered %ld: %s", name, status,
				client_error_text(answer, status));
	} else {
		build_note(s, "artifact %s %s uploaded", name, sha);
		rc = 0;
	}
	free(err);
	json_decref(answer);
	return rc;
}

/* 1 when s is a commit id: 7 to 64 lower-case hex digits. */
static int build_commit_ok(const char *s)
{
	return s && strspn(s, "0123456789abcdef") == strlen(s) && strlen(s) >= 7 &&
	       strlen(s) <= 64;
}

/*
 * Reverts commit rev in the checked-out worktree (a merge against its
 * first parent) without committing: the build of a bisection's culprit
 * reverted on top of the first bad commit.  The next checkout resets it.
 */
static int build_revert(struct build_state *s, const char *rev, char **cause)
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

/* Validates the spec; fills the paths.  -1 with *cause. */
static int build_prepare(struct build_state *s, const json_t *spec, char **cause)
{
	const char *tree = json_string_value(json_object_get(spec, "tree"));
	const char *commit = json_string_value(json_object_get(spec, "commit"));
	const char *config = json_string_value(json_object_get(spec, "config"));
	const char *url = json_string_value(json_object_get(spec, "url"));
	json_t *frags = json_object_get(spec, "fragments"), *f;
	char safe[PROTO_MAX_NAME + 1];
	size_t i;

	if (!tree || !proto_name_ok(tree))
		return fail_cause(cause, "the job's tree is missing or not a name");
	if (!build_commit_ok(commit))
		return fail_cause(cause, "the job's commit is missing or not a commit id");
	if (!config || !build_file_name_ok(config))
		return fail_cause(cause, "the job's config is missing or not a file name");
	if (!url || !*url || url[0] == '-' || strpbrk(url, "\r\n"))
		return fail_cause(cause, "the job's url is missing");
	if (frags && (!json_is_array(frags) || json_array_size(frags) > BUILD_MAX_FRAGMENTS))
		return fail_cause(cause, "the job's fragments are not a list of file names");
	json_array_foreach(frags, i, f)
		if (!json_is_string(f) || !build_file_name_ok(json_string_value(f)))
			return fail_cause(cause, "fragments[%zu] is not a file name", i);
	if (json_object_get(spec, "revert") && !build_commit_ok(json_string_value(
		json_object_get(spec, "revert"))))
		return fail_cause(cause, "the job's revert is not a commit id");
	build_safe_name(safe, sizeof safe, tree);
	if ((size_t)snprintf(s->mirror, sizeof s->mirror, "%s/builds/mirrors/%s.git",
			     s->b->work_dir, safe) >= sizeof s->mirror ||
	    (size_t)snprintf(s->dir, sizeof s->dir, "%s/builds/trees/%s--%s", s->b->work_dir,
			     safe, config) >= sizeof s->dir - 16)
		return fail_cause(cause, "work_dir is too long");
	snprintf(s->src, sizeof s->src, "%s/src", s->dir);
	snprintf(s->out, sizeof s->out, "%s/out", s->dir);
	snprintf(s->stamp, sizeof s->stamp, "%s/building", s->dir);
	snprintf(s->log, sizeof s->log, "%s/build.log", s->dir);
	snprintf(safe, sizeof safe, "%s/builds/mirrors", s->b->work_dir);
	if (fs_mkdirs(s->out) < 0 || fs_mkdirs(safe) < 0)
		return fail_cause(cause, "cannot create %s: %s", s->out, strerror(errno));
	return 0;
}

/* Sends the final record and sets r; state is ok, failed or timeout. */
static void build_report(struct build_state *s, struct proto_result *r, const char *state,
			 const char *reason, const long long sizes[4])
{
	char *errors, *tail;
	long long ms = (long long)((build_now() - s->t0) * 1000);
	json_t *rec;

	if (progress_abandoned() && strcmp(state, "ok")) {   /* given back: built again later */
		build_note(s, "stopped: the job is given back");
		proto_result_fail(r, "the build was stopped: the job is given back");
		return;
	}
	errors = strcmp(state, "ok") ? build_error_lines(s->log) : NULL;
	rec = json_pack("{s:s, s:I, s:i, s:O}", "state", state, "duration_ms", (json_int_t)ms,
			"make_jobs", s->jobs, "warnings", s->warnings);
	if (s->compiler[0])
		json_object_set_new(rec, "compiler", json_string(s->compiler));
	if (s->release[0])
		json_object_set_new(rec, "kernel_release", json_string(s->release));
	if (s->icecc.configured) {
		json_t *d = icecc_record(&s->icecc);

		/* the farm compiled part of a build that stalled */
		json_object_set_new(d, "used", json_boolean(s->icecc.use || s->icecc_fell_back));
		json_object_set_new(rec, "distributed", d);
	}
	if (reason || errors) {
		char *e = NULL;

		if (asprintf(&e, "%s%s%s", reason ? reason : "", reason && errors ? "\n" : "",
			     errors ? errors : "") >= 0) {
			json_object_set_new(rec, "error", json_stringn(e, strlen(e) > 8000 ? 8000 :
								       strlen(e)));
			free(e);
		}
	}
	if (sizes) {
		json_object_set_new(rec, "text", json_integer(sizes[0]));
		json_object_set_new(rec, "data", json_integer(sizes[1]));
		json_object_set_new(rec, "bss", json_integer(sizes[2]));
		json_object_set_new(rec, "image_size", json_integer(sizes[3]));
	}
	tail = build_log_tail(s->log);
	if (tail) {
		json_t *lj = json_string(tail);

		json_object_set_new(rec, "log", lj ? lj : json_string("(the log is not UTF-8)"));
	}
	free(tail);
	if (build_post(s, rec) < 0 && !strcmp(state, "ok"))
		reason = "kpcid did not take the build record";
	if (reason || strcmp(state, "ok")) {
		free(r->status);
		r->status = strdup("failed");
		free(r->reason);
		if (asprintf(&r->reason, "build %s: %s%s%s", state, reason ? reason : "",
			     reason && errors ? ": " : "",
			     errors ? strtok(errors, "\n") : "") < 0)
			r->reason = NULL;
	}
	free(errors);
}

/* Reads out/include/config/kernel.release into s->release (empty when
 * missing or not a plain release string). */
static void build_release(struct build_state *s)
{
	char path[PATH_MAX + 40];
	FILE *f;

	s->release[0] = '\0';
	snprintf(path, sizeof path, "%s/include/config/kernel.release", s->out);
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(s->release, sizeof s->release, f))
		s->release[0] = '\0';
	fclose(f);
	s->release[strcspn(s->release, "\n")] = '\0';
	if (strspn(s->release, BUILD_RELEASE_CHARS) != strlen(s->release))
		s->release[0] = '\0';
}

/* Why a module's make failed, from its log: the first error line that is
 * not make's own, else the first line that is not make's (kbuild's "The
 * present kernel configuration has modules disabled."); malloc'd or NULL. */
static char *build_module_why(const char *log_path)
{
	char line[BUILD_MAX_LINE], *first = NULL, *err = NULL;
	FILE *f = fopen(log_path, "r");

	if (!f)
		return NULL;
	while (!err && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || !strncmp(line, "make", 4))
			continue;
		if (build_is_error_line(line))
			err = strdup(line);
		else if (!first)
			first = strdup(line);
	}
	fclose(f);
	if (err) {
		free(first);
		return err;
	}
	return first;
}

/* Uploads every NAME.ko of dir as "module:NAME.ko"; 0, or -1 with *cause
 * (a failed upload fails the build like any other artifact's). */
static int build_upload_modules(struct build_state *s, const char *dir, int *found,
				char **cause)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;

	*found = 0;
	if (!d)
		return 0;
	while (rc == 0 && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char file[PATH_MAX + 256], name[PROTO_MAX_NAME + 1];

		if (len < 4 || strcmp(e->d_name + len - 3, ".ko") ||
		    (size_t)snprintf(name, sizeof name, "module:%s", e->d_name) >= sizeof name ||
		    !proto_name_ok(name))
			continue;
		snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
		rc = build_upload(s, name, file, cause);
		(*found)++;
	}
	closedir(d);
	return rc;
}

/*
 * Builds the out-of-tree modules of [build] modules against the tree just
 * built: a fresh copy of guest_dir/NAME under DIR/modules/NAME, then
 * make -C src O=out M=copy modules, then an upload of each .ko.  A module
 * that does not build is a warning on the build record (the kernel stands;
 * the suite needing the module fails on its own, naming the build); only
 * a failed upload is an error (-1 with *cause).
 */
static int build_modules(struct build_state *s, char **cause)
{
	const char *list = s->b->cfg->build_modules;
	char guest[PATH_MAX], *copy = list ? strdup(list) : NULL, *sp, *name;
	int rc = 0;

	if (!copy || !*copy) {
		free(copy);
		return 0;
	}
	if (guestdir_find(guest, sizeof guest, s->b->cfg) < 0) {
		free(copy);
		json_array_append_new(s->warnings, json_string("modules: the guest directory "
				      "with the module sources cannot be found ([qemu] guest_dir)"));
		return 0;
	}
	for (sp = copy; rc == 0 && (name = strsep(&sp, " ,"));) {
		char from[PATH_MAX + 256], to[PATH_MAX + 256], odir[PATH_MAX + 4];
		char marg[PATH_MAX + 300], ccarg[PATH_MAX + 4], jarg[32], mlog[PATH_MAX + 300];
		char *cp_argv[] = { "cp", "-R", "--", from, to, NULL };
		char *make_argv[] = { "make", "-C", s->src, odir, marg, ccarg, jarg, "modules",
				      NULL };
		char *why = NULL, *errors;
		int fd, found = 0, mrc;

		if (!*name)
			continue;
		if (!proto_name_ok(name) || strchr(name, '/') || name[0] == '.') {
			build_note(s, "modules: '%s' is not a directory name; skipped", name);
			continue;
		}
		snprintf(from, sizeof from, "%s/%s", guest, name);
		snprintf(to, sizeof to, "%s/modules/%s", s->dir, name);
		snprintf(mlog, sizeof mlog, "%s/modules/%s.log", s->dir, name);
		snprintf(odir, sizeof odir, "O=%s", s->out);
		snprintf(marg, sizeof marg, "M=%s", to);
		snprintf(ccarg, sizeof ccarg, "CC=%s", s->cc);
		snprintf(jarg, sizeof jarg, "-j%d", s->jobs);
		build_rmrf(s, to);
		fs_mkdirs(to);
		rmdir(to);
		build_note(s, "module %s: make -C %s %s %s modules", name, s->src, odir, marg);
		progress_set("modules", -1, "%s", name);
		fd = open(mlog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
		if (access(from, R_OK) < 0)
			mrc = fail_cause(&why, "its source %s is missing", from);
		else if (build_run(cp_argv, NULL, s->log_fd, BUILD_TOOL_TIMEOUT, NULL, NULL))
			mrc = fail_cause(&why, "cannot copy %s", from);
		else
			mrc = build_run_in(make_argv, NULL, fd, s->b->cfg->build_timeout, 0,
					   build_env(s), NULL, NULL, NULL);
		if (fd >= 0)
			close(fd);
		if (mrc == 0 && (rc = build_upload_modules(s, to, &found, cause)) == 0 && !found)
			mrc = fail_cause(&why, "make produced no .ko");
		if (mrc != 0 && rc == 0) {
			char *w = NULL;

			errors = why ? NULL : build_module_why(mlog);
			if (asprintf(&w, "module %s does not build against this tree: %.400s", name,
				     why ? why : mrc == -2 ? "make timed out" :
				     errors ? errors : "make failed") >= 0) {
				build_note(s, "%s (log: %s)", w, mlog);
				json_array_append_new(s->warnings, json_string(w));
			}
			free(w);
			free(errors);
		}
		free(why);
	}
	free(copy);
	return rc;
}

/* Runs the build itself once the worktree and .config are ready. */
static void build_compile(struct build_state *s, struct proto_result *r)
{
	char vmlinux[PATH_MAX + 16], image[PATH_MAX + 32], map[PATH_MAX + 16], dot[PATH_MAX + 16];
	char *size_argv[] = { "size", vmlinux, NULL };
	static const char *const names[] = { ".config", "System.map", "bzImage" };
	const char *files[3] = { dot, map, image };
	long long sizes[4] = { 0 };
	struct buf out;
	struct stat st;
	char *cause = NULL;
	int rc;

	snprintf(vmlinux, sizeof vmlinux, "%s/vmlinux", s->out);
	snprintf(s->count_file, sizeof s->count_file, "%s/compiled-files", s->dir);
	build_progress_start(&s->progress, s->log_fd, s->count_file, access(vmlinux, F_OK) != 0);
	rc = build_make(s, "all", 1, s->b->cfg->build_timeout -
			(long long)(build_now() - s->t0));
	if (rc == -3) {         /* the farm stalled: the rest is compiled here */
		snprintf(s->icecc.why, sizeof s->icecc.why, "the icecream farm stalled (no build "
			 "output for %lld s, [build] icecc_stall); finished locally",
			 s->b->cfg->build_icecc_stall);
		build_note(s, "%s", s->icecc.why);
		log_warn("build job %lld: %s", s->b->job->id, s->icecc.why);
		s->icecc.use = 0;
		s->icecc_fell_back = 1;
		rc = build_make(s, "all", 1, s->b->cfg->build_timeout -
				(long long)(build_now() - s->t0));
	}
	if (rc == -2) {
		build_report(s, r, "timeout", "make did not finish within [build] timeout", NULL);
		return;
	}
	if (rc != 0) {
		build_report(s, r, "failed", "make failed", NULL);
		return;
	}
	build_progress_done(&s->progress, s->count_file);
	snprintf(image, sizeof image, "%s/arch/x86/boot/bzImage", s->out);
	snprintf(map, sizeof map, "%s/System.map", s->out);
	snprintf(dot, sizeof dot, "%s/.config", s->out);
	buf_init(&out, BUILD_MAX_CAPTURE);
	if (build_capture(&out, size_argv, NULL) != 0 ||
	    build_parse_size(buf_str(&out), &sizes[0], &sizes[1], &sizes[2]) < 0) {
		buf_free(&out);
		build_report(s, r, "failed", "size vmlinux failed: is vmlinux an ELF file?", NULL);
		return;
	}
	buf_free(&out);
	if (stat(image, &st) < 0) {
		build_report(s, r, "failed", "make produced no arch/x86/boot/bzImage", NULL);
		return;
	}
	sizes[3] = st.st_size;
	build_release(s);
	for (int i = 0; i < 3; i++) {
		if (build_upload(s, names[i], files[i], &cause) < 0) {
			build_report(s, r, "failed", cause, NULL);
			free(cause);
			return;
		}
	}
	if (build_modules(s, &cause) < 0) {
		build_report(s, r, "failed", cause, NULL);
		free(cause);
		return;
	}
	proto_result_add(r, "kbuild", "vmlinux-text", "bytes", 0, 0, (double)sizes[0]);
	proto_result_add(r, "kbuild", "vmlinux-data", "bytes", 0, 0, (double)sizes[1]);
	proto_result_add(r, "kbuild", "vmlinux-bss", "bytes", 0, 0, (double)sizes[2]);
	proto_result_add(r, "kbuild", "bzImage-size", "bytes", 0, 0, (double)sizes[3]);
	proto_result_add(r, "kbuild", "build-time", "s", 0, 0, build_now() - s->t0);
	build_report(s, r, "ok", NULL, sizes);
}

void build_execute(const struct build_job *b, struct proto_result *r)
{
	struct build_state s = { .b = b, .log_fd = -1 };
	const json_t *spec = b->job->spec;
	char *cause = NULL;
	json_t *rec;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	s.t0 = build_now();
	s.warnings = json_array();
	s.jobs = b->cfg->build_jobs > 0 ? (int)b->cfg->build_jobs : cpus > 0 ? (int)cpus : 1;
	if (build_prepare(&s, spec, &cause) < 0) {
		build_post(&s, json_pack("{s:s, s:s?}", "state", "failed", "error", cause));
		free(r->status);
		r->status = strdup("failed");
		r->reason = cause;
		json_decref(s.warnings);
		return;
	}
	s.log_fd = open(s.log, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	build_note(&s, "job %lld attempt %d: %s %s with %s", b->job->id, b->job->attempt,
		   json_string_value(json_object_get(spec, "tree")),
		   json_string_value(json_object_get(spec, "commit")),
		   json_string_value(json_object_get(spec, "config")));
	rec = json_pack("{s:s, s:i}", "state", "building", "make_jobs", s.jobs);
	build_post(&s, rec);
	if (build_compiler(&s, &cause) < 0 ||
	    build_mirror(&s, json_string_value(json_object_get(spec, "url")),
			 json_string_value(json_object_get(spec, "commit")), &cause) < 0 ||
	    build_worktree(&s, json_string_value(json_object_get(spec, "commit")), &cause) < 0 ||
	    (json_is_string(json_object_get(spec, "revert")) &&
	     build_revert(&s, json_string_value(json_object_get(spec, "revert")), &cause) < 0)) {
		build_report(&s, r, "failed", cause, NULL);
		goto out;
	}
	json_object_set_new(r->env, "compiler", json_string(s.compiler));
	/* from here until make ends, the stamp marks the worktree as in use */
	build_stamp_pid(0, &s);
	if (build_dotconfig(&s, json_string_value(json_object_get(spec, "config")),
			    json_object_get(spec, "fragments"), &cause) < 0) {
		build_report(&s, r, "failed", cause, NULL);
		unlink(s.stamp);
		goto out;
	}
	build_compile(&s, r);
	unlink(s.stamp);
out:
	log_info("build job %lld: %s in %.1f s", b->job->id, r->status, build_now() - s.t0);
	free(cause);
	json_decref(s.warnings);
	icecc_plan_free(&s.icecc);
	if (s.log_fd >= 0)
		close(s.log_fd);
}
