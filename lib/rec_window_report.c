// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_window_report.c - the merge-window report's record
 * (lib/rec_window_report.h):
 * its changes in groups, the withdrawn ones, the ranges that compile the
 * same code and the measured commits, encoded as GET
 * /api/v1/trees/NAME/windows/vX.Y/report answers and read back (the page
 * fuzzer feeds the report page through the decoder).  A real that is not
 * finite is null when it is NAN (SQL NULL) and has no key otherwise, as
 * the rows of db/ always had.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_window_report.h"
#include "lib/verdict.h"

/* Sets key of j to v; *ok 0 when v is NULL (out of memory) or it fails. */
static void rep_put(json_t *j, const char *key, json_t *v, int *ok)
{
	if (!v || json_object_set_new(j, key, v) < 0)
		*ok = 0;
}

/* A real: null for NAN, no key for an infinity. */
static void rep_real(json_t *j, const char *key, double v, int *ok)
{
	if (isnan(v))
		rep_put(j, key, json_null(), ok);
	else if (isfinite(v))
		rep_put(j, key, json_real(v), ok);
}

/* j when every key was set, else NULL (j freed). */
static json_t *rep_done(json_t *j, int ok)
{
	if (ok)
		return j;
	json_decref(j);
	return NULL;
}

/* key of j: true or false. */
static int rep_get_bool(int *out, const json_t *j, const char *key, const char *where,
			char **cause)
{
	const json_t *v = json_object_get(j, key);

	*out = 0;
	if (!json_is_boolean(v))
		return fail_cause(cause, "%s%s must be true or false", where, key);
	*out = json_is_true(v);
	return 0;
}

/* --- a change of a group ---------------------------------------------- */

static json_t *rep_change_encode(const void *e)
{
	const struct rec_window_report_change *c = e;
	json_t *j = json_object();
	int ok = j != NULL;
	char change[64], series[64], api[64];

	rep_put(j, "id", json_integer(c->id), &ok);
	rep_put(j, "series_id", json_integer(c->series_id), &ok);
	rep_put(j, "suite", rec_str_json(c->suite), &ok);
	rep_put(j, "metric", rec_str_json(c->metric), &ok);
	rep_put(j, "unit", rec_str_json(c->unit), &ok);
	rep_put(j, "better", rec_str_json(c->better), &ok);
	rep_put(j, "runner_class", rec_str_json(c->runner_class), &ok);
	rep_put(j, "config_name", rec_str_json(c->config_name), &ok);
	rep_put(j, "noisy", rec_measure_json(c->noisy), &ok);
	rep_put(j, "direction", rec_str_json(c->direction), &ok);
	rep_real(j, "magnitude", c->magnitude, &ok);
	rep_real(j, "confidence", c->confidence, &ok);
	rep_real(j, "pvalue", c->pvalue, &ok);
	rep_real(j, "mean_before", c->mean_before, &ok);
	rep_real(j, "mean_after", c->mean_after, &ok);
	rep_put(j, "n_before", rec_measure_json(c->n_before), &ok);
	rep_put(j, "n_after", rec_measure_json(c->n_after), &ok);
	rep_put(j, "state", rec_str_json(c->state), &ok);
	rep_put(j, "good_sha", rec_str_json(c->good_sha), &ok);
	rep_put(j, "bad_sha", rec_str_json(c->bad_sha), &ok);
	rep_put(j, "verdict", rec_str_json(c->verdict), &ok);
	rep_real(j, "percent_lo", c->percent_lo, &ok);
	rep_real(j, "percent_hi", c->percent_hi, &ok);
	rep_real(j, "verdict_p", c->verdict_p, &ok);
	rep_real(j, "min_effect", c->min_effect, &ok);
	rep_put(j, "jobs_before", rec_measure_json(c->jobs_before), &ok);
	rep_put(j, "jobs_after", rec_measure_json(c->jobs_after), &ok);
	rep_put(j, "reason", rec_str_json(c->reason), &ok);
	rep_put(j, "found_by", rec_str_json(c->found_by), &ok);
	rep_put(j, "confirm", rec_str_json(c->confirm), &ok);
	rep_put(j, "confirm_reason", rec_str_json(c->confirm_reason), &ok);
	rep_put(j, "good_position", rec_measure_json(c->good_position), &ok);
	rep_put(j, "bad_position", json_integer(c->bad_position), &ok);
	if (c->starts_before_window)
		rep_put(j, "starts_before_window", json_true(), &ok);
	/* the percent of a magnitude without a number in JSON is 0 */
	rep_real(j, "percent", 100 * (isfinite(c->magnitude) ? c->magnitude : 0), &ok);
	snprintf(change, sizeof change, "/changes/%lld", c->id);
	snprintf(series, sizeof series, "/series/%lld", c->series_id);
	snprintf(api, sizeof api, "/api/v1/changes/%lld", c->id);
	rep_put(j, "links", json_pack("{s:s, s:s, s:s}", "change", change, "series", series,
				      "api", api), &ok);
	return rep_done(j, ok);
}

