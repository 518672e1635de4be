"""One Baccarat shoe for a room: a table where several players bet on the same rounds.

A :class:`SharedTable` is the online casino's table: one shoe, one scoreboard, and up to
:data:`MAX_BETTORS` players, each with their own bankroll and chips, all under the
table's rules (its limits a spot, its commission, its side bets). A round goes: players
put chips down (:meth:`SharedTable.bet`, checked against the limits and their bankroll
as they go down) and say they are ready (:meth:`SharedTable.ready`); the first chip or
"ready" opens the betting window, which closes :attr:`SharedTable.window` seconds later.
The round is due (:meth:`SharedTable.due`) when every seated player is ready or the
window has closed, and at least one chip is down; :meth:`SharedTable.deal` then deals
one round from the shoe and settles every player's bets on it (the shoe is reshuffled
first when the cut card came out). A player who bet nothing sits the round out.

The table keeps no clock: every call that depends on time is given ``now`` (seconds, on
whatever clock the caller keeps; the web server gives ``time.time()``, which every
server process shares).

>>> from croupier.baccarat.tablerules import table_rules
>>> from croupier.cards import Shoe, parse_cards
>>> shoe = Shoe.stacked(parse_cards("2h 3d 9s Kc  9h Kc 2d 5s"))
>>> room = SharedTable(table_rules("casino"), shoe, window=30.0)
>>> room.sit("a", "Ada", 100_000)
>>> room.sit("b", "Ben", 50_000)
>>> room.bet("a", {"banker": 10_000}, now=0.0)
>>> room.closes, room.due(now=5.0)
(30.0, False)
>>> room.ready("a", now=6.0); room.ready("b", now=7.0)
>>> room.due(now=8.0)
True
>>> dealt = room.deal(now=8.0)
>>> dealt.coup.outcome.value, format_money(dealt.results["a"].net), "b" in dealt.results
('banker', '$95', False)
>>> room.seats["a"].bankroll, room.seats["b"].bankroll, room.rounds_played
(109500, 50000, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.round import DEAL_ORDERS, Coup
from croupier.baccarat.scoreboard import Bead, Scoreboard
from croupier.baccarat.table import Table, TableRound, format_money
from croupier.baccarat.tablerules import TableRules
from croupier.cards import Rank, Shoe, format_cards, parse_cards
from croupier.errors import NotNowError

__all__ = [
    "DEFAULT_WINDOW",
    "MAX_BETTORS",
    "Bettor",
    "SharedDeal",
    "SharedTable",
    "TableStateError",
    "format_money",
]

#: Players one shared table seats at most.
MAX_BETTORS: Final = 8
#: Seconds the betting window stays open unless the table says otherwise.
DEFAULT_WINDOW: Final = 20.0
#: Bankrolls each player's chart keeps: the most recent this many rounds.
MAX_CHART: Final = 500


class TableStateError(BaccaratError, NotNowError):
    """A request the shared table cannot take now: no seat free, not seated, no bets yet."""


@dataclass(slots=True)
class Bettor:
    """A player at a shared table: a name, their own :class:`~croupier.baccarat.table.Table`
    (bankroll and payouts, dealing from the shared shoe), the chips down for the next
    round, whether they are ready, their last round (``None``: sat out, or none yet)
    and their bankroll after each round they played."""

    name: str
    table: Table
    start: int
    bets: dict[str, int] = field(default_factory=dict)
    ready: bool = False
    last: TableRound | None = None
    bankrolls: list[int] = field(default_factory=list)

    @property
    def bankroll(self) -> int:
        """Money in hand (the chips down are still in it until the deal)."""
        return self.table.bankroll

    @property
    def net(self) -> int:
        """What the player has won (negative: lost) since sitting down."""
        return self.table.bankroll - self.start


@dataclass(frozen=True, slots=True)
class SharedDeal:
    """A round dealt at a shared table: its number, the cards, whether the shoe was
    reshuffled first, and each betting player's settled round, by seat."""

    number: int
    coup: Coup
    reshuffled: bool
    results: Mapping[str, TableRound]


