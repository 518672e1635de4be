"""croupier in the browser: ``croupier serve`` runs this app (FastAPI on uvicorn).

Needs the ``web`` extra (``pip install 'croupier[web]'``). The app is built by
:func:`croupier.web.app.create_app`; everything it serves ships in this package
(templates/, static/): no CDN, no build step, no request leaves the machine.

Layout (FastAPI's "bigger applications"):

- ``app.py``: the app factory (:func:`~croupier.web.app.create_app`) and the OpenAPI tags;
- ``routers/``: one router per page (the lobby, Baccarat, the counting trainer, poker,
  Casino's table, review and puzzles, the shared tables, the organiser, the jobs), and
  the games of the lobby
  (:data:`~croupier.web.routers.GAMES`);
- ``dependencies.py``: what a route declares it needs: the browser's session, a game's
  seat in it, the worker pool, the jobs, the store;
- ``schemas/``: the requests (Pydantic models, their bounds in ``Field`` and ``Literal``)
  and the answers (TypedDicts, checked by mypy where they are built) of every router;
  the OpenAPI description, served at ``/api/openapi.json``, is the contract with the
  pages' scripts;
- ``views/``: the answers built from the library's values (the JSON the pages draw), and
  the work the worker processes do for them;
- ``sessions.py``: per-browser sessions (a signed random id in an HttpOnly,
  SameSite=Strict cookie), each game's state in a named
  :class:`~croupier.web.sessions.Slot`, written to the store after every change (only
  the games that changed, only if no other request changed them meanwhile);
- ``store/``: the database every server process shares (SQLite by default, PostgreSQL
  with ``--database``), its migrations, limits and pruning;
- ``guard.py``: the Host check, cross-site refusals, the join code of a shared server
  (its wrong tries counted in the store), body limits and timeouts; ``server.py``:
  uvicorn, several server processes, the request-head timer (fenced by uvicorn's
  version);
- ``errors.py``: library errors and unreadable requests become a 4xx with a one-line
  reason (``{"error": "..."}``), never a traceback; :class:`~croupier.web.errors.ApiError`
  for refusals of the route's own;
- ``compute.py``: the worker processes for searches and calculations; ``jobs.py``: long
  calculations started by one request and polled by others, with progress and a bound;
- ``answers.py``: a route's answer written as JSON (and checked against its model in
  the tests); ``pages.py``: :class:`~croupier.web.pages.GamePage` and the page/state pair
  of routes every page has; ``templating.py``: the templates;
- ``tables.py``: the tables several browsers share (Casino between two people, the
  room's Baccarat), kept in the store with a version; ``live.py``: their live updates
  (server-sent events, each server process's watchers woken by its own changes and by a
  poll of the store for the others'); ``people.py``: the name a browser gave at a table,
  and its counting drills' record, for the organiser's page.

How to add a game page (a new game, say Dice at ``/dice``; the existing pages are
built this way):

1. Keep the game's state in the library (a game package: the rules, whose turn it is,
   every check), as an object with ``to_dict()`` and a ``from_dict`` that rebuilds it;
   the web keeps it in a ``Slot("dice", DiceGame.from_dict)`` of the browser's session.
2. Write ``schemas/dice.py``: the request models (``RequestModel`` subclasses, every
   field bounded) and the answers (``@closed`` TypedDicts).
3. Write ``views/dice.py`` (or, for one router's views, in the router): functions from
   the library's values to the answers' TypedDicts.
4. Write ``routers/dice.py`` with ``router = game_router("dice")``
   (:func:`~croupier.web.pages.game_router`: a FastAPI ``APIRouter`` whose routes a
   request passes over quickly, :class:`~croupier.web.pages.PathRoute`): the page and its
   state with :func:`~croupier.web.pages.page_and_state`; each change a route
   ``@router.post(path, response_model=DiceAnswer, responses=answers(*CHANGES))`` that
   takes its request and its seat (``Annotated[Seat[DiceGame], seat(SLOT)]``),
   calls the library, ``seat.put(game)``, and returns ``answer(request, view)`` (the
   session is saved when the route returns; a route that raises changes nothing).
   Library errors become a 422 with their message (a ``NotNowError``, a 409); raise
   ``ApiError(4xx, "reason")`` for the route's own refusals. Add the page to ``GAMES``
   (``routers/__init__.py``) and its tag to ``TAGS`` (``app.py``).
5. The page: ``templates/dice.html`` extends ``base.html``; its ``state`` reaches the
   page's script as JSON in ``<script type="application/json" id="state">``. Its
   script, ``static/dice.js``, uses the helpers of ``static/croupier.js``
   (``croupier.api``, ``croupier.cardElement``, ``croupier.announce``...). The
   Content-Security-Policy allows only this server's own scripts and styles: no inline
   ``<script>`` code or ``style=""`` attributes (set styles from scripts instead).
6. Heavy work never runs in the server process: ``await compute.call(function, *args)``
   (a ``ComputePool`` dependency) for an answer the request waits for (a search with a
   deadline), ``jobs.start(f"{owner}:dice-roll", functools.partial(work, ...))`` for a
   job to poll (see ``routers/poker.py``); the function and its arguments must be
   picklable (module-level). The page shows a job's progress with
   ``croupier.watchJob``.
7. Tests: API tests in ``tests/web/test_dice.py`` with the ``client`` fixture, and
   browser tests with the ``browser_page`` fixture of ``tests/web/conftest.py`` (mark
   them ``@pytest.mark.browser``; they check console errors and outside requests and
   save screenshots with ``screenshot(page, "name")``).
"""

from __future__ import annotations

__all__ = ["MISSING_EXTRA"]

#: The one line printed when the web extra is not installed.
MISSING_EXTRA = (
    "the web app needs the 'web' extra: pip install 'croupier[web]' "
    "(./croupier installs it for you)"
)
