# SPDX-License-Identifier: GPL-2.0-only
# t0620-window-verdicts: a merge window measured at its merges, as a
# kernel lab does it.  A real git tree (a release v7.3, five "Merge tag"
# pulls, v7.4-rc1) watched by the real kpcid; each measured commit gets a
# bench job through POST /api/v1/jobs with tree and commit, 3 iterations,
# whose results go up through the runner protocol with realistic noise:
# every job (boot) moves its metrics by 5-20%, iterations by 2-5%.  The
# wq-flush idle flushes rise 4x at the second merge (an improvement), boot
# run-init 60% at the fourth (a regression); four other metrics do not
# move.  With one job a commit the few-commits stage finds both steps at
# their merges and nothing else; the analyzer then asks for more jobs of
# the inconclusive merges and of both sides of each step, and after they
# ran the changes are the same.  The window report and its page list
# them; /compare of the two sides of a step says changed, of a null pair
# never.  Last, a qemu job of a commit waits for its build.
. tests/integration/lib.sh

REPO=$TMP/linux GIT_CLOCK=1790000000
. tests/integration/git-lib.sh
. tests/integration/window-lib.sh
# pull NAME: a topic branch with one commit merged by "Merge tag 'NAME-for-7.4'".
pull() {
	g checkout -q -b "$1" master
	commit "$1: the change"
	g tag -a -m "$1 pull" "$1-for-7.4"
	g checkout -q master
	merge_tag "$1-for-7.4" \
		"Merge tag '$1-for-7.4' of git://git.kernel.org/pub/scm/linux/kernel/git/$1"
}

git init -q -b master "$TMP/linux"
commit "init: the start"
commit "Linux 7.3"
g tag -a -m "Linux 7.3" v7.3
for p in sched wq mm memblock net; do pull "$p"; done
commit "Linux 7.4-rc1"
g tag -a -m "Linux 7.4-rc1" v7.4-rc1
# The measured commits, in first-parent order: v7.3, the five merges, -rc1.
SHAS=$(git -C "$TMP/linux" rev-list --first-parent --reverse v7.3~0^..master | tail -n 7)
set -- $SHAS
V73=$1 M1=$2 M2=$3 M3=$4 M4=$5 M5=$6 RC1=$7

# The analyzer's own measurement is what this test follows: changes are
# not confirmed here (t0625 tests the confirmation).
cat > "$TMP/kpcid.ini" <<EOF
[analysis]
settle_seconds = 0

[confirm]
enabled = false

[tree linux]
url = $TMP/linux
branches = master
poll_interval = 3600
candidates = head tags window-merges
configs = qemu-x86_64.config
EOF
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin lab)
RT=$(token runner)
export KPCI_TOKEN="$AT"
check "the first poll of linux ends" wait_sql 20 \
	"SELECT count(*) FROM commits c JOIN trees t ON t.id = c.tree_id WHERE t.name = 'linux'" 13
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"numa2","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# body JOB ATTEMPT K: 3 iterations of 6 metrics at commit K.  Each job
# draws a boot factor per metric (log-normal, sd 5-20%), each iteration
# its own (2-5%).  The draws depend on the commit and on how many results
# of it came before (not on the job id, which the order in which kpcid
# queues jobs decides), so that every run sees the same numbers.
mkdir -p "$TMP/nth"
body() {
	nth=$(cat "$TMP/nth/$3" 2>/dev/null || echo 0)
	echo $((nth + 1)) > "$TMP/nth/$3"
	awk -v job="$1" -v attempt="$2" -v k="$3" -v nth="$nth" 'function n() { s = 0; for (q = 0; q < 12; q++) s += rand(); return s - 6 }
	BEGIN {
		srand(k * 7919 + nth * 104729 + 17);
		split("wq-flush idle-percpu flushes/s higher 1000000 2 4 0.05 0.03|" \
		      "wq-flush idle-unbound flushes/s higher 450000 2 4 0.05 0.03|" \
		      "boot run-init ms lower 1800 4 1.6 0.08 0.03|" \
		      "kbench getppid ns lower 320 99 1 0.20 0.02|" \
		      "kbench pipe-pingpong us lower 180 99 1 0.15 0.05|" \
		      "boot memblock ms lower 40 99 1 0.05 0.03", ms, "|");
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":%d,\"status\":\"ok\",", job, attempt;
		printf "\"env\":{\"kernel_release\":\"7.4.0\"},\"samples\":[";
		c = 0;
		for (m = 1; m <= 6; m++) {
			split(ms[m], f, " ");
			level = f[5] * (k >= f[6] ? f[7] : 1) * exp(f[8] * n());
			for (i = 0; i < 3; i++) {
				if (c++) printf ",";
				printf "{\"suite\":\"%s\",\"metric\":\"%s\",\"unit\":\"%s\",\"better\":\"%s\",", f[1], f[2], f[3], f[4];
				printf "\"iteration\":%d,\"value\":%.3f}", i, level * exp(f[9] * n());
			}
		}
		printf "]}";
	}'
}

