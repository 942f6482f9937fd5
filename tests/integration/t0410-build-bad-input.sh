# SPDX-License-Identifier: GPL-2.0-only
# t0410-build-bad-input: what goes wrong in a build is said clearly on the
# job and the build: merge_config warnings (unknown symbol, conflicting
# value), a commit that does not exist, a missing compiler, a compile
# error; bad submissions are refused; an upload whose sha256 does not match
# leaves nothing, a duplicate costs nothing.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

build_setup

build_of() { # build_of FRAGMENTS-JSON [COMMIT]: queues and runs one build; prints the job id
	j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"${2:-$C1}\",\"config\":\"fake.config\",\"fragments\":$1}")
	run_runner b1 "$TMP/runner.ini"
	echo "$j"
}

j=$(build_of '["unknown.frag"]')
check_eq "an unknown symbol does not fail the build" "ok" "$(sql "SELECT state FROM builds WHERE job_id = $j")"
check_contains "... but merge_config's warning is in the build record" \
	"Value requested for CONFIG_NO_SUCH_SYMBOL not in final .config" \
	"$(sql "SELECT warnings FROM builds WHERE job_id = $j")"
check_contains "... and shown by kpci build" "warning: Value requested for CONFIG_NO_SUCH_SYMBOL" \
	"$("$KPCI_BIN/kpci" build "$(sql "SELECT id FROM builds WHERE job_id = $j")")"

j=$(build_of '["nosmp.frag"]')
w=$(sql "SELECT warnings FROM builds WHERE job_id = $j")
check_contains "a conflicting value is reported as redefined" \
	"Value of CONFIG_SMP is redefined by fragment nosmp.frag" "$w"
check_contains "... and the symbol that depended on it did not stay" \
	"Value requested for CONFIG_NUMA not in final .config" "$w"

j=$(build_of '[]' 0123456789abcdef0123456789abcdef01234567)
check_eq "a commit that does not exist fails the job" "failed" "$(sql "SELECT state FROM jobs WHERE id = $j")"
check_contains "... with a clear reason" \
	"commit 0123456789abcdef0123456789abcdef01234567 does not exist in $TMP/repo" \
	"$(sql "SELECT reason FROM jobs WHERE id = $j")"
check_eq "... and a failed build" "failed" "$(sql "SELECT state FROM builds WHERE job_id = $j")"

j=$(build_of '["broken.frag"]')
check_eq "a compile error fails the build" "failed" "$(sql "SELECT state FROM builds WHERE job_id = $j")"
check_contains "the first error lines are in the build record" "error: #error broken on purpose" \
	"$(sql "SELECT error FROM builds WHERE job_id = $j")"
check_contains "... and in the job's reason" "error: #error broken on purpose" \
	"$(sql "SELECT reason FROM jobs WHERE id = $j")"
check_eq "a failed build uploads no artifacts" 0 \
	"$(sql "SELECT count(*) FROM build_artifacts ba JOIN builds b ON b.id = ba.build_id WHERE b.job_id = $j")"

runner_ini "$TMP/nocc.ini" "$TMP/kconfig" "cc = no-such-gcc-12"
j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\"}")
run_runner b1 "$TMP/nocc.ini"
check_contains "a missing compiler is named on the job" \
	"compiler 'no-such-gcc-12' is not installed (not found in PATH)" \
	"$(sql "SELECT reason FROM jobs WHERE id = $j")"

j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"no-such.config\"}")
run_runner b1 "$TMP/runner.ini"
check_contains "a config the runner does not have is named" "config 'no-such.config' is not in $TMP/kconfig" \
	"$(sql "SELECT reason FROM jobs WHERE id = $j")"

# A job whose spec the runner cannot use (queued by another path than the
# API, which would refuse it) fails with the reason on the build too.
sqlite3 "$TMP/data/kpci.db" "INSERT INTO jobs (kind, spec, created_at) VALUES ('build', '{\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\"}', 0)"
j=$(sql "SELECT max(id) FROM jobs")
run_runner b1 "$TMP/runner.ini"
check_eq "a build job without url fails" "failed|the job's url is missing" "$(sql "SELECT state, reason FROM jobs WHERE id = $j")"
check_eq "... and so does its build" "failed|the job's url is missing" "$(sql "SELECT state, error FROM builds WHERE job_id = $j")"

# Submissions kpcid refuses.
out=$(api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"xyz\",\"config\":\"fake.config\"}")
check_contains "a commit that is not hex is refused" "400 {\"error\":\"commit must be a commit id" "$out"
out=$(api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"../../etc/passwd\"}")
check_contains "a config path is refused" "400 {\"error\":\"config must name a file" "$out"
out=$(api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"fragments\":[\"-x\"]}")
check_contains "a fragment that looks like an option is refused" "400 {\"error\":\"fragments[0] must name a file" "$out"
out=$(api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"other\",\"commit\":\"$C1\",\"config\":\"fake.config\"}")
check_eq "an unknown tree without url is refused" '400 {"error":"tree '"'"'other'"'"' is not configured and no url was given"}' "$out"
out=$(api POST /api/v1/jobs "$AT" "{\"kind\":\"build\",\"tree\":\"other\",\"url\":\"--upload-pack=x\",\"commit\":\"$C1\",\"config\":\"fake.config\"}")
check_contains "a url that looks like an option is refused" "400 {\"error\":\"url must be" "$out"
out=$(api POST /api/v1/jobs "$AT" '{"kind":"nope"}')
check_eq "an unknown kind is refused" '400 {"error":"kind '"'"'nope'"'"' is not one of bench, build"}' "$out"

