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

#define REC_TREE_WHERE 160          /* bytes of a place such as "trees[2].branches[0]." */

/* Reads one element of an array into out (zeroed first; empty or whole). */
typedef int (*rec_tree_elem_fn)(void *out, const json_t *j, const char *where, char **cause);

/* -1 with "WHERE must be an object" (what when where is "") unless j is one. */
static int rec_tree_object(const json_t *j, const char *where, const char *what, char **cause)
{
	size_t n = strlen(where);

	if (json_is_object(j))
		return 0;
	if (!n)
		return fail_cause(cause, "%s must be an object", what);
	return fail_cause(cause, "%.*s must be an object", (int)(n - 1), where);
}

/*
 * The array arr, named name, into *v: *n elements of size bytes, each
 * read by elem at "NAME[i].".  On error *n counts the elements to
 * dispose (the one that failed is left empty).
 */
static int rec_tree_array(void **v, size_t *n, size_t size, const json_t *arr,
			  const char *name, rec_tree_elem_fn elem, char **cause)
{
	char at[REC_TREE_WHERE];

	*v = NULL;
	*n = 0;
	if (!json_is_array(arr))
		return fail_cause(cause, "%s must be an array", name);
	if (json_array_size(arr) > REC_MAX_ROWS)
		return fail_cause(cause, "%s holds more than %d entries", name, REC_MAX_ROWS);
	*v = calloc(json_array_size(arr) + 1, size);
	if (!*v)
		return fail_cause(cause, "out of memory");
	for (; *n < json_array_size(arr); (*n)++) {
		snprintf(at, sizeof at, "%s[%zu].", name, *n);
		if (elem((char *)*v + *n * size, json_array_get(arr, *n), at, cause) < 0) {
			(*n)++;
			return -1;
		}
	}
	return 0;
}

/* The n elements of size bytes at v, each encoded by elem, as an array;
 * NULL when out of memory. */
static json_t *rec_tree_array_encode(const void *v, size_t n, size_t size,
				     json_t *(*elem)(const void *))
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++) {
		if (json_array_append_new(arr, elem((const char *)v + i * size)) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

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
	json_t *events = rec_tree_array_encode(b->events, b->nevents, sizeof *b->events,
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
	json_t *branches = rec_tree_array_encode(t->branches, t->nbranches,
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

void rec_branch_dispose(struct rec_branch *b)
{
	if (!b)
		return;
	free(b->name);
	free(b->state);
	free(b->tip);
	free(b->last_error);
	for (size_t i = 0; i < b->nevents; i++)
		rec_branch_event_dispose(&b->events[i]);
	free(b->events);
	memset(b, 0, sizeof *b);
}

static int rec_event_decode(void *out, const json_t *j, const char *where, char **cause)
{
	struct rec_branch_event *e = out;

	memset(e, 0, sizeof *e);
	if (rec_tree_object(j, where, "an event", cause) < 0 ||
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
	char name[REC_TREE_WHERE];

	memset(b, 0, sizeof *b);
	snprintf(name, sizeof name, "%sevents", where);
	if (rec_tree_object(j, where, "a branch", cause) < 0 ||
	    rec_get_int(&b->id, j, "id", 0, where, cause) < 0 ||
	    rec_get_str(&b->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&b->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_str(&b->tip, j, "tip", 1, where, cause) < 0 ||
	    rec_get_int(&b->length, j, "length", 0, where, cause) < 0 ||
	    rec_get_int(&b->polled_at, j, "polled_at", 1, where, cause) < 0 ||
	    rec_get_int(&b->updated_at, j, "updated_at", 1, where, cause) < 0 ||
	    rec_get_str(&b->last_error, j, "last_error", 1, where, cause) < 0 ||
	    rec_tree_array((void **)&b->events, &b->nevents, sizeof *b->events,
			   json_object_get(j, "events"), name, rec_event_decode, cause) < 0) {
		rec_branch_dispose(b);
		return -1;
	}
	return 0;
}

/* The status of a tree (present when "branches" is). */
static int rec_tree_decode_status(struct rec_tree *t, const json_t *j, const char *where,
				  char **cause)
{
	char name[REC_TREE_WHERE];

	t->status = 1;
	snprintf(name, sizeof name, "%sbranches", where);
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
	return rec_tree_array((void **)&t->branches, &t->nbranches, sizeof *t->branches,
			      json_object_get(j, "branches"), name, rec_branch_decode, cause);
}

int rec_tree_decode(struct rec_tree *out, const json_t *j, const char *where, char **cause)
{
	struct rec_tree *t = out;

	memset(t, 0, sizeof *t);
	if (rec_tree_object(j, where, "a tree", cause) < 0 ||
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
	for (size_t i = 0; i < t->nbranches; i++)
		rec_branch_dispose(&t->branches[i]);
	free(t->branches);
	memset(t, 0, sizeof *t);
}

/* rec_tree_encode as an array's element. */
static json_t *rec_tree_elem_encode(const void *t)
{
	return rec_tree_encode(t);
}

json_t *rec_trees_encode(const struct rec_trees *l)
{
	return rec_tree_array_encode(l->v, l->n, sizeof *l->v, rec_tree_elem_encode);
}

/* rec_tree_decode as an array's element. */
static int rec_tree_elem_decode(void *out, const json_t *j, const char *where, char **cause)
{
	return rec_tree_decode(out, j, where, cause);
}

int rec_trees_decode(struct rec_trees *out, const json_t *arr, char **cause)
{
	if (rec_tree_array((void **)&out->v, &out->n, sizeof *out->v, arr, "trees",
			   rec_tree_elem_decode, cause) < 0) {
		rec_trees_dispose(out);
		return -1;
	}
	return 0;
}

void rec_trees_dispose(struct rec_trees *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		rec_tree_dispose(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

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
	if (rec_tree_object(j, where, "a commit", cause) < 0 ||
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

/* rec_commit_encode as an array's element. */
static json_t *rec_commit_elem_encode(const void *c)
{
	return rec_commit_encode(c);
}

json_t *rec_commits_encode(const struct rec_commits *l)
{
	return rec_tree_array_encode(l->v, l->n, sizeof *l->v, rec_commit_elem_encode);
}

/* rec_commit_decode as an array's element. */
static int rec_commit_elem_decode(void *out, const json_t *j, const char *where, char **cause)
{
	return rec_commit_decode(out, j, where, cause);
}

int rec_commits_decode(struct rec_commits *out, const json_t *arr, char **cause)
{
	if (rec_tree_array((void **)&out->v, &out->n, sizeof *out->v, arr, "commits",
			   rec_commit_elem_decode, cause) < 0) {
		rec_commits_dispose(out);
		return -1;
	}
	return 0;
}

void rec_commits_dispose(struct rec_commits *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		rec_commit_dispose(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}
