# SPDX-License-Identifier: GPL-2.0-only
# t0190-artifact-verify: kpcid re-hashes an artifact while serving it.  A
# stored file corrupted on disk is not passed off as good: the download
# is cut short (curl and the kpci client both fail), the artifact is
# marked bad and later requests get 410 with the reason; a file whose size
# is wrong is refused before anything is sent.
. tests/integration/lib.sh
. tests/integration/build-lib.sh

build_setup

submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"branch\":\"master\"}" > /dev/null
run_runner b1 "$TMP/runner.ini"
check_eq "the build is ok" ok "$(sql "SELECT state FROM builds WHERE id = 1")"
sha_of() { sql "SELECT sha256 FROM build_artifacts WHERE build_id = 1 AND name = '$1'"; }
path_of() { echo "$TMP/data/artifacts/$(echo "$1" | cut -c1-2)/$(echo "$1" | cut -c3-)"; }
img=$(sha_of bzImage)
map=$(sha_of System.map)
cfg=$(sha_of .config)
dl() { curl -s -o "$TMP/dl" -w '%{http_code}' "$URL/api/v1/artifacts/download?sha256=$1"; }

check_eq "a good artifact downloads" 200 "$(dl "$img")"
check_eq "... with its content" "$img" "$(sha256sum < "$TMP/dl" | cut -d' ' -f1)"

# Flip bytes in the middle of the stored bzImage, keeping its size.
f=$(path_of "$img")
size=$(stat -c %s "$f")
printf 'CORRUPT' | dd of="$f" bs=1 seek=$((size / 2)) conv=notrunc status=none
check_eq "the corrupt file keeps its size" "$size" "$(stat -c %s "$f")"
rm -f "$TMP/dl"
curl -s -o "$TMP/dl" "$URL/api/v1/artifacts/download?sha256=$img"
rc=$?
check "curl fails on the corrupt artifact (exit $rc)" test "$rc" -ne 0
got=$(cat "$TMP/dl" 2>/dev/null | wc -c)
check "curl did not get the whole file ($got of $size bytes)" test "$got" -lt "$size"
check "kpcid logs the corruption" grep -q "artifacts: $img: the stored content hashes to" "$TMP/kpcid.log"
check_contains "the artifact is marked bad" "the stored content hashes to" \
	"$(sql "SELECT bad FROM artifacts WHERE sha256 = '$img'")"
check_eq "a later download is refused up front" 410 "$(dl "$img")"
check_contains "... saying why" "failed verification on the server" "$(cat "$TMP/dl")"
out=$("$KPCI_BIN/kpci" --server "$URL" artifact "$img" "$TMP/got-img" 2>&1)
rc=$?
check "the kpci client fails too (exit $rc)" test "$rc" -ne 0
check_contains "... with the server's reason" "failed verification" "$out"
check "... and leaves no file behind" test ! -e "$TMP/got-img"

# The kpci client is the first to meet a corrupted System.map.
f=$(path_of "$map")
printf 'X' | dd of="$f" bs=1 seek=0 conv=notrunc status=none
out=$("$KPCI_BIN/kpci" --server "$URL" artifact "$map" "$TMP/got-map" 2>&1)
rc=$?
check "the kpci client fails on a corrupt download (exit $rc)" test "$rc" -ne 0
check "... and keeps no file" test ! -e "$TMP/got-map"
check_eq "System.map is marked bad" 1 "$(sql "SELECT bad IS NOT NULL FROM artifacts WHERE sha256 = '$map'")"

# A stored file of the wrong size is refused before anything is sent.
f=$(path_of "$cfg")
printf 'CONFIG_EXTRA=y\n' >> "$f"
check_eq "a size mismatch is a 500 before any byte" 500 "$(dl "$cfg")"
check_contains "... naming the sizes" "is corrupt on the server: the stored file has" "$(cat "$TMP/dl")"
check_eq "... and marks it bad" 410 "$(dl "$cfg")"

# Building the same commit again uploads the artifacts again: they are good.
submit_build "{\"kind\":\"build\",\"tree\":\"fake\",\"commit\":\"$C1\",\"config\":\"fake.config\",\"branch\":\"master\"}" > /dev/null
run_runner b2 "$TMP/runner.ini"
check_eq "the rebuild is ok" ok "$(sql "SELECT state FROM builds WHERE id = 2")"
check_eq "its upload replaced the corrupt bzImage" 0 \
	"$(sql "SELECT count(*) FROM artifacts WHERE sha256 = '$img' AND bad IS NOT NULL")"
check_eq "which downloads again" 200 "$(dl "$img")"
check_eq "... intact" "$img" "$(sha256sum < "$TMP/dl" | cut -d' ' -f1)"
finish
