"""Range text is read in time proportional to its length (issue 36 item 4: a 20,000-
character range took 4.2 s to read, a 100,000-character one ran ``poker hits`` past a
minute). The bounds are generous for linear work and scaled by the machine's measured
slowness; quadratic reading misses them by a factor of ten or more."""

from __future__ import annotations

import contextlib
import random
import time

import pytest

from croupier.cards import DECK
from croupier.poker.ranges.holdem import Range, RangeError
from croupier.poker.ranges.holdings import HoleRange
from tests.cli.helpers import croupier
from tests.slowness import patience

_PIECES = ("AKs", "QQ+", "T9o:0.5", "AhKd", "87s@25")
LENGTH = 100_000


def _long_range() -> str:
    text = ", ".join(_PIECES * (LENGTH // 20))
    return text[: text.rindex(",", 0, LENGTH)]


def _read_time(text: str) -> float:
    start = time.process_time()
    with contextlib.suppress(RangeError):
        Range.parse(text)
    return time.process_time() - start


def test_a_long_range_means_what_its_pieces_mean() -> None:
    assert Range.parse(_long_range()) == Range.parse(", ".join(_PIECES))


@pytest.mark.parametrize(
    "text",
    [
        _long_range(),
        "AhKd" * (LENGTH // 4),  # one long token of cards written together
        "x" * LENGTH,  # one long token of nothing
        "10h" * (LENGTH // 3),
    ],
    ids=["pieces", "cards", "junk", "tens"],
)
def test_a_100000_character_range_is_read_at_once(text: str) -> None:
    limit = patience(2.0)
    assert _read_time(text) < limit


def test_a_long_bad_token_is_named_in_one_short_line() -> None:
    with pytest.raises(RangeError) as raised:
        Range.parse("AhKd" * (LENGTH // 4))
    message = str(raised.value)
    assert "\n" not in message and len(message) < 300
    assert message.startswith("bad range token 'AhKdAhKd") and "(100,000 characters)" in message


def test_hits_and_calc_take_a_100000_character_range() -> None:
    text = _long_range()
    limit = patience(15.0)
    start = time.process_time()
    hits = croupier("poker", "hits", text, "--board", "Kh7d2c", "--json")
    assert hits.exit_code == 0, hits.stderr
    calc = croupier("poker", "calc", text, "random", "--trials", "2000", "--seed", "1", "--json")
    assert calc.exit_code == 0, calc.stderr
    assert time.process_time() - start < limit


def test_two_thousand_weighted_omaha_hands_are_read_at_once() -> None:
    """Each weight is a layer read on its own (4.6 s of CPU for 2,000 hands once: every
    layer skipped the whole text's blanks a character at a time, and matched its one hand
    against all 270,725 holdings)."""
    rng = random.Random(7)
    deck = [str(card) for card in DECK]
    hands = [rng.sample(deck, 4) for _ in range(2000)]
    text = ", ".join(f"{''.join(hand)}@{rng.randint(1, 99)}" for hand in hands)
    limit = patience(1.5)
    start = time.process_time()
    rows, weights = HoleRange.parse(text, 4).hands_and_weights(0)
    assert time.process_time() - start < limit
    assert len(rows) == len({frozenset(hand) for hand in hands})
    assert weights.min() > 0 and weights.max() < 1
