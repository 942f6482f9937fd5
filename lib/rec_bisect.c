// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_bisect.c - the bisection record (lib/rec_bisect.h): a bisection
 * with, in full, its probes and metrics.  GET /api/v1/bisections[/ID]
 * answer rec_bisection_encode; `kpci bisections`, `kpci bisection` and
 * the page fuzzer read it back with rec_bisection_decode.  The key order
 * is the API's.  The entries of its log and the lines of their numbers,
 * which the bisector writes and the page and the alerter read, are
 * decoded here too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"

#include "lib/rec_bisect.h"
#include "lib/rec_internal.h"

/* Sets key of o to v (which it takes); *ok 0 when either is missing. */
static void rec_bisect_set(json_t *o, const char *key, json_t *v, int *ok)
{
	if (!o || !v || json_object_set_new(o, key, v) < 0)
		*ok = 0;
}

/* --- the lines of a probe's numbers ---------------------------------------- */

static void rec_bisect_line_dispose(void *elem)
{
	struct rec_bisect_line *l = elem;

	free(l->metric);
	free(l->good);
	free(l->bad);
	free(l->says);
	free(l->change);
	free(l->verdict);
	free(l->ends);
	memset(l, 0, sizeof *l);
}

static int rec_bisect_line_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_bisect_line *l = elem;

	if (rec_check_object(j, where, "a line", cause) < 0 ||
	    rec_get_str(&l->metric, j, "metric", 1, where, cause) < 0 ||
	    rec_get_str(&l->good, j, "good", 1, where, cause) < 0 ||
	    rec_get_str(&l->bad, j, "bad", 1, where, cause) < 0 ||
	    rec_get_str(&l->says, j, "says", 1, where, cause) < 0 ||
	    rec_get_str(&l->change, j, "change", 1, where, cause) < 0 ||
	    rec_get_str(&l->verdict, j, "verdict", 1, where, cause) < 0 ||
	    rec_get_str(&l->ends, j, "ends", 1, where, cause) < 0 ||
	    rec_get_real(&l->q, j, "q", where, cause) < 0)
		return -1;
	l->has_q = json_object_get(j, "q") != NULL;
	return 0;
}

/* A line's key when its string is there. */
static void rec_bisect_line_str(json_t *o, const char *key, const char *s, int *ok)
{
	if (s)
		rec_bisect_set(o, key, json_string(s), ok);
}

static json_t *rec_bisect_line_encode(const void *elem)
{
	const struct rec_bisect_line *l = elem;
	json_t *o = json_object();
	int ok = 1;

	rec_bisect_line_str(o, "metric", l->metric, &ok);
	rec_bisect_line_str(o, "good", l->good, &ok);
	rec_bisect_line_str(o, "bad", l->bad, &ok);
	rec_bisect_line_str(o, "ends", l->ends, &ok);
	rec_bisect_line_str(o, "change", l->change, &ok);
	rec_bisect_line_str(o, "verdict", l->verdict, &ok);
	rec_bisect_line_str(o, "says", l->says, &ok);
	if (l->has_q)
		rec_bisect_set(o, "q", rec_real_json(l->q), &ok);
	if (!ok || !o) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *rec_bisect_lines_encode(const struct rec_bisect_line *v, size_t n)
{
	return rec_array_encode(v, n, sizeof *v, rec_bisect_line_encode);
}

int rec_bisect_lines_decode(struct rec_bisect_line **out, size_t *n, const json_t *detail,
			    const char *where, char **cause)
{
	const json_t *arr = json_object_get(detail, "metrics");

	*out = NULL;
	*n = 0;
	if (!arr)
		return 0;
	if (rec_array_decode(out, n, sizeof **out, arr, where, "metrics", rec_bisect_line_decode,
			     cause) == 0)
		return 0;
	rec_bisect_lines_free(*out, *n);
	*out = NULL;
	*n = 0;
	return -1;
}

void rec_bisect_lines_free(struct rec_bisect_line *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_bisect_line_dispose);
}

