/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check_db.h - a unit test's own queries on a kpci database.  Each takes
 * the connection's lock around its statement, as every use of the
 * connection must (db_held stops a test that does not); the rows of a
 * series fixture; and the removal of a test's directory of database
 * files.
 */
#ifndef KPCI_CHECK_DB_H
#define KPCI_CHECK_DB_H

#include <ftw.h>
#include <stdio.h>

#include "db/db_internal.h"

/* db_scalar(db_prep(conn, sql, types, ...), -1) under conn's lock. */
#define test_scalar(conn, ...)                                                  \
	__extension__({                                                         \
		struct db *test_db_ = (conn);                                   \
		long long test_v_;                                              \
		db_lock(test_db_);                                              \
		test_v_ = db_scalar(db_prep(test_db_, __VA_ARGS__), -1);        \
		db_unlock(test_db_);                                            \
		test_v_;                                                        \
	})

/* db_exec_st(conn, db_prep(conn, sql, types, ...)) under conn's lock. */
#define test_exec(conn, ...)                                                    \
	__extension__({                                                         \
		struct db *test_db_ = (conn);                                   \
		int test_rc_;                                                   \
		db_lock(test_db_);                                              \
		test_rc_ = db_exec_st(test_db_, db_prep(test_db_, __VA_ARGS__)); \
		db_unlock(test_db_);                                            \
		test_rc_;                                                       \
	})

/* A new metric SUITE/NAME (ns, lower is better) and its series on runner
 * class c1, noisy or not; the series' id. */
static inline long long check_db_series(struct db *db, const char *suite, const char *name,
					int noisy)
{
	long long metric_id;

	test_exec(db, "INSERT INTO metrics (suite, name, unit, direction) VALUES (?, ?, 'ns', "
		  "'lower')", "ss", suite, name);
	metric_id = test_scalar(db, "SELECT id FROM metrics WHERE suite = ? AND name = ?", "ss",
				suite, name);
	test_exec(db, "INSERT INTO series (metric_id, runner_class, noisy) VALUES (?, 'c1', ?)",
		  "Ii", metric_id, noisy);
	return test_scalar(db, "SELECT MAX(id) FROM series", "");
}

/* Sets the noise band (migration 0025) of the series of change_id. */
static inline void check_db_noise_band(struct db *db, long long change_id, double band)
{
	test_exec(db, "UPDATE series SET noise_band = ? WHERE id = (SELECT series_id FROM "
		  "changes WHERE id = ?)", "dI", band, change_id);
}

static inline int check_db_remove_entry(const char *p, const struct stat *st, int flag,
					struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(p);
}

/* Removes the directory dir and everything in it. */
static inline void check_db_remove_dir(const char *dir)
{
	nftw(dir, check_db_remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

#endif
