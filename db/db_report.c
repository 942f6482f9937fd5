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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_pages.h"
#include "db/db_trees.h"
#include "db/db_internal.h"
#include "lib/fail.h"

#define REPORT_MAX_CHANGES 100000   /* changes of one window read at most */
#define REPORT_MAX_CANDIDATES 20    /* candidate merges listed in an ambiguous group */
#define REPORT_MAX_WITHDRAWN 200    /* withdrawn changes of one window listed */

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
		branch_id, from, to, REPORT_MAX_CHANGES));
}

/* The changes of (from, to] of branch_id that confirmations withdrew (not
 * reproduced, no compiled code changed), newest first: what the window
 * report counts and lists beside the live ones.  Caller holds the lock. */
static json_t *report_withdrawn_locked(struct db *db, long long branch_id, long long from,
				       long long to)
{
	return db_rows(db, db_prepk(db,
		"SELECT ch.id, m.suite, m.name AS metric, ch.direction, ch.magnitude, ch.good_sha, "
		" ch.bad_sha, ch.confirm, ch.withdrawn_reason, bb.position AS bad_position "
		"FROM changes ch JOIN series se ON se.id = ch.series_id "
		"JOIN metrics m ON m.id = se.metric_id "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = ch.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND ch.kind = 'perf' "
		"AND ch.withdrawn_at IS NOT NULL AND ch.confirm IN ('not-reproduced', 'no-code') "
		"ORDER BY bb.position DESC, ch.id LIMIT ?4", "IIIi", branch_id, from, to,
		REPORT_MAX_WITHDRAWN));
}

/* The commit ranges of (from, to] of branch_id in which no compiled code
 * changed (a confirmation's check, whether or not a change was found
 * there): {good_sha, bad_sha, code_reason, bad_position}, newest first.
 * Caller holds the lock. */
static json_t *report_no_code_locked(struct db *db, long long branch_id, long long from,
				     long long to)
{
	return db_rows(db, db_prepk(db,
		"SELECT co.good_sha, co.bad_sha, MIN(co.code_reason) AS code_reason, "
		" bb.position AS bad_position FROM confirmations co "
		"JOIN commits cb ON " DB_LEVELS("cb") " AND cb.sha = co.bad_sha "
		"JOIN branch_commits bb ON bb.commit_id = cb.id AND bb.branch_id = ?1 "
		"WHERE bb.position > ?2 AND bb.position <= ?3 AND co.code = 'unchanged' "
		"GROUP BY co.good_sha, co.bad_sha ORDER BY bb.position DESC LIMIT ?4", "IIIi",
		branch_id, from, to, REPORT_MAX_WITHDRAWN));
}

/* Adds to each merge row (with "sha") "jobs", the bench jobs that measured
 * it (with samples), and "pending", those queued or running.  Caller
 * holds the lock. */
static void report_merge_jobs_locked(struct db *db, json_t *merges)
{
	json_t *m;
	size_t i;

	json_array_foreach(merges, i, m) {
		const char *sha = json_string_value(json_object_get(m, "sha"));

		json_object_set_new(m, "jobs", json_integer(db_scalar(db_prepk(db,
			"SELECT count(DISTINCT job_id) FROM samples WHERE commit_sha = ?", "s",
			sha), 0)));
		json_object_set_new(m, "pending", json_integer(db_scalar(db_prepk(db,
			"SELECT count(*) FROM jobs WHERE kind = 'bench' AND commit_sha = ? "
			"AND state IN ('queued', 'running')", "s", sha), 0)));
	}
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
	json_t *w = NULL, *rows = NULL, *verdicts = NULL, *gone = NULL, *same = NULL, *c;
	struct rec_window_merges wm;
	long long branch_id, from, to, measured = 0, nocode = 0, waiting = 0, confirmed = 0;
	size_t i;
	int rc;

	*out = NULL;
	rc = db_tree_window_merges(db, &wm, tree, branch, release, cause);
	if (rc != DB_OK)
		return rc;
	from = wm.from_position;
	to = wm.to_position;
	w = rec_window_merges_encode(&wm);
	rec_window_merges_dispose(&wm);
	if (!w)
		return fail_cause(cause, "out of memory while reading window %.128s", release);
	db_read_lock(db);
	branch_id = report_branch_locked(db, tree, branch);
	if (branch_id) {
		rows = report_changes_locked(db, branch_id, from, to);
		gone = report_withdrawn_locked(db, branch_id, from, to);
		same = report_no_code_locked(db, branch_id, from, to);
		measured = report_measured_locked(db, branch_id, from, to);
	}
	db_read_unlock(db);
	json_array_foreach(gone, i, c)
		nocode += !strcmp(json_string_value(json_object_get(c, "confirm")), "no-code");
	json_array_foreach(rows, i, c) {
		const json_t *cf = json_object_get(c, "confirm");

		confirmed += json_is_string(cf) && !strcmp(json_string_value(cf), "confirmed");
		waiting += json_is_null(cf);
	}
	/* each measured commit against the one before it (daemon/analyze/analyze_verdict.c
	 * decides them over the metrics of each commit) */
	verdicts = branch_id ? db_window_verdicts(db, branch_id, from, to) : json_array();
	if (!rows || !verdicts) {
		json_decref(rows);
		json_decref(verdicts);
		json_decref(w);
		return fail_cause(cause, "cannot read the changes of window %.128s", release);
	}
	db_read_lock(db);
	report_merge_jobs_locked(db, json_object_get(w, "merges"));
	db_read_unlock(db);
	json_object_set_new(w, "commit_verdicts", verdicts);
	json_object_set_new(w, "branch", branch ? json_string(branch) : json_null());
	json_object_set_new(w, "summary", json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}",
		"merges_measured", measured,
		"merges", (json_int_t)json_array_size(json_object_get(w, "merges")),
		"confirmed", confirmed, "waiting", waiting, "no_code", nocode,
		"not_reproduced", (json_int_t)json_array_size(gone) - nocode,
		"ranges_no_code", (json_int_t)json_array_size(same)));
	json_object_set_new(w, "withdrawn", gone ? gone : json_array());
	json_object_set_new(w, "no_code", same ? same : json_array());
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

