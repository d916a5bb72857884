# shellcheck shell=bash
# The gRPC scenario of bench/run.sh (issue 32): unary Echo (proto/bench.proto,
# a 5-byte payload) at two shapes, 1 connection × GRPC_WIDE concurrent calls
# and GRPC_CONNS connections × GRPC_DEEP calls each, on `barrage serve --grpc`
# and on the catalogue's grpc-go (servers/grpc-go, built by its build.sh;
# skipped with a line when it cannot build). Clients, alternating for ROUNDS
# rounds: ghz (the reference; `go install`ed by scripts/setup.sh), `barrage
# load --grpc` at the same concurrency, and `barrage ghz` with ghz's own
# command line. Each client runs DURATION s; server on core 1, client on 0.
# Sourced by bench/run.sh, whose variables and helpers it uses (and which
# reads the table settings it sets: REF_*, SHOW_FLOOR, SUMMARY_*).
# shellcheck disable=SC2034

GHZ=${GHZ:-$(command -v ghz || echo "$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin/ghz")}
GRPC_WIDE=${GRPC_WIDE:-100}
GRPC_CONNS=${GRPC_CONNS:-100}
GRPC_DEEP=${GRPC_DEEP:-10}
GRPC_PROTO=$REPO/proto/bench.proto
GRPC_CALL=barrage.bench.v1.Bench/Echo
GRPC_DATA='{"payload":"aGVsbG8="}'
GRPC_SERVER=
GRPC_SHAPE=

start_serve_grpc() {
  server_start serve_grpc "barrage serve --grpc, 1 thread (tonic), h2c" self h1 \
    "http://127.0.0.1:$PORT/hello" "$BARRAGE" serve --grpc --threads 1 --listen "127.0.0.1:$PORT"
}

# servers/grpc-go (grpc-go 1.85), GOMAXPROCS=1, h2c; ready when its port
# accepts a connection (it answers nothing but gRPC).
start_grpcgo() {
  server_start grpcgo "grpc-go $(sed -n 's/^[[:space:]]*google.golang.org\/grpc \(v[^ ]*\)$/\1/p' \
    "$REPO/servers/grpc-go/go.mod") ($(go version | awk '{print $3}')), GOMAXPROCS=1, h2c" self tcp \
    "127.0.0.1:$PORT" env GOMAXPROCS=1 "$REPO/servers/grpc-go/build/server" -listen "127.0.0.1:$PORT"
}

# grpcgo_built: build servers/grpc-go (every time: Go's cache makes it quick
# when nothing changed); false, with the reason logged, when it cannot.
grpcgo_built() {
  log "building servers/grpc-go"
  if ! bash "$REPO/servers/grpc-go/build.sh" --fetch >"$TMP/grpcgo-build.log" 2>&1; then
    log "servers/grpc-go did not build: $(tail -n 1 "$TMP/grpcgo-build.log")"
    return 1
  fi
}

# grpc_split: the shape as "connections in-flight" (ghz: c = their product).
grpc_split() {
  case $GRPC_SHAPE in
    wide) echo "1 $GRPC_WIDE" ;;
    deep) echo "$GRPC_CONNS $GRPC_DEEP" ;;
  esac
}
grpc_group() {
  local conns inflight
  read -r conns inflight < <(grpc_split)
  echo "$GRPC_SERVER ${conns}×${inflight}"
}

# ghz's command line for this shape, without the address.
grpc_ghz_line() {
  local conns inflight
  read -r conns inflight < <(grpc_split)
  printf '%s\n' --insecure --proto "$GRPC_PROTO" --call "$GRPC_CALL" -d "$GRPC_DATA" \
    -c "$((conns * inflight))" --connections "$conns" -z "${DURATION}s" -O json
}

grpc_ghz() {
  local line
  mapfile -t line < <(grpc_ghz_line)
  if [ ! -x "$GHZ" ]; then
    not_run "$(grpc_group) · ghz #$1" ghz "ghz ${line[*]}" "no ghz at $GHZ (scripts/setup.sh installs it)"
    return 0
  fi
  measure "$(grpc_group) · ghz #$1" ghz "$GHZ" "${line[@]}" "127.0.0.1:$PORT"
}

grpc_barrage() {
  local conns inflight
  read -r conns inflight < <(grpc_split)
  barrage_at "$(grpc_group) · barrage #$1" "http://127.0.0.1:$PORT" --grpc --proto "$GRPC_PROTO" \
    --call "$GRPC_CALL" --data "$GRPC_DATA" -t1 -c"$conns" -m"$inflight" -d"${DURATION}s"
}

# `barrage ghz`: ghz's line on barrage's engine, read as ghz's JSON.
grpc_dialect() {
  local line
  mapfile -t line < <(grpc_ghz_line)
  measure "$(grpc_group) · barrage ghz #$1" ghz "$BARRAGE" ghz --cpus 1 "${line[@]}" "127.0.0.1:$PORT"
}

scenario_grpc() {
  local var
  for var in GRPC_WIDE GRPC_CONNS GRPC_DEEP; do
    [[ ${!var} =~ ^[1-9][0-9]*$ ]] || die "$var must be a positive integer, not '${!var}'"
  done
  begin
  REF_KIND=ghz
  REF_LABEL=ghz
  SHOW_FLOOR=0
  SUMMARY_HEADING="server and shape"
  SUMMARY_PAIRS=("barrage/ghz" "barrage ghz/ghz")
  local servers=(serve)
  if grpcgo_built; then
    servers+=(grpc-go)
  else
    echo "grpc-go: not run, servers/grpc-go did not build: $(tail -n 1 "$TMP/grpcgo-build.log")" >>"$TMP/notes"
  fi
  for GRPC_SERVER in "${servers[@]}"; do
    case $GRPC_SERVER in
      serve) server_use serve_grpc ;;
      grpc-go) server_use grpcgo ;;
    esac
    for GRPC_SHAPE in wide deep; do
      rounds grpc_ghz grpc_barrage grpc_dialect
    done
  done
  {
    echo "Bars: barrage's client CPU per call ≤ 0.3× ghz's (the ratio rows, µs/response column), at throughput ≥ ghz's (responses/s), at both shapes on both servers."
    echo "Unary Echo of proto/bench.proto with a 5-byte payload. ghz: -c workers over --connections connections (c = connections × calls in flight), -z, its JSON's statusCodeDistribution.OK over total; barrage: -c connections × -m calls in flight, totals.responses (calls with grpc-status 0) over its elapsed time; barrage ghz: ghz's line (--cpus 1), read like ghz."
    echo "ghz runs Go with GOMAXPROCS taken from its affinity (one core here); its calls still in flight when -z ends are cancelled and not counted."
  } >>"$TMP/notes"
  finish grpc "gRPC unary Echo, 1×$GRPC_WIDE and $GRPC_CONNS×$GRPC_DEEP calls in flight, $DURATION s per client, $ROUNDS rounds"
}
