# SPDX-License-Identifier: GPL-2.0-only
# t0850-lava-real (opt-in, root, `make check-lava`): one kpci job through
# a real LAVA lab on this machine.  Debian's lava-server and
# lava-dispatcher (2023.01 in bookworm) with PostgreSQL: the daemons are
# started as their systemd units start them (the same commands, users and
# configuration), except that gunicorn and lava-publisher listen on free
# loopback ports of their own and log into the test's directory; Apache
# is not needed, the API and the worker talk to gunicorn directly.  The
# lab gets a superuser with an API token, the `qemu` device type, a
# worker on this machine (lava-worker) and one QEMU device on it (TCG:
# `no_kvm`, as /dev/kvm may hang here).  A real kpcid and a kpci-runner
# with `boot_methods = lava` then run one kbench job: the runner
# publishes the kernel and kpci's initramfs (file://, the dispatcher runs
# here), LAVA boots them in QEMU and its monitor matches the guest's
# KPCI-RESULT lines.  Checks: the LAVA job is Complete, LAVA's kpci test
# cases are as many as kpci's samples, each sample names the LAVA job and
# device, and the kpci job is done.
#
# The kernel is KPCI_LAVA_KERNEL (a bzImage of
# configs/kconfig/qemu-x86_64.config, as kpci-runner builds it), by
# default the one `make run` built in var/.  Nothing is installed here: a
# missing package is named and fails the test.  What the test started
# (PostgreSQL when it was down, the LAVA daemons) is stopped at the end;
# what it added to the lab's database (user kpci-lava and a token,
# worker kpci-worker, device kpci-qemu-01 and its device dictionary) stays
# and is reused by the next run.  It boots QEMU: on a shared machine run
# it under flock /work/kernel.lock.
. tests/integration/lib.sh

KERNEL=${KPCI_LAVA_KERNEL:-$(pwd)/var/runner/builds/trees/linux--qemu-x86_64.config/out/arch/x86/boot/bzImage}
WORKER=kpci-worker
DEVICE=kpci-qemu-01
USER_NAME=kpci-lava
DICT=/etc/lava-server/dispatcher-config/devices/$DEVICE.jinja2
PY=/usr/bin/python3

if [ "$(id -u)" -ne 0 ]; then
	not_ok "needs root (the LAVA daemons run as their own users)"
	finish
fi
PATH="$PATH:/usr/sbin"
for need in lava-server:lava-server lava-worker:lava-dispatcher gunicorn3:gunicorn \
	pg_lsclusters:postgresql qemu-system-x86_64:qemu-system-x86; do
	command -v "${need%%:*}" > /dev/null || {
		not_ok "${need%%:*} is missing: apt-get install ${need#*:} lava-server lava-dispatcher (tools/deps.sh, the optional LAVA group)"
		finish
	}
done
if [ ! -r "$KERNEL" ]; then
	not_ok "no kernel at $KERNEL: set KPCI_LAVA_KERNEL to a bzImage of configs/kconfig/qemu-x86_64.config"
	finish
fi

LAB_DIR=$TMP/lab
mkdir -p "$LAB_DIR"
chmod 755 "$TMP"
chmod 777 "$LAB_DIR"                  # the daemons log here as lavaserver
LAB_PIDS=""
PG_STARTED=""
# lab_stop: stops the daemons this test started (TERM, so gunicorn takes
# its workers with it), then PostgreSQL when it was down before.
lab_stop() {
	for p in $LAB_PIDS; do kill -TERM "$p" 2>/dev/null; done
	for p in $LAB_PIDS; do
		for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -KILL "$p" 2>/dev/null
	done
	for c in $PG_STARTED; do pg_ctlcluster ${c%/*} ${c#*/} stop; done
}
trap 'lab_stop; cleanup' EXIT
# lab_start NAME COMMAND...: a daemon of the lab in its own session.
lab_start() {
	n=$1
	shift
	setsid "$@" > "$LAB_DIR/$n.out" 2>&1 &
	LAB_PIDS="$LAB_PIDS $!"
}
port() { $PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
manage() { lava-server manage "$@" >> "$LAB_DIR/manage.log" 2>&1; }

# PostgreSQL: the clusters that are down are started (and stopped at the end).
for c in $(pg_lsclusters -h | awk '$4 == "down" {print $1 "/" $2}'); do
	pg_ctlcluster "${c%/*}" "${c#*/}" start && PG_STARTED="$PG_STARTED $c"
done
check "PostgreSQL is online" sh -c "pg_lsclusters -h | grep -q online"
check "the lab's database is migrated (lava-server's postinst)" sh -c \
	"lava-server manage showmigrations lava_scheduler_app 2>&1 | grep -q '\[X\]'"

# The server: gunicorn as lava-server-gunicorn.service runs it.
HTTP_PORT=$(port)
PUB_PORT=$(port)
LAB="http://127.0.0.1:$HTTP_PORT"
lab_start gunicorn /usr/bin/gunicorn3 lava_server.wsgi --log-level INFO \
	--log-file "$LAB_DIR/gunicorn.log" -u lavaserver -g lavaserver --worker-class eventlet \
	--workers 2 --bind "127.0.0.1:$HTTP_PORT"
check "lava-server's API answers (gunicorn)" wait_for 60 sh -c \
	"curl -sf -o /dev/null '$LAB/api/v0.2/'"
lab_start scheduler lava-server manage lava-scheduler --level DEBUG --log-file "$LAB_DIR/scheduler.log"
lab_start publisher lava-server manage lava-publisher --level DEBUG \
	--log-file "$LAB_DIR/publisher.log" --host 127.0.0.1 --port "$PUB_PORT"

# A superuser with a fresh API token, the device type, the worker, the device.
manage users details "$USER_NAME" || manage users add "$USER_NAME" --email kpci@localhost --superuser
SECRET=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
manage tokens add --user "$USER_NAME" --description "kpci t0850" --secret "$SECRET"
printf '%s\n' "$SECRET" > "$TMP/lava.token"
manage device-types details qemu || manage device-types add qemu
manage workers details "$WORKER" || manage workers add "$WORKER"
manage devices details "$DEVICE" || manage devices add --device-type qemu --worker "$WORKER" "$DEVICE"
printf "{%% extends 'qemu.jinja2' %%}\n{%% set no_kvm = True %%}\n{%% set mac_addr = '52:54:00:12:34:59' %%}\n" > "$DICT"
chown lavaserver:lavaserver "$DICT"
manage devices update --health GOOD --worker "$WORKER" "$DEVICE"
check_eq "the token reaches the API as user $USER_NAME" 200 \
	"$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Token $SECRET" "$LAB/api/v0.2/jobs/?limit=1")"
