// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_bisect.c - the bisections API and pages: thin handlers over
 * db/db_bisect.c for reading, daemon/bisect/bisector.c for starting and
 * cancelling, web/page_bisect.c for the pages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/api/api_bisect.h"
#include "daemon/api/api_pages.h"
#include "daemon/bisect/bisector.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/proto.h"
#include "web/pages.h"

#define API_BISECT_PAGE_ROWS 100    /* bisections the list page shows */

static const char *const api_bisect_states[] = { "running", "done", "failed", "cancelled",
	NULL };

/* ?state= and ?change= of a list; -1 after an error response. */
static int api_bisect_filter(struct http_req *req, struct http_resp *resp, const char **state,
			     long long *change)
{
	int known = 0;

	*state = http_query(req, "state");
	*change = 0;
	for (int i = 0; *state && api_bisect_states[i]; i++)
		known |= !strcmp(*state, api_bisect_states[i]);
	if (*state && !known) {
		http_error(resp, 400, "query parameter state: '%.40s' is not one of running, done, "
			   "failed, cancelled", *state);
		return -1;
	}
	return http_query_id(req, resp, "change", change);
}

void api_bisections_list(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_bisections rows;
	const char *state;
	long long change;
	int limit, offset;

	if (api_bisect_filter(req, resp, &state, &change) < 0 ||
	    http_paging(req, resp, &limit, &offset) < 0)
		return;
	if (db_bisections_list(k->db, &rows, state, change, limit, offset) != DB_OK) {
		http_error(resp, 500, "database error while listing bisections");
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "bisections", rec_bisections_encode(&rows),
				       "limit", limit, "offset", offset));
	rec_bisections_dispose(&rows);
}

/* Answers bisection id in full with status, or 404 or 500. */
static void api_bisection_answer(struct kpcid *k, struct http_resp *resp, int status,
				 long long id)
{
	struct rec_bisection b;
	int rc = db_bisection_full(k->db, &b, id);

	if (rc == DB_NOTFOUND)
		http_error(resp, 404, "bisection %lld does not exist", id);
	else if (rc != DB_OK)
		http_error(resp, 500, "database error while reading bisection %lld", id);
	else
		http_json(resp, status, rec_bisection_encode(&b));
	rec_bisection_dispose(&b);
}

void api_bisection_get(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	api_bisection_answer(k, resp, 200, req->params[0]);
}

void api_bisection_start(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp), *jc, *jr;
	char who[PROTO_MAX_NAME + 1], *cause = NULL;
	long long id;
	int rc, revert;

	if (!body)
		return;
	jc = json_object_get(body, "change");
	jr = json_object_get(body, "revert");
	if (!json_is_integer(jc) || json_integer_value(jc) <= 0) {
		http_error(resp, 400, "change must be the positive id of a change");
		goto out;
	}
	if (jr && !json_is_boolean(jr)) {
		http_error(resp, 400, "revert must be true or false");
		goto out;
	}
	if (!k->cfg.bisect_enabled) {
		http_error(resp, 409, "bisection is switched off ([bisect] enabled = false)");
		goto out;
	}
	revert = jr ? json_is_true(jr) : k->cfg.bisect_revert;
	db_token_name(k->db, req->token_id, who, sizeof who);
	rc = bisector_start(k, &id, json_integer_value(jc), revert, who, &cause);
	if (rc != DB_OK)
		http_error(resp, http_status(rc), "%s", cause ? cause : "cannot start the bisection");
	else
		api_bisection_answer(k, resp, 201, id);
	free(cause);
out:
	json_decref(body);
}

void api_bisection_cancel(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	char who[PROTO_MAX_NAME + 1], *cause = NULL;
	int rc;

	db_token_name(k->db, req->token_id, who, sizeof who);
	rc = bisector_cancel(k, req->params[0], who, &cause);
	if (rc != DB_OK)
		http_error(resp, http_status(rc), "%s", cause ? cause : "cannot cancel the bisection");
	else
		api_bisection_answer(k, resp, 200, req->params[0]);
	free(cause);
}

struct rec_bisection *api_bisection_of_change(struct db *db, long long change_id)
{
	struct rec_bisections rows;
	struct rec_bisection *b = NULL;

	if (db_bisections_list(db, &rows, NULL, change_id, 1, 0) != DB_OK)
		return NULL;
	if (rows.n && (b = malloc(sizeof *b)) && db_bisection_full(db, b, rows.v[0].id) != DB_OK) {
		free(b);
		b = NULL;
	}
	rec_bisections_dispose(&rows);
	return b;
}

void api_page_bisections(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_bisections running = { 0 }, all = { 0 };

	if (db_bisections_list(k->db, &running, "running", 0, API_BISECT_PAGE_ROWS, 0) != DB_OK ||
	    db_bisections_list(k->db, &all, NULL, 0, API_BISECT_PAGE_ROWS, 0) != DB_OK) {
		pages_error(resp, 500, "database error while listing bisections");
	} else {
		resp->content_type = "text/html; charset=utf-8";
		resp->status = page_bisections(&resp->body, &running, &all) == 0 ? 200 : 500;
	}
	rec_bisections_dispose(&running);
	rec_bisections_dispose(&all);
}

void api_page_bisection(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_bisection b;
	char msg[64];
	int rc = db_bisection_full(k->db, &b, req->params[0]);

	if (rc != DB_OK) {
		snprintf(msg, sizeof msg, rc == DB_NOTFOUND ? "bisection %lld does not exist" :
			 "database error while reading bisection %lld", req->params[0]);
		pages_error(resp, rc == DB_NOTFOUND ? 404 : 500, msg);
		return;
	}
	resp->content_type = "text/html; charset=utf-8";
	resp->status = page_bisection(&resp->body, &b) == 0 ? 200 : 500;
	rec_bisection_dispose(&b);
}
