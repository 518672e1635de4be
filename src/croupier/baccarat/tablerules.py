"""One table's rules, as the house posts them: the commission, the tie's payout, the side
bets on offer and the limits of a spot.

A casino table has one banker rule and one tie payout: a 5% or 4% commission on banker
wins, or none, either under the EZ rules (a banker three-card 7 pushes the banker bet,
and the Dragon 7 and Panda 8 side bets are offered) or under the Super 6 rule (a banker
win on a total of 6 pays 1:2, every other banker win 1:1); the tie pays 8:1 or 9:1. Every spot, side
bets included, takes from the table minimum to the table maximum. :class:`TableRules`
holds these choices and builds the table's :class:`~croupier.baccarat.payouts.PayoutTable`,
whose ``banker``, ``player`` and ``tie`` bets are the table's own: a player never sees
a dominated bet beside the one it dominates. The lab's rules (the COMP 104 game) are
:data:`LAB_RULES`: its payouts, no side bets, no limit but the bankroll, and the first
card of each side shown before the bet.

>>> rules = table_rules("casino", commission="4", tie_pays=9, side_bets="pp,bp")
>>> [bet.name for bet in rules.payouts.bets]
['Banker (4% commission)', 'Player', 'Tie 9:1', 'Player Pair 11:1', 'Banker Pair 11:1']
>>> rules.name, rules.casino_order
('casino 4%, tie 9:1', True)
>>> rules.check_stakes({"banker": 2_000_000})
Traceback (most recent call last):
...
croupier.baccarat.errors.BaccaratError: the Banker (4% commission) bet of $20,000 is over \
the table maximum of $10,000 a spot
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from croupier import numerals
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import CASINO, EZ, LAB, Bet, PayoutTable
from croupier.choices import unknown_member
from croupier.errors import quoted

__all__ = [
    "DEFAULT_MAX_STAKE",
    "DEFAULT_MIN_STAKE",
    "LAB_RULES",
    "SIDE_BETS",
    "VARIANTS",
    "Commission",
    "TableRules",
    "table_rules",
]

#: The usual limits of a spot, in cents: $1 to $10,000.
DEFAULT_MIN_STAKE: Final = 100
DEFAULT_MAX_STAKE: Final = 1_000_000


@enum.unique
class Commission(enum.StrEnum):
    """What the house takes on a banker win: 5%, 4%, or nothing, under the EZ rules or
    the Super 6 rule (half the win on a banker 6)."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, BaccaratError)

    FIVE = "5"
    FOUR = "4"
    NONE = "none"
    SUPER6 = "super6"

    @property
    def label(self) -> str:
        """How the table's sign says it: ``5%``, ``4%``, ``none (EZ)``, ``none (Super 6)``."""
        if self is Commission.NONE:
            return "none (EZ)"
        if self is Commission.SUPER6:
            return "none (Super 6)"
        return f"{self.value}%"

    @classmethod
    def parse(cls, text: str) -> Commission:
        """``5``, ``5%``, ``4``, ``4%``, ``none``, ``ez`` or ``0`` (the EZ table), ``super6``
        or ``six`` (the Super 6 table), any case.

        >>> Commission.parse("4%"), Commission.parse("EZ"), Commission.parse("Super 6")
        (<Commission.FOUR: '4'>, <Commission.NONE: 'none'>, <Commission.SUPER6: 'super6'>)
        """
        word = str(text).strip().lower().removesuffix("%")
        word = "".join(word.replace("-", " ").split())
        word = {"ez": "none", "0": "none", "no": "none", "six": "super6"}.get(word, word)
        try:
            return cls(word)
        except ValueError:
            raise BaccaratError(
                f"bad commission {text!r}: expected 5 (5%), 4 (4%), none (EZ rules) or super6 "
                "(no commission, a banker win on 6 pays 1:2)"
            ) from None


