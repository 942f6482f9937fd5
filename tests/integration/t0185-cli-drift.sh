# SPDX-License-Identifier: GPL-2.0-only
# t0185-cli-drift: `kpci runner ID` shows one runner with its environment
# drift (text and --json), `kpci drift-ack ID` acknowledges it with an
# admin token and is refused with a runner token or none.  The drift comes
# from a real run on this host followed by uploads whose environment
# differs; one drifted value carries terminal escape sequences, which the
# text view must not pass through.
. tests/integration/lib.sh
. tests/integration/drift-lib.sh

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
KPCI="$KPCI_BIN/kpci"
ESC=$(printf '\033')

# A real run on this host gives the runner its first environment.
out=$(KPCI_TOKEN=$AT "$KPCI" submit --suite kbench --iterations 1 --warmup 0 2>&1)
check_eq "a kbench job is queued" "job 1 queued" "$out"
timeout 120 "$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name cli-drift-1 \
	--class host-a --work-dir "$TMP/w" --once > "$TMP/runner.log" 2>&1
check_eq "the real run is stored" done "$(sql "SELECT state FROM jobs WHERE id = 1")"

out=$("$KPCI" runner 1 2>&1)
check_eq "kpci runner 1 succeeds before any drift" 0 $?
check_contains "it names the runner" "runner 1: cli-drift-1" "$out"
check_contains "and its class" "host-a" "$out"
check_contains "and its CPU model" \
	"$(sql "SELECT json_extract(topology, '\$.cpu_model') FROM runners WHERE id = 1")" "$out"
check_contains "and says there is no drift" "no drift events" "$out"

# The same machine's environment, as the runner uploaded it, with changes.
ENV=$(sql "SELECT env FROM environments WHERE id = 1")
OLD_MC=$(printf '%s' "$ENV" | sed 's/.*"microcode":"\([^"]*\)".*/\1/')

out=$(upload 2 "$(with '$.microcode' '0xdeadbeef')")
check_contains "an upload with other microcode is stored" '200 {"duplicate":false' "$out"
# a hostile runner: ESC [ 2 J (clear screen), ESC ] 0 ; title BEL, and C1 CSI (U+009B)
ENV=$(with '$.microcode' '0xdeadbeef')
out=$(upload 3 "$(with '$.thp' "evil${ESC}[2J${ESC}]0;owned$(printf '\007')$(printf '\302\233')31mred")")
check_contains "an upload with escape sequences in a value is stored" '200 {"duplicate":false' "$out"
check_eq "two open drift events" 2 "$(sql "SELECT count(*) FROM runner_drift WHERE acked_at IS NULL")"

out=$("$KPCI" runner 1 2>&1)
check_eq "kpci runner 1 succeeds" 0 $?
check_contains "it shows the open drift count" "drift open:  2" "$out"
check_contains "it shows the drifted field" "microcode" "$out"
check_contains "with both values" "$OLD_MC -> 0xdeadbeef" "$out"
check_contains "the escape sequences are shown as text" "evil?[2J?]0;owned??31mred" "$out"
check_eq "no ESC byte reaches the terminal" 0 "$(printf '%s' "$out" | grep -c "$ESC")"
check_eq "no BEL or C1 byte either" 0 \
	"$(printf '%s' "$out" | LC_ALL=C grep -c "$(printf '\007')\|$(printf '\302\233')")"
first=$(printf '%s\n' "$out" | grep -n 'thp' | cut -d: -f1)
second=$(printf '%s\n' "$out" | grep -n '0xdeadbeef' | cut -d: -f1)
check "the newest event comes first" [ "${first:-9}" -lt "${second:-0}" ]
check_contains "the events are not acknowledged" " no " "$(printf '%s\n' "$out" | grep microcode)"

out=$("$KPCI" --json runner 1)
check_eq "kpci --json runner 1 succeeds" 0 $?
check "its output is JSON with drift_open >= 1" \
	sh -c 'printf "%s" "$1" | jq -e ".drift_open >= 1" > /dev/null' sh "$out"
check_eq "the JSON keeps the raw value" "evil${ESC}[2J" \
	"$(printf '%s' "$out" | jq -r '.drift[0].new_value' | head -c 8)"
check_eq "the JSON has the microcode event" "$OLD_MC 0xdeadbeef" \
	"$(printf '%s' "$out" | jq -r '.drift[] | select(.field == "microcode") |
		"\(.old_value) \(.new_value)"')"

# Refused without an admin token: the server's sentence, nothing acknowledged.
out=$(KPCI_TOKEN=$RT "$KPCI" drift-ack 1 2>&1)
rc=$?
check "drift-ack with a runner token fails" [ "$rc" -ne 0 ]
check_contains "with the server's sentence" "needs an admin token (HTTP 403)" "$out"
out=$(env -u KPCI_TOKEN "$KPCI" drift-ack 1 2>&1)
rc=$?
check "drift-ack without a token fails" [ "$rc" -ne 0 ]
check_contains "with the server's sentence" "needs an admin token (HTTP 401)" "$out"
out=$(KPCI_TOKEN=$AT "$KPCI" --token "$RT" drift-ack 1 2>&1)
check_contains "--token overrides \$KPCI_TOKEN" "HTTP 403" "$out"
check_eq "nothing was acknowledged" 2 \
	"$(sql "SELECT count(*) FROM runner_drift WHERE acked_at IS NULL")"

