// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_watch.c - the watcher's parsers (merge subjects of real kernel
 * merges, release tags) and polls of repositories built here with
 * libgit2: nested merges counted once, an unrelated forced update, the
 * first-parent line against a walk by hand.  The steps of a poll are
 * driven one by one through daemon/watch/watch_internal.h.
 */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>
#include <jansson.h>

#include "daemon/config.h"
#include "daemon/watch/watch.h"
#include "daemon/watch/watch_internal.h"
#include "db/db.h"
#include "db/db_internal.h"
#include "lib/keyset.h"
#include "lib/log.h"
#include "lib/mono.h"
#include "check_db.h"
#include "check.h"

static char dir[] = "/tmp/kpci-test-watch.XXXXXX";

static void test_merge_subjects(void)
{
	static const struct { const char *subject, *subsystem, *source; } cases[] = {
		{ "Merge tag 'wq-for-6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq",
		  "wq", "git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq" },
		{ "Merge tag 'wq-for-7.4' of git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq",
		  "wq", "git://git.kernel.org/pub/scm/linux/kernel/git/tj/wq" },
		{ "Merge tag 'mm-stable-2024-11-18-19-27' of "
		  "git://git.kernel.org/pub/scm/linux/kernel/git/akpm/mm",
		  "mm-stable", "git://git.kernel.org/pub/scm/linux/kernel/git/akpm/mm" },
		{ "Merge tag 'for-6.13/block-20241118' of git://git.kernel.dk/linux",
		  "block", "git://git.kernel.dk/linux" },
		{ "Merge tag 'net-next-6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next",
		  "net-next", "git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next" },
		{ "Merge tag 'x86_cache_for_v6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/tip/tip",
		  "x86_cache", "git://git.kernel.org/pub/scm/linux/kernel/git/tip/tip" },
		{ "Merge tag 'sched_ext-for-6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/tj/sched_ext",
		  "sched_ext", "git://git.kernel.org/pub/scm/linux/kernel/git/tj/sched_ext" },
		{ "Merge tag 'vfs-6.13.file' of git://git.kernel.org/pub/scm/linux/kernel/git/vfs/vfs",
		  "vfs", "git://git.kernel.org/pub/scm/linux/kernel/git/vfs/vfs" },
		{ "Merge tag 'probes-v6.13' of git://git.kernel.org/pub/scm/linux/kernel/git/trace/linux-trace",
		  "probes", "git://git.kernel.org/pub/scm/linux/kernel/git/trace/linux-trace" },
		{ "Merge tag 'for-linus' of git://git.kernel.org/pub/scm/virt/kvm/kvm",
		  "kvm", "git://git.kernel.org/pub/scm/virt/kvm/kvm" },
		{ "Merge branch 'for-next' of "
		  "git://git.kernel.org/pub/scm/linux/kernel/git/axboe/linux-block.git",
		  "block", "git://git.kernel.org/pub/scm/linux/kernel/git/axboe/linux-block.git" },
		{ "Merge tag 'for-linus' of git://git.kernel.org/pub/scm/linux/kernel/git/rppt/memblock",
		  "memblock", "git://git.kernel.org/pub/scm/linux/kernel/git/rppt/memblock" },
		{ "Merge branch 'akpm' (patches from Andrew)", "akpm", "patches from Andrew" },
		{ "Merge branch 'x86-urgent-for-linus' of git://git.kernel.org/pub/scm/linux/kernel/git/tip/tip",
		  "x86-urgent", "git://git.kernel.org/pub/scm/linux/kernel/git/tip/tip" },
		{ "Merge git://git.kernel.org/pub/scm/linux/kernel/git/davem/net",
		  "net", "git://git.kernel.org/pub/scm/linux/kernel/git/davem/net" },
		{ "Merge remote-tracking branch 'spi/for-next'", "spi", NULL },
		{ "Merge branch 'topic'", "topic", NULL },
		{ "Merge tag '<b>x</b>' of javascript:alert(1)", "b>", "javascript:alert(1)" },
	};
	static const char *const not_merges[] = {
		"mm: fix a leak", "Merged the thing", "Merge tag 'unterminated of x", "Merge",
		"Merge tag '' of", "Revert \"Merge tag 'x' of y\"", NULL,
	};
	char *sub, *src;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		CHECK_INT(watch_merge_subject(&sub, &src, cases[i].subject), 0);
		CHECK_STR(sub, cases[i].subsystem);
		if (cases[i].source)
			CHECK_STR(src, cases[i].source);
		else
			CHECK(src == NULL);
		free(sub);
		free(src);
	}
	for (int i = 0; not_merges[i]; i++) {
		CHECK_INT(watch_merge_subject(&sub, &src, not_merges[i]), -1);
		CHECK(sub == NULL && src == NULL);
	}
}

