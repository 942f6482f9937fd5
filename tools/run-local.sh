#!/bin/sh
# run-local.sh - kpcid and one local kpci-runner on this machine, on the
# embedded defaults of configs/kpcid-local.ini, with everything under ./var.
#
# Creates the tokens on first use (var/admin.token, var/runner.token),
# queues a kbench job now and every KPCI_DEMO_INTERVAL seconds (default
# 300), and stops both programs on Ctrl-C.  `make run` calls this.
set -eu
cd "$(dirname "$0")/.."
BIN=${KPCI_BIN:-bin}
CONF=configs/kpcid-local.ini
URL=http://127.0.0.1:8080
INTERVAL=${KPCI_DEMO_INTERVAL:-300}
mkdir -p var

if [ ! -s var/runner.token ]; then
	"$BIN/kpcid" -c "$CONF" token create --role runner --name local > var/runner.token
fi
if [ ! -s var/admin.token ]; then
	"$BIN/kpcid" -c "$CONF" token create --role admin --name local-admin > var/admin.token
fi
chmod 600 var/runner.token var/admin.token

"$BIN/kpcid" -c "$CONF" &
kpcid=$!
runner=
trap 'kill $runner $kpcid 2>/dev/null; wait 2>/dev/null; exit 0' INT TERM
trap 'kill $runner $kpcid 2>/dev/null' EXIT
for _ in $(seq 50); do
	curl -sf "$URL/api/v1/health" > /dev/null && break
	sleep 0.2
done
"$BIN/kpci-runner" --server "$URL" --token-file var/runner.token \
	--name "$(hostname)-local" --class "$(hostname)-host" --work-dir var/runner &
runner=$!

echo "kpci is running: dashboard $URL/  (admin token in var/admin.token; Ctrl-C stops)"
while :; do
	KPCI_TOKEN=$(cat var/admin.token) "$BIN/kpci" --server "$URL" submit \
		--suite kbench --iterations 5 || true
	sleep "$INTERVAL" &
	wait $! || true
done
