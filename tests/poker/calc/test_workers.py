"""The work of an equity calculation shared among processes, or a Dask cluster: the same
seed gives bit-for-bit the same answer however it is run."""

from __future__ import annotations

from functools import partial

import pytest

from croupier.errors import CroupierError
from croupier.poker.calc import CalcResult, EquityQuestion, calculate
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.montecarlo import CHUNK_TRIALS, MIN_TRIALS, chunk_sizes
from croupier.poker.calc.sampling import BLOCK_TRIALS, BlockDeals, deal_chunk, run_blocks
from croupier.poker.calc.tally import Tally

from ...untyped import untyped


def same(first: CalcResult, second: CalcResult) -> bool:
    """The same answer, to the last bit: the JSON object and every class's equity."""
    return first.to_dict() == second.to_dict() and all(
        a.grid.tobytes() == b.grid.tobytes()
        for a, b in zip(first.players, second.players, strict=True)
    )


#: Cheap questions of each kind, each split into two tasks or more: Monte Carlo for a
#: number of trials, to a precision (chunks run ahead by other workers are dropped),
#: exact on the turn (two tasks of families), exact preflop (two tasks).
QUESTIONS = {
    "trials": partial(
        calculate, ["AhKh", "QQ+, AKs", "random"], board="2c 7d 9h", trials=45_000, rng=3
    ),
    "precision": partial(calculate, ["AhKh", "QQ"], board="Js 7d 2h", precision=0.002, rng=4),
    "exact turn": partial(calculate, ["22+", "random"], board="2c 7d 9h Ks", exact=True),
    "exact preflop": partial(calculate, ["AhKh", "77+, ATs+, KQs"], exact=True),
}


@pytest.mark.parametrize("name", QUESTIONS)
def test_the_answer_does_not_depend_on_the_workers(name: str, dask_scheduler: str) -> None:
    run = QUESTIONS[name]
    here = run()
    assert not here.partial
    assert same(run(workers=2), here)
    assert same(run(scheduler=dask_scheduler), here)


def test_monte_carlo_is_chunks_each_the_next_blocks_of_the_seed() -> None:
    """The documented scheme, rebuilt by hand: chunk k deals the next blocks of the
    seed's streams (compiled, or by the kernel's NumPy twin), and the chunks are added
    in order."""
    assert list(chunk_sizes(300_000)) == [10_000, 20_000, 40_000, 80_000, 131_072, 18_928]
    assert next(chunk_sizes(None)) == MIN_TRIALS and max(chunk_sizes(10**6)) == CHUNK_TRIALS
    live = LiveQuestion(EquityQuestion.parse(["AhKh", "TT+"], board="Qs 7h 2h"))
    deals, first = BlockDeals(live, 12), 0
    for size in chunk_sizes(70_000):  # 10,000 (block 0), 20,000 (1, 2), 40,000 (3 to 5)
        counts, _, _ = deal_chunk(live, 12, first, size)
        deals.total += counts
        first += -(-size // BLOCK_TRIALS)
    tally = Tally(2)
    deals.fill(tally)
    *_, whole = run_blocks(live, 12, 70_000, 0.001, None)
    assert same(whole, tally.result(live, exact=False, partial=False, stderr=True))


def test_bad_workers_are_refused() -> None:
    with pytest.raises(CroupierError, match="bad number of workers 0"):
        calculate(["AhKh", "QQ"], trials=100, workers=0)
    with pytest.raises(TypeError, match="workers"):
        calculate(["AhKh", "QQ"], trials=100, workers=untyped("2"))
