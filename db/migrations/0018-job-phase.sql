-- SPDX-License-Identifier: GPL-2.0-only
-- 0018-job-phase: what a running job is doing, as its runner's
-- heartbeats say (runners/progress.h, docs/API.md): the phase (fetch,
-- checkout, configure, compile, link, modules, upload; boot, warmup,
-- iteration), a line of detail ("812 of about 2650 files (30%)",
-- "iteration 2 of 5"), a percentage when the runner knows one, and when
-- the phase began.  A claim sets phase 'claimed'.
ALTER TABLE jobs ADD COLUMN phase TEXT;
ALTER TABLE jobs ADD COLUMN phase_detail TEXT;
ALTER TABLE jobs ADD COLUMN phase_percent INTEGER;
ALTER TABLE jobs ADD COLUMN phase_at INTEGER;
