// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_migrate.c - applying the schema migrations (db/migrations/, embedded
 * by db/embed.sh) and checking the foreign keys of the tables each one
 * can have affected, so that an upgrade does not read the whole file.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "db/db_internal.h"
#include "db/migrations.h"
#include "lib/fail.h"
#include "lib/log.h"

/* A set of table names (compared as SQLite does: without case). */
struct db_names {
	char **v;
	size_t n, cap;
	int oom;
};

static int db_names_has(const struct db_names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcasecmp(s->v[i], name) == 0)
			return 1;
	return 0;
}

static void db_names_add(struct db_names *s, const char *name)
{
	char *dup;

	if (!name || db_names_has(s, name))
		return;
	dup = strdup(name);
	if (!dup || db_grow((void **)&s->v, &s->cap, s->n + 2, sizeof *s->v, 1 << 20) < 0) {
		free(dup);
		s->oom = 1;
		return;
	}
	s->v[s->n++] = dup;
	s->v[s->n] = NULL;
}

static void db_names_free(struct db_names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* What a migration's statements write, as SQLite compiles them (the
 * statements of the triggers they fire included). */
struct db_touched {
	struct db_names written;        /* rows or schema changed in any way */
	struct db_names lost;           /* rows inserted (REPLACE), deleted, dropped */
	struct db_names updated;        /* "table\ncolumn" of each column updated */
};

/* sqlite3_set_authorizer: notes the tables a statement writes.  Names of
 * SQLite's own tables (sqlite_schema, sqlite_sequence ...) are left out. */
static int db_touch_auth(void *cls, int action, const char *a1, const char *a2,
			 const char *dbname, const char *trigger)
{
	struct db_touched *t = cls;
	const char *table = NULL;
	int lost = 0;

	(void)dbname;
	(void)trigger;
	switch (action) {
	case SQLITE_UPDATE:
		table = a1;
		if (a1 && a2) {
			char *key = sqlite3_mprintf("%s\n%s", a1, a2);

			if (!key)
				t->updated.oom = 1;
			db_names_add(&t->updated, key);
			sqlite3_free(key);
		}
		break;
	case SQLITE_INSERT:             /* an INSERT OR REPLACE removes rows */
	case SQLITE_DELETE:
	case SQLITE_DROP_TABLE:
		table = a1;
		lost = 1;
		break;
	case SQLITE_CREATE_TABLE:
		table = a1;
		break;
	case SQLITE_ALTER_TABLE:        /* a2: the table; a parent key cannot be dropped */
		table = a2;
		break;
	}
	if (table && strncasecmp(table, "sqlite_", 7) != 0) {
		db_names_add(&t->written, table);
		if (lost)
			db_names_add(&t->lost, table);
	}
	return SQLITE_OK;
}

