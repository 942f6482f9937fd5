/*
 * page_tree.c - "/trees/NAME": a watched tree's releases and merge
 * windows, its latest first-parent commits (paginated with ?page=) and
 * its builds; a failed build shows in its commit's row of the timeline.
 * Subjects, authors and branch names are the tree's own
 * text and are escaped like everything else.
 */
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

#define TREE_SHA_SHOWN 12           /* hex digits of a commit id shown in tables */

static void tree_sha(struct buf *b, const char *sha)
{
	char shortsha[TREE_SHA_SHOWN + 1];

	snprintf(shortsha, sizeof shortsha, "%s", sha);
	buf_adds(b, "<td><code title=\"");
	html_attr(b, sha);
	buf_adds(b, "\">");
	html_txt(b, shortsha);
	buf_adds(b, "</code></td>");
}

static void tree_windows(struct buf *b, const json_t *w, const char *branch)
{
	const json_t *windows = json_object_get(w, "windows");
	size_t i;
	json_t *x;

	buf_adds(b, "<h2>Merge windows</h2>\n");
	if (!json_array_size(windows)) {
		html_empty(b, "no-windows", "No release is tagged on this branch yet.",
			   "Merge windows start at a <code>vX.Y</code> tag on the first-parent "
			   "line; the watcher records tags at each poll.");
		return;
	}
	buf_adds(b, "<table id=\"windows\"><tr><th>release</th><th>closed by</th><th>state</th>"
		 "<th>commits</th><th>merges</th></tr>\n");
	json_array_foreach(windows, i, x) {
		/* The release links to its merge-window report (web/page_window.c). */
		buf_adds(b, "<tr><td><a class=\"window-link\" href=\"/trees/");
		html_url_arg(b, html_jstr(w, "tree"));
		buf_adds(b, "/windows/");
		html_url_arg(b, html_jstr(x, "release"));
		if (branch) {
			buf_adds(b, "?branch=");
			html_url_arg(b, branch);
		}
		buf_adds(b, "\">");
		html_txt(b, html_jstr(x, "release"));
		buf_adds(b, "</a></td>");
		html_td(b, html_jstr(x, "closed_by"));
		html_td(b, html_jstr(x, "state"));
		html_td_int(b, x, "commits");
		html_td_int(b, x, "merges");
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

/* The failed builds of tree name at commit sha, in the timeline's row:
 * each links to its build-failure change when one was opened. */
static void tree_commit_builds(struct buf *b, const char *name, const char *sha,
			       const json_t *builds)
{
	size_t i;
	json_t *x;

	buf_adds(b, "<td>");
	json_array_foreach(builds, i, x) {
		const char *state = html_jstr(x, "state");
		long long id = json_integer_value(json_object_get(x, "id"));
		long long change = json_integer_value(json_object_get(x, "change_id"));

		if (strcmp(html_jstr(x, "tree"), name) || strcmp(html_jstr(x, "commit_sha"), sha) ||
		    (strcmp(state, "failed") && strcmp(state, "timeout")))
			continue;
		if (change)
			buf_printf(b, "<a class=\"build-failed\" href=\"/changes/%lld\">", change);
		else
			buf_printf(b, "<a class=\"build-failed\" href=\"/api/v1/builds/%lld\">",
				   id);
		buf_printf(b, "build %lld %s: ", id, state);
		html_txt(b, html_jstr(x, "config_name"));
		buf_adds(b, "</a> ");
	}
	buf_adds(b, "</td>");
}

static void tree_commits(struct buf *b, const json_t *commits, const char *name,
			 const json_t *builds)
{
	size_t i;
	json_t *c;

	buf_adds(b, "<h2>Latest commits</h2>\n");
	if (!json_array_size(commits)) {
		buf_adds(b, "<p class=\"muted\">No commit on this page.</p>\n");
		return;
	}
	buf_adds(b, "<table id=\"commits\"><tr><th>position</th><th>commit</th><th>subject</th>"
		 "<th>author</th><th>date (UTC)</th><th>merged</th><th>failed builds</th></tr>\n");
	json_array_foreach(commits, i, c) {
		buf_adds(b, "<tr>");
		html_td_int(b, c, "position");
		tree_sha(b, html_jstr(c, "sha"));
		html_td(b, html_jstr(c, "subject"));
		html_td(b, html_jstr(c, "author_name"));
		html_td_time(b, c, "commit_time");
		html_td_int(b, c, "brought");
		tree_commit_builds(b, name, html_jstr(c, "sha"), builds);
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

static void tree_builds(struct buf *b, const char *name, const json_t *builds)
{
	size_t i, shown = 0;
	json_t *x;

	buf_adds(b, "<h2>Builds</h2>\n<table id=\"builds\"><tr><th>id</th><th>commit</th>"
		 "<th>config</th><th>state</th><th>duration (s)</th><th>error</th></tr>\n");
	json_array_foreach(builds, i, x) {
		long long id = json_integer_value(json_object_get(x, "id"));

		if (strcmp(html_jstr(x, "tree"), name))
			continue;
		shown++;
		buf_printf(b, "<tr><td class=\"num\"><a href=\"/api/v1/builds/%lld\">%lld</a></td>",
			   id, id);
		tree_sha(b, html_jstr(x, "commit_sha"));
		html_td(b, html_jstr(x, "config_name"));
		html_td(b, html_jstr(x, "state"));
		buf_printf(b, "<td class=\"num\">%.1f</td>",
			   (double)json_integer_value(json_object_get(x, "duration_ms")) / 1e3);
		html_td(b, html_jstr(x, "error"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
	if (!shown)
		buf_adds(b, "<p class=\"muted\">No recent build of this tree.</p>\n");
}

static void tree_branches(struct buf *b, const json_t *tree, const char *name)
{
	const json_t *branches = json_object_get(tree, "branches");
	size_t i;
	json_t *x;

	buf_adds(b, "<h2>Branches</h2>\n<table id=\"branches\"><tr><th>branch</th><th>state</th>"
		 "<th>tip</th><th>commits</th><th>polled (UTC)</th><th>error</th></tr>\n");
	json_array_foreach(branches, i, x) {
		buf_adds(b, "<tr><td><a href=\"/trees/");
		html_url_arg(b, name);
		buf_adds(b, "?branch=");
		html_url_arg(b, html_jstr(x, "name"));
		buf_adds(b, "\">");
		html_txt(b, html_jstr(x, "name"));
		buf_adds(b, "</a></td>");
		html_td(b, html_jstr(x, "state"));
		tree_sha(b, html_jstr(x, "tip"));
		html_td_int(b, x, "length");
		html_td_time(b, x, "polled_at");
		html_td(b, html_jstr(x, "last_error"));
		buf_adds(b, "</tr>\n");
	}
	buf_adds(b, "</table>\n");
}

int page_tree(struct buf *b, const json_t *tree, const char *branch, const json_t *windows,
	      const json_t *commits, const json_t *builds, int page, int more)
{
	const char *name = html_jstr(tree, "name");
	struct buf base;

	html_page_begin(b, name);
	buf_adds(b, "<p>");
	html_txt(b, html_jstr(tree, "url"));
	buf_adds(b, " &mdash; <a href=\"/api/v1/trees/");
	html_url_arg(b, name);
	buf_adds(b, "/windows\">JSON</a></p>\n");
	tree_branches(b, tree, name);
	buf_adds(b, "<p>Showing branch <code id=\"branch\">");
	/* no ?branch=: the first followed, which kpcid lists first */
	html_txt(b, branch ? branch : html_jstr(json_array_get(json_object_get(tree, "branches"),
							       0), "name"));
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
	buf_free(&base);
	tree_builds(b, name, builds);
	html_page_end(b);
	return 0;
}
