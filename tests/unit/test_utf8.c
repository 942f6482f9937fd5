// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_utf8.c - UTF-8 validation and repair, and that text which is not
 * UTF-8 (a Latin-1 commit subject) reaches a record (db_column_dup), and
 * through it JSON, with U+FFFD in place of each bad byte instead of
 * vanishing.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <sqlite3.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "lib/utf8.h"
#include "check.h"

static void test_valid(void)
{
	CHECK(utf8_valid("plain ascii", 11));
	CHECK(utf8_valid("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\xa7", 14));
	CHECK(utf8_valid("a\0b", 3));
	CHECK(!utf8_valid("caf\xe9", 4));		/* Latin-1 */
	CHECK(!utf8_valid("\xc0\xaf", 2));		/* overlong '/' */
	CHECK(!utf8_valid("\xe0\x80\xaf", 3));		/* overlong, 3 bytes */
	CHECK(!utf8_valid("\xed\xa0\x80", 3));		/* surrogate */
	CHECK(!utf8_valid("\xf4\x90\x80\x80", 4));	/* above U+10FFFF */
	CHECK(!utf8_valid("\xe2\x82", 2));		/* truncated */
}

static void test_repair(void)
{
	size_t n;
	char *s = utf8_repair("Ren\xe9 M\xfcller \xe2\x82", 14, &n);

	CHECK_STR(s, "Ren\xef\xbf\xbd M\xef\xbf\xbdller \xef\xbf\xbd\xef\xbf\xbd");
	CHECK_INT(n, strlen(s));
	CHECK(utf8_valid(s, n));
	free(s);
	s = utf8_repair("ok \xc3\xa9", 5, &n);
	CHECK_STR(s, "ok \xc3\xa9");
	free(s);
}

static void test_db_columns(void)
{
	char dir[] = "/tmp/kpci-test-utf8.XXXXXX", path[256];
	struct db *db = NULL;
	char *cause = NULL, *subject = NULL, *author = NULL;
	sqlite3_stmt *st;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/u.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	db_lock(db);
	st = db_prep(db, "SELECT ?1 AS subject, ?2 AS author", "ss",
			"fix caf\xe9 handling", "Jos\xc3\xa9");
	CHECK(st && sqlite3_step(st) == SQLITE_ROW);
	if (st) {
		subject = db_column_dup(st, 0);
		author = db_column_dup(st, 1);
	}
	db_done(st);
	db_unlock(db);
	CHECK_STR(subject, "fix caf\xef\xbf\xbd handling");
	CHECK_STR(author, "Jos\xc3\xa9");
	free(subject);
	free(author);
	db_close(db);
	unlink(path);
	snprintf(path, sizeof path, "%s/u.db-wal", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/u.db-shm", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	test_valid();
	test_repair();
	test_db_columns();
	return check_done();
}
