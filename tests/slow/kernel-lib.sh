# kernel-lib.sh - for the slow tests that build Debian's linux-source-6.12
# (tests/slow/t0540; t0400 does the same steps inline), sourced after
# lib.sh.
SRC_TAR=/usr/src/linux-source-6.12.tar.xz

# kernel_tree DIR: DIR becomes a git tree of the source, one commit
# "linux-source-6.12"; $G runs git in it.  Debian's top .gitignore ends
# with a block that ignores the whole top level (its packaging
# repository): it is dropped, and the files deeper .gitignore files name
# are added too.  Without the package: not_ok, and the test finishes.
kernel_tree() {
	if [ ! -r "$SRC_TAR" ]; then
		not_ok "$SRC_TAR is missing: apt-get install linux-source-6.12 (tools/deps.sh)"
		finish
	fi
	mkdir -p "$1"
	tar xJf "$SRC_TAR" -C "$1" --strip-components=1
	sed -i '/^# Debian packaging: ignore everything at the top level/,$d' "$1/.gitignore"
	G="git -C $1 -c user.name=kpci -c user.email=kpci@example.org -c core.compression=1"
	$G init -q -b master
	$G config pack.compression 1
	$G config pack.window 0
	$G config gc.auto 0
	$G add -A -f
	$G commit -q -m "linux-source-6.12"
}

# kernel_ccache: the compiler cache of kernel builds: KPCI_SLOW_CCACHE,
# else build/ccache-kernel, kept between runs.  The base dir makes hits
# independent of $TMP.
kernel_ccache() {
	export CCACHE_DIR="${KPCI_SLOW_CCACHE:-$(pwd)/build/ccache-kernel}" CCACHE_BASEDIR="$TMP" \
		CCACHE_NOHASHDIR=1
}

# build_runner_ini FILE: a build runner's configuration (the shipped
# kconfig directory, ccache, all CPUs).
build_runner_ini() {
	cat > "$1" <<INI
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
}

# qemu_runner_ini FILE: a qemu runner's configuration, 2 NUMA nodes x 2
# CPUs, with the suites of $TMP/suites: boot, and kbench and wq-flush
# scaled for emulated guests.
qemu_runner_ini() {
	S="$TMP/suites"
	mkdir -p "$S"
	cp configs/suites/boot.ini "$S/"
	printf '%s\n' "[suite]" "parser = kbench" "guest_scale = 20" > "$S/kbench.ini"
	printf '%s\n' "[suite]" "parser = wq-flush" "wq_ms = 200" > "$S/wq-flush.ini"
	cat > "$1" <<INI
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
}
