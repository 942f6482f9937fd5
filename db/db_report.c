// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_report.c - merge-window reports: the changes the analyzer found in
 * a release's merge window, grouped by the first-parent merge (the pull)
 * that brought them, and the one-line summary of a tree's current window
 * that the overview shows.  docs/dashboard.md describes the grouping.
 *
 * A change belongs to the window when its first bad commit lies on the
 * window's first-parent stretch (from, to].  Its candidate merges are the
 * window's first-parent merges in (last good, first bad]: one candidate
 * puts it under that merge, none under "direct" (a commit made on the
 * line itself), several under one "ambiguous" group per distinct set of
 * candidates, so each change is listed and counted once.  The window
 * bounds and its merges come from db_tree_window_merges (db_trees.c).
 * Only performance changes (kind perf) are reported, not build failures.
 * The overview's lines count the changes of a tree's windows without
 * reading them (db_window_counts).
 * The report also carries the stored verdict of each measured commit
 * against the one before it ("commit_verdicts"), which the daemon decides
 * per commit (daemon/analyze/analyze_verdict.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_pages.h"
#include "db/db_trees.h"
#include "db/db_internal.h"
#include "lib/fail.h"
#include "lib/rec_window_report.h"

#define REPORT_MAX_CHANGES 100000   /* changes of one window read at most */
#define REPORT_MAX_CANDIDATES 20    /* candidate merges listed in an ambiguous group */
#define REPORT_MAX_WITHDRAWN 200    /* withdrawn changes of one window listed */

enum report_kind { REPORT_MERGE, REPORT_AMBIGUOUS, REPORT_DIRECT };

static const char *const report_kind_names[] = { "merge", "ambiguous", "direct" };

/* One change of the window with its candidate merges [first, last]. */
struct report_change {
	struct rec_window_report_change *row;      /* borrowed from the rows */
	long long key;              /* position that orders its group */
	enum report_kind kind;
	size_t first, last;         /* indexes into the merges (kind != DIRECT) */
	long long bad;
	int regression;
	double size;                /* |magnitude| */
	long long id;
};

/* The branch (NULL: the first followed) of tree, or 0; caller holds the lock. */
static long long report_branch_locked(struct db *db, const char *tree, const char *branch)
{
	return db_scalar(branch ?
		db_prepk(db, "SELECT b.id FROM branches b JOIN trees t ON t.id = b.tree_id "
			 "WHERE t.name = ? AND b.name = ?", "ss", tree, branch) :
		db_prepk(db, "SELECT b.id FROM branches b JOIN trees t ON t.id = b.tree_id "
			 "WHERE t.name = ? ORDER BY b.id LIMIT 1", "s", tree), 0);
}

/* Merges of (from, to] on branch_id that have at least one sample. */
static long long report_measured_locked(struct db *db, long long branch_id, long long from,
					long long to)
{
	return db_scalar(db_prepk(db, "SELECT count(*) FROM branch_commits bc "
		"JOIN commits c ON c.id = bc.commit_id WHERE bc.branch_id = ? "
		"AND bc.position > ? AND bc.position <= ? AND c.merged_tip IS NOT NULL "
		"AND EXISTS (SELECT 1 FROM samples s WHERE s.commit_sha = c.sha)", "III",
		branch_id, from, to), 0);
}

/* Reads the rows of st, at most max, into a new array at *v (elements of
 * size bytes, *n of them, a row that failed counted) with row, which
 * leaves a row it cannot read disposable.  Ends st. */
static int report_rows(sqlite3_stmt *st, void *v, size_t *n, size_t size, size_t max,
		       int (*row)(sqlite3_stmt *st, void *rec))
{
	void *arr = NULL;
	size_t cap = 0;
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	*n = 0;
	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow(&arr, &cap, *n, size, max + 1);
		if (rc == DB_OK) {
			rc = row(st, (char *)arr + *n * size) ? DB_ERR : DB_OK;
			(*n)++;
		}
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	memcpy(v, &arr, sizeof arr);
	return rc;
}

/* A real column: NAN for SQL NULL. */
static double report_real(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

/* A row of report_changes_locked into the rec_window_report_change at rec. */
static int report_change_row(sqlite3_stmt *st, void *rec)
{
	struct rec_window_report_change *c = rec;
	char **strs[] = { &c->suite, &c->metric, &c->unit, &c->better, &c->runner_class,
			  &c->config_name };
	int lost = 0;

	memset(c, 0, sizeof *c);
	c->id = sqlite3_column_int64(st, 0);
	c->series_id = sqlite3_column_int64(st, 1);
	for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
		lost |= db_column_copy(strs[i], st, 2 + (int)i);
	c->noisy = db_column_measure(st, 8);
	lost |= db_column_copy(&c->direction, st, 9);
	c->magnitude = report_real(st, 10);
	c->confidence = report_real(st, 11);
	c->pvalue = report_real(st, 12);
	c->mean_before = report_real(st, 13);
	c->mean_after = report_real(st, 14);
	c->n_before = db_column_measure(st, 15);
	c->n_after = db_column_measure(st, 16);
	lost |= db_column_copy(&c->state, st, 17);
	lost |= db_column_copy(&c->good_sha, st, 18);
	lost |= db_column_copy(&c->bad_sha, st, 19);
	lost |= db_column_copy(&c->verdict, st, 20);
	c->percent_lo = report_real(st, 21);
	c->percent_hi = report_real(st, 22);
	c->verdict_p = report_real(st, 23);
	c->min_effect = report_real(st, 24);
	c->jobs_before = db_column_measure(st, 25);
	c->jobs_after = db_column_measure(st, 26);
	lost |= db_column_copy(&c->reason, st, 27);
	lost |= db_column_copy(&c->found_by, st, 28);
	lost |= db_column_copy(&c->confirm, st, 29);
	lost |= db_column_copy(&c->confirm_reason, st, 30);
	c->good_position = db_column_measure(st, 31);
	c->bad_position = sqlite3_column_int64(st, 32);
	if (lost) {
		rec_window_report_change_dispose(c);
		return -1;
	}
	return 0;
}

/* The changes whose first bad commit is in (from, to] of branch_id. */
static int report_changes_locked(struct db *db, struct rec_window_report_change **out, size_t *n,
				 long long branch_id, long long from, long long to)
{
	return report_rows(db_prepk(db,
		"SELECT ch.id, ch.series_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, se.runner_class, se.config_name, se.noisy, "
		" ch.direction, ch.magnitude, ch.confidence, ch.pvalue, ch.mean_before, "
		" ch.mean_after, ch.n_before, ch.n_after, ch.state, ch.good_sha, ch.bad_sha, "
		" ch.verdict, ch.percent_lo, ch.percent_hi, ch.verdict_p, ch.min_effect, "
		" ch.jobs_before, ch.jobs_after, ch.reason, ch.found_by, ch.confirm, "
		" ch.confirm_reason, bg.position AS good_position, bb.position AS bad_position "
		"FROM changes ch JOIN series se ON se.id = ch.series_id "
		"JOIN metrics m ON m.id = se.metric_id "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"LEFT JOIN commits cg ON " DB_LEVELS("cg") " AND cg.sha = ch.good_sha "
		" AND cg.tree_id = cb.tree_id "
		"LEFT JOIN branch_commits bg ON bg.commit_id = cg.id AND bg.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND ch.state <> 'invalid' AND ch.kind = 'perf' "
		"AND ch.withdrawn_at IS NULL "
		"ORDER BY bb.position, ch.id LIMIT ?4", "IIIi",
		branch_id, from, to, REPORT_MAX_CHANGES), out, n, sizeof **out, REPORT_MAX_CHANGES,
		report_change_row);
}

/* A row of report_withdrawn_locked into the rec_window_report_withdrawn at rec. */
static int report_withdrawn_row(sqlite3_stmt *st, void *rec)
{
	struct rec_window_report_withdrawn *w = rec;
	int lost = 0;

	memset(w, 0, sizeof *w);
	w->id = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&w->suite, st, 1);
	lost |= db_column_copy(&w->metric, st, 2);
	lost |= db_column_copy(&w->direction, st, 3);
	w->magnitude = report_real(st, 4);
	lost |= db_column_copy(&w->good_sha, st, 5);
	lost |= db_column_copy(&w->bad_sha, st, 6);
	lost |= db_column_copy(&w->confirm, st, 7);
	lost |= db_column_copy(&w->withdrawn_reason, st, 8);
	w->bad_position = sqlite3_column_int64(st, 9);
	return lost ? -1 : 0;       /* what was copied is disposed with the list */
}

/* The changes of (from, to] of branch_id that confirmations withdrew (not
 * reproduced, no compiled code changed), newest first: what the window
 * report counts and lists beside the live ones.  Caller holds the lock. */
static int report_withdrawn_locked(struct db *db, struct rec_window_report *r,
				   long long branch_id, long long from, long long to)
{
	return report_rows(db_prepk(db,
		"SELECT ch.id, m.suite, m.name AS metric, ch.direction, ch.magnitude, ch.good_sha, "
		" ch.bad_sha, ch.confirm, ch.withdrawn_reason, bb.position AS bad_position "
		"FROM changes ch JOIN series se ON se.id = ch.series_id "
		"JOIN metrics m ON m.id = se.metric_id "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND ch.kind = 'perf' "
		"AND ch.withdrawn_at IS NOT NULL AND ch.confirm IN ('not-reproduced', 'no-code') "
		"ORDER BY bb.position DESC, ch.id LIMIT ?4", "IIIi", branch_id, from, to,
		REPORT_MAX_WITHDRAWN), &r->withdrawn, &r->nwithdrawn, sizeof *r->withdrawn,
		REPORT_MAX_WITHDRAWN, report_withdrawn_row);
}

/* A row of report_no_code_locked into the rec_window_report_no_code at rec. */
static int report_no_code_row(sqlite3_stmt *st, void *rec)
{
	struct rec_window_report_no_code *c = rec;
	int lost = 0;

	memset(c, 0, sizeof *c);
	lost |= db_column_copy(&c->good_sha, st, 0);
	lost |= db_column_copy(&c->bad_sha, st, 1);
	lost |= db_column_copy(&c->code_reason, st, 2);
	c->bad_position = sqlite3_column_int64(st, 3);
	return lost ? -1 : 0;       /* what was copied is disposed with the list */
}

/* The commit ranges of (from, to] of branch_id in which no compiled code
 * changed (a confirmation's check, whether or not a change was found
 * there), newest first.  Caller holds the lock. */
static int report_no_code_locked(struct db *db, struct rec_window_report *r,
				 long long branch_id, long long from, long long to)
{
	return report_rows(db_prepk(db,
		"SELECT co.good_sha, co.bad_sha, MIN(co.code_reason) AS code_reason, "
		" bb.position AS bad_position FROM confirmations co "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = co.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND co.code = 'unchanged' "
		"GROUP BY co.good_sha, co.bad_sha ORDER BY bb.position DESC LIMIT ?4", "IIIi",
		branch_id, from, to, REPORT_MAX_WITHDRAWN), &r->no_code, &r->nno_code,
		sizeof *r->no_code, REPORT_MAX_WITHDRAWN, report_no_code_row);
}

/* Index of the first merge at a position above pos (n when none). */
static size_t report_merge_after(const struct rec_window_report_merge *m, size_t n, long long p)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m[mid].commit.position > p)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Fills c from its row: candidate merges among m[0..n) (by position). */
static void report_classify(struct report_change *c, struct rec_window_report_change *row,
			    const struct rec_window_report_merge *m, size_t n, long long from)
{
	long long lo = row->good_position != REC_NONE ? row->good_position : from;
	size_t i, j;

	c->row = row;
	c->id = row->id;
	c->bad = row->bad_position;
	c->regression = row->direction && !strcmp(row->direction, "regression");
	c->size = isfinite(row->magnitude) ? fabs(row->magnitude) : 0;  /* as JSON had it */
	if (lo < from) {
		row->starts_before_window = 1;
		lo = from;
	}
	i = report_merge_after(m, n, lo);           /* first merge > lo */
	j = report_merge_after(m, n, c->bad);       /* first merge > bad */
	c->first = i;
	c->last = j ? j - 1 : 0;
	if (j <= i) {
		c->kind = REPORT_DIRECT;
		c->key = c->bad;
	} else {
		c->kind = j - i == 1 ? REPORT_MERGE : REPORT_AMBIGUOUS;
		c->key = m[i].commit.position;
	}
}

