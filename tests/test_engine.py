"""croupier.engine: the kernel modules it lists are the ones setup.py compiles, the
sources load under CROUPIER_PURE, and a compiled build is not older than its source."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import croupier
from croupier import engine

ROOT = Path(croupier.__file__).parent


def test_kernels_listed_are_the_files_setup_compiles() -> None:
    found = {
        ".".join(("croupier", *p.relative_to(ROOT).with_suffix("").parts))
        for p in ROOT.rglob("_kernels*.py")
    }
    assert found == set(engine.KERNELS.values())
    for name in engine.KERNELS.values():
        assert (ROOT / name.split(".")[1]).is_dir()  # a game's kernels live in its package


@pytest.mark.parametrize("game", sorted(engine.KERNELS))
def test_kernels_load_by_game(game: str) -> None:
    module = engine.kernels(game)
    wide = engine.variant(game)
    assert module.__name__ == engine.KERNELS[game] + ("" if wide is None else f"_{wide}")
    assert engine.kernels(game) is module
    compiled_file = not str(module.__file__).endswith(".py")
    assert compiled_file == engine.compiled(game)


@pytest.mark.parametrize("game", sorted(engine.VARIANTS))
def test_the_widest_build_the_processor_runs_is_loaded(game: str) -> None:
    """setup.py builds the Baccarat kernels again for AVX2 and AVX-512 on x86-64; the
    engine loads the widest one whose features NumPy finds (the plain one elsewhere)."""
    wide = engine.variant(game)
    runs = [
        suffix
        for suffix, needs in engine.VARIANTS[game]
        if engine._built(f"{engine.KERNELS[game]}_{suffix}") and set(needs) <= engine.cpu_features()
    ]
    if not engine.compiled(game):
        assert wide is None
    else:
        assert wide == (runs[0] if runs else None)
    pure = run_python(
        f"from croupier import engine; print(engine.variant({game!r}))", CROUPIER_PURE="1"
    )
    assert pure == "None"


def test_a_wider_build_older_than_its_source_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wider build left by an earlier install (the compiler of this one could not build
    it) must not run in place of the plain build made from the source now here."""
    source = engine._source(engine.KERNELS["baccarat"]).stat().st_mtime
    builds = {}
    for suffix, age in (("", 0.0), ("_avx512", 3600.0), ("_avx2", 0.0)):
        path = tmp_path / f"baccarat{suffix}.so"
        path.touch()
        os.utime(path, (source - age, source - age))
        builds[engine.KERNELS["baccarat"] + suffix] = path
    monkeypatch.setattr(engine, "_built", builds.get)
    monkeypatch.setattr(engine, "cpu_features", lambda: frozenset({"AVX2", "AVX512F"}))
    monkeypatch.delenv(engine.PURE_VARIABLE, raising=False)
    for cached in (engine.compiled, engine.variant):
        cached.cache_clear()
    try:
        assert engine.variant("baccarat") == "avx2"
        os.utime(builds[engine.KERNELS["baccarat"] + "_avx512"], (source, source))
        engine.variant.cache_clear()
        assert engine.variant("baccarat") == "avx512"
    finally:
        monkeypatch.undo()
        for cached in (engine.compiled, engine.variant):
            cached.cache_clear()


def run_python(code: str, **env: str) -> str:
    environment = {**os.environ, **env}
    done = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_pure_mode_runs_the_sources() -> None:
    code = (
        "from croupier import engine\n"
        "print(engine.compiled(), engine.kernels('poker').__file__.endswith('.py'),"
        " engine.status().split(':')[0])"
    )
    assert run_python(code, CROUPIER_PURE="1") == "False True not compiled"
    assert "CROUPIER_PURE" in run_python(
        "from croupier import engine; print(engine.status())", CROUPIER_PURE="1"
    )


def test_status_says_which_kernels() -> None:
    status = engine.status()
    if engine.compiled():
        assert status == "compiled: Cython kernels for poker, baccarat, casino"
    else:
        assert status.startswith("not compiled: ")


