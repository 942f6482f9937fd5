#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_history.sh - is kpcid flat with history?  Two databases of the
# same shape written by bench_history (bench/bench_history.c: commits,
# builds, jobs and results stored through kpcid's own db/ functions, the
# analyzer run over the suites that hold a planted step, kbuild's and the
# series of the first HIST_ANALYSED (0) runner classes; the rest is a backlog it has not reached, and kpcid runs
# here with [analysis] enabled = false so that it does not work through it
# while it is measured): HIST_SMALL samples (default 1,000,000) and
# HIST_LARGE (default 20,000,000).  On each, in the same run:
#
# 1. kpcid started: milliseconds to its first answer (GET /api/v1/health)
#    and the integrity check's time, which runs beside the server;
# 2. HIST_READERS (8) connections for HIST_SECONDS (10) per answer, each
#    request a real build (bench/bench_history_read.py: a route that does
#    not cache, an :id or page number padded past the cache's longest key,
#    percent-encoded spellings of a :ref and :name, a write before each
#    overview): p50 and p99;
# 3. a claim and a result upload of 120 samples over the runner protocol
#    (8 runners), p50 and p99;
# 4. in-process (bench_history -t): a claim, a result stored and the
#    analyzer's pass after it, for one new job at a time; then a job left
#    running on each runner class, as in a lab's day (the overview shows
#    them with their estimates).
#
# Then the table: each request's p50/p99 small and large and the ratio
# large/small of the p99 (goal: at most 1.5, and p99 under 200 ms).
# HIST_CLASSES (12) runner classes measure; HIST_POINTS (5,000) is the number of merges measured in both, the
# points of the series read.  HIST_DIR keeps the databases (HIST_DIR/small, HIST_DIR/large; an
# existing one is measured again, not written again).
set -u
: "${KPCI_BIN:=$(pwd)/bin}" "${KPCI_BENCH:=$(pwd)/build/opt/bench}"
LARGE=${HIST_LARGE:-20000000}
SMALL=${HIST_SMALL:-1000000}
SECONDS_EACH=${HIST_SECONDS:-10}
READERS=${HIST_READERS:-8}
NEXT_JOBS=${HIST_NEXT_JOBS:-20}
POINTS=${HIST_POINTS:-5000}     # merges measured: the long series' points
CLASSES=${HIST_CLASSES:-12}     # runner classes
ANALYSED=${HIST_ANALYSED:-0}    # classes whose series are all analysed (bench_history -s)

BENCH=bench_history
. bench/bench-lib.sh
bench_need sqlite3 python3 curl
if [ -n "${HIST_DIR:-}" ]; then
	DIR=$HIST_DIR
	mkdir -p "$DIR"
else
	DIR=$(mktemp -d "${TMPDIR:-/tmp}/kpci-bench-history.XXXXXX")
fi
# the generated databases are removed at exit unless HIST_DIR keeps them
[ -z "${HIST_DIR:-}" ] && trap 'cleanup; rm -rf "$DIR"' EXIT INT TERM

cat > "$TMP/kpcid.ini" <<'INI'
[server]
max_conns_per_client = 2048
[analysis]
enabled = false
INI

ms_now() { date +%s%N | cut -c1-13; }

# generate NAME SAMPLES: the database DIR/NAME/kpci.db, unless it exists
generate() {
	mkdir -p "$DIR/$1"
	if [ -s "$DIR/$1/kpci.db" ] && [ -s "$DIR/$1/gen.out" ]; then
		return 0
	fi
	rm -f "$DIR/$1/kpci.db"*
	t0=$(ms_now)
	"$KPCI_BENCH/bench_history" "$DIR/$1/kpci.db" "$2" -p "$POINTS" -c "$CLASSES" -a -s "$ANALYSED" > "$DIR/$1/gen.out" 2> "$DIR/$1/gen.err" ||
		{ echo "bench_history: generating $1 failed"; cat "$DIR/$1/gen.err"; exit 1; }
	echo "generation_ms $(( $(ms_now) - t0 ))" >> "$DIR/$1/gen.out"
}
field() { sed -n "s/^$1 //p" "$2" | head -n 1; }

