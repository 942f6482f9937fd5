-- SPDX-License-Identifier: GPL-2.0-only
-- 0010-commits-levels: the sha index in two levels, so that a poll's
-- cost follows what is new and not how much is stored.  0009's
-- UNIQUE (sha, tree_id) was one B-tree keyed by random shas: a poll of
-- 10,000 new commits over 200,000 stored dirtied nearly every leaf of it
-- and wrote the whole index again at its commit.  Now the index leads
-- with level: a poll stores its commits at level 0, a small run of the
-- index that grows only with what is new, and kpcid's watcher moves them
-- to level 1 after the poll has answered (db_commits_settle).  A lookup
-- by sha names both levels, `c.level IN (0, 1)` (DB_LEVELS in
-- db_internal.h): two seeks instead of one.  A sha is unique per tree
-- across both levels: a row is only stored at level 0 when level 1 does
-- not hold it (db_commits_insert_locked).  The table is rebuilt with the
-- same rows and ids, as in 0009, to drop the old constraint.
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
	level           INTEGER NOT NULL DEFAULT 0 CHECK (level IN (0, 1))
);
INSERT INTO commits_new (id, tree_id, sha, parents, author_name, author_email, author_time,
			 committer_name, committer_email, commit_time, subject, trailers,
			 merged_tip, brought, merge_subsystem, merge_source, level)
	SELECT id, tree_id, sha, parents, author_name, author_email, author_time,
	       committer_name, committer_email, commit_time, subject, trailers,
	       merged_tip, brought, merge_subsystem, merge_source, 1 FROM commits;
DROP TABLE commits;
ALTER TABLE commits_new RENAME TO commits;
CREATE UNIQUE INDEX commits_sha ON commits(level, sha, tree_id);
CREATE INDEX commits_tree ON commits(tree_id);
