#!/usr/bin/env bash
# Builds the Netty server with Maven: servers/lib/maven-build.sh, the Java
# servers' shared `mvn package` into build/app.jar and build/lib/.
#   build.sh [--fetch | --version]
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
exec bash "$dir/../lib/maven-build.sh" netty "$dir" "$@"
