// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_runners.c - API tokens, trees from the configuration, and runners
 * with their topology.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_queue.h"
#include "db/db_internal.h"
#include "lib/buf.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "lib/rec_names.h"
#include "lib/sha256.h"

#define DB_TOKEN_TOUCH_S 60     /* granularity of api_tokens.last_used */

/* --- tokens --------------------------------------------------------- */

/* classes as kept: names separated by one space, or "*"; NULL after a
 * sentence in *cause when a name is not a runner class name. */
static char *db_classes_norm(const char *classes, char **cause)
{
	struct buf out;
	const char *p = classes;
	char *kept;

	if (!strcmp(classes, "*"))
		return strdup("*");
	buf_init(&out, strlen(classes) + 1);
	while (*(p += strspn(p, " ,"))) {
		size_t n = strcspn(p, " ,");
		char name[PROTO_MAX_NAME + 1];

		snprintf(name, sizeof name, "%.*s", (int)n, p);
		if (n > PROTO_MAX_NAME || !proto_name_ok(name)) {
			fail_cause(cause, "runner class '%.*s' must be 1 to %d letters, digits and ._:/+-",
				   (int)(n > 64 ? 64 : n), p, PROTO_MAX_NAME);
			buf_dispose(&out);
			return NULL;
		}
		buf_printf(&out, "%s%s", out.len ? " " : "", name);
		p += n;
	}
	if (!out.len) {
		fail_cause(cause, "a runner token needs at least one runner class (or '*' for any)");
		buf_dispose(&out);
		return NULL;
	}
	kept = strdup(buf_str(&out));
	buf_dispose(&out);
	return kept;
}

int db_token_create(struct db *db, char **token, const char *role, const char *name,
		    const char *classes, char **cause)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char raw[24];
	char text[5 + 2 * sizeof raw + 1], hash[SHA256_HEX_LEN + 1], *kept = NULL;
	int rc;

	*token = NULL;
	if (strcmp(role, "admin") && strcmp(role, "runner") && strcmp(role, "read"))
		return fail_cause(cause, "unknown token role '%s' (admin, runner or read)", role);
	if (!strcmp(role, "runner") != !!classes)
		return fail_cause(cause, "runner classes are given for runner tokens, and only "
				  "for them");
	if (classes && !(kept = db_classes_norm(classes, cause)))
		return DB_ERR;
	if (sha256_random(raw, sizeof raw) < 0)
		return fail_cause(cause, "cannot read random bytes for the token");
	memcpy(text, "kpci_", 5);
	for (size_t i = 0; i < sizeof raw; i++) {
		text[5 + 2 * i] = digits[raw[i] >> 4];
		text[6 + 2 * i] = digits[raw[i] & 15];
	}
	text[sizeof text - 1] = '\0';
	sha256_hex(hash, text, strlen(text));
	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO api_tokens (name, role, hash, created_at, "
				   "runner_classes) VALUES (?, ?, ?, ?, ?)", "sssIs", name, role,
				   hash, db_now(), kept));
	db_unlock(db);
	free(kept);
	if (rc < 0)
		return fail_cause(cause, "cannot store the token");
	*token = strdup(text);
	return *token ? DB_OK : DB_ERR;
}

int db_token_check(struct db *db, const char *token, char role[8], long long *id)
{
	char hash[SHA256_HEX_LEN + 1];
	long long last_used = 0, now = db_now();
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	sha256_hex(hash, token, strlen(token));
	db_read_lock(db);
	st = db_prepk(db, "SELECT id, role, IFNULL(last_used, 0) FROM api_tokens "
		      "WHERE hash = ? AND revoked = 0", "s", hash);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		snprintf(role, 8, "%s", (const char *)sqlite3_column_text(st, 1));
		last_used = sqlite3_column_int64(st, 2);
		rc = DB_OK;
	}
	db_done(st);
	db_read_unlock(db);
	/* Every request checks a token, on the event-loop thread that reads
	 * its headers (on a reader: no wait for a writer).  last_used is
	 * written at most once a minute so that reads stay reads, and only
	 * when the writer is free: the event loop never waits behind a long
	 * write (a later request touches it). */
	if (rc == DB_OK && now - last_used >= DB_TOKEN_TOUCH_S && db_trylock(db) == 0) {
		db_exec_st(db, db_prepk(db, "UPDATE api_tokens SET last_used = ? WHERE id = ?",
				       "II", now, *id));
		db_unlock(db);
	}
	return rc;
}

