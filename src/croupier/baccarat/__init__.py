"""Punto banco Baccarat: the round engine, payout tables and the betting table.

>>> from croupier.baccarat import Round, Outcome
>>> game = Round(decks=8, seed=2024)
>>> coup = game.play()
>>> coup.outcome in Outcome and 2 <= len(coup.player_cards) <= 3
True
"""

from __future__ import annotations

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import CASINO, LAB, PAYOUT_TABLES, Bet, PayoutTable, payout_table
from croupier.baccarat.round import Coup, Round, deal_coup
from croupier.baccarat.rules import (
    BANKER_DRAWS,
    PLAYER_DRAWS,
    POINTS,
    TABLEAU,
    Outcome,
    banker_draws,
    hand_total,
    is_natural,
    outcome_of,
    player_draws,
    points,
)
from croupier.baccarat.table import Settlement, SettlementKind, Table, format_money, parse_money

__all__ = [
    "BANKER_DRAWS",
    "CASINO",
    "LAB",
    "PAYOUT_TABLES",
    "PLAYER_DRAWS",
    "POINTS",
    "TABLEAU",
    "BaccaratError",
    "Bet",
    "Coup",
    "Outcome",
    "PayoutTable",
    "Round",
    "Settlement",
    "SettlementKind",
    "Table",
    "banker_draws",
    "deal_coup",
    "format_money",
    "hand_total",
    "is_natural",
    "outcome_of",
    "parse_money",
    "payout_table",
    "player_draws",
    "points",
]
