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
 * The report also carries the stored verdict of each measured commit
 * against the one before it ("commit_verdicts"), which the daemon decides
 * per commit (daemon/analyze_verdict.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "db/db_internal.h"
#include "lib/fail.h"

#define REPORT_MAX_CHANGES 100000   /* changes of one window read at most */
#define REPORT_MAX_CANDIDATES 20    /* candidate merges listed in an ambiguous group */

enum report_kind { REPORT_MERGE, REPORT_AMBIGUOUS, REPORT_DIRECT };

static const char *const report_kind_names[] = { "merge", "ambiguous", "direct" };

/* One change of the window with its candidate merges [first, last]. */
struct report_change {
	json_t *row;                /* borrowed from the rows array */
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

/* The changes whose first bad commit is in (from, to] of branch_id. */
static json_t *report_changes_locked(struct db *db, long long branch_id, long long from,
				     long long to)
{
	return db_rows(db, db_prepk(db,
		"SELECT ch.id, ch.series_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, se.runner_class, se.config_name, se.noisy, "
		" ch.direction, ch.magnitude, ch.confidence, ch.pvalue, ch.mean_before, "
		" ch.mean_after, ch.n_before, ch.n_after, ch.state, ch.good_sha, ch.bad_sha, "
		" ch.verdict, ch.percent_lo, ch.percent_hi, ch.verdict_p, ch.min_effect, "
		" ch.jobs_before, ch.jobs_after, ch.reason, ch.found_by, "
		" bg.position AS good_position, bb.position AS bad_position "
		"FROM changes ch JOIN series se ON se.id = ch.series_id "
		"JOIN metrics m ON m.id = se.metric_id "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"LEFT JOIN commits cg ON " DB_LEVELS("cg") " AND cg.sha = ch.good_sha "
		" AND cg.tree_id = cb.tree_id "
		"LEFT JOIN branch_commits bg ON bg.commit_id = cg.id AND bg.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND ch.state <> 'invalid' AND ch.kind = 'perf' "
		"ORDER BY bb.position, ch.id LIMIT ?4", "IIIi",
		branch_id, from, to, REPORT_MAX_CHANGES));
}

/* Index of the first merge at a position above pos (n when none). */
static size_t report_merge_after(const long long *pos, size_t n, long long p)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (pos[mid] > p)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Fills c from its row: candidate merges among pos[0..n) (sorted). */
static void report_classify(struct report_change *c, json_t *row, const long long *pos,
			    size_t n, long long from)
{
	const json_t *g = json_object_get(row, "good_position");
	long long lo = json_is_integer(g) ? json_integer_value(g) : from;
	size_t i, j;

	c->row = row;
	c->id = json_integer_value(json_object_get(row, "id"));
	c->bad = json_integer_value(json_object_get(row, "bad_position"));
	c->regression = !strcmp(json_string_value(json_object_get(row, "direction")),
				"regression");
	c->size = json_number_value(json_object_get(row, "magnitude"));
	if (c->size < 0)
		c->size = -c->size;
	if (lo < from) {
		json_object_set_new(row, "starts_before_window", json_true());
		lo = from;
	}
	i = report_merge_after(pos, n, lo);         /* first merge > lo */
	j = report_merge_after(pos, n, c->bad);     /* first merge > bad */
	c->first = i;
	c->last = j ? j - 1 : 0;
	if (j <= i) {
		c->kind = REPORT_DIRECT;
		c->key = c->bad;
	} else {
		c->kind = j - i == 1 ? REPORT_MERGE : REPORT_AMBIGUOUS;
		c->key = pos[i];
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

/* A new group object for c, with its merges (borrowed from merges). */
static json_t *report_group(const struct report_change *c, const json_t *merges)
{
	json_t *g, *list = json_array();
	size_t k, n = c->kind == REPORT_DIRECT ? 0 : c->last - c->first + 1;

	for (k = 0; k < n && k < REPORT_MAX_CANDIDATES; k++)
		json_array_append(list, json_array_get(merges, c->first + k));
	g = json_pack("{s:s, s:I, s:I, s:o, s:i, s:i, s:o}", "kind", report_kind_names[c->kind],
		      "position", c->key, "bad_position", c->bad, "merges", list,
		      "regressions", 0, "improvements", 0, "changes", json_array());
	json_object_set_new(g, "candidates", json_integer((json_int_t)n));
	return g;
}

/* Adds "percent" and "links" to a change row. */
static void report_decorate(json_t *row, long long id, long long series_id)
{
	char change[64], series[64], api[64];

	snprintf(change, sizeof change, "/changes/%lld", id);
	snprintf(series, sizeof series, "/series/%lld", series_id);
	snprintf(api, sizeof api, "/api/v1/changes/%lld", id);
	json_object_set_new(row, "percent",
		json_real(100 * json_number_value(json_object_get(row, "magnitude"))));
	json_object_set_new(row, "links", json_pack("{s:s, s:s, s:s}", "change", change,
						    "series", series, "api", api));
}

/*
 * Builds groups and the summary from the window's rows; rows of changes
 * [offset, offset + limit) in report order go into the groups.
 */
static int report_build(json_t *out, json_t *rows, const json_t *merges, long long from,
			int limit, int offset)
{
	size_t n = json_array_size(rows), nm = json_array_size(merges), i;
	long long *pos = calloc(nm ? nm : 1, sizeof *pos);
	struct report_change *cs = calloc(n ? n : 1, sizeof *cs);
	json_t *groups = json_array(), *g = NULL;
	int regressions = 0, improvements = 0, ngroups = 0, ambiguous = 0;

	if (!pos || !cs || !groups) {
		free(pos);
		free(cs);
		json_decref(groups);
		return -1;
	}
	for (i = 0; i < nm; i++)
		pos[i] = json_integer_value(json_object_get(json_array_get(merges, i), "position"));
	for (i = 0; i < n; i++)
		report_classify(&cs[i], json_array_get(rows, i), pos, nm, from);
	qsort(cs, n, sizeof *cs, report_order);
	for (i = 0; i < n; i++) {
		int fresh = !i || !report_same_group(&cs[i - 1], &cs[i]);
		const char *counter = cs[i].regression ? "regressions" : "improvements";

		regressions += cs[i].regression;
		improvements += !cs[i].regression;
		ngroups += fresh;
		ambiguous += fresh && cs[i].kind == REPORT_AMBIGUOUS;
		if (i < (size_t)offset || i >= (size_t)offset + (size_t)limit)
			continue;
		if (fresh || !g) {
			g = report_group(&cs[i], merges);
			json_array_append_new(groups, g);
		}
		report_decorate(cs[i].row, cs[i].id,
				json_integer_value(json_object_get(cs[i].row, "series_id")));
		json_array_append(json_object_get(g, "changes"), cs[i].row);
		json_object_set_new(g, counter,
			json_integer(json_integer_value(json_object_get(g, counter)) + 1));
	}
	json_object_set_new(out, "groups", groups);
	json_object_set_new(json_object_get(out, "summary"), "regressions",
			    json_integer(regressions));
	json_object_set_new(json_object_get(out, "summary"), "improvements",
			    json_integer(improvements));
	json_object_set_new(json_object_get(out, "summary"), "changes",
			    json_integer((json_int_t)n));
	json_object_set_new(json_object_get(out, "summary"), "groups", json_integer(ngroups));
	json_object_set_new(json_object_get(out, "summary"), "ambiguous_groups",
			    json_integer(ambiguous));
	json_object_set_new(out, "more", json_boolean((size_t)offset + (size_t)limit < n));
	free(pos);
	free(cs);
	return 0;
}

int db_window_report(struct db *db, json_t **out, const char *tree, const char *branch,
		     const char *release, int limit, int offset, char **cause)
{
	json_t *w = NULL, *rows = NULL, *verdicts = NULL;
	long long branch_id, from, to, measured = 0;
	int rc;

	*out = NULL;
	rc = db_tree_window_merges(db, &w, tree, branch, release, cause);
	if (rc != DB_OK)
		return rc;
	from = json_integer_value(json_object_get(w, "from_position"));
	to = json_integer_value(json_object_get(w, "to_position"));
	db_read_lock(db);
	branch_id = report_branch_locked(db, tree, branch);
	if (branch_id) {
		rows = report_changes_locked(db, branch_id, from, to);
		measured = report_measured_locked(db, branch_id, from, to);
	}
	db_read_unlock(db);
	/* each measured commit against the one before it (daemon/analyze_verdict.c
	 * decides them over the metrics of each commit) */
	verdicts = branch_id ? db_window_verdicts(db, branch_id, from, to) : json_array();
	if (!rows || !verdicts) {
		json_decref(rows);
		json_decref(verdicts);
		json_decref(w);
		return fail_cause(cause, "cannot read the changes of window %.128s", release);
	}
	json_object_set_new(w, "commit_verdicts", verdicts);
	json_object_set_new(w, "branch", branch ? json_string(branch) : json_null());
	json_object_set_new(w, "summary", json_pack("{s:I, s:I}", "merges_measured", measured,
		"merges", (json_int_t)json_array_size(json_object_get(w, "merges"))));
	json_object_set_new(w, "limit", json_integer(limit));
	json_object_set_new(w, "offset", json_integer(offset));
	if (report_build(w, rows, json_object_get(w, "merges"), from, limit, offset) < 0) {
		json_decref(rows);
		json_decref(w);
		return fail_cause(cause, "out of memory while grouping window %.128s", release);
	}
	json_decref(rows);
	json_object_del(w, "merges");
	*out = w;
	return DB_OK;
}

/* Regressions and improvements of (from, to] on branch_id; caller holds the lock. */
static void report_counts_locked(struct db *db, long long branch_id, long long from,
				 long long to, long long *regressions, long long *improvements)
{
	sqlite3_stmt *st = db_prep(db, "SELECT ch.direction = 'regression', count(*) "
		"FROM changes ch JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ? "
		"WHERE bb.position > ? AND bb.position <= ? AND ch.state <> 'invalid' AND ch.kind = 'perf' "
		"GROUP BY 1", "III", branch_id, from, to);

	*regressions = *improvements = 0;
	while (st && sqlite3_step(st) == SQLITE_ROW)
		*(sqlite3_column_int(st, 0) ? regressions : improvements) =
			sqlite3_column_int64(st, 1);
	sqlite3_finalize(st);
}

int db_window_current(struct db *db, json_t **out, const char *tree, char **cause)
{
	json_t *last = NULL;
	long long branch_id, from, to, reg = 0, imp = 0, measured = 0;
	const char *release;
	int rc;

	*out = NULL;
	rc = db_tree_window_last(db, &last, tree, NULL, cause);
	if (rc != DB_OK)
		return rc;
	release = json_string_value(json_object_get(last, "release"));
	/* The counts of db_window_report's summary, without reading the rows. */
	from = json_integer_value(json_object_get(last, "from_position"));
	to = json_integer_value(json_object_get(last, "to_position"));
	db_read_lock(db);
	branch_id = report_branch_locked(db, tree, NULL);
	if (branch_id) {
		report_counts_locked(db, branch_id, from, to, &reg, &imp);
		measured = report_measured_locked(db, branch_id, from, to);
	}
	db_read_unlock(db);
	*out = json_pack("{s:s, s:O, s:O, s:O, s:I, s:I, s:I, s:O}", "release", release,
		"closed_by", json_object_get(last, "closed_by") ?
			json_object_get(last, "closed_by") : json_null(),
		"state", json_object_get(last, "state"),
		"to_position", json_object_get(last, "to_position"),
		"regressions", reg, "improvements", imp, "merges_measured", measured,
		"merges", json_object_get(last, "merges"));
	rc = *out ? DB_OK : fail_cause(cause, "out of memory");
	json_decref(last);
	return rc;
}
