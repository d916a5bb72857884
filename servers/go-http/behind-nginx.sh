#!/usr/bin/env bash
# Start script of the nginx-go-* servers: starts the Go backend
# (build/server) in the background, waits until it accepts connections,
# then execs nginx in the foreground with RUN_DIR/nginx.conf. The lab runs
# this in its own process group and stops the group (nginx and Go) with
# SIGTERM.
#
#   behind-nginx.sh MODE BACKEND RUN_DIR DOCROOT
#     MODE     http | fcgi-tcp | fcgi-unix: how Go serves nginx
#     BACKEND  host:port (http, fcgi-tcp) or a socket path (fcgi-unix)
#     RUN_DIR  the lab's run dir: nginx.conf is there, logs go there
#     DOCROOT  servers/nginx/docroot (static bodies)
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 http|fcgi-tcp|fcgi-unix BACKEND RUN_DIR DOCROOT" >&2
  exit 2
fi
mode=$1 backend=$2 run_dir=$3 docroot=$4
here=$(cd "$(dirname "$0")" && pwd)
server=$here/build/server
case "$mode" in
  http) flag=-listen ;;
  fcgi-tcp) flag=-fcgi-tcp ;;
  fcgi-unix) flag=-fcgi-unix ;;
  *) echo "nginx-go: unknown mode $mode; expected http, fcgi-tcp or fcgi-unix" >&2; exit 2 ;;
esac
if [ ! -x "$server" ]; then
  echo "nginx-go: $server is missing; build it with servers/go-http/build.sh" >&2
  exit 1
fi

ready=$run_dir/go.ready
rm -f "$ready"
"$server" "$flag" "$backend" -docroot "$docroot" -ready-file "$ready" &
backend_pid=$!

# Go creates the ready file once its listener accepts connections. Wait
# for it (at most 10 s), giving up at once if the backend exits.
for ((i = 0; i < 200; i++)); do
  [ -e "$ready" ] && break
  if ! kill -0 "$backend_pid" 2>/dev/null; then
    wait "$backend_pid" && status=0 || status=$?
    echo "nginx-go: the Go backend ($mode on $backend) exited with status $status before accepting connections" >&2
    exit 1
  fi
  sleep 0.05
done
if [ ! -e "$ready" ]; then
  echo "nginx-go: the Go backend ($mode on $backend) did not accept connections within 10 s" >&2
  kill -TERM "$backend_pid" 2>/dev/null || true
  exit 1
fi
echo "nginx-go: Go backend (pid $backend_pid) serves $mode on $backend; starting nginx"
exec nginx -p "$run_dir" -e "$run_dir/error.log" -c "$run_dir/nginx.conf"
