#!/usr/bin/env bash
# io_uring against epoll: client CPU per response of barrage with and without
# --io-uring, and of the two floor clients (floor.c on epoll, floor_uring.c on
# io_uring), alternated ROUNDS times in one sitting against one nginx worker
# on core 1 (bench/nginx-hello.conf), each client on core 0.
#
#   bench/uring.sh [BARRAGE]      # default: target/release/barrage
#
# Environment: ROUNDS (3), DURATION seconds (5), CONNECTIONS (100), PORT
# (18090), FLOOR_DIR (the floor clients' sources: ../shared/floor beside the
# repository), MODES (keepalive: the closed loop; add e.g. "open:30000" for
# -R 30000 and "close" for --no-keepalive, which the floors do not run).
# Prints one tab-separated row per run (round, client, mode, responses, cpu_s,
# us_per_response) and, at the end, each client's median per mode.
# Machines are shared and noisy: read the figures as ratios within a sitting.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
BARRAGE=${1:-$root/target/release/barrage}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-100}
PORT=${PORT:-18090}
FLOOR_DIR=${FLOOR_DIR:-$root/../shared/floor}
MODES=${MODES:-keepalive}
NGINX=${BARRAGE_NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}

log() { printf 'uring.sh: %s\n' "$*" >&2; }
die() {
    log "error: $*"
    exit 1
}

[ -x "$BARRAGE" ] || die "no barrage binary at $BARRAGE (cargo build --release -p barrage)"
[ -x "$NGINX" ] || die "no nginx (apt-get install nginx, or set BARRAGE_NGINX)"
command -v taskset >/dev/null || die "no taskset (util-linux)"
[ -x /usr/bin/time ] || die "no /usr/bin/time (apt-get install time)"

TMP=$(mktemp -d /tmp/barrage-uring.XXXXXX)
trap 'kill "$(cat "$TMP/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$TMP"' EXIT

# The floors, if their sources are here (liburing for the io_uring one).
floors=()
if [ -f "$FLOOR_DIR/floor.c" ]; then
    cc -O2 -o "$TMP/floor" "$FLOOR_DIR/floor.c" && floors+=(floor)
    if [ ! -f /usr/include/liburing.h ] && command -v apt-get >/dev/null; then
        apt-get install -y -q liburing-dev >/dev/null || log "liburing-dev not installed"
    fi
    if [ -f /usr/include/liburing.h ]; then
        cc -O2 -o "$TMP/floor_uring" "$FLOOR_DIR/floor_uring.c" -luring && floors+=(floor_uring)
    fi
else
    log "no floor sources in $FLOOR_DIR: barrage only"
fi

sed -e "s/@PORT@/$PORT/" -e "s#@PID@#$TMP/nginx.pid#" "$root/bench/nginx-hello.conf" >"$TMP/nginx.conf"
taskset -c 1 "$NGINX" -c "$TMP/nginx.conf" -p "$TMP/" >"$TMP/nginx.log" 2>&1 &
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$PORT/hello" >/dev/null 2>&1 && break
    sleep 0.1
done
curl -fs "http://127.0.0.1:$PORT/hello" >/dev/null || die "nginx did not start: $(tail -3 "$TMP/nginx.log")"

url="http://127.0.0.1:$PORT/hello"

# cpu_of FILE: user + system seconds that /usr/bin/time wrote to FILE.
cpu_of() { awk '/^cpu / { print $2 + $3 }' "$1"; }

# run_one ROUND CLIENT MODE: one measured run, one row.
run_one() {
    local round=$1 client=$2 mode=$3 responses
    local timed=(/usr/bin/time -o "$TMP/time" -f 'cpu %U %S' taskset -c 0)
    local model=(-c "$CONNECTIONS")
    case $mode in
        open:*) model+=(-R "${mode#open:}") ;;
        close) model+=(--no-keepalive) ;;
    esac
    case $client in
        floor | floor_uring)
            [ "$mode" = keepalive ] || return 0
            local extra=()
            [ "$client" = floor_uring ] && extra=(1)
            "${timed[@]}" "$TMP/$client" "$CONNECTIONS" "$DURATION" "$PORT" /hello "${extra[@]}" >"$TMP/out" 2>&1
            responses=$(awk '{ print $1; exit }' "$TMP/out")
            ;;
        barrage | barrage-io-uring)
            local io=()
            [ "$client" = barrage-io-uring ] && io=(--io-uring)
            "${timed[@]}" "$BARRAGE" load -t1 "${model[@]}" -d "${DURATION}s" "${io[@]}" \
                --json "$TMP/out.json" -q "$url" >/dev/null 2>"$TMP/err" || die "$client: $(cat "$TMP/err")"
            responses=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["responses"])' "$TMP/out.json")
            ;;
    esac
    local cpu
    cpu=$(cpu_of "$TMP/time")
    awk -v r="$round" -v c="$client" -v m="$mode" -v n="$responses" -v s="$cpu" \
        'BEGIN { printf "%s\t%s\t%s\t%d\t%.2f\t%.2f\n", r, c, m, n, s, s * 1e6 / n }' | tee -a "$TMP/rows"
}

printf 'round\tclient\tmode\tresponses\tcpu_s\tus_per_response\n'
for round in $(seq "$ROUNDS"); do
    for mode in $MODES; do
        for client in barrage barrage-io-uring "${floors[@]}"; do
            run_one "$round" "$client" "$mode"
        done
    done
done

echo
printf 'median µs per response (%s rounds)\n' "$ROUNDS"
sort -t$'\t' -k3,3 -k2,2 -k6,6n "$TMP/rows" | awk -F'\t' '
    { key = $3 "\t" $2; v[key, ++n[key]] = $6 }
    END { for (k in n) { m = n[k]; print k "\t" v[k, int((m + 1) / 2)] } }' | sort
