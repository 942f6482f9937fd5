/*
 * db.c - SQLite storage: the connections, migrations and the statement
 * helpers of db/db_internal.h.  The queries live by subject in
 * db/db_<subject>.c.  One writer per struct db, serialised by a mutex
 * (writers use BEGIN IMMEDIATE so that a multi-row change is all or
 * nothing), and a pool of read connections that reads take instead, each
 * in a transaction of its own (one WAL snapshot); docs/ARCHITECTURE.md,
 * "Concurrency and storage".
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
 * every prepare, which was a quarter of the overview's time.  Each
 * connection (struct db_conn: the writer, each reader) has its own
 * table, used only by the thread that holds the connection, so it needs
 * no lock; a statement's slot is found from the hash of its SQL.  A full
 * table keeps nothing more (db_prepk then prepares as db_prep does).
 */
#define DB_YIELD_WAIT_US 100000     /* db_yield waits at most this for the waiters */

/* The connection the calling thread holds (db_lock, db_read_lock), with
 * its db; NULL when it holds none.  The ones it held before are chained
 * through db_conn.prev. */
static __thread struct db_conn *db_cur;
static __thread struct db *db_cur_db;

static unsigned db_kept_hash(const char *sql)
{
	unsigned h = 2166136261u;       /* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)sql; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

/* A kept statement of sql on c that is not in use, marked busy; NULL
 * when there is none. */
static sqlite3_stmt *db_kept_take(struct db_conn *c, const char *sql, unsigned hash)
{
	for (unsigned k = 0; k < DB_KEPT_MAX; k++) {
		struct db_kept *e = &c->kept[(hash + k) % DB_KEPT_MAX];

		if (!e->st)
			return NULL;
		if (!e->busy && e->hash == hash && !strcmp(sqlite3_sql(e->st), sql)) {
			e->busy = 1;
			return e->st;
		}
	}
	return NULL;
}

/* Keeps st (busy) on c when there is room. */
static void db_kept_add(struct db_conn *c, sqlite3_stmt *st, unsigned hash)
{
	for (unsigned k = 0; k < DB_KEPT_MAX; k++) {
		struct db_kept *e = &c->kept[(hash + k) % DB_KEPT_MAX];

		if (!e->st) {
			*e = (struct db_kept){ .hash = hash, .st = st, .busy = 1 };
			return;
		}
	}
}

void db_done(sqlite3_stmt *st)
{
	sqlite3 *conn;

	if (!st)
		return;
	conn = sqlite3_db_handle(st);
	/* the connections the calling thread holds: its own, then those it
	 * held before (another database's) */
	for (struct db_conn *c = db_cur; c; c = c->prev) {
		unsigned hash;

		if (c->conn != conn)
			continue;
		hash = db_kept_hash(sqlite3_sql(st));
		for (unsigned k = 0; k < DB_KEPT_MAX; k++) {
			struct db_kept *e = &c->kept[(hash + k) % DB_KEPT_MAX];

			if (!e->st)
				break;
			if (e->st == st) {
				sqlite3_reset(st);
				sqlite3_clear_bindings(st);
				e->busy = 0;
				return;
			}
		}
		break;
	}
	sqlite3_finalize(st);
}

/* Finalizes the kept statements of c (before its connection closes). */
static void db_kept_drop(struct db_conn *c)
{
	for (size_t i = 0; i < DB_KEPT_MAX; i++)
		sqlite3_finalize(c->kept[i].st);
	memset(c->kept, 0, sizeof c->kept);
}

/* The connection the calling thread uses for db: the reader it holds,
 * else the writer (whose lock it must hold: db_held). */
static struct db_conn *db_conn_of(struct db *db, const char *what)
{
	if (db_cur && db_cur_db == db)
		return db_cur;
	db_held(db, what);
	return &db->writer;
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

	sqlite3 *conn = db_conn_of(db, "a statement was prepared")->conn;

	if (sqlite3_prepare_v2(conn, sql, -1, &st, NULL) != SQLITE_OK) {
		log_error("db: cannot prepare: %s: %s", sqlite3_errmsg(conn), sql);
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
	struct db_conn *c = db_conn_of(db, "a statement was prepared");
	sqlite3 *conn = c->conn;
	unsigned hash = db_kept_hash(sql);
	sqlite3_stmt *st = db_kept_take(c, sql, hash);
	va_list ap;
	int rc;

	if (!st) {
		if (sqlite3_prepare_v3(conn, sql, -1, SQLITE_PREPARE_PERSISTENT, &st,
				       NULL) != SQLITE_OK) {
			log_error("db: cannot prepare: %s: %s", sqlite3_errmsg(conn), sql);
			return NULL;
		}
		db_kept_add(c, st, hash);
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

	sqlite3 *conn;

	if (!st)
		return DB_ERR;
	conn = sqlite3_db_handle(st);
	rc = sqlite3_step(st);
	if (rc == SQLITE_CONSTRAINT) {
		db_done(st);
		return DB_INVALID;
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		log_error("db: %s", sqlite3_errmsg(conn));
		db_done(st);
		return DB_ERR;
	}
	db_done(st);
	return DB_OK;
}

int db_exec(struct db *db, const char *sql)
{
	sqlite3 *conn = db_conn_of(db, "a statement was run")->conn;
	char *err = NULL;

	if (sqlite3_exec(conn, sql, NULL, NULL, &err) != SQLITE_OK) {
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
		log_error("db: %s", sqlite3_errmsg(sqlite3_db_handle(st)));
		json_decref(arr);
		arr = NULL;
	}
	db_done(st);
	return arr;
}

/* Makes c the calling thread's connection for db, remembering the one
 * it held before (a thread may read one database while it holds
 * another). */
static void db_cur_push(struct db_conn *c, struct db *db)
{
	c->prev = db_cur;
	c->prev_db = db_cur_db;
	db_cur = c;
	db_cur_db = db;
}

static void db_cur_pop(struct db_conn *c)
{
	db_cur = c->prev;
	db_cur_db = c->prev_db;
	c->prev = NULL;
	c->prev_db = NULL;
}

void db_lock(struct db *db)
{
	atomic_fetch_add(&db->waiting, 1);
	pthread_mutex_lock(&db->lock);
	atomic_fetch_sub(&db->waiting, 1);
	db->holder = pthread_self();
	db->held = 1;
	db_cur_push(&db->writer, db);
}

void db_unlock(struct db *db)
{
	db_cur_pop(&db->writer);
	db->held = 0;
	pthread_mutex_unlock(&db->lock);
}

/* A thread that holds the lock reads what it wrote itself; any other
 * thread reads held 0 or another thread's id, never its own.  A thread
 * holding one of db's readers may use the helpers too (for reads). */
void db_held(struct db *db, const char *what)
{
	if (db->held && pthread_equal(db->holder, pthread_self()))
		return;
	if (db_cur_db == db && db_cur != &db->writer)
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

/* Opens read connection number i of db; -1 when it cannot be opened. */
static int db_reader_open(struct db *db, int i)
{
	struct db_conn *c = calloc(1, sizeof *c);

	if (!c)
		return -1;
	if (sqlite3_open_v2(db->path, &c->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
			    NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA query_only = 1", NULL, NULL, NULL) != SQLITE_OK) {
		log_warn("db: cannot open a read connection to %s: %s", db->path,
			 c->conn ? sqlite3_errmsg(c->conn) : "out of memory");
		sqlite3_close(c->conn);
		free(c);
		return -1;
	}
	sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
	db->readers[i] = c;
	return 0;
}

/* A free read connection of db (opened when none is free and fewer than
 * DB_MAX_READERS are), waiting for one when all are taken; NULL when
 * none can be opened. */
static struct db_conn *db_reader_take(struct db *db)
{
	struct db_conn *c = NULL;
	unsigned long long mine;
	int i;

	pthread_mutex_lock(&db->rlock);
	/* first come, first served: a thread that reads again and again must
	 * not keep another waiting */
	mine = db->rticket_next++;
	while (mine != db->rticket_serving ||
	       (!db->nfree && db->nreaders == DB_MAX_READERS && !db->no_readers))
		pthread_cond_wait(&db->rcond, &db->rlock);
	db->rticket_serving++;
	pthread_cond_broadcast(&db->rcond);
	if (db->nfree) {
		c = db->readers[db->free[--db->nfree]];
		pthread_mutex_unlock(&db->rlock);
		return c;
	}
	if (db->no_readers) {
		pthread_mutex_unlock(&db->rlock);
		return NULL;
	}
	i = db->nreaders++;         /* this slot is ours while it opens */
	pthread_mutex_unlock(&db->rlock);
	if (db_reader_open(db, i) == 0) {
		c = db->readers[i];
		c->index = i;
		return c;
	}
	pthread_mutex_lock(&db->rlock);
	db->no_readers = 1;         /* reads take the writer from now on */
	pthread_cond_broadcast(&db->rcond);
	pthread_mutex_unlock(&db->rlock);
	return NULL;
}

static void db_reader_give(struct db *db, struct db_conn *c)
{
	pthread_mutex_lock(&db->rlock);
	db->free[db->nfree++] = c->index;
	pthread_cond_broadcast(&db->rcond);
	pthread_mutex_unlock(&db->rlock);
}

void db_read_lock(struct db *db)
{
	struct db_conn *c;

	if (db_cur_db == db) {      /* reading or writing db already */
		db_cur->depth++;
		return;
	}
	c = db_reader_take(db);
	if (!c) {
		db_lock(db);
		db->writer.for_read = 1;
		return;
	}
	db_cur_push(c, db);
	/* one snapshot for all the statements of the read */
	if (db_exec_st(db, db_prepk(db, "BEGIN", "")) != DB_OK)
		log_warn("db: a read runs without its own transaction");
}

void db_read_unlock(struct db *db)
{
	struct db_conn *c = db_cur;

	if (!c || db_cur_db != db) {
		log_error("db: db_read_unlock without db_read_lock");
		abort();
	}
	if (c->depth > 0) {
		c->depth--;
		return;
	}
	if (c == &db->writer) {
		if (!c->for_read) {
			log_error("db: db_read_unlock while holding the writer's lock");
			abort();
		}
		c->for_read = 0;
		db_unlock(db);
		return;
	}
	if (!sqlite3_get_autocommit(c->conn))
		db_exec_st(db, db_prepk(db, "COMMIT", ""));
	db_cur_pop(c);
	db_reader_give(db, c);
}

int db_begin(struct db *db)
{
	return db_exec(db, "BEGIN IMMEDIATE");
}

int db_end(struct db *db, int rc)
{
	if (rc == DB_OK && db_exec(db, "COMMIT") == DB_OK)
		return DB_OK;
	/* SQLite has rolled back itself after some errors (a full disk) */
	if (!sqlite3_get_autocommit(db_conn_of(db, "a transaction was ended")->conn))
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

	db_read_lock(db);
	v = db_version_locked(db);
	db_read_unlock(db);
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

/* sqlite3_update_hook: counts the rows written per table, as pending
 * until their transaction commits (db_publish), so that a reader that
 * sees a new version also sees the rows behind it.  It runs in the
 * writing thread, which holds db->lock; db_tables_version reads the
 * published counters without it, so they change atomically.  SQLite does
 * not call it for rows removed by an ON CONFLICT REPLACE (the insert that
 * replaces them is counted) nor by the truncate optimisation of an
 * unconditional DELETE. */
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
			db->other_pending++;
			return;
		}
		snprintf(db->written[i].table, sizeof db->written[i].table, "%s", table);
		__atomic_store_n(&db->nwritten, n + 1, __ATOMIC_RELEASE);
	}
	db->written[i].pending++;
}

/* Publishes the rows counted since the last commit (a rolled-back write's
 * count too: a version that changes for nothing costs a cache miss only). */
static void db_publish(struct db *db)
{
	size_t n = db->nwritten;

	for (size_t i = 0; i < n; i++) {
		if (db->written[i].pending) {
			__atomic_fetch_add(&db->written[i].rows, db->written[i].pending,
					   __ATOMIC_RELEASE);
			db->written[i].pending = 0;
		}
	}
	if (db->other_pending) {
		__atomic_fetch_add(&db->written_other, db->other_pending, __ATOMIC_RELEASE);
		db->other_pending = 0;
	}
}

static long long db_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* PRAGMA data_version, read at most every DB_EXTERNAL_CHECK_MS; -1 on
 * error.  It is the writer's: only when the writer is free (a request
 * answered from the cache never waits for a write to end), else the
 * value last read. */
static long long db_external_version(struct db *db)
{
	long long now = db_mono_ms(), v;

	if (now - __atomic_load_n(&db->external_at, __ATOMIC_ACQUIRE) < DB_EXTERNAL_CHECK_MS)
		return __atomic_load_n(&db->external, __ATOMIC_RELAXED);
	if (pthread_mutex_trylock(&db->lock) != 0)
		return __atomic_load_n(&db->external, __ATOMIC_RELAXED);
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
	pthread_mutex_unlock(&db->lock);
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
			rows += __atomic_load_n(&db->written[i].rows, __ATOMIC_ACQUIRE);
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
	char *wal;                      /* the WAL file's path */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int due, stop;
};

/* The size of file path in bytes, 0 when it does not exist. */
static long long db_file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

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
		/* Readers that overlap without end keep a passive checkpoint
		 * from finishing, and the WAL from starting over: past
		 * DB_WAL_TRUNCATE_BYTES, wait a little for a moment when the
		 * WAL can be emptied and truncated (writers wait as long). */
		if (db_file_size(c->wal) > DB_WAL_TRUNCATE_BYTES) {
			sqlite3_busy_timeout(c->conn, DB_TRUNCATE_WAIT_MS);
			if (sqlite3_wal_checkpoint_v2(c->conn, NULL, SQLITE_CHECKPOINT_TRUNCATE,
						      NULL, NULL) != SQLITE_OK)
				log_warn("db: the WAL (%lld bytes) could not be truncated: %s",
					 db_file_size(c->wal), sqlite3_errmsg(c->conn));
			sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
		}
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* sqlite3_wal_hook of the writer: runs after each commit.  It publishes
 * the rows the commit wrote (db_tables_version) and starts a checkpoint
 * when the WAL holds DB_CHECKPOINT_BYTES: on the checkpointer's thread,
 * or here when there is none (as SQLite's own auto-checkpoint would). */
static int db_wal_hook(void *arg, sqlite3 *conn, const char *dbname, int pages)
{
	struct db *db = arg;
	struct db_checkpointer *c = db->ckpt;

	db_publish(db);
	if (pages < db->ckpt_pages)
		return SQLITE_OK;
	if (!c) {
		sqlite3_wal_checkpoint_v2(conn, dbname, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
		return SQLITE_OK;
	}
	pthread_mutex_lock(&c->mu);
	c->due = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	return SQLITE_OK;
}

/* Starts the checkpointer of db (in WAL mode); on failure the writer
 * checkpoints itself, which is slower but correct. */
static void db_checkpointer_start(struct db *db, const char *path)
{
	struct db_checkpointer *c = calloc(1, sizeof *c);
	long long page;

	if (!c)
		return;
	page = db_scalar(db_prep(db, "PRAGMA page_size", ""), 0);   /* once: not kept */
	db->ckpt_pages = (int)(DB_CHECKPOINT_BYTES / (page > 0 ? page : 4096));
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cv, NULL);
	/* A connection that has read nothing does not know the file is in
	 * WAL mode yet: its checkpoints would do nothing and say so only
	 * through their frame counts (-1).  The journal mode makes it look. */
	if (asprintf(&c->wal, "%s-wal", path) < 0)
		c->wal = NULL;
	if (!c->wal ||
	    sqlite3_open_v2(path, &c->conn, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA journal_mode", NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(c->conn, "PRAGMA journal_size_limit = " DB_STR(DB_WAL_KEEP_BYTES),
			 NULL, NULL, NULL) != SQLITE_OK ||
	    pthread_create(&c->thread, NULL, db_checkpointer_main, c) != 0) {
		log_warn("db: no checkpointer thread; commits checkpoint themselves");
		sqlite3_close(c->conn);
		pthread_cond_destroy(&c->cv);
		pthread_mutex_destroy(&c->mu);
		free(c->wal);
		free(c);
		return;
	}
	sqlite3_busy_timeout(c->conn, DB_BUSY_TIMEOUT_MS);
	pthread_mutex_lock(&c->mu);     /* the hook reads db->ckpt under the lock */
	db->ckpt = c;
	pthread_mutex_unlock(&c->mu);
}

static void db_checkpointer_stop(struct db *db)
{
	struct db_checkpointer *c = db->ckpt;

	if (!c)
		return;
	db->ckpt = NULL;            /* db_close: no commit, so no hook, runs now */
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	sqlite3_close(c->conn);
	pthread_cond_destroy(&c->cv);
	pthread_mutex_destroy(&c->mu);
	free(c->wal);
	free(c);
}

/* SQLite's own settings, before it starts: no memory statistics, which
 * take a global mutex on every allocation. */
static void db_sqlite_config(void)
{
	sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	sqlite3_config(SQLITE_CONFIG_LOG, db_fault_log, NULL);     /* db/db_health.c */
}

/* Creates path, when it does not exist, readable by its owner only: it
 * holds the token hashes, and SQLite gives the WAL the file's mode. */
static void db_create_private(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd >= 0)
		close(fd);
}

/*
 * The writer is opened without SQLite's mutex (SQLITE_OPEN_NOMUTEX):
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
	pthread_mutex_init(&db->rlock, NULL);
	pthread_cond_init(&db->rcond, NULL);
	db->ckpt_pages = DB_CHECKPOINT_BYTES / 4096;
	db->path = strdup(path);
	db_lock(db);                    /* no one else has db yet: for db_held */
	if (!db->path) {
		db_fail(cause, "out of memory");
		goto fail;
	}
	db_create_private(path);
	if (sqlite3_open_v2(path, &db->conn, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		db_fail(cause, "cannot open database %s: %s", path,
			db->conn ? sqlite3_errmsg(db->conn) : "out of memory");
		goto fail;
	}
	db->writer.conn = db->conn;
	sqlite3_busy_timeout(db->conn, DB_BUSY_TIMEOUT_MS);
	sqlite3_update_hook(db->conn, db_update_hook, db);
	sqlite3_wal_hook(db->conn, db_wal_hook, db);    /* replaces the auto-checkpoint */
	/* A new file gets 16 KiB pages (SQLite's default is 4 KiB); a file
	 * that has pages keeps its size.  The store of a poll of 10,000 new
	 * commits ran about 15% faster: fewer pages to split, find and write
	 * to the WAL for the same rows (docs/watch.md). */
	if (db_exec(db, "PRAGMA page_size = " DB_STR(DB_PAGE_SIZE)) < 0 ||
	    db_exec(db, "PRAGMA journal_mode = WAL") < 0 ||
	    db_exec(db, "PRAGMA synchronous = NORMAL") < 0 ||
	    db_exec(db, "PRAGMA journal_size_limit = " DB_STR(DB_WAL_KEEP_BYTES)) < 0) {
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
	for (int i = 0; i < db->nreaders; i++) {   /* before the writer: it is the last */
		if (!db->readers[i])
			continue;
		db_kept_drop(db->readers[i]);
		sqlite3_close(db->readers[i]->conn);
		free(db->readers[i]);
	}
	db_kept_drop(&db->writer);
	sqlite3_finalize(db->data_version);
	sqlite3_close(db->conn);
	pthread_cond_destroy(&db->rcond);
	pthread_mutex_destroy(&db->rlock);
	pthread_mutex_destroy(&db->lock);
	free(db->path);
	free(db);
}

int db_ping(struct db *db)
{
	long long v;

	db_read_lock(db);
	v = db_scalar(db_prepk(db, "SELECT 1", ""), 0);
	db_read_unlock(db);
	return v == 1 ? DB_OK : DB_ERR;
}

json_t *db_status(struct db *db)
{
	json_t *st = json_object(), *jobs = json_object(), *rows;
	size_t i;
	json_t *row;

	db_read_lock(db);
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
	db_read_unlock(db);
	return st;
}
