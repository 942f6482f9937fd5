-- SPDX-License-Identifier: GPL-2.0-only
-- 0003-watch: what the watcher (daemon/watch.c) keeps about each tree
-- beyond 0001: poll state and backoff, the candidate policy, the state of
-- each followed branch, what a merge brought, and release tags.

-- polled_at: last poll attempt; fetched_at: last successful fetch;
-- error_count: consecutive failed polls (the backoff exponent);
-- policy: the candidate policy of the configuration, as JSON.
ALTER TABLE trees ADD COLUMN polled_at INTEGER;
ALTER TABLE trees ADD COLUMN fetched_at INTEGER;
ALTER TABLE trees ADD COLUMN last_error TEXT;
ALTER TABLE trees ADD COLUMN error_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE trees ADD COLUMN next_poll_at INTEGER;
ALTER TABLE trees ADD COLUMN policy TEXT NOT NULL DEFAULT '{}';
ALTER TABLE trees ADD COLUMN candidates_dropped INTEGER NOT NULL DEFAULT 0;

-- state: active; missing (configured, never seen on the remote);
-- deleted (was seen, is gone: its history stays).  length: positions on
-- the first-parent line.  head_queued_at: when the head was last a
-- build candidate (the "head at most every N minutes" policy).
ALTER TABLE branches ADD COLUMN state TEXT NOT NULL DEFAULT 'active'
	CHECK (state IN ('active', 'missing', 'deleted'));
ALTER TABLE branches ADD COLUMN length INTEGER NOT NULL DEFAULT 0;
ALTER TABLE branches ADD COLUMN updated_at INTEGER;
ALTER TABLE branches ADD COLUMN head_queued_at INTEGER;

-- For a merge: the tip it merged (second parent), how many commits it
-- brought (reachable from the merged tip, not from the first parent), and
-- its subject parsed: "Merge tag 'wq-for-7.4' of git://..." -> wq, git://...
ALTER TABLE commits ADD COLUMN merged_tip TEXT;
ALTER TABLE commits ADD COLUMN brought INTEGER;
ALTER TABLE commits ADD COLUMN merge_subsystem TEXT;
ALTER TABLE commits ADD COLUMN merge_source TEXT;

-- kind: release (vX.Y), rc (vX.Y-rcN) or other; major/minor/rc parsed.
ALTER TABLE tags ADD COLUMN kind TEXT NOT NULL DEFAULT 'other'
	CHECK (kind IN ('release', 'rc', 'other'));
ALTER TABLE tags ADD COLUMN major INTEGER;
ALTER TABLE tags ADD COLUMN minor INTEGER;
ALTER TABLE tags ADD COLUMN rc INTEGER;
ALTER TABLE tags ADD COLUMN seen_at INTEGER;
CREATE INDEX tags_release ON tags(tree_id, kind, major, minor);
CREATE INDEX branch_events_branch ON branch_events(branch_id, id);
CREATE INDEX jobs_build_commit ON jobs(tree_id, commit_sha) WHERE kind = 'build';
