"""Casino, the two-player capture game of seed 003: the complete rules engine.

The engine has the shape of the well-known game libraries: a :class:`State`, its
:func:`legal_moves`, :func:`apply_move` (a new state; illegal moves raise an error naming
the rule), the end of the round and its :func:`score <score_piles>`, and the tournament
(:func:`next_round`, :func:`tournament_winner`). Moves are immutable values with a
notation that parses back. Nothing here prints or reads input.

>>> from croupier.casino import Player, new_tournament, legal_moves
>>> state = new_tournament(first=Player.HUMAN, seed=7)
>>> state.hand(Player.HUMAN), state.loose
((Card('4h'), Card('Kh'), Card('8h'), Card('Jc')), (Card('8c'), Card('3h'), Card('6s'), Card('3c')))
>>> [str(move) for move in legal_moves(state) if move.card.casino == "CJ"]
['trail CJ', 'capture CJ C3 C8', 'capture CJ H3 C8']
>>> state = state.apply("capture H8 C8")
>>> state.pile(Player.HUMAN), state.next_player, state.last_capturer
((Card('8h'), Card('8c')), <Player.COMPUTER: 1>, <Player.HUMAN: 0>)
"""

from __future__ import annotations

from croupier.casino.errors import CasinoError, IllegalMoveError, SaveFileError
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation, observe
from croupier.casino.rules import Rule, apply_move, check_move, is_legal, legal_moves, moves_for
from croupier.casino.savefile import format_save, parse_save, read_save, write_save
from croupier.casino.scoring import (
    SCORING,
    ItemScore,
    RoundScore,
    ScoreKind,
    ScoringItem,
    score_piles,
)
from croupier.casino.state import (
    HAND_SIZE,
    Build,
    Player,
    Problem,
    State,
    check_state,
    state_problems,
)
from croupier.casino.tournament import (
    WINNING_SCORE,
    Coin,
    check_deck,
    deal_round,
    is_tournament_over,
    new_tournament,
    next_round,
    parse_deck,
    read_deck_file,
    shuffled_deck,
    toss_coin,
    toss_winner,
    tournament_winner,
)
from croupier.casino.values import card_value, counts_as, group_values, low_value, values_of

__all__ = [
    "HAND_SIZE",
    "SCORING",
    "WINNING_SCORE",
    "Action",
    "Build",
    "CasinoError",
    "Coin",
    "IllegalMoveError",
    "ItemScore",
    "Move",
    "Observation",
    "Player",
    "Problem",
    "RoundScore",
    "Rule",
    "SaveFileError",
    "ScoreKind",
    "ScoringItem",
    "State",
    "apply_move",
    "card_value",
    "check_deck",
    "check_move",
    "check_state",
    "counts_as",
    "deal_round",
    "format_save",
    "group_values",
    "is_legal",
    "is_tournament_over",
    "legal_moves",
    "low_value",
    "moves_for",
    "new_tournament",
    "next_round",
    "observe",
    "parse_deck",
    "parse_save",
    "read_deck_file",
    "read_save",
    "score_piles",
    "shuffled_deck",
    "state_problems",
    "toss_coin",
    "toss_winner",
    "tournament_winner",
    "values_of",
    "write_save",
]
