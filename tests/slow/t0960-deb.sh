# SPDX-License-Identifier: GPL-2.0-only
# t0960-deb: the Debian packages as a lab installs them.  `make deb`
# builds kpcid, kpci-runner and kpci (debian/); lintian finds no error;
# they install on this machine (root: CI's machine is one).  Then, from
# the installed files only: the system user kpci owns /var/lib/kpci, the
# /etc/kpci files are conffiles, the units are enabled and nothing was
# started, `kpcid --check-config` accepts /etc/kpci/kpcid.ini, all three
# programs print the packages' version; kpcid runs as kpci on its
# /etc/kpci file, the packaged kpci-runner (as root, as its unit runs it)
# does a host kbench job, and the samples are stored and read back with
# the packaged kpci.  A purge then leaves no file of the packages behind
# (the system user stays, as Debian keeps system users).  The packages
# are purged at the end whatever happened.
. tests/integration/lib.sh

PKGS="kpcid kpci-runner kpci"
LEFT="/etc/kpci /var/lib/kpci /var/lib/private/kpci /var/lib/kpci-runner /usr/share/kpci
/usr/lib/kpci /usr/share/doc/kpcid /usr/share/doc/kpci-runner /usr/share/doc/kpci
/usr/sbin/kpcid /usr/sbin/kpci-runner /usr/bin/kpci /lib/systemd/system/kpcid.service
/lib/systemd/system/kpci-runner.service
/etc/systemd/system/multi-user.target.wants/kpcid.service
/etc/systemd/system/multi-user.target.wants/kpci-runner.service"

if [ "$(id -u)" != 0 ]; then
	not_ok "installing packages needs root"
	finish
fi
for p in $PKGS; do
	if dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q "installed"; then
		not_ok "$p is installed on this machine already: this test would remove it"
		finish
	fi
done
purge() {
	apt-get purge -y -q $PKGS > "$TMP/purge.log" 2>&1
}
trap 'purge; cleanup' EXIT

t0=$(date +%s)
make deb > "$TMP/deb.log" 2>&1
check_eq "make deb builds the packages" 0 $?
echo "# make deb: $(( $(date +%s) - t0 )) s"
VERSION=$(sed -n 's/^VERSION := //p' Makefile)
DEBS=
for p in $PKGS; do
	DEBS="$DEBS build/debs/${p}_${VERSION}_amd64.deb"
done
check "the three packages of version $VERSION are there" ls $DEBS
lintian --info $DEBS > "$TMP/lintian.log" 2>&1
echo "# lintian:"; sed 's/^/#   /' "$TMP/lintian.log"
check_eq "lintian finds no error or warning" "" "$(grep -E '^[EW]:' "$TMP/lintian.log")"

apt-get install -y -q --no-install-recommends $(for d in $DEBS; do echo "./$d"; done) \
	> "$TMP/install.log" 2>&1
check_eq "they install" 0 $?
tail -n 5 "$TMP/install.log"
check_eq "a system user kpci" "kpci" "$(getent passwd kpci | cut -d: -f1)"
check_eq "who owns /var/lib/kpci, mode 750" "kpci kpci 750" "$(stat -c '%U %G %a' /var/lib/kpci)"
check_contains "/etc/kpci/kpcid.ini is a conffile" "/etc/kpci/kpcid.ini" \
	"$(dpkg-query -W -f '${Conffiles}' kpcid)"
check_contains "/etc/kpci/kpci-runner.ini is a conffile" "/etc/kpci/kpci-runner.ini" \
	"$(dpkg-query -W -f '${Conffiles}' kpci-runner)"
check "the kpcid unit is enabled" \
	test -L /etc/systemd/system/multi-user.target.wants/kpcid.service
check "the kpci-runner unit is enabled" \
	test -L /etc/systemd/system/multi-user.target.wants/kpci-runner.service
check "neither was started: no packaged kpcid or kpci-runner runs" \
	sh -c '! pgrep -f "^/usr/sbin/kpci"'
check "nor would be on a machine with systemd: the scripts start nothing" \
	sh -c '! grep -l "deb-systemd-invoke.*start" /var/lib/dpkg/info/kpcid.postinst /var/lib/dpkg/info/kpci-runner.postinst'
