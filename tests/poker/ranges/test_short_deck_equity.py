"""Short-deck's top-percentage orders: the shipped figures against sums every table must
meet, a fresh Monte Carlo and an independent sampler, and the ranges they give."""

from __future__ import annotations

import ast
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from croupier.poker.calc import calculate
from croupier.poker.evaluation.batch import rank_game_rows
from croupier.poker.games import Game, variant_of
from croupier.poker.ranges.holdem import Range, RangeError
from croupier.poker.ranges.orders import class_order
from croupier.poker.ranges.short_deck_equity import SHORT_DECK_EQUITY
from croupier.poker.ranges.starting_hands import (
    CLASS_COMBOS,
    CLASS_LABELS,
    CLASS_SIZES,
    COMBO_CARDS,
)

ROOT = Path(__file__).resolve().parents[3]
SHORT = [Game.SHORTDECK, Game.SHORTDECK_STRAIGHTS]
#: The ranks of a short deck.
RANKS = set("AKQJT9876")


def short_deck_classes() -> list[str]:
    return [label for label in CLASS_LABELS if set(label[:2]) <= RANKS]


@pytest.mark.parametrize("game", SHORT)
def test_the_table_is_whole_and_its_sums_are_right(game: Game) -> None:
    """Every class once, in grid order; over all 630 combos a hand's equity averages
    1/2 against one random hand and 1/4 against three (the seats are alike)."""
    rows = SHORT_DECK_EQUITY[game]
    assert [label for label, *_ in rows] == short_deck_classes()
    sizes = [int(CLASS_SIZES[CLASS_LABELS.index(label)]) for label, *_ in rows]
    assert sum(sizes) == math.comb(36, 2)
    errors = [error for *_, error in rows]
    assert all(0 < error < 3e-4 for error in errors)
    one = sum(vs_one * n for (_, vs_one, _, _), n in zip(rows, sizes, strict=True)) / 630
    three = sum(vs_three * n for (_, _, vs_three, _), n in zip(rows, sizes, strict=True)) / 630
    assert one == pytest.approx(0.5, abs=1e-9)  # exact figures
    # the weighted mean's own error (the classes' figures are independent)
    spread = math.sqrt(sum((n / 630 * error) ** 2 for n, error in zip(sizes, errors, strict=True)))
    assert three == pytest.approx(0.25, abs=4 * spread)
    assert max(rows, key=lambda row: row[1])[0] == max(rows, key=lambda row: row[2])[0] == "AA"


@pytest.mark.parametrize("game", SHORT)
@pytest.mark.parametrize(("label", "seed"), [("KK", 11), ("JTs", 12), ("A6o", 13)])
def test_the_figures_agree_with_fresh_deals(game: Game, label: str, seed: int) -> None:
    """Against three random hands: croupier's Monte Carlo with another seed. Against one:
    a plain sampler of this test's own (random opponent and board from the 34 cards
    left, both hands ranked by the game's evaluator, ties split), exact figure against
    a sample, within 4.5 standard errors."""
    _, vs_one, vs_three, error = SHORT_DECK_EQUITY[game][short_deck_classes().index(label)]
    hand = f"{label[0]}s{label[1]}{'h' if len(label) == 2 or label[2] == 'o' else 's'}"
    fresh = calculate([hand, "random", "random", "random"], trials=150_000, rng=seed, game=game)
    mine = fresh.players[0]
    assert mine.stderr is not None
    assert abs(mine.equity - vs_three) < 4.5 * math.hypot(mine.stderr, error)

    rng = np.random.default_rng(seed)
    held = COMBO_CARDS[Range.parse(hand).combo_numbers][0]
    deck = np.array([c for c in range(52) if c >= 16 and c not in held])  # ranks 6 to ace
    deals = 40_000
    order = np.argsort(rng.random((deals, len(deck))), axis=1)[:, :7]
    cards = deck[order]
    board, theirs = cards[:, :5], cards[:, 5:]
    ours = rank_game_rows(game, np.broadcast_to(held, (deals, 2)), board)
    other = rank_game_rows(game, theirs, board)
    shares = (ours < other) + 0.5 * (ours == other)
    spread = shares.std() / math.sqrt(deals)
    assert abs(shares.mean() - vs_one) < 4.5 * spread