static int rep_change_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_change *c = e;

	memset(c, 0, sizeof *c);
	c->starts_before_window = json_is_true(json_object_get(j, "starts_before_window"));
	if (rec_check_object(j, where, "a change", cause) < 0 ||
	    rec_get_int(&c->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&c->series_id, j, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&c->suite, j, "suite", 1, where, cause) < 0 ||
	    rec_get_str(&c->metric, j, "metric", 1, where, cause) < 0 ||
	    rec_get_str(&c->unit, j, "unit", 1, where, cause) < 0 ||
	    rec_get_str(&c->better, j, "better", 1, where, cause) < 0 ||
	    rec_get_str(&c->runner_class, j, "runner_class", 1, where, cause) < 0 ||
	    rec_get_str(&c->config_name, j, "config_name", 1, where, cause) < 0 ||
	    rec_get_measure(&c->noisy, j, "noisy", where, cause) < 0 ||
	    rec_get_str(&c->direction, j, "direction", 1, where, cause) < 0 ||
	    rec_get_real(&c->magnitude, j, "magnitude", where, cause) < 0 ||
	    rec_get_real(&c->confidence, j, "confidence", where, cause) < 0 ||
	    rec_get_real(&c->pvalue, j, "pvalue", where, cause) < 0 ||
	    rec_get_real(&c->mean_before, j, "mean_before", where, cause) < 0 ||
	    rec_get_real(&c->mean_after, j, "mean_after", where, cause) < 0 ||
	    rec_get_measure(&c->n_before, j, "n_before", where, cause) < 0 ||
	    rec_get_measure(&c->n_after, j, "n_after", where, cause) < 0 ||
	    rec_get_str(&c->state, j, "state", 1, where, cause) < 0 ||
	    rec_get_str(&c->good_sha, j, "good_sha", 1, where, cause) < 0 ||
	    rec_get_str(&c->bad_sha, j, "bad_sha", 1, where, cause) < 0 ||
	    rec_get_str(&c->verdict, j, "verdict", 1, where, cause) < 0 ||
	    rec_get_real(&c->percent_lo, j, "percent_lo", where, cause) < 0 ||
	    rec_get_real(&c->percent_hi, j, "percent_hi", where, cause) < 0 ||
	    rec_get_real(&c->verdict_p, j, "verdict_p", where, cause) < 0 ||
	    rec_get_real(&c->min_effect, j, "min_effect", where, cause) < 0 ||
	    rec_get_measure(&c->jobs_before, j, "jobs_before", where, cause) < 0 ||
	    rec_get_measure(&c->jobs_after, j, "jobs_after", where, cause) < 0 ||
	    rec_get_str(&c->reason, j, "reason", 1, where, cause) < 0 ||
	    rec_get_str(&c->found_by, j, "found_by", 1, where, cause) < 0 ||
	    rec_get_str(&c->confirm, j, "confirm", 1, where, cause) < 0 ||
	    rec_get_str(&c->confirm_reason, j, "confirm_reason", 1, where, cause) < 0 ||
	    rec_get_measure(&c->good_position, j, "good_position", where, cause) < 0 ||
	    rec_get_int(&c->bad_position, j, "bad_position", 0, where, cause) < 0) {
		rec_window_report_change_dispose(c);
		return -1;
	}
	return 0;
}

void rec_window_report_change_dispose(struct rec_window_report_change *c)
{
	char **s[] = { &c->suite, &c->metric, &c->unit, &c->better, &c->runner_class,
		       &c->config_name, &c->direction, &c->state, &c->good_sha, &c->bad_sha,
		       &c->verdict, &c->reason, &c->found_by, &c->confirm, &c->confirm_reason };

	for (size_t i = 0; i < sizeof s / sizeof *s; i++)
		free(*s[i]);
	memset(c, 0, sizeof *c);
}

