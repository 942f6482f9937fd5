# SPDX-License-Identifier: GPL-2.0-only
# t0650-revert-build: the build runner's side of a bisection's revert.  A
# build job whose spec names a commit to revert (what the bisector queues
# to measure its culprit's revert on top of the first bad commit; here
# the spec is edited in the database, standing in for it) is built by the
# real kpci-runner from the fake kernel tree with that commit reverted in
# the worktree, not committed; the next build's checkout undoes it.  A
# revert that does not apply fails the build, saying so.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

build_setup
SRC="$TMP/b1/builds/trees/fake--fake.config/src"
# job_of COMMIT REVERT: runs a build of COMMIT (REVERT reverted in it when
# not empty) with kpci-runner --once; prints the job id.
job_of() {
	j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$1\",\"config\":\"fake.config\",\"branch\":\"master\"}")
	[ -n "$2" ] && sqlite3 "$TMP/data/kpci.db" "PRAGMA busy_timeout = 5000;
		UPDATE jobs SET spec = json_set(spec, '\$.revert', '$2') WHERE id = $j" > /dev/null
	run_runner b1 "$TMP/runner.ini"
	echo "$j"
}

j=$(job_of "$C2" "$C2")
check_eq "the build of C2 with C2 reverted is ok" "done|ok" \
	"$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j")"
check_contains "its log says what it reverted" "reverting $C2" \
	"$(curl -s "$URL/api/v1/builds/$(sql "SELECT id FROM builds WHERE job_id = $j")/log")"
check "the worktree holds C1's sched.c: the revert was built" \
	sh -c "git -C '$TMP/repo' show '$C1:kernel/sched.c' | cmp -s - '$SRC/kernel/sched.c'"
check_eq "and nothing was committed: HEAD is C2" "$C2" "$(git -C "$SRC" rev-parse HEAD)"

j=$(job_of "$C2" "")
check_eq "the next build of C2 is ok" ok "$(sql "SELECT state FROM builds WHERE job_id = $j")"
check "its checkout undid the revert" sh -c "git -C '$TMP/repo' show '$C2:kernel/sched.c' | cmp -s - '$SRC/kernel/sched.c'"

j=$(job_of "$C2" "$C1")
check_eq "a revert that does not apply (the root commit) fails the build" "failed|failed" \
	"$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j")"
check_contains "  saying so" "the revert of $(echo "$C1" | cut -c1-12) does not apply on this commit" \
	"$(sql "SELECT error FROM builds WHERE job_id = $j")"
j=$(job_of "$C2" "not-a-commit")
check_contains "a revert that is not a commit id is refused" "the job's revert is not a commit id" \
	"$(sql "SELECT error FROM builds WHERE job_id = $j")"
finish
