/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * migrations.h - the schema migrations compiled into kpcid.
 *
 * db/migrations/NNNN-name.sql are embedded by db/embed.sh at build time.
 * Migration N moves a database from PRAGMA user_version N-1 to N; each is
 * applied in its own transaction by db_open().
 */
#ifndef KPCI_DB_MIGRATIONS_H
#define KPCI_DB_MIGRATIONS_H

struct db_migration {
	int version;
	const char *name;
	const char *sql;
};

extern const struct db_migration db_migrations[];
extern const int db_migrations_count;

#endif
