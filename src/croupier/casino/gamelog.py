"""Game logs: every move of a tournament, to replay and review it.

A :class:`GameLog` holds, round by round, the round's first position and the moves
played in it, in order, and the level the computer played at. Its text form reads like
the save file: a ``Casino game log`` title and an optional ``Level:`` line, then per
round the round's first position in the save-file format, and under ``Moves:`` one line
per move, ``Human: capture H8 C8``. Reading checks everything a save file's reader
checks, and that each move is legal and played by the player to move, and that each
round follows from the one before (same tournament scores, the next round number);
every error names the line.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=7)
>>> log = GameLog().add(state, Move.parse("capture H8 C8"))
>>> after = state.apply("capture H8 C8")
>>> log = log.add(after, Move.parse("trail DA"))
>>> text = format_log(log)
>>> print(text[text.index("Moves:"):], end="")
Moves:
   Human: capture H8 C8
   Computer: trail DA
>>> parse_log(text) == log
True
>>> len(log.rounds), log.rounds[0].end == after.apply("trail DA")
(1, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from croupier.casino.errors import CasinoError, SaveFileError
from croupier.casino.levels import Level
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.savefile import format_save, parse_save, write_text
from croupier.casino.state import State
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text

__all__ = [
    "TITLE",
    "GameLog",
    "LoggedRound",
    "format_log",
    "is_log_text",
    "log_path_for",
    "parse_log",
    "read_log",
    "write_log",
]

#: The first line of a game log.
TITLE = "Casino game log"


@dataclass(frozen=True, slots=True)
class LoggedRound:
    """One round: its first position and the moves played since, in order."""

    start: State
    moves: tuple[Move, ...] = ()

    def positions(self) -> Iterator[tuple[State, Move]]:
        """Each move with the position it was played in."""
        state = self.start
        for move in self.moves:
            yield state, move
            state = state.apply(move, check=False)

    @property
    def end(self) -> State:
        """The position after the last move."""
        state = self.start
        for move in self.moves:
            state = state.apply(move, check=False)
        return state


@dataclass(frozen=True, slots=True)
class GameLog:
    """Every move of a tournament so far, round by round, and the computer's level."""

    rounds: tuple[LoggedRound, ...] = ()
    level: Level | None = None

    def add(self, before: State, move: Move) -> GameLog:
        """The log with ``move`` played in ``before`` added: to the last round if
        ``before`` is where it ended, else as the first move of a new round."""
        rounds = self.rounds
        if rounds and rounds[-1].end == before:
            last = rounds[-1]
            return GameLog((*rounds[:-1], LoggedRound(last.start, (*last.moves, move))), self.level)
        return GameLog((*rounds, LoggedRound(before, (move,))), self.level)

    def without_last(self, count: int) -> GameLog:
        """The log with the last ``count`` moves of its last round taken back (a round
        left with no move goes too)."""
        if count <= 0 or not self.rounds:
            return self
        last = self.rounds[-1]
        if count > len(last.moves):
            raise ValueError(f"the last round has {len(last.moves)} moves, not {count}")
        kept = last.moves[: len(last.moves) - count]
        rounds = (*self.rounds[:-1], LoggedRound(last.start, kept)) if kept else self.rounds[:-1]
        return GameLog(rounds, self.level)

    def with_level(self, level: Level | None) -> GameLog:
        """The same moves, played at ``level``."""
        return GameLog(self.rounds, level)

    @property
    def moves(self) -> int:
        """Moves played in all."""
        return sum(len(logged.moves) for logged in self.rounds)

    @property
    def current(self) -> State | None:
        """The position after the last move (``None``: nothing logged)."""
        return self.rounds[-1].end if self.rounds else None


def format_log(log: GameLog) -> str:
    """The text of ``log`` (see the module's documentation)."""
    lines = [TITLE]
    if log.level is not None:
        lines.append(f"Level: {log.level.label}")
    text = "\n".join(lines) + "\n"
    for logged in log.rounds:
        moves = [f"   {state.next_player.label}: {move}" for state, move in logged.positions()]
        text += "\n" + format_save(logged.start) + "\n" + "\n".join(["Moves:", *moves]) + "\n"
    return text


