-- SPDX-License-Identifier: GPL-2.0-only
-- 0005-analysis: what the analyzer (daemon/analyze.c) stores.
--
-- changes is rebuilt so that a change on a series without commits (host
-- jobs submitted by hand) can name its range by job ids: bad_sha may now
-- be NULL.  New columns: the job range, the point index, before/after
-- statistics, the range key that groups changes across metrics, and the
-- triage note.  No row exists yet (nothing wrote changes before this
-- migration), but the copy keeps any.
CREATE TABLE changes_new (
	id             INTEGER PRIMARY KEY,
	series_id      INTEGER NOT NULL REFERENCES series(id),
	group_id       INTEGER,
	good_sha       TEXT,                    -- last good commit (exclusive)
	bad_sha        TEXT,                    -- first bad commit (inclusive)
	good_job_id    INTEGER,                 -- the job of the last good point
	bad_job_id     INTEGER,                 -- the job of the first bad point
	range_key      TEXT NOT NULL DEFAULT '', -- "commit:GOOD..BAD" or "job:G..B"
	point_index    INTEGER,                 -- index of the first bad point
	n_before       INTEGER,
	n_after        INTEGER,
	mean_before    REAL,
	mean_after     REAL,
	median_before  REAL,
	median_after   REAL,
	sd_before      REAL,                    -- standard deviation of the points
	sd_after       REAL,
	magnitude      REAL,                    -- relative change, after/before - 1
	pvalue         REAL,
	direction      TEXT NOT NULL CHECK (direction IN ('regression', 'improvement')),
	confidence     REAL,
	state          TEXT NOT NULL DEFAULT 'new'
	               CHECK (state IN ('new', 'confirmed', 'bisecting', 'culprit-found',
	                                'fixed', 'invalid', 'wontfix')),
	triaged_by     TEXT,
	triaged_at     INTEGER,
	note           TEXT,
	detected_at    INTEGER NOT NULL,
	updated_at     INTEGER
);
INSERT INTO changes_new (id, series_id, group_id, good_sha, bad_sha, mean_before,
	mean_after, magnitude, pvalue, direction, confidence, state, triaged_by,
	detected_at, range_key)
	SELECT id, series_id, group_id, good_sha, bad_sha, mean_before, mean_after,
	       magnitude, pvalue, direction, confidence, state, triaged_by, detected_at,
	       'commit:' || IFNULL(good_sha, '') || '..' || bad_sha
	FROM changes;
DROP TABLE changes;
ALTER TABLE changes_new RENAME TO changes;
CREATE INDEX changes_series ON changes(series_id);
CREATE INDEX changes_range ON changes(range_key);
CREATE INDEX changes_list ON changes(state, id);

-- Per series, what the last analysis saw, and the A/A noise sums from
-- which the noise model of (runner class, metric) is the total over its
-- series (docs/analysis.md): squared relative deviations of job points
-- from the mean of their build (aa_ss, aa_df degrees of freedom), of
-- iterations from the mean of their job (it_ss, it_df), and the jobs and
-- samples counted (iterations per job = samples / jobs).
ALTER TABLE series ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN ordered_by TEXT;              -- 'commit' or 'job'
ALTER TABLE series ADD COLUMN last_sample_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN aa_ss REAL NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN aa_df INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN it_ss REAL NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN it_df INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN jobs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN samples_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN noisy INTEGER NOT NULL DEFAULT 0; -- 1: too noisy to judge
-- When the series last became dirty: analysis waits [analysis]
-- settle_seconds after it, so a burst of uploads is analysed once.
ALTER TABLE series ADD COLUMN dirty_at INTEGER;
CREATE TRIGGER series_dirty_at_update AFTER UPDATE OF dirty ON series
	WHEN NEW.dirty = 1 AND OLD.dirty = 0
BEGIN
	UPDATE series SET dirty_at = CAST(strftime('%s', 'now') AS INTEGER) WHERE id = NEW.id;
END;
CREATE TRIGGER series_dirty_at_insert AFTER INSERT ON series WHEN NEW.dirty = 1
BEGIN
	UPDATE series SET dirty_at = CAST(strftime('%s', 'now') AS INTEGER) WHERE id = NEW.id;
END;

-- Finding a sample's commit on a branch by its sha.
CREATE INDEX IF NOT EXISTS analysis_commits_sha ON commits(sha);
-- Samples by commit (comparisons by commit).
CREATE INDEX IF NOT EXISTS analysis_samples_commit ON samples(commit_sha);
CREATE INDEX IF NOT EXISTS analysis_samples_job ON samples(job_id);
