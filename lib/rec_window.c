// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_window.c - the release and merge-window records (lib/rec_window.h):
 * a recorded tag, a release on a branch's line, a merge window, the
 * windows of a branch, the merges of one window and what a commit id
 * names.  GET /api/v1/trees/NAME/windows[/vX.Y/merges] answer these
 * encoders; `kpci windows` and `kpci merges` read the answers back with
 * the decoders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fail.h"
#include "lib/rec_internal.h"
#include "lib/rec_window.h"

/* --- a recorded tag --------------------------------------------------- */

json_t *rec_tag_encode(const struct rec_tag *t)
{
	return json_pack("{s:o, s:o, s:o}", "name", rec_str_json(t->name),
			 "sha", rec_str_json(t->sha), "kind", rec_str_json(t->kind));
}

int rec_tag_decode(struct rec_tag *out, const json_t *j, const char *where, char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a tag", cause) < 0 ||
	    rec_get_str(&out->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&out->sha, j, "sha", 0, where, cause) < 0 ||
	    rec_get_str(&out->kind, j, "kind", 0, where, cause) < 0) {
		rec_tag_dispose(out);
		return -1;
	}
	return 0;
}

void rec_tag_dispose(struct rec_tag *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->sha);
	free(t->kind);
	memset(t, 0, sizeof *t);
}

/* rec_tags_encode, rec_tags_decode, rec_tags_dispose */
REC_LIST(tag, tags, "tags")

/* --- a release on a line ---------------------------------------------- */

json_t *rec_release_encode(const struct rec_release *r)
{
	json_t *j = json_pack("{s:o, s:o, s:I, s:I, s:I}", "name", rec_str_json(r->name),
			      "kind", rec_str_json(r->kind), "major", (json_int_t)r->major,
			      "minor", (json_int_t)r->minor, "rc", (json_int_t)r->rc);

	if (j && r->commit_sha &&
	    json_object_set_new(j, "commit_sha", json_string(r->commit_sha)) < 0)
		goto fail;
	if (j && json_object_set_new(j, "position", rec_measure_json(r->position)) < 0)
		goto fail;
	return j;
fail:
	json_decref(j);
	return NULL;
}

int rec_release_decode(struct rec_release *out, const json_t *j, const char *where,
		       char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a release", cause) < 0 ||
	    rec_get_str(&out->name, j, "name", 0, where, cause) < 0 ||
	    rec_get_str(&out->kind, j, "kind", 0, where, cause) < 0 ||
	    rec_get_int(&out->major, j, "major", 0, where, cause) < 0 ||
	    rec_get_int(&out->minor, j, "minor", 0, where, cause) < 0 ||
	    rec_get_int(&out->rc, j, "rc", 0, where, cause) < 0 ||
	    rec_get_str(&out->commit_sha, j, "commit_sha", 1, where, cause) < 0 ||
	    rec_get_measure(&out->position, j, "position", where, cause) < 0) {
		rec_release_dispose(out);
		return -1;
	}
	return 0;
}

void rec_release_dispose(struct rec_release *r)
{
	if (!r)
		return;
	free(r->name);
	free(r->kind);
	free(r->commit_sha);
	memset(r, 0, sizeof *r);
}

/* rec_releases_encode, rec_releases_decode, rec_releases_dispose */
REC_LIST(release, releases, "releases")

/* --- a merge window --------------------------------------------------- */

json_t *rec_window_encode(const struct rec_window *w)
{
	return json_pack("{s:o, s:o, s:o, s:I, s:I, s:I, s:I}", "release", rec_str_json(w->release),
			 "closed_by", rec_str_json(w->closed_by), "state", rec_str_json(w->state),
			 "from_position", (json_int_t)w->from_position,
			 "to_position", (json_int_t)w->to_position,
			 "commits", (json_int_t)w->commits, "merges", (json_int_t)w->merges);
}

int rec_window_decode(struct rec_window *out, const json_t *j, const char *where,
		      char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a window", cause) < 0 ||
	    rec_get_str(&out->release, j, "release", 0, where, cause) < 0 ||
	    rec_get_str(&out->closed_by, j, "closed_by", 1, where, cause) < 0 ||
	    rec_get_str(&out->state, j, "state", 0, where, cause) < 0 ||
	    rec_get_int(&out->from_position, j, "from_position", 0, where, cause) < 0 ||
	    rec_get_int(&out->to_position, j, "to_position", 0, where, cause) < 0 ||
	    rec_get_int(&out->commits, j, "commits", 0, where, cause) < 0 ||
	    rec_get_int(&out->merges, j, "merges", 0, where, cause) < 0) {
		rec_window_dispose(out);
		return -1;
	}
	return 0;
}

