# SPDX-License-Identifier: GPL-2.0-only
# t0515-qemu-insn: [qemu] instructions = on (runners/boot_icount.c) with a
# stand-in for QEMU, so it runs in seconds: a script that writes the
# console kpci's guest init would write, its kbench run by the real static
# kpci-kbench on this host with the arguments init derives from the
# kernel command line (kpci.icount=1 -> CLOCK 2, the clock counting
# instructions).  With the option on, a kbench job stores NAME.insn
# (insn/op, lower is better) beside its time metrics from a second boot
# under -icount on one vCPU; off, it stores none and boots once; when the
# -icount boot fails or hangs (until a 10 s boot_timeout) the time
# metrics stay and the job's log says why; a guest whose own counter
# counted gets no second boot.  The real boots under QEMU are
# tests/slow/t0520-qemu-insn.sh's.
. tests/integration/lib.sh

S="$TMP/suites"
mkdir -p "$S"
printf '%s\n' "[suite]" "parser = kbench" "benchmarks = syscall-getppid sched-yield" \
	"rep_ms = 2" "reps = 3" > "$S/kb.ini"
printf 'not a kernel\n' > "$TMP/bzImage"

# The stand-in, one copy per runner, each noting its calls: behaviour by
# its name (qemu-broken fails under -icount, qemu-vpmu's guest counts
# instructions itself).
cat > "$TMP/qemu-on" <<EOF2
#!/bin/sh
me=\${0##*/}
echo "\$*" >> "$TMP/calls-\$me"
console= append= icount=0 smp=
while [ \$# -gt 0 ]; do
	case "\$1" in
	-serial) console=\${2#file:}; shift ;;
	-append) append=\$2; shift ;;
	-smp) smp=\$2; shift ;;
	-icount) icount=1; shift ;;
	esac
	shift
