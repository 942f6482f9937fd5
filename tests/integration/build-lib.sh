# SPDX-License-Identifier: GPL-2.0-only
# build-lib.sh - shared set-up of the build tests (t04*.sh), sourced after
# lib.sh: a git repository made from the fake kernel tree in
# tests/data/kbuild-tree, a kconfig directory with a config and fragments,
# and the daemon and runner configuration files.
FAKE_TREE=$(pwd)/tests/data/kbuild-tree

# make_repo DIR: a git repository of the fake tree with two commits; sets
# C1 (the first) and C2 (one line of kernel/sched.c changed).
make_repo() {
	mkdir -p "$1"
	cp -R "$FAKE_TREE/." "$1/"
	git -C "$1" init -q -b master
	git -C "$1" -c user.name=t -c user.email=t@example.org add -A
	git -C "$1" -c user.name=t -c user.email=t@example.org commit -q -m "fake kernel"
	C1=$(git -C "$1" rev-parse HEAD)
	sed -i 's/return n + 1;/return n + 1; \/* one-line change *\//' "$1/kernel/sched.c"
	git -C "$1" -c user.name=t -c user.email=t@example.org commit -q -am "sched: one-line change"
	C2=$(git -C "$1" rev-parse HEAD)
}

# make_kconfig DIR: the config fake.config and the fragments of the tests.
make_kconfig() {
	mkdir -p "$1"
	printf '# fake.config - the fake tree'"'"'s config\n# base: tinyconfig\nCONFIG_SMP=y\nCONFIG_NUMA=y\n' > "$1/fake.config"
	printf 'CONFIG_MODULES=y\n' > "$1/modules.frag"
	printf 'CONFIG_NO_SUCH_SYMBOL=y\n' > "$1/unknown.frag"
	printf '# CONFIG_SMP is not set\n' > "$1/nosmp.frag"
	printf 'CONFIG_BROKEN=y\n' > "$1/broken.frag"
	printf 'CONFIG_SLOW=y\n' > "$1/slow.frag"
	printf 'CONFIG_BIG=y\n' > "$1/big.frag"
}

# kpcid_ini FILE TREE_URL [EXTRA]: a kpcid configuration with tree "fake".
kpcid_ini() {
	cat > "$1" <<INI
[jobs]
lease_seconds = ${LEASE:-60}
max_attempts = 3
[tree fake]
url = $2
suites = kbench
candidates =
bench_boot = host
${3:-}
INI
}

# runner_ini FILE KCONFIG_DIR [EXTRA]: a build runner's configuration.
runner_ini() {
	cat > "$1" <<INI
[runner]
capabilities = build
poll_min = 1
poll_max = 1
[build]
kconfig_dir = $2
ccache = false
jobs = 2
timeout = 120
${3:-}
INI
}

# submit_build BODY: queues a build job with the admin token $AT; prints the job id.
submit_build() {
	curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
		--data-binary "$1" "$URL/api/v1/jobs" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p'
}

# run_runner NAME INI: one job with kpci-runner --once; returns its status.
run_runner() {
	timeout 120 "$KPCI_BIN/kpci-runner" -c "$2" --server "$URL" --token "$RT" --name "$1" \
		--work-dir "$TMP/$1" --once >> "$TMP/$1.log" 2>&1
}

# build_setup: the fake tree and kconfig, kpcid watching it and started,
# a build runner's runner.ini, and the tokens $RT (runner) and $AT (admin).
build_setup() {
	make_repo "$TMP/repo"
	make_kconfig "$TMP/kconfig"
	kpcid_ini "$TMP/kpcid.ini" "$TMP/repo"
	runner_ini "$TMP/runner.ini" "$TMP/kconfig"
	start_kpcid -c "$TMP/kpcid.ini"
	RT=$(token runner r1)
	AT=$(token admin a1)
}
