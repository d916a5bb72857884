#!/usr/bin/env bash
# Client efficiency, side by side: barrage against the floor clients, wrk, ab
# and h2load, all driving the same server, one after another.
#
#   bench/run.sh [SCENARIO|h1|h2|all]...     (default: all)
#
# HTTP/1.1 on nginx (h1): keepalive close c10k openloop script
# HTTP/2 and TLS (h2):    h2c h2tls h2c-4k https-h1 h2-crate
# HTTP/3 (h3):            h3 (barrage serve and Caddy; oha as the reference)
#
# Environment: DURATION seconds per client (10), CONNS connections (100),
# STREAMS per HTTP/2 connection (100), WARMUP seconds of the HTTP/2 clients (2),
# C10K_CONNS (10000), RATE target responses/s of openloop (20000), PORT of the
# server (8089), BARRAGE binary (target/release/barrage), FLOOR_DIR with floor.c
# and conn.c (../shared/floor next to the repo), H2_CRATE_CLIENT binary
# (bench/h2-crate-client/target/release/h2-crate-client), OHA binary built with
# its http3 feature (oha; scripts/setup.sh installs it in ~/.cargo/bin), H3_STREAMS
# per HTTP/3 connection (10), H3_REPEATS alternating runs of oha and barrage over
# HTTP/3 on barrage serve (5), H3_RATE requests/s of the same-rate HTTP/3 pair
# (30000), RESULTS_DIR (bench/results).
#
# The server runs on core 1, each client on core 0. Tables go to stdout and are
# appended to RESULTS_DIR/DATE-SCENARIO.md; progress goes to stderr.
# See bench/README.md for the method and how to read the ratios.
set -euo pipefail

usage() { sed -n '2,21s/^# \{0,1\}//p' "$0"; }

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
URL="http://127.0.0.1:$PORT/hello"

for var in PORT DURATION CONNS STREAMS C10K_CONNS RATE H3_STREAMS H3_REPEATS H3_RATE; do
  [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
done
[[ $WARMUP =~ ^[0-9]+$ ]] || die "WARMUP must be a whole number of seconds, not '$WARMUP'"

H1_SCENARIOS=(keepalive close c10k openloop script)
H2_SCENARIOS=(h2c h2tls h2c-4k https-h1 h2-crate)
H3_SCENARIOS=(h3)
scenarios=()
for arg in "${@:-all}"; do
  case "$arg" in
    keepalive | close | c10k | openloop | script | h2c | h2tls | h2c-4k | https-h1 | h2-crate | h3) scenarios+=("$arg") ;;
    h1) scenarios+=("${H1_SCENARIOS[@]}") ;;
    h2) scenarios+=("${H2_SCENARIOS[@]}") ;;
    all) scenarios+=("${H1_SCENARIOS[@]}" "${H2_SCENARIOS[@]}" "${H3_SCENARIOS[@]}") ;;
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
  # The tables being written (bench/results) are not a change to what is measured.
  [ -z "$(git -C "$REPO" status --porcelain -- . ':!bench/results' 2>/dev/null | head -n 1)" ] ||
    commit+=" + uncommitted changes"
  {
    printf '## %s: %s\n\n' "$1" "$2"
    printf '%s, barrage at %s. %s\n\n' "$(date '+%F %T %Z')" "$commit" "$(environment)"
    render_table
    echo
  } | tee -a "$file"
  log "appended to $file"
}