check_contains "device $DEVICE has its device dictionary" "device-dict: True" \
	"$(lava-server manage devices details "$DEVICE" 2>&1)"

# The dispatcher: lava-worker as lava-worker.service runs it, with the
# worker's token.
WTOKEN=$(lava-server manage workers details "$WORKER" 2>/dev/null | sed -n 's/^token *: *//p')
lab_start worker /usr/bin/lava-worker --name "$WORKER" --level DEBUG --url "$LAB/" \
	--token "$WTOKEN" --worker-dir "$LAB_DIR/worker" --log-file "$LAB_DIR/worker.log"
check "the worker comes online" wait_for 90 sh -c \
	"lava-server manage workers details '$WORKER' 2>/dev/null | grep -q 'state *: Online'"

# kpci: kpcid, a runner with boot_methods = lava, one kbench job.
start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
cat > "$TMP/runner.ini" <<INI
[runner]
boot_methods = lava
poll_min = 1
poll_max = 2
[qemu]
kernel = $(readlink -f "$KERNEL")
nodes = 1
cpus_per_node = 1
memory_mb = 1024
[lava]
url = $LAB
token_file = $TMP/lava.token
device_type = qemu
boot = qemu
publish_dir = $TMP/publish
publish_url = file://$TMP/publish/
poll_interval = 5
job_timeout = 20
retries = 3
INI
out=$(api POST /api/v1/jobs "$AT" '{"suite":"kbench","boot":"lava","iterations":1,"warmup":0}')
j=$(printf "%s" "${out#* }" | jq .id)
check_eq "a kbench job with boot lava is queued" 201 "${out%% *}"
t0=$(date +%s)
start_runner lab "$RT" -c "$TMP/runner.ini"
check "the runner submits a LAVA job" wait_for 120 sh -c "grep -q 'LAVA job [0-9]* submitted' '$TMP/lab.log'"
LJ=$(sed -n 's/.*LAVA job \([0-9]*\) submitted.*/\1/p' "$TMP/lab.log" | head -n 1)
check "the kpci job ends (within 25 min)" wait_sql 1500 \
	"SELECT state IN ('done', 'failed') FROM jobs WHERE id = $j" 1
echo "# the job took $(( $(date +%s) - t0 )) s"
ljob=$(curl -s -H "Authorization: Token $SECRET" "$LAB/api/v0.2/jobs/${LJ:-0}/")
check_eq "the LAVA job finished Complete on $DEVICE" "Finished Complete $DEVICE" \
	"$(printf "%s" "$ljob" | jq -r '"\(.state) \(.health) \(.actual_device)"')"
check_eq "the kpci job is done" done "$(sql "SELECT state || (CASE WHEN reason IS NULL THEN '' ELSE ': ' || reason END) FROM jobs WHERE id = $j")"
n=$(sql "SELECT count(*) FROM samples WHERE job_id = $j")
check "kpci stored the guest's samples" test "${n:-0}" -gt 0
suite=$(curl -s -H "Authorization: Token $SECRET" "$LAB/api/v0.2/jobs/${LJ:-0}/suites/" |
	jq -r '.results[] | select(.name | endswith("kpci")) | .id')
cases=$(curl -s -H "Authorization: Token $SECRET" "$LAB/api/v0.2/jobs/${LJ:-0}/suites/${suite:-0}/tests/?limit=1" | jq -r .count)
check_eq "LAVA's monitor recorded as many kpci test cases as kpci has samples" "$n" "$cases"
out=$(api GET "/api/v1/samples?job=$j&limit=1")
check_eq "each sample names the LAVA job and device" "$LAB/scheduler/job/$LJ $DEVICE" \
	"$(printf "%s" "${out#* }" | jq -r '.samples[0] | "\(.lab_job_url) \(.lab_device)"')"
check_eq "the guest ran the kernel kpci published" \
	"$(sha256sum "$KERNEL" | cut -c1-64)" "$(ls "$TMP/publish" | sed -n 's/\.bzImage$//p')"
check_contains "the environment is the lava boot method's" "|lava" \
	"$(sql "SELECT DISTINCT e.kernel_release || '|' || e.boot_method FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = $j")"
if [ "$failed" -ne 0 ]; then
	for f in lab.log "lab/worker.log" "lab/scheduler.log" "lab/gunicorn.log" "lab/manage.log"; do
		echo "--- $f"; tail -n 30 "$TMP/$f" 2>/dev/null
	done
	echo "--- the LAVA job's log"
	curl -s -H "Authorization: Token $SECRET" "$LAB/api/v0.2/jobs/${LJ:-0}/logs/" | tail -n 40
fi
finish
