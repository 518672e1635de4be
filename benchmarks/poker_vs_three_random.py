"""Each starting-hand class's all-in equity against three random hands (PokerStove's and
Equilab's "hand vs 3 randoms"), by Monte Carlo; writes the table behind ``15%``.

    .venv/bin/python benchmarks/poker_vs_three_random.py                # ~10-30 minutes
    .venv/bin/python benchmarks/poker_vs_three_random.py --triples 8    # a quick look
    .venv/bin/python benchmarks/poker_vs_three_random.py --check        # 6 classes, calc

How. Every 5-card board is visited once, up to a permutation of the suits: the 2,598,960
boards fall into 134,459 families and one board of each is dealt, weighted by the size of
its family (so the variance between boards, the larger part of a Monte Carlo's error, is
gone). On each board every one of the 1,326 combos is ranked once (one batch of table
reads). Then ``--triples`` random deals of three opponents (six distinct cards of the 47
left, paired in order: a uniform random triple of hands) are drawn per board; their
classes are read from the same ranks, and every combo that shares no card with them
scores its share of the pot against them (1, 1/k for a k-way tie, 0). A combo meets a
random triple's cards with probability ``1 - q``, ``q = C(45, 6) / C(47, 6)``, and the
triples it does not meet are uniform among those of the 45 cards it leaves, so the sum of
its shares divided by ``q`` times the number of triples is an unbiased estimate of its
equity on that board. A class's equity is the family-weighted mean over boards and its
combos: every (combo, board) pair of the class once.

Error. The triples of each board are dealt in two halves, independent given the board;
the difference of the two halves' estimates, board by board, gives the covariance of
the classes' equities (see :func:`run`): every class's standard error, and that of the
difference between two classes, which the run prints for the closest neighbours (the
classes are dealt the same boards and opponents, so their errors move together and a
difference is known better than ``sqrt(se_a^2 + se_b^2)``, the bound the library's tie
rule uses).

Order. :func:`croupier.poker.ranges.orders.tie_broken_order` sorts the classes by this equity,
best first; two neighbours within two standard errors (that bound) of each other are a
tie, which the equity against one random hand (exact) breaks.

The result goes into ``src/croupier/poker/ranges/vs_three_random.py``; the intermediate sums are
kept in ``vs_three_random.npz`` beside this script, so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from croupier.poker.evaluation.batch import classes_from_totals
from croupier.poker.evaluation.tables import CARD_KEYS, rank_table
from croupier.poker.ranges.starting_hands import (
    CLASS_LABELS,
    CLASS_OF_COMBO,
    COMBO_BITS,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
)
from report import has_table, replace_table  # benchmarks/ is on the path when run as a script

HERE = Path(__file__).resolve().parent
STATE = HERE / "vs_three_random.npz"
MODULE = HERE.parent / "src" / "croupier" / "poker" / "ranges" / "vs_three_random.py"

OPPONENTS = 3
#: Boards per batch (the work arrays hold boards x combos x triples entries).
CHUNK = 32
#: A combo's chance of sharing no card with a random triple of hands: C(45, 6) / C(47, 6).
Q = math.comb(45, 2 * OPPONENTS) / math.comb(47, 2 * OPPONENTS)
_BITS = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_COMBO_KEYS = CARD_KEYS[COMBO_CARDS].sum(axis=1)


def board_families() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """One board (5 card numbers) of each suit-permutation family, and the family's size."""
    boards = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    masks = _BITS[boards].sum(axis=1)
    suits = [np.uint64(sum(1 << (4 * r + s) for r in range(13))) for s in range(4)]
    key = np.full(len(masks), np.iinfo(np.uint64).max, dtype=np.uint64)
    for perm in itertools.permutations(range(4)):
        image = np.zeros_like(masks)
        for s, t in enumerate(perm):
            part = masks & suits[s]
            image |= part << np.uint64(t - s) if t >= s else part >> np.uint64(s - t)
        np.minimum(key, image, out=key)
    _, first, sizes = np.unique(key, return_index=True, return_counts=True)
    return boards[first], sizes.astype(np.int64)


def board_ranks(boards: NDArray[np.int64]) -> NDArray[np.uint16]:
    """The class (1 best .. 7462) of every combo on every board (boards x 1,326); a combo
    that holds a board card gets 0xFFFF (never dealt)."""
    totals = (CARD_KEYS[boards].sum(axis=1)[:, None] + _COMBO_KEYS[None, :]).ravel()

    def cards_of(rows: NDArray[np.intp]) -> NDArray[np.int64]:
        board, combo = np.divmod(rows, COMBO_COUNT)
        return np.concatenate([boards[board], COMBO_CARDS[combo]], axis=1)

    board_bits = _BITS[boards].sum(axis=1)
    clash = (board_bits[:, None] & COMBO_BITS[None, :]) != 0
    totals[clash.ravel()] = int(CARD_KEYS[[0, 5, 10, 15, 20]].sum())  # a harmless 5-card key
    ranks = classes_from_totals(totals, 7, cards_of).reshape(len(boards), COMBO_COUNT)
    ranks[clash] = 0xFFFF
    return ranks


