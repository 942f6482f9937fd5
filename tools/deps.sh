#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# deps.sh - installs the Debian (bookworm) packages that building kpci,
# its tests and the local demo need.  Safe to run again: apt-get installs
# only what is missing.  Run as root (or with sudo available).
set -eu

PACKAGES="
	build-essential pkg-config git curl ca-certificates
	libgit2-dev libcurl4-openssl-dev libsqlite3-dev sqlite3 libmicrohttpd-dev
	libjansson-dev libinih-dev libhwloc-dev hwloc libssl-dev
	python3 python3-yaml jq openssl
	libpcre2-dev python3-aiosmtpd
	zlib1g-dev libdeflate-dev linux-source-6.12 bc flex bison libelf-dev ccache
	qemu-system-x86 busybox-static kexec-tools cpio numactl
	stress-ng linux-perf rt-tests fio linux-image-amd64 linux-headers-amd64
	nodejs chromium
	wrk
	clang libclang-rt-14-dev file
	icecc python3-jsonschema lava-common
	debhelper lintian
"
# Optional, not installed here (CI does not run a LAVA lab): a real local
# LAVA lab for `make check-lava` (tests/lava/, docs/runners.md), about
# 1 GB with PostgreSQL, Apache and libguestfs.  Install by hand:
#	apt-get install postgresql lava-server lava-dispatcher

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $PACKAGES
# npm: Debian's package conflicts with a nodejs that bundles npm (NodeSource),
# so it is installed only when no npm came with node.
if ! command -v npm > /dev/null 2>&1; then
	$SUDO apt-get install -y -q --no-install-recommends npm
fi
# The dashboard's pinned JavaScript (package-lock.json): uPlot, and
# playwright-core for the browser tests (tests/browser/), swagger-cli for
# t0720's check of docs/openapi.yaml.
(cd "$(dirname "$0")/.." && npm ci --no-audit --no-fund)
echo "deps: all packages installed"
