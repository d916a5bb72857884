#!/usr/bin/env bash
# Builds the grpc-java server with Maven (servers/lib/maven-build.sh, the
# Java servers' shared `mvn package` into build/app.jar and build/lib/): the
# protobuf-maven-plugin generates the Bench service's Java code from
# proto/bench.proto with protoc and protoc-gen-grpc-java (Maven Central
# artifacts, fetched into ~/.m2 like the rest).
#   build.sh [--fetch | --version]
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
exec bash "$dir/../lib/maven-build.sh" grpc-java "$dir" "$@"
