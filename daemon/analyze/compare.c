// SPDX-License-Identifier: GPL-2.0-only
/*
 * compare.c - two sides compared metric by metric (see compare.h): the
 * samples of each side read through db/db.h, grouped by (runner class,
 * metric) and by job, each metric judged by lib/verdict.h with the noise
 * model of its (runner class, metric), Benjamini-Hochberg over all of
 * them.  The iteration-level Welch and Mann-Whitney p-values and LKP's
 * mean and %stddev columns are computed beside the verdict; they treat
 * iterations as independent and do not decide it.  A side with folded
 * jobs (migration 0022) gives the verdict, the columns and Welch's p from
 * the jobs' stored sums, exactly; the rank test needs the iterations, so
 * its p-value is null there.  The API's JSON of a
 * comparison is made in daemon/api/api_verdicts.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze/compare.h"
#include "lib/fail.h"
#include "lib/stats.h"

/* The samples of one (runner class, metric) on both sides, while it is
 * judged. */
struct compare_work {
	double *base, *head;        /* every iteration, for the LKP columns */
	struct verdict_job *bj, *hj;
	int folded;                 /* a side has a folded job: base, head hold medians */
};

/* One side of a comparison as text: a job id or a commit prefix.
 * Returns 0, or -1 when text is neither. */
static int compare_side_parse(long long *job, char *sha, const char *text)
{
	const char *t = text;
	int want_job = 0, want_commit = 0;
	size_t n;

	*job = 0;
	sha[0] = '\0';
	if (!strncmp(t, "job:", 4)) {
		want_job = 1;
		t += 4;
	} else if (!strncmp(t, "commit:", 7)) {
		want_commit = 1;
		t += 7;
	}
	n = strlen(t);
	if (n == 0 || n > DB_SHA_MAX)
		return -1;
	if (!want_commit && strspn(t, "0123456789") == n && (want_job || n < COMPARE_MIN_PREFIX)) {
		char *end;

		*job = strtoll(t, &end, 10);
		return *job > 0 && !*end ? 0 : -1;
	}
	if (want_job || n < COMPARE_MIN_PREFIX || strspn(t, "0123456789abcdef") != n)
		return -1;
	memcpy(sha, t, n + 1);
	return 0;
}

/* A tag or branch name a side may be given as: [A-Za-z0-9._/+-], short. */
static int compare_ref_ok(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && n <= COMPARE_MAX_REF &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/+-") == n;
}

/* Reads one side (a job, a commit, a tag or a branch) and says what it is
 * in *which; a db/ code with *cause on failure. */
static int compare_side_load(struct db_side_sample **v, size_t *n, struct compare_which *which,
			     struct db *db, const char *name, const char *text, const char *rclass,
			     char **cause)
{
	const char *kind = which->ref_kind;
	int rc;

	if (compare_side_parse(&which->job_id, which->sha, text) < 0) {
		which->job_id = 0;
		rc = compare_ref_ok(text) ? db_ref_resolve(db, which->sha, which->ref_kind, text) :
		     DB_NOTFOUND;
		if (rc == DB_CONFLICT) {
			fail_cause(cause, "%s: '%.80s' names different commits in several trees; "
				   "give the commit id", name, text);
			return DB_CONFLICT;
		}
		if (rc != DB_OK) {
			fail_cause(cause, "%s: '%.80s' is neither a job id nor a commit id of at "
				   "least %d lower-case hex digits, nor a tag or branch kpci knows",
				   name, text, COMPARE_MIN_PREFIX);
			return rc == DB_ERR ? DB_ERR : DB_INVALID;
		}
	}
	rc = db_side_samples(db, v, n, which->job_id, which->sha[0] ? which->sha : NULL, rclass);
	if (rc != DB_OK)
		fail_cause(cause, "%s: %s%s%.12s%s", name,
			   rc == DB_NOTFOUND ? "no samples of a successful run match" :
			   rc == DB_CONFLICT ? "the commit prefix matches more than one commit" :
			   rc == DB_INVALID ? "too many samples" : "database error",
			   kind[0] ? " (" : "", kind[0] ? which->sha : "",
			   kind[0] ? ", where it points)" : "");
	return rc;
}

/* The groups (same runner class and metric) of a sorted side: starts of
 * each group in *starts (caller frees), *ng of them, plus an end mark. */
