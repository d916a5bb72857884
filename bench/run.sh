#!/usr/bin/env bash
# Client efficiency, side by side: barrage against the floor clients, wrk, ab
# and h2load, all driving the same server, one after another.
#
#   bench/run.sh [SCENARIO|h1|h2|all]...     (default: all)
#
# HTTP/1.1 on nginx (h1): keepalive close c10k openloop script openloop-wrk2
#                         openloop-max
# HTTP/2 and TLS (h2):    h2c h2tls h2c-4k https-h1 h2-crate
# HTTP/3 (h3):            h3 (barrage serve and Caddy; oha as the reference)
#                         h3-h2load (the same servers; h2load-h3 as the reference)
# WebSocket (ws):         ws (gcannon --ws and barrage --ws echo on barrage serve
#                         and servers/go-http)
# gRPC (grpc):            grpc (ghz, barrage load --grpc and barrage ghz, unary
#                         Echo on barrage serve --grpc and servers/grpc-go)
#
# Environment: DURATION seconds per client (10), CONNS connections (100),
# STREAMS per HTTP/2 connection (100), WARMUP seconds of the HTTP/2 clients (2),
# C10K_CONNS (10000), RATE target responses/s of openloop (20000), PORT of the
# server (8089), BARRAGE binary (target/release/barrage), FLOOR_DIR with floor.c,
# conn.c and floor_uring.c (../shared/floor next to the repo), H2_CRATE_CLIENT binary
# (bench/h2-crate-client/target/release/h2-crate-client), OHA binary built with
# its http3 feature (oha; scripts/setup.sh installs it in ~/.cargo/bin), H3_STREAMS
# per HTTP/3 connection (10), H3_REPEATS alternating runs of oha and barrage over
# HTTP/3 on barrage serve (5), H3_RATE requests/s of the same-rate HTTP/3 pair
# (30000), ROUNDS of the alternating scenarios (3), RATES of openloop-wrk2
# ("10000 30000 50000"), WS_CONNS of the ws scenario (100), the peers WRK2,
# GCANNON and H2LOAD_H3
# (bench/peers/bin/NAME), RESULTS_DIR (bench/results); grpc: GHZ binary
# (ghz, else ~/go/bin/ghz), GRPC_WIDE calls in flight on one connection (100),
# GRPC_CONNS connections (100) × GRPC_DEEP calls in flight each (10).
#
# The server runs on core 1, each client on core 0. Tables go to stdout and are
# appended to RESULTS_DIR/DATE-SCENARIO.md; progress goes to stderr.
# See bench/README.md for the method and how to read the ratios.
set -euo pipefail

usage() { sed -n '2,32s/^# \{0,1\}//p' "$0"; }

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(git -C "$BENCH_DIR" rev-parse --show-toplevel 2>/dev/null || (cd "$BENCH_DIR/.." && pwd))
# shellcheck source=bench/lib.sh
. "$BENCH_DIR/lib.sh"

PORT=${PORT:-8089}
DURATION=${DURATION:-10}
CONNS=${CONNS:-100}
STREAMS=${STREAMS:-100}
WARMUP=${WARMUP:-2}
C10K_CONNS=${C10K_CONNS:-10000}
RATE=${RATE:-20000}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
FLOOR_DIR=${FLOOR_DIR:-$REPO/../shared/floor}
H2_CRATE_CLIENT=${H2_CRATE_CLIENT:-$BENCH_DIR/h2-crate-client/target/release/h2-crate-client}
OHA=${OHA:-$(command -v oha || echo "${CARGO_HOME:-$HOME/.cargo}/bin/oha")}
H3_STREAMS=${H3_STREAMS:-10}
H3_REPEATS=${H3_REPEATS:-5}
H3_RATE=${H3_RATE:-30000}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
RATES=${RATES:-10000 30000 50000}
WS_CONNS=${WS_CONNS:-100}
WRK2=${WRK2:-$BENCH_DIR/peers/bin/wrk2}
GCANNON=${GCANNON:-$BENCH_DIR/peers/bin/gcannon}
H2LOAD_H3=${H2LOAD_H3:-$BENCH_DIR/peers/bin/h2load-h3}
URL="http://127.0.0.1:$PORT/hello"

