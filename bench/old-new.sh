#!/usr/bin/env bash
# Two barrage binaries, alternating in one sitting: client CPU per response
# of an old build against a new one, for a change that must not cost speed.
#
#   bench/old-new.sh OLD NEW [keepalive|h2c|h3|ws|grpc]...  (default: all five)
#
# keepalive: nginx (one worker, bench/nginx-hello.conf), `-t1 -c100`, /hello.
# h2c:       h2o (one thread, bench/h2o-h2c.conf.in), `--h2c -t1 -c100 -m100`,
#            /static/6b.
# h3:        OLD's `serve --h3 --threads 1` (the same server for both
#            clients), `--h3 --insecure -t1 -c100 -m10`, /hello.
# ws:        OLD's `serve --threads 1` (its /ws echo), `-t1 -c100`, 64-byte
#            text messages.
# grpc:      OLD's `serve --grpc --threads 1`, unary Echo of proto/bench.proto,
#            `--grpc -t1 -c10 -m10` (ten connections, ten calls in flight each).
#
# Environment: ROUNDS pairs per scenario (6), DURATION seconds per run (5),
# PORT (8097), RESULTS_DIR (bench/results).
#
# The server runs on core 1, each client on core 0. A round runs both
# binaries, the order swapped every round so that neither always goes first.
# CPU is the client's user+sys from wait4 (GNU time), responses from its
# JSON. Per run one line goes to stderr; the table (medians per binary,
# new/old, and the median of the per-round ratios) goes to stdout and is
# appended to RESULTS_DIR/DATE-old-new.md.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
ROUNDS=${ROUNDS:-6}
DURATION=${DURATION:-5}
PORT=${PORT:-8097}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

log() { printf 'old-new: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
[ $# -ge 2 ] || die "usage: bench/old-new.sh OLD NEW [keepalive|h2c|h3|ws|grpc]..."
OLD=$(realpath "$1") NEW=$(realpath "$2")
shift 2
for bin in "$OLD" "$NEW"; do [ -x "$bin" ] || die "$bin is not an executable"; done
for var in ROUNDS DURATION PORT; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed: apt-get install time"
command -v jq >/dev/null || die "jq is needed: apt-get install jq"
scenarios=("${@:-keepalive h2c h3 ws grpc}")
read -r -a scenarios <<<"${scenarios[*]}"

TMP=$(mktemp -d)
SERVER_PID=
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}
trap 'stop_server; rm -rf "$TMP"' EXIT INT TERM

# wait_port PROTO: until something listens on PORT (tcp or udp), 10 s at most.
wait_port() {
  local flag=-t
  [ "$1" = udp ] && flag=-u
  for _ in $(seq 1 100); do
    ss -Hln "$flag" "sport = :$PORT" | grep -q . && return 0
    sleep 0.1
  done
  die "no server on port $PORT: $(tail -3 "$TMP/server.log")"
}

# start_server SCENARIO: sets URL and ARGS for the clients.
start_server() {
  case $1 in
    keepalive)
      sed -e "s|@PORT@|$PORT|g" -e "s|@PID@|$TMP/nginx.pid|g" \
        "$BENCH_DIR/nginx-hello.conf" >"$TMP/nginx.conf"
      taskset -c 1 "$(command -v nginx || echo /usr/sbin/nginx)" -e stderr -p "$TMP/" \
        -c "$TMP/nginx.conf" >"$TMP/server.log" 2>&1 &
      SERVER_PID=$!
      wait_port tcp
      URL="http://127.0.0.1:$PORT/hello" ARGS=(-t1 -c100) ;;
    h2c)
      mkdir -p "$TMP/docroot/static"
      printf 'hello\n' >"$TMP/docroot/static/6b"
      sed -e "s|@USER@|root|" -e "s|@PORT@|$PORT|g" -e "s|@DOCROOT@|$TMP/docroot|g" \
        "$BENCH_DIR/h2o-h2c.conf.in" >"$TMP/h2o.conf"
      taskset -c 1 h2o -c "$TMP/h2o.conf" >"$TMP/server.log" 2>&1 &
      SERVER_PID=$!
      wait_port tcp
      URL="http://127.0.0.1:$PORT/static/6b" ARGS=(--h2c -t1 -c100 -m100) ;;
    h3)
      taskset -c 1 "$OLD" serve --tls --h3 --threads 1 --listen "127.0.0.1:$PORT" \
        >"$TMP/server.log" 2>&1 &
      SERVER_PID=$!
      wait_port udp
      URL="https://127.0.0.1:$PORT/hello" ARGS=(--h3 --insecure -t1 -c100 -m10) ;;
    ws)
      taskset -c 1 "$OLD" serve --threads 1 --listen "127.0.0.1:$PORT" \
        >"$TMP/server.log" 2>&1 &
      SERVER_PID=$!
      wait_port tcp
      URL="ws://127.0.0.1:$PORT/ws" ARGS=(-t1 -c100) ;;
    grpc)
      taskset -c 1 "$OLD" serve --grpc --threads 1 --listen "127.0.0.1:$PORT" \
        >"$TMP/server.log" 2>&1 &
      SERVER_PID=$!
      wait_port tcp
      URL="http://127.0.0.1:$PORT"
      ARGS=(--grpc --proto "$REPO/proto/bench.proto" --call barrage.bench.v1.Bench/Echo
        --data '{"payload":"aGVsbG8="}' -t1 -c10 -m10) ;;
    *) die "unknown scenario '$1' (keepalive, h2c, h3, ws or grpc)" ;;
  esac
  sleep 1
}

