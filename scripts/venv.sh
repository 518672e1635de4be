# Sourced by ./croupier and ./run-tests: make sure .venv exists and holds croupier
# (editable) with the extras given as arguments. Needs only Python 3.11+ on PATH, and a
# C compiler for the compiled engine (without one croupier installs uncompiled, and says
# so before and after, with what it costs).
# Reinstalls only when pyproject.toml, setup.py, a kernel's source or the extras change
# (an editable install compiles the kernels then: an edited kernel is rebuilt).

# The virtual environment's folder: .venv, or $CROUPIER_VENV (a name in the checkout, such
# as .venv-3.13: CI's second Python gets one of its own).
croupier_venv() {
    echo "$1/${CROUPIER_VENV:-.venv}"
}

# The Python versions pyproject.toml claims (its "Programming Language :: Python :: 3.N"
# classifiers), oldest first, one a line.
croupier_claimed_pythons() {
    sed -n 's/.*"Programming Language :: Python :: \(3\.[0-9][0-9]*\)".*/\1/p' \
        "$1/pyproject.toml" | sort -t. -k2,2n
}

# The release series of every dependency at the lower bound $1/pyproject.toml gives it,
# one pip constraint a line ("numpy==1.26.*": pip takes that series' last patch), with
# Python $2 (python3 if not given); status 1, naming it, when a dependency has no lower
# bound (>=; a ~= or == pin is none) or an environment marker (whether to pin it would
# depend on the machine). CI runs the NumPy-heavy and terminal tests once more on the
# oldest version of every dependency allowed (NumPy 1's casting rules differ; Rich
# before 14.3 printed prompts without their trailing space): a new dependency is in
# that run by its bound.
croupier_floor_constraints() {
    "${2:-python3}" - "$1/pyproject.toml" <<'PY'
import re, sys, tomllib
with open(sys.argv[1], "rb") as file:
    needs = tomllib.load(file)["project"]["dependencies"]
for need in needs:
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9_.-]*)", need)
    floor = re.search(r">=\s*([0-9][0-9.]*)", need)
    if ";" in need:
        sys.exit(f"pyproject.toml gives {need!r} an environment marker: CI pins every floor")
    if name is None or floor is None:
        sys.exit(f"pyproject.toml gives {need!r} no lower bound (name>=version)")
    print(f"{name[1]}=={floor[1].rstrip('.')}.*")
PY
}

# An interpreter of Python $1 (3.N): python3.N on PATH if it runs, else pyenv's newest
# 3.N.x; nothing (and status 1) when there is none.
croupier_python_of() {
    local version="$1" candidate
    for candidate in "python$version" \
        $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}/versions/$version".*/bin/python"$version" 2>/dev/null \
            | sort -t. -k3,3n -r); do
        if "$candidate" -c "import sys; sys.exit(sys.version_info[:2] != (${version/./, }))" \
            2>/dev/null; then
            command -v "$candidate" 2>/dev/null || echo "$candidate"
            return 0
        fi
    done
    return 1
}

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

# What an install of croupier with these extras brings, and roughly how long it takes (a
# second argument: why the engine will not be compiled; a third, "update", for a
# reinstall): said before an install (1-2 minutes of downloads would otherwise pass in
# silence).
croupier_install_note() {
    local extras="$1" when="${3:-first}" part libraries="NumPy, Typer and Rich"
    local build="and compiling its"
    [ -z "${2:-}" ] || build="without compiling its"
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
    if [ "$when" = update ]; then
        when="again (runs after that install nothing)"
    else
        when="on a first run (runs after that install nothing)"
    fi
    echo "Installing croupier with $libraries from the package index, $build" \
        "engine: about 1-3 minutes $when." >&2
}

# Whether an install stamped in $1 for the sources summed as $2 already brings every
# extra of $3: "dev" brings "test" and "docs" (pyproject.toml says so), so ./build-docs
# after ./run-tests installs nothing. Asks the venv's Python (3.11 or newer: tomllib).
croupier_stamp_covers() {
    local stamp="$1" sums="$2" extras="$3" root
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    [ -f "$stamp" ] || return 1
    "$(croupier_venv "$root")/bin/python" - "$stamp" "$sums" "$extras" "$root/pyproject.toml" <<'PYTHON'
import re
import sys
import tomllib

stamp, sums, wanted, pyproject = sys.argv[1:]
with open(pyproject, "rb") as handle:
    extras = tomllib.load(handle)["project"].get("optional-dependencies", {})


def brings(names: str) -> set[str]:
    seen: set[str] = set()
    todo = [name for name in names.split(",") if name]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            for requirement in extras.get(name, []):
                inner = re.fullmatch(r"croupier\[([\w,-]+)\]", requirement.replace(" ", ""))
                todo += inner.group(1).split(",") if inner else []
    return seen


need = brings(wanted)
with open(stamp, encoding="utf-8") as lines:
    for line in lines:
        head, _, tail = line.rstrip("\n").rpartition(" [")
        if head == sums and tail.endswith("]") and need <= brings(tail[:-1]):
            sys.exit(0)
sys.exit(1)
PYTHON
}

