"""``croupier baccarat play`` at a casino table: one table's rules, bets before any card,
side bets alone, table limits, the scoreboard, the seed and the bankroll's course."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..helpers import Run, assert_one_line_error, croupier
from .test_play import BANKER_NATURAL, PLAYER_NATURAL, TIE_ROUND, WriteShoe, play, shoe

__all__ = ["shoe"]  # the fixture, shared with test_play


def test_a_casino_table_takes_the_bets_before_any_card(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--payouts", "casino")
    assert "1st card" not in run.stdout
    assert "Place your bets ('b', 'p' or 't' with a stake" in run.stdout
    assert run.stdout.index("Place your bets") < run.stdout.index("Player cards")
    assert "Good bet! $95.00 is added to your account!" in run.stdout


def test_the_lab_still_shows_the_first_cards_first(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n")
    assert run.stdout.index("Player 1st card: 2♥") < run.stdout.index("Make your bet")
    assert "Big road" not in run.stdout and "Limits" not in run.stdout


def test_a_side_bet_alone_at_a_casino_table(shoe: WriteShoe) -> None:
    run = play(shoe("4h 4c 9s Kc"), "pp 10\nq\n", "--payouts", "casino")
    assert "Player Pair 11:1: won $110.00." in run.stdout
    assert "Good bet!" not in run.stdout
    assert "You leave the table with $1,110.00." in run.stdout
    assert "1 round: 1 win, 0 losses, 0 pushes" in run.stdout


def test_the_lab_wants_a_bet_on_who_wins(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "pp 10\nb\nq\n")
    assert "Wrong bet! bad bet 'pp'" in run.stdout


def test_a_bet_over_the_table_maximum_is_refused(shoe: WriteShoe) -> None:
    answers = "b 600\npp 0.50\nb 500\nq\n"
    run = play(shoe(BANKER_NATURAL), answers, "--payouts", "casino", "--max-bet", "500")
    assert (
        "Wrong bet! the Banker bet of $600 is over the table maximum of $500 a spot. "
        "Input bet again!" in run.stdout
    )
    assert "the Player Pair 11:1 bet of $0.50 is under the table minimum of $1 a spot" in (
        run.stdout
    )
    assert "Good bet! $475.00 is added to your account!" in run.stdout
    assert "Limits: $1.00 to $500.00 a spot." in run.stdout


def test_a_bet_over_the_bankroll_is_refused(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b 900 pp 200\nb 900\nq\n", "--payouts", "ez")
    assert "Wrong bet! bets of $1,100 are more than your $1,000" in run.stdout
    assert "Good bet! $900 is added to your account!" in run.stdout


def test_a_four_percent_table_with_a_tie_at_9_to_1(shoe: WriteShoe) -> None:
    options = ("--payouts", "casino", "--commission", "4", "--tie-pays", "9")
    run = play(shoe(BANKER_NATURAL, TIE_ROUND), "b\nc\nt\nq\n", *options)
    assert "Payouts: casino 4%, tie 9:1 (punto banco: banker 0.96:1 (4% commission)" in run.stdout
    assert "Good bet! $96.00 is added to your account!" in run.stdout
    assert "Good bet! $900.00 is added to your account!" in run.stdout


def test_no_commission_is_the_ez_table(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--payouts", "casino", "--commission", "none")
    assert "Payouts: ez (EZ Baccarat" in run.stdout
    assert "Side bets: pp, bp, d7, p8" in run.stdout
    assert "Good bet! $100 is added to your account!" in run.stdout


def test_a_super_6_table_pays_half_on_a_banker_6(shoe: WriteShoe) -> None:
    banker_6 = "Kh 2d Qs 6c 3h"  # player 2 draws a 3, banker 6 stands: 5 to 6
    options = ("--payouts", "casino", "--commission", "Super 6")
    run = play(shoe(banker_6, BANKER_NATURAL), "b\nc\nb\nq\n", *options)
    assert "Payouts: super 6 (Super 6: banker 1:1 but 1:2 on a banker win with 6" in run.stdout
    assert "Side bets: pp, bp, dbp, dbb" in run.stdout
    assert "Good bet! $50.00 is added to your account!" in run.stdout  # the 6: half
    assert "Good bet! $100.00 is added to your account!" in run.stdout  # the 9: all


def test_only_the_side_bets_on_offer(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "pp 5 b\nb dbb 5\nq\n", "--payouts", "casino",
               "--side-bets", "dbb")  # fmt: skip
    assert "Wrong bet! bad bet 'pp'" in run.stdout and "side bets dbb" in run.stdout
    assert "Dragon Bonus Banker: won $5.00." in run.stdout  # a natural win pays 1:1
    run = play(shoe(BANKER_NATURAL), "b pp 5\nb\nq\n", "--payouts", "ez", "--side-bets", "none")
    assert "Side bets" not in run.stdout.splitlines()[1]


@pytest.mark.parametrize(
    ("options", "fragments"),
    [
        (["--commission", "4"], ["the lab's rules are fixed"]),
        (["--payouts", "casino", "--commission", "3"], ["bad commission '3'"]),
        (["--payouts", "casino", "--tie-pays", "7"], ["bad --tie-pays '7'", "8 to 9"]),
        (["--payouts", "ez", "--side-bets", "dbp"], ["bad side bet 'dbp'", "pp, bp, d7, p8"]),
        (["--payouts", "casino", "--side-bets", ""], ["bad side bets ''", "all or none"]),
        (["--payouts", "ez", "--side-bets", " "], ["bad side bets ' '", "pp, bp, d7, p8"]),
        (["--payouts", "casino", "--min-bet", "50", "--max-bet", "20"], ["bad table limits"]),
        (["--payouts", "casino", "--max-bet", "50"], ["the stake $100 is outside the table"]),
        (["--roads", "sometimes"], ["bad --roads 'sometimes'"]),
    ],
)
def test_bad_table_rules_exit_2_with_one_line(options: list[str], fragments: list[str]) -> None:
    run = croupier("baccarat", "play", *options, input="b\nq\n")
    assert_one_line_error(run, *fragments)
    assert run.stdout == ""


def test_the_seed_drawn_is_printed_at_the_start_and_in_the_summary() -> None:
    run = croupier("baccarat", "play", input="b\nq\n")
    seeds = re.findall(r"Seed (\d+): replay this shoe with --seed \1\.", run.stdout)
    assert len(seeds) == 2 and seeds[0] == seeds[1]
    assert run.stdout.startswith(f"Seed {seeds[0]}:")
    again = croupier("baccarat", "play", "--seed", seeds[0], input="b\nq\n")
    assert again.stdout == run.stdout


def test_a_shoe_file_has_no_seed(shoe: WriteShoe) -> None:
    assert "Seed" not in play(shoe(BANKER_NATURAL), "b\nq\n").stdout


def scoreboard_of(run: Run) -> list[str]:
    lines = run.stdout.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith("Big road"))
    return lines[start : start + 11]


def test_the_scoreboard_after_each_round_at_a_casino_table(shoe: WriteShoe) -> None:
    rounds = (BANKER_NATURAL, BANKER_NATURAL, PLAYER_NATURAL, TIE_ROUND, PLAYER_NATURAL)
    run = play(shoe(*rounds), "b\nc\n" * 4 + "b\nq\n", "--payouts", "casino")
    assert run.stdout.count("Big road") == 5
    board = scoreboard_of(run)
    assert board[0].split(" │ ") == [
        "Big road".ljust(len(board[0].split(" │ ")[0])),
        *(name.ljust(len(board[0].split(" │ ")[1])) for name in ("Big Eye Boy", "Small Road")),
        "Cockroach Pig",
    ]
    big_road = [line.split(" │ ")[0].split() for line in board[1:7]]
    assert big_road[0][:2] == ["B", "P/"] and big_road[1][:2] == ["B", "P"]
    assert board[1].startswith("B  P/ ·  ")
    big_eye_boy = board[1].split(" │ ")[1]
    assert big_eye_boy.startswith("r")  # P(1,1) has B(0,1) beside it
    assert board[7].startswith("Ask road (big eye boy, small road, cockroach pig): if banker ")
    assert board[8] == (
        "Next in the big road: banker in a new column (column 3, row 1) · player below the "
        "last mark (column 2, row 3)"
    )
    assert board[9] == (
        "Shoe: 5 rounds · banker 2 (40.0%) · player 2 (40.0%) · tie 1 (20.0%) · pairs: player 1, "
        "banker 0 · naturals 4"
    )
    # the tie between the last two player wins breaks no streak
    assert board[10] == "Streaks: longest banker 2, player 2 · now player 2"


def test_the_roads_on_request_in_the_lab(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--roads", "on")
    assert "Big road" in run.stdout
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--payouts", "casino", "--roads", "off")
    assert "Big road" not in run.stdout


def test_the_summary_draws_the_bankroll(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL, PLAYER_NATURAL), "b\nc\nb\nq\n")
    line = next(x for x in run.stdout.splitlines() if x.startswith("  Bankroll:"))
    assert line == "  Bankroll: $1,000 ▁█▁ $1,000 (low $1,000, high $1,100)"


def test_the_bankroll_chart_is_saved_with_plot(shoe: WriteShoe, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "bankroll.png"
    run = play(shoe(BANKER_NATURAL, PLAYER_NATURAL), "b\nc\nb\nq\n", "--plot", str(path))
    assert f"The bankroll chart is in {path}." in run.stdout
    assert path.read_bytes().startswith(b"\x89PNG")
