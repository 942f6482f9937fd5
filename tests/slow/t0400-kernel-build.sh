# SPDX-License-Identifier: GPL-2.0-only
# t0400-kernel-build (slow): the whole pipeline for real.  Debian's
# linux-source-6.12 becomes a git tree; kpcid gets a build job with the
# shipped configs/kconfig/qemu-x86_64.config; a build runner builds the
# kernel and wq_flush.ko against that tree and uploads both, with the list
# of the tree's files the build compiled (sources); kpcid queues
# the tree's bench jobs (kbench, boot, wq-flush) for the qemu class with
# the build's artifacts in their specs; a qemu runner with no kernel of its
# own fetches them and boots the BUILT kernel with 2 NUMA nodes x 2 CPUs:
# the guest sees 2 nodes, all three suites return samples, and the samples
# carry the 6.12 release and the build id.  Then an incremental rebuild
# with a slowdown planted in mm/memblock.c: its boot suite shows it in the
# early memory phases (memblock-setup, memmap-init) and not in the later
# ones.  Last, a build through a real icecream farm on loopback (root,
# Debian's icecc): the compile jobs run on the farm's other daemon, the
# kernel is the same code as the local build's and boots.  The build
# durations are printed.  Needs the linux-source-6.12
# package (tools/deps.sh).  KPCI_SLOW_CCACHE (make check-slow sets it) is
# the compiler cache shared by the slow run.
. tests/integration/lib.sh

. tests/slow/kernel-lib.sh

# A git tree of the source (a clone of the run's shared repository, only
# mm/ checked out: the build runner checks out its own)
t0=$(date +%s)
kernel_tree "$TMP/linux" mm
C1=$($G rev-parse HEAD)
check "the git tree holds the whole source" test "$($G ls-tree -r HEAD | wc -l)" -gt 80000
echo "# source tree ready in $(( $(date +%s) - t0 )) s"

cat > "$TMP/kpcid.ini" <<INI
[tree linux]
url = $TMP/linux
candidates =
suites = kbench boot wq-flush
bench_boot = qemu
bench_classes = qemu
INI
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)
build_runner_ini "$TMP/runner.ini"
# KPCI_SLOW_CCACHE keeps the compiler cache for the whole slow run and
# between runs (make check-slow defaults it to build/ccache-kernel, which
# the later kernel tests then find warm).
kernel_ccache

build() { # build COMMIT [WORKDIR]: queues and runs one build; prints the job id
	j=$(curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
		--data-binary "{\"kind\":\"build\",\"tree\":\"linux\",\"url\":\"$TMP/linux\",\"commit\":\"$1\",\"config\":\"qemu-x86_64.config\",\"branch\":\"master\"}" \
		"$URL/api/v1/jobs" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
	timeout 2700 "$KPCI_BIN/kpci-runner" -c "$TMP/runner.ini" --server "$URL" --token "$RT" \
		--name builder --work-dir "${2:-$TMP/w}" --once >> "$TMP/runner.log" 2>&1
	echo "$j"
}
OUT="$TMP/w/builds/trees/linux--qemu-x86_64.config/out"

j=$(build "$C1")
check_eq "the full build is ok" "done|ok" "$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j")"
full_ms=$(sql "SELECT duration_ms FROM builds WHERE job_id = $j")
echo "# full build: $((full_ms / 1000)) s ($(sql "SELECT compiler FROM builds WHERE job_id = $j"), make -j$(sql "SELECT make_jobs FROM builds WHERE job_id = $j"))"
check_eq "every symbol the config asks for is in the final .config" "[]" \
	"$(sql "SELECT warnings FROM builds WHERE job_id = $j")"
for sym in CONFIG_SMP=y CONFIG_NUMA=y CONFIG_ACPI_NUMA=y CONFIG_X86_64_ACPI_NUMA=y \
	CONFIG_SERIAL_8250_CONSOLE=y CONFIG_BLK_DEV_INITRD=y CONFIG_MODULES=y \
	CONFIG_PRINTK_TIME=y CONFIG_EVENTFD=y CONFIG_EPOLL=y CONFIG_FUTEX=y CONFIG_VIRTIO_PCI=y CONFIG_VIRTIO_BLK=y CONFIG_DEVTMPFS=y; do
	check "$sym is in the built .config" grep -qx "$sym" "$OUT/.config"
done
check_eq "bzImage, .config, System.map, wq_flush.ko and the sources list are stored" \
	".config|System.map|bzImage|module:wq_flush.ko|sources" \
	"$(sql "SELECT group_concat(name, '|') FROM (SELECT ba.name FROM build_artifacts ba JOIN builds b ON b.id = ba.build_id WHERE b.job_id = $j ORDER BY ba.name)")"
