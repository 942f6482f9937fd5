// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rec_report.c - the report records (lib/rec_report.h): the keys of
 * GET /api/v1/reports[/ID] in their order with null for what is absent, a
 * report and its deliveries that decode to what was encoded, and a wrong
 * field named with where it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rec_report.h"
#include "tests/unit/check_file.h"

/* GET /api/v1/reports/1 of kpcid on tests/integration/t0810-reports.sh's
 * database, as it answered before reports were records (also a seed of
 * the pages' fuzzer). */
#define REPORT_ANSWER "tests/fuzz/seeds/pages/report.json"

/* A report detail as db_report_get fills it, with one delivery. */
static void report_fill(struct rec_report *r, struct rec_delivery *d, long long *ids)
{
	*d = (struct rec_delivery){ .id = 4, .report_id = 3, .channel = "mail",
				    .recipient = "tj@kernel.org", .name = "Tejun Heo",
				    .role = "maintainer", .why = "WORKQUEUE",
				    .sent_to = "tj@kernel.org", .state = "sent", .attempts = 1,
				    .next_at = 0, .last_error = NULL, .sent_at = 1700,
				    .in_digest = 0 };
	ids[0] = 11;
	ids[1] = 12;
	*r = (struct rec_report){ .id = 3, .group_id = 11, .group_key = "commit:aa..bb",
				  .change_id = 12, .kind = "merge", .commit_sha = "bb",
				  .bisection_id = 0, .tree = "linux", .branch = NULL,
				  .direction = "regression", .subject = "[kpci] wq",
				  .message_id = "<a@b>", .held = 1, .held_by = "ops",
				  .created_at = 1600, .reply_to = 0, .withdrawn_at = 0,
				  .withdrawn_reason = NULL, .deliveries = 1, .delivered = 1,
				  .failed = 0, .detail = 1, .body = "Hello,\n",
				  .recipients = { d, 1 }, .changes = ids, .nchanges = 2 };
	r->webhook = json_pack("{s:s}", "kind", "merge");
}

/* The keys of j in order, comma-separated, into out. */
static void keys(char *out, size_t n, json_t *j)
{
	const char *k;
	json_t *v;
	size_t at = 0;

	out[0] = '\0';
	json_object_foreach(j, k, v)
		at += (size_t)snprintf(out + at, at < n ? n - at : 0, "%s%s", at ? "," : "", k);
}

static void test_report_keys(void)
{
	struct rec_delivery d;
	struct rec_report r;
	long long ids[2];
	char text[1024];
	json_t *j, *e;

	report_fill(&r, &d, ids);
	j = rec_report_encode(&r);
	CHECK(j != NULL);
	keys(text, sizeof text, j);
	CHECK_STR(text, "id,group_id,group_key,change_id,kind,commit_sha,bisection_id,tree,"
		  "branch,direction,subject,message_id,held,held_by,created_at,reply_to,"
		  "withdrawn_at,withdrawn_reason,deliveries,delivered,failed,body,webhook,"
		  "recipients,changes");
	CHECK(json_is_null(json_object_get(j, "bisection_id")));
	CHECK(json_is_null(json_object_get(j, "branch")));
	CHECK(json_is_null(json_object_get(j, "withdrawn_at")));
	CHECK_INT(json_integer_value(json_object_get(j, "reply_to")), 0);
	CHECK(json_is_integer(json_object_get(j, "reply_to")));
	CHECK_INT(json_integer_value(json_array_get(json_object_get(j, "changes"), 1)), 12);
	e = json_array_get(json_object_get(j, "recipients"), 0);
	keys(text, sizeof text, e);
	CHECK_STR(text, "id,channel,recipient,name,role,why,sent_to,state,attempts,next_at,"
		  "last_error,sent_at,in_digest");
	CHECK(json_is_null(json_object_get(e, "last_error")));
	CHECK_INT(json_integer_value(json_object_get(e, "sent_at")), 1700);
	json_decref(j);
	/* a list row has no detail's keys */
	r.detail = 0;
	j = rec_report_encode(&r);
	CHECK_INT(json_object_size(j), 21);
	CHECK(!json_object_get(j, "body"));
	CHECK(!json_object_get(j, "recipients"));
	json_decref(j);
	json_decref(r.webhook);
}

