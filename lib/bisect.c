// SPDX-License-Identifier: GPL-2.0-only
/*
 * bisect.c - the search of a bisection over the candidate DAG (see
 * bisect.h): ancestry as one bit set per commit, the alive set, git
 * bisect's midpoint and the choice of k points at once.
 *
 * Each commit's ancestors inside the set are a row of n bits, filled in
 * topological order (a commit's row is its parents' rows or-ed, plus
 * itself): n^2 / 8 bytes, 32 MiB at BISECT_MAX_COMMITS.  A weight is the
 * popcount of a row and-ed with the alive set, so a whole pick costs
 * n^2 / 64 word operations.
 */
#include "lib/bisect.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BISECT_SHORTLIST 24         /* replacements tried per point and pass */
#define BISECT_PASSES 2             /* passes of the k-point improvement */

struct bisect {
	size_t n, words;            /* commits; 64-bit words of a row */
	uint64_t *anc;              /* n rows: the ancestors of i inside the set, i too */
	uint64_t *alive;            /* one row */
	unsigned char *outcome;     /* enum bisect_outcome per commit */
};

static int bisect_bit(const uint64_t *row, size_t i)
{
	return (int)((row[i / 64] >> (i % 64)) & 1);
}

static size_t bisect_count(const uint64_t *a, const uint64_t *b, size_t words)
{
	size_t c = 0;

	for (size_t w = 0; w < words; w++)
		c += (size_t)__builtin_popcountll(b ? a[w] & b[w] : a[w]);
	return c;
}

static const uint64_t *bisect_row(const struct bisect *b, size_t i)
{
	return b->anc + i * b->words;
}

/* A topological order of commits (parents first) into order[]; -1 on a
 * cycle or no memory. */
static int bisect_topo(size_t *order, const struct bisect_commit *c, size_t n)
{
	size_t *pending = calloc(n, sizeof *pending), *start = calloc(n + 1, sizeof *start);
	size_t *child = NULL, head = 0, tail = 0, edges = 0;
	int rc = -1;

	if (!pending || !start)
		goto out;
	for (size_t i = 0; i < n; i++) {
		pending[i] = c[i].nparents;
		edges += c[i].nparents;
		for (size_t k = 0; k < c[i].nparents; k++)
			start[c[i].parents[k] + 1]++;
	}
	for (size_t i = 0; i < n; i++)
		start[i + 1] += start[i];
	child = calloc(edges ? edges : 1, sizeof *child);
	if (!child)
		goto out;
	{
		size_t *fill = calloc(n, sizeof *fill);

		if (!fill)
			goto out;
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < c[i].nparents; k++) {
				size_t p = c[i].parents[k];

				child[start[p] + fill[p]++] = i;
			}
		free(fill);
	}
	for (size_t i = 0; i < n; i++)
		if (!pending[i])
			order[tail++] = i;
	while (head < tail) {
		size_t i = order[head++];

		for (size_t e = start[i]; e < start[i + 1]; e++)
			if (--pending[child[e]] == 0)
				order[tail++] = child[e];
	}
	rc = tail == n ? 0 : -1;
out:
	free(pending);
	free(start);
	free(child);
	return rc;
}