# The files the build compiled, from its .cmd files: what kpcid weighs a
# range against (daemon/analyze/codecheck.c).  The compiles go through ccache with
# CCACHE_BASEDIR (kernel_ccache), which names the headers relative to O=
# ("../src/include/linux/sched.h").
src_sha=$(sql "SELECT ba.sha256 FROM build_artifacts ba JOIN builds b ON b.id = ba.build_id WHERE b.job_id = $j AND ba.name = 'sources'")
"$KPCI_BIN/kpci" artifact "$src_sha" "$TMP/sources" > /dev/null
for f in kernel/sys.c init/main.c include/linux/sched.h arch/x86/entry/syscalls/syscall_64.tbl \
	tools/objtool/check.c; do
	check "the sources list names $f" grep -qx "$f" "$TMP/sources"
done
check "... more than 3,000 of them" test "$(wc -l < "$TMP/sources")" -gt 3000
check_eq "... nothing under Documentation/" 0 "$(grep -c '^Documentation/' "$TMP/sources")"
check_eq "... no generated file, no absolute path" 0 "$(grep -c -e '^/' -e '/generated/' "$TMP/sources")"
check "... sorted and unique" sh -c "LC_ALL=C sort -u '$TMP/sources' | cmp -s - '$TMP/sources'"
echo "# sources: $(wc -l < "$TMP/sources") files, $(wc -c < "$TMP/sources") bytes, $(find "$OUT" -name '.*.cmd' | wc -l) .cmd files read"
grep 'kpci-runner: sources:' "$TMP/w/builds/trees/linux--qemu-x86_64.config/build.log" | sed 's/^/# /'
check "wq_flush.ko is a module for the built kernel" sh -c \
	"modinfo -F vermagic '$TMP/w/builds/trees/linux--qemu-x86_64.config/modules/wq_flush/wq_flush.ko' | grep -q '^$(cat "$OUT/include/config/kernel.release") '"
check "the bzImage is a Linux kernel image" sh -c "file -b '$OUT/arch/x86/boot/bzImage' | grep -q 'Linux kernel x86 boot executable' || od -A n -t x1 -j 514 -N 4 '$OUT/arch/x86/boot/bzImage' | grep -q '48 64 72 53'"
check "vmlinux text size is recorded" test "$(sql "SELECT text_size > 1000000 FROM builds WHERE job_id = $j")" = 1
check_eq "5 kbuild samples" 5 "$(sql "SELECT count(*) FROM samples WHERE job_id = $j")"
echo "# kernel release: $(cat "$OUT/include/config/kernel.release")"
echo "# sizes: $(sql "SELECT 'text ' || text_size || ', data ' || data_size || ', bss ' || bss_size || ', bzImage ' || image_size FROM builds WHERE job_id = $j")"

# The bench jobs the build queued, run by a qemu runner without a kernel
# of its own: it must fetch and boot the built one.
REL=$(cat "$OUT/include/config/kernel.release")
B1=$(sql "SELECT id FROM builds WHERE job_id = $j")
check_eq "the build records its kernel release" "$REL" "$(sql "SELECT kernel_release FROM builds WHERE id = $B1")"
check_eq "kbench, boot and wq-flush are queued for the qemu class with the build's kernel" \
"boot|qemu|$REL|$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = $B1 AND name = 'bzImage'")|1
kbench|qemu|$REL|$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = $B1 AND name = 'bzImage'")|1
wq-flush|qemu|$REL|$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = $B1 AND name = 'bzImage'")|1" \
	"$(sql "SELECT json_extract(spec, '\$.suite'), runner_class, json_extract(spec, '\$.kernel_release'), json_extract(spec, '\$.kernel.sha256'), json_extract(spec, '\$.modules.\"wq_flush.ko\"') IS NOT NULL FROM jobs WHERE build_id = $B1 AND kind = 'bench' ORDER BY 1")"
S="$TMP/suites"
mkdir -p "$S"
cp configs/suites/boot.ini "$S/"
printf '%s\n' "[suite]" "parser = kbench" "rep_ms = 20" "reps = 3" > "$S/kbench.ini"
printf '%s\n' "[suite]" "parser = wq-flush" "wq_ms = 200" > "$S/wq-flush.ini"
cat > "$TMP/qemu.ini" <<INI
[runner]
boot_methods = qemu
poll_min = 1
poll_max = 1
[suites]
dir = $S
[qemu]
nodes = 2
cpus_per_node = 2
memory_mb = 1024
boot_timeout = 300
INI
t0=$(date +%s)
start_runner qemu "$RT" -c "$TMP/qemu.ini" --class qemu
check "the three bench jobs finish" wait_sql 1500 \
	"SELECT count(*) FROM jobs WHERE build_id = $B1 AND kind = 'bench' AND state IN ('done', 'failed')" 3
