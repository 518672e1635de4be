"""The expert's depth search run by the compiled kernel (:mod:`croupier.casino._kernels`).

:class:`~.search.DepthSearch` hands its root moves here when the kernel is compiled (see
:mod:`croupier.engine`): :func:`encode` turns the position into the kernel's row of ints
and each move into four, :func:`kernel_roots` runs the search and counts its positions
and its looks at the deadline on the :class:`~.search.DepthSearch` and the deadline as
the reference would have (so a work budget stops at the same place), and raises the same
errors. A position the kernel cannot hold (see :data:`~croupier.casino._kernels.
MAX_LOOSE`), or a search it gives up, returns ``None`` before anything is counted: the
reference then searches.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=3)
>>> row, deck = encode(state)
>>> len(row), len(deck), row[:3]
(417, 40, [0, -1, 0])
>>> move = state.legal_moves()[0]
>>> str(move), encode_move(state, move) == (1, move.card.index, 0b10, -1)
('capture DJ HJ', True)
"""

from __future__ import annotations

import threading
from types import ModuleType
from typing import Any, Final

import numpy as np

from croupier.casino.moves import Action, Move
from croupier.casino.state import State
from croupier.casino.strategies.base import Deadline, WorkBudget
from croupier.casino.strategies.evaluation import Weights
from croupier.casino.strategies.values import CARD_POINTS, CARD_SORT, IS_SPADE, MAJORITIES
from croupier.casino.tournament import WINNING_SCORE
from croupier.casino.values import CARD_VALUE, LOW_VALUE
from croupier.engine import configured_once

__all__ = [
    "ACTIONS",
    "encode",
    "encode_move",
    "engine_for",
    "kernel_exact",
    "kernel_replies",
    "kernel_roots",
    "listed_moves",
]

#: The kernel's number for each action.
ACTIONS: Final = {Action.TRAIL: 0, Action.CAPTURE: 1, Action.BUILD: 2, Action.INCREASE: 3}
_ACTION_OF: Final = {number: action for action, number in ACTIONS.items()}

_WIDTH: Final = 53 + 13 * 28
_HANDS, _PILES, _LOOSE, _BUILDS = 3, 21, 27, 52
_MAX_HAND, _MAX_LOOSE, _MAX_BUILDS, _MAX_BUILD_CARDS = 8, 24, 13, 24

_local = threading.local()


def engine_for(kernels: ModuleType) -> Any:
    """This thread's :class:`~croupier.casino._kernels.Engine` of ``kernels`` (made once
    per thread: its scratch is some megabytes)."""
    engines: dict[str, Any] | None = getattr(_local, "engines", None)
    if engines is None:
        engines = _local.engines = {}
    key = str(getattr(kernels, "__file__", kernels.__name__))
    engine = engines.get(key)
    if engine is None:
        _configure(kernels)
        engine = engines[key] = kernels.Engine()
    return engine


@configured_once
def _configure(kernels: ModuleType) -> None:
    """Give ``kernels`` the rules' tables, once per module and process (see
    :func:`croupier.engine.configured_once`: configuring it again from a new thread freed
    the tables another thread's search was reading, in a server's review)."""
    kernels.configure(
        *(
            np.array(table, dtype=np.int32)
            for table in (CARD_VALUE, LOW_VALUE, CARD_POINTS, IS_SPADE, CARD_SORT)
        )
    )


def encode(state: State) -> tuple[list[int], list[int]] | None:
    """The kernel's row for ``state`` and its deck's card numbers, or ``None`` where the
    kernel's sizes are too small for it (or two builds share a value, which no legal
    play makes)."""
    hands, builds, loose = state.hands, state.builds, state.loose
    if (
        len(hands[0]) > _MAX_HAND
        or len(hands[1]) > _MAX_HAND
        or len(loose) > _MAX_LOOSE
        or len(builds) > _MAX_BUILDS
    ):
        return None
    row = [0] * _WIDTH
    row[0] = int(state.next_player)
    row[1] = -1 if state.last_capturer is None else int(state.last_capturer)
    for player in (0, 1):
        at = _HANDS + 9 * player
        row[at] = len(hands[player])
        for i, card in enumerate(hands[player]):
            row[at + 1 + i] = card.index
        pile = state.piles[player]
        at = _PILES + 3 * player
        row[at] = len(pile)
        row[at + 1] = sum(IS_SPADE[card.index] for card in pile)
        row[at + 2] = sum(CARD_POINTS[card.index] for card in pile)
    row[_LOOSE] = len(loose)
    for i, card in enumerate(loose):
        row[_LOOSE + 1 + i] = card.index
    row[_BUILDS] = len(builds)
    values = set()
    for b, build in enumerate(builds):
        cards = build.cards
        if len(cards) > _MAX_BUILD_CARDS or build.value in values:
            return None
        values.add(build.value)
        at = _BUILDS + 1 + 28 * b
        row[at : at + 4] = [build.value, int(build.owner), len(build.parts), len(cards)]
        for i, card in enumerate(cards):
            row[at + 4 + i] = card.index
    return row, [card.index for card in state.deck]


