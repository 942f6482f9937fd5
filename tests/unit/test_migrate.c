// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_migrate.c - the foreign-key check of a migration (db/db_migrate.c)
 * on a real SQLite file: it covers the tables a migration can have
 * affected and no more, so that samples are read only by a migration
 * that touches them, and a migration that would leave a row referring to
 * a missing one is still refused with its sentence.  And the rows of
 * samples that 0023 counts and keeps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "db/migrations.h"
#include "check_db.h"
#include "check.h"

static char dir[] = "/tmp/kpci-test-migrate.XXXXXX";

static struct db *open_at(const char *name, int version)
{
	struct db *db = NULL;
	char path[256], *cause = NULL;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	CHECK_INT(db_open_at(&db, path, version, &cause), DB_OK);
	free(cause);
	return db;
}

static int has(char **v, const char *name)
{
	for (size_t i = 0; v && v[i]; i++)
		if (strcasecmp(v[i], name) == 0)
			return 1;
	return 0;
}

/* Applies m to db (under its lock) into *checked; its cause into *cause. */
static int apply(struct db *db, const struct db_migration *m, char ***checked, char **cause)
{
	int rc;

	db_lock(db);
	rc = db_migration_apply(db, m, checked, cause);
	db_exec(db, "PRAGMA foreign_keys = ON");
	db_unlock(db);
	return rc;
}

/*
 * Every real migration, one at a time from an empty file: samples are
 * checked by those that create or alter samples (0002, 0019, 0022) and
 * by no other; the others check the tables they create, rebuild or alter.
 */
static void test_real_migrations(void)
{
	struct db *db = open_at("real.db", 0);
	char *cause = NULL;

	for (int v = 1; v <= db_migrations_count; v++) {
		char **checked = NULL;
		int want = v == 2 || v == 19 || v == 22;

		CHECK_INT(apply(db, &db_migrations[v - 1], &checked, &cause), DB_OK);
		if (has(checked, "samples") != want)
			fprintf(stderr, "migration %s: samples %s\n", db_migrations[v - 1].name,
				want ? "not checked" : "checked");
		CHECK_INT(has(checked, "samples"), want);
		if (v == 9)     /* rebuilds commits: it and the lines referring to it */
			CHECK(has(checked, "commits") && has(checked, "branch_commits") &&
			      !has(checked, "jobs"));
		if (v == 21)    /* a new table, columns of changes, reports rebuilt */
			CHECK(has(checked, "confirmations") && has(checked, "changes") &&
			      has(checked, "reports") && has(checked, "report_deliveries") &&
			      !has(checked, "reports_new") && !has(checked, "jobs") &&
			      !has(checked, "series"));
		db_names_dispose(checked);
	}
	CHECK_INT(db_schema_version(db), db_latest_version());
	free(cause);
	db_close(db);
}

/* A job and a series with one sample each, plus a sample whose job is
 * missing (written with foreign keys off, as a damaged file may have). */
static void fill(struct db *db)
{
	CHECK_INT(test_exec(db, "INSERT INTO jobs (id, kind, state, spec, created_at) "
			    "VALUES (1, 'bench', 'done', '{}', 0), (2, 'bench', 'done', '{}', 0)",
			    ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO metrics (id, suite, name, unit, direction) "
			    "VALUES (1, 's', 'm', 'ns', 'lower')", ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO environments (id, hash, runner_class, env) "
			    "VALUES (1, 'e', 'c', '{}')", ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO series (id, metric_id, runner_class) "
			    "VALUES (1, 1, 'c')", ""), DB_OK);
	CHECK_INT(test_exec(db, "INSERT INTO samples (job_id, attempt, series_id, env_id, "
			    "iteration, value, created_at) VALUES (1, 1, 1, 1, 0, 1.0, 0), "
			    "(2, 1, 1, 1, 0, 2.0, 0)", ""), DB_OK);
}

static const struct db_migration *mig(const char *sql)
{
	static struct db_migration m;

	m = (struct db_migration){ db_migrations_count + 1, "9999-test.sql", sql };
	return &m;
}

/*
 * Migrations that would leave a dangling reference are refused with the
 * sentence naming the row, and change nothing; one that touches only
 * another table does not check samples, whose dangling row (made with
 * foreign keys off) a check of the whole file would have found.
 */