/* A commit of tree_id by sha with its position on branch_id (REC_NONE
 * when off its line), subject, time and whether it is a merge into *out;
 * NULL when unknown (or memory is out).  Caller holds the lock. */
static int place_commit_locked(struct db *db, struct rec_place_commit **out, long long tree_id,
			       long long branch_id, const char *sha)
{
	struct rec_place_commit *c;
	sqlite3_stmt *st;
	int lost = 0;

	*out = NULL;
	if (!sha)
		return DB_OK;
	st = db_prepk(db,
		"SELECT c.sha, bc.position, c.subject, c.author_name, c.commit_time, "
		" c.merged_tip IS NOT NULL FROM commits c "
		"LEFT JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ?1 "
		"WHERE " DB_LEVELS("c") " AND c.sha = ?2 AND c.tree_id = ?3 "
		"ORDER BY bc.position IS NULL LIMIT 1", "IsI", branch_id, sha, tree_id);
	if (st && sqlite3_step(st) == SQLITE_ROW && (c = calloc(1, sizeof *c))) {
		lost |= db_column_copy(&c->sha, st, 0);
		c->position = db_column_measure(st, 1);
		lost |= db_column_copy(&c->subject, st, 2);
		lost |= db_column_copy(&c->author, st, 3);
		c->time = db_column_measure(st, 4);
		c->merge = sqlite3_column_int(st, 5);
		c->brought = REC_NONE;
		*out = c;
	}
	db_done(st);
	return st && !lost ? DB_OK : DB_ERR;
}

/* The window of branch_id holding position pos into p's release,
 * closed_by and state (release NULL: none).  Caller holds the lock. */
static int place_window_locked(struct db *db, struct rec_place *p, long long tree_id,
			       long long branch_id, long long pos)
{
	sqlite3_stmt *st = db_prepk(db,
		"SELECT t.name FROM tags t JOIN commits c ON c.tree_id = t.tree_id "
		"AND " DB_LEVELS("c") " AND c.sha = t.commit_sha "
		"JOIN branch_commits bc ON bc.commit_id = c.id AND bc.branch_id = ?1 "
		"WHERE t.tree_id = ?2 AND t.kind = 'release' AND bc.position < ?3 "
		"ORDER BY bc.position DESC LIMIT 1", "III", branch_id, tree_id, pos);
	char name[64], rc1[64];
	long long from, to;
	int found = st && sqlite3_step(st) == SQLITE_ROW;

	if (found)
		db_column_text(name, sizeof name, st, 0);
	db_done(st);
	if (!st)
		return DB_ERR;
	if (!found || db_window_locked(db, &from, &to, rc1, tree_id, branch_id, name, NULL) !=
	    DB_OK || pos <= from || pos > to)
		return DB_OK;
	p->release = strdup(name);
	p->closed_by = rc1[0] ? strdup(rc1) : NULL;
	p->state = strdup(rc1[0] ? "closed" : "open");
	return p->release && (!rc1[0] || p->closed_by) && p->state ? DB_OK : DB_ERR;
}

/* A row of the candidate merges into the rec_place_commit at rec
 * (db_rows_into). */