done
iter=1 warmup=0 rep_ms=2 reps=3 bench=all kicount=0 tsc=
for arg in \$append; do
	case "\$arg" in
	kpci.iter=*) iter=\${arg#kpci.iter=} ;;
	kpci.warmup=*) warmup=\${arg#kpci.warmup=} ;;
	kpci.rep_ms=*) rep_ms=\${arg#kpci.rep_ms=} ;;
	kpci.reps=*) reps=\${arg#kpci.reps=} ;;
	kpci.bench=*) bench=\${arg#kpci.bench=} ;;
	kpci.icount=*) kicount=\${arg#kpci.icount=} ;;
	tsc_early_khz=*) tsc=\${arg#tsc_early_khz=} ;;
	esac
done
clock=0
[ "\$kicount" = 1 ] && clock=2
{
	echo "KPCI-ENV kernel_release 6.12.0-fake"
	if [ "\$icount" = 1 ] && [ "\$me" = qemu-broken ]; then
		echo "Kernel panic - not syncing: smp bring-up"
		exit 1
	fi
	if [ "\$icount" = 1 ] && [ "\$me" = qemu-hang ]; then
		echo "x86: Booting SMP configuration:"
		exec sleep 120
	fi
	# the guest's TSC under -icount shift=0 is 1 GHz; one vCPU
	if [ "\$icount" = 1 ] && { [ "\$tsc" != 1000000 ] || [ "\$smp" != 1 ]; }; then
		echo "KPCI-ERROR tsc_early_khz=\$tsc smp=\$smp under -icount"
	fi
	"$KPCI_BIN/guest/bin/kpci-kbench" "\$iter" "\$warmup" "\$iter" 0 "\$rep_ms" "\$reps" -2 \
		"\$clock" "\$bench" | if [ "\$me" = qemu-vpmu ]; then
		sed 's/"metric":"\([a-z-]*\)","unit":"ns\/op"/&/p; s/"metric":"\([a-z-]*\)","unit":"ns\/op"/"metric":"\1.insn","unit":"insn\/op"/'
	else
		cat
	fi
	echo "KPCI-DONE ok"
} > "\$console"
EOF2
chmod +x "$TMP/qemu-on"
for q in off broken hang vpmu; do cp "$TMP/qemu-on" "$TMP/qemu-$q"; done

runner_ini() {
	cat <<EOF2
[runner]
boot_methods = qemu
poll_min = 1
poll_max = 1
[suites]
dir = $S
[qemu]
binary = $TMP/$1
kernel = $TMP/bzImage
accel = tcg
pin_vcpus = off
boot_timeout = ${3:-60}
instructions = $2
EOF2
}
runner_ini qemu-on on > "$TMP/on.ini"
runner_ini qemu-off off > "$TMP/off.ini"
runner_ini qemu-broken on > "$TMP/broken.ini"
runner_ini qemu-hang on 10 > "$TMP/hang.ini"
runner_ini qemu-vpmu on > "$TMP/vpmu.ini"

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
for class in on off broken hang vpmu; do
	api POST /api/v1/jobs "$AT" "{\"suite\":\"kb\",\"boot\":\"qemu\",\"runner_class\":\"$class\",\"iterations\":2,\"warmup\":0}" > /dev/null
done
start_runner q-on "$RT" -c "$TMP/on.ini" --class on
start_runner q-off "$RT" -c "$TMP/off.ini" --class off
start_runner q-broken "$RT" -c "$TMP/broken.ini" --class broken
start_runner q-hang "$RT" -c "$TMP/hang.ini" --class hang
start_runner q-vpmu "$RT" -c "$TMP/vpmu.ini" --class vpmu
check "all 5 jobs finish" wait_sql 120 "SELECT count(*) FROM jobs WHERE state IN ('done', 'failed')" 5

job() { sql "SELECT id FROM jobs WHERE runner_class = '$1'"; }
metrics() {
	sql "SELECT group_concat(name || ':' || unit || ':' || direction, ' ') FROM (SELECT DISTINCT m.name, m.unit, m.direction FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = $(job "$1") ORDER BY m.name)"
}
count() {
	sql "SELECT count(*) FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE s.job_id = $(job "$1") AND m.name LIKE '$2'"
}
joblog() { sql "SELECT log FROM job_results WHERE job_id = $(job "$1")"; }
insn_env() {
	sql "SELECT DISTINCT json_extract(e.env, '\$.kbench_insn') FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = $(job "$1")"
}
boots() { wc -l < "$TMP/calls-qemu-$1" | tr -d ' '; }
icount_args() { grep -- '-icount' "$TMP/calls-qemu-$1" || true; }

check_eq "every job is done" "done done done done done" \
	"$(sql "SELECT group_concat(state, ' ') FROM (SELECT state FROM jobs ORDER BY id)")"
check_eq "on: the time metrics and their instruction counts" \
	"sched-yield:ns/op:lower sched-yield.insn:insn/op:lower syscall-getppid:ns/op:lower syscall-getppid.insn:insn/op:lower" \
	"$(metrics on)"
check_eq "... 2 iterations of each .insn metric" 4 "$(count on '%.insn')"
check_eq "... and of each time metric, kept" 4 "$(( $(count on '%') - $(count on '%.insn') ))"
check_eq "... from a second boot" 2 "$(boots on)"
check_contains "... under -icount" "-icount shift=0,sleep=off" "$(icount_args on)"
check_contains "... on one vCPU" "-smp 1 " "$(icount_args on)"
check_contains "... whose guest was told its clock counts instructions" "kpci.icount=1" \
	"$(icount_args on)"
check_eq "... the environment says where the counts come from" "qemu-icount" "$(insn_env on)"
check_contains "... and the job's log what the second boot gave" \
	"the QEMU -icount boot (1 vCPU) gave 4 NAME.insn samples" "$(joblog on)"
check_eq "instruction counts per op are positive" 0 \
	"$(sql "SELECT count(*) FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id WHERE m.name LIKE '%.insn' AND NOT s.value > 0")"

curl -s "$URL/api/v1/samples?job=$(job on)&limit=100" > "$TMP/samples.json"
check_eq "the API returns them by name and unit" 2 \
	"$(jq '[.samples[] | select(.metric == "syscall-getppid.insn" and .unit == "insn/op")] | length' "$TMP/samples.json")"
SID=$(sql "SELECT r.id FROM series r JOIN metrics m ON m.id = r.metric_id WHERE m.name = 'syscall-getppid.insn' LIMIT 1")
check_eq "... and their series has its page" 200 "$(curl -s -o "$TMP/series.html" -w '%{http_code}' "$URL/series/$SID")"
check_contains "... naming the metric" "syscall-getppid.insn" "$(cat "$TMP/series.html")"

check_eq "off: only the time metrics" "sched-yield:ns/op:lower syscall-getppid:ns/op:lower" "$(metrics off)"
check_eq "... from one boot" 1 "$(boots off)"
check_contains "... the environment says counts are not available, and why" \
	"not available (perf_event_open: " "$(insn_env off)"

check_eq "broken -icount boot: the time metrics are kept" \
	"sched-yield:ns/op:lower syscall-getppid:ns/op:lower|4" "$(metrics broken)|$(count broken '%')"
check_contains "... and the job's log says the -icount boot failed" \
	"instruction counts: not available: the QEMU -icount boot (1 vCPU) failed" "$(joblog broken)"
check_contains "... quoting its console" "Kernel panic - not syncing: smp bring-up" "$(joblog broken)"
check_contains "... as does the runner's log" "the -icount boot failed" "$(cat "$TMP/q-broken.log")"

check_eq "hanging -icount boot: the time metrics are kept" \
	"sched-yield:ns/op:lower syscall-getppid:ns/op:lower|4" "$(metrics hang)|$(count hang '%')"
check_contains "... and the job's log says it failed" \
	"instruction counts: not available: the QEMU -icount boot (1 vCPU) failed after" "$(joblog hang)"
check_contains "... at the boot timeout" "did not finish within 10 s ([qemu] boot_timeout)" \
	"$(joblog hang)"
check_contains "... quoting its console" "x86: Booting SMP configuration:" "$(joblog hang)"
check_eq "... and its QEMU is gone" "" "$(pgrep -f "$TMP/qemu-hang" || true)"

check_eq "a guest that counted itself: .insn from the kbench boot" 4 "$(count vpmu '%.insn')"
check_eq "... and no second boot" 1 "$(boots vpmu)"
check_contains "... which the runner's log says" "no -icount boot" "$(cat "$TMP/q-vpmu.log")"
finish
