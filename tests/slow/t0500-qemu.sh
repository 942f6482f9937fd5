# SPDX-License-Identifier: GPL-2.0-only
# t0500-qemu: the qemu boot method for jobs submitted by hand, without a
# build: the runner boots the kernel of its own [qemu] section (the
# fallback; t0400 covers bench jobs that carry a build's kernel).  Boots
# Debian's kernel under QEMU (KVM when /dev/kvm answers its probe, else
# TCG) with 2 NUMA nodes x 2 CPUs and kpci's own initramfs; the guest must
# see 2 nodes, and kbench, boot and wq-flush (the module built here
# against the kernel's headers) must return samples.  A guest that panics
# and one that hangs must give failed jobs with the console's tail while
# the runner goes on.
#
# The kernel: Debian's linux-image-amd64 with linux-headers-amd64
# (tools/deps.sh installs both).
. tests/integration/lib.sh

kernel= headers=
for k in $(ls -v /boot/vmlinuz-* 2>/dev/null); do
	r=${k#/boot/vmlinuz-}
	[ -d "/usr/src/linux-headers-$r" ] && kernel=$k headers=/usr/src/linux-headers-$r
done
if [ -z "$kernel" ]; then
	not_ok "a kernel with headers to boot (apt-get install linux-image-amd64 linux-headers-amd64)"
	finish
fi
echo "# booting $kernel (headers $headers)"

# the wq-flush module, out of tree
cp -r runners/guest/wq_flush "$TMP/mod"
make -s -C "$headers" M="$TMP/mod" modules > "$TMP/mod.log" 2>&1
check "wq_flush.ko builds against $headers" test -r "$TMP/mod/wq_flush.ko"
mkdir -p "$TMP/modules"
cp "$TMP/mod/wq_flush.ko" "$TMP/modules/"

S="$TMP/suites"
mkdir -p "$S"
cp configs/suites/boot.ini "$S/"
printf '%s\n' "[suite]" "parser = kbench" "rep_ms = 20" "reps = 3" > "$S/kbench.ini"
printf '%s\n' "[suite]" "parser = wq-flush" "wq_ms = 200" > "$S/wq-flush.ini"

runner_ini() {
	cat <<EOF2
[runner]
boot_methods = qemu host
poll_min = 1
poll_max = 1
[suites]
dir = $S
[qemu]
kernel = $(readlink -f "$kernel")
modules_dir = $TMP/modules
nodes = 2
cpus_per_node = 2
memory_mb = 1024
boot_timeout = ${2:-240}
cmdline = $1
EOF2
}
runner_ini "" > "$TMP/good.ini"
runner_ini "rdinit=/no/such/init" > "$TMP/panic.ini"
runner_ini "rdinit=/bin/sh" 15 > "$TMP/hang.ini"

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"qemu","runner_class":"good","iterations":2,"warmup":0}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"boot","boot":"qemu","runner_class":"good","iterations":2,"warmup":0}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"wq-flush","boot":"qemu","runner_class":"good","iterations":2,"warmup":1}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"qemu","runner_class":"panics","iterations":1}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"qemu","runner_class":"hangs","iterations":1}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"host","runner_class":"hangs","iterations":1,"warmup":0}' > /dev/null

start_runner q1 "$RT" -c "$TMP/good.ini" --class good
start_runner q2 "$RT" -c "$TMP/panic.ini" --class panics
start_runner q3 "$RT" -c "$TMP/hang.ini" --class hangs
check "all 6 jobs finish" wait_sql 280 "SELECT count(*) FROM jobs WHERE state IN ('done', 'failed')" 6

check_eq "kbench, boot and wq-flush in the guest are done" "1|done
2|done
3|done" "$(sql "SELECT id, state FROM jobs WHERE id <= 3 ORDER BY id")"
check_eq "the guest saw 2 NUMA nodes" "[[0,1],[2,3]]" \
	"$(sql "SELECT DISTINCT json_extract(e.env, '\$.numa') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = 1")"
accel=$(sql "SELECT DISTINCT json_extract(e.env, '\$.accel') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = 1")
case "$accel" in kvm|tcg) ok "the accelerator is recorded ($accel)" ;; *) not_ok "accelerator: '$accel'" ;; esac
check_eq "the guest's kernel is recorded, not the host's" \
	"$(python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); o=d[0x20e]|d[0x20f]<<8; print(d[o+0x200:o+0x300].split(b" ")[0].decode())' "$kernel")" \
	"$(sql "SELECT DISTINCT e.kernel_release FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = 1")"
check_eq "kbench measured NUMA remote bandwidth in the guest" 2 \
	"$(sql "SELECT count(*) FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = 1 AND m.name = 'numa-bw-remote' AND s.value > 0")"
check_eq "kbench: all 13 benchmarks x 2 iterations" 26 "$(sql "SELECT count(*) FROM samples WHERE job_id = 1")"
check_eq "boot: run-init and 5 markers x 2 boots" 12 "$(sql "SELECT count(*) FROM samples WHERE job_id = 2")"
check_eq "boot: run-init is positive" 0 "$(sql "SELECT count(*) FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = 2 AND m.name = 'run-init' AND s.value <= 0")"
check_eq "wq-flush: the 4 scenarios x 2 iterations, flushes/s > 0" 8 \
	"$(sql "SELECT count(*) FROM samples WHERE job_id = 3 AND value > 0")"
check_eq "a panicking guest fails its job" failed "$(sql "SELECT state FROM jobs WHERE id = 4")"
reason=$(sql "SELECT reason FROM jobs WHERE id = 4")
check_contains "... saying it stopped early" "stopped before reporting KPCI-DONE" "$reason"
check_contains "... with the console tail" "Kernel panic" "$reason"
check_eq "a hanging guest fails its job" failed "$(sql "SELECT state FROM jobs WHERE id = 5")"
check_contains "... at the boot timeout" "did not finish within 15 s" "$(sql "SELECT reason FROM jobs WHERE id = 5")"
check_eq "and that runner goes on to its next job" done "$(sql "SELECT state FROM jobs WHERE id = 6")"
check_eq "the jobs by hand record no kpci build" "" \
	"$(sql "SELECT DISTINCT json_extract(e.env, '\$.kpci_build') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id <= 3")"
check_eq "no QEMU is left running" "" "$(pgrep -f "$TMP/" -a | grep qemu-system || true)"
finish
