"""Baccarat's values drawn for a notebook: a shoe's composition, the odds report and the
bets priced, the effect of removal, a round, a shoe's scoreboard (bead plate, big road
and the three derived roads, as the web app draws them), a simulation and a study.

Each function takes the value and returns HTML (SVG inside); the values' ``_repr_html_``
hooks call them. Built from the parts of :mod:`croupier.display`, which says what every
picture promises (offline, escaped, its own background, fast). This module reads the
values through protocols, so it imports none of the modules whose values it draws.

>>> from croupier.baccarat import Composition, odds_report
>>> page = odds_report_html(odds_report(Composition.decks(8)))
>>> "Banker" in page and "45.86%" in page and "house edge" in page
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from croupier.baccarat.rules import Outcome
from croupier.display import (
    BAD,
    BANKER,
    GOOD,
    INK,
    MUTED,
    PAPER,
    PLAYER,
    RULE,
    TIE,
    CardLike,
    Column,
    LinePoint,
    bar_cell,
    cards_html,
    esc,
    line_chart,
    number,
    panel,
    percent,
    svg,
    table,
)

__all__ = [
    "advantage_html",
    "bet_odds_html",
    "composition_html",
    "coup_html",
    "odds_report_html",
    "removal_effects_html",
    "scoreboard_html",
    "simulation_html",
]

#: Each side's colour and letter, as on the web app's boards.
SIDE_COLOUR = {Outcome.PLAYER: PLAYER, Outcome.BANKER: BANKER, Outcome.TIE: TIE}
SIDE_LETTER = {Outcome.PLAYER: "P", Outcome.BANKER: "B", Outcome.TIE: "T"}
#: Rank labels in croupier's order (2 ... K, A), as compositions hold their counts.
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# --- the shoe -----------------------------------------------------------------------------


class CompositionLike(Protocol):
    """What :func:`composition_html` reads (a :class:`~croupier.baccarat.Composition`)."""

    @property
    def values(self) -> tuple[int, ...]: ...
    @property
    def ranks(self) -> tuple[int, ...] | None: ...
    @property
    def infinite(self) -> bool: ...
    @property
    def total(self) -> int: ...
    def describe(self) -> str: ...


def composition_html(composition: CompositionLike) -> str:
    """The cards left by rank (and by value), each count with its share of the shoe."""
    total = composition.total or 1
    rows: list[list[str]] = []
    if composition.ranks is not None:
        for label, count in zip(RANK_LABELS, composition.ranks, strict=True):
            rows.append(
                [esc(label), f"{count:,}", bar_cell(count / total * 4, percent(count / total))]
            )
        by = "rank"
    else:
        for value, count in enumerate(composition.values):
            rows.append(
                [str(value), f"{count:,}", bar_cell(count / total * 4, percent(count / total))]
            )
        by = "value"
    size = (
        "proportions of one deck, drawn with replacement"
        if composition.infinite
        else (f"{composition.total:,} cards")
    )
    values = " · ".join(f"{v}: {c:,}" for v, c in enumerate(composition.values))
    return panel(
        f"Shoe: {composition.describe()}",
        table([Column(by.capitalize()), Column("Cards", True), Column("Share")], rows),
        note=f"{size}; by baccarat value (0 = 10/J/Q/K) {values}",
    )


# --- odds ---------------------------------------------------------------------------------


class BetLike(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def name(self) -> str: ...


class BetOddsLike(Protocol):
    """What the bets' table reads of one priced bet (a :class:`~croupier.baccarat.BetOdds`)."""

    @property
    def bet(self) -> BetLike: ...
    @property
    def expected_value(self) -> float | None: ...
    @property
    def house_edge(self) -> float | None: ...
    @property
    def note(self) -> str: ...


def _edge_bar(edge: float | None) -> str:
    """A house edge drawn on a 0-30% track (red: the house's, green: the player's)."""
    if edge is None:
        return "–"
    colour = BAD if edge > 0 else GOOD
    return bar_cell(min(abs(edge) / 0.3, 1.0), percent(edge, 4), colour)


