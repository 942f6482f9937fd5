-- SPDX-License-Identifier: GPL-2.0-only
-- A change that re-analysis no longer finds is deleted, unless a
-- bisection or a report already refers to it: then it is kept and
-- withdrawn (withdrawn_at = when the analysis stopped finding it), so
-- that lists, counts, bisections and reports no longer take it for a
-- live change while what was said about it stays.  A later pass that
-- finds it again clears withdrawn_at.
ALTER TABLE changes ADD COLUMN withdrawn_at INTEGER;
