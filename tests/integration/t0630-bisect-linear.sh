# SPDX-License-Identifier: GPL-2.0-only
# t0630-bisect-linear: a bisection over a linear history, started by
# hand.  A real git tree of 17 commits watched by the real kpcid; the
# first and the last are measured (3 jobs each, through POST /api/v1/jobs
# and the runner protocol: builds uploaded, results posted) and the
# analyzer finds the 50% getppid regression between them; the tree's
# changes are not bisected automatically ([tree] bisect = false), so
# `kpci bisect` starts one.  Its first probe's job is lost (the runner
# dies with it; the lease runs out): queued again, the probe decides.
# It names the planted commit in log2(15) probes, confirms it against
# its parent with more iterations, measures its revert on top of the
# first bad commit, sets the change culprit-found, and
# the API, `kpci bisections`, `kpci bisection`, the pages and the
# culprit report (dry run, `kpci report`) show its log.
. tests/integration/lib.sh

REPO=$TMP/linux GIT_CLOCK=1790000000
. tests/integration/git-lib.sh
. tests/integration/bisect-lib.sh

git init -q -b master "$REPO"
commit "init: the start"
for i in $(seq 1 16); do commit "sys: change $i"; done
GOOD=$(git -C "$REPO" rev-parse HEAD~15)
CULPRIT=$(git -C "$REPO" rev-parse HEAD~6)
TIP=$(git -C "$REPO" rev-parse HEAD)
PARENT=$(git -C "$REPO" rev-parse "$CULPRIT^")

LEASE=2 ATTEMPTS=1 bisect_ini "$TMP/kpcid.ini" "[alert]
enabled = true
settle_seconds = 0
dry_run_dir = $TMP/dry
base_url = http://kpci.example.org"
echo "bisect = false" >> "$TMP/kpcid.ini"
bisect_start
STARTED=$(date +%s)
check "the first poll of linux ends" wait_sql 20 "SELECT count(*) FROM commits" 17
for s in $GOOD $GOOD $GOOD $TIP $TIP $TIP; do measure "$s"; done
check "the analyzer finds the regression between the two measured commits" serve_until 30 \
	"SELECT count(*) FROM changes WHERE verdict = 'changed' AND good_sha = '$GOOD' AND bad_sha = '$TIP'" 1
CH=$(sql "SELECT id FROM changes")

# --- starting one, and what is refused ------------------------------------
check_contains "POST without a token: refused" "401" \
	"$(curl -s -o /dev/null -w '%{http_code}' -X POST -d '{"change":1}' "$URL/api/v1/bisections")"
check_contains "a change that is not a number: 400" '400 {"error":"change must be the positive id of a change"}' \
	"$(api POST /api/v1/bisections "$AT" '{"change":"one"}')"
check_contains "a change that does not exist: 404" '404 {"error":"change 99 does not exist"}' \
	"$(api POST /api/v1/bisections "$AT" '{"change":99}')"
check_contains "revert must be a boolean" "revert must be true or false" \
	"$(api POST /api/v1/bisections "$AT" "{\"change\":$CH,\"revert\":1}")"
# the bisector looks for changes due a bisection every 5 s: wait for one
# look after the change was found
while [ "$(date +%s)" -lt $((STARTED + 6)) ]; do sleep 0.2; done
check_eq "the tree's changes are not bisected automatically (bisect = false)" 0 \
	"$(sql "SELECT count(*) FROM bisections")"
LOSE_NEXT=1
out=$("$KPCI_BIN/kpci" bisect "$CH" --revert)
check_contains "kpci bisect starts one over the 15 commits" \
	"bisection 1 of change $CH started: 15 commits $(echo "$GOOD" | cut -c1-12)..$(echo "$TIP" | cut -c1-12)" "$out"
check_contains "a second one of the same change: 409" "a bisection of this change's group is running" \
	"$(api POST /api/v1/bisections "$AT" "{\"change\":$CH}")"
check_eq "the change is bisecting" "bisecting" "$(sql "SELECT state FROM changes WHERE id = $CH")"

# --- the search -------------------------------------------------------------
check "the bisection ends" serve_until 90 "SELECT state FROM bisections" done
check_eq "it names the planted commit" "$CULPRIT" "$(sql "SELECT culprit_sha FROM bisections")"
check "in at most log2(15) + 1 probes" test "$(sql "SELECT probes FROM bisections")" -le 5
check_eq "the lost job was queued again, and its probe decided" "1|decided" \
	"$(sql "SELECT retries, state FROM bisection_probes WHERE role = 'probe' ORDER BY id LIMIT 1")"
