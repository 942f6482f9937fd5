/*
 * db.c - SQLite storage: connection, migrations, and the queries kpcid
 * runs.  One connection per struct db, serialised by a mutex; writers use
 * BEGIN IMMEDIATE so that a multi-row change is all or nothing.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "db/db.h"
#include "db/migrations.h"
#include "lib/log.h"
#include "lib/sha256.h"

struct db {
	sqlite3 *conn;
	pthread_mutex_t lock;
};

static int db_fail(char **cause, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int db_fail(char **cause, const char *fmt, ...)
{
	va_list ap;

	if (!cause)
		return DB_ERR;
	va_start(ap, fmt);
	if (vasprintf(cause, fmt, ap) < 0)
		*cause = NULL;
	va_end(ap);
	return DB_ERR;
}

static long long db_now(void)
{
	return (long long)time(NULL);
}

/*
 * Prepares sql and binds the arguments described by types, one letter per
 * parameter: i int, I long long, d double, s text (NULL binds NULL),
 * j json_t * (bound as its compact text).  Returns NULL on error (logged).
 */
static sqlite3_stmt *db_prep(struct db *db, const char *sql, const char *types, ...)
{
	sqlite3_stmt *st;
	va_list ap;
	int rc = SQLITE_OK, idx = 1;

	if (sqlite3_prepare_v2(db->conn, sql, -1, &st, NULL) != SQLITE_OK) {
		log_error("db: cannot prepare: %s: %s", sqlite3_errmsg(db->conn), sql);
		return NULL;
	}
	va_start(ap, types);
	for (const char *t = types; *t && rc == SQLITE_OK; t++, idx++) {
		const char *s;
		char *text;

		switch (*t) {
		case 'i': rc = sqlite3_bind_int(st, idx, va_arg(ap, int)); break;
		case 'I': rc = sqlite3_bind_int64(st, idx, va_arg(ap, long long)); break;
		case 'd': rc = sqlite3_bind_double(st, idx, va_arg(ap, double)); break;
		case 's':
			s = va_arg(ap, const char *);
			rc = s ? sqlite3_bind_text(st, idx, s, -1, SQLITE_TRANSIENT)
			       : sqlite3_bind_null(st, idx);
			break;
		case 'j':
			text = json_dumps(va_arg(ap, const json_t *), JSON_COMPACT | JSON_SORT_KEYS);
			rc = text ? sqlite3_bind_text(st, idx, text, -1, free)
				  : sqlite3_bind_null(st, idx);
			break;
		default:
			rc = SQLITE_MISUSE;
		}
	}
	va_end(ap);
	if (rc != SQLITE_OK) {
		log_error("db: cannot bind parameter %d: %s", idx - 1, sqlite3_errstr(rc));
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

/* Runs a statement that returns no rows; finalizes it.  A violated
 * constraint (a repeated unique key) is DB_INVALID. */
static int db_exec_st(struct db *db, sqlite3_stmt *st)
{
	int rc;

	if (!st)
		return DB_ERR;
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc == SQLITE_CONSTRAINT)
		return DB_INVALID;
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		log_error("db: %s", sqlite3_errmsg(db->conn));
		return DB_ERR;
	}
	return DB_OK;
}

static int db_exec(struct db *db, const char *sql)
{
	char *err = NULL;

	if (sqlite3_exec(db->conn, sql, NULL, NULL, &err) != SQLITE_OK) {
		log_error("db: %s", err ? err : "error");
		sqlite3_free(err);
		return DB_ERR;
	}
	return DB_OK;
}

