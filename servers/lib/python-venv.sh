# shellcheck shell=bash
# Sourced by the build.sh of the Python servers (fastapi, grpc-python,
# tornado): their build/venv, every package pinned in requirements.txt (a
# `pip freeze` of the venv). Each server.toml lists this file among its
# [build] sources ("../lib/python-venv.sh").

# python_venv NAME DIR [ARG...]: DIR is servers/NAME; the ARGs are build.sh's.
#   --fetch   create DIR/build/venv and pip-install requirements.txt (network: PyPI)
#   (none)    offline: check the venv has exactly the pinned packages
# Exits 2 on another argument, 1 when the venv cannot be made or does not
# hold exactly the pins. Sets venv (DIR/build/venv) for the caller.
python_venv() {
    local name=$1 dir=$2
    shift 2
    venv="$dir/build/venv"
    local fetch=0 arg
    for arg in "$@"; do
        case "$arg" in
            --fetch) fetch=1 ;;
            *) echo "$name: unknown argument $arg; expected nothing or --fetch" >&2; exit 2 ;;
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
            echo "$name: needs python3 (Debian packages python3 python3-venv); run scripts/setup.sh" >&2
            exit 1
        fi
        if [[ ! -x "$venv/bin/python" ]]; then
            echo "$name: creating venv $venv with $(command -v python3)"
            if ! python3 -m venv "$venv"; then
                rm -rf "$venv"
                echo "$name: python3 -m venv failed (Debian package python3-venv); run scripts/setup.sh" >&2
                exit 1
            fi
        fi
        if [[ "$(have || true)" != "$(wanted)" ]]; then
            echo "$name: pip install -r requirements.txt"
            "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
        fi
    fi

    if [[ "$(have || true)" != "$(wanted)" ]]; then
        echo "$name: build/venv does not hold exactly requirements.txt's pins ($(diff <(wanted) <(have || true) | grep -c '^[<>]') lines differ); run servers/$name/build.sh --fetch (or scripts/setup.sh)" >&2
        exit 1
    fi
}
