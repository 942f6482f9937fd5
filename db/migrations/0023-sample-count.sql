-- SPDX-License-Identifier: GPL-2.0-only
-- 0023-sample-count: the rows of samples, kept as they change, so that
-- GET /api/v1/status and health's retention object read one row instead
-- of counting a table of tens of millions (seconds each time).  The code
-- that inserts or deletes samples updates it in the same transaction:
-- the result store (db/db_results.c) and the fold (db/db_fold.c), the
-- only two; a tool that writes samples straight into the file sets it
-- again after (UPDATE sample_count SET rows = (SELECT count(*) FROM
-- samples)).  Not triggers: a row trigger made each insert of a sample
-- about five times slower.  The count here reads the table once, about
-- the time of one count(*) (a few seconds on 20 million samples); nothing
-- is rewritten.
CREATE TABLE sample_count (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	rows  INTEGER NOT NULL
);
INSERT INTO sample_count (id, rows) SELECT 1, count(*) FROM samples;
