"""Dealing, the coin toss, decks and deck files, rounds and the end of the tournament."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from croupier.cards import DECK
from croupier.casino import (
    CasinoError,
    Coin,
    SaveFileError,
    deal_round,
    format_save,
    is_tournament_over,
    new_tournament,
    next_round,
    parse_save,
    read_deck_file,
    shuffled_deck,
    toss_coin,
    toss_winner,
    tournament_winner,
)
from croupier.casino.tournament import check_deck, parse_deck

from .helpers import COMPUTER, HUMAN, cards, position


def test_a_round_deals_four_to_the_human_four_to_the_computer_four_to_the_table() -> None:
    state = deal_round(DECK, COMPUTER, round_number=3, scores=(5, 9))
    assert state.hand(HUMAN) == DECK[:4] and state.hand(COMPUTER) == DECK[4:8]
    assert state.loose == DECK[8:12] and state.deck == DECK[12:]
    assert state.next_player is COMPUTER and state.last_capturer is None
    assert (state.round_number, state.scores) == (3, (5, 9))
    assert state.piles == ((), ()) and state.builds == ()


def test_a_deal_needs_the_whole_deck() -> None:
    with pytest.raises(CasinoError, match="51 cards, a deck is all 52 cards: missing SA"):
        deal_round(DECK[:51], HUMAN)
    with pytest.raises(CasinoError, match="C2 at position 52 is there twice"):
        check_deck((*DECK[:51], DECK[0]))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"round_number": 0}, "bad round 0: expected 1 to 1,000,000"),
        ({"round_number": 10**6 + 1}, "bad round 1000001: expected 1 to 1,000,000"),
        ({"scores": (-1, 30)}, "bad score -1: expected 0 to 1,000,000"),
        ({"scores": (0, 10**30)}, f"bad score {10**30}: expected 0 to 1,000,000"),
    ],
)
def test_a_deal_checks_the_round_and_scores_as_a_save_does(
    options: dict[str, Any], message: str
) -> None:
    # They were dealt, and then format_save refused the position: the game not saved.
    with pytest.raises(CasinoError, match="^bad position: " + message):
        deal_round(DECK, HUMAN, **options)
    last = deal_round(DECK, HUMAN, round_number=10**6, scores=(10**6, 0))
    assert parse_save(format_save(last)) == last


def test_seeded_decks_repeat() -> None:
    assert shuffled_deck(11) == shuffled_deck(11) != shuffled_deck(12)
    assert sorted(shuffled_deck(11)) == sorted(DECK)
    assert shuffled_deck(rng=np.random.default_rng(4)) == shuffled_deck(4)
    assert new_tournament(HUMAN, rng=3) == deal_round(shuffled_deck(3), HUMAN)
    assert new_tournament(COMPUTER, deck=DECK).hand(HUMAN) == DECK[:4]


def test_the_coin_toss() -> None:
    assert toss_winner(Coin.HEADS, Coin.HEADS) is HUMAN
    assert toss_winner(Coin.TAILS, Coin.HEADS) is COMPUTER
    assert [Coin.parse(t) for t in ("H", " tails ", "heads", "t")] == [
        Coin.HEADS,
        Coin.TAILS,
        Coin.HEADS,
        Coin.TAILS,
    ]
    with pytest.raises(CasinoError, match="bad call 'edge': expected heads or tails"):
        Coin.parse("edge")
    tosses = {toss_coin(np.random.default_rng(seed)) for seed in range(20)}
    assert tosses == {Coin.HEADS, Coin.TAILS}


def test_the_next_round_carries_the_scores_and_starts_with_the_last_capturer() -> None:
    # The human's pile DX S2 SA scores 2 + 1 + 1; the computer's 49 cards: most cards,
    # most spades and three aces.
    state = position("", "", "", human_pile="DX S2 SA", last=COMPUTER, scores=(4, 10))
    assert state.is_round_over and state.score().points == (4, 3 + 1 + 3)
    assert state.totals() == (8, 17) and not is_tournament_over(state)
    following = next_round(state, DECK)
    assert following.round_number == 2 and following.scores == (8, 17)
    assert following.next_player is COMPUTER and following.hand(HUMAN) == DECK[:4]
    expected = deal_round(shuffled_deck(8), COMPUTER, round_number=2, scores=(8, 17))
    assert next_round(state, rng=8) == expected


def test_the_tournament_ends_when_a_player_reaches_21() -> None:
    state = position("", "", "", human_pile="DX S2 SA", last=COMPUTER, scores=(17, 10))
    assert state.totals() == (21, 17) and is_tournament_over(state)
    assert tournament_winner(state) is HUMAN
    with pytest.raises(CasinoError, match="the tournament is over"):
        next_round(state, DECK)
    higher = dataclasses.replace(state, scores=(17, 15))  # both pass 21: the higher wins
    assert higher.totals() == (21, 22) and tournament_winner(higher) is COMPUTER
    close = dataclasses.replace(state, scores=(18, 14))
    assert close.totals() == (22, 21) and tournament_winner(close) is HUMAN
    level = dataclasses.replace(state, scores=(18, 15))
    assert level.totals() == (22, 22) and tournament_winner(level) is None


def test_no_winner_and_no_next_round_before_the_end() -> None:
    state = position("S9", "D2", "HK")
    with pytest.raises(CasinoError, match="round 1 is not over"):
        next_round(state, DECK)
    with pytest.raises(CasinoError, match="not over: no winner yet"):
        tournament_winner(state)


def test_deck_files(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    order = shuffled_deck(5)
    lines = [" ".join(c.casino for c in order[i : i + 13]) for i in range(0, 52, 13)]
    path.write_text("# a stacked deck, top first\n" + "\n".join(lines) + "  # the end\n")
    assert read_deck_file(path) == order
    assert parse_deck(" ".join(str(c) for c in order)) == order  # any notation


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("SA HA\nSA", "deck.txt, card 1 of line 2: 'SA' repeats card 1 of line 1"),
        ("SA H1", "deck.txt, card 2 of line 1: bad card 'H1'"),
        ("SA HA", "deck.txt: 2 cards, a deck file lists all 52 cards: missing"),
    ],
)
def test_bad_deck_files_name_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(text)
    with pytest.raises(SaveFileError) as caught:
        read_deck_file(path)
    assert message in str(caught.value).replace(str(tmp_path) + "/", "")


def test_a_deck_file_must_be_text(tmp_path: Path) -> None:
    path = tmp_path / "deck.bin"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="not UTF-8 text"):
        read_deck_file(path)


def test_cards_helper_reads_casino_notation() -> None:
    assert cards("DX SA") == (DECK[33], DECK[51])
