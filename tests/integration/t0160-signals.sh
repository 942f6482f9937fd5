# SPDX-License-Identifier: GPL-2.0-only
# t0160-signals: SIGHUP reloads what may change and keeps the old
# configuration when the new one is wrong; SIGTERM stops cleanly.
. tests/integration/lib.sh

printf '[jobs]\nlease_seconds = 30\n' > "$TMP/kpcid.ini"
start_kpcid -c "$TMP/kpcid.ini"
RT=$(token runner)
reg='{"name":"s-1","runner_class":"c"}'
check_contains "lease_seconds starts at 30" '"lease_seconds":30' "$(api POST /api/v1/runners/register "$RT" "$reg")"

printf '[jobs]\nlease_seconds = 45\n[server]\nthreads = 8\n' > "$TMP/kpcid.ini"
kill -HUP "$KPCID_PID"
wait_for 5 grep -q "configuration reloaded" "$TMP/kpcid.log"
check_contains "SIGHUP changes lease_seconds" '"lease_seconds":45' "$(api POST /api/v1/runners/register "$RT" "$reg")"
check_contains "a key that needs a restart is named" "need a restart to change: server.threads" "$(cat "$TMP/kpcid.log")"
check "the flags given at start are not reported as changed" sh -c "! grep -q 'server.listen' '$TMP/kpcid.log'"

printf '[jobs]\nlease_seconds = -1\n' > "$TMP/kpcid.ini"
kill -HUP "$KPCID_PID"
wait_for 5 grep -q "configuration kept as it was" "$TMP/kpcid.log"
check_contains "a bad reload is refused with its reason" "kpcid.ini:2: jobs.lease_seconds: -1 is out of range" "$(cat "$TMP/kpcid.log")"
check_contains "and the old value stays" '"lease_seconds":45' "$(api POST /api/v1/runners/register "$RT" "$reg")"

stop_kpcid
check_contains "SIGTERM stops after the requests in flight" "stopped" "$(tail -n 1 "$TMP/kpcid.log")"
check_eq "the database is intact" ok "$(sql "PRAGMA integrity_check")"
check_eq "the runner is still registered" 1 "$(sql "SELECT count(*) FROM runners")"
finish
