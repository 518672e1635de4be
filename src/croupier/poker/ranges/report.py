"""What a range text means in a game: its hands, their count and weights, and for the
two-card games the grid of starting-hand classes (``croupier poker range``).

:func:`describe_range` reads a range the way the game's equity calculator does (hold'em
and short-deck: :class:`~croupier.poker.ranges.Range`; Omaha and five-card Omaha:
:class:`~croupier.poker.ranges.holdings.HoleRange`, hands and the generic syntax
with its weights), takes out the
hands that hold a board or dead card (or, in short-deck, a card below the 6), and
returns a :class:`RangeReport`. A report can be narrowed further
(:meth:`RangeReport.narrowed`: a filter over its hands, recorded as a step), so that a
filter by what the hands make on the board keeps the same report and output.

>>> report = describe_range("QQ+, AKs, JJ@50", board="Ah 7d 2c")
>>> report.count, report.weighted, report.possible
(24, 21.0, 1176)
>>> report.hand_texts()[:3], report.weights[:3].tolist()
(['AsAd', 'AsAc', 'AsKs'], [1.0, 1.0, 1.0])
>>> grid = report.grid()
>>> grid.label(0, 1), float(grid.combos[0, 1]), int(grid.live[0, 1]), grid.label(1, 0)
('AKs', 3.0, 3, 'AKo')
>>> omaha = describe_range("AA:$ds", "omaha", dead="Kc")
>>> omaha.count, omaha.grid() is None
(828, True)
>>> omaha.narrowed(omaha.rows.max(axis=1) >= 48, "holds an ace").steps
('holds an ace',)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import DECK, Card, as_cards, parse_cards
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.games import Game, variant_of
from croupier.poker.ranges.generic_table import holding_numbers
from croupier.poker.ranges.saved import resolve

__all__ = ["RangeGrid", "RangeReport", "describe_range"]

_RANK_CHARS: Final = "23456789TJQKA"
#: Board sizes a report takes: none, the flop, the turn, the river.
BOARD_SIZES: Final = (0, 3, 4, 5)


@dataclass(frozen=True, eq=False)
class RangeGrid:
    """The grid of a two-card game's starting-hand classes, the ace first: pairs on the
    diagonal, suited hands above it (row: the high card), offsuit below (column: the
    high card). ``combos`` holds each cell's weighted combos in the range, ``live`` the
    cell's combos the deck still deals."""

    ranks: tuple[int, ...]
    combos: NDArray[np.float64] = field(repr=False)
    live: NDArray[np.int64] = field(repr=False)

    def label(self, row: int, column: int) -> str:
        """The class of a cell: ``AA``, ``AKs``, ``AKo``."""
        high, low = self.ranks[min(row, column)], self.ranks[max(row, column)]
        text = _RANK_CHARS[high - 2] + _RANK_CHARS[low - 2]
        if row == column:
            return text
        return text + ("s" if row < column else "o")

    def share(self) -> NDArray[np.float64]:
        """Each cell's weighted share of its live combos (0 where none is live)."""
        out: NDArray[np.float64] = np.divide(
            self.combos, self.live, out=np.zeros_like(self.combos), where=self.live > 0
        )
        return out

    def to_dict(self) -> dict[str, Any]:
        """The grid as JSON: ``ranks`` and, row by row, each cell's ``class``,
        ``combos`` (weighted) and ``live``."""
        size = len(self.ranks)
        return {
            "ranks": "".join(_RANK_CHARS[r - 2] for r in self.ranks),
            "cells": [
                [
                    {
                        "class": self.label(i, j),
                        "combos": float(self.combos[i, j]),
                        "live": int(self.live[i, j]),
                    }
                    for j in range(size)
                ]
                for i in range(size)
            ],
        }