kill "$RUNNER_PID" 2>/dev/null
wait "$RUNNER_PID" 2>/dev/null
echo "# the three bench jobs in QEMU: $(( $(date +%s) - t0 )) s"
sql "SELECT id, json_extract(spec, '\$.suite'), state, reason FROM jobs WHERE build_id = $B1 AND kind = 'bench'" | sed 's/^/# /'
check_eq "kbench, boot and wq-flush on the built kernel are done" "boot|done
kbench|done
wq-flush|done" "$(sql "SELECT json_extract(spec, '\$.suite'), state FROM jobs WHERE build_id = $B1 AND kind = 'bench' ORDER BY 1")"
for suite in kbench boot wq-flush; do
	jid=$(sql "SELECT id FROM jobs WHERE build_id = $B1 AND kind = 'bench' AND json_extract(spec, '\$.suite') = '$suite'")
	check "$suite returned samples" test "$(sql "SELECT count(*) FROM samples WHERE job_id = $jid AND value > 0")" -gt 0
	check_eq "$suite's samples were taken on the built kernel ($REL, build $B1)" "$REL|$B1" \
		"$(sql "SELECT DISTINCT e.kernel_release || '|' || json_extract(e.env, '\$.kpci_build') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = $jid")"
	check_eq "$suite: the guest saw 2 NUMA nodes" "[[0,1],[2,3]]" \
		"$(sql "SELECT DISTINCT json_extract(e.env, '\$.numa') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = $jid")"
done
check_eq "wq-flush: the 4 scenarios for each iteration" 0 \
	"$(sql "SELECT count(*) % 4 FROM samples WHERE job_id = (SELECT id FROM jobs WHERE build_id = $B1 AND json_extract(spec, '\$.suite') = 'wq-flush')")"
check "the runner fetched the kernel into its cache" test -f \
	"$TMP/qemu/artifacts/$(sql "SELECT sha256 FROM build_artifacts WHERE build_id = $B1 AND name = 'bzImage'")"
check_eq "no QEMU is left running" "" "$(pgrep -f "$TMP/" -a | grep qemu-system || true)"

# A slowdown planted in early memory set-up, rebuilt incrementally in the
# same worktree: memblock_add_range(), the function the Linux 7.4 memblock
# change made fast, waits 20 ms per call (some 25 calls in setup_arch()
# once the clock runs, 20 while the memory map and per-CPU areas are set
# up, none later).
sed -i -e 's|^#include <linux/io.h>$|&\n#include <linux/delay.h>|' \
	-e '/^static int __init_memblock memblock_add_range(/,/^\tif (!size)$/ s|^\tif (!size)$|\tmdelay(20);\t/* kpci: a planted slowdown */\n&|' \
	"$TMP/linux/mm/memblock.c"
check_eq "the slowdown is planted once" 1 "$(grep -c 'kpci: a planted slowdown' "$TMP/linux/mm/memblock.c")"
$G commit -q -am "memblock: a planted slowdown"
C2=$($G rev-parse HEAD)
j2=$(build "$C2")
check_eq "the incremental build is ok" "done|ok" "$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j2")"
inc_ms=$(sql "SELECT duration_ms FROM builds WHERE job_id = $j2")
echo "# incremental build: $((inc_ms / 1000)) s (full: $((full_ms / 1000)) s)"
check "the incremental build takes less than half the full one" test "$((inc_ms * 2))" -lt "$full_ms"
log=$(curl -s "$URL/api/v1/builds/$(sql "SELECT id FROM builds WHERE job_id = $j2")/log")
check_contains "the changed file is compiled again" "CC      mm/memblock.o" "$log"
check_contains "the incremental build lists its sources too" "kpci-runner: sources:" "$log"
check_eq "the incremental build queued its own bench jobs" 3 \
	"$(sql "SELECT count(*) FROM jobs j JOIN builds b ON b.id = j.build_id WHERE b.job_id = $j2 AND j.kind = 'bench'")"