static void rep_change_dispose(void *e)
{
	rec_window_report_change_dispose(e);
}

/* --- withdrawn changes and ranges of the same code --------------------- */

static json_t *rep_withdrawn_encode(const void *e)
{
	const struct rec_window_report_withdrawn *w = e;
	json_t *j = json_pack("{s:I, s:o, s:o, s:o}", "id", (json_int_t)w->id,
			      "suite", rec_str_json(w->suite), "metric", rec_str_json(w->metric),
			      "direction", rec_str_json(w->direction));
	int ok = j != NULL;

	rep_real(j, "magnitude", w->magnitude, &ok);
	rep_put(j, "good_sha", rec_str_json(w->good_sha), &ok);
	rep_put(j, "bad_sha", rec_str_json(w->bad_sha), &ok);
	rep_put(j, "confirm", rec_str_json(w->confirm), &ok);
	rep_put(j, "withdrawn_reason", rec_str_json(w->withdrawn_reason), &ok);
	rep_put(j, "bad_position", json_integer(w->bad_position), &ok);
	return rep_done(j, ok);
}

static void rep_withdrawn_dispose(void *e)
{
	struct rec_window_report_withdrawn *w = e;

	free(w->suite);
	free(w->metric);
	free(w->direction);
	free(w->good_sha);
	free(w->bad_sha);
	free(w->confirm);
	free(w->withdrawn_reason);
	memset(w, 0, sizeof *w);
}

static int rep_withdrawn_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_withdrawn *w = e;

	memset(w, 0, sizeof *w);
	if (rec_check_object(j, where, "a change", cause) < 0 ||
	    rec_get_int(&w->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&w->suite, j, "suite", 1, where, cause) < 0 ||
	    rec_get_str(&w->metric, j, "metric", 1, where, cause) < 0 ||
	    rec_get_str(&w->direction, j, "direction", 1, where, cause) < 0 ||
	    rec_get_real(&w->magnitude, j, "magnitude", where, cause) < 0 ||
	    rec_get_str(&w->good_sha, j, "good_sha", 1, where, cause) < 0 ||
	    rec_get_str(&w->bad_sha, j, "bad_sha", 1, where, cause) < 0 ||
	    rec_get_str(&w->confirm, j, "confirm", 1, where, cause) < 0 ||
	    rec_get_str(&w->withdrawn_reason, j, "withdrawn_reason", 1, where, cause) < 0 ||
	    rec_get_int(&w->bad_position, j, "bad_position", 0, where, cause) < 0) {
		rep_withdrawn_dispose(w);
		return -1;
	}
	return 0;
}

static json_t *rep_no_code_encode(const void *e)
{
	const struct rec_window_report_no_code *n = e;

	return json_pack("{s:o, s:o, s:o, s:I}", "good_sha", rec_str_json(n->good_sha),
			 "bad_sha", rec_str_json(n->bad_sha),
			 "code_reason", rec_str_json(n->code_reason),
			 "bad_position", (json_int_t)n->bad_position);
}

static void rep_no_code_dispose(void *e)
{
	struct rec_window_report_no_code *n = e;

	free(n->good_sha);
	free(n->bad_sha);
	free(n->code_reason);
	memset(n, 0, sizeof *n);
}

static int rep_no_code_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_no_code *n = e;

	memset(n, 0, sizeof *n);
	if (rec_check_object(j, where, "a range", cause) < 0 ||
	    rec_get_str(&n->good_sha, j, "good_sha", 1, where, cause) < 0 ||
	    rec_get_str(&n->bad_sha, j, "bad_sha", 1, where, cause) < 0 ||
	    rec_get_str(&n->code_reason, j, "code_reason", 1, where, cause) < 0 ||
	    rec_get_int(&n->bad_position, j, "bad_position", 0, where, cause) < 0) {
		rep_no_code_dispose(n);
		return -1;
	}
	return 0;
}

/* --- a group and its merges ------------------------------------------- */

static json_t *rep_merge_encode(const void *e)
{
	const struct rec_window_report_merge *m = e;
	json_t *j = rec_commit_encode(&m->commit);
	int ok = j != NULL;

	rep_put(j, "jobs", json_integer(m->jobs), &ok);
	rep_put(j, "pending", json_integer(m->pending), &ok);
	return rep_done(j, ok);
}

