#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_fold.sh - retention ([storage] fold_after_days, db/db_fold.c) on
# the database of tests/browser/seed.py (FOLD_COMMITS commits, 50
# metrics, 3 iterations a job) plus a series of FOLD_POINTS jobs, every
# result made 400 days old:
#
# - the bytes of samples (its table and both indexes, SQLite's dbstat)
#   per raw row before and per row after the fold, and the file's size;
# - kpcid's fold of every job: wall time from its start until the pass
#   has walked every job, and the CPU time it took, beside the ceiling:
#   the sqlite3 program deleting the same rows (every iteration but one of
#   each job and metric) from a copy in one transaction.
#
# Run from the top of the tree by bench/run.sh (make bench).
set -u
: "${KPCI_BIN:=$(pwd)/bin}"
COMMITS=${FOLD_COMMITS:-5000}
POINTS=${FOLD_POINTS:-20000}

BENCH=bench_fold
. bench/bench-lib.sh
bench_need sqlite3 python3 bc
DB="$TMP/data/kpci.db"

# bytes FILE: the bytes of the samples table and its indexes
bytes() {
	sqlite3 "$1" "SELECT SUM(pgsize) FROM dbstat WHERE name IN ('samples', 'samples_series')
		OR name LIKE 'sqlite_autoindex_samples%'"
}
# cpu_s PID: user + system seconds of a process so far
cpu_s() {
	awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"
}

mkdir -p "$TMP/data"
"$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role admin --name bench \
	> /dev/null 2>&1
python3 tests/browser/seed.py "$DB" "$COMMITS" --big-series "$POINTS" > /dev/null
sqlite3 "$DB" "UPDATE job_results SET received_at = received_at - 400 * 86400;
	PRAGMA wal_checkpoint(TRUNCATE);" > /dev/null
cp "$DB" "$TMP/copy.db"
RAW_ROWS=$(sqlite3 "$DB" "SELECT count(*) FROM samples")
RAW_BYTES=$(bytes "$DB")
RAW_FILE=$(stat -c %s "$DB")
JOBS=$(sqlite3 "$DB" "SELECT count(DISTINCT job_id) FROM samples")
GROUPS_=$(sqlite3 "$DB" "SELECT count(*) FROM (SELECT 1 FROM samples
	GROUP BY job_id, attempt, series_id)")

t0=$(date +%s.%N)
sqlite3 "$TMP/copy.db" "DELETE FROM samples WHERE rowid NOT IN (SELECT MIN(rowid) FROM
	samples GROUP BY job_id, attempt, series_id)"
t1=$(date +%s.%N)
CEIL=$(echo "$t1 - $t0" | bc)

printf '[analysis]\nenabled = false\n[storage]\nfold_after_days = 30\n' > "$TMP/kpcid.ini"
t0=$(date +%s.%N)
"$KPCI_BIN/kpcid" --data-dir "$TMP/data" --listen 127.0.0.1:0 -c "$TMP/kpcid.ini" \
	> "$TMP/kpcid.log" 2>&1 &
KPID=$!
PIDS="$PIDS $KPID"
while [ "$(sqlite3 -cmd '.timeout 5000' "$DB" "SELECT next_job > (SELECT MAX(job_id)
		FROM job_results) FROM sample_folding" 2>/dev/null)" != 1 ]; do
	sleep 0.1
done
t1=$(date +%s.%N)
CPU=$(cpu_s "$KPID")
kill -TERM "$KPID"
wait "$KPID"
WALL=$(echo "$t1 - $t0" | bc)
sqlite3 "$DB" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
ROWS=$(sqlite3 "$DB" "SELECT count(*) FROM samples")
BYTES=$(bytes "$DB")
FILE=$(stat -c %s "$DB")
FREE=$(sqlite3 "$DB" "SELECT freelist_count * page_size FROM pragma_freelist_count,
	pragma_page_size")

echo "$JOBS jobs, $GROUPS_ job-metrics of 3 iterations, $RAW_ROWS samples; 400 days old"
echo
echo "| | rows | bytes of samples + indexes | bytes a row | file bytes |"
echo "|---|---|---|---|---|"
echo "| raw | $RAW_ROWS | $RAW_BYTES | $((RAW_BYTES / RAW_ROWS)) | $RAW_FILE |"
echo "| folded | $ROWS | $BYTES | $((BYTES / ROWS)) | $FILE ($FREE free) |"
echo
echo "| fold of every job | seconds | jobs/s | job-metrics/s |"
echo "|---|---|---|---|"
printf '| kpcid (wall, passes of 200 ms a second) | %.2f | %.0f | %.0f |\n' "$WALL" \
	"$(echo "$JOBS / $WALL" | bc -l)" "$(echo "$GROUPS_ / $WALL" | bc -l)"
printf '| kpcid (CPU) | %.2f | %.0f | %.0f |\n' "$CPU" \
	"$(echo "$JOBS / $CPU" | bc -l)" "$(echo "$GROUPS_ / $CPU" | bc -l)"
printf '| ceiling: sqlite3, one DELETE of the same rows | %.2f | %.0f | %.0f |\n' "$CEIL" \
	"$(echo "$JOBS / $CEIL" | bc -l)" "$(echo "$GROUPS_ / $CEIL" | bc -l)"
printf 'kpcid CPU / ceiling: %.2f\n' "$(echo "$CPU / $CEIL" | bc -l)"
