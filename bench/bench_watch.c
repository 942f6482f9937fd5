// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_watch.c - what a watcher poll costs against the history length.
 *
 * Generates repositories of 20,000 and 200,000 commits (topic branches of
 * 9 commits merged into mainline, like a merge window) with git
 * fast-import, records each in BENCH_RUNS trees alike (a first poll
 * each), then appends 1, 100 and 10,000 commits and times the poll of
 * each tree: fetch (libgit2, local transport) and walk+record (the walk
 * of new commits with their store alongside, first-parent line, the rest
 * of the SQLite transaction), each beside a run of `git rev-list
 * OLD..NEW` on the same repository (the goal: poll / rev-list near or
 * below 1, not growing with the history) and of `git log OLD..NEW`
 * printing the fields a poll records (what reading and parsing them
 * costs git, without storing).  The fastest run of each side counts, so
 * that both meet the quietest moments of a shared machine.  After each
 * poll, untimed as in kpcid (the poll has answered), its commits are
 * settled in the sha index (watch_settle); the table shows what that
 * took.
 *
 * Then the same 20,000 commits served by `git daemon` on loopback, where
 * each fetch leaves a pack in the mirror: the CPU of polls of one new
 * commit as the packs pile up, then with the mirror kept at a few packs
 * (watch_upkeep after each poll), against the CPU of the first polls.
 * The watcher's objects (daemon/watch/) are linked in to drive its steps
 * one by one, through watch_internal.h.
 */
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>

#include <git2.h>
#include <jansson.h>
#include <sqlite3.h>

#include "daemon/config.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "lib/spawn.h"

#define BENCH_TOPIC 9               /* commits per topic branch before its merge */
#define BENCH_RUNS 5                /* runs of each side of a case; the fastest counts */
#define BENCH_CASES 3               /* 1, 100 and 10,000 new commits */
#define BENCH_SIZES 2               /* history lengths */
#define BENCH_FETCHES 200           /* polls of one new commit over git:// per phase */
#define BENCH_EDGE 10               /* polls averaged at each end of a phase */

extern char **environ;