int bisect_new(struct bisect **out, const struct bisect_commit *commits, size_t n, size_t tip,
	       const char **why)
{
	struct bisect *b = NULL;
	size_t *order = NULL;

	*out = NULL;
	*why = "out of memory";
	if (n == 0 || n > BISECT_MAX_COMMITS || tip >= n) {
		*why = n > BISECT_MAX_COMMITS ? "too many commits" : "no commit, or the first bad "
		       "commit is not among them";
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < commits[i].nparents; k++)
			if (commits[i].parents[k] >= n || commits[i].parents[k] == i) {
				*why = "a parent index is out of range";
				return -1;
			}
	b = calloc(1, sizeof *b);
	order = calloc(n, sizeof *order);
	if (!b || !order)
		goto fail;
	b->n = n;
	b->words = (n + 63) / 64;
	b->anc = calloc(n * b->words, sizeof *b->anc);
	b->alive = calloc(b->words, sizeof *b->alive);
	b->outcome = calloc(n, 1);
	if (!b->anc || !b->alive || !b->outcome)
		goto fail;
	if (bisect_topo(order, commits, n) < 0) {
		*why = "the parents form a cycle";
		goto fail;
	}
	for (size_t o = 0; o < n; o++) {
		size_t i = order[o];
		uint64_t *row = b->anc + i * b->words;

		row[i / 64] |= 1ull << (i % 64);
		for (size_t k = 0; k < commits[i].nparents; k++) {
			const uint64_t *p = bisect_row(b, commits[i].parents[k]);

			for (size_t w = 0; w < b->words; w++)
				row[w] |= p[w];
		}
	}
	/* the candidates are the tip's ancestors */
	memcpy(b->alive, bisect_row(b, tip), b->words * sizeof *b->alive);
	b->outcome[tip] = BISECT_BAD;
	free(order);
	*out = b;
	return 0;
fail:
	free(order);
	bisect_free(b);
	return -1;
}

void bisect_free(struct bisect *b)
{
	if (!b)
		return;
	free(b->anc);
	free(b->alive);
	free(b->outcome);
	free(b);
}

size_t bisect_size(const struct bisect *b)
{
	return b->n;
}

enum bisect_outcome bisect_outcome_of(const struct bisect *b, size_t i)
{
	return i < b->n ? (enum bisect_outcome)b->outcome[i] : BISECT_UNKNOWN;
}

int bisect_alive(const struct bisect *b, size_t i)
{
	return i < b->n && bisect_bit(b->alive, i);
}

size_t bisect_remaining(const struct bisect *b)
{
	return bisect_count(b->alive, NULL, b->words);
}

size_t bisect_weight(const struct bisect *b, size_t i)
{
	return bisect_count(bisect_row(b, i), b->alive, b->words);
}

int bisect_mark(struct bisect *b, size_t i, enum bisect_outcome o)
{
	uint64_t *next;
	const uint64_t *row;
	size_t left = 0;

	if (i >= b->n)
		return -1;
	if (o != BISECT_GOOD && o != BISECT_BAD) {
		b->outcome[i] = (unsigned char)o;
		return 0;
	}
	next = malloc(b->words * sizeof *next);
	if (!next)
		return -1;
	row = bisect_row(b, i);
	for (size_t w = 0; w < b->words; w++) {
		next[w] = o == BISECT_GOOD ? b->alive[w] & ~row[w] : b->alive[w] & row[w];
		left += (size_t)__builtin_popcountll(next[w]);
	}
	if (!left) {
		free(next);
		return -1;
	}
	memcpy(b->alive, next, b->words * sizeof *next);
	free(next);
	b->outcome[i] = (unsigned char)o;
	return 0;
}

void bisect_status(const struct bisect *b, struct bisect_status *st)
{
	memset(st, 0, sizeof *st);
	st->culprit = -1;
	for (size_t i = 0; i < b->n; i++) {
		if (!bisect_bit(b->alive, i))
			continue;
		st->alive++;
		st->testable += b->outcome[i] == BISECT_UNKNOWN;
		if (st->alive == 1)
			st->culprit = (long)i;
	}
	if (st->alive != 1)
		st->culprit = -1;
	st->stuck = st->alive > 1 && st->testable == 0;
}

/* The alive commits into al[] (*na) and the testable ones into t[] (*nt)
 * with their weights in w[]. */
static void bisect_lists(const struct bisect *b, size_t *al, size_t *na, size_t *t,
			 size_t *w, size_t *nt)
{
	*na = *nt = 0;
	for (size_t i = 0; i < b->n; i++) {
		if (!bisect_bit(b->alive, i))
			continue;
		al[(*na)++] = i;
		if (b->outcome[i] == BISECT_UNKNOWN) {
			t[*nt] = i;
			w[(*nt)++] = bisect_weight(b, i);
		}
	}
}

