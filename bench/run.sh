#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh - runs each benchmark program given on the command line from the
# top of the source tree; each prints its own table.  A NAME.sh is run
# with sh (bench/bench_http.sh drives kpcid under wrk).
set -eu
cd "$(dirname "$0")/.."
for b in "$@"; do
	echo "== $(basename "$b")"
	case "$b" in
	*.sh) sh "$b" ;;
	*) "$b" ;;
	esac
done
