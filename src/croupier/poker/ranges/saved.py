"""Ranges kept by name, and the presets: ``@name`` in any range text of any game.

A name stands for a range wherever range text is read (``poker calc``, ``poker hits``,
``poker range``, the web page), in every game: ``@btn`` alone, or as one part among
others, ``@btn, AKo@0`` (the button's range without AKo) or ``0.5(@btn)`` (hold'em's
group weight). :func:`resolve` puts each name's text in its place before the game's
parser reads the whole; every reader of range text calls it, so every front end has the
names for free.

The syntax cannot be mistaken for a range: a reference is ``@`` followed by a letter,
standing alone (after the start of the text, a space, a comma or an opening
parenthesis, and before the end, a space, a comma or a closing parenthesis), where a
weight is ``@`` followed by a digit and written after what it weighs (``AKs@50``, ``AA
@50`` in Omaha). A name is a letter, then letters, digits, ``-`` or ``_``, at most
:data:`MAX_NAME` characters, in any case (kept in lower case).

Names come from two places:

- the **presets** (:func:`presets`), read-only, from ``presets.tsv`` beside this module:
  the top-X% orders (``@top15`` in hold'em, Omaha and Omaha-5), Sklansky and Malmuth's
  groups (``@sklansky-1-2``) and opening ranges by position (``@open-6max-btn``);
- a :class:`RangeBook` of saved ranges, each kept for one game; the one a person keeps
  on this machine is a file in their data folder (:func:`book_path`, read and written by
  :class:`RangeFile`, atomically), shared by the terminal and ``croupier serve``; a
  shared server keeps one per player and says which with :func:`using_book`.

A saved range keeps its text with every name in it replaced (a snapshot: deleting
another name later changes nothing).

>>> book = RangeBook().with_range("btn", "22+, A2s+, KTs+", "holdem")
>>> book.expand("@btn, AKo", "holdem")
'22+, A2s+, KTs+, AKo'
>>> book.expand("@sklansky-1-2 QQ@0", "holdem")
'TT+, AJs+, KQs, AKo QQ@0'
>>> book.expand("AKs@50, JJ", "holdem")  # a weight is not a name
'AKs@50, JJ'
>>> book.expand("@bnt", "holdem")
Traceback (most recent call last):
...
croupier.poker.ranges.saved.RangeNameError: unknown range name '@bnt' in ... (close: @btn)
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from croupier.arguments import checked
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, variant_of

__all__ = [
    "MAX_NAME",
    "MAX_SAVED",
    "BookSource",
    "Preset",
    "RangeBook",
    "RangeFile",
    "RangeNameError",
    "SavedRange",
    "book_path",
    "check_name",
    "current_book",
    "presets",
    "resolve",
    "set_book",
    "using_book",
]

#: Longest name.
MAX_NAME: Final = 40
#: Most ranges one book keeps.
MAX_SAVED: Final = 1_000
#: Longest text of a saved range.
MAX_TEXT: Final = 10_000
#: The file of saved ranges in the data folder.
BOOK_FILE: Final = "poker-ranges.json"

_NAME: Final = re.compile(r"[a-z][a-z0-9_-]*\Z")
#: A name standing alone in range text.
_REFERENCE: Final = re.compile(r"(?<![^\s,(])@([A-Za-z][A-Za-z0-9_-]*)(?=$|[\s,)])")


class RangeNameError(PokerError):
    """A name that is not one, or names no range of the game (with the close names)."""


@checked
def check_name(name: str) -> str:
    """``name`` in lower case, without a leading ``@``, once it is a name (else a
    :class:`RangeNameError` naming it).

    >>> check_name("@BTN-open")
    'btn-open'
    >>> check_name("2x")
    Traceback (most recent call last):
    ...
    croupier.poker.ranges.saved.RangeNameError: bad range name '2x': expected a letter, then ...
    """
    found = name.strip().removeprefix("@").lower()
    if not _NAME.match(found) or len(found) > MAX_NAME:
        raise RangeNameError(
            f"bad range name {name.strip()!r}: expected a letter, then letters, digits, - or _ "
            f"(at most {MAX_NAME} characters)"
        )
    return found


def _game(game: Game | str) -> Game:
    return variant_of(game).game


def _label(game: Game) -> str:
    return variant_of(game).label


# --- the presets --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preset:
    """A read-only range of one game: its name, text, the top percentage it was computed
    from (``""``: written by hand) and what it is."""

    name: str
    game: Game
    text: str
    computed: str
    description: str


@functools.cache
def presets() -> tuple[Preset, ...]:
    """Every preset, in the order of the table (``presets.tsv``).

    >>> [p.text for p in presets() if p.name == "top15"]
    ['15%', '15%', '15%']
    >>> sorted({p.name.rsplit("-", 1)[0] for p in presets() if p.name.startswith("open-")})
    ['open-6max', 'open-9max']
    """
    found: list[Preset] = []
    lines = files(__package__).joinpath("presets.tsv").read_text("utf-8").splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")]
    for name, game, text, computed, description in rows[1:]:
        found.append(Preset(check_name(name), Game(game), text, computed, description))
    return tuple(found)


@functools.cache
def _presets_of(game: Game) -> dict[str, Preset]:
    return {p.name: p for p in presets() if p.game is game}


# --- a book of saved ranges ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SavedRange:
    """A range kept by name for one game."""

    name: str
    game: Game
    text: str


def _read_in(text: str, game: Game) -> None:
    """Read ``text`` as a range of ``game`` (its parser's error if it is not one)."""
    variant = variant_of(game)
    if variant.two_card:
        from croupier.poker.ranges.holdem import Range

        Range.parse(text, game=variant.game)
    else:
        from croupier.poker.ranges.holdings import HoleRange

        HoleRange.parse(text, variant.hole_cards)


@dataclass(frozen=True, slots=True)
class RangeBook:
    """Saved ranges (read-only: each change gives a new book), by game and name.

    >>> book = RangeBook().with_range("Wide", "AA@50, KK", "omaha")
    >>> book.find("wide", "omaha"), [r.name for r in book.saved]
    ('AA@50, KK', ['wide'])
    >>> RangeBook.from_text(book.to_text()) == book
    True
    """

    saved: tuple[SavedRange, ...] = ()

    def _mine(self, game: Game) -> dict[str, SavedRange]:
        return {r.name: r for r in self.saved if r.game is game}

    def names(self, game: Game | str) -> list[str]:
        """Every name a range of ``game`` may use: the saved ones, then the presets."""
        chosen = _game(game)
        return sorted(self._mine(chosen)) + list(_presets_of(chosen))

    def find(self, name: str, game: Game | str) -> str:
        """The text ``name`` stands for in ``game`` (a saved range first, then a preset);
        an unknown name is a :class:`RangeNameError` naming it and the close names."""
        chosen = _game(game)
        key = check_name(name)
        saved = self._mine(chosen).get(key)
        if saved is not None:
            return saved.text
        preset = _presets_of(chosen).get(key)
        if preset is not None:
            return preset.text
        close = difflib.get_close_matches(key, self.names(chosen), n=3, cutoff=0.6)
        elsewhere = sorted(
            {_label(r.game) for r in self.saved if r.name == key}
            | {_label(p.game) for p in presets() if p.name == key}
        )
        hint = f" (close: {', '.join('@' + c for c in close)})" if close else ""
        there = f"; it is a range of {' and '.join(elsewhere)}" if elsewhere else ""
        raise RangeNameError(
            f"unknown range name '@{key}' in {_label(chosen)}: expected a saved range or a "
            f"preset{hint}{there}"
        )

    def expand(self, text: str, game: Game | str) -> str:
        """``text`` with each name standing alone in it replaced by its range's text."""
        chosen = _game(game)
        return _REFERENCE.sub(lambda found: self.find(found[1], chosen), text)

    def with_range(self, name: str, text: str, game: Game | str) -> RangeBook:
        """The book with ``name`` kept for ``game`` as ``text`` (its names replaced),
        once the text reads as a range of the game (else the parser's error); a name
        already saved is replaced, a preset's name is refused."""
        chosen = _game(game)
        key = check_name(name)
        if key in _presets_of(chosen):
            raise RangeNameError(
                f"'{key}' is a preset of {_label(chosen)}: save the range under another name"
            )
        expanded = " ".join(self.expand(text, chosen).split())
        if len(expanded) > MAX_TEXT:
            raise RangeNameError(
                f"'{key}': a range of {len(expanded):,} characters: expected at most {MAX_TEXT:,}"
            )
        _read_in(expanded, chosen)
        others = tuple(r for r in self.saved if (r.game, r.name) != (chosen, key))
        if len(others) >= MAX_SAVED:
            raise RangeNameError(f"'{key}': a book keeps at most {MAX_SAVED:,} ranges")
        kept = (*others, SavedRange(key, chosen, expanded))
        return RangeBook(tuple(sorted(kept, key=lambda r: (r.game.value, r.name))))

    def without(self, name: str, game: Game | str) -> RangeBook:
        """The book without ``name`` of ``game`` (an unknown name is an error)."""
        chosen = _game(game)
        key = check_name(name)
        if key not in self._mine(chosen):
            if key in _presets_of(chosen):
                raise RangeNameError(f"'{key}' is a preset of {_label(chosen)}: it cannot go")
            self.find(key, chosen)  # the error, with the close names
        return RangeBook(tuple(r for r in self.saved if (r.game, r.name) != (chosen, key)))

    def merged(self, other: RangeBook) -> RangeBook:
        """This book with every range of ``other`` added (replacing those of its name)."""
        book = self
        for found in other.saved:
            book = book.with_range(found.name, found.text, found.game)
        return book

    # --- as data and as text ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The book as JSON-ready data: ``{"ranges": [{"name", "game", "text"}...]}``."""
        return {
            "ranges": [{"name": r.name, "game": r.game.value, "text": r.text} for r in self.saved]
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RangeBook:
        """The book :meth:`to_dict` gave (each range checked again)."""
        ranges = data.get("ranges")
        if not isinstance(ranges, list):
            raise RangeNameError("not a book of ranges: expected a list under 'ranges'")
        book = cls()
        for found in ranges:
            if not isinstance(found, dict):
                raise RangeNameError("not a book of ranges: expected name, game and text")
            missing = [key for key in ("name", "game", "text") if key not in found]
            if missing:
                raise RangeNameError(
                    f"not a book of ranges: a range without {missing[0]!r},"
                    " expected name, game and text"
                )
            book = book.with_range(str(found["name"]), str(found["text"]), str(found["game"]))
        return book

    def to_text(self) -> str:
        """The book as text, one range a line: ``NAME GAME TEXT`` (what
        :meth:`from_text` reads: ``poker ranges export`` and ``import``).

        >>> print(RangeBook().with_range("btn", "22+ , A2s+", "holdem").to_text(), end="")
        # croupier poker ranges: NAME GAME TEXT, one a line
        btn holdem 22+ , A2s+
        """
        lines = ["# croupier poker ranges: NAME GAME TEXT, one a line"]
        lines += [f"{r.name} {r.game.value} {r.text}" for r in self.saved]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(
        cls, text: str, source: str = "ranges", into: RangeBook | None = None
    ) -> RangeBook:
        """The book of :meth:`to_text`'s lines added to ``into`` (default: an empty
        book), replacing its ranges of the same name and game (blank lines and ``#``
        comments skipped; a line may use the names of ``into`` and of the lines before
        it); a bad line is an error naming it.

        >>> RangeBook.from_text("wide omaha AA, KK\\nwider omaha @wide, QQ").find("wider", "omaha")
        'AA, KK, QQ'
        >>> RangeBook.from_text("btn holdem 22+, 2x")
        Traceback (most recent call last):
        ...
        croupier.poker.ranges.saved.RangeNameError: ranges line 1: bad range token '2x' at ...
        """
        book = into if into is not None else cls()
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            words = line.split(None, 2)
            try:
                if len(words) < 3:
                    raise RangeNameError(f"{line.strip()!r}: expected NAME GAME TEXT")
                book = book.with_range(words[0], words[2], words[1])
            except PokerError as error:
                raise RangeNameError(f"{source} line {number}: {error}") from None
        return book


# --- the file of this machine's saved ranges ----------------------------------------------


def book_path() -> Path:
    """Where this machine's person keeps their saved ranges, for the terminal and the
    local browser alike: ``poker-ranges.json`` in the data folder
    (:func:`croupier.userdirs.data_directory`; on Linux ``~/.local/share/croupier``)."""
    from croupier import userdirs

    return userdirs.data_directory() / BOOK_FILE


@dataclass(frozen=True, slots=True)
class RangeFile:
    """A book of saved ranges kept in a JSON file (none there: an empty book)."""

    path: Path

    def read(self) -> RangeBook:
        """The book in the file (a missing file is an empty book; a bad one, an error
        naming it)."""
        from croupier.textfile import read_text

        if not self.path.exists():
            return RangeBook()
        text = read_text(self.path, RangeNameError)
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("expected a JSON object")
            return RangeBook.from_dict(data)
        except (ValueError, KeyError, RecursionError) as error:
            raise RangeNameError(f"{self.path}: not a book of ranges ({error})") from None

    def update(self, change: Callable[[RangeBook], RangeBook]) -> RangeBook:
        """Read the book, ``change`` it and write the result, while a lock beside the file
        is held (:func:`croupier.textfile.file_lock`), so that a range saved meanwhile by
        the terminal, a browser or another server process is kept; the new book.

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = RangeFile(Path(folder) / "poker-ranges.json")
        ...     _ = store.update(lambda book: book.with_range("a", "AA", "holdem"))
        ...     _ = store.update(lambda book: book.with_range("b", "KK", "holdem"))
        ...     [r.name for r in store.read().saved]
        ['a', 'b']
        """
        from croupier.textfile import file_lock

        with file_lock(self.path, RangeNameError, "the saved ranges"):
            book = change(self.read())
            self.write(book)
        return book

    def write(self, book: RangeBook) -> None:
        """Write ``book`` atomically (its folder made if need be); a failure names the
        file and leaves it as it was."""
        from croupier.textfile import write_atomic

        text = json.dumps(book.to_dict(), indent=1) + "\n"
        try:
            os.makedirs(self.path.parent, exist_ok=True)
            write_atomic(text, self.path, RangeNameError)
        except OSError as error:
            raise RangeNameError(
                f"{self.path}: cannot write the saved ranges ({error.strerror or error})"
            ) from None


# --- which book a text's names are read from ----------------------------------------------

#: Where names are read from, if not this machine's file: a book, or what reads one.
BookSource = RangeBook | Callable[[], RangeBook]

_BOOK: Final[contextvars.ContextVar[BookSource | None]] = contextvars.ContextVar(
    "croupier_range_book", default=None
)


def current_book() -> RangeBook:
    """The book names are read from: the one :func:`using_book` or :func:`set_book` gave,
    else this machine's file (:func:`book_path`), read now."""
    found = _BOOK.get()
    if found is None:
        return RangeFile(book_path()).read()
    return found if isinstance(found, RangeBook) else found()


def set_book(source: BookSource) -> contextvars.Token[BookSource | None]:
    """Read names from ``source`` (a book, or a function reading one when a name is
    first met) in the current context: a web request's, which ends with it."""
    return _BOOK.set(source)


@contextlib.contextmanager
def using_book(source: BookSource) -> Iterator[None]:
    """Read names from ``source`` (see :func:`set_book`) inside the ``with``."""
    token = set_book(source)
    try:
        yield
    finally:
        _BOOK.reset(token)


@checked
def resolve(text: str, game: Game | str) -> str:
    """``text`` with its names replaced (see the module's notes); a text without one is
    given back as it is, and no book is read for it.

    >>> resolve("TT+, AKs@50", "holdem")
    'TT+, AKs@50'
    >>> with using_book(RangeBook()):
    ...     resolve("@top10", "omaha5")
    '10%'
    """
    if "@" not in text or not _REFERENCE.search(text):
        return text
    return current_book().expand(text, game)
