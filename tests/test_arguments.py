"""The argument checks hold on every Python and NumPy the package runs on: NumPy 2.5 writes
``NDArray`` as a ``type`` alias (Python 3.12+), which the checks skipped, so that on
Python 3.13 ``Range(weights={})`` failed deep inside with a TypeError naming no argument."""

from __future__ import annotations

import sys
import typing

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import parse_card
from croupier.poker.ranges.holdem import Range

from .untyped import untyped


@checked
def _total(values: NDArray[np.integer] | list[int]) -> int:
    return int(sum(values))


def test_an_ndarray_annotation_is_checked_whatever_numpy_writes_it_as() -> None:
    assert _total(np.arange(3)) == 3 and _total([1, 2]) == 3
    with pytest.raises(TypeError, match=r"^values must be a ndarray or a sequence of int, not"):
        _total(untyped({}))
    with pytest.raises(TypeError, match=r"^values\[0\] must be an int, not str"):
        _total(untyped(["1"]))


@pytest.mark.skipif(sys.version_info < (3, 12), reason="type aliases are Python 3.12's")
def test_a_type_alias_is_checked_as_what_it_stands_for() -> None:
    namespace: dict[str, typing.Any] = {}
    exec("type Count = int\ndef f(n: Count) -> int:\n    return n", namespace)
    function = checked(namespace["f"])
    assert function(3) == 3
    with pytest.raises(TypeError, match=r"^n must be an int, not str"):
        function("3")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Range(weights=untyped({})), "weights must be a ndarray or None, not dict"),
        (
            lambda: Range.of_combos(combos=untyped(None)),
            "combos must be a ndarray or a sequence of int, not NoneType",
        ),
        (
            lambda: Range().without(cards=untyped((parse_card("As"), parse_card("Ks")))),
            r"cards\[0\] must be an int, not Card",
        ),
    ],
)
def test_the_checks_the_issue_saw_fail_on_python_3_13(
    call: typing.Callable[[], object], message: str
) -> None:
    with pytest.raises(TypeError, match=f"^{message}$"):
        call()


@checked
def _named(
    names: typing.Sequence[str] | int, pair: tuple[int, str] | None = None
) -> int:  # a union of a sequence (its items checked) and a fixed tuple
    return len(names) if not isinstance(names, int) else names


def test_a_list_or_tuple_is_taken_at_once_and_its_items_still_checked() -> None:
    assert _named(["a", "b"]) == 2 and _named(("a",)) == 1 and _named(3) == 3
    assert _named([], pair=(1, "x")) == 0
    with pytest.raises(TypeError, match=r"^names\[1\] must be a str, not int$"):
        _named(untyped(["a", 2]))
    with pytest.raises(TypeError, match=r"^names\[0\] must be a str, not bytes$"):
        _named(untyped((b"a",)))
    with pytest.raises(TypeError, match=r"^names must be a sequence of str or an int, not str$"):
        _named(untyped("ab"))
    with pytest.raises(TypeError, match=r"^pair must be a tuple or None, not list$"):
        _named([], pair=untyped([1, "x"]))
    with pytest.raises(TypeError, match=r"^pair\[1\] must be a str, not int$"):
        _named([], pair=untyped((1, 2)))


class _Options(typing.TypedDict, total=False):
    trials: int | None
    label: str


@checked
def _run(first: int, second: typing.Any = None, **options: typing.Unpack[_Options]) -> int:
    return first + (options.get("trials") or 0)


def test_keywords_of_a_typed_dict_are_checked_and_no_other_is_taken() -> None:
    """``**options: Unpack[Options]`` let any keyword through, checking none: a misspelt
    option was silently ignored (``iter_calculate(..., trails=100)``)."""
    assert _run(1, trials=2, label="x") == 3 and _run(first=1, second=5) == 1
    with pytest.raises(TypeError, match=r"^_run\(\) got an unexpected keyword argument 'trails'$"):
        _run(1, **untyped({"trails": 2}))
    # the name of **options itself is no keyword a call may give (it was taken, ignored)
    with pytest.raises(TypeError, match=r"^_run\(\) got an unexpected keyword argument 'options'$"):
        _run(1, **untyped({"options": 5}))
    with pytest.raises(TypeError, match=r"^trials must be an int or None, not str$"):
        _run(1, **untyped({"trials": "2"}))
    with pytest.raises(TypeError, match=r"^label must be a str, not int$"):
        _run(1, **untyped({"label": 2}))
