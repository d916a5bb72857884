#!/usr/bin/env bash
# Issue 41's bars (BENCHMARKS.md "Issue 41"): every number names what
# limited it.
#
#   1. Against nginx (bench/nginx-hello.conf, core 1) from one client core
#      (core 0): the closed loop's rate at 100 connections; the open loop's
#      client CPU per response at 0.7x that rate against the closed loop's;
#      `--find-max` under p99<=10ms,errors<=0.1% with the lab's flags (its
#      ceiling measured on its own); a constant 5 s run at the answer. The
#      same against barrage serve (one thread).
#   2. `barrage run suites/catalogue.toml --quick --only nginx`, ROUNDS
#      times: nginx's capacity each time, against the median.
#   3. netty's hello at 100 connections in the quick plan against the same
#      level after a 10 s warm-up, in the same sitting.
#
#   bench/limits.sh           (after scripts/setup.sh: nginx, the catalogue's netty)
#
# Environment: BARRAGE (target/release/barrage, else target/ci/barrage),
# ROUNDS (3), PORT (8089), RESULTS_DIR (bench/results).
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
[ -x "$BARRAGE" ] || BARRAGE=$REPO/target/ci/barrage
[ -x "$BARRAGE" ] || { echo "bench: build barrage first (cargo build --release)" >&2; exit 1; }
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-8089}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$RESULTS_DIR"
out="$RESULTS_DIR/$(date -u +%F)-limits.md"
url=http://127.0.0.1:$PORT/hello

start_nginx() {
  sed -e "s/@PORT@/$PORT/; s#@PID@#$work/nginx.pid#" "$BENCH_DIR/nginx-hello.conf" > "$work/nginx.conf"
  taskset -c 1 "$NGINX" -c "$work/nginx.conf" -p "$work" 2> "$work/nginx.log" &
  server_pid=$!
}
start_serve() {
  taskset -c 1 "$BARRAGE" serve --listen "127.0.0.1:$PORT" --threads 1 2> "$work/serve.log" &
  server_pid=$!
}
stop_server() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}
wait_up() {
  for _ in $(seq 50); do curl -sf -o /dev/null "$url" && return 0; sleep 0.1; done
  echo "bench: the server did not answer at $url" >&2; exit 1
}
load() { taskset -c 0 "$BARRAGE" load -t 1 -q --json "$work/$1.json" "${@:2}" "$url" > /dev/null 2>&1 || true; }

# A JSON report's rate, p99 (ms) and client CPU per response (µs).
summary() {
  python3 - "$work/$1.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["totals"]
cb = r.get("client_bound") or {}
cpu = cb.get("cpu_share") or 0.0
per = cpu * t["elapsed_s"] * 1e6 / max(t["responses"], 1)
print(f'{t["responses_per_s"]:.0f} {r["latency_us"]["p99"] / 1000:.2f} {per:.2f}')
PY
}

server_row() {
  local name=$1
  load closed -c 100 -d 5s --warmup 1s
  read -r closed closed_p99 closed_cpu <<< "$(summary closed)"
  local seventy
  seventy=$(python3 -c "print(round(0.7 * $closed))")
  load open -c 100 -d 5s --warmup 1s -R "$seventy"
  read -r open open_p99 open_cpu <<< "$(summary open)"
  taskset -c 0 "$BARRAGE" load -t 1 -q --find-max --slo 'p99<=10ms,errors<=0.1%' \
    --min-rate 1000 --max-rate 1000000 --precision 5% -c 100 --max-connections 1000 \
    -d 1s --warmup 250ms --json "$work/search.json" "$url" > /dev/null 2>&1 || true
  read -r answer outcome ceiling <<< "$(python3 - "$work/search.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
o = s["outcome"]
c = (s.get("client_ceiling") or {}).get("rate_per_s")
print(f'{o.get("rate", 0):.0f} {o["result"]}{"/" + o["bound"] if "bound" in o else ""} {c and round(c) or "-"}')
PY
)"
  load constant -c 100 --max-connections 1000 -d 5s --warmup 1s -R "$answer"
  read -r const const_p99 _ <<< "$(summary constant)"
  local ratio share met
  ratio=$(python3 -c "print(f'{$open_cpu / max($closed_cpu, 1e-9):.2f}')")
  share=$(python3 -c "print(f'{$answer / max($closed, 1):.2f}')")
  met=$(python3 -c "print('yes' if $const_p99 <= 10 else 'no')")
  echo "| $name | $closed | $closed_cpu | $seventy | $open_cpu | **${ratio}×** | $answer ($outcome) | $ceiling | **${share}×** | $const_p99 ms ($met) |" >> "$out"
}

