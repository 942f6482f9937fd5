# SPDX-License-Identifier: GPL-2.0-only
# t0800-kcidb: the KCIDB export of a real kpcid.  A tree of 16 commits is
# built (records through the runner protocol) and benchmarked, with a
# 10% step in one metric from commit 10 on, so that the analyzer finds a
# regression.  `kpcid kcidb export --dry-run` prints documents that
# KCIDB's I/O schema v5.3 accepts (Debian's python3-jsonschema): a
# checkout per (tree, commit), a build per build, a DONE test with number
# {value, unit} per (job, metric) with its iterations and direction in
# misc, and the regression as a FAIL test linking the change's page.
# Then kpcid sends them to a loopback stand-in of the submission endpoint
# that answers 503 twice before it accepts: everything arrives once,
# with the Bearer token, and a restarted kpcid sends nothing again but
# the results that are new.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

PY=/usr/bin/python3                 # Debian's, with python3-jsonschema
SCHEMA=$(pwd)/tests/data/kcidb/schema-v5.3.json     # tests/data/kcidb/README.md
if ! $PY -c 'import jsonschema' 2>/dev/null; then
	not_ok "python3-jsonschema is needed (make deps installs it)"
	finish
fi

# 16 commits on master, the first one the fake tree
make_repo "$TMP/repo"
for i in $(seq 3 16); do
	echo "/* $i */" >> "$TMP/repo/kernel/sched.c"
	git -C "$TMP/repo" -c user.name=t -c user.email=t@example.org commit -q -am "sched: step $i"
done
SHAS=$(git -C "$TMP/repo" rev-list --reverse HEAD)
echo secret-kcidb-token > "$TMP/kcidb.token"
# The regressions exported here are the changes uploaded as they are:
# they are not confirmed by measuring them again first (the confirmation's
# hold on the export is tested in tests/unit/test_reports.c).
cat > "$TMP/kpcid.ini" <<INI
[analysis]
settle_seconds = 0
[confirm]
enabled = no
[tree fake]
url = $TMP/repo
candidates =
suites = wq
bench_boot = host
[kcidb]
enabled = false
origin = kpci_test
url = http://127.0.0.1:1/submit
token_file = $TMP/kcidb.token
interval = 2
batch = 8
dashboard_url = https://kpci.example.org/
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin a1)
RT=$(token runner r1)
check "the watcher records the 16 commits" wait_sql 30 "SELECT count(*) FROM branch_commits" 16
RID=$(api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"numa2","capabilities":["bench","build"],"boot_methods":["host"]}' |
	sed 's/^[0-9]* //' | jq .runner_id)

claim() { api POST /api/v1/jobs/claim "$RT" "{\"runner_id\":$RID}" | sed 's/^[0-9]* //' | jq .job.id; }
post() { # post PATH BODY: fails the test on an answer other than 200
	out=$(api POST "$1" "$RT" "$2")
	[ "${out%% *}" = 200 ] || not_ok "POST $1: $out"
}
# wq samples of bench job J: 5 iterations of flush-ns (lower is better)
# around LAT, and ops (higher is better) around 500
wq_result() {
	awk -v job="$1" -v lat="$2" -v rid="$RID" 'BEGIN {
		srand(job * 7919);
		printf "{\"runner_id\":%d,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",", rid, job;
		printf "\"env\":{\"kernel_release\":\"6.12.0\",\"boot_method\":\"host\"},\"samples\":[";
		for (i = 0; i < 5; i++) {
			if (i) printf ",";
			printf "{\"suite\":\"wq\",\"metric\":\"flush-ns\",\"unit\":\"ns\",\"better\":\"lower\",";
			printf "\"iteration\":%d,\"value\":%.3f},", i, lat * (1 + 0.004 * (rand() - 0.5));
			printf "{\"suite\":\"wq\",\"metric\":\"ops\",\"unit\":\"ops/s\",\"better\":\"higher\",";
			printf "\"iteration\":%d,\"value\":%.3f}", i, 500 * (1 + 0.004 * (rand() - 0.5));
		}
		printf "]}";
	}'
}
# build_and_bench SHA LAT: one build job and the bench job it queues
build_and_bench() {
	api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"fake\",\"url\":\"$TMP/repo\",\"commit\":\"$1\",\"config\":\"fake.config\",\"branch\":\"master\"}" > /dev/null
	b=$(claim)
	post "/api/v1/jobs/$b/build" "{\"runner_id\":$RID,\"attempt\":1,\"state\":\"ok\",\"duration_ms\":61000,\"compiler\":\"gcc (Debian 12.2.0-14) 12.2.0\",\"make_jobs\":2,\"text\":1000,\"data\":200,\"bss\":30,\"image_size\":4000,\"kernel_release\":\"6.12.0\"}"
	post "/api/v1/jobs/$b/result" "{\"runner_id\":$RID,\"job_id\":$b,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":[]}"
	j=$(claim)
	post "/api/v1/jobs/$j/result" "$(wq_result "$j" "$2")"
}
i=0
for sha in $SHAS; do
	i=$((i + 1))
	if [ "$i" -lt 10 ]; then build_and_bench "$sha" 1000; else build_and_bench "$sha" 1100; fi
