"""Casino's values drawn for a notebook: a position as the web app's table (the hands,
the builds with their owners, the piles, the last move marked), a game's review as its
chart of points lost with the marks, and an arena's result.

Each function returns HTML (SVG inside); the values' ``_repr_html_`` hooks call them.
Built from the parts of :mod:`croupier.display` (offline, escaped, its own background,
fast). It reads the values through protocols: the position through
:class:`~croupier.casino.picture.Position`, as the plain-text picture does.

>>> from croupier.casino import Move, Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=2)
>>> page = position_html(state)
>>> "Computer" in page and "Human" in page and "40 cards" in page
True
>>> after = state.apply("trail H6")
>>> "Human: trail 6♥" in position_html(after, Move.parse("trail H6"), Player.HUMAN)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from croupier.cards import Card, CardStyle
from croupier.casino.picture import Position
from croupier.casino.pieces import Build, Player
from croupier.display import (
    BAD,
    CARD_HEIGHT,
    CARD_WIDTH,
    FELT,
    FELT_INK,
    GOLD,
    GOOD,
    INK,
    MUTED,
    Column,
    LinePoint,
    bar_cell,
    card_svg,
    esc,
    line_chart,
    number,
    panel,
    percent,
    svg,
    table,
)

__all__ = [
    "arena_html",
    "log_html",
    "move_review_html",
    "position_html",
    "review_html",
    "step_html",
]

#: The owners' colours, as the web app rings their builds.
OWNER_COLOUR = {Player.COMPUTER: "#ffaaa8", Player.HUMAN: "#9cbcff"}
#: The marks' colours on the review's chart (the web app's accuracy graph).
MARK_COLOUR = {"blunder": "#e04040", "inaccuracy": "#e8b830", "best": "#4caf50", "": "#c9c4b4"}


class MoveLike(Protocol):
    """What a drawing reads of a move (a :class:`~croupier.casino.Move`)."""

    @property
    def card(self) -> Card: ...
    @property
    def taken(self) -> tuple[Card, ...]: ...
    @property
    def action(self) -> Any: ...
    def describe(self, style: CardStyle | str = ...) -> str: ...


def _cards_svg(cards: Sequence[Card], marked: Iterable[Card] = (), scale: float = 0.8) -> str:
    """``cards`` side by side, those in ``marked`` ringed in gold."""
    ring = set(marked)
    gap = 5 * scale
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    width = max(1, len(cards)) * (w + gap) + gap
    body = "".join(
        card_svg(card, gap + i * (w + gap), gap, scale, outline=GOLD if card in ring else "")
        for i, card in enumerate(cards)
    )
    if not cards:
        body = (
            f'<text x="{gap}" y="{h / 2 + gap:.1f}" font-size="12" fill="{FELT_INK}">empty</text>'
        )
    name = " ".join(card.pretty for card in cards) or "no cards"
    return svg(width, h + 2 * gap, body, name, background="none")


def _build_html(build: Build, marked: set[Card]) -> str:
    """A build as the web app draws it: its groups side by side in a box ringed in its
    owner's colour, its value and owner under them."""
    colour = OWNER_COLOUR[build.owner]
    kind = f"multiple, {len(build.parts)} groups" if build.is_multiple else "single"
    parts = "".join(
        f'<span style="display:inline-block;background:rgba(255,255,255,.12);border-radius:8px;'
        f'margin:0 2px">{_cards_svg(part, marked, 0.65)}</span>'
        for part in build.parts
    )
    return (
        f'<span style="display:inline-block;vertical-align:middle;text-align:center;'
        f"border:2px solid "
        f'{colour};border-radius:12px;padding:3px 4px;margin:2px 4px;background:rgba(0,0,0,.18)">'
        f'{parts}<br><span style="font-size:12px;font-weight:700;color:{FELT_INK}">'
        f"build of {build.value} · {esc(build.owner.label)} ({kind})</span></span>"
    )


