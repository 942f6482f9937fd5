// SPDX-License-Identifier: GPL-2.0-only
/*
 * api_trees.c - the watched trees under /api/v1/trees: poll state,
 * branches and events, commits in first-parent order, releases and merge
 * windows, the merges of a window, and "poll now" for admins.
 * docs/API.md describes each route; the data come from db/db_trees.c and
 * the poll from daemon/watch/.
 */
#include <stdlib.h>
#include <string.h>

#include "daemon/api/api_trees.h"
#include "daemon/kpcid.h"
#include "daemon/watch/watch.h"
#include "db/db.h"
#include "lib/proto.h"

/* The ?branch= argument (NULL: the tree's first branch); -1 after a 400. */
static int api_branch_arg(struct http_req *req, struct http_resp *resp, const char **branch)
{
	*branch = http_query(req, "branch");
	if (*branch && !proto_name_ok(*branch)) {
		http_error(resp, 400, "query parameter branch: '%.40s' is not a branch name", *branch);
		return -1;
	}
	return 0;
}

/* Answers a db_tree_* call: the JSON, or its sentence with its status. */
static void api_tree_answer(struct http_resp *resp, int rc, json_t *out, char *cause)
{
	if (rc == DB_OK)
		http_json(resp, 200, out);
	else
		http_error(resp, http_status(rc), "%s", cause ? cause : "database error");
	free(cause);
}

/* Answers tree name with its status (GET /api/v1/trees/NAME, and after a
 * poll). */
static void api_tree_answer_status(struct kpcid *k, const char *name, struct http_resp *resp)
{
	struct rec_tree t;
	int rc = db_tree_get(k->db, &t, name);

	if (rc != DB_OK) {
		http_error(resp, http_status(rc), rc == DB_NOTFOUND ? "tree '%s' is not watched" :
			   "cannot read tree '%s': database error", name);
		return;
	}
	http_json(resp, 200, rec_tree_encode(&t));
	rec_tree_dispose(&t);
}

void api_trees_list(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_trees l;
	json_t *trees = db_trees_status(k->db, &l) == DB_OK ? rec_trees_encode(&l) : NULL;

	rec_trees_dispose(&l);
	if (!trees)
		http_error(resp, 500, "database error while listing trees");
	else
		http_json(resp, 200, json_pack("{s:o, s:i, s:i}", "trees", trees, "limit",
					       DB_MAX_LIST, "offset", 0));
}

void api_tree(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	api_tree_answer_status(k, req->args[0], resp);
}

void api_tree_poll(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	char *cause = NULL;

	if (watch_poll_now(k->watcher, req->args[0], WATCH_POLL_WAIT_S, &cause) < 0) {
		http_error(resp, strstr(cause ? cause : "", "not watched") ? 404 : 503, "%s",
			   cause ? cause : "the poll did not run");
		free(cause);
		return;
	}
	api_tree_answer_status(k, req->args[0], resp);
}

void api_tree_commits(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	const char *branch, *window = http_query(req, "window");
	char *cause = NULL;
	struct rec_commits l;
	int limit, offset, rc;

	if (api_branch_arg(req, resp, &branch) < 0 || http_paging(req, resp, &limit, &offset) < 0)
		return;
	if (window && strlen(window) > PROTO_MAX_NAME) {
		http_error(resp, 400, "query parameter window is too long");
		return;
	}
	rc = db_tree_commits(k->db, &l, req->args[0], branch, window, limit, offset, &cause);
	api_tree_answer(resp, rc, rc == DB_OK ? json_pack("{s:s, s:s?, s:s?, s:o, s:i, s:i}",
			"tree", req->args[0], "branch", branch, "window", window,
			"commits", rec_commits_encode(&l), "limit", limit, "offset", offset) : NULL,
			cause);
	rec_commits_dispose(&l);
}

void api_tree_windows(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_tree_windows w;
	const char *branch;
	char *cause = NULL;
	int rc;

	if (api_branch_arg(req, resp, &branch) < 0)
		return;
	rc = db_tree_windows(k->db, &w, req->args[0], branch, &cause);
	api_tree_answer(resp, rc, rc == DB_OK ? rec_tree_windows_encode(&w) : NULL, cause);
	rec_tree_windows_dispose(&w);
}

void api_tree_window_merges(struct kpcid *k, struct http_req *req, struct http_resp *resp)
{
	struct rec_window_merges m;
	const char *branch;
	char *cause = NULL;
	int rc;

	if (api_branch_arg(req, resp, &branch) < 0)
		return;
	rc = db_tree_window_merges(k->db, &m, req->args[0], branch, req->args[1], &cause);
	api_tree_answer(resp, rc, rc == DB_OK ? rec_window_merges_encode(&m) : NULL, cause);
	rec_window_merges_dispose(&m);
}
