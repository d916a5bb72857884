# shellcheck shell=bash
# Sourced by the build.sh of the Go servers (go-http, go-fasthttp, grpc-go):
# the steps their builds share, the modules go.mod and go.sum pin downloaded
# at set-up time and `go build` offline into build/server. Each server.toml
# lists this file among its [build] sources ("../lib/go-build.sh"); the
# nginx-go-* servers too, since they run go-http's build.

# go_args NAME [ARG...]: the ARGs are build.sh's (a build.sh that takes
# --version answers it before); sets fetch (1 for --fetch, else 0). Exits 2
# on another argument.
go_args() {
    local name=$1
    shift
    fetch=0
    local arg
    for arg in "$@"; do
        case "$arg" in
            --fetch) fetch=1 ;;
            *) echo "$name: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
        esac
    done
}

# go_toolchain NAME PACKAGES [TOOL...]: exits 1 unless go and each TOOL are
# on PATH (the message names the Debian PACKAGES, or whatever PACKAGES
# says); sets go_minor to N of go's go1.N (empty when go prints no such
# version), for go_needs or the caller's own version rule.
go_toolchain() {
    local name=$1 packages=$2
    shift 2
    local tool
    for tool in go "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "$name: needs $tool ($packages); run scripts/setup.sh" >&2
            exit 1
        fi
    done
    # shellcheck disable=SC2034 # read by the build.sh that sources this file
    go_minor=$(go env GOVERSION | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
}

# go_needs NAME MINOR WHAT: exits 3 (scripts/setup.sh: toolchain too old,
# skipped) when go_toolchain found a go older than go1.MINOR, which WHAT
# needs.
go_needs() {
    local name=$1 minor=$2 what=$3
    if [ -n "$go_minor" ] && [ "$go_minor" -lt "$minor" ]; then
        echo "$name: $what needs go 1.$minor or later, this go is $(go env GOVERSION) (Debian 12's golang-go is 1.19: install Go from go.dev)" >&2
        exit 3
    fi
}

# go_caches DIR: cd to DIR (servers/NAME, left as the working directory) and
# make build/; without HOME (a bare environment) go keeps its build and
# module caches there.
go_caches() {
    cd "$1" || exit # as under set -e
    mkdir -p build
    if [ -z "${GOCACHE:-}" ] && [ -z "${HOME:-}" ] && [ -z "${XDG_CACHE_HOME:-}" ]; then
        export GOCACHE=$PWD/build/gocache
    fi
    if [ -z "${GOMODCACHE:-}" ] && [ -z "${GOPATH:-}" ] && [ -z "${HOME:-}" ]; then
        export GOMODCACHE=$PWD/build/gomodcache
    fi
}

# go_download NAME [ARG...]: with fetch=1, go mod download ARGs (network:
# the Go module proxy); nothing otherwise.
go_download() {
    local name=$1
    shift
    if (( fetch )); then
        echo "$name: go mod download (the Go module proxy)"
        go mod download "$@"
    fi
}

# go_build NAME [ARG...]: go build ARGs -trimpath -o build/server . offline
# (GOPROXY=off, go.mod read-only: only the modules already downloaded);
# exits 1 when it fails, naming build.sh --fetch.
go_build() {
    local name=$1
    shift
    echo "$name: go build -trimpath -o build/server . ($(go version | cut -d' ' -f3))"
    if ! GOPROXY=off GOFLAGS=-mod=readonly go build "$@" -trimpath -o build/server .; then
        echo "$name: the build failed; if modules are missing, run servers/$name/build.sh --fetch (or scripts/setup.sh)" >&2
        exit 1
    fi
}