int db_tokens_list(struct db *db, struct db_token **out, size_t *n)
{
	struct db_token *v = NULL, *t;
	size_t cap = 0;
	sqlite3_stmt *st;
	int rc = DB_OK, step = SQLITE_ERROR;

	*out = NULL;
	*n = 0;
	db_read_lock(db);
	st = db_prepk(db, "SELECT id, name, role, created_at, last_used, revoked, "
		      "runner_classes FROM api_tokens ORDER BY id", "");
	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&v, &cap, *n, sizeof *v, DB_MAX_LIST);
		if (rc != DB_OK)
			break;
		t = &v[(*n)++];
		memset(t, 0, sizeof *t);
		t->id = sqlite3_column_int64(st, 0);
		db_column_text(t->role, sizeof t->role, st, 2);
		t->created_at = sqlite3_column_int64(st, 3);
		t->last_used = sqlite3_column_int64(st, 4);
		t->revoked = sqlite3_column_int(st, 5) != 0;
		if (db_column_copy(&t->name, st, 1) != DB_OK ||
		    db_column_copy(&t->runner_classes, st, 6) != DB_OK) {
			rc = DB_ERR;
			break;
		}
	}
	db_done(st);
	db_read_unlock(db);
	if (rc == DB_OK && (!st || (step != SQLITE_DONE && step != SQLITE_ROW)))
		rc = DB_ERR;
	if (rc != DB_OK) {
		db_tokens_free(v, *n);
		*n = 0;
		return rc;
	}
	*out = v;
	return DB_OK;
}

void db_tokens_free(struct db_token *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++) {
		free(v[i].name);
		free(v[i].runner_classes);
	}
	free(v);
}

int db_token_revoke(struct db *db, long long id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE api_tokens SET revoked = 1 WHERE id = ?",
				    "I", id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

void db_token_name(struct db *db, long long id, char *out, size_t size)
{
	sqlite3_stmt *st;

	snprintf(out, size, "token %lld", id);
	db_read_lock(db);
	st = db_prepk(db, "SELECT name FROM api_tokens WHERE id = ?", "I", id);
	if (st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, size, "%s", (const char *)sqlite3_column_text(st, 0));
	db_done(st);
	db_read_unlock(db);
}

/* --- trees ---------------------------------------------------------- */

int db_tree_upsert(struct db *db, const char *name, const char *url)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "INSERT INTO trees (name, url, created_at) "
				   "VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET url = excluded.url",
				   "ssI", name, url, db_now()));
	db_unlock(db);
	return rc;
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
		       const struct rec_runner *r, char **cause)
{
	json_t *caps, *boots;
	const char *cpu = json_string_value(json_object_get(r->topology, "cpu_model"));
	const char *rel = json_string_value(json_object_get(r->topology, "kernel_release"));
	long long owner, now = db_now();
	int nodes, cpus, rc;

	db_topology_counts(r->topology, &nodes, &cpus);
	db_lock(db);
	if (db_begin(db) < 0) {
		db_unlock(db);
		return fail_cause(cause, "database busy");
	}
	/* the classes the token may serve: ' c1 c2 ' holds ' c1 ' */
	if (!db_scalar(db_prepk(db, "SELECT IFNULL(runner_classes, '*') = '*' OR "
				" instr(' ' || runner_classes || ' ', ' ' || ? || ' ') > 0 "
				"FROM api_tokens WHERE id = ?", "sI", r->runner_class, token_id), 0)) {
		rc = db_end(db, DB_DENIED);
		db_unlock(db);
		fail_cause(cause, "this token may not serve runner class '%s' (kpcid token create "
			   "--classes names the classes a runner token serves)", r->runner_class);
		return rc;
	}
	owner = db_scalar(db_prepk(db, "SELECT token_id FROM runners WHERE name = ?", "s",
				  r->name), -1);
	if (owner >= 0 && owner != token_id) {
		rc = db_end(db, DB_CONFLICT);
		db_unlock(db);
		fail_cause(cause, "runner name '%s' is already registered with another token",
			   r->name);
		return rc;
	}
	caps = rec_names_encode(r->capabilities, r->ncapabilities);
	boots = rec_names_encode(r->boot_methods, r->nboot_methods);
	rc = !caps || !boots ? DB_ERR : db_exec_st(db, db_prepk(db,
		"INSERT INTO runners (name, runner_class, token_id, capabilities, boot_methods, "
		" topology, cpu_model, numa_nodes, cpus, kernel_release, registered_at, last_seen) "
		"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
		"ON CONFLICT (name) DO UPDATE SET runner_class = excluded.runner_class, "
		" capabilities = excluded.capabilities, boot_methods = excluded.boot_methods, "
		" topology = excluded.topology, cpu_model = excluded.cpu_model, "
		" numa_nodes = excluded.numa_nodes, cpus = excluded.cpus, "
		" kernel_release = excluded.kernel_release, last_seen = excluded.last_seen",
		"ssIjjjsiisII", r->name, r->runner_class, token_id, caps, boots, r->topology, cpu,
		nodes, cpus, rel, now, now));
	json_decref(caps);
	json_decref(boots);
	if (rc == DB_OK)
		*id = db_scalar(db_prepk(db, "SELECT id FROM runners WHERE name = ?", "s",
					r->name), 0);
	rc = db_end(db, rc);
	db_unlock(db);
	return rc == DB_OK ? DB_OK : fail_cause(cause, "cannot store runner '%s'", r->name);
}

