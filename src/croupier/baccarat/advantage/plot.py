"""The edge-by-count picture of a counting study (matplotlib, the ``plot`` extra).

:func:`count_figure` returns a figure and writes nothing: ``croupier baccarat count
--plot FILE.png`` saves it, and so does the script that draws the documentation's picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from croupier.errors import CroupierError
from croupier.plotting import INSTALL_PLOT

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from croupier.baccarat.advantage.study import AdvantageResult

__all__ = ["INSTALL_PLOT", "count_figure"]

#: Counts rarer than this share of rounds are left out of the picture.
MIN_FREQUENCY: Final = 0.0005


def count_figure(result: AdvantageResult) -> Figure:
    """Two panels sharing the count axis: the exact average edge of the bet at each count
    (with the threshold marked), and how often each count occurs."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise CroupierError(f"pictures need matplotlib: {INSTALL_PLOT}") from None
    rows = [row for row in result.by_count if row.frequency >= MIN_FREQUENCY]
    if not rows:
        raise CroupierError("the study has no counts to draw")
    counts = [row.count for row in rows]
    figure = Figure(figsize=(8, 5.5), layout="constrained")
    edge_axes, frequency_axes = figure.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    priced = [row for row in rows if row.edge is not None]
    edge_axes.axhline(0, color="0.5", linewidth=0.8)
    edge_axes.plot(
        [row.count for row in priced],
        [100 * (row.edge or 0.0) for row in priced],
        marker="o",
        markersize=3,
        color="tab:blue",
        label="exact average edge",
    )
    edge_axes.plot(
        counts,
        [100 * row.units_per_round for row in rows],
        linestyle="none",
        marker=".",
        color="tab:orange",
        alpha=0.6,
        label="result of the bets dealt",
    )
    if result.threshold is not None:
        edge_axes.axvline(result.threshold, color="tab:green", linestyle="--", linewidth=1)
        edge_axes.annotate(
            f"bet at {result.threshold:g}+",
            (result.threshold, 1),
            xycoords=("data", "axes fraction"),
            xytext=(4, -14),
            textcoords="offset points",
            color="tab:green",
        )
    kind = "true count" if result.spec.true_count else "running count"
    edge_axes.set_ylabel("player's edge per unit (%)")
    edge_axes.set_title(
        f"{result.bet}: edge by {kind}, {result.shoes:,} shoes "
        f"({result.spec.procedure.describe()})",
        fontsize=10,
    )
    edge_axes.legend(loc="lower right", fontsize=8)
    edge_axes.grid(alpha=0.3)
    frequency_axes.bar(counts, [100 * row.frequency for row in rows], color="tab:gray", width=0.8)
    frequency_axes.set_xlabel(kind.capitalize() + " before the round")
    frequency_axes.set_ylabel("rounds (%)")
    frequency_axes.grid(alpha=0.3)
    return figure
