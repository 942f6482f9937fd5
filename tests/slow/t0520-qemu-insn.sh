# SPDX-License-Identifier: GPL-2.0-only
# t0520-qemu-insn: [qemu] instructions = on with real QEMU boots of
# Debian's kernel (as t0500-qemu): a kbench job boots the kernel (TCG or
# KVM, 2 NUMA nodes x 2 CPUs), then once more under TCG -icount on one
# vCPU, and stores NAME.insn (insn/op) beside its time metrics: counts
# that are plausible for a system call and steady from repetition to
# repetition (the guest's clock is its instruction count).  A job on a
# runner with the option off stores none.  t0515 checks the runner's side
# of it with a stand-in for QEMU in `make check`.
. tests/integration/lib.sh

kernel=
for k in $(ls -v /boot/vmlinuz-* 2>/dev/null); do
	[ -r "$k" ] && kernel=$k
done
if [ -z "$kernel" ]; then
	not_ok "a kernel to boot (apt-get install linux-image-amd64)"
	finish
fi
echo "# booting $kernel"

S="$TMP/suites"
mkdir -p "$S"
printf '%s\n' "[suite]" "parser = kbench" "benchmarks = syscall-getppid pipe-pingpong numa-bw-local" \
	"rep_ms = 20" "reps = 3" > "$S/kbench.ini"
runner_ini() {
	cat <<EOF2
[runner]
boot_methods = qemu
poll_min = 1
poll_max = 1
[suites]
dir = $S
[qemu]
kernel = $(readlink -f "$kernel")
nodes = 2
cpus_per_node = 2
memory_mb = 1024
boot_timeout = 300
instructions = $1
EOF2
}
runner_ini on > "$TMP/on.ini"
runner_ini off > "$TMP/off.ini"

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"qemu","runner_class":"on","iterations":2,"warmup":0}' > /dev/null
api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"qemu","runner_class":"off","iterations":2,"warmup":0}' > /dev/null
start_runner q-on "$RT" -c "$TMP/on.ini" --class on
check "the job with instructions = on finishes" \
	wait_sql 600 "SELECT count(*) FROM jobs WHERE id = 1 AND state IN ('done', 'failed')" 1
start_runner q-off "$RT" -c "$TMP/off.ini" --class off
check "the job with instructions = off finishes" \
	wait_sql 300 "SELECT count(*) FROM jobs WHERE id = 2 AND state IN ('done', 'failed')" 1

metrics() {
	sql "SELECT group_concat(name || ':' || unit, ' ') FROM (SELECT DISTINCT m.name, m.unit FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = $1 ORDER BY m.name)"
}
value() {
	sql "SELECT min(s.value) || '|' || max(s.value) || '|' || max(s.spread) FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = $1 AND m.name = '$2'"
}
check_eq "both jobs are done" "done done" "$(sql "SELECT group_concat(state, ' ') FROM (SELECT state FROM jobs ORDER BY id)")"
check_eq "on: each time metric with its instruction count" \
	"numa-bw-local:MB/s numa-bw-local.insn:insn/op pipe-pingpong:ns/op pipe-pingpong.insn:insn/op syscall-getppid:ns/op syscall-getppid.insn:insn/op" \
	"$(metrics 1)"
check_eq "... 2 iterations each" 12 "$(sql "SELECT count(*) FROM samples WHERE job_id = 1")"
log=$(sql "SELECT log FROM job_results WHERE job_id = 1")
echo "# job 1's log: $log"
check_contains "... from the -icount boot, whose seconds the log gives" \
	"the QEMU -icount boot (1 vCPU) gave 6 NAME.insn samples in" "$log"
check_eq "... the environment says so" "qemu-icount" \
	"$(sql "SELECT DISTINCT json_extract(e.env, '\$.kbench_insn') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = 1")"
v=$(value 1 syscall-getppid.insn)
echo "# syscall-getppid.insn min|max|largest spread: $v"
lo=${v%%|*} rest=${v#*|}
hi=${rest%%|*} spread=${rest#*|}
check "a getppid() is 50 to 20000 instructions" awk -v a="$lo" -v b="$hi" 'BEGIN { exit !(a >= 50 && b <= 20000) }'
check "... steady from iteration to iteration (within 5%)" awk -v a="$lo" -v b="$hi" 'BEGIN { exit !(b <= a * 1.05) }'
check "... and from repetition to repetition (spread below 5%)" awk -v s="$spread" 'BEGIN { exit !(s < 5) }'
check_eq "off: the time metrics only" \
	"numa-bw-local:MB/s pipe-pingpong:ns/op syscall-getppid:ns/op" "$(metrics 2)"
check_eq "no QEMU is left running" "" "$(pgrep -f "$TMP/" -a | grep qemu-system || true)"
finish
