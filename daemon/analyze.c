/*
 * analyze.c - the analyzer of kpcid (see analyze.h and docs/analysis.md):
 * dirty series -> points -> change points (lib/cpd.h) -> stored changes,
 * the A/A noise sums of each series, and the per-metric comparison
 * behind GET /api/v1/compare.  The database is reached only through
 * db/db.h; the detector and the statistics are lib/cpd.h and lib/stats.h.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/analyze.h"
#include "daemon/config.h"
#include "lib/log.h"
#include "lib/proto.h"

void analyze_params_default(struct analyze_params *p)
{
	cpd_params_default(&p->cpd, CPD_DEFAULT);
	p->batch = ANALYZE_DEFAULT_BATCH;
	p->settle = ANALYZE_DEFAULT_SETTLE;
	p->noise_max_cv = 0.10;
	p->target_effect = 0.02;
}

void analyze_series_free(struct analyze_series *a)
{
	if (!a)
		return;
	free(a->points);
	memset(a, 0, sizeof *a);
}

/* Orders points by first-parent position, then job id. */
static int analyze_by_position(const void *pa, const void *pb)
{
	const struct analyze_point *a = pa, *b = pb;

	if (a->position != b->position)
		return a->position < b->position ? -1 : 1;
	return (a->job_id > b->job_id) - (a->job_id < b->job_id);
}

/* The point of one job from its samples s[0..n) (n > 0), with the
 * job's iteration noise.  scratch holds n doubles. */
static void analyze_job_point(struct analyze_point *pt, const struct db_sample *s, size_t n,
			      double *scratch)
{
	double mean;

	for (size_t i = 0; i < n; i++)
		scratch[i] = s[i].value;
	mean = stats_mean(scratch, n);
	pt->it_ss = 0;
	pt->it_df = 0;
	if (n >= 2 && mean != 0) {
		for (size_t i = 0; i < n; i++)
			pt->it_ss += ((scratch[i] - mean) / mean) * ((scratch[i] - mean) / mean);
		pt->it_df = (long long)n - 1;
	}
	pt->job_id = s[0].job_id;
	pt->env_id = s[0].env_id;
	pt->position = s[0].position;
	pt->sha = s[0].sha;
	pt->iterations = n;
	/* The median, not the mean: one broken iteration (an interrupt
	 * storm, a warm-up leftover) must not move the point. */
	pt->value = stats_median_inplace(scratch, n);
}

int analyze_series_points(struct analyze_series *out, const struct db_series_data *s)
{
	struct analyze_point *pts;
	double *scratch;
	size_t np = 0, placed = 0, maxrun = 1;

	memset(out, 0, sizeof *out);
	for (size_t a = 0, b; a < s->nsamples; a = b) {
		for (b = a + 1; b < s->nsamples && s->samples[b].job_id == s->samples[a].job_id; b++)
			;
		if (b - a > maxrun)
			maxrun = b - a;
	}
	pts = calloc(s->nsamples ? s->nsamples : 1, sizeof *pts);
	scratch = calloc(maxrun, sizeof *scratch);
	if (!pts || !scratch) {
		free(pts);
		free(scratch);
		return -1;
	}
	for (size_t a = 0, b; a < s->nsamples; a = b) {
		for (b = a + 1; b < s->nsamples && s->samples[b].job_id == s->samples[a].job_id; b++)
			;
		analyze_job_point(&pts[np], &s->samples[a], b - a, scratch);
		if (isfinite(pts[np].value)) {
			placed += pts[np].position >= 0;
			np++;
		}
	}
	free(scratch);
	if (placed) {
		/* Commit order: the points whose commit is on the branch, by
		 * position; the others cannot be placed and are left out. */
		size_t k = 0;

		for (size_t i = 0; i < np; i++)
			if (pts[i].position >= 0)
				pts[k++] = pts[i];
		out->unplaced = np - k;
		np = k;
		qsort(pts, np, sizeof *pts, analyze_by_position);
		out->by_commit = 1;
	}
	out->points = pts;
	out->n = np;
	for (size_t i = 0; i < np; i++) {
		out->samples_used += (long long)pts[i].iterations;
		out->it_ss += pts[i].it_ss;
		out->it_df += pts[i].it_df;
	}
	return 0;
}

