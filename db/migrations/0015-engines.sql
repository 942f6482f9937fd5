-- SPDX-License-Identifier: GPL-2.0-only
-- 0015-engines: what kpci keeps about the engines it works with
-- (docs/engines.md).
--
-- kcidb_sent: every object kpcid delivered to KCIDB, by the row it was
-- made from, so that nothing is sent twice: kind 'build' (ref: builds.id,
-- its checkout goes with it), 'tests' (ref: jobs.id, one test per metric
-- of the job) and 'regression' (ref: changes.id, a failing test).  Only
-- delivered objects are recorded; a submission that failed leaves none.
CREATE TABLE kcidb_sent (
	kind      TEXT NOT NULL CHECK (kind IN ('checkout', 'build', 'tests', 'regression')),
	ref       TEXT NOT NULL,
	kcidb_id  TEXT NOT NULL,            -- the id of the (first) object sent
	sent_at   INTEGER NOT NULL,
	PRIMARY KEY (kind, ref)
) WITHOUT ROWID;

-- A result measured in a lab (a LAVA job): where it ran, so that every
-- sample of the (job, attempt) leads back to the lab's job page and the
-- board or QEMU device it ran on.  NULL for results of kpci's own boots.
ALTER TABLE job_results ADD COLUMN lab_job_url TEXT;
ALTER TABLE job_results ADD COLUMN lab_device TEXT;

-- A build a runner handed to a compile farm (icecream): the tool and its
-- version, whether the farm compiled, and why the runner fell back to a
-- local build when it did not.  JSON {tool, version, used, fallback};
-- NULL for a local build.
ALTER TABLE builds ADD COLUMN distributed TEXT;
