"""Issue 14's rough edges: counts, signs, money, intervals, seeds, labels, help."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from croupier.baccarat.simulate import auto_workers
from croupier.numerals import FRESH_SEED_BOUND
from croupier.parallel import available_cpus

from .helpers import croupier, printed_seed

DEGENERATE = "0,0,0,0,0,0,0,0,0,400"  # only nines: every round a natural tie


def test_no_negative_zero_on_a_degenerate_shoe() -> None:
    out = croupier("baccarat", "odds", "--counts", DEGENERATE).stdout
    assert not re.search(r"-0\.0+\b(?!\d)", out), out
    assert "+0.0000" not in out and "-0.0000%" not in out


def test_counts_are_written_with_one_pluraliser_and_thousands_separators() -> None:
    counts = ",".join(["4000000000"] * 9 + ["16000000000"])
    assert (
        "odds for 52,000,000,000 cards" in croupier("baccarat", "odds", "--counts", counts).stdout
    )
    run = croupier("baccarat", "simulate", "--shoes", "1", "--decks", "1", "--seed", "1")
    assert "Simulated 1 shoe of 1 deck:" in run.stdout
    arena = croupier("casino", "arena", "--a", "greedy", "--b", "random", "--tournaments", "1")
    assert ", 1 tournament," in arena.stdout


def test_intervals_are_written_in_brackets() -> None:
    run = croupier("baccarat", "simulate", "--shoes", "50", "--seed", "2")
    assert re.search(r"\[0\.\d{6}, 0\.\d{6}\]", run.stdout)
    assert re.search(r"\[-0\.\d{5}, -0\.\d{5}\]", run.stdout)
    assert " - " not in run.stdout


def test_fresh_seeds_are_printed_in_one_form() -> None:
    run = croupier("baccarat", "simulate", "--shoes", "5")
    seed = printed_seed(run.stdout)
    assert 0 <= seed < FRESH_SEED_BOUND
    again = croupier("baccarat", "simulate", "--shoes", "5", "--seed", str(seed))
    assert again.stdout == run.stdout
    arena = croupier("casino", "arena", "--a", "random", "--b", "random", "--tournaments", "2")
    seed = printed_seed(arena.stdout)
    assert 0 <= seed < FRESH_SEED_BOUND


@pytest.mark.skipif(available_cpus() != 2, reason="the break-even is worked out for 2 CPUs")
def test_simulate_uses_workers_only_past_the_break_even() -> None:
    assert auto_workers(50_000) == 1
    assert auto_workers(90_000) == 1
    assert auto_workers(120_000) == 2


def test_tables_have_no_trailing_spaces() -> None:
    for args in (
        ("baccarat", "eor", "--decks", "1"),
        ("casino", "arena", "--a", "greedy", "--b", "random", "--tournaments", "2"),
    ):
        lines = croupier(*args).stdout.splitlines()
        assert [line for line in lines if line != line.rstrip()] == [], args


def test_the_pair_chance_says_it_is_for_one_side() -> None:
    out = " ".join(croupier("baccarat", "odds").stdout.split())
    assert "Chance of a pair on one side" in out


def test_money_is_printed_one_way_in_a_session() -> None:
    run = croupier("baccarat", "play", "--payouts", "casino", "--seed", "3", input="b\nc\nb\nq\n")
    amounts = re.findall(r"\$[\d,]+(?:\.\d+)?", run.stdout)
    assert amounts and all(re.fullmatch(r"\$[\d,]+\.\d\d", amount) for amount in amounts)


# --- issue 27: a new user's rough edges ---------------------------------------------------


def test_the_root_help_lists_version() -> None:
    run = croupier("--help")
    assert "--version" in run.stdout and "Show croupier's version" in run.stdout
    assert croupier("--version").stdout.startswith("croupier ")


def test_no_course_jargon_where_a_player_reads() -> None:
    """The lobby, the help and the payout line said "COMP 104 lab"; the reference keeps it."""
    places = [
        croupier(input="q\n").stdout,  # the lobby
        croupier("baccarat", "--help").stdout,
        croupier("baccarat", "play", "--help").stdout,
        croupier("baccarat", "play", "--seed", "1", input="").stdout,  # the payout line
    ]
    helps = [["poker"], ["poker", "compare"], ["poker", "equity"], ["casino", "hint"],
             ["casino", "show"], ["casino", "moves"]]  # fmt: skip
    places += [croupier(*words, "--help").stdout for words in helps]
    for text in places:
        assert "COMP" not in text and "the course" not in text, text
        assert "course's" not in text, text  # which course? (the reference says)
    assert "Payouts: lab (banker and player pay 1:1, tie 5:1" in places[3]


def test_the_odds_title_says_which_shoe() -> None:
    """It said "Baccarat odds for 308 cards"."""
    run = croupier("baccarat", "odds", "--decks", "6", "--remove", "5 5 9 K")
    assert run.stdout.startswith("Baccarat odds for 6 decks less 5 5 9 K (308 cards)")


@pytest.mark.parametrize(("rank", "said"), [("A", "an A"), ("8", "an 8"), ("K", "a K")])
def test_a_card_that_cannot_be_removed_is_named_with_its_article(rank: str, said: str) -> None:
    """It said "cannot remove a A"."""
    run = croupier("baccarat", "odds", "--decks", "1", "--remove", " ".join([rank] * 5))
    assert f"cannot remove {said}: none left" in run.stderr


def test_one_range_is_one_range() -> None:
    """It said "1 ranges given for 1 players"."""
    run = croupier("poker", "calc", "AA")
    assert "1 range given for 1 player: expected 2 to 10" in run.stderr


def test_ranges_that_can_never_be_dealt_together_say_so() -> None:
    """Five players holding aces need ten aces: it said they "almost never fit"."""
    run = croupier("poker", "calc", "AA", "AA", "AA", "AA", "AA")
    assert run.exit_code == 2
    assert "the 5 ranges cannot be dealt together" in run.stderr
    assert croupier("poker", "calc", "AA", "AA", "--trials", "500").exit_code == 0


def test_a_hand_s_category_is_not_repeated_in_its_description() -> None:
    """It said "two pair: ... (two pair, aces and kings)"."""
    run = croupier("poker", "compare", "-", input="As Ah Ks Kh 2c ; Td Jd Qd Kd Ad\n")
    assert "two pair: A♠ A♥ K♠ K♥ 2♣ (aces and kings)" in run.stdout
    assert "straight flush: A♦ K♦ Q♦ J♦ 10♦ (royal flush)" in run.stdout
    assert "(two pair," not in run.stdout


def test_a_count_of_one_is_singular_in_the_commands_added_since(tmp_path: Path) -> None:
    """'1 cards from a shoe of 1 decks', 'a board of 1 cards', '1 cards burned', 'only 1
    cards are not named', 'over 1 rounds', and a review of no move 'nan per round'."""
    from croupier.baccarat.advantage import ShoeProcedure
    from croupier.poker import parse_equity_hands
    from croupier.poker.calc import EquityQuestion
    from croupier.poker.errors import PokerError
    from croupier.poker.hits.classifier import hits

    trainer = croupier("baccarat", "trainer", "--cards", "1", "--every", "1", "--decks", "1",
                       "--speed", "0", "--seed", "1", "--history-dir", str(tmp_path))  # fmt: skip
    assert "1 card from a shoe of 1 deck, a question every 1." in trainer.stdout
    wide = croupier("baccarat", "trainer", "--cards", "1", "--every", "2")
    assert "more than the 1 card dealt" in wide.stderr
    assert ShoeProcedure(burn=1).describe().endswith(", 1 card burned")
    with pytest.raises(PokerError, match="a board of 1 card: expected 3, 4 or 5 cards"):
        hits("AA", board="2c")
    with pytest.raises(PokerError, match="board: 1 card: expected 0, 3, 4 or 5"):
        EquityQuestion.parse(["AA", "KK"], board="2c")
    deck = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    pairs = [f"{deck[i]} {deck[i + 1]} ?0 ?1 ?2 ?3 ?4" for i in range(0, 48, 2)]
    with pytest.raises(PokerError, match="5 unknown cards to deal but only 4 cards are not"):
        parse_equity_hands("\n".join(pairs))
    three = f"{deck[48]} {deck[49]} {deck[50]} ?0 ?1 ?2 ?3"
    with pytest.raises(PokerError, match="5 unknown cards to deal but only 1 card is not named"):
        parse_equity_hands("\n".join([*pairs, three]))


def test_a_review_of_a_game_without_a_move_of_the_player_says_so(tmp_path: Path) -> None:
    from croupier.casino import Player, new_tournament
    from croupier.casino.gamelog import GameLog, write_game_file

    state = new_tournament(Player.HUMAN, rng=1)
    path = tmp_path / "start.txt"
    write_game_file(state, GameLog(), path)
    run = croupier("casino", "review", str(path))
    assert run.exit_code == 0, run.stderr
    assert "nan" not in run.stdout
    assert "Points lost: none: no move of yours to review" in run.stdout


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_the_bankroll_chart_of_one_round_says_one_round() -> None:
    from croupier.baccarat.bankroll_plot import bankroll_figure

    figure = bankroll_figure([100_000, 110_000])
    assert figure.axes[0].get_title() == "Bankroll over 1 round: $1,000.00 to $1,100.00"