/* n, mean, median and standard deviation of points [lo, hi). */
struct analyze_side {
	long long n;
	double mean, median, sd;
};

static int analyze_side_of(struct analyze_side *out, const struct analyze_series *a,
			   size_t lo, size_t hi)
{
	size_t n = hi - lo;
	double *v = calloc(n ? n : 1, sizeof *v);

	if (!v)
		return -1;
	for (size_t i = 0; i < n; i++)
		v[i] = a->points[lo + i].value;
	out->n = (long long)n;
	out->mean = stats_mean(v, n);
	out->sd = sqrt(stats_variance(v, n));
	out->median = n ? stats_median_inplace(v, n) : NAN;
	free(v);
	return 0;
}

/* For sorting the points of a segment into builds. */
struct analyze_member {
	const char *sha;
	long long env_id;
	double value;
};

static int analyze_by_build(const void *pa, const void *pb)
{
	const struct analyze_member *a = pa, *b = pb;
	int c = strcmp(a->sha, b->sha);

	if (c)
		return c;
	return (a->env_id > b->env_id) - (a->env_id < b->env_id);
}

/*
 * The A/A sums of a series: within each segment between change points
 * (cuts[0..ncuts) are segment starts after 0), points of the same build
 * (commit in commit order, environment in job order) are repeated runs of
 * one build; their squared relative deviations from the build's mean go
 * to *ss with their degrees of freedom in *df.
 */
static int analyze_aa(double *ss, long long *df, const struct analyze_series *a,
		      const size_t *cuts, size_t ncuts)
{
	struct analyze_member *m = calloc(a->n ? a->n : 1, sizeof *m);

	*ss = 0;
	*df = 0;
	if (!m)
		return -1;
	for (size_t c = 0; c <= ncuts; c++) {
		size_t lo = c ? cuts[c - 1] : 0, hi = c < ncuts ? cuts[c] : a->n, k = hi - lo;

		for (size_t i = 0; i < k; i++) {
			const struct analyze_point *p = &a->points[lo + i];

			m[i].sha = a->by_commit ? p->sha : "";
			m[i].env_id = a->by_commit ? 0 : p->env_id;
			m[i].value = p->value;
		}
		qsort(m, k, sizeof *m, analyze_by_build);
		for (size_t g = 0, e; g < k; g = e) {
			double mean = 0;

			for (e = g + 1; e < k && !analyze_by_build(&m[g], &m[e]); e++)
				;
			if (e - g < 2)
				continue;
			for (size_t i = g; i < e; i++)
				mean += m[i].value;
			mean /= (double)(e - g);
			if (mean == 0)
				continue;
			for (size_t i = g; i < e; i++)
				*ss += ((m[i].value - mean) / mean) * ((m[i].value - mean) / mean);
			*df += (long long)(e - g) - 1;
		}
	}
	free(m);
	return 0;
}

/* Where change c sits in the points now, or -1. */
static long long analyze_locate(const struct analyze_series *a, const struct db_change_ref *c)
{
	for (size_t i = 0; i < a->n; i++)
		if (c->bad_job_id && a->points[i].job_id == c->bad_job_id)
			return (long long)i;
	for (size_t i = 0; a->by_commit && c->bad_sha[0] && i < a->n; i++)
		if (!strcmp(a->points[i].sha, c->bad_sha))
			return (long long)i;
	return -1;
}

/* The indexes of the detected change points, moved to the first point of
 * their commit (two runs of one commit cannot hold a change between them),
 * into cuts; *n gets their count.  cuts has room for ncp entries. */
static void analyze_cuts(size_t *cuts, size_t *n, const struct cpd_point *cp, size_t ncp,
			 double *pv, const struct analyze_series *a)
{
	size_t k = 0;

	for (size_t j = 0; j < ncp; j++) {
		size_t idx = cp[j].index;

		while (a->by_commit && idx > 0 &&
		       !strcmp(a->points[idx].sha, a->points[idx - 1].sha))
			idx--;
		if (idx == 0 || idx >= a->n || (k && idx <= cuts[k - 1]))
			continue;
		pv[k] = cp[j].pvalue;
		cuts[k++] = idx;
	}
	*n = k;
}

