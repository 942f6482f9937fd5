/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * db.h - kpci's data-access layer over one SQLite file: everything of it,
 * one header per family of tables (as libgit2's git2.h includes
 * the headers of git2/).  A file of db/ includes the family it implements; the rest
 * of kpci includes this.
 */
#ifndef KPCI_DB_H
#define KPCI_DB_H

#include "db/db_core.h"

#include "db/db_analysis.h"
#include "db/db_bisect.h"
#include "db/db_builds.h"
#include "db/db_confirm.h"
#include "db/db_pages.h"
#include "db/db_queue.h"
#include "db/db_reports.h"
#include "db/db_trees.h"

#endif