def encode_move(state: State, move: Move) -> tuple[int, int, int, int] | None:
    """A move legal in ``state`` as the kernel's four ints (action, card, loose cards as
    a mask over the state's loose cards, build's place or -1), or ``None``."""
    mask = 0
    place = {card.index: i for i, card in enumerate(state.loose)}
    for card in move.loose:
        where = place.get(card.index)
        if where is None:
            return None
        mask |= 1 << where
    build = -1
    if move.builds:
        named = {card.index for cards in move.builds for card in cards}
        chosen = [i for i, b in enumerate(state.builds) if b.cards[0].index in named]
        if len(chosen) != 1 or len(move.builds) != 1:
            return None
        build = chosen[0]
    return ACTIONS[move.action], move.card.index, mask, build


def listed_moves(kernels: ModuleType, state: State) -> list[tuple[str, int, tuple[int, ...], int]]:
    """The legal moves of ``state`` as the kernel lists them: action, card, loose cards
    (by card number, in card order) and build's place, for the differential tests and the
    benchmark (empty where the kernel cannot hold the position)."""
    encoded = encode(state)
    if encoded is None:
        return []
    engine = engine_for(kernels)
    engine.set_position(*encoded)
    out = np.zeros(6 * (1 << 14), dtype=np.int64)
    count = engine.list_moves(out)
    if count < 0:
        return []
    moves = []
    for i in range(count):
        action, card, mask, build = (int(x) for x in out[6 * i : 6 * i + 4])
        loose = tuple(sorted(c.index for j, c in enumerate(state.loose) if mask >> j & 1))
        moves.append((_ACTION_OF[action].value, card, loose, build))
    return moves


def kernel_roots(
    kernels: ModuleType,
    search: Any,
    state: State,
    moves: list[Move],
    depth: int,
    *,
    looks: bool,
) -> list[float] | None:
    """:meth:`DepthSearch.roots <.search.DepthSearch.roots>` (``looks``: a look at the
    deadline before each move) or ``root`` in the kernel: the values, or ``None`` if the
    kernel cannot search it (nothing is then counted). The positions searched and the
    looks at a work budget are counted as the reference counts them; the deadline and
    the budget of positions raise the reference's errors."""
    if not _MAJORITIES_KNOWN:
        return None
    encoded = encode(state)
    if encoded is None:
        return None
    roots = [encode_move(state, move) for move in moves]
    if any(root is None for root in roots):
        return None
    engine = engine_for(kernels)
    _set_rules(engine, search.weights)
    engine.set_position(*encoded)
    _set_search(engine, search, state)
    status, values = engine.roots(roots, depth, looks)
    return _counted(kernels, engine, search, status, values)


def kernel_replies(
    kernels: ModuleType, search: Any, state: State, moves: list[Move], depth: int
) -> list[Any] | None:
    """:meth:`DepthSearch.replies <.search.DepthSearch.replies>` in the kernel: what it
    found, read back from the kernel's flat array into the reference's
    :data:`~.search.Replies`, or ``None`` if the kernel cannot search it. Counted and
    stopped as :func:`kernel_roots`."""
    if not _MAJORITIES_KNOWN:
        return None
    encoded = encode(state)
    if encoded is None:
        return None
    roots = [encode_move(state, move) for move in moves]
    if any(root is None for root in roots):
        return None
    engine = engine_for(kernels)
    _set_rules(engine, search.weights)
    engine.set_position(*encoded)
    _set_search(engine, search, state)
    status, flat = engine.replies(roots, depth)
    if _counted(kernels, engine, search, status, ()) is None:
        return None
    return _read_replies(np.asarray(flat).tolist(), len(moves))


