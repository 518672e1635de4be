"""Poker's values drawn for a notebook: a hand's ranking (its cards, the five that play,
its category), a hold'em range as the 13x13 grid with each class shaded by its weight
and the combo count, another game's range as a summary, an equity calculation as bars
per player (win and tie, the standard error of a Monte Carlo run as an error bar), the
next-card table and the equity distribution as charts, and what a range hits as its
table.

Each function returns HTML or SVG; the values' ``_repr_html_`` and ``_repr_svg_``
hooks call them. Built from the parts of :mod:`croupier.display` (offline, escaped, its
own background, fast); it reads the values through protocols, so it imports none of the
modules whose values it draws.

>>> from croupier.poker import Range
>>> grid = range_svg(Range.parse("QQ+, AKs, AQs:0.5"))
>>> grid.count('class="cell"'), "26 combos (24.0 weighted)" in grid
(169, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

from croupier.display import (
    BAD,
    CARD_EDGE,
    GOLD,
    GOLD_DARK,
    GOOD,
    INK,
    MUTED,
    PAPER,
    PAPER_SHADE,
    RED,
    RULE,
    CardLike,
    Column,
    bar_cell,
    card_svg,
    cards_html,
    esc,
    panel,
    percent,
    svg,
    table,
)

__all__ = [
    "calc_html",
    "distribution_svg",
    "hits_html",
    "hole_range_html",
    "next_card_svg",
    "range_svg",
    "ranking_svg",
]

#: The grid's ranks, aces first (rows and columns).
GRID_RANKS: Final = "AKQJT98765432"
#: The players' colours on the equity bars and charts, in seat order.
SEAT_COLOURS: Final = ("#c28a12", "#1f5fd1", "#b3261e", "#137a3a", "#6b2fa0", "#0e7c86")
#: A tie's part of a bar: the seat's colour, lighter.
TIE_ALPHA: Final = 0.45


def class_label(row: int, column: int) -> str:
    """The class at ``(row, column)`` of the grid: a pair on the diagonal, suited above
    it (the row's rank first), offsuit below.

    >>> class_label(0, 0), class_label(0, 1), class_label(1, 0), class_label(8, 12)
    ('AA', 'AKs', 'AKo', '62s')
    """
    if row == column:
        return GRID_RANKS[row] * 2
    if row < column:
        return GRID_RANKS[row] + GRID_RANKS[column] + "s"
    return GRID_RANKS[column] + GRID_RANKS[row] + "o"


# --- hands ---------------------------------------------------------------------------------


class _Category(Protocol):
    @property
    def label(self) -> str: ...


class RankingLike(Protocol):
    """What :func:`ranking_svg` reads (a :class:`~croupier.poker.HandRanking` or a
    :class:`~croupier.poker.evaluation.hand.GameRanking`)."""

    @property
    def hand(self) -> tuple[Any, ...]: ...
    @property
    def cards(self) -> tuple[Any, ...]: ...
    @property
    def category(self) -> _Category: ...
    @property
    def description(self) -> str: ...


def ranking_svg(ranking: RankingLike) -> str:
    """The hand's cards, the five that play ringed in gold and the others faded, with its
    description and category under them."""
    hand: Sequence[CardLike] = ranking.hand
    playing = set(ranking.cards)
    gap, w, h = 6.0, 42.0, 60.0
    body = "".join(
        card_svg(
            card,
            gap + i * (w + gap),
            gap + 2,
            outline=GOLD if card in playing else "",
            dim=card not in playing,
        )
        for i, card in enumerate(hand)
    )
    caption = f"{ranking.description} ({ranking.category.label})"
    body += (
        f'<text x="{gap}" y="{h + 2 * gap + 18}" font-size="13" font-weight="700" '
        f'fill="{INK}">{esc(caption)}</text>'
    )
    width = max(len(hand) * (w + gap) + gap, 7.5 * len(caption) + 2 * gap)
    return svg(width, h + 2 * gap + 28, body, caption)


# --- ranges --------------------------------------------------------------------------------


class RangeLike(Protocol):
    """What :func:`range_svg` reads (a :class:`~croupier.poker.Range`)."""

    @property
    def weights(self) -> Any: ...
    def matrix(self) -> Any: ...
    def __len__(self) -> int: ...


def range_svg(holdem: RangeLike) -> str:
    """The 13x13 grid of hold'em classes (aces first; pairs on the diagonal, suited above,
    offsuit below), each cell filled from the bottom by the weighted share of its combos in
    the range (a class held in part is filled in part), and the combo count."""
    grid = holdem.matrix().tolist()
    cell, top = 34.0, 24.0
    combos = len(holdem)
    weighted = float(holdem.weights.sum())
    cells = []
    for row in range(13):
        for column in range(13):
            share = float(grid[row][column])
            x, y = 2 + column * cell, top + row * cell
            fill = share * (cell - 2)
            label = class_label(row, column)
            ink = INK if share > 0.45 else (MUTED if share == 0 else INK)
            pair = row == column
            cells.append(
                f'<g class="cell"><title>{label}: {100 * share:.0f}% of its combos</title>'
                f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{cell - 2:.1f}" '
                f'height="{cell - 2:.1f}" rx="3" fill="{PAPER_SHADE if pair else PAPER}" '
                f'stroke="{CARD_EDGE if pair else RULE}"/>'
                + (
                    f'<rect x="{x + 1:.1f}" y="{y + cell - 1 - fill:.1f}" width="{cell - 2:.1f}" '
                    f'height="{fill:.1f}" rx="3" fill="{GOLD}"/>'
                    if share > 0
                    else ""
                )
                + f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2 + 4:.1f}" font-size="10.5" '
                f'text-anchor="middle" fill="{ink}" font-weight="{700 if share else 400}">'
                f"{label}</text></g>"
            )
    size = 2 + 13 * cell + 2
    caption = (
        f"{combos:,} combos ({weighted:,.1f} weighted), {100 * weighted / 1326:.1f}% of 1,326"
        if not math.isclose(weighted, combos)
        else f"{combos:,} combos, {100 * combos / 1326:.1f}% of 1,326"
    )
    head = f'<text x="4" y="16" font-size="13" font-weight="700" fill="{INK}">{esc(caption)}</text>'
    return svg(size, top + 13 * cell + 4, head + "".join(cells), f"hold'em range: {caption}")


class HoleRangeLike(Protocol):
    """What :func:`hole_range_html` reads (a holding of another game: a
    :class:`~croupier.poker.ranges.holdings.HoleRange`)."""

    @property
    def size(self) -> int: ...
    @property
    def parts(self) -> Sequence[tuple[tuple[Any, ...], int]]: ...
    @property
    def is_generic(self) -> bool: ...
    def count(self, excluded: int) -> int: ...


def hole_range_html(holding: HoleRangeLike) -> str:
    """A holding of Omaha, Omaha-5 or short-deck: each part's known cards and how many
    come at random, and the number of hands it holds (a range in the generic syntax: its
    text and its number of hands)."""
    if holding.is_generic:
        return panel(
            f"{holding.size} hole cards: {holding.count(0):,} hands",
            f"<code>{esc(str(holding))}</code>",
            note="generic range syntax (poker range lists its hands)",
        )
    rows = [
        [cards_html(known, 0.55) if known else "–", str(unknown), f"{holding.size - unknown}"]
        for known, unknown in holding.parts[:12]
    ]
    more = len(holding.parts) - len(rows)
    hands = holding.count(0)
    return panel(
        f"{holding.size} hole cards: {hands:,} hands",
        table(
            [Column("Known cards"), Column("Dealt at random", True), Column("Known", True)], rows
        ),
        note=f"{more} more parts" if more > 0 else "each part equally likely",
    )


# --- equity --------------------------------------------------------------------------------


class PlayerLike(Protocol):
    @property
    def range(self) -> str: ...
    @property
    def combos(self) -> int: ...
    @property
    def equity(self) -> float: ...
    @property
    def win(self) -> float: ...
    @property
    def tie(self) -> float: ...
    @property
    def stderr(self) -> float | None: ...


class CalcLike(Protocol):
    """What :func:`calc_html` reads (a :class:`~croupier.poker.calc.CalcResult`)."""

    @property
    def exact(self) -> bool: ...
    @property
    def games(self) -> int: ...
    @property
    def players(self) -> Sequence[PlayerLike]: ...
    @property
    def board(self) -> Sequence[CardLike]: ...
    @property
    def dead(self) -> Sequence[CardLike]: ...
    @property
    def partial(self) -> bool: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def game(self) -> str: ...


def _equity_bar(player: PlayerLike, colour: str) -> str:
    """Win (solid) then tie (lighter) on a 0-100% track, the equity's error bar (two
    standard errors each side) when it has one."""
    width, height = 220.0, 16.0
    win, tie = player.win * width, player.tie * width
    body = (
        f'<rect width="{width}" height="{height}" rx="3" fill="{PAPER_SHADE}" stroke="{RULE}"/>'
        f'<rect width="{win:.1f}" height="{height}" rx="3" fill="{colour}"/>'
        f'<rect x="{win:.1f}" width="{tie:.1f}" height="{height}" fill="{colour}" '
        f'fill-opacity="{TIE_ALPHA}"/>'
    )
    if player.stderr:
        low = max(0.0, player.equity - 2 * player.stderr) * width
        high = min(1.0, player.equity + 2 * player.stderr) * width
        body += (
            f'<line x1="{low:.1f}" y1="8" x2="{high:.1f}" y2="8" stroke="{INK}" '
            f'stroke-width="1.5"/>'
            f'<line x1="{low:.1f}" y1="3" x2="{low:.1f}" y2="13" stroke="{INK}"/>'
            f'<line x1="{high:.1f}" y1="3" x2="{high:.1f}" y2="13" stroke="{INK}"/>'
        )
    return svg(width, height, body, f"equity {100 * player.equity:.2f}%", background="none")


def calc_html(result: CalcLike) -> str:
    """Each player's range, combos and equity as a bar (win, then tie in a lighter shade,
    with the error bar of a Monte Carlo run), and the board."""
    rows = []
    for seat, player in enumerate(result.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        error = f" ± {100 * player.stderr:.2f}" if player.stderr else ""
        rows.append(
            [
                f'<span style="color:{colour};font-weight:700">{seat + 1}</span>',
                esc(player.range),
                f"{player.combos:,}",
                _equity_bar(player, colour),
                f"{100 * player.equity:.2f}%{error}",
                percent(player.win),
                percent(player.tie),
            ]
        )
    board = cards_html(result.board, 0.6) if result.board else "preflop"
    how = "exact" if result.exact else "Monte Carlo"
    count = f"{result.games:,} {'deals' if result.exact else 'trials'}"
    stopped = ", stopped early" if result.partial else ""
    seed = f"; seed {result.seed}" if result.seed is not None else ""
    dead = (
        f"; dead {' '.join(f'{c.rank.label}{c.suit.symbol}' for c in result.dead)}"
        if result.dead
        else ""
    )
    return panel(
        f"Equity ({result.game}, {how}, {count}{stopped})",
        f'<div style="margin-bottom:6px">Board: {board}</div>',
        table(
            [
                Column("Seat"),
                Column("Range", wrap=True),
                Column("Combos", True),
                Column("Win | tie"),
                Column("Equity", True),
                Column("Win", True),
                Column("Tie", True),
            ],
            rows,
        ),
        note=f"the error bar spans two standard errors each side{seed}{dead}"
        if not result.exact
        else f"every deal enumerated{dead}",
    )


class NextCardLike(Protocol):
    @property
    def card(self) -> Any: ...
    @property
    def chance(self) -> float: ...
    @property
    def equity(self) -> tuple[float, ...]: ...


class NextCardsLike(Protocol):
    """What :func:`next_card_svg` reads (a :class:`~croupier.poker.calc.NextCardResult`)."""

    @property
    def ranges(self) -> tuple[str, ...]: ...
    @property
    def board(self) -> Sequence[CardLike]: ...
    @property
    def street(self) -> str: ...
    @property
    def equity(self) -> tuple[float, ...]: ...
    @property
    def cards(self) -> Sequence[NextCardLike]: ...


def next_card_svg(result: NextCardsLike) -> str:
    """The next-card table as a chart: a column per card that may come (highest first),
    its height the first player's equity once it has come, green above the equity now
    (the dashed line) and red below; the cards' labels in their suits' colours."""
    cards = result.cards
    left, top, bottom = 44, 30, 44
    step = 11.0
    width = left + max(1, len(cards)) * step + 12
    height = 240
    plot_h = height - top - bottom
    now = result.equity[0] if result.equity else 0.0

    def py(share: float) -> float:
        return top + (1 - share) * plot_h

    body = [
        f'<text x="{left}" y="18" font-size="13" font-weight="700" fill="{INK}">'
        f"{esc(result.ranges[0])}: equity after each {esc(result.street)} card</text>"
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        body.append(
            f'<line x1="{left}" y1="{py(tick):.1f}" x2="{width - 8:.1f}" y2="{py(tick):.1f}" '
            f'stroke="{RULE}"/><text x="{left - 4}" y="{py(tick) + 4:.1f}" font-size="10" '
            f'text-anchor="end" fill="{MUTED}">{100 * tick:.0f}%</text>'
        )
    for i, row in enumerate(cards):
        share = row.equity[0]
        x = left + i * step + 1
        colour = GOOD if share > now + 1e-9 else BAD if share < now - 1e-9 else MUTED
        card = row.card
        label_colour = RED if card.suit.is_red else INK
        body.append(
            f'<rect x="{x:.1f}" y="{py(share):.1f}" width="{step - 2:.1f}" '
            f'height="{max(0.5, py(0) - py(share)):.1f}" fill="{colour}">'
            f"<title>{esc(card.rank.label + card.suit.symbol)}: {100 * share:.1f}% "
            f"(chance {100 * row.chance:.2f}%)</title></rect>"
            f'<text x="{x + step / 2 - 1:.1f}" y="{py(0) + 12:.1f}" font-size="8" '
            f'text-anchor="middle" fill="{label_colour}">{esc(card.rank.label)}</text>'
            f'<text x="{x + step / 2 - 1:.1f}" y="{py(0) + 22:.1f}" font-size="8" '
            f'text-anchor="middle" fill="{label_colour}">{esc(card.suit.symbol)}</text>'
        )
    body.append(
        f'<line x1="{left}" y1="{py(now):.1f}" x2="{width - 8:.1f}" y2="{py(now):.1f}" '
        f'stroke="{INK}" stroke-dasharray="5 3"/>'
        f'<text x="{width - 8:.1f}" y="{py(now) - 4:.1f}" font-size="10" text-anchor="end" '
        f'fill="{INK}">now {100 * now:.1f}%</text>'
    )
    label = f"{result.ranges[0]}: equity after each of {len(cards)} {result.street} cards"
    return svg(width, height, "".join(body), label)


class DistributionLike(Protocol):
    """What :func:`distribution_svg` reads (an
    :class:`~croupier.poker.calc.EquityDistribution`)."""

    @property
    def range(self) -> str: ...
    def curve(self) -> tuple[list[float], list[float]]: ...
    def share_above(self, equity: float) -> float: ...


def distribution_svg(distributions: Iterable[DistributionLike]) -> str:
    """Each player's equity distribution: the equity of the combos from the weakest (left)
    to the strongest (right), each a step as wide as its share of the range."""
    players = list(distributions)
    width, height, left, top, bottom, right = 480, 240, 44, 28, 40, 12
    plot_w, plot_h = width - left - right, height - top - bottom

    def px(x: float) -> float:
        return left + x * plot_w

    def py(y: float) -> float:
        return top + (1 - y) * plot_h

    body = [
        f'<text x="{left}" y="18" font-size="13" font-weight="700" fill="{INK}">'
        f"Equity distribution</text>",
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
        f'stroke="{CARD_EDGE}"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        body.append(
            f'<line x1="{left}" y1="{py(tick):.1f}" x2="{left + plot_w}" y2="{py(tick):.1f}" '
            f'stroke="{RULE}"/><text x="{left - 4}" y="{py(tick) + 4:.1f}" font-size="10" '
            f'text-anchor="end" fill="{MUTED}">{100 * tick:.0f}%</text>'
            f'<text x="{px(tick):.1f}" y="{top + plot_h + 14}" font-size="10" '
            f'text-anchor="middle" fill="{MUTED}">{100 * tick:.0f}%</text>'
        )
    legend = []
    for seat, player in enumerate(players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        xs, ys = player.curve()
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys, strict=True))
        body.append(
            f'<polyline class="curve" points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="2"><title>{esc(player.range)}</title></polyline>'
        )
        legend.append(
            f'<text x="{left + 6}" y="{top + 14 + 14 * seat}" font-size="11" fill="{colour}" '
            f'font-weight="700">{seat + 1}: {esc(player.range[:40])} '
            f"({100 * player.share_above(0.5):.0f}% above 50%)</text>"
        )
    body += legend
    body.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" font-size="11" text-anchor="middle" '
        f'fill="{INK}">share of the range, weakest to strongest</text>'
    )
    return svg(width, height, "".join(body), "equity distribution")


# --- what a range hits -------------------------------------------------------------------


class HitsLike(Protocol):
    """What :func:`hits_html` reads (a :class:`~croupier.poker.hits.classifier.HitsResult`)."""

    @property
    def range(self) -> str: ...
    @property
    def board(self) -> Sequence[CardLike]: ...
    @property
    def boards(self) -> int: ...
    @property
    def weight(self) -> float: ...
    @property
    def made(self) -> Mapping[Any, float]: ...
    @property
    def draws(self) -> Mapping[Any, float]: ...
    @property
    def pair_or_better(self) -> float: ...
    def share(self, category: Any) -> float: ...


def hits_html(result: HitsLike) -> str:
    """What the range makes and draws to on the board (or on average over every flop):
    each category's combos and share as a bar, categories with none greyed."""

    def rows(counts: Mapping[Any, float], colour: str) -> list[list[str]]:
        found = []
        for category, combos in counts.items():
            share = result.share(category)
            name = esc(str(category))
            if not combos:
                name = f'<span style="color:{MUTED}">{name}</span>'
            found.append(
                [
                    name,
                    f"{combos:,.2f}".rstrip("0").rstrip("."),
                    bar_cell(share, percent(share, 1), colour),
                ]
            )
        return found

    where = (
        f"on {cards_html(result.board, 0.55)}"
        if result.boards == 1
        else f"averaged over {result.boards:,} flops"
    )
    columns = [Column("Category"), Column("Combos", True), Column("Share")]
    return panel(
        f"What {result.range} hits",
        f'<div style="margin-bottom:6px">{result.weight:g} live combos {where}; a pair or '
        f"better {percent(result.pair_or_better, 1)}</div>",
        '<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">',
        table(columns, rows(result.made, GOLD_DARK)),
        table(columns, rows(result.draws, "#1f5fd1")),
        "</div>",
        note="made hands: each combo's best; draws: every draw a combo has",
    )
