// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_db.c - migrations, tokens, the job life cycle and result storage
 * on a real SQLite file.
 */
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <stdio.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "check_db.h"
#include "lib/proto.h"
#include "lib/sha256.h"
#include "check.h"

static char dir[] = "/tmp/kpci-test-db.XXXXXX";
static char path[256];

static struct db *open_fresh(const char *name, int version)
{
	struct db *db = NULL;
	char *cause = NULL;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	CHECK_INT(db_open_at(&db, path, version, &cause), DB_OK);
	free(cause);
	return db;
}

static void test_migrations(void)
{
	struct db *db = open_fresh("m.db", 1);
	char *cause = NULL, role[8], hash[SHA256_HEX_LEN + 1];
	const char *token = "kpci_made_by_schema_1";
	long long id;

	CHECK_INT(db_schema_version(db), 1);
	/* the tokens of schema 1, as its kpcid made them: an admin one, and a
	 * runner one whose runner registered under class lab */
	sha256_hex(hash, token, strlen(token));
	CHECK_INT(test_exec(db, "INSERT INTO api_tokens (name, role, hash, created_at) "
			    "VALUES ('old', 'admin', ?, 0), ('r', 'runner', 'x', 0)", "s", hash),
		  DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO runners (name, runner_class, token_id, "
			    "registered_at, last_seen) VALUES ('r1', 'lab', 2, 0, 0)", ""), DB_OK);
	db_close(db);

	/* Reopening migrates 1 -> latest and keeps the data. */
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(db_schema_version(db), db_latest_version());
	CHECK_INT(db_token_check(db, token, role, &id), DB_OK);
	CHECK_STR(role, "admin");
	/* 0012: a runner token serves the classes its runners registered under */
	CHECK_INT(test_scalar(db, "SELECT runner_classes = 'lab' AND (SELECT runner_classes "
			      "FROM api_tokens WHERE id = 1) IS NULL FROM api_tokens WHERE id = 2",
			      ""), 1);
	{
		/* the migrated database answers the status at its version */
		struct rec_status st;

		CHECK_INT(db_status(db, &st), DB_OK);
		CHECK(st.schema_version > 12 && st.njobs == 0);
		rec_status_dispose(&st);
	}
	db_close(db);

	/* Reopening at the latest version applies nothing and changes nothing. */
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(db_schema_version(db), db_latest_version());
	db_close(db);

	/* From empty straight to the latest. */
	db = open_fresh("empty.db", db_latest_version());
	CHECK_INT(db_schema_version(db), db_latest_version());
	CHECK_INT(db_ping(db), DB_OK);
	db_close(db);
}

/* Waits up to 5 s for the file at path to reach size bytes. */
static long long wait_size(const char *file, long long size)
{
	struct stat st = { 0 };

	for (int i = 0; i < 500; i++) {
		if (stat(file, &st) == 0 && st.st_size >= size)
			break;
		usleep(10000);
	}
	return (long long)st.st_size;
}

/* The checkpointer copies a commit of 5 MiB into the file while kpcid
 * runs (DB_CHECKPOINT_BYTES is counted in bytes, whatever the pages). */
