# SPDX-License-Identifier: GPL-2.0-only
# t0640-bisect-window: a merge window bisected over the whole DAG, two
# probes at a time, across a restart of kpcid.  A real git tree shaped
# like a merge window (v7.3, five "Merge tag" pulls of topic branches of
# three commits each, v7.4-rc1) is watched by the real kpcid; v7.3 and
# -rc1 are measured and the analyzer finds getppid 50% slower between
# them.  The change is bisected automatically ([bisect] settle_seconds =
# 0) with two bench runners free, so each round probes two commits.  The
# planted culprit is the second commit of the third topic branch, a
# commit that is on no first-parent line.  One first-round probe does not
# build (skipped like `git bisect skip` and named in the result); every
# job of the other is lost with its runner (lease expiry), queued again
# ([bisect] retries = 1), then the probe is reported lost and skipped.  kpcid is stopped
# and started again in the middle of the search.  The bisection still
# names the planted commit, never measures a commit twice, and its log
# and result name the two skipped probes.
. tests/integration/lib.sh

REPO=$TMP/linux GIT_CLOCK=1790000000
. tests/integration/git-lib.sh
. tests/integration/bisect-lib.sh
# pull NAME: a topic branch of three commits forked from v7.3, merged by
# "Merge tag 'NAME-for-7.4'".
pull() {
	g checkout -q -b "$1" v7.3
	for i in 1 2 3; do commit "$1: step $i"; done
	g tag -a -m "$1 pull" "$1-for-7.4"
	g checkout -q master
	merge_tag "$1-for-7.4" "Merge tag '$1-for-7.4' of git://git.kernel.org/pub/scm/linux/kernel/git/$1"
}

git init -q -b master "$REPO"
commit "init: the start"
commit "Linux 7.3"
g tag -a -m "Linux 7.3" v7.3
for p in sched wq mm memblock net; do pull "$p"; done
commit "Linux 7.4-rc1"
g tag -a -m "Linux 7.4-rc1" v7.4-rc1
GOOD=$(git -C "$REPO" rev-parse v7.3^0)
RC1=$(git -C "$REPO" rev-parse v7.4-rc1^0)
CULPRIT=$(git -C "$REPO" rev-parse mm~1)
N=$(git -C "$REPO" rev-list --count "$GOOD..$RC1")

TREE_EXTRA="suites = kbench
bench_classes = numa2
bench_boot = qemu" LEASE=2 ATTEMPTS=1 BENCH=2 bisect_ini "$TMP/kpcid.ini" "retries = 1"
BENCH=2 bisect_start
check "the first poll of linux ends" wait_sql 20 "SELECT count(*) FROM commits" 23
for s in $GOOD $GOOD $GOOD $RC1 $RC1 $RC1; do measure "$s"; done
check "the analyzer finds the regression over the window" serve_until 30 \
	"SELECT count(*) FROM changes WHERE good_sha = '$GOOD' AND bad_sha = '$RC1'" 1
check "a bisection opens by itself, and its first round starts" wait_sql 20 \
	"SELECT count(*) FROM bisection_probes WHERE role = 'probe' AND round = 1" 2
check_eq "it is the tree's change, opened automatically over the whole DAG" "auto|$N" \
	"$(sql "SELECT started_by, commits FROM bisections")"
check_eq "its candidates hold the topic commits, not only the merges" 16 \
	"$(sql "SELECT count(*) FROM bisection_commits WHERE subject NOT LIKE 'Merge%'")"
check_eq "two runners free: two probes at once" 2 "$(sql "SELECT parallel FROM bisections")"
set -- $(sql "SELECT sha FROM bisection_probes WHERE role = 'probe' AND round = 1 ORDER BY id")
UNBUILDABLE=$1
LOSE="$2 $2 $2"
NOBUILD=$1 GONE=$2

# --- round 1: one probe does not build, the other's results never come ----
check "round 1 ends: one skipped, one lost" serve_until 60 \
	"SELECT count(*) FROM bisection_probes WHERE round = 1 AND state = 'skipped'" 2