int db_runner_touch(struct db *db, long long runner_id, long long token_id)
{
	int rc;

	db_lock(db);
	rc = db_exec_st(db, db_prepk(db, "UPDATE runners SET last_seen = ? "
				   "WHERE id = ? AND token_id = ?", "III",
				   db_now(), runner_id, token_id));
	if (rc == DB_OK && sqlite3_changes(db->conn) == 0)
		rc = DB_NOTFOUND;
	db_unlock(db);
	return rc;
}

int db_runner_row(sqlite3_stmt *st, struct rec_runner *r)
{
	int lost = 0;

	memset(r, 0, sizeof *r);
	r->id = sqlite3_column_int64(st, 0);
	r->name = db_column_dup(st, 1);
	r->runner_class = db_column_dup(st, 2);
	lost |= db_column_names(&r->capabilities, &r->ncapabilities, st, 3);
	lost |= db_column_names(&r->boot_methods, &r->nboot_methods, st, 4);
	r->topology = db_column_json(st, 5);
	lost |= r->topology && rec_runner_read_nodes(r) < 0;
	lost |= db_column_copy(&r->cpu_model, st, 6);
	r->numa_nodes = sqlite3_column_int64(st, 7);
	r->cpus = sqlite3_column_int64(st, 8);
	lost |= db_column_copy(&r->kernel_release, st, 9);
	r->registered_at = sqlite3_column_int64(st, 10);
	r->last_seen = sqlite3_column_int64(st, 11);
	r->current_job = sqlite3_column_int64(st, 12);
	r->drift_open = sqlite3_column_int64(st, 13);
	if (!r->name || !r->runner_class || !r->topology || lost) {
		rec_runner_dispose(r);
		return -1;
	}
	return 0;
}

/* db_runner_row for db_rows_into. */
static int db_runner_row_any(sqlite3_stmt *st, void *r)
{
	return db_runner_row(st, r);
}

int db_runners_list(struct db *db, struct rec_runners *out, int limit, int offset)
{
	int rc;

	memset(out, 0, sizeof *out);
	out->v = db_list_alloc(&limit, sizeof *out->v);
	if (!out->v)
		return DB_ERR;
	db_read_lock(db);
	rc = db_rows_into(db_prepk(db, "SELECT " DB_RUNNER_COLUMNS "FROM runners r "
				   "ORDER BY r.name LIMIT ? OFFSET ?", "ii", limit, offset),
			  out->v, sizeof *out->v, (size_t)limit, &out->n, db_runner_row_any);
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_runners_dispose(out);
	return rc;
}
