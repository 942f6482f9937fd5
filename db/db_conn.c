// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_conn.c - the connections of a struct db and the statement helpers
 * of db/db_internal.h: the writer, used under db->lock (writers use
 * BEGIN IMMEDIATE so that a multi-row change is all or nothing), and the
 * pool of read connections that reads take instead, each in a
 * transaction of its own (one WAL snapshot); the statements kept
 * prepared on each.  docs/ARCHITECTURE.md, "Concurrency and storage".
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db/db_core.h"
#include "db/db_internal.h"
#include "lib/log.h"
#include "lib/rec_names.h"
#include "lib/utf8.h"

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

void db_conn_close(struct db_conn *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < DB_KEPT_MAX; i++)
		sqlite3_finalize(c->kept[i].st);
	memset(c->kept, 0, sizeof c->kept);
	sqlite3_close(c->conn);
	c->conn = NULL;
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

void db_failed(sqlite3 *conn, int rc)
{
	int code = rc & 0xff;

	if (code == SQLITE_FULL || code == SQLITE_IOERR || code == SQLITE_CORRUPT ||
	    code == SQLITE_NOTADB)
		db_fault_log(NULL, rc, sqlite3_errmsg(conn));   /* logs it, at a bounded rate */
	else
		log_error("db: %s", sqlite3_errmsg(conn));
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
		db_failed(conn, rc);
		db_done(st);
		return DB_ERR;
	}
	db_done(st);
	return DB_OK;
}

int db_exec(struct db *db, const char *sql)
{
	sqlite3 *conn = db_conn_of(db, "a statement was run")->conn;
	int rc = sqlite3_exec(conn, sql, NULL, NULL, NULL);

	if (rc != SQLITE_OK) {
		db_failed(conn, rc);
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

int db_grow(void **v, size_t *cap, size_t k, size_t size, size_t max)
{
	size_t ncap = *cap ? 2 * *cap : 1024;
	void *x;

	if (k < *cap)
		return DB_OK;
	if (k >= max)
		return DB_INVALID;
	x = realloc(*v, ncap * size);
	if (!x)
		return DB_ERR;
	*v = x;
	*cap = ncap;
	return DB_OK;
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

int db_rows_into(sqlite3_stmt *st, void *v, size_t size, size_t limit, size_t *n,
		 int (*row)(sqlite3_stmt *st, void *rec))
{
	int step = SQLITE_ERROR;

	*n = 0;
	while (st && *n < limit && (step = sqlite3_step(st)) == SQLITE_ROW) {
		if (row(st, (char *)v + *n * size) != 0)
			break;
		(*n)++;
	}
	if (st && *n < limit && step != SQLITE_DONE && step != SQLITE_ROW)   /* it stepped, and failed */
		db_failed(sqlite3_db_handle(st), step);
	db_done(st);
	return st && (step == SQLITE_DONE || *n == limit) ? DB_OK : DB_ERR;
}

void *db_list_alloc(int *limit, size_t size)
{
	if (*limit < 0)
		*limit = 0;
	return calloc((size_t)*limit + 1, size);
}

int db_ids(sqlite3_stmt *st, long long **ids, size_t *n)
{
	long long *v = NULL;
	size_t cap = 0;
	int rc = DB_OK, step = SQLITE_ERROR;

	*ids = NULL;
	*n = 0;
	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&v, &cap, *n, sizeof *v, DB_MAX_LIST);
		if (rc != DB_OK)
			break;
		v[(*n)++] = sqlite3_column_int64(st, 0);
	}
	db_done(st);
	if (!st || rc != DB_OK || (step != SQLITE_DONE && step != SQLITE_ROW)) {
		free(v);
		*n = 0;
		return st && rc != DB_OK ? rc : DB_ERR;
	}
	*ids = v;
	return DB_OK;
}

char *db_column_dup(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	size_t n = s ? (size_t)sqlite3_column_bytes(st, i) : 0, len;

	if (!s)
		return NULL;
	return utf8_valid(s, n) ? strndup(s, n) : utf8_repair(s, n, &len);
}

json_t *db_column_json(sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	json_t *v;

	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return json_null();
	v = json_loads(s, 0, NULL);
	return v ? v : db_text_json(s, (size_t)sqlite3_column_bytes(st, i));
}

int db_column_names(char ***v, size_t *n, sqlite3_stmt *st, int i)
{
	const char *s = (const char *)sqlite3_column_text(st, i);
	json_t *arr = s ? json_loads(s, 0, NULL) : NULL;
	int rc = rec_names_decode(v, n, arr, "", sqlite3_column_name(st, i), NULL);

	json_decref(arr);
	return rc == 0 ? DB_OK : DB_ERR;
}

int db_column_copy(char **out, sqlite3_stmt *st, int i)
{
	*out = db_column_dup(st, i);
	return *out || sqlite3_column_type(st, i) == SQLITE_NULL ? DB_OK : DB_ERR;
}

long long db_column_measure(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? REC_NONE : sqlite3_column_int64(st, i);
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

int db_trylock(struct db *db)
{
	if (pthread_mutex_trylock(&db->lock) != 0)
		return -1;
	db->holder = pthread_self();
	db->held = 1;
	db_cur_push(&db->writer, db);
	return 0;
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

int db_writer_held(struct db *db)
{
	return db_cur_db == db && db_cur == &db->writer && !db->writer.for_read;
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

/* Resets every statement of reader c that a read left running, naming
 * it in the log: a running statement holds the connection's snapshot
 * past the read's COMMIT, so that every later read on c would see the
 * database as it was then. */
static void db_reader_settle(struct db_conn *c)
{
	for (sqlite3_stmt *st = sqlite3_next_stmt(c->conn, NULL); st;
	     st = sqlite3_next_stmt(c->conn, st)) {
		if (!sqlite3_stmt_busy(st))
			continue;
		log_error("db: a read left a statement running (reset now): %.120s",
			  sqlite3_sql(st));
		sqlite3_reset(st);
	}
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
	db_reader_settle(c);
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
