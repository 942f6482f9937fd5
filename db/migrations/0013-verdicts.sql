-- SPDX-License-Identifier: GPL-2.0-only
-- 0013-verdicts: what the three-way verdict (lib/verdict.h) needs and
-- leaves behind (docs/analysis.md).
--
-- The noise model on the log scale, per series, summed per (runner class,
-- metric): jobs of one commit (one environment in job order) within one
-- segment are repeated runs; rep_ss is the sum of squared deviations of
-- their mean log values from the mean of their group, rep_df the groups'
-- jobs - 1, rep_wn the part of E[rep_ss] that the iterations explain per
-- unit of within-job variance, sum over groups of (1 - 1/J) sum 1/n_j;
-- win_ss and win_df the same of every iteration's log value around its
-- job's mean.  between = (rep_ss - rep_wn * within) / rep_df,
-- within = win_ss / win_df.
ALTER TABLE series ADD COLUMN rep_ss REAL NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN rep_df INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN rep_wn REAL NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN win_ss REAL NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN win_df INTEGER NOT NULL DEFAULT 0;

-- A change's verdict: the segment before against the segment after, the
-- job the unit (NULL for build failures and for changes found before).
ALTER TABLE changes ADD COLUMN verdict TEXT
	CHECK (verdict IS NULL OR verdict IN ('changed', 'same', 'inconclusive'));
ALTER TABLE changes ADD COLUMN percent_lo REAL;     -- 95% interval of the change, %
ALTER TABLE changes ADD COLUMN percent_hi REAL;
ALTER TABLE changes ADD COLUMN verdict_p REAL;      -- the verdict's p-value
ALTER TABLE changes ADD COLUMN min_effect REAL;     -- the smallest effect that matters
ALTER TABLE changes ADD COLUMN jobs_before INTEGER;
ALTER TABLE changes ADD COLUMN jobs_after INTEGER;
ALTER TABLE changes ADD COLUMN reason TEXT;         -- the verdict's sentence
ALTER TABLE changes ADD COLUMN found_by TEXT        -- segmentation, or commits (few)
	CHECK (found_by IS NULL OR found_by IN ('segmentation', 'commits'));

-- Each measured commit of a commit-ordered series against the measured
-- commit before it on the series' line: the fields of struct verdict that
-- decide it again (after Benjamini-Hochberg over the metrics of a merge,
-- in the merge-window report) and its verdict for this series alone.
CREATE TABLE commit_verdicts (
	series_id    INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
	sha          TEXT NOT NULL,           -- the commit judged
	prev_sha     TEXT NOT NULL,           -- the measured commit before it
	position     INTEGER NOT NULL,        -- sha's first-parent position
	log_scale    INTEGER NOT NULL,
	tested       INTEGER NOT NULL,
	prior_used   INTEGER NOT NULL,
	jobs_before  INTEGER NOT NULL,
	jobs_after   INTEGER NOT NULL,
	iterations_before INTEGER NOT NULL,
	iterations_after  INTEGER NOT NULL,
	diff         REAL,
	se           REAL,
	df           REAL,
	percent      REAL,
	percent_lo   REAL,
	percent_hi   REAL,
	pvalue       REAL,
	p_same       REAL,
	min_effect   REAL,
	eq_half      REAL,
	between_var  REAL,
	within_var   REAL,
	between_cv   REAL,
	within_cv    REAL,
	between_df   REAL,
	verdict      TEXT NOT NULL CHECK (verdict IN ('changed', 'same', 'inconclusive')),
	updated_at   INTEGER NOT NULL,
	PRIMARY KEY (series_id, sha)
);
CREATE INDEX commit_verdicts_sha ON commit_verdicts(sha);

-- Requests to measure a commit (again): the analyzer's, when a verdict is
-- inconclusive or a change rests on one job a side (source 'analysis'),
-- and bench jobs submitted for a commit whose build is not there yet
-- (source 'submit', state 'waiting' until the build ends).  spec is the
-- bench job's spec; job_id the job queued for it.
CREATE TABLE measure_requests (
	id           INTEGER PRIMARY KEY,
	source       TEXT NOT NULL CHECK (source IN ('analysis', 'submit')),
	state        TEXT NOT NULL CHECK (state IN ('waiting', 'queued', 'failed')),
	tree_id      INTEGER REFERENCES trees(id),
	commit_sha   TEXT NOT NULL,
	build_id     INTEGER REFERENCES builds(id),
	series_id    INTEGER REFERENCES series(id) ON DELETE SET NULL,
	spec         TEXT NOT NULL,
	runner_class TEXT,
	priority     INTEGER NOT NULL DEFAULT 0,
	job_id       INTEGER REFERENCES jobs(id),
	reason       TEXT NOT NULL,
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL
);
CREATE INDEX measure_requests_build ON measure_requests(build_id) WHERE state = 'waiting';
CREATE INDEX measure_requests_commit ON measure_requests(commit_sha);
-- The bench jobs of a commit, counted against the cap of more measurement.
CREATE INDEX IF NOT EXISTS verdicts_jobs_commit ON jobs(commit_sha) WHERE kind = 'bench';
-- A commit's tags (is it a release?) and builds (measuring a commit).
CREATE INDEX IF NOT EXISTS verdicts_tags_commit ON tags(commit_sha);
CREATE INDEX IF NOT EXISTS verdicts_builds_commit ON builds(commit_sha);