/* Single integer from the first column of the first row; def if none. */
static long long db_scalar(sqlite3_stmt *st, long long def)
{
	long long v = def;

	if (st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * Turns every row of st into a JSON object keyed by column name; a column
 * named "x_json" holds JSON text and becomes key "x" with that value.
 * Finalizes st.  NULL on error.
 */
static json_t *db_rows(struct db *db, sqlite3_stmt *st)
{
	json_t *arr;
	int rc;

	if (!st)
		return NULL;
	arr = json_array();
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_t *row = json_object();

		for (int i = 0; i < sqlite3_column_count(st); i++) {
			const char *name = sqlite3_column_name(st, i);
			size_t n = strlen(name);
			json_t *v;

			switch (sqlite3_column_type(st, i)) {
			case SQLITE_INTEGER: v = json_integer(sqlite3_column_int64(st, i)); break;
			case SQLITE_FLOAT: v = json_real(sqlite3_column_double(st, i)); break;
			case SQLITE_NULL: v = json_null(); break;
			default:
				v = NULL;
				if (n > 5 && !strcmp(name + n - 5, "_json"))
					v = json_loads((const char *)sqlite3_column_text(st, i), 0, NULL);
				if (!v)
					v = json_stringn((const char *)sqlite3_column_text(st, i),
							 (size_t)sqlite3_column_bytes(st, i));
			}
			if (n > 5 && !strcmp(name + n - 5, "_json")) {
				char key[64];

				snprintf(key, sizeof key, "%.*s", (int)(n - 5), name);
				json_object_set_new(row, key, v);
			} else {
				json_object_set_new(row, name, v);
			}
		}
		json_array_append_new(arr, row);
	}
	if (rc != SQLITE_DONE) {
		log_error("db: %s", sqlite3_errmsg(db->conn));
		json_decref(arr);
		arr = NULL;
	}
	sqlite3_finalize(st);
	return arr;
}

static void db_lock(struct db *db)
{
	pthread_mutex_lock(&db->lock);
}

static void db_unlock(struct db *db)
{
	pthread_mutex_unlock(&db->lock);
}

static int db_begin(struct db *db)
{
	return db_exec(db, "BEGIN IMMEDIATE");
}

static int db_end(struct db *db, int rc)
{
	if (rc == DB_OK && db_exec(db, "COMMIT") == DB_OK)
		return DB_OK;
	db_exec(db, "ROLLBACK");
	return rc == DB_OK ? DB_ERR : rc;
}

/* ------------------------------------------------------------------ */

int db_latest_version(void)
{
	return db_migrations_count;
}

static int db_version_locked(struct db *db)
{
	return (int)db_scalar(db_prep(db, "PRAGMA user_version", ""), -1);
}

int db_schema_version(struct db *db)
{
	int v;

	db_lock(db);
	v = db_version_locked(db);
	db_unlock(db);
	return v;
}

/* Applies migrations after the current version up to target, one
 * transaction each, so a failure leaves the last good version. */
static int db_migrate(struct db *db, int target, char **cause)
{
	int cur = db_version_locked(db);

	if (cur < 0)
		return db_fail(cause, "cannot read the schema version");
	if (cur > db_migrations_count)
		return db_fail(cause, "the database has schema version %d, newer than "
			       "this kpcid knows (%d)", cur, db_migrations_count);
	for (int v = cur + 1; v <= target; v++) {
		const struct db_migration *m = &db_migrations[v - 1];
		char pragma[64], *err = NULL;

		snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", v);
		if (db_exec(db, "BEGIN IMMEDIATE") < 0)
			return db_fail(cause, "cannot start migration %s", m->name);
		if (sqlite3_exec(db->conn, m->sql, NULL, NULL, &err) != SQLITE_OK ||
		    db_exec(db, pragma) < 0 || db_exec(db, "COMMIT") < 0) {
			db_fail(cause, "migration %s failed: %s", m->name,
				err ? err : sqlite3_errmsg(db->conn));
			sqlite3_free(err);
			db_exec(db, "ROLLBACK");
			return DB_ERR;
		}
		log_info("db: applied migration %s", m->name);
	}
	return DB_OK;
}

int db_open_at(struct db **out, const char *path, int version, char **cause)
{
	struct db *db;

	*out = NULL;
	db = calloc(1, sizeof *db);
	if (!db)
		return db_fail(cause, "out of memory");
	pthread_mutex_init(&db->lock, NULL);
	if (sqlite3_open_v2(path, &db->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK) {
		db_fail(cause, "cannot open database %s: %s", path,
			db->conn ? sqlite3_errmsg(db->conn) : "out of memory");
		goto fail;
	}
	sqlite3_busy_timeout(db->conn, DB_BUSY_TIMEOUT_MS);
	if (db_exec(db, "PRAGMA journal_mode = WAL") < 0 ||
	    db_exec(db, "PRAGMA foreign_keys = ON") < 0 ||
	    db_exec(db, "PRAGMA synchronous = NORMAL") < 0) {
		db_fail(cause, "cannot set up database %s: %s", path, sqlite3_errmsg(db->conn));
		goto fail;
	}
	if (db_migrate(db, version, cause) < 0)
		goto fail;
	*out = db;
	return DB_OK;
fail:
	db_close(db);
	return DB_ERR;
}

int db_open(struct db **out, const char *path, char **cause)
{
	return db_open_at(out, path, db_migrations_count, cause);
}

void db_close(struct db *db)
{
	if (!db)
		return;
	sqlite3_close(db->conn);
	pthread_mutex_destroy(&db->lock);
	free(db);
}

int db_ping(struct db *db)
{
	long long v;

	db_lock(db);
	v = db_scalar(db_prep(db, "SELECT 1", ""), 0);
	db_unlock(db);
	return v == 1 ? DB_OK : DB_ERR;
}

/* --- tokens --------------------------------------------------------- */

int db_token_create(struct db *db, char **token, const char *role, const char *name,
		    char **cause)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char raw[24];
	char text[5 + 2 * sizeof raw + 1], hash[SHA256_HEX_LEN + 1];
	int rc;

	*token = NULL;
	if (strcmp(role, "admin") && strcmp(role, "runner") && strcmp(role, "read"))
		return db_fail(cause, "unknown token role '%s' (admin, runner or read)", role);
	if (sha256_random(raw, sizeof raw) < 0)
		return db_fail(cause, "cannot read random bytes for the token");
	memcpy(text, "kpci_", 5);
	for (size_t i = 0; i < sizeof raw; i++) {
		text[5 + 2 * i] = digits[raw[i] >> 4];
		text[6 + 2 * i] = digits[raw[i] & 15];
	}
	text[sizeof text - 1] = '\0';
	sha256_hex(hash, text, strlen(text));
	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "INSERT INTO api_tokens (name, role, hash, created_at) "
				   "VALUES (?, ?, ?, ?)", "sssI", name, role, hash, db_now()));
	db_unlock(db);
	if (rc < 0)
		return db_fail(cause, "cannot store the token");
	*token = strdup(text);
	return *token ? DB_OK : DB_ERR;
}