for var in PORT DURATION CONNS WS_CONNS STREAMS C10K_CONNS RATE H3_STREAMS H3_REPEATS H3_RATE ROUNDS; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
for rate in $RATES; do
  [[ $rate =~ ^[1-9][0-9]*$ ]] || die "RATES must be positive integers, not '$rate'"
done
[ -n "${RATES// /}" ] || die "RATES is empty"
[[ $WARMUP =~ ^[0-9]+$ ]] || die "WARMUP must be a whole number of seconds, not '$WARMUP'"

H1_SCENARIOS=(keepalive close c10k openloop script openloop-wrk2 openloop-max)
H2_SCENARIOS=(h2c h2tls h2c-4k https-h1 h2-crate)
H3_SCENARIOS=(h3 h3-h2load)
WS_SCENARIOS=(ws)
GRPC_SCENARIOS=(grpc)
scenarios=()
for arg in "${@:-all}"; do
  case "$arg" in
    keepalive | close | c10k | openloop | script | openloop-wrk2 | openloop-max) scenarios+=("$arg") ;;
    h2c | h2tls | h2c-4k | https-h1 | h2-crate | h3 | h3-h2load | ws | grpc) scenarios+=("$arg") ;;
    h1) scenarios+=("${H1_SCENARIOS[@]}") ;;
    h2) scenarios+=("${H2_SCENARIOS[@]}") ;;
    all) scenarios+=("${H1_SCENARIOS[@]}" "${H2_SCENARIOS[@]}" "${H3_SCENARIOS[@]}" "${WS_SCENARIOS[@]}" "${GRPC_SCENARIOS[@]}") ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown scenario: $arg" ;;
  esac
done

for tool in taskset timeout curl awk getconf; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (run scripts/setup.sh)"
done
[ -x /usr/bin/time ] || die "/usr/bin/time not found (run scripts/setup.sh: package time)"
[ "$(nproc)" -ge 2 ] || log "warning: fewer than 2 CPUs: server and client share a core"
CLK_TCK=$(getconf CLK_TCK)

