# SPDX-License-Identifier: GPL-2.0-only
# t0920-storage-health: kpcid says when its storage is in trouble and
# stores nothing rather than store badly.  A database damaged while kpcid
# was down is found by the check at start (health degraded, uploads 503),
# and by the check on demand; a full disk (a small tmpfs) answers 507
# with a sentence, losing nothing stored before and nothing of the
# refused upload, and uploads go on once there is room; a WAL over
# [storage] max_wal_mb is reported; the database is readable by its
# owner only; an emptied configuration file is refused on SIGHUP.
# Uses a small tmpfs mount (needs root, like the CI machine).
. tests/integration/lib.sh

MOUNTS=""
trap 'for m in $MOUNTS; do umount "$m" 2>/dev/null; done; cleanup' EXIT

# upload N: queues, claims and uploads a job of N samples; "STATUS BODY".
upload() {
	j=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' | sed -n 's/^20. .*"id":\([0-9]*\).*/\1/p')
	api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}' > /dev/null
	result "${j:-0}" "$1" > "$TMP/result.json"
	curl -s -o "$TMP/body" -w '%{http_code}' -H "Authorization: Bearer $RT" \
		-H 'Content-Type: application/json' --data-binary @"$TMP/result.json" \
		"$URL/api/v1/jobs/${j:-0}/result"
	printf ' '
	cat "$TMP/body"
}
setup() {
	AT=$(token admin)
	RT=$(token runner)
	api POST /api/v1/runners/register "$RT" \
		'{"name":"r1","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}' > /dev/null
}

# --- a damaged database
printf '[analysis]\nenabled = false\n[storage]\nmax_wal_mb = 1\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
setup
check_eq "the database is created readable by its owner only" 600 \
	"$(stat -c %a "$TMP/data/kpci.db")"
out=$(upload 3000)
check_contains "an upload of 3,000 samples is stored" '200 {"duplicate":false,"samples":3000}' "$out"
wal=$(stat -c %s "$TMP/data/kpci.db-wal")
check_contains "a WAL of $((wal >> 10)) KiB over max_wal_mb = 1 is reported" \
	"over [storage] max_wal_mb = 1: checkpoints do not keep up" "$(api GET /api/v1/health)"
stop_kpcid
# 20 pages of the samples, written last, at the end of the file (the
# schema and the tokens, made first, stay whole)
pages=$(( $(stat -c %s "$TMP/data/kpci.db") / 16384 ))
check "the file has pages to spare ($pages)" test "$pages" -gt 80
for p in $(seq $((pages - 22)) $((pages - 3))); do
	head -c 16384 /dev/urandom | dd of="$TMP/data/kpci.db" bs=16384 seek="$p" conv=notrunc 2>/dev/null
done
start_kpcid -c "$TMP/kpcid.ini"
check "the check at start finds the damage" \
	wait_for 20 grep -q "integrity check at start: the database is damaged" "$TMP/kpcid.log"
out=$(api GET /api/v1/health)
check_contains "health says degraded" '503 {"status":"degraded"' "$out"
check_contains "... and why" "the database failed its integrity check (at start): " "$out"
out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
check_contains "a runner's call that writes is refused with the reason" \
	"503 {\"error\":\"the database failed its integrity check (at start): " "$out"
out=$(api POST /api/v1/integrity-check "$AT")
check_contains "the check on demand says so too" '200 {"integrity":"damaged","report":"' "$out"
stop_kpcid

# --- a full disk
rm -rf "$TMP/data"
mkdir -p "$TMP/data"
mount -t tmpfs -o size=12m tmpfs "$TMP/data" && MOUNTS="$TMP/data"
check "a 12 MiB tmpfs holds the database" test -n "$MOUNTS"
printf '[analysis]\nenabled = false\n[storage]\nmin_free_mb = 1\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
setup
out=$(upload 200)
check_contains "an upload fits" '200 {"duplicate":false,"samples":200}' "$out"
stored=$(sql "SELECT count(*) FROM samples")
free=$(df -k --output=avail "$TMP/data" | tail -1)
head -c $(( (free - 2 * 1024) * 1024 )) /dev/zero > "$TMP/data/filler" 2>/dev/null
out=$(upload 40000)
check_contains "an upload larger than the room left is refused: 507" \
	'507 {"error":"kpcid cannot store: the disk holding its database is full (SQLite: ' "$out"
