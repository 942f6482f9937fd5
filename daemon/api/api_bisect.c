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
	const char *state;
	long long change;
	int limit, offset;
	json_t *rows;

	if (api_bisect_filter(req, resp, &state, &change) < 0 ||
	    http_paging(req, resp, &limit, &offset) < 0)
		return;
	rows = db_bisections_list(k->db, state, change, limit, offset);
	if (!rows) {
		http_error(resp, 500, "database error while listing bisections");
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "bisections", rows, "limit", limit,
				       "offset", offset));
}

void api_bisection_get(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *b = db_bisection_full(k->db, req->params[0]);

	if (!b) {
		http_error(resp, 404, "bisection %lld does not exist", req->params[0]);
		return;
	}
	http_json(resp, 200, b);
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
		http_json(resp, 201, db_bisection_full(k->db, id));
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
		http_json(resp, 200, db_bisection_full(k->db, req->params[0]));
	free(cause);
}

json_t *api_bisection_of_change(struct db *db, long long change_id)
{
	json_t *rows = db_bisections_list(db, NULL, change_id, 1, 0), *b = NULL;

	if (rows && json_array_size(rows))
		b = db_bisection_full(db, json_integer_value(json_object_get(json_array_get(rows, 0),
									       "id")));
	json_decref(rows);
	return b ? b : json_null();
}

void api_page_bisections(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *running = db_bisections_list(k->db, "running", 0, API_BISECT_PAGE_ROWS, 0);
	json_t *all = db_bisections_list(k->db, NULL, 0, API_BISECT_PAGE_ROWS, 0);

	if (!running || !all) {
		pages_error(resp, 500, "database error while listing bisections");
	} else {
		resp->content_type = "text/html; charset=utf-8";
		resp->status = page_bisections(&resp->body, running, all) == 0 ? 200 : 500;
	}
	json_decref(running);
	json_decref(all);
}

void api_page_bisection(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *b = db_bisection_full(k->db, req->params[0]);
	char msg[64];

	if (!b) {
		snprintf(msg, sizeof msg, "bisection %lld does not exist", req->params[0]);
		pages_error(resp, 404, msg);
		return;
	}
	resp->content_type = "text/html; charset=utf-8";
	resp->status = page_bisection(&resp->body, b) == 0 ? 200 : 500;
	json_decref(b);
}
