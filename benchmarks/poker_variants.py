"""Omaha, five-card Omaha and short-deck: croupier beside pokerkit (and phevaluator's
Omaha evaluator), on the same spots in the same run.

Run from the repository root, with pokerkit and phevaluator installed (the ``test`` or
``bench`` extra):

    .venv/bin/python benchmarks/poker_variants.py           # about two minutes
    .venv/bin/python benchmarks/poker_variants.py --cpu     # CPU time of this process
    .venv/bin/python benchmarks/poker_variants.py --tiny    # every row, tiny sizes (tests)
    .venv/bin/python benchmarks/poker_variants.py --cpu --evaluation   # Omaha hands alone

pokerkit's ``calculate_equities`` deals at random (it has no exact mode): its rows give
its deals per second, and for an exact croupier row the time pokerkit takes to deal as
many deals as the exact answer visits (one deal each), from its rate. Monte Carlo rows
check that both answers agree within four standard errors. Targets (issue 23): exact
heads-up Omaha on a flop well under a second; preflop hand vs hand exactly under 30 s;
Monte Carlo at least 5 million trials a second, heads-up Omaha. croupier runs on one
thread throughout. Issue 35: one Omaha hand a call (``evaluate_game`` from Cards) at
least phevaluator's ``evaluate_omaha_cards`` (from card numbers), timed in turns.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

from croupier.engine import status
from croupier.poker import calculate
from croupier.poker.evaluation.batch import rank_game_rows
from croupier.poker.evaluation.hand import evaluate_game
from poker_speed import CLOCK, best_time  # benchmarks/ is on the path when run as a script
from report import print_rows

FLOP = "2c 7d 9h"


def kit_cards(text: str) -> list[Any]:
    from pokerkit import Card

    return list(Card.parse(text.replace(" ", "")))


def kit_equity(game: str, hands: list[str], board: str, samples: int) -> list[float]:
    """pokerkit's Monte Carlo equity: each hand given (``""``: random)."""
    from pokerkit import (
        Deck,
        Hand,
        OmahaHoldemHand,
        ShortDeckHoldemHand,
        StandardHighHand,
        calculate_equities,
    )

    hole = {"holdem": 2, "omaha": 4, "omaha5": 5}.get(game, 2)
    deck = Deck.SHORT_DECK_HOLDEM if game.startswith("shortdeck") else Deck.STANDARD
    kind: type[Hand] = {"omaha": OmahaHoldemHand, "omaha5": OmahaHoldemHand}.get(
        game, StandardHighHand
    )
    if game.startswith("shortdeck"):
        kind = ShortDeckHoldemHand
    ranges = [[kit_cards(h)] if h else [[]] for h in hands]
    equities: list[float] = calculate_equities(  # typed where pokerkit is installed
        ranges, kit_cards(board) if board else [], hole, 5, deck, (kind,), sample_count=samples
    )
    return equities


def rate_row(
    label: str,
    game: str,
    hands: list[str],
    board: str,
    trials: int,
    kit_samples: int,
    repeat: int,
) -> tuple[str, str, str, str]:
    """Monte Carlo trials per second, croupier and pokerkit, and their ratio."""
    ours_time, ours = best_time(
        lambda: calculate(
            [h or "random" for h in hands], board=board or None, game=game, trials=trials, rng=1
        ),
        repeat,
    )
    kit_time, kit = best_time(lambda: kit_equity(game, hands, board, kit_samples), 1)
    error = ours.players[0].stderr or 0.0
    kit_error = 0.5 / kit_samples**0.5
    agree = abs(ours.players[0].equity - kit[0]) < 4 * (error**2 + kit_error**2) ** 0.5
    ours_rate, kit_rate = trials / ours_time, kit_samples / kit_time
    return (
        label,
        f"{ours_rate / 1e6:.2f} M trials/s ({100 * ours.players[0].equity:.2f}%)",
        f"{kit_rate:,.0f} trials/s ({100 * kit[0]:.2f}%)",
        f"{ours_rate / kit_rate:,.0f}x" + ("" if agree else " DISAGREE"),
    )


def exact_row(
    label: str, game: str, hands: list[str], board: str, kit_samples: int, repeat: int
) -> tuple[str, str, str, str]:
    """An exact answer's time, and pokerkit's time to deal as many deals at random."""
    ours_time, ours = best_time(
        lambda: calculate(hands, board=board or None, game=game, exact=True), repeat
    )
    kit_time, _ = best_time(lambda: kit_equity(game, hands, board, kit_samples), 1)
    kit_same = kit_time / kit_samples * ours.games
    return (
        f"{label} ({ours.games:,} deals)",
        f"{ours_time * 1000:,.1f} ms exact ({100 * ours.players[0].equity:.2f}%)",
        f"{kit_same:,.1f} s for as many random deals",
        f"{kit_same / ours_time:,.0f}x",
    )


