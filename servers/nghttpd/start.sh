#!/usr/bin/env bash
# nghttpd listens on one port per process: this starts the TLS one (h2 on
# TLS_PORT) in the background, waits until it accepts connections (5 s at
# most), then execs the cleartext one (h2c on PORT), which stays in the
# foreground. Both are in the lab's process group, so the lab's SIGTERM to the
# group stops both.
#
# usage: start.sh HOST PORT TLS_PORT KEY CERT DOCROOT WORKERS
set -euo pipefail

if [ $# -ne 7 ]; then
    echo "nghttpd: usage: start.sh HOST PORT TLS_PORT KEY CERT DOCROOT WORKERS" >&2
    exit 2
fi
host=$1
port=$2
tls_port=$3
key=$4
cert=$5
docroot=$6
workers=$7

nghttpd --address="$host" --htdocs="$docroot" --workers="$workers" "$tls_port" "$key" "$cert" &
tls=$!

for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/$host/$tls_port") 2>/dev/null; then
        exec nghttpd --address="$host" --htdocs="$docroot" --workers="$workers" --no-tls "$port"
    fi
    if ! kill -0 "$tls" 2>/dev/null; then
        status=0
        wait "$tls" || status=$?
        echo "nghttpd: the TLS nghttpd exited (status $status) before it accepted connections" >&2
        exit 1
    fi
    sleep 0.05
done
echo "nghttpd: the TLS nghttpd does not accept on $host:$tls_port after 5 s" >&2
kill "$tls" 2>/dev/null || true
exit 1
