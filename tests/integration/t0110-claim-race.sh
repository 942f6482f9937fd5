# SPDX-License-Identifier: GPL-2.0-only
# t0110-claim-race: runners racing for jobs never share one.
. tests/integration/lib.sh

start_kpcid
AT=$(token admin)
RT1=$(token runner)
RT2=$(token runner)
reg='{"name":"NAME","runner_class":"race","capabilities":["bench"],"boot_methods":["host"]}'
api POST /api/v1/runners/register "$RT1" "$(echo "$reg" | sed s/NAME/racer-1/)" > /dev/null
api POST /api/v1/runners/register "$RT2" "$(echo "$reg" | sed s/NAME/racer-2/)" > /dev/null
id1=$(sql "SELECT id FROM runners WHERE name = 'racer-1'")
id2=$(sql "SELECT id FROM runners WHERE name = 'racer-2'")

# One job, two claims sent at the same moment, many times over.
wins=0
for round in $(seq 20); do
	api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
	cpids=""
	for who in 1 2; do
		eval tok=\$RT$who rid=\$id$who
		curl -s -o "$TMP/claim-$who" -w '%{http_code}\n' -X POST \
			-H "Authorization: Bearer $tok" --data "{\"runner_id\":$rid}" \
			"$URL/api/v1/jobs/claim" > "$TMP/status-$who" &
		cpids="$cpids $!"
	done
	wait $cpids
	got=$(cat "$TMP/status-1" "$TMP/status-2" | sort | tr '\n' ' ')
	[ "$got" = "200 204 " ] && wins=$((wins + 1))
done
check_eq "in 20 races exactly one runner got the job each time" 20 "$wins"
check_eq "every job was leased once" "20|20" \
	"$(sql "SELECT count(*), sum(attempt) FROM jobs WHERE state = 'running'")"

# Real runners draining a queue: each job runs exactly once.
for i in $(seq 6); do
	api POST /api/v1/jobs "$AT" '{"suite":"kbench","iterations":1,"warmup":0}' > /dev/null
done
start_runner real-1 "$RT1" --class race
start_runner real-2 "$RT2" --class race
wait_sql 60 "SELECT count(*) FROM jobs WHERE id > 20 AND state = 'done'" 6
check_eq "six jobs done by two runners" 6 "$(sql "SELECT count(*) FROM jobs WHERE id > 20 AND state = 'done'")"
check_eq "each on its first attempt" 6 "$(sql "SELECT sum(attempt) FROM jobs WHERE id > 20")"
check_eq "one result per job" 6 "$(sql "SELECT count(*) FROM job_results WHERE job_id > 20")"
check_eq "two samples per job" 12 "$(sql "SELECT count(*) FROM samples WHERE job_id > 20")"
finish
