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
set -euo pipefail
cd "$(dirname "$0")"
fetch=0
for arg in "$@"; do
  case "$arg" in
    --fetch) fetch=1 ;;
    *) echo "go-http: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
  esac
done
if ! command -v go >/dev/null 2>&1; then
  echo "go-http: needs go (Debian package golang-go); run scripts/setup.sh" >&2
  exit 1
fi
minor=$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
modfile=() # the full build: go.mod
if [ -n "$minor" ] && [ "$minor" -lt 25 ]; then
  echo "go-http: pgx 5.12 needs go 1.25 or later, this go is $(go env GOVERSION): built without the database workloads (they answer 503)" >&2
  modfile=(-tags nodb -modfile=go.nodb.mod)
fi
mkdir -p build
# go needs a build cache; without HOME (a bare environment) keep it here.
if [ -z "${GOCACHE:-}" ] && [ -z "${HOME:-}" ] && [ -z "${XDG_CACHE_HOME:-}" ]; then
  export GOCACHE=$PWD/build/gocache
fi
if [ -z "${GOMODCACHE:-}" ] && [ -z "${GOPATH:-}" ] && [ -z "${HOME:-}" ]; then
  export GOMODCACHE=$PWD/build/gomodcache
fi
if [ "$fetch" = 1 ]; then
  echo "go-http: go mod download (the Go module proxy)"
  go mod download ${modfile[@]+"${modfile[@]}"}
fi
echo "go-http: go build -trimpath -o build/server . ($(go version | cut -d' ' -f3))"
if ! GOPROXY=off GOFLAGS=-mod=readonly go build ${modfile[@]+"${modfile[@]}"} -trimpath -o build/server .; then
  echo "go-http: the build failed; if modules are missing, run servers/go-http/build.sh --fetch (or scripts/setup.sh)" >&2
  exit 1
fi
