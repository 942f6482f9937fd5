/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check.h - the tiny assertion harness every unit test in tests/unit uses.
 *
 * Each test program includes this header, calls CHECK*() as often as it
 * likes and ends main() with `return check_done();`, which prints the
 * program's own "N passed, N failed" line.  tests/run.sh adds those lines
 * up into the suite's final line.  A failed check prints file:line and the
 * expression, so a failure names itself.
 */
#ifndef KPCI_TESTS_CHECK_H
#define KPCI_TESTS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

static inline void check_report(int ok, const char *file, int line,
				const char *what)
{
	if (ok) {
		check_passed++;
	} else {
		check_failed++;
		fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
	}
}

#define CHECK(cond) check_report(!!(cond), __FILE__, __LINE__, #cond)

#define CHECK_INT(a, b) do {						\
	long long check_a_ = (a), check_b_ = (b);			\
	char check_m_[256];						\
	snprintf(check_m_, sizeof check_m_, "%s == %s (%lld != %lld)",	\
		 #a, #b, check_a_, check_b_);				\
	check_report(check_a_ == check_b_, __FILE__, __LINE__, check_m_); \
} while (0)

#define CHECK_STR(a, b) do {						\
	const char *check_a_ = (a), *check_b_ = (b);			\
	char check_m_[512];						\
	snprintf(check_m_, sizeof check_m_, "%s == %s (\"%s\" != \"%s\")", \
		 #a, #b, check_a_ ? check_a_ : "(null)",		\
		 check_b_ ? check_b_ : "(null)");			\
	check_report(check_a_ && check_b_ && !strcmp(check_a_, check_b_), \
		     __FILE__, __LINE__, check_m_);			\
} while (0)

#define CHECK_NEAR(a, b, eps) do {					\
	double check_a_ = (a), check_b_ = (b);				\
	char check_m_[256];						\
	snprintf(check_m_, sizeof check_m_, "%s ~= %s (%g vs %g)",	\
		 #a, #b, check_a_, check_b_);				\
	check_report(fabs(check_a_ - check_b_) <= (eps),		\
		     __FILE__, __LINE__, check_m_);			\
} while (0)

/* Print this program's tally; the exit status is non-zero on any failure. */
/* Prints the program's line; non-zero when a check failed or none ran. */
static inline int check_done(void)
{
	if (!check_passed && !check_failed)
		printf("not ok - no check ran\n");
	printf("%d passed, %d failed\n", check_passed, check_failed);
	return check_failed || !check_passed ? 1 : 0;
}

#endif
