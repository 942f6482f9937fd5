# SPDX-License-Identifier: GPL-2.0-only
# t0180-drift: kpcid remembers each runner's host environment per boot
# method; an upload whose microcode or governor differ records drift
# events, flags the runner on /runners, /runners/ID and /api/v1/runners
# until an admin acknowledges them.  Candidate kernel fields (release,
# build id, command line) change without drift.
. tests/integration/lib.sh
. tests/integration/drift-lib.sh

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)

# A real run on this host gives the runner its first environment.
out=$(KPCI_TOKEN=$AT "$KPCI_BIN/kpci" submit --suite kbench --iterations 1 --warmup 0 2>&1)
check_eq "a kbench job is queued" "job 1 queued" "$out"
timeout 120 "$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name drift-1 --class host-a \
	--work-dir "$TMP/w" --once > "$TMP/runner.log" 2>&1
check_eq "the real run is stored" done "$(sql "SELECT state FROM jobs WHERE id = 1")"
check_eq "the host environment is remembered" "host" \
	"$(sql "SELECT boot_method FROM runner_env WHERE runner_id = 1")"
check_eq "with the real microcode" \
	"$(sql "SELECT json_extract(env, '\$.microcode') FROM environments")" \
	"$(sql "SELECT json_extract(env, '\$.microcode') FROM runner_env")"
check_eq "no drift after the first upload" 0 "$(sql "SELECT count(*) FROM runner_drift")"

# The same machine's environment, as the runner uploaded it, with changes.
ENV=$(sql "SELECT env FROM environments WHERE id = 1")

out=$(upload 2 "$(with '$.build_id' 'abc' | sed 's/"cmdline":"[^"]*"/"cmdline":"quiet kpci=1"/')")
check_contains "an upload with another build id and command line is stored" \
	'200 {"duplicate":false' "$out"
check_eq "a new build id or command line is no drift" 0 "$(sql "SELECT count(*) FROM runner_drift")"
QEMU=$(with '$.boot_method' 'qemu')
out=$(upload 3 "$(ENV=$QEMU; with '$.kernel_release' '6.12.1-cand1')")
out=$(upload 4 "$(ENV=$QEMU; with '$.kernel_release' '6.12.2-cand2')")
check_eq "under qemu the candidate's kernel release changes without drift" 0 \
	"$(sql "SELECT count(*) FROM runner_drift")"
check_eq "qemu has its own remembered environment" "host qemu" \
	"$(sql "SELECT group_concat(boot_method, ' ') FROM (SELECT boot_method FROM runner_env ORDER BY 1)")"

E5=$(with '$.microcode' '0xdeadbeef')
E5=$(ENV=$E5; with '$.governor' 'powersave-drifted')
out=$(upload 5 "$E5")
check_contains "the drifted upload is stored all the same" '200 {"duplicate":false' "$out"
check_eq "two drift events: governor and microcode" \
	"governor|powersave-drifted
microcode|0xdeadbeef" \
	"$(sql "SELECT field, new_value FROM runner_drift WHERE acked_at IS NULL ORDER BY field")"
check_eq "the old values are kept" "$(printf '%s' "$ENV" | sed 's/.*"microcode":"\([^"]*\)".*/\1/')" \
	"$(sql "SELECT old_value FROM runner_drift WHERE field = 'microcode'")"
check_eq "the drift names the job that showed it" 5 \
	"$(sql "SELECT job_id FROM runner_drift WHERE field = 'microcode'")"

out=$(upload 6 "$E5")
check_eq "the same environment again adds no drift" 2 "$(sql "SELECT count(*) FROM runner_drift")"

out=$(api GET /api/v1/runners)
check_contains "/api/v1/runners flags the runner" '"drift_open":2' "$out"
out=$(api GET /api/v1/runners/1)
check_contains "/api/v1/runners/1 answers" '200 {' "$out"
check_contains "the detail has the drift history" '"field":"microcode"' "$out"
check_contains "and the remembered environment" '"microcode":"0xdeadbeef"' "$out"
check_contains "and the topology" '"topology":{' "$out"
out=$(api GET /api/v1/runners/99)
check_contains "an unknown runner is 404" '404 {"error":"runner 99 does not exist"}' "$out"

page=$(curl -s "$URL/runners")
check_contains "/runners flags the drift" 'drift: 2 unacknowledged' "$page"
check_contains "/runners links the runner's page" 'href="/runners/1"' "$page"
page=$(curl -s "$URL/runners/1")
check_contains "/runners/1 shows the flag" 'id="drift-flag"' "$page"
check_contains "/runners/1 shows old -> new" '<td>microcode</td>' "$page"
check_contains "/runners/1 shows the new governor" '<td>powersave-drifted</td>' "$page"
check_eq "/runners/99 is 404" 404 "$(curl -s -o /dev/null -w '%{http_code}' "$URL/runners/99")"

out=$(api POST /api/v1/runners/1/drift/ack "$RT" '{}')
check_contains "a runner token cannot acknowledge" "403" "$out"
out=$(api POST /api/v1/runners/1/drift/ack "" '{}')
check_contains "nor can anonymous" "401" "$out"
out=$(api POST /api/v1/runners/1/drift/ack "$AT" '{}')
check_eq "an admin acknowledges both" '200 {"runner_id":1,"acknowledged":2}' "$out"
check_eq "the acknowledgement names the token" a1 \
	"$(sql "SELECT DISTINCT acked_by FROM runner_drift")"
check_contains "the runner is no longer flagged" '"drift_open":0' "$(api GET /api/v1/runners)"
page=$(curl -s "$URL/runners")
check_contains "/runners shows no drift" '<td class="muted">none</td>' "$page"
out=$(upload 7 "$(ENV=$E5; with '$.kernel_release' '9.9.9-other-base')")
check_eq "on a host boot the running kernel is the base kernel: it drifts" \
	"base_kernel|9.9.9-other-base" \
	"$(sql "SELECT field, new_value FROM runner_drift WHERE acked_at IS NULL")"
out=$(api POST /api/v1/runners/77/drift/ack "$AT" '{}')
check_contains "acknowledging an unknown runner is 404" "404" "$out"
finish