static int report_same_group(const struct report_change *a, const struct report_change *b)
{
	if (a->kind != b->kind || a->key != b->key)
		return 0;
	return a->kind == REPORT_DIRECT ? a->bad == b->bad : a->last == b->last;
}

/* Groups by position, then regressions first, the largest first. */
static int report_order(const void *pa, const void *pb)
{
	const struct report_change *a = pa, *b = pb;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->kind == REPORT_DIRECT ? a->bad != b->bad : a->last != b->last)
		return (a->kind == REPORT_DIRECT ? a->bad < b->bad : a->last < b->last) ? -1 : 1;
	if (a->regression != b->regression)
		return a->regression ? -1 : 1;
	if (a->size != b->size)
		return a->size > b->size ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* A copy of merge m into *out, by its record's encoder and decoder (which
 * the unit tests hold lossless); -1 when memory is out. */
static int report_merge_copy(struct rec_window_report_merge *out,
			     const struct rec_window_report_merge *m)
{
	json_t *j = rec_commit_encode(&m->commit);
	int rc = j ? rec_commit_decode(&out->commit, j, "", NULL) : -1;

	json_decref(j);
	out->jobs = m->jobs;
	out->pending = m->pending;
	return rc;
}

/* Fills group g of c with its merges (copies of m's). */
static int report_group(struct rec_window_report_group *g, const struct report_change *c,
			const struct rec_window_report_merge *m)
{
	size_t n = c->kind == REPORT_DIRECT ? 0 : c->last - c->first + 1;

	g->kind = strdup(report_kind_names[c->kind]);
	g->position = c->key;
	g->bad_position = c->bad;
	g->candidates = (long long)n;
	g->merges = calloc(n + 1, sizeof *g->merges);
	if (!g->kind || !g->merges)
		return -1;
	for (size_t k = 0; k < n && k < REPORT_MAX_CANDIDATES; k++, g->nmerges++)
		if (report_merge_copy(&g->merges[k], &m[c->first + k]) < 0)
			return -1;
	return 0;
}

