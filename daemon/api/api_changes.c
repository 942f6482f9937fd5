// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_changes.c - the analysis API: the changes the analyzer stored
 * (daemon/analyze/analyze.c), their triage by a person, base-against-head
 * comparisons and the noise model per (runner class, metric).  Thin
 * handlers: checking the query, then db/db.h or daemon/analyze/analyze.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/alert/alert.h"
#include "daemon/analyze/analyze.h"
#include "daemon/api/api.h"
#include "daemon/api/api_bisect.h"
#include "daemon/api/api_changes.h"
#include "daemon/config.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/proto.h"

#define API_POINTS_AROUND 30        /* series points shown each side of a change */
#define API_MAX_NOTE 4096           /* bytes of a triage note */
#define API_GROUP_SHOWN 200         /* changes of a change's group it lists */

static const char *const api_change_states[] = { "new", "confirmed", "bisecting",
	"culprit-found", "fixed", "invalid", "wontfix", NULL };

static int api_known(const char *const *list, const char *v)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], v))
			return 1;
	return 0;
}

/* A query argument, NULL when absent or empty (an empty field of a form). */
static const char *api_arg(struct http_req *req, const char *name)
{
	const char *v = http_query(req, name);

	return v && *v ? v : NULL;
}

int api_change_filter(struct http_req *req, struct http_resp *resp, struct db_change_filter *f)
{
	const char *noisy = api_arg(req, "noisy");
	const char *withdrawn = api_arg(req, "withdrawn");

	memset(f, 0, sizeof *f);
	f->state = api_arg(req, "state");
	f->direction = api_arg(req, "direction");
	f->metric = api_arg(req, "metric");
	f->runner_class = api_arg(req, "runner_class");
	f->noisy = -1;
	if (f->state && !api_known(api_change_states, f->state)) {
		http_error(resp, 400, "query parameter state: '%.40s' is not one of new, confirmed, "
			   "bisecting, culprit-found, fixed, invalid, wontfix", f->state);
		return -1;
	}
	if (f->direction && strcmp(f->direction, "regression") &&
	    strcmp(f->direction, "improvement")) {
		http_error(resp, 400, "query parameter direction: '%.40s' is not regression or "
			   "improvement", f->direction);
		return -1;
	}
	if (f->metric && strlen(f->metric) > 2 * PROTO_MAX_NAME + 1) {
		http_error(resp, 400, "query parameter metric is too long");
		return -1;
	}
	if (f->runner_class && !proto_name_ok(f->runner_class)) {
		http_error(resp, 400, "query parameter runner_class must be a name of letters, "
			   "digits and ._:/+-");
		return -1;
	}
	if (noisy && strcmp(noisy, "0") && strcmp(noisy, "1")) {
		http_error(resp, 400, "query parameter noisy: '%.40s' is not 0 or 1", noisy);
		return -1;
	}
	if (noisy)
		f->noisy = noisy[0] == '1';
	f->withdrawn = -1;
	if (withdrawn && strcmp(withdrawn, "0") && strcmp(withdrawn, "1")) {
		http_error(resp, 400, "query parameter withdrawn: '%.40s' is not 0 or 1", withdrawn);
		return -1;
	}
	if (withdrawn)
		f->withdrawn = withdrawn[0] == '1';
	f->kind = api_arg(req, "kind");
	if (f->kind && strcmp(f->kind, "perf") && strcmp(f->kind, "build-failure")) {
		http_error(resp, 400, "query parameter kind: '%.40s' is not perf or build-failure",
			   f->kind);
		return -1;
	}
	f->tree = api_arg(req, "tree");
	f->branch = api_arg(req, "branch");
	if ((f->tree && strlen(f->tree) > PROTO_MAX_NAME) ||
	    (f->branch && strlen(f->branch) > PROTO_MAX_NAME)) {
		http_error(resp, 400, "query parameter %s is too long",
			   f->tree && strlen(f->tree) > PROTO_MAX_NAME ? "tree" : "branch");
		return -1;
	}
	if (http_query_id(req, resp, "series", &f->series_id) < 0 ||
	    http_query_id(req, resp, "group", &f->group_id) < 0 ||
	    http_query_time(req, resp, "since", &f->since) < 0 ||
	    http_query_time(req, resp, "until", &f->until) < 0)
		return -1;
	return 0;
}

void api_changes_list(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct db_change_filter f;
	struct rec_changes l;
	int limit, offset;
	json_t *rows;

	if (api_change_filter(req, resp, &f) < 0 || http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_changes_list(k->db, &l, &f, limit, offset) == DB_OK ? rec_changes_encode(&l) :
	       NULL;
	rec_changes_dispose(&l);
	if (!rows) {
		http_error(resp, 500, "database error while listing changes");
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "changes", rows, "limit", limit,
				       "offset", offset));
}