static void test_checkpointer(void)
{
	struct db *db = open_fresh("ckpt.db", db_latest_version());

	CHECK_INT(test_exec(db, "CREATE TABLE big (b BLOB)", ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO big VALUES (zeroblob(5 * 1024 * 1024))", ""), DB_OK);
	CHECK(wait_size(path, 5 << 20) >= 5 << 20);
	db_close(db);
}

/* A file kpci creates has DB_PAGE_SIZE pages; a file made with other
 * pages keeps them, and is migrated all the same. */
static void test_pages(void)
{
	struct db *db = open_fresh("pages.db", db_latest_version());
	sqlite3 *raw = NULL;
	char old[300];

	CHECK_INT(test_scalar(db, "PRAGMA page_size", ""), DB_PAGE_SIZE);
	db_close(db);

	snprintf(old, sizeof old, "%s/pages4k.db", dir);
	CHECK_INT(sqlite3_open(old, &raw), SQLITE_OK);
	CHECK_INT(sqlite3_exec(raw, "PRAGMA page_size = 4096; CREATE TABLE t (a)", NULL, NULL,
			       NULL), SQLITE_OK);
	sqlite3_close(raw);
	db = open_fresh("pages4k.db", db_latest_version());
	CHECK_INT(test_scalar(db, "PRAGMA page_size", ""), 4096);
	CHECK_INT(db_schema_version(db), db_latest_version());
	db_close(db);
}

/* Runs sql on the file at path through a connection of its own. */
static void raw_exec(const char *sql)
{
	sqlite3 *raw = NULL;

	CHECK_INT(sqlite3_open(path, &raw), SQLITE_OK);
	CHECK_INT(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(raw);
}

/*
 * 0009 rebuilds commits with one (sha, tree_id) index: rows, ids and the
 * branch lines that refer to them survive; a database whose rows already
 * refer to missing ones is refused with a sentence and left at 8.
 */
static void test_commits_rebuild(void)
{
	struct db *db = open_fresh("rebuild.db", 8);
	char *cause = NULL;

	db_close(db);
	raw_exec("INSERT INTO trees (id, name, url, created_at) VALUES (1, 't', '/t', 0);"
		 "INSERT INTO branches (id, tree_id, name) VALUES (1, 1, 'master');"
		 "INSERT INTO commits (id, tree_id, sha, subject, brought) VALUES "
		 " (10, 1, 'aaaa', 'first', NULL), (11, 1, 'bbbb', 'Merge tag x', 3);"
		 "INSERT INTO branch_commits (branch_id, position, commit_id) VALUES "
		 " (1, 0, 10), (1, 1, 11);");
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(db_schema_version(db), db_latest_version());
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits c JOIN branch_commits bc "
				  "ON bc.commit_id = c.id WHERE c.sha = 'bbbb' AND c.brought = 3 "
				  "AND bc.position = 1", ""), 1);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM pragma_index_list('commits') "
				  "WHERE \"unique\"", ""), 1);
	/* 0010: the rows kept their ids and are settled (level 1) */
	CHECK_INT(test_scalar(db, "SELECT sum(id) FROM commits WHERE level = 1", ""),
		  21);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM sqlite_master WHERE name = "
				  "'analysis_commits_sha'", ""), 0);
	/* foreign keys are on again after the migrations */
	CHECK_INT(test_exec(db, "INSERT INTO branch_commits (branch_id, position, "
				"commit_id) VALUES (1, 2, 999)", ""), DB_INVALID);
	db_close(db);
	free(cause);
	cause = NULL;

	db = open_fresh("dangling.db", 8);
	db_close(db);
	raw_exec("INSERT INTO trees (id, name, url, created_at) VALUES (1, 't', '/t', 0);"
		 "INSERT INTO branches (id, tree_id, name) VALUES (1, 1, 'master');"
		 "INSERT INTO branch_commits (branch_id, position, commit_id) VALUES (1, 0, 77);");
	CHECK_INT(db_open(&db, path, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "0009-commits-sha") &&
	      strstr(cause, "row 1 of branch_commits referring to a missing row of commits"));
	free(cause);
	cause = NULL;
	CHECK_INT(db_open_at(&db, path, 8, &cause), DB_OK);
	CHECK_INT(db_schema_version(db), 8);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM branch_commits", ""), 1);
	db_close(db);
	free(cause);
}

/* One poll of branch_id storing rows n (first at level 0) and the line. */
static void record(struct db *db, long long tree_id, long long branch_id,
		   const struct db_commit *rows, size_t n, const char *const *line, size_t nline,
		   long long base)
{
	struct db_branch_tx *tx = NULL;
	struct db_line_update u = {
		.branch_id = branch_id, .new_tip = line[nline - 1], .base_position = base,
		.commits = rows, .ncommits = n, .line = line, .nline = nline,
	};
	char *cause = NULL;

	CHECK_INT(db_branch_begin(db, &tx, tree_id, &cause), DB_OK);
	CHECK_INT(db_branch_finish(tx, &u, &cause), DB_OK);
	free(cause);
}

static int count_sha(void *arg, const char *sha)
{
	(void)sha;
	++*(long long *)arg;
	return 0;
}

/*
 * The two levels of the sha index (0010): polls store at level 0,
 * db_commits_settle moves slices of a tree's commits to level 1, a sha
 * stored at either level is not stored again, and lookups by sha find
 * both levels.
 */
