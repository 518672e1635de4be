"""The organiser's page (``/organiser``): the shared tables, who sits where, the Casino
standings, everyone's puzzle rating and counting drills.

It is for the one who started the server: ``croupier serve`` prints its link with the
organiser's token (a keyed hash of the store's secret: every server process sharing the
database knows it, and it stays the same across restarts). Opening the link keeps the
token in an ``HttpOnly; SameSite=Strict`` cookie and drops it from the address; any
request without it is refused (403).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import defaultdict
from typing import Annotated, Any, Final

from fastapi import Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from croupier.casino.puzzles import PuzzleHistory
from croupier.web.answers import answer
from croupier.web.dependencies import StoreService, TablesService
from croupier.web.errors import ApiError
from croupier.web.pages import game_router
from croupier.web.people import PERSON, Person
from croupier.web.schemas import READS, answers
from croupier.web.schemas.organiser import (
    OrganiserView,
    PersonView,
    Standing,
    TableEntry,
    TableList,
)
from croupier.web.store import Store, TableRow
from croupier.web.tables import Tables
from croupier.web.templating import render

__all__ = ["ORGANISER_COOKIE", "organiser_token", "router", "table_entries"]

router = game_router("organiser")

#: The cookie holding the organiser's token.
ORGANISER_COOKIE: Final = "croupier_organiser"
#: Tables and people the page lists at most.
MAX_LISTED: Final = 500
#: The puzzles' slot in a session (the puzzle page's).
PUZZLE_SLOT: Final = "casino-puzzles"


def organiser_token(secret: bytes) -> str:
    """The organiser's token for the store whose secret is ``secret``.

    >>> len(organiser_token(b"k" * 32)), organiser_token(b"a") == organiser_token(b"b")
    (24, False)
    """
    return hmac.new(secret, b"organiser", hashlib.sha256).hexdigest()[:24]


def _check(request: Request, store: Store) -> None:
    given = request.cookies.get(ORGANISER_COOKIE, "")
    if not hmac.compare_digest(given.encode(), organiser_token(store.secret()).encode()):
        raise ApiError(
            403, "the organiser's page: open the link croupier serve printed when it started"
        )


def table_entries(tables: Tables, rows: list[TableRow]) -> list[TableEntry]:
    """The tables as the lobby lists them."""
    entries: list[TableEntry] = []
    for row in rows:
        summary = row.summary
        casino = row.kind == "casino"
        path = f"/casino/tables/{row.id}" if casino else f"/baccarat/tables/{row.id}"
        scores = summary.get("scores")
        entries.append(
            {
                "id": row.id,
                "kind": "casino" if casino else "baccarat",
                "title": str(summary.get("title", "")),
                "status": str(summary.get("status", "")),
                "players": [str(name) for name in summary.get("players", [])],
                "seats_free": int(summary.get("seats_free", 0)),
                "round": summary.get("round"),
                "scores": None if scores is None else [int(s) for s in scores],
                "path": path,
                "updated": row.updated,
                "watchers": tables.hub.watching(row.id),
            }
        )
    return entries


def standings(rows: list[TableRow]) -> list[Standing]:
    """Each player's finished Casino tournaments against people, best first."""
    table: dict[str, Standing] = {}
    for row in rows:
        result = row.summary.get("result") if row.kind == "casino" else None
        if not result:
            continue
        names, totals = result["names"], result["totals"]
        for seat in (0, 1):
            name = str(names[seat])
            line = table.setdefault(
                name,
                {"name": name, "played": 0, "won": 0, "lost": 0, "tied": 0, "resigned": 0,
                 "points_for": 0, "points_against": 0},
            )  # fmt: skip
            line["played"] += 1
            winner = result["winner"]
            if winner is None:
                line["tied"] += 1
            elif winner == seat:
                line["won"] += 1
            else:
                line["lost"] += 1
            line["resigned"] += int(result.get("resigned") == seat)
            line["points_for"] += int(totals[seat])
            line["points_against"] += int(totals[1 - seat])
    return sorted(table.values(), key=lambda s: (-s["won"], s["lost"], -s["points_for"], s["name"]))


