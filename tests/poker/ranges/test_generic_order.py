"""The order behind 15% in the generic syntax: the classes, the shipped table, the script
that builds it, and what a percentage takes."""

from __future__ import annotations

import importlib.util
import itertools
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from croupier.poker import PokerError
from croupier.poker.ranges.generic import GenericRange
from croupier.poker.ranges.generic_order import (
    CLASS_COUNTS,
    SCALE,
    TABLE_PATH,
    best_first,
    class_equity,
    class_numbers,
    order_description,
    top_percent,
)
from croupier.poker.ranges.generic_table import holding_numbers, holdings

ROOT = Path(__file__).resolve().parents[3]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "omaha_order.py"
    spec = importlib.util.spec_from_file_location("omaha_order", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


@pytest.mark.parametrize("size", [4, 5])
def test_classes_are_the_suit_permutation_families(size: int) -> None:
    table = holdings(size)
    numbers = class_numbers(table)
    assert int(numbers.max()) + 1 == CLASS_COUNTS[size]
    rng = random.Random(size)
    for _ in range(300):  # a holding and its image under a permutation of the suits
        row = sorted(rng.sample(range(52), size))
        perm = rng.sample(range(4), 4)
        image = sorted(4 * (c // 4) + perm[c % 4] for c in row)
        a, b = holding_numbers(np.array([row, image]))
        assert numbers[a] == numbers[b]
    # and two holdings of one class differ by a permutation of the suits
    first = np.flatnonzero(numbers == numbers[12345])
    cards = table.rows[first[0]].tolist()
    images = {
        tuple(sorted(4 * (c // 4) + swap[c % 4] for c in cards))
        for swap in itertools.permutations(range(4))
    }
    assert {tuple(r) for r in table.rows[first].tolist()} == images


@pytest.mark.parametrize("size", [4, 5])
def test_the_shipped_table(size: int) -> None:
    equity = class_equity(size)
    assert len(equity) == CLASS_COUNTS[size]
    assert 0.0 < equity.min() < 0.2 < 0.4 < equity.max() < 0.8
    order = best_first(size)
    assert sorted(order.tolist()) == list(range(CLASS_COUNTS[size]))
    assert (np.diff(equity[order]) <= 0).all()
    about = order_description(size)
    assert "against 3 random hands" in about and "seed" in about and "CPU" in about


def test_the_best_and_worst_omaha_holdings_are_where_a_player_expects() -> None:
    top = GenericRange.parse("1%", "omaha")
    assert "AsAhKsKh" in top and "AsAhJsTh" in top
    assert "7s5h3d2c" not in GenericRange.parse("50%", "omaha")
    assert "2s2h2d2c" in GenericRange.parse("99%-100%", "omaha")
    assert "AsAhKsKhQd" in GenericRange.parse("1%", "omaha5")
    assert "2s2h2d2c3s" in GenericRange.parse("99%-100%", "omaha5")


@pytest.mark.parametrize("size", [4, 5])
def test_a_percentage_takes_whole_classes_to_its_share(size: int) -> None:
    table = holdings(size)
    numbers = class_numbers(table)
    order = best_first(size)
    sizes = np.bincount(numbers)
    for percent in (0.5, 5.0, 15.0, 33.3, 100.0):
        bits = top_percent(0.0, percent, table)
        count = table.count(bits)
        taken = np.unique(numbers[table.flags(bits)])
        assert sorted(taken.tolist()) == sorted(order[: len(taken)].tolist())  # the best first
        assert count >= percent / 100 * len(table)  # reaches the share
        last = order[len(taken) - 1]
        assert count - sizes[last] < percent / 100 * len(table)  # without the last, short
    assert table.count(top_percent(0.0, 0.0, table)) == 0
    between = top_percent(5.0, 10.0, table)
    assert table.count(between) == table.count(top_percent(0.0, 10.0, table)) - table.count(
        top_percent(0.0, 5.0, table)
    )


def test_the_script_builds_the_shipped_figures_again() -> None:
    script = _script()
    for size, trials in ((4, 10_000), (5, 2_000)):
        classes = np.array([0, 777, CLASS_COUNTS[size] - 1], dtype=np.int64)
        about = order_description(size)
        assert f"the same {trials:,} random orderings" in about and "(seed 2026," in about
        equity, error = script.rank_classes(size, trials, 2026, classes)
        stored = (class_equity(size)[classes] * SCALE).round().astype(np.uint16)
        assert (np.round(equity * SCALE).astype(np.uint16) == stored).all()
        assert (error < 0.01).all()


def test_the_script_takes_tiny() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "omaha_order.py"), "--tiny"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert "omaha: " in done.stdout and "omaha5: " in done.stdout


def test_the_table_is_read_only_when_a_percentage_is() -> None:
    code = (
        "import sys\n"
        "from croupier.poker.ranges.generic import GenericRange\n"
        "GenericRange.parse('AA:$ds, RRON', 'omaha')\n"
        "print('croupier.poker.ranges.generic_order' in sys.modules)\n"
        "GenericRange.parse('AA:10%', 'omaha')\n"
        "from croupier.poker.ranges import generic_order as o\n"
        "print(o._stored.cache_info().currsize)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "1"]
    assert TABLE_PATH.stat().st_size < 400_000


def test_a_percentage_is_for_omaha_only() -> None:
    with pytest.raises(PokerError, match="for Omaha and five-card Omaha"):
        top_percent(0.0, 10.0, holdings(2))
