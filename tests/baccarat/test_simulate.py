"""Simulation over real shoes: round by round against the engine, and against exact odds."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier import parallel
from croupier.baccarat import (
    CASINO,
    EZ,
    BaccaratError,
    Composition,
    Outcome,
    Round,
    bet_odds,
    outcome_probabilities,
    simulate,
)
from croupier.baccarat.enumeration import class_id
from croupier.baccarat.simulate import cell_facts, cut_card_for, deal_shoes, shuffled_shoes
from croupier.cards import Card, Rank, Shoe
from croupier.parallel import Interrupted

from ..untyped import untyped


def engine_histogram(orders: list[tuple[Card, ...]], cut: int, burn: bool) -> NDArray[np.int64]:
    """Deal each shoe order with the round engine, as a table would, and count cells."""
    histogram = np.zeros(1600, dtype=np.int64)
    for order in orders:
        shoe = Shoe.stacked(order, cut_card=cut)
        if burn:
            first = shoe.draw()
            for _ in range(1 if first.rank == Rank.ACE else min(int(first.rank), 10)):
                shoe.draw()
        while not shoe.cut_card_reached:
            coup = Round(shoe).play()
            cls = class_id(
                coup.player_total, coup.banker_total, len(coup.player_cards), len(coup.banker_cards)
            )
            histogram[cls * 4 + 2 * coup.player_pair + coup.banker_pair] += 1
    return histogram


@pytest.mark.parametrize("engine", ["as installed", "NumPy"])
@pytest.mark.parametrize(
    ("decks", "cut", "burn"), [(8, 400, False), (1, 40, False), (6, 250, True), (2, 11, False)]
)
def test_dealing_matches_the_round_engine_round_by_round(
    decks: int, cut: int, burn: bool, engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if engine == "NumPy":  # the rounds unsorted, as the histogram takes them uncompiled
        monkeypatch.setattr(sys.modules["croupier.baccarat.simulate"], "compiled", lambda _: False)
    orders = [Shoe(decks, rng=seed).remaining_cards() for seed in range(25)]
    ranks = np.array([[card.rank - 2 for card in order] for order in orders], dtype=np.uint8)
    assert (deal_shoes(ranks.T, cut, burn) == engine_histogram(orders, cut, burn)).all()


def test_a_seed_gives_the_same_result_whatever_the_workers() -> None:
    one = simulate(9000, decks=2, rng=77, workers=1)
    two = simulate(9000, decks=2, rng=77, workers=2)
    assert (one.histogram == two.histogram).all()
    assert one.seed == 77 and one.shoes == 9000
    assert (simulate(300, rng=78).histogram != simulate(300, rng=79).histogram).any()


def test_a_dask_cluster_deals_exactly_the_same_shoes(dask_scheduler: str) -> None:
    here = simulate(3000, decks=2, burn=True, rng=80)
    on_cluster = simulate(3000, decks=2, burn=True, rng=80, scheduler=dask_scheduler)
    assert on_cluster.to_dict() == here.to_dict()
    assert (on_cluster.histogram == here.histogram).all()


def test_without_a_seed_the_entropy_used_is_reported() -> None:
    first = simulate(50)
    again = simulate(50, rng=first.seed)
    assert (first.histogram == again.histogram).all()


def test_frequencies_agree_with_the_exact_odds() -> None:
    # A modest run (about 250,000 rounds): each outcome's exact chance for a full 8-deck
    # shoe lies inside the simulated 95% interval.
    result = simulate(3000, decks=8, rng=2026)
    assert 240_000 < result.rounds < 250_000
    exact = outcome_probabilities(Composition.decks(8))
    for outcome, chance in zip((Outcome.PLAYER, Outcome.BANKER, Outcome.TIE), exact, strict=True):
        low, high = result.interval(outcome)
        assert low < chance < high, outcome
    assert sum(result.count(o) for o in Outcome) == result.rounds


def test_bet_results_agree_with_the_exact_edges() -> None:
    result = simulate(3000, decks=8, rng=2027)
    for table in (CASINO, EZ):
        exact = {b.bet.key: b.expected_value for b in bet_odds(Composition.decks(8), table)}
        for simulated in result.bet_results(table):
            low, high = simulated.interval
            expected = exact[simulated.bet.key]
            assert expected is not None and low < expected < high, simulated.bet.key


def test_rounds_per_shoe_follow_the_cut_card() -> None:
    deep = simulate(200, decks=8, rng=5)
    shallow = simulate(200, decks=8, penetration=0.5, rng=5)
    burned = simulate(200, decks=8, burn=True, rng=5)
    assert deep.cut_card == 400 and shallow.cut_card == 208
    assert 79 < deep.rounds / 200 < 83  # about 400 / 4.94 cards a round
    assert 40 < shallow.rounds / 200 < 43
    assert burned.rounds < deep.rounds
    assert cut_card_for(1, 1.0) == 46  # a round started before the cut can always finish


def test_cells_cover_every_class_and_pair() -> None:
    facts = cell_facts()
    assert len(facts) == 1600
    assert (
        facts[class_id(9, 0, 2, 2) * 4 + 3].player_pair
        and facts[class_id(9, 0, 2, 2) * 4 + 3].banker_pair
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"shoes": 0}, "bad number of shoes 0"),
        ({"shoes": 10, "decks": 0}, "bad number of decks 0"),
        ({"shoes": 10, "penetration": 1.5}, "bad penetration 1.5"),
        ({"shoes": 10, "penetration": 0.0}, "bad penetration 0.0"),
        ({"shoes": 10, "decks": 1, "penetration": 0.01}, "the cut card would come out at once"),
        ({"shoes": 10, "decks": 1, "penetration": 0.2, "burn": True}, "too short to burn"),
        ({"shoes": 10, "workers": 0}, "bad number of workers 0"),
    ],
)
def test_bad_requests(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        simulate(**untyped(kwargs))


def test_progress_is_reported() -> None:
    seen: list[int] = []
    simulate(2500, decks=1, rng=1, progress=seen.append)
    assert seen == [1024, 2048, 2500]


def test_the_vectorised_shuffle_is_uniform() -> None:
    # 40,000 one-deck shoes: every rank is equally likely at every position (chi-square over
    # 52 positions x 13 ranks, 624 degrees of freedom), neighbours pair up 3 times in 51,
    # and every shoe keeps its 52 cards.
    shoes = shuffled_shoes(40_000, 1, np.random.default_rng(11))
    assert shoes.shape == (52, 40_000)
    assert (np.sort(shoes, axis=0) == np.repeat(np.arange(13), 4)[:, None]).all()
    counts = np.stack([np.bincount(row, minlength=13) for row in shoes])
    expected = 40_000 / 13
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 624 + 5 * math.sqrt(2 * 624)
    pairs = (shoes[:-1] == shoes[1:]).mean()
    assert abs(pairs - 3 / 51) < 0.001


def test_ctrl_c_while_the_workers_start_is_an_interruption_with_nothing_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def pressed(preload: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "pool_context", pressed)
    with pytest.raises(Interrupted) as stop:
        simulate(9000, rng=1, workers=2)
    assert stop.value.partial is None  # the command says "interrupted before any shoe"
