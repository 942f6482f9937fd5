/*
 * html.c - escaping and the shared page chrome.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web/html.h"

static void html_escape(struct buf *b, const char *s, int attr)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': buf_adds(b, "&amp;"); break;
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '"': buf_adds(b, attr ? "&quot;" : "\""); break;
		case '\'': buf_adds(b, attr ? "&#39;" : "'"); break;
		default: buf_add(b, s, 1);
		}
	}
}

void html_txt(struct buf *b, const char *s)
{
	html_escape(b, s, 0);
}

void html_attr(struct buf *b, const char *s)
{
	html_escape(b, s, 1);
}

void html_url_arg(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~", c)) {
			buf_add(b, s, 1);
		} else {
			char enc[3] = { '%', hex[c >> 4], hex[c & 15] };

			buf_add(b, enc, 3);
		}
	}
}

void html_page_begin(struct buf *b, const char *title)
{
	buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		 "<link rel=\"icon\" href=\"data:,\">\n"
		 "<title>");
	html_txt(b, title);
	buf_adds(b, " - kpci</title>\n<style>\n"
		 "body{font:14px/1.4 system-ui,sans-serif;margin:0 2em 2em;color:#222}\n"
		 "header{border-bottom:1px solid #ccc;margin-bottom:1em;padding:.6em 0}\n"
		 "header a{margin-right:1em;color:#036;text-decoration:none;font-weight:600}\n"
		 "table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
		 "th,td{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:left}\n"
		 "td{max-width:48em;overflow-wrap:anywhere}\n"
		 "td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
		 "th{background:#f4f4f4}.st-failed{color:#b00}.st-done{color:#070}\n"
		 ".st-running{color:#a60}.muted{color:#777}\n"
		 ".pager a{margin-right:1em}.chart{margin:1em 0;min-height:320px}\n"
		 ".regression{color:#b00}.improvement{color:#070}code{font-size:90%}\n"
		 "</style></head>\n<body>\n<header><a href=\"/\">kpci</a>"
		 "<a href=\"/runners\">Runners</a><a href=\"/jobs\">Jobs</a>"
		 "<a href=\"/changes\">Changes</a><a href=\"/compare\">Compare</a><a href=\"/reports\">Reports</a>"
		 "<a href=\"/bisections\">Bisections</a>"
		 "<a href=\"/api/v1/status\">API status</a></header>\n<main>\n<h1>");
	html_txt(b, title);
	buf_adds(b, "</h1>\n");
}

void html_page_end(struct buf *b)
{
	buf_adds(b, "</main>\n<footer class=\"muted\">kpci " KPCI_VERSION "</footer>\n"
		 "</body></html>\n");
}

void html_json_script(struct buf *b, const char *id, const json_t *j)
{
	char *text = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(15));
	const unsigned char *s = (const unsigned char *)text;

	buf_adds(b, "<script type=\"application/json\" id=\"");
	html_attr(b, id);
	buf_adds(b, "\">");
	for (; s && *s; s++) {
		if (*s == '<')
			buf_adds(b, "\\u003c");
		else if (*s == '>')
			buf_adds(b, "\\u003e");
		else if (*s == '&')
			buf_adds(b, "\\u0026");
		else if (s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9)) {
			buf_adds(b, s[2] == 0xa8 ? "\\u2028" : "\\u2029");
			s += 2;
		} else
			buf_add(b, s, 1);
	}
	buf_adds(b, text ? "</script>\n" : "null</script>\n");
	free(text);
}

void html_time(struct buf *b, long long t)
{
	char when[32] = "";
	struct tm tm;
	time_t tt = (time_t)t;

	if (t > 0 && gmtime_r(&tt, &tm))
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	buf_adds(b, when);
}

void html_pager(struct buf *b, const char *base, int page, int more)
{
	buf_adds(b, "<p class=\"pager\">");
	if (page > 1)
		buf_printf(b, "<a rel=\"prev\" href=\"%s%spage=%d\">&larr; newer</a>", base,
			   strchr(base, '?') ? "&amp;" : "?", page - 1);
	buf_printf(b, "<span class=\"muted\">page %d</span> ", page);
	if (more)
		buf_printf(b, "<a rel=\"next\" href=\"%s%spage=%d\">older &rarr;</a>", base,
			   strchr(base, '?') ? "&amp;" : "?", page + 1);
	buf_adds(b, "</p>\n");
}

const char *html_jstr(const json_t *row, const char *key)
{
	const char *s = json_string_value(json_object_get(row, key));

	return s ? s : "";
}

void html_td(struct buf *b, const char *s)
{
	buf_adds(b, "<td>");
	html_txt(b, s);
	buf_adds(b, "</td>");
}

void html_td_int(struct buf *b, const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);

	if (json_is_integer(v))
		buf_printf(b, "<td class=\"num\">%lld</td>", (long long)json_integer_value(v));
	else
		buf_adds(b, "<td></td>");
}

void html_td_num(struct buf *b, const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);

	if (json_is_number(v))
		buf_printf(b, "<td class=\"num\">%.6g</td>", json_number_value(v));
	else
		buf_adds(b, "<td></td>");
}

void html_td_time(struct buf *b, const json_t *row, const char *key)
{
	buf_adds(b, "<td>");
	html_time(b, json_integer_value(json_object_get(row, key)));
	buf_adds(b, "</td>");
}

void html_chart_scripts(struct buf *b)
{
	buf_adds(b, "<link rel=\"stylesheet\" href=\"/static/uplot.min.css\">\n"
		 "<script src=\"/static/uplot.min.js\"></script>\n"
		 "<script src=\"/static/kpci.js\"></script>\n");
}
