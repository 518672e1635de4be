"""The contract of the poker page's named ranges: the saved ranges and the presets a
game may use as ``@name``, and the request that saves one."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from croupier.poker.ranges.saved import MAX_TEXT
from croupier.web.schemas.common import RequestModel, closed
from croupier.web.schemas.poker import GameName

__all__ = ["ImportRangesRequest", "NamedRange", "RangesAnswer", "SaveRangeRequest"]


@closed
class NamedRange(TypedDict):
    """A range a game may use by name."""

    name: Annotated[str, Field(description="the name, used as @name in any range text")]
    text: Annotated[str, Field(description="the range it stands for")]
    about: Annotated[str, Field(description="what a preset is ('' for a saved range)")]


@closed
class RangesAnswer(TypedDict):
    """The names a game's ranges may use: this browser's saved ranges, then the presets."""

    game: Annotated[str, Field(description="the game (holdem, omaha...)")]
    saved: list[NamedRange]
    presets: list[NamedRange]
    kept: Annotated[
        str,
        Field(
            description="where the saved ranges are kept: 'machine' (the file the terminal "
            "shares) or 'session' (this browser's, on a shared server)"
        ),
    ]


class SaveRangeRequest(RequestModel):
    """A range to keep under a name, for a game."""

    game: GameName = "holdem"
    text: str = Field(min_length=1, max_length=MAX_TEXT)


class ImportRangesRequest(RequestModel):
    """Ranges to add, as ``croupier poker ranges export`` writes them (``NAME GAME TEXT``,
    one a line), and the game whose names the answer lists."""

    game: GameName = "holdem"
    text: str = Field(min_length=1, max_length=200_000)