def _bets_table(bets: Iterable[BetOddsLike]) -> str:
    rows = [
        [
            f"{esc(odds.bet.name)} <span style='color:{MUTED}'>({esc(odds.bet.key)})</span>",
            number(odds.expected_value, 6, sign=True)
            if odds.expected_value is not None
            else esc(odds.note or "not priced"),
            _edge_bar(odds.house_edge),
        ]
        for odds in bets
    ]
    return table([Column("Bet"), Column("Expected value", True), Column("House edge")], rows)


def bet_odds_html(bets: Sequence[BetOddsLike]) -> str:
    """Every bet priced: expected value per unit staked, and the house edge as a bar."""
    return panel("Bets priced", _bets_table(bets), note="expected net result per unit staked")


class OddsReportLike(Protocol):
    """What :func:`odds_report_html` reads (an :class:`~croupier.baccarat.OddsReport`)."""

    @property
    def composition(self) -> CompositionLike: ...
    @property
    def payouts(self) -> Any: ...
    @property
    def outcomes(self) -> tuple[float, float, float]: ...
    @property
    def pair(self) -> float | None: ...
    @property
    def bets(self) -> Sequence[BetOddsLike]: ...


def odds_report_html(report: OddsReportLike) -> str:
    """The outcomes (each side's chance as a bar in its colour) and every bet priced."""
    rows = [
        [
            f'<span style="color:{SIDE_COLOUR[outcome]};font-weight:700">'
            f"{esc(outcome.value.capitalize())}</span>",
            f"{p:.6f}",
            bar_cell(p, percent(p), SIDE_COLOUR[outcome]),
        ]
        for outcome, p in zip(Outcome, report.outcomes, strict=True)
    ]
    if report.pair is not None:
        rows.append(
            [
                "Pair (each side)",
                f"{report.pair:.6f}",
                bar_cell(report.pair, percent(report.pair, 3), MUTED),
            ]
        )
    outcomes = table([Column("Outcome"), Column("Chance", True), Column("")], rows)
    return panel(
        f"Odds: {report.composition.describe()}, {report.payouts.name} payouts",
        outcomes,
        '<div style="height:8px"></div>',
        _bets_table(report.bets),
        note="house edge: the house's expected take per unit staked (ties that push count)",
    )


class RemovalEffectsLike(Protocol):
    """What :func:`removal_effects_html` reads (a :class:`~croupier.baccarat.RemovalEffects`)."""

    @property
    def composition(self) -> CompositionLike: ...
    @property
    def payouts(self) -> Any: ...
    @property
    def base(self) -> Mapping[str, float]: ...
    @property
    def effects(self) -> Mapping[str, Mapping[Any, float]]: ...


def _shade(change: float, largest: float) -> str:
    """A cell's background: green where removing the rank helps the bet, red where it
    hurts, stronger with the size of the change (opaque: a notebook's row shading must
    not show through)."""
    strength = 0.0 if largest == 0 else min(1.0, abs(change) / largest)
    weight = 0.08 + 0.55 * strength if change else 0.0
    tint = (19, 122, 58) if change > 0 else (179, 38, 30)
    paper = (251, 250, 244)
    red, green, blue = (round(p + (t - p) * weight) for t, p in zip(tint, paper, strict=True))
    return f"background:#{red:02x}{green:02x}{blue:02x};color:{INK}"


