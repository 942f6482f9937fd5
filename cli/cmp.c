// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmp.c - the samples of `kpci compare` (cli/cmp.h): each file read into
 * its metrics (one number per line, or CSV rows `metric,value` with an
 * optional header), and the rows of the metrics both files have, with
 * their statistics from lib/stats.h and Benjamini-Hochberg over them.
 */
#include "cli/cmp.h"
#include "lib/csvnum.h"
#include "lib/stats.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMP_MAX_LINE 4096		/* bytes in one input line */
#define CMP_MAX_LINES 50000000u		/* lines read from one file */
#define CMP_MAX_METRICS 100000u		/* distinct metrics in one file */
#define CMP_MAX_NAME 256		/* bytes in a metric name */
#define CMP_MAX_SHOWN 40		/* chars of a bad token quoted */
#define CMP_LEVEL 0.95			/* confidence of the change interval */
#define CMP_SINGLE_NAME "value"		/* the metric of a plain number file */

void cmp_set_dispose(struct cmp_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->m[i].name);
		free(s->m[i].v);
	}
	free(s->m);
	free(s->slot);
}

/* FNV-1a hash of name[0..len). */
static size_t cmp_hash(const char *name, size_t len)
{
	size_t h = (size_t)14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * (size_t)1099511628211ull;
	return h;
}

/* The hash slot of name[0..len) in s: the one holding it, or the empty
 * slot where it belongs.  s->n_slots must be > s->n. */
static size_t *cmp_slot(const struct cmp_set *s, const char *name, size_t len)
{
	size_t i = cmp_hash(name, len) & (s->n_slots - 1);

	for (;; i = (i + 1) & (s->n_slots - 1)) {
		size_t k = s->slot[i];

		if (k == 0 || (strlen(s->m[k - 1].name) == len &&
			       !memcmp(s->m[k - 1].name, name, len)))
			return &s->slot[i];
	}
}

/* Rebuilds the hash index with n_slots slots.  Returns 0, or -1. */
static int cmp_rehash(struct cmp_set *s, size_t n_slots)
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
		*cmp_slot(s, s->m[i].name, strlen(s->m[i].name)) = i + 1;
	return 0;
}

const struct cmp_metric *cmp_find(const struct cmp_set *s, const char *name)
{
	size_t k;

	if (s->n_slots == 0)
		return NULL;
	k = *cmp_slot(s, name, strlen(name));
	return k ? &s->m[k - 1] : NULL;
}

/* The metric called name[0..len) in s, created when new.  Returns it, or
 * NULL when the set is full or memory is out. */
static struct cmp_metric *cmp_get(struct cmp_set *s, const char *name, size_t len)
{
	struct cmp_metric *m;
	size_t *slot;

	if (s->n_slots && (slot = cmp_slot(s, name, len)) && *slot)
		return &s->m[*slot - 1];
	if (s->n == CMP_MAX_METRICS)
		return NULL;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		struct cmp_metric *nm = realloc(s->m, cap * sizeof *nm);

		if (!nm)
			return NULL;
		s->m = nm;
		s->cap = cap;
		if (cmp_rehash(s, 4 * cap) < 0)
			return NULL;
	}
	m = &s->m[s->n];
	*m = (struct cmp_metric){ 0 };
	m->name = strndup(name, len);
	if (!m->name)
		return NULL;
	*cmp_slot(s, name, len) = ++s->n;
	return m;
}

/* Appends v to m.  Returns 0, or -1 when memory is out. */
static int cmp_push(struct cmp_metric *m, double v)
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
enum cmp_format {
	CMP_UNKNOWN,
	CMP_PLAIN,			/* one number per line */
	CMP_CSV,			/* metric and value columns */
};

/* Parsing context of one file. */
struct cmp_reader {
	const char *file;
	size_t lineno;
	enum cmp_format fmt;
	long col_metric, col_value;
};

/* Prints "kpci compare: FILE:LINE: what, got "tok"." */
static void cmp_bad(const struct cmp_reader *r, const char *what, const char *tok, size_t len)
{
	tok = csvnum_trim(tok, &len);
	fprintf(stderr, "kpci compare: %s:%zu: %s, got \"%.*s%s\".\n",
		r->file, r->lineno, what,
		(int)(len > CMP_MAX_SHOWN ? CMP_MAX_SHOWN : len), tok,
		len > CMP_MAX_SHOWN ? "..." : "");
}

/* Decides the format from the first data line; returns 1 when the line
 * was a header (consumed), 0 when it holds data, -1 after complaining. */