static void test_report_roundtrip(void)
{
	struct rec_delivery d;
	struct rec_report r, back;
	long long ids[2];
	char *cause = NULL;
	json_t *j, *again;

	report_fill(&r, &d, ids);
	j = rec_report_encode(&r);
	CHECK_INT(rec_report_decode(&back, j, "", &cause), 0);
	CHECK_INT(back.detail, 1);
	CHECK_STR(back.group_key, "commit:aa..bb");
	CHECK(back.branch == NULL);
	CHECK_INT(back.held, 1);
	CHECK_STR(back.body, "Hello,\n");
	CHECK_STR(json_string_value(json_object_get(back.webhook, "kind")), "merge");
	CHECK_INT(back.recipients.n, 1);
	CHECK_STR(back.recipients.v[0].why, "WORKQUEUE");
	CHECK(back.recipients.v[0].last_error == NULL);
	CHECK_INT(back.nchanges, 2);
	CHECK_INT(back.changes[0], 11);
	again = rec_report_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_report_dispose(&back);
	rec_report_dispose(&back);      /* disposed is empty: again is a no-op */
	rec_report_dispose(NULL);
	/* a wrong field is named, with where it is */
	json_object_set_new(json_array_get(json_object_get(j, "recipients"), 0), "attempts",
			    json_string("one"));
	CHECK_INT(rec_report_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "recipients[0].attempts must be an integer");
	free(cause);
	cause = NULL;
	json_object_set_new(json_array_get(json_object_get(j, "recipients"), 0), "attempts",
			    json_integer(1));
	json_array_set_new(json_object_get(j, "changes"), 1, json_string("12"));
	CHECK_INT(rec_report_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "changes[1] must be an integer");
	free(cause);
	cause = NULL;
	json_object_set_new(j, "recipients", json_object());
	CHECK_INT(rec_report_decode(&back, j, "", &cause), -1);
	CHECK_STR(cause, "recipients must be an array");
	free(cause);
	cause = NULL;
	/* in a list, the row is named */
	json_object_del(j, "body");
	json_object_set_new(j, "subject", json_integer(5));
	again = json_pack("[O]", j);
	{
		struct rec_reports l;

		CHECK_INT(rec_reports_decode(&l, again, &cause), -1);
		CHECK_STR(cause, "reports[0].subject must be a string");
		CHECK(l.v == NULL && l.n == 0);
		rec_reports_dispose(&l);
	}
	free(cause);
	json_decref(again);
	json_decref(j);
	json_decref(r.webhook);
}

static void test_deliveries_roundtrip(void)
{
	struct rec_delivery d[2] = {
		{ .id = 1, .channel = "mail", .recipient = "a@b.org", .name = "", .role = "author",
		  .why = "", .sent_to = NULL, .state = "pending" },
		{ .id = 2, .channel = "webhook", .recipient = "webhook-1", .name = "",
		  .role = "slack", .why = "configured webhook", .state = "failed", .attempts = 5,
		  .next_at = 9, .last_error = "refused" },
	};
	struct rec_deliveries l = { d, 2 }, back;
	char *cause = NULL;
	json_t *j = rec_deliveries_encode(&l), *again;

	CHECK(json_is_null(json_object_get(json_array_get(j, 0), "sent_to")));
	CHECK_INT(rec_deliveries_decode(&back, j, &cause), 0);
	CHECK_INT(back.n, 2);
	CHECK(back.v[0].sent_to == NULL);
	CHECK_STR(back.v[1].last_error, "refused");
	CHECK_INT(back.v[1].next_at, 9);
	again = rec_deliveries_encode(&back);
	CHECK(json_equal(j, again));
	json_decref(again);
	rec_deliveries_dispose(&back);
	json_object_del(json_array_get(j, 1), "channel");
	CHECK_INT(rec_deliveries_decode(&back, j, &cause), -1);
	CHECK_STR(cause, "recipients[1].channel is missing");
	CHECK(back.v == NULL && back.n == 0);
	free(cause);
	json_decref(j);
}

/* A real answer decodes and encodes again to the same bytes, as kpcid
 * writes an answer (daemon/http/http_req.c: compact, then a newline). */
static void test_report_answer(void)
{
	size_t len = 0;
	char *text = check_slurp(REPORT_ANSWER, &len), *again = NULL, *cause = NULL;
	json_t *j = text ? json_loads(text, 0, NULL) : NULL, *back;
	struct rec_report r;

	CHECK(j != NULL);
	CHECK_INT(rec_report_decode(&r, j, "", &cause), 0);
	CHECK(r.recipients.n > 1 && r.nchanges > 0);
	back = rec_report_encode(&r);
	if (back)
		again = json_dumps(back, JSON_COMPACT | JSON_REAL_PRECISION(15));
	CHECK(again && text && len && text[len - 1] == '\n' && strlen(again) == len - 1 &&
	      !memcmp(again, text, len - 1));
	free(again);
	free(cause);
	json_decref(back);
	rec_report_dispose(&r);
	json_decref(j);
	free(text);
}

int main(void)
{
	test_report_keys();
	test_report_answer();
	test_report_roundtrip();
	test_deliveries_roundtrip();
	return check_done();
}
