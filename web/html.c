// SPDX-License-Identifier: GPL-2.0-only
/*
 * html.c - escaping and the shared page chrome.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/rec.h"
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

/* The stylesheet every page shares.  Numbers, ids and code never wrap;
 * free text (subjects, reasons) wraps anywhere and, with JavaScript, is
 * clamped to two lines with a control to expand it; a table wider than
 * the screen scrolls sideways instead of the page. */
static const char html_style[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:0 2em 2em;color:#222}\n"
	"header{border-bottom:1px solid #ccc;margin-bottom:1em;padding:.6em 0;display:flex;"
	"flex-wrap:wrap;gap:.2em 1.2em}\n"
	"header a{color:#036;text-decoration:none;font-weight:600}\n"
	"h1{font-size:1.5em;overflow-wrap:anywhere}h2{font-size:1.2em;margin-top:1.4em}\n"
	"table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;overflow-x:auto;"
	"max-width:100%}\n"
	"th,td{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:left;"
	"vertical-align:top}\n"
	"td{max-width:48em;overflow-wrap:break-word}td.text{overflow-wrap:anywhere;"
	"min-width:14em}\n"
	"td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	".num,code,.sha,.id,.nowrap,time,.series-link{white-space:nowrap}\n"
	"th{background:#f4f4f4}.st-failed{color:#b00}.st-done{color:#070}\n"
	".st-running{color:#a60}.muted{color:#777}\n"
	"ul.pipeline{list-style:none;padding:0}ul.pipeline li{display:inline-block;"
	"margin-right:1.5em}ul.pipeline .num{font-weight:bold}\n"
	".pager a{margin-right:1em}.chart{margin:1em 0;min-height:240px;max-width:100%}\n"
	".regression{color:#b00}.improvement{color:#070}code{font-size:90%}\n"
	".regression a,a.regression{color:#b00}.improvement a,a.improvement{color:#070}\n"
	"pre{overflow-x:auto;max-width:100%;background:#f8f8f8;padding:.5em}\n"
	".js .clamp{display:-webkit-inline-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;"
	"overflow:hidden;vertical-align:top}\n"
	".clamp{overflow-wrap:anywhere}.js .clamp.open{display:block}\n"
	"button.clamp-toggle{font-size:80%;padding:0 .4em;margin-left:.3em}\n"
	".empty{color:#555;background:#f6f6f6;padding:.6em;border-left:3px solid #aaa}\n"
	".facts{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em;margin:.5em 0}\n"
	".facts dt{color:#555}.facts dd{margin:0;overflow-wrap:anywhere}\n"
	".links{display:flex;flex-wrap:wrap;gap:.2em 1.2em}.links a{white-space:nowrap}\n"
	"form.filters{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:end;margin:.5em 0}\n"
	"svg.spark{vertical-align:middle}\n"
	"@media (max-width:640px){body{margin:0 .6em 1em}th,td{padding:.2em .4em}"
	"h1{font-size:1.25em}}\n";

void html_page_begin(struct buf *b, const char *title)
{
	buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		 "<link rel=\"icon\" href=\"data:,\">\n"
		 "<title>");
	html_txt(b, title);
	buf_adds(b, " - kpci</title>\n<style>\n");
	buf_adds(b, html_style);
	buf_adds(b, "</style></head>\n<body>\n<header><a href=\"/\">kpci</a>"
		 "<a href=\"/changes\">Changes</a><a href=\"/series\">Metrics</a>"
		 "<a href=\"/compare\">Compare</a><a href=\"/reports\">Reports</a>"
		 "<a href=\"/bisections\">Bisections</a>"
		 "<a href=\"/runners\">Runners</a><a href=\"/jobs\">Jobs</a>"
		 "<a href=\"/api/v1/status\">API status</a></header>\n<main>\n<h1>");
	html_txt(b, title);
	buf_adds(b, "</h1>\n");
}

