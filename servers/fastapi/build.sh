#!/usr/bin/env bash
# Builds servers/fastapi/build/venv: a Python venv with FastAPI, uvicorn
# (uvloop, httptools), orjson, brotli and asyncpg, every package pinned in
# requirements.txt (a `pip freeze` of the venv).
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI)
#   build.sh           offline: check the venv has exactly the pinned packages
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/python-venv.sh
source "$dir/../lib/python-venv.sh"
python_venv fastapi "$dir" "$@"
echo "fastapi: venv ready with $("$venv/bin/python" -c 'import fastapi, uvicorn; print("fastapi", fastapi.__version__, "uvicorn", uvicorn.__version__)')"