int db_token_check(struct db *db, const char *token, char role[8], long long *id)
{
	char hash[SHA256_HEX_LEN + 1];
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	sha256_hex(hash, token, strlen(token));
	db_lock(db);
	st = db_prep(db, "SELECT id, role FROM api_tokens WHERE hash = ? AND revoked = 0",
		     "s", hash);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		snprintf(role, 8, "%s", (const char *)sqlite3_column_text(st, 1));
		rc = DB_OK;
	}
	sqlite3_finalize(st);
	if (rc == DB_OK)
		db_exec_st(db, db_prep(db, "UPDATE api_tokens SET last_used = ? WHERE id = ?",
				       "II", db_now(), *id));
	db_unlock(db);
	return rc;
}

json_t *db_tokens_list(struct db *db)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT id, name, role, created_at, last_used, revoked "
				   "FROM api_tokens ORDER BY id", ""));
	db_unlock(db);
	return rows;
}

int db_token_revoke(struct db *db, long long id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "UPDATE api_tokens SET revoked = 1 WHERE id = ?",
				    "I", id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

/* --- trees ---------------------------------------------------------- */

int db_tree_upsert(struct db *db, const char *name, const char *url)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "INSERT INTO trees (name, url, created_at) "
				   "VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET url = excluded.url",
				   "ssI", name, url, db_now()));
	db_unlock(db);
	return rc;
}

