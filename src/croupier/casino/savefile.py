"""Save files in the course's text format: canonical, atomic writes and careful reads.

A save file holds, in order: ``Round:``; the computer's and then the human's ``Score:``
(the tournament score before this round), ``Hand:`` and ``Pile:``, indented under
``Computer:`` and ``Human:``; ``Table:`` (builds in brackets, then loose cards); one
``Build Owner:`` line per build; ``Last Capturer:`` (left out while nobody has captured);
``Deck:`` (top first); ``Next Player:``; then two optional lines of croupier's own, after
the course's last one and always in this order: ``Level:`` (the computer's level of play,
see :mod:`~croupier.casino.levels`), and, only for a practice game (where moves were taken
back, see :class:`~croupier.casino.session.Session`), ``Practice: yes``. A file without
them (an older save, another program's) still reads: at the default level, not practice.
A line ``History:`` ends the position: in croupier's game file the moves of the game
follow it (:mod:`~croupier.casino.gamelog`), and this reader stops there.

Reading forgives spacing, indentation, blank lines, letter case, any card notation and a
missing ``Last Capturer:``, and refuses bad content with the line at fault: the 52 cards
exactly once, a known owner for every build, sums that make each build's value, the
owner holding a card of that value, a player to move who has a card.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=2)
>>> text = format_save(state)
>>> print(text[:text.index("Table")], end="")
Round: 1
<BLANKLINE>
Computer:
   Score: 0
   Hand: S3 SJ HQ DX
   Pile:
<BLANKLINE>
Human:
   Score: 0
   Hand: H3 H6 HX CQ
   Pile:
<BLANKLINE>
>>> parse_save(text) == state and format_save(parse_save(text)) == text
True
>>> from croupier.casino.levels import Level
>>> saved = format_save(state, Level.STRONG)
>>> saved.splitlines()[-1]
'Level: Strong'
>>> game = parse_game(saved)
>>> game.state == state, game.level, parse_game(text).level
(True, <Level.STRONG: 'strong'>, None)
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from croupier.arguments import checked
from croupier.cards import Card, CardError, CardStyle, format_cards
from croupier.casino.errors import CasinoError, SaveFileCardError, SaveFileError
from croupier.casino.levels import Level
from croupier.casino.notation import card_list, format_parts, parse_table
from croupier.casino.pieces import Build, Player
from croupier.casino.state import MAX_NUMBER, State, state_problems
from croupier.errors import CroupierError, check_type
from croupier.numerals import parse_whole
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text, write_atomic

__all__ = [
    "SavedGame",
    "format_save",
    "parse_game",
    "parse_save",
    "read_game",
    "read_save",
    "write_save",
    "write_text",
]

_INDENT = "   "
#: The players' blocks, in the order the file gives them.
_BLOCKS = (Player.COMPUTER, Player.HUMAN)


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a save file holds: the position, the level it was played at (``None``: the
    file names none, so the default), and whether it is a practice game."""

    state: State
    level: Level | None = None
    practice: bool = False


@checked
def format_save(state: State, level: Level | None = None, *, practice: bool = False) -> str:
    """The canonical save-file text of ``state`` (refused if the state is not sound), with
    a ``Level:`` line if ``level`` is given and then ``Practice: yes`` if ``practice``."""
    problems = state_problems(state)
    if problems:
        raise CasinoError(f"cannot save this position: {problems[0].message}")
    lines = [f"Round: {state.round_number}", ""]
    for player in _BLOCKS:
        lines += [
            f"{player.label}:",
            _line(f"{_INDENT}Score:", str(state.scores[player])),
            _line(f"{_INDENT}Hand:", format_cards(state.hands[player], CardStyle.CASINO)),
            _line(f"{_INDENT}Pile:", format_cards(state.piles[player], CardStyle.CASINO)),
            "",
        ]
    table = [format_parts(build.parts) for build in state.builds]
    table += [card.casino for card in state.loose]
    lines += [_line("Table:", " ".join(table)), ""]
    if state.builds:
        lines += [f"Build Owner: {build} {build.owner.label}" for build in state.builds]
        lines.append("")
    if state.last_capturer is not None:
        lines += [f"Last Capturer: {state.last_capturer.label}", ""]
    lines += [_line("Deck:", format_cards(state.deck, CardStyle.CASINO)), ""]
    lines.append(f"Next Player: {state.next_player.label}")
    if level is not None:
        lines += ["", f"Level: {level.label}"]
    if practice:
        lines += ["", "Practice: yes"]
    return "\n".join(lines) + "\n"


