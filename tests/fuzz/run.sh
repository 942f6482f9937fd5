#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh SECONDS DIR FUZZER... - runs each libFuzzer target for SECONDS
# seconds (tests/fuzz/*.c, built by `make fuzz`) from a corpus seeded with
# the saved real outputs: tests/data/suites/ (each file once per parser
# selector byte) for fuzz_suite_parse, tests/fuzz/seeds/NAME/ for all
# (inputs that once crashed a parser stay there as regression seeds).  A crash, leak or sanitizer report fails the run and names the
# reproducer file (rerun it with: FUZZER FILE).  Ends with
# "N passed, N failed".
set -u
secs=$1
work=$2
shift 2
src=$(dirname "$0")
mkdir -p "$work"
# fuzz_one FUZZER: runs it; prints PASS or FAIL (and what failed)
fuzz_one() {
	f=$1
	name=$(basename "$f")
	corpus="$work/corpus/$name"
	crashes="$work/crashes/$name"
	mkdir -p "$corpus" "$crashes"
	case $name in
	fuzz_suite_parse)
		for s in "$src"/../data/suites/*; do
			case $s in *README*) continue ;; esac
			for sel in 0 1 2 3 4 5 6 7 8; do
				{ printf "\\$(printf '%03o' "$sel")"; cat "$s"; } \
					> "$corpus/seed-$sel-$(basename "$s")"
			done
		done
		cp "$src/seeds/suite_parse"/* "$corpus/" ;;
	*)
		cp "$src/seeds/${name#fuzz_}"/* "$corpus/" ;;
	esac
	log="$work/$name.log"
	timeout $((secs + 120)) "$f" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
		"$corpus" > "$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	repro=$(ls "$crashes" 2>/dev/null | head -n 1)
	if [ "$rc" -eq 0 ] && [ -z "$repro" ]; then
		echo "PASS $name: ${runs:-?} inputs in ${secs} s"
	else
		echo "FAIL $name (exit $rc): reproducer ${repro:+$crashes/$repro}; log $log"
		grep -m 5 -E "ERROR: |SUMMARY: |runtime error" "$log"
	fi
}

# two at a time, one per core (the machines of CI have two)
n=0
for f in "$@"; do
	fuzz_one "$f" > "$work/$(basename "$f").verdict" &
	n=$((n + 1))
	[ $((n % 2)) -eq 0 ] && wait
done
wait
passed=0
failed=0
for f in "$@"; do
	v="$work/$(basename "$f").verdict"
	cat "$v"
	if grep -q '^PASS ' "$v"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
