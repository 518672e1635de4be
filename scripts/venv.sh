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

# What an install of croupier with these extras brings, and roughly how long it takes:
# said before a first install (1-2 minutes of downloads would otherwise pass in silence).
croupier_install_note() {
    local extras="$1" part libraries="NumPy, Typer and Rich"
    local IFS=,
    for part in $extras; do
        case "$part" in
            web) libraries="$libraries; FastAPI, uvicorn and Jinja2 (web)" ;;
            cluster) libraries="$libraries; Dask (cluster)" ;;
            plot) libraries="$libraries; matplotlib (plot)" ;;
            postgres) libraries="$libraries; the PostgreSQL driver psycopg (postgres)" ;;
            notebook) libraries="$libraries; pandas and JupyterLab (notebook)" ;;
            test) libraries="$libraries; pytest, Hypothesis, Playwright and the peer libraries (test)" ;;
            docs) libraries="$libraries; MkDocs and its plugins (docs)" ;;
            dev) libraries="$libraries; the test and docs extras, ruff and mypy (dev)" ;;
            *) libraries="$libraries; $part" ;;
        esac
    done
    echo "Installing croupier with $libraries from the package index, and compiling its" \
        "engine: about 1-3 minutes on a first run, a few seconds after that." >&2
}

# While a long command runs, a line on stderr every 20 seconds says it still does.
croupier_tick() {
    local started=$SECONDS pause=""
    # Stopped with its sleep, so that nothing holds the terminal (or a pipe) open after.
    trap '[ -n "$pause" ] && kill "$pause" 2>/dev/null; exit 0' TERM
    while true; do
        sleep 20 &
        pause=$!
        wait "$pause"
        echo "  ... still installing ($((SECONDS - started)) s)" >&2
    done
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
    else
        echo "Updating $root/.venv (pyproject.toml, setup.py, a kernel or the extras changed) ..." >&2
    fi
    croupier_install_note "$extras"
    local target="$root" started=$SECONDS ticker status=0
    [ -n "$extras" ] && target="$root[$extras]"
    croupier_tick &
    ticker=$!
    "$root/.venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        --editable "$target" >&2 || status=$?
    kill "$ticker" 2>/dev/null || true
    wait "$ticker" 2>/dev/null || true
    [ "$status" = 0 ] || return "$status"
    echo "Installed in $((SECONDS - started)) s." >&2
    # Compile croupier's modules now, as a regular install does: an editable install
    # would compile them on every run where PYTHONDONTWRITEBYTECODE is set.
    "$root/.venv/bin/python" -m compileall -q "$root/src/croupier" >/dev/null || true
    # Keep the stamps of other extras sets already installed.
    { [ -f "$stamp" ] && cat "$stamp"; echo "$want"; } | sort -u >"$stamp.tmp" && mv "$stamp.tmp" "$stamp"
}
