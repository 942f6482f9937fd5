# t0540-bisect-kernel (slow): a real bisection of a real kernel.  Debian's
# linux-source-6.12 becomes a git tree and tools/plant-window.sh plants a
# small merge window on it: three pulls of two or three commits each,
# one of which (inside the "sys" topic, on no first-parent line) makes
# getppid() spin a loop of 2000 iterations.  The real kpcid watches the
# tree; the real kpci-runner builds kernels with
# configs/kconfig/qemu-x86_64.config (the shared warm compiler cache:
# KPCI_SLOW_CCACHE) and a second one boots them under QEMU and runs
# kbench.  The release and -rc1 are
# measured twice each, the analyzer finds kbench/syscall-getppid slower
# over the window, a bisection opens by itself, builds and boots the
# commits it probes, and names the planted commit, confirmed against its
# parent.  About 11 minutes on 2 busy cores with the warm cache, a
# third of it the source tree and the first build.
. tests/integration/lib.sh
. tests/slow/kernel-lib.sh

t0=$(date +%s)
kernel_tree "$TMP/linux"
eval "$(sh tools/plant-window.sh -C "$TMP/linux")"
check_eq "the planted window holds 11 commits" 11 "$COMMITS"
echo "# tree and window ready in $(( $(date +%s) - t0 )) s; culprit $CULPRIT"

cat > "$TMP/kpcid.ini" <<INI
[analysis]
settle_seconds = 0
[bisect]
settle_seconds = 0
end_jobs = 2
probe_jobs = 1
confirm_jobs = 1
[tree linux]
url = $TMP/linux
branches = master
poll_interval = 3600
candidates =
configs = qemu-x86_64.config
INI
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)
export KPCI_TOKEN="$AT"
check "the first poll of linux ends" wait_sql 120 "SELECT count(*) FROM commits" 12

build_runner_ini "$TMP/build.ini"
qemu_runner_ini "$TMP/qemu.ini"
kernel_ccache
start_runner builder "$RT" -c "$TMP/build.ini" --class build
start_runner qemu "$RT" -c "$TMP/qemu.ini" --class qemu

t0=$(date +%s)
for s in $GOOD $BAD $GOOD $BAD; do
	"$KPCI_BIN/kpci" submit --suite kbench --boot qemu --class qemu --iterations 3 \
		--tree linux --commit "$s" > /dev/null
done
check "the analyzer finds getppid slower over the window" wait_sql 1500 \
	"SELECT count(*) > 0 FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m
	 ON m.id = se.metric_id WHERE m.name = 'syscall-getppid' AND c.good_sha = '$GOOD'
	 AND c.bad_sha = '$BAD' AND c.direction = 'regression'" 1
echo "# the ends built and measured in $(( $(date +%s) - t0 )) s"
echo "# $(sql "SELECT 'getppid: ' || round(c.mean_before, 1) || ' -> ' || round(c.mean_after, 1) || ' ns' FROM changes c JOIN series se ON se.id = c.series_id JOIN metrics m ON m.id = se.metric_id WHERE m.name = 'syscall-getppid'")"
check "a bisection opens by itself" wait_sql 60 "SELECT count(*) FROM bisections" 1
t0=$(date +%s)
check "it ends" wait_sql 1500 "SELECT state <> 'running' FROM bisections" 1
echo "# bisected in $(( $(date +%s) - t0 )) s: $(sql "SELECT probes || ' probes in ' || rounds || ' rounds of ' || commits || ' commits' FROM bisections")"
sql "SELECT '# ' || role || ' ' || substr(sha, 1, 12) || ' ' || state || ' ' || IFNULL(outcome, '') || ': ' || IFNULL(reason, '') FROM bisection_probes ORDER BY id"
echo "# $(sql "SELECT reason FROM bisections")"
check_eq "it names the planted commit" "done|$CULPRIT" \
	"$(sql "SELECT state || '|' || IFNULL(culprit_sha, '') FROM bisections")"
check "in at most log2(11) + 1 probes" test "$(sql "SELECT probes FROM bisections")" -le 5
check_eq "its probes were real builds of kpci-runner" 0 \
	"$(sql "SELECT count(*) FROM bisection_probes p JOIN builds b ON b.id = p.build_id
		WHERE p.role = 'probe' AND (b.state <> 'ok' OR b.compiler IS NULL)")"
check_eq "booted under QEMU: the guests ran the probed kernels" 0 \
	"$(sql "SELECT count(*) FROM bisection_jobs bj JOIN samples s ON s.job_id = bj.job_id
		JOIN environments e ON e.id = s.env_id WHERE e.boot_method <> 'qemu'")"
check_eq "the change is culprit-found" "culprit-found" \
	"$(sql "SELECT DISTINCT c.state FROM changes c JOIN bisections b ON b.change_id = c.id")"
check_eq "no QEMU is left running" "" "$(pgrep -f "$TMP/" -a | grep qemu-system || true)"
finish
