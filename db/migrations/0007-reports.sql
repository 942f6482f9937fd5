-- SPDX-License-Identifier: GPL-2.0-only
-- 0007-reports: merge-window reports (db/db_report.c) find the changes
-- of a window by the first bad commit and the last good one, and count
-- the merges that have samples; samples(commit_sha) is indexed already.
CREATE INDEX IF NOT EXISTS reports_changes_bad ON changes(bad_sha);