settled() {
	wait_sql 30 "SELECT count(*) FROM series WHERE dirty = 1" 0
}

# --- each commit measured once -------------------------------------------
for s in $SHAS; do
	out=$(api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"tree\":\"linux\",\"commit\":\"$(echo "$s" | cut -c1-10)\",\"iterations\":3,\"priority\":10}")
	[ "${out%% *}" = 201 ] || not_ok "a bench job of ${s%????????????????????????????} is queued ($out)"
done
check_eq "seven jobs of the seven commits, full ids, in the tree" 7 \
	"$(sql "SELECT count(*) FROM jobs WHERE kind = 'bench' AND length(commit_sha) = 40
		AND tree_id = (SELECT id FROM trees WHERE name = 'linux')
		AND json_extract(spec, '$.commit') = commit_sha")"
for i in 1 2 3 4 5 6 7; do
	out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
	id=$(echo "${out#* }" | jq -r .job.id)
	k=$(index "$(echo "${out#* }" | jq -r .job.spec.commit)")
	check_eq "job $id measures commit $((i - 1)), in order" "$((i - 1))" "$k"
	api POST "/api/v1/jobs/$id/result" "$RT" "$(body "$id" 1 "$k")" > /dev/null
done
check "the analyzer settles" settled
check_eq "the series are ordered by commit, 7 points each" "6|7" \
	"$(sql "SELECT count(*), MIN(points) FROM series WHERE ordered_by = 'commit'")"
CHG="SELECT m.suite || '/' || m.name || ' ' || c.direction || ' ' ||
	(SELECT bc.position FROM commits x JOIN branch_commits bc ON bc.commit_id = x.id
	 WHERE x.sha = c.bad_sha) || ' ' || IFNULL(c.found_by, '?') || ' ' || IFNULL(c.verdict, '?')
	FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m ON m.id = se.metric_id
	ORDER BY m.suite, m.name"
P2=$(sql "SELECT position FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id WHERE c.sha = '$M2'")
P4=$(sql "SELECT position FROM branch_commits bc JOIN commits c ON c.id = bc.commit_id WHERE c.sha = '$M4'")
check_eq "one job a commit: the two steps at the 2nd and 4th merge, nothing else" \
	"boot/run-init regression $P4 commits changed
wq-flush/idle-percpu improvement $P2 commits changed
wq-flush/idle-unbound improvement $P2 commits changed" "$(sql "$CHG")"
check_eq "each change's range is the merge before to its merge" "$M1 $M2" \
	"$(sql "SELECT good_sha || ' ' || bad_sha FROM changes c JOIN series se ON se.id = c.series_id
		JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'idle-percpu'")"
check "the change says why, with its interval" test -n \
	"$(sql "SELECT reason FROM changes WHERE reason LIKE '%beyond the smallest effect%' AND percent_lo IS NOT NULL LIMIT 1")"
check "more jobs were asked for, each with its reason" test \
	"$(sql "SELECT count(*) FROM measure_requests WHERE source = 'analysis' AND state = 'queued'
		AND reason LIKE 'series %: % against % is %'")" -ge 2
check_eq "among them both sides of the wq-flush step (they rest on one job each)" 2 \
	"$(sql "SELECT count(DISTINCT commit_sha) FROM measure_requests WHERE commit_sha IN ('$M1', '$M2')")"

# --- more jobs of the inconclusive commits --------------------------------
for round in 1 2 3 4 5; do
	serve
	settled
	[ "$(sql "SELECT count(*) FROM jobs WHERE kind = 'bench' AND state IN ('queued', 'running')")" = 0 ] && break
done
check_eq "no bench job is left" 0 \
	"$(sql "SELECT count(*) FROM jobs WHERE kind = 'bench' AND state <> 'done'")"
check "no commit got more than 3 jobs of the suite (more_jobs_max)" test \
	"$(sql "SELECT MAX(n) FROM (SELECT count(*) AS n FROM jobs WHERE kind = 'bench' GROUP BY commit_sha)")" -le 3
check "the steps' sides have 2 jobs or more now" test \
	"$(sql "SELECT MIN(n) FROM (SELECT count(*) AS n FROM jobs WHERE kind = 'bench'
		AND commit_sha IN ('$M1', '$M2') GROUP BY commit_sha)")" -ge 2
check_eq "measured again, the changes are the same two steps" \
	"boot/run-init regression $P4
wq-flush/idle-percpu improvement $P2
wq-flush/idle-unbound improvement $P2" \
	"$(sql "$CHG" | cut -d' ' -f1-3)"
check_eq "and their verdicts are changed" "changed" \
	"$(sql "SELECT DISTINCT verdict FROM changes")"

# --- the merge-window report -----------------------------------------------
R=$(curl -s "$URL/api/v1/trees/linux/windows/v7.3/report")
check_eq "report: 1 regression, 2 improvements in 2 groups, 5 of 5 merges measured" \
	"1 2 2 5 5" "$(echo "$R" | jq -r '.summary | "\(.regressions) \(.improvements) \(.groups) \(.merges_measured) \(.merges)"')"
check_eq "report: the wq-flush pull, then the memblock pull" \
	"merge $P2 wq 2 improvement
merge $P4 memblock 1 regression" \
	"$(echo "$R" | jq -r '.groups[] | "\(.kind) \(.position) \(.merges[0].merge_subsystem) \(.changes | length) \(.changes[0].direction)"')"
check_eq "report: every measured commit of the window against the one before" \
	"$P2 $P4" "$(echo "$R" | jq -r '[.measured[] | select(.changed > 0) | .position] | join(" ")')"
check_eq "report: 6 measured commits (5 merges and -rc1), 6 metrics each" "6 6" \
	"$(echo "$R" | jq -r '"\(.measured | length) \([.measured[].metrics] | unique | join(","))"')"
check_eq "report: the changed metrics of the 2nd merge" "idle-percpu,idle-unbound" \
	"$(echo "$R" | jq -r ".measured[] | select(.position == $P2) | [.changes[].metric] | sort | join(\",\")")"
check "report: no merge without a step has a changed metric" test \
	"$(echo "$R" | jq "[.measured[] | select(.position != $P2 and .position != $P4) | .changed] | add")" = 0
P=$(curl -s "$URL/trees/linux/windows/v7.3")
check_contains "page: the summary" '1 regression</span>, <span class="improvement">2 improvements' "$P"
check_contains "page: the measured commits" '<table id="measured">' "$P"
check_contains "page: the changed wq-flush metric under its merge, linking its chart" \
	'">wq-flush/idle-percpu</a> (numa2) +' "$P"
check_contains "page: a change's verdict and why" 'beyond the smallest effect that matters' "$P"

# --- what a maintainer sees of the 4x step: the series' jobs named only a
# tree and a commit, so the series has no branch of its own: its page
# still names the branch whose line orders it, with the merges' subjects.
S=$(sql "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'idle-percpu'")
J=$(curl -s "$URL/api/v1/series/$S?commits=1")
check_eq "series: placed on linux master, every point with its subject and time" \
	"linux master true" "$(echo "$J" | jq -r '"\(.tree) \(.branch) \(all(.points[]; .subject != null and .time > 0))"')"
check_eq "series: two segments around the step, each with its noise" "2 true" \
	"$(echo "$J" | jq -r '"\(.segments | length) \(all(.segments[]; .sd > 0 and .mean > 0))"')"
check "series: each point has its iterations' range" \
	test "$(echo "$J" | jq '[.points[] | select(.min <= .value and .value <= .max)] | length')" -ge 7
check_eq "series: the analyzer keeps each series' points (one a job) for the metrics index" \
	"6|1" "$(sql "SELECT count(*), MIN(json_array_length(spark) = points) FROM series
		WHERE spark IS NOT NULL")"
check_contains "the metrics index draws the kept points" \
	"aria-label=\"the last $(sql "SELECT json_array_length(spark) FROM series WHERE id = $S") points\"" \
	"$(curl -s "$URL/series?q=idle-percpu")"
SP=$(curl -s "$URL/series/$S")
check_contains "series page: the branch named" '<span id="branch">master</span>' "$SP"
check_contains "series page: the merge's subject in the points" \
	"Merge tag 'wq-for-7.4' of git://git.kernel.org/pub/scm/linux/kernel/git/wq" "$SP"
C=$(sql "SELECT c.id FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m
	ON m.id = se.metric_id WHERE m.name = 'idle-percpu'")
check_contains "change: its title names the step and its merge" \
	"wq-flush/idle-percpu +" "$(curl -s "$URL/api/v1/changes/$C" | jq -r .title)"
check_contains "  at the wq pull" "improvement at Merge tag 'wq-for-7.4' of git://" \
	"$(curl -s "$URL/api/v1/changes/$C" | jq -r .title)"

# --- comparisons --------------------------------------------------------------
C=$(curl -s "$URL/api/v1/compare?base=$M1&head=$M2")
check_eq "compare the sides of the wq step: wq-flush changed, improvements" \
	"changed improvement changed improvement" \
	"$(echo "$C" | jq -r '[.metrics[] | select(.metric | startswith("wq-flush")) | "\(.verdict) \(.direction)"] | join(" ")')"
check "  the other metrics are not changed" test \
	"$(echo "$C" | jq '[.metrics[] | select((.metric | startswith("wq-flush") | not) and .verdict == "changed")] | length')" = 0
check "  the change is about +300% with its interval" test \
	"$(echo "$C" | jq '[.metrics[] | select(.metric == "wq-flush/idle-percpu") | select(.change_percent > 250 and .change_percent < 350 and .ci95_percent[0] > 100)] | length')" = 1
for pair in "$M2 $M3" "$M4 $M5" "$M5 $RC1"; do
	set -- $pair
	C=$(curl -s "$URL/api/v1/compare?base=$1&head=$2")
	check_eq "compare a null pair (${1%????????????????????????????????}..${2%????????????????????????????????}): nothing changed" \
		"0 6" "$(echo "$C" | jq -r '"\(.changed) \(.same + .inconclusive)"')"
done
out=$("$KPCI_BIN/kpci" compare-jobs "$M3" "$M4")
check_contains "kpci compare-jobs: boot run-init changed, a regression" "regression   numa2            boot/run-init" "$out"
check_contains "  with the reason" "# changed: +" "$out"

# --- measuring a commit with its build ------------------------------------------
check_eq "a commit the tree does not have: 404" 404 \
	"$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","tree":"linux","commit":"deadbee"}' | cut -d' ' -f1)"
check_contains "a tree kpcid does not follow: 404" "tree nope is not a tree kpcid follows" \
	"$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","tree":"nope","commit":"deadbee"}')"
check_contains "a commit without its tree: 400" "400 {\"error\":\"a bench job of a commit needs tree" \
	"$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","commit":"deadbeef"}')"
