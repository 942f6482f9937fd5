#!/bin/sh
# bench_http.sh - requests per second and p99 latency of kpcid's dashboard
# under wrk, on the database of tests/browser/seed.py (5,000 commits, 50
# metrics, 2 runner classes, planted changes) plus one 10,000-point
# series: the overview page, that series as JSON (/api/v1/series/ID) and
# the merge-window report (/api/v1/trees/linux/windows/v6.12/report).
# Beside them, in the same run, bench_http_const (the same libmicrohttpd
# set-up answering a constant) is the ceiling; each row gives its ratio
# to it.  Goal (docs/performance.md): series JSON >= 50% of the ceiling
# and p99 < 20 ms.  Run from the top of the tree by bench/run.sh:
#
#     KPCI_BIN=bin KPCI_BENCH=build/opt/bench sh bench/bench_http.sh
#
# BENCH_HTTP_SECONDS (1), BENCH_HTTP_CONNECTIONS (4) and
# BENCH_HTTP_THREADS (2, wrk's threads) size the load for a small machine.
set -u
: "${KPCI_BIN:=$(pwd)/bin}" "${KPCI_BENCH:=$(pwd)/build/opt/bench}"
SECONDS_EACH=${BENCH_HTTP_SECONDS:-1}
CONNS=${BENCH_HTTP_CONNECTIONS:-4}
WRK_THREADS=${BENCH_HTTP_THREADS:-2}
POINTS=10000

if ! command -v wrk > /dev/null 2>&1; then
	echo "bench_http: wrk is not installed (make deps)"
	exit 1
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kpci-bench-http.XXXXXX")
PIDS=""
cleanup() {
	for p in $PIDS; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

# start NAME CMD...: runs CMD in the background, waits for its
# "listening on http://127.0.0.1:PORT/" line; sets STARTED to the URL.
start() {
	name=$1
	shift
	: > "$TMP/$name.log"
	"$@" > "$TMP/$name.log" 2>&1 &
	PIDS="$PIDS $!"
	for _ in $(seq 100); do
		port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/$name.log")
		if [ -n "$port" ]; then
			STARTED="http://127.0.0.1:$port"
			return 0
		fi
		sleep 0.1
	done
	echo "bench_http: $name did not start:" >&2
	cat "$TMP/$name.log" >&2
	return 1
}

mkdir -p "$TMP/data"
"$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role admin --name bench \
	> /dev/null 2>&1
python3 tests/browser/seed.py "$TMP/data/kpci.db" 5000 --big-series "$POINTS" > /dev/null
printf '[analysis]\nsettle_seconds = 0\n' > "$TMP/kpcid.ini"
start kpcid "$KPCI_BIN/kpcid" --data-dir "$TMP/data" --listen 127.0.0.1:0 \
	-c "$TMP/kpcid.ini" || exit 1
KPCID=$STARTED
start const "$KPCI_BENCH/bench_http_const" || exit 1
CONST=$STARTED
for _ in $(seq 600); do
	[ "$(sqlite3 -readonly "$TMP/data/kpci.db" \
		"SELECT count(*) FROM series WHERE dirty = 1")" = 0 ] && break
	sleep 0.1
done
BIG=$(sqlite3 -readonly "$TMP/data/kpci.db" "SELECT s.id FROM series s JOIN metrics m
	ON m.id = s.metric_id WHERE m.name = 'big-series'")
n=$(curl -s "$KPCID/api/v1/series/$BIG" | jq '.points | length')
if [ "$n" != "$POINTS" ]; then
	echo "bench_http: series $BIG has $n points, not $POINTS"
	exit 1
fi

# wrk_run URL [HEADER]: "REQ_PER_S P99_MS" of one run (after a short
# warm-up), every request with HEADER when given.
wrk_run() {
	curl -s -o /dev/null "$1"
	wrk -t"$WRK_THREADS" -c"$CONNS" -d"${SECONDS_EACH}s" --latency \
		${2:+-H "$2"} "$1" > "$TMP/wrk.out" 2>&1
	awk '
		/^Requests\/sec:/ { rps = $2 }
		/^ +99%/ {
			v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
			p99 = u == "us" ? v / 1000 : u == "s" ? v * 1000 : u == "m" ? v * 60000 : v
		}
		/Non-2xx/ { bad = 1 }
		END { if (bad || rps == "") print "0 0"; else printf "%.0f %.2f\n", rps, p99 }
	' "$TMP/wrk.out"
}

# A client that holds the series revalidates it with its ETag: kpcid
# answers 304 from its answer cache without reading the series.
ETAG=$(curl -s -D - -o /dev/null "$KPCID/api/v1/series/$BIG" |
	sed -n 's/^[Ee][Tt][Aa][Gg]: *\([^\r]*\).*/\1/p')

# The series comes last: requests still running when wrk stops would
# hold kpcid's database lock during the next run.
set -- "ceiling (constant)" "$CONST/" \
	"overview page" "$KPCID/" \
	"merge-window report" "$KPCID/api/v1/trees/linux/windows/v6.12/report" \
	"series JSON, revalidated" "$KPCID/api/v1/series/$BIG" \
	"series JSON, gzip" "$KPCID/api/v1/series/$BIG" \
	"series JSON, $POINTS points" "$KPCID/api/v1/series/$BIG"
echo "wrk: $WRK_THREADS threads, $CONNS connections, ${SECONDS_EACH} s per URL; kpcid and the ceiling: 4 threads"
printf '%-28s %10s %9s %10s\n' "target" "req/s" "p99 ms" "/ceiling"
ceiling=
status=0
while [ $# -ge 2 ]; do
	case "$1" in
	*revalidated) r=$(wrk_run "$2" "If-None-Match: $ETAG") ;;
	*gzip) r=$(wrk_run "$2" "Accept-Encoding: gzip") ;;
	*) r=$(wrk_run "$2") ;;
	esac
	rps=${r% *}
	p99=${r#* }
	[ -z "$ceiling" ] && ceiling=$rps
	ratio=$(awk -v a="$rps" -v c="$ceiling" 'BEGIN { printf "%.1f%%", c ? 100 * a / c : 0 }')
	printf '%-28s %10s %9s %10s\n' "$1" "$rps" "$p99" "$ratio"
	if [ "$rps" = 0 ]; then
		echo "bench_http: $2 failed:"
		cat "$TMP/wrk.out"
		status=1
	fi
	case "$1" in
	*revalidated) reval_rps=$rps reval_p99=$p99 ;;
	*gzip) gzip_rps=$rps gzip_p99=$p99 ;;
	series*) series_rps=$rps series_p99=$p99 ;;
	esac
	shift 2
done
# The goal, for a full body and for a revalidation.  A full body is
# bound by copying its bytes (1.4 MB each), not by kpcid's work.
goal() {
	awk -v w="$1" -v a="${2:-0}" -v c="$ceiling" -v p="${3:-0}" 'BEGIN {
		ok = c && a / c >= 0.5 && p < 20
		printf "goal (%s >= 50%% of the ceiling, p99 < 20 ms): %s\n", w,
		       ok ? "met" : "MISSED"
	}'
}
goal "series JSON revalidated" "${reval_rps:-0}" "${reval_p99:-0}"
goal "series JSON gzip body" "${gzip_rps:-0}" "${gzip_p99:-0}"
goal "series JSON full body" "${series_rps:-0}" "${series_p99:-0}"
exit $status
