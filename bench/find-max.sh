#!/usr/bin/env bash
# The capacity search (`barrage load --find-max`, docs/load.md) against
# servers of known capacity: testkit's capacity_server serves at most K
# responses a second (the rest queue, so latency grows past K). For each K,
# how close the answer is to K and how many steps it took, over the range
# the issue names (1 to 1,000,000/s) and over a narrower one.
#
#   bench/find-max.sh            (after cargo build --release)
#
# Environment: KS (the capacities, "1000 5000 20000"), SLO
# ('p99<=20ms,errors<=0.1%'), STEP ("2s"), WARMUP ("500ms"), BARRAGE
# (target/release/barrage), RESULTS_DIR (bench/results).
#
# The server is pinned to core 1, barrage to core 0 (one worker thread).
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
KS=${KS:-"1000 5000 20000"}
SLO=${SLO:-'p99<=20ms,errors<=0.1%'}
STEP=${STEP:-2s}
WARMUP=${WARMUP:-500ms}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
cd "$REPO"
cargo build -q --release -p barrage-testkit --example capacity_server
SERVER_BIN=$REPO/target/release/examples/capacity_server
[ -x "$BARRAGE" ] || { echo "bench: build barrage first: cargo build --release" >&2; exit 1; }
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$RESULTS_DIR"
out="$RESULTS_DIR/find-max-$(date -u +%Y%m%dT%H%M%SZ).md"
{
  echo "# capacity search against servers of known capacity"
  echo
  echo "$(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; $(date -u +%FT%TZ)"
  echo "SLO $SLO; steps of $STEP after $WARMUP warm-up; barrage on core 0 (-t 1), server on core 1"
  echo
  echo "| K (true capacity) | range | found | error | steps | search time |"
  echo "|--:|---|--:|--:|--:|--:|"
} > "$out"
for k in $KS; do
  for range in "1 1000000" "$((k / 10)) $((k * 10))"; do
    set -- $range
    mkfifo "$work/in"
    taskset -c 1 "$SERVER_BIN" "$k" < "$work/in" > "$work/url" &
    server_pid=$!
    exec 3> "$work/in"
    for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
    url=$(cat "$work/url")
    taskset -c 0 "$BARRAGE" load --find-max --slo "$SLO" --min-rate "$1" --max-rate "$2" \
      -t 1 -c 100 --max-connections 1000 -d "$STEP" --warmup "$WARMUP" \
      --json "$work/s.json" -q "$url" || true
    exec 3>&-
    wait "$server_pid" 2>/dev/null || true
    server_pid=
    rm -f "$work/in"
    python3 - "$work/s.json" "$k" "$1" "$2" >> "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); k = float(sys.argv[2])
o = r["outcome"]
rate = o.get("rate")
found = f"{rate:.0f}/s" if o["result"] == "capacity" else o["result"] + (f" {rate:.0f}/s" if rate else "")
err = f"{100 * (rate - k) / k:+.1f}%" if rate else "–"
print(f"| {k:.0f}/s | {sys.argv[3]}–{sys.argv[4]}/s | {found} | {err} | {len(r['steps'])} | {r['elapsed_s']:.0f} s |")
PY
  done
done
cat "$out"
echo "bench: written to $out" >&2