/* Moves the change row into group g. */
static int report_group_add(struct rec_window_report_group *g, struct rec_window_report_change *row)
{
	struct rec_window_report_change *v = realloc(g->changes, (g->nchanges + 1) * sizeof *v);

	if (!v)
		return -1;
	g->changes = v;
	v[g->nchanges++] = *row;
	memset(row, 0, sizeof *row);
	return 0;
}

/*
 * Builds r's groups and summary from the window's rows[0..n) and merges
 * m[0..nm); rows of changes [offset, offset + limit) in report order move
 * into the groups.
 */
static int report_build(struct rec_window_report *r, struct rec_window_report_change *rows,
			size_t n, const struct rec_window_report_merge *m, size_t nm, long long from)
{
	struct report_change *cs = calloc(n ? n : 1, sizeof *cs);
	size_t i, lo = (size_t)r->offset, hi = lo + (size_t)r->limit;
	struct rec_window_report_group *g = NULL;
	int rc = 0;

	r->groups = calloc((n < (size_t)r->limit ? n : (size_t)r->limit) + 1, sizeof *r->groups);
	if (!cs || !r->groups) {
		free(cs);
		return -1;
	}
	for (i = 0; i < n; i++)
		report_classify(&cs[i], &rows[i], m, nm, from);
	qsort(cs, n, sizeof *cs, report_order);
	for (i = 0; rc == 0 && i < n; i++) {
		int fresh = !i || !report_same_group(&cs[i - 1], &cs[i]);

		r->summary.regressions += cs[i].regression;
		r->summary.improvements += !cs[i].regression;
		r->summary.groups += fresh;
		r->summary.ambiguous_groups += fresh && cs[i].kind == REPORT_AMBIGUOUS;
		if (i < lo || i >= hi)
			continue;
		if (fresh || !g) {
			g = &r->groups[r->ngroups++];
			rc = report_group(g, &cs[i], m);
		}
		if (cs[i].regression)
			g->regressions++;
		else
			g->improvements++;
		if (rc == 0)
			rc = report_group_add(g, cs[i].row);
	}
	r->summary.changes = (long long)n;
	r->more = hi < n;
	free(cs);
	return rc;
}