done
check_eq "16 good builds and 16 done bench jobs" "16|16" \
	"$(sql "SELECT (SELECT count(*) FROM builds WHERE state = 'ok'), (SELECT count(*) FROM jobs WHERE kind = 'bench' AND state = 'done')")"
check "the analyzer finds the regression of flush-ns" wait_sql 20 \
	"SELECT count(*) FROM changes c JOIN series s ON s.id = c.series_id JOIN metrics m ON m.id = s.metric_id WHERE m.name = 'flush-ns' AND c.direction = 'regression'" 1
CH=$(sql "SELECT c.id FROM changes c JOIN series s ON s.id = c.series_id JOIN metrics m ON m.id = s.metric_id WHERE m.name = 'flush-ns'")
BAD=$(sql "SELECT bad_sha FROM changes WHERE id = $CH")
check_eq "its first bad commit is commit 10" "$(echo "$SHAS" | sed -n 10p)" "$BAD"

# --dry-run: the documents, valid, and nothing recorded
"$KPCI_BIN/kpcid" -c "$TMP/kpcid.ini" --data-dir "$TMP/data" kcidb export --dry-run > "$TMP/dry.json" 2> "$TMP/dry.err"
check_eq "kcidb export --dry-run succeeds" 0 $?
cat > "$TMP/split.py" <<'EOF'
import json, sys
# the documents are JSON values one after the other
text, dec, docs, i = open(sys.argv[1]).read(), json.JSONDecoder(), [], 0
while True:
    while i < len(text) and text[i].isspace():
        i += 1
    if i >= len(text):
        break
    doc, i = dec.raw_decode(text, i)
    docs.append(doc)
json.dump(docs, open(sys.argv[2], "w"))
EOF
$PY "$TMP/split.py" "$TMP/dry.json" "$TMP/docs.json"
check "every printed document is valid KCIDB I/O v5.3" $PY -c '
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
v = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
docs = json.load(open(sys.argv[2]))
bad = [e.message for d in docs for e in v.iter_errors(d)]
print("\n".join(bad[:5]))
sys.exit(1 if bad or not docs else 0)' "$SCHEMA" "$TMP/docs.json"
all() { jq -c "[.[] | .$1[]] | $2" "$TMP/docs.json"; }
check_eq "batch = 8: two documents for 16 builds" 2 "$(jq length "$TMP/docs.json")"
check_eq "a checkout per (tree, commit), with its sha and branch" "16 16 master" \
	"$(all checkouts 'length') $(all checkouts '[.[].git_commit_hash] | unique | length') $(all checkouts '[.[].git_repository_branch] | unique | .[]' | tr -d '"')"
