"""A tournament between two people at one table: the seats, whose turn it is, take-backs
by agreement, resignation, and what each of them may see.

A :class:`Match` is what a shared table plays (the web server's person-against-person
Casino, and ``croupier casino play --join`` at the terminal). Its seats are the two
players of the rules, :attr:`Player.HUMAN <croupier.casino.pieces.Player.HUMAN>` for the
one who opened the table and :attr:`Player.COMPUTER <croupier.casino.pieces.Player.COMPUTER>`
for the one who joined: the names only say which seat, both are people. The opener calls
the coin toss; it is tossed when the second player sits down, and the tournament to 21
points is played by the course's rules through :func:`~croupier.casino.session.play_move`,
the same step as a game against the computer.

A move is refused (:class:`~croupier.casino.errors.TurnError`) off its player's turn. A
player may ask to take back their last move of the round (and the reply, if any); it is
taken back only when the other player agrees, and a move played meanwhile withdraws the
request. A player may resign: the other wins. Each player sees the position through
:meth:`Match.observe` (their own hand, never the other's, nor the deck); a watcher sees
no hand at all until the tournament is over. Nothing here prints, reads input or keeps
time.

>>> match = Match.open("Ada", "heads", rng=5)
>>> match.status.value, match.free_seat
('waiting', <Player.COMPUTER: 1>)
>>> seat = match.join("Ben")
>>> match.status.value, match.toss, match.to_move
('playing', <Coin.TAILS: 'tails'>, <Player.COMPUTER: 1>)
>>> first = match.state.legal_moves()[0]
>>> match.play(Player.HUMAN, first)
Traceback (most recent call last):
...
croupier.casino.errors.TurnError: it is Ben's turn, not Ada's
>>> turn = match.play(Player.COMPUTER, first)
>>> match.ask_takeback(Player.COMPUTER)
>>> match.answer_takeback(Player.HUMAN, accept=True)
(Move.parse('trail CQ'),)
>>> match.resign(Player.HUMAN)
>>> match.status.value, match.winner, match.resigned
('over', <Player.COMPUTER: 1>, <Player.HUMAN: 0>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field, replace
from typing import Any, Final, NoReturn

import numpy as np

from croupier.casino.errors import CasinoError, TurnError
from croupier.casino.gamelog import GameLog, format_log, parse_log
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.savefile import format_save, parse_save
from croupier.casino.session import Turn, move_from_parts, play_move, take_back
from croupier.casino.state import State
from croupier.casino.tournament import Coin, new_tournament, toss_coin, toss_winner
from croupier.choices import unknown_member
from croupier.randomness import RNGLike, as_generator

__all__ = ["MAX_NAME", "Match", "MatchStatus", "check_name"]

#: The longest name a player may give.
MAX_NAME: Final = 24


def check_name(text: str) -> str:
    """A player's name as shown at the table: ``text`` stripped, 1 to :data:`MAX_NAME`
    printable characters.

    >>> check_name("  Ada "), check_name("Zoë")
    ('Ada', 'Zoë')
    >>> check_name("")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad name '': expected 1 to 24 printable characters
    """
    name = " ".join(str(text).split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise CasinoError(f"bad name {text!r}: expected 1 to {MAX_NAME} printable characters")
    return name


@enum.unique
class MatchStatus(enum.StrEnum):
    """Where a match stands: a seat is free, the tournament goes on, or it is over."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