/* Fills the change at cut c of a; higher says which direction is better. */
static int analyze_change(struct db_change_new *ch, const struct analyze_series *a,
			  const size_t *cuts, size_t ncuts, size_t c, double pvalue, int higher)
{
	size_t idx = cuts[c], lo = c ? cuts[c - 1] : 0, hi = c + 1 < ncuts ? cuts[c + 1] : a->n;
	struct analyze_side b, h;
	const struct analyze_point *good = &a->points[idx - 1], *bad = &a->points[idx];

	if (analyze_side_of(&b, a, lo, idx) < 0 || analyze_side_of(&h, a, idx, hi) < 0)
		return -1;
	memset(ch, 0, sizeof *ch);
	ch->good_sha = a->by_commit && good->sha[0] ? good->sha : NULL;
	ch->bad_sha = a->by_commit && bad->sha[0] ? bad->sha : NULL;
	ch->good_job_id = good->job_id;
	ch->bad_job_id = bad->job_id;
	ch->point_index = (long long)idx;
	ch->n_before = b.n;
	ch->n_after = h.n;
	ch->mean_before = b.mean;
	ch->mean_after = h.mean;
	ch->median_before = b.median;
	ch->median_after = h.median;
	ch->sd_before = b.sd;
	ch->sd_after = h.sd;
	ch->magnitude = b.mean != 0 ? h.mean / b.mean - 1 : NAN;
	ch->pvalue = pvalue;
	ch->confidence = isfinite(pvalue) ? 1 - pvalue : NAN;
	ch->regression = higher ? h.mean < b.mean : h.mean > b.mean;
	return 0;
}

/*
 * Pairs the detected changes with the stored ones: a stored change of the
 * same direction within ANALYZE_MATCH_POINTS points is the same change.
 * A pair with an untriaged change replaces it (ch[i].id); a pair with a
 * triaged one is skipped (keep[i] = 0).  Unpaired untriaged changes go to
 * drop.
 */
static void analyze_match(struct db_change_new *ch, int *keep, size_t nch,
			  long long *drop, size_t *ndrop, const struct analyze_series *a,
			  const struct db_series_data *s, int *used, long long *where)
{
	for (size_t e = 0; e < s->nchanges; e++)
		where[e] = analyze_locate(a, &s->changes[e]);
	for (size_t i = 0; i < nch; i++) {
		long long best = -1, bestd = ANALYZE_MATCH_POINTS + 1;

		keep[i] = 1;
		for (size_t e = 0; e < s->nchanges; e++) {
			long long d = where[e] - ch[i].point_index;

			if (used[e] || where[e] < 0 || s->changes[e].regression != ch[i].regression)
				continue;
			d = d < 0 ? -d : d;
			if (d < bestd) {
				bestd = d;
				best = (long long)e;
			}
		}
		if (best < 0)
			continue;
		used[best] = 1;
		if (s->changes[best].triaged)
			keep[i] = 0;
		else
			ch[i].id = s->changes[best].id;
	}
	*ndrop = 0;
	for (size_t e = 0; e < s->nchanges; e++)
		if (!used[e] && !s->changes[e].triaged)
			drop[(*ndrop)++] = s->changes[e].id;
}

