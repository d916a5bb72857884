#!/usr/bin/env bash
# What the live view costs the client: `barrage load` in a real terminal
# (a tmux pane, 120 × 35) with the live view and with --no-tui (its
# progress line), alternating, client CPU per response from /usr/bin/time
# and the run's JSON. The bar (issue 17): ≤ 2% apart.
#
#   bench/live-view.sh
#
# Environment: DURATION seconds per run (10), CONNS (100), REPEATS per mode
# (3), PORT of barrage serve (8091), BARRAGE binary
# (target/release/barrage), RESULTS_DIR (bench/results). barrage serve
# (one thread) runs on core 1, the client on core 0.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
DURATION=${DURATION:-10}
CONNS=${CONNS:-100}
REPEATS=${REPEATS:-3}
PORT=${PORT:-8091}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

die() { printf 'live-view: error: %s\n' "$*" >&2; exit 1; }
for var in DURATION CONNS REPEATS PORT; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
[ -x "$BARRAGE" ] || die "no binary at $BARRAGE (cargo build --release)"
command -v tmux >/dev/null || die "tmux not found (run scripts/setup.sh)"

TMP=$(mktemp -d)
SESSION="barrage-live-bench-$$"
cleanup() {
  tmux kill-session -t "$SESSION" 2>/dev/null || true
  [ -z "${SERVER_PID:-}" ] || kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

taskset -c 1 "$BARRAGE" serve --listen "127.0.0.1:$PORT" --threads 1 >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/hello" 2>/dev/null && break
  sleep 0.1
done
URL="http://127.0.0.1:$PORT/hello"

# run MODE I: one client run in the tmux pane; its time and JSON in $TMP.
run() {
  local mode=$1 i=$2 flags=""
  [ "$mode" = progress ] && flags="--no-tui"
  local out="$TMP/$mode.$i"
  tmux kill-session -t "$SESSION" 2>/dev/null || true
  tmux new-session -d -s "$SESSION" -x 120 -y 35 \
    "taskset -c 0 /usr/bin/time -f '%U %S' -o $out.time $BARRAGE load -t1 -c$CONNS -d${DURATION}s $flags --json $out.json $URL; touch $out.done"
  for _ in $(seq $((DURATION * 10 + 300))); do
    [ -e "$out.done" ] && break
    sleep 0.1
  done
  [ -e "$out.done" ] || die "$mode run $i did not end"
  printf 'live-view: %s #%s done\n' "$mode" "$i" >&2
  sleep 1
}

for i in $(seq "$REPEATS"); do
  run view "$i"
  run progress "$i"
done

mkdir -p "$RESULTS_DIR"
file="$RESULTS_DIR/$(date +%F)-live-view.md"
commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "no commit")
python3 - "$TMP" "$REPEATS" "$commit" "$DURATION" "$CONNS" <<'PY' | tee -a "$file"
import json, statistics, sys, datetime
tmp, repeats, commit, duration, conns = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
print(f"## live view: barrage load -t1 -c{conns} -d{duration}s on barrage serve /hello, in a tmux pane\n")
print(f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, barrage at {commit}; server on core 1, client on core 0, the modes alternating.\n")
print("| mode | run | responses | client CPU s | µs/response |")
print("|---|--:|--:|--:|--:|")
per = {"view": [], "progress": []}
for i in range(1, repeats + 1):
    for mode in ("view", "progress"):
        base = f"{tmp}/{mode}.{i}"
        u, s = map(float, open(base + ".time").read().split()[-2:])
        n = json.load(open(base + ".json"))["totals"]["responses"]
        us = (u + s) / n * 1e6
        per[mode].append(us)
        print(f"| {'live view' if mode == 'view' else '--no-tui'} | {i} | {n} | {u + s:.2f} | {us:.3f} |")
v, p = statistics.median(per["view"]), statistics.median(per["progress"])
print(f"\nMedians: live view {v:.3f} µs/response, --no-tui {p:.3f}: {100 * (v / p - 1):+.1f}% (bar: within 2%).\n")
PY
printf 'live-view: appended to %s\n' "$file" >&2
