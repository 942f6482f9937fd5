# SPDX-License-Identifier: GPL-2.0-only
# t0900-crash-safety (slow): kpcid killed with SIGKILL at random moments
# while 4 runners upload results (20 metrics x 3 iterations each), jobs
# are queued and the analyzer runs (settle_seconds = 0), then restarted on
# the same database, KPCI_CRASH_ROUNDS times (default 50, about a
# minute and a half; set it higher for a longer run).  The runners speak
# the runner protocol (tests/lib/runners.py) and keep an upload until
# kpcid answers it, as kpci-runner's spool does, and write down every
# answer.  Afterwards: every result kpcid acknowledged is stored with all
# its samples, nothing is stored twice or from an attempt kpcid refused,
# every queued job ends done (none stuck), and the file passes
# PRAGMA integrity_check.
. tests/integration/lib.sh

ROUNDS=${KPCI_CRASH_ROUNDS:-50}
KPCID_PORT=$(free_port)
cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
settle_seconds = 0
[jobs]
lease_seconds = 5
max_attempts = 100
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)

python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --admin-token "$AT" \
	--runners 4 --metrics 20 --iterations 3 --seconds 100000 \
	--submit-seconds 100000 --submit-every 0.1 --out "$TMP/answers" > "$TMP/runners.log" 2>&1 &
RUNNERS=$!
PIDS="$PIDS $RUNNERS"

# Kill at a random moment of each round (0.05 to 1.5 s after the start),
# restart on the same port and database.
t0=$(date +%s)
restarts=0
for round in $(seq "$ROUNDS"); do
	sleep "$(awk -v r="$round" 'BEGIN { srand(r * 7919); printf "%.2f", 0.05 + rand() * 1.45 }')"
	kill -9 "$KPCID_PID"
	wait "$KPCID_PID" 2>/dev/null
	cat "$TMP/kpcid.log" >> "$TMP/all.log"     # start_kpcid starts a new one
	start_kpcid -c "$TMP/kpcid.ini"
	restarts=$((restarts + 1))
done
echo "# $restarts kills in $(( $(date +%s) - t0 )) s"
check_eq "kpcid was killed and restarted $ROUNDS times" "$ROUNDS" "$restarts"
acks=$(grep -c '^ack ' "$TMP/answers")
check "the runners had results acknowledged meanwhile ($acks)" test "$acks" -gt "$ROUNDS"

# Drain: no new jobs; the runners finish what is queued.
kill "$RUNNERS" 2>/dev/null
wait "$RUNNERS" 2>/dev/null
python3 tests/lib/runners.py --url "$URL" --runner-token "$RT" --runners 4 --metrics 20 \
	--iterations 3 --seconds 60 --out "$TMP/answers" > "$TMP/drain.log" 2>&1 &
DRAIN=$!
PIDS="$PIDS $DRAIN"
check "every job ends done, none stuck queued or running" \
	wait_sql 60 "SELECT count(*) FROM jobs WHERE state <> 'done'" 0
kill "$DRAIN" 2>/dev/null
wait "$DRAIN" 2>/dev/null

queued=$(grep -c '^queued ' "$TMP/answers")
check_eq "every job kpcid acknowledged queuing exists" "$queued" \
	"$(sql "SELECT count(*) FROM jobs WHERE id IN ($(sed -n 's/^queued //p' "$TMP/answers" | tr '\n' ',' | sed 's/,$//'))")"

# What kpcid acknowledged, against what it holds.
awk '$1 == "ack" { print $2 "," $3 "," $4 "," $5 }' "$TMP/answers" | sort -u > "$TMP/acks.csv"
sqlite3 "$TMP/check.db" "CREATE TABLE acks (job_id INTEGER, attempt INTEGER, runner_id INTEGER, samples INTEGER);" \
	".mode csv" ".import $TMP/acks.csv acks"
sq() { sqlite3 "$TMP/check.db" "ATTACH '$TMP/data/kpci.db' AS k; $1"; }
check_eq "no result is acknowledged for two attempts of one job" 0 \
	"$(sq "SELECT count(*) FROM (SELECT job_id FROM acks GROUP BY job_id HAVING count(*) > 1)")"
check_eq "0 acknowledged results lost" 0 \
	"$(sq "SELECT count(*) FROM acks a WHERE NOT EXISTS (SELECT 1 FROM k.job_results r
	      WHERE r.job_id = a.job_id AND r.attempt = a.attempt AND r.runner_id = a.runner_id)")"
check_eq "0 acknowledged samples lost" 0 \
	"$(sq "SELECT count(*) FROM acks a WHERE a.samples <> (SELECT count(*) FROM k.samples s
	      WHERE s.job_id = a.job_id AND s.attempt = a.attempt)")"
check_eq "no job has two results" 0 \
	"$(sql "SELECT count(*) FROM (SELECT job_id FROM job_results GROUP BY job_id HAVING count(*) > 1)")"
check_eq "no sample comes from an attempt without a stored result" 0 \
	"$(sql "SELECT count(*) FROM samples s WHERE NOT EXISTS (SELECT 1 FROM job_results r
	       WHERE r.job_id = s.job_id AND r.attempt = s.attempt)")"
check_eq "no sample stored twice" 0 \
	"$(sql "SELECT count(*) FROM (SELECT 1 FROM samples GROUP BY job_id, attempt, series_id, iteration HAVING count(*) > 1)")"
check_eq "every stored result is whole (60 samples)" 0 \
	"$(sql "SELECT count(*) FROM job_results r WHERE (SELECT count(*) FROM samples s
	       WHERE s.job_id = r.job_id AND s.attempt = r.attempt) <> 60")"
cat "$TMP/kpcid.log" >> "$TMP/all.log"
check "the analyzer ran between the kills" grep -q "analysis: [1-9][0-9]* series analysed" "$TMP/all.log"
check_eq "PRAGMA integrity_check" ok "$(sql "PRAGMA integrity_check")"
check_eq "the check at each start found the file whole" "$((ROUNDS + 1))" \
	"$(grep -c "integrity check at start: the database is whole" "$TMP/all.log")"
echo "# $(sql "SELECT count(*) FROM jobs") jobs, $(sql "SELECT count(*) FROM samples") samples, $acks acknowledgements"
finish
