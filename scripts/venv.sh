# Sourced by ./croupier and ./run-tests: make sure .venv exists and holds croupier
# (editable) with the extras given as arguments. Needs only Python 3.11+ on PATH, and a
# C compiler for the compiled engine (without one croupier installs uncompiled).
# Reinstalls only when pyproject.toml, setup.py, a kernel's source or the extras change
# (an editable install compiles the kernels then: an edited kernel is rebuilt).

croupier_find_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$candidate" ] || continue
        command -v "$candidate" >/dev/null 2>&1 || continue
        if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    echo "croupier needs Python 3.11 or newer on PATH (or set PYTHON=/path/to/python3.11)" >&2
    return 1
}

croupier_ensure_venv() {
    local root extras stamp want python
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    extras="$1"
    stamp="$root/.venv/.croupier-installed"
    want="$(cat "$root/pyproject.toml" "$root/setup.py" "$root"/src/croupier/*/_kernels*.py \
        | cksum) [$extras]"
    if [ -x "$root/.venv/bin/python" ] && [ -f "$stamp" ] && grep -qxF "$want" "$stamp"; then
        return 0
    fi
    python=$(croupier_find_python) || return 1
    if [ ! -x "$root/.venv/bin/python" ]; then
        echo "Setting up $root/.venv (first run only) ..." >&2
        "$python" -m venv "$root/.venv" || return 1
    fi
    local target="$root"
    [ -n "$extras" ] && target="$root[$extras]"
    "$root/.venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        --editable "$target" >&2 || return 1
    # Compile croupier's modules now, as a regular install does: an editable install
    # would compile them on every run where PYTHONDONTWRITEBYTECODE is set.
    "$root/.venv/bin/python" -m compileall -q "$root/src/croupier" >/dev/null || true
    # Keep the stamps of other extras sets already installed.
    { [ -f "$stamp" ] && cat "$stamp"; echo "$want"; } | sort -u >"$stamp.tmp" && mv "$stamp.tmp" "$stamp"
}
