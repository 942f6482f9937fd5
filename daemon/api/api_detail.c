// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_detail.c - the data of the metric chart and of the job detail page.
 *
 * detail_series() backs GET /api/v1/series/:id and /series/ID: a series
 * record (lib/rec.h) with its points by first-parent position, the release tags on its branch, its
 * changes with the positions of their commit ranges, and the same metric
 * on the other runner classes the caller asked for (?classes=).
 * detail_job() backs GET /api/v1/jobs/:id and /jobs/ID.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/analyze/analyze.h"
#include "daemon/api/api_detail.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/fail.h"
#include "lib/proto.h"
#include "lib/stats.h"
#include "web/html.h"
#include "web/pages.h"

#define DETAIL_MAX_QUERY 1024       /* characters of ?classes= */

/* ?from= / ?to= (v, NULL when absent): a position (digits) or a full
 * commit id on the branch.  *pos stays as it is when v is NULL. */
static int detail_bound(long long *pos, char **cause, struct kpcid *k, const char *v,
			const char *name, long long branch_id)
{
	size_t hex;
	char *end;

	if (!v)
		return 0;
	hex = strspn(v, "0123456789abcdef");
	if (*v && strspn(v, "0123456789") == strlen(v) && strlen(v) < 12) {
		*pos = strtoll(v, &end, 10);
		return 0;
	}
	if (!v[hex] && (hex == 40 || hex == 64) && branch_id &&
	    db_branch_position(k->db, pos, branch_id, v) == DB_OK)
		return 0;
	fail_cause(cause, "query parameter %s: '%.64s' is neither a first-parent position nor a "
		   "commit on this series' branch", name, v);
	return 400;
}

/* A copy of s (NULL: NULL); the point's field. */
static char *detail_text(const char *s)
{
	return s ? strdup(s) : NULL;
}

/* Adds the subject, author and commit time of their commits to the n
 * points p (in position order). */
static int detail_commits(struct kpcid *k, struct rec_point *p, size_t n, long long branch_id)
{
	long long *pos = calloc(n + 1, sizeof *pos);
	struct rec_commits det;
	size_t d = 0, np = 0;
	int rc;

	if (!pos)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (p[i].position != REC_NONE)
			pos[np++] = p[i].position;
	rc = db_branch_details(k->db, &det, branch_id, pos, np);
	free(pos);
	if (rc != DB_OK)
		return -1;
	for (size_t i = 0; i < n; i++) {
		long long at = p[i].position == REC_NONE ? 0 : p[i].position;
		const struct rec_commit *c;

		while (d < det.n && det.v[d].position < at)
			d++;
		c = d < det.n ? &det.v[d] : NULL;
		if (c && c->position == at) {
			p[i].has_commit = 1;
			p[i].subject = detail_text(c->subject);
			p[i].author = detail_text(c->author_name);
			p[i].time = c->commit_time == REC_NONE ? 0 : c->commit_time;
		}
	}
	rec_commits_dispose(&det);
	return 0;
}

/* The points of series id whose position is in [lo, hi] (all when the
 * series is in job order) into *out and *n (caller frees), with their
 * commits' subjects when details; *by_commit gets the order. */
static int detail_points(struct rec_point **out, size_t *n, struct kpcid *k, long long id,
			 long long lo, long long hi, long long branch_id, int details,
			 int *by_commit)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	struct rec_point *v;

	*out = NULL;
	*n = 0;
	if (db_series_load(k->db, &s, id) != DB_OK)
		return -1;
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return -1;
	}
	*by_commit = a.by_commit;
	v = calloc(a.n + 1, sizeof *v);
	for (size_t i = 0; v && i < a.n; i++) {
		const struct analyze_point *p = &a.points[i];
		struct rec_point *q = &v[*n];

		if (a.by_commit && (p->position < lo || p->position > hi))
			continue;
		q->index = (long long)i;
		q->position = p->position >= 0 ? p->position : REC_NONE;
		q->job_id = p->job_id;
		q->commit_sha = p->sha[0] ? strdup(p->sha) : NULL;
		q->value = p->value;
		q->min = p->min;
		q->max = p->max;
		q->iterations = p->iterations;
		(*n)++;
	}
	analyze_series_dispose(&a);
	db_series_data_free(s);
	if (v && details && branch_id && detail_commits(k, v, *n, branch_id) < 0) {
		rec_points_free(v, *n);
		v = NULL;
	}
	*out = v;
	*n = v ? *n : 0;
	return v ? 0 : -1;
}

