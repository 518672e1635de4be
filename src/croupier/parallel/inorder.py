"""Results put back in order: jobs finish in any order, their results are added up in
job order, so sums of floating-point numbers come out bit-for-bit the same however the
jobs were run.

>>> totals = []
>>> queue = InOrder(totals.append)
>>> for number, item in ((2, 0.3), (0, 0.1), (1, 0.2)):
...     queue.put(number, item)
>>> totals
[0.1, 0.2, 0.3]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["InOrder"]

T = TypeVar("T")


class InOrder(Generic[T]):
    """Items numbered 0, 1, 2, ... arrive in any order; ``release`` gets them in order,
    each as soon as every earlier one has arrived (:meth:`flush`: the rest, in order,
    skipping numbers that never came).

    >>> seen = []
    >>> queue = InOrder(seen.append)
    >>> for number, item in ((1, "b"), (0, "a"), (3, "d")):
    ...     queue.put(number, item)
    >>> seen
    ['a', 'b']
    >>> queue.flush(); seen
    ['a', 'b', 'd']
    """

    def __init__(self, release: Callable[[T], None], first: int = 0) -> None:
        self.release = release
        self.waiting: dict[int, T] = {}
        self.next = first

    def put(self, number: int, item: T) -> None:
        """Item ``number`` has arrived."""
        self.waiting[number] = item
        while self.next in self.waiting:
            self.release(self.waiting.pop(self.next))
            self.next += 1

    def flush(self) -> None:
        """Release what is still waiting, in order."""
        for number in sorted(self.waiting):
            self.release(self.waiting.pop(number))
