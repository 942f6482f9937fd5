// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_drift.c - a runner's host environment and its drift (what keeps
 * two runs comparable).  Every sample upload carries the environment
 * (runners/env.c); the fields that should stay put on one machine are
 * remembered per (runner, boot method) in runner_env.  When an upload's
 * value of such a field differs from the remembered one, a runner_drift
 * row records old -> new, the new value is remembered, and the runner is
 * flagged until an admin acknowledges it.  The candidate kernel's release,
 * build id and command line change by design and are not compared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_queue.h"
#include "db/db_internal.h"

#define DRIFT_MAX_VALUE 512         /* bytes of a field value kept in a drift row */
#define DRIFT_HISTORY 200           /* drift rows a runner's detail shows */

/*
 * The stable fields: the name a drift row uses, the key in the uploaded
 * environment, and the boot methods on which the value belongs to the
 * host (NULL: all).  For qemu, "numa" is the guest's requested layout and
 * "kernel_release" the candidate's; the host's own kernel then is
 * "host_kernel_release".
 */
static const struct drift_field {
	const char *name, *key;
	const char *const *methods;
} drift_fields[] = {
	{ "cpu_model",   "cpu_model",           NULL },
	{ "microcode",   "microcode",           NULL },
	{ "governor",    "governor",            NULL },
	{ "thp",         "thp",                 NULL },
	{ "accel",       "accel",               NULL },
	{ "numa",        "numa",                (const char *const[]){ "host", "kexec", NULL } },
	{ "base_kernel", "kernel_release",      (const char *const[]){ "host", NULL } },
	{ "base_kernel", "host_kernel_release", (const char *const[]){ "qemu", NULL } },
};

static int drift_applies(const struct drift_field *f, const char *method)
{
	if (!f->methods)
		return 1;
	for (int i = 0; f->methods[i]; i++)
		if (!strcmp(f->methods[i], method))
			return 1;
	return 0;
}

/* The stable part of env for its boot method (caller owns), or NULL. */
static json_t *drift_stable(const json_t *env, const char *method)
{
	json_t *out = json_object();

	if (!out)
		return NULL;
	for (size_t i = 0; i < sizeof drift_fields / sizeof *drift_fields; i++) {
		const struct drift_field *f = &drift_fields[i];
		json_t *v = json_object_get(env, f->key);

		if (v && !json_is_null(v) && drift_applies(f, method))
			json_object_set(out, f->name, v);
	}
	return out;
}

/* A value as the text a drift row shows (caller frees), or NULL. */
static char *drift_text(const json_t *v)
{
	char *s;

	if (!v)
		return NULL;
	if (json_is_string(v))
		s = strndup(json_string_value(v), DRIFT_MAX_VALUE);
	else
		s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (s && strlen(s) > DRIFT_MAX_VALUE)
		s[DRIFT_MAX_VALUE] = '\0';
	return s;
}

/* Records one drift row per field whose value changed from old to now. */
static int drift_record(struct db *db, long long runner_id, const char *method,
			long long job_id, const json_t *old, json_t *now)
{
	const char *name;
	json_t *v;
	int rc = DB_OK;

	json_object_foreach(now, name, v) {
		const json_t *was = json_object_get(old, name);
		char *a, *b;

		if (!was || json_equal(was, v))
			continue;       /* a field seen for the first time is no drift */
		a = drift_text(was);
		b = drift_text(v);
		rc = db_exec_st(db, db_prepk(db, "INSERT INTO runner_drift (runner_id, boot_method, "
					   "field, old_value, new_value, job_id, detected_at) "
					   "VALUES (?, ?, ?, ?, ?, ?, ?)", "IssssII", runner_id,
					   method, name, a, b, job_id, db_now()));
		free(a);
		free(b);
		if (rc != DB_OK)
			break;
	}
	return rc;
}

int db_drift_check_locked(struct db *db, long long runner_id, long long job_id,
			  const json_t *env)
{
	const char *method = json_string_value(json_object_get(env, "boot_method"));
	json_t *now, *old = NULL;
	sqlite3_stmt *st;
	int rc = DB_ERR;

	if (!method || !json_is_object(env))
		return DB_OK;   /* nothing to compare */
	now = drift_stable(env, method);
	if (!now)
		return DB_ERR;
	st = db_prep(db, "SELECT env FROM runner_env WHERE runner_id = ? AND boot_method = ?",
		     "Is", runner_id, method);
	if (!st)
		goto out;
	if (sqlite3_step(st) == SQLITE_ROW)
		old = json_loads((const char *)sqlite3_column_text(st, 0), 0, NULL);
	sqlite3_finalize(st);
	if (old && json_equal(old, now)) {
		rc = DB_OK;
		goto out;
	}
	rc = old ? drift_record(db, runner_id, method, job_id, old, now) : DB_OK;
	if (rc == DB_OK) {
		/* keep fields that this upload did not carry */
		if (old)
			json_object_update_missing(now, old);
		rc = db_exec_st(db, db_prepk(db, "INSERT INTO runner_env (runner_id, boot_method, "
					   "env, job_id, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) "
					   "ON CONFLICT (runner_id, boot_method) DO UPDATE SET "
					   "env = ?3, job_id = ?4, updated_at = ?5", "IsjII",
					   runner_id, method, now, job_id, db_now()));
	}
out:
	json_decref(old);
	json_decref(now);
	return rc;
}

