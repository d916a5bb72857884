# shellcheck shell=bash
# Sourced by the build.sh of the Node.js servers (fastify, grpc-node,
# node-http): their node_modules, at the versions package-lock.json pins.
# Each server.toml lists this file among its [build] sources
# ("../lib/node-deps.sh").

# node_args NAME NODE_MAJOR [ARG...]: the ARGs are build.sh's; sets fetch
# (1 for --fetch, else 0). Exits 2 on another argument, 1 without node or
# npm (the message asks for Node.js NODE_MAJOR or later).
node_args() {
    local name=$1 node_major=$2
    shift 2
    fetch=0
    local arg tool
    for arg in "$@"; do
        case "$arg" in
            --fetch) fetch=1 ;;
            *) echo "$name: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
        esac
    done
    for tool in node npm; do
        if ! command -v "$tool" >/dev/null; then
            echo "$name: needs $tool (Node.js $node_major or later with npm); run scripts/setup.sh" >&2
            exit 1
        fi
    done
}

# node_modules NAME DIR: cd to DIR (servers/NAME, left as the working
# directory); with fetch=1, npm ci unless node_modules is current (network:
# the npm registry); then exits 1 unless node_modules matches
# package-lock.json.
node_modules() {
    local name=$1 dir=$2
    cd "$dir" || exit # as under set -e
    # node_modules as npm ci made it from this package-lock.json: the lock's
    # digest is stamped after the install; npm ls fails on a missing, extra or
    # mismatched package. Neither needs the network.
    local stamp=node_modules/.barrage-lock.sha256
    lock_sum() { sha256sum package-lock.json | cut -d' ' -f1; }
    current() { [[ -f "$stamp" && "$(cat "$stamp")" == "$(lock_sum)" ]] && npm ls --all >/dev/null 2>&1; }
    if (( fetch )) && ! current; then
        echo "$name: npm ci (package-lock.json)"
        npm ci --no-audit --no-fund --loglevel=error
        lock_sum > "$stamp"
    fi
    if ! current; then
        echo "$name: node_modules does not match package-lock.json; run servers/$name/build.sh --fetch (or scripts/setup.sh)" >&2
        exit 1
    fi
}
