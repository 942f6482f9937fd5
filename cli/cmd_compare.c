// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_compare.c - `kpci compare`: base samples against head samples.
 *
 * Each of the two files is either one number per line (one metric, named
 * "value") or CSV rows `metric,value` (many metrics; a header naming the
 * `metric` and `value` columns is optional, other columns are ignored).
 * For every metric present in both files the report gives, as LKP does,
 * base mean ± %stddev, %change, head mean ± %stddev, and adds the 95%
 * interval of the change, Welch's t and Mann-Whitney U p-values, and the
 * Benjamini-Hochberg q-value over all metrics compared.  A metric is
 * "changed" when q < alpha (docs/detector.md, "kpci compare").  The
 * samples and statistics come from cli/cmp.h; this file parses the
 * command line and prints.
 */
#include "cli/cmd_compare.h"
#include "cli/cmp.h"
#include "lib/csvnum.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COMPARE_DEFAULT_ALPHA 0.05	/* false discovery rate */

static void compare_usage(FILE *f)
{
	fputs("usage: kpci compare [--alpha Q] [--json] BASE HEAD\n"
	      "  BASE and HEAD hold one number per line, or CSV rows "
	      "metric,value; - is stdin.\n", f);
}


/* Cell formats of the text table. */
enum compare_cell {
	CELL_MEAN,			/* 1234.56 */
	CELL_SD,			/* ±  2.3% */
	CELL_CHANGE,			/* +12.3% */
	CELL_P,				/* 0.0012 */
};

/* Formats v as a table cell into buf; "-" when v is not finite. */
static const char *compare_cell(char *buf, size_t n, enum compare_cell c,
				double v)
{
	if (!isfinite(v))
		snprintf(buf, n, "-");
	else if (c == CELL_MEAN)
		snprintf(buf, n, "%.6g", v);
	else if (c == CELL_SD)
		snprintf(buf, n, "±%4.1f%%", v);
	else if (c == CELL_CHANGE)
		snprintf(buf, n, "%+.1f%%", v);
	else
		snprintf(buf, n, "%.2g", v);
	return buf;
}

static void compare_print_text(const struct cmp_row *r, size_t n,
			       double alpha, size_t only_b, size_t only_h)
{
	printf("%14s %8s %9s %19s %14s %8s %9s %9s %9s  %-8s %s\n", "base",
	       "%stddev", "%change", "95% CI", "head", "%stddev", "p(welch)",
	       "p(mw)", "q", "verdict", "metric (n base/head)");
	for (size_t i = 0; i < n; i++) {
		char ci[64] = "-", c[8][32];

		if (isfinite(r[i].ci.lo))
			snprintf(ci, sizeof ci, "[%+.1f%%, %+.1f%%]",
				 r[i].ci.lo, r[i].ci.hi);
		/* "±" is two bytes: the %stddev columns get one more. */
		printf("%14s %9s %9s %19s %14s %9s %9s %9s %9s  %-8s %s "
		       "(%zu/%zu)\n",
		       compare_cell(c[0], 32, CELL_MEAN, r[i].mean_b),
		       compare_cell(c[1], 32, CELL_SD, r[i].sd_b),
		       compare_cell(c[2], 32, CELL_CHANGE, r[i].ci.percent), ci,
		       compare_cell(c[3], 32, CELL_MEAN, r[i].mean_h),
		       compare_cell(c[4], 32, CELL_SD, r[i].sd_h),
		       compare_cell(c[5], 32, CELL_P, r[i].p_welch),
		       compare_cell(c[6], 32, CELL_P, r[i].p_mw),
		       compare_cell(c[7], 32, CELL_P, r[i].q),
		       cmp_verdict(&r[i], alpha), r[i].base->name,
		       r[i].base->n, r[i].head->n);
	}
	if (only_b || only_h)
		printf("# metrics only in base: %zu, only in head: %zu (not "
		       "compared)\n", only_b, only_h);
}

/* Adds name: v to obj, as null when v is not finite.  Returns 0, or -1. */
static int compare_set_real(json_t *obj, const char *name, double v)
{
	return json_object_set_new(obj, name,
				   isfinite(v) ? json_real(v) : json_null());
}