# measure SCENARIO ROUND WHICH BINARY: one run, one row in $TMP/rows.
measure() {
  local sc=$1 round=$2 which=$3 bin=$4 user sys n errors
  taskset -c 0 /usr/bin/time -f '%U %S' -o "$TMP/time" \
    "$bin" load "${ARGS[@]}" -d "${DURATION}s" --no-tui --json "$TMP/out.json" "$URL" \
    >/dev/null 2>"$TMP/err" || die "$which failed: $(head -3 "$TMP/err")"
  read -r user sys <"$TMP/time"
  n=$(jq .totals.responses "$TMP/out.json")
  errors=$(jq .totals.errors "$TMP/out.json")
  [ "$errors" = 0 ] || die "$which: $errors errors in round $round of $sc"
  awk -v sc="$sc" -v r="$round" -v w="$which" -v u="$user" -v s="$sys" -v n="$n" \
    'BEGIN { printf "%s\t%d\t%s\t%.3f\t%d\n", sc, r, w, (u + s) * 1e6 / n, n }' |
    tee -a "$TMP/rows" | awk -F'\t' '{ printf "old-new: %s round %s %s: %s µs/response (%s responses)\n", $1, $2, $3, $4, $5 }' >&2
}

for sc in "${scenarios[@]}"; do
  start_server "$sc"
  for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then
      measure "$sc" "$round" old "$OLD"
      measure "$sc" "$round" new "$NEW"
    else
      measure "$sc" "$round" new "$NEW"
      measure "$sc" "$round" old "$OLD"
    fi
  done
  stop_server
done

mkdir -p "$RESULTS_DIR"
table="$RESULTS_DIR/$(date -u +%Y-%m-%d)-old-new.md"
{
  printf '\n## %s — old %s, new %s; %s rounds of %s s; %s cores, %s\n\n' \
    "$(date -u +%H:%MZ)" "$("$OLD" --version | awk '{print $2}') ($OLD)" \
    "$("$NEW" --version | awk '{print $2}') ($NEW)" "$ROUNDS" "$DURATION" "$(nproc)" "$(uname -r)"
  printf '| scenario | old µs/response (median) | new µs/response (median) | new/old of medians | median of per-round new/old | per-round new/old |\n'
  printf '|---|---|---|---|---|---|\n'
  python3 - "$TMP/rows" <<'PY'
import sys, statistics as st
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
for sc in dict.fromkeys(r[0] for r in rows):
    runs = {(int(r[1]), r[2]): float(r[3]) for r in rows if r[0] == sc}
    rounds = sorted({k[0] for k in runs})
    old = st.median(runs[(r, "old")] for r in rounds)
    new = st.median(runs[(r, "new")] for r in rounds)
    ratios = [runs[(r, "new")] / runs[(r, "old")] for r in rounds]
    print(f"| {sc} | {old:.3f} | {new:.3f} | {new / old:.3f} | {st.median(ratios):.3f} | "
          + " ".join(f"{x:.2f}" for x in ratios) + " |")
PY
} | tee -a "$table"
log "appended to $table"
