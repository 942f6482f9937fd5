// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_compare.c - `kpci compare` (cli/cmd_compare.c): reading both input
 * formats, the per-metric statistics and verdicts, Benjamini-Hochberg
 * across metrics, and the exit status of bad input and bad usage.
 */
#include "cli/cmd_compare.h"
#include "cli/cmp.h"
#include "tests/unit/check.h"
#include "tests/unit/rng.h"

#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TMP_TEMPLATE "/tmp/kpci-test-compare-XXXXXX"

/* Writes text to a new temporary file; its path goes into path. */
static void tmp_write(char *path, const char *text)
{
	int fd;

	snprintf(path, 64, "%s", TMP_TEMPLATE);
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	close(fd);
}

/* Runs cmd_compare with stdout and stderr sent to /dev/null. */
static int run_quiet(int argc, char **argv)
{
	int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
	int rc;

	fflush(stdout);
	fflush(stderr);
	dup2(null, 1);
	dup2(null, 2);
	rc = cmd_compare(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(out, 1);
	dup2(err, 2);
	close(out);
	close(err);
	close(null);
	return rc;
}

/* A CSV of 1,000 null metrics and 10 with a 3% shift, 10 samples a side:
 * BH keeps the real ones and (nearly) no false ones. */
static void test_many_metrics(void)
{
	size_t cap = 1 << 22, la, lb;
	char *a = malloc(cap), *b = malloc(cap), pa[64], pb[64];
	struct cmp_set base = { 0 }, head = { 0 };
	struct cmp_row *rows = NULL;
	size_t n_rows = 0, real = 0, false_alarms = 0, raw = 0;

	la = lb = (size_t)snprintf(a, cap, "metric,value\n");
	memcpy(b, a, la + 1);
	for (int m = 0; m < 1010; m++)
		for (int i = 0; i < 10; i++) {
			double f = m >= 1000 ? 1.03 : 1.0;

			la += (size_t)snprintf(a + la, cap - la,
					       "m%04d,%.6f\n", m, 1000 *
					       (1 + 0.01 * rng_normal()));
			lb += (size_t)snprintf(b + lb, cap - lb,
					       "m%04d,%.6f\n", m, 1000 * f *
					       (1 + 0.01 * rng_normal()));
		}
	tmp_write(pa, a);
	tmp_write(pb, b);
	CHECK_INT(cmp_read(&base, pa), 0);
	CHECK_INT(cmp_read(&head, pb), 0);
	CHECK_INT(base.n, 1010);
	CHECK_INT(cmp_rows(&rows, &n_rows, &base, &head), 0);
	CHECK_INT(n_rows, 1010);
	for (size_t i = 0; i < n_rows; i++) {
		int changed = !strcmp(cmp_verdict(&rows[i], 0.05),
				      "changed");

		CHECK_INT(rows[i].base->n, 10);
		CHECK(rows[i].q >= rows[i].p);
		if (i >= 1000)
			real += changed;
		else
			false_alarms += changed;
		raw += i < 1000 && rows[i].p < 0.05;
	}
	printf("compare: 1,000 null metrics + 10 shifted 3%%: %zu/10 changed, "
	       "%zu false (raw p < 0.05: %zu)\n", real, false_alarms, raw);
	CHECK(real >= 9);
	CHECK(false_alarms <= 2);
	CHECK(raw > 10);
	free(rows);
	cmp_set_dispose(&base);
	cmp_set_dispose(&head);
	unlink(pa);
	unlink(pb);
	free(a);
	free(b);
}

/* Plain files, headerless CSV, a constant metric, a one-sample side. */
static void test_formats(void)
{
	char p1[64], p2[64], p3[64], p4[64];
	struct cmp_set s1 = { 0 }, s2 = { 0 }, s3 = { 0 }, s4 = { 0 };
	struct cmp_row *rows = NULL;
	size_t n = 0;

	tmp_write(p1, "# base\n100\n101\n99\n100.5\n\n99.5\n");
	tmp_write(p2, "110\n111\n109\n110.5\n109.5\n");
	tmp_write(p3, "size,100\nsize,100\nsize,100\nruns,5\n"
		      "one,3\n\"quoted name\",\"7\"\nquoted name,8\n");
	tmp_write(p4, "Value,Metric,host\n101,size,a\n101,size,b\n"
		      "101,size,c\n5,runs,a\n4,one,a\n4,one,b\n");
	CHECK_INT(cmp_read(&s1, p1), 0);
	CHECK_INT(cmp_read(&s2, p2), 0);
	CHECK_INT(s1.n, 1);
	CHECK_STR(s1.m[0].name, "value");
	CHECK_INT(s1.m[0].n, 5);
	CHECK_INT(cmp_rows(&rows, &n, &s1, &s2), 0);
	CHECK_INT(n, 1);
	if (n == 1) {
		CHECK_NEAR(rows[0].ci.percent, 10, 1e-9);
		CHECK(rows[0].ci.lo < 10 && rows[0].ci.hi > 10);
		CHECK(rows[0].p_welch < 1e-6);
		CHECK(rows[0].p_mw < 0.05);
		CHECK_STR(cmp_verdict(&rows[0], 0.05), "changed");
	}
	free(rows);
	CHECK_INT(cmp_read(&s3, p3), 0);
	CHECK_INT(cmp_read(&s4, p4), 0);
	CHECK_INT(s3.n, 4);
	CHECK(cmp_find(&s3, "quoted name") != NULL);
	CHECK_INT(cmp_rows(&rows, &n, &s3, &s4), 0);
	CHECK_INT(n, 3);	/* size, runs, one */
	if (n == 3) {
		CHECK_STR(rows[0].base->name, "size");
		CHECK_NEAR(rows[0].ci.percent, 1, 1e-9);
		CHECK(rows[0].p_welch == 0);	/* exact constants */
		CHECK_STR(cmp_verdict(&rows[1], 0.05), "too-few");
		CHECK_STR(cmp_verdict(&rows[2], 0.05), "too-few");
	}
	CHECK_INT(cmp_only(&s3, &s4), 1);
	CHECK_INT(cmp_only(&s4, &s3), 0);
	free(rows);
	cmp_set_dispose(&s1);
	cmp_set_dispose(&s2);
	cmp_set_dispose(&s3);
	cmp_set_dispose(&s4);
	{	/* the command: options before and after the files */
		char *v1[] = { "compare", p1, p2, NULL };
		char *v2[] = { "compare", p1, "--json", p2, "--alpha",
				     "0.01", NULL };
		char *v3[] = { "compare", "--alpha=0.01", p3, p4, NULL };

		CHECK_INT(run_quiet(3, v1), 0);
		CHECK_INT(run_quiet(6, v2), 0);
		CHECK_INT(run_quiet(4, v3), 0);
	}
	unlink(p1);
	unlink(p2);
	unlink(p3);
	unlink(p4);
}

/* Bad data exits 1 with one sentence; bad usage exits 2. */
static void test_errors(void)
{
	char good[64], bad[64], hdr[64], empty[64], other[64];
	char *v_bad[] = { "compare", bad, good, NULL };
	char *v_hdr[] = { "compare", hdr, good, NULL };
	char *v_empty[] = { "compare", good, empty, NULL };
	char *v_none[] = { "compare", good, other, NULL };
	char *v_missing[] = { "compare", good, "/nonexistent/x", NULL };
	char *v_one[] = { "compare", good, NULL };
	char *v_three[] = { "compare", good, good, good, NULL };
	char *v_alpha[] = { "compare", "--alpha", "1.5", good, good,
				  NULL };
	char *v_opt[] = { "compare", "--frobnicate", good, good, NULL };
	char *v_stdin[] = { "compare", "-", "-", NULL };
	struct cmp_set s = { 0 };

	tmp_write(good, "1\n2\n3\n");
	tmp_write(bad, "1\n2\nthree\n");
	tmp_write(hdr, "name,number\nx,y\n");
	tmp_write(empty, "# nothing\n\n");
	tmp_write(other, "foo,1\nfoo,2\n");
	CHECK_INT(run_quiet(3, v_bad), 1);
	CHECK_INT(run_quiet(3, v_hdr), 1);
	CHECK_INT(run_quiet(3, v_empty), 1);
	CHECK_INT(run_quiet(3, v_none), 1);
	CHECK_INT(run_quiet(3, v_missing), 1);
	CHECK_INT(run_quiet(2, v_one), 2);
	CHECK_INT(run_quiet(4, v_three), 2);
	CHECK_INT(run_quiet(5, v_alpha), 2);
	CHECK_INT(run_quiet(4, v_opt), 2);
	CHECK_INT(run_quiet(3, v_stdin), 2);
	CHECK_INT(cmp_read(&s, bad), -1);
	cmp_set_dispose(&s);
	unlink(good);
	unlink(bad);
	unlink(hdr);
	unlink(empty);
	unlink(other);
}

int main(void)
{
	rng_state = 0x853c49e6748fea9bull;     /* the stream the checks were planted with */
	test_formats();
	test_errors();
	test_many_metrics();
	return check_done();
}
