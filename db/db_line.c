// SPDX-License-Identifier: GPL-2.0-only
/*
 * db_line.c - the branch whose first-parent line places a series' points
 * (series.line_branch_id, migration 0024), and the points' positions on
 * it.  A series whose identity names a branch (series.branch_id) is
 * placed on it; any other by the majority rule: the branch holding most
 * of the series' distinct sample commits (a commit counted once per row
 * of branch_commits it has there, as the join counts it), the smallest
 * id on a tie, 0 when no branch holds any.  The analyzer, which reads
 * every sample anyway, applies the rule and stores what it found; a
 * result stores the branch of its commit on a series that has none yet;
 * pages read what is stored (db_series_branch_locked).  docs/analysis.md,
 * "The branch of a series".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "db/db_analysis.h"
#include "db/db_internal.h"

/* A commit of a series: its sha and the sample it places (SIZE_MAX: one
 * that only counts, a commit of a result that was not ok). */
struct line_ref {
	const char *sha;
	size_t sample;
};

/* A branch holding the commit of refs [from, to): its first position. */
struct line_hit {
	size_t from, to;
	long long branch, position;
};

/* The commits of a branch among a series' distinct commits. */
struct line_vote {
	long long branch, count;
};

/* Everything line_choose gathers, freed by line_dispose. */
struct line_work {
	struct line_hit *hit;
	size_t nhit, chit;
	struct line_vote *vote;
	size_t nvote, cvote;
};

static int line_ref_cmp(const void *pa, const void *pb)
{
	const struct line_ref *a = pa, *b = pb;

	return strcmp(a->sha, b->sha);
}

static void line_dispose(struct line_work *w)
{
	free(w->hit);
	free(w->vote);
}

/* Counts n more commits of branch. */
static int line_vote(struct line_work *w, long long branch, long long n)
{
	for (size_t i = 0; i < w->nvote; i++)
		if (w->vote[i].branch == branch) {
			w->vote[i].count += n;
			return DB_OK;
		}
	if (db_grow((void **)&w->vote, &w->cvote, w->nvote, sizeof *w->vote, SIZE_MAX) != DB_OK)
		return DB_ERR;
	w->vote[w->nvote++] = (struct line_vote){ .branch = branch, .count = n };
	return DB_OK;
}

/* The branches holding the commit of refs [from, to), each counted
 * (unless own names the branch already) and kept when places wants
 * positions. */
static int line_lookup(struct db *db, struct line_work *w, const struct line_ref *r,
		       size_t from, size_t to, long long own, int places)
{
	sqlite3_stmt *st = db_prepk(db, "SELECT bc.branch_id, COUNT(*), MIN(bc.position) "
		"FROM commits c JOIN branch_commits bc ON bc.commit_id = c.id "
		"WHERE " DB_LEVELS("c") " AND c.sha = ? GROUP BY bc.branch_id", "s", r[from].sha);
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		long long branch = sqlite3_column_int64(st, 0);

		if (!own)
			rc = line_vote(w, branch, sqlite3_column_int64(st, 1));
		if (rc == DB_OK && places && (own == 0 || branch == own)) {
			rc = db_grow((void **)&w->hit, &w->chit, w->nhit, sizeof *w->hit, SIZE_MAX);
			if (rc == DB_OK)
				w->hit[w->nhit++] = (struct line_hit){ .from = from, .to = to,
					.branch = branch, .position = sqlite3_column_int64(st, 2) };
		}
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	return rc;
}

/* The branch of the commits r[0..n) (sorted here): own when nonzero,
 * else the majority rule, into *chosen; with v, the sample of each ref
 * gets the commit's first position on it (the others keep theirs).
 * The caller holds a connection. */
static int line_choose(struct db *db, struct line_ref *r, size_t n, long long own,
		       struct db_sample *v, long long *chosen)
{
	struct line_work w = { 0 };
	size_t best = SIZE_MAX;     /* the vote of the most commits */
	int rc = DB_OK;

