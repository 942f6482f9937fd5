-- SPDX-License-Identifier: GPL-2.0-only
-- The newest points of each series, kept by the analyzer for the metrics
-- index (/series): spark is a JSON array of the values of its last
-- DB_SPARK_POINTS points (each the median of a job's iterations) in the
-- order analysis puts them, oldest first, and spark_job the job of the
-- last one.  NULL until the series is analysed; the index then reads its
-- newest samples instead (db/db_dash.c).
ALTER TABLE series ADD COLUMN spark TEXT;
ALTER TABLE series ADD COLUMN spark_job INTEGER;
