# SPDX-License-Identifier: GPL-2.0-only
# t0420-build-disk-full: a full disk, on the runner (the build's output)
# and on kpcid (the artifact store), gives the job a clear reason and
# leaves no half-written artifact.  Uses small tmpfs mounts (needs root,
# like the CI machine).
. tests/integration/lib.sh
. tests/integration/build-lib.sh

MOUNTS=""
trap 'for m in $MOUNTS; do umount "$m" 2>/dev/null; done; cleanup' EXIT
small_disk() { # small_disk DIR SIZE
	mkdir -p "$1"
	mount -t tmpfs -o "size=$2" tmpfs "$1" && MOUNTS="$1 $MOUNTS"
}

make_repo "$TMP/repo"
make_kconfig "$TMP/kconfig"
kpcid_ini "$TMP/kpcid.ini" "$TMP/repo"
runner_ini "$TMP/runner.ini" "$TMP/kconfig"
check "a 1 MiB tmpfs for kpcid's artifact store" small_disk "$TMP/data/artifacts" 1m
check "a 2 MiB tmpfs for the runner's work directory" small_disk "$TMP/small" 2m
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)

# The runner's disk fills up: bzImage is padded to 4 MiB.
j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"fragments\":[\"big.frag\"]}")
timeout 120 "$KPCI_BIN/kpci-runner" -c "$TMP/runner.ini" --server "$URL" --token "$RT" --name small \
	--work-dir "$TMP/small" --once > "$TMP/small.log" 2>&1
check_eq "the build fails" "failed|failed" "$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j")"
check_contains "the job says the disk is full" "No space left on device" "$(sql "SELECT reason FROM jobs WHERE id = $j")"
check_eq "nothing was uploaded" 0 "$(sql "SELECT count(*) FROM artifacts")"

# kpcid's store fills up: the same 4 MiB bzImage built on a roomy disk.
j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"fragments\":[\"big.frag\"]}")
run_runner b1 "$TMP/runner.ini"
check_eq "the build fails" "failed|failed" "$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j")"
reason=$(sql "SELECT reason FROM jobs WHERE id = $j")
check_contains "the job says kpcid's store is full" "upload of bzImage failed: kpcid answered 507" "$reason"
check_contains "... naming the cause" "No space left on device" "$reason"
check "no half-written upload is left" test -z "$(ls "$TMP/data/artifacts/tmp")"
check_eq "bzImage is not in the index" 0 "$(sql "SELECT count(*) FROM build_artifacts WHERE name = 'bzImage'")"
check_eq "the artifacts that fitted are whole" "" "$(sql "SELECT sha256 FROM artifacts" | while read -r s; do
	f="$TMP/data/artifacts/$(echo "$s" | cut -c1-2)/$(echo "$s" | cut -c3-)"
	[ "$(sha256sum < "$f" | cut -d' ' -f1)" = "$s" ] || echo "$s"; done)"
finish
