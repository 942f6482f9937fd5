-- SPDX-License-Identifier: GPL-2.0-only
-- 0022-sample-folds: retention ([storage] fold_after_days, db/db_fold.c,
-- docs/ARCHITECTURE.md "Retention").  The iterations of one (job,
-- attempt, series) older than the configured age are folded into one
-- row of samples: iteration -1, value the median of the iterations,
-- spread the largest of theirs, and the summary every reader needs to
-- answer as it did from the iterations: fold_n iterations, their mean
-- and sum of squared deviations, the same of their logarithms (NULL when
-- a value was <= 0), their smallest and largest value.  fold_n is NULL
-- on a raw iteration.  Columns added, nothing rewritten: bounded time
-- on any database.
ALTER TABLE samples ADD COLUMN fold_n INTEGER;
ALTER TABLE samples ADD COLUMN fold_mean REAL;
ALTER TABLE samples ADD COLUMN fold_ss REAL;
ALTER TABLE samples ADD COLUMN fold_lmean REAL;
ALTER TABLE samples ADD COLUMN fold_lss REAL;
ALTER TABLE samples ADD COLUMN fold_min REAL;
ALTER TABLE samples ADD COLUMN fold_max REAL;

-- The fold pass's progress and totals (one row): every job below
-- next_job was looked at; jobs, rows and iterations folded so far; when a
-- pass last ran and when it last folded something.  Written in the same
-- transaction as the folds it counts.
CREATE TABLE sample_folding (
	id            INTEGER PRIMARY KEY CHECK (id = 1),
	next_job      INTEGER NOT NULL DEFAULT 0,
	jobs          INTEGER NOT NULL DEFAULT 0,
	rows          INTEGER NOT NULL DEFAULT 0,
	iterations    INTEGER NOT NULL DEFAULT 0,
	last_run_at   INTEGER,
	last_fold_at  INTEGER
);
INSERT INTO sample_folding (id) VALUES (1);