static void rep_merge_dispose(void *e)
{
	struct rec_window_report_merge *m = e;

	rec_commit_dispose(&m->commit);
	memset(m, 0, sizeof *m);
}

static int rep_merge_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_merge *m = e;

	memset(m, 0, sizeof *m);
	if (rec_commit_decode(&m->commit, j, where, cause) < 0)
		return -1;
	if (rec_get_int(&m->jobs, j, "jobs", 0, where, cause) < 0 ||
	    rec_get_int(&m->pending, j, "pending", 0, where, cause) < 0) {
		rep_merge_dispose(m);
		return -1;
	}
	return 0;
}

static json_t *rep_group_encode(const void *e)
{
	const struct rec_window_report_group *g = e;
	json_t *j = json_pack("{s:o, s:I, s:I, s:o, s:I, s:I, s:o, s:I}",
		"kind", rec_str_json(g->kind), "position", (json_int_t)g->position,
		"bad_position", (json_int_t)g->bad_position,
		"merges", rec_array_encode(g->merges, g->nmerges, sizeof *g->merges,
					   rep_merge_encode),
		"regressions", (json_int_t)g->regressions,
		"improvements", (json_int_t)g->improvements,
		"changes", rec_array_encode(g->changes, g->nchanges, sizeof *g->changes,
					    rep_change_encode),
		"candidates", (json_int_t)g->candidates);

	return j;
}

void rec_window_report_group_dispose(struct rec_window_report_group *g)
{
	if (!g)
		return;
	free(g->kind);
	rec_array_dispose(g->merges, g->nmerges, sizeof *g->merges, rep_merge_dispose);
	rec_array_dispose(g->changes, g->nchanges, sizeof *g->changes, rep_change_dispose);
	memset(g, 0, sizeof *g);
}

static void rep_group_dispose(void *e)
{
	rec_window_report_group_dispose(e);
}

static int rep_group_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_group *g = e;

	memset(g, 0, sizeof *g);
	if (rec_check_object(j, where, "a group", cause) < 0 ||
	    rec_get_str(&g->kind, j, "kind", 0, where, cause) < 0 ||
	    rec_get_int(&g->position, j, "position", 0, where, cause) < 0 ||
	    rec_get_int(&g->bad_position, j, "bad_position", 0, where, cause) < 0 ||
	    rec_array_decode(&g->merges, &g->nmerges, sizeof *g->merges,
			     json_object_get(j, "merges"), where, "merges", rep_merge_decode,
			     cause) < 0 ||
	    rec_get_int(&g->regressions, j, "regressions", 0, where, cause) < 0 ||
	    rec_get_int(&g->improvements, j, "improvements", 0, where, cause) < 0 ||
	    rec_array_decode(&g->changes, &g->nchanges, sizeof *g->changes,
			     json_object_get(j, "changes"), where, "changes", rep_change_decode,
			     cause) < 0 ||
	    rec_get_int(&g->candidates, j, "candidates", 0, where, cause) < 0) {
		rec_window_report_group_dispose(g);
		return -1;
	}
	return 0;
}

/* --- the measured commits --------------------------------------------- */

/* A real as the measured commits show it: null unless finite. */
static json_t *rep_num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *rep_metric_encode(const void *e)
{
	const struct rec_window_report_metric *m = e;

	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:[o, o], s:o, s:o, s:I, "
			 "s:I, s:o}",
			 "series_id", (json_int_t)m->series_id, "suite", rec_str_json(m->suite),
			 "metric", rec_str_json(m->metric),
			 "runner_class", rec_str_json(m->runner_class),
			 "prev_sha", rec_str_json(m->prev_sha), "verdict", rec_str_json(m->verdict),
			 "direction", rec_str_json(m->direction),
			 "change_percent", rep_num(m->change_percent),
			 "ci95_percent", rep_num(m->ci_lo), rep_num(m->ci_hi),
			 "p", rep_num(m->p), "q", rep_num(m->q),
			 "jobs_before", (json_int_t)m->jobs_before,
			 "jobs_after", (json_int_t)m->jobs_after, "reason", rec_str_json(m->reason));
}

