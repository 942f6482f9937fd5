# SPDX-License-Identifier: GPL-2.0-only
# t0910-load (slow): bench/bench_load.sh at a size CI can afford (about
# a minute; `make bench` runs it at full size): wrk with 64 connections
# over the pages and the API while 4 runners upload, cache-busting
# readers included, then 500 runners polling for jobs, then 50,000
# samples through the result endpoint beside the sqlite3 program.  The
# checks are what must hold whatever the machine's speed: no request
# failed, no job was handed out twice, every upload was stored, uploads
# went on under the read load, and kpcid's memory stayed flat in the
# second half of the load; the figures are printed for the log.
. tests/integration/lib.sh

: "${KPCI_BENCH:=$(pwd)/build/opt/bench}"
export KPCI_BENCH
LOAD_BASE_SECONDS=5 LOAD_SECONDS=20 LOAD_CLAIM_SECONDS=10 LOAD_RUNNERS=500 \
LOAD_INGEST_RUNNERS=4 LOAD_INGEST_UPLOADS=25 LOAD_INGEST_METRICS=250 \
	sh bench/bench_load.sh > "$TMP/load.out" 2>&1
rc=$?
sed 's/^/# /' "$TMP/load.out"
field() { sed -n "s/^$1 //p" "$TMP/load.out" | tail -n 1; }
check_eq "bench_load.sh ran to its end" 0 "$rc"
check_eq "no request failed or timed out" 0 "$(field errors)"
check_eq "no job was handed out twice to the 500 runners" 0 "$(field double_handouts)"
check_eq "every upload of the ingestion was stored" 1 "$(field ingest_ok)"
check "resident memory flat in the second half (grew $(field rss_growth_kib) KiB)" \
	test "$(field rss_growth_kib)" -lt $((32 * 1024))
under=$(sed -n 's/.*under the load (\([0-9]*\)%).*/\1/p' "$TMP/load.out")
check "result uploads went on under the read load (${under}% of their rate alone)" \
	test "${under:-0}" -ge 10
claims=$(sed -n 's/^  \([0-9]*\) jobs claimed.*/\1/p' "$TMP/load.out")
check "the 500 runners claimed jobs ($claims)" test "${claims:-0}" -gt 100
finish