static void test_dangling(void)
{
	struct db *db = open_at("dangling.db", db_latest_version());
	char *cause = NULL, **checked = NULL;

	fill(db);
	/* a parent that loses a row its children refer to */
	CHECK_INT(apply(db, mig("DELETE FROM jobs WHERE id = 2;"), &checked, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "migration 9999-test.sql failed: it would leave row 2 "
			      "of samples referring to a missing row of jobs"));
	CHECK(checked == NULL);
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM jobs", ""), 2);
	CHECK_INT(db_schema_version(db), db_latest_version());
	free(cause);
	cause = NULL;
	/* a parent whose key is updated */
	CHECK_INT(apply(db, mig("UPDATE jobs SET id = 7 WHERE id = 1;"), NULL, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "row 1 of samples referring to a missing row of jobs"));
	free(cause);
	cause = NULL;
	CHECK_INT(apply(db, mig("UPDATE jobs SET rowid = 8 WHERE id = 1;"), NULL, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "row 1 of samples referring to a missing row of jobs"));
	free(cause);
	cause = NULL;
	/* a parent rebuilt without one of its rows */
	CHECK_INT(apply(db, mig("CREATE TABLE metrics_new (id INTEGER PRIMARY KEY, "
				"suite TEXT, name TEXT, unit TEXT, direction TEXT);"
				"DROP TABLE metrics; ALTER TABLE metrics_new RENAME TO metrics;"),
		       &checked, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "of series referring to a missing row of metrics"));
	free(cause);
	cause = NULL;
	/* a new table whose rows refer to a missing job */
	CHECK_INT(apply(db, mig("CREATE TABLE notes (job_id INTEGER REFERENCES jobs(id));"
				"INSERT INTO notes VALUES (99);"), NULL, &cause), DB_ERR);
	CHECK(cause && strstr(cause, "row 1 of notes referring to a missing row of jobs"));
	free(cause);
	cause = NULL;
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'notes'", ""),
		  0);

	/* samples refer to a missing job; a migration that only adds a table,
	 * an index and columns of jobs, and updates jobs' other columns,
	 * does not look at them */
	db_lock(db);
	CHECK_INT(db_exec(db, "PRAGMA foreign_keys = OFF"), DB_OK);
	CHECK_INT(db_exec(db, "UPDATE samples SET job_id = 42 WHERE job_id = 2"), DB_OK);
	CHECK_INT(db_exec(db, "PRAGMA foreign_keys = ON"), DB_OK);
	db_unlock(db);
	CHECK_INT(apply(db, mig("CREATE TABLE notes (job_id INTEGER REFERENCES jobs(id));"
				"INSERT INTO notes VALUES (1);"
				"CREATE INDEX samples_value ON samples(value);"
				"ALTER TABLE jobs ADD COLUMN note TEXT;"
				"UPDATE jobs SET note = 'n';"), &checked, &cause), DB_OK);
	CHECK(has(checked, "notes") && has(checked, "jobs") && !has(checked, "samples"));
	CHECK_INT(db_schema_version(db), db_latest_version() + 1);
	db_names_dispose(checked);
	/* the whole file's check finds the row that was not looked at */
	CHECK_INT(test_scalar(db, "SELECT count(*) FROM pragma_foreign_key_check", ""), 1);
	free(cause);
	db_close(db);
}

/* Migration 0023 counts the rows of samples once; the status and the
 * fold's status then read that row, not the table (which the result
 * store and the fold keep it equal to: test_db.c, test_fold.c). */
static void test_sample_count(void)
{
	struct db *db = open_at("count.db", 22);
	struct db_fold_status f;
	struct rec_status st;
	char path[256], *cause = NULL;

	fill(db);
	db_close(db);
	snprintf(path, sizeof path, "%s/count.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	CHECK_INT(test_scalar(db, "SELECT rows FROM sample_count WHERE id = 1", ""), 2);
	CHECK_INT(test_exec(db, "UPDATE sample_count SET rows = 12345", ""), DB_OK);
	CHECK_INT(db_status(db, &st), DB_OK);
	CHECK_INT(st.samples, 12345);
	rec_status_dispose(&st);
	CHECK_INT(db_fold_status(db, &f), DB_OK);
	CHECK_INT(f.samples, 12345);
	free(cause);
	db_close(db);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_real_migrations();
	test_dangling();
	test_sample_count();
	check_db_remove_dir(dir);
	return check_done();
}
