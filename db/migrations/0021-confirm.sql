-- SPDX-License-Identifier: GPL-2.0-only
-- 0021-confirm: a change is confirmed before anyone is told about it
-- (daemon/confirm.c, docs/analysis.md "Confirmation").
--
-- A confirmation measures the two sides of a commit range again, the
-- last good commit (side 0) and the first bad one (side 1), with bench
-- jobs queued alternately (A B A B ...: fresh boots, interleaved in time)
-- on one runner class, suite and kernel config, until each side has
-- `want` successful jobs.  It is keyed by what it measures, so every
-- change found at that range in that suite, class and config shares its
-- jobs, and one opened for the newest measured merge before any change
-- is found there serves the changes found later.  Its jobs are ordinary
-- bench jobs of the two commits (they land in the routine series, where
-- the analyzer and a later bisection's ends see them too); the
-- judgement of a change uses only the confirmation's own jobs.
-- good_job_id and bad_job_id are the jobs its jobs are made like (spec,
-- build, tree, commit).  code says whether compiled code differs
-- between the two commits (daemon/codecheck.c): 'unchanged' needs no
-- boot at all.  state: measuring (jobs to queue or to wait for), done
-- (every change judged), no-code, stopped (nothing left to judge).
CREATE TABLE confirmations (
	id            INTEGER PRIMARY KEY,
	tree_id       INTEGER REFERENCES trees(id),
	good_sha      TEXT NOT NULL,
	bad_sha       TEXT NOT NULL,
	suite         TEXT NOT NULL,
	runner_class  TEXT NOT NULL,
	config_name   TEXT NOT NULL,
	good_job_id   INTEGER NOT NULL,
	bad_job_id    INTEGER NOT NULL,
	want          INTEGER NOT NULL,
	state         TEXT NOT NULL DEFAULT 'measuring'
	              CHECK (state IN ('measuring', 'done', 'no-code', 'stopped')),
	code          TEXT CHECK (code IN ('changed', 'unchanged', 'unknown')),
	code_reason   TEXT,
	opened_by     TEXT NOT NULL,            -- why it was opened, one sentence
	reason        TEXT,                     -- how it ended, one sentence
	created_at    INTEGER NOT NULL,
	updated_at    INTEGER NOT NULL,
	finished_at   INTEGER,
	UNIQUE (good_sha, bad_sha, suite, runner_class, config_name)
);
CREATE INDEX confirmations_state ON confirmations(state) WHERE state = 'measuring';

CREATE TABLE confirmation_jobs (
	job_id          INTEGER PRIMARY KEY REFERENCES jobs(id),
	confirmation_id INTEGER NOT NULL REFERENCES confirmations(id) ON DELETE CASCADE,
	side            INTEGER NOT NULL CHECK (side IN (0, 1))
);
CREATE INDEX confirmation_jobs_of ON confirmation_jobs(confirmation_id);

-- A change's confirmation and its outcome: NULL while it waits,
-- 'confirmed', 'not-reproduced' (withdrawn: the interleaved boots do not
-- show it) or 'no-code' (withdrawn: no compiled code changed in its range,
-- or in its culprit).  withdrawn_reason says why a withdrawn change was
-- withdrawn: not reproduced, no compiled code changed, moved to another
-- range, no longer found.  A withdrawal by its confirmation stays when
-- the analysis finds the change at the same range again.
ALTER TABLE changes ADD COLUMN confirmation_id INTEGER REFERENCES confirmations(id);
ALTER TABLE changes ADD COLUMN confirm TEXT
	CHECK (confirm IN ('confirmed', 'not-reproduced', 'no-code'));
ALTER TABLE changes ADD COLUMN confirm_reason TEXT;
ALTER TABLE changes ADD COLUMN confirmed_at INTEGER;
ALTER TABLE changes ADD COLUMN withdrawn_reason TEXT;
CREATE INDEX changes_unconfirmed ON changes(id)
	WHERE confirm IS NULL AND withdrawn_at IS NULL AND kind = 'perf';
CREATE INDEX changes_confirmation ON changes(confirmation_id);

-- A report whose changes were all withdrawn after it was made is
-- withdrawn too (withdrawn_at, withdrawn_reason): its deliveries that had
-- not gone out become 'withdrawn', and those that had get one follow-up,
-- a report of kind 'followup' that replies to it (reply_to, the same
-- thread: In-Reply-To).  The tables are rebuilt for the new CHECK values
-- and for the unique key, which now counts reply_to (0 for the others).
CREATE TABLE reports_new (
	id            INTEGER PRIMARY KEY,
	group_key     TEXT NOT NULL,
	group_id      INTEGER,
	change_id     INTEGER NOT NULL,
	kind          TEXT NOT NULL CHECK (kind IN ('merge', 'culprit', 'followup')),
	commit_sha    TEXT NOT NULL,
	bisection_id  INTEGER,
	tree          TEXT,
	branch        TEXT,
	direction     TEXT NOT NULL CHECK (direction IN ('regression', 'improvement')),
	subject       TEXT NOT NULL,
	body          TEXT NOT NULL,
	message_id    TEXT NOT NULL,
	webhook       TEXT NOT NULL DEFAULT '{}',
	held          INTEGER NOT NULL DEFAULT 0,
	held_by       TEXT,
	created_at    INTEGER NOT NULL,
	reply_to      INTEGER NOT NULL DEFAULT 0,  -- a follow-up: the report it follows
	withdrawn_at  INTEGER,
	withdrawn_reason TEXT,
	UNIQUE (group_key, kind, commit_sha, reply_to)
);
INSERT INTO reports_new (id, group_key, group_id, change_id, kind, commit_sha, bisection_id,
	tree, branch, direction, subject, body, message_id, webhook, held, held_by, created_at)
	SELECT id, group_key, group_id, change_id, kind, commit_sha, bisection_id, tree, branch,
	       direction, subject, body, message_id, webhook, held, held_by, created_at
	FROM reports;
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
CREATE INDEX reports_group ON reports(group_id);
CREATE INDEX reports_open ON reports(id) WHERE withdrawn_at IS NULL AND kind <> 'followup';

CREATE TABLE report_deliveries_new (
	id            INTEGER PRIMARY KEY,
	report_id     INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
	channel       TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
	recipient     TEXT NOT NULL,
	name          TEXT NOT NULL DEFAULT '',
	role          TEXT NOT NULL,
	why           TEXT NOT NULL DEFAULT '',
	sent_to       TEXT,
	state         TEXT NOT NULL DEFAULT 'pending'
	              CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'digest', 'dry-run',
	                               'withdrawn')),
	attempts      INTEGER NOT NULL DEFAULT 0,
	next_at       INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT,
	sent_at       INTEGER,
	in_digest     INTEGER NOT NULL DEFAULT 0,
	UNIQUE (report_id, channel, recipient)
);
INSERT INTO report_deliveries_new SELECT * FROM report_deliveries;
DROP TABLE report_deliveries;
ALTER TABLE report_deliveries_new RENAME TO report_deliveries;
CREATE INDEX report_deliveries_due ON report_deliveries(state, next_at)
	WHERE state IN ('pending', 'digest');
CREATE INDEX report_deliveries_sent ON report_deliveries(recipient, sent_at)
	WHERE state = 'sent';