# measure NAME: every figure of the database DIR/NAME into $TMP/NAME.res
measure() {
	d=$DIR/$1
	out=$DIR/$1.res
	: > "$out"
	"$KPCI_BENCH/bench_history" -t "$NEXT_JOBS" -c "$CLASSES" "$d/kpci.db" >> "$out" 2> "$TMP/$1.next.err" ||
		{ echo "bench_history -t on $1 failed"; cat "$TMP/$1.next.err"; exit 1; }
	AT=$("$KPCI_BIN/kpcid" --data-dir "$d" token create --role admin --name bench 2>/dev/null)
	RT=$("$KPCI_BIN/kpcid" --data-dir "$d" token create --role runner --name bench \
		--classes '*' 2>/dev/null)
	sync
	: > "$TMP/kpcid.log"
	t0=$(ms_now)
	"$KPCI_BIN/kpcid" --data-dir "$d" --listen 127.0.0.1:0 -c "$TMP/kpcid.ini" \
		> "$TMP/kpcid.log" 2>&1 &
	KPID=$!
	PIDS="$PIDS $KPID"
	URL=""
	for _ in $(seq 3000); do
		port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/kpcid.log")
		if [ -n "$port" ] && curl -s -o /dev/null "http://127.0.0.1:$port/api/v1/health"; then
			URL="http://127.0.0.1:$port"
			break
		fi
		sleep 0.01
	done
	[ -n "$URL" ] || { echo "bench_history: kpcid did not start on $1"; cat "$TMP/kpcid.log"; exit 1; }
	echo "startup_ms $(( $(ms_now) - t0 ))" >> "$out"
	# the integrity check, then the reads
	for _ in $(seq 3000); do
		curl -s "$URL/api/v1/health" | grep -q '"state": *"checking"' || break
		sleep 0.2
	done
	echo "integrity_s $(sed -n 's/.*integrity check at start.*(\([0-9.]*\) s).*/\1/p' \
		"$TMP/kpcid.log")" >> "$out"
	q() { sqlite3 -readonly "$d/kpci.db" "$1"; }
	series=$(q "SELECT se.id FROM series se JOIN metrics m ON m.id = se.metric_id
		WHERE m.suite = 'boot' AND m.name = 'phase1' AND se.runner_class = 'class00'")
	change=$(q "SELECT MIN(id) FROM changes WHERE series_id = $series")
	base=$(q "SELECT commit_sha FROM jobs WHERE kind = 'bench' AND runner_class = 'class00'
		AND json_extract(spec, '$.suite') = 'kbench' ORDER BY id LIMIT 1")
	head=$(q "SELECT commit_sha FROM jobs WHERE kind = 'bench' AND runner_class = 'class00'
		AND json_extract(spec, '$.suite') = 'kbench' ORDER BY id DESC LIMIT 1")
	points=$(q "SELECT count(DISTINCT job_id) FROM samples WHERE series_id = $series")
	echo "series_points $points" >> "$out"
	read_one() { # NAME KIND PATH [ARG]
		n=$1
		shift
		python3 bench/bench_history_read.py "$URL" "$1" "$SECONDS_EACH" "${READERS_NOW:-$READERS}" \
			"$RT" "$2" ${3:+"$3"} | sed "s/^[a-z]* /$n /" >> "$out"
	}
	READERS_NOW=1 read_one overview-1 write / "$AT"
	read_one overview write / "$AT"
	read_one changes-page get /changes
	read_one changes-api get /api/v1/changes
	read_one change-page get "/changes/$change"
	read_one change-api get "/api/v1/changes/$change"
	read_one series-page pad "/series/$series"
	read_one series-json pad "/api/v1/series/$series"
	read_one report-api pad "/api/v1/trees/linux/windows/v6.3/report?limit=50"
	read_one report-page enc /trees/linux/windows/v6.3
	read_one compare-api get "/api/v1/compare?base=$base&head=$head&runner_class=class00"
	read_one metrics-page pad "/series?page=1"
	python3 bench/bench_history_read.py "$URL" claim "$SECONDS_EACH" "$READERS" "$RT" "$AT" \
		| sed 's/^claim /runner-claim /; s/^result /runner-result /' >> "$out"
	kill "$KPID"
	wait "$KPID" 2>/dev/null
	KPID=""
}

generate small "$SMALL"
generate large "$LARGE"
measure small
measure large

echo "database         samples    commits   jobs     bytes/sample  file MiB  generated s"
for n in small large; do
	g=$DIR/$n/gen.out
	printf '%-8s %12s %10s %8s %12s %9s %12s\n' "$n" "$(field samples "$g")" \
		"$(field commits "$g")" "$(field jobs "$g")" "$(field bytes_per_sample "$g")" \
		"$(( $(field file_bytes "$g") / 1048576 ))" \
		"$(awk -v m="$(field generation_ms "$g")" 'BEGIN { printf "%.0f", m / 1000 }')"
done
echo
echo "startup to the first answer: small $(field startup_ms "$DIR/small.res") ms, large $(field startup_ms "$DIR/large.res") ms; integrity check beside it: small $(field integrity_s "$DIR/small.res") s, large $(field integrity_s "$DIR/large.res") s"
echo "the series read: $(field series_points "$DIR/small.res") points (small), $(field series_points "$DIR/large.res") (large)"
echo
printf '%-16s %8s %8s %8s %8s %8s %8s %10s\n' "request" "small n" "p50 ms" "p99 ms" "large n" \
	"p50 ms" "p99 ms" "p99 ratio"
awk 'FNR == 1 { f++ } NF == 5 { n[f, $1] = $2; e[f, $1] = $3; p50[f, $1] = $4; p99[f, $1] = $5;
		if (f == 1) order[++k] = $1 }
	NF == 3 && f == 1 { order[++k] = $1 } NF == 3 { p50[f, $1] = $2; p99[f, $1] = $3; n[f, $1] = "-" }
	END { for (i = 1; i <= k; i++) { r = order[i]
		printf "%-16s %8s %8.1f %8.1f %8s %8.1f %8.1f %10.2f\n", r, n[1, r], p50[1, r], p99[1, r],
			n[2, r], p50[2, r], p99[2, r], (p99[1, r] > 0 ? p99[2, r] / p99[1, r] : 0)
		if (e[1, r] + e[2, r]) printf "  (%d errors)\n", e[1, r] + e[2, r] } }' \
	"$DIR/small.res" "$DIR/large.res"
echo "(claim_ms, result_ms, analysis_ms: in-process, one job at a time, median and largest of"
echo " $NEXT_JOBS; the other rows over HTTP, $READERS connections for $SECONDS_EACH s, overview-1 one)"