json_t *db_trees_list(struct db *db)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT id, name, url, created_at FROM trees "
				   "ORDER BY name", ""));
	db_unlock(db);
	return rows;
}

/* --- runners -------------------------------------------------------- */

/* Counts topology.nodes and the CPUs listed in them. */
static void db_topology_counts(const json_t *topo, int *nodes, int *cpus)
{
	const json_t *arr = json_object_get(topo, "nodes"), *node;
	size_t i;

	*nodes = (int)json_array_size(arr);
	*cpus = 0;
	json_array_foreach(arr, i, node)
		*cpus += (int)json_array_size(json_object_get(node, "cpus"));
}

int db_runner_register(struct db *db, long long *id, long long token_id,
		       const struct proto_register *r, char **cause)
{
	const char *cpu = json_string_value(json_object_get(r->topology, "cpu_model"));
	const char *rel = json_string_value(json_object_get(r->topology, "kernel_release"));
	long long owner, now = db_now();
	int nodes, cpus, rc;

	db_topology_counts(r->topology, &nodes, &cpus);
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return db_fail(cause, "database busy");
	}
	owner = db_scalar(db_prep(db, "SELECT token_id FROM runners WHERE name = ?", "s",
				  r->name), -1);
	if (owner >= 0 && owner != token_id) {
		rc = db_end(db, DB_CONFLICT);
		db_unlock(db);
		db_fail(cause, "runner name '%s' is already registered with another token",
			r->name);
		return rc;
	}
	rc = db_exec_st(db, db_prep(db,
		"INSERT INTO runners (name, runner_class, token_id, capabilities, boot_methods, "
		" topology, cpu_model, numa_nodes, cpus, kernel_release, registered_at, last_seen) "
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
		"ON CONFLICT (name) DO UPDATE SET runner_class = excluded.runner_class, "
		" capabilities = excluded.capabilities, boot_methods = excluded.boot_methods, "
		" topology = excluded.topology, cpu_model = excluded.cpu_model, "
		" numa_nodes = excluded.numa_nodes, cpus = excluded.cpus, "
		" kernel_release = excluded.kernel_release, last_seen = excluded.last_seen",
		"ssIjjjsiisII", r->name, r->runner_class, token_id, r->capabilities,
		r->boot_methods, r->topology, cpu, nodes, cpus, rel, now, now));
	if (rc == DB_OK)
		*id = db_scalar(db_prep(db, "SELECT id FROM runners WHERE name = ?", "s",
					r->name), 0);
	rc = db_end(db, rc);
	db_unlock(db);
	return rc == DB_OK ? DB_OK : db_fail(cause, "cannot store runner '%s'", r->name);
}

int db_runner_touch(struct db *db, long long runner_id, long long token_id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "UPDATE runners SET last_seen = ? "
				   "WHERE id = ? AND token_id = ?", "III",
				   db_now(), runner_id, token_id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

json_t *db_runners_list(struct db *db, int limit, int offset)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db,
		"SELECT r.id, r.name, r.runner_class, r.capabilities AS capabilities_json, "
		" r.boot_methods AS boot_methods_json, r.topology AS topology_json, r.cpu_model, "
		" r.numa_nodes, r.cpus, r.kernel_release, r.registered_at, r.last_seen, "
		" (SELECT j.id FROM jobs j WHERE j.lease_owner = r.id AND j.state = 'running' "
		"  ORDER BY j.id LIMIT 1) AS current_job "
		"FROM runners r ORDER BY r.name LIMIT ? OFFSET ?", "ii", limit, offset));
	db_unlock(db);
	return rows;
}

/* --- jobs ----------------------------------------------------------- */

