-- SPDX-License-Identifier: GPL-2.0-only
-- 0014-reports: the reports kpcid sends about change groups
-- (daemon/alert.c, docs/reports.md), and their delivery per recipient.
--
-- A report is about one change group (its range key, changes.range_key)
-- and one commit: the merge the group points at ('merge'), or the
-- culprit a finished bisection found ('culprit').  UNIQUE (group_key,
-- kind, commit_sha) is what makes a report never go out twice.  Its
-- subject and body are kept as sent; report_changes lists the changes
-- its table showed.  Each recipient (a mail address, or a configured
-- webhook) has a delivery row: pending until due (next_at), sending
-- while a transfer is in flight (a row left so by a stop is not sent
-- again: it becomes failed), sent, failed after the last attempt,
-- digest (waiting for the daily digest) or dry-run (written to the
-- dry-run directory).  sent_to is where it really went (the staging
-- redirect address in staging).  The alerts table
-- of 0002 is left as it was: nothing writes it.
CREATE TABLE reports (
	id            INTEGER PRIMARY KEY,
	group_key     TEXT NOT NULL,
	group_id      INTEGER,
	change_id     INTEGER NOT NULL,         -- the change of the subject line
	kind          TEXT NOT NULL CHECK (kind IN ('merge', 'culprit')),
	commit_sha    TEXT NOT NULL,
	bisection_id  INTEGER,
	tree          TEXT,
	branch        TEXT,
	direction     TEXT NOT NULL CHECK (direction IN ('regression', 'improvement')),
	subject       TEXT NOT NULL,
	body          TEXT NOT NULL,
	message_id    TEXT NOT NULL,
	webhook       TEXT NOT NULL DEFAULT '{}', -- the generic JSON document
	held          INTEGER NOT NULL DEFAULT 0, -- 1: an admin holds it back
	held_by       TEXT,
	created_at    INTEGER NOT NULL,
	UNIQUE (group_key, kind, commit_sha)
);
CREATE INDEX reports_group ON reports(group_id);

CREATE TABLE report_changes (
	report_id     INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
	change_id     INTEGER NOT NULL,
	PRIMARY KEY (report_id, change_id)
);
CREATE INDEX report_changes_change ON report_changes(change_id);

CREATE TABLE report_deliveries (
	id            INTEGER PRIMARY KEY,
	report_id     INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
	channel       TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
	recipient     TEXT NOT NULL,            -- an address, or a webhook's name
	name          TEXT NOT NULL DEFAULT '',
	role          TEXT NOT NULL,            -- author, maintainer, ..., webhook
	why           TEXT NOT NULL DEFAULT '',
	sent_to       TEXT,
	state         TEXT NOT NULL DEFAULT 'pending'
	              CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'digest', 'dry-run')),
	attempts      INTEGER NOT NULL DEFAULT 0,
	next_at       INTEGER NOT NULL DEFAULT 0,
	last_error    TEXT,
	sent_at       INTEGER,
	in_digest     INTEGER NOT NULL DEFAULT 0, -- 1: went out in a daily digest
	UNIQUE (report_id, channel, recipient)
);
CREATE INDEX report_deliveries_due ON report_deliveries(state, next_at)
	WHERE state IN ('pending', 'digest');
CREATE INDEX report_deliveries_sent ON report_deliveries(recipient, sent_at)
	WHERE state = 'sent';
CREATE INDEX bisections_change ON bisections(change_id);
