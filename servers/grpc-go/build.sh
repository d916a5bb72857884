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
# The steps every Go server's build shares (arguments, caches, go mod
# download, the offline go build) are servers/lib/go-build.sh's.
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The plugins: protoc-gen-go is google.golang.org/protobuf's (the version
# go.mod pins for the runtime); protoc-gen-go-grpc is grpc-go's own module.
PROTOC_GEN_GO=google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
PROTOC_GEN_GO_GRPC=google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.6.2
if [ "${1:-}" = --version ]; then
  grpc=$(sed -n 's/^[[:space:]]*google.golang.org\/grpc \(v[^ ]*\)$/\1/p' "$dir/go.mod")
  echo "grpc-go $grpc; ${PROTOC_GEN_GO_GRPC##*/}; $(go env GOVERSION 2>/dev/null || echo 'go missing')"
  exit 0
fi
# shellcheck source=SCRIPTDIR/../lib/go-build.sh
source "$dir/../lib/go-build.sh"
go_args grpc-go "$@"
go_toolchain grpc-go "Debian packages golang-go protobuf-compiler" protoc
go_needs grpc-go 26 "grpc-go 1.85"
go_caches "$dir"
mkdir -p build/bin
go_download grpc-go
if [ "$fetch" = 1 ]; then
  echo "grpc-go: go install $PROTOC_GEN_GO $PROTOC_GEN_GO_GRPC (the Go module proxy)"
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
go_build grpc-go
