# Sourced by scripts/build, scripts/test, scripts/bench and scripts/play: the one recipe for the
# Python venv and the npm packages, each reinstalled only when what pins it changes.
#   ensure_venv   .venv with this package and its test extra (stamp: a hash of pyproject.toml)
#   ensure_npm    web/node_modules from web/package-lock.json (stamp: a hash of the lock file)
# Both expect to run from the repository root.

ensure_venv() {
    local py=${PYTHON:-python3}
    if [[ ! -x .venv/bin/python ]]; then
        echo "Creating .venv..." >&2
        "$py" -m venv .venv
    fi
    local stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
    if [[ ! -f $stamp ]]; then
        echo "Installing the Python packages into .venv..." >&2
        .venv/bin/python -m pip install -q --upgrade pip
        .venv/bin/python -m pip install -q -e '.[test]'
        rm -f .venv/.installed-*
        touch "$stamp"
    fi
}

ensure_npm() {
    command -v npm >/dev/null || { echo "npm is needed (Node.js 20+): the Pyodide runtime and the JS tools come from npm" >&2; return 1; }
    local lock_sum stamp=web/node_modules/.allthrees-npm-ci
    lock_sum=$(sha256sum web/package-lock.json | cut -d' ' -f1)
    if [[ ! -f $stamp || $(cat "$stamp") != "$lock_sum" || ! -f web/node_modules/pyodide/package.json ]]; then
        echo "npm ci (web/)..." >&2
        (cd web && npm ci --no-audit --no-fund --loglevel=error) || { echo "npm ci failed in web/" >&2; return 1; }
        echo "$lock_sum" >"$stamp"
    fi
}
