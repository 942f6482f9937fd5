/*
 * pages.h - the dashboard pages, one file each under web/.  A page
 * renders into b and returns 0, or -1 when its data could not be read.
 */
#ifndef KPCI_WEB_PAGES_H
#define KPCI_WEB_PAGES_H

#include "lib/buf.h"

struct db;

/* "/": runners, recent jobs, latest samples. */
int page_overview(struct buf *b, struct db *db);

#endif