def _seat(position: Position, player: Player, marked: set[Card], captured: Sequence[Card]) -> str:
    hand = position.hands[player]
    pile = position.piles[player]
    top = f"top {pile[-1].pretty}" if pile else "empty"
    fresh = (
        f'<span style="margin-left:8px">just taken {_cards_svg(captured, captured, 0.55)}</span>'
        if captured
        else ""
    )
    return (
        f'<div style="margin:4px 0"><span style="font-weight:700;color:{GOLD}">'
        f"{esc(player.label)}</span> <span>score {position.scores[player]}</span>"
        f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px">'
        f"<span>hand {_cards_svg(hand, marked)}</span>"
        f"<span>pile: {len(pile)} cards, {esc(top)}</span>{fresh}</div></div>"
    )


def position_html(
    position: Position, last_move: MoveLike | None = None, mover: Player | None = None
) -> str:
    """The position as the web app's table on its felt: the computer's seat, the table's
    loose cards and builds (ringed in their owners' colours), the human's seat, then the
    deck, the last capturer and who is next. ``last_move`` (played by ``mover``) is marked:
    its card and what it took ringed in gold, and said in words."""
    marked: set[Card] = set()
    captured: dict[Player, Sequence[Card]] = {}
    words = ""
    if last_move is not None:
        marked = {last_move.card, *last_move.taken}
        who = mover.label if mover is not None else "Last move"
        words = (
            f'<div style="background:rgba(0,0,0,.35);border-left:4px solid {GOLD};'
            f"border-radius:6px;"
            f'padding:3px 8px;margin:4px 0">{esc(who)}: {esc(last_move.describe("pretty"))}</div>'
        )
        if mover is not None and str(last_move.action) == "capture":
            captured[mover] = (last_move.card, *last_move.taken)
    table_items = (
        _cards_svg(position.loose, marked)
        if position.loose
        else ('<span style="opacity:.8">no loose cards</span>')
    )
    builds = "".join(_build_html(build, marked) for build in position.builds)
    zone = (
        f'<div style="border:2px dashed rgba(255,255,255,.35);border-radius:14px;padding:4px 8px;'
        f'margin:6px 0"><div style="font-size:12px;opacity:.85">Table</div>'
        f'<div style="display:flex;flex-wrap:wrap;align-items:center">{table_items}{builds}'
        f"</div></div>"
    )
    last = "nobody yet" if position.last_capturer is None else position.last_capturer.label
    status = (
        "The round is over."
        if position.is_round_over
        else f"Next player: {position.next_player.label}."
    )
    footer = (
        f'<div style="font-size:12px">Deck: {len(position.deck)} cards left · '
        f"Last capturer: {esc(last)} · {esc(status)}</div>"
    )
    return panel(
        f"Casino, round {position.round_number}",
        words,
        _seat(position, Player.COMPUTER, marked, captured.get(Player.COMPUTER, ())),
        zone,
        _seat(position, Player.HUMAN, marked, captured.get(Player.HUMAN, ())),
        footer,
        background=FELT,
        ink=FELT_INK,
    )


class _Logged(Protocol):
    def positions(self) -> Iterable[tuple[Any, Any]]: ...


class GameLogLike(Protocol):
    """What :func:`log_html` reads (a :class:`~croupier.casino.gamelog.GameLog`)."""

    @property
    def rounds(self) -> Sequence[_Logged]: ...
    @property
    def current(self) -> Position | None: ...


def log_html(log: GameLogLike) -> str:
    """Where a logged game stands: the position after the last move, that move marked."""
    current = log.current
    if current is None:
        return panel("Casino game log", "<div>No move logged yet.</div>")
    last = None
    for before, move in log.rounds[-1].positions():
        last = (before, move)
    if last is None:
        return position_html(current)
    return position_html(current, last[1], last[0].next_player)


class StepLike(Protocol):
    """What :func:`step_html` reads (a :class:`~croupier.casino.replay.ReplayStep`)."""

    @property
    def player(self) -> Player: ...
    @property
    def move(self) -> MoveLike: ...
    @property
    def after(self) -> Position: ...
    @property
    def review(self) -> MoveReviewLike | None: ...


