#!/usr/bin/env bash
# Builds the Vert.x server with Maven: see servers/netty/maven-build.sh.
#   build.sh [--fetch | --version]
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
exec bash "$dir/../netty/maven-build.sh" vertx "$dir" "$@"