static void test_release_tags(void)
{
	static const struct { const char *tag; int like; } likes[] = {
		{ "v6.12", 1 }, { "v6.13-rc1", 1 }, { "v6.13-rc0", 1 }, { "v6.13-rc", 1 },
		{ "v6.13-rc1x", 1 }, { "v06.1", 1 }, { "v99999999.1", 1 }, { "v6.12.1", 0 },
		{ "v2.6.11-tree", 0 }, { "v6", 0 }, { "v6.", 0 }, { "v6.-1", 0 }, { "6.13", 0 },
		{ "v6.13-next", 0 }, { "", 0 }, { "next-20241122", 0 }, { "vx.1", 0 },
	};
	static const struct { const char *tag; int ok, major, minor, rc; } cases[] = {
		{ "v6.12", 0, 6, 12, 0 }, { "v6.13-rc1", 0, 6, 13, 1 }, { "v7.0-rc7", 0, 7, 0, 7 },
		{ "v2.6", 0, 2, 6, 0 }, { "v6.12.1", -1, 0, 0, 0 }, { "v06.1", -1, 0, 0, 0 },
		{ "v6", -1, 0, 0, 0 }, { "v6.13-rc0", -1, 0, 0, 0 }, { "6.13", -1, 0, 0, 0 },
		{ "v6.13-rc1x", -1, 0, 0, 0 }, { "v6.13-rc", -1, 0, 0, 0 }, { "v99999999.1", -1, 0, 0, 0 },
		{ "v6.-1", -1, 0, 0, 0 }, { "", -1, 0, 0, 0 }, { "next-20241122", -1, 0, 0, 0 },
	};
	int major, minor, rc;

	for (size_t i = 0; i < sizeof likes / sizeof likes[0]; i++)
		CHECK_INT(db_release_like(likes[i].tag), likes[i].like);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		CHECK_INT(db_release_parse(cases[i].tag, &major, &minor, &rc), cases[i].ok);
		if (!cases[i].ok) {
			CHECK_INT(major, cases[i].major);
			CHECK_INT(minor, cases[i].minor);
			CHECK_INT(rc, cases[i].rc);
		}
	}
}

/* --- repositories built with libgit2 ---------------------------------------- */

static git_repository *up;
static long long when = 1700000000;

/* A commit on ref (NULL: none) with the given parents; its id in out. */
static void mk(git_oid *out, const char *ref, const char *msg, const git_oid *p1,
	       const git_oid *p2)
{
	git_signature *sig = NULL;
	git_treebuilder *tb = NULL;
	git_tree *tree = NULL;
	const git_commit *parents[2] = { NULL, NULL };
	git_commit *p = NULL;
	git_oid tree_id;
	size_t n = 0;

	git_signature_new(&sig, "T Ester", "t@example.org", when += 60, 0);
	git_treebuilder_new(&tb, up, NULL);
	git_treebuilder_write(&tree_id, tb);
	git_tree_lookup(&tree, up, &tree_id);
	if (p1 && git_commit_lookup(&p, up, p1) == 0)
		parents[n++] = p;
	if (p2 && git_commit_lookup(&p, up, p2) == 0)
		parents[n++] = p;
	CHECK_INT(git_commit_create(out, up, NULL, sig, sig, NULL, msg, tree, n, parents), 0);
	if (ref) {
		git_reference *r = NULL;

		CHECK_INT(git_reference_create(&r, up, ref, out, 1, "test"), 0);
		git_reference_free(r);
	}
	for (size_t i = 0; i < n; i++)
		git_commit_free((git_commit *)(uintptr_t)parents[i]);
	git_tree_free(tree);
	git_treebuilder_free(tb);
	git_signature_free(sig);
}