/* Detection, changes and noise of a loaded series; stores them. */
static int analyze_loaded(struct db *db, const struct db_series_data *s,
			  const struct analyze_series *a, const struct analyze_params *p,
			  size_t *stored)
{
	struct cpd_point *cp = NULL;
	size_t ncp = 0, ncuts = 0, nch = 0, ndrop = 0;
	size_t *cuts = NULL;
	double *x = calloc(a->n ? a->n : 1, sizeof *x), *pv = NULL;
	struct db_change_new *ch = NULL;
	int *keep = NULL, *used = NULL, rc = -1;
	long long *drop = NULL, *where = NULL;
	struct db_analysis an = { 0 };

	if (!x)
		return -1;
	for (size_t i = 0; i < a->n; i++)
		x[i] = a->points[i].value;
	if (a->n && cpd_detect(&cp, &ncp, x, a->n, &p->cpd) < 0)
		goto out;
	cuts = calloc(ncp ? ncp : 1, sizeof *cuts);
	pv = calloc(ncp ? ncp : 1, sizeof *pv);
	ch = calloc(ncp ? ncp : 1, sizeof *ch);
	keep = calloc(ncp ? ncp : 1, sizeof *keep);
	used = calloc(s->nchanges ? s->nchanges : 1, sizeof *used);
	where = calloc(s->nchanges ? s->nchanges : 1, sizeof *where);
	drop = calloc(s->nchanges ? s->nchanges : 1, sizeof *drop);
	if (!cuts || !pv || !ch || !keep || !used || !where || !drop)
		goto out;
	analyze_cuts(cuts, &ncuts, cp, ncp, pv, a);
	for (size_t c = 0; c < ncuts; c++)
		if (analyze_change(&ch[c], a, cuts, ncuts, c, pv[c], s->higher_is_better) < 0)
			goto out;
	analyze_match(ch, keep, ncuts, drop, &ndrop, a, s, used, where);
	for (size_t c = 0; c < ncuts; c++)
		if (keep[c])
			ch[nch++] = ch[c];
	an.series_id = s->id;
	an.last_sample_id = s->last_sample_id;
	an.ordered_by = a->by_commit ? "commit" : "job";
	an.points = (long long)a->n;
	an.jobs = (long long)a->n;
	an.samples_used = a->samples_used;
	an.it_ss = a->it_ss;
	an.it_df = a->it_df;
	if (analyze_aa(&an.aa_ss, &an.aa_df, a, cuts, ncuts) < 0)
		goto out;
	an.changes = ch;
	an.nchanges = nch;
	an.drop = drop;
	an.ndrop = ndrop;
	an.noise_max_cv = p->noise_max_cv;
	an.noise_min_df = ANALYZE_NOISE_MIN_DF;
	switch (db_analysis_store(db, &an)) {
	case DB_OK: rc = 0; *stored = nch; break;
	case DB_CONFLICT: rc = 1; break;
	default: rc = -1;
	}
out:
	free(x);
	free(cp);
	free(cuts);
	free(pv);
	free(ch);
	free(keep);
	free(used);
	free(where);
	free(drop);
	return rc;
}

/* Marks series s as failing analysis (db_series_failed), saying why in
 * one log line; it is left alone until it gets a new sample. */
static void analyze_mark_failed(struct db *db, const struct db_series_data *s)
{
	char why[160] = "the detector or the store of its changes failed";

	for (size_t i = 0; i < s->nsamples; i++) {
		if (!proto_value_ok(s->samples[i].value)) {
			snprintf(why, sizeof why, "job %lld has a sample of %g, beyond what the "
				 "statistics compute with (a finite magnitude of at most %g)",
				 s->samples[i].job_id, s->samples[i].value, PROTO_MAX_VALUE);
			break;
		}
	}
	if (db_series_failed(db, s->id, s->last_sample_id, why) == DB_OK)
		log_warn("analysis of series %lld failed: %s; it is skipped until it gets "
			 "new samples", s->id, why);
}

int analyze_series(struct db *db, long long series_id, const struct analyze_params *p,
		   size_t *stored)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	int rc;

	*stored = 0;
	if (db_series_load(db, &s, series_id) != DB_OK)
		return -1;
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return -1;
	}
	/* The database lock is not held here: detection on a long series
	 * does not stall the HTTP threads.  The store checks that no sample
	 * arrived meanwhile. */
	rc = analyze_loaded(db, s, &a, p, stored);
	if (rc < 0)
		analyze_mark_failed(db, s);
	analyze_series_free(&a);
	db_series_data_free(s);
	return rc;
}

int analyze_pass(struct db *db, const struct analyze_params *p, struct analyze_stats *st)
{
	long long *ids = NULL;
	size_t n = 0;

	memset(st, 0, sizeof *st);
	if (db_series_dirty(db, &ids, &n, p->batch, p->settle) != DB_OK)
		return -1;
	for (size_t i = 0; i < n; i++) {
		size_t stored = 0;
		int rc = analyze_series(db, ids[i], p, &stored);

		if (rc < 0) {
			st->failed++;       /* analyze_series logged it */
		} else if (rc == 1) {
			st->conflicts++;
		} else {
			st->visited++;
			st->changes += stored;
		}
	}
	free(ids);
	return 0;
}