# The boot suite on the slowed kernel: the early memory phases grow many
# times over, the later phases only by the noise of TCG boots on a busy
# host (medians of 3 boots each; ratios, since host load stretches every
# phase alike).
median() { # median JOB METRIC
	sql "SELECT s.value FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = $1 AND m.name = '$2' ORDER BY s.value" |
		awk '{ v[NR] = $1 } END { print NR ? (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) : 0 }'
}
# grown JOB1 JOB2 METRIC FACTOR: 0 when the metric's median grew by FACTOR or more
grown() { awk -v a="$(median "$1" "$3")" -v b="$(median "$2" "$3")" -v f="$4" 'BEGIN { exit !(a > 0 && b >= f * a) }'; }
jb1=$(sql "SELECT id FROM jobs WHERE build_id = $B1 AND kind = 'bench' AND json_extract(spec, '\$.suite') = 'boot'")
jb2=$(sql "SELECT j.id FROM jobs j JOIN builds b ON b.id = j.build_id WHERE b.job_id = $j2 AND j.kind = 'bench' AND json_extract(j.spec, '\$.suite') = 'boot'")
sqlite3 "$TMP/data/kpci.db" "PRAGMA busy_timeout = 5000; UPDATE jobs SET priority = 10 WHERE id = $jb2" > /dev/null
timeout 900 "$KPCI_BIN/kpci-runner" -c "$TMP/qemu.ini" --server "$URL" --token "$RT" \
	--name qemu --class qemu --work-dir "$TMP/qemu" --once >> "$TMP/qemu.log" 2>&1
check_eq "the boot job of the slowed kernel is done" done "$(sql "SELECT state FROM jobs WHERE id = $jb2")"
for m in run-init memblock-setup memmap-init memblock-to-buddy slub-to-smp smp-to-free-initmem; do
	echo "# $m: $(median "$jb1" $m) -> $(median "$jb2" $m) ms"
done
check "memblock-setup grows 3 times or more" grown "$jb1" "$jb2" memblock-setup 3
check "memblock-setup grows by 250 ms or more" awk -v a="$(median "$jb1" memblock-setup)" \
	-v b="$(median "$jb2" memblock-setup)" 'BEGIN { exit !(b - a >= 250) }'
check "memmap-init grows 2 times or more (its per-CPU areas come from memblock)" \
	grown "$jb1" "$jb2" memmap-init 2
not_grown() { ! grown "$@"; }
for m in memblock-to-buddy slub-to-smp smp-to-free-initmem; do
	check "$m does not double" not_grown "$jb1" "$jb2" "$m" 2
done

# A bench job whose spec names another release than the kernel it boots
# (the spec is edited in the database, standing in for a build record
# that lies): the job fails, naming both releases, and keeps no samples.
jk=$(sql "SELECT j.id FROM jobs j JOIN builds b ON b.id = j.build_id WHERE b.job_id = $j2 AND j.kind = 'bench' AND json_extract(j.spec, '\$.suite') = 'kbench'")
sqlite3 "$TMP/data/kpci.db" "PRAGMA busy_timeout = 5000; UPDATE jobs SET spec = json_set(spec, '\$.kernel_release', '6.12.0-not-built', '\$.iterations', 1, '\$.warmup', 0) WHERE id = $jk" > /dev/null
sqlite3 "$TMP/data/kpci.db" "PRAGMA busy_timeout = 5000; UPDATE jobs SET priority = -1 WHERE kind = 'bench' AND state = 'queued' AND id != $jk" > /dev/null
timeout 900 "$KPCI_BIN/kpci-runner" -c "$TMP/qemu.ini" --server "$URL" --token "$RT" \
	--name qemu --class qemu --work-dir "$TMP/qemu" --once >> "$TMP/qemu.log" 2>&1
check_eq "a guest whose release is not the build's fails the job" "failed|0" \
	"$(sql "SELECT state, (SELECT count(*) FROM samples WHERE job_id = $jk) FROM jobs WHERE id = $jk")"
check_contains "... naming both releases" "the guest runs kernel $REL, but build $(sql "SELECT id FROM builds WHERE job_id = $j2") made 6.12.0-not-built" \
	"$(sql "SELECT reason FROM jobs WHERE id = $jk")"
check_eq "the unchanged .config is one artifact for both builds" 1 \
	"$(sql "SELECT count(DISTINCT sha256) FROM build_artifacts WHERE name = '.config'")"

