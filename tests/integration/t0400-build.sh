# SPDX-License-Identifier: GPL-2.0-only
# t0400-build: a build job goes from POST /api/v1/jobs through a real
# kpci-runner (git mirror, worktree, .config from a base and fragments,
# make, size, the files the build compiled) into the build record, the
# artifact store, the "kbuild" samples and a queued bench job; a second
# commit rebuilds incrementally.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

build_setup

job=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"fragments\":[\"modules.frag\"],\"branch\":\"master\"}")
check_eq "a build job is queued by hand" 1 "$job"
check_eq "the build row is queued with the job" "queued|fake.config|master" \
	"$(sql "SELECT state, config_name, branch FROM builds WHERE job_id = 1")"
check_eq "the spec names the tree's url from the configuration" "$TMP/repo" \
	"$(sql "SELECT json_extract(spec, '\$.url') FROM jobs WHERE id = 1")"

run_runner b1 "$TMP/runner.ini"
check_eq "kpci-runner --once exits 0" 0 $?
check_eq "job 1 is done" "done" "$(sql "SELECT state FROM jobs WHERE id = 1")"
check_eq "build 1 is ok" "ok" "$(sql "SELECT state FROM builds WHERE id = 1")"
check_eq "vmlinux sizes are those of size(1)" "$(size "$TMP/b1/builds/trees/fake--fake.config/out/vmlinux" | awk 'NR == 2 {print $1 "|" $2 "|" $3}')" \
	"$(sql "SELECT text_size, data_size, bss_size FROM builds WHERE id = 1" )"
check_eq "bzImage size is recorded" "$(stat -c %s "$TMP/b1/builds/trees/fake--fake.config/out/arch/x86/boot/bzImage")" \
	"$(sql "SELECT image_size FROM builds WHERE id = 1")"
check_contains "the compiler and its version are recorded" "gcc" "$(sql "SELECT compiler FROM builds WHERE id = 1")"
check_eq "make -j2" 2 "$(sql "SELECT make_jobs FROM builds WHERE id = 1")"
check "the duration is recorded" test "$(sql "SELECT duration_ms > 0 FROM builds WHERE id = 1")" = 1
check_eq "the fragment made it into .config" "CONFIG_MODULES=y" \
	"$(grep MODULES "$TMP/b1/builds/trees/fake--fake.config/out/.config")"
check_eq "no merge_config warnings" "[]" "$(sql "SELECT warnings FROM builds WHERE id = 1")"

check_eq "five artifacts are linked (wq_flush.ko built against the tree)" \
	".config|System.map|bzImage|module:wq_flush.ko|sources" \
	"$(sql "SELECT group_concat(name, '|') FROM (SELECT name FROM build_artifacts WHERE build_id = 1 ORDER BY name)")"
src_sha=$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = 1 AND name = 'sources'")
check_eq "the sources artifact lists the files the .cmd files name, sorted" \
	"init/main.c kernel/sched.c" \
	"$(curl -s "$URL/api/v1/artifacts/download?sha256=$src_sha" | tr '\n' ' ' | sed 's/ $//')"
img_sha=$(sha256sum "$TMP/b1/builds/trees/fake--fake.config/out/arch/x86/boot/bzImage" | cut -d' ' -f1)
check_eq "bzImage is stored under its sha256" "$img_sha" \
	"$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = 1 AND name = 'bzImage'")"
stored="$TMP/data/artifacts/$(echo "$img_sha" | cut -c1-2)/$(echo "$img_sha" | cut -c3-)"
check "the store holds the file at ab/cdef..." cmp -s "$stored" "$TMP/b1/builds/trees/fake--fake.config/out/arch/x86/boot/bzImage"
check "no upload is left half-written" test -z "$(ls "$TMP/data/artifacts/tmp")"
out=$(api GET "/api/v1/artifacts/download?sha256=$img_sha")
check "the API serves the artifact" test "$(curl -s "$URL/api/v1/artifacts/download?sha256=$img_sha" | sha256sum | cut -d' ' -f1)" = "$img_sha"
"$KPCI_BIN/kpci" artifact "$img_sha" "$TMP/got-bzImage" > /dev/null
check "kpci artifact downloads and verifies it" cmp -s "$TMP/got-bzImage" "$stored"

check_eq "5 kbuild samples are stored" 5 "$(sql "SELECT count(*) FROM samples s JOIN series se ON se.id = s.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.suite = 'kbuild' AND s.job_id = 1")"
check_eq "the bzImage size is a sample of its own series" "$(sql "SELECT image_size FROM builds WHERE id = 1")" \
	"$(sql "SELECT CAST(s.value AS INTEGER) FROM samples s JOIN series se ON se.id = s.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'bzImage-size'")"
check_eq "the series is keyed by the config" "fake.config" \
	"$(sql "SELECT DISTINCT config_name FROM series se JOIN metrics m ON m.id = se.metric_id WHERE m.suite = 'kbuild'")"
