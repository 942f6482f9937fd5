# SPDX-License-Identifier: GPL-2.0-only
# t0130-result-idempotent: a result uploaded twice is stored once; a
# result for a lease the runner no longer holds is refused.
. tests/integration/lib.sh

start_kpcid
AT=$(token admin)
RT=$(token runner)
RT2=$(token runner)
api POST /api/v1/runners/register "$RT" '{"name":"up-1","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
api POST /api/v1/runners/register "$RT2" '{"name":"up-2","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
check_contains "runner 1 claims job 1, attempt 1" '"id":1,"attempt":1' "$out"

result='{"runner_id":RID,"job_id":1,"attempt":1,"status":"ok","env":{"kernel_release":"6.12.0"},
 "samples":[{"suite":"kbench","metric":"syscall-getppid","unit":"ns/op","better":"lower","iteration":0,"value":101.5},
            {"suite":"kbench","metric":"syscall-getppid","unit":"ns/op","better":"lower","iteration":1,"value":99.5}]}'
r1=$(echo "$result" | sed s/RID/1/)
out=$(api POST /api/v1/jobs/1/result "$RT" "$r1")
check_eq "the first upload is stored" '200 {"duplicate":false,"samples":2}' "$out"
out=$(api POST /api/v1/jobs/1/result "$RT" "$r1")
check_eq "the repeat is acknowledged as a duplicate" '200 {"duplicate":true,"samples":0}' "$out"
check_eq "two samples, stored once" 2 "$(sql "SELECT count(*) FROM samples")"
check_eq "one result row" 1 "$(sql "SELECT count(*) FROM job_results")"
check_eq "the job is done" done "$(sql "SELECT state FROM jobs WHERE id = 1")"

api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
r2=$(echo "$result" | sed 's/RID/2/; s/"job_id":1/"job_id":2/')
out=$(api POST /api/v1/jobs/2/result "$RT2" "$r2")
check_contains "another runner cannot upload for a lease it does not hold" \
	'409 {"error":"result: job 2 attempt 1 is not leased to this runner any more"}' "$out"
out=$(api POST /api/v1/jobs/2/heartbeat "$RT2" '{"runner_id":2,"attempt":1}')
check_contains "nor extend it" "409" "$out"
out=$(api POST /api/v1/jobs/2/result "$RT2" "$(echo "$r1" | sed 's/RID/2/; s/"runner_id":1/"runner_id":2/')")
check_contains "the URL and body must name the same job" "does not match the URL" "$out"
out=$(api POST /api/v1/jobs/2/result "$RT" "$(echo "$r2" | sed 's/"runner_id":2/"runner_id":1/; s/"unit":"ns\/op"/"unit":"ms"/')")
check_contains "a metric keeps its unit" '422 {"error":"result: metric kbench/syscall-getppid is stored in ns/op' "$out"
check_eq "nothing of the refused uploads was stored" "2|1" \
	"$(sql "SELECT (SELECT count(*) FROM samples), (SELECT count(*) FROM job_results)")"
check_eq "job 2 is still running for runner 1" "running|1" \
	"$(sql "SELECT state, lease_owner FROM jobs WHERE id = 2")"
rep=$(echo "$r2" | sed 's/"runner_id":2/"runner_id":1/; s/"iteration":1/"iteration":0/')
out=$(api POST /api/v1/jobs/2/result "$RT" "$rep")
check_eq "a repeated iteration is refused, not a server error" \
	'422 {"error":"result: samples[1] repeats kbench/syscall-getppid iteration 0"}' "$out"
check_eq "and leaves nothing behind" 2 "$(sql "SELECT count(*) FROM samples")"
out=$(api POST /api/v1/jobs/99/result "$RT" "$(echo "$r1" | sed 's/"job_id":1/"job_id":99/')")
check_contains "an unknown job is a 404" '404 {"error":"result: job 99 does not exist"}' "$out"
finish
