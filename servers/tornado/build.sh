#!/usr/bin/env bash
# Builds servers/tornado/build/venv: a Python venv with Tornado and brotli,
# every package pinned in requirements.txt (a `pip freeze` of the venv).
#   build.sh --fetch   create the venv and pip-install requirements.txt (network: PyPI)
#   build.sh           offline: check the venv has exactly the pinned packages
set -euo pipefail

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=SCRIPTDIR/../lib/python-venv.sh
source "$dir/../lib/python-venv.sh"
python_venv tornado "$dir" "$@"
echo "tornado: venv ready with $("$venv/bin/python" -c 'import tornado, brotli; print("tornado", tornado.version, "brotli", brotli.version)')"