def removal_effects_html(effects: RemovalEffectsLike) -> str:
    """The effect of removal: each bet's expected value, and how removing one card of each
    rank moves it (in hundredths of a percent, shaded by size)."""
    ranks = sorted({r for row in effects.effects.values() for r in row})
    head = "".join(
        f'<th style="background:{PAPER};color:{INK};padding:2px 6px;border-bottom:2px solid '
        f'{RULE};text-align:right">{esc(getattr(rank, "label", rank))}</th>'
        for rank in ranks
    )
    body = []
    for key, by_rank in effects.effects.items():
        largest = max((abs(v) for v in by_rank.values()), default=0.0)
        cells = "".join(
            f'<td style="{_shade(by_rank[rank], largest)};padding:2px 6px;text-align:right;'
            f'font-variant-numeric:tabular-nums" title="{esc(f"{by_rank[rank]:+.8f}")}">'
            f"{10_000 * by_rank[rank]:+.2f}</td>"
            if rank in by_rank
            else f'<td style="background:{PAPER};color:{MUTED}">–</td>'
            for rank in ranks
        )
        body.append(
            f'<tr><th style="background:{PAPER};color:{INK};text-align:left;padding:2px 6px;'
            f'white-space:nowrap">'
            f"{esc(key)}</th>"
            f'<td style="background:{PAPER};color:{INK};text-align:right;padding:2px 6px">'
            f"{percent(effects.base.get(key), 4, sign=True)}</td>{cells}</tr>"
        )
    grid = (
        f'<table class="croupier" style="border-collapse:collapse;background:{PAPER};'
        f'color:{INK};font-size:12px">'
        f'<thead><tr><th style="background:{PAPER};color:{INK};text-align:left;padding:2px 6px;'
        f'border-bottom:2px solid {RULE}">Bet</th><th style="background:{PAPER};color:{INK};'
        f'padding:2px 6px;border-bottom:2px solid {RULE}">Expected</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )
    return panel(
        f"Effect of removal: {effects.composition.describe()}, {effects.payouts.name} payouts",
        grid,
        note="change in expected value when one card of the rank leaves the shoe, "
        "in hundredths of a percent (green: better for the bettor)",
    )


# --- a round ------------------------------------------------------------------------------


class CoupLike(Protocol):
    """What :func:`coup_html` reads (a :class:`~croupier.baccarat.Coup`)."""

    @property
    def player_cards(self) -> Sequence[CardLike]: ...
    @property
    def banker_cards(self) -> Sequence[CardLike]: ...
    @property
    def player_total(self) -> int: ...
    @property
    def banker_total(self) -> int: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def natural(self) -> bool: ...


def coup_html(coup: CoupLike) -> str:
    """Both hands as dealt, their totals, and who won."""
    sides = []
    for side, cards, total in (
        (Outcome.PLAYER, coup.player_cards, coup.player_total),
        (Outcome.BANKER, coup.banker_cards, coup.banker_total),
    ):
        won = coup.outcome is side
        sides.append(
            f'<div style="display:inline-block;vertical-align:top;margin-right:14px;'
            f"padding:4px 8px;"
            f"border:2px solid {SIDE_COLOUR[side] if won else RULE};border-radius:8px;"
            f'background:{PAPER}"><div style="font-weight:700;color:{SIDE_COLOUR[side]}">'
            f"{esc(side.value.upper())} <span style='color:{INK}'>{total}</span></div>"
            f"{cards_html(cards, 0.9)}</div>"
        )
    verdict = "Tie" if coup.outcome is Outcome.TIE else f"{coup.outcome.value.capitalize()} wins"
    natural = " (a natural)" if coup.natural else ""
    return panel(f"{verdict} {coup.player_total}-{coup.banker_total}{natural}", "".join(sides))


# --- the scoreboard -----------------------------------------------------------------------


class BeadLike(Protocol):
    @property
    def outcome(self) -> Outcome: ...
    @property
    def player_pair(self) -> bool: ...
    @property
    def banker_pair(self) -> bool: ...


class PlacedBead(Protocol):
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def bead(self) -> BeadLike: ...


class PlacedRoadCell(Protocol):
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def ties(self) -> int: ...
    @property
    def player_pair(self) -> bool: ...
    @property
    def banker_pair(self) -> bool: ...


class PlacedMark(Protocol):
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def colour(self) -> Any: ...


class ScoreboardLike(Protocol):
    """What :func:`scoreboard_html` reads (a :class:`~croupier.baccarat.scoreboard.Scoreboard`)."""

    @property
    def rows(self) -> int: ...
    @property
    def bead_plate(self) -> Sequence[PlacedBead]: ...
    @property
    def big_road(self) -> Sequence[PlacedRoadCell]: ...
    def derived_road(self, road: str) -> Sequence[PlacedMark]: ...
    @property
    def tally(self) -> Any: ...
    def ask_road(self) -> Any: ...


#: The derived roads, by key, with their names (the order a scoreboard shows them).
DERIVED = (
    ("big-eye-boy", "Big Eye Boy"),
    ("small-road", "Small Road"),
    ("cockroach-pig", "Cockroach Pig"),
)


def _board(columns: int, rows: int, cell: float, body: str, label: str) -> str:
    """A board of ``columns`` x ``rows`` cells on the scoreboard's paper, its grid drawn."""
    width, height = columns * cell + 2, rows * cell + 2
    lines = "".join(
        f'<line x1="{1 + c * cell:.1f}" y1="1" x2="{1 + c * cell:.1f}" y2="{height - 1:.1f}"/>'
        for c in range(columns + 1)
    ) + "".join(
        f'<line x1="1" y1="{1 + r * cell:.1f}" x2="{width - 1:.1f}" y2="{1 + r * cell:.1f}"/>'
        for r in range(rows + 1)
    )
    return svg(width, height, f'<g stroke="{RULE}" stroke-width="1">{lines}</g>{body}', label)


def _centre(column: int, row: int, cell: float) -> tuple[float, float]:
    return 1 + (column + 0.5) * cell, 1 + (row + 0.5) * cell


def _dot(x: float, y: float, r: float, colour: str) -> str:
    """A pair's dot: a small disc ringed in white."""
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}" stroke="#fff"/>'


