// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_tree.c - the tree and commit records (lib/rec.h): a watched tree
 * with its poll state and its branches' recent events, and a commit at
 * its place on a branch's first-parent line.  GET /api/v1/trees[/NAME],
 * /api/v1/trees/NAME/commits and the merges of a merge window answer
 * these encoders; `kpci trees`, `kpci poll`, `kpci commits` and `kpci
 * merges` read the answers back with the decoders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_names.h"
#include "lib/rec_tree.h"

/* --- the tree --------------------------------------------------------- */

static json_t *rec_event_encode(const void *ev)
{
	const struct rec_branch_event *e = ev;

	return json_pack("{s:I, s:I, s:o, s:o, s:o, s:o}", "id", (json_int_t)e->id,
			 "at", (json_int_t)e->at, "kind", rec_str_json(e->kind),
			 "old_sha", rec_str_json(e->old_sha), "new_sha", rec_str_json(e->new_sha),
			 "message", rec_str_json(e->message));
}

static json_t *rec_branch_encode(const void *br)
{
	const struct rec_branch *b = br;
	json_t *events = rec_array_encode(b->events, b->nevents, sizeof *b->events,
					  rec_event_encode);

	return json_pack("{s:I, s:o, s:o, s:o, s:I, s:o, s:o, s:o, s:o}", "id", (json_int_t)b->id,
			 "name", rec_str_json(b->name), "state", rec_str_json(b->state),
			 "tip", rec_str_json(b->tip), "length", (json_int_t)b->length,
			 "polled_at", rec_id_json(b->polled_at),
			 "updated_at", rec_id_json(b->updated_at),
			 "last_error", rec_str_json(b->last_error), "events", events);
}

json_t *rec_tree_policy_encode(const struct rec_tree_policy *p)
{
	if (!p->set)
		return json_object();
	return json_pack("{s:o, s:I, s:I, s:o, s:o, s:I, s:I, s:I}",
			 "candidates", rec_names_encode(p->candidates, p->ncandidates),
			 "head_every_minutes", (json_int_t)p->head_every_minutes,
			 "max_queued", (json_int_t)p->max_queued,
			 "configs", rec_names_encode(p->configs, p->nconfigs),
			 "recipients", rec_names_encode(p->recipients, p->nrecipients),
			 "poll_interval", (json_int_t)p->poll_interval,
			 "retry_min", (json_int_t)p->retry_min, "retry_max", (json_int_t)p->retry_max);
}

int rec_tree_policy_decode(struct rec_tree_policy *out, const json_t *j, const char *where,
			   char **cause)
{
	struct rec_tree_policy *p = out;

	memset(p, 0, sizeof *p);
	if (rec_check_object(j, where, "a policy", cause) < 0)
		return -1;
	if (!json_object_size(j))
		return 0;
	p->set = 1;
	if (rec_names_decode(&p->candidates, &p->ncandidates, json_object_get(j, "candidates"),
			     where, "candidates", cause) < 0 ||
	    rec_get_int(&p->head_every_minutes, j, "head_every_minutes", 0, where, cause) < 0 ||
	    rec_get_int(&p->max_queued, j, "max_queued", 0, where, cause) < 0 ||
	    rec_names_decode(&p->configs, &p->nconfigs, json_object_get(j, "configs"), where,
			     "configs", cause) < 0 ||
	    rec_names_decode(&p->recipients, &p->nrecipients, json_object_get(j, "recipients"),
			     where, "recipients", cause) < 0 ||
	    rec_get_int(&p->poll_interval, j, "poll_interval", 0, where, cause) < 0 ||
	    rec_get_int(&p->retry_min, j, "retry_min", 0, where, cause) < 0 ||
	    rec_get_int(&p->retry_max, j, "retry_max", 0, where, cause) < 0) {
		rec_tree_policy_dispose(p);
		return -1;
	}
	return 0;
}

