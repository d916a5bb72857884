#!/usr/bin/env bash
# Installs servers/fastify/node_modules: Fastify, pg (the database workloads)
# and their dependencies at the versions package-lock.json pins.
#   build.sh --fetch   npm ci (network: the npm registry)
#   build.sh           offline: check node_modules matches package-lock.json
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fetch=0
for arg in "$@"; do
    case "$arg" in
        --fetch) fetch=1 ;;
        *) echo "fastify: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
    esac
done
for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        echo "fastify: needs $tool (Node.js 20 or later with npm); run scripts/setup.sh" >&2
        exit 1
    fi
done
major="$(node -p 'process.versions.node.split(".")[0]')"
if (( major < 20 )); then
    echo "fastify: Fastify 5 needs Node.js 20 or later, this node is $(node --version) (Debian bookworm's nodejs is 18: install Node 20 from nodejs.org or NodeSource)" >&2
    exit 3 # scripts/setup.sh: toolchain too old, skipped
fi
cd "$dir"
# node_modules as npm ci made it from this package-lock.json: the lock's
# digest is stamped after the install; npm ls fails on a missing, extra or
# mismatched package. Neither needs the network.
stamp=node_modules/.barrage-lock.sha256
lock_sum() { sha256sum package-lock.json | cut -d' ' -f1; }
current() { [[ -f "$stamp" && "$(cat "$stamp")" == "$(lock_sum)" ]] && npm ls --all >/dev/null 2>&1; }
if (( fetch )) && ! current; then
    echo "fastify: npm ci (package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error
    lock_sum > "$stamp"
fi
if ! current; then
    echo "fastify: node_modules does not match package-lock.json; run servers/fastify/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi
echo "fastify: node_modules ready with fastify $(node -p 'require("fastify/package.json").version') (node $(node --version))"