void analyze_params_from_config(struct analyze_params *p, const struct config *cfg)
{
	analyze_params_default(p);
	p->batch = (size_t)cfg->analysis_batch;
	p->settle = cfg->analysis_settle_seconds;
	p->noise_max_cv = (double)cfg->analysis_max_noise_percent / 100;
	p->target_effect = (double)cfg->analysis_target_effect_percent / 100;
}

void analyze_tick(struct db *db, const struct config *cfg)
{
	struct analyze_params p;
	struct analyze_stats st;

	analyze_params_from_config(&p, cfg);
	if (analyze_pass(db, &p, &st) < 0) {
		log_error("analysis: cannot list the dirty series");
		return;
	}
	if (st.visited || st.failed)
		log_info("analysis: %zu series analysed, %zu changes stored, %zu failed, %zu "
			 "got new samples meanwhile", st.visited, st.changes, st.failed,
			 st.conflicts);
}

void analyze_noise_model(struct analyze_noise *out, double aa_ss, long long aa_df,
			 double it_ss, long long it_df, double iterations,
			 const struct analyze_params *p)
{
	double z = ANALYZE_Z_ALPHA + ANALYZE_Z_POWER, e = p->target_effect, var1, budget;

	memset(out, 0, sizeof *out);
	out->iterations = iterations >= 1 ? iterations : 1;
	out->known = aa_df >= ANALYZE_NOISE_MIN_DF;
	out->cv_job = aa_df > 0 ? sqrt(aa_ss / (double)aa_df) : NAN;
	out->cv_iter = it_df > 0 ? sqrt(it_ss / (double)it_df) : 0;
	if (!(aa_df > 0)) {
		out->cv_between = out->mde = out->iterations_needed = NAN;
		out->jobs_needed = 0;
		return;
	}
	/* A job point's variance = between-job part + iteration part / n. */
	out->cv_between = sqrt(fmax(0, out->cv_job * out->cv_job -
				    out->cv_iter * out->cv_iter / out->iterations));
	var1 = out->cv_between * out->cv_between + out->cv_iter * out->cv_iter / out->iterations;
	out->mde = z * sqrt(2 * var1);
	budget = (e / z) * (e / z) / 2 - out->cv_between * out->cv_between;
	if (out->cv_iter == 0 && budget > 0)
		out->iterations_needed = 1;
	else if (budget <= 0)
		out->iterations_needed = INFINITY;
	else
		out->iterations_needed = ceil(out->cv_iter * out->cv_iter / budget);
	if (out->iterations_needed > ANALYZE_MAX_ITERATIONS_NEEDED)
		out->iterations_needed = INFINITY;
	out->jobs_needed = (long long)ceil(2 * var1 * (z / e) * (z / e));
	if (out->jobs_needed < 1)
		out->jobs_needed = 1;
	out->noisy = out->known && out->cv_job > p->noise_max_cv;
}

/* Welch's p-value; equal constant samples give 1, different ones 0. */
static double analyze_welch(const struct analyze_cmp *r)
{
	struct stats_test t;

	if (stats_variance(r->base, r->nb) == 0 && stats_variance(r->head, r->nh) == 0)
		return r->mean_b == r->mean_h ? 1 : 0;
	if (stats_welch_t(&t, r->base, r->nb, r->head, r->nh) < 0)
		return NAN;
	return t.pvalue;
}

static double analyze_sd_percent(const double *v, size_t n, double mean)
{
	double sd = sqrt(stats_variance(v, n));

	return mean != 0 ? 100 * sd / fabs(mean) : (sd == 0 ? 0 : INFINITY);
}

/* One row, before the adjustment.  Returns 0, or -1 when memory is out. */
static int analyze_compare_one(struct analyze_cmp *r)
{
	struct stats_test mw;

	r->mean_b = stats_mean(r->base, r->nb);
	r->mean_h = stats_mean(r->head, r->nh);
	r->sd_b_percent = analyze_sd_percent(r->base, r->nb, r->mean_b);
	r->sd_h_percent = analyze_sd_percent(r->head, r->nh, r->mean_h);
	r->ci.percent = r->mean_b != 0 ? 100 * (r->mean_h / r->mean_b - 1) : NAN;
	r->ci.lo = r->ci.hi = NAN;
	r->p_welch = r->p_mw = r->p = r->q = NAN;
	r->tested = 0;
	if (r->nb < 2 || r->nh < 2)
		return 0;
	if (r->mean_b != 0 &&
	    stats_percent_change_ci(&r->ci, r->base, r->nb, r->head, r->nh, 0.95) < 0)
		return -1;
	if (stats_mann_whitney(&mw, r->base, r->nb, r->head, r->nh) < 0)
		return -1;
	r->p_welch = analyze_welch(r);
	r->p_mw = mw.pvalue;
	/* Both the mean and the rank test must see the change (as in
	 * `kpci compare`): the larger p-value is still a valid p-value. */
	r->p = !(r->p_welch <= r->p_mw) ? r->p_welch : r->p_mw;
	r->tested = 1;
	return 0;
}