int db_job_submit(struct db *db, long long *id, const char *kind, const json_t *spec,
		  const char *runner_class, int priority, int max_attempts)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "INSERT INTO jobs (kind, spec, runner_class, priority, "
				   "max_attempts, created_at) VALUES (?, ?, ?, ?, ?, ?)",
				   "sjsiiI", kind, spec, runner_class, priority, max_attempts,
				   db_now()));
	*id = rc == DB_OK ? sqlite3_last_insert_rowid(db->conn) : 0;
	db_unlock(db);
	return rc;
}

/* Requeue or fail expired leases; caller holds the lock. */
static int db_expire_locked(struct db *db, int *requeued, int *failed)
{
	long long now = db_now();
	int rc;

	rc = db_exec_st(db, db_prep(db,
		"UPDATE jobs SET state = 'failed', finished_at = ?1, lease_owner = NULL, "
		" lease_expires = NULL, "
		" reason = 'lease expired on attempt ' || attempt || ' of ' || max_attempts || "
		"  ' (runner ' || IFNULL((SELECT name FROM runners WHERE id = lease_owner), '?') || "
		"  ' stopped answering)' "
		"WHERE state = 'running' AND lease_expires < ?1 AND attempt >= max_attempts",
		"I", now));
	*failed = rc == DB_OK ? sqlite3_changes(db->conn) : 0;
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prep(db,
			"UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_expires = NULL, "
			" reason = 'requeued: the lease of attempt ' || attempt || ' expired (runner ' || "
			"  IFNULL((SELECT name FROM runners WHERE id = lease_owner), '?') || ')' "
			"WHERE state = 'running' AND lease_expires < ?", "I", now));
	*requeued = rc == DB_OK ? sqlite3_changes(db->conn) : 0;
	return rc;
}

int db_job_expire_leases(struct db *db, int *requeued, int *failed)
{
	int rc;

	db_lock(db);
	rc = db_expire_locked(db, requeued, failed);
	db_unlock(db);
	return rc;
}

int db_job_claim(struct db *db, struct proto_job *out, long long runner_id,
		 int lease_seconds)
{
	sqlite3_stmt *st;
	int requeued, failed, rc = DB_OK;
	long long now = db_now();

	memset(out, 0, sizeof *out);
	db_lock(db);
	db_expire_locked(db, &requeued, &failed);
	/* One statement: the pick and the lease cannot be separated. */
	st = db_prep(db,
		"UPDATE jobs SET state = 'running', lease_owner = ?1, lease_expires = ?2 + ?3, "
		" attempt = attempt + 1, started_at = ?2, reason = NULL "
		"WHERE id = (SELECT j.id FROM jobs j, runners r WHERE r.id = ?1 "
		"  AND j.state = 'queued' "
		"  AND (j.runner_class IS NULL OR j.runner_class = r.runner_class) "
		"  AND j.kind IN (SELECT value FROM json_each(r.capabilities)) "
		"  AND (j.kind <> 'bench' OR json_extract(j.spec, '$.boot') IN "
		"       (SELECT value FROM json_each(r.boot_methods))) "
		"  ORDER BY j.priority DESC, j.id LIMIT 1) "
		"RETURNING id, attempt, kind, spec", "III", runner_id, now, (long long)lease_seconds);
	if (!st) {
		db_unlock(db);
		return DB_ERR;
	}
	switch (sqlite3_step(st)) {
	case SQLITE_ROW:
		out->id = sqlite3_column_int64(st, 0);
		out->attempt = sqlite3_column_int(st, 1);
		out->kind = strdup((const char *)sqlite3_column_text(st, 2));
		out->spec = json_loads((const char *)sqlite3_column_text(st, 3), 0, NULL);
		out->lease_seconds = lease_seconds;
		if (!out->kind || !out->spec)
			rc = DB_ERR;
		break;
	case SQLITE_DONE:
		break;
	default:
		log_error("db: claim: %s", sqlite3_errmsg(db->conn));
		rc = DB_ERR;
	}
	sqlite3_finalize(st);
	db_unlock(db);
	if (rc != DB_OK)
		proto_job_free(out);
	return rc;
}

