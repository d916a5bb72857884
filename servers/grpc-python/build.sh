#!/usr/bin/env bash
# Builds servers/grpc-python/build/venv: a Python venv with grpcio and
# grpcio-tools, every package pinned in requirements.txt (a `pip freeze` of
# the venv); then generates build/gen/bench_pb2.py and bench_pb2_grpc.py
# from proto/bench.proto with grpcio-tools' bundled protoc.
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI), then generate
#   build.sh           offline: check the venv has exactly the pinned packages, then generate
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$dir/build/venv"
fetch=0
for arg in "$@"; do
    case "$arg" in
        --fetch) fetch=1 ;;
        *) echo "grpc-python: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
    esac
done

# The pins, as `pip freeze` prints them (comments and blank lines dropped).
wanted() { grep -v '^[[:space:]]*\(#\|$\)' "$dir/requirements.txt" | tr 'A-Z_' 'a-z-' | sort; }
have() {
    [[ -x "$venv/bin/python" ]] &&
        "$venv/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null | tr 'A-Z_' 'a-z-' | sort
}

if (( fetch )); then
    if ! command -v python3 >/dev/null; then
        echo "grpc-python: needs python3 (Debian packages python3 python3-venv); run scripts/setup.sh" >&2
        exit 1
    fi
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "grpc-python: creating venv $venv with $(command -v python3)"
        if ! python3 -m venv "$venv"; then
            rm -rf "$venv"
            echo "grpc-python: python3 -m venv failed (Debian package python3-venv); run scripts/setup.sh" >&2
            exit 1
        fi
    fi
    if [[ "$(have || true)" != "$(wanted)" ]]; then
        echo "grpc-python: pip install -r requirements.txt"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
    fi
fi

if [[ "$(have || true)" != "$(wanted)" ]]; then
    echo "grpc-python: build/venv does not hold exactly requirements.txt's pins ($(diff <(wanted) <(have || true) | grep -c '^[<>]') lines differ); run servers/grpc-python/build.sh --fetch (or scripts/setup.sh)" >&2
    exit 1
fi
rm -rf "$dir/build/gen"
mkdir -p "$dir/build/gen"
"$venv/bin/python" -m grpc_tools.protoc -I "$dir/../../proto" \
    --python_out="$dir/build/gen" --grpc_python_out="$dir/build/gen" bench.proto
echo "grpc-python: venv ready with $("$venv/bin/python" -c 'import grpc, google.protobuf as p; print("grpcio", grpc.__version__, "protobuf", p.__version__)'); generated build/gen/"