static long long scalar(struct db *db, const char *what, const char *sha)
{
	struct rec_commits l;
	long long v = -1;
	char *cause = NULL;

	/* through the API's own query: the newest 1000 commits of master */
	if (db_tree_commits(db, &l, "t", "master", NULL, 1000, 0, &cause) == DB_OK) {
		for (size_t i = 0; i < l.n; i++)
			if (!strcmp(l.v[i].sha, sha))
				v = !strcmp(what, "brought") ? l.v[i].brought : l.v[i].position;
		rec_commits_dispose(&l);
	}
	free(cause);
	return v;
}

/*
 * A database NAME.db in dir, a new bare repository NAME (up) and tree "t"
 * following its branches with the given candidate policy and cap, polled
 * by watcher (whose database NAME.db is); no thread runs, the test drives
 * each step.
 */
static void tree_config(struct config_tree *c, char *url, char *branches, char *candidates,
			int max_queued)
{
	memset(c, 0, sizeof *c);
	c->name = "t";
	c->url = url;
	c->branches = branches;
	c->candidates = candidates;
	c->configs = "defconfig";
	c->recipients = "";
	c->poll_interval = 300;
	c->head_every = 0;
	c->max_queued = max_queued;
	c->retry_min = 1;
	c->retry_max = 2;
}

static void tree_setup(struct watcher *watcher, struct watch_tree *t, const char *name,
		       char *branches, char *candidates, int max_queued)
{
	struct config_tree c;
	char path[512], url[512], *cause = NULL;

	snprintf(path, sizeof path, "%s/%s.db", dir, name);
	*watcher = (struct watcher){ .yield_ms = WATCH_YIELD_MS };
	CHECK_INT(db_open(&watcher->db, path, &cause), DB_OK);
	snprintf(url, sizeof url, "%s/%s", dir, name);
	CHECK_INT(git_repository_init(&up, url, 1), 0);
	tree_config(&c, url, branches, candidates, max_queued);
	CHECK_INT(watch_tree_init(watcher, t, &c, dir, &cause), 0);
	free(cause);
}

/* Frees what tree_setup made. */
static void tree_teardown(struct watcher *watcher, struct watch_tree *t)
{
	watch_tree_dispose(t);
	git_repository_free(up);
	up = NULL;
	db_close(watcher->db);
}

static void test_polls(void)
{
	struct watcher watcher;
	struct watch_tree t;
	char sha[GIT_OID_HEXSZ + 1];
	git_oid a, b, m, s1, s2, s3, inner, outer, x, y;
	struct rec_trees trees;

	tree_setup(&watcher, &t, "up", "master", "commits head", 3);

	/* a - b - m(b, s2), s1 - s2 off a; then outer merges a side line
	 * that holds its own merge: inner(s3, y) */
	mk(&a, NULL, "a", NULL, NULL);
	mk(&b, NULL, "b", &a, NULL);
	mk(&s1, NULL, "s1", &a, NULL);
	mk(&s2, NULL, "s2", &s1, NULL);
	mk(&m, "refs/heads/master", "Merge tag 'side-for-1.1' of git://h/side", &b, &s2);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(scalar(watcher.db, "brought", git_oid_tostr(sha, sizeof sha, &m)), 2);
	CHECK_INT(scalar(watcher.db, "position", sha), 2);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &a)), 0);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &s1)), -1);
	CHECK_INT(watch_upkeep(&watcher, &t), 0);         /* the next poll finds these at level 1 */

	mk(&s3, NULL, "s3", &m, NULL);
	mk(&y, NULL, "y", &s2, NULL);           /* s2 is old: not brought again */
	mk(&inner, NULL, "Merge branch 'y'", &s3, &y);
	mk(&x, NULL, "x", &m, NULL);
	mk(&outer, "refs/heads/master", "Merge branch 'inner' of git://h/inner", &x, &inner);
	watch_poll_tree(&watcher, &t);
	/* s3, y, inner: three, each counted once */
	CHECK_INT(scalar(watcher.db, "brought", git_oid_tostr(sha, sizeof sha, &outer)), 3);
	CHECK_INT(scalar(watcher.db, "position", sha), 4);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &x)), 3);
	/* the first poll queued the head m; now x and outer are candidates, and
	 * the head (outer) is the same build as outer's: m, x, outer */
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM jobs", ""), 3);
	CHECK_INT(db_trees_status(watcher.db, &trees), DB_OK);
	CHECK_INT(trees.n && trees.v[0].nbranches ? trees.v[0].branches[0].length : -1, 5);
	rec_trees_dispose(&trees);

	/* an unrelated history replaces the whole line */
	mk(&a, "refs/heads/master", "a new root", NULL, NULL);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &a)), 0);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &outer)), -1);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM branch_events WHERE kind = "
				    "'forced-update' AND message LIKE '%shares nothing%'", ""), 1);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE sha = ?", "s",
				    git_oid_tostr(sha, sizeof sha, &outer)), 1);

	/* the cap on queued builds: 3; a fourth candidate is dropped and counted */
	mk(&b, NULL, "b2", &a, NULL);
	mk(&m, "refs/heads/master", "c2", &b, NULL);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM jobs WHERE state = 'queued'", ""), 3);
	CHECK(test_scalar(watcher.db, "SELECT candidates_dropped FROM trees", "") >= 1);

	tree_teardown(&watcher, &t);
}

