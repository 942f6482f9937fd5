-- SPDX-License-Identifier: GPL-2.0-only
-- 0006-drift: environment drift of runners, artifacts found corrupt when
-- served, and build failures as entries of the changes list.
--
-- runner_env remembers, per runner and boot method, the environment
-- fields that should not change on one machine (db/db_drift.c names them:
-- CPU model, microcode, NUMA layout, governor, THP, accelerator, base
-- kernel).  When an upload's values differ, one runner_drift row per
-- field records old -> new until an admin acknowledges it.
CREATE TABLE runner_env (
	runner_id    INTEGER NOT NULL REFERENCES runners(id) ON DELETE CASCADE,
	boot_method  TEXT NOT NULL,
	env          TEXT NOT NULL,            -- JSON object of the stable fields
	job_id       INTEGER,                  -- the upload that last set it
	updated_at   INTEGER NOT NULL,
	PRIMARY KEY (runner_id, boot_method)
);
CREATE TABLE runner_drift (
	id           INTEGER PRIMARY KEY,
	runner_id    INTEGER NOT NULL REFERENCES runners(id) ON DELETE CASCADE,
	boot_method  TEXT NOT NULL,
	field        TEXT NOT NULL,
	old_value    TEXT,
	new_value    TEXT,
	job_id       INTEGER,                  -- the upload that showed it
	detected_at  INTEGER NOT NULL,
	acked_by     TEXT,                     -- NULL until acknowledged
	acked_at     INTEGER
);
CREATE INDEX runner_drift_runner ON runner_drift(runner_id, id);
CREATE INDEX runner_drift_open ON runner_drift(runner_id) WHERE acked_at IS NULL;

-- Why a stored artifact may not be served any more (its content no longer
-- matches its sha256); NULL while it is good.
ALTER TABLE artifacts ADD COLUMN bad TEXT;

-- A change is a performance change found by the analyzer ('perf') or a
-- build of (tree, branch, config) that failed after a good one
-- ('build-failure').  A build failure lives on a series of its own (metric
-- build/failure, per branch and config) so that lists, triage and alerts
-- treat it like a regression; good_sha..bad_sha is the range from the
-- last good build to the failing one, detail its first error lines, and
-- fixed_* the later build that succeeded again.
ALTER TABLE changes ADD COLUMN kind TEXT NOT NULL DEFAULT 'perf'
	CHECK (kind IN ('perf', 'build-failure'));
ALTER TABLE changes ADD COLUMN build_id INTEGER;
ALTER TABLE changes ADD COLUMN fixed_build_id INTEGER;
ALTER TABLE changes ADD COLUMN fixed_sha TEXT;
ALTER TABLE changes ADD COLUMN detail TEXT;
CREATE INDEX changes_build ON changes(kind, series_id) WHERE kind = 'build-failure';
