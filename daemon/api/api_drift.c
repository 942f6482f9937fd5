// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_drift.c - a runner's detail (topology, state, last seen, current
 * job, remembered host environment, drift history) as JSON and as a
 * page, and the acknowledgement of its drift by an admin.  The data comes
 * from db_runner_get (db/db_drift.c); the page is web/page_runners.c.
 */
#include <time.h>

#include "daemon/api/api_drift.h"
#include "daemon/kpcid.h"
#include "db/db.h"
#include "lib/log.h"
#include "web/html.h"
#include "web/pages.h"

void api_runner_get(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_runner r;
	int rc = db_runner_get(k->db, &r, req->params[0]);

	if (rc != DB_OK) {
		http_error(resp, http_status(rc), rc == DB_NOTFOUND ? "runner %lld does not exist" :
			   "cannot read runner %lld: database error", req->params[0]);
		return;
	}
	http_json(resp, 200, rec_runner_encode(&r));
	rec_runner_dispose(&r);
}

void api_runner_drift_ack(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	int acked, rc = db_drift_ack(k->db, req->params[0], req->token_id, &acked);

	if (rc == DB_NOTFOUND) {
		http_error(resp, http_status(rc), "runner %lld does not exist", req->params[0]);
	} else if (rc != DB_OK) {
		http_error(resp, http_status(rc), "cannot acknowledge the drift: database error");
	} else {
		if (acked)
			log_info("runner %lld: %d drift events acknowledged", req->params[0],
				 acked);
		http_json(resp, 200, json_pack("{s:I, s:i}", "runner_id",
					       (json_int_t)req->params[0], "acknowledged", acked));
	}
}

void api_page_runner(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_runner r;
	int rc = db_runner_get(k->db, &r, req->params[0]);

	resp->content_type = "text/html; charset=utf-8";
	if (rc != DB_OK) {
		html_page_begin(&resp->body, "Error");
		buf_printf(&resp->body, "<p id=\"error\">runner %lld %s</p>\n", req->params[0],
			   rc == DB_NOTFOUND ? "does not exist" : "cannot be read: database error");
		html_page_end(&resp->body);
		resp->status = http_status(rc);
		return;
	}
	resp->status = page_runner(&resp->body, &r, (long long)time(NULL)) == 0 ? 200 : 500;
	rec_runner_dispose(&r);
}
