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
 * statistics come from lib/stats.h; this file only reads and prints.
 */
#include "cli/cmd_compare.h"
#include "lib/csvnum.h"
#include "lib/stats.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define COMPARE_MAX_LINE 4096		/* bytes in one input line */
#define COMPARE_MAX_LINES 50000000u	/* lines read from one file */
#define COMPARE_MAX_METRICS 100000u	/* distinct metrics in one file */
#define COMPARE_MAX_NAME 256		/* bytes in a metric name */
#define COMPARE_MAX_SHOWN 40		/* chars of a bad token quoted */
#define COMPARE_DEFAULT_ALPHA 0.05	/* false discovery rate */
#define COMPARE_LEVEL 0.95		/* confidence of the change interval */
#define COMPARE_SINGLE_NAME "value"	/* the metric of a plain number file */

/* The samples of one metric in one file. */
struct compare_metric {
	char *name;
	double *v;
	size_t n, cap;
};

/* All metrics of one file, in order of first appearance, with a hash
 * index by name (open addressing; slots hold index + 1, 0 is empty). */
struct compare_set {
	struct compare_metric *m;
	size_t n, cap;
	size_t *slot;
	size_t n_slots;			/* a power of two >= 2 * cap */
};

/* One row of the report. */
struct compare_row {
	const struct compare_metric *base, *head;
	double mean_b, sd_b, mean_h, sd_h;	/* sd in % of the mean */
	struct stats_change_ci ci;
	double p_welch, p_mw, p, q;
	int tested;			/* both sides have 2+ samples */
};

static void compare_usage(FILE *f)
{
	fputs("usage: kpci compare [--alpha Q] [--json] BASE HEAD\n"
	      "  BASE and HEAD hold one number per line, or CSV rows "
	      "metric,value; - is stdin.\n", f);
}

static void compare_set_free(struct compare_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->m[i].name);
		free(s->m[i].v);
	}
	free(s->m);
	free(s->slot);
}

/* FNV-1a hash of name[0..len). */
static size_t compare_hash(const char *name, size_t len)
{
	size_t h = (size_t)14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * (size_t)1099511628211ull;
	return h;
}

/* The hash slot of name[0..len) in s: the one holding it, or the empty
 * slot where it belongs.  s->n_slots must be > s->n. */
static size_t *compare_slot(const struct compare_set *s, const char *name,
			    size_t len)
{
	size_t i = compare_hash(name, len) & (s->n_slots - 1);

	for (;; i = (i + 1) & (s->n_slots - 1)) {
		size_t k = s->slot[i];

		if (k == 0 || (strlen(s->m[k - 1].name) == len &&
			       !memcmp(s->m[k - 1].name, name, len)))
			return &s->slot[i];
	}
}

/* Rebuilds the hash index with n_slots slots.  Returns 0, or -1. */
static int compare_rehash(struct compare_set *s, size_t n_slots)
{
	size_t *old = s->slot;

	s->slot = calloc(n_slots, sizeof *s->slot);
	if (!s->slot) {
		s->slot = old;
		return -1;
	}
	free(old);
	s->n_slots = n_slots;
	for (size_t i = 0; i < s->n; i++)
		*compare_slot(s, s->m[i].name, strlen(s->m[i].name)) = i + 1;
	return 0;
}

/* The metric called name in s, or NULL. */
static const struct compare_metric *compare_find(const struct compare_set *s,
						 const char *name)
{
	size_t k;

	if (s->n_slots == 0)
		return NULL;
	k = *compare_slot(s, name, strlen(name));
	return k ? &s->m[k - 1] : NULL;
}

/* The metric called name[0..len) in s, created when new.  Returns it, or
 * NULL when the set is full or memory is out. */