check_eq "the lost job failed with its lease" 1 \
	"$(sql "SELECT count(*) FROM jobs WHERE state = 'failed' AND reason LIKE 'lease expired%'")"
check_eq "the probes' builds and jobs ran above routine priority" "50" \
	"$(sql "SELECT DISTINCT j.priority FROM bisection_jobs bj JOIN jobs j ON j.id = bj.job_id")"
check_eq "the culprit was confirmed against its parent with twice the iterations" "6|$PARENT" \
	"$(sql "SELECT iterations, (SELECT sha FROM bisection_probes WHERE role = 'parent') FROM bisection_probes WHERE role = 'culprit'")"
check_eq "the change is culprit-found" "culprit-found" "$(sql "SELECT state FROM changes WHERE id = $CH")"
check "its confidence is high" test "$(sql "SELECT confidence > 0.999 FROM bisections")" = 1
LOG=$(sql "SELECT log FROM bisections")
check_eq "the log: the ends, each probe, the confirmation, the revert" \
	"ends probe probe probe probe confirm revert" \
	"$(echo "$LOG" | jq -r '[.[] | .role] | join(" ")')"
check "each probe of the log has its verdict and numbers" test \
	"$(echo "$LOG" | jq '[.[] | select(.role == "probe" and (.verdict == "good" or .verdict == "bad") and (.metrics[0].good | test("%")))] | length')" -ge 3

# --- reading it ---------------------------------------------------------------
B=$(curl -s "$URL/api/v1/bisections/1")
check_eq "GET /api/v1/bisections/1: done, the culprit, its subject" "done $CULPRIT sys: change 10" \
	"$(echo "$B" | jq -r '"\(.state) \(.culprit_sha) \(.culprit_subject)"')"
check_eq "  with the result's confirmation" "confirmed" "$(echo "$B" | jq -r .result.confirmation.verdict)"
check_eq "  and its revert, built on the first bad commit in a config of its own" \
	"restores the good side|$TIP|qemu-x86_64.config@revert-$(echo "$CULPRIT" | cut -c1-12)|$CULPRIT" \
	"$(echo "$B" | jq -r .result.revert.verdict)|$(sql "SELECT b.commit_sha || '|' || b.config_name || '|' ||
		json_extract(b.spec, '$.revert') FROM builds b JOIN bisection_probes p ON p.build_id = b.id
		WHERE p.role = 'revert'")"
check_eq "GET /api/v1/bisections?change=: the change's group" 1 \
	"$(curl -s "$URL/api/v1/bisections?change=$CH" | jq '.bisections | length')"
check_contains "a bad state filter: 400" "query parameter state" "$(api GET '/api/v1/bisections?state=odd')"
check_eq "GET /api/v1/changes/ID carries its bisection" "done" \
	"$(curl -s "$URL/api/v1/changes/$CH" | jq -r .bisection.state)"
out=$("$KPCI_BIN/kpci" bisections)
check_contains "kpci bisections: the culprit" "$(echo "$CULPRIT" | cut -c1-12) sys: change 10" "$out"
out=$("$KPCI_BIN/kpci" bisection 1)
check_contains "kpci bisection: the culprit line" "culprit: $CULPRIT sys: change 10" "$out"
check_contains "  and each probe" "probe   " "$out"
P=$(curl -s "$URL/changes/$CH")
check_contains "the change page: the culprit" '<p id="culprit">Culprit: <code class="sha" title="' "$P"
check_contains "  and the probe log" '<table id="probes">' "$P"
P=$(curl -s "$URL/bisections")
check_contains "/bisections lists it" '<a href="/bisections/1">1</a>' "$P"
check_contains "  with its state" 'class="st-done">done' "$P"
check_contains "/bisections/1: the probes" "against good" "$(curl -s "$URL/bisections/1")"

# --- the culprit report ----------------------------------------------------------
check "a culprit report is made" wait_sql 30 "SELECT count(*) FROM reports WHERE kind = 'culprit' AND commit_sha = '$CULPRIT'" 1
R=$(sql "SELECT id FROM reports WHERE kind = 'culprit'")
out=$("$KPCI_BIN/kpci" report "$R")
check_contains "kpci report: the bisection's range" "bisection ($(echo "$GOOD" | cut -c1-12)..$(echo "$TIP" | cut -c1-12), done):" "$out"
check_contains "  its first round, readable" "  round 1   " "$out"
check_contains "  a probe's numbers" "kbench/getppid: " "$out"
check_contains "  the confirmation" "confirm   $(echo "$CULPRIT" | cut -c1-12) confirmed" "$out"
check_contains "  the revert" "revert    $(echo "$TIP" | cut -c1-12) restores" "$out"
check_contains "  the culprit" "culprit: $CULPRIT" "$out"
finish
