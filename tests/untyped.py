"""Helpers for tests that break the type rules on purpose (wrong types, frozen values).

They keep such tests type-checked everywhere else, with no comment silencing mypy.
"""

from __future__ import annotations

from typing import Any


def untyped(value: object) -> Any:
    """``value`` as ``Any``: to pass what the annotations forbid, and see it refused."""
    return value


def assign(target: object, name: str, value: object) -> None:
    """``target.name = value``, for tests that check a frozen value refuses it."""
    setattr(target, name, value)
