"""The one reader of every text input croupier takes: shoe, deck and save files, and the
poker commands' files and standard input.

Input is read in chunks and decoded as it goes, so endless or huge inputs stop early with
memory bounded: at most :data:`MAX_INPUT_BYTES` bytes in all (or the smaller bound a
caller gives for what it reads) and :data:`MAX_LINE_CHARS` characters a line (or the
longer cap, up to :data:`MAX_RECORD_CHARS`, a caller gives for records written on one
line). It must be
UTF-8 (a byte-order mark at the start, as Windows editors write, is dropped); anything
else raises the caller's error class, naming the input. A named file must be a regular
file: a FIFO, a device (``/dev/zero``) or a socket is refused at once instead of being
waited on or read forever (standard input, ``-``, may be a pipe).

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
import contextlib
import errno
import os
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO, Final

from croupier.arguments import checked
from croupier.errors import CroupierError

__all__ = [
    "MAX_GAME_FILE_BYTES",
    "MAX_INPUT_BYTES",
    "MAX_LINE_CHARS",
    "MAX_RECORD_CHARS",
    "cannot_write",
    "file_lock",
    "folder_problem",
    "iter_lines",
    "not_regular",
    "open_regular",
    "read_text",
    "write_atomic",
]

#: The most bytes read from one input: 256 MiB, room for a million-line poker file
#: several times over, while a runaway input (``/dev/zero``) stops early.
MAX_INPUT_BYTES: Final = 256 * 1024 * 1024
#: The most bytes read from a file holding one game's cards or moves (a shoe, a deck, a
#: Casino save or log): 1 MiB, far beyond any (64 decks written a card a token take
#: 13 KB), so that a huge file is refused in moments instead of parsed for minutes.
MAX_GAME_FILE_BYTES: Final = 1024 * 1024
#: The longest line accepted: 10,000 characters, far beyond any hand, shoe or save line.
MAX_LINE_CHARS: Final = 10_000
#: The longest line a caller may allow for a record written on one line (a study's
#: checkpoint holds tables of counts on each line): 1,000,000 characters.
MAX_RECORD_CHARS: Final = 1_000_000
#: Bytes read at a time.
CHUNK_BYTES: Final = 64 * 1024

Source = str | os.PathLike[str]


def _chunks(stream: BinaryIO) -> Iterator[bytes]:
    while chunk := stream.read(CHUNK_BYTES):
        yield chunk


def _size(count: int) -> str:
    """``256 MiB``, ``64 KiB``, ``300 bytes``."""
    for unit, size in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if count >= size and count % size == 0:
            return f"{count // size:,} {unit}"
    return f"{count:,} bytes"


def _lines(
    stream: BinaryIO,
    name: str,
    error: type[CroupierError],
    keepends: bool,
    max_bytes: int = MAX_INPUT_BYTES,
    max_line: int = MAX_LINE_CHARS,
) -> Iterator[list[str]]:
    """The lines of ``stream``, a list of them for each chunk read (a Python step per
    chunk, not per line: a million-line file is read in a fraction of a second)."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    pending = ""
    total = 0
    number = 1
    for chunk in _chunks(stream):
        total += len(chunk)
        if total > max_bytes:
            most = "the most croupier reads from one input"
            if max_bytes < MAX_INPUT_BYTES:
                most = "far more than such a file holds"
            raise error(f"{name}: more than {_size(max_bytes)} of input: {most}")
        try:
            pending += decoder.decode(chunk)
        except UnicodeDecodeError as bad:
            good = bad.object[: bad.start].decode("utf-8")  # this chunk's text before it
            raise error(
                f"{name}: not UTF-8 text (line {number + _breaks(pending + good)})"
            ) from None
        lines = pending.splitlines(keepends=True)
        pending = lines.pop() if lines and not _complete(lines[-1]) else ""
        stripped = [line.rstrip("\r\n") for line in lines]
        if stripped and max(map(len, stripped)) > max_line:
            long = next(i for i, line in enumerate(stripped) if len(line) > max_line)
            yield (lines if keepends else stripped)[:long]
            raise _long_line(name, number + long, error, max_line)
        yield lines if keepends else stripped
        number += len(lines)
        if len(pending) > max_line:
            raise _long_line(name, number, error, max_line)
    try:
        pending += decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise error(f"{name}: not UTF-8 text (line {number + _breaks(pending)})") from None
    if pending:  # the last line, without a line break or with a lone carriage return
        yield [pending if keepends else pending.rstrip("\r\n")]


def _breaks(text: str) -> int:
    """The line breaks in ``text``, as ``str.splitlines`` finds them (a lone ``\r`` at
    the end counts: whatever follows it is on the next line)."""
    return len((text + "x").splitlines()) - 1


def _complete(line: str) -> bool:
    """True if ``line`` ends a line for good (a lone ``\r`` may still meet its ``\n``)."""
    return line != line.rstrip("\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029") and not (line.endswith("\r"))