void rec_tree_policy_dispose(struct rec_tree_policy *p)
{
	if (!p)
		return;
	rec_names_dispose(p->candidates, p->ncandidates);
	rec_names_dispose(p->configs, p->nconfigs);
	rec_names_dispose(p->recipients, p->nrecipients);
	memset(p, 0, sizeof *p);
}

/* The poll state, counts and branches of t into j. */
static int rec_tree_encode_status(json_t *j, const struct rec_tree *t)
{
	json_t *branches = rec_array_encode(t->branches, t->nbranches,
						 sizeof *t->branches, rec_branch_encode), *more;
	int rc;

	more = json_pack("{s:o, s:o, s:o, s:I, s:o, s:o, s:I, s:I, s:I, s:o}",
			 "polled_at", rec_id_json(t->polled_at),
			 "fetched_at", rec_id_json(t->fetched_at),
			 "last_error", rec_str_json(t->last_error),
			 "error_count", (json_int_t)t->error_count,
			 "next_poll_at", rec_id_json(t->next_poll_at),
			 "policy", rec_tree_policy_encode(&t->policy),
			 "candidates_dropped", (json_int_t)t->candidates_dropped,
			 "commits", (json_int_t)t->commits, "tags", (json_int_t)t->tags,
			 "branches", branches);
	rc = more ? json_object_update(j, more) : -1;
	json_decref(more);
	return rc;
}

json_t *rec_tree_encode(const struct rec_tree *t)
{
	json_t *j = json_pack("{s:I, s:o, s:o, s:I}", "id", (json_int_t)t->id,
			      "name", rec_str_json(t->name), "url", rec_str_json(t->url),
			      "created_at", (json_int_t)t->created_at);

	if (j && t->status && rec_tree_encode_status(j, t) < 0) {
		json_decref(j);
		return NULL;
	}
	return j;
}

void rec_branch_event_dispose(struct rec_branch_event *e)
{
	if (!e)
		return;
	free(e->kind);
	free(e->old_sha);
	free(e->new_sha);
	free(e->message);
	memset(e, 0, sizeof *e);
}

/* rec_branch_event_dispose as an array's element. */
static void rec_event_dispose(void *e)
{
	rec_branch_event_dispose(e);
}

void rec_branch_dispose(struct rec_branch *b)
{
	if (!b)
		return;
	free(b->name);
	free(b->state);
	free(b->tip);
	free(b->last_error);
	rec_array_dispose(b->events, b->nevents, sizeof *b->events, rec_event_dispose);
	memset(b, 0, sizeof *b);
}

