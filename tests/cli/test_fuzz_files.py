"""Every file a command reads or writes, given hostile files: a FIFO nobody writes to, an
endless device, a directory, an empty or NUL name, a missing file, binary junk, a huge
file and an endless line. Each is refused in one line with exit code 2, at once: nothing
blocks, nothing is read without end, no traceback.

The file arguments and options are found by walking the whole Typer app (their parser is
:class:`croupier.cli.options.FileName`), so a file added later must be listed in
:data:`BEFORE` (what its command needs besides the file) or this test fails.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.cli.options import FileName

from ..slowness import patience
from .helpers import assert_one_line_error, croupier
from .test_options import every_command

#: What each command needs besides its file, so that the file is what it trips on.
BEFORE: dict[tuple[str, ...], list[str]] = {
    ("baccarat", "play"): [],
    ("poker", "calc"): ["AA", "KK", "--next", "--board", "2c 7d 9h"],
    ("baccarat", "count"): ["--bet", "tie", "--tags", "eor", "--threshold", "1", "--shoes", "5"],
    ("baccarat", "perfect"): ["--bet", "tie", "--shoes", "5"],
    ("poker", "compare"): [],
    ("poker", "equity"): [],
    ("casino", "play"): [],
    ("casino", "hint"): [],
    ("casino", "show"): [],
    ("casino", "moves"): [],
    ("casino", "review"): [],
    ("casino", "puzzle"): [],
    ("poker", "ranges", "export"): [],
    ("poker", "ranges", "import"): [],
}


def _file_params() -> Iterator[tuple[tuple[str, ...], str, bool]]:
    """(command path, option or '' for an argument, whether the command writes it)."""
    for path, command in every_command():
        for param in command.params:
            info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
            parser = getattr(info, "parser", None)
            if isinstance(parser, FileName) and not parser.directory:
                option = param.opts[0] if param.opts[0].startswith("-") else ""
                yield path, option, parser.writes


FILES = list(_file_params())
IDS = [f"{' '.join(path)} {option or 'FILE'}" for path, option, _ in FILES]
READ = [(path, option) for path, option, writes in FILES if not writes]
READ_IDS = [f"{' '.join(path)} {option or 'FILE'}" for path, option in READ]


def _run(path: tuple[str, ...], option: str, name: str) -> Any:
    file = [option, name] if option else [name]
    return croupier(*path, *BEFORE[path], *file, input="")


def test_every_file_is_listed_and_the_walk_finds_them() -> None:
    assert {path for path, _, _ in FILES} <= set(BEFORE)
    assert len(FILES) >= 14
    assert any(writes for _, _, writes in FILES) and any(not writes for _, _, writes in FILES)


@pytest.mark.parametrize(("path", "option", "writes"), FILES, ids=IDS)
def test_a_fifo_nobody_uses_is_refused_at_once(
    tmp_path: Path, path: tuple[str, ...], option: str, writes: bool
) -> None:
    """It blocked forever (``mkfifo f; croupier casino show f``)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    run = _run(path, option, str(fifo))
    assert_one_line_error(run, "a FIFO (named pipe)", "expected a regular file")
    assert time.monotonic() - started < patience(30)


@pytest.mark.parametrize(("path", "option", "writes"), FILES, ids=IDS)
def test_a_directory_an_empty_name_and_a_nul_are_refused(
    tmp_path: Path, path: tuple[str, ...], option: str, writes: bool
) -> None:
    assert_one_line_error(_run(path, option, str(tmp_path)), "a directory")
    assert_one_line_error(_run(path, option, ""), "an empty file name")
    assert_one_line_error(_run(path, option, "a\0b"), "NUL character")


@pytest.mark.parametrize(("path", "option"), READ, ids=READ_IDS)
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_not_read_without_end(
    path: tuple[str, ...], option: str, device: str
) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    run = _run(path, option, device)
    assert_one_line_error(run, device, "a character device: expected a regular file")


@pytest.mark.parametrize(("path", "option"), READ, ids=READ_IDS)
def test_a_missing_file_is_named(tmp_path: Path, path: tuple[str, ...], option: str) -> None:
    missing = tmp_path / "nowhere.txt"
    if path[:2] == ("baccarat", "perfect"):  # a missing checkpoint is a new one
        return
    run = _run(path, option, str(missing))
    assert_one_line_error(run, "nowhere.txt")


JUNK = {
    "binary": b"\x00\xff\xfe\x81" * 64,
    "long line": b"A" * 20_000 + b"\n",
    "huge": b"As Kd 5c 9h ?0 ?1 2s 3s 4s\n" * 200_000,  # 5 MB
}


@pytest.mark.parametrize(("path", "option"), READ, ids=READ_IDS)
@pytest.mark.parametrize("kind", list(JUNK))
def test_junk_is_refused_in_one_line_in_moments(
    tmp_path: Path, path: tuple[str, ...], option: str, kind: str
) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_bytes(JUNK[kind])
    started = time.monotonic()
    run = _run(path, option, str(junk))
    if path == ("poker", "compare") and kind == "huge":  # each bad line is reported
        assert run.exit_code == 1 and "Traceback" not in run.stderr
    else:
        assert_one_line_error(run)
    assert time.monotonic() - started < patience(30)
