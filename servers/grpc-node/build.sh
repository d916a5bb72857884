#!/usr/bin/env bash
# Installs servers/grpc-node/node_modules: @grpc/grpc-js and
# @grpc/proto-loader (with protobufjs and their other dependencies) at the
# versions package-lock.json pins. No code generation: the server loads
# proto/bench.proto at start.
#   build.sh --fetch   npm ci (network: the npm registry)
#   build.sh           offline: check node_modules matches package-lock.json
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fetch=0
for arg in "$@"; do
    case "$arg" in
        --fetch) fetch=1 ;;
        *) echo "grpc-node: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
    esac
done
for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        echo "grpc-node: needs $tool (Node.js 18 or later with npm); run scripts/setup.sh" >&2
        exit 1
    fi
done
cd "$dir"
# node_modules as npm ci made it from this package-lock.json: the lock's
# digest is stamped after the install; npm ls fails on a missing, extra or
# mismatched package. Neither needs the network.
stamp=node_modules/.barrage-lock.sha256
lock_sum() { sha256sum package-lock.json | cut -d' ' -f1; }
current() { [[ -f "$stamp" && "$(cat "$stamp")" == "$(lock_sum)" ]] && npm ls --all >/dev/null 2>&1; }
if (( fetch )) && ! current; then
    echo "grpc-node: npm ci (package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error
    lock_sum > "$stamp"
fi
if ! current; then
    echo "grpc-node: node_modules does not match package-lock.json; run servers/grpc-node/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi
echo "grpc-node: node_modules ready with @grpc/grpc-js $(node -p 'require("@grpc/grpc-js/package.json").version') and @grpc/proto-loader $(node -p 'require("@grpc/proto-loader/package.json").version') (node $(node --version))"
