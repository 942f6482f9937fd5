# SPDX-License-Identifier: GPL-2.0-only
# t0600-changes: the analyzer in a real kpcid.  Results uploaded through
# the runner protocol plant a 10% step in two metrics; kpcid finds one
# change per metric in one group, serves them through the API and the
# CLI, lets an admin (and only an admin) triage them, and keeps the
# triage when new results make it analyse the series again.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
settle_seconds = 0
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin lead)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"numa2","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# body JOB AFTER: a result of 5 iterations; AFTER=1 is past the step
# (flush-ns 1000 -> 1100, lower is better; ops 500 -> 550, higher is better).
body() {
	awk -v job="$1" -v after="$2" 'BEGIN {
		srand(job * 7919);
		lat = after ? 1100 : 1000; ops = after ? 550 : 500;
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",", job;
		printf "\"env\":{\"kernel_release\":\"6.12.0\"},\"samples\":[";
		jl = 1 + 0.003 * (rand() + rand() + rand() - 1.5);
		jo = 1 + 0.003 * (rand() + rand() + rand() - 1.5);
		for (i = 0; i < 5; i++) {
			if (i) printf ",";
			printf "{\"suite\":\"wq\",\"metric\":\"flush-ns\",\"unit\":\"ns\",\"better\":\"lower\",";
			printf "\"iteration\":%d,\"value\":%.3f},", i, lat * jl * (1 + 0.004 * (rand() - 0.5));
			printf "{\"suite\":\"wq\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",";
			printf "\"iteration\":%d,\"value\":%.3f}", i, ops * jo * (1 + 0.004 * (rand() - 0.5));
		}
		printf "]}";
	}'
}

# run_jobs FROM TO AFTER: queue, claim and upload jobs FROM..TO.
run_jobs() {
	for j in $(seq "$1" "$2"); do
		api POST /api/v1/jobs "$AT" '{"suite":"wq"}' > /dev/null
		api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
		out=$(api POST /api/v1/jobs/$j/result "$RT" "$(body "$j" "$3")")
		[ "${out%% *}" = 200 ] || echo "upload of job $j: $out"
	done
}

run_jobs 1 25 0
run_jobs 26 40 1
check_eq "5 iterations x 2 metrics x 40 jobs stored" 400 "$(sql "SELECT count(*) FROM samples")"
check "the analyzer visits both dirty series" \
	wait_sql 20 "SELECT count(*) FROM series WHERE dirty = 0 AND analyzed_at IS NOT NULL" 2
check_eq "one change per metric, at the step, in job order" \
	"flush-ns|regression|25|26|new
