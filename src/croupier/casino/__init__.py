"""Casino, the two-player capture game of the OPL Casino project: the complete rules engine.

The engine has the shape of the well-known game libraries (python-chess, OpenSpiel): a
:class:`State` is where a user looks. ``state.legal_moves()``, ``state.is_legal(move)``,
``state.check(move)`` (the :class:`IllegalMoveError` naming the :class:`Rule`, or
``None``), ``state.apply(move)`` (a new state), ``state.score()``, and ``state.to_move``
(``None`` once the round is over). Moves are immutable values with a notation that parses
back; text that is not a move raises :class:`InvalidMoveError`. The tournament deals its
rounds (:func:`new_tournament`, :func:`next_round`, :func:`tournament_winner`), and a
:class:`~croupier.casino.session.Session` plays one against a computer strategy. Nothing
here prints or reads input.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(first=Player.HUMAN, rng=7)
>>> state.hand(Player.HUMAN), state.loose
((Card('4h'), Card('Kh'), Card('8h'), Card('Jc')), (Card('8c'), Card('3h'), Card('6s'), Card('3c')))
>>> [str(move) for move in state.legal_moves() if move.card.casino == "CJ"]
['trail CJ', 'capture CJ C3 C8', 'capture CJ H3 C8']
>>> state = state.apply("capture H8 C8")
>>> state.pile(Player.HUMAN), state.to_move, state.last_capturer
((Card('8h'), Card('8c')), <Player.COMPUTER: 1>, <Player.HUMAN: 0>)

The modules, in the order a reader should take them (each imports only those above it):

1. :mod:`~croupier.casino.values`: card values (an ace is 1 or 14) and the arithmetic of sets.
2. :mod:`~croupier.casino.errors`: the exception family and the :class:`Rule` list.
3. :mod:`~croupier.casino.notation`: the written notation of cards, builds and tables.
4. :mod:`~croupier.casino.pieces`: the shared values, :class:`Player`, :class:`Build`,
   :data:`HAND_SIZE`.
5. :mod:`~croupier.casino.levels`: the levels of play, by name.
6. :mod:`~croupier.casino.moves`: :class:`Move` and its notation.
7. :mod:`~croupier.casino.scoring`: the scoring table of a round.
8. :mod:`~croupier.casino.rules`: the legal moves and the rule a move breaks.
9. :mod:`~croupier.casino.observation`: what one player can see.
10. :mod:`~croupier.casino.picture`: a position drawn in plain text (``str(state)``).
11. :mod:`~croupier.casino.display`: a position, a review and an arena drawn for a notebook.
12. :mod:`~croupier.casino.frames`: a review's moves and an arena's tournaments as DataFrames.
13. :mod:`~croupier.casino.state`: :class:`State`, the engine's surface.
14. :mod:`~croupier.casino.inference`: what the opponent's play in a round tells of their
    hand (the clues a search may draw their hidden cards by).
15. :mod:`~croupier.casino.tournament`: decks, rounds and the tournament.
16. :mod:`~croupier.casino.savefile`: the save file.
17. :mod:`~croupier.casino.gamelog`: the log of every move of a game, and the game file.
18. :mod:`~croupier.casino.strategies`: the computer players, and the strategy of each level.
19. :mod:`~croupier.casino.judge`: the one evaluation the hint, the review, the puzzles and
    the computer's reasons read (a fixed amount of work, losses with their errors).
20. :mod:`~croupier.casino.review`: every move of a game judged by the judge.
21. :mod:`~croupier.casino.replay`: a game as a replay, move by move, with the verdicts.
22. :mod:`~croupier.casino.learn`: the marked moves of a review, as exercises.
23. :mod:`~croupier.casino.ratings`: Glicko-2 ratings, for puzzles and their solver.
24. :mod:`~croupier.casino.puzzles`: positions with one clearly best move, and their history.
25. :mod:`~croupier.casino.session`: a tournament at the table.
26. :mod:`~croupier.casino.match`: a tournament between two people at one table.
"""

from __future__ import annotations

from croupier.casino.errors import (
    CasinoCardError,
    CasinoError,
    IllegalMoveError,
    InvalidMoveError,
    Rule,
    SaveFileError,
)
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import HAND_SIZE, Build, Player
from croupier.casino.savefile import format_save, parse_save, read_save, write_save
from croupier.casino.scoring import SCORING, RoundScore
from croupier.casino.state import State, check_state
from croupier.casino.tournament import (
    WINNING_SCORE,
    Coin,
    deal_round,
    is_tournament_over,
    new_tournament,
    next_round,
    read_deck_file,
    shuffled_deck,
    toss_coin,
    toss_winner,
    tournament_winner,
)

__all__ = [
    "HAND_SIZE",
    "SCORING",
    "WINNING_SCORE",
    "Action",
    "Build",
    "CasinoCardError",
    "CasinoError",
    "Coin",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Observation",
    "Player",
    "RoundScore",
    "Rule",
    "SaveFileError",
    "State",
    "check_state",
    "deal_round",
    "format_save",
    "is_tournament_over",
    "new_tournament",
    "next_round",
    "parse_save",
    "read_deck_file",
    "read_save",
    "shuffled_deck",
    "toss_coin",
    "toss_winner",
    "tournament_winner",
    "write_save",
]