/* The changes of series id with the first-parent positions of their ends
 * into *out (caller disposes): 0, or -1 on a database error. */
static int detail_changes(struct rec_series_changes *out, struct kpcid *k, long long id,
			  long long branch_id)
{
	struct db_change_filter f = { .noisy = -1, .series_id = id };
	struct rec_changes l;

	memset(out, 0, sizeof *out);
	if (db_changes_list(k->db, &l, &f, DB_MAX_LIST, 0) != DB_OK ||
	    !(out->v = calloc(l.n + 1, sizeof *out->v))) {
		rec_changes_dispose(&l);
		return -1;
	}
	for (size_t i = 0; i < l.n; i++) {
		struct rec_series_change *c = &out->v[out->n++];
		const char *ends[2] = { l.v[i].good_sha, l.v[i].bad_sha };
		long long *at[2] = { &c->good_position, &c->bad_position };

		c->change = l.v[i];         /* moved: l.v[i] no longer owns its strings */
		for (int e = 0; e < 2; e++)
			if (!ends[e] || !branch_id ||
			    db_branch_position(k->db, at[e], branch_id, ends[e]) != DB_OK)
				*at[e] = REC_NONE;
	}
	free(l.v);
	return 0;
}

/* A point's x on the chart: its position in commit order, else its index. */
static long long detail_x(const struct rec_point *p, int by_commit)
{
	if (!by_commit)
		return p->index;
	return p->position == REC_NONE ? 0 : p->position;
}

/* The x of the first bad point of each change, sorted, into *out (caller
 * frees); their number. */
static size_t detail_bounds(long long **out, const struct rec_series_changes *changes,
			    int by_commit)
{
	size_t n = changes->n, k = 0, i;
	long long *v = calloc(n ? n : 1, sizeof *v);

	*out = v;
	if (!v)
		return 0;
	for (i = 0; i < n; i++) {
		const struct rec_series_change *c = &changes->v[i];
		long long bad = by_commit ? c->bad_position : c->change.point_index;

		if (bad != REC_NONE)
			v[k++] = bad;
	}
	for (i = 1; i < k; i++)      /* a handful: insertion sort */
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			long long x = v[j];

			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return k;
}

/* One segment of points p[a, b) (same x side of every change bound) into
 * *g: its mean and the spread of one point about it, from the noise model
 * of the series when it knows the between-job spread, else from the
 * points.  0, or -1 when out of memory. */
static int detail_segment(struct rec_segment *g, const struct rec_point *p, size_t a, size_t b,
			  int by_commit, const struct verdict_noise *noise)
{
	size_t n = b - a;
	double *v = calloc(n, sizeof *v), iters = 0, mean, sd;
	int model = noise->between_df > 0;

	if (!v)
		return -1;
	for (size_t i = a; i < b; i++) {
		v[i - a] = p[i].value;
		iters += (double)p[i].iterations;
	}
	mean = stats_mean(v, n);
	iters = iters / (double)n >= 1 ? iters / (double)n : 1;
	if (model)
		sd = fabs(mean) * sqrt(noise->between_var + noise->within_var / iters);
	else
		sd = n >= 2 ? sqrt(stats_variance(v, n)) : 0;
	free(v);
	g->from = detail_x(&p[a], by_commit);
	g->to = detail_x(&p[b - 1], by_commit);
	g->points = (long long)n;
	g->mean = mean;
	g->sd = isfinite(sd) ? sd : 0;
	g->sd_from = strdup(model ? "noise model" : "points");
	return g->sd_from ? 0 : -1;
}

/* The segments of the n points p between the changes (the chart's noise
 * band) into *out and *nout (caller frees: rec_series_dispose). */