def _pairs(x: float, y: float, r: float, player: bool, banker: bool) -> str:
    dots = ""
    if banker:
        dots += _dot(x - r * 0.75, y - r * 0.75, r * 0.3, BANKER)
    if player:
        dots += _dot(x + r * 0.75, y + r * 0.75, r * 0.3, PLAYER)
    return dots


def _bead_plate(board: ScoreboardLike, cell: float) -> str:
    beads = board.bead_plate
    columns = max(12, max((b.column for b in beads), default=0) + 1)
    r = cell * 0.42
    body = []
    for placed in beads:
        x, y = _centre(placed.column, placed.row, cell)
        bead = placed.bead
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{SIDE_COLOUR[bead.outcome]}"/>'
            f'<text x="{x:.1f}" y="{y + cell * 0.2:.1f}" font-size="{cell * 0.55:.1f}" '
            f'font-weight="800" text-anchor="middle" fill="#fff">{SIDE_LETTER[bead.outcome]}</text>'
            + _pairs(x, y, r, bead.player_pair, bead.banker_pair)
        )
    return _board(columns, board.rows, cell, "".join(body), f"bead plate, {len(beads)} rounds")


def _big_road(board: ScoreboardLike, cell: float) -> str:
    road = board.big_road
    columns = max(24, max((c.column for c in road), default=0) + 1)
    r = cell * 0.36
    body = []
    for c in road:
        x, y = _centre(c.column, c.row, cell)
        colour = SIDE_COLOUR[c.outcome]
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" stroke="{colour}" '
            f'stroke-width="{cell * 0.14:.1f}"/>'
        )
        if c.ties:
            d = cell * 0.42
            body.append(
                f'<line x1="{x - d:.1f}" y1="{y + d:.1f}" x2="{x + d:.1f}" y2="{y - d:.1f}" '
                f'stroke="{TIE}" stroke-width="2"/>'
            )
            if c.ties > 1:
                body.append(
                    f'<text x="{x:.1f}" y="{y + cell * 0.18:.1f}" font-size="{cell * 0.5:.1f}" '
                    f'font-weight="800" text-anchor="middle" fill="{TIE}">{c.ties}</text>'
                )
        body.append(_pairs(x, y, r, c.player_pair, c.banker_pair))
    return _board(columns, board.rows, cell, "".join(body), f"big road, {len(road)} entries")


def _derived(board: ScoreboardLike, key: str, name: str, cell: float) -> str:
    marks = board.derived_road(key)
    columns = max(16, max((m.column for m in marks), default=0) + 1)
    r = cell * 0.34
    body = []
    for m in marks:
        x, y = _centre(m.column, m.row, cell)
        colour = BANKER if str(m.colour) == "red" else PLAYER
        if key == "big-eye-boy":
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" '
                f'stroke="{colour}" stroke-width="2"/>'
            )
        elif key == "small-road":
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"/>')
        else:
            body.append(
                f'<line x1="{x - r:.1f}" y1="{y + r:.1f}" x2="{x + r:.1f}" y2="{y - r:.1f}" '
                f'stroke="{colour}" stroke-width="2.5"/>'
            )
    return _board(columns, board.rows, cell, "".join(body), f"{name}, {len(marks)} marks")