check_contains "the unbuildable probe: its build's first error" \
	"does not build: build" "$(sql "SELECT reason FROM bisection_probes WHERE sha = '$NOBUILD'")"
check_contains "the lost one: queued again twice, then reported" \
	"lost: none of its 3 jobs came back, 1 of them queued again (last: lease expired" \
	"$(sql "SELECT reason FROM bisection_probes WHERE sha = '$GONE'")"
check_eq "  its three jobs failed, none is left queued" "3|0" \
	"$(sql "SELECT SUM(j.state = 'failed'), SUM(j.state IN ('queued', 'running')) FROM bisection_jobs bj
		JOIN jobs j ON j.id = bj.job_id JOIN bisection_probes p ON p.id = bj.probe_id WHERE p.sha = '$GONE'")"
check_eq "an unbuildable probe opens no build-failure change" 0 \
	"$(sql "SELECT count(*) FROM changes WHERE kind = 'build-failure'")"

# --- kpcid stops and starts again in the middle of the search ----------------
check "round 2 starts" wait_sql 20 "SELECT count(*) > 0 FROM bisection_probes WHERE round = 2" 1
stop_kpcid
check_eq "kpcid stopped mid-way, the bisection still running" "running|search" \
	"$(sql "SELECT state, phase FROM bisections")"
BEFORE=$(sql "SELECT count(*) FROM bisection_probes")
start_kpcid -c "$TMP/kpcid.ini"
check "after the restart it goes on to its end" serve_until 90 "SELECT state FROM bisections" done
check_eq "it names the planted commit inside the third topic branch" "$CULPRIT" \
	"$(sql "SELECT culprit_sha FROM bisections")"
check_eq "no commit was probed twice (the restart lost nothing)" 0 \
	"$(sql "SELECT count(*) FROM (SELECT sha FROM bisection_probes WHERE role = 'probe' GROUP BY sha HAVING count(*) > 1)")"
check "the probes of before the restart are still there" test \
	"$(sql "SELECT count(*) FROM bisection_probes")" -ge "$BEFORE"
check "fewer rounds than probes (two at once)" test \
	"$(sql "SELECT rounds < probes FROM bisections")" = 1
R=$(sql "SELECT result FROM bisections")
check_eq "the result names the two skipped probes" "$(printf '%s\n%s' "$NOBUILD" "$GONE" | sort | tr '\n' ' ')" \
	"$(echo "$R" | jq -r '.skipped[].sha' | sort | tr '\n' ' ')"
check_eq "  and the culprit's subject" "mm: step 2" "$(echo "$R" | jq -r .culprit.subject)"
LOG=$(sql "SELECT log FROM bisections")
check_eq "the log holds the skipped probes with why" "does not build lost" \
	"$(echo "$LOG" | jq -r '[.[] | select(.role == "probe" and (.verdict == "does not build" or .verdict == "lost")) | .verdict] | sort | join(" ")')"
check_eq "the bisection's builds queued none of the tree's routine bench jobs" 0 \
	"$(sql "SELECT count(*) FROM jobs j JOIN builds b ON b.id = j.build_id WHERE j.kind = 'bench'
		AND b.bisection_id IS NOT NULL AND j.id NOT IN (SELECT job_id FROM bisection_jobs)")"
check "the builds of the ends did (the tree's suites)" test \
	"$(sql "SELECT count(*) FROM jobs j JOIN builds b ON b.id = j.build_id WHERE j.kind = 'bench'
		AND b.bisection_id IS NULL AND j.id NOT IN (SELECT job_id FROM bisection_jobs)")" -gt 6
check_eq "the bisection's jobs measured into series of their own, which are never analysed" \
	"qemu-x86_64.config@bisect|0" \
	"$(sql "SELECT DISTINCT se.config_name || '|' || se.dirty FROM series se JOIN samples s ON s.series_id = se.id
		JOIN bisection_jobs bj ON bj.job_id = s.job_id")"
check_eq "the changes of the group are culprit-found" "culprit-found" \
	"$(sql "SELECT DISTINCT state FROM changes")"
out=$("$KPCI_BIN/kpci" bisection 1)
check_contains "kpci bisection: the skipped probe and why" "# does not build: build" "$out"
finish
