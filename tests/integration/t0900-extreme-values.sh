# SPDX-License-Identifier: GPL-2.0-only
# t0900-extreme-values: values the statistics cannot compute with.  An
# upload with one is refused with a sentence naming the field; values
# already in the database (stored before uploads were checked, put in
# here with sqlite3) neither stop kpcid on an anonymous comparison nor
# stall the analyzer: the series that cannot be analysed is marked, said
# once in the log, skipped until it changes, and the next series is
# analysed.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
settle_seconds = 0
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# result JOB METRIC V0 V1: a result of two iterations of kbench/METRIC.
result() {
	printf '{"runner_id":1,"job_id":%s,"attempt":1,"status":"ok","env":{"kernel_release":"6.12.0"},"samples":[' "$1"
	printf '{"suite":"kbench","metric":"%s","unit":"ns","better":"lower","iteration":0,"value":%s},' "$2" "$3"
	printf '{"suite":"kbench","metric":"%s","unit":"ns","better":"lower","iteration":1,"value":%s}]}' "$2" "$4"
}
# job METRIC V0 V1: queues, claims and uploads one job; prints the answer.
job() {
	id=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	api POST "/api/v1/jobs/$id/result" "$RT" "$(result "$id" "$@")"
}

out=$(job big 1e80 3e80)
check_contains "an upload of 1e80 is refused, naming the sample and the bound" \
	'400 {"error":"result: samples[0].value 1e+80 is out of range: a sample is a finite number of magnitude at most 1e+15"}' "$out"
check_eq "nothing of it is stored" 0 "$(sql "SELECT count(*) FROM samples")"
out=$(job big 1e15 -1e15)
check_contains "1e15 is still a value" '200 {"duplicate":false,"samples":2}' "$out"
check_eq "its job is done" done "$(sql "SELECT state FROM jobs WHERE id = 2")"
out=$(job big 1 2)
check_contains "and so is 1" '200' "$out"

# What an older kpcid let in: jobs 2 and 3 hold 1e80 and 3e80 against 1 and 2.
sql_rw() { sqlite3 -cmd ".timeout 10000" "$TMP/data/kpci.db" "$1"; }   # waits for kpcid's writes
# (only once the analyzer is done with the series as it came: a pass that
# read the update would store a noise prior from 1e80, which the
# comparison below reads)
check "the analyzer is done with the series as it came" \
	wait_sql 30 "SELECT count(*) FROM series WHERE dirty = 1" 0
sql_rw "UPDATE samples SET value = CASE iteration WHEN 0 THEN 1e80 ELSE 3e80 END WHERE job_id = 2"
out=$(curl -s -o "$TMP/cmp" -w '%{http_code}' "$URL/api/v1/compare?base=2&head=3")
check_eq "an anonymous comparison of the two jobs answers" 200 "$out"
check_contains "... and says how far apart the sides are (ratios, on the log scale)" \
	'"change_percent":-100.0,"ci95_percent":[-100.0,-100.0]' "$(cat "$TMP/cmp")"
out=$(curl -s -o /dev/null -w '%{http_code}' "$URL/compare?base=2&head=3")
check_eq "the /compare page answers too" 200 "$out"
check "kpcid still runs" kill -0 "$KPCID_PID"

# The analyzer: 200 series of [1e300, 1.7e308] over three jobs, then one
# series with a 50% step.  The first 200 fail once each and are marked;
# the step is found within a few passes.
for j in 4 5 6; do
	api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	awk -v j="$j" 'BEGIN {
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":[", j;
		for (m = 0; m < 200; m++) for (i = 0; i < 2; i++)
			printf "%s{\"suite\":\"huge\",\"metric\":\"m%03d\",\"unit\":\"ns\",\"better\":\"lower\",\"iteration\":%d,\"value\":%d}",
				(m || i) ? "," : "", m, i, 1 + i;
		printf "]}";
	}' > "$TMP/huge.json"
	api POST "/api/v1/jobs/$j/result" "$RT" "$(cat "$TMP/huge.json")" > /dev/null
done
# (the values are made huge behind kpcid's back, so only once the
# analyzer is done with the series as they came: a pass that read them
# before the update would store its result over the update's dirty flag)
check "the analyzer is done with them as they came" \
	wait_sql 30 "SELECT count(*) FROM series WHERE dirty = 1" 0
sql_rw "UPDATE samples SET value = CASE iteration WHEN 0 THEN 1e300 ELSE 1.7e308 END WHERE job_id >= 4; UPDATE series SET dirty = 1 WHERE id IN (SELECT series_id FROM samples WHERE job_id >= 4)"
check "the 200 series are marked as failing" \
	wait_sql 20 "SELECT count(*) FROM series WHERE analysis_error IS NOT NULL AND dirty = 0" 200
why=$(sql "SELECT analysis_error FROM series WHERE analysis_error IS NOT NULL LIMIT 1")
check_contains "with why" "has a sample of 1e+300, beyond what the statistics compute with" "$why"
sleep 3
n=$(grep -c "analysis of series .* failed" "$TMP/kpcid.log")
check_eq "one log line each, not one a second" 200 "$n"
health=$(api GET /api/v1/health)
check_contains "health is degraded, saying why" '"status":"degraded"' "$health"
check_contains "... naming the failing series" 'analysis failed for 200 series' "$health"

# A new series with a 50% step over 12 jobs is analysed meanwhile.
for j in $(seq 7 18); do
	v=100; [ "$j" -gt 12 ] && v=150
	job step "$v" "$v" > /dev/null
done
check "a change is found in the new series" \
	wait_sql 20 "SELECT count(*) > 0 FROM changes c JOIN series s ON s.id = c.series_id JOIN metrics m ON m.id = s.metric_id WHERE m.name = 'step'" 1

# A new sample makes a failing series dirty again: analysed once more.
before=$n
sql_rw "UPDATE series SET dirty = 1 WHERE id = (SELECT id FROM series WHERE analysis_error IS NOT NULL LIMIT 1)"
check "it fails again, once" wait_for 10 sh -c "[ \$(grep -c 'analysis of series .* failed' '$TMP/kpcid.log') -eq $((before + 1)) ]"
finish
