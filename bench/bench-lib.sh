# SPDX-License-Identifier: GPL-2.0-only
# bench-lib.sh - what the shell benches that drive kpcid share, sourced
# with BENCH set to the bench's name: the tools they need, a temporary
# directory $TMP removed at exit with the processes in $PIDS, kpcid
# started on a data directory, and tokens.

# bench_need TOOL...: exits when one is not installed.
bench_need() {
	for tool in "$@"; do
		if ! command -v "$tool" > /dev/null 2>&1; then
			echo "$BENCH: $tool is not installed (make deps)"
			exit 1
		fi
	done
}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/kpci-$BENCH.XXXXXX")
PIDS=""
cleanup() {
	for p in $PIDS; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

# start_kpcid DIR: kpcid on DIR with $TMP/kpcid.ini; sets URL, KPID.
start_kpcid() {
	: > "$TMP/kpcid.log"
	"$KPCI_BIN/kpcid" --data-dir "$1" --listen 127.0.0.1:0 -c "$TMP/kpcid.ini" \
		> "$TMP/kpcid.log" 2>&1 &
	KPID=$!
	PIDS="$PIDS $KPID"
	for _ in $(seq 100); do
		port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/kpcid.log")
		[ -n "$port" ] && URL="http://127.0.0.1:$port" && return 0
		sleep 0.1
	done
	echo "$BENCH: kpcid did not start"
	cat "$TMP/kpcid.log"
	exit 1
}

# token DIR ROLE: prints a new token of ROLE (a runner one serves any class).
token() {
	if [ "$2" = runner ]; then
		"$KPCI_BIN/kpcid" --data-dir "$1" token create --role runner --name b --classes '*' 2>/dev/null
	else
		"$KPCI_BIN/kpcid" --data-dir "$1" token create --role "$2" --name b 2>/dev/null
	fi
}
