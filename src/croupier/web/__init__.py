"""croupier in the browser: ``croupier serve`` runs this app (FastAPI on uvicorn).

Needs the ``web`` extra (``pip install 'croupier[web]'``). The app is built by
:func:`croupier.web.app.create_app`; everything it serves ships in this package
(templates/, static/): no CDN, no build step, no request leaves the machine.

Layout:

- ``app.py``: the app factory, the lobby and the list of games (:data:`~croupier.web.app.GAMES`);
- ``sessions.py``: per-browser sessions (a signed random id in an HttpOnly,
  SameSite=Strict cookie), each game's state in a named
  :class:`~croupier.web.sessions.Slot`, written to the store after every change (only
  the games that changed, only if no other request changed them meanwhile);
- ``store/``: the database every server process shares (SQLite by default, PostgreSQL
  with ``--database``), its migrations, limits and pruning;
- ``guard.py``: the Host check, cross-site refusals, the join code of a shared server,
  body limits and timeouts; ``server.py``: uvicorn, several server processes, the
  request-head timeout;
- ``errors.py``: library errors and unreadable requests become a 4xx with a one-line
  reason (``{"error": "..."}``), never a traceback; :class:`~croupier.web.errors.ApiError`
  for refusals of the route's own;
- ``compute.py``: the worker processes for searches and calculations; ``jobs.py``: long
  calculations started by one request and polled by others, with progress and a bound;
- ``schemas/``: the answer models of every route (the OpenAPI description, served at
  ``/api/openapi.json``, is the contract with the pages' scripts); ``answers.py``: a
  route's answer checked against its model and written as JSON;
- ``pages.py``: :class:`~croupier.web.pages.GamePage`, the templates, cards as JSON;
- one module per game page: ``baccarat.py`` (and ``baccarat_trainer.py``, the counting
  trainer), ``poker.py``, ``casino.py`` (the table, the review's replay, the puzzles).

How to add a game page (a new game, say Dice at ``/dice``; the existing pages are
built this way):

1. Write ``croupier/web/dice.py`` with ``router = APIRouter()`` and
   ``PAGE = GamePage(key="dice", title="Dice", path="/dice", summary="...",
   router=router)``. Add ``dice.PAGE`` to ``GAMES`` in ``app.py``: the lobby and the
   header link to it.
2. Keep the game's state in the session: an object with ``to_dict()`` and a
   ``Slot("dice", YourState.from_dict)``. In each route,
   ``with open_session(request) as session:`` (``async with open_session(request,
   SLOT)`` in an ``async`` route) then ``session.get(SLOT)`` / ``session.put(SLOT,
   state)``, and build the answer inside the block; the change is saved when the block
   ends without an error, and dropped (the last saved state comes back) when it raises.
3. Declare the request models beside the routes and the answer models in
   ``schemas/dice.py`` (``RequestModel`` and ``Answer`` subclasses: bounds in
   ``Field`` and ``Literal``); give each route ``response_model=`` and
   ``responses=answers(*CHANGES)`` (``*READS`` for a route that only reads), and
   return ``answer(request, view)`` (:mod:`croupier.web.answers`). Read every request
   field with the library's parsers; let their croupier errors propagate (they become
   a 422 with the message); raise ``ApiError(4xx, "reason")`` for the route's own
   refusals. Routes only parse, call the library and build JSON: no game logic here.
4. The page: ``templates/dice.html`` extends ``base.html``; render it with
   ``render(request, "dice.html", title="Dice", state=...)``: ``state`` reaches
   the page's script as JSON in ``<script type="application/json" id="state">``.
   Its script, ``static/dice.js``, uses the helpers of ``static/croupier.js``
   (``croupier.api``, ``croupier.cardElement``, ``croupier.announce``...). The
   Content-Security-Policy allows only this server's own scripts and styles: no inline
   ``<script>`` code or ``style=""`` attributes (set styles from scripts instead).
5. Heavy work never runs in the server process: ``await
   request.app.state.compute.call(function, *args)`` for an answer the request waits
   for (a search with a deadline), ``request.app.state.jobs.start(f"{session_id}:dice-roll",
   functools.partial(work, ...))`` for a job to poll (see ``poker.py``: the owner is the
   browser and the kind of job, and a new job cancels the owner's last, so one of each
   kind at a time); the function and its arguments must be picklable (module-level). The
   page shows a job's progress with ``croupier.watchJob``, and drops an answer that
   comes after a newer question (see ``jobs()`` in ``static/poker.js``).
6. Tests: API tests in ``tests/web/test_dice.py`` with the ``client`` fixture, and
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
