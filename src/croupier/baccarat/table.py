"""A betting session at the Baccarat table (the COMP 104 lab): bankroll, stake, rounds,
settling.

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
(<SettlementKind.WON: 'won'>, '$95', '$1,095')
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from croupier import numerals
from croupier.arguments import checked
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import LAB, Bet, PayoutTable, RoundFacts, payout_table
from croupier.baccarat.round import DEAL_ORDERS, Coup, Round
from croupier.baccarat.rules import CUT_CARD_FROM_END
from croupier.baccarat.tablerules import SIDE_BETS
from croupier.cards import Rank, Shoe, format_cards, parse_cards
from croupier.choices import unknown_member
from croupier.errors import check_type
from croupier.randomness import RNGLike

__all__ = [
    "BET_CODES",
    "CUT_CARD_FROM_END",
    "SIDE_BET_CODES",
    "Settlement",
    "SettlementKind",
    "Table",
    "TableRound",
    "Wager",
    "format_money",
    "parse_bet",
    "parse_money",
    "parse_wagers",
    "table_shoe",
]

#: The table's one-letter bets, as the lab prompts for them.
BET_CODES: Final = {"b": "banker", "p": "player", "t": "tie"}


def parse_money(text: str | int) -> int:
    """An amount of dollars (``"100"``, ``"12.50"``, ``"$1,000"``) as whole cents.

    >>> parse_money("12.5"), parse_money("$1,000"), parse_money(100)
    (1250, 100000, 10000)
    >>> parse_money("ten")
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad amount 'ten': expected dollars, e.g. 100 or 12.50
    """
    return numerals.parse_money(str(text), error=BaccaratError)


def format_money(cents: int, *, with_cents: bool = False) -> str:
    """Cents as the table prints money: ``$1,000``, ``$95``, ``$9.97``, ``-$5`` (see
    :func:`croupier.numerals.format_money`).

    >>> format_money(100000), format_money(997), format_money(-500)
    ('$1,000', '$9.97', '-$5')
    """
    return numerals.format_money(cents, with_cents=with_cents)


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


#: Side bets offered at the table, by the code typed, when the payouts have them.
SIDE_BET_CODES: Final = {code: key for code, (key, _) in SIDE_BETS.items()}


@dataclass(frozen=True, slots=True)
class Wager:
    """A bet placed for one round: the bet's key and the stake in cents."""

    key: str
    stake: int


def parse_wagers(
    text: str,
    payouts: PayoutTable,
    stakes: Mapping[str, int],
    bankroll: int,
    *,
    side_bets_alone: bool = False,
) -> tuple[Wager, ...]:
    """The bets typed for one round: one of ``b``, ``p``, ``t`` (banker, player, tie), then
    any side bets the payouts offer (``pp``, ``bp``, ``dbp``, ``dbb``, ``d7``, ``p8``),
    each code followed by its stake in dollars or alone to keep the last one:
    ``stakes["main"]`` for the bet on who wins, ``stakes[key]`` for a side bet (else the
    main stake). The stakes together must fit in ``bankroll`` (cents). With
    ``side_bets_alone`` (a casino table), side bets may be placed without a bet on who
    wins; the main bet, if any, comes first.

    >>> from croupier.baccarat.payouts import EZ
    >>> parse_wagers("b 200 pp 5", EZ, {"main": 10_000}, 100_000)
    (Wager(key='banker', stake=20000), Wager(key='player-pair', stake=500))
    >>> parse_wagers("t", EZ, {"main": 2_500}, 100_000)
    (Wager(key='tie', stake=2500),)
    """
    tokens = text.lower().replace(",", " ").split()
    offered = {bet.key for bet in payouts.bets}
    codes = {**BET_CODES, **{code: key for code, key in SIDE_BET_CODES.items() if key in offered}}
    codes.update({key: key for key in codes.values()})
    wagers: list[Wager] = []
    index = 0
    while index < len(tokens):
        code = tokens[index]
        if code not in codes:
            side = ", ".join(c for c in SIDE_BET_CODES if c in codes)
            extra = f"; side bets {side}" if side else ""
            raise BaccaratError(
                f"bad bet {code!r}: expected 'b' (banker), 'p' (player) or 't' (tie), "
                f"each with an optional stake{extra}"
            )
        key = codes[code]
        index += 1
        if index < len(tokens) and tokens[index] not in codes:
            stake = numerals.parse_money(tokens[index], "stake", error=BaccaratError)
            index += 1
        elif key in BET_CODES.values():
            stake = stakes.get("main", 0)
        else:
            stake = stakes.get(key, stakes.get("main", 0))
        if stake <= 0:
            raise BaccaratError(f"bad stake on {code!r}: expected more than $0")
        if any(w.key == key for w in wagers):
            raise BaccaratError(f"bet {code!r} twice: one stake per bet")
        wagers.append(Wager(key, stake))
    main = [w for w in wagers if w.key in BET_CODES.values()]
    if side_bets_alone:
        if not wagers:
            raise BaccaratError("no bet: bet on 'b', 'p' or 't', or place a side bet")
        if len(main) > 1:
            raise BaccaratError("bet on one of 'b' (banker), 'p' (player) or 't' (tie) at most")
    elif len(main) != 1:
        raise BaccaratError("bet on exactly one of 'b' (banker), 'p' (player) or 't' (tie)")
    total = sum(w.stake for w in wagers)
    if total > bankroll:
        raise BaccaratError(
            f"bets of {format_money(total)} are more than your {format_money(bankroll)}: "
            "name a smaller stake, e.g. b 10"
        )
    return (*main, *(w for w in wagers if w not in main))