int analyze_compare(struct analyze_cmp *r, size_t n)
{
	double *p = calloc(n ? n : 1, sizeof *p);
	size_t np = 0;

	if (!p)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (analyze_compare_one(&r[i]) < 0) {
			free(p);
			return -1;
		}
		if (r[i].tested)
			p[np++] = isnan(r[i].p) ? 1 : r[i].p;
	}
	if (stats_bh_adjust(p, p, np) < 0) {
		free(p);
		return -1;
	}
	np = 0;
	for (size_t i = 0; i < n; i++)
		if (r[i].tested)
			r[i].q = p[np++];
	free(p);
	return 0;
}

/* ---- comparisons and points as JSON (the API's views) ------------- */

/* One side of a comparison as text: a job id or a commit prefix.
 * Returns 0, or -1 when text is neither. */
static int analyze_side_parse(long long *job, char *sha, const char *text)
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
	if (!want_commit && strspn(t, "0123456789") == n && (want_job || n < ANALYZE_MIN_PREFIX)) {
		char *end;

		*job = strtoll(t, &end, 10);
		return *job > 0 && !*end ? 0 : -1;
	}
	if (want_job || n < ANALYZE_MIN_PREFIX || strspn(t, "0123456789abcdef") != n)
		return -1;
	memcpy(sha, t, n + 1);
	return 0;
}

/* Reads one side; an HTTP status with *cause on failure. */
static int analyze_side_load(struct db_side_sample **v, size_t *n, struct db *db,
			     const char *name, const char *text, const char *rclass, char **cause)
{
	char sha[DB_SHA_MAX + 1];
	long long job;
	int rc;

	if (analyze_side_parse(&job, sha, text) < 0) {
		if (asprintf(cause, "%s: '%.80s' is neither a job id nor a commit id of at least "
			     "%d lower-case hex digits", name, text, ANALYZE_MIN_PREFIX) < 0)
			*cause = NULL;
		return 400;
	}
	rc = db_side_samples(db, v, n, job, sha[0] ? sha : NULL, rclass);
	if (rc == DB_OK)
		return 0;
	if (asprintf(cause, "%s: %s", name,
		     rc == DB_NOTFOUND ? "no samples of a successful run match" :
		     rc == DB_CONFLICT ? "the commit prefix matches more than one commit" :
		     rc == DB_INVALID ? "too many samples" : "database error") < 0)
		*cause = NULL;
	return rc == DB_NOTFOUND ? 404 : rc == DB_CONFLICT ? 409 : rc == DB_INVALID ? 400 : 500;
}

/* The groups (same runner class and metric) of a sorted side: starts of
 * each group in *starts (caller frees), *ng of them, plus an end mark. */
static int analyze_groups(size_t **starts, size_t *ng, const struct db_side_sample *v, size_t n)
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
static int analyze_group_cmp(const struct db_side_sample *a, const struct db_side_sample *b)
{
	int c = strcmp(a->runner_class, b->runner_class);

	if (c)
		return c;
	return (a->metric_id > b->metric_id) - (a->metric_id < b->metric_id);
}

static int analyze_id_cmp(const void *pa, const void *pb)
{
	long long a = json_integer_value(json_object_get(*(json_t *const *)pa, "id"));
	long long b = json_integer_value(json_object_get(*(json_t *const *)pb, "id"));

	return (a > b) - (a < b);
}