@pytest.mark.parametrize("game", SHORT)
@pytest.mark.parametrize("order", ["vs3", "vs1"])
def test_a_top_percentage_takes_short_deck_classes_in_order(game: Game, order: str) -> None:
    """Whole classes of the 630 combos, best first, until the share is reached."""
    ranked = class_order(order, game)
    assert sorted(CLASS_LABELS[n] for n in ranked) == sorted(short_deck_classes())
    assert CLASS_LABELS[ranked[0]] == "AA"
    for percent in (1, 10, 25, 50, 99, 100):
        taken, count = [], 0
        for number in ranked:
            if count >= percent / 100 * 630:
                break
            taken.append(number)
            count += int(CLASS_SIZES[number])
        expected = set(np.concatenate([CLASS_COMBOS[n] for n in taken]).tolist())
        held = Range.parse(f"{percent}%{order}", game=game)
        assert set(held.combo_numbers.tolist()) == expected
    assert all(
        card >= 16 for card in COMBO_CARDS[Range.parse("100%", game=game).combo_numbers].ravel()
    )


#: The first classes of each order (the tie rule decides some neighbours: a change to it,
#: or to the tables, shows here).
FIRST = {
    ("vs3", Game.SHORTDECK): "AA KK QQ JJ TT AKs 99 AQs KQs AKo AJs KJs QJs ATs JTs KTs",
    ("vs1", Game.SHORTDECK): "AA KK QQ JJ TT AKs AQs 99 AKo AJs KQs AQo ATs AJo KJs KTs",
    ("vs3", Game.SHORTDECK_STRAIGHTS): "AA KK QQ AKs JJ KQs AQs JTs QJs AKo KJs AJs QTs KTs TT ATs",
    ("vs1", Game.SHORTDECK_STRAIGHTS): "AA KK QQ JJ TT AKs AQs AKo AJs KQs AQo ATs KJs AJo QJs KTs",
}


@pytest.mark.parametrize(("order", "game"), list(FIRST))
def test_the_orders_begin_as_shipped(order: str, game: Game) -> None:
    assert " ".join(CLASS_LABELS[n] for n in class_order(order, game)[:16]) == FIRST[order, game]


def test_the_script_rebuilds_the_exact_figures() -> None:
    """``scripts/shortdeck_order.py --tiny`` computes three classes' figures: the exact
    heads-up ones are the table's, to the last digit."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "shortdeck_order.py"), "--tiny"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    rows = {label: row for label, *row in SHORT_DECK_EQUITY[Game.SHORTDECK]}
    lines = run.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        label, figures = line.split(" ", 1)
        vs_one, vs_three, error = ast.literal_eval(figures)
        assert vs_one == rows[label][0]
        assert abs(vs_three - rows[label][1]) < 4.5 * math.hypot(error, rows[label][2])


def test_the_two_rule_sets_rank_trips_and_straights_differently() -> None:
    """Where three of a kind beats a straight, pairs gain on connectors."""
    trips = [CLASS_LABELS[n] for n in class_order("vs3", "shortdeck")]
    straights = [CLASS_LABELS[n] for n in class_order("vs3", "shortdeck-straights")]
    assert trips.index("66") < straights.index("66")
    assert trips.index("T9s") > straights.index("T9s")


def test_a_range_of_omaha_is_not_read_here() -> None:
    with pytest.raises(RangeError, match="Omaha is no two-card game"):
        Range.parse("15%", game="omaha")
    assert variant_of("shortdeck").lowest_rank == 6
