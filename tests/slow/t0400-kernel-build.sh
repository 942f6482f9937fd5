# t0400-kernel-build (slow): a real build of Debian's linux-source-6.12
# with the shipped configs/kconfig/qemu-x86_64.config through kpcid and a
# kpci-runner, then an incremental rebuild after a one-line change.  Both
# durations are printed.  Needs the linux-source-6.12 package (tools/deps.sh).
. tests/integration/lib.sh

SRC_TAR=/usr/src/linux-source-6.12.tar.xz
if [ ! -r "$SRC_TAR" ]; then
	not_ok "$SRC_TAR is missing: apt-get install linux-source-6.12 (tools/deps.sh)"
	finish
fi

# A git tree of the source.  Debian's top .gitignore ends with a block
# that ignores the whole top level (its packaging repository); drop it.
t0=$(date +%s)
mkdir -p "$TMP/linux"
tar xJf "$SRC_TAR" -C "$TMP/linux" --strip-components=1
sed -i '/^# Debian packaging: ignore everything at the top level/,$d' "$TMP/linux/.gitignore"
G="git -C $TMP/linux -c user.name=kpci -c user.email=kpci@example.org -c core.compression=1"
$G init -q -b master
$G config pack.compression 1
$G config pack.window 0
$G config gc.auto 0
# the tarball also holds files that deeper .gitignore files name: add all
$G add -A -f
$G commit -q -m "linux-source-6.12"
C1=$($G rev-parse HEAD)
check_eq "the git tree holds the whole source (nothing ignored)" 0 \
	"$($G status --porcelain --ignored | wc -l)"
echo "# source tree ready in $(( $(date +%s) - t0 )) s"

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
cat > "$TMP/runner.ini" <<INI
[runner]
capabilities = build
poll_min = 1
poll_max = 2
[build]
kconfig_dir = $(pwd)/configs/kconfig
ccache = true
jobs = 0
timeout = 2400
INI
export CCACHE_DIR="$TMP/ccache"

build() { # build COMMIT: queues and runs one build; prints the job id
	j=$(curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
		--data-binary "{\"kind\":\"build\",\"tree\":\"linux\",\"url\":\"$TMP/linux\",\"commit\":\"$1\",\"config\":\"qemu-x86_64.config\",\"branch\":\"master\"}" \
		"$URL/api/v1/jobs" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p')
	timeout 2700 "$KPCI_BIN/kpci-runner" -c "$TMP/runner.ini" --server "$URL" --token "$RT" \
		--name builder --work-dir "$TMP/w" --once >> "$TMP/runner.log" 2>&1
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
	CONFIG_PRINTK_TIME=y CONFIG_VIRTIO_PCI=y CONFIG_VIRTIO_BLK=y CONFIG_DEVTMPFS=y; do
	check "$sym is in the built .config" grep -qx "$sym" "$OUT/.config"
done
check_eq "bzImage, .config and System.map are stored" 3 \
	"$(sql "SELECT count(*) FROM build_artifacts ba JOIN builds b ON b.id = ba.build_id WHERE b.job_id = $j")"
check "the bzImage is a Linux kernel image" sh -c "file -b '$OUT/arch/x86/boot/bzImage' | grep -q 'Linux kernel x86 boot executable' || od -A n -t x1 -j 514 -N 4 '$OUT/arch/x86/boot/bzImage' | grep -q '48 64 72 53'"
check "vmlinux text size is recorded" test "$(sql "SELECT text_size > 1000000 FROM builds WHERE job_id = $j")" = 1
check_eq "5 kbuild samples" 5 "$(sql "SELECT count(*) FROM samples WHERE job_id = $j")"
echo "# kernel release: $(cat "$OUT/include/config/kernel.release")"
echo "# sizes: $(sql "SELECT 'text ' || text_size || ', data ' || data_size || ', bss ' || bss_size || ', bzImage ' || image_size FROM builds WHERE job_id = $j")"

# One-line change, incremental rebuild in the same worktree.
sed -i 's|^void calibrate_delay(void)$|/* kpci: one-line change */\n&|' "$TMP/linux/init/calibrate.c"
$G commit -q -am "init: a one-line change"
C2=$($G rev-parse HEAD)
j2=$(build "$C2")
check_eq "the incremental build is ok" "done|ok" "$(sql "SELECT j.state, b.state FROM jobs j JOIN builds b ON b.job_id = j.id WHERE j.id = $j2")"
inc_ms=$(sql "SELECT duration_ms FROM builds WHERE job_id = $j2")
echo "# incremental build: $((inc_ms / 1000)) s (full: $((full_ms / 1000)) s)"
check "the incremental build takes less than half the full one" test "$((inc_ms * 2))" -lt "$full_ms"
log=$(curl -s "$URL/api/v1/builds/$(sql "SELECT id FROM builds WHERE job_id = $j2")/log")
check_contains "the changed file is compiled again" "CC      init/calibrate.o" "$log"
check_eq "the unchanged .config is one artifact for both builds" 1 \
	"$(sql "SELECT count(DISTINCT sha256) FROM build_artifacts WHERE name = '.config'")"
finish
