// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_reports.c - the reports API and pages: thin handlers over
 * db/db_reports.c; re-send and hold wake the alerter (daemon/alert/alert.c).
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/alert/alert.h"
#include "daemon/api/api_reports.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "lib/mail.h"
#include "web/pages.h"

void api_reports_list(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_reports l;
	long long change_id;
	int limit, offset;

	if (http_query_id(req, resp, "change", &change_id) < 0 ||
	    http_paging(req, resp, &limit, &offset) < 0)
		return;
	if (db_reports_list(k->db, &l, change_id, limit, offset) != DB_OK) {
		http_error(resp, 500, "database error while listing reports");
		return;
	}
	http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "reports", rec_reports_encode(&l),
				       "limit", limit, "offset", offset));
	rec_reports_dispose(&l);
}

/* Answers report id's detail: 200, 404 when it does not exist. */
static void api_report_answer(struct kpcid *k, struct http_resp *resp, long long id)
{
	struct rec_report r;
	int rc = db_report_get(k->db, &r, id);

	if (rc == DB_NOTFOUND) {
		http_error(resp, 404, "report %lld does not exist", id);
		return;
	}
	if (rc != DB_OK) {
		http_error(resp, 500, "cannot read report %lld: database error", id);
		return;
	}
	http_json(resp, 200, rec_report_encode(&r));
	rec_report_dispose(&r);
}

void api_report_get(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	api_report_answer(k, resp, req->params[0]);
}

void api_report_resend(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = req->body.len ? http_body_json(req, resp) : json_object(), *jr;
	const char *recipient = NULL;
	int n = 0, rc;

	if (!body)
		return;
	jr = json_object_get(body, "recipient");
	if (jr && !json_is_null(jr)) {
		recipient = json_string_value(jr);
		if (!recipient || !mail_address_ok(recipient)) {
			http_error(resp, 400, "recipient must be a mail address of the report");
			goto out;
		}
	}
	rc = db_report_resend(k->db, req->params[0], recipient, &n);
	if (rc == DB_NOTFOUND) {
		http_error(resp, http_status(rc), "report %lld does not exist", req->params[0]);
	} else if (rc != DB_OK) {
		http_error(resp, http_status(rc), "cannot re-send report %lld: database error", req->params[0]);
	} else if (recipient && !n) {
		http_error(resp, 404, "report %lld has no recipient %.254s", req->params[0],
			   recipient);
	} else {
		log_info("report %lld: %d deliveries to be sent again", req->params[0], n);
		alert_poke();
		http_json(resp, 200, json_pack("{s:I, s:i}", "id", req->params[0], "requeued", n));
	}
out:
	json_decref(body);
}

void api_report_hold(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	json_t *body = http_body_json(req, resp), *h;
	int rc;

	if (!body)
		return;
	h = json_object_get(body, "hold");
	if (!json_is_boolean(h)) {
		http_error(resp, 400, "hold must be true or false");
		json_decref(body);
		return;
	}
	rc = db_report_hold(k->db, req->params[0], json_is_true(h), req->token_id);
	if (rc == DB_NOTFOUND) {
		http_error(resp, http_status(rc), "report %lld does not exist", req->params[0]);
	} else if (rc != DB_OK) {
		http_error(resp, http_status(rc), "cannot hold report %lld: database error", req->params[0]);
	} else {
		log_info("report %lld %s", req->params[0], json_is_true(h) ? "held" : "released");
		alert_poke();
		api_report_answer(k, resp, req->params[0]);
	}
	json_decref(body);
}

void api_page_reports(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_reports l;
	int rc = db_reports_list(k->db, &l, 0, PAGE_ROWS, 0);

	resp->content_type = "text/html; charset=utf-8";
	resp->status = rc == DB_OK && page_reports(&resp->body, &l) == 0 ? 200 : 500;
	rec_reports_dispose(&l);
}

void api_page_report(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_report r;
	int rc = db_report_get(k->db, &r, req->params[0]);

	resp->content_type = "text/html; charset=utf-8";
	if (rc != DB_OK) {
		resp->status = 404;
		page_report(&resp->body, NULL);
		return;
	}
	resp->status = page_report(&resp->body, &r) == 0 ? 200 : 500;
	rec_report_dispose(&r);
}