# The same tree through a real icecream farm on this machine (icecc_farm:
# a scheduler, daemon A of the runner compiling nothing, daemon B "the
# other machine").  Both daemons have the address 127.0.0.1, so the
# client is told, as in icecream's tests, that a compile server at its
# own address is another machine (ICECC_TEST_REMOTEBUILD, one of the
# ICECC_* settings icecc_env passes on); the farm's toolchain is the one
# daemon A makes itself on the first compile (icecc-create-env).  What CI
# runs is bounded: a commit that changes no code is built in the same
# worktree with the objects of kernel/ (not of its subdirectories)
# removed and an empty compiler cache, so those compile jobs miss ccache
# and go to the farm; the other objects are up to date (CC is "ccache
# gcc" in both builds, so kbuild does not rebuild them).
# KPCI_ICECC_FULL=1 builds the whole kernel through the farm, cold, in a
# worktree of its own (about as long as a cold local build here).
icecc_farm "$TMP/farm"
mkdir -p "$TMP/k2"
cp "$OUT/vmlinux" "$TMP/k2/"
echo "built through icecream by kpci's tests" >> "$TMP/linux/Documentation/process/howto.rst"
$G commit -q -am "Documentation: a line that changes no code"
C3=$($G rev-parse HEAD)
printf '%s\n' "icecc = true" "icecc_jobs = 4" "icecc_stall = 600" \
	"icecc_env = ICECC_TEST_SOCKET=$TMP/farm/A.sock ICECC_TEST_REMOTEBUILD=1" >> "$TMP/runner.ini"
export CCACHE_DIR="$TMP/ccache-farm"             # empty: every compile misses
if [ -n "${KPCI_ICECC_FULL:-}" ]; then
	WD="$TMP/w-farm"
else
	WD="$TMP/w"
	find "$OUT/kernel" -maxdepth 1 -name '*.o' -delete
fi
t0=$(date +%s)
j3=$(build "$C3" "$WD")
echo "# icecream build ($([ -n "${KPCI_ICECC_FULL:-}" ] && echo full || echo "kernel/ objects")): $(( $(date +%s) - t0 )) s"
B3=$(sql "SELECT id FROM builds WHERE job_id = $j3")
check_eq "the build through icecream is ok" ok "$(sql "SELECT state FROM builds WHERE id = $B3")"
check_eq "its record names icecc, its version, and that the farm compiled" \
	"icecc|$(icecc --version | sed -n 's/^ICECC \([^ ]*\).*/\1/p')|1|" \
	"$(sql "SELECT json_extract(distributed, '\$.tool') || '|' || json_extract(distributed, '\$.version') || '|' || json_extract(distributed, '\$.used') || '|' || IFNULL(json_extract(distributed, '\$.fallback'), '') FROM builds WHERE id = $B3")"
log=$(curl -s "$URL/api/v1/builds/$B3/log")
check_contains "make ran with ccache in front and the farm's -j" "CC=ccache gcc -j4 all (icecream)" "$log"
compiled=$(echo "$log" | grep -c '^  CC  ')
remote=$(grep -c 'Remote compilation completed with exit code 0' "$TMP/farm/B.log")
echo "# $compiled files compiled, $remote compile jobs done by daemon B"
check "files of kernel/ were compiled again" test "$compiled" -gt 20
check "the compile jobs ran on daemon B, the other machine" test "$remote" -ge $((compiled * 8 / 10))
check_eq "daemon A compiled none itself (-m 0)" 0 "$(grep -c 'remote compile for file' "$TMP/farm/A.log")"
OUT3="$WD/builds/trees/linux--qemu-x86_64.config/out"
for k in "$TMP/k2/vmlinux" "$OUT3/vmlinux"; do
	objcopy -O binary --only-section=.text "$k" "$k.text"
done
check "the farm's kernel is the same code as the local one (.text)" \
	cmp -s "$TMP/k2/vmlinux.text" "$OUT3/vmlinux.text"
echo "# .text: $(stat -c %s "$OUT3/vmlinux.text") bytes, sha256 $(sha256sum "$OUT3/vmlinux.text" | cut -c1-16)"
# it boots: the boot job its build queued, one boot, first in the queue
jb3=$(sql "SELECT id FROM jobs WHERE build_id = $B3 AND kind = 'bench' AND json_extract(spec, '\$.suite') = 'boot'")
sqlite3 "$TMP/data/kpci.db" "PRAGMA busy_timeout = 5000; UPDATE jobs SET priority = 20, spec = json_set(spec, '\$.iterations', 1, '\$.warmup', 0) WHERE id = $jb3" > /dev/null
timeout 900 "$KPCI_BIN/kpci-runner" -c "$TMP/qemu.ini" --server "$URL" --token "$RT" \
	--name qemu --class qemu --work-dir "$TMP/qemu" --once >> "$TMP/qemu.log" 2>&1
check_eq "the farm's kernel boots and runs the boot suite, as $REL (build $B3)" "done|$REL|$B3" \
	"$(sql "SELECT j.state || '|' || IFNULL((SELECT DISTINCT e.kernel_release || '|' || json_extract(e.env, '\$.kpci_build') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = j.id), '') FROM jobs j WHERE j.id = $jb3")"
finish