static void rep_metric_dispose(void *e)
{
	struct rec_window_report_metric *m = e;

	free(m->suite);
	free(m->metric);
	free(m->runner_class);
	free(m->prev_sha);
	free(m->verdict);
	free(m->direction);
	free(m->reason);
	memset(m, 0, sizeof *m);
}

static int rep_metric_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_metric *m = e;
	const json_t *ci = json_object_get(j, "ci95_percent");
	char at[REC_WHERE_MAX];

	memset(m, 0, sizeof *m);
	m->ci_lo = m->ci_hi = NAN;
	snprintf(at, sizeof at, "%sci95_percent", where);
	if (rec_check_object(j, where, "a metric", cause) < 0 ||
	    rec_get_int(&m->series_id, j, "series_id", 0, where, cause) < 0 ||
	    rec_get_str(&m->suite, j, "suite", 1, where, cause) < 0 ||
	    rec_get_str(&m->metric, j, "metric", 1, where, cause) < 0 ||
	    rec_get_str(&m->runner_class, j, "runner_class", 1, where, cause) < 0 ||
	    rec_get_str(&m->prev_sha, j, "prev_sha", 1, where, cause) < 0 ||
	    rec_get_str(&m->verdict, j, "verdict", 1, where, cause) < 0 ||
	    rec_get_str(&m->direction, j, "direction", 1, where, cause) < 0 ||
	    rec_get_real(&m->change_percent, j, "change_percent", where, cause) < 0 ||
	    (json_array_size(ci) != 2 && fail_cause(cause, "%s must be a pair", at) < 0) ||
	    rec_get_real(&m->p, j, "p", where, cause) < 0 ||
	    rec_get_real(&m->q, j, "q", where, cause) < 0 ||
	    rec_get_int(&m->jobs_before, j, "jobs_before", 0, where, cause) < 0 ||
	    rec_get_int(&m->jobs_after, j, "jobs_after", 0, where, cause) < 0 ||
	    rec_get_str(&m->reason, j, "reason", 1, where, cause) < 0) {
		rep_metric_dispose(m);
		return -1;
	}
	if (json_is_number(json_array_get(ci, 0)))
		m->ci_lo = json_number_value(json_array_get(ci, 0));
	if (json_is_number(json_array_get(ci, 1)))
		m->ci_hi = json_number_value(json_array_get(ci, 1));
	return 0;
}

static json_t *rep_measured_encode(const void *e)
{
	const struct rec_window_report_measured *m = e;

	return json_pack("{s:I, s:o, s:b, s:o, s:I, s:I, s:I, s:I, s:I, s:o}",
			 "position", (json_int_t)m->position, "sha", rec_str_json(m->sha),
			 "merge", m->merge, "subject", rec_str_json(m->subject),
			 "jobs", (json_int_t)m->jobs, "metrics", (json_int_t)m->metrics,
			 "changed", (json_int_t)m->changed, "same", (json_int_t)m->same,
			 "inconclusive", (json_int_t)m->inconclusive,
			 "changes", rec_array_encode(m->changes, m->nchanges, sizeof *m->changes,
						     rep_metric_encode));
}

void rec_window_report_measured_dispose(struct rec_window_report_measured *m)
{
	if (!m)
		return;
	free(m->sha);
	free(m->subject);
	rec_array_dispose(m->changes, m->nchanges, sizeof *m->changes, rep_metric_dispose);
	memset(m, 0, sizeof *m);
}

static void rep_measured_dispose(void *e)
{
	rec_window_report_measured_dispose(e);
}

static int rep_measured_decode(void *e, const json_t *j, const char *where, char **cause)
{
	struct rec_window_report_measured *m = e;

	memset(m, 0, sizeof *m);
	if (rec_check_object(j, where, "a measured commit", cause) < 0 ||
	    rec_get_int(&m->position, j, "position", 0, where, cause) < 0 ||
	    rec_get_str(&m->sha, j, "sha", 0, where, cause) < 0 ||
	    rep_get_bool(&m->merge, j, "merge", where, cause) < 0 ||
	    rec_get_str(&m->subject, j, "subject", 1, where, cause) < 0 ||
	    rec_get_int(&m->jobs, j, "jobs", 0, where, cause) < 0 ||
	    rec_get_int(&m->metrics, j, "metrics", 0, where, cause) < 0 ||
	    rec_get_int(&m->changed, j, "changed", 0, where, cause) < 0 ||
	    rec_get_int(&m->same, j, "same", 0, where, cause) < 0 ||
	    rec_get_int(&m->inconclusive, j, "inconclusive", 0, where, cause) < 0 ||
	    rec_array_decode(&m->changes, &m->nchanges, sizeof *m->changes,
			     json_object_get(j, "changes"), where, "changes", rep_metric_decode,
			     cause) < 0) {
		rec_window_report_measured_dispose(m);
		return -1;
	}
	return 0;
}

