# SPDX-License-Identifier: GPL-2.0-only
# t0930-runner-trust: what a runner token may do.  It serves the runner
# classes it was created for (kpcid token create --classes), so it cannot
# register into another class's series; a result is taken only from the
# runner that holds the lease, and a repeat is acknowledged only to the
# runner that stored it, before anything else is looked at.
. tests/integration/lib.sh

start_kpcid
AT=$(token admin)
LAB=$(token runner lab "lab-numa, lab-small")
ANY=$(token runner any)

out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role runner --name x 2>&1)
check_contains "a runner token needs its classes" "token create --role runner needs --classes" "$out"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role runner --name x \
	--classes 'ok,<bad>' 2>&1)
check_contains "... each a name" "runner class '<bad>' must be 1 to 128 letters" "$out"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role admin --classes x 2>&1)
check_contains "... and only runner tokens have classes" "--classes is for runner tokens only" "$out"
list=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" token list)
check_contains "token list shows the classes" "lab-numa lab-small" "$list"

reg() { # reg TOKEN NAME CLASS
	api POST /api/v1/runners/register "$1" \
		"{\"name\":\"$2\",\"runner_class\":\"$3\",\"capabilities\":[\"bench\"],\"boot_methods\":[\"host\"]}"
}
out=$(reg "$LAB" lab-1 lab-numa)
check_contains "the lab token registers a runner in its class" '200 {"runner_id":1' "$out"
out=$(reg "$LAB" lab-2 big-iron)
check_contains "but not in another class" \
	"403 {\"error\":\"this token may not serve runner class 'big-iron'" "$out"
out=$(reg "$LAB" lab-1 big-iron)
check_contains "not even by registering its runner again" "403" "$out"
check_eq "the runner keeps its class" lab-numa "$(sql "SELECT runner_class FROM runners WHERE id = 1")"
out=$(reg "$ANY" any-1 big-iron)
check_contains "a token made with --classes '*' serves any class" '200 {"runner_id":2' "$out"

result='{"runner_id":RID,"job_id":1,"attempt":1,"status":"ok","env":{},
 "samples":[{"suite":"kbench","metric":"m","unit":"ns","better":"lower","iteration":0,"value":7}]}'
api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
api POST /api/v1/jobs/claim "$LAB" '{"runner_id":1}' > /dev/null
out=$(api POST /api/v1/jobs/1/result "$ANY" "$(echo "$result" | sed s/RID/2/)")
check_contains "a runner without the lease cannot upload" \
	'409 {"error":"result: job 1 attempt 1 is not leased to this runner any more"}' "$out"
out=$(api POST /api/v1/jobs/1/result "$LAB" "$(echo "$result" | sed s/RID/1/)")
check_eq "the lease holder can" '200 {"duplicate":false,"samples":1}' "$out"
out=$(api POST /api/v1/jobs/1/result "$ANY" "$(echo "$result" | sed s/RID/2/)")
check_contains "another runner's repeat of a finished job is refused, not a duplicate" \
	'409 {"error":"result: job 1 attempt 1 was finished by another runner"}' "$out"
out=$(api POST /api/v1/jobs/1/result "$LAB" "$(echo "$result" | sed s/RID/1/)")
check_eq "the holder's own repeat is acknowledged" '200 {"duplicate":true,"samples":0}' "$out"
check_eq "one sample, stored once, by runner 1" "1|1" \
	"$(sql "SELECT count(*), MAX(runner_id) FROM samples")"
finish
