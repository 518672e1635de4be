"""The helpers every kernel shares (:mod:`croupier._kernel_helpers`), against independent
references, and their C twins (the ``.pxd``, inlined in the compiled kernels) against
these through what the kernels compute with them."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import croupier.poker
from croupier import _kernel_helpers as helpers
from croupier.engine import compiled, kernels

WORDS = st.integers(0, helpers.MASK64)


def test_splitmix64_gives_the_published_stream() -> None:
    """splitmix64 seeded with 0 (the state stepped by the golden ratio, then mixed), as
    Vigna's reference implementation gives it."""
    assert [helpers.stream(0, n) for n in (1, 2, 3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(WORDS, WORDS)
def test_a_stream_is_the_mix_of_its_counter(key: int, counter: int) -> None:
    assert helpers.stream(key, counter) == helpers.mix64((key + counter * helpers.GOLDEN) % 2**64)
    assert 0 <= helpers.mix64(key) <= helpers.MASK64


@given(WORDS)
def test_popcount(bits: int) -> None:
    assert helpers.popcount64(bits) == bin(bits).count("1")


@given(st.integers(0, 2**52 - 1), st.integers(0, 3))
def test_the_fold_gathers_one_suits_ranks(cards: int, suit: int) -> None:
    expected = sum(1 << rank for rank in range(13) if cards >> (4 * rank + suit) & 1)
    assert helpers.suit_ranks(cards, suit) == expected


def test_the_views_read_and_write_as_c_numbers_do() -> None:
    array = np.array([[1, 2], [3, 4]], dtype=np.int64)
    view = helpers.plain(array)
    assert (view[1, 0], view[0], len(view), view.shape) == (3, [1, 2], 2, (2, 2))
    out = np.zeros(2, dtype=np.uint64)
    cells = helpers.cells(out)
    cells[0] = 2**64 + 5  # wraps, as a C unsigned number does
    cells[1] = cells[0] * 2
    helpers.store(cells)
    assert out.tolist() == [5, 10]


def test_the_kernels_cimport_resolves_to_this_module_run_as_python() -> None:
    import sys

    assert sys.modules["cython.cimports.croupier._kernel_helpers"] is helpers


@functools.cache
def poker_source() -> ModuleType:
    """The poker kernels' source, run as Python (whether or not they are compiled)."""
    path = Path(croupier.poker.__file__).parent / "_kernels.py"
    spec = importlib.util.spec_from_file_location("croupier_poker_kernels_source", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not compiled("poker"), reason="compares the compiled kernel with its source")
@given(WORDS, st.integers(0, 2**40))
def test_compiled_and_uncompiled_kernels_hash_alike(seed: int, block: int) -> None:
    """block_key mixes with the helpers: the compiled kernel (their C twins, inlined) and
    the source (these) give the same key."""
    assert kernels("poker").block_key(seed, block) == poker_source().block_key(seed, block)