int db_job_heartbeat(struct db *db, long long job_id, int attempt, long long runner_id,
		     int lease_seconds)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prep(db, "UPDATE jobs SET lease_expires = ? "
				   "WHERE id = ? AND attempt = ? AND lease_owner = ? AND state = 'running'",
				   "IIiI", db_now() + lease_seconds, job_id, attempt, runner_id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_CONFLICT;
	db_unlock(db);
	return rc;
}

/* Finds or creates the metric of a sample; DB_INVALID when it exists with
 * another unit or direction. */
static int db_metric_id(struct db *db, long long *id, const struct proto_sample *s,
			char **cause)
{
	const char *dir = s->higher_is_better ? "higher" : "lower";
	sqlite3_stmt *st;
	int rc = DB_OK;

	st = db_prep(db, "SELECT id, unit, direction FROM metrics WHERE suite = ? AND name = ?",
		     "ss", s->suite, s->metric);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		if (strcmp((const char *)sqlite3_column_text(st, 1), s->unit) ||
		    strcmp((const char *)sqlite3_column_text(st, 2), dir))
			rc = DB_INVALID;
		if (rc == DB_INVALID)
			db_fail(cause, "metric %s/%s is stored in %s (%s is better), not in %s "
				"(%s is better)", s->suite, s->metric,
				sqlite3_column_text(st, 1), sqlite3_column_text(st, 2),
				s->unit, dir);
		sqlite3_finalize(st);
		return rc;
	}
	sqlite3_finalize(st);
	rc = db_exec_st(db, db_prep(db, "INSERT INTO metrics (suite, name, unit, direction) "
				   "VALUES (?, ?, ?, ?)", "ssss", s->suite, s->metric, s->unit, dir));
	*id = sqlite3_last_insert_rowid(db->conn);
	return rc;
}

static int db_series_id(struct db *db, long long *id, long long metric_id,
			const char *runner_class, const char *config)
{
	*id = db_scalar(db_prep(db, "SELECT id FROM series WHERE metric_id = ? AND "
				"runner_class = ? AND config_name = ? AND branch_id IS NULL",
				"Iss", metric_id, runner_class, config), 0);
	if (*id) {
		return db_exec_st(db, db_prep(db, "UPDATE series SET dirty = 1 WHERE id = ?",
					      "I", *id));
	}
	if (db_exec_st(db, db_prep(db, "INSERT INTO series (metric_id, runner_class, "
				   "config_name, dirty) VALUES (?, ?, ?, 1)", "Iss",
				   metric_id, runner_class, config)) < 0)
		return DB_ERR;
	*id = sqlite3_last_insert_rowid(db->conn);
	return DB_OK;
}

/* The environment row for env (with the server's runner identity). */
static int db_env_id(struct db *db, long long *id, json_t *env, const char *runner_class)
{
	char hash[SHA256_HEX_LEN + 1], *text;

	text = json_dumps(env, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text)
		return DB_ERR;
	sha256_hex(hash, text, strlen(text));
	free(text);
	*id = db_scalar(db_prep(db, "SELECT id FROM environments WHERE hash = ?", "s", hash), 0);
	if (*id)
		return DB_OK;
	if (db_exec_st(db, db_prep(db, "INSERT INTO environments (hash, runner_class, "
				   "kernel_release, boot_method, cpu_model, env) VALUES (?, ?, ?, ?, ?, ?)",
				   "sssssj", hash, runner_class,
				   json_string_value(json_object_get(env, "kernel_release")),
				   json_string_value(json_object_get(env, "boot_method")),
				   json_string_value(json_object_get(env, "cpu_model")), env)) < 0)
		return DB_ERR;
	*id = sqlite3_last_insert_rowid(db->conn);
	return DB_OK;
}

