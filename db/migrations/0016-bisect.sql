-- SPDX-License-Identifier: GPL-2.0-only
-- 0016-bisect: what the bisector (daemon/bisector.c, docs/bisect.md)
-- keeps, so that a bisection survives a restart of kpcid: the search's
-- settings and progress on its bisections row, its candidate commits,
-- the metrics it judges, its probes (the ends, each probed commit, the
-- culprit and its parent, the revert) and the jobs it queued for them.
--
-- A bisections row is written by the bisector only; the alerter reads it
-- (0014): state 'done' with a culprit_sha makes the culprit report.
-- phase says where a running one is: ends (measuring the two ends until
-- they differ), search (rounds of probes), confirm (the culprit against
-- its parent), revert (the culprit reverted on top of the first bad
-- commit).  reason is one sentence: what it found, or why it stopped.
ALTER TABLE bisections ADD COLUMN phase TEXT;
ALTER TABLE bisections ADD COLUMN reason TEXT;
ALTER TABLE bisections ADD COLUMN confidence REAL;
ALTER TABLE bisections ADD COLUMN tree_id INTEGER REFERENCES trees(id);
ALTER TABLE bisections ADD COLUMN branch TEXT;
ALTER TABLE bisections ADD COLUMN config TEXT;        -- the kernel config of the builds
ALTER TABLE bisections ADD COLUMN suite TEXT;
ALTER TABLE bisections ADD COLUMN runner_class TEXT;
ALTER TABLE bisections ADD COLUMN spec TEXT;          -- JSON: the bench jobs' spec, the build's
ALTER TABLE bisections ADD COLUMN iterations INTEGER; -- of a probe's first jobs
ALTER TABLE bisections ADD COLUMN revert INTEGER NOT NULL DEFAULT 0; -- 1: build the revert
ALTER TABLE bisections ADD COLUMN commits INTEGER;    -- candidates
ALTER TABLE bisections ADD COLUMN remaining INTEGER;  -- commits that may still be the culprit
ALTER TABLE bisections ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bisections ADD COLUMN probes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bisections ADD COLUMN parallel INTEGER NOT NULL DEFAULT 1;  -- probes of the last round
ALTER TABLE bisections ADD COLUMN result TEXT;        -- JSON: culprit, confirmation, revert, skipped
ALTER TABLE bisections ADD COLUMN started_by TEXT;    -- 'auto' or the token's name
ALTER TABLE bisections ADD COLUMN updated_at INTEGER;
CREATE INDEX bisections_state ON bisections(state, id);

-- The candidates: reachable from bad_sha and not from good_sha, parents
-- first; parents are the indices of the parents inside the set
-- (space-separated), first_parent the first parent's id even outside it.
CREATE TABLE bisection_commits (
	bisection_id  INTEGER NOT NULL REFERENCES bisections(id) ON DELETE CASCADE,
	idx           INTEGER NOT NULL,
	sha           TEXT NOT NULL,
	parents       TEXT NOT NULL DEFAULT '',
	first_parent  TEXT,
	subject       TEXT,
	PRIMARY KEY (bisection_id, idx)
);

-- The series judged: the changes of the group measured by the suite,
-- runner class and config of the bisected change.
CREATE TABLE bisection_metrics (
	bisection_id  INTEGER NOT NULL REFERENCES bisections(id) ON DELETE CASCADE,
	series_id     INTEGER NOT NULL REFERENCES series(id),
	change_id     INTEGER,
	PRIMARY KEY (bisection_id, series_id)
);

-- One commit measured for a bisection.  role: good and bad (the ends,
-- whose extra jobs it queues), probe (a commit of the search, idx its
-- candidate index), culprit and parent (the confirmation), revert.
-- state: building (its build is awaited), measuring (its jobs run or it
-- waits to be judged), decided (outcome good or bad), skipped (it did not
-- build, stayed undecided, or its results never came: reason says), moot
-- (no longer needed).  retries counts the jobs queued again after one was
-- lost, build_retries the builds; detail the judgement's numbers (JSON),
-- also appended to bisections.log when the probe ends.
CREATE TABLE bisection_probes (
	id            INTEGER PRIMARY KEY,
	bisection_id  INTEGER NOT NULL REFERENCES bisections(id) ON DELETE CASCADE,
	role          TEXT NOT NULL
	              CHECK (role IN ('good', 'bad', 'probe', 'culprit', 'parent', 'revert')),
	idx           INTEGER,
	sha           TEXT NOT NULL,
	round         INTEGER NOT NULL DEFAULT 0,
	state         TEXT NOT NULL DEFAULT 'measuring'
	              CHECK (state IN ('building', 'measuring', 'decided', 'skipped', 'moot')),
	outcome       TEXT CHECK (outcome IS NULL OR outcome IN ('good', 'bad', 'skip')),
	build_id      INTEGER REFERENCES builds(id),
	iterations    INTEGER NOT NULL,
	retries       INTEGER NOT NULL DEFAULT 0,
	build_retries INTEGER NOT NULL DEFAULT 0,
	reason        TEXT,
	detail        TEXT,
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	decided_at    INTEGER
);
CREATE INDEX bisection_probes_of ON bisection_probes(bisection_id, id);

CREATE TABLE bisection_jobs (
	probe_id      INTEGER NOT NULL REFERENCES bisection_probes(id) ON DELETE CASCADE,
	job_id        INTEGER NOT NULL REFERENCES jobs(id),
	PRIMARY KEY (probe_id, job_id)
);
CREATE INDEX bisection_jobs_job ON bisection_jobs(job_id);

-- A build queued by a bisection: not on its branch's timeline, so that a
-- probe that does not build opens no build-failure change.
ALTER TABLE builds ADD COLUMN bisection_id INTEGER;