@dataclass(slots=True)
class Match:
    """A tournament between two people (see the module's notes).

    ``names`` are the seats' players, by ``int(player)`` (``None``: free); ``call`` is the
    opener's call of the coin toss; ``state`` is the position (``None`` until both are
    seated), ``log`` every move, ``rng`` the shuffles.
    """

    names: list[str | None]
    call: Coin
    rng: np.random.Generator
    state: State | None = None
    log: GameLog = field(default_factory=GameLog)
    toss: Coin | None = None
    finished: bool = False
    #: Who resigned (the other won), if anyone did.
    resigned: Player | None = None
    #: The player who asked to take back their last move, until the other answers.
    takeback: Player | None = None
    #: Moves taken back by agreement so far.
    takebacks: int = 0

    @classmethod
    def open(cls, name: str, call: Coin | str = Coin.HEADS, *, rng: RNGLike = None) -> Match:
        """A new table: ``name`` sits in the first seat and calls the coin toss."""
        coin = call if isinstance(call, Coin) else Coin.parse(call)
        return cls([check_name(name), None], coin, as_generator(rng))

    # --- seats ---------------------------------------------------------------------------

    @property
    def status(self) -> MatchStatus:
        """Waiting for a second player, playing, or over."""
        if self.finished:
            return MatchStatus.OVER
        return MatchStatus.WAITING if self.state is None else MatchStatus.PLAYING

    @property
    def free_seat(self) -> Player | None:
        """The seat no one has taken yet (``None``: both taken)."""
        return next((player for player in Player if self.names[player] is None), None)

    def name(self, player: Player) -> str:
        """The name of the player in seat ``player`` (``?`` while it is free)."""
        return self.names[player] or "?"

    def join(self, name: str) -> Player:
        """``name`` takes the free seat; the coin is tossed and round 1 dealt. Returns the
        seat. Refused (a :class:`~croupier.casino.errors.TurnError`) when both are taken,
        and (a :class:`~croupier.casino.errors.CasinoError`) when ``name`` is the other
        player's, whatever its case: every line naming a player would be ambiguous."""
        seat = self.free_seat
        if seat is None:
            raise TurnError("both seats at this table are taken: watch it instead")
        checked, other = check_name(name), self.names[seat.other]
        if other is not None and checked.casefold() == other.casefold():
            raise CasinoError(
                f"bad name {name!r}: {other} sits at this table already: expected another name"
            )
        self.names[seat] = checked
        self.toss = toss_coin(self.rng)
        first = toss_winner(self.call, self.toss)
        self.state = new_tournament(first, rng=self.rng)
        return seat

    # --- the game ------------------------------------------------------------------------

    @property
    def to_move(self) -> Player | None:
        """The player whose turn it is (``None``: not started, or over)."""
        if self.state is None or self.finished:
            return None
        return self.state.next_player

    def _playing(self) -> State:
        if self.finished:
            raise TurnError("the tournament is over")
        if self.state is None:
            raise TurnError("the tournament starts when a second player sits down")
        return self.state

    def play(self, player: Player, move: Move | str) -> Turn:
        """``player``'s move (checked by the rules: an illegal one raises
        :class:`~croupier.casino.errors.IllegalMoveError`); it withdraws any take-back
        asked. Refused off ``player``'s turn."""
        state = self._playing()
        if state.next_player is not player:
            raise TurnError(
                f"it is {self.name(state.next_player)}'s turn, not {self.name(player)}'s"
            )
        turn, self.log = play_move(state, self.log, move, self.rng)
        self.state = turn.state
        self.takeback = None
        if turn.round_end is not None and turn.round_end.tournament_over:
            self.finished = True
        return turn

    def play_parts(self, player: Player, card: str, action: str, items: Sequence[str] = ()) -> Turn:
        """``player``'s move put together from its parts as a page sends them (see
        :func:`~croupier.casino.session.move_from_parts`), checked and played as
        :meth:`play` does."""
        state = self._playing()
        if state.next_player is not player:
            raise TurnError(
                f"it is {self.name(state.next_player)}'s turn, not {self.name(player)}'s"
            )
        return self.play(player, move_from_parts(state, card, action, items))

    def ask_takeback(self, player: Player) -> None:
        """``player`` asks to take back their last move of this round (and the other's
        reply, if it came); it happens when the other agrees (:meth:`answer_takeback`)."""
        state = self._playing()
        take_back(state, self.log, player)  # refused, with the reason, if nothing to take
        if self.takeback is player.other:
            raise TurnError(f"{self.name(player.other)} asked first: answer that request")
        self.takeback = player

    def answer_takeback(self, player: Player, *, accept: bool) -> tuple[Move, ...]:
        """``player`` answers the other's request: agreed, the moves are taken back and
        returned (in the order they were played); refused, ``()``."""
        state = self._playing()
        asker = self.takeback
        if asker is None or asker is player:
            raise TurnError(f"{self.name(player.other)} has asked for no take-back")
        self.takeback = None
        if not accept:
            return ()
        self.state, self.log, taken = take_back(state, self.log, asker)
        self.takebacks += 1
        return taken

    def resign(self, player: Player) -> None:
        """``player`` gives up: the tournament is over, and the other wins it."""
        self._playing()
        self.resigned = player
        self.finished = True
        self.takeback = None

    @property
    def winner(self) -> Player | None:
        """The winner of a finished tournament (``None``: going on, or a tie)."""
        if not self.finished:
            return None
        if self.resigned is not None:
            return self.resigned.other
        assert self.state is not None
        human, computer = self.totals
        if human == computer:
            return None
        return Player.HUMAN if human > computer else Player.COMPUTER

    @property
    def totals(self) -> tuple[int, int]:
        """The tournament's scores (once a round is over, its points included)."""
        if self.state is None:
            return (0, 0)
        return self.state.totals() if self.state.is_round_over else self.state.scores

    def observe(self, player: Player) -> Observation:
        """The position as ``player`` sees it: their hand, never the other's nor the deck."""
        if self.state is None:
            raise TurnError("the tournament starts when a second player sits down")
        return self.state.observe(player)

    # --- saving --------------------------------------------------------------------------

    def copy(self) -> Match:
        """A copy to change, leaving this match as it is (its positions and log are
        immutable values: only the seats and the shuffles' generator are copied).

        >>> match = Match.open("Ada", rng=1)
        >>> copy = match.copy()
        >>> _ = copy.join("Ben")
        >>> match.free_seat, copy.free_seat
        (<Player.COMPUTER: 1>, None)
        """
        return replace(self, names=list(self.names), rng=deepcopy(self.rng))

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready data (see :meth:`from_dict`)."""
        return {
            "names": list(self.names),
            "call": self.call.value,
            "rng": self.rng.bit_generator.state,
            # a finished round's position is the log's last: a save holds a round to play
            "state": None
            if self.state is None or self.state.is_round_over
            else format_save(self.state),
            "log": format_log(self.log),
            "toss": None if self.toss is None else self.toss.value,
            "finished": self.finished,
            "resigned": None if self.resigned is None else self.resigned.key,
            "takeback": None if self.takeback is None else self.takeback.key,
            "takebacks": self.takebacks,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """The match saved by :meth:`to_dict` (checked as strictly as a save file).

        >>> match = Match.open("Ada", "tails", rng=2)
        >>> _ = match.join("Ben")
        >>> Match.from_dict(match.to_dict()).to_dict() == match.to_dict()
        True
        """
        names = [None if name is None else check_name(name) for name in data["names"]]
        if len(names) != 2:
            raise CasinoError(f"bad saved match: {len(names)} seats")
        rng = np.random.default_rng()
        rng.bit_generator.state = data["rng"]
        log = parse_log(data["log"], "the saved match's log")
        finished = bool(data["finished"])
        if data["state"] is not None:
            state: State | None = parse_save(data["state"], "the saved match")
        else:
            state = log.current if finished else None
        last = log.current
        # the last move may have ended a round: the log ends there, the state is the next deal
        if (
            state is not None
            and last is not None
            and last != state
            and not (last.is_round_over and last.round_number < state.round_number)
        ):
            raise CasinoError("bad saved match: its log does not lead to its position")

        def player(key: object) -> Player | None:
            return None if key is None else Player.parse(str(key))

        toss = data["toss"]
        return cls(
            names,
            Coin.parse(data["call"]),
            rng,
            state,
            log,
            None if toss is None else Coin.parse(toss),
            finished,
            player(data["resigned"]),
            player(data["takeback"]),
            int(data["takebacks"]),
        )
