# SPDX-License-Identifier: GPL-2.0-only
# t0810-lava: the lava boot method against a loopback stand-in of a LAVA
# lab's REST API v0.2 (tests/integration/lava-standin.py), which checks
# the token, validates each definition with Debian's lava-common schema
# and reads the published kernel and initramfs by their sha256.  A kbench
# job goes through it after a 503 on submission and comes back with the
# guest's samples and the LAVA job's URL and device; an x86 board's
# (iPXE) definition is accepted too; an incomplete LAVA job fails the
# kpci job with the lab's failure comment; a refused token fails it
# saying so; and a runner killed while its LAVA job runs resumes polling
# that job when it starts again, without submitting another.
. tests/integration/lib.sh

PY=/usr/bin/python3                 # Debian's, with lava-common and python3-yaml
if ! $PY -c 'import lava_common.schemas, yaml' 2>/dev/null; then
	not_ok "Debian's lava-common and python3-yaml are needed (tools/deps.sh)"
	finish
fi
kernel=$(ls -v /boot/vmlinuz-* 2>/dev/null | tail -n 1)
if [ -z "$kernel" ]; then
	not_ok "a kernel in /boot to publish (apt-get install linux-image-amd64)"
	finish
fi
CONSOLE=$(pwd)/tests/data/suites/qemu-console-kbench.txt

mkdir -p "$TMP/lab"
echo lava-secret > "$TMP/lava.token"
echo not-the-token > "$TMP/wrong.token"
touch "$TMP/lab/fail-next"
$PY tests/integration/lava-standin.py "$TMP/lab" lava-secret "$CONSOLE" > "$TMP/lab.log" 2>&1 &
PIDS="$PIDS $!"
wait_for 10 test -s "$TMP/lab/port" || { not_ok "the stand-in starts"; cat "$TMP/lab.log"; finish; }
LAB="http://127.0.0.1:$(cat "$TMP/lab/port")"

# runner_ini TOKEN_FILE BOOT DEVICE_TYPE TAGS
runner_ini() {
	cat <<INI
[runner]
boot_methods = lava
poll_min = 1
poll_max = 1
[qemu]
kernel = $(readlink -f "$kernel")
nodes = 2
cpus_per_node = 2
memory_mb = 1024
[lava]
url = $LAB
token_file = $1
boot = $2
device_type = $3
tags = $4
publish_dir = $TMP/publish
publish_url = file://$TMP/publish/
poll_interval = 1
retries = 3
INI
}
runner_ini "$TMP/lava.token" qemu qemu "numa kpci" > "$TMP/good.ini"
runner_ini "$TMP/lava.token" ipxe x86-board "" > "$TMP/board.ini"
runner_ini "$TMP/lava.token" qemu qemu "broken" > "$TMP/broken.ini"
runner_ini "$TMP/wrong.token" qemu qemu "" > "$TMP/wrong.ini"

start_kpcid
RT=$(token runner r1)
AT=$(token admin a1)
submit() { api POST /api/v1/jobs "$AT" "{\"suite\":\"kbench\",\"boot\":\"lava\",\"runner_class\":\"$1\",\"iterations\":2,\"warmup\":0}" | sed 's/^[0-9]* //' | jq .id; }
once() { timeout 120 "$KPCI_BIN/kpci-runner" -c "$TMP/$1.ini" --server "$URL" --token "$RT" \
	--name "$1" --class "$1" --work-dir "$TMP/w-$1" --once >> "$TMP/$1.log" 2>&1; }

j=$(submit good)
once good
check_eq "a kbench job through the lab is done" done "$(sql "SELECT state FROM jobs WHERE id = $j")"
check_eq "the submission was tried again after the lab's 503, once" "503 201" \
	"$(grep '^POST /api/v0.2/jobs/ ' "$TMP/lab/requests.log" | awk '{print $3}' | tr '\n' ' ' | sed 's/ $//')"
check "the definition passed lava-common's validation, offline too" $PY -c '
import sys, yaml
from lava_common.schemas import validate
validate(yaml.safe_load(open(sys.argv[1])), strict=True)' "$TMP/lab/def-1.yaml"
def=$($PY -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))' "$TMP/lab/def-1.yaml")
check_eq "it asks for the device type and tags of [lava]" 'qemu ["numa","kpci"]' \
	"$(printf "%s" "$def" | jq -c -r '"\(.device_type) \(.tags)"')"
check_eq "it deploys the kernel and kpci's initramfs by sha256, and monitors KPCI-RESULT lines" \
	"tmpfs $(sha256sum "$kernel" | cut -c1-64) qemu kpci KPCI-DONE" \
	"$(printf "%s" "$def" | jq -r '"\(.actions[0].deploy.to) \(.actions[0].deploy.images.kernel.sha256sum) \(.actions[1].boot.method) \(.actions[2].test.monitors[0].name) \(.actions[2].test.monitors[0].end)"')"
