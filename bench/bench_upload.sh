#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench_upload.sh - what large results cost kpcid in memory: UPLOADS (20)
# runners each upload one valid result of SAMPLES (100,000) samples, 11.9
# MB of JSON, all at once, to a fresh kpcid (tests/lib/big_results.py),
# while kpcid's VmRSS is read every 50 ms.  Prints kpcid's resident
# memory idle, at its peak (sampled, and the kernel's VmHWM) and 2 s
# after the last answer, in MiB, and whether every sample was stored.
# Goal (docs/performance.md): peak under 300 MiB, and after within 32 MiB
# of idle.  Run from the top of the tree by bench/run.sh (make bench):
#
#     KPCI_BIN=bin sh bench/bench_upload.sh
#
# BENCH_UPLOADS and BENCH_UPLOAD_SAMPLES size it.  kpcid is started and
# stopped as the integration tests do (tests/integration/lib.sh).
. tests/integration/lib.sh
UPLOADS=${BENCH_UPLOADS:-20}
SAMPLES=${BENCH_UPLOAD_SAMPLES:-100000}

start_kpcid
python3 tests/lib/big_results.py --url "$URL" --runner-token "$(token runner)" \
	--admin-token "$(token admin)" --pid "$KPCID_PID" --uploads "$UPLOADS" \
	--samples "$SAMPLES" > "$TMP/out"
rows=$(sql "SELECT count(*) FROM samples")
mib() { echo $(( $(sed -n "s/^$1 //p" "$TMP/out") / 1024 )); }
echo "$UPLOADS results of $SAMPLES samples ($(sed -n 's/^body_bytes //p' "$TMP/out") bytes each)" \
	"at once, in $(sed -n 's/^seconds //p' "$TMP/out") s:"
echo "  kpcid resident MiB: idle $(mib idle_rss_kib), peak $(mib peak_rss_kib) (VmHWM" \
	"$(mib hwm_kib)), 2 s after $(mib after_rss_kib)"
echo "  stored $(sed -n 's/^stored //p' "$TMP/out") of $UPLOADS, $rows samples;" \
	"$(sed -n 's/^retries //p' "$TMP/out") answers other than 200 (sent again)"
[ "$rows" -eq $((UPLOADS * SAMPLES)) ]