/* Packs up's history (as a server would have it) with libgit2's packbuilder. */
static void pack_up(void)
{
	git_packbuilder *pb = NULL;
	git_revwalk *w = NULL;

	CHECK_INT(git_packbuilder_new(&pb, up), 0);
	CHECK_INT(git_revwalk_new(&w, up), 0);
	CHECK_INT(git_revwalk_push_glob(w, "refs/heads/*"), 0);
	CHECK_INT(git_packbuilder_insert_walk(pb, w), 0);
	CHECK_INT(git_packbuilder_write(pb, NULL, 0, NULL, NULL), 0);
	git_revwalk_free(w);
	git_packbuilder_free(pb);
}

/*
 * A poll of 3,000 new commits in 300 merged topics, from a pack, its
 * store yielding the database after every batch: every commit stored
 * once with its details and trailers, merges with their brought counts
 * and parsed subjects, the first-parent line whole; then a small poll on
 * top of it.
 */
static void test_large_poll(void)
{
	enum { TOPICS = 300, TOPIC = 9 };
	struct watcher watcher;
	struct watch_tree t;
	char msg[160], sha[GIT_OID_HEXSZ + 1];
	git_oid main, topic, first_topic, last;
	long long yield_ms;

	tree_setup(&watcher, &t, "large", "master", "", 0);

	mk(&main, "refs/heads/master", "root", NULL, NULL);
	watch_poll_tree(&watcher, &t);
	for (int i = 0; i < TOPICS; i++) {
		for (int j = 0; j < TOPIC; j++) {
			snprintf(msg, sizeof msg, "topic %d: change %d\n\nSigned-off-by: D%d "
				 "<d%d@example.org>\n", i, j, i, j);
			mk(&topic, NULL, msg, j ? &topic : &main, NULL);
			if (i == 0 && j == 0)
				git_oid_cpy(&first_topic, &topic);
		}
		snprintf(msg, sizeof msg, "Merge tag 'topic%d-for-1.1' of git://h/topic%d", i, i);
		mk(&main, i == TOPICS - 1 ? "refs/heads/master" : NULL, msg, &main, &topic);
	}
	pack_up();
	yield_ms = watcher.yield_ms;
	watcher.yield_ms = 0;             /* the store commits after every batch */
	watch_poll_tree(&watcher, &t);
	watcher.yield_ms = yield_ms;
	CHECK(watcher.last.yields >= 5);
	/* libgit2 packs many of these similar commits as deltas: those are
	 * read through libgit2, the others straight from the pack */
	CHECK(watcher.last.read >= TOPICS * (TOPIC + 1));
	CHECK(watcher.last.packed > 100 && watcher.last.packed < watcher.last.read);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""),
		  1 + TOPICS * (TOPIC + 1));
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE brought = ?", "i",
				    TOPIC), TOPICS);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE "
				    "merge_subsystem LIKE 'topic%'", ""), TOPICS);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE trailers "
				    "LIKE '[[\"Signed-off-by\",%'", ""), TOPICS * TOPIC);
	CHECK_INT(test_scalar(watcher.db, "SELECT max(position) FROM branch_commits", ""),
		  TOPICS);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM branch_commits", ""),
		  1 + TOPICS);
	CHECK_INT(scalar(watcher.db, "brought", git_oid_tostr(sha, sizeof sha, &main)), TOPIC);
	CHECK_INT(scalar(watcher.db, "position", sha), TOPICS);
	{       /* a stored commit against libgit2's reading of it */
		git_commit *fc = NULL;

		CHECK_INT(git_commit_lookup(&fc, up, &first_topic), 0);
		CHECK_INT(test_scalar(watcher.db, "SELECT author_time FROM commits WHERE sha = ? "
					    "AND author_name = 'T Ester' AND subject = 'topic 0: "
					    "change 0'", "s",
					    git_oid_tostr(sha, sizeof sha, &first_topic)),
			  fc ? (long long)git_commit_time(fc) : -2);
		git_commit_free(fc);
	}
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE parents = ''", ""), 1);

	/* a small poll on top */
	mk(&last, "refs/heads/master", "after", &main, NULL);
	watch_poll_tree(&watcher, &t);
	CHECK_INT((long long)watcher.last.read, 1);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &last)), TOPICS + 1);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""),
		  2 + TOPICS * (TOPIC + 1));

	tree_teardown(&watcher, &t);
}