static int cmp_sniff(struct cmp_reader *r, const char *line, size_t len)
{
	const char *f;
	size_t flen;
	double v;

	if (csvnum_number(&v, line, len) == 0) {
		r->fmt = CMP_PLAIN;
		return 0;
	}
	r->fmt = CMP_CSV;
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
static int cmp_line(struct cmp_set *s, struct cmp_reader *r, const char *line, size_t len)
{
	const char *name = CMP_SINGLE_NAME, *tok = line;
	size_t nlen = strlen(CMP_SINGLE_NAME), tlen = len;
	struct cmp_metric *m;
	double v;

	if (r->fmt == CMP_CSV) {
		if (csvnum_field(&name, &nlen, line, len, r->col_metric) < 0 ||
		    csvnum_field(&tok, &tlen, line, len, r->col_value) < 0) {
			fprintf(stderr, "kpci compare: %s:%zu: the row has "
				"no metric or no value field.\n", r->file,
				r->lineno);
			return -1;
		}
		name = csvnum_trim(name, &nlen);
		if (nlen == 0 || nlen > CMP_MAX_NAME) {
			cmp_bad(r, "expected a metric name of 1 to 256 "
				    "bytes", name, nlen);
			return -1;
		}
		for (size_t i = 0; i < nlen; i++)
			if (iscntrl((unsigned char)name[i])) {
				cmp_bad(r, "the metric name has a control "
					    "character", name, nlen);
				return -1;
			}
	}
	if (csvnum_number(&v, tok, tlen) < 0) {
		cmp_bad(r, "expected a finite number", tok, tlen);
		return -1;
	}
	m = cmp_get(s, name, nlen);
	if (!m || cmp_push(m, v) < 0) {
		fprintf(stderr, "kpci compare: %s:%zu: too many metrics "
			"(over %u) or out of memory.\n", r->file, r->lineno,
			CMP_MAX_METRICS);
		return -1;
	}
	return 0;
}

int cmp_read(struct cmp_set *s, const char *file)
{
	struct cmp_reader r = { 0 };
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

		if (++r.lineno > CMP_MAX_LINES) {
			fprintf(stderr, "kpci compare: %s:%zu: more than %u "
				"lines.\n", r.file, r.lineno,
				CMP_MAX_LINES);
			goto fail;
		}
		if (len > CMP_MAX_LINE) {
			fprintf(stderr, "kpci compare: %s:%zu: line longer "
				"than %d bytes.\n", r.file, r.lineno,
				CMP_MAX_LINE);
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
		if (r.fmt == CMP_UNKNOWN) {
			int hdr = cmp_sniff(&r, line, len);

			if (hdr < 0)
				goto fail;
			if (hdr)
				continue;
		}
		if (cmp_line(s, &r, line, len) < 0)
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
static double cmp_sd_percent(const struct cmp_metric *m, double mean)
{
	double sd = sqrt(stats_variance(m->v, m->n));

	return mean != 0 ? 100 * sd / fabs(mean) : (sd == 0 ? 0 : INFINITY);
}

/* Welch's p-value; equal constant samples give 1, different ones 0. */
static double cmp_welch(const struct cmp_metric *a, const struct cmp_metric *b)
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
static int cmp_one(struct cmp_row *r, const struct cmp_metric *b, const struct cmp_metric *h)
{
	struct stats_test mw;

	*r = (struct cmp_row){ .base = b, .head = h };
	r->mean_b = stats_mean(b->v, b->n);
	r->mean_h = stats_mean(h->v, h->n);
	r->sd_b = cmp_sd_percent(b, r->mean_b);
	r->sd_h = cmp_sd_percent(h, r->mean_h);
	r->ci.percent = r->mean_b != 0 ? 100 * (r->mean_h / r->mean_b - 1)
					: NAN;
	r->ci.lo = r->ci.hi = NAN;
	r->p_welch = r->p_mw = r->p = r->q = NAN;
	if (b->n < 2 || h->n < 2)
		return 0;
	if (r->mean_b != 0 &&
	    stats_percent_change_ci(&r->ci, b->v, b->n, h->v, h->n,
				    CMP_LEVEL) < 0)
		return -1;
	if (stats_mann_whitney(&mw, b->v, b->n, h->v, h->n) < 0)
		return -1;
	r->p_welch = cmp_welch(b, h);
	r->p_mw = mw.pvalue;
	/* Both the mean and the rank test must see the change: the larger
	 * p-value is still a valid p-value, and it keeps a bimodal metric
	 * (t-test) or a tiny shift of many ties (rank test) from alerting. */
	r->p = r->p_welch > r->p_mw ? r->p_welch : r->p_mw;
	r->tested = 1;
	return 0;
}

int cmp_rows(struct cmp_row **rows, size_t *n, const struct cmp_set *base,
	     const struct cmp_set *head)
{
	struct cmp_row *r = calloc(base->n ? base->n : 1, sizeof *r);
	double *p = calloc(base->n ? base->n : 1, sizeof *p);
	size_t nr = 0, np = 0;

	if (!r || !p)
		goto fail;
	for (size_t i = 0; i < base->n; i++) {
		const struct cmp_metric *h = cmp_find(head, base->m[i].name);

		if (!h)
			continue;
		if (cmp_one(&r[nr], &base->m[i], h) < 0)
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

const char *cmp_verdict(const struct cmp_row *r, double alpha)
{
	if (!r->tested)
		return "too-few";
	return r->q < alpha ? "changed" : "same";
}

size_t cmp_only(const struct cmp_set *a, const struct cmp_set *b)
{
	size_t k = 0;

	for (size_t i = 0; i < a->n; i++)
		k += cmp_find(b, a->m[i].name) == NULL;
	return k;
}

