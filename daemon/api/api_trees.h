/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * api_trees.h - the handlers of /api/v1/trees (daemon/api/api_trees.c); the
 * route table in daemon/api/routes.c maps URLs to them.  req->args[0] is the
 * tree name, req->args[1] the release of a window.
 */
#ifndef KPCI_DAEMON_API_TREES_H
#define KPCI_DAEMON_API_TREES_H

#include "daemon/http/http.h"

void api_trees_list(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_tree(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_tree_poll(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_tree_commits(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_tree_windows(struct kpcid *k, struct http_req *req, struct http_resp *resp);
void api_tree_window_merges(struct kpcid *k, struct http_req *req, struct http_resp *resp);

#endif
