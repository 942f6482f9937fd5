#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh - runs every test program and shell test, then prints the total.
#
#   KPCI_BIN=bin KPCI_TESTS=build/opt/tests sh tests/run.sh [PATTERN...]
# Runs the tests whose name holds one of the PATTERNs (all without one).
# Each test prints its own "N passed, N failed" as its last line; a test
# that exits non-zero without counting a failure, or that ran no check,
# counts as one failure.
# Of a failed test, its failed checks and the last lines of its log (a
# slow test prints what it waited for there) are shown; all logs stay in
# build/test-logs/.
set -u
cd "$(dirname "$0")/.." || exit 1
: "${KPCI_BIN:=$(pwd)/bin}" "${KPCI_TESTS:=$(pwd)/build/opt/tests}"
export KPCI_BIN KPCI_TESTS
patterns=$*
# wanted NAME: NAME holds one of the patterns, or there are none
wanted() {
	[ -z "$patterns" ] && return 0
	for p in $patterns; do
		case "$1" in *"$p"*) return 0 ;; esac
	done
	return 1
}
logs=build/test-logs
mkdir -p "$logs"
total_pass=0
total_fail=0

run_one() {
	name=$1
	shift
	log="$logs/$name.log"
	start=$(date +%s)
	"$@" > "$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	p=${p:-0}
	f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name ran no check" >> "$log"
		f=1
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	if [ "$f" -eq 0 ]; then
		printf 'PASS %-34s %5d checks %4ds\n' "$name" "$p" "$secs"
	else
		printf 'FAIL %-34s %5d passed, %d failed (exit %d), log %s\n' "$name" "$p" "$f" "$rc" "$log"
		grep -E 'FAIL|not ok|error|Error|ERROR' "$log" | head -n 20 | sed 's/^/    /'
		echo "    --- the last lines of $log:"
		tail -n 30 "$log" | cut -c1-240 | sed 's/^/    /'
	fi
}

# KPCI_SLOW=1 runs only the slow tests (tests/slow/), `make check-slow`;
# KPCI_LAVA=1 only the real LAVA lab's (tests/lava/), `make check-lava`.
if [ -n "${KPCI_SLOW:-}" ] || [ -n "${KPCI_LAVA:-}" ]; then
	dir=tests/slow
	[ -n "${KPCI_LAVA:-}" ] && dir=tests/lava
	for t in "$dir"/t[0-9]*.sh; do
		[ -f "$t" ] || continue
		name=$(basename "$t" .sh)
		wanted "$name" || continue
		run_one "$name" sh "$t"
	done
	echo "$total_pass passed, $total_fail failed"
	[ "$total_fail" -eq 0 ]
	exit
fi
for t in "$KPCI_TESTS"/test_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	wanted "$name" || continue
	run_one "$name" "$t"
done
for t in tests/integration/t[0-9]*.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	wanted "$name" || continue
	run_one "$name" sh "$t"
done
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