/*
 * The edge of the walk, which stops at commits the tree has stored: a
 * topic stored from another branch and merged later still counts as
 * brought by the merge; a hit of the 8-byte set that is not stored is
 * walked on; a restarted watcher learns the stored commits again.
 */
static void test_edges(void)
{
	struct watcher watcher;
	struct watch_tree t, again;
	struct config_tree c;
	char sha[GIT_OID_HEXSZ + 1], *cause = NULL;
	git_oid a, t1, t2, m, b, d, e;

	tree_setup(&watcher, &t, "edges", "master next", "", 0);
	mk(&a, "refs/heads/master", "a", NULL, NULL);
	mk(&t1, NULL, "t1", &a, NULL);
	mk(&t2, "refs/heads/next", "t2", &t1, NULL);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""), 3);
	CHECK_INT((long long)t.known.n, 3);
	/* settled: the polls below meet these at level 1 of the sha index,
	 * and store t1 and t2 (walked again from next's line) no second time */
	CHECK_INT(watch_settle(&watcher, &t), 0);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE level = 1", ""), 3);

	/* master merges the topic next brought first: both are brought */
	mk(&m, "refs/heads/master", "Merge branch 'topic' of git://h/topic", &a, &t2);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(scalar(watcher.db, "brought", git_oid_tostr(sha, sizeof sha, &m)), 2);
	CHECK_INT(scalar(watcher.db, "position", sha), 1);

	/* b's parent d is new, but the set says it is known (a false hit) */
	mk(&d, NULL, "d", &m, NULL);
	mk(&b, "refs/heads/master", "b", &d, NULL);
	CHECK_INT(keyset_add(&t.known, watch_key(&d)), 1);
	watch_poll_tree(&watcher, &t);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &d)), 2);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &b)), 3);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""), 6);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM branches WHERE "
				    "last_error IS NOT NULL", ""), 0);

	/* a new watcher on the same database learns what is stored at its
	 * first poll, and stores only what is new */
	tree_config(&c, t.url, "master next", "", 0);
	CHECK_INT(watch_tree_init(&watcher, &again, &c, dir, &cause), 0);
	CHECK(!again.known_loaded);
	mk(&e, "refs/heads/master", "e", &b, NULL);
	watch_poll_tree(&watcher, &again);
	CHECK(again.known_loaded);
	CHECK_INT((long long)again.known.n, 7);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""), 7);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &e)), 4);

	free(cause);
	watch_tree_dispose(&again);
	tree_teardown(&watcher, &t);
}

/*
 * A poll that failed after its store yielded left commits stored without
 * their line (db_branch_yield, then db_branch_abort).  A restarted
 * watcher's walk stops at them as known; the next poll still counts what
 * each merge brought and stores every commit once.  Without the restart
 * (stale), the watcher's set of stored commits misses them, as no poll of
 * its own failed: it stores them again as fresh after they settled, and
 * the next settle merges each pair back into one commit.
 */