def _check_name(path: str, error: type[CroupierError]) -> None:
    if not path:
        raise error("'': an empty file name: expected the name of a file")
    if "\0" in path:
        raise error(f"{path!r}: a file name cannot hold a NUL character")


#: What a file that is not a regular one is, by its type.
_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


@checked
def not_regular(mode: int) -> str | None:
    """What a file of ``mode`` (``os.stat().st_mode``) is when it is not a regular file,
    else ``None``.

    >>> not_regular(os.stat("/dev/null").st_mode), not_regular(os.stat(__file__).st_mode)
    ('a character device', None)
    """
    if not 0 <= mode < 2**32:
        raise CroupierError(f"bad file mode {mode}: expected what os.stat gives, 0 to 2**32 - 1")
    mode = int(mode)
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


@checked
def cannot_write(path: str | os.PathLike[str], *, make_folder: bool = False) -> str | None:
    """Why a file cannot be written at ``path`` (made, or replaced whole), or ``None``
    when it can: ``path`` is there but not a regular file (a FIFO, a device, a socket, a
    directory), or its folder cannot take a new file (:func:`folder_problem`). Read
    before the work, so that a result is refused rather than lost when it is written.

    >>> cannot_write("/dev/null"), cannot_write(__file__ + "/x")
    ('a character device: expected a regular file to replace, or a new name', ...)
    >>> print(cannot_write(__file__))
    None
    """
    try:
        what = not_regular(os.stat(path).st_mode)
    except OSError:  # not there (or a link to nothing): a new file
        what = None
    if what is not None:
        return f"{what}: expected a regular file to replace, or a new name"
    return folder_problem(path, make_folder=make_folder)


@checked
def folder_problem(path: str | os.PathLike[str], *, make_folder: bool = False) -> str | None:
    """Why the folder of ``path`` cannot take a new file, or ``None`` when it can: it is
    missing (unless ``make_folder``: then the nearest folder above it that is there must
    be one this process can write in), it is not a folder, or this process cannot write
    in it. The folder is named as ``path`` gives it.

    >>> folder_problem("no/such/folder/x.txt")
    'its folder no/such/folder does not exist'
    >>> print(folder_problem("no/such/folder/x.txt", make_folder=True))
    None
    """
    given = os.path.dirname(os.fspath(path)) or "."
    folder = os.path.dirname(os.path.abspath(path))
    nearest = folder
    while make_folder and not os.path.lexists(nearest) and os.path.dirname(nearest) != nearest:
        nearest = os.path.dirname(nearest)
    try:
        mode = os.stat(nearest).st_mode
    except FileNotFoundError:
        return f"its folder {given} does not exist"
    except OSError as exc:
        return f"its folder {given} cannot be read: {exc.strerror}"
    if nearest == folder:
        where, expected = f"its folder {given}", ": expected a folder"
    else:  # the folder to be made, below one that is there
        where, expected = f"its folder {given} cannot be made: {nearest}", ""
    if not stat.S_ISDIR(mode):
        return f"{where} is {'a file' if stat.S_ISREG(mode) else not_regular(mode)}{expected}"
    if not os.access(nearest, os.W_OK | os.X_OK):  # the new file is made in it
        return f"{where} cannot be written to"
    return None


