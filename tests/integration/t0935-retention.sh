# SPDX-License-Identifier: GPL-2.0-only
# t0935-retention: [storage] fold_after_days on the database of
# tests/browser/seed.py (1,000 commits, 50 metrics on 2 classes, 3
# iterations a job, planted steps).  A real kpcid analyses every series
# from scratch on the raw iterations; the results are made 400 days old;
# a kpcid with fold_after_days = 30 folds them, is killed with SIGKILL in
# the middle (no job is left half folded) and started again to finish.
# Every series is then analysed from scratch again, and the changes with
# their verdicts, the series' points, the merge-window report and a
# comparison of two commits answer as before; health counts raw and
# folded rows; a fold started over from the first job changes nothing.
. tests/integration/lib.sh

COMMITS=${RETENTION_COMMITS:-1000}

# rw QUERY: a query that writes, with kpcid stopped or beside it
rw() {
	sqlite3 -cmd '.timeout 5000' "$TMP/data/kpci.db" "$1"
}
# analyse: every series dirty, then analysed by a kpcid started with the
# configuration file $1
analyse() {
	rw "UPDATE series SET dirty = 1, dirty_at = 0"
	start_kpcid -c "$1"
	wait_sql 120 "SELECT count(*) FROM series WHERE dirty = 1" 0
}
# answers DIR: what the checks compare, into DIR
answers() {
	mkdir -p "$1"
	sql "SELECT c.id, c.series_id, c.good_sha, c.bad_sha, c.direction, c.state, c.verdict,
		printf('%.9g %.9g %.9g %.9g %.9g', c.magnitude, c.mean_before, c.mean_after,
		c.percent_lo, c.percent_hi), c.jobs_before, c.jobs_after, c.found_by, c.reason,
		c.withdrawn_reason FROM changes c ORDER BY c.id" > "$1/changes"
	sql "SELECT series_id, sha, prev_sha, tested, jobs_before, jobs_after, iterations_before,
		iterations_after, printf('%.9g %.9g %.9g', percent, percent_lo, percent_hi)
		FROM commit_verdicts ORDER BY series_id, sha" > "$1/verdicts"
	for id in 1 2 8 60; do
		curl -s "$URL/api/v1/series/$id" | jq -c '.points' > "$1/series-$id"
	done
	curl -s "$URL/api/v1/trees/linux/windows/v6.11/report" | jq -c 'del(.generated_at)' \
		> "$1/report"
	curl -s "$URL/api/v1/compare?base=$BASE&head=$HEAD" |
		jq -c '[.metrics[] | del(.mann_whitney_p)]' > "$1/compare"
}

mkdir -p "$TMP/data"
AT=$(token admin lead)
check "the seed generator fills the database" \
	python3 tests/browser/seed.py "$TMP/data/kpci.db" "$COMMITS"
