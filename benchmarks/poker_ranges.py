"""Range equity speed: croupier's ``calculate`` beside eval7 and croupier's older exact path.

Run from the repository root, with eval7 installed (the ``test`` or ``bench`` extra):

    .venv/bin/python benchmarks/poker_ranges.py            # about half a minute
    .venv/bin/python benchmarks/poker_ranges.py --quick    # one run of each
    .venv/bin/python benchmarks/poker_ranges.py --tiny     # every row on a turn board (tests)
    .venv/bin/python benchmarks/poker_ranges.py --small --cpu   # exact river and turn alone

Each row times one question in this run (best of ``--repeat`` runs, croupier and the
peer timed in turns, tables built beforehand, garbage collector paused); rows with a
peer give the peer's time on the same question and the ratio. Monte Carlo rows give
trials per second and check the answers agree within four standard errors. Targets
(issue 9): heads-up hand vs hand preflop exact <= 50 ms; A2o vs 88 vs QJs preflop exact
<= 5 s; hand vs range Monte Carlo at least eval7's trials per second; range vs range
preflop to 0.1 point <= 2 s. Issue 21 (the compiled engine): Monte Carlo at least
2x eval7's trials per second at 1e5 and 1e6 trials, hand vs hand and hand vs range, time
per trial at most linear in the players; exact on a river or turn no slower than eval7.
Issue 35: exact on the turn and the river at most eval7's time, the question built once
as eval7's inputs are (``--small``: those rows alone).
``--cpu`` times CPU seconds of this process (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from croupier.cards import DECK
from croupier.engine import status
from croupier.poker import exact_equity, parse_equity_hands
from croupier.poker.calc import CalcResult, EquityQuestion, calculate
from croupier.poker.calc.small import small_answer
from croupier.poker.evaluation.tables import rank_table
from poker_speed import CLOCK, best_time  # benchmarks/ is on the path when run as a script
from report import print_rows

HERO = "AhKh"
VILLAIN = "TT+, AQs+, AQo+, KQs"
RVR = ("TT+, AQs+, AQo+", "QQ+, AKs, AKo")
RIVER = "2c 7d 9h Js 3s"
FLOP = "2c 7d 9h"
TURN = "2c 7d 9h Js"
MC_TRIALS = 2_000_000


def duel(
    ours: Callable[[], Any], theirs: Callable[[], Any], repeat: int
) -> tuple[float, Any, float, Any]:
    """Best times and results of two runs timed in turns (so that both see the same
    load on a shared machine)."""
    best_ours, best_theirs = float("inf"), float("inf")
    mine = peer = None
    for _ in range(repeat):
        t, mine = best_time(ours, 1)
        best_ours = min(best_ours, t)
        t, peer = best_time(theirs, 1)
        best_theirs = min(best_theirs, t)
    return best_ours, mine, best_theirs, peer


def per_call(run: Callable[[], Any], calls: int, repeat: int) -> tuple[float, Any]:
    """Seconds per call of ``run``: the best of ``repeat`` loops of ``calls`` calls (a
    single call of a fraction of a millisecond is below what the clocks time well on a
    busy machine), and the last result."""

    def loop() -> Any:
        result = None
        for _ in range(calls):
            result = run()
        return result

    seconds, result = best_time(loop, repeat)
    return seconds / calls, result


def small_rows(calls: int, repeat: int) -> list[tuple[str, str, str, str]]:
    """Exact hand vs range on the river and the turn, croupier and eval7 timed in turns
    (loops of ``calls`` calls, the best of ``repeat``): croupier from text, and from a
    question built once (as eval7's inputs are: its ``HandRange`` and ``Card`` objects).

    eval7's ``py_hand_vs_range_exact`` given the turn's four cards deals no river: it
    ranks the six cards each player has and gives that showdown's equity, not the exact
    turn (checked here against croupier's own ranking of the same six cards), so its
    turn time is beside croupier's turn for what it is, a call of the same function."""
    import eval7

    hero7, villain7 = eval7_cards(HERO), eval7_range(VILLAIN)
    turn = RIVER.rsplit(" ", 1)[0]
    board7 = {board: eval7_cards(board.replace(" ", "")) for board in (RIVER, turn)}
    questions = {
        board: EquityQuestion.parse([HERO, VILLAIN], board=board) for board in (RIVER, turn)
    }
    runs: dict[str, Callable[[], Any]] = {
        "eval7 river": lambda: eval7.py_hand_vs_range_exact(hero7, villain7, board7[RIVER]),
        "eval7 turn": lambda: eval7.py_hand_vs_range_exact(hero7, villain7, board7[turn]),
        "river text": lambda: calculate([HERO, VILLAIN], board=RIVER, exact=True),
        "river built": lambda: calculate(questions[RIVER], exact=True),
        "river small_answer": lambda: small_answer(questions[RIVER]),
        "river read": lambda: calculate(questions[RIVER], exact=True).players[1].combo_equity,
        "turn text": lambda: calculate([HERO, VILLAIN], board=turn, exact=True),
        "turn built": lambda: calculate(questions[turn], exact=True),
        "turn small_answer": lambda: small_answer(questions[turn]),
    }
    best = dict.fromkeys(runs, float("inf"))
    answers: dict[str, Any] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds, answers[name] = per_call(run, calls, 1)
            best[name] = min(best[name], seconds)
    river = answers["river built"].players[0].equity
    assert abs(river - answers["eval7 river"]) < 1e-6  # eval7 sums in float32
    for villain in (VILLAIN, "QQ"):  # QQ: ahead on the turn, AhKh has 6 outs
        question = EquityQuestion.parse([HERO, villain], board=turn)
        given = eval7.py_hand_vs_range_exact(hero7, eval7_range(villain), board7[turn])
        showdown = six_card_showdown(question)
        assert abs(given - showdown) < 1e-6, (villain, given, showdown)
        print(
            f"eval7 given {HERO} vs {villain} on the turn {turn}: equity {given:.4f}, the "
            f"showdown of the six cards each holds ({showdown:.4f}, croupier's ranking), "
            f"not the exact turn ({calculate(question).players[0].equity:.4f}, every river)"
        )
    rows = []
    for name in runs:
        street, how = name.split()
        if street == "eval7":
            continue
        board = RIVER if street == "river" else turn
        peer = best[f"eval7 {street}"]
        result = answers[f"{street} built"]
        rows.append(
            (
                f"{HERO} vs {VILLAIN} on {board}, exact ({result.games:,} games), "
                + {
                    "text": "calculate from text",
                    "built": "calculate(question), the question built once",
                    "small_answer": "small_answer(question), the question built once",
                    "read": "calculate(question), then a player's combo_equity read",
                }[how],
                f"{best[name] * 1e6:.1f} µs",
                f"{peer * 1e6:.1f} µs (eval7"
                + (")" if street == "river" else ", given the turn: no river dealt)"),
                f"{peer / best[name]:.2f}x",
            )
        )
    return rows


def six_card_showdown(question: EquityQuestion) -> float:
    """The first player's equity on a turn if no river came: each combo of the second
    player's range (weighted) against the first's hand, six cards each, as they rank."""
    from croupier.poker.evaluation.hand import evaluate
    from croupier.poker.ranges.starting_hands import COMBO_CARDS

    board = question.board
    hero, villain = question.combo_ranges
    mine = evaluate(tuple(question.hands[1]) + board)
    taken = {c.index for c in board + question.hands[1]}
    share = weight = 0.0
    for number in villain.combo_numbers.tolist():
        low, high = COMBO_CARDS[number].tolist()
        if low in taken or high in taken:
            continue
        theirs = evaluate((DECK[low], DECK[high], *board))
        w = float(villain.weights[number])
        weight += w
        share += w * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    assert len(hero) == 1
    return share / weight


def eval7_range(text: str) -> Any:
    import eval7

    return eval7.HandRange(text)


def eval7_cards(text: str) -> list[Any]:
    import eval7

    return [eval7.Card(text[i : i + 2]) for i in range(0, len(text.replace(" ", "")), 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one run of each")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--tiny", action="store_true", help="the preflop rows on a turn board, few trials (tests)"
    )
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process")
    parser.add_argument(
        "--small", action="store_true", help="the exact river and turn rows alone, beside eval7"
    )
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; engine {status()}")
    repeat = 1 if args.quick or args.tiny else args.repeat
    if args.small:
        calculate([HERO, VILLAIN], board=RIVER)  # tables built
        header = ("question", "croupier, a call", "peer", "ratio (peer time / croupier time)")
        print_rows(header, small_rows(20 if args.tiny else 3000, max(repeat, 2)))
        return
    # --tiny: every row's code on questions that take moments (a turn board for "preflop").
    pre = TURN if args.tiny else None
    unknown = "?0" if args.tiny else "?0 ?1 ?2 ?3 ?4"
    shared = f"{TURN} {unknown}" if args.tiny else unknown
    trials = 20_000 if args.tiny else MC_TRIALS
    import eval7

    rank_table(7)
    calculate([HERO, VILLAIN], trials=1000, rng=0)  # build the board table
    rows: list[tuple[str, str, str, str]] = []

    # heads-up preflop exact, beside croupier's previous exact path (poker equity --exact)
    old = parse_equity_hands(f"Ah Kh {shared}\nQs Qd {shared}")
    t_new, r_new, t_old, r_old = duel(
        lambda: calculate([HERO, "QsQd"], board=pre, exact=True), lambda: exact_equity(old), repeat
    )
    assert abs(r_new.players[0].equity - r_old.equity[0]) < 1e-12
    rows.append(
        (
            "AhKh vs QsQd preflop exact (1,712,304 boards)",
            f"{t_new * 1000:.0f} ms",
            f"{t_old * 1000:.0f} ms (croupier exact_equity)",
            f"{t_old / t_new:.1f}x",
        )
    )

    t3, r3 = best_time(lambda: calculate(["A2o", "88", "QJs"], board=pre, exact=True), repeat)
    rows.append(
        (
            f"A2o vs 88 vs QJs preflop exact ({r3.games:,} games)",
            f"{t3:.2f} s",
            "-",
            "-",
        )
    )

    # hand vs range Monte Carlo, preflop: trials per second
    hero7, villain7 = eval7_cards(HERO), eval7_range(VILLAIN)
    t_mc, r_mc, t_e7, eq_e7 = duel(
        lambda: calculate([HERO, VILLAIN], trials=trials, rng=1),
        lambda: eval7.py_hand_vs_range_monte_carlo(hero7, villain7, [], trials),
        max(repeat, 5) if repeat > 1 else 1,  # the noisiest row: more turns
    )
    error = r_mc.players[0].stderr
    agree = abs(r_mc.players[0].equity - eq_e7) < 4 * (2**0.5) * error
    rows.append(
        (
            f"{HERO} vs {VILLAIN} preflop Monte Carlo, trials/s",
            f"{trials / t_mc / 1e6:.1f} M",
            f"{trials / t_e7 / 1e6:.1f} M (eval7)",
            f"{t_e7 / t_mc:.2f}x" + ("" if agree else " DISAGREE"),
        )
    )

    # Monte Carlo at 1e5 and 1e6 trials, fixed set-up included, hand vs hand and vs range
    for villain in ("QsQd", VILLAIN):  # hand vs hand, hand vs range
        peer_villain = eval7_range(villain)
        for n in (100_000, 1_000_000):

            def ours(v: str = villain, n: int = n) -> CalcResult:
                return calculate([HERO, v], trials=n, rng=1)

            def theirs(v: Any = peer_villain, n: int = n) -> Any:
                return eval7.py_hand_vs_range_monte_carlo(hero7, v, [], n)

            t_mc, r_mc, t_e7, eq_e7 = duel(ours, theirs, max(repeat, 3))
            error = r_mc.players[0].stderr
            agree = abs(r_mc.players[0].equity - eq_e7) < 4 * (2**0.5) * error
            rows.append(
                (
                    f"{HERO} vs {villain} preflop Monte Carlo, {n:,} trials, trials/s",
                    f"{n / t_mc / 1e6:.1f} M",
                    f"{n / t_e7 / 1e6:.1f} M (eval7)",
                    f"{t_e7 / t_mc:.2f}x" + ("" if agree else " DISAGREE"),
                )
            )
    # time per trial as random opponents are added
    per_trial = {}
    for players in (2, 3, 4, 6):

        def against_random(k: int = players) -> CalcResult:
            return calculate([HERO] + ["random"] * (k - 1), trials=200_000, rng=3)

        t_n, _ = best_time(against_random, repeat)
        per_trial[players] = t_n / 200_000
    slope = (per_trial[6] / per_trial[2]) / 3
    rows.append(
        (
            "time per trial, 2 -> 3 -> 4 -> 6 players (AhKh vs random)",
            " / ".join(f"{per_trial[k] * 1e9:.0f} ns" for k in per_trial),
            "linear: 3x from 2 to 6",
            f"{per_trial[6] / per_trial[2]:.2f}x for 3x the players (slope {slope:.2f})",
        )
    )

    # hand vs range exact on a full board (eval7's exact path), the turn, and a flop
    # (calls of microseconds: each timing is a loop of many calls)
    rows += small_rows(20 if args.tiny else 3000, repeat)
    t_f, r_f = best_time(lambda: calculate([HERO, VILLAIN], board=FLOP, exact=True), repeat)
    rows.append(
        (
            f"{HERO} vs {VILLAIN} on {FLOP}, exact ({r_f.games:,} games)",
            f"{t_f * 1000:.0f} ms",
            "- (eval7: river only)",
            "-",
        )
    )

    # range vs range preflop: Monte Carlo to 0.1 point, and exact
    t_p, r_p = best_time(lambda: calculate(list(RVR), board=pre, precision=0.001, rng=2), repeat)
    rows.append(
        (
            f"{RVR[0]} vs {RVR[1]} preflop, Monte Carlo to 0.1 point SE ({r_p.games:,} trials)",
            f"{t_p:.2f} s",
            "-",
            "-",
        )
    )
    t_rx, r_rx = best_time(lambda: calculate(list(RVR), board=pre, exact=True), 1)
    rows.append(
        (
            f"{RVR[0]} vs {RVR[1]} preflop exact ({r_rx.games:,} games)",
            f"{t_rx:.2f} s",
            "-",
            "-",
        )
    )

    print_rows(("question", "croupier", "peer", "ratio (peer time / croupier time)"), rows)


if __name__ == "__main__":
    main()
