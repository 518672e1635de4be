"""Settings for every test and doctest, under tests/ and src/.

A strategy's search stops at its deadline, read on the wall clock: on a loaded machine
the same position could then get another move. Tests and doctests must not depend on
the machine's speed, so here a deadline expires only when it is 0 (at once), unless a
test is marked ``real_clock`` (the tests of the deadline itself, with fake clocks).
"""

from __future__ import annotations

import pytest

from croupier.casino.strategies import Deadline


def _expires_only_at_zero(self: Deadline) -> bool:
    return self.seconds == 0


@pytest.fixture(autouse=True)
def _deadlines_independent_of_the_machine(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if request.node.get_closest_marker("real_clock") is None:
        monkeypatch.setattr(Deadline, "expired", _expires_only_at_zero)