static struct compare_metric *compare_get(struct compare_set *s,
					  const char *name, size_t len)
{
	struct compare_metric *m;
	size_t *slot;

	if (s->n_slots && (slot = compare_slot(s, name, len)) && *slot)
		return &s->m[*slot - 1];
	if (s->n == COMPARE_MAX_METRICS)
		return NULL;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		struct compare_metric *nm = realloc(s->m, cap * sizeof *nm);

		if (!nm)
			return NULL;
		s->m = nm;
		s->cap = cap;
		if (compare_rehash(s, 4 * cap) < 0)
			return NULL;
	}
	m = &s->m[s->n];
	*m = (struct compare_metric){ 0 };
	m->name = strndup(name, len);
	if (!m->name)
		return NULL;
	*compare_slot(s, name, len) = ++s->n;
	return m;
}

/* Appends v to m.  Returns 0, or -1 when memory is out. */
static int compare_push(struct compare_metric *m, double v)
{
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 16;
		double *nv = realloc(m->v, cap * sizeof *nv);

		if (!nv)
			return -1;
		m->v = nv;
		m->cap = cap;
	}
	m->v[m->n++] = v;
	return 0;
}

/* Input format of a file, decided by its first data line. */
enum compare_format {
	COMPARE_UNKNOWN,
	COMPARE_PLAIN,			/* one number per line */
	COMPARE_CSV,			/* metric and value columns */
};

/* Parsing context of one file. */
struct compare_reader {
	const char *file;
	size_t lineno;
	enum compare_format fmt;
	long col_metric, col_value;
};

/* Prints "kpci compare: FILE:LINE: what, got "tok"." */
static void compare_bad(const struct compare_reader *r, const char *what,
			const char *tok, size_t len)
{
	tok = csvnum_trim(tok, &len);
	fprintf(stderr, "kpci compare: %s:%zu: %s, got \"%.*s%s\".\n",
		r->file, r->lineno, what,
		(int)(len > COMPARE_MAX_SHOWN ? COMPARE_MAX_SHOWN : len), tok,
		len > COMPARE_MAX_SHOWN ? "..." : "");
}

/* Decides the format from the first data line; returns 1 when the line
 * was a header (consumed), 0 when it holds data, -1 after complaining. */
static int compare_sniff(struct compare_reader *r, const char *line,
			 size_t len)
{
	const char *f;
	size_t flen;
	double v;

	if (csvnum_number(&v, line, len) == 0) {
		r->fmt = COMPARE_PLAIN;
		return 0;
	}
	r->fmt = COMPARE_CSV;
	r->col_metric = csvnum_column(line, len, "metric");
	r->col_value = csvnum_column(line, len, "value");
	if (r->col_metric >= 0 && r->col_value >= 0)
		return 1;
	/* No header: rows are metric,value. */
	r->col_metric = 0;
	r->col_value = 1;
	if (csvnum_field(&f, &flen, line, len, 1) == 0 &&
	    csvnum_number(&v, f, flen) == 0)
		return 0;
	fprintf(stderr, "kpci compare: %s:%zu: expected a number, a "
		"metric,value row or a header naming the metric and value "
		"columns.\n", r->file, r->lineno);
	return -1;
}

/* Adds the data line to s.  Returns 0, or -1 after complaining. */
static int compare_line(struct compare_set *s, struct compare_reader *r,
			const char *line, size_t len)
{
	const char *name = COMPARE_SINGLE_NAME, *tok = line;
	size_t nlen = strlen(COMPARE_SINGLE_NAME), tlen = len;
	struct compare_metric *m;
	double v;

	if (r->fmt == COMPARE_CSV) {
		if (csvnum_field(&name, &nlen, line, len, r->col_metric) < 0 ||
		    csvnum_field(&tok, &tlen, line, len, r->col_value) < 0) {
			fprintf(stderr, "kpci compare: %s:%zu: the row has "
				"no metric or no value field.\n", r->file,
				r->lineno);
			return -1;
		}
		name = csvnum_trim(name, &nlen);
		if (nlen == 0 || nlen > COMPARE_MAX_NAME) {
			compare_bad(r, "expected a metric name of 1 to 256 "
				    "bytes", name, nlen);
			return -1;
		}
		for (size_t i = 0; i < nlen; i++)
			if (iscntrl((unsigned char)name[i])) {
				compare_bad(r, "the metric name has a control "
					    "character", name, nlen);
				return -1;
			}
	}
	if (csvnum_number(&v, tok, tlen) < 0) {
		compare_bad(r, "expected a finite number", tok, tlen);
		return -1;
	}
	m = compare_get(s, name, nlen);
	if (!m || compare_push(m, v) < 0) {
		fprintf(stderr, "kpci compare: %s:%zu: too many metrics "
			"(over %u) or out of memory.\n", r->file, r->lineno,
			COMPARE_MAX_METRICS);
		return -1;
	}
	return 0;
}

