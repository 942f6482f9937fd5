/*
 * page_changes.c - "/changes": detected regressions and improvements,
 * and build failures (kind build-failure, db/db_buildfail.c), newest
 * first, each linking to its page; paginated with ?page=.
 */
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

static void changes_row(struct buf *b, const json_t *c)
{
	long long id = json_integer_value(json_object_get(c, "id"));
	long long series = json_integer_value(json_object_get(c, "series_id"));

	buf_printf(b, "<tr><td class=\"num\"><a class=\"change-link\" href=\"/changes/%lld\">"
		   "%lld</a></td><td><a href=\"/series/%lld\">", id, id, series);
	html_txt(b, html_jstr(c, "suite"));
	buf_adds(b, "/");
	html_txt(b, html_jstr(c, "metric"));
	buf_adds(b, "</a></td>");
	html_td(b, html_jstr(c, "runner_class"));
	buf_adds(b, "<td class=\"kind-");
	html_attr(b, html_jstr(c, "kind"));
	buf_adds(b, "\">");
	html_txt(b, !strcmp(html_jstr(c, "kind"), "build-failure") ? "build failure" :
		 "performance");
	buf_adds(b, "</td><td class=\"");
	html_attr(b, html_jstr(c, "direction"));
	buf_adds(b, "\">");
	html_txt(b, html_jstr(c, "direction"));
	if (!strcmp(html_jstr(c, "kind"), "build-failure")) {
		/* no numbers: the config and the first error line */
		buf_adds(b, "</td><td></td><td>");
		html_txt(b, html_jstr(c, "config_name"));
		buf_adds(b, "</td><td><code>");
		changes_first_line(b, html_jstr(c, "detail"));
		buf_adds(b, "</code></td>");
	} else {
		buf_printf(b, "</td><td class=\"num\">%+.2f%%</td>",
			   100 * json_number_value(json_object_get(c, "magnitude")));
		html_td_num(b, c, "mean_before");
		html_td_num(b, c, "mean_after");
	}
	html_td(b, html_jstr(c, "state"));
	html_td_time(b, c, "detected_at");
	buf_adds(b, "</tr>\n");
}

int page_changes(struct buf *b, const json_t *changes, int page, int more)
{
	size_t i;
	json_t *c;

	html_page_begin(b, "Changes");
	if (!json_array_size(changes)) {
		buf_adds(b, "<p class=\"muted\">No change on this page.</p>\n");
	} else {
		buf_adds(b, "<table id=\"changes\"><tr><th>id</th><th>metric</th>"
			 "<th>runner class</th><th>kind</th><th>direction</th><th>change</th>"
			 "<th>before</th>"
			 "<th>after</th><th>state</th><th>detected (UTC)</th></tr>\n");
		json_array_foreach(changes, i, c)
			changes_row(b, c);
		buf_adds(b, "</table>\n");
	}
	html_pager(b, "/changes", page, more);
	html_page_end(b);
	return 0;
}
