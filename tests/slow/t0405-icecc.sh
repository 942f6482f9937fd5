# t0405-icecc (slow, root): a kernel built through a real icecream farm
# on this machine, as icecream's own tests set one up: a scheduler and two
# daemons on loopback (ICECC_TESTS, each daemon with its own port and
# ICECC_TEST_SOCKET).  Daemon A takes no compile jobs (-m 0): it is the
# build runner's local daemon; daemon B is "the other machine".
#
# The shipped configs/kconfig/qemu-x86_64.config is built twice: locally
# (kpci-runner, ccache in front: warm from t0400's cache or
# KPCI_SLOW_CCACHE), then through icecream.  What CI runs is bounded: the
# second build reuses the worktree with the objects of kernel/ (not of
# its subdirectories) removed
# and an empty compiler cache, so those compile jobs miss ccache and go
# to the farm; the other objects are up to date (CC is "ccache gcc" in
# both builds, so kbuild does not rebuild them).  KPCI_ICECC_FULL=1 makes
# the second build a whole cold one through the farm in a worktree of
# its own (about as long as a cold local build: ~10 min on 2 cores).
# The farm's toolchain is the one daemon A makes itself on the first
# compile (icecc-create-env).  Both daemons have the address 127.0.0.1,
# so the client is told, as in icecream's tests, that a compile server
# at its own address is another machine (ICECC_TEST_REMOTEBUILD, one of
# the ICECC_* settings icecc_env passes on); without it every compile
# the scheduler gives B is taken for a local one.  Checks: the compile jobs ran on daemon B, the build record names icecc
# and its version, both kernels have the same .text, and both boot in
# QEMU (the boot suite, one boot each) with the release they were built
# with.  Run it under flock /work/kernel.lock with KPCI_SLOW_CCACHE set.
. tests/integration/lib.sh
. tests/slow/kernel-lib.sh

SRC_TAR=/usr/src/linux-source-6.12.tar.xz
for need in icecc iceccd icecc-scheduler ccache qemu-system-x86_64; do
	command -v "$need" > /dev/null || PATH="$PATH:/usr/sbin"
	command -v "$need" > /dev/null || { not_ok "$need is missing (tools/deps.sh)"; finish; }
done
if [ ! -r "$SRC_TAR" ] || [ "$(id -u)" -ne 0 ]; then
	not_ok "needs root and $SRC_TAR (tools/deps.sh)"
	finish
fi
chmod 755 "$TMP"        # the daemons run as user icecc and open their sockets here

