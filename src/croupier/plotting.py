"""What every picture needs: matplotlib (the ``plot`` extra), or one line saying how to
install it. The games' figures (``croupier.baccarat.advantage.plot``,
``croupier.poker.calc.plot``) start from :func:`new_figure`.

>>> INSTALL_PLOT
"pip install 'croupier[plot]'"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from croupier.errors import CroupierError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["INSTALL_PLOT", "check_picture_name", "new_figure", "require_matplotlib"]

#: What to install for pictures.
INSTALL_PLOT: Final = "pip install 'croupier[plot]'"


def require_matplotlib() -> None:
    """Nothing when matplotlib is there; a :class:`CroupierError` saying what to install
    otherwise (for a command to check before a long run, not after it)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CroupierError(f"pictures need matplotlib: {INSTALL_PLOT}") from None


def check_picture_name(name: str) -> None:
    """Nothing when ``name`` ends in a suffix matplotlib can write (``.png``, ``.svg``,
    ``.pdf``...); a :class:`CroupierError` naming the suffixes otherwise.

    >>> check_picture_name("equity.svg")
    >>> check_picture_name("equity.doc")
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: 'equity.doc': a picture's name ends in .png, .svg, .pdf...
    >>> check_picture_name("pictures.v2/equity")  # no suffix: no format
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: 'pictures.v2/equity': a picture's name ends in .png, ...
    """
    require_matplotlib()
    from pathlib import PurePath

    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = PurePath(name).suffix[1:].lower()
    if suffix not in formats:
        known = ", ".join(f".{f}" for f in ("png", "svg", "pdf") if f in formats)
        raise CroupierError(f"{name!r}: a picture's name ends in {known}... (by its format)")


def new_figure(**options: Any) -> Figure:
    """An empty matplotlib figure (``options`` as :class:`matplotlib.figure.Figure`
    takes them), drawn without a display."""
    require_matplotlib()
    from matplotlib.figure import Figure

    return Figure(**options)
