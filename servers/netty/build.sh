#!/usr/bin/env bash
# Builds the Netty server with Maven: see servers/netty/maven-build.sh.
#   build.sh [--fetch | --version]
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
exec bash "$dir/maven-build.sh" netty "$dir" "$@"
