"""Build the order of Omaha and five-card Omaha holdings behind ``15%`` in the generic
range syntax: src/croupier/poker/generic_order.npz, reproducibly from a seed.

Run: .venv/bin/python scripts/omaha_order.py [--game omaha|omaha5|both] [--seed N]
     [--trials-omaha N] [--trials-omaha5 N] [--out FILE] [--tiny]

What is ranked. Holdings that differ only by a permutation of the suits are one class
(16,432 of four cards, 134,459 of five; see croupier.poker.ranges.generic_order); each
class is ranked by its all-in equity before the flop against three random hands (the
opponents of hold'em's default ``15%``, PokerStove's and Equilab's "vs 3 randoms"):
the share of the pot it wins, ties split, over random deals of the board and of the
opponents' hands from the cards it leaves.

How. One holding of each class (the lowest-numbered) plays the same TRIALS random
orderings of the deck, drawn once from the seed: in each, the board and the three
opponents' hands are the first cards of the ordering that the class's holding does not
hold (common random numbers: two classes meet the same deals wherever their cards allow,
so the difference between two classes, which is what an order needs, is known far better
than either equity). The hands are ranked by croupier.poker.rank_game_rows. The standard
error of each equity is printed (and kept in the table's notes), and the equities are
stored as 16-bit fractions of 1, in class-number order; the library sorts them, best
first (a tie by the lower class number).

``--tiny`` ranks a few classes with few trials and writes nothing (a quick look).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from croupier.poker import rank_game_rows
from croupier.poker.ranges.generic_order import CLASS_COUNTS, SCALE, TABLE_PATH, class_numbers
from croupier.poker.ranges.generic_table import holdings

OPPONENTS = 3
GAMES = {4: "omaha", 5: "omaha5"}
#: Classes dealt together (the work arrays hold BATCH x trials deals).
BATCH = 16


def orderings(trials: int, seed: int) -> NDArray[np.uint8]:
    """``trials`` random orderings of the 52 cards, from ``seed``."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((trials, 52)), axis=1).astype(np.uint8)


def representatives(size: int) -> NDArray[np.int64]:
    """One holding (card numbers) of each class, the lowest-numbered, by class number."""
    table = holdings(size)
    numbers = class_numbers(table)
    _, first = np.unique(numbers, return_index=True)
    return table.rows[first].astype(np.int64)


def equities(
    hands: NDArray[np.int64], deck_orders: NDArray[np.uint8]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each hand's equity against OPPONENTS random hands over the orderings, and its
    standard error."""
    count, size = hands.shape
    trials = len(deck_orders)
    needed = 5 + OPPONENTS * size
    head = deck_orders[:, : needed + size].astype(np.int64)  # enough cards whatever is held
    held = (head[None, :, :, None] == hands[:, None, None, :]).any(axis=3)
    keep = np.argsort(held, axis=2, kind="stable")[:, :, :needed]
    dealt = np.take_along_axis(np.broadcast_to(head, held.shape), keep, axis=2)
    dealt = dealt.reshape(count * trials, needed)
    board = dealt[:, :5]
    game = GAMES[size]
    mine = rank_game_rows(game, np.repeat(hands, trials, axis=0), board, check=False)
    theirs = np.stack(
        [
            rank_game_rows(game, dealt[:, 5 + i * size : 5 + (i + 1) * size], board, check=False)
            for i in range(OPPONENTS)
        ]
    )
    best = theirs.min(axis=0)
    ties = (theirs == mine).sum(axis=0)
    share = np.where(mine < best, 1.0, np.where(mine == best, 1.0 / (1 + ties), 0.0))
    share = share.reshape(count, trials)
    return share.mean(axis=1), share.std(axis=1, ddof=1) / np.sqrt(trials)


def rank_classes(
    size: int, trials: int, seed: int, classes: NDArray[np.int64] | None = None
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The equity and standard error of every class of ``size`` cards (or of
    ``classes``), with progress on stderr."""
    hands = representatives(size)
    chosen = np.arange(len(hands)) if classes is None else classes
    deck_orders = orderings(trials, seed)
    equity = np.zeros(len(chosen))
    error = np.zeros(len(chosen))
    start = time.process_time()
    for first in range(0, len(chosen), BATCH):
        part = chosen[first : first + BATCH]
        equity[first : first + len(part)], error[first : first + len(part)] = equities(
            hands[part], deck_orders
        )
        if first // BATCH % 200 == 0:
            done = first + len(part)
            cpu = time.process_time() - start
            print(
                f"  {GAMES[size]}: {done:,}/{len(chosen):,} classes, {cpu:.0f} s CPU",
                file=sys.stderr,
            )
    return equity, error


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["omaha", "omaha5", "both"], default="both")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--trials-omaha", type=int, default=10_000)
    parser.add_argument("--trials-omaha5", type=int, default=2_000)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    parser.add_argument("--tiny", action="store_true", help="a few classes, nothing written")
    args = parser.parse_args(argv)
    sizes = [4, 5] if args.game == "both" else [4 if args.game == "omaha" else 5]
    if args.tiny:
        for size in sizes:
            equity, error = rank_classes(
                size, 200, args.seed, np.arange(0, CLASS_COUNTS[size], 4001)
            )
            low, high = equity.min(), equity.max()
            print(f"{GAMES[size]}: {len(equity)} classes, equity {low:.3f}-{high:.3f}")
        return
    stored: dict[str, NDArray[np.generic]] = {}
    if args.out.exists():
        with np.load(args.out) as old:
            stored = {name: old[name] for name in old.files}
    for size in sizes:
        trials = args.trials_omaha if size == 4 else args.trials_omaha5
        wall, cpu = time.perf_counter(), time.process_time()
        equity, error = rank_classes(size, trials, args.seed)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        about = (
            f"all-in equity before the flop against {OPPONENTS} random hands, each of the "
            f"{CLASS_COUNTS[size]:,} suit classes of {size} cards dealt the same {trials:,} "
            f"random orderings of the deck (seed {args.seed}, scripts/omaha_order.py); "
            f"standard error {error.mean():.4f} on average, at most {error.max():.4f}; "
            f"built in {cpu:,.0f} s of CPU ({wall:,.0f} s wall)"
        )
        print(about)
        stored[f"equity{size}"] = np.round(equity * SCALE).astype(np.uint16)
        stored[f"about{size}"] = np.array(about)
    np.savez_compressed(args.out, **stored)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
