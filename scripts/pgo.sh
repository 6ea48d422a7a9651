#!/usr/bin/env bash
# Refreshes cmd/cardavia/default.pgo, the CPU profile that `go build ./cmd/cardavia` uses for
# profile-guided optimization: the server's and the load tool's profiles under the crowd of
# BENCHMARKS.md (500 players, both games, the Guandan hint on a fifth of the moves), merged,
# since the one binary is both. Run it on a quiet machine after changes to the hot paths
# (pages, the Guandan planner, the store); a stale profile only costs some of the gain.
#   scripts/pgo.sh [SECONDS]      (default 30, after a 5 s ramp-up)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
tmp="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# Profiled without PGO, as the optimizer expects of its input.
go build -pgo=off -o "$tmp/cardavia" ./cmd/cardavia
port=$((20000 + RANDOM % 20000))
"$tmp/cardavia" -addr "127.0.0.1:$port" -data "$tmp/data" -metrics-addr "127.0.0.1:$((port + 1))" \
  -pprof true -client-ip-header X-Forwarded-For >"$tmp/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
"$tmp/cardavia" load -url "http://127.0.0.1:$port" -players 500 -duration "${secs}s" -ramp 5s \
  -no-baseline -cpuprofile "$tmp/tool.prof" &
load_pid=$!
sleep 6 # the ramp-up, then the server's profile over the measured window
curl -fsS -o "$tmp/server.prof" "http://127.0.0.1:$((port + 1))/debug/pprof/profile?seconds=$((secs - 2))"
wait "$load_pid"
go tool pprof -proto "$tmp/server.prof" "$tmp/tool.prof" >cmd/cardavia/default.pgo
echo "wrote cmd/cardavia/default.pgo ($(wc -c <cmd/cardavia/default.pgo) bytes)"
