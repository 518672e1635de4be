"""Settings for every test and doctest, under tests/ and src/.

A strategy's search stops at its deadline, read on the wall clock: on a loaded machine
the same position could then get another move. Tests and doctests must not depend on
the machine's speed, so here the strategies' default clock stands still (a deadline of
0 still expires at once), unless a test is marked ``real_clock``. Tests of the deadline
itself give the strategies fake clocks.
"""

from __future__ import annotations

import pytest

from croupier.casino.strategies import base


def _frozen_clock() -> float:
    return 0.0


@pytest.fixture(autouse=True)
def _deadlines_independent_of_the_machine(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if request.node.get_closest_marker("real_clock") is None:
        monkeypatch.setattr(base, "default_clock", _frozen_clock)
