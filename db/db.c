/*
 * db.c - SQLite storage: the connection, migrations and the statement
 * helpers of db/db_internal.h.  The queries live by subject in
 * db/db_<subject>.c.  One connection per struct db, serialised by a
 * mutex; writers use BEGIN IMMEDIATE so that a multi-row change is all or
 * nothing.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "db/migrations.h"
#include "lib/log.h"
#include "lib/utf8.h"

#define DB_STR_(x) #x
#define DB_STR(x) DB_STR_(x)            /* a number's macro as SQL text */

int db_fail(char **cause, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int db_fail(char **cause, const char *fmt, ...)
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

long long db_now(void)
{
	return (long long)time(NULL);
}

/*
 * Statements kept prepared (db_prepk): SQLite compiles a statement on
 * every prepare, which was a quarter of the overview's time.  One table
 * for the process, under its own lock, so that db_done needs only the
 * statement; each entry belongs to one connection and is used under that
 * connection's lock.  A full table keeps nothing more (db_prepk then
 * prepares as db_prep does).
 */
#define DB_KEPT_MAX 256
#define DB_YIELD_WAIT_US 100000     /* db_yield waits at most this for the waiters */

static struct db_kept {
	sqlite3 *conn;
	unsigned hash;                  /* of the SQL text */
	sqlite3_stmt *st;
	int busy;                       /* handed out, not yet given back */
} db_kept[DB_KEPT_MAX];
static pthread_mutex_t db_kept_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned db_kept_hash(const char *sql)
{
	unsigned h = 2166136261u;       /* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)sql; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* A kept statement of sql on db's connection that is not in use, marked
 * busy; NULL when there is none. */
static sqlite3_stmt *db_kept_take(struct db *db, const char *sql, unsigned hash)
{
	sqlite3_stmt *st = NULL;

	pthread_mutex_lock(&db_kept_lock);
	for (size_t i = 0; i < DB_KEPT_MAX && !st; i++) {
		struct db_kept *e = &db_kept[i];

		if (e->st && !e->busy && e->conn == db->conn && e->hash == hash &&
		    !strcmp(sqlite3_sql(e->st), sql)) {
			e->busy = 1;
			st = e->st;
		}
	}
	pthread_mutex_unlock(&db_kept_lock);
	return st;
}

/* Keeps st (busy) when there is room. */
static void db_kept_add(struct db *db, sqlite3_stmt *st, unsigned hash)
{
	pthread_mutex_lock(&db_kept_lock);
	for (size_t i = 0; i < DB_KEPT_MAX; i++) {
		if (!db_kept[i].st) {
			db_kept[i] = (struct db_kept){ .conn = db->conn, .hash = hash, .st = st,
						       .busy = 1 };
			break;
		}
	}
	pthread_mutex_unlock(&db_kept_lock);
}

void db_done(sqlite3_stmt *st)
{
	int kept = 0;

	if (!st)
		return;
	pthread_mutex_lock(&db_kept_lock);
	for (size_t i = 0; i < DB_KEPT_MAX && !kept; i++) {
		if (db_kept[i].st == st) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			db_kept[i].busy = 0;
			kept = 1;
		}
	}
	pthread_mutex_unlock(&db_kept_lock);
	if (!kept)
		sqlite3_finalize(st);
}

/* Finalizes the kept statements of db's connection (before it closes). */
static void db_kept_drop(struct db *db)
{
	pthread_mutex_lock(&db_kept_lock);
	for (size_t i = 0; i < DB_KEPT_MAX; i++) {
		if (db_kept[i].st && db_kept[i].conn == db->conn) {
			sqlite3_finalize(db_kept[i].st);
			memset(&db_kept[i], 0, sizeof db_kept[i]);
		}
	}
	pthread_mutex_unlock(&db_kept_lock);
}

/* Binds the arguments of types to st (see db_prep); an SQLite code. */
static int db_bindv(sqlite3_stmt *st, const char *types, va_list ap)
{
	int rc = SQLITE_OK, idx = 1;

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
		if (rc != SQLITE_OK)
			log_error("db: cannot bind parameter %d: %s", idx, sqlite3_errstr(rc));
	}
	return rc;
}