static void test_yielded(int stale)
{
	enum { TOPICS = 4, TOPIC = 3 };
	struct watcher watcher;
	struct watch_tree t, again;
	struct config_tree c;
	struct watch_set s = { 0 };
	struct db_branch_tx *tx = NULL;
	struct db_commit rows[TOPICS * TOPIC];
	char sha[GIT_OID_HEXSZ + 1], *cause = NULL;
	git_oid main, topic, topics[TOPICS * TOPIC];
	git_odb *odb = NULL;
	size_t n = 0;

	tree_setup(&watcher, &t, stale ? "stale" : "yielded", "master", "", 0);
	mk(&main, "refs/heads/master", "root", NULL, NULL);
	watch_poll_tree(&watcher, &t);
	for (int i = 0; i < TOPICS; i++) {
		for (int j = 0; j < TOPIC; j++) {
			mk(&topic, NULL, "change", j ? &topic : &main, NULL);
			git_oid_cpy(&topics[i * TOPIC + j], &topic);
		}
		mk(&main, i == TOPICS - 1 ? "refs/heads/master" : NULL, "Merge branch 'x' of "
		   "git://h/x", &main, &topic);
	}
	/* the first two topics' commits were stored, the third's not yet
	 * committed when the poll failed */
	CHECK_INT(git_repository_odb(&odb, up), 0);
	for (int i = 0; i < 3 * TOPIC; i++) {
		struct watch_node *nd = watch_set_add(&s, odb, &topics[i], 1, &cause);

		CHECK(nd != NULL);
		if (nd)
			rows[n++] = watch_row(&t.known, nd);
	}
	CHECK_INT(db_branch_begin(watcher.db, &tx, t.id, &cause), DB_OK);
	CHECK_INT(db_branch_add(tx, rows, 2 * TOPIC, &cause), DB_OK);
	CHECK_INT(db_branch_yield(tx, &cause), DB_OK);
	CHECK_INT(db_branch_add(tx, rows + 2 * TOPIC, TOPIC, &cause), DB_OK);  /* rolled back */
	db_branch_abort(tx);
	watch_set_dispose(&s);
	git_odb_free(odb);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""), 1 + 2 * TOPIC);

	tree_config(&c, t.url, "master", "", 0);
	CHECK_INT(watch_tree_init(&watcher, &again, &c, dir, &cause), 0);
	if (stale) {
		CHECK_INT(watch_settle(&watcher, &t), 0);
		watch_poll_tree(&watcher, &t);
		CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""),
			  1 + TOPICS * (TOPIC + 1) + 2 * TOPIC);
		CHECK_INT(watch_settle(&watcher, &t), 0);
		CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE level = 0",
					    ""), 0);
	} else {
		watch_poll_tree(&watcher, &again);
	}
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits", ""),
		  1 + TOPICS * (TOPIC + 1));
	CHECK_INT(test_scalar(watcher.db, "SELECT count(DISTINCT sha) FROM commits", ""),
		  1 + TOPICS * (TOPIC + 1));
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM commits WHERE brought = ?", "i",
				    TOPIC), TOPICS);
	CHECK_INT(scalar(watcher.db, "position", git_oid_tostr(sha, sizeof sha, &main)), TOPICS);
	CHECK_INT(test_scalar(watcher.db, "SELECT count(*) FROM branches WHERE "
				    "last_error IS NOT NULL", ""), 0);

	free(cause);
	watch_tree_dispose(&again);
	tree_teardown(&watcher, &t);
}

/*
 * The raw commit reader (watch_set_add) against libgit2's own parse of the
 * same commits: awkward messages, names, a signed commit's multi-line
 * header, trailers.
 */