def _heading(text: str) -> str:
    return f'<div style="font-weight:700;font-size:12px;margin:6px 0 2px">{esc(text)}</div>'


def _ask(asked: Mapping[str, Any]) -> str:
    marks = []
    for key, name in DERIVED:
        colour = asked.get(key)
        marks.append(f"{name} {'–' if colour is None else esc(str(colour))}")
    return ", ".join(marks)


def scoreboard_html(board: ScoreboardLike) -> str:
    """The scoreboard as the web app draws it: bead plate, big road, the three derived
    roads, the tally and the ask road."""
    tally = board.tally
    ask = board.ask_road()
    parts = [
        _heading("Bead plate"),
        _bead_plate(board, 20),
        _heading("Big road"),
        _big_road(board, 16),
        '<div style="display:flex;flex-wrap:wrap;gap:0 14px">',
        *(f"<div>{_heading(name)}{_derived(board, key, name, 10)}</div>" for key, name in DERIVED),
        "</div>",
        f'<div style="margin-top:6px">Ask road: a banker win adds {_ask(ask.banker)} '
        f"(big road column {ask.banker_at[0] + 1}, row {ask.banker_at[1] + 1}); "
        f"a player win adds {_ask(ask.player)} "
        f"(column {ask.player_at[0] + 1}, row {ask.player_at[1] + 1}).</div>",
    ]
    wins = ", ".join(
        f"{outcome.value} {count}" + (f" ({tally.share(outcome):.1%})" if tally.rounds else "")
        for outcome, count in (
            (Outcome.BANKER, tally.banker),
            (Outcome.PLAYER, tally.player),
            (Outcome.TIE, tally.tie),
        )
    )
    now = f", now {tally.streak_side.value} {tally.streak}" if tally.streak_side else ""
    note = (
        f"{tally.rounds} rounds: {wins}; "
        f"player pairs {tally.player_pairs}, banker pairs {tally.banker_pairs}, "
        f"naturals {tally.naturals}; longest streak banker {tally.longest_banker}, "
        f"player {tally.longest_player}{now}"
    )
    return panel("Scoreboard", *parts, note=note)


# --- simulation and studies ---------------------------------------------------------------