@pytest.mark.skipif(not engine.compiled(), reason="the engine is not compiled here")
@pytest.mark.parametrize("game", sorted(engine.KERNELS))
def test_compiled_kernels_are_not_older_than_their_sources(game: str) -> None:
    """In a working tree, an edited kernel must be rebuilt (./run-tests and ./croupier
    rebuild when a kernel's source changes): a stale build would hide the change. The
    helpers every kernel cimports (their ``.pxd``) are inlined in each: a source too."""
    name = engine.KERNELS[game]
    sources = [ROOT.joinpath(*name.split(".")[1:]).with_suffix(".py"), *ROOT.glob("*.pxd")]
    wider = [f"{name}_{suffix}" for suffix, _ in engine.VARIANTS.get(game, ())]
    for built in filter(None, (engine._built(module) for module in [name, *wider])):
        for source in sources:
            assert built.stat().st_mtime >= source.stat().st_mtime - 1, (
                f"{built.name} is older than {source.name}: reinstall (pip install -e .) to rebuild"
            )


def test_report_says_what_running_uncompiled_costs() -> None:
    """Issue 35: an install without a compiler said so only in a version line."""
    code = "from croupier import engine; print(engine.report())"
    lines = run_python(code, CROUPIER_PURE="1").splitlines()
    assert lines[0] == f"engine not compiled: {engine.PURE_VARIABLE} is set, the NumPy paths run"
    assert lines[1] == f"uncompiled, croupier is slower: {engine.UNCOMPILED_COST}"
    if not engine.unbuilt():  # compiled modules exist: only CROUPIER_PURE keeps them out
        assert len(lines) == 2
    else:
        assert "install a C compiler" in lines[2]


def test_unbuilt_names_the_games_without_a_compiled_module() -> None:
    assert set(engine.unbuilt()) <= set(engine.KERNELS)
    if engine.compiled():
        assert engine.unbuilt() == []


@pytest.mark.skipif(not engine.compiled(), reason="the engine is not compiled here")
@pytest.mark.parametrize("game", sorted(engine.KERNELS))
def test_every_compiled_module_has_its_source_s_digest_beside_it(game: str) -> None:
    """setup.py writes the digest of each module's source beside it (the wider builds'
    too, of their module's source): the install that made this tree's modules did."""
    name = engine.KERNELS[game]
    wider = [f"{name}_{suffix}" for suffix, _ in engine.VARIANTS.get(game, ())]
    for built in filter(None, (engine._compiled_file(module) for module in [name, *wider])):
        written = built.with_name(built.name + engine.DIGEST_SUFFIX)
        recorded = written.read_text(encoding="ascii").splitlines()
        assert recorded[0] == engine.source_digest(engine._source(name)), (
            f"{written.name}: reinstall (./croupier) to rebuild"
        )
        assert recorded[1].endswith(" _kernels.py"), recorded


def test_a_compiled_module_built_from_another_source_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout that changes a kernel under an install (git pull, a branch switch)
    leaves a compiled module of the old source: loading it ran old code against new
    callers (a web request failed with ``set_rules() takes exactly 2 positional
    arguments``). Its digest tells it apart: the source runs, and the status says why."""
    name = engine.KERNELS["casino"]
    source = engine._source(name)
    fake = tmp_path / "casino_kernels.so"
    fake.write_bytes(b"not a real module")
    digest = fake.with_name(fake.name + engine.DIGEST_SUFFIX)
    real = engine._compiled_file
    monkeypatch.setattr(
        engine, "_compiled_file", lambda module: fake if module == name else real(module)
    )
    monkeypatch.delenv(engine.PURE_VARIABLE, raising=False)
    caches = (engine.compiled, engine.variant, engine._is_stale)

    def clear() -> None:
        for cached in caches:
            cached.cache_clear()

    clear()
    try:
        assert engine._built(name) == fake  # no digest beside it: taken as built from it
        digest.write_text(engine.source_digest(source) + "\n", encoding="ascii")
        clear()
        assert engine._built(name) == fake
        assert "casino" not in engine.stale()
        digest.write_text("0" * 64 + "\n", encoding="ascii")
        clear()
        assert engine._built(name) is None
        assert "casino" in engine.stale()
        assert not engine.compiled("casino")
        assert engine.variant("casino") is None
        if not engine.unbuilt() and engine.stale() == ["casino"]:  # the others compiled
            assert engine.status() == (
                "not compiled: the compiled kernels for casino were built from an older "
                "source, their sources and the NumPy paths run"
            )
            assert "reinstall croupier" in engine.report()
            assert "install a C compiler" not in engine.report()
    finally:
        monkeypatch.undo()
        clear()


def test_the_source_of_a_stale_module_is_what_loads() -> None:
    """Where a game's compiled module is stale, :func:`engine.kernels` runs its source."""
    code = (
        "from croupier import engine\n"
        "engine._is_stale = lambda path, source: True\n"
        "print(engine.compiled('casino'), engine.kernels('casino').__file__.endswith('.py'))"
    )
    assert run_python(code) == "False True"