static void test_raw_commits(void)
{
	static const char *const msgs[] = {
		"plain subject\n",
		"\n\n  leading blank lines\nand a second line of the paragraph\n\nbody\n",
		"subject  with   spaces\t and tab\n   \nbody after a whitespace line\n",
		"no newline at the end",
		"fix: a subject with a colon\n\nSigned-off-by: A <a@example.org>\n"
		"Reviewed-by: B <b@example.org>\nLink: https://lore.example.org/x\n",
		"subject\n\nbody line: with a colon but no trailer block\nmore text\n",
		"",
	};
	char path[512], *cause = NULL;
	git_repository *repo = NULL;
	git_odb *odb = NULL;
	struct watch_set s = { 0 };

	snprintf(path, sizeof path, "%s/raw", dir);
	CHECK_INT(git_repository_init(&repo, path, 1), 0);
	CHECK_INT(git_repository_odb(&odb, repo), 0);
	for (size_t i = 0; i < sizeof msgs / sizeof msgs[0] + 1; i++) {
		char buf[1024], *err = NULL;
		const git_signature *a, *m;
		git_commit *commit = NULL;
		struct watch_node *c;
		char *want;
		git_oid id;
		int n;

		if (i < sizeof msgs / sizeof msgs[0]) {
			n = snprintf(buf, sizeof buf, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
				     "author  Odd  Name <  odd@example.org > 1700000000 +0100\n"
				     "committer C O <c@example.org> 1700000100 -0700\n\n%s", msgs[i]);
		} else {        /* signed, with two parents and an encoding header */
			n = snprintf(buf, sizeof buf, "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\n"
				     "parent 1111111111111111111111111111111111111111\n"
				     "parent 2222222222222222222222222222222222222222\n"
				     "author A <a@example.org> 1700000000 +0000\n"
				     "committer C <c@example.org> 1700000200 +0000\n"
				     "encoding ISO-8859-1\n"
				     "gpgsig -----BEGIN PGP SIGNATURE-----\n \n parent 3333\n"
				     " -----END PGP SIGNATURE-----\n\nMerge tag 'x-for-1.0' of git://h/x\n");
		}
		CHECK_INT(git_odb_write(&id, odb, buf, (size_t)n, GIT_OBJECT_COMMIT), 0);
		CHECK_INT(git_commit_lookup(&commit, repo, &id), 0);
		c = watch_set_add(&s, odb, &id, 1, &err);
		CHECK(c != NULL);
		free(err);
		if (!c || !commit) {
			git_commit_free(commit);
			continue;
		}
		a = git_commit_author(commit);
		m = git_commit_committer(commit);
		CHECK_STR(c->subject, git_commit_summary(commit));
		CHECK_STR(c->author_name, a->name);
		CHECK_STR(c->author_email, a->email);
		CHECK_INT(c->author_time, (long long)a->when.time);
		CHECK_STR(c->committer_name, m->name);
		CHECK_STR(c->committer_email, m->email);
		CHECK_INT(c->commit_time, (long long)git_commit_time(commit));
		CHECK_INT(c->nparents, git_commit_parentcount(commit));
		for (unsigned p = 0; p < c->nparents; p++)
			CHECK(git_oid_equal(&c->parents[p], git_commit_parent_id(commit, p)));
		want = watch_trailers(&s, git_commit_message(commit));
		if (c->trailers && want)
			CHECK_STR(c->trailers, want);
		else
			CHECK(!c->trailers && !want);
		git_commit_free(commit);
	}
	CHECK(s.n == sizeof msgs / sizeof msgs[0] + 1);
	CHECK_STR(s.v[4].trailers, "[[\"Signed-off-by\",\"A <a@example.org>\"],"
		  "[\"Reviewed-by\",\"B <b@example.org>\"],[\"Link\",\"https://lore.example.org/x\"]]");
	watch_set_dispose(&s);
	git_odb_free(odb);
	git_repository_free(repo);
	free(cause);
}

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
	return remove(p);
}

/* Writes commit id of up (with its tree) as a pack of its own into repo's
 * packs, as one fetch would. */
static void pack_one(git_repository *repo, const git_oid *id)
{
	git_packbuilder *pb = NULL;
	char packs[600];

	snprintf(packs, sizeof packs, "%sobjects/pack", git_repository_path(repo));
	CHECK_INT(git_packbuilder_new(&pb, up), 0);
	CHECK_INT(git_packbuilder_insert_commit(pb, id), 0);
	CHECK_INT(git_packbuilder_write(pb, packs, 0, NULL, NULL), 0);
	git_packbuilder_free(pb);
}

/* 1 if the mirror of t holds every commit of ids, read afresh. */
static int mirror_holds(const struct watch_tree *t, const git_oid *ids, int n)
{
	git_repository *repo = NULL;
	git_odb *odb = NULL;
	int all = git_repository_open_bare(&repo, t->mirror) == 0 &&
		  git_repository_odb(&odb, repo) == 0;

	for (int i = 0; all && i < n; i++)
		all = git_odb_exists(odb, &ids[i]);
	git_odb_free(odb);
	git_repository_free(repo);
	return all;
}