check_eq "its monitor pattern matches each KPCI-RESULT line of kpci-kbench, with a spread too" \
	"$(grep -c '^KPCI-RESULT' tests/data/suites/kpci-kbench-spread.txt)" \
	"$(printf "%s" "$def" | $PY -c '
import json, re, sys
pattern = json.load(sys.stdin)["actions"][2]["test"]["monitors"][0]["pattern"]
print(sum(1 for l in open(sys.argv[1]) if re.search(pattern, l)))' tests/data/suites/kpci-kbench-spread.txt)"
check_contains "the guest's command line runs the job's suite and iterations" \
	"kpci.suite=kbench kpci.iter=2 kpci.warmup=0" "$(printf "%s" "$def" | jq -r '.actions[0].deploy.images.kernel.image_arg')"
check_contains "the guest gets the NUMA topology of [qemu]" "-numa node,nodeid=1,cpus=2-3,memdev=m1" \
	"$(printf "%s" "$def" | jq -r '.context.extra_options | join(" ")')"
check "the published initramfs is the one the definition names" test "$(sha256sum "$TMP"/publish/*.cpio | cut -c1-64)" = \
	"$(printf "%s" "$def" | jq -r '.actions[0].deploy.images.initrd.sha256sum')"
check_eq "13 benchmarks x 2 iterations from the guest's console" 26 \
	"$(sql "SELECT count(*) FROM samples WHERE job_id = $j")"
out=$(api GET "/api/v1/samples?job=$j&limit=1")
check_eq "each sample names the LAVA job and device" "$LAB/scheduler/job/1 qemu-01" \
	"$(echo "${out#* }" | jq -r '.samples[0] | "\(.lab_job_url) \(.lab_device)"')"
check_eq "the guest's kernel and boot method are the environment" "6.1.0-57-amd64|lava" \
	"$(sql "SELECT DISTINCT e.kernel_release || '|' || e.boot_method FROM environments e JOIN samples s ON s.env_id = e.id WHERE s.job_id = $j")"
check "no LAVA job is left pending" test -z "$(ls "$TMP/w-good/lava/" | grep '^job-')"

j=$(submit board)
once board
check_eq "an x86 board's job (TFTP, iPXE) is done too" done "$(sql "SELECT state FROM jobs WHERE id = $j")"
check_eq "... its definition deploys by TFTP and boots with iPXE" "tftp ipxe ramdisk x86-board" \
	"$($PY -c 'import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))' "$TMP/lab/def-2.yaml" | jq -r '"\(.actions[0].deploy.to) \(.actions[1].boot.method) \(.actions[1].boot.commands) \(.device_type)"')"

j=$(submit broken)
once broken
check_eq "an incomplete LAVA job fails the kpci job" failed "$(sql "SELECT state FROM jobs WHERE id = $j")"
check_contains "... with the lab's failure comment" \
	"LAVA job 3 ended Incomplete: kpci-test: the board did not power on" "$(sql "SELECT reason FROM jobs WHERE id = $j")"
check_eq "... and no samples" 0 "$(sql "SELECT count(*) FROM samples WHERE job_id = $j")"

j=$(submit wrong)
once wrong
check_contains "a token the lab refuses fails the job, saying so" \
	"the lab refused the token of [lava] token_file (401: Invalid token.)" "$(sql "SELECT reason FROM jobs WHERE id = $j")"

# A runner killed while the lab runs its job resumes it after a restart.
touch "$TMP/lab/hold"
j=$(submit good)
start_runner good "$RT" -c "$TMP/good.ini" --class good --work-dir "$TMP/w-good"
check "the LAVA job is submitted and runs" wait_for 60 sh -c "grep -c '^GET /api/v0.2/jobs/4/ 200' '$TMP/lab/requests.log' | grep -q '^[3-9]'"
kill -9 "$RUNNER_PID"
wait "$RUNNER_PID" 2>/dev/null
check "the runner keeps the LAVA job id in its spool" test "$(jq .lava_id "$TMP/w-good/lava/job-$j-1.json")" = 4
rm "$TMP/lab/hold"
once good
check_eq "the restarted runner finishes the job" done "$(sql "SELECT state FROM jobs WHERE id = $j")"
check_eq "... by polling the same LAVA job, not submitting another" 4 \
	"$(grep -c '^POST /api/v0.2/jobs/ 201' "$TMP/lab/requests.log")"
check_contains "... as it says" "resuming LAVA job 4" "$(cat "$TMP/good.log")"
check_eq "... with its samples" 26 "$(sql "SELECT count(*) FROM samples WHERE job_id = $j")"

out=$("$KPCI_BIN/kpci-runner" --check-config -c /dev/stdin <<'INI' 2>&1
[lava]
boot = pxe
INI
)
check_contains "a [lava] boot it does not know is a configuration error" "lava.boot" "$out"
finish
