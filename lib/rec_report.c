// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_report.c - the report records (lib/rec_report.h): a report with its
 * delivery counts and, in its detail, its body, webhook document,
 * deliveries and change ids.  GET /api/v1/reports[/ID] answer
 * rec_report_encode; the pages' fuzzer and `kpci reports`, `kpci report`
 * read it back with rec_report_decode.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_report.h"

json_t *rec_delivery_encode(const struct rec_delivery *d)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:o, s:I}",
			 "id", (json_int_t)d->id, "channel", rec_str_json(d->channel),
			 "recipient", rec_str_json(d->recipient), "name", rec_str_json(d->name),
			 "role", rec_str_json(d->role), "why", rec_str_json(d->why),
			 "sent_to", rec_str_json(d->sent_to), "state", rec_str_json(d->state),
			 "attempts", (json_int_t)d->attempts, "next_at", (json_int_t)d->next_at,
			 "last_error", rec_str_json(d->last_error),
			 "sent_at", rec_id_json(d->sent_at), "in_digest", (json_int_t)d->in_digest);
}

int rec_delivery_decode(struct rec_delivery *out, const json_t *j, const char *where,
			char **cause)
{
	struct rec_delivery *d = out;

	memset(d, 0, sizeof *d);
	if (rec_check_object(j, where, "a delivery", cause) < 0 ||
	    rec_get_int(&d->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&d->channel, j, "channel", 0, where, cause) < 0 ||
	    rec_get_str(&d->recipient, j, "recipient", 0, where, cause) < 0 ||
	    rec_get_str(&d->name, j, "name", 1, where, cause) < 0 ||
	    rec_get_str(&d->role, j, "role", 0, where, cause) < 0 ||
	    rec_get_str(&d->why, j, "why", 1, where, cause) < 0 ||
	    rec_get_str(&d->sent_to, j, "sent_to", 1, where, cause) < 0 ||
	    rec_get_str(&d->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_int(&d->attempts, j, "attempts", 0, where, cause) < 0 ||
	    rec_get_int(&d->next_at, j, "next_at", 1, where, cause) < 0 ||
	    rec_get_str(&d->last_error, j, "last_error", 1, where, cause) < 0 ||
	    rec_get_int(&d->sent_at, j, "sent_at", 1, where, cause) < 0 ||
	    rec_get_int(&d->in_digest, j, "in_digest", 1, where, cause) < 0) {
		rec_delivery_dispose(d);
		return -1;
	}
	return 0;
}

void rec_delivery_dispose(struct rec_delivery *d)
{
	if (!d)
		return;
	free(d->channel);
	free(d->recipient);
	free(d->name);
	free(d->role);
	free(d->why);
	free(d->sent_to);
	free(d->state);
	free(d->last_error);
	memset(d, 0, sizeof *d);
}

/* rec_deliveries_encode, rec_deliveries_decode, rec_deliveries_dispose */
REC_LIST(delivery, deliveries, "recipients")

/* The detail's keys after the list row's: body, webhook, recipients, changes. */
static int rec_report_encode_detail(json_t *j, const struct rec_report *r)
{
	json_t *ids = json_array();
	int rc = ids ? 0 : -1;

	for (size_t i = 0; !rc && i < r->nchanges; i++)
		rc = json_array_append_new(ids, json_integer(r->changes[i]));
	if (!rc)
		rc = json_object_set_new(j, "body", rec_str_json(r->body));
	if (!rc)
		rc = json_object_set_new(j, "webhook", rec_any_json(r->webhook));
	if (!rc)
		rc = json_object_set_new(j, "recipients", rec_deliveries_encode(&r->recipients));
	if (!rc)
		rc = json_object_set_new(j, "changes", ids);
	else
		json_decref(ids);
	return rc;
}

/* The counts and times of r into j (the list row's keys after held). */
static int rec_report_encode_more(json_t *j, const struct rec_report *r)
{
	json_t *more = json_pack("{s:o, s:I, s:I, s:o, s:o, s:I, s:I, s:I}",
				 "held_by", rec_str_json(r->held_by),
				 "created_at", (json_int_t)r->created_at,
				 "reply_to", (json_int_t)r->reply_to,
				 "withdrawn_at", rec_id_json(r->withdrawn_at),
				 "withdrawn_reason", rec_str_json(r->withdrawn_reason),
				 "deliveries", (json_int_t)r->deliveries,
				 "delivered", (json_int_t)r->delivered,
				 "failed", (json_int_t)r->failed);
	int rc = more ? json_object_update(j, more) : -1;

	json_decref(more);
	return rc;
}

json_t *rec_report_encode(const struct rec_report *r)
{
	json_t *j = json_pack("{s:I, s:I, s:o, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I}",
			      "id", (json_int_t)r->id, "group_id", (json_int_t)r->group_id,
			      "group_key", rec_str_json(r->group_key),
			      "change_id", (json_int_t)r->change_id, "kind", rec_str_json(r->kind),
			      "commit_sha", rec_str_json(r->commit_sha),
			      "bisection_id", rec_id_json(r->bisection_id),
			      "tree", rec_str_json(r->tree), "branch", rec_str_json(r->branch),
			      "direction", rec_str_json(r->direction),
			      "subject", rec_str_json(r->subject),
			      "message_id", rec_str_json(r->message_id), "held", (json_int_t)r->held);
	int rc = j ? rec_report_encode_more(j, r) : -1;

	if (!rc && r->detail)
		rc = rec_report_encode_detail(j, r);
	if (rc) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* The array "changes" of a detail: the ids of its changes. */
static int rec_report_decode_changes(struct rec_report *r, const json_t *arr,
				     const char *where, char **cause)
{
	const json_t *v;
	size_t i;

	if (!json_is_array(arr))
		return fail_cause(cause, "%schanges must be an array", where);
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "%schanges holds more than %d entries", where,
				  REC_MAX_ROWS);
	r->changes = calloc(json_array_size(arr) + 1, sizeof *r->changes);
	if (!r->changes)
		return fail_cause(cause, "%schanges: out of memory", where);
	json_array_foreach(arr, i, v) {
		if (!json_is_integer(v))
			return fail_cause(cause, "%schanges[%zu] must be an integer", where, i);
		r->changes[r->nchanges++] = json_integer_value(v);
	}
	return 0;
}

/* The keys of a detail: body, webhook, recipients and changes. */
static int rec_report_decode_detail(struct rec_report *r, const json_t *j, const char *where,
				    char **cause)
{
	r->detail = 1;
	if (rec_get_str(&r->body, j, "body", 0, where, cause) < 0 ||
	    rec_get_any(&r->webhook, j, "webhook", where, cause) < 0 ||
	    rec_array_decode(&r->recipients.v, &r->recipients.n, sizeof *r->recipients.v,
			     json_object_get(j, "recipients"), where, "recipients",
			     rec_delivery_elem_decode, cause) < 0)
		return -1;
	return rec_report_decode_changes(r, json_object_get(j, "changes"), where, cause);
}

int rec_report_decode(struct rec_report *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_report *r = out;

	memset(r, 0, sizeof *r);
	if (rec_check_object(j, where, "a report", cause) < 0 ||
	    rec_get_int(&r->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&r->group_id, j, "group_id", 1, where, cause) < 0 ||
	    rec_get_str(&r->group_key, j, "group_key", 0, where, cause) < 0 ||
	    rec_get_int(&r->change_id, j, "change_id", 0, where, cause) < 0 ||
	    rec_get_str(&r->kind, j, "kind", 0, where, cause) < 0 ||
	    rec_get_str(&r->commit_sha, j, "commit_sha", 0, where, cause) < 0 ||
	    rec_get_int(&r->bisection_id, j, "bisection_id", 1, where, cause) < 0 ||
	    rec_get_str(&r->tree, j, "tree", 1, where, cause) < 0 ||
	    rec_get_str(&r->branch, j, "branch", 1, where, cause) < 0 ||
	    rec_get_str(&r->direction, j, "direction", 0, where, cause) < 0 ||
	    rec_get_str(&r->subject, j, "subject", 0, where, cause) < 0 ||
	    rec_get_str(&r->message_id, j, "message_id", 0, where, cause) < 0 ||
	    rec_get_int(&r->held, j, "held", 0, where, cause) < 0 ||
	    rec_get_str(&r->held_by, j, "held_by", 1, where, cause) < 0 ||
	    rec_get_int(&r->created_at, j, "created_at", 0, where, cause) < 0 ||
	    rec_get_int(&r->reply_to, j, "reply_to", 1, where, cause) < 0 ||
	    rec_get_int(&r->withdrawn_at, j, "withdrawn_at", 1, where, cause) < 0 ||
	    rec_get_str(&r->withdrawn_reason, j, "withdrawn_reason", 1, where, cause) < 0 ||
	    rec_get_int(&r->deliveries, j, "deliveries", 0, where, cause) < 0 ||
	    rec_get_int(&r->delivered, j, "delivered", 0, where, cause) < 0 ||
	    rec_get_int(&r->failed, j, "failed", 0, where, cause) < 0 ||
	    (json_object_get(j, "body") && rec_report_decode_detail(r, j, where, cause) < 0)) {
		rec_report_dispose(r);
		return -1;
	}
	return 0;
}

void rec_report_dispose(struct rec_report *r)
{
	if (!r)
		return;
	free(r->group_key);
	free(r->kind);
	free(r->commit_sha);
	free(r->tree);
	free(r->branch);
	free(r->direction);
	free(r->subject);
	free(r->message_id);
	free(r->held_by);
	free(r->withdrawn_reason);
	free(r->body);
	json_decref(r->webhook);
	rec_deliveries_dispose(&r->recipients);
	free(r->changes);
	memset(r, 0, sizeof *r);
}

/* rec_reports_encode, rec_reports_decode, rec_reports_dispose */
REC_LIST(report, reports, "reports")