BASE=$(sql "SELECT sha FROM commits c JOIN branch_commits bc ON bc.commit_id = c.id
	WHERE bc.position = 355")
HEAD=$(sql "SELECT sha FROM commits c JOIN branch_commits bc ON bc.commit_id = c.id
	WHERE bc.position = 395")
# No confirmations, no bisections, no more jobs of an inconclusive merge
# (more_jobs_max = 1): their jobs, queued while the answers are read,
# would change the report's pending counts from run to run.
printf '[analysis]\nsettle_seconds = 0\nmore_jobs_max = 1\n[confirm]\nenabled = false\n[bisect]\nenabled = false\n' \
	> "$TMP/raw.ini"
check "kpcid analyses every series on the raw iterations" analyse "$TMP/raw.ini"
stop_kpcid
# Twice: a series' verdicts read the noise sums its siblings stored at
# their last analysis, so the second pass starts from what the last one
# left, as the analysis of the folded history will.
check "... and again, from the sums the first analysis stored" analyse "$TMP/raw.ini"
answers "$TMP/raw"
H=$(curl -s "$URL/api/v1/health")
check_eq "health: no fold configured, nothing folded" "0 0 0" \
	"$(echo "$H" | jq -r '.retention | "\(.fold_after_days) \(.folded_rows) \(.last_run_at)"')"
check "the raw answers hold changes and points" \
	test "$(wc -l < "$TMP/raw/changes")" -ge 5 -a "$(wc -c < "$TMP/raw/series-1")" -gt 1000
stop_kpcid
RAW=$(sql "SELECT count(*) FROM samples")
PAGES0=$(sql "PRAGMA page_count")
rw "UPDATE job_results SET received_at = received_at - 400 * 86400"

# A fold killed in the middle: each job folded whole or not at all.
printf '[analysis]\nenabled = false\n[storage]\nfold_after_days = 30\n' > "$TMP/fold.ini"
printf '[confirm]\nenabled = false\n[bisect]\nenabled = false\n' >> "$TMP/fold.ini"
start_kpcid -c "$TMP/fold.ini"
check "the fold starts" wait_sql 60 "SELECT jobs > 0 FROM sample_folding" 1
kill -9 "$KPCID_PID"
wait "$KPCID_PID" 2>/dev/null
check_eq "after SIGKILL no job is half folded" 0 \
	"$(sql "SELECT count(*) FROM (SELECT 1 FROM samples GROUP BY job_id, attempt, series_id
		HAVING MAX(fold_n) IS NOT NULL AND count(*) > 1)")"
check_eq "after SIGKILL every iteration is there, raw or folded" "$RAW" \
	"$(sql "SELECT SUM(IFNULL(fold_n, 1)) FROM samples")"
echo "# killed after $(sql "SELECT jobs FROM sample_folding") jobs of $(sql "SELECT count(*) FROM job_results")"
start_kpcid -c "$TMP/fold.ini"
check "kpcid started again folds to the end" wait_sql 120 \
	"SELECT next_job > (SELECT MAX(job_id) FROM job_results) FROM sample_folding" 1
H=$(curl -s "$URL/api/v1/health")
FOLDED=$(sql "SELECT count(*) FROM samples")
check_eq "health counts raw and folded rows" \
	"30 0 $FOLDED $RAW true" \
	"$(echo "$H" | jq -r '.retention | "\(.fold_after_days) \(.raw_samples) \(.raw_samples + .folded_rows) \(.folded_iterations + .raw_samples) \(.last_fold_at > 0)"')"
check_eq "a job of 3 iterations a metric is one row each, iteration -1" "50|-1|3" \
	"$(sql "SELECT count(*), MIN(iteration), MIN(fold_n) FROM samples WHERE job_id = 1")"
check_eq "the job's series still say 3 iterations" "3" \
	"$(curl -s "$URL/api/v1/jobs/1" | jq -r '[.series[].iterations] | unique | join(",")')"
stop_kpcid
echo "# $RAW samples in $PAGES0 pages -> $FOLDED rows in $(sql "PRAGMA page_count") pages ($(sql "PRAGMA freelist_count") free, page size $(sql "PRAGMA page_size"), auto_vacuum $(sql "PRAGMA auto_vacuum"))"

cp "$TMP/raw.ini" "$TMP/both.ini"
printf '[storage]\nfold_after_days = 30\n' >> "$TMP/both.ini"
check "kpcid analyses every series again, from the folded rows" analyse "$TMP/both.ini"
answers "$TMP/folded"
for f in changes verdicts series-1 series-2 series-8 series-60 report compare; do
	check "folded history answers as raw: $f" cmp "$TMP/raw/$f" "$TMP/folded/$f"
done
check "the comparison judged every metric of both sides" \
	test "$(jq length "$TMP/folded/compare")" -ge 50
stop_kpcid

# Folding again, from the first job, changes nothing.
rw "UPDATE sample_folding SET next_job = 0"
sql "SELECT id, job_id, iteration, value, fold_n FROM samples ORDER BY id" > "$TMP/rows1"
start_kpcid -c "$TMP/fold.ini"
check "a second fold walks every job" wait_sql 120 \
	"SELECT next_job > (SELECT MAX(job_id) FROM job_results) FROM sample_folding" 1
stop_kpcid
sql "SELECT id, job_id, iteration, value, fold_n FROM samples ORDER BY id" > "$TMP/rows2"
check "a second fold changes no row" cmp "$TMP/rows1" "$TMP/rows2"
finish