static int detail_segments(struct rec_segment **out, size_t *nout, struct kpcid *k, long long id,
			   const struct rec_point *p, size_t n,
			   const struct rec_series_changes *changes, int by_commit)
{
	struct db_noise_sums sums;
	struct verdict_noise noise = { 0 };
	long long *bounds;
	size_t nb = detail_bounds(&bounds, changes, by_commit), next = 0, a = 0;
	struct rec_segment *segs = calloc(nb + 2, sizeof *segs);

	*out = segs;
	*nout = 0;
	if (db_noise_sums(k->db, &sums, id, 0, NULL) == DB_OK)
		analyze_noise_of(&noise, &sums);
	for (size_t i = 0; segs && i <= n; i++) {
		long long x = i < n ? detail_x(&p[i], by_commit) : 0;
		int cut = i == n;

		while (i < n && next < nb && bounds[next] <= x) {
			cut |= i > a;
			next++;
		}
		if (cut && i > a) {
			if (detail_segment(&segs[*nout], p, a, i, by_commit, &noise) < 0)
				break;
			(*nout)++;
			a = i;
		}
	}
	free(bounds);
	return segs && a == n ? 0 : -1;
}

/* 1 when class is listed in the comma-separated list. */
static int detail_listed(const char *list, const char *cls)
{
	size_t n = strlen(cls);

	for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, cls, n) && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}

