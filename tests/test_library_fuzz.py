"""The library's errors under fuzzing: every public function, class and method of every
package's ``__all__`` called with wrong types and hostile values.

Each call must return, or raise a ``TypeError`` naming one of its arguments, or the
package's own error (a :class:`~croupier.errors.CroupierError`); a function that reads or
writes a file may also raise the ``OSError`` the system gives (a missing file, a name too
long). Nothing else: no ``AttributeError`` from deep inside, no ``OverflowError``, no
``StopIteration``, no plain ``ValueError``, no ``MemoryError``; and each call within a
second of CPU time (a hard stop at a few seconds of wall time catches a hang).

The callables are found by walking the packages, so a function added later is fuzzed
without touching this file. Arguments are drawn per parameter from a pool of hostile
values mixed with a valid example for the parameter's name (so that checks deeper than
the first one are reached). Files are written in a scratch directory.
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.errors import CroupierError

from .slowness import patience

#: The library's packages and modules (the front ends, cli and web, are not library).
MODULES = (
    "croupier.cards",
    "croupier.errors",
    "croupier.randomness",
    "croupier.numerals",
    "croupier.textfile",
    "croupier.baccarat",
    "croupier.baccarat.advantage",
    "croupier.poker",
    "croupier.casino",
    "croupier.casino.strategies",
)

#: CPU seconds a call may take.
CPU_BUDGET = 1.0
#: Wall seconds after which a call is stopped as hung, on a quiet machine (scaled by the
#: machine's slowness, measured once per function fuzzed).
HARD_STOP = 10.0


def _hostile() -> list[Any]:
    """Wrong types and hostile values (no '/' in text: files are written relative)."""
    return [
        None,
        True,
        0,
        -1,
        3,
        10**30,
        -(10**30),
        2**63,
        1.5,
        float("nan"),
        float("inf"),
        -float("inf"),
        "",
        "A",
        "A" * 20_000,
        "\0",
        "As Ks",
        "5 5 9 K",
        "♠",
        b"As",
        [],
        [None],
        [4] * 13,
        [1] * 10,
        {},
        {"a": 1},
        (),
        object(),
        np.int64(5),
        np.array([1, 2]),
        np.float64("nan"),
        1 + 1j,
        [[[]]],
        ["As", 5],
        Fraction(1, 3),
    ]


HOSTILE = _hostile()


def _examples() -> dict[str, list[Any]]:
    """A valid value or two for the parameters named so (keeps calls going deeper)."""
    from croupier.baccarat import CASINO, Composition
    from croupier.baccarat.advantage import BatchTotals, perfect_spec
    from croupier.cards import parse_cards
    from croupier.casino import Player, new_tournament
    from croupier.poker import parse_equity_hands

    state = new_tournament(Player.HUMAN, rng=1)
    return {
        "cards": [parse_cards("As Ks"), "As Ks"],
        "composition": [Composition.decks(1)],
        "payouts": [CASINO],
        "state": [state],
        "observation": [state.observe(Player.HUMAN)],
        "first": [Player.HUMAN],
        "player": [Player.HUMAN],
        "owner": [Player.HUMAN],
        "hands": [parse_equity_hands("As Ks Qs Js ?0\nQh Qd Qc ?0 ?1")],
        "text": ["As Ks"],
        "token": ["As"],
        "rng": [1],
        "decks": [1],
        "shoes": [3],
        "bet": ["banker"],
        "spec": [perfect_spec("tie", shoes=3, rng=1)],
        "totals": [BatchTotals()],
        "error": [CroupierError],
        "what": ["what"],
        "name": ["name"],
        "source": ["source"],
        "ranges": [["AA", "KK"]],
        "trials": [100],
    }


def _instances() -> dict[str, Any]:
    """An object of each class whose methods are fuzzed too."""
    from croupier.baccarat import CASINO, Composition, Round, Table
    from croupier.baccarat.advantage import NAMED_COUNTS, perfect_spec
    from croupier.cards import Card, Shoe
    from croupier.casino import Move, Player, new_tournament
    from croupier.poker import Range, evaluate

    state = new_tournament(Player.HUMAN, rng=1)
    return {
        "Composition": Composition.decks(1),
        "Shoe": Shoe(1, rng=1),
        "State": state,
        "Observation": state.observe(Player.HUMAN),
        "Table": Table(shoe=Shoe(8, rng=1)),
        "Round": Round(rng=1),
        "PayoutTable": CASINO,
        "StudySpec": perfect_spec("tie", shoes=3, rng=1),
        "CountSystem": NAMED_COUNTS["dragon-7"],
        "Range": Range.parse("AA"),
        "HandRanking": evaluate("As Ks Qs Js Ts"),
        "Card": Card.parse("As"),
        "Move": Move.parse("trail H5"),
    }


def _skipped_class(kind: type) -> bool:
    """Exceptions, enums (their call is the functional API), abstract classes and typed
    dicts are not constructed."""
    return (
        issubclass(kind, BaseException)
        or isinstance(kind, enum.EnumMeta)
        or inspect.isabstract(kind)
        or "__total__" in vars(kind)
    )


def _callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    seen: set[int] = set()
    for name in MODULES:
        module = importlib.import_module(name)
        for export in module.__all__:
            thing = getattr(module, export)
            found: list[tuple[str, Any, Any]] = []
            if inspect.isclass(thing):
                if not _skipped_class(thing):
                    found.append((f"{name}.{export}", thing, thing))
                for attribute, raw in vars(thing).items():
                    if not attribute.startswith("_") and isinstance(
                        raw, classmethod | staticmethod
                    ):
                        found.append(
                            (f"{name}.{export}.{attribute}", getattr(thing, attribute), raw)
                        )
            elif callable(thing):
                found.append((f"{name}.{export}", thing, thing))
            for label, function, key in found:
                if id(key) not in seen:
                    seen.add(id(key))
                    yield label, function
    for class_name, instance in _instances().items():
        for attribute in dir(type(instance)):
            raw = inspect.getattr_static(type(instance), attribute)
            if attribute.startswith("_") or isinstance(raw, classmethod | staticmethod | property):
                continue
            if callable(raw):
                yield f"{class_name}().{attribute}", getattr(instance, attribute)


def _parameters(function: Callable[..., Any]) -> list[inspect.Parameter] | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    return [
        p for p in signature.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


CALLABLES = [(label, f) for label, f in _callables() if _parameters(f)]
EXAMPLES = _examples()
OMIT = object()


def _guess(parameter: inspect.Parameter) -> list[Any]:
    """A value of the annotated type, for a parameter with no example."""
    annotation = str(parameter.annotation).split(" ")[0]
    for prefix, value in (("bool", False), ("float", 0.5), ("int", 1), ("str", "x")):
        if annotation.startswith(prefix):
            return [value]
    return []


def _values(parameter: inspect.Parameter) -> st.SearchStrategy[Any]:
    name = parameter.name
    hostile = HOSTILE
    if name == "workers":  # more than one would start worker processes
        hostile = [v for v in HOSTILE if not (isinstance(v, int) and v > 1)]
    if name == "scheduler":  # text would be a Dask address to connect to
        hostile = [v for v in HOSTILE if not isinstance(v, str)]
    good = EXAMPLES.get(name) or _guess(parameter)
    choices: list[st.SearchStrategy[Any]] = [st.sampled_from(hostile)]
    if good:
        choices.insert(0, st.sampled_from(good))
    if parameter.default is not inspect.Parameter.empty:
        choices.insert(0, st.just(OMIT))
    return st.one_of(choices)


def _call(
    function: Callable[..., Any], parameters: list[inspect.Parameter], values: list[Any]
) -> None:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    skipped = False  # after an omitted argument, the others go by name
    for parameter, value in zip(parameters, values, strict=True):
        if value is OMIT:
            skipped = True
        elif skipped or parameter.kind == parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    function(*args, **kwargs)


class _HardStop(BaseException):
    """A call ran past :data:`HARD_STOP` seconds."""


def _stop(number: int, frame: Any) -> None:
    raise _HardStop


def _names_for_its_caller(parameters: list[inspect.Parameter], values: list[Any]) -> bool:
    """True for a checker told the name of its caller's argument (``as_cards(x, name)``):
    its message names that."""
    return any(p.name == "name" and v is not OMIT for p, v in zip(parameters, values, strict=True))


def _files_allowed(parameters: list[inspect.Parameter]) -> bool:
    return any(p.name in ("path", "source") for p in parameters)


@functools.cache
def _hard_stop(label: str) -> float:
    """:data:`HARD_STOP` for the function ``label``, scaled as this machine is slow now."""
    return patience(HARD_STOP)


def _judge(
    label: str, function: Callable[..., Any], parameters: list[inspect.Parameter], values: list[Any]
) -> None:
    shown = ", ".join(
        f"{p.name}={v!r:.40}" for p, v in zip(parameters, values, strict=True) if v is not OMIT
    )
    started = time.process_time()
    previous = signal.signal(signal.SIGALRM, _stop)
    hard_stop = _hard_stop(label)
    signal.setitimer(signal.ITIMER_REAL, hard_stop)
    problem: str | None = None
    try:
        _call(function, parameters, values)
    except _HardStop:
        problem = f"ran over {hard_stop:.0f} s"
    except TypeError as exc:
        if not any(p.name in str(exc) for p in parameters) and not _names_for_its_caller(
            parameters, values
        ):
            problem = f"a TypeError naming no argument: {exc!r}"
    except CroupierError:
        pass
    except OSError as exc:
        if not _files_allowed(parameters):
            problem = repr(exc)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert problem is None, f"{label}({shown}): {problem}"
    spent = time.process_time() - started
    assert spent < CPU_BUDGET, f"{label}({shown}) took {spent:.1f} s of CPU"


@pytest.fixture(scope="module", autouse=True)
def _scratch_directory() -> Iterator[None]:
    """Files the fuzzing writes (a save under a hostile name) land in a scratch directory."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            yield
        finally:
            os.chdir(here)