@enum.unique
class SettlementKind(enum.StrEnum):
    """How a bet ended."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, BaccaratError)

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

    @checked
    def __init__(
        self,
        *,
        shoe: Shoe,
        bankroll: int = 100_000,
        stake: int = 10_000,
        payouts: PayoutTable = LAB,
        deal_order: str = "course",
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
        #: The order of each round's first four cards (see :class:`~.round.Round`).
        self.deal_order = deal_order
        #: Rounds settled so far.
        self.rounds_played = 0

    @property
    def shows_cents(self) -> bool:
        """True when money at this table may come to part of a dollar (a bankroll or
        stake with cents, or a payout such as 0.95:1): every amount is then printed with
        cents, so a session shows money one way."""
        fractional = any(
            rule.net.denominator != 1 for bet in self.payouts.bets for rule in bet.rules
        )
        return fractional or self.bankroll % 100 != 0 or self.stake % 100 != 0

    def money(self, cents: int) -> str:
        """An amount in this table's one money format (see :attr:`shows_cents`)."""
        return format_money(cents, with_cents=self.shows_cents)

    @property
    def can_cover_stake(self) -> bool:
        """True while the bankroll can pay for another bet."""
        return self.bankroll >= self.stake

    def next_round_counts(self) -> dict[Rank, int]:
        """Cards by rank in the shoe the next round is dealt from: this shoe's, or a full
        shoe's when the cut card has come out and the next round reshuffles."""
        if self.shoe.cut_card_reached and not self.shoe.is_stacked and self.shoe.decks:
            return dict.fromkeys(Rank, 4 * self.shoe.decks)
        return self.shoe.counts()

    def next_round(self) -> tuple[Round, bool]:
        """A new round on the table's shoe; reshuffles first if the cut card came out.

        Returns the round and whether the shoe was reshuffled.
        """
        reshuffle = self.shoe.cut_card_reached and not self.shoe.is_stacked
        if reshuffle:
            self.shoe.shuffle()
        return Round(self.shoe, deal_order=self.deal_order), reshuffle

    @checked
    def settle(self, bet_key: str, facts: RoundFacts, stake: int | None = None) -> Settlement:
        """Settle ``stake`` (default: the table's stake) on ``bet_key`` for a finished round
        and update the bankroll."""
        stake = self.stake if stake is None else stake
        if stake <= 0 or stake > self.bankroll:
            raise BaccaratError(
                f"the bankroll {format_money(self.bankroll)} cannot cover the "
                f"{format_money(stake)} stake"
            )
        settlement = self._settle(self.payouts.bet(bet_key), stake, facts)
        self.rounds_played += 1
        return settlement

    def _settle(self, bet: Bet, stake: int, facts: RoundFacts) -> Settlement:
        net = bet.settle(facts) * stake
        if net > 0:
            kind, amount = SettlementKind.WON, math.floor(net)
        elif net < 0:
            kind, amount = SettlementKind.LOST, math.ceil(-net)
        else:
            kind, amount = SettlementKind.PUSHED, 0
        self.bankroll += amount if kind is SettlementKind.WON else -amount
        return Settlement(bet, kind, amount, self.bankroll)

    def check_stakes(self, stakes: Mapping[str, int]) -> tuple[tuple[Bet, int], ...]:
        """The bets of ``stakes`` (bet key -> cents), checked: known bets of this table,
        whole positive amounts, and a total the bankroll covers."""
        check_type(stakes, Mapping, "stakes", "a mapping of bet keys to cents")
        if not stakes:
            raise BaccaratError("no bets: place at least one chip before dealing")
        checked = []
        for key, amount in stakes.items():
            bet = self.payouts.bet(key)
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise BaccaratError(f"bad stake {amount!r} on {bet.name}: expected whole cents > 0")
            checked.append((bet, amount))
        total = sum(amount for _, amount in checked)
        if total > self.bankroll:
            raise BaccaratError(
                f"the bets total {format_money(total)} but the bankroll is "
                f"{format_money(self.bankroll)}"
            )
        return tuple(checked)

    def play(self, stakes: Mapping[str, int]) -> TableRound:
        """Deal a round with chips on several bets (bet key -> cents) and settle them all.

        The bets are checked before any card is dealt: a refused bet leaves the table as
        it was. Reshuffles first when the cut card came out, like :meth:`next_round`.

        >>> from croupier.baccarat.payouts import EZ
        >>> from croupier.cards import Shoe, parse_cards
        >>> table = Table(shoe=Shoe.stacked(parse_cards("2c 2d Kd 4s 2h 3s")), payouts=EZ)
        >>> played = table.play({"banker": 5000, "dragon-7": 500})
        >>> [(s.bet.key, s.kind.value, s.amount) for s in played.settlements]
        [('banker', 'pushed', 0), ('dragon-7', 'won', 20000)]
        >>> format_money(played.net), format_money(table.bankroll), table.rounds_played
        ('$200', '$1,200', 1)
        """
        checked = self.check_stakes(stakes)
        game, reshuffled = self.next_round()
        return self._finish(game.play(), reshuffled, checked)

    def finish_round(self, game: Round, reshuffled: bool, stakes: Mapping[str, int]) -> TableRound:
        """Settle the chips ``stakes`` on a round begun with :meth:`next_round` (the lab's
        order: the first cards are seen, then the bets go down): the bets are checked,
        the round is finished and every bet settled.

        >>> from croupier.cards import Shoe, parse_cards
        >>> table = Table(shoe=Shoe.stacked(parse_cards("2h 3d 9s Kc")))
        >>> game, reshuffled = table.next_round()
        >>> game.deal_initial()
        >>> played = table.finish_round(game, reshuffled, {"player": 10_000})
        >>> played.coup.outcome.value, format_money(played.net), table.rounds_played
        ('banker', '-$100', 1)
        """
        checked = self.check_stakes(stakes)
        if not game.is_dealt:
            game.deal_initial()
        return self._finish(game.finalize(), reshuffled, checked)

    def settle_coup(self, coup: Coup, reshuffled: bool, stakes: Mapping[str, int]) -> TableRound:
        """Settle the chips ``stakes`` on a round dealt elsewhere from this table's shoe (a
        table shared by several players deals once for all): the bets are checked first,
        as :meth:`play` checks them.

        >>> from croupier.baccarat.payouts import CASINO
        >>> from croupier.cards import Shoe, parse_cards
        >>> shoe = Shoe.stacked(parse_cards("2h 3d 9s Kc"))
        >>> dealer = Table(shoe=shoe, payouts=CASINO)
        >>> game, reshuffled = dealer.next_round()
        >>> coup = game.play()
        >>> played = Table(shoe=shoe, payouts=CASINO).settle_coup(coup, reshuffled, {"tie": 500})
        >>> played.coup.outcome.value, format_money(played.net)
        ('banker', '-$5')
        """
        return self._finish(coup, reshuffled, self.check_stakes(stakes))

    def _finish(
        self, coup: Coup, reshuffled: bool, checked: tuple[tuple[Bet, int], ...]
    ) -> TableRound:
        settlements = tuple(self._settle(bet, amount, coup) for bet, amount in checked)
        self.rounds_played += 1
        return TableRound(
            number=self.rounds_played,
            coup=coup,
            reshuffled=reshuffled,
            stakes=tuple((bet.key, amount) for bet, amount in checked),
            settlements=settlements,
        )

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (its shoe included), for :meth:`from_dict`."""
        return {
            "bankroll": self.bankroll,
            "stake": self.stake,
            "payouts": self.payouts.name,
            "deal_order": self.deal_order,
            "rounds_played": self.rounds_played,
            "shoe": self.shoe.to_dict(),
        }

    @classmethod
    @checked
    def from_dict(cls, data: Mapping[str, Any], payouts: PayoutTable | None = None) -> Table:
        """The table saved by :meth:`to_dict`; bad data raises a croupier error. A table
        whose payouts are not one of the named tables (a table's own rules) is given its
        ``payouts``, which must carry the saved name.

        >>> table = Table(shoe=table_shoe(6, rng=1), bankroll=50_000)
        >>> _ = table.play({"player": 2500})
        >>> copy = Table.from_dict(table.to_dict())
        >>> copy.to_dict() == table.to_dict(), copy.rounds_played
        (True, 1)
        """
        try:
            table = cls(
                shoe=Shoe.from_dict(data["shoe"]),
                bankroll=_whole(data["bankroll"], "bankroll"),
                stake=_whole(data["stake"], "stake"),
                payouts=_payouts(data["payouts"], payouts),
                deal_order=_deal_order(data.get("deal_order", "course")),
            )
            table.rounds_played = _whole(data["rounds_played"], "rounds played")
        except (KeyError, TypeError, AttributeError) as exc:
            raise BaccaratError(f"bad saved table: {exc}") from None
        return table


def _payouts(name: object, given: PayoutTable | None) -> PayoutTable:
    if given is None:
        return payout_table(str(name))
    if name != given.name:
        raise BaccaratError(f"bad saved table: payouts {name!r} are not the {given.name!r} given")
    return given


def _deal_order(value: object) -> str:
    if value not in DEAL_ORDERS:
        raise BaccaratError(f"bad saved table: deal order {value!r} is not one of {DEAL_ORDERS}")
    return str(value)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BaccaratError(f"bad saved table: {what} {value!r} is not a whole number")
    return value


@dataclass(frozen=True, slots=True)
class TableRound:
    """A round played by :meth:`Table.play`: the coup, the bets and how each was settled."""

    #: The round's number at this table (1 for the first).
    number: int
    coup: Coup
    #: True when the shoe was reshuffled before this round.
    reshuffled: bool
    #: The chips on each bet: ``(bet key, cents)``.
    stakes: tuple[tuple[str, int], ...]
    settlements: tuple[Settlement, ...]

    @property
    def net(self) -> int:
        """What the round won (or lost, negative) in all, in cents."""
        return sum(
            s.amount if s.kind is SettlementKind.WON else -s.amount for s in self.settlements
        )

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-ready data, cards as text (see :meth:`from_dict`)."""
        return {
            "number": self.number,
            "player": format_cards(self.coup.player_cards),
            "banker": format_cards(self.coup.banker_cards),
            "reshuffled": self.reshuffled,
            "stakes": [[key, amount] for key, amount in self.stakes],
            "settlements": [
                [s.bet.key, s.kind.value, s.amount, s.bankroll] for s in self.settlements
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], payouts: PayoutTable) -> TableRound:
        """The round saved by :meth:`to_dict` at a table with ``payouts``; the cards are
        checked against the drawing rules again.

        >>> table = Table(shoe=table_shoe(8, rng=5))
        >>> played = table.play({"tie": 1000})
        >>> TableRound.from_dict(played.to_dict(), table.payouts) == played
        True
        """
        try:
            coup = Coup(parse_cards(data["player"]), parse_cards(data["banker"]))
            settlements = tuple(
                Settlement(payouts.bet(key), SettlementKind(kind), amount, bankroll)
                for key, kind, amount, bankroll in data["settlements"]
            )
            return cls(
                number=data["number"],
                coup=coup,
                reshuffled=bool(data["reshuffled"]),
                stakes=tuple((str(key), int(amount)) for key, amount in data["stakes"]),
                settlements=settlements,
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, BaccaratError):
                raise
            raise BaccaratError(f"bad saved round: {exc}") from None
