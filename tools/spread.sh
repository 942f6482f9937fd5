#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# spread.sh - how steady a suite's samples are on this machine: the table
# of docs/suites.md ("Spread").  It starts a kpcid of its own (a temporary
# directory, port 0), queues BOOTS jobs of each SUITE with ITERATIONS
# recorded iterations after one warm-up, runs them on a kpci-runner, and
# prints per metric, from the stored samples:
#
#   median      the median of all samples
#   within %    the coefficient of variation (sample standard deviation /
#               mean) of one job's iterations, the median over the jobs
#   between %   the coefficient of variation of the jobs' medians: boot to
#               boot for qemu, run to run on the host
#
# usage: tools/spread.sh host|qemu BOOTS ITERATIONS SUITE...
#   KPCI_BIN       kpcid and kpci-runner (default bin/; its guest/ too)
#   KPCI_SUITES    suite files (default configs/suites)
#   KERNEL         qemu: the bzImage to boot
#   MODULES        qemu: a directory with wq_flush.ko built for it
#   QEMU_EXTRA     qemu: more [qemu] lines for the runner (e.g. pin_vcpus = off)
# Run QEMU measurements under `flock /work/kernel.lock` on a shared machine.
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { echo "usage: tools/spread.sh host|qemu BOOTS ITERATIONS SUITE..." >&2; exit 2; }
method=$1 boots=$2 iters=$3
shift 3
BIN=$(cd "${KPCI_BIN:-bin}" && pwd)
SUITES=$(cd "${KPCI_SUITES:-configs/suites}" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kpci-spread.XXXXXX")
trap 'kill $KPID $RPID 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
KPID= RPID=

"$BIN/kpcid" --data-dir "$TMP/data" --listen 127.0.0.1:0 > "$TMP/kpcid.log" 2>&1 &
KPID=$!
for _ in $(seq 100); do
	PORT=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$TMP/kpcid.log")
	[ -n "$PORT" ] && break
	sleep 0.1
done
URL=http://127.0.0.1:$PORT
AT=$("$BIN/kpcid" --data-dir "$TMP/data" token create --role admin --name spread)
RT=$("$BIN/kpcid" --data-dir "$TMP/data" token create --role runner --name spread --classes "*")
for suite in "$@"; do
	for _ in $(seq "$boots"); do
		curl -sf -o /dev/null -H "Authorization: Bearer $AT" -H 'Content-Type: application/json' \
			--data-binary "{\"suite\":\"$suite\",\"boot\":\"$method\",\"runner_class\":\"spread\",\"iterations\":$iters,\"warmup\":1}" \
			"$URL/api/v1/jobs"
	done
done
{
	printf '[runner]\nboot_methods = %s\npoll_min = 1\npoll_max = 1\n[suites]\ndir = %s\n' \
		"$method" "$SUITES"
	[ -n "${MODULES:-}" ] && [ "$method" = host ] && printf 'modules_dir = %s\n' "$MODULES"
	if [ "$method" = qemu ]; then
		printf '[qemu]\nkernel = %s\nnodes = 2\ncpus_per_node = 2\nmemory_mb = 1024\n' "$KERNEL"
		printf 'boot_timeout = 1800\n'
		[ -n "${MODULES:-}" ] && printf 'modules_dir = %s\n' "$MODULES"
		[ -n "${QEMU_EXTRA:-}" ] && printf '%s\n' "$QEMU_EXTRA"
	fi
} > "$TMP/runner.ini"
"$BIN/kpci-runner" -c "$TMP/runner.ini" --server "$URL" --token "$RT" --name spread \
	--class spread --work-dir "$TMP/w" > "$TMP/runner.log" 2>&1 &
RPID=$!
want=$(( boots * $# ))
while [ "$(sqlite3 -readonly "$TMP/data/kpci.db" "SELECT count(*) FROM jobs WHERE state IN ('done','failed')")" -lt "$want" ]; do
	sleep 2
done
sqlite3 -readonly "$TMP/data/kpci.db" \
	"SELECT id, json_extract(spec, '\$.suite'), state, reason FROM jobs WHERE state = 'failed'" |
	sed 's/^/# failed: /' >&2

# job|suite/metric|value|spread (-1: none), ordered by metric and job
sqlite3 -readonly -separator '|' "$TMP/data/kpci.db" "
	SELECT s.job_id, m.suite || '/' || m.name, s.value,
	       coalesce(json_extract(e.env, '\$.accel'), '')
	FROM samples s JOIN series r ON r.id = s.series_id JOIN metrics m ON m.id = r.metric_id
	JOIN environments e ON e.id = s.env_id ORDER BY 2, 1, s.iteration" > "$TMP/samples"
printf '%-34s %12s %9s %10s\n' metric median "within %" "between %"
awk -F'|' '
function cv(a, n,   i, m, ss) { if (n < 2) return 0; m = 0; for (i = 1; i <= n; i++) m += a[i]; m /= n
	ss = 0; for (i = 1; i <= n; i++) ss += (a[i] - m) ^ 2; return m ? 100 * sqrt(ss / (n - 1)) / (m < 0 ? -m : m) : 0 }
function med(a, n,   i, j, t, b) { for (i = 1; i <= n; i++) b[i] = a[i]
	for (i = 2; i <= n; i++) { t = b[i]; for (j = i - 1; j > 0 && b[j] > t; j--) b[j + 1] = b[j]; b[j + 1] = t }
	return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2 }
function flush_job() { if (nj) { ncv++; cvs[ncv] = cv(jv, nj); nmed++; meds[nmed] = med(jv, nj) } nj = 0 }
function flush_metric() { flush_job(); if (metric != "") printf "%-34s %12.4g %9.1f %10.1f\n", metric, med(all, na), med(cvs, ncv), cv(meds, nmed)
	na = ncv = nmed = 0 }
{ if ($2 != metric) { flush_metric(); metric = $2; job = "" }
  if ($1 != job) { flush_job(); job = $1 }
  nj++; jv[nj] = $3; na++; all[na] = $3 }
END { flush_metric() }' "$TMP/samples"
echo "# $boots jobs x $iters iterations per suite, boot $method, accelerator $(cut -d'|' -f4 "$TMP/samples" | sort -u | tr '\n' ' ')"
# each job's seconds, and the first line of its log (qemu with
# instructions = on: what the -icount boot gave, in how many seconds)
sqlite3 -readonly -separator ' ' "$TMP/data/kpci.db" "
	SELECT '# job', j.id, json_extract(j.spec, '\$.suite') || ':', j.finished_at - j.started_at,
	       's;', coalesce(substr(x.log, 1, instr(x.log || char(10), char(10)) - 1), '')
	FROM jobs j LEFT JOIN job_results x ON x.job_id = j.id ORDER BY j.id"