/* The window's merges of wm moved into *out (*n of them), each with its
 * jobs; wm keeps none.  Caller holds the lock. */
static int report_merges_locked(struct db *db, struct rec_window_report_merge **out, size_t *n,
				struct rec_window_merges *wm)
{
	*n = 0;
	*out = calloc(wm->merges.n + 1, sizeof **out);
	if (!*out)
		return -1;
	for (size_t i = 0; i < wm->merges.n; i++) {
		struct rec_window_report_merge *m = &(*out)[(*n)++];

		m->commit = wm->merges.v[i];
		memset(&wm->merges.v[i], 0, sizeof wm->merges.v[i]);
		db_commit_jobs_locked(db, &m->jobs, &m->pending, m->commit.sha);
	}
	return 0;
}

/* Moves the window's bounds from wm into r. */
static void report_window(struct rec_window_report *r, struct rec_window_merges *wm)
{
	r->tree = wm->tree;
	r->release = wm->release;
	r->closed_by = wm->closed_by;
	r->state = wm->state;
	r->from_position = wm->from_position;
	r->to_position = wm->to_position;
	wm->tree = wm->release = wm->closed_by = wm->state = NULL;
}

/* The confirmed, waiting, no-code and not reproduced changes into r's summary. */
static void report_confirm_counts(struct rec_window_report *r,
				  const struct rec_window_report_change *rows, size_t n)
{
	for (size_t i = 0; i < r->nwithdrawn; i++)
		r->summary.no_code += r->withdrawn[i].confirm &&
				      !strcmp(r->withdrawn[i].confirm, "no-code");
	r->summary.not_reproduced = (long long)r->nwithdrawn - r->summary.no_code;
	r->summary.ranges_no_code = (long long)r->nno_code;
	for (size_t i = 0; i < n; i++) {
		r->summary.confirmed += rows[i].confirm && !strcmp(rows[i].confirm, "confirmed");
		r->summary.waiting += !rows[i].confirm;
	}
}

