# SPDX-License-Identifier: GPL-2.0-only
# t0430-build-crash: the runner is killed (SIGKILL) in the middle of a
# build.  The job's lease runs out and it is requeued; the next runner on
# that work directory finds the stamp of the interrupted build, kills the
# make left behind, removes its half-written outputs, and the build of
# that worktree succeeds.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

make_repo "$TMP/repo"
make_kconfig "$TMP/kconfig"
LEASE=3 kpcid_ini "$TMP/kpcid.ini" "$TMP/repo"
runner_ini "$TMP/runner.ini" "$TMP/kconfig"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)
W="$TMP/k1/builds/trees/fake--fake.config"

j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"fragments\":[\"slow.frag\"]}")
start_runner k1 "$RT" -c "$TMP/runner.ini"
check "the build reaches the (slow) link" wait_for 30 grep -q "LD      vmlinux" "$W/build.log"
kill -9 "$RUNNER_PID"
wait "$RUNNER_PID" 2>/dev/null
check "the stamp of the build in progress is left behind" test -s "$W/building"
pgid=$(cat "$W/building")
check "the make of the killed runner still runs" env kill -0 -- "-$pgid"
check "its lease runs out and the job is requeued" \
	wait_sql 20 "SELECT state || '|' || attempt FROM jobs WHERE id = $j" "queued|1"
check_contains "... with the reason" "requeued: the lease of attempt 1 expired" \
	"$(sql "SELECT reason FROM jobs WHERE id = $j")"

run_runner k1 "$TMP/runner.ini"
check_eq "the second attempt finishes the job" "done|2" "$(sql "SELECT state, attempt FROM jobs WHERE id = $j")"
check_eq "the build is ok" "ok" "$(sql "SELECT state FROM builds WHERE job_id = $j")"
log=$(curl -s "$URL/api/v1/builds/$(sql "SELECT id FROM builds WHERE job_id = $j")/log")
check_contains "the runner repaired the worktree" "repairing the worktree after an interrupted build" "$log"
check_contains "... and killed the make left behind" "killed the leftover make (process group $pgid)" "$log"
check "the old make is gone" sh -c "! env kill -0 -- -$pgid 2>/dev/null"
check "no stamp is left" test ! -e "$W/building"
check "vmlinux is a whole ELF file" size "$W/out/vmlinux"
check_eq "the worktree is clean" "" "$(git -C "$W/src" status --porcelain)"
finish