/* The metric row of id among rows sorted by id, or NULL. */
static json_t *analyze_metric(json_t **rows, size_t n, long long id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		long long v = json_integer_value(json_object_get(rows[mid], "id"));

		if (v == id)
			return rows[mid];
		if (v < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static json_t *analyze_real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *analyze_cmp_row(const struct analyze_cmp *r, const char *rclass,
			       const json_t *metric, double alpha)
{
	const char *better = json_string_value(json_object_get(metric, "better"));
	const char *verdict = !r->tested ? "too-few" : r->q < alpha ? "changed" : "same";
	json_t *dir = json_null();
	char name[2 * 128 + 2];

	if (!strcmp(verdict, "changed") && better && r->mean_h != r->mean_b)
		dir = json_string(((r->mean_h > r->mean_b) == !strcmp(better, "higher"))
				  ? "improvement" : "regression");
	snprintf(name, sizeof name, "%s/%s",
		 json_string_value(json_object_get(metric, "suite")),
		 json_string_value(json_object_get(metric, "name")));
	return json_pack("{s:s, s:s, s:O, s:O, s:{s:I, s:o, s:o}, s:{s:I, s:o, s:o}, s:o, "
			 "s:[o, o], s:o, s:o, s:o, s:s, s:o}",
			 "runner_class", rclass, "metric", name,
			 "unit", json_object_get(metric, "unit"),
			 "better", json_object_get(metric, "better"),
			 "base", "n", (json_int_t)r->nb, "mean", analyze_real(r->mean_b),
			 "stddev_percent", analyze_real(r->sd_b_percent),
			 "head", "n", (json_int_t)r->nh, "mean", analyze_real(r->mean_h),
			 "stddev_percent", analyze_real(r->sd_h_percent),
			 "change_percent", analyze_real(r->ci.percent),
			 "ci95_percent", analyze_real(r->ci.lo), analyze_real(r->ci.hi),
			 "welch_p", analyze_real(r->p_welch),
			 "mann_whitney_p", analyze_real(r->p_mw), "q", analyze_real(r->q),
			 "verdict", verdict, "direction", dir);
}

/* Extracts the values of group [a, b) of v into a fresh array. */
static double *analyze_values(const struct db_side_sample *v, size_t a, size_t b)
{
	double *x = calloc(b - a ? b - a : 1, sizeof *x);

	for (size_t i = a; x && i < b; i++)
		x[i - a] = v[i].value;
	return x;
}

/* Builds the rows of the report from both sides; see analyze_compare_json. */
static int analyze_compare_sides(json_t *root, const struct db_side_sample *bv, size_t nb,
				 const struct db_side_sample *hv, size_t nh, json_t *metrics,
				 double alpha)
{
	size_t *bs = NULL, *hs = NULL, ngb = 0, ngh = 0, i = 0, j = 0, nr = 0, nm;
	size_t only_b = 0, only_h = 0, changed = 0;
	struct analyze_cmp *rows = NULL;
	const char **rclass = NULL;
	long long *mid = NULL;
	json_t **byid = NULL, *arr = json_array();
	int rc = -1;

	nm = json_array_size(metrics);
	byid = calloc(nm ? nm : 1, sizeof *byid);
	if (!arr || !byid || analyze_groups(&bs, &ngb, bv, nb) < 0 ||
	    analyze_groups(&hs, &ngh, hv, nh) < 0)
		goto out;
	for (size_t k = 0; k < nm; k++)
		byid[k] = json_array_get(metrics, k);
	qsort(byid, nm, sizeof *byid, analyze_id_cmp);
	rows = calloc(ngb ? ngb : 1, sizeof *rows);
	rclass = calloc(ngb ? ngb : 1, sizeof *rclass);
	mid = calloc(ngb ? ngb : 1, sizeof *mid);
	if (!rows || !rclass || !mid)
		goto out;
	while (i < ngb && j < ngh) {
		int c = analyze_group_cmp(&bv[bs[i]], &hv[hs[j]]);

		if (c < 0) {
			only_b++;
			i++;
		} else if (c > 0) {
			only_h++;
			j++;
		} else {
			rows[nr].base = analyze_values(bv, bs[i], bs[i + 1]);
			rows[nr].nb = bs[i + 1] - bs[i];
			rows[nr].head = analyze_values(hv, hs[j], hs[j + 1]);
			rows[nr].nh = hs[j + 1] - hs[j];
			rclass[nr] = bv[bs[i]].runner_class;
			mid[nr] = bv[bs[i]].metric_id;
			nr++;
			if (!rows[nr - 1].base || !rows[nr - 1].head)
				goto out;
			i++;
			j++;
		}
	}
	only_b += ngb - i;
	only_h += ngh - j;
	if (analyze_compare(rows, nr) < 0)
		goto out;
	for (size_t k = 0; k < nr; k++) {
		const json_t *m = analyze_metric(byid, nm, mid[k]);
		json_t *row;

		if (!m)
			goto out;
		row = analyze_cmp_row(&rows[k], rclass[k], m, alpha);
		if (!row || json_array_append_new(arr, row) < 0)
			goto out;
		changed += rows[k].tested && rows[k].q < alpha;
	}
	json_object_set(root, "metrics", arr);
	json_object_set_new(root, "only_in_base", json_integer((json_int_t)only_b));
	json_object_set_new(root, "only_in_head", json_integer((json_int_t)only_h));
	json_object_set_new(root, "changed", json_integer((json_int_t)changed));
	rc = 0;
out:
	for (size_t k = 0; rows && k < nr; k++) {
		free((void *)(uintptr_t)rows[k].base);
		free((void *)(uintptr_t)rows[k].head);
	}
	free(rows);
	free(rclass);
	free(mid);
	free(bs);
	free(hs);
	free(byid);
	json_decref(arr);
	return rc;
}

int analyze_compare_json(json_t **out, struct db *db, const char *base, const char *head,
			 const char *runner_class, double alpha, char **cause)
{
	struct db_side_sample *bv = NULL, *hv = NULL;
	size_t nb = 0, nh = 0;
	json_t *metrics = NULL, *root = NULL;
	int rc;

	*out = NULL;
	*cause = NULL;
	rc = analyze_side_load(&bv, &nb, db, "base", base, runner_class, cause);
	if (rc == 0)
		rc = analyze_side_load(&hv, &nh, db, "head", head, runner_class, cause);
	if (rc)
		goto out;
	rc = 500;
	metrics = db_metrics_list(db);
	root = json_pack("{s:s, s:s, s:o, s:f}", "base", base, "head", head,
			 "runner_class", runner_class ? json_string(runner_class) : json_null(),
			 "alpha", alpha);
	if (!metrics || !root ||
	    analyze_compare_sides(root, bv, nb, hv, nh, metrics, alpha) < 0) {
		if (asprintf(cause, "cannot compare: out of memory or database error") < 0)
			*cause = NULL;
		goto out;
	}
	if (json_array_size(json_object_get(root, "metrics")) == 0) {
		rc = 404;
		if (asprintf(cause, "base and head have no metric in common%s%s",
			     runner_class ? " on runner class " : "",
			     runner_class ? runner_class : "") < 0)
			*cause = NULL;
		goto out;
	}
	*out = root;
	root = NULL;
	rc = 0;
out:
	free(bv);
	free(hv);
	json_decref(metrics);
	json_decref(root);
	return rc;
}

int analyze_points_json(json_t **out, struct db *db, long long series_id,
			long long bad_job_id, size_t around)
{
	struct db_series_data *s = NULL;
	struct analyze_series a;
	size_t at = 0, lo, hi;
	json_t *arr;

	*out = NULL;
	if (db_series_load(db, &s, series_id) != DB_OK)
		return -1;
	if (analyze_series_points(&a, s) < 0) {
		db_series_data_free(s);
		return -1;
	}
	for (size_t i = 0; i < a.n; i++)
		if (a.points[i].job_id == bad_job_id)
			at = i;
	lo = at > around ? at - around : 0;
	hi = at + around + 1 < a.n ? at + around + 1 : a.n;
	arr = json_array();
	for (size_t i = lo; arr && i < hi; i++) {
		const struct analyze_point *p = &a.points[i];

		json_array_append_new(arr, json_pack("{s:I, s:I, s:o, s:f, s:I}",
			"index", (json_int_t)i, "job_id", (json_int_t)p->job_id,
			"commit_sha", p->sha[0] ? json_string(p->sha) : json_null(),
			"value", p->value, "iterations", (json_int_t)p->iterations));
	}
	analyze_series_free(&a);
	db_series_data_free(s);
	*out = arr;
	return arr ? 0 : -1;
}