def _seated(rows: list[TableRow], store: Store) -> dict[str, list[str]]:
    """The titles of the tables each browser (session id) sits at."""
    found: dict[str, list[str]] = defaultdict(list)
    for row in rows:
        full = store.table_get(row.id)
        if full is None or full.data is None:
            continue
        data = json.loads(full.data)
        if row.kind == "casino":
            sessions = [s for s in data.get("seats", []) if s]
        else:
            sessions = list(data.get("room", {}).get("seats", {}))
        title = str(row.summary.get("title", row.id))
        for session in sessions:
            found[session].append(title)
    return found


def people(store: Store, rows: list[TableRow]) -> list[PersonView]:
    """Everyone who gave a name: their tables, puzzles and drills."""
    slots: dict[str, dict[str, Any]] = defaultdict(dict)
    for session, name, data in store.named_slots(PERSON.name, [PUZZLE_SLOT], MAX_LISTED):
        slots[session][name] = data
    seated = _seated(rows, store)
    found: list[PersonView] = []
    for session, held in slots.items():
        try:
            person = Person.from_dict(json.loads(held[PERSON.name]))
        except (ValueError, KeyError, TypeError):
            continue
        history = None
        if PUZZLE_SLOT in held:
            try:
                history = PuzzleHistory.from_dict(json.loads(held[PUZZLE_SLOT])["history"])
            except (ValueError, KeyError, TypeError):
                history = None
        record = person.trainer
        tried = 0 if history is None else len(history.attempts)
        found.append(
            {
                "name": person.name,
                "tables": seated.get(session, []),
                "puzzle_rating": None if not tried or history is None
                else round(history.player.rating),
                "puzzle_deviation": None if not tried or history is None
                else round(history.player.deviation),
                "puzzles_solved": 0 if history is None else history.solved,
                "puzzles_tried": tried,
                "drills": record.drills,
                "drill_questions": record.asked,
                "drill_accuracy": record.accuracy,
                "last_drill": record.last,
            }
        )  # fmt: skip
    return sorted(found, key=lambda p: p["name"].lower())


@router.get("/organiser", response_class=HTMLResponse, responses=answers(*READS, 403, page=True))
def organiser_page(
    request: Request,
    store: StoreService,
    tables: TablesService,
    token: Annotated[str | None, Query(max_length=64)] = None,
) -> Response:
    """The organiser's page. Opened with ``?token=...`` (the link printed at start), it
    keeps the token in a cookie and goes to itself without it."""
    if token is not None:
        if not hmac.compare_digest(token.encode(), organiser_token(store.secret()).encode()):
            raise ApiError(403, "that is not the organiser's token")
        back = RedirectResponse("/organiser", 303)
        back.set_cookie(ORGANISER_COOKIE, token, httponly=True, samesite="strict",
                        max_age=30 * 86400)  # fmt: skip
        return back
    _check(request, store)
    return render(request, "organiser.html", title="Organiser", state=organiser_view(store, tables))


def organiser_view(store: Store, tables: Tables) -> OrganiserView:
    """The room at a glance."""
    rows = tables.summaries(MAX_LISTED)
    stats = store.stats()
    return {
        "tables": table_entries(tables, rows),
        "standings": standings(rows),
        "people": people(store, rows),
        "server": {
            "sessions": stats.sessions,
            "games": stats.slots,
            "data_bytes": stats.data_bytes,
            "tables": len(rows),
        },
    }


@router.get("/api/organiser", response_model=OrganiserView, responses=answers(*READS, 403))
def organiser_state(request: Request, store: StoreService, tables: TablesService) -> Response:
    """The room at a glance (the organiser's only: 403 without their token)."""
    _check(request, store)
    return answer(request, organiser_view(store, tables))


@router.get("/api/tables", response_model=TableList, responses=answers(*READS))
def table_list(request: Request, tables: TablesService) -> Response:
    """The shared tables, the most recently changed first (for the lobby)."""
    return answer(request, {"tables": table_entries(tables, tables.summaries(200))})
