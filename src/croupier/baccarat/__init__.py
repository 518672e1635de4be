"""Punto banco Baccarat: the round engine, payout tables, the betting table, exact odds for
any shoe, and simulation over real shoes.

>>> from croupier.baccarat import Round, Outcome
>>> game = Round(decks=8, rng=2024)
>>> coup = game.play()
>>> coup.outcome in Outcome and 2 <= len(coup.player_cards) <= 3
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.baccarat.composition import Composition
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.odds import (
    BetOdds,
    OddsReport,
    OutcomeProbabilities,
    PricedBets,
    RemovalEffects,
    bet_odds,
    effect_of_removal,
    odds_report,
    outcome_probabilities,
    outcome_probabilities_batch,
    pair_probabilities,
)
from croupier.baccarat.payouts import CASINO, EZ, LAB, PAYOUT_TABLES, Bet, PayoutTable, payout_table
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
from croupier.baccarat.simulate import BetResult, SimulationResult, simulate
from croupier.lazyexports import lazy_exports

if TYPE_CHECKING:
    from croupier.baccarat.round import Coup, Round, deal_coup
    from croupier.baccarat.table import (
        Settlement,
        SettlementKind,
        Table,
        format_money,
        parse_money,
    )

# The simulator is imported here: its module and its function share the name
# ``simulate``, and the function must win. The round engine and the betting table,
# imported above under TYPE_CHECKING, are imported on first use (PEP 562): exact odds
# (``baccarat odds``) need neither.
__getattr__, __dir__ = lazy_exports(__name__)

__all__ = [
    "BANKER_DRAWS",
    "CASINO",
    "EZ",
    "LAB",
    "PAYOUT_TABLES",
    "PLAYER_DRAWS",
    "POINTS",
    "TABLEAU",
    "BaccaratError",
    "Bet",
    "BetOdds",
    "BetResult",
    "Composition",
    "Coup",
    "OddsReport",
    "Outcome",
    "OutcomeProbabilities",
    "PayoutTable",
    "PricedBets",
    "RemovalEffects",
    "Round",
    "Settlement",
    "SettlementKind",
    "SimulationResult",
    "Table",
    "banker_draws",
    "bet_odds",
    "deal_coup",
    "effect_of_removal",
    "format_money",
    "hand_total",
    "is_natural",
    "odds_report",
    "outcome_of",
    "outcome_probabilities",
    "outcome_probabilities_batch",
    "pair_probabilities",
    "parse_money",
    "payout_table",
    "player_draws",
    "points",
    "simulate",
]