int db_window_report(struct db *db, struct rec_window_report *out, const char *tree,
		     const char *branch, const char *release, int limit, int offset,
		     char **cause)
{
	struct rec_window_report_change *rows = NULL;
	struct rec_window_report_merge *merges = NULL;
	struct rec_window_merges wm;
	long long branch_id;
	size_t nrows = 0, nmerges = 0;
	int rc, ok = 0;

	memset(out, 0, sizeof *out);
	rc = db_tree_window_merges(db, &wm, tree, branch, release, cause);
	if (rc != DB_OK)
		return rc;
	report_window(out, &wm);
	out->limit = limit;
	out->offset = offset;
	db_read_lock(db);
	branch_id = report_branch_locked(db, tree, branch);
	if (branch_id)
		ok = report_changes_locked(db, &rows, &nrows, branch_id, out->from_position,
					   out->to_position) == DB_OK &&
		     report_withdrawn_locked(db, out, branch_id, out->from_position,
					     out->to_position) == DB_OK &&
		     report_no_code_locked(db, out, branch_id, out->from_position,
					   out->to_position) == DB_OK;
	out->summary.merges_measured = branch_id ? report_measured_locked(db, branch_id,
		out->from_position, out->to_position) : 0;
	db_read_unlock(db);
	report_confirm_counts(out, rows, nrows);
	/* each measured commit against the one before it (daemon/analyze/analyze_verdict.c
	 * decides them over the metrics of each commit) */
	if (ok && db_window_verdicts(db, &out->commit_verdicts, &out->ncommit_verdicts,
				     branch_id, out->from_position, out->to_position) != DB_OK)
		ok = 0;
	if (!ok) {
		rc = fail_cause(cause, "cannot read the changes of window %.128s", release);
		goto out;
	}
	db_read_lock(db);
	ok = report_merges_locked(db, &merges, &nmerges, &wm) == 0;
	db_read_unlock(db);
	out->summary.merges = (long long)nmerges;
	if (!ok || (branch && !(out->branch = strdup(branch))) ||
	    report_build(out, rows, nrows, merges, nmerges, out->from_position) < 0)
		rc = fail_cause(cause, "out of memory while grouping window %.128s", release);
out:
	rec_window_merges_dispose(&wm);
	for (size_t i = 0; i < nrows; i++)
		rec_window_report_change_dispose(&rows[i]);
	free(rows);
	for (size_t i = 0; i < nmerges; i++)
		rec_commit_dispose(&merges[i].commit);
	free(merges);
	if (rc != DB_OK)
		rec_window_report_dispose(out);
	return rc;
}

