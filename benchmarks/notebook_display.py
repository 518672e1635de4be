"""How long each value takes to draw itself in a notebook (issue 37's target: under 10 ms).

Run from the repository root:

    .venv/bin/python benchmarks/notebook_display.py           # a few seconds
    .venv/bin/python benchmarks/notebook_display.py --tiny    # one draw each (tests)

Each value is built once, then drawn ``--runs`` times (what Jupyter calls: its
``_repr_svg_`` or ``_repr_html_``); the table gives the median CPU time of one draw
(``time.process_time``, so that other work on a shared machine does not count), the
largest, and the size of the markup. For scale, the same run times ``repr()`` of the
value, the text Jupyter would show without the picture, and, when the ``chess`` package
is installed, python-chess drawing a board as SVG: the notebook drawing croupier follows.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any, cast


def values() -> list[tuple[str, Any]]:
    """Every value an analyst meets that draws itself, built once."""
    from croupier.baccarat import Composition, effect_of_removal, odds_report, simulate
    from croupier.baccarat.advantage import count_study
    from croupier.baccarat.round import deal_coup
    from croupier.baccarat.scoreboard import Bead, Scoreboard
    from croupier.baccarat.simulate import cell_facts
    from croupier.cards import Card, Deck, Shoe
    from croupier.casino import Player
    from croupier.casino.replay import replay
    from croupier.casino.review import review_game
    from croupier.casino.session import Session
    from croupier.casino.strategies import strategy_named
    from croupier.casino.strategies.arena import run_arena
    from croupier.poker import HoleRange, Range, calculate, evaluate
    from croupier.poker.calc.distribution import equity_distribution
    from croupier.poker.calc.nextcard import next_card
    from croupier.poker.hits.classifier import hits

    villain = Range.parse("TT+, AQs+, AKo, KQs:0.5, 76s, 65s")
    equity = calculate(["AhKh", villain], board="Kd 7h 2h")
    session = Session.new(Player.HUMAN, rng=3)
    player = strategy_named("greedy")
    while not session.finished:
        if session.to_move is Player.HUMAN:
            session.play(player.decide(session.state.observe(Player.HUMAN)).move)
        else:
            session.play(session.computer_decision().move)
    log = session.log
    review = review_game(log)
    simulated = simulate(40, decks=8, rng=1)
    facts = cell_facts()
    beads = [
        Bead(facts[i].outcome, facts[i].player_total, facts[i].banker_total)
        for i in simulated.histogram.nonzero()[0][:80]
    ]
    found: list[tuple[str, Any]] = [
        ("card", Card.parse("Th")),
        ("deck", Deck()),
        ("shoe", Shoe(8, rng=1, cut_card=400)),
        ("baccarat composition", Composition.decks(8).removing("5 5 9 K")),
        ("baccarat odds report", odds_report(Composition.decks(8))),
        ("baccarat effect of removal", effect_of_removal(Composition.decks(8))),
        ("baccarat round", deal_coup("4h Ac Ah 3s Jd")),
        ("baccarat scoreboard, 80 rounds", Scoreboard(beads)),
        ("baccarat simulation", simulated),
        ("baccarat count study", count_study("tie", "dragon-7", shoes=40, rng=2)),
        ("casino position", log.current),
        ("casino game log", log),
        ("casino replay step", replay(log, review)[0]),
        ("casino review, whole game", review),
        ("casino arena", run_arena("greedy", "random", 2, rng=1)),
        ("poker hand", evaluate("As Ac Ks Kc Qh Jh Td")),
        ("poker range grid", villain),
        ("poker equity, exact", equity),
        ("poker equity, Monte Carlo", calculate(["QQ+", "JJ-88", "random"], trials=5_000, rng=1)),
        ("poker next card", next_card(["AhKh", villain], board="Kd 7h 2h")),
        ("poker distribution", equity_distribution(equity)[1]),
        ("poker hits", hits(villain, board="Kd 7h 2h")),
        ("omaha range summary", HoleRange.parse("AA:xxyy, KK", 4)),
        ("omaha hits", hits("AA:xxyy, KK", board="Kd 7h 2h", game="omaha")),
    ]
    return found


def draw(value: Any) -> Callable[[], str]:
    """What Jupyter calls to draw ``value``."""
    return cast(Callable[[], str], getattr(value, "_repr_html_", None) or value._repr_svg_)


def median_cpu(call: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median and largest CPU seconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="draws of each value")
    parser.add_argument("--tiny", action="store_true", help="one draw each (for the tests)")
    args = parser.parse_args()
    runs = 1 if args.tiny else args.runs
    print(f"load average {os.getloadavg()[0]:.2f}; CPU time per draw, median of {runs}")
    print(f"{'value':<34}{'draw ms':>9}{'max ms':>9}{'repr ms':>9}{'KiB':>8}")
    worst = 0.0
    for name, value in values():
        call = draw(value)
        markup = call()
        median, largest = median_cpu(call, runs)

        def text_of(v: object = value) -> str:
            return repr(v)

        text, _ = median_cpu(text_of, runs)
        worst = max(worst, median)
        print(
            f"{name:<34}{1000 * median:>9.3f}{1000 * largest:>9.3f}{1000 * text:>9.3f}"
            f"{len(markup.encode()) / 1024:>8.1f}"
        )
    try:
        import chess
        import chess.svg
    except ImportError:
        print("python-chess is not installed: its board is not timed")
    else:
        board = chess.Board()
        median, largest = median_cpu(lambda: chess.svg.board(board), runs)
        print(f"{'python-chess board (peer)':<34}{1000 * median:>9.3f}{1000 * largest:>9.3f}")
    print(f"slowest croupier picture: {1000 * worst:.3f} ms (target: under 10 ms)")


if __name__ == "__main__":
    main()