{
  echo "## limits: issue 41's bars, $(date -u '+%F %T UTC')"
  echo
  echo "barrage at $(git -C "$REPO" rev-parse --short HEAD)$(git -C "$REPO" diff --quiet || echo ' + uncommitted changes'), $(basename "$BARRAGE") from $(basename "$(dirname "$BARRAGE")"). Kernel $(uname -r), $(nproc) cores. Server on core 1, barrage on core 0 (-t 1)."
  echo
  echo "| server | closed c=100 /s | client µs/resp | open at 0.7× /s | client µs/resp | open ÷ closed | capacity p99≤10ms (outcome) | client's ceiling /s | capacity ÷ closed | constant 5 s at it: p99 |"
  echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
} > "$out"
start_nginx; wait_up; server_row "nginx 1 worker"; stop_server
start_serve; wait_up; server_row "barrage serve 1 thread"; stop_server

# The lab's answer for nginx, ROUNDS times.
echo >> "$out"
echo "\`barrage run suites/catalogue.toml --quick --only nginx\`, $ROUNDS rounds:" >> "$out"
echo >> "$out"
echo "| round | hello c=100 /s | its limit | capacity | its limit | hello ceiling /s | open ceiling /s |" >> "$out"
echo "|--:|--:|---|--:|---|--:|--:|" >> "$out"
for i in $(seq "$ROUNDS"); do
  (cd "$REPO" && "$BARRAGE" run suites/catalogue.toml --quick --only nginx --results "$work/runs" > "$work/run.log" 2>&1) || true
  dir=$(ls -dt "$work"/runs/catalogue-* | head -1)
  python3 - "$dir/results.json" "$i" >> "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
hello = next(x for x in r["runs"] if x["scenario"] == "hello")
cap = next(x for x in r["runs"] if x["scenario"] == "hello-capacity")
o = cap["search"]["outcome"]
ceil = {(c["shape"]["scenario"], c["shape"]["open"]): c for c in r.get("ceilings", [])}
hc, oc = ceil.get(("hello", False), {}), ceil.get(("hello-capacity", True), {})
fmt = lambda c: f'{c.get("rate_per_s", 0):.0f}' + ("" if c.get("client_limited") else " (≥)")
lim = lambda x: (x.get("limit") or {}).get("kind", "–") + ": " + (x.get("limit") or {}).get("why", "")
print(f'| {sys.argv[2]} | {hello["stats"]["responses_per_s"]:.0f} | {lim(hello)} | {o.get("rate", 0):.0f} {o["result"]} {o.get("bound", "")} | {lim(cap)} | {fmt(hc)} | {fmt(oc)} |')
PY
done

# netty: the quick plan's hello against the same level after 10 s of warm-up.
cat > "$work/netty-10s.toml" <<'EOF'
name = "netty-10s"
description = "netty's hello at 100 connections after a 10 s warm-up"
driver = "barrage"
duration = "1s"
warmup = "10s"
repeats = 1
[cores]
server = [1]
client = [0]
[load]
concurrency = [100]
[[server]]
name = "netty"
[[scenario]]
name = "hello"
path = "/hello"
EOF
(cd "$REPO" && "$BARRAGE" run suites/catalogue.toml --quick --only netty --results "$work/netty" > "$work/netty.log" 2>&1) || true
(cd "$REPO" && "$BARRAGE" run "$work/netty-10s.toml" --results "$work/netty" > "$work/netty10.log" 2>&1) || true
python3 - "$work/netty" >> "$out" <<'PY'
import glob, json, sys
quick = json.load(open(sorted(glob.glob(sys.argv[1] + "/catalogue-*/results.json"))[-1]))
long = json.load(open(sorted(glob.glob(sys.argv[1] + "/netty-10s-*/results.json"))[-1]))
q = next(x for x in quick["runs"] if x["scenario"] == "hello")["stats"]["responses_per_s"]
l = next(x for x in long["runs"] if x["scenario"] == "hello")["stats"]["responses_per_s"]
w = [w for s in quick["servers"] for w in s.get("warmups", []) if w["scenario"] == "hello"]
print()
print(f"netty hello c=100: quick plan {q:.0f}/s (warmed {w[0]['seconds']:.1f} s, steady {w[0]['steady']}) against {l:.0f}/s after a 10 s warm-up: **{q / l:.2f}×**.")
PY
cat "$out"
echo "bench: written to $out" >&2
