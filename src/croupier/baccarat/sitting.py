"""A player's sitting at one Baccarat table: what both front ends keep between rounds.

A :class:`Sitting` holds the :class:`~croupier.baccarat.table.Table` (bankroll, shoe,
payouts), the table's :class:`~croupier.baccarat.tablerules.TableRules`, the bankroll
the player sat down with, the bankroll after every round (the session's chart), the
rounds of the current shoe (the scoreboards: they restart when the shoe is reshuffled),
the last round, how the bets on who wins ended, and the last stake of every bet (what a
bet typed without an amount repeats). ``croupier baccarat play`` and the web table both
play through it; they only read input and draw what it returns.

At a casino table every bet goes down before a card is seen (:meth:`Sitting.play`). The
lab shows each side's first card first: :meth:`Sitting.begin_round` deals it, and
:meth:`Sitting.finish_round` takes the bets and finishes the round.

>>> from croupier.baccarat.tablerules import table_rules
>>> from croupier.cards import Shoe, parse_cards
>>> shoe = Shoe.stacked(parse_cards("2h 3d 9s Kc 9h Kc 2d 5s"))
>>> sitting = Sitting.sit_down(table_rules("casino", max_stake=50_000), shoe=shoe)
>>> played = sitting.play({"banker": 10_000, "player-pair": 500})
>>> format_money(played.net), format_money(sitting.session_net)
('$90', '$90')
>>> sitting.play({"tie": 60_000})
Traceback (most recent call last):
...
croupier.baccarat.errors.BaccaratError: the Tie 8:1 bet of $600 is over the table maximum \
of $500 a spot
>>> _ = sitting.play({"player-pair": 1_000})        # a side bet alone
>>> sitting.bankrolls, sitting.tally.rounds
((100000, 109000, 108000), 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.round import Coup, Round
from croupier.baccarat.scoreboard import Bead, Scoreboard, ShoeTally
from croupier.baccarat.table import (
    BET_CODES,
    SettlementKind,
    Table,
    TableRound,
    Wager,
    format_money,
    parse_wagers,
)
from croupier.baccarat.tablerules import PRESETS, TableRules
from croupier.cards import Shoe, parse_cards

__all__ = ["MAX_HISTORY", "Sitting", "StartedRound"]

#: Bankrolls kept for the chart: the most recent this many rounds.
MAX_HISTORY: Final = 5_000


@dataclass(frozen=True, slots=True)
class StartedRound:
    """A round of the lab's order, its first cards dealt, waiting for the bets."""

    game: Round
    #: True when the shoe was reshuffled before this round.
    reshuffled: bool