TMP=$(mktemp -d "${TMPDIR:-/tmp}/barrage-bench.XXXXXX")
cleanup() {
  client_stop
  server_stop
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Before the server starts, so that it inherits the limit too.
if ! ulimit -n 65536 2>/dev/null; then
  ulimit -n "$(ulimit -Hn)"
  log "could not raise open files to 65536; using the hard limit, $(ulimit -n)"
fi

# ---------------------------------------------------------------- clients

# compile_c NAME [LIBS...]: build FLOOR_DIR/NAME.c into $TMP/NAME (once a
# run); on failure print why.
compile_c() {
  local name=$1
  shift
  [ -x "$TMP/$name" ] && return 0
  if [ ! -f "$FLOOR_DIR/$name.c" ]; then
    echo "$FLOOR_DIR/$name.c missing"
    return 1
  fi
  if ! cc -O2 -o "$TMP/$name" "$FLOOR_DIR/$name.c" "$@" 2>"$TMP/cc.err"; then
    echo "cc failed: $(first_error "$TMP/cc.err")"
    return 1
  fi
}

# floor_client NAME [ROW-NAME]: measure floor.c or conn.c, or say why they
# cannot run.
floor_client() {
  local why
  if why=$(compile_c "$1"); then
    measure "${2:-$1}" floor "$TMP/$1" "$CONNS" "$DURATION" "$PORT" /hello
  else
    not_run "${2:-$1}" floor "$1 $CONNS $DURATION $PORT /hello" "$why"
  fi
}

# uring_floor_client ROW-NAME: floor_uring.c (liburing), SINGLE_ISSUER and
# DEFER_TASKRUN (its last argument, 1).
uring_floor_client() {
  local why
  if why=$(compile_c floor_uring -luring); then
    measure "$1" floor "$TMP/floor_uring" "$CONNS" "$DURATION" "$PORT" /hello 1
  else
    not_run "$1" floor "floor_uring $CONNS $DURATION $PORT /hello 1" "$why (liburing-dev?)"
  fi
}

# peer NAME KIND BINARY ROW-NAME ARGS...: measure a peer built by
# bench/peers/ (BINARY ARGS...), or say where its binary should be.
peer() {
  local name=$1 kind=$2 bin=$3 row=$4 hint
  shift 4
  if [ ! -x "$bin" ]; then
    hint="bench/README.md, Peers"
    [ ! -f "$BENCH_DIR/peers/$name.sh" ] || hint="bench/peers/$name.sh builds it"
    not_run "$row" "$kind" "$(show_cmd "$bin" "$@")" "no binary at $bin ($hint)"
    return 0
  fi
  if [ "$name" = gcannon ]; then
    # gcannon writes a run history to ~/.gcannon/history.bin: not this user's.
    mkdir -p "$TMP/home"
    measure "$row" "$kind" env HOME="$TMP/home" "$bin" "$@"
  else
    measure "$row" "$kind" "$bin" "$@"
  fi
}

# barrage_io_uring: whether the barrage binary has --io-uring.
barrage_io_uring() {
  [ -x "$BARRAGE" ] && "$BARRAGE" load --help 2>/dev/null | grep -q -- '--io-uring'
}

# barrage_at NAME URL LOAD-ARGS...: measure `barrage load ARGS --json ... URL`.
barrage_at() {
  local name=$1 url=$2
  shift 2
  local cmd=("$BARRAGE" load "$@" --json "$TMP/barrage.json" "$url")
  if [ ! -x "$BARRAGE" ]; then
    not_run "$name" barrage "$(show_cmd "${cmd[@]}")" "no binary at $BARRAGE (cargo build --release)"
    return 0
  fi
  measure "$name" barrage "${cmd[@]}"
}

# barrage_client NAME LOAD-ARGS...: barrage_at on nginx's /hello.
barrage_client() {
  local name=$1
  shift
  barrage_at "$name" "$URL" "$@"
}

# ---------------------------------------------------------------- servers
# start_NAME starts one server on 127.0.0.1:$PORT, pinned to core 1; the
# scenarios ask for one with `server_use NAME`, which stops the one before.

# need_files: the docroot of the HTTP/2 servers (static/6b, "hello\n", and
# static/4k, 4096 bytes) and a self-signed P-256 certificate for 127.0.0.1
# and localhost, made once per run in $TMP.
DOCROOT=$TMP/docroot
CERT=$TMP/cert.pem
KEY=$TMP/key.pem
need_files() {
  [ -f "$KEY" ] && return 0
  mkdir -p "$DOCROOT/static"
  printf 'hello\n' >"$DOCROOT/static/6b"
  head -c 4096 /dev/zero | tr '\0' 'x' >"$DOCROOT/static/4k"
  command -v openssl >/dev/null 2>&1 || die "openssl not found"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
    -days 2 -keyout "$KEY" -out "$CERT" >"$TMP/openssl.log" 2>&1 ||
    die "openssl req failed: $(first_error "$TMP/openssl.log")"
}

version_of() {
  case "$1" in
    nginx) nginx -v 2>&1 | sed 's|.*/||' ;;
    h2o) h2o --version 2>/dev/null | sed -n '1s/^h2o version //p' ;;
    nghttpd) nghttpd --version 2>/dev/null | sed 's|.*/||' ;;
    caddy) caddy version 2>/dev/null | awk '{ print $1 }' ;;
  esac
}

start_nginx_hello() {
  sed -e "s|@PORT@|$PORT|g" -e "s|@PID@|$TMP/nginx.pid|g" \
    "$BENCH_DIR/nginx-hello.conf" >"$TMP/nginx.conf"
  server_start nginx_hello "nginx $(version_of nginx), 1 worker" child h1 "http://127.0.0.1:$PORT/hello" \
    nginx -e stderr -p "$TMP/" -c "$TMP/nginx.conf"
}

