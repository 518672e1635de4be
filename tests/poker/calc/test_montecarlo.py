"""The NumPy twin's draws (:class:`croupier.poker.calc.montecarlo._Draws`) against the
stream rule written out with Python integers, one deal at a time: deal ``a`` reads
splitmix64 numbers ``a * 2**32``, ``a * 2**32 + 1``, ... of its block's stream, each as four
16-bit draws, high bits first, whatever the deals taken together, dropped, or read past
the numbers made in advance."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.poker.calc.montecarlo import _Draws

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """splitmix64's output function, on Python integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def draw(key: int, deal: int, index: int) -> int:
    """Draw ``index`` of deal ``deal`` of the stream of ``key``."""
    number = mix((key + ((deal << 32) + (index >> 2)) * GOLDEN) & MASK)
    return (number >> (48 - 16 * (index & 3))) & 0xFFFF


# one step of a test: (what, a seed for its rows)
STEPS = st.lists(
    st.tuples(st.sampled_from(["all", "some", "window", "keep", "coin"]), st.integers(0, 2**32)),
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, MASK),
    st.integers(0, 2**20),
    st.integers(1, 40),
    st.integers(1, 3),
    STEPS,
)
def test_draws_follow_each_deals_stream(
    key: int, first: int, count: int, words: int, steps: list[tuple[str, int]]
) -> None:
    draws = _Draws(key, first, count, words)
    deals = list(range(first, first + count))  # the deals kept, in order
    at = [0] * count  # each kept deal's next draw
    for what, seed in steps:
        rng = np.random.default_rng(seed)
        if what == "all":
            got = draws.take()
            assert got.tolist() == [draw(key, d, i) for d, i in zip(deals, at, strict=True)]
            at = [i + 1 for i in at]
        elif what == "coin":
            coins = draws.coin()
            want = [
                draw(key, d, i) << 16 | draw(key, d, i + 1) for d, i in zip(deals, at, strict=True)
            ]
            assert coins.tolist() == want
            at = [i + 2 for i in at]
        elif what == "some" and deals:
            rows = np.flatnonzero(rng.random(len(deals)) < 0.5)
            got = draws.take(rows)
            assert got.tolist() == [draw(key, deals[r], at[r]) for r in rows]
            for r in rows:
                at[r] += 1
        elif what == "window" and deals:
            rows = np.flatnonzero(rng.random(len(deals)) < 0.5)
            tries = int(rng.integers(1, 6))
            got = draws.window(rows, tries)
            assert got.shape == (tries, len(rows))
            for column, r in enumerate(rows):
                want = [draw(key, deals[r], at[r] + t) for t in range(tries)]
                assert got[:, column].tolist() == want
            taken = rng.integers(1, tries + 1, size=len(rows))
            draws.skip(rows, taken)
            for r, t in zip(rows, taken, strict=True):
                at[r] += int(t)
        elif what == "keep":
            kept = rng.random(len(deals)) < 0.7
            draws.keep(kept)
            deals = [d for d, k in zip(deals, kept, strict=True) if k]
            at = [i for i, k in zip(at, kept, strict=True) if k]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, MASK), st.integers(1, 30), st.sampled_from([3, 46, 1128, 1225, 50_000]))
def test_lemire_draws_are_below_n_and_follow_the_stream(key: int, count: int, n: int) -> None:
    """below(n) keeps the first draw whose low 16 bits of ``draw * n`` are not below
    ``2**16 mod n``; below32(n) the same on 32-bit coins."""
    small = _Draws(key, 0, count, 1)
    bound = (1 << 16) % n if n <= 1 << 16 else None
    if bound is not None:
        got = small.below(n).tolist()
        for deal, value in enumerate(got):
            index = 0
            while (draw(key, deal, index) * n) & 0xFFFF < bound:
                index += 1
            assert value == (draw(key, deal, index) * n) >> 16 < n
    wide = _Draws(key, 0, count, 1)
    got = wide.below32(n).tolist()
    for deal, value in enumerate(got):
        index = 0
        while True:
            coin = draw(key, deal, index) << 16 | draw(key, deal, index + 1)
            index += 2
            if (coin * n) & 0xFFFFFFFF >= (1 << 32) % n:
                break
        assert value == (coin * n) >> 32 < n


def test_draws_are_wide_enough_for_their_products() -> None:
    """A draw times ``n`` (up to 2**16) must not wrap: NumPy 1's value-based casting
    keeps a 16-bit array's type when multiplied by a small NumPy scalar, so the draws
    are 32 bits wide."""
    draws = _Draws(7, 0, 5, 1)
    assert draws.take().dtype == np.uint32
    assert draws.take(np.array([0, 3])).dtype == np.uint32
    assert draws.window(np.array([1]), 9).dtype == np.uint32  # past the numbers made
