"""Figures drawn with matplotlib at build time from croupier's own numbers.

Each function returns a Figure; :func:`plot_svg` renders one as a reproducible SVG (fixed
hash salt, no date), so the same code gives the same file.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["PLOTS", "plot_svg"]

_RED, _BLUE, _GREY, _GREEN = "#c62828", "#1565c0", "#616161", "#2e7d32"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.hashsalt": "croupier", "font.size": 10})
    return plt


def banker_edge_as_dealt(shoes: int = 2000, seed: int = 2026) -> Any:
    """The spread of the banker bet's house edge, in real 8-deck shoes, as cards are dealt."""
    from croupier.baccarat import outcome_probabilities_batch

    plt = _pyplot()
    rng = np.random.default_rng(seed)
    values = np.repeat(np.arange(10), [128] + [32] * 9)
    dealt = rng.permuted(np.tile(values, (shoes, 1)), axis=1)
    steps = np.arange(0, 401, 8)
    full = np.bincount(values, minlength=10)
    one_hot = np.eye(10, dtype=np.int64)[dealt]  # (shoes, 416, 10)
    gone = np.concatenate([np.zeros((shoes, 1, 10), np.int64), one_hot.cumsum(axis=1)], axis=1)
    left = full - gone[:, steps, :]  # (shoes, len(steps), 10)
    probs = outcome_probabilities_batch(left.reshape(-1, 10)).reshape(shoes, len(steps), 3)
    player, banker = probs[..., 0], probs[..., 1]
    edge = 100 * (player - 0.95 * banker)  # ties push: per hand played
    low, q1, mid, q3, high = np.percentile(edge, [5, 25, 50, 75, 95], axis=0)
    figure, axes = plt.subplots(figsize=(7.5, 3.8), layout="constrained")
    axes.fill_between(steps, low, high, color=_BLUE, alpha=0.18, label="5% to 95% of shoes")
    axes.fill_between(steps, q1, q3, color=_BLUE, alpha=0.35, label="25% to 75%")
    axes.plot(steps, mid, color=_BLUE, label="median")
    axes.axhline(0, color=_RED, linewidth=0.8, linestyle="--", label="no edge")
    axes.set_xlabel("cards dealt from an 8-deck shoe (cut card at 400)")
    axes.set_ylabel("banker bet's house edge, %")
    axes.set_title(f"Banker edge of the cards left, {shoes:,} shoes (seed {seed})")
    axes.legend(loc="upper left", fontsize=8)
    return figure


def equity_as_the_board_comes() -> Any:
    """A♠K♠ against Q♥Q♦: each hand's exact equity before the flop, on the flop, turn, river."""
    from croupier.poker import exact_equity, parse_equity_hands

    plt = _pyplot()
    board = ["Kd 7c 2s", "Qs", "9h"]
    stages = [("pre-flop", 0), ("flop K♦ 7♣ 2♠", 3), ("turn Q♠", 4), ("river 9♥", 5)]
    known = " ".join(board).split()
    equities = []
    for _, shown in stages:
        unknown = " ".join(f"?{i}" for i in range(5 - shown))
        cards = " ".join(known[:shown])
        text = f"As Ks {cards} {unknown}\nQh Qd {cards} {unknown}"
        equities.append(exact_equity(parse_equity_hands(text)).equity)
    labels = [name for name, _ in stages]
    first = [100 * float(e[0]) for e in equities]
    second = [100 * float(e[1]) for e in equities]
    figure, axes = plt.subplots(figsize=(7.5, 4.0), layout="constrained")
    axes.plot(labels, first, marker="o", color=_GREY, label="A♠ K♠")
    axes.plot(labels, second, marker="o", color=_RED, label="Q♥ Q♦")
    for x, pair in enumerate(zip(first, second, strict=True)):
        for value, other in (pair, pair[::-1]):  # the higher label above, the lower below
            shift = 7 if value >= other else -14
            axes.annotate(
                f"{value:.1f}%",
                (x, value),
                textcoords="offset points",
                xytext=(0, shift),
                ha="center",
            )
    axes.set_ylim(-12, 112)
    axes.set_ylabel("exact equity, %")
    axes.set_title("Equity as the board comes (every completion counted)")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    return figure