static void test_commit_levels(void)
{
	static const char *const shas[] = { "a000", "b000", "c000", "d000" };
	struct db *db = open_fresh("levels.db", db_latest_version());
	struct db_commit rows[4];
	const char *branches[] = { "master" };
	long long tree_id = 0, branch_id = 0, moved = -1, united = -1, pos = -1, length, t_id;
	char tip[DB_SHA_LEN + 1], state[16], *cause = NULL;
	json_t *policy = json_object();
	struct rec_commits out = { 0 };

	for (int i = 0; i < 4; i++)
		rows[i] = (struct db_commit){ .sha = shas[i], .subject = shas[i], .brought = -1 };
	CHECK_INT(db_tree_sync(db, &tree_id, "t", "/t", policy, branches, 1), DB_OK);
	CHECK_INT(db_branch_get(db, &branch_id, tip, &length, state, tree_id, "master"), DB_OK);
	record(db, tree_id, branch_id, rows, 3, shas, 3, -1);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE level = 0", ""),
		  3);

	/* slices: 2, then the last 1, then nothing is left */
	CHECK_INT(db_commits_settle(db, tree_id, 2, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved, 2);
	CHECK_INT(db_commits_settle(db, tree_id, 2, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved, 1);
	CHECK_INT(db_commits_settle(db, tree_id, 2, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved, 0);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE level = 1", ""),
		  3);

	/* b and c again (settled) with d (new), d twice: each stored once;
	 * the line after a, written again, finds b and c at level 1 and d at
	 * level 0 in one run of rows */
	rows[0] = rows[3];
	record(db, tree_id, branch_id, rows, 4, shas + 1, 3, 0);
	record(db, tree_id, branch_id, rows + 3, 1, shas + 3, 1, 2);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits", ""), 4);
	CHECK_INT(test_scalar(db, "SELECT level FROM commits WHERE sha = 'd000'", ""),
		  0);
	CHECK_INT(db_branch_position(db, &pos, branch_id, "b000"), DB_OK);
	CHECK_INT(pos, 1);
	CHECK_INT(db_branch_position(db, &pos, branch_id, "d000"), DB_OK);
	CHECK_INT(pos, 3);
	CHECK_INT(db_tree_commits(db, &out, "t", "master", NULL, 10, 0, &cause), DB_OK);
	CHECK_INT(out.n, 4);
	/* newest first; a commit without a merge has no "brought" */
	CHECK_STR(out.v[0].sha, "d000");
	CHECK_INT(out.v[0].position, 3);
	CHECK(out.v[0].brought == REC_NONE);
	/* a tree's commits are counted and listed at both levels (0011:
	 * commits_tree holds level 1 only) */
	{
		struct rec_trees trees;
		long long n = 0;

		CHECK_INT(db_trees_status(db, &trees), DB_OK);
		CHECK_INT(trees.n, 1);
		CHECK_INT(trees.n ? trees.v[0].commits : -1, 4);
		rec_trees_dispose(&trees);
		CHECK_INT(db_tree_shas(db, tree_id, count_sha, &n), DB_OK);
		CHECK_INT(n, 4);
		CHECK_INT(test_scalar(db, "SELECT count(*) FROM sqlite_master WHERE name = "
					  "'commits_tree' AND sql LIKE '%WHERE level = 1'", ""), 1);
	}

	/* the same sha in another tree is another commit */
	t_id = tree_id;
	CHECK_INT(db_tree_sync(db, &tree_id, "u", "/u", policy, branches, 1), DB_OK);
	CHECK_INT(db_branch_get(db, &branch_id, tip, &length, state, tree_id, "master"), DB_OK);
	record(db, tree_id, branch_id, rows + 3, 1, shas + 3, 1, -1);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE sha = 'd000'", ""), 2);
	/* a tree's upkeep settles its own commits: t's d000, not u's */
	CHECK_INT(db_commits_settle(db, t_id, 10, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved, 1);
	CHECK_INT(test_scalar(db, "SELECT level FROM commits WHERE sha = 'd000' AND tree_id = ?",
			      "I", t_id), 1);
	CHECK_INT(test_scalar(db, "SELECT level FROM commits WHERE sha = 'd000' AND tree_id = ?",
			      "I", tree_id), 0);

	/* a line naming a commit its tree does not hold (a000 is t's), in
	 * the middle of a run of 8 rows: refused, and u's line is as it was */
	{
		const char *line[9] = { "d000", "d000", "d000", "a000", "d000", "d000", "d000",
					"d000", "d000" };
		struct db_branch_tx *tx = NULL;
		struct db_line_update u = {
			.branch_id = branch_id, .new_tip = "d000", .base_position = 0,
			.line = line, .nline = 9,
		};

		CHECK_INT(db_branch_begin(db, &tx, tree_id, &cause), DB_OK);
		CHECK_INT(db_branch_finish(tx, &u, &cause), DB_ERR);
		CHECK(cause && strstr(cause, "first-parent line from d000 to d000 was not stored"));
		CHECK_INT(db_branch_get(db, &branch_id, tip, &length, state, tree_id, "master"),
			  DB_OK);
		CHECK_INT(length, 1);
		CHECK_INT(test_scalar(db, "SELECT count(*) FROM branch_commits WHERE "
					  "branch_id = ?", "I", branch_id), 1);
	}

	rec_commits_dispose(&out);
	json_decref(policy);
	free(cause);
	db_close(db);
}

/*
 * A row called fresh is stored without looking up level 1: a caller that
 * is wrong leaves a sha at both levels.  Settling merges the copy into
 * the settled commit, and the line that pointed to the copy points to it.
 */
static void test_commit_twins(void)
{
	static const char *const shas[] = { "a000", "b000", "e000" };
	struct db *db = open_fresh("twins.db", db_latest_version());
	struct db_commit rows[3];
	const char *branches[] = { "master" };
	long long tree_id = 0, branch_id = 0, moved = -1, united = -1, length, b1;
	char tip[DB_SHA_LEN + 1], state[16], *cause = NULL;
	json_t *policy = json_object();

	for (int i = 0; i < 3; i++)
		rows[i] = (struct db_commit){ .sha = shas[i], .subject = shas[i], .brought = -1 };
	CHECK_INT(db_tree_sync(db, &tree_id, "t", "/t", policy, branches, 1), DB_OK);
	CHECK_INT(db_branch_get(db, &branch_id, tip, &length, state, tree_id, "master"), DB_OK);
	record(db, tree_id, branch_id, rows, 2, shas, 2, -1);
	CHECK_INT(db_commits_settle(db, tree_id, 10, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved, 2);
	CHECK_INT(united, 0);
	b1 = test_scalar(db, "SELECT id FROM commits WHERE sha = 'b000'", "");

	/* b000 again, wrongly fresh, and e000 (fresh indeed), the line
	 * after a written again: it takes b000's copy at level 0 */
	rows[1].fresh = rows[2].fresh = 1;
	record(db, tree_id, branch_id, rows + 1, 2, shas + 1, 2, 0);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE sha = 'b000'", ""), 2);
	CHECK_INT(test_scalar(db, "SELECT c.level FROM branch_commits l JOIN commits c ON "
				  "c.id = l.commit_id WHERE l.position = 1", ""), 0);

	CHECK_INT(db_commits_settle(db, tree_id, 10, &moved, &united, &cause), DB_OK);
	CHECK_INT(united, 1);
	CHECK_INT(moved, 1);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE sha = 'b000'", ""), 1);
	CHECK_INT(test_scalar(db, "SELECT commit_id FROM branch_commits WHERE position = 1",
				  ""), b1);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM commits WHERE level = 1", ""),
		  3);
	CHECK_INT(db_commits_settle(db, tree_id, 10, &moved, &united, &cause), DB_OK);
	CHECK_INT(moved + united, 0);

	json_decref(policy);
	free(cause);
	db_close(db);
}

/* db_prepk: a statement given back is reused with new bindings; one in use
 * is not handed out twice; a bad binding gives it back; closing the
 * database finalizes what it kept. */
static void test_kept_statements(void)
{
	struct db *db = open_fresh("kept.db", db_latest_version());
	sqlite3_stmt *a, *b, *c;

	db_lock(db);
	a = db_prepk(db, "SELECT ? + 1", "I", 1LL);
	b = db_prepk(db, "SELECT ? + 1", "I", 2LL);
	CHECK(a != NULL && b != NULL && a != b);
	CHECK_INT(db_scalar(b, -1), 3);
	CHECK_INT(db_scalar(a, -1), 2);
	c = db_prepk(db, "SELECT ? + 1", "I", 41LL);
	CHECK(c == a || c == b);
	CHECK_INT(db_scalar(c, -1), 42);
	CHECK_INT(db_scalar(db_prepk(db, "SELECT ? * 2", "I", 21LL), -1), 42);
	CHECK(db_prepk(db, "SELECT ?", "x", 1) == NULL);
	CHECK_INT(db_scalar(db_prepk(db, "SELECT ?", "i", 5), -1), 5);
	CHECK_INT(db_exec_st(db, db_prepk(db, "INSERT INTO trees (name, url, created_at) "
					  "VALUES (?, 'u', 0)", "s", "t1")), DB_OK);
	CHECK_INT(db_exec_st(db, db_prepk(db, "INSERT INTO trees (name, url, created_at) "
					  "VALUES (?, 'u', 0)", "s", "t1")), DB_INVALID);
	CHECK_INT(db_scalar(db_prepk(db, "SELECT count(*) FROM trees", ""), -1), 1);
	db_unlock(db);
	db_close(db);
}

/* The connection has no mutex of its own: a statement prepared without
 * db_lock stops the process, naming what was done. */
static void test_lock_held(void)
{
	struct db *db = open_fresh("held.db", db_latest_version());
	int fds[2], status = 0;
	char msg[256] = "";
	ssize_t n;
	pid_t pid;

	CHECK(pipe(fds) == 0);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		db_scalar(db_prep(db, "SELECT 1", ""), -1);
		_exit(0);
	}
	close(fds[1]);
	n = read(fds[0], msg, sizeof msg - 1);
	msg[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CHECK(strstr(msg, "a statement was prepared without the connection's lock") != NULL);
	/* with the lock, as every caller */
	CHECK_INT(test_scalar(db, "SELECT 1", ""), 1);
	db_close(db);
}

static void test_newer_schema_refused(void)
{
	struct db *db = open_fresh("new.db", db_latest_version());
	char *cause = NULL;

	db_close(db);
	/* Pretend a later kpcid wrote it. */
	{
		sqlite3 *raw;

		CHECK_INT(sqlite3_open(path, &raw), SQLITE_OK);
		CHECK_INT(sqlite3_exec(raw, "PRAGMA user_version = 99", NULL, NULL, NULL),
			  SQLITE_OK);
		sqlite3_close(raw);
	}
	CHECK_INT(db_open(&db, path, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "schema version 99, newer than this kpcid knows"));
	free(cause);
}

static void test_tokens(struct db *db)
{
	char *t1 = NULL, *t2 = NULL, *cause = NULL, role[8];
	struct db_token *l;
	long long id1, id2;
	size_t n;

	CHECK_INT(db_token_create(db, &t1, "runner", "r", "*", &cause), DB_OK);
	CHECK_INT(db_token_create(db, &t2, "runner", "r", "*", &cause), DB_OK);
	CHECK(strncmp(t1, "kpci_", 5) == 0 && strlen(t1) == 53);
	CHECK(strcmp(t1, t2) != 0);
	CHECK_INT(db_token_check(db, t1, role, &id1), DB_OK);
	CHECK_INT(db_token_check(db, t2, role, &id2), DB_OK);
	CHECK(id1 != id2);
	CHECK_INT(db_token_check(db, "kpci_nope", role, &id1), DB_NOTFOUND);
	free(t1);
	CHECK_INT(db_token_create(db, &t1, "root", "x", NULL, &cause), DB_ERR);
	CHECK(t1 == NULL);
	CHECK(cause && strstr(cause, "unknown token role 'root'"));
	free(cause);
	cause = NULL;
	CHECK_INT(db_token_revoke(db, id2), DB_OK);
	CHECK_INT(db_token_check(db, t2, role, &id2), DB_NOTFOUND);
	CHECK_INT(db_token_revoke(db, 999), DB_NOTFOUND);
	free(t2);
	/* the list: the revoked one marked, a runner token's classes kept */
	CHECK_INT(db_tokens_list(db, &l, &n), DB_OK);
	CHECK(n >= 2 && l[n - 1].id == id2 && l[n - 1].revoked && !l[n - 2].revoked);
	CHECK_STR(l[n - 1].role, "runner");
	CHECK_STR(l[n - 1].name, "r");
	CHECK_STR(l[n - 1].runner_classes, "*");
	db_tokens_free(l, n);
	db_tokens_free(NULL, 0);
}

/* One name as a list of names (lib/rec_names.h), *n 1. */
static char **names_of(const char *name, size_t *n)
{
	char **v = calloc(2, sizeof *v);

	*n = v && (v[0] = strdup(name)) ? 1 : 0;
	return v;
}

static long long add_runner(struct db *db, const char *name, const char *cls, long long tok)
{
	struct rec_runner r = { 0 };
	char *cause = NULL;
	long long id = 0;

	r.name = strdup(name);
	r.runner_class = strdup(cls);
	r.capabilities = names_of("bench", &r.ncapabilities);
	r.boot_methods = names_of("host", &r.nboot_methods);
	r.topology = json_pack("{s:[{s:i, s:[i,i]}, {s:i, s:[i,i]}], s:s}", "nodes", "id", 0,
			       "cpus", 0, 1, "id", 1, "cpus", 2, 3, "cpu_model", "Test CPU");
	CHECK_INT(db_runner_register(db, &id, tok, &r, &cause), DB_OK);
	free(cause);
	rec_runner_dispose(&r);
	return id;
}

static void make_result(struct proto_result *r, long long job, int attempt, double base)
{
	memset(r, 0, sizeof *r);
	r->job_id = job;
	r->attempt = attempt;
	r->status = strdup("ok");
	r->env = json_pack("{s:s, s:s}", "kernel_release", "6.12.0", "boot_method", "host");
	for (int i = 0; i < 3; i++)
		proto_result_add(r, "kbench", "syscall-getppid", "ns/op", 0, i, base + i);
}

/* The status count of what: runners, samples, or the jobs of a state. */
static long long count(struct db *db, const char *what)
{
	struct rec_status st;
	long long n;

	if (db_status(db, &st) != DB_OK)
		return -1;
	n = !strcmp(what, "runners") ? st.runners : !strcmp(what, "samples") ? st.samples :
	    rec_status_jobs(&st, what);
	rec_status_dispose(&st);
	if (!strcmp(what, "samples"))       /* the rows kept (0023) are the table's */
		CHECK_INT(test_scalar(db, "SELECT count(*) FROM samples", ""), n);
	return n;
}

static void test_jobs(struct db *db)
{
	long long a = add_runner(db, "a", "cls", 1), b = add_runner(db, "b", "cls", 2);
	long long other = add_runner(db, "c", "other", 2), id;
	struct proto_job job, none;
	struct proto_result r;
	json_t *spec = json_pack("{s:s, s:s, s:i}", "suite", "kbench", "boot", "host",
				 "iterations", 3);
	char *cause = NULL;
	int dup;

	CHECK(a > 0 && b > 0 && a != b);
	/* Re-registering the same name with the same token keeps the id. */
	CHECK_INT(add_runner(db, "a", "cls", 1), a);

	CHECK_INT(db_job_submit(db, &id, "bench", spec, "cls", 0, 2), DB_OK);
	CHECK_INT(db_job_claim(db, &none, other, 60), DB_OK);
	CHECK_INT(none.id, 0);  /* another runner class */
	CHECK_INT(db_job_claim(db, &job, a, 60), DB_OK);
	CHECK_INT(job.id, id);
	CHECK_INT(job.attempt, 1);
	CHECK_STR(job.kind, "bench");
	CHECK_STR(json_string_value(json_object_get(job.spec, "suite")), "kbench");
	CHECK_INT(db_job_claim(db, &none, b, 60), DB_OK);
	CHECK_INT(none.id, 0);  /* leased already */
	CHECK_INT(db_job_heartbeat(db, id, 1, a, 60), DB_OK);
	CHECK_INT(db_job_heartbeat(db, id, 1, b, 60), DB_CONFLICT);

	/* Only the lease holder may upload; then once per attempt. */
	make_result(&r, id, 1, 100);
	CHECK_INT(db_job_result(db, b, &r, &dup, &cause), DB_CONFLICT);
	free(cause);
	cause = NULL;
	CHECK_INT(count(db, "samples"), 0);
	CHECK_INT(db_job_result(db, a, &r, &dup, &cause), DB_OK);
	CHECK_INT(dup, 0);
	CHECK_INT(count(db, "samples"), 3);
	CHECK_INT(db_job_result(db, a, &r, &dup, &cause), DB_OK);
	CHECK_INT(dup, 1);
	CHECK_INT(count(db, "samples"), 3);
	proto_result_dispose(&r);

	proto_job_dispose(&job);

	/* A lease that ran out: requeued, then failed after max_attempts (2). */
	CHECK_INT(db_job_submit(db, &id, "bench", spec, NULL, 5, 2), DB_OK);
	CHECK_INT(db_job_claim(db, &job, b, -5), DB_OK);  /* already expired */
	CHECK_INT(job.id, id);
	{
		int requeued, failed;

		CHECK_INT(db_job_expire_leases(db, &requeued, &failed), DB_OK);
		CHECK_INT(requeued, 1);
		CHECK_INT(failed, 0);
		proto_job_dispose(&job);
		CHECK_INT(db_job_claim(db, &job, a, -5), DB_OK);
		CHECK_INT(job.attempt, 2);
		CHECK_INT(db_job_expire_leases(db, &requeued, &failed), DB_OK);
		CHECK_INT(requeued, 0);
		CHECK_INT(failed, 1);
	}
	{
		struct rec_job j;

		CHECK_INT(db_job_get(db, &j, id), DB_OK);
		CHECK_STR(j.state, "failed");
		CHECK(j.reason && strstr(j.reason, "lease expired on attempt 2 of 2") != NULL);
		CHECK(j.finished_at > 0 && !j.lease_expires);
		rec_job_dispose(&j);
		CHECK_INT(db_job_get(db, &j, id + 1000), DB_NOTFOUND);
	}
	/* The late upload of a failed job is refused and stores nothing. */
	make_result(&r, id, 2, 50);
	CHECK_INT(db_job_result(db, a, &r, &dup, &cause), DB_CONFLICT);
	free(cause);
	cause = NULL;
	CHECK_INT(count(db, "samples"), 3);
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	json_decref(spec);
}

static void test_metric_conflict(struct db *db)
{
	json_t *spec = json_pack("{s:s, s:s}", "suite", "kbench", "boot", "host");
	long long id, a = add_runner(db, "m", "cls-m", 1);
	struct proto_job job;
	struct proto_result r;
	char *cause = NULL;
	int dup;

	CHECK_INT(db_job_submit(db, &id, "bench", spec, "cls-m", 0, 1), DB_OK);
	CHECK_INT(db_job_claim(db, &job, a, 60), DB_OK);
	make_result(&r, id, 1, 10);
	free(r.samples[2].unit);
	r.samples[2].unit = strdup("ms");
	CHECK_INT(db_job_result(db, a, &r, &dup, &cause), DB_MISMATCH);
	CHECK(cause && strstr(cause, "is stored in ns/op"));
	free(cause);
	/* All or nothing: the two good samples were rolled back too. */
	CHECK_INT(count(db, "samples"), 3);
	{
		struct rec_job j;

		CHECK_INT(db_job_get(db, &j, id), DB_OK);
		CHECK_STR(j.state, "running");
		CHECK_STR(j.runner, "m");
		CHECK(j.phase_percent == REC_NONE && j.samples == 0);
		rec_job_dispose(&j);
	}
	proto_result_dispose(&r);
	proto_job_dispose(&job);
	json_decref(spec);
}

static void test_lists(struct db *db)
{
	struct rec_samples samples;
	struct rec_metrics metrics;
	struct rec_runners runners;
	json_t *rows;

	CHECK_INT(db_samples_list(db, &samples, 0, "kbench/syscall-getppid", 2, 0), DB_OK);
	CHECK_INT(samples.n, 2);
	CHECK_STR(samples.v[0].unit, "ns/op");
	CHECK(samples.v[0].id > samples.v[1].id && !samples.v[0].lab && isnan(samples.v[0].spread));
	rec_samples_dispose(&samples);
	CHECK_INT(db_metrics_list(db, &metrics), DB_OK);
	CHECK(metrics.n >= 1);
	CHECK_STR(metrics.v[0].better, "lower");
	rec_metrics_dispose(&metrics);
	CHECK_INT(db_runners_list(db, &runners, 100, 0), DB_OK);
	CHECK_INT(runners.n, 4);
	CHECK_INT(runners.v[0].numa_nodes, 2);
	CHECK_INT(runners.v[0].cpus, 4);
	CHECK(json_is_object(runners.v[0].topology));
	/* the one encoder names the columns the API answers */
	rows = rec_runners_encode(&runners);
	CHECK_INT(json_integer_value(json_object_get(json_array_get(rows, 0), "numa_nodes")), 2);
	CHECK(json_is_null(json_object_get(json_array_get(rows, 0), "current_job")));
	CHECK(json_is_object(json_object_get(json_array_get(rows, 0), "topology")));
	CHECK(!json_object_get(json_array_get(rows, 0), "drift"));
	json_decref(rows);
	rec_runners_dispose(&runners);
	CHECK_INT(db_runners_list(db, &runners, 2, 3), DB_OK);
	CHECK_INT(runners.n, 1);
	rec_runners_dispose(&runners);
	{
		struct db_job_filter f = { .state = "failed" };
		struct rec_jobs jobs;

		CHECK_INT(db_jobs_list(db, &jobs, "failed", 10, 0), DB_OK);
		CHECK_INT(jobs.n, 1);
		CHECK_INT(jobs.v[0].shape, REC_JOB_ROW);
		/* a list row answers without "tree" and "build_id"... */
		rows = rec_jobs_encode(&jobs);
		CHECK_INT(json_object_size(json_array_get(rows, 0)), 20);
		CHECK(!json_object_get(json_array_get(rows, 0), "build_id"));
		json_decref(rows);
		rec_jobs_dispose(&jobs);
		/* ...a found one with them, null when there are none */
		CHECK_INT(db_jobs_find(db, &jobs, &f, 10, 0), DB_OK);
		CHECK_INT(jobs.n, 1);
		rows = rec_jobs_encode(&jobs);
		CHECK_INT(json_object_size(json_array_get(rows, 0)), 22);
		CHECK(json_is_null(json_object_get(json_array_get(rows, 0), "build_id")));
		CHECK(json_is_null(json_object_get(json_array_get(rows, 0), "tree")));
		json_decref(rows);
		rec_jobs_dispose(&jobs);
		CHECK_INT(db_jobs_running(db, &jobs), DB_OK);
		CHECK(jobs.n >= 1);
		for (size_t i = 0; i < jobs.n; i++)
			CHECK_STR(jobs.v[i].state, "running");
		rec_jobs_dispose(&jobs);
	}
}

static int remove_entry(const char *p, const struct stat *st, int type, struct FTW *f)
{
	return remove(p);
}

/* A thread that waits for the connection while another yields it gets it
 * first: the yielding thread does not take the mutex straight back. */
static int yield_order;

static void *yield_waiter(void *arg)
{
	struct db *db = arg;

	db_lock(db);
	yield_order = yield_order * 10 + 2;     /* the waiter's turn */
	usleep(20000);
	db_unlock(db);
	return NULL;
}

static void test_yield(struct db *db)
{
	pthread_t t;

	db_lock(db);
	CHECK_INT(pthread_create(&t, NULL, yield_waiter, db), 0);
	for (int i = 0; i < 2000 && atomic_load(&db->waiting) == 0; i++)
		usleep(1000);
	CHECK_INT(atomic_load(&db->waiting), 1);
	db_yield(db);
	yield_order = yield_order * 10 + 1;     /* the yielder's, after it */
	db_unlock(db);
	pthread_join(t, NULL);
	CHECK_INT(yield_order, 21);
}

int main(void)
{
	struct db *db;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_migrations();
	test_checkpointer();
	test_pages();
	test_commits_rebuild();
	test_commit_levels();
	test_commit_twins();
	test_kept_statements();
	test_lock_held();
	test_newer_schema_refused();
	db = open_fresh("jobs.db", db_latest_version());
	test_tokens(db);
	test_jobs(db);
	test_metric_conflict(db);
	test_lists(db);
	test_yield(db);
	db_close(db);
	nftw(dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
	return check_done();
}
