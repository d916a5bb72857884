# shellcheck shell=bash
# The WebSocket scenario of bench/run.sh (issue 31): echo of 64-byte
# messages over WS_CONNS connections, gcannon --ws against barrage load
# --ws, on barrage serve's /ws and on the Go catalogue server's
# (gorilla/websocket), alternating for ROUNDS rounds.
# Sourced by bench/run.sh, whose variables and helpers it uses (and which
# reads the table settings it sets: REF_*, SHOW_FLOOR, SUMMARY_*).
# shellcheck disable=SC2034

# The 64-byte text message both clients send.
WS_MESSAGE=$(printf 'x%.0s' $(seq 64))
WS_SERVER=

start_serve_ws() {
  server_start serve_ws "barrage serve, 1 thread, /ws (tokio-tungstenite)" self h1 \
    "http://127.0.0.1:$PORT/hello" "$BARRAGE" serve --threads 1 --listen "127.0.0.1:$PORT"
}

# servers/go-http, built by its own build script (fetching its pinned modules) (Go's net/http and
# gorilla/websocket), GOMAXPROCS=1.
start_gohttp_ws() {
  local dir=$REPO/servers/go-http
  # Every time: a binary left from before /ws existed would answer 404
  # (Go's build cache makes a build with nothing changed quick).
  log "building servers/go-http"
  bash "$dir/build.sh" --fetch >&2 || die "servers/go-http/build.sh --fetch failed"
  server_start gohttp_ws "Go net/http + gorilla/websocket ($(go version | awk '{print $3}')), GOMAXPROCS=1" self h1 \
    "http://127.0.0.1:$PORT/hello" env GOMAXPROCS=1 "$dir/build/server" -listen "127.0.0.1:$PORT" \
    -docroot "$REPO/servers/nginx/docroot" -data "$REPO/data/workloads"
}

ws_group() { echo "$WS_SERVER"; }
ws_gcannon() {
  peer gcannon gcannon "$GCANNON" "$(ws_group) · gcannon #$1" "http://127.0.0.1:$PORT/ws" --ws \
    --ws-msg "$WS_MESSAGE" --json -t 1 -c "$WS_CONNS" -d "${DURATION}s"
}
ws_barrage() {
  barrage_at "$(ws_group) · barrage #$1" "ws://127.0.0.1:$PORT/ws" -t1 -c"$WS_CONNS" \
    --ws-message "$WS_MESSAGE" -d"${DURATION}s"
}

scenario_ws() {
  begin
  REF_KIND=gcannon
  REF_LABEL=gcannon
  SHOW_FLOOR=0
  SUMMARY_HEADING=server
  SUMMARY_PAIRS=("barrage/gcannon")
  for WS_SERVER in serve go-http; do
    case $WS_SERVER in
      serve) server_use serve_ws ;;
      go-http) server_use gohttp_ws ;;
    esac
    rounds ws_gcannon ws_barrage
  done
  {
    echo "Bar: barrage's client CPU per echoed message ≤ gcannon's (the ratio rows, µs/response column), at throughput ≥ gcannon's (responses/s)."
    echo "Both send the same 64-byte text message, one in flight per connection, one thread on core 0. gcannon: --ws --ws-msg, its JSON's ws_frames (counted as 2xx) over elapsed_sec; barrage: totals.responses (echoed messages) over its elapsed time."
  } >>"$TMP/notes"
  finish ws "WebSocket echo, 64-byte messages, $WS_CONNS connections, $DURATION s per client, $ROUNDS rounds"
}
