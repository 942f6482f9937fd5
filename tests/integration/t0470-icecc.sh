# SPDX-License-Identifier: GPL-2.0-only
# t0470-icecc: [build] icecc on the fake tree, without a farm: what a
# build runner hands to icecream and how it falls back.  A compiler
# stand-in on PATH (kpci-cc: records its environment, then runs gcc)
# shows that ccache is in front (CC="ccache kpci-cc", CCACHE_PREFIX=icecc,
# never "ccache icecc kpci-cc"), that icecc_env's ICECC_* settings reach
# the compile, and that a build whose farm daemon does not answer, or
# answers and then stalls, is built locally (ICECC=no, the same CC) and
# says so in its record, with icecc's version.  The real farm (scheduler
# and two daemons, a kernel built through it) is the last part of
# tests/slow/t0400-kernel-build.sh.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

if ! command -v icecc > /dev/null || ! command -v ccache > /dev/null; then
	not_ok "icecc and ccache are needed (apt-get install icecc ccache; tools/deps.sh)"
	finish
fi
ICECC_V=$(icecc --version | sed -n 's/^ICECC \([^ ]*\).*/\1/p')

mkdir -p "$TMP/bin"
cat > "$TMP/bin/kpci-cc" <<EOF
#!/bin/sh
# records who called it and with what, then compiles
{ echo "call: \$*"; env | grep -E '^(ICECC|CCACHE_PREFIX)' | sort; } >> "$TMP/cc.log"
exec gcc "\$@"
EOF
chmod +x "$TMP/bin/kpci-cc"
export PATH="$TMP/bin:$PATH" CCACHE_DIR="$TMP/ccache" CCACHE_BASEDIR="$TMP"

build_setup
# farm_ini FILE EXTRA: a build runner whose builds go through icecream
farm_ini() {
	runner_ini "$1" "$TMP/kconfig" "cc = ${CC_LINE:-kpci-cc}
icecc = true
icecc_jobs = 3
icecc_stall = 5
$2"
	sed -i 's/^ccache = false/ccache = true/' "$1"
}
build() { # build COMMIT INI NAME: one build job; prints its build id
	submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$1\",\"config\":\"fake.config\",\"fragments\":[\"modules.frag\"]}" > /dev/null
	run_runner "$3" "$2"
	sql "SELECT max(id) FROM builds"
}

# 1. No daemon answers: a local build, ccache in front, ICECC_* passed on.
farm_ini "$TMP/gone.ini" "icecc_env = ICECC_TEST_SOCKET=$TMP/no-daemon.sock ICECC_PREFERRED_HOST=farm-7"
b=$(build "$C1" "$TMP/gone.ini" r1)
check_eq "the build without a farm is ok" ok "$(sql "SELECT state FROM builds WHERE id = $b")"
check_eq "its record: icecc's version, not used, and why" \
	"icecc|$ICECC_V|0|no icecream daemon answers at $TMP/no-daemon.sock; built locally" \
	"$(sql "SELECT json_extract(distributed, '\$.tool') || '|' || json_extract(distributed, '\$.version') || '|' || json_extract(distributed, '\$.used') || '|' || json_extract(distributed, '\$.fallback') FROM builds WHERE id = $b")"
log=$(curl -s "$URL/api/v1/builds/$b/log")
check_contains "make runs with CC=\"ccache kpci-cc\"" "CC=ccache kpci-cc -j2 all" "$log"
check_contains "the compiler ran with CCACHE_PREFIX=icecc and ICECC=no" "CCACHE_PREFIX=icecc
ICECC=no" "$(cat "$TMP/cc.log")"
check_contains "icecc_env's settings reach the compile" "ICECC_PREFERRED_HOST=farm-7" "$(cat "$TMP/cc.log")"
check "ccache hashed the compiler and missed (it was in front)" \
	test "$(ccache --print-stats | awk '$1 == "cache_miss" {print $2}')" -gt 0
check_eq "ccache called icecc with the compiler, never icecc as the compiler" "" \
	"$(grep '^call:' "$TMP/cc.log" | grep icecc)"
out=$(curl -s "$URL/api/v1/builds/$b")
check_eq "GET /api/v1/builds/ID shows it" "icecc false" \
	"$(echo "$out" | jq -r '"\(.distributed.tool) \(.distributed.used)"')"

# 2. A daemon that takes the compile and never answers: the farm stalls,
# the rest is built locally, the record says both.
cat > "$TMP/silent.py" <<'EOF'
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1])
s.listen(16)
held = []
while True:
    c, _ = s.accept()
    held.append(c)          # never answered
EOF
/usr/bin/python3 "$TMP/silent.py" "$TMP/farm.sock" &
PIDS="$PIDS $!"
wait_for 10 test -S "$TMP/farm.sock"
: > "$TMP/cc.log"
rm -rf "$TMP/ccache"
farm_ini "$TMP/stall.ini" "icecc_env = ICECC_TEST_SOCKET=$TMP/farm.sock"
t0=$(date +%s)
b=$(build "$C2" "$TMP/stall.ini" r2)
check_eq "the build whose farm stalls is ok" ok "$(sql "SELECT state FROM builds WHERE id = $b")"
check_eq "... its record: the farm was used, then stalled" \
	"1|the icecream farm stalled (no build output for 5 s, [build] icecc_stall); finished locally" \
	"$(sql "SELECT json_extract(distributed, '\$.used') || '|' || json_extract(distributed, '\$.fallback') FROM builds WHERE id = $b")"
log=$(curl -s "$URL/api/v1/builds/$b/log")
check_contains "... the farm build ran with icecc_jobs" "CC=ccache kpci-cc -j3 all (icecream)" "$log"
check_contains "... and the local one with jobs, the same CC" "CC=ccache kpci-cc -j2 all" "$log"
check "... within the stall limit and a local build ($(($(date +%s) - t0)) s)" test $(($(date +%s) - t0)) -lt 60
check_eq "no compiler is left waiting on the silent daemon" "" "$(pgrep -f "$TMP/b.*kpci-cc" || true)"

# 3. The old spelling cc = "icecc gcc" is icecc with ccache in front, not behind.
: > "$TMP/cc.log"
CC_LINE="icecc kpci-cc" farm_ini "$TMP/old.ini" "icecc = false
icecc_env = ICECC_TEST_SOCKET=$TMP/no-daemon.sock"
b=$(build "$C1" "$TMP/old.ini" r3)
check_contains "cc = \"icecc kpci-cc\" builds with CC=\"ccache kpci-cc\"" "CC=ccache kpci-cc" \
	"$(curl -s "$URL/api/v1/builds/$b/log")"

# 4. A setting that is not ICECC_*: the job fails, naming it.
farm_ini "$TMP/bad.ini" "icecc_env = ICECC_VERSION=/x PATH=/evil"
b=$(build "$C1" "$TMP/bad.ini" r4)
check_contains "a setting that is not ICECC_* fails the build, naming it" \
	"[build] icecc_env: 'PATH=/evil' is not an ICECC_NAME=VALUE setting" \
	"$(sql "SELECT reason FROM jobs WHERE id = (SELECT job_id FROM builds WHERE id = $b)")"
finish