check_eq "nothing of it was stored, nothing before was lost" "$stored" \
	"$(sql "SELECT count(*) FROM samples")"
out=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench"}')
check_contains "the next write is refused before it is read" \
	'507 {"error":"the disk holding the database has 0 MiB free, under [storage] min_free_mb = 1; kpcid stores nothing until there is room"}' "$out"
out=$(api POST "/api/v1/jobs/2/result" "$RT" "$(result 2 10)")
check_contains "... a result too: the runner keeps it in its spool" '507 {"error":"the disk' "$out"
out=$(api GET /api/v1/health)
check_contains "health says so" '503 {"status":"degraded"' "$out"
check_contains "... with the free space" "the disk holding the database has 0 MiB free" "$out"
rm -f "$TMP/data/filler"
out=$(upload 200)
check_contains "with room again, uploads are stored" '200 {"duplicate":false,"samples":200}' "$out"
check_contains "and health is ok" '200 {"status":"ok"' "$(api GET /api/v1/health)"
check_eq "PRAGMA integrity_check" ok "$(sql "PRAGMA integrity_check")"

# --- a full disk with min_free_mb = 0 (no margin): still a 507, never an
# authorisation answer or a lease that was not stored, and health says so
stop_kpcid
umount "$TMP/data" && MOUNTS=""
rm -rf "$TMP/data"
mkdir -p "$TMP/data"
mount -t tmpfs -o size=12m tmpfs "$TMP/data" && MOUNTS="$TMP/data"
printf '[analysis]\nenabled = false\n[storage]\nmin_free_mb = 0\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
setup
api POST /api/v1/jobs "$AT" '{"suite":"kbench"}' > /dev/null
free=$(df -B1 --output=avail "$TMP/data" | tail -1)
head -c $((free - 4096)) /dev/zero > "$TMP/data/filler" 2>/dev/null
out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
check_contains "a claim that cannot be stored is a 507, not a 403 nor a lease" \
	'507 {"error":"kpcid cannot store: the disk holding its database is full (SQLite: ' "$out"
check_eq "  ... and the job is still queued" queued "$(sql "SELECT state FROM jobs WHERE id = 1")"
out=$(api POST /api/v1/runners/register "$RT" \
	'{"name":"r2","runner_class":"c1","capabilities":["bench"],"boot_methods":["host"]}')
check_contains "a register on the full disk is a 507" '507 {"error":"' "$out"
out=$(api GET /api/v1/health)
check_contains "health says degraded, whatever min_free_mb says" '503 {"status":"degraded"' "$out"
check_contains "  ... that it cannot store" '"can_store":false' "$out"
check_contains "  ... and why" "the disk holding the database is full (0 bytes free)" "$out"
rm -f "$TMP/data/filler"
out=$(api POST /api/v1/jobs/claim "$RT" '{"runner_id":1}')
check_contains "with room again, the claim leases the job" '200 {"job":{"id":1,"attempt":1' "$out"
check_contains "  ... and the lease is stored: a heartbeat extends it" '200 {"lease_seconds"' \
	"$(api POST /api/v1/jobs/1/heartbeat "$RT" '{"runner_id":1,"attempt":1}')"

# --- an emptied configuration file is not a reload of the defaults
printf '[server]\npublic_read = false\n' > "$TMP/kpcid.ini"
kill -HUP "$KPCID_PID"
check "public_read = false is in effect" \
	wait_for 10 sh -c "[ \$(curl -s -o /dev/null -w '%{http_code}' $URL/api/v1/jobs) = 401 ]"
: > "$TMP/kpcid.ini"
kill -HUP "$KPCID_PID"
check "the empty file is refused with a sentence" wait_for 10 grep -q \
	"kpcid.ini:0: the file is empty (no section, no key); without a file the defaults apply" \
	"$TMP/kpcid.log"
check_eq "and the configuration is kept: still 401 without a token" 401 \
	"$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v1/jobs")"
stop_kpcid
finish
