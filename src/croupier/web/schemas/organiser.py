"""The organiser's page's contract: the room at a glance.

``GET /api/organiser`` (for the one who started the server: the organiser's token, given
once as ``/organiser?token=...``, kept in a cookie) answers an :class:`OrganiserView`:
the shared tables and who sits at each, the standings of the Casino tournaments played
between people, and everyone who gave a name: the tables they sit at, their puzzle
rating and their counting drills.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypedDict

from croupier.web.schemas.common import closed

__all__ = ["OrganiserView", "PersonView", "ServerFigures", "Standing", "TableEntry", "TableList"]


@closed
class TableEntry(TypedDict):
    """A shared table, as the lobby lists it."""

    id: str
    kind: Literal["casino", "baccarat"]
    title: str
    status: Annotated[
        str, Field(description="casino: waiting, playing or over; baccarat: open or betting")
    ]
    players: Annotated[list[str], Field(description="the names of those seated")]
    seats_free: Annotated[int, Field(ge=0)]
    round: Annotated[int | None, Field(description="casino: the round under way")]
    scores: Annotated[list[int] | None, Field(description="casino: each seat's score")]
    path: str
    updated: Annotated[float, Field(description="when it last changed (seconds since 1970)")]
    watchers: Annotated[int, Field(ge=0, description="browsers following it in this process")]


@closed
class TableList(TypedDict):
    """The shared tables, the most recently changed first."""

    tables: list[TableEntry]


@closed
class Standing(TypedDict):
    """A player's Casino tournaments against people, finished ones only."""

    name: str
    played: Annotated[int, Field(ge=0)]
    won: Annotated[int, Field(ge=0)]
    lost: Annotated[int, Field(ge=0)]
    tied: Annotated[int, Field(ge=0)]
    resigned: Annotated[int, Field(ge=0)]
    points_for: Annotated[int, Field(ge=0)]
    points_against: Annotated[int, Field(ge=0)]


@closed
class PersonView(TypedDict):
    """Someone who gave a name at a shared table."""

    name: str
    tables: Annotated[list[str], Field(description="the titles of the tables they sit at")]
    puzzle_rating: Annotated[int | None, Field(description="Glicko-2 (None: no puzzle yet)")]
    puzzle_deviation: int | None
    puzzles_solved: Annotated[int, Field(ge=0)]
    puzzles_tried: Annotated[int, Field(ge=0)]
    drills: Annotated[int, Field(ge=0, description="counting drills finished")]
    drill_questions: Annotated[int, Field(ge=0)]
    drill_accuracy: Annotated[float | None, Field(description="share of counts given right")]
    last_drill: str | None


@closed
class ServerFigures(TypedDict):
    """What the server holds."""

    sessions: Annotated[int, Field(ge=0)]
    games: Annotated[int, Field(ge=0, description="games kept in sessions")]
    data_bytes: Annotated[int, Field(ge=0)]
    tables: Annotated[int, Field(ge=0, description="shared tables listed here")]


@closed
class OrganiserView(TypedDict):
    """The room at a glance."""

    tables: list[TableEntry]
    standings: list[Standing]
    people: list[PersonView]
    server: ServerFigures