# Uploads by hand, holding a lease: a wrong digest, then the right one, then again.
jobs_before=$(sql "SELECT count(*) FROM jobs")
j=$(submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\"}")
api POST /api/v1/runners/register "$RT" '{"name":"hand","runner_class":"hand","capabilities":["build"],"boot_methods":[]}' > /dev/null
rid=$(sql "SELECT id FROM runners WHERE name = 'hand'")
api POST /api/v1/jobs/claim "$RT" "{\"runner_id\":$rid}" > /dev/null
check_eq "the hand runner holds the build" "running|1" "$(sql "SELECT state, attempt FROM jobs WHERE id = $j")"
head -c 300000 /dev/urandom > "$TMP/blob"
sha=$(sha256sum "$TMP/blob" | cut -d' ' -f1)
wrong=$(printf x | sha256sum | cut -d' ' -f1)
put() { curl -s -o "$TMP/body" -w '%{http_code}' -X PUT -H "Authorization: Bearer $RT" \
	--data-binary @"$TMP/blob" "$URL/api/v1/jobs/$j/artifacts?runner_id=$rid&attempt=1&name=bzImage&sha256=$1"; printf ' '; cat "$TMP/body"; }
arts_before=$(sql "SELECT count(*) FROM artifacts")
files_before=$(find "$TMP/data/artifacts" -type f | wc -l)
out=$(put "$wrong")
check_contains "an upload with the wrong sha256 is refused" "422 {\"error\":\"artifact bzImage: the upload's sha256 is $sha, not the announced $wrong" "$out"
check_eq "... no file is left in the store" "$files_before" "$(find "$TMP/data/artifacts" -type f | wc -l)"
check "... nothing half-written in artifacts/tmp" test -z "$(ls "$TMP/data/artifacts/tmp")"
check_eq "... no artifact row" "$arts_before" "$(sql "SELECT count(*) FROM artifacts")"
out=$(put "$sha")
check_contains "the right sha256 is stored" "201 {\"name\":\"bzImage\",\"sha256\":\"$sha\",\"duplicate\":false}" "$out"
out=$(put "$sha")
check_contains "a duplicate upload stores nothing more" "200 {\"name\":\"bzImage\",\"sha256\":\"$sha\",\"duplicate\":true}" "$out"
check_eq "one file more in the store" "$((files_before + 1))" "$(find "$TMP/data/artifacts" -type f | wc -l)"
out=$(api POST "/api/v1/jobs/$j/artifacts" "$RT" "{\"runner_id\":$rid,\"attempt\":1,\"name\":\"System.map\",\"sha256\":\"$sha\"}")
check_contains "linking a stored artifact by sha256 needs no upload" '200 {"linked":true' "$out"
out=$(api POST "/api/v1/jobs/$j/artifacts" "$RT" "{\"runner_id\":$rid,\"attempt\":1,\"name\":\"x\",\"sha256\":\"$wrong\"}")
check_contains "linking an unknown artifact asks for the upload" "404 {\"error\":\"artifact $wrong is not stored; upload it\"}" "$out"
# A refused upload is answered after its body is read and dropped (a
# socket closed on unread bytes is reset, and the reset can overtake the
# answer); one that asks for 100 Continue first is refused before it
# sends a byte, which is how kpci-runner uploads.
refused() { curl -s -o /dev/null -w '%{http_code} %{size_upload}' -X PUT -H "Authorization: Bearer $RT" \
	"$@" --data-binary @"$TMP/blob" "$URL/api/v1/jobs/$j/artifacts?runner_id=$rid&attempt=2&name=bzImage&sha256=$sha"; }
check_eq "an upload for an attempt the runner does not hold is refused" "409 300000" "$(refused -H 'Expect:')"
check_eq "... before its body is sent when it asks for 100 Continue" "409 0" \
	"$(refused -H 'Expect: 100-continue' --expect100-timeout 60)"
out=$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data-binary @"$TMP/blob" \
	"$URL/api/v1/jobs/$j/artifacts?runner_id=$rid&attempt=1&name=bzImage&sha256=$sha")
check_eq "an upload without a token is refused" 401 "$out"
out=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Authorization: Bearer $RT" --data-binary @"$TMP/blob" \
	"$URL/api/v1/jobs/$j/artifacts?runner_id=$rid&attempt=1&name=../x&sha256=$sha")
check_eq "an artifact name with .. is refused" 400 "$out"
out=$(api GET "/api/v1/artifacts/download?sha256=$wrong")
check_contains "downloading an unknown artifact is a 404" "404" "$out"
"$KPCI_BIN/kpci" artifact "$sha" "$TMP/got" > /dev/null
check "kpci artifact verifies the download" cmp -s "$TMP/got" "$TMP/blob"
# a stored file that rotted on disk is caught as kpcid serves it (the
# connection is cut short, t0190-artifact-verify.sh) and by the client
f="$TMP/data/artifacts/$(echo "$sha" | cut -c1-2)/$(echo "$sha" | cut -c3-)"
printf 'rot' | dd of="$f" bs=1 seek=100 conv=notrunc 2>/dev/null
out=$("$KPCI_BIN/kpci" artifact "$sha" "$TMP/got2" 2>&1)
rc=$?
check "a corrupted artifact is refused on download (exit $rc: $out)" \
	test "$rc" -ne 0 -a ! -e "$TMP/got2" -a ! -e "$TMP/got2.part"
check "... and no file is left" test ! -e "$TMP/got2" -a ! -e "$TMP/got2.part"
finish
