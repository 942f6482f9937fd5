# SPDX-License-Identifier: GPL-2.0-only
# t0440-watch-build-bench: the whole pipeline on one machine.  kpcid
# watches a tree, queues its head as a build candidate, a build runner
# builds it, the build queues a bench job, a bench runner runs it, and
# its samples land in a series the analyzer can read.  fake.config has no
# module support, so wq_flush.ko does not build: a warning on a build that
# stands.  A second tree's bench jobs boot in QEMU: the runner fetches the
# build's bzImage and module by sha256 into its cache, and a corrupted
# artifact in kpcid's store fails the job clearly.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

make_repo "$TMP/repo"
make_kconfig "$TMP/kconfig"
kpcid_ini "$TMP/kpcid.ini" "$TMP/repo" "candidates = head
configs = fake.config
poll_interval = 10
[tree fakeq]
url = $TMP/repo
candidates =
suites = kbench wq-flush
bench_boot = qemu
bench_classes = qemu"
runner_ini "$TMP/runner.ini" "$TMP/kconfig"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)

wait_sql 20 "SELECT count(*) FROM jobs WHERE kind = 'build'" 1
check_eq "the watcher queued the head as a build" "build|$C2|fake.config" \
	"$(sql "SELECT kind, commit_sha, json_extract(spec, '\$.config') FROM jobs WHERE id = 1")"
check_eq "the candidate names the tree's url" "$TMP/repo" \
	"$(sql "SELECT json_extract(spec, '\$.url') FROM jobs WHERE id = 1")"

run_runner builder "$TMP/runner.ini"
check_eq "the build runner exits 0" 0 $?
check_eq "the build is ok" ok "$(sql "SELECT state FROM builds WHERE job_id = 1")"
check_contains "the module that needs CONFIG_MODULES is a warning on the build" \
	"module wq_flush does not build against this tree: The present kernel configuration has modules disabled." \
	"$(sql "SELECT warnings FROM builds WHERE job_id = 1")"
check_eq "its bench job names the kernel and no module" "{}" \
	"$(sql "SELECT json_extract(spec, '\$.modules') FROM jobs WHERE id = 2")"
check_eq "the build queued a kbench job on the host" "bench|kbench|host|$C2" \
	"$(sql "SELECT kind, json_extract(spec, '\$.suite'), json_extract(spec, '\$.boot'), commit_sha FROM jobs WHERE id = 2")"
check_eq "... and leaves iterations and warm-up to the suite file" 1 \
	"$(sql "SELECT json_type(spec, '\$.iterations') IS NULL AND json_type(spec, '\$.warmup') IS NULL FROM jobs WHERE id = 2")"

"$KPCI_BIN/kpci-runner" --server "$URL" --token "$RT" --name bencher --work-dir "$TMP/bencher" \
	--once > "$TMP/bencher.log" 2>&1
check_eq "the bench runner exits 0" 0 $?
check_eq "the bench job is done" done "$(sql "SELECT state FROM jobs WHERE id = 2")"
check_contains "... with the suite file's iterations and warm-up" \
	"5 iterations (up to 5) after 1 warm-up" "$(cat "$TMP/bencher.log")"
check "its samples carry the candidate commit" test \
	"$(sql "SELECT count(*) FROM samples WHERE job_id = 2 AND commit_sha = '$C2'")" -gt 0
check "and the kernel size samples too" test \
	"$(sql "SELECT count(*) FROM samples s JOIN series se ON se.id = s.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.suite = 'kbuild' AND s.commit_sha = '$C2'")" -gt 0