def step_html(step: StepLike) -> str:
    """A replay's step: the position after the move, the move marked, and the verdict."""
    verdict = "" if step.review is None else move_review_html(step.review)
    return position_html(step.after, step.move, step.player) + verdict


# --- reviews ------------------------------------------------------------------------------


class MoveReviewLike(Protocol):
    """What a drawing reads of a judged move (a :class:`~croupier.casino.review.MoveReview`)."""

    @property
    def round_number(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def player(self) -> Player: ...
    @property
    def played(self) -> MoveLike: ...
    @property
    def best(self) -> MoveLike: ...
    @property
    def loss(self) -> float: ...
    @property
    def mark(self) -> Any: ...
    @property
    def reason(self) -> str: ...
    @property
    def forced(self) -> bool: ...
    @property
    def is_best(self) -> bool: ...
    @property
    def costs_tournament(self) -> bool: ...
    @property
    def exact(self) -> bool: ...
    @property
    def error(self) -> float: ...


def _lost(move: MoveReviewLike) -> str:
    """The points lost with their standard error (none when exact, ``?`` unknown)."""
    error = move.error
    if error == 0:
        return f"{move.loss:.2f}"
    return f"{move.loss:.2f} ± " + (f"{error:.2f}" if math.isfinite(error) else "?")


def _mark_word(move: MoveReviewLike) -> str:
    if move.mark is not None:
        return str(move.mark)
    return "best" if move.is_best else ""


def move_review_html(move: MoveReviewLike) -> str:
    """One verdict: the move played, the best move, the points lost and the mark."""
    word = _mark_word(move)
    colour = MARK_COLOUR[word]
    forced = " (forced)" if move.forced else ""
    return panel(
        f"Round {move.round_number}, move {move.number}: {move.player.label}{forced}",
        table(
            [Column(""), Column("")],
            [
                ["Played", esc(move.played.describe("pretty"))],
                ["Best", esc(move.best.describe("pretty"))],
                ["Points lost", _lost(move)],
                [
                    "Mark",
                    f'<span style="color:{INK};background:{colour};border-radius:4px;'
                    f'padding:0 4px">{esc(word or "none")}</span>',
                ],
            ],
        ),
        note=move.reason,
    )


class GameReviewLike(Protocol):
    """What :func:`review_html` reads (a :class:`~croupier.casino.review.GameReview`)."""

    @property
    def player(self) -> Player: ...
    @property
    def moves(self) -> Sequence[MoveReviewLike]: ...
    @property
    def accuracy(self) -> float: ...
    @property
    def points_lost(self) -> float: ...
    @property
    def points_lost_per_round(self) -> float: ...
    @property
    def inaccuracies(self) -> int: ...
    @property
    def blunders(self) -> int: ...


def _loss_chart(moves: Sequence[MoveReviewLike]) -> str:
    """Each move's points lost, in order, dots coloured by mark; a dashed line where a
    round starts."""
    points = [
        LinePoint(
            i + 1,
            move.loss,
            0.0,
            MARK_COLOUR[_mark_word(move)],
            f"round {move.round_number} move {move.number}: {move.played.describe('pretty')}, "
            f"lost {move.loss:.2f}" + (f" ({_mark_word(move)})" if _mark_word(move) else ""),
        )
        for i, move in enumerate(moves)
    ]
    return line_chart(
        points, title="Points lost, move by move", x_label="move", y_label="points lost", zero=True
    )


def review_html(review: GameReviewLike) -> str:
    """The review: its summary, the chart of points lost with each move's mark, and the
    moves marked as inaccuracies or blunders with the best move and its reason."""
    moves = review.moves
    summary = table(
        [Column(""), Column("", True)],
        [
            ["Moves judged", str(len(moves))],
            ["Accuracy", percent(review.accuracy, 1)],
            ["Points lost", number(review.points_lost, 2)],
            ["Per round", number(review.points_lost_per_round, 2)],
            ["Inaccuracies", str(review.inaccuracies)],
            ["Blunders", str(review.blunders)],
        ],
    )
    marked = [m for m in moves if m.mark is not None]
    rows = [
        [
            f"{m.round_number}.{m.number}",
            esc(m.played.describe("pretty")),
            esc(m.best.describe("pretty")),
            _lost(m),
            f'<span style="background:{MARK_COLOUR[_mark_word(m)]};color:{INK};border-radius:4px;'
            f'padding:0 4px">{esc(_mark_word(m))}</span>',
            esc(m.reason),
        ]
        for m in marked
    ]
    listing = (
        table(
            [
                Column("Move"),
                Column("Played"),
                Column("Best"),
                Column("Lost", True),
                Column("Mark"),
                Column("Why the best", wrap=True),
            ],
            rows,
        )
        if rows
        else f'<div style="color:{MUTED}">No inaccuracy, no blunder.</div>'
    )
    legend = " ".join(
        f'<span style="background:{colour};color:{INK};border-radius:4px;padding:0 4px">'
        f"{word}</span>"
        for word, colour in MARK_COLOUR.items()
        if word
    )
    return panel(
        f"Review of the {review.player.label}'s moves",
        f'<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">{summary}'
        f"<div>{_loss_chart(moves)}<div style='font-size:12px'>{legend}</div></div></div>",
        '<div style="height:8px"></div>',
        listing,
        note="points lost: the expected round points the move gave up against the best",
    )


# --- the arena ----------------------------------------------------------------------------


class IntervalLike(Protocol):
    @property
    def value(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...


class ArenaLike(Protocol):
    """What :func:`arena_html` reads (an :class:`~croupier.casino.strategies.arena.ArenaResult`)."""

    @property
    def a(self) -> str: ...
    @property
    def b(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def tournaments(self) -> int: ...
    @property
    def a_wins(self) -> int: ...
    @property
    def b_wins(self) -> int: ...
    @property
    def ties(self) -> int: ...
    @property
    def rounds(self) -> int: ...
    def win_share(self, side: str) -> IntervalLike: ...
    def round_points(self, side: str) -> IntervalLike: ...
    def margin(self) -> IntervalLike: ...
    def seconds_per_move(self, side: str) -> float: ...


def arena_html(result: ArenaLike) -> str:
    """Each side's tournaments won with the 95% interval of its share (the error bar),
    its points per round, and the margin."""
    rows = []
    for side, name, wins in (("a", result.a, result.a_wins), ("b", result.b, result.b_wins)):
        share = result.win_share(side)
        points = result.round_points(side)
        rows.append(
            [
                esc(name),
                str(wins),
                bar_cell(
                    share.value,
                    f"{percent(share.value, 1)} ({percent(share.low, 1)} to "
                    f"{percent(share.high, 1)})",
                    GOOD if side == "a" else "#6b8fd6",
                    low=share.low,
                    high=share.high,
                ),
                f"{points.value:.2f} ± {(points.high - points.low) / 2:.2f}",
                f"{1000 * result.seconds_per_move(side):.1f}",
            ]
        )
    margin = result.margin()
    spread = (margin.high - margin.low) / 2
    sign = BAD if margin.high < 0 else GOOD if margin.low > 0 else MUTED
    return panel(
        f"Arena: {result.a} against {result.b}, {result.tournaments} tournaments",
        table(
            [
                Column("Strategy"),
                Column("Won", True),
                Column("Share of tournaments (95%)"),
                Column("Points per round", True),
                Column("ms per move", True),
            ],
            rows,
        ),
        f'<div style="margin-top:6px">Ties: {result.ties}. Round margin of {esc(result.a)}: '
        f'<span style="color:{sign};font-weight:700">{margin.value:+.3f} ± {spread:.3f}</span> '
        f"points per round over {result.rounds} rounds.</div>",
        note=f"seed {result.seed}; intervals at 95% (Wilson's for the shares)",
    )