/* --- the entries of a log ----------------------------------------------------- */

static void rec_bisect_entry_dispose(void *elem)
{
	struct rec_bisect_entry *e = elem;

	free(e->other);
	free(e->role);
	free(e->sha);
	free(e->subject);
	free(e->verdict);
	free(e->parent);
	free(e->reason);
	rec_bisect_lines_free(e->lines, e->nlines);
	memset(e, 0, sizeof *e);
}

/* The fields of an entry of the bisector's shape; -1 when j is not one. */
static int rec_bisect_entry_fields(struct rec_bisect_entry *e, const json_t *j, char **cause)
{
	if (!json_is_object(j) || !json_is_string(json_object_get(j, "sha")) ||
	    !json_is_string(json_object_get(j, "verdict")) ||
	    rec_get_measure(&e->round, j, "round", "", cause) < 0 ||
	    rec_get_str(&e->role, j, "role", 1, "", cause) < 0 ||
	    rec_get_str(&e->sha, j, "sha", 0, "", cause) < 0 ||
	    rec_get_str(&e->subject, j, "subject", 1, "", cause) < 0 ||
	    rec_get_str(&e->verdict, j, "verdict", 0, "", cause) < 0 ||
	    rec_get_measure(&e->jobs, j, "jobs", "", cause) < 0 ||
	    rec_get_str(&e->parent, j, "parent", 1, "", cause) < 0 ||
	    rec_get_str(&e->reason, j, "reason", 1, "", cause) < 0)
		return -1;
	return rec_bisect_lines_decode(&e->lines, &e->nlines, j, "", cause);
}

static int rec_bisect_entry_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_bisect_entry *e = elem;
	char *why = NULL;

	if (rec_bisect_entry_fields(e, j, &why) == 0)
		return 0;
	free(why);
	rec_bisect_entry_dispose(e);
	e->other = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
	return e->other ? 0 : fail_cause(cause, "out of memory");
}

int rec_bisect_entries_decode(struct rec_bisect_entry **out, size_t *n, const json_t *log,
			      char **cause)
{
	*out = NULL;
	*n = 0;
	if (!json_is_array(log))
		return 0;
	if (rec_array_decode(out, n, sizeof **out, log, "", "log", rec_bisect_entry_decode,
			     cause) == 0)
		return 0;
	rec_bisect_entries_free(*out, *n);
	*out = NULL;
	*n = 0;
	return -1;
}

void rec_bisect_entries_free(struct rec_bisect_entry *v, size_t n)
{
	rec_array_dispose(v, n, sizeof *v, rec_bisect_entry_dispose);
}

/* --- probes and metrics ------------------------------------------------------ */

