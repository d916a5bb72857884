#!/usr/bin/env bash
# What an agent adds to the client's work, in instructions (callgrind counts
# instructions, not seconds: the same on a busy or a quiet machine).
#
#   bench/agent-instructions.sh        (needs valgrind and python3)
#
# The same closed loop (10 connections, 1 thread) on `barrage serve` (core 1)
# run as a plain `barrage load -q -n N` and as `barrage agent` driven through
# its protocol (bench/drive-agent.py), both under callgrind on core 0, at two
# N: the difference of the two N gives the cost per response, the rest is
# the fixed cost of a run. N1 (30000), N2 (90000), BARRAGE, PORT (18081).
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BARRAGE=${BARRAGE:-$BENCH_DIR/../target/release/barrage}
N1=${N1:-30000}
N2=${N2:-90000}
PORT=${PORT:-18081}
URL="http://127.0.0.1:$PORT/hello"
work=$(mktemp -d)
taskset -c 1 "$BARRAGE" serve --listen "127.0.0.1:$PORT" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
sleep 0.5
count() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}'; }
for n in "$N1" "$N2"; do
  taskset -c 0 valgrind -q --tool=callgrind --callgrind-out-file="$work/plain.$n" \
    "$BARRAGE" load -q -t 1 -c 10 -n "$n" "$URL"
  python3 "$BENCH_DIR/drive-agent.py" \
    "taskset -c 0 valgrind -q --tool=callgrind --callgrind-out-file=$work/agent.$n $BARRAGE" "$n" "$URL" >/dev/null
  sleep 0.5
done
python3 - "$N1" "$N2" "$(count "$work/plain.$N1")" "$(count "$work/plain.$N2")" \
  "$(count "$work/agent.$N1")" "$(count "$work/agent.$N2")" <<'PY'
import sys
n1, n2, p1, p2, a1, a2 = map(int, sys.argv[1:])
pm, am = (p2 - p1) / (n2 - n1), (a2 - a1) / (n2 - n1)
print(f"instructions per response: plain {pm:.1f}, agent {am:.1f} ({am / pm - 1:+.2%})")
print(f"fixed per run: plain {p1 - pm * n1:,.0f}, agent {a1 - am * n1:,.0f} ({a1 - am * n1 - (p1 - pm * n1):+,.0f})")
print(f"whole run at {n2}: plain {p2:,}, agent {a2:,} ({a2 / p2 - 1:+.2%})")
PY