class SimulationLike(Protocol):
    """What :func:`simulation_html` reads (a :class:`~croupier.baccarat.SimulationResult`)."""

    @property
    def decks(self) -> int: ...
    @property
    def shoes(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def rounds(self) -> int: ...
    def frequency(self, outcome: Outcome) -> float: ...
    def interval(self, outcome: Outcome) -> tuple[float, float]: ...
    def bet_results(self) -> Sequence[Any]: ...


def simulation_html(result: SimulationLike) -> str:
    """Each outcome's share of the rounds dealt with its 95% interval (the error bar), and
    each bet's mean result per unit with its interval."""
    outcome_rows = []
    for outcome in Outcome:
        p = result.frequency(outcome)
        low, high = result.interval(outcome)
        outcome_rows.append(
            [
                f'<span style="color:{SIDE_COLOUR[outcome]};font-weight:700">'
                f"{esc(outcome.value.capitalize())}</span>",
                f"{p:.5f}",
                f"{low:.5f} to {high:.5f}",
                bar_cell(p, percent(p), SIDE_COLOUR[outcome], low=low, high=high),
            ]
        )
    bet_rows = [
        [
            f"{esc(b.bet.name)} <span style='color:{MUTED}'>({esc(b.bet.key)})</span>",
            number(b.mean, 5, sign=True),
            f"±{b.half_width:.5f}",
        ]
        for b in result.bet_results()
    ]
    return panel(
        f"Simulation: {result.shoes:,} shoes of {result.decks} decks, {result.rounds:,} rounds",
        table(
            [Column("Outcome"), Column("Share", True), Column("95% interval", True), Column("")],
            outcome_rows,
        ),
        '<div style="height:8px"></div>',
        table([Column("Bet"), Column("Mean per unit", True), Column("95% ±", True)], bet_rows),
        note=f"seed {result.seed} (pass it as rng to deal the same shoes again)",
    )


class AdvantageLike(Protocol):
    """What :func:`advantage_html` reads (an
    :class:`~croupier.baccarat.advantage.AdvantageResult`)."""

    @property
    def spec(self) -> Any: ...
    @property
    def bet(self) -> str: ...
    @property
    def shoes(self) -> int: ...
    @property
    def partial(self) -> bool: ...
    @property
    def threshold(self) -> float | None: ...
    @property
    def units_per_shoe(self) -> float: ...
    @property
    def ci95(self) -> tuple[float, float]: ...
    @property
    def bets_per_shoe(self) -> float: ...
    @property
    def rounds_per_shoe(self) -> float: ...
    @property
    def edge_when_betting(self) -> float | None: ...
    @property
    def win_per_100_rounds(self) -> float: ...
    @property
    def expectation_units_per_shoe(self) -> float | None: ...
    @property
    def expectation_ci95(self) -> tuple[float, float] | None: ...
    @property
    def by_count(self) -> Sequence[Any]: ...


def advantage_html(result: AdvantageLike) -> str:
    """A counting or perfect-play study: its figures, and the chart of the bet's result
    by count (or by exact edge) with the share of rounds at each."""
    low, high = result.ci95
    rows = [
        [
            "Units won per shoe",
            f"{number(result.units_per_shoe, 4, sign=True)} "
            f"<span style='color:{MUTED}'>(95% {number(low, 4, sign=True)} to "
            f"{number(high, 4, sign=True)})</span>",
        ],
        ["Bets per shoe", number(result.bets_per_shoe, 2)],
        ["Rounds per shoe", number(result.rounds_per_shoe, 2)],
        ["Edge when betting", percent(result.edge_when_betting, 3, sign=True)],
        ["Won per 100 rounds", number(result.win_per_100_rounds, 4, sign=True)],
    ]
    if result.threshold is not None:
        rows.insert(0, ["Bet from count", f"{result.threshold:g}"])
    if result.expectation_units_per_shoe is not None:
        interval = result.expectation_ci95
        shown = number(result.expectation_units_per_shoe, 4, sign=True)
        if interval is not None:
            shown += (
                f" <span style='color:{MUTED}'>(95% {number(interval[0], 4, sign=True)} to "
                f"{number(interval[1], 4, sign=True)})</span>"
            )
        rows.append(["Expectation per shoe", shown])
    kind = result.spec.kind
    by = "true count" if getattr(result.spec, "true_count", False) else "count"
    x_label = "exact edge of the bet (whole %)" if kind == "perfect" else by
    points = [
        LinePoint(
            row.count,
            100 * row.edge if row.edge is not None else 100 * row.units_per_round,
            0.0,
            GOOD if (row.edge if row.edge is not None else row.units_per_round) > 0 else BAD,
            f"{x_label} {row.count}: {row.rounds:,} rounds ({100 * row.frequency:.2f}%), "
            f"edge {'–' if row.edge is None else f'{100 * row.edge:+.3f}%'}",
        )
        for row in result.by_count
        if row.frequency >= 1e-4
    ]
    chart = line_chart(
        points,
        title=f"The {result.bet} bet's edge by {x_label}",
        x_label=x_label,
        y_label="edge (%)",
        y_format="{:g}%",
        bars=True,
    )
    share = line_chart(
        [
            LinePoint(row.count, 100 * row.frequency, dot=MUTED)
            for row in result.by_count
            if row.frequency >= 1e-4
        ],
        title="Share of rounds",
        x_label=x_label,
        y_label="rounds (%)",
        y_format="{:g}%",
        height=140,
        bars=True,
    )
    partial = ", stopped early" if result.partial else ""
    return panel(
        f"{kind.capitalize()} study of {result.bet}: {result.shoes:,} shoes{partial}",
        table([Column("Figure"), Column("Value", True)], rows),
        f'<div style="margin-top:8px">{chart}</div><div>{share}</div>',
        note=f"seed {result.spec.seed}; counts seen in under 0.01% of rounds are left off "
        "the charts",
    )
