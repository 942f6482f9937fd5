# SPDX-License-Identifier: GPL-2.0-only
# lib.sh - shared set-up for the shell tests (after git's t/test-lib.sh).
#
# A test sources this file, calls start_kpcid, makes checks with
# `check "what" COMMAND...` or ok/not_ok, and ends with `finish`.
# Everything lives in a temporary directory removed at exit; every
# process started here is killed at exit.
set -u
: "${KPCI_BIN:=$(pwd)/bin}"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kpci-test.XXXXXX")
passed=0
failed=0
PIDS=""

ok() { passed=$((passed + 1)); echo "ok - $*"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $*"; }
check() {
	desc=$1
	shift
	if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}
# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: expected '$2', got '$3'"; fi
}
# free_port: a loopback port nobody listens on now
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# check_contains WHAT NEEDLE HAYSTACK
check_contains() {
	case "$3" in
	*"$2"*) ok "$1" ;;
	*) not_ok "$1: '$2' not in: $(printf '%s' "$3" | head -c 400)" ;;
	esac
}

cleanup() {
	for p in $PIDS; do kill -9 "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
# a test stopped by a signal (a CI timeout, Ctrl-C) cleans up as well
trap 'exit 1' INT TERM

# start_kpcid [ARGS]: starts kpcid on a free port; sets KPCID_PID, URL.
start_kpcid() {
	: > "$TMP/kpcid.log"
	"$KPCI_BIN/kpcid" --data-dir "$TMP/data" --listen 127.0.0.1:${KPCID_PORT:-0} "$@" \
		>> "$TMP/kpcid.log" 2>&1 &
	KPCID_PID=$!
	PIDS="$PIDS $KPCID_PID"
	for _ in $(seq 100); do
		PORT=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/kpcid.log")
		[ -n "$PORT" ] && break
		sleep 0.1
	done
	if [ -z "$PORT" ]; then
		echo "kpcid did not start:"; cat "$TMP/kpcid.log"
		not_ok "kpcid starts"
		finish
	fi
	URL="http://127.0.0.1:$PORT"
	export KPCI_SERVER="$URL"
}

stop_kpcid() {
	kill -TERM "$KPCID_PID" 2>/dev/null
	wait "$KPCID_PID" 2>/dev/null
}

# token ROLE [NAME [CLASSES]]: prints a new API token; a runner token
# serves CLASSES (default '*': any runner class).
token() {
	if [ "$1" = runner ]; then
		"$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role runner \
			--name "${2:-test}" --classes "${3:-*}"
	else
		"$KPCI_BIN/kpcid" --data-dir "$TMP/data" token create --role "$1" --name "${2:-test}"
	fi
}

# api METHOD PATH [TOKEN] [BODY]: prints "STATUS BODY".
api() {
	if [ -n "${4:-}" ]; then
		curl -s -o "$TMP/body" -w '%{http_code}' -X "$1" ${3:+-H "Authorization: Bearer $3"} \
			-H 'Content-Type: application/json' --data-binary "$4" "$URL$2"
	else
		curl -s -o "$TMP/body" -w '%{http_code}' -X "$1" ${3:+-H "Authorization: Bearer $3"} \
			"$URL$2"
	fi
	printf ' '
	cat "$TMP/body"
}

# sql QUERY: runs a read-only query on the test database.
sql() {
	sqlite3 -readonly "$TMP/data/kpci.db" "$1"
}

# wait_sql SECONDS QUERY EXPECTED: polls until QUERY prints EXPECTED; 1 on timeout.
wait_sql() {
	limit=$(( $1 * 10 ))
	for _ in $(seq "$limit"); do
		[ "$(sql "$2")" = "$3" ] && return 0
		sleep 0.1
	done
	echo "timed out after $1 s waiting for '$2' to be '$3' (it is '$(sql "$2")')"
	return 1
}

# wait_for SECONDS COMMAND...: polls until COMMAND succeeds; 1 on timeout.
wait_for() {
	limit=$(( $1 * 10 ))
	shift
	for _ in $(seq "$limit"); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# result JOB N: a result body for runner 1 of N samples (suite s, metrics
# m00000.., iteration 0, value m + JOB).
result() {
	awk -v j="$1" -v n="$2" 'BEGIN {
		printf "{\"runner_id\":1,\"job_id\":%d,\"attempt\":1,\"status\":\"ok\",\"env\":{},\"samples\":[", j;
		for (m = 0; m < n; m++)
			printf "%s{\"suite\":\"s\",\"metric\":\"m%05d\",\"unit\":\"ns\",\"better\":\"lower\",\"iteration\":0,\"value\":%d}",
				m ? "," : "", m, m + j;
		printf "]}";
	}'
}

# start_runner NAME TOKEN [ARGS]: a kpci-runner in the background; RUNNER_PID.
start_runner() {
	name=$1
	tok=$2
	shift 2
	"$KPCI_BIN/kpci-runner" --server "$URL" --token "$tok" --name "$name" \
		--work-dir "$TMP/$name" "$@" > "$TMP/$name.log" 2>&1 &
	RUNNER_PID=$!
	PIDS="$PIDS $RUNNER_PID"
}

finish() {
	[ "$passed" -eq 0 ] && [ "$failed" -eq 0 ] && not_ok "the test ran no check"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && exit 0
	# a test that printed its own diagnosis keeps it last
	[ -n "${DIAGNOSED:-}" ] || { echo "--- kpcid log"; tail -n 40 "$TMP/kpcid.log" 2>/dev/null; }
	exit 1
}