check_eq "a build per build, PASS, with its compiler and log link" \
	'16 ["PASS"] "gcc (Debian 12.2.0-14) 12.2.0" "https://kpci.example.org/api/v1/builds/1/log"' \
	"$(all builds 'length') $(all builds '[.[].status] | unique') $(all builds '.[0].compiler') $(all builds '.[0].log_url')"
check_eq "each build names its checkout" "true" \
	"$(jq '[.[] | .checkouts[].id] as $c | [.[] | .builds[].checkout_id] | all(. as $x | $c | index($x))' "$TMP/docs.json")"
check_eq "a DONE test per (job, metric): 32, on 16 builds" "32 16" \
	"$(all tests '[.[] | select(.status == "DONE")] | length') $(all tests '[.[] | select(.status == "DONE") | .build_id] | unique | length')"
t=$(all tests '[.[] | select(.status == "DONE" and .path == "kpci.wq.flush-ns")][0]')
check_eq "... with number {value: the median, unit} and iterations and direction in misc" \
	'ns 5 lower true' \
	"$(echo "$t" | jq -r '"\(.number.unit) \(.misc.iterations | length) \(.misc.direction) \(.number.value == (.misc.iterations | sort | .[2]))"')"
check_contains "... and the runner in its environment" '"runner":"lab-1"' "$(echo "$t" | jq -c .environment)"
r=$(all tests '[.[] | select(.status == "FAIL")]')
check_eq "the regression is one failing test on the build of its first bad commit" \
	"1 kpci_test:change-$CH kpci.wq.flush-ns kpci_test:build-10" \
	"$(echo "$r" | jq -r '"\(length) \(.[0].id) \(.[0].path) \(.[0].build_id)"')"
check_eq "... linking the change's page" "https://kpci.example.org/changes/$CH https://kpci.example.org/changes/$CH" \
	"$(echo "$r" | jq -r '"\(.[0].log_url) \(.[0].output_files[0].url)"')"
# 1000 -> 1100 ns with +-0.2% noise a sample: +9.5% to +10.5%
check "... saying what changed" sh -c 'echo "$1" | grep -Eq "regression of wq/flush-ns on numa2: \+(9\.[5-9]|10\.[0-5])%"' \
	_ "$(echo "$r" | jq -r '.[0].comment')"
check_eq "a dry run records nothing" 0 "$(sql "SELECT count(*) FROM kcidb_sent")"
out=$("$KPCI_BIN/kpcid" -c "$TMP/kpcid.ini" --data-dir "$TMP/data" kcidb export --dry-run --force 2>&1)
check_eq "an unknown option is refused" "2 usage: kpcid [-c FILE] kcidb export [--dry-run]" "$? $out"

# The stand-in: 503 twice, then it keeps what is valid.
mkdir -p "$TMP/standin"
$PY tests/integration/kcidb-standin.py "$SCHEMA" secret-kcidb-token "$TMP/standin" 2 \
	> "$TMP/standin.log" 2>&1 &
PIDS="$PIDS $!"
wait_for 10 test -s "$TMP/standin/port"
SPORT=$(cat "$TMP/standin/port")
stop_kpcid
sed -i -e 's/^enabled = false/enabled = true/' -e "s|^url = http://127.0.0.1:1/submit|url = http://127.0.0.1:$SPORT/submit|" "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
check "kpcid delivers everything to the stand-in" wait_sql 30 "SELECT count(*) FROM kcidb_sent" 49
# the stand-in writes its log line after its answer, which kpcid may
# have recorded first
wait_for 10 sh -c 'test "$(wc -l < "$1")" -ge 4' - "$TMP/standin/requests.log" || true
check_eq "after two 503s, each of the two documents once, 65 objects in all" "503 503 200 200 65" \
	"$(awk '{ s = s $1 " "; n += $2 } END { print s n }' "$TMP/standin/requests.log")"
check_contains "the 503s are retried with backoff" "retrying in 2 s" "$(cat "$TMP/kpcid.log")"
check_eq "what arrived: 16 checkouts, 16 builds, 33 tests, no id twice" "16 16 33 65" \
	"$(cat "$TMP"/standin/doc-*.json | jq -s -r '"\([.[].checkouts[]] | length) \([.[].builds[]] | length) \([.[].tests[]] | length) \([.[] | (.checkouts + .builds + .tests)[] | .id] | unique | length)"')"