ops|improvement|25|26|new" \
	"$(sql "SELECT m.name, c.direction, c.good_job_id, c.bad_job_id, c.state FROM changes c
		JOIN series s ON s.id = c.series_id JOIN metrics m ON m.id = s.metric_id ORDER BY m.name")"
check_eq "both are one group" 1 "$(sql "SELECT count(DISTINCT group_id) FROM changes")"
REG=$(sql "SELECT c.id FROM changes c JOIN series s ON s.id = c.series_id
	JOIN metrics m ON m.id = s.metric_id WHERE m.name = 'flush-ns'")
IMP=$(sql "SELECT c.id FROM changes c JOIN series s ON s.id = c.series_id
	JOIN metrics m ON m.id = s.metric_id WHERE m.name = 'ops'")

out=$(api GET "/api/v1/changes?direction=regression")
check_eq "the API lists the regression" "200 $REG 1 25 26 numa2 wq/flush-ns" \
	"$(echo "$out" | sed 's/^[0-9]* //' | jq -r '"\(.changes | length) \(.changes[0].id) \(.changes[0].good_job_id) \(.changes[0].bad_job_id) \(.changes[0].runner_class) \(.changes[0].suite)/\(.changes[0].metric)"' | sed "s/^/${out%% *} /" | awk '{print $1, $3, $2, $4, $5, $6, $7}')"
mag=$(echo "$out" | sed 's/^[0-9]* //' | jq '.changes[0].magnitude * 1000 | round')
check "its magnitude is about +10% ($mag per mille)" test "$mag" -ge 90 -a "$mag" -le 110
out=$(api GET "/api/v1/changes?state=new&runner_class=numa2&metric=wq/ops")
check_eq "filters by state, class and metric" "1 improvement" \
	"$(echo "${out#* }" | jq -r '"\(.changes | length) \(.changes[0].direction)"')"
check_contains "a bad filter is a 400" '400 {"error":"query parameter state: '"'"'open'"'"' is not one of' \
	"$(api GET "/api/v1/changes?state=open")"
out=$(api GET "/api/v1/changes/$REG")
check_eq "one change with the points around it" "200 25 40 26 before:25 after:15" \
	"${out%% *} $(printf '%s' "${out#* }" | jq -r '"\(.point_index) \(.points | length) \(.points[25].job_id) before:\(.n_before) after:\(.n_after)"')"
check_eq "its title names the metric, the change and its direction" "wq/flush-ns + regression" \
	"$(printf '%s' "${out#* }" | jq -r '.title' | sed 's/[0-9.]*%//')"
check_contains "its plain-text summary for a mail names its runner class" "runner class: numa2" \
	"$(printf '%s' "${out#* }" | jq -r '.summary_text')"
check_eq "its group holds both changes of the range" \
	"$(printf '%s\n' "$IMP" "$REG" | sort -n | paste -sd' ')" \
	"$(printf '%s' "${out#* }" | jq -r '[.group[].id] | sort | map(tostring) | join(" ")')"
check_contains "with the noise model of its metric" '"cv_job_percent":' "$out"
check_contains "an unknown change is a 404" '404 {"error":"change 999 does not exist"}' \
	"$(api GET /api/v1/changes/999)"

out=$("$KPCI_BIN/kpci" changes)
check_contains "kpci changes shows the regression" "regression" "$out"
check_contains "of flush-ns" "numa2            wq/flush-ns" "$out"
check_contains "with its job range" "job 25..26" "$out"
check_eq "kpci changes --state new lists two" 3 "$("$KPCI_BIN/kpci" changes --state new | wc -l)"
out=$("$KPCI_BIN/kpci" change "$REG")
check_eq "kpci change marks the first bad point: index 25, job 26" "25 26" \
	"$(echo "$out" | awk '/<- first bad/ {print $1, $2}')"

# Triage: admin only.
check_contains "triage without a token is refused" \
	"401 {\"error\":\"POST /api/v1/changes/$REG/triage needs an admin token\"}" \
	"$(api POST "/api/v1/changes/$REG/triage" "" '{"state":"confirmed"}')"
check_contains "and with a runner token" "403 " \
	"$(api POST "/api/v1/changes/$REG/triage" "$RT" '{"state":"confirmed"}')"
check_eq "a refused triage changes nothing" "new|" \
	"$(sql "SELECT state, IFNULL(triaged_by, '') FROM changes WHERE id = $REG")"
check_contains "an unknown state is a 400" '400 {"error":"state must be one of new, confirmed' \
	"$(api POST "/api/v1/changes/$REG/triage" "$AT" '{"state":"done"}')"
check_contains "a body that is not JSON is a 400" "400 {\"error\":\"the request body is not valid JSON" \
	"$(api POST "/api/v1/changes/$REG/triage" "$AT" 'state=confirmed')"
check_contains "a note that is not a string is a 400" '400 {"error":"note must be a string' \
	"$(api POST "/api/v1/changes/$REG/triage" "$AT" '{"state":"fixed","note":42}')"
check_contains "triage of an unknown change is a 404" '404 {"error":"change 999 does not exist"}' \
	"$(api POST /api/v1/changes/999/triage "$AT" '{"state":"fixed"}')"
check_eq "nothing of the refused triages was stored" "new|" \
	"$(sql "SELECT state, IFNULL(note, '') FROM changes WHERE id = $REG")"
out=$(api POST "/api/v1/changes/$REG/triage" "$AT" '{"state":"confirmed","note":"reproduced by hand"}')
check_contains "an admin confirms the regression" '"state":"confirmed"' "$out"
check_contains "the triage names who" '"triaged_by":"lead"' "$out"
out=$(KPCI_TOKEN=$AT "$KPCI_BIN/kpci" triage "$IMP" wontfix --note "expected")
check_eq "kpci triage sets a state" "change $IMP is now wontfix (triaged by lead)" "$out"
KPCI_TOKEN=$RT "$KPCI_BIN/kpci" triage "$IMP" fixed > "$TMP/out" 2>&1
check_eq "kpci triage with a runner token fails" "1" "$?"
check_contains "saying why" "needs an admin token" "$(cat "$TMP/out")"

# New results: the series are analysed again; the triage stays.
run_jobs 41 48 1
check "the new samples make both series dirty and they are analysed again" \
	wait_sql 20 "SELECT count(*) FROM series WHERE dirty = 0 AND points = 48" 2
check_eq "the triaged changes are kept as the person left them" \
	"$REG|confirmed|lead|reproduced by hand|15
$IMP|wontfix|lead|expected|15" \
	"$(sql "SELECT id, state, triaged_by, note, n_after FROM changes
		ORDER BY direction = 'improvement'")"

# Comparison of two stored jobs.
out=$(api GET "/api/v1/compare?base=job:20&head=job:30&runner_class=numa2")
check_eq "compare reports both metrics" "200 2" "${out%% *} $(echo "${out#* }" | jq '.metrics | length')"
check_contains "with the LKP columns and the jobs a side" '"base":{"jobs":1,"n":5,"mean":' "$out"
check_contains "and a three-way verdict with its reason" '"reason":"' "$out"
check_contains "a bad side is a 400" "400 {\"error\":\"base: 'HEAD~1' is neither a job id" \
	"$(api GET "/api/v1/compare?base=HEAD~1&head=30")"
out=$("$KPCI_BIN/kpci" compare-jobs 20 30 --runner_class numa2)
check_contains "kpci compare-jobs prints the table" "numa2            wq/flush-ns (1/1, 5/5)" "$out"
check_contains "with each verdict's reason" "# changed: " "$out"
check_contains "and a summary line" "inconclusive of 2 metrics (FDR 0.05" "$out"
"$KPCI_BIN/kpci" compare-jobs 20 > /dev/null 2>&1
check_eq "kpci compare-jobs needs two sides" 2 "$?"
out=$("$KPCI_BIN/kpci" noise)
check_contains "kpci noise shows the model per class and metric" "numa2" "$out"

# A withdrawn change (the analyzer's side is in test_analyze): the API
# says so and filters on it; the pages leave it out of the lists but its
# own page says it.  The row is marked here as the analyzer marks it.
sqlite3 "$TMP/data/kpci.db" "UPDATE changes SET withdrawn_at = strftime('%s', 'now') WHERE id = $IMP"
check_eq "withdrawn=1 lists the withdrawn change" "$IMP true" \
	"$(api GET "/api/v1/changes?withdrawn=1" | sed 's/^[0-9]* //' |
		jq -r '"\(.changes | map(.id) | join(",")) \(.changes[0].withdrawn_at > 0)"')"
check_eq "withdrawn=0 lists the live one" "$REG null" \
	"$(api GET "/api/v1/changes?withdrawn=0" | sed 's/^[0-9]* //' |
		jq -r '"\(.changes | map(.id) | join(",")) \(.changes[0].withdrawn_at)"')"
check_contains "a bad withdrawn filter is a 400" '400 {"error":"query parameter withdrawn:' \
	"$(api GET "/api/v1/changes?withdrawn=yes")"
page=$(curl -s "$URL/changes?view=metrics")
check_contains "the changes page lists the live change" "/changes/$REG\"" "$page"
check_eq "but not the withdrawn one" 0 "$(printf '%s' "$page" | grep -c "/changes/$IMP\"")"
check_contains "the withdrawn change's page says so" 'id="withdrawn">withdrawn</strong>' \
	"$(curl -s "$URL/changes/$IMP")"
check_contains "kpci changes --withdrawn 1 marks it" "(withdrawn)" \
	"$("$KPCI_BIN/kpci" changes --withdrawn 1)"
check_contains "kpci change says since when" "withdrawn: at " "$("$KPCI_BIN/kpci" change "$IMP")"
finish
