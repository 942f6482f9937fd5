#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run-local.sh - kpci doing its whole job on one machine, on the embedded
# defaults of configs/kpcid-local.ini, with everything under ./var:
#
#   - var/linux: a git tree of Debian's linux-source-6.12 (made once from
#     /usr/src/linux-source-6.12.tar.xz, which `make deps` installs), with
#     a release and then a short merge window planted on it by
#     tools/plant-window.sh: pulls of topic branches, one making getppid()
#     slower, one making sched_yield() faster, then -rc1.  kpcid watches
#     it as tree "linux";
#   - a local kpci-runner builds the release, each merge of the window and
#     -rc1 with configs/kconfig/qemu-x86_64.config (the first build takes
#     minutes; ccache makes later ones short), boots each under QEMU with
#     2 NUMA nodes and runs kbench in it; the analyzer finds the two
#     changes at their merges, the bisector builds and boots the commits
#     of each pull until it names the commit, and the reports are mailed;
#   - a local SMTP server (aiosmtpd) keeps every mail in var/mail (a
#     Maildir: var/mail/new); it sends nothing on;
#   - a kbench job on this host every KPCI_DEMO_INTERVAL seconds (default
#     300) fills a first series at once; at most one waits at a time.
#
# KPCI_WINDOW=drip plants the whole window (five pulls, three of them
# with no effect) in var/linux.side and lands it on var/linux one merge
# at a time, each once kpcid has nothing left to do for the one before,
# as merges land over the days of a real window: each change is then at
# the newest merge when it is first measured.  KPCI_NOISE=1 adds host
# noise: a `make -j2` of kpci's own sources runs while every other merge
# is measured.  Both need a new var/ (rm -rf var).
#
# The dashboard's address is printed once var/linux exists (the first
# run makes it first).  Tokens are made on first use (var/admin.token,
# var/runner.token).  Ctrl-C stops everything within
# seconds (the runner gives its job back: the next run does it again); a
# second run goes on where the first stopped.  `make run` calls this.
set -eu
cd "$(dirname "$0")/.."
TOP=$(pwd)
BIN=${KPCI_BIN:-bin}
PORT=${KPCI_PORT:-8080}
SMTP_PORT=${KPCI_SMTP_PORT:-8025}
URL=http://127.0.0.1:$PORT
INTERVAL=${KPCI_DEMO_INTERVAL:-300}
SRC_TAR=/usr/src/linux-source-6.12.tar.xz
CLASS=local-qemu
mkdir -p var var/mail/tmp var/mail/new var/mail/cur   # a Maildir for the SMTP server

