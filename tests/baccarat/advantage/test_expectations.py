"""Batch expectations against the exact odds API and a plain independent enumeration."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from croupier.baccarat import CASINO, EZ, Composition, bet_odds
from croupier.baccarat.composition import RANKS
from croupier.baccarat.enumeration import RoundClass
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.odds import expected_values_batch, outcome_probabilities_batch
from croupier.baccarat.payouts import Bet, PayoutTable

from ..plain_odds import plain_round_counts

EIGHT_DECKS_BY_RANK = np.full(13, 32)


def random_rank_counts(rows: int, seed: int) -> np.ndarray:
    """Depleted 8-deck shoes by rank: from full to a few dozen cards left."""
    rng = np.random.default_rng(seed)
    shoes = []
    for removed in rng.integers(0, 380, rows):
        order = rng.permutation(np.repeat(np.arange(13), 32))[: 416 - removed]
        shoes.append(np.bincount(order, minlength=13))
    return np.array(shoes)


def value_counts(ranks: np.ndarray) -> np.ndarray:
    composition_values = [
        Composition.from_ranks(dict(zip(RANKS, row.tolist(), strict=True))) for row in ranks
    ]
    return np.array([c.values for c in composition_values])


@pytest.mark.parametrize("table", [CASINO, EZ], ids=["casino", "ez"])
def test_every_bet_agrees_with_bet_odds_to_1e12(table: PayoutTable) -> None:
    ranks = random_rank_counts(20, seed=11)
    values = value_counts(ranks)
    for row_ranks, row_values in zip(ranks, values, strict=True):
        composition = Composition.from_ranks(dict(zip(RANKS, row_ranks.tolist(), strict=True)))
        assert composition.values == tuple(row_values.tolist())
    for bet in table.bets:
        batch = expected_values_batch(bet, ranks)
        for row, got in zip(ranks, batch, strict=True):
            composition = Composition.from_ranks(dict(zip(RANKS, row.tolist(), strict=True)))
            want = next(b for b in bet_odds(composition, table) if b.bet.key == bet.key)
            assert want.expected_value is not None
            assert abs(got - want.expected_value) < 1e-12, (bet.key, row)


def plain_expectation(bet: Bet, values: list[int]) -> Fraction:
    results, total = plain_round_counts(values)
    return sum(
        (Fraction(w, total) * bet.settle(RoundClass(*key)) for key, w in results.items()),
        Fraction(0),
    )


@pytest.mark.parametrize(
    "counts",
    [[11, 3, 0, 5, 2, 4, 1, 3, 2, 6], [40, 9, 12, 7, 10, 3, 12, 8, 9, 10]],
)
def test_batch_agrees_with_a_plain_enumeration(counts: list[int]) -> None:
    for bet in (
        EZ.bet("dragon-7"),
        EZ.bet("panda-8"),
        CASINO.bet("banker"),
        CASINO.bet("dragon-bonus-player"),
        CASINO.bet("tie"),
    ):
        got = expected_values_batch(bet, np.array([counts]))[0]
        assert abs(got - float(plain_expectation(bet, counts))) < 1e-12, bet.key


def test_published_side_bet_edges_at_eight_decks() -> None:
    # Dragon 7 house edge 7.611% and Panda 8 10.1876% (Jacobson).
    full = np.array([[128] + [32] * 9])
    assert f"{-expected_values_batch(EZ.bet('dragon-7'), full)[0]:.3%}" == "7.611%"
    assert f"{-expected_values_batch(EZ.bet('panda-8'), full)[0]:.4%}" == "10.1876%"


def test_outcome_batch_still_matches_single_compositions() -> None:
    ranks = random_rank_counts(10, seed=3)
    values = value_counts(ranks)
    batch = outcome_probabilities_batch(values)
    from croupier.baccarat import outcome_probabilities

    for row, got in zip(values, batch, strict=True):
        assert np.allclose(got, outcome_probabilities(row.tolist()), rtol=0, atol=1e-15)


def test_pair_bets_need_counts_by_rank() -> None:
    with pytest.raises(BaccaratError, match="needs counts by rank"):
        expected_values_batch(CASINO.bet("player-pair"), np.array([[128] + [32] * 9]))
    got = expected_values_batch(CASINO.bet("player-pair"), EIGHT_DECKS_BY_RANK[None, :])[0]
    assert abs(got - (12 * 0.07469879518072289 - 1)) < 1e-12
