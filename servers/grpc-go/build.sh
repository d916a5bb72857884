#!/usr/bin/env bash
# Builds servers/grpc-go/build/server: grpc-go serving proto/bench.proto.
# The Go code of the service is generated here at build time: Debian's protoc
# (package protobuf-compiler) with protoc-gen-go and protoc-gen-go-grpc
# (installed into build/bin at the versions pinned below) writes
# build/benchpb/; then go build, with grpc and protobuf pinned by go.mod and
# go.sum.
#   build.sh --fetch   download the pinned modules and install the two
#                      plugins (network: the Go module proxy), then build
#   build.sh           offline (GOPROXY=off): generate and build from what
#                      --fetch left
#   build.sh --version the grpc version go.mod pins, the plugins' and go's
#                      (the manifest's [version]; works before any build)
set -euo pipefail
cd "$(dirname "$0")"
# The plugins: protoc-gen-go is google.golang.org/protobuf's (the version
# go.mod pins for the runtime); protoc-gen-go-grpc is grpc-go's own module.
PROTOC_GEN_GO=google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
PROTOC_GEN_GO_GRPC=google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
fetch=0
for arg in "$@"; do
  case "$arg" in
    --fetch) fetch=1 ;;
    --version)
      grpc=$(sed -n 's/^[[:space:]]*google.golang.org\/grpc \(v[^ ]*\)$/\1/p' go.mod)
      echo "grpc-go $grpc; ${PROTOC_GEN_GO_GRPC##*/}; $(go env GOVERSION 2>/dev/null || echo 'go missing')"
      exit 0 ;;
    *) echo "grpc-go: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
  esac
done
for tool in go protoc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "grpc-go: needs $tool (Debian packages golang-go protobuf-compiler); run scripts/setup.sh" >&2
    exit 1
  fi
done
minor=$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
if [ -n "$minor" ] && [ "$minor" -lt 26 ]; then
  echo "grpc-go: grpc-go 1.85 needs go 1.26 or later, this go is $(go env GOVERSION)" >&2
  exit 3
fi
mkdir -p build/bin
# go needs a build cache; without HOME (a bare environment) keep it here.
if [ -z "${GOCACHE:-}" ] && [ -z "${HOME:-}" ] && [ -z "${XDG_CACHE_HOME:-}" ]; then
  export GOCACHE=$PWD/build/gocache
fi
if [ -z "${GOMODCACHE:-}" ] && [ -z "${GOPATH:-}" ] && [ -z "${HOME:-}" ]; then
  export GOMODCACHE=$PWD/build/gomodcache
fi
if [ "$fetch" = 1 ]; then
  echo "grpc-go: go mod download; go install $PROTOC_GEN_GO $PROTOC_GEN_GO_GRPC (the Go module proxy)"
  go mod download
  GOBIN=$PWD/build/bin go install "$PROTOC_GEN_GO"
  GOBIN=$PWD/build/bin go install "$PROTOC_GEN_GO_GRPC"
fi
for plugin in protoc-gen-go protoc-gen-go-grpc; do
  if [ ! -x "build/bin/$plugin" ]; then
    echo "grpc-go: build/bin/$plugin is missing; run servers/grpc-go/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
  fi
done
# The proto's go_package names benchpb under this module; M puts it in build/.
pkg=barrage/servers/grpc-go/build/benchpb
rm -rf build/benchpb
echo "grpc-go: protoc ($(protoc --version)) with protoc-gen-go and protoc-gen-go-grpc -> build/benchpb"
PATH=$PWD/build/bin:$PATH protoc -I ../../proto \
  --go_out=. --go_opt=module=barrage/servers/grpc-go --go_opt=Mbench.proto=$pkg \
  --go-grpc_out=. --go-grpc_opt=module=barrage/servers/grpc-go --go-grpc_opt=Mbench.proto=$pkg \
  bench.proto
echo "grpc-go: go build -trimpath -o build/server . ($(go version | cut -d' ' -f3))"
if ! GOPROXY=off GOFLAGS=-mod=readonly go build -trimpath -o build/server .; then
  echo "grpc-go: the build failed; if modules are missing, run servers/grpc-go/build.sh --fetch (or scripts/setup.sh)" >&2
  exit 1
fi