# The programs run in sessions of their own (setsid), so that Ctrl-C
# reaches this script only, which stops them in order: the runner first
# (SIGINT: it stops its make or QEMU and gives its job back to kpcid, so
# the next run builds it again at once), then kpcid and the SMTP server.
# What is still running after 10 s is killed.
runner= others= sleeper=
# stop_pids PIDS SIGNAL: signals them, waits up to 10 s, kills the rest
stop_pids() {
	[ -z "$1" ] && return 0
	kill -"$2" $1 2>/dev/null || true
	for _ in $(seq 100); do
		alive=
		for p in $1; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
		[ -z "$alive" ] && return 0
		sleep 0.1
	done
	kill -KILL $alive 2>/dev/null || true
}
# stop STATUS: stops them all, then exits with STATUS
stop() {
	trap - INT TERM EXIT
	echo "run-local: stopping"
	stop_pids "$runner" INT
	stop_pids "$others" TERM
	[ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null
	wait $runner $others 2>/dev/null || true
	echo "run-local: stopped"
	exit "$1"
}
trap 'stop 0' INT TERM
trap 'stop $?' EXIT

# The kernel tree and its release, once (a minute or two), before kpcid
# watches it.  Debian's top .gitignore ends with a block that ignores the
# whole top level (its packaging repository): it is dropped.
if [ ! -d var/linux/.git ] && [ -r "$SRC_TAR" ]; then
	echo "run-local: making var/linux, a git tree of $SRC_TAR; the dashboard comes after it, in a minute or two"
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
	# the release before kpcid sees the tree: its first poll must not
	# take the bare source for the release's parent and measure it
	sh tools/plant-window.sh -C var/linux.tmp release
	mv var/linux.tmp var/linux
fi
cp configs/kpcid-local.ini var/kpcid.ini
cat >> var/kpcid.ini <<EOF

[analysis]
settle_seconds = 5
# guests under QEMU's TCG (no KVM) differ by 10-30% from boot to boot;
# the planted effects are far larger
max_noise_percent = 60

[bisect]
settle_seconds = 30
end_jobs = 2
probe_jobs = 1
confirm_jobs = 1

[alert]
enabled = true
smtp_url = smtp://127.0.0.1:$SMTP_PORT
tls = none
from = kpci <kpci@localhost.localdomain>
base_url = $URL
settle_seconds = 30
EOF
# kpcid watches the tree only when there is one (no linux-source: host jobs only)
if [ -d var/linux/.git ]; then
	cat >> var/kpcid.ini <<EOF

[tree linux]
url = $TOP/var/linux
branches = master
poll_interval = 60
retry_min = 5
retry_max = 60
candidates = window-merges head
head_every = 0
configs = qemu-x86_64.config
suites = kbench
bench_boot = qemu
bench_classes = $CLASS
EOF
fi
# the demo's kbench measures what the window changes, quickly
mkdir -p var/suites
cp configs/suites/*.ini var/suites/
printf '%s\n' "[suite]" "parser = kbench" "benchmarks = sched-yield syscall-getppid" \
	"iterations = 3" "warmup = 1" "rep_ms = 20" "reps = 3" > var/suites/kbench.ini
cat > var/runner.ini <<EOF
[runner]
capabilities = build bench
boot_methods = qemu host
poll_max = 5
[build]
kconfig_dir = $TOP/configs/kconfig
ccache = true
modules =
[suites]
dir = $TOP/var/suites
[qemu]
nodes = 2
cpus_per_node = 1
memory_mb = 512
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
export KPCI_TOKEN="$(cat var/admin.token)" KPCI_SERVER="$URL"

setsid /usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" \
	-c aiosmtpd.handlers.Mailbox "$TOP/var/mail" > var/smtp.log 2>&1 &
others="$others $!"
setsid "$BIN/kpcid" -c var/kpcid.ini --listen "127.0.0.1:$PORT" &
others="$others $!"
for _ in $(seq 50); do
	curl -sf "$URL/api/v1/health" > /dev/null && break
	sleep 0.2
done
# another kpcid (an earlier run) may hold the port: this one then stopped
if ! kill -0 $others 2>/dev/null || ! curl -sf "$URL/api/v1/health" > /dev/null; then
	echo "run-local: kpcid does not answer on $URL (is port $PORT taken? KPCI_PORT=... picks another)" >&2
	exit 1
fi
echo "kpci is running: dashboard $URL/  (mail in var/mail/new, admin token in var/admin.token; Ctrl-C stops)"
setsid "$BIN/kpci-runner" -c var/runner.ini --server "$URL" --token-file var/runner.token \
	--name "$(hostname)-local" --class "$CLASS" --work-dir var/runner &
runner=$!

# idle: 0 once kpcid has had no job queued or running for a minute
idle() {
	for _ in $(seq 12); do
		n=$(curl -sf "$URL/api/v1/status" |
			jq '(.jobs.queued // 0) + (.jobs.running // 0)' 2>/dev/null || echo 1)
		[ "$n" = 0 ] || return 1
		sleep 5
	done
}
# drip: the window's merges (and -rc1) land one at a time on var/linux
drip() {
	n=0
	for c in $(git -C var/linux.side rev-list --reverse --first-parent v6.12..master); do
		until idle; do sleep 10; done
		n=$((n + 1))
		if ! git -C var/linux fetch -q "$TOP/var/linux.side" "$c" ||
		   ! git -C var/linux merge -q --ff-only "$c"; then
			echo "run-local: cannot land $c from var/linux.side on var/linux" >&2
			return 1
		fi
		echo "run-local: landed $(git -C var/linux log -1 --format='%h %s' "$c")"
		"$BIN/kpci" poll linux > /dev/null || true
		if [ "${KPCI_NOISE:-}" = 1 ] && [ $((n % 2)) = 1 ]; then
			rm -rf var/noise && mkdir -p var/noise
			git archive HEAD | tar x -C var/noise
			(sleep 60; make -C var/noise -j2 > var/noise.log 2>&1) &
		fi
	done
	git -C var/linux fetch -q --tags "$TOP/var/linux.side"
	"$BIN/kpci" poll linux > /dev/null || true
	echo "run-local: the whole window has landed"
}

if [ -d var/linux/.git ]; then
	sh tools/plant-window.sh -C var/linux release
	# The first poll records the history and builds the release; the
	# window comes after it, so each of its merges is a candidate.
	if ! git -C var/linux rev-parse -q --verify refs/tags/v6.13-rc1 > /dev/null; then
		"$BIN/kpci" poll linux > /dev/null 2>&1 || true
		until [ "$(curl -sf "$URL/api/v1/jobs?kind=build&limit=1" |
			jq '.jobs | length' 2>/dev/null)" = 1 ]; do
			sleep 2
		done
		echo "run-local: the release v6.12 is recorded and being built; planting the merge window"
		if [ "${KPCI_WINDOW:-}" = drip ]; then
			rm -rf var/linux.side
			git clone -q var/linux var/linux.side
			sh tools/plant-window.sh -C var/linux.side window > /dev/null
			drip &
			others="$others $!"
		else
			sh tools/plant-window.sh -C var/linux --small window > /dev/null
			"$BIN/kpci" poll linux > /dev/null || true
		fi
	fi
else
	echo "run-local: $SRC_TAR is missing (make deps): no kernel tree, host jobs only"
fi

# a host kbench job now and then, unless one is waiting already
while :; do
	waiting=$(curl -sf "$URL/api/v1/jobs?state=queued&kind=bench&limit=100" |
		jq '[.jobs[] | select(.spec.boot == "host")] | length' 2>/dev/null || echo 0)
	if [ "${waiting:-0}" -eq 0 ]; then
		"$BIN/kpci" submit --suite kbench --boot host --iterations 5 > /dev/null || true
	fi
	sleep "$INTERVAL" &
	sleeper=$!
	wait $sleeper || true
done
