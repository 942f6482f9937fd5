-- SPDX-License-Identifier: GPL-2.0-only
-- 0009-commits-sha: one index finds a commit by its sha, with or without
-- its tree.  0001's UNIQUE (tree_id, sha) and 0005's analysis_commits_sha
-- (sha) were two B-trees keyed by random shas; a poll of N new commits
-- wrote N entries into each, and the pages they dirtied are most of what
-- a large poll writes.  UNIQUE (sha, tree_id) serves both lookups.
-- commits_tree keeps counting a tree's commits cheap; its new entries
-- always go at the end of their tree's run.  SQLite cannot change a
-- table's constraints in place, so the table is rebuilt with the same
-- rows and ids (db_migrate runs migrations with foreign keys off and
-- checks them before committing; branch_commits refers to commits(id)).
CREATE TABLE commits_new (
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
	merged_tip      TEXT,                       -- the columns of 0003
	brought         INTEGER,
	merge_subsystem TEXT,
	merge_source    TEXT,
	UNIQUE (sha, tree_id)
);
INSERT INTO commits_new (id, tree_id, sha, parents, author_name, author_email, author_time,
			 committer_name, committer_email, commit_time, subject, trailers,
			 merged_tip, brought, merge_subsystem, merge_source)
	SELECT id, tree_id, sha, parents, author_name, author_email, author_time,
	       committer_name, committer_email, commit_time, subject, trailers,
	       merged_tip, brought, merge_subsystem, merge_source FROM commits;
DROP TABLE commits;
ALTER TABLE commits_new RENAME TO commits;
CREATE INDEX commits_tree ON commits(tree_id);
