"""Poker evaluation speed: croupier beside treys, phevaluator and eval7, in one run.

Run from the repository root, with the peers installed (the ``bench`` extra):

    .venv/bin/pip install -e '.[dev,bench]'
    .venv/bin/python benchmarks/poker_speed.py            # about a minute
    .venv/bin/python benchmarks/poker_speed.py --quick    # fewer repetitions

The same seeded random hands (200,000 of 7 cards, and their first 5 cards as 5-card
hands) go through croupier's single-hand APIs (``evaluate(cards).class_number``, the full
result, and ``rank_hand(cards)``, the class number alone, like the peers' functions) and
its batch API (``rank_batch``), and through each peer's single-hand API, every input
prepared beforehand in the form each library takes (croupier: tuples of ``Card``; treys:
lists of its ints, called as ``evaluate(hand, [])``; phevaluator: card ids given to
``evaluate_cards``; eval7: lists of ``eval7.Card``). Each figure is the best of several runs, with
the garbage collector paused as ``timeit`` does. The script checks that every library
agrees on every hand (treys and phevaluator give the same class numbers as croupier;
eval7's scores must order the hands the same way), then times the equity calculator.

Targets (issue 4): ``rank_batch`` at least 10 million 7-card hands a second; the
single-hand API no slower than treys; heads-up pre-flop exact equity (all 1,712,304
boards) under 1 second; 100,000 Monte Carlo trials under 0.1 second. Issue 21 (the
compiled engine): one evaluation per call from Cards at least eval7's speed on 5, 6 and
7 cards, from a string at least phevaluator's (``evaluate(text)`` against phevaluator's
``evaluate_cards`` given card strings); ``rank_batch`` at least 150 million 7-card hands
a second on one core (rows ``uint8`` and ``int64``), and linear in threads (1 and 2
threads: hands per wall-second and per CPU-second, and the cores busy). Figures are
per second of CPU time of this process when ``--cpu`` is given (steadier on a shared
machine), of wall time otherwise; the load average is printed.
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK, Card
from croupier.engine import status
from croupier.poker import (
    evaluate,
    exact_equity,
    monte_carlo_equity,
    parse_equity_hands,
    rank_batch,
    rank_hand,
)

HEADS_UP = "As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4"


CLOCK: list[Callable[[], float]] = [time.perf_counter]


def best_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The shortest of ``repeat`` runs (seconds) and the last result."""
    best, result = float("inf"), None
    clock = CLOCK[0]
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            started = clock()
            result = run()
            best = min(best, clock() - started)
        finally:
            gc.enable()
    return best, result


def thread_scaling(rows: NDArray[np.uint8], repeat: int) -> dict[int, tuple[float, float, float]]:
    """``rank_batch`` on ``rows`` with 1 and 2 threads: for each, the best hands per
    second of wall time, per second of CPU time of this process, and the cores busy on
    average (CPU time over wall time: above 1 only when the threads ran at once, the GIL
    released)."""
    found = {}
    for threads in (1, 2):
        best_wall, best_cpu, busy = float("inf"), float("inf"), 0.0
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            rank_batch(rows, check=False, threads=threads)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
            busy = max(busy, cpu / wall)
        found[threads] = (len(rows) / best_wall, len(rows) / best_cpu, busy)
    return found


def random_hands(count: int, seed: int) -> NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :7].astype(np.int64)


def class_numbers(hands: Sequence[Sequence[Card] | str]) -> list[int]:
    """The class number of each hand, by :func:`evaluate` (cards or text)."""
    return [evaluate(hand).class_number for hand in hands]


def hand_ranks(hands: Sequence[Sequence[Card]]) -> list[int]:
    """The rank of each hand, by :func:`rank_hand`."""
    return [rank_hand(hand) for hand in hands]


def peers() -> dict[str, tuple[Callable[[list[str]], Any], Callable[[Any], Callable[[], Any]]]]:
    """Each peer: how to prepare a hand from card strings, and how to evaluate a list."""
    found: dict[str, Any] = {}
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        treys_evaluate = Evaluator().evaluate

        def treys_run(hands: list[list[int]]) -> Callable[[], list[int]]:
            return lambda: [treys_evaluate(hand, []) for hand in hands]

        found["treys"] = (lambda cards: [TreysCard.new(c) for c in cards], treys_run)
    except ImportError:
        pass
    try:
        from phevaluator import Card as PhCard
        from phevaluator import evaluate_cards

        def phe_run(hands: list[list[int]]) -> Callable[[], list[int]]:
            return lambda: [evaluate_cards(*hand) for hand in hands]

        found["phevaluator"] = (lambda cards: [PhCard(c).id_ for c in cards], phe_run)
    except ImportError:
        pass
    try:
        import eval7

        eval7_evaluate = eval7.evaluate

        def eval7_run(hands: list[list[Any]]) -> Callable[[], list[int]]:
            return lambda: [eval7_evaluate(hand) for hand in hands]

        found["eval7"] = (lambda cards: [eval7.Card(c) for c in cards], eval7_run)
    except ImportError:
        pass
    return found


