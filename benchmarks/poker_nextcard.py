"""The next-card table in every game (issue 31 item 2), side by side, in CPU seconds.

    .venv/bin/python benchmarks/poker_nextcard.py            # a minute or two
    .venv/bin/python benchmarks/poker_nextcard.py --tiny     # every path, smallest (tests)

Rows, each pair timed in turns (best of ``--repeat``) in the same run, answers checked:

- hold'em's fast path (one pass over every completion) beside the rows engine the other
  games use, on the same hold'em question: does the fast path still pay?
- Omaha's exact table (one plan, each card on the board in turn) beside the obvious
  loop calling ``calculate`` exactly once per card;
- Omaha's Monte Carlo table beside its exact one on the same spot: the time, and the
  largest gap between the two against the standard error it claims.

CPU time (``time.process_time``: this process and its threads) is printed with the load
average, as the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from croupier.cards import parse_cards
from croupier.poker.calc import EquityQuestion, calculate
from croupier.poker.calc.nextcard import NextCardResult, _rows_next_card, next_card
from report import print_rows  # benchmarks/ is on the path when run as a script

HOLDEM = (
    (("TT+, AQs+, AQo+, KQs", "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+"), "Qh 9d 4c"),
    (("15%", "25%"), "Qh 7h 2c"),
    (("AA", "KK", "random"), "Qh 7h 2c"),
)
OMAHA = (("AsAhKsKh, QdQcJdTc, 8c8d7s6s, AdKd9s8s", "KdKcJhTh, 9s9h8h7h, Ac2c3d4d"), "Jc 9d 2h")
TINY = (((("AKs, QQ", "JJ+"), "Qh 9d 4c 2s"),), (("AsAhKsKh", "QdQcJdTc"), "Jc 9d 2h 3s"))


def cpu(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The best CPU time of ``repeat`` runs, and the last answer."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        answer = run()
        best = min(best, time.process_time() - start)
    return best, answer


def card_by_card(ranges: tuple[str, ...], board: str, game: str) -> dict[str, tuple[float, ...]]:
    """The obvious loop: ``calculate`` exactly once per card that may come."""
    on_board = parse_cards(board)
    table = next_card(list(ranges), board=board, game=game)  # which cards may come
    found = {}
    for row in table.cards:
        result = calculate(list(ranges), board=(*on_board, row.card), game=game, exact=True)
        found[str(row.card)] = tuple(p.equity for p in result.players)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tiny", action="store_true", help="one run, river spots (tests)")
    args = parser.parse_args()
    repeat = 1 if args.tiny else args.repeat
    holdem, omaha = TINY if args.tiny else (HOLDEM, OMAHA)
    rows: list[tuple[str, str, str, str]] = []

    for spot, board in holdem:
        question = EquityQuestion.parse(list(spot), board=board)
        next_card(question)  # tables built beforehand

        def fast_path(q: EquityQuestion = question) -> NextCardResult:
            return next_card(q)

        def rows_engine(q: EquityQuestion = question) -> NextCardResult:
            return _rows_next_card(q, None, 600.0, 1)

        t_fast, fast = cpu(fast_path, repeat)
        t_rows, by_rows = cpu(rows_engine, repeat)
        gap = max(
            abs(a - b)
            for x, y in zip(fast.cards, by_rows.cards, strict=True)
            for a, b in zip(x.equity, y.equity, strict=True)
        )
        assert gap < 1e-9, gap
        rows.append(
            (
                f"hold'em {' vs '.join(spot)} on {board}",
                f"{t_fast:.3f} s (one pass)",
                f"{t_rows:.3f} s (rows engine, a card at a time)",
                f"{t_rows / t_fast:.2f}x",
            )
        )

    spot, board = omaha
    t_table, table = cpu(lambda: next_card(list(spot), board=board, game="omaha"), repeat)
    t_loop, loop = cpu(lambda: card_by_card(spot, board, "omaha"), repeat)
    for row in table.cards:
        assert all(abs(a - b) < 1e-9 for a, b in zip(row.equity, loop[str(row.card)], strict=True))
    rows.append(
        (
            f"Omaha {' vs '.join(spot)} on {board}, exact",
            f"{t_table:.2f} s (one plan)",
            f"{t_loop:.2f} s (calculate once per card)",
            f"{t_loop / t_table:.1f}x",
        )
    )

    def sampled() -> Any:
        return next_card(list(spot), board=board, game="omaha", exact=False, rng=1)

    t_mc, mc = cpu(sampled, repeat)
    worst = max(
        abs(a - b)
        for x, y in zip(mc.cards, table.cards, strict=True)
        for a, b in zip(x.equity, y.equity, strict=True)
    )
    rows.append(
        (
            f"Omaha, same spot, Monte Carlo ({mc.games:,} trials)",
            f"{t_mc:.2f} s",
            f"{t_table:.2f} s (exact)",
            f"largest gap {100 * worst:.2f} points, claimed SE {100 * mc.stderr:.2f}",
        )
    )

    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}, CPU seconds")
    print_rows(("question", "croupier", "beside", "ratio"), rows)


if __name__ == "__main__":
    main()