class SharedTable:
    """A Baccarat table several players share (see the module's notes).

    ``rules`` are the table's, ``shoe`` its shoe, ``window`` the seconds the betting
    window stays open, ``deal_order`` how each round's first cards come out.
    """

    def __init__(
        self,
        rules: TableRules,
        shoe: Shoe,
        *,
        window: float = DEFAULT_WINDOW,
        deal_order: str = "casino",
        seats: int = MAX_BETTORS,
    ) -> None:
        if not 1.0 <= window <= 600.0:
            raise BaccaratError(f"bad betting window {window:g} s: expected 1 to 600 seconds")
        if deal_order not in DEAL_ORDERS:
            raise BaccaratError(f"bad deal order {deal_order!r}: expected one of {DEAL_ORDERS}")
        if not 1 <= seats <= MAX_BETTORS:
            raise BaccaratError(f"bad number of seats {seats}: expected 1 to {MAX_BETTORS}")
        self.rules = rules
        self.window = window
        self.max_seats = seats
        #: The dealer: no money, the shared shoe (it deals; each player's table settles).
        self.dealer = Table(shoe=shoe, bankroll=0, stake=1, payouts=rules.payouts,
                            deal_order=deal_order)  # fmt: skip
        #: The players, by the seat key the front end gave them, in the order they sat.
        self.seats: dict[str, Bettor] = {}
        #: The rounds dealt from the current shoe, and their boards.
        self.shoe_rounds: list[Coup] = []
        self.scoreboard = Scoreboard()
        #: The last round dealt (``None``: none yet).
        self.last: SharedDeal | None = None
        #: When the betting window closes (``None``: no chip down, nobody ready yet).
        self.closes: float | None = None

    @property
    def shoe(self) -> Shoe:
        """The table's shoe."""
        return self.dealer.shoe

    @property
    def rounds_played(self) -> int:
        """Rounds dealt at this table."""
        return self.dealer.rounds_played

    def next_round_counts(self) -> dict[Rank, int]:
        """Cards by rank the next round is dealt from (a fresh shoe's once the cut card
        has come out)."""
        return self.dealer.next_round_counts()

    # --- seats -----------------------------------------------------------------------

    def sit(self, key: str, name: str, bankroll: int) -> None:
        """Seat a player: ``key`` names the seat for the front end, ``name`` is shown to
        everyone (refused when a seated player has it, whatever its case),
        ``bankroll`` is in cents."""
        if key in self.seats:
            raise TableStateError(f"{self.seats[key].name} is seated already")
        if len(self.seats) >= self.max_seats:
            raise TableStateError(
                f"the table is full ({self.max_seats} players): watch it, or open another"
            )
        if bankroll <= 0:
            raise BaccaratError(f"bad bankroll {format_money(bankroll)}: expected more than $0")
        same = " ".join(name.split()).casefold()
        for bettor in self.seats.values():
            if " ".join(bettor.name.split()).casefold() == same:
                raise BaccaratError(
                    f"bad name {name!r}: {bettor.name} sits at this table already: "
                    "expected another name"
                )
        table = Table(shoe=self.shoe, bankroll=bankroll, stake=max(1, self.rules.min_stake),
                      payouts=self.rules.payouts, deal_order=self.dealer.deal_order)  # fmt: skip
        self.seats[key] = Bettor(name, table, bankroll, bankrolls=[bankroll])

    def seat(self, key: str) -> Bettor:
        """The player in seat ``key`` (refused when no one sits there)."""
        found = self.seats.get(key)
        if found is None:
            raise TableStateError("you are not seated at this table: sit down first")
        return found

    def leave(self, key: str) -> Bettor:
        """The player in seat ``key`` leaves (their chips come back with them)."""
        bettor = self.seat(key)
        del self.seats[key]
        if not self.seats:
            self.closes = None
        return bettor

    # --- betting -----------------------------------------------------------------------

    def bet(self, key: str, stakes: Mapping[str, int], *, now: float) -> None:
        """The chips of seat ``key`` for the next round (bet key -> cents; they replace
        the chips it had down), checked against the table's limits and the bankroll. An
        empty ``stakes`` takes the chips back. The first chip opens the window."""
        bettor = self.seat(key)
        chips = {bet: amount for bet, amount in stakes.items() if amount}
        if chips:
            self.rules.check_stakes(chips)
            bettor.table.check_stakes(chips)
        bettor.bets = chips
        if chips:
            self._open(now)

    def ready(self, key: str, *, now: float, ready: bool = True) -> None:
        """Seat ``key`` is ready for the deal (or, with ``ready`` false, not any more)."""
        self.seat(key).ready = ready
        if ready:
            self._open(now)

    def _open(self, now: float) -> None:
        if self.closes is None:
            self.closes = now + self.window

    @property
    def chips_down(self) -> bool:
        """Whether any player has chips on the table for the next round."""
        return any(bettor.bets for bettor in self.seats.values())

    def due(self, *, now: float) -> bool:
        """Whether the next round should be dealt now: chips are down, and every player
        is ready or the betting window has closed."""
        if not self.chips_down:
            return False
        everyone = all(bettor.ready for bettor in self.seats.values())
        return everyone or (self.closes is not None and now >= self.closes)

    def deal(self, *, now: float) -> SharedDeal:
        """Deal a round (reshuffling first when the cut card came out) and settle every
        player's chips on it; the next betting window opens with the next chip. Refused
        when no chip is down."""
        if not self.chips_down:
            raise TableStateError("no chips on the table: place a bet first")
        game, reshuffled = self.dealer.next_round()
        coup = game.play()
        self.dealer.rounds_played += 1
        results: dict[str, TableRound] = {}
        for key, bettor in self.seats.items():
            if bettor.bets:
                results[key] = bettor.table.settle_coup(coup, reshuffled, bettor.bets)
                bettor.bankrolls.append(bettor.bankroll)
                del bettor.bankrolls[:-MAX_CHART]
            bettor.last = results.get(key)
            bettor.bets = {}
            bettor.ready = False
        if reshuffled:
            self.shoe_rounds = []
        self.shoe_rounds = [*self.shoe_rounds, coup]
        # a new board (a copy of the table may share the old one: see copy())
        self.scoreboard = Scoreboard(Bead.of(c) for c in self.shoe_rounds)
        self.last = SharedDeal(self.rounds_played, coup, reshuffled, results)
        self.closes = None
        return self.last

    # --- saving ------------------------------------------------------------------------

    def copy(self) -> SharedTable:
        """A copy to change, leaving this table as it is: the shoe, the players' money
        and chips are copied; the scoreboard and the rounds, which a deal replaces rather
        than changes, are shared.

        >>> from croupier.baccarat.tablerules import table_rules
        >>> from croupier.baccarat.table import table_shoe
        >>> room = SharedTable(table_rules("casino"), table_shoe(8, 1))
        >>> room.sit("a", "Ada", 10_000)
        >>> copy = room.copy()
        >>> copy.bet("a", {"banker": 1_000}, now=0.0)
        >>> _ = copy.deal(now=0.0)
        >>> room.rounds_played, room.seats["a"].bankroll != copy.seats["a"].bankroll
        (0, True)
        """
        twin = SharedTable(self.rules, deepcopy(self.shoe), window=self.window,
                           deal_order=self.dealer.deal_order, seats=self.max_seats)  # fmt: skip
        twin.dealer.rounds_played = self.dealer.rounds_played
        payouts, order = self.rules.payouts, self.dealer.deal_order
        for key, bettor in self.seats.items():
            table = Table(shoe=twin.shoe, bankroll=bettor.bankroll, stake=bettor.table.stake,
                          payouts=payouts, deal_order=order)  # fmt: skip
            table.rounds_played = bettor.table.rounds_played
            twin.seats[key] = Bettor(bettor.name, table, bettor.start, dict(bettor.bets),
                                     bettor.ready, bettor.last, list(bettor.bankrolls))  # fmt: skip
        twin.shoe_rounds, twin.scoreboard = self.shoe_rounds, self.scoreboard
        twin.last, twin.closes = self.last, self.closes
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (see :meth:`from_dict`)."""
        last = self.last
        return {
            "rules": self.rules.to_dict(),
            "window": self.window,
            "seats_max": self.max_seats,
            "deal_order": self.dealer.deal_order,
            "shoe": self.shoe.to_dict(),
            "rounds_played": self.rounds_played,
            "shoe_rounds": [
                [format_cards(c.player_cards), format_cards(c.banker_cards)]
                for c in self.shoe_rounds
            ],
            "last": None
            if last is None
            else {"number": last.number, "reshuffled": last.reshuffled},
            "closes": self.closes,
            "seats": {
                key: {
                    "name": b.name,
                    "start": b.start,
                    "bankroll": b.bankroll,
                    "rounds": b.table.rounds_played,
                    "bets": dict(b.bets),
                    "ready": b.ready,
                    "last": None if b.last is None else b.last.to_dict(),
                    "bankrolls": list(b.bankrolls),
                }
                for key, b in self.seats.items()
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SharedTable:
        """The table saved by :meth:`to_dict`; bad data raises a croupier error.

        >>> from croupier.baccarat.tablerules import table_rules
        >>> from croupier.baccarat.table import table_shoe
        >>> room = SharedTable(table_rules("ez"), table_shoe(8, 3))
        >>> room.sit("a", "Ada", 20_000)
        >>> room.bet("a", {"player": 2_500}, now=1.0)
        >>> _ = room.deal(now=2.0)
        >>> SharedTable.from_dict(room.to_dict()).to_dict() == room.to_dict()
        True
        """
        try:
            room = cls(
                TableRules.from_dict(data["rules"]),
                Shoe.from_dict(data["shoe"]),
                window=float(data["window"]),
                deal_order=str(data["deal_order"]),
                seats=int(data["seats_max"]),
            )
            room.dealer.rounds_played = int(data["rounds_played"])
            for player, banker in data["shoe_rounds"]:
                coup = Coup(parse_cards(player), parse_cards(banker))
                room.shoe_rounds.append(coup)
                room.scoreboard.add(Bead.of(coup))
            closes = data["closes"]
            room.closes = None if closes is None else float(closes)
            payouts = room.rules.payouts
            for key, saved in data["seats"].items():
                table = Table(shoe=room.shoe, bankroll=int(saved["bankroll"]),
                              stake=max(1, room.rules.min_stake), payouts=payouts,
                              deal_order=room.dealer.deal_order)  # fmt: skip
                table.rounds_played = int(saved["rounds"])
                last = saved["last"]
                room.seats[str(key)] = Bettor(
                    str(saved["name"]),
                    table,
                    int(saved["start"]),
                    {str(bet): int(amount) for bet, amount in saved["bets"].items()},
                    bool(saved["ready"]),
                    None if last is None else TableRound.from_dict(last, payouts),
                    [int(amount) for amount in saved["bankrolls"]],
                )
            last_deal = data["last"]
            if last_deal is not None and room.shoe_rounds:
                number = int(last_deal["number"])
                # a player's last round is the last deal's (it is cleared when they sit out)
                results = {key: b.last for key, b in room.seats.items() if b.last is not None}
                room.last = SharedDeal(number, room.shoe_rounds[-1],
                                       bool(last_deal["reshuffled"]), results)  # fmt: skip
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, BaccaratError):
                raise
            raise BaccaratError(f"bad saved shared table: {exc}") from None
        return room