@checked
def open_regular(path: str, error: type[CroupierError], name: str | None = None) -> BinaryIO:
    """``path`` opened for reading in binary, if it is a regular file; anything else (a
    FIFO, a device, a socket, a directory) raises ``error`` at once, naming it. A FIFO is
    opened without waiting for a writer, so nothing blocks. A missing or unreadable file
    raises the usual :class:`OSError`.
    """
    _check_name(path, error)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | os.O_CLOEXEC)
    try:
        what = not_regular(os.fstat(descriptor).st_mode)
        if what is not None:
            raise error(f"{name or path}: {what}: expected a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def _long_line(name: str, number: int, error: type[CroupierError], max_line: int) -> CroupierError:
    return error(
        f"{name}, line {number}: longer than {max_line:,} characters, the most a line may hold"
    )


def _check_bound(name: str, value: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 0 < value <= most:
        raise CroupierError(f"bad {name} {value}: expected 1 to {most:,}")
    return value


def _blocks(
    source: Source | None,
    error: type[CroupierError],
    name: str | None,
    keepends: bool,
    max_bytes: int,
    max_line: int = MAX_LINE_CHARS,
) -> Iterator[list[str]]:
    """The lines of a file or of standard input, a list per chunk read."""
    _check_bound("max_bytes", max_bytes, MAX_INPUT_BYTES)
    _check_bound("max_line", max_line, MAX_RECORD_CHARS)
    if source is not None and not isinstance(source, str | os.PathLike):
        raise TypeError(f"source must be a file name or None, not {type(source).__name__}")
    path = None if source is None else os.fspath(source)
    if path is not None and not isinstance(path, str):
        raise TypeError(f"source must name a file in a str, not {type(path).__name__}")
    if path is None or path == "-":
        stdin = name or "standard input"
        yield from _lines(sys.stdin.buffer, stdin, error, keepends, max_bytes, max_line)
        return
    with open_regular(path, error, name) as stream:
        yield from _lines(stream, name or path, error, keepends, max_bytes, max_line)


@checked
def iter_lines(
    source: Source | None,
    error: type[CroupierError] = CroupierError,
    *,
    name: str | None = None,
    max_bytes: int = MAX_INPUT_BYTES,
    max_line: int = MAX_LINE_CHARS,
) -> Iterator[str]:
    """The lines of a file, or of standard input for ``None`` or ``-``, without line ends,
    read as they come (see the module's caps; ``max_bytes`` lowers the byte cap to what
    the input can hold, ``max_line`` sets the line cap for records longer than a line of
    text, up to :data:`MAX_RECORD_CHARS`). A file that is not a regular one, or not text,
    raises ``error`` naming it; a missing or unreadable file raises the usual
    :class:`OSError`.
    """
    for lines in _blocks(source, error, name, False, max_bytes, max_line):
        yield from lines


@checked
def read_text(
    source: Source | None,
    error: type[CroupierError] = CroupierError,
    *,
    name: str | None = None,
    max_bytes: int = MAX_INPUT_BYTES,
) -> str:
    """The whole text of a UTF-8 file (or standard input for ``None`` or ``-``), read
    through the same caps and checks as :func:`iter_lines`.
    """
    return "".join(map("".join, _blocks(source, error, name, True, max_bytes)))


def _new_beside(target: str) -> tuple[int, str]:
    """A new, empty file beside ``target`` for :func:`write_atomic`, open for writing:
    its descriptor and name. Made with mode 0666 less the umask of the moment, as any new
    file is (``tempfile.mkstemp`` makes 0600)."""
    directory, name = os.path.split(os.path.abspath(target))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        temporary = os.path.join(directory, f".{name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue
        except OSError as exc:  # named by the path given, not the temporary one's
            raise OSError(exc.errno, exc.strerror, target) from None
    raise FileExistsError(errno.EEXIST, "no free temporary name beside it", target)


@checked
def write_atomic(
    text: str, path: str | os.PathLike[str], error: type[CroupierError] = CroupierError
) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, flushed to the
    disk, then renamed into place.

    A failure (a full disk, a crash) never leaves a half-written file, and an existing
    file at ``path`` stays as it was unless the new one is complete. An empty name, or
    one holding a NUL character, raises ``error``; so does a ``path`` that is there but
    not a regular file (a FIFO, a device, a socket, a directory: what :func:`open_regular`
    refuses to read), which is left as it was instead of being replaced, and a ``path``
    whose folder does not exist or cannot be written in (:func:`cannot_write`); a failure
    to write, the usual :class:`OSError` (naming ``path``, not the temporary file).
    """
    target = os.fspath(path)
    if not target or "\0" in target:
        raise error(f"{target!r}: a file name cannot be empty or hold a NUL character")
    problem = cannot_write(target)
    if problem is not None:
        raise error(f"{target}: {problem}")
    try:
        replaced: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        replaced = None  # a new file: the mode any new file gets
    handle, temporary = _new_beside(target)
    try:
        if replaced is not None and hasattr(os, "fchmod"):
            with contextlib.suppress(OSError):  # a file system without modes (vfat)
                os.fchmod(handle, replaced)  # a file replaced keeps its mode
        out = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
    except BaseException:
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    try:
        with out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


#: This process's threads take turns at each locked file (the file lock below is the one
#: other processes see; without ``fcntl`` it is the only one), by the file's full name.
_THREAD_LOCKS: Final[dict[str, threading.Lock]] = {}
_THREAD_LOCKS_GUARD: Final = threading.Lock()


@contextmanager
def file_lock(
    path: str | os.PathLike[str], error: type[CroupierError] = CroupierError, what: str = "it"
) -> Iterator[None]:
    """Hold the lock of the file ``path`` for a read, change and write: ``<path>.lock``
    beside it (its folder made if need be), locked with ``flock`` (POSIX), which every
    process changing the file takes; a lock that cannot be made raises ``error`` naming
    the file and ``what`` it holds, as does a name that cannot be a file's (empty, or
    holding a NUL character: nothing is made)."""
    where = os.fspath(path)
    _check_name(where, error)
    with _THREAD_LOCKS_GUARD:
        threads = _THREAD_LOCKS.setdefault(os.path.abspath(where), threading.Lock())
    with threads:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: this process's lock only
            yield
            return
        try:
            os.makedirs(os.path.dirname(os.path.abspath(where)), exist_ok=True)
            handle = os.open(where + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise error(f"{where}: cannot lock {what} ({exc.strerror or exc})") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)  # closing releases the lock