def _read_replies(flat: list[float], count: int) -> list[Any]:
    """The kernel's flat array of replies (see ``Engine.replies``) as the reference's
    :data:`~.search.Replies`, one per root move."""
    out: list[Any] = []
    at = 0
    for _ in range(count):
        tag, at = flat[at], at + 1
        if tag == 0:
            out.append(flat[at])
            at += 1
            continue
        replies = []
        size, at = int(flat[at]), at + 1
        for _ in range(size):
            key = (int(flat[at]), int(flat[at + 1]), int(flat[at + 2]), int(flat[at + 3]))
            replies.append((key, int(flat[at + 4])))
            at += 5
        kinds, at = int(flat[at]), at + 1
        answers: list[Any] = []
        for _ in range(kinds):
            tag, at = flat[at], at + 1
            if tag == 0:
                answers.append(flat[at])
                at += 1
                continue
            size, at = int(flat[at]), at + 1
            values = []
            for _ in range(size):
                key = (int(flat[at]), int(flat[at + 1]), int(flat[at + 2]), int(flat[at + 3]))
                values.append((key, flat[at + 4]))
                at += 5
            answers.append(tuple(values))
        out.append((tuple(replies), tuple(answers)))
    return out


def kernel_exact(
    kernels: ModuleType,
    search: Any,
    state: State,
    moves: list[Move] | None,
    *,
    all_exact: bool = True,
) -> list[float] | None:
    """:meth:`ExactSearch.values <.search.ExactSearch.values>` of ``moves`` (or, with
    ``None``, ``value``: the position's own value, as a list of one) in the kernel, with
    the search's table of positions kept in the kernel (:attr:`~.search.ExactSearch.
    kernel_table`); ``None`` where the kernel cannot search it (only the last deal, with
    an empty deck, is searched here). Counted and stopped as :func:`kernel_roots`."""
    if not _MAJORITIES_KNOWN or state.deck:
        return None
    encoded = encode(state)
    if encoded is None:
        return None
    roots = [] if moves is None else [encode_move(state, move) for move in moves]
    if any(root is None for root in roots):
        return None
    engine = engine_for(kernels)
    engine.set_position(*encoded)
    _set_search(engine, search, state)
    status, values = engine.exact(search.kernel_table, roots, all_exact, moves is not None)
    search.kernel_table = engine.exact_table()  # grown, if it filled up
    return _counted(kernels, engine, search, status, values)


def _set_rules(engine: Any, weights: Weights) -> None:
    """Give the kernel the evaluation's weights and the majority items."""
    engine.set_rules(
        (weights.own_build, weights.to_move, weights.in_hand, weights.spread, weights.spade_spread),
        (MAJORITIES[0].points, MAJORITIES[1].points, sum(MAJORITIES[1].counts)),
        weights.deal_start or (),
    )


def _set_search(engine: Any, search: Any, state: State) -> None:
    """Give the kernel the search's player, scores, bonus, budget of positions and
    deadline."""
    limit = -1 if search.limit is None else max(search.limit - search.nodes, 0)
    mode, taken, end, look = _deadline(search.deadline)
    engine.set_search(
        int(search.player), state.scores, WINNING_SCORE, search.bonus, limit, mode, taken, end, look
    )


def _counted(
    kernels: ModuleType, engine: Any, search: Any, status: int, values: Any
) -> list[float] | None:
    """The kernel's ``values`` once its positions and a work budget's steps are counted
    as the reference counts them, or the reference's error where the deadline or the
    budget of positions stopped it; ``None`` (nothing counted) where it could not search."""
    if status == kernels.FALLBACK:
        return None
    nodes, steps = engine.counted
    search.nodes += nodes
    if isinstance(search.deadline, WorkBudget):
        search.deadline.steps.taken += steps
    if status == kernels.DEADLINE:
        raise search.deadline_error()
    if status == kernels.BUDGET:
        raise search.budget_error()
    return list(values)


def _deadline(deadline: Deadline | None) -> tuple[int, float, float, Any]:
    """The kernel's deadline: its mode, a work budget's steps taken and end, and what to
    ask every few steps."""
    if deadline is None:
        return 0, 0.0, 0.0, None
    if isinstance(deadline, WorkBudget):
        steps = deadline.steps
        wall = steps.wall
        if wall is None:
            return 1, float(steps.taken), deadline.end, None

        def cut() -> bool:
            if wall.expired():
                steps.wall_cut = True
                return True
            return False

        return 1, float(steps.taken), deadline.end, cut
    return 2, 0.0, 0.0, deadline.expired


_MAJORITIES_KNOWN: Final = (
    len(MAJORITIES) == 2 and all(MAJORITIES[0].counts) and MAJORITIES[1].counts == IS_SPADE
)