/* The figures of lib/verdict.h's model (log scale, the job the unit):
 * the between-job and within-job spreads, the degrees of freedom behind
 * the first, and the smallest effect a verdict calls changed. */
static void api_noise_verdict(struct rec_noise *row, const struct analyze_params *p)
{
	struct verdict_noise n;
	double between;

	verdict_noise_of(&n, row->rep_ss, (double)row->rep_df, row->rep_wn, row->win_ss,
			 (double)row->win_df);
	between = sqrt(n.between_var);
	row->between_job_percent = n.between_df > 0 ? 100 * between : NAN;
	row->within_job_percent = n.within_df > 0 ? 100 * sqrt(n.within_var) : NAN;
	row->between_job_df = (long long)n.between_df;
	row->model_known = n.between_df >= p->verdict.known_df;
	row->min_effect_percent = 100 * fmin(fmax(p->verdict.min_effect,
						  p->verdict.noise_effect * between),
					     VERDICT_MAX_EFFECT);
}

/* The model's figures of a noise row of db_noise_list; noisy becomes the
 * model's verdict. */
static void api_noise_figures(struct rec_noise *row, const struct analyze_params *p)
{
	struct analyze_noise n;
	double iters = row->jobs ? (double)row->samples_used / (double)row->jobs : 1;

	analyze_noise_model(&n, row->aa_ss, row->aa_df, row->it_ss, row->it_df, iters, p);
	row->known = n.known;
	row->noisy = n.noisy;
	row->cv_job_percent = 100 * n.cv_job;
	row->cv_iteration_percent = 100 * n.cv_iter;
	row->iterations = n.iterations;
	row->mde_percent = 100 * n.mde;
	row->target_effect_percent = 100 * p->target_effect;
	row->iterations_needed = n.iterations_needed;
	row->jobs_needed = n.jobs_needed;
	row->max_noise_percent = 100 * p->noise_max_cv;
	api_noise_verdict(row, p);
}

/* The size of a change (0 when it has none, as a build failure). */
static double api_change_size(const struct rec_change *c)
{
	return isfinite(c->magnitude) ? fabs(c->magnitude) : 0;
}

static int api_by_size(const void *pa, const void *pb)
{
	double a = api_change_size(pa), b = api_change_size(pb);

	return (a < b) - (a > b);
}

/* The changes of c's commit range, itself included, the largest first,
 * into c->group. */
static int api_change_group(struct kpcid *k, struct rec_change *c)
{
	struct db_change_filter f = { .noisy = -1, .withdrawn = -1 };

	f.group_id = c->group_id;
	if (f.group_id) {
		if (db_changes_list(k->db, &c->group, &f, API_GROUP_SHOWN, 0) != DB_OK)
			return -1;
	} else {
		c->group.v = calloc(1, sizeof *c->group.v);
		if (!c->group.v || db_change_get(k->db, &c->group.v[0], c->id) != DB_OK)
			return -1;
		c->group.n = 1;
	}
	qsort(c->group.v, c->group.n, sizeof *c->group.v, api_by_size);
	return 0;
}

/* Adds what a maintainer reads first: its place (db_change_place), its
 * group, its title and summary_text (daemon/alert/alert_text.c, which reads
 * them from the record). */
static int api_change_context(struct kpcid *k, struct rec_change *c)
{
	struct buf b;

	c->full = 1;
	if (api_change_group(k, c) < 0 || !(c->place = calloc(1, sizeof *c->place)) ||
	    db_change_place(k->db, c->place, c->id) != DB_OK)
		return -1;
	buf_init(&b, 1 << 20);
	alert_change_title(&b, c);
	c->title = strdup(buf_str(&b));
	buf_reset(&b);
	alert_change_summary(&b, c, k->cfg.alert_base_url ? k->cfg.alert_base_url : "");
	c->summary_text = strdup(buf_str(&b));
	buf_dispose(&b);
	return c->title && c->summary_text ? 0 : -1;
}

int api_change_full(struct rec_change *c, struct kpcid *k, long long id)
{
	struct analyze_params p;
	struct rec_noises noise;
	int rc = db_change_get(k->db, c, id);

	if (rc != DB_OK)
		return rc;
	analyze_params_from_config(&p, &k->cfg);
	if (api_change_points(c, k->db, API_POINTS_AROUND) < 0 ||
	    api_change_context(k, c) < 0) {
		rec_change_dispose(c);
		return DB_ERR;
	}
	c->bisection = api_bisection_of_change(k->db, id);
	if (db_noise_list(k->db, &noise, c->runner_class, c->metric_id) == DB_OK && noise.n &&
	    (c->noise = malloc(sizeof *c->noise))) {
		api_noise_figures(&noise.v[0], &p);
		*c->noise = noise.v[0];         /* moved: the list keeps an empty row */
		memset(&noise.v[0], 0, sizeof noise.v[0]);
	}
	rec_noises_dispose(&noise);
	return DB_OK;
}

