# SPDX-License-Identifier: GPL-2.0-only
# t0170-spool: a result finished while kpcid is down waits in the
# runner's spool and is uploaded when kpcid is back; nothing is lost.
. tests/integration/lib.sh

start_kpcid
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":15}' > /dev/null
start_runner spooler "$RT" --once
runner=$RUNNER_PID
wait_sql 20 "SELECT state FROM jobs WHERE id = 1" running
KPCID_PORT=$PORT
stop_kpcid
wait "$runner"
check_eq "the runner says the result could not be uploaded" 1 $?
check_contains "and where it waits" "wait in $TMP/spooler/spool" "$(cat "$TMP/spooler.log")"
check "the result is in the spool" test -f "$TMP/spooler/spool/job-1-1.json"
check_eq "kpcid stored nothing yet" 0 "$(sql "SELECT count(*) FROM samples")"

start_kpcid
api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":1}' > /dev/null
"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name spooler \
	--work-dir "$TMP/spooler" --once >> "$TMP/spooler.log" 2>&1
check_eq "the next run succeeds" 0 $?
check_eq "the spooled result arrived" "done|30" \
	"$(sql "SELECT state, (SELECT count(*) FROM samples WHERE job_id = 1) FROM jobs WHERE id = 1")"
check_eq "and so did the new one" "done|2" \
	"$(sql "SELECT state, (SELECT count(*) FROM samples WHERE job_id = 2) FROM jobs WHERE id = 2")"
check "the spool is empty" test -z "$(ls "$TMP/spooler/spool")"
finish
