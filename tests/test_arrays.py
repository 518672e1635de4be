"""``croupier.arrays``: the one reading of array arguments (ragged rows, fractions and
numbers out of range refused with the caller's error), checked against a plain
re-implementation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.arrays import as_array, is_whole, whole_numbers
from croupier.errors import CroupierError

from .untyped import untyped


def numbers(values: object, limit: int = 52) -> list[int]:
    array = whole_numbers(
        untyped(values), limit, name="indices", what="card number", error=CroupierError
    )
    assert array.dtype == np.int64
    return [int(number) for number in array]


def test_ragged_rows_are_the_callers_error_naming_what_was_expected() -> None:
    ragged = r"^bad hands: its rows are not all the same length: x$"
    with pytest.raises(CroupierError, match=ragged):
        as_array([[1, 2], [3]], "hands", "x", CroupierError)
    assert as_array([[1, 2], [3, 4]], "hands", "x", CroupierError).shape == (2, 2)


def test_whole_arrays() -> None:
    assert is_whole(np.array([1, 2], dtype=np.uint8))
    assert is_whole(np.array([2**70, -1]))  # Python ints past 64 bits: objects
    assert is_whole(np.array([], dtype=np.int64))
    for not_whole in ([True, False], [1.0, 2.0], [2**70, 0.5], ["1"]):
        assert not is_whole(np.array(not_whole)), not_whole


def test_numbers_of_any_shape_read_in_order() -> None:
    assert numbers([[3, 1], [0, 51]]) == [3, 1, 0, 51]
    assert numbers(np.arange(4, dtype=np.uint64)) == [0, 1, 2, 3]
    assert numbers([]) == []
    # NumPy's integers inside an array of objects are numbers too (once a TypeError)
    assert numbers(np.array([np.int64(5), 2**70 % 7], dtype=object)) == [5, 2**70 % 7]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([52], "bad card number 52: expected integers 0 to 51"),
        ([-1], "bad card number -1: expected integers 0 to 51"),
        ([1.5], "bad card number 1.5: expected integers 0 to 51"),
        ([2.0], "bad card number 2.0: expected integers 0 to 51"),  # a float is no index
        (np.array([1.5], dtype=np.float32), "bad card number 1.5: expected"),  # once a TypeError
        (np.array([np.float64(2.5), 1], dtype=object), "bad card number 2.5: expected"),
        ([2**70], "bad card number 1180591620717411303424: expected"),
        (
            [10**60],
            r"bad card number 1000000000000000000000000000000000000000\.\.\. \(61 characters\)",
        ),
        ([-1, 2**63], "bad card number -1: expected"),  # NumPy reads these two as floats
        (np.array([2**64 - 1], dtype=np.uint64), "bad card number 18446744073709551615:"),
        ([[0], [1, 2]], "bad card numbers: its rows are not all the same length"),
    ],
)
def test_numbers_outside_the_range_are_the_callers_error(values: object, message: str) -> None:
    with pytest.raises(CroupierError, match=f"^{message}"):
        numbers(values)


@pytest.mark.parametrize("values", ["12", b"1", True, np.bool_(True), [True], [None], ["3"]])
def test_what_is_no_number_is_a_type_error(values: object) -> None:
    with pytest.raises(TypeError, match=r"^indices must be card numbers \(ints\), not "):
        numbers(values)


@given(st.lists(st.integers(min_value=-(2**80), max_value=2**80), max_size=8))
def test_whole_numbers_agree_with_a_plain_reading(values: list[int]) -> None:
    outside = [value for value in values if not 0 <= value < 52]
    if not outside:
        assert numbers(values) == values
        return
    with pytest.raises(CroupierError, match=r"^bad card number "):
        numbers(values)
