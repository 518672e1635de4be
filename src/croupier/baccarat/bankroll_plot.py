"""The bankroll of a sitting round by round, as a picture (matplotlib, the ``plot`` extra).

:func:`bankroll_figure` returns a figure and writes nothing: ``croupier baccarat play
--plot FILE`` saves it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from croupier.baccarat.advantage.plot import INSTALL_PLOT
from croupier.errors import CroupierError
from croupier.numerals import plural

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["bankroll_figure"]


def bankroll_figure(bankrolls: Sequence[int]) -> Figure:
    """The bankroll (cents) on sitting down and after each round, as a step line in
    dollars, with the starting bankroll marked.

    >>> figure = bankroll_figure([100_000, 110_000, 90_500])
    >>> figure.axes[0].get_xlabel(), [float(y) for y in figure.axes[0].lines[0].get_ydata()]
    ('round', [1000.0, 1100.0, 905.0])
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise CroupierError(f"pictures need matplotlib: {INSTALL_PLOT}") from None
    if not bankrolls:
        raise CroupierError("no bankroll to draw: play a round first")
    dollars = [cents / 100 for cents in bankrolls]
    figure = Figure(figsize=(8, 3.5), layout="constrained")
    axes = figure.subplots()
    axes.plot(range(len(dollars)), dollars, drawstyle="steps-post", color="tab:green")
    axes.axhline(dollars[0], color="0.5", linewidth=0.8, linestyle="--")
    axes.set_xlabel("round")
    axes.set_ylabel("bankroll ($)")
    axes.set_title(
        f"Bankroll over {plural(len(dollars) - 1, 'round')}: ${dollars[0]:,.2f} to "
        f"${dollars[-1]:,.2f}"
    )
    axes.grid(alpha=0.3)
    return figure
