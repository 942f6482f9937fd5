/*
 * html.c - escaping and the shared page chrome.
 */
#include <stdio.h>
#include <string.h>

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
		 "<title>");
	html_txt(b, title);
	buf_adds(b, " - kpci</title>\n<style>\n"
		 "body{font:14px/1.4 system-ui,sans-serif;margin:0 2em 2em;color:#222}\n"
		 "header{border-bottom:1px solid #ccc;margin-bottom:1em;padding:.6em 0}\n"
		 "header a{margin-right:1em;color:#036;text-decoration:none;font-weight:600}\n"
		 "table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
		 "th,td{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:left}\n"
		 "td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
		 "th{background:#f4f4f4}.st-failed{color:#b00}.st-done{color:#070}\n"
		 ".st-running{color:#a60}.muted{color:#777}\n"
		 "</style></head>\n<body>\n<header><a href=\"/\">kpci</a>"
		 "<a href=\"/api/v1/status\">API status</a></header>\n<main>\n<h1>");
	html_txt(b, title);
	buf_adds(b, "</h1>\n");
}

void html_page_end(struct buf *b)
{
	buf_adds(b, "</main>\n<footer class=\"muted\">kpci " KPCI_VERSION "</footer>\n"
		 "</body></html>\n");
}
