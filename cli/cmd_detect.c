// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_detect.c - `kpci detect`: change points of a series read from a file.
 *
 * The series is one number per line, a CSV file whose header has a `value`
 * column, or a JSON array of numbers; `-` reads stdin.  The result is the
 * JSON object {"change_points":[{"index":…,"mean_before":…,"mean_after":…,
 * "forward_change_percent":…,"pvalue":…},…]} from lib/cpd.  Bad input gets
 * one sentence naming FILE:LINE on stderr and exit status 1; a usage error
 * exits 2.
 */
#include "cli/cmd_detect.h"
#include "lib/csvnum.h"
#include "lib/cpd.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DETECT_MAX_INPUT (256u << 20)	/* bytes read from FILE at most */
#define DETECT_MAX_POINTS 50000000u	/* points in a series at most */
#define DETECT_MAX_SHOWN 40		/* chars of a bad token quoted */

/* A growing array of parsed values. */
struct detect_series {
	double *v;
	size_t n, cap;
};

static void detect_usage(FILE *f)
{
	fputs("usage: kpci detect [--method default|commits|otava] [--window N] "
	      "[--max-pvalue P] [--min-magnitude M] FILE\n"
	      "  FILE holds one number per line, CSV with a `value` column, "
	      "or a JSON array; - is stdin.\n", f);
}

/* Appends v; returns 0, or -1 when the series is full or memory is out. */
static int detect_push(struct detect_series *s, double v)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		double *nv;

		if (cap > DETECT_MAX_POINTS)
			cap = DETECT_MAX_POINTS;
		if (s->n >= cap)
			return -1;
		nv = realloc(s->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		s->v = nv;
		s->cap = cap;
	}
	s->v[s->n++] = v;
	return 0;
}

/* Reads all of f into *buf (NUL-terminated, caller frees), at most
 * DETECT_MAX_INPUT bytes.  Returns 0, or -1 with *why set. */
