# SPDX-License-Identifier: GPL-2.0-only
# t0150-config: configuration files are checked key by key; every error
# names file:line; flags override the file.
. tests/integration/lib.sh

out=$("$KPCI_BIN/kpcid" --check-config -c configs/kpcid.ini 2>&1)
check_eq "the shipped kpcid.ini is valid" "configuration OK" "$out"
out=$("$KPCI_BIN/kpcid" --check-config -c configs/kpcid-local.ini 2>&1)
check_eq "the shipped kpcid-local.ini is valid" "configuration OK" "$out"
out=$(KPCI_TOKEN=x "$KPCI_BIN/kpci-runner" --check-config -c configs/kpci-runner.ini 2>&1)
check_eq "the shipped kpci-runner.ini is valid" "configuration OK" "$out"

cat > "$TMP/bad.ini" <<'INI'
[server]
listen = 127.0.0.1:99999
threads = 0
public_read = maybe
colour = blue

[jobs]
lease_seconds = soon
[log]
level = loud
[tree]
url = https://example.org/linux.git
[tree next]
url = ftp://example.org/next.git
[tree empty]
branches = master
[mail]
to = someone
INI
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/bad.ini" 2>&1)
check_eq "kpcid --check-config exits 1 on errors" 1 $?
f="$TMP/bad.ini"
check_contains "bad port" "$f:2: server.listen: '127.0.0.1:99999' is not HOST:PORT" "$out"
check_contains "out of range" "$f:3: server.threads: 0 is out of range 1..64" "$out"
check_contains "bad boolean" "$f:4: server.public_read: 'maybe' is not a boolean (true or false)" "$out"
check_contains "unknown key" "$f:5: unknown key 'colour' in section [server]" "$out"
check_contains "not an integer" "$f:8: jobs.lease_seconds: 'soon' is not an integer" "$out"
check_contains "not a choice" "$f:10: log.level: 'loud' is not one of debug|info|warn|error" "$out"
check_contains "a tree needs a name" "$f:12: section [tree] needs a name: [tree NAME]" "$out"
check_contains "bad git URL" "$f:14: tree.url: 'ftp://example.org/next.git' is not a valid git URL" "$out"
check_contains "a tree needs a url" "$f: [tree empty] has no url" "$out"
check_contains "unknown section" "unknown section [mail]" "$out"
check_contains "the last line says what happened" "kpcid: configuration has errors" "$out"

printf '[server]\nthreads = 2\nlisten 127.0.0.1\n' > "$TMP/syntax.ini"
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/syntax.ini" 2>&1)
check_contains "a syntax error names its line" "$TMP/syntax.ini:3: syntax error: expected [section] or key = value" "$out"
out=$("$KPCI_BIN/kpcid" --check-config -c "$TMP/missing.ini" 2>&1)
check_contains "a missing file is named" "$TMP/missing.ini: cannot open: No such file or directory" "$out"
out=$("$KPCI_BIN/kpcid" --check-config 2>&1)
check_eq "--check-config needs -c" "kpcid: --check-config needs -c FILE" "$out"
out=$("$KPCI_BIN/kpcid" -c configs/kpcid.ini --listen nowhere 2>&1)
check_eq "a bad flag value is named" "kpcid: command line: server.listen: 'nowhere' is not HOST:PORT" "$out"

printf '[runner]\nserver = 127.0.0.1:8080\npoll_max = 0\nname = has space\n' > "$TMP/r.ini"
out=$("$KPCI_BIN/kpci-runner" --check-config -c "$TMP/r.ini" 2>&1)
check_contains "runner: bad URL" "$TMP/r.ini:2: runner.server: '127.0.0.1:8080' is not a valid http:// or https:// URL" "$out"
check_contains "runner: out of range" "$TMP/r.ini:3: runner.poll_max: 0 is out of range 1..3600" "$out"
printf '[runner]\nname = has space\n' > "$TMP/r2.ini"
out=$(KPCI_TOKEN= "$KPCI_BIN/kpci-runner" --check-config -c "$TMP/r2.ini" --token t 2>&1)
check_eq "runner: a bad name" "kpci-runner: runner name 'has space' must be letters, digits and ._:/+-" "$out"
printf '[runner]\nname = ok\n' > "$TMP/r3.ini"
out=$(env -u KPCI_TOKEN "$KPCI_BIN/kpci-runner" --check-config -c "$TMP/r3.ini" 2>&1)
check_contains "runner: no token" "no runner token" "$out"

# Flags override the file: the file says port 1, the flag says 0.
printf '[server]\nlisten = 127.0.0.1:1\n[storage]\ndata_dir = /nonexistent/kpci\n' > "$TMP/o.ini"
start_kpcid -c "$TMP/o.ini"
check "flags override the file (port 0 picked a free port)" test "$PORT" -gt 1
check "the database is where --data-dir says" test -f "$TMP/data/kpci.db"
check_eq "kpcid applied every migration" "$(ls db/migrations/*.sql | tail -n 1 | sed "s,.*/0*\([0-9]*\)-.*,\1,")" "$(sql "PRAGMA user_version")"
finish
