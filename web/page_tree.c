// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_tree.c - "/trees/NAME": a watched tree's releases and merge
 * windows, its latest first-parent commits (paginated with ?page=) and
 * its builds; a failed build shows in its commit's row of the timeline.
 * The tree, its branches and its commits are records (lib/rec.h).
 * Subjects, authors and branch names are the tree's own
 * text and are escaped like everything else.
 */
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

/* A commit id in a table cell (html_sha). */
static void tree_sha(struct buf *b, const char *sha)
{
	buf_adds(b, "<td>");
	html_sha(b, sha);
	buf_adds(b, "</td>");
}

/* A time cell (0: none). */
static void tree_td_time(struct buf *b, long long t)
{
	buf_adds(b, "<td>");
	html_time(b, t);
	buf_adds(b, "</td>");
}

/* s, or "" for NULL. */
static const char *tree_str(const char *s)
{
	return s ? s : "";
}

static void tree_windows(struct buf *b, const struct rec_tree_windows *w, const char *branch)
{
	buf_adds(b, "<h2>Merge windows</h2>\n");
	if (!w->windows.n) {
		html_empty(b, "no-windows", "No release is tagged on this branch yet.",
			   "Merge windows start at a <code>vX.Y</code> tag on the first-parent "
			   "line; the watcher records tags at each poll.");
		return;
	}
	buf_adds(b, "<table id=\"windows\"><tr><th>release</th><th>closed by</th><th>state</th>"
		 "<th>commits</th><th>merges</th></tr>\n");
	for (size_t i = 0; i < w->windows.n; i++) {
		const struct rec_window *x = &w->windows.v[i];

		/* The release links to its merge-window report (web/page_window.c). */
		buf_adds(b, "<tr><td><a class=\"window-link\" href=\"/trees/");
		html_url_arg(b, tree_str(w->tree));
		buf_adds(b, "/windows/");
		html_url_arg(b, tree_str(x->release));
		if (branch) {
			buf_adds(b, "?branch=");
			html_url_arg(b, branch);
		}
		buf_adds(b, "\">");
		html_txt(b, tree_str(x->release));
		buf_adds(b, "</a></td>");
		html_td(b, tree_str(x->closed_by));
		html_td(b, tree_str(x->state));
		buf_printf(b, "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>", x->commits,
			   x->merges);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* 1 when build x is of tree name. */
static int tree_build_of(const struct rec_build *x, const char *name)
{
	return !strcmp(x->tree ? x->tree : "", name);
}

/* The failed builds of tree name at commit sha, in the timeline's row:
 * each links to its build-failure change when one was opened. */
static void tree_commit_builds(struct buf *b, const char *name, const char *sha,
			       const struct rec_builds *builds)
{
	buf_adds(b, "<td>");
	for (size_t i = 0; i < builds->n; i++) {
		const struct rec_build *x = &builds->v[i];

		if (!tree_build_of(x, name) || strcmp(x->commit_sha, sha) ||
		    (strcmp(x->state, "failed") && strcmp(x->state, "timeout")))
			continue;
		if (x->change_id)
			buf_printf(b, "<a class=\"build-failed\" href=\"/changes/%lld\">",
				   x->change_id);
		else
			buf_printf(b, "<a class=\"build-failed\" href=\"/api/v1/builds/%lld\">",
				   x->id);
		buf_printf(b, "build %lld ", x->id);
		html_txt(b, x->state);
		buf_adds(b, ": ");
		html_txt(b, x->config_name);
		buf_adds(b, "</a> ");
	}
	buf_adds(b, "</td>");
}

static void tree_commits(struct buf *b, const struct rec_commits *commits, const char *name,
			 const struct rec_builds *builds)
{
	buf_adds(b, "<h2>Latest commits</h2>\n");
	if (!commits->n) {
		buf_adds(b, "<p class=\"muted\">No commit on this page.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"commits\"><tr><th>position</th><th>commit</th><th>subject</th>"
		 "<th>author</th><th>date (UTC)</th><th>merged</th><th>failed builds</th></tr>\n");
	for (size_t i = 0; i < commits->n; i++) {
		const struct rec_commit *c = &commits->v[i];

		buf_printf(b, "<tr><td class=\"num\">%lld</td>", c->position);
		tree_sha(b, c->sha);
		html_td(b, c->subject ? c->subject : "");
		html_td(b, c->author_name ? c->author_name : "");
		tree_td_time(b, c->commit_time == REC_NONE ? 0 : c->commit_time);
		if (c->brought == REC_NONE)
			buf_adds(b, "<td></td>");
		else
			buf_printf(b, "<td class=\"num\">%lld</td>", c->brought);
		tree_commit_builds(b, name, c->sha, builds);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void tree_builds(struct buf *b, const char *name, const struct rec_builds *builds)
{
	size_t shown = 0;

	buf_adds(b, "<h2>Builds</h2>\n<table id=\"builds\"><tr><th>id</th><th>commit</th>"
		 "<th>config</th><th>state</th><th>duration (s)</th><th>error</th></tr>\n");
	for (size_t i = 0; i < builds->n; i++) {
		const struct rec_build *x = &builds->v[i];

		if (!tree_build_of(x, name))
			continue;
		shown++;
		buf_printf(b, "<tr><td class=\"num\"><a href=\"/api/v1/builds/%lld\">%lld</a></td>",
			   x->id, x->id);
		tree_sha(b, x->commit_sha);
		html_td(b, x->config_name);
		html_td(b, x->state);
		buf_printf(b, "<td class=\"num\">%.1f</td>",
			   x->duration_ms == REC_NONE ? 0.0 : (double)x->duration_ms / 1e3);
		html_td(b, x->error ? x->error : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	if (!shown)
		buf_adds(b, "<p class=\"muted\">No recent build of this tree.</p>\n");
}

static void tree_branches(struct buf *b, const struct rec_tree *tree)
{
	buf_adds(b, "<h2>Branches</h2>\n<table id=\"branches\"><tr><th>branch</th><th>state</th>"
		 "<th>tip</th><th>commits</th><th>polled (UTC)</th><th>error</th></tr>\n");
	for (size_t i = 0; i < tree->nbranches; i++) {
		const struct rec_branch *x = &tree->branches[i];

		buf_adds(b, "<tr><td><a href=\"/trees/");
		html_url_arg(b, tree->name);
		buf_adds(b, "?branch=");
		html_url_arg(b, x->name);
		buf_adds(b, "\">");
		html_txt(b, x->name);
		buf_adds(b, "</a></td>");
		html_td(b, x->state);
		tree_sha(b, x->tip ? x->tip : "");
		buf_printf(b, "<td class=\"num\">%lld</td>", x->length);
		tree_td_time(b, x->polled_at);
		html_td(b, x->last_error ? x->last_error : "");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_tree(struct buf *b, const struct rec_tree *tree, const char *branch,
	      const struct rec_tree_windows *windows, const struct rec_commits *commits,
	      const struct rec_builds *builds, int page, int more)
{
	const char *name = tree->name;
	struct buf base;

	html_page_begin(b, name);
	buf_adds(b, "<p>");
	html_txt(b, tree->url);
	buf_adds(b, " &mdash; <a href=\"/api/v1/trees/");
	html_url_arg(b, name);
	buf_adds(b, "/windows\">JSON</a></p>\n");
	tree_branches(b, tree);
	buf_adds(b, "<p>Showing branch <code id=\"branch\">");
	/* no ?branch=: the first followed, which kpcid lists first */
	html_txt(b, branch ? branch : tree->nbranches ? tree->branches[0].name : "");
	buf_adds(b, "</code>.</p>\n");
	tree_windows(b, windows, branch);
	tree_commits(b, commits, name, builds);
	buf_init(&base, 4096);
	buf_adds(&base, "/trees/");
	html_url_arg(&base, name);
	if (branch) {
		buf_adds(&base, "?branch=");
		html_url_arg(&base, branch);
	}
	html_pager(b, buf_str(&base), page, more);
	buf_dispose(&base);
	tree_builds(b, name, builds);
	html_page_end(b);
	return 0;
}