void rec_commit_verdict_dispose(struct rec_commit_verdict *v)
{
	if (!v)
		return;
	free(v->sha);
	free(v->prev_sha);
	free(v->runner_class);
	free(v->suite);
	free(v->metric);
	free(v->unit);
	free(v->better);
	free(v->subject);
	free(v->verdict);
	memset(v, 0, sizeof *v);
}

static void rep_commit_verdict_dispose(void *e)
{
	rec_commit_verdict_dispose(e);
}

/* --- the report ------------------------------------------------------- */

static json_t *rep_summary_encode(const struct rec_window_report *r)
{
	json_t *j = json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}",
		"merges_measured", (json_int_t)r->summary.merges_measured,
		"merges", (json_int_t)r->summary.merges,
		"confirmed", (json_int_t)r->summary.confirmed,
		"waiting", (json_int_t)r->summary.waiting,
		"no_code", (json_int_t)r->summary.no_code,
		"not_reproduced", (json_int_t)r->summary.not_reproduced,
		"ranges_no_code", (json_int_t)r->summary.ranges_no_code,
		"regressions", (json_int_t)r->summary.regressions,
		"improvements", (json_int_t)r->summary.improvements,
		"changes", (json_int_t)r->summary.changes,
		"groups", (json_int_t)r->summary.groups,
		"ambiguous_groups", (json_int_t)r->summary.ambiguous_groups);
	int ok = j != NULL;

	if (r->decided) {
		rep_put(j, "verdicts", json_pack("{s:I, s:I, s:I}",
			"changed", (json_int_t)r->summary.verdicts[VERDICT_CHANGED],
			"same", (json_int_t)r->summary.verdicts[VERDICT_SAME],
			"inconclusive", (json_int_t)r->summary.verdicts[VERDICT_INCONCLUSIVE]), &ok);
		rep_put(j, "commits_changed", json_integer(r->summary.commits_changed), &ok);
		rep_put(j, "commits_inconclusive", json_integer(r->summary.commits_inconclusive),
			&ok);
	}
	return rep_done(j, ok);
}

json_t *rec_window_report_encode(const struct rec_window_report *r)
{
	json_t *j = json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:o, s:o, s:o, s:I, s:I, s:o, "
			      "s:b}", "tree", rec_str_json(r->tree),
		"release", rec_str_json(r->release), "closed_by", rec_str_json(r->closed_by),
		"state", rec_str_json(r->state), "from_position", (json_int_t)r->from_position,
		"to_position", (json_int_t)r->to_position, "branch", rec_str_json(r->branch),
		"summary", rep_summary_encode(r),
		"withdrawn", rec_array_encode(r->withdrawn, r->nwithdrawn, sizeof *r->withdrawn,
					      rep_withdrawn_encode),
		"no_code", rec_array_encode(r->no_code, r->nno_code, sizeof *r->no_code,
					    rep_no_code_encode),
		"limit", (json_int_t)r->limit, "offset", (json_int_t)r->offset,
		"groups", rec_array_encode(r->groups, r->ngroups, sizeof *r->groups,
					   rep_group_encode), "more", r->more);
	int ok = j != NULL;

	if (r->decided)
		rep_put(j, "measured", rec_array_encode(r->measured, r->nmeasured,
							 sizeof *r->measured, rep_measured_encode),
			&ok);
	return rep_done(j, ok);
}

