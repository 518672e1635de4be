"""Pictures of how equity moves (matplotlib, the ``plot`` extra): the next-card chart and
the equity distributions. Each function returns a figure and writes nothing: ``croupier
poker calc --next --plot FILE`` saves it, and so does the documentation's generator.

>>> from croupier.poker.calc.nextcard import next_card
>>> figure = next_card_figure(next_card(["AhKh", "QsQd"], board="Qh 7h 2c"))
>>> [axes.get_title() for axes in figure.axes][0]
'Equity after each turn card: AhKh vs QsQd on Q♥ 7♥ 2♣'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from croupier.plotting import new_figure
from croupier.poker.games import variant_of

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from croupier.poker.calc.distribution import EquityDistribution
    from croupier.poker.calc.nextcard import NextCardResult

__all__ = ["distribution_figure", "next_card_figure"]

#: A colour a player, in seat order (matplotlib's default cycle).
COLOURS: Final = ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple",
                  "tab:brown", "tab:pink", "tab:gray", "tab:olive", "tab:cyan")  # fmt: skip


def next_card_figure(result: NextCardResult) -> Figure:
    """A stacked bar a card (each player's equity once it comes; the bars of a card add
    up to 100%), the cards by rank, and a dashed line at each player's equity now
    (where the stacks stand on average)."""
    figure = new_figure(figsize=(11, 4.8), layout="constrained")
    axes = figure.subplots()
    labels = [row.card.pretty for row in result.cards]
    positions = range(len(result.cards))
    bottom = [0.0] * len(result.cards)
    level = 0.0
    for p, text in enumerate(result.ranges):
        heights = [100 * row.equity[p] for row in result.cards]
        colour = COLOURS[p % len(COLOURS)]
        label = f"player {p + 1}: {text} ({100 * result.equity[p]:.1f}% now)"
        axes.bar(positions, heights, bottom=bottom, color=colour, width=0.85, label=label)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        level += 100 * result.equity[p]
        if p < len(result.ranges) - 1:
            axes.axhline(level, color="black", linestyle="--", linewidth=0.9)
    axes.set_xticks(list(positions), labels, fontsize=7, rotation=90)
    axes.set_xlim(-0.6, len(result.cards) - 0.4)
    axes.set_ylim(0, 100)
    axes.set_ylabel("equity once the card comes (%)")
    board = " ".join(card.pretty for card in result.board)
    game = "" if result.game == "holdem" else f" ({variant_of(result.game).label})"
    axes.set_title(
        f"Equity after each {result.street} card{game}: {' vs '.join(result.ranges)} on {board}",
        fontsize=10,
    )
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize=8)
    return figure


def distribution_figure(spreads: Sequence[EquityDistribution]) -> Figure:
    """Each player's equity distribution: x the share of its range (weakest combo at 0),
    y each combo's equity, with the 50% and 75% lines and the shares above them."""
    figure = new_figure(figsize=(7.5, 5), layout="constrained")
    axes = figure.subplots()
    for spread in spreads:
        xs, ys = spread.curve()
        colour = COLOURS[(spread.player - 1) % len(COLOURS)]
        above = f"{100 * spread.share_above(0.5):.0f}% above 50%"
        above += f", {100 * spread.share_above(0.75):.0f}% above 75%"
        label = f"player {spread.player}: {spread.range} ({above})"
        axes.plot(
            [100 * x for x in xs], [100 * y for y in ys], color=colour, linewidth=1.6, label=label
        )
    for line in (50, 75):
        axes.axhline(line, color="0.5", linestyle=":", linewidth=0.9)
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 100)
    hands = any(len(combo) > 4 for spread in spreads for combo in spread.combos[:1])
    axes.set_xlabel(f"share of the range, weakest {'hand' if hands else 'combo'} first (%)")
    axes.set_ylabel("equity against the others (%)")
    axes.set_title("Equity distribution", fontsize=10)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    return figure
