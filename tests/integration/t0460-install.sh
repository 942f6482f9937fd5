# SPDX-License-Identifier: GPL-2.0-only
# t0460-install: `make install DESTDIR=... PREFIX=/usr` puts the guest
# parts the runner needs (static kpci-kbench, init, mkinitramfs.sh, the
# wq_flush module source) under PREFIX/lib/kpci/guest, and the installed
# kpci-runner finds them there by default, as the one in bin/ finds
# bin/guest.
. tests/integration/lib.sh

D="$TMP/dest"
# -o: install the programs as built, without remaking them here.
make -s install DESTDIR="$D" PREFIX=/usr -o bin/kpcid -o bin/kpci-runner -o bin/kpci \
	> "$TMP/install.log" 2>&1
rc=$?
check_eq "make install exits 0" 0 "$rc"
[ "$rc" -eq 0 ] || cat "$TMP/install.log"
G="$D/usr/lib/kpci/guest"
check "kpci-kbench is installed, executable" test -x "$G/bin/kpci-kbench"
check "... and static (the guest has no libc)" sh -c "file '$G/bin/kpci-kbench' | grep -q 'statically linked'"
check "init is installed, executable" test -x "$G/init"
check "mkinitramfs.sh is installed, executable" test -x "$G/mkinitramfs.sh"
check "the wq_flush module source is installed" test -f "$G/wq_flush/wq_flush.c"
check "... with its Kbuild" test -f "$G/wq_flush/Kbuild"
check "the installed init is the source's" cmp -s "$G/init" runners/guest/init
check "the programs are installed" test -x "$D/usr/sbin/kpci-runner" -a -x "$D/usr/sbin/kpcid" \
	-a -x "$D/usr/bin/kpci"

out=$(KPCI_TOKEN=x "$D/usr/sbin/kpci-runner" --print-guest-dir 2>&1)
check_eq "the installed runner finds its guest directory" "$G" "$out"
out=$(KPCI_TOKEN=x "$KPCI_BIN/kpci-runner" --print-guest-dir 2>&1)
check_eq "the runner in bin/ finds bin/guest" "$KPCI_BIN/guest" "$out"
printf '[qemu]\nguest_dir = /srv/kpci-guest\n' > "$TMP/r.ini"
out=$(KPCI_TOKEN=x "$D/usr/sbin/kpci-runner" -c "$TMP/r.ini" --print-guest-dir 2>&1)
check_eq "[qemu] guest_dir overrides the default" /srv/kpci-guest "$out"
finish
