# SPDX-License-Identifier: GPL-2.0-only
# t0610-compare-fdr: GET /api/v1/compare over 1,010 metrics uploaded by a
# runner: 1,000 unchanged and 10 shifted by 5%, 10 iterations a job, 1%
# noise between iterations and 0.3% between jobs (boots).  Eight repeated
# jobs of the base kernel give the noise model of each metric; then one
# job of the head kernel is compared with one job of the base.  The
# verdict counts the job as the unit, so the 10 real changes are
# "changed" and most null metrics "same" (none changed; with one job a
# side the 90% interval is about +-1.1%, so a null metric whose job
# landed 1% off stays inconclusive), where raw Welch p < 0.05 over the
# iterations flags many of the null ones.
. tests/integration/lib.sh

# The analyzer waits until a series has been quiet for 3 s, so that it
# analyses the ten jobs as a whole (the uploads follow each other in well
# under that), as the default settle time makes it do in a lab.
cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
settle_seconds = 3
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"big","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# body JOB SHIFT KERNEL: 1,010 metrics x 10 iterations; real0000..real0009
# are multiplied by SHIFT; a job's boot moves every metric by a Gaussian
# 0.3%, each iteration by 1% (sums of 12 uniforms).
body() {
	awk -v job="$1" -v shift="$2" -v kernel="$3" 'BEGIN {
		srand(job * 104729);
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",", job;
		printf "\"env\":{\"kernel_release\":\"%s\"},\"samples\":[", kernel;
		n = 0;
		for (m = 0; m < 1010; m++) {
			name = sprintf("%s%04d", m < 10 ? "real" : "null", m);
			b = 0; for (k = 0; k < 12; k++) b += rand(); b -= 6;
			level = 100 * (m < 10 ? shift : 1) * (1 + 0.003 * b);
			for (i = 0; i < 10; i++) {
				g = 0; for (k = 0; k < 12; k++) g += rand(); g -= 6;
				if (n++) printf ",";
				printf "{\"suite\":\"many\",\"metric\":\"%s\",\"unit\":\"ms\",", name;
				printf "\"better\":\"lower\",\"iteration\":%d,\"value\":%.4f}", i, level * (1 + 0.01 * g);
			}
		}
		printf "]}";
	}'
}

for j in $(seq 10); do
	api POST /api/v1/jobs "$AT" '{"suite":"many"}' > /dev/null
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	if [ "$j" = 10 ]; then body "$j" 1.05 6.13.0; else body "$j" 1 6.12.0; fi > "$TMP/body.json"
	out=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $RT" \
		-H 'Content-Type: application/json' --data-binary "@$TMP/body.json" \
		"$URL/api/v1/jobs/$j/result")
	[ "$out" = 200 ] || not_ok "job $j uploads 10,100 samples ($out)"
done
check_eq "10 jobs of 10,100 samples stored" 101000 "$(sql "SELECT count(*) FROM samples")"
check "the analyzer builds the noise model of every metric" \
	wait_sql 120 "SELECT count(*) FROM series WHERE dirty = 0 AND rep_df >= 8" 1010

out=$(api GET "/api/v1/compare?base=9&head=10")
check_eq "the comparison answers" 200 "${out%% *}"
echo "${out#* }" > "$TMP/cmp.json"
check_eq "every metric is compared" 1010 "$(jq '.metrics | length' "$TMP/cmp.json")"
real=$(jq '[.metrics[] | select((.metric | startswith("many/real")) and .verdict == "changed")] | length' "$TMP/cmp.json")
false_pos=$(jq '[.metrics[] | select((.metric | startswith("many/null")) and .verdict == "changed")] | length' "$TMP/cmp.json")
same=$(jq '[.metrics[] | select((.metric | startswith("many/null")) and .verdict == "same")] | length' "$TMP/cmp.json")
raw=$(jq '[.metrics[] | select((.metric | startswith("many/null")) and .welch_p < 0.05)] | length' "$TMP/cmp.json")
echo "real changes found: $real/10, false: $false_pos/1000, same: $same/1000, raw Welch p < 0.05: $raw"
check_eq "all 10 real changes are found" 10 "$real"
check_eq "none of the 1,000 null metrics is called changed" 0 "$false_pos"
check "most null metrics are shown the same, inside +-2% ($same)" test "$same" -ge 750
check "where raw Welch p < 0.05 over the iterations would flag many ($raw)" test "$raw" -ge 50
check_eq "the real ones are regressions (lower is better, +5%)" 10 \
	"$(jq '[.metrics[] | select(.direction == "regression")] | length' "$TMP/cmp.json")"
check_eq "the summary counts the three verdicts" "$real $same" \
	"$(jq -r '"\(.changed) \(.same)"' "$TMP/cmp.json")"
check_eq "one job a side, the noise model known" "1 1 true" \
	"$(jq -r '.metrics[0] | "\(.base.jobs) \(.head.jobs) \(.noise.known)"' "$TMP/cmp.json")"
ci=$(jq '[.metrics[] | select((.metric | startswith("many/real")) and .ci95_percent[0] < 5 and .ci95_percent[1] > 5)] | length' "$TMP/cmp.json")
check "the 95% intervals of most real changes hold the planted +5% ($ci of 10)" test "$ci" -ge 8
check_contains "a changed metric says why" '"reason":"+' \
	"$(jq -c '.metrics[] | select(.verdict == "changed")' "$TMP/cmp.json" | head -n 1)"
check_contains "another class has nothing in common" "404 " \
	"$(api GET "/api/v1/compare?base=9&head=10&runner_class=other")"
check_contains "alpha is checked" "400 {\"error\":\"query parameter alpha" \
	"$(api GET "/api/v1/compare?base=9&head=10&alpha=2")"
n=$("$KPCI_BIN/kpci" compare-jobs 9 10 --alpha 0.05 | grep -c ' regression ')
check_eq "kpci compare-jobs shows the 10 regressions" 10 "$n"
finish