def evaluation_rows(count: int, repeat: int) -> list[tuple[str, str, str, str]]:
    """Omaha hands a second: croupier by rows and one at a time, phevaluator, pokerkit."""
    import phevaluator
    from pokerkit import OmahaHoldemHand

    rng = np.random.default_rng(7)
    deals = np.array([rng.permutation(52)[:9] for _ in range(count)])
    hole, board = deals[:, :4], deals[:, 4:]
    from croupier.cards import DECK

    texts = [
        ("".join(str(DECK[c]) for c in row[:4]), "".join(str(DECK[c]) for c in row[4:]))
        for row in deals.tolist()
    ]
    cards = [
        (tuple(DECK[c] for c in row[:4]), tuple(DECK[c] for c in row[4:])) for row in deals.tolist()
    ]
    numbers = [tuple(int(c) for c in (*row[4:], *row[:4])) for row in deals.tolist()]
    phevaluator.evaluate_omaha_cards(*numbers[0])  # its tables loaded before timing
    rank_game_rows("omaha", hole[:1], board[:1])
    evaluate_game("omaha", *cards[0])  # its kernel ready
    t_rows, classes = best_time(lambda: rank_game_rows("omaha", hole, board), repeat)
    # one hand a call, croupier and phevaluator timed in turns (the same load for both)
    t_one = t_ph = float("inf")
    ph: list[int] = []
    ones: list[int] = []
    for _ in range(max(repeat, 3)):
        seconds, ones = best_time(
            lambda: [evaluate_game("omaha", h, b).class_number for h, b in cards], 1
        )
        t_one = min(t_one, seconds)
        seconds, ph = best_time(lambda: [phevaluator.evaluate_omaha_cards(*n) for n in numbers], 1)
        t_ph = min(t_ph, seconds)
    assert ones == ph, "croupier's one-call path and phevaluator disagree"
    kit_count = max(1, count // 20)
    t_kit, _ = best_time(lambda: [OmahaHoldemHand.from_game(h, b) for h, b in texts[:kit_count]], 1)
    assert classes.tolist() == ph, "croupier and phevaluator disagree"
    ph_rate = count / t_ph
    rows = []
    for label, seconds, n in (
        ("croupier rank_game_rows", t_rows, count),
        ("croupier evaluate_game (Cards, one a call)", t_one, count),
        ("phevaluator evaluate_omaha_cards", t_ph, count),
        ("pokerkit OmahaHoldemHand.from_game", t_kit, kit_count),
    ):
        rows.append(
            (
                f"Omaha hands, {label}",
                f"{n / seconds:,.0f} hands/s",
                "",
                f"{n / seconds / ph_rate:.2f}x phevaluator",
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process")
    parser.add_argument("--tiny", action="store_true", help="every row at a tiny size (tests)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--evaluation", action="store_true", help="the Omaha hands a second alone (no equity)"
    )
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    repeat = 1 if args.tiny else args.repeat
    if args.evaluation:
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {status()}")
        alone = evaluation_rows(2_000 if args.tiny else 200_000, repeat)
        print_rows(("spot", "croupier", "pokerkit", "ratio"), alone)
        return
    trials = 20_000 if args.tiny else 2_000_000
    kit = 200 if args.tiny else 5_000
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; engine {status()}")
    calculate(["AsAhKsKh", "random"], game="omaha", trials=1000, rng=0)  # tables built
    calculate(["AhKh", "random"], game="shortdeck", trials=1000, rng=0)
    rows: list[tuple[str, str, str, str]] = []
    hero, villain = "AsAhKsKh", "QdQcJdTc"
    rows.append(
        exact_row("Omaha, hand vs hand on a flop", "omaha", [hero, villain], FLOP, kit, repeat)
    )
    preflop_board = "" if not args.tiny else "2c 7d 9h Ts"
    rows.append(
        exact_row("Omaha, hand vs hand preflop", "omaha", [hero, villain], preflop_board, kit, 1)
    )
    rows.append(
        exact_row(
            "short-deck, AhKh vs QsQd preflop",
            "shortdeck-straights",
            ["AhKh", "QsQd"],
            "",
            kit,
            repeat,
        )
    )
    hero5, villain5 = "AsAhKsKhQh", "QdQcJdTc9c"
    mc: list[tuple[str, str, list[str], str]] = [
        ("Omaha MC, hand vs hand preflop", "omaha", [hero, villain], ""),
        ("Omaha MC, hand vs random preflop", "omaha", [hero, ""], ""),
        ("Omaha MC, random vs random preflop", "omaha", ["", ""], ""),
        ("Omaha MC, hand vs hand on a flop", "omaha", [hero, villain], FLOP),
        ("Omaha MC, hand vs random on a flop", "omaha", [hero, ""], FLOP),
        ("Omaha MC, random vs random on a flop", "omaha", ["", ""], FLOP),
        ("five-card Omaha MC, hand vs hand preflop", "omaha5", [hero5, villain5], ""),
        ("five-card Omaha MC, hand vs random preflop", "omaha5", [hero5, ""], ""),
        ("five-card Omaha MC, random vs random preflop", "omaha5", ["", ""], ""),
        ("short-deck MC, AhKh vs random preflop", "shortdeck-straights", ["AhKh", ""], ""),
    ]
    for label, game, hands, board in mc:
        rows.append(rate_row(label, game, hands, board, trials, kit, repeat))
    rows += evaluation_rows(2_000 if args.tiny else 200_000, repeat)
    print_rows(("spot", "croupier", "pokerkit", "ratio"), rows)


if __name__ == "__main__":
    main()