/*
 * Prepares sql and binds the arguments described by types, one letter per
 * parameter: i int, I long long, d double, s text (NULL binds NULL),
 * j json_t * (bound as its compact text).  Returns NULL on error (logged).
 */
sqlite3_stmt *db_prep(struct db *db, const char *sql, const char *types, ...)
{
	sqlite3_stmt *st;
	va_list ap;
	int rc;

	db_held(db, "a statement was prepared");
	if (sqlite3_prepare_v2(db->conn, sql, -1, &st, NULL) != SQLITE_OK) {
		log_error("db: cannot prepare: %s: %s", sqlite3_errmsg(db->conn), sql);
		return NULL;
	}
	va_start(ap, types);
	rc = db_bindv(st, types, ap);
	va_end(ap);
	if (rc != SQLITE_OK) {
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

sqlite3_stmt *db_prepk(struct db *db, const char *sql, const char *types, ...)
{
	unsigned hash;
	sqlite3_stmt *st;
	va_list ap;
	int rc;

	db_held(db, "a statement was prepared");
	hash = db_kept_hash(sql);
	st = db_kept_take(db, sql, hash);

	if (!st) {
		if (sqlite3_prepare_v3(db->conn, sql, -1, SQLITE_PREPARE_PERSISTENT, &st,
				       NULL) != SQLITE_OK) {
			log_error("db: cannot prepare: %s: %s", sqlite3_errmsg(db->conn), sql);
			return NULL;
		}
		db_kept_add(db, st, hash);
	}
	va_start(ap, types);
	rc = db_bindv(st, types, ap);
	va_end(ap);
	if (rc != SQLITE_OK) {
		db_done(st);
		return NULL;
	}
	return st;
}

/* Runs a statement that returns no rows; finalizes it.  A violated
 * constraint (a repeated unique key) is DB_INVALID. */
int db_exec_st(struct db *db, sqlite3_stmt *st)
{
	int rc;

	if (!st)
		return DB_ERR;
	rc = sqlite3_step(st);
	db_done(st);
	if (rc == SQLITE_CONSTRAINT)
		return DB_INVALID;
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		log_error("db: %s", sqlite3_errmsg(db->conn));
		return DB_ERR;
	}
	return DB_OK;
}

int db_exec(struct db *db, const char *sql)
{
	char *err = NULL;

	db_held(db, "a statement was run");
	if (sqlite3_exec(db->conn, sql, NULL, NULL, &err) != SQLITE_OK) {
		log_error("db: %s", err ? err : "error");
		sqlite3_free(err);
		return DB_ERR;
	}
	return DB_OK;
}

/* Single integer from the first column of the first row; def if none. */
long long db_scalar(sqlite3_stmt *st, long long def)
{
	long long v = def;

	if (st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	db_done(st);
	return v;
}

/* Text as a JSON string; text that is not valid UTF-8 (a Latin-1 commit
 * subject) is shown with U+FFFD for each bad byte rather than dropped. */
static json_t *db_text_json(const char *s, size_t n)
{
	json_t *v = json_stringn(s ? s : "", s ? n : 0);
	char *fixed;
	size_t len;

	if (v || !(fixed = utf8_repair(s, n, &len)))
		return v;
	v = json_stringn(fixed, len);
	free(fixed);
	return v;
}

void db_column_text(char *out, size_t size, sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	size_t n = s ? (size_t)sqlite3_column_bytes(st, i) : 0, k = 0, len;
	char *fixed = NULL;

	if (s && !utf8_valid(s, n) && (fixed = utf8_repair(s, n, &len))) {
		s = fixed;
		n = len;
	}
	/* whole sequences only: a cut never leaves half a character */
	while (k < n && s[k]) {
		size_t q = utf8_seq((const unsigned char *)s + k, n - k);

		if (!q || k + q >= size)
			break;
		k += q;
	}
	if (size) {
		memcpy(out, s ? s : "", k);
		out[k] = '\0';
	}
	free(fixed);
}

/*
 * Turns every row of st into a JSON object keyed by column name; a column
 * named "x_json" holds JSON text and becomes key "x" with that value.
 * Finalizes st.  NULL on error.
 */
json_t *db_rows(struct db *db, sqlite3_stmt *st)
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
					v = db_text_json((const char *)sqlite3_column_text(st, i),
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
	db_done(st);
	return arr;
}

void db_lock(struct db *db)
{
	atomic_fetch_add(&db->waiting, 1);
	pthread_mutex_lock(&db->lock);
	atomic_fetch_sub(&db->waiting, 1);
	db->holder = pthread_self();
	db->held = 1;
}

void db_unlock(struct db *db)
{
	db->held = 0;
	pthread_mutex_unlock(&db->lock);
}

/* A thread that holds the lock reads what it wrote itself; any other
 * thread reads held 0 or another thread's id, never its own. */
void db_held(struct db *db, const char *what)
{
	if (db->held && pthread_equal(db->holder, pthread_self()))
		return;
	log_error("db: %s without the connection's lock", what);
	abort();
}

void db_yield(struct db *db)
{
	db_unlock(db);
	/* until each waiter has had its turn: at most DB_YIELD_WAIT_US */
	for (int us = 0; us < DB_YIELD_WAIT_US && atomic_load(&db->waiting) > 0; us += 100)
		usleep(100);
	db_lock(db);
}

int db_begin(struct db *db)
{
	return db_exec(db, "BEGIN IMMEDIATE");
}

int db_end(struct db *db, int rc)
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
	return (int)db_scalar(db_prepk(db, "PRAGMA user_version", ""), -1);
}

int db_schema_version(struct db *db)
{
	int v;

	db_lock(db);
	v = db_version_locked(db);
	db_unlock(db);
	return v;
}

/*
 * Applies migrations after the current version up to target, one
 * transaction each, so a failure leaves the last good version.  They run
 * with foreign keys off, as SQLite's procedure for changing a table's
 * schema needs (a rebuilt table is dropped and its copy renamed without
 * touching the rows that refer to it); each is checked with
 * foreign_key_check before it commits.
 */
/* -1 with *err (sqlite3_malloc'd) when a row refers to a missing one. */
static int db_fk_check(struct db *db, char **err)
{
	sqlite3_stmt *st = NULL;
	int rc = 0;

	if (sqlite3_prepare_v2(db->conn, "PRAGMA foreign_key_check", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*err = sqlite3_mprintf("it would leave row %lld of %s referring to a missing row of %s",
				       sqlite3_column_int64(st, 1), sqlite3_column_text(st, 0),
				       sqlite3_column_text(st, 2));
		rc = -1;
	}
	sqlite3_finalize(st);
	return rc;
}

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
		    db_fk_check(db, &err) < 0 ||
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

/* sqlite3_update_hook: counts the rows written per table.  It runs in the
 * writing thread, which holds db->lock; db_tables_version reads the
 * counters without it, so they change atomically.  SQLite does not call
 * it for rows removed by an ON CONFLICT REPLACE (the insert that replaces
 * them is counted) nor by the truncate optimisation of an unconditional
 * DELETE. */
static void db_update_hook(void *cls, int op, const char *dbname, const char *table,
			   sqlite3_int64 rowid)
{
	struct db *db = cls;
	size_t i, n = db->nwritten;

	(void)op;
	(void)dbname;
	(void)rowid;
	for (i = 0; i < n; i++)
		if (!strcmp(db->written[i].table, table))
			break;
	if (i == n) {
		if (i == DB_MAX_TABLES || strlen(table) >= sizeof db->written[i].table) {
			__atomic_fetch_add(&db->written_other, 1, __ATOMIC_RELAXED);
			return;
		}
		snprintf(db->written[i].table, sizeof db->written[i].table, "%s", table);
		__atomic_store_n(&db->nwritten, n + 1, __ATOMIC_RELEASE);
	}
	__atomic_fetch_add(&db->written[i].rows, 1, __ATOMIC_RELAXED);
}

static long long db_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* PRAGMA data_version, read at most every DB_EXTERNAL_CHECK_MS; -1 on error. */
static long long db_external_version(struct db *db)
{
	long long now = db_mono_ms(), v;

	if (now - __atomic_load_n(&db->external_at, __ATOMIC_ACQUIRE) < DB_EXTERNAL_CHECK_MS)
		return __atomic_load_n(&db->external, __ATOMIC_RELAXED);
	db_lock(db);
	v = db->external;
	if (now - db->external_at >= DB_EXTERNAL_CHECK_MS) {
		if (!db->data_version &&
		    sqlite3_prepare_v2(db->conn, "PRAGMA data_version", -1, &db->data_version,
				       NULL) != SQLITE_OK)
			db->data_version = NULL;
		v = db->data_version && sqlite3_step(db->data_version) == SQLITE_ROW ?
		    sqlite3_column_int64(db->data_version, 0) : -1;
		if (db->data_version)
			sqlite3_reset(db->data_version);
		if (v >= 0) {
			__atomic_store_n(&db->external, v, __ATOMIC_RELAXED);
			__atomic_store_n(&db->external_at, now, __ATOMIC_RELEASE);
		}
	}
	db_unlock(db);
	return v;
}

int db_tables_version(struct db *db, char *out, size_t n, const char *const *tables)
{
	size_t nw = __atomic_load_n(&db->nwritten, __ATOMIC_ACQUIRE);
	unsigned long long rows = __atomic_load_n(&db->written_other, __ATOMIC_RELAXED);
	long long ext = db_external_version(db);

	for (size_t i = 0; i < nw; i++) {
		int read = !tables;

		for (const char *const *t = tables; t && *t && !read; t++)
			read = !strcmp(db->written[i].table, *t);
		if (read)
			rows += __atomic_load_n(&db->written[i].rows, __ATOMIC_RELAXED);
	}
	if (ext < 0)
		return -1;
	snprintf(out, n, "%llu.%lld", rows, ext);
	return 0;
}

/*
 * The checkpointer: a thread with a connection of its own copies the WAL
 * back into the database file when a commit has left DB_CHECKPOINT_BYTES
 * or more in it.  SQLite's auto-checkpoint would do that inside the
 * commit that crossed the mark, holding the writer (and, through
 * db->lock, every request behind it) for as long as the copy takes; a
 * PASSIVE checkpoint on another connection blocks neither readers nor
 * writers.
 */
struct db_checkpointer {
	sqlite3 *conn;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int pages;                      /* DB_CHECKPOINT_BYTES in the file's pages */
	int due, stop;
};

static void *db_checkpointer_main(void *arg)
{
	struct db_checkpointer *c = arg;

	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (!c->due && !c->stop)
			pthread_cond_wait(&c->cv, &c->mu);
		if (c->stop)
			break;
		c->due = 0;
		pthread_mutex_unlock(&c->mu);
		if (sqlite3_wal_checkpoint_v2(c->conn, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL,
					      NULL) != SQLITE_OK)
			log_warn("db: checkpoint: %s", sqlite3_errmsg(c->conn));
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* sqlite3_wal_hook of the main connection: runs after each commit. */
static int db_wal_hook(void *arg, sqlite3 *conn, const char *dbname, int pages)
{
	struct db_checkpointer *c = arg;

	(void)conn;
	(void)dbname;
	if (pages >= c->pages) {
		pthread_mutex_lock(&c->mu);
		c->due = 1;
		pthread_cond_signal(&c->cv);
		pthread_mutex_unlock(&c->mu);
	}
	return SQLITE_OK;
}

/* Starts the checkpointer of db (in WAL mode); on failure SQLite's own
 * auto-checkpoint stays, which is slower but correct. */
static void db_checkpointer_start(struct db *db, const char *path)
{
	struct db_checkpointer *c = calloc(1, sizeof *c);
	long long page;

	if (!c)
		return;
	page = db_scalar(db_prep(db, "PRAGMA page_size", ""), 0);   /* once: not kept */
	c->pages = (int)(DB_CHECKPOINT_BYTES / (page > 0 ? page : 4096));
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cv, NULL);
	/* A connection that has read nothing does not know the file is in
	 * WAL mode yet: its checkpoints would do nothing and say so only
	 * through their frame counts (-1).  The journal mode makes it look. */
	if (sqlite3_open_v2(path, &c->conn, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA journal_mode", NULL, NULL, NULL) != SQLITE_OK ||
	    pthread_create(&c->thread, NULL, db_checkpointer_main, c) != 0) {
		log_warn("db: no checkpointer thread; commits checkpoint themselves");
		sqlite3_close(c->conn);
		pthread_cond_destroy(&c->cv);
		pthread_mutex_destroy(&c->mu);
		free(c);
		return;
	}
	sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
	db->ckpt = c;
	sqlite3_wal_hook(db->conn, db_wal_hook, c);     /* replaces the auto-checkpoint */
}

static void db_checkpointer_stop(struct db *db)
{
	struct db_checkpointer *c = db->ckpt;

	if (!c)
		return;
	sqlite3_wal_hook(db->conn, NULL, NULL);
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	sqlite3_close(c->conn);
	pthread_cond_destroy(&c->cv);
	pthread_mutex_destroy(&c->mu);
	free(c);
	db->ckpt = NULL;
}

/* SQLite's own settings, before it starts: no memory statistics, which
 * take a global mutex on every allocation. */
static void db_sqlite_config(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/*
 * The connection is opened without SQLite's mutex (SQLITE_OPEN_NOMUTEX):
 * db->lock already serialises every use of it, and sqlite3_changes and
 * sqlite3_last_insert_rowid depend on that anyway.  SQLite's mutex would
 * be taken again on each bind, step and reset, about 6% of what a poll's
 * inserts cost.  The statement helpers check the lock (db_held).
 */
int db_open_at(struct db **out, const char *path, int version, char **cause)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct db *db;

	*out = NULL;
	db = calloc(1, sizeof *db);
	if (!db)
		return db_fail(cause, "out of memory");
	pthread_once(&once, db_sqlite_config);
	pthread_mutex_init(&db->lock, NULL);
	db_lock(db);                    /* no one else has db yet: for db_held */
	if (sqlite3_open_v2(path, &db->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		db_fail(cause, "cannot open database %s: %s", path,
			db->conn ? sqlite3_errmsg(db->conn) : "out of memory");
		goto fail;
	}
	sqlite3_busy_timeout(db->conn, DB_BUSY_TIMEOUT_MS);
	sqlite3_update_hook(db->conn, db_update_hook, db);
	/* A new file gets 16 KiB pages (SQLite's default is 4 KiB); a file
	 * that has pages keeps its size.  The store of a poll of 10,000 new
	 * commits ran about 15% faster: fewer pages to split, find and write
	 * to the WAL for the same rows (docs/watch.md). */
	if (db_exec(db, "PRAGMA page_size = " DB_STR(DB_PAGE_SIZE)) < 0 ||
	    db_exec(db, "PRAGMA journal_mode = WAL") < 0 ||
	    db_exec(db, "PRAGMA synchronous = NORMAL") < 0) {
		db_fail(cause, "cannot set up database %s: %s", path, sqlite3_errmsg(db->conn));
		goto fail;
	}
	if (db_migrate(db, version, cause) < 0)
		goto fail;
	if (db_exec(db, "PRAGMA foreign_keys = ON") < 0) {
		db_fail(cause, "cannot set up database %s: %s", path, sqlite3_errmsg(db->conn));
		goto fail;
	}
	db_checkpointer_start(db, path);
	db_unlock(db);
	*out = db;
	return DB_OK;
fail:
	db_unlock(db);
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
	db_checkpointer_stop(db);
	db_kept_drop(db);
	sqlite3_finalize(db->data_version);
	sqlite3_close(db->conn);
	pthread_mutex_destroy(&db->lock);
	free(db);
}

int db_ping(struct db *db)
{
	long long v;

	db_lock(db);
	v = db_scalar(db_prepk(db, "SELECT 1", ""), 0);
	db_unlock(db);
	return v == 1 ? DB_OK : DB_ERR;
}

json_t *db_status(struct db *db)
{
	json_t *st = json_object(), *jobs = json_object(), *rows;
	size_t i;
	json_t *row;

	db_lock(db);
	rows = db_rows(db, db_prepk(db, "SELECT state, count(*) AS n FROM jobs GROUP BY state", ""));
	json_array_foreach(rows, i, row)
		json_object_set(jobs, json_string_value(json_object_get(row, "state")),
				json_object_get(row, "n"));
	json_decref(rows);
	json_object_set_new(st, "jobs", jobs);
	json_object_set_new(st, "runners",
		json_integer(db_scalar(db_prepk(db, "SELECT count(*) FROM runners", ""), 0)));
	json_object_set_new(st, "samples",
		json_integer(db_scalar(db_prepk(db, "SELECT count(*) FROM samples", ""), 0)));
	json_object_set_new(st, "schema_version", json_integer(db_version_locked(db)));
	db_unlock(db);
	return st;
}
