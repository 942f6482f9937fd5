#!/bin/sh
# run.sh - runs each benchmark program given on the command line from the
# top of the source tree; each prints its own table.
set -eu
cd "$(dirname "$0")/.."
for b in "$@"; do
	echo "== $(basename "$b")"
	"$b"
done
