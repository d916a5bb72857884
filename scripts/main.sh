#!/usr/bin/env bash
# barrage's main job, from a fresh Debian/Ubuntu machine: install what it
# needs, build it, start the built-in reference server (`barrage serve`) on
# core 1, put load on it with `barrage load` from core 0, and show the summary.
#
#   scripts/main.sh              10 s of keep-alive load, 100 connections
#   DURATION=5s CONNS=50 scripts/main.sh
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
bash scripts/setup.sh
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

barrage=$repo/target/release/barrage
port=${PORT:-18080}
duration=${DURATION:-10s}
conns=${CONNS:-100}
results=$repo/results
mkdir -p "$results"

# Pin the server and the client to different cores when there are two.
server_pin=() client_pin=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null 2>&1; then
  server_pin=(taskset -c 1) client_pin=(taskset -c 0)
fi

"${server_pin[@]}" "$barrage" serve --listen "127.0.0.1:$port" --threads 1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.05
done

stamp=$(date -u +%Y%m%dT%H%M%SZ)
echo
"${client_pin[@]}" "$barrage" load -t1 -c"$conns" -d"$duration" \
  --json "$results/load-$stamp.json" "http://127.0.0.1:$port/hello"
echo
echo "Full results (JSON, schema in docs/json.md): $results/load-$stamp.json"
