"""The lobby's contract: the server's health."""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from croupier.web.schemas.common import closed

__all__ = ["Health"]


@closed
class Health(TypedDict):
    """The server answers, and whether it can save games (``failing``, with the reason,
    and the status 503, when its database cannot be used)."""

    status: Literal["ok", "failing"]
    version: str
    reason: NotRequired[str]