static int detect_slurp(char **buf, size_t *len, FILE *f, const char **why)
{
	size_t cap = 65536, n = 0;
	char *b = malloc(cap);

	if (!b) {
		*why = "out of memory";
		return -1;
	}
	for (;;) {
		size_t got;

		if (n + 1 == cap) {
			char *nb;

			if (cap >= DETECT_MAX_INPUT) {
				free(b);
				*why = "input larger than 256 MiB";
				return -1;
			}
			nb = realloc(b, cap * 2);
			if (!nb) {
				free(b);
				*why = "out of memory";
				return -1;
			}
			b = nb;
			cap *= 2;
		}
		got = fread(b + n, 1, cap - 1 - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(b);
		*why = strerror(errno);
		return -1;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

/* Prints the one-sentence complaint about a bad token on line lineno. */
static void detect_bad_token(const char *file, size_t lineno,
			     const char *tok, size_t len, const char *what)
{
	tok = csvnum_trim(tok, &len);
	fprintf(stderr, "kpci detect: %s:%zu: %s, got \"%.*s%s\".\n", file,
		lineno, what,
		(int)(len > DETECT_MAX_SHOWN ? DETECT_MAX_SHOWN : len), tok,
		len > DETECT_MAX_SHOWN ? "..." : "");
}

/* Parses the line-oriented formats (plain numbers or CSV).  Returns 0, or
 * -1 after printing the complaint. */
static int detect_parse_lines(struct detect_series *s, const char *file,
			      char *buf, size_t len)
{
	size_t lineno = 0, pos = 0;
	long col = -1;		/* CSV value column, -1 for plain numbers */
	int first = 1;

	while (pos < len) {
		char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len, llen = end - pos;
		const char *line = buf + pos, *tok = line;
		size_t tlen = llen;
		double v;

		lineno++;
		pos = end + 1;
		if (llen && line[llen - 1] == '\r')
			llen--;
		tlen = llen;
		csvnum_trim(line, &tlen);
		if (tlen == 0)
			continue;	/* blank line */
		if (first) {
			first = 0;
			if (csvnum_number(&v, line, llen) < 0 &&
			    memchr(line, ',', llen)) {
				col = csvnum_column(line, llen, "value");
				if (col < 0) {
					fprintf(stderr, "kpci detect: %s:%zu: "
						"the CSV header has no "
						"\"value\" column.\n",
						file, lineno);
					return -1;
				}
				continue;
			}
		}
		tlen = llen;
		if (col >= 0 &&
		    csvnum_field(&tok, &tlen, line, llen, col) < 0) {
			fprintf(stderr, "kpci detect: %s:%zu: the line has no "
				"field %ld (the value column).\n", file,
				lineno, col + 1);
			return -1;
		}
		if (csvnum_number(&v, tok, tlen) < 0) {
			detect_bad_token(file, lineno, tok, tlen,
					 "expected a finite number");
			return -1;
		}
		if (detect_push(s, v) < 0) {
			fprintf(stderr, "kpci detect: %s:%zu: too many points "
				"(out of memory or over %u).\n", file, lineno,
				DETECT_MAX_POINTS);
			return -1;
		}
	}
	return 0;
}

/* Parses a JSON array of numbers.  Returns 0, or -1 after complaining. */
static int detect_parse_json(struct detect_series *s, const char *file,
			     const char *buf, size_t len)
{
	json_error_t err;
	json_t *root = json_loadb(buf, len, 0, &err);
	size_t i;
	json_t *item;

	if (!root) {
		fprintf(stderr, "kpci detect: %s:%d: invalid JSON: %s.\n", file,
			err.line, err.text);
		return -1;
	}
	if (!json_is_array(root)) {
		fprintf(stderr, "kpci detect: %s:1: expected a JSON array of "
			"numbers.\n", file);
		json_decref(root);
		return -1;
	}
	json_array_foreach(root, i, item) {
		double v = json_number_value(item);

		if (!json_is_number(item) || !isfinite(v)) {
			fprintf(stderr, "kpci detect: %s:1: element %zu of the "
				"JSON array is not a number.\n", file, i);
			json_decref(root);
			return -1;
		}
		if (detect_push(s, v) < 0) {
			fprintf(stderr, "kpci detect: %s:1: too many points.\n",
				file);
			json_decref(root);
			return -1;
		}
	}
	json_decref(root);
	return 0;
}

/* Reads the series in file ("-" is stdin).  Returns 0, or -1 after
 * printing one sentence on stderr. */
static int detect_read(struct detect_series *s, const char *file)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
	const char *why = NULL, *name = strcmp(file, "-") ? file : "stdin";
	char *buf = NULL;
	size_t len = 0, k = 0;
	int rc;

	if (!f) {
		fprintf(stderr, "kpci detect: %s: cannot open: %s.\n", file,
			strerror(errno));
		return -1;
	}
	rc = detect_slurp(&buf, &len, f, &why);
	if (f != stdin)
		fclose(f);
	if (rc < 0) {
		fprintf(stderr, "kpci detect: %s: cannot read: %s.\n", name,
			why);
		return -1;
	}
	while (k < len && isspace((unsigned char)buf[k]))
		k++;
	if (k < len && buf[k] == '[')
		rc = detect_parse_json(s, name, buf, len);
	else
		rc = detect_parse_lines(s, name, buf, len);
	free(buf);
	return rc;
}

/* Adds name: v to obj, as null when v is not finite (JSON has no NaN). */
static int detect_set_real(json_t *obj, const char *name, double v)
{
	return json_object_set_new(obj, name,
				   isfinite(v) ? json_real(v) : json_null());
}

/* Prints the result object on stdout.  Returns 0, or -1. */
static int detect_print(const struct cpd_point *pts, size_t n)
{
	json_t *root = json_object(), *arr = json_array();
	char *text;
	int rc = -1;

	if (!root || !arr)
		goto fail;
	for (size_t k = 0; k < n; k++) {
		json_t *o = json_object();

		if (!o || json_array_append_new(arr, o) < 0 ||
		    json_object_set_new(o, "index",
					json_integer((json_int_t)pts[k].index)) ||
		    detect_set_real(o, "mean_before", pts[k].mean_before) ||
		    detect_set_real(o, "mean_after", pts[k].mean_after) ||
		    detect_set_real(o, "forward_change_percent",
				    pts[k].forward_change_percent) ||
		    detect_set_real(o, "pvalue", pts[k].pvalue))
			goto fail;
	}
	if (json_object_set(root, "change_points", arr) < 0)
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

/* Parses a double option value; returns 0, or -1 when not a number. */
static int detect_opt_double(double *out, const char *s)
{
	return csvnum_number(out, s, strlen(s));
}

/* Parses an int option value; returns 0, or -1. */
static int detect_opt_int(int *out, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < CPD_MIN_WINDOW || v > CPD_MAX_WINDOW)
		return -1;
	*out = (int)v;
	return 0;
}

/* Matches option a against the known names; returns its slot or NULL. */
static const char **detect_slot(const char *a, const char **method,
				const char **window, const char **pval,
				const char **mag)
{
	static const char *const names[] = { "--method", "--window",
		"--max-pvalue", "--min-magnitude" };
	const char **slots[] = { method, window, pval, mag };

	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		size_t nl = strlen(names[k]);

		if (!strncmp(a, names[k], nl) && (a[nl] == '\0' || a[nl] == '='))
			return slots[k];
	}
	return NULL;
}

/* Parses the options into *p and *file.  Options may come before or after
 * FILE, as GNU getopt permutes them; "--" ends the options and "-" is a
 * FILE (stdin).  Returns 0, 1 for --help, or -1 after printing the usage
 * error. */
static int detect_args(struct cpd_params *p, const char **file, int argc,
		       char **argv)
{
	const char *method = NULL, *window = NULL, *pval = NULL, *mag = NULL;
	enum cpd_method m = CPD_DEFAULT;
	size_t n_files = 0;
	int opts_done = 0;

	*file = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, **slot;

		if (opts_done || a[0] != '-' || !strcmp(a, "-")) {
			if (n_files++ == 0)
				*file = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			opts_done = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		slot = detect_slot(a, &method, &window, &pval, &mag);
		if (!slot) {
			fprintf(stderr, "kpci detect: unknown option %s.\n", a);
			return -1;
		}
		eq = strchr(a, '=');
		if (eq) {
			*slot = eq + 1;
		} else if (i + 1 < argc) {
			*slot = argv[++i];
		} else {
			fprintf(stderr, "kpci detect: option %s needs a "
				"value.\n", a);
			return -1;
		}
	}
	if (n_files != 1) {
		fprintf(stderr, "kpci detect: expected exactly one FILE, got "
			"%zu.\n", n_files);
		return -1;
	}
	if (method && cpd_method_parse(&m, method) < 0) {
		fprintf(stderr, "kpci detect: unknown method \"%s\" (use "
			"default, commits or otava).\n", method);
		return -1;
	}
	cpd_params_default(p, m);
	if (window && detect_opt_int(&p->window, window) < 0) {
		fprintf(stderr, "kpci detect: --window wants an integer from "
			"%d to %d, got \"%s\".\n", CPD_MIN_WINDOW,
			CPD_MAX_WINDOW, window);
		return -1;
	}
	if (pval && (detect_opt_double(&p->max_pvalue, pval) < 0 ||
		     p->max_pvalue <= 0 || p->max_pvalue > 1)) {
		fprintf(stderr, "kpci detect: --max-pvalue wants a number in "
			"(0, 1], got \"%s\".\n", pval);
		return -1;
	}
	if (mag && (detect_opt_double(&p->min_magnitude, mag) < 0 ||
		    p->min_magnitude < 0)) {
		fprintf(stderr, "kpci detect: --min-magnitude wants a number "
			">= 0, got \"%s\".\n", mag);
		return -1;
	}
	return 0;
}

int cmd_detect(int argc, char **argv)
{
	struct cpd_params p;
	struct detect_series s = { 0 };
	struct cpd_point *pts = NULL;
	size_t n_pts = 0;
	const char *file;
	int rc = detect_args(&p, &file, argc, argv);

	if (rc == 1) {
		detect_usage(stdout);
		return 0;
	}
	if (rc < 0) {
		detect_usage(stderr);
		return 2;
	}
	if (detect_read(&s, file) < 0) {
		free(s.v);
		return 1;
	}
	if (cpd_detect(&pts, &n_pts, s.v, s.n, &p) < 0) {
		fprintf(stderr, "kpci detect: out of memory analysing %zu "
			"points.\n", s.n);
		free(s.v);
		return 1;
	}
	rc = detect_print(pts, n_pts) < 0 ? 1 : 0;
	if (rc)
		fprintf(stderr, "kpci detect: cannot format the result.\n");
	free(pts);
	free(s.v);
	return rc;
}
