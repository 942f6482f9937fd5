# SPDX-License-Identifier: GPL-2.0-only
# t0120-lease-expiry: a runner killed mid-job loses its lease; the job is
# requeued and finished by another runner; after the last attempt a job
# fails with its reason.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[jobs]
lease_seconds = 2
max_attempts = 2
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)

# Long enough that the runner is surely mid-job when it is killed.
api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":1000}' > /dev/null
start_runner victim "$RT"
victim=$RUNNER_PID
wait_sql 20 "SELECT state FROM jobs WHERE id = 1" running
check_eq "the victim holds job 1" "running|1" "$(sql "SELECT state, attempt FROM jobs WHERE id = 1")"
sleep 3   # a few heartbeats keep the lease alive past lease_seconds
check_eq "heartbeats keep the lease" running "$(sql "SELECT state FROM jobs WHERE id = 1")"
kill -9 "$victim"
wait_sql 10 "SELECT state FROM jobs WHERE id = 1" queued
check_eq "the job is requeued after the lease expired" queued "$(sql "SELECT state FROM jobs WHERE id = 1")"
check_contains "the reason says why" "lease of attempt 1 expired (runner victim)" \
	"$(sql "SELECT reason FROM jobs WHERE id = 1")"
check_contains "kpcid logs the requeue" "1 jobs requeued" "$(cat "$TMP/kpcid.log")"

# Make job 1 short for the rescuer: the spec is the queued job's own.
sqlite3 "$TMP/data/kpci.db" "UPDATE jobs SET spec = json_set(spec, '$.iterations', 2) WHERE id = 1"
"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name rescuer --work-dir "$TMP/r" \
	--once > "$TMP/rescuer.log" 2>&1
check_eq "another runner finishes it on attempt 2" "done|2|rescuer" \
	"$(sql "SELECT j.state, j.attempt, r.name FROM jobs j, job_results x, runners r WHERE j.id = 1 AND x.job_id = 1 AND r.id = x.runner_id")"
check_eq "only the finished attempt has samples" "2|4" \
	"$(sql "SELECT attempt, count(*) FROM samples WHERE job_id = 1 GROUP BY attempt")"

# A job whose every attempt dies fails with the reason.
api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":1000}' > /dev/null
for attempt in 1 2; do
	start_runner "doomed-$attempt" "$RT"
	wait_sql 20 "SELECT state || attempt FROM jobs WHERE id = 2" "running$attempt"
	kill -9 "$RUNNER_PID"
done
wait_sql 10 "SELECT state FROM jobs WHERE id = 2" failed
check_eq "job 2 failed after max_attempts" "failed|2" "$(sql "SELECT state, attempt FROM jobs WHERE id = 2")"
check_contains "its reason names the last attempt" "lease expired on attempt 2 of 2" \
	"$(sql "SELECT reason FROM jobs WHERE id = 2")"
out=$("$KPCI_BIN/kpci" jobs --state failed)
check_contains "kpci jobs shows the reason" "lease expired on attempt 2 of 2" "$out"
finish