/* Checks ?classes=: names separated by commas. */
static int detail_classes_ok(char **cause, const char *list)
{
	char name[PROTO_MAX_NAME + 1];
	int count = 0;

	if (strlen(list) > DETAIL_MAX_QUERY) {
		fail_cause(cause, "query parameter classes is too long");
		return 400;
	}
	for (const char *p = list; *p; ) {
		size_t n = strcspn(p, ",");

		if (n > PROTO_MAX_NAME) {
			fail_cause(cause, "query parameter classes: a name is too long");
			return 400;
		}
		memcpy(name, p, n);
		name[n] = '\0';
		if (!proto_name_ok(name) || ++count > DETAIL_MAX_CLASSES) {
			fail_cause(cause, "query parameter classes: '%.64s' is not a runner class name "
				   "(or more than %d are listed)", name, DETAIL_MAX_CLASSES);
			return 400;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/* A copy of the name v, or NULL for "" (and when out of memory). */
static char *detail_name(const char *v)
{
	return *v ? strdup(v) : NULL;
}

/* The runner classes of s->classes listed in q->classes other than s's
 * own, drawn over it: s->overlay and s->selected. */
static int detail_overlay(struct rec_series *s, struct kpcid *k, const struct detail_query *q,
			  long long lo, long long hi, long long branch_id, int details)
{
	s->overlay = calloc(s->nclasses + 1, sizeof *s->overlay);
	s->selected = calloc(s->nclasses + 2, sizeof *s->selected);
	if (!s->overlay || !s->selected || !(s->selected[0] = strdup(s->runner_class)))
		return -1;
	s->nselected = 1;
	for (size_t i = 0; i < s->nclasses; i++) {
		const struct rec_series_class *c = &s->classes[i];
		struct rec_series_overlay *o = &s->overlay[s->noverlay];
		int oby = 0;

		if (c->id == s->id || !q->classes || !detail_listed(q->classes, c->runner_class))
			continue;
		if (detail_points(&o->points, &o->npoints, k, c->id, lo, hi, branch_id, details,
				  &oby) < 0)
			continue;
		s->noverlay++;
		o->series_id = c->id;
		if (detail_changes(&o->changes, k, c->id, branch_id) < 0)
			return -1;
		o->runner_class = strdup(c->runner_class);
		s->selected[s->nselected] = strdup(c->runner_class);
		if (!o->runner_class || !s->selected[s->nselected++] ||
		    detail_segments(&o->segments, &o->nsegments, k, c->id, o->points, o->npoints,
				    &o->changes, oby) < 0)
			return -1;
	}
	return 0;
}

int detail_series_of(struct rec_series *out, char **cause, struct kpcid *k, long long id,
		     const struct detail_query *q, int details)
{
	long long lo = 0, hi = (1LL << 62);
	struct db_series_where where;
	int rc, by_commit = 0;

	memset(out, 0, sizeof *out);
	*cause = NULL;
	if (q->classes && (rc = detail_classes_ok(cause, q->classes)) != 0)
		return rc;
	rc = db_series_get(k->db, out, id);
	if (rc != DB_OK) {
		fail_cause(cause, rc == DB_NOTFOUND ? "series %lld does not exist" :
			   "cannot read series %lld: database error", id);
		return http_status(rc);
	}
	rc = 500;
	if (db_series_place(k->db, &where, id) != DB_OK)
		goto fail;
	if ((rc = detail_bound(&lo, cause, k, q->from, "from", where.branch_id)) != 0 ||
	    (rc = detail_bound(&hi, cause, k, q->to, "to", where.branch_id)) != 0)
		goto fail;
	rc = 500;
	free(out->branch);
	out->tree = detail_name(where.tree);
	out->branch = detail_name(where.branch);
	if (where.branch_id &&
	    db_branch_marks(k->db, &out->releases, where.tree_id, where.branch_id) != DB_OK)
		goto fail;
	if (db_series_siblings(k->db, out) != DB_OK ||
	    detail_points(&out->points, &out->npoints, k, id, lo, hi, where.branch_id, details,
			  &by_commit) < 0 ||
	    detail_changes(&out->changes, k, id, where.branch_id) < 0)
		goto fail;
	free(out->ordered_by);
	out->ordered_by = strdup(by_commit ? "commit" : "job");
	if (!out->ordered_by ||
	    detail_segments(&out->segments, &out->nsegments, k, id, out->points, out->npoints,
			    &out->changes, by_commit) < 0 ||
	    detail_overlay(out, k, q, lo, hi, where.branch_id, details) < 0)
		goto fail;
	out->from = lo;
	out->to = hi == (1LL << 62) ? REC_NONE : hi;
	return 0;
fail:
	rec_series_dispose(out);
	if (!*cause)            /* keep the sentence of detail_bound */
		fail_cause(cause, "cannot read series %lld", id);
	return rc;
}

int detail_series(struct rec_series *out, char **cause, struct kpcid *k, long long id,
		  struct http_req *req, int details)
{
	struct detail_query q = { http_query(req, "classes"), http_query(req, "from"),
				  http_query(req, "to") };

	return detail_series_of(out, cause, k, id, &q, details);
}

int detail_job(struct rec_job *out, char **cause, struct kpcid *k, long long id)
{
	int rc = db_job_get(k->db, out, id);
	long long build_id = 0;
	struct rec_build b;

	*cause = NULL;
	if (rc != DB_OK) {
		fail_cause(cause, rc == DB_NOTFOUND ? "job %lld does not exist" :
			   "cannot read job %lld: database error", id);
		return http_status(rc);
	}
	out->shape = REC_JOB_DETAIL;
	if (db_job_attempts(k->db, id, DETAIL_LOG_TAIL, &out->attempts, &out->nattempts) != DB_OK ||
	    db_job_series(k->db, id, &out->series, &out->nseries) != DB_OK ||
	    db_job_build(k->db, &build_id, id) != DB_OK) {
		rec_job_dispose(out);
		fail_cause(cause, "cannot read job %lld", id);
		return 500;
	}
	if (build_id && db_build_get(k->db, &b, build_id) == DB_OK) {
		out->build = malloc(sizeof *out->build);
		if (!out->build) {
			rec_build_dispose(&b);
			rec_job_dispose(out);
			fail_cause(cause, "cannot read job %lld: out of memory", id);
			return 500;
		}
		*out->build = b;
	}
	db_job_estimate(k->db, id, &out->estimate);    /* none when it cannot be read */
	return 0;
}

void api_page_job(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_job job;
	char *cause;
	int rc = detail_job(&job, &cause, k, req->params[0]);

	resp->content_type = "text/html; charset=utf-8";
	if (rc) {
		html_page_begin(&resp->body, "Error");
		buf_adds(&resp->body, "<p id=\"error\">");
		html_txt(&resp->body, cause ? cause : "error");
		buf_adds(&resp->body, "</p>\n");
		html_page_end(&resp->body);
		resp->status = rc;
		free(cause);
		return;
	}
	resp->status = page_job(&resp->body, &job, (long long)time(NULL)) == 0 ? 200 : 500;
	rec_job_dispose(&job);
}
