#!/usr/bin/env bash
# Builds servers/grpc-python/build/venv: a Python venv with grpcio and
# grpcio-tools, every package pinned in requirements.txt (a `pip freeze` of
# the venv); then generates build/gen/bench_pb2.py and bench_pb2_grpc.py
# from proto/bench.proto with grpcio-tools' bundled protoc.
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI), then generate
#   build.sh           offline: check the venv has exactly the pinned packages, then generate
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/python-venv.sh
source "$dir/../lib/python-venv.sh"
python_venv grpc-python "$dir" "$@"
rm -rf "$dir/build/gen"
mkdir -p "$dir/build/gen"
"$venv/bin/python" -m grpc_tools.protoc -I "$dir/../../proto" \
    --python_out="$dir/build/gen" --grpc_python_out="$dir/build/gen" bench.proto
echo "grpc-python: venv ready with $("$venv/bin/python" -c 'import grpc, google.protobuf as p; print("grpcio", grpc.__version__, "protobuf", p.__version__)'); generated build/gen/"
