"""A long token in an error message is cut saying how long it was
(:func:`croupier.errors.quoted`, :func:`croupier.errors.shown`), never cut silently: the
message stays one short line and still tells the user what they gave."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest

from croupier.baccarat.composition import parse_value_counts
from croupier.cards import as_cards, indices_to_cards
from croupier.errors import CroupierError, quoted, shown
from croupier.numerals import parse_whole
from croupier.poker.calc.run import check_monte_carlo
from croupier.poker.matchups.equity import check_seconds
from croupier.poker.ranges.holdem import Range
from tests.untyped import untyped

#: Numbers whose ``repr`` runs past what a message quotes whole.
HUGE = Decimal("2." + "0" * 60)
SMALL = Decimal("-1." + "0" * 60)
LONG_HUGE = f"({len(repr(HUGE)):,} characters)"


def test_shown_is_quoted_for_text_and_cuts_a_long_repr_saying_how_long() -> None:
    assert shown("2x") == quoted("2x") == "'2x'"
    assert shown(1.5) == "1.5" and shown(None) == "None"
    assert shown("x" * 100) == quoted("x" * 100) == "'" + "x" * 40 + "...' (100 characters)"
    assert shown(HUGE) == repr(HUGE)[:40] + f"... {LONG_HUGE}"


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: as_cards("As" * 50, "loose", reads_text=False), TypeError, "(100 characters)"),
        (lambda: indices_to_cards(["x" * 100]), TypeError, "(100 characters)"),
        (lambda: Range.of_combos([0], weight=10**50), CroupierError, "(51 characters)"),
        (lambda: check_monte_carlo(None, untyped(HUGE)), CroupierError, LONG_HUGE),
        (lambda: check_seconds(untyped(SMALL), "limit"), CroupierError, "characters)"),
        (lambda: parse_value_counts("1" * 50 + ",4" * 9), CroupierError, "(50 characters)"),
        (lambda: parse_whole("1" * 50, "decks"), CroupierError, "(50 characters)"),
    ],
)
def test_a_long_token_is_cut_saying_how_long_it_was(
    call: Callable[[], object], error: type[Exception], fragment: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert fragment in str(caught.value)
