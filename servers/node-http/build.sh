#!/usr/bin/env bash
# Installs servers/node-http/node_modules: the `ws` package (the /ws
# WebSocket echo; no dependencies of its own) at the version
# package-lock.json pins. The rest of the server is Node's standard library.
#   build.sh --fetch   npm ci (network: the npm registry)
#   build.sh           offline: check node_modules matches package-lock.json
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/node-deps.sh
source "$dir/../lib/node-deps.sh"
node_args node-http 18 "$@"
node_modules node-http "$dir"
echo "node-http: node_modules ready with ws $(node -p 'require("ws/package.json").version') (node $(node --version))"
