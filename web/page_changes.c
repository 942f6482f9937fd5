// SPDX-License-Identifier: GPL-2.0-only
/*
 * page_changes.c - "/changes": what regressed, where and by how much, in
 * one look.  By default one row per group (the changes of one commit
 * range): tree and branch, the first bad commit with its subject, the
 * metrics it moved (a link shows them in place), the largest %change,
 * the direction, the state and the age.  ?view=metrics lists one row per
 * change instead (and ?group=G the changes of one group), build
 * failures (kind build-failure, db/db_buildfail.c) among them.  A form
 * filters by tree, branch, state, runner class, direction and smallest
 * %change and sorts by age or size; paginated with ?page=.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "web/html.h"
#include "web/pages.h"

#define CHANGES_DETAIL_SHOWN 240     /* bytes of a build failure's first error line */

/* The first line of s that says "error", else its first line, cut short. */
static void changes_first_line(struct buf *b, const char *s)
{
	char line[CHANGES_DETAIL_SHOWN + 1];
	const char *e = strstr(s, "error"), *start = s;

	if (e) {
		start = e;
		while (start > s && start[-1] != '\n')
			start--;
	}
	snprintf(line, sizeof line, "%.*s", (int)strcspn(start, "\n"), start);
	html_txt(b, line);
}

/* "regression" or "improvement": the class of a change's direction. */
static const char *changes_dir(const struct rec_change *c)
{
	return c->direction && !strcmp(c->direction, "regression") ? "regression" : "improvement";
}

static int changes_is_build(const struct rec_change *c)
{
	return c->kind && !strcmp(c->kind, "build-failure");
}

static void changes_row(struct buf *b, const struct rec_change *c)
{
	buf_printf(b, "<tr><td class=\"num\"><a class=\"change-link\" href=\"/changes/%lld\">"
		   "%lld</a></td><td>", c->id, c->id);
	html_series_link(b, c->series_id, c->suite, c->metric);
	buf_adds(b, "</td>");
	html_td(b, c->runner_class);
	buf_adds(b, "<td class=\"kind-");
	html_attr(b, c->kind);
	buf_adds(b, "\">");
	html_txt(b, changes_is_build(c) ? "build failure" : "performance");
	buf_adds(b, "</td><td class=\"");
	html_attr(b, c->direction);
	buf_adds(b, "\">");
	html_txt(b, c->direction);
	if (changes_is_build(c)) {
		/* no numbers: the config and the first error line */
		buf_adds(b, "</td><td></td><td>");
		html_txt(b, c->config_name);
		buf_adds(b, "</td><td><code>");
		changes_first_line(b, c->detail ? c->detail : "");
		buf_adds(b, "</code></td>");
	} else {
		buf_printf(b, "</td><td class=\"num\">%+.2f%%</td>",
			   100 * (isfinite(c->magnitude) ? c->magnitude : 0));
		html_td_real(b, c->mean_before);
		html_td_real(b, c->mean_after);
	}
	html_td(b, c->state);
	buf_adds(b, "<td>");
	html_time(b, c->detected_at);
	buf_adds(b, "</td></tr>\n");
}

/* The members of group g (hidden until expanded, unless ?group=). */
static void changes_members(struct buf *b, const struct rec_change_group *g,
			    const struct page_changes_query *q)
{
	for (size_t i = 0; i < g->changes.n; i++) {
		const struct rec_change *m = &g->changes.v[i];

		buf_printf(b, "<tr class=\"member\" data-group=\"%lld\"%s><td></td><td>",
			   g->group_key, q->group ? "" : " hidden");
		html_series_link(b, m->series_id, m->suite, m->metric);
		buf_adds(b, "</td>");
		html_td(b, m->runner_class);
		buf_printf(b, "<td class=\"num %s\"><a class=\"change-link\" href=\"/changes/%lld\">"
			   "%+.1f%%</a></td><td class=\"%s\">%s</td>", changes_dir(m), m->id,
			   100 * (isfinite(m->magnitude) ? m->magnitude : 0), changes_dir(m),
			   changes_dir(m));
		html_td(b, m->state);
		buf_adds(b, "<td></td></tr>\n");
	}
}