scenario_keepalive() {
  server_use nginx_hello
  begin
  floor_client floor
  measure wrk wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" "$URL"
  measure "h2load --h1" h2load h2load --h1 -t1 -c"$CONNS" -D"$DURATION" "$URL"
  measure oha oha "$OHA" --no-tui --output-format json -c"$CONNS" -z"${DURATION}s" "$URL"
  barrage_client barrage -t1 -c"$CONNS" -d"${DURATION}s"
  echo "oha runs on a multi-threaded tokio runtime; pinned to core 0 like the others, its threads share that core." >>"$TMP/notes"
  finish keepalive "$CONNS keep-alive connections, $DURATION s per client"
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

scenario_close() {
  server_use nginx_hello
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

# h2_clients URL "BARRAGE-FLAGS" "H2LOAD-WINDOWS" "BARRAGE-WINDOWS": an h2load
# row and a barrage row, STREAMS streams on each of CONNS connections, after a
# WARMUP-second warm-up. The flag strings are split on spaces.
h2_clients() {
  local url=$1 proto=$2 h2load_win=$3 barrage_win=$4
  # shellcheck disable=SC2086 # the flag strings are split on purpose
  measure "h2load${h2load_win:+ $h2load_win}" h2load \
    h2load -t1 -c"$CONNS" -m"$STREAMS" -D"$DURATION" --warm-up-time="$WARMUP" $h2load_win "$url"
  # shellcheck disable=SC2086
  barrage_at "barrage $proto${barrage_win:+ $barrage_win}" "$url" \
    $proto -c"$CONNS" -m"$STREAMS" -d"${DURATION}s" --warmup "${WARMUP}s" -t1 $barrage_win
}

H2_SHAPE="$CONNS connections × $STREAMS streams"
H2_TIME="$DURATION s per client after $WARMUP s of warm-up"

scenario_h2c() {
  local server
  for server in h2o nghttpd; do
    server_use "${server}_h2c"
    begin_h2
    h2_clients "http://127.0.0.1:$PORT/static/6b" --h2c "" ""
    echo "Windows: each client's defaults (h2load 1.52: 2^30−1 per stream and per connection)." >>"$TMP/notes"
    finish h2c "$server, HTTP/2 cleartext (prior knowledge), $H2_SHAPE, GET /static/6b (6 bytes), $H2_TIME"
  done
}

scenario_h2tls() {
  local server
  for server in h2o nghttpd; do
    server_use "${server}_tls"
    begin_h2
    h2_clients "https://127.0.0.1:$PORT/static/6b" "--h2 --insecure" "" ""
    echo "Windows: each client's defaults (h2load 1.52: 2^30−1 per stream and per connection). TLS: the run's self-signed P-256 certificate, ALPN h2; the $CONNS handshakes fall in the warm-up." >>"$TMP/notes"
    finish h2tls "$server, HTTP/2 over TLS, $H2_SHAPE, GET /static/6b (6 bytes), $H2_TIME"
  done
}

scenario_h2c_4k() {
  local server
  for server in h2o nghttpd; do
    server_use "${server}_h2c"
    begin_h2
    h2_clients "http://127.0.0.1:$PORT/static/4k" --h2c "-w16 -W16" "-w16 -W16"
    echo "Default windows: 65,535 bytes (2^16−1) per stream and per connection, the protocol's initial window (RFC 9113). h2load 1.52 and barrage both default to 2^30−1 instead, so both are given -w16 -W16." >>"$TMP/notes"
    finish h2c-4k "$server, h2c, $H2_SHAPE, GET /static/4k (4096 bytes), default (64 KiB) flow-control windows, $H2_TIME"
    begin_h2
    h2_clients "http://127.0.0.1:$PORT/static/4k" --h2c "-w30 -W30" "-w30 -W30"
    echo "Windows of 2^30−1 bytes per stream and per connection: flow control out of the way." >>"$TMP/notes"
    finish h2c-4k "$server, h2c, $H2_SHAPE, GET /static/4k (4096 bytes), -w30 -W30 windows, $H2_TIME"
  done
}

scenario_https_h1() {
  local url="https://127.0.0.1:$PORT/hello"
  server_use nginx_tls
  begin
  SHOW_FLOOR=0
  measure wrk wrk wrk -t1 -c"$CONNS" -d"${DURATION}s" "$url"
  barrage_at "barrage --insecure" "$url" --insecure -t1 -c"$CONNS" -d"${DURATION}s"
  echo "HTTP/1.1 over TLS (the run's self-signed P-256 certificate), keep-alive; the $CONNS handshakes are in the measured time, for both." >>"$TMP/notes"
  finish https-h1 "$CONNS keep-alive HTTPS/1.1 connections to nginx, $DURATION s per client"
}

# h2-crate: the hyperium h2 crate as a client (bench/h2-crate-client), next to
# h2load, twice each, alternating, on h2o's h2c /static/6b.
scenario_h2_crate() {
  local url="http://127.0.0.1:$PORT/static/6b" run
  local crate_cmd=("$H2_CRATE_CLIENT" -c"$CONNS" -m"$STREAMS" -d"$DURATION" --warmup "$WARMUP" -w30 -W30 "$url")
  server_use h2o_h2c
  begin_h2
  for run in 1 2; do
    measure "h2load ($run)" h2load h2load -t1 -c"$CONNS" -m"$STREAMS" -D"$DURATION" --warm-up-time="$WARMUP" "$url"
    if [ -x "$H2_CRATE_CLIENT" ]; then
      measure "h2 crate ($run)" h2crate "${crate_cmd[@]}"
      grep -m1 '^cpu:' "$TMP/out" | sed "s/^/h2 crate ($run), its own count: /" >>"$TMP/notes" || true
    else
      not_run "h2 crate ($run)" h2crate "$(show_cmd "${crate_cmd[@]}")" \
        "no binary at $H2_CRATE_CLIENT (cargo build --release --manifest-path bench/h2-crate-client/Cargo.toml)"
    fi
  done
  awk -F '\t' '
    $4 == "" && $5 > 0 { k = $2; n[k]++; us[k] += $8 / $5 * 1e6; rate[k] += $7 }
    END {
      if (n["h2load"] && n["h2crate"])
        printf "Means of the runs: h2load %.0f responses/s, %.2f µs/response; h2 crate %.0f responses/s, %.2f µs/response (%.2f× h2load'"'"'s CPU per response).\n",
          rate["h2load"] / n["h2load"], us["h2load"] / n["h2load"], rate["h2crate"] / n["h2crate"],
          us["h2crate"] / n["h2crate"], (us["h2crate"] / n["h2crate"]) / (us["h2load"] / n["h2load"])
    }' "$TMP/rows" >>"$TMP/notes"
  echo "The h2 crate client: h2 0.4 on a current-thread tokio runtime, pinned to core 0; each stream sends its next GET once the body is read and its capacity released; windows of 2^30−1 (-w30 -W30), h2load's (and barrage's) default." >>"$TMP/notes"
  finish h2-crate "h2 crate vs h2load on h2o, h2c, $H2_SHAPE, GET /static/6b (6 bytes), $H2_TIME"
}

# h3: barrage --h3 against oha --http-version 3 (the reference), and
# barrage --h2 and oha --http-version 2 on the same server and port for the
# cost of QUIC, on barrage serve and Caddy, 6 bytes and 4 KiB. Caddy picks
# its certificate by SNI: its URLs say localhost (127.0.0.1 here).
# h3_medians: the median µs/response of the repeated h3 rows of oha and
# barrage, and their ratio, as a sentence for the notes.
h3_medians() {
  awk -F '\t' '
    function median(a, n,    i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    $4 == "" && $5 > 0 && $1 ~ /^oha --http-version 3 #/ { o[++no] = $8 / $5 * 1e6; orate[no] = $7 }
    $4 == "" && $5 > 0 && $1 ~ /^barrage --h3 #/ { b[++nb] = $8 / $5 * 1e6; brate[nb] = $7 }
    END {
      if (!no || !nb) { print "h3 medians: no complete pair of runs"; exit }
      mo = median(o, no); mb = median(b, nb); ro = median(orate, no); rb = median(brate, nb)
      printf "h3 medians over %d runs of oha and %d of barrage: barrage %.2f µs/response vs oha %.2f: %.2f× (bar ≤ 0.5×); responses/s %.0f vs %.0f: %.2f×.\n", no, nb, mb, mo, mb / mo, rb, ro, rb / ro
    }' "$TMP/rows"
}

# h3_same_rate: the ratio of the same-rate pair, as a sentence for the notes.
h3_same_rate() {
  awk -F '\t' -v rate="$H3_RATE" '
    $4 == "" && $5 > 0 && $1 ~ /^oha --http-version 3 -q / { o = $8 / $5 * 1e6; on = $5 }
    $4 == "" && $5 > 0 && $1 ~ /^barrage --h3 -R / { b = $8 / $5 * 1e6; bn = $5 }
    END {
      if (!o || !b) { print "h3 at one rate: no complete pair"; exit }
      printf "h3 at %d requests/s from both (open loop): barrage %.2f µs/response vs oha %.2f: %.2f× (%d and %d responses).\n", rate, b, o, b / o, bn, on
    }' "$TMP/rows"
}

scenario_h3() {
  local server path url shape="$CONNS connections × $H3_STREAMS streams"
  for server in serve caddy; do
    server_use "${server}_h3"
    for path in /static/6b /static/4k; do
      case "$server$path" in
        serve/static/6b) url="https://127.0.0.1:$PORT/hello" ;;
        serve*) url="https://127.0.0.1:$PORT$path" ;;
        *) url="https://localhost:$PORT$path" ;;
      esac
      begin
      REF_KIND=oha
      REF_LABEL=oha
      SHOW_FLOOR=0
      # The h3 pair runs H3_REPEATS times, alternating: one run of either
      # varies by a third here (how often the client sleeps and wakes while
      # the server's core is full), so the bar is read from the medians.
      # oha gets no response from Caddy (BENCHMARKS.md): one run there.
      local r reps=$H3_REPEATS
      [ "$server" = serve ] || reps=1
      for r in $(seq "$reps"); do
        measure "oha --http-version 3 #$r" oha "$OHA" --no-tui --output-format json --http-version 3 --insecure \
          -c"$CONNS" -p"$H3_STREAMS" -z"${DURATION}s" "$url"
        barrage_at "barrage --h3 #$r" "$url" --h3 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" -d"${DURATION}s"
      done
      h3_medians >>"$TMP/notes"
      # Both clients at one rate below either's closed-loop throughput, so
      # neither is saturated: the cost per response when a client sleeps
      # between sends, as every client below its ceiling does.
      if [ "$server" = serve ]; then
        measure "oha --http-version 3 -q $H3_RATE" oha "$OHA" --no-tui --output-format json --http-version 3 \
          --insecure -c"$CONNS" -p"$H3_STREAMS" -q "$H3_RATE" -z"${DURATION}s" "$url"
        barrage_at "barrage --h3 -R $H3_RATE" "$url" --h3 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" \
          -R"$H3_RATE" -d"${DURATION}s"
        h3_same_rate >>"$TMP/notes"
      fi
      barrage_at "barrage --h2 (TLS)" "$url" --h2 --insecure -t1 -c"$CONNS" -m"$H3_STREAMS" -d"${DURATION}s"
      measure "oha --http-version 2" oha "$OHA" --no-tui --output-format json --http-version 2 --insecure \
        -c"$CONNS" -p"$H3_STREAMS" -z"${DURATION}s" "$url"
      echo "No warm-up: the $CONNS QUIC (or TLS) handshakes are in the measured time for every client. oha counts 2xx/3xx responses; requests cut by its deadline are not responses." >>"$TMP/notes"
      finish h3 "$server, $shape, GET $url, $DURATION s per client"
    done
  done
}

for scenario in "${scenarios[@]}"; do
  "scenario_${scenario//-/_}"
done
