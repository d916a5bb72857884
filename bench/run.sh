#!/usr/bin/env bash
# Client efficiency, side by side: barrage against the floor clients, wrk, ab
# and h2load, all driving the same nginx, one after another.
#
#   bench/run.sh [keepalive|close|c10k|openloop|all]...     (default: all)
#
# Environment: DURATION seconds per client (10), CONNS connections (100),
# C10K_CONNS (10000), RATE target responses/s of openloop (20000), PORT of
# nginx (8089), BARRAGE binary (target/release/barrage), FLOOR_DIR with
# floor.c and conn.c (../shared/floor next to the repo), RESULTS_DIR (bench/results).
#
# nginx runs on core 1, each client on core 0. Tables go to stdout and are
# appended to RESULTS_DIR/DATE-SCENARIO.md; progress goes to stderr.
# See bench/README.md for the method and how to read the ratios.
set -euo pipefail

usage() { sed -n '2,14s/^# \{0,1\}//p' "$0"; }

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(git -C "$BENCH_DIR" rev-parse --show-toplevel 2>/dev/null || (cd "$BENCH_DIR/.." && pwd))
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

PORT=${PORT:-8089}
DURATION=${DURATION:-10}
CONNS=${CONNS:-100}
C10K_CONNS=${C10K_CONNS:-10000}
RATE=${RATE:-20000}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
FLOOR_DIR=${FLOOR_DIR:-$REPO/../shared/floor}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
URL="http://127.0.0.1:$PORT/hello"

for var in PORT DURATION CONNS C10K_CONNS RATE; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done

scenarios=()
for arg in "${@:-all}"; do
  case "$arg" in
    keepalive | close | c10k | openloop) scenarios+=("$arg") ;;
    all) scenarios+=(keepalive close c10k openloop) ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown scenario: $arg" ;;
  esac
done

for tool in nginx taskset timeout curl awk getconf; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (run scripts/setup.sh)"
done
[ -x /usr/bin/time ] || die "/usr/bin/time not found (run scripts/setup.sh: package time)"
[ "$(nproc)" -ge 2 ] || log "warning: fewer than 2 CPUs: server and client share a core"
CLK_TCK=$(getconf CLK_TCK)

TMP=$(mktemp -d "${TMPDIR:-/tmp}/barrage-bench.XXXXXX")
cleanup() {
  nginx_stop
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Before nginx starts, so that it inherits the limit too.
if ! ulimit -n 65536 2>/dev/null; then
  ulimit -n "$(ulimit -Hn)"
  log "could not raise open files to 65536; using the hard limit, $(ulimit -n)"
fi

# ---------------------------------------------------------------- clients

# compile_c NAME: build FLOOR_DIR/NAME.c into $TMP/NAME; on failure print why.
compile_c() {
  if [ ! -f "$FLOOR_DIR/$1.c" ]; then
    echo "$FLOOR_DIR/$1.c missing"
    return 1
  fi
  if ! cc -O2 -o "$TMP/$1" "$FLOOR_DIR/$1.c" 2>"$TMP/cc.err"; then
    echo "cc failed: $(first_error "$TMP/cc.err")"
    return 1
  fi
}

# floor_client NAME: measure floor.c or conn.c, or say why they cannot run.
floor_client() {
  local why
  if why=$(compile_c "$1"); then
    measure "$1" floor "$TMP/$1" "$CONNS" "$DURATION" "$PORT" /hello
  else
    not_run "$1" floor "$1 $CONNS $DURATION $PORT /hello" "$why"
  fi
}

# barrage_client NAME LOAD-ARGS...: measure `barrage load ARGS --json ... URL`.
barrage_client() {
  local name=$1
  shift
  local cmd=("$BARRAGE" load "$@" --json "$TMP/barrage.json" "$URL")
  if [ ! -x "$BARRAGE" ]; then
    not_run "$name" barrage "$(show_cmd "${cmd[@]}")" "no binary at $BARRAGE (cargo build --release)"
    return 0
  fi
  measure "$name" barrage "${cmd[@]}"
}

# -------------------------------------------------------------- scenarios

begin() {
  : >"$TMP/rows"
  : >"$TMP/notes"
}

# finish NAME DESCRIPTION: print the table, append it to the results file.
finish() {
  local file commit
  mkdir -p "$RESULTS_DIR"
  file="$RESULTS_DIR/$(date +%F)-$1.md"
  commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "no commit")
  [ -z "$(git -C "$REPO" status --porcelain 2>/dev/null | head -n 1)" ] || commit+=" + uncommitted changes"
  {
    printf '## %s: %s\n\n' "$1" "$2"
    printf '%s, barrage at %s. %s\n\n' "$(date '+%F %T %Z')" "$commit" "$(environment)"
    render_table
    echo
  } | tee -a "$file"
  log "appended to $file"
}

scenario_keepalive() {
  begin
  floor_client floor
  measure wrk wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" "$URL"
  measure "h2load --h1" h2load h2load --h1 -t1 -c"$CONNS" -D"$DURATION" "$URL"
  barrage_client barrage -t1 -c"$CONNS" -d"${DURATION}s"
  finish keepalive "$CONNS keep-alive connections, $DURATION s per client"
}

scenario_close() {
  begin
  floor_client conn
  measure ab ab ab -c"$CONNS" -t"$DURATION" -n 100000000 "$URL"
  measure "wrk, Connection: close" wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" -H 'Connection: close' "$URL"
  barrage_client "barrage --no-keepalive" -t1 -c"$CONNS" -d"${DURATION}s" --no-keepalive
  barrage_client "barrage --http1.0" -t1 -c"$CONNS" -d"${DURATION}s" --http1.0
  echo "ab speaks HTTP/1.0 without keep-alive; conn and wrk send HTTP/1.1 with Connection: close." >>"$TMP/notes"
  echo "The floor column compares with conn, the non-keep-alive floor." >>"$TMP/notes"
  finish close "$CONNS connections, a new one per request, $DURATION s per client"
}

scenario_c10k() {
  begin
  if [ "$(ulimit -n)" -lt $((C10K_CONNS + 100)) ]; then
    log "warning: open files limit $(ulimit -n) is tight for $C10K_CONNS connections"
  fi
  measure wrk wrk wrk -t1 -c"$C10K_CONNS" -d"${DURATION}s" "$URL"
  barrage_client barrage -t1 -c"$C10K_CONNS" -d"${DURATION}s"
  echo "Max RSS is the point here: memory per connection at $C10K_CONNS open connections (open files limit $(ulimit -n))." >>"$TMP/notes"
  finish c10k "$C10K_CONNS keep-alive connections, $DURATION s per client"
}

scenario_openloop() {
  begin
  barrage_client "barrage -R $RATE" -t1 -c"$CONNS" -R "$RATE" -d"${DURATION}s"
  awk -F '\t' -v target="$RATE" '
    $2 == "barrage" && $4 == "" { achieved = $7 }
    END {
      if (achieved == "") print "Rate: barrage did not run, no achieved rate to compare with the target of " target "/s."
      else printf "Rate: target %d responses/s, achieved %.0f responses/s, error %+.2f%%.\n",
        target, achieved, (achieved - target) / target * 100
    }' "$TMP/rows" >>"$TMP/notes"
  finish openloop "open loop at $RATE responses/s over $CONNS connections, $DURATION s"
}

idle_check
nginx_start
for scenario in "${scenarios[@]}"; do
  "scenario_$scenario"
done