def deal_triples(
    boards: NDArray[np.int64], triples: int, rng: np.random.Generator
) -> NDArray[np.int64]:
    """``triples`` random deals of three opponents per board: (boards, triples, 6) card
    numbers, six distinct cards off the board (partial Fisher-Yates shuffle)."""
    on_board = np.zeros((len(boards), 52), dtype=bool)
    np.put_along_axis(on_board, boards, True, axis=1)
    left = np.nonzero(~on_board)[1].reshape(len(boards), 47)
    deck = np.repeat(left, triples, axis=0)
    rows = np.arange(len(deck))
    for j in range(2 * OPPONENTS):
        pick = j + rng.integers(0, 47 - j, size=len(deck))
        chosen = deck[rows, pick]
        deck[rows, pick] = deck[:, j]
        deck[:, j] = chosen
    return deck[:, : 2 * OPPONENTS].reshape(len(boards), triples, 2 * OPPONENTS)


def board_shares(ranks: NDArray[np.uint16], cards: NDArray[np.int64]) -> NDArray[np.float64]:
    """Each combo's summed pot shares against the triples of its board, for the first and
    the second half of the triples: (2, boards, 1,326)."""
    boards, triples, _ = cards.shape
    opponents = COMBO_INDEX[cards[..., 0::2], cards[..., 1::2]]  # boards x triples x 3
    theirs = np.take_along_axis(ranks, opponents.reshape(boards, -1), axis=1).reshape(
        boards, triples, OPPONENTS
    )
    best = theirs.min(axis=2)
    # whether each combo shares a card with each triple, from the triples' card sets
    member = np.zeros((boards, triples, 52), dtype=bool)
    np.put_along_axis(member, cards, True, axis=2)
    member = member.transpose(0, 2, 1)  # boards x cards x triples
    free = ~(member[:, COMBO_CARDS[:, 0], :] | member[:, COMBO_CARDS[:, 1], :])
    mine = ranks[:, :, None]
    won = (mine < best[:, None, :]) & free
    halves: NDArray[np.float64] = won.reshape(boards, COMBO_COUNT, 2, triples // 2).sum(
        axis=3, dtype=np.float64
    )
    tied = (mine == best[:, None, :]) & free
    if tied.any():  # a k-way tie among the opponents at their best: 1 / (1 + k) of the pot
        at_best = (theirs == best[..., None]).sum(axis=2)
        split = tied * (1.0 / (1 + at_best))[:, None, :]
        halves += split.reshape(boards, COMBO_COUNT, 2, triples // 2).sum(axis=3)
    return halves.transpose(2, 0, 1)


#: Which class each combo belongs to, as a (1,326 x 169) matrix of ones.
_ONE_HOT = np.zeros((COMBO_COUNT, 169))
_ONE_HOT[np.arange(COMBO_COUNT), CLASS_OF_COMBO] = 1


def run(triples: int, seed: int, limit: int | None, *, keep: bool = True) -> None:
    """Accumulate the sums board family by board family (resuming a stopped run), then
    write the table.

    Per board ``b`` (family weight ``w``) and half ``g`` of its triples, ``Y_g[b, c]`` is
    the summed estimate of class ``c``'s combos; a class's equity is ``sum w (Y_1 + Y_2)
    / 2`` over boards, divided by its (combo, board) pairs. The two halves are independent
    given the board, so ``sum w^2 (Y_1 - Y_2)(Y_1 - Y_2)^T / 4`` estimates the covariance
    of the classes' estimates (boards are not random here: they are all visited)."""
    families, sizes = board_families()
    if limit is not None:
        families, sizes = families[:limit], sizes[:limit]
    state = np.load(STATE) if keep and STATE.exists() else None
    if state is not None and (int(state["triples"]), int(state["seed"])) == (triples, seed):
        done, sums, covariance = int(state["done"]), state["sums"], state["covariance"]
    else:
        done, sums, covariance = 0, np.zeros(169), np.zeros((169, 169))
    rank_table(7)
    started, shown, first = time.perf_counter(), time.perf_counter(), done
    for start in range(done, len(families), CHUNK):
        boards = families[start : start + CHUNK]
        weight = sizes[start : start + CHUNK].astype(np.float64)
        rng = np.random.default_rng([seed, start])  # the same draws however the run is cut
        halves = board_shares(board_ranks(boards), deal_triples(boards, triples, rng))
        per_class = halves @ _ONE_HOT / (Q * (triples // 2))  # 2 x boards x classes
        sums += weight @ (per_class[0] + per_class[1]) / 2
        spread = per_class[0] - per_class[1]
        covariance += (spread * weight[:, None] ** 2).T @ spread / 4
        done = min(start + CHUNK, len(families))
        if keep and (time.perf_counter() - shown > 60 or done == len(families)):
            shown = time.perf_counter()
            np.savez(STATE, triples=triples, seed=seed, done=done, sums=sums, covariance=covariance)
            rate = (done - first) / max(shown - started, 1e-9)
            print(f"{done:,} / {len(families):,} board families ({rate:.0f}/s)", flush=True)
    # the (combo, board) pairs visited, each board weighted by its family's size: with
    # every board, a class's combos times C(50, 5)
    pairs = np.zeros(COMBO_COUNT)
    for start in range(0, len(families), 4096):
        bits = _BITS[families[start : start + 4096]].sum(axis=1)
        free = (bits[:, None] & COMBO_BITS[None, :]) == 0
        pairs += sizes[start : start + 4096] @ free
    visited = pairs @ _ONE_HOT
    write_table(sums / visited, covariance / np.outer(visited, visited), write=keep)


def write_table(
    equity: NDArray[np.float64], covariance: NDArray[np.float64], *, write: bool = True
) -> None:
    """Print the order and the errors, and write the table into the library (without
    ``write``: only check that the table to write over is there)."""
    from croupier.poker.ranges.orders import tie_broken_order
    from croupier.poker.ranges.vs_random import EQUITY_VS_RANDOM

    error = np.sqrt(np.diag(covariance))
    # as lists of floats (the Sequence[float] it takes), the same values
    order = tie_broken_order(
        [float(x) for x in equity], [float(x) for x in error], EQUITY_VS_RANDOM
    )
    print(f"standard error of a class: {error.min():.2e} to {error.max():.2e}")
    by_equity = np.argsort(-equity, kind="stable")
    print("closest neighbours by equity: difference, its standard error, the bound used")
    gaps = []
    for a, b in itertools.pairwise(by_equity):
        spread = math.sqrt(covariance[a, a] + covariance[b, b] - 2 * covariance[a, b])
        gaps.append((equity[a] - equity[b], spread, math.hypot(error[a], error[b]), a, b))
    for gap, spread, bound, a, b in sorted(gaps)[:15]:
        print(f"  {CLASS_LABELS[a]:>4} {CLASS_LABELS[b]:<4} {gap:.2e} {spread:.1e} {bound:.1e}")
    print("order:", " ".join(CLASS_LABELS[n] for n in order))
    values = "\n".join(
        f"    ({equity[n]:.7f}, {error[n]:.1e}),  # {CLASS_LABELS[n]}" for n in range(169)
    )
    if write:
        replace_table(MODULE, "EQUITY_VS_THREE", "tuple[tuple[float, float], ...]", values)
    else:
        assert has_table(MODULE, "EQUITY_VS_THREE", "tuple[tuple[float, float], ...]"), MODULE


def check(trials: int) -> int:
    """Six classes of the shipped table against croupier's own Monte Carlo (calculate)."""
    from croupier.poker.calc import calculate
    from croupier.poker.ranges.vs_three_random import EQUITY_VS_THREE

    bad = 0
    for label in ("AA", "AKs", "T9s", "A9o", "55", "72o"):
        n = CLASS_LABELS.index(label)
        result = calculate([label, "random", "random", "random"], trials=trials, rng=n)
        mine = result.players[0]
        table, _ = EQUITY_VS_THREE[n]
        z = (mine.equity - table) / (mine.stderr or 1)
        bad += abs(z) > 4
        print(f"{label:4} table {table:.5f} calc {mine.equity:.5f} ± {mine.stderr:.5f} z {z:+.1f}")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--triples", type=int, default=256, help="opponent deals per board")
    parser.add_argument("--seed", type=int, default=20261127)
    parser.add_argument("--limit", type=int, default=None, help="first board families only")
    parser.add_argument("--check", action="store_true", help="check the shipped table")
    parser.add_argument("--trials", type=int, default=400_000, help="deals per class (--check)")
    parser.add_argument(
        "--tiny", action="store_true", help="a slice of boards and a brief check, nothing written"
    )
    args = parser.parse_args()
    if args.tiny:  # every path at the smallest size; the library's table is left alone
        run(2, args.seed, 64, keep=False)
        check(2_000)
        return
    if args.check:
        sys.exit(1 if check(args.trials) else 0)
    if args.triples < 2 or args.triples % 2:
        parser.error("--triples must be even: two halves give the error")
    run(args.triples, args.seed, args.limit)


if __name__ == "__main__":
    main()
