"""Values are StrEnums: every enum of croupier whose values are text is an
:class:`enum.StrEnum` (its members are the strings JSON and files hold), found by
walking every public module."""

from __future__ import annotations

import enum
import importlib
import inspect

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
