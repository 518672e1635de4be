"""Counting and perfect-play studies: procedure, accounting, determinism, checkpoints."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from croupier.baccarat import EZ, Composition, bet_odds
from croupier.baccarat.advantage import (
    CountSystem,
    ShoeProcedure,
    StudySpec,
    TraceRows,
    checkpoint_header,
    checkpoint_line,
    count_spec,
    count_study,
    perfect_spec,
    perfect_study,
    read_checkpoint,
    run_study,
)
from croupier.baccarat.advantage.batches import BatchTotals, run_batch
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.rules import POINTS
from croupier.cards import Rank

from ...untyped import untyped

ZERO = CountSystem("zero", (0,) * 13)
RANK_CODES = tuple(Rank)


def small(spec: StudySpec, batch_shoes: int = 25) -> StudySpec:
    return dataclasses.replace(spec, batch_shoes=batch_shoes)


def traced(spec: StudySpec) -> list[TraceRows]:
    rows: list[TraceRows] = []
    run_study(spec, trace=rows.append)
    return rows


def test_procedure_deals_to_the_cut_card_after_the_standard_burn() -> None:
    procedure = ShoeProcedure(decks=8, cut_card=14, burn="standard")
    shoes = procedure.deal(50, np.random.default_rng(4))
    first = [POINTS[RANK_CODES[code]] or 10 for code in shoes.ranks[0]]
    assert shoes.starts.tolist() == [1 + value for value in first]
    rounds = shoes.rounds
    for shoe in range(50):
        mine = rounds.position[rounds.shoe == shoe]
        assert mine[0] == shoes.starts[shoe]
        assert mine[-1] < procedure.cut  # the last round starts before the cut card
        assert np.all(np.diff(mine) >= 4) and np.all(np.diff(mine) <= 6)
    assert shoes.round_numbers[:3].tolist() == [1, 2, 3]


def test_procedure_rejects_impossible_shoes() -> None:
    for bad in (
        {"decks": 0},
        {"cut_card": 5},
        {"burn": -1},
        {"burn": "some"},
        {"decks": 1, "cut_card": 45},
    ):
        with pytest.raises(BaccaratError):
            ShoeProcedure(**bad)


def test_trace_counts_are_the_unseen_cards_and_ev_matches_the_odds_api() -> None:
    spec = small(perfect_spec("dragon-7", shoes=6, rng=8), batch_shoes=3)
    rows = traced(spec)
    assert [len(set(r.shoe.tolist())) for r in rows] == [3, 3]
    lines = [line for r in rows for line in r.lines()]
    # Deal the same shoes again and count the cards the player saw, one by one.
    for index in (0, 1):
        dealt = spec.procedure.deal(
            3,
            np.random.default_rng(np.random.SeedSequence(8, spawn_key=(index,))),
        )
        for line in [x for x in lines if (x["shoe"] - 1) // 3 == index][::7]:
            column = (line["shoe"] - 1) % 3
            mine = dealt.rounds.position[dealt.rounds.shoe == column]
            start = mine[line["round"] - 1]
            seen = [0, *list(range(dealt.starts[column], start))]
            unseen = [128] + [32] * 9  # by value, 0 (10/J/Q/K) to 9
            for position in seen:
                unseen[POINTS[RANK_CODES[dealt.ranks[position, column]]]] -= 1
            assert line["counts"] == {str(value): count for value, count in enumerate(unseen)}
            values = list(line["counts"].values())
            exact = next(
                b for b in bet_odds(Composition.from_values(values), EZ) if b.bet.key == "dragon-7"
            )
            assert abs(line["ev"] - exact.expected_value) < 1e-12
            assert line["bet"] == (line["ev"] > 0)
    assert set(lines[0]) == {"shoe", "round", "counts", "ev", "bet", "outcome"}


def test_a_count_of_zeros_never_beats_the_baseline() -> None:
    # With every tag 0 the count never changes: betting at 0+ is flat betting every round
    # (the baseline on these shoes), at 1+ never betting; no threshold does better.
    full_shoe = -0.07611332
    always = count_study("dragon-7", ZERO, threshold=0, shoes=300, rng=5, exact_every=1)
    assert always.bets_per_shoe == always.rounds_per_shoe
    (row,) = always.by_count
    assert row.count == 0 and row.edge is not None
    assert always.edge_when_betting == pytest.approx(row.units_per_round)
    assert always.expectation_units_per_shoe is not None
    assert always.expectation_units_per_shoe / always.bets_per_shoe == pytest.approx(row.edge)
    assert abs(row.edge - full_shoe) < 0.005  # dealt to a cut card: close to the full shoe
    never = count_study("dragon-7", ZERO, threshold=1, shoes=300, rng=5)
    assert never.bets_per_shoe == 0 and never.units_per_shoe == 0
    assert never.edge_when_betting is None
    best = count_study("dragon-7", ZERO, shoes=300, rng=5)
    assert best.threshold == 0 and best.units_per_shoe == always.units_per_shoe


def test_perfect_play_is_never_below_counting_on_the_same_shoes() -> None:
    perfect = perfect_study("dragon-7", shoes=150, rng=12)
    for threshold in (2, 4, 6):
        counted = count_study(
            "dragon-7",
            "dragon-7",
            threshold=threshold,
            true_count=True,
            shoes=150,
            rng=12,
            exact_every=1,
        )
        assert counted.rounds_per_shoe == perfect.rounds_per_shoe
        assert counted.expectation_units_per_shoe is not None
        assert perfect.expectation_units_per_shoe is not None
        assert counted.expectation_units_per_shoe <= perfect.expectation_units_per_shoe


def test_expectation_and_outcome_accounting_agree() -> None:
    result = perfect_study("tie", shoes=400, rng=21)
    interval = result.expectation_ci95
    assert interval is not None
    low, high = result.ci95
    assert low <= interval[1] and interval[0] <= high
    assert interval[1] - interval[0] < (high - low) / 3  # far less variance
    assert result.to_dict()["expectation_units_per_shoe"] == result.expectation_units_per_shoe


def test_same_seed_same_numbers_in_any_batch_order_and_any_process_count() -> None:
    spec = small(count_spec("tie", "eor", threshold=1, shoes=100, rng=9))
    one = run_study(spec).to_dict()
    two = run_study(spec, workers=2).to_dict()
    assert one == two
    backwards = [run_batch(spec, i).totals for i in reversed(range(4))]
    assert sum(backwards[::-1], BatchTotals()).to_json() == run_study(spec).totals.to_json()
    other = run_study(dataclasses.replace(spec, seed=10)).to_dict()
    assert other["units_per_shoe"] != one["units_per_shoe"]


def test_checkpoint_resumes_to_the_same_result() -> None:
    spec = small(count_spec("dragon-7", "dragon-7", threshold=3, true_count=True, shoes=100, rng=4))
    full = run_study(spec)
    batch = {index: run_batch(spec, index).totals for index in range(4)}
    lines = [checkpoint_header(spec)]
    lines += [checkpoint_line(index, batch[index]) for index in (2, 0)]
    lines.append('{"batch": 3, "tot')  # torn last line: ignored
    finished = read_checkpoint(lines, spec)
    assert (finished.first_missing, sorted(finished.later), len(finished)) == (1, [2], 2)
    ran: list[int] = []
    resumed = run_study(spec, finished=finished, on_batch=lambda i, _: ran.append(i))
    assert sorted(ran) == [1, 3]
    assert resumed.to_dict() == full.to_dict()
    # Written back, the first batches are one summed line; read again, nothing changes.
    finished.add(1, batch[1])
    again = read_checkpoint([lines[0], *finished.lines()], spec)
    assert (again.first_missing, again.later) == (3, {})
    assert again.prefix.to_json() == finished.prefix.to_json()
    assert run_study(spec, finished=again).to_dict() == full.to_dict()
    with pytest.raises(BaccaratError, match="line 2"):
        read_checkpoint([lines[0], '{"batch": 1', lines[1]], spec)
    other = dataclasses.replace(spec, seed=5)
    with pytest.raises(BaccaratError, match="another study"):
        read_checkpoint(lines, other)
    with pytest.raises(BaccaratError, match="not a croupier checkpoint"):
        read_checkpoint(["{}"], spec)


def test_result_json_has_the_documented_fields() -> None:
    result = count_study("banker", "eor", threshold=2.5, true_count=True, shoes=50, rng=1)
    data = result.to_dict()
    for key, kind in (
        ("bet", str),
        ("shoes", int),
        ("units_per_shoe", float),
        ("ci95", list),
        ("bets_per_shoe", float),
        ("rounds_per_shoe", float),
        ("sd_per_shoe", float),
        ("partial", bool),
    ):
        assert isinstance(data[key], kind), key
    assert data["threshold"] == 2.5 and data["partial"] is False
    assert data["edge_when_betting"] is None or isinstance(data["edge_when_betting"], float)
    assert "expectation_units_per_shoe" not in data
    assert math.isclose(sum(r["frequency"] for r in data["by_count"]), 1)
    perfect = perfect_study("banker", shoes=10, rng=1).to_dict()
    assert perfect["threshold"] is None and "expectation_units_per_shoe" in perfect


def test_rng_may_be_a_generator_or_none() -> None:
    a = count_spec("tie", ZERO, threshold=0, shoes=10, rng=np.random.default_rng(3))
    b = count_spec("tie", ZERO, threshold=0, shoes=10, rng=np.random.default_rng(3))
    assert a.seed == b.seed
    assert (
        count_spec("tie", ZERO, threshold=0, shoes=10).seed
        != count_spec("tie", ZERO, threshold=0, shoes=10).seed
    )
    with pytest.raises(TypeError, match="rng"):
        count_spec("tie", ZERO, threshold=0, shoes=10, rng=untyped("7"))
    with pytest.raises(BaccaratError, match="bad number of shoes"):
        perfect_spec("tie", shoes=0)
    with pytest.raises(BaccaratError, match="no bet 'dragon-8'"):
        perfect_spec("dragon-8", shoes=1)


def test_a_result_s_repr_fits_on_a_line() -> None:
    """The repr of a result held every table by count: 12,000 characters."""
    result = perfect_study("tie", shoes=5, rng=1)
    for shown in (repr(result), repr(result.totals)):
        assert "\n" not in shown and len(shown) < 200, shown