start_nginx_tls() {
  need_files
  sed -e "s|@PORT@|$PORT|g" -e "s|@PID@|$TMP/nginx.pid|g" -e "s|@CERT@|$CERT|g" -e "s|@KEY@|$KEY|g" \
    "$BENCH_DIR/nginx-tls.conf" >"$TMP/nginx-tls.conf"
  server_start nginx_tls "nginx $(version_of nginx), 1 worker, TLS (P-256 certificate)" child h1 \
    "https://127.0.0.1:$PORT/hello" nginx -e stderr -p "$TMP/" -c "$TMP/nginx-tls.conf"
}

# h2o_conf TEMPLATE: $TMP/h2o.conf from bench/TEMPLATE.
h2o_conf() {
  local user_edit=("-e" "s|@USER@|root|")
  [ "$(id -u)" -eq 0 ] || user_edit=("-e" "/^user: @USER@\$/d")
  sed "${user_edit[@]}" -e "s|@PORT@|$PORT|g" -e "s|@DOCROOT@|$DOCROOT|g" \
    -e "s|@CERT@|$CERT|g" -e "s|@KEY@|$KEY|g" "$BENCH_DIR/$1" >"$TMP/h2o.conf"
}

start_h2o_h2c() {
  need_files
  h2o_conf h2o-h2c.conf.in
  server_start h2o_h2c "h2o $(version_of h2o), num-threads 1, h2c" self h2c \
    "http://127.0.0.1:$PORT/static/6b" h2o -c "$TMP/h2o.conf"
}

start_h2o_tls() {
  need_files
  h2o_conf h2o-tls.conf.in
  server_start h2o_tls "h2o $(version_of h2o), num-threads 1, TLS (P-256 certificate)" self h2 \
    "https://127.0.0.1:$PORT/static/6b" h2o -c "$TMP/h2o.conf"
}

start_nghttpd_h2c() {
  need_files
  server_start nghttpd_h2c "nghttpd $(version_of nghttpd), 1 worker, h2c" self h2c \
    "http://127.0.0.1:$PORT/static/6b" nghttpd --no-tls --address=127.0.0.1 -d "$DOCROOT" "$PORT"
}

start_nghttpd_tls() {
  need_files
  server_start nghttpd_tls "nghttpd $(version_of nghttpd), 1 worker, TLS (P-256 certificate)" self h2 \
    "https://127.0.0.1:$PORT/static/6b" nghttpd --address=127.0.0.1 -d "$DOCROOT" "$PORT" "$KEY" "$CERT"
}

# barrage serve over TLS with HTTP/3 (h1 and h2 on TCP, h3 on UDP), one thread.
start_serve_h3() {
  need_files
  server_start serve_h3 "barrage serve, 1 thread, TLS (P-256 certificate), HTTP/3 on UDP" self h3 \
    "https://127.0.0.1:$PORT/hello" "$BARRAGE" serve --cert "$CERT" --key "$KEY" --h3 --threads 1 \
    --listen "127.0.0.1:$PORT"
}

# Caddy serving the docroot over TLS: h1, h2 and h3 on one port, GOMAXPROCS=1.
start_caddy_h3() {
  need_files
  printf '%s\n' "{" "	admin off" "	auto_https off" "	servers {" "		protocols h1 h2 h3" "	}" "}" \
    "https://localhost:$PORT, https://127.0.0.1:$PORT {" "	bind 127.0.0.1" "	tls $CERT $KEY" \
    "	root * $DOCROOT" "	file_server" "}" >"$TMP/Caddyfile"
  server_start caddy_h3 "Caddy $(version_of caddy), GOMAXPROCS=1, TLS (P-256 certificate), HTTP/3 on UDP" self h3 \
    "https://localhost:$PORT/static/6b" env GOMAXPROCS=1 HOME="$TMP" XDG_DATA_HOME="$TMP/caddy-data" \
    XDG_CONFIG_HOME="$TMP/caddy-config" caddy run --config "$TMP/Caddyfile" --adapter caddyfile
}