#: Side bets by the code typed at the terminal: (bet key, the commissions offering it).
SIDE_BETS: Final[Mapping[str, tuple[str, frozenset[Commission]]]] = {
    "pp": ("player-pair", frozenset(Commission)),
    "bp": ("banker-pair", frozenset(Commission)),
    "dbp": ("dragon-bonus-player", frozenset(Commission) - {Commission.NONE}),
    "dbb": ("dragon-bonus-banker", frozenset(Commission) - {Commission.NONE}),
    "d7": ("dragon-7", frozenset({Commission.NONE})),
    "p8": ("panda-8", frozenset({Commission.NONE})),
}
_SIDE_BET_SOURCE: Final = {
    "player-pair": CASINO,
    "banker-pair": CASINO,
    "dragon-bonus-player": CASINO,
    "dragon-bonus-banker": CASINO,
    "dragon-7": EZ,
    "panda-8": EZ,
}
_BANKER: Final = {
    Commission.FIVE: CASINO.bet("banker"),
    Commission.FOUR: dataclasses.replace(CASINO.bet("banker-4"), key="banker"),
    Commission.NONE: EZ.bet("banker"),
    Commission.SUPER6: dataclasses.replace(CASINO.bet("banker-super6"), key="banker"),
}
_TIE: Final = {8: CASINO.bet("tie"), 9: dataclasses.replace(CASINO.bet("tie-9"), key="tie")}
_CODE_OF: Final = {key: code for code, (key, _) in SIDE_BETS.items()}
_BANKER_VARIANT: Final = {
    Commission.FIVE: "banker",
    Commission.FOUR: "banker-4",
    Commission.NONE: "banker-ez",
    Commission.SUPER6: "banker-super6",
}
_TIE_VARIANT: Final = {8: "tie", 9: "tie-9"}

#: Every bet any table may offer, each under its own key (``banker``, ``banker-4``,
#: ``banker-ez``, ``banker-super6``, ``tie``, ``tie-9``, the side bets): what the maths
#: panel compares.
VARIANTS: Final = PayoutTable(
    "variants",
    "every banker rule, both tie payouts and every side bet",
    (
        _BANKER[Commission.FIVE],
        dataclasses.replace(_BANKER[Commission.FOUR], key="banker-4"),
        dataclasses.replace(_BANKER[Commission.NONE], key="banker-ez"),
        dataclasses.replace(_BANKER[Commission.SUPER6], key="banker-super6"),
        CASINO.bet("player"),
        _TIE[8],
        dataclasses.replace(_TIE[9], key="tie-9"),
        *(_SIDE_BET_SOURCE[key].bet(key) for key, _ in SIDE_BETS.values()),
    ),
)