/* Reads the samples of file ("-" is stdin) into s.  Returns 0, or -1
 * after printing one sentence on stderr. */
static int compare_read(struct compare_set *s, const char *file)
{
	struct compare_reader r = { 0 };
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	int rc = -1;

	r.file = strcmp(file, "-") ? file : "stdin";
	if (!f) {
		fprintf(stderr, "kpci compare: %s: cannot open: %s.\n", file,
			strerror(errno));
		return -1;
	}
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got, tlen;

		if (++r.lineno > COMPARE_MAX_LINES) {
			fprintf(stderr, "kpci compare: %s:%zu: more than %u "
				"lines.\n", r.file, r.lineno,
				COMPARE_MAX_LINES);
			goto fail;
		}
		if (len > COMPARE_MAX_LINE) {
			fprintf(stderr, "kpci compare: %s:%zu: line longer "
				"than %d bytes.\n", r.file, r.lineno,
				COMPARE_MAX_LINE);
			goto fail;
		}
		if (memchr(line, '\0', len)) {
			fprintf(stderr, "kpci compare: %s:%zu: NUL byte in a "
				"text file.\n", r.file, r.lineno);
			goto fail;
		}
		tlen = len;
		csvnum_trim(line, &tlen);
		if (tlen == 0 || line[strspn(line, " \t")] == '#')
			continue;	/* blank line or comment */
		if (r.fmt == COMPARE_UNKNOWN) {
			int hdr = compare_sniff(&r, line, len);

			if (hdr < 0)
				goto fail;
			if (hdr)
				continue;
		}
		if (compare_line(s, &r, line, len) < 0)
			goto fail;
	}
	if (ferror(f)) {
		fprintf(stderr, "kpci compare: %s: cannot read: %s.\n", r.file,
			strerror(errno));
		goto fail;
	}
	if (s->n == 0) {
		fprintf(stderr, "kpci compare: %s: no samples.\n", r.file);
		goto fail;
	}
	rc = 0;
fail:
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* Standard deviation of m's samples in percent of their mean. */
static double compare_sd_percent(const struct compare_metric *m, double mean)
{
	double sd = sqrt(stats_variance(m->v, m->n));

	return mean != 0 ? 100 * sd / fabs(mean) : (sd == 0 ? 0 : INFINITY);
}

/* Welch's p-value; equal constant samples give 1, different ones 0. */
static double compare_welch(const struct compare_metric *a,
			    const struct compare_metric *b)
{
	struct stats_test t;

	if (stats_variance(a->v, a->n) == 0 && stats_variance(b->v, b->n) == 0)
		return stats_mean(a->v, a->n) == stats_mean(b->v, b->n) ? 1 : 0;
	if (stats_welch_t(&t, a->v, a->n, b->v, b->n) < 0)
		return NAN;
	return t.pvalue;
}

/* Fills row r for the metric pair (base, head).  Returns 0, or -1 when
 * memory is out. */