static json_t *rec_bisect_probe_encode(const void *elem)
{
	const struct rec_bisect_probe *p = elem;
	json_t *o = json_object();
	int ok = 1;

	rec_bisect_set(o, "id", json_integer(p->id), &ok);
	rec_bisect_set(o, "role", rec_str_json(p->role), &ok);
	rec_bisect_set(o, "idx", rec_measure_json(p->idx), &ok);
	rec_bisect_set(o, "sha", rec_str_json(p->sha), &ok);
	rec_bisect_set(o, "subject", rec_str_json(p->subject), &ok);
	rec_bisect_set(o, "round", json_integer(p->round), &ok);
	rec_bisect_set(o, "state", rec_str_json(p->state), &ok);
	rec_bisect_set(o, "outcome", rec_str_json(p->outcome), &ok);
	rec_bisect_set(o, "build_id", rec_id_json(p->build_id), &ok);
	rec_bisect_set(o, "iterations", json_integer(p->iterations), &ok);
	rec_bisect_set(o, "retries", json_integer(p->retries), &ok);
	rec_bisect_set(o, "reason", rec_str_json(p->reason), &ok);
	rec_bisect_set(o, "detail", rec_any_json(p->detail), &ok);
	rec_bisect_set(o, "jobs", json_integer(p->jobs), &ok);
	rec_bisect_set(o, "created_at", json_integer(p->created_at), &ok);
	rec_bisect_set(o, "decided_at", rec_id_json(p->decided_at), &ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static void rec_bisect_probe_dispose(void *elem)
{
	struct rec_bisect_probe *p = elem;

	free(p->role);
	free(p->sha);
	free(p->subject);
	free(p->state);
	free(p->outcome);
	free(p->reason);
	json_decref(p->detail);
	rec_bisect_lines_free(p->lines, p->nlines);
	memset(p, 0, sizeof *p);
}

static int rec_bisect_probe_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_bisect_probe *p = elem;
	char at[REC_WHERE_MAX];

	if (rec_check_object(j, where, "a probe", cause) < 0 ||
	    rec_get_int(&p->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&p->role, j, "role", 0, where, cause) < 0 ||
	    rec_get_measure(&p->idx, j, "idx", where, cause) < 0 ||
	    rec_get_str(&p->sha, j, "sha", 0, where, cause) < 0 ||
	    rec_get_str(&p->subject, j, "subject", 1, where, cause) < 0 ||
	    rec_get_int(&p->round, j, "round", 0, where, cause) < 0 ||
	    rec_get_str(&p->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_str(&p->outcome, j, "outcome", 1, where, cause) < 0 ||
	    rec_get_int(&p->build_id, j, "build_id", 1, where, cause) < 0 ||
	    rec_get_int(&p->iterations, j, "iterations", 0, where, cause) < 0 ||
	    rec_get_int(&p->retries, j, "retries", 0, where, cause) < 0 ||
	    rec_get_str(&p->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_any(&p->detail, j, "detail", where, cause) < 0 ||
	    rec_get_int(&p->jobs, j, "jobs", 0, where, cause) < 0 ||
	    rec_get_int(&p->created_at, j, "created_at", 0, where, cause) < 0 ||
	    rec_get_int(&p->decided_at, j, "decided_at", 1, where, cause) < 0)
		return -1;
	if (json_is_null(p->detail)) {
		json_decref(p->detail);
		p->detail = NULL;
	}
	snprintf(at, sizeof at, "%sdetail.", where);
	return rec_bisect_lines_decode(&p->lines, &p->nlines, p->detail, at, cause);
}

static json_t *rec_bisect_metric_encode(const void *elem)
{
	const struct rec_bisect_metric *m = elem;

	return json_pack("{s:I, s:o, s:o, s:o, s:o}", "series_id", (json_int_t)m->series_id,
			 "change_id", rec_id_json(m->change_id), "metric", rec_str_json(m->metric),
			 "unit", rec_str_json(m->unit), "better", rec_str_json(m->better));
}

static void rec_bisect_metric_dispose(void *elem)
{
	struct rec_bisect_metric *m = elem;

	free(m->metric);
	free(m->unit);
	free(m->better);
	memset(m, 0, sizeof *m);
}

static int rec_bisect_metric_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_bisect_metric *m = elem;

	if (rec_check_object(j, where, "a metric", cause) < 0 ||
	    rec_get_int(&m->series_id, j, "series_id", 0, where, cause) < 0 ||
	    rec_get_int(&m->change_id, j, "change_id", 1, where, cause) < 0 ||
	    rec_get_str(&m->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&m->unit, j, "unit", 1, where, cause) < 0 ||
	    rec_get_str(&m->better, j, "better", 1, where, cause) < 0)
		return -1;
	return 0;
}

/* --- the bisection ------------------------------------------------------------ */

/* What the detail adds, in the API's order. */
static void rec_bisection_encode_full(json_t *o, const struct rec_bisection *b, int *ok)
{
	rec_bisect_set(o, "log", rec_any_json(b->log), ok);
	rec_bisect_set(o, "result", rec_any_json(b->result), ok);
	rec_bisect_set(o, "probe_list", rec_array_encode(b->probe_list, b->nprobe_list,
							 sizeof *b->probe_list,
							 rec_bisect_probe_encode), ok);
	rec_bisect_set(o, "metrics", rec_array_encode(b->metrics, b->nmetrics, sizeof *b->metrics,
						      rec_bisect_metric_encode), ok);
}

json_t *rec_bisection_encode(const struct rec_bisection *b)
{
	json_t *o = json_object();
	int ok = 1;

	rec_bisect_set(o, "id", json_integer(b->id), &ok);
	rec_bisect_set(o, "change_id", json_integer(b->change_id), &ok);
	rec_bisect_set(o, "state", rec_str_json(b->state), &ok);
	rec_bisect_set(o, "phase", rec_str_json(b->phase), &ok);
	rec_bisect_set(o, "good_sha", rec_str_json(b->good_sha), &ok);
	rec_bisect_set(o, "bad_sha", rec_str_json(b->bad_sha), &ok);
	rec_bisect_set(o, "culprit_sha", rec_str_json(b->culprit_sha), &ok);
	rec_bisect_set(o, "culprit_subject", rec_str_json(b->culprit_subject), &ok);
	rec_bisect_set(o, "reason", rec_str_json(b->reason), &ok);
	rec_bisect_set(o, "confidence", rec_real_json(b->confidence), &ok);
	rec_bisect_set(o, "commits", rec_measure_json(b->commits), &ok);
	rec_bisect_set(o, "remaining", rec_measure_json(b->remaining), &ok);
	rec_bisect_set(o, "rounds", json_integer(b->rounds), &ok);
	rec_bisect_set(o, "probes", json_integer(b->probes), &ok);
	rec_bisect_set(o, "parallel", json_integer(b->parallel), &ok);
	rec_bisect_set(o, "tree", rec_str_json(b->tree), &ok);
	rec_bisect_set(o, "branch", rec_str_json(b->branch), &ok);
	rec_bisect_set(o, "config", rec_str_json(b->config), &ok);
	rec_bisect_set(o, "suite", rec_str_json(b->suite), &ok);
	rec_bisect_set(o, "runner_class", rec_str_json(b->runner_class), &ok);
	rec_bisect_set(o, "revert", json_integer(b->revert), &ok);
	rec_bisect_set(o, "started_by", rec_str_json(b->started_by), &ok);
	rec_bisect_set(o, "started_at", json_integer(b->started_at), &ok);
	rec_bisect_set(o, "updated_at", rec_id_json(b->updated_at), &ok);
	rec_bisect_set(o, "finished_at", rec_id_json(b->finished_at), &ok);
	rec_bisect_set(o, "metric", rec_str_json(b->metric), &ok);
	rec_bisect_set(o, "direction", rec_str_json(b->direction), &ok);
	rec_bisect_set(o, "range_key", rec_str_json(b->range_key), &ok);
	if (b->full)
		rec_bisection_encode_full(o, b, &ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The detail's parts, when j has them ("probe_list" says it is one). */
static int rec_bisection_decode_full(struct rec_bisection *b, const json_t *j, const char *where,
				     char **cause)
{
	if (!json_object_get(j, "probe_list"))
		return 0;
	b->full = 1;
	if (rec_get_any(&b->log, j, "log", where, cause) < 0 ||
	    rec_get_any(&b->result, j, "result", where, cause) < 0 ||
	    rec_bisect_entries_decode(&b->entries, &b->nentries, b->log, cause) < 0 ||
	    rec_array_decode(&b->probe_list, &b->nprobe_list, sizeof *b->probe_list,
			     json_object_get(j, "probe_list"), where, "probe_list",
			     rec_bisect_probe_decode, cause) < 0)
		return -1;
	return rec_array_decode(&b->metrics, &b->nmetrics, sizeof *b->metrics,
				json_object_get(j, "metrics"), where, "metrics",
				rec_bisect_metric_decode, cause);
}

static int rec_bisection_decode_fields(struct rec_bisection *b, const json_t *j,
				       const char *where, char **cause)
{
	if (rec_check_object(j, where, "a bisection", cause) < 0 ||
	    rec_get_int(&b->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&b->change_id, j, "change_id", 0, where, cause) < 0 ||
	    rec_get_str(&b->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_str(&b->phase, j, "phase", 1, where, cause) < 0 ||
	    rec_get_str(&b->good_sha, j, "good_sha", 0, where, cause) < 0 ||
	    rec_get_str(&b->bad_sha, j, "bad_sha", 0, where, cause) < 0 ||
	    rec_get_str(&b->culprit_sha, j, "culprit_sha", 1, where, cause) < 0 ||
	    rec_get_str(&b->culprit_subject, j, "culprit_subject", 1, where, cause) < 0 ||
	    rec_get_str(&b->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_real(&b->confidence, j, "confidence", where, cause) < 0 ||
	    rec_get_measure(&b->commits, j, "commits", where, cause) < 0 ||
	    rec_get_measure(&b->remaining, j, "remaining", where, cause) < 0 ||
	    rec_get_int(&b->rounds, j, "rounds", 0, where, cause) < 0 ||
	    rec_get_int(&b->probes, j, "probes", 0, where, cause) < 0 ||
	    rec_get_int(&b->parallel, j, "parallel", 0, where, cause) < 0 ||
	    rec_get_str(&b->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_str(&b->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_str(&b->config, j, "config", 1, where, cause) < 0 ||
	    rec_get_str(&b->suite, j, "suite", 1, where, cause) < 0 ||
	    rec_get_str(&b->runner_class, j, "runner_class", 1, where, cause) < 0 ||
	    rec_get_int(&b->revert, j, "revert", 0, where, cause) < 0 ||
	    rec_get_str(&b->started_by, j, "started_by", 1, where, cause) < 0 ||
	    rec_get_int(&b->started_at, j, "started_at", 0, where, cause) < 0 ||
	    rec_get_int(&b->updated_at, j, "updated_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->finished_at, j, "finished_at", 1, where, cause) < 0 ||
	    rec_get_str(&b->metric, j, "metric", 0, where, cause) < 0 ||
	    rec_get_str(&b->direction, j, "direction", 1, where, cause) < 0 ||
	    rec_get_str(&b->range_key, j, "range_key", 1, where, cause) < 0)
		return -1;
	return 0;
}

int rec_bisection_decode(struct rec_bisection *out, const json_t *j, const char *where,
			 char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_bisection_decode_fields(out, j, where, cause) < 0 ||
	    rec_bisection_decode_full(out, j, where, cause) < 0) {
		rec_bisection_dispose(out);
		return -1;
	}
	return 0;
}

void rec_bisection_dispose(struct rec_bisection *b)
{
	if (!b)
		return;
	free(b->state);
	free(b->phase);
	free(b->good_sha);
	free(b->bad_sha);
	free(b->culprit_sha);
	free(b->culprit_subject);
	free(b->reason);
	free(b->tree);
	free(b->branch);
	free(b->config);
	free(b->suite);
	free(b->runner_class);
	free(b->started_by);
	free(b->metric);
	free(b->direction);
	free(b->range_key);
	json_decref(b->log);
	json_decref(b->result);
	rec_array_dispose(b->probe_list, b->nprobe_list, sizeof *b->probe_list,
			  rec_bisect_probe_dispose);
	rec_array_dispose(b->metrics, b->nmetrics, sizeof *b->metrics, rec_bisect_metric_dispose);
	rec_bisect_entries_free(b->entries, b->nentries);
	memset(b, 0, sizeof *b);
}

/* rec_bisections_encode, rec_bisections_decode, rec_bisections_dispose */
REC_LIST(bisection, bisections, "bisections")
