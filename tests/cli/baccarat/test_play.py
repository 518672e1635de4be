"""``croupier baccarat play`` driven end to end with stacked shoes and scripted input."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ..helpers import Run, assert_one_line_error, croupier

#: The ``shoe`` fixture: writes rounds of cards to a shoe file and returns its path.
WriteShoe = Callable[..., str]

BANKER_NATURAL = "2h 3d 9s Kc"  # player 5, banker natural 9
PLAYER_NATURAL = "9h Kc 2d 5s"  # player natural 9, banker 7
TIE_ROUND = "3h 3d Ac 2d 3s"  # player stands on 6, banker 3 draws a 3: 6-6
THIRD_CARDS = "4h Ad Ac 3d Jh"  # player 5 draws J, banker 4 stands on a 0: 5-4


@pytest.fixture
def shoe(tmp_path: Path) -> WriteShoe:
    def write(*rounds: str) -> str:
        path = tmp_path / "shoe.txt"
        path.write_text("\n".join(rounds) + "\n", encoding="utf-8")
        return str(path)

    return write


def play(shoe_file: str, answers: str, *options: str) -> Run:
    return croupier("baccarat", "play", "--shoe-file", shoe_file, *options, input=answers)


def test_a_banker_natural_won(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n")
    assert run.exit_code == 0
    out = run.stdout
    assert "Baccarat Gambling Game" in out
    assert "User's money: $1,000" in out
    assert "Player 1st card: 2♥, banker 1st card: 9♠" in out
    assert "add a stake to change it, e.g. 'b 200') : b" in out
    assert "Player cards :   2♥ 3♦ (two-card total: 5)" in out
    assert "Banker cards :   9♠ K♣ (two-card total: 9)" in out
    assert "A natural 9: nobody draws." in out
    assert "Player total: 5, banker total: 9" in out
    assert "Banker wins!" in out
    assert "Good bet! $100 is added to your account!" in out
    assert "Continue? (Press 'c' to continue; anything else leaves the table) : q" in out
    assert out.rstrip().endswith("You leave the table with $1,100.")
    assert "\x1b[" not in out  # plain text when piped


def test_a_tie_bet_won_pays_500(shoe: WriteShoe) -> None:
    run = play(shoe(TIE_ROUND), "t\nq\n")
    assert "Player stands." in run.stdout
    assert "Banker hits. Banker 3rd card: 3♠" in run.stdout
    assert "Player total: 6, banker total: 6" in run.stdout
    assert "Tie!" in run.stdout
    assert "Good bet! $500 is added to your account!" in run.stdout
    assert "You leave the table with $1,500." in run.stdout


def test_lab_payouts_lose_a_banker_bet_on_a_tie(shoe: WriteShoe) -> None:
    run = play(shoe(TIE_ROUND), "b\nq\n")
    assert "Bad bet! $100 is deducted from your account!" in run.stdout
    assert "You leave the table with $900." in run.stdout


def test_an_illegal_bet_is_rejected_and_asked_again(shoe: WriteShoe) -> None:
    run = play(shoe(PLAYER_NATURAL), "q\n\nbanker please\nP\nq\n")
    assert run.stdout.count("Wrong bet!") == 3 and "Input bet again!" in run.stdout
    assert run.stdout.count("Make your bet on who wins") == 4
    assert "Player wins!" in run.stdout
    assert "You leave the table with $1,100." in run.stdout


def test_third_cards_are_announced(shoe: WriteShoe) -> None:
    run = play(shoe(THIRD_CARDS), "p\nq\n")
    assert "Player hits. Player 3rd card: J♥" in run.stdout
    assert "Banker stands." in run.stdout
    assert "Player total: 5, banker total: 4" in run.stdout
    assert "Player wins!" in run.stdout


def test_casino_payouts_push_on_a_tie(shoe: WriteShoe) -> None:
    run = play(shoe(TIE_ROUND), "p\nq\n", "--payouts", "casino")
    assert "Push! Your $100.00 bet is returned." in run.stdout
    assert "You leave the table with $1,000.00." in run.stdout


def test_casino_commission_in_cents(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--payouts", "casino")
    assert "Good bet! $95.00 is added to your account!" in run.stdout
    assert "You leave the table with $1,095.00." in run.stdout
    run = play(shoe(BANKER_NATURAL), "b\nq\n", "--payouts", "casino", "--stake", "10.50")
    assert "Good bet! $9.97 is added to your account!" in run.stdout
    assert "You leave the table with $1,009.97." in run.stdout


def test_casino_tie_pays_8_to_1(shoe: WriteShoe) -> None:
    run = play(shoe(TIE_ROUND), "t\nq\n", "--payouts", "casino")
    assert "Good bet! $800.00 is added to your account!" in run.stdout


def test_going_broke_ends_the_game(shoe: WriteShoe) -> None:
    run = play(shoe(PLAYER_NATURAL, PLAYER_NATURAL), "b\nc\nb\nc\n", "--bankroll", "200")
    assert run.exit_code == 0
    assert run.stdout.count("Bad bet! $100 is deducted") == 2
    assert "User's money: $0" in run.stdout
    assert "You don't have money! Game over!" in run.stdout
    assert run.stdout.rstrip().endswith("You leave the table with $0.")


def test_a_bankroll_short_of_the_stake_asks_for_a_smaller_bet(shoe: WriteShoe) -> None:
    run = play(shoe(PLAYER_NATURAL, PLAYER_NATURAL), "b\nc\nb\np 50\nq\n", "--bankroll", "150")
    assert "Your $100 stake is more than your $50: name a smaller one, e.g. b 50." in run.stdout
    assert "Wrong bet! bets of $100 are more than your $50" in run.stdout
    assert "Good bet! $50 is added to your account!" in run.stdout
    assert "You leave the table with $100." in run.stdout


def test_a_stake_over_the_bankroll_is_refused_up_front() -> None:
    run = croupier("baccarat", "play", "--stake", "2000", input="b\n")
    assert_one_line_error(run, "the stake $2,000 is more than the bankroll $1,000")
    assert run.stdout == ""


def test_bets_are_sized_per_round_and_side_bets_offered(shoe: WriteShoe) -> None:
    rounds = (BANKER_NATURAL, PLAYER_NATURAL, BANKER_NATURAL)
    answers = "b 200\nc\np\nc\nb 50 pp 10\nq\n"
    run = play(shoe(*rounds), answers, "--payouts", "ez")
    out = run.stdout
    assert "Side bets: pp, bp, d7, p8" in out
    assert "Good bet! $200 is added to your account!" in out
    assert "Good bet! $200 is added to your account!" in out.split("Baccarat Gambling Game")[2]
    assert "Player Pair 11:1: lost $10." in out
    assert "Session summary" in out
    assert "3 rounds: 3 wins, 0 losses, 0 pushes" in out
    assert "Biggest swing in a round: +$200" in out
    assert "Final bankroll: $1,440 (+$440 on the session)" in out


def test_side_bets_the_payouts_lack_are_refused(shoe: WriteShoe) -> None:
    run = play(shoe(BANKER_NATURAL), "d7 5 b\nb\nq\n", "--payouts", "casino")
    assert "Wrong bet! bad bet 'd7'" in run.stdout
    assert "side bets pp, bp" in run.stdout


def test_the_casino_deal_order_reads_a_shoe_file_as_a_real_table_deals(shoe: WriteShoe) -> None:
    # The same four cards: course order gives player 2h 3d; casino order player 2h 9s.
    run = play(shoe("2h 3d 9s Kc 5c 5d"), "b\nq\n", "--deal-order", "casino")
    assert "Player cards :   2♥ 9♠ (two-card total: 1)" in run.stdout
    assert "Banker cards :   3♦ K♣ (two-card total: 3)" in run.stdout


def test_the_deal_order_is_in_the_help() -> None:
    text = " ".join(croupier("baccarat", "play", "--help").stdout.split())
    assert "casino = player, banker, player, banker" in text.replace("│ ", "")


@pytest.mark.parametrize(("answers", "rounds"), [("", 1), ("b\n", 1), ("b\nc\n", 2)])
def test_end_of_input_leaves_cleanly(shoe: WriteShoe, answers: str, rounds: int) -> None:
    run = play(shoe(BANKER_NATURAL, BANKER_NATURAL), answers)
    assert run.exit_code == 0 and run.stderr == ""
    assert run.stdout.count("Baccarat Gambling Game") == rounds
    assert run.stdout.rstrip().splitlines()[-1].startswith("You leave the table with $")


def test_a_shoe_file_that_runs_out_is_an_error_naming_it(shoe: WriteShoe) -> None:
    path = shoe(BANKER_NATURAL)
    run = play(path, "b\nc\n")
    assert_one_line_error(run, path, "ran out of cards in round 2")
    assert "You leave the table with $1,100." in run.stdout


def test_a_bad_token_in_the_shoe_file_is_named(shoe: WriteShoe) -> None:
    path = shoe("2h 3d", "9s Kx")
    run = play(path, "b\n")
    assert_one_line_error(run, path, "card 2 of line 2", "'Kx'")
    assert run.stdout == ""


@pytest.mark.parametrize(
    ("options", "fragments"),
    [
        (["--decks", "0"], ["bad --decks '0'"]),
        (["--decks", "many"], ["--decks", "many"]),
        (["--payouts", "vegas"], ["unknown payout table 'vegas'", "lab, casino"]),
        (["--stake", "ten"], ["bad --stake 'ten'", "expected dollars"]),
        (["--stake", "0"], ["bad --stake '0'", "$0.01 to $1,000,000,000"]),
        (["--bankroll", "-5"], ["bad --bankroll '-5'"]),
        (["--bankroll", "1e400"], ["bad --bankroll '1e400'"]),
        (["--stake", str(10**30)], ["bad --stake '1000000000000000000000000000000'"]),
        (["--decks", str(10**30)], ["bad --decks", "1 to 64"]),
        (["--deal-order", "sideways"], ["bad --deal-order 'sideways'"]),
        (["--shoe-file", "/no/such/shoe.txt"], ["/no/such/shoe.txt", "No such file"]),
        (["--shoe-file", __file__, "--seed", "3"], ["--seed shuffles a new shoe"]),  # was ignored
        (["--frobnicate"], ["No such option: --frobnicate"]),
    ],
)
def test_bad_options_exit_2_with_one_line(options: list[str], fragments: list[str]) -> None:
    run = croupier("baccarat", "play", *options, input="b\nq\n")
    assert_one_line_error(run, *fragments)


def test_the_same_seed_deals_the_same_game() -> None:
    answers = "b\nc\np\nc\nt\nq\n"
    first = croupier("baccarat", "play", "--seed", "11", input=answers)
    assert croupier("baccarat", "play", "--seed", "11", input=answers).stdout == first.stdout
    assert croupier("baccarat", "play", "--seed", "12", input=answers).stdout != first.stdout
    assert first.stdout.count("Baccarat Gambling Game") == 3


def test_the_shoe_is_reshuffled_at_the_cut_card() -> None:
    answers = "p\nc\n" * 14 + "p\nq\n"
    run = croupier(
        "baccarat", "play", "--decks", "1", "--seed", "4", "--bankroll", "100000", input=answers
    )
    assert "The cut card came out: the 1-deck shoe is reshuffled." in run.stdout
    assert run.exit_code == 0


def test_help() -> None:
    run = croupier("baccarat", "play", "--help")
    assert run.exit_code == 0
    for option in ("--bankroll", "--stake", "--decks", "--seed", "--payouts", "--shoe-file"):
        assert option in run.stdout


def test_ez_payouts_push_a_banker_three_card_seven(shoe: WriteShoe) -> None:
    # Player 0 draws a 6 (6); banker 6 draws on a 6 and makes a three-card 7.
    run = play(shoe("Kh Qd 6s Kd 6c Ah"), "b\nq\n", "--payouts", "ez")
    assert "Banker wins!" in run.stdout
    assert (
        "Push! The banker won with a three-card 7 (the EZ rule): your $100 bet is returned."
        in run.stdout
    )
    assert "Payouts: ez (" in run.stdout


def test_ctrl_c_at_a_prompt_leaves_cleanly(
    shoe: WriteShoe, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The session's summary, then exit code 130 (as after Ctrl-C anywhere: the table of
    docs/reference/cli.md, checked with real signals in tests/cli/test_exit_codes.py)."""
    from croupier.cli import console
    from croupier.cli.console import Prompter

    # In-process, the command's quick exit after a signal (os._exit) must not end pytest.
    monkeypatch.setattr(console, "_leave_at_once", sys.exit)

    answers = iter(["b"])

    def ask(self: Prompter, prompt: str) -> str:
        self.console.print(prompt, end="")
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(Prompter, "ask", ask)
    run = play(shoe(BANKER_NATURAL, BANKER_NATURAL), "")
    assert run.exit_code == 130 and run.stderr == ""
    assert "Good bet! $100 is added to your account!" in run.stdout
    assert run.stdout.rstrip().endswith("You leave the table with $1,100.")
