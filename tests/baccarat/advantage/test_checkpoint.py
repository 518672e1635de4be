"""Checkpoints are read as strictly as any input: hostile or altered files are refused
with a :class:`BaccaratError` naming the line, never accepted, never a traceback."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.baccarat.advantage import (
    StudySpec,
    checkpoint_header,
    checkpoint_line,
    checkpoint_seed,
    count_spec,
    perfect_spec,
    read_checkpoint,
)
from croupier.baccarat.advantage.batches import BatchTotals, run_batch
from croupier.baccarat.errors import BaccaratError


def _spec() -> StudySpec:
    spec = count_spec("tie", "eor", threshold=1, shoes=60, rng=11, exact_every=7)
    return dataclasses.replace(spec, batch_shoes=25)  # batches of 25, 25 and 10 shoes


SPEC = _spec()
BATCHES = [run_batch(SPEC, index).totals for index in range(SPEC.batches)]


def _lines(**changes: Any) -> list[str]:
    """A checkpoint of ``SPEC`` with every batch, batch 1's totals changed."""
    data = BATCHES[1].to_json()
    data.update(changes)
    return [
        checkpoint_header(SPEC),
        checkpoint_line(0, BATCHES[0]),
        json.dumps({"batch": 1, "totals": data}),
        checkpoint_line(2, BATCHES[2]),
    ]


def test_an_unaltered_checkpoint_is_read_whole() -> None:
    finished = read_checkpoint(_lines(), SPEC)
    assert (finished.first_missing, finished.shoes) == (3, 60)
    again = read_checkpoint([checkpoint_header(SPEC), *finished.lines()], SPEC)
    assert again.prefix.to_json() == finished.prefix.to_json()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"shoes": -25}, "shoes is -25: expected 0 or more"),
        ({"shoes": 24}, "24 shoes where the study deals 25"),
        ({"shoes": 25.0}, "shoes is 25.0: expected a whole number"),
        ({"shoes": True}, "shoes is True: expected a number"),
        ({"shoes": "25"}, "shoes is 25: expected a number"),
        ({"rounds": 10**30}, "rounds is 100000000000000000000000000000...: beyond"),
        ({"bets": -1}, "bets is -1: expected 0 or more"),
        ({"units_sq": -0.5}, "units_sq is -0.5: expected 0 or more"),
        ({"priced_shoes": 0}, "0 shoes priced exactly where the study prices 4"),
        ({"count_rounds": [0] * 199}, "the rounds by count do not add up to the rounds"),
        ({"count_rounds": [1, 2]}, "count_rounds must be a list of 199 numbers"),
        ({"scan_bets": [0] * 199}, "the bets by threshold do not follow"),
        ({"bets": 10**9}, "1,000,000,000 bets in"),
    ],
)
def test_altered_totals_are_refused_naming_the_line(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(BaccaratError, match=r"^bad checkpoint line 3: ") as caught:
        read_checkpoint(_lines(**changes), SPEC)
    assert message in str(caught.value)


def test_a_negative_batch_of_the_issue_is_refused() -> None:
    """The issue's repro: one batch line's shoes made negative gave a wrong result."""
    lines = _lines(shoes=-25)
    with pytest.raises(BaccaratError, match="shoes is -25"):
        read_checkpoint(lines, SPEC)


def test_the_priced_shoes_follow_the_plan_of_each_kind() -> None:
    perfect = dataclasses.replace(perfect_spec("tie", shoes=30, rng=2), batch_shoes=20)
    totals = [run_batch(perfect, index).totals for index in range(2)]
    lines = [checkpoint_header(perfect), *(checkpoint_line(i, t) for i, t in enumerate(totals))]
    assert read_checkpoint(lines, perfect).shoes == 30
    scan = dataclasses.replace(count_spec("tie", "eor", shoes=30, rng=2), batch_shoes=20)
    totals = [run_batch(scan, index).totals for index in range(2)]
    lines = [checkpoint_header(scan), *(checkpoint_line(i, t) for i, t in enumerate(totals))]
    assert read_checkpoint(lines, scan).shoes == 30


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"batch": 1, "totals": {}}', "shoes is missing"),
        ('{"batch": -1, "totals": {}}', "no batch -1 in this study"),
        ('{"batch": 1.0, "totals": {}}', "expected a batch number"),
        ('{"batch": true, "totals": {}}', "expected a batch number"),
        ('{"batches": [0, "x"], "totals": {}}', "batches must be two whole numbers"),
        ('{"batches": [2, 3], "totals": {}}', "bad batch range"),
        ('{"batches": 7, "totals": {}}', "batches must be two whole numbers"),
        ('{"batch": 1, "totals": [1]}', "expected a JSON object of totals"),
        ("[1, 2]", "expected a JSON object"),
        ('{"batch": 1, "totals": {"shoes": NaN}}', "NaN is not a number JSON allows"),
        ('{"batch": 1, "totals": {"shoes": 1' + "0" * 5000 + "}}", "digits"),
        ("[" * 100_000 + "]" * 100_000, "nested too deep"),
        ('{"batch": 0, "totals": {}}', "batch 0 is finished twice"),
    ],
)
def test_hostile_lines_are_refused_without_a_traceback(line: str, message: str) -> None:
    lines = [checkpoint_header(SPEC), checkpoint_line(0, BATCHES[0]), line, "{}"]
    with pytest.raises(BaccaratError, match="bad checkpoint line 3") as caught:
        read_checkpoint(lines, SPEC)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("1e999", "records the seed inf"),
        ("-9", "records the seed -9"),
        ("true", "records the seed True"),
        ('"7"', "records the seed '7'"),  # text, not a number
        ('"' + "7" * 50 + '"', "records the seed '" + "7" * 40 + "...' (50 characters)"),
        ("null", "records the seed None"),
    ],
)
def test_a_hostile_seed_in_the_header_is_refused(seed: str, message: str) -> None:
    header = checkpoint_header(SPEC).replace('"seed": 11', f'"seed": {seed}')
    for read in (lambda: checkpoint_seed([header]), lambda: read_checkpoint([header], SPEC)):
        with pytest.raises(BaccaratError, match=re.escape(message)):
            read()