static int rec_event_decode(void *out, const json_t *j, const char *where, char **cause)
{
	struct rec_branch_event *e = out;

	memset(e, 0, sizeof *e);
	if (rec_check_object(j, where, "an event", cause) < 0 ||
	    rec_get_int(&e->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_int(&e->at, j, "at", 0, where, cause) < 0 ||
	    rec_get_str(&e->kind, j, "kind", 0, where, cause) < 0 ||
	    rec_get_str(&e->old_sha, j, "old_sha", 1, where, cause) < 0 ||
	    rec_get_str(&e->new_sha, j, "new_sha", 1, where, cause) < 0 ||
	    rec_get_str(&e->message, j, "message", 1, where, cause) < 0) {
		rec_branch_event_dispose(e);
		return -1;
	}
	return 0;
}

static int rec_branch_decode(void *out, const json_t *j, const char *where, char **cause)
{
	struct rec_branch *b = out;

	memset(b, 0, sizeof *b);
	if (rec_check_object(j, where, "a branch", cause) < 0 ||
	    rec_get_int(&b->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&b->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&b->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_str(&b->tip, j, "tip", 1, where, cause) < 0 ||
	    rec_get_int(&b->length, j, "length", 0, where, cause) < 0 ||
	    rec_get_int(&b->polled_at, j, "polled_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->updated_at, j, "updated_at", 1, where, cause) < 0 ||
	    rec_get_str(&b->last_error, j, "last_error", 1, where, cause) < 0 ||
	    rec_array_decode(&b->events, &b->nevents, sizeof *b->events,
			     json_object_get(j, "events"), where, "events", rec_event_decode,
			     cause) < 0) {
		rec_branch_dispose(b);
		return -1;
	}
	return 0;
}

/* rec_branch_dispose as an array's element. */
static void rec_branch_elem_dispose(void *b)
{
	rec_branch_dispose(b);
}

/* The status of a tree (present when "branches" is). */
static int rec_tree_decode_status(struct rec_tree *t, const json_t *j, const char *where,
				  char **cause)
{
	char at[REC_WHERE_MAX];

	t->status = 1;
	snprintf(at, sizeof at, "%spolicy.", where);
	if (rec_get_int(&t->polled_at, j, "polled_at", 1, where, cause) < 0 ||
	    rec_get_int(&t->fetched_at, j, "fetched_at", 1, where, cause) < 0 ||
	    rec_get_str(&t->last_error, j, "last_error", 1, where, cause) < 0 ||
	    rec_get_int(&t->error_count, j, "error_count", 0, where, cause) < 0 ||
	    rec_get_int(&t->next_poll_at, j, "next_poll_at", 1, where, cause) < 0 ||
	    rec_tree_policy_decode(&t->policy, json_object_get(j, "policy"), at, cause) < 0 ||
	    rec_get_int(&t->candidates_dropped, j, "candidates_dropped", 0, where, cause) < 0 ||
	    rec_get_int(&t->commits, j, "commits", 0, where, cause) < 0 ||
	    rec_get_int(&t->tags, j, "tags", 0, where, cause) < 0)
		return -1;
	return rec_array_decode(&t->branches, &t->nbranches, sizeof *t->branches,
				json_object_get(j, "branches"), where, "branches",
				rec_branch_decode, cause);
}

int rec_tree_decode(struct rec_tree *out, const json_t *j, const char *where, char **cause)
{
	struct rec_tree *t = out;

	memset(t, 0, sizeof *t);
	if (rec_check_object(j, where, "a tree", cause) < 0 ||
	    rec_get_int(&t->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&t->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&t->url, j, "url", 0, where, cause) < 0 ||
	    rec_get_int(&t->created_at, j, "created_at", 0, where, cause) < 0 ||
	    (json_object_get(j, "branches") && rec_tree_decode_status(t, j, where, cause) < 0)) {
		rec_tree_dispose(t);
		return -1;
	}
	return 0;
}

void rec_tree_dispose(struct rec_tree *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->url);
	free(t->last_error);
	rec_tree_policy_dispose(&t->policy);
	rec_array_dispose(t->branches, t->nbranches, sizeof *t->branches, rec_branch_elem_dispose);
	memset(t, 0, sizeof *t);
}

/* rec_trees_encode, rec_trees_decode, rec_trees_dispose */
REC_LIST(tree, trees, "trees")

/* --- the commit ------------------------------------------------------- */

static json_t *rec_trailer_encode(const void *elem)
{
	const struct rec_trailer *t = elem;

	return json_pack("[o, o]", rec_str_json(t->key), rec_str_json(t->value));
}

static int rec_trailer_decode(void *elem, const json_t *j, const char *where, char **cause)
{
	struct rec_trailer *t = elem;
	const json_t *k = json_array_get(j, 0), *v = json_array_get(j, 1);

	if (json_array_size(j) != 2 || !json_is_string(k) || !json_is_string(v))
		return fail_cause(cause, "%.*s must be [key, value]", (int)strlen(where) - 1, where);
	t->key = strdup(json_string_value(k));
	t->value = strdup(json_string_value(v));
	return t->key && t->value ? 0 : fail_cause(cause, "out of memory");
}

static void rec_trailer_dispose(void *elem)
{
	struct rec_trailer *t = elem;

	free(t->key);
	free(t->value);
}

int rec_trailers_decode(struct rec_trailer **out, size_t *n, const json_t *arr,
			const char *where, char **cause)
{
	*out = NULL;
	*n = 0;
	if (!arr || json_is_null(arr))
		return 0;
	return rec_array_decode_whole(out, n, sizeof **out, arr, where, "trailers",
				      rec_trailer_decode, rec_trailer_dispose, cause);
}

json_t *rec_commit_encode(const struct rec_commit *c)
{
	return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
			 "s:o}", "position", (json_int_t)c->position, "sha", rec_str_json(c->sha),
			 "parents", rec_str_json(c->parents),
			 "author_name", rec_str_json(c->author_name),
			 "author_email", rec_str_json(c->author_email),
			 "author_time", rec_measure_json(c->author_time),
			 "committer_name", rec_str_json(c->committer_name),
			 "committer_email", rec_str_json(c->committer_email),
			 "commit_time", rec_measure_json(c->commit_time),
			 "subject", rec_str_json(c->subject),
			 "trailers", c->trailers ? rec_array_encode(c->trailers, c->ntrailers,
								    sizeof *c->trailers,
								    rec_trailer_encode) : json_null(),
			 "merged_tip", rec_str_json(c->merged_tip),
			 "brought", rec_measure_json(c->brought),
			 "merge_subsystem", rec_str_json(c->merge_subsystem),
			 "merge_source", rec_str_json(c->merge_source));
}

int rec_commit_decode(struct rec_commit *out, const json_t *j, const char *where,
		      char **cause)
{
	struct rec_commit *c = out;

	memset(c, 0, sizeof *c);
	if (rec_check_object(j, where, "a commit", cause) < 0 ||
	    rec_get_int(&c->position, j, "position", 0, where, cause) < 0 ||
	    rec_get_str(&c->sha, j, "sha", 0, where, cause) < 0 ||
	    rec_get_str(&c->parents, j, "parents", 0, where, cause) < 0 ||
	    rec_get_str(&c->author_name, j, "author_name", 1, where, cause) < 0 ||
	    rec_get_str(&c->author_email, j, "author_email", 1, where, cause) < 0 ||
	    rec_get_measure(&c->author_time, j, "author_time", where, cause) < 0 ||
	    rec_get_str(&c->committer_name, j, "committer_name", 1, where, cause) < 0 ||
	    rec_get_str(&c->committer_email, j, "committer_email", 1, where, cause) < 0 ||
	    rec_get_measure(&c->commit_time, j, "commit_time", where, cause) < 0 ||
	    rec_get_str(&c->subject, j, "subject", 1, where, cause) < 0 ||
	    rec_trailers_decode(&c->trailers, &c->ntrailers, json_object_get(j, "trailers"), where,
				cause) < 0 ||
	    rec_get_str(&c->merged_tip, j, "merged_tip", 1, where, cause) < 0 ||
	    rec_get_measure(&c->brought, j, "brought", where, cause) < 0 ||
	    rec_get_str(&c->merge_subsystem, j, "merge_subsystem", 1, where, cause) < 0 ||
	    rec_get_str(&c->merge_source, j, "merge_source", 1, where, cause) < 0) {
		rec_commit_dispose(c);
		return -1;
	}
	return 0;
}

void rec_commit_dispose(struct rec_commit *c)
{
	if (!c)
		return;
	free(c->sha);
	free(c->parents);
	free(c->author_name);
	free(c->author_email);
	free(c->committer_name);
	free(c->committer_email);
	free(c->subject);
	rec_array_dispose(c->trailers, c->ntrailers, sizeof *c->trailers, rec_trailer_dispose);
	free(c->merged_tip);
	free(c->merge_subsystem);
	free(c->merge_source);
	memset(c, 0, sizeof *c);
}

/* rec_commits_encode, rec_commits_decode, rec_commits_dispose */
REC_LIST(commit, commits, "commits")