static int compare_groups(size_t **starts, size_t *ng, const struct db_side_sample *v, size_t n)
{
	size_t *s = calloc(n + 1, sizeof *s), k = 0;

	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || v[i].metric_id != v[i - 1].metric_id ||
		    strcmp(v[i].runner_class, v[i - 1].runner_class))
			s[k++] = i;
	s[k] = n;
	*starts = s;
	*ng = k;
	return 0;
}

/* Orders groups as the SQL does: runner class, then metric id. */
static int compare_group_cmp(const struct db_side_sample *a, const struct db_side_sample *b)
{
	int c = strcmp(a->runner_class, b->runner_class);

	if (c)
		return c;
	return (a->metric_id > b->metric_id) - (a->metric_id < b->metric_id);
}

/* Orders metrics by id, for qsort and bsearch. */
static int compare_id_cmp(const void *pa, const void *pb)
{
	long long a = ((const struct rec_metric *)pa)->id, b = ((const struct rec_metric *)pb)->id;

	return (a > b) - (a < b);
}

/* The values of group [a, b) of v into *x and its jobs (samples come
 * ordered by job, then iteration) into *jobs; *folded set when one is a
 * folded job.  Returns 0 or -1. */
static int compare_side_of(double **x, struct verdict_job **jobs, size_t *njobs, int *folded,
			   const struct db_side_sample *v, size_t a, size_t b)
{
	size_t n = b - a, k = 0;

	*x = calloc(n ? n : 1, sizeof **x);
	*jobs = calloc(n ? n : 1, sizeof **jobs);
	*njobs = 0;
	if (!*x || !*jobs)
		return -1;
	for (size_t i = a; i < b; i++)
		(*x)[i - a] = v[i].value;
	for (size_t s = 0, e; s < n; s = e) {
		for (e = s + 1; e < n && v[a + e].job_id == v[a + s].job_id; e++)
			;
		if (v[a + s].fold.n > 0) {
			db_fold_job(&(*jobs)[k++], &v[a + s].fold);
			*folded = 1;
		} else {
			verdict_job_of(&(*jobs)[k++], *x + s, e - s);
		}
	}
	*njobs = k;
	return 0;
}

/* The LKP columns of one side: its size, mean and %stddev. */
static void compare_side_stats(struct compare_side *out, const double *x, size_t n,
			       size_t jobs)
{
	double sd = sqrt(stats_variance(x, n));

	out->n = n;
	out->jobs = jobs;
	out->mean = stats_mean(x, n);
	out->stddev_percent = out->mean != 0 ? 100 * sd / fabs(out->mean) : sd == 0 ? 0 : NAN;
}

/* The iterations' count, mean and variance (n - 1) of a side from its
 * jobs' sums, as the values give them: for a side with folded jobs. */
static void compare_jobs_moments(size_t *n, double *mean, double *var,
				 const struct verdict_job *j, size_t nj)
{
	double sum = 0, ss = 0;

	*n = 0;
	for (size_t i = 0; i < nj; i++) {
		*n += j[i].n;
		sum += (double)j[i].n * j[i].mean;
	}
	*mean = *n ? sum / (double)*n : 0;
	for (size_t i = 0; i < nj; i++)
		ss += j[i].ss + (double)j[i].n * (j[i].mean - *mean) * (j[i].mean - *mean);
	*var = *n >= 2 ? ss / (double)(*n - 1) : 0;
}

/* The LKP columns of a side with folded jobs, from their sums. */
static void compare_side_sums(struct compare_side *out, const struct verdict_job *j, size_t nj)
{
	double var, sd;

	compare_jobs_moments(&out->n, &out->mean, &var, j, nj);
	sd = sqrt(var);
	out->jobs = nj;
	out->stddev_percent = out->mean != 0 ? 100 * sd / fabs(out->mean) : sd == 0 ? 0 : NAN;
}

/* Welch's p of a row with folded jobs, from the jobs' sums. */
static double compare_welch_sums(const struct compare_work *w, size_t nbj, size_t nhj)
{
	double mb, vb, mh, vh;
	size_t nb, nh;
	struct stats_test t;

	compare_jobs_moments(&nb, &mb, &vb, w->bj, nbj);
	compare_jobs_moments(&nh, &mh, &vh, w->hj, nhj);
	if (nb < 2 || nh < 2)
		return NAN;
	if (vb == 0 && vh == 0)
		return mb == mh;
	return stats_welch_t_from_stats(&t, mb, vb, nb, mh, vh, nh) == 0 ? t.pvalue : NAN;
}