def interval_as_rounds_pass(seed: int = 7) -> Any:
    """The banker bet's mean result per hand: its 95% interval narrows as 1/sqrt(hands)."""
    from croupier.baccarat import Composition, outcome_probabilities

    plt = _pyplot()
    player, banker, tie = outcome_probabilities(Composition.decks(8))
    results = np.array([0.95, -1.0, 0.0])
    chances = np.array([banker, player, tie])
    mean = float(results @ chances)
    sd = float(np.sqrt(((results - mean) ** 2) @ chances))
    hands = np.unique(np.geomspace(10, 1_000_000, 400).astype(int))
    rng = np.random.default_rng(seed)
    paths = rng.choice(results, size=(3, hands[-1]), p=chances).cumsum(axis=1)[:, hands - 1]
    figure, axes = plt.subplots(figsize=(7.5, 3.8), layout="constrained")
    half = 1.96 * sd / np.sqrt(hands)
    axes.fill_between(
        hands,
        100 * (mean - half),
        100 * (mean + half),
        color=_BLUE,
        alpha=0.2,
        label="95% of players' averages",
    )
    for path in paths:
        axes.plot(hands, 100 * path / hands, color=_GREY, linewidth=0.8)
    axes.axhline(100 * mean, color=_RED, linestyle="--", label=f"house edge {-100 * mean:.3f}%")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.set_xscale("log")
    axes.set_ylim(-12, 10)
    axes.set_xlabel("hands played (banker bet, 8 decks)")
    axes.set_ylabel("average result per hand, % of stake")
    axes.set_title("Three simulated players and the 95% band around the edge")
    axes.legend(loc="upper right", fontsize=8)
    return figure


def effect_of_removal_bars() -> Any:
    """Banker, player and tie: the change in expected value when one card of a rank leaves."""
    from croupier.baccarat import effect_of_removal
    from croupier.cards import Rank

    plt = _pyplot()
    effects = effect_of_removal().effects
    ranks = [Rank.ACE, *[r for r in Rank if Rank.TWO <= r <= Rank.TEN]]
    labels = [r.label for r in ranks]
    x = np.arange(len(ranks))
    figure, (left, right) = plt.subplots(1, 2, figsize=(8.5, 3.4), layout="constrained")
    for offset, (key, colour) in zip(
        (-0.2, 0.2), (("banker", _RED), ("player", _BLUE)), strict=True
    ):
        left.bar(x + offset, [1e4 * effects[key][r] for r in ranks], 0.4, color=colour, label=key)
    left.set_title("banker and player")
    right.bar(x, [1e4 * effects["tie"][r] for r in ranks], 0.6, color=_GREEN, label="tie 8:1")
    right.set_title("tie 8:1")
    for axes in (left, right):
        axes.set_xticks(x, labels)
        axes.axhline(0, color="black", linewidth=0.5)
        axes.set_xlabel("rank removed (10 stands for 10, J, Q, K)")
        axes.legend(fontsize=8)
    left.set_ylabel("change in expected value, basis points")
    figure.suptitle("Effect of removing one card from 8 decks")
    return figure


#: The flop spot of the poker pages: a tight range against a wide one.
SPOT = ("TT+, AQs+, AQo+, KQs", "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+")
FLOP = "Qh 9d 4c"


def equity_distribution_curves() -> Any:
    """The equity distributions of the two ranges of :data:`SPOT` on :data:`FLOP`, as
    ``poker calc --distribution --plot`` draws them."""
    from croupier.poker.calc import calculate
    from croupier.poker.calc.distribution import equity_distribution
    from croupier.poker.calc.plot import distribution_figure

    _pyplot()
    return distribution_figure(equity_distribution(calculate(list(SPOT), board=FLOP)))


def next_card_bars() -> Any:
    """Each player's equity after each turn card in :data:`SPOT` on :data:`FLOP`, as
    ``poker calc --next --plot`` draws it."""
    from croupier.poker.calc.nextcard import next_card
    from croupier.poker.calc.plot import next_card_figure

    _pyplot()
    return next_card_figure(next_card(list(SPOT), board=FLOP))


PLOTS: dict[str, Callable[[], Any]] = {
    "banker-edge-as-dealt": banker_edge_as_dealt,
    "equity-as-the-board-comes": equity_as_the_board_comes,
    "interval-as-rounds-pass": interval_as_rounds_pass,
    "effect-of-removal": effect_of_removal_bars,
    "equity-distribution": equity_distribution_curves,
    "next-card": next_card_bars,
}


def plot_svg(name: str) -> str:
    """The named figure as SVG text (no date, fixed ids: the same code, the same file)."""
    plt = _pyplot()
    figure = PLOTS[name]()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    return buffer.getvalue()