def _line(key: str, value: str) -> str:
    return f"{key} {value}" if value else key


@checked
def write_save(
    state: State,
    path: str | os.PathLike[str],
    level: Level | None = None,
    *,
    practice: bool = False,
) -> None:
    """Write ``state`` (with ``level``, a practice game if ``practice``) to ``path``
    atomically (see :func:`write_text`)."""
    write_text(format_save(state, level, practice=practice), path)


def write_text(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text`` to ``path`` atomically (:func:`croupier.textfile.write_atomic`); an
    empty file name, or one holding a NUL character, is a :class:`SaveFileError`."""
    write_atomic(text, path, SaveFileError)


@checked
def read_save(path: str | os.PathLike[str]) -> State:
    """The state saved in ``path`` (see :func:`parse_save`)."""
    return read_game(path).state


def read_game(path: str | os.PathLike[str]) -> SavedGame:
    """The game saved in ``path``: the state, the level and whether it is a practice game
    (see :func:`parse_game`)."""
    return parse_game(
        read_text(path, SaveFileError, max_bytes=MAX_GAME_FILE_BYTES), os.fspath(path)
    )


# --- reading -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    key: str  # lower case, single spaces
    label: str  # as written
    value: str


#: The line that ends the position in a game file: the game's moves follow it (see
#: :mod:`~croupier.casino.gamelog`), and the save file's reader stops there.
HISTORY = "History:"


def _lines(text: str, source: str) -> Iterator[_Line]:
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        label, colon, value = line.partition(":")
        if colon and not value.strip() and " ".join(label.lower().split()) == "history":
            return  # the moves of a game file follow: not the position's
        if not colon:
            raise SaveFileError(
                f"{source}, line {number}: expected 'Section: value', found {line!r}", number
            )
        yield _Line(number, " ".join(label.lower().split()), label.strip(), value.strip())


@dataclass(frozen=True, slots=True)
class _Section:
    """A section of the file: the name the reader looks it up by, the key its line
    starts with, how an error names it, and whether it may be left out or repeated."""

    name: str
    key: str
    label: str
    optional: bool = False
    repeated: bool = False


#: The sections in order.
_SECTIONS: tuple[_Section, ...] = (
    _Section("round", "round", "Round:"),
    *(
        section
        for player in _BLOCKS
        for section in (
            _Section(player.key, player.key, f"{player.label}:"),
            _Section(f"{player.key} score", "score", f"the {player.key}'s Score:"),
            _Section(f"{player.key} hand", "hand", f"the {player.key}'s Hand:"),
            _Section(f"{player.key} pile", "pile", f"the {player.key}'s Pile:"),
        )
    ),
    _Section("table", "table", "Table:"),
    _Section("build owner", "build owner", "Build Owner:", optional=True, repeated=True),
    _Section("last capturer", "last capturer", "Last Capturer:", optional=True),
    _Section("deck", "deck", "Deck:"),
    _Section("next player", "next player", "Next Player:"),
    _Section("level", "level", "Level:", optional=True),
    _Section("practice", "practice", "Practice:", optional=True),
)


class _Reader:
    """Parses one file; every error names the source and the line."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.where: dict[str, int] = {}  # state_problems' places -> line numbers
        self.card_lines: dict[Card, int] = {}

    def fail(
        self, line: int | None, message: str | Exception, *, card: bool = False
    ) -> SaveFileError:
        """The error at ``line``: ``message``, or the error met there (a card error stays one)."""
        where = f"{self.source}, line {line}" if line is not None else self.source
        card = card or isinstance(message, CardError)
        kind = SaveFileCardError if card else SaveFileError
        return kind(f"{where}: {message}", line)

    def cards(self, line: _Line) -> tuple[Card, ...]:
        try:
            cards = card_list(line.value)
        except CasinoError as exc:
            raise self.fail(line.number, exc) from None
        for card in cards:
            self.count(card, line.number)
        return cards

    def count(self, card: Card, number: int) -> None:
        if card in self.card_lines:
            first = self.card_lines[card]
            also = "earlier on this line" if first == number else f"also on line {first}"
            raise self.fail(
                number,
                f"{card.casino} appears twice ({also}): each card is in one place",
                card=True,
            )
        self.card_lines[card] = number

    def number(self, line: _Line, what: str, least: int) -> int:
        try:
            return parse_whole(line.value, what, low=least, high=MAX_NUMBER)
        except CroupierError as exc:
            raise self.fail(line.number, str(exc)) from None

    def player(self, line: _Line) -> Player:
        try:
            return Player.parse(line.value)
        except CasinoError as exc:
            raise self.fail(line.number, exc) from None

    def sections(self, text: str) -> dict[str, list[_Line]]:
        """The lines of ``text`` by section name, checked to come in the order of
        :data:`_SECTIONS`, none missing but the optional ones."""
        lines = list(_lines(text, self.source))
        position = 0
        found: dict[str, list[_Line]] = {}
        last = None
        for section in _SECTIONS:
            while position < len(lines) and lines[position].key == section.key:
                found.setdefault(section.name, []).append(lines[position])
                position += 1
                last = section
                if not section.repeated:
                    break
            if section.name in found or section.optional:
                continue
            if position < len(lines):
                line = lines[position]
                raise self.fail(
                    line.number, f"expected {section.label}, found {line.label + ':'!r}"
                )
            end = lines[-1].number if lines else None
            raise self.fail(end, f"the file ends before {section.label}")
        if position < len(lines):
            line = lines[position]
            final = last.label if last is not None else _SECTIONS[0].label
            raise self.fail(
                line.number, f"unexpected {line.label + ':'!r} after {final} (the last section)"
            )
        return found

    def parse(self, text: str) -> SavedGame:
        found = self.sections(text)

        def one(name: str) -> _Line:
            return found[name][0]

        for player in _BLOCKS:  # the Computer: and Human: headers stand alone
            header = one(player.key)
            if header.value:
                raise self.fail(
                    header.number,
                    f"'{header.label}:' heads its block: Score:, Hand: and Pile: go on the "
                    "lines below",
                )
        round_number = self.number(one("round"), "round", 1)
        scores = [0, 0]
        hands: list[tuple[Card, ...]] = [(), ()]
        piles: list[tuple[Card, ...]] = [(), ()]
        for player in _BLOCKS:
            score, hand, pile = (one(f"{player.key} {item}") for item in ("score", "hand", "pile"))
            scores[player] = self.number(score, "score", 0)
            hands[player] = self.cards(hand)
            piles[player] = self.cards(pile)
            self.where[f"score:{player.key}"] = score.number
            self.where[f"hand:{player.key}"] = hand.number
            self.where[f"pile:{player.key}"] = pile.number
        table_line = one("table")
        loose, parts_list = self.table(table_line)
        for parts in parts_list:  # each build's sums, before its owner is looked for
            try:
                Build(parts, Player.HUMAN)
            except CasinoError as exc:
                raise self.fail(table_line.number, exc) from None
        owners = self.owners(found.get("build owner", []), parts_list, table_line)
        last_lines = found.get("last capturer", [])
        last = self.player(last_lines[0]) if last_lines and last_lines[0].value else None
        deck = self.cards(one("deck"))
        next_player = self.player(one("next player"))
        level = None
        if "level" in found:
            try:
                level = Level.parse(one("level").value)
            except CasinoError as exc:
                raise self.fail(one("level").number, str(exc)) from None
        builds = []
        for index, (parts, (owner, owner_line)) in enumerate(zip(parts_list, owners, strict=True)):
            try:
                builds.append(Build(parts, owner))
            except CasinoError as exc:
                raise self.fail(table_line.number, exc) from None
            self.where[f"owner:{index}"] = owner_line
        self.where.update(
            round=one("round").number,
            table=table_line.number,
            deck=one("deck").number,
            next=one("next player").number,
        )
        state = State(
            hands=(hands[0], hands[1]),
            loose=loose,
            builds=tuple(builds),
            piles=(piles[0], piles[1]),
            deck=deck,
            next_player=next_player,
            last_capturer=last,
            scores=(scores[0], scores[1]),
            round_number=round_number,
        )
        problems = state_problems(state)
        if problems:
            where, message = problems[0]
            raise self.fail(self.where.get(where), message)
        return SavedGame(state, level, self.practice(found.get("practice", [])))

    def practice(self, lines: list[_Line]) -> bool:
        if not lines or lines[0].value.lower() in ("no", "n"):
            return False
        if lines[0].value.lower() in ("yes", "y"):
            return True
        raise self.fail(lines[0].number, f"bad practice {lines[0].value!r}: expected yes or no")

    def table(self, line: _Line) -> tuple[tuple[Card, ...], list[tuple[tuple[Card, ...], ...]]]:
        try:
            items = parse_table(line.value)
        except CasinoError as exc:
            raise self.fail(line.number, exc) from None
        loose: list[Card] = []
        builds: list[tuple[tuple[Card, ...], ...]] = []
        for item in items:
            if isinstance(item, Card):
                self.count(item, line.number)
                loose.append(item)
            else:
                for part in item:
                    for card in part:
                        self.count(card, line.number)
                builds.append(item)
        return tuple(loose), builds

    def owners(
        self,
        lines: list[_Line],
        builds: list[tuple[tuple[Card, ...], ...]],
        table_line: _Line,
    ) -> list[tuple[Player, int]]:
        keys = [frozenset(card for part in parts for card in part) for parts in builds]
        owners: dict[frozenset[Card], tuple[Player, int]] = {}
        for line in lines:
            build_text, _, owner_text = line.value.rpartition(" ")
            try:
                items = parse_table(build_text)
                owner = Player.parse(owner_text)
            except CasinoError as exc:
                raise self.fail(line.number, exc) from None
            if len(items) != 1 or isinstance(items[0], Card):
                raise self.fail(
                    line.number,
                    "expected one build in brackets, then Human or Computer, "
                    "as in 'Build Owner: [D5 H2] Computer'",
                )
            key = frozenset(card for part in items[0] for card in part)
            if key not in keys:
                raise self.fail(
                    line.number, f"the build {format_parts(items[0])} is not on the table"
                )
            if key in owners:
                raise self.fail(
                    line.number,
                    f"the build {format_parts(items[0])} already has an owner "
                    f"(line {owners[key][1]})",
                )
            owners[key] = (owner, line.number)
        result = []
        for key, parts in zip(keys, builds, strict=True):
            if key not in owners:
                raise self.fail(
                    table_line.number,
                    f"the build {format_parts(parts)} has no 'Build Owner:' line",
                )
            result.append(owners[key])
        return result


@checked
def parse_save(text: str, source: str = "save file") -> State:
    """The state written in save-file ``text``; errors name ``source`` and the line.

    >>> parse_save("Round: 1")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.SaveFileError: save file, line 1: the file ends before Computer:
    """
    return parse_game(text, source).state


def parse_game(text: str, source: str = "save file") -> SavedGame:
    """The game written in save-file ``text``: the state, the level and whether it is a
    practice game (see :func:`parse_save`); errors name ``source`` and the line, a bad
    level or practice value too."""
    return _Reader(source).parse(check_type(text, str, "text", "the save file's text (str)"))
