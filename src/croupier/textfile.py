"""Reading the text files croupier takes: shoe files, deck files, save files.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as handle:
...     _ = handle.write(b"\\xff\\xfe")
>>> read_text(handle.name)
Traceback (most recent call last):
...
croupier.errors.CroupierError: ...: not a UTF-8 text file
>>> os.unlink(handle.name)
"""

from __future__ import annotations

import os

from croupier.errors import CroupierError

__all__ = ["read_text"]


def read_text(path: str | os.PathLike[str], error: type[CroupierError] = CroupierError) -> str:
    """The whole text of a UTF-8 file; a file that is not text raises ``error``, naming it.

    A missing or unreadable file raises the usual :class:`OSError`.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise error(f"{os.fspath(path)}: not a UTF-8 text file") from None
