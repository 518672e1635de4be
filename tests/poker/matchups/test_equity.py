"""Equity: reading hands with unknown cards, exact enumeration against brute force,
Monte Carlo against exact, and the enumeration machinery."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest

from croupier.cards import DECK, parse_cards
from croupier.poker import (
    EquityHand,
    PokerError,
    evaluate,
    exact_completions,
    exact_equity,
    monte_carlo_equity,
    parse_equity_hands,
)
from croupier.poker.matchups import equity as equity_module
from croupier.poker.matchups.equity import MAX_HANDS, _deal

from ...untyped import untyped

AKS_QQ = "As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4"


def brute_force(text: str) -> tuple[list[Fraction], Fraction]:
    """Win rates and tie rate over every ordered deal of the unknown cards, with evaluate."""
    hands = parse_equity_hands(text)
    named = {c for hand in hands for c in hand.known}
    deck = [c for c in DECK if c not in named]
    unknowns = len({n for hand in hands for n in hand.unknown})
    wins, ties, deals = [0] * len(hands), 0, 0
    for dealt in itertools.permutations(deck, unknowns):
        classes = [
            evaluate([*hand.known, *(dealt[n] for n in hand.unknown)]).class_number
            for hand in hands
        ]
        best = min(classes)
        if classes.count(best) == 1:
            wins[classes.index(best)] += 1
        else:
            ties += 1
        deals += 1
    return [Fraction(w, deals) for w in wins], Fraction(ties, deals)


@pytest.mark.parametrize(
    "text",
    [
        "As Ks Qh Jh 2c ?0 ?1\n7d 7c Qh Jh 2c ?0 ?1",  # turn and river to come
        "As Ks Qs Js ?0\n2c 2d 3h ?1 ?0",  # a shared card and a private one
        "As Ks Qs Js Th ?0\n2c 2d 3h 4h ?1 ?0\n5c 5d 6h 6d ?2 ?0",  # three hands
        "Ah Kh Qh Jh 9c 8c 7c\n2c 3d 4h 5s 6c ?0 ?1",  # nothing shared
        "Td 9d ?1 ?0 2h\n?2 Ac ?0 ?1 2h",  # a known shared card, unknowns out of order
    ],
)
def test_exact_equity_matches_brute_force(text: str) -> None:
    result = exact_equity(parse_equity_hands(text))
    rates, tie_rate = brute_force(text)
    assert result.exact and result.trials == exact_completions(parse_equity_hands(text))
    assert [Fraction(w, result.trials) for w in result.wins] == rates
    assert Fraction(result.ties, result.trials) == tie_rate
    assert math.isclose(sum(result.equity), 1.0)


def test_heads_up_preflop_visits_every_board() -> None:
    # Counts confirmed by a brute-force loop over eval7 on all 1,712,304 boards.
    result = exact_equity(parse_equity_hands(AKS_QQ))
    assert result.trials == math.comb(48, 5) == 1_712_304
    assert result.wins == (787_966, 917_606) and result.ties == 6_732
    assert result.tied == (6_732, 6_732)
    assert result.tie_shares == (Fraction(3366), Fraction(3366))
    assert result.equity[0] == pytest.approx((787_966 + 3_366) / 1_712_304)


def test_a_three_way_tie_splits_the_pot_in_three() -> None:
    board = "As Ks Qs Js Ts"
    hands = parse_equity_hands(f"2c 3d {board}\n4c 5d {board}\n7h 8h {board}")
    result = exact_equity(hands)
    assert result.trials == 1 and result.ties == 1 and result.wins == (0, 0, 0)
    assert result.tie_shares == (Fraction(1, 3),) * 3
    assert result.equity == pytest.approx((1 / 3,) * 3)


def test_one_hand_always_wins() -> None:
    result = monte_carlo_equity(parse_equity_hands("?0 ?1 ?2 ?3 ?4 ?5 ?6"), 100, rng=1)
    assert result.wins == (100,) and result.ties == 0 and result.equity == (1.0,)


def test_monte_carlo_is_seeded_and_close_to_exact() -> None:
    hands = parse_equity_hands(AKS_QQ)
    first = monte_carlo_equity(hands, 200_000, rng=7)
    assert first == monte_carlo_equity(hands, 200_000, rng=7)
    assert first != monte_carlo_equity(hands, 200_000, rng=8)
    assert first.trials == 200_000 and not first.exact and first.seed == 7
    exact = exact_equity(hands)
    for mc, ex in zip(first.equity, exact.equity, strict=True):
        assert abs(mc - ex) < 0.006  # more than 5 standard errors
    assert sum(first.wins) + first.ties == first.trials


def test_monte_carlo_reports_progress_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    monte_carlo_equity(
        parse_equity_hands(AKS_QQ), 150_000, rng=1, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (150_000, 150_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("trials", [0, -5, 10**18 + 1])
def test_bad_numbers_of_trials(trials: int) -> None:
    with pytest.raises(PokerError, match="bad number of trials"):
        monte_carlo_equity(parse_equity_hands(AKS_QQ), trials)


@pytest.mark.parametrize("trials", [True, 2.5])
def test_trials_of_the_wrong_type_are_type_errors(trials: object) -> None:
    with pytest.raises(TypeError, match="trials must be an int"):
        monte_carlo_equity(parse_equity_hands(AKS_QQ), untyped(trials))


def test_deals_are_distinct_and_uniform() -> None:
    rng = np.random.default_rng(3)
    picks = _deal(rng, 48_000, 48, 5)
    assert picks.shape == (48_000, 5)
    assert all(len(set(row)) == 5 for row in picks[:2000].tolist())
    for column in range(5):
        counts = np.bincount(picks[:, column], minlength=48)
        # 1,000 expected per card: a chi-square with 47 degrees of freedom
        chi2 = float(((counts - 1000) ** 2 / 1000).sum())
        assert chi2 < 100, (column, chi2)


def test_an_exact_run_too_long_is_refused_with_an_estimate() -> None:
    hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\n?5 ?6 ?0 ?1 ?2 ?3 ?4")
    assert exact_completions(hands) == math.comb(50, 5) * math.comb(45, 2)
    with pytest.raises(PokerError, match=r"exact enumeration of 2,097,572,400 completions would"):
        exact_equity(hands, time_limit=5)


# --- reading hands ----------------------------------------------------------------------


def test_reading_hands_with_comments_and_blank_lines() -> None:
    hands = parse_equity_hands("# heads up\n\nAs Ks ?0 ?1 ?2  # hero\n2c,2d ?0 ?1 ?2\n")
    assert hands == (
        EquityHand(tuple(DECK[i] for i in (51, 47)), (0, 1, 2)),
        EquityHand(tuple(DECK[i] for i in (0, 1)), (0, 1, 2)),
    )
    assert str(hands[0]) == "As Ks ?0 ?1 ?2" and hands[0].size == 5
    assert EquityHand.parse("?3 Ah ?0 ?1 ?2 2c").unknown == (3, 0, 1, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "input: no hands: expected one hand per line"),
        ("# nothing\n", "input: no hands"),
        ("As Ks ?0 ?1 ?x", "input, line 1: bad unknown card '?x' at position 5: expected ?"),
        ("As Ks ?0 ?1 ?", "bad unknown card '?' at position 5"),
        ("As Ks ?0 ?1 ?-1", "bad unknown card '?-1'"),
        ("As Ks ?0 ?1 Zz", "input, line 1: bad card 'Zz' at position 5"),
        (
            "As Ks ?0 ?1 ?0",
            "input, line 1: card '?0' at position 5 repeats position 3: each card may appear once",
        ),
        ("As Ks ?0 ?1 as", "input, line 1: card 'as' at position 5 repeats position 1"),
        ("As Ks ?0 ?1", "input, line 1: a hand of 4 cards once complete: expected 5 to 7"),
        ("As Ks ?0 ?1 ?2 ?3 ?4 ?5", "a hand of 8 cards once complete"),
        ("As Ks ?0 ?1 ?2\n\nAs Qd ?0 ?1 ?2\n2c 2d ?0 ?1 ?2", "input, line 3: card 'As' is also on"),
        ("As Ks ?0 ?2 ?3", "input: unknown card ?3 is used but ?1 is not"),
        (
            "\n".join(" ".join(f"?{7 * h + i}" for i in range(7)) for h in range(8)),
            "input: 56 unknown cards to deal but only 52 cards are not named",
        ),
    ],
)
def test_bad_hand_files(text: str, message: str) -> None:
    with pytest.raises(PokerError) as caught:
        parse_equity_hands(text)
    assert message in str(caught.value)


def test_hands_built_directly_are_checked_too() -> None:
    cards = tuple(DECK[i] for i in (51, 47))
    with pytest.raises(PokerError, match="a hand of 4 cards once complete"):
        EquityHand(cards, (0, 1))
    with pytest.raises(PokerError, match="a known card appears twice"):
        EquityHand((DECK[0], DECK[0]), (0, 1, 2))
    with pytest.raises(PokerError, match="unknown cards are distinct numbers"):
        EquityHand(cards, (0, 0, 1))
    hands = [
        EquityHand(cards, (0, 1, 2)),
        EquityHand((*cards[:1], DECK[0]), (0, 1, 2)),
        EquityHand((DECK[1], DECK[2]), (0, 1, 2)),
    ]
    with pytest.raises(PokerError, match="hand 1: card 'As' is also on hand 0 but not on hand 2"):
        monte_carlo_equity(hands, 10)
    with pytest.raises(PokerError, match=r"unknown card \?4 is used but \?3 is not"):
        exact_equity([EquityHand(cards, (0, 1, 2, 4))])
    with pytest.raises(PokerError, match="no hands"):
        exact_equity([])


def test_a_shared_card_must_be_in_every_hand() -> None:
    with pytest.raises(PokerError) as caught:
        parse_equity_hands("As Ks ?0 ?1 ?2\nAs Qd ?0 ?1 ?2\n2c 2d ?0 ?1 ?2", "hands.txt")
    assert str(caught.value) == (
        "hands.txt, line 2: card 'As' is also on hands.txt, line 1 but not on hands.txt, "
        "line 3: a card may be in one hand, or in every hand as a shared board card"
    )


# --- enumeration machinery --------------------------------------------------------------


def test_small_chunks_give_the_same_exact_result(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = parse_equity_hands("As Ks Qs Js Th ?0\n2c 2d 3h 4h ?1 ?0\n5c 5d 6h 6d ?2 ?0")
    expected = exact_equity(hands)
    monkeypatch.setattr(equity_module, "CHUNK", 100)
    assert exact_equity(hands) == expected


def test_hands_given_as_text_are_read_as_parse_equity_hands_reads_them() -> None:
    """The library's one rule: where hands are taken, their text is taken too."""
    hands = parse_equity_hands(AKS_QQ)
    assert exact_completions(AKS_QQ) == exact_completions(hands)
    assert monte_carlo_equity(AKS_QQ, 500, rng=4) == monte_carlo_equity(hands, 500, rng=4)
    short = "As Ks Qs Js ?0\nQh Qd Qc ?0 ?1"
    assert exact_equity(short) == exact_equity(parse_equity_hands(short))
    assert (
        exact_equity(short, dead="2c 3c").trials
        == exact_equity(short, dead=parse_cards("2c 3c")).trials
    )


