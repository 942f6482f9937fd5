# SPDX-License-Identifier: GPL-2.0-only
# t0450-build-failure: a build of (tree, branch, config) that fails after
# a good one is an entry of the changes list (kind build-failure) with
# the range from the last good commit to the failing one and the first
# error lines; it is listed, shown on the tree's timeline and triaged
# like a regression, and a later good build marks it fixed.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

make_repo "$TMP/repo"
g() { git -C "$TMP/repo" -c user.name=t -c user.email=t@example.org "$@"; }
printf '#error sched.c: broken by <b>a test</b>\n' >> "$TMP/repo/kernel/sched.c"
g commit -q -am "sched: break the build"
C3=$(g rev-parse HEAD)
sed -i '$d' "$TMP/repo/kernel/sched.c"
g commit -q -am "sched: fix the build"
C4=$(g rev-parse HEAD)
make_kconfig "$TMP/kconfig"
kpcid_ini "$TMP/kpcid.ini" "$TMP/repo"
# The watcher fills the timeline; the test queues every build itself.
sed -i 's/^candidates =$/candidates = tags/' "$TMP/kpcid.ini"
runner_ini "$TMP/runner.ini" "$TMP/kconfig"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)
api POST /api/v1/trees/fake/poll "$AT" > /dev/null
wait_sql 20 "SELECT count(*) FROM commits WHERE sha = '$C4'" 1

# build COMMIT [BRANCH]: one build of fake.config, run to its end.
build() {
	submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$1\",\"config\":\"fake.config\",\"branch\":\"${2:-master}\"}" > /dev/null
	run_runner b1 "$TMP/runner.ini"
}
nfail() { sql "SELECT count(*) FROM changes WHERE kind = 'build-failure'"; }

build "$C3" other
check_eq "a failing first build of a branch" failed "$(sql "SELECT state FROM builds WHERE id = 1")"
check_eq "... is no change: nothing was good before" 0 "$(nfail)"

build "$C1"
check_eq "a good build" ok "$(sql "SELECT state FROM builds WHERE id = 2")"
check_eq "... opens no change" 0 "$(nfail)"
build "$C3"
check_eq "the broken commit fails" failed "$(sql "SELECT state FROM builds WHERE id = 3")"
check_eq "a build-failure change is opened" 1 "$(nfail)"
check_eq "its range runs from the last good commit to the failing one" "$C1|$C3|new|regression|3" \
	"$(sql "SELECT good_sha, bad_sha, state, direction, build_id FROM changes WHERE kind = 'build-failure'")"
check_contains "its detail holds the first error lines" "#error sched.c: broken by <b>a test</b>" \
	"$(sql "SELECT detail FROM changes WHERE kind = 'build-failure'")"
check_eq "it lives on the branch's build-failure series" "kbuild|build-failure|fake.config|master" \
	"$(sql "SELECT m.suite, m.name, se.config_name, (SELECT name FROM branches WHERE id = se.branch_id) FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m ON m.id = se.metric_id")"
id=$(sql "SELECT id FROM changes WHERE kind = 'build-failure'")

build "$C3"
check_eq "failing again adds no second change" 1 "$(nfail)"

out=$(api GET "/api/v1/changes?kind=build-failure")
check_contains "/api/v1/changes?kind=build-failure lists it" "\"kind\":\"build-failure\"" "$out"
check_contains "... with its build" '"build_id":3' "$out"
out=$(api GET "/api/v1/changes?kind=perf")
check_contains "kind=perf leaves it out" '"changes":[]' "$out"
out=$(api GET "/api/v1/changes?kind=bogus")
check_contains "an unknown kind is a 400" "400 {\"error\":\"query parameter kind: 'bogus' is not perf or build-failure\"}" "$out"
page=$(curl -s "$URL/changes")
check_contains "/changes shows the build failure as its group's largest change" \
	">build failure</a>" "$page"
page=$(curl -s "$URL/changes?view=metrics")
check_contains "/changes?view=metrics names the kind" \
	'<td class="kind-build-failure">build failure</td>' "$page"
check_contains "... and escapes the first error line" "broken by &lt;b&gt;a test&lt;/b&gt;" "$page"
page=$(curl -s "$URL/changes/$id")
check_contains "/changes/ID shows the error lines" '<pre id="detail">' "$page"
check_contains "... and the range" "$C1" "$page"
check_contains "... and a triage form" 'id="triage"' "$page"
page=$(curl -s "$URL/trees/fake?branch=master")
check_contains "the tree's timeline shows the failed build at its commit" \
	"<a class=\"build-failed\" href=\"/changes/$id\">build 3 failed: fake.config</a>" "$page"

out=$(api POST "/api/v1/changes/$id/triage" "$AT" '{"state":"confirmed","note":"typo"}')
check_contains "it is triaged like a regression" "200" "$out"
check_eq "... and keeps its triage" "confirmed|a1" \
	"$(sql "SELECT state, triaged_by FROM changes WHERE id = $id")"

build "$C4"
check_eq "the fixing commit builds" ok "$(sql "SELECT state FROM builds WHERE id = 5")"
check_eq "the change is marked fixed by it" "fixed|$C4|5" \
	"$(sql "SELECT state, fixed_sha, fixed_build_id FROM changes WHERE id = $id")"
page=$(curl -s "$URL/changes/$id")
check_contains "/changes/ID names the fix" "Fixed by build" "$page"
check_eq "the failure on branch other stays without a change" 1 "$(nfail)"
check_eq "no build was queued but the test's" 5 "$(sql "SELECT count(*) FROM builds")"
finish
