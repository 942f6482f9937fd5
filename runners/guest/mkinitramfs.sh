#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# mkinitramfs.sh - builds kpci's guest initramfs (an uncompressed newc
# cpio, which every kernel can unpack): busybox-static, the static
# benchmark programs, the suite's kernel modules and runners/guest/init.
# Called by runners/boot_qemu.c with an argv array, never through a shell
# command line.
#
# usage: mkinitramfs.sh OUT.cpio BUSYBOX INIT GUEST_BIN_DIR [MODULE.ko ...]
set -eu
[ $# -ge 4 ] || { echo "usage: mkinitramfs.sh OUT BUSYBOX INIT GUEST_BIN_DIR [MODULE...]" >&2; exit 2; }
out=$1 busybox=$2 init=$3 bindir=$4
shift 4
[ -x "$busybox" ] || { echo "mkinitramfs: busybox '$busybox' is not an executable (apt-get install busybox-static)" >&2; exit 1; }
[ -r "$init" ] || { echo "mkinitramfs: no guest init at '$init'" >&2; exit 1; }

root=$(mktemp -d "${TMPDIR:-/tmp}/kpci-initramfs.XXXXXX")
trap 'rm -rf -- "$root"' EXIT
mkdir -p -- "$root/bin" "$root/sbin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" \
	"$root/lib/modules/kpci"
cp -- "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp -- "$init" "$root/init"
chmod 755 "$root/init" "$root/bin/busybox"
for prog in "$bindir"/*; do
	[ -f "$prog" ] && [ -x "$prog" ] && cp -- "$prog" "$root/bin/"
done
for mod in "$@"; do
	[ -r "$mod" ] || { echo "mkinitramfs: module '$mod' cannot be read" >&2; exit 1; }
	cp -- "$mod" "$root/lib/modules/kpci/"
done
(cd "$root" && find . -print | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$out.tmp"
mv -- "$out.tmp" "$out"
