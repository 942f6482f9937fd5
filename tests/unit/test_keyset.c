// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_keyset.c - the set of 64-bit keys: membership through growth,
 * duplicates counted once, the key 0, keys that collide in the table,
 * a full set adding a key it holds.
 */
#include <stdint.h>

#include "lib/keyset.h"
#include "check.h"

static void test_members(void)
{
	struct keyset s = { 0 };
	uint64_t x = 88172645463325252ull;

	int failed = 0;

	CHECK(!keyset_has(&s, 42));
	for (int i = 0; i < 100000; i++) {      /* through several doublings */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		failed += keyset_add(&s, x) != 1;
	}
	CHECK_INT(failed, 0);
	CHECK_INT((long long)s.n, 100000);
	CHECK(s.n * 3 <= s.nslots * 2);
	x = 88172645463325252ull;
	for (int i = 0; i < 100000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		failed += !keyset_has(&s, x) || keyset_has(&s, x + 1);
	}
	CHECK_INT(failed, 0);
	CHECK_INT(keyset_add(&s, x), 0);        /* again: still one */
	CHECK_INT((long long)s.n, 100000);
	CHECK(!keyset_has(&s, 0));
	CHECK_INT(keyset_add(&s, 0), 1);
	CHECK_INT(keyset_add(&s, 0), 0);
	CHECK(keyset_has(&s, 0));
	keyset_dispose(&s);
	CHECK(!keyset_has(&s, x));
}

/* Keys that differ only in their top bits land near each other. */
static void test_clustered(void)
{
	struct keyset s = { 0 };
	int failed = 0, missing = 0;

	for (uint64_t i = 1; i <= 5000; i++)
		failed += keyset_add(&s, i << 48) != 1;
	for (uint64_t i = 1; i <= 5000; i++)
		missing += !keyset_has(&s, i << 48);
	CHECK_INT(failed, 0);
	CHECK_INT(missing, 0);
	CHECK(!keyset_has(&s, 5001ull << 48));
	CHECK_INT((long long)s.n, 5000);
	keyset_dispose(&s);
}

/* A full set does not grow to add a key it holds: the watcher adds
 * every commit a poll read, the stored ones it met too. */
static void test_full(void)
{
	struct keyset s = { 0 };
	size_t nslots;
	uint64_t k = 1;

	while (s.nslots == 0 || (s.n + 1) * 3 <= s.nslots * 2)
		CHECK_INT(keyset_add(&s, k++), 1);
	nslots = s.nslots;                      /* one more new key grows it */
	CHECK_INT(keyset_add(&s, 1), 0);
	CHECK_INT(keyset_add(&s, k - 1), 0);
	CHECK_INT((long long)s.nslots, (long long)nslots);
	CHECK_INT(keyset_add(&s, k), 1);
	CHECK((long long)s.nslots > (long long)nslots);
	keyset_dispose(&s);
}

int main(void)
{
	test_members();
	test_clustered();
	test_full();
	return check_done();
}
