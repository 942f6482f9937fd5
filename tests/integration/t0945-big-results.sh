# SPDX-License-Identifier: GPL-2.0-only
# t0945-big-results: 20 runners upload a valid 11.9 MB result (100,000
# samples) each, all at once: every one is stored whole, and kpcid's
# memory stays bounded (a result is decoded as it arrives, never a JSON
# tree of the whole body) and is given back afterwards.
. tests/integration/lib.sh

start_kpcid
python3 tests/lib/big_results.py --url "$URL" --runner-token "$(token runner)" \
	--admin-token "$(token admin)" --pid "$KPCID_PID" --uploads 20 --samples 100000 \
	> "$TMP/out"
cat "$TMP/out"
val() { sed -n "s/^$1 //p" "$TMP/out"; }
check_eq "all 20 uploads answered 200 with their 100,000 samples" 20 "$(val stored)"
check_eq "each job holds its 100,000 samples" 20 "$(sql "SELECT count(*) FROM (SELECT job_id
	FROM samples GROUP BY job_id HAVING count(*) = 100000)")"
check_eq "every job is done" 20 "$(sql "SELECT count(*) FROM jobs WHERE state = 'done'")"
check_eq "no sample was lost or doubled" 2000000 "$(sql "SELECT count(*) FROM samples")"
hwm=$(val hwm_kib)
check "kpcid's peak resident memory stayed under 400 MiB ($((hwm / 1024)) MiB)" \
	test "$hwm" -lt $((400 * 1024))
after=$(val after_rss_kib)
idle=$(val idle_rss_kib)
check "and went back near idle: $((after / 1024)) MiB after, $((idle / 1024)) MiB idle" \
	test "$after" -lt $((idle + 64 * 1024))
out=$(api POST /api/v1/jobs/1/result "$(token runner)" '{"runner_id":1,"job_id":1,
 "samples":[{"suite":"s"}, tru]}')
check_contains "a broken element is named with its line and column" \
	"400 {\"error\":\"the request body is not valid JSON: invalid token near 'tru' at line 2 column" \
	"$out"
finish