@dataclass(frozen=True, eq=False)
class RangeReport:
    """A range text read in ``game``: its hands (``rows`` of card numbers, increasing
    along a row; the strongest-looking first: by highest card, then the next), their
    ``weights`` (1 except where the syntax weighs hands: ``JJ@50``), how many hands the
    deck could deal (``possible``, once the board and dead cards are out), and the
    narrowing ``steps`` applied since it was read."""

    text: str
    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    rows: NDArray[np.int64] = field(repr=False)
    weights: NDArray[np.float64] = field(repr=False)
    possible: int
    steps: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """How many hands the range holds."""
        return len(self.rows)

    @property
    def weighted(self) -> float:
        """The hands counted by their weights."""
        return float(self.weights.sum())

    @property
    def share(self) -> float:
        """The weighted hands as a share of those the deck could deal."""
        return self.weighted / self.possible if self.possible else 0.0

    def hand_texts(self) -> list[str]:
        """Each hand as text, its cards high to low, in the report's order."""
        names = [str(card) for card in DECK]
        return ["".join(names[c] for c in reversed(row)) for row in self.rows.tolist()]

    def grid(self) -> RangeGrid | None:
        """The class grid of a two-card game (None for Omaha)."""
        variant = variant_of(self.game)
        if not variant.two_card:
            return None
        ranks = variant.ranks
        index = {rank: i for i, rank in enumerate(ranks)}
        combos = np.zeros((len(ranks), len(ranks)))
        live = np.zeros((len(ranks), len(ranks)), dtype=np.int64)
        for (low, high), weight in zip(self.rows.tolist(), self.weights.tolist(), strict=True):
            combos[_cell(low, high, index)] += weight
        gone = {c.index for c in self.board + self.dead}
        deck = [c.index for c in variant.deck if c.index not in gone]
        for a, b in ((a, b) for i, a in enumerate(deck) for b in deck[i + 1 :]):
            live[_cell(a, b, index)] += 1
        return RangeGrid(ranks, combos, live)

    @checked
    def narrowed(self, keep: NDArray[np.bool_], step: str) -> RangeReport:
        """The report of the hands whose ``keep`` flag is set (one per row), with
        ``step`` (what the filter kept, in words) added to :attr:`steps`."""
        flags = np.asarray(keep, dtype=bool)
        if flags.shape != (self.count,):
            raise PokerError(f"{len(flags)} flags for {self.count} hands: expected one a hand")
        return replace(
            self, rows=self.rows[flags], weights=self.weights[flags], steps=(*self.steps, step)
        )

    def to_dict(self, *, hands: bool = False) -> dict[str, Any]:
        """The report as JSON (see docs/reference/json.md); ``hands``: with every hand
        and its weight."""
        grid = self.grid()
        data: dict[str, Any] = {
            "range": self.text,
            "game": str(self.game),
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "combos": self.count,
            "weighted": self.weighted,
            "possible": self.possible,
            "share": self.share,
            "steps": list(self.steps),
            "grid": None if grid is None else grid.to_dict(),
        }
        if hands:
            data["hands"] = [
                {"hand": text, "weight": weight}
                for text, weight in zip(self.hand_texts(), self.weights.tolist(), strict=True)
            ]
        return data


def _cell(a: int, b: int, index: dict[int, int]) -> tuple[int, int]:
    """The grid cell of two cards (card numbers)."""
    high, low = (a, b) if a > b else (b, a)
    i, j = index[high // 4 + 2], index[low // 4 + 2]
    if i == j:
        return i, i
    return (i, j) if high % 4 == low % 4 else (j, i)


def _cards(value: str | Iterable[Card] | None, name: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except PokerError as error:
            raise PokerCardError(f"{name}: {error}") from None
        except ValueError as error:
            raise PokerCardError(f"{name}: {error}") from None
    return as_cards(value, name)


def _check_cards(board: tuple[Card, ...], dead: tuple[Card, ...], lowest: int, label: str) -> None:
    if len(board) not in BOARD_SIZES:
        raise PokerError(
            f"board: {len(board)} cards: expected 0, 3, 4 or 5 (preflop, flop, turn, river)"
        )
    seen: dict[Card, str] = {}
    for place, cards in (("the board", board), ("the dead cards", dead)):
        for card in cards:
            if card.rank < lowest:
                raise PokerCardError(
                    f"{place}: card {card} is not in the {label} deck: expected cards from "
                    f"{_RANK_CHARS[lowest - 2]} to ace"
                )
            if card in seen:
                where = place if seen[card] == place else f"{seen[card]} and in {place}"
                raise PokerCardError(f"card {card} is in {where} twice: each card is dealt once")
            seen[card] = place


@checked
def describe_range(
    text: str,
    game: Game | str = Game.HOLDEM,
    *,
    board: str | Iterable[Card] | None = None,
    dead: str | Iterable[Card] | None = None,
) -> RangeReport:
    """Read ``text`` as a range of ``game`` and report what it holds once the ``board``
    and ``dead`` cards are out (see the module's notes). A bad text raises
    :class:`~croupier.poker.ranges.holdem.RangeError` naming the bad token; a bad or repeated
    card a :class:`~croupier.poker.errors.PokerCardError`."""
    variant = variant_of(game)
    board_cards, dead_cards = _cards(board, "board"), _cards(dead, "dead")
    _check_cards(board_cards, dead_cards, variant.lowest_rank, variant.label)
    out = board_cards + dead_cards
    text = resolve(text, variant.game)
    gone = np.zeros(52, dtype=bool)
    gone[[c.index for c in out]] = True
    gone[: 4 * (variant.lowest_rank - 2)] = True  # short-deck: below the 6
    if variant.two_card:
        from croupier.poker.ranges.holdem import Range

        parsed = Range.parse(text, game=variant.game)
        rows = np.array(
            [sorted((a.index, b.index)) for a, b in parsed.combos], dtype=np.int64
        ).reshape(-1, 2)
        weights = parsed.combo_weights.astype(np.float64)
        normalised = str(parsed)
    else:
        from croupier.poker.ranges.holdings import HoleRange

        holding = HoleRange.parse(text, variant.hole_cards)
        rows, weights = holding.hands_and_weights(0)
        normalised = str(holding)
    live = ~gone[rows].any(axis=1) if len(rows) else np.zeros(0, dtype=bool)
    rows, weights = rows[live], weights[live]
    order = np.argsort(-holding_numbers(rows), kind="stable")
    possible = math.comb(int((~gone).sum()), variant.hole_cards)
    return RangeReport(
        normalised,
        variant.game,
        board_cards,
        dead_cards,
        rows[order],
        weights[order],
        possible,
    )