/* The row's iteration-level p-values and its verdict test (before FDR). */
static int compare_test(struct compare_row *r, const struct compare_work *w, struct db *db,
			const struct verdict_params *vp)
{
	struct verdict_side b = { w->bj, r->base.jobs }, h = { w->hj, r->head.jobs };
	size_t nb = r->base.n, nh = r->head.n;
	struct db_noise_sums sums;
	struct verdict_noise noise;
	struct stats_test t;

	r->p_welch = r->p_mw = NAN;
	if (w->folded) {
		r->p_welch = compare_welch_sums(w, r->base.jobs, r->head.jobs);
	} else if (nb >= 2 && nh >= 2) {
		if (stats_variance(w->base, nb) == 0 && stats_variance(w->head, nh) == 0)
			r->p_welch = stats_mean(w->base, nb) == stats_mean(w->head, nh);
		else if (stats_welch_t(&t, w->base, nb, w->head, nh) == 0)
			r->p_welch = t.pvalue;
		if (stats_mann_whitney(&t, w->base, nb, w->head, nh) == 0)
			r->p_mw = t.pvalue;
	}
	if (db_noise_sums(db, &sums, 0, r->metric_id, r->runner_class) != DB_OK)
		return -1;
	verdict_noise_of(&noise, sums.rep_ss, (double)sums.rep_df, sums.rep_wn, sums.win_ss,
			 (double)sums.win_df);
	r->known = noise.between_df >= vp->known_df;
	return verdict_test(&r->v, &b, &h, &noise, vp);
}

/* Fills and tests row r from groups [b0, b1) of bv and [h0, h1) of hv. */
static int compare_row(struct compare_row *r, const struct db_side_sample *bv, size_t b0,
		       size_t b1, const struct db_side_sample *hv, size_t h0, size_t h1,
		       struct db *db, const struct verdict_params *vp)
{
	struct compare_work w = { NULL, NULL, NULL, NULL, 0 };
	size_t nbj = 0, nhj = 0;
	int rc = -1;

	snprintf(r->runner_class, sizeof r->runner_class, "%s", bv[b0].runner_class);
	r->metric_id = bv[b0].metric_id;
	r->series_id = hv[h0].series_id;
	if (compare_side_of(&w.base, &w.bj, &nbj, &w.folded, bv, b0, b1) == 0 &&
	    compare_side_of(&w.head, &w.hj, &nhj, &w.folded, hv, h0, h1) == 0) {
		if (w.folded) {
			compare_side_sums(&r->base, w.bj, nbj);
			compare_side_sums(&r->head, w.hj, nhj);
		} else {
			compare_side_stats(&r->base, w.base, b1 - b0, nbj);
			compare_side_stats(&r->head, w.head, h1 - h0, nhj);
		}
		rc = compare_test(r, &w, db, vp);
	}
	free(w.base);
	free(w.head);
	free(w.bj);
	free(w.hj);
	return rc;
}

/* The rows both sides have, filled and tested, into rep; only_base and
 * only_head count the others. */
static int compare_rows(struct compare_report *rep, const struct db_side_sample *bv, size_t nb,
			const struct db_side_sample *hv, size_t nh, struct db *db,
			const struct verdict_params *vp)
{
	size_t *bs = NULL, *hs = NULL, ngb = 0, ngh = 0, i = 0, j = 0;
	int rc = -1;

	if (compare_groups(&bs, &ngb, bv, nb) < 0 || compare_groups(&hs, &ngh, hv, nh) < 0)
		goto out;
	rep->rows = calloc(ngb ? ngb : 1, sizeof *rep->rows);
	if (!rep->rows)
		goto out;
	while (i < ngb && j < ngh) {
		int c = compare_group_cmp(&bv[bs[i]], &hv[hs[j]]);

		if (c < 0) {
			rep->only_base++;
			i++;
			continue;
		}
		if (c > 0) {
			rep->only_head++;
			j++;
			continue;
		}
		if (compare_row(&rep->rows[rep->n++], bv, bs[i], bs[i + 1], hv, hs[j], hs[j + 1],
				db, vp) < 0)
			goto out;
		i++;
		j++;
	}
	rep->only_base += ngb - i;
	rep->only_head += ngh - j;
	rc = 0;
out:
	free(bs);
	free(hs);
	return rc;
}

