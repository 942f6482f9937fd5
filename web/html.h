/*
 * html.h - HTML output with escaping for each context (after cgit's
 * html.c), and the chrome every dashboard page shares.
 *
 * Everything that came from outside kpcid (commit subjects, author,
 * branch and runner names, logs) goes through html_txt or html_attr.
 */
#ifndef KPCI_WEB_HTML_H
#define KPCI_WEB_HTML_H

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

#endif
