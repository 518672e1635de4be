"""Values are StrEnums: every enum of croupier whose values are text is an
:class:`enum.StrEnum` (its members are the strings JSON and files hold), found by
walking every public module."""

from __future__ import annotations

import enum
import importlib
import inspect

import pytest

from .test_exports import MODULES


def test_every_enum_of_text_is_a_str_enum() -> None:
    found: dict[str, type[enum.Enum]] = {}
    for name in MODULES:
        for value in vars(importlib.import_module(name)).values():
            ours = inspect.isclass(value) and value.__module__.startswith("croupier")
            if ours and issubclass(value, enum.Enum):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    texts = {name for name, kind in found.items() if all(isinstance(m.value, str) for m in kind)}
    assert {
        "croupier.baccarat.rules.Outcome",
        "croupier.baccarat.table.SettlementKind",
        "croupier.casino.errors.Rule",
        "croupier.casino.scoring.ScoreKind",
    } <= texts
    plain = sorted(name for name in texts if not issubclass(found[name], enum.StrEnum))
    assert plain == []


def test_every_enum_refuses_an_unknown_value_with_its_games_error() -> None:
    """``Game("holdem")`` or ``Rank(99)`` is the game's error (a :class:`CroupierError`)
    naming the value and the values there are, not Python's bare ``ValueError``."""
    from croupier.errors import CroupierError

    kinds: dict[str, type[enum.Enum]] = {}
    for name in MODULES:
        for value in vars(importlib.import_module(name)).values():
            ours = inspect.isclass(value) and value.__module__.startswith("croupier")
            if ours and issubclass(value, enum.Enum):
                kinds[value.__qualname__] = value
    assert {"Game", "Rank", "Level", "Outcome", "MadeHand"} <= set(kinds)
    for kind in kinds.values():
        member = next(iter(kind))
        assert kind(member.value) is member
        for bad in ("no such value", 99):
            with pytest.raises(CroupierError) as raised:
                kind(bad)
            assert f"bad {kind.__name__[0].lower()}" in str(raised.value), kind
            assert str(member.value) in str(raised.value)
