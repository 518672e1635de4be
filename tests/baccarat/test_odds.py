"""Exact odds: published figures, an independent enumeration, the batch path, bets, EOR."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from numpy.typing import NDArray

from croupier.baccarat import (
    CASINO,
    EZ,
    LAB,
    BaccaratError,
    Composition,
    bet_odds,
    effect_of_removal,
    odds_report,
    outcome_probabilities,
    outcome_probabilities_batch,
    pair_probabilities,
    payout_table,
)
from croupier.baccarat.composition import RANKS
from croupier.baccarat.enumeration import ROUND_CLASSES, class_id
from croupier.baccarat.odds import class_probabilities, expected_values_batch
from croupier.baccarat.payouts import Bet, Pair, PayoutTable, Rule, Wins
from croupier.baccarat.rules import Outcome
from croupier.cards import Rank

from ..untyped import untyped
from .plain_odds import plain_outcome_counts, plain_round_counts

EIGHT_DECKS = (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)

# (composition, player, banker, tie) to 6 decimals: seed 004 and the issue.
PUBLISHED = [
    (Composition.infinite_deck(), 0.446147, 0.458428, 0.095426),
    (Composition.decks(8), 0.446247, 0.458597, 0.095156),
    (Composition.decks(6), 0.446279, 0.458653, 0.095069),
    (Composition.decks(1), 0.446760, 0.459624, 0.093615),
]


@pytest.mark.parametrize(
    ("shoe", "player", "banker", "tie"), PUBLISHED, ids=["infinite", "8 decks", "6 decks", "1 deck"]
)
def test_published_outcome_probabilities(
    shoe: Composition, player: float, banker: float, tie: float
) -> None:
    got = outcome_probabilities(shoe)
    assert (round(got.player, 6), round(got.banker, 6), round(got.tie, 6)) == (player, banker, tie)
    exact = outcome_probabilities(shoe, exact=True)
    assert sum(exact) == 1
    assert all(abs(float(e) - g) < 1e-15 for e, g in zip(exact, got, strict=True))


def test_eight_deck_sequence_counts_exactly() -> None:
    total = math.perm(416, 6)
    assert total == 4_998_398_275_503_360
    exact = outcome_probabilities(EIGHT_DECKS, exact=True)
    assert exact.player * total == 2_230_518_282_592_256
    assert exact.banker * total == 2_292_252_566_437_888
    assert exact.tie * total == 475_627_426_473_216


def test_one_deck_against_the_plain_enumeration_exactly() -> None:
    player, banker, tie, total = plain_outcome_counts(Composition.decks(1).values)
    assert player + banker + tie == total
    exact = outcome_probabilities(Composition.decks(1), exact=True)
    assert (exact.player, exact.banker, exact.tie) == (
        Fraction(player, total),
        Fraction(banker, total),
        Fraction(tie, total),
    )


def random_depleted_shoes(count: int, seed: int) -> list[tuple[int, ...]]:
    """Shoes of 1 to 8 decks with a random part dealt, some values run out."""
    rng = np.random.default_rng(seed)
    shoes = []
    for _ in range(count):
        decks = int(rng.integers(1, 9))
        full = np.array([16 * decks] + [4 * decks] * 9)
        left = np.minimum(full, rng.integers(0, full + 1))
        left[rng.random(10) < 0.3] = 0  # some values gone entirely
        if left.sum() < 6:
            left[0] += 6
        shoes.append(tuple(int(x) for x in left))
    return shoes


@pytest.mark.parametrize("shoe", random_depleted_shoes(6, seed=4), ids=str)
def test_fast_path_against_the_plain_enumeration(shoe: tuple[int, ...]) -> None:
    player, banker, tie, total = plain_outcome_counts(shoe)
    fast = outcome_probabilities(shoe)
    assert abs(fast.player - player / total) < 1e-12
    assert abs(fast.banker - banker / total) < 1e-12
    assert abs(fast.tie - tie / total) < 1e-12
    exact = outcome_probabilities(shoe, exact=True)
    assert exact == (Fraction(player, total), Fraction(banker, total), Fraction(tie, total))


@pytest.mark.parametrize("shoe", [*random_depleted_shoes(2, seed=9), Composition.decks(2).values])
def test_round_classes_against_the_plain_enumeration(shoe: tuple[int, ...]) -> None:
    results, total = plain_round_counts(shoe)
    classes = class_probabilities(Composition.from_values(shoe))
    expected = np.zeros(len(ROUND_CLASSES))
    for (player, banker, p_cards, b_cards), ways in results.items():
        expected[class_id(player, banker, p_cards, b_cards)] = ways / total
    assert np.abs(classes - expected).max() < 1e-12
    assert abs(classes.sum() - 1) < 1e-12


def test_batch_agrees_with_one_at_a_time() -> None:
    rng = np.random.default_rng(7)
    shoes = np.array(EIGHT_DECKS) - rng.integers(0, 30, size=(300, 10))
    shoes[5] = [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]  # only zeros left: a tie every time
    batch = outcome_probabilities_batch(shoes)
    assert batch.shape == (300, 3) and batch.dtype == np.float64
    for row, probabilities in zip(shoes, batch, strict=True):
        assert np.abs(np.array(outcome_probabilities(row.tolist())) - probabilities).max() < 1e-14
    assert batch[5].tolist() == [0.0, 0.0, 1.0]
    assert np.abs(batch.sum(axis=1) - 1).max() < 1e-12
    assert outcome_probabilities_batch(np.zeros((0, 10), dtype=int)).shape == (0, 3)


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        (np.zeros((3, 9), dtype=int), r"shape \(3, 9\): expected \(K, 10\)"),
        (np.full((2, 10), 4.0), "expected whole numbers"),
        (np.array([[4] * 10, [4] * 9 + [-1]]), "row 1: .* negative count"),
        (np.array([[4] * 10, [1] * 5 + [0] * 5]), "too few cards in row 1: 5 left"),
        # the row would sum past int64 and wrap to 6 cards: priced as nonsense before
        (np.array([[2**62] * 4 + [6] + [0] * 5]), "row 0: .* count above 1,000,000,000,000,000"),
        ([[4] * 10, [4] * 9], "its rows are not all the same length"),
        # read before any cast: 2**63 in uint64 was reported as a negative count
        (np.array([[2**63] * 10], dtype=np.uint64), r"row 0: \[9223372036854775808, .* above"),
        ([[10**20] * 10], r"row 0: \[100000000000000000000, .* above"),  # Python ints
        (np.array([[4] * 9 + ["4"]], dtype=object), "array of object: expected whole numbers"),
    ],
)
def test_batch_errors_name_the_row(counts: NDArray[np.int64], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        outcome_probabilities_batch(counts)


def test_batch_by_rank_checks_each_rank() -> None:
    ranks = [24] * 13
    ranks[8], ranks[9] = -1, 25  # a negative ten hidden in a sound count of value 0
    with pytest.raises(BaccaratError, match=r"row 0: .* negative count"):
        expected_values_batch(CASINO.bet("player-pair"), [ranks])
    with pytest.raises(BaccaratError, match="its rows are not all the same length"):
        expected_values_batch(CASINO.bet("player-pair"), [[24] * 13, [24] * 12])
    fine = expected_values_batch(CASINO.bet("player-pair"), [[24] * 13])
    assert fine[0] == pytest.approx(bet_odds(Composition.decks(6))["player-pair"].expected_value)


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], "too few cards in .*: 5 left, a round may need 6"),
        ([4] * 9, "expected 10 card counts for values 0 to 9, got 9"),
        ([4] * 9 + [-2], "bad count -2 for value 9"),
    ],
)
def test_compositions_that_cannot_finish_a_round_are_refused(counts: object, message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        outcome_probabilities(untyped(counts))


@pytest.mark.parametrize(
    ("counts", "message"),
    [([4] * 9 + [2.5], r"counts\[9\] must be an int"), ("16,4,4", "counts must be a sequence")],
)
def test_counts_of_the_wrong_type_are_type_errors(counts: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        outcome_probabilities(untyped(counts))


# --- bets -----------------------------------------------------------------------------------

PUBLISHED_EDGES_8_DECKS = [  # (table, bet, house edge in percent, decimals published)
    (CASINO, "banker", 1.0579, 4),
    (CASINO, "player", 1.2351, 4),
    (CASINO, "tie", 14.360, 3),
    (CASINO, "tie-9", 4.844, 3),
    (CASINO, "player-pair", 10.36, 2),
    (CASINO, "banker-pair", 10.36, 2),
    (EZ, "banker", 1.0183, 4),
    (EZ, "dragon-7", 7.61, 2),
    (EZ, "panda-8", 10.19, 2),
    (CASINO, "dragon-bonus-player", 2.65, 2),
    (CASINO, "dragon-bonus-banker", 9.37, 2),
]


@pytest.mark.parametrize(("table", "key", "edge", "places"), PUBLISHED_EDGES_8_DECKS)
def test_published_house_edges(table: PayoutTable, key: str, edge: float, places: int) -> None:
    priced = {b.bet.key: b for b in bet_odds(Composition.decks(8), table)}
    house_edge = priced[key].house_edge
    assert house_edge is not None and round(100 * house_edge, places) == edge


def test_infinite_deck_banker_edge() -> None:
    banker = bet_odds(Composition.infinite_deck())[0]
    assert banker.house_edge is not None and round(100 * banker.house_edge, 4) == 1.0640


def test_exact_bet_values() -> None:
    priced = {b.bet.key: b for b in bet_odds(Composition.decks(8), CASINO, exact=True)}
    p = outcome_probabilities(Composition.decks(8), exact=True)
    assert priced["banker"].exact == Fraction(19, 20) * p.banker - p.player
    assert priced["tie"].exact == 8 * p.tie - (1 - p.tie)
    pair = Fraction(13 * 32 * 31, 416 * 415)
    assert priced["player-pair"].exact == 11 * pair - (1 - pair)
    assert all(b.expected_value == float(b.exact) for b in priced.values() if b.exact is not None)


def random_rank_shoes(count: int, seed: int) -> list[Composition]:
    """Shoes of 1 to 8 decks by rank, a random part dealt (some ranks run out)."""
    rng = np.random.default_rng(seed)
    shoes = []
    for _ in range(count):
        decks = int(rng.integers(1, 9))
        left = rng.integers(0, 4 * decks + 1, size=len(RANKS))
        left[rng.random(len(RANKS)) < 0.2] = 0
        left[0] += 6  # a round can always be dealt
        shoes.append(Composition.from_ranks(dict(zip(RANKS, left.tolist(), strict=True))))
    return shoes


@pytest.mark.parametrize(
    "shoe",
    [*random_rank_shoes(8, seed=11), Composition.decks(8), Composition.infinite_deck()],
    ids=str,
)
def test_every_float_figure_is_the_exact_one_rounded(shoe: Composition) -> None:
    """The float report (its round bets summed by the batch path, its pair bets counted
    in whole numbers) against the exact one: the pair bets are the exact fractions
    correctly rounded, the rest within a few units of the last place."""
    from croupier.baccarat.tablerules import VARIANTS

    fast = odds_report(shoe, VARIANTS)
    exact = odds_report(shoe, VARIANTS, exact=True)
    assert exact.exact_outcomes is not None
    for got, want in zip(fast.outcomes, exact.exact_outcomes, strict=True):
        assert abs(got - float(want)) < 1e-15
    assert fast.pair is not None
    assert abs(fast.pair - float(pair_probabilities(shoe, exact=True).player)) < 1e-15
    for got_bet, want_bet in zip(fast.bets, exact.bets, strict=True):
        assert want_bet.exact is not None and got_bet.expected_value is not None
        assert got_bet.bet == want_bet.bet and got_bet.exact is None
        if "pair" in got_bet.bet.key:
            assert got_bet.expected_value == float(want_bet.exact)
        assert abs(got_bet.expected_value - float(want_bet.exact)) < 1e-14, got_bet.bet.key


def test_lab_payouts() -> None:
    priced = {b.bet.key: b.expected_value for b in bet_odds(Composition.decks(8), LAB)}
    p = outcome_probabilities(Composition.decks(8))
    assert priced["banker"] == pytest.approx(p.banker - p.player - p.tie, abs=1e-15)
    assert priced["tie"] == pytest.approx(5 * p.tie - (1 - p.tie), abs=1e-15)


def test_pair_bets_need_counts_by_rank() -> None:
    priced = {b.bet.key: b for b in bet_odds(Composition.from_values(EIGHT_DECKS), CASINO)}
    assert priced["player-pair"].expected_value is None
    assert priced["player-pair"].house_edge is None
    assert priced["player-pair"].note == "needs counts by rank"
    assert priced["banker"].expected_value == pytest.approx(-0.010579, abs=1e-6)
    with pytest.raises(BaccaratError, match="pair bets need counts by rank"):
        pair_probabilities(Composition.from_values(EIGHT_DECKS))


def test_pair_probabilities_by_plain_counting() -> None:
    # A small shoe, counted card by card over the first four cards.
    counts = {Rank.ACE: 3, Rank.KING: 2, Rank.TEN: 1, Rank.FIVE: 4}
    shoe = Composition.from_ranks(counts)
    cards = [rank for rank, count in counts.items() for _ in range(count)]
    both = player_only = banker_only = neither = 0
    n = len(cards)
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    if len({a, b, c, d}) < 4:
                        continue
                    pp, bp = cards[a] == cards[b], cards[c] == cards[d]
                    both += pp and bp
                    player_only += pp and not bp
                    banker_only += bp and not pp
                    neither += not pp and not bp
    total = math.perm(n, 4)
    got = pair_probabilities(shoe, exact=True)
    assert (got.both, got.player_only, got.banker_only, got.neither) == (
        Fraction(both, total),
        Fraction(player_only, total),
        Fraction(banker_only, total),
        Fraction(neither, total),
    )
    assert pair_probabilities(Composition.infinite_deck(), exact=True).player == Fraction(1, 13)


def test_a_bet_mixing_pairs_and_outcomes_is_refused() -> None:
    mixed = Bet(
        "odd",
        "Odd",
        (Rule(Pair(Outcome.PLAYER), Fraction(5)), Rule(Wins(Outcome.TIE), Fraction(1))),
    )
    with pytest.raises(BaccaratError, match="mixes pair and round conditions"):
        bet_odds(Composition.decks(8), PayoutTable("odd", "", (mixed,)))


def test_odds_report() -> None:
    report = odds_report(Composition.decks(8), EZ, exact=True)
    assert report.exact_outcomes is not None and report.pair is not None
    assert round(report.outcomes.banker, 6) == 0.458597
    assert [b.bet.key for b in report.bets] == [b.key for b in EZ.bets]
    no_ranks = odds_report(Composition.from_values(EIGHT_DECKS))
    assert no_ranks.pair is None and no_ranks.exact_outcomes is None


# --- effect of removal ---------------------------------------------------------------------


def test_effect_of_removal() -> None:
    shoe = Composition.decks(8)
    effects = effect_of_removal(shoe, CASINO)
    assert set(effects.effects) == {b.key for b in CASINO.bets}
    for key, by_rank in effects.effects.items():
        assert set(by_rank) == set(RANKS)
        # Removing a random card leaves the expected value unchanged on average.
        assert abs(sum(shoe.rank_count(r) * by_rank[r] for r in RANKS)) < 1e-12, key
    banker = effects.effects["banker"]
    player = effects.effects["player"]
    # Small cards favour the banker, 5-9 the player (the classic EOR pattern).
    assert all(banker[r] > 0 for r in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR))
    assert all(banker[r] < 0 for r in (Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE))
    assert banker[Rank.FOUR] == max(banker.values()) and banker[Rank.SIX] == min(banker.values())
    assert all(banker[r] * player[r] < 0 for r in RANKS)
    assert banker[Rank.TEN] == banker[Rank.KING]
    assert abs(effects.effects["player-pair"][Rank.ACE]) < 1e-15  # symmetric full shoe
    after = bet_odds(shoe.removing([Rank.FIVE]))[0].expected_value
    assert after is not None
    assert banker[Rank.FIVE] == pytest.approx(after - effects.base["banker"], abs=1e-15)


def test_effect_of_removal_needs_ranks() -> None:
    with pytest.raises(BaccaratError, match="needs a finite shoe with counts by rank"):
        effect_of_removal(Composition.infinite_deck())
    with pytest.raises(BaccaratError, match="needs a finite shoe"):
        effect_of_removal(Composition.from_values(EIGHT_DECKS))


def test_bets_are_looked_up_by_key_and_stay_a_tuple() -> None:
    shoe = Composition.decks(8)
    priced = bet_odds(shoe)
    assert isinstance(priced, tuple) and priced[0] is priced["banker"]
    assert [odds.bet.key for odds in priced] == list(priced.keys())
    report = odds_report(shoe)
    assert report["tie"] == report.bets["tie"] == priced["tie"]
    assert "banker" in untyped(priced) and "nope" not in untyped(priced) and priced[0] in priced
    with pytest.raises(BaccaratError, match="no bet 'nope' in these odds"):
        priced["nope"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: odds_report(Composition.decks(8), exact=True),
        lambda: effect_of_removal(Composition.decks(1)),
        lambda: bet_odds(Composition.decks(8)),
        lambda: bet_odds(Composition.decks(8))[0],
        lambda: payout_table("ez"),
    ],
)
def test_reprs_fit_on_a_line(make: Callable[[], object]) -> None:
    """``repr(report)`` filled a screen with payout Rule objects."""
    shown = repr(make())
    assert "Rule(" not in shown and "\n" not in shown and len(shown) < 400, shown