/* Names each row's metric (from db_metrics_list, sorted here by id) and
 * its direction. */
static int compare_name(struct compare_report *rep, struct rec_metrics *metrics)
{
	qsort(metrics->v, metrics->n, sizeof *metrics->v, compare_id_cmp);
	for (size_t k = 0; k < rep->n; k++) {
		struct compare_row *r = &rep->rows[k];
		const struct rec_metric key = { .id = r->metric_id };
		const struct rec_metric *m = bsearch(&key, metrics->v, metrics->n,
						     sizeof *metrics->v, compare_id_cmp);

		if (!m)
			return -1;
		snprintf(r->metric, sizeof r->metric, "%s/%s", m->suite, m->name);
		snprintf(r->unit, sizeof r->unit, "%s", m->unit);
		r->better = !strcmp(m->better, "higher") ? "higher" : "lower";
		if (r->v.kind == VERDICT_CHANGED && r->v.diff != 0)
			r->direction = (r->v.diff > 0) == !strcmp(r->better, "higher") ?
				       "improvement" : "regression";
	}
	return 0;
}

/* Benjamini-Hochberg over the rows' verdicts, and the counts. */
static int compare_fdr(struct compare_report *rep, const struct verdict_params *vp)
{
	struct verdict *vs = calloc(rep->n ? rep->n : 1, sizeof *vs);

	if (!vs)
		return -1;
	for (size_t k = 0; k < rep->n; k++)
		vs[k] = rep->rows[k].v;
	if (verdict_fdr(vs, rep->n, vp) < 0) {
		free(vs);
		return -1;
	}
	for (size_t k = 0; k < rep->n; k++) {
		rep->rows[k].v = vs[k];
		rep->counts[vs[k].kind]++;
	}
	free(vs);
	return 0;
}

/* Changed first, then inconclusive, then same; inside each, the largest
 * change first. */
static int compare_row_order(const void *pa, const void *pb)
{
	static const int rank[] = { [VERDICT_CHANGED] = 0, [VERDICT_INCONCLUSIVE] = 1,
				    [VERDICT_SAME] = 2 };
	const struct compare_row *a = pa, *b = pb;
	double x = isfinite(a->v.percent) ? fabs(a->v.percent) : -1;
	double y = isfinite(b->v.percent) ? fabs(b->v.percent) : -1;

	if (rank[a->v.kind] != rank[b->v.kind])
		return rank[a->v.kind] - rank[b->v.kind];
	return (x < y) - (x > y);
}

int compare_run(struct compare_report **out, struct db *db, const char *base, const char *head,
		const char *runner_class, const struct verdict_params *vp, char **cause)
{
	struct db_side_sample *bv = NULL, *hv = NULL;
	struct compare_report *rep = calloc(1, sizeof *rep);
	size_t nb = 0, nh = 0;
	struct rec_metrics metrics = { 0 };
	int rc;

	*out = NULL;
	if (!rep)
		return fail_cause(cause, "cannot compare: out of memory");
	rc = compare_side_load(&bv, &nb, &rep->base, db, "base", base, runner_class, cause);
	if (rc == DB_OK)
		rc = compare_side_load(&hv, &nh, &rep->head, db, "head", head, runner_class,
				       cause);
	if (rc != DB_OK)
		goto out;
	rc = DB_ERR;
	if (db_metrics_list(db, &metrics) != DB_OK || compare_rows(rep, bv, nb, hv, nh, db, vp) < 0 ||
	    compare_fdr(rep, vp) < 0 || compare_name(rep, &metrics) < 0) {
		fail_cause(cause, "cannot compare: out of memory or database error");
		goto out;
	}
	if (rep->n == 0) {
		rc = DB_NOTFOUND;
		fail_cause(cause, "base and head have no metric in common%s%s",
			   runner_class ? " on runner class " : "", runner_class ? runner_class : "");
		goto out;
	}
	qsort(rep->rows, rep->n, sizeof *rep->rows, compare_row_order);
	*out = rep;
	rep = NULL;
	rc = DB_OK;
out:
	free(bv);
	free(hv);
	rec_metrics_dispose(&metrics);
	compare_report_free(rep);
	return rc;
}

void compare_report_free(struct compare_report *rep)
{
	if (!rep)
		return;
	free(rep->rows);
	free(rep);
}
