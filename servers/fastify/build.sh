#!/usr/bin/env bash
# Installs servers/fastify/node_modules: Fastify, pg (the database workloads)
# and their dependencies at the versions package-lock.json pins.
#   build.sh --fetch   npm ci (network: the npm registry)
#   build.sh           offline: check node_modules matches package-lock.json
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/node-deps.sh
source "$dir/../lib/node-deps.sh"
node_args fastify 20 "$@"
major="$(node -p 'process.versions.node.split(".")[0]')"
if (( major < 20 )); then
    echo "fastify: Fastify 5 needs Node.js 20 or later, this node is $(node --version) (Debian bookworm's nodejs is 18: install Node 20 from nodejs.org or NodeSource)" >&2
    exit 3 # scripts/setup.sh: toolchain too old, skipped
fi
node_modules fastify "$dir"
echo "fastify: node_modules ready with fastify $(node -p 'require("fastify/package.json").version') (node $(node --version))"
