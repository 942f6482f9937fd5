# SPDX-License-Identifier: GPL-2.0-only
# t0955-compact: `kpcid compact` rewrites a database made before kpcid
# made its files in incremental auto-vacuum mode: the free pages are given
# back (the file shrinks), the mode is incremental after, and the data
# answers the same counts.  It refuses while a kpcid serves the file, and
# when the file system has less room than VACUUM needs (a small tmpfs:
# needs root, like the CI machine), leaving the file as it was.
. tests/integration/lib.sh

MOUNTS=""
trap 'for m in $MOUNTS; do umount "$m" 2>/dev/null; done; cleanup' EXIT
DB="$TMP/data/kpci.db"
# counts: samples, jobs, series and environments of the file at $1
counts() {
	sqlite3 -readonly "$1" "SELECT (SELECT count(*) FROM samples) || ' ' || (SELECT count(*)
		FROM jobs) || ' ' || (SELECT count(*) FROM series) || ' ' || (SELECT count(*)
		FROM environments) || ' ' || (SELECT sum(value) FROM samples)"
}

printf '[analysis]\nenabled = false\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
AT=$(token admin)
RT=$(token runner)
api POST /api/v1/runners/register "$RT" \
	'{"name":"r1","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
for _ in 1 2 3 4 5 6; do
	j=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	result "$j" 2000 > "$TMP/up.json"
	curl -s -o /dev/null -H "Authorization: Bearer $RT" -H 'Content-Type: application/json' \
		--data-binary @"$TMP/up.json" "$URL/api/v1/jobs/$j/result"
done
check_eq "six results of 2,000 samples are stored" 12000 \
	"$(curl -s "$URL/api/v1/status" | jq '.samples')"

# --- refused while kpcid serves the file
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" compact 2>&1)
check_eq "compact while kpcid serves the file fails" 1 $?
check_contains "  ... saying why" "kpcid: compact: $DB is in use (a kpcid serving it, or another program has it open): stop it first, compact rewrites the whole file" "$out"
check_eq "  ... and kpcid still serves it" 12000 "$(curl -s "$URL/api/v1/status" | jq '.samples')"
check_eq "  ... in the mode kpcid made it" 2 "$(sql 'PRAGMA auto_vacuum')"
stop_kpcid

# --- a file of the old mode with free pages, as the fold leaves them
sqlite3 "$DB" "PRAGMA auto_vacuum = NONE; VACUUM; CREATE TABLE pad (b);
	WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
	INSERT INTO pad SELECT zeroblob(20000) FROM n; DROP TABLE pad;"
check_eq "the old file has no auto-vacuum" 0 "$(sql 'PRAGMA auto_vacuum')"
free=$(sql 'PRAGMA freelist_count')
check "  ... and free pages ($free)" test "$free" -gt 300
before=$(stat -c %s "$DB")
mode=$(stat -c %a "$DB")
was=$(counts "$DB")

# --- no room: the file is left as it was
mkdir -p "$TMP/small"
mount -t tmpfs -o size=16m tmpfs "$TMP/small" && MOUNTS="$TMP/small"
check "a 16 MiB tmpfs" test -n "$MOUNTS"
cp "$DB" "$TMP/small/kpci.db"
data=$(( ($(sql 'PRAGMA page_count') - free) * $(sql 'PRAGMA page_size') ))
room=$(( $(df -B1 --output=avail "$TMP/small" | tail -1) ))
head -c $(( room - data - data / 2 )) /dev/zero > "$TMP/small/filler"
out=$("$KPCI_BIN/kpcid" --db "$TMP/small/kpci.db" compact 2>&1)
check_eq "compact with less room than VACUUM needs fails" 1 $?
check_contains "  ... saying how much it needs and why" "kpcid: compact: $TMP/small/kpci.db holds $data bytes of data and $TMP/small has " "$out"
check_contains "  ... (twice the data)" "VACUUM needs (about twice the data: a temporary copy, then the file written again through its WAL); free some space first" "$out"
check "  ... and leaves the file as it was" cmp -s "$DB" "$TMP/small/kpci.db"

# --- compacted
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" compact 2>&1)
check_eq "compact with kpcid stopped succeeds" 0 $?
echo "# $out"
after=$(stat -c %s "$DB")
check_contains "it prints the sizes before and after" "compact: $DB: $before bytes before ($free free pages, auto-vacuum none), $after bytes after (auto-vacuum incremental)" "$out"
check "the file shrank ($before -> $after bytes)" test "$after" -lt "$before"
check_eq "the file is in incremental auto-vacuum mode" 2 "$(sql 'PRAGMA auto_vacuum')"
check_eq "it has no free pages" 0 "$(sql 'PRAGMA freelist_count')"
check_eq "it is whole" ok "$(sql 'PRAGMA integrity_check')"
check_eq "it holds the same data" "$was" "$(counts "$DB")"
check_eq "its mode is kept" "$mode" "$(stat -c %a "$DB")"
check "no temporary file is left beside it" \
	test "$(ls "$TMP/data" | grep -v -e '^kpci.db' -e '^artifacts$' | wc -l)" -eq 0
start_kpcid -c "$TMP/kpcid.ini"
check_eq "kpcid serves its samples" 12000 "$(curl -s "$URL/api/v1/status" | jq '.samples')"
check_eq "health says the file gives free pages back" true \
	"$(curl -s "$URL/api/v1/health" | jq '.retention.incremental_vacuum')"
stop_kpcid

# --- bad input
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/data" compact now 2>&1)
check_eq "compact with an argument is a usage error" 2 $?
check_contains "  ... saying so" "compact takes no argument" "$out"
out=$("$KPCI_BIN/kpcid" --data-dir "$TMP/nothing" compact 2>&1)
check_eq "compact of no database fails" 1 $?
check_contains "  ... saying where it looked" "there is no database at $TMP/nothing/kpci.db" "$out"
check "  ... and makes nothing" test ! -e "$TMP/nothing"
finish
