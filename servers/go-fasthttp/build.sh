#!/usr/bin/env bash
# Builds servers/go-fasthttp/build/server: valyala/fasthttp at the version
# of go.mod and go.sum, and the contract package of servers/go-http (a
# local replace). fasthttp 1.78's go.mod asks for Go 1.26 or later.
#   build.sh --fetch   download the pinned modules (network: the Go module proxy), then build
#   build.sh           offline (GOPROXY=off): build from the modules already fetched
#   build.sh --version print the pinned fasthttp and go's version
# The steps every Go server's build shares (arguments, caches, go mod
# download, the offline go build) are servers/lib/go-build.sh's.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ "${1:-}" = --version ]; then
  pin=$(sed -n 's/^[[:space:]]*github.com\/valyala\/fasthttp \(v[^[:space:]]*\).*/\1/p' "$dir/go.mod")
  echo "fasthttp $pin; $(go version 2>/dev/null || echo 'go missing')"
  exit 0
fi
# shellcheck source=SCRIPTDIR/../lib/go-build.sh
source "$dir/../lib/go-build.sh"
go_args go-fasthttp "$@"
go_toolchain go-fasthttp "Go 1.26 or later"
go_needs go-fasthttp 26 "fasthttp 1.78"
go_caches "$dir"
go_download go-fasthttp
go_build go-fasthttp
