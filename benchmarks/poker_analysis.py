"""Speed of the range analyses (issue 22) beside the obvious loop that answers the same
question, in the same run.

    .venv/bin/python benchmarks/poker_analysis.py            # a few minutes on a busy box
    .venv/bin/python benchmarks/poker_analysis.py --quick    # one run of each, fewer flops

Rows (targets from the issue, on a 2-core machine):

- a board's hits for the full range (1,326 combos less the board's): ``hits`` beside a
  loop classifying one combo at a time; target well under 100 ms;
- every flop for a 15% range: ``flop_hits`` beside the loop calling ``hits`` once per
  flop (timed on ``--flops`` flops and scaled to the 22,100, said so); target under 5 s;
- the next-card table for a flop range-vs-range spot: ``next_card`` beside the loop
  calling ``calculate`` exactly once per turn card; target under 2 s.

Each pair is timed in turns (best of ``--repeat``), tables built beforehand, and the two
answers are checked to agree. The load average is printed: other work on the machine
slows both sides alike, so the ratio is the figure to compare.
"""

from __future__ import annotations

import argparse
import itertools
import os

import numpy as np

from croupier.cards import DECK, cards_to_indices, parse_cards
from croupier.poker.calc import calculate
from croupier.poker.calc.nextcard import next_card
from croupier.poker.evaluation.tables import rank_table
from croupier.poker.hits.classifier import classify_batch, flop_hits, hits
from croupier.poker.ranges.holdem import Range
from poker_ranges import duel  # benchmarks/ is on the path when run as a script
from report import print_rows

BOARD = "Ks 7d 2c"
TOP = "15%"
SPOT = ("TT+, AQs+, AQo+, KQs", "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+")
FLOP = "Qh 9d 4c"


def one_combo_at_a_time(text: str, board: str) -> dict[int, float]:
    """The obvious loop: each combo classified on its own, the totals summed."""
    chosen = Range.parse(text)
    board_cards = parse_cards(board)
    board_row = np.array([cards_to_indices(board_cards)])
    totals: dict[int, float] = {}
    for pair in chosen.combos:
        if set(pair) & set(board_cards):
            continue
        made, _ = classify_batch(np.array([cards_to_indices(pair)]), board_row)
        totals[int(made[0])] = totals.get(int(made[0]), 0.0) + chosen.weight(pair)
    return totals


def flop_by_flop(text: str, flops: int) -> float:
    """The obvious loop over flops: ``hits`` once per flop, on the first ``flops`` of the
    22,100 flops; returns the share of the whole work that was done."""
    chosen = Range.parse(text)
    done = 0
    for flop in itertools.islice(itertools.combinations(DECK, 3), flops):
        hits(chosen, board=flop)
        done += 1
    return done / 22100


def card_by_card(ranges: tuple[str, ...], board: str) -> dict[str, tuple[float, ...]]:
    """The obvious loop for the next-card table: ``calculate`` exactly once per card that
    may come (chances left out: they need the weight of every deal)."""
    on_board = parse_cards(board)
    found = {}
    for card in DECK:
        if card in on_board:
            continue
        result = calculate(list(ranges), board=(*on_board, card), exact=True)
        found[str(card)] = tuple(p.equity for p in result.players)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one run of each")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--flops", type=int, default=2000, help="flops the obvious loop deals")
    parser.add_argument("--tiny", action="store_true", help="one run, 20 flops (tests)")
    args = parser.parse_args()
    repeat = 1 if args.quick or args.tiny else args.repeat
    flops = 20 if args.tiny else 300 if args.quick else args.flops
    rank_table(7)
    hits("random", board=BOARD)
    rows: list[tuple[str, str, str, str]] = []

    t_new, r_new, t_old, r_old = duel(
        lambda: hits("random", board=BOARD),
        lambda: one_combo_at_a_time("random", BOARD),
        repeat,
    )
    assert {i: w for i, w in enumerate(r_new.made.values()) if w} == r_old
    rows.append(
        (
            f"hits, full range ({r_new.weight:.0f} combos) on {BOARD}",
            f"{t_new * 1000:.1f} ms",
            f"{t_old * 1000:.0f} ms (one combo at a time)",
            f"{t_old / t_new:.0f}x",
        )
    )

    t_new, r_new, t_old, share = duel(
        lambda: flop_hits(TOP), lambda: flop_by_flop(TOP, flops), repeat
    )
    rows.append(
        (
            f"hits --flops, {TOP} ({len(Range.parse(TOP))} combos), every flop",
            f"{t_new:.2f} s",
            f"{t_old / share:.0f} s (hits once per flop; {flops:,} flops timed, scaled)",
            f"{t_old / share / t_new:.0f}x",
        )
    )

    calculate(list(SPOT), board=FLOP)
    t_new, r_new, t_old, r_old = duel(
        lambda: next_card(list(SPOT), board=FLOP), lambda: card_by_card(SPOT, FLOP), repeat
    )
    for row in r_new.cards:
        assert all(abs(a - b) < 1e-9 for a, b in zip(row.equity, r_old[str(row.card)], strict=True))
    rows.append(
        (
            f"next-card table, {SPOT[0]} vs {SPOT[1]} on {FLOP} ({len(r_new.cards)} turns)",
            f"{t_new:.2f} s",
            f"{t_old:.2f} s (calculate once per turn card)",
            f"{t_old / t_new:.1f}x",
        )
    )

    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print_rows(("question", "croupier", "the obvious loop", "ratio"), rows)


if __name__ == "__main__":
    main()