/* One group: its head row, then its members. */
static void changes_group(struct buf *b, const struct rec_change_group *g,
			  const struct page_changes_query *q, long long now)
{
	const struct rec_change *h = &g->head;
	long long key = g->group_key, n = g->metrics;

	buf_printf(b, "<tbody class=\"group\" data-group=\"%lld\"><tr class=\"head\"><td>", key);
	html_txt(b, g->tree);
	if (g->branch && *g->branch) {
		buf_adds(b, " <span class=\"muted\">");
		html_txt(b, g->branch);
		buf_adds(b, "</span>");
	}
	buf_adds(b, "</td><td class=\"text\">");
	if (h->bad_sha && *h->bad_sha) {
		html_sha(b, h->bad_sha);
		buf_adds(b, " ");
		html_clamp(b, g->bad_subject);
	} else {
		buf_printf(b, "<span class=\"muted\">job %lld</span>", h->bad_job_id);
	}
	buf_printf(b, "</td><td class=\"nowrap\"><a class=\"expand\" data-group=\"%lld\" "
		   "href=\"/changes?view=metrics&amp;group=%lld\">%lld metric%s</a> "
		   "<span class=\"muted\">", key, key > 0 ? key : h->id, n, n == 1 ? "" : "s");
	html_txt(b, g->classes);
	buf_printf(b, "</span></td><td class=\"num %s\"><a class=\"change-link\" "
		   "href=\"/changes/%lld\">", changes_dir(h), h->id);
	if (changes_is_build(h))
		buf_adds(b, "build failure");
	else
		buf_printf(b, "%+.1f%%", 100 * (isfinite(h->magnitude) ? h->magnitude : 0));
	buf_adds(b, "</a></td><td>");
	if (g->regressions)
		buf_printf(b, "<span class=\"regression\">%lld regression%s</span>", g->regressions,
			   g->regressions == 1 ? "" : "s");
	if (g->improvements)
		buf_printf(b, "%s<span class=\"improvement\">%lld improvement%s</span>",
			   g->regressions ? ", " : "", g->improvements,
			   g->improvements == 1 ? "" : "s");
	buf_adds(b, "</td><td>");
	html_txt(b, h->state);
	if (g->untriaged && g->untriaged < n)
		buf_printf(b, " <span class=\"muted\">(%lld new)</span>", g->untriaged);
	buf_adds(b, "</td><td class=\"nowrap\">");
	html_age(b, now, g->last_detected);
	buf_adds(b, "</td></tr>\n");
	changes_members(b, g, q);
	buf_adds(b, "</tbody>\n");
}

/* A select of the filter form: name, its choices ("" first: any). */
static void changes_select(struct buf *b, const char *label, const char *name,
			   const char *const *choices, const char *value)
{
	buf_printf(b, "<label>%s <select name=\"%s\">", label, name);
	for (int i = 0; choices[i]; i++) {
		buf_adds(b, "<option value=\"");
		html_attr(b, choices[i]);
		buf_adds(b, value && !strcmp(value, choices[i]) ? "\" selected>" : "\">");
		html_txt(b, choices[i][0] ? choices[i] : "any");
		buf_adds(b, "</option>");
	}
	buf_adds(b, "</select></label>\n");
}

static void changes_input(struct buf *b, const char *label, const char *name, const char *value,
			  const char *extra)
{
	buf_printf(b, "<label>%s <input name=\"%s\" %s value=\"", label, name, extra);
	html_attr(b, value ? value : "");
	buf_adds(b, "\"></label>\n");
}

