"""The pictures of ``--plot``: drawn and saved once the command's answer is out, a
failure to write one a one-line error that loses nothing already printed.

The picture's name was checked when the option was read
(:func:`croupier.cli.options.picture_option`: a writable file whose suffix names the
format), so only the writing itself can fail here (a full disk, a folder that is gone).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from croupier.cli.console import fail

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["save_picture"]


def save_picture(draw: Callable[[], Figure], path: Path, *, dpi: int = 110) -> None:
    """Draw a figure with ``draw`` and save it to ``path`` (its suffix picks the format);
    an error that stops the writing is one line naming the file (exit 2)."""
    figure = draw()
    try:
        figure.savefig(path, dpi=dpi)
    except OSError as exc:
        fail(f"--plot {path}: cannot write the picture ({exc.strerror or exc})")
