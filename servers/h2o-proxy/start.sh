#!/usr/bin/env bash
# Starts the backend h2o (HTTP/1 on 127.0.0.1:BACKEND_PORT) in the
# background, waits until it accepts connections (5 s at most), then execs
# the front h2o, which stays in the foreground. Both are in the lab's process
# group, so the lab's SIGTERM to the group stops both.
#
# usage: start.sh BACKEND_PORT BACKEND_CONF FRONT_CONF
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "h2o-proxy: usage: start.sh BACKEND_PORT BACKEND_CONF FRONT_CONF" >&2
    exit 2
fi
backend_port=$1
backend_conf=$2
front_conf=$3

h2o --mode worker --conf "$backend_conf" &
backend=$!

for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$backend_port") 2>/dev/null; then
        exec h2o --mode worker --conf "$front_conf"
    fi
    if ! kill -0 "$backend" 2>/dev/null; then
        status=0
        wait "$backend" || status=$?
        echo "h2o-proxy: the backend h2o exited (status $status) before it accepted connections" >&2
        exit 1
    fi
    sleep 0.05
done
echo "h2o-proxy: the backend h2o does not accept on 127.0.0.1:$backend_port after 5 s" >&2
kill "$backend" 2>/dev/null || true
exit 1
