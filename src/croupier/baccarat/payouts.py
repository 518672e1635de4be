"""Payout tables as data, shared by the betting table and the odds calculator.

A :class:`Bet` is a list of rules, each a condition on the finished round and the net
amount won per unit staked when it is the first rule that holds; when no rule holds the
stake is lost. A :class:`PayoutTable` names a set of bets; its ``banker``, ``player`` and
``tie`` bets are the ones offered at the table by ``croupier baccarat play``.

>>> from croupier.baccarat.round import deal_coup
>>> from croupier.cards import parse_cards
>>> coup = deal_coup(parse_cards("2h 3d 9s Kc"))          # banker natural 9
>>> [str(PAYOUT_TABLES["casino"].bet(k).settle(coup)) for k in ("banker", "player", "tie")]
['19/20', '-1', '-1']
>>> str(LAB.bet("tie").settle(deal_coup(parse_cards("3h 3d Ac 2d 3s"))))
'5'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final, Protocol

from croupier.arguments import checked
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.rules import Outcome
from croupier.numerals import plural

__all__ = [
    "CASINO",
    "EZ",
    "LAB",
    "PAYOUT_TABLES",
    "Bet",
    "Condition",
    "NaturalTie",
    "NaturalWin",
    "Pair",
    "PayoutTable",
    "RoundFacts",
    "Rule",
    "Wins",
    "WinsBy",
    "WinsOn",
    "WinsWith",
    "find_bet",
    "payout_table",
]


class RoundFacts(Protocol):
    """What a bet may look at in a finished round (a :class:`~.round.Coup` has it all)."""

    @property
    def outcome(self) -> Outcome: ...
    @property
    def player_total(self) -> int: ...
    @property
    def banker_total(self) -> int: ...
    @property
    def player_card_count(self) -> int: ...
    @property
    def banker_card_count(self) -> int: ...
    @property
    def natural(self) -> bool: ...
    @property
    def player_pair(self) -> bool: ...
    @property
    def banker_pair(self) -> bool: ...


class Condition(Protocol):
    """A yes/no question about a finished round."""

    def __call__(self, facts: RoundFacts) -> bool: ...


@dataclass(frozen=True, slots=True)
class Wins:
    """``side`` wins (``Outcome.TIE``: the round is a tie)."""

    side: Outcome

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.outcome is self.side


def _hand(facts: RoundFacts, side: Outcome) -> tuple[int, int]:
    if side is Outcome.PLAYER:
        return facts.player_card_count, facts.player_total
    return facts.banker_card_count, facts.banker_total


@dataclass(frozen=True, slots=True)
class WinsWith:
    """``side`` wins holding ``cards`` cards that total ``total`` (e.g. a banker three-card 7)."""

    side: Outcome
    cards: int
    total: int

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.outcome is self.side and _hand(facts, self.side) == (self.cards, self.total)


@dataclass(frozen=True, slots=True)
class WinsOn:
    """``side`` wins with a total of ``total``, however many cards it holds (a banker win
    on 6 at a no-commission table)."""

    side: Outcome
    total: int

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.outcome is self.side and _hand(facts, self.side)[1] == self.total


@dataclass(frozen=True, slots=True)
class NaturalWin:
    """``side`` wins and the round ended on a natural."""

    side: Outcome

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.natural and facts.outcome is self.side


@dataclass(frozen=True, slots=True)
class NaturalTie:
    """The round ended on a natural and is a tie."""

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.natural and facts.outcome is Outcome.TIE


@dataclass(frozen=True, slots=True)
class WinsBy:
    """``side`` wins a round without a natural by exactly ``margin`` points."""

    side: Outcome
    margin: int

    def __call__(self, facts: RoundFacts) -> bool:
        return (
            not facts.natural
            and facts.outcome is self.side
            and abs(facts.player_total - facts.banker_total) == self.margin
        )


@dataclass(frozen=True, slots=True)
class Pair:
    """``side``'s first two cards share a rank."""

    side: Outcome

    def __call__(self, facts: RoundFacts) -> bool:
        return facts.player_pair if self.side is Outcome.PLAYER else facts.banker_pair


@dataclass(frozen=True, slots=True)
class Rule:
    """When ``condition`` holds (and no earlier rule did), the bet wins ``net`` per unit.

    ``net`` is 0 for a push and negative for a loss.
    """

    condition: Condition
    net: Fraction


@dataclass(frozen=True, slots=True)
class Bet:
    """A bet: its key, its name, and its rules in order (unmatched rounds lose the stake)."""

    key: str
    name: str
    rules: tuple[Rule, ...]

    def __repr__(self) -> str:
        """Short: the rules are data, read them in ``bet.rules``.

        >>> CASINO.bet("banker")
        <Bet banker: Banker, 2 rules>
        """
        return f"<Bet {self.key}: {self.name}, {plural(len(self.rules), 'rule')}>"

    def settle(self, facts: RoundFacts) -> Fraction:
        """Net amount won per unit staked on this round: +1, 19/20, 0 (push), -1, ..."""
        for rule in self.rules:
            if rule.condition(facts):
                return rule.net
        return Fraction(-1)


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """A named set of bets; ``banker``, ``player`` and ``tie`` are offered at the table."""

    name: str
    description: str
    bets: tuple[Bet, ...]

    def __repr__(self) -> str:
        """Short: the table's name and its bets' keys (``bets`` holds them).

        >>> LAB
        <PayoutTable lab: banker, player, tie>
        """
        return f"<PayoutTable {self.name}: {', '.join(bet.key for bet in self.bets)}>"

    @checked
    def bet(self, key: str) -> Bet:
        """The bet called ``key``."""
        for bet in self.bets:
            if bet.key == key:
                return bet
        keys = ", ".join(b.key for b in self.bets)
        raise BaccaratError(f"no bet {key!r} in the {self.name} payouts: expected one of {keys}")


