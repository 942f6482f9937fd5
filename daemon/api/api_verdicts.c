// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_verdicts.c - what the analysis decided, as the API and the pages
 * show it (docs/API.md): a comparison of two sides (daemon/analyze/compare.c),
 * the measured commits of a merge window with their verdicts
 * (daemon/analyze/analyze_verdict.c), and the points of a series around a
 * change (daemon/analyze/analyze.c) as the change record's points
 * (lib/rec_change_points.h).  Those files compute; this one only encodes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze/analyze.h"
#include "daemon/analyze/compare.h"
#include "daemon/api/api.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/rec_change_points.h"

#define API_WINDOW_CHANGES 50       /* changed metrics listed per measured commit */

static json_t *api_real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* A copy of s (NULL: NULL, as when memory is out). */
static char *api_dup(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* ---- a comparison (GET /api/v1/compare, the compare page) ---------- */

static json_t *api_side_json(const struct compare_side *s)
{
	return json_pack("{s:I, s:I, s:o, s:o}", "jobs", (json_int_t)s->jobs, "n",
			 (json_int_t)s->n, "mean", api_real(s->mean),
			 "stddev_percent", api_real(s->stddev_percent));
}

static json_t *api_more_json(const struct verdict *v)
{
	if (v->more == VERDICT_MORE_NONE)
		return json_null();
	return json_pack("{s:s, s:o, s:o}", "what", verdict_more_name(v->more),
			 "jobs_per_side", api_real(v->jobs_needed),
			 "iterations_per_job", api_real(v->iterations_needed));
}

json_t *api_compare_about(struct db *db, const char *text, const struct compare_which *w)
{
	json_t *side = json_pack("{s:s}", "text", text), *c = NULL;
	struct rec_commit_about about;
	struct rec_job job;
	int rc = DB_NOTFOUND;

	if (w->job_id) {
		json_object_set_new(side, "job_id", json_integer(w->job_id));
		if (db_job_get(db, &job, w->job_id) == DB_OK && job.commit_sha)
			rc = db_commit_about(db, &about, job.commit_sha);
		rec_job_dispose(&job);
	} else {
		rc = db_commit_about(db, &about, w->sha);
	}
	if (rc == DB_OK) {
		c = rec_commit_about_encode(&about);
		rec_commit_about_dispose(&about);
	}
	if (w->ref_kind[0])
		json_object_set_new(side, "ref", json_string(w->ref_kind));
	json_object_set_new(side, "commit", c ? c : json_null());
	return side;
}

static json_t *api_compare_row(const struct compare_row *r)
{
	const struct verdict *v = &r->v;

	return json_pack("{s:s, s:s, s:I, s:s, s:s, s:o, s:o, s:o, s:[o, o], s:o, s:o, s:o, s:o, "
			 "s:o, s:o, s:s, s:s?, s:s, s:o, s:{s:b, s:b, s:o, s:o}}",
			 "runner_class", r->runner_class, "metric", r->metric,
			 "series_id", (json_int_t)r->series_id, "unit", r->unit, "better", r->better,
			 "base", api_side_json(&r->base), "head", api_side_json(&r->head),
			 "change_percent", api_real(v->percent),
			 "ci95_percent", api_real(v->ci_lo), api_real(v->ci_hi),
			 "p", api_real(v->p), "q", api_real(v->q),
			 "p_same", api_real(v->p_same),
			 "min_effect_percent", api_real(100 * v->min_effect),
			 "welch_p", api_real(r->p_welch),
			 "mann_whitney_p", api_real(r->p_mw),
			 "verdict", verdict_name(v->kind), "direction", r->direction,
			 "reason", v->reason, "more", api_more_json(v),
			 "noise", "known", r->known, "prior", v->prior_used,
			 "between_job_percent", api_real(100 * v->between_cv),
			 "within_job_percent", api_real(100 * v->within_cv));
}

int api_compare_json(json_t **out, struct db *db, const char *base, const char *head,
		     const char *runner_class, const struct verdict_params *vp, char **cause)
{
	struct compare_report *rep = NULL;
	json_t *root, *rows;
	int rc;

	*out = NULL;
	*cause = NULL;
	rc = compare_run(&rep, db, base, head, runner_class, vp, cause);
	if (rc != DB_OK)
		return http_status(rc);
	rows = json_array();
	for (size_t k = 0; rows && k < rep->n; k++)
		if (json_array_append_new(rows, api_compare_row(&rep->rows[k])) < 0) {
			json_decref(rows);
			rows = NULL;
		}
	root = !rows ? NULL :
	       json_pack("{s:s, s:s, s:s?, s:f, s:f, s:o, s:o, s:o, s:I, s:I, s:I, s:I, s:I}",
			 "base", base, "head", head, "runner_class", runner_class,
			 "alpha", vp->alpha, "min_effect_percent", 100 * vp->min_effect,
			 "base_side", api_compare_about(db, base, &rep->base),
			 "head_side", api_compare_about(db, head, &rep->head),
			 "metrics", rows, "only_in_base", (json_int_t)rep->only_base,
			 "only_in_head", (json_int_t)rep->only_head,
			 "changed", (json_int_t)rep->counts[VERDICT_CHANGED],
			 "same", (json_int_t)rep->counts[VERDICT_SAME],
			 "inconclusive", (json_int_t)rep->counts[VERDICT_INCONCLUSIVE]);
	compare_report_free(rep);
	if (!root) {
		fail_cause(cause, "cannot compare: out of memory");
		return 500;
	}
	*out = root;
	return 0;
}

/* ---- the points of a series around a change ------------------------ */

int api_change_points(struct rec_change *c, struct db *db, size_t around)
{
	struct analyze_around *p = NULL;
	size_t n = 0;

	c->points = NULL;
	c->npoints = 0;
	if (analyze_points_around(&p, &n, db, c->series_id, c->bad_job_id, around) != DB_OK)
		return -1;
	c->points = calloc(n + 1, sizeof *c->points);
	for (size_t i = 0; c->points && i < n; i++) {
		struct rec_change_point *pt = &c->points[c->npoints];

		*pt = (struct rec_change_point){ (long long)p[i].index, p[i].job_id,
						 p[i].placed ? p[i].position : REC_NONE, NULL,
						 p[i].value, (long long)p[i].iterations };
		if (p[i].sha[0] && !(pt->commit_sha = strdup(p[i].sha)))
			break;
		c->npoints++;
	}
	free(p);
	return c->points && c->npoints == n ? 0 : -1;
}

/* ---- the measured commits of a merge window ------------------------ */

/* One changed metric of a measured commit, for the report, into *m. */
static int api_window_change(struct rec_window_report_metric *m,
			     const struct rec_commit_verdict *row, const struct verdict *v)
{
	int worse = row->better && (v->diff > 0) == !strcmp(row->better, "lower");

	m->series_id = row->series_id;
	m->suite = api_dup(row->suite);
	m->metric = api_dup(row->metric);
	m->runner_class = api_dup(row->runner_class);
	m->prev_sha = api_dup(row->prev_sha);
	m->verdict = api_dup(verdict_name(v->kind));
	m->direction = api_dup(worse ? "regression" : "improvement");
	m->change_percent = v->percent;
	m->ci_lo = v->ci_lo;
	m->ci_hi = v->ci_hi;
	m->p = v->p;
	m->q = v->q;
	m->jobs_before = (long long)v->jobs[0];
	m->jobs_after = (long long)v->jobs[1];
	m->reason = api_dup(v->reason);
	return m->verdict && m->direction && m->reason ? 0 : -1;
}

/* Decides the rows [g, e) of one measured commit into *m; counts[] adds
 * its verdicts, and whether it changed or is inconclusive. */
static int api_window_commit(struct rec_window_report_measured *m, long long *counts,
			     const struct rec_commit_verdict *rows, size_t g, size_t e,
			     const struct verdict_params *vp)
{
	struct verdict *v = calloc(e - g, sizeof *v);
	const struct rec_commit_verdict *first = &rows[g];
	long long n[3] = { 0, 0, 0 };
	int rc = 0;

	m->changes = calloc((e - g < API_WINDOW_CHANGES ? e - g : API_WINDOW_CHANGES) + 1,
			    sizeof *m->changes);
	if (!v || !m->changes || analyze_commit_verdicts(v, rows, g, e, vp) < 0) {
		free(v);
		return -1;
	}
	for (size_t i = g; rc == 0 && i < e; i++) {
		n[v[i - g].kind]++;
		if ((long long)v[i - g].jobs[1] > m->jobs)
			m->jobs = (long long)v[i - g].jobs[1];
		if (v[i - g].kind == VERDICT_CHANGED && m->nchanges < API_WINDOW_CHANGES)
			rc = api_window_change(&m->changes[m->nchanges++], &rows[i], &v[i - g]);
	}
	free(v);
	m->position = first->position;
	m->sha = api_dup(first->sha);
	m->merge = first->merge != 0;
	m->subject = first->subject ? api_dup(first->subject) : NULL;
	m->metrics = (long long)(e - g);
	m->changed = n[VERDICT_CHANGED];
	m->same = n[VERDICT_SAME];
	m->inconclusive = n[VERDICT_INCONCLUSIVE];
	for (int k = 0; k < 3; k++)
		counts[k] += n[k];
	counts[3] += n[VERDICT_CHANGED] > 0;
	counts[4] += n[VERDICT_INCONCLUSIVE] > 0;
	return rc == 0 && m->sha && (!first->subject || m->subject) ? 0 : -1;
}

int api_window_verdicts(struct rec_window_report *r, const struct verdict_params *vp)
{
	const struct rec_commit_verdict *rows = r->commit_verdicts;
	long long counts[5] = { 0, 0, 0, 0, 0 };
	size_t n = r->ncommit_verdicts;

	r->measured = calloc(n + 1, sizeof *r->measured);
	if (!r->measured)
		return -1;
	for (size_t g = 0, e; g < n; g = e) {
		for (e = g + 1; e < n && rows[e].position == rows[g].position; e++)
			;
		if (api_window_commit(&r->measured[r->nmeasured++], counts, rows, g, e, vp) < 0)
			return -1;
	}
	for (int k = 0; k < 3; k++)
		r->summary.verdicts[k] = counts[k];
	r->summary.commits_changed = counts[3];
	r->summary.commits_inconclusive = counts[4];
	r->decided = 1;
	return 0;
}
