"""What a route declares it needs, as FastAPI dependencies: the browser's session, a
game's seat in it, and the app's services.

A route takes what it uses as typed parameters, and FastAPI hands them over:

- :data:`BrowserSession`: this browser's :class:`~croupier.web.sessions.Session`, read
  when the request begins; the games the route changed (``put``, ``clear``) are written
  when it returns, before the answer leaves, and nothing is written when it raises (the
  game stays as last saved). A write that lost to another request of the same browser
  is a 409;
- a seat: ``Annotated[Seat[Sitting], Depends(seat(SEAT))]``, one game's slot of the
  session, its state read before the route runs (``seat.state``, ``None`` for a
  browser without that game), changed with ``seat.put(state)`` or ``seat.clear()``;
  ``seat.require()`` is the state, or a 409 that says there is no game yet;
- :data:`ComputePool`, :data:`JobsService`, :data:`StoreService`: the app's worker
  pool, its jobs and its database.

The session is read and written on the event loop when the database is a local file
and the browser is known (a SQLite read or write takes microseconds, and a trip to a
worker thread and back cost as much as a whole light route), else on a worker thread (a
database over the network, and a new browser's first save, which may prune). A route
that is ``async`` then does its work on the loop: its state is read already (the seat's
dependency reads it the same way), and heavy work goes to the worker processes
(``await compute.call(...)``). A plain ``def`` route runs on a worker thread, as FastAPI
runs them. Every dependency here is ``async``: FastAPI runs a plain one on a worker
thread, a trip that costs more than the dependency.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Generic, TypeVar

from anyio import to_thread
from fastapi import Depends, Request

from croupier.web.compute import Compute
from croupier.web.errors import ApiError
from croupier.web.jobs import Jobs
from croupier.web.sessions import Saveable, Session, Sessions, Slot
from croupier.web.store import Store

__all__ = [
    "BrowserSession",
    "ComputePool",
    "JobsService",
    "Owner",
    "Seat",
    "StoreService",
    "browser_session",
    "owner",
    "seat",
]

T = TypeVar("T", bound=Saveable)


async def browser_session(request: Request) -> AsyncIterator[Session]:
    """This browser's session for the request: read first, written when the route returns
    (only the games it changed), not written when it raises."""
    state = request.scope["state"]
    sessions: Sessions = request.app.state.sessions
    inline = sessions.store.local and state.get("fresh_session") is False
    session = Session(sessions, state["session_id"], state.get("client_key"), inline=inline)
    if inline:
        session.begin()
    else:
        await to_thread.run_sync(session.begin)
    yield session  # a route that raises ends here: nothing is written
    if inline:
        session.commit()
    else:
        await to_thread.run_sync(session.commit)


#: This browser's session, written before the answer is sent ("function" scope: the
#: dependency's end runs when the route returns, not after the answer has gone).
BrowserSession = Annotated[Session, Depends(browser_session, scope="function")]


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


def seat(slot: Slot[T]) -> Callable[[Session], Awaitable[Seat[T]]]:
    """The dependency giving a route ``slot``'s :class:`Seat`, its state read already
    (on the loop or a worker thread, as the session is)."""

    async def dependency(session: BrowserSession) -> Seat[T]:
        if session.inline:
            session.get(slot)
        else:
            await to_thread.run_sync(session.get, slot)
        return Seat(session, slot)

    dependency.__name__ = f"seat_{slot.name.replace('-', '_')}"
    return dependency


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


#: The worker pool for searches (the Casino computer, hints).
ComputePool = Annotated[Compute, Depends(_compute)]
#: The long jobs (reviews, equities), shared through the store.
JobsService = Annotated[Jobs, Depends(_jobs)]
#: The database every server process shares.
StoreService = Annotated[Store, Depends(_store)]
#: The browser's session id (the owner of its jobs).
Owner = Annotated[str, Depends(owner)]