/* {"n":…,"mean":…,"stddev_percent":…} of one side. */
static json_t *compare_side(const struct cmp_metric *m, double mean,
			    double sd)
{
	json_t *o = json_object();

	if (!o || json_object_set_new(o, "n", json_integer((json_int_t)m->n)) ||
	    compare_set_real(o, "mean", mean) ||
	    compare_set_real(o, "stddev_percent", sd)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One row as a JSON object, or NULL (a name that is not UTF-8, or no
 * memory). */
static json_t *compare_row_json(const struct cmp_row *r, double alpha)
{
	json_t *name = json_string(r->base->name), *o, *ci;

	if (!name)
		return NULL;
	o = json_object();
	ci = json_array();
	if (!o || !ci) {
		json_decref(name);
		json_decref(o);
		json_decref(ci);
		return NULL;
	}
	/* The *_new setters take the reference even when they fail. */
	if (json_object_set_new(o, "metric", name) ||
	    json_object_set_new(o, "base",
				compare_side(r->base, r->mean_b, r->sd_b)) ||
	    json_object_set_new(o, "head",
				compare_side(r->head, r->mean_h, r->sd_h)) ||
	    compare_set_real(o, "change_percent", r->ci.percent) ||
	    json_array_append_new(ci, isfinite(r->ci.lo) ? json_real(r->ci.lo)
							  : json_null()) ||
	    json_array_append_new(ci, isfinite(r->ci.hi) ? json_real(r->ci.hi)
							  : json_null()) ||
	    json_object_set_new(o, "ci95_percent", ci) ||
	    compare_set_real(o, "welch_p", r->p_welch) ||
	    compare_set_real(o, "mann_whitney_p", r->p_mw) ||
	    compare_set_real(o, "q", r->q) ||
	    json_object_set_new(o, "verdict",
				json_string(cmp_verdict(r, alpha)))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Prints the JSON report.  Returns 0, or -1. */
static int compare_print_json(const struct cmp_row *r, size_t n,
			      double alpha, size_t only_b, size_t only_h)
{
	json_t *root = json_object(), *arr = json_array();
	char *text;
	int rc = -1;

	if (!root || !arr || compare_set_real(root, "alpha", alpha) ||
	    json_object_set(root, "metrics", arr) ||
	    json_object_set_new(root, "only_in_base",
				json_integer((json_int_t)only_b)) ||
	    json_object_set_new(root, "only_in_head",
				json_integer((json_int_t)only_h)))
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (json_array_append_new(arr, compare_row_json(&r[i], alpha)))
			goto fail;
	text = json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(10));
	if (!text)
		goto fail;
	puts(text);
	free(text);
	rc = 0;
fail:
	json_decref(arr);
	json_decref(root);
	return rc;
}

/* Parses the options.  Returns 0, 1 for --help, or -1 after printing the
 * usage error.  Options may follow the files, as GNU getopt permutes. */
static int compare_args(double *alpha, int *json, const char *files[2],
			int argc, char **argv)
{
	const char *a_alpha = NULL;
	size_t n_files = 0;
	int opts_done = 0;

	*alpha = COMPARE_DEFAULT_ALPHA;
	*json = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts_done || a[0] != '-' || !strcmp(a, "-")) {
			if (n_files < 2)
				files[n_files] = a;
			n_files++;
		} else if (!strcmp(a, "--")) {
			opts_done = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			return 1;
		} else if (!strcmp(a, "--json")) {
			*json = 1;
		} else if (!strncmp(a, "--alpha=", 8)) {
			a_alpha = a + 8;
		} else if (!strcmp(a, "--alpha")) {
			if (i + 1 == argc) {
				fprintf(stderr, "kpci compare: option --alpha "
					"needs a value.\n");
				return -1;
			}
			a_alpha = argv[++i];
		} else {
			fprintf(stderr, "kpci compare: unknown option %s.\n",
				a);
			return -1;
		}
	}
	if (n_files != 2) {
		fprintf(stderr, "kpci compare: expected two files, BASE and "
			"HEAD, got %zu.\n", n_files);
		return -1;
	}
	if (!strcmp(files[0], "-") && !strcmp(files[1], "-")) {
		fprintf(stderr, "kpci compare: only one of BASE and HEAD can "
			"be stdin.\n");
		return -1;
	}
	if (a_alpha && (csvnum_number(alpha, a_alpha, strlen(a_alpha)) < 0 ||
			!(*alpha > 0 && *alpha < 1))) {
		fprintf(stderr, "kpci compare: --alpha wants a number in "
			"(0, 1), got \"%s\".\n", a_alpha);
		return -1;
	}
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	struct cmp_set base = { 0 }, head = { 0 };
	struct cmp_row *rows = NULL;
	const char *files[2] = { NULL, NULL };
	size_t n_rows = 0;
	double alpha;
	int json, rc = compare_args(&alpha, &json, files, argc, argv);

	if (rc == 1) {
		compare_usage(stdout);
		return 0;
	}
	if (rc < 0) {
		compare_usage(stderr);
		return 2;
	}
	rc = 1;
	if (cmp_read(&base, files[0]) < 0 ||
	    cmp_read(&head, files[1]) < 0)
		goto fail;
	if (cmp_rows(&rows, &n_rows, &base, &head) < 0) {
		fprintf(stderr, "kpci compare: out of memory.\n");
		goto fail;
	}
	if (n_rows == 0) {
		fprintf(stderr, "kpci compare: %s and %s have no metric in "
			"common.\n", files[0], files[1]);
		goto fail;
	}
	if (json) {
		if (compare_print_json(rows, n_rows, alpha,
				       cmp_only(&base, &head),
				       cmp_only(&head, &base)) < 0) {
			fprintf(stderr, "kpci compare: cannot format the "
				"result (metric names must be UTF-8).\n");
			goto fail;
		}
	} else {
		compare_print_text(rows, n_rows, alpha,
				   cmp_only(&base, &head),
				   cmp_only(&head, &base));
	}
	rc = 0;
fail:
	free(rows);
	cmp_set_dispose(&base);
	cmp_set_dispose(&head);
	return rc;
}

