#!/usr/bin/env bash
# Many keep-alive connections from one client thread: what the client holds
# (max RSS), whether every connection is made (connect-phase errors), how
# long the connects take, and whether the server's accept queue overflowed.
#
#   bench/many-conns.sh OLD NEW          (two barrage binaries, OLD first)
#
# nginx (one worker, `listen ... backlog=16384`, worker_connections 20000,
# worker_rlimit_nofile 20000, no multi_accept) runs pinned to core 1; each
# client `barrage load -t1 -cN -dDURATION` pinned to core 0. Per level and
# binary, ROUNDS runs, the binaries alternating. Every run gets a fresh
# nginx on a port of its own: the previous run's client ports wait in
# TIME_WAIT towards the old port and would slow the next run's port search.
#
# Per run: max RSS (GNU time), errors of kind connect and all errors,
# connections opened, connect time p50/p99/max (barrage's JSON), and the
# host's TcpExt ListenOverflows over the run (nstat, absolute counters).
#
# Environment: LEVELS ("4096 16384"), ROUNDS (2), DURATION seconds (5),
# PORT (first port, 8160), RESULTS_DIR (bench/results).
# The bar (issue 27): at 16,384, RSS <= 32 MiB and no connect-phase error.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LEVELS=${LEVELS:-"4096 16384"}
ROUNDS=${ROUNDS:-2}
DURATION=${DURATION:-5}
PORT=${PORT:-8160}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

log() { printf 'many-conns: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
[ $# -eq 2 ] || die "usage: bench/many-conns.sh OLD NEW"
OLD=$(realpath "$1") NEW=$(realpath "$2")
for bin in "$OLD" "$NEW"; do [ -x "$bin" ] || die "$bin is not an executable"; done
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) is needed: apt-get install time"
for tool in jq nstat taskset "$NGINX"; do
  command -v "$tool" >/dev/null || die "$tool is needed"
done
[ "$(ulimit -Hn)" -ge 17000 ] || die "the hard open-files limit $(ulimit -Hn) is below 17,000"
ulimit -n "$(ulimit -Hn)"

TMP=$(mktemp -d)
nginx_pid=
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

start_nginx() { # PORT
  mkdir -p "$TMP/ngx"
  cat >"$TMP/ngx/nginx.conf" <<CONF
worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
pid $TMP/ngx/nginx.pid;
error_log $TMP/ngx/error.log warn;
events { worker_connections 20000; }
http {
  access_log off;
  keepalive_requests 10000000;
  keepalive_timeout 120s;
  server {
    listen 127.0.0.1:$1 backlog=16384;
    location / { return 200 "hello\n"; }
  }
}
CONF
  taskset -c 1 "$NGINX" -c "$TMP/ngx/nginx.conf" -p "$TMP/ngx" -e "$TMP/ngx/error.log" &
  nginx_pid=$!
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  die "nginx did not listen on 127.0.0.1:$1"
}
stop_nginx() { kill "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true; nginx_pid=; }
overflows() { nstat -az TcpExtListenOverflows | awk '/ListenOverflows/ {print $2}'; }

# run WHICH BIN CONNS PORT: one run, one tab-separated row on stdout.
run() {
  local which=$1 bin=$2 conns=$3 port=$4 before after rss
  start_nginx "$port"
  before=$(overflows)
  taskset -c 0 /usr/bin/time -v -o "$TMP/time" "$bin" load -t1 -c"$conns" -d"${DURATION}s" \
    --json "$TMP/run.json" "http://127.0.0.1:$port/" >"$TMP/out" 2>&1 || true
  after=$(overflows)
  stop_nginx
  rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$TMP/time")
  if [ ! -s "$TMP/run.json" ]; then
    log "$which -c$conns failed: $(tail -n 3 "$TMP/out")"
    printf '%s\t%s\t%s\tfailed\t\t\t\t\t\t%s\n' "$which" "$conns" "$rss" "$((after - before))"
    return
  fi
  jq -r --arg w "$which" --arg c "$conns" --arg rss "$rss" --arg ov "$((after - before))" \
    '[$w, $c, $rss, (.errors.connect.count), ([.errors[].count] | add),
      .connections.opened, .connect_us.p50, .connect_us.p99, .connect_us.max,
      .totals.responses_per_s, $ov] | @tsv' "$TMP/run.json"
}

rows=$TMP/rows
port=$PORT
for conns in $LEVELS; do
  for round in $(seq "$ROUNDS"); do
    order=("old $OLD" "new $NEW")
    [ $((round % 2)) -eq 1 ] || order=("new $NEW" "old $OLD")
    for pair in "${order[@]}"; do
      set -- $pair
      row=$(run "$1" "$2" "$conns" "$port")
      port=$((port + 1))
      log "$row"
      printf '%s\n' "$row" >>"$rows"
    done
  done
done

mkdir -p "$RESULTS_DIR"
out=$RESULTS_DIR/$(date -u +%Y-%m-%d)-many-conns.md
{
  echo "## many-conns: $(date -u +%FT%TZ), $(nproc) cores, $("$NGINX" -v 2>&1 | sed 's/.*\///')"
  echo
  echo "| binary | connections | max RSS MiB | connect errors | errors | opened | connect p50 ms | p99 ms | max ms | responses/s | ListenOverflows |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  while IFS=$'\t' read -r which conns rss cerr err opened p50 p99 max rps ov; do
    if [ "$cerr" = failed ]; then
      echo "| $which | $conns | $(awk -v k="$rss" 'BEGIN{printf "%.1f", k/1024}') | failed | | | | | | | $ov |"
      continue
    fi
    awk -v w="$which" -v c="$conns" -v rss="$rss" -v ce="$cerr" -v e="$err" -v o="$opened" \
      -v p50="$p50" -v p99="$p99" -v mx="$max" -v rps="$rps" -v ov="$ov" \
      'BEGIN { printf "| %s | %s | %.1f | %s | %s | %s | %.2f | %.2f | %.2f | %.0f | %s |\n",
               w, c, rss / 1024, ce, e, o, p50 / 1000, p99 / 1000, mx / 1000, rps, ov }'
  done <"$rows"
} | tee -a "$out"
log "appended to $out"
