"""Frozen slotted dataclasses made fast, on the hot paths that make many small values.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, looked
up again for every field: on a value made in a microsecond or two (an exact answer to a
river, one Omaha hand ranked) that is most of the time. :func:`maker` gives a function
that makes the same value from the same field values in a fifth of the time: it fills an
object of a twin class with the same slots (plain attribute stores, which Python makes
fast) and then gives it the dataclass as its class (Python allows that between classes
whose instances are laid out alike). The value is the one ``__init__`` would make, field
for field (no ``__post_init__``, no check, no default: the caller gives every field, or
fixes some once).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
...     label: str | None = None
>>> point = maker(Point)
>>> point(1, 2, "a") == Point(1, 2, "a"), type(point(1, 2, "a")) is Point
(True, True)
>>> on_axis = maker(Point, y=0, label=None)  # the other fields, in order
>>> on_axis(5)
Point(x=5, y=0, label=None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["maker"]

T = TypeVar("T")


def maker(kind: type[T], **fixed: Any) -> Callable[..., T]:
    """A function making a ``kind`` (a frozen dataclass with slots) from its fields'
    values, in the order of :func:`dataclasses.fields`, less those given in ``fixed``
    (set to the value given every time).

    >>> @dataclasses.dataclass(frozen=True, slots=True)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> maker(Pair, c=1)
    Traceback (most recent call last):
    ...
    TypeError: Pair has no field c
    """
    if not dataclasses.is_dataclass(kind) or not isinstance(kind, type):
        raise TypeError(f"{kind!r} is not a dataclass")
    names = [field.name for field in dataclasses.fields(kind)]
    slots = getattr(kind, "__slots__", ())
    if kind.__bases__ != (object,) or set(names) != set(slots) - {"__weakref__"}:
        raise TypeError(f"{kind.__name__} is not a dataclass with slots of its own")
    unknown = sorted(set(fixed) - set(names))
    if unknown:
        raise TypeError(f"{kind.__name__} has no field {', '.join(unknown)}")
    twin = type(f"_Open{kind.__name__}", (), {"__slots__": slots})
    # the function is written out field by field (as dataclasses writes __init__)
    namespace: dict[str, Any] = {"_slotted_new": object.__new__, "_slotted_twin": twin}
    namespace["_slotted_kind"] = kind
    parameters, lines = [], []
    for i, name in enumerate(names):
        if name in fixed:
            namespace[f"_slotted_fixed{i}"] = fixed[name]
            lines.append(f"    self.{name} = _slotted_fixed{i}")
        else:
            parameters.append(name)
            lines.append(f"    self.{name} = {name}")
    source = "\n".join(
        [
            f"def make({', '.join(parameters)}):",
            "    self = _slotted_new(_slotted_twin)",
            *lines,
            "    self.__class__ = _slotted_kind",
            "    return self",
        ]
    )
    exec(source, namespace)  # the source holds the fields' names and nothing given
    made: Callable[..., T] = namespace["make"]
    made.__qualname__ = made.__name__ = f"make_{kind.__name__}"
    made.__doc__ = f"A {kind.__name__} from the values of its fields {', '.join(parameters)}."
    made(*(None for _ in parameters))  # the layouts fit: a TypeError here, not later
    return made