/* The environment rows of runner id into r (detail 1). */
static int db_runner_envs(struct db *db, struct rec_runner *r, long long id)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT boot_method, env, job_id, updated_at "
				    "FROM runner_env WHERE runner_id = ? ORDER BY boot_method",
				    "I", id);
	size_t cap = 0;
	int step = SQLITE_ERROR;

	while (st && (step = sqlite3_step(st)) == SQLITE_ROW) {
		struct rec_runner_env *e;

		if (r->nenvs == cap) {
			cap = cap ? 2 * cap : 4;
			e = realloc(r->envs, cap * sizeof *e);
			if (!e)
				break;
			r->envs = e;
		}
		e = &r->envs[r->nenvs++];
		e->boot_method = db_column_dup(st, 0);
		e->env = db_column_json(st, 1);
		e->job_id = sqlite3_column_int64(st, 2);
		e->updated_at = sqlite3_column_int64(st, 3);
		if (!e->boot_method || !e->env)
			break;
	}
	db_done(st);
	return step == SQLITE_DONE ? DB_OK : DB_ERR;
}

/* Reads one drift row of st into d. */
static int db_drift_row(sqlite3_stmt *st, struct rec_drift *d)
{
	int lost = 0;

	d->id = sqlite3_column_int64(st, 0);
	d->boot_method = db_column_dup(st, 1);
	d->field = db_column_dup(st, 2);
	lost |= db_column_copy(&d->old_value, st, 3);
	lost |= db_column_copy(&d->new_value, st, 4);
	d->job_id = sqlite3_column_int64(st, 5);
	d->detected_at = sqlite3_column_int64(st, 6);
	lost |= db_column_copy(&d->acked_by, st, 7);
	d->acked_at = sqlite3_column_int64(st, 8);
	return d->boot_method && d->field && !lost ? DB_OK : DB_ERR;
}

/* The last DRIFT_HISTORY drift events of runner id into r, newest first. */
static int db_runner_drift(struct db *db, struct rec_runner *r, long long id)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT id, boot_method, field, old_value, new_value, "
				    "job_id, detected_at, acked_by, acked_at FROM runner_drift "
				    "WHERE runner_id = ? ORDER BY id DESC LIMIT ?", "Ii", id,
				    DRIFT_HISTORY);
	int step = SQLITE_ERROR, rc = DB_OK;

	r->drift = calloc(DRIFT_HISTORY, sizeof *r->drift);
	while (st && r->drift && rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = db_drift_row(st, &r->drift[r->ndrift++]);   /* the query's LIMIT bounds it */
	db_done(st);
	return rc == DB_OK && step == SQLITE_DONE ? DB_OK : DB_ERR;
}

int db_runner_get(struct db *db, struct rec_runner *out, long long id)
{
	sqlite3_stmt *st;
	int rc = DB_ERR, step;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT " DB_RUNNER_COLUMNS "FROM runners r WHERE r.id = ?", "I", id);
	step = st ? sqlite3_step(st) : SQLITE_ERROR;
	if (step == SQLITE_DONE)
		rc = DB_NOTFOUND;
	else if (step == SQLITE_ROW && db_runner_row(st, out) == 0)
		rc = DB_OK;
	db_done(st);
	if (rc == DB_OK) {
		out->detail = 1;
		rc = db_runner_envs(db, out, id);
		if (rc == DB_OK)
			rc = db_runner_drift(db, out, id);
	}
	db_read_unlock(db);
	if (rc != DB_OK)
		rec_runner_dispose(out);
	return rc;
}

int db_drift_ack(struct db *db, long long runner_id, long long token_id, int *acked)
{
	int rc;

	*acked = 0;
	db_lock(db);
	if (!db_scalar(db_prepk(db, "SELECT 1 FROM runners WHERE id = ?", "I", runner_id), 0)) {
		db_unlock(db);
		return DB_NOTFOUND;
	}
	rc = db_exec_st(db, db_prepk(db, "UPDATE runner_drift SET acked_at = ?1, acked_by = "
		"IFNULL((SELECT name FROM api_tokens WHERE id = ?2), 'token ' || ?2) "
		"WHERE runner_id = ?3 AND acked_at IS NULL", "III", db_now(), token_id, runner_id));
	if (rc == DB_OK)
		*acked = sqlite3_changes(db->conn);
	db_unlock(db);
	return rc;
}
