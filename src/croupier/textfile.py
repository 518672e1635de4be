"""The one reader of every text input croupier takes: shoe, deck and save files, and the
poker commands' files and standard input.

Input is read in chunks and decoded as it goes, so endless or huge inputs stop early with
memory bounded: at most :data:`MAX_INPUT_BYTES` bytes in all and :data:`MAX_LINE_CHARS`
characters a line. It must be UTF-8 (a byte-order mark at the start, as Windows editors
write, is dropped); anything else raises the caller's error class, naming the input.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as handle:
...     _ = handle.write(b"\\xff\\xfe")
>>> read_text(handle.name)
Traceback (most recent call last):
...
croupier.errors.CroupierError: ...: not UTF-8 text (line 1)
>>> with open(handle.name, "wb") as out:
...     _ = out.write("\\ufeffAs Kd\\n".encode())
>>> read_text(handle.name)
'As Kd\\n'
>>> os.unlink(handle.name)
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO, Final

from croupier.errors import CroupierError

__all__ = ["MAX_INPUT_BYTES", "MAX_LINE_CHARS", "iter_lines", "read_text"]

#: The most bytes read from one input: 256 MiB, room for a million-line poker file
#: several times over, while a runaway input (``/dev/zero``) stops early.
MAX_INPUT_BYTES: Final = 256 * 1024 * 1024
#: The longest line accepted: 10,000 characters, far beyond any hand, shoe or save line.
MAX_LINE_CHARS: Final = 10_000
#: Bytes read at a time.
CHUNK_BYTES: Final = 64 * 1024

Source = str | os.PathLike[str]


def _chunks(stream: BinaryIO) -> Iterator[bytes]:
    while chunk := stream.read(CHUNK_BYTES):
        yield chunk


def _lines(
    stream: BinaryIO, name: str, error: type[CroupierError], keepends: bool
) -> Iterator[list[str]]:
    """The lines of ``stream``, a list of them for each chunk read (a Python step per
    chunk, not per line: a million-line file is read in a fraction of a second)."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    pending = ""
    total = 0
    number = 1
    for chunk in _chunks(stream):
        total += len(chunk)
        if total > MAX_INPUT_BYTES:
            raise error(
                f"{name}: more than {MAX_INPUT_BYTES // (1024 * 1024)} MiB of input: "
                "the most croupier reads from one input"
            )
        try:
            pending += decoder.decode(chunk)
        except UnicodeDecodeError:
            raise error(
                f"{name}: not UTF-8 text (line {number + pending.count(chr(10))})"
            ) from None
        lines = pending.splitlines(keepends=True)
        pending = lines.pop() if lines and not _complete(lines[-1]) else ""
        stripped = [line.rstrip("\r\n") for line in lines]
        if stripped and max(map(len, stripped)) > MAX_LINE_CHARS:
            long = next(i for i, line in enumerate(stripped) if len(line) > MAX_LINE_CHARS)
            yield (lines if keepends else stripped)[:long]
            raise _long_line(name, number + long, error)
        yield lines if keepends else stripped
        number += len(lines)
        if len(pending) > MAX_LINE_CHARS:
            raise _long_line(name, number, error)
    try:
        pending += decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise error(f"{name}: not UTF-8 text (line {number})") from None
    if pending:  # the last line, without a line break or with a lone carriage return
        yield [pending if keepends else pending.rstrip("\r\n")]


def _complete(line: str) -> bool:
    """True if ``line`` ends a line for good (a lone ``\r`` may still meet its ``\n``)."""
    return line != line.rstrip("\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029") and not (line.endswith("\r"))


def _check_name(path: str, error: type[CroupierError]) -> None:
    if not path:
        raise error("'': an empty file name: expected the name of a file")
    if "\0" in path:
        raise error(f"{path!r}: a file name cannot hold a NUL character")


def _long_line(name: str, number: int, error: type[CroupierError]) -> CroupierError:
    return error(
        f"{name}, line {number}: longer than {MAX_LINE_CHARS:,} characters, the most a line "
        "may hold"
    )


def iter_lines(
    source: Source | None,
    error: type[CroupierError] = CroupierError,
    *,
    name: str | None = None,
) -> Iterator[str]:
    """The lines of a file, or of standard input for ``None`` or ``-``, without line ends,
    read as they come (see the module's caps). A missing or unreadable file raises the
    usual :class:`OSError`.
    """
    if source is None or os.fspath(source) == "-":
        for lines in _lines(sys.stdin.buffer, name or "standard input", error, keepends=False):
            yield from lines
        return
    path = os.fspath(source)
    _check_name(path, error)
    with open(path, "rb") as stream:
        for lines in _lines(stream, name or path, error, keepends=False):
            yield from lines


def read_text(
    source: Source | None,
    error: type[CroupierError] = CroupierError,
    *,
    name: str | None = None,
) -> str:
    """The whole text of a UTF-8 file (or standard input for ``None`` or ``-``), read
    through the same caps as :func:`iter_lines`; a file that is not text raises ``error``,
    naming it. A missing or unreadable file raises the usual :class:`OSError`.
    """
    if source is None or os.fspath(source) == "-":
        blocks = _lines(sys.stdin.buffer, name or "standard input", error, keepends=True)
        return "".join(map("".join, blocks))
    path = os.fspath(source)
    _check_name(path, error)
    with open(path, "rb") as stream:
        return "".join(map("".join, _lines(stream, name or path, error, keepends=True)))