# -------------------------------------------------------------- scenarios

# begin: a new table, with wrk and floor as the references, no warm-up cut,
# and how busy the machine is right now.
begin() {
  : >"$TMP/rows"
  : >"$TMP/notes"
  : >"$TMP/extra"
  SUMMARY_HEADING=
  SUMMARY_PAIRS=()
  SUMMARY_EXTRA=0
  REF_KIND=wrk
  REF_LABEL=wrk
  SHOW_FLOOR=1
  WARMUP_CUT=0
  idle_check
}

# begin_h2: a new HTTP/2 table: h2load is the reference, no floor, and the
# clients' warm-up is cut out of their CPU.
begin_h2() {
  begin
  REF_KIND=h2load
  REF_LABEL=h2load
  SHOW_FLOOR=0
  WARMUP_CUT=$WARMUP
  if [ "$WARMUP" -gt 0 ]; then
    echo "Each client warms up for $WARMUP s, not counted: its CPU and the server's are read at the end of the warm-up and subtracted, so CPU and responses cover the same $DURATION s." >>"$TMP/notes"
  fi
}

# finish NAME DESCRIPTION: print the table, append it to the results file.
finish() {
  local file commit
  mkdir -p "$RESULTS_DIR"
  file="$RESULTS_DIR/$(date +%F)-$1.md"
  commit=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo "no commit")
  # The tables being written (bench/results) and the peers' builds (bench/peers)
  # are not a change to what is measured.
  [ -z "$(git -C "$REPO" status --porcelain -- . ':!bench/results' ':!bench/peers' 2>/dev/null | head -n 1)" ] ||
    commit+=" + uncommitted changes"
  {
    printf '## %s: %s\n\n' "$1" "$2"
    printf '%s, barrage at %s. %s\n\n' "$(date '+%F %T %Z')" "$commit" "$(environment)"
    if [ -n "$SUMMARY_HEADING" ]; then
      echo "Medians over the rounds (ratios: the median of the per-round ratios, A and B from the same round):"
      echo
      summary_table "$SUMMARY_HEADING" "${SUMMARY_PAIRS[@]}"
      echo
      echo "Every run:"
      echo
    fi
    render_table
    echo
  } | tee -a "$file"
  log "appended to $file"
  SERVER_DESCS=()
}