/* Body of db_job_result inside its transaction. */
static int db_result_locked(struct db *db, long long runner_id,
			    const struct proto_result *r, int *duplicate, char **cause)
{
	sqlite3_stmt *st;
	char *runner_class = NULL, *runner_name = NULL, *commit = NULL, *config = NULL;
	long long owner = 0, env_id;
	int attempt = 0, running = 0, rc = DB_ERR;
	json_t *env = NULL;

	if (db_scalar(db_prep(db, "SELECT 1 FROM job_results WHERE job_id = ? AND attempt = ?",
			      "Ii", r->job_id, r->attempt), 0)) {
		*duplicate = 1;
		return DB_OK;
	}
	st = db_prep(db, "SELECT j.attempt, j.state = 'running', IFNULL(j.lease_owner, 0), "
		     " j.commit_sha, IFNULL(json_extract(j.spec, '$.config'), ''), "
		     " r.runner_class, r.name FROM jobs j, runners r WHERE j.id = ? AND r.id = ?",
		     "II", r->job_id, runner_id);
	if (!st)
		return DB_ERR;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		db_fail(cause, "job %lld does not exist", r->job_id);
		return DB_NOTFOUND;
	}
	attempt = sqlite3_column_int(st, 0);
	running = sqlite3_column_int(st, 1);
	owner = sqlite3_column_int64(st, 2);
	if (sqlite3_column_type(st, 3) != SQLITE_NULL)
		commit = strdup((const char *)sqlite3_column_text(st, 3));
	config = strdup((const char *)sqlite3_column_text(st, 4));
	runner_class = strdup((const char *)sqlite3_column_text(st, 5));
	runner_name = strdup((const char *)sqlite3_column_text(st, 6));
	sqlite3_finalize(st);
	if (!config || !runner_class || !runner_name)
		goto out;
	if (!running || attempt != r->attempt || owner != runner_id) {
		db_fail(cause, "job %lld attempt %d is not leased to this runner any more",
			r->job_id, r->attempt);
		rc = DB_CONFLICT;
		goto out;
	}
	/* The server, not the runner, says who took the samples. */
	env = json_deep_copy(r->env);
	json_object_set_new(env, "runner", json_string(runner_name));
	json_object_set_new(env, "runner_class", json_string(runner_class));
	if (db_env_id(db, &env_id, env, runner_class) < 0)
		goto out;
	for (size_t i = 0; i < r->nsamples; i++) {
		const struct proto_sample *s = &r->samples[i];
		long long metric_id, series_id;

		rc = db_metric_id(db, &metric_id, s, cause);
		if (rc == DB_OK)
			rc = db_series_id(db, &series_id, metric_id, runner_class, config);
		if (rc == DB_OK)
			rc = db_exec_st(db, db_prep(db, "INSERT INTO samples (job_id, attempt, "
				"series_id, env_id, runner_id, commit_sha, iteration, value, created_at) "
				"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "IiIIIsidI", r->job_id, r->attempt,
				series_id, env_id, runner_id, commit, s->iteration, s->value, db_now()));
		if (rc == DB_INVALID && cause && !*cause)
			db_fail(cause, "samples[%zu] repeats %s/%s iteration %d", i, s->suite,
				s->metric, s->iteration);
		if (rc != DB_OK)
			goto out;
	}
	rc = db_exec_st(db, db_prep(db, "INSERT INTO job_results (job_id, attempt, runner_id, "
				   "status, reason, log, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				   "IiIsssI", r->job_id, r->attempt, runner_id, r->status, r->reason,
				   r->log, db_now()));
	if (rc == DB_OK)
		rc = db_exec_st(db, db_prep(db, "UPDATE jobs SET state = ?, reason = ?, "
			"finished_at = ?, lease_owner = NULL, lease_expires = NULL WHERE id = ?",
			"ssII", strcmp(r->status, "ok") ? "failed" : "done", r->reason, db_now(),
			r->job_id));
