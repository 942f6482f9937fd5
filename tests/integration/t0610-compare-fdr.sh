# t0610-compare-fdr: GET /api/v1/compare over 1,010 metrics uploaded by a
# runner: 1,000 unchanged and 10 shifted by 3% under 1% noise, 20
# iterations a side.  The Benjamini-Hochberg q-values keep the 10 real
# changes and (almost) none of the null ones, where raw p < 0.05 would
# flag about 50.  20 iterations, not 10: with 10, the rank test alone
# cannot go below 1.8e-4, too close to BH's 5e-4 for the tenth discovery.
. tests/integration/lib.sh

cat > "$TMP/kpcid.ini" <<'INI'
[analysis]
enabled = false
INI
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"lab-1","runner_class":"big","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null

# body JOB SHIFT: 1,010 metrics x 20 iterations; real0000..real0009 are
# multiplied by SHIFT; noise is Gaussian (sum of 12 uniforms), sd 1%.
body() {
	awk -v job="$1" -v shift="$2" 'BEGIN {
		srand(job * 104729);
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",", job;
		printf "\"env\":{\"kernel_release\":\"6.12.0\"},\"samples\":[";
		n = 0;
		for (m = 0; m < 1010; m++) {
			name = sprintf("%s%04d", m < 10 ? "real" : "null", m);
			level = 100 * (m < 10 ? shift : 1);
			for (i = 0; i < 20; i++) {
				g = 0; for (k = 0; k < 12; k++) g += rand(); g -= 6;
				if (n++) printf ",";
				printf "{\"suite\":\"many\",\"metric\":\"%s\",\"unit\":\"ms\",", name;
				printf "\"better\":\"lower\",\"iteration\":%d,\"value\":%.4f}", i, level * (1 + 0.01 * g);
			}
		}
		printf "]}";
	}'
}

for j in 1 2; do
	api POST /api/v1/jobs "$AT" '{"suite":"many"}' > /dev/null
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	body "$j" "$([ "$j" = 1 ] && echo 1 || echo 1.03)" > "$TMP/body$j.json"
	out=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $RT" \
		-H 'Content-Type: application/json' --data-binary "@$TMP/body$j.json" \
		"$URL/api/v1/jobs/$j/result")
	check_eq "job $j uploads 20,200 samples" 200 "$out"
done

out=$(api GET "/api/v1/compare?base=1&head=2")
check_eq "the comparison answers" 200 "${out%% *}"
echo "${out#* }" > "$TMP/cmp.json"
check_eq "every metric is compared" 1010 "$(jq '.metrics | length' "$TMP/cmp.json")"
real=$(jq '[.metrics[] | select((.metric | startswith("many/real")) and .verdict == "changed")] | length' "$TMP/cmp.json")
false_pos=$(jq '[.metrics[] | select((.metric | startswith("many/null")) and .verdict == "changed")] | length' "$TMP/cmp.json")
raw=$(jq '[.metrics[] | select((.metric | startswith("many/null")) and .welch_p < 0.05)] | length' "$TMP/cmp.json")
echo "real changes found: $real/10, false: $false_pos/1000, raw Welch p < 0.05: $raw"
check_eq "all 10 real changes are found" 10 "$real"
check "at most 1 of the 1,000 null metrics is called changed ($false_pos)" test "$false_pos" -le 1
check "where raw p < 0.05 would flag many ($raw)" test "$raw" -ge 20
check_eq "the real ones are regressions (lower is better, +3%)" 10 \
	"$(jq '[.metrics[] | select(.direction == "regression")] | length' "$TMP/cmp.json")"
check_eq "the summary counts them" "$((real + false_pos))" "$(jq .changed "$TMP/cmp.json")"
ci=$(jq '[.metrics[] | select((.metric | startswith("many/real")) and .ci95_percent[0] < 3 and .ci95_percent[1] > 3)] | length' "$TMP/cmp.json")
check "the 95% intervals of most real changes hold the planted +3% ($ci of 10)" test "$ci" -ge 8
check_contains "another class has nothing in common" "404 " \
	"$(api GET "/api/v1/compare?base=1&head=2&runner_class=other")"
check_contains "alpha is checked" "400 {\"error\":\"query parameter alpha" \
	"$(api GET "/api/v1/compare?base=1&head=2&alpha=2")"
n=$("$KPCI_BIN/kpci" compare-jobs 1 2 --alpha 0.05 | grep -c ' regression ')
check_eq "kpci compare-jobs shows the 10 regressions" 10 "$n"
finish
