"""The one input reader: lines as ``str.splitlines`` gives them, whatever the chunks."""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier import textfile
from croupier.errors import CroupierError
from croupier.textfile import MAX_LINE_CHARS, iter_lines, read_text

from .slowness import patience
from .untyped import untyped


@pytest.fixture
def tiny_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read 3 bytes at a time, so that lines, CRLFs and characters straddle chunks."""
    monkeypatch.setattr(textfile, "CHUNK_BYTES", 3)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab♠ \r\n\x0b\x1c\x85\u2028", max_size=80))
def test_lines_are_those_of_splitlines_whatever_the_chunks(text: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textfile, "CHUNK_BYTES", 3)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "lines.txt"
            path.write_bytes(text.encode())
            expected = [line.rstrip("\r\n") for line in text.splitlines(keepends=True)]
            assert list(iter_lines(path)) == expected
            assert read_text(path) == text


@pytest.mark.parametrize("chunk", [3, textfile.CHUNK_BYTES])
def test_a_long_line_is_refused_after_the_lines_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(textfile, "CHUNK_BYTES", chunk)
    path = tmp_path / "long.txt"
    path.write_text("one\ntwo\n" + "x" * (MAX_LINE_CHARS + 1) + "\nfour\n", encoding="utf-8")
    got: list[str] = []
    with pytest.raises(CroupierError, match="line 3: longer than 10,000 characters"):
        got.extend(iter_lines(path))
    assert got == ["one", "two"]


def test_bad_utf8_names_its_line(tmp_path: Path, tiny_chunks: None) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"one\ntwo\nthr\xffee\n")
    got: list[str] = []
    with pytest.raises(CroupierError, match=r"not UTF-8 text \(line 3\)"):
        got.extend(iter_lines(path))
    assert got == ["one", "two"]


BAD_ON_LINE_6 = b"one\ntwo\r\nthree\rfour\x0bfive\n\xc3\xa9t\xffe\nseven\n"


@pytest.mark.parametrize("chunk", [*range(1, len(BAD_ON_LINE_6) + 1), 64 * 1024])
def test_bad_utf8_names_its_line_wherever_the_chunks_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """The line of the bad byte, counting the breaks before it in its own chunk too (with
    chunk 28 it is the first byte of the second chunk)."""
    assert BAD_ON_LINE_6.index(b"\xff") == 28
    monkeypatch.setattr(textfile, "CHUNK_BYTES", chunk)
    path = tmp_path / "bad.txt"
    path.write_bytes(BAD_ON_LINE_6)
    for reader in (read_text, lambda source: list(iter_lines(source))):
        with pytest.raises(CroupierError, match=r"not UTF-8 text \(line 6\)$"):
            reader(path)


@pytest.mark.parametrize("chunk", [1, 2, 3, 64 * 1024])
def test_a_truncated_character_at_the_end_names_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(textfile, "CHUNK_BYTES", chunk)
    path = tmp_path / "cut.txt"
    path.write_bytes(b"one\ntwo\nab\xc3")
    with pytest.raises(CroupierError, match=r"not UTF-8 text \(line 3\)$"):
        read_text(path)


@pytest.mark.parametrize("reader", [read_text, lambda path, error: list(iter_lines(path, error))])
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path, reader: Any) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(CroupierError, match=r"f: a FIFO \(named pipe\): expected a regular file"):
        reader(fifo, CroupierError)
    assert time.monotonic() - started < patience(5)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/full", "/dev/null"])
def test_a_device_is_refused_not_read_forever(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(CroupierError, match="a character device: expected a regular file"):
        read_text(device)


def test_a_symbolic_link_to_a_regular_file_is_read(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("As Kd\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert read_text(link) == "As Kd\n"


def test_a_caller_s_smaller_bound_is_named(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("As Ks ?0 ?1 ?2\n" * 10_000, encoding="utf-8")
    with pytest.raises(CroupierError, match="more than 64 KiB of input: far more than"):
        read_text(path, max_bytes=64 * 1024)
    assert len(read_text(path, max_bytes=1024 * 1024)) == 150_000


def test_a_source_of_the_wrong_type_is_named() -> None:
    with pytest.raises(TypeError, match="source must be a str, a PathLike or None, not int"):
        read_text(untyped(3))
    with pytest.raises(TypeError, match="source must name a file in a str, not bytes"):
        read_text(untyped(_BytesPath()))


class _BytesPath:
    """A path-like object that names its file in bytes."""

    def __fspath__(self) -> bytes:
        return b"x"


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_write_atomic_leaves_a_file_that_is_not_regular_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    # A FIFO was silently replaced by a regular file (that read_text then refused to be
    # given); a directory raised IsADirectoryError after writing the temporary file.
    path = tmp_path / "target"
    if kind == "fifo":
        os.mkfifo(path)
        what = r"a FIFO \(named pipe\)"
    else:
        path.mkdir()
        what = "a directory"
    with pytest.raises(CroupierError, match=f"target: {what}: expected a regular file to"):
        textfile.write_atomic("As Kd\n", path)
    assert (stat.S_ISFIFO if kind == "fifo" else stat.S_ISDIR)(os.stat(path).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["target"]  # no temporary file left


def test_write_atomic_replaces_a_regular_file_and_makes_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "saved.txt"
    textfile.write_atomic("one\n", path)
    textfile.write_atomic("two\n", path)
    assert read_text(path) == "two\n" and os.listdir(tmp_path) == ["saved.txt"]


@pytest.mark.parametrize("folder", ["missing", "a-file"])
def test_write_atomic_into_no_folder_names_the_path_given(tmp_path: Path, folder: str) -> None:
    (tmp_path / "a-file").write_text("")
    target = tmp_path / folder / "out.txt"
    with pytest.raises(CroupierError) as raised:
        textfile.write_atomic("text", target)
    problem = "does not exist" if folder == "missing" else "is a file: expected a folder"
    assert str(raised.value) == f"{target}: its folder {target.parent} {problem}"


def test_cannot_write_says_why_before_the_work(tmp_path: Path) -> None:
    """One check of a file to be written, shared by every writer: the path, its folder,
    and with ``make_folder`` the nearest folder that is there."""
    (tmp_path / "a-file").write_text("")
    (tmp_path / "a-folder").mkdir()
    os.mkfifo(tmp_path / "a-fifo")
    assert textfile.cannot_write(tmp_path / "new.txt") is None
    assert textfile.cannot_write(tmp_path / "a-file") is None  # replaced whole
    assert textfile.cannot_write(tmp_path / "a-folder") == (
        "a directory: expected a regular file to replace, or a new name"
    )
    assert textfile.cannot_write(tmp_path / "a-fifo") == (
        "a FIFO (named pipe): expected a regular file to replace, or a new name"
    )
    deep = tmp_path / "x" / "y" / "out.txt"
    assert textfile.cannot_write(deep) == f"its folder {deep.parent} does not exist"
    assert textfile.cannot_write(deep, make_folder=True) is None
    below_a_file = tmp_path / "a-file" / "y" / "out.txt"
    assert textfile.cannot_write(below_a_file, make_folder=True) == (
        f"its folder {below_a_file.parent} cannot be made: {tmp_path / 'a-file'} is a file"
    )
    assert textfile.cannot_write(tmp_path / "a-fifo" / "out.txt") == (
        f"its folder {tmp_path / 'a-fifo'} is a FIFO (named pipe): expected a folder"
    )


def test_cannot_write_in_a_folder_without_write_permission(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Permission as the process has it, ``os.access``: faked, since root writes anywhere.)"""
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    locked = tmp_path / "locked"
    locked.mkdir()
    assert textfile.cannot_write(locked / "a.txt") == f"its folder {locked} cannot be written to"
    assert textfile.cannot_write(locked / "new" / "out.txt", make_folder=True) == (
        f"its folder {locked / 'new'} cannot be made: {locked} cannot be written to"
    )
    with pytest.raises(CroupierError, match="cannot be written to"):
        textfile.write_atomic("text", locked / "a.txt")


def test_write_atomic_gives_the_mode_open_would_and_keeps_a_replaced_files(tmp_path: Path) -> None:
    """mkstemp made its file 0600: a save or a checkpoint came out unreadable to the
    group and others whatever the umask, and a replaced file lost its mode. A new file
    follows the umask of the moment it is written."""
    new = tmp_path / "new.txt"
    for mask, mode in ((0o027, 0o640), (0o002, 0o664)):
        before = os.umask(mask)
        try:
            new.unlink(missing_ok=True)
            textfile.write_atomic("one\n", new)
        finally:
            os.umask(before)
        assert stat.S_IMODE(new.stat().st_mode) == mode
    new.chmod(0o604)
    textfile.write_atomic("two\n", new)
    assert stat.S_IMODE(new.stat().st_mode) == 0o604 and read_text(new) == "two\n"
    assert sorted(os.listdir(tmp_path)) == ["new.txt"]  # no temporary file left