/* Sum over the cells of al[0..na) cut by the rows of p[0..np) of their
 * sizes squared; sig[] and cnt[] (1 << np entries, zero) are scratch. */
static double bisect_cells(const struct bisect *b, const size_t *al, size_t na, const size_t *p,
			   size_t np, unsigned *sig, size_t *cnt)
{
	double e = 0;

	for (size_t a = 0; a < na; a++) {
		unsigned s = 0;

		for (size_t j = 0; j < np; j++)
			s |= (unsigned)bisect_bit(bisect_row(b, p[j]), al[a]) << j;
		sig[a] = s;
		cnt[s]++;
	}
	for (size_t a = 0; a < na; a++)
		if (cnt[sig[a]]) {
			e += (double)cnt[sig[a]] * (double)cnt[sig[a]];
			cnt[sig[a]] = 0;
		}
	return e;
}

double bisect_expected_left(const struct bisect *b, const size_t *p, size_t np)
{
	size_t n = b->n, na = 0, *al = calloc(n, sizeof *al), *cnt = NULL;
	unsigned *sig = calloc(n, sizeof *sig);
	double e = -1;

	if (np > BISECT_MAX_PARALLEL)
		np = BISECT_MAX_PARALLEL;
	cnt = calloc((size_t)1 << np, sizeof *cnt);
	if (al && sig && cnt) {
		for (size_t i = 0; i < n; i++)
			if (bisect_bit(b->alive, i))
				al[na++] = i;
		e = na ? bisect_cells(b, al, na, p, np, sig, cnt) / (double)na : 0;
	}
	free(al);
	free(sig);
	free(cnt);
	return e;
}

/* git bisect's midpoint among t[0..nt) of weights w[] over na alive. */
static size_t bisect_midpoint(const size_t *t, const size_t *w, size_t nt, size_t na)
{
	size_t best = 0, best_d = 0;

	for (size_t k = 0; k < nt; k++) {
		size_t d = w[k] < na - w[k] ? w[k] : na - w[k];

		if (k == 0 || d > best_d) {
			best = k;
			best_d = d;
			if (2 * d >= na - 1)
				break;      /* an exact half (git stops there too) */
		}
	}
	return best;
}

/* The testable commit (index into t[]) not yet in chosen[] whose weight is
 * nearest target; nt when every one is taken. */
static size_t bisect_nearest(const size_t *w, size_t nt, const unsigned char *chosen,
			     double target)
{
	size_t best = nt;
	double best_d = 0;

	for (size_t k = 0; k < nt; k++) {
		double d = (double)w[k] - target;

		d = d < 0 ? -d : d;
		if (!chosen[k] && (best == nt || d < best_d)) {
			best = k;
			best_d = d;
		}
	}
	return best;
}

/* Scratch of the k-point choice. */
struct bisect_scratch {
	size_t *al, *t, *w, *cnt, *pt;
	unsigned *sig;
	unsigned char *chosen;
	size_t *near;               /* shortlist */
	double *dist;
};

static void bisect_scratch_free(struct bisect_scratch *s)
{
	free(s->al);
	free(s->t);
	free(s->w);
	free(s->cnt);
	free(s->pt);
	free(s->sig);
	free(s->chosen);
	free(s->near);
	free(s->dist);
}

/* The BISECT_SHORTLIST unchosen testable commits whose weight is nearest
 * target, into s->near; returns how many. */
static size_t bisect_shortlist(struct bisect_scratch *s, size_t nt, double target)
{
	size_t m = 0;

	for (size_t k = 0; k < nt; k++) {
		double d = (double)s->w[k] - target;
		size_t at;

		if (s->chosen[k])
			continue;
		d = d < 0 ? -d : d;
		if (m == BISECT_SHORTLIST && d >= s->dist[m - 1])
			continue;
		at = m < BISECT_SHORTLIST ? m++ : m - 1;
		while (at > 0 && s->dist[at - 1] > d) {
			s->dist[at] = s->dist[at - 1];
			s->near[at] = s->near[at - 1];
			at--;
		}
		s->dist[at] = d;
		s->near[at] = k;
	}
	return m;
}