out:
	json_decref(env);
	free(commit);
	free(config);
	free(runner_class);
	free(runner_name);
	return rc;
}

int db_job_result(struct db *db, long long runner_id, const struct proto_result *r,
		  int *duplicate, char **cause)
{
	int rc;

	*duplicate = 0;
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return db_fail(cause, "database busy");
	}
	rc = db_end(db, db_result_locked(db, runner_id, r, duplicate, cause));
	db_unlock(db);
	if (rc == DB_ERR && cause && !*cause)
		db_fail(cause, "cannot store the result of job %lld", r->job_id);
	return rc;
}

#define DB_JOB_COLUMNS \
	"j.id, j.kind, j.state, j.priority, j.runner_class, j.spec AS spec_json, " \
	"j.commit_sha, j.attempt, j.max_attempts, j.reason, j.created_at, j.started_at, " \
	"j.finished_at, j.lease_expires, (SELECT name FROM runners WHERE id = IFNULL(j.lease_owner, " \
	" (SELECT x.runner_id FROM job_results x WHERE x.job_id = j.id ORDER BY x.attempt DESC " \
	"  LIMIT 1))) AS runner, (SELECT count(*) FROM samples s WHERE s.job_id = j.id) AS samples "

json_t *db_jobs_list(struct db *db, const char *state, int limit, int offset)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j "
				   "WHERE ?1 IS NULL OR j.state = ?1 ORDER BY j.id DESC LIMIT ? OFFSET ?",
				   "sii", state, limit, offset));
	db_unlock(db);
	return rows;
}

json_t *db_job_get(struct db *db, long long id)
{
	json_t *rows, *job = NULL;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT " DB_JOB_COLUMNS "FROM jobs j WHERE j.id = ?",
				   "I", id));
	db_unlock(db);
	if (rows && json_array_size(rows))
		job = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return job;
}

json_t *db_samples_list(struct db *db, long long job_id, const char *metric,
			int limit, int offset)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db,
		"SELECT s.id, s.job_id, s.attempt, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, s.iteration, s.value, se.runner_class, "
		" r.name AS runner, s.commit_sha, e.kernel_release, e.boot_method, s.created_at "
		"FROM samples s JOIN series se ON se.id = s.series_id "
		" JOIN metrics m ON m.id = se.metric_id JOIN environments e ON e.id = s.env_id "
		" LEFT JOIN runners r ON r.id = s.runner_id "
		"WHERE (?1 = 0 OR s.job_id = ?1) AND (?2 IS NULL OR m.name = ?2 "
		"  OR m.suite || '/' || m.name = ?2) "
		"ORDER BY s.id DESC LIMIT ?3 OFFSET ?4", "Isii", job_id, metric, limit, offset));
	db_unlock(db);
	return rows;
}

json_t *db_metrics_list(struct db *db)
{
	json_t *rows;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT id, suite, name, unit, direction AS better "
				   "FROM metrics ORDER BY suite, name", ""));
	db_unlock(db);
	return rows;
}

json_t *db_status(struct db *db)
{
	json_t *st = json_object(), *jobs = json_object(), *rows;
	size_t i;
	json_t *row;

	db_lock(db);
	rows = db_rows(db, db_prep(db, "SELECT state, count(*) AS n FROM jobs GROUP BY state", ""));
	json_array_foreach(rows, i, row)
		json_object_set(jobs, json_string_value(json_object_get(row, "state")),
				json_object_get(row, "n"));
	json_decref(rows);
	json_object_set_new(st, "jobs", jobs);
	json_object_set_new(st, "runners",
		json_integer(db_scalar(db_prep(db, "SELECT count(*) FROM runners", ""), 0)));
	json_object_set_new(st, "samples",
		json_integer(db_scalar(db_prep(db, "SELECT count(*) FROM samples", ""), 0)));
	json_object_set_new(st, "schema_version", json_integer(db_version_locked(db)));
	db_unlock(db);
	return st;
}
