"""Game logs and game files: every move of a tournament, to replay and review it.

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

A **game file** is croupier's one file for a game: the save file of the position (the
course's format, exactly, then croupier's ``Level:`` and ``Practice:`` lines), a line
``History:``, then the rounds of the game's log that led to the position
(:func:`format_game_file`). The save file's reader stops at ``History:``, so every
command that reads a save reads a game file too; :func:`parse_game_file` reads the
moves as well, and also takes a plain save file (no moves) or a game log (the position
where its moves end). ``croupier casino play`` saves game files, and ``play --load``,
``review`` and the web page read them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from croupier.casino.errors import CasinoError, SaveFileError
from croupier.casino.levels import Level
from croupier.casino.moves import Move
from croupier.casino.pieces import HAND_SIZE, Player
from croupier.casino.savefile import HISTORY, format_save, parse_game, parse_save, write_text
from croupier.casino.state import State
from croupier.errors import check_type
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text

__all__ = [
    "TITLE",
    "GameFile",
    "GameLog",
    "LoggedRound",
    "format_game_file",
    "format_log",
    "is_log_text",
    "log_path_for",
    "parse_game_file",
    "parse_log",
    "read_game_file",
    "read_log",
    "write_game_file",
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

    def _repr_html_(self) -> str:
        """The position after the last move, that move marked, drawn in a notebook."""
        from croupier.casino.display import log_html

        return log_html(self)

    @property
    def current(self) -> State | None:
        """The position after the last move (``None``: nothing logged)."""
        return self.rounds[-1].end if self.rounds else None


def format_log(log: GameLog) -> str:
    """The text of ``log`` (see the module's documentation)."""
    lines = [TITLE]
    if log.level is not None:
        lines.append(f"Level: {log.level.label}")
    return "\n".join(lines) + "\n" + _format_rounds(log.rounds)


def _format_rounds(rounds: tuple[LoggedRound, ...]) -> str:
    """The rounds: each one's first position, ``Moves:`` and its moves."""
    text = ""
    for logged in rounds:
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
    numbered = _numbered(lines)
    fail = _failing(source)
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
    return GameLog(_parse_rounds(lines, numbered[position:], source), level)


def _numbered(lines: list[str]) -> list[tuple[int, str]]:
    """The lines that are not blank, stripped, with their numbers (from 1)."""
    numbered = [(n, line.strip().lstrip("\ufeff")) for n, line in enumerate(lines, 1)]
    return [(n, line) for n, line in numbered if line]


def _failing(source: str) -> Callable[[int | None, str], SaveFileError]:
    """How errors name ``source`` and the line."""

    def fail(number: int | None, message: str) -> SaveFileError:
        where = f"{source}, line {number}" if number is not None else source
        return SaveFileError(f"{where}: {message}", number)

    return fail


def _parse_rounds(
    lines: list[str], numbered: list[tuple[int, str]], source: str
) -> tuple[LoggedRound, ...]:
    """The rounds written in ``numbered`` (lines of ``lines``, which are the whole text):
    each a position in the save-file format, then ``Moves:`` and the moves."""
    fail = _failing(source)
    starts = [i for i in range(len(numbered)) if _key(numbered[i][1]) == "round"]
    if numbered and (not starts or starts[0] != 0):
        number, line = numbered[0]
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
    return tuple(rounds)


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


# --- the game file: a save file with the game's moves -----------------------------------


@dataclass(frozen=True, slots=True)
class GameFile:
    """What a game file holds: the position, the level it was played at (``None``: the
    default), whether it is a practice game, and the moves of the game that led to the
    position (``None``: the file holds none, a plain save file)."""

    state: State
    level: Level | None = None
    practice: bool = False
    log: GameLog | None = None


def format_game_file(
    state: State, log: GameLog, level: Level | None = None, *, practice: bool = False
) -> str:
    """The game file of ``state`` reached by the moves of ``log``: the save file (the
    course's format, then ``Level:`` and ``Practice:``), a ``History:`` line, then the
    rounds of the log as a game log writes them. Refused (a
    :class:`~croupier.casino.errors.CasinoError`) if ``log`` does not lead to ``state``.

    >>> from croupier.casino import Player, new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=7)
    >>> log = GameLog().add(state, Move.parse("capture H8 C8"))
    >>> text = format_game_file(log.current, log)
    >>> text.count("Round: 1"), text[text.index("History:"):].splitlines()[:3]
    (2, ['History:', '', 'Round: 1'])
    >>> game = parse_game_file(text)
    >>> game.state == log.current, game.log == log
    (True, True)
    """
    problem = _leading_problem(log, state)
    if problem is not None:
        raise CasinoError(f"cannot save this game: {problem}")
    return (
        format_save(state, level, practice=practice)
        + "\n"
        + HISTORY
        + "\n"
        + (_format_rounds(log.rounds))
    )


def _leading_problem(log: GameLog, state: State) -> str | None:
    """Why the moves of ``log`` do not lead to ``state`` (``None``: they do, or there are
    none). A position at the start of a round follows a log whose last round is over."""
    end = log.current
    if end is None or end == state:
        return None
    if (
        end.is_round_over
        and state.round_number == end.round_number + 1
        and state.scores == end.totals()
        and _is_first_position(state)
    ):
        return None
    return (
        f"the moves end in round {end.round_number}"
        + (" (over)" if end.is_round_over else "")
        + f", not at this position of round {state.round_number}"
    )


def _is_first_position(state: State) -> bool:
    """Whether nothing has been played yet in ``state``'s round: the first deal of full
    hands, and the rest of the deck."""
    dealt = len(state.hands[0]) + len(state.hands[1]) + len(state.loose)
    return dealt == 3 * HAND_SIZE and not state.builds and len(state.deck) == 52 - dealt


def parse_game_file(text: str, source: str = "game file") -> GameFile:
    """The game in ``text``: a save file (the course's format, with or without croupier's
    ``History:``), or a game log (its position is where its moves end). Errors name
    ``source`` and the line."""
    text = check_type(text, str, "text", "the game file's text (str)")
    if is_log_text(text):
        log = parse_log(text, source)
        if log.current is None:
            raise SaveFileError(f"{source}: the game log holds no move, so no position")
        return GameFile(log.current, log.level, False, log)
    saved = parse_game(text, source)
    lines = text.splitlines()
    numbered = _numbered(lines)
    at = next((i for i, (_, line) in enumerate(numbered) if _is_history(line)), None)
    if at is None:
        return GameFile(saved.state, saved.level, saved.practice, None)
    log = GameLog(_parse_rounds(lines, numbered[at + 1 :], source), saved.level)
    problem = _leading_problem(log, saved.state)
    if problem is not None:
        raise SaveFileError(f"{source}, line {numbered[at][0]}: {problem}", numbered[at][0])
    return GameFile(saved.state, saved.level, saved.practice, log)


def _is_history(line: str) -> bool:
    label, colon, value = line.partition(":")
    return bool(colon) and not value.strip() and " ".join(label.lower().split()) == "history"


def read_game_file(path: str | os.PathLike[str]) -> GameFile:
    """The game in the file at ``path`` (see :func:`parse_game_file`)."""
    return parse_game_file(
        read_text(path, SaveFileError, max_bytes=MAX_GAME_FILE_BYTES), os.fspath(path)
    )


def write_game_file(
    state: State,
    log: GameLog,
    path: str | os.PathLike[str],
    level: Level | None = None,
    *,
    practice: bool = False,
) -> None:
    """Write the game file of ``state`` and ``log`` to ``path`` atomically."""
    write_text(format_game_file(state, log, level, practice=practice), path)


def log_path_for(save: str | os.PathLike[str]) -> str:
    """Where the log of the game saved in ``save`` is kept: next to it, ``.log`` for its
    extension.

    >>> log_path_for("games/monday.txt"), log_path_for("monday")
    ('games/monday.log', 'monday.log')
    """
    root, extension = os.path.splitext(os.fspath(save))
    return root + (".log" if extension != ".log" else ".log.log")