def agree(name: str, ours: Sequence[int], theirs: Sequence[int]) -> bool:
    if name != "eval7":
        return list(ours) == list(theirs)
    # eval7 scores hands its own way (higher is better): the same order means one score per
    # class, and scores falling as class numbers rise.
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    classes = [c for c, _ in pairs]
    scores = [s for _, s in pairs]
    return len(set(classes)) == len(pairs) and all(a > b for a, b in itertools.pairwise(scores))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--tiny", action="store_true", help="2,000 hands, one repetition, a flop (tests)"
    )
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process")
    args = parser.parse_args()
    repeat = 1 if args.tiny else 2 if args.quick else 5
    if args.tiny:
        args.hands = 2_000
    if args.cpu:
        CLOCK[0] = time.process_time
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; engine {status()}")

    started = time.perf_counter()
    rank_batch(np.arange(7)[None, :])
    rank_batch(np.arange(5)[None, :])
    rank_batch(np.arange(6)[None, :])
    evaluate(DECK[:7])
    print(f"lookup tables built in {time.perf_counter() - started:.2f} s (once per process)")

    hands7 = random_hands(args.hands, args.seed)
    found = peers()
    print(f"{args.hands:,} random hands (seed {args.seed}); peers: {', '.join(found) or 'none'}")
    good = True
    rows: list[tuple[str, str, float]] = []
    for size in (7, 6, 5):
        array = np.ascontiguousarray(hands7[:, :size])
        cards: list[tuple[Card, ...]] = [tuple(DECK[i] for i in row) for row in array.tolist()]
        strings = [[str(c) for c in hand] for hand in cards]
        seconds, batch = best_time(functools.partial(rank_batch, array), repeat * 4)
        rows.append((f"{size} cards", "croupier rank_batch", args.hands / seconds))
        small = array.astype(np.uint8)
        seconds, _ = best_time(functools.partial(rank_batch, small, check=False), repeat * 4)
        rows.append((f"{size} cards", "rank_batch uint8 unchkd", args.hands / seconds))
        if size == 7:
            many = np.tile(small, (8, 1))  # enough rows for two threads to share
            scaling = thread_scaling(many, repeat * 2)
            for threads, (wall_rate, cpu_rate, busy) in scaling.items():
                rows.append((f"{size} cards", f"rank_batch {threads} thr, wall", wall_rate))
                rows.append((f"{size} cards", f"rank_batch {threads} thr, CPU", cpu_rate))
                print(
                    f"rank_batch, {threads} thread(s): {wall_rate / 1e6:,.0f} M hands per wall-s, "
                    f"{cpu_rate / 1e6:,.0f} M per CPU-s, {busy:.2f} cores busy on average"
                )
            (w1, c1, _), (w2, c2, _) = scaling[1], scaling[2]
            print(
                f"rank_batch, 2 threads vs 1: {w2 / w1:.2f}x the hands per wall-second, "
                f"{c2 / c1:.2f}x per CPU-second (linear: 2x and 1x with two free cores)"
            )
        seconds, single = best_time(functools.partial(class_numbers, cards), repeat)
        rows.append((f"{size} cards", "croupier evaluate", args.hands / seconds))
        seconds, numbers = best_time(functools.partial(hand_ranks, cards), repeat)
        rows.append((f"{size} cards", "croupier rank_hand", args.hands / seconds))
        texts = [" ".join(hand) for hand in strings]
        seconds, from_text = best_time(functools.partial(class_numbers, texts), repeat)
        rows.append((f"{size} cards", "evaluate(text)", args.hands / seconds))
        good &= from_text == single
        same = batch.tolist() == single == numbers
        good &= same
        print(f"{size} cards: rank_batch, evaluate and rank_hand agree on every hand: {same}")
        for name, (prepare, make_run) in found.items():
            prepared = [prepare(hand) for hand in strings]
            seconds, theirs = best_time(make_run(prepared), repeat)
            rows.append((f"{size} cards", name, args.hands / seconds))
            same = agree(name, single, theirs)
            good &= same
            print(f"{size} cards: croupier and {name} agree on every hand: {same}")
            if name == "phevaluator":  # from strings, as evaluate(text) reads them
                seconds, theirs = best_time(make_run(strings), repeat)
                rows.append((f"{size} cards", "phevaluator(text)", args.hands / seconds))

    print(f"\n{'hands':<9}{'library':<24}{'hands/s':>14}   vs treys  vs phevaluator  vs eval7")
    for hands_of, name, rate in rows:
        ratios = []
        for peer in (
            "treys",
            "phevaluator" if "text" not in name else "phevaluator(text)",
            "eval7",
        ):
            peer_rate = next((r for s, n, r in rows if s == hands_of and n == peer), None)
            ratios.append(f"{rate / peer_rate:>9.2f}x" if peer_rate else f"{'-':>10}")
        print(f"{hands_of:<9}{name:<24}{rate:>14,.0f}  {ratios[0]}  {ratios[1]:>13}  {ratios[2]}")

    # --tiny: the same two hands on a flop (moments instead of a second or two)
    flop = HEADS_UP.replace("?0 ?1 ?2 ?3 ?4", "2c 7d 9h ?0 ?1")
    hands = parse_equity_hands(flop if args.tiny else HEADS_UP)
    seconds, result = best_time(lambda: exact_equity(hands), repeat)
    print(
        f"\nheads-up pre-flop exact equity, As Ks vs Qh Qd, {result.trials:,} boards: "
        f"{seconds:.3f} s  (equity {result.equity[0]:.4f} / {result.equity[1]:.4f})"
    )
    trials = 2_000 if args.tiny else 100_000
    seconds, result = best_time(lambda: monte_carlo_equity(hands, trials, rng=1), repeat)
    print(
        f"heads-up Monte Carlo, {result.trials:,} trials: {seconds:.3f} s  "
        f"(equity {result.equity[0]:.4f} / {result.equity[1]:.4f})"
    )
    print("\nall libraries agree" if good else "\nDISAGREEMENT: see above")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