class Sitting:
    """One player at one table, from sitting down to leaving (money in cents)."""

    def __init__(
        self,
        table: Table,
        rules: TableRules,
        *,
        start: int | None = None,
        bankrolls: Sequence[int] = (),
        shoe_rounds: Sequence[Coup] = (),
        last: TableRound | None = None,
        results: Mapping[SettlementKind, int] | None = None,
        stakes: Mapping[str, int] | None = None,
    ) -> None:
        self.table = table
        self.rules = rules
        #: The bankroll the player sat down with.
        self.start = table.bankroll if start is None else start
        self._bankrolls = list(bankrolls) or [self.start]
        #: The rounds dealt from the current shoe.
        self.shoe_rounds: list[Coup] = list(shoe_rounds)
        #: The last round played.
        self.last = last
        #: How the bets on who wins ended (a round of side bets alone goes by its net).
        self.results = dict.fromkeys(SettlementKind, 0) | dict(results or {})
        #: The last stakes: ``main`` on who wins, and each side bet's by its key.
        self.stakes: dict[str, int] = {"main": table.stake, **(stakes or {})}
        #: The rounds :attr:`scoreboard` has been given, each with its cards as saved,
        #: and the board.
        self._board_rounds: list[tuple[Coup, tuple[str, str]]] = []
        self._board_coups: list[Coup] = []
        self._board = Scoreboard()

    @classmethod
    def sit_down(
        cls,
        rules: TableRules,
        *,
        shoe: Shoe,
        bankroll: int = 100_000,
        stake: int = 10_000,
        deal_order: str = "course",
    ) -> Sitting:
        """A new sitting at a table with ``rules``, dealing from ``shoe``: the stake (what a
        bet typed without an amount puts down) must fit in the bankroll and the table's
        limits.

        >>> from croupier.baccarat.tablerules import LAB_RULES
        >>> from croupier.baccarat.table import table_shoe
        >>> Sitting.sit_down(LAB_RULES, shoe=table_shoe(8, 1), bankroll=5_000)
        Traceback (most recent call last):
        ...
        croupier.baccarat.errors.BaccaratError: the stake $100 is more than the bankroll $50: \
lower the stake or raise the bankroll
        """
        table = Table(
            shoe=shoe,
            bankroll=bankroll,
            stake=stake,
            payouts=rules.payouts,
            deal_order=deal_order,
        )
        if stake > bankroll:
            raise BaccaratError(
                f"the stake {format_money(stake)} is more than the bankroll "
                f"{format_money(bankroll)}: lower the stake or raise the bankroll"
            )
        if not rules.lab and not rules.min_stake <= stake <= rules.max_stake:
            raise BaccaratError(
                f"the stake {format_money(stake)} is outside the table's limits of "
                f"{format_money(rules.min_stake)} to {format_money(rules.max_stake)} a spot"
            )
        return cls(table, rules)

    # --- the money -------------------------------------------------------------------

    @property
    def bankroll(self) -> int:
        """Money in hand."""
        return self.table.bankroll

    @property
    def session_net(self) -> int:
        """What the sitting has won (negative: lost) so far."""
        return self.table.bankroll - self.start

    @property
    def bankrolls(self) -> tuple[int, ...]:
        """The bankroll on sitting down and after each round since (at most the last
        :data:`MAX_HISTORY` rounds)."""
        return tuple(self._bankrolls)

    @property
    def swings(self) -> tuple[int, ...]:
        """What each round won or lost."""
        return tuple(after - before for before, after in itertools.pairwise(self._bankrolls))

    @property
    def rounds(self) -> int:
        """Rounds played at this table."""
        return self.table.rounds_played

    @property
    def broke(self) -> bool:
        """True when the bankroll cannot cover the smallest bet the table takes."""
        return self.table.bankroll < self.rules.min_stake

    # --- the shoe --------------------------------------------------------------------

    @property
    def scoreboard(self) -> Scoreboard:
        """The current shoe's boards, kept up to date: each round is added once (the
        boards are drawn again after every round), and the board starts again when the
        shoe's rounds are not those it was given (a new shoe)."""
        return self._follow_rounds()

    def _follow_rounds(self) -> Scoreboard:
        """Bring :attr:`scoreboard` and the rounds' saved texts up to :attr:`shoe_rounds`."""
        given, coups, rounds = self._board_rounds, self._board_coups, self.shoe_rounds
        # The rounds given still begin the shoe's (compared as lists: each pair of the
        # same round is passed at once, without calling its __eq__).
        if rounds[: len(coups)] != coups:
            given.clear()
            coups.clear()
            self._board = Scoreboard()
        for coup in rounds[len(given) :]:
            self._board.add(Bead.of(coup))
            cards = (" ".join(map(str, coup.player_cards)), " ".join(map(str, coup.banker_cards)))
            given.append((coup, cards))
            coups.append(coup)
        return self._board

    @property
    def beads(self) -> list[Bead]:
        """The current shoe's rounds as the scoreboards record them."""
        return list(self.scoreboard.beads)

    @property
    def tally(self) -> ShoeTally:
        """Wins, ties, pairs and naturals of the current shoe."""
        return self.scoreboard.tally

    # --- playing ---------------------------------------------------------------------

    def check(self, stakes: Mapping[str, int]) -> None:
        """Refuse ``stakes`` (bet key -> cents) that break the table's limits or are more
        than the bankroll, before any card is dealt."""
        self.rules.check_stakes(stakes)
        self.table.check_stakes(stakes)

    def parse_bets(self, text: str) -> tuple[Wager, ...]:
        """The bets typed at the terminal for the next round, checked against the table's
        limits and the bankroll (see :func:`~croupier.baccarat.table.parse_wagers`)."""
        wagers = parse_wagers(
            text,
            self.table.payouts,
            self.stakes,
            self.table.bankroll,
            side_bets_alone=self.rules.casino_order,
        )
        self.rules.check_stakes({w.key: w.stake for w in wagers})
        return wagers

    def play(self, stakes: Mapping[str, int]) -> TableRound:
        """Casino order: check the bets, deal a whole round, settle every bet."""
        self.rules.check_stakes(stakes)
        return self._record(self.table.play(stakes))

    def begin_round(self) -> StartedRound:
        """The lab's order: a new round (reshuffled first if the cut card came out) with
        its first four cards dealt, so each side's first card can be shown."""
        game, reshuffled = self.table.next_round()
        game.deal_initial()
        return StartedRound(game, reshuffled)

    def finish_round(self, started: StartedRound, stakes: Mapping[str, int]) -> TableRound:
        """The lab's order: the bets on a begun round, then its third cards and settling."""
        self.rules.check_stakes(stakes)
        return self._record(self.table.finish_round(started.game, started.reshuffled, stakes))

    def _record(self, played: TableRound) -> TableRound:
        if played.reshuffled:
            self.shoe_rounds.clear()
        self.shoe_rounds.append(played.coup)
        self.last = played
        self._bankrolls.append(self.table.bankroll)
        del self._bankrolls[: -MAX_HISTORY - 1]
        main = [s for s in played.settlements if s.bet.key in BET_CODES.values()]
        if main:
            kind = main[0].kind
        elif played.net:
            kind = SettlementKind.WON if played.net > 0 else SettlementKind.LOST
        else:
            kind = SettlementKind.PUSHED
        self.results[kind] += 1
        for key, amount in played.stakes:
            self.stakes["main" if key in BET_CODES.values() else key] = amount
        return played

    # --- saving ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The sitting as JSON-ready data (see :meth:`from_dict`)."""
        return {
            "rules": self.rules.to_dict(),
            "table": self.table.to_dict(),
            "start": self.start,
            "bankrolls": list(self._bankrolls),
            "shoe_rounds": self._saved_rounds(),
            "last": None if self.last is None else self.last.to_dict(),
            "results": {kind.value: count for kind, count in self.results.items()},
            "stakes": dict(self.stakes),
        }

    def _saved_rounds(self) -> list[list[str]]:
        """The current shoe's rounds as saved: each side's cards (each made once)."""
        self._follow_rounds()
        return [[player, banker] for _, (player, banker) in self._board_rounds]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sitting:
        """The sitting saved by :meth:`to_dict` (or by the web table before table rules,
        whose rules are its payouts' preset); bad data raises a croupier error.

        >>> from croupier.baccarat.tablerules import table_rules
        >>> from croupier.baccarat.table import table_shoe
        >>> sitting = Sitting.sit_down(table_rules("ez", tie_pays=9), shoe=table_shoe(8, 3))
        >>> _ = sitting.play({"banker": 2_500})
        >>> Sitting.from_dict(sitting.to_dict()).to_dict() == sitting.to_dict()
        True
        """
        try:
            if "rules" in data:
                rules = TableRules.from_dict(data["rules"])
            else:
                rules = PRESETS[data["table"]["payouts"]]
            table = Table.from_dict(data["table"], rules.payouts)
            rounds = [Coup(parse_cards(p), parse_cards(b)) for p, b in data["shoe_rounds"]]
            last = data["last"]
            played = None if last is None else TableRound.from_dict(last, table.payouts)
            start = data.get("start", table.bankroll)
            bankrolls = data.get("bankrolls", [start])
            if not all(_is_whole(n) for n in (start, *bankrolls)):
                raise BaccaratError(f"bad saved bankrolls {bankrolls!r}")
            results = {SettlementKind(k): int(n) for k, n in data.get("results", {}).items()}
            stakes = {str(k): int(n) for k, n in data.get("stakes", {}).items()}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, BaccaratError):
                raise
            raise BaccaratError(f"bad saved sitting: {exc}") from None
        return cls(
            table,
            rules,
            start=start,
            bankrolls=bankrolls,
            shoe_rounds=rounds,
            last=played,
            results=results,
            stakes=stakes,
        )


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
