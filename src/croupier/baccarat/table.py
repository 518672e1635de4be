"""A betting session at the Baccarat table (seed 002): bankroll, stake, rounds, settling.

Money is kept in whole cents (``int``), so a 5% commission is exact: $100 on the banker
under casino payouts wins exactly $95. When a payout is not a whole number of cents
(e.g. $10.50 x 0.95) the win is rounded down to the cent, as casinos do. No I/O here:
``croupier baccarat play`` drives a :class:`Table` and renders what it returns.

>>> from croupier.baccarat.payouts import CASINO
>>> from croupier.cards import Shoe, parse_cards
>>> table = Table(shoe=Shoe.stacked(parse_cards("2h 3d 9s Kc")), payouts=CASINO)
>>> game, reshuffled = table.next_round()
>>> result = table.settle("banker", game.play())
>>> result.kind, format_money(result.amount), format_money(table.bankroll)
(<SettlementKind.WON: 'won'>, '$95', '$1095')
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import LAB, Bet, PayoutTable, RoundFacts
from croupier.baccarat.round import Round
from croupier.cards import Shoe
from croupier.randomness import RNGLike

__all__ = [
    "BET_CODES",
    "CUT_CARD_FROM_END",
    "Settlement",
    "SettlementKind",
    "Table",
    "format_money",
    "parse_bet",
    "parse_money",
    "table_shoe",
]

#: The table's one-letter bets, as the lab prompts for them.
BET_CODES: Final = {"b": "banker", "p": "player", "t": "tie"}

#: Where the cut card goes in a fresh shoe: this many cards from the back.
CUT_CARD_FROM_END: Final = 16


def parse_money(text: str | int) -> int:
    """An amount of dollars (``"100"``, ``"12.50"``, ``"$1,000"``) as whole cents.

    >>> parse_money("12.5"), parse_money("$1,000"), parse_money(100)
    (1250, 100000, 10000)
    >>> parse_money("ten")
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad amount 'ten': expected dollars, e.g. 100 or 12.50
    """
    raw = str(text).strip().removeprefix("$").replace(",", "")
    try:
        amount = Decimal(raw)
    except InvalidOperation:
        amount = Decimal("NaN")
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(Decimal("0.01")):
        raise BaccaratError(f"bad amount {text!r}: expected dollars, e.g. 100 or 12.50")
    return int(amount * 100)


def format_money(cents: int) -> str:
    """Cents as the lab prints money: ``$1000``, ``$95``, ``$9.97``, ``-$5``.

    >>> format_money(100000), format_money(997), format_money(-500)
    ('$1000', '$9.97', '-$5')
    """
    sign, cents = ("-", -cents) if cents < 0 else ("", cents)
    dollars, rest = divmod(cents, 100)
    return f"{sign}${dollars}" + (f".{rest:02d}" if rest else "")


def parse_bet(text: str) -> str:
    """The bet a player typed: ``b``/``banker``, ``p``/``player``, ``t``/``tie``, any case.

    >>> parse_bet(" B "), parse_bet("tie")
    ('banker', 'tie')
    """
    word = text.strip().lower()
    key = BET_CODES.get(word, word)
    if key not in BET_CODES.values():
        raise BaccaratError(
            f"bad bet {text.strip()!r}: expected 'b' (banker), 'p' (player) or 't' (tie)"
        )
    return key


def table_shoe(decks: int = 8, rng: RNGLike = None) -> Shoe:
    """A freshly shuffled shoe of ``decks`` decks with the cut card near the back.

    ``rng`` is an int seed, a NumPy generator or ``None``.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise BaccaratError(f"bad number of decks {decks!r}: expected 1 or more")
    return Shoe(decks, rng=rng, cut_card=52 * decks - CUT_CARD_FROM_END)


@enum.unique
class SettlementKind(enum.Enum):
    """How a bet ended."""

    WON = "won"
    LOST = "lost"
    PUSHED = "pushed"


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled bet: what happened, by how many cents, and the bankroll after it."""

    bet: Bet
    kind: SettlementKind
    amount: int
    bankroll: int


class Table:
    """A player at the Baccarat table: a bankroll, a fixed stake and a payout table.

    Defaults follow the lab: $1000 bankroll, $100 stake, lab payouts.
    """

    def __init__(
        self,
        *,
        shoe: Shoe,
        bankroll: int = 100_000,
        stake: int = 10_000,
        payouts: PayoutTable = LAB,
    ) -> None:
        if stake <= 0:
            raise BaccaratError(f"bad stake {format_money(stake)}: expected more than $0")
        if bankroll < 0:
            raise BaccaratError(f"bad bankroll {format_money(bankroll)}: expected $0 or more")
        self.shoe = shoe
        #: Money in hand, in cents.
        self.bankroll = bankroll
        #: The amount staked on every bet, in cents.
        self.stake = stake
        self.payouts = payouts
        #: Rounds settled so far.
        self.rounds_played = 0

    @property
    def can_cover_stake(self) -> bool:
        """True while the bankroll can pay for another bet."""
        return self.bankroll >= self.stake

    def next_round(self) -> tuple[Round, bool]:
        """A new round on the table's shoe; reshuffles first if the cut card came out.

        Returns the round and whether the shoe was reshuffled.
        """
        reshuffle = self.shoe.cut_card_reached and not self.shoe.is_stacked
        if reshuffle:
            self.shoe.shuffle()
        return Round(self.shoe), reshuffle

    def settle(self, bet_key: str, facts: RoundFacts) -> Settlement:
        """Settle a stake on ``bet_key`` for a finished round and update the bankroll."""
        if not self.can_cover_stake:
            raise BaccaratError(
                f"the bankroll {format_money(self.bankroll)} cannot cover the "
                f"{format_money(self.stake)} stake"
            )
        bet = self.payouts.bet(bet_key)
        net = bet.settle(facts) * self.stake
        if net > 0:
            kind, amount = SettlementKind.WON, math.floor(net)
        elif net < 0:
            kind, amount = SettlementKind.LOST, math.ceil(-net)
        else:
            kind, amount = SettlementKind.PUSHED, 0
        self.bankroll += amount if kind is SettlementKind.WON else -amount
        self.rounds_played += 1
        return Settlement(bet, kind, amount, self.bankroll)