def test_a_record_of_the_same_file_sizes_and_times_is_trusted_without_hashing(
    tmp_path: Path,
) -> None:
    """A command's start reads the record beside each compiled module: where the sources'
    sizes and times are those recorded, nothing is read or hashed (hashlib loads
    OpenSSL); where one moved, the digest decides."""
    source = engine._source(engine.KERNELS["casino"])
    fake = tmp_path / "casino_kernels.so"
    fake.write_bytes(b"")
    written = fake.with_name(fake.name + engine.DIGEST_SUFFIX)
    record = engine.source_record(source).splitlines()
    wrong_stamps = [line.replace(" ", "0 ", 1) for line in record[1:]]

    def stale(lines: list[str]) -> bool:
        written.write_text("\n".join(lines) + "\n", encoding="ascii")
        engine._is_stale.cache_clear()
        return engine._is_stale(fake, source)

    try:
        assert not stale(record)
        assert not stale(["0" * 64, *record[1:]])  # same files: the digest is not read
        assert not stale([record[0], *wrong_stamps])  # moved, same text: fresh
        assert stale(["0" * 64, *wrong_stamps])  # moved, other text: stale
    finally:
        engine._is_stale.cache_clear()


def test_outside_a_clone_the_record_is_not_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An install from a wheel changes the sources and the modules together and does
    not keep the files' times: there a start neither reads the record nor hashes."""
    source = engine._source(engine.KERNELS["casino"])
    fake = tmp_path / "casino_kernels.so"
    fake.write_bytes(b"")
    fake.with_name(fake.name + engine.DIGEST_SUFFIX).write_text("0" * 64 + "\n")
    engine._is_stale.cache_clear()
    try:
        assert engine._in_checkout()  # the tests run from a clone's src/
        assert engine._is_stale(fake, source)
        monkeypatch.setattr(engine, "_in_checkout", lambda: False)
        engine._is_stale.cache_clear()
        assert not engine._is_stale(fake, source)
    finally:
        engine._is_stale.cache_clear()


def test_an_unreadable_source_is_the_package_s_error(tmp_path: Path) -> None:
    from croupier.errors import CroupierError

    with pytest.raises(CroupierError, match="cannot read the kernel source"):
        engine.source_digest(tmp_path / "missing.py")
    with pytest.raises(CroupierError, match="cannot read the kernel source"):
        engine.source_record(tmp_path / "missing.py")


def test_configured_once_runs_once_whatever_the_threads() -> None:
    """Four threads ask at once: the function runs once (``functools.cache`` ran it in
    every thread that came before the first call returned: a kernel given its tables
    again freed the ones another thread was reading)."""
    calls: list[int] = []
    meeting = threading.Barrier(4)

    @engine.configured_once
    def configure(size: int) -> list[int]:
        calls.append(size)
        # every thread inside at once was the old cache's fault; alone, it times out
        with contextlib.suppress(threading.BrokenBarrierError):
            meeting.wait(timeout=1.0)
        return [size]

    results: list[list[int]] = []
    threads = [threading.Thread(target=lambda: results.append(configure(7))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == [7] and len(results) == 4 and all(r is results[0] for r in results)
    assert configure(8) == [8] and calls == [7, 8]  # other arguments, another call


def test_a_rebuild_puts_a_module_beside_the_loaded_one_then_renames_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editable install copies each compiled module beside its source. Written into
    in place, the file a running server had loaded changed under it (a crash); copied
    beside and renamed over, the server keeps its own file and the new one takes the
    name."""
    import importlib.util

    setuptools = pytest.importorskip("setuptools")  # a build tool: not in every venv
    distribution = pytest.importorskip("setuptools.dist").Distribution
    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    monkeypatch.setenv("CROUPIER_PURE", "1")  # no extensions: nothing is compiled here
    spec = importlib.util.spec_from_file_location("croupier_setup", ROOT.parent.parent / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    built, placed = tmp_path / "new.so", tmp_path / "placed.so"
    built.write_bytes(b"new module")
    placed.write_bytes(b"old module")
    with placed.open("rb") as loaded:  # as a running program holds it
        command = setup.BuildKernels(distribution())
        assert command.copy_file(str(built), str(placed)) == (str(placed), True)
        assert loaded.read() == b"old module"  # its file untouched
    assert placed.read_bytes() == b"new module"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.so", "placed.so"]
