#!/usr/bin/env bash
# Builds servers/go-fasthttp/build/server: valyala/fasthttp at the version
# of go.mod and go.sum, and the contract package of servers/go-http (a
# local replace). fasthttp 1.78's go.mod asks for Go 1.26 or later.
#   build.sh --fetch   download the pinned modules (network: the Go module proxy), then build
#   build.sh           offline (GOPROXY=off): build from the modules already fetched
#   build.sh --version print the pinned fasthttp and go's version
set -euo pipefail
cd "$(dirname "$0")"
fetch=0
for arg in "$@"; do
  case "$arg" in
    --fetch) fetch=1 ;;
    --version)
      pin=$(sed -n 's/^[[:space:]]*github.com\/valyala\/fasthttp \(v[^[:space:]]*\).*/\1/p' go.mod)
      echo "fasthttp $pin; $(go version 2>/dev/null || echo 'go missing')"
      exit 0 ;;
    *) echo "go-fasthttp: unknown argument $arg; expected nothing, --fetch or --version" >&2; exit 2 ;;
  esac
done
if ! command -v go >/dev/null 2>&1; then
  echo "go-fasthttp: needs go 1.26 or later; run scripts/setup.sh" >&2
  exit 1
fi
minor=$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
if [ -n "$minor" ] && [ "$minor" -lt 26 ]; then
  echo "go-fasthttp: fasthttp 1.78 needs go 1.26 or later, this go is $(go env GOVERSION) (Debian 12's golang-go is 1.19: install Go from go.dev)" >&2
  exit 3 # scripts/setup.sh: toolchain too old, skipped
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
  echo "go-fasthttp: go mod download (the Go module proxy)"
  go mod download
fi
echo "go-fasthttp: go build -trimpath -o build/server . ($(go version | cut -d' ' -f3))"
if ! GOPROXY=off GOFLAGS=-mod=readonly go build -trimpath -o build/server .; then
  echo "go-fasthttp: the build failed; if modules are missing, run servers/go-fasthttp/build.sh --fetch (or scripts/setup.sh); fasthttp needs go 1.26 or later" >&2
  exit 1
fi