# The farm: ports picked free from the ephemeral range, one scheduler,
# daemon A (the client's, compiles nothing) and daemon B (compiles).
port() { /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
SP=$(port) AP=$(port) BP=$(port) NET=kpci$$     # a network of its own
mkdir -p "$TMP/farm/envA" "$TMP/farm/envB"
chown icecc:icecc "$TMP/farm/envA" "$TMP/farm/envB"
chmod 777 "$TMP/farm"
ICECC_TESTS=1 icecc-scheduler -p "$SP" -n "$NET" -l "$TMP/farm/scheduler.log" -vvv > /dev/null 2>&1 &
PIDS="$PIDS $!"
sleep 0.5
for d in A:0 B:2; do
	n=${d%:*} m=${d#*:}
	eval p=\$${n}P
	ICECC_TESTS=1 ICECC_TEST_SOCKET="$TMP/farm/$n.sock" iceccd -s "127.0.0.1:$SP" -n "$NET" \
		-p "$p" -N "node$n" -m "$m" -b "$TMP/farm/env$n" -l "$TMP/farm/$n.log" -vvv > /dev/null 2>&1 &
	PIDS="$PIDS $!"
done
check "both daemons join the farm" wait_for 30 sh -c \
	"test -S '$TMP/farm/A.sock' && test -S '$TMP/farm/B.sock' && grep -q nodeB '$TMP/farm/scheduler.log'"
# The tree, laid out as t0400 lays it out, so that its compiler cache hits.
t0=$(date +%s)
kernel_tree "$TMP/linux" Documentation/process
C1=$($G rev-parse HEAD)
# a second commit that changes no code: the farm's build is of the same code
echo "built through icecream by kpci's tests" >> "$TMP/linux/Documentation/process/howto.rst"
$G commit -q -am "Documentation: a line that changes no code"
C2=$($G rev-parse HEAD)
echo "# source tree ready in $(( $(date +%s) - t0 )) s"

printf '[tree linux]\nurl = %s\ncandidates =\n' "$TMP/linux" > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner r1)
AT=$(token admin a1)
# runner_ini FILE EXTRA: a build runner of the shipped configs
runner_ini() {
	printf '[runner]\ncapabilities = build\npoll_min = 1\npoll_max = 2\n[build]\nkconfig_dir = %s\nccache = true\njobs = 0\ntimeout = 2400\n%s\n' \
		"$(pwd)/configs/kconfig" "$2" > "$1"
}
runner_ini "$TMP/local.ini" ""
runner_ini "$TMP/farm.ini" "icecc = true
icecc_jobs = 4
icecc_stall = 600
icecc_env = ICECC_TEST_SOCKET=$TMP/farm/A.sock ICECC_TEST_REMOTEBUILD=1"
build() { # build COMMIT INI WORKDIR: one build job; prints its build id
	curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
		--data-binary "{\"kind\":\"build\",\"tree\":\"linux\",\"url\":\"$TMP/linux\",\"commit\":\"$1\",\"config\":\"qemu-x86_64.config\",\"branch\":\"master\"}" \
		"$URL/api/v1/jobs" > /dev/null
	timeout 2700 "$KPCI_BIN/kpci-runner" -c "$2" --server "$URL" --token "$RT" \
		--name builder --work-dir "$3" --once >> "$TMP/runner.log" 2>&1
	sql "SELECT max(id) FROM builds"
}
OUT="$TMP/w/builds/trees/linux--qemu-x86_64.config/out"

export CCACHE_DIR="${KPCI_SLOW_CCACHE:-$(pwd)/build/ccache-kernel}" CCACHE_BASEDIR="$TMP" CCACHE_NOHASHDIR=1
t0=$(date +%s)
B1=$(build "$C1" "$TMP/local.ini" "$TMP/w")
check_eq "the local build is ok" ok "$(sql "SELECT state FROM builds WHERE id = $B1")"
echo "# local build: $(( $(date +%s) - t0 )) s"
mkdir -p "$TMP/k1"
cp "$OUT/vmlinux" "$OUT/arch/x86/boot/bzImage" "$OUT/include/config/kernel.release" "$TMP/k1/"

export CCACHE_DIR="$TMP/ccache-farm"             # empty: every compile misses
if [ -n "${KPCI_ICECC_FULL:-}" ]; then
	FW="$TMP/w-farm"                         # a worktree of its own: all of it
	OUT2="$FW/builds/trees/linux--qemu-x86_64.config/out"
else
	FW="$TMP/w"
	OUT2="$OUT"
	find "$OUT/kernel" -maxdepth 1 -name '*.o' -delete
fi
t0=$(date +%s)
B2=$(build "$C2" "$TMP/farm.ini" "$FW")
echo "# icecream build ($([ -n "${KPCI_ICECC_FULL:-}" ] && echo full || echo "kernel/ objects")): $(( $(date +%s) - t0 )) s"
check_eq "the build through icecream is ok" ok "$(sql "SELECT state FROM builds WHERE id = $B2")"
check_eq "its record names icecc, its version, and that the farm compiled" \
	"icecc|$(icecc --version | sed -n 's/^ICECC \([^ ]*\).*/\1/p')|1|" \
	"$(sql "SELECT json_extract(distributed, '\$.tool') || '|' || json_extract(distributed, '\$.version') || '|' || json_extract(distributed, '\$.used') || '|' || IFNULL(json_extract(distributed, '\$.fallback'), '') FROM builds WHERE id = $B2")"
log=$(curl -s "$URL/api/v1/builds/$B2/log")
check_contains "make ran with ccache in front and the farm's -j" "CC=ccache gcc -j4 all (icecream)" "$log"
compiled=$(echo "$log" | grep -c '^  CC  ')
remote=$(grep -c 'Remote compilation completed with exit code 0' "$TMP/farm/B.log")
echo "# $compiled files compiled, $remote compile jobs done by daemon B"
check "files of kernel/ were compiled again" test "$compiled" -gt 20
check "the compile jobs ran on daemon B, the other machine" test "$remote" -ge $((compiled * 8 / 10))
check_eq "daemon A compiled none itself (-m 0)" 0 "$(grep -c 'remote compile for file' "$TMP/farm/A.log")"
mkdir -p "$TMP/k2"
cp "$OUT2/vmlinux" "$OUT2/arch/x86/boot/bzImage" "$OUT2/include/config/kernel.release" "$TMP/k2/"
for k in k1 k2; do
	objcopy -O binary --only-section=.text "$TMP/$k/vmlinux" "$TMP/$k/text.bin"
done
check "both kernels are the same code (.text)" cmp -s "$TMP/k1/text.bin" "$TMP/k2/text.bin"
echo "# .text: $(stat -c %s "$TMP/k1/text.bin") bytes, sha256 $(sha256sum "$TMP/k2/text.bin" | cut -c1-16)"

# Both boot: the boot suite, one boot each, on the runner's qemu method.
S="$TMP/suites"
mkdir -p "$S"
cp configs/suites/boot.ini "$S/"
for k in k1 k2; do
	printf '[runner]\nboot_methods = qemu\npoll_min = 1\npoll_max = 1\n[suites]\ndir = %s\n[qemu]\nkernel = %s\nnodes = 1\ncpus_per_node = 2\nmemory_mb = 512\nboot_timeout = 300\n' \
		"$S" "$TMP/$k/bzImage" > "$TMP/qemu-$k.ini"
	j=$(curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
		--data-binary '{"suite":"boot","boot":"qemu","iterations":1,"warmup":0}' \
		"$URL/api/v1/jobs" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
	timeout 900 "$KPCI_BIN/kpci-runner" -c "$TMP/qemu-$k.ini" --server "$URL" --token "$RT" \
		--name "qemu-$k" --work-dir "$TMP/q-$k" --once >> "$TMP/qemu.log" 2>&1
	check_eq "the kernel of $k boots and runs the boot suite, as $(cat "$TMP/$k/kernel.release")" \
		"done|$(cat "$TMP/$k/kernel.release")" \
		"$(sql "SELECT j.state || '|' || IFNULL((SELECT DISTINCT e.kernel_release FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = j.id), '') FROM jobs j WHERE j.id = $j")"
done
finish