/* k >= 2 points among nt > k testable commits: quantiles of the weight,
 * then passes that replace each point by the shortlisted commit that
 * lowers the sum of squared cell sizes most.  s->pt gets indices into t. */
static void bisect_k_points(const struct bisect *b, struct bisect_scratch *s, size_t na,
			    size_t nt, size_t k)
{
	size_t p[BISECT_MAX_PARALLEL];
	double best;

	for (size_t j = 0; j < k; j++) {
		s->pt[j] = bisect_nearest(s->w, nt, s->chosen,
					  (double)(j + 1) * (double)na / (double)(k + 1));
		s->chosen[s->pt[j]] = 1;
		p[j] = s->t[s->pt[j]];
	}
	best = bisect_cells(b, s->al, na, p, k, s->sig, s->cnt);
	for (int pass = 0; pass < BISECT_PASSES; pass++) {
		int improved = 0;

		for (size_t j = 0; j < k; j++) {
			double target = (double)(j + 1) * (double)na / (double)(k + 1);

			/* around the quantile, then around where the point is now */
			for (int round = 0; round < 2; round++) {
				size_t m = bisect_shortlist(s, nt, round ? (double)s->w[s->pt[j]] :
							    target);

				for (size_t x = 0; x < m; x++) {
					double e;

					p[j] = s->t[s->near[x]];
					e = bisect_cells(b, s->al, na, p, k, s->sig, s->cnt);
					if (e < best) {
						best = e;
						s->chosen[s->pt[j]] = 0;
						s->pt[j] = s->near[x];
						s->chosen[s->pt[j]] = 1;
						improved = 1;
					}
				}
				p[j] = s->t[s->pt[j]];
			}
		}
		if (!improved)
			break;
	}
}

int bisect_pick(const struct bisect *b, size_t k, size_t *out, size_t *nout)
{
	struct bisect_scratch s = { 0 };
	size_t n = b->n, na, nt;

	*nout = 0;
	if (k < 1)
		k = 1;
	if (k > BISECT_MAX_PARALLEL)
		k = BISECT_MAX_PARALLEL;
	s.al = calloc(n, sizeof *s.al);
	s.t = calloc(n, sizeof *s.t);
	s.w = calloc(n, sizeof *s.w);
	s.sig = calloc(n, sizeof *s.sig);
	s.chosen = calloc(n, 1);
	s.cnt = calloc((size_t)1 << k, sizeof *s.cnt);
	s.pt = calloc(k, sizeof *s.pt);
	s.near = calloc(BISECT_SHORTLIST, sizeof *s.near);
	s.dist = calloc(BISECT_SHORTLIST, sizeof *s.dist);
	if (!s.al || !s.t || !s.w || !s.sig || !s.chosen || !s.cnt || !s.pt || !s.near || !s.dist) {
		bisect_scratch_free(&s);
		return -1;
	}
	bisect_lists(b, s.al, &na, s.t, s.w, &nt);
	if (nt <= k) {
		for (size_t x = 0; x < nt; x++)
			out[x] = s.t[x];
		*nout = nt;
	} else if (k == 1) {
		out[0] = s.t[bisect_midpoint(s.t, s.w, nt, na)];
		*nout = 1;
	} else {
		bisect_k_points(b, &s, na, nt, k);
		for (size_t j = 0; j < k; j++)
			out[j] = s.t[s.pt[j]];
		*nout = k;
	}
	bisect_scratch_free(&s);
	return 0;
}

const char *bisect_outcome_name(enum bisect_outcome o)
{
	switch (o) {
	case BISECT_GOOD: return "good";
	case BISECT_BAD: return "bad";
	case BISECT_SKIP: return "skip";
	default: return "unknown";
	}
}
