# SPDX-License-Identifier: GPL-2.0-only
# t0100-roundtrip: a bench job goes from kpci submit through a real
# kpci-runner on the host kernel into SQLite, and back out through the
# API, the CLI and the overview page.
. tests/integration/lib.sh

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)

out=$(api GET /api/v1/health)
check_contains "health answers ok" '200 {"status":"ok","version":' "$out"
check_contains "health reports the database" '"db":"ok"' "$out"

out=$(KPCI_TOKEN=$AT "$KPCI_BIN/kpci" submit --suite kbench --iterations 3 --warmup 1)
check_eq "kpci submit queues job 1" "job 1 queued" "$out"
check_eq "job 1 is queued" "queued" "$(sql "SELECT state FROM jobs WHERE id = 1")"

"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name box-1 --class host-a \
	--work-dir "$TMP/w" --once > "$TMP/runner.log" 2>&1
check_eq "kpci-runner --once exits 0" 0 $?
check_eq "job 1 is done" "done|1" "$(sql "SELECT state, attempt FROM jobs WHERE id = 1")"
check_eq "3 iterations x 2 metrics stored" 6 "$(sql "SELECT count(*) FROM samples WHERE job_id = 1")"
check_eq "both metrics are ns/op, lower is better" \
	"kbench|pipe-pingpong|ns/op|lower
kbench|syscall-getppid|ns/op|lower" \
	"$(sql "SELECT suite, name, unit, direction FROM metrics ORDER BY name")"
check_eq "values are positive" 0 "$(sql "SELECT count(*) FROM samples WHERE value <= 0")"
check_eq "iterations 0..2 of each metric" "0|1|2" \
	"$(sql "SELECT group_concat(DISTINCT iteration) FROM (SELECT iteration FROM samples ORDER BY iteration)" | tr ',' '|')"
check_eq "the environment names the runner and its class" "host-a|host" \
	"$(sql "SELECT runner_class, boot_method FROM environments")"
check_eq "the environment records the kernel" "$(uname -r)" \
	"$(sql "SELECT kernel_release FROM environments")"
check_eq "the series is marked dirty for analysis" 2 "$(sql "SELECT count(*) FROM series WHERE dirty = 1")"
check_eq "the topology is stored" "$(nproc)" "$(sql "SELECT cpus FROM runners WHERE name = 'box-1'")"
check "the spool is empty after the upload" test -z "$(ls "$TMP/w/spool")"

out=$("$KPCI_BIN/kpci" samples --job 1)
check_contains "kpci samples lists getppid" "syscall-getppid" "$out"
check_eq "kpci samples lists 6 rows and a header" 7 "$(echo "$out" | wc -l)"
out=$("$KPCI_BIN/kpci" --json samples --metric kbench/pipe-pingpong)
check_eq "kpci --json samples --metric filters" 3 \
	"$(echo "$out" | grep -c '"metric": "pipe-pingpong"')"
out=$("$KPCI_BIN/kpci" jobs --state done)
check_contains "kpci jobs shows the done job" "done" "$out"
out=$("$KPCI_BIN/kpci" runners)
check_contains "kpci runners shows box-1" "box-1" "$out"
out=$("$KPCI_BIN/kpci" status)
check_contains "kpci status counts samples" "samples:  6" "$out"

page=$(curl -s "$URL/")
check_contains "the overview page lists the runner" "<td>box-1</td>" "$page"
check_contains "the overview page lists the samples, each metric linking its chart" \
	'">kbench/syscall-getppid</a></td>' "$page"
check_contains "the overview page lists the job" 'class="st-done"' "$page"

# --idle-exit: with nothing queued, --once gives up after 2 s with status 3
start=$(date +%s)
timeout 30 "$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name box-1 --class host-a \
	--work-dir "$TMP/w" --once --idle-exit 2 > "$TMP/idle.log" 2>&1
check_eq "kpci-runner --once --idle-exit 2 without a job exits 3" 3 $?
check "... after about 2 s, not the timeout" test $(( $(date +%s) - start )) -lt 20
check_contains "... saying why" "no job for 2 s (idle_exit); stopping after 0 jobs" \
	"$(cat "$TMP/idle.log")"
out=$("$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --idle-exit soon 2>&1)
check_eq "a bad --idle-exit is refused" 2 $?
check_contains "... naming the key" "idle_exit" "$out"

out=$("$KPCI_BIN/kpci" --server "http://127.0.0.1:1" status 2>&1)
check_contains "kpci names the server it cannot reach" "127.0.0.1:1" "$out"
finish
