#!/usr/bin/env bash
# What a rate schedule costs the open loop's timing (issue 47, item 3): the
# send delay of `barrage load -R STAGES` against a constant `-R RATE` at the
# same rates, against barrage serve (one thread) pinned to core 1, the client
# (one thread) pinned to core 0, the shapes alternating, their order
# reversed every other round.
#
# For each rate R of RATES, three shapes of DURATION seconds each:
#   constant  -R R -d Ds                     today's constant rate
#   holds     -R R:(D/2)s,R:(D/2)s           the same rate as two stages: the
#                                            schedule's own cost
#   ramp      -R R/2..3R/2:Ds                a ramp through R (the same mean)
# and from each run's JSON: the send delay (p50, p99, p99.9, max), the
# client's own delay (p50, p99), late sends and unsent, the largest gap
# between a whole second's offered and scheduled counts, and the client's
# CPU per request (/usr/bin/time).
#
#   bench/schedule.sh
#
# Environment: RATES (2000 10000 30000), DURATION seconds per run (10),
# CONNS (50; --max-connections is 4 × that), ROUNDS (3), PORT of barrage
# serve (8093), BARRAGE binary (target/release/barrage), RESULTS_DIR
# (bench/results).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
RATES=${RATES:-2000 10000 30000}
DURATION=${DURATION:-10}
CONNS=${CONNS:-50}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-8093}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

die() { printf 'schedule: error: %s\n' "$*" >&2; exit 1; }
for var in DURATION CONNS ROUNDS PORT; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
for rate in $RATES; do
  [[ $rate =~ ^[1-9][0-9]*$ ]] || die "RATES must be positive integers, not '$rate'"
done
(( DURATION % 2 == 0 )) || die "DURATION must be even (the holds shape halves it)"
[ -x "$BARRAGE" ] || die "no binary at $BARRAGE (cargo build --release)"
[ -x /usr/bin/time ] || die "/usr/bin/time not found (apt-get install time)"

TMP=$(mktemp -d)
cleanup() {
  [ -z "${SERVER_PID:-}" ] || kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  die "127.0.0.1:$PORT is already in use (set PORT=...)"
fi
taskset -c 1 "$BARRAGE" serve --listen "127.0.0.1:$PORT" --threads 1 >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/hello" 2>/dev/null && break
  sleep 0.1
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/hello" || die "barrage serve did not answer"
URL="http://127.0.0.1:$PORT/hello"

# schedule SHAPE RATE: the -R value of a shape at RATE.
schedule() {
  local half=$((DURATION / 2))
  case "$1" in
    constant) echo "$2" ;;
    holds) echo "$2:${half}s,$2:${half}s" ;;
    ramp) echo "$(($2 / 2))..$(($2 * 3 / 2)):${DURATION}s" ;;
  esac
}

# run SHAPE RATE ROUND: one pinned client run; its time and JSON in $TMP.
run() {
  local shape=$1 rate=$2 round=$3 out="$TMP/$1.$2.$3" duration=()
  [ "$shape" = constant ] && duration=(-d "${DURATION}s")
  taskset -c 0 /usr/bin/time -f '%U %S' -o "$out.time" \
    "$BARRAGE" load -t1 -c"$CONNS" --max-connections $((CONNS * 4)) \
    -R "$(schedule "$shape" "$rate")" "${duration[@]}" --timeout 5s \
    --quiet --json "$out.json" "$URL" \
    || die "$shape at $rate/s (round $round) failed"
  printf 'schedule: %s at %s/s, round %s done\n' "$shape" "$rate" "$round" >&2
  sleep 1
}

for round in $(seq "$ROUNDS"); do
  shapes=(constant holds ramp)
  (( round % 2 == 0 )) && shapes=(ramp holds constant)
  for rate in $RATES; do
    for shape in "${shapes[@]}"; do
      run "$shape" "$rate" "$round"
    done
  done
done

mkdir -p "$RESULTS_DIR"
file="$RESULTS_DIR/$(date +%F)-schedule.md"
commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "no commit")
python3 - "$TMP" "$ROUNDS" "$commit" "$DURATION" "$CONNS" "$RATES" <<'PY' | tee -a "$file"
import json, statistics, sys, datetime
tmp, rounds, commit, duration, conns, rates = sys.argv[1:7]
rounds, rates = int(rounds), rates.split()
now = datetime.datetime.now(datetime.timezone.utc)
print(f"## rate schedules: send delay against a constant rate (barrage load -t1 -c{conns}, {duration} s a run)\n")
print(f"{now:%Y-%m-%d %H:%M} UTC, barrage at {commit}; barrage serve (1 thread) on core 1, the client on core 0; "
      f"medians of {rounds} rounds, the shapes alternating. Shapes at rate R: constant `-R R -d{duration}s`; "
      f"holds `-R R:{int(duration)//2}s,R:{int(duration)//2}s`; ramp `-R R/2..3R/2:{duration}s` (the same mean).\n")
print("| rate | shape | sent/s | send delay p50 | p99 | p99.9 | max | own delay p50 | own p99 | late sends | unsent | worst second: offered − scheduled | client µs/request |")
print("|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
def med(xs):
    return statistics.median(xs)
for rate in rates:
    for shape in ("constant", "holds", "ramp"):
        runs = []
        for i in range(1, rounds + 1):
            base = f"{tmp}/{shape}.{rate}.{i}"
            r = json.load(open(base + ".json"))
            u, s = map(float, open(base + ".time").read().split()[-2:])
            o = r["open_loop"]
            elapsed = r["totals"]["elapsed_s"]
            whole = [x for x in r["series"] if x["t_s"] + 1 <= elapsed + 1e-9]
            gap = max((abs(x["offered"] - x["scheduled"]) for x in whole), default=0.0)
            sent = r["totals"]["requests_sent"]
            runs.append({
                "sent_per_s": sent / elapsed,
                "p50": o["send_delay_us"]["p50"], "p99": o["send_delay_us"]["p99"],
                "p999": o["send_delay_us"]["p99_9"], "max": o["send_delay_us"]["max"],
                "own50": o["client_delay_us"]["p50"], "own99": o["client_delay_us"]["p99"],
                "late": o["late_sends"], "unsent": o["unsent"], "gap": gap,
                "us": (u + s) / max(sent, 1) * 1e6,
            })
        m = {k: med([x[k] for x in runs]) for k in runs[0]}
        print(f"| {int(rate):,} | {shape} | {m['sent_per_s']:,.0f} | {m['p50']:.0f} µs | {m['p99']:.0f} µs | "
              f"{m['p999']:.0f} µs | {m['max']:.0f} µs | {m['own50']:.0f} µs | {m['own99']:.0f} µs | "
              f"{m['late']:.0f} | {m['unsent']:.0f} | {m['gap']:.1f} | {m['us']:.2f} |")
print()
PY
printf 'schedule: appended to %s\n' "$file" >&2
