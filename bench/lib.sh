# shellcheck shell=bash
# Helpers of bench/run.sh: the nginx under test, one measured client run, the
# parsers of each client's own output, and the Markdown table.
#
# Expects from the caller: TMP (a private temp dir), PORT, DURATION, BENCH_DIR.
# A measured run appends one tab-separated row to $TMP/rows:
#   name kind command note responses elapsed_s responses_per_s cpu_s server_cpu_s maxrss_kib
# where kind is floor|wrk|ab|h2load|barrage (floor and wrk rows are the
# references of the ratio columns) and note is empty or why the row did not run.

log() { printf 'bench: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------- the server

NGINX_PID=
NGINX_WORKER=

nginx_start() {
  local nginx
  nginx=$(command -v nginx) || die "nginx not found (run scripts/setup.sh)"
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    die "127.0.0.1:$PORT is already in use (set PORT=...)"
  fi
  sed -e "s|@PORT@|$PORT|g" -e "s|@PID@|$TMP/nginx.pid|g" \
    "$BENCH_DIR/nginx-hello.conf" >"$TMP/nginx.conf"
  log "starting nginx on 127.0.0.1:$PORT, pinned to core 1 ($TMP/nginx.conf)"
  taskset -c 1 "$nginx" -e stderr -p "$TMP/" -c "$TMP/nginx.conf" >"$TMP/nginx.log" 2>&1 &
  NGINX_PID=$!
  for _ in $(seq 50); do
    if curl -fsS --max-time 1 -o /dev/null "http://127.0.0.1:$PORT/hello" 2>/dev/null; then
      NGINX_WORKER=$(child_of "$NGINX_PID" || true)
      [ -n "$NGINX_WORKER" ] || die "nginx answers but has no worker process?"
      log "nginx master $NGINX_PID, worker $NGINX_WORKER"
      return 0
    fi
    kill -0 "$NGINX_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$TMP/nginx.log" >&2
  die "nginx did not start (log above)"
}

nginx_stop() {
  [ -n "$NGINX_PID" ] || return 0
  if kill -0 "$NGINX_PID" 2>/dev/null; then
    kill -TERM "$NGINX_PID" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$NGINX_PID" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$NGINX_PID" 2>/dev/null; then
      kill -KILL "$NGINX_PID" 2>/dev/null || true
    fi
  fi
  # A worker left behind by a killed master.
  if [ -n "$NGINX_WORKER" ] && kill -0 "$NGINX_WORKER" 2>/dev/null; then
    kill -KILL "$NGINX_WORKER" 2>/dev/null || true
  fi
  wait "$NGINX_PID" 2>/dev/null || true
  NGINX_PID=
}

# child_of PID: the first process whose parent is PID (nginx's worker).
child_of() {
  local stat line pid ppid
  for stat in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$stat" || continue
    pid=${line%% *}
    line=${line##*) } # drop "pid (comm) ": state ppid ...
    ppid=${line#* }
    ppid=${ppid%% *}
    if [ "$ppid" = "$1" ]; then
      echo "$pid"
      return 0
    fi
  done
  return 1
}

# server_ticks: CPU clock ticks (user + system) the nginx worker has used so
# far: fields 14 and 15 of /proc/PID/stat.
server_ticks() {
  local line
  read -r line 2>/dev/null <"/proc/$NGINX_WORKER/stat" || die "nginx worker $NGINX_WORKER is gone (interrupted?)"
  line=${line##*) } # field 3 (state) is now field 1: utime is 12, stime 13
  # shellcheck disable=SC2086 # split into fields on purpose
  set -- $line
  echo $((${12} + ${13}))
}

# ---------------------------------------------------------- a measured run

# show_cmd ARGV...: the command as a reader would type it (binary basenames,
# temp-dir paths shortened).
show_cmd() {
  local out arg first=1
  out=
  for arg in "$@"; do
    if [ "$first" -eq 1 ]; then
      arg=${arg##*/}
      first=0
    fi
    arg=${arg//"$TMP/"/}
    case "$arg" in
      *[[:space:]]*) arg="'$arg'" ;;
    esac
    out+="${out:+ }$arg"
  done
  printf '%s' "$out"
}

# add_row NAME KIND COMMAND NOTE [RESPONSES ELAPSED RATE CPU SERVER_CPU RSS]
add_row() {
  local IFS=$'\t'
  printf '%s\n' "$*" >>"$TMP/rows"
}

# not_run NAME KIND COMMAND REASON
not_run() {
  log "$1: not run: $4"
  add_row "$1" "$2" "$3" "not run: $4"
}

# first_error FILE...: the first non-empty line of the files, for a table cell.
first_error() {
  local line
  line=$(cat "$@" 2>/dev/null | grep -m1 -v '^[[:space:]]*$' || true)
  line=${line//|/\\|}
  printf '%s' "${line:-no output}"
}

# measure NAME KIND ARGV...: run one client pinned to core 0 under
# /usr/bin/time and timeout, with the server's CPU read before and after, and
# add its row. KIND names the parser of its output (parse_KIND).
measure() {
  local name=$1 kind=$2
  shift 2
  local shown rc=0 before after
  shown=$(show_cmd "$@")
  if ! command -v "$1" >/dev/null 2>&1; then
    not_run "$name" "$kind" "$shown" "$1 not found (run scripts/setup.sh)"
    return 0
  fi
  kill -0 "$NGINX_PID" 2>/dev/null || die "nginx has died: $(first_error "$TMP/nginx.log")"
  log "running $name: $shown"
  rm -f "$TMP/time" "$TMP/out" "$TMP/err" "$TMP/barrage.json"
  before=$(server_ticks)
  taskset -c 0 /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
    timeout --foreground -k 5 $((DURATION + 30)) "$@" >"$TMP/out" 2>"$TMP/err" || rc=$?
  case "$rc" in
    130 | 143) die "$name interrupted" ;; # Ctrl-C or kill: stop the whole run
  esac
  after=$(server_ticks)

  local parsed cpu rss server
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    not_run "$name" "$kind" "$shown" "timed out after $((DURATION + 30)) s"
    return 0
  fi
  if ! parsed=$("parse_$kind" 2>>"$TMP/err") || [ -z "$parsed" ]; then
    not_run "$name" "$kind" "$shown" "$(first_error "$TMP/err" "$TMP/out")"
    return 0
  fi
  # The last line: GNU time puts "Command exited with non-zero status N" before it.
  read -r cpu rss < <(tail -n 1 "$TMP/time" | awk '{ print $1 + $2, $3 }')
  server=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" 'BEGIN { print t / hz }')
  # shellcheck disable=SC2086 # parsed is "responses elapsed rate"
  add_row "$name" "$kind" "$shown" "" $parsed "$cpu" "$server" "$rss"
  if [ "$rc" -ne 0 ]; then
    echo "$name exited with status $rc: $(first_error "$TMP/err")" >>"$TMP/notes"
  fi
  log "$name: $(cut -d' ' -f1 <<<"$parsed") responses, client CPU ${cpu} s, server CPU ${server} s"
  sleep 1 # let the server settle between clients
}

# ------------------------------------------------------------------ parsers
# Each reads $TMP/out and prints "responses elapsed_s responses_per_s".

# to_seconds: awk function turning wrk's and h2load's "1.23ms" into seconds.
AWK_SECONDS='
function to_seconds(v) {
  sub(/,$/, "", v)
  if (v ~ /us$/) return v / 1e6
  if (v ~ /ms$/) return v / 1e3
  if (v ~ /m$/)  return v * 60
  if (v ~ /h$/)  return v * 3600
  return v + 0
}'

# floor and conn: "N responses in 10.00s = N responses/s[, N errors]"
parse_floor() {
  awk '$2 == "responses" && $3 == "in" { n = $1; t = $4 + 0; found = 1 }
       END { if (!found || t <= 0) exit 1; print n, t, n / t }' "$TMP/out"
}

# wrk: "  N requests in 10.00s, 1.23MB read"
parse_wrk() {
  awk "$AWK_SECONDS"'
       $2 == "requests" && $3 == "in" { n = $1; t = to_seconds($4); found = 1 }
       END { if (!found || t <= 0) exit 1; print n, t, n / t }' "$TMP/out"
}

# ab: "Complete requests:      N" and "Time taken for tests:   10.001 seconds"
parse_ab() {
  awk '/^Complete requests:/ { n = $3 }
       /^Time taken for tests:/ { t = $5 + 0 }
       END { if (n == "" || t <= 0) exit 1; print n, t, n / t }' "$TMP/out"
}

# h2load: "finished in 10.00s, ..." and
#         "requests: N total, N started, N done, N succeeded, N failed, ..."
parse_h2load() {
  awk "$AWK_SECONDS"'
       $1 == "finished" && $2 == "in" { t = to_seconds($3) }
       $1 == "requests:" { for (i = 2; i < NF; i++) if ($(i + 1) ~ /^succeeded/) n = $i }
       END { if (n == "" || t <= 0) exit 1; print n, t, n / t }' "$TMP/out"
}

# barrage: --json FILE, .totals.{responses,elapsed_s,responses_per_s}
parse_barrage() {
  [ -s "$TMP/barrage.json" ] || { echo "no JSON written to barrage.json" >&2; return 1; }
  python3 - "$TMP/barrage.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
print(int(t["responses"]), float(t["elapsed_s"]), float(t["responses_per_s"]))
PY
}

# ------------------------------------------------------------------- output

# render_table: the rows of $TMP/rows as a Markdown table, then the notes.
render_table() {
  awk -F '\t' '
    function ratio(us, ref) { return ref > 0 && us > 0 ? sprintf("%.2f", us / ref) : "–" }
    { rows[NR] = $0 }
    $4 == "" && $5 > 0 {
      us = $8 / $5 * 1e6
      if ($2 == "wrk" && wrk == "") wrk = us
      if ($2 == "floor" && floor == "") floor = us
    }
    END {
      print "| client | command | responses | elapsed s | responses/s | client CPU s | µs/response | client s per 1M responses | server CPU s | max RSS MiB | ratio vs wrk (CPU/response) | ratio vs floor |"
      print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      for (i = 1; i <= NR; i++) {
        split(rows[i], f, "\t")
        if (f[4] != "" || f[5] <= 0) {
          printf "| %s | `%s` | %s | | | | | | | | | |\n", f[1], f[3], f[4] != "" ? f[4] : "0 responses"
          continue
        }
        us = f[8] / f[5] * 1e6
        printf "| %s | `%s` | %d | %.2f | %.0f | %.2f | %.2f | %.2f | %.2f | %.1f | %s | %s |\n",
          f[1], f[3], f[5], f[6], f[7], f[8], us, f[8] / f[5] * 1e6, f[9], f[10] / 1024,
          ratio(us, wrk), ratio(us, floor)
      }
    }' "$TMP/rows"
  if [ -s "$TMP/notes" ]; then
    echo
    sed 's/^/- /' "$TMP/notes"
  fi
}

# idle_check: how busy the machine is with no benchmark running, in % of one
# core over a second. Other work on the machine makes every figure noisy.
IDLE_CHECK=
idle_check() {
  local before after
  before=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat)
  sleep 1
  after=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat)
  IDLE_CHECK=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" 'BEGIN { printf "%.0f", t / hz * 100 }')
  if [ "$IDLE_CHECK" -gt 10 ]; then
    log "warning: other processes use ${IDLE_CHECK}% of a core: the figures will be noisy"
  fi
}

# environment: one line saying where the figures come from.
environment() {
  local cpu
  cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
  printf 'Kernel %s, CPU %s, nproc %s. ' "$(uname -r)" "${cpu:-unknown}" "$(nproc)"
  printf 'Server: nginx %s, 1 worker on core 1; clients on core 0, one after another. ' \
    "$(nginx -v 2>&1 | sed 's|.*/||')"
  printf 'Busy before the run: %s%% of a core.\n' "${IDLE_CHECK:-?}"
}