def side_bets_offered(commission: Commission) -> tuple[str, ...]:
    """The keys of the side bets a table with ``commission`` may offer.

    >>> side_bets_offered(Commission.NONE)
    ('player-pair', 'banker-pair', 'dragon-7', 'panda-8')
    """
    return tuple(key for key, offered in SIDE_BETS.values() if commission in offered)


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules posted at one table (money in cents). See :func:`table_rules` to build
    them from what a player types."""

    commission: Commission = Commission.FIVE
    #: What a winning tie bet pays to one: 8 or 9.
    tie_pays: int = 8
    #: The keys of the side bets on offer, in :data:`SIDE_BETS` order.
    side_bets: tuple[str, ...] = ()
    #: The smallest and largest stake on any one spot.
    min_stake: int = DEFAULT_MIN_STAKE
    max_stake: int = DEFAULT_MAX_STAKE
    #: The COMP 104 lab's game: its payouts, first cards shown before the bet.
    lab: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.commission, Commission):
            raise TypeError(f"commission must be a Commission, not {type(self.commission)}")
        for name in ("tie_pays", "min_stake", "max_stake"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if self.tie_pays not in _TIE and not self.lab:
            raise BaccaratError(f"bad tie payout {self.tie_pays}:1: expected 8 or 9")
        if self.lab and self.side_bets:
            raise BaccaratError("the lab's table has no side bets")
        offered = side_bets_offered(self.commission)
        for key in self.side_bets:
            if key not in offered:
                raise BaccaratError(
                    f"no {key} side bet at a table with {self.commission.label} commission: "
                    f"expected some of {', '.join(offered)}"
                )
        object.__setattr__(
            self, "side_bets", tuple(key for key in offered if key in set(self.side_bets))
        )
        if not 1 <= self.min_stake <= self.max_stake <= numerals.MAX_BANKROLL_CENTS:
            raise BaccaratError(
                f"bad table limits {numerals.format_money(self.min_stake)} to "
                f"{numerals.format_money(self.max_stake)}: expected a minimum of at least "
                "$0.01 and no more than the maximum"
            )

    def describe(self) -> str:
        """The commission and tie in words: ``5% commission, tie 8:1``."""
        if self.lab:
            return "lab"
        if self.commission is Commission.NONE:
            banker = "no commission (EZ)"
        elif self.commission is Commission.SUPER6:
            banker = "no commission, a banker 6 pays 1:2"
        else:
            banker = f"{self.commission.label} commission"
        return f"{banker}, tie {self.tie_pays}:1"

    @property
    def name(self) -> str:
        """A short name: ``lab``, ``casino``, ``ez``, ``super 6``, ``casino 4%``, ``ez, tie
        9:1``..."""
        if self.lab:
            return "lab"
        if self.commission is Commission.NONE:
            name = "ez"
        elif self.commission is Commission.SUPER6:
            name = "super 6"
        elif self.commission is Commission.FIVE:
            name = "casino"
        else:
            name = f"casino {self.commission.label}"
        return name if self.tie_pays == 8 else f"{name}, tie {self.tie_pays}:1"

    @property
    def casino_order(self) -> bool:
        """True at a casino table: every bet goes down before any card is seen (the lab
        shows each side's first card first)."""
        return not self.lab

    @property
    def payouts(self) -> PayoutTable:
        """This table's bets: banker, player and tie by this table's rules, then the side
        bets on offer (made once for each set of rules: every round's bets are checked
        against them)."""
        return _payouts_of(self)

    def _payouts(self) -> PayoutTable:
        if self.lab:
            return LAB
        bets: list[Bet] = [_BANKER[self.commission], CASINO.bet("player"), _TIE[self.tie_pays]]
        bets += [_SIDE_BET_SOURCE[key].bet(key) for key in self.side_bets]
        if self.commission is Commission.NONE:
            description = "EZ Baccarat: banker 1:1 but pushes on a banker three-card 7"
        elif self.commission is Commission.SUPER6:
            description = "Super 6: banker 1:1 but 1:2 on a banker win with 6, no commission"
        else:
            net = "0.95" if self.commission is Commission.FIVE else "0.96"
            description = f"punto banco: banker {net}:1 ({self.commission.label} commission)"
        description += f", player 1:1, tie {self.tie_pays}:1; ties push banker/player"
        return PayoutTable(self.name, description, tuple(bets))

    @property
    def variant_keys(self) -> tuple[str, ...]:
        """The keys in :data:`VARIANTS` of this table's bets, in the table's order.

        >>> table_rules("casino", commission="4", tie_pays=9, side_bets="pp").variant_keys
        ('banker-4', 'player', 'tie-9', 'player-pair')
        """
        if self.lab:
            return ()
        main = (_BANKER_VARIANT[self.commission], "player", _TIE_VARIANT[self.tie_pays])
        return (*main, *self.side_bets)

    @property
    def side_bet_codes(self) -> dict[str, str]:
        """The codes typed at the terminal for this table's side bets: code -> bet key."""
        return {_CODE_OF[key]: key for key in self.side_bets}

    def check_stakes(self, stakes: Mapping[str, int]) -> None:
        """Refuse a stake under the table minimum or over the table maximum on any spot
        (the bankroll is the table's to check)."""
        if self.lab:
            return
        payouts = self.payouts
        for key, amount in stakes.items():
            bet = payouts.bet(key)
            if amount > self.max_stake:
                raise BaccaratError(
                    f"the {bet.name} bet of {numerals.format_money(amount)} is over the table "
                    f"maximum of {numerals.format_money(self.max_stake)} a spot"
                )
            if amount < self.min_stake:
                raise BaccaratError(
                    f"the {bet.name} bet of {numerals.format_money(amount)} is under the "
                    f"table minimum of {numerals.format_money(self.min_stake)} a spot"
                )

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-ready data (see :meth:`from_dict`).

        >>> rules = table_rules("ez", side_bets="d7")
        >>> TableRules.from_dict(rules.to_dict()) == rules
        True
        """
        return {
            "lab": self.lab,
            "commission": self.commission.value,
            "tie_pays": self.tie_pays,
            "side_bets": list(self.side_bets),
            "min_stake": self.min_stake,
            "max_stake": self.max_stake,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableRules:
        """The rules saved by :meth:`to_dict`; bad data raises a croupier error."""
        try:
            return cls(
                commission=Commission(data["commission"]),
                tie_pays=data["tie_pays"],
                side_bets=tuple(str(key) for key in data["side_bets"]),
                min_stake=data["min_stake"],
                max_stake=data["max_stake"],
                lab=bool(data["lab"]),
            )
        except (KeyError, TypeError, ValueError) as exc:  # a bad value named, as saved
            raise BaccaratError(f"bad saved table rules: {exc}") from None


#: The lab's table: its payouts, no side bets, no limit but the bankroll.
LAB_RULES: Final = TableRules(min_stake=1, max_stake=numerals.MAX_BANKROLL_CENTS, lab=True)

#: The tables a ``--payouts`` name starts from.
PRESETS: Final = {
    "lab": LAB_RULES,
    "casino": TableRules(side_bets=side_bets_offered(Commission.FIVE)),
    "ez": TableRules(Commission.NONE, side_bets=side_bets_offered(Commission.NONE)),
}


def parse_side_bets(text: str, commission: Commission) -> tuple[str, ...]:
    """Side bets as typed: codes or keys separated by commas (``pp,bp``), ``all`` or
    ``none``. Blank text is refused: no side bets are written ``none``.

    >>> parse_side_bets("pp, d7", Commission.NONE)
    ('player-pair', 'dragon-7')
    >>> parse_side_bets("all", Commission.FIVE)
    ('player-pair', 'banker-pair', 'dragon-bonus-player', 'dragon-bonus-banker')
    >>> parse_side_bets("", Commission.FIVE)
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad side bets '': expected codes separated by \
commas (pp, bp, dbp, dbb), all or none
    """
    word = text.strip().lower()
    offered = side_bets_offered(commission)
    if word == "all":
        return offered
    if word == "none":
        return ()
    if not word:
        codes = ", ".join(_CODE_OF[k] for k in offered)
        raise BaccaratError(
            f"bad side bets {quoted(text)}: expected codes separated by commas ({codes}), "
            "all or none"
        )
    keys = []
    for token in word.replace(" ", "").split(","):
        key = SIDE_BETS[token][0] if token in SIDE_BETS else token
        if key not in offered:
            codes = ", ".join(_CODE_OF[k] for k in offered)
            raise BaccaratError(
                f"bad side bet {token!r}: a table with {commission.label} commission offers "
                f"{codes}, all or none"
            )
        keys.append(key)
    return tuple(keys)


@functools.lru_cache(maxsize=256)
def _payouts_of(rules: TableRules) -> PayoutTable:
    """The payout table of ``rules`` (equal rules, one table)."""
    return rules._payouts()


def table_rules(
    payouts: str = "casino",
    *,
    commission: str | Commission | None = None,
    tie_pays: int | None = None,
    side_bets: str | tuple[str, ...] | None = None,
    min_stake: int | None = None,
    max_stake: int | None = None,
) -> TableRules:
    """A table's rules from a start (``payouts``: ``lab``, ``casino`` or ``ez``) and what a
    player chose: ``commission`` (``5``, ``4``, ``none`` or ``super6``; ``none`` is the EZ
    table, ``super6`` the table paying 1:2 on a banker 6),
    ``tie_pays`` (8 or 9), ``side_bets`` (:func:`parse_side_bets` text, or keys; by
    default every side bet the table may offer) and the limits of a spot in cents. The
    lab's rules cannot be changed.

    >>> table_rules("ez").name, table_rules("casino", commission="none").name
    ('ez', 'ez')
    >>> rules = table_rules("casino", commission="super6")
    >>> rules.name, rules.payouts.bet("banker").name, rules.side_bets
    ('super 6', 'Banker (no commission, 6 pays 1:2)', ('player-pair', 'banker-pair', \
'dragon-bonus-player', 'dragon-bonus-banker'))
    >>> table_rules("lab", tie_pays=9)
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: the lab's rules are fixed: choose casino or ez \
payouts to set the commission, tie payout, side bets or limits
    """
    name = str(payouts).strip().lower()
    if name not in PRESETS:
        raise BaccaratError(
            f"unknown payout table {payouts!r}: expected one of {', '.join(PRESETS)}"
        )
    base = PRESETS[name]
    chosen = (commission, tie_pays, side_bets, min_stake, max_stake)
    if base.lab:
        if any(choice is not None for choice in chosen):
            raise BaccaratError(
                "the lab's rules are fixed: choose casino or ez payouts to set the "
                "commission, tie payout, side bets or limits"
            )
        return base
    rate = base.commission
    if commission is not None:
        rate = commission if isinstance(commission, Commission) else Commission.parse(commission)
    if side_bets is None:
        keys = side_bets_offered(rate)
    elif not isinstance(side_bets, str) and not side_bets:
        keys = ()  # no keys: none on offer
    else:
        text = side_bets if isinstance(side_bets, str) else ",".join(map(str, side_bets))
        keys = parse_side_bets(text, rate)
    return TableRules(
        commission=rate,
        tie_pays=base.tie_pays if tie_pays is None else tie_pays,
        side_bets=keys,
        min_stake=base.min_stake if min_stake is None else min_stake,
        max_stake=base.max_stake if max_stake is None else max_stake,
    )