def is_log_text(text: str) -> bool:
    """Whether ``text`` starts like a game log (rather than a save file)."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first.lstrip("\ufeff").lower() == TITLE.lower()


def parse_log(text: str, source: str = "game log") -> GameLog:
    """The log written in ``text``; errors name ``source`` and the line.

    >>> parse_log("Casino game log\\nLevel: Master")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.SaveFileError: game log, line 2: bad level 'Master': expected ...
    """
    lines = text.splitlines()
    numbered = [(n, line.strip().lstrip("\ufeff")) for n, line in enumerate(lines, 1)]
    numbered = [(n, line) for n, line in numbered if line]

    def fail(number: int | None, message: str) -> SaveFileError:
        where = f"{source}, line {number}" if number is not None else source
        return SaveFileError(f"{where}: {message}", number)

    if not numbered or numbered[0][1].lower() != TITLE.lower():
        found = repr(numbered[0][1]) if numbered else "an empty file"
        raise fail(numbered[0][0] if numbered else None, f"expected {TITLE!r}, found {found}")
    position = 1
    level = None
    if position < len(numbered) and _key(numbered[position][1]) == "level":
        number, line = numbered[position]
        try:
            level = Level.parse(line.partition(":")[2])
        except CasinoError as exc:
            raise fail(number, str(exc)) from None
        position += 1
    starts = [i for i in range(position, len(numbered)) if _key(numbered[i][1]) == "round"]
    if (not starts or starts[0] != position) and position < len(numbered):
        number, line = numbered[position]
        raise fail(number, f"expected Round: (a round's first position), found {line!r}")
    rounds: list[LoggedRound] = []
    for index, first in enumerate(starts):
        stop = starts[index + 1] if index + 1 < len(starts) else len(numbered)
        block = numbered[first:stop]
        moves_at = next((i for i, (_, line) in enumerate(block) if _key(line) == "moves"), None)
        if moves_at is None:
            raise fail(block[-1][0], "the round has no 'Moves:' line after its position")
        # The position, parsed at its own line numbers: blank lines stand for the rest.
        first_number = block[0][0]
        position_text = "\n" * (first_number - 1) + "\n".join(
            lines[first_number - 1 : block[moves_at][0] - 1]
        )
        start = parse_save(position_text, source)
        if rounds:
            _follows(rounds[-1], start, first_number, fail)
        state = start
        moves: list[Move] = []
        for number, line in block[moves_at + 1 :]:
            who, colon, notation = line.partition(":")
            if not colon:
                raise fail(number, f"expected 'Human: MOVE' or 'Computer: MOVE', found {line!r}")
            try:
                player = Player.parse(who)
                move = Move.parse(notation)
            except CasinoError as exc:
                raise fail(number, str(exc)) from None
            if state.is_round_over:
                raise fail(number, "the round is over: a new round starts with 'Round:'")
            if player is not state.next_player:
                raise fail(
                    number, f"it is the {state.next_player.key}'s turn, not the {player.key}'s"
                )
            try:
                state = state.apply(move)
            except CasinoError as exc:
                raise fail(number, str(exc)) from None
            moves.append(move)
        rounds.append(LoggedRound(start, tuple(moves)))
    return GameLog(tuple(rounds), level)


def _key(line: str) -> str:
    return " ".join(line.partition(":")[0].lower().split()) if ":" in line else ""


def _follows(
    previous: LoggedRound,
    start: State,
    number: int,
    fail: Callable[[int | None, str], SaveFileError],
) -> None:
    """Check that ``start`` is the round after ``previous``."""
    end = previous.end
    if not end.is_round_over:
        raise fail(number, f"round {end.round_number} is not over: its moves stop early")
    if start.round_number != end.round_number + 1 or start.scores != end.totals():
        human, computer = end.totals()
        raise fail(
            number,
            f"expected round {end.round_number + 1} with the scores human {human}, computer "
            f"{computer} (after round {end.round_number}), found round {start.round_number} "
            f"with human {start.scores[0]}, computer {start.scores[1]}",
        )


def read_log(path: str | os.PathLike[str]) -> GameLog:
    """The game log in ``path`` (see :func:`parse_log`)."""
    return parse_log(read_text(path, SaveFileError, max_bytes=MAX_GAME_FILE_BYTES), os.fspath(path))


def write_log(log: GameLog, path: str | os.PathLike[str]) -> None:
    """Write ``log`` to ``path`` atomically."""
    write_text(format_log(log), path)


def log_path_for(save: str | os.PathLike[str]) -> str:
    """Where the log of the game saved in ``save`` is kept: next to it, ``.log`` for its
    extension.

    >>> log_path_for("games/monday.txt"), log_path_for("monday")
    ('games/monday.log', 'monday.log')
    """
    root, extension = os.path.splitext(os.fspath(save))
    return root + (".log" if extension != ".log" else ".log.log")
