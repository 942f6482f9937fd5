# SPDX-License-Identifier: GPL-2.0-only
# t0950-history: bench_history (bench/bench_history.c) writes a lab's
# history through kpcid's own db/ functions, at a tiny size here: the
# database holds what was asked (commits, jobs, samples), the analyzer's
# passes found each planted step at its commit, and a kpcid started on it
# answers its pages and API.  bench/bench_history.sh measures kpcid on
# the same kind of database at 1 and 20 million samples.
. tests/integration/lib.sh

GEN=${KPCI_TESTS:-$(pwd)/build/opt/tests}/../bench/bench_history
ASKED=80000
mkdir -p "$TMP/data"
if ! "$GEN" "$TMP/data/kpci.db" "$ASKED" -p 60 -c 2 -w 2 -a > "$TMP/gen.out" 2> "$TMP/gen.err"; then
	cat "$TMP/gen.err"
	not_ok "bench_history writes the database"
	finish
fi
ok "bench_history writes the database"
said() { sed -n "s/^$1 //p" "$TMP/gen.out"; }

samples=$(sql "SELECT count(*) FROM samples")
check_eq "the samples it says it stored are stored" "$(said samples)" "$samples"
check "as many as asked, less than one full build" \
	test "$samples" -le "$ASKED" -a "$samples" -gt $((ASKED - 2 * 30 * 39 - 1))
check_eq "its commits" "$(said commits)" "$(sql "SELECT count(*) FROM commits")"
check_eq "a first-parent line of 122 commits" 122 \
	"$(sql "SELECT count(*) FROM branch_commits")"
check_eq "its jobs, all done" "$(said jobs) $(said jobs)" \
	"$(sql "SELECT count(*) FROM jobs WHERE state = 'done' AND id IN (SELECT job_id FROM job_results)") $(sql "SELECT count(*) FROM job_results")"
check_eq "every merge built (watcher candidate, build record)" 60 \
	"$(sql "SELECT count(*) FROM builds WHERE state = 'ok'")"
check_eq "two runner classes and the builder" "build class00 class01" \
	"$(sql "SELECT group_concat(runner_class, ' ') FROM (SELECT DISTINCT runner_class FROM runners ORDER BY 1)")"
check_eq "the long series has a point per merge" 60 \
	"$(sql "SELECT count(DISTINCT s.job_id) FROM samples s JOIN series se ON se.id = s.series_id
		JOIN metrics m ON m.id = se.metric_id WHERE m.suite = 'boot' AND m.name = 'phase1'")"
check_eq "no series left dirty by the analyzer's passes" 0 \
	"$(sql "SELECT count(*) FROM series WHERE dirty = 1")"

# each planted step is a regression the analyzer found at its commit
found=0
planted=0
while read -r _ cls metric sha; do
	planted=$((planted + 1))
	n=$(sql "SELECT count(*) FROM changes c JOIN series se ON se.id = c.series_id
		JOIN metrics m ON m.id = se.metric_id WHERE se.runner_class = '$cls'
		AND m.suite || '/' || m.name = '$metric' AND c.bad_sha = '$sha'
		AND c.direction = 'regression'")
	if [ "$n" = 1 ]; then found=$((found + 1)); else echo "not found: $cls $metric $sha"; fi
done <<EOF
$(grep '^planted ' "$TMP/gen.out")
EOF
check_eq "the analyzer found the 9 planted steps at their commits" "9 9" "$planted $found"

# the next job, timed in-process, then a job left running per class
"$GEN" -t 3 -c 2 "$TMP/data/kpci.db" > "$TMP/next.out" 2>&1
check_contains "-t times the claim, the result and the analyzer's pass" "analysis_ms " \
	"$(cat "$TMP/next.out")"
check_eq "-t leaves one job running per class" 2 \
	"$(sql "SELECT count(*) FROM jobs WHERE state = 'running'")"

start_kpcid
check "kpcid answers on it" wait_for 20 sh -c "curl -sf '$URL/api/v1/health' > /dev/null"
check "its integrity check finds the file whole" wait_for 60 sh -c \
	"curl -s '$URL/api/v1/health' | grep -q '\"state\": *\"ok\"'"
series=$(sql "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id
	WHERE m.suite = 'boot' AND m.name = 'phase1'")
change=$(sql "SELECT MIN(id) FROM changes WHERE series_id = $series")
base=$(sql "SELECT commit_sha FROM builds ORDER BY id LIMIT 1")
head=$(sql "SELECT commit_sha FROM builds ORDER BY id DESC LIMIT 1")
for p in / /changes "/changes/$change" "/api/v1/changes/$change" "/series/$series" \
	"/api/v1/series/$series" /series /api/v1/trees/linux/windows \
	/api/v1/trees/linux/windows/v6.2/report /trees/linux/windows/v6.2 \
	"/api/v1/compare?base=$base&head=$head" /jobs /runners; do
	check_eq "GET $p" 200 "$(curl -s -o /dev/null -w '%{http_code}' "$URL$p")"
done
check_contains "the windows are the tags' (v6.1, then v6.2's merge window)" '"v6.2"' \
	"$(curl -s "$URL/api/v1/trees/linux/windows")"
finish