static int place_merge_row(sqlite3_stmt *st, void *rec)
{
	struct rec_place_commit *m = rec;
	int lost = 0;

	memset(m, 0, sizeof *m);
	m->position = sqlite3_column_int64(st, 0);
	lost |= db_column_copy(&m->sha, st, 1);
	lost |= db_column_copy(&m->subject, st, 2);
	m->time = db_column_measure(st, 3);
	lost |= db_column_copy(&m->merge_subsystem, st, 4);
	lost |= db_column_copy(&m->merge_source, st, 5);
	m->brought = db_column_measure(st, 6);
	m->merge = 1;
	if (lost || !m->sha) {
		rec_place_commit_dispose(m);
		return -1;
	}
	return 0;
}

/* The merges of branch_id in (lo, bad], their count, their jobs and the
 * window holding bad into p.  Caller holds the lock. */
static int place_merges_locked(struct db *db, struct rec_place *p, long long tree_id,
			       long long branch_id, long long lo, long long bad)
{
	int rc;

	p->on_line = 1;
	p->merges = calloc(DB_PLACE_MERGES + 1, sizeof *p->merges);
	if (!p->merges)
		return DB_ERR;
	rc = db_rows_into(db_prepk(db,
		"SELECT bc.position, c.sha, c.subject, c.commit_time, c.merge_subsystem, "
		" c.merge_source, c.brought "
		"FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id "
		"WHERE bc.branch_id = ? AND bc.position > ? AND bc.position <= ? "
		"AND c.merged_tip IS NOT NULL ORDER BY bc.position LIMIT ?", "IIIi",
		branch_id, lo, bad, DB_PLACE_MERGES), p->merges, sizeof *p->merges,
		DB_PLACE_MERGES, &p->nmerges, place_merge_row);
	p->merges_total = db_scalar(db_prepk(db,
		"SELECT count(*) FROM branch_commits bc JOIN commits c ON c.id = "
		"bc.commit_id WHERE bc.branch_id = ? AND bc.position > ? AND "
		"bc.position <= ? AND c.merged_tip IS NOT NULL", "III", branch_id, lo, bad), 0);
	for (size_t i = 0; i < p->nmerges; i++) {
		p->merges[i].jobs = db_scalar(db_prepk(db,
			"SELECT count(DISTINCT job_id) FROM samples WHERE commit_sha = ?", "s",
			p->merges[i].sha), 0);
		p->merges[i].pending = db_scalar(db_prepk(db,
			"SELECT count(*) FROM jobs WHERE kind = 'bench' AND commit_sha = ? "
			"AND state IN ('queued', 'running')", "s", p->merges[i].sha), 0);
	}
	if (rc == DB_OK)
		rc = place_window_locked(db, p, tree_id, branch_id, bad);
	return rc;
}

/* The tree and branch of branch_id into p (none when it is not known);
 * *tree_id gets the tree (0: none).  Caller holds the lock. */
static int place_names_locked(struct db *db, struct rec_place *p, long long *tree_id,
			      long long branch_id)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT t.id, t.name, b.name FROM branches b "
				    "JOIN trees t ON t.id = b.tree_id WHERE b.id = ?", "I",
				    branch_id);
	int lost = 0;

	*tree_id = 0;
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		*tree_id = sqlite3_column_int64(st, 0);
		lost |= db_column_copy(&p->tree, st, 1);
		lost |= db_column_copy(&p->branch, st, 2);
	}
	db_done(st);
	return st && !lost ? DB_OK : DB_ERR;
}

int db_change_place(struct db *db, struct rec_place *out, long long change_id)
{
	long long series_id = 0, branch_id, tree_id = 0;
	char *good_sha = NULL, *bad_sha = NULL;
	sqlite3_stmt *st;
	int rc = DB_NOTFOUND;

	memset(out, 0, sizeof *out);
	db_read_lock(db);
	st = db_prepk(db, "SELECT series_id, good_sha, bad_sha FROM changes WHERE id = ?", "I",
		      change_id);
	if (st && sqlite3_step(st) == SQLITE_ROW) {
		series_id = sqlite3_column_int64(st, 0);
		rc = db_column_copy(&good_sha, st, 1) | db_column_copy(&bad_sha, st, 2) ?
		     DB_ERR : DB_OK;
	}
	db_done(st);
	if (rc == DB_OK) {
		branch_id = db_series_branch_locked(db, series_id);
		rc = place_names_locked(db, out, &tree_id, branch_id);
		if (rc == DB_OK)
			rc = place_commit_locked(db, &out->good, tree_id, branch_id, good_sha);
		if (rc == DB_OK)
			rc = place_commit_locked(db, &out->bad, tree_id, branch_id, bad_sha);
		if (rc == DB_OK && out->bad && out->bad->position != REC_NONE)
			rc = place_merges_locked(db, out, tree_id, branch_id,
				out->good && out->good->position != REC_NONE ?
				out->good->position : -1, out->bad->position);
	}
	db_read_unlock(db);
	free(good_sha);
	free(bad_sha);
	if (rc != DB_OK)
		rec_place_dispose(out);
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
