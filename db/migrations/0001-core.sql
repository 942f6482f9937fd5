-- SPDX-License-Identifier: GPL-2.0-only
-- 0001-core: trees and their history, builds and artifacts, runners, jobs,
-- API tokens.  Times are UNIX seconds (UTC).  Commit data is stored as it
-- came from git: it is attacker-controlled text and is escaped on output.

CREATE TABLE trees (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,
	url         TEXT NOT NULL,
	created_at  INTEGER NOT NULL
);

-- A followed branch of a tree; tip_sha is the last tip the watcher walked.
CREATE TABLE branches (
	id          INTEGER PRIMARY KEY,
	tree_id     INTEGER NOT NULL REFERENCES trees(id) ON DELETE CASCADE,
	name        TEXT NOT NULL,
	tip_sha     TEXT,
	polled_at   INTEGER,
	last_error  TEXT,
	UNIQUE (tree_id, name)
);

CREATE TABLE commits (
	id              INTEGER PRIMARY KEY,
	tree_id         INTEGER NOT NULL REFERENCES trees(id) ON DELETE CASCADE,
	sha             TEXT NOT NULL,
	parents         TEXT NOT NULL DEFAULT '',   -- space-separated shas
	author_name     TEXT,
	author_email    TEXT,
	author_time     INTEGER,
	committer_name  TEXT,
	committer_email TEXT,
	commit_time     INTEGER,
	subject         TEXT,
	trailers        TEXT,                       -- JSON array of [key, value]
	UNIQUE (tree_id, sha)
);

-- First-parent order of a branch: position 0 is the oldest commit walked.
-- A forced update replaces a branch's rows; the commits themselves stay.
CREATE TABLE branch_commits (
	branch_id   INTEGER NOT NULL REFERENCES branches(id) ON DELETE CASCADE,
	position    INTEGER NOT NULL,
	commit_id   INTEGER NOT NULL REFERENCES commits(id),
	PRIMARY KEY (branch_id, position)
);
CREATE INDEX branch_commits_commit ON branch_commits(commit_id);

-- Forced updates and fetch errors, shown on the tree's timeline.
CREATE TABLE branch_events (
	id          INTEGER PRIMARY KEY,
	branch_id   INTEGER NOT NULL REFERENCES branches(id) ON DELETE CASCADE,
	at          INTEGER NOT NULL,
	kind        TEXT NOT NULL CHECK (kind IN ('forced-update', 'error', 'deleted')),
	old_sha     TEXT,
	new_sha     TEXT,
	message     TEXT
);

CREATE TABLE tags (
	id          INTEGER PRIMARY KEY,
	tree_id     INTEGER NOT NULL REFERENCES trees(id) ON DELETE CASCADE,
	name        TEXT NOT NULL,
	commit_sha  TEXT NOT NULL,
	UNIQUE (tree_id, name)
);

CREATE TABLE runners (
	id             INTEGER PRIMARY KEY,
	name           TEXT NOT NULL UNIQUE,
	runner_class   TEXT NOT NULL,
	token_id       INTEGER REFERENCES api_tokens(id),
	capabilities   TEXT NOT NULL DEFAULT '[]',  -- JSON array: "bench", "build"
	boot_methods   TEXT NOT NULL DEFAULT '[]',  -- JSON array: "host", "qemu", "kexec"
	topology       TEXT NOT NULL DEFAULT '{}',  -- JSON, see docs/API.md
	cpu_model      TEXT,
	numa_nodes     INTEGER,
	cpus           INTEGER,
	kernel_release TEXT,
	registered_at  INTEGER NOT NULL,
	last_seen      INTEGER NOT NULL
);

-- Every piece of work is a job leased to a runner.  state moves
-- queued -> running -> done | failed; an expired lease puts a running job
-- back to queued until attempt reaches max_attempts.
CREATE TABLE jobs (
	id             INTEGER PRIMARY KEY,
	kind           TEXT NOT NULL CHECK (kind IN ('build', 'bench')),
	state          TEXT NOT NULL DEFAULT 'queued'
	               CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
	priority       INTEGER NOT NULL DEFAULT 0,
	runner_class   TEXT,                        -- NULL: any runner
	spec           TEXT NOT NULL DEFAULT '{}',  -- JSON: suite, iterations, boot ...
	tree_id        INTEGER REFERENCES trees(id),
	commit_sha     TEXT,
	build_id       INTEGER REFERENCES builds(id),
	lease_owner    INTEGER REFERENCES runners(id),
	lease_expires  INTEGER,
	attempt        INTEGER NOT NULL DEFAULT 0,
	max_attempts   INTEGER NOT NULL DEFAULT 3,
	reason         TEXT,
	created_at     INTEGER NOT NULL,
	started_at     INTEGER,
	finished_at    INTEGER
);
CREATE INDEX jobs_queue ON jobs(state, priority DESC, id);

-- One row per attempt that returned; (job_id, attempt) makes a repeated
-- upload of the same result a no-op.
CREATE TABLE job_results (
	job_id       INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
	attempt      INTEGER NOT NULL,
	runner_id    INTEGER REFERENCES runners(id),
	status       TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
	reason       TEXT,
	log          TEXT,
	received_at  INTEGER NOT NULL,
	PRIMARY KEY (job_id, attempt)
);

CREATE TABLE builds (
	id           INTEGER PRIMARY KEY,
	tree_id      INTEGER REFERENCES trees(id),
	commit_sha   TEXT NOT NULL,
	config_name  TEXT NOT NULL,
	state        TEXT NOT NULL DEFAULT 'queued'
	             CHECK (state IN ('queued', 'building', 'ok', 'failed', 'timeout')),
	job_id       INTEGER REFERENCES jobs(id),
	duration_ms  INTEGER,
	compiler     TEXT,
	text_size    INTEGER,
	data_size    INTEGER,
	bss_size     INTEGER,
	image_size   INTEGER,
	error        TEXT,
	created_at   INTEGER NOT NULL,
	finished_at  INTEGER
);

-- Content-addressed files (bzImage, .config, System.map, modules).
CREATE TABLE artifacts (
	sha256      TEXT PRIMARY KEY,
	size        INTEGER NOT NULL,
	created_at  INTEGER NOT NULL,
	last_used   INTEGER NOT NULL
);
CREATE TABLE build_artifacts (
	build_id    INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
	name        TEXT NOT NULL,
	sha256      TEXT NOT NULL REFERENCES artifacts(sha256),
	PRIMARY KEY (build_id, name)
);

-- API tokens: only the SHA-256 of the token is kept.
CREATE TABLE api_tokens (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL,
	role        TEXT NOT NULL CHECK (role IN ('admin', 'runner', 'read')),
	hash        TEXT NOT NULL UNIQUE,
	created_at  INTEGER NOT NULL,
	last_used   INTEGER,
	revoked     INTEGER NOT NULL DEFAULT 0
);
