"""The lobby's contract: the server's health."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from croupier.web.schemas.common import closed

__all__ = ["Health"]


@closed
class Health(TypedDict):
    """The server answers."""

    status: Literal["ok"]
    version: str