# Tree fakeq: a build by hand without modules, then one with them; their
# bench jobs go to the qemu class.
AT=$(token admin a1)
RUNQ="$TMP/runner-q.ini"
cat > "$RUNQ" <<INI
[runner]
boot_methods = qemu
poll_min = 1
poll_max = 1
[qemu]
accel = tcg
boot_timeout = 20
INI
b2=$(submit_build "{\"kind\":\"build\",\"tree\":\"fakeq\",\"commit\":\"$C2\",\"config\":\"fake.config\"}")
run_runner builder "$TMP/runner.ini"
check_eq "the build without modules queued kbench and wq-flush for class qemu" "bench|kbench|qemu
bench|wq-flush|qemu" "$(sql "SELECT kind, json_extract(spec, '\$.suite'), runner_class FROM jobs WHERE id > $b2 ORDER BY id")"
wq1=$(sql "SELECT id FROM jobs WHERE id > $b2 AND json_extract(spec, '\$.suite') = 'wq-flush'")
sql "SELECT 1" > /dev/null
b3=$(submit_build "{\"kind\":\"build\",\"tree\":\"fakeq\",\"commit\":\"$C2\",\"config\":\"fake.config\",\"fragments\":[\"modules.frag\"]}")
run_runner builder "$TMP/runner.ini"
kb=$(sql "SELECT id FROM jobs WHERE id > $b3 AND json_extract(spec, '\$.suite') = 'kbench'")
wq2=$(sql "SELECT id FROM jobs WHERE id > $b3 AND json_extract(spec, '\$.suite') = 'wq-flush'")
img=$(sql "SELECT json_extract(spec, '\$.kernel.sha256') FROM jobs WHERE id = $kb")
ko=$(sql "SELECT json_extract(spec, '\$.modules.\"wq_flush.ko\"') FROM jobs WHERE id = $kb")
check "the build with modules hands wq_flush.ko to its bench jobs" test -n "$ko"

# the qemu runner takes the older jobs first: kbench, then wq-flush of b2
run_runner qemu "$RUNQ"
kb1=$(sql "SELECT id FROM jobs WHERE id > $b2 AND id < $b3 AND json_extract(spec, '\$.suite') = 'kbench'")
check_eq "the qemu runner fetched the bzImage by sha256 into its cache" "$img" \
	"$(sha256sum "$TMP/qemu/artifacts/$img" | cut -d' ' -f1)"
check_contains "... and booted it (a fake kernel, so QEMU refuses it)" "kbench: " \
	"$(sql "SELECT state || ': ' || reason FROM jobs WHERE id = $kb1")"
check_contains "... the runner says which build it boots" "the kernel of build" "$(cat "$TMP/qemu.log")"
run_runner qemu "$RUNQ"
check_eq "wq-flush of a build without the module fails, naming it" \
	"failed|wq-flush: build $(sql "SELECT id FROM builds WHERE job_id = $b2") has no wq_flush.ko (see the build's warnings: the module did not build against that tree)" \
	"$(sql "SELECT state || '|' || reason FROM jobs WHERE id = $wq1")"

# the kbench job of b3: the module is fetched too, linked for the initramfs
run_runner qemu "$RUNQ"
check_eq "the module is fetched by sha256" "$ko" "$(sha256sum "$TMP/qemu/artifacts/$ko" | cut -d' ' -f1)"
check_eq "... and put by name into the guest's initramfs" "lib/modules/kpci/wq_flush.ko" \
	"$(cpio -it --quiet < "$TMP/qemu/bench/initramfs.cpio" | grep wq_flush)"
check_eq "... whose links are gone after the job (the cache stays)" "" "$(ls "$TMP/qemu/bench/modules")"

# corrupt the stored bzImage; with an empty cache the runner must refuse it
stored="$TMP/data/artifacts/$(echo "$img" | cut -c1-2)/$(echo "$img" | cut -c3-)"
printf 'garbage' | dd of="$stored" bs=1 seek=100 conv=notrunc status=none
rm -rf "$TMP/qemu/artifacts"
run_runner qemu "$RUNQ"
reason=$(sql "SELECT reason FROM jobs WHERE id = $wq2")
echo "# $reason"
check_eq "a corrupted artifact fails the job" failed "$(sql "SELECT state FROM jobs WHERE id = $wq2")"
check_contains "... naming the artifact and its sha256" "cannot fetch bzImage (sha256 $img) from kpcid" "$reason"
check "... and nothing of it is left in the cache" test -z "$(ls "$TMP/qemu/artifacts" 2>/dev/null)"

out=$("$KPCI_BIN/kpci" commits fake)
check_contains "kpci commits lists the tree's head" "sched: one-line change" "$out"
finish