static int rep_summary_decode(struct rec_window_report *r, const json_t *j, char **cause)
{
	const json_t *v = json_object_get(j, "verdicts");
	const char *at = "summary.";

	if (rec_check_object(j, at, "the summary", cause) < 0 ||
	    rec_get_int(&r->summary.merges_measured, j, "merges_measured", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.merges, j, "merges", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.confirmed, j, "confirmed", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.waiting, j, "waiting", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.no_code, j, "no_code", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.not_reproduced, j, "not_reproduced", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.ranges_no_code, j, "ranges_no_code", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.regressions, j, "regressions", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.improvements, j, "improvements", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.changes, j, "changes", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.groups, j, "groups", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.ambiguous_groups, j, "ambiguous_groups", 0, at, cause) < 0)
		return -1;
	if (!v)
		return 0;
	if (rec_check_object(v, "summary.verdicts", "the verdicts", cause) < 0 ||
	    rec_get_int(&r->summary.verdicts[VERDICT_CHANGED], v, "changed", 0,
			"summary.verdicts.", cause) < 0 ||
	    rec_get_int(&r->summary.verdicts[VERDICT_SAME], v, "same", 0, "summary.verdicts.",
			cause) < 0 ||
	    rec_get_int(&r->summary.verdicts[VERDICT_INCONCLUSIVE], v, "inconclusive", 0,
			"summary.verdicts.", cause) < 0 ||
	    rec_get_int(&r->summary.commits_changed, j, "commits_changed", 0, at, cause) < 0 ||
	    rec_get_int(&r->summary.commits_inconclusive, j, "commits_inconclusive", 0, at,
			cause) < 0)
		return -1;
	return 0;
}

int rec_window_report_decode(struct rec_window_report *out, const json_t *j, char **cause)
{
	struct rec_window_report *r = out;

	memset(r, 0, sizeof *r);
	r->decided = json_object_get(j, "measured") != NULL;
	if (rec_check_object(j, "", "a report", cause) < 0 ||
	    rec_get_str(&r->tree, j, "tree", 0, "", cause) < 0 ||
	    rec_get_str(&r->release, j, "release", 0, "", cause) < 0 ||
	    rec_get_str(&r->closed_by, j, "closed_by", 1, "", cause) < 0 ||
	    rec_get_str(&r->state, j, "state", 0, "", cause) < 0 ||
	    rec_get_int(&r->from_position, j, "from_position", 0, "", cause) < 0 ||
	    rec_get_int(&r->to_position, j, "to_position", 0, "", cause) < 0 ||
	    rec_get_str(&r->branch, j, "branch", 1, "", cause) < 0 ||
	    rep_summary_decode(r, json_object_get(j, "summary"), cause) < 0 ||
	    rec_array_decode(&r->withdrawn, &r->nwithdrawn, sizeof *r->withdrawn,
			     json_object_get(j, "withdrawn"), "", "withdrawn", rep_withdrawn_decode,
			     cause) < 0 ||
	    rec_array_decode(&r->no_code, &r->nno_code, sizeof *r->no_code,
			     json_object_get(j, "no_code"), "", "no_code", rep_no_code_decode,
			     cause) < 0 ||
	    rec_get_int(&r->limit, j, "limit", 0, "", cause) < 0 ||
	    rec_get_int(&r->offset, j, "offset", 0, "", cause) < 0 ||
	    rec_array_decode(&r->groups, &r->ngroups, sizeof *r->groups,
			     json_object_get(j, "groups"), "", "groups", rep_group_decode,
			     cause) < 0 ||
	    rep_get_bool(&r->more, j, "more", "", cause) < 0 ||
	    (r->decided && rec_array_decode(&r->measured, &r->nmeasured, sizeof *r->measured,
					    json_object_get(j, "measured"), "", "measured",
					    rep_measured_decode, cause) < 0)) {
		rec_window_report_dispose(r);
		return -1;
	}
	return 0;
}

void rec_window_report_dispose(struct rec_window_report *r)
{
	if (!r)
		return;
	free(r->tree);
	free(r->release);
	free(r->closed_by);
	free(r->state);
	free(r->branch);
	rec_array_dispose(r->withdrawn, r->nwithdrawn, sizeof *r->withdrawn,
			  rep_withdrawn_dispose);
	rec_array_dispose(r->no_code, r->nno_code, sizeof *r->no_code, rep_no_code_dispose);
	rec_array_dispose(r->groups, r->ngroups, sizeof *r->groups, rep_group_dispose);
	rec_array_dispose(r->measured, r->nmeasured, sizeof *r->measured, rep_measured_dispose);
	rec_array_dispose(r->commit_verdicts, r->ncommit_verdicts, sizeof *r->commit_verdicts,
			  rep_commit_verdict_dispose);
	free(r->measure_suites);
	free(r->measure_classes);
	free(r->measure_boot);
	memset(r, 0, sizeof *r);
}