	*chosen = own;
	if (n)
		qsort(r, n, sizeof *r, line_ref_cmp);
	for (size_t a = 0, b; rc == DB_OK && a < n; a = b) {
		for (b = a + 1; b < n && !strcmp(r[b].sha, r[a].sha); b++)
			;
		rc = line_lookup(db, &w, r, a, b, own, v != NULL);
	}
	for (size_t i = 0; rc == DB_OK && !own && i < w.nvote; i++)
		if (best == SIZE_MAX || w.vote[i].count > w.vote[best].count ||
		    (w.vote[i].count == w.vote[best].count && w.vote[i].branch < w.vote[best].branch))
			best = i;
	if (best != SIZE_MAX)
		*chosen = w.vote[best].branch;
	for (size_t h = 0; rc == DB_OK && v && h < w.nhit; h++)
		for (size_t k = w.hit[h].from; w.hit[h].branch == *chosen && k < w.hit[h].to; k++)
			if (r[k].sample != SIZE_MAX)
				v[r[k].sample].position = w.hit[h].position;
	line_dispose(&w);
	if (rc != DB_OK)
		*chosen = 0;
	return rc;
}

int db_line_place(struct db *db, struct db_sample *v, size_t n, const char (*more)[DB_SHA_MAX + 1],
		  size_t nmore, long long own, long long *chosen)
{
	struct line_ref *r = calloc(n + nmore + 1, sizeof *r);
	size_t k = 0;
	int rc;

	*chosen = 0;
	if (!r)
		return DB_ERR;
	for (size_t i = 0; i < n; i++) {
		v[i].position = -1;
		if (v[i].sha[0])
			r[k++] = (struct line_ref){ .sha = v[i].sha, .sample = i };
	}
	for (size_t i = 0; i < nmore; i++)
		if (more[i][0])
			r[k++] = (struct line_ref){ .sha = more[i], .sample = SIZE_MAX };
	rc = line_choose(db, r, k, own, v, chosen);
	free(r);
	return rc;
}

int db_line_of_commit(struct db *db, const char *sha, long long *branch)
{
	struct line_ref r = { .sha = sha, .sample = SIZE_MAX };

	*branch = 0;
	return sha && sha[0] ? line_choose(db, &r, 1, 0, NULL, branch) : DB_OK;
}

/* The majority rule over every sample of series id, read from each of
 * its rows: what a series of an older file, stored before 0024 and not
 * analysed since, is placed on.  DB_OK or DB_ERR. */
static int line_scan(struct db *db, long long id, long long *branch)
{
	sqlite3_stmt *st = db_prep(db, "SELECT DISTINCT commit_sha FROM samples "
				   "WHERE series_id = ? AND commit_sha IS NOT NULL", "I", id);
	char (*sha)[DB_SHA_MAX + 1] = NULL;
	size_t n = 0, cap = 0;
	int rc = st ? DB_OK : DB_ERR, step = SQLITE_DONE;

	*branch = 0;
	while (rc == DB_OK && (step = sqlite3_step(st)) == SQLITE_ROW) {
		rc = db_grow((void **)&sha, &cap, n, sizeof *sha, DB_MAX_SERIES_SAMPLES);
		if (rc == DB_OK)
			db_column_text(sha[n++], sizeof *sha, st, 0);
	}
	if (rc == DB_OK && step != SQLITE_DONE)
		rc = DB_ERR;
	db_done(st);
	if (rc == DB_OK)
		rc = db_line_place(db, NULL, 0, (const char (*)[DB_SHA_MAX + 1])sha, n, 0, branch);
	free(sha);
	return rc;
}

long long db_series_branch_locked(struct db *db, long long id)
{
	long long branch = db_scalar(db_prepk(db, "SELECT IFNULL(IFNULL(branch_id, line_branch_id), "
					     "-1) FROM series WHERE id = ?", "I", id), 0);

	if (branch >= 0)
		return branch;
	if (line_scan(db, id, &branch) != DB_OK)
		return 0;
	/* kept when this thread writes (a read connection cannot); else the
	 * series' next analysis stores it */
	if (db_writer_held(db))
		db_exec_st(db, db_prepk(db, "UPDATE series SET line_branch_id = ? WHERE id = ? "
				       "AND line_branch_id IS NULL", "II", branch, id));
	return branch;
}