void api_change_get(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_change c;
	int rc = api_change_full(&c, k, req->params[0]);

	if (rc == DB_NOTFOUND) {
		http_error(resp, http_status(rc), "change %lld does not exist", req->params[0]);
	} else if (rc != DB_OK) {
		http_error(resp, http_status(rc), "cannot read change %lld: database error",
			   req->params[0]);
	} else {
		http_json(resp, 200, rec_change_encode(&c));
		rec_change_dispose(&c);
	}
}

void api_change_triage(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp), *jn;
	const char *state, *note = NULL;
	struct rec_change c;
	int rc;

	if (!body)
		return;
	state = json_string_value(json_object_get(body, "state"));
	jn = json_object_get(body, "note");
	if (!state || !api_known(api_change_states, state)) {
		http_error(resp, 400, "state must be one of new, confirmed, bisecting, "
			   "culprit-found, fixed, invalid, wontfix");
		goto out;
	}
	if (jn && !json_is_null(jn) && (!json_is_string(jn) ||
					json_string_length(jn) > API_MAX_NOTE)) {
		http_error(resp, 400, "note must be a string of at most %d bytes", API_MAX_NOTE);
		goto out;
	}
	note = json_string_value(jn);
	if (note && strlen(note) != json_string_length(jn)) {
		http_error(resp, 400, "note must not contain NUL characters");
		goto out;
	}
	rc = db_change_triage(k->db, req->params[0], state, note, req->token_id);
	if (rc == DB_NOTFOUND) {
		http_error(resp, http_status(rc), "change %lld does not exist", req->params[0]);
	} else if (rc != DB_OK) {
		http_error(resp, http_status(rc), "cannot triage change %lld: database error", req->params[0]);
	} else if (db_change_get(k->db, &c, req->params[0]) != DB_OK) {
		http_error(resp, 500, "cannot read change %lld: database error", req->params[0]);
	} else {
		log_info("change %lld triaged: %s", req->params[0], state);
		http_json(resp, 200, rec_change_encode(&c));
		rec_change_dispose(&c);
	}
out:
	json_decref(body);
}

void api_compare(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *base = http_query(req, "base"), *head = http_query(req, "head");
	const char *rclass = http_query(req, "runner_class"), *a = http_query(req, "alpha");
	double alpha = ANALYZE_DEFAULT_ALPHA;
	struct analyze_params p;
	char *cause = NULL, *end;
	json_t *out = NULL;
	int rc;

	if (!base || !head) {
		http_error(resp, 400, "query parameters base and head are needed (a job id or "
			   "a commit id)");
		return;
	}
	if (rclass && !proto_name_ok(rclass)) {
		http_error(resp, 400, "query parameter runner_class must be a name of letters, "
			   "digits and ._:/+-");
		return;
	}
	if (a) {
		alpha = strtod(a, &end);
		if (!*a || *end || !(alpha > 0 && alpha < 1)) {
			http_error(resp, 400, "query parameter alpha: '%.40s' is not a number "
				   "between 0 and 1", a);
			return;
		}
	}
	analyze_params_from_config(&p, &k->cfg);
	p.verdict.alpha = alpha;
	rc = api_compare_json(&out, k->db, base, head, rclass, &p.verdict, &cause);
	if (rc)
		http_error(resp, rc, "%s", cause ? cause : "cannot compare");
	else
		http_json(resp, 200, out);
	free(cause);
}

void api_noise(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *rclass = http_query(req, "runner_class");
	struct analyze_params p;
	struct rec_noises l;

	if (rclass && !proto_name_ok(rclass)) {
		http_error(resp, 400, "query parameter runner_class must be a name of letters, "
			   "digits and ._:/+-");
		return;
	}
	if (db_noise_list(k->db, &l, rclass, 0) != DB_OK) {
		http_error(resp, 500, "database error while listing noise models");
		return;
	}
	analyze_params_from_config(&p, &k->cfg);
	for (size_t i = 0; i < l.n; i++)
		api_noise_figures(&l.v[i], &p);
	http_json(resp, 200, json_pack("{s:o}", "noise", rec_noises_encode(&l)));
	rec_noises_dispose(&l);
}

void api_confirmations(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	long long change;
	struct rec_confirmations l;
	int limit, offset;
	json_t *rows;

	if (http_query_id(req, resp, "change", &change) < 0 ||
	    http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_confirmations_list(k->db, &l, change, limit, offset) == DB_OK ?
	       rec_confirmations_encode(&l) : NULL;
	rec_confirmations_dispose(&l);
	if (!rows) {
		http_error(resp, 500, "database error while listing confirmations");
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "confirmations", rows, "limit", limit,
				       "offset", offset));
}