check_eq "a bench job of the tree's suite is queued for the build" "bench|kbench|host|1" \
	"$(sql "SELECT kind, json_extract(spec, '\$.suite'), json_extract(spec, '\$.boot'), build_id FROM jobs WHERE id = 2")"

# The handoff: the bench job's spec names exactly what the build made.
OUT1="$TMP/b1/builds/trees/fake--fake.config/out"
check_eq "the module was built with M= against the tree's O= output" \
	"fake module wq_flush vermagic=6.12.0-fake" "$(cat "$TMP/b1/builds/trees/fake--fake.config/modules/wq_flush/wq_flush.ko")"
ko_sha=$(sha256sum "$TMP/b1/builds/trees/fake--fake.config/modules/wq_flush/wq_flush.ko" | cut -d' ' -f1)
check_eq "the build records the kernel release" "6.12.0-fake" \
	"$(sql "SELECT kernel_release FROM builds WHERE id = 1")"
check_eq "the bench spec names the bzImage by sha256 and size" \
	"$img_sha|$(stat -c %s "$OUT1/arch/x86/boot/bzImage")" \
	"$(sql "SELECT json_extract(spec, '\$.kernel.sha256') || '|' || json_extract(spec, '\$.kernel.size') FROM jobs WHERE id = 2")"
check_eq "... the module by name and sha256" "{\"wq_flush.ko\":\"$ko_sha\"}" \
	"$(sql "SELECT json_extract(spec, '\$.modules') FROM jobs WHERE id = 2")"
check_eq "... the kernel release and the build id" "6.12.0-fake|1" \
	"$(sql "SELECT json_extract(spec, '\$.kernel_release') || '|' || json_extract(spec, '\$.build_id') FROM jobs WHERE id = 2")"

out=$(api GET /api/v1/builds/1)
check_contains "GET /api/v1/builds/1 lists the artifacts" '"name":"bzImage"' "$out"
check_contains "GET /api/v1/builds/1 has the state" '"state":"ok"' "$out"
log=$(curl -s "$URL/api/v1/builds/1/log")
check_contains "the build log is served" "CC      init/main.o" "$log"
check "the log is stored compressed" test "$(sql "SELECT length(log) < log_size FROM builds WHERE id = 1")" = 1
out=$("$KPCI_BIN/kpci" builds)
check_contains "kpci builds lists the build" "fake.config" "$out"
out=$("$KPCI_BIN/kpci" build 1)
check_contains "kpci build shows the artifacts" "artifact bzImage      $img_sha" "$out"
check_contains "kpci build shows the sizes" "vmlinux: text $(sql "SELECT text_size FROM builds WHERE id = 1")" "$out"
out=$("$KPCI_BIN/kpci" build-log 1)
check_contains "kpci build-log prints the log" "CC      init/main.o" "$out"
out=$("$KPCI_BIN/kpci" build-log 99 2>&1)
check_contains "kpci build-log of a build without log says so" "build 99 has no log" "$out"

# An incremental rebuild: only the changed file is compiled again.
job=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C2\",\"config\":\"fake.config\",\"fragments\":[\"modules.frag\"],\"branch\":\"master\"}")
check_eq "a second build is queued" 3 "$job"
run_runner b1 "$TMP/runner.ini"
check_eq "build 2 is ok" "ok" "$(sql "SELECT state FROM builds WHERE job_id = 3")"
log=$(curl -s "$URL/api/v1/builds/2/log")
check_contains "the changed file is compiled" "CC      kernel/sched.o" "$log"
case "$log" in *"CC      init/main.o"*) not_ok "the unchanged file is not compiled again" ;;
*) ok "the unchanged file is not compiled again" ;; esac
check_contains "the unchanged .config is not uploaded again" "artifact .config" "$log"
check_contains "... kpcid already had it" "kpcid already has it" "$log"
check_eq "both builds share one .config artifact" 1 \
	"$(sql "SELECT count(DISTINCT sha256) FROM build_artifacts WHERE name = '.config'")"
check_eq "the worktree is at the second commit" "$C2" \
	"$(git -C "$TMP/b1/builds/trees/fake--fake.config/src" rev-parse HEAD)"

# A work directory given as a relative path (make run's var/runner) works.
job=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C2\",\"config\":\"fake.config\",\"branch\":\"master\"}")
(cd "$TMP" && timeout 120 "$KPCI_BIN/kpci-runner" -c "$TMP/runner.ini" --server "$URL" \
	--token "$RT" --name rel --work-dir rel/work --once >> "$TMP/rel.log" 2>&1)
check_eq "a build in a relative work directory is ok" "ok" \
	"$(sql "SELECT state FROM builds WHERE job_id = $job")"
check "its worktree is under that directory" test -d "$TMP/rel/work/builds/trees/fake--fake.config/src"
finish