out=$(/usr/sbin/kpcid --check-config -c /etc/kpci/kpcid.ini 2>&1)
check_eq "kpcid --check-config accepts /etc/kpci/kpcid.ini" 0 $?
echo "# $out"
check_eq "kpcid --version is the package's" "kpcid $VERSION" "$(/usr/sbin/kpcid --version)"
check_eq "kpci-runner --version too" "kpci-runner $VERSION" "$(/usr/sbin/kpci-runner --version)"
check_eq "kpci --version too" "kpci $VERSION" "$(/usr/bin/kpci --version)"
check_eq "and dpkg says $VERSION for each" "$VERSION $VERSION $VERSION" \
	"$(for p in $PKGS; do dpkg-query -W -f '${Version} ' "$p"; done | sed 's/ $//')"

# kpcid as kpci on the installed configuration (its data_dir /var/lib/kpci)
P=$(free_port)
K="runuser -u kpci -- /usr/sbin/kpcid -c /etc/kpci/kpcid.ini"
$K --listen "127.0.0.1:$P" > "$TMP/kpcid.log" 2>&1 &
PIDS="$PIDS $!"
URL=http://127.0.0.1:$P
check "kpcid answers" wait_for 20 curl -sf "$URL/api/v1/health"
KPID=$(pgrep -f "^/usr/sbin/kpcid" | head -n 1)
check_eq "it runs as kpci" "kpci" "$(ps -o user= -p "${KPID:-1}" | tr -d ' ')"
check "its database is in /var/lib/kpci, owned by kpci" \
	sh -c '[ "$(find /var/lib/kpci -maxdepth 2 -name "*.db" -user kpci | wc -l)" -ge 1 ]'
RT=$($K token create --role runner --name deb --classes deb-host 2>> "$TMP/kpcid.log")
AT=$($K token create --role admin --name deb-admin 2>> "$TMP/kpcid.log")
check "tokens are made on the installed database" test -n "$RT" -a -n "$AT"
echo "$RT" > "$TMP/runner.token"
out=$(KPCI_SERVER=$URL KPCI_TOKEN=$AT /usr/bin/kpci submit --suite kbench --boot host \
	--iterations 3 --warmup 0 2>&1)
check_eq "the packaged kpci submits a host job" "job 1 queued" "$out"
/usr/sbin/kpci-runner -c /etc/kpci/kpci-runner.ini --server "$URL" \
	--token-file "$TMP/runner.token" --name deb-1 --class deb-host --once \
	> "$TMP/runner.log" 2>&1
check_eq "the packaged kpci-runner does it (its suites from /usr/share/kpci)" 0 $?
tail -n 5 "$TMP/runner.log"
check "its work directory is /var/lib/kpci-runner" test -d /var/lib/kpci-runner
check_eq "the job is done" "done" "$(curl -sf "$URL/api/v1/jobs/1" | jq -r .state)"
n=$(sed -n 's/.*job 1 attempt 1: ok, \([0-9]*\) samples.*/\1/p' "$TMP/kpcid.log")
out=$(KPCI_SERVER=$URL /usr/bin/kpci --json samples --job 1 --limit 1000 2>&1)
check_eq "its samples ($n) are stored and read back with the packaged kpci" "${n:-none}" \
	"$(printf '%s' "$out" | jq '.samples | length' 2>/dev/null)"
out=$(curl -sf "$URL/")
check_contains "the dashboard's overview is served" "Overview" "$out"
check_contains "  ... with its script" "kpci.js" "$out"
check_eq "  ... which is served from /usr/share/kpci/static" 200 "$(curl -s -o /dev/null -w '%{http_code}' "$URL/static/kpci.js")"
kill "${KPID:-0}" 2>/dev/null
check "kpcid stops on SIGTERM" wait_for 20 sh -c '! pgrep -f "^/usr/sbin/kpcid"'

purge
check_eq "a purge removes them" 0 $?
for p in $PKGS; do
	check_eq "$p is gone from dpkg" "" \
		"$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -v not-installed)"
done
left=
for f in $LEFT; do
	[ -e "$f" ] || [ -L "$f" ] && left="$left $f"
done
check_eq "nothing of them is left" "" "$left"
check_eq "the system user kpci stays, as Debian keeps system users" "kpci" \
	"$(getent passwd kpci | cut -d: -f1)"
finish
