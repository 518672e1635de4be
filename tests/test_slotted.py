"""croupier.slotted.maker makes the value the dataclass's own __init__ makes, field for
field, and refuses what it cannot make."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from croupier.slotted import maker
from tests.untyped import assign, untyped


@dataclass(frozen=True, slots=True)
class Many:
    a: int
    b: str
    c: tuple[int, ...]
    d: float | None = None
    e: list[int] = field(default_factory=list, compare=False)


@dataclass(frozen=True)
class Plain:
    a: int


def test_made_values_are_the_dataclass_own() -> None:
    made = maker(Many)(1, "x", (2, 3), 0.5, [4])
    usual = Many(1, "x", (2, 3), 0.5, [4])
    assert made == usual and repr(made) == repr(usual) and hash(made) == hash(usual)
    for name in ("a", "b", "c", "d", "e"):
        assert getattr(made, name) == getattr(usual, name)
    assert pickle.loads(pickle.dumps(made)) == usual
    assert dataclasses.replace(made, a=7) == Many(7, "x", (2, 3), 0.5, [4])
    with pytest.raises(dataclasses.FrozenInstanceError):
        assign(made, "a", 2)


def test_fixed_fields_are_set_every_time_and_left_out_of_the_arguments() -> None:
    make = maker(Many, b="fixed", d=None)
    assert make(1, (), [5]) == Many(1, "fixed", (), None, [5])
    assert make(a=2, c=(1,), e=[]) == Many(2, "fixed", (1,), None)
    with pytest.raises(TypeError):
        make(1, "x", (), [5])  # b is fixed: one argument too many


def test_what_cannot_be_made_slot_by_slot_is_refused() -> None:
    with pytest.raises(TypeError, match="no field z"):
        maker(Many, z=1)
    with pytest.raises(TypeError, match="not a dataclass with slots"):
        maker(Plain)
    with pytest.raises(TypeError, match="is not a dataclass"):
        maker(untyped(int))
