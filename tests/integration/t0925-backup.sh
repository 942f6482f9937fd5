# SPDX-License-Identifier: GPL-2.0-only
# t0925-backup: `kpcid backup PATH` copies the database while a runner
# uploads results and readers read.  The copy is whole (SQLite's integrity
# check), private (mode 600), holds every result acknowledged before the
# backup began and each stored result whole (all its samples or none), and
# a kpcid started on it serves it.  The database holds 240,000 samples
# first, so that the copy takes long enough for uploads to land during it.  A backup never overwrites a file, and
# a failed one leaves none.
. tests/integration/lib.sh

SAMPLES=200                 # per result
BIG=40000                   # per result of the first six

# uploads: queues, claims and uploads results (the first six of BIG
# samples, then of SAMPLES) until $TMP/stop exists; appends "JOB N" to
# $TMP/acked for each upload answered 200.
uploads() {
	i=0
	while [ ! -e "$TMP/stop" ]; do
		i=$((i + 1))
		n=$SAMPLES
		[ "$i" -le 6 ] && n=$BIG
		j=$(curl -s -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
			--data-binary '{"suite":"kbench"}' "$URL/api/v1/jobs" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
		curl -s -o /dev/null -H "Authorization: Bearer $RT" -H 'Content-Type: application/json' \
			--data-binary '{"runner_id":1}' "$URL/api/v1/jobs/claim"
		result "${j:-0}" "$n" > "$TMP/up.json"
		code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $RT" \
			-H 'Content-Type: application/json' --data-binary @"$TMP/up.json" \
			"$URL/api/v1/jobs/${j:-0}/result")
		[ "$code" = 200 ] && echo "$j $n" >> "$TMP/acked"
	done
}
# reads: pages and API answers until $TMP/stop exists
reads() {
	while [ ! -e "$TMP/stop" ]; do
		curl -s -o /dev/null "$URL/"
		curl -s -o /dev/null "$URL/api/v1/samples?limit=500"
	done
}

printf '[analysis]\nenabled = false\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"r1","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
: > "$TMP/acked"
uploads &
UP=$!
reads &
RD=$!
PIDS="$PIDS $UP $RD"
check "six large results and some small ones are stored" \
	wait_for 120 sh -c "[ \$(wc -l < '$TMP/acked') -ge 10 ]"

before=$(wc -l < "$TMP/acked")
t0=$(date +%s.%N)
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" backup "$TMP/copy.db" 2>&1)
check_eq "kpcid backup succeeds while uploads and reads go on" 0 $?
secs=$(echo "$(date +%s.%N) - $t0" | bc)
echo "# $out"
after=$(wc -l < "$TMP/acked")
check_contains "it says what it copied where" "backup: $TMP/data/kpci.db copied to $TMP/copy.db (" "$out"
sleep 1
touch "$TMP/stop"
wait $UP $RD 2>/dev/null
echo "# the backup took $secs s; results acknowledged: $before before it, $((after - before)) during it, $(wc -l < "$TMP/acked") in all"
check "uploads were answered after it too" test "$(wc -l < "$TMP/acked")" -gt "$after"

C="sqlite3 -readonly $TMP/copy.db"
check_eq "the copy is whole" "ok" "$($C 'PRAGMA integrity_check')"
check_eq "the copy is readable by its owner only" 600 "$(stat -c %a "$TMP/copy.db")"
$C "SELECT job_id || ' ' || count(*) FROM samples GROUP BY job_id ORDER BY job_id" > "$TMP/in-copy"
missing=$(head -n "$before" "$TMP/acked" | sort | comm -23 - "$(sort "$TMP/in-copy" > "$TMP/in-copy.sorted"; echo "$TMP/in-copy.sorted")" | wc -l)
check_eq "every result acknowledged before the backup is in it, whole" 0 "$missing"
partial=$(sort "$TMP/acked" | comm -13 - "$TMP/in-copy.sorted" | wc -l)
check_eq "every result in it is whole (as it was acknowledged)" 0 "$partial"
stored=$(wc -l < "$TMP/in-copy")
check "and none acknowledged after it ended ($stored stored, $after acknowledged by then)" \
	test "$stored" -le "$after"
total=$($C "SELECT count(*) FROM samples")

# a kpcid on the copy serves what the copy holds
stop_kpcid
mkdir -p "$TMP/restored"
cp "$TMP/copy.db" "$TMP/restored/kpci.db"
"$KPCI_BIN/kpcid" -c "$TMP/kpcid.ini" --data-dir "$TMP/restored" --listen 127.0.0.1:0 \
	> "$TMP/restored.log" 2>&1 &
PIDS="$PIDS $!"
check "kpcid starts on the restored copy" \
	wait_for 20 grep -q "listening on" "$TMP/restored.log"
URL=$(sed -n 's|.*listening on \(http://127.0.0.1:[0-9]*\)/.*|\1|p' "$TMP/restored.log")
check_eq "and serves its $total samples" "$total" \
	"$(curl -s "$URL/api/v1/status" | jq '.samples')"
check "its integrity check at start, beside the serving, finds it whole" \
	wait_for 30 grep -q "integrity check at start: the database is whole" "$TMP/restored.log"

# bad input: nothing is overwritten, nothing is left
echo keep > "$TMP/exists.db"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/restored" backup "$TMP/exists.db" 2>&1)
check_eq "a backup onto an existing file fails" 1 $?
check_contains "  ... saying so" "cannot make $TMP/exists.db: File exists (a copy is written to a new file only)" "$out"
check_eq "  ... and leaves the file as it was" keep "$(cat "$TMP/exists.db")"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/restored" backup "$TMP/no/such/dir/x.db" 2>&1)
check_eq "a backup into a missing folder fails" 1 $?
check_contains "  ... naming it" "cannot make $TMP/no/such/dir/x.db: No such file or directory" "$out"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/nothing" backup "$TMP/x.db" 2>&1)
check_eq "a backup of no database fails" 1 $?
check_contains "  ... saying where it looked" "there is no database at $TMP/nothing/kpci.db" "$out"
check "  ... and makes neither" sh -c "[ ! -e '$TMP/x.db' ] && [ ! -e '$TMP/nothing' ]"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/restored" backup 2>&1)
check_eq "backup without a file is a usage error" 2 $?
check_contains "  ... saying what is missing" "backup needs one argument" "$out"
finish