/* The names of the tables of the schema, into *s. */
static int db_table_names(struct db *db, struct db_names *s)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(db->conn, "SELECT name FROM sqlite_schema WHERE type = 'table'",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		db_names_add(s, (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE && !s->oom ? 0 : -1;
}

/* Whether the parent key column to (NULL: the primary key, any column
 * then) of table parent was updated, or its rowid by that name (SQLite
 * names it ROWID then; a rowid alias by its own name). */
static int db_key_updated(const struct db_touched *t, const char *parent, const char *to)
{
	size_t len = strlen(parent);

	for (size_t i = 0; i < t->updated.n; i++) {
		const char *u = t->updated.v[i];

		if (strncasecmp(u, parent, len) == 0 && u[len] == '\n' &&
		    (!to || strcasecmp(u + len + 1, to) == 0 || strcmp(u + len + 1, "ROWID") == 0))
			return 1;
	}
	return 0;
}

/*
 * The tables to check after a migration, into *out: each table it wrote,
 * created, altered or dropped (a table rebuilt by SQLite's procedure is
 * dropped and its copy renamed to its name), each table that did not
 * exist before it (renamed to a new name), and each table with a foreign
 * key to a table it inserted into, deleted from or dropped, or whose
 * parent key column it updated (a parent that may have lost rows).  A
 * table only read, or only given an index, is not checked, nor are the
 * children of a table only created, given columns or updated elsewhere
 * than in the keys they refer to.
 */
static int db_fk_tables(struct db *db, const struct db_names *before,
			const struct db_touched *t, struct db_names *out)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if (sqlite3_prepare_v2(db->conn, "SELECT s.name, f.\"table\", f.\"to\" "
			       "FROM sqlite_schema s "
			       "LEFT JOIN pragma_foreign_key_list(s.name) f "
			       "WHERE s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
			       "ORDER BY s.name", -1, &st, NULL) != SQLITE_OK)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		const char *parent = (const char *)sqlite3_column_text(st, 1);
		const char *to = (const char *)sqlite3_column_text(st, 2);

		if (db_names_has(&t->written, name) || !db_names_has(before, name) ||
		    (parent && (db_names_has(&t->lost, parent) || db_key_updated(t, parent, to))))
			db_names_add(out, name);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE && !out->oom ? 0 : -1;
}

/* -1 with *err (sqlite3_malloc'd) when a row of a table of tables refers
 * to a missing one, or when the check cannot run. */
static int db_fk_check(struct db *db, const struct db_names *tables, char **err)
{
	for (size_t i = 0; i < tables->n; i++) {
		sqlite3_stmt *st = NULL;
		int rc = 0, step;

		if (sqlite3_prepare_v2(db->conn, "SELECT \"table\", rowid, parent "
				       "FROM pragma_foreign_key_check(?) LIMIT 1", -1, &st,
				       NULL) != SQLITE_OK)
			return -1;
		sqlite3_bind_text(st, 1, tables->v[i], -1, SQLITE_STATIC);
		step = sqlite3_step(st);
		if (step == SQLITE_ROW) {
			*err = sqlite3_mprintf("it would leave row %lld of %s referring to a "
					       "missing row of %s", sqlite3_column_int64(st, 1),
					       sqlite3_column_text(st, 0),
					       sqlite3_column_text(st, 2));
			rc = -1;
		} else if (step != SQLITE_DONE) {
			*err = sqlite3_mprintf("cannot check the foreign keys of %s: %s",
					       tables->v[i], sqlite3_errmsg(db->conn));
			rc = -1;
		}
		sqlite3_finalize(st);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* Runs m's SQL and checks the foreign keys of the tables it can have
 * affected (db_fk_tables) into *checked; -1 with *err (sqlite3_malloc'd,
 * or NULL: see sqlite3_errmsg). */
static int db_migration_run(struct db *db, const struct db_migration *m,
			    struct db_names *checked, char **err)
{
	struct db_touched t;
	struct db_names before = { 0 };
	int rc = -1, ran;

	memset(&t, 0, sizeof t);
	if (db_table_names(db, &before) < 0)
		goto out;
	sqlite3_set_authorizer(db->conn, db_touch_auth, &t);
	ran = sqlite3_exec(db->conn, m->sql, NULL, NULL, err);
	sqlite3_set_authorizer(db->conn, NULL, NULL);
	if (ran != SQLITE_OK)
		goto out;
	if (t.written.oom || t.lost.oom || t.updated.oom) {
		*err = sqlite3_mprintf("out of memory");
		goto out;
	}
	if (db_fk_tables(db, &before, &t, checked) < 0 || db_fk_check(db, checked, err) < 0)
		goto out;
	rc = 0;
out:
	db_names_free(&before);
	db_names_free(&t.written);
	db_names_free(&t.lost);
	db_names_free(&t.updated);
	return rc;
}

int db_migration_apply(struct db *db, const struct db_migration *m, char ***checked,
		       char **cause)
{
	struct db_names tables = { 0 };
	char pragma[64], *err = NULL;

	if (checked)
		*checked = NULL;
	snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", m->version);
	if (db_exec(db, "PRAGMA foreign_keys = OFF") < 0 || db_exec(db, "BEGIN IMMEDIATE") < 0)
		return fail_cause(cause, "cannot start migration %s", m->name);
	if (db_migration_run(db, m, &tables, &err) < 0 ||
	    db_exec(db, pragma) < 0 || db_exec(db, "COMMIT") < 0) {
		fail_cause(cause, "migration %s failed: %s", m->name,
			   err ? err : sqlite3_errmsg(db->conn));
		sqlite3_free(err);
		db_exec(db, "ROLLBACK");
		db_names_free(&tables);
		return DB_ERR;
	}
	if (checked) {
		*checked = tables.v;          /* NULL-terminated, or NULL when none */
		tables.v = NULL;
		tables.n = 0;
	}
	db_names_free(&tables);
	log_info("db: applied migration %s", m->name);
	return DB_OK;
}

void db_names_dispose(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

int db_migrate(struct db *db, int target, char **cause)
{
	int cur = db_version_locked(db);

	if (cur < 0)
		return fail_cause(cause, "cannot read the schema version");
	if (cur > db_migrations_count)
		return fail_cause(cause, "the database has schema version %d, newer than "
				  "this kpcid knows (%d)", cur, db_migrations_count);
	for (int v = cur + 1; v <= target; v++)
		if (db_migration_apply(db, &db_migrations[v - 1], NULL, cause) < 0)
			return DB_ERR;
	return DB_OK;
}
