# SPDX-License-Identifier: GPL-2.0-only
# t0140-bad-input: every request a user can get wrong gets one clear
# sentence and a 4xx, and nothing stored changes.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[server]
max_body = 2048
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" '{"name":"b-1","runner_class":"c","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
before=$(sql "SELECT (SELECT count(*) FROM jobs), (SELECT count(*) FROM runners), (SELECT count(*) FROM samples)")

out=$(api POST /api/v1/jobs "$AT" '{"suite": "kbench",')
check_contains "malformed JSON is a 400 naming the place" \
	'400 {"error":"the request body is not valid JSON: ' "$out"
check_contains "... with line and column" "at line 1 column" "$out"
out=$(api POST /api/v1/jobs "$AT" '[1,2]')
check_eq "a JSON array is refused" '400 {"error":"the request body must be a JSON object"}' "$out"
out=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":0}')
check_eq "iterations out of range" '400 {"error":"iterations must be an integer from 1 to 1000"}' "$out"
out=$(api POST /api/v1/jobs "$AT" '{"suite":"kb ench"}')
check_contains "a name with a space" "suite must be a name" "$out"
out=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"pxe"}')
check_eq "an unknown boot method" "400 {\"error\":\"boot 'pxe' is not one of host, qemu, kexec, lava\"}" "$out"
out=$(api POST /api/v1/jobs "" '{"suite":"kbench"}')
check_eq "no token on an admin route is a 401" '401 {"error":"POST /api/v1/jobs needs an admin token"}' "$out"
out=$(api POST /api/v1/jobs "kpci_0000" '{"suite":"kbench"}')
check_eq "an unknown token is a 401" '401 {"error":"unknown or revoked API token"}' "$out"
out=$(api POST /api/v1/jobs "$RT" '{"suite":"kbench"}')
check_eq "a runner token on an admin route is a 403" '403 {"error":"POST /api/v1/jobs needs an admin token"}' "$out"
out=$(api POST /api/v1/jobs/claim "" '{"runner_id":1}')
check_eq "no token on a runner route is a 401" '401 {"error":"POST /api/v1/jobs/claim needs a runner token"}' "$out"
out=$(api POST /api/v1/jobs/claim "$AT" '{"runner_id":1}')
check_contains "an admin token on a runner route is a 403" '403' "$out"
out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":"one"}')
check_contains "runner_id must be a number" "400 {\"error\":\"runner_id must be" "$out"
RT2=$(token runner)
out=$(api POST /api/v1/jobs/claim "$RT2" '{"runner_id":1}')
check_eq "a runner id of another token" '403 {"error":"runner 1 is not registered with this token"}' "$out"
out=$(api POST /api/v1/runners/register "$RT2" '{"name":"b-1","runner_class":"c"}')
check_eq "a runner name held by another token" "409 {\"error\":\"runner name 'b-1' is already registered with another token\"}" "$out"
out=$(api POST /api/v1/runners/register "$RT2" '{"name":"b-2"}')
check_eq "register without a class" '400 {"error":"register: runner_class is missing"}' "$out"
big=$(head -c 3000 /dev/zero | tr '\0' 'x')
out=$(api POST /api/v1/jobs "$AT" "{\"suite\":\"$big\"}")
check_eq "a body over max_body is a 413" '413 {"error":"the request body is larger than 2048 bytes"}' "$out"
out=$(api GET '/api/v1/jobs?limit=abc')
check_eq "a bad query parameter" "400 {\"error\":\"query parameter limit: 'abc' is not a number from 1 to 1000\"}" "$out"
out=$(api GET '/api/v1/jobs?state=lost')
check_contains "an unknown state filter" "query parameter state: 'lost' is not one of" "$out"
out=$(api GET /api/v1/nothing)
check_eq "an unknown path is a 404" '404 {"error":"no such resource: /api/v1/nothing"}' "$out"
out=$(api DELETE /api/v1/jobs)
check_eq "a wrong method is a 405" '405 {"error":"DELETE is not allowed on /api/v1/jobs"}' "$out"
out=$(api GET /api/v1/jobs/12345)
check_eq "an unknown job is a 404" '404 {"error":"job 12345 does not exist"}' "$out"

api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
bad='{"runner_id":1,"job_id":1,"attempt":1,"status":"ok","env":{},"samples":[
 {"suite":"kbench","metric":"m","unit":"ns","better":"lower","iteration":0,"value":1},
 {"suite":"kbench","metric":"m","unit":"ns","better":"lower","iteration":1,"value":"fast"}]}'
out=$(api POST /api/v1/jobs/1/result "$RT" "$bad")
check_eq "a bad sample is named by its index" '400 {"error":"result: samples[1].value must be a number"}' "$out"
out=$(api POST /api/v1/jobs/1/result "$RT" "$(echo "$bad" | sed 's/"better":"lower","iteration":0/"better":"up","iteration":0/')")
check_eq "a bad direction is named" '400 {"error":"result: samples[0].better must be \"higher\" or \"lower\""}' "$out"
after=$(sql "SELECT (SELECT count(*) FROM jobs), (SELECT count(*) FROM runners), (SELECT count(*) FROM samples)")
check_eq "nothing stored changed (jobs, runners, samples)" "$before" "$after"
check_eq "the job is still leased" running "$(sql "SELECT state FROM jobs WHERE id = 1")"

out=$(KPCI_TOKEN=$AT "$KPCI_BIN/kpci" submit --iterations many 2>&1)
check_eq "kpci submit names a bad flag value" "kpci: submit: --iterations 'many' is not an integer" "$out"
out=$(KPCI_TOKEN=$RT "$KPCI_BIN/kpci" submit 2>&1)
check_eq "kpci relays kpcid's sentence" "kpci: POST /api/v1/jobs needs an admin token (HTTP 403)" "$out"
out=$("$KPCI_BIN/kpci" frobnicate 2>&1)
check_eq "kpci names an unknown command" "kpci: unknown command 'frobnicate' (see kpci --help)" "$out"
finish