void rec_window_dispose(struct rec_window *w)
{
	if (!w)
		return;
	free(w->release);
	free(w->closed_by);
	free(w->state);
	memset(w, 0, sizeof *w);
}

/* rec_windows_encode, rec_windows_decode, rec_windows_dispose */
REC_LIST(window, windows, "windows")

/* --- a branch's windows ----------------------------------------------- */

json_t *rec_tree_windows_encode(const struct rec_tree_windows *t)
{
	return json_pack("{s:o, s:o, s:o}", "tree", rec_str_json(t->tree),
			 "releases", rec_releases_encode(&t->releases),
			 "windows", rec_windows_encode(&t->windows));
}

int rec_tree_windows_decode(struct rec_tree_windows *out, const json_t *j, char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, "", "the windows", cause) < 0 ||
	    rec_get_str(&out->tree, j, "tree", 0, "", cause) < 0 ||
	    rec_releases_decode(&out->releases, json_object_get(j, "releases"), cause) < 0 ||
	    rec_windows_decode(&out->windows, json_object_get(j, "windows"), cause) < 0) {
		rec_tree_windows_dispose(out);
		return -1;
	}
	return 0;
}

void rec_tree_windows_dispose(struct rec_tree_windows *t)
{
	if (!t)
		return;
	free(t->tree);
	rec_releases_dispose(&t->releases);
	rec_windows_dispose(&t->windows);
	memset(t, 0, sizeof *t);
}

/* --- the merges of a window ------------------------------------------- */

/* rec_commit_decode as an array's element, its rows named "merges[i]." */
static int rec_merge_decode(void *e, const json_t *j, const char *where, char **cause)
{
	return rec_commit_decode(e, j, where, cause);
}

json_t *rec_window_merges_encode(const struct rec_window_merges *m)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:I, s:I, s:o}", "tree", rec_str_json(m->tree),
			 "release", rec_str_json(m->release),
			 "closed_by", rec_str_json(m->closed_by), "state", rec_str_json(m->state),
			 "from_position", (json_int_t)m->from_position,
			 "to_position", (json_int_t)m->to_position,
			 "merges", rec_commits_encode(&m->merges));
}

int rec_window_merges_decode(struct rec_window_merges *out, const json_t *j, char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, "", "the merges of a window", cause) < 0 ||
	    rec_get_str(&out->tree, j, "tree", 0, "", cause) < 0 ||
	    rec_get_str(&out->release, j, "release", 0, "", cause) < 0 ||
	    rec_get_str(&out->closed_by, j, "closed_by", 1, "", cause) < 0 ||
	    rec_get_str(&out->state, j, "state", 0, "", cause) < 0 ||
	    rec_get_int(&out->from_position, j, "from_position", 0, "", cause) < 0 ||
	    rec_get_int(&out->to_position, j, "to_position", 0, "", cause) < 0 ||
	    rec_array_decode(&out->merges.v, &out->merges.n, sizeof *out->merges.v,
			     json_object_get(j, "merges"), "", "merges", rec_merge_decode,
			     cause) < 0) {
		rec_window_merges_dispose(out);
		return -1;
	}
	return 0;
}

void rec_window_merges_dispose(struct rec_window_merges *m)
{
	if (!m)
		return;
	free(m->tree);
	free(m->release);
	free(m->closed_by);
	free(m->state);
	rec_commits_dispose(&m->merges);
	memset(m, 0, sizeof *m);
}

/* --- what a commit id names ------------------------------------------- */

json_t *rec_commit_about_encode(const struct rec_commit_about *c)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o}", "sha", rec_str_json(c->sha),
			 "subject", rec_str_json(c->subject), "author", rec_str_json(c->author),
			 "time", rec_measure_json(c->time), "tree", rec_str_json(c->tree));
}

int rec_commit_about_decode(struct rec_commit_about *out, const json_t *j, const char *where,
			    char **cause)
{
	memset(out, 0, sizeof *out);
	if (rec_check_object(j, where, "a commit", cause) < 0 ||
	    rec_get_str(&out->sha, j, "sha", 0, where, cause) < 0 ||
	    rec_get_str(&out->subject, j, "subject", 1, where, cause) < 0 ||
	    rec_get_str(&out->author, j, "author", 1, where, cause) < 0 ||
	    rec_get_measure(&out->time, j, "time", where, cause) < 0 ||
	    rec_get_str(&out->tree, j, "tree", 0, where, cause) < 0) {
		rec_commit_about_dispose(out);
		return -1;
	}
	return 0;
}

void rec_commit_about_dispose(struct rec_commit_about *c)
{
	if (!c)
		return;
	free(c->sha);
	free(c->subject);
	free(c->author);
	free(c->tree);
	memset(c, 0, sizeof *c);
}