def _rules(*pairs: tuple[Condition, Fraction | int]) -> tuple[Rule, ...]:
    return tuple(Rule(condition, Fraction(net)) for condition, net in pairs)


PLAYER, BANKER, TIE = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE

#: The COMP 104 lab: a correct banker or player bet wins 1:1, a correct tie bet 5:1, and
#: every wrong bet loses, a banker or player bet on a tie included.
LAB: Final = PayoutTable(
    "lab",
    "banker and player pay 1:1, tie 5:1; a tie loses banker and player bets",
    (
        Bet("banker", "Banker", _rules((Wins(BANKER), 1))),
        Bet("player", "Player", _rules((Wins(PLAYER), 1))),
        Bet("tie", "Tie", _rules((Wins(TIE), 5))),
    ),
)

_BANKER_5 = Bet("banker", "Banker", _rules((Wins(BANKER), Fraction(19, 20)), (Wins(TIE), 0)))
_PLAYER = Bet("player", "Player", _rules((Wins(PLAYER), 1), (Wins(TIE), 0)))
_TIE_8 = Bet("tie", "Tie 8:1", _rules((Wins(TIE), 8)))
_PAIRS = (
    Bet("player-pair", "Player Pair 11:1", _rules((Pair(PLAYER), 11))),
    Bet("banker-pair", "Banker Pair 11:1", _rules((Pair(BANKER), 11))),
)


def _dragon_bonus(side: Outcome) -> Bet:
    """The Dragon Bonus side bet on ``side``: natural win 1:1, natural tie push, and a
    win without a natural by 9, 8, 7, 6, 5 or 4 points pays 30, 10, 6, 4, 2 or 1 to 1."""
    margins = ((9, 30), (8, 10), (7, 6), (6, 4), (5, 2), (4, 1))
    return Bet(
        f"dragon-bonus-{side.value}",
        f"Dragon Bonus {side.value.capitalize()}",
        _rules(
            (NaturalWin(side), 1),
            (NaturalTie(), 0),
            *((WinsBy(side, margin), pays) for margin, pays in margins),
        ),
    )


#: Real punto banco: player 1:1, banker 1:1 less 5% commission, tie 8:1; banker and
#: player bets push on a tie. Also priced: a 4% commission banker bet, the no-commission
#: banker bet that pays 1:2 on a winning 6 (Super 6), a 9:1 tie, the pair bets and the
#: Dragon Bonus.
CASINO: Final = PayoutTable(
    "casino",
    "punto banco: player 1:1, banker 0.95:1 (5% commission), tie 8:1; ties push banker/player",
    (
        _BANKER_5,
        _PLAYER,
        _TIE_8,
        Bet(
            "banker-4",
            "Banker (4% commission)",
            _rules((Wins(BANKER), Fraction(24, 25)), (Wins(TIE), 0)),
        ),
        Bet(
            "banker-super6",
            "Banker (no commission, 6 pays 1:2)",
            _rules((WinsOn(BANKER, 6), Fraction(1, 2)), (Wins(BANKER), 1), (Wins(TIE), 0)),
        ),
        Bet("tie-9", "Tie 9:1", _rules((Wins(TIE), 9))),
        *_PAIRS,
        _dragon_bonus(PLAYER),
        _dragon_bonus(BANKER),
    ),
)

#: EZ Baccarat: no commission, but a banker win with a three-card 7 pushes the banker bet;
#: the Dragon 7 (that very hand) pays 40:1 and the Panda 8 (a player win with a three-card
#: 8) pays 25:1.
EZ: Final = PayoutTable(
    "ez",
    "EZ Baccarat: banker 1:1 but pushes on a banker three-card 7, player 1:1, tie 8:1",
    (
        Bet(
            "banker",
            "Banker (EZ)",
            _rules((WinsWith(BANKER, 3, 7), 0), (Wins(BANKER), 1), (Wins(TIE), 0)),
        ),
        _PLAYER,
        _TIE_8,
        Bet("dragon-7", "Dragon 7 40:1", _rules((WinsWith(BANKER, 3, 7), 40))),
        Bet("panda-8", "Panda 8 25:1", _rules((WinsWith(PLAYER, 3, 8), 25))),
        *_PAIRS,
    ),
)

#: Every payout table by name.
PAYOUT_TABLES: Final[Mapping[str, PayoutTable]] = MappingProxyType(
    {table.name: table for table in (LAB, CASINO, EZ)}
)


@checked
def payout_table(name: str) -> PayoutTable:
    """The payout table called ``name`` (``lab``, ``casino``, ...)."""
    try:
        return PAYOUT_TABLES[name.strip().lower()]
    except KeyError:
        names = ", ".join(PAYOUT_TABLES)
        raise BaccaratError(f"unknown payout table {name!r}: expected one of {names}") from None


@checked
def find_bet(key: str, table: PayoutTable | None = None) -> tuple[PayoutTable, Bet]:
    """The bet called ``key`` (as in ``croupier baccarat odds --json``) and its table:
    from ``table`` when given, else from the first table offering it (casino, then ez).

    >>> table, bet = find_bet("dragon-7")
    >>> table.name, bet.name
    ('ez', 'Dragon 7 40:1')
    >>> find_bet("banker")[1].name
    'Banker'
    """
    wanted = key.strip().lower()
    if table is not None:
        return table, table.bet(wanted)
    for candidate in (CASINO, EZ, LAB):
        for bet in candidate.bets:
            if bet.key == wanted:
                return candidate, bet
    keys = sorted({bet.key for t in PAYOUT_TABLES.values() for bet in t.bets})
    raise BaccaratError(f"no bet {key!r}: expected one of {', '.join(keys)}")
