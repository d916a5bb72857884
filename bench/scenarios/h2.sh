# shellcheck shell=bash
# The HTTP/2 and TLS scenarios of bench/run.sh: h2c, h2tls, h2c-4k, https-h1,
# h2-crate.
# Sourced by bench/run.sh, whose variables and helpers they use (and which
# reads the table settings they set: REF_*, SHOW_FLOOR, SUMMARY_*).
# shellcheck disable=SC2034

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