/*
 * Mirror upkeep: a mirror of WATCH_PACKS_MAX packs is left alone; one
 * more, and `git repack --geometric` rolls them into one with every
 * object kept.  Without git on PATH the repack fails with a sentence in
 * the log, nothing is lost, and it is not tried again before
 * WATCH_REPACK_RETRY.  The temporary files of a repack killed earlier
 * are removed before the next.
 */
static void test_upkeep(void)
{
	enum { N = WATCH_PACKS_MAX + 3 };
	struct watcher watcher;
	struct watch_tree t;
	git_repository *mirror = NULL;
	git_oid ids[N];
	const char *path = getenv("PATH");
	char *saved = strdup(path ? path : "/usr/bin:/bin");

	tree_setup(&watcher, &t, "upkeep", "master", "", 0);
	/* a mirror as fetched over the network: no alternates, a pack a fetch
	 * (the tests before polled trees named t from paths) */
	nftw(t.mirror, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	CHECK_INT(git_repository_init(&mirror, t.mirror, 1), 0);
	for (int i = 0; i < WATCH_PACKS_MAX; i++) {
		mk(&ids[i], "refs/heads/master", "change", i ? &ids[i - 1] : NULL, NULL);
		pack_one(mirror, &ids[i]);
	}
	CHECK_INT(watch_pack_count(&t), WATCH_PACKS_MAX);
	CHECK_INT(watch_upkeep(&watcher, &t), 0);
	CHECK_INT(watch_pack_count(&t), WATCH_PACKS_MAX);       /* not past the limit */

	mk(&ids[WATCH_PACKS_MAX], "refs/heads/master", "change", &ids[WATCH_PACKS_MAX - 1], NULL);
	pack_one(mirror, &ids[WATCH_PACKS_MAX]);
	setenv("PATH", dir, 1);                                 /* no git there */
	CHECK_INT(watch_upkeep(&watcher, &t), -1);
	CHECK_INT(watch_pack_count(&t), WATCH_PACKS_MAX + 1);
	CHECK(t.repack_after > mono_ms() / 1000 + WATCH_REPACK_RETRY - 60);
	CHECK(mirror_holds(&t, ids, WATCH_PACKS_MAX + 1));
	setenv("PATH", saved, 1);
	CHECK_INT(watch_upkeep(&watcher, &t), 0);                         /* waits for the retry */
	CHECK_INT(watch_pack_count(&t), WATCH_PACKS_MAX + 1);

	t.repack_after = 0;
	for (int i = WATCH_PACKS_MAX + 1; i < N; i++) {
		mk(&ids[i], "refs/heads/master", "change", &ids[i - 1], NULL);
		pack_one(mirror, &ids[i]);
	}
	/* what a repack killed with kpcid leaves: git's temporary files */
	for (int i = 0; i < 3; i++) {
		static const char *const litter[] = { "tmp_pack_Ab12Cd", "tmp_idx_Ab12Cd",
						      ".tmp-4242-pack-0123abcd.pack" };
		char *p = NULL;
		FILE *f;

		CHECK(asprintf(&p, "%s/objects/pack/%s", t.mirror, litter[i]) > 0);
		f = p ? fopen(p, "w") : NULL;
		CHECK(f != NULL);
		if (f)
			fclose(f);
		free(p);
	}
	CHECK_INT(watch_pack_count(&t), N + 1);
	CHECK_INT(watch_upkeep(&watcher, &t), 0);
	CHECK_INT(watch_pack_count(&t), 1);
	CHECK(mirror_holds(&t, ids, N));
	CHECK_INT(watch_pack_files(&t, watch_is_litter, 0), 0);

	git_repository_free(mirror);
	free(saved);
	tree_teardown(&watcher, &t);
}

int main(void)
{
	log_init("test_watch");
	log_set_level(LOG_WARN);
	if (!mkdtemp(dir))
		return 1;
	git_libgit2_init();
	test_merge_subjects();
	test_release_tags();
	test_polls();
	test_large_poll();
	test_edges();
	test_yielded(0);
	test_yielded(1);
	test_raw_commits();
	test_upkeep();
	git_libgit2_shutdown();
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
