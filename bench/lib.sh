# shellcheck shell=bash
# Helpers of bench/run.sh: the server under test (nginx, h2o or nghttpd, one at
# a time), one measured client run, the parsers of each client's own output,
# and the Markdown table.
#
# Expects from the caller: TMP (a private temp dir), PORT, DURATION, BENCH_DIR.
# A measured run appends one tab-separated row to $TMP/rows:
#   name kind command note responses elapsed_s responses_per_s cpu_s server_cpu_s maxrss_kib
# where kind is floor|wrk|wrk2|gcannon|ab|h2load|h2crate|oha|barrage (floor rows and the rows of
# kind REF_KIND, wrk unless a scenario says otherwise, are the references of
# the ratio columns) and note is empty or why the row did not run or failed.
# A measured run of a kind that has an extra_KIND function also appends
#   name p99_latency_us send_delay_p50_us send_delay_p99_us send_delay_max_us
# to $TMP/extra ("-" where the client does not say).

log() { printf 'bench: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------- the server

SERVER=        # which server runs (the name given to server_start)
SERVER_PID=    # the process started (and stopped)
SERVER_WORKER= # the process whose CPU is measured (nginx's worker, else SERVER_PID)
SERVER_DESC=   # for the table heading, e.g. "nginx 1.22.1, 1 worker"
SERVER_DESCS=() # every server a table's runs started (finish() empties it)

# server_start NAME DESC WORKER PROTO PROBE-URL ARGV...: start ARGV pinned to
# core 1, output to $TMP/server.log, and wait until PROBE-URL answers 2xx with
# curl over PROTO (h1, h2c with prior knowledge, or h2; https is not checked
# for its certificate; h3: Debian's curl has no HTTP/3, so h2 over TCP is
# probed and then the UDP port is waited for; tcp: a server that answers no
# HTTP, such as a gRPC server, is ready when 127.0.0.1:$PORT accepts a
# connection). WORKER is "child" when the measured process is the
# first child of the one started (nginx), "self" otherwise.
server_start() {
  local name=$1 desc=$2 worker=$3 proto=$4 probe=$5
  shift 5
  local curl_args=(-fsS -k --max-time 1 -o /dev/null -w '%{http_version}') want=2 got
  case "$proto" in
    h1) curl_args+=(--http1.1); want=1.1 ;;
    h2c) curl_args+=(--http2-prior-knowledge) ;;
    h2 | h3) curl_args+=(--http2) ;;
    tcp) ;;
    *) die "server_start: unknown protocol $proto" ;;
  esac
  command -v "$1" >/dev/null 2>&1 || die "$1 not found (run scripts/setup.sh)"
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    die "127.0.0.1:$PORT is already in use (set PORT=...)"
  fi
  log "starting $name on 127.0.0.1:$PORT, pinned to core 1: $(show_cmd "$@")"
  taskset -c 1 "$@" >"$TMP/server.log" 2>&1 &
  SERVER_PID=$!
  SERVER=$name
  SERVER_DESC=$desc
  [[ " ${SERVER_DESCS[*]-} " == *" $desc "* ]] || SERVER_DESCS+=("$desc")
  SERVER_WORKER=
  for _ in $(seq 50); do
    if [ "$proto" = tcp ]; then
      got=2
      (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null || got=
    else
      got=$(curl "${curl_args[@]}" "$probe" 2>/dev/null) || got=
    fi
    if [ -n "$got" ]; then
      [ "$got" = "$want" ] || die "$name answered $probe over HTTP/$got, not HTTP/$want"
      if [ "$worker" = child ]; then
        SERVER_WORKER=$(child_of "$SERVER_PID" || true)
        [ -n "$SERVER_WORKER" ] || die "$name answers but has no worker process?"
      else
        SERVER_WORKER=$SERVER_PID
      fi
      [ "$proto" != h3 ] || wait_udp "$PORT" || die "$name answers on TCP but not on UDP $PORT"
      log "$name: pid $SERVER_PID, measured process $SERVER_WORKER"
      return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  cat "$TMP/server.log" >&2
  die "$name did not start or does not answer $probe (log above)"
}

# wait_udp PORT: wait (up to 5 s) until a UDP socket is bound to PORT.
wait_udp() {
  local hex
  hex=$(printf ':%04X ' "$1")
  for _ in $(seq 50); do
    if cat /proc/net/udp /proc/net/udp6 2>/dev/null | awk '{ print $2 " " }' | grep -q -- "$hex"; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}

