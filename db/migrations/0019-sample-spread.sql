-- SPDX-License-Identifier: GPL-2.0-only
-- The spread of the inner repetitions behind a sample (percent, the
-- robust relative spread the runner reports as samples[].spread: kbench
-- and wq-flush take each sample as the median of timed repetitions).
-- NULL when the runner sent none.  Shown with the samples; a large one
-- says the value itself was unsteady on that run.
ALTER TABLE samples ADD COLUMN spread REAL;
