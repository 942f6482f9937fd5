-- SPDX-License-Identifier: GPL-2.0-only
-- 0011-commits-tree-settled: commits_tree indexes only the settled
-- commits (level 1).  A poll stores its commits at level 0 (0010), and
-- each one also went into commits_tree: a third B-tree insert per row,
-- about 8% of what a poll's inserts cost.  db_commits_settle, which runs
-- after the poll has answered, adds them when it moves them to level 1.
-- A query by tree asks each level on its own: `level = 1 AND tree_id =`
-- through this index, `level = 0 AND tree_id =` through the small level-0
-- run of commits_sha.  level is in the key so that the index covers a
-- count of a tree's commits and SQLite prefers it to commits_sha there.
DROP INDEX commits_tree;
CREATE INDEX commits_tree ON commits(tree_id, level) WHERE level = 1;