/* Runs argv with stdout to /dev/null (or from a pipe fed by feed); exit status. */
static int bench_run(char *const argv[], FILE **feed)
{
	posix_spawn_file_actions_t fa;
	int fds[2] = { -1, -1 }, status = -1;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (feed) {
		if (pipe(fds) < 0)
			return -1;
		posix_spawn_file_actions_adddup2(&fa, fds[0], 0);
		posix_spawn_file_actions_addclose(&fa, fds[1]);
	}
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (feed) {
		close(fds[0]);
		*feed = fdopen(fds[1], "w");
		return pid;
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Writes the "from" line of a commit on top of main ("" for a root). */
static void bench_from(FILE *f, long main_mark, const char *base)
{
	if (main_mark)
		fprintf(f, "from :%ld\n", main_mark);
	else if (base)
		fprintf(f, "from %s\n", base);
}

/*
 * Appends n commits to master of repo (on top of base, NULL: a new
 * history) with fast-import: topics of BENCH_TOPIC commits merged by
 * "Merge tag 'topicN-for-1.1' of ..." and plain commits for the rest.
 */
static int bench_grow(char *repo, long n, const char *base, long *when)
{
	char *argv[] = { "git", "-C", repo, "fast-import", "--quiet", "--force", NULL };
	long mark = 0, main_mark = 0, made = 0;
	FILE *f = NULL;
	pid_t pid = bench_run(argv, &f);
	int status;

	if (pid < 0 || !f)
		return -1;
	while (made < n) {
		char msg[160];
		int len;

		if (n - made >= BENCH_TOPIC + 1 && (main_mark || base)) {
			long topic_start = mark + 1;

			for (int i = 0; i < BENCH_TOPIC; i++) {
				len = snprintf(msg, sizeof msg, "topic%ld: change %d", topic_start, i);
				fprintf(f, "commit refs/heads/topic\nmark :%ld\ncommitter B <b@e.org> "
					"%ld +0000\ndata %d\n%s\n", ++mark, ++*when, len, msg);
				if (i == 0)
					bench_from(f, main_mark, base);
				else
					fprintf(f, "from :%ld\n", mark - 1);
			}
			len = snprintf(msg, sizeof msg, "Merge tag 'topic%ld-for-1.1' of "
				       "git://example.org/pub/scm/topic%ld", topic_start, topic_start);
			fprintf(f, "commit refs/heads/master\nmark :%ld\ncommitter B <b@e.org> %ld "
				"+0000\ndata %d\n%s\n", mark + 1, ++*when, len, msg);
			bench_from(f, main_mark, base);
			fprintf(f, "merge :%ld\n", mark);
			main_mark = ++mark;
			made += BENCH_TOPIC + 1;
		} else {
			len = snprintf(msg, sizeof msg, "plain commit %ld", mark + 1);
			fprintf(f, "commit refs/heads/master\nmark :%ld\ncommitter B <b@e.org> %ld "
				"+0000\ndata %d\n%s\n", mark + 1, ++*when, len, msg);
			bench_from(f, main_mark, base);
			main_mark = ++mark;
			made++;
		}
	}
	fclose(f);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int bench_rm(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

static char *bench_tip(const char *repo)
{
	git_repository *r = NULL;
	git_oid id;
	char *s = NULL;

	if (git_repository_open(&r, repo) == 0 &&
	    git_reference_name_to_id(&id, r, "refs/heads/master") == 0)
		s = strdup(git_oid_tostr_s(&id));
	git_repository_free(r);
	return s;
}

/* CPU time of this process (all threads), ms. */
static double bench_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One poll split into fetch and walk+record; ms of each (wall), and the
 * CPU ms of walk+record. */
static int bench_poll(struct watcher *watcher, struct watch_tree *t, double *fetch_ms,
		      double *walk_ms, double *cpu_ms)
{
	char *err = NULL;
	git_repository *repo = NULL;
	struct rec_tags changed = { 0 };
	int exists = 0, rc = -1;
	double t0 = 1e3 * mono_now(), t1, c1;

	if (watch_mirror_open(&repo, t, &err) < 0 ||
	    watch_fetch(watcher, repo, t, &exists, &err) < 0 ||
	    watch_tags(watcher, &changed, repo, t, &err) < 0)
		goto out;
	t1 = 1e3 * mono_now();
	c1 = bench_cpu_ms();
	if (watch_branch(watcher, t, repo, "master", exists, &err) < 0)
		goto out;
	*fetch_ms = t1 - t0;
	*walk_ms = 1e3 * mono_now() - t1;
	*cpu_ms = bench_cpu_ms() - c1;
	t->fetched_before = 1;
	rc = 0;
out:
	if (rc < 0)
		fprintf(stderr, "bench_watch: poll failed: %s\n", err ? err : "out of memory");
	free(err);
	rec_tags_dispose(&changed);
	git_repository_free(repo);
	return rc;
}

/*
 * One run of `git rev-list OLD..NEW` (the goal's ceiling), or with log of
 * `git log` printing the fields a poll records (the same reading and
 * parsing as the poll, without its store).  Keeps in *wall the fastest
 * run so far (ms; *wall < 0: none yet), and in *cpu the CPU ms (user +
 * system of the child) of that run.  0, or -1 when git failed.
 */
static int bench_git(double *wall, double *cpu, char *repo, const char *old, const char *new,
		     int log)
{
	char range[2 * GIT_OID_HEXSZ + 4], format[] = "--format=%H %P%x00%an%x00%ae%x00%at"
		"%x00%cn%x00%ce%x00%ct%x00%s%x00%(trailers:only)";
	char *argv[] = { "git", "-C", repo, log ? "log" : "rev-list", range, log ? format : NULL,
			 NULL };
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	int status;
	pid_t pid;
	double t0 = 1e3 * mono_now(), w;

	snprintf(range, sizeof range, "%s..%s", old, new);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	w = 1e3 * mono_now() - t0;
	if (*wall < 0 || w < *wall) {
		*wall = w;
		*cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
		       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	}
	return 0;
}

/*
 * Waits until the WAL has been copied back into the database (kpcid's
 * checkpointer thread does that after a large commit), so that a timed
 * poll does not share the two cores with the checkpoint of the poll
 * before it, as a poll minutes after the last would not.  Returns the
 * pages the WAL held: right after a poll, the pages its commit wrote
 * (the WAL starts over after a whole checkpoint); -1 if unknown.
 */
static int bench_settle(const char *dbpath)
{
	sqlite3 *db = NULL;
	int pages = -1;

	if (sqlite3_open(dbpath, &db) != SQLITE_OK) {
		sqlite3_close(db);
		return -1;
	}
	for (int tries = 0; tries < 1000; tries++) {
		sqlite3_stmt *st = NULL;
		int done = 0;

		if (sqlite3_prepare_v2(db, "PRAGMA wal_checkpoint(PASSIVE)", -1, &st, NULL) ==
		    SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
			done = sqlite3_column_int(st, 0) == 0 &&
			       sqlite3_column_int(st, 1) == sqlite3_column_int(st, 2);
			if (!tries)
				pages = sqlite3_column_int(st, 1);
		}
		sqlite3_finalize(st);
		if (done)
			break;
		usleep(10000);
	}
	sqlite3_close(db);
	return pages;
}

/* Makes watcher, whose database is dbpath, and its tree name of url; no
 * thread runs.  -1 with the reason printed. */
static int bench_tree(struct watcher *watcher, struct watch_tree *t, char *top, char *name,
		      char *url, const char *dbpath)
{
	struct config_tree c = { .name = name, .url = url, .branches = "master",
				 .candidates = "", .configs = "defconfig", .recipients = "",
				 .poll_interval = 300, .retry_min = 1, .retry_max = 1 };
	char *cause = NULL;

	*watcher = (struct watcher){ .yield_ms = WATCH_YIELD_MS };
	if (db_open(&watcher->db, dbpath, &cause) != DB_OK) {
		fprintf(stderr, "bench_watch: %s\n", cause ? cause : "cannot open the database");
		free(cause);
		return -1;
	}
	if (watch_tree_init(watcher, t, &c, top, &cause) < 0) {
		fprintf(stderr, "bench_watch: %s\n", cause ? cause : "bad tree");
		free(cause);
		return -1;
	}
	return 0;
}

/* The ratios poll / git rev-list (wall and CPU) of each size and case,
 * the fastest run of each; and of the poll's first run (wall). */
static double bench_ratio[BENCH_SIZES][BENCH_CASES][2], bench_first[BENCH_SIZES][BENCH_CASES];

static int bench_history(char *top, long history, int size)
{
	static const long news[BENCH_CASES] = { 1, 100, 10000 };
	char repo[512], dbpath[BENCH_RUNS][512], name[32];
	char *init[] = { "git", "init", "-q", "-b", "master", repo, NULL };
	struct watcher watchers[BENCH_RUNS];
	struct watch_tree t[BENCH_RUNS];
	long when = 1600000000;
	double fetch_ms, walk_ms, cpu_ms, t0;
	int rc = -1, ntrees = 0;

	memset(watchers, 0, sizeof watchers);
	snprintf(repo, sizeof repo, "%s/repo-%ld", top, history);
	t0 = 1e3 * mono_now();
	if (bench_run(init, NULL) != 0 || bench_grow(repo, history, NULL, &when) < 0) {
		fprintf(stderr, "bench_watch: cannot generate %s with git fast-import\n", repo);
		return -1;
	}
	printf("history %ld commits: generated in %.1f s\n", history, (1e3 * mono_now() - t0) / 1e3);
	/* BENCH_RUNS trees of the same repository, each with its own mirror
	 * and database, recorded alike: each case polls each of them once,
	 * from the same state, as git runs BENCH_RUNS times */
	for (int r = 0; r < BENCH_RUNS; r++) {
		snprintf(name, sizeof name, "%s%d", history > 100000 ? "big" : "small", r);
		snprintf(dbpath[r], sizeof dbpath[r], "%s/kpci-%ld-%d.db", top, history, r);
		if (bench_tree(&watchers[r], &t[r], top, name, repo, dbpath[r]) < 0)
			goto out;
		ntrees++;
		if (bench_poll(&watchers[r], &t[r], &fetch_ms, &walk_ms, &cpu_ms) < 0)
			goto out;
		t0 = 1e3 * mono_now();
		if (watch_settle(&watchers[r], &t[r]) < 0)
			goto out;
		if (!r)
			printf("  first poll (all history): fetch %.1f ms, walk+record %.1f ms "
			       "(walk %.1f, line %.1f, store %.1f); %zu of %zu commits read by "
			       "lib/gitpack.c; the store yielded the database %zu times; settled "
			       "in %.1f ms\n", fetch_ms, walk_ms, watchers[r].last.walk_ms,
			       watchers[r].last.line_ms, watchers[r].last.store_ms,
			       watchers[r].last.packed, watchers[r].last.read,
			       watchers[r].last.yields, 1e3 * mono_now() - t0);
		bench_settle(dbpath[r]);
	}
	printf("  %6s %6s | %7s %7s %7s | %8s %8s %8s %6s | %8s %8s | %6s %6s | %8s %6s | %7s\n",
	       "new", "fetch", "walk", "line", "store", "poll", "1st poll", "cpu", "pages", "git",
	       "git cpu", "wall/g", "cpu/g", "git log", "cpu/l", "settle");
	for (int i = 0; i < BENCH_CASES; i++) {
		char *old = bench_tip(repo), *new = NULL;
		double git_ms = -1, git_cpu = 0, log_ms = -1, log_cpu = 0, settle_ms = 0;
		double first_ms = 0;
		struct watch_timing best = { 0 };
		int pages = -1, ok = old && bench_grow(repo, news[i], old, &when) == 0 &&
				     (new = bench_tip(repo));

		/* each tree's poll beside a run of git rev-list and one of git
		 * log, so that all three meet the same moments of a noisy
		 * machine; the fastest run of each counts */
		walk_ms = -1;
		for (int r = 0; ok && r < BENCH_RUNS; r++) {
			double f, w, c;
			int p;

			if (bench_git(&git_ms, &git_cpu, repo, old, new, 0) < 0 ||
			    bench_git(&log_ms, &log_cpu, repo, old, new, 1) < 0) {
				fprintf(stderr, "bench_watch: git failed on %s\n", repo);
				ok = 0;
				break;
			}
			if (bench_poll(&watchers[r], &t[r], &f, &w, &c) < 0) {
				ok = 0;
				break;
			}
			p = bench_settle(dbpath[r]);
			if (!r) {
				fetch_ms = f;
				first_ms = w;
			}
			if (walk_ms < 0 || w < walk_ms) {
				walk_ms = w;
				cpu_ms = c;
				best = watchers[r].last;
				pages = p;
			}
		}
		/* untimed in kpcid too (the poll has answered); the first
		 * tree's is shown */
		for (int r = 0; ok && r < BENCH_RUNS; r++) {
			t0 = 1e3 * mono_now();
			if (watch_settle(&watchers[r], &t[r]) < 0)
				ok = 0;
			if (!r)
				settle_ms = 1e3 * mono_now() - t0;
			bench_settle(dbpath[r]);
		}
		free(old);
		free(new);
		if (!ok) {
			fprintf(stderr, "bench_watch: the polls after %ld new commits on %s "
				"failed\n", news[i], repo);
			goto out;
		}
		bench_ratio[size][i][0] = git_ms > 0 ? walk_ms / git_ms : 0;
		bench_ratio[size][i][1] = git_cpu > 0 ? cpu_ms / git_cpu : 0;
		bench_first[size][i] = git_ms > 0 ? first_ms / git_ms : 0;
		printf("  %6ld %6.1f | %7.1f %7.1f %7.1f | %8.1f %8.1f %8.1f %6d | %8.1f %8.1f | "
		       "%6.2f %6.2f | %8.1f %6.2f | %7.1f\n", news[i], fetch_ms, best.walk_ms,
		       best.line_ms, best.store_ms, walk_ms, first_ms, cpu_ms, pages, git_ms,
		       git_cpu, bench_ratio[size][i][0], bench_ratio[size][i][1], log_ms,
		       log_cpu > 0 ? cpu_ms / log_cpu : 0, settle_ms);
	}
	rc = 0;
out:
	for (int r = 0; r < ntrees; r++) {
		watch_tree_dispose(&t[r]);
		db_close(watchers[r].db);
	}
	return rc;
}

/* A loopback TCP port nobody listens on now; 0 if none. */
static int bench_free_port(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t n = sizeof a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), port = 0;

	if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &n) == 0)
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

/*
 * BENCH_FETCHES polls of one new commit each over git://; the mean CPU ms
 * of the first (unless first is NULL) and of the last BENCH_EDGE of them.  With upkeep, the
 * mirror is repacked past WATCH_PACKS_MAX packs after each poll, as
 * kpcid's watcher does.
 */
static int bench_fetches(struct watcher *watcher, struct watch_tree *t, char *repo, long *when,
			 int upkeep, double *first, double *last)
{
	*last = 0;
	if (first)
		*first = 0;
	for (int i = 0; i < BENCH_FETCHES; i++) {
		char *old = bench_tip(repo);
		double fetch_ms, walk_ms, cpu_ms, c0;

		if (!old || bench_grow(repo, 1, old, when) < 0) {
			free(old);
			return -1;
		}
		free(old);
		c0 = bench_cpu_ms();
		if (bench_poll(watcher, t, &fetch_ms, &walk_ms, &cpu_ms) < 0)
			return -1;
		cpu_ms = bench_cpu_ms() - c0;   /* the fetch's too */
		if (first && i < BENCH_EDGE)
			*first += cpu_ms / BENCH_EDGE;
		if (i >= BENCH_FETCHES - BENCH_EDGE)
			*last += cpu_ms / BENCH_EDGE;
		if (upkeep && watch_upkeep(watcher, t) < 0)
			return -1;
	}
	return 0;
}

/* Polls over git:// as the mirror's packs pile up, then with upkeep. */
static int bench_packs(char *top)
{
	char repo[512], dbpath[512], url[600], base[600], listen[64], *cause = NULL;
	char *init[] = { "git", "init", "-q", "-b", "master", repo, NULL };
	char *daemon[] = { "git", "daemon", "--export-all", "--reuseaddr", base, listen,
			   "--listen=127.0.0.1", NULL };
	struct watcher watcher = { 0 };
	struct watch_tree t;
	long when = 1600000000;
	double fetch_ms, walk_ms, cpu_ms, first, piled, kept, t0;
	int port = bench_free_port(), piled_packs, rc = -1;
	pid_t pid = 0;

	snprintf(repo, sizeof repo, "%s/served", top);
	snprintf(base, sizeof base, "--base-path=%s", top);
	snprintf(listen, sizeof listen, "--port=%d", port);
	snprintf(url, sizeof url, "git://127.0.0.1:%d/served", port);
	snprintf(dbpath, sizeof dbpath, "%s/kpci-served.db", top);
	if (!port || bench_run(init, NULL) != 0 || bench_grow(repo, 20000, NULL, &when) < 0 ||
	    spawn_start(&pid, daemon, NULL, &cause) < 0) {
		fprintf(stderr, "bench_watch: cannot serve %s with git daemon\n", repo);
		return -1;
	}
	if (bench_tree(&watcher, &t, top, "served", url, dbpath) < 0)
		goto out;
	for (int tries = 0; bench_poll(&watcher, &t, &fetch_ms, &walk_ms, &cpu_ms) < 0; tries++)
		if (tries == 50)        /* the daemon may still be starting */
			goto tree;
		else
			usleep(100000);
	if (bench_fetches(&watcher, &t, repo, &when, 0, &first, &piled) < 0)
		goto tree;
	piled_packs = watch_pack_count(&t);
	t0 = 1e3 * mono_now();
	if (watch_upkeep(&watcher, &t) < 0)
		goto tree;
	printf("git:// polls of 1 new commit, CPU ms (fetch, walk, store), mean of %d:\n",
	       BENCH_EDGE);
	printf("  first polls %.2f; after %d fetches (%d packs) %.2f = %.2f x the first\n",
	       first, BENCH_FETCHES, piled_packs, piled, first > 0 ? piled / first : 0);
	printf("  repack %d packs -> %d: %.0f ms\n", piled_packs, watch_pack_count(&t),
	       1e3 * mono_now() - t0);
	if (bench_fetches(&watcher, &t, repo, &when, 1, NULL, &kept) < 0)
		goto tree;
	printf("  %d more fetches, repacked past %d packs: %.2f = %.2f x the first (%d packs)\n",
	       BENCH_FETCHES, WATCH_PACKS_MAX, kept, first > 0 ? kept / first : 0,
	       watch_pack_count(&t));
	rc = 0;
tree:
	watch_tree_dispose(&t);
out:
	if (rc < 0)
		fprintf(stderr, "bench_watch: the git:// polls failed%s%s\n", cause ? ": " : "",
			cause ? cause : "");
	free(cause);
	db_close(watcher.db);
	kill(-pid, SIGTERM);
	waitpid(pid, NULL, 0);
	return rc;
}

int main(void)
{
	char top[] = "/tmp/kpci-bench-watch.XXXXXX";
	int rc = 0;

	log_init("bench_watch");
	log_set_level(LOG_WARN);
	if (!mkdtemp(top))
		return 1;
	git_libgit2_init();
	watch_git_options();
	if (bench_history(top, 20000, 0) < 0 || bench_history(top, 200000, 1) < 0 ||
	    bench_packs(top) < 0) {
		rc = 1;
	} else {
		static const long news[BENCH_CASES] = { 1, 100, 10000 };

		printf("poll / git rev-list, the fastest of %d runs each, wall (cpu) [the poll's "
		       "first run], at 20,000 -> 200,000 commits of history:\n", BENCH_RUNS);
		for (int i = 0; i < BENCH_CASES; i++)
			printf("  %6ld new: %5.2f (%4.2f) [%4.2f] -> %5.2f (%4.2f) [%4.2f]\n",
			       news[i], bench_ratio[0][i][0], bench_ratio[0][i][1],
			       bench_first[0][i], bench_ratio[1][i][0], bench_ratio[1][i][1],
			       bench_first[1][i]);
	}
	git_libgit2_shutdown();
	nftw(top, bench_rm, 16, FTW_DEPTH | FTW_PHYS);
	return rc;
}
