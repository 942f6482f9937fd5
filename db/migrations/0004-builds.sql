-- SPDX-License-Identifier: GPL-2.0-only
-- 0004-builds: what a kernel build records beyond 0001's builds table:
-- the branch it was built for (retention keeps the last builds of each
-- branch), the runner, merge_config warnings, the zlib-compressed build
-- log, and the spec it was queued with.  build_artifacts gets an index for
-- the retention query; bench jobs remember the build they test.
ALTER TABLE builds ADD COLUMN branch TEXT;
ALTER TABLE builds ADD COLUMN runner_id INTEGER REFERENCES runners(id);
ALTER TABLE builds ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE builds ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]';  -- JSON array of strings
ALTER TABLE builds ADD COLUMN log BLOB;                            -- zlib (RFC 1950)
ALTER TABLE builds ADD COLUMN log_size INTEGER;                    -- bytes before compression
ALTER TABLE builds ADD COLUMN make_jobs INTEGER;
ALTER TABLE builds ADD COLUMN started_at INTEGER;
ALTER TABLE builds ADD COLUMN spec TEXT NOT NULL DEFAULT '{}';

CREATE INDEX builds_job ON builds(job_id);
CREATE INDEX builds_branch ON builds(tree_id, branch, config_name, id);
CREATE INDEX build_artifacts_sha ON build_artifacts(sha256);
CREATE INDEX artifacts_lru ON artifacts(last_used);