# keepalive: the io_uring and epoll floors, gcannon, wrk and barrage (with
# --io-uring too when it has it) alternating for ROUNDS rounds, then
# h2load --h1 and oha once.
ka_epoll_floor() { floor_client floor "epoll floor #$1"; }
ka_uring_floor() { uring_floor_client "io_uring floor #$1"; }
ka_gcannon() {
  # gcannon reads "-c N", not "-cN".
  peer gcannon gcannon "$GCANNON" "gcannon #$1" "$URL" --json -t 1 -c "$CONNS" -d "${DURATION}s"
}
ka_wrk() { measure "wrk #$1" wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" "$URL"; }
ka_barrage() { barrage_client "barrage #$1" -t1 -c"$CONNS" -d"${DURATION}s"; }
ka_barrage_uring() { barrage_client "barrage --io-uring #$1" --io-uring -t1 -c"$CONNS" -d"${DURATION}s"; }

scenario_keepalive() {
  server_use nginx_hello
  begin
  SUMMARY_HEADING="keep-alive"
  SUMMARY_PAIRS=("barrage/epoll floor" "barrage/gcannon" "barrage/io_uring floor" "barrage/wrk")
  local clients=(ka_epoll_floor ka_uring_floor ka_gcannon ka_wrk ka_barrage)
  if barrage_io_uring; then
    clients+=(ka_barrage_uring)
    SUMMARY_PAIRS+=("barrage --io-uring/epoll floor" "barrage --io-uring/gcannon" "barrage --io-uring/barrage")
  else
    echo "barrage has no --io-uring here: no row for it." >>"$TMP/notes"
  fi
  rounds "${clients[@]}"
  measure "h2load --h1" h2load h2load --h1 -t1 -c"$CONNS" -D"$DURATION" "$URL"
  measure oha oha "$OHA" --no-tui --output-format json -c"$CONNS" -z"${DURATION}s" "$URL"
  {
    echo "Bars: barrage's client CPU per response ≤ 0.9× the epoll floor's and ≤ gcannon's (the ratio rows, µs/response column)."
    echo "The floors: floor.c (epoll) and floor_uring.c (io_uring: multishot receive into a provided buffer ring, SINGLE_ISSUER|DEFER_TASKRUN) from $FLOOR_DIR. gcannon: -t1, its JSON's 2xx+3xx over its elapsed_sec."
    echo "oha runs on a multi-threaded tokio runtime; pinned to core 0 like the others, its threads share that core."
  } >>"$TMP/notes"
  finish keepalive "$CONNS keep-alive connections, $DURATION s per client, $ROUNDS rounds"
}

# wrk's Lua scripts: request() per send against wrk running the same
# script (the reference row), and a settings-only script against no script.
scenario_script() {
  server_use nginx_hello
  begin
  local request=$BENCH_DIR/scripts/request.lua settings=$BENCH_DIR/scripts/settings.lua
  measure "wrk -s request.lua" wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" -s "$request" "$URL"
  barrage_client "barrage --script request.lua" -t1 -c"$CONNS" -d"${DURATION}s" --script "$request"
  measure "wrk, no script" wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" "$URL"
  barrage_client "barrage, no script" -t1 -c"$CONNS" -d"${DURATION}s"
  barrage_client "barrage --script settings.lua" -t1 -c"$CONNS" -d"${DURATION}s" --script "$settings"
  echo "The ratio column compares with wrk running request.lua (the first row)." >>"$TMP/notes"
  finish script "wrk Lua scripts, $CONNS keep-alive connections, $DURATION s per client"
}

# close: a new connection per request. ab and barrage (--http1.0, as ab
# speaks, and --no-keepalive) alternate for ROUNDS rounds; conn (the floor)
# and wrk with Connection: close run once.
cl_ab() { measure "ab #$1" ab ab -c"$CONNS" -t"$DURATION" -n 100000000 "$URL"; }
cl_barrage_10() { barrage_client "barrage --http1.0 #$1" -t1 -c"$CONNS" -d"${DURATION}s" --http1.0; }
cl_barrage_close() { barrage_client "barrage --no-keepalive #$1" -t1 -c"$CONNS" -d"${DURATION}s" --no-keepalive; }

scenario_close() {
  server_use nginx_hello
  begin
  SUMMARY_HEADING="no keep-alive"
  SUMMARY_PAIRS=("barrage --http1.0/ab" "barrage --no-keepalive/ab")
  floor_client conn
  rounds cl_ab cl_barrage_10 cl_barrage_close
  measure "wrk, Connection: close" wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" -H 'Connection: close' "$URL"
  {
    echo "Bar: barrage's throughput ≥ 1.3× ab's (the ratio rows, responses/s column)."
    echo "ab speaks HTTP/1.0 without keep-alive; conn and wrk send HTTP/1.1 with Connection: close."
    echo "The floor column compares with conn, the non-keep-alive floor."
  } >>"$TMP/notes"
  finish close "$CONNS connections, a new one per request, $DURATION s per client, $ROUNDS rounds"
}

scenario_c10k() {
  server_use nginx_hello
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
  server_use nginx_hello
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

# shellcheck source=bench/scenarios/openloop.sh
. "$BENCH_DIR/scenarios/openloop.sh"
# shellcheck source=bench/scenarios/h2.sh
. "$BENCH_DIR/scenarios/h2.sh"
# shellcheck source=bench/scenarios/h3.sh
. "$BENCH_DIR/scenarios/h3.sh"
# shellcheck source=bench/scenarios/ws.sh
. "$BENCH_DIR/scenarios/ws.sh"
# shellcheck source=bench/scenarios/grpc.sh
. "$BENCH_DIR/scenarios/grpc.sh"

for scenario in "${scenarios[@]}"; do
  "scenario_${scenario//-/_}"
done
