// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_bisect_due.c - db_bisect_due (db/db_bisect.c): the changes due an
 * automatic bisection are those of the trees named, so that the many
 * changes of a tree that is not bisected never fill the look and keep a
 * bisected tree's change from its turn; confirmation, noise, settling
 * and direction as documented in docs/bisect.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "tests/unit/check.h"
#include "tests/unit/check_db.h"

static char dir[] = "/tmp/kpci-test-bisect-due.XXXXXX";
static struct db *db;

/* A change of tree on a series of its own, its bad commit known in that
 * tree; returns its id. */
static long long change(const char *tree, const char *metric, const char *direction,
			int noisy, const char *confirm, long long at)
{
	char good[48], bad[48], range[128];
	long long series_id, tree_id;

	tree_id = test_scalar(db, "SELECT id FROM trees WHERE name = ?", "s", tree);
	snprintf(good, sizeof good, "g-%s-%s", tree, metric);
	snprintf(bad, sizeof bad, "b-%s-%s", tree, metric);
	snprintf(range, sizeof range, "commit:%s..%s", good, bad);
	test_exec(db, "INSERT INTO commits (tree_id, sha, level) VALUES (?, ?, 1)", "Is", tree_id,
		  bad);
	series_id = check_db_series(db, "kbench", metric, noisy);
	test_exec(db, "INSERT INTO changes (series_id, group_id, good_sha, bad_sha, range_key, "
		  "magnitude, direction, state, detected_at, confirm) VALUES (?, 0, ?, ?, ?, 0.5, "
		  "?, 'new', ?, ?)", "IssssIs", series_id, good, bad, range, direction, at,
		  confirm);
	return test_scalar(db, "SELECT MAX(id) FROM changes", "");
}

/* The ids db_bisect_due gives, as "1 2 3". */
static char *due(const char *const *trees, int improvements, int confirmed, int limit)
{
	struct db_bisect_due *v = NULL;
	size_t n = 0, len = 0;
	char *s = calloc(1, 4096);

	CHECK_INT(db_bisect_due(db, &v, &n, 2000, improvements, confirmed, trees, limit), DB_OK);
	for (size_t i = 0; s && i < n; i++)
		len += (size_t)snprintf(s + len, 4096 - len, "%s%lld", i ? " " : "", v[i].change_id);
	free(v);
	return s;
}

int main(void)
{
	static const char *const linux_only[] = { "linux", NULL };
	static const char *const both[] = { "linux", "next", NULL };
	static const char *const none[] = { NULL };
	char path[256], *cause = NULL, *s, want[64];
	long long first_linux, later;

	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/b.db", dir);
	CHECK_INT(db_open(&db, path, &cause), DB_OK);
	test_exec(db, "INSERT INTO trees (name, url, created_at) VALUES ('linux', 'u', 1), "
		  "('next', 'u', 1)", "");

	/* twenty changes of a tree that is not bisected, then linux's */
	for (int i = 0; i < 20; i++) {
		char m[32];

		snprintf(m, sizeof m, "next-%d", i);
		change("next", m, "regression", 0, "confirmed", 1000);
	}
	first_linux = change("linux", "getppid", "regression", 0, "confirmed", 1000);
	change("linux", "noisy", "regression", 1, "confirmed", 1000);  /* never due */
	change("linux", "unconfirmed", "regression", 0, NULL, 1000);
	change("linux", "fresh", "regression", 0, "confirmed", 5000);
	later = change("linux", "yield", "improvement", 0, "confirmed", 1000);

	/* the look reads past the other tree's changes, whatever its limit */
	s = due(linux_only, 1, 1, 2);
	snprintf(want, sizeof want, "%lld %lld", first_linux, later);
	CHECK_STR(s, want);
	free(s);
	s = due(linux_only, 0, 1, 16);          /* improvements off */
	snprintf(want, sizeof want, "%lld", first_linux);
	CHECK_STR(s, want);
	free(s);
	s = due(linux_only, 1, 0, 16);          /* confirmation off: the unconfirmed too */
	snprintf(want, sizeof want, "%lld %lld %lld", first_linux, first_linux + 2, later);
	CHECK_STR(s, want);
	free(s);
	/* both trees: the oldest first, within the limit */
	s = due(both, 1, 1, 3);
	CHECK_STR(s, "1 2 3");
	free(s);
	s = due(none, 1, 1, 16);
	CHECK_STR(s, "");
	free(s);

	/* a noisy series' change beyond its noise band (1 + 0.5 >= 1.4) is
	 * due; one within it (1.6) is not, nor one of a noisy series whose
	 * band is not known yet (the "noisy" change above) */
	{
		long long loud = change("linux", "loud", "regression", 1, "confirmed", 1000);
		long long within = change("linux", "within", "regression", 1, "confirmed", 1000);

		check_db_noise_band(db, loud, 1.4);
		check_db_noise_band(db, within, 1.6);
		s = due(linux_only, 1, 1, 16);
		snprintf(want, sizeof want, "%lld %lld %lld", first_linux, later, loud);
		CHECK_STR(s, want);
		free(s);
		/* ... and downwards: a change to 0.5 of the base passes a band of 1.9 */
		test_exec(db, "UPDATE changes SET magnitude = -0.5 WHERE id = ?", "I", within);
		check_db_noise_band(db, within, 1.9);
		s = due(linux_only, 1, 1, 16);
		snprintf(want, sizeof want, "%lld %lld %lld %lld", first_linux, later, loud, within);
		CHECK_STR(s, want);
		free(s);
	}

	db_close(db);
	check_db_remove_dir(dir);
	return check_done();
}
