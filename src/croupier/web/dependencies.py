"""What a route declares it needs, as FastAPI dependencies: the browser's session, a
game's seat in it, and the app's services.

A route takes what it uses as typed parameters, and FastAPI hands them over:

- :data:`BrowserSession`: this browser's :class:`~croupier.web.sessions.Session`, read
  when the request begins; the games the route changed (``put``, ``clear``) are written
  as its answer begins, before it leaves (by
  :class:`~croupier.web.sessions.SessionCookieMiddleware`), and nothing is written when
  the route raises (the game stays as last saved). A write that lost to another request
  of the same browser is a 409 in place of the answer;
- a seat: ``Annotated[Seat[Sitting], seat(SEAT)]``, one game's slot of the
  session, its state read before the route runs (``seat.state``, ``None`` for a
  browser without that game), changed with ``seat.put(state)`` or ``seat.clear()``;
  ``seat.require()`` is the state, or a 409 that says there is no game yet;
- :data:`ComputePool`, :data:`JobsService`, :data:`StoreService`,
  :data:`TablesService`: the app's worker pool, its jobs, its database and its shared
  tables; :data:`Owner`: the browser's session id (the owner of its jobs, and what a
  shared table knows its seats by).

The session is read and written on the event loop when the database is a local file
and the browser is known (a SQLite read or write takes microseconds, and a trip to a
worker thread and back cost as much as a whole light route), else on a worker thread (a
database over the network, and a new browser's first save, which may prune). A route
that is ``async`` then does its work on the loop: its state is read already (the seat's
dependency reads it the same way), and heavy work goes to the worker processes
(``await compute.call(...)``). A plain ``def`` route runs on a worker thread, as FastAPI
runs them. Every dependency here is ``async``: FastAPI runs a plain one on a worker
thread, a trip that costs more than the dependency. None is a generator (``yield``):
FastAPI's exit stack around one cost a light route a tenth of its time, so the session
is saved by the middleware that gives its cookie.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar

from anyio import to_thread
from fastapi import Depends, Request

from croupier.web.compute import Compute
from croupier.web.errors import ApiError
from croupier.web.jobs import Jobs
from croupier.web.sessions import Saveable, Session, Sessions, Slot
from croupier.web.store import Store
from croupier.web.tables import Tables

__all__ = [
    "BrowserSession",
    "ComputePool",
    "JobsService",
    "Owner",
    "Seat",
    "StoreService",
    "TablesService",
    "browser_session",
    "owner",
    "seat",
]

T = TypeVar("T", bound=Saveable)


async def _opened(request: Request, slot: Slot[Any] | None = None) -> Session:
    """This browser's session for the request (one per request, however many seats a
    route takes), read, and ``slot``'s game with it: on the loop or a worker thread (see
    the module's notes). :class:`~croupier.web.sessions.SessionCookieMiddleware` saves
    it as the answer begins."""
    state = request.scope["state"]
    session: Session | None = state.get("session")
    if session is None:
        sessions: Sessions = request.app.state.sessions
        inline = sessions.store.local and state.get("fresh_session") is False
        session = Session(sessions, state["session_id"], state.get("client_key"), inline=inline)
        fresh = session

        def read() -> None:
            fresh.begin()
            if slot is not None:
                fresh.get(slot)

        if inline:
            read()
        else:
            await to_thread.run_sync(read)
        state["session"] = session
    elif slot is not None:
        if session.inline:
            session.get(slot)
        else:
            await to_thread.run_sync(session.get, slot)
    return session


async def browser_session(request: Request) -> Session:
    """This browser's session for the request: read first, written as the answer begins
    when the route returned without error."""
    return await _opened(request)


#: This browser's session for the request.
BrowserSession = Annotated[Session, Depends(browser_session)]


class Seat(Generic[T]):
    """One game's slot in the browser's session, for one request."""

    __slots__ = ("session", "slot")

    def __init__(self, session: Session, slot: Slot[T]) -> None:
        self.session = session
        self.slot = slot

    @property
    def state(self) -> T | None:
        """The game in the slot (``None``: this browser has none)."""
        return self.session.get(self.slot)

    def require(self, missing: str = "no game yet: start one first") -> T:
        """The game in the slot, or a 409 saying ``missing``."""
        found = self.session.get(self.slot)
        if found is None:
            raise ApiError(409, missing)
        return found

    def put(self, state: T) -> None:
        """Keep ``state`` in the slot (written when the route returns)."""
        self.session.put(self.slot, state)

    def clear(self) -> None:
        """Empty the slot (written when the route returns)."""
        self.session.clear(self.slot)


def seat(slot: Slot[T]) -> Any:
    """The dependency (``Depends``) giving a route ``slot``'s :class:`Seat`, its state
    read already (on the loop or a worker thread, as the session is)."""

    async def dependency(request: Request) -> Seat[T]:
        return Seat(await _opened(request, slot), slot)

    dependency.__name__ = f"seat_{slot.name.replace('-', '_')}"
    return Depends(dependency)


async def owner(request: Request) -> str:
    """The browser's session id: the owner of the jobs it starts."""
    session_id: str = request.scope["state"]["session_id"]
    return session_id


async def _compute(request: Request) -> Compute:
    pool: Compute = request.app.state.compute
    return pool


async def _jobs(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


async def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


async def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


#: The worker pool for searches (the Casino computer, hints).
ComputePool = Annotated[Compute, Depends(_compute)]
#: The long jobs (reviews, equities), shared through the store.
JobsService = Annotated[Jobs, Depends(_jobs)]
#: The database every server process shares.
StoreService = Annotated[Store, Depends(_store)]
#: The shared tables (Casino between people, the room's Baccarat), and their live updates.
TablesService = Annotated[Tables, Depends(_tables)]
#: The browser's session id (the owner of its jobs).
Owner = Annotated[str, Depends(owner)]