/* Regressions and improvements of (from, to] on branch_id; caller holds the lock. */
static void report_counts_locked(struct db *db, long long branch_id, long long from,
				 long long to, long long *regressions, long long *improvements)
{
	sqlite3_stmt *st = db_prep(db, "SELECT ch.direction = 'regression', count(*) "
		"FROM changes ch JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ? "
		"WHERE bb.position > ? AND bb.position <= ? AND ch.state <> 'invalid' AND ch.kind = 'perf' "
		"AND ch.withdrawn_at IS NULL "
		"GROUP BY 1", "III", branch_id, from, to);

	*regressions = *improvements = 0;
	while (st && sqlite3_step(st) == SQLITE_ROW)
		*(sqlite3_column_int(st, 0) ? regressions : improvements) =
			sqlite3_column_int64(st, 1);
	sqlite3_finalize(st);
}

int db_window_counts(struct db *db, struct db_window_counts *out, size_t max, size_t *n,
		     const char *tree)
{
	long long branch_id, tree_id;
	sqlite3_stmt *st;
	char rc1[64];
	size_t k = 0;
	int rc = DB_OK;

	*n = 0;
	db_read_lock(db);
	branch_id = report_branch_locked(db, tree, NULL);
	tree_id = db_scalar(db_prepk(db, "SELECT tree_id FROM branches WHERE id = ?", "I",
				     branch_id), 0);
	st = branch_id ? db_prep(db,
		"SELECT t.name FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ? "
		"WHERE t.tree_id = ? AND t.kind = 'release' "
		"ORDER BY t.major DESC, t.minor DESC LIMIT ?", "IIi", branch_id, tree_id, (int)max)
		: NULL;
	while (st && k < max && sqlite3_step(st) == SQLITE_ROW) {
		struct db_window_counts *w = &out[k];
		long long from, to;

		memset(w, 0, sizeof *w);
		db_column_text(w->release, sizeof w->release, st, 0);
		if (db_window_locked(db, &from, &to, rc1, tree_id, branch_id, w->release, NULL) !=
		    DB_OK)
			continue;
		snprintf(w->closed_by, sizeof w->closed_by, "%s", rc1);
		report_counts_locked(db, branch_id, from, to, &w->regressions, &w->improvements);
		w->merges_measured = report_measured_locked(db, branch_id, from, to);
		w->merges = db_scalar(db_prepk(db, "SELECT count(*) FROM branch_commits bc "
			"JOIN commits c ON c.id = bc.commit_id WHERE bc.branch_id = ? "
			"AND bc.position > ? AND bc.position <= ? AND c.merged_tip IS NOT NULL",
			"III", branch_id, from, to), 0);
		k++;
	}
	if (branch_id && !st)
		rc = DB_ERR;
	sqlite3_finalize(st);
	db_read_unlock(db);
	*n = k;
	return rc;
}