out=$(env -u KPCI_TOKEN "$KPCI" --token "$AT" drift-ack 1 2>&1)
check_eq "an admin acknowledges both" "runner 1: 2 drift events acknowledged" "$out"
check_eq "nothing is open any more" 0 \
	"$(sql "SELECT count(*) FROM runner_drift WHERE acked_at IS NULL")"
check_contains "the API says drift_open 0" '"drift_open":0' "$(api GET /api/v1/runners/1)"
out=$("$KPCI" runner 1 2>&1)
check_contains "kpci runner says drift open 0" "drift open:  0" "$out"
check_contains "and who acknowledged" " by a1 " "$(printf '%s\n' "$out" | grep microcode)"
out=$(KPCI_TOKEN=$AT "$KPCI" --json drift-ack 1)
check_eq "again with --json: the API's answer, nothing left" 0 \
	"$(printf '%s' "$out" | jq -r '.acknowledged')"

# Bad ids: one sentence, non-zero exit; malformed ones make no request.
for bad in 0 abc -3 1x "" 99999999999999999999; do
	out=$("$KPCI" --server http://127.0.0.1:9 runner "$bad" 2>&1)
	rc=$?
	check_eq "kpci runner '$bad' is a usage error" 2 "$rc"
	check_eq "kpci runner '$bad' says why in one line" \
		"kpci runner: the runner id '$bad' is not a positive integer" "$out"
done
# the same rule for every id argument of kpci (cli_id)
out=$("$KPCI" --server http://127.0.0.1:9 build " 5" 2>&1)
check_eq "kpci build ' 5' is refused the same way" \
	"2 kpci build: the build id ' 5' is not a positive integer" "$? $out"
out=$("$KPCI" --server http://127.0.0.1:9 change +5 2>&1)
check_eq "kpci change +5 too" "2 kpci change: the change id '+5' is not a positive integer" \
	"$? $out"
out=$(KPCI_TOKEN=$AT "$KPCI" --server http://127.0.0.1:9 drift-ack abc 2>&1)
check_eq "kpci drift-ack abc is a usage error without a request" \
	"2 kpci drift-ack: the runner id 'abc' is not a positive integer" "$? $out"
# A runner's topology is its own text too: a hostile CPU model and kernel.
RT2=$(token runner r2)
api POST /api/v1/runners/register "$RT2" '{"name":"lab-numa2","runner_class":"xeon-2s",
 "topology":{"cpu_model":"Xeon\u001b[31m\u009b2J","kernel_release":"6.12\u0007\u202e",
 "nodes":[{"id":0,"cpus":[0,1,2,3,8]},{"id":1,"cpus":[4,5,6,7,9,11]}]}}' > /dev/null
out=$("$KPCI" runner 2 2>&1)
check_contains "a second runner is shown" "runner 2: lab-numa2" "$out"
check_contains "its CPU model without escapes" "cpu model:   Xeon?[31m?2J" "$out"
check_contains "its kernel without BEL or a bidi override" "kernel:      6.12??" "$out"
check_contains "its NUMA nodes" "numa:        2 nodes, 11 cpus" "$out"
check_contains "node 0's CPUs as ranges" "node 0: cpus 0-3,8" "$out"
check_contains "node 1's CPUs as ranges" "node 1: cpus 4-7,9,11" "$out"
check_eq "no ESC byte in it" 0 "$(printf '%s' "$out" | grep -c "$ESC")"
# every text-mode command gets its strings cleaned (cli_call): the list too
out=$("$KPCI" runners 2>&1)
check_contains "kpci runners lists its kernel without BEL or a bidi override" "6.12??" "$out"
check_eq "no ESC or BEL byte in the list" 0 "$(printf '%s' "$out" | grep -c "$ESC\|$(printf '\007')")"

out=$("$KPCI" runner 99999 2>&1)
rc=$?
check "kpci runner 99999 fails" [ "$rc" -eq 1 ]
check_contains "with the API's 404 sentence" "runner 99999 does not exist (HTTP 404)" "$out"
check_eq "in one line" 1 "$(printf '%s\n' "$out" | wc -l)"
out=$(KPCI_TOKEN=$AT "$KPCI" drift-ack 99999 2>&1)
rc=$?
check "kpci drift-ack 99999 fails" [ "$rc" -eq 1 ]
check_contains "with the API's 404 sentence" "runner 99999 does not exist (HTTP 404)" "$out"
out=$("$KPCI" runner 2>&1)
check_eq "kpci runner without an id is a usage error" \
	"2 usage: kpci runner ID  (ID: a runner id, see kpci runners)" "$? $out"
finish