check_eq "kcidb_sent remembers each by kind" "build|16
checkout|16
regression|1
tests|16" "$(sql "SELECT kind, count(*) FROM kcidb_sent GROUP BY kind ORDER BY kind")"

# A restart sends nothing again; a new result alone is sent.
stop_kpcid
start_kpcid -c "$TMP/kpcid.ini"
sleep 2
check_eq "a restarted kpcid sends nothing it sent before" 4 "$(wc -l < "$TMP/standin/requests.log")"
check_eq "... and its dry run prints nothing" "" \
	"$("$KPCI_BIN/kpcid" -c "$TMP/kpcid.ini" --data-dir "$TMP/data" kcidb export --dry-run)"
api POST /api/v1/jobs "$AT" '{"kind":"build","tree":"fake","url":"'"$TMP/repo"'","commit":"'"$(echo "$SHAS" | sed -n 16p)"'","config":"fake.config","branch":"master","fragments":["modules.frag"]}' > /dev/null
b=$(claim)
post "/api/v1/jobs/$b/build" "{\"runner_id\":$RID,\"attempt\":1,\"state\":\"failed\",\"duration_ms\":3000,\"error\":\"kernel/sched.c:3: error: expected declaration\"}"
post "/api/v1/jobs/$b/result" "{\"runner_id\":$RID,\"job_id\":$b,\"attempt\":1,\"status\":\"failed\",\"reason\":\"build failed\",\"env\":{},\"samples\":[]}"
check "the new build is delivered within the interval" wait_sql 15 "SELECT count(*) FROM kcidb_sent" 50
check_eq "... alone, as a FAIL build with its error, its checkout known already" \
	'0 1 0 FAIL "kernel/sched.c:3: error: expected declaration" 5' \
	"$(jq -r '"\(.checkouts | length) \(.builds | length) \(.tests | length) \(.builds[0].status) \(.builds[0].log_excerpt | tojson)"' "$TMP/standin/doc-3.json") $(wc -l < "$TMP/standin/requests.log")"

# A wrong token: refused, retried, nothing recorded.
echo wrong-token > "$TMP/kcidb.token"
api POST /api/v1/jobs "$AT" '{"kind":"build","tree":"fake","url":"'"$TMP/repo"'","commit":"'"$(echo "$SHAS" | sed -n 15p)"'","config":"fake.config","branch":"master","fragments":["modules.frag"]}' > /dev/null
b=$(claim)
post "/api/v1/jobs/$b/build" "{\"runner_id\":$RID,\"attempt\":1,\"state\":\"timeout\",\"duration_ms\":3000}"
check "a refused token is logged with the endpoint's answer" wait_for 15 \
	grep -q "answered 401: {\"error\": \"bad token\"}" "$TMP/kpcid.log"
check_eq "... and nothing is recorded as sent" 50 "$(sql "SELECT count(*) FROM kcidb_sent")"
echo secret-kcidb-token > "$TMP/kcidb.token"
check "once the token is right again, it is delivered" wait_sql 15 "SELECT count(*) FROM kcidb_sent" 51
check_eq "a timed-out build is an ERROR" ERROR "$(jq -r '.builds[0].status' "$TMP/standin/doc-4.json")"

# Bad configuration: one sentence each.
printf '[kcidb]\norigin = KPCI-Lab\n' > "$TMP/bad.ini"
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/bad.ini" 2>&1)
check_contains "an origin KCIDB would refuse is a configuration error" \
	"[kcidb] origin 'KPCI-Lab' must be lowercase letters, digits and _" "$out"
printf '[kcidb]\nenabled = true\ntoken_file = /x\n' > "$TMP/bad.ini"
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/bad.ini" 2>&1)
check_contains "enabled without url is a configuration error" "[kcidb] enabled needs url" "$out"
finish
