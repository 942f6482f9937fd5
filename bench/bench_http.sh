#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_http.sh - requests per second and p99 latency of kpcid's dashboard
# under wrk, on the database of tests/browser/seed.py (5,000 commits, 50
# metrics, 2 runner classes, planted changes) plus one 10,000-point
# series: the overview page, that series as JSON (/api/v1/series/ID) and
# the merge-window report (/api/v1/trees/linux/windows/v6.12/report).
# Beside them, in the same run, bench_http_const (the same libmicrohttpd
# set-up answering a constant) is the ceiling: answering a 16-byte
# constant, and answering the series' own bytes (plain and gzip) as its
# constant.  Each row gives its ratio to the 16-byte ceiling and, for a
# full series answer, to the ceiling that sends the same bytes.  Goal
# (docs/performance.md): series JSON >= 50% of the ceiling and p99 < 20 ms.  Run from the top of the tree by bench/run.sh:
#
#     KPCI_BIN=bin KPCI_BENCH=build/opt/bench sh bench/bench_http.sh
#
# BENCH_HTTP_SECONDS (1), BENCH_HTTP_CONNECTIONS (4), BENCH_HTTP_THREADS
# (2, wrk's threads) and BENCH_HTTP_ROUNDS (3: each row's best round
# counts) size the load for a small machine.
set -u
: "${KPCI_BIN:=$(pwd)/bin}" "${KPCI_BENCH:=$(pwd)/build/opt/bench}"
SECONDS_EACH=${BENCH_HTTP_SECONDS:-1}
CONNS=${BENCH_HTTP_CONNECTIONS:-4}
WRK_THREADS=${BENCH_HTTP_THREADS:-2}
ROUNDS=${BENCH_HTTP_ROUNDS:-3}
POINTS=10000

BENCH=bench_http
. bench/bench-lib.sh
bench_need wrk

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

# A full answer is also set against a ceiling that sends the same bytes:
# bench_http_const serving kpcid's own series answer (and its gzip form)
# as its constant.  Against the 16-byte constant, a 1.4 MB body measures
# loopback copying, not kpcid.
curl -s -o "$TMP/series.json" "$KPCID/api/v1/series/$BIG"
curl -s -H 'Accept-Encoding: gzip' -o "$TMP/series.json.gz" "$KPCID/api/v1/series/$BIG"
start const-body "$KPCI_BENCH/bench_http_const" 4 "$TMP/series.json" || exit 1
CONST_BODY=$STARTED
start const-gzip "$KPCI_BENCH/bench_http_const" 4 "$TMP/series.json.gz" gzip || exit 1
CONST_GZIP=$STARTED
size() { awk -v n="$(wc -c < "$1")" 'BEGIN { if (n >= 1048576) printf "%.1f MB", n / 1048576; else printf "%.0f KB", n / 1024 }'; }

# Rows: label, URL, the header to send (- none), the same-bytes ceiling
# row it is set against (- none).  The series comes last: requests still
# running when wrk stops would hold kpcid's database lock during the next
# run.
set -- "ceiling: 16-byte constant" "$CONST/" - - \
	"ceiling: $(size "$TMP/series.json") constant" "$CONST_BODY/" - - \
	"ceiling: $(size "$TMP/series.json.gz") gzip constant" "$CONST_GZIP/" \
		"Accept-Encoding: gzip" - \
	"overview page" "$KPCID/" - - \
	"merge-window report" "$KPCID/api/v1/trees/linux/windows/v6.12/report" - - \
	"series JSON, revalidated (304)" "$KPCID/api/v1/series/$BIG" "If-None-Match: $ETAG" - \
	"series JSON, gzip" "$KPCID/api/v1/series/$BIG" "Accept-Encoding: gzip" gzip \
	"series JSON, $POINTS points" "$KPCID/api/v1/series/$BIG" - body
status=0
# Each row is measured ROUNDS times, the rows taking turns, and its best
# round counts: on a shared machine a neighbour's burst during one 1-s
# window would otherwise decide a ratio.
: > "$TMP/rows"
while [ $# -ge 4 ]; do
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >> "$TMP/rows"
	shift 4
done
: > "$TMP/best"
round=1
while [ "$round" -le "$ROUNDS" ]; do
	i=0
	while IFS='	' read -r label url header same; do
		i=$((i + 1))
		if [ "$header" = - ]; then r=$(wrk_run "$url"); else r=$(wrk_run "$url" "$header"); fi
		echo "$i ${r% *} ${r#* }" >> "$TMP/best"
		if [ "${r% *}" = 0 ]; then
			echo "bench_http: $url failed:"
			cat "$TMP/wrk.out"
			status=1
		fi
	done < "$TMP/rows"
	round=$((round + 1))
done
# best ROW: "REQ_PER_S P99_MS" of row ROW's best round
best() { awk -v i="$1" '$1 == i && $2 >= r { r = $2; p = $3 } END { print r + 0, p + 0 }' "$TMP/best"; }

echo "wrk: $WRK_THREADS threads, $CONNS connections, ${SECONDS_EACH} s per URL, best of $ROUNDS rounds; kpcid and the ceilings: 4 threads"
printf '%-34s %9s %8s %12s %12s\n' "target" "req/s" "p99 ms" "/16-B const" "/same bytes"
ceiling= body_ceiling= gzip_ceiling=
ratio() { awk -v a="$1" -v c="$2" 'BEGIN { if (c) printf "%.1f%%", 100 * a / c; else print "-" }'; }
i=0
while IFS='	' read -r label url header same; do
	i=$((i + 1))
	r=$(best "$i")
	rps=${r% *}
	p99=${r#* }
	case "$label" in
	"ceiling: 16"*) ceiling=$rps ;;
	"ceiling:"*gzip*) gzip_ceiling=$rps ;;
	"ceiling:"*) body_ceiling=$rps ;;
	esac
	case "$same" in
	body) c=$body_ceiling ;;
	gzip) c=$gzip_ceiling ;;
	*) c= ;;
	esac
	printf '%-34s %9s %8s %12s %12s\n' "$label" "$rps" "$p99" "$(ratio "$rps" "$ceiling")" \
		"$(ratio "$rps" "$c")"
	case "$label" in
	*revalidated*) reval_rps=$rps reval_p99=$p99 ;;
	*gzip) gzip_rps=$rps gzip_p99=$p99 ;;
	series*) series_rps=$rps series_p99=$p99 ;;
	esac
done < "$TMP/rows"
# goal WHAT REQ_PER_S P99 CEILING
goal() {
	awk -v w="$1" -v a="${2:-0}" -v p="${3:-0}" -v c="${4:-0}" 'BEGIN {
		ok = c && a / c >= 0.5 && p < 20
		printf "goal (%s >= 50%% of its ceiling, p99 < 20 ms): %s\n", w,
		       ok ? "met" : "MISSED"
	}'
}
goal "series JSON revalidated, against the 16-byte constant" "${reval_rps:-0}" \
	"${reval_p99:-0}" "$ceiling"
goal "series JSON gzip body, against the same bytes" "${gzip_rps:-0}" "${gzip_p99:-0}" \
	"$gzip_ceiling"
goal "series JSON full body, against the same bytes" "${series_rps:-0}" "${series_p99:-0}" \
	"$body_ceiling"
exit $status
