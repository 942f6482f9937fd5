# SPDX-License-Identifier: GPL-2.0-only
# t0175-progress: a running job's phase, from the runner's heartbeat to
# the job page and the overview's pipeline; a job given back is queued
# again without counting the attempt; bad phases are refused and change
# nothing.  Then a real kpci-runner stopped by SIGINT in the middle of a
# host job gives it back within seconds.
. tests/integration/lib.sh

start_kpcid
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"r1","runner_class":"c","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
rid=$(sql "SELECT id FROM runners WHERE name = 'r1'")
api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
check_contains "the runner claims the job" "200 " "$(api POST /api/v1/jobs/claim "$RT" "{\"runner_id\":$rid}")"
check_eq "a claim sets the phase 'claimed'" "claimed" "$(sql "SELECT phase FROM jobs WHERE id = 1")"

hb() { api POST /api/v1/jobs/1/heartbeat "$RT" "{\"runner_id\":$rid,\"attempt\":1$1}"; }
check_contains "a heartbeat with a phase is taken" "200 " \
	"$(hb ',"phase":"iteration","detail":"iteration 2 of 3 <b>","percent":33')"
check_eq "the phase is stored" "iteration|iteration 2 of 3 <b>|33" \
	"$(sql "SELECT phase, phase_detail, phase_percent FROM jobs WHERE id = 1")"
check_contains "an upper-case phase is refused" "400 " "$(hb ',"phase":"Boot"')"
check_contains "a detail with a newline is refused" "400 " "$(hb ',"phase":"boot","detail":"a\nb"')"
check_contains "a percent above 100 is refused" "400 " "$(hb ',"phase":"boot","percent":101')"
check_eq "and nothing changed" "iteration|iteration 2 of 3 <b>|33" \
	"$(sql "SELECT phase, phase_detail, phase_percent FROM jobs WHERE id = 1")"
check_contains "a heartbeat without a phase keeps it (an older runner)" "200 " "$(hb '')"
check_eq "  ... kept" "iteration" "$(sql "SELECT phase FROM jobs WHERE id = 1")"

out=$(api GET /api/v1/jobs/1)
check_contains "GET /api/v1/jobs/1 has the phase" '"phase":"iteration"' "$out"
check_contains "  ... and no estimate yet" '"estimate":null' "$out"
check_contains "the status has the pipeline" '"measuring":1' "$(api GET /api/v1/status)"
page=$(curl -s "$URL/jobs/1")
check_contains "the job page shows the phase, escaped" "iteration: iteration 2 of 3 &lt;b&gt;" "$page"
page=$(curl -s "$URL/")
check_contains "the overview shows the pipeline" 'id="pipe-measuring">1<' "$page"
check_contains "  ... and the running job's phase" "iteration 2 of 3 &lt;b&gt;" "$page"

check_contains "a stale attempt cannot give the job back" "409 " \
	"$(api POST /api/v1/jobs/1/release "$RT" "{\"runner_id\":$rid,\"attempt\":2}")"
check_contains "the runner holding it can" '200 {"state":"queued"}' \
	"$(api POST /api/v1/jobs/1/release "$RT" "{\"runner_id\":$rid,\"attempt\":1}")"
check_eq "it is queued again, its attempt not counted" "queued|4" \
	"$(sql "SELECT state, max_attempts FROM jobs WHERE id = 1")"

# A real runner, Ctrl-C in the middle of a long host job
api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":200,"warmup":0}' > /dev/null
start_runner r2 "$RT" --class c
check "the runner starts the job (after job 1)" wait_sql 40 "SELECT state FROM jobs WHERE id = 2" running
check "and says what it does" wait_sql 20 \
	"SELECT phase IN ('warmup', 'iteration') FROM jobs WHERE id = 2" 1
check_contains "its log names the phase once, then the count" "job 2: iteration: 1 of 200" \
	"$(cat "$TMP/r2.log")"
check "  ... not the unit again" sh -c "! grep -q 'iteration: iteration' '$TMP/r2.log'"
kill -INT "$RUNNER_PID"
t0=$(date +%s)
check "the runner ends within 10 s" wait_for 10 sh -c "! kill -0 $RUNNER_PID 2>/dev/null"
echo "# stopped in $(( $(date +%s) - t0 )) s"
check_eq "the job is queued again" "queued" "$(sql "SELECT state FROM jobs WHERE id = 2")"
check_contains "the runner says so" "given back" "$(cat "$TMP/r2.log")"
finish
