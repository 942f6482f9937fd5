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
			 "policy", rec_any_json(t->policy),
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
	t->status = 1;
	if (rec_get_int(&t->polled_at, j, "polled_at", 1, where, cause) < 0 ||
	    rec_get_int(&t->fetched_at, j, "fetched_at", 1, where, cause) < 0 ||
	    rec_get_str(&t->last_error, j, "last_error", 1, where, cause) < 0 ||
	    rec_get_int(&t->error_count, j, "error_count", 0, where, cause) < 0 ||
	    rec_get_int(&t->next_poll_at, j, "next_poll_at", 1, where, cause) < 0 ||
	    rec_get_any(&t->policy, j, "policy", where, cause) < 0 ||
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
	json_decref(t->policy);
	rec_array_dispose(t->branches, t->nbranches, sizeof *t->branches, rec_branch_elem_dispose);
	memset(t, 0, sizeof *t);
}

/* rec_trees_encode, rec_trees_decode, rec_trees_dispose */
REC_LIST(tree, trees, "trees")

/* --- the commit ------------------------------------------------------- */

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
			 "trailers", rec_any_json(c->trailers),
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
	    rec_get_any(&c->trailers, j, "trailers", where, cause) < 0 ||
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
	json_decref(c->trailers);
	free(c->merged_tip);
	free(c->merge_subsystem);
	free(c->merge_source);
	memset(c, 0, sizeof *c);
}

/* rec_commits_encode, rec_commits_decode, rec_commits_dispose */
REC_LIST(commit, commits, "commits")
