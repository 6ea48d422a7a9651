#!/usr/bin/env bash
# Measures the site under a crowd, as BENCHMARKS.md reports it: builds the binary, then for 500
# and for 1,000 virtual players starts it as a server of its own (a free loopback port, a fresh
# bolt store in a temporary directory), plays whole matches of both games through the real
# forms with pauses of 0.25-0.75 s between moves, and prints the POST latency, errors, the bare
# chi handler's latency in the same window and the CPU both processes used per request.
# Run it on a quiet machine: the load generator shares the cores with the server.
#   scripts/load.sh [DURATION]      (default 40s, after a 10 s ramp-up)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-40s}"
bin="$(mktemp -d)/cardavia"
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/cardavia
# 500 players twice: reading the Guandan hint before every move (the crowd of the earliest
# measurements) and on a fifth of the moves (the tool's default); then 1,000.
for run in "500 1" "500 0.2" "1000 0.2"; do
  set -- $run
  echo "== $1 players, hint on $2 of the Guandan moves, $(date -u +%H:%M:%S) UTC, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
  "$bin" load -spawn -players "$1" -hints "$2" -duration "$duration" -ramp 10s
done
