#!/bin/sh
# run-local.sh - kpci doing its whole job on one machine, on the embedded
# defaults of configs/kpcid-local.ini, with everything under ./var:
#
#   - var/linux: a git tree of Debian's linux-source-6.12 (made once from
#     /usr/src/linux-source-6.12.tar.xz, which `make deps` installs), which
#     kpcid watches as tree "linux";
#   - kpcid builds its head with configs/kconfig/qemu-x86_64.config on a
#     local kpci-runner (the first build takes minutes; ccache makes later
#     ones short), then boots the built kernel under QEMU with 2 NUMA nodes
#     and runs the kbench, boot and wq-flush suites in it;
#   - a commit made in var/linux (git -C var/linux commit ...) is seen at
#     the next poll (every 60 s), built, booted and measured, and the
#     analyzer compares it with what came before;
#   - meanwhile, a kbench job on this host every KPCI_DEMO_INTERVAL
#     seconds (default 300) fills a first series at once.
#
# Tokens are made on first use (var/admin.token, var/runner.token).
# Ctrl-C stops both programs.  `make run` calls this.
set -eu
cd "$(dirname "$0")/.."
TOP=$(pwd)
BIN=${KPCI_BIN:-bin}
URL=http://127.0.0.1:8080
INTERVAL=${KPCI_DEMO_INTERVAL:-300}
SRC_TAR=/usr/src/linux-source-6.12.tar.xz
CLASS=local-qemu
mkdir -p var

# The kernel tree, once.  Debian's top .gitignore ends with a block that
# ignores the whole top level (its packaging repository): it is dropped.
if [ ! -d var/linux/.git ] && [ -r "$SRC_TAR" ]; then
	echo "run-local: making var/linux, a git tree of $SRC_TAR (about a minute)"
	rm -rf var/linux.tmp
	mkdir -p var/linux.tmp
	tar xJf "$SRC_TAR" -C var/linux.tmp --strip-components=1
	sed -i '/^# Debian packaging: ignore everything at the top level/,$d' \
		var/linux.tmp/.gitignore
	G="git -C var/linux.tmp -c user.name=kpci -c user.email=kpci@localhost"
	$G init -q -b master
	$G config gc.auto 0
	$G add -A -f
	$G commit -q -m "linux-source-6.12"
	mv var/linux.tmp var/linux
fi

# kpcid: the local defaults, plus the tree when there is one.
cp configs/kpcid-local.ini var/kpcid.ini
if [ -d var/linux/.git ]; then
	cat >> var/kpcid.ini <<EOF

[tree linux]
url = $TOP/var/linux
branches = master
poll_interval = 60
candidates = head
head_every = 0
configs = qemu-x86_64.config
suites = kbench boot wq-flush
bench_boot = qemu
bench_classes = $CLASS
EOF
else
	echo "run-local: $SRC_TAR is missing (make deps): no kernel tree, host jobs only"
fi
cat > var/runner.ini <<EOF
[runner]
capabilities = build bench
boot_methods = qemu host
[build]
kconfig_dir = $TOP/configs/kconfig
ccache = true
[suites]
dir = $TOP/configs/suites
[qemu]
nodes = 2
cpus_per_node = 2
memory_mb = 1024
boot_timeout = 600
EOF

if [ ! -s var/runner.token ]; then
	"$BIN/kpcid" -c var/kpcid.ini token create --role runner --name local \
		--classes "$CLASS" > var/runner.token
fi
if [ ! -s var/admin.token ]; then
	"$BIN/kpcid" -c var/kpcid.ini token create --role admin --name local-admin > var/admin.token
fi
chmod 600 var/runner.token var/admin.token

"$BIN/kpcid" -c var/kpcid.ini &
kpcid=$!
runner=
trap 'kill $runner $kpcid 2>/dev/null; wait 2>/dev/null; exit 0' INT TERM
trap 'kill $runner $kpcid 2>/dev/null' EXIT
for _ in $(seq 50); do
	curl -sf "$URL/api/v1/health" > /dev/null && break
	sleep 0.2
done
"$BIN/kpci-runner" -c var/runner.ini --server "$URL" --token-file var/runner.token \
	--name "$(hostname)-local" --class "$CLASS" --work-dir var/runner &
runner=$!

echo "kpci is running: dashboard $URL/  (admin token in var/admin.token; Ctrl-C stops)"
while :; do
	KPCI_TOKEN=$(cat var/admin.token) "$BIN/kpci" --server "$URL" submit \
		--suite kbench --iterations 5 || true
	sleep "$INTERVAL" &
	wait $! || true
done