# Why setup.py's build would fail to compile the engine here, or nothing when it should
# work: $CC (else the compiler Python was built with) compiles a C file that includes
# Python.h, and $LDSHARED (else Python's) links it. Where Python names no compiler
# (Windows), nothing is said: the build itself tells.
croupier_compiler_problem() {
    local python="$1" scratch cc ldshared include
    cc=${CC:-$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("CC") or "")' 2>/dev/null)}
    [ -n "$cc" ] || return 0
    ldshared=${LDSHARED:-$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("LDSHARED") or "")' 2>/dev/null)}
    include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
    scratch=$(mktemp -d 2>/dev/null) || return 0
    printf 'int croupier_probe(void) { return 0; }\n' >"$scratch/plain.c"
    printf '#include <Python.h>\nint croupier_probe(void) { return Py_IsInitialized(); }\n' \
        >"$scratch/python.c"
    # $cc and $ldshared unquoted: they may hold options ("gcc -pthread")
    if ! $cc -c "$scratch/plain.c" -o "$scratch/plain.o" >/dev/null 2>&1; then
        echo "no working C compiler (tried: $cc)"
    elif ! $cc -I"$include" -c "$scratch/python.c" -o "$scratch/python.o" >/dev/null 2>&1; then
        echo "the C compiler ($cc) finds no Python.h (Python's headers: python3-dev on Debian)"
    elif [ -n "$ldshared" ] && ! $ldshared "$scratch/python.o" -o "$scratch/probe.so" >/dev/null 2>&1; then
        echo "the linker ($ldshared) fails"
    fi
    rm -rf "$scratch"
}

# What running without the compiled engine costs: croupier.engine.UNCOMPILED_COST, read
# from the source (croupier is not installed yet when this is said).
croupier_engine_cost() {
    "$1" -c 'import ast, sys
for node in ast.parse(open(sys.argv[1], encoding="utf-8").read()).body:
    if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "UNCOMPILED_COST":
        print(ast.literal_eval(node.value))' "$2/src/croupier/engine.py" 2>/dev/null || true
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
    local root extras venv stamp sums want python note=first
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    extras="$1"
    venv=$(croupier_venv "$root")
    stamp="$venv/.croupier-installed"
    # the kernels' sources and their shared declarations (none is fine: a tree without)
    # and pip's constraints when PIP_CONSTRAINT names them (CI's venv on the oldest
    # dependencies allowed: a venv installed without them is installed again, with them)
    sums="$({ cat "$root/pyproject.toml" "$root/setup.py" "$root"/src/croupier/*/_kernels*.py
        find "$root/src/croupier" -maxdepth 1 -name '*.pxd' -print0 | sort -z | xargs -0r cat
        [ -z "${PIP_CONSTRAINT:-}" ] || cat $PIP_CONSTRAINT
    } | cksum)"
    want="$sums [$extras]"
    if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && { grep -qxF "$want" "$stamp" \
        || croupier_stamp_covers "$stamp" "$sums" "$extras"; }; then
        return 0
    fi
    python=$(croupier_find_python) || return 1
    if [ ! -x "$venv/bin/python" ]; then
        echo "Setting up $venv (first run only) ..." >&2
        "$python" -m venv "$venv" || return 1
    else
        echo "Updating $venv (pyproject.toml, setup.py, a kernel or the extras changed) ..." >&2
    fi
    local problem
    problem=$(croupier_compiler_problem "$python")
    [ -f "$stamp" ] && note=update  # installed before: the engine is built again
    croupier_install_note "$extras" "$problem" "$note"
    if [ -n "$problem" ]; then
        echo "WARNING: $problem: croupier's engine cannot be compiled here, so croupier will" \
            "install without it and run its NumPy paths, which are slower:" \
            "$(croupier_engine_cost "$python" "$root")." \
            "To compile it, install a C compiler (Debian/Ubuntu: apt-get install build-essential" \
            "python3-dev; macOS: xcode-select --install), delete $venv and run this again." >&2
    fi
    local target="$root" started=$SECONDS ticker status=0
    [ -n "$extras" ] && target="$root[$extras]"
    croupier_tick &
    ticker=$!
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        --editable "$target" >&2 || status=$?
    kill "$ticker" 2>/dev/null || true
    wait "$ticker" 2>/dev/null || true
    [ "$status" = 0 ] || return "$status"
    echo "Installed in $((SECONDS - started)) s." >&2
    if ! "$venv/bin/python" -c 'import sys; from croupier.engine import unbuilt; sys.exit(bool(unbuilt()))' 2>/dev/null; then
        echo "WARNING: croupier is installed WITHOUT its compiled engine (compiling it failed):" \
            "everything works, more slowly. croupier --version says:" >&2
        "$venv/bin/python" -m croupier --version 2>&1 | sed 's/^/  /' >&2 || true
    fi
    # Compile croupier's modules now, as a regular install does: an editable install
    # would compile them on every run where PYTHONDONTWRITEBYTECODE is set.
    "$venv/bin/python" -m compileall -q "$root/src/croupier" >/dev/null || true
    # Keep the stamps of other extras sets already installed.
    { [ -f "$stamp" ] && cat "$stamp"; echo "$want"; } | sort -u >"$stamp.tmp" && mv "$stamp.tmp" "$stamp"
}
