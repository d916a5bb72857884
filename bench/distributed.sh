#!/usr/bin/env bash
# barrage across hosts, on a lab of namespace hosts in this machine
# (docs/distributed.md): what an agent driven over SSH costs, how close
# agents start, and what the veth bridge costs against loopback.
#
#   bench/distributed.sh            (as root; needs nginx, sshd, iproute2)
#
# Environment: DURATION seconds per run (10), CONNS (50), ROUNDS (3),
# BARRAGE binary (target/release/barrage), RESULTS_DIR (bench/results).
#
# nginx (one worker) runs on core 1, every client on core 0. Three figures:
#  1. client CPU per response: `barrage load` run in namespace c1 directly,
#     against the same load from an agent in c1 driven over SSH (--agents);
#  2. start skew of 3 agents (c1, c2, c3), over ROUNDS runs;
#  3. nginx over loopback (root namespace) against nginx in a namespace
#     loaded from another through the bridge: responses/s and CPU per
#     response of client and server.
set -euo pipefail
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
DURATION=${DURATION:-10}
CONNS=${CONNS:-50}
ROUNDS=${ROUNDS:-3}
BARRAGE=${BARRAGE:-$REPO/target/release/barrage}
RESULTS_DIR=${RESULTS_DIR:-$BENCH_DIR/results}
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
work=$(mktemp -d)
lab="$work/bd.toml"
cat > "$lab" <<TOML
[hosts.c1]
kind = "netns"
address = "198.18.0.10"
cores = [0]
[hosts.c2]
kind = "netns"
address = "198.18.0.11"
cores = [0]
[hosts.c3]
kind = "netns"
address = "198.18.0.12"
cores = [0]
[hosts.srv]
kind = "netns"
address = "198.18.0.20"
cores = [1]
TOML
nginx_pid=
cleanup() {
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  "$BARRAGE" net down "$lab" || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
"$BARRAGE" net up "$lab" >&2

start_nginx() { # ADDR [NETNS]
  mkdir -p "$work/ngx"
  cat > "$work/ngx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
error_log $work/ngx/error.log;
pid $work/ngx/nginx.pid;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 1000000;
  server { listen $1 backlog=4096; location / { return 200 "hello\n"; } } }
CONF
  if [ -n "${2:-}" ]; then
    ip netns exec "$2" taskset -c 1 "$NGINX" -c "$work/ngx/nginx.conf" -p "$work/ngx" &
  else
    taskset -c 1 "$NGINX" -c "$work/ngx/nginx.conf" -p "$work/ngx" &
  fi
  nginx_pid=$!
  sleep 1
}
stop_nginx() { kill "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true; nginx_pid=; }
# CPU seconds of every nginx process so far.
nginx_cpu() { python3 - "$@" <<'PY'
import os
tck = os.sysconf("SC_CLK_TCK"); total = 0
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            if open(f"/proc/{p}/comm").read().strip() == "nginx":
                f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                total += int(f[11]) + int(f[12])
        except OSError: pass
print(total / tck)
PY
}
# `responses cpu_s` of a plain load run under /usr/bin/time; ARGS after NETNS.
plain() { # NETNS URL
  local pre=()
  [ -n "$1" ] && pre=(ip netns exec "$1")
  /usr/bin/time -f "%U %S" -o "$work/time" "${pre[@]}" taskset -c 0 "$BARRAGE" load -q -t 1 -c "$CONNS" -d "${DURATION}s" --json "$work/p.json" "$2"
  python3 -c "import json,sys; r=json.load(open('$work/p.json')); u,s=open('$work/time').read().split()[-2:]; print(r['totals']['responses'], float(u)+float(s))"
}
agent() { # HOSTS
  "$BARRAGE" load -q --hosts "$lab" --agents "$1" -t 1 -c "$CONNS" -d "${DURATION}s" --json "$work/a.json" http://198.18.0.20:8080/ 2>/dev/null
  python3 -c "import json; r=json.load(open('$work/a.json')); a=r['agents']; print(r['totals']['responses'], sum(h['cpu_s'] for h in a['hosts']), a['start_skew_us'])"
}

out="$RESULTS_DIR/$(date +%F)-distributed.md"
mkdir -p "$RESULTS_DIR"
{
echo "# barrage across hosts ($(date -u +%FT%TZ), $(nproc) cores, $(uname -r))"
echo
echo "## 1. Client CPU per response: plain in namespace c1 vs agent in c1 over SSH (-c $CONNS, ${DURATION}s)"
echo
echo "| round | plain µs/resp | agent µs/resp | agent/plain |"
echo "|---|---|---|---|"
start_nginx 198.18.0.20:8080 barrage-bd-srv
"$BARRAGE" load -q --hosts "$lab" --agents c1,c2,c3 -c 6 -d 1s http://198.18.0.20:8080/ >/dev/null 2>&1 # copy the binary once
for r in $(seq "$ROUNDS"); do
  read -r pn pc < <(plain barrage-bd-c1 http://198.18.0.20:8080/)
  read -r an ac _ < <(agent c1)
  python3 -c "p=$pc/$pn*1e6; a=$ac/$an*1e6; print(f'| $r | {p:.2f} | {a:.2f} | {a/p:.3f} |')"
done
echo
echo "## 2. Start skew of 3 agents (c1, c2, c3)"
echo
skews=()
for r in $(seq "$((ROUNDS * 2))"); do
  read -r _ _ sk < <(agent c1,c2,c3)
  skews+=("$sk")
done
echo "start_skew_us over $((ROUNDS * 2)) runs: ${skews[*]}"
stop_nginx
echo
echo "## 3. nginx over loopback vs through the namespace bridge (-c $CONNS, ${DURATION}s, 1 client thread)"
echo
echo "| path | responses/s | client µs/resp | nginx µs/resp |"
echo "|---|---|---|---|"
for path in loopback bridge; do
  if [ "$path" = loopback ]; then start_nginx 127.0.0.1:18089; url=http://127.0.0.1:18089/; ns=
  else start_nginx 198.18.0.20:8080 barrage-bd-srv; url=http://198.18.0.20:8080/; ns=barrage-bd-c1; fi
  for r in $(seq "$ROUNDS"); do
    s0=$(nginx_cpu)
    read -r n c < <(plain "$ns" "$url")
    s1=$(nginx_cpu)
    python3 -c "print(f'| $path | {$n/$DURATION:.0f} | {$c/$n*1e6:.2f} | {($s1-$s0)/$n*1e6:.2f} |')"
  done
  stop_nginx
done
} | tee -a "$out"
