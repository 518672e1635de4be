"""The poker page's named ranges (``/api/poker/ranges``): the saved ranges and the
presets a game may use as ``@name``, saved and deleted from the page, exported and
imported as text.

Where the saved ranges are kept: on a person's own server (``croupier serve`` without
``--public``: ``app.state.saved_ranges`` a file), in the file the terminal keeps
(:func:`croupier.poker.ranges.saved.book_path`), so that a range saved in one is used by
name in the other; on a shared server, in each browser's session in the server's store
(the ``poker-ranges`` slot), one player's never another's. :func:`names_from_shelf`,
a dependency of every poker route, tells the library which book this request's names
are read from (:func:`croupier.poker.ranges.saved.set_book`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Final

from fastapi import Depends, Request
from fastapi.responses import PlainTextResponse, Response

from croupier.poker.games import Game
from croupier.poker.ranges.saved import RangeBook, RangeFile, presets, set_book
from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.pages import game_router
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.poker import GameName
from croupier.web.schemas.poker_ranges import (
    ImportRangesRequest,
    NamedRange,
    RangesAnswer,
    SaveRangeRequest,
)
from croupier.web.sessions import Slot

__all__ = ["RANGES", "Shelf", "names_from_shelf", "router", "shelf"]

router = game_router("poker")

#: A shared server's player's saved ranges, in their session.
RANGES: Final = Slot("poker-ranges", RangeBook.from_dict)


@dataclass(frozen=True, slots=True)
class Shelf:
    """Where this browser's saved ranges are: the machine's file, else its session."""

    file: RangeFile | None
    chair: Seat[RangeBook]

    @property
    def kept(self) -> str:
        """``machine`` or ``session``."""
        return "session" if self.file is None else "machine"

    def read(self) -> RangeBook:
        """The saved ranges (the file read now)."""
        if self.file is not None:
            return self.file.read()
        found = self.chair.state
        return found if found is not None else RangeBook()

    def update(self, change: Callable[[RangeBook], RangeBook]) -> RangeBook:
        """``change`` the saved ranges and keep them: the file read and written under its
        lock (:meth:`RangeFile.update`), the session's written when the route ends."""
        if self.file is not None:
            return self.file.update(change)
        book = change(self.read())
        self.chair.put(book)
        return book


async def shelf(request: Request, chair: Annotated[Seat[RangeBook], seat(RANGES)]) -> Shelf:
    """The browser's :class:`Shelf` (a dependency)."""
    found = getattr(request.app.state, "saved_ranges", None)
    return Shelf(None if found is None else RangeFile(Path(found)), chair)


ShelfDep = Annotated[Shelf, Depends(shelf)]


async def names_from_shelf(found: ShelfDep) -> None:
    """Read the names of this request's range texts from the browser's shelf (set in the
    request's context, which the route's thread inherits; the file is read only when a
    text names a range)."""
    set_book(found.read)


def ranges_view(game: Game, book: RangeBook, kept: str) -> RangesAnswer:
    """The names ``game`` may use: the saved ones, then the presets."""
    saved: list[NamedRange] = [
        {"name": r.name, "text": r.text, "about": ""} for r in book.saved if r.game is game
    ]
    shown: list[NamedRange] = [
        {"name": p.name, "text": p.text, "about": p.description}
        for p in presets()
        if p.game is game
    ]
    return {"game": game.value, "saved": saved, "presets": shown, "kept": kept}


@router.get("/api/poker/ranges", response_model=RangesAnswer, responses=answers(*READS))
def list_ranges(request: Request, found: ShelfDep, game: GameName = "holdem") -> Response:
    """The names a game's ranges may use: this browser's saved ranges and the presets."""
    return answer(request, ranges_view(Game(game), found.read(), found.kept))


@router.put("/api/poker/ranges/{name}", response_model=RangesAnswer, responses=answers(*CHANGES))
def save_range(request: Request, name: str, body: SaveRangeRequest, found: ShelfDep) -> Response:
    """Keep a range under ``name`` for a game (replacing one of that name; a preset's
    name, a bad name or a text that is not a range of the game: a one-line 422)."""
    book = found.update(lambda book: book.with_range(name, body.text, body.game))
    return answer(request, ranges_view(Game(body.game), book, found.kept))


@router.delete("/api/poker/ranges/{name}", response_model=RangesAnswer, responses=answers(*CHANGES))
def delete_range(
    request: Request, name: str, found: ShelfDep, game: GameName = "holdem"
) -> Response:
    """Forget a saved range of a game (an unknown name: a one-line 422 naming the close
    ones)."""
    book = found.update(lambda book: book.without(name, game))
    return answer(request, ranges_view(Game(game), book, found.kept))


@router.get(
    "/api/poker/ranges.txt",
    response_class=PlainTextResponse,
    responses=answers(*READS, text=True),
)
def export_ranges(found: ShelfDep) -> Response:
    """Every game's saved ranges as text, one a line (``NAME GAME TEXT``), as ``croupier
    poker ranges export`` writes them and import reads them."""
    return PlainTextResponse(
        found.read().to_text(),
        headers={"Content-Disposition": 'attachment; filename="poker-ranges.txt"'},
    )


@router.post("/api/poker/ranges", response_model=RangesAnswer, responses=answers(*CHANGES))
def import_ranges(request: Request, body: ImportRangesRequest, found: ShelfDep) -> Response:
    """Add the ranges of an export (replacing those of the same name and game); a bad
    line is a one-line 422 naming its number, and nothing is saved."""
    book = found.update(lambda book: RangeBook.from_text(body.text, "the file", into=book))
    return answer(request, ranges_view(Game(body.game), book, found.kept))
