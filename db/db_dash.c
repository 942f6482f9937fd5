/*
 * db_dash.c - the reads only the dashboard needs: one series with its
 * metric (for /series/ID and GET /api/v1/series/:id).
 */
#include "db/db.h"
#include "db/db_internal.h"

json_t *db_series_get(struct db *db, long long id)
{
	json_t *rows, *s = NULL;

	db_read_lock(db);
	rows = db_rows(db, db_prepk(db,
		"SELECT se.id, se.metric_id, m.suite, m.name AS metric, m.unit, "
		" m.direction AS better, se.runner_class, se.config_name, se.ordered_by, "
		" se.points, se.noisy, se.analyzed_at, "
		" (SELECT b.name FROM branches b WHERE b.id = se.branch_id) AS branch "
		"FROM series se JOIN metrics m ON m.id = se.metric_id WHERE se.id = ?", "I", id));
	db_read_unlock(db);
	if (rows && json_array_size(rows))
		s = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return s;
}
