#!/usr/bin/env bash
# Builds servers/go-http/build/server: the standard library,
# andybalholm/brotli (the compression workload), gorilla/websocket (/ws,
# both builds) and jackc/pgx v5 (the
# database workloads; pgx 5.12's go.mod asks for Go 1.25 or later), pinned
# by go.mod and go.sum. On an older Go (Debian 12's golang-go is 1.19) it
# builds without pgx (nodb.go, go.nodb.mod and go.nodb.sum: the database
# endpoints answer 503), so that seed 001's Go server still builds there. Also the build of the nginx-go-* servers, which run
# this program behind nginx.
#   build.sh --fetch   download the pinned modules (network: the Go module proxy), then build
#   build.sh           offline (GOPROXY=off): build from the modules already fetched
# The steps every Go server's build shares (arguments, caches, go mod
# download, the offline go build) are servers/lib/go-build.sh's.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/go-build.sh
source "$dir/../lib/go-build.sh"
go_args go-http "$@"
go_toolchain go-http "Debian package golang-go"
modfile=() # the full build: go.mod
if [ -n "$go_minor" ] && [ "$go_minor" -lt 25 ]; then
  echo "go-http: pgx 5.12 needs go 1.25 or later, this go is $(go env GOVERSION): built without the database workloads (they answer 503)" >&2
  modfile=(-tags nodb -modfile=go.nodb.mod)
fi
go_caches "$dir"
go_download go-http ${modfile[@]+"${modfile[@]}"}
go_build go-http ${modfile[@]+"${modfile[@]}"}
