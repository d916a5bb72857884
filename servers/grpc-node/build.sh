#!/usr/bin/env bash
# Installs servers/grpc-node/node_modules: @grpc/grpc-js and
# @grpc/proto-loader (with protobufjs and their other dependencies) at the
# versions package-lock.json pins. No code generation: the server loads
# proto/bench.proto at start.
#   build.sh --fetch   npm ci (network: the npm registry)
#   build.sh           offline: check node_modules matches package-lock.json
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/node-deps.sh
source "$dir/../lib/node-deps.sh"
node_args grpc-node 18 "$@"
node_modules grpc-node "$dir"
echo "grpc-node: node_modules ready with @grpc/grpc-js $(node -p 'require("@grpc/grpc-js/package.json").version') and @grpc/proto-loader $(node -p 'require("@grpc/proto-loader/package.json").version') (node $(node --version))"