@pytest.mark.parametrize("first", ["[" * 100_000, "{}", "hello", '{"croupier_checkpoint": 1}'])
def test_a_bad_header_is_not_a_checkpoint(first: str) -> None:
    with pytest.raises(BaccaratError, match="not a croupier checkpoint header"):
        checkpoint_seed([first])


def test_the_header_must_record_this_very_study() -> None:
    with pytest.raises(BaccaratError, match="another study"):
        read_checkpoint(_lines(), dataclasses.replace(SPEC, exact_every=8))


_HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(list(BatchTotals().to_json())), value=_HOSTILE)
def test_any_altered_field_is_refused_or_consistent(field: str, value: object) -> None:
    """Whatever one field becomes, the checkpoint is refused with a BaccaratError, or
    read with totals that pass every check (the value was as good as the original)."""
    try:
        finished = read_checkpoint(_lines(**{field: value}), SPEC)
    except BaccaratError:
        return
    assert finished.shoes == 60


def test_the_longest_line_a_study_writes_fits_the_checkpoint_s_line_cap() -> None:
    """A 64-deck study wrote lines of 11,815 characters that its resume refused (the
    reader's cap was 10,000): every figure at its widest must fit."""
    from croupier.baccarat.advantage.study import MAX_CHECKPOINT_LINE_CHARS

    widest = BatchTotals()
    for field in dataclasses.fields(widest):
        value = getattr(widest, field.name)
        if hasattr(value, "dtype"):
            big = -(2**62) if value.dtype.kind == "i" else -1.2345678901234567e-300
            value = value.copy()
            value[:] = big
        else:
            value = -(2**62) if isinstance(value, int) else -1.2345678901234567e-300
        setattr(widest, field.name, value)
    lines = [
        checkpoint_line(SPEC.batches - 1, widest),
        json.dumps({"batches": [0, SPEC.batches], "totals": widest.to_json()}),
    ]
    assert max(map(len, lines)) <= MAX_CHECKPOINT_LINE_CHARS