void html_page_end(struct buf *b)
{
	buf_adds(b, "</main>\n<footer class=\"muted\">kpci " KPCI_VERSION "</footer>\n"
		 "<script src=\"/static/kpci.js\"></script>\n</body></html>\n");
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

/* Appends Unix time t (UTC) as "YYYY-MM-DD HH:MM:SS", or its first
 * `len` characters; nothing for t <= 0. */
static void html_utc(struct buf *b, long long t, size_t len)
{
	char when[32] = "";
	struct tm tm;
	time_t tt = (time_t)t;

	if (t > 0 && gmtime_r(&tt, &tm))
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	buf_add(b, when, strnlen(when, len));
}

void html_time(struct buf *b, long long t)
{
	html_utc(b, t, sizeof "YYYY-MM-DD HH:MM:SS" - 1);
}

void html_date(struct buf *b, long long t)
{
	html_utc(b, t, sizeof "YYYY-MM-DD" - 1);
}

void html_pager(struct buf *b, const char *base, int page, int more)
{
	if (page <= 1 && !more)     /* one page: nothing to page through */
		return;
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

void html_number(struct buf *b, double v)
{
	char digits[32];
	int n, lead;

	if (!isfinite(v) || fabs(v) < 1e5 || fabs(v) >= 1e15) {
		buf_printf(b, "%.6g", v);
		return;
	}
	/* a large count whole, its thousands apart: 1,000,450 not 1.00045e+06 */
	n = snprintf(digits, sizeof digits, "%.0f", fabs(v));
	lead = n % 3 ? n % 3 : 3;
	buf_adds(b, v < 0 ? "-" : "");
	buf_add(b, digits, (size_t)lead);
	for (int i = lead; i < n; i += 3) {
		buf_adds(b, ",");
		buf_add(b, digits + i, 3);
	}
}

void html_td_num(struct buf *b, const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);

	if (json_is_number(v)) {
		buf_adds(b, "<td class=\"num\">");
		html_number(b, json_number_value(v));
		buf_adds(b, "</td>");
	} else {
		buf_adds(b, "<td></td>");
	}
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
		 "<script src=\"/static/uplot.min.js\"></script>\n");
}

void html_sha(struct buf *b, const char *sha)
{
	char shortsha[HTML_SHA_SHOWN + 1];

	if (!sha || !*sha)
		return;
	snprintf(shortsha, sizeof shortsha, "%s", sha);
	buf_adds(b, "<code class=\"sha\" title=\"");
	html_attr(b, sha);
	buf_adds(b, "\">");
	html_txt(b, shortsha);
	buf_adds(b, "</code>");
}

void html_clamp(struct buf *b, const char *s)
{
	buf_adds(b, "<span class=\"clamp\">");
	html_txt(b, s);
	buf_adds(b, "</span>");
}

void html_td_text(struct buf *b, const char *s)
{
	buf_adds(b, "<td class=\"text\">");
	html_clamp(b, s);
	buf_adds(b, "</td>");
}

void html_series_link(struct buf *b, long long series_id, const char *suite,
		      const char *metric)
{
	if (series_id > 0)
		buf_printf(b, "<a class=\"series-link\" href=\"/series/%lld\">", series_id);
	html_txt(b, suite);
	buf_adds(b, "/");
	html_txt(b, metric);
	if (series_id > 0)
		buf_adds(b, "</a>");
}

void html_age(struct buf *b, long long now, long long t)
{
	long long d = now - t;

	if (t <= 0)
		return;
	buf_adds(b, "<time datetime=\"");
	html_time(b, t);
	buf_adds(b, "Z\" title=\"");
	html_time(b, t);
	buf_adds(b, " UTC\">");
	if (d < 60)
		buf_adds(b, "just now");
	else if (d < 3600)
		buf_printf(b, "%lld min ago", d / 60);
	else if (d < 2 * 86400)
		buf_printf(b, "%lld h ago", d / 3600);
	else if (d < 60 * 86400)
		buf_printf(b, "%lld d ago", d / 86400);
	else
		buf_printf(b, "%lld mo ago", d / (30 * 86400));
	buf_adds(b, "</time>");
}

void html_empty(struct buf *b, const char *id, const char *what, const char *next)
{
	buf_adds(b, "<p class=\"empty\"");
	if (id) {
		buf_adds(b, " id=\"");
		html_attr(b, id);
		buf_adds(b, "\"");
	}
	buf_adds(b, ">");
	html_txt(b, what);
	buf_adds(b, " ");
	buf_adds(b, next);
	buf_adds(b, "</p>\n");
}

void html_td_real(struct buf *b, double v)
{
	if (!isfinite(v)) {
		buf_adds(b, "<td></td>");
		return;
	}
	buf_adds(b, "<td class=\"num\">");
	html_number(b, v);
	buf_adds(b, "</td>");
}

void html_td_measure(struct buf *b, long long v)
{
	if (v == REC_NONE)
		buf_adds(b, "<td></td>");
	else
		buf_printf(b, "<td class=\"num\">%lld</td>", v);
}