static int compare_one(struct compare_row *r, const struct compare_metric *b,
		       const struct compare_metric *h)
{
	struct stats_test mw;

	*r = (struct compare_row){ .base = b, .head = h };
	r->mean_b = stats_mean(b->v, b->n);
	r->mean_h = stats_mean(h->v, h->n);
	r->sd_b = compare_sd_percent(b, r->mean_b);
	r->sd_h = compare_sd_percent(h, r->mean_h);
	r->ci.percent = r->mean_b != 0 ? 100 * (r->mean_h / r->mean_b - 1)
					: NAN;
	r->ci.lo = r->ci.hi = NAN;
	r->p_welch = r->p_mw = r->p = r->q = NAN;
	if (b->n < 2 || h->n < 2)
		return 0;
	if (r->mean_b != 0 &&
	    stats_percent_change_ci(&r->ci, b->v, b->n, h->v, h->n,
				    COMPARE_LEVEL) < 0)
		return -1;
	if (stats_mann_whitney(&mw, b->v, b->n, h->v, h->n) < 0)
		return -1;
	r->p_welch = compare_welch(b, h);
	r->p_mw = mw.pvalue;
	/* Both the mean and the rank test must see the change: the larger
	 * p-value is still a valid p-value, and it keeps a bimodal metric
	 * (t-test) or a tiny shift of many ties (rank test) from alerting. */
	r->p = r->p_welch > r->p_mw ? r->p_welch : r->p_mw;
	r->tested = 1;
	return 0;
}

/* Builds the rows of the metrics of base also in head and adjusts their
 * p-values.  *rows (caller frees) gets *n rows.  Returns 0, or -1. */
static int compare_rows(struct compare_row **rows, size_t *n,
			const struct compare_set *base,
			const struct compare_set *head)
{
	struct compare_row *r = calloc(base->n ? base->n : 1, sizeof *r);
	double *p = calloc(base->n ? base->n : 1, sizeof *p);
	size_t nr = 0, np = 0;

	if (!r || !p)
		goto fail;
	for (size_t i = 0; i < base->n; i++) {
		const struct compare_metric *h = compare_find(head,
							      base->m[i].name);

		if (!h)
			continue;
		if (compare_one(&r[nr], &base->m[i], h) < 0)
			goto fail;
		if (r[nr].tested)
			p[np++] = r[nr].p;
		nr++;
	}
	if (stats_bh_adjust(p, p, np) < 0)
		goto fail;
	np = 0;
	for (size_t i = 0; i < nr; i++)
		if (r[i].tested)
			r[i].q = p[np++];
	free(p);
	*rows = r;
	*n = nr;
	return 0;
fail:
	free(r);
	free(p);
	return -1;
}

/* The verdict of a row at level alpha. */
static const char *compare_verdict(const struct compare_row *r, double alpha)
{
	if (!r->tested)
		return "too-few";
	return r->q < alpha ? "changed" : "same";
}

/* Counts the metrics of a that b lacks. */
static size_t compare_only(const struct compare_set *a,
			   const struct compare_set *b)
{
	size_t k = 0;

	for (size_t i = 0; i < a->n; i++)
		k += compare_find(b, a->m[i].name) == NULL;
	return k;
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

static void compare_print_text(const struct compare_row *r, size_t n,
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
		       compare_verdict(&r[i], alpha), r[i].base->name,
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
static json_t *compare_side(const struct compare_metric *m, double mean,
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
static json_t *compare_row_json(const struct compare_row *r, double alpha)
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
				json_string(compare_verdict(r, alpha)))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Prints the JSON report.  Returns 0, or -1. */
static int compare_print_json(const struct compare_row *r, size_t n,
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
	struct compare_set base = { 0 }, head = { 0 };
	struct compare_row *rows = NULL;
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
	if (compare_read(&base, files[0]) < 0 ||
	    compare_read(&head, files[1]) < 0)
		goto fail;
	if (compare_rows(&rows, &n_rows, &base, &head) < 0) {
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
				       compare_only(&base, &head),
				       compare_only(&head, &base)) < 0) {
			fprintf(stderr, "kpci compare: cannot format the "
				"result (metric names must be UTF-8).\n");
			goto fail;
		}
	} else {
		compare_print_text(rows, n_rows, alpha,
				   compare_only(&base, &head),
				   compare_only(&head, &base));
	}
	rc = 0;
fail:
	free(rows);
	compare_set_free(&base);
	compare_set_free(&head);
	return rc;
}
