#!/usr/bin/env bash
# The cost of a request mix: client CPU per response for one plain
# template, a --mix of 3 templates with placeholders, and --urls rotation
# over 3 paths, alternating in one sitting (issue 27's bar: the mix engine
# costs no more than one plain template, within noise).
#
#   bench/mix-cost.sh [BARRAGE]          (default: target/release/barrage)
#
# Server: nginx, one worker (bench/nginx-hello.conf: /hello and anything
# under it answers 12 bytes), pinned to core 1; the client on core 0,
# `-t1 -c100`, keep-alive HTTP/1.1. The method is the floor's
# (/work/shared/floor) and bench/old-new.sh's: the client's user+sys CPU
# from wait4 (GNU time) divided by the responses in its JSON.
#
# INSTRUCTIONS=1 also counts user-space instructions per response with
# callgrind (valgrind): for each variant, a run of -n 12000 minus a run of
# -n 2000 (`-t1 -c10`), divided by the 10,000 responses between them, so
# the fixed cost of start-up drops out. Counted, so steadier than CPU time
# on a busy machine.
#
# Environment: ROUNDS (6) rounds, each running the three variants in an
# order rotated per round; DURATION seconds per run (5); PORT (8098);
# RESULTS_DIR (bench/results). One line per run goes to stderr; the table
# (median µs/response per variant, its ratio to plain, and the median of
# the per-round ratios) goes to stdout and RESULTS_DIR/DATE-mix-cost.md.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
BIN=$(realpath "${1:-$REPO/target/release/barrage}")
ROUNDS=${ROUNDS:-6}
DURATION=${DURATION:-5}
PORT=${PORT:-8098}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}

log() { printf 'mix-cost: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
[ -x "$BIN" ] || die "$BIN is not an executable (cargo build --release -p barrage)"
for var in ROUNDS DURATION PORT; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed: apt-get install time"
command -v jq >/dev/null || die "jq is needed: apt-get install jq"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || die "nginx is needed"

TMP=$(mktemp -d)
SERVER_PID=
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}
trap 'stop_server; rm -rf "$TMP"' EXIT INT TERM

sed -e "s|@PORT@|$PORT|g" -e "s|@PID@|$TMP/nginx.pid|g" \
  "$BENCH_DIR/nginx-hello.conf" >"$TMP/nginx.conf"
taskset -c 1 "$NGINX" -e stderr -p "$TMP/" -c "$TMP/nginx.conf" >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
  ss -Hlnt "sport = :$PORT" | grep -q . && break
  sleep 0.1
done
ss -Hlnt "sport = :$PORT" | grep -q . || die "nginx did not start: $(tail -3 "$TMP/server.log")"
sleep 1

URL="http://127.0.0.1:$PORT/hello"
cat >"$TMP/mix.toml" <<'TOML'
[[request]]
name = "sum"
path = "/hello?a={rand 0..1000000}&b={rand 0..1000000}"
weight = 3

[[request]]
name = "seq"
path = "/hello/{seq}"
headers = { "X-Request" = "{seq}-{rand 1..9}" }
weight = 2

[[request]]
name = "plain"
path = "/hello"
TOML
printf '/hello?x=1\n/hello/two\n/hello?y=3\n' >"$TMP/urls.txt"

# measure VARIANT ROUND: one run, one row in $TMP/rows.
measure() {
  local variant=$1 round=$2 user sys n errors extra=()
  case $variant in
    plain) ;;
    mix) extra=(--mix "$TMP/mix.toml") ;;
    urls) extra=(--urls "$TMP/urls.txt") ;;
  esac
  taskset -c 0 /usr/bin/time -f '%U %S' -o "$TMP/time" \
    "$BIN" load -t1 -c100 -d "${DURATION}s" --no-tui --json "$TMP/out.json" "${extra[@]}" "$URL" \
    >/dev/null 2>"$TMP/err" || die "$variant failed: $(head -3 "$TMP/err")"
  read -r user sys <"$TMP/time"
  n=$(jq .totals.responses "$TMP/out.json")
  errors=$(jq .totals.errors "$TMP/out.json")
  [ "$errors" = 0 ] || die "$variant: $errors errors in round $round"
  awk -v v="$variant" -v r="$round" -v u="$user" -v s="$sys" -v n="$n" \
    'BEGIN { printf "%s\t%d\t%.3f\t%d\n", v, r, (u + s) * 1e6 / n, n }' |
    tee -a "$TMP/rows" | awk -F'\t' '{ printf "mix-cost: round %s %s: %s µs/response (%s responses)\n", $2, $1, $3, $4 }' >&2
}

variants=(plain mix urls)
for round in $(seq 1 "$ROUNDS"); do
  for i in 0 1 2; do
    measure "${variants[$(((round + i) % 3))]}" "$round"
  done
done

# instructions VARIANT N: user-space instructions of `-n N` under callgrind.
instructions() {
  local extra=()
  case $1 in
    mix) extra=(--mix "$TMP/mix.toml") ;;
    urls) extra=(--urls "$TMP/urls.txt") ;;
  esac
  taskset -c 0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$BIN" load -t1 -c10 -n "$2" -q "${extra[@]}" "$URL" 2>&1 |
    awk '/Collected :/ { print $NF }'
}
if [ "${INSTRUCTIONS:-0}" = 1 ]; then
  command -v valgrind >/dev/null || die "INSTRUCTIONS=1 needs valgrind"
  for v in "${variants[@]}"; do
    short=$(instructions "$v" 2000)
    long=$(instructions "$v" 12000)
    awk -v v="$v" -v s="$short" -v l="$long" \
      'BEGIN { printf "%s\t%.0f\n", v, (l - s) / 10000 }' | tee -a "$TMP/instr" |
      awk -F'\t' '{ printf "mix-cost: %s: %s instructions/response\n", $1, $2 }' >&2
  done
fi
stop_server

mkdir -p "$RESULTS_DIR"
table="$RESULTS_DIR/$(date -u +%Y-%m-%d)-mix-cost.md"
{
  printf '\n## %s — %s (%s); %s rounds of %s s; %s cores, %s\n\n' \
    "$(date -u +%H:%MZ)" "$("$BIN" --version | awk '{print $2}')" "$BIN" "$ROUNDS" "$DURATION" \
    "$(nproc)" "$(uname -r)"
  printf '| variant | µs/response (median) | responses/run (median) | /plain of medians | median of per-round /plain | per-round /plain |\n'
  printf '|---|---|---|---|---|---|\n'
  python3 - "$TMP/rows" <<'PY'
import sys, statistics as st
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
cpu = {(r[0], int(r[1])): float(r[2]) for r in rows}
n = {(r[0], int(r[1])): int(r[3]) for r in rows}
rounds = sorted({k[1] for k in cpu})
plain = st.median(cpu[("plain", r)] for r in rounds)
for v in ("plain", "mix", "urls"):
    med = st.median(cpu[(v, r)] for r in rounds)
    ratios = [cpu[(v, r)] / cpu[("plain", r)] for r in rounds]
    print(f"| {v} | {med:.3f} | {int(st.median(n[(v, r)] for r in rounds))} | {med / plain:.3f} | "
          f"{st.median(ratios):.3f} | " + " ".join(f"{x:.2f}" for x in ratios) + " |")
PY
  if [ -s "$TMP/instr" ]; then
    printf '\n| variant | instructions/response (callgrind, -n 12000 minus -n 2000) |\n|---|---|\n'
    awk -F'\t' '{ printf "| %s | %s |\n", $1, $2 }' "$TMP/instr"
  fi
} | tee -a "$table"
log "appended to $table"
