/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html.h - HTML output with escaping for each context (after cgit's
 * html.c), and the chrome every dashboard page shares.
 *
 * Everything that came from outside kpcid (commit subjects, author,
 * branch and runner names, logs) goes through html_txt or html_attr.
 */
#ifndef KPCI_WEB_HTML_H
#define KPCI_WEB_HTML_H

#include <jansson.h>

#include "lib/buf.h"

/* Appends s escaped for element content: & < > become entities. */
void html_txt(struct buf *b, const char *s);
/* Appends s escaped for a double-quoted attribute value. */
void html_attr(struct buf *b, const char *s);
/* Appends s percent-encoded for use as one URL query value. */
void html_url_arg(struct buf *b, const char *s);

/* Opens a page: doctype, head with the title (escaped), styles, nav. */
void html_page_begin(struct buf *b, const char *title);
void html_page_end(struct buf *b);

/* Appends j as <script type="application/json" id="id">, with < > & and
 * U+2028/U+2029 escaped so that no string inside can end the element. */
void html_json_script(struct buf *b, const char *id, const json_t *j);
/* Appends a Unix time as "YYYY-MM-DD HH:MM:SS" (UTC); nothing for t <= 0. */
void html_time(struct buf *b, long long t);
/* Appends a Unix time's day as "YYYY-MM-DD" (UTC); nothing for t <= 0. */
void html_date(struct buf *b, long long t);
/* Appends newer/older links: base (already escaped for an attribute, a path
 * with or without a query) with page=N added; more: a next page exists.
 * Nothing when page 1 is the only one. */
void html_pager(struct buf *b, const char *base, int page, int more);

/* A string member of a JSON object, "" when absent (borrowed). */
const char *html_jstr(const json_t *row, const char *key);
/* Appends a number as a person reads it: six significant digits, and a
 * value of 100,000 or more whole with its thousands apart. */
void html_number(struct buf *b, double v);
/* Table cells: escaped text; an integer, a number or a time member of row
 * (empty when absent). */
void html_td(struct buf *b, const char *s);
void html_td_int(struct buf *b, const json_t *row, const char *key);
void html_td_num(struct buf *b, const json_t *row, const char *key);
void html_td_time(struct buf *b, const json_t *row, const char *key);
/* Appends uPlot's stylesheet and script, which kpci.js (loaded by every
 * page at its end) draws div.chart elements with. */
void html_chart_scripts(struct buf *b);

#define HTML_SHA_SHOWN 12           /* hex digits of a commit id shown */

/* A commit id as <code class="sha"> of its first HTML_SHA_SHOWN digits,
 * the whole id in its title; nothing for "" or NULL. */
void html_sha(struct buf *b, const char *sha);
/* Free text (a subject, a reason) in <span class="clamp">: two lines at
 * most with a control to expand it once kpci.js runs, all of it without. */
void html_clamp(struct buf *b, const char *s);
/* A table cell of free text: html_clamp in <td class="text">. */
void html_td_text(struct buf *b, const char *s);
/* "suite/metric" linking to its chart /series/ID (text alone for id <= 0). */
void html_series_link(struct buf *b, long long series_id, const char *suite,
		      const char *metric);
/* "3 h ago" of Unix time t at now, in <time> with the UTC time as title;
 * nothing for t <= 0. */
void html_age(struct buf *b, long long now, long long t);
/* An empty state: <p class="empty" id="id"> with what (escaped) and what to
 * do next (next: markup, trusted, may hold links). */
void html_empty(struct buf *b, const char *id, const char *what, const char *next);
/* Number cells of a record (lib/rec.h): empty when not finite, for REC_NONE. */
void html_td_real(struct buf *b, double v);
void html_td_measure(struct buf *b, long long v);

#endif