server_stop() {
  [ -n "$SERVER_PID" ] || return 0
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
      kill -KILL "$SERVER_PID" 2>/dev/null || true
    fi
  fi
  # A worker left behind by a killed master.
  if [ "$SERVER_WORKER" != "$SERVER_PID" ] && [ -n "$SERVER_WORKER" ] && kill -0 "$SERVER_WORKER" 2>/dev/null; then
    kill -KILL "$SERVER_WORKER" 2>/dev/null || true
  fi
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
  SERVER_WORKER=
  SERVER=
}

# server_use NAME: make start_NAME's server the running one, stopping any other.
server_use() {
  if [ "$SERVER" = "$1" ] && [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    return 0
  fi
  server_stop
  "start_$1"
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

# proc_ticks PID: CPU clock ticks (user + system, all threads) PID has used
# so far: fields 14 and 15 of /proc/PID/stat. Fails if PID is gone.
proc_ticks() {
  local line
  read -r line 2>/dev/null <"/proc/$1/stat" || return 1
  line=${line##*) } # field 3 (state) is now field 1: utime is 12, stime 13
  # shellcheck disable=SC2086 # split into fields on purpose
  set -- $line
  echo $((${12} + ${13}))
}

# server_ticks: CPU clock ticks the measured server process has used so far.
server_ticks() {
  proc_ticks "$SERVER_WORKER" || die "$SERVER process $SERVER_WORKER is gone (interrupted?)"
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

# not_run NAME KIND COMMAND REASON: the client could not be started.
not_run() {
  log "$1: not run: $4"
  add_row "$1" "$2" "$3" "not run: $4"
}

# failed NAME KIND COMMAND REASON: the client ran but gave no result.
failed() {
  log "$1: failed: $4"
  add_row "$1" "$2" "$3" "failed: $4"
}

# first_error FILE...: the first non-empty line of the files, for a table cell.
first_error() {
  local line
  line=$(cat "$@" 2>/dev/null | grep -m1 -v '^[[:space:]]*$' || true)
  line=${line//|/\\|}
  printf '%s' "${line:-no output}"
}

# WARMUP_CUT: seconds of warm-up at the start of each client run that the
# client does not count (its own --warmup/--warm-up-time); 0 for none. When it
# is set, measure reads the client's and the server's CPU that many seconds
# after the start and subtracts it, so that CPU and responses cover the same
# measured window.
WARMUP_CUT=0

CLIENT_PID= # the /usr/bin/time of the client running, for client_stop

# client_stop: end a client still running (Ctrl-C, an error): TERM to its
# timeout, which passes it on to the client.
client_stop() {
  local t
  [ -n "$CLIENT_PID" ] || return 0
  if t=$(child_of "$CLIENT_PID"); then
    kill -TERM "$t" 2>/dev/null || true
  fi
  wait "$CLIENT_PID" 2>/dev/null || true
  CLIENT_PID=
}

# measure NAME KIND ARGV...: run one client pinned to core 0 under
# /usr/bin/time and timeout, with the server's CPU read before and after, and
# add its row. KIND names the parser of its output (parse_KIND).
measure() {
  local name=$1 kind=$2
  shift 2
  local shown rc=0 before after limit=$((DURATION + WARMUP_CUT + 30))
  shown=$(show_cmd "$@")
  if ! command -v "$1" >/dev/null 2>&1; then
    not_run "$name" "$kind" "$shown" "$1 not found (run scripts/setup.sh)"
    return 0
  fi
  kill -0 "$SERVER_PID" 2>/dev/null || die "$SERVER has died: $(first_error "$TMP/server.log")"
  log "running $name: $shown"
  rm -f "$TMP/time" "$TMP/out" "$TMP/err" "$TMP/barrage.json"
  before=$(server_ticks)
  taskset -c 0 /usr/bin/time -f '%U %S %M' -o "$TMP/time" \
    timeout --foreground -k 5 "$limit" "$@" >"$TMP/out" 2>"$TMP/err" &
  CLIENT_PID=$!
  local warm_client=0 warm_missing=0 timeout_pid client_pid ticks
  if [ "$WARMUP_CUT" -gt 0 ]; then
    sleep "$WARMUP_CUT"
    # taskset became /usr/bin/time, which forked timeout, which forked the client.
    if timeout_pid=$(child_of "$CLIENT_PID") && client_pid=$(child_of "$timeout_pid") &&
      ticks=$(proc_ticks "$client_pid"); then
      warm_client=$ticks
      before=$(server_ticks)
    else
      warm_missing=1
    fi
  fi
  wait "$CLIENT_PID" || rc=$?
  CLIENT_PID=
  case "$rc" in
    130 | 143) die "$name interrupted" ;; # Ctrl-C or kill: stop the whole run
  esac
  after=$(server_ticks)

  local parsed cpu rss server
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    failed "$name" "$kind" "$shown" "timed out after $limit s"
    return 0
  fi
  if ! parsed=$("parse_$kind" 2>>"$TMP/err") || [ -z "$parsed" ]; then
    failed "$name" "$kind" "$shown" "$(first_error "$TMP/err" "$TMP/out")"
    return 0
  fi
  # The last line: GNU time puts "Command exited with non-zero status N" before it.
  read -r cpu rss < <(tail -n 1 "$TMP/time" |
    awk -v w="$warm_client" -v hz="$CLK_TCK" '{ print $1 + $2 - w / hz, $3 }')
  server=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" 'BEGIN { print t / hz }')
  # shellcheck disable=SC2086 # parsed is "responses elapsed rate"
  add_row "$name" "$kind" "$shown" "" $parsed "$cpu" "$server" "$rss"
  if declare -F "extra_$kind" >/dev/null; then
    local extra
    extra=$("extra_$kind" 2>>"$TMP/err") || extra='- - - -'
    printf '%s\t%s\n' "$name" "${extra// /$'\t'}" >>"$TMP/extra"
  fi
  if [ "$rc" -ne 0 ]; then
    echo "$name exited with status $rc: $(first_error "$TMP/err")" >>"$TMP/notes"
  fi
  if [ "$warm_missing" -eq 1 ]; then
    echo "$name: its CPU at the end of the warm-up could not be read: its row includes the warm-up's CPU." >>"$TMP/notes"
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

# h2load: "finished in 12.00s, 98765.43 req/s, ..." and
#         "requests: N total, N started, N done, N succeeded, N failed, ..."
# With --warm-up-time, "finished in" includes the warm-up but N and req/s
# cover only the main duration (-D): the elapsed time is N / (req/s).
parse_h2load() {
  awk "$AWK_SECONDS"'
       $1 == "finished" && $2 == "in" { t = to_seconds($3); rate = $4 + 0 }
       $1 == "requests:" { for (i = 2; i < NF; i++) if ($(i + 1) ~ /^succeeded/) n = $i }
       END {
         if (n == "" || t <= 0) exit 1
         if (rate > 0) t = n / rate
         print n, t, n / t
       }' "$TMP/out"
}

# wrk2: wrk's summary line.
parse_wrk2() {
  parse_wrk
}

# gcannon --json: .status.2xx + .status.3xx over .elapsed_sec.
parse_gcannon() {
  python3 - "$TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = int(d["status"]["2xx"]) + int(d["status"]["3xx"])
t = float(d["elapsed_sec"])
if n == 0 or t <= 0:
    sys.exit("no responses: errors %s" % d.get("errors"))
print(n, t, n / t)
PY
}

# h2-crate-client: "N responses in 10.00s = R responses/s, E errors", like floor's.
parse_h2crate() {
  parse_floor
}

# oha: --output-format json on stdout: the 2xx/3xx count of
# statusCodeDistribution over summary.total (seconds).
parse_oha() {
  python3 - "$TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = sum(v for k, v in d["statusCodeDistribution"].items() if 200 <= int(k) < 400)
t = float(d["summary"]["total"])
if n == 0 or t <= 0:
    errors = d.get("errorDistribution") or {}
    sys.exit("no responses: " + (", ".join(f"{k}: {v}" for k, v in errors.items()) or "none counted"))
print(n, t, n / t)
PY
}

# ghz -O json (and `barrage ghz -O json`): statusCodeDistribution.OK over
# total (nanoseconds).
parse_ghz() {
  python3 - "$TMP/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = int((d.get("statusCodeDistribution") or {}).get("OK", 0))
t = float(d["total"]) / 1e9
if n == 0 or t <= 0:
    errors = d.get("errorDistribution") or {}
    sys.exit("no OK calls: " + (", ".join(f"{k}: {v}" for k, v in errors.items()) or "none counted"))
print(n, t, n / t)
PY
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

# ------------------------------------------------------------------- extras
# Each prints "p99_latency_us send_delay_p50_us send_delay_p99_us send_delay_max_us".

# barrage: .latency_us.p99 and, in open loop, its own send delay
# (.open_loop.client_delay_us: of the requests that found a connection free;
# .send_delay_us from a binary before it).
extra_barrage() {
  python3 - "$TMP/barrage.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ol = d.get("open_loop") or {}
sd = ol.get("client_delay_us") or ol.get("send_delay_us") or {}
f = lambda v: "-" if v is None else str(v)
print(f(d["latency_us"]["p99"]), f(sd.get("p50")), f(sd.get("p99")), f(sd.get("max")))
PY
}

# wrk2 --latency: the 99.000% line of its (corrected) latency distribution.
extra_wrk2() {
  awk "$AWK_SECONDS"'
    $1 == "99.000%" && p == "" { p = to_seconds($2) * 1e6 }
    END { if (p == "") exit 1; printf "%.0f - - -\n", p }' "$TMP/out"
}

# ------------------------------------------------------------------- output

# The reference of the ratio column: the first row of kind REF_KIND, called
# REF_LABEL in the heading; SHOW_FLOOR=0 drops the floor column. run.sh's
# begin() resets them for each table.
REF_KIND=wrk
REF_LABEL=wrk
SHOW_FLOOR=1

# render_table: the rows of $TMP/rows as a Markdown table, then the notes.
render_table() {
  awk -F '\t' -v refkind="$REF_KIND" -v reflabel="$REF_LABEL" -v showfloor="$SHOW_FLOOR" '
    function ratio(us, ref) { return ref > 0 && us > 0 ? sprintf("%.2f", us / ref) : "–" }
    { rows[NR] = $0 }
    $4 == "" && $5 > 0 {
      us = $8 / $5 * 1e6
      if ($2 == refkind && ref == "") ref = us
      if ($2 == "floor" && floor == "") floor = us
    }
    END {
      printf "| client | command | responses | elapsed s | responses/s | client CPU s | µs/response | client s per 1M responses | server CPU s | max RSS MiB | ratio vs %s (CPU/response) |%s\n",
        reflabel, showfloor ? " ratio vs floor |" : ""
      print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|" (showfloor ? "--:|" : "")
      for (i = 1; i <= NR; i++) {
        split(rows[i], f, "\t")
        if (f[4] != "" || f[5] <= 0) {
          printf "| %s | `%s` | %s | | | | | | | | |%s\n", f[1], f[3], f[4] != "" ? f[4] : "0 responses", showfloor ? " |" : ""
          continue
        }
        us = f[8] / f[5] * 1e6
        printf "| %s | `%s` | %d | %.2f | %.0f | %.2f | %.2f | %.2f | %.2f | %.1f | %s |%s\n",
          f[1], f[3], f[5], f[6], f[7], f[8], us, f[8] / f[5] * 1e6, f[9], f[10] / 1024,
          ratio(us, ref), showfloor ? " " ratio(us, floor) " |" : ""
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
  if [ "${#SERVER_DESCS[@]}" -gt 1 ]; then
    local joined
    joined=$(printf '%s; ' "${SERVER_DESCS[@]}")
    printf 'Servers, one after another: %s on core 1; clients on core 0, one after another. ' "${joined%; }"
  else
    printf 'Server: %s on core 1; clients on core 0, one after another. ' "${SERVER_DESC:-?}"
  fi
  printf 'Busy before the run: %s%% of a core.\n' "${IDLE_CHECK:-?}"
}

# ------------------------------------------------------------ alternations

# ROUNDS: how many times the clients of an alternating scenario each run.
ROUNDS=${ROUNDS:-3}

# rounds FN...: call each FN with the round number, ROUNDS times, in the
# given order in odd rounds and reversed in even ones, so that no client
# always runs first (or right after another given one) in the sitting.
rounds() {
  local r i
  for r in $(seq "$ROUNDS"); do
    if [ $((r % 2)) -eq 1 ]; then
      for ((i = 1; i <= $#; i++)); do "${!i}" "$r"; done
    else
      for ((i = $#; i >= 1; i--)); do "${!i}" "$r"; done
    fi
  done
}

# summary_table GROUP-HEADING [A/B]...: the medians over the rounds of each
# client's rows named "GROUP · CLIENT #ROUND" (or "CLIENT #ROUND"), in the
# order first seen, then for each A/B a ratio row per group: the median over
# the rounds of A's figure ÷ B's of the same round. CPU share is client CPU
# seconds ÷ its elapsed seconds. With SUMMARY_EXTRA=1, the p99 latency and
# send delay columns from $TMP/extra too.
summary_table() {
  local heading=$1 pairs
  shift
  pairs=$(IFS=';' && echo "$*")
  awk -F '\t' -v heading="$heading" -v pairs="$pairs" -v extra="${SUMMARY_EXTRA:-0}" '
    function median(s,    a, n, i, j, t) {
      n = split(s, a, " ")
      if (n == 0) return ""
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function add(key, v) { vals[key] = vals[key] (vals[key] == "" ? "" : " ") v }
    function num(v, fmt) { return v == "" ? "–" : sprintf(fmt, v) }
    # name -> group, client, round
    function split_name(name,    i) {
      g = ""; c = name; rd = ""
      if ((i = index(c, " · ")) > 0) { g = substr(c, 1, i - 1); c = substr(c, i + length(" · ")) }
      if (match(c, / #[0-9]+$/)) { rd = substr(c, RSTART + 2); c = substr(c, 1, RSTART - 1) }
    }
    FILENAME == ARGV[1] { ex[$1] = $2 "\t" $3 "\t" $4 "\t" $5; next }
    {
      split_name($1)
      if (!(g in gseen)) { gseen[g] = 1; groups[++ng] = g }
      k = g SUBSEP c
      if (!(k in cseen)) { cseen[k] = 1; clients[g, ++nc[g]] = c }
      if ($4 != "" || $5 <= 0) { notes[k] = $4 != "" ? $4 : "0 responses"; next }
      runs[k]++
      us = $8 / $5 * 1e6; share = $6 > 0 ? $8 / $6 : ""
      add(k SUBSEP "rps", $7); add(k SUBSEP "us", us); add(k SUBSEP "share", share)
      byround[k, rd, "rps"] = $7; byround[k, rd, "us"] = us; rounds_of[k] = rounds_of[k] " " rd
      if ($1 in ex) {
        split(ex[$1], e, "\t")
        if (e[1] != "-") add(k SUBSEP "p99", e[1])
        if (e[2] != "-") add(k SUBSEP "sd50", e[2])
        if (e[3] != "-") add(k SUBSEP "sd99", e[3])
        if (e[4] != "-") add(k SUBSEP "sdmax", e[4])
      }
    }
    # gcol(g): the group cell, or nothing when no row has a group.
    function gcol(g) { return hasg ? "| " g " " : "" }
    END {
      hasg = !(ng == 1 && groups[1] == "")
      printf "%s| client | runs | responses/s | µs/response | client CPU share |%s\n", hasg ? "| " heading " " : "",
        extra ? " p99 latency µs | own send delay p50 / p99 / max µs |" : ""
      printf "%s|---|--:|--:|--:|--:|%s\n", hasg ? "|---" : "", extra ? "--:|--:|" : ""
      np = split(pairs, pr, ";")
      for (gi = 1; gi <= ng; gi++) {
        g = groups[gi]
        for (ci = 1; ci <= nc[g]; ci++) {
          c = clients[g, ci]; k = g SUBSEP c
          if (!runs[k]) {
            printf "%s| %s | 0 | %s | | |%s\n", gcol(g), c, notes[k], extra ? " | |" : ""
            continue
          }
          printf "%s| %s | %d | %s | %s | %s |", gcol(g), c, runs[k], num(median(vals[k SUBSEP "rps"]), "%.0f"),
            num(median(vals[k SUBSEP "us"]), "%.2f"), num(median(vals[k SUBSEP "share"]), "%.2f")
          if (extra)
            printf " %s | %s / %s / %s |", num(median(vals[k SUBSEP "p99"]), "%.0f"), num(median(vals[k SUBSEP "sd50"]), "%.0f"),
              num(median(vals[k SUBSEP "sd99"]), "%.0f"), num(median(vals[k SUBSEP "sdmax"]), "%.0f")
          printf "\n"
        }
        for (pi = 1; pi <= np; pi++) {
          split(pr[pi], ab, "/"); ka = g SUBSEP ab[1]; kb = g SUBSEP ab[2]
          if (!(ka in cseen) || !(kb in cseen)) continue
          rr = ""; ru = ""; n = 0
          nr = split(rounds_of[ka], rs, " ")
          for (ri = 1; ri <= nr; ri++) {
            rd = rs[ri]
            if (!((kb, rd, "us") in byround)) continue
            n++
            rr = rr " " byround[ka, rd, "rps"] / byround[kb, rd, "rps"]
            ru = ru " " byround[ka, rd, "us"] / byround[kb, rd, "us"]
          }
          if (n == 0) { printf "%s| **%s ÷ %s** | 0 | no pair of runs | | |%s\n", gcol(g), ab[1], ab[2], extra ? " | |" : ""; continue }
          printf "%s| **%s ÷ %s** | %d | **%.2f×** | **%.2f×** | |%s\n", gcol(g), ab[1], ab[2], n, median(rr), median(ru), extra ? " | |" : ""
        }
      }
    }' "$TMP/extra" "$TMP/rows"
}
