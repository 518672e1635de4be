"""The web app's routers, one per page (FastAPI's "bigger applications"), and the games
of the lobby (:data:`GAMES`).

- ``lobby.py``: the lobby (``/``), the list of shared tables, ``/healthz``;
- ``baccarat.py``: a table of one's own; ``baccarat_trainer.py``: the counting trainer;
  ``shared_baccarat.py``: a table the room shares;
- ``poker.py``: the equity calculator and the comparison; ``poker_ranges.py``: the named
  ranges (saved and presets);
- ``casino.py``: the table against the computer; ``casino_review.py``: a game's review;
  ``casino_puzzles.py``: the puzzles; ``match.py``: a table of two people;
- ``organiser.py``: the organiser's page, and the lobby's list of shared tables;
- ``jobs.py``: any job's progress and result.

Each router carries its tag (the OpenAPI description groups the routes by it). A route
reads its request (a model of :mod:`croupier.web.schemas`), takes what it needs as
dependencies (:mod:`croupier.web.dependencies`), calls the library, hands heavy work to
the worker pool, and answers a view (:mod:`croupier.web.views`).
"""

from __future__ import annotations

from typing import Final

from croupier.web.pages import GamePage
from croupier.web.routers import (
    baccarat,
    baccarat_trainer,
    casino,
    casino_puzzles,
    casino_review,
    match,
    poker,
    poker_ranges,
    shared_baccarat,
)
from croupier.web.views.baccarat import warm

__all__ = ["GAMES"]

#: The games of the lobby, in its order. A new game page adds its entry here.
GAMES: Final[tuple[GamePage, ...]] = (
    GamePage(
        key="baccarat",
        title="Baccarat",
        path="/baccarat",
        summary="Punto banco at a table with its own rules: chips, the five roads and the "
        "ask road, and the exact odds of every bet for the cards left in the shoe.",
        routers=(baccarat.router, baccarat_trainer.router, shared_baccarat.router),
        warm=warm,
    ),
    GamePage(
        key="poker",
        title="Poker",
        path="/poker",
        summary="Equity of hands and ranges for up to ten players in hold'em, Omaha and "
        "short-deck, exact or Monte Carlo, and which of two hands wins.",
        routers=(poker.router, poker_ranges.router),
    ),
    GamePage(
        key="casino",
        title="Casino",
        path="/casino",
        summary="The capture game against the computer at four levels (builds, hints with "
        "the expert's reasons, save and load, a review of your moves) or against a person.",
        routers=(casino.router, casino_review.router, casino_puzzles.router, match.router),
    ),
)
