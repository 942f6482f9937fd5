-- SPDX-License-Identifier: GPL-2.0-only
-- 0002-results: metrics, the environments samples were taken in, samples,
-- series, and what analysis makes of them: changes, bisections, alerts.

CREATE TABLE metrics (
	id          INTEGER PRIMARY KEY,
	suite       TEXT NOT NULL,
	name        TEXT NOT NULL,
	unit        TEXT NOT NULL,
	direction   TEXT NOT NULL CHECK (direction IN ('higher', 'lower')),  -- which is better
	UNIQUE (suite, name)
);

-- What decides whether two numbers may be compared.  hash is the SHA-256
-- of the canonical JSON in env, so equal environments share one row.
CREATE TABLE environments (
	id              INTEGER PRIMARY KEY,
	hash            TEXT NOT NULL UNIQUE,
	runner_class    TEXT NOT NULL,
	kernel_release  TEXT,
	boot_method     TEXT,
	cpu_model       TEXT,
	env             TEXT NOT NULL           -- JSON
);

-- A series: one metric of one suite, on one kernel config, on one runner
-- class, along one branch.  dirty = 1 when samples arrived since the last
-- analysis, so analysis visits only those.
CREATE TABLE series (
	id            INTEGER PRIMARY KEY,
	metric_id     INTEGER NOT NULL REFERENCES metrics(id),
	runner_class  TEXT NOT NULL,
	config_name   TEXT NOT NULL DEFAULT '',
	branch_id     INTEGER REFERENCES branches(id),
	dirty         INTEGER NOT NULL DEFAULT 0,
	analyzed_at   INTEGER
);
CREATE UNIQUE INDEX series_identity
	ON series(metric_id, runner_class, config_name, IFNULL(branch_id, 0));
CREATE INDEX series_dirty ON series(dirty) WHERE dirty = 1;

-- One row per measured iteration.
CREATE TABLE samples (
	id          INTEGER PRIMARY KEY,
	job_id      INTEGER NOT NULL REFERENCES jobs(id),
	attempt     INTEGER NOT NULL,
	series_id   INTEGER NOT NULL REFERENCES series(id),
	env_id      INTEGER NOT NULL REFERENCES environments(id),
	runner_id   INTEGER REFERENCES runners(id),
	commit_sha  TEXT,
	iteration   INTEGER NOT NULL,
	value       REAL NOT NULL,
	created_at  INTEGER NOT NULL,
	UNIQUE (job_id, attempt, series_id, iteration)
);
CREATE INDEX samples_series ON samples(series_id, id);

-- A detected change: range (good_sha exclusive, bad_sha inclusive] on a
-- series.  state is the triage state; analysis never overwrites it once a
-- person has set it (triaged_by not NULL).
CREATE TABLE changes (
	id            INTEGER PRIMARY KEY,
	series_id     INTEGER NOT NULL REFERENCES series(id),
	group_id      INTEGER,
	good_sha      TEXT,
	bad_sha       TEXT NOT NULL,
	mean_before   REAL,
	mean_after    REAL,
	magnitude     REAL,                     -- relative change, after/before - 1
	pvalue        REAL,
	direction     TEXT NOT NULL CHECK (direction IN ('regression', 'improvement')),
	confidence    REAL,
	state         TEXT NOT NULL DEFAULT 'new'
	              CHECK (state IN ('new', 'confirmed', 'bisecting', 'culprit-found',
	                               'fixed', 'invalid', 'wontfix')),
	triaged_by    TEXT,
	detected_at   INTEGER NOT NULL
);
CREATE INDEX changes_series ON changes(series_id);

CREATE TABLE bisections (
	id            INTEGER PRIMARY KEY,
	change_id     INTEGER NOT NULL REFERENCES changes(id),
	state         TEXT NOT NULL DEFAULT 'running'
	              CHECK (state IN ('running', 'done', 'failed', 'cancelled')),
	good_sha      TEXT NOT NULL,
	bad_sha       TEXT NOT NULL,
	culprit_sha   TEXT,
	log           TEXT,                     -- JSON array of probes
	started_at    INTEGER NOT NULL,
	finished_at   INTEGER
);

CREATE TABLE alerts (
	id            INTEGER PRIMARY KEY,
	change_id     INTEGER REFERENCES changes(id),
	channel       TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
	recipients    TEXT NOT NULL,
	subject       TEXT NOT NULL,
	body          TEXT NOT NULL,
	dedup_key     TEXT NOT NULL UNIQUE,
	state         TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
	error         TEXT,
	created_at    INTEGER NOT NULL,
	sent_at       INTEGER
);
