# SPDX-License-Identifier: GPL-2.0-only
# kernel-lib.sh - for the slow tests that use Debian's linux-source-6.12
# (tests/slow/t0390, t0400, t0550, t0800), sourced after lib.sh.
SRC_TAR=/usr/src/linux-source-6.12.tar.xz
# The run's one git repository of the source, made from the tarball by
# the first test that needs it and cloned by every test (extracting the
# 152 MB tarball and adding its 80,000 files takes a minute or two;
# a local clone and its checkout some seconds).
KERNEL_CACHE=${KPCI_KERNEL_TREE:-$(pwd)/build/kernel-tree.git}

# kernel_cache: makes KERNEL_CACHE when it is missing or was made from
# another tarball: a bare repository, one commit "linux-source-6.12" of
# the whole source (a fixed author and date, so its id depends only on the
# tarball) in one pack, streamed from the tarball by tar2git.py into git
# fast-import (no extracted files, no loose objects).  Debian's top
# .gitignore ends with a block that ignores the whole top level (its
# packaging repository): it is dropped, and the files deeper .gitignore
# files name are added too.  Without the package: not_ok, and the test
# finishes.
kernel_cache() {
	if [ ! -r "$SRC_TAR" ]; then
		not_ok "$SRC_TAR is missing: apt-get install linux-source-6.12 (tools/deps.sh)"
		finish
	fi
	stamp=$(stat -c '%s %Y' "$SRC_TAR")
	[ "$(cat "$KERNEL_CACHE/kpci-source" 2>/dev/null)" = "$stamp" ] && return 0
	t0=$(date +%s)
	rm -rf "$KERNEL_CACHE" "$KERNEL_CACHE.tmp"
	mkdir -p "$(dirname "$KERNEL_CACHE")"
	git init -q --bare "$KERNEL_CACHE.tmp"
	git --git-dir="$KERNEL_CACHE.tmp" symbolic-ref HEAD refs/heads/master
	/usr/bin/python3 tests/slow/tar2git.py "$SRC_TAR" 1 \
		"# Debian packaging: ignore everything at the top level" |
		git --git-dir="$KERNEL_CACHE.tmp" -c core.compression=1 -c pack.compression=1 \
			fast-import --quiet --done || { not_ok "cannot import $SRC_TAR into git"; finish; }
	echo "$stamp" > "$KERNEL_CACHE.tmp/kpci-source"
	mv "$KERNEL_CACHE.tmp" "$KERNEL_CACHE"
	echo "# the shared kernel repository $KERNEL_CACHE made in $(( $(date +%s) - t0 )) s"
}

# kernel_tree DIR [PATH...]: DIR becomes a git work tree of the source (a
# local clone of KERNEL_CACHE, its objects hard-linked), branch master at
# the commit "linux-source-6.12"; $G runs git in it.  With PATHs, only
# the top-level files and the directories PATH are checked out (a sparse
# checkout: the repository holds the whole tree, and builds check out
# their own): the writing of 80,000 files is what takes a checkout a
# minute.  Without, the whole tree is.
kernel_tree() {
	d=$1
	shift
	kernel_cache
	git clone -q --local --no-checkout "$KERNEL_CACHE" "$d"
	G="git -C $d -c user.name=kpci -c user.email=kpci@example.org -c core.compression=1"
	$G config gc.auto 0
	$G config pack.compression 1
	$G config pack.window 0
	[ $# -eq 0 ] || $G sparse-checkout set --cone "$@"
	$G checkout -q master
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

# icecc_farm DIR: a real icecream farm on loopback, as icecream's own
# tests set one up: a scheduler and two daemons (ICECC_TESTS, each daemon
# with its own port and ICECC_TEST_SOCKET DIR/A.sock, DIR/B.sock).
# Daemon A takes no compile jobs (-m 0): it is the build runner's local
# daemon; daemon B is "the other machine".  Logs: DIR/{scheduler,A,B}.log.
# Needs root (the daemons run as user icecc) and Debian's icecc.
icecc_farm() {
	for need in icecc iceccd icecc-scheduler; do
		command -v "$need" > /dev/null || PATH="$PATH:/usr/sbin"
		command -v "$need" > /dev/null || { not_ok "$need is missing (tools/deps.sh)"; finish; }
	done
	[ "$(id -u)" -eq 0 ] || { not_ok "the icecream farm needs root"; finish; }
	chmod 755 "$TMP"        # the daemons run as user icecc and open their sockets here
	# free ports, and a network of its own
	SP=$(free_port) AP=$(free_port) BP=$(free_port) NET=kpci$$
	mkdir -p "$1/envA" "$1/envB"
	chown icecc:icecc "$1/envA" "$1/envB"
	chmod 777 "$1"
	ICECC_TESTS=1 icecc-scheduler -p "$SP" -n "$NET" -l "$1/scheduler.log" -vvv > /dev/null 2>&1 &
	PIDS="$PIDS $!"
	sleep 0.5
	for d in A:0 B:2; do
		n=${d%:*} m=${d#*:}
		eval p=\$${n}P
		ICECC_TESTS=1 ICECC_TEST_SOCKET="$1/$n.sock" iceccd -s "127.0.0.1:$SP" -n "$NET" \
			-p "$p" -N "node$n" -m "$m" -b "$1/env$n" -l "$1/$n.log" -vvv > /dev/null 2>&1 &
		PIDS="$PIDS $!"
	done
	check "both daemons join the farm" wait_for 30 sh -c \
		"test -S '$1/A.sock' && test -S '$1/B.sock' && grep -q nodeB '$1/scheduler.log'"
}