def test_the_walk_finds_the_library() -> None:
    labels = {label for label, _ in CALLABLES}
    for expected in (
        "croupier.cards.Shoe",
        "croupier.cards.indices_to_cards",
        "croupier.baccarat.payout_table",
        "croupier.baccarat.Composition.from_ranks",
        "croupier.baccarat.Round",
        "croupier.baccarat.simulate",
        "croupier.poker.exact_equity",
        "croupier.casino.Player.parse",
        "croupier.casino.check_state",
        "croupier.casino.deal_round",
        "croupier.casino.strategies.strategy_named",
        "State().apply",
        "Composition().removing",
    ):
        assert expected in labels, expected
    assert len(labels) > 150


@pytest.mark.parametrize(("label", "function"), CALLABLES, ids=[label for label, _ in CALLABLES])
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    database=None,
)
@given(data=st.data())
def test_hostile_arguments_raise_only_type_errors_or_the_package_s_errors(
    label: str, function: Callable[..., Any], data: st.DataObject
) -> None:
    parameters = _parameters(function)
    assert parameters is not None
    values = [data.draw(_values(p), label=p.name) for p in parameters]
    _judge(label, function, parameters, values)


#: The calls the issue reported, each with what it raised then.
REPORTED = [
    ("baccarat.payout_table(None)", "AttributeError"),
    ("casino.Player.parse(None)", "AttributeError"),
    ("casino.check_state(None)", "AttributeError"),
    ("casino.deal_round('A' * 20000, casino.Player.HUMAN)", "AttributeError"),
    ("baccarat.Round(True)", "AttributeError"),
    ("baccarat.Composition.from_ranks([4] * 13)", "AttributeError"),
    (
        "poker.exact_equity('As Ks ?0 ?1 ?2 ?3 ?4\\nQh Qd ?0 ?1 ?2 ?3 ?4', time_limit=0.3)",
        "AttributeError",
    ),
    ("cards.cards_to_indices(b'As')", "AttributeError"),
    ("cards.Shoe(10**30)", "OverflowError"),
    ("baccarat.simulate(10**30)", "OverflowError"),
    ("cards.indices_to_cards(True)", "StopIteration"),
    ("cards.Shoe(rng=-1)", "ValueError"),
    ("baccarat.format_money(float('inf'))", "ValueError"),
]


@pytest.mark.parametrize(("call", "was"), REPORTED, ids=[call for call, _ in REPORTED])
def test_the_reported_calls_now_raise_type_errors_or_the_package_s_errors(
    call: str, was: str
) -> None:
    from croupier import baccarat, cards, casino, poker

    names = {"baccarat": baccarat, "cards": cards, "casino": casino, "poker": poker}
    raised: BaseException | None = None
    try:
        eval(call, names)  # text is read now (exact_equity): returning is right too
    except (TypeError, CroupierError) as exc:
        raised = exc
    if isinstance(raised, TypeError):
        assert "must be" in str(raised), call