def test_hands_of_the_wrong_type_are_named() -> None:
    with pytest.raises(TypeError, match=r"hands\[1\] must be an EquityHand, not str"):
        exact_completions(untyped([EquityHand.parse("As Ks ?0 ?1 ?2"), "Qh Qd ?0 ?1 ?2"]))
    with pytest.raises(TypeError, match="hands must be a sequence of EquityHand or a str"):
        exact_equity(untyped(None))
    with pytest.raises(TypeError, match="dead must be an iterable of Card or a str"):
        exact_completions(AKS_QQ, dead=untyped(5))


def test_more_hands_than_a_question_holds_are_refused_as_soon_as_read() -> None:
    read: list[int] = []

    def endless() -> Iterator[str]:
        for number in itertools.count():
            read.append(number)
            yield "As Ks ?0 ?1 ?2 ?3 ?4"

    with pytest.raises(PokerError, match=f"line {MAX_HANDS + 1}: more than {MAX_HANDS} hands"):
        parse_equity_hands(endless(), "hands.txt")
    assert len(read) == MAX_HANDS + 1
    many = [EquityHand.parse("?0 ?1 ?2 ?3 ?4")] * (MAX_HANDS + 1)
    with pytest.raises(PokerError, match=f"holds at most {MAX_HANDS}"):
        monte_carlo_equity(many, 10, rng=1)


@pytest.mark.parametrize("limit", [math.nan, math.inf, -math.inf, 0, -1.0, 10**400])
def test_a_time_limit_that_is_no_number_of_seconds_is_refused(limit: float) -> None:
    """NaN is over no estimate, so it lifted the limit unsaid (a run of days went on);
    None is the way to ask for no limit."""
    hands = "As Ks ?0 ?1 ?2 ?3 ?4\n?5 ?6 ?0 ?1 ?2 ?3 ?4\n?7 ?8 ?0 ?1 ?2 ?3 ?4"
    expected = (
        r"^bad time_limit .*: expected a finite number of seconds above 0 \(None: no limit\)$"
    )
    with pytest.raises(PokerError, match=expected):
        exact_equity(hands, time_limit=limit)
    with pytest.raises(PokerError, match=expected):
        monte_carlo_equity(hands, 10**12, time_limit=limit)
    assert exact_equity(AKS_QQ, time_limit=None).trials == 1712304