static void changes_form(struct buf *b, const struct page_changes_query *q)
{
	static const char *const states[] = { "", "new", "confirmed", "bisecting",
		"culprit-found", "fixed", "invalid", "wontfix", NULL };
	static const char *const dirs[] = { "", "regression", "improvement", NULL };
	static const char *const sorts[] = { "age", "size", NULL };
	static const char *const views[] = { "groups", "metrics", NULL };

	buf_adds(b, "<form class=\"filters\" id=\"change-filters\" method=\"get\" "
		 "action=\"/changes\">\n");
	changes_input(b, "tree", "tree", q->tree, "size=\"10\"");
	changes_input(b, "branch", "branch", q->branch, "size=\"10\"");
	changes_select(b, "state", "state", states, q->state);
	changes_input(b, "runner class", "runner_class", q->runner_class, "size=\"10\"");
	changes_select(b, "direction", "direction", dirs, q->direction);
	changes_input(b, "at least %", "min", q->min, "size=\"4\" inputmode=\"decimal\"");
	changes_select(b, "sort by", "sort", sorts, q->sort ? q->sort : "age");
	changes_select(b, "rows", "view", views, q->metrics ? "metrics" : "groups");
	buf_adds(b, "<button type=\"submit\">Show</button> <a href=\"/changes\">clear</a></form>\n");
}

/* The list's URL with its query (escaped for an attribute), for the pager. */
static void changes_base(struct buf *base, const struct page_changes_query *q)
{
	const char *names[] = { "tree", "branch", "state", "runner_class", "direction", "min",
				"sort" };
	const char *values[] = { q->tree, q->branch, q->state, q->runner_class, q->direction,
				 q->min, q->sort };
	const char *sep = "?";

	buf_adds(base, "/changes");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (!values[i] || !*values[i])
			continue;
		buf_printf(base, "%s%s=", sep, names[i]);
		html_url_arg(base, values[i]);
		sep = "&amp;";
	}
	if (q->metrics) {
		buf_printf(base, "%sview=metrics", sep);
		sep = "&amp;";
	}
	if (q->group)
		buf_printf(base, "%sgroup=%lld", sep, q->group);
}

int page_changes(struct buf *b, const struct rec_changes *changes,
		 const struct rec_change_groups *groups, const struct page_changes_query *q,
		 long long now, int page, int more)
{
	int filtered = (q->tree && *q->tree) || (q->branch && *q->branch) ||
		       (q->state && *q->state) || (q->runner_class && *q->runner_class) ||
		       (q->direction && *q->direction) || (q->min && *q->min) || q->group;
	struct buf base;

	html_page_begin(b, q->group ? "Changes of one commit range" : "Changes");
	changes_form(b, q);
	if (!(q->metrics ? changes->n : groups->n)) {
		if (filtered || page > 1)
			html_empty(b, "no-changes", "No change on this page matches these filters.",
				   "<a href=\"/changes\">Show all changes</a>.");
		else
			html_empty(b, "no-changes", "No change has been found yet.",
				   "Changes appear when the analyzer sees a step between measured "
				   "commits of a series: watch a tree and let runners measure its "
				   "merges (<code>kpci submit --tree T --commit C</code>), then see "
				   "the <a href=\"/series\">metrics</a> and the <a href=\"/jobs\">jobs"
				   "</a>.");
	} else if (q->metrics) {
		buf_adds(b, "<table id=\"changes\"><tr><th>id</th><th>metric</th>"
			 "<th>runner class</th><th>kind</th><th>direction</th><th>change</th>"
			 "<th>before</th><th>after</th><th>state</th><th>detected (UTC)</th></tr>\n");
		for (size_t i = 0; i < changes->n; i++)
			changes_row(b, &changes->v[i]);
		buf_adds(b, "</table>\n");
	} else {
		buf_adds(b, "<table id=\"change-groups\"><thead><tr><th>tree</th>"
			 "<th>first bad commit</th><th>metrics</th><th class=\"num\">largest</th>"
			 "<th>direction</th><th>state</th><th>age</th></tr></thead>\n");
		for (size_t i = 0; i < groups->n; i++)
			changes_group(b, &groups->v[i], q, now);
		buf_adds(b, "</table>\n");
	}
	buf_init(&base, 4096);
	changes_base(&base, q);
	html_pager(b, buf_str(&base), page, more);
	buf_dispose(&base);
	html_page_end(b);
	return 0;
}
