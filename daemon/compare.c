/*
 * compare.c - two sides compared metric by metric (see compare.h): the
 * samples of each side read through db/db.h, grouped by (runner class,
 * metric) and by job, each metric judged by lib/verdict.h with the noise
 * model of its (runner class, metric), Benjamini-Hochberg over all of
 * them.  The iteration-level Welch and Mann-Whitney p-values and LKP's
 * mean and %stddev columns are reported beside the verdict; they treat
 * iterations as independent and do not decide it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/compare.h"
#include "lib/stats.h"

/* One (runner class, metric) measured on both sides. */
struct compare_row {
	const char *rclass;
	long long metric_id;
	long long series_id;        /* the head's series, whose chart a page links */
	double *base, *head;        /* every iteration, for the LKP columns */
	size_t nb, nh;
	struct verdict_job *bj, *hj;
	size_t nbj, nhj;
	double p_welch, p_mw;
	int known;                  /* the noise model had between-job df */
	struct verdict v;
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

/* What a side is, for the page: {text, job_id, ref (tag or branch), commit
 * {sha, subject, author, time, tree}} (caller owns). */
static json_t *compare_side_about(struct db *db, const char *text, long long job,
				  const char *sha, const char *ref_kind)
{
	json_t *side = json_pack("{s:s}", "text", text), *jrow, *c = NULL;

	if (job) {
		json_object_set_new(side, "job_id", json_integer(job));
		jrow = db_job_get(db, job);
		if (json_string_value(json_object_get(jrow, "commit_sha")))
			c = db_commit_about(db, json_string_value(json_object_get(jrow, "commit_sha")));
		json_decref(jrow);
	} else {
		c = db_commit_about(db, sha);
	}
	if (ref_kind[0])
		json_object_set_new(side, "ref", json_string(ref_kind));
	json_object_set_new(side, "commit", c ? c : json_null());
	return side;
}

/* Reads one side (a job, a commit, a tag or a branch) and says what it is
 * in *about; an HTTP status with *cause on failure. */
static int compare_side_load(struct db_side_sample **v, size_t *n, json_t **about,
			     struct db *db, const char *name, const char *text, const char *rclass,
			     char **cause)
{
	char sha[DB_SHA_MAX + 1], kind[8] = "";
	long long job;
	int rc;

	*about = NULL;
	if (compare_side_parse(&job, sha, text) < 0) {
		rc = compare_ref_ok(text) ? db_ref_resolve(db, sha, kind, text) : DB_NOTFOUND;
		if (rc == DB_CONFLICT) {
			if (asprintf(cause, "%s: '%.80s' names different commits in several trees; "
				     "give the commit id", name, text) < 0)
				*cause = NULL;
			return 409;
		}
		if (rc != DB_OK) {
			if (asprintf(cause, "%s: '%.80s' is neither a job id nor a commit id of at "
				     "least %d lower-case hex digits, nor a tag or branch kpci knows",
				     name, text, COMPARE_MIN_PREFIX) < 0)
				*cause = NULL;
			return rc == DB_ERR ? 500 : 400;
		}
	}
	rc = db_side_samples(db, v, n, job, sha[0] ? sha : NULL, rclass);
	if (rc == DB_OK) {
		*about = compare_side_about(db, text, job, sha, kind);
		return 0;
	}
	if (asprintf(cause, "%s: %s%s%.12s%s", name,
		     rc == DB_NOTFOUND ? "no samples of a successful run match" :
		     rc == DB_CONFLICT ? "the commit prefix matches more than one commit" :
		     rc == DB_INVALID ? "too many samples" : "database error",
		     kind[0] ? " (" : "", kind[0] ? sha : "", kind[0] ? ", where it points)" : "")
	    < 0)
		*cause = NULL;
	return rc == DB_NOTFOUND ? 404 : rc == DB_CONFLICT ? 409 : rc == DB_INVALID ? 400 : 500;
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

static int compare_id_cmp(const void *pa, const void *pb)
{
	long long a = json_integer_value(json_object_get(*(json_t *const *)pa, "id"));
	long long b = json_integer_value(json_object_get(*(json_t *const *)pb, "id"));

	return (a > b) - (a < b);
}

/* The metric row of id among rows sorted by id, or NULL. */
static json_t *compare_metric(json_t **rows, size_t n, long long id)
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

static json_t *compare_real(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* The values of group [a, b) of v into *x and its jobs (samples come
 * ordered by job, then iteration) into *jobs.  Returns 0 or -1. */
static int compare_side_of(double **x, struct verdict_job **jobs, size_t *njobs,
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
		verdict_job_of(&(*jobs)[k++], *x + s, e - s);
	}
	*njobs = k;
	return 0;
}

static void compare_row_free(struct compare_row *r)
{
	free(r->base);
	free(r->head);
	free(r->bj);
	free(r->hj);
}

/* The row's iteration-level p-values and its verdict test (before FDR). */
static int compare_test(struct compare_row *r, struct db *db, const struct verdict_params *vp)
{
	struct verdict_side b = { r->bj, r->nbj }, h = { r->hj, r->nhj };
	struct db_noise_sums sums;
	struct verdict_noise noise;
	struct stats_test t;

	r->p_welch = r->p_mw = NAN;
	if (r->nb >= 2 && r->nh >= 2) {
		if (stats_variance(r->base, r->nb) == 0 && stats_variance(r->head, r->nh) == 0)
			r->p_welch = stats_mean(r->base, r->nb) == stats_mean(r->head, r->nh);
		else if (stats_welch_t(&t, r->base, r->nb, r->head, r->nh) == 0)
			r->p_welch = t.pvalue;
		if (stats_mann_whitney(&t, r->base, r->nb, r->head, r->nh) == 0)
			r->p_mw = t.pvalue;
	}
	if (db_noise_sums(db, &sums, 0, r->metric_id, r->rclass) != DB_OK)
		return -1;
	verdict_noise_of(&noise, sums.rep_ss, (double)sums.rep_df, sums.rep_wn, sums.win_ss,
			 (double)sums.win_df);
	r->known = noise.between_df >= vp->known_df;
	return verdict_test(&r->v, &b, &h, &noise, vp);
}

static json_t *compare_side_json(const double *x, size_t n, size_t jobs)
{
	double mean = stats_mean(x, n), sd = sqrt(stats_variance(x, n));

	return json_pack("{s:I, s:I, s:o, s:o}", "jobs", (json_int_t)jobs, "n", (json_int_t)n,
			 "mean", compare_real(mean),
			 "stddev_percent", compare_real(mean != 0 ? 100 * sd / fabs(mean) :
							sd == 0 ? 0 : NAN));
}

static json_t *compare_more_json(const struct verdict *v)
{
	if (v->more == VERDICT_MORE_NONE)
		return json_null();
	return json_pack("{s:s, s:o, s:o}", "what", verdict_more_name(v->more),
			 "jobs_per_side", compare_real(v->jobs_needed),
			 "iterations_per_job", compare_real(v->iterations_needed));
}

static json_t *compare_row_json(const struct compare_row *r, const json_t *metric)
{
	const char *better = json_string_value(json_object_get(metric, "better"));
	const struct verdict *v = &r->v;
	json_t *dir = json_null();
	char name[2 * 128 + 2];

	if (v->kind == VERDICT_CHANGED && better && v->diff != 0)
		dir = json_string(((v->diff > 0) == !strcmp(better, "higher"))
				  ? "improvement" : "regression");
	snprintf(name, sizeof name, "%s/%s",
		 json_string_value(json_object_get(metric, "suite")),
		 json_string_value(json_object_get(metric, "name")));
	return json_pack("{s:s, s:s, s:I, s:O, s:O, s:o, s:o, s:o, s:[o, o], s:o, s:o, s:o, s:o, "
			 "s:o, s:o, s:s, s:o, s:s, s:o, s:{s:b, s:b, s:o, s:o}}",
			 "runner_class", r->rclass, "metric", name, "series_id",
			 (json_int_t)r->series_id,
			 "unit", json_object_get(metric, "unit"),
			 "better", json_object_get(metric, "better"),
			 "base", compare_side_json(r->base, r->nb, r->nbj),
			 "head", compare_side_json(r->head, r->nh, r->nhj),
			 "change_percent", compare_real(v->percent),
			 "ci95_percent", compare_real(v->ci_lo), compare_real(v->ci_hi),
			 "p", compare_real(v->p), "q", compare_real(v->q),
			 "p_same", compare_real(v->p_same),
			 "min_effect_percent", compare_real(100 * v->min_effect),
			 "welch_p", compare_real(r->p_welch),
			 "mann_whitney_p", compare_real(r->p_mw),
			 "verdict", verdict_name(v->kind), "direction", dir,
			 "reason", v->reason, "more", compare_more_json(v),
			 "noise", "known", r->known, "prior", v->prior_used,
			 "between_job_percent", compare_real(100 * v->between_cv),
			 "within_job_percent", compare_real(100 * v->within_cv));
}

/* The rows both sides have, filled and tested; *nr of them (caller frees
 * each and the array); only_b, only_h count the others. */
static int compare_rows(struct compare_row **out, size_t *nr, size_t *only_b, size_t *only_h,
			const struct db_side_sample *bv, size_t nb,
			const struct db_side_sample *hv, size_t nh, struct db *db,
			const struct verdict_params *vp)
{
	size_t *bs = NULL, *hs = NULL, ngb = 0, ngh = 0, i = 0, j = 0, n = 0;
	struct compare_row *rows = NULL;
	int rc = -1;

	*out = NULL;
	*nr = *only_b = *only_h = 0;
	if (compare_groups(&bs, &ngb, bv, nb) < 0 || compare_groups(&hs, &ngh, hv, nh) < 0)
		goto out;
	rows = calloc(ngb ? ngb : 1, sizeof *rows);
	if (!rows)
		goto out;
	while (i < ngb && j < ngh) {
		int c = compare_group_cmp(&bv[bs[i]], &hv[hs[j]]);
		struct compare_row *r = &rows[n];

		if (c < 0) {
			(*only_b)++;
			i++;
			continue;
		}
		if (c > 0) {
			(*only_h)++;
			j++;
			continue;
		}
		r->rclass = bv[bs[i]].runner_class;
		r->metric_id = bv[bs[i]].metric_id;
		r->series_id = hv[hs[j]].series_id;
		r->nb = bs[i + 1] - bs[i];
		r->nh = hs[j + 1] - hs[j];
		n++;
		if (compare_side_of(&r->base, &r->bj, &r->nbj, bv, bs[i], bs[i + 1]) < 0 ||
		    compare_side_of(&r->head, &r->hj, &r->nhj, hv, hs[j], hs[j + 1]) < 0 ||
		    compare_test(r, db, vp) < 0)
			goto out;
		i++;
		j++;
	}
	*only_b += ngb - i;
	*only_h += ngh - j;
	rc = 0;
out:
	free(bs);
	free(hs);
	*out = rows;
	*nr = n;
	return rc;
}

/* Changed first, then inconclusive, then same; inside each, the largest
 * change first. */
static int compare_row_order(const void *pa, const void *pb)
{
	static const int rank[] = { [VERDICT_CHANGED] = 0, [VERDICT_INCONCLUSIVE] = 1,
				    [VERDICT_SAME] = 2 };
	const struct compare_row *a = *(const struct compare_row *const *)pa;
	const struct compare_row *b = *(const struct compare_row *const *)pb;
	double x = isfinite(a->v.percent) ? fabs(a->v.percent) : -1;
	double y = isfinite(b->v.percent) ? fabs(b->v.percent) : -1;

	if (rank[a->v.kind] != rank[b->v.kind])
		return rank[a->v.kind] - rank[b->v.kind];
	return (x < y) - (x > y);
}

/* Builds the report's rows; see compare_json. */
static int compare_sides(json_t *root, const struct db_side_sample *bv, size_t nb,
			 const struct db_side_sample *hv, size_t nh, json_t *metrics,
			 struct db *db, const struct verdict_params *vp)
{
	size_t nr = 0, only_b = 0, only_h = 0, nm = json_array_size(metrics);
	struct compare_row *rows = NULL, **order = NULL;
	json_t **byid = calloc(nm ? nm : 1, sizeof *byid), *arr = json_array();
	long long counts[3] = { 0, 0, 0 };
	struct verdict *vs = NULL;
	int rc = -1;

	if (!arr || !byid)
		goto out;
	for (size_t k = 0; k < nm; k++)
		byid[k] = json_array_get(metrics, k);
	qsort(byid, nm, sizeof *byid, compare_id_cmp);
	if (compare_rows(&rows, &nr, &only_b, &only_h, bv, nb, hv, nh, db, vp) < 0)
		goto out;
	vs = calloc(nr ? nr : 1, sizeof *vs);
	if (!vs)
		goto out;
	for (size_t k = 0; k < nr; k++)
		vs[k] = rows[k].v;
	if (verdict_fdr(vs, nr, vp) < 0)
		goto out;
	order = calloc(nr ? nr : 1, sizeof *order);
	if (!order)
		goto out;
	for (size_t k = 0; k < nr; k++) {
		rows[k].v = vs[k];
		order[k] = &rows[k];
		counts[vs[k].kind]++;
	}
	qsort(order, nr, sizeof *order, compare_row_order);
	for (size_t k = 0; k < nr; k++) {
		const json_t *m = compare_metric(byid, nm, order[k]->metric_id);
		json_t *row;

		if (!m)
			goto out;
		row = compare_row_json(order[k], m);
		if (!row || json_array_append_new(arr, row) < 0)
			goto out;
	}
	json_object_set(root, "metrics", arr);
	json_object_set_new(root, "only_in_base", json_integer((json_int_t)only_b));
	json_object_set_new(root, "only_in_head", json_integer((json_int_t)only_h));
	json_object_set_new(root, "changed", json_integer(counts[VERDICT_CHANGED]));
	json_object_set_new(root, "same", json_integer(counts[VERDICT_SAME]));
	json_object_set_new(root, "inconclusive", json_integer(counts[VERDICT_INCONCLUSIVE]));
	rc = 0;
out:
	for (size_t k = 0; rows && k < nr; k++)
		compare_row_free(&rows[k]);
	free(rows);
	free(order);
	free(vs);
	free(byid);
	json_decref(arr);
	return rc;
}

int compare_json(json_t **out, struct db *db, const char *base, const char *head,
		 const char *runner_class, const struct verdict_params *vp, char **cause)
{
	struct db_side_sample *bv = NULL, *hv = NULL;
	size_t nb = 0, nh = 0;
	json_t *metrics = NULL, *root = NULL, *bside = NULL, *hside = NULL;
	int rc;

	*out = NULL;
	*cause = NULL;
	rc = compare_side_load(&bv, &nb, &bside, db, "base", base, runner_class, cause);
	if (rc == 0)
		rc = compare_side_load(&hv, &nh, &hside, db, "head", head, runner_class, cause);
	if (rc)
		goto out;
	rc = 500;
	metrics = db_metrics_list(db);
	root = json_pack("{s:s, s:s, s:o, s:f, s:f, s:O, s:O}", "base", base, "head", head,
			 "runner_class", runner_class ? json_string(runner_class) : json_null(),
			 "alpha", vp->alpha, "min_effect_percent", 100 * vp->min_effect,
			 "base_side", bside, "head_side", hside);
	if (!metrics || !root || compare_sides(root, bv, nb, hv, nh, metrics, db, vp) < 0) {
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
	json_decref(bside);
	json_decref(hside);
	json_decref(metrics);
	json_decref(root);
	return rc;
}