out=$(api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"tree\":\"linux\",\"commit\":\"$RC1\",\"boot\":\"qemu\"}")
check_eq "a qemu job of -rc1 waits for its build (queued by the watcher)" "202 waiting" \
	"${out%% *} $(echo "${out#* }" | jq -r .state)"
B=$(echo "${out#* }" | jq -r .build_id)
check_eq "  the build is the watcher's build of -rc1" "$RC1 qemu-x86_64.config" \
	"$(sql "SELECT commit_sha || ' ' || config_name FROM builds WHERE id = $B")"
out=$("$KPCI_BIN/kpci" submit --suite kbench --boot qemu --tree linux --commit "$(echo "$RC1" | cut -c1-12)")
check_contains "kpci submit says so too" "commit $(echo "$RC1" | cut -c1-12) waits for build $B" "$out"
BT=$(token runner builder)
api POST /api/v1/runners/register "$BT" \
	'{"name":"builder","runner_class":"build","capabilities":["build"],"boot_methods":[]}' > /dev/null
BJ=$(sql "SELECT job_id FROM builds WHERE id = $B")
for _ in $(seq 10); do
	out=$(api POST /api/v1/jobs/claim "$BT" '{"runner_id":2}')
	[ "$(echo "${out#* }" | jq -r .job.id)" = "$BJ" ] && break
done
check_contains "the build fails" '{"build_id":' \
	"$(api POST "/api/v1/jobs/$BJ/build" "$BT" '{"runner_id":2,"attempt":1,"state":"failed","error":"error: oops"}')"
check_eq "the jobs waiting for it fail, saying why" "2|build $B ended failed: nothing to measure" \
	"$(sql "SELECT count(*), MIN(reason) FROM measure_requests WHERE build_id = $B AND state = 'failed'")" 
check_contains "a qemu job of a commit whose build failed: 409" "409 {\"error\":\"build $B of" \
	"$(api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"tree\":\"linux\",\"commit\":\"$RC1\",\"boot\":\"qemu\"}")"
finish
